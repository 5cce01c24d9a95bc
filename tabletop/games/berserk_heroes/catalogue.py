"""The card catalogue: TOML card files validated by ``card.schema.json``, and the abilities
built from them.

A card names its effects and keywords in data (``vanguard``, ``protection``, ``effects``,
``triggers``, ``activated``, ``statics``); each is implemented once in :mod:`.engine`, so a new
card that uses existing effects needs no Python.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core import Ability, Table
from tabletop.core.catalogue import Catalogue

from . import engine as E
from .vocabulary import SCHEMA, STATIC_SCOPES

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"


class BerserkCards(Catalogue):
    """Berserk's catalogue: the cards, the abilities built from them and the deck each player plays."""

    abilities: dict[str, tuple[Ability, ...]]
    deck: list[str]

    def index(self) -> None:
        self.abilities = {cid: abilities(card) for cid, card in self.items()}
        self.deck = default_deck(self.dealt())  # (a card folder added by with_cards joins it only by option decks)


def load(paths=None, folders=()) -> BerserkCards:
    """The catalogue of card files (default: every ``cards/*.toml``) and of any more ``folders``; raises
    CardDataError naming the file, the card and the field."""
    return BerserkCards.load(HERE, (CARD_DIR, *folders), schema=SCHEMA, paths=paths, own=1)


VANGUARD = Ability(
    "Vanguard",
    "triggered",
    rule="bh.vanguard",
    text="After this card is played you may play a creature with cost X or less from hand for free.",
    event="enter_squad",
    match={"card": "$self", "way": "played"},
    condition=E.vanguard_condition,
    effect=E.vanguard_effect,
    forced=False,
)

NAMED = {
    "vanguard": VANGUARD,
    "vanguard_return": Ability(
        "Vanguard: return to hand",
        "triggered",
        rule="bh.vanguard",
        text="At the end of the turn the creature played by Vanguard returns to hand.",
        effect=E.vanguard_return,
    ),
    "chain_item": Ability(
        "chain item",
        "triggered",
        rule="bh.522.1",
        text="One ability of a chain composed with the ability constructor.",
        effect=E.resolve_queued,
    ),
    "spell_effect": Ability(
        "spell",
        "triggered",
        rule="bh.assume.cards",
        text="The effects of a declared spell.",
        effect=E.resolve_queued,
    ),
}


def _trigger_condition(spec: dict):
    def condition(game: Table, act) -> bool:
        ev = act.event or {}
        if spec.get("self") and ev.get("card") != act.source:
            return False
        if spec.get("others") and ev.get("card") == act.source:
            return False
        if spec.get("yours") and ev.get("player") != act.controller:
            return False
        return "ways" not in spec or ev.get("way") in spec["ways"]

    return condition


def _run(effects: list[dict]):
    def effect(game: Table, act) -> None:
        E.start_effects(game, effects, act.source, act.controller, dict(act.data.get("targets", {})))

    return effect


def _activated(spec: dict) -> Ability:
    cost, close, effects = spec.get("cost", 0), spec.get("close", False), spec["effects"]

    def can_pay(game: Table, act) -> bool:
        if close and not E.can_act(game, act.source):
            return False
        return len(E.open_coins(game, act.controller)) >= cost

    def condition(game: Table, act) -> bool:
        return all(
            E.legal_targets(game, s["target"], act.controller, act.source, False) for s in effects if E.needs_target(s)
        )

    def pay(game: Table, act) -> None:
        if close:
            game.state.update(act.source, tapped=True)
            game.record(
                "action", lambda: f"{E.name_of(game, act.source)} closes to pay", "bh.action", player=act.controller
            )
        E.pay(game, act.controller, cost, spec["name"])

    return Ability(
        spec["name"],
        "activated",
        rule="bh.action" if close else "bh.520.1",
        text=E.effect_text(effects[0]),
        cost=pay,
        can_pay=can_pay,
        condition=condition,
        effect=_run(effects),
    )


# what a static ability applies to (bh.521.1), each scope on its code: ``(game, player, opponent)`` -> objects
@STATIC_SCOPES.register("enemy_hand_creatures")
def _enemy_hand_creatures(game: Table, p: int, q: int) -> list[str]:
    return [o for o in game.state.zone(E.z("hand", q)) if E.is_creature(game, o)]


@STATIC_SCOPES.register("own_creatures")
def _own_creatures(game: Table, p: int, q: int) -> list[str]:
    return E.creatures(game, p)


@STATIC_SCOPES.register("enemy_creatures")
def _enemy_creatures(game: Table, p: int, q: int) -> list[str]:
    return E.creatures(game, q)


def _static(spec: dict) -> Ability:
    scope = STATIC_SCOPES[spec["applies"]]

    def modifiers(game: Table, source: dict) -> list[dict]:
        p = source.get("controller", source["owner"])
        targets = scope(game, p, E.other(p))
        return [{"target": t, "stat": spec["stat"], "op": spec["op"], "value": spec["value"]} for t in targets]

    return Ability(
        f"{spec['stat']} {spec['op']} {spec['value']} ({spec['applies']})",
        "static",
        rule="bh.521.1",
        modifiers=modifiers,
    )


def abilities(card: dict) -> tuple[Ability, ...]:
    """The abilities of one card, built from its data."""
    out: list[Ability] = []
    if card.get("vanguard"):
        out.append(VANGUARD)
    for what in card.get("protection", ()):
        if what == "spell":  # L43: the exception is a targeting restriction (see engine.legal_targets)
            continue
        out.append(
            Ability(
                f"Protection from {what}",
                "replacement",
                rule="bh.protection",
                text=f"This card receives no wounds from {what} sources.",
                event="wound",
                match={"target": "$self"},
                condition=E.protection_applies(what),
                effect=E.prevent(what),
            )
        )
    rule = (card.get("rules") or ["bh.assume.cards"])[0]
    for spec in card.get("triggers", ()):
        out.append(
            Ability(
                spec.get("name", card["name"]),
                "triggered",
                rule=rule,
                text="; ".join(E.effect_text(s) for s in spec["effects"]),
                event=spec["on"],
                condition=_trigger_condition(spec),
                effect=_run(spec["effects"]),
                forced=not spec.get("optional", False),
            )
        )
    out += [_activated(spec) for spec in card.get("activated", ())]
    out += [_static(spec) for spec in card.get("statics", ())]
    return tuple(out)


def default_deck(cards: dict[str, dict] | None = None) -> list[str]:
    """bh.assume.setup: two copies of every card that is neither a hero nor a created card (default: the shipped)."""
    cards = CARDS if cards is None else cards
    return [cid for cid, c in sorted(cards.items()) if c["type"] != "hero" and not c.get("creatable") for _ in (0, 1)]


# the shipped catalogue (RULEBOOK.cards); rule code reads the catalogue of its game, game.rulebook.cards
CARDS = load()
ABILITIES = CARDS.abilities
