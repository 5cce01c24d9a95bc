"""Errors raised by the kernel.

Every error says what was wrong and where. Errors raised by :meth:`Game.apply` leave the game
exactly as it was before the call.
"""

from __future__ import annotations

from typing import Any, NamedTuple

QUOTE_LIMIT = 100  # the most characters of user input an error message quotes


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to about ``limit`` characters: what an error message quotes of user input.

    Errors name what was wrong, but a message that echoes a 10 MB string is 10 MB long (and the
    board widget sends messages on to the browser), so every error that quotes input quotes it
    through here.

    >>> quote("end")
    "'end'"
    >>> quote("x" * 1000, limit=5)
    "'xxxxx...' (1000 characters)"
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{repr(value[:limit])[:-1]}...{repr(value[:limit])[-1]} ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the error being reported
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({type(value).__name__}, {len(text)} characters)"


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` (a message, not a value) cut to about ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text)} characters)"


class TabletopError(Exception):
    """Base class of every error raised by tabletop."""


class ArgumentTypeError(TabletopError, TypeError):
    """An argument of a public function has the wrong type; the message names the argument."""


class ArgumentValueError(TabletopError, ValueError):
    """An argument of a public function has a value outside what it allows; the message names the argument."""


class SavedGameError(TabletopError, ValueError):
    """A saved game that :func:`tabletop.load_game` refuses; ``path`` names the field (``state.objects.c5.zone``).

    Nothing is built from a document that fails, so no half-loaded game exists.
    """

    def __init__(self, path: str, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"not a valid saved game: {path}: {problem}" if path else f"not a valid saved game: {problem}")


class IllegalOption(TabletopError, ValueError):
    """A choice that is not one of the open decision's options, or no decision is open."""


class GameOver(IllegalOption):
    """A choice was made on a game that has already ended."""


class StaleOption(IllegalOption):
    """An :class:`Option` object taken from another decision than the open one (an earlier one, say).

    Its id may be legal again (every turn offers ``end``), but it was offered for another choice.
    """


class CardDataError(TabletopError, ValueError):
    """Malformed card data: names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, problem: str):
        self.file, self.card, self.field, self.problem = file, card, field, problem
        where = f"{file}"
        if card is not None:
            where += f", card {quote(card)}"
        if field is not None:
            where += f", field {quote(field)}"
        super().__init__(f"{where}: {problem}")


class RulebookOptionError(TabletopError, ValueError):
    """An unknown rulebook option, or an option value outside what the rulebook allows."""


class PlayersTypeError(RulebookOptionError, ArgumentTypeError):
    """``players`` that is not an int (``True`` for 1, say): a wrong option and a wrong type at once."""


class UnknownRulebook(TabletopError, LookupError):
    """No installed rulebook has this id."""


class UnknownScenario(TabletopError, LookupError):
    """The rulebook has no scenario of this name."""


class UnknownPuzzle(TabletopError, LookupError):
    """The rulebook ships no puzzle of this name."""


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

    def __reduce__(self) -> tuple[Any, ...]:
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
