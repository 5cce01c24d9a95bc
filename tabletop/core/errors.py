"""Errors raised by the kernel.

Every error says what was wrong and where. Errors raised by :meth:`Game.apply` leave the game
exactly as it was before the call.
"""

from __future__ import annotations

from typing import NamedTuple


class TabletopError(Exception):
    """Base class of every error raised by tabletop."""


class IllegalOption(TabletopError, ValueError):
    """A choice that is not one of the open decision's options, or no decision is open."""


class GameOver(IllegalOption):
    """A choice was made on a game that has already ended."""


class CardDataError(TabletopError, ValueError):
    """Malformed card data: names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, problem: str):
        self.file, self.card, self.field, self.problem = file, card, field, problem
        where = f"{file}"
        if card is not None:
            where += f", card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class RulebookOptionError(TabletopError, ValueError):
    """An unknown rulebook option, or an option value outside what the rulebook allows."""


class UnknownRulebook(TabletopError, LookupError):
    """No installed rulebook has this id."""


class UnknownScenario(TabletopError, LookupError):
    """The rulebook has no scenario of this name."""


class RuleError(TabletopError, RuntimeError):
    """Rule code asked the kernel for something impossible (a bug in a rulebook)."""


class LoopStep(NamedTuple):
    """One automatic step of a mandatory loop, as data that does not depend on tracing.

    ``task`` is the task that ran (``k.flow``, ``k.drain`` and ``k.checks`` for the engine's own
    steps), ``abilities`` the keys of the abilities it resolved or ordered, ``events`` the types
    of the events it sent through a window, and ``summary`` what the trace said of it (empty when
    tracing is off).
    """

    task: str
    abilities: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    summary: str = ""

    def __str__(self) -> str:
        text = self.task
        if self.abilities:
            text += " " + ",".join(self.abilities)
        if self.events:
            text += " [" + ",".join(self.events) + "]"
        if self.summary:
            text += f" ({self.summary})"
        return _clip(text)


_STEP_CHARS = 80  # each step of a loop as the message shows it, at most
_LOOP_STEPS = 12  # steps of a loop the message shows, at most


def _clip(text: str) -> str:
    return text if len(text) <= _STEP_CHARS else text[: _STEP_CHARS - 3] + "..."


def _steps_text(steps: list) -> str:
    shown = " -> ".join(str(s) for s in steps[:_LOOP_STEPS])
    return shown + ("" if len(steps) <= _LOOP_STEPS else f" (+{len(steps) - _LOOP_STEPS} more)")


class MandatoryLoop(TabletopError, RuntimeError):
    """The same position and pending work came back with no choice in between.

    ``cycle`` lists the steps of one turn of the loop, each a :class:`LoopStep` (task, abilities,
    event types, trace summary); the message names them, the first few of a long one.
    """

    def __init__(self, cycle: list, message: str | None = None):
        self.cycle = cycle
        if message is not None:
            super().__init__(message)
            return
        abilities = sorted({a for s in cycle for a in s.abilities})
        events = sorted({e for s in cycle for e in s.events})
        what = ""
        if abilities:
            what += f"; abilities {', '.join(abilities[:8])}" + ("" if len(abilities) <= 8 else ", ...")
        if events:
            what += f"; events {', '.join(events[:8])}" + ("" if len(events) <= 8 else ", ...")
        super().__init__(f"mandatory loop of {len(cycle)} steps{what}: {_steps_text(cycle)}")

    def __reduce__(self):
        # (pickled as its cycle and message: a worker process of tt.simulate sends it back whole)
        return _rebuild_loop, (type(self), self.cycle, str(self))


def _rebuild_loop(cls: type[MandatoryLoop], cycle: list, message: str) -> MandatoryLoop:
    error = cls.__new__(cls)
    MandatoryLoop.__init__(error, cycle, message)
    return error


class ForcedLoop(MandatoryLoop):
    """The position at a decision came back, and every decision since offered a single option.

    No player can change anything, so the game would go round for ever. ``cycle`` lists the
    decisions of one turn of the loop, each a dict of ``player``, ``kind`` and the ``option``
    taken (with ``auto`` for chance decisions drawn at once). Raised when ``profile.forced_loop``
    is ``"error"``; under ``"draw"`` the game ends as a draw instead.
    """

    def __init__(self, cycle: list[dict]):
        steps = [_clip(f"{_who(d['player'])} {d['kind']}: {d['option']}") for d in cycle]
        what = f"forced loop of {len(cycle)} decisions, each with a single option"
        super().__init__(cycle, f"{what}: {_steps_text(steps)}")


def _who(player: int | str | None) -> str:
    return f"player {player}" if isinstance(player, int) else str(player)


class StepBudgetExceeded(TabletopError, RuntimeError):
    """More automatic steps than the profile's step budget ran without a decision."""


class TimeBudgetExceeded(TabletopError, RuntimeError):
    """The engine ran longer than the profile's time budget without reaching a decision.

    The step budget bounds steps, not time; this bounds the time one call may take. Raised by
    :meth:`Game.apply`, it leaves the game as it was before the call.
    """
