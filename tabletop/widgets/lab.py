"""Lab: board, decision panel, narrated log, trigger chain and timeline together, all linked."""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any

import ipywidgets as ipw

from ..core.game import Game
from ..render.board import board_html
from ._static import StaticFallback
from .board import BoardWidget, game_status
from .figures import TriggerChainWidget
from .timeline import Timeline

__all__ = ["Lab"]


class Lab(StaticFallback, ipw.VBox):
    """A classroom view of ``game``: play on the board or with the option buttons; the log (last
    ``log_lines`` lines, each with its rule reference), the trigger chain and the timeline follow
    every move. Scrubbing the timeline shows past positions; a move made there plays on from it.

    Parts: ``.board``, ``.panel`` (the option buttons, ``.buttons``), ``.log_view`` (an HTML widget;
    ``.log_text`` its text), ``.chain``, ``.timeline``; ``.game`` is the game being played.

    A decision of kind ``acknowledge`` with one option (a memory player turning a mismatch back) is applied
    by itself ``pause`` seconds after it opens, unless a move was made meanwhile (its button applies it at
    once); ``pause=None`` leaves it to the student. ``.pending`` is the option waiting, ``advance()`` applies
    it now (outside a running event loop, as in a script, nothing applies it by itself).
    """

    def __init__(self, game: Game, *, log_lines: int = 20, pause: float | None = 1.5, **kwargs: Any):
        if not isinstance(game, Game):
            raise TypeError(f"Lab needs a tabletop Game, not {type(game).__name__}")
        self.game = game
        self.log_lines = log_lines
        self.pause = pause
        self.pending: str | None = None
        self.board = BoardWidget(game)
        self.timeline = Timeline(game, board=self.board)
        self.chain = TriggerChainWidget(game)
        self.header = ipw.HTML()
        self.panel = ipw.VBox(layout=ipw.Layout(min_width="220px", max_width="360px"))
        self.panel.add_class("tt-lab-panel")
        self.buttons: list[ipw.Button] = []
        self.log_view = ipw.HTML(layout=ipw.Layout(max_height="320px", overflow="auto"))
        self.log_view.add_class("tt-lab-log")
        self.log_text = ""
        super().__init__(**kwargs)
        self.add_class("tt-lab")
        self.children = (
            self.header,
            ipw.HBox([self.board, self.panel]),
            self.timeline,
            ipw.HTML("<b>Log</b> (latest steps, with rule references)"),
            self.log_view,
            self.chain,
        )
        self.board.on_change(self._board_changed)
        self._update_panel()
        self._update_log()

    def choose(self, option_id: str) -> bool:
        """Make a choice as the board or a button does (returns whether it was applied)."""
        return self.board.choose(option_id)

    def advance(self) -> bool:
        """Apply the lone ``acknowledge`` option waiting for its pause now (returns whether one was)."""
        oid, self.pending = self.pending, None
        return oid is not None and self.board.choose(oid)

    # ------------------------------------------------------------- internals
    def _board_changed(self, event: dict) -> None:
        if event["type"] == "move":
            self.game = event["game"]
            self.timeline.refresh(self.game)
            self.chain.refresh(self.game)
            self._update_log()
        self._update_panel()

    def _update_panel(self) -> None:
        self.header.value = (
            f"<div class='tt-lab-head'><b>{escape(self.game.rulebook.title)}</b> — "
            f"{escape(game_status(self.game))}, {self.board.moves} moves in this lab</div>"
        )
        buttons = []
        shown = self.board.fingerprint  # a click on a button of an older panel (a browser lagging) is refused
        for opt in self.board.options:
            label = opt["label"] if len(opt["label"]) <= 40 else opt["label"][:39] + "…"
            b = ipw.Button(description=label, tooltip=f"{opt['id']}: {opt['label']}", layout=ipw.Layout(width="auto"))
            b.add_class("tt-lab-option")
            b.on_click(lambda _b, oid=opt["id"], fp=shown: self.board.choose(oid, fp))
            buttons.append(b)
        self.buttons = buttons
        head = ipw.HTML(f"<b>{escape(self.board.prompt)}</b>")
        self.panel.children = (head, *buttons)
        self._schedule(shown)

    def _schedule(self, shown: str) -> None:
        """A lone ``acknowledge`` option: wait ``pause`` seconds, then apply it if the position is still ``shown``."""
        dec = self.game.decision
        self.pending = None
        if self.pause is None or dec is None or dec.kind != "acknowledge" or len(dec.options) != 1:
            return
        self.pending = oid = dec.options[0].id
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop runs (a script, a test): advance() applies it
            return

        def later() -> None:
            if self.pending == oid and self.board.fingerprint == shown:
                self.advance()

        loop.call_later(self.pause, later)

    def _update_log(self) -> None:
        lines = self.game.log.lines()
        shown = lines[-self.log_lines :] if self.log_lines else lines
        self.log_text = "\n".join(shown)
        more = (
            f"<div class='tt-more'>… {len(lines) - len(shown)} earlier steps</div>" if len(shown) < len(lines) else ""
        )
        self.log_view.value = f"{more}<pre class='tt-log'>{escape(self.log_text)}</pre>"

    def _static_html(self) -> str:
        """The header, the board, the options (in full), the log and the chain, as a picture."""
        options = "".join(f"<li>{escape(o['label'])}</li>" for o in self.board.options)
        panel = f"<div class='tt-lab-panel'><b>{escape(self.board.prompt)}</b><ul>{options}</ul></div>"
        return (
            self.header.value
            + board_html(self.board.view)
            + panel
            + "<div><b>Log</b> (latest steps, with rule references)</div>"
            + self.log_view.value
            + self.chain._static_html()
        )

    def __repr__(self) -> str:
        n = len(self.game.legal())
        return (
            f"<Lab {self.game.rulebook.id}: {game_status(self.game)}, {n} option{'s' * (n != 1)}, "
            f"{self.board.moves} moves>"
        )
