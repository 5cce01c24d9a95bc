"""Plotly widgets: the trigger chain (click a step to see why it happened) and the state graph
(click a state to load it into a linked :class:`~tabletop.widgets.BoardWidget`).

Each widget builds a ``plotly.graph_objects.FigureWidget`` from the dict of a static figure of
:mod:`tabletop.render` (FigureWidget gives its traces random uids, so nothing static is ever
built from it) and attaches ``on_click`` to the node traces; the node id is in ``customdata``.
``select(node)`` does what a click does.
"""

from __future__ import annotations

import contextlib
import numbers
from html import escape
from typing import Any

import ipywidgets as ipw
import plotly.graph_objects as go

from ..analysis.chains import trigger_chain, why
from ..analysis.explore import StateGraph
from ..core.errors import quote
from ..core.game import Game
from ..core.trace import Trace
from ..render.chains import chain_figure
from ..render.pictures import figure_html
from ..render.states import state_graph_figure
from ._static import StaticFallback
from .board import BoardWidget, game_status

__all__ = ["StateGraphWidget", "TriggerChainWidget"]


class _FigureWidget(go.FigureWidget):
    """A FigureWidget whose messages from the browser never raise in the kernel: a malformed one
    (a click on a trace that does not exist, a value of the wrong type) is ignored."""

    def set_state(self, sync_data: Any) -> None:
        try:
            super().set_state(sync_data)
        except Exception:
            for name in sync_data if isinstance(sync_data, dict) else ():
                if isinstance(name, str) and name.startswith("_js2py_"):  # plotly clears these once handled
                    with contextlib.suppress(Exception):
                        self.set_trait(name, None)


def _figure_widget(fig: go.Figure, prefix: str) -> tuple[go.FigureWidget, list[int]]:
    """A FigureWidget copy of ``fig`` and the indices of its node traces (static uid ``prefix*``)."""
    nodes = [i for i, tr in enumerate(fig.data) if str(tr.uid or "").startswith(prefix)]
    return _FigureWidget(fig.to_dict()), nodes


def _point_node(trace: Any, points: Any) -> Any:
    """The node id of the clicked point, or None for a click the figure cannot have sent (a point
    index that is not a whole number within the trace: the browser is not trusted). Never raises."""
    try:
        inds = list(getattr(points, "point_inds", None) or [])
        data_of = trace.customdata
        if not inds or data_of is None:
            return None
        index = inds[0]
        if isinstance(index, bool) or not isinstance(index, numbers.Integral) or not 0 <= index < len(data_of):
            return None
        data = data_of[index]
        if isinstance(data, str) or not hasattr(data, "__len__"):
            return data
        node = data[0] if len(data) else None
        return node.item() if hasattr(node, "item") else node  # a numpy scalar, when plotly used numpy
    except Exception:  # a malformed click from the browser: ignored
        return None


class TriggerChainWidget(StaticFallback, ipw.HBox):
    """A game's (or trace's) trigger chain as a clickable plotly graph, with the *why* beside it.

    ``.figure`` is the FigureWidget, ``.selected`` the selected node (or ``None``),
    ``.why_text`` the causes of that node as indented text with rule references
    (``tt.why(chain, node).text()``), ``.chain`` the graph.
    """

    def __init__(self, game_or_trace: Game | Trace, *, title: str | None = None, **kwargs: Any):
        self._title = title
        self.details = ipw.HTML(layout=ipw.Layout(width="420px", min_width="260px", overflow="auto"))
        self.details.add_class("tt-why-panel")
        # the panel sits beside the graph where there is room and wraps below it where there is not
        kwargs.setdefault("layout", ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__(**kwargs)
        self.add_class("tt-chain-widget")
        self._load(game_or_trace)

    # ------------------------------------------------------------ public API
    @property
    def figure(self) -> go.FigureWidget:
        return self._figure

    def select(self, node: Any) -> bool:
        """Select a step as a click on it does: fills ``why_text`` and the panel. Never raises."""
        if not self._has(node):
            with contextlib.suppress(TypeError, ValueError):
                node = int(node)
        if not self._has(node):
            self.selected = None
            self.why_text = ""
            self.details.value = f"<div class='tt-why tt-error'>No step {escape(quote(node))} in this chain.</div>"
            return False
        chain = why(self.chain, node)
        self.selected = node
        self.why_text = chain.text()
        data = self.chain.nodes[node]
        rule = escape(str(data.get("rule", "")))
        rule_text = escape(str(data.get("rule_text") or ""))
        cite = escape(str(data.get("citation") or ""))
        self.details.value = (
            f"<div class='tt-why'><b>Why step {escape(str(node))}?</b>"
            f"<pre class='tt-why-text'>{escape(self.why_text)}</pre>"
            + (f"<div class='tt-rule'><code>{rule}</code> {rule_text} <small>{cite}</small></div>" if rule else "")
            + "</div>"
        )
        return True

    def _has(self, node: Any) -> bool:
        try:
            return node is not None and node in self.chain
        except TypeError:  # unhashable
            return False

    def refresh(self, game_or_trace: Game | Trace) -> None:
        """Redraw for a game that moved on (or another game); keeps the selection if it still exists."""
        keep = self.selected
        self._load(game_or_trace)
        if keep is not None and keep in self.chain:
            self.select(keep)

    # ------------------------------------------------------------- internals
    def _load(self, source: Game | Trace) -> None:
        if not isinstance(source, Game | Trace):
            raise TypeError(f"TriggerChainWidget needs a Game or a Trace, not {type(source).__name__}")
        self.source = source
        self.chain = trigger_chain(source)
        self._static = chain_figure(self.chain, title=self._title)  # for the picture: never from the FigureWidget
        self._figure, self._node_traces = _figure_widget(self._static, "chain-nodes-")
        for i in self._node_traces:
            self._figure.data[i].on_click(self._clicked)
        self.selected = None
        self.why_text = ""
        self.details.value = (
            "<div class='tt-why tt-hint'>Click a step of the chain to see why it happened.</div>"
            if len(self.chain)
            else "<div class='tt-why tt-hint'>No steps traced yet.</div>"
        )
        self.children = (self._figure, self.details)

    def _clicked(self, trace: Any, points: Any, _state: Any = None) -> None:
        node = _point_node(trace, points)
        if node is not None:
            self.select(node)

    def _static_html(self) -> str:
        return figure_html(self._static) + self.details.value

    def __repr__(self) -> str:
        rid = self.source.rulebook.id if isinstance(self.source, Game) else "trace"
        sel = "" if self.selected is None else f", step {self.selected} selected"
        return f"<TriggerChainWidget {rid}: {self.chain.number_of_nodes()} steps{sel}>"


class StateGraphWidget(StaticFallback, ipw.HBox):
    """A state graph as a clickable plotly graph; a click shows that state in a linked board.

    ``.figure`` is the FigureWidget, ``.board`` the linked :class:`BoardWidget` (created when
    none is given), ``.selected`` the selected state (fingerprint) or ``None``.
    """

    def __init__(self, state_graph: StateGraph, board: BoardWidget | None = None, **kwargs: Any):
        if not isinstance(state_graph, StateGraph):
            raise TypeError(f"StateGraphWidget needs a StateGraph, not {type(state_graph).__name__}")
        self.state_graph = state_graph
        self._static = state_graph_figure(state_graph)  # for the picture: never from the FigureWidget
        self._figure, self._node_traces = _figure_widget(self._static, "states-nodes-")
        for i in self._node_traces:
            self._figure.data[i].on_click(self._clicked)
        self.selected: str | None = None
        self._own_board = board is None
        if board is None:
            board = BoardWidget(state_graph.game(state_graph.root))
        self.board = board
        kwargs.setdefault("layout", ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__(children=(self._figure, board) if self._own_board else (self._figure,), **kwargs)
        self.add_class("tt-states-widget")

    @property
    def figure(self) -> go.FigureWidget:
        return self._figure

    def select(self, node: str) -> bool:
        """Show a state in the linked board, as a click on it does. Never raises."""
        sg = self.state_graph
        node = str(node)
        if node not in sg.graph:
            self.board.tell(f"No state {node[:12]}… in this state graph.", error=True)
            return False
        if node not in sg.games:
            self.board.tell("This state graph kept no games (explore(keep_games=False)).", error=True)
            return False
        game = sg.game(node)
        d = sg.graph.nodes[node]
        self.selected = node
        self.board.show(game, message=f"state at depth {d['depth']}: {game_status(game)}")
        return True

    def _clicked(self, trace: Any, points: Any, _state: Any = None) -> None:
        node = _point_node(trace, points)
        if node is not None:
            self.select(node)

    def _static_html(self) -> str:
        board = self.board._static_html() if self._own_board else ""
        return figure_html(self._static) + board

    def __repr__(self) -> str:
        sg = self.state_graph
        sel = "" if self.selected is None else f", state at depth {sg.graph.nodes[self.selected]['depth']} selected"
        return f"<StateGraphWidget {len(sg)} states, depth {len(sg.perft) - 1}{sel}>"
