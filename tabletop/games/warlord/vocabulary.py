"""The card vocabulary of Warlord: the effects an action card, a card's own order or a React may name.

Each word is registered on the code that carries it out (:mod:`.effects`); ``card.schema.json``'s enums are
generated from these registries (``python -m tabletop.core.registries``), and the catalogue refuses a schema
that differs.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.registries import SchemaFile, Vocabulary

# an effect of an Order (an action card or a card's own order): ``fn(game, spec, player, performer, target)``
EFFECTS: Vocabulary = Vocabulary("warlord effects", "/$defs/effect", "effect")
# the moment a React may be played (wl.react_card): ``fn(game, spec, player, event) -> bool``
WHEN: Vocabulary = Vocabulary("warlord react moments", "/$defs/when")

SCHEMA = SchemaFile(Path(__file__).resolve().parent / "card.schema.json", (EFFECTS, WHEN))
