"""Nebozhiteli (Небожители), from the Wikipedia article 003_d48e1762333e061a.txt (L1-L83).

Two players summon creatures by putting mana on them (the mana becomes their lives), equip them, shoot with
ranged and throwing weapons, attack and block, and count damage and healing over each phase, a creature
with fewer than one life dying at the phase's end. The gaps of the text (the digest's 18 ambiguities, the
starting mana, the first player, the cards) are documented assumptions (``RULEBOOK.rules.assumptions()``),
each naming the option that switches it where another reading changes outcomes.

>>> from tabletop.games.nebozhiteli import RULEBOOK
>>> game = RULEBOOK.new_game(seed=1)
>>> game.decision.kind
'action'
"""

from .agent import NebozhiteliAgent
from .game import RULEBOOK

__all__ = ["RULEBOOK", "NebozhiteliAgent"]
