"""Vocabularies of card data: each word a card may name (an effect, a target, a trigger) is registered
on the function that carries it out, and the card schema's enums are generated from the registrations.

A card has four representations that must agree: its TOML data, the JSON Schema that checks it, the
catalogue that builds its abilities, and the interpreter that runs its effects. With a
:class:`Vocabulary` the last three are one: ``@EFFECTS.register("damage", requires=("amount", "target"))``
puts the word in the vocabulary, names the fields a card must give with it, and is the code the
interpreter dispatches to (``EFFECTS[word](...)``; there is no if-chain to forget a branch in).

The schema file a rulebook ships (``card.schema.json``) is *generated*: :func:`generate_schema` writes
each vocabulary's words into the enum at its JSON pointer (and the "this word requires these fields"
clauses beside it) and leaves the rest of the file as written. The committed file is that output
(``python -m tabletop.core.registries`` rewrites the shipped ones; a test proves each equals its
generation), so an editor or a validator outside tabletop can use the file as it is, and the cache of
validated card files, keyed by the schema's bytes, keeps working. :func:`check_schema` compares a
schema's enums with the vocabularies without jsonschema and is called whenever a catalogue is built:
a word registered without a schema entry, or a schema word without code, stops the load, naming both.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .errors import RuleError, quote

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Word:
    """One registered word: the function that carries it out, the fields a card must give with it,
    and whatever else the rulebook keeps about it (``meta``: a text, whether a target is chosen...)."""

    name: str
    fn: Callable[..., Any]
    requires: tuple[str, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)


class Vocabulary(Generic[F]):
    """A registry of words card data may use, each bound to the function that carries it out.

    ``at`` is the JSON pointer, in the card schema, of where the words go: with ``field`` it is an
    object schema whose property ``field`` holds the word (its enum is ``at/properties/field``, and the
    ``requires`` clauses go to ``at/allOf``); without, ``at`` is the enum itself.
    """

    def __init__(self, name: str, at: str, field: str | None = None) -> None:
        self.name = name
        self.at = at
        self.field = field
        self.words: dict[str, Word] = {}
        # word -> function: a plain dict, what hot paths index (``VOCAB.handlers[word](...)``)
        self.handlers: dict[str, F] = {}

    # ------------------------------------------------------------ registering
    def register(self, *names: str, requires: Iterable[str] = (), **meta: Any) -> Callable[[F], F]:
        """Decorator: the function carries out ``names`` (one function may serve several words)."""
        if not names:
            raise RuleError(f"vocabulary {self.name}: register() needs at least one word")

        def deco(fn: F) -> F:
            for name in names:
                self.add(name, fn, requires=requires, **meta)
            return fn

        return deco

    def add(self, name: str, fn: F, *, requires: Iterable[str] = (), **meta: Any) -> None:
        """Register ``name`` as carried out by ``fn``; a word is registered once, always with code."""
        if not isinstance(name, str) or not name:
            raise RuleError(f"vocabulary {self.name}: a word is a non-empty str, not {quote(name)}")
        if not callable(fn):
            raise RuleError(
                f"vocabulary {self.name}: {quote(name)} must be registered with the function that carries it out, "
                f"not {quote(fn)}"
            )
        if name in self.words and not _same_code(self.words[name].fn, fn):
            raise RuleError(f"vocabulary {self.name}: {quote(name)} is registered twice")
        self.words[name] = Word(name, fn, tuple(requires), dict(meta))
        self.handlers[name] = fn

    # ------------------------------------------------------------- reading
    def __getitem__(self, name: str) -> F:
        try:
            return self.handlers[name]
        except KeyError:
            raise RuleError(
                f"vocabulary {self.name}: no {quote(name)}; registered: {', '.join(self.handlers) or 'none'}"
            ) from None

    def __contains__(self, name: object) -> bool:
        return name in self.handlers

    def __iter__(self) -> Iterator[str]:
        return iter(self.handlers)

    def __len__(self) -> int:
        return len(self.handlers)

    def names(self) -> list[str]:
        """The words in the order they were registered (the schema's enum order)."""
        return list(self.handlers)

    def meta(self, name: str, key: str, default: Any = None) -> Any:
        """What was registered with ``name`` under ``key`` (``default`` when nothing was)."""
        self[name]  # an unknown word is an error naming the vocabulary
        return self.words[name].meta.get(key, default)

    def where(self, key: str, value: Any = True) -> list[str]:
        """The words whose ``meta[key]`` is ``value``."""
        return [n for n, w in self.words.items() if w.meta.get(key) == value]

    @property
    def enum_pointer(self) -> str:
        return f"{self.at}/properties/{self.field}" if self.field else self.at

    def __repr__(self) -> str:
        return f"<Vocabulary {self.name} at {self.enum_pointer}: {len(self)} words>"


def _same_code(old: Callable[..., Any], new: Callable[..., Any]) -> bool:
    """Whether ``new`` is ``old`` defined again (its module imported again, or reloaded): it replaces it."""
    return (getattr(old, "__module__", None), getattr(old, "__qualname__", None)) == (
        getattr(new, "__module__", None),
        getattr(new, "__qualname__", None),
    ) and getattr(old, "__qualname__", "<lambda>") != "<lambda>"


# ------------------------------------------------------------------ the schema, generated
def _parts(pointer: str) -> list[str]:
    if not pointer.startswith("/"):
        raise RuleError(f"JSON pointer {quote(pointer)} must start with '/'")
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]


def _resolve(schema: dict, pointer: str) -> dict:
    node: Any = schema
    for part in _parts(pointer):
        if not isinstance(node, dict) or part not in node:
            raise RuleError(f"the card schema has nothing at {pointer} (a vocabulary's place)")
        node = node[part]
    if not isinstance(node, dict):
        raise RuleError(f"the card schema's {pointer} is not an object")
    return node


def _is_requires_clause(clause: Any, field: str) -> bool:
    """A generated clause: ``{"if": {"properties": {field: {"enum"|"const": ...}}}, "then": {"required": [...]}}``."""
    if not isinstance(clause, dict) or set(clause) != {"if", "then"}:
        return False
    cond, then = clause["if"], clause["then"]
    return (
        isinstance(cond, dict)
        and set(cond) == {"properties"}
        and set(cond["properties"]) == {field}
        and isinstance(then, dict)
        and set(then) == {"required"}
    )


def _requires_clauses(vocab: Vocabulary) -> list[dict]:
    """One clause per distinct set of required fields, naming the words that need it (registration order)."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for w in vocab.words.values():
        if w.requires:
            groups.setdefault(w.requires, []).append(w.name)
    out = []
    for requires, names in groups.items():
        cond = {"const": names[0]} if len(names) == 1 else {"enum": names}
        out.append({"if": {"properties": {vocab.field: cond}}, "then": {"required": list(requires)}})
    return out


def generate_schema(base: dict, vocabularies: Iterable[Vocabulary]) -> dict:
    """``base`` with each vocabulary's enum (and required-field clauses) written in; ``base`` is not changed."""
    schema: dict = json.loads(json.dumps(base))
    for vocab in vocabularies:
        _resolve(schema, vocab.enum_pointer)["enum"] = vocab.names()
        if vocab.field is None:
            continue
        host = _resolve(schema, vocab.at)
        kept = [c for c in host.get("allOf", ()) if not _is_requires_clause(c, vocab.field)]
        clauses = kept + _requires_clauses(vocab)
        if clauses:
            host["allOf"] = clauses
        else:
            host.pop("allOf", None)
    return schema


def check_schema(
    schema: Mapping[str, Any], vocabularies: Iterable[Vocabulary], where: str = "card.schema.json"
) -> None:
    """Refuse a schema whose enums (or required fields) are not what the vocabularies generate.

    Cheap (no jsonschema): run whenever a catalogue is built, so that a word with code but no schema
    entry, or a schema word with no code, cannot load."""
    for vocab in vocabularies:
        try:
            have = _resolve(dict(schema), vocab.enum_pointer).get("enum")
            wanted = generate_schema(dict(schema), [vocab])
        except RuleError as exc:  # the schema has no place where the vocabulary's words go
            raise RuleError(f"{where}: {exc}") from None
        words = vocab.names()
        if have != words:
            have_list = have if isinstance(have, list) else []
            missing = [w for w in words if w not in have_list]
            extra = [w for w in have_list if w not in words]
            raise RuleError(
                f"{where}: the enum at {vocab.enum_pointer} is not the vocabulary {vocab.name}"
                + (f"; registered in code, missing from the schema: {missing}" if missing else "")
                + (f"; in the schema, with no code registered: {extra}" if extra else "")
                + ("; (the same words in another order)" if not missing and not extra else "")
                + " (regenerate it: python -m tabletop.core.registries)"
            )
        if vocab.field is not None and _resolve(wanted, vocab.at).get("allOf") != _resolve(dict(schema), vocab.at).get(
            "allOf"
        ):
            raise RuleError(
                f"{where}: the required fields at {vocab.at}/allOf are not those the vocabulary {vocab.name} "
                "registers (regenerate it: python -m tabletop.core.registries)"
            )


def dump_schema(schema: Mapping[str, Any], width: int = 120) -> str:
    """The schema as the shipped files spell it: what fits in ``width`` columns on one line, the rest
    indented by 2 (so a regenerated file reads like the hand-written one it replaces)."""

    def fmt(value: Any, indent: int, lead: int) -> str:
        flat = json.dumps(value, ensure_ascii=False)
        if not isinstance(value, dict | list) or not value or indent + lead + len(flat) <= width:
            return flat
        pad, inner = " " * indent, " " * (indent + 2)
        if isinstance(value, dict):
            items = []
            for k, v in value.items():
                key = json.dumps(k, ensure_ascii=False) + ": "
                items.append(inner + key + fmt(v, indent + 2, len(key)))
            return "{\n" + ",\n".join(items) + "\n" + pad + "}"
        if not any(isinstance(v, dict | list) for v in value):  # a long enum: filled lines
            lines, line = [], ""
            for word in (json.dumps(v, ensure_ascii=False) for v in value):
                if line and len(inner) + len(line) + len(word) + 2 > width:
                    lines.append(line.rstrip())
                    line = ""
                line += word + ", "
            lines.append(line[:-2])
            return "[\n" + "\n".join(inner + x for x in lines) + "\n" + pad + "]"
        return "[\n" + ",\n".join(inner + fmt(v, indent + 2, 0) for v in value) + "\n" + pad + "]"

    return fmt(schema, 0, 0) + "\n"


# every schema file a rulebook declared, so that the command below can regenerate them all
SCHEMA_FILES: list[SchemaFile] = []


@dataclass(frozen=True)
class SchemaFile:
    """A shipped card schema and the vocabularies generated into it (declared once by its rulebook)."""

    path: Path
    vocabularies: tuple[Vocabulary, ...]

    def __post_init__(self) -> None:
        SCHEMA_FILES.append(self)

    def generated(self) -> str:
        """The file's text as the vocabularies generate it (what must be committed)."""
        base = json.loads(self.path.read_text(encoding="utf-8"))
        return dump_schema(generate_schema(base, self.vocabularies))

    def check(self, schema: Mapping[str, Any]) -> None:
        """:func:`check_schema` of ``schema`` (this file, loaded) against the vocabularies."""
        check_schema(schema, self.vocabularies, self.path.name)

    def write(self) -> bool:
        """Rewrite the file from the vocabularies; True when it changed."""
        text = self.generated()
        if self.path.read_text(encoding="utf-8") == text:
            return False
        self.path.write_text(text, encoding="utf-8")
        return True


def main() -> None:
    """Regenerate the card schema of every installed rulebook that declares one.

    A rulebook whose schema is stale fails to import at its catalogue (the schema check, or a card the
    stale schema refuses); its words are all registered by then, which is all that is needed here."""
    # (run as ``python -m``, this file is ``__main__``: the rulebooks register with the imported module)
    from tabletop.core import registries

    from .errors import TabletopError
    from .registry import rulebook, rulebooks

    for rid in rulebooks():
        try:
            rulebook(rid)  # importing a rulebook declares its schema files and registers its words
        except TabletopError as exc:
            print(f"{rid}: {str(exc)[:200]}")
    for sf in registries.SCHEMA_FILES:
        print(("rewrote " if sf.write() else "unchanged ") + str(sf.path))


if __name__ == "__main__":  # python -m tabletop.core.registries
    main()
