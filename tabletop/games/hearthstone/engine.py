"""Hearthstone's rules as task handlers, event handlers, targets and effects.

Kept lean on purpose: random full games must run at hundreds a second, so hot paths give the
trace a summary function (made only when tracing is on), read stats from plain object fields (``atk``, ``hp``,
``dmg``, ``aura``) instead of recomputing modifiers, and send through the kernel's event
pipeline only what abilities can listen to (summons, damage, deaths, the end of a turn).

Object fields: a minion on the board has ``atk`` and ``hp`` (printed value plus its buffs),
``dmg`` (damage taken), ``aura`` (attack from auras, recomputed when minions enter or leave),
``sick`` (summoning sickness, L27), ``attacks`` (this turn), ``taunt``/``charge``/``shield``
flags and ``buffs`` (what changed it, which :func:`explain` shows through ``game.explain``). A hero
has ``hp``, ``dmg`` and ``attacks``; a weapon ``atk`` and ``dur``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from tabletop.core import CHANCE, RuleError, Table, TaskTable, Zones, ZoneSpec, player_decks
from tabletop.core.choices import note_excluded
from tabletop.core.modifiers import Explanation, Step
from tabletop.core.zones import other_player as other
from tabletop.core.zones import player_zone as z

from .vocabulary import AURAS, EFFECTS, TARGETS

if TYPE_CHECKING:
    from .catalogue import HearthstoneCards

PLAYERS = (0, 1)
BOARD_LIMIT = 7  # L26
# hs.assume.hidden: a hand is seen by its owner, a deck by nobody, the rest by all
ZONES = Zones(
    (
        ZoneSpec("deck:{p}", "deck", "none", ordered=False, stack=True),
        ZoneSpec("hand:{p}", "hand", "owner", ordered=False),
        ZoneSpec("board:{p}", "board", limit=BOARD_LIMIT),
        ZoneSpec("hero:{p}", "hero", limit=1),
        ZoneSpec("power:{p}", "hero power", limit=1),
        ZoneSpec("weapon:{p}", "weapon", limit=1),
        ZoneSpec("grave:{p}", "graveyard", stack=True),
    )
)
HAND_LIMIT = 10  # hs.assume.hand_limit: the default of option hand_limit
MANA_LIMIT = 10  # L1511
TURN_STEPS = ("hs.start", "hs.main")
# zone names of the hot paths, spelled once
HERO_ZONES = tuple((p, f"hero:{p}") for p in PLAYERS)
BOARD_ZONES = tuple(f"board:{p}" for p in PLAYERS)
WEAPON_ZONES = tuple(f"weapon:{p}" for p in PLAYERS)
HAND_ZONES = tuple(f"hand:{p}" for p in PLAYERS)
GRAVE_ZONES = tuple(f"grave:{p}" for p in PLAYERS)

# the rulebook's tasks, each registered under the name saved games hold (Rulebook(tasks=TASKS))
TASKS = TaskTable()

# The cards are data: the catalogue of the game being played is ``game.rulebook.cards`` (a
# HearthstoneCards, whose tables index_cards fills); nothing here holds cards of its own.


# ================================================================== small helpers
def card_of(game: Table, oid: str) -> dict:
    return game.rulebook.cards[game.state.objects[oid]["card"]]


name_of = ZONES.name_of  # "Fireball (c12)"; a card not known yet: its id
put = ZONES.put  # a move, showing what the new zone shows


def hero(game: Table, player: int) -> str:
    return game.state.zones[f"hero:{player}"][0]


def board(game: Table, player: int) -> tuple:
    return game.state.zones[f"board:{player}"]


def weapon(game: Table, player: int) -> str | None:
    w = game.state.zones[f"weapon:{player}"]
    return w[0] if w else None


def in_play(game: Table, oid: str) -> bool:
    """A character or weapon still in play (a minion on the board, a hero, an equipped weapon)."""
    obj = game.state.objects.get(oid)
    return obj is not None and obj["zone"][0] in "bhw"  # board:, hero:, weapon:


def attack_of(game: Table, oid: str) -> int:
    """hs.attack; a hero's attack is his weapon's (hs.assume.hero_attack)."""
    obj = game.state.objects[oid]
    if obj["kind"] == "hero":
        w = weapon(game, obj["owner"])
        return game.state.objects[w]["atk"] if w else 0
    return obj["atk"] + obj["aura"]


def health_of(game: Table, oid: str) -> int:
    obj = game.state.objects[oid]
    return obj["hp"] - obj["dmg"]


def new_card(game: Table, player: int, card_id: str | None, zone: str, index: int | None = None, **fields: Any) -> str:
    return ZONES.new_card(game, card_id, zone, player, index, **fields)


def minion_fields(card: dict) -> dict:
    """A minion as it enters the board: printed stats, its keywords, summoning sickness (L27).

    The same dict for every minion of a card: callers copy it into the object (``{**obj, **fields}``)."""
    fields = _MINION_FIELDS.get(card["id"])
    if fields is None or fields[0] is not card:
        fields = _MINION_FIELDS[card["id"]] = (card, _minion_fields(card))
    return fields[1]


_MINION_FIELDS: dict[str, tuple[dict, dict]] = {}


def _minion_fields(card: dict) -> dict:
    kw = card.get("keywords", ())
    return {
        "atk": card["attack"],
        "hp": card["health"],
        "dmg": 0,
        "aura": 0,
        "sick": True,
        "attacks": 0,
        "taunt": "taunt" in kw,
        "charge": "charge" in kw,
        "shield": "divine_shield" in kw,
        "buffs": (),
        "doomed": False,
    }


# ================================================================== explanations
class _Steps:
    """The steps of one explanation, from a base on: each ``add`` starts where the last one ended."""

    def __init__(self, oid: str, stat: str, base: int, source: str | None, rule: str, note: str = "") -> None:
        self.oid, self.stat, self.value = oid, stat, base
        self.steps = [Step("base", base, None, base, source, rule, note)]

    def add(self, amount: int, source: str | None, rule: str, note: str = "") -> None:
        if amount:
            op, shown = ("add", amount) if amount > 0 else ("sub", -amount)
            self.steps.append(Step(op, shown, self.value, self.value + amount, source, rule, note))
            self.value += amount

    def to(self, value: int, rule: str, note: str) -> Explanation:
        """End at ``value``, the field the engine keeps (what a scenario set directly shows as a step)."""
        self.add(value - self.value, None, rule, note)
        return Explanation(self.oid, self.stat, self.value, tuple(self.steps))


def explain(game: Table, obj: dict, stat: str) -> Explanation:
    """The Rulebook.explain hook behind ``game.explain`` and ``game.value``: why a stat is what it is.

    A minion's printed value, each buff with its source and rule, each aura with its source
    (hs.assume.aura) and the damage taken; a hero's attack is his weapon's (hs.assume.hero_attack);
    a weapon's durability, its uses (L31); a card's cost (L37). The engine keeps current values in plain
    fields (``atk``, ``hp``, ``dmg``, ``aura``, ``dur``), so the steps end exactly at those; a value a
    scenario set directly shows as a step of its own."""
    oid = obj["id"]
    card = game.rulebook.cards.get(obj.get("card", ""), {})  # (no card id is "": a token gets {})
    kind = obj.get("kind")
    if stat == "cost" and kind != "hero":
        cost = card["power"]["cost"] if kind == "power" else card.get("cost")
        if cost is not None:
            return Explanation(oid, stat, cost, (Step("base", cost, None, cost, oid, "hs.cost", " (printed)"),))
    elif kind == "hero":
        if stat == "attack":
            w = weapon(game, obj["owner"])
            value = game.state.objects[w]["atk"] if w else 0
            note = " (the weapon's attack)" if w else " (no weapon)"
            return Explanation(oid, stat, value, (Step("base", value, None, value, w, "hs.assume.hero_attack", note),))
        if stat in ("health", "max_health"):
            steps = _Steps(oid, stat, obj["hp"], oid, "hs.win", " (hero health)")
            if stat == "health":
                steps.add(-obj["dmg"], None, "hs.health", " (damage taken)")
            return steps.to(obj["hp"] - (obj["dmg"] if stat == "health" else 0), "hs.assume.cards", " (set directly)")
    elif card.get("type") == "weapon" and stat in ("attack", "durability"):
        if stat == "attack":
            steps = _Steps(oid, stat, card["attack"], oid, "hs.attack", " (printed)")
            return steps.to(obj.get("atk", card["attack"]), "hs.assume.cards", " (set directly)")
        steps = _Steps(oid, stat, card["durability"], oid, "hs.durability_attr", " (printed)")
        dur = obj.get("dur", card["durability"])
        if dur < card["durability"]:
            steps.add(dur - card["durability"], oid, "hs.durability", " (1 per attack or use)")
        return steps.to(dur, "hs.assume.cards", " (set directly)")
    elif card.get("type") == "minion" and stat in ("attack", "health", "max_health"):
        return _explain_minion(game, obj, card, stat)
    raise KeyError(f"{name_of(game, oid)} has no stat {stat!r}")


def _explain_minion(game: Table, obj: dict, card: dict, stat: str) -> Explanation:
    oid = obj["id"]
    key = "attack" if stat == "attack" else "health"
    steps = _Steps(oid, stat, card[key], oid, "hs.attack" if key == "attack" else "hs.health", " (printed)")
    if "atk" not in obj:  # a minion card that has not been on the board: its printed values
        return steps.to(card[key], "hs.assume.cards", "")
    for source, da, dh, rule in obj.get("buffs", ()):
        steps.add(da if key == "attack" else dh, source, rule, " (buff)")
    if key == "attack":
        steps.to(obj["atk"], "hs.assume.cards", " (set directly)")
        if obj.get("aura"):
            for source, amount in aura_sources(game, oid):
                steps.add(amount, source, "hs.assume.aura", " (aura)")
        return steps.to(obj["atk"] + obj["aura"], "hs.assume.aura", " (aura)")
    steps.to(obj["hp"], "hs.assume.cards", " (set directly)")
    if stat == "health":
        steps.add(-obj["dmg"], None, "hs.health", " (damage taken)")
        return steps.to(obj["hp"] - obj["dmg"], "hs.health", " (damage taken)")
    return steps.to(obj["hp"], "hs.assume.cards", " (set directly)")


# ========================================================================= auras
def aura_sources(game: Table, oid: str) -> list[tuple[str, int]]:
    """The aura minions that give ``oid`` attack now (adjacent, L50; other friendly minions)."""
    st = game.state
    row = st.zones.get(st.objects[oid]["zone"], ())
    return list(_auras_reaching(game.rulebook.cards, st.objects, row, row.index(oid))) if oid in row else []


def _auras_reaching(cards: Any, objects: dict, row: tuple, i: int) -> Iterator[tuple[str, int]]:
    """hs.assume.aura, L50: (source, attack) of each aura in ``row`` that reaches the minion at ``i``.

    An aura reaches the other friendly minions, or only the adjacent ones (L50: «Прилегающие / рядом»)."""
    for j, src in enumerate(row):
        card = objects[src]["card"]
        if j != i and card in cards.aura_cards:
            aura = cards[card]["aura"]
            if _AURA[aura["applies"]](i, j):
                yield src, aura["attack"]


# whom an aura reaches (L50: «Прилегающие / рядом»), each word on its code: ``(i, j)`` -> whether the aura of
# the minion at ``j`` reaches the minion at ``i`` of the same row
@AURAS.register("adjacent")
def _a_adjacent(i: int, j: int) -> bool:
    return abs(i - j) == 1


@AURAS.register("other_friendly")
def _a_other_friendly(i: int, j: int) -> bool:
    return True


_AURA = AURAS.handlers


def refresh_auras(game: Table, player: int | None = None) -> None:
    """hs.assume.aura: recompute every minion's aura attack from the auras now in play (an aura lasts as
    long as its card is in play, hs.duration).

    ``player``: only that player's row changed (auras reach friendly minions only, L50), so the
    other row's values are already right and are not recomputed."""
    st = game.state
    objects = st.objects
    cards: HearthstoneCards = game.rulebook.cards  # type: ignore[assignment]  # (a cast without a call: hot)
    aura_cards = cards.aura_cards
    for p in PLAYERS if player is None else (player,):
        row = st.zones[BOARD_ZONES[p]]
        for oid in row:
            if objects[oid]["card"] in aura_cards:
                break
        else:
            # (fast path) no aura on the row: every minion's aura attack is 0
            for oid in row:
                obj = objects[oid]
                if obj["aura"]:
                    _set_aura(game, oid, obj, 0)
            continue
        for i, oid in enumerate(row):
            obj = objects[oid]
            bonus = sum(attack for _, attack in _auras_reaching(cards, objects, row, i))
            if obj["aura"] != bonus:
                _set_aura(game, oid, obj, bonus)


def _set_aura(game: Table, oid: str, obj: dict, bonus: int) -> None:
    game.state.objects[oid] = {**obj, "aura": bonus}
    if game.tracing:  # (hot: an untraced playout skips the record)
        game.record(
            "modifier",
            f"aura: {name_of(game, oid)} now has {obj['atk'] + bonus} attack",
            "hs.assume.aura",
            target=oid,
            stat="attack",
        )


# ======================================================================= targets
# The target vocabulary (L47-L51: enemy, friendly, character, damaged): each word registered on its code.
def _chosen(name: str, text: str) -> Callable[[Callable[[Table, int], list[str]]], Callable[[Table, int], list[str]]]:
    """A target the player chooses as the card is played: the function lists the legal choices, heroes first."""
    return TARGETS.register(name, chosen=True, text=text)


@_chosen("character", "a character")
def _t_character(game: Table, player: int) -> list[str]:
    zones = game.state.zones
    q = 1 - player
    return [
        zones[HERO_ZONES[player][1]][0],
        zones[HERO_ZONES[q][1]][0],
        *zones[BOARD_ZONES[player]],
        *zones[BOARD_ZONES[q]],
    ]


@_chosen("enemy_character", "an enemy character")
def _t_enemy_character(game: Table, player: int) -> list[str]:
    zones = game.state.zones
    q = 1 - player
    return [zones[HERO_ZONES[q][1]][0], *zones[BOARD_ZONES[q]]]


@_chosen("friendly_character", "a friendly character")
def _t_friendly_character(game: Table, player: int) -> list[str]:
    zones = game.state.zones
    return [zones[HERO_ZONES[player][1]][0], *zones[BOARD_ZONES[player]]]


@_chosen("minion", "a minion")
def _t_minion(game: Table, player: int) -> list[str]:
    zones = game.state.zones
    return [*zones[BOARD_ZONES[player]], *zones[BOARD_ZONES[1 - player]]]


@_chosen("enemy_minion", "an enemy minion")
def _t_enemy_minion(game: Table, player: int) -> list[str]:
    return list(game.state.zones[BOARD_ZONES[1 - player]])


@_chosen("friendly_minion", "a friendly minion")
def _t_friendly_minion(game: Table, player: int) -> list[str]:
    return list(game.state.zones[BOARD_ZONES[player]])


@_chosen("damaged_enemy_minion", "a damaged enemy minion")
def _t_damaged_enemy_minion(game: Table, player: int) -> list[str]:
    objects = game.state.objects
    return [m for m in game.state.zones[BOARD_ZONES[1 - player]] if objects[m]["dmg"] > 0]


@TARGETS.register("self", "this_weapon")
def _t_self(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    return [src] if src is not None and in_play(game, src) else []


@TARGETS.register("own_hero")
def _t_own_hero(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    return [hero(game, player)]


@TARGETS.register("enemy_hero")
def _t_enemy_hero(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    return [hero(game, other(player))]


@TARGETS.register("all_minions")
def _t_all_minions(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    return [*board(game, player), *board(game, other(player))]


@TARGETS.register("all_other_minions")
def _t_all_other_minions(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    return [m for m in (*board(game, player), *board(game, other(player))) if m != src]


@TARGETS.register("enemy_minions")
def _t_enemy_minions(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    return list(board(game, other(player)))


@TARGETS.register("friendly_minions")
def _t_friendly_minions(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    return list(board(game, player))


@TARGETS.register("all_enemies")
def _t_all_enemies(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    q = other(player)
    return [hero(game, q), *board(game, q)]


@TARGETS.register("all_characters")
def _t_all_characters(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    q = other(player)
    return [hero(game, player), hero(game, q), *board(game, player), *board(game, q)]


@TARGETS.register("adjacent")
def _t_adjacent(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    st = game.state
    if src is None or not in_play(game, src) or not st.objects[src]["zone"].startswith("board:"):
        return []
    row = st.zones[st.objects[src]["zone"]]
    i = row.index(src)
    return [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]


@TARGETS.register("random_enemy")
def _t_random_enemy(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    """hs.assume.random: the enemy the chance decision of :func:`t_effects` picked."""
    t = args.get("choice")
    return [t] if t is not None and in_play(game, t) else []


@TARGETS.register("summoned")
def _t_summoned(game: Table, src: str | None, player: int, args: dict) -> list[str]:
    t = args.get("summoned")
    return [t] if t is not None and in_play(game, t) else []


CHOSEN = frozenset(TARGETS.where("chosen"))
TARGET_TEXT = {name: TARGETS.meta(name, "text") for name in TARGETS.where("chosen")}
_TARGET = TARGETS.handlers  # (the hot paths index the plain dict)


def chosen_targets(game: Table, kind: str, player: int) -> list[str]:
    """Legal chosen targets (L47-L51: enemy, friendly, character, damaged), heroes first."""
    if kind not in CHOSEN:
        raise ValueError(f"unknown chosen target kind {kind!r}")
    return _TARGET[kind](game, player)


def chosen_kind(effects: list[dict]) -> str | None:
    """The chosen target an effect list needs (all its chosen effects share one target)."""
    for spec in effects:
        t = spec.get("target")
        if t in CHOSEN:
            return t
    return None


def resolve_targets(game: Table, spec: dict, src: str | None, player: int, args: dict) -> list[str]:
    """The objects an effect applies to now (chosen targets that left play are skipped)."""
    kind = spec.get("target")
    if kind in CHOSEN:
        t = args.get("target")
        return [t] if t is not None and in_play(game, t) else []
    if kind is None:
        return []
    resolve = _TARGET.get(kind)
    if resolve is None:
        raise RuleError(f"card effect {spec}: unknown target kind {kind!r} (no target of that name is registered)")
    return resolve(game, src, player, args)


# ======================================================================= effects
def effects_of(game: Table, ref: list) -> list[dict]:
    """The effect list a reference names: ``[card, "effects"|"battlecry"|"deathrattle"|"power"|"trigger<i>"]``."""
    card = game.rulebook.cards[ref[0]]
    part = ref[1]
    if part == "power":
        return card["power"]["effects"]
    if part.startswith("trigger"):
        return card["triggers"][int(part[7:])]["effects"]
    return card[part]


def start_effects(game: Table, ref: list, src: str | None, player: int, rule: str, **extra: Any) -> None:
    """Schedule an effect list; its effects happen one after another, each at once (L66)."""
    game.push(t_effects, ref=ref, i=0, src=src, player=player, rule=rule, **extra)


def effects_now(game: Table, ref: list, src: str | None, player: int, rule: str, **extra: Any) -> None:
    """:func:`start_effects` for the last thing a step does, when it has scheduled nothing else: the
    ``hs.effects`` task would run next with the same cause, so its first effect runs now (one engine
    step fewer for each spell and hero power); the others still follow one per step."""
    if game.scheduled_in_step:  # (something scheduled earlier in this step must run first)
        start_effects(game, ref, src, player, rule, **extra)
        return
    if extra:
        t_effects(game, ref=ref, i=0, src=src, player=player, rule=rule, **extra)
    else:  # (no ** dict to copy and unpack)
        t_effects(game, ref=ref, i=0, src=src, player=player, rule=rule)


@TASKS("hs.effects")
def t_effects(
    game: Table,
    *,
    ref: list,
    i: int,
    src: str | None,
    player: int,
    rule: str,
    choice: dict | None = None,
    **extra: Any,
) -> None:
    """One effect of a list; the next one is scheduled after whatever this one set off.

    ``extra``: what the effects read of the moment that started them (``target``, a chosen target;
    ``pos``, where a Deathrattle's minion stood; ``summoned``, the minion a trigger saw arrive);
    ``choice``: the random enemy a chance decision picked (hs.assume.random)."""
    effects = effects_of(game, ref)
    spec = effects[i]
    args = {"ref": ref, "i": i, "src": src, "player": player, "rule": rule, **extra}
    if spec.get("target") == "random_enemy":
        if choice is None:
            q = other(player)
            cands = [hero(game, q), *board(game, q)]
            game.ask(
                CHANCE,
                "random_target",
                [{"id": c, "label": name_of(game, c)} for c in cands],
                t_effects,
                prompt=f"a random enemy for {name_of(game, src)}",
                rule="hs.assume.random",
                args=args,
                stream="random",
            )
            return
        apply_effect(game, spec, src, player, {**args, "choice": choice["id"]})
    else:
        apply_effect(game, spec, src, player, args)
    if i + 1 < len(effects):
        game.push(t_effects, ref=ref, i=i + 1, src=src, player=player, rule=rule, **extra)


def apply_effect(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    """Carry out one effect of a card: the function its name is registered on (``EFFECTS``)."""
    fn = _EFFECT.get(spec["effect"])
    if fn is None:
        raise RuleError(f"card effect {spec}: unknown effect {spec['effect']!r} (no effect of that name is registered)")
    fn(game, spec, src, player, args)


# The effect vocabulary, each word on its code: ``(game, spec, src, player, args)``; ``requires``: the
# fields a card must give with it (card.schema.json's clauses are generated from them).
@EFFECTS.register("damage", requires=("amount", "target"))
def _e_damage(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    amount = spec["amount"]
    targets = resolve_targets(game, spec, src, player, args)
    if targets:
        game.emit_batch(
            [{"type": "damage", "source": src, "target": t, "amount": amount, "player": player} for t in targets],
            rule=args["rule"],
        )


@EFFECTS.register("heal", requires=("amount", "target"))
def _e_heal(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    st = game.state
    for t in resolve_targets(game, spec, src, player, args):
        obj = st.objects[t]
        healed = min(spec["amount"], obj["dmg"])
        if healed:
            st.objects[t] = {**obj, "dmg": obj["dmg"] - healed}
        game.record(
            "resolution",
            lambda t=t, healed=healed: f"{name_of(game, t)} is healed by {healed}",
            "hs.assume.heal",
            target=t,
        )


@EFFECTS.register("buff", requires=("target",))
def _e_buff(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    st = game.state
    rule = args["rule"]
    da, dh = spec.get("attack", 0), spec.get("health", 0)
    for t in resolve_targets(game, spec, src, player, args):
        obj = st.objects[t]
        if obj["kind"] != "card" or not obj["zone"].startswith("board:"):
            continue
        buffs = (*obj["buffs"], (src, da, dh, rule))
        st.objects[t] = {**obj, "atk": obj["atk"] + da, "hp": obj["hp"] + dh, "buffs": buffs}
        game.record("modifier", lambda t=t: f"{name_of(game, t)} gets +{da}/+{dh}", rule, target=t)


@EFFECTS.register("summon", requires=("card",))
def _e_summon(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    p = player if spec.get("for", "self") == "self" else other(player)
    way = "power" if args["ref"][1] == "power" else "effect"
    for _ in range(spec.get("count", 1)):
        game.emit(
            "summon", rule=args["rule"], player=p, token=spec["card"], minion=None, way=way, position=args.get("pos")
        )


@EFFECTS.register("draw")
def _e_draw(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    for _ in range(spec.get("count", 1)):
        game.push(t_draw, player=player)


@EFFECTS.register("destroy", requires=("target",))
def _e_destroy(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    st = game.state
    for t in resolve_targets(game, spec, src, player, args):
        if st.objects[t]["zone"].startswith("board:"):
            st.objects[t] = {**st.objects[t], "doomed": True}
            game.record("resolution", lambda t=t: f"{name_of(game, t)} is destroyed", args["rule"], target=t)


@EFFECTS.register("give", requires=("card",))
def _e_give(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    st = game.state
    p = player if spec.get("for", "self") == "self" else other(player)
    for _ in range(spec.get("count", 1)):
        full = len(st.zones[f"hand:{p}"]) >= game.options["hand_limit"]
        oid = new_card(game, p, spec["card"], z("grave" if full else "hand", p), created=True)
        game.record(
            "resolution",
            lambda oid=oid, full=full: (
                f"player {p} is given {name_of(game, oid)}, which "
                + ("is destroyed: the hand is full" if full else "goes to the hand")
            ),
            "hs.assume.hand_limit" if full else args["rule"],
            player=p,
        )


@EFFECTS.register("gain_mana")
def _e_gain_mana(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    st = game.state
    pl = st.players[player]
    st.players[player] = {**pl, "mana": min(MANA_LIMIT, pl["mana"] + spec["amount"])}
    game.record(
        "resolution", lambda: f"player {player} gains {spec['amount']} mana this turn", args["rule"], player=player
    )


@EFFECTS.register("discard_hand")
def _e_discard_hand(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    hand = game.state.zones[f"hand:{player}"]
    for oid in hand:
        put(game, oid, GRAVE_ZONES[player])
    game.record("resolution", lambda: f"player {player} discards {len(hand)} card(s)", args["rule"], player=player)


@EFFECTS.register("lose_durability")
def _e_lose_durability(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    for t in resolve_targets(game, spec, src, player, args):
        lose_durability(game, t, args["rule"])


KEYWORD_FLAGS = {"taunt": "taunt", "divine_shield": "shield", "charge": "charge"}


@EFFECTS.register("give_keyword", requires=("target", "keyword"))
def _e_give_keyword(game: Table, spec: dict, src: str | None, player: int, args: dict) -> None:
    st = game.state
    flag = KEYWORD_FLAGS[spec["keyword"]]
    for t in resolve_targets(game, spec, src, player, args):
        if st.objects[t]["zone"].startswith("board:"):
            st.objects[t] = {**st.objects[t], flag: True}
            game.record("modifier", lambda t=t: f"{name_of(game, t)} gets {spec['keyword']}", args["rule"], target=t)


_EFFECT = EFFECTS.handlers


def lose_durability(game: Table, wid: str, rule: str) -> None:
    """hs.durability (L31): one durability less; at 0 the weapon breaks in the death phase."""
    st = game.state
    obj = st.objects[wid]
    dur = obj["dur"] - 1
    st.objects[wid] = {**obj, "dur": dur}
    game.record("resolution", lambda: f"{name_of(game, wid)} loses 1 durability ({dur} left)", rule, target=wid)


# ================================================================ event handlers
def on_summon(game: Table, ev: dict) -> None:
    """A minion enters the board (played, L1513; or summoned by an effect); L26: beyond 7 it is destroyed."""
    st = game.state
    p = ev["player"]
    zone = BOARD_ZONES[p]
    row = st.zones[zone]
    if len(row) >= BOARD_LIMIT:
        oid = ev.get("card")
        if oid is not None:
            put(game, oid, GRAVE_ZONES[p])
        game.record(
            "resolution",
            lambda: (
                "the board is full: "
                + (name_of(game, oid) if oid else game.rulebook.cards[ev["token"]]["name"])
                + " is destroyed"
            ),
            "hs.board_limit",
            player=p,
        )
        return
    pos = ev.get("position")
    pos = len(row) if pos is None else max(0, min(pos, len(row)))
    cards = game.rulebook.cards
    if ev.get("card") is not None:
        oid = ev["card"]
        game.move(oid, zone, pos, vis="all", **minion_fields(cards[st.objects[oid]["card"]]))
    else:
        card = cards[ev["token"]]
        index = None if pos == len(row) else pos
        oid = new_card(game, p, ev["token"], zone, index=index, created=True, **minion_fields(card))
    st.events[ev["id"]] = {**ev, "minion": oid}
    refresh_auras(game, p)
    if (
        ev.get("way") == "played"
        and game.options["battlecry"] == "first"
        and cards[st.objects[oid]["card"]].get("battlecry")
    ):  # hs.assume.battlecry, option battlecry='first': before the effects this summon sets off
        game.record("resolution", lambda: f"Battlecry ({oid}) resolves at once", "hs.assume.battlecry", player=p)
        start_effects(
            game, [st.objects[oid]["card"], "battlecry"], oid, p, "hs.assume.battlecry", target=ev.get("target")
        )


def on_damage(game: Table, ev: dict) -> None:
    """Damage lowers health (L41-42); Divine Shield absorbs the first damage (hs.assume.divine_shield)."""
    st = game.state
    t = ev["target"]
    if not in_play(game, t):
        return
    obj = st.objects[t]
    if obj.get("shield"):
        st.objects[t] = {**obj, "shield": False}
        st.events[ev["id"]] = {**ev, "amount": 0, "absorbed": True}
        game.record(
            "resolution", lambda: f"Divine Shield of {name_of(game, t)} absorbs the damage", "hs.assume.divine_shield"
        )
        return
    dmg = obj["dmg"] + ev["amount"]
    st.objects[t] = {**obj, "dmg": dmg}
    if obj["dmg"] < obj["hp"] <= dmg and obj["kind"] == "card" and game.options["deaths"] == "at_once":
        # L27 read literally (option deaths): "as soon as" its health reaches 0 the minion is removed, before
        # the responses to this damage and whatever else is pending (hs.assume.death_phase)
        game.emit("die", rule="hs.death", minion=t)


def on_die(game: Table, ev: dict) -> None:
    """hs.death (L27): the minion leaves the board for the graveyard; auras are recomputed."""
    st = game.state
    oid = ev["minion"]
    obj = st.objects[oid]
    zone = obj["zone"]  # the row it leaves
    st.events[ev["id"]] = {**ev, "pos": st.zones[zone].index(oid)}
    put(game, oid, GRAVE_ZONES[obj["owner"]])
    refresh_auras(game, BOARD_ZONES.index(zone))


def on_weapon_breaks(game: Table, ev: dict) -> None:
    wid = ev["weapon"]
    if in_play(game, wid):
        put(game, wid, GRAVE_ZONES[game.state.objects[wid]["owner"]])


def on_heroes_die(game: Table, ev: dict) -> None:
    """hs.win (L1507): a hero at 0 health loses; both at once is a draw (hs.assume.draw_game)."""
    dead = ev["players"]
    winners = [p for p in PLAYERS if p not in dead]
    if winners:
        game.end_game(winners, reason=f"the hero of player {dead[0]} reached 0 health", rule="hs.win")
    else:
        game.end_game([], reason="both heroes reached 0 health", rule="hs.assume.draw_game")


EVENT_HANDLERS = {
    "summon": on_summon,
    "damage": on_damage,
    "die": on_die,
    "weapon_breaks": on_weapon_breaks,
    "heroes_die": on_heroes_die,
}


def _summon_text(game: Table, ev: dict) -> str:
    what = (
        name_of(game, ev["minion"])
        if ev.get("minion")
        else name_of(game, ev.get("card"))
        if ev.get("card")
        else (game.rulebook.cards[ev["token"]]["name"])
    )
    how = {"played": "plays", "effect": "gets", "power": "gets (hero power)"}[ev["way"]]
    return f"player {ev['player']} {how} {what} on the board"


EVENT_TEXT = {
    "summon": _summon_text,
    "damage": lambda game, ev: (
        f"{name_of(game, ev['source'])} deals {ev['amount']} damage to {name_of(game, ev['target'])}"
        + (" (absorbed by Divine Shield)" if ev.get("absorbed") else "")
    ),
    "die": lambda game, ev: f"{name_of(game, ev['minion'])} dies",
    "weapon_breaks": lambda game, ev: f"{name_of(game, ev['weapon'])} breaks",
    "heroes_die": lambda game, ev: f"the hero of player(s) {', '.join(map(str, ev['players']))} dies",
    "end_of_turn": lambda game, ev: f"end of player {ev.get('player')}'s turn",
}


# =================================================================== death phase
def state_checks(game: Table) -> list[dict]:
    """hs.assume.death_phase: once nothing is pending, everything at 0 health (or destroyed) dies at once."""
    # (runs twice per action: the two players' zones are spelled out rather than looped over)
    st = game.state
    objects = st.objects
    zones = st.zones
    h0 = objects[zones["hero:0"][0]]
    h1 = objects[zones["hero:1"][0]]
    if h0["dmg"] >= h0["hp"] or h1["dmg"] >= h1["hp"]:
        dead_heroes = [p for p, h in ((0, h0), (1, h1)) if h["dmg"] >= h["hp"]]
        return [{"type": "heroes_die", "players": dead_heroes, "rule": "hs.win"}]
    events = []
    for oid in zones["board:0"] + zones["board:1"]:
        obj = objects[oid]
        if obj["dmg"] >= obj["hp"] or obj["doomed"]:
            events.append({"type": "die", "minion": oid, "rule": "hs.death"})
    for wid in zones["weapon:0"] + zones["weapon:1"]:
        if objects[wid]["dur"] <= 0:
            events.append({"type": "weapon_breaks", "weapon": wid, "rule": "hs.durability"})
    return events


# ==================================================================== the deck
# hs.assume.draw: anonymous objects, a hidden composition, the top card a chance outcome by what is left
DECKS = player_decks(
    ZONES,
    "deck:{p}",
    PLAYERS,
    rule="hs.assume.draw",
    cache_options=True,
)


@TASKS("hs.draw")
def t_draw(game: Table, *, player: int, keep: bool = True) -> None:
    """hs.assume.draw: the top card is a chance outcome weighted by what is left; empty deck: fatigue
    (hs.assume.fatigue), or nothing with option fatigue=False. (``keep`` is passed on to hs.drawn, which
    saved games hold; nothing reads it.)"""
    p = player
    if DECKS[p].draw_if_any(game, t_drawn, {"player": p, "keep": keep}):
        return
    # the deck is empty
    if not game.options["fatigue"]:
        game.record("action", lambda: f"player {p}'s deck is empty: nothing is drawn", "hs.assume.fatigue", player=p)
        return
    st = game.state
    pl = st.players[p]
    n = pl["fatigue"] + 1
    st.players[p] = {**pl, "fatigue": n}
    game.record("action", lambda: f"player {p}'s deck is empty: fatigue {n}", "hs.assume.fatigue", player=p)
    game.emit("damage", rule="hs.assume.fatigue", source=None, target=hero(game, p), amount=n, player=p)


@TASKS("hs.drawn")
def t_drawn(game: Table, *, player: int, choice: dict, keep: bool = True) -> None:
    """The drawn card leaves the deck's composition; its object gets the card as it arrives (one copy)."""
    st = game.state
    p = player
    card_id = choice["id"]
    oid = DECKS[p].take(game, card_id)
    if len(st.zones[HAND_ZONES[p]]) >= game.options["hand_limit"]:
        game.move(oid, GRAVE_ZONES[p], card=card_id, vis="all")
        if game.tracing:  # (hot: an untraced playout skips the record)
            game.record(
                "action",
                f"player {p}'s hand is full: {name_of(game, oid)} is destroyed",
                "hs.assume.hand_limit",
                player=p,
            )
        return
    game.move(oid, HAND_ZONES[p], card=card_id, vis="owner")
    if game.tracing:  # (hot: an untraced playout skips the record)
        game.record("action", f"player {p} draws a card", "hs.assume.draw", player=p)


# ============================================================ the start of play
@TASKS("hs.coin")
def t_coin(game: Table, *, choice: dict) -> None:
    """hs.coin_toss (L1508): the winner of the toss goes first and draws 3, the other draws 4."""
    first = int(choice["id"])
    game.state.set_turn(first=first, player=first)
    game.record("action", lambda: f"the coin toss: player {first} goes first", "hs.coin_toss", player=first)
    second = other(first)
    tasks: list[tuple[Callable[..., None], dict]] = [(t_draw, {"player": first}) for _ in range(3)]
    tasks += [(t_draw, {"player": second}) for _ in range(4)]
    coin_first = game.options["coin_before_mulligan"]  # hs.assume.the_coin: L1508-1509 read literally
    if coin_first:
        tasks.append((t_give_coin, {"player": second}))
    if game.options["mulligan"]:  # hs.assume.mulligan: the first player decides first, then the second
        tasks += [(t_mulligan, {"player": first}), (t_mulligan, {"player": second})]
    if not coin_first:
        tasks.append((t_give_coin, {"player": second}))
    game.then(*tasks)


@TASKS("hs.mulligan")
def t_mulligan(game: Table, *, player: int) -> None:
    """hs.mulligan (L1509): one chance to swap any of the starting cards (one choice: the set to swap)."""
    p = player
    hand = game.state.zones[f"hand:{p}"]
    options = [{"id": "keep", "label": "keep all starting cards"}]
    names = {o: name_of(game, o) for o in hand}
    for n in range(1, len(hand) + 1):
        for subset in combinations(hand, n):
            options.append({"id": "swap:" + "+".join(subset), "label": "swap " + ", ".join(names[o] for o in subset)})
    game.ask(
        p,
        "mulligan",
        options,
        t_mulligan_done,
        prompt="choose the starting cards to swap",
        rule="hs.mulligan",
        args={"player": p},
    )


@TASKS("hs.mulligan_done")
def t_mulligan_done(game: Table, *, player: int, choice: dict) -> None:
    """hs.mulligan (L1509): the chosen cards are swapped for as many drawn ones."""
    p = player
    cid = choice["id"]
    if cid == "keep":
        game.record("action", lambda: f"player {p} keeps the starting cards", "hs.mulligan", player=p)
        return
    swapped = cid[5:].split("+")
    game.record("action", lambda: f"player {p} swaps {len(swapped)} card(s)", "hs.mulligan", player=p)
    # the swapped cards stay in the hand while the replacements are drawn, then go back (L1509)
    game.then(*[(t_draw, {"player": p}) for _ in swapped], (t_shuffle_back, {"player": p, "cards": swapped}))


@TASKS("hs.shuffle_back")
def t_shuffle_back(game: Table, *, player: int, cards: list[str]) -> None:
    """hs.mulligan (L1509): the swapped cards go back into the deck, anonymous again."""
    p = player
    DECKS[p].shuffle_in(game, cards)
    game.record("action", lambda: f"player {p} shuffles {len(cards)} card(s) back", "hs.mulligan", player=p)


@TASKS("hs.give_coin")
def t_give_coin(game: Table, *, player: int) -> None:
    """hs.coin_toss / hs.assume.the_coin: the second player receives The Coin (after the mulligan; with option
    coin_before_mulligan, with the starting cards, so it may be swapped)."""
    p = player
    if len(game.state.zones[HAND_ZONES[p]]) >= game.options["hand_limit"]:  # hs.assume.hand_limit
        new_card(game, p, "the_coin", z("grave", p), created=True)
        game.record(
            "action",
            lambda: f"player {p} is given The Coin, which is destroyed: the hand is full",
            "hs.assume.hand_limit",
            player=p,
        )
    else:
        new_card(game, p, "the_coin", z("hand", p), created=True)
        game.record("action", lambda: f"player {p} receives The Coin", "hs.coin_toss", player=p)
    if not game.options["coin_before_mulligan"]:
        game.record("flow", "both players have their starting cards: the game starts", "hs.start")


# ===================================================================== the turn
@TASKS("hs.start")
def t_start(game: Table) -> None:
    """hs.mana (L1511), hs.own_turn (L38): one more crystal (up to 10), all refilled; then a draw."""
    st = game.state
    p = st.turn["player"]
    pl = st.players[p]
    crystals = min(MANA_LIMIT, pl["crystals"] + 1)
    st.players[p] = {**pl, "crystals": crystals, "mana": crystals, "power_used": False}
    objects = st.objects
    for oid in st.zones[BOARD_ZONES[p]]:
        obj = objects[oid]
        if obj["sick"] or obj["attacks"]:
            objects[oid] = {**obj, "sick": False, "attacks": 0}
    h = st.zones[HERO_ZONES[p][1]][0]
    if objects[h]["attacks"]:
        objects[h] = {**objects[h], "attacks": 0}
    if game.tracing:  # (hot: an untraced playout skips the record)
        game.record("action", f"player {p} has {crystals} mana crystal(s), refilled", "hs.mana", player=p)
    # (the draw is the last thing this step does and the only task it would schedule: the pushed
    # hs.draw would run next with the same cause, so it runs now, one engine step fewer a turn)
    t_draw(game, player=p)


def attack_targets(game: Table, player: int) -> list[str]:
    """hs.no_friendly_attack: enemies only, the hero or a minion (hs.board); hs.assume.taunt: Taunt minions first."""
    st = game.state
    q = 1 - player
    theirs = st.zones[BOARD_ZONES[q]]
    objects = st.objects
    taunts = [m for m in theirs if objects[m]["taunt"]]
    if taunts:
        return taunts
    return [st.zones[HERO_ZONES[q][1]][0], *theirs]


# Option dicts are plain data that nothing changes once made: equal ones are shared between
# decisions and games (a random game asks ~90 times; most options recur). They are kept in small
# nested dicts keyed by object id, then card id (the card behind an object id can differ between
# games): string keys whose hashes Python keeps, where a key tuple would be built and hashed for
# every option of every decision.
_OPTIONS_MAX = 200_000  # (a bound on memory: past this many option dicts, the caches start again)
_made = 0  # option dicts made since the caches last started again


def _option(oid: str, label: str) -> dict:
    global _made
    _made += 1
    return {"id": oid, "label": label}


class _Targeted:
    """The options of one action over its targets (a spell in hand, the hero power, an attacker):
    id ``prefix`` + target, label ``text`` + the target's name."""

    __slots__ = ("by_target", "cards", "prefix", "text")

    def __init__(self, cards: Any, prefix: str, text: str) -> None:
        self.cards = cards  # (the catalogue whose option caches hold this)
        self.prefix = prefix
        self.text = text
        self.by_target: dict[str, dict[str | None, dict]] = {}  # target id -> its card -> option

    def extend(self, options: list[dict], objects: dict, targets: list[str]) -> None:
        by_target = self.by_target
        append = options.append
        for t in targets:
            obj = objects[t]
            try:
                o = by_target[t][obj["card"]]
            except KeyError:  # (the first time this target is this card)
                label = self.text + name_of_obj(self.cards, obj, t)
                o = by_target.setdefault(t, {})[obj["card"]] = _option(self.prefix + t, label)
            append(o)


# Each catalogue keeps its option caches (labels name its cards; index_cards makes them):
# ``hand_options``: hand card id -> its card -> the options to play it: a tuple (a spell without target, a
# weapon), a list by the number of minions on the board (a minion: one option per position), or _Targeted;
# ``power_options``: hero card -> _power_entry; ``attack_options``: attacker id -> its card -> _Targeted.
def _clear_options(cards: Any) -> None:
    global _made
    _made = 0
    cards.hand_options = {}
    cards.power_options = {}
    cards.attack_options = {}


def _hand_entry(cards: Any, oid: str, card: str) -> Any:
    """The options to play hand card ``oid`` that is ``card`` (made once, kept in ``cards.hand_options``)."""
    _cost, kind, name, need = cards.play_info[card]
    if kind == "minion":
        entry: Any = [(_option(f"play:{oid}@0", f"play {name}"),)]
        entry += [
            tuple(_option(f"play:{oid}@{k}", f"play {name} at position {k}") for k in range(n + 1))
            for n in range(1, BOARD_LIMIT)
        ]
    elif kind == "spell" and need is not None:
        entry = _Targeted(cards, f"play:{oid}>", f"cast {name} on ")
    elif kind == "spell":
        entry = (_option(f"play:{oid}", f"cast {name}"),)
    else:
        entry = (_option(f"play:{oid}", f"equip {name}"),)
    cards.hand_options.setdefault(oid, {})[card] = entry
    return entry


def _power_entry(cards: Any, hcard: dict) -> tuple[int, str | None, bool, Any]:
    """What main_options reads of a hero's power, in one tuple: its cost, its chosen target kind
    (or None), whether it summons, and its options (a tuple, or _Targeted)."""
    power = hcard["power"]
    need = cards.power_target.get(hcard["id"])
    if need is None:
        options: Any = (_option("power", power["name"]),)
    else:
        options = _Targeted(cards, "power>", f"{power['name']} on ")
    entry = cards.power_options[hcard["id"]] = (
        power["cost"],
        need,
        bool(cards.power_summons.get(hcard["id"])),
        options,
    )
    return entry


def _attack_entry(cards: Any, oid: str, card: str | None) -> _Targeted:
    text = "your hero attacks " if card is None else f"{cards[card]['name']} attacks "
    entry = cards.attack_options.setdefault(oid, {})[card] = _Targeted(cards, f"attack:{oid}>", text)
    return entry


def name_of_obj(cards: Any, obj: dict | None, oid: str) -> str:
    if obj is None or obj.get("card") is None:
        return oid
    return f"{cards[obj['card']]['name']} ({oid})"


def main_options(game: Table, p: int) -> list[dict]:
    """Every legal action: a card per position or target, the hero power per target, each attack, end turn."""
    st = game.state
    objects = st.objects
    zones = st.zones
    pl = st.players[p]
    mana = pl["mana"]
    row = zones[BOARD_ZONES[p]]
    options: list[dict] = []
    cards: HearthstoneCards = game.rulebook.cards  # type: ignore[assignment]  # (a cast without a call: hot)
    if _made > _OPTIONS_MAX:
        _clear_options(cards)
    n_row = len(row)
    play = cards.play_info
    hand_cache = cards.hand_options
    for oid in zones[HAND_ZONES[p]]:  # hs.play_cards: cards are played from the hand
        card = objects[oid]["card"]
        cost, kind, name, need = play[card]
        if cost > mana:
            continue
        try:
            entry = hand_cache[oid][card]
        except KeyError:
            entry = _hand_entry(cards, oid, card)
        if kind == "minion":
            if n_row < BOARD_LIMIT:  # hs.assume.board_full
                options.extend(entry[n_row])
            elif game.options["play_onto_full_board"]:  # L26 read literally: played, then destroyed
                options.append(_option(f"play:{oid}@{n_row}", f"play {name} (the board is full: it is destroyed)"))
        elif need is None:
            options.extend(entry)
        else:
            entry.extend(options, objects, chosen_targets(game, need, p))
    h = zones[HERO_ZONES[p][1]][0]
    if not pl["power_used"]:
        hcard_id = objects[h]["card"]
        try:
            cost, need, summons, entry = cards.power_options[hcard_id]
        except KeyError:
            cost, need, summons, entry = _power_entry(cards, cards[hcard_id])
        if cost <= mana:
            if need is not None:
                entry.extend(options, objects, chosen_targets(game, need, p))
            elif not (summons and n_row >= BOARD_LIMIT):
                options.extend(entry)
    targets = None
    for oid in row:
        obj = objects[oid]  # hs.summoning_sickness, hs.assume.charge, hs.assume.attacks
        if not obj["attacks"] and (not obj["sick"] or obj["charge"]) and obj["atk"] + obj["aura"] > 0:
            if targets is None:
                targets = attack_targets(game, p)
            try:
                entry = cards.attack_options[oid][obj["card"]]
            except KeyError:
                entry = _attack_entry(cards, oid, obj["card"])
            entry.extend(options, objects, targets)
    w = zones[WEAPON_ZONES[p]]
    if w and not objects[h]["attacks"] and objects[w[0]]["atk"] > 0:
        if targets is None:
            targets = attack_targets(game, p)
        try:
            entry = cards.attack_options[h][None]
        except KeyError:
            entry = _attack_entry(cards, h, None)
        entry.extend(options, objects, targets)
    options.append(_END)
    return options


_END = {"id": "end", "label": "end the turn"}


def excluded_actions(game: Table, p: int) -> list[tuple[str, str, str, str]]:
    """The actions :func:`main_options` does not offer and the rule that excludes each, as
    ``(what, rule id, reason, object id)`` (for "why not?": made only when the game is traced)."""
    st = game.state
    objects = st.objects
    zones = st.zones
    cards = game.rulebook.cards
    pl = st.players[p]
    mana = pl["mana"]
    row = zones[BOARD_ZONES[p]]
    out: list[tuple[str, str, str, str]] = []
    for oid in zones[HAND_ZONES[p]]:
        card = objects[oid]["card"]
        cost, kind, name, need = cards.play_info[card]  # type: ignore[attr-defined]
        verb = "play" if kind != "spell" else "cast"
        if cost > mana:
            out.append((f"{verb} {name}", "hs.cost", f"it costs {cost} mana and player {p} has {mana}", oid))
        elif kind == "minion" and len(row) >= BOARD_LIMIT and not game.options["play_onto_full_board"]:
            out.append((f"play {name}", "hs.assume.board_full", f"the board already holds {BOARD_LIMIT} minions", oid))
        elif need is not None and kind != "minion" and not chosen_targets(game, need, p):
            out.append((f"cast {name}", "hs.play_cards", f"there is no {TARGET_TEXT[need]} to cast it on", oid))
    power = zones[f"power:{p}"][0]
    h = zones[HERO_ZONES[p][1]][0]
    hcard = objects[h]["card"]
    pcost, pneed, summons, _entry = cards.power_options.get(hcard) or _power_entry(cards, cards[hcard])  # type: ignore[attr-defined]
    if pl["power_used"]:
        out.append(("use the hero power", "hs.hero_power", "the hero power is used once a turn, and it was", power))
    elif pcost > mana:
        out.append(("use the hero power", "hs.hero_power", f"it costs {pcost} mana and player {p} has {mana}", power))
    elif summons and pneed is None and len(row) >= BOARD_LIMIT:
        why = f"it summons a minion and the board already holds {BOARD_LIMIT}"
        out.append(("use the hero power", "hs.assume.board_full", why, power))
    able = []
    for oid in row:
        obj = objects[oid]
        what = f"attack with {name_of_obj(cards, obj, oid)}"
        if obj["attacks"]:
            out.append((what, "hs.assume.attacks", "it has attacked this turn (once a turn)", oid))
        elif obj["sick"] and not obj["charge"]:
            why = "summoning sickness: a minion cannot attack the turn it is summoned"
            out.append((what, "hs.summoning_sickness", why, oid))
        elif obj["atk"] + obj["aura"] <= 0:
            out.append((what, "hs.assume.attacks", "it has no attack", oid))
        else:
            able.append(oid)
    w = zones[WEAPON_ZONES[p]]
    if not w:
        out.append(("attack with the hero", "hs.assume.hero_attack", "a hero attacks only with a weapon", h))
    elif objects[h]["attacks"]:
        out.append(("attack with the hero", "hs.assume.attacks", "the hero has attacked this turn", h))
    elif objects[w[0]]["atk"] <= 0:
        out.append(("attack with the hero", "hs.assume.attacks", "the weapon has no attack", h))
    else:
        able.append(h)
    q = 1 - p
    taunts = [m for m in zones[BOARD_ZONES[q]] if objects[m]["taunt"]]
    if able and taunts:
        guards = ", ".join(name_of_obj(cards, objects[m], m) for m in taunts)
        for t in (zones[HERO_ZONES[q][1]][0], *zones[BOARD_ZONES[q]]):
            if t not in taunts:
                what = f"attack {name_of_obj(cards, objects[t], t)}"
                out.append((what, "hs.assume.taunt", f"{guards} has Taunt: attacks must go to a Taunt minion", t))
    return out


@TASKS("hs.main")
def t_main(game: Table) -> None:
    """hs.actions (L67): the player on turn plays, attacks or ends the turn."""
    p = game.state.turn["player"]
    if game.tracing:  # "why not?": what is not offered, and the rule that says so
        note_excluded(game, p, "action", "hs.actions", lambda: excluded_actions(game, p))
    game.ask(p, "action", main_options(game, p), t_act, prompt="play, attack or end the turn", rule="hs.actions")


def pay(game: Table, p: int, cost: int) -> None:
    """hs.cost (L37-38): the mana is spent."""
    pl = game.state.players[p]
    game.state.players[p] = {**pl, "mana": pl["mana"] - cost}


@TASKS("hs.act")
def t_act(game: Table, *, choice: dict) -> None:
    """hs.actions (L67): any number of actions in any order; each resolves at once (L66)."""
    st = game.state
    p = st.turn["player"]
    cid = choice["id"]
    if cid == "end":
        if game.tracing:  # (hot: an untraced playout skips the record)
            game.record("flow", f"player {p} ends the turn", "hs.assume.end_turn", player=p)
        return
    game.repeat_step()
    try:
        act, params = _ACTIONS[cid]
    except KeyError:  # (the first time this option id is chosen)
        if len(_ACTIONS) > _OPTIONS_MAX:
            _ACTIONS.clear()
        act, params = _ACTIONS[cid] = _parse_action(cid)
    act(game, p, *params)


def _parse_action(cid: str) -> tuple[Callable[..., None], tuple]:
    """An action's option id (made by main_options) as the function that carries it out and its
    arguments after the player."""
    if cid.startswith("attack:"):
        attacker, target = cid[7:].split(">")
        return attack, (attacker, target)
    if cid.startswith("power"):
        return use_power, (cid[6:] if cid.startswith("power>") else None,)
    rest = cid[5:]
    if "@" in rest:
        oid, pos = rest.split("@")
        return play_minion, (oid, int(pos))
    oid, _, target = rest.partition(">")
    return play_card, (oid, target or None)


# option id -> _parse_action(id): the same ids recur in every game (object ids are given in the
# same order), so each is parsed once rather than at every action
_ACTIONS: dict[str, tuple[Callable[..., None], tuple]] = {}


def play_minion(game: Table, p: int, oid: str, pos: int) -> None:
    """hs.play (L1512): a minion goes onto the board where the player chooses (L50), on the player's
    own half of it (hs.minion)."""
    card = card_of(game, oid)
    pay(game, p, card["cost"])
    if game.tracing:  # (hot: an untraced playout skips the record)
        game.record("action", f"player {p} plays {name_of(game, oid)} for {card['cost']} mana", "hs.play", player=p)
    cards: HearthstoneCards = game.rulebook.cards  # type: ignore[assignment]  # (a cast without a call: hot)
    need = cards.battlecry_target.get(card["id"])
    full = len(game.state.zones[BOARD_ZONES[p]]) >= BOARD_LIMIT  # (option play_onto_full_board: no Battlecry)
    targets = chosen_targets(game, need, p) if need is not None and not full else None
    if targets:  # hs.assume.battlecry: a Battlecry with a chosen target asks for it as the minion is played
        # (targets only when need is set)
        game.ask(
            p,
            "target",
            [{"id": t, "label": name_of(game, t)} for t in targets],
            t_battlecry_target,
            prompt=f"choose {TARGET_TEXT[cast(str, need)]} for the Battlecry of {name_of(game, oid)}",
            rule="hs.assume.battlecry",
            args={"player": p, "card": oid, "position": pos, "need": need},
        )
        return
    game.emit("summon", rule="hs.play", player=p, card=oid, minion=None, way="played", position=pos, target=None)


@TASKS("hs.battlecry_target")
def t_battlecry_target(game: Table, *, player: int, card: str, position: int, need: str, choice: dict) -> None:
    """hs.assume.battlecry: the minion whose Battlecry's target was chosen enters the board (``need``, the kind
    of target asked for, is kept for saved games)."""
    game.emit(
        "summon",
        rule="hs.play",
        player=player,
        card=card,
        minion=None,
        way="played",
        position=position,
        target=choice["id"],
    )


def play_card(game: Table, p: int, oid: str, target: str | None) -> None:
    """A spell resolves at once (L1514) and goes to the graveyard; a weapon is equipped (L30-31)."""
    card = card_of(game, oid)
    pay(game, p, card["cost"])
    if card["type"] == "weapon":
        old = weapon(game, p)
        if old is not None:
            put(game, old, GRAVE_ZONES[p])
            if game.tracing:  # (hot: an untraced playout skips the record)
                game.record("resolution", f"{name_of(game, old)} is destroyed", "hs.assume.weapon_replace", player=p)
        game.move(oid, WEAPON_ZONES[p], vis="all", atk=card["attack"], dur=card["durability"])
        if game.tracing:  # (hot: an untraced playout skips the record)
            game.record("action", f"player {p} equips {name_of(game, oid)}", "hs.weapon", player=p)
        return
    put(game, oid, GRAVE_ZONES[p])
    if game.tracing:  # (hot: an untraced playout skips the record)
        game.record(
            "action",
            f"player {p} casts {name_of(game, oid)}" + (f" on {name_of(game, target)}" if target else ""),
            "hs.spell_immediate",
            player=p,
        )
    effects_now(game, [card["id"], "effects"], oid, p, "hs.spell_immediate", target=target)


def use_power(game: Table, p: int, target: str | None) -> None:
    """hs.hero_power (L35): 2 mana, once a turn; a summoned minion goes to the right end."""
    st = game.state
    h = hero(game, p)
    hcard = card_of(game, h)
    pay(game, p, hcard["power"]["cost"])
    st.players[p] = {**st.players[p], "power_used": True}
    if game.tracing:  # (hot: an untraced playout skips the record)
        game.record(
            "action",
            (
                f"player {p} uses the hero power {hcard['power']['name']}"
                + (f" on {name_of(game, target)}" if target else "")
            ),
            "hs.hero_power",
            player=p,
        )
    effects_now(game, [hcard["id"], "power"], st.zones[f"power:{p}"][0], p, "hs.hero_power", target=target)


def attack(game: Table, p: int, attacker: str, target: str) -> None:
    """hs.combat (L68): damage both ways at the same time; a defending hero strikes back with nothing
    (hs.assume.hero_attack) unless the option ``defending_hero_strikes_back`` says so."""
    st = game.state
    objects = st.objects
    a_obj = objects[attacker]
    objects[attacker] = {**a_obj, "attacks": a_obj["attacks"] + 1}
    dealt = attack_of(game, attacker)
    t_obj = objects[target]
    if t_obj["kind"] == "hero":  # hs.assume.hero_attack; the option reads L68 "defending minion/Hero" literally
        back = attack_of(game, target) if game.options["defending_hero_strikes_back"] else 0
    else:
        back = t_obj["atk"] + t_obj["aura"]
    if game.tracing:  # (hot: an untraced playout skips the record)
        game.record("action", f"{name_of(game, attacker)} attacks {name_of(game, target)}", "hs.combat", player=p)
    if a_obj["kind"] == "hero":
        # a hero attacks only with attack, and a hero's attack is his weapon's (attack_of): he has one
        lose_durability(game, cast(str, weapon(game, p)), "hs.durability")
    events = [{"type": "damage", "source": attacker, "target": target, "amount": dealt, "player": p}]
    if back > 0:
        events.append({"type": "damage", "source": target, "target": attacker, "amount": back, "player": p})
    game.emit_batch(events, rule="hs.combat")


# ============================================================== target tables
def index_cards(cards: Any) -> None:
    """Precompute, on a catalogue (``game.rulebook.cards``), which cards need a chosen target, have an aura,
    or whose power summons, what main_options reads of a card in hand, and its empty option caches.

    ``spell_target``, ``battlecry_target``, ``power_target``: card id -> chosen target kind;
    ``power_summons``: hero card -> bool; ``aura_cards``: a set; ``play_info``: card id -> (cost, type,
    name, chosen target kind or None); and the action caches of :func:`_clear_options` (their labels name
    cards, so each catalogue has its own; a draw's options are kept per card set by the Deck)."""
    spell_target: dict[str, str] = {}
    battlecry_target: dict[str, str] = {}
    power_target: dict[str, str] = {}
    power_summons: dict[str, bool] = {}
    aura_cards: set[str] = set()
    for cid, card in cards.items():
        if card["type"] == "spell":
            kind = chosen_kind(card["effects"])
            if kind:
                spell_target[cid] = kind
        if card.get("battlecry"):
            kind = chosen_kind(card["battlecry"])
            if kind:
                battlecry_target[cid] = kind
        if card.get("power"):
            kind = chosen_kind(card["power"]["effects"])
            if kind:
                power_target[cid] = kind
            power_summons[cid] = any(e["effect"] == "summon" for e in card["power"]["effects"])
        if card.get("aura"):
            aura_cards.add(cid)
    cards.spell_target, cards.battlecry_target, cards.power_target = spell_target, battlecry_target, power_target
    cards.power_summons, cards.aura_cards = power_summons, aura_cards
    cards.play_info = {
        cid: (card["cost"], card["type"], card["name"], spell_target.get(cid) if card["type"] == "spell" else None)
        for cid, card in cards.items()
        if "cost" in card  # (heroes are never in a hand)
    }
    _clear_options(cards)
