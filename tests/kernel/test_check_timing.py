"""When state checks run (issue 15, piece 1): a checkpoint after each event before its response window,
which period ends run the checks, the end-of-period sequence as data, ending the round after the
current phase, and checks over a ledger summed over a phase. docs/checks.md explains each."""

from __future__ import annotations

from tabletop.core import Profile

from .toybook import creature, emits, game_of, lethal_damage, log, logged, logs, ping


def where_is_x(game, act):
    log(game, "X in play" if game.obj("X")["zone"] == "play" else "X gone")


# ------------------------------------------------------------ checks="each_event"
def front_rank_reforms(game) -> list[dict]:
    """Warlord's reform (004 L48): once player 1's front rank (X) is empty while a rear rank (Y) stands,
    the army reforms: Y steps forward. A state check, in the toy: Y in the ``rear`` zone moves to ``play``."""
    rear = game.state.zone("rear")
    if rear and not [o for o in game.state.zone("play") if game.obj(o)["controller"] == 1]:
        return [{"type": "reform", "target": rear[0], "rule": "toy.check"}]
    return []


def _reform(game, ev):
    log(game, "reform")
    game.move(ev["target"], "play")


def warlord(checks: str):
    """K deals 3 damage to X (hp 3): X dies; R reacts to the death (004 L212: the reform comes first)."""
    objects = [
        creature("X", 1),
        creature("Y", 1, zone="rear"),
        creature("K", 0, logs("K", then=emits("damage", target="X", amount=3))),
        creature("R", 0, logs("React", "destroy", match={"target": "X"})),
        creature("W", 0, logs("W", "damage", then=where_is_x)),
    ]
    game = game_of(
        Profile(checks=checks, ordering="order_of_play"),
        objects,
        scripts={"ping": ping()},
        checks=(lethal_damage, front_rank_reforms),
        handlers={"reform": _reform},
    )
    return game.apply("go:ping")


def test_each_event_checks_before_the_response_window():
    """004 L48/L212: the reform is done "before any action or effect": before the Reaction to the death
    that caused it; 003 L40: a creature dies "as soon as" its lives drop below one, so W, responding to
    the damage, already sees it gone (the checks, the death and its own responses come first)."""
    game = warlord("each_event")
    assert logged(game) == ["K", "reform", "React", "W", "X gone"]
    assert game.obj("Y")["zone"] == "play"


def test_idle_checks_come_after_the_responses():
    """Today's default (checks="idle"): the response to the damage sees X still in play, and the Reaction
    to the death resolves before the reform (the check that sees the empty rank runs once idle again)."""
    game = warlord("idle")
    assert logged(game) == ["K", "W", "X in play", "React", "reform"]


def test_each_event_checks_also_when_idle():
    """A change made outside any event (rule code writing damage itself) is still checked once idle."""

    def wound(game):
        game.state.update("X", damage=3)

    game = game_of(
        Profile(checks="each_event"),
        [creature("X", 1), creature("Z", 0)],
        scripts={"wound": wound},
        checks=(lethal_damage,),
    )
    game.apply("go:wound")
    assert game.obj("X")["zone"] == "grave"
