"""The cache of card files that passed their schema (issue 14): a shipped file whose exact bytes
passed is not checked again, so a warm ``tt.rulebook(x)`` never imports jsonschema (about a
second); any other bytes, a corrupt or unwritable cache, and card data from outside the package
are checked exactly as without a cache."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop as tt
from tabletop.core import CardDataError
from tabletop.core import cards as C
from tabletop.games.hearthstone import catalogue as hs_catalogue

REPOSITORY = Path(__file__).resolve().parents[2]
GOOD = (
    '[[card]]\nid = "test_card"\nname = "Test Card"\ninvented = true\ntext = "A card for tests."\n'
    'type = "spell"\nclass = "neutral"\ncost = 1\neffects = [{ effect = "draw" }]\n'
)
OTHER = GOOD.replace("cost = 1", "cost = 2")
BAD = GOOD.replace("cost = 1", "cost = 2.0")

WARM_CHILD = """
import hashlib, json, sys
import tabletop as tt
from tabletop.games.berserk_heroes import catalogue as bh
from tabletop.games.hearthstone import catalogue as hs
from tabletop.games.marvel_champions import data as mc
books = [tt.rulebook(r) for r in tt.rulebooks()]
cards = json.dumps([bh.CARDS, hs.CARDS, mc.CARDS], sort_keys=True).encode()
print(json.dumps({"rulebooks": [b.id for b in books], "jsonschema": "jsonschema" in sys.modules,
                  "cards": hashlib.sha256(cards).hexdigest()}))
"""


def run_child(cache: str) -> dict:
    env = {**os.environ, "TABLETOP_CACHE_DIR": cache, "PYTHONPATH": str(REPOSITORY)}
    out = subprocess.run([sys.executable, "-c", WARM_CHILD], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_warm_cache_loads_every_rulebook_without_jsonschema(tmp_path):
    cold = run_child(str(tmp_path / "cache"))
    assert cold["jsonschema"], "the first run checks the shipped card files"
    assert (tmp_path / "cache" / C.CACHE_FILE).is_file()
    warm = run_child(str(tmp_path / "cache"))
    assert warm["rulebooks"] == tt.rulebooks() == cold["rulebooks"]
    assert not warm["jsonschema"], "a warm cache must not import jsonschema"
    assert warm["cards"] == cold["cards"], "the cards read with a warm cache are the cards checked"


def test_with_the_cache_switched_off_every_run_checks(tmp_path):
    assert run_child("")["jsonschema"] and run_child("")["jsonschema"]


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """A card folder that counts as shipped (the package root moved to tmp_path), a fresh cache, and a
    count of the schema validators built (one per load that checks anything)."""
    folder = tmp_path / "book"
    (folder / "cards").mkdir(parents=True)
    (folder / "card.schema.json").write_bytes((hs_catalogue.HERE / "card.schema.json").read_bytes())
    monkeypatch.setattr(C, "SHIPPED", tmp_path)
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    built: list[int] = []
    real = C.card_validator

    def counting() -> type:
        built.append(1)
        return real()

    monkeypatch.setattr(C, "card_validator", counting)
    return folder, built


def write(folder: Path, text: str) -> None:
    (folder / "cards" / "a.toml").write_text(text, encoding="utf-8")


def error_of(folder: Path) -> str:
    with pytest.raises(CardDataError) as info:
        C.load_card_folder(folder)
    return str(info.value)


def test_the_same_bytes_are_checked_once_and_changed_bytes_again(shipped):
    folder, built = shipped
    write(folder, GOOD)
    assert set(C.load_card_folder(folder)) == {"test_card"} and len(built) == 1
    assert C.load_card_folder(folder)["test_card"]["cost"] == 1 and len(built) == 1, "checked once"
    write(folder, OTHER)
    assert C.load_card_folder(folder)["test_card"]["cost"] == 2 and len(built) == 2, "changed bytes: checked"
    write(folder, GOOD)
    assert C.load_card_folder(folder)["test_card"]["cost"] == 1 and len(built) == 2, "both versions are known"


def test_an_invalid_file_fails_the_same_way_after_a_valid_one_was_cached(shipped, monkeypatch):
    folder, _ = shipped
    write(folder, BAD)
    monkeypatch.setenv("TABLETOP_CACHE_DIR", "")
    without_cache = error_of(folder)
    assert without_cache.startswith("a.toml") and "test_card" in without_cache and "cost" in without_cache
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(folder.parent / "cache"))
    write(folder, GOOD)
    C.load_card_folder(folder)
    write(folder, BAD)
    assert error_of(folder) == without_cache
    assert error_of(folder) == without_cache, "a failed check records nothing"


def test_a_changed_schema_checks_the_files_again(shipped):
    folder, built = shipped
    write(folder, GOOD)
    C.load_card_folder(folder)
    schema = json.loads((folder / "card.schema.json").read_text(encoding="utf-8"))
    schema["properties"]["cost"]["maximum"] = 0
    (folder / "card.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    assert "greater than the maximum of 0" in error_of(folder) and len(built) == 2


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        b"\xff\xfe",
        "[]",
        '{"format": 1, "passed": "abc"}',
        '{"format": 1, "passed": [1, null, "NOT-HEX"]}',
        '{"format": 999, "passed": []}',
    ],
)
def test_a_corrupt_cache_is_an_empty_one(shipped, content):
    folder, built = shipped
    cache = folder.parent / "cache"
    cache.mkdir()
    (cache / C.CACHE_FILE).write_bytes(content if isinstance(content, bytes) else content.encode())
    write(folder, GOOD)
    assert set(C.load_card_folder(folder)) == {"test_card"} and len(built) == 1
    assert json.loads((cache / C.CACHE_FILE).read_text())["format"] == C.CACHE_FORMAT, "rewritten whole"
    C.load_card_folder(folder)
    assert len(built) == 1
    write(folder, BAD)
    assert "cost" in error_of(folder)


def test_an_entry_of_other_bytes_lets_nothing_through(shipped):
    """A tampered cache holding entries, but not the one of these exact bytes, changes nothing."""
    folder, _ = shipped
    write(folder, GOOD)
    C.load_card_folder(folder)
    cache = folder.parent / "cache" / C.CACHE_FILE
    entries = json.loads(cache.read_text())["passed"]
    flipped = [e[:-1] + ("0" if e[-1] != "0" else "1") for e in entries]
    cache.write_text(json.dumps({"format": C.CACHE_FORMAT, "passed": entries + flipped}))
    write(folder, BAD)
    assert "cost" in error_of(folder)


def test_an_unwritable_cache_checks_every_time(shipped, monkeypatch):
    folder, built = shipped
    blocker = folder.parent / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(blocker / "cache"))  # cannot be created under a file
    write(folder, GOOD)
    assert set(C.load_card_folder(folder)) == {"test_card"}
    assert set(C.load_card_folder(folder)) == {"test_card"} and len(built) == 2
    write(folder, BAD)
    assert "cost" in error_of(folder)


def test_card_data_from_outside_the_package_is_always_checked(shipped, monkeypatch):
    folder, built = shipped
    write(folder, GOOD)
    C.load_card_folder(folder)  # the entry of these bytes is in the cache now
    outside = folder.parent / "outside" / "a.toml"
    outside.parent.mkdir()
    outside.write_text(GOOD, encoding="utf-8")
    monkeypatch.setattr(C, "SHIPPED", folder)  # the schema and cards/ are shipped, outside/ is not
    C.load_card_folder(folder, [outside])
    assert len(built) == 2
    C.load_card_folder(folder)
    assert len(built) == 2, "the shipped file is still known"
    monkeypatch.setattr(C, "SHIPPED", folder / "cards")  # the schema is not shipped: nothing is looked up
    C.load_card_folder(folder)
    assert len(built) == 3


def test_the_cache_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path))
    assert C.cache_dir() == tmp_path
    monkeypatch.setenv("TABLETOP_CACHE_DIR", "")
    assert C.cache_dir() is None
    monkeypatch.delenv("TABLETOP_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert C.cache_dir() == tmp_path / "xdg" / "tabletop"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # the XDG spec: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert C.cache_dir() == tmp_path / "home" / ".cache" / "tabletop"


def test_the_test_session_has_its_own_cache():
    """conftest.py points the cache at a folder of this session's: no test touches ~/.cache/tabletop."""
    assert "tabletop-test-cache-" in os.environ["TABLETOP_CACHE_DIR"]
