"""BoardWidget without a browser: the message a click sends, applied (or refused) in Python."""

import re
import subprocess
import sys

import anywidget
import pytest

import tabletop as tt
from tabletop.render.pictures import inline_pictures
from tabletop.widgets import BoardWidget
from tabletop.widgets._assets import asset


@pytest.fixture
def memory():
    return tt.rulebook("memory").scenario("small-board")


@pytest.fixture
def berserk():
    return tt.rulebook("berserk_heroes").scenario("duel")


def click(w, option, fingerprint=None):
    """What board.js sends when an element with data-option is clicked."""
    fp = w.fingerprint if fingerprint is None else fingerprint
    w._front_end_message(w, {"type": "choose", "id": option, "fingerprint": fp}, [])


def test_traits_describe_the_game(memory):
    w = BoardWidget(memory)
    assert isinstance(w, anywidget.AnyWidget)
    assert w.view == memory.rulebook.board(memory, None)
    assert w.svg.startswith("<svg") and 'data-option="s00"' in w.svg
    assert [o["id"] for o in w.options] == memory.legal()
    assert all(o["label"] and o["on_board"] for o in w.options)
    assert w.fingerprint == memory.fingerprint()
    assert w.moves == 0 and w.message == "" and not w.error
    assert "flip a first card" in w.prompt
    assert w.game is memory


def test_a_legal_click_applies_the_move(memory):
    w = BoardWidget(memory)
    before = memory.fingerprint()
    events = []
    w.on_change(events.append)
    click(w, "s00")
    assert memory.fingerprint() != before and w.fingerprint == memory.fingerprint()
    assert w.moves == 1 and not w.error and "chose flip the card in row 1, column 1" in w.message
    assert [o["id"] for o in w.options] == memory.legal() and "s00" not in memory.legal()
    assert memory.history[-1]["option"] == "s00"
    assert w.view == memory.rulebook.board(memory, None) and w.svg != ""
    assert [(e["type"], e["option"]) for e in events] == [("move", "s00")]
    assert events[0]["game"] is memory and events[0]["owner"] is w


@pytest.mark.parametrize(
    ("option", "fingerprint", "says"),
    [
        ("nope", None, "'nope' is not an option now"),
        ("s00", "stale", "no longer shown"),
    ],
)
def test_an_illegal_or_stale_click_changes_nothing(memory, option, fingerprint, says):
    w = BoardWidget(memory)
    before, hist = memory.fingerprint(), len(memory.history)
    click(w, option, fingerprint)
    assert memory.fingerprint() == before and len(memory.history) == hist
    assert w.moves == 0 and w.error and says in w.message


def test_a_stale_click_after_a_move_is_refused(memory):
    w = BoardWidget(memory)
    old = w.fingerprint
    click(w, "s00", old)
    after = memory.fingerprint()
    click(w, "s01", old)  # sent by a view that had not yet redrawn
    assert memory.fingerprint() == after and w.moves == 1 and "no longer shown" in w.message


def test_malformed_messages_never_raise(memory):
    w = BoardWidget(memory)
    for content in (None, "s00", {"type": "hover"}, {"type": "choose"}, {"type": "choose", "id": ["s00"]}):
        w._front_end_message(w, content, [])
        assert w.error and w.message
    assert memory.fingerprint() == w.fingerprint and w.moves == 0


def test_a_huge_click_gets_a_short_message(memory):
    """The message goes to the browser: it quotes about 100 characters of what was sent, not 10 MB."""
    w = BoardWidget(memory)
    before, text = memory.fingerprint(), memory.to_json()
    huge = "x" * 10_000_000
    for content in ({"type": "choose", "id": huge}, {"type": huge}, [huge]):
        w._front_end_message(w, content, [])
        assert w.error and len(w.message) < 400
    assert (memory.fingerprint(), memory.to_json()) == (before, text) and w.moves == 0


def test_choose_is_the_click_path_and_the_game_over_case():
    game = tt.rulebook("memory").scenario("last-pair")
    w = BoardWidget(game)
    for _ in range(10):  # the last pair: two flips end the game
        if game.over:
            break
        assert w.choose(game.legal()[0]) is True
    assert game.over and w.moves == 2 and w.options == []
    fp = game.fingerprint()
    assert w.choose("s00") is False and "game over" in w.message and game.fingerprint() == fp
    assert re.fullmatch(r"<BoardWidget memory: turn \d+, game over \(.*\), 0 options>", repr(w))


def test_a_seat_only_plays_its_own_decisions(berserk):
    w = BoardWidget(berserk, player=1)
    assert w.options == [] and "waiting for player 0" in w.prompt
    fp = berserk.fingerprint()
    assert w.choose("pass") is False and "player 0's decision" in w.message and berserk.fingerprint() == fp
    mine = BoardWidget(berserk, player=0)
    assert {o["id"] for o in mine.options} == set(berserk.legal())
    assert repr(mine).startswith("<BoardWidget berserk_heroes as player 0: turn 1, player 0 to act, ")


def test_berserk_buttons_for_options_off_the_board(berserk):
    w = BoardWidget(berserk)
    off = [o["id"] for o in w.options if not o["on_board"]]
    assert "pass" in off
    for o in w.options:
        if o["on_board"]:
            assert f'data-option="{o["id"]}"' in w.svg
    assert w.choose("pass") and w.moves == 1 and w.fingerprint == berserk.fingerprint()


def test_show_displays_another_position_and_notifies(memory):
    w = BoardWidget(memory)
    other = memory.child("s03")
    seen = []
    w.on_change(seen.append)
    w.show(other)
    assert w.game is other and w.fingerprint == other.fingerprint()
    assert [e["type"] for e in seen] == ["show"]
    w.on_change(seen.append, remove=True)
    w.choose(other.legal()[0])
    assert len(seen) == 1


def test_repr_is_deterministic(memory):
    a, b = BoardWidget(memory), BoardWidget(memory.clone())
    assert repr(a) == repr(b) == "<BoardWidget memory: turn 1, player 0 to act, 6 options>"
    assert "0x" not in repr(a)
    data, _meta = a._repr_mimebundle_()
    assert data["text/plain"] == repr(a) and "application/vnd.jupyter.widget-view+json" in data
    # where the widget is not live, the output shows the board as a picture (no inline SVG, which
    # untrusted JupyterLab strips); the picture is the board the widget draws
    html = data["text/html"]
    assert "<svg" not in html and 'class="tt-picture tt-board-picture"' in html
    assert a.svg in inline_pictures(html) and html == b._repr_mimebundle_()[0]["text/html"]


def test_browser_files_exist_and_export_render():
    js = asset("board.js")
    assert js.name == "board.js" and asset("board.css").is_file()
    text = js.read_text()
    assert re.search(r"export default \{\s*render\s*\}", text)
    assert "[data-option]" in text and 'type: "choose"' in text and "change:svg" in text
    assert BoardWidget._esm and "export default" in str(BoardWidget._esm)


def test_no_forbidden_method_names():
    from tabletop import widgets

    forbidden = {"_handle_msg", "_handle_custom_msg", "_handle_displayed", "send_state", "open", "comm"}
    for name in widgets.__all__:
        cls = getattr(widgets, name)
        assert not forbidden & set(vars(cls)), name


def test_import_tabletop_does_not_import_the_widgets():
    code = "import sys, tabletop; print('tabletop.widgets' in sys.modules, 'anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_why_not_answers_a_click_on_a_card_that_offers_nothing_with_the_rule_and_its_citation():
    # hs.assume.taunt: while a player has Taunt minions, the enemy must attack one of them
    game = tt.rulebook("hearthstone").scenario("death-chain")
    board = BoardWidget(game)
    golem = game.state.zones["board:1"][0]
    fp = game.fingerprint()
    assert board.receive({"type": "why_not", "about": golem})
    assert board.message.startswith("attack Scrap Golem (") and "has Taunt" in board.message
    assert "[hs.assume.taunt" in board.message and not board.error
    assert game.fingerprint() == fp  # asking changes nothing
    assert not board.receive({"type": "why_not", "about": 7}) and board.error
    assert board.why_not("nope") == "There is no card 'nope' on this board."
    untraced = BoardWidget(tt.rulebook("hearthstone").new_game(seed=1, tracing=False))
    assert "untraced" in untraced.why_not(untraced.game.state.zones["hero:0"][0])


def test_the_header_counts_turns_as_the_rulebook_does():
    # wl.phases (004_445e52d7fb23d2a0.txt L53/L217): one Warlord turn is played by all players, the kernel's
    # round, so the header says "turn 2" once every player has had the turn's orders, not the kernel's number
    from tabletop.render.board import board_svg
    from tabletop.widgets.board import game_status

    rb = tt.rulebook("warlord")
    game = rb.new_game(seed=3)
    assert rb.turn_counter == "round"
    assert game_status(game).startswith("turn 1, ")
    while game.state.turn["turns"] == 1:
        game.apply(game.legal()[-1] if game.decision.kind != "order" else "pass")
    assert game.state.turn["turns"] == 2 and game_status(game).startswith("turn 2, ")
    assert BoardWidget(game).title.endswith(game_status(game))
    assert game.state.turn["number"] == 0  # (the kernel's per-player count stays 0 in Warlord)
    assert "turn 2" in board_svg(rb.board(game.table, None))  # the board's own status line agrees
    assert tt.rulebook("memory").turn_counter == "number"  # the kernel's count of each player's turn
