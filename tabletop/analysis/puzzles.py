"""Puzzles: a position file plus a goal (docs/puzzles.md).

A puzzle is what a teacher sets: "you can win this turn: how?", "survive the villain phase", "end the
turn with 9 attack on the board". Its file is a position file (:mod:`tabletop.core.position_files`) with
one more table, ``[puzzle]``, that says who solves it, the goal, the horizon (this turn, this phase, ...),
how many choices the solver has, and whether the other players and chance play against the solver or
along. :func:`load_puzzle` reads one; :func:`tabletop.solve` decides it (:mod:`tabletop.analysis.solve`);
:meth:`Puzzle.check` judges a student's line.

Why data: a puzzle is a lesson, and a teacher writes lessons, not Python; the explorer checks them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any

from ..core import position_files
from ..core.errors import ArgumentTypeError, TabletopError, quote
from ..core.game import Game
from ..core.positions import Doc, Node, PositionError, suggest
from ..core.words import counted

if TYPE_CHECKING:
    from ..core.rulebook import Rulebook
    from .solve import Check, Solution

__all__ = ["GOALS", "HORIZONS", "Puzzle", "PuzzleError", "load_puzzle"]

GOALS = {
    "win": "win the game",
    "survive": "not lose before {until}",
    "reach": "reach a position where {condition}, before {until}",
    "hold": "have {condition} when {until}",
}
HORIZONS = {
    "turn": "the turn ends",
    "phase": "the phase ends",
    "step": "the step ends",
    "round": "the round ends",
    "game": "the game ends",
}
_SIDES = ("all", "any")
_COMPARE = ("at_least", "at_most", "equals")
WIN, FAIL, OPEN = "win", "fail", None


class PuzzleError(PositionError):
    """A puzzle file that cannot be read (its position or its ``[puzzle]`` table): names the file, the line
    and the field."""


def horizon_key(game: Game, until: str) -> tuple:
    """What must change for the horizon ``until`` to have come: the turn's number, the phase, ..."""
    turn = game.state.turn
    if until == "turn":
        return (turn.get("number"),)
    if until == "phase":
        return (turn.get("round"), turn.get("number") if turn.get("phase") == "turn" else None, turn.get("phase"))
    if until == "step":
        return (turn.get("number"), turn.get("phase"), turn.get("sub"), tuple(turn.get("cursor") or ()))
    if until == "round":
        return (turn.get("round"),)
    return ()


# ------------------------------------------------------------------ conditions
def _compare(node: Node) -> Callable[[Any], bool]:
    given = [k for k in _COMPARE if k in node]
    if len(given) != 1:
        raise node.error(None, f"give exactly one of {', '.join(_COMPARE)} (it has {', '.join(given) or 'none'})")
    key = given[0]
    n = node.take(key, int)
    return {
        "at_least": lambda v: v >= n,
        "at_most": lambda v: v <= n,
        "equals": lambda v: v == n,
    }[key]


def _words(node: Node) -> str:
    for key in _COMPARE:
        if key in node.data:
            return {"at_least": "at least", "at_most": "at most", "equals": "exactly"}[key] + f" {node.data[key]}"
    return ""


@dataclass(frozen=True)
class Condition:
    """A test of a position, read from a puzzle's ``condition``: ``holds(game)`` and what it says in words."""

    holds: Callable[[Game], bool]
    text: str


def _zone_objects(game: Game, zone: str, card: str | None) -> list[str]:
    ids = game.state.zones.get(zone, [])
    return [i for i in ids if card is None or game.state.objects[i].get("card") == card]


def condition(node: Node, rb: Rulebook) -> Condition:
    """The condition a table states (docs/puzzles.md lists the kinds); every field is checked here. A
    ``says`` words it for the student instead of the generated text, which names zones and ids."""
    says = node.take("says", str, None)
    found = _condition(node, rb)
    return Condition(found.holds, says) if says else found


def _condition(node: Node, rb: Rulebook) -> Condition:
    kinds = [k for k in ("count", "stat", "var", "test", "not", "any", "all") if k in node]
    if len(kinds) != 1:
        raise node.error(
            None,
            "a condition has exactly one of count, stat, var, test, not, any, all"
            + (f" (it has {', '.join(kinds)})" if kinds else ""),
        )
    kind = kinds[0]
    if kind in ("any", "all"):
        parts = [condition(n, rb) for n in node.tables(kind)]
        if not parts:
            raise node.error(kind, "give at least one condition")
        node.done()
        join = any if kind == "any" else all
        return Condition(
            lambda g: join(p.holds(g) for p in parts),
            f" {'or' if kind == 'any' else 'and'} ".join(p.text for p in parts),
        )
    if kind == "not":
        inner = condition(node.table("not"), rb)
        node.done()
        return Condition(lambda g: not inner.holds(g), f"not ({inner.text})")
    if kind == "test":
        name = node.take("test", str)
        tests = rb.puzzle_tests
        if name not in tests:
            raise node.error("test", f"{rb.id} has no puzzle test {quote(name)}{suggest(name, tests)}")
        args = {k: v for k, v in node.items() if k not in ("test", "says")}  # (says: condition())
        fn = tests[name]
        return Condition(lambda g: bool(fn(g, args)), f"{name} {args}" if args else name)
    ok = _compare(node)
    words = _words(node)
    card = node.take("card", str, None)
    if card is not None and rb.cards and card not in rb.cards:
        raise node.error("card", f"no card {quote(card)} in {rb.id}'s catalogue{suggest(card, rb.cards)}")
    of_card = f" {card}" if card else ""
    if kind == "count":
        zone = node.take("count", str)
        node.done()
        return Condition(lambda g: ok(len(_zone_objects(g, zone, card))), f"{words}{of_card} in {zone}")
    if kind == "stat":
        stat = node.take("stat", str)
        of = node.take("of", str)
        node.done()

        def stat_holds(g: Game) -> bool:
            ids = [of] if of in g.state.objects else _zone_objects(g, of, card)
            total = 0
            for i in ids:
                v = g.value(i, stat)
                total += v if isinstance(v, int) else 0
            return ok(total)

        return Condition(stat_holds, f"{stat} of{of_card} {of} {words}")
    name = node.take("var", str)
    player = node.take("player", int, None, at_least=0)
    node.done()

    def var_holds(g: Game) -> bool:
        where = g.state.vars if player is None else g.state.players[player]
        v = where.get(name, 0)
        return isinstance(v, int) and ok(v)

    whose = "" if player is None else f" of player {player}"
    return Condition(var_holds, f"{name}{whose} {words}")


# ------------------------------------------------------------------ the puzzle
@dataclass
class Puzzle:
    """A position and a goal. ``game()`` is a fresh copy of the position; :meth:`check` judges a line;
    ``tt.solve(puzzle)`` finds every way.

    ``player`` solves; ``goal`` is one of :data:`GOALS`, ``until`` one of :data:`HORIZONS`; ``within`` counts
    the solver's choices (a decision of the solver with one option is forced, not a choice); ``replies``
    and ``chance`` are ``"all"`` (the solution must work against every reply, every outcome) or ``"any"``
    (the other players cooperate; luck may help).
    """

    name: str
    title: str
    rulebook: Rulebook
    text: str
    player: int
    goal: str
    until: str = "turn"
    within: int = 4
    replies: str = "all"
    chance: str = "all"
    condition: Condition | None = None
    hint: str = ""
    description: str = ""
    file: str = "<puzzle>"
    _start: Game | None = field(default=None, repr=False)

    def game(self, *, tracing: bool = True, chance: str = "manual") -> Game:
        """The puzzle's position, paused at its first decision (chance outcomes are decisions, ``manual``,
        so that a line names them; ``"sample"`` draws them, as the Lab does)."""
        if self._start is None:
            self._start = position_files.load(
                self.text, self.rulebook, _no_lookup, tracing=True, chance="manual", name=self.file
            )
        game = self._start.clone(tracing=tracing)
        game.chance = chance
        return game

    @property
    def goal_text(self) -> str:
        """The goal in words: "player 0 is to win the game before the turn ends, in at most 3 choices"."""
        until = HORIZONS[self.until]
        what = GOALS[self.goal].format(until=until, condition=self.condition.text if self.condition else "")
        if self.goal == "win" and self.until != "game":
            what += f" before {until}"
        against = []
        if self.replies == "all":
            against.append("whatever the others reply")
        if self.chance == "all":
            against.append("whatever chance brings")
        tail = f", {' and '.join(against)}" if against else ""
        return f"player {self.player} is to {what}, in at most {counted(self.within, 'choice')}{tail}"

    def status(self, game: Game, start: tuple) -> str | None:
        """``"win"`` if ``game`` meets the goal, ``"fail"`` if it can no longer, else None (still open);
        ``start`` is the horizon key at the puzzle's start (:func:`horizon_key`)."""
        result = game.state.result
        passed = result is not None or horizon_key(game, self.until) != start
        if self.goal == "win":
            if result is not None:
                return WIN if self.player in result["winners"] else FAIL
            return FAIL if passed else OPEN
        if self.goal == "survive":
            if result is not None:
                return WIN if self.player in result["winners"] else FAIL
            return WIN if passed else OPEN
        assert self.condition is not None
        if self.goal == "reach":
            if self.condition.holds(game):
                return WIN
            return FAIL if passed else OPEN
        if passed:  # hold: the condition is read when the horizon comes (or the game ends)
            return WIN if self.condition.holds(game) else FAIL
        return OPEN

    def check(self, moves: Sequence[str]) -> Check:
        """Whether the solver's ``moves`` (option ids, in order; forced decisions may be left out) meet the
        goal against every reply and outcome the puzzle says; if not, the line that refutes them, with the
        game it ends in (traced: ``tt.trigger_chain(check.game)``)."""
        from .solve import check

        return check(self, moves)

    def solve(self, *, limit: int = 200_000, lines: int = 12) -> Solution:
        """``tt.solve(self)``."""
        from .solve import solve

        return solve(self, limit=limit, lines=lines)

    def __repr__(self) -> str:
        return f"<Puzzle {self.name!r} of {self.rulebook.id}: {self.title}>"

    def _repr_html_(self) -> str:
        hint = f"<br><i>Hint: {escape(self.hint)}</i>" if self.hint else ""
        about = f"<br>{escape(self.description)}" if self.description else ""
        return (
            f"<div><b>Puzzle: {escape(self.title)}</b> <small>({escape(self.rulebook.id)}, {escape(self.name)})</small>"
            f"{about}<br>Goal: {escape(self.goal_text)}.{hint}</div>"
        )


def _no_lookup(rulebook_id: str) -> Rulebook:
    raise TabletopError(f"no rulebook is looked up for a puzzle's own position ({rulebook_id!r})")


def _source(source: str | FilePath, name: str | None) -> tuple[str, str]:
    return position_files._source(source, name)


def load_puzzle(
    source: str | FilePath,
    rulebook: Rulebook | None = None,
    *,
    name: str | None = None,
) -> Puzzle:
    """The puzzle of a file (a path, or its TOML text): a position file with a ``[puzzle]`` table.

    ``rulebook``: the rulebook to play it with (one built with ``rb.with_cards(...)``, say); by default
    the installed one the file names. Every problem raises :class:`PuzzleError` naming the file, the line
    and the field; the position is loaded once here, so its errors come now too.
    """
    from ..core.registry import rulebook as by_id

    if rulebook is not None and not _is_rulebook(rulebook):
        raise ArgumentTypeError(f"load_puzzle(rulebook=...): give a Rulebook, not {type(rulebook).__name__}")
    text, file = _source(source, name)
    doc = Doc(text, file)
    root = doc.root()
    if "puzzle" not in root:
        raise PuzzleError(file, None, "puzzle", "a puzzle file needs a [puzzle] table (the goal); this is a position")
    game = position_files.load(text, rulebook, by_id, tracing=True, chance="manual", name=file)
    rb = game.rulebook
    node = root.table("puzzle")
    try:
        puzzle = _read(node, rb, game, text, file, root.data.get("description", ""))
    except PositionError as e:
        raise PuzzleError(e.file, e.line, e.field, e.problem) from None
    puzzle._start = game
    return puzzle


def _is_rulebook(value: Any) -> bool:
    from ..core.rulebook import Rulebook

    return isinstance(value, Rulebook)


def _read(node: Node, rb: Rulebook, game: Game, text: str, file: str, description: str) -> Puzzle:
    title = node.take("title", str)
    dec = game.state.decision
    default_player = dec["player"] if dec is not None and isinstance(dec["player"], int) else 0
    player = node.take("player", int, default_player, at_least=0, at_most=game.players - 1)
    goal = node.take("goal", str, choices=tuple(GOALS))
    until = node.take("until", str, "turn", choices=tuple(HORIZONS))
    within = node.take("within", int, 4, at_least=0, at_most=40)
    replies = node.take("replies", str, "all", choices=_SIDES)
    chance = node.take("chance", str, "all", choices=_SIDES)
    hint = node.take("hint", str, "")
    cond = None
    if goal in ("reach", "hold"):
        if "condition" not in node:
            raise node.error(None, f"goal {goal!r} needs a condition (docs/puzzles.md)")
        value = node.data["condition"]
        node.read.add("condition")
        if isinstance(value, list):
            parts = [condition(n, rb) for n in node.tables("condition")]
            cond = Condition(lambda g: all(p.holds(g) for p in parts), " and ".join(p.text for p in parts))
        else:
            cond = condition(node.table("condition"), rb)
    elif "condition" in node:
        raise node.error("condition", f"goal {goal!r} takes no condition (only reach and hold do)")
    node.done()
    if game.over:
        raise node.error(None, "the position is already over: there is nothing to solve")
    stem = FilePath(file).stem if file.endswith(".toml") else file
    return Puzzle(
        name=stem,
        title=title,
        rulebook=rb,
        text=text,
        player=player,
        goal=goal,
        until=until,
        within=within,
        replies=replies,
        chance=chance,
        condition=cond,
        hint=hint,
        description=description,
        file=file,
    )


def shipped(rb: Rulebook) -> Mapping[str, FilePath]:
    """The puzzle files a rulebook ships (``Rulebook.puzzle_folder``), by name (the file's stem)."""
    folder = rb.puzzle_folder
    if folder is None:
        return {}
    return {p.stem: p for p in sorted(FilePath(folder).glob("*.toml"))}
