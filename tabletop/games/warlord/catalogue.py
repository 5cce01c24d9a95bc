"""The card catalogue: TOML card files validated by ``card.schema.json``, and the starter decks of ``decks.toml``,
each checked by the kernel's deck rules (wl.deck, L92/L262) and for a legal starting army (wl.setup, L52/L216).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tabletop.core.catalogue import Catalogue
from tabletop.core.deckrules import Copies, DeckRules, Share, Size
from tabletop.core.errors import CardDataError

from . import effects as _effects  # noqa: F401  (registers the effect words before the schema is checked)
from .vocabulary import SCHEMA

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"
DECK_FILE = "decks.toml"

# wl.deck (L92/L262): at least 50 cards, at most 3 copies of any card, no type over half the deck
DECK_RULES = DeckRules(
    Size(at_least=50, rule="wl.deck"),
    Copies(at_most=3, by="id", rule="wl.deck"),
    Share(by="type", at_most=Fraction(1, 2), rule="wl.deck"),
)


def starting_army(cards: dict, deck: list[str], warlord: str) -> list[str]:
    """wl.setup (L52/L216): the Warlord, then the first three level-1 and first two level-2 characters of its
    faction in the deck's order (wl.assume.setup); raises ValueError when the deck holds no legal army."""
    faction = cards[warlord]["traits"][0]
    if "Warlord" not in cards[warlord].get("traits", ()):
        raise ValueError(f"{warlord!r} has no Warlord trait")
    if warlord not in deck:
        raise ValueError(f"the Warlord {warlord!r} is not in the deck")
    ones = [
        c
        for c in deck
        if cards[c]["type"] == "character" and cards[c]["level"] == 1 and cards[c]["traits"][0] == faction
    ]
    twos = [
        c
        for c in deck
        if cards[c]["type"] == "character" and cards[c]["level"] == 2 and cards[c]["traits"][0] == faction
    ]
    if len(ones) < 3 or len(twos) < 2:
        raise ValueError(
            f"the deck has {len(ones)} level-1 and {len(twos)} level-2 characters of {faction}: 3 and 2 needed"
        )
    return [warlord, *ones[:3], *twos[:2]]


class WarlordCards(Catalogue):
    """The cards and the decks (name -> {"warlord": id, "cards": [ids], "army": [6 ids]})."""

    data_files = (DECK_FILE,)
    decks: dict[str, dict]

    def check(self) -> None:
        """Every deck of ``decks.toml`` names cards of the catalogue, is legal (wl.deck) and holds a starting army."""
        decks: dict[str, dict] = {}
        for name, deck in self.deck_entries(CARD_DIR, DECK_FILE):
            cards = self.deck_copies(DECK_FILE, name, deck.get("cards"), "cards")
            self.deck_legal(DECK_FILE, name, DECK_RULES, cards)
            try:
                army = starting_army(dict(self), cards, str(deck.get("warlord")))
            except (ValueError, KeyError) as e:
                raise CardDataError(DECK_FILE, name, "warlord", f"no legal starting army (wl.setup): {e}") from None
            decks[name] = {"warlord": deck["warlord"], "cards": cards, "army": army}
        self.decks = decks


def load(paths=None, folders=()) -> WarlordCards:
    """The catalogue of card files (default: every ``cards/*.toml``) and of any more ``folders``; raises
    CardDataError naming the file, the card and the field."""
    return WarlordCards.load(HERE, (CARD_DIR, *folders), schema=SCHEMA, paths=paths, own=1)


CARDS = load()
DECK_NAMES = tuple(CARDS.decks)
