"""Import time: ``tt.rulebook(x)`` for every rulebook in a fresh process, with the card cache cold and warm.

Run: ``.venv/bin/python bench/bench_import.py [runs]`` (default 5). Each figure is the median of
``runs`` fresh subprocesses: the time of ``tt.rulebook(x)`` alone (after ``import tabletop``) and
the wall time of the whole process, and whether jsonschema was imported. Cold: every run gets an
empty ``TABLETOP_CACHE_DIR``, so the shipped card files are validated; warm: one run fills the
cache, then the runs read it. Issue 14: jsonschema's format checkers take ~0.9 s to import, so a
warm cache must not import it at all.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tabletop as tt

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import json, sys, time
start = time.perf_counter()
import tabletop as tt
imported = time.perf_counter()
tt.rulebook(sys.argv[1])
done = time.perf_counter()
print(json.dumps({"rulebook": done - imported, "import": imported - start, "jsonschema": "jsonschema" in sys.modules}))
"""


def run(rulebook_id: str, cache: Path) -> dict:
    """One fresh process: its figures, and its wall time (interpreter start-up included)."""
    env = {**os.environ, "TABLETOP_CACHE_DIR": str(cache)}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, rulebook_id], env=env, capture_output=True, text=True, check=True
    ).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    figures["wall"] = time.perf_counter() - start
    return figures


def median(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def main(runs: int = 5) -> None:
    print(f"tt.rulebook(x) in a fresh process, median of {runs} runs (Python {sys.version.split()[0]})")
    print(f"{'rulebook':<20} {'cache':<5} {'rulebook()':>11} {'import':>8} {'process':>8}  jsonschema")
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        for rulebook_id in tt.rulebooks():
            cold = [run(rulebook_id, Path(tmp) / f"cold-{rulebook_id}-{i}") for i in range(runs)]
            warm_dir = Path(tmp) / f"warm-{rulebook_id}"
            run(rulebook_id, warm_dir)  # fills the cache
            warm = [run(rulebook_id, warm_dir) for _ in range(runs)]
            for label, figures in (("cold", cold), ("warm", warm)):
                imported = sum(r["jsonschema"] for r in figures)
                print(
                    f"{rulebook_id:<20} {label:<5} {median(figures, 'rulebook') * 1000:>9.0f}ms"
                    f" {median(figures, 'import') * 1000:>6.0f}ms {median(figures, 'wall') * 1000:>6.0f}ms"
                    f"  {'imported' if imported else 'not imported'}"
                    f"{f' ({imported}/{runs} runs)' if 0 < imported < runs else ''}"
                )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
