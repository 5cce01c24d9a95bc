"""The card catalogue as data: TOML files in ``cards/`` validated by ``card.schema.json``.

Broken card data fails at import with the file, the card and the field named (CardDataError).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.cards import load_card_folder

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"


def load(paths=None) -> dict[str, dict]:
    """Load and validate card files (default: every ``cards/*.toml``)."""
    return load_card_folder(HERE, paths)


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
