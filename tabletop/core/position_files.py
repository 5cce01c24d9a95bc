"""Position files: a game at a point of play as TOML a teacher can write, and back (docs/positions.md).

A position file names its rulebook, the seed and the rulebook options, then the position in the
rulebook's own terms (players, zones and their cards by card id, whose turn and which step), which
the rulebook's :class:`PositionSpec` reads (with the pieces of :mod:`tabletop.core.positions`) and
writes. :func:`load_position` returns a :class:`~tabletop.core.game.Game` paused at its first
decision; :meth:`Game.to_position` writes a game back, and loading what it wrote gives the same
fingerprint and the same options.

A game paused inside an action (a target to choose, a mulligan, triggers pending) is more than a
board: :meth:`Game.to_position` then adds the engine's pending work to the ``[engine]`` table, as
JSON text to be kept as written, so that the round trip stays exact.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any

from . import toml_text
from .errors import ArgumentTypeError, RulebookOptionError, RuleError, TabletopError, UnknownRulebook, quote
from .game import Game, checked_seed
from .positions import Doc, Node, PositionError, settle, suggest
from .state import State

if TYPE_CHECKING:
    from .rulebook import Rulebook
    from .table import Table

FORMAT = "tabletop.position/1"
# the parts of the state a position's readable tables hold; the rest is the engine's (written only when
# the game is paused inside an action, see the module docstring)
BOARD_KEYS = ("objects", "zones", "players", "vars", "result")
ENGINE_KEYS = ("work", "queue", "decision", "events", "effects", "delayed", "modifiers", "uses", "turn")
# (``puzzle``: a puzzle's goal, which tabletop.analysis.puzzles reads; its position loads as a position)
KERNEL_KEYS = ("format", "rulebook", "seed", "description", "rules", "options", "engine", "puzzle")


@dataclass(frozen=True)
class PositionSpec:
    """What a rulebook's position files say beyond the kernel's part (``format``, ``rulebook``, ``seed``,
    ``description``, ``options``, ``engine``).

    ``build(table, root)`` makes the position in a new game's empty state from the document's root
    (a :class:`Node`: it takes the tables it reads, each value checked where it is read), and puts the
    turn at its step (:func:`at_step`); the kernel then runs the game to its first decision.
    ``dump(table)`` is the inverse: the rulebook's tables of the game as plain data, in the order to
    write them (a list of tables is written as an array of tables). ``rule``: the rule a loaded
    position cites in the trace. ``players``: how many players a file describes, from the root
    (None: the rulebook's fewest). ``set_up_options``: options that choose how a new game is dealt (a
    scenario), which a position, being its own set-up, neither takes nor writes.
    """

    build: Callable[[Table, Node], None]
    dump: Callable[[Table], dict[str, Any]]
    rule: str
    players: Callable[[dict], int] | None = None
    set_up_options: tuple[str, ...] = ()
    counted_ids: bool = True  # False: the rulebook names its objects itself, not by the id counter (settle)

    def write(self, game: Game) -> str:
        """``game`` as a position file (what :meth:`Game.to_position` returns)."""
        return dump(game)

    def load(self, text: str, rulebook: Rulebook, *, tracing: bool, chance: str) -> Game:
        """The game of position ``text`` for ``rulebook`` (what :meth:`Game.replay` starts from)."""
        return _build(Doc(text, "<position>"), rulebook, _no_lookup, tracing=tracing, chance=chance, run=True)


# ------------------------------------------------------------------ loading
def _source(source: str | FilePath, name: str | None) -> tuple[str, str]:
    """(text, file name): a Path, or a str naming a ``.toml`` file on one line, is read; another str is the text."""
    if isinstance(source, FilePath) or (isinstance(source, str) and "\n" not in source and source.endswith(".toml")):
        path = FilePath(source)
        try:
            return path.read_text(encoding="utf-8"), name or str(path)
        except OSError as e:
            raise PositionError(str(path), None, "", f"cannot be read: {e.strerror or e}") from None
    if not isinstance(source, str):
        raise ArgumentTypeError(f"load_position: give a path or TOML text, not {type(source).__name__}")
    return source, name or "<position>"


_PACKAGE = FilePath(__file__).resolve().parents[1]  # the tabletop package


def shown_file(file: str | FilePath) -> str:
    """How the trace names a position file: a shipped one (a rulebook's puzzle) by its path in the package
    (``tabletop/games/memory/data/puzzles/sweep.toml``), the same on every machine; any other as given."""
    try:
        inside = FilePath(file).resolve().relative_to(_PACKAGE)
    except (ValueError, OSError):
        return str(file)
    return f"{_PACKAGE.name}/{inside.as_posix()}"


def load(
    source: str | FilePath,
    rulebook: Rulebook | None,
    by_id: Callable[[str], Rulebook],
    *,
    tracing: bool = True,
    chance: str = "sample",
    name: str | None = None,
) -> Game:
    """What :func:`tabletop.load_position` does; ``by_id`` finds installed rulebooks."""
    text, file = _source(source, name)
    return _build(Doc(text, file), rulebook, by_id, tracing=tracing, chance=chance, run=True)


def _rulebook(root: Node, given: Rulebook | None, by_id: Callable[[str], Rulebook]) -> Rulebook:
    rb_id = root.take("rulebook", str)
    if given is not None:
        if given.id != rb_id:
            raise root.error("rulebook", f"the file is a position of {quote(rb_id)}, not of {quote(given.id)}")
        return given
    try:
        return by_id(rb_id)
    except UnknownRulebook as e:
        raise root.error("rulebook", str(e)) from None


def _options(rb: Rulebook, position: PositionSpec, node: Node) -> dict[str, Any]:
    given = {}
    for key, value in node.items():
        spec = rb.options.get(key)
        if spec is None:
            raise node.error(key, f"{rb.id} has no option {quote(key)}{suggest(key, rb.options)}")
        if key in position.set_up_options:
            raise node.error(key, f"option {key} chooses how a new game is dealt; a position file is its own set-up")
        try:
            given[key] = spec.validate(value, rb.id)
        except RulebookOptionError as e:
            raise node.error(key, str(e)) from None
    return rb.resolve_options(given)


def _build(
    doc: Doc, given: Rulebook | None, by_id: Callable[[str], Rulebook], *, tracing: bool, chance: str, run: bool
) -> Game:
    root = doc.root()
    fmt = root.take("format", str)
    if fmt != FORMAT:
        raise root.error("format", f"{quote(fmt)} is not a position format this version reads ({FORMAT!r})")
    rb = _rulebook(root, given, by_id)
    spec = rb.position
    if spec is None:
        raise root.error("rulebook", f"{rb.id} has no position files (its Rulebook.position is None)")
    seed = root.take("seed", (int, str), 0)
    try:
        seed = checked_seed(seed)
    except TabletopError as e:
        raise root.error("seed", str(e)) from None
    description = root.take("description", str, "")
    for i, rule in enumerate(root.take("rules", list, [])):  # (what the position is about: rule ids)
        if root.check((*root.at("rules"), i), rule, str) not in rb.rules:
            raise root.doc.error((*root.at("rules"), i), f"{rb.id} has no rule {quote(rule)}")
    options = _options(rb, spec, root.table("options"))
    engine = root.table("engine")
    lo, hi = rb.players
    n = spec.players(doc.data) if spec.players is not None else lo
    if not lo <= n <= hi:
        raise root.error("players", f"{n} players; {rb.id} takes {lo} to {hi}")
    state = State()
    state.players = [{"id": i, "name": f"Player {i}"} for i in range(n)]
    state.turn = {"round": 1, "number": 0, "player": 0, "first": 0, "phase": None, "sub": None, "again": False}
    state.turn["cursor"] = [0, 0, 0]
    game = Game(rb, state, options=options, seed=seed, chance=chance, tracing=tracing)
    table = game.table
    table.record("action", f"position {shown_file(doc.file)}" + (f": {description}" if description else ""), spec.rule)
    try:
        spec.build(table, root)
    except PositionError:
        raise
    except TabletopError as e:  # (a move the rules refuse: a full zone, say) named at the file, not in rule code
        raise PositionError(doc.file, None, "", str(e)) from None
    root.done(KERNEL_KEYS)
    _engine(table, engine, counted_ids=spec.counted_ids)
    if run and state.decision is None:
        table._run()
        if state.decision is None and state.result is None:
            raise PositionError(doc.file, None, "", "the position reaches no decision")
    table.origin = doc.text
    return game


def _engine(table: Table, node: Node, *, counted_ids: bool = True) -> None:
    """The ``[engine]`` table: the random streams, the counters, and the pending work of a game paused
    inside an action (all written by :meth:`Game.to_position`)."""
    st = table.state
    streams = node.table("rng")
    for stream, value in streams.items():
        digits = streams.check(streams.at(stream), value, str)
        if not digits.isdigit() or int(digits) >> 64:
            raise streams.error(stream, f"{quote(digits)} is not a random stream's value (a 64-bit number, as text)")
        st.rng[stream] = int(digits)
    settle(st, node.table("counters") if "counters" in node else None, counted_ids=counted_ids)
    pending = node.take("pending", str, None)
    node.done()
    if pending is None:
        return
    try:
        data = json.loads(pending)
    except ValueError as e:
        raise node.error("pending", f"not the JSON Game.to_position writes: {e}") from None
    if not isinstance(data, dict) or sorted(data) != sorted(ENGINE_KEYS):
        raise node.error("pending", f"must hold exactly {', '.join(ENGINE_KEYS)} (keep it as to_position wrote it)")
    loaded = State.from_data(data)
    for key in ENGINE_KEYS:
        setattr(st, key, getattr(loaded, key))


# ------------------------------------------------------------------ writing
def dump(game: Game) -> str:
    """``game`` as a position file (:meth:`Game.to_position`); loading it gives the same fingerprint."""
    table = game.table
    rb = game.rulebook
    spec = rb.position
    if spec is None:
        raise RuleError(f"{rb.id} has no position files (its Rulebook.position is None)")
    if game.over:
        raise RuleError("the game is over: a position file holds a game still to be played")
    head: dict[str, Any] = {"format": FORMAT, "rulebook": rb.id, "seed": game.seed}
    options = {k: v for k, v in game.options.items() if v != rb.options[k].default and k not in spec.set_up_options}
    body = spec.dump(table)
    st = table.state
    engine: dict[str, Any] = {
        "rng": {k: str(v) for k, v in sorted(st.rng.items())},
        "counters": dict(st.counters),
    }
    text = render(head, options, body, engine)
    built = _build(Doc(text, "<to_position>"), rb, _no_lookup, tracing=False, chance="manual", run=False)
    for key in BOARD_KEYS:
        if _canonical(built.state, key) != _canonical(st, key):
            raise RuleError(f"{rb.id}: its position files do not hold the game's {key} (PositionSpec.dump)")
    try:
        built.table._run()
        same = built.fingerprint() == game.fingerprint()
    except TabletopError:
        same = False
    if same:
        return text
    engine["pending"] = toml_text.Verbatim(
        json.dumps(st.untraced_engine(), ensure_ascii=False, sort_keys=True, indent=1)
    )
    text = render(head, options, body, engine)
    built = _build(Doc(text, "<to_position>"), rb, _no_lookup, tracing=False, chance="manual", run=True)
    if built.fingerprint() != game.fingerprint():
        raise RuleError(f"{rb.id}: a position file written of this game does not load to the same fingerprint")
    return text


def _no_lookup(rulebook_id: str) -> Rulebook:
    raise RuleError(f"no rulebook is looked up while a position is written ({rulebook_id!r})")


def _canonical(state: State, key: str) -> bytes:
    import orjson

    return orjson.dumps(getattr(state, key), option=orjson.OPT_SORT_KEYS)


def render(head: dict[str, Any], options: dict[str, Any], body: dict[str, Any], engine: dict[str, Any]) -> str:
    """A position file's text: the kernel's head and options, the rulebook's tables, the engine table."""
    v = toml_text.value
    out = ["# A position (docs/positions.md), written by Game.to_position()."]
    out += [f"{toml_text.key(k)} = {v(x)}" for k, x in head.items()]
    if options:
        out += ["", "[options]", *(f"{toml_text.key(k)} = {v(x)}" for k, x in options.items())]
    for name, part in body.items():
        if isinstance(part, list):
            for item in part:
                out += ["", f"[[{toml_text.key(name)}]]", *_pairs(item)]
        else:
            out += ["", f"[{toml_text.key(name)}]", *_pairs(part)]
    out += ["", "# where the random streams and the counters stand: without this table a loaded game starts"]
    out += ["# them afresh from the seed (and `pending`, if any, is the engine's work inside an action: keep it)"]
    out += ["[engine]", *_pairs(engine)]
    return "\n".join(out) + "\n"


def _pairs(table: dict[str, Any]) -> list[str]:
    """The ``key = value`` lines of a table; an array of several items gets one item a line."""
    lines = []
    for k, x in table.items():
        if isinstance(x, list) and len(x) > 1 and any(isinstance(i, dict) for i in x):
            lines += [f"{toml_text.key(k)} = [", *(f"  {toml_text.value(i)}," for i in x), "]"]
        else:
            lines.append(f"{toml_text.key(k)} = {toml_text.value(x)}")
    return lines
