"""What the gw2_heroes_of_the_mists tests share: the rulebook, a game moved past its opening, cards put on the
table, attacks and turns. The seed is 000_7fc8e0fd1bcbc422.txt; each test cites its line."""

from tabletop.games.gw2_heroes_of_the_mists import RULEBOOK as RB
from tabletop.games.gw2_heroes_of_the_mists import engine as E
from tabletop.games.gw2_heroes_of_the_mists.statuses import STATUSES

SEED = "000_7fc8e0fd1bcbc422.txt"


def opened(seed=0, **options):
    """A game at player 0's (the first player's) first action: the opening drawn by chance, nothing replaced."""
    g = RB.new_game(seed=seed, **options)
    while g.decision.kind != "action":
        g.apply("pick:none" if g.decision.kind == "subset" else g.legal()[0])
    return g


def game(p0=None, p1=None, seed=0, **options):
    """A game from a layout (option layout): player 0's first turn about to take its decisions, the draw made."""
    g = RB.new_game(seed=seed, layout={"0": p0 or {}, "1": p1 or {}}, **options)
    while g.decision.kind != "action":
        g.apply(g.legal()[0])
    return g


def minion(card, active=True, wounds=0, **statuses):
    """A minion of a layout's table."""
    return {"card": card, "active": active, "wounds": wounds, "statuses": statuses}


def table(g, p, card=None):
    """The ids of the minions on ``p``'s table (of ``card`` only, if given)."""
    return [o for o in g.state.zone(f"table:{p}") if card is None or g.state.objects[o]["card"] == card]


def hero(g, p):
    return E.hero(g.table, p)


def wounds(g, oid):
    return g.state.objects[oid].get("wounds", 0)


def statuses(g, oid):
    return STATUSES.of(g.table, oid)


def attack(g, a, t):
    return g.apply(f"attack:{a}>{t}")


def end_turn(g):
    """End the turn and play the chance draws to the next action decision."""
    g.apply("end")
    while not g.over and g.decision.kind != "action":
        g.apply(g.legal()[0])
    return g


def zone_of(g, oid):
    return g.state.objects[oid]["zone"]
