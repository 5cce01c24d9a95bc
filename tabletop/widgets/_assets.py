"""Where the browser half of the widgets (plain ESM + CSS) is found.

An installed wheel ships the repository's top-level ``widgets/`` folder as ``tabletop/_static``
(hatch force-include); an editable install has no ``_static`` beside the source, so the
repository's ``widgets/`` is used instead.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # .../tabletop
CANDIDATES = (PACKAGE / "_static", PACKAGE.parent / "widgets")


def asset(name: str) -> Path:
    """The path of a browser file (``board.js``, ``board.css``) in the first folder that has it."""
    for folder in CANDIDATES:
        path = folder / name
        if path.is_file():
            return path
    looked = ", ".join(str(f) for f in CANDIDATES)
    raise FileNotFoundError(f"widget file {name!r} not found (looked in {looked}); is tabletop installed fully?")
