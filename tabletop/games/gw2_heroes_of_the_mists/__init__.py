"""Guild Wars 2 "Heroes of the Mists" (an unofficial card game), from the blog post 000_7fc8e0fd1bcbc422.txt
(L103-L158).

Two heroes of 80 health summon minions and play skills for stamina; active minions attack any card or the
opposing hero, taking counter-damage from a card; boons (Aegis, Might, Protection) and conditions (Blind,
Vulnerability, Weakness) are the kernel's statuses, their effect on damage the kernel's modifier stages. Every
gap of the text (the digest's section 11) is a documented assumption, most with an option.

>>> from tabletop.games.gw2_heroes_of_the_mists import RULEBOOK
>>> game = RULEBOOK.new_game(seed=1)
>>> game.decision.kind
'subset'
"""

from .agent import Gw2Agent
from .game import RULEBOOK

__all__ = ["RULEBOOK", "Gw2Agent"]
