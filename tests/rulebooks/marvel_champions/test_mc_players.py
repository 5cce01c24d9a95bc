"""The first player's decisions for the encounter side (L450-459) and the player order when a player is
eliminated (L515-518, L639-643), from 000_7fc8e0fd1bcbc422.txt."""

import pytest
from mc import E, drive, encounter_deck, known, passive, reopen, sandbox


def test_l456_the_first_player_chooses_the_target_of_an_encounter_card_another_player_revealed():
    # 000_7fc8e0fd1bcbc422.txt L456: "If an encounter card targets a particular player or card and there are
    # several eligible targets, the first player chooses among them."
    game = sandbox(2, chance="manual")
    ally = known(game.table, "patrol_officer", "play:0", 0)
    encounter_deck(game, ["crossfire"] * 4 + ["dampening_field"] * 6)
    reopen(game)

    def answer(d):
        if d.player == "chance":
            return "crossfire" if "crossfire" in d.ids else d.ids[0]
        return passive(d)

    drive(game, answer, lambda g: g.decision.kind == "encounter_target")
    d = game.decision
    assert (d.player, d.rule) == (0, "mc.first_player")  # player 0 holds the first-player token
    heroes = {E.identity(game, 0), E.identity(game, 1)}
    assert set(d.ids) == heroes | {ally}
    game.apply(ally)  # player 0's own ally takes player 0's Crossfire
    drive(game, answer, lambda g: g.decision.kind == "encounter_target")
    d = game.decision
    revealing = [r for r in game.trace.records if r["summary"] == "player 1 reveals Crossfire"]
    assert revealing and d.player == 0  # player 1 revealed this one; player 0 still chooses
    before = game.state.objects[E.identity(game, 1)]["damage"]
    game.apply(E.identity(game, 1))
    assert game.state.objects[E.identity(game, 1)]["damage"] == before + 2
    assert game.state.objects[ally]["zone"] == "discard:0"  # 2 damage defeated the Patrol Officer (2 hit points)


def test_l456_a_single_eligible_target_is_taken_without_a_choice():
    game = sandbox(1, chance="manual")
    encounter_deck(game, ["crossfire"] * 2)
    reopen(game)
    drive(game, lambda d: d.ids[0] if d.player == "chance" else passive(d), lambda g: g.state.turn.get("round") == 2)
    assert not any(r["kind"] == "decision" and r["rule"] == "mc.first_player" for r in game.trace.records)
    assert any("chooses Aegis as the target of Crossfire" in r["summary"] for r in game.trace.records)


@pytest.mark.parametrize(
    ("falls", "why"),
    [(0, "the first player, whose turn is over"), (1, "the active player, on their own turn")],
)
def test_l516_l645_an_elimination_during_the_player_phase_skips_nobody_s_turn(falls, why):
    # 000_7fc8e0fd1bcbc422.txt L645: each player takes a turn in player order; L639-643: an eliminated player's
    # cards leave, the others go on. Three players, player 1's turn: player 1's attack defeats a Marauder Thug,
    # whose When Defeated deals 1 damage to each hero, and that defeats player `falls` (1 hit point left).
    game = sandbox(3)
    st = game.state
    st.update(E.identity(game, falls), damage=10)
    thug = known(game.table, "marauder_thug", "play:engaged:1", None, damage=2)
    st.set_turn(player=1, cursor=[0, 1, 2])  # mid-turn: mc.turn_start done, mc.turn asked
    reopen(game)
    game.apply(f"attack:{E.identity(game, 1)}>{thug}")
    assert st.players[falls].get("out"), why
    if falls != 1:
        assert game.decision.player == 1
        game.apply("end")
    d = game.decision
    assert (d.player, d.kind) == (2, "action")  # player 2 still takes their turn this round
    assert st.turn["phase"] == "player"
