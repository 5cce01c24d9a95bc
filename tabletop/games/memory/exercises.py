"""The memory notebook's exercises, each judged by playing the position with the engine.

``sure-pair`` flips the student's card on a copy of the position and reports what it showed;
``deals`` and ``first-match`` count the shuffles ``tt.explore`` finds; ``house-rule`` plays the
match and reads who is to move. See tabletop/core/exercises.py for how a notebook uses them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tabletop.core import Exercise, Game, by_name

from .game import RULEBOOK, SLOTS, dealt, grid, pairs
from .pictures import picture_name

# row 1: orange circle, sky square, green triangle / row 2: green triangle, orange circle, sky square
SURE_DEAL = [0, 1, 2, 2, 0, 1]
SURE_FLIPS = ["s00", "s01", "s02", "s05", "s04"]  # player 0: r1c1 r1c2; player 1: r1c3 r2c3; player 0: r2c2


def sure_pair_position() -> Game:
    """Player 0 has just flipped row 2, column 2 (the orange circle), after two mismatched turns."""
    game = dealt(SURE_DEAL)
    for oid in SURE_FLIPS:
        game.apply(oid)
    return game


def _to_move(game: Game) -> int:
    """The player whose decision is open (every position an exercise plays has one)."""
    dec = game.decision
    if dec is None or not isinstance(dec.player, int):
        raise AssertionError("the exercise's position has no player to move")
    return dec.player


def _slot(game: Game, answer: Any) -> str:
    """The card id at ``answer`` = (row, column), counted from 1 as the board and the log count."""
    if not (isinstance(answer, tuple | list) and len(answer) == 2 and all(type(x) is int for x in answer)):
        raise TypeError(f"write the card as (row, column), two whole numbers such as (1, 3), not {answer!r}")
    row, col = answer
    g = grid(game.table)
    if not (1 <= row <= g.rows and 1 <= col <= g.columns) or (row - 1) * g.columns + col > g.size:
        raise ValueError(f"there is no card at row {row}, column {col}: the board has {g.rows} rows of {g.columns}")
    return SLOTS[(row - 1) * g.columns + col - 1]


def _judge_sure_pair(answer: Any) -> str | None:
    game = sure_pair_position()
    oid = _slot(game, answer)
    where = grid(game.table).where(game.state.objects[oid]["slot"])
    if oid not in game.legal():
        return f"the card in {where} is face up already: you flipped it first this turn, pick a second card"
    # the cards turned face up so far, before this turn's first flip (every flip is shown to all: public_flip)
    seen = [step["option"] for step in game.history if step["player"] != "chance"][:-1]
    player = _to_move(game)
    child = game.clone()
    child.apply(oid)
    if pairs(child.table, player) > pairs(game.table, player):
        return None
    shown = picture_name(child.state.objects[oid]["picture"])
    guess = "" if oid in seen else " That card had never been turned over: flipping it was a guess."
    return (
        f"the card in {where} shows the {shown}, not the orange circle: no match, both cards are turned back "
        f"and the turn passes to player {_to_move(child)}.{guess}"
    )


def _deals(pairs_: int) -> list[Game]:
    """Every deal of ``pairs_`` pairs, once each: the shuffle played out by ``tt.explore`` (chance enumerated)."""
    from tabletop.analysis.explore import explore

    slots = 2 * pairs_
    sg = explore(RULEBOOK.new_game(seed=0, pairs=pairs_, chance="manual"), depth=slots)
    return [sg.game(n) for n, d in sg.graph.nodes(data=True) if d["depth"] == slots]


def _judge_deals(answer: Any) -> str | None:
    if type(answer) is not int:
        raise TypeError(f"write a whole number, not {answer!r}")
    found = len(_deals(3))
    if answer == found:
        return None
    more = "fewer" if answer > found else "more"
    return f"tt.explore plays every shuffle of 3 pairs and finds {more} than {answer} different layouts"


def _judge_first_match(answer: Any) -> str | None:
    deals = _deals(3)
    hits = sum(g.state.objects["s00"]["picture"] == g.state.objects["s01"]["picture"] for g in deals)
    exact = Fraction(hits, len(deals))
    # a float is compared within rounding (0.2 is not exactly 1/5); anything else as an exact Fraction
    close = abs(answer - float(exact)) < 1e-9 if isinstance(answer, float) else Fraction(answer) == exact
    if close:
        return None
    return f"the first two cards are a pair in {hits} of the {len(deals)} deals, which is not {answer}"


HOUSE_DEAL = [0, 1, 0, 1]


def _judge_house_rule(answer: Any) -> str | None:
    if type(answer) is not int:
        raise TypeError(f"write a player's number (0 or 1), not {answer!r}")
    game = dealt(HOUSE_DEAL, extra_turn_on_match=False).apply("s00").apply("s02")
    to_move = _to_move(game)
    if answer == to_move:
        return None
    said = next(r["summary"] for r in reversed(game.trace.records) if r["rule"] == "mem.house_rule")
    return f"after the match the game says: {said} [mem.house_rule]; player {answer} is not the one to move"


EXERCISES = by_name(
    Exercise(
        "sure-pair",
        "Player 0 flipped row 1, column 1 (orange circle) and row 1, column 2 (sky square): no match. Player 1 "
        "flipped row 1, column 3 (green triangle) and row 2, column 3 (sky square): no match. Now player 0 has "
        "flipped row 2, column 2: the orange circle. Which card should player 0 flip to be sure of a pair? "
        "Answer (row, column).",
        rule="mem.assume.public_flip mem.match",
        hint="every flipped card was shown to both players; where did you see the other orange circle?",
        stored=(1, 1),
        judge=_judge_sure_pair,
        explanation="Its twin was shown face up on the first turn, and flipped cards are seen by everyone.",
        wrong=((1, 2), (2, 1), (2, 2)),
    ),
    Exercise(
        "deals",
        "How many different deals (layouts) of 3 pairs on 6 slots are there? Two deals are the same if every "
        "slot shows the same picture.",
        rule="mem.setup",
        hint="6! orders of the six cards, but swapping the two cards of a pair gives the same layout",
        stored=90,
        judge=_judge_deals,
        explanation="6! = 720 orders, divided by 2 for each of the 3 pairs: 720 / 8 = 90.",
        wrong=(720, 120, 15),
    ),
    Exercise(
        "first-match",
        "On a fresh board of 3 pairs, what is the probability that the first two cards player 0 flips (row 1, "
        "column 1, then row 1, column 2) are a pair? Give it as a Fraction, e.g. Fraction(1, 2).",
        rule="mem.setup mem.match",
        hint="whatever the first card shows, how many of the 5 other cards are its twin?",
        stored=Fraction(1, 5),
        judge=_judge_first_match,
        explanation="Whatever the first card is, 1 of the 5 cards left is its twin.",
        wrong=(Fraction(1, 6), Fraction(1, 3), 0.5),
    ),
    Exercise(
        "house-rule",
        "Under the house rule (extra_turn_on_match=False), on the deal [0, 1, 0, 1] player 0 flips row 1, "
        "column 1 and row 2, column 1: a pair. Who is to move next? Answer 0 or 1.",
        rule="mem.house_rule mem.extra_turn",
        hint="the official rule gives another turn after a match; what does the author's house rule do?",
        stored=1,
        judge=_judge_house_rule,
        explanation="The house rule ends the turn after a match too, so the turn passes to player 1.",
        wrong=(0,),
    ),
)
