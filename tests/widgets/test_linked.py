"""Trigger chain, state graph, timeline and lab widgets without a browser."""

import plotly.graph_objects as go
import pytest
from plotly.callbacks import Points

import tabletop as tt
from tabletop.analysis.seen import seen_by
from tabletop.core.trace import Log
from tabletop.widgets import BoardWidget, Lab, StateGraphWidget, Timeline, TriggerChainWidget
from tabletop.widgets.lab import fold_repeats
from tabletop.widgets.timeline import positions


def plotly_click(fig, index, point):
    """What plotly does when a point of trace ``index`` is clicked in the browser."""
    trace = fig.data[index]
    trace._dispatch_on_click(Points([point], [trace.x[point]], [trace.y[point]], trace.name, index), None)


@pytest.fixture
def matched():
    return tt.rulebook("memory").scenario("match-official").apply("s03")


def test_chain_click_shows_why(matched):
    w = TriggerChainWidget(matched)
    assert isinstance(w.figure, go.FigureWidget) and w.selected is None and w.why_text == ""
    chain = tt.trigger_chain(matched)
    take = next(n for n, d in chain.nodes(data=True) if d["rule"] == "mem.match")
    index = next(i for i in w._node_traces for j, c in enumerate(w.figure.data[i].customdata) if c[0] == take)
    point = [c[0] for c in w.figure.data[index].customdata].index(take)
    plotly_click(w.figure, index, point)
    assert w.selected == take
    assert w.why_text == tt.why(chain, take).text()
    assert "[mem.match]" in w.why_text and "mem.match" in w.details.value
    assert repr(w) == f"<TriggerChainWidget memory: {len(chain)} steps, step {take} selected>"


def test_chain_select_and_refresh(matched):
    w = TriggerChainWidget(matched)
    assert w.select(0) and w.why_text.startswith(tt.why(w.chain, 0).text())
    assert w.select(10_000) is False and w.selected is None and "No step" in w.details.value
    assert w.select([1]) is False and w.select(None) is False
    n = len(w.chain)
    matched.apply(matched.legal()[0])
    w.refresh(matched)
    assert len(w.chain) > n and w.figure.data  # redrawn
    assert TriggerChainWidget(matched.trace).chain.number_of_nodes() == len(w.chain)


def test_chain_figure_static_uids_are_untouched(matched):
    from tabletop.render.chains import chain_figure

    fig = chain_figure(tt.trigger_chain(matched))
    TriggerChainWidget(matched)
    assert all(tr.uid.startswith("chain-") for tr in fig.data)


def test_state_graph_click_loads_the_position():
    game = tt.rulebook("memory").scenario("small-board")
    sg = tt.explore(game, depth=2)
    board = BoardWidget(game)
    w = StateGraphWidget(sg, board=board)
    assert w.board is board and board not in w.children
    deep = [n for n, d in sg.graph.nodes(data=True) if d["depth"] == 2]
    node = sorted(deep)[0]
    index = next(i for i in w._node_traces if node in w.figure.data[i].customdata)
    plotly_click(w.figure, index, list(w.figure.data[index].customdata).index(node))
    assert w.selected == node and board.fingerprint == node == board.game.fingerprint()
    assert game.fingerprint() == sg.root  # the explored game is untouched
    assert board.choose(board.game.legal()[0])  # and the loaded state plays on
    assert sg.game(node).fingerprint() == node
    assert repr(w) == "<StateGraphWidget 11 states, depth 2, state at depth 2 selected>"


def test_state_graph_widget_makes_its_own_board():
    sg = tt.explore(tt.rulebook("memory").scenario("small-board"), depth=1)
    w = StateGraphWidget(sg)
    assert isinstance(w.board, BoardWidget) and w.board in w.children
    assert w.board.fingerprint == sg.root
    assert w.select("nope") is False and w.board.error


def test_timeline_shows_past_positions_without_changing_the_game():
    game = tt.rulebook("memory").scenario("small-board")
    for option in ("s00", "s01", "s02", "s03"):
        game.apply(option)
    fp, hist = game.fingerprint(), list(game.history)
    t = Timeline(game)
    assert t.slider.max == 4 and t.step == 4 and t.board.fingerprint == fp
    replayed = game.rulebook.new_game(seed=game.seed, players=game.players, chance=game.chance, **game.options)
    expected = [replayed.fingerprint()]
    for h in hist:
        if not h["auto"]:
            replayed.apply(h["option"])
            expected.append(replayed.fingerprint())
    for k in (2, 0, 3, 4):
        t.step = k
        assert t.step == k and t.board.fingerprint == expected[k]
    t.slider.value = 1  # dragging the slider
    assert t.board.fingerprint == expected[1]
    assert t.show_step(99) and t.step == 4
    assert game.fingerprint() == fp and game.history == hist
    assert t.position(4).fingerprint() == game.replay().fingerprint() == fp
    assert repr(t) == "<Timeline memory: step 4 of 4>"


def test_timeline_with_hand_set_chance():
    game = tt.rulebook("memory").scenario("match-official")
    out, problem = positions(game)
    assert problem == "" and out[-1].fingerprint() == game.fingerprint()
    board = BoardWidget(game)
    t = Timeline(game, board=board)
    assert board not in t.children and t.show_step(0) and board.fingerprint == out[0].fingerprint()


def test_lab_links_everything():
    game = tt.rulebook("memory").scenario("small-board")
    lab = Lab(game, log_lines=5)
    assert repr(lab) == "<Lab memory: turn 1, player 0 to act, 6 options, 0 moves>"
    assert [b.tooltip.split(":")[0] for b in lab.buttons] == game.legal()
    lab.buttons[0].click()
    assert game.history[-1]["option"] == "s00" and lab.board.moves == 1
    assert lab.timeline.slider.max == 1 and lab.timeline.step == 1
    assert len(lab.chain.chain) == len(game.trace) - lab.chain.since  # the chain of this turn
    assert game.trace.records[lab.chain.since]["summary"] == "turn 1: player 0 (turn)"
    seen = Log(seen_by(game, [0, 1])).lines()  # the log of a shared screen: the shuffle's layout is hidden
    assert lab.log_text.splitlines() == fold_repeats(seen)[-5:] and "[mem.turn" in lab.log_text
    assert len(seen) == len(game.log.lines()) and not any("chance chose" in line for line in seen)
    assert len(lab.buttons) == 5
    lab.timeline.step = 0  # look back: the game is unchanged
    assert game.history[-1]["option"] == "s00" and lab.board.fingerprint != game.fingerprint()
    assert repr(lab) == "<Lab memory: turn 1, player 0 to act, 5 options, 1 moves>"


def test_lab_berserk():
    lab = Lab(tt.rulebook("berserk_heroes").scenario("duel"))  # hot-seat with hands: pass the device first
    assert lab.waiting_for == 0 and lab.choose("pass") is False and "pass the device" in lab.board.message
    lab.confirm()
    assert lab.choose("pass") and lab.game.decision.player == 1
    assert lab.waiting_for == 1 and lab.buttons == []
    lab.confirm()
    assert lab.board.player == 1
    assert lab.choose("nope") is False and lab.board.error
    assert "player 1 to act" in repr(lab)


def test_playing_on_from_a_past_position_makes_a_new_line_and_keeps_the_old_one():
    game = tt.rulebook("memory").scenario("small-board")
    for option in ("s00", "s01", "s02", "s03"):
        game.apply(option)
    lab = Lab(game)
    t = lab.timeline
    assert t.lines == [game] and t.line_picker.layout.display == "none"
    t.step = 2  # look back, then play another card there
    past = lab.board.game
    other = next(o for o in past.legal() if o != "s02")
    assert lab.choose(other)
    assert len(t.lines) == 2 and t.line == 1 and t.lines[0] is game
    assert [h["option"] for h in game.history if not h["auto"]] == ["s00", "s01", "s02", "s03"]  # kept whole
    assert [h["option"] for h in t.lines[1].history if not h["auto"]] == ["s00", "s01", other]
    assert t.line_picker.layout.display == "" and [v for _, v in t.line_picker.options] == [0, 1]
    assert t.line_picker.options[1][0] == "2: from step 2, 3 choices"
    shown = []
    t.on_line(shown.append)
    t.line_picker.value = 0  # back to the first line: its end is shown
    assert t.line == 0 and shown == [game] and t.steps == 4 and lab.board.fingerprint == game.fingerprint()
    assert repr(t) == "<Timeline memory: step 4 of 4, line 1 of 2>"
    t.line = 1
    assert t.steps == 3 and shown[-1] is t.lines[1]
    with pytest.raises(IndexError, match=r"outside 0\.\.1"):
        t.line = 5


def test_a_move_at_the_end_of_a_line_plays_that_line_on():
    game = tt.rulebook("memory").scenario("small-board")
    lab = Lab(game)
    assert lab.choose("s00") and lab.choose("s01")
    assert len(lab.timeline.lines) == 1 and lab.timeline.steps == 2


def test_chain_widget_folds_actions_and_a_click_opens_one():
    game = tt.rulebook("memory").scenario("match-official").apply("s03")
    w = TriggerChainWidget(game, fold="action")
    nodes = {c[0] for t in w.figure.data if t.customdata is not None for c in t.customdata}
    folded = next(t for t in w.figure.data if t.name.startswith("folded:"))  # (FigureWidget rewrites uids)
    box = folded.customdata[-1][0]
    assert box in nodes and len(nodes) < w.chain.number_of_nodes()
    assert w.select(box) and w.expanded == [box]
    opened = {c[0] for t in w.figure.data if t.customdata is not None for c in t.customdata}
    assert len(opened) > len(nodes) and box in opened
    assert w.why_text.endswith(f"[{w.chain.nodes[box]['rule']}]")


def test_the_lab_header_and_log_follow_the_timeline_scrub():
    game = tt.rulebook("memory").scenario("small-board")
    lab = Lab(game, pause=None)
    for option in ("s00", "s01", "s02"):
        assert lab.choose(option)
    end_log = lab.log_text
    lab.timeline.step = 1
    past = lab.timeline.position(1)
    assert "showing step 1 of 3" in lab.header.value
    assert lab.log_text == "\n".join(fold_repeats(lab.seen.log(past).lines())[-lab.log_lines :]) != end_log
    lab.timeline.step = 3
    assert "showing step" not in lab.header.value and lab.log_text == end_log


def test_the_lab_plays_on_the_line_the_picker_returns_to():
    game = tt.rulebook("memory").scenario("small-board")
    lab = Lab(game, pause=None)
    for option in ("s00", "s01", "s02", "s03"):
        assert lab.choose(option)
    lab.timeline.step = 2
    assert lab.choose(next(o for o in lab.board.game.legal() if o != "s02"))  # a branch
    branch = lab.game
    assert branch is not game and lab.timeline.lines == [game, branch]
    lab.timeline.line_picker.value = 0  # back to the first line: the Lab plays it again, and its parts follow
    assert lab.game is game and lab.board.game is game and "showing step" not in lab.header.value
    assert lab.log_text == "\n".join(fold_repeats(lab.seen.log(game).lines())[-lab.log_lines :])
    assert lab.options_view.fingerprint == game.fingerprint()
    assert lab.buttons[0].click()  # a move there plays the first line on; the branch is kept
    assert len(game.history) > 4 and lab.timeline.lines == [game, branch] and lab.timeline.line == 0


def test_the_live_log_says_which_position_it_shows_and_the_picture_does_not():
    """The stamp lets a browser test see the log is for the board's position; the picture a notebook keeps
    must not change with it (committed outputs are compared by nbval)."""
    game = tt.rulebook("memory").scenario("small-board")
    lab = Lab(game, pause=None)
    assert lab.choose("s00")
    assert f"data-at='{game.fingerprint()[:16]}'" in lab.log_view.value
    assert lab.chain.at == game.fingerprint()[:16]
    assert "data-at" not in lab._static_html() and lab.log_text in lab._static_html()
