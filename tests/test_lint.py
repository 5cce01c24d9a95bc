"""The code is clean under ruff and type-checks under mypy, both as configured in pyproject.toml."""

import ast
import dataclasses
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


def test_mypy_passes_on_the_kernel_and_the_rulebooks():
    """Every file [tool.mypy] names (tabletop/core, under the kernel's strict settings, and the rulebooks,
    tabletop/games) type-checks."""
    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    for folder in ("tabletop/core", "tabletop/games"):
        assert folder in files, f"[tool.mypy] files no longer names {folder}: {files}"
    out = mypy()
    assert out.returncode == 0, out.stdout + out.stderr
    # every module of the kernel and of the rulebooks was read (none left out by an exclude)
    checked = re.search(r"Success: no issues found in (\d+) source files", out.stdout)
    assert checked, out.stdout + out.stderr
    modules = [*(ROOT / "tabletop" / "core").glob("*.py"), *(ROOT / "tabletop" / "games").rglob("*.py")]
    assert int(checked[1]) >= len(modules)


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


RULE_CALLS = """
from tabletop.core.rules import Rule
one = Rule("a.one", "One range.", source="000.txt", lines=(4, 5))
several = Rule("a.two", "Several.", source="000.txt", lines=((4, 4), (9, 12)))
cited: tuple[tuple[int, int], ...] | None = one.lines
wrong = Rule("a.bad", "Not a range.", source="000.txt", lines="L4")
"""


def test_a_rule_is_typed_as_it_is_called(tmp_path):
    """``Rule(..., lines=(a, b))`` and ``lines=((a, b), ...)`` both type-check, as the docstring promises
    (the stored ``lines`` is always a tuple of ranges); a string does not."""
    (tmp_path / "rule_calls.py").write_text(RULE_CALLS)
    out = mypy(str(tmp_path / "rule_calls.py"))
    errors = re.findall(r"rule_calls\.py:(\d+): error: .*\[([a-z-]+)\]", out.stdout)
    assert errors == [("6", "arg-type")], out.stdout + out.stderr


def test_the_typed_rule_signature_matches_the_dataclass():
    """The ``__init__`` that rules.py declares for type checkers names every field of Rule, in order,
    with its default: a field added to Rule without it fails here."""
    from tabletop.core.rules import Rule

    tree = ast.parse((ROOT / "tabletop" / "core" / "rules.py").read_text())
    (rule,) = (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rule")
    (init,) = (n for n in ast.walk(rule) if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    params = [a.arg for a in init.args.args[1:]]
    defaults = [ast.literal_eval(d) for d in init.args.defaults]
    fields = dataclasses.fields(Rule)
    assert params == [f.name for f in fields]
    assert defaults == [f.default for f in fields if f.default is not dataclasses.MISSING]
