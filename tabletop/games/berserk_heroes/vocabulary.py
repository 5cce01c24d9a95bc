"""Berserk: Heroes' card vocabularies: the effects and targets a card's data may name.

Each word is registered on the code that carries it out (:mod:`.engine`); ``card.schema.json``'s
enums are generated from these registries (``python -m tabletop.core.registries``), and the
catalogue refuses a schema that differs.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.registries import SchemaFile, Vocabulary

# an effect: ``fn(game, spec, source, player, target, spell)``; ``meta["text"](spec, target_text)`` says it
EFFECTS: Vocabulary = Vocabulary("berserk_heroes effects", "/$defs/effect", "effect")
# a target: ``fn(game, player, source)`` lists the objects it may be now; ``meta["text"]`` names it
TARGETS: Vocabulary = Vocabulary("berserk_heroes targets", "/$defs/target")

# what a card's static ability applies to (``applies``): ``fn(game, player, opponent)`` lists the objects
STATIC_SCOPES: Vocabulary = Vocabulary("berserk_heroes static scopes", "/$defs/static", "applies")

SCHEMA = SchemaFile(Path(__file__).resolve().parent / "card.schema.json", (EFFECTS, TARGETS, STATIC_SCOPES))
