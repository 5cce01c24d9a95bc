"""What the berserk_heroes tests share: the rulebook, finding a card by name, and trace look-ups."""

import tabletop as tt

RB = tt.rulebook("berserk_heroes")


def oid(game, name, zone):
    """The id of the card called ``name`` in ``zone`` (the first one, if there are several)."""
    found = [
        o for o in game.state.zone(zone) if RB.cards.get(game.state.objects[o].get("card"), {}).get("name") == name
    ]
    assert found, f"no {name} in {zone}"
    return found[0]
