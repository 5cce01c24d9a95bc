"""A priority on competing replacement effects (Ability.priority; issue 15, piece 7).

Dice Throne Missions (seed 002): a boss attacked by a blockable attack activates its Boss Defence
automatically (002 L240); "resolve the defence, then apply any other effects (e.g. Shield)" (L241); a Unique
Defence "activates by its own rules and goes last, not first" (L242); enemies spend shields only after
"other positive states that can fully prevent damage" (002 L343). Nobody chooses that order: the rules fix
it. The toy: 5 damage to the boss X, with Boss Defence (halves it, rounding down; priority 1), a Shield
token (prevents 1; priority 0) and a Unique Defence (prevents 1 more if any damage is left; priority -1).
"""

from __future__ import annotations

import pytest

from tabletop.core import Ability, Modify, Profile

from .toybook import creature, game_of, log, logged


def reducing(name: str, change, priority=0) -> Ability:
    def effect(game, act):
        log(game, name)
        return Modify({"amount": change(act.event["amount"])})

    return Ability(
        name,
        "replacement",
        rule="toy.ability",
        event="damage",
        match={"target": "X"},
        effect=effect,
        priority=priority,
    )


def boss(replacements: str = "affected_chooses", *, priorities=(1, 0, -1), amount: int = 5):
    defence, shield, unique = priorities
    abilities = (
        reducing("shield", lambda n: max(n - 1, 0), shield),  # (printed first: the oldest, "order_of_play")
        reducing("unique defence", lambda n: max(n - 1, 0), unique),
        reducing("boss defence", lambda n: n // 2, defence),  # (printed last: the most recent)
    )
    objects = [creature("X", 1, *abilities, base={"hp": 20})]

    def hit(game):
        game.emit("damage", rule="toy.script", player=0, target="X", amount=amount)

    game = game_of(Profile(replacements=replacements), objects, scripts={"hit": hit})
    return game.apply("go:hit")


def asked(game) -> list[str]:
    return [h["kind"] for h in game.history if h["kind"] == "replacement_order"]


@pytest.mark.parametrize("policy", ["affected_chooses", "most_recent", "order_of_play", "first_player"])
def test_competing_replacements_apply_in_priority_order_whoever_would_choose(policy):
    """002 L241-L242: the boss defence first, then the shield, the unique defence last; nobody is asked."""
    game = boss(policy)
    assert game.decision.kind == "action"
    assert asked(game) == []
    assert logged(game) == ["boss defence", "shield", "unique defence"]
    assert game.obj("X")["damage"] == 0  # 5 // 2 = 2, - 1 = 1, - 1 = 0


def test_without_priorities_the_affected_player_chooses_as_before():
    game = boss(priorities=(0, 0, 0))
    d = game.decision
    assert (d.player, d.kind) == (1, "replacement_order")
    assert sorted(o.label for o in d.options) == ["boss defence (X)", "shield (X)", "unique defence (X)"]


def test_replacements_that_tie_are_chosen_among_and_only_they_are_offered():
    """Boss defence goes first (priority 1); the shield and the unique defence tie at 0: X's controller
    chooses between those two only."""
    game = boss(priorities=(1, 0, 0))
    assert logged(game) == ["boss defence"]
    d = game.decision
    assert (d.player, d.kind) == (1, "replacement_order")
    assert sorted(o.label for o in d.options) == ["shield (X)", "unique defence (X)"]
    game.apply(next(o.id for o in d.options if o.label.startswith("unique")))
    assert logged(game) == ["boss defence", "unique defence", "shield"]


def test_a_priority_may_depend_on_the_game():
    """A priority given as ``priority(game, act)``: here the boss defence goes first only while the game's
    variable says so (as a rulebook option would), else it ties and the affected player chooses."""

    def first_if_ruled(game, act) -> int:
        assert act.event["target"] == "X" and act.source == "X"
        return 1 if game.state.vars.get("defence first") else 0

    objects = [
        creature(
            "X",
            1,
            reducing("shield", lambda n: max(n - 1, 0)),
            reducing("boss defence", lambda n: n // 2, first_if_ruled),
            base={"hp": 20},
        )
    ]

    def hit(game):
        game.emit("damage", rule="toy.script", player=0, target="X", amount=5)

    for ruled, kind in ((True, "action"), (False, "replacement_order")):
        game = game_of(Profile(), objects, scripts={"hit": hit}, vars={"defence first": ruled}).apply("go:hit")
        assert game.decision.kind == kind


def test_only_a_replacement_takes_a_priority():
    with pytest.raises(ValueError, match="only a replacement takes a priority"):
        Ability("poison", "triggered", event="ping", priority=1)
