"""SaveBox: the Lab's "Save position" button, which writes the position shown as a position file.

A teacher plays to a point in the Lab and saves it as a lesson (docs/positions.md): the file opens again
with ``tt.load_position(path)``, or becomes a puzzle with a ``[puzzle]`` table (docs/puzzles.md).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from ..core.errors import TabletopError, clip
from ..core.game import Game

__all__ = ["SaveBox"]


class SaveBox(ipw.VBox):
    """A file name (``.name``, default ``position.toml``), the button (``.button``) and what it said
    (``.note``). ``shown()`` gives the game to save (the position the Lab shows)."""

    def __init__(self, shown: Callable[[], Game], **kwargs: Any):
        super().__init__(**kwargs)
        self._shown = shown
        self.name = ipw.Text(value="position.toml", layout=ipw.Layout(width="150px"))
        self.name.add_class("tt-lab-save-name")
        self.button = ipw.Button(description="Save position", layout=ipw.Layout(width="auto"))
        self.button.add_class("tt-lab-save")
        self.note = ipw.HTML()
        self.button.on_click(lambda _b: self.save())
        self.add_class("tt-lab-save-box")
        self.children = (ipw.HBox([self.button, self.name]), self.note)

    def save(self, path: str | None = None) -> str | None:
        """Write the position shown at ``path`` (default: the name in the box, relative to the notebook's
        folder) and say where. Returns the path written, or None (and says why). Never raises."""
        name = (self.name.value if path is None else str(path)).strip()
        try:
            if not name:
                raise ValueError("give the file a name")
            text = self._shown().to_position()
            Path(name).write_text(text, encoding="utf-8")
        except (OSError, ValueError, TabletopError) as exc:
            self.note.value = f"<div class='tt-lab-save-text tt-error'>Not saved: {escape(clip(str(exc)))}</div>"
            return None
        self.note.value = (
            f"<div class='tt-lab-save-text'>Saved to {escape(name)} ({text.count(chr(10))} lines): "
            f"<code>tt.load_position({escape(repr(name))})</code> opens it.</div>"
        )
        return name
