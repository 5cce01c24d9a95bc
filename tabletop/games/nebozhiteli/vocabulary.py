"""Nebozhiteli's card vocabulary: the effects a card's data may name (magic, activated abilities, "at the start
of your turn" abilities).

Each word is registered on the code that carries it out (:mod:`.effects`); ``card.schema.json``'s enum is
generated from this registry (``python -m tabletop.core.registries``), and the catalogue refuses a schema that
differs.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.registries import SchemaFile, Vocabulary

# an effect: ``fn(game, spec, source, player, target)``; ``meta["text"](spec)`` words it
EFFECTS: Vocabulary = Vocabulary("nebozhiteli effects", "/$defs/effect", "effect")

SCHEMA = SchemaFile(Path(__file__).resolve().parent / "card.schema.json", (EFFECTS,))
