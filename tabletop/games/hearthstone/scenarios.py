"""Ready positions for notebooks and tests: each starts player 0's turn with 10 mana.

Every scenario keeps the normal decks (hs.deck; the set-up deals them first), so the turn's draw
and later turns work as in a dealt game; a builder puts the named cards straight into hands, onto
boards or equipped, then :func:`start_first_turn` gives player 0 the first turn.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core import Table

from . import engine as E


def start_first_turn(game: Table, crystals: int = 9) -> None:
    """Player 0 goes first; his turn starts next with ``crystals + 1`` mana (hs.mana)."""
    st = game.state
    st.set_turn(first=0, player=0)
    for p in E.PLAYERS:
        st.players[p] = {**st.players[p], "crystals": crystals}


def hand(game: Table, p: int, card_id: str) -> str:
    return E.new_card(game, p, card_id, E.z("hand", p))


def minion(game: Table, p: int, card_id: str, dmg: int = 0) -> str:
    """A minion already on the board since an earlier turn (no summoning sickness)."""
    fields = {**E.minion_fields(game.rulebook.cards[card_id]), "sick": False, "dmg": dmg}
    oid = E.new_card(game, p, card_id, E.z("board", p), **fields)
    E.refresh_auras(game)
    return oid


def equip(game: Table, p: int, card_id: str) -> str:
    card = game.rulebook.cards[card_id]
    return E.new_card(game, p, card_id, E.z("weapon", p), atk=card["attack"], dur=card["durability"])


def blank(game: Table) -> None:
    """Both decks, empty boards and hands: player 0's first turn is about to start."""


def juggler_leeroy(game: Table) -> None:
    """L68: Knife Juggler is in play; player 0 plays Leeroy Jenkins."""
    minion(game, 0, "knife_juggler")
    hand(game, 0, "leeroy_jenkins")


def death_chain(game: Table) -> None:
    """A damaged Abomination guards player 1's board; its Deathrattle can set off a chain of deaths."""
    minion(game, 0, "bog_crawler")
    minion(game, 0, "argent_novice")
    minion(game, 0, "knife_juggler")
    minion(game, 1, "scrap_golem", dmg=1)
    minion(game, 1, "abomination", dmg=2)
    minion(game, 1, "loot_gnome")
    hand(game, 0, "ice_shard")


def sword_and_juggler(game: Table) -> None:
    """L32 and L68: Sword of Justice equipped and Knife Juggler in play: a summon triggers both."""
    minion(game, 0, "knife_juggler")
    equip(game, 0, "sword_of_justice")
    hand(game, 0, "bog_crawler")
    hand(game, 0, "argent_novice")
    minion(game, 1, "footman_sentry")


def adjacent(game: Table) -> None:
    """L50: where a minion goes matters to 'adjacent' (an aura and a Battlecry)."""
    minion(game, 0, "pack_wolf")
    minion(game, 0, "bog_crawler")
    hand(game, 0, "argus_defender")
    hand(game, 0, "tusked_charger")


SETUPS: dict[str, tuple[Callable[[Table], None], str, tuple[str, ...]]] = {
    "blank": (blank, "Empty boards and hands; player 0's turn starts with 10 mana.", ("hs.mana",)),
    "juggler-leeroy": (
        juggler_leeroy,
        "Knife Juggler in play, Leeroy Jenkins in hand: the text's example of order of play (L68).",
        ("hs.order_of_play", "hs.assume.battlecry"),
    ),
    "death-chain": (
        death_chain,
        "A damaged Abomination with Scrap Golem and Loot Gnome: one attack, several deaths, two death phases.",
        ("hs.assume.death_phase", "hs.assume.deathrattle", "hs.combat"),
    ),
    "sword-and-juggler": (
        sword_and_juggler,
        "Sword of Justice equipped and Knife Juggler in play: one summon triggers both (L32, L68).",
        ("hs.sword_of_justice", "hs.order_of_play"),
    ),
    "adjacent": (
        adjacent,
        "A Pack Wolf's aura and Argus Defender's Battlecry: the position a minion is played at (L50).",
        ("hs.adjacent", "hs.assume.aura"),
    ),
}
