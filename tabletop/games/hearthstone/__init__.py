"""Hearthstone (Hearthstone: Heroes of WarCraft), from 000_7fc8e0fd1bcbc422.txt (L18-L68, L1503-L1514).

The text teaches immediate resolution in order of play (L66, L68) and simultaneous combat
damage (L68) on top of a thin summary of set-up, mana and card play (L1505-L1514). What it
leaves out (the draw each turn, an empty deck, the hand limit, The Coin, keywords) is taken from
the real game and marked as assumptions from outside the text (``RULEBOOK.rules.assumptions()``).

>>> import tabletop as tt
>>> game = tt.rulebook("hearthstone").scenario("juggler-leeroy")
>>> game.decision.kind
'action'
"""

from .game import RULEBOOK

__all__ = ["RULEBOOK"]
