"""The kernel's card vocabularies (tabletop.core.registries): a word is registered on its code, the
card schema's enums are generated from the registrations, and a schema that differs cannot load."""

from __future__ import annotations

import json

import pytest

from tabletop.core.errors import RuleError
from tabletop.core.registries import SCHEMA_FILES, Vocabulary, check_schema, dump_schema, generate_schema

BASE = {
    "type": "object",
    "properties": {"effects": {"type": "array", "items": {"$ref": "#/$defs/effect"}}},
    "$defs": {
        "target": {"enum": []},
        "effect": {
            "type": "object",
            "properties": {"effect": {"enum": []}, "amount": {"type": "integer"}, "target": {"$ref": "#/$defs/target"}},
            "allOf": [{"if": {"required": ["amount"]}, "then": {"required": ["target"]}}],  # (kept as written)
        },
    },
}


def toy() -> tuple[Vocabulary, Vocabulary]:
    effects: Vocabulary = Vocabulary("toy effects", "/$defs/effect", "effect")
    targets: Vocabulary = Vocabulary("toy targets", "/$defs/target")

    @effects.register("damage", "heal", requires=("amount", "target"))
    def _hurt(spec: dict) -> str:
        return f"{spec['effect']} {spec['amount']}"

    @effects.register("draw")
    def _draw(spec: dict) -> str:
        return "draw"

    @targets.register("self", chosen=False)
    def _self() -> list[str]:
        return ["me"]

    return effects, targets


def test_dispatch_goes_through_the_registered_function():
    effects, targets = toy()
    assert effects["heal"]({"effect": "heal", "amount": 2}) == "heal 2"
    assert effects.names() == ["damage", "heal", "draw"]
    assert targets.meta("self", "chosen") is False
    with pytest.raises(RuleError, match="toy effects: no 'burn'; registered: damage, heal, draw"):
        effects["burn"]


def test_a_word_cannot_be_registered_without_its_code_or_twice():
    effects, _ = toy()
    with pytest.raises(RuleError, match="must be registered with the function that carries it out"):
        effects.add("burn", None)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="'draw' is registered twice"):
        effects.register("draw")(lambda spec: "again")
    assert "burn" not in effects


def test_the_schema_enums_and_required_fields_are_generated():
    effects, targets = toy()
    schema = generate_schema(BASE, [effects, targets])
    assert schema["$defs"]["effect"]["properties"]["effect"]["enum"] == ["damage", "heal", "draw"]
    assert schema["$defs"]["target"]["enum"] == ["self"]
    assert schema["$defs"]["effect"]["allOf"] == [
        BASE["$defs"]["effect"]["allOf"][0],
        {"if": {"properties": {"effect": {"enum": ["damage", "heal"]}}}, "then": {"required": ["amount", "target"]}},
    ]
    assert BASE["$defs"]["target"]["enum"] == []  # the base is not changed
    check_schema(schema, [effects, targets])  # what was generated passes
    assert json.loads(dump_schema(schema)) == schema
    assert generate_schema(schema, [effects, targets]) == schema  # generating again changes nothing


def test_code_without_a_schema_entry_cannot_load():
    """An effect registered in code that the schema does not list is caught when a catalogue is built."""
    effects, targets = toy()
    schema = generate_schema(BASE, [effects, targets])

    @effects.register("burn")
    def _burn(spec: dict) -> str:
        return "burn"

    with pytest.raises(RuleError, match=r"registered in code, missing from the schema: \['burn'\]"):
        check_schema(schema, [effects, targets])


def test_a_schema_word_without_code_cannot_load():
    """A word written into the schema by hand, with no function registered for it, is caught."""
    effects, targets = toy()
    schema = generate_schema(BASE, [effects, targets])
    schema["$defs"]["target"]["enum"].append("everyone")
    with pytest.raises(RuleError, match=r"in the schema, with no code registered: \['everyone'\]"):
        check_schema(schema, [effects, targets])


def test_required_fields_edited_by_hand_cannot_load():
    effects, targets = toy()
    schema = generate_schema(BASE, [effects, targets])
    schema["$defs"]["effect"]["allOf"][1]["then"]["required"] = ["amount"]
    with pytest.raises(RuleError, match="required fields at /\\$defs/effect/allOf"):
        check_schema(schema, [effects, targets])


def test_every_shipped_schema_is_its_generation():
    """The committed card.schema.json of each card rulebook is exactly what its vocabularies generate
    (regenerate with ``python -m tabletop.core.registries``), and it passes the load-time check."""
    import tabletop as tt

    for rid in ("hearthstone", "berserk_heroes", "marvel_champions"):
        tt.rulebook(rid)
    files = {sf.path.parent.name: sf for sf in SCHEMA_FILES}
    assert {"hearthstone"} <= set(files)
    for name, sf in files.items():
        text = sf.path.read_text(encoding="utf-8")
        assert text == sf.generated(), f"{name}/card.schema.json differs from its generation"
        sf.check(json.loads(text))


def test_a_schema_without_the_vocabularys_place_is_named():
    effects, _ = toy()
    with pytest.raises(RuleError, match=r"toy\.schema\.json: the card schema has nothing at /\$defs/effect"):
        check_schema({"type": "object"}, [effects], "toy.schema.json")
