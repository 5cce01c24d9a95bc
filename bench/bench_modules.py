"""Does each compiled module pay for itself? The sources, the whole compiled wheel, and the wheel
with one module at a time left to its source, on the same work.

Run: ``make bench`` or ``.venv/bin/python bench/bench_modules.py [rounds [module.py ...]]`` after
``make compiled`` (modules, as pyproject.toml lists them: leave out only those, every one by default).
The work: random full games of every rulebook, tracing off (the same games in every build), and
``State.clone`` of a mid-game Hearthstone and a 28-pair memory state. A build is the compiled
wheel in build/compiled with one module's shared object hidden (a tree of links to it without that
one file), so Python imports the module's ``.py``, which the wheel carries beside it.

Figures are per CPU second (``time.process_time``, the best of ``rounds`` alternating runs of every
build, default 2), which moves much less than wall-clock time on a shared machine. A "without"
row gives how much slower (+) or faster (-) each work runs with that module left as source than
with everything compiled: + means compiling the module pays, - that it costs. Differences of a few
per cent are noise.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPILED = ROOT / "build" / "compiled"
RULEBOOKS = ("memory", "one_night_werewolf", "berserk_heroes", "hearthstone", "marvel_champions")
CLONES = {"clone hs": ("hearthstone", 40, {}), "clone memory": ("memory", 40, {"pairs": 28})}
MIN_CPU = 0.4  # seconds of work a figure is measured over (in the pure build, the slowest)


# --- the worker: runs in a fresh Python that imports the build under test --------------------


def _games(rid: str, games: int) -> float:
    import tabletop as tt

    rb = tt.rulebook(rid)
    start = time.process_time()
    for seed in range(games):
        game = rb.new_game(seed=seed, tracing=False)
        rng = random.Random(seed)
        for _ in range(5_000):
            if game.state.decision is None:
                break
            game.apply(rng.choice(game.legal()))
    return time.process_time() - start


def _clones(label: str, count: int) -> float:
    import tabletop as tt

    rid, steps, options = CLONES[label]
    game = tt.rulebook(rid).new_game(seed=5, tracing=False, **options)
    rng = random.Random(0)
    for _ in range(steps):
        if game.state.decision is None:
            break
        game.apply(rng.choice(game.legal()))
    state = game.state
    start = time.process_time()
    for _ in range(count):
        state.clone()
    return time.process_time() - start


def worker(sizes: dict[str, int]) -> dict[str, float]:
    """CPU seconds of each work (best of two), at the sizes given; a size of 0 calibrates it."""
    import importlib

    names = [".".join(Path(m).with_suffix("").parts) for m in compile_list()]
    # (not tt.compiled_modules(): it does not look into the linked folders of a "without" tree)
    out: dict[str, float] = {"_compiled": sum(importlib.import_module(n).__file__.endswith(".so") for n in names)}
    for work, size in sizes.items():
        run = (lambda n, w=work: _clones(w, n)) if work in CLONES else (lambda n, w=work: _games(w, n))
        if size == 0:  # grow the work until it takes MIN_CPU
            size = 1
            while (spent := run(size)) < MIN_CPU:
                size = max(size + 1, int(size * MIN_CPU / max(spent, 1e-3) * 1.1))
            out[work] = size
            continue
        out[work] = min(run(size), run(size))
    return out


# --- the driver -------------------------------------------------------------------------------


def compile_list() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]


def without(module: str, into: Path) -> Path:
    """A tree of links to build/compiled in which ``module`` (a source path) has no shared object."""
    source = COMPILED / module
    hidden = [p for p in source.parent.glob(source.stem + ".*.so")]
    assert len(hidden) == 1, f"{module}: expected one shared object in build/compiled, found {hidden}"
    (drop,) = hidden

    def mirror(src: Path, dst: Path) -> None:
        dst.mkdir(parents=True)
        for entry in src.iterdir():
            if entry == drop:
                continue
            if drop.is_relative_to(entry):  # a folder on the way to the hidden file
                mirror(entry, dst / entry.name)
            else:
                (dst / entry.name).symlink_to(entry)

    tree = into / module.replace("/", ".")
    mirror(COMPILED, tree)
    return tree


def measure(path: Path, sizes: dict[str, int]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONSAFEPATH": "1"}
    code = "import json, sys; sys.path.insert(1, sys.argv[1]); import bench_modules as b; "
    code += "print(json.dumps(b.worker(json.loads(sys.argv[2]))))"
    out = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent), json.dumps(sizes)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    only = sys.argv[2:]  # e.g. tabletop/core/state.py: leave out only these (more rounds in the time)
    sys.path.insert(0, str(ROOT))
    from tabletop.testing import stale_build

    print("each compiled module against its source (figures per CPU second)")
    if not (COMPILED / ".built").exists():
        print("  (no compiled build: run `make compiled`, or `make bench`, first)")
        return
    if stale := stale_build(COMPILED, ROOT):
        print(f"  (build/compiled is older than the sources, e.g. {stale[0]}: run `make compiled` first)")
        return
    works = [*CLONES, *RULEBOOKS]
    modules = compile_list()
    unknown = sorted(set(only) - set(modules))
    if unknown:
        sys.exit(f"not in the compile list of pyproject.toml: {', '.join(unknown)}")
    sizes = {k: int(v) for k, v in measure(ROOT, dict.fromkeys(works, 0)).items() if k != "_compiled"}
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        builds = {"pure": ROOT, "compiled": COMPILED}
        builds |= {f"without {m}": without(m, Path(tmp)) for m in only or modules}
        best: dict[str, dict[str, float]] = {}
        for r in range(rounds):
            order = list(builds) if r % 2 == 0 else list(reversed(builds))  # alternate: drift cancels
            for name in order:
                got = measure(builds[name], sizes)
                expected = 0 if name == "pure" else len(modules) - (name != "compiled")
                assert got.pop("_compiled") == expected, f"{name}: not the build it claims"
                best[name] = {w: min(best.get(name, {}).get(w, float("inf")), got[w]) for w in works}
    rate = {name: {w: sizes[w] / best[name][w] for w in works} for name in best}
    print(f"work sizes: {', '.join(f'{w} {sizes[w]}' for w in works)} (clones, games); best of {rounds} rounds")
    width = max(len(n) for n in best) + 2
    print(f"{'build':<{width}}" + "".join(f"{w[:12]:>13}" for w in works))
    for name in ("pure", "compiled"):
        print(f"{name + ' (/s)':<{width}}" + "".join(f"{rate[name][w]:>13,.0f}" for w in works))
    speedup = [rate["compiled"][w] / rate["pure"][w] for w in works]
    print(f"{'compiled/pure':<{width}}" + "".join(f"{s:>12.2f}x" for s in speedup))
    print("time with the module as source, against all compiled (+: compiling it pays):")
    for name in builds:
        if name.startswith("without "):
            deltas = [best[name][w] / best["compiled"][w] - 1 for w in works]
            print(f"{name[8:]:<{width}}" + "".join(f"{d:>+12.0%} " for d in deltas))


if __name__ == "__main__":
    main()
