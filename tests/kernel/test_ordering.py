"""Who orders simultaneous triggered abilities, and where they wait (profile.ordering, .container)."""

from __future__ import annotations

import pytest

from tabletop.core import Profile

from .toybook import chain_objects, creature, game_of, go, logged, logs, ping


def four_watchers():
    """Player 0 controls a1, a2; player 1 controls b1, b2; played in the order b1, a1, b2, a2."""
    return [
        creature("b1", 1, logs("b1")),
        creature("a1", 0, logs("a1")),
        creature("b2", 1, logs("b2")),
        creature("a2", 0, logs("a2")),
    ]


def pinged_on_turn_of_player_1(ordering: str, container: str = "nested"):
    """Player 1 is active; the ping is caused by player 0 (the event's player), first player is 0."""
    game = game_of(Profile(ordering=ordering, container=container), four_watchers(), scripts={"ping": ping(player=0)})
    game.apply("end")
    assert game.state.turn["player"] == 1
    game.apply("go:ping")
    return game


def order_by_choosing_last(game):
    """Answer every order_triggers decision with its last option; returns (player, options) asked."""
    asked = []
    while game.decision.kind == "order_triggers":
        d = game.decision
        asked.append((d.player, [o.label for o in d.options]))
        game.apply(d.ids[-1])
    return asked


def test_active_player_first_asks_the_active_player_then_the_others():
    game = pinged_on_turn_of_player_1("active_player_first")
    assert order_by_choosing_last(game) == [(1, ["b1 (b1)", "b2 (b2)"]), (0, ["a1 (a1)", "a2 (a2)"])]
    # nested: the active player's group resolves first, each in the order its controller chose
    assert logged(game) == ["b2", "b1", "a2", "a1"]


def test_first_player_orders_all_asks_player_0_about_everything():
    game = pinged_on_turn_of_player_1("first_player_orders_all")
    asked = order_by_choosing_last(game)
    assert [p for p, _ in asked] == [0, 0, 0]
    assert asked[0][1] == ["b1 (b1)", "a1 (a1)", "b2 (b2)", "a2 (a2)"]
    assert logged(game) == ["a2", "b2", "a1", "b1"]


def test_order_of_play_asks_nobody():
    game = pinged_on_turn_of_player_1("order_of_play")
    assert game.decision.kind == "action"
    assert not [h for h in game.history if h["kind"] == "order_triggers"]
    assert logged(game) == ["b1", "a1", "b2", "a2"]


def test_controller_chooses_starts_with_the_player_who_caused_the_event():
    game = pinged_on_turn_of_player_1("controller_chooses")
    assert order_by_choosing_last(game) == [(0, ["a1 (a1)", "a2 (a2)"]), (1, ["b1 (b1)", "b2 (b2)"])]
    assert logged(game) == ["a2", "a1", "b2", "b1"]


def test_each_chooser_really_chooses():
    game = pinged_on_turn_of_player_1("active_player_first")
    game.apply("0:b1#0")  # player 1 puts b1 first this time
    assert game.decision.player == 0
    game.apply("1:a2#0")
    assert logged(game) == ["b1", "b2", "a2", "a1"]


def test_the_order_decision_is_recorded_in_the_trace_with_the_order_rule():
    game = pinged_on_turn_of_player_1("active_player_first")
    order_by_choosing_last(game)
    chosen = [r for r in game.trace.of_kind("decision") if r["data"]["kind_of_decision"] == "order_triggers"]
    assert [(r["player"], r["data"]["option"], r["rule"]) for r in chosen] == [
        (1, "1:b2#0", "core.order"),
        (0, "1:a2#0", "core.order"),
    ]
    resolved = [r["summary"] for r in game.trace.of_kind("resolution")]
    assert resolved == ["b2 (b2) resolves", "b1 (b1) resolves", "a2 (a2) resolves", "a1 (a1) resolves"]


def test_stack_resolves_the_active_players_group_last():
    """Under a stack the group placed first waits at the bottom (as in APNAP)."""
    game = pinged_on_turn_of_player_1("active_player_first", container="stack")
    order_by_choosing_last(game)
    assert logged(game) == ["a1", "a2", "b1", "b2"]


def test_ordering_profile_is_checked():
    with pytest.raises(ValueError, match="ordering"):
        Profile(ordering="youngest_first")


# ------------------------------------------------------------------ containers
def chain(container: str):
    """The toybook's chain (A triggers B and C; B triggers D), set off under ``container``."""
    game = game_of(Profile(ordering="order_of_play", container=container), chain_objects(), scripts={"go": go})
    return game.apply("go:go")


@pytest.mark.parametrize(
    ("container", "order"),
    [
        ("nested", ["A", "B", "D", "C"]),  # D resolves inside B's window, before C
        ("queue", ["A", "B", "C", "D"]),  # first in, first out: D waits behind C
        ("stack", ["A", "C", "B", "D"]),  # last in, first out: C (placed last) goes first
    ],
)
def test_containers(container, order):
    game = chain(container)
    assert logged(game) == order
    assert game.state.queue == []
    assert game.state.work == []
    assert game.decision.kind == "action"


def test_containers_trace_causes():
    """Whatever the container, D's trigger comes from the response window of the sig(b) event
    from B's resolution."""
    for container in ("nested", "queue", "stack"):
        game = chain(container)
        recs = game.trace.records
        d_trig = next(r for r in recs if r["kind"] == "trigger" and r["summary"].startswith("D "))
        window = recs[d_trig["cause"]]
        assert window["kind"] == "window" and window["data"]["timing"] == "after"
        event = recs[window["cause"]]
        assert event["kind"] == "event" and event["data"]["type"] == "sig"
        resolution = recs[event["cause"]]
        assert resolution["summary"] == "B (B) resolves", container


# ------------------------------------------------------- forced and optional
def forced_and_optional(**profile):
    objects = [
        creature("O", 0, logs("O", forced=False)),  # played first
        creature("F", 0, logs("F")),
    ]
    return game_of(Profile(ordering="order_of_play", **profile), objects, scripts={"ping": ping()})


def test_forced_before_optional():
    game = forced_and_optional(forced_before_optional=True).apply("go:ping")
    assert logged(game) == ["F"]
    assert (game.decision.player, game.decision.kind) == (0, "optional_trigger")
    game.apply("use")
    assert logged(game) == ["F", "O"]


def test_forced_and_optional_together_in_order_of_play():
    game = forced_and_optional(forced_before_optional=False).apply("go:ping")
    assert logged(game) == []
    assert game.decision.kind == "optional_trigger"
    game.apply("use")
    assert logged(game) == ["O", "F"]


def test_optional_ask_decline():
    game = forced_and_optional().apply("go:ping")
    assert game.decision.ids == ["use", "decline"]
    game.apply("decline")
    assert logged(game) == ["F"]
    assert game.decision.kind == "action"
    assert game.history[-1] == {"player": 0, "kind": "optional_trigger", "option": "decline", "auto": False}
    assert [r["summary"] for r in game.trace.of_kind("resolution")] == ["F (F) resolves"]


def test_priority_window_players_pass_until_all_pass_in_a_row():
    objects = [
        creature("o1", 0, logs("o1", forced=False)),
        creature("o2", 1, logs("o2", forced=False)),
        creature("o3", 1, logs("o3", forced=False)),
        creature("F", 1, logs("F")),
    ]
    game = game_of(Profile(optional="priority_window"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    assert logged(game) == ["F"]  # forced abilities go before the window opens
    asked = []

    def answer(option):
        d = game.decision
        asked.append((d.player, d.kind, tuple(d.ids)))
        game.apply(option)

    answer("pass")  # player 0 passes on o1
    answer("1:o2#0")  # player 1 uses o2: the passes start again
    assert logged(game) == ["F", "o2"]
    answer("pass")  # player 0 passes again
    answer("pass")  # player 1 passes too: two passes in a row close the window
    assert asked == [
        (0, "window", ("0:o1#0", "pass")),
        (1, "window", ("1:o2#0", "2:o3#0", "pass")),
        (0, "window", ("0:o1#0", "pass")),
        (1, "window", ("1:o3#0", "pass")),
    ]
    assert logged(game) == ["F", "o2"]
    assert game.decision.kind == "action"


def test_priority_window_leaves_out_a_player_eliminated_while_it_is_open():
    """Player 0's response eliminates player 1 (marked ``out``): the window goes on without asking
    player 1 about o2 and closes once the players still in the game have passed."""

    def eliminate(game, act):
        game.state.update_player(1, out=True)

    objects = [creature("o1", 0, logs("o1", forced=False, then=eliminate)), creature("o2", 1, logs("o2", forced=False))]
    game = game_of(Profile(optional="priority_window"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    assert (game.decision.player, game.decision.ids) == (0, ["0:o1#0", "pass"])
    game.apply("0:o1#0")
    assert logged(game) == ["o1"]
    assert game.decision.kind == "action"  # player 1 was not asked about o2


def test_priority_window_skips_players_with_nothing_to_use():
    objects = [creature("o2", 1, logs("o2", forced=False)), creature("o3", 1, logs("o3", forced=False))]
    game = game_of(Profile(optional="priority_window"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    assert (game.decision.player, game.decision.kind) == (1, "window")  # player 0 has nothing: passes
    game.apply("0:o2#0")
    assert (game.decision.player, game.decision.ids) == (1, ["0:o3#0", "pass"])
    game.apply("0:o3#0")
    assert logged(game) == ["o2", "o3"]
    assert game.decision.kind == "action"


def test_priority_window_drops_an_ability_whose_condition_no_longer_holds():
    """Two players' optional responses share a once-for-all limit kept by the rulebook (like Marvel Champions'
    Max X per [period], counted by card title): once player 0 uses theirs, player 1 is not offered the other."""

    def unused(game, act):
        return not game.state.vars.get("spent")

    def spend(game, act):
        game.state.set_var("spent", True)

    objects = [
        creature("o1", 0, logs("o1", forced=False, condition=unused, then=spend)),
        creature("o2", 1, logs("o2", forced=False, condition=unused, then=spend)),
    ]
    game = game_of(Profile(optional="priority_window"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    assert (game.decision.player, game.decision.ids) == (0, ["0:o1#0", "pass"])
    game.apply("0:o1#0")
    assert logged(game) == ["o1"]
    assert game.decision.kind == "action"  # player 1 was not offered o2


# ----------------------------------------------------------------- delayed
def delayed_game(before: bool):
    from tabletop.core import Ability

    from .toybook import log

    def setup_delay(game):
        game.delay("later", event="ping", source="R", controller=0)

    later = Ability("later", "triggered", rule="toy.ability", effect=lambda g, act: log(g, "delayed"))
    objects = [creature("R", 0, logs("R"))]
    return game_of(
        Profile(delayed_before_responses=before),
        objects,
        scripts={"delay": setup_delay, "ping": ping()},
        named=[later],
    )


@pytest.mark.parametrize(("before", "order"), [(True, ["delayed", "R"]), (False, ["R", "delayed"])])
def test_delayed_effect_resolves_before_or_after_responses(before, order):
    game = delayed_game(before)
    game.apply("go:delay")
    assert len(game.state.delayed) == 1
    game.apply("go:ping")
    assert logged(game) == order
    assert game.state.delayed == []
    game.apply("go:ping")  # a delayed effect happens once
    assert logged(game) == [*order, "R"]


def test_interrupt_window_closes_for_an_event_that_one_interrupt_cancelled():
    """Once an interrupt cancels its event, the other interrupts to that event are no longer offered
    (a cancelled event is not imminent any more); a response window is not affected."""

    def cancel(game, act):
        game.cancel(act.event["id"], rule="toy.ability")

    objects = [
        creature("c0", 0, logs("c0", timing="when", forced=False, then=cancel)),
        creature("c1", 1, logs("c1", timing="when", forced=False)),
        creature("r1", 1, logs("r1", forced=False)),
    ]
    game = game_of(Profile(optional="priority_window"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    assert (game.decision.player, game.decision.kind) == (0, "window")
    game.apply("0:c0#0")
    assert logged(game) == ["c0"]
    assert game.decision.kind == "action"  # c1 was not offered, and the cancelled ping has no response window


def test_interrupt_window_keeps_offering_while_the_event_is_still_imminent():
    objects = [
        creature("c0", 0, logs("c0", timing="when", forced=False)),
        creature("c1", 1, logs("c1", timing="when", forced=False)),
    ]
    game = game_of(Profile(optional="priority_window"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    game.apply("0:c0#0")
    assert (game.decision.player, game.decision.ids) == (1, ["0:c1#0", "pass"])
    game.apply("0:c1#0")
    assert logged(game) == ["c0", "c1"]


@pytest.mark.parametrize(("ranks", "expected"), [(True, ["K", "F", "O"]), (False, ["F", "K", "O"])])
def test_a_mandatory_ability_that_does_not_rank_as_forced_goes_after_the_forced_ones(ranks, expected):
    """Ability.forced_priority: a forced (mandatory) ability whose forced_priority says no is no 'Forced' ability
    for forced_before_optional's priority (a keyword under a rulebook option, mc.assume.keywords_forced): it goes
    after the forced abilities of its batch, before the optional ones. Played first (K, F, O in order of play),
    K goes first while it ranks as forced; without the flag nothing changes (ranks=True)."""
    import dataclasses

    keyword = dataclasses.replace(logs("K"), forced_priority=lambda game: ranks)
    objects = [creature("K", 0, keyword), creature("F", 0, logs("F")), creature("O", 0, logs("O", forced=False))]
    game = game_of(Profile(ordering="order_of_play"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    assert game.decision.kind == "optional_trigger"
    game.apply("use")
    assert logged(game) == expected
