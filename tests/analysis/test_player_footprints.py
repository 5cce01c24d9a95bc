"""Player records in footprints are keyed by player (issue 15, piece 7): two effects on different players'
records commute for the ordering explorer, two on the same player's record do not.

Why: in Dice Throne Missions (seed 002) many effects land on one hero's own record: its health, its status
tokens ("the player with this token takes 1 damage for each poison token during the refresh phase", 002
L341); an effect on one hero and an effect on another are independent, and the explorer should not try both
orders of them.
"""

from __future__ import annotations

import tabletop as tt
from tabletop.core import Ability, Profile
from tabletop.core.footprint import Footprints, attach, detach
from tabletop.core.state import State
from tests.kernel.toybook import creature, game_of


def on_player(name: str, player: int, change):
    """A forced trigger on ``go`` (controlled by player 0) that changes player ``player``'s ``life``."""

    def effect(game, act) -> None:
        st = game.state
        st.update_player(player, life=change(st.players[player].get("life", 10)))

    return creature(name, 0, Ability(name, "triggered", rule="toy.ability", event="go", effect=effect))


def go_game(objects, players: int = 3):
    def go(game):
        game.emit("go", rule="toy.script", player=0)

    return game_of(Profile(), objects, scripts={"go": go}, players=players).apply("go:go")


def test_a_player_record_is_read_and_written_under_its_own_key():
    st = State()
    st.players = [{"life": 3}, {"life": 3}]
    fp = Footprints({1, 2, 3, 4})
    attach(st, fp)
    try:
        fp.current = 1
        st.update_player(0, life=2)  # a read and a write of player 0's record
        fp.current = 2
        assert st.players[-1]["life"] == 3  # player 1, by a negative index
        fp.current = 3
        assert len(st.players) == 2  # how many players there are
        fp.current = 4
        assert [p["life"] for p in st.players] == [2, 3]  # every record (by iterating)
    finally:
        detach(st)
    assert (fp.reads[1], fp.writes[1]) == ({"players:0"}, {"players:0"})
    assert fp.reads[2] == {"players:1"}
    assert fp.reads[3] == {"players:#"}
    assert fp.reads[4] == {"players:*"}
    assert not fp.conflict(1, 2)  # player 0's record and player 1's
    assert not fp.conflict(1, 3)  # a change to a record leaves the number of players alone
    assert fp.conflict(1, 4)  # reading every record reads player 0's


def test_appending_a_player_changes_the_count_and_the_list():
    st = State()
    st.players = [{"life": 3}]
    fp = Footprints({1, 2})
    attach(st, fp)
    try:
        fp.current = 1
        st.players.append({"life": 1})
        fp.current = 2
        assert len(st.players) == 2
    finally:
        detach(st)
    assert fp.writes[1] == {"players:*"}
    assert fp.conflict(1, 2)


def test_effects_on_different_players_are_tried_in_one_order():
    """Three effects, each on another player's record: one run, where every one of the 3! orders was
    tried when a player record was one key of the whole list (each effect wrote ``players:*``)."""
    game = go_game(
        [
            on_player("curse 1", 1, lambda life: life // 2),
            on_player("bless 0", 0, lambda life: life + 1),
            on_player("poison 2", 2, lambda life: life - 3),
        ]
    )
    assert game.decision.kind == "order_triggers"
    reduced = tt.orderings(game)
    brute = tt.orderings(game, method="brute")
    assert reduced.fingerprints == brute.fingerprints
    assert len(reduced.outcomes) == 1 and not reduced.order_dependent
    assert (reduced.runs, reduced.dependent_pairs) == (1, 0)
    assert brute.runs == 6
    lives = [p["life"] for p in reduced.outcomes[0].game.state.players]
    assert lives == [11, 5, 7]


def test_effects_on_the_same_player_are_still_told_apart():
    """Halving player 1's life and adding 1 to it do not commute (10 // 2 + 1 = 6, (10 + 1) // 2 = 5): the
    explorer tries both orders and finds both outcomes; the third effect, on player 0, still commutes with
    both, so 2 runs instead of brute force's 6."""
    game = go_game(
        [
            on_player("curse 1", 1, lambda life: life // 2),
            on_player("bless 0", 0, lambda life: life + 1),
            on_player("bless 1", 1, lambda life: life + 1),
        ]
    )
    reduced = tt.orderings(game)
    brute = tt.orderings(game, method="brute")
    assert reduced.fingerprints == brute.fingerprints
    assert reduced.order_dependent
    assert sorted(o.game.state.players[1]["life"] for o in reduced.outcomes) == [5, 6]
    assert (reduced.runs, reduced.dependent_pairs) == (2, 1)
    assert brute.runs == 6
