"""Jupyter widgets for tabletop games (loads ipywidgets, anywidget and plotly).

``import tabletop`` never imports this package; import it yourself::

    from tabletop.widgets import BoardWidget, TriggerChainWidget, StateGraphWidget, Timeline, Lab
"""

from .board import BoardWidget
from .figures import StateGraphWidget, TriggerChainWidget
from .lab import Lab
from .timeline import Timeline

__all__ = ["BoardWidget", "Lab", "StateGraphWidget", "Timeline", "TriggerChainWidget"]
