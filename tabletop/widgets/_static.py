"""A static picture in every widget's output, for wherever the widget is not live.

A widget's output holds a ``application/vnd.jupyter.widget-view+json`` reference to a model that
exists only while its kernel runs. JupyterLab draws that reference only for trusted output with a
live model (its widget renderer is not "safe", so an untrusted output falls back to the next
mimetype it may draw), and GitHub and ``nbconvert --to html`` never draw it. So each widget's
mimebundle also carries ``text/html``: a picture of what the widget shows (boards and figures as
``<img>`` data URIs, :mod:`tabletop.render.pictures`) with a line saying it is a picture; and
``text/plain`` is the widget's deterministic repr.
"""

from __future__ import annotations

from typing import Any

__all__ = ["StaticFallback", "static_note"]

NOTE = "A picture of this widget; run the cell to use it."


def static_note(what: str = NOTE) -> str:
    """The line over a widget's picture (an inline style: JupyterLab drops ``<style>`` in untrusted output)."""
    return f"<div class='tt-static-note' style='color:#777;font-size:11px;margin:2px 0'>{what}</div>"


class StaticFallback:
    """Mixin for ipywidgets: ``_static_html()`` (a picture of the widget) joins the mimebundle."""

    def _static_html(self) -> str:  # pragma: no cover - every widget defines its own
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any):
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        html = f"<div class='tt-static'>{static_note()}{self._static_html()}</div>"
        return {**data, "text/plain": repr(self), "text/html": html}, meta
