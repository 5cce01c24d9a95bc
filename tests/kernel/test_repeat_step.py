"""Game.repeat_step: the current step of the turn structure runs again, in the same turn."""

from __future__ import annotations

from tabletop.core import Phase

from .toybook import game_of, ping


def test_repeat_step_in_a_one_step_phase_repeats_the_step():
    """A phase whose only step asks for actions again and again: repeat_step keeps the same turn."""
    flow = (Phase("turn", ("toy.act",), each_player=True, rule="toy.turn"),)

    def act_again(game, args):
        choice = args["choice"]["id"]
        if choice != "end":
            game.repeat_step()
            game.emit("ping", rule="toy.script", player=game.state.turn["player"])

    game = game_of(scripts={"ping": ping()}, flow=flow, tasks={"toy.do": act_again})
    turn = game.state.turn["number"]
    assert (game.state.turn["player"], game.decision.kind) == (0, "action")
    game.apply("go:ping")
    assert game.state.turn["number"] == turn and game.state.turn["player"] == 0
    assert game.decision.kind == "action" and game.decision.player == 0
    game.apply("go:ping").apply("end")
    assert game.state.turn["number"] == turn + 1 and game.state.turn["player"] == 1
    flows = [r["summary"] for r in game.trace.records if r["kind"] == "flow"]
    assert sum("turn" in s and "player 0" in s for s in flows) == 1  # player 0's turn began once


def test_repeat_step_of_a_later_step_still_works():
    """The common case (the repeated step is not the first of its phase) is unchanged."""
    game = game_of(scripts={"ping": ping()})
    turn = game.state.turn["number"]
    game.apply("go:ping").apply("go:ping")
    assert game.state.turn["number"] == turn and game.decision.player == 0
    game.apply("end")
    assert game.state.turn["number"] == turn + 1 and game.decision.player == 1


def test_a_repeat_left_for_a_turn_the_cursor_moved_away_from_is_not_applied_to_another_turn():
    """Rule code may move the cursor after repeat_step (e.g. a player eliminated on his own turn): the next
    player's turn then begins properly (new turn number, his own record), not as a 'repeat' of it."""
    flow = (Phase("turn", ("toy.act",), each_player=True, rule="toy.turn"),)

    def act_then_skip(game, args):
        if args["choice"]["id"] != "end":
            game.repeat_step()
            pi, k, _si = game.state.turn["cursor"]
            game.state.set_turn(cursor=[pi, k + 1, 0])  # the rules move on to the next player's turn

    game = game_of(scripts={"ping": ping()}, flow=flow, tasks={"toy.do": act_then_skip})
    turn = game.state.turn["number"]
    game.apply("go:ping")
    assert game.state.turn["player"] == 1 and game.state.turn["number"] == turn + 1
    assert "repeat" not in game.state.turn
    flows = [r["summary"] for r in game.trace.records if r["kind"] == "flow"]
    assert sum("turn" in s and "player 1" in s for s in flows) == 1  # player 1's turn began, with its record
