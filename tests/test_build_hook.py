"""hatch_build.py, the hook that compiles a wheel's hot modules: what it rebuilds and when it may fall back.

Each test compiles a one-line module in a temporary project (a few seconds with Cython and gcc).
"""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
hatch_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hatch_build)


def project(tmp_path: Path, value: int) -> Path:
    (tmp_path / "pkg").mkdir(exist_ok=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "mod.py").write_text(f"VALUE = {value}\n")
    return tmp_path


def imported_value(lib: Path) -> int:
    """pkg.mod.VALUE as the compiled module in ``lib`` gives it (in a fresh interpreter)."""
    code = "import pkg.mod, sys; assert pkg.mod.__file__.endswith('.so'), pkg.mod.__file__; print(pkg.mod.VALUE)"
    env = {**os.environ, "PYTHONPATH": str(lib), "PYTHONSAFEPATH": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return int(out.stdout)


def hook(root: Path, modules: list[str]):
    return hatch_build.CythonBuildHook(str(root), {"compile": modules}, None, None, str(root / "dist"), "wheel")


def test_a_changed_source_is_compiled_again_even_when_its_file_time_is_older(tmp_path):
    root = project(tmp_path, 1)
    built = hatch_build.compile_modules(root, ["pkg/mod.py"])
    ((shared_object, target),) = built.items()
    assert target.startswith("pkg/mod.") and target.endswith(".so") and shared_object.is_file()
    lib = root / "build" / "cython" / "lib"
    assert imported_value(lib) == 1
    # a copy or checkout that restores an old time must not leave the old build in place
    (root / "pkg" / "mod.py").write_text("VALUE = 2\n")
    os.utime(root / "pkg" / "mod.py", (1_000_000_000, 1_000_000_000))
    hatch_build.compile_modules(root, ["pkg/mod.py"])
    assert imported_value(lib) == 2


def test_an_unchanged_source_is_not_compiled_again(tmp_path):
    root = project(tmp_path, 3)
    ((shared_object, _),) = hatch_build.compile_modules(root, ["pkg/mod.py"]).items()
    before = shared_object.stat().st_mtime_ns
    hatch_build.compile_modules(root, ["pkg/mod.py"])
    assert shared_object.stat().st_mtime_ns == before


def test_the_wheel_gets_the_compiled_module_and_a_platform_tag(tmp_path, monkeypatch):
    root = project(tmp_path, 4)
    monkeypatch.setenv("TABLETOP_COMPILE", "1")
    data = {"force_include": {}}
    hook(root, ["pkg/mod.py"]).initialize("standard", data)
    ((shared_object, target),) = data["force_include"].items()  # one module, one file
    assert Path(shared_object).is_file() and Path(shared_object).name == Path(target).name
    assert target.startswith("pkg/mod.") and data["pure_python"] is False and data["infer_tag"] is True


def test_an_editable_install_and_mode_0_compile_nothing(tmp_path, monkeypatch):
    root = project(tmp_path, 5)
    for version, mode in (("editable", "1"), ("standard", "0")):
        monkeypatch.setenv("TABLETOP_COMPILE", mode)
        data = {"force_include": {}}
        hook(root, ["pkg/mod.py"]).initialize(version, data)
        assert data == {"force_include": {}}
    assert not (root / "build").exists()


def test_without_a_compiler_auto_builds_pure_python_and_mode_1_fails(tmp_path, monkeypatch, capsys):
    root = project(tmp_path, 6)
    monkeypatch.setenv("CC", "/bin/false")  # a compiler that always fails
    monkeypatch.setenv("TABLETOP_COMPILE", "auto")
    data = {"force_include": {}}
    hook(root, ["pkg/mod.py"]).initialize("standard", data)
    assert data == {"force_include": {}}
    assert "no working C toolchain, building a pure-Python wheel" in capsys.readouterr().err
    monkeypatch.setenv("TABLETOP_COMPILE", "1")
    with pytest.raises(Exception, match="false"):
        hook(root, ["pkg/mod.py"]).initialize("standard", {"force_include": {}})


def test_errors_that_are_not_the_toolchain_fail_in_every_mode(tmp_path, monkeypatch):
    root = project(tmp_path, 7)
    (root / "pkg" / "broken.py").write_text("def f(:\n")  # Cython cannot compile it
    monkeypatch.setenv("TABLETOP_COMPILE", "auto")
    with pytest.raises(FileNotFoundError, match=r"pkg/missing\.py is not a Python file"):
        hook(root, ["pkg/missing.py"]).initialize("standard", {"force_include": {}})
    with pytest.raises(Exception, match="broken"):  # (Cython's CompileError names the file)
        hook(root, ["pkg/broken.py"]).initialize("standard", {"force_include": {}})
    monkeypatch.setenv("TABLETOP_COMPILE", "yes")
    with pytest.raises(ValueError, match=r"TABLETOP_COMPILE='yes': expected one of auto, 0, 1"):
        hook(root, ["pkg/mod.py"]).initialize("standard", {"force_include": {}})
