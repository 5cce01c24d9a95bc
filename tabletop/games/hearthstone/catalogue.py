"""The card catalogue: TOML card files validated by ``card.schema.json``, the two basic decks, and
the abilities built from the cards' data.

A card names its keywords and effects in data (``keywords``, ``effects``, ``battlecry``,
``deathrattle``, ``triggers``, ``aura``, ``power``); each is implemented once in :mod:`.engine`,
so a new card that uses existing effects needs no Python. Broken data names the file, the card
and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.core import Ability, CardDataError, Table
from tabletop.core.cards import read_toml
from tabletop.core.catalogue import Catalogue
from tabletop.core.deckrules import Allowed, Copies, DeckRules, Size
from tabletop.core.errors import quote

from . import engine as E
from .rules import RULES
from .vocabulary import SCHEMA, TRIGGERS

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"
DECKS_PATH = HERE / "decks.toml"
DECK_SIZE = 30  # hs.deck (L1505)


class HearthstoneCards(Catalogue):
    """Hearthstone's catalogue: the cards, the decks of ``decks.toml``, the abilities built from the cards,
    and the tables the engine's hot paths read (:func:`.engine.index_cards`)."""

    # (slots for what the engine's hot paths read: an attribute in the instance dict of a dict subclass is
    # looked up the slow way by Python 3.11 at every read, its specialisation undone again and again)
    __slots__ = (
        "abilities",
        "attack_options",
        "aura_cards",
        "battlecry_target",
        "decks",
        "hand_options",
        "play_info",
        "power_options",
        "power_summons",
        "power_target",
        "spell_target",
    )

    decks: dict[str, dict]
    abilities: dict[str, tuple[Ability, ...]]
    decks_path: Path | None = DECKS_PATH
    # set by E.index_cards: card id -> chosen target kind; hero card -> whether its power summons; the aura
    # cards; card id -> (cost, type, name, chosen target kind); the option caches (their labels name cards)
    spell_target: dict[str, str]
    battlecry_target: dict[str, str]
    power_target: dict[str, str]
    power_summons: dict[str, bool]
    aura_cards: set[str]
    play_info: dict[str, tuple[int, str, str, str | None]]
    hand_options: dict[str, dict[str, Any]]
    power_options: dict[str, tuple[int, str | None, bool, Any]]
    attack_options: dict[str, dict[str | None, Any]]

    data_files = ("decks.toml",)  # a card folder's own decks (rb.with_cards), which may name its cards

    def check(self) -> None:
        check_cards(self)
        self.decks = {} if self.decks_path is None else load_decks(self, self.decks_path)
        for folder in self.folders[1:]:  # (the folders added by rb.with_cards: their decks.toml, if any)
            path = folder / "decks.toml"
            if self.decks_path is None or not folder.is_dir() or not path.exists():
                continue
            more = load_decks(self, path)
            for deck_id in more:
                if deck_id in self.decks:
                    raise CardDataError(
                        f"{folder.name}/decks.toml", deck_id, None, "a deck of this name is in the rulebook already"
                    )
            self.decks = {**self.decks, **more}

    def index(self) -> None:
        E.index_cards(self)
        self.abilities = {cid: found for cid in self if (found := abilities(self, cid))}


class CardFiles(HearthstoneCards):
    """Some card files alone, without the decks (their heroes and cards need not be there)."""

    decks_path = None


def check_cards(cards: Catalogue) -> None:
    """What the schema cannot say: referenced cards and rule ids exist, effects fit their card."""
    for cid, card in cards.items():
        for rule in card.get("rules", ()):
            if rule not in RULES:
                raise CardDataError(cards.file_of(cid), cid, "rules", f"unknown rule id {rule!r}")
        lists = [
            ("effects", card.get("effects", ())),
            ("battlecry", card.get("battlecry", ())),
            ("deathrattle", card.get("deathrattle", ())),
        ]
        lists += [(f"triggers.{i}.effects", t["effects"]) for i, t in enumerate(card.get("triggers", ()))]
        if card.get("power"):
            lists.append(("power.effects", card["power"]["effects"]))
        for field, effects in lists:
            chosen = {e["target"] for e in effects if e.get("target") in E.CHOSEN}
            if len(chosen) > 1:
                raise CardDataError(
                    cards.file_of(cid), cid, field, f"effects choose different targets {sorted(chosen)}"
                )
            if chosen and (field == "deathrattle" or field.startswith("triggers")):
                raise CardDataError(cards.file_of(cid), cid, field, "a triggered effect cannot ask for a chosen target")
            for i, e in enumerate(effects):
                ref = e.get("card")
                if ref is not None and ref not in cards:
                    raise CardDataError(cards.file_of(cid), cid, f"{field}.{i}.card", f"no card {ref!r}")
                if ref is not None and e["effect"] == "summon" and cards[ref]["type"] != "minion":
                    raise CardDataError(cards.file_of(cid), cid, f"{field}.{i}.card", f"{ref!r} is not a minion")
        if card.get("aura") and card["type"] != "minion":
            raise CardDataError(cards.file_of(cid), cid, "aura", "only minions have auras")


def load(paths=None, folders=()) -> HearthstoneCards:
    """The catalogue of card files (default: every ``cards/*.toml``) and of any more ``folders``; raises
    CardDataError naming the file, the card and the field."""
    kind = HearthstoneCards if paths is None else CardFiles
    return kind.load(HERE, (CARD_DIR, *folders), schema=SCHEMA, paths=paths, own=1)


def deck_rules(hero_class: str) -> DeckRules:
    """The rules of a deck whose hero is of ``hero_class``, as constraints (:mod:`tabletop.core.deckrules`):
    30 cards (hs.deck, L1505); no hero and no token; the hero's class or neutral (hs.class_cards, L28); at
    most 2 copies of a card and 1 of a legendary (hs.copies, L54-55). Each says what it always said."""
    copies = "{count} copies of {card!r}; at most {limit} (L54-55)"
    outside = "{card!r} cannot be in a deck"
    hero = hero_class.replace("{", "{{").replace("}", "}}")
    return DeckRules(
        Size(exactly=DECK_SIZE, rule="hs.deck", says="a deck holds {limit} cards, not {count} (L1505)"),
        Allowed(unless=_not_in_a_deck, about="a card that can be in a deck", rule="hs.deck", says=outside),
        Allowed(
            where={"class": ("neutral", hero_class)},
            about=f"a neutral or {hero_class} card",
            rule="hs.class_cards",
            says="{card!r} is a {c[class]} card, the hero is " + hero,
        ),
        Copies(at_most=2, unless={"rarity": "legendary"}, rule="hs.copies", says=copies),
        Copies(at_most=1, where={"rarity": "legendary"}, about="a legendary card", rule="hs.copies", says=copies),
    )


def _not_in_a_deck(card: Mapping[str, Any]) -> bool:
    return bool(card.get("token")) or card["type"] == "hero"


def load_decks(cards: dict[str, dict], path: Path = DECKS_PATH) -> dict[str, dict]:
    """The decks: 30 cards (L1505), at most 2 copies and 1 legendary (L54-55), hero's class or neutral
    (:func:`deck_rules`). A broken deck names the file, the deck and the field ``cards``: the first
    problem in deck order, then any others."""
    name = Path(path).name
    data = read_toml(Path(path))
    for deck_id, deck in data.items():
        if not isinstance(deck, dict):
            raise CardDataError(name, deck_id, None, f"a deck is a [table], not {quote(deck)}")
        hero_id = deck.get("hero")
        if not isinstance(hero_id, str) or hero_id not in cards or cards[hero_id]["type"] != "hero":
            raise CardDataError(name, deck_id, "hero", f"{quote(hero_id)} is not a hero card")
        ids = deck.get("cards", [])
        if not isinstance(ids, list) or not all(isinstance(cid, str) for cid in ids):
            raise CardDataError(name, deck_id, "cards", f"a deck's cards are a list of card ids, not {quote(ids)}")
        if violations := deck_rules(cards[hero_id]["class"]).check(ids, cards, name=deck_id):
            first, *more = (v.problem for v in violations)
            raise CardDataError(name, deck_id, "cards", first + "".join(f"; also {m}" for m in more))
    return data


# ------------------------------------------------------------------ abilities
def _card_effects(
    cards: Catalogue, cid: str, part: str, name: str, rule: str, event: str, passes: tuple[str, str], **when: Any
) -> Ability:
    """A triggered ability that resolves the card's effect list ``part`` (hs.effects); ``passes`` names
    an argument of the effects and the field of the triggering event it is taken from; ``when`` is the
    pattern or condition the kernel listens with."""
    arg, field = passes

    def effect(game: Table, act) -> None:
        E.start_effects(game, [cid, part], act.source, act.controller, rule, **{arg: act.event.get(field)})

    return Ability(name, "triggered", rule=rule, text=cards[cid]["text"], event=event, effect=effect, **when)


def _in_order_of_play(game: Table, act) -> bool:
    """hs.assume.battlecry: with option battlecry='first' the Battlecry does not wait with the other effects (the
    summon itself starts it, E.on_summon)."""
    return game.options["battlecry"] == "in_order_of_play"


def _battlecry(cards: Catalogue, cid: str) -> Ability:
    """hs.assume.battlecry: as the minion is played, with the target chosen then."""
    return _card_effects(
        cards,
        cid,
        "battlecry",
        "Battlecry",
        "hs.assume.battlecry",
        "summon",
        ("target", "target"),
        match={"minion": "$self", "way": "played"},
        condition=_in_order_of_play,
    )


def _deathrattle(cards: Catalogue, cid: str) -> Ability:
    """hs.assume.deathrattle: as the minion dies, where it stood (``pos``)."""
    return _card_effects(
        cards,
        cid,
        "deathrattle",
        "Deathrattle",
        "hs.assume.deathrattle",
        "die",
        ("pos", "pos"),
        match={"minion": "$self"},
    )


# the moments a card's trigger may name (``on``): the condition the kernel listens with, on ``meta["event"]``
@TRIGGERS.register("friendly_summon", event="summon")
def _friendly_summon(game: Table, act) -> bool:
    ev = act.event
    return ev["minion"] is not None and ev["minion"] != act.source and ev["player"] == act.controller


def _trigger(cards: Catalogue, cid: str, i: int, spec: dict) -> Ability:
    """A card's ``triggers[i]``; it cites the card's first rule (hs.order_of_play if the card cites none)."""
    card = cards[cid]
    rule = (card.get("rules") or ["hs.order_of_play"])[0]
    event, condition = TRIGGERS.meta(spec["on"], "event"), TRIGGERS[spec["on"]]
    return _card_effects(
        cards, cid, f"trigger{i}", card["name"], rule, event, ("summoned", "minion"), condition=condition
    )


def abilities(cards: Catalogue, cid: str) -> tuple[Ability, ...]:
    """The triggered abilities of one card, built from its data (keywords and auras are rule code)."""
    card = cards[cid]
    out = []
    if card.get("battlecry"):
        out.append(_battlecry(cards, cid))
    if card.get("deathrattle"):
        out.append(_deathrattle(cards, cid))
    out += [_trigger(cards, cid, i, spec) for i, spec in enumerate(card.get("triggers", ()))]
    return tuple(out)


# the shipped catalogue (RULEBOOK.cards); rule code reads the catalogue of its game, game.rulebook.cards
CARDS = load()
DECKS = CARDS.decks
ABILITIES = CARDS.abilities
