"""Games pickle (``Game.__reduce__``): the copy is the game, state, trace and history, and plays on exactly as
it would; an installed rulebook travels by its id, any other as itself (``Rulebook.__reduce_ex__``). This is
how ``tt.explore(workers=n)`` sends positions to other processes."""

from __future__ import annotations

import pickle
import random

import pytest

import tabletop as tt
from tabletop.testing import random_playout
from tests.analysis.nim import nim


@pytest.mark.parametrize("rulebook_id", tt.rulebooks())
@pytest.mark.parametrize("tracing", [False, True])
def test_a_pickled_game_is_the_game_and_plays_on_alike(rulebook_id, tracing):
    game = tt.rulebook(rulebook_id).new_game(seed=2, tracing=tracing)
    rng = random.Random(2)
    for _ in range(25):
        if game.over:
            break
        game.apply(rng.choice(game.decision.options))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.rulebook is game.rulebook  # (an installed rulebook travels by id)
    assert copy.fingerprint() == game.fingerprint() and copy.to_json() == game.to_json()
    assert len(copy.trace) == len(game.trace) and len(copy.history) == len(game.history)
    left, right = game.clone(), copy
    random_playout(left, random.Random(5), max_steps=400)
    random_playout(right, random.Random(5), max_steps=400)
    assert left.to_json() == right.to_json()


def test_an_installed_rulebook_travels_by_id_and_another_as_itself():
    installed = tt.rulebook("memory")
    assert pickle.loads(pickle.dumps(installed)) is installed
    assert len(pickle.dumps(installed)) < 100  # (its id and the function that loads it, not its rules)
    made_here = nim()  # (a rulebook of the tests, not installed: its module-level functions pickle by name)
    copy = pickle.loads(pickle.dumps(made_here.new_game(pile=5)))
    assert copy.rulebook is not made_here and copy.rulebook.id == "nim"
    assert copy.apply("take2").state.vars["pile"] == 3
