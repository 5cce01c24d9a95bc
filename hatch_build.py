"""Build hook: a wheel of tabletop carries its hot modules compiled by Cython, next to their sources.

Why: random playouts spend their time in the interpreter's dispatch, spread thinly over the kernel
and the rulebook engines (no single hot spot to optimise), and Cython compiling the same ``.py``
files, unchanged, removes most of that dispatch (about 1.7x on Hearthstone playouts).

What is compiled is the list ``compile`` in ``[tool.hatch.build.targets.wheel.hooks.custom]`` of
pyproject.toml. The annotations stay hints (``annotation_typing = False``), so compiled code
behaves as the source does: the same tests run against both builds (``make test``).

``TABLETOP_COMPILE`` chooses: ``auto`` (the default) compiles when Cython and a C compiler work and
otherwise builds the pure-Python wheel with a warning; ``1`` must compile or the build fails;
``0`` never compiles. An editable install (``pip install -e .``, what ``make install`` does) is
always pure Python, so an edited ``.py`` is what runs: a compiled module beside its source would
silently shadow every later edit. Generated C and objects are kept in ``build/cython`` so that a
rebuild recompiles only the modules whose source changed.
"""

from __future__ import annotations

import json
import os
import sys
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
        try:
            built = compile_modules(Path(self.root), modules)
        except Exception as exc:  # no Cython, no compiler, a module Cython cannot compile
            if mode == "1":
                raise
            print(f"tabletop: building a pure-Python wheel, compiling failed: {exc!r}", file=sys.stderr)
            return
        for shared_object, target in built.items():
            build_data["force_include"][str(shared_object)] = target
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


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
    # Cython regenerates C (and setuptools recompiles it) only for sources newer than their output;
    # a change of directives, link arguments or Cython must rebuild everything.
    settings = json.dumps(
        {"directives": DIRECTIVES, "link": LINK_ARGS, "cython": cython_version, "python": sys.version},
        sort_keys=True,
    )
    stamp = work / "settings.json"
    force = not stamp.exists() or stamp.read_text() != settings
    extensions = []
    for source in sources:
        path = root / source
        if path.suffix != ".py" or not path.is_file():
            raise FileNotFoundError(f"compile: {source} is not a Python file under {root}")
        name = ".".join(Path(source).with_suffix("").parts)
        extensions.append(Extension(name, [source], extra_link_args=LINK_ARGS))
    cwd = Path.cwd()
    os.chdir(root)  # Cython and setuptools name sources relative to the project
    try:
        extensions = cythonize(
            extensions,
            build_dir=str(work / "c"),
            compiler_directives=DIRECTIVES,
            force=force,
            quiet=True,
            nthreads=os.cpu_count() or 1,
        )
        command = build_ext(Distribution({"name": "tabletop", "ext_modules": extensions}))
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.parallel = os.cpu_count() or 1
        command.force = force
        command.ensure_finalized()
        command.run()
        stamp.write_text(settings)
        return {
            Path(command.get_ext_fullpath(ext.name)).resolve(): str(
                Path(command.get_ext_fullpath(ext.name)).relative_to(work / "lib")
            )
            for ext in extensions
        }
    finally:
        os.chdir(cwd)
