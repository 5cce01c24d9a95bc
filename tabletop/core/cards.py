"""Card catalogues: card data files validated against a JSON Schema.

Cards are TOML files (``[[card]]`` tables) in a rulebook's ``cards/`` folder. A new card that
uses existing effects needs no Python. Broken data fails at load with the file, the card and
the field named: a file that is not UTF-8 or not TOML, an entry that is not a table, data nested
deeper than any card needs, an integer that is a float (``2.0``) or a bool, or one beyond 64 bits.

The schema check needs jsonschema, whose import takes about a second (its format checkers build
grammars), so the card files a rulebook ships are checked once per content: a check that passes
records ``sha256(validator, schema bytes, file bytes)`` in a small cache file
(``$TABLETOP_CACHE_DIR``, else ``$XDG_CACHE_HOME/tabletop`` or ``~/.cache/tabletop``; an empty
``TABLETOP_CACHE_DIR`` switches it off), and a shipped file whose exact bytes are recorded there
skips it, without importing jsonschema. An entry only says "these exact bytes passed", so an
edited file is checked again; an unreadable or corrupt cache is an empty one, and an unwritable
one means checking every time. Card data from outside the package is always checked.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
import re
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .errors import CardDataError, clip, quote

if TYPE_CHECKING:
    from jsonschema import ValidationError
    from jsonschema.protocols import Validator

# The deepest card of the catalogues nests 7 levels (a Berserk card: card, activated, ability,
# effects, effect, choices, effect); 16 leaves room for any card the schemas allow, and stops a
# file nested thousands deep long before the TOML reader or the schema check would recurse.
MAX_DEPTH = 16
# TOML integers are signed 64-bit: "if an integer cannot be represented losslessly, an error must be thrown"
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def _strict_integer(_checker: Any, instance: Any) -> bool:
    """JSON Schema counts ``2.0`` as an integer; card data does not (a cost is typed as a whole number)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@functools.cache
def card_validator() -> type[Validator]:
    """The validator class of card data: Draft 2020-12 with strict integers (imports jsonschema, slowly)."""
    from jsonschema import Draft202012Validator, validators

    extended = validators.extend(
        Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_integer)
    )
    return cast("type[Validator]", extended)  # (the stubs leave validators.extend untyped)


def __getattr__(name: str) -> Any:
    if name == "CardValidator":  # the class this module used to build at import
        return card_validator()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_card_folder(
    folder: Path, paths: Iterable[Path] | None = None, files: dict[str, str] | None = None
) -> dict[str, dict]:
    """A rulebook's cards: ``paths`` (default ``folder/cards/*.toml``), validated by ``folder/card.schema.json``.

    A shipped file whose exact bytes already passed this schema is not checked again (see the module's doc).
    ``files``, when given, is filled with the name of the file each card came from."""
    schema_path = Path(folder) / "card.schema.json"
    schema_raw = schema_path.read_bytes()
    schema = json.loads(schema_raw.decode("utf-8"))
    cache = ValidationCache.open(schema_raw) if _shipped(schema_path) else None
    return _load(paths if paths is not None else (Path(folder) / "cards").glob("*.toml"), schema, cache, files)


def read_toml(path: Path) -> dict[str, Any]:
    """One card data file as TOML; a file that cannot be read, decoded or parsed is a CardDataError."""
    return _read_toml(Path(path))[1]


def _read_toml(path: Path) -> tuple[bytes, dict[str, Any]]:
    """The bytes of a card data file and the TOML they hold (read once, so that a hash covers what was parsed)."""
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
        return raw, tomllib.loads(text)
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
    return _load(paths, schema, None)


def _load(
    paths: Iterable[Path], schema: dict[str, Any], cache: ValidationCache | None, where: dict[str, str] | None = None
) -> dict[str, dict]:
    """:func:`load_cards`, skipping the schema check of the shipped files whose bytes ``cache`` knows passed;
    ``where`` gets the file name of each card."""
    validator: Validator | None = None
    passed: list[str] = []  # cache entries of the shipped files checked here
    cards: dict[str, dict] = {}
    where = {} if where is None else where
    for path in sorted(Path(p) for p in paths):
        name = path.name
        raw, data = _read_toml(path)
        entry = cache.entry(raw) if cache is not None and _shipped(path) else None
        # these bytes passed this schema before
        known = cache is not None and entry is not None and entry in cache.clean
        entries = data.get("card")
        if not isinstance(entries, list):
            raise CardDataError(name, None, "card", "the file must hold [[card]] tables")
        for n, card in enumerate(entries, 1):
            if not isinstance(card, dict):
                raise CardDataError(
                    name, f"#{n}", "card", f"entry {n} is {quote(card)} ({type(card).__name__}), not a [[card]] table"
                )
            card_id = given if isinstance(given := card.get("id"), str) else f"#{n}"
            _check_values(name, card_id, card)
            if not known:
                if validator is None:
                    validator = card_validator()(schema)
                errors = sorted(validator.iter_errors(card), key=lambda e: list(map(str, e.absolute_path)))
                if errors:
                    err = errors[0]
                    field = ".".join(str(p) for p in err.absolute_path) or _missing_field(err)
                    raise CardDataError(name, card_id, field, _schema_message(err))
            if card_id in cards:
                raise CardDataError(name, card_id, "id", f"duplicate card id (also in {where[card_id]})")
            cards[card_id] = card
            where[card_id] = name
        if entry is not None and not known:  # every card of these bytes passed the schema
            passed.append(entry)
    if cache is not None and passed:  # (passed is empty without a cache)
        cache.record(passed)
    return cards


# ------------------------------------------------------------------ the cache of schema checks passed
# the package's own folder: only the card files and schemas under it are looked up in the cache
SHIPPED = Path(__file__).resolve().parents[1]
CACHE_FILE = "card-validation.json"
CACHE_FORMAT = 1  # a new format (or a changed meaning of an entry) is a new number
CACHE_ENTRIES = 256  # the newest entries kept: every shipped file of a few versions of the package
_ENTRY = re.compile(r"[0-9a-f]{64}")


def _shipped(path: Path) -> bool:
    """Whether ``path`` is a file of the tabletop package (not a user's or a test's card data)."""
    try:
        return Path(path).resolve().is_relative_to(SHIPPED)
    except OSError:
        return False


def cache_dir() -> Path | None:
    """``$TABLETOP_CACHE_DIR`` (empty: no cache), else ``$XDG_CACHE_HOME/tabletop``, else ``~/.cache/tabletop``."""
    configured = os.environ.get("TABLETOP_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG spec: a relative path is invalid and ignored
        return Path(xdg) / "tabletop"
    try:
        return Path.home() / ".cache" / "tabletop"
    except RuntimeError:  # no home directory
        return None


@functools.cache
def _validator_identity() -> bytes | None:
    """What decides whether bytes pass: Python (its TOML reader), jsonschema's version, and this module's code."""
    try:
        version = importlib.metadata.version("jsonschema")
        code = Path(__file__).read_bytes()
    except (importlib.metadata.PackageNotFoundError, OSError):
        return None
    return f"{CACHE_FORMAT}|{sys.version}|jsonschema {version}|".encode() + hashlib.sha256(code).digest()


class ValidationCache:
    """The schema checks that passed: sha256 entries of (validator, schema bytes, card file bytes)."""

    def __init__(self, directory: Path, identity: bytes, schema_raw: bytes) -> None:
        self.directory = directory
        self.prefix = hashlib.sha256(identity).digest() + hashlib.sha256(schema_raw).digest()
        self.clean = set(self._read())

    @classmethod
    def open(cls, schema_raw: bytes) -> ValidationCache | None:
        """The cache for one schema, or None when there is none (switched off, or no jsonschema to name)."""
        directory, identity = cache_dir(), _validator_identity()
        return None if directory is None or identity is None else cls(directory, identity, schema_raw)

    def entry(self, raw: bytes) -> str:
        """The entry that says ``raw`` passed this schema under this validator (fixed-size parts: unambiguous)."""
        return hashlib.sha256(self.prefix + hashlib.sha256(raw).digest()).hexdigest()

    def _read(self) -> list[str]:
        """The entries on disk, oldest first; a missing, unreadable or malformed file has none."""
        try:
            data = json.loads((self.directory / CACHE_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        entries = data.get("passed") if isinstance(data, dict) and data.get("format") == CACHE_FORMAT else None
        if not isinstance(entries, list):
            return []
        return [e for e in entries if isinstance(e, str) and _ENTRY.fullmatch(e)]

    def record(self, entries: list[str]) -> None:
        """Add ``entries`` (written whole with a rename, so a reader never sees half a file); unwritable: skipped."""
        import tempfile

        kept = [e for e in self._read() if e not in entries] + entries  # re-read: another process may have added
        text = json.dumps({"format": CACHE_FORMAT, "passed": kept[-CACHE_ENTRIES:]}, indent=0)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".card-validation-", suffix=".tmp", dir=self.directory)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(text)
                os.replace(tmp, self.directory / CACHE_FILE)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError:
            return  # no cache: the files are checked again next time
        self.clean.update(entries)


def _missing_field(err: ValidationError) -> str | None:
    if err.validator == "required":
        # "'cost' is a required property"
        return err.message.split("'")[1] if "'" in err.message else None
    if err.validator == "additionalProperties":
        return err.message.split("'")[1] if "'" in err.message else None
    return None


def _schema_message(err: ValidationError) -> str:
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
