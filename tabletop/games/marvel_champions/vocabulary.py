"""Marvel Champions' card vocabularies: the effects and targets a card's data may name.

Each word is registered on the code that carries it out (:mod:`.engine`); ``card.schema.json``'s
enums are generated from these registries (``python -m tabletop.core.registries``), and the
catalogue refuses a schema that differs.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.registries import SchemaFile, Vocabulary

# an effect: ``fn(game, spec, ctx, targets, amount) -> bool`` (whether it fully resolved, L793)
EFFECTS: Vocabulary = Vocabulary("marvel_champions effects", "/$defs/effect", "effect")
# a target: ``fn(game, ctx)`` lists what the effect applies to; one registered with ``defers=True``
# is ``fn(game, spec, ctx)`` and schedules the effect for after a choice (L456)
TARGETS: Vocabulary = Vocabulary("marvel_champions targets", "/$defs/effect", "target")

# what a card's static ability applies to (``applies``): ``fn(game, source)`` is the object, or None
STATIC_SCOPES: Vocabulary = Vocabulary("marvel_champions static scopes", "/$defs/static", "applies")

SCHEMA = SchemaFile(Path(__file__).resolve().parent / "card.schema.json", (EFFECTS, TARGETS, STATIC_SCOPES))
