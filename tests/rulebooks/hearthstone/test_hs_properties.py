"""Property tests over random Hearthstone games (tabletop.testing invariants and the game's own)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.games.hearthstone import engine as E
from tabletop.testing import check_invariants, check_tracing_off_matches, check_views_hide, random_playout

RB = tt.rulebook("hearthstone")
SCENARIOS = [s for s in RB.options["scenario"].choices if s]

games = st.fixed_dictionaries(
    {"seed": st.integers(0, 10_000)},
    optional={
        "hero_health": st.integers(1, 30),
        "scenario": st.sampled_from(SCENARIOS),
        "deck0": st.sampled_from(["mage", "paladin"]),
        "deck1": st.sampled_from(["mage", "paladin"]),
        "first": st.sampled_from(["coin", "0", "1"]),
        "mulligan": st.booleans(),
        "defending_hero_strikes_back": st.booleans(),
        "play_onto_full_board": st.booleans(),
        "deaths": st.sampled_from(["death_phase", "at_once"]),
    },
)


class Bounds:
    """After every step: objects only appear by being created (tokens, given cards, The Coin) and never
    disappear; boards hold at most 7 (L26), hands at most 10; mana within 0..10 (L1511); a minion on the
    board is alive once the death phase has run (L27), and health never exceeds its maximum."""

    def __init__(self, game):
        self.ids = set(game.state.objects)

    def __call__(self, game):
        st_ = game.state
        now = set(st_.objects)
        for new in now - self.ids:
            assert st_.objects[new].get("created"), f"object {new} appeared without being created"
        assert self.ids <= now, "an object left the game"
        self.ids = now
        for p in (0, 1):
            assert len(st_.zones[f"board:{p}"]) <= E.BOARD_LIMIT
            assert len(st_.zones[f"hand:{p}"]) <= E.HAND_LIMIT
            pl = st_.players[p]
            assert 0 <= pl["mana"] <= E.MANA_LIMIT and 0 <= pl["crystals"] <= E.MANA_LIMIT
            if game.decision is not None:  # a decision is only open once deaths are processed
                for oid in st_.zones[f"board:{p}"]:
                    obj = st_.objects[oid]
                    assert 0 <= obj["dmg"] < obj["hp"] and not obj["doomed"], (oid, obj)
                    assert obj["aura"] == sum(a for _s, a in E.aura_sources(game.table, oid))
                assert E.health_of(game.table, E.hero(game.table, p)) > 0
                for wid in st_.zones[f"weapon:{p}"]:
                    assert st_.objects[wid]["dur"] > 0


@settings(max_examples=30, deadline=None)
@given(spec=games, agent_seed=st.integers(0, 1000), stop=st.integers(0, 80))
def test_invariants_mid_game_and_later(spec, agent_seed, stop):
    """No exception; zones, trace, JSON round trip, replay, clones, the result of a finished game."""
    game = RB.new_game(**spec)
    rng = random.Random(agent_seed)
    bounds = Bounds(game)
    random_playout(game, rng, max_steps=stop, on_step=bounds)
    check_invariants(game)
    random_playout(game, rng, max_steps=3000, on_step=bounds)
    check_invariants(game)
    assert game.over  # random play always ends (fatigue at the latest)
    assert game.result["rule"] in ("hs.win", "hs.assume.draw_game")
    losers = [p for p in (0, 1) if E.health_of(game.table, E.hero(game.table, p)) <= 0]
    assert losers and sorted(set((0, 1)) - set(losers)) == game.result["winners"]


@settings(max_examples=15, deadline=None)
@given(spec=games, agent_seed=st.integers(0, 1000))
def test_tracing_off_reaches_the_same_positions(spec, agent_seed):
    check_tracing_off_matches(RB, spec, random.Random(agent_seed))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), agent_seed=st.integers(0, 1000), stop=st.integers(0, 60))
def test_hidden_information_never_leaks_into_views(seed, agent_seed, stop):
    """Hands are seen by their owner only and decks by nobody (L38: cards are played from the hand)."""
    game = RB.new_game(seed=seed)
    random_playout(game, random.Random(agent_seed), max_steps=stop)
    check_views_hide(game, lambda viewer, zone: zone.startswith("deck:") or zone == f"hand:{1 - viewer}")
    for viewer in (0, 1):  # the options of the player deciding name his hand's cards: only he sees them
        dec = game.view(viewer)["decision"]
        if dec is not None and game.decision.player != viewer:
            assert "options" not in dec


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_greedy_agent_plays_legal_moves_to_the_end(seed):
    from tabletop.analysis.agents import GreedyAgent, RandomAgent

    game = RB.new_game(seed=seed, hero_health=10)
    agents = [GreedyAgent(seed=seed), RandomAgent(seed=seed)]
    for _ in range(2000):
        if game.decision is None:
            break
        p = game.decision.player
        game.apply(agents[p].choose(game, p))  # an illegal choice would raise IllegalOption
    assert game.over
