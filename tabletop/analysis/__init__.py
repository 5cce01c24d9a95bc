"""Analysis that works for every rulebook through the public API alone.

Trigger chains (:func:`trigger_chain`, :func:`why`, :func:`consequences`), state graphs
(:func:`explore`), rule readings side by side (:func:`compare_options`), simulation of many seeded
games with pluggable agents (:func:`simulate`).
Nothing here imports networkx, numpy or a Jupyter library at import time.
"""

from .agents import FirstLegalAgent, GreedyAgent, RandomAgent, ScriptedAgent
from .chains import Chain, consequences, to_graphml, to_node_link, trigger_chain, why
from .explore import StateGraph, explore
from .orderings import OrderingReport, Outcome, orderings
from .profiles import ProfileComparison, compare_profiles
from .readings import ReadingComparison, ReadingOutcome, compare_options
from .seen import SeatFilter, seen_by
from .simulate import GameRecord, Simulation, simulate

__all__ = [
    "Chain",
    "FirstLegalAgent",
    "GameRecord",
    "GreedyAgent",
    "OrderingReport",
    "Outcome",
    "ProfileComparison",
    "RandomAgent",
    "ReadingComparison",
    "ReadingOutcome",
    "ScriptedAgent",
    "SeatFilter",
    "Simulation",
    "StateGraph",
    "compare_options",
    "compare_profiles",
    "consequences",
    "explore",
    "orderings",
    "seen_by",
    "simulate",
    "to_graphml",
    "to_node_link",
    "trigger_chain",
    "why",
]
