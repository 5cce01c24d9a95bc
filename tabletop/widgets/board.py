"""BoardWidget: any rulebook's board, drawn by :func:`tabletop.render.board.board_svg`, clickable.

Python owns the game. The browser half (``widgets/board.js``) inserts the ``svg`` trait and
sends ``{"type": "choose", "id": ..., "fingerprint": ...}`` when an element with
``data-option`` (or an option button) is clicked; :meth:`BoardWidget.receive` handles that
message, applies the option with ``game.apply`` and updates every trait. A click that cannot
be applied (stale fingerprint, unknown option, wrong player, game over) only sets ``message``.

The browser is not trusted: the seat a board was created for is kept in Python, every trait is
written by Python only (state the browser sends is refused and sent back), a board sends only the
options of its seat, and a malformed message is answered in ``message``, quoting at most ~100
characters of it. Nothing the browser sends raises in the kernel or changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import anywidget
import traitlets as t

from ..core.decision import CHANCE
from ..core.errors import TabletopError, clip, quote
from ..core.game import Game
from ..render.board import _option_ids, board_html, board_svg
from ._assets import asset
from ._static import StaticFallback
from .slots import slots

__all__ = ["BoardWidget"]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who(player: Any) -> str:
    return "chance" if player == CHANCE else f"player {player}"


ITEM_KEYS = ("cards", "tokens", "zones", "cells")  # the parts of a board view whose elements offer options
# the traits this board owns; the browser only draws them (``player`` above all: it is the seat)
BOARD_TRAITS = (
    "view",
    "svg",
    "options",
    "slots",
    "prompt",
    "message",
    "error",
    "fingerprint",
    "moves",
    "title",
    "player",
)


def _on_board(view: dict) -> set[str]:
    """Option ids that some element of the board view offers (the rest get buttons)."""
    ids: set[str] = set()
    for key in ITEM_KEYS:
        for item in view.get(key) or ():
            if isinstance(item, dict):
                ids.update(_option_ids(item.get("option"), item.get("options")))
    return ids


def _only_options(view: dict, allowed: set[str]) -> dict:
    """``view`` with every element offering only ``allowed`` options (the seat's): a board never
    draws a clickable element for an option its seat may not choose, whatever the rulebook's view says."""
    if _on_board(view) <= allowed:
        return view

    def trimmed(item: Any) -> Any:
        if not isinstance(item, dict):
            return item
        ids = _option_ids(item.get("option"), item.get("options"))
        return item if set(ids) <= allowed else {**item, "option": None, "options": [o for o in ids if o in allowed]}

    return {
        k: [trimmed(i) for i in v] if k in ITEM_KEYS and isinstance(v, list | tuple) else v for k, v in view.items()
    }


def game_status(game: Game) -> str:
    """``turn 3, player 0 to act`` / ``turn 9, game over (winners [0])``: deterministic text."""
    st = game.state
    turn = game.rulebook.turn_number(st)  # (the rulebook's count: Warlord's is its round)
    when = f"turn {turn}, " if turn else ""  # (turn 0 is before the first turn: a set-up, a mulligan, a night)
    if st.result is not None:
        winners = st.result.get("winners")
        who = "draw" if winners == [] else f"winners {list(winners) if winners is not None else winners}"
        return f"{when}game over ({who})"
    dec = st.decision
    if dec is None:
        return f"{when}no decision open"
    return f"{when}{_who(dec['player'])} to act"


class BoardWidget(StaticFallback, anywidget.AnyWidget):
    """A clickable board for ``game``, seen by ``player`` (``None``: everybody plays here).

    Traits synced with the browser: ``view`` (the rulebook's board view), ``svg`` (the board
    drawn), ``options`` (``[{"id", "label", "on_board"}]`` of the open decision, for the deciding
    player or for anybody when ``player`` is ``None``), ``slots`` (where the options that place a card
    put it, drawn as drop markers when the card is selected: :func:`tabletop.widgets.slots.slots`),
    ``prompt``, ``message`` (what the user is told; ``error`` is true when it explains a refused click),
    ``fingerprint`` (of the game shown), ``moves`` (choices applied through this widget), ``title`` and ``player``.

    ``player`` is the seat, fixed when the board is made: it decides what the board shows and
    for whom it plays, so neither the browser nor a later assignment can change it (make another
    board for another seat). All traits are Python's: state sent by the browser is refused.
    ``card_text``: face-up cards show their rules text on the card, not only in a tooltip (the Lab's boards;
    off by default, so the live board and its static picture are the same drawing).

    Where the widget is not live (an unrun notebook, GitHub, nbconvert's HTML) its output shows
    a picture of the same board (``text/html``, :func:`tabletop.render.board.board_html`).
    """

    _esm = asset("board.js")
    _css = asset("board.css")

    view = t.Dict().tag(sync=True)
    svg = t.Unicode("").tag(sync=True)
    options = t.List().tag(sync=True)
    slots = t.List().tag(sync=True)  # where the options that place a card put it (tabletop.widgets.slots)
    prompt = t.Unicode("").tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    error = t.Bool(False).tag(sync=True)
    fingerprint = t.Unicode("").tag(sync=True)
    moves = t.Int(0).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    player = t.Any(None).tag(sync=True)
    # buttons under the board for the options no card offers ("end the turn"); a Lab turns them off, its
    # panel lists every option already
    off_board_buttons = t.Bool(True).tag(sync=True)

    def __init__(self, game: Game, player: int | None = None, *, card_text: bool = False, **kwargs: Any):
        if not isinstance(game, Game):
            raise TypeError(f"BoardWidget needs a tabletop Game, not {type(game).__name__}")
        if game.rulebook.board is None:
            raise ValueError(f"rulebook {game.rulebook.id!r} has no board view to draw")
        self._seat = player  # the seat the board was made for; the ``player`` trait only shows it
        self._card_text = bool(card_text)  # face-up cards carry their rules text (not only in the tooltip)
        super().__init__(**kwargs)
        self._game = game
        self._frozen = ""  # why moves are refused now (a puzzle that is over), or ""
        self._callbacks: list[Callable[[dict], Any]] = []
        self.player = player
        self.on_msg(self._front_end_message)
        self._sync()

    # ------------------------------------------------------------ public API
    @t.validate("player")
    def _fixed_seat(self, proposal: Any) -> Any:
        if proposal["value"] != self._seat:
            raise t.TraitError(
                f"the seat of a BoardWidget is fixed when it is made (player {self._seat}); "
                f"make BoardWidget(game, player={quote(proposal['value'])}) for another seat"
            )
        return proposal["value"]

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
            self._say(f"Not applied: unexpected {type(exc).__name__}: {clip(str(exc))}", error=True)
            return False

    def show(self, game: Game, message: str = "") -> None:
        """Display another game or position (e.g. a state of a state graph, a step of a timeline)."""
        if not isinstance(game, Game):
            self._say(f"Cannot show {type(game).__name__}: a tabletop Game is needed", error=True)
            return
        self._game = game
        self._sync(message=message)
        self._notify({"type": "show", "owner": self, "game": game, "option": None, "fingerprint": self.fingerprint})

    def freeze(self, reason: str | None) -> None:
        """Refuse every move, saying ``reason`` (a puzzle that is over: "click Try again"), until
        ``freeze(None)``; the board still shows its game."""
        if (reason or "") != self._frozen:
            self._frozen = reason or ""
            self._sync(message=self.message, error=self.error)

    @property
    def frozen(self) -> str:
        """Why moves are refused now ("" when they are not)."""
        return self._frozen

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
        """Handle one message from the browser (what a click sends). Never raises, never trusts it:
        the option must be an id (text) of the open decision of this board's seat."""
        try:
            if not isinstance(content, dict):
                self._say(f"Ignored a message from the browser that is not a dict: {quote(content)}", error=True)
                return False
            kind = content.get("type")
            if kind == "why_not":
                about = content.get("about")
                if not isinstance(about, str):
                    self._say(f"Ignored a question about a card whose id is not text: {quote(about)}", error=True)
                    return False
                self.why_not(about)
                return True
            if kind != "choose":
                self._say(f"Ignored a message of unknown type {quote(kind)} from the browser", error=True)
                return False
            oid, fingerprint = content.get("id"), content.get("fingerprint")
            if oid is None:
                self._say("Ignored a click that named no option", error=True)
                return False
            if not isinstance(oid, str):
                self._say(f"Ignored a click whose option id is not text: {quote(oid)}", error=True)
                return False
            if fingerprint is not None and not isinstance(fingerprint, str):
                self._say(f"Ignored a click whose fingerprint is not text: {quote(fingerprint)}", error=True)
                return False
            return self.choose(oid, fingerprint)
        except Exception as exc:  # e.g. a dict subclass whose get() fails: still never raise
            self._say(f"Ignored a message from the browser: {type(exc).__name__}: {clip(str(exc))}", error=True)
            return False

    def set_state(self, sync_data: Any) -> None:
        """State sent by the browser. Every trait of the board is Python's (a browser that set ``player``
        would see another seat's hand and play for it), so a change is refused, Python's values are sent
        back and ``message`` says what was ignored; the traits of the widget base go to ipywidgets.
        Never raises."""
        try:
            if not isinstance(sync_data, dict):
                self._say(f"Ignored state from the browser that is not a dict: {quote(sync_data)}", error=True)
                return
            refused = [k for k in sync_data if k in BOARD_TRAITS]
            rest = {k: v for k, v in sync_data.items() if isinstance(k, str) and k not in BOARD_TRAITS}
            if rest:
                super().set_state(rest)
            if refused:
                self.send_state(key=refused)  # the browser's model gets Python's values again
                what = "the seat" if "player" in refused else "the board"
                seat = "everybody" if self._seat is None else f"player {self._seat}"
                self._say(
                    f"Ignored a change of {', '.join(refused)} from the browser: {what} is set in Python "
                    f"(this board is {seat}'s).",
                    error=True,
                )
        except Exception as exc:
            self._say(f"Ignored state from the browser: {type(exc).__name__}: {clip(str(exc))}", error=True)

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
        if self._frozen:
            self._say(f"Not applied: {self._frozen}", error=True)
            return False
        if game.over:
            self._say(f"Not applied: the game is over ({game_status(game).split(', ', 1)[1]}).", error=True)
            return False
        dec = game.decision
        if dec is None:
            self._say("Not applied: no decision is open.", error=True)
            return False
        if self._seat is not None and dec.player != self._seat:
            self._say(
                f"Not applied: it is {_who(dec.player)}'s decision ({dec.prompt}), "
                f"and this board is player {self._seat}'s.",
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

    def why_not(self, about: str) -> str:
        """Say under the board why object ``about`` (a card clicked that offers nothing) cannot act now:
        each reason the open decision gives with its rule and citation (``Game.why_not``); returns the text."""
        game = self._game
        name = f"this card ({about})"
        if about not in game.state.objects:
            text = f"There is no card {quote(about)} on this board."
        elif game.decision is None:
            text = f"The game is over: {name} has nothing to do."
        elif self._seat is not None and game.decision.player != self._seat:
            text = f"It is {_who(game.decision.player)}'s turn to decide, not yours."
        elif not game.tracing:
            text = f"No option involves {name}; this game is untraced, so the rule that says why is not known."
        else:
            reasons = game.why_not(about)
            if reasons:
                cite = game.trace.cite
                lines = (f"{r['option']}: not now. {_capital(r['reason'])} [{cite(r['rule'])}]" for r in reasons)
                text = "\n".join(lines)
            else:
                text = f"No option involves {name} now ({game.decision.prompt or game.decision.kind})."
        self._say(text)
        return text

    def tell(self, text: str, error: bool = False) -> None:
        """Show ``text`` under the board (``error``: as the reason something was not done)."""
        self._say(text, error=error)

    def _say(self, text: str, error: bool = False) -> None:
        with self.hold_sync():
            self.message = text
            self.error = error

    def _notify(self, event: dict) -> None:
        for callback in list(self._callbacks):
            try:
                callback(event)
            except Exception as exc:  # a linked widget failing must not break the board
                self._say(
                    f"{self.message} (a linked widget failed: {type(exc).__name__}: {clip(str(exc))})", error=True
                )

    def _options(self, view: dict) -> list[dict]:
        dec = self._game.decision
        if self._frozen or dec is None or (self._seat is not None and dec.player != self._seat):
            return []
        on_board = _on_board(view)
        return [{"id": o.id, "label": o.label, "on_board": o.id in on_board} for o in dec.options]

    def _prompt(self) -> str:
        if self._frozen:
            return self._frozen
        dec = self._game.decision
        if dec is None:  # the status without its "turn N, " (there is none before the first turn)
            return game_status(self._game).split(", ", 1)[-1]
        if self._seat is not None and dec.player != self._seat:
            return f"waiting for {_who(dec.player)}: {dec.prompt}"
        return f"{_who(dec.player)}: {dec.prompt}" if dec.prompt else f"{_who(dec.player)} decides ({dec.kind})"

    def _sync(self, message: str = "", error: bool = False) -> None:
        game = self._game
        view = game.rulebook.board(game.table, self._seat)
        options = self._options(view)
        view = _only_options(view, {o["id"] for o in options})
        with self.hold_sync():
            self.view = view
            self.svg = board_svg(view, card_text=self._card_text)
            self.options = options
            self.slots = slots(view, [o["id"] for o in options])
            self.prompt = self._prompt()
            self.fingerprint = game.fingerprint()
            self.title = f"{game.rulebook.title} — {game_status(game)}"
            self.message = message
            self.error = error

    def __repr__(self) -> str:
        seat = "" if self._seat is None else f" as player {self._seat}"
        n = len(self.options)
        return f"<BoardWidget {self._game.rulebook.id}{seat}: {game_status(self._game)}, {n} option{'s' * (n != 1)}>"

    def _repr_html_(self) -> str:
        return board_html(self.view)

    def _static_html(self) -> str:
        return f"<div class='tt-board-title'><b>{escape(self.title)}</b></div>{board_html(self.view)}"
