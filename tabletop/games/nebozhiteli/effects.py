"""Nebozhiteli's card effects (the words of ``effects``, ``activated`` and ``start_of_turn`` in the card data),
their targets, and using magic and activated abilities in the end-of-turn goes (nb.end_window, L78)."""

from __future__ import annotations

from tabletop.core import Table

from . import engine as E
from .vocabulary import EFFECTS


# ------------------------------------------------------------------ targets
def targets(game: Table, kind: str | None, player: int, source: str) -> list[str]:
    """The creatures in play an effect may aim at (nb.summoned: the playing fields only)."""
    if kind is None:
        return []
    if kind == "self":
        return [source] if E.on_field(game, source) else []
    if kind == "own_creature":
        return E.creatures(game, player)
    if kind == "enemy_creature":
        return E.creatures(game, E.other(player))
    return E.creatures(game, player) + E.creatures(game, E.other(player))


def _aims(specs: list[dict]) -> str | None:
    """The target kind of the first effect that aims (the others follow it or need none)."""
    return next((s["target"] for s in specs if s.get("target") not in (None, "self")), None)


# ------------------------------------------------------------------ the words
@EFFECTS.register("damage", requires=("amount", "target"))
def _damage(game: Table, spec: dict, source: str, player: int, target: str | None) -> None:
    """nb.damage_types (L69): physical unless the card says otherwise; nb.armour (L71): this source alone."""
    if target is None or not E.on_field(game, target):
        return
    kind = spec.get("kind", "physical")
    raw = int(spec["amount"])
    amount = E.after_armour(game, target, raw, kind)
    game.emit("damage", rule="nb.sources", source=source, target=target, amount=amount, raw=raw, kind=kind)


@EFFECTS.register("heal", requires=("amount", "target"))
def _heal(game: Table, spec: dict, source: str, player: int, target: str | None) -> None:
    if target is not None and E.on_field(game, target):
        game.emit("heal", rule="nb.L76", source=source, target=target, amount=int(spec["amount"]))


@EFFECTS.register("lose_life", requires=("amount", "target"))
def _lose_life(game: Table, spec: dict, source: str, player: int, target: str | None) -> None:
    """nb.life_loss (L73): not damage, so no armour is counted."""
    if target is not None and E.on_field(game, target):
        game.emit("lose_life", rule="nb.life_loss", source=source, target=target, amount=int(spec["amount"]))


@EFFECTS.register("restore_mana", requires=("amount",))
def _restore_mana(game: Table, spec: dict, source: str, player: int, target: str | None) -> None:
    game.emit("restore_mana", rule="nb.counters", source=source, player=player, amount=int(spec["amount"]))


def run_effects(game: Table, specs: list[dict], source: str, player: int, target: str | None) -> None:
    """Carry out ``specs`` in order: an effect that aims takes ``target`` (``self``: the source)."""
    for spec in specs:
        aim = source if spec.get("target") == "self" else target
        EFFECTS[spec["effect"]](game, spec, source, player, aim)


# ------------------------------------------------------------------ magic and abilities (L78)
def _options(game: Table, verb: str, player: int, source: str, specs: list[dict], what: str) -> list[dict]:
    aim = _aims(specs)
    if aim is None:
        if any(s.get("target") == "self" for s in specs) and not E.on_field(game, source):
            return []
        return [{"id": f"{verb}:{source}", "label": what}]
    return [
        {"id": f"{verb}:{source}>{t}", "label": f"{what} on {E.name_of(game, t)}"}
        for t in targets(game, aim, player, source)
    ]


def cast_options(game: Table, player: int, card: str) -> list[dict]:
    """nb.assume.magic: a scroll, potion or event of the hand, once for each target it may have."""
    data = E.card_of(game, card)
    if data.get("type") not in ("scroll", "potion", "event"):
        return []
    return _options(game, "cast", player, card, data["effects"], f"use {data['name']}")


def ability_options(game: Table, player: int, creature: str) -> list[dict]:
    """An activated ability: it turns the creature (nb.turn_once, L59)."""
    spec = E.card_of(game, creature)["activated"]
    return _options(game, "use", player, creature, [spec], f"turn {E.name_of(game, creature)}: {spec['effect']}")


def cast(game: Table, player: int, card: str, target: str | None) -> None:
    """Magic is used: the card goes to the grave and its effects happen (nb.assume.magic)."""
    data = E.card_of(game, card)
    E.ZONES.put(game, card, E.z("grave", player))
    game.record("action", lambda: f"player {player} uses {data['name']}", "nb.end_window", player=player)
    run_effects(game, data["effects"], card, player, target)


def use_ability(game: Table, player: int, creature: str, target: str | None) -> None:
    """An activated ability: the creature turns (nb.turn_once) and the effect happens."""
    game.state.update(creature, tapped=True)
    game.record("action", lambda: f"player {player} turns {E.name_of(game, creature)} for its ability", "nb.turn_once")
    run_effects(game, [E.card_of(game, creature)["activated"]], creature, player, target)
