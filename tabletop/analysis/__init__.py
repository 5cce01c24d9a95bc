"""Analysis that works for every rulebook through the public API alone.

Trigger chains (:func:`trigger_chain`, :func:`why`, :func:`consequences`), state graphs
(:func:`explore`). Nothing here imports networkx, numpy or a Jupyter library at import time.
"""

from .chains import Chain, consequences, to_graphml, to_node_link, trigger_chain, why
from .explore import StateGraph, explore

__all__ = [
    "Chain",
    "StateGraph",
    "consequences",
    "explore",
    "to_graphml",
    "to_node_link",
    "trigger_chain",
    "why",
]
