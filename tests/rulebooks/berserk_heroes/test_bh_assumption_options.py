"""Berserk: Heroes: the other readings of its assumptions, as options (issue 13), each shown to change an
outcome. Lines cite 001_240eaaff2b2d73c1.txt."""

import pytest
from bh import RB, oid

from tabletop.games.berserk_heroes import engine as E


def wounds(game, card):
    return game.state.objects[card].get("counters", {}).get("wounds", 0)


@pytest.mark.parametrize("defend", [False, True])
def test_an_attacked_player_may_assign_a_defender(defend):
    """bh.assume.combat, L41: 'action (of a card): ... an attack with a strike and assigning a defender'. The
    skeleton assigns no defenders: the Pikeman's strike of 2 wounds the enemy hero. With option defenders the
    attacked player may close the Warded Monk to defend: the Monk takes the 2 wounds, strikes back for 1 and is
    closed; the hero takes none."""
    game = RB.new_game(seed=0, scenario="protection", defenders=defend)
    pikeman, monk = oid(game, "Pikeman", "play:0"), oid(game, "Warded Monk", "play:1")
    enemy = E.hero(game, 1)
    game.apply(f"attack:{pikeman}>{enemy}")
    if defend:
        assert game.decision.kind == "defend" and game.decision.player == 1 and monk in game.decision.ids
        game.apply(monk)
        assert (wounds(game, enemy), wounds(game, monk), wounds(game, pikeman)) == (0, 2, 1)
        assert game.state.objects[monk]["tapped"]
    else:
        assert game.decision.kind == "action"
        assert (wounds(game, enemy), wounds(game, monk)) == (2, 0)
