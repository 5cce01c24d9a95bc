"""Errors raised by the kernel.

Every error says what was wrong and where. Errors raised by :meth:`Game.apply` leave the game
exactly as it was before the call.
"""

from __future__ import annotations

from typing import Any

QUOTE_LIMIT = 100  # characters of a user's input that an error message quotes at most


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text)} characters)"


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, so that an error never echoes a huge input back."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not turn one error into another
        text = f"<{type(value).__name__}>"
    return clip(text, limit)


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
            where += f", card {quote(card)}"
        if field is not None:
            where += f", field {quote(field)}"
        super().__init__(f"{where}: {problem}")


class RulebookOptionError(TabletopError, ValueError):
    """An unknown rulebook option, or an option value outside what the rulebook allows."""


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
