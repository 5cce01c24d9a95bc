"""Modifier orders (Berserk-like vs Marvel-Champions-like), explain(), durations and end-of-period timing."""

from __future__ import annotations

import pytest

from tabletop.core import Ability, ModifierOrder, Profile, compute

from .toybook import SUBPHASES, creature, game_of, log, logged, logs

BERSERK = ModifierOrder(stages=(("add",), ("mul",), ("sub",), ("div",), ("set",)), floor=0, rounding="down")
MARVEL = ModifierOrder(stages=(("add", "sub"), ("mul", "div"), ("set",)), floor=0, rounding="up")


def mods(*spec):
    """Modifiers in order of appearance: ("sub", 4) gets ts 1, the next ts 2, ..."""
    return [{"op": op, "value": v, "ts": ts, "source": f"m{ts}"} for ts, (op, v) in enumerate(spec, 1)]


def steps(expl):
    return [(s.op, s.amount, s.before, s.after) for s in expl.steps]


def test_berserk_stages_add_mul_sub_div():
    expl = compute(5, mods(("sub", 4), ("mul", 3), ("add", 1), ("div", 2)), BERSERK, "x", "power")
    assert expl.value == 7
    assert steps(expl) == [
        ("base", 5, None, 5),
        ("add", 1, 5, 6),
        ("mul", 3, 6, 18),
        ("sub", 4, 18, 14),
        ("div", 2, 14, 7),
    ]
    assert [s.source for s in expl.steps[1:]] == ["m3", "m2", "m1", "m4"]


def test_marvel_stages_add_sub_then_mul_div():
    expl = compute(5, mods(("sub", 4), ("mul", 3), ("add", 1), ("div", 2)), MARVEL, "x", "power")
    assert expl.value == 3
    assert steps(expl) == [
        ("base", 5, None, 5),
        ("sub", 4, 5, 1),
        ("add", 1, 1, 2),
        ("mul", 3, 2, 6),
        ("div", 2, 6, 3),
    ]


def test_rounding_down_vs_up():
    from fractions import Fraction

    b = compute(4, mods(("add", 1), ("div", 2)), BERSERK)
    m = compute(4, mods(("add", 1), ("div", 2)), MARVEL)
    assert (b.value, m.value) == (2, 3)
    assert steps(b)[-1] == ("round", "down", Fraction(5, 2), 2)
    assert steps(m)[-1] == ("round", "up", Fraction(5, 2), 3)


def test_floor_at_zero_comes_last():
    """Berserk subtracts after multiplying: 2*3-10 = -4, floored to 0."""
    expl = compute(2, mods(("sub", 10), ("mul", 3)), BERSERK)
    assert expl.value == 0
    assert steps(expl)[-1] == ("floor", 0, -4, 0)
    assert compute(2, mods(("sub", 10), ("mul", 3)), ModifierOrder(floor=None)).value == -24


def test_set_most_recent_wins_after_everything_else():
    for order in (BERSERK, MARVEL):
        expl = compute(5, mods(("set", 4), ("add", 3), ("set", 9)), order)
        assert expl.value == 9
        assert steps(expl)[-2:] == [("set", 4, 8, 4), ("set", 9, 4, 9)]


def test_explain_in_a_game_lists_lasting_and_static_modifiers():
    aura = Ability(
        "aura",
        "static",
        rule="toy.ability",
        modifiers=lambda g, src: [{"target": "X", "stat": "power", "op": "mul", "value": 2}],
    )

    def buff(game):
        game.add_modifier("X", "power", "sub", 1, source="spell", rule="toy.ability")
        game.add_modifier("X", "power", "add", 3, source="spell", rule="toy.ability")

    objects = [creature("X", 0, base={"power": 2, "hp": 3}), creature("A", 0, aura)]
    for order, value, ops in (
        (BERSERK, 9, ["base", "add", "mul", "sub"]),  # (2+3)*2-1
        (MARVEL, 8, ["base", "sub", "add", "mul"]),  # (2-1+3)*2
    ):
        game = game_of(Profile(modifiers=order), objects, scripts={"buff": buff}).apply("go:buff")
        expl = game.explain("X", "power")
        assert game.value("X", "power") == expl.value == value
        assert [s.op for s in expl.steps] == ops
        assert {s.source for s in expl.steps[1:]} == {"spell", "A"}
        assert "power of X = " in str(expl)
        mods_recorded = game.trace.of_kind("modifier")
        assert [r["summary"] for r in mods_recorded] == ["power of X: sub 1", "power of X: add 3"]


# -------------------------------------------------------------- durations
def durations_game(**profile):
    def buff(game):
        game.add_modifier("X", "power", "add", 1, until="turn")
        game.add_modifier("X", "power", "add", 10, until="phase")
        game.add_modifier("X", "power", "add", 100, until="round")
        game.add_modifier("X", "power", "add", 1000)

    objects = [creature("X", 0, base={"power": 0, "hp": 3})]
    return game_of(Profile(**profile), objects, scripts={"buff": buff}, flow=SUBPHASES)


def test_modifiers_expire_at_the_end_of_their_period():
    game = durations_game().apply("go:buff")
    assert game.value("X", "power") == 1111
    assert game.state.turn["sub"] == "main"
    game.apply("end")  # main phase -> second phase of player 0's turn
    assert (game.state.turn["player"], game.state.turn["sub"]) == (0, "second")
    assert game.value("X", "power") == 1101
    game.apply("end")  # player 0's turn ends
    assert (game.state.turn["player"], game.state.turn["sub"]) == (1, "main")
    assert game.value("X", "power") == 1100
    game.apply("end")
    game.apply("end")  # player 1's turn ends, and with it the round
    assert (game.state.turn["player"], game.state.turn["round"]) == (0, 2)
    assert game.value("X", "power") == 1000
    expiries = [r["summary"] for r in game.trace.of_kind("expire")]
    assert expiries == [
        "1 modifier(s) until end of phase end",
        "1 modifier(s) until end of turn end",
        "1 modifier(s) until end of round end",
    ]


def end_of_turn_reader(expire_first: bool):
    reader = logs(
        "reader",
        "end_of_turn",
        then=lambda g, act: log(g, f"power={g.value('X', 'power')}"),
    )
    objects = [creature("X", 0, reader, base={"power": 2, "hp": 3})]

    def buff(game):
        game.add_modifier("X", "power", "add", 3, until="turn")

    game = game_of(Profile(expire_before_end_triggers=expire_first), objects, scripts={"buff": buff})
    game.apply("go:buff")
    assert game.value("X", "power") == 5
    return game.apply("end")


@pytest.mark.parametrize(("expire_first", "seen"), [(True, "power=2"), (False, "power=5")])
def test_expire_before_end_triggers(expire_first, seen):
    game = end_of_turn_reader(expire_first)
    assert logged(game) == ["reader", seen]
    assert game.value("X", "power") == 2
    kinds = [r["kind"] for r in game.trace.records if r["kind"] in ("expire", "resolution")]
    assert kinds == (["expire", "resolution"] if expire_first else ["resolution", "expire"])


def test_limit_once_per_turn_resets_at_the_end_of_the_turn():
    from .toybook import ping

    objects = [creature("L", 0, logs("L", limit=("turn", 1)))]
    game = game_of(Profile(), objects, scripts={"ping": ping()})
    game.apply("go:ping").apply("go:ping")
    assert logged(game) == ["L"]
    assert game.table.uses("L#0", "turn") == 1
    game.apply("end")  # player 1's turn: the limit starts again
    assert game.table.uses("L#0", "turn") == 0
    game.apply("go:ping")
    assert logged(game) == ["L", "L"]


def test_limit_within_one_batch():
    """Two pings at once trigger the ability twice; the second is used up when it resolves."""
    objects = [creature("L", 0, logs("L", limit=("turn", 1)))]

    def two(game):
        game.emit_batch([{"type": "ping", "player": 0}, {"type": "ping", "player": 0}], rule="toy.script")

    game = game_of(Profile(ordering="order_of_play"), objects, scripts={"two": two}).apply("go:two")
    assert logged(game) == ["L"]
    assert [r["summary"] for r in game.trace.of_kind("resolution")] == [
        "L (L) resolves",
        "L is already used up (1 per turn)",
    ]
