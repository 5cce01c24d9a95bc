"""Game.eliminate: a player out of the game mid-phase loses their own turns, and nobody else's.

The turn structure counts the turns of an each-player phase by position in the list of players still
in the game; an elimination (and a first-player token passing on with it) shortens or rotates that
list. The rest of the phase keeps the order it began with.
"""

from __future__ import annotations

from tabletop.core import Phase

from .toybook import TURN, creature, game_of, logged, logs


def turns(game, n: int) -> list[int]:
    """The players of the next ``n`` turns, each ending its turn at once."""
    out = []
    for _ in range(n):
        out.append(game.decision.player)
        game.apply("end")
    return out


def phases(game, n: int) -> list[tuple[str, int]]:
    """(phase, player) of the next ``n`` decisions, each ending at once."""
    out = []
    for _ in range(n):
        out.append((game.state.turn["phase"], game.decision.player))
        game.apply("end")
    return out


def eliminating(*players: int, first: int | None = None):
    def script(game) -> None:
        for p in players:
            game.eliminate(p)
        if first is not None:
            game.state.set_turn(first=first)  # the first-player token passes on

    return script


def falls_after_turn_of(turn_player: int, *players: int) -> dict:
    """A creature whose end-of-turn trigger, after ``turn_player``'s turn, eliminates ``players``
    (between turns: the cursor already names the next turn)."""

    def then(game, act) -> None:
        for p in players:
            game.eliminate(p)

    def after_that_turn(game, act) -> bool:
        return game.state.turn["player"] == turn_player and not game.state.players[players[0]].get("out")

    return creature("doom", 0, logs("doom", "end_of_turn", then=then, condition=after_that_turn))


def test_the_first_player_eliminated_on_their_own_turn_with_the_token_passing():
    game = game_of(players=4, scripts={"fall": eliminating(0, first=1)})
    game.apply("go:fall")
    assert game.decision.player == 0  # (the toy asks again; the kernel does not end a turn by itself)
    assert turns(game, 7) == [0, 1, 2, 3, 1, 2, 3]


def test_a_player_eliminated_between_turns_loses_that_turn_only():
    game = game_of(players=4, objects=[falls_after_turn_of(1, 2)])
    assert turns(game, 6) == [0, 1, 3, 0, 1, 3]


def test_when_everybody_left_to_play_falls_between_turns_the_phase_ends():
    over = creature("watch", 0, logs("phase over", "end_of_phase"))
    game = game_of(players=4, objects=[over, falls_after_turn_of(1, 2, 3)])
    assert turns(game, 2) == [0, 1]
    assert logged(game) == ["doom", "phase over"]  # the phase ended though turns were left in its order
    assert game.state.turn["round"] == 2 and "order" not in game.state.turn
    assert turns(game, 2) == [0, 1]


def test_the_order_of_a_phase_does_not_outlive_it():
    """The next round follows the seat order from the first player as it is then."""

    def pass_token(game, act) -> None:
        game.state.set_turn(first=2)

    token = creature("token", 0, logs("token", "end_of_round", then=pass_token))
    game = game_of(players=3, objects=[token], scripts={"fall": eliminating(1)})
    assert turns(game, 1) == [0]
    game.apply("go:fall")  # player 1 falls on their own turn: the phase keeps [0, 1, 2]
    assert turns(game, 2) == [1, 2]
    assert game.state.turn["first"] == 2 and "order" not in game.state.turn
    assert turns(game, 2) == [2, 0]  # round 2 from the new first player


def test_an_elimination_while_the_first_turn_repeats_its_first_step():
    flow = (Phase("turn", ("toy.act",), each_player=True, rule="toy.turn"),)

    def act_again(game, args):
        if args["choice"]["id"] != "end":
            game.repeat_step()  # the cursor goes back to [0, 0, 0] for the first player's first step
            game.eliminate(0)
            game.state.set_turn(first=1)

    game = game_of(players=4, flow=flow, scripts={"fall": eliminating()}, tasks={"toy.do": act_again})
    game.apply("go:fall")
    assert game.decision.player == 0
    assert turns(game, 6) == [0, 1, 2, 3, 1, 2]


def test_the_first_player_eliminated_on_another_turn_skips_nobody_else():
    game = game_of(players=4, scripts={"fell": eliminating(0, first=1)})
    assert turns(game, 1) == [0]
    assert game.decision.player == 1
    game.apply("go:fell")  # on player 1's turn, player 0 falls and player 1 becomes the first player
    assert game.state.players[0]["out"] and game.decision.player == 1
    # players 2 and 3 still play this round; the next round begins with the new first player
    assert turns(game, 6) == [1, 2, 3, 1, 2, 3]
    assert game.state.turn["round"] == 3


def test_the_active_player_eliminated_on_their_own_turn():
    game = game_of(players=3, scripts={"fall": eliminating(1)})
    assert turns(game, 1) == [0]
    game.apply("go:fall")
    assert game.decision.player == 1  # (the toy asks again; the kernel does not end a turn by itself)
    assert turns(game, 4) == [1, 2, 0, 2]


def test_players_eliminated_on_an_earlier_turn_of_the_phase_lose_their_turns():
    over = creature("watch", 0, logs("phase over", "end_of_phase"))
    game = game_of(players=4, objects=[over], scripts={"fall": eliminating(2, 3)})
    assert turns(game, 1) == [0]
    game.apply("go:fall")
    assert "order" in game.state.turn  # the phase's order, kept for the rest of it
    assert turns(game, 1) == [1]
    assert logged(game) == ["phase over"]  # the phase ended after player 1's turn
    assert "order" not in game.state.turn
    assert game.state.turn["round"] == 2 and turns(game, 3) == [0, 1, 0]


def test_an_elimination_outside_a_phase_of_turns_keeps_no_order():
    flow = (Phase("upkeep", ("toy.begin", "toy.act"), rule="toy.turn"), *TURN)
    game = game_of(players=3, flow=flow, scripts={"fall": eliminating(1)})
    assert game.state.turn["phase"] == "upkeep"
    game.apply("go:fall")
    assert game.state.players[1]["out"] and "order" not in game.state.turn
    assert phases(game, 4) == [("upkeep", 0), ("turn", 0), ("turn", 2), ("upkeep", 2)]
