"""Forced loops (profile.forced_loop): a position at a decision comes back and every decision since
offered a single option, so no player can change anything (issue 13)."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core import Ability, ForcedLoop, MandatoryLoop, Profile
from tabletop.testing import random_playout

from .toybook import creature, game_of, make

PASS_FOREVER = [{"player": 1, "kind": "action", "option": "end"}, {"player": 0, "kind": "action", "option": "end"}]


def pass_forever(**kw):
    """Two players with nothing to do: the only option of every turn is to end it."""
    return game_of(Profile(**kw.pop("profile", {})), [], **kw)


@pytest.mark.parametrize("tracing", [True, False])
def test_passing_for_ever_ends_the_game_as_a_draw_with_its_cycle(tracing):
    game = pass_forever(tracing=tracing)
    assert game.legal() == ["end"]
    game.apply("end").apply("end")
    assert not game.over  # (the first position is noted only once a single option has been taken)
    game.apply("end")
    assert game.over and game.decision is None and game.legal() == []
    result = game.result
    assert result["reason"] == "forced loop" and result["rule"] == "core.loop"
    assert result["draw"] is True and result["winners"] == []
    assert result["cycle"] == PASS_FOREVER
    json.loads(game.to_json())  # (the result is plain data)
    if tracing:
        assert game.trace[-1]["kind"] == "end" and game.trace[-1]["rule"] == "core.loop"


def test_a_forced_loop_raises_under_error_and_leaves_the_game_as_it_was():
    game = pass_forever(profile={"forced_loop": "error"}).apply("end").apply("end")
    before = (game.fingerprint(), len(game.trace), list(game.history))
    with pytest.raises(ForcedLoop) as info:
        game.apply("end")
    assert isinstance(info.value, MandatoryLoop)
    assert info.value.cycle == PASS_FOREVER
    assert "forced loop of 2 decisions" in str(info.value) and "player 1 action: end" in str(info.value)
    assert (game.fingerprint(), len(game.trace), list(game.history)) == before
    assert game.legal() == ["end"]


def test_a_forced_loop_is_ignored_under_ignore():
    game = pass_forever(profile={"forced_loop": "ignore"})
    for _ in range(40):
        game.apply("end")
    assert not game.over


def test_a_random_playout_of_a_game_without_choices_stops():
    game = random_playout(pass_forever(), random.Random(0), max_steps=1000)
    assert game.over and game.result["reason"] == "forced loop"
    assert len(game.history) == 3


def test_a_loop_broken_by_a_decision_with_several_options_is_no_forced_loop():
    """Player 1 could use an ability each turn (and does not): the position comes back, but a
    player could have changed it, so the game goes on."""
    tap = Ability("tap", "activated", rule="toy.ability", effect=lambda g, act: g.state.set_var("tapped", True))
    game = game_of(Profile(), [creature("H", 1, tap)])
    for _ in range(40):
        assert game.legal() == (["end"] if game.state.turn["player"] == 0 else ["use:H#0", "end"])
        game.apply("end")
    assert not game.over


def test_single_options_that_change_the_position_are_no_loop():
    """Every turn begins by counting up: single options all the way, but no position comes back."""

    def count(game, args):
        game.state.set_var("n", game.state.vars.get("n", 0) + 1)

    game = game_of(Profile(), [], tasks={"toy.begin": count})
    for _ in range(40):
        game.apply("end")
    assert not game.over and game.state.vars["n"] == 41


def test_the_explorers_unchecked_path_sees_forced_loops_too():
    """Game.play (explorers, playouts of their own clones) ends a forced loop as apply does."""
    game = pass_forever(tracing=False)
    for _ in range(3):
        game.play(0)
    assert game.over and game.result["cycle"] == PASS_FOREVER


def test_a_saved_game_remembers_the_positions_of_a_forced_loop():
    """Saved in the middle of a forced loop, a game resumes as the original does: the next pass
    ends both as a draw (to_json keeps the positions noted, load_game brings them back)."""
    from tabletop import load_game

    rb = make(Profile(), [])
    game = rb.new_game(seed=0).apply("end").apply("end")
    loaded = load_game(game.to_json(), rulebook=rb)
    assert game.child("end").over and loaded.child("end").over
    assert loaded.child("end").fingerprint() == game.child("end").fingerprint()
    fresh = rb.new_game(seed=0)
    assert "forced_loop" not in json.loads(fresh.to_json())  # (nothing noted, nothing saved)


def test_loop_errors_survive_pickling():
    """A worker process (tt.simulate) sends its errors back pickled: cycle and message intact."""
    import pickle

    from tabletop.core import LoopStep

    for error in (ForcedLoop(PASS_FOREVER), MandatoryLoop([LoopStep("k.resolve", ("P#0",), ("ping",))])):
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and back.cycle == error.cycle and str(back) == str(error)
