"""Build hook: a wheel of tabletop carries its hot modules compiled by Cython, next to their sources.

Why: random playouts spend their time in the interpreter's dispatch, spread thinly over the kernel
and the rulebook engines (no single hot spot to optimise), and Cython compiling the same ``.py``
files, unchanged, removes most of that dispatch (about 1.6x on Hearthstone playouts).

What is compiled is the list ``compile`` in ``[tool.hatch.build.targets.wheel.hooks.custom]`` of
pyproject.toml. The annotations stay hints (``annotation_typing = False``), so compiled code
accepts and computes what the source does: the same tests run against both builds (``make test``)
and both play the same games, decision for decision. What differs is what tools see of a compiled
function: ``inspect.getsource`` and IPython's ``??`` find no source, profilers and coverage do not
see into it, and its traceback lines name the module's path without its text. Debug and profile on
the editable install.

``TABLETOP_COMPILE`` chooses: ``auto`` (the default) compiles, and builds the pure-Python wheel
instead when there is no working C toolchain (no Cython, no compiler, no Python headers; pip shows
the warning only with ``-v``, and ``tt.compiled_modules()`` says what a wheel holds); ``1`` must
compile or the build fails; ``0`` never compiles. Any other error (a module Cython cannot compile,
a wrong compile list) fails the build in every mode. An editable install (``pip install -e .``,
what ``make install`` does) is always pure Python, so an edited ``.py`` is what runs: a compiled
module beside its source would silently shadow every later edit.

Generated C and shared objects are kept in ``build/cython`` so that a rebuild recompiles only the
modules whose source changed: a module is rebuilt when the hash of its source, of this file, of the
settings and of the toolchain differs from the one its last successful build recorded (never by
file times, which copies and checkouts can set back).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# Annotations are documentation, not C types: compiled code must accept what the source accepts.
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False}
# -s: no debug symbols (the generated C is large and nobody steps through it in gdb).
LINK_ARGS = ["-s"]
MODES = ("auto", "0", "1")


class CythonBuildHook(BuildHookInterface):
    """Compiles the modules listed in the hook's ``compile`` option into the wheel."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        mode = os.environ.get("TABLETOP_COMPILE", "auto").strip().lower() or "auto"
        if mode not in MODES:
            raise ValueError(f"TABLETOP_COMPILE={mode!r}: expected one of {', '.join(MODES)}")
        if version == "editable" or mode == "0":
            return
        modules = self.config.get("compile", [])
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise ValueError("[tool.hatch.build.targets.wheel.hooks.custom] compile: expected a list of paths")
        if not modules:
            return
        try:
            built = compile_modules(Path(self.root), modules)
        except Exception as exc:
            if mode == "1" or not _no_toolchain(exc):
                raise
            print(f"tabletop: no working C toolchain, building a pure-Python wheel: {exc!r}", file=sys.stderr)
            return
        for shared_object, target in built.items():
            build_data["force_include"][str(shared_object)] = target
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


def _no_toolchain(exc: Exception) -> bool:
    """Whether ``exc`` says the machine cannot compile (rather than that this code cannot be)."""
    if isinstance(exc, ImportError):  # no Cython or setuptools
        return True
    from setuptools.errors import CCompilerError, ExecError, PlatformError

    # CCompilerError: the C compiler or linker failed (no headers, say); ExecError: no compiler
    return isinstance(exc, CCompilerError | ExecError | PlatformError)


def compile_modules(root: Path, sources: list[str]) -> dict[Path, str]:
    """Compile each source (a path relative to root) to an extension module.

    Returns {built shared object: its path inside the wheel}.
    """
    from Cython.Build import cythonize
    from Cython.Compiler.Version import version as cython_version
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    work = root / "build" / "cython"
    work.mkdir(parents=True, exist_ok=True)
    extensions = []
    for source in sources:
        path = root / source
        if path.suffix != ".py" or not path.is_file():
            raise FileNotFoundError(f"compile: {source} is not a Python file under {root}")
        name = ".".join(Path(source).with_suffix("").parts)
        extensions.append(Extension(name, [source], extra_link_args=LINK_ARGS))
    settings = json.dumps(
        {
            "directives": DIRECTIVES,
            "link": LINK_ARGS,
            "cython": cython_version,
            "python": sys.version,
            "toolchain": {k: os.environ.get(k) for k in ("CC", "CFLAGS", "LDSHARED", "LDFLAGS", "CPPFLAGS")},
            "hook": hashlib.sha256(Path(__file__).read_bytes()).hexdigest(),
        },
        sort_keys=True,
    ).encode()

    def builder(modules: list) -> build_ext:
        command = build_ext(Distribution({"name": "tabletop", "ext_modules": modules}))
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.parallel = _cpus()
        command.ensure_finalized()
        return command

    paths = builder(extensions)
    outputs = {ext.name: Path(paths.get_ext_fullpath(ext.name)) for ext in extensions}
    cwd = Path.cwd()
    with _locked(work / "lock"):
        os.chdir(root)  # Cython and setuptools name sources relative to the project
        try:
            hashes_file = work / "hashes.json"
            recorded = json.loads(hashes_file.read_text()) if hashes_file.exists() else {}
            wanted = {
                ext.name: hashlib.sha256(settings + (root / ext.sources[0]).read_bytes()).hexdigest()
                for ext in extensions
            }
            for ext in extensions:  # what was built from anything else is built again
                if recorded.get(ext.name) != wanted[ext.name]:
                    recorded.pop(ext.name, None)
                    (work / "c" / Path(ext.sources[0]).with_suffix(".c")).unlink(missing_ok=True)
                    outputs[ext.name].unlink(missing_ok=True)
            hashes_file.write_text(json.dumps(recorded, indent=1, sort_keys=True))
            generated = cythonize(
                extensions, build_dir=str(work / "c"), compiler_directives=DIRECTIVES, quiet=True, nthreads=_cpus()
            )
            builder(generated).run()
            hashes_file.write_text(json.dumps({**recorded, **wanted}, indent=1, sort_keys=True))
        finally:
            os.chdir(cwd)
    return {path.resolve(): str(path.relative_to(work / "lib")) for path in outputs.values()}


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the CPUs this process may use (not all the machine has)
    except AttributeError:
        return os.cpu_count() or 1


@contextmanager
def _locked(path: Path):
    """One build at a time in build/cython (another waits): two would race on the same C and objects."""
    try:
        import fcntl
    except ImportError:  # not on POSIX: no lock
        yield
        return
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
