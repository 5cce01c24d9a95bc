"""The card vocabulary of Heroes of the Mists: the effects a skill card's data may name.

Each word is registered on the code that carries it out (:mod:`.engine`); ``card.schema.json``'s enum is
generated from this registry (``SCHEMA.write()``), and the catalogue refuses a schema that differs.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.registries import SchemaFile, Vocabulary

# an effect: ``fn(game, spec, player, target)``
EFFECTS: Vocabulary = Vocabulary("gw2 effects", "/$defs/effect", "effect")

SCHEMA = SchemaFile(Path(__file__).resolve().parent / "card.schema.json", (EFFECTS,))
