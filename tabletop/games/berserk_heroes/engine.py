"""The rules code of Berserk: Heroes: zones, coins, costs, targets, the effect vocabulary,
event handlers, state checks and the tasks of a turn.

Everything here goes through the kernel: events through ``game.emit`` (so replacement effects
such as Protection and triggered abilities see them), choices through ``game.ask``, lasting
effects through ``game.add_effect``/``game.add_modifier``/``game.delay``, and every step that is
not an event is a ``game.record`` citing its rule.
"""

from __future__ import annotations

from typing import Any, cast

from tabletop.core import Prevent, Table, TaskTable, Zones, ZoneSpec, player_decks
from tabletop.core.choices import note_excluded
from tabletop.core.modifiers import Explanation, compute
from tabletop.core.zones import active_player as active
from tabletop.core.zones import card_of as card_data  # (a coin too: {})
from tabletop.core.zones import controller
from tabletop.core.zones import other_player as other
from tabletop.core.zones import player_zone as z

from .vocabulary import EFFECTS, TARGETS

PLAYERS = (0, 1)
# bh.assume.hidden: a hand is seen by its owner, a deck by nobody, the rest by all
ZONES = Zones(
    (
        ZoneSpec("deck:{p}", "deck", "none", ordered=False),
        ZoneSpec("hand:{p}", "hand", "owner", ordered=False),
        ZoneSpec("play:{p}", "squad"),
        ZoneSpec("grave:{p}", "discard pile"),
        ZoneSpec("hero:{p}", "hero", limit=1),
        ZoneSpec("supply:{p}", "coin supply", ordered=False),
        ZoneSpec("coins:{p}", "coins in play zone", ordered=False),
    ),
    card_fields={"tapped": False, "counters": {}, "statuses": {}, "created": False, "vanguard": 0},
    unknown="a card ({id})",
)
COIN_LIMIT = 10  # 520.3 (L5)
PERIOD_TEXT = {"turn": "end of turn", "phase": "end of phase", "round": "end of round"}
TURN_STEPS = ("@accumulation", "bh.open", "bh.accumulate", "bh.draw_step", "@main", "bh.main")
MAIN_SUBPHASE = TURN_STEPS.index("@main")
# the steps of rule code, under the names saved games hold (scheduled and resumed by the function)
TASKS = TaskTable()


# ======================================================================== basics
def zone_kind(zone: str | None) -> str:
    return (zone or "").split(":", 1)[0]


def name_of(game: Table, oid: str) -> str:
    obj = game.state.objects.get(oid)
    return f"coin {oid}" if obj is not None and obj.get("kind") == "coin" else ZONES.name_of(game, oid)


def is_creature(game: Table, oid: str) -> bool:
    return card_data(game, oid).get("type") == "creature"


def in_play(game: Table, oid: str) -> bool:
    obj = game.state.objects.get(oid)
    return obj is not None and zone_kind(obj.get("zone")) == "play"


def creatures(game: Table, player: int) -> list[str]:
    """The creatures in a player's squad."""
    return [o for o in game.state.zone(z("play", player)) if is_creature(game, o)]


def hero(game: Table, player: int) -> str:
    return game.state.zone(z("hero", player))[0]


def alive(game: Table, oid: str) -> bool:
    return not game.state.objects[oid].get("statuses", {}).get("dead")


def wounds(game: Table, oid: str) -> int:
    """Wounds are counters compared with life, not a modifier of it (bh.assume.values)."""
    return game.state.objects[oid].get("counters", {}).get("wounds", 0)


def has_status(game: Table, oid: str, status: str) -> bool:
    return bool(game.state.objects[oid].get("statuses", {}).get(status))


def put(game: Table, oid: str, zone: str) -> None:
    """Move a card; leaving the squad clears wounds, statuses, closing, control and modifiers."""
    st = game.state
    obj = st.objects[oid]
    if zone_kind(obj.get("zone")) == "play" and zone_kind(zone) != "play":
        ZONES.put(game, oid, zone, tapped=False, counters={}, statuses={}, controller=obj["owner"])
        if any(m["target"] == oid for m in st.modifiers):
            st.modifiers = [m for m in st.modifiers if m["target"] != oid]
    else:
        ZONES.put(game, oid, zone)


def identify(game: Table, oid: str, card_id: str) -> None:
    """Give an anonymous deck object its card (when it is drawn or summoned)."""
    card = game.rulebook.cards[card_id]
    game.state.update(oid, card=card_id, vanguard=card.get("vanguard", 0))


def new_card(game: Table, player: int, card_id: str | None, zone: str, **fields: Any) -> str:
    """Create a card object (``card_id=None``: an anonymous deck card)."""
    card = game.rulebook.cards.get(card_id, {}) if card_id else {}
    return ZONES.new_card(game, card_id, zone, player, **{"vanguard": card.get("vanguard", 0), **fields})


# bh.assume.draw: a deck's order is hidden; its top card is a chance outcome weighted by what is left
DECKS = player_decks(
    ZONES,
    "deck:{p}",
    PLAYERS,
    rule="bh.assume.draw",
)


def take_from_deck(game: Table, player: int, card_id: str) -> str:
    """The top deck object becomes ``card_id`` (which must be in the deck's composition)."""
    oid = DECKS[player].take(game, card_id)
    identify(game, oid, card_id)
    return oid


# ========================================================================= coins
def coins(game: Table, player: int) -> list[str]:
    """The coins in a player's play zone: the coins he has (520.2)."""
    return list(game.state.zone(z("coins", player)))


def open_coins(game: Table, player: int) -> list[str]:
    return [c for c in coins(game, player) if not game.state.objects[c]["tapped"]]


def coins_for_limit(game: Table, player: int) -> int:
    """The count the accumulation phase compares with 10 (bh.assume.temporary_limit)."""
    cs = coins(game, player)
    if game.options["temporary_coins_count_for_limit"]:
        return len(cs)
    return sum(1 for c in cs if game.state.objects[c].get("temp") is None)


def pay(game: Table, player: int, amount: int, what: str) -> list[str]:
    """bh.assume.payment: close ``amount`` open coins (which ones: option ``pay_with``)."""
    if amount <= 0:
        return []
    st = game.state
    temp_first = game.options["pay_with"] == "temporary_first"
    ranked = sorted(
        open_coins(game, player),
        key=lambda c: (st.objects[c].get("temp") is None) if temp_first else (st.objects[c].get("temp") is not None),
    )
    chosen = ranked[:amount]
    for c in chosen:
        st.update(c, tapped=True)
    game.record(
        "action",
        lambda: f"player {player} pays {amount} coin(s) for {what}: closes {', '.join(chosen)}",
        "bh.assume.payment",
        player=player,
        coins=chosen,
    )
    return chosen


def give_coin_silently(game: Table, player: int, until: str | None, rule: str, tag: str) -> str | None:
    """Move a coin from the supply to the play zone (the handler of a gain, or a silent move)."""
    st = game.state
    supply = st.zone(z("supply", player))
    if not supply:
        game.record("action", lambda: f"player {player}'s coin supply is empty: no coin moves", "bh.assume.setup")
        return None
    cid = supply[0]
    game.move(cid, z("coins", player))
    st.update(cid, tapped=False, temp=tag if until else None)
    if until:
        game.add_effect("temporary_coin", until=until, rule="bh.520.4", coin=cid, player=player, tag=tag)
    return cid


def expire_temporary_coin(game: Table, eff: dict) -> None:
    """520.4 (L7): a temporary coin goes back to the supply; this is not a loss (no event)."""
    st = game.state
    cid, p = eff["coin"], eff["player"]
    obj = st.objects.get(cid)
    if obj is None or obj["zone"] != z("coins", p) or obj.get("temp") != eff["tag"]:
        return
    game.move(cid, z("supply", p))
    st.update(cid, tapped=False, temp=None)
    game.record(
        "expire",
        lambda: f"temporary coin {cid} of player {p} returns to the supply (not a loss of a coin)",
        "bh.520.4",
        player=p,
        coin=cid,
    )


def expire_coin_away(game: Table, eff: dict) -> None:
    """520.4 (L7): a coin lost for a period comes back; this is not a gain (no event)."""
    st = game.state
    p = eff["player"]
    supply = st.zone(z("supply", p))
    if not supply:
        return
    cid = eff["coin"] if eff["coin"] in supply else supply[0]
    game.move(cid, z("coins", p))
    st.update(cid, tapped=False, temp=None)
    game.record(
        "expire",
        lambda: (
            f"coin {cid} lost until {PERIOD_TEXT[eff['until']]} comes back to player {p}'s play zone "
            "(not a gain of a coin)"
        ),
        "bh.520.4",
        player=p,
        coin=cid,
    )


# ========================================================================= costs
def discounts(game: Table, player: int) -> list[dict]:
    return [e for e in game.state.effects if e["kind"] == "cost_discount" and e["player"] == player]


def explain(game: Table, obj: dict, stat: str) -> Explanation | None:
    """The Rulebook.explain hook: ``game.explain(card, "payment")`` is what playing the card costs now
    (:func:`cost_explain`); every other stat is the kernel's (base, then modifiers, 521.1)."""
    if stat != "payment":
        return None
    if "cost" not in card_data(game, obj["id"]):
        raise KeyError(f"{name_of(game, obj['id'])} has no cost, so no stat 'payment'")
    return cost_explain(game, obj["id"])


def cost_explain(game: Table, oid: str, player: int | None = None) -> Explanation:
    """What ``player`` (default: the card's controller) would pay for a card now (stat ``payment``): its
    cost with every modifier (521.1), his one-shot discounts included (bh.assume.discount). The cost
    characteristic itself (``game.value(card, "cost")``) has no discounts: they modify the payment (L35).

    The one function for a card's cost to pay: the main phase offers and pays by it, and Vanguard
    compares it with X (bh.assume.vanguard), so a creature offered "for 2" is one Vanguard 2 may play.
    """
    base = card_data(game, oid)["cost"]
    mods = game.modifiers_for(oid, "cost")
    if is_creature(game, oid):
        for e in discounts(game, controller(game, oid) if player is None else player):
            mods.append(
                {"op": "sub", "value": e["amount"], "ts": e["ts"], "source": e.get("source"), "rule": e["rule"]}
            )
    return compute(base, mods, game.profile.modifiers, oid, "payment")


def cost_to_pay(game: Table, oid: str, player: int) -> int:
    """The number of coins ``player`` would pay for card ``oid`` now (:func:`cost_explain`)."""
    return cost_explain(game, oid, player).value


def use_discounts(game: Table, player: int, free: bool) -> None:
    """A creature was played: each one-shot discount uses one of its uses (lost if played free, L35).

    (The effects are the state's to change; the listener index stays: it depends on the objects in zones
    and their abilities, never on lasting effects.)"""
    st = game.state
    mine = discounts(game, player)
    if not mine:
        return
    keep = [e for e in st.effects if e not in mine]
    for e in mine:
        left = e["uses"] - 1
        if free:
            game.record(
                "modifier",
                lambda e=e: (
                    f"cost modifier -{e['amount']} from {name_of(game, e['source'])} is not applied and is lost (Free)"
                ),
                "bh.free",
                player=player,
            )
        if left > 0:
            keep.append({**e, "uses": left})
    st.effects = keep


# ======================================================================= targets
# The target vocabulary, each word on its code: ``(game, player, source)`` -> the objects it may be now.
@TARGETS.register("self", text="this card")
def _t_self(game: Table, player: int, source: str | None) -> list[str]:
    return [source] if source is not None and in_play(game, source) else []


@TARGETS.register("creature", text="a creature")
def _t_creature(game: Table, player: int, source: str | None) -> list[str]:
    return creatures(game, player) + creatures(game, other(player))


@TARGETS.register("enemy_creature", text="an enemy creature")
def _t_enemy_creature(game: Table, player: int, source: str | None) -> list[str]:
    return creatures(game, other(player))


@TARGETS.register("own_creature", text="your creature")
def _t_own_creature(game: Table, player: int, source: str | None) -> list[str]:
    return creatures(game, player)


@TARGETS.register("character", text="a creature or hero")
def _t_character(game: Table, player: int, source: str | None) -> list[str]:
    return creatures(game, player) + creatures(game, other(player)) + [hero(game, p) for p in PLAYERS]


def _card_in(kind: str):
    def cards(game: Table, player: int, source: str | None) -> list[str]:
        return [o for o in game.state.zone(z(kind, player)) if o != source and is_creature(game, o)]

    return cards


TARGETS.add("hand_creature", _card_in("hand"), text="a creature card in your hand")
TARGETS.add("grave_creature", _card_in("grave"), text="a creature card in your discard pile")
# (the cards there are not in play: neither "alive" nor protection applies to them)
OUT_OF_PLAY = frozenset(("self", "hand_creature", "grave_creature"))
TARGET_TEXT = {name: TARGETS.meta(name, "text") for name in TARGETS}
_TARGET = TARGETS.handlers


def protections(game: Table, oid: str) -> list[str]:
    return list(card_data(game, oid).get("protection", ()))


def legal_targets(game: Table, kind: str, player: int, source: str | None, spell: bool) -> list[str]:
    """Objects that ``kind`` may target now; a spell skips Protection from spells (L43)."""
    pool = _TARGET[kind](game, player, source)
    if kind in OUT_OF_PLAY:
        return pool
    pool = [o for o in pool if alive(game, o)]
    if spell:  # bh.assume.protection: no spell targets a card with protection from spells
        pool = [o for o in pool if "spell" not in protections(game, o)]
    return pool


def needs_target(spec: dict) -> bool:
    return spec.get("target") not in (None, "self")


def effect_text(spec: dict) -> str:
    """What an effect of a card does, in words (each effect registers its own text)."""
    kind = spec["effect"]
    text = EFFECTS.words[kind].meta.get("text") if kind in EFFECTS else None
    return kind if text is None else text(spec, TARGET_TEXT.get(spec.get("target", ""), ""))


# ===================================================================== effects
def start_effects(
    game: Table, effects: list[dict], source: str | None, player: int, targets: dict | None = None, spell: bool = False
) -> None:
    """Run an effect list (of a card's ability or a spell) one effect after another.

    Tasks pushed by one step run in the order pushed (the kernel's rule), so each effect's events
    and decisions complete before the next effect starts.
    """
    game.push(t_effects, effects=effects, i=0, source=source, player=player, targets=targets or {}, spell=spell)


@TASKS("bh.effects")
def t_effects(
    game: Table,
    *,
    effects: list[dict],
    i: int,
    source: str | None,
    player: int,
    targets: dict,
    spell: bool,
    choice: dict | None = None,
) -> None:
    """Effect ``i`` of a list, then the next one (the answer, if any: the target of effect ``i``)."""
    if i >= len(effects):
        return
    spec = effects[i]
    p, src = player, source
    rest = {"effects": effects, "i": i, "source": source, "player": player, "targets": targets, "spell": spell}
    target = targets.get(str(i))
    kind = spec.get("target")
    if choice is not None:
        target = choice["id"]
    elif kind is not None and kind == "self":
        target = src
        if src not in legal_targets(game, "self", p, src, spell):
            game.record(
                "resolution",
                lambda: f"{effect_text(spec)}: {name_of(game, cast(str, src))} is gone; nothing happens",
                "bh.assume.cards",
            )
            game.push(t_effects, **{**rest, "i": i + 1})
            return
    elif kind is not None and target is None:
        legal = legal_targets(game, kind, p, src, spell)
        if not legal:
            game.record(
                "resolution", lambda: f"{effect_text(spec)}: no legal target; nothing happens", "bh.assume.cards"
            )
            game.push(t_effects, **{**rest, "i": i + 1})
            return
        game.ask(
            p,
            "target",
            [{"id": t, "label": name_of(game, t)} for t in legal],
            t_effects,
            prompt=f"choose the target of: {effect_text(spec)}",
            rule="bh.assume.cards",
            args=rest,
        )
        return
    elif kind is not None and target not in legal_targets(game, kind, p, src, spell):
        game.record(
            "resolution",
            lambda: (
                f"{effect_text(spec)}: target {name_of(game, cast(str, target))} is no longer legal; nothing happens"
            ),
            "bh.assume.constructor_targets",
        )
        game.push(t_effects, **{**rest, "i": i + 1})
        return
    apply_effect(game, spec, src, p, target, spell)  # its events and tasks run first (pushed first)
    game.push(t_effects, **{**rest, "i": i + 1})


def apply_effect(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    """The effect vocabulary, implemented once (``EFFECTS``); cards name these effects in their data."""
    try:
        fn = _EFFECT[spec["effect"]]
    except KeyError:  # pragma: no cover - the schema allows only the registered names
        raise ValueError(f"unknown effect {spec['effect']!r}") from None
    fn(game, spec, source, player, target, spell)


def _who(spec: dict, player: int) -> int:
    return other(player) if spec.get("who") == "opponent" else player


def _modify_text(spec: dict, tgt: str) -> str:
    sym = {"add": "+", "sub": "-", "mul": "x", "div": "/", "set": "="}[spec["op"]]
    until = f" until {PERIOD_TEXT[spec['until']]}" if spec.get("until") else ""
    return f"{spec['stat']} {sym}{spec['value']} to {tgt}{until}"


def _gain_coin_text(spec: dict, tgt: str) -> str:
    temp = f" temporary (until {PERIOD_TEXT[spec['temporary']]})" if spec.get("temporary") else ""
    return f"gain {spec.get('amount', 1)}{temp} coin(s)"


def _lose_coin_text(spec: dict, tgt: str) -> str:
    who = "your opponent loses" if spec.get("who") == "opponent" else "lose"
    temp = f" until {PERIOD_TEXT[spec['temporary']]}" if spec.get("temporary") else ""
    return f"{who} {spec.get('amount', 1)} coin(s){temp}"


# The effect vocabulary, each word on its code: ``(game, spec, source, player, target, spell)``; ``requires``:
# the fields a card must give with it, ``text``: how it reads (card.schema.json's clauses are generated).
@EFFECTS.register("wound", requires=("amount", "target"), text=lambda s, t: f"{s['amount']} wound(s) to {t}")
def _e_wound(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.emit("wound", rule="bh.assume.cards", **wound_fields(game, source, cast(str, target), spec["amount"]))


@EFFECTS.register("modify", requires=("stat", "op", "value", "target"), text=_modify_text)
def _e_modify(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.add_modifier(
        cast(str, target),
        spec["stat"],
        spec["op"],
        spec["value"],
        source=source,
        until=spec.get("until"),
        rule="bh.521.1",
    )


@EFFECTS.register("gain_coin", text=_gain_coin_text)
def _e_gain_coin(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    gain_coins(game, _who(spec, player), spec.get("amount", 1), spec.get("temporary"), "bh.520.2")


@EFFECTS.register("lose_coin", text=_lose_coin_text)
def _e_lose_coin(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.push(t_lose, player=_who(spec, player), n=spec.get("amount", 1), temporary=spec.get("temporary"))


@EFFECTS.register("draw", text=lambda s, t: f"draw {s.get('amount', 1)} card(s)")
def _e_draw(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    who = _who(spec, player)
    for _ in range(spec.get("amount", 1)):
        game.push(t_draw, player=who)


@EFFECTS.register("create", requires=("card",), text=lambda s, t: f"Create {s['card']}")
def _e_create(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.emit("enter_squad", rule="bh.create", player=player, card=None, name=spec["card"], way="created")


@EFFECTS.register(
    "summon",
    requires=("max_cost",),
    text=lambda s, t: f"summon a creature with cost {s['max_cost']} or less from your deck",
)
def _e_summon(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.push(t_summon, player=player, max_cost=spec["max_cost"])


@EFFECTS.register("resurrect", requires=("target",), text=lambda s, t: f"resurrect {t}")
def _e_resurrect(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.emit("enter_squad", rule="bh.squad", player=player, card=target, way="resurrected")


@EFFECTS.register("take_control", requires=("target",), text=lambda s, t: f"take control of {t}")
def _e_take_control(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.emit("enter_squad", rule="bh.squad", player=player, card=target, way="control_taken")


@EFFECTS.register("grant_vanguard", requires=("value", "target"), text=lambda s, t: f"{t} gains Vanguard {s['value']}")
def _e_grant_vanguard(
    game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool
) -> None:
    grant_vanguard(game, cast(str, target), spec["value"])


@EFFECTS.register(
    "cost_discount",
    requires=("amount",),
    text=lambda s, t: f"the next {s.get('times', 1)} creature(s) you play this turn cost {s['amount']} less",
)
def _e_cost_discount(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    game.add_effect(
        "cost_discount",
        until="turn",
        rule="bh.assume.discount",
        player=player,
        amount=spec["amount"],
        uses=spec.get("times", 1),
        source=source,
    )
    game.record("modifier", lambda: f"player {player}: {effect_text(spec)}", "bh.assume.discount", player=player)


@EFFECTS.register(
    "choose",
    requires=("times", "choices"),
    text=lambda s, t: f"choose {s['times']} times from: " + "; ".join(effect_text(c) for c in s["choices"]),
)
def _e_choose(game: Table, spec: dict, source: str | None, player: int, target: str | None, spell: bool) -> None:
    compose(game, spec, source=source, player=player, card=None)


_EFFECT = EFFECTS.handlers


def wound_fields(game: Table, source: str | None, target: str, amount: int) -> dict:
    card = card_data(game, source) if source in game.state.objects else {}
    return {
        "source": source,
        "target": target,
        "amount": amount,
        "source_type": card.get("type"),
        "source_tags": list(card.get("tags", ())),
        "player": controller(game, source) if source in game.state.objects else None,
    }


def gain_coins(game: Table, player: int, n: int, temporary: str | None, rule: str) -> None:
    """Gain ``n`` coins (520.2); temporary ones follow option temporary_gain_is_gain."""
    if temporary and not game.options["temporary_gain_is_gain"]:
        for _ in range(n):
            cid = give_coin_silently(game, player, temporary, "bh.520.4", tag=f"t{game.state.next_ts()}")
            if cid:
                game.record(
                    "action",
                    lambda cid=cid: f"player {player} receives temporary coin {cid} (not counted as a gain)",
                    "bh.assume.temporary_gain",
                    player=player,
                )
        return
    game.emit_batch([{"type": "gain_coin", "player": player, "temporary": temporary} for _ in range(n)], rule=rule)


def grant_vanguard(game: Table, oid: str, value: int) -> None:
    """L33: gaining Vanguard Y removes Vanguard X (one Vanguard at a time)."""
    st = game.state
    old = st.objects[oid].get("vanguard", 0)
    st.update(oid, vanguard=value)
    printed = "vanguard" in card_data(game, oid)
    if not printed and "vanguard" not in st.objects[oid].get("grants", ()):
        game.grant(oid, "vanguard")
    lost = f", losing Vanguard {old}" if old else ""
    game.record("modifier", lambda: f"{name_of(game, oid)} gains Vanguard {value}{lost}", "bh.vanguard")


def compose(game: Table, spec: dict, *, source: str | None, player: int, card: str | None) -> None:
    """Start composing an ability-constructor chain (522.1); ``card`` is the spell, if it is one."""
    game.push(
        t_compose,
        choices=spec["choices"],
        times=spec["times"],
        chain=[],
        source=source,
        player=player,
        spell=card is not None,
        card=card,
    )


# ================================================================== the queue
def enqueue(game: Table, ability: str, source: str | None, player: int, data: dict, summary: str, rule: str) -> None:
    """Put an ability into the queue (bh.assume.queue: first in, first out)."""
    game.enqueue(ability, source=source, controller=player, summary=summary, rule=rule, data=data)


def chain_options(game: Table, choices: list[dict], player: int, source: str | None, spell: bool) -> list[dict]:
    """The items a chain may take next (522.1); for a spell only items with legal targets (L31)."""
    fizzle = not spell and game.options["ability_chain_targets"] == "may_fizzle"
    options = []
    for j, spec in enumerate(choices):
        if not needs_target(spec):
            options.append({"id": str(j), "label": effect_text(spec)})
            continue
        legal = legal_targets(game, spec["target"], player, source, spell)
        for t in legal:
            options.append({"id": f"{j}>{t}", "label": f"{effect_text(spec)}: {name_of(game, t)}"})
        if not legal and fizzle:
            options.append({"id": f"{j}>-", "label": f"{effect_text(spec)} (no legal target: does nothing)"})
    return options


@TASKS("bh.compose")
def t_compose(
    game: Table,
    *,
    choices: list[dict],
    times: int,
    chain: list[dict],
    source: str | None,
    player: int,
    spell: bool,
    card: str | None,
    choice: dict | None = None,
) -> None:
    """522.1 (L29): compose the whole chain, item by item, before anything of it resolves."""
    chain = list(chain)
    p, src = player, source
    if choice is not None:
        j, _, t = choice["id"].partition(">")
        chain.append({"j": int(j), "target": None if t in ("", "-") else t})
    rule = "bh.522.1.spell" if spell else "bh.522.1"
    if len(chain) < times:
        options = chain_options(game, choices, p, card or src, spell)
        if not options:
            game.record("resolution", "no legal chain can be composed; nothing happens", rule, player=p)
            return
        game.ask(
            p,
            "constructor",
            options,
            t_compose,
            prompt=f"chain item {len(chain) + 1} of {times}",
            rule="bh.522.1",
            args={
                "choices": choices,
                "times": times,
                "chain": chain,
                "source": source,
                "player": player,
                "spell": spell,
                "card": card,
            },
        )
        return
    items = [{"effects": [choices[c["j"]]], "targets": {"0": c["target"]} if c["target"] else {}} for c in chain]
    if spell:
        game.push(t_cast, card=card, player=p, items=items, constructor=True)
    else:
        enqueue_chain(game, items, src, p, spell=False)


def enqueue_chain(game: Table, items: list[dict], source: str | None, player: int, spell: bool) -> None:
    n = len(items)
    for k, item in enumerate(items, 1):
        spec = item["effects"][0]
        t = item["targets"].get("0")
        what = effect_text(spec) + (f" ({name_of(game, t)})" if t else "")
        enqueue(
            game,
            "chain_item",
            source,
            player,
            {**item, "spell": spell, "n": k, "of": n},
            f"chain item {k}/{n}: {what} enters the queue",
            "bh.522.1",
        )


def resolve_queued(game: Table, act) -> None:
    """A chain item or a spell's effects leave the queue and take effect."""
    d = act.data
    spec0 = d["effects"][0]
    if len(d["effects"]) == 1 and needs_target(spec0) and not d["targets"]:
        game.record("resolution", lambda: f"{effect_text(spec0)}: chosen without a target; nothing happens", "bh.522.1")
        return
    start_effects(game, d["effects"], act.source, act.controller, d["targets"], d["spell"])


# ======================================================================= events
def on_gain_coin(game: Table, ev: dict) -> None:
    cid = give_coin_silently(game, ev["player"], ev.get("temporary"), "bh.520.4", tag=ev["id"])
    game.state.events[ev["id"]] = {**ev, "coin": cid}


def on_lose_coin(game: Table, ev: dict) -> None:
    st = game.state
    cid, p = ev["coin"], ev["player"]
    if st.objects[cid]["zone"] != z("coins", p):
        return
    game.move(cid, z("supply", p))
    st.update(cid, tapped=False, temp=None)
    if ev.get("temporary"):
        game.add_effect("coin_away", until=ev["temporary"], rule="bh.520.4", coin=cid, player=p)


def on_enter_squad(game: Table, ev: dict) -> None:
    """L37: one event for all five ways of taking a card into the squad."""
    st = game.state
    p = ev["player"]
    if ev["way"] == "created":
        oid = new_card(game, p, ev["name"], z("play", p), created=True)  # bh.assume.created: marked created
        st.events[ev["id"]] = {**ev, "card": oid}
    else:
        oid = ev["card"]
        put(game, oid, z("play", p))
        st.update(oid, controller=p, tapped=False)
    st.set_in(oid, "statuses", "fresh", True)


def on_wound(game: Table, ev: dict) -> None:
    st = game.state
    if ev["target"] in st.objects:
        st.set_in(ev["target"], "counters", "wounds", wounds(game, ev["target"]) + ev["amount"])


def on_die(game: Table, ev: dict) -> None:
    oid = ev["card"]
    obj = game.state.objects[oid]
    if zone_kind(obj["zone"]) == "hero":
        game.state.set_in(oid, "statuses", "dead", True)
    else:
        put(game, oid, z("grave", obj["owner"]))


def on_draw(game: Table, ev: dict) -> None:
    put(game, ev["card"], z("hand", ev["player"]))


def on_return(game: Table, ev: dict) -> None:
    oid = ev["card"]
    put(game, oid, z("hand", game.state.objects[oid]["owner"]))


def on_cast(game: Table, ev: dict) -> None:
    """bh.assume.cards: the declared spell goes to the discard pile; its effects enter the queue."""
    oid, p = ev["card"], ev["player"]
    put(game, oid, z("grave", game.state.objects[oid]["owner"]))
    if ev["constructor"]:
        enqueue_chain(game, ev["items"], oid, p, spell=True)
        return
    item = ev["items"][0]
    enqueue(
        game,
        "spell_effect",
        oid,
        p,
        {**item, "spell": True},
        f"{name_of(game, oid)}: {'; '.join(effect_text(s) for s in item['effects'])} enters the queue",
        "bh.assume.queue",
    )


def life_left(game: Table, p: int) -> int:
    h = hero(game, p)
    return game.value(h, "life") - wounds(game, h)


def on_game_over(game: Table, ev: dict) -> None:
    """The end: a hero died (bh.assume.win) or nothing is left to play for (bh.assume.stalemate)."""
    st = game.state
    if ev.get("stalemate"):
        rule = "bh.assume.stalemate"
        reason = "both decks are empty and both players passed in turn without acting"
        left = {p: life_left(game, p) for p in PLAYERS}
        best = max(left.values())
        winners = [p for p in PLAYERS if left[p] == best]
        if game.options["stalemate"] == "most_life" and len(winners) == 1:
            w = winners[0]
            reason += f": the hero of player {w} has more life left ({left[w]} against {left[other(w)]})"
        else:
            winners = []
            reason += ": a draw"
    else:
        rule = "bh.assume.win"
        winners = [p for p in PLAYERS if alive(game, hero(game, p))]
        reason = "both heroes died" if not winners else f"the hero of player {other(winners[0])} died"
    created = sorted(o for o, obj in st.objects.items() if obj.get("created"))
    if created:
        for oid in created:
            game.destroy(oid)
        game.record("end", lambda: f"created cards are cleared from the game: {', '.join(created)}", "bh.created")
    game.end_game(winners, reason=reason, rule=rule)


def state_checks(game: Table) -> list[dict]:
    """bh.assume.death: things with wounds >= life die together; then a dead hero ends the game."""
    st = game.state
    events = []
    for p in PLAYERS:
        for oid in (*st.zone(z("hero", p)), *st.zone(z("play", p))):
            w = wounds(game, oid)
            if w and alive(game, oid) and w >= game.value(oid, "life"):
                events.append({"type": "die", "card": oid, "rule": "bh.assume.death"})
    if not events and st.result is None and any(not alive(game, hero(game, p)) for p in PLAYERS):
        events.append({"type": "game_over", "rule": "bh.assume.win"})
    return events


def event_text(kind: str):
    def text(game: Table, ev: dict) -> str:
        if kind == "gain_coin":
            temp = f" (temporary, until {PERIOD_TEXT[ev['temporary']]})" if ev.get("temporary") else ""
            coin = f" {ev['coin']}" if ev.get("coin") else ""
            return f"player {ev['player']} gains a coin{coin}{temp}"
        if kind == "lose_coin":
            temp = f" until {PERIOD_TEXT[ev['temporary']]}" if ev.get("temporary") else ""
            return f"player {ev['player']} loses coin {ev['coin']}{temp}"
        if kind == "enter_squad":
            what = name_of(game, ev["card"]) if ev.get("card") else ev["name"]
            return f"{what} is taken into player {ev['player']}'s squad ({ev['way']})"
        if kind == "wound":
            return f"{name_of(game, ev['source'])} deals {ev['amount']} wound(s) to {name_of(game, ev['target'])}"
        if kind == "die":
            return f"{name_of(game, ev['card'])} dies"
        if kind == "draw":
            return f"player {ev['player']} draws a card"
        if kind == "return_to_hand":
            return f"{name_of(game, ev['card'])} returns to its owner's hand"
        if kind == "cast":
            return f"player {ev['player']} declares {name_of(game, ev['card'])}"
        if kind == "game_over":
            if ev.get("stalemate"):
                return "nothing is left to draw and both players passed: the game ends"
            return "a hero has died: the game ends"
        return kind

    return text


EVENT_HANDLERS = {
    "gain_coin": on_gain_coin,
    "lose_coin": on_lose_coin,
    "enter_squad": on_enter_squad,
    "wound": on_wound,
    "die": on_die,
    "draw": on_draw,
    "return_to_hand": on_return,
    "cast": on_cast,
    "game_over": on_game_over,
}


EVENT_TEXT = {k: event_text(k) for k in EVENT_HANDLERS}  # (the ends of periods: the kernel's words)


# ================================================================= turn tasks
@TASKS("bh.open")
def t_open(game: Table) -> None:
    """bh.assume.close: the active player's coins and cards open; his creatures are no longer fresh."""
    st = game.state
    p = active(game)
    opened = []
    for zone in (z("coins", p), z("play", p), z("hero", p)):
        for oid in st.zone(zone):
            obj = st.objects[oid]
            if obj.get("tapped"):
                opened.append(oid)
                st.update(oid, tapped=False)
            if obj.get("statuses", {}).get("fresh"):
                st.set_in(oid, "statuses", "fresh", None)
    if opened:
        game.record("action", lambda: f"player {p} opens {', '.join(opened)}", "bh.assume.close", player=p)


@TASKS("bh.accumulate")
def t_accumulate(game: Table) -> None:
    """520.3 (L5): a coin only while the player has fewer than 10 coins in the play zone."""
    p = active(game)
    n = coins_for_limit(game, p)
    if n < COIN_LIMIT:
        game.emit("gain_coin", rule="bh.520.3", player=p, temporary=None)
    else:
        game.record("action", lambda: f"player {p} has {n} coins (not fewer than 10): no coin", "bh.520.3", player=p)


@TASKS("bh.draw_step")
def t_draw_step(game: Table) -> None:
    game.push(t_draw, player=active(game))


@TASKS("bh.draw")
def t_draw(game: Table, *, player: int) -> None:
    """bh.assume.draw: the top card's identity is a chance outcome weighted by what is left."""
    p = player
    if DECKS[p].empty(game):
        game.record("action", lambda: f"player {p}'s deck is empty: no card is drawn", "bh.assume.draw", player=p)
        return
    DECKS[p].draw(game, t_drawn, {"player": p})


@TASKS("bh.drawn")
def t_drawn(game: Table, *, player: int, choice: dict) -> None:
    p = player
    oid = take_from_deck(game, p, choice["id"])
    game.emit("draw", rule="bh.assume.draw", player=p, card=oid)


@TASKS("bh.summon")
def t_summon(game: Table, *, player: int, max_cost: int, choice: dict | None = None) -> None:
    """Summoning (вызов, L37): the player picks a creature of his deck; it enters the squad."""
    p = player
    if choice is not None:
        oid = take_from_deck(game, p, choice["id"])
        game.emit("enter_squad", rule="bh.squad", player=p, card=oid, way="summoned")
        return
    cards = game.rulebook.cards
    comp = DECKS[p].left(game)
    names = [n for n in comp if cards[n]["type"] == "creature" and cards[n]["cost"] <= max_cost]
    if not names:
        game.record("resolution", lambda: f"player {p} has no creature to summon in the deck", "bh.squad", player=p)
        return
    game.ask(
        p,
        "summon",
        [{"id": n, "label": f"summon {cards[n]['name']}"} for n in names],
        t_summon,
        prompt="choose a creature of your deck to summon",
        rule="bh.squad",
        args={"player": p, "max_cost": max_cost},
    )


@TASKS("bh.lose")
def t_lose(game: Table, *, player: int, n: int, temporary: str | None, choice: dict | None = None) -> None:
    """520.5 (L9), L47: the player who loses a coin chooses which one."""
    p = player
    if choice is not None:
        game.emit("lose_coin", rule="bh.520.5", player=p, coin=choice["id"], temporary=temporary)
        if n > 1:
            game.push(t_lose, player=p, n=n - 1, temporary=temporary)
        return
    if n <= 0:
        return
    st = game.state
    mine = coins(game, p)
    if not mine:
        game.record("resolution", lambda: f"player {p} has no coin to lose", "bh.520.5", player=p)
        return
    options = []
    for c in mine:
        obj = st.objects[c]
        tags = [t for t, on in (("temporary", obj.get("temp") is not None), ("closed", obj["tapped"])) if on]
        options.append({"id": c, "label": f"coin {c}" + (f" ({', '.join(tags)})" if tags else "")})
    game.ask(
        p,
        "lose_coin",
        options,
        t_lose,
        prompt=f"choose a coin to lose ({n} to go)",
        rule="bh.520.5",
        args={"player": p, "n": n, "temporary": temporary},
    )


# --------------------------------------------------------------- main phase
def can_act(game: Table, oid: str) -> bool:
    """An action (attack, closing ability) needs an open card that is not fresh, or has Rush."""
    return act_blocker(game, oid) is None


def act_blocker(game: Table, oid: str) -> tuple[str, str] | None:
    """Why card ``oid`` cannot act now (L41: attack, or use an ability that closes it), as (rule id, reason),
    or None when it can: the one place the options and "why not?" (:func:`excluded_actions`) both read."""
    obj = game.state.objects[oid]
    if obj.get("tapped"):
        return "bh.assume.close", "it is closed: a closed card cannot act until it opens"
    if not alive(game, oid):
        return "bh.assume.death", "it is dying"
    if has_status(game, oid, "fresh") and not has_status(game, oid, "rush"):
        why = "it came into the squad this turn: a creature acts from the next turn on (or with Rush)"
        return "bh.assume.combat", why
    return None


def can_attack(game: Table, oid: str) -> bool:
    return is_creature(game, oid) and attack_blocker(game, oid) is None


def attack_blocker(game: Table, oid: str) -> tuple[str, str] | None:
    """Why creature ``oid`` cannot attack now, as (rule id, reason), or None when it can."""
    blocked = act_blocker(game, oid)
    if blocked is None and game.value(oid, "strike") <= 0:
        return "bh.assume.combat", "its strike is 0"
    return blocked


def play_blocker(game: Table, oid: str, p: int, n_open: int) -> tuple[str, str] | None:
    """Why player ``p`` cannot play hand card ``oid`` with ``n_open`` open coins, as (rule id, reason), or None."""
    cost = cost_to_pay(game, oid, p)
    if cost > n_open:
        return (
            "bh.assume.payment",
            f"it costs {cost} coin{'s' * (cost != 1)} and player {p} has {n_open} open (paying closes open coins)",
        )
    if card_data(game, oid)["type"] == "spell" and not spell_declarable(game, oid, p):
        return "bh.522.1.spell", "no chain of its abilities has legal targets"
    return None


def spell_declarable(game: Table, oid: str, player: int) -> bool:
    """L31: a spell is declarable only if all its targets (or some whole chain) are legal."""
    effects = card_data(game, oid)["effects"]
    if effects[0]["effect"] == "choose":
        return bool(chain_options(game, effects[0]["choices"], player, oid, spell=True))
    return all(legal_targets(game, s["target"], player, oid, True) for s in effects if needs_target(s))


def main_options(game: Table, p: int) -> list[dict]:
    st = game.state
    options = []
    n_open = len(open_coins(game, p))
    for oid in st.zone(z("hand", p)):
        if play_blocker(game, oid, p, n_open) is None:
            card = card_data(game, oid)
            options.append(
                {"id": f"play:{oid}", "label": f"play {card['name']} ({oid}) for {cost_to_pay(game, oid, p)}"}
            )
    for act in game.activatable(p):
        options.append(
            {"id": f"use:{act.key}", "label": f"use {act.ability.name} of {name_of(game, cast(str, act.source))}"}
        )
    q = other(p)
    for oid in creatures(game, p):
        if not can_attack(game, oid):
            continue
        for t in [hero(game, q), *creatures(game, q)]:
            if alive(game, t):
                options.append({"id": f"attack:{oid}>{t}", "label": f"{name_of(game, oid)} attacks {name_of(game, t)}"})
    options.append({"id": "pass", "label": "pass (end the turn)"})
    return options


def excluded_actions(game: Table, p: int) -> list[tuple[str, str, str, str]]:
    """The actions :func:`main_options` does not offer and the rule that excludes each, as ``(what, rule id,
    reason, object id)``: "why not?" on a card that cannot act (made only when the game is traced)."""
    out: list[tuple[str, str, str, str]] = []
    n_open = len(open_coins(game, p))
    for oid in game.state.zone(z("hand", p)):
        blocked = play_blocker(game, oid, p, n_open)
        if blocked is not None:
            out.append((f"play {card_data(game, oid)['name']} ({oid})", *blocked, oid))
    for oid in creatures(game, p):
        blocked = attack_blocker(game, oid)
        if blocked is not None:
            out.append((f"attack with {name_of(game, oid)}", *blocked, oid))
    return out


@TASKS("bh.main")
def t_main(game: Table) -> None:
    p = active(game)
    if game.tracing:  # "why not?": what is not offered, and the rule that says so
        note_excluded(game, p, "action", "bh.assume.turn", lambda: excluded_actions(game, p))
    game.ask(p, "action", main_options(game, p), t_act, prompt="main phase: act or pass", rule="bh.assume.turn")


def again(game: Table) -> None:
    """After an action the main phase goes on: its step runs again once everything has resolved."""
    game.repeat_step()


@TASKS("bh.act")
def t_act(game: Table, *, choice: dict) -> None:
    p = active(game)
    cid = choice["id"]
    if cid == "pass":
        game.record("flow", lambda: f"player {p} passes: the turn ends", "bh.assume.turn", player=p)
        check_stalemate(game, p)
        return
    if game.options["stalemate"] != "off":
        game.state.set_var("acted_in", turn_key(game))  # bh.assume.stalemate: this turn was not a quiet one
    again(game)
    verb, _, rest = cid.partition(":")
    if verb == "attack":
        attacker, target = rest.split(">")
        attack(game, attacker, target)
    elif verb == "use":
        ab, src = game.ability(rest)
        effects = activated_effects(game, cast(str, src), ab.name)  # (a played ability is a card's)
        game.push(t_targets, effects=effects, i=0, targets={}, player=p, card=src, spell=False, then=rest)
    else:
        oid = rest
        card = card_data(game, oid)
        if card["type"] == "creature":
            pay(game, p, cost_to_pay(game, oid, p), name_of(game, oid))
            use_discounts(game, p, free=False)
            game.emit("enter_squad", rule="bh.squad", player=p, card=oid, way="played")
        elif card["effects"][0]["effect"] == "choose":
            compose(game, card["effects"][0], source=oid, player=p, card=oid)
        else:
            game.push(t_targets, effects=card["effects"], i=0, targets={}, player=p, card=oid, spell=True, then="cast")


def turn_key(game: Table) -> list[int]:
    """Which turn this is: its number and its player (the number alone is shared by a round's turns)."""
    return [game.state.turn["number"], game.state.turn["player"]]


def check_stalemate(game: Table, p: int) -> None:
    """bh.assume.stalemate: with both decks empty, two quiet turns in a row (a pass and nothing else) end it.

    ``quiet_passes`` counts the turns in a row that ended in such a pass while no deck had a card left.
    """
    if game.options["stalemate"] == "off":
        return
    st = game.state
    empty = not any(st.zone(z("deck", q)) for q in PLAYERS)
    before = st.vars.get("quiet_passes", 0)
    n = before + 1 if empty and st.vars.get("acted_in") != turn_key(game) else 0
    if n != before:
        st.set_var("quiet_passes", n)
    if n == 1:
        game.record(
            "flow",
            lambda: (
                f"both decks are empty and player {p} passed without acting: if player {other(p)} does the same, "
                "the game ends"
            ),
            "bh.assume.stalemate",
            player=p,
        )
    elif n >= 2:
        game.emit("game_over", rule="bh.assume.stalemate", stalemate=True, player=p)


def activated_effects(game: Table, source: str, name: str) -> list[dict]:
    return next(a["effects"] for a in card_data(game, source).get("activated", ()) if a["name"] == name)


@TASKS("bh.targets")
def t_targets(
    game: Table,
    *,
    effects: list[dict],
    i: int,
    targets: dict,
    player: int,
    card: str,
    spell: bool,
    then: str,
    choice: dict | None = None,
) -> None:
    """Targets of a spell (when declared) or of an activated ability (when used); ``then``: "cast", or the
    reference of the ability to activate."""
    targets = dict(targets)
    p, src = player, card
    if choice is not None:
        targets[str(i)] = choice["id"]
        i += 1
    while i < len(effects):
        spec = effects[i]
        if needs_target(spec):
            legal = legal_targets(game, spec["target"], p, src, spell)
            game.ask(
                p,
                "target",
                [{"id": t, "label": name_of(game, t)} for t in legal],
                t_targets,
                prompt=f"choose the target of: {effect_text(spec)}",
                rule="bh.assume.cards",
                args={
                    "effects": effects,
                    "i": i,
                    "targets": targets,
                    "player": player,
                    "card": card,
                    "spell": spell,
                    "then": then,
                },
            )
            return
        i += 1
    if then == "cast":
        game.push(t_cast, card=src, player=p, items=[{"effects": effects, "targets": targets}], constructor=False)
    else:
        game.activate(then, p, data={"targets": targets})


@TASKS("bh.cast")
def t_cast(game: Table, *, card: str, player: int, items: list[dict], constructor: bool) -> None:
    oid, p = card, player
    pay(game, p, cost_to_pay(game, oid, p), name_of(game, oid))
    game.emit("cast", rule="bh.assume.cards", player=p, card=oid, items=items, constructor=constructor)


def attack(game: Table, attacker: str, target: str) -> None:
    """bh.assume.combat: the attacker closes; it and an attacked creature wound each other (with option
    defenders, once the attacked player has had the chance to assign a defender, L41)."""
    st = game.state
    st.update(attacker, tapped=True)
    game.caused_by(
        game.record(
            "action",
            lambda: f"{name_of(game, attacker)} attacks {name_of(game, target)} with a strike (closes)",
            "bh.action",
            player=controller(game, attacker),
        )
    )
    if game.options["defenders"] and defenders(game, target):
        game.push(t_defend, attacker=attacker, target=target)
        return
    strike(game, attacker, target)


def defenders(game: Table, target: str) -> list[str]:
    """Option defenders (bh.assume.combat, L41 'assigning a defender' is an action of a card): the open creatures
    of the attacked player, other than the one attacked, that may close to take the attack."""
    return [c for c in creatures(game, controller(game, target)) if c != target and open_to_defend(game, c)]


def open_to_defend(game: Table, oid: str) -> bool:
    obj = game.state.objects[oid]
    return not obj.get("tapped") and alive(game, oid)


@TASKS("bh.defend")
def t_defend(game: Table, *, attacker: str, target: str, choice: dict | None = None) -> None:
    """Option defenders: the attacked player may close an open creature to become the target of the attack."""
    if choice is None:
        q = controller(game, target)
        game.ask(
            q,
            "defend",
            [{"id": c, "label": f"defend with {name_of(game, c)} (closes)"} for c in defenders(game, target)]
            + [{"id": "no", "label": "no defender"}],
            t_defend,
            prompt=f"{name_of(game, attacker)} attacks {name_of(game, target)}: assign a defender?",
            rule="bh.assume.combat",
            args={"attacker": attacker, "target": target},
        )
        return
    if choice["id"] != "no":
        game.state.update(choice["id"], tapped=True)
        game.record(
            "action",
            lambda: f"{name_of(game, choice['id'])} closes and defends: it takes the attack",
            "bh.assume.combat",
            player=controller(game, choice["id"]),
        )
        target = choice["id"]
    strike(game, attacker, target)


def strike(game: Table, attacker: str, target: str) -> None:
    """bh.assume.combat: the attacker and an attacked creature wound each other at the same time."""
    blows = [(attacker, target)]
    if is_creature(game, target):
        blows.append((target, attacker))
    events = []
    for src, dst in blows:
        n = game.value(src, "strike")
        if n > 0:
            events.append({"type": "wound", **wound_fields(game, src, dst, n)})
    if events:
        game.emit_batch(events, rule="bh.assume.combat")


# -------------------------------------------------------------------- Vanguard
def vanguard_candidates(game: Table, player: int, x: int, source: str | None) -> list[str]:
    """Creatures in hand with cost X or less (bh.assume.vanguard: by default the cost the main phase
    would ask of the player now, :func:`cost_to_pay`; option vanguard_cost=printed: the printed cost)."""
    printed = game.options["vanguard_cost"] == "printed"
    out = []
    for oid in game.state.zone(z("hand", player)):
        if oid == source or not is_creature(game, oid):
            continue
        cost = card_data(game, oid)["cost"] if printed else cost_to_pay(game, oid, player)
        if cost <= x:
            out.append(oid)
    return out


def vanguard_condition(game: Table, act) -> bool:
    x = (act.obj or {}).get("vanguard", 0)
    return x > 0 and bool(vanguard_candidates(game, act.controller, x, act.source))


def vanguard_effect(game: Table, act) -> None:
    x = act.obj.get("vanguard", 0)
    cands = vanguard_candidates(game, act.controller, x, act.source)
    if not cands:
        game.record("resolution", "no creature with a low enough cost is left in hand", "bh.vanguard")
        return
    game.ask(
        act.controller,
        "vanguard",
        [{"id": c, "label": f"play {name_of(game, c)} for free"} for c in cands],
        t_vanguard_play,
        prompt=f"Vanguard {x}: play a creature with cost {x} or less for free",
        rule="bh.vanguard",
        args={"source": act.source, "player": act.controller},
    )


@TASKS("bh.vanguard_play")
def t_vanguard_play(game: Table, *, source: str, player: int, choice: dict) -> None:
    """L33 + L35: the creature is played free (no payment; payment modifiers lost)."""
    p, src, oid = player, source, choice["id"]
    game.record("action", lambda: f"player {p} plays {name_of(game, oid)} for free (Vanguard)", "bh.free", player=p)
    use_discounts(game, p, free=True)
    game.emit("enter_squad", rule="bh.squad", player=p, card=oid, way="played", free=True)
    game.push(t_vanguard_after, source=src, card=oid, player=p)


@TASKS("bh.vanguard_after")
def t_vanguard_after(game: Table, *, source: str, card: str, player: int) -> None:
    """L33: the creature gains Rush and returns at the end of the turn; if you did, close this card."""
    st = game.state
    p, src, oid = player, source, card
    if not (in_play(game, oid) and controller(game, oid) == p):
        return
    st.set_in(oid, "statuses", "rush", True)
    game.record("modifier", lambda: f"{name_of(game, oid)} gains Rush", "bh.assume.rush", player=p)
    game.delay("vanguard_return", event="end_of_turn", source=oid, controller=p, data={"card": oid})
    game.record(
        "action", lambda: f"{name_of(game, oid)} will return to hand at the end of the turn", "bh.vanguard", player=p
    )
    if src in st.objects and in_play(game, src):
        st.update(src, tapped=True)
        game.record("action", lambda: f"{name_of(game, src)} closes (Vanguard was used)", "bh.vanguard", player=p)


def vanguard_return(game: Table, act) -> None:
    oid = act.data["card"]
    if in_play(game, oid) and controller(game, oid) == act.controller:
        game.emit("return_to_hand", rule="bh.vanguard", card=oid, player=act.controller)
    else:
        game.record(
            "resolution", lambda: f"{name_of(game, oid)} is no longer in the squad; it stays", "bh.assume.vanguard"
        )


# ------------------------------------------------------------------ protection
def protection_applies(what: str):
    """bh.assume.protection: ``what`` names the wounding card's type or one of its tags."""

    def condition(game: Table, act) -> bool:
        ev = act.event
        return ev.get("source_type") == what or what in ev.get("source_tags", ())

    return condition


def prevent(what: str):
    def effect(game: Table, act) -> Prevent:
        return Prevent(f"protection from {what}")

    return effect
