"""What every test may share: where the seeds (the Russian source texts the rules cite) are read from.

The seeds are not part of the repository. They are read from ``../shared/seeds/`` beside the
repository root (CI copies ``shared/`` there) or from the folder the ``TABLETOP_SEEDS`` environment
variable names. A test that needs a seed that is not there is skipped, naming the path it looked
for; with ``TABLETOP_REQUIRE_SEEDS=1`` (set by ``.ci/run``) that skip is a failure instead, so CI
cannot go green without reading them.

``make test`` runs the sources' tests in two parts, one process each: all but ``tests/browser`` spread over the
machine's cores, then the browser tests alone (they wait as a student would; on a loaded CPU they time out).
``TABLETOP_TESTS`` names the part (``others``, ``browser``), so that a path in ``PYTEST_ARGS`` runs in its own part
only.

The card cache (the schema checks that shipped card files passed, tabletop/core/cards.py) is an
empty folder of this session's own, set before any test imports a rulebook: no test reads or
writes the developer's ``~/.cache/tabletop``, and every run starts with the cache cold.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
TESTS = REPOSITORY / "tests"
BROWSER = TESTS / "browser"

os.environ["TABLETOP_CACHE_DIR"] = _CACHE = tempfile.mkdtemp(prefix="tabletop-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


def seeds_dir() -> Path:
    """The folder of the seeds: ``$TABLETOP_SEEDS``, else ``../shared/seeds`` beside the repository root."""
    configured = os.environ.get("TABLETOP_SEEDS")
    return Path(configured) if configured else REPOSITORY.parent / "shared" / "seeds"


def read_seed(name: str) -> str:
    """The text of seed file ``name``; skips the calling test (fails it under TABLETOP_REQUIRE_SEEDS=1) if absent."""
    path = seeds_dir() / name
    if not path.is_file():
        reason = f"seed {name} not found at {path} (set TABLETOP_SEEDS to the folder of the seeds)"
        if os.environ.get("TABLETOP_REQUIRE_SEEDS") == "1":
            pytest.fail(f"TABLETOP_REQUIRE_SEEDS=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    return path.read_text(encoding="utf-8")


@pytest.fixture
def seed_text() -> Callable[[str], str]:
    """``seed_text(name)``: the text of a seed, read as :func:`read_seed` says."""
    return read_seed


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``TABLETOP_TESTS=browser`` keeps only the tests of ``tests/browser``, ``=others`` the rest (make test)."""
    part = os.environ.get("TABLETOP_TESTS")
    if part not in ("browser", "others"):
        return
    keep, drop = [], []
    for item in items:
        browser = BROWSER in Path(item.path).resolve().parents
        (keep if browser == (part == "browser") else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
