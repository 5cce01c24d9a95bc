"""Warlord: Saga of the Storm, from the basic rulebook given twice in 004_445e52d7fb23d2a0.txt (L1-L113, L150-L283).

Two to four players, each for himself, draw up armies in ranks, roll initiative and give orders one at a time
until all pass in succession (a pass is not final); melee is d20 + ATK against AC strike by strike, ranged
strikes reach one rank across, a natural 1 misses and a natural 20 hits; a death that leaves a rank larger
than the one in front is reformed at once, before any React to it. The gaps of the text (the digest's 25
ambiguities) are documented assumptions (``RULEBOOK.rules.assumptions()``), each naming its option.

>>> from tabletop.games.warlord import RULEBOOK
>>> game = RULEBOOK.new_game(seed=1, players=3)
>>> game.decision.kind, sorted(game.state.vars)[:1]
('order', ['_deck:0'])
"""

from .agent import WarlordAgent
from .game import RULEBOOK

__all__ = ["RULEBOOK", "WarlordAgent"]
