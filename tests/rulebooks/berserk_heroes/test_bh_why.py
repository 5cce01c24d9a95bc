"""Why not: an action the main phase does not offer says the rule that excludes it (issue 16), read from
one place with the options themselves (engine.play_blocker, act_blocker, attack_blocker)."""

from __future__ import annotations

import pytest
from bh import RB

from tabletop.games.berserk_heroes import engine as E
from tabletop.testing import check_offered_or_excluded, play_until


def _reasons(game, about):
    return [(e["rule"], e["reason"]) for e in game.why_not(about)]


def test_a_creature_taken_into_the_squad_this_turn_cannot_attack_and_why_not_says_so():
    # 001_240eaaff2b2d73c1.txt L41 (bh.assume.combat): an action of a card needs one that has been in play
    # since the start of the turn; a creature played now cannot attack
    def fresh_creature(game):
        p = game.decision.player
        return any(E.has_status(game, o, "fresh") and not E.has_status(game, o, "rush") for o in E.creatures(game, p))

    game = play_until(RB, 3, fresh_creature)
    p = game.decision.player
    fresh = next(o for o in E.creatures(game, p) if E.has_status(game, o, "fresh"))
    assert _reasons(game, fresh) == [
        ("bh.assume.combat", "it came into the squad this turn: a creature acts from the next turn on (or with Rush)")
    ]
    assert not [o for o in game.legal() if o.startswith(f"attack:{fresh}>")]


def test_a_card_that_costs_more_than_the_open_coins_is_not_offered_citing_the_payment():
    # 001_240eaaff2b2d73c1.txt L1 (bh.assume.payment): coins pay for cards; paying N closes N open coins
    def too_dear(game):
        p = game.decision.player
        n_open = len(E.open_coins(game, p))
        return any(E.cost_to_pay(game, o, p) > n_open for o in game.state.zone(f"hand:{p}"))

    game = play_until(RB, 1, too_dear)
    p = game.decision.player
    n_open = len(E.open_coins(game, p))
    dear = next(o for o in game.state.zone(f"hand:{p}") if E.cost_to_pay(game, o, p) > n_open)
    cost = E.cost_to_pay(game, dear, p)
    coins = "coin" if cost == 1 else "coins"
    assert _reasons(game, dear) == [
        ("bh.assume.payment", f"it costs {cost} {coins} and player {p} has {n_open} open (paying closes open coins)")
    ]
    assert f"play:{dear}" not in game.legal()


@pytest.mark.parametrize("seed", range(10))
def test_every_card_in_hand_and_every_creature_is_either_offered_or_excluded_with_a_rule(seed):
    # property over random playouts: nothing the player holds is silently left out (bh.assume.turn, L5-7)
    def holdings(game, p):
        return [*game.state.zone(f"hand:{p}"), *E.creatures(game, p)]

    def acting(option):  # play:<card>, attack:<attacker>><target>
        return option.split(":")[1].split(">")[0] if option.startswith(("play:", "attack:")) else None

    check_offered_or_excluded(RB, seed, holdings, acting)
