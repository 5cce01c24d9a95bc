"""A real browser for the widgets: JupyterLab on a free port, driven by headless Chromium.

Shared by the browser tests (``tests/browser/``) and ``bench/bench_browser.py``. Facts it relies
on are in the Jupyter notes (JupyterLab 4, Debian's ``/usr/bin/chromium``, Playwright's Python
package; ``playwright install`` is never run):

- JupyterLab serves a *copy* of the notebooks from a temporary directory, with its own
  ``JUPYTER_CONFIG_DIR`` / ``JUPYTER_DATA_DIR`` / ``JUPYTER_RUNTIME_DIR`` and ``IPYTHONDIR``, so
  the repository and the user's Jupyter setup are never touched.
- Offline flags (no news, no update check, read-only extension manager), a known token, and
  ``expose_app_in_browser`` so the page can call ``window.jupyterapp.commands``.
- Cell virtualisation is off (``windowingMode: "none"`` in the isolated user settings) and the
  viewport is tall, or cells scrolled out of view are missing from the DOM.
- Cells are edited through the notebook model, never by typing (command mode has shortcuts).
- Plotly clicks need a hover first.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 4000}  # tall: every cell of a notebook is laid out at once
TOKEN = "tabletop-browser-test"
MISSING_CHROMIUM = (
    f"{CHROMIUM} is missing: the browser tests drive Debian's chromium "
    "(`apt-get install -y chromium`; `.ci/run` installs it). Never run `playwright install`."
)

# Marks of our code in console messages (matched case-insensitively against text and source URL):
# - "tabletop", "tt-": our package and our CSS class prefix;
# - "anywidget", "blob:": anywidget imports our ESM (and plotly 7's FigureWidget ESM) from blob:
#   URLs, so an exception thrown in a widget's render or event handler is located at a blob: URL,
#   and anywidget logs failures to load or render a widget under its own name;
# - "jupyter-widgets", "could not create", "error displaying widget": ipywidgets failing to make a
#   model or a view (every widget in our notebooks is ours).
# Console errors that mention none of them are JupyterLab's or Chromium's noise and are only
# reported (e.g. a static plotly figure's HTML fallback loading plotly.js from cdn.plot.ly, which
# fails offline while JupyterLab draws the figure from its plotly mimetype anyway).
OUR_MARKERS = (
    "tabletop",
    "tt-",
    "anywidget",
    "blob:",
    "jupyter-widgets",
    "could not create",
    "error displaying widget",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: Path, cells: Iterable[str]) -> Path:
    """A notebook of code cells (one source string each) for the python3 kernel."""
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": src}
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb, indent=1))
    return path


def _user_settings(settings_dir: Path) -> None:
    """JupyterLab user settings for tests: no cell virtualisation, no news, no autosave noise."""
    settings = {
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    }
    for plugin, values in settings.items():
        package, name = plugin.rsplit("/", 1)
        target = settings_dir / package / f"{name}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))


@dataclass
class NotebookServer:
    """A Jupyter server (JupyterLab, Voila) serving a copy of ``notebooks/`` from a temp dir with its own
    ``JUPYTER_*`` dirs, on a free port: the repository and the user's Jupyter setup are never touched.

    Use as a context manager: the server (and its kernels) are always stopped on exit. A subclass gives
    its ``name``, its ``command(dirs)``, what shows it ``answers()`` and any ``env(dirs)`` or ``prepare(dirs)``.
    """

    startup_timeout: float = 60.0
    port: int = 0
    tmp: Path | None = None
    process: subprocess.Popen | None = None
    name = "the server"
    log_name = "server.log"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def root(self) -> Path:
        assert self.tmp is not None
        return self.tmp / "notebooks"

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # what a subclass gives
    def command(self, dirs: dict[str, Path]) -> list[str]:  # pragma: no cover - every server has its own
        raise NotImplementedError

    def answers(self) -> bool:  # pragma: no cover - every server has its own
        raise NotImplementedError

    def prepare(self, dirs: dict[str, Path]) -> dict[str, str]:
        """Files the server needs before it starts; returns environment variables it needs besides."""
        return {}

    def before_stop(self) -> None:
        """Run while the server still answers, before it is stopped (e.g. shut its kernels down)."""

    def start(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix=f"tabletop-{self.log_name.split('.')[0]}-"))
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
        env.update(self.prepare(dirs))
        env.pop("JUPYTER_PATH", None)
        env.pop("JUPYTER_CONFIG_PATH", None)
        for attempt in range(3):  # another process may take the free port before the server binds it
            self.port = free_port()
            if self._launch(env, dirs):
                return
            in_use = "already in use" in self.log_tail().lower()
            if not in_use or attempt == 2:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            self.process = None
            self._log.close()

    def _launch(self, env: dict, dirs: dict[str, Path]) -> bool:
        """Start the server on ``self.port``; True once it answers, False if it exited first."""
        self.log_path = self.tmp / self.log_name
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            self.command(dirs),
            cwd=self.root,
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
            with contextlib.suppress(OSError, urllib.error.URLError):
                if self.answers():
                    return True
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name} did not answer within {self.startup_timeout} s:\n{self.log_tail()}")
            time.sleep(0.2)

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except (AttributeError, OSError):
            return ""

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL) and remove the temp dir."""
        proc, self.process = self.process, None
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(Exception):
                self.before_stop()
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


@dataclass
class LabServer(NotebookServer):
    """JupyterLab serving a copy of ``notebooks/`` (plus ``extra`` notebooks) from a temp dir."""

    extra: dict[str, list[str]] = field(default_factory=dict)
    name = "JupyterLab"
    log_name = "jupyterlab.log"

    def url(self, notebook: str) -> str:
        return f"{self.base_url}/lab/tree/{notebook}?token={TOKEN}&reset"

    def prepare(self, dirs: dict[str, Path]) -> dict[str, str]:
        for name, cells in self.extra.items():
            write_notebook(self.root / name, cells)
        settings_dir = dirs["config"] / "lab" / "user-settings"
        _user_settings(settings_dir)
        return {
            "JUPYTERLAB_SETTINGS_DIR": str(settings_dir),
            "JUPYTERLAB_WORKSPACES_DIR": str(dirs["config"] / "lab" / "workspaces"),
        }

    def command(self, dirs: dict[str, Path]) -> list[str]:
        cmd = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--ServerApp.root_dir={self.root}",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={TOKEN}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
            "--LabApp.expose_app_in_browser=True",
            f"--LabApp.user_settings_dir={dirs['config'] / 'lab' / 'user-settings'}",
            f"--LabApp.workspaces_dir={dirs['config'] / 'lab' / 'workspaces'}",
        ]
        if hasattr(os, "getuid") and os.getuid() == 0:
            cmd.append("--allow-root")
        return cmd

    def answers(self) -> bool:
        return self._get("/api/status") is not None

    def before_stop(self) -> None:
        # Kernels run in their own sessions: ask the server to shut them down first, all at once (each
        # shutdown waits for its kernel; one after the other, two dozen took a quarter of a minute).
        kernels = self._get("/api/kernels")
        with ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(lambda k: self._request(f"/api/kernels/{k['id']}", method="DELETE"), kernels))

    def _request(self, path: str, method: str = "GET"):
        req = urllib.request.Request(f"{self.base_url}{path}", method=method)
        req.add_header("Authorization", f"token {TOKEN}")
        with urllib.request.urlopen(req, timeout=5) as resp:
            body = resp.read()
        return json.loads(body) if body else {}

    def _get(self, path: str):
        return self._request(path)


def _die_with_parent() -> None:
    """In the child, before exec: get SIGTERM when the test process dies (Linux), even by SIGKILL.

    JupyterLab runs in a session of its own (so it can be stopped with its process group), which
    also means nothing stops it if pytest is killed before its teardown runs; on SIGTERM the
    server shuts its kernels down. Elsewhere this is a no-op and ``stop()`` is the only cleanup.
    """
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def launch_browser(playwright):
    """Headless Debian chromium; raises FileNotFoundError with a clear message if it is missing."""
    if not CHROMIUM.exists():
        raise FileNotFoundError(MISSING_CHROMIUM)
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


# --- JavaScript run in the page -------------------------------------------------------------------

# The current notebook panel, by path (falls back to the shell's current widget).
_PANEL_JS = """
(path) => {
  const app = window.jupyterapp;
  for (const w of app.shell.widgets('main')) { if (w.context && w.context.path === path) return w; }
  return null;
}
"""


@dataclass
class ConsoleEntry:
    type: str
    text: str
    url: str

    def ours(self) -> bool:
        blob = f"{self.text} {self.url}".lower()
        return any(marker in blob for marker in OUR_MARKERS)

    def __str__(self) -> str:
        return f"[{self.type}] {self.text} ({self.url})"


class LabPage:
    """One Playwright page on the lab: open a notebook, run it, probe the kernel, click, screenshot."""

    def __init__(self, page, server: LabServer, shots: Path | None = None):
        self.page = page
        self.server = server
        self.shots = shots
        self.console: list[ConsoleEntry] = []
        self.path: str | None = None
        page.on("console", self._on_console)
        page.on("pageerror", self._on_pageerror)

    def _on_console(self, msg) -> None:
        loc = msg.location or {}
        self.console.append(ConsoleEntry(msg.type, msg.text, loc.get("url", "")))

    def _on_pageerror(self, exc) -> None:
        self.console.append(ConsoleEntry("pageerror", f"{exc}\n{getattr(exc, 'stack', '') or ''}", ""))

    def our_errors(self, since: int = 0) -> list[ConsoleEntry]:
        """Console errors and uncaught exceptions that come from our widgets (see OUR_MARKERS)."""
        return [e for e in self.console[since:] if e.type in ("error", "pageerror") and e.ours()]

    def ignored_errors(self, since: int = 0) -> list[ConsoleEntry]:
        """Console errors that do not come from our widgets (reported, not failed on)."""
        return [e for e in self.console[since:] if e.type in ("error", "pageerror") and not e.ours()]

    def shot(self, name: str, target=None) -> Path | None:
        """Screenshot of ``target`` (a locator, e.g. a cell) or of the whole page, into ``shots``."""
        if self.shots is None:
            return None
        path = self.shots / f"{name}.png"
        if target is not None:
            target.scroll_into_view_if_needed()
            target.screenshot(path=str(path))
        else:
            self.page.screenshot(path=str(path), full_page=True)
        return path

    def mark(self) -> int:
        """A position in the console log: ``our_errors(since=mark)`` looks only at what came after."""
        return len(self.console)

    # -- notebook -----------------------------------------------------------------------------------

    def open(self, notebook: str, timeout: float = 30.0) -> None:
        """Open ``notebook`` (loading the lab first if needed); wait until its kernel is idle.

        The first notebook loads the lab from its URL; later ones open in the same lab with
        ``docmanager:open``, which saves reloading JupyterLab for every notebook.
        """
        self.path = notebook
        loaded = self.page.url.startswith(self.server.base_url) and self.page.evaluate(
            "() => !!(window.jupyterapp && window.jupyterapp.shell)"
        )
        if loaded:
            self.page.evaluate(
                "async (path) => { await window.jupyterapp.commands.execute('docmanager:open', "
                "{path, factory: 'Notebook'}); }",
                notebook,
            )
        else:
            self.page.goto(self.server.url(notebook))
            self.page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=timeout * 1000)
            self.page.evaluate("() => window.jupyterapp.started")
        self.page.wait_for_function(
            f"""(path) => {{
              const panel = ({_PANEL_JS})(path);
              if (!panel || !panel.context.isReady || !panel.sessionContext.session) return false;
              const kernel = panel.sessionContext.session.kernel;
              return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
            }}""",
            arg=notebook,
            timeout=timeout * 1000,
        )
        self.panel_id, windowing = self.evaluate_panel(
            "window.jupyterapp.shell.activateById(panel.id);"
            "return [panel.id, panel.content.notebookConfig.windowingMode];"
        )
        # with virtualisation on, cells out of view are missing from the DOM: the settings must apply
        assert windowing == "none", f"notebook windowingMode is {windowing!r}, not 'none': user settings not read?"
        self.panel.wait_for(state="visible", timeout=timeout * 1000)

    @property
    def panel(self):
        """The open notebook's panel (scope every locator with it: other notebooks stay open)."""
        return self.page.locator(f'[id="{self.panel_id}"]')

    def cell(self, index: int):
        """The DOM node of cell ``index`` of the open notebook (negative: from the end)."""
        index = self.evaluate_panel(
            "const cells = panel.content.widgets; cells.forEach((c, i) => { c.node.dataset.ttCell = String(i); });"
            "return arg < 0 ? cells.length + arg : arg;",
            index,
        )
        return self.panel.locator(f'[data-tt-cell="{index}"]')

    def evaluate_panel(self, body: str, arg=None):
        """Run ``async (panel, arg) => { body }`` against this notebook's panel."""
        return self.page.evaluate(
            f"""async ([path, arg]) => {{
              const panel = ({_PANEL_JS})(path);
              if (!panel) throw new Error('no notebook panel for ' + path);
              return await (async (panel, arg) => {{ {body} }})(panel, arg);
            }}""",
            [self.path, arg],
        )

    def run_all(self, timeout: float = 45.0) -> list[dict]:
        """Run every cell; wait until each code cell has run and the kernel is idle.

        Returns the error outputs (``output_type == "error"``) of the notebook, if any.
        """
        self.evaluate_panel(
            "const app = window.jupyterapp; app.shell.activateById(panel.id);"
            "await app.commands.execute('notebook:run-all-cells'); return true;"
        )
        self.page.wait_for_function(
            f"""(path) => {{
              const panel = ({_PANEL_JS})(path);
              const kernel = panel.sessionContext.session?.kernel;
              if (!kernel || kernel.status !== 'idle') return false;
              return panel.content.widgets.every(
                (c) => c.model.type !== 'code' || !c.model.sharedModel.getSource().trim()
                  || (c.model.executionCount !== null && c.model.executionState !== 'running'));
            }}""",
            arg=self.path,
            timeout=timeout * 1000,
            polling=100,
        )
        return self.errors_in_outputs()

    def errors_in_outputs(self) -> list[dict]:
        return self.evaluate_panel(
            """const errors = [];
            panel.content.widgets.forEach((c, i) => {
              if (c.model.type !== 'code') return;
              for (const out of c.model.outputs.toJSON()) {
                if (out.output_type === 'error') errors.push({cell: i, ename: out.ename, evalue: out.evalue,
                  traceback: (out.traceback || []).join('\\n').replace(/\\x1b\\[[0-9;]*m/g, '')});
              }
            });
            return errors;"""
        )

    def run_code(self, source: str, timeout: float = 20.0) -> str:
        """Append a code cell with ``source`` (through the notebook model), run it, return its text output.

        The probe checks the kernel's side of things, not only the DOM. Errors raise AssertionError.
        """
        outputs = self.evaluate_panel(
            """const app = window.jupyterapp;
            const nb = panel.content;
            const index = nb.model.sharedModel.cells.length;
            nb.model.sharedModel.insertCell(index, {cell_type: 'code', source: arg.source});
            nb.activeCellIndex = index;
            nb.deselectAll();
            await app.commands.execute('notebook:run-cell');
            const cell = nb.widgets[index];
            const t0 = Date.now();
            while (cell.model.executionCount === null || panel.sessionContext.session.kernel.status !== 'idle') {
              if (Date.now() - t0 > arg.timeout) throw new Error('probe cell did not finish');
              await new Promise((r) => setTimeout(r, 20));
            }
            return cell.model.outputs.toJSON();""",
            {"source": source, "timeout": timeout * 1000},
        )
        text = []
        for out in outputs:
            if out["output_type"] == "stream":
                text.append("".join(out["text"]) if isinstance(out["text"], list) else out["text"])
            elif out["output_type"] == "execute_result":
                data = out["data"].get("text/plain", "")
                text.append("".join(data) if isinstance(data, list) else data)
            elif out["output_type"] == "error":
                raise AssertionError(f"probe cell failed: {out['ename']}: {out['evalue']}\n{source}")
        return "".join(text)

    def widget_model_ids(self) -> list[dict]:
        """Every widget view output of the notebook: ``{"cell": i, "model_id": ...}`` in order."""
        return self.evaluate_panel(
            """const ids = [];
            panel.content.widgets.forEach((c, i) => {
              if (c.model.type !== 'code') return;
              for (const out of c.model.outputs.toJSON()) {
                const view = out.data && out.data['application/vnd.jupyter.widget-view+json'];
                if (view) ids.push({cell: i, model_id: view.model_id});
              }
            });
            return ids;"""
        )

    # -- plotly -------------------------------------------------------------------------------------

    def plotly_nodes(self, plot) -> list[dict]:
        """The clickable node points of a plotly figure (``plot``: its ``.js-plotly-plot`` locator).

        Node traces are the marker traces that carry ``customdata`` (the node id first); each
        entry is ``{"trace": i, "point": j, "id": customdata[j][0], "text": hovertext}``.
        """
        return plot.evaluate(
            """(gd) => (gd.data || []).flatMap((trace, i) => {
              if (!trace.customdata || !String(trace.mode || '').includes('markers')) return [];
              return Array.from(trace.customdata, (cd, j) => ({
                trace: i, point: j, id: Array.isArray(cd) ? cd[0] : cd,
                text: String((trace.hovertext && trace.hovertext[j]) || (trace.text && trace.text[j]) || ''),
              }));
            })"""
        )

    def plotly_point(self, plot, node: dict) -> dict:
        """Page coordinates of a node point, scrolled into view.

        Plotly draws no group for an empty trace, so DOM order is not data order: the trace group
        and the point are found by the data plotly (d3) binds to them: ``trace.index`` and ``i``.
        """
        center = plot.evaluate(
            """(gd, [ti, pj]) => {
              const group = [...gd.querySelectorAll('.scatterlayer .trace')]
                .find((el) => el.__data__ && el.__data__[0] && el.__data__[0].trace.index === ti);
              const point = group && [...group.querySelectorAll('.point')]
                .find((el) => el.__data__ && el.__data__.i === pj);
              if (!point) return null;
              point.scrollIntoView({block: 'center', inline: 'center'});
              const r = point.getBoundingClientRect();
              return {x: r.x + r.width / 2, y: r.y + r.height / 2};
            }""",
            [node["trace"], node["point"]],
        )
        assert center is not None, f"plotly point {node} is not drawn"
        return center

    def plotly_click(self, center: dict, hover_ms: int = 300) -> None:
        """Hover a plotly point, wait, then click it (plotly ignores a click without a hover first)."""
        x, y = center["x"], center["y"]
        self.page.mouse.move(x - 5, y - 5)
        self.page.mouse.move(x, y, steps=3)
        self.page.wait_for_timeout(hover_ms)
        self.page.mouse.click(x, y)


# Probe run in the kernel: the widget with a model id, then an expression about it.
def widget_probe(model_id: str, expression: str) -> str:
    return (
        "from ipywidgets.widgets.widget import _instances as _tt_instances\n"
        f"_tt_w = _tt_instances[{model_id!r}]\n"
        f"print({expression})"
    )
