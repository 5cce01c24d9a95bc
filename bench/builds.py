"""Run a bench script on both builds: the editable install (pure Python) and the compiled wheel.

``make bench`` builds the wheel that hatch_build.py compiles with Cython and unpacks it into
build/compiled (``make compiled``). A script measures the build it imported, then calls
:func:`also_compiled` to run itself once more on build/compiled, so both figures print side by side
(or :func:`compiled_json`, to read the compiled run's figures and print both builds in columns).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import tabletop as tt
from tabletop.testing import stale_build

ROOT = Path(__file__).resolve().parents[1]
COMPILED = ROOT / "build" / "compiled"


def build_name() -> str:
    """What this process runs: the sources, or how many modules compiled."""
    compiled = tt.compiled_modules()
    return f"compiled ({len(compiled)} modules, Cython)" if compiled else "pure Python"


def _compiled_missing() -> str:
    """Why build/compiled cannot be run ("" when it can)."""
    if not (COMPILED / ".built").exists():
        return "no compiled build to compare: run `make compiled`, or `make bench`, first"
    stale = stale_build(COMPILED, ROOT)
    if stale:
        return f"build/compiled is older than the sources, e.g. {stale[0]}: run `make compiled` first"
    return ""


def _compiled_env(script: str) -> dict[str, str]:
    # PYTHONSAFEPATH: neither the working directory nor the script's folder is put before the wheel
    # (both may hold the source tree); bench/ goes after it, for this module.
    path = os.pathsep.join((str(COMPILED), str(Path(script).resolve().parent)))
    return {**os.environ, "PYTHONPATH": path, "PYTHONSAFEPATH": "1", "TABLETOP_BENCH_SECOND": "1"}


def also_compiled(script: str, args: list[str]) -> None:
    """From a pure-Python run, run ``script args`` again on build/compiled, its output passed through.

    Says how to build it when build/compiled is missing; does nothing in the compiled run itself.
    """
    if tt.compiled_modules():
        return
    missing = _compiled_missing()
    if missing:
        print(f"  ({missing})")
        return
    subprocess.run([sys.executable, script, *args], env=_compiled_env(script), check=True)


def compiled_json(script: str, args: list[str]) -> tuple[Any, str]:
    """From a pure-Python run, what ``script args`` prints (one JSON document) when run on build/compiled,
    for a script that prints both builds' figures in columns; ``(None, why)`` when it cannot be run (or
    this run is the compiled one)."""
    if tt.compiled_modules():
        return None, "this run is the compiled one"
    missing = _compiled_missing()
    if missing:
        return None, missing
    out = subprocess.run(
        [sys.executable, script, *args], env=_compiled_env(script), check=True, stdout=subprocess.PIPE, text=True
    )
    return json.loads(out.stdout), ""


def second_run() -> bool:
    """True in the run :func:`also_compiled` started (a script prints its header only once)."""
    return os.environ.get("TABLETOP_BENCH_SECOND") == "1"
