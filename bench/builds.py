"""Run a bench script on both builds: the editable install (pure Python) and the compiled wheel.

``make bench`` builds the wheel that hatch_build.py compiles with Cython and unpacks it into
build/compiled (``make compiled``). A script measures the build it imported, then calls
:func:`also_compiled` to run itself once more on build/compiled, so both figures print side by side.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tabletop as tt
from tabletop.testing import stale_build

ROOT = Path(__file__).resolve().parents[1]
COMPILED = ROOT / "build" / "compiled"


def build_name() -> str:
    """What this process runs: the sources, or how many modules compiled."""
    compiled = tt.compiled_modules()
    return f"compiled ({len(compiled)} modules, Cython)" if compiled else "pure Python"


def also_compiled(script: str, args: list[str]) -> None:
    """From a pure-Python run, run ``script args`` again on build/compiled, its output passed through.

    Says how to build it when build/compiled is missing; does nothing in the compiled run itself.
    """
    if tt.compiled_modules():
        return
    if not (COMPILED / ".built").exists():
        print("  (no compiled build to compare: run `make compiled`, or `make bench`, first)")
        return
    stale = stale_build(COMPILED, ROOT)
    if stale:
        print(f"  (build/compiled is older than the sources, e.g. {stale[0]}: run `make compiled` first)")
        return
    # PYTHONSAFEPATH: neither the working directory nor the script's folder is put before the wheel
    # (both may hold the source tree); bench/ goes after it, for this module.
    path = os.pathsep.join((str(COMPILED), str(Path(script).resolve().parent)))
    env = {**os.environ, "PYTHONPATH": path, "PYTHONSAFEPATH": "1", "TABLETOP_BENCH_SECOND": "1"}
    subprocess.run([sys.executable, script, *args], env=env, check=True)


def second_run() -> bool:
    """True in the run :func:`also_compiled` started (a script prints its header only once)."""
    return os.environ.get("TABLETOP_BENCH_SECOND") == "1"
