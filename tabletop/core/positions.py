"""Position files: a game at a point of play as TOML a teacher can write, and back (docs/positions.md).

A position file names its rulebook, the seed and the rulebook options, then the position in the
rulebook's own terms (players, zones and their cards by card id, whose turn and which step), which
the rulebook's :class:`PositionSpec` reads and writes. :func:`load_position` returns a
:class:`~tabletop.core.game.Game` paused at its first decision; :meth:`Game.to_position` writes a
game back, and loading what it wrote gives the same fingerprint and the same options.

Why a kernel module: the reading is the same for every rulebook (the TOML, the line of every field,
type and range checks, a misspelled key named with the keys meant, the options, the turn's step),
and so is what a written position must reproduce. The rulebook says only what its tables mean.

A game paused inside an action (a target to choose, a mulligan, triggers pending) is more than a
board: :meth:`Game.to_position` then adds the engine's pending work to the ``[engine]`` table, as
JSON text to be kept as written, so that the round trip stays exact.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any

from . import toml_text
from .errors import ArgumentTypeError, RulebookOptionError, RuleError, TabletopError, UnknownRulebook, quote
from .game import Game, checked_seed
from .state import State
from .toml_text import Path

if TYPE_CHECKING:
    from .rulebook import Rulebook
    from .table import Table

FORMAT = "tabletop.position/1"
# the parts of the state a position's readable tables hold; the rest is the engine's (written only when
# the game is paused inside an action, see the module docstring)
BOARD_KEYS = ("objects", "zones", "players", "vars", "result")
ENGINE_KEYS = ("work", "queue", "decision", "events", "effects", "delayed", "modifiers", "uses", "turn")
_KERNEL_KEYS = ("format", "rulebook", "seed", "description", "rules", "options", "engine")
_ID = re.compile(r"c(\d+)")


class PositionError(TabletopError, ValueError):
    """A position file that cannot be read: names the file, the line and the field, and says what is wrong."""

    def __init__(self, file: str, line: int | None, field: str, problem: str):
        self.file, self.line, self.field, self.problem = file, line, field, problem
        where = file if line is None else f"{file}, line {line}"
        super().__init__(f"{where}, field {field}: {problem}" if field else f"{where}: {problem}")


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


# ------------------------------------------------------------------ reading
_TYPES: dict[type, str] = {int: "an integer", bool: "true or false", str: "a string", list: "an array", dict: "a table"}
_REQUIRED = object()


def field_name(path: Path) -> str:
    """A path as the file spells it: ``zones."board:0"[2].damage``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = toml_text.key(part)
            out += name if not out else f".{name}"
    return out


class Doc:
    """A parsed position file: its data, where each field is, and errors that say so."""

    def __init__(self, text: str, file: str) -> None:
        self.text, self.file = text, file
        try:
            self.data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            m = re.search(r"\(at line (\d+), column \d+\)", str(e))
            line = int(m.group(1)) if m else None
            raise PositionError(file, line, "", f"not valid TOML: {e}") from None
        self.lines = toml_text.lines_of(text)

    def line(self, path: Path) -> int | None:
        """The line of ``path``, or of the nearest field around it that the file spells out."""
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)

    def error(self, path: Path, problem: str) -> PositionError:
        return PositionError(self.file, self.line(path), field_name(path), problem)

    def root(self) -> Node:
        return Node(self, (), self.data)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(_TYPES.get(k, k.__name__) for k in kinds)


def _type_name(value: Any) -> str:
    return _TYPES.get(type(value), type(value).__name__)


class Node:
    """A table of a position file being read. Each value is taken once, checked as it is taken; what is
    never taken is a misspelled or unknown field, which :meth:`done` names with the fields meant."""

    def __init__(self, doc: Doc, path: Path, data: dict[str, Any]) -> None:
        self.doc, self.path, self.data = doc, path, data
        self.read: set[str] = set()

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def at(self, key: str | int) -> Path:
        return (*self.path, key)

    def error(self, key: str | int | None, problem: str) -> PositionError:
        return self.doc.error(self.path if key is None else self.at(key), problem)

    def check(self, path: Path, value: Any, kind: type | tuple[type, ...]) -> Any:
        """``value`` (at ``path``) if it is of ``kind`` (an int is no bool here, nor a bool an int)."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = any(type(value) is k or (k is dict and isinstance(value, dict)) for k in kinds)
        if not ok:
            raise self.doc.error(path, f"must be {_kind_name(kind)}, not {_type_name(value)} {quote(value)}")
        return value

    def take(
        self,
        key: str,
        kind: type | tuple[type, ...],
        default: Any = _REQUIRED,
        *,
        choices: tuple | None = None,
        at_least: int | None = None,
        at_most: int | None = None,
    ) -> Any:
        """The value of ``key``, checked (its type, one of ``choices``, within bounds); ``default`` if absent."""
        self.read.add(key)
        if key not in self.data:
            if default is _REQUIRED:
                raise self.error(None, f"{quote(key)} is missing")
            return default
        value = self.check(self.at(key), self.data[key], kind)
        if choices is not None and value not in choices:
            raise self.error(key, f"{quote(value)} is not one of {', '.join(map(quote, choices))}")
        if at_least is not None and value < at_least:
            raise self.error(key, f"{value} is less than {at_least}")
        if at_most is not None and value > at_most:
            raise self.error(key, f"{value} is more than {at_most}")
        return value

    def table(self, key: str) -> Node:
        """Table ``key`` as a node (an empty one when absent)."""
        data = self.take(key, dict, {})
        return Node(self.doc, self.at(key), data)

    def tables(self, key: str, at_most: int | None = None) -> list[Node]:
        """Array of tables ``key`` (``[[key]]``, or an array of inline tables) as nodes."""
        items = self.take(key, list, [])
        if at_most is not None and len(items) > at_most:
            raise self.error(key, f"{len(items)} tables; there are at most {at_most}")
        return [
            Node(self.doc, (*self.at(key), i), self.check((*self.at(key), i), v, dict)) for i, v in enumerate(items)
        ]

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every key and value, in the file's order (each counts as read)."""
        for key, value in self.data.items():
            self.read.add(key)
            yield key, value

    def done(self, known: tuple[str, ...] = ()) -> None:
        """Every key was read: one that was not is unknown here, named with the keys that are."""
        allowed = sorted(self.read | set(known))
        for key in self.data:
            if key not in self.read and key not in known:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f" (did you mean {quote(close[0])}?)" if close else ""
                raise self.error(key, f"unknown field {quote(key)}{hint}; the fields here are: {', '.join(allowed)}")


def suggest(name: str, known: Any) -> str:
    """`` (did you mean 'x'?)`` for the known name closest to a misspelled ``name``, or nothing."""
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {quote(close[0])}?)" if close else ""


# ------------------------------------------------------------------ the turn
def step_names(rulebook: Rulebook) -> dict[str, tuple[int, int]]:
    """The steps of the turn structure a position may stand at: each task name and its short name
    (``hs.main`` and ``main``) -> (phase index, step index)."""
    names: dict[str, tuple[int, int]] = {}
    for pi, phase in enumerate(rulebook.flow):
        for si, step in enumerate(phase.steps):
            if isinstance(step, str) and not step.startswith("@"):
                names.setdefault(step, (pi, si))
                names.setdefault(step.rsplit(".", 1)[-1], (pi, si))
    return names


def at_step(table: Table, node: Node, *, player: int, step: str, number: int, key: str = "step") -> None:
    """Put the turn structure at ``step`` of ``player``'s turn number ``number``: at a phase's first step the
    turn is about to begin (the flow begins it, as in play); at a later one the turn is under way and the
    step runs next. Why: "whose turn and which step" is the same in every rulebook with a turn structure."""
    steps = step_names(table.rulebook)
    if step not in steps:
        raise node.error(
            key, f"{quote(step)} is not a step of the turn{suggest(step, steps)}; the steps: {', '.join(steps)}"
        )
    pi, si = steps[step]
    phase = table.rulebook.flow[pi]
    st = table.state
    order = st.seat_order() if phase.each_player else []
    if phase.each_player and player not in order:
        raise node.error("player", f"player {player} takes no turn here (the seat order is {order})")
    k = order.index(player) if phase.each_player else 0
    if si == 0:
        st.set_turn(player=player, number=number - 1, cursor=[pi, k, 0])
    else:
        st.set_turn(player=player, number=number, phase=phase.name, cursor=[pi, k, si])


def step_of(table: Table) -> str:
    """The short name of the step a game's turn stands at (the one running, or about to begin)."""
    t = table.state.turn
    pi, _k, si = t.get("cursor", (0, 0, 0))
    flow = table.rulebook.flow
    if pi >= len(flow):
        pi, si = 0, 0
    steps = flow[pi].steps
    name = steps[max(si - 1, 0)] if si else steps[0]
    return str(name).rsplit(".", 1)[-1]


# ------------------------------------------------------------------ object ids
def id_number(oid: str) -> int | None:
    m = _ID.fullmatch(oid)
    return int(m.group(1)) if m else None


def take_ids(table: Table, entry: Node) -> tuple[str | None, int | None]:
    """An entry's ``id`` and ``ts``, checked: an id of the kernel's form (``c12``) not yet taken; the
    timestamp (the order of appearance, which decides the order of play) defaults to the id's number,
    and without an id to the order the file lists the objects in."""
    oid = entry.take("id", str, None)
    ts = entry.take("ts", int, None, at_least=1)
    if oid is not None:
        if id_number(oid) is None:
            raise entry.error("id", f"{quote(oid)} is not an object id (c and a number: 'c12')")
        if oid in table.state.objects:
            raise entry.error("id", f"{quote(oid)} is given twice")
        if ts is None:
            ts = id_number(oid)
    return oid, ts


def stamp(table: Table, oid: str, ts: int | None) -> None:
    """Give object ``oid`` the timestamp ``ts`` (None: keep the one it was made with)."""
    if ts is not None:
        table.state.objects[oid] = {**table.state.objects[oid], "ts": ts}


def settle(state: State, given: Node | None) -> None:
    """The id and timestamp counters after a build: past every object's (or as the file's engine table gives)."""
    ids = [id_number(oid) or 0 for oid in state.objects]
    stamps = [obj.get("ts", 0) for obj in state.objects.values()]
    state.counters["id"] = max([state.counters["id"], *ids])
    state.counters["ts"] = max([state.counters["ts"], *stamps])
    if given is None:
        return
    for name in ("id", "ts", "event"):
        if name in given:
            floor = {"id": state.counters["id"], "ts": state.counters["ts"], "event": 0}[name]
            state.counters[name] = given.take(name, int, at_least=floor)
    given.done()


def drop_default_ids(entries: list[dict[str, Any]]) -> None:
    """Leave out what a loader would give anyway: every ``id`` when the entries (in the order they are
    made) are ``c1``, ``c2``, ... with timestamps 1, 2, ...; otherwise each ``ts`` equal to its id's number."""
    default = all(e["id"] == f"c{i}" and e["ts"] == i for i, e in enumerate(entries, 1))
    for e in entries:
        if default:
            del e["id"], e["ts"]
        elif e["ts"] == id_number(e["id"]):
            del e["ts"]


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


def load_position(
    source: str | FilePath,
    rulebook: Rulebook | None = None,
    *,
    tracing: bool = True,
    chance: str = "sample",
    name: str | None = None,
) -> Game:
    """The game a position file describes, paused at its first decision (docs/positions.md).

    ``source``: a path (a :class:`pathlib.Path`, or a str ending in ``.toml``) or the TOML text itself;
    ``rulebook``: the rulebook to play it with (one not installed, or ``rb.with_cards(...)``): its id must
    be the file's. ``name``: the file's name in errors (default: the path, or ``<position>``).
    Every problem raises :class:`PositionError` naming the file, the line and the field.
    """
    text, file = _source(source, name)
    doc = Doc(text, file)
    return _build(doc, rulebook, tracing=tracing, chance=chance, run=True)


def _rulebook(root: Node, given: Rulebook | None) -> Rulebook:
    from .registry import rulebook as by_id

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


def _build(doc: Doc, given: Rulebook | None, *, tracing: bool, chance: str, run: bool) -> Game:
    root = doc.root()
    fmt = root.take("format", str)
    if fmt != FORMAT:
        raise root.error("format", f"{quote(fmt)} is not a position format this version reads ({FORMAT!r})")
    rb = _rulebook(root, given)
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
    table.record("action", f"position {doc.file}" + (f": {description}" if description else ""), spec.rule)
    try:
        spec.build(table, root)
    except PositionError:
        raise
    except TabletopError as e:  # (a move the rules refuse: a full zone, say) named at the file, not in rule code
        raise PositionError(doc.file, None, "", str(e)) from None
    root.done(_KERNEL_KEYS)
    _engine(table, engine)
    if run and state.decision is None:
        table._run()
        if state.decision is None and state.result is None:
            raise PositionError(doc.file, None, "", "the position reaches no decision")
    return game


def _engine(table: Table, node: Node) -> None:
    """The ``[engine]`` table: the random streams, the counters, and the pending work of a game paused
    inside an action (all written by :meth:`Game.to_position`)."""
    st = table.state
    streams = node.table("rng")
    for stream, value in streams.items():
        digits = streams.check(streams.at(stream), value, str)
        if not digits.isdigit() or int(digits) >> 64:
            raise streams.error(stream, f"{quote(digits)} is not a random stream's value (a 64-bit number, as text)")
        st.rng[stream] = int(digits)
    settle(st, node.table("counters") if "counters" in node else None)
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
    built = _build(Doc(text, "<to_position>"), rb, tracing=False, chance="manual", run=False)
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
        json.dumps(
            {key: _untraced(getattr(st, key)) for key in ENGINE_KEYS}, ensure_ascii=False, sort_keys=True, indent=1
        )
    )
    text = render(head, options, body, engine)
    built = _build(Doc(text, "<to_position>"), rb, tracing=False, chance="manual", run=True)
    if built.fingerprint() != game.fingerprint():
        raise RuleError(f"{rb.id}: a position file written of this game does not load to the same fingerprint")
    return text


def _canonical(state: State, key: str) -> bytes:
    import orjson

    return orjson.dumps(getattr(state, key), option=orjson.OPT_SORT_KEYS)


def _untraced(value: Any) -> Any:
    """``value`` with its references into the trace (``cause``, ``rec``) set to None: a loaded game's trace
    starts empty. Work entries are ``(task, args, cause)``."""
    if isinstance(value, dict):
        return {k: None if k in ("cause", "rec") else _untraced(v) for k, v in value.items()}
    if isinstance(value, tuple) and len(value) == 3 and isinstance(value[0], str) and isinstance(value[1], dict):
        return [value[0], _untraced(value[1]), None]
    if isinstance(value, list | tuple):
        return [_untraced(v) for v in value]
    return value


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
