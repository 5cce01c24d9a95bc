"""What the nebozhiteli tests share: the rulebook, a game from a layout (option layout), moving a game on
with passes, and finding cards. The seed is 003_d48e1762333e061a.txt; each test cites its line."""

import tabletop as tt

RB = tt.rulebook("nebozhiteli")
SEED = "003_d48e1762333e061a.txt"
HAND = ["blessing"] * 7  # a full hand (L35: no draw) of a card that needs no target
SUMMONING = [{"card": "vale_knight"}] * 5  # a full summoning field (L35: no refill)
PASSES = ("done", "pass", "keep", "pick:none")


def side(field=(), hand=None, summoning=None, **more):
    """One side of a layout: creatures in play, a full hand and summoning field unless given."""
    out = {"field": list(field), "hand": list(HAND if hand is None else hand)}
    out["summoning"] = list(SUMMONING if summoning is None else summoning)
    return out | more


def game(p0=None, p1=None, seed=0, **options):
    """A game whose first turn (player 0's) starts from this layout."""
    return RB.new_game(seed=seed, layout={"0": p0 or side(), "1": p1 or side()}, **options)


def passing(g):
    """The option of the open decision that does nothing (a pass, no attackers, no block, no discard; the
    first split of a blocked attacker's damage)."""
    ids = g.legal()
    if g.decision.kind == "distribute":
        return ids[0]  # (a split must be made: the first)
    for o in ids:
        if o in PASSES or o.startswith("none:"):
            return o
    raise AssertionError(f"no passing option among {ids}")


def until(g, want, limit=200):
    """Pass until ``want(g)`` holds at an open decision (or the game ends: then fail)."""
    for _ in range(limit):
        assert not g.over, f"the game ended: {g.result}"
        if want(g):
            return g
        g.apply(passing(g))
    raise AssertionError("the position was not reached")


def at(sub, kind=None):
    """A ``want`` for :func:`until`: the decision is in sub-phase ``sub`` (and of ``kind``)."""
    return lambda g: g.state.turn.get("sub") == sub and (kind is None or g.decision.kind == kind)


def on(g, zone, card):
    """The ids of the cards ``card`` in ``zone`` (``field:1``)."""
    return [o for o in g.state.zone(zone) if g.state.objects[o].get("card") == card]


def one(g, zone, card):
    found = on(g, zone, card)
    assert len(found) == 1, (zone, card, found)
    return found[0]


def lives(g, oid):
    return g.state.objects[oid]["lives"]


def mana(g, p):
    return g.state.players[p]["mana"]


def subs(g):
    """The sub-phases that began, in order (the flow records of the trace)."""
    return [r["summary"].removesuffix(" phase") for r in g.trace.of_kind("flow") if r["summary"].endswith(" phase")]
