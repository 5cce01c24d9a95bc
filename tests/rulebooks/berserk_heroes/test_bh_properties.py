"""Property tests over random Berserk: Heroes playouts (tabletop.testing invariants and our own)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.testing import check_invariants, check_views_hide, random_playout

RB = tt.rulebook("berserk_heroes")
SCENARIOS = [s for s in RB.options["scenario"].choices if s]

games = st.fixed_dictionaries(
    {"seed": st.integers(0, 10_000)},
    optional={
        "hero_life": st.integers(1, 8),
        "scenario": st.sampled_from(SCENARIOS),
        "division_rounding": st.sampled_from(["down", "up", "nearest"]),
        "pay_with": st.sampled_from(["temporary_first", "permanent_first"]),
        "temporary_coins_count_for_limit": st.booleans(),
        "temporary_gain_is_gain": st.booleans(),
        "ability_chain_targets": st.sampled_from(["may_fizzle", "required"]),
        "vanguard_cost": st.sampled_from(["current", "printed"]),
        "stalemate": st.sampled_from(["draw", "most_life", "off"]),
        "starting_coins": st.integers(0, 10),
        "hero0": st.sampled_from(["warrior", "mage"]),
    },
)


class Conservation:
    """Objects are conserved: between two steps an object appears only by being created (Create, L49) and
    disappears only when created cards are cleared at the end of the game (L51)."""

    def __init__(self, game):
        self.ids = set(game.state.objects)

    def __call__(self, game):
        objects = game.state.objects
        now = set(objects)
        for new in now - self.ids:
            assert objects[new].get("created"), f"object {new} appeared without being created"
        gone = self.ids - now
        if gone:
            assert game.over, f"objects {sorted(gone)} left the game before it ended"
            assert not any(o.get("created") for o in objects.values()), "a created card survived the clean-up"
        zoned = [oid for content in game.state.zones.values() for oid in content]
        assert len(zoned) == len(set(zoned)) == len(now), "an object is in no zone or in two zones"
        self.ids = now


@settings(max_examples=30, deadline=None)
@given(spec=games, agent_seed=st.integers(0, 1000), stop=st.integers(0, 60))
def test_invariants_mid_game_and_later(spec, agent_seed, stop):
    """No exception; zones, trace, JSON round trip, replay, clone independence, result of a finished game."""
    game = RB.new_game(**spec)
    rng = random.Random(agent_seed)
    conserve = Conservation(game)
    random_playout(game, rng, max_steps=stop, on_step=conserve)
    check_invariants(game)
    random_playout(game, rng, max_steps=120, on_step=conserve)
    check_invariants(game)
    if game.decision is None:
        # core.loop: a forced loop (bh.assume.stalemate off, or a position it does not reach)
        assert game.over and game.result["rule"] in ("bh.assume.win", "bh.assume.stalemate", "core.loop")
        assert set(game.result["winners"]) <= {0, 1}


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), agent_seed=st.integers(0, 1000))
def test_short_games_end_with_a_result(seed, agent_seed):
    """bh.assume.win: with 1-life heroes random play ends the game, and the result names the winner."""
    game = RB.new_game(seed=seed, hero_life=1)
    random_playout(game, random.Random(agent_seed), max_steps=400)
    check_invariants(game)
    if game.over:
        dead = [p for p in (0, 1) if game.state.objects[game.state.zone(f"hero:{p}")[0]]["statuses"].get("dead")]
        assert dead and sorted(set((0, 1)) - set(dead)) == game.result["winners"]


@settings(max_examples=20, deadline=None)
@given(spec=games, agent_seed=st.integers(0, 1000), stop=st.integers(0, 60))
def test_clone_and_child_are_independent(spec, agent_seed, stop):
    """game.child() and play on a clone leave the original's fingerprint unchanged."""
    game = RB.new_game(**spec)
    rng = random.Random(agent_seed)
    random_playout(game, rng, max_steps=stop)
    if game.decision is None:
        return
    fp = game.fingerprint()
    for choice in game.legal()[:4]:
        game.child(choice)
        assert game.fingerprint() == fp
    clone = game.clone()
    random_playout(clone, rng, max_steps=10)
    assert game.fingerprint() == fp
    assert tt.load_game(game.to_json()).fingerprint() == fp
    assert game.replay().fingerprint() == fp


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), agent_seed=st.integers(0, 1000), stop=st.integers(0, 40))
def test_hidden_information_never_leaks_into_views(seed, agent_seed, stop):
    """bh.assume.hidden: the opponent sees no card identity of a hand, nobody sees a deck; the board agrees."""
    game = RB.new_game(seed=seed)
    random_playout(game, random.Random(agent_seed), max_steps=stop)
    check_views_hide(game, lambda viewer, zone: zone.startswith("deck:") or zone == f"hand:{1 - viewer}")
    for viewer in (0, 1):
        board = {c["id"]: c for c in RB.board(game, viewer)["cards"]}
        for oid, obj in game.view(viewer)["objects"].items():
            if obj.get("hidden"):  # a hidden card shows nothing but where it is, and lies face down
                assert set(obj) <= {"id", "zone", "owner", "controller", "kind", "hidden"}
                assert board[oid]["face_down"]
            else:
                assert obj["kind"] == "coin" or "card" in obj


def test_object_ids_do_not_depend_on_the_cards_drawn():
    """bh.assume.hidden: deck cards are anonymous until drawn, so the ids in a hand do not reveal the cards:
    two different shuffles give the same ids with different cards."""
    a, b = RB.new_game(seed=1), RB.new_game(seed=2)
    assert a.state.zone("hand:1") == b.state.zone("hand:1")
    cards = [[g.state.objects[o]["card"] for o in g.state.zone("hand:1")] for g in (a, b)]
    assert cards[0] != cards[1]
    assert all(a.state.objects[o]["card"] is None for o in a.state.zone("deck:0"))
