"""The card catalogue as data: TOML files in ``cards/`` validated by ``card.schema.json``.

Broken card data fails at import with the file, the card and the field named (CardDataError).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core import CardDataError, RulebookOptionError
from tabletop.core.cards import load_card_folder, read_toml

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"
PLAYER_CARD_TYPES = ("ally", "event", "upgrade", "support", "resource")


def load(paths=None) -> dict[str, dict]:
    """Load and validate card files (default: every ``cards/*.toml``).

    L567: a card's own ``count`` (its copies in the deck every player plays, mc.assume.setup) may not break its
    "Max X per deck"; copies of one title on several cards count together."""
    cards = load_card_folder(HERE, paths)
    copies: dict[str, int] = {}
    for c in cards.values():
        if c["type"] in PLAYER_CARD_TYPES and not c.get("nemesis"):
            copies[c["name"]] = copies.get(c["name"], 0) + c.get("count", 1)
    for cid, c in cards.items():
        limit = c.get("max_per_deck")
        if limit is not None and copies.get(c["name"], 0) > limit:
            raise CardDataError(
                _file_of(cid, paths),
                cid,
                "count",
                f"the deck would hold {copies[c['name']]} copies of {c['name']!r}, but it is 'Max {limit} per deck' "
                "(L567)",
            )
    return cards


def _file_of(card_id: str, paths=None) -> str:
    """The name of the card file that holds ``card_id`` (for an error message)."""
    for path in sorted(Path(p) for p in (paths if paths is not None else CARD_DIR.glob("*.toml"))):
        if any(c.get("id") == card_id for c in read_toml(path).get("card", ())):
            return path.name
    return "cards"


def check_deck(label: str, deck, cards: dict[str, dict] | None = None) -> list[str]:
    """A player's deck given as card ids, checked (mc.max_deck, L567: Max X per deck; only player cards,
    mc.assume.setup).

    Returns it as a list; a RulebookOptionError names the deck (``label``), the card and the limit it breaks."""
    cards = CARDS if cards is None else cards
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


CARDS = load()


def deck_list(kinds: tuple[str, ...]) -> list[str]:
    """mc.assume.setup: every card of these types, as many copies as its ``count``, in id order."""
    return [
        cid
        for cid, c in sorted(CARDS.items())
        if c["type"] in kinds and not c.get("nemesis")
        for _ in range(c.get("count", 1))
    ]


PLAYER_DECK = deck_list(("ally", "event", "upgrade", "support", "resource"))
ENCOUNTER_DECK = deck_list(("minion", "treachery", "side_scheme", "attachment", "environment"))
NEMESIS_SET = [cid for cid, c in sorted(CARDS.items()) if c.get("nemesis")]  # each player's, set aside (L1489)
OBLIGATIONS = [cid for cid, c in sorted(CARDS.items()) if c["type"] == "obligation"]  # L1500
IDENTITY = next(cid for cid, c in sorted(CARDS.items()) if c["type"] == "identity")
VILLAIN_STAGES = sorted((cid for cid, c in CARDS.items() if c["type"] == "villain"), key=lambda c: CARDS[c]["stage"])
SCHEME_STAGES = sorted((cid for cid, c in CARDS.items() if c["type"] == "main_scheme"), key=lambda c: CARDS[c]["stage"])
