"""Marvel Champions: The Card Game, from the Rules Reference in 000_7fc8e0fd1bcbc422.txt (L234-L879, L1471-L1502).

The richest timing source of the seeds: interrupt and response windows passing in player order,
forced before optional, the first player ordering simultaneous forced abilities, cancels,
replacements, delayed and lasting effects, and the modifier order. Played here with one invented
hero deck against one invented villain; every gap of the text is a documented assumption
(``RULEBOOK.rules.assumptions()``), and an option where it changes outcomes.

>>> import tabletop as tt
>>> game = tt.rulebook("marvel_champions").new_game(seed=1, players=2)
>>> game.decision.kind
'action'
"""

from .game import RULEBOOK

__all__ = ["RULEBOOK"]
