"""Jupyter widgets for tabletop games (loads ipywidgets, anywidget and plotly).

``import tabletop`` never imports this package; import it yourself::

    from tabletop.widgets import BoardWidget, ChainView, TriggerChainWidget, StateGraphWidget, Timeline, Lab
"""

from .board import BoardWidget
from .chainview import ChainView
from .figures import StateGraphWidget, TriggerChainWidget
from .lab import Lab
from .timeline import Timeline

__all__ = ["BoardWidget", "ChainView", "Lab", "StateGraphWidget", "Timeline", "TriggerChainWidget"]
