"""The werewolf notebook's exercises, each judged by playing the night (and the day) with the engine.

``werewolf-at-dawn`` plays a five-player night and reads who holds a Werewolf card; ``troublemaker-swap``
plays the student's swap after the Robber's theft; ``vote-winners`` plays the vote in the swapped call
order and reads the result. See tabletop/core/exercises.py for how a notebook uses them.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Exercise, Game, by_name

from .game import ROBBER_FIRST, card, dealt, seat

# players 0-4, then the three centre cards
DAWN_DEAL = ["drunk", "werewolf", "troublemaker", "robber", "villager", "werewolf", "seer", "villager"]
DAWN_NIGHT = ["pass", "swap:p1", "swap:p3+p4", "swap:c0"]  # lone wolf, Robber, Troublemaker, Drunk
ORDER_DEAL = ["robber", "troublemaker", "werewolf", "villager", "seer", "werewolf", "villager"]  # call-order-*


def _night(deal: list[str], choices: list[str], **options: Any) -> Game:
    game = dealt(deal, **options)
    for option in choices:
        game.apply(option)
    return game


def wolves(game: Game) -> list[int]:
    """The players in front of whom a Werewolf card lies (onw.role_is_card: that is their role now)."""
    return [p for p in range(game.players) if card(game.table, seat(p)) == "werewolf"]


def _players(answer: Any, players: int) -> list[int]:
    if type(answer) is int:
        answer = [answer]
    if not isinstance(answer, list | tuple | set) or not all(type(p) is int for p in answer):
        raise TypeError(f"write a list of players' numbers, such as [1] or [2, 3], not {answer!r}")
    wrong = [p for p in answer if not 0 <= p < players]
    if wrong:
        raise ValueError(f"players are numbered 0 to {players - 1}; there is no player {wrong[0]}")
    return sorted(set(answer))


def _judge_dawn(answer: Any) -> str | None:
    game = _night(DAWN_DEAL, DAWN_NIGHT)
    named, holding = _players(answer, game.players), wolves(game)
    if named == holding:
        return None
    problems = [f"player {p} holds the {card(game.table, seat(p))} card at dawn" for p in named if p not in holding]
    missed = len([p for p in holding if p not in named])
    if missed:
        problems.append(f"{missed} more player(s) you did not name hold a Werewolf card")
    return "; ".join(problems) + " (the night was played with the engine, in the text's order)"


def _judge_swap(answer: Any) -> str | None:
    pair = sorted(_players(answer, 4))
    if len(pair) != 2:
        return f"the Troublemaker swaps the cards of two players: write two different numbers, not {answer!r}"
    if 1 in pair:
        return "the Troublemaker is player 1: she swaps the cards of two *other* players (onw.troublemaker)"
    a, b = pair
    game = _night(ORDER_DEAL, ["view:c0", "swap:p2", f"swap:p{a}+p{b}"])
    if wolves(game) == [3]:
        return None
    where = ", ".join(f"player {p}" for p in wolves(game)) or "nobody"
    return (
        f"after the Robber's theft and your swap of players {a} and {b}, the Werewolf card lies in front of "
        f"{where}; the Robber was called before the Troublemaker (onw.call_order)"
    )


def _judge_vote(answer: Any) -> str | None:
    if not (isinstance(answer, tuple | list) and len(answer) == 2):
        raise TypeError(f"write (who is executed, [the winners]), such as (2, [0, 1]), not {answer!r}")
    executed, winners = answer
    game = _night(ORDER_DEAL, ["view:c0", "swap:p0+p2", "swap:p3"], call_order=ROBBER_FIRST)
    for target in (2, 0, 0, 0):
        game.apply(f"vote:{target}")
    result = game.result
    if result is None:  # the vote always ends the game (onw.execute, then the win conditions)
        raise AssertionError("the vote did not end the game")
    problems = []
    if [executed] != result["dead"]:
        problems.append(f"the vote executes player(s) {result['dead']}, not player {executed}")
    named = _players(winners, game.players)
    if named != result["winners"]:
        problems.append(f"the winners are not {named}: the game ends because {result['reason']} [{result['rule']}]")
    return "; ".join(problems) or None


EXERCISES = by_name(
    Exercise(
        "werewolf-at-dawn",
        "Five players: 0 Drunk, 1 Werewolf, 2 Troublemaker, 3 Robber, 4 Villager; the centre holds the other "
        "Werewolf, the Seer and a Villager. In the night the lone Werewolf looks at nothing, the Robber robs "
        "player 1, the Troublemaker swaps players 3 and 4, and the Drunk takes centre card 1. Who holds a "
        "Werewolf card at dawn? Answer a list of players.",
        rule="onw.call_order onw.robber onw.troublemaker onw.drunk onw.role_is_card",
        hint="follow the cards, not the people, in the order the roles are called: Robber, Troublemaker, Drunk",
        stored=[0, 4],
        judge=_judge_dawn,
        explanation="The Robber took the Werewolf card, the Troublemaker passed it on to player 4, and the "
        "Drunk took the other Werewolf card from the centre without looking.",
        wrong=([1], [3], [4], [0]),
    ),
    Exercise(
        "troublemaker-swap",
        "The deal of section 5: 0 Robber, 1 Troublemaker, 2 Werewolf, 3 Villager. In the text's order the lone "
        "Werewolf looks at centre card 1 and the Robber robs player 2. Which two players must the "
        "Troublemaker swap so that the Werewolf card ends in front of player 3? Answer two numbers, e.g. (0, 2).",
        rule="onw.call_order onw.robber onw.troublemaker",
        hint="the Robber is called before the Troublemaker: where is the Werewolf card when the Troublemaker wakes?",
        stored=(0, 3),
        judge=_judge_swap,
        explanation="The Robber already holds the Werewolf card when the Troublemaker wakes, so she swaps him "
        "with player 3.",
        wrong=((2, 3), (0, 2), (1, 3)),
    ),
    Exercise(
        "vote-winners",
        "In the swapped order of section 5 (the Troublemaker before the Robber, the same choices) the table votes: "
        "player 0 for player 2, everyone else for player 0. Who is executed, and which players win? "
        "Answer (executed, [winners]).",
        rule="onw.execute onw.win.werewolves onw.win.villager_killed onw.role_is_card",
        hint="first work out every player's card at dawn; then read L231-232: who wins when no werewolf dies?",
        stored=(0, [3]),
        judge=_judge_vote,
        explanation="Player 0 holds a Villager card at dawn, so the village killed an innocent, and player 3, "
        "who holds the Werewolf card, wins.",
        wrong=((0, [1, 2, 3]), (2, [3]), (0, [0, 1, 2])),
    ),
)
