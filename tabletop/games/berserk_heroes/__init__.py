"""Berserk: Heroes (Берсерк. Герои), from the rules fragment 001_240eaaff2b2d73c1.txt (L1-L51).

The fragment gives rules 520-522 (coins, the order of numeric modifiers, the ability
constructor) and part of the glossary (Vanguard, Free, taking a card into the squad,
Protection, Create). They run here on a minimal duel whose missing parts (turn, combat,
wounds, death, the win, the end of a game that has run dry, the deck) are documented
assumptions (``RULEBOOK.rules.assumptions()``, each naming the option that switches it)
and, where they change outcomes, options.

>>> import tabletop as tt
>>> game = tt.rulebook("berserk_heroes").scenario("modifier-order")
>>> game.decision.kind
'action'
"""

from .game import RULEBOOK

__all__ = ["RULEBOOK"]
