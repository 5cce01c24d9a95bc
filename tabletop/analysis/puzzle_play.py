"""Playing a puzzle as a game against the computer (docs/puzzles.md, "Playing a puzzle").

The Lab plays a puzzle (``Lab(puzzle)``); what it needs from the analysis is here, free of widgets: how
many choices the student has made, whether the goal is met or lost (:func:`verdict`), the student's first
move after which the goal could no longer be forced (:func:`first_mistake`), and an agent for the seats
and for chance (:class:`PuzzleOpponent`) that keeps the puzzle's promise. Where the puzzle plays them
against the solver (``replies``/``chance`` = ``"all"``) it picks a reply after which the goal cannot be
forced if there is one, else the one that holds the solver off longest; where they play along
(``"any"``), the one that helps most. A student who wins against it has a line that works against
everything; one who loses sees the reply that refutes the line, on the board.

>>> import tabletop as tt
>>> puzzle = tt.rulebook("hearthstone").puzzle("juggler-first")
>>> game = puzzle.game()
>>> verdict(puzzle, game)
Verdict(status=None, used=0, within=4, message='4 choices left')
>>> for move in ["play:c65@0", "play:c66@0", "attack:c65>c3", "end"]:
...     _ = game.apply(move)
>>> verdict(puzzle, game).status, first_mistake(puzzle, game)
('fail', (0, 'play:c65@0'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.decision import CHANCE
from ..core.errors import ArgumentTypeError, quote
from ..core.game import Game
from ..core.words import counted
from .puzzles import FAIL, WIN, Puzzle, horizon_key
from .solve import SearchLimit, Step, _failure, _Search

__all__ = ["PuzzleOpponent", "Verdict", "first_mistake", "refutation_text", "student_line", "verdict"]


@dataclass(frozen=True)
class Verdict:
    """Where a game played from a puzzle stands: ``status`` ``"win"`` (solved), ``"fail"`` (the goal can no
    longer be met: the horizon came, the game ended, or the choices ran out) or None (open); ``used`` the
    solver's choices made, of ``within``; ``message`` in words."""

    status: str | None
    used: int
    within: int
    message: str

    @property
    def solved(self) -> bool:
        return self.status == WIN

    @property
    def over(self) -> bool:
        return self.status is not None


def _puzzle(puzzle: Any) -> Puzzle:
    if not isinstance(puzzle, Puzzle):
        raise ArgumentTypeError(f"give a Puzzle (tt.load_puzzle, rb.puzzle(name)), not {quote(puzzle)}")
    return puzzle


def student_line(puzzle: Puzzle, game: Game) -> list[Step]:
    """Every decision made in ``game`` since the puzzle's position, replayed from it: who chose, what, and
    out of how many options (a forced decision is one of one). ``game`` must be played from
    ``puzzle.game()``; a game that is not raises ``ValueError``."""
    pos = _puzzle(puzzle).game(tracing=False)
    steps = []
    for h in game.history:
        if h.get("auto"):
            continue
        dec = pos.state.decision
        if dec is None or h["option"] not in [o["id"] for o in dec["options"]]:
            raise ValueError(
                f"this game was not played from puzzle {puzzle.name!r}: its choice {h['option']!r} is not an option "
                "of the puzzle's line (play a game made by puzzle.game())"
            )
        label = next(o.get("label", o["id"]) for o in dec["options"] if o["id"] == h["option"])
        steps.append(Step(dec["player"], h["option"], label, len(dec["options"])))
        pos.apply(h["option"])
    return steps


def _used(puzzle: Puzzle, steps: list[Step]) -> int:
    return sum(1 for s in steps if s.player == puzzle.player and s.of > 1)


def verdict(puzzle: Puzzle, game: Game) -> Verdict:
    """Whether ``game`` (played from ``puzzle.game()``) has met the puzzle's goal, lost it, or is still open."""
    used = _used(_puzzle(puzzle), student_line(puzzle, game))
    start = horizon_key(puzzle.game(tracing=False), puzzle.until)
    status = puzzle.status(game, start)
    within = puzzle.within
    if status == WIN:
        return Verdict(WIN, used, within, f"solved in {used} choice{'s' * (used != 1)}")
    if status == FAIL:
        return Verdict(FAIL, used, within, _failure(game, puzzle, goal=False))
    dec = game.state.decision
    if dec is not None and dec["player"] == puzzle.player and len(dec["options"]) > 1 and used >= within:
        return Verdict(FAIL, used, within, f"after your {counted(within, 'choice')} the goal is not met")
    left = within - used
    return Verdict(None, used, within, f"{left} choice{'s' * (left != 1)} left")


def first_mistake(puzzle: Puzzle, game: Game, *, limit: int = 200_000) -> tuple[int, str] | None:
    """The student's first move in ``game`` after which the goal could no longer be forced, while it could
    before: ``(its index among the student's choices, its option id)``; None when every move kept the goal
    in reach (or it was out of reach from the start)."""
    steps = student_line(_puzzle(puzzle), game)
    pos = puzzle.game(tracing=False)
    search = _Search(puzzle, horizon_key(pos, puzzle.until), limit)
    used = 0
    for step in steps:
        counts = step.player == puzzle.player and step.of > 1
        if counts:
            before = search.value(pos, puzzle.within - used)[1]
        pos.apply(step.option)
        if counts:
            used += 1
            if before and not search.value(pos, puzzle.within - used)[1]:
                return used - 1, step.option
    return None


class PuzzleOpponent:
    """The computer's side of a puzzle: an agent (``choose(game, player)``) for every seat but the solver's and
    for chance, which plays as the puzzle says (see the module's docstring). One opponent keeps what it has
    searched, so its later replies cost little. ``limit``: positions searched before it gives up searching and
    plays the first option."""

    def __init__(self, puzzle: Puzzle, *, limit: int = 200_000):
        self.puzzle = _puzzle(puzzle)
        self._search = _Search(puzzle, horizon_key(puzzle.game(tracing=False), puzzle.until), limit)

    def choose(self, game: Game, player: int | str) -> str:
        """The option id to play at ``game``'s decision, of ``player`` (a seat, or ``"chance"``)."""
        dec = game.state.decision
        if dec is None:
            raise ValueError("no decision is open")
        options = dec["options"]
        if len(options) == 1:
            return options[0]["id"]
        left = max(self.puzzle.within - _used(self.puzzle, student_line(self.puzzle, game)), 0)
        against = self._search.side(player) == "and" and player != self.puzzle.player
        try:
            values = [(opt["id"], self._search.value(child, left)) for opt, child in self._search.children(game)]
        except SearchLimit:  # the search met its limit: play on, unhelped
            return options[0]["id"]
        if against:
            refuting = [oid for oid, (_n, count) in values if not count]
            if refuting:
                return refuting[0]
            return max(values, key=lambda v: v[1][0] or 0)[0]
        helping = [(n, oid) for oid, (n, count) in values if count and n is not None]
        return min(helping)[1] if helping else values[0][0]

    def __repr__(self) -> str:
        return f"<PuzzleOpponent of {self.puzzle.name!r}>"


def refutation_text(puzzle: Puzzle, game: Game) -> str:
    """The others' and chance's choices in ``game`` that were real choices, in words ("" if none)."""
    steps = student_line(puzzle, game)
    made = [s for s in steps if s.player != puzzle.player and s.of > 1]
    return "; ".join(f"{'chance' if s.player == CHANCE else f'player {s.player}'} chose {s.label!r}" for s in made)
