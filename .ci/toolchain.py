"""Can this machine build tabletop's compiled wheel? It needs the C compiler Python builds
extensions with and Python's headers; everything else (Cython, setuptools) pip installs itself.

``make test``, ``make compiled``, ``make bench`` and ``.ci/run`` all ask this script, so they agree
on what "a toolchain exists" means. Run it with any ``python3`` (it needs only the standard library):
it prints one line, and exits 0 when the wheel can be compiled, 1 (the line saying why not) when not.

The compiler is the one setuptools would use: ``$CC`` if set, else the ``CC`` Python was built with
(``sysconfig``); the headers are those of the running Python. Finding both is not enough (a compiler
without the C library's headers, a wrapper that fails), so the check compiles a file that includes
``Python.h``, as every compiled module does.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

PROBE = "#include <Python.h>\nint main(void) { return 0; }\n"


def compiler() -> tuple[list[str], str]:
    """The compiler command setuptools would run, and where it comes from (for the message)."""
    if os.environ.get("CC"):
        return shlex.split(os.environ["CC"]), "$CC"
    return shlex.split(sysconfig.get_config_var("CC") or "cc"), "sysconfig CC"


def include_dirs() -> list[str]:
    """Python's header folders (Python.h, and pyconfig.h where a platform keeps it apart)."""
    paths = sysconfig.get_paths()
    return list(dict.fromkeys([paths["include"], paths["platinclude"]]))


def missing(cc: list[str] | None = None, include: list[str] | None = None) -> str | None:
    """Why the compiled wheel cannot be built here, or None when it can.

    ``cc`` and ``include`` default to what a build would use (:func:`compiler`, :func:`include_dirs`).
    """
    origin = "given"
    if cc is None:
        cc, origin = compiler()
    include = include_dirs() if include is None else include
    if not cc or shutil.which(cc[0]) is None:
        name = cc[0] if cc else ""
        return f"no C compiler: {name!r} ({origin}) is not on PATH"
    header = Path(include[0]) / "Python.h"
    if not header.is_file():
        return f"no Python headers: {header} does not exist"
    with tempfile.TemporaryDirectory(prefix="tabletop-toolchain-") as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text(PROBE)
        flags = [f"-I{folder}" for folder in include]
        try:
            run = subprocess.run(
                [*cc, *flags, "-c", str(source), "-o", str(Path(tmp) / "probe.o")],
                capture_output=True,
                text=True,
                timeout=120,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"the C compiler {shlex.join(cc)!r} ({origin}) cannot run: {exc}"
        if run.returncode != 0:
            lines = [line.strip() for line in (run.stderr + run.stdout).splitlines() if line.strip()]
            errors = [line for line in lines if "error" in line.lower()] or lines  # not "In file included from"
            detail = f": {errors[0]}" if errors else ""
            return (
                f"the C compiler {shlex.join(cc)!r} ({origin}) cannot compile a file that includes "
                f"{header} (exit {run.returncode}){detail}"
            )
    return None


def main() -> int:
    reason = missing()
    if reason:
        print(reason)
        return 1
    cc, origin = compiler()
    print(f"C toolchain: {shlex.join(cc)} ({origin}), headers {include_dirs()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
