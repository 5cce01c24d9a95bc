"""Card catalogues: card data files validated against a JSON Schema.

Cards are TOML files (``[[card]]`` tables) in a rulebook's ``cards/`` folder. A new card that
uses existing effects needs no Python. Broken data fails at load with the file, the card and
the field named.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from .errors import CardDataError


def load_card_folder(folder: Path, paths: Iterable[Path] | None = None) -> dict[str, dict]:
    """A rulebook's cards: ``paths`` (default ``folder/cards/*.toml``), validated by ``folder/card.schema.json``."""
    schema = json.loads((folder / "card.schema.json").read_text(encoding="utf-8"))
    return load_cards(paths if paths is not None else (folder / "cards").glob("*.toml"), schema)


def load_cards(paths: Iterable[Path], schema: dict[str, Any]) -> dict[str, dict]:
    """Load and validate every card in ``paths``; returns the cards by id."""
    validator = Draft202012Validator(schema)
    cards: dict[str, dict] = {}
    where: dict[str, str] = {}
    for path in sorted(Path(p) for p in paths):
        name = path.name
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise CardDataError(name, None, None, f"not valid TOML: {exc}") from None
        entries = data.get("card")
        if not isinstance(entries, list):
            raise CardDataError(name, None, "card", "the file must hold [[card]] tables")
        for n, card in enumerate(entries, 1):
            card_id = card.get("id") if isinstance(card.get("id"), str) else f"#{n}"
            errors = sorted(validator.iter_errors(card), key=lambda e: list(e.absolute_path))
            if errors:
                err = errors[0]
                field = ".".join(str(p) for p in err.absolute_path) or _missing_field(err)
                raise CardDataError(name, card_id, field, err.message)
            if card_id in cards:
                raise CardDataError(name, card_id, "id", f"duplicate card id (also in {where[card_id]})")
            cards[card_id] = card
            where[card_id] = name
    return cards


def _missing_field(err) -> str | None:
    if err.validator == "required":
        # "'cost' is a required property"
        return err.message.split("'")[1] if "'" in err.message else None
    if err.validator == "additionalProperties":
        return err.message.split("'")[1] if "'" in err.message else None
    return None
