"""bench/floor_memory.py, the hand-written floor of the memory game, plays the engine's rules.

bench_playouts.py prints the engine's figures against this model's, which is only fair if both play
one game. The rules are those of 000_7fc8e0fd1bcbc422.txt L1524 as the memory rulebook reads them:
flip two cards (mem.turn), a match is kept (mem.match) and gives another turn (mem.extra_turn; the
house rule, mem.house_rule, passes the turn), a mismatch is turned back and the turn passes
(mem.mismatch), the game ends once every card is taken (mem.assume.end).

Two checks: from one deal, the floor's positions are the engine's (``tt.explore`` counts the distinct
fingerprints first reached after each number of decisions; the floor's breadth-first enumeration must
give the same list), and from one deal and one seed a random game of each makes the same flips and
ends with the same pairs.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import tabletop as tt
from tabletop.games.memory.game import dealt

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None, f"no {name}.py in {BENCH}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


floor = _load("floor_memory")


def engine_distinct(pictures: list[int], **options) -> list[int]:
    graph = tt.explore(dealt(pictures, **options), depth=1_000, limit=100_000, keep_games=False)
    assert not graph.truncated, graph.reason
    return graph.distinct


# (engine options, floor options): the defaults, the house rule, three players, player 1 first
READINGS = [
    ({}, {}),
    ({"extra_turn_on_match": False}, {"extra_turn": False}),
    ({"players": 3}, {"players": 3}),
    ({"first_player": 1}, {"first_player": 1}),
]


@pytest.mark.parametrize("pairs", [2, 3, 4])
@pytest.mark.parametrize(("engine_options", "floor_options"), READINGS)
def test_the_floor_reaches_the_engines_positions_depth_by_depth(pairs, engine_options, floor_options):
    pictures = floor.deal(pairs, random.Random(pairs))
    assert floor.distinct_states(pictures, **floor_options) == engine_distinct(pictures, **engine_options)


def test_the_four_pair_state_space_is_the_known_size():
    """A regression figure for both (if a change made both wrong alike, the test above would pass)."""
    pictures = floor.deal(4, random.Random(4))
    assert sum(floor.distinct_states(pictures)) == sum(engine_distinct(pictures)) == 560


def test_a_floor_with_a_poorer_notion_of_position_is_caught(monkeypatch):
    """The comparison above can fail: a floor that forgets whose turn it is (every position says player
    0 is to move) merges positions the engine tells apart, and the lists differ."""
    successors = floor.successors

    def forgetful(pictures, state, players=2, extra_turn=True):
        for owners, first, _player in successors(pictures, state, players, extra_turn):
            yield owners, first, 0

    pictures = floor.deal(3, random.Random(3))
    monkeypatch.setattr(floor, "successors", forgetful)
    assert floor.distinct_states(pictures) != engine_distinct(pictures)


def engine_game(seed: int, pairs: int, **options) -> tuple[list[int], list[str], dict]:
    """The deal of ``new_game(seed)``, the flips a user's random loop makes with ``Random(seed)``, the result."""
    game = tt.rulebook("memory").new_game(seed=seed, pairs=pairs, tracing=False, **options)
    pictures = [game.obj(f"s{slot:02d}")["picture"] for slot in range(2 * pairs)]
    rng = random.Random(seed)
    flips = []
    while game.decision is not None:
        option = rng.choice(game.decision.options)
        flips.append(option.id)
        game.apply(option)
    assert game.result is not None
    return pictures, flips, game.result["scores"]


@pytest.mark.parametrize(("engine_options", "floor_options"), READINGS)
def test_the_same_choices_play_the_same_game(engine_options, floor_options):
    for seed in range(40):
        pictures, flips, scores = engine_game(seed, 6, **engine_options)
        made: list[int] = []
        kept, decisions = floor.play(pictures, random.Random(seed), flips=made, **floor_options)
        assert [f"s{slot:02d}" for slot in made] == flips, f"seed {seed}"
        assert decisions == len(flips)
        assert {str(p): n for p, n in enumerate(kept)} == scores, f"seed {seed}"


def test_the_floors_own_deal_gives_games_as_long_as_the_engines():
    """Game length over the floor's own shuffle against the engine's (its chance deal): the means of 400
    games of 4 pairs each agree within four standard errors of their difference."""
    games = 400
    engine = [len(engine_game(seed, 4)[1]) for seed in range(games)]
    rng = random.Random(7)
    own = [floor.play(floor.deal(4, rng), rng)[1] for _ in range(games)]
    mean_e, mean_f = sum(engine) / games, sum(own) / games
    var = sum((x - mean_e) ** 2 for x in engine) / (games - 1) + sum((x - mean_f) ** 2 for x in own) / (games - 1)
    assert abs(mean_e - mean_f) < 4 * (var / games) ** 0.5, (mean_e, mean_f)
