"""The code is clean under ruff, as configured in pyproject.toml."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "tabletop", "tests", "bench", "hatch_build.py", ".ci/toolchain.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
