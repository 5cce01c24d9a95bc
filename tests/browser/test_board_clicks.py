"""The board's browser half (widgets/board.js) in headless Chromium, on a real Hearthstone board:
select, then target; a click on a target lists what may be done to it; a hand minion asks for its
position on the board (drop markers), a spell for its target; a card that offers nothing asks why not
(issue 16). The page loads board.js as an ES module with a stand-in for the widget model that
records what the view sends; Python's answer to a why-not is checked through BoardWidget.receive."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

import pytest

import tabletop as tt
from tabletop.games.hearthstone import scenarios as S
from tabletop.render.board import board_svg
from tabletop.widgets.board import BoardWidget
from tabletop.widgets.slots import slots

pytestmark = pytest.mark.slow

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head><body><div id="host"></div>
<script type="module">
import view from "./board.js";
const state = {state};
const listeners = {{}};
window.sent = [];
const model = {{
  get: (k) => state[k],
  on: (name, fn) => {{ (listeners[name] ||= []).push(fn); }},
  off: () => {{}},
  send: (msg) => window.sent.push(msg),
}};
view.render({{ model, el: document.getElementById("host") }});
window.ready = true;
</script></body></html>"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A folder served over HTTP (a module script does not load from file://), with board.js in it."""
    root = tmp_path_factory.mktemp("board_clicks")
    (root / "board.js").write_text((WIDGETS / "board.js").read_text(encoding="utf-8"), encoding="utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield root, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _open(browser, served, game, name, player=None):
    widget = BoardWidget(game, player=player, card_text=player is not None)
    keys = ("svg", "options", "slots", "prompt", "message", "error", "fingerprint", "moves", "title")
    pg = _open_state(browser, served, {k: getattr(widget, k) for k in keys}, name)
    pg.game, pg.widget = game, widget
    return pg


def _open_state(browser, served, state, name):
    """A page with board.js drawing the traits ``state`` (a BoardWidget's, or made by hand)."""
    root, url = served
    css = (WIDGETS / "board.css").read_text(encoding="utf-8")
    (root / f"{name}.html").write_text(PAGE.format(css=css, state=json.dumps(state)), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(f"{url}/{name}.html")
    pg.wait_for_function("window.ready === true", timeout=10_000)
    pg.root, pg.errors, pg.context_ = root, errors, context
    return pg


@pytest.fixture(scope="module")
def page(browser, served):
    pg = _open(browser, served, tt.rulebook("hearthstone").scenario("death-chain"), "death_chain")
    yield pg
    assert not pg.errors
    pg.context_.close()


@pytest.fixture(scope="module")
def poor(browser, served):
    """Player 0 with a Mountain Yeti in hand and 2 mana: the Yeti offers nothing."""
    game = tt.rulebook("hearthstone").new_game(seed=0, scenario="blank")
    yeti = S.hand(game.table, 0, "mountain_yeti")
    game.state.players[0] = {**game.state.players[0], "mana": 2}
    game.state.decision = None
    game.state.work.append(("hs.main", {}, None))  # ask player 0's action again, on the changed position
    game.table._run()
    pg = _open(browser, served, game, "poor")
    pg.yeti = yeti
    yield pg
    assert not pg.errors
    pg.context_.close()


@pytest.fixture(scope="module")
def placing(browser, served):
    """Player 0 with Bog Crawler and Argent Novice in hand and Knife Juggler on the board (L32, L68)."""
    pg = _open(browser, served, tt.rulebook("hearthstone").scenario("sword-and-juggler"), "placing", player=0)
    yield pg
    assert not pg.errors
    pg.context_.close()


def _click(page, oid):
    page.locator(f'[data-id="{oid}"]').first.click(force=True)


def _reset(page):
    page.evaluate("window.sent = []")
    if page.locator(".tt-choice-cancel").count():
        page.locator(".tt-choice-cancel").click()


def test_clicking_a_minion_that_can_attack_highlights_its_targets_and_a_target_click_attacks(page):
    _reset(page)
    game = page.game
    juggler = game.state.zones["board:0"][2]
    _click(page, juggler)
    assert page.evaluate("window.sent") == []  # nothing is chosen by the first click
    attacks = [o for o in game.legal() if o.startswith(f"attack:{juggler}>")]
    picks = page.eval_on_selector_all(".tt-target", "ns => ns.map(n => n.dataset.pick)")
    assert picks == attacks and len(attacks) == 1  # Taunt: only the Abomination, still a click of its own
    # the target is on the board, so the menu lists nothing and says to click it
    assert page.locator(".tt-choice-button").count() == 0
    assert "click a highlighted target" in page.locator(".tt-choices-head").inner_text()
    page.screenshot(path=str(page.root / "selected.png"))
    target = attacks[0].split(">")[1]
    page.locator(f'.tt-target[data-id="{target}"]').first.click(force=True)
    assert page.evaluate("window.sent") == [{"type": "choose", "id": attacks[0], "fingerprint": game.fingerprint()}]
    assert page.locator(".tt-target").count() == 0 and page.locator(".tt-choices").is_hidden()


def test_clicking_an_enemy_lists_what_may_be_done_to_it_and_chooses_nothing_by_itself(page):
    _reset(page)
    game = page.game
    abomination = game.state.zones["board:1"][1]
    _click(page, abomination)
    assert page.evaluate("window.sent") == []
    on_it = [o for o in game.legal() if o.endswith(f">{abomination}")]
    menu = page.eval_on_selector_all(".tt-choice-button", "ns => ns.map(n => n.title)")
    assert len(on_it) > 1 and sorted(menu) == sorted(on_it)
    labels = page.eval_on_selector_all(".tt-choice-button", "ns => ns.map(n => n.textContent)")
    assert len(set(labels)) == len(labels)  # every choice reads differently
    page.locator(".tt-choice-button").first.click()
    assert page.evaluate("window.sent")[0]["id"] == menu[0]


def test_a_card_that_offers_nothing_asks_why_not_and_python_answers_with_the_rule(poor):
    # 000_7fc8e0fd1bcbc422.txt L37-38: a card costs mana
    game, yeti = poor.game, poor.yeti
    assert not [o for o in game.legal() if yeti in o]
    _click(poor, yeti)
    sent = poor.evaluate("window.sent")
    assert sent == [{"type": "why_not", "about": yeti, "fingerprint": game.fingerprint()}]
    assert poor.widget.receive(sent[0])
    cost = game.rulebook.cards["mountain_yeti"]["cost"]
    assert poor.widget.message == (
        f"play Mountain Yeti: not now. It costs {cost} mana and player 0 has 2 [{game.trace.cite('hs.cost')}]"
    )
    assert poor.locator(".tt-choices").is_hidden()


def _box(page, selector):
    return page.locator(selector).first.bounding_box()


def test_a_hand_minion_asks_for_its_position_on_the_board_and_a_marker_click_plays_it_there(placing):
    # 000_7fc8e0fd1bcbc422.txt L50: where a minion goes on the board matters (adjacency)
    _reset(placing)
    game = placing.game
    crawler = next(o for o in game.state.zones["hand:0"] if game.state.objects[o]["card"] == "bog_crawler")
    (juggler,) = game.state.zones["board:0"]
    _click(placing, crawler)
    assert placing.evaluate("window.sent") == []  # the first click only asks where
    slots = placing.eval_on_selector_all(".tt-slot", "ns => ns.map(n => n.dataset.pick)")
    assert slots == [f"play:{crawler}@0", f"play:{crawler}@1"]
    # the markers stand either side of the Knife Juggler, on the friendly board
    j = _box(placing, f'[data-id="{juggler}"]')
    left, right = (placing.locator(".tt-slot").nth(i).bounding_box() for i in range(2))
    for marker in (left, right):
        assert j["y"] - 1 <= marker["y"] and marker["y"] + marker["height"] <= j["y"] + j["height"] + 1
        assert marker["width"] < j["width"] / 3  # a thin marker, not a card
    centre = [m["x"] + m["width"] / 2 for m in (left, right)]
    assert centre[0] <= j["x"] + 4 and centre[1] >= j["x"] + j["width"] - 4  # at its edges, not on its face
    assert placing.locator(".tt-choice-button").count() == 0  # every position is on the board: no menu
    assert "click a highlighted place" in placing.locator(".tt-choices-head").inner_text()
    placing.screenshot(path=str(placing.root / "positions.png"))
    placing.locator(".tt-slot").nth(1).click()
    assert placing.evaluate("window.sent") == [
        {"type": "choose", "id": f"play:{crawler}@1", "fingerprint": game.fingerprint()}
    ]
    assert placing.locator(".tt-slot").count() == 0 and placing.locator(".tt-choices").is_hidden()


def test_a_cancelled_position_leaves_nothing_behind_and_another_card_gets_its_own(placing):
    _reset(placing)
    game = placing.game
    crawler, novice = (o for o in game.state.zones["hand:0"] if game.state.objects[o]["card"] != "holy_ground")
    _click(placing, crawler)
    assert placing.locator(".tt-slot").count() == 2
    _click(placing, novice)  # another card: its own markers, the first card's gone
    picks = placing.eval_on_selector_all(".tt-slot", "ns => ns.map(n => n.dataset.pick)")
    assert picks == [f"play:{novice}@0", f"play:{novice}@1"]
    placing.locator(".tt-choice-cancel").click()
    assert placing.locator(".tt-slot").count() == 0 and placing.evaluate("window.sent") == []


def test_a_spell_that_needs_a_target_highlights_its_targets(page):
    # 000_7fc8e0fd1bcbc422.txt L37-38: a spell is cast on a target the card names
    _reset(page)
    game = page.game
    shard = next(o for o in game.state.zones["hand:0"] if game.state.objects[o]["card"] == "ice_shard")
    casts = [o for o in game.legal() if o.startswith(f"play:{shard}>")]
    _click(page, shard)
    assert page.evaluate("window.sent") == [] and page.locator(".tt-slot").count() == 0
    picks = page.eval_on_selector_all(".tt-target", "ns => ns.map(n => n.dataset.pick)")
    assert sorted(picks) == sorted(casts) and len(casts) > 2
    page.screenshot(path=str(page.root / "spell-targets.png"))
    target = casts[-1].split(">")[1]
    page.locator(f'.tt-target[data-id="{target}"]').first.click(force=True)
    assert page.evaluate("window.sent") == [{"type": "choose", "id": casts[-1], "fingerprint": game.fingerprint()}]


def test_a_position_with_several_targets_is_chosen_in_two_clicks_position_then_target(browser, served):
    """No shipped Hearthstone card is played at a position *and* on a target, so the board is made by hand: a
    minion c1 whose Battlecry hits enemy c8 or c9, played left or right of friendly c2."""
    opts = [f"play:c1@{k}>{t}" for k in (0, 1) for t in ("c8", "c9")]
    view = {
        "layout": "zones",
        "zones": [
            {"id": "hand:0", "label": "hand", "owner": 0, "kind": "hand"},
            {"id": "board:0", "label": "board", "owner": 0, "kind": "board"},
            {"id": "board:1", "label": "enemy board", "owner": 1, "kind": "board"},
        ],
        "cards": [
            {"id": "c1", "zone": "hand:0", "name": "Sniper", "options": opts},
            {"id": "c2", "zone": "board:0", "name": "Wolf"},
            {"id": "c8", "zone": "board:1", "name": "Gnome", "options": [o for o in opts if o.endswith("c8")]},
            {"id": "c9", "zone": "board:1", "name": "Golem", "options": [o for o in opts if o.endswith("c9")]},
        ],
    }
    state = {
        "svg": board_svg(view),
        "options": [{"id": o, "label": f"play Sniper at {o[8]} on {o[-2:]}", "on_board": True} for o in opts],
        "slots": slots(view, opts),
        "prompt": "",
        "message": "",
        "error": False,
        "fingerprint": "f" * 64,
        "moves": 0,
        "title": "made by hand",
    }
    pg = _open_state(browser, served, state, "position_and_target")
    try:
        _click(pg, "c1")
        markers = pg.locator(".tt-slot")
        assert markers.count() == 2 and pg.evaluate("window.sent") == []
        assert pg.eval_on_selector_all(".tt-slot", "ns => ns.map(n => n.dataset.pick || null)") == [None, None]
        markers.nth(1).click()  # right of the Wolf: now the targets light up, each for this position
        picks = pg.eval_on_selector_all(".tt-target:not(.tt-slot)", "ns => ns.map(n => n.dataset.pick)")
        assert sorted(picks) == ["play:c1@1>c8", "play:c1@1>c9"]
        assert pg.locator(".tt-slot").count() == 1 and pg.locator(".tt-slot.tt-selected").count() == 1
        head = pg.locator(".tt-choices-head").inner_text()
        assert head == "Sniper (c1), at position 1: click a highlighted target on the board", head
        pg.screenshot(path=str(pg.root / "position-then-target.png"))
        pg.locator('.tt-target[data-id="c9"]').first.click(force=True)
        assert pg.evaluate("window.sent") == [{"type": "choose", "id": "play:c1@1>c9", "fingerprint": "f" * 64}]
        assert not pg.errors
    finally:
        pg.context_.close()
