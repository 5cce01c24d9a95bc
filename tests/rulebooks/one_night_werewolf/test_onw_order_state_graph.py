"""Why the call order matters, shown with state graphs (L209: the roles are called in a fixed order)."""

import tabletop as tt
from tabletop.games.one_night_werewolf.game import final_roles

RB = tt.rulebook("one_night_werewolf")


def dawn_roles(scenario: str) -> set[tuple]:
    """Every assignment of roles at dawn that some choices of the night can reach."""
    sg = tt.explore(RB.scenario(scenario), depth=12, limit=20_000)
    assert not sg.truncated
    dawn = [n for n, d in sg.graph.nodes(data=True) if d["kind"] == "vote"]
    assert dawn
    return {tuple(sorted(final_roles(sg.game(n)).items())) for n in dawn}


def test_l209_the_call_order_changes_which_dawns_are_possible():
    """Robber (player 0), Troublemaker (1), Werewolf (2), Villager (3): with the Robber called before
    the Troublemaker (the text's order) the robbed card can be swapped on afterwards; in the other
    order it cannot, and vice versa. 8 dawns are reachable both ways, 2 only in each order."""
    text, swapped = dawn_roles("call-order-text"), dawn_roles("call-order-swapped")
    assert (len(text & swapped), len(text - swapped), len(swapped - text)) == (8, 2, 2)
    assert (("0", "villager"), ("1", "robber"), ("2", "werewolf"), ("3", "troublemaker")) in text - swapped
