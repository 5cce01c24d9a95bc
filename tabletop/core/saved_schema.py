"""The schema a saved game must fit (:data:`SCHEMA`), and its first error worded by field path.

What :mod:`tabletop.core.saved` checks first, before anything is built from a saved game: no
unknown or missing field, every field of its type. jsonschema is imported only when a game is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .errors import SavedGameError, quote
from .game import FORMAT
from .profile import (
    CHECKS,
    CONTAINERS,
    FORCED_LOOPS,
    LOOPS,
    NO_ACTIVE_PLAYER,
    OPTIONALS,
    ORDERINGS,
    REPLACEMENT_TIMINGS,
    REPLACEMENTS,
    WINDOW_USES,
)
from .trace import RECORD_KINDS

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, ValidationError

MAX_DEPTH = 64  # the deepest nesting a saved game may have (the shipped games' saves reach about 10)

_MESSAGE = 300  # the most characters of a nested error's message a load error repeats

_INT = {"type": "integer"}

_STR = {"type": "string"}

_BOOL = {"type": "boolean"}

_OBJ = {"type": "object"}

_ARR = {"type": "array"}


def _record(properties: dict[str, Any], *, extra: bool = False) -> dict[str, Any]:
    """An object schema that requires every one of ``properties`` (and, unless ``extra``, no other)."""
    schema: dict[str, Any] = {"type": "object", "properties": properties, "required": sorted(properties)}
    if not extra:
        schema["additionalProperties"] = False
    return schema


_PLAYER = {"type": ["integer", "string"]}  # a player's number, or CHANCE

_TASK = {"type": "array", "prefixItems": [_STR, _OBJ], "minItems": 2, "maxItems": 2}
# a pending task: its name, its arguments and the trace record it cites (None: none, or untraced)
_WORK_TASK = {"type": "array", "prefixItems": [_STR, _OBJ, {"type": ["integer", "null"]}], "minItems": 3, "maxItems": 3}

_OPTION = {**_record({"id": _STR}, extra=True), "properties": {"id": _STR, "label": _STR}}

_DECISION = {
    **_record(
        {"player": _PLAYER, "kind": _STR, "options": {**_ARR, "items": _OPTION, "minItems": 1}, "resume": _TASK},
        extra=True,
    ),
    "properties": {
        "player": _PLAYER,
        "kind": _STR,
        "prompt": _STR,
        "rule": _STR,
        "options": {**_ARR, "items": _OPTION, "minItems": 1},
        "resume": _TASK,
        "cause": {"type": ["integer", "null"]},
        "probs": {**_ARR, "items": {"type": "number", "minimum": 0}},
        "stream": _STR,
    },
}

_LATER_PROFILE_FIELDS = (
    "forced_loop",
    "time_budget",
    "replacement_timing",
    "window_uses",
    "no_active_player",
    "check_at",
    "period_end",
)

_PROFILE = _record(
    {
        "ordering": {"enum": list(ORDERINGS)},
        "no_active_player": {"enum": list(NO_ACTIVE_PLAYER)},
        "container": {"enum": list(CONTAINERS)},
        "checks": {"enum": list(CHECKS)},
        "forced_before_optional": _BOOL,
        "lookback": _BOOL,
        "optional": {"enum": list(OPTIONALS)},
        "window_uses": {"enum": list(WINDOW_USES)},
        "replacements": {"enum": list(REPLACEMENTS)},
        "delayed_before_responses": _BOOL,
        "expire_before_end_triggers": _BOOL,
        "modifiers": {
            **_record(
                {
                    "stages": {
                        **_ARR,
                        "items": {
                            "anyOf": [
                                {**_ARR, "items": _STR},
                                {  # a named Stage (modifiers.Stage.describe)
                                    **_record(
                                        {
                                            "name": _STR,
                                            "ops": {**_ARR, "items": _STR},
                                            "rounding": {"type": ["string", "null"]},
                                            "rule": {"type": ["string", "null"]},
                                        }
                                    ),
                                    "required": ["name", "ops"],
                                },
                            ]
                        },
                    },
                    "floor": {"type": ["integer", "null"]},
                    "rounding": _STR,
                    "rule": _STR,
                }
            ),
            "required": ["floor", "rounding", "stages"],
        },
        "loops": {"enum": list(LOOPS)},
        "step_budget": {"type": "integer", "minimum": 1},
        "rules": {**_OBJ, "additionalProperties": _STR},
        "forced_loop": {"enum": list(FORCED_LOOPS)},
        "replacement_timing": {"enum": list(REPLACEMENT_TIMINGS)},
        "time_budget": {"anyOf": [{"type": "null"}, {"type": "number", "exclusiveMinimum": 0}]},
        "check_at": {"anyOf": [{"type": "null"}, {**_ARR, "items": _STR}]},
        "period_end": {"anyOf": [{"type": "null"}, {**_ARR, "items": _STR}]},
    }
)

# Profile fields added after saves already existed: a save from before them loads with their defaults.
_PROFILE["required"] = [k for k in _PROFILE["required"] if k not in _LATER_PROFILE_FIELDS]

_STATE = _record(
    {
        "counters": {**_OBJ, "additionalProperties": _INT},
        "decision": {"anyOf": [{"type": "null"}, _DECISION]},
        "delayed": {**_ARR, "items": _OBJ},
        "effects": {**_ARR, "items": _OBJ},
        "events": {**_OBJ, "additionalProperties": _OBJ},
        "modifiers": {**_ARR, "items": _OBJ},
        "objects": {**_OBJ, "additionalProperties": {**_record({"id": _STR, "zone": _STR}, extra=True)}},
        "players": {**_ARR, "items": _OBJ, "minItems": 1},
        "queue": {**_ARR, "items": _OBJ},
        "result": {"type": ["object", "null"]},
        "rng": {**_OBJ, "additionalProperties": {"type": "integer", "minimum": 0, "maximum": (1 << 64) - 1}},
        "turn": _OBJ,
        "uses": {**_OBJ, "additionalProperties": _INT},
        "vars": _OBJ,
        "work": {**_ARR, "items": _WORK_TASK},
        "zones": {**_OBJ, "additionalProperties": {**_ARR, "items": _STR}},
    }
)

_TRACE_RECORD = _record(
    {
        "i": {"type": "integer", "minimum": 0},
        "kind": {"enum": list(RECORD_KINDS)},
        "summary": _STR,
        "rule": _STR,
        "cause": {"type": ["integer", "null"]},
        "player": {"type": ["integer", "string", "null"]},
        "step": {"type": "integer", "minimum": 0},
        "data": _OBJ,
    }
)

_HISTORY_STEP = _record({"player": _PLAYER, "kind": _STR, "option": _STR, "auto": _BOOL})

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "A tabletop saved game (Game.to_json)",
    **_record(
        {
            "format": {"const": FORMAT},
            "rulebook": {"type": "string", "minLength": 1},
            "options": _OBJ,
            "seed": {"type": ["integer", "string"]},
            "chance": {"enum": ["sample", "manual"]},
            "tracing": _BOOL,
            "profile": {"anyOf": [{"type": "null"}, _PROFILE]},
            "state": _STATE,
            "trace": {**_ARR, "items": _TRACE_RECORD},
            "history": {**_ARR, "items": _HISTORY_STEP},
        }
    ),
}

# (optional: the positions a forced loop would come back to, saved only when there are any)
SCHEMA["properties"]["forced_loop"] = {
    **_ARR,
    "items": {
        "type": "array",
        "prefixItems": [{"type": "string", "pattern": "^([0-9a-f]{2})+$"}, {"type": "integer", "minimum": 0}],
        "minItems": 2,
        "maxItems": 2,
    },
}

# (optional: the position file a game was loaded from, tt.load_position; its history replays from there)
SCHEMA["properties"]["origin"] = {"type": "string"}

# the compiled SCHEMA, built on the first load (jsonschema is slow to import)
_validator: Draft202012Validator | None = None


def check_schema(data: dict) -> None:
    """The first error of the document against :data:`SCHEMA`, by field path."""
    global _validator
    if _validator is None:
        from jsonschema import Draft202012Validator

        _validator = Draft202012Validator(SCHEMA)
    errors = list(_validator.iter_errors(data))
    if not errors:
        return
    err = min(errors, key=lambda e: (len(e.absolute_path), [str(p) for p in e.absolute_path]))
    err = _deepest(err)
    path = list(err.absolute_path)
    # a validator sets these on every error it yields (the stubs also allow jsonschema's unset marker)
    instance: Any = err.instance
    wanted: Any = err.validator_value
    if err.validator == "required":
        missing = [name for name in wanted if name not in instance]
        raise SavedGameError(_path(path), f"missing field {quote(missing[0])}")
    if err.validator == "additionalProperties" and wanted is False:
        schema: Any = err.schema
        allowed = schema.get("properties", {})
        unknown = sorted((k for k in instance if k not in allowed), key=str)
        raise SavedGameError(_path([*path, unknown[0]]), f"unknown field (known: {', '.join(sorted(allowed))})")
    if err.validator == "type":
        expected = wanted if isinstance(wanted, str) else " or ".join(wanted)
        raise SavedGameError(_path(path), f"must be {expected}, not {_json_type(instance)} {quote(instance, 40)}")
    if err.validator in ("enum", "const"):
        allowed = wanted if err.validator == "enum" else [wanted]
        raise SavedGameError(_path(path), f"{quote(instance)} is not one of {allowed}")
    if err.validator in ("minimum", "maximum"):
        raise SavedGameError(_path(path), f"{quote(instance)} is out of range ({err.validator} {wanted})")
    if err.validator in ("minItems", "maxItems", "minLength"):
        raise SavedGameError(
            _path(path), f"{_json_type(instance)} of length {len(instance)} ({err.validator} {wanted})"
        )
    raise SavedGameError(_path(path), _cut(err.message))


def _deepest(err: ValidationError) -> ValidationError:
    """Inside an ``anyOf`` (null or a record), the record's own error: it says which field is wrong."""
    while err.validator == "anyOf" and err.context:
        inner = [e for e in err.context if e.validator != "type" or e.validator_value != "null"]
        if not inner or err.instance is None:
            break
        err = min(inner, key=lambda e: (-len(e.absolute_path), [str(p) for p in e.absolute_path]))
    return err


def _json_type(value: Any) -> str:
    for kind, name in ((bool, "a boolean"), (int, "an integer"), (float, "a number"), (str, "a string")):
        if isinstance(value, kind):
            return name
    return {dict: "an object", list: "an array", type(None): "null"}.get(type(value), type(value).__name__)


def _path(parts: Iterable[str | int]) -> str:
    """``state.objects.c5.zone``, ``history[3].option``: a field path (every part quoted to a bounded length)."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            name = p if len(p) <= 40 and p.isidentifier() else quote(p, 40)
            out += f".{name}" if out else name
    return out


def _cut(text: str, limit: int = _MESSAGE) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
