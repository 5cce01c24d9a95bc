"""Execute every notebook in place, so the committed notebooks carry their outputs.

    .venv/bin/python notebooks/execute.py            # every notebooks/*.ipynb
    .venv/bin/python notebooks/execute.py 01_memory  # some of them (name, stem or path)

Each notebook runs in a fresh ``python3`` kernel from its own folder. Widget state is not
stored (``store_widget_state=False``, and any ``metadata.widgets`` left over is removed: a
FigureWidget's state is megabytes), no execution timestamps are recorded and consecutive prints
are merged into one stream output, so executing twice gives the same file (but for widget model
ids). ``pytest --nbval`` then re-runs them and compares, in strict mode, with
``notebooks/sanitize.cfg``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def notebooks(names: list[str]) -> list[Path]:
    """The notebooks to run: all of ``notebooks/*.ipynb``, or those named."""
    if not names:
        return sorted(HERE.glob("*.ipynb"))
    out = []
    for name in names:
        path = Path(name)
        if not path.exists():
            path = HERE / (name if name.endswith(".ipynb") else f"{name}.ipynb")
        if not path.exists():
            raise SystemExit(f"no notebook {name!r} in {HERE}")
        out.append(path.resolve())
    return out


def merge_streams(cell) -> None:
    """Join consecutive outputs of one stream (stdout, stderr) of a cell into one, text unchanged."""
    merged: list = []
    for out in cell.get("outputs", []):
        last = merged[-1] if merged else None
        if last is not None and out.output_type == last.output_type == "stream" and out.name == last.name:
            last.text += out.text
        else:
            merged.append(out)
    if "outputs" in cell:
        cell.outputs = merged


def execute(path: Path, timeout: int = 120) -> float:
    """Run one notebook in place; returns the seconds it took."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        store_widget_state=False,
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        merge_streams(cell)  # how a kernel's prints arrive in chunks varies from run to run
    nbformat.write(nb, path)
    return seconds


def main(argv: list[str]) -> int:
    for path in notebooks(argv):
        seconds = execute(path)
        size = path.stat().st_size
        print(f"{path.name}: {seconds:.1f} s, {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
