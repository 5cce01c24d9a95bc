"""The card catalogue as data: TOML files in ``cards/`` validated by ``card.schema.json``.

Broken card data fails at load with the file, the card and the field named (CardDataError). The
catalogue itself is an object (:class:`.catalogue.MarvelCards`, built where the abilities are); this
module holds the checks of its data and of the decks a player may give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import CardDataError, RulebookOptionError
from tabletop.core.catalogue import Catalogue

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"
PLAYER_CARD_TYPES = ("ally", "event", "upgrade", "support", "resource")


def load(paths=None, folders=()) -> dict[str, dict]:
    """Load and validate card files (default: every ``cards/*.toml``, and any more ``folders``): the catalogue
    (:class:`.catalogue.MarvelCards`, whose check is :func:`check_catalogue`)."""
    from .catalogue import load as load_catalogue

    return load_catalogue(paths, folders)


def check_catalogue(cards: Catalogue) -> None:
    """L567: a card's own ``count`` (its copies in the deck every player plays, mc.assume.setup) may not break its
    "Max X per deck"; copies of one title on several cards count together."""
    copies: dict[str, int] = {}
    for c in cards.values():
        if c["type"] in PLAYER_CARD_TYPES and not c.get("nemesis"):
            copies[c["name"]] = copies.get(c["name"], 0) + c.get("count", 1)
    for cid, c in cards.items():
        limit = c.get("max_per_deck")
        if limit is not None and copies.get(c["name"], 0) > limit:
            raise CardDataError(
                cards.file_of(cid),
                cid,
                "count",
                f"the deck would hold {copies[c['name']]} copies of {c['name']!r}, but it is 'Max {limit} per deck' "
                "(L567)",
            )


def check_deck(label: str, deck, cards: dict[str, dict] | None = None) -> list[str]:
    """A player's deck given as card ids, checked (mc.max_deck, L567: Max X per deck; only player cards,
    mc.assume.setup).

    Returns it as a list; a RulebookOptionError names the deck (``label``), the card and the limit it breaks."""
    if cards is None:
        from .catalogue import CARDS

        cards = CARDS
    if isinstance(deck, str) or not isinstance(deck, list | tuple):
        raise RulebookOptionError(f"marvel_champions: {label} must be a list of card ids, not {deck!r}")
    copies: dict[str, int] = {}
    for cid in deck:
        card = cards.get(cid) if isinstance(cid, str) else None
        if card is None:
            raise RulebookOptionError(f"marvel_champions: {label}: {cid!r} is not a card id")
        if card["type"] not in PLAYER_CARD_TYPES or card.get("nemesis"):
            raise RulebookOptionError(
                f"marvel_champions: {label}: {card['name']!r} ({cid}) is a {card['type']} card, not a player card "
                f"({', '.join(PLAYER_CARD_TYPES)})"
            )
        copies[card["name"]] = copies.get(card["name"], 0) + 1
    for cid in dict.fromkeys(deck):
        card = cards[cid]
        limit = card.get("max_per_deck")
        if limit is not None and copies[card["name"]] > limit:
            raise RulebookOptionError(
                f"marvel_champions: {label} holds {copies[card['name']]} copies of {card['name']!r} ({cid}), but it "
                f"is 'Max {limit} per deck' (L567)"
            )
    return list(deck)


def deck_list(kinds: tuple[str, ...], cards: dict[str, dict] | None = None) -> list[str]:
    """mc.assume.setup: every card of these types, as many copies as its ``count``, in id order."""
    if cards is None:
        from .catalogue import CARDS

        cards = CARDS
    return [
        cid
        for cid, c in sorted(cards.items())
        if c["type"] in kinds and not c.get("nemesis")
        for _ in range(c.get("count", 1))
    ]


# what this module held when it built the catalogue at import: the shipped catalogue's (rule code reads the
# catalogue of its game, game.rulebook.cards)
_SHIPPED = {
    "CARDS": None,
    "PLAYER_DECK": "player_deck",
    "ENCOUNTER_DECK": "encounter_deck",
    "NEMESIS_SET": "nemesis_set",
    "OBLIGATIONS": "obligations",
    "IDENTITY": "identity",
    "VILLAIN_STAGES": "villain_stages",
    "SCHEME_STAGES": "scheme_stages",
}


def __getattr__(name: str) -> Any:
    if name in _SHIPPED:
        from .catalogue import CARDS

        attr = _SHIPPED[name]
        return CARDS if attr is None else getattr(CARDS, attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
