"""The code is clean under ruff and type-checks under mypy, both as configured in pyproject.toml."""

import pathlib
import re
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "tabletop", "tests", "bench", "hatch_build.py", ".ci/toolchain.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def mypy(*args: str, cwd: pathlib.Path = ROOT) -> subprocess.CompletedProcess:
    """``python -m mypy`` as ``make lint`` runs it (mypy is in the test extras: ``pip install -e '.[dev]'``)."""
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=cwd, capture_output=True, text=True)


def test_mypy_passes_on_the_kernel():
    """Every file [tool.mypy] names (tabletop/core, under the kernel's strict settings) type-checks."""
    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    assert "tabletop/core" in files, f"[tool.mypy] files no longer names tabletop/core: {files}"
    out = mypy()
    assert out.returncode == 0, out.stdout + out.stderr
    # every module of the kernel was read (none left out by an exclude)
    checked = re.search(r"Success: no issues found in (\d+) source files", out.stdout)
    assert checked, out.stdout + out.stderr
    assert int(checked[1]) >= len(list((ROOT / "tabletop" / "core").glob("*.py")))


PROBE = """
def untyped(x):
    return x


def incomplete(x: int, y):
    return x


def implicit_optional(x: int = None) -> int:
    return 0


def needless() -> int:
    return 1  # type: ignore[return-value]


def wrong() -> str:
    return 1
"""


def test_the_kernel_settings_refuse_what_they_promise(tmp_path):
    """The overrides for tabletop.core reject an unannotated or half-annotated function, an implicit
    Optional, an ignore that ignores nothing, and (any module) a wrong type: pyproject's settings are
    the ones in force."""
    probe = tmp_path / "tabletop" / "core"
    probe.mkdir(parents=True)
    (tmp_path / "tabletop" / "__init__.py").write_text("")
    (probe / "__init__.py").write_text("")
    (probe / "probe.py").write_text(PROBE)
    config = str(ROOT / "pyproject.toml")
    out = mypy("--config-file", config, "--cache-dir", str(tmp_path / "cache"), "tabletop", cwd=tmp_path)
    assert out.returncode == 1, out.stdout + out.stderr
    found = {(int(line), code) for line, code in re.findall(r"probe\.py:(\d+): error: .*\[([a-z-]+)\]", out.stdout)}
    assert found == {
        (2, "no-untyped-def"),
        (6, "no-untyped-def"),
        (10, "assignment"),
        (15, "unused-ignore"),
        (19, "return-value"),
    }, out.stdout
