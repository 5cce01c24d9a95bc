"""The Lab on the boards of issue 16: memory's mismatch shown, then turned back; werewolf's votes."""

import asyncio

import pytest

import tabletop as tt
from tabletop.games.memory.game import dealt

pytest.importorskip("ipywidgets")
from tabletop.widgets import Lab


def test_a_mismatch_stays_face_up_then_the_lab_turns_it_back_after_its_pause():
    """mem.assume.turn_back (L1524): both cards show on the board until the lone option is applied, which
    the Lab does by itself after ``pause`` seconds."""

    async def play() -> tuple:
        lab = Lab(dealt([0, 1, 0, 1], turn_back="player"), pause=0.05)
        lab.choose("s00")
        lab.choose("s01")
        shown = {c["id"]: c["face"] for c in lab.board.view["cards"]}
        waiting = (lab.pending, [b.description for b in lab.buttons], lab.game.decision.kind)
        await asyncio.sleep(0.3)
        return shown, waiting, lab.pending, lab.game.decision.player, lab.game.state.objects["s00"]["face_up"]

    shown, waiting, pending, to_move, up = asyncio.run(play())
    assert shown["s00"] == shown["s01"] == "up"
    assert waiting == ("turn_back", ["turn the two cards back face down"], "acknowledge")
    assert (pending, to_move, up) == (None, 1, False)


def test_the_student_may_turn_them_back_at_once_and_a_stale_pause_does_nothing():
    async def play() -> tuple:
        lab = Lab(dealt([0, 1, 0, 1, 2, 2], turn_back="player"), pause=0.1)
        lab.choose("s00")
        lab.choose("s01")
        lab.buttons[0].click()  # the student does not wait
        lab.choose("s04")  # player 1 flips a first card; the old pause must not act on this position
        await asyncio.sleep(0.3)
        return lab.game.decision.player, lab.game.decision.prompt, lab.board.moves

    assert asyncio.run(play()) == (1, "flip a second card", 4)


def test_without_an_event_loop_advance_applies_the_waiting_option():
    lab = Lab(dealt([0, 1, 0, 1], turn_back="player"))
    lab.choose("s00")
    lab.choose("s01")
    assert lab.pending == "turn_back" and lab.advance() and lab.game.decision.player == 1
    assert lab.pending is None and not lab.advance()
    still = Lab(dealt([0, 1, 0, 1], turn_back="player"), pause=None)
    still.choose("s00")
    still.choose("s01")
    assert still.pending is None and still.game.decision.kind == "acknowledge"


def test_werewolf_votes_are_clicked_on_the_seats_of_the_board_and_decide_the_game():
    """onw.vote (L206) through the Lab: each voter's board offers a vote on every other player's seat; a click
    there (what the browser sends: the element's data-option) is the vote, and the last vote ends the game."""
    import re

    rb = tt.rulebook("one_night_werewolf")
    lab = Lab(rb.scenario("hunter-vote"))
    assert lab.game.decision.kind == "vote"
    for target in (1, 0, 0):  # player 0 votes for 1, 1 for 0, 2 for 0
        voter = lab.game.decision.player
        assert lab.waiting_for == voter and lab.buttons == []  # hot-seat: each sees their own card
        lab.confirm()  # "I am player N"
        clickable = dict(re.findall(r'data-seat="(p\d)" data-option="([^"]+)"', lab.board.svg))
        assert clickable == {f"p{q}": f"vote:{q}" for q in range(lab.game.players) if q != voter}
        assert [b.description for b in lab.buttons] == [f"vote for player {q}" for q in range(3) if q != voter]
        assert lab.board.receive(
            {"type": "choose", "id": clickable[f"p{target}"], "fingerprint": lab.board.fingerprint}
        )
    assert lab.game.result is not None and lab.game.result["dead"] == [0, 1]
    assert "voted for player 1" in lab.log_text


def test_a_werewolf_vote_button_of_the_lab_panel_votes():
    rb = tt.rulebook("one_night_werewolf")
    lab = Lab(rb.scenario("hunter-vote"))
    lab.confirm()  # player 0 takes the device
    lab.buttons[0].click()  # player 0: vote for player 1
    assert lab.game.decision.player == 1 and lab.game.history[-1]["option"] == "vote:1"
