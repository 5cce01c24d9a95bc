"""Analysis that works for every rulebook through the public API alone.

Trigger chains (:func:`trigger_chain`, :func:`why`, :func:`consequences`), state graphs
(:func:`explore`), puzzles (:func:`load_puzzle`, :func:`solve`), rule readings side by side
(:func:`compare_options`), simulation of many seeded
games with pluggable agents (:func:`simulate`).
Nothing here imports networkx, numpy or a Jupyter library at import time.
"""

from .agents import FirstLegalAgent, GreedyAgent, RandomAgent, ScriptedAgent
from .chains import Chain, consequences, to_graphml, to_node_link, trigger_chain, why
from .explore import StateGraph, explore
from .orderings import OrderingReport, Outcome, orderings
from .profiles import ProfileComparison, compare_profiles
from .puzzles import Puzzle, PuzzleError, load_puzzle
from .readings import ReadingComparison, ReadingOutcome, compare_options
from .seen import SeatFilter, seen_by
from .simulate import GameRecord, Simulation, simulate
from .solve import Check, SearchLimit, Solution, solve

__all__ = [
    "Chain",
    "Check",
    "FirstLegalAgent",
    "GameRecord",
    "GreedyAgent",
    "OrderingReport",
    "Outcome",
    "ProfileComparison",
    "Puzzle",
    "PuzzleError",
    "RandomAgent",
    "ReadingComparison",
    "ReadingOutcome",
    "ScriptedAgent",
    "SearchLimit",
    "SeatFilter",
    "Simulation",
    "Solution",
    "StateGraph",
    "compare_options",
    "compare_profiles",
    "consequences",
    "explore",
    "load_puzzle",
    "orderings",
    "seen_by",
    "simulate",
    "solve",
    "to_graphml",
    "to_node_link",
    "trigger_chain",
    "why",
]
