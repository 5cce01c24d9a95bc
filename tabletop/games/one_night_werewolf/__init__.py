"""One Night Ultimate Werewolf (000_7fc8e0fd1bcbc422.txt L159-233).

Role cards are dealt one per player and three to the centre; in the night the roles are called
in the text's fixed order and each acts on the cards as they are at that moment (swaps are
events in the trace); in the day everyone votes at once, the most-voted are executed, an
executed Hunter shoots, and the text's win conditions decide.

>>> import tabletop as tt
>>> game = tt.rulebook("one_night_werewolf").new_game(seed=1, players=3)
>>> game.decision.kind
'action'
"""

from .exercises import EXERCISES
from .game import RULEBOOK
from .narrator import Line, narration, narrator_lines

RULEBOOK.exercises = EXERCISES  # the notebook's exercises, judged by playing (exercises.py)

__all__ = ["RULEBOOK", "Line", "narration", "narrator_lines"]
