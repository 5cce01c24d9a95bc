"""OptionPanel: the Lab's option buttons as one widget, so a move costs one message, not a widget per option.

The Lab used to make an ipywidgets ``Button`` per option after every move: each one a widget model the
browser creates, lays out and renders, which took 200-450 ms at 12-50 options (``bench/bench_browser.py``).
This panel is one anywidget: the kernel sends the prompt and the options as a list, ``widgets/options.js``
draws the buttons and sends ``{"type": "choose", "id", "fingerprint"}`` for a click. Python does not trust
it: every trait is Python's (state from the browser is refused and sent back), a message is checked
(``id`` an option of the panel shown, ``fingerprint`` text) and never raises; the fingerprint of the
panel's position goes with the click, so a click on a panel the kernel has since replaced is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets as t

from ..core.errors import clip, quote
from ._assets import asset

__all__ = ["OptionButton", "OptionPanel"]

PANEL_TRAITS = ("prompt", "options", "fingerprint", "at", "note")


@dataclass(frozen=True)
class OptionButton:
    """One button of the panel, on the Python side: what it reads, and ``click()`` does what clicking it does
    (chooses ``option`` on the position ``fingerprint`` it was drawn for)."""

    description: str
    tooltip: str
    option: str
    fingerprint: str
    panel: OptionPanel

    def click(self) -> bool:
        return self.panel.choose(self.option, self.fingerprint)


class OptionPanel(anywidget.AnyWidget):
    """A prompt and one button per option; ``on_choose(option_id, fingerprint) -> bool`` applies a click.

    ``show(prompt, options, fingerprint)`` draws a new panel (``options``: ``[{"id", "label", "tooltip"}]``);
    ``.buttons`` are its :class:`OptionButton`; ``note`` is what the panel says under its buttons (a refused
    message from the browser)."""

    _esm = asset("options.js")
    _css = asset("options.css")
    prompt = t.Unicode("").tag(sync=True)
    options = t.List().tag(sync=True)
    fingerprint = t.Unicode("").tag(sync=True)
    at = t.Unicode("").tag(sync=True)  # the fingerprint's first 16 characters: a class of every button (tt-at-...)
    note = t.Unicode("").tag(sync=True)

    def __init__(self, on_choose: Callable[[str, str], bool], **kwargs: Any):
        super().__init__(**kwargs)
        self._on_choose = on_choose
        self.buttons: list[OptionButton] = []
        self.on_msg(lambda _w, content, _buffers=None: self.receive(content))

    def show(self, prompt: str, options: list[dict], fingerprint: str) -> None:
        """Draw ``options`` (made for the position ``fingerprint``) under ``prompt``."""
        self.buttons = [OptionButton(o["label"], o["tooltip"], o["id"], fingerprint, self) for o in options]
        with self.hold_sync():
            self.prompt = prompt
            self.fingerprint = fingerprint
            self.at = fingerprint[:16]
            self.options = [{"id": o["id"], "label": o["label"], "tooltip": o["tooltip"]} for o in options]
            self.note = ""

    def choose(self, option_id: str, fingerprint: str) -> bool:
        """A click on the button of ``option_id`` drawn for ``fingerprint``. Never raises."""
        try:
            return bool(self._on_choose(option_id, fingerprint))
        except Exception as exc:  # a widget callback must never raise into the kernel's comm loop
            self.note = f"Not applied: unexpected {type(exc).__name__}: {clip(str(exc))}"
            return False

    def receive(self, content: Any) -> bool:
        """One message from the browser (a click). Checked, never trusted, never raises."""
        try:
            if not isinstance(content, dict) or content.get("type") != "choose":
                self.note = f"Ignored a message from the browser that is not a click: {quote(content)}"
                return False
            oid, fp = content.get("id"), content.get("fingerprint")
            if not isinstance(oid, str) or not isinstance(fp, str):
                self.note = f"Ignored a click whose option or fingerprint is not text: {quote(oid)}, {quote(fp)}"
                return False
            if oid not in {o["id"] for o in self.options}:
                self.note = f"Ignored a click on {quote(oid)}: the panel shows no such option"
                return False
            return self.choose(oid, fp)
        except Exception as exc:  # e.g. a dict subclass whose get() fails
            self.note = f"Ignored a message from the browser: {type(exc).__name__}: {clip(str(exc))}"
            return False

    def set_state(self, sync_data: Any) -> None:
        """The panel's traits are Python's: a change sent by the browser is refused and Python's values sent back."""
        try:
            if not isinstance(sync_data, dict):
                return
            refused = [k for k in sync_data if k in PANEL_TRAITS]
            rest = {k: v for k, v in sync_data.items() if isinstance(k, str) and k not in PANEL_TRAITS}
            if rest:
                super().set_state(rest)
            if refused:
                self.send_state(key=refused)
        except Exception as exc:
            self.note = f"Ignored state from the browser: {type(exc).__name__}: {clip(str(exc))}"

    def __repr__(self) -> str:
        return f"<OptionPanel: {len(self.options)} options>"
