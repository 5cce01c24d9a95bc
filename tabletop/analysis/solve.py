"""Solving puzzles: an AND-OR search of the explorer's positions (docs/puzzles.md).

The solver's decisions are OR nodes (one choice that works is enough); the other players' decisions and
chance outcomes are AND nodes when the puzzle plays them against the solver (``replies``/``chance`` =
``"all"``: every one must fail to stop it) and OR nodes when they play along (``"any"``). A position is
keyed by its fingerprint and the choices left, so transpositions are searched once.

:func:`solve` gives whether it can be done, the fewest choices that force it, the witness lines of that
length and the number of distinct solutions; :func:`check` judges one line of a student's and, when it
fails, finds the reply or the outcome that refutes it.

>>> import tabletop as tt
>>> puzzle = tt.rulebook("hearthstone").puzzle("finishing-blow")
>>> solution = tt.solve(puzzle)
>>> solution.shortest, solution.count
(3, 1)
>>> [step.option for step in solution.lines[0]]
['power>c66', 'play:c67>c66', 'attack:c65>c3']
>>> puzzle.check(["attack:c65>c66"]).ok
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from ..core.decision import CHANCE
from ..core.errors import ArgumentTypeError, ArgumentValueError, TabletopError, quote
from ..core.game import Game
from ..core.words import counted
from .puzzles import FAIL, WIN, Puzzle, horizon_key

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["Check", "Line", "SearchLimit", "Solution", "Step", "check", "solve"]


class SearchLimit(TabletopError, RuntimeError):
    """The search met its limit of positions before it could decide the puzzle."""


@dataclass(frozen=True)
class Step:
    """One decision of a line: who decided (a seat, or ``"chance"``), the option's id and label."""

    player: int | str
    option: str
    label: str
    of: int = 1  # how many options the decision had (1: forced)

    def __str__(self) -> str:
        who = "chance" if self.player == CHANCE else f"player {self.player}"
        return f"{who}: {self.label} [{self.option}]"

    @property
    def who(self) -> str:
        return "chance" if self.player == CHANCE else f"player {self.player}"


Line = list[Step]


@dataclass
class Solution:
    """What :func:`solve` found. ``shortest`` is the fewest choices of the solver that force the goal
    (None: it cannot be done within ``puzzle.within``); ``lines`` the witness lines of that length (the
    solver's choices with the replies and outcomes between them; where the others or chance branch, the line
    follows the branch that takes longest); ``count`` the distinct solutions within ``within`` choices
    (winning strategies: two differ where they choose differently at a position both reach; a strategy stops
    when the goal is met), ``count_shortest`` those of ``shortest`` choices; ``explored`` the positions
    searched."""

    puzzle: Puzzle
    solvable: bool
    shortest: int | None
    count: int
    count_shortest: int
    lines: list[Line]
    explored: int

    def __repr__(self) -> str:
        if not self.solvable:
            return f"<Solution {self.puzzle.name!r}: not solvable within {counted(self.puzzle.within, 'choice')}>"
        shortest = counted(self.shortest, "choice")
        return (
            f"<Solution {self.puzzle.name!r}: solvable in {shortest}; {counted(self.count, 'solution')} "
            f"({self.count_shortest} of {shortest}); {counted(self.explored, 'position')} searched>"
        )

    def __str__(self) -> str:
        out = [repr(self)]
        for i, line in enumerate(self.lines, 1):
            out.append(f"  line {i}: " + "; ".join(map(str, line)))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        p = self.puzzle
        within, explored = counted(p.within, "choice"), counted(self.explored, "position")
        if not self.solvable:
            return f"<div><b>{escape(p.title)}</b>: cannot be done within {within} ({explored})</div>"
        head = (
            f"<b>{escape(p.title)}</b>: can be done in {counted(self.shortest, 'choice')}. "
            f"{counted(self.count, 'solution')} within {within}, {self.count_shortest} of them in {self.shortest}; "
            f"{explored} searched."
        )
        items = "".join("<li>" + "; ".join(escape(str(s)) for s in line) + "</li>" for line in self.lines)
        return f"<div>{head}<ol>{items}</ol></div>"


@dataclass
class Check:
    """What :func:`check` says of a line: ``ok``; ``message`` in words; ``line`` the steps played to the end
    the check found (the refuted end when not ok); ``refutation`` the replies and outcomes on it that were
    not the solver's (empty when the line fails by itself); ``game`` the game at that end, traced."""

    puzzle: Puzzle
    ok: bool
    message: str
    line: Line
    refutation: Line
    game: Game
    since: int = 0

    def chain(self) -> nx.DiGraph:
        """The trigger chain of the checked line (``tt.trigger_chain`` of its game, from the puzzle's start)."""
        from .chains import trigger_chain

        return trigger_chain(self.game, since=self.since)

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return f"<Check {'solved' if self.ok else 'not solved'}: {self.message}>"

    def __str__(self) -> str:
        return ("Solved. " if self.ok else "Not solved. ") + self.message

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.ok else "#b42318"
        word = "Solved" if self.ok else "Not solved"
        line = "".join(f"<li>{escape(str(s))}</li>" for s in self.line)
        return f"<div><b style='color:{colour}'>{word}.</b> {escape(self.message)}<ol>{line}</ol></div>"


# ------------------------------------------------------------------ the search
@dataclass
class _Search:
    puzzle: Puzzle
    start: tuple
    limit: int
    memo: dict[tuple[str, int], tuple[int | None, int]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)

    def side(self, player: Any) -> str:
        """``"or"`` (one option must work) or ``"and"`` (all must) at a decision of ``player``."""
        if player == self.puzzle.player:
            return "or"
        mode = self.puzzle.chance if player == CHANCE else self.puzzle.replies
        return "and" if mode == "all" else "or"

    def children(self, game: Game) -> list[tuple[dict, Game]]:
        dec = game.state.decision
        out = []
        probs = dec.get("probs")
        for i, opt in enumerate(dec["options"]):
            if probs is not None and dec["player"] == CHANCE and not probs[i]:
                continue
            child = game.clone(tracing=False)
            child.play(i)
            out.append((opt, child))
        return out

    def value(self, game: Game, budget: int) -> tuple[int | None, int]:
        """(the fewest choices that force the goal from here, or None; the winning strategies within
        ``budget`` choices)."""
        status = self.puzzle.status(game, self.start)
        if status == WIN:
            return 0, 1
        if status == FAIL:
            return None, 0
        fp = game.fingerprint()
        key = (fp, budget)
        if key in self.memo:
            return self.memo[key]
        if fp not in self.seen:
            if len(self.seen) >= self.limit:
                raise SearchLimit(
                    f"puzzle {self.puzzle.name!r}: {self.limit} positions searched without deciding it "
                    "(give solve(limit=...) more, or make the puzzle smaller: fewer choices, a nearer horizon)"
                )
            self.seen.add(fp)
        self.memo[key] = (None, 0)  # (a cycle back to this position, within the same budget, wins nothing)
        dec = game.state.decision
        player = dec["player"]
        mine = player == self.puzzle.player
        if mine and len(dec["options"]) > 1:
            if budget == 0:
                result: tuple[int | None, int] = (None, 0)
            else:
                best, total = None, 0
                for _, child in self.children(game):
                    n, c = self.value(child, budget - 1)
                    if c:
                        total += c
                        best = n + 1 if best is None or n + 1 < best else best
                result = (best, total)
        elif mine or self.side(player) == "or":
            best, total = None, 0
            for _, child in self.children(game):
                n, c = self.value(child, budget)
                if c:
                    total += c
                    best = n if best is None or n < best else best
            result = (best, total)
        else:
            worst, product = 0, 1
            for _, child in self.children(game):
                n, c = self.value(child, budget)
                if not c:
                    worst, product = None, 0
                    break
                product *= c
                worst = max(worst, n)
            result = (worst, product)
        self.memo[key] = result
        return result

    def lines(self, game: Game, budget: int, made: Line, out: list[Line], cap: int) -> None:
        """The witness lines of ``budget`` choices from ``game`` (at most ``cap``)."""
        if len(out) >= cap:
            return
        if self.puzzle.status(game, self.start) == WIN:
            out.append(made)
            return
        dec = game.state.decision
        player = dec["player"]
        mine = player == self.puzzle.player
        choice = mine and len(dec["options"]) > 1
        left = budget - 1 if choice else budget
        viable = []
        for opt, child in self.children(game):
            n, c = self.value(child, left)
            if c and n is not None and n <= left:
                viable.append((n, opt, child))
        if not viable:
            return
        if not mine and self.side(player) == "and":  # the branch that takes longest
            viable = [max(viable, key=lambda v: v[0])]
        elif not choice:
            viable = [min(viable, key=lambda v: v[0])]
        for _, opt, child in viable:
            step = Step(player, opt["id"], opt.get("label", opt["id"]), len(dec["options"]))
            self.lines(child, left, [*made, step], out, cap)


def _checked(puzzle: Any, limit: int) -> None:
    if not isinstance(puzzle, Puzzle):
        raise ArgumentTypeError(f"solve(puzzle={quote(puzzle)}): give a Puzzle (tt.load_puzzle, rb.puzzle(name))")
    if type(limit) is not int:
        raise ArgumentTypeError(f"solve(limit={quote(limit)}): limit must be an int")
    if limit < 1:
        raise ArgumentValueError(f"solve(limit={limit}): limit must be 1 or more")


def solve(puzzle: Puzzle, *, limit: int = 200_000, lines: int = 12) -> Solution:
    """Whether ``puzzle`` can be done, the fewest choices that force it, its witness lines and its
    number of solutions (see :class:`Solution`). Raises :class:`SearchLimit` after ``limit`` positions."""
    _checked(puzzle, limit)
    if type(lines) is not int or lines < 0:
        raise ArgumentValueError(f"solve(lines={quote(lines)}): lines must be an int, 0 or more")
    game = puzzle.game(tracing=False)
    search = _Search(puzzle, horizon_key(game, puzzle.until), limit)
    shortest, count = search.value(game, puzzle.within)
    found: list[Line] = []
    count_shortest = 0
    if shortest is not None:
        count_shortest = search.value(game, shortest)[1]
        search.lines(game, shortest, [], found, lines)
    return Solution(puzzle, shortest is not None, shortest, count, count_shortest, found, len(search.seen))


# ------------------------------------------------------------------ checking a line
def _label(game: Game, move: str) -> str:
    for opt in game.state.decision["options"]:
        if opt["id"] == move:
            return opt.get("label", move)
    return move


def check(puzzle: Puzzle, moves: Sequence[str], *, limit: int = 200_000) -> Check:
    """Whether the solver's ``moves`` meet the goal of ``puzzle`` against every reply and outcome it says
    (see :class:`Check`). A move is an option's id; a decision of the solver with one option is played for
    the student when the next move is not its id."""
    if isinstance(moves, str) or not isinstance(moves, Sequence):
        raise ArgumentTypeError(f"check(moves={quote(moves)}): give a list of option ids (strings)")
    for i, m in enumerate(moves):
        if not isinstance(m, str):
            raise ArgumentTypeError(f"check(moves=...): move {i} is {type(m).__name__} {quote(m)}, not an option id")
    _checked(puzzle, limit)
    game = puzzle.game(tracing=False)
    search = _Search(puzzle, horizon_key(game, puzzle.until), limit)
    ok, message, line = _walk(search, game, list(moves), 0, 0, [])
    traced = puzzle.game(tracing=True)
    since = len(traced.trace)
    for step in line:
        traced.apply(step.option)
    refutation = [] if ok else [s for s in line if s.player != puzzle.player and s.of > 1]
    if refutation:
        by = ", then ".join(f"{s.who} choosing {s.label!r}" for s in refutation)
        message = f"refuted by {by}: {message}"
    return Check(puzzle, ok, message, line, refutation, traced, since)


_LINE_ENDS = "your line ends after"  # (how a check says the student's moves ran out before the goal)


def _walk(search: _Search, game: Game, moves: list[str], at: int, used: int, made: Line) -> tuple[bool, str, Line]:
    """Play the student's line from ``game`` (``moves[at:]`` still to play, ``used`` choices made) through
    every reply and outcome the puzzle plays against it; the first end that fails, or success."""
    puzzle = search.puzzle
    status = puzzle.status(game, search.start)
    if status == WIN:
        rest = len(moves) - at
        extra = f" ({rest} move{'s' if rest != 1 else ''} of your line left unplayed)" if rest else ""
        return True, f"the goal is met after {used} choice{'s' if used != 1 else ''}{extra}", made
    if status == FAIL:
        return False, _failure(game, puzzle), made
    dec = game.state.decision
    player = dec["player"]
    options = dec["options"]
    if player == puzzle.player:
        ids = [o["id"] for o in options]
        if len(options) == 1 and (at >= len(moves) or moves[at] != ids[0]):
            child = game.clone(tracing=False)
            child.play(0)
            return _walk(search, child, moves, at, used, [*made, Step(player, ids[0], _label(game, ids[0]))])
        if at >= len(moves):
            return (
                False,
                f"{_LINE_ENDS} {counted(used, 'choice')} and the goal is not met; here the options are: "
                + (", ".join(ids)),
                made,
            )
        move = moves[at]
        if move not in ids:
            return False, f"move {at + 1} ({move!r}) is not an option here; the options are: {', '.join(ids)}", made
        counts = len(options) > 1
        if counts and used + 1 > puzzle.within:
            return False, f"move {at + 1} is a choice more than the {puzzle.within} the puzzle allows", made
        child = game.clone(tracing=False)
        child.play(ids.index(move))
        step = Step(player, move, _label(game, move), len(options))
        return _walk(search, child, moves, at + 1, used + (1 if counts else 0), [*made, step])
    branches = search.children(game)
    first_failure: tuple[bool, str, Line] | None = None
    ran_out: tuple[bool, str, Line] | None = None  # (an outcome after which the line is merely too short)
    last: tuple[bool, str, Line] = (True, "", made)
    for opt, child in branches:
        step = Step(player, opt["id"], opt.get("label", opt["id"]), len(branches))
        result = _walk(search, child, moves, at, used, [*made, step])
        if len(branches) == 1:  # (a forced reply or outcome refutes nothing: the line goes on through it)
            return result
        if search.side(player) == "and" and not result[0]:
            if not result[1].startswith(_LINE_ENDS):  # a reply that breaks the line refutes it best
                return result
            ran_out = ran_out or result
            continue
        if search.side(player) == "or" and result[0]:
            return result
        if first_failure is None:
            first_failure = result
        last = result
    if ran_out is not None:
        return ran_out
    if search.side(player) == "and":
        who = "chance" if player == CHANCE else f"player {player}"
        return True, f"{last[1]}, whatever {who} chooses ({len(branches)} options)", last[2]
    assert first_failure is not None
    return False, f"no reply lets it through: {first_failure[1]}", first_failure[2]


def _failure(game: Game, puzzle: Puzzle, *, goal: bool = True) -> str:
    """Why a line failed, in words (``goal``: with the goal spelt out, as a check says it; the Lab shows the goal
    above, so its verdict leaves it out)."""
    result = game.state.result
    if result is not None:
        said = f"the game ended: {result.get('reason', 'over')}"
        return f"{said}, and the goal is not met" if not goal else said
    return (
        f"{_until_words(puzzle.until)} and the goal ({puzzle.goal_text}) is not met"
        if goal
        else (f"{_until_words(puzzle.until)}, and the goal is not met")
    )


def _until_words(until: str) -> str:
    from .puzzles import HORIZONS

    return HORIZONS[until]
