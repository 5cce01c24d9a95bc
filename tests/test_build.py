"""The two builds: an editable install runs the sources; a wheel runs its listed modules compiled.

``make test`` runs the suite twice: on the editable install (pure Python) and on the wheel that
hatch_build.py compiles with Cython, unpacked into build/compiled (``TABLETOP_EXPECT_COMPILED=1``).
These tests make sure each run tests what it says it does.
"""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import tabletop as tt
import tabletop.core.game
import tabletop.games.hearthstone.engine
from tabletop.testing import playout_digest, stale_build

ROOT = Path(__file__).resolve().parents[1]
COMPILED = ROOT / "build" / "compiled"
EXPECT_COMPILED = os.environ.get("TABLETOP_EXPECT_COMPILED") == "1"


def compile_list() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]


def test_the_compile_list_names_existing_modules():
    sources = compile_list()
    assert sources and len(set(sources)) == len(sources)
    missing = [s for s in sources if not (ROOT / s).is_file() or not s.endswith(".py")]
    assert not missing, f"pyproject.toml compile list names no Python file: {missing}"


def test_each_run_imports_the_build_it_tests():
    engine, kernel = tabletop.games.hearthstone.engine, tabletop.core.game
    if EXPECT_COMPILED:  # the second run of make test: build/compiled on PYTHONPATH
        expected = sorted(".".join(Path(s).with_suffix("").parts) for s in compile_list())
        assert tt.compiled_modules() == expected
        for module in (kernel, engine):
            assert Path(module.__file__).suffix == ".so", module.__file__
            assert not Path(module.__file__).is_relative_to(ROOT / "tabletop"), "the source tree was imported"
        stale = stale_build(COMPILED, ROOT)
        assert not stale, f"build/compiled was not built from these sources (run make compiled): {stale}"
        # a notebook kernel starts in notebooks/: a relative entry would import the sources there
        entries = os.environ["PYTHONPATH"].split(os.pathsep)
        assert all(Path(e).is_absolute() for e in entries), f"PYTHONPATH has a relative entry: {entries}"
    else:  # the editable install: edits to the sources are what runs
        assert tt.compiled_modules() == []
        assert Path(kernel.__file__) == ROOT / "tabletop" / "core" / "game.py"
        assert Path(engine.__file__) == ROOT / "tabletop" / "games" / "hearthstone" / "engine.py"


DIGEST = """
import sys, tabletop as tt
from tabletop.testing import playout_digest
print("compiled", len(tt.compiled_modules()))
for rid in tt.rulebooks():
    print(rid, playout_digest(tt.rulebook(rid), games=int(sys.argv[1])))
"""
GAMES = 6


def digests_of(pythonpath: Path) -> dict[str, str]:
    """The playout digest of every rulebook, in a Python that imports tabletop from pythonpath
    (and, under "compiled", how many of its modules ran compiled there)."""
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "PYTHONSAFEPATH": "1"}
    env.pop("TABLETOP_EXPECT_COMPILED", None)
    out = subprocess.run(
        [sys.executable, "-c", DIGEST, str(GAMES)], env=env, capture_output=True, text=True, check=True
    ).stdout
    return dict(line.split() for line in out.splitlines())


def test_the_compiled_and_the_pure_build_play_the_same_games():
    """Every decision, position, trace record and result of random games of every rulebook agree."""
    here = {rid: playout_digest(tt.rulebook(rid), games=GAMES) for rid in tt.rulebooks()}
    if EXPECT_COMPILED:
        other = digests_of(ROOT)  # the sources
        assert other.pop("compiled") == "0", "the sources were not what the other Python imported"
    else:
        if not (COMPILED / ".built").exists():
            pytest.skip("no compiled build to compare with: make compiled (make test builds it first)")
        stale = stale_build(COMPILED, ROOT)
        if stale:
            pytest.skip(f"build/compiled is older than the sources (make compiled; make test does): {stale[:5]}")
        other = digests_of(COMPILED)
        assert other.pop("compiled") == str(len(compile_list())), "the other Python did not import build/compiled"
    assert set(here) == set(other) == set(tt.rulebooks())
    assert here == other
