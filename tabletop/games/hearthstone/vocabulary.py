"""Hearthstone's card vocabularies: the effects, targets and trigger moments a card's data may name.

Each word is registered on the code that carries it out (:mod:`.engine` for effects and targets,
:mod:`.catalogue` for trigger moments); ``card.schema.json``'s enums are generated from these
registries (``python -m tabletop.core.registries``), and a catalogue refuses a schema that differs.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.registries import SchemaFile, Vocabulary

# an effect: ``fn(game, spec, src, player, args)``, ``spec`` being the card's effect table
EFFECTS: Vocabulary = Vocabulary("hearthstone effects", "/$defs/effect", "effect")
# a target: chosen (``chosen=True``): ``fn(game, player)`` lists the legal choices, and the effect
# applies to the one chosen; otherwise ``fn(game, src, player, args)`` lists what the effect applies to
TARGETS: Vocabulary = Vocabulary("hearthstone targets", "/$defs/target")
# a card trigger's moment (``on``): ``fn(game, act)`` is the condition on the event ``meta["event"]``
TRIGGERS: Vocabulary = Vocabulary("hearthstone trigger moments", "/$defs/trigger", "on")

# whom a minion's aura reaches (``applies``): ``fn(i, j)``, whether the aura of the minion at ``j`` of a row
# reaches the (other) friendly minion at ``i``
AURAS: Vocabulary = Vocabulary("hearthstone aura reaches", "/$defs/aura", "applies")

SCHEMA = SchemaFile(Path(__file__).resolve().parent / "card.schema.json", (EFFECTS, TARGETS, TRIGGERS, AURAS))
