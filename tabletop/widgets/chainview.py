"""ChainView: the trigger chain of the turn being played, labelled in words, a click on a step shows why.

:class:`~tabletop.widgets.TriggerChainWidget` draws a whole chain with plotly, which costs a
second or more per redraw once a game is long. A lab redraws its chain after every move, so this
view draws only the records since the current turn began (``tabletop.analysis.chains.turn_start``:
the graph is made from those records alone, ``Trace.graph(since=...)``) as the labelled SVG of
:func:`tabletop.render.chain_svg`: a few milliseconds, the same at the thousandth step as at the
tenth. The earlier steps are folded into one line (``more``); ``tt.trigger_chain(game)`` draws them all.
"""

from __future__ import annotations

import contextlib
from html import escape
from typing import Any

import anywidget
import traitlets as t

from ..analysis.chains import trigger_chain, turn_start, why
from ..core.errors import quote
from ..core.game import Game
from ..core.trace import Trace
from ..render.chains import chain_svg
from ..render.pictures import picture_html
from ._assets import asset
from ._static import StaticFallback

__all__ = ["ChainView"]


class ChainView(StaticFallback, anywidget.AnyWidget):
    """The chain of causes of the current turn of ``game`` (or of a trace), as a labelled picture.

    ``.chain`` is the graph drawn (records from ``.since`` on), ``.select(node)`` does what a click on a
    step does (``.selected``, ``.why_text`` and the ``why`` panel: the step's causes with their rules),
    ``.refresh(game)`` redraws for a game that moved on.
    """

    _esm = asset("chain.js")
    _css = asset("chain.css")
    svg = t.Unicode("").tag(sync=True)
    more = t.Unicode("").tag(sync=True)
    why = t.Unicode("").tag(sync=True)
    selected = t.Any(None).tag(sync=True)
    # the position drawn (a fingerprint's first 16 characters), shown as data-at for tests and the bench
    at = t.Unicode("").tag(sync=True)

    def __init__(self, source: Game | Trace, *, title: str | None = None, at: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self._title = title
        self.why_text = ""
        self.on_msg(self._front_end_message)
        self.refresh(source, at=at)

    def refresh(self, source: Game | Trace, at: str | None = None) -> None:
        """Draw the current turn's chain of ``source`` (keeps the selection while it is still drawn).
        ``at``: the fingerprint of the position drawn (a game's own by default), shown as ``data-at``."""
        if not isinstance(source, Game | Trace):
            raise TypeError(f"ChainView needs a Game or a Trace, not {type(source).__name__}")
        self.source = source
        trace = source.trace if isinstance(source, Game) else source
        self.since = turn_start(trace)
        self.chain = trigger_chain(source, since=self.since)
        keep = self.selected
        with self.hold_sync():
            self.at = (at if at is not None else source.fingerprint() if isinstance(source, Game) else "")[:16]
            self.svg = chain_svg(self.chain, title=self._title) if len(self.chain) else ""
            self.more = (
                f"{self.since} earlier step{'s' * (self.since != 1)} (before this turn) are folded away: "
                "tt.trigger_chain(game) draws the whole game."
                if self.since
                else ""
            )
            if keep is not None and keep in self.chain:
                self.select(keep)
            else:
                self.selected, self.why_text = None, ""
                self.why = "<i>Click a step to see why it happened.</i>" if len(self.chain) else "<i>No steps yet.</i>"

    def select(self, node: Any) -> bool:
        """Show why step ``node`` happened (its causes, each with its rule). Never raises."""
        with contextlib.suppress(TypeError, ValueError):
            node = int(node)
        try:
            known = node in self.chain
        except TypeError:  # unhashable
            known = False
        if not known:
            self.why = f"<span class='tt-error'>No step {escape(quote(node))} in this turn's chain.</span>"
            return False
        chain = why(self.chain, node)
        self.selected, self.why_text = node, chain.text()
        self.why = f"<b>Why step {node}?</b><pre>{escape(self.why_text)}</pre>"
        return True

    def _front_end_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if isinstance(content, dict) and content.get("type") == "why":
            self.select(content.get("node"))

    def _static_html(self) -> str:
        return (f"<div>{escape(self.more)}</div>" if self.more else "") + (
            picture_html(self.svg, alt="trigger chain of this turn", cls="tt-picture tt-chain-picture")
            if self.svg
            else ""
        )

    def __repr__(self) -> str:
        rid = self.source.rulebook.id if isinstance(self.source, Game) else "trace"
        return f"<ChainView {rid}: {self.chain.number_of_nodes()} steps this turn, {self.since} folded>"
