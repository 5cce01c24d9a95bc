"""Classroom mode in a real browser: Voila serving a copy of ``notebooks/``, as ``make classroom`` does.

Voila (0.5, built on JupyterLab's front end) runs each notebook in a fresh kernel when its page is
opened and shows the outputs only: code is hidden, widgets are live (clicks reach the kernel). Like
``LabServer`` it serves a *copy* of the notebooks from a temporary directory with its own
``JUPYTER_*`` dirs, so the repository and the user's Jupyter setup are never touched, and it is
always stopped (with its kernels) on exit.
"""

from __future__ import annotations

import sys
import urllib.request
from pathlib import Path

from .harness import NotebookServer

# The flags `make classroom` passes (see the Makefile), beside the port and the folder.
CLASSROOM_FLAGS = ["--no-browser", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]


def voila_command(folder: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "voila", *CLASSROOM_FLAGS, f"--port={port}", str(folder)]


class VoilaServer(NotebookServer):
    """Voila serving a copy of ``notebooks/`` (the tree), on a free port; a context manager."""

    name = "Voila"
    log_name = "voila.log"

    def url(self, notebook: str) -> str:
        """The page a student opens from the classroom's list of notebooks."""
        return f"{self.base_url}/voila/render/{notebook}"

    def command(self, dirs: dict[str, Path]) -> list[str]:
        return voila_command(self.root, self.port)

    def answers(self) -> bool:
        with urllib.request.urlopen(f"{self.base_url}/", timeout=5) as resp:
            return resp.status == 200
