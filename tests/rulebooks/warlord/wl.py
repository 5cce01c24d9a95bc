"""What the warlord tests share: the rulebook, a game from a layout played by a script with chance decided by
hand (tabletop.games.warlord.scenarios.drive), and finding cards. The seed is 004_445e52d7fb23d2a0.txt, the
rulebook given twice (copy A L1-L113, copy B L150-L283); each test cites its lines in both copies."""

import tabletop as tt
from tabletop.games.warlord import army as A
from tabletop.games.warlord.scenarios import COVENANT, FIRST, HORDE, drive, side, wanted

RB = tt.rulebook("warlord")
SEED = "004_445e52d7fb23d2a0.txt"

__all__ = ["COVENANT", "FIRST", "HORDE", "RB", "SEED", "A", "at", "drive", "game", "one", "side", "wanted"]


def game(*sides, players=None, initiative=0, **options):
    """A game of these sides (layouts), chance decided by hand."""
    layout = {str(p): s for p, s in enumerate(sides)} | {"initiative": initiative}
    return RB.new_game(seed=0, players=players or len(sides), chance="manual", layout=layout, **options)


def at(kind, player=None):
    """A ``stop`` for :func:`drive`: the open decision is of ``kind`` (and ``player``'s)."""
    return lambda g: g.decision is not None and g.decision.kind == kind and player in (None, g.decision.player)


def one(g, player, card):
    """The one object of ``card`` in player ``player``'s army (or hand)."""
    found = [
        o for z in (f"army:{player}", f"hand:{player}") for o in g.state.zone(z) if g.state.objects[o]["card"] == card
    ]
    assert len(found) == 1, (player, card, found)
    return found[0]
