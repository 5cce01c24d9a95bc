"""The two builds: an editable install runs the sources; a wheel runs its listed modules compiled.

``make test`` runs the suite on the editable install (pure Python) and, where .ci/toolchain.py
finds a C compiler and Python's headers, again on the wheel that hatch_build.py compiles with
Cython, unpacked into build/compiled (``TABLETOP_EXPECT_COMPILED=1``). These tests make sure each
run tests what it says it does, and that a machine without a toolchain is told so (a skip naming
why) rather than failing, except under ``TABLETOP_REQUIRE_COMPILED=1`` (``.ci/run``), where the
compiled build must have been tested.
"""

import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
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
REQUIRE_COMPILED = os.environ.get("TABLETOP_REQUIRE_COMPILED") == "1"
_spec = importlib.util.spec_from_file_location("toolchain", ROOT / ".ci" / "toolchain.py")
toolchain = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(toolchain)


def no_compiled_build(why: str) -> None:
    """Skip: the compiled build is not there to test, and why; under TABLETOP_REQUIRE_COMPILED=1, fail."""
    if REQUIRE_COMPILED:
        pytest.fail(f"TABLETOP_REQUIRE_COMPILED=1 but {why}", pytrace=False)
    pytest.skip(why)


def compile_list() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]


def test_the_compile_list_names_existing_modules():
    sources = compile_list()
    assert sources and len(set(sources)) == len(sources)
    missing = [s for s in sources if not (ROOT / s).is_file() or not s.endswith(".py")]
    assert not missing, f"pyproject.toml compile list names no Python file: {missing}"


def test_the_wheel_ships_the_typed_marker():
    """PEP 561: tabletop/py.typed in the wheel tells a type checker to read tabletop's annotations.
    (hatchling's own list of the wheel's files, without building it; the compiled run's stale_build
    check compares build/compiled with the source tree, py.typed included.)"""
    from hatchling.builders.wheel import WheelBuilder

    shipped = {f.distribution_path for f in WheelBuilder(str(ROOT)).recurse_included_files()}
    assert "tabletop/__init__.py" in shipped
    assert "tabletop/py.typed" in shipped


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
    if EXPECT_COMPILED:
        other = digests_of(ROOT)  # the sources
        assert other.pop("compiled") == "0", "the sources were not what the other Python imported"
    else:
        if not (COMPILED / ".built").exists():  # (asked before playing: a skip should be quick)
            reason = toolchain.missing()
            if reason:
                no_compiled_build(f"the compiled build was not tested: it cannot be built here ({reason})")
            no_compiled_build("no compiled build to compare with: make compiled (make test builds it first)")
        stale = stale_build(COMPILED, ROOT)
        if stale:
            no_compiled_build(f"build/compiled is older than the sources (make compiled; make test does): {stale[:5]}")
        other = digests_of(COMPILED)
        assert other.pop("compiled") == str(len(compile_list())), "the other Python did not import build/compiled"
    here = {rid: playout_digest(tt.rulebook(rid), games=GAMES) for rid in tt.rulebooks()}
    assert set(here) == set(other) == set(tt.rulebooks())
    assert here == other


# .ci/toolchain.py: the one check make test, make compiled and .ci/run use.


def toolchain_cli(**env: str | None) -> subprocess.CompletedProcess:
    """.ci/toolchain.py run as make and .ci/run run it, with ``env`` changed (a value None unsets)."""
    environ = {k: v for k, v in {**os.environ, **env}.items() if v is not None}
    return subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "toolchain.py")], env=environ, capture_output=True, text=True
    )


def test_the_toolchain_check_names_a_compiler_that_is_not_on_path(tmp_path):
    """No $CC and a PATH (an empty folder) without the compiler Python was built with."""
    built_with = shlex.split(sysconfig.get_config_var("CC") or "cc")[0]
    if Path(built_with).is_absolute():  # found whatever PATH says: name one that is nowhere instead
        env, expected = {"CC": "no-such-cc", "PATH": str(tmp_path)}, "'no-such-cc' ($CC)"
    else:
        env, expected = {"CC": None, "PATH": str(tmp_path)}, f"{built_with!r} (sysconfig CC)"
    run = toolchain_cli(**env)
    assert run.returncode == 1
    assert run.stdout == f"no C compiler: {expected} is not on PATH\n"


def test_the_toolchain_check_fails_a_compiler_that_cannot_compile():
    false = shutil.which("false")
    assert false, "no `false` command on PATH"
    run = toolchain_cli(CC=false)
    assert run.returncode == 1
    assert run.stdout.startswith(f"the C compiler {false!r} ($CC) cannot compile a file that includes "), run.stdout


def test_the_toolchain_check_names_missing_python_headers(tmp_path):
    reason = toolchain.missing(cc=[sys.executable], include=[str(tmp_path)])  # a command that exists
    assert reason == f"no Python headers: {tmp_path / 'Python.h'} does not exist"


def test_make_test_without_a_toolchain_runs_the_sources_and_says_the_compiled_build_was_not_tested(tmp_path):
    """The whole of make test's no-toolchain path, on one quick test (PYTEST_ARGS) and this Python."""
    if shutil.which("make") is None:
        pytest.skip("no make on PATH")
    false = shutil.which("false")
    stamp = tmp_path / "installed"  # stands for .venv/.installed: make must not install anything
    stamp.touch()
    quick = "tests/test_build.py::test_the_compile_list_names_existing_modules"
    args = ["make", "--no-print-directory", "-C", str(ROOT), "test", f"PYTHON={sys.executable}"]
    args += [f"STAMP={stamp}", "-o", str(stamp), f"PYTEST_ARGS={quick}"]
    outer = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHONPATH", "PYTHONSAFEPATH", "TABLETOP_EXPECT_COMPILED")
    env = {k: v for k, v in os.environ.items() if k not in outer} | {"CC": false}

    env.pop("TABLETOP_REQUIRE_COMPILED", None)
    run = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout  # the sources were tested
    last = run.stdout.strip().splitlines()[-1]
    assert last.startswith("make test: the compiled build was NOT tested, only the sources: the C compiler"), last
    assert false in last
    assert "pip wheel" not in run.stdout and "TABLETOP_EXPECT_COMPILED" not in run.stdout  # nor built nor run

    run = subprocess.run(args, env=env | {"TABLETOP_REQUIRE_COMPILED": "1"}, capture_output=True, text=True)
    assert run.returncode != 0
    assert "passed" not in run.stdout  # nothing ran: CI fails at once
    assert "TABLETOP_REQUIRE_COMPILED=1, but the compiled wheel cannot be built: the C compiler" in run.stderr
