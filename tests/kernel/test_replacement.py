"""Replacement and prevention on one event, in both orders; cancelling in the interrupt window."""

from __future__ import annotations

import pytest

from tabletop.core import Ability, Modify, Prevent, Profile, Replace

from .toybook import creature, game_of, log, logged, logs


def redirect(game, act):
    """Bodyguard: damage to X is dealt to Y instead."""
    ev = act.event
    return Replace([{"type": "damage", "player": ev.get("player"), "target": "Y", "amount": ev["amount"]}])


def shield(game, act):
    """Shield: prevent 2 damage to X."""
    amount = act.event["amount"]
    return Prevent("all of it") if amount <= 2 else Modify({"amount": amount - 2})


BODYGUARD = Ability(
    "bodyguard", "replacement", rule="toy.ability", event="damage", match={"target": "X"}, effect=redirect
)
SHIELD = Ability("shield", "replacement", rule="toy.ability", event="damage", match={"target": "X"}, effect=shield)


def damage_x(amount):
    def script(game):
        game.emit("damage", rule="toy.script", player=0, target="X", amount=amount)

    return script


def duel(replacements: str, amount: int = 3, **profile):
    """X (player 1's) is guarded by Y's bodyguard (played first) and a shield (played second)."""
    objects = [
        creature("X", 1, base={"hp": 10}),
        creature("Y", 0, BODYGUARD, base={"hp": 10}),
        creature("S", 0, SHIELD),
    ]
    game = game_of(Profile(replacements=replacements, **profile), objects, scripts={"hit": damage_x(amount)})
    return game.apply("go:hit")


def damage(game):
    return {oid: game.obj(oid).get("damage", 0) for oid in ("X", "Y")}


def statuses(game):
    """(summary, status) of each event the pipeline took in (status records left out)."""
    return [(r["summary"], r["data"]["status"]) for r in game.trace.of_kind("event") if "type" in r["data"]]


def test_affected_player_is_asked_which_applies_first():
    game = duel("affected_chooses")
    d = game.decision
    assert (d.player, d.kind, d.rule) == (1, "replacement_order", "core.replacement")  # X's controller
    assert d.ids == ["Y#0", "S#0"]
    assert [o.label for o in d.options] == ["bodyguard (Y)", "shield (S)"]


def test_replacement_first_then_prevention_no_longer_applies():
    game = duel("affected_chooses").apply("Y#0")
    assert damage(game) == {"X": 0, "Y": 3}
    assert [r["summary"] for r in game.trace.of_kind("replacement")] == [
        "bodyguard (Y) applies to damage(player=0, target=X, amount=3)"
    ]
    assert statuses(game) == [
        ("damage(player=0, target=X, amount=3)", "replaced"),
        ("damage(player=0, target=Y, amount=3)", "happened"),
    ]


def test_prevention_first_then_replacement_moves_what_is_left():
    game = duel("affected_chooses").apply("S#0")
    assert damage(game) == {"X": 0, "Y": 1}
    assert [r["data"]["ability"] for r in game.trace.of_kind("replacement")] == ["S#0", "Y#0"]
    assert statuses(game) == [
        ("damage(player=0, target=X, amount=3)", "replaced"),
        ("damage(player=0, target=Y, amount=1)", "happened"),
    ]


def test_prevention_first_can_prevent_the_event_entirely():
    game = duel("affected_chooses", amount=2).apply("S#0")
    assert damage(game) == {"X": 0, "Y": 0}
    assert statuses(game) == [("damage(player=0, target=X, amount=2)", "prevented")]
    edges = game.trace.graph().edges(data="kind")
    prevented = [r["i"] for r in game.trace.of_kind("event") if r["summary"].startswith("prevented:")]
    assert len(prevented) == 1
    assert any(v == prevented[0] and kind == "prevented" for _, v, kind in edges)


@pytest.mark.parametrize(
    ("policy", "first", "expected"),
    [
        ("order_of_play", "Y#0", {"X": 0, "Y": 3}),  # the bodyguard came into play first
        ("most_recent", "S#0", {"X": 0, "Y": 1}),  # the shield is the most recent
    ],
)
def test_automatic_replacement_policies(policy, first, expected):
    game = duel(policy)
    assert game.decision.kind == "action"  # nobody was asked
    assert not [h for h in game.history if h["kind"] == "replacement_order"]
    assert game.trace.of_kind("replacement")[0]["data"]["ability"] == first
    assert damage(game) == expected


def test_first_player_chooses_replacements():
    game = duel("first_player")
    assert (game.decision.player, game.decision.kind) == (0, "replacement_order")


def test_each_replacement_applies_at_most_once():
    """A redirect from X to X again would loop forever if it could apply twice."""
    again = Ability(
        "again",
        "replacement",
        rule="toy.ability",
        event="damage",
        match={"target": "X"},
        effect=lambda g, act: Replace([{"type": "damage", "target": "X", "amount": act.event["amount"] + 1}]),
    )
    game = game_of(Profile(), [creature("X", 1, again, base={"hp": 10})], scripts={"hit": damage_x(1)})
    game.apply("go:hit")
    assert game.obj("X")["damage"] == 2
    assert len(game.trace.of_kind("replacement")) == 1


# ------------------------------------------------------------ interrupts
def cancel_it(game, act):
    game.cancel(act.event["id"], rule="toy.ability")


def destroy_x(game):
    game.emit("destroy", rule="toy.script", player=0, target="X")


def with_interrupt(cancelling: bool):
    before = logs("warned", "destroy", timing="when", then=cancel_it if cancelling else None)
    objects = [
        creature("X", 1, logs("X saw it", "destroy", match={"target": "$self"})),
        creature("W", 1, before),
        creature("R", 0, logs("after", "destroy")),
    ]
    return game_of(Profile(), objects, scripts={"kill": destroy_x}).apply("go:kill")


def test_interrupt_resolves_before_the_event():
    game = with_interrupt(cancelling=False)
    assert game.obj("X")["zone"] == "grave"
    assert logged(game)[0] == "warned"
    # X left play, but by look-back it still sees its own destruction
    assert sorted(logged(game)[1:]) == ["X saw it", "after"]
    assert [r["data"]["status"] for r in game.trace.of_kind("event")] == ["happened"]


def test_cancel_in_the_interrupt_window_stops_the_event_and_its_responses():
    game = with_interrupt(cancelling=True)
    assert game.obj("X")["zone"] == "play"
    assert logged(game) == ["warned"]
    events = game.trace.of_kind("event")
    assert [r["data"]["status"] for r in events] == ["cancelled", "cancelled"]
    assert events[1]["summary"] == "cancelled: destroy(player=0, target=X)"
    resolution = game.trace[events[1]["cause"]]
    assert resolution["kind"] == "resolution" and resolution["summary"] == "warned (W) resolves"
    assert not [r for r in game.trace.of_kind("trigger") if "after" in r["summary"] or "saw" in r["summary"]]
    graph = game.trace.graph()
    assert graph.edges[resolution["i"], events[1]["i"]]["kind"] == "cancelled"
    assert graph.nodes[events[0]["i"]]["status"] == "cancelled"


def test_a_cancelled_event_is_not_cancelled_twice():
    second = logs("second", "destroy", timing="when", then=cancel_it)
    objects = [
        creature("X", 1),
        creature("W", 1, logs("first", "destroy", timing="when", then=cancel_it)),
        creature("V", 1, second),
    ]
    game = game_of(Profile(ordering="order_of_play"), objects, scripts={"kill": destroy_x}).apply("go:kill")
    assert logged(game) == ["first", "second"]
    assert len([r for r in game.trace.of_kind("event") if r["summary"].startswith("cancelled:")]) == 1


# ------------------------------------------------------------ replacements after the interrupt window
def watched(timing: str) -> tuple[list, object]:
    seen: list = []
    watcher = Ability(
        "watch",
        "triggered",
        rule="toy.ability",
        event="damage",
        timing="when",
        effect=lambda g, act: seen.append((act.event["target"], act.event["amount"])) or log(g, "watched"),
    )
    objects = [
        creature("X", 1, base={"hp": 10}),
        creature("Y", 0, BODYGUARD, base={"hp": 10}),
        creature("S", 0, SHIELD),
        creature("Z", 0, watcher),
    ]
    profile = Profile(replacements="most_recent", replacement_timing=timing)
    game = game_of(profile, objects, scripts={"hit": damage_x(3)})
    return seen, game.apply("go:hit")


def test_replacements_after_interrupts_let_the_window_see_the_event_as_sent():
    """Profile.replacement_timing='after_interrupts': the interrupt window sees the damage to X as it was sent;
    the shield and the bodyguard then apply as it is about to happen, and the damage they send instead (to Y)
    has an interrupt window of its own. The default ('before_interrupts') shows only the replaced event."""
    seen, game = watched("after_interrupts")
    assert seen == [("X", 3), ("Y", 1)]
    assert damage(game) == {"X": 0, "Y": 1}
    kinds = [r["kind"] for r in game.trace.records if r["kind"] in ("window", "replacement")]
    assert kinds == ["window", "replacement", "replacement", "window"]
    seen, game = watched("before_interrupts")
    assert seen == [("Y", 1)] and damage(game) == {"X": 0, "Y": 1}


def test_an_interrupt_that_cancels_leaves_no_event_to_replace():
    """With replacements after interrupts, an interrupt that cancels the damage to X comes first: the bodyguard
    never applies. Before interrupts, the bodyguard moves the damage to Y and the interrupt (about X) never
    triggers."""
    guard_x = logs("guard X", "damage", timing="when", match={"target": "X"}, then=cancel_it)
    objects = [
        creature("X", 1, base={"hp": 10}),
        creature("Y", 0, BODYGUARD, base={"hp": 10}),
        creature("W", 1, guard_x),
    ]
    after = game_of(Profile(replacement_timing="after_interrupts"), objects, scripts={"hit": damage_x(3)})
    after.apply("go:hit")
    assert logged(after) == ["guard X"] and damage(after) == {"X": 0, "Y": 0}
    assert after.trace.of_kind("replacement") == []
    before = game_of(Profile(), objects, scripts={"hit": damage_x(3)}).apply("go:hit")
    assert logged(before) == [] and damage(before) == {"X": 0, "Y": 3}


def test_replacement_timing_is_checked():
    with pytest.raises(ValueError, match="replacement_timing"):
        Profile(replacement_timing="during")


def test_interrupt_sees_the_event_with_replacements_applied():
    """The pipeline runs replacements before the interrupt window (the default replacement_timing)."""
    seen, _ = watched("before_interrupts")
    assert seen == [("Y", 1)]
