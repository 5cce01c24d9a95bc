"""Timeline: a slider over a game's history that shows past positions in a linked board.

Positions are rebuilt by replaying (the game's start, :meth:`Game.start`: a new game with its seed,
players, chance mode and options, or the position file it was loaded from; then its first ``k``
non-automatic choices) and cached; the game itself is
never changed.
"""

from __future__ import annotations

import contextlib
import operator
import re
from typing import Any

import ipywidgets as ipw

from ..core.errors import clip, quote
from ..core.game import Game
from ._static import StaticFallback
from .board import BoardWidget, game_status

__all__ = ["Timeline", "positions"]


def _whole_number(k: Any) -> int | None:
    """``k`` as an int when it is one (an int or numpy integer, an integral float, or text of digits), else None."""
    if isinstance(k, bool):
        return None
    if isinstance(k, float):
        return int(k) if k.is_integer() else None
    if isinstance(k, str):
        return int(k) if re.fullmatch(r"\s*[+-]?[0-9]{1,18}\s*", k) else None
    try:
        return operator.index(k)
    except Exception:  # not an integer, or a broken __index__
        return None


def _fresh(game: Game, chance: str) -> Game:
    return game.start(chance=chance)


def _replay_choices(game: Game) -> list[Game]:
    """After 0..k non-automatic choices, replayed with the game's own chance mode."""
    pos = _fresh(game, game.chance)
    out = [pos.clone()]
    for step in game.history:
        if not step.get("auto"):
            pos.apply(step["option"])
            out.append(pos.clone())
    return out


def _replay_everything(game: Game) -> list[Game]:
    """The same, with chance manual and every recorded outcome applied (for games whose
    random outcomes were set by hand, e.g. scenarios)."""
    pos = _fresh(game, "manual")
    out = [pos.clone()]
    for step in game.history:
        if step.get("auto") and step["option"] not in pos.legal():
            continue  # an automatic step the kernel already took
        pos.apply(step["option"])
        if not step.get("auto"):
            out.append(pos.clone())
        else:
            out[-1] = pos.clone()  # automatic steps belong to the position of the last choice
    for p in out:
        p.chance = game.chance
    return out


def positions(game: Game) -> tuple[list[Game], str]:
    """Every position after 0..k choices, and ``""`` (or why the replay does not match)."""
    problems = []
    for build in (_replay_choices, _replay_everything):
        try:
            out = build(game)
        except Exception as exc:
            problems.append(f"{type(exc).__name__}: {exc}")
            continue
        if out[-1].fingerprint() == game.fingerprint():
            return out, ""
        problems.append("the replay ends in another position")
    return [], "this game cannot be replayed from its seed and history (" + "; ".join(problems) + ")"


class _StepSlider(ipw.IntSlider):
    """An IntSlider whose state from the browser never raises in the kernel: a value that is not an
    int is ignored, and the browser is sent the slider's real state back."""

    def set_state(self, sync_data: Any) -> None:
        try:
            super().set_state(sync_data)
        except Exception:
            with contextlib.suppress(Exception):
                self.send_state()


def _choices(game: Game) -> list[str]:
    return [h["option"] for h in game.history if not h.get("auto")]


class Timeline(StaticFallback, ipw.VBox):
    """Scrub through ``game``'s history: step ``k`` shows the position after ``k`` choices.

    ``.slider`` (an ``IntSlider`` over 0..number of choices), ``.board`` (the linked board,
    created when none is given), ``.step`` (get or set), ``.show_step(k)``, ``.position(k)``,
    ``.refresh(game)`` (after the game moved on).

    Playing on from a past position starts a new *line* and keeps the old one: ``.lines`` holds every
    line's game, ``.line`` (get or set) is the one shown, and ``.line_picker`` (shown once there are two)
    returns to any of them. ``.on_line(callback)``: called with the line's game whenever another line is
    shown, so what follows the game (a lab's header and log) can follow it too. ``viewers``: the seats
    looking (a Lab's); the caption names only their own choices.
    """

    def __init__(self, game: Game, board: BoardWidget | None = None, *, viewers: Any = None, **kwargs: Any):
        if not isinstance(game, Game):
            raise TypeError(f"Timeline needs a tabletop Game, not {type(game).__name__}")
        self._own_board = board is None
        # the seats looking (a Lab's): the caption does not name another seat's choice (e.g. the cards it swapped)
        self.viewers = None if viewers is None else tuple(viewers)
        self.board = board if board is not None else BoardWidget(game)
        self.slider = _StepSlider(
            min=0, max=0, value=0, description="step", continuous_update=True, layout=ipw.Layout(width="95%")
        )
        self.caption = ipw.HTML()
        self.caption.add_class("tt-timeline-caption")
        self.line_picker = ipw.Dropdown(description="line", layout=ipw.Layout(width="auto", display="none"))
        self.line_picker.add_class("tt-timeline-lines")
        self.game = game
        self.lines: list[Game] = [game]
        self._line = 0
        self._line_callbacks: list[Any] = []
        self._quiet = False
        super().__init__(**kwargs)
        self.add_class("tt-timeline")
        self.slider.observe(self._moved, names="value")
        self.line_picker.observe(self._picked, names="value")
        self.refresh(game)
        self.children = (
            ipw.HBox([self.slider, self.line_picker]),
            self.caption,
            *((self.board,) if self._own_board else ()),
        )

    # ------------------------------------------------------------ public API
    @property
    def steps(self) -> int:
        """The number of choices made in the game (the slider's maximum)."""
        return self._steps

    @property
    def step(self) -> int:
        return self.slider.value

    @step.setter
    def step(self, k: int) -> None:
        self.show_step(k)

    def position(self, k: int) -> Game:
        """The position after ``k`` choices (a copy: playing on it changes nothing here)."""
        if not 0 <= k <= self._steps:
            raise IndexError(f"step {k} is outside 0..{self._steps}")
        if k == self._steps:
            return self.game.clone()
        if not self._positions:
            raise ValueError(self._problem)
        return self._positions[k].clone()

    def show_step(self, k: int) -> bool:
        """Show the position after ``k`` choices in the board (the game is unchanged). Never raises:
        a ``k`` that is not a whole number (``"abc"``, ``2.5``, ``None``) is refused in the board's message,
        one outside 0..steps shows the nearest end."""
        step = _whole_number(k)
        if step is None:
            self.board.tell(
                f"Cannot show step {quote(k)}: a step is a whole number from 0 to {self._steps}.", error=True
            )
            return False
        k = max(0, min(step, self._steps))
        if self.slider.value != k:
            self.slider.value = k  # observe calls back into _show
            return self._shown
        return self._show(k)

    @property
    def line(self) -> int:
        """The index in :attr:`lines` of the line shown."""
        return self._line

    @line.setter
    def line(self, i: int) -> None:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.lines):
            raise IndexError(f"line {quote(i)} is outside 0..{len(self.lines) - 1}")
        if i != self._line:
            self._line = i
            self._follow(self.lines[i])
            self._pick_shown()
            self._show(self._steps)
            for callback in list(self._line_callbacks):
                callback(self.game)

    def on_line(self, callback: Any) -> None:
        """Call ``callback(game)`` when another line is shown (the line picker, or :attr:`line` set)."""
        if callback not in self._line_callbacks:
            self._line_callbacks.append(callback)

    def refresh(self, game: Game | None = None) -> None:
        """Follow a game that moved on (or another game): recount, rebuild lazily, jump to the end.

        A game that plays on from a past position of the line shown (its choices are the line's first
        ``k`` and then others) becomes a new line; the old one stays in :attr:`lines`. A game that goes
        on from the end of the line shown takes its place."""
        if game is not None and game is not self.game:
            mine, theirs = _choices(self.game), _choices(game)
            old = self.game
            same_game = (game.rulebook, game.seed, game.options, game.players) == (
                old.rulebook,
                old.seed,
                old.options,
                old.players,
            )
            if not same_game:
                self.lines, self._line = [game], 0  # another game altogether
            elif theirs[: len(mine)] == mine:
                self.lines[self._line] = game  # the same line, played on
            else:
                self.lines.append(game)  # a branch from a past position: the old line is kept
                self._line = len(self.lines) - 1
        self._follow(game if game is not None else self.game)
        self._pick_shown()

    def _pick_shown(self) -> None:
        """The line picker's entries (one per line) and the line shown; hidden while there is one line."""
        first = _choices(self.lines[0])
        labels = []
        for i, line in enumerate(self.lines):
            moves = _choices(line)
            fork = next((k for k, (a, b) in enumerate(zip(first, moves, strict=False)) if a != b), None)
            where = "the first line" if i == 0 else f"from step {fork if fork is not None else len(first)}"
            labels.append((f"{i + 1}: {where}, {len(moves)} choices", i))
        self._quiet = True
        try:
            self.line_picker.options = labels
            self.line_picker.value = self._line
            self.line_picker.layout.display = "none" if len(self.lines) < 2 else ""
        finally:
            self._quiet = False

    def _picked(self, change: dict) -> None:
        if not self._quiet and change["new"] is not None:
            self.line = change["new"]

    def _follow(self, game: Game) -> None:
        self.game = game
        self._steps = sum(1 for h in self.game.history if not h.get("auto"))
        self._cache: list[Game] | None = None
        self._problem = ""
        self._quiet = True
        try:
            self.slider.max = max(self._steps, 0)
            self.slider.value = self._steps
        finally:
            self._quiet = False
        self._caption(self._steps)

    # ------------------------------------------------------------- internals
    @property
    def _positions(self) -> list[Game]:
        if self._cache is None:
            self._cache, self._problem = positions(self.game)
        return self._cache

    def _moved(self, change: dict) -> None:
        if not self._quiet:
            self._show(change["new"])

    def _show(self, k: int) -> bool:
        self._shown = False
        try:
            pos = self.position(k)
        except Exception as exc:
            self.board.tell(f"Cannot show step {k}: {clip(str(exc))}", error=True)
            self._caption(k)
            return False
        note = "" if k == self._steps else " (a past position; moves made on the board play on from here)"
        self.board.show(pos, message=f"step {k} of {self._steps}: {game_status(pos)}{note}")
        self._caption(k)
        self._shown = True
        return True

    def _caption(self, k: int) -> None:
        last = [h for h in self.game.history if not h.get("auto")]
        step = last[k - 1] if k else None
        if step is None:
            what = "the start"
        elif self.viewers is not None and step["player"] not in self.viewers:
            what = f"after a move by {step['player']!s}"
        else:
            what = f"after {step['option']!s} by {step['player']!s}"
        self.caption.value = f"<span class='tt-step'>step {k} / {self._steps}: {what}</span>"

    def _static_html(self) -> str:
        board = self.board._static_html() if self._own_board else ""
        return self.caption.value + board

    def __repr__(self) -> str:
        lines = f", line {self._line + 1} of {len(self.lines)}" if len(self.lines) > 1 else ""
        return f"<Timeline {self.game.rulebook.id}: step {self.step} of {self._steps}{lines}>"
