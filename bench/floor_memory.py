"""A hand-written floor model of the memory game: the same rules in a few dozen lines of plain Python.

What the engine's memory rulebook (tabletop/games/memory) would cost if nothing but its rules ran:
bench_playouts.py prints the engine's figures beside these. The rules, as the rulebook plays them
with its default options (game.py's OPTIONS): the cards lie face down (mem.setup); the player to
move flips a first card, then a second one of the others (mem.turn); two cards of the same picture
are a match (mem.assume.match), the player keeps them (mem.match) and takes another turn
(mem.extra_turn; ``extra_turn=False`` is the house rule, mem.house_rule: the turn passes); a
mismatch turns both back at once and the turn passes (mem.mismatch, turn_back="at once", which
asks nothing); the game ends when every card is taken (mem.assume.end). Player ``first_player``
starts (mem.assume.first_player). The option turn_back="player" (a lone "turn back" decision
after each mismatch) is not modelled.

The random policy is the engine's user loop, ``game.apply(rng.choice(game.decision.options))``:
the engine offers the face-down cards in slot order (the second flip: all but the first card), and
:func:`play` draws the same indices from the same ``random.Random``, so from one deal and one seed
both play the very same game (tests/test_floor_model.py checks it).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

# A position, as the engine's fingerprint tells positions apart once the deal is fixed: who holds
# each pair (-1: still on the table; each player's pile is part of the position, not just its size),
# the face-up first card of a turn (None between turns) and the player to move.
State = tuple[tuple[int, ...], int | None, int]


def deal(pairs: int, rng: random.Random) -> list[int]:
    """The picture under each slot: two cards of each picture, well shuffled (mem.setup)."""
    pictures = [*range(pairs), *range(pairs)]
    rng.shuffle(pictures)
    return pictures


def play(
    pictures: list[int],
    rng: random.Random,
    players: int = 2,
    first_player: int = 0,
    extra_turn: bool = True,
    flips: list[int] | None = None,
) -> tuple[list[int], int]:
    """One game with uniformly random flips: (pairs each player kept, decisions made).

    ``flips``, when given, gets every flipped slot in order (to compare with the engine's choices).
    """
    grid = list(range(len(pictures)))  # the face-down cards, in slot order (the engine's option order)
    scores = [0] * players
    player = first_player
    decisions = 0
    while grid:
        n = len(grid)
        i = rng.randrange(n)  # the first flip: rng.choice over the n face-down cards draws the same
        j = rng.randrange(n - 1)  # the second: over the others, the first card left out in place
        if j >= i:
            j += 1
        decisions += 2
        if flips is not None:
            flips += (grid[i], grid[j])
        if pictures[grid[i]] == pictures[grid[j]]:
            del grid[max(i, j)], grid[min(i, j)]
            scores[player] += 1
            if extra_turn or not grid:  # the game ends on the player who took the last pair
                continue
        player = (player + 1) % players
    return scores, decisions


def successors(pictures: list[int], state: State, players: int = 2, extra_turn: bool = True) -> Iterator[State]:
    """The positions one decision after ``state``, one per option (none once the game is over)."""
    owners, first, player = state
    grid = [c for c in range(len(pictures)) if owners[pictures[c]] < 0 and c != first]
    nxt = (player + 1) % players
    if first is None:
        for card in grid:
            yield owners, card, player
        return
    for card in grid:
        picture = pictures[card]
        if picture != pictures[first]:
            yield owners, None, nxt
            continue
        taken = (*owners[:picture], player, *owners[picture + 1 :])
        yield taken, None, player if extra_turn or min(taken) >= 0 else nxt


def distinct_states(pictures: list[int], players: int = 2, first_player: int = 0, extra_turn: bool = True) -> list[int]:
    """The distinct positions first reached after each number of decisions from the deal, breadth
    first (as ``tt.explore``'s ``distinct``): their sum is the size of the state space."""
    root: State = ((-1,) * (len(pictures) // 2), None, first_player)
    seen = {root}
    frontier = [root]
    counts = [1]
    while frontier:
        new = []
        for state in frontier:
            for child in successors(pictures, state, players, extra_turn):
                if child not in seen:
                    seen.add(child)
                    new.append(child)
        if new:
            counts.append(len(new))
        frontier = new
    return counts
