"""The card catalogue: TOML card files validated by ``card.schema.json``, and the decks of ``decks.toml``, each
checked by the kernel's deck rules (gw2.deck L114, gw2.skills L148, gw2.copies L154, gw2.profession L113).

A skill names its effects in data (``effects``); each word is implemented once in :mod:`.engine`, so a new card
that uses existing effects needs no Python.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.catalogue import Catalogue
from tabletop.core.deckrules import Allowed, Copies, Count, DeckRules, Size
from tabletop.core.errors import CardDataError

from . import engine as _engine  # noqa: F401  (registers the effect words before the schema is checked)
from .vocabulary import SCHEMA

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"
DECK_FILE = "decks.toml"


def deck_rules(profession: str) -> DeckRules:
    """The deck of a hero of ``profession``: 40 cards (L114), 10 skills of the profession, two of each (L148),
    30 minions, at most 2 of a Basic or Exotic one and 1 of a Legendary (L154), no profession card (L113)."""
    return DeckRules(
        Size(exactly=40, rule="gw2.deck"),
        Count(where={"type": "skill"}, exactly=10, about="skill cards", rule="gw2.deck"),
        Count(where={"type": "minion"}, exactly=30, about="minion cards", rule="gw2.copies"),
        Copies(exactly=2, where={"type": "skill"}, rule="gw2.skills"),  # gw2.assume.five_skills: 2 x 5
        Copies(at_most=2, where={"rarity": ("basic", "exotic")}, rule="gw2.copies"),
        Copies(at_most=1, where={"rarity": "legendary"}, rule="gw2.copies"),
        Allowed(unless={"type": "profession"}, about="a skill or a minion", rule="gw2.profession"),
        Allowed(
            where=lambda c: c.get("type") != "skill" or c.get("profession") == profession,
            about=f"a skill of the {profession}",
            rule="gw2.skills",
        ),
    )


class Gw2Cards(Catalogue):
    """The cards and the decks (name -> {"hero": profession card id, "cards": [40 ids]})."""

    data_files = (DECK_FILE,)
    decks: dict[str, dict]

    def check(self) -> None:
        """Every deck of ``decks.toml`` names cards of the catalogue and is legal (see :func:`deck_rules`)."""
        decks: dict[str, dict] = {}
        for name, deck in self.deck_entries(CARD_DIR, DECK_FILE):
            prof = deck.get("hero")
            if prof not in self or self[prof]["type"] != "profession":
                raise CardDataError(DECK_FILE, name, "hero", f"{prof!r} is not a profession card")
            cards = self.deck_copies(DECK_FILE, name, deck.get("cards"), "cards")
            self.deck_legal(DECK_FILE, name, deck_rules(prof), cards)
            decks[name] = {"hero": prof, "cards": cards}
        self.decks = decks


def load(paths=None, folders=()) -> Gw2Cards:
    """The catalogue of card files (default: every ``cards/*.toml``) and of any more ``folders``; raises
    CardDataError naming the file, the card and the field."""
    return Gw2Cards.load(HERE, (CARD_DIR, *folders), schema=SCHEMA, paths=paths, own=1)


CARDS = load()
DECK_NAMES = tuple(CARDS.decks)
