"""Ready positions for notebooks and tests: each starts player 0's turn with 10 mana.

Every scenario keeps the normal decks (hs.deck; the set-up deals them first), so the turn's draw
and later turns work as in a dealt game. Each is a position file (docs/positions.md) in
``data/positions/``, whose cards the set-up puts straight into hands, onto boards or equipped and
whose turn it starts (:class:`~tabletop.games.hearthstone.positions.ScenarioFile`); the helpers
below build positions in code, as tests do.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core import Table

from . import engine as E
from .positions import scenario


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


# the scenarios, in the order notebooks list them; each is a position file, data/positions/<name>.toml
NAMES = ("blank", "juggler-leeroy", "death-chain", "sword-and-juggler", "adjacent")
FILES = {name: scenario(name) for name in NAMES}
SETUPS: dict[str, tuple[Callable[[Table], None], str, tuple[str, ...]]] = {
    name: (f.build, f.description, f.rules) for name, f in FILES.items()
}
