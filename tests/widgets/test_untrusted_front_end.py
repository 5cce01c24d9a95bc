"""The browser half of the widgets is not trusted: state it sets, messages it sends and clicks it
reports are checked in Python; nothing it sends raises in the kernel, changes the game or is
echoed back at length."""

import pytest
import traitlets
from plotly.callbacks import Points

import tabletop as tt
from tabletop.widgets import BoardWidget, Lab, StateGraphWidget, Timeline, TriggerChainWidget

HUGE = "x" * 10_000_000  # a 10 MB string
LIMIT = 400  # a message quotes at most ~100 characters of what it was sent


@pytest.fixture
def duel():
    return tt.rulebook("berserk_heroes").scenario("duel")  # player 0 to act


@pytest.fixture
def memory():
    return tt.rulebook("memory").scenario("small-board")


def click(w, option, fingerprint=None):
    """What board.js sends when an element with data-option is clicked."""
    w._front_end_message(w, {"type": "choose", "id": option, "fingerprint": fingerprint or w.fingerprint}, [])


def sent_updates(w, monkeypatch) -> list[dict]:
    """The state updates the widget sends to the browser from now on."""
    out: list[dict] = []
    monkeypatch.setattr(w.comm, "send", lambda data=None, metadata=None, buffers=None: out.append(data))
    return out


# ------------------------------------------------------------------ the seat
def test_the_browser_cannot_change_the_seat(duel, monkeypatch):
    """A browser that sets ``player`` would see player 0's hand and play for player 0."""
    w = BoardWidget(duel, player=1)
    view, svg, fp = w.view, w.svg, duel.fingerprint()
    sent = sent_updates(w, monkeypatch)
    w.set_state({"player": 0})
    assert w.player == 1 and w.options == [] and "waiting for player 0" in w.prompt
    assert w.view == view == duel.rulebook.board(duel, 1) and w.svg == svg
    assert w.error and "Ignored a change of player from the browser" in w.message and "player 1's" in w.message
    assert {"method": "update", "state": {"player": 1}, "buffer_paths": []} in sent  # the browser is corrected
    click(w, "pass")
    assert duel.fingerprint() == fp and w.moves == 0 and "this board is player 1's" in w.message


def test_the_seat_is_fixed_in_python_too(duel):
    w = BoardWidget(duel, player=1)
    with pytest.raises(traitlets.TraitError, match="fixed when it is made"):
        w.player = 0
    assert w.player == 1 and w.options == []


@pytest.mark.parametrize(
    "state",
    [
        {"options": [{"id": "pass", "label": "pass", "on_board": False}]},
        {"moves": "abc"},
        {"moves": 10**40, "error": "no"},
        {"fingerprint": None, "view": {"cards": [HUGE]}, "svg": HUGE, "prompt": 3, "title": [], "message": HUGE},
    ],
)
def test_every_board_trait_is_pythons(duel, state):
    w = BoardWidget(duel, player=1)
    before = {k: getattr(w, k) for k in ("view", "svg", "options", "prompt", "fingerprint", "moves", "title")}
    fp = duel.fingerprint()
    w.set_state(state)  # never raises, even for values of the wrong type
    assert {k: getattr(w, k) for k in before} == before and duel.fingerprint() == fp
    assert w.error and w.message.startswith("Ignored a change of") and len(w.message) < LIMIT


@pytest.mark.parametrize("state", [None, "player", [("player", 0)], {"layout": "not a layout"}, {3: 4}])
def test_malformed_state_never_raises(duel, state):
    w = BoardWidget(duel, player=1)
    w.set_state(state)
    assert w.player == 1 and w.options == []


def test_a_board_draws_only_its_seats_options(duel, monkeypatch):
    """Even a rulebook view that offers another seat's options is drawn without them."""
    rb = duel.rulebook
    real = rb.board

    def leaky(game, player):
        return real(game, None)  # every element with the options of the deciding player (0)

    assert 'data-option="' in BoardWidget(duel, player=0).svg
    monkeypatch.setattr(rb, "board", leaky)
    w = BoardWidget(duel, player=1)
    assert 'data-option="' not in w.svg and w.options == []
    assert all(not c.get("option") and not c.get("options") for c in w.view.get("cards", []))
    assert BoardWidget(duel, player=0).svg == BoardWidget(duel).svg  # the seat that decides sees them all


# ------------------------------------------------------------------ malformed clicks
@pytest.mark.parametrize(
    ("content", "says"),
    [
        ({"type": "choose", "id": 3}, "option id is not text"),
        ({"type": "choose", "id": {"id": "pass"}}, "option id is not text"),
        ({"type": "choose", "id": ["pass"]}, "option id is not text"),
        ({"type": "choose", "id": "pass", "fingerprint": 12}, "fingerprint is not text"),
        ({"type": "choose", "id": HUGE}, "is not an option now"),
        ({"type": "choose", "id": "pass", "fingerprint": HUGE}, "no longer shown"),
        ({"type": HUGE, "id": "pass"}, "unknown type"),
        (HUGE, "not a dict"),
        ([{"type": "choose", "id": "pass"}], "not a dict"),
    ],
)
def test_malformed_clicks_are_answered_in_the_widget(duel, content, says):
    w = BoardWidget(duel)
    fp = duel.fingerprint()
    w._front_end_message(w, content, [])
    assert duel.fingerprint() == fp and w.moves == 0
    assert w.error and says in w.message and len(w.message) < LIMIT


def test_an_unexpected_error_is_not_echoed_at_length(duel, monkeypatch):
    """Echo: an error raised while handling a click shows at most ~100 characters of its text."""
    w = BoardWidget(duel)

    def boom(option):
        raise RuntimeError(HUGE)

    monkeypatch.setattr(duel, "apply", boom)
    click(w, "pass")
    assert w.error and "unexpected RuntimeError" in w.message and len(w.message) < LIMIT
    assert "(10000000 characters)" in w.message


def test_a_failing_linked_widget_is_not_echoed_at_length(memory):
    w = BoardWidget(memory)

    def linked(event):
        raise ValueError(HUGE)

    w.on_change(linked)
    click(w, "s00")
    assert w.moves == 1 and w.error and "a linked widget failed" in w.message and len(w.message) < LIMIT


# ------------------------------------------------------------------ timeline, chain, state graph, lab
@pytest.mark.parametrize("k", ["abc", None, 2.5, [1], HUGE, "1" * 5_000, float("nan"), float("inf"), True])
def test_timeline_show_step_never_raises(memory, k):
    for option in ("s00", "s01"):
        memory.apply(option)
    fp = memory.fingerprint()
    t = Timeline(memory)
    assert t.show_step(k) is False
    assert t.step == 2 and t.board.error and "Cannot show step" in t.board.message and len(t.board.message) < LIMIT
    assert memory.fingerprint() == fp and t.board.fingerprint == fp


def test_timeline_steps_that_are_whole_numbers(memory):
    for option in ("s00", "s01"):
        memory.apply(option)
    t = Timeline(memory)
    assert t.show_step("1") and t.step == 1
    assert t.show_step(0.0) and t.step == 0
    assert t.show_step(-5) and t.step == 0 and t.show_step(10**30) and t.step == 2


def dispatch_click(fig, index, point_inds):
    """A click as plotly's browser half reports it, with whatever point indices it names."""
    trace = fig.data[index]
    trace._dispatch_on_click(Points(point_inds, [0] * len(point_inds), [0] * len(point_inds), trace.name, index), None)


@pytest.mark.parametrize("point", [10_000, -1, "0", 1.0, None, True])
def test_a_chain_click_on_no_point_is_ignored(point):
    game = tt.rulebook("memory").scenario("match-official").apply("s03")
    w = TriggerChainWidget(game)
    index = w._node_traces[0]
    dispatch_click(w.figure, index, [point])  # raised IndexError for 10_000; -1 selected the last step
    assert w.selected is None and w.why_text == ""
    dispatch_click(w.figure, index, [0])
    assert w.selected is not None


@pytest.mark.parametrize("point", [10_000, -1, "0"])
def test_a_state_graph_click_on_no_point_is_ignored(memory, point):
    sg = tt.explore(memory, depth=1)
    w = StateGraphWidget(sg)
    dispatch_click(w.figure, w._node_traces[0], [point])
    assert w.selected is None and w.board.fingerprint == sg.root


def test_a_chain_select_of_a_huge_node_is_not_echoed():
    w = TriggerChainWidget(tt.rulebook("memory").scenario("match-official"))
    assert w.select(HUGE) is False and "No step" in w.details.value and len(w.details.value) < LIMIT


def test_a_lab_button_of_an_older_panel_changes_nothing(memory):
    """A browser that lags may click a button of a panel Python has replaced: it is refused."""
    lab = Lab(memory)
    old = {b.tooltip.split(":")[0]: b for b in lab.buttons}
    lab.buttons[0].click()  # s00
    fp, moves = memory.fingerprint(), lab.board.moves
    assert "s01" in memory.legal()  # the old button's option is legal again, in another position
    old["s01"].click()
    assert memory.fingerprint() == fp and lab.board.moves == moves and "no longer shown" in lab.board.message


@pytest.mark.parametrize("value", ["abc", None, [1], HUGE])
def test_timeline_slider_state_of_the_wrong_type_is_ignored(memory, value):
    memory.apply("s00")
    t = Timeline(memory)
    t.slider.set_state({"value": value})  # raised TraitError in the kernel
    assert t.step == 1 and t.board.fingerprint == memory.fingerprint()
    t.slider.set_state({"value": 0})  # a real drag still works
    assert t.step == 0 and t.board.fingerprint != memory.fingerprint()


def test_a_malformed_plotly_click_message_is_ignored():
    w = TriggerChainWidget(tt.rulebook("memory").scenario("match-official").apply("s03"))
    index = w._node_traces[0]
    for message in [
        {"event_type": "plotly_click", "points": {"trace_indexes": [99], "point_indexes": [0], "xs": [0], "ys": [0]}},
        {
            "event_type": "plotly_click",
            "points": {"trace_indexes": [index], "point_indexes": [10**6], "xs": [0], "ys": [0]},
        },
        {"event_type": "plotly_click"},
        "abc",
    ]:
        w.figure.set_state({"_js2py_pointsCallback": message})  # the first raised KeyError in the kernel
        assert w.selected is None and w.figure._js2py_pointsCallback is None
    good = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [index], "point_indexes": [0], "xs": [0], "ys": [0]},
    }
    w.figure.set_state({"_js2py_pointsCallback": good})
    assert w.selected is not None
