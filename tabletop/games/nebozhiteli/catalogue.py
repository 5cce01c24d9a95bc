"""The card catalogue: TOML card files validated by ``card.schema.json``, and the two decks of ``decks.toml``,
checked against the deck sizes of L32 (a creature deck of 16, a main deck of 40: nb.decks).

A card names its effects in data (``effects``, ``activated``, ``start_of_turn``); each word is implemented once
in :mod:`.effects`, so a new card that uses existing effects needs no Python.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.catalogue import Catalogue
from tabletop.core.deckrules import Allowed, DeckRules, Size

from . import effects as _effects  # noqa: F401  (registers the effect words before the schema is checked)
from .vocabulary import SCHEMA

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"
DECK_FILE = "decks.toml"

# nb.decks (L32): the creature deck of creatures only, 16 cards; the main deck of the other cards, 40
DECK_RULES = DeckRules(
    parts={
        "creatures": DeckRules(
            Size(exactly=16, rule="nb.decks"), Allowed(where={"type": "creature"}, about="a creature", rule="nb.cards")
        ),
        "main": DeckRules(
            Size(exactly=40, rule="nb.decks"),
            Allowed(unless={"type": "creature"}, about="a card of the main deck", rule="nb.cards"),
        ),
    }
)


class NebozhiteliCards(Catalogue):
    """Nebozhiteli's catalogue: the cards and the decks (name -> {"creatures": [...], "main": [...]})."""

    data_files = (DECK_FILE,)
    decks: dict[str, dict[str, list[str]]]

    def check(self) -> None:
        """Every deck of ``decks.toml`` names cards of the catalogue and is legal by L32 (nb.decks)."""
        decks: dict[str, dict[str, list[str]]] = {}
        for name, deck in self.deck_entries(CARD_DIR, DECK_FILE):
            parts = {part: self.deck_copies(DECK_FILE, name, deck.get(part), part) for part in ("creatures", "main")}
            self.deck_legal(DECK_FILE, name, DECK_RULES, parts)
            decks[name] = parts
        self.decks = decks


def load(paths=None, folders=()) -> NebozhiteliCards:
    """The catalogue of card files (default: every ``cards/*.toml``) and of any more ``folders``; raises
    CardDataError naming the file, the card and the field."""
    return NebozhiteliCards.load(HERE, (CARD_DIR, *folders), schema=SCHEMA, paths=paths, own=1)


# the shipped catalogue (RULEBOOK.cards); rule code reads the catalogue of its game, game.rulebook.cards
CARDS = load()
DECK_NAMES = tuple(CARDS.decks)
