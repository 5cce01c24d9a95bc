"""Checking a saved game before anything is built from it (what :func:`tabletop.load_game` runs).

A saved game is JSON text from :meth:`Game.to_json`. Loading trusts none of it: the document
must fit :data:`SCHEMA` (no unknown or missing field, every field of its type, numbers in the
64-bit range the fingerprint can hash, nesting no deeper than :data:`MAX_DEPTH`), its rulebook
must be the one given or an installed one, its options, players, seed and profile must be ones
that rulebook accepts, every object must be in exactly one zone, and its history must replay,
from a new game with the same seed, options and profile, to exactly the saved state. Each
failure is a :class:`SavedGameError` that names the field (``state.objects.c5.zone``); no game
exists until every check has passed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .decision import CHANCE
from .errors import ArgumentTypeError, SavedGameError, TabletopError, UnknownRulebook, quote
from .game import FORMAT, OLD_FORMATS, SEED_RANGE, Game, checked_seed
from .profile import (
    Profile,
)
from .rulebook import Rulebook
from .saved_schema import MAX_DEPTH, _cut, _path, check_schema
from .state import State
from .trace import Trace

if TYPE_CHECKING:
    pass

T = TypeVar("T")


def load(text: str, rulebook: Rulebook | None, by_id: Callable[[str], Rulebook]) -> Game:
    """The game saved in ``text``, after every check in the module docstring; ``by_id`` finds installed rulebooks."""
    if rulebook is not None and not isinstance(rulebook, Rulebook):
        raise ArgumentTypeError(f"load_game(rulebook={quote(rulebook)}): rulebook must be a Rulebook or None")
    data = parse(text)
    saved_format = data["format"]
    if saved_format != FORMAT:
        upgrade(data)
    check_schema(data)
    rb = _rulebook_of(data, rulebook, by_id)
    if saved_format != FORMAT:
        _rename_vars(data, rb)
    options = _options(rb, data)
    seed = _field("seed", checked_seed, data["seed"])
    profile = None if data["profile"] is None else _field("profile", profile_from_data, data["profile"])
    lo, hi = rb.players
    if not lo <= len(data["state"]["players"]) <= hi:
        raise SavedGameError("state.players", f"{len(data['state']['players'])} players; {rb.id} takes {lo} to {hi}")
    state = State.from_data(data["state"])
    check_zones(state)
    check_trace(data["trace"], len(data["history"]))
    replayed = check_replay(rb, data, state, options, seed, profile)
    noted = {bytes.fromhex(key): at for key, at in data.get("forced_loop", ())} or None
    if noted != replayed.table._forced:
        raise SavedGameError("forced_loop", "differs from the positions its history replays to")
    game = Game(
        rb,
        state,
        options=options,
        seed=seed,
        chance=data["chance"],
        tracing=data["tracing"],
        profile=profile,
        trace=Trace(rb.rules, data["trace"]),
        history=data["history"],
    )
    game.table._forced = noted
    game.table.origin = data.get("origin")
    return game


# ------------------------------------------------------------------ older formats
def upgrade(data: dict) -> None:
    """Turn a game saved in an older format into the current one, in place (before the schema checks it:
    what does not have the old shape is left for them to name).

    Format 1 kept the trace record a pending task cites among its arguments, as ``_c``; format 2 keeps
    it as the work entry's third item (``[name, args, cause]``), so a task's arguments are its own.
    """
    if data.get("format") == "tabletop.game/1":
        state = data.get("state")
        if isinstance(state, dict):
            if isinstance(state.get("work"), list):
                state["work"] = [_task_v2(t) for t in state["work"]]
            _resume_v2(state.get("decision"))
    data["format"] = FORMAT


def _task_v2(task: Any) -> Any:
    if not (isinstance(task, list) and len(task) == 2 and isinstance(task[1], dict)):
        return task
    args = dict(task[1])
    cause = args.pop("_c", None)
    _resume_v2(args.get("decision"))  # (a decision waiting to open, k.ask)
    return [task[0], args, cause]


def _resume_v2(decision: Any) -> None:
    """A decision's task to resume holds no cause either (the decision's record is the cause it cites)."""
    if isinstance(decision, dict):
        resume = decision.get("resume")
        if isinstance(resume, list) and len(resume) == 2 and isinstance(resume[1], dict):
            decision["resume"] = [resume[0], {k: v for k, v in resume[1].items() if k != "_c"}]


def _rename_vars(data: dict, rb: Rulebook) -> None:
    """The state variables ``rb`` renamed since an older format (Rulebook.renamed_vars), under their new names."""
    variables = data["state"]["vars"]
    for old, new in rb.renamed_vars.items():
        if old in variables:
            if new in variables:
                raise SavedGameError(f"state.vars.{old}", f"renamed {new!r} since, and the save holds {new!r} too")
            variables[new] = variables.pop(old)


# ------------------------------------------------------------------ the document
def parse(text: str) -> Any:
    """The JSON document in ``text``: numbers finite and in range, nesting at most MAX_DEPTH deep."""
    if not isinstance(text, str | bytes | bytearray):
        raise ArgumentTypeError(f"load_game(text=...) takes the JSON text of Game.to_json, not {type(text).__name__}")
    try:
        data = json.loads(text)  # (NaN and Infinity read as floats: _check_values names where)
    except RecursionError:
        raise SavedGameError(
            "", f"nested deeper than Python's JSON parser goes (a save nests at most {MAX_DEPTH})"
        ) from None
    except ValueError as exc:  # (json.JSONDecodeError is one)
        raise SavedGameError("", f"invalid JSON ({_cut(str(exc))})") from None
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, *OLD_FORMATS):
        found = quote(data.get("format")) if isinstance(data, dict) else f"a JSON {type(data).__name__}"
        older = ", ".join(repr(f) for f in OLD_FORMATS)
        raise SavedGameError("format", f"expected format {FORMAT!r} (or an older one: {older}), found {found}")
    _check_values(data)
    return data


def _check_values(data: Any) -> None:
    """Every number finite and in the 64-bit range, nesting at most MAX_DEPTH deep (one walk, no recursion)."""
    lo, hi = SEED_RANGE
    stack: list[tuple[Any, tuple]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        items: Iterable[tuple[Any, Any]]
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            if type(value) is int and not lo <= value <= hi:
                raise SavedGameError(_path(path), f"{quote(value)} is outside the 64-bit range [-2**63, 2**64-1]")
            if type(value) is float and not math.isfinite(value):
                raise SavedGameError(_path(path), f"{value} is not a finite number")
            continue
        if len(path) >= MAX_DEPTH:
            raise SavedGameError(_path(path[:8]) + ".(...)", f"nested deeper than {MAX_DEPTH} levels")
        for k, v in items:
            if isinstance(v, dict | list) or type(v) is not str:
                stack.append((v, (*path, k)))


def _field(path: str, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, with a kernel's refusal of the value turned into a load error at ``path``."""
    try:
        return fn(*args)
    except (TabletopError, TypeError, ValueError) as exc:
        raise SavedGameError(path, _cut(str(exc))) from None


# ------------------------------------------------------------------ against the rulebook
def _rulebook_of(data: dict, given: Rulebook | None, by_id: Callable[[str], Rulebook]) -> Rulebook:
    saved = data["rulebook"]
    if given is not None:
        if given.id != saved:
            raise SavedGameError("rulebook", f"this game was saved from rulebook {quote(saved)}, not {quote(given.id)}")
        return given
    try:
        return by_id(saved)
    except UnknownRulebook as exc:
        raise SavedGameError(
            "rulebook", f"{_cut(str(exc))}; a rulebook that is not installed is given as load_game(text, rulebook=...)"
        ) from None


def _options(rb: Rulebook, data: dict) -> dict[str, Any]:
    """The saved options: exactly the rulebook's, each a value it accepts."""
    saved = data["options"]
    unknown = sorted(set(saved) - set(rb.options))
    if unknown:
        known = ", ".join(sorted(rb.options)) or "none"
        raise SavedGameError(_path(["options", unknown[0]]), f"{rb.id} has no such option (known: {known})")
    missing = sorted(set(rb.options) - set(saved) - set(rb.added_options))
    if missing:
        raise SavedGameError("options", f"missing option {missing[0]!r} of {rb.id}")
    for name, value in saved.items():
        _field(_path(["options", name]), rb.resolve_options, {name: value})
    # (an option added since the save: Rulebook.added_options, its default is the game the save played)
    return rb.resolve_options(saved)


def profile_from_data(data: dict) -> Profile:
    """The :class:`Profile` that :meth:`Profile.describe` wrote."""
    from .modifiers import ModifierOrder, Stage

    p = dict(data)
    m = p.pop("modifiers")
    order = ModifierOrder(
        stages=tuple(
            Stage(s["name"], tuple(s["ops"]), s.get("rounding"), s.get("rule")) if isinstance(s, dict) else tuple(s)
            for s in m["stages"]
        ),
        floor=m["floor"],
        rounding=m["rounding"],
        rule=m.get("rule", "core.modifier"),
    )
    return Profile(**p, modifiers=order)


def check_zones(state: State) -> None:
    """Every object is in exactly one zone, the one it names, and every zone entry is an object."""
    where: dict[str, str] = {}
    for zone, content in state.zones.items():
        for i, oid in enumerate(content):
            if oid in where:
                raise SavedGameError(
                    _path(["state", "zones", zone, i]),
                    f"object {quote(oid)} is in zones {quote(where[oid])} and {quote(zone)}",
                )
            if oid not in state.objects:
                raise SavedGameError(_path(["state", "zones", zone, i]), f"{quote(oid)} is not an object of the game")
            where[oid] = zone
    for oid, obj in state.objects.items():
        if obj["id"] != oid:
            raise SavedGameError(
                _path(["state", "objects", oid, "id"]), f"{quote(obj['id'])} is not its key {quote(oid)}"
            )
        if oid not in where:
            raise SavedGameError(_path(["state", "objects", oid]), f"object {quote(oid)} is in no zone")
        if obj["zone"] != where[oid]:
            raise SavedGameError(
                _path(["state", "objects", oid, "zone"]),
                f"says {quote(obj['zone'])} but zone {quote(where[oid])} holds it",
            )


def check_trace(records: list[dict], steps: int) -> None:
    """Records are numbered in order and cite causes before them (a cycle would hang ``why``)."""
    for i, rec in enumerate(records):
        if rec["i"] != i:
            raise SavedGameError(f"trace[{i}].i", f"{rec['i']} is not the record's index {i}")
        cause = rec["cause"]
        if cause is not None and not 0 <= cause < i:
            raise SavedGameError(f"trace[{i}].cause", f"{cause} is not an earlier record")
        if rec["step"] > steps:
            raise SavedGameError(f"trace[{i}].step", f"{rec['step']} is more than the {steps} choices in the history")


# ------------------------------------------------------------------ the history
def check_replay(
    rb: Rulebook, data: dict, state: State, options: dict, seed: int | str, profile: Profile | None
) -> Game:
    """The history replays, from a new game with the same seed, options and profile, to the saved state
    (the replayed game is returned).

    Each run between two choices is replayed in the chance mode it was played in: ``manual`` when
    the next recorded step is a chance outcome chosen by hand, ``sample`` otherwise (a run draws its
    automatic outcomes from the seeded streams, and those must be the recorded ones). It is traced
    as the saved game was: a game that has ended can keep other pending work traced than untraced.
    """
    history = data["history"]
    chance_open = state.decision is not None and state.decision["player"] == CHANCE

    def mode(k: int) -> str:
        """The chance mode of the run that follows the first ``k`` steps."""
        if k < len(history):
            step = history[k]
            return "manual" if step["player"] == CHANCE and not step["auto"] else "sample"
        return "manual" if chance_open else data["chance"]

    try:
        if "origin" in data:  # (a game loaded from a position file: the history replays from that position)
            if rb.position is None:
                raise SavedGameError("origin", f"{rb.id} has no position files, so no game of it starts from one")
            game = rb.position.load(data["origin"], rb, tracing=data["tracing"], chance=mode(0))
            if profile is not None:
                game.profile = profile
        else:
            game = rb.new_game(
                seed=seed,
                players=len(state.players),
                chance=mode(0),
                tracing=data["tracing"],
                profile=profile,
                **options,
            )
    except SavedGameError:
        raise
    except Exception as exc:  # (a rulebook's set-up refusing what the document holds)
        raise SavedGameError("history", f"the set-up does not run: {type(exc).__name__}: {_cut(str(exc))}") from None
    while True:
        k = _same_start(game.history, history)
        if k == len(history) and len(game.history) == k:
            break
        if k < len(game.history):
            raise SavedGameError(
                f"history[{k}]",
                f"replayed, the game took {_step(game.history[k])} where the saved game has "
                + (_step(history[k]) if k < len(history) else "no more steps"),
            )
        step = history[k]
        if step["auto"]:
            raise SavedGameError(
                f"history[{k}]", f"replayed, the game waits for {_who(game)} where the saved game drew {_step(step)}"
            )
        game.chance = mode(k + 1)
        try:
            game.apply(step["option"])
        except Exception as exc:
            raise SavedGameError(
                f"history[{k}]", f"{_step(step)} does not replay: {type(exc).__name__}: {_cut(str(exc))}"
            ) from None
    for bookkeeping in (False, True):  # (the position first: its difference says more than a counter's)
        mine, theirs = state._canonical_bytes(bookkeeping), game.state._canonical_bytes(bookkeeping)
        if mine != theirs:
            import orjson

            where = _first_difference(orjson.loads(mine), orjson.loads(theirs), ["state"])
            raise SavedGameError(_path(where), "differs from the position its history replays to")
    return game


def _same_start(ours: Sequence[dict], saved: list[dict]) -> int:
    """How many steps the two histories share from the start."""
    k = 0
    for a, b in zip(ours, saved, strict=False):
        if a != b:
            break
        k += 1
    return k


def _step(step: dict) -> str:
    who = "chance" if step["player"] == CHANCE else f"player {quote(step['player'], 20)}"
    return f"{who}'s {quote(step['kind'], 40)} choice {quote(step['option'], 60)}"


def _who(game: Game) -> str:
    dec = game.state.decision
    if dec is None:
        return "nothing (the game is over)"
    return f"{'chance' if dec['player'] == CHANCE else 'player ' + str(dec['player'])}'s {dec['kind']} decision"


def _first_difference(a: Any, b: Any, path: list) -> list:
    """The path of the first place where ``a`` and ``b`` differ."""
    while True:
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(a.keys() | b.keys(), key=str):
                if a.get(key, _MISSING) != b.get(key, _MISSING):
                    a, b, path = a.get(key), b.get(key), [*path, key]
                    break
            else:
                return path
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                if x != y:
                    a, b, path = x, y, [*path, i]
                    break
            else:
                return path
        else:
            return path


_MISSING = object()
