"""Helpers for the Hearthstone tests: ready positions built card by card."""

from __future__ import annotations

import tabletop as tt
from tabletop.games.hearthstone import engine as E
from tabletop.games.hearthstone import scenarios as S

RB = tt.rulebook("hearthstone")
SEED = "000_7fc8e0fd1bcbc422.txt"


def position(
    hand0=(),
    board0=(),
    board1=(),
    hand1=(),
    weapon0=None,
    mana=10,
    tracing=True,
    profile=None,
    chance="sample",
    **options,
) -> tuple[tt.Game, dict[str, list[str]]]:
    """Player 0 to act with ``mana`` mana, the given cards in hands, on boards (not summoning sick)
    and equipped; returns the game and the ids of what was placed, by where."""
    game = RB.new_game(seed=0, scenario="blank", tracing=tracing, profile=profile, chance=chance, **options)
    st = game.state
    for oid in st.zones["hand:0"]:  # the card drawn at the start of the turn goes back
        E.DECKS[0].shuffle_in(game.table, [oid])
    ids = {
        "hand0": [S.hand(game.table, 0, c) for c in hand0],
        "board0": [S.minion(game.table, 0, c) for c in board0],
        "board1": [S.minion(game.table, 1, c) for c in board1],
        "hand1": [S.hand(game.table, 1, c) for c in hand1],
    }
    if weapon0:
        ids["weapon0"] = [S.equip(game.table, 0, weapon0)]
    st.players[0] = {**st.players[0], "mana": mana}
    reopen(game)
    return game, ids


def reopen(game: tt.Game) -> None:
    """Ask player 0's action again after the test changed the position."""
    game.state.decision = None
    game.state.work.append(("hs.main", {}, None))
    game.table._run()
    assert game.decision.kind == "action"


def hp(game, oid) -> int:
    return E.health_of(game.table, oid)


def atk(game, oid) -> int:
    return E.attack_of(game.table, oid)


def hero(game, p) -> str:
    return E.hero(game.table, p)


def options(game, prefix: str = "") -> list[str]:
    return [o for o in game.legal() if o.startswith(prefix)]
