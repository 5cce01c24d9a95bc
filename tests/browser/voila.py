"""Classroom mode in a real browser: Voila serving a copy of ``notebooks/``, as ``make classroom`` does.

Voila (0.5, built on JupyterLab's front end) runs each notebook in a fresh kernel when its page is
opened and shows the outputs only: code is hidden, widgets are live (clicks reach the kernel). Like
``LabServer`` it serves a *copy* of the notebooks from a temporary directory with its own
``JUPYTER_*`` dirs, so the repository and the user's Jupyter setup are never touched, and it is
always stopped (with its kernels) on exit.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from .harness import NOTEBOOKS, _die_with_parent, free_port

# The flags `make classroom` passes (see the Makefile), beside the port and the folder.
CLASSROOM_FLAGS = ["--no-browser", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]


def voila_command(folder: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "voila", *CLASSROOM_FLAGS, f"--port={port}", str(folder)]


@dataclass
class VoilaServer:
    """Voila serving a copy of ``notebooks/`` (the tree), on a free port; a context manager."""

    startup_timeout: float = 60.0
    port: int = 0
    tmp: Path | None = None
    process: subprocess.Popen | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def root(self) -> Path:
        assert self.tmp is not None
        return self.tmp / "notebooks"

    def url(self, notebook: str) -> str:
        """The page a student opens from the classroom's list of notebooks."""
        return f"{self.base_url}/voila/render/{notebook}"

    def __enter__(self) -> VoilaServer:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="tabletop-voila-"))
        shutil.copytree(NOTEBOOKS, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        dirs = {name: self.tmp / name for name in ("config", "data", "runtime", "ipython")}
        for d in dirs.values():
            d.mkdir()
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            IPYTHONDIR=str(dirs["ipython"]),
            JUPYTER_PLATFORM_DIRS="1",
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        env.pop("JUPYTER_PATH", None)
        env.pop("JUPYTER_CONFIG_PATH", None)
        for attempt in range(3):  # another process may take the free port before Voila binds it
            self.port = free_port()
            if self._launch(env):
                return
            in_use = "already in use" in self.log_tail().lower()
            if not in_use or attempt == 2:
                raise RuntimeError(f"Voila exited with {self.process.returncode}:\n{self.log_tail()}")
            self.process = None
            self._log.close()

    def _launch(self, env: dict) -> bool:
        """Start Voila on ``self.port``; True once it answers, False if it exited first."""
        self.log_path = self.tmp / "voila.log"
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            voila_command(self.root, self.port),
            cwd=self.tmp,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        deadline = time.monotonic() + self.startup_timeout
        while True:
            if self.process.poll() is not None:
                return False
            with (
                contextlib.suppress(OSError, urllib.error.URLError),
                urllib.request.urlopen(f"{self.base_url}/", timeout=5) as resp,
            ):
                if resp.status == 200:
                    return True
            if time.monotonic() > deadline:
                raise TimeoutError(f"Voila did not answer within {self.startup_timeout} s:\n{self.log_tail()}")
            time.sleep(0.2)

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except (AttributeError, OSError):
            return ""

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL; Voila shuts its kernels down), remove the temp dir."""
        proc, self.process = self.process, None
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if getattr(self, "_log", None) is not None:
            self._log.close()
            self._log = None
        if self.tmp is not None and not os.environ.get("TABLETOP_KEEP_LAB_TMP"):
            shutil.rmtree(self.tmp, ignore_errors=True)
