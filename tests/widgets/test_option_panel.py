"""The Lab's option panel (one widget for every option button): a click from the browser applies the move
on the position it was drawn for; anything else it sends changes nothing and never raises."""

import pytest

import tabletop as tt
from tabletop.widgets import Lab

HUGE = "x" * 1_000_000


@pytest.fixture
def lab():
    return Lab(tt.rulebook("memory").scenario("small-board"))


def test_the_panel_lists_the_options_of_the_position_shown(lab):
    panel = lab.options_view
    assert [o["id"] for o in panel.options] == lab.game.legal()
    assert panel.fingerprint == lab.board.fingerprint and panel.at == lab.board.fingerprint[:16]
    assert panel.prompt == lab.board.prompt
    assert [b.option for b in lab.buttons] == lab.game.legal()


def test_a_click_from_the_browser_applies_the_move(lab):
    panel, game = lab.options_view, lab.game
    first = panel.options[0]["id"]
    assert panel.receive({"type": "choose", "id": first, "fingerprint": panel.fingerprint})
    assert game.history[-1]["option"] == first and lab.moves == 1
    assert first not in [o["id"] for o in panel.options]  # the panel now shows the next position


def test_a_click_on_an_older_panel_is_refused(lab):
    panel, game = lab.options_view, lab.game
    old = panel.fingerprint
    lab.buttons[0].click()
    again = panel.options[0]["id"]
    fp = game.fingerprint()
    assert not panel.receive({"type": "choose", "id": again, "fingerprint": old})
    assert game.fingerprint() == fp and "no longer shown" in lab.board.message


@pytest.mark.parametrize(
    "message",
    [
        "abc",
        None,
        {"type": "nope"},
        {"type": "choose"},
        {"type": "choose", "id": 3, "fingerprint": "f"},
        {"type": "choose", "id": "s00", "fingerprint": None},
        {"type": "choose", "id": HUGE, "fingerprint": "f"},
    ],
)
def test_a_malformed_message_changes_nothing_and_says_so_briefly(lab, message):
    fp = lab.game.fingerprint()
    assert lab.options_view.receive(message) is False
    assert lab.game.fingerprint() == fp and lab.options_view.note and len(lab.options_view.note) < 400


def test_state_sent_by_the_browser_is_refused(lab):
    panel = lab.options_view
    options = list(panel.options)
    panel.set_state({"options": [{"id": "x", "label": "x", "tooltip": "x"}], "fingerprint": "forged"})
    assert panel.options == options and panel.fingerprint == lab.board.fingerprint
