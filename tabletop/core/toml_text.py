"""TOML text with line numbers, and TOML written from plain data.

:mod:`tomllib` parses TOML but forgets where each value was, and the standard library writes no TOML.
A file a teacher writes by hand deserves errors that name its line, so :func:`lines_of` scans a
document tomllib has already accepted and notes the line of every key, table and array item by its
path (``("zones", "board:0", 2)``); :func:`value` and :func:`inline` write the plain data a position
holds (strings, ints, bools, lists, tables) as TOML values.
"""

from __future__ import annotations

import json
import re
import tomllib
from bisect import bisect_right
from typing import Any

Path = tuple[str | int, ...]

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR_END = re.compile(r"[,\]}\s#]")


def lines_of(text: str) -> dict[Path, int]:
    """The 1-based line of every table, key and array item of ``text`` (valid TOML), by path.

    A table's line is its header's, a key's the line it is written on, an array item's the line it
    starts on; ``()`` is line 1. Why: tomllib gives values, not places, and an error in a hand-written
    file should say where to look."""
    return _Scanner(text).run()


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.lines: dict[Path, int] = {(): 1}
        self.tables: dict[Path, int] = {}  # array of tables -> the number of its tables so far

    def line(self, at: int) -> int:
        return bisect_right(self.starts, at)

    def run(self) -> dict[Path, int]:
        text = self.text
        current: Path = ()
        while True:
            self.skip(newlines=True)
            if self.i >= len(text):
                return self.lines
            at = self.i
            if text.startswith("[[", at):
                self.i += 2
                keys = self.keys("]")
                self.i += 2
                parent = self.resolve(keys[:-1])
                path = (*parent, keys[-1])
                n = self.tables.get(path, 0)
                self.tables[path] = n + 1
                self.lines.setdefault(path, self.line(at))
                current = (*path, n)
                self.lines[current] = self.line(at)
            elif text[at] == "[":
                self.i += 1
                keys = self.keys("]")
                self.i += 1
                current = (*self.resolve(keys[:-1]), keys[-1])
                self.lines[current] = self.line(at)
            else:
                self.pair(current)

    def resolve(self, keys: list[str]) -> Path:
        """A header's dotted keys as a path: an array of tables on the way means its last table."""
        path: Path = ()
        for key in keys:
            path = (*path, key)
            if path in self.tables:
                path = (*path, self.tables[path] - 1)
        return path

    def skip(self, newlines: bool) -> None:
        text = self.text
        while self.i < len(text):
            c = text[self.i]
            if c in " \t" or (newlines and c in "\r\n"):
                self.i += 1
            elif c == "#":
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else end
            else:
                return

    def keys(self, end: str) -> list[str]:
        """Dotted keys up to ``end`` (``=`` or ``]``), the scanner left on ``end``."""
        keys = []
        while True:
            self.skip(newlines=False)
            keys.append(self.key())
            self.skip(newlines=False)
            if self.text[self.i] == ".":
                self.i += 1
                continue
            if not self.text.startswith(end, self.i):  # (tomllib accepted the text: this does not happen)
                raise ValueError(f"line {self.line(self.i)}: expected {end!r}")
            return keys

    def key(self) -> str:
        text, at = self.text, self.i
        if text[at] in "\"'":
            self.string()
            raw = text[at : self.i]
            return next(iter(tomllib.loads(f"{raw} = 0")))
        m = _BARE.match(text, at)
        if m is None:
            raise ValueError(f"line {self.line(at)}: expected a key")
        self.i = m.end()
        return m.group()

    def pair(self, table: Path) -> None:
        at = self.i
        keys = self.keys("=")
        self.i += 1
        path = table
        for key in keys:
            path = (*path, key)
            self.lines.setdefault(path, self.line(at))
        self.lines[path] = self.line(at)
        self.skip(newlines=False)
        self.value(path)

    def value(self, path: Path) -> None:
        text = self.text
        c = text[self.i]
        if c in "\"'":
            self.string()
        elif c == "[":
            self.i += 1
            n = 0
            while True:
                self.skip(newlines=True)
                if text[self.i] == "]":
                    self.i += 1
                    return
                self.lines[(*path, n)] = self.line(self.i)
                self.value((*path, n))
                n += 1
                self.skip(newlines=True)
                if text[self.i] == ",":
                    self.i += 1
        elif c == "{":
            self.i += 1
            while True:
                self.skip(newlines=False)
                if text[self.i] == "}":
                    self.i += 1
                    return
                self.pair(path)
                self.skip(newlines=False)
                if text[self.i] == ",":
                    self.i += 1
        else:
            m = _SCALAR_END.search(text, self.i)
            self.i = len(text) if m is None else m.start()

    def string(self) -> None:
        text, at = self.text, self.i
        quote = text[at]
        if text.startswith(quote * 3, at):
            i = at + 3
            while True:
                if quote == '"' and text[i] == "\\":
                    i += 2
                    continue
                if text.startswith(quote * 3, i):
                    i += 3
                    while i < len(text) and text[i] == quote:  # (up to two quotes end the string's text)
                        i += 1
                    self.i = i
                    return
                i += 1
        i = at + 1
        while text[i] != quote:
            i += 2 if quote == '"' and text[i] == "\\" else 1
        self.i = i + 1


# ------------------------------------------------------------------ writing
def key(name: str) -> str:
    """``name`` as a TOML key: bare when it may be, quoted otherwise."""
    return name if _BARE.fullmatch(name) else string(name)


def string(text: str) -> str:
    """``text`` as a TOML basic string (JSON's escapes are TOML's, but DEL must be escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


class Verbatim(str):
    """Text written as a multi-line literal string (kept as it is, lines and all), when it can be."""


def value(data: Any) -> str:
    """Plain data (str, int, bool, list, dict of str keys) as one TOML value; None has no TOML spelling."""
    if isinstance(data, Verbatim) and "'''" not in data:
        if all(c == "\n" or c == "\t" or (c >= " " and c != "\x7f") for c in data) and not data.endswith("'"):
            return "'''\n" + data + "'''"
        return string(data)
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, int):
        return str(data)
    if isinstance(data, str):
        return string(data)
    if isinstance(data, list | tuple):
        return "[" + ", ".join(value(v) for v in data) + "]"
    if isinstance(data, dict):
        return inline(data)
    raise TypeError(f"{type(data).__name__} {data!r} has no TOML spelling")


def inline(table: dict[str, Any]) -> str:
    """A table as an inline table (``{card = "x", damage = 1}``); empty: ``{}``."""
    if not table:
        return "{}"
    return "{" + ", ".join(f"{key(k)} = {value(v)}" for k, v in table.items()) + "}"
