"""The two builds: an editable install runs the sources; a wheel runs its listed modules compiled.

``make test`` runs the suite twice: on the editable install (pure Python) and on the wheel that
hatch_build.py compiles with Cython, unpacked into build/compiled (``TABLETOP_EXPECT_COMPILED=1``).
These tests make sure each run tests what it says it does.
"""

import os
import tomllib
from pathlib import Path

import tabletop as tt
import tabletop.core.game
import tabletop.rulebooks.hearthstone.engine

ROOT = Path(__file__).resolve().parents[1]
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
    engine, kernel = tabletop.rulebooks.hearthstone.engine, tabletop.core.game
    if EXPECT_COMPILED:  # the second run of make test: build/compiled on PYTHONPATH
        expected = sorted(".".join(Path(s).with_suffix("").parts) for s in compile_list())
        assert tt.compiled_modules() == expected
        for module in (kernel, engine):
            assert Path(module.__file__).suffix == ".so", module.__file__
            assert not Path(module.__file__).is_relative_to(ROOT / "tabletop"), "the source tree was imported"
    else:  # the editable install: edits to the sources are what runs
        assert tt.compiled_modules() == []
        assert Path(kernel.__file__) == ROOT / "tabletop" / "core" / "game.py"
        assert Path(engine.__file__) == ROOT / "tabletop" / "rulebooks" / "hearthstone" / "engine.py"
