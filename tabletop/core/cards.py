"""Card catalogues: card data files validated against a JSON Schema.

Cards are TOML files (``[[card]]`` tables) in a rulebook's ``cards/`` folder. A new card that
uses existing effects needs no Python. Broken data fails at load with the file, the card and
the field named: a file that is not UTF-8 or not TOML, an entry that is not a table, data nested
deeper than any card needs, an integer that is a float (``2.0``) or a bool, or one beyond 64 bits.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators

from .errors import CardDataError, clip, quote

# The deepest card of the catalogues nests 7 levels (a Berserk card: card, activated, ability,
# effects, effect, choices, effect); 16 leaves room for any card the schemas allow, and stops a
# file nested thousands deep long before the TOML reader or the schema check would recurse.
MAX_DEPTH = 16
# TOML integers are signed 64-bit: "if an integer cannot be represented losslessly, an error must be thrown"
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def _strict_integer(_checker: Any, instance: Any) -> bool:
    """JSON Schema counts ``2.0`` as an integer; card data does not (a cost is typed as a whole number)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


CardValidator = validators.extend(
    Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_integer)
)


def load_card_folder(folder: Path, paths: Iterable[Path] | None = None) -> dict[str, dict]:
    """A rulebook's cards: ``paths`` (default ``folder/cards/*.toml``), validated by ``folder/card.schema.json``."""
    schema = json.loads((folder / "card.schema.json").read_text(encoding="utf-8"))
    return load_cards(paths if paths is not None else (folder / "cards").glob("*.toml"), schema)


def read_toml(path: Path) -> dict[str, Any]:
    """One card data file as TOML; a file that cannot be read, decoded or parsed is a CardDataError."""
    path = Path(path)
    name = path.name
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardDataError(name, None, None, f"cannot be read ({exc.strerror or type(exc).__name__})") from None
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as some editors write, is not an error
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        before = raw[: exc.start].decode("utf-8-sig", errors="replace")
        problem = f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line} (save the file as UTF-8)"
        raise CardDataError(name, _card_before(before), _field_before(before), problem) from None
    _check_nesting(name, text)
    try:
        return tomllib.loads(text)
    except ValueError as exc:  # TOMLDecodeError, or an integer literal of thousands of digits
        card = field = None
        if (at := re.search(r"at line (\d+)", str(exc))) is not None:  # the card and key on or before that line
            lines = text.split("\n")[: int(at.group(1))]
            card, field = _card_before("\n".join(lines)), _field_before("\n".join(lines))
        raise CardDataError(name, card, field, f"not valid TOML: {clip(str(exc), 300)}") from None
    except RecursionError:  # _check_nesting makes this unreachable; kept so that it can never escape
        raise CardDataError(name, None, None, f"nested more than {MAX_DEPTH} levels deep") from None


def load_cards(paths: Iterable[Path], schema: dict[str, Any]) -> dict[str, dict]:
    """Load and validate every card in ``paths``; returns the cards by id."""
    validator = CardValidator(schema)
    cards: dict[str, dict] = {}
    where: dict[str, str] = {}
    for path in sorted(Path(p) for p in paths):
        name = path.name
        data = read_toml(path)
        entries = data.get("card")
        if not isinstance(entries, list):
            raise CardDataError(name, None, "card", "the file must hold [[card]] tables")
        for n, card in enumerate(entries, 1):
            if not isinstance(card, dict):
                raise CardDataError(
                    name, f"#{n}", "card", f"entry {n} is {quote(card)} ({type(card).__name__}), not a [[card]] table"
                )
            card_id = card.get("id") if isinstance(card.get("id"), str) else f"#{n}"
            _check_values(name, card_id, card)
            errors = sorted(validator.iter_errors(card), key=lambda e: list(map(str, e.absolute_path)))
            if errors:
                err = errors[0]
                field = ".".join(str(p) for p in err.absolute_path) or _missing_field(err)
                raise CardDataError(name, card_id, field, _schema_message(err))
            if card_id in cards:
                raise CardDataError(name, card_id, "id", f"duplicate card id (also in {where[card_id]})")
            cards[card_id] = card
            where[card_id] = name
    return cards


def _missing_field(err) -> str | None:
    if err.validator == "required":
        # "'cost' is a required property"
        return err.message.split("'")[1] if "'" in err.message else None
    if err.validator == "additionalProperties":
        return err.message.split("'")[1] if "'" in err.message else None
    return None


def _schema_message(err) -> str:
    """The schema's complaint, quoting at most ~100 characters of the value (a 10 MB string stays out)."""
    message, shown = err.message, repr(err.instance)
    if message.startswith(shown):
        message = quote(err.instance) + message[len(shown) :]
    return clip(message, 300)


def _check_values(file: str, card_id: str, card: dict) -> None:
    """Limits no schema states: nesting depth and 64-bit integers (walked without recursion)."""
    stack: list[tuple[Any, tuple, int]] = [(card, (), 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                field = ".".join(map(str, path[:MAX_DEPTH]))
                raise CardDataError(file, card_id, field, f"nested more than {MAX_DEPTH} levels deep")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((v, (*path, k), depth + 1) for k, v in items)
        elif isinstance(value, int) and not isinstance(value, bool) and not INT_MIN <= value <= INT_MAX:
            raise CardDataError(
                file, card_id, ".".join(map(str, path)), f"{quote(value)} does not fit a 64-bit integer (TOML)"
            )


_CARD_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*card[ \t]*\]\]", re.M)
_CARD_ID = re.compile(r"""^[ \t]*id[ \t]*=[ \t]*["']([^"'\\\n]*)["']""", re.M)
_KEY = re.compile(r"""^[ \t]*([A-Za-z0-9_.-]+)[ \t]*=""", re.M)
_SYNTAX = re.compile(r"""[\n#"'\[\]{}=]""")  # the characters the nesting scan looks at


def _card_before(prefix: str) -> str | None:
    """The card a position of a file is in: the id of the last ``[[card]]`` table before it, else ``#n``."""
    headers = list(_CARD_HEADER.finditer(prefix))
    if not headers:
        return None
    ids = list(_CARD_ID.finditer(prefix, headers[-1].end()))
    return ids[-1].group(1) if ids else f"#{len(headers)}"


def _field_before(prefix: str) -> str | None:
    """The last ``key =`` that starts a line before a position (the field being written there)."""
    start = headers[-1].end() if (headers := list(_CARD_HEADER.finditer(prefix))) else 0
    keys = list(_KEY.finditer(prefix, start))
    return keys[-1].group(1) if keys else None


def _check_nesting(file: str, text: str) -> None:
    """Refuse brackets nested deeper than MAX_DEPTH before the (recursive) TOML reader sees them.

    A small scan of the TOML text: strings and comments are skipped, ``[`` and ``{`` open a level.
    The error names the line, the card and the key whose value nests too deeply.
    """
    depth, key, line_start = 0, None, 0
    i = 0
    while (m := _SYNTAX.search(text, i)) is not None:
        i, c = m.start(), m.group()
        if c == "\n":
            line_start = i + 1
        elif c == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif c in "\"'":
            end = _skip_string(text, i)
            if (last := text.rfind("\n", i, end)) >= 0:
                line_start = last + 1
            i = end
            continue
        elif c == "=" and depth == 0:
            key = text[line_start:i].strip()
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, i) + 1
                problem = f"nested more than {MAX_DEPTH} levels deep (line {line}); no card needs that many"
                raise CardDataError(file, _card_before(text[:i]), key, problem)
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1


def _skip_string(text: str, i: int) -> int:
    """The index just after the TOML string that starts at ``i`` (basic, literal, or multi-line)."""
    q = text[i]
    delim = q * 3 if text.startswith(q * 3, i) else q
    j, n = i + len(delim), len(text)
    while j < n:
        c = text[j]
        if q == '"' and c == "\\":
            j += 2
            continue
        if text.startswith(delim, j):
            j += len(delim)
            if len(delim) == 3:  # up to two quotes may end the content of a multi-line string
                extra = 0
                while extra < 2 and j < n and text[j] == q:
                    j, extra = j + 1, extra + 1
            return j
        if len(delim) == 1 and c == "\n":
            return j  # unterminated: the TOML reader will say so
        j += 1
    return n
