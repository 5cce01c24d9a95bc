"""Errors raised by the kernel.

Every error says what was wrong and where. Errors raised by :meth:`Game.apply` leave the game
exactly as it was before the call.
"""

from __future__ import annotations

from typing import Any

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


class RuleError(TabletopError, RuntimeError):
    """Rule code asked the kernel for something impossible (a bug in a rulebook)."""


class MandatoryLoop(TabletopError, RuntimeError):
    """The same position and pending work came back with no choice in between.

    ``cycle`` lists the steps of one turn of the loop, each as ``(task, summary)``.
    """

    def __init__(self, cycle: list[tuple[str, str]]):
        self.cycle = cycle
        steps = " -> ".join(s for _, s in cycle[:12])
        more = "" if len(cycle) <= 12 else f" (+{len(cycle) - 12} more)"
        super().__init__(f"mandatory loop of {len(cycle)} steps: {steps}{more}")


class StepBudgetExceeded(TabletopError, RuntimeError):
    """More automatic steps than the profile's step budget ran without a decision."""
