"""BoardWidget: any rulebook's board, drawn by :func:`tabletop.render.board.board_svg`, clickable.

Python owns the game. The browser half (``widgets/board.js``) inserts the ``svg`` trait and
sends ``{"type": "choose", "id": ..., "fingerprint": ...}`` when an element with
``data-option`` (or an option button) is clicked; :meth:`BoardWidget.receive` handles that
message, applies the option with ``game.apply`` and updates every trait. A click that cannot
be applied (stale fingerprint, unknown option, wrong player, game over) only sets ``message``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from ..core.decision import CHANCE
from ..core.errors import TabletopError, quote
from ..core.game import Game
from ..render.board import _option_ids, board_html, board_svg
from ._assets import asset

__all__ = ["BoardWidget"]


def _who(player: Any) -> str:
    return "chance" if player == CHANCE else f"player {player}"


def _on_board(view: dict) -> set[str]:
    """Option ids that some element of the board view offers (the rest get buttons)."""
    ids: set[str] = set()
    for key in ("cards", "tokens", "zones", "cells"):
        for item in view.get(key) or ():
            if isinstance(item, dict):
                ids.update(_option_ids(item.get("option"), item.get("options")))
    return ids


def game_status(game: Game) -> str:
    """``turn 3, player 0 to act`` / ``turn 9, game over (winners [0])``: deterministic text."""
    st = game.state
    turn = st.turn.get("number") if isinstance(st.turn, dict) else st.turn
    if st.result is not None:
        winners = st.result.get("winners")
        who = "draw" if winners == [] else f"winners {list(winners) if winners is not None else winners}"
        return f"turn {turn}, game over ({who})"
    dec = st.decision
    if dec is None:
        return f"turn {turn}, no decision open"
    return f"turn {turn}, {_who(dec['player'])} to act"


class BoardWidget(anywidget.AnyWidget):
    """A clickable board for ``game``, seen by ``player`` (``None``: everybody plays here).

    Traits synced with the browser: ``view`` (the rulebook's board view), ``svg`` (the board
    drawn), ``options`` (``[{"id", "label", "on_board"}]`` of the open decision, for the deciding
    player or for anybody when ``player`` is ``None``), ``prompt``, ``message`` (what the user
    is told; ``error`` is true when it explains a refused click), ``fingerprint`` (of the game
    shown), ``moves`` (choices applied through this widget), ``title`` and ``player``.
    """

    _esm = asset("board.js")
    _css = asset("board.css")

    view = t.Dict().tag(sync=True)
    svg = t.Unicode("").tag(sync=True)
    options = t.List().tag(sync=True)
    prompt = t.Unicode("").tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    error = t.Bool(False).tag(sync=True)
    fingerprint = t.Unicode("").tag(sync=True)
    moves = t.Int(0).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    player = t.Any(None).tag(sync=True)

    def __init__(self, game: Game, player: int | None = None, **kwargs: Any):
        if not isinstance(game, Game):
            raise TypeError(f"BoardWidget needs a tabletop Game, not {type(game).__name__}")
        if game.rulebook.board is None:
            raise ValueError(f"rulebook {game.rulebook.id!r} has no board view to draw")
        super().__init__(**kwargs)
        self._game = game
        self._callbacks: list[Callable[[dict], Any]] = []
        self.player = player
        self.on_msg(self._front_end_message)
        self._sync()

    # ------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The game shown (moves made on the board are applied to this very object)."""
        return self._game

    def choose(self, option_id: Any, fingerprint: str | None = None) -> bool:
        """Apply an option of the open decision, exactly as a click does. Never raises.

        Returns True when the move was applied; otherwise the game is unchanged and ``message``
        says why. ``fingerprint`` (what the browser saw) guards against stale clicks.
        """
        try:
            return self._choose(option_id, fingerprint)
        except Exception as exc:  # a widget callback must never raise into the kernel's comm loop
            self._say(f"Not applied: unexpected {type(exc).__name__}: {exc}", error=True)
            return False

    def show(self, game: Game, message: str = "") -> None:
        """Display another game or position (e.g. a state of a state graph, a step of a timeline)."""
        if not isinstance(game, Game):
            self._say(f"Cannot show {type(game).__name__}: a tabletop Game is needed", error=True)
            return
        self._game = game
        self._sync(message=message)
        self._notify({"type": "show", "owner": self, "game": game, "option": None, "fingerprint": self.fingerprint})

    def refresh(self) -> None:
        """Redraw after the game was changed outside the widget."""
        self._sync(message=self.message, error=self.error)

    def on_change(self, callback: Callable[[dict], Any], remove: bool = False) -> None:
        """Call ``callback(event)`` after every move or :meth:`show`.

        ``event`` is a dict: ``type`` (``"move"`` or ``"show"``), ``owner`` (this widget),
        ``game``, ``option`` (the option id of a move, else ``None``) and ``fingerprint``.
        """
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def receive(self, content: Any) -> bool:
        """Handle one message from the browser (what a click sends). Never raises."""
        if not isinstance(content, dict):
            self._say(f"Ignored a message from the browser that is not a dict: {quote(content)}", error=True)
            return False
        kind = content.get("type")
        if kind != "choose":
            self._say(f"Ignored a message of unknown type {quote(kind)} from the browser", error=True)
            return False
        if content.get("id") is None:
            self._say("Ignored a click that named no option", error=True)
            return False
        return self.choose(content.get("id"), content.get("fingerprint"))

    # ------------------------------------------------------------- internals
    def _front_end_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.receive(content)

    def _choose(self, option_id: Any, fingerprint: str | None) -> bool:
        game = self._game
        if fingerprint is not None and fingerprint != game.fingerprint():
            self._say(
                "Not applied: that click was made on a position that is no longer shown "
                "(the board has changed since). Look at the board again and click once more.",
                error=True,
            )
            return False
        if game.over:
            self._say(f"Not applied: the game is over ({game_status(game).split(', ', 1)[1]}).", error=True)
            return False
        dec = game.decision
        if dec is None:
            self._say("Not applied: no decision is open.", error=True)
            return False
        if self.player is not None and dec.player != self.player:
            self._say(
                f"Not applied: it is {_who(dec.player)}'s decision ({dec.prompt}), "
                f"and this board is player {self.player}'s.",
                error=True,
            )
            return False
        oid = option_id.id if hasattr(option_id, "id") else str(option_id)
        legal = dec.ids
        if oid not in legal:
            shown = ", ".join(legal[:12]) + (f" and {len(legal) - 12} more" if len(legal) > 12 else "")
            self._say(
                f"Not applied: {quote(oid)} is not an option now ({dec.prompt}); the options are {shown}.", error=True
            )
            return False
        label = next(o.label for o in dec.options if o.id == oid)
        who = _who(dec.player)
        try:
            game.apply(oid)
        except TabletopError as exc:
            self._say(f"Not applied: {exc}", error=True)
            return False
        self.moves += 1
        self._sync(message=f"{who} chose {label}.")
        self._notify({"type": "move", "owner": self, "game": game, "option": oid, "fingerprint": self.fingerprint})
        return True

    def _say(self, text: str, error: bool = False) -> None:
        with self.hold_sync():
            self.message = text
            self.error = error

    def _notify(self, event: dict) -> None:
        for callback in list(self._callbacks):
            try:
                callback(event)
            except Exception as exc:  # a linked widget failing must not break the board
                self._say(f"{self.message} (a linked widget failed: {type(exc).__name__}: {exc})", error=True)

    def _options(self, view: dict) -> list[dict]:
        dec = self._game.decision
        if dec is None or (self.player is not None and dec.player != self.player):
            return []
        on_board = _on_board(view)
        return [{"id": o.id, "label": o.label, "on_board": o.id in on_board} for o in dec.options]

    def _prompt(self) -> str:
        dec = self._game.decision
        if dec is None:
            return game_status(self._game).split(", ", 1)[1]
        if self.player is not None and dec.player != self.player:
            return f"waiting for {_who(dec.player)}: {dec.prompt}"
        return f"{_who(dec.player)}: {dec.prompt}" if dec.prompt else f"{_who(dec.player)} decides ({dec.kind})"

    def _sync(self, message: str = "", error: bool = False) -> None:
        game = self._game
        view = game.rulebook.board(game, self.player)
        with self.hold_sync():
            self.view = view
            self.svg = board_svg(view)
            self.options = self._options(view)
            self.prompt = self._prompt()
            self.fingerprint = game.fingerprint()
            self.title = f"{game.rulebook.title} — {game_status(game)}"
            self.message = message
            self.error = error

    def __repr__(self) -> str:
        seat = "" if self.player is None else f" as player {self.player}"
        n = len(self.options)
        return f"<BoardWidget {self._game.rulebook.id}{seat}: {game_status(self._game)}, {n} option{'s' * (n != 1)}>"

    def _repr_html_(self) -> str:
        return board_html(self.view)

    def _repr_mimebundle_(self, **kwargs: Any):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = {**data, "text/plain": repr(self), "text/html": self._repr_html_()}
        return data, meta
