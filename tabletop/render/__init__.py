"""Pure rendering: a board view to SVG/HTML, graphs to plotly figures (no widget state).

Every function here is deterministic: equal inputs give byte-equal output (layouts are seeded
or computed, coordinates rounded, plotly trace uids set explicitly), so notebook outputs can be
compared in strict mode. Boards and figures also come as static pictures (``<img>`` data URIs,
:mod:`.pictures`) that untrusted JupyterLab, GitHub and nbconvert's HTML all show.
``import tabletop`` does not import this package; plotly is imported inside the functions that
build figures.
"""

from .board import board_html, board_picture, board_svg
from .pictures import figure_html, figure_svg, picture_html, plotly_renderer

__all__ = [
    "board_html",
    "board_picture",
    "board_svg",
    "chain_figure",
    "figure_html",
    "figure_svg",
    "picture_html",
    "plotly_renderer",
    "state_graph_figure",
]


def __getattr__(name: str):
    if name == "chain_figure":
        from .chains import chain_figure

        return chain_figure
    if name == "state_graph_figure":
        from .states import state_graph_figure

        return state_graph_figure
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
