"""The seed lines the geometry modules and docs/geometry.md cite hold what they are cited for.

The seeds are read through the ``seed_text`` fixture (tests/conftest.py): skipped where they are absent, a
failure under ``TABLETOP_REQUIRE_SEEDS=1``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
SEEDS = {"000": "000_7fc8e0fd1bcbc422.txt", "002": "002_9e1c1f5fc8ae14d3.txt", "004": "004_445e52d7fb23d2a0.txt"}

# (seed, line, words on that line): what each citation of the geometry rests on
CITED = [
    ("002", 7, "общую границу"),  # adjacency: a common border
    ("002", 68, "шестиугольной клетке"),  # a hex map; any number of cells, zero included
    ("002", 70, "тёмным фоном"),  # dark cells cannot be entered or crossed
    ("002", 71, "сквозь других героев"),  # through other heroes, not ending on their cell
    ("002", 81, "общую границу"),  # melee: the target's area shares a border
    ("002", 113, "слева направо"),  # reading order
    ("002", 191, "соединённому пути"),  # a connected path to the EXIT
    ("002", 209, "две и более клеток"),  # large enemies cover two or more cells
    ("002", 224, "Самый верхний"),  # the topmost first
    ("000", 5, "подиумах"),  # Minion Masters: podiums at the two ends of the field
    ("000", 7, "мосты"),  # Minion Masters: bridges
    ("000", 81, "три линии"),  # Paragon: three lanes with towers
    ("000", 85, "Well"),  # Paragon: the map's places begin
    ("000", 91, "Orb Prime"),  # ... and end with Orb Prime and the drop zones
    ("000", 94, "лево, право или мид"),  # Paragon: push your lane
    ("000", 95, "уничтожают всякого"),  # Paragon: towers
    ("004", 46, "первой шеренги армии"),  # Warlord: distance, front rank to front rank
    ("004", 210, "первой шеренги армии"),
    ("004", 47, "больше персонажей"),  # illegal ranks
    ("004", 68, "фронтальной шеренге"),  # melee from the front rank
    ("004", 93, "через одну шеренгу"),  # ranged strike across one rank
    ("004", 263, "через одну шеренгу"),
    ("004", 106, "соседней"),  # adjacency of ranks and characters
    ("004", 276, "соседней"),
]


@pytest.mark.parametrize(("seed", "line", "words"), CITED)
def test_a_cited_line_holds_its_words(seed_text, seed, line, words):
    lines = seed_text(SEEDS[seed]).splitlines()
    assert words.lower().replace("ё", "е") in lines[line - 1].lower().replace("ё", "е")


def test_the_geometry_page_cites_these_lines():
    page = (REPOSITORY / "docs" / "geometry.md").read_text(encoding="utf-8")
    for seed, line, _words in CITED:
        assert re.search(rf"\bL{line}\b", page), (seed, line)


def test_the_geometry_page_examples_run():
    import doctest

    failures, tried = doctest.testfile(str(REPOSITORY / "docs" / "geometry.md"), module_relative=False)
    assert tried > 10 and failures == 0
