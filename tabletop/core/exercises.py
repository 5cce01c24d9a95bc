"""Exercises a student answers in a notebook, checked by the engine, with a hint.

A notebook's exercise cell leaves a blank (``answer = ...``) and asks the rulebook to check it::

    ex = rb.exercise("argus-position")
    answer = ...  # your answer: 0, 1 or 2
    ex.check(answer)

The check is a function of the answer that plays the position (it does not compare with a
hard-coded value), so a wrong answer is told what happened instead, with a hint. While the blank
is empty the checker says so, gives the hint, and checks the *stored answer* instead (kept here, in
the rulebook's package, and never printed): that is how a notebook with blanks still runs from top
to bottom under nbval, and how the tests know every exercise can be answered.

>>> ex = Exercise("two", "How much is 1 + 1?", rule="", hint="count on your fingers", stored=2,
...               judge=lambda a: None if a == 2 else f"1 + 1 is not {a}", wrong=(3,))
>>> ex.check(3).ok, ex.check(2).ok, ex.check(...).blank
(False, True, True)
>>> print(ex.check(...))
Not answered yet: the blank is still `...`. Hint: count on your fingers
(The stored answer was checked instead, so that the notebook runs through: it passes.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from .errors import TabletopError

if TYPE_CHECKING:
    from .decision import Decision
    from .game import Game

BLANK = ...  # what a notebook's blank holds until the student writes an answer


class ExerciseError(TabletopError, AssertionError):
    """The stored answer of an exercise fails its own check: the exercise (not the student) is wrong."""


class UnknownExercise(TabletopError, LookupError):
    """The rulebook has no exercise of this name."""


@dataclass(frozen=True)
class Verdict:
    """The outcome of one check: ``ok`` (right or not), ``blank`` (the stored answer stood in), ``text``."""

    exercise: str
    ok: bool
    blank: bool
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        colour, mark = ("#8a6d00", "✎") if self.blank else (("#1b7a2e", "✓") if self.ok else ("#b3261e", "✗"))
        body = "<br>".join(escape(line) for line in self.text.splitlines())
        return (
            f'<div class="tt-verdict" style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0">'
            f'<b style="color:{colour}">{mark}</b> {body}</div>'
        )


@dataclass(frozen=True)
class Exercise:
    """One question on a rulebook. ``judge(answer)`` returns None when the answer is right, else what is
    wrong with it (in words a student reads); ``stored`` is an answer that must pass, used only while the
    notebook's blank is empty; ``rule`` the rule ids the exercise is about."""

    name: str
    question: str
    rule: str
    hint: str
    stored: Any
    judge: Callable[[Any], str | None]
    explanation: str = ""  # said once the answer is right: why it is right
    # answers that must fail (the tests check that they do: a check that cannot fail checks nothing)
    wrong: tuple[Any, ...] = ()

    def check(self, answer: Any = BLANK) -> Verdict:
        """Check ``answer``; with the blank (``...``) give the hint and check the stored answer instead."""
        if answer is BLANK:
            problem = self._judge(self.stored)
            if problem is not None:
                raise ExerciseError(f"exercise {self.name!r}: its stored answer fails its own check: {problem}")
            text = (
                f"Not answered yet: the blank is still `...`. Hint: {self.hint}\n"
                "(The stored answer was checked instead, so that the notebook runs through: it passes.)"
            )
            return Verdict(self.name, True, True, text)
        problem = self._judge(answer)
        if problem is None:
            tail = f" {self.explanation}" if self.explanation else ""
            return Verdict(self.name, True, False, f"Right.{tail}")
        return Verdict(self.name, False, False, f"Not quite: {problem}\nHint: {self.hint}")

    def _judge(self, answer: Any) -> str | None:
        try:
            return self.judge(answer)
        except ExerciseError:  # the exercise's own fault (its position never came): not the student's to fix
            raise
        except Exception as exc:  # a malformed answer (wrong type, unknown name) is the student's to fix
            return f"the answer {answer!r} could not be checked ({type(exc).__name__}: {exc})"

    def __repr__(self) -> str:
        return f"Exercise {self.name}: {self.question}" + (f" [{self.rule}]" if self.rule else "")

    def _repr_html_(self) -> str:
        rule = f" <small><code>{escape(self.rule)}</code></small>" if self.rule else ""
        name, question = escape(self.name), escape(self.question)
        return f'<div class="tt-exercise"><b>Exercise</b> <code>{name}</code>: {question}{rule}</div>'


# ------------------------------------------------------------------ what judges share
def whole_number(answer: Any, example: str, of: str = "") -> int:
    """``answer`` as a whole number (``of`` what), or a TypeError a student reads (``True`` is not a number)."""
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise TypeError(f"write a whole number{f' of {of}' if of else ''}, e.g. {example}")
    return answer


def open_decision(game: Game) -> Decision:
    """The decision open in ``game``: a position an exercise plays is never over where it asks (if it is, the
    exercise is wrong, not the student)."""
    if game.decision is None:
        raise ExerciseError(f"the game ended before the exercise's position was reached ({game!r})")
    return game.decision
