"""Why not: an action the turn does not offer says the rule that excludes it (issue 16), read from one place
with the options themselves (turn.play_blocker, turn.character_blocker)."""

from __future__ import annotations

import pytest
from mc import RB, E, sandbox

from tabletop.games.marvel_champions import turn as T
from tabletop.testing import check_offered_or_excluded, play_until


def _reasons(game, about):
    return [(e["rule"], e["reason"]) for e in game.why_not(about)]


def test_an_exhausted_ally_cannot_attack_or_thwart_and_why_not_says_it_is_exhausted():
    # 000_7fc8e0fd1bcbc422.txt L445-448 (mc.exhaust): an exhausted card cannot be used again until readied
    def exhausted_ally(game):
        return any(game.state.objects[a]["exhausted"] for a in E.allies(game, game.decision.player))

    game = play_until(RB, 0, exhausted_ally)
    ally = next(a for a in E.allies(game, game.decision.player) if game.state.objects[a]["exhausted"])
    why = "it is exhausted: an exhausted card cannot be used again until it is readied"
    assert _reasons(game, ally) == [("mc.exhaust", why), ("mc.exhaust", why)]  # attack, thwart
    assert not [o for o in game.legal() if o.startswith((f"attack:{ally}>", f"thwart:{ally}>"))]


def test_the_alter_ego_does_not_attack_and_the_hero_does_not_recover_citing_the_forms():
    # L466-472 (mc.form): a hero attacks and thwarts; an alter-ego recovers (L671-673)
    game = sandbox()  # every player in hero form
    ident = E.identity(game, 0)
    assert ("mc.form", "in hero form the identity does not recover (its alter-ego form does)") in _reasons(game, ident)
    game.apply("form")
    reasons = _reasons(game, ident)
    assert ("mc.form", "in alter-ego form the identity does not attack (its hero form does)") in reasons
    assert ("mc.assume.form_once", "the form changes once per round (L468), and it has changed this round") in reasons
    assert not [o for o in game.legal() if o.startswith(("attack:", "form"))]


def test_a_card_the_hand_cannot_pay_for_is_not_offered_citing_the_resources():
    # L687-692 (mc.resources): costs are paid with resources from discarding the other cards in hand
    def dear(game):
        p = game.decision.player
        return any(T.play_blocker(game, p, c) == ("mc.resources", _cost_text(game, c)) for c in _hand(game))

    game = play_until(RB, 0, dear)
    card = next(c for c in _hand(game) if T.play_blocker(game, game.decision.player, c)[0] == "mc.resources")
    assert _reasons(game, card) == [("mc.resources", _cost_text(game, card))]
    assert f"play:{card}" not in game.legal()


def _hand(game):
    return game.state.zone(E.z("hand", game.decision.player))


def _cost_text(game, card):
    return f"it costs {game.value(card, 'cost')} and the other cards in hand cannot pay it"


@pytest.mark.parametrize("seed", range(8))
def test_every_card_in_hand_is_either_offered_or_excluded_with_a_rule(seed):
    # property over random playouts: nothing in hand is silently left out (mc.turn, L648-655)
    def holdings(game, p):
        return list(game.state.zone(E.z("hand", p)))

    def acting(option):
        return option.split(":")[1] if option.startswith("play:") else None

    check_offered_or_excluded(RB, seed, holdings, acting)
