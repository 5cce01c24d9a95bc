"""The DIY Minions memory game (000_7fc8e0fd1bcbc422.txt L1515-1525).

Cards lie face down in rows; players take turns flipping two; a match is kept, a mismatch is
turned back and ends the turn. Whether a match gives another turn is the option
``extra_turn_on_match`` (official rule ``mem.extra_turn``, or the author's house rule
``mem.house_rule``).

>>> import tabletop as tt
>>> game = tt.rulebook("memory").new_game(seed=1, pairs=2)
>>> game.decision.kind, len(game.decision.options)
('action', 4)
"""

from .agent import RememberingAgent
from .exercises import EXERCISES
from .game import RULEBOOK

RULEBOOK.exercises = EXERCISES  # the notebook's exercises, judged by playing (exercises.py)

__all__ = ["RULEBOOK", "RememberingAgent"]
