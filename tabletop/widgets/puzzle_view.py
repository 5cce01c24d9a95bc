"""PuzzleView: the part of a Lab that plays a puzzle (``Lab(puzzle)``): its goal, how it stands, and the
buttons "Try again" and "Show a solution".

It judges the position the Lab shows with :mod:`tabletop.analysis.puzzle_play` after every move: the
choices left, then "Solved" or "Not solved" with what went wrong (the computer's replies that refuted the
line, the student's move after which the goal could no longer be forced). The computer's replies come from
:class:`~tabletop.analysis.puzzle_play.PuzzleOpponent`, so a line that beats it beats every reply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape, unescape
from typing import Any

import ipywidgets as ipw

from ..analysis.puzzle_play import Verdict, first_mistake, refutation_text, student_line, verdict
from ..analysis.puzzles import Puzzle
from ..analysis.solve import SearchLimit, Solution
from ..core.decision import CHANCE
from ..core.errors import clip
from ..core.game import Game

__all__ = ["PuzzleView"]

_GREEN, _RED, _GREY = "#1a7f37", "#b42318", "#555"
_BLOCK = re.compile(r"</?(div|li|ol|ul|br|p)\b[^>]*>")
_TAG = re.compile(r"<[^>]+>")


class PuzzleView(ipw.VBox):
    """The puzzle's title, goal and hint; a status line (``.status``, an HTML widget; ``.status_text`` its
    words); ``.retry`` ("Try again": calls ``on_retry()``) and ``.show_solution`` ("Show a solution": solves
    the puzzle and lists a shortest line in ``.solution``). ``.verdict`` is the last judgement made."""

    def __init__(self, puzzle: Puzzle, on_retry: Callable[[], Any], **kwargs: Any):
        super().__init__(**kwargs)
        self.puzzle = puzzle
        self._on_retry = on_retry
        self.verdict: Verdict | None = None
        self.status_text = ""
        self._solution: Solution | None = None
        hint = (
            f"<details class='tt-puzzle-hint'><summary>Hint</summary>{escape(puzzle.hint)}</details>"
            if puzzle.hint
            else ""
        )
        about = f"<div>{escape(puzzle.description)}</div>" if puzzle.description else ""
        self.head = ipw.HTML(
            f"<div class='tt-puzzle-head'><b>Puzzle: {escape(puzzle.title)}</b>{about}"
            f"<div><b>Goal:</b> {escape(puzzle.goal_text)}.</div>{hint}</div>"
        )
        self.status = ipw.HTML()
        self.status.add_class("tt-puzzle-status")
        self.retry = ipw.Button(description="Try again", icon="rotate-left", layout=ipw.Layout(width="auto"))
        self.retry.add_class("tt-puzzle-retry")
        self.show_solution = ipw.Button(description="Show a solution", layout=ipw.Layout(width="auto"))
        self.show_solution.add_class("tt-puzzle-solution-button")
        self.solution = ipw.HTML()
        self.solution.add_class("tt-puzzle-solution")
        self.retry.on_click(lambda _b: self._retry())
        self.show_solution.on_click(lambda _b: self.reveal())
        self.add_class("tt-puzzle")
        self.children = (self.head, self.status, ipw.HBox([self.retry, self.show_solution]), self.solution)

    def judge(self, game: Game) -> Verdict | None:
        """Judge ``game`` (the position shown) and say so; returns the verdict (None: not a line of the puzzle)."""
        try:
            v = verdict(self.puzzle, game)
        except ValueError as exc:  # a position that is not of this puzzle's line (cannot happen from its Lab)
            self.verdict = None
            self._say(f"This position is not a line of the puzzle: {clip(str(exc))}", _GREY)
            return None
        self.verdict = v
        if v.status is None:
            self._say(f"Choices made: {v.used} of {v.within} ({v.message}).", _GREY)
        elif v.solved:
            against = self._against(game)
            self._say(f"<b>Solved</b> in {v.used} choice{'s' * (v.used != 1)}{against}.", _GREEN)
        else:
            self._say("<b>Not solved</b>: " + escape(v.message) + "." + self._what_went_wrong(game), _RED)
        return v

    def reveal(self) -> Solution | None:
        """What "Show a solution" does: solve the puzzle (once) and list a shortest line. Never raises."""
        try:
            if self._solution is None:
                self._solution = self.puzzle.solve(lines=1)
        except Exception as exc:  # a search past its limit, a rule failing: say so, never raise into the comm loop
            self.solution.value = (
                f"<div style='color:{_RED}'>No solution could be shown: {escape(clip(str(exc)))}</div>"
            )
            return None
        s = self._solution
        if not s.solvable:
            self.solution.value = (
                f"<div>This puzzle cannot be done within {self.puzzle.within} choices ({s.explored} positions "
                "searched): every line meets a reply or an outcome that stops it.</div>"
            )
            return s
        steps = "".join(f"<li>{escape(str(step))}</li>" for step in s.lines[0] if step.of > 1)
        self.solution.value = (
            f"<div><b>A solution</b> in {s.shortest} choice{'s' * (s.shortest != 1)} ({s.count} solution"
            f"{'s' * (s.count != 1)} within {self.puzzle.within} choices; {s.explored} positions searched). "
            f"Its line, with the replies that take longest:<ol>{steps}</ol></div>"
        )
        return s

    # ------------------------------------------------------------- internals
    def _retry(self) -> None:
        self.solution.value = ""
        self._on_retry()

    def _against(self, game: Game) -> str:
        """What the computer played against the line: replies and outcomes it chose among several."""
        made = [s for s in student_line(self.puzzle, game) if s.player != self.puzzle.player and s.of > 1]
        against = []
        if self.puzzle.replies == "all" and any(s.player != CHANCE for s in made):
            against.append("replies")
        if self.puzzle.chance == "all" and any(s.player == CHANCE for s in made):
            against.append("outcomes of chance")
        return f", against the hardest {' and '.join(against)} the computer could find" if against else ""

    def _what_went_wrong(self, game: Game) -> str:
        out = []
        replies = refutation_text(self.puzzle, game)
        if replies:
            out.append(f"The computer's replies: {escape(replies)}.")
        try:
            mistake = first_mistake(self.puzzle, game)
        except SearchLimit:  # the search met its limit: say nothing rather than something wrong
            mistake = None
        if mistake is not None:
            k, option = mistake
            mine = [s for s in student_line(self.puzzle, game) if s.player == self.puzzle.player and s.of > 1]
            label = mine[k].label if k < len(mine) else option
            out.append(
                f"Your choice {k + 1} ({escape(label)}) let the goal slip: before it the goal could still be "
                "forced, after it no longer. Try again, or scrub the timeline back and choose again there."
            )
        return "".join(f"<div>{line}</div>" for line in out)

    def _say(self, html: str, colour: str) -> None:
        self.status_text = _text(html)
        self.status.value = f"<div class='tt-puzzle-status-text' style='color:{colour}'>{html}</div>"

    def _static_html(self) -> str:
        return self.head.value + self.status.value + self.solution.value

    def __repr__(self) -> str:
        return f"<PuzzleView {self.puzzle.name!r}: {self.status_text}>"


def _text(html: str) -> str:
    """The words of ``html``: blocks apart, inline tags dropped."""
    spaced = _BLOCK.sub(" ", html)
    return " ".join(unescape(_TAG.sub("", spaced)).split())
