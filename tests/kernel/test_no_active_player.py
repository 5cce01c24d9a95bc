"""Who orders simultaneous triggers in a phase that has no active player (Profile.no_active_player; issue 15,
piece 7).

Dice Throne Missions (seed 002 L65): "whenever you are asked to resolve something in turn order, begin with
the first player and go on clockwise". Its round phases (the enemy roll phase, the crisis clock phase, 002
L60-L61) are nobody's turn; the heroes' abilities that trigger there are ordered from the first player. The
toy here has a turn of each player and then an upkeep phase, once a round, that sends a ``ping``; after the
turns the turn record still names the last player (1), while the first player is 0.
"""

from __future__ import annotations

import pytest

from tabletop.core import Phase, Profile

from .toybook import TURN, creature, game_of, logged, logs


def _upkeep(game, args) -> None:
    game.emit("ping", rule="toy.script")  # (nobody's action: the event names no player)


UPKEEP = (*TURN, Phase("upkeep", ("toy.upkeep",), each_player=False, rule="toy.turn"))


def at_upkeep(profile: Profile, *, during_turns: bool = False):
    """Both players end their turns; the upkeep's ping triggers a1, a2 (player 0) and b1, b2 (player 1)."""
    objects = [
        creature("b1", 1, logs("b1")),
        creature("a1", 0, logs("a1")),
        creature("b2", 1, logs("b2")),
        creature("a2", 0, logs("a2")),
    ]
    game = game_of(profile, objects, flow=UPKEEP, tasks={"toy.upkeep": _upkeep})
    game.apply("end")  # player 0's turn
    game.apply("end")  # player 1's turn; then the upkeep
    assert game.state.turn["phase"] == "upkeep" and game.state.turn["player"] == 1
    return game


def asked(game) -> list[tuple[int, list[str]]]:
    """Answer each order_triggers decision with its first option; (player, options) of each."""
    out = []
    while game.decision.kind == "order_triggers":
        d = game.decision
        out.append((d.player, [o.label for o in d.options]))
        game.apply(d.ids[0])
    return out


@pytest.mark.parametrize("ordering", ["active_player_first", "controller_chooses"])
def test_by_default_the_player_of_the_last_turn_orders_first(ordering):
    """Today's behaviour, kept as the default (``turn_player``): the turn record's player, 1, goes first."""
    game = at_upkeep(Profile(ordering=ordering))
    assert [p for p, _ in asked(game)] == [1, 0]
    assert logged(game) == ["b1", "b2", "a1", "a2"]


@pytest.mark.parametrize("ordering", ["active_player_first", "controller_chooses"])
def test_first_player_orders_in_turn_order_from_the_first_player(ordering):
    """002 L65: begin with the first player (0), then clockwise; each controller orders its own group."""
    game = at_upkeep(Profile(ordering=ordering, no_active_player="first_player"))
    assert asked(game) == [(0, ["a1 (a1)", "a2 (a2)"]), (1, ["b1 (b1)", "b2 (b2)"])]
    assert logged(game) == ["a1", "a2", "b1", "b2"]


def test_the_first_player_may_order_the_whole_batch():
    game = at_upkeep(Profile(no_active_player="first_player_orders_all"))
    first = asked(game)
    assert [p for p, _ in first] == [0, 0, 0]
    assert first[0][1] == ["b1 (b1)", "a1 (a1)", "b2 (b2)", "a2 (a2)"]


def test_a_turn_of_a_player_still_starts_with_that_player():
    """The setting reads only phases without an active player: in player 1's turn player 1 goes first."""
    objects = [creature("a1", 0, logs("a1")), creature("a2", 0, logs("a2")), creature("b1", 1, logs("b1"))]
    objects.append(creature("b2", 1, logs("b2")))

    def ping(game):
        game.emit("ping", rule="toy.script")

    game = game_of(
        Profile(no_active_player="first_player"),
        objects,
        scripts={"ping": ping},
        flow=UPKEEP,
        tasks={"toy.upkeep": _upkeep},
    )
    game.apply("end")
    game.apply("go:ping")  # in player 1's turn
    assert [p for p, _ in asked(game)] == [1, 0]


def test_the_setting_is_checked():
    with pytest.raises(ValueError, match="no_active_player"):
        Profile(no_active_player="youngest")


def test_the_example_of_docs_orderings_md_runs():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "orderings.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/orderings.md", "exec"), {})
