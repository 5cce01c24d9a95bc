"""Marvel Champions mechanics shared by both phases: zones, cards, values, effects, events, checks.

Zones: ``deck:P``, ``hand:P``, ``discard:P``, ``limbo:P`` (a card being played) and ``queue:P``
(encounter cards dealt face down) of each player; ``play:P`` (identity, allies, upgrades,
supports) and ``play:engaged:P`` (minions engaged with P); the scenario's ``play:villain``,
``play:scheme``, ``play:side``, ``play:env``, ``play:attach`` and ``play:status`` (status cards,
each naming its ``host``); ``enc:deck``, ``enc:discard``, ``boost`` (face-down boost cards),
``reveal`` (the encounter card being revealed), ``villain:deck``, ``scheme:deck``, ``removed``.
Only ``play*`` zones are in play (L508).

Decks are anonymous objects whose identity is a chance outcome when they leave the deck, so a
test (``chance="manual"``) can pick the card drawn, and a view never leaks a deck's order.
"""

from __future__ import annotations

from typing import Any, cast

from tabletop.core import Deck, RuleError, Table, TaskTable, Zones, ZoneSpec, player_decks
from tabletop.core.modifiers import Explanation, Step

from .vocabulary import EFFECTS, TARGETS

ENEMY_ZONE_PREFIX = "play:engaged:"

# the rulebook's tasks, registered by function under the names saved games hold (turn.py, villain.py and this
# module register theirs; game.py gives the table to the Rulebook)
tasks = TaskTable()


# ====================================================================== zones and cards
# a hand (and a card being played) is seen by its owner; decks, queues and boost cards by nobody; the rest by all
ZONES = Zones(
    (
        ZoneSpec("play:villain", "villain"),
        ZoneSpec("play:scheme", "main scheme"),
        ZoneSpec("play:side", "side schemes"),
        ZoneSpec("play:env", "environment"),
        ZoneSpec("play:attach", "attachments"),
        ZoneSpec("play:status", "status cards", board=False),
        ZoneSpec("enc:deck", "encounter deck", "none", ordered=False, stack=True),
        ZoneSpec("enc:discard", "encounter discard", stack=True),
        ZoneSpec("boost", "boost cards", "none", hidden=False),  # face down one by one (L319), not hidden whole
        ZoneSpec("reveal", "being revealed"),
        ZoneSpec("villain:deck", "villain stages", board=False),
        ZoneSpec("scheme:deck", "main scheme stages", board=False),
        ZoneSpec("removed", "removed from the game", board=False),
        ZoneSpec("deck:{p}", "deck", "none", ordered=False, stack=True),
        ZoneSpec("hand:{p}", "hand", "owner", ordered=False),
        ZoneSpec("discard:{p}", "discard"),
        ZoneSpec("limbo:{p}", "card being played", "owner", board=False),
        ZoneSpec("queue:{p}", "encounter cards", "none"),
        ZoneSpec("play:{p}", "play area"),
        ZoneSpec("aside:{p}", "set aside", board=False),
        ZoneSpec("play:engaged:{p}", "engaged minions"),
    ),
    card_fields={"exhausted": False, "damage": 0},  # mc.ready: cards enter play ready
    nobody="nobody",
    unknown="a face-down card",
    named="{name}",
    board=(
        *("play:villain", "play:scheme", "play:side", "play:env", "play:attach", "boost", "reveal"),
        *(
            "enc:deck",
            "enc:discard",
            "play:{p}",
            "play:engaged:{p}",
            "hand:{p}",
            "queue:{p}",
            "deck:{p}",
            "discard:{p}",
        ),
    ),
)
new_card = ZONES.new_card


def z(kind: str, p: int | None = None) -> str:
    return kind if p is None else f"{kind}:{p}"


def engaged_zone(p: int) -> str:
    return f"{ENEMY_ZONE_PREFIX}{p}"


def card_of(game: Table, oid: str) -> dict:
    """The card data of an object ({} for an anonymous deck card)."""
    return game.rulebook.cards.get(game.state.objects[oid].get("card", ""), {})  # (no card id is "")


def name_of(game: Table, oid: str | None) -> str:
    if oid is None:
        return "nobody"
    obj = game.state.objects.get(oid)
    if obj is None:
        return oid
    if obj.get("kind") == "status":
        return f"{obj['status']} status card"
    card = game.rulebook.cards.get(obj.get("card", ""), {})
    if card.get("type") == "identity":
        name = card["name"] if player_form(game, obj["owner"]) == "hero" else card["alter_ego_name"]
        return name if len(game.state.players) == 1 else f"{name} (player {obj['owner']})"
    return ZONES.name_of(game, oid)


def ctype(game: Table, oid: str) -> str:
    return card_of(game, oid).get("type", "")


def keyword(game: Table, oid: str, name: str) -> Any:
    """The value of keyword ``name`` on the card (mc.keywords, L543-545), or None."""
    return card_of(game, oid).get("keywords", {}).get(name)


def put(game: Table, oid: str, zone: str, index: int | None = None) -> None:
    """Move a card; leaving play clears damage, threat, uses and readiness, and its status cards and attachments
    go too (L305)."""
    st = game.state
    if not (st.objects[oid].get("zone") or "").startswith("play") or zone.startswith("play"):
        ZONES.put(game, oid, zone, index)
        return
    ZONES.put(game, oid, zone, index, exhausted=False, damage=0, threat=0, uses=0)
    for other in list(st.zone("play:status")):
        if st.objects[other].get("host") == oid:
            game.destroy(other)
    for other in list(st.zone("play:attach")):
        if st.objects[other].get("host") == oid:
            put(game, other, "enc:discard")
    if any(m["target"] == oid for m in st.modifiers):
        st.modifiers = [m for m in st.modifiers if m["target"] != oid]


def discard_pile(game: Table, oid: str) -> str:
    """L620: a card leaving play goes to its owner's out-of-play area (the scenario's: the encounter discard)."""
    owner = game.state.objects[oid].get("owner")
    return "enc:discard" if owner is None else z("discard", owner)


# ====================================================================== players
def n_started(game: Table) -> int:
    """L622 (mc.per_player): per-player values count the players who started the scenario."""
    return len(game.state.players)


def next_alive(game: Table, p: int) -> int:
    """The next player clockwise from ``p`` who is still in the game (``p`` itself if nobody else is)."""
    st = game.state
    n = len(st.players)
    return next((q for q in ((p + k) % n for k in range(1, n + 1)) if not st.players[q].get("out")), p)


def alive(game: Table) -> list[int]:
    """Players still in the game, in player order from the first player (L516)."""
    st = game.state
    n = len(st.players)
    first = st.turn.get("first", 0)
    return [(first + k) % n for k in range(n) if not st.players[(first + k) % n].get("out")]


def player_form(game: Table, p: int) -> str:
    return game.state.players[p].get("form", "alter_ego")


def identity(game: Table, p: int) -> str:
    return game.state.players[p]["identity"]


def hero_form(game: Table, p: int) -> bool:
    return player_form(game, p) == "hero"


def first_player(game: Table) -> int:
    return game.state.turn.get("first", 0)


def allies(game: Table, p: int) -> list[str]:
    return [o for o in game.state.zone(z("play", p)) if ctype(game, o) == "ally"]


def characters(game: Table, p: int) -> list[str]:
    """L340: the identity and allies a player controls."""
    return [identity(game, p), *allies(game, p)]


def restricted_cards(game: Table, p: int) -> list[str]:
    return [o for o in game.state.zone(z("play", p)) if keyword(game, o, "restricted")]


# ====================================================================== the scenario
def villain(game: Table) -> str | None:
    zone = game.state.zone("play:villain")
    return zone[0] if zone else None


def main_scheme(game: Table) -> str | None:
    zone = game.state.zone("play:scheme")
    return zone[0] if zone else None


def side_schemes(game: Table) -> list[str]:
    return list(game.state.zone("play:side"))


def minions(game: Table, p: int | None = None) -> list[str]:
    st = game.state
    if p is not None:
        return list(st.zone(engaged_zone(p)))
    return [o for q in range(len(st.players)) for o in st.zone(engaged_zone(q))]


def enemies(game: Table) -> list[str]:
    v = villain(game)
    return ([v] if v else []) + minions(game)


def engaged_with(game: Table, oid: str) -> int | None:
    zone = game.state.objects[oid].get("zone") or ""
    return int(zone.rsplit(":", 1)[1]) if zone.startswith(ENEMY_ZONE_PREFIX) else None


def icons_in_play(game: Table, icon: str) -> int:
    """L742-743: icons on cards in play (only side schemes carry them here, mc.assume.hazard_count)."""
    return sum(icon in card_of(game, o).get("icons", ()) for o in side_schemes(game))


def crisis(game: Table) -> bool:
    return icons_in_play(game, "crisis") > 0


def target_threat(game: Table, scheme: str) -> int:
    return card_of(game, scheme)["target"] * n_started(game)


def threat_of(game: Table, scheme: str) -> int:
    return game.state.objects[scheme].get("threat", 0)


# ====================================================================== values
def base_value(game: Table, obj: dict, stat: str) -> Any:
    """mc.base_value (L316): printed values; an identity's depend on its form; per-player hit points multiply
    (mc.per_player, L622)."""
    card = game.rulebook.cards.get(obj.get("card", ""), {})
    if card.get("type") == "identity":
        form = player_form(game, obj["owner"])
        if stat == "hand_size":
            return card["hand_hero"] if form == "hero" else card["hand_alter_ego"]
        if stat in ("atk", "thw", "def") and form != "hero":
            return 0
        if stat == "rec" and form == "hero":
            return 0
    if stat == "hp" and card.get("hp_per_player"):
        return card["hp"] * n_started(game)
    if stat in card:
        return card[stat]
    if stat in ("atk", "thw", "def", "rec", "sch", "cost"):
        return 0
    raise KeyError(f"object {obj['id']!r} ({card.get('name', 'no card')}) has no stat {stat!r}")


def explain(game: Table, obj: dict, stat: str) -> Explanation:
    """The Rulebook.explain hook: the base of a stat (:func:`base_value`) with its reason; the kernel's
    modifiers (attachments, upgrades, boosts, L582-588) follow it in ``game.explain``.

    An identity shows the printed value of the side it is on (mc.form, mc.hand_size); a per-player value
    is the printed value times the players who started (mc.per_player, L621-623)."""
    oid = obj["id"]
    value = base_value(game, obj, stat)
    card = game.rulebook.cards.get(obj.get("card", ""), {})
    if card.get("type") == "identity" and stat in ("hand_size", "atk", "thw", "def", "rec"):
        side = "hero" if player_form(game, obj["owner"]) == "hero" else "alter-ego"
        rule = "mc.hand_size" if stat == "hand_size" else "mc.form"
        return Explanation(oid, stat, value, (Step("base", value, None, value, oid, rule, f" ({side} form)"),))
    if stat == "hp" and card.get("hp_per_player"):
        n = n_started(game)
        printed = Step("base", card["hp"], None, card["hp"], oid, "mc.base_value", " (printed, per player)")
        times = Step("mul", n, card["hp"], value, None, "mc.per_player", f" ({n} player{'s' if n > 1 else ''})")
        return Explanation(oid, stat, value, (printed, times))
    return Explanation(oid, stat, value, (Step("base", value, None, value, oid, "mc.base_value"),))


def remaining_hp(game: Table, oid: str) -> int:
    """L675-677: maximum hit points minus damage (no card here makes a character 'get' hit points:
    mc.assume.gets_hp)."""
    return game.value(oid, "hp") - game.state.objects[oid].get("damage", 0)


def resources_of(game: Table, oid: str) -> int:
    return card_of(game, oid).get("resources", 0)


def status_cards(game: Table, oid: str) -> dict[str, str]:
    """The status cards on a character, by type."""
    st = game.state
    return {st.objects[s]["status"]: s for s in st.zone("play:status") if st.objects[s].get("host") == oid}


def has_status(game: Table, oid: str, status: str) -> bool:
    return status in status_cards(game, oid)


def give_status(game: Table, oid: str, status: str, rule: str) -> None:
    """L761: a character never has two status cards of one type."""
    if oid not in game.state.objects or not game.state.objects[oid]["zone"].startswith("play"):
        return
    if has_status(game, oid, status):
        game.record("action", f"{name_of(game, oid)} already has a {status} status card (L761)", "mc.status")
        return
    owner = game.state.objects[oid].get("owner")
    game.create(
        "s",
        "play:status",
        kind="status",
        card=f"status_{status}",
        status=status,
        host=oid,
        owner=owner,
        controller=owner,
        vis="all",
    )
    game.record("action", f"{name_of(game, oid)} gets a {status} status card", rule)


def discard_status(game: Table, status_id: str, rule: str) -> None:
    st = game.state
    if status_id in st.objects:
        obj = st.objects[status_id]
        game.record("action", f"{name_of(game, obj['host'])} discards its {obj['status']} status card", rule)
        game.destroy(status_id)


# ====================================================================== decks (chance)
def deck_key(card_id: str, player: int | None) -> str:
    """A deck composition key: the card id, with the player an obligation belongs to (L1500: each player
    shuffles their own obligation in; every player here plays the same identity, so the card is marked)."""
    return card_id if player is None else f"{card_id}@{player}"


def split_key(key: str) -> tuple[str, int | None]:
    cid, _, player = key.partition("@")
    return cid, (int(player) if player else None)


def key_label(cards: dict[str, dict], key: str) -> str:
    cid, player = split_key(key)
    return cards[cid]["name"] + ("" if player is None else f" (player {player}'s)")


# the encounter deck ("enc") and each player's ("0" to "3"): anonymous objects, drawn by chance (mc.deal, mc.draw);
# a draw is the chance decision Deck.draw opens (kind "shuffle", stream "shuffle": the saved layout)
_DRAWS: dict[str, Any] = {
    "label": lambda game, key: key_label(game.rulebook.cards, key),
    "kind": "shuffle",
    "stream": "shuffle",
}
_ENC_PROMPT, _PLAYER_PROMPT = "the top card of the encounter deck", "the top card of player {p}'s deck"
DECKS = {
    "enc": Deck(
        "enc:deck",
        var="_deck:enc",
        fields=ZONES.anonymous("enc:deck", None),
        prompt=_ENC_PROMPT,
        rule="mc.deal",
        **_DRAWS,
    ),
    **dict(
        zip(
            "0123",
            player_decks(ZONES, "deck:{p}", range(4), prompt=_PLAYER_PROMPT, rule="mc.draw", **_DRAWS),
        )
    ),
}


def take(game: Table, deck: str, dest: str, then: list | None = None, **fields: Any) -> None:
    """Schedule taking the top card of ``deck`` ("enc" or a player index as text) to ``dest``; then each task of
    ``then`` (``[name, arguments]``: plain data, it waits on the work stack) runs with the card as ``taken``."""
    game.push(t_take, deck=deck, dest=dest, then=then or [], fields=fields)


@tasks("mc.take")
def t_take(game: Table, *, deck: str, dest: str, then: list, fields: dict) -> None:
    """Draw the top card of ``deck`` (a chance decision), reshuffling an empty deck first where it may be."""
    if not DECKS[deck].size(game):
        if not reshuffle(game, deck):
            game.record("action", "no card is left to take", "mc.encounter_deck_empty" if deck == "enc" else "mc.draw")
            return
        game.push(t_take, deck=deck, dest=dest, then=then, fields=fields)
        return
    DECKS[deck].draw(game, t_taken, {"deck": deck, "dest": dest, "then": then, "fields": fields})


@tasks("mc.taken")
def t_taken(game: Table, *, deck: str, dest: str, then: list, fields: dict, choice: dict) -> None:
    """The card drawn (``choice``) leaves the deck for ``dest``."""
    key = choice["id"]
    st = game.state
    oid = DECKS[deck].take(game, key)
    card_id, belongs = split_key(key)
    st.update(oid, card=card_id, **({"obligation_of": belongs} if belongs is not None else {}), **fields)
    put(game, oid, dest)
    if dest == "boost" and game.options["boost_face_up"]:  # L417, L427 'open' (mc.assume.boost_face_down)
        st.update(oid, vis="all")
    elif dest == "boost" or dest.startswith("queue:"):
        st.update(oid, vis="none")
    for name, targs in then:
        game.push(name, **{**targs, "taken": oid})


def reshuffle(game: Table, deck: str) -> bool:
    """L402 / L406: an empty deck becomes its shuffled discard pile (and the penalty for it)."""
    st = game.state
    pile = "enc:discard" if deck == "enc" else z("discard", int(deck))
    cards = list(st.zone(pile))
    if not cards:
        return False
    DECKS[deck].shuffle_in(
        game, cards, key_of=lambda obj: deck_key(obj["card"], obj.get("obligation_of")), obligation_of=None
    )
    if deck == "enc":
        # mc.assume.acceleration_token: kept with the main scheme deck (not on a stage), so it carries over
        st.set_var("accel_tokens", st.vars.get("accel_tokens", 0) + 1)
        game.record(
            "action",
            "the encounter deck ran out: its discard pile is shuffled in and an acceleration token placed",
            "mc.encounter_deck_empty",
        )
    else:
        p = int(deck)
        game.record(
            "action",
            f"player {p}'s deck ran out: the discard pile is shuffled in and they are dealt an encounter card",
            "mc.player_deck_empty",
            player=p,
        )
        if not st.players[p].get("out"):
            take(game, "enc", z("queue", p))  # mc.assume.encounter_from_deck
    return True


def draw(game: Table, p: int, n: int = 1) -> None:
    for _ in range(n):
        take(game, str(p), z("hand", p))


# ====================================================================== Max X per [period]
def _max_key(card: dict) -> str:
    return f"{card['max']['per']}:max:{card['name']}"


def over_max(game: Table, oid: str) -> bool:
    """L564: has the card's title been played its 'Max X per [period]' times in this period (by any player)?"""
    card = card_of(game, oid)
    if not card.get("max"):
        return False
    return game.state.uses.get(_max_key(card), 0) >= card["max"]["count"]


def count_max(game: Table, oid: str, p: int) -> None:
    """L564, L566, L442: a play counts toward the max of its title once the card is played (step 6), even if its
    effects are then cancelled. The count lives in the state's period uses, so the end of the period clears it."""
    card = card_of(game, oid)
    m = card.get("max")
    if not m:
        return
    st = game.state
    key = _max_key(card)
    st.uses[key] = st.uses.get(key, 0) + 1
    game.record(
        "action",
        f"{card['name']} counts toward its max: {st.uses[key]} of {m['count']} per {m['per']} (all players)",
        "mc.max",
        player=p,
    )


def _ability_max_key(card: dict, spec: dict) -> str:
    return f"{spec['max']['per']}:max:{card['name']}:{spec.get('name', 'ability')}"


def ability_over_max(game: Table, oid: str, spec: dict) -> bool:
    """L565: has this ability, from all copies of its card (by title, any player's), been used its 'Max X per
    [period]' times in this period?"""
    if not spec.get("max"):
        return False
    return game.state.uses.get(_ability_max_key(card_of(game, oid), spec), 0) >= spec["max"]["count"]


def count_ability_max(game: Table, oid: str, spec: dict, p: int | None) -> None:
    """L565-566: an ability use counts toward its max once it is initiated (a cancelled one still counts); the
    count is the card title's, for all players, and the end of the period clears it."""
    m = spec.get("max")
    if not m:
        return
    card = card_of(game, oid)
    st = game.state
    key = _ability_max_key(card, spec)
    st.uses[key] = st.uses.get(key, 0) + 1
    game.record(
        "action",
        f"{card['name']}'s ability counts toward its max: {st.uses[key]} of {m['count']} per {m['per']} "
        "(all copies, all players)",
        "mc.max_ability",
        player=p,
    )


def over_per_player(game: Table, oid: str, p: int) -> bool:
    """mc.max_player, L568: "Max 1 per player": player ``p`` already controls as many copies in play (by title)
    as the card allows."""
    card = card_of(game, oid)
    limit = card.get("max_per_player")
    if not limit:
        return False
    st = game.state
    cards = game.rulebook.cards
    mine = sum(
        1
        for o in st.objects.values()
        if o.get("kind") == "card"
        and (o.get("zone") or "").startswith("play")
        and o.get("controller") == p
        and cards.get(o.get("card", ""), {}).get("name") == card["name"]
    )
    return mine >= limit


@tasks("mc.uses_check")
def t_uses_check(game: Table, *, card: str) -> None:
    """L844: after a card with uses spends its last use (and the effect resolves), it is discarded."""
    c = card
    st = game.state
    if c in st.objects and st.objects[c]["zone"].startswith("play") and st.objects[c].get("uses", 0) <= 0:
        game.record("action", f"{name_of(game, c)} spent its last use and is discarded", "mc.uses")
        put(game, c, discard_pile(game, c))


# ====================================================================== effects
def run_effects(game: Table, effects: list[dict], ctx: dict) -> None:
    """Resolve an ability's sentences one at a time (L261); 'then' needs the one before it (L793)."""
    if effects:
        game.push(t_effects, effects=effects, i=0, ctx=ctx, ok=True)


@tasks("mc.effects")
def t_effects(game: Table, *, effects: list[dict], i: int, ctx: dict, ok: bool) -> None:
    """Sentence ``i`` of an ability's text; ``ok``: whether the one before it fully resolved (L793)."""
    if i >= len(effects):
        return
    src = game.state.objects.get(ctx.get("source") or "")
    owner = src.get("owner") if src else None
    if owner is not None and game.state.players[owner].get("out"):
        game.record(
            "action",
            f"{ctx.get('name', 'the ability')} does nothing: player {owner}, its owner, is eliminated",
            "mc.elimination",
        )
        return
    spec = effects[i]
    if spec.get("then") and not ok:
        game.record(
            "action", "the text after 'then' does not resolve: the text before it did not fully resolve", "mc.then"
        )
        ok = False
    else:
        ok = apply_effect(game, spec, ctx)
    game.push(t_effects, effects=effects, i=i + 1, ctx=ctx, ok=ok)


def apply_effect(game: Table, spec: dict, ctx: dict) -> bool:
    """One effect of the card vocabulary; returns whether it fully resolved."""
    st = game.state
    kind = spec["effect"]
    p = ctx.get("player")
    rule = ctx.get("rule", "mc.mandatory")
    if spec.get("if_main_threat") is not None:
        ms = main_scheme(game)
        if ms is None or threat_of(game, ms) < spec["if_main_threat"]:
            game.record(
                "action",
                f"{ctx.get('name', 'the ability')}: the main scheme has fewer than "
                f"{spec['if_main_threat']} threat; nothing happens",
                rule,
            )
            return False
    if spec.get("if_paid"):
        src = st.objects.get(ctx.get("source") or "", {})
        if not src.get("spent", {}).get(spec["if_paid"]):
            game.record(
                "action",
                f"{ctx.get('name', 'the card')}: no {spec['if_paid']} resource was spent on it; this part does nothing",
                "mc.wild",
                player=p,
            )
            return False
    target = spec.get("target")
    if target in DEFERRED_TARGETS:
        _TARGET[target](game, spec, ctx)
        return True
    targets = effect_targets(game, target, ctx)
    amount = spec.get("amount", 0)
    if spec.get("amount_of"):
        alive_hero = p is not None and not st.players[p].get("out") and hero_form(game, p)
        # (alive_hero: p is a player)
        amount = game.value(identity(game, cast(int, p)), spec["amount_of"]) if alive_hero else 0
        game.record(
            "action",
            f"{ctx.get('name', 'the ability')}: your hero's {spec['amount_of'].upper()} is {amount} now",
            rule,
            player=p,
        )
        if amount <= 0:
            return False
    fn = _EFFECT.get(kind)
    if fn is None:
        raise RuleError(f"{ctx.get('name')}: unknown effect {kind!r} in its card data (no effect of that name)")
    return fn(game, spec, ctx, targets, amount)


# The effect vocabulary, each word on its code: ``(game, spec, ctx, targets, amount) -> bool``, whether the
# effect fully resolved (L793: 'then' needs the one before it); card.schema.json's enum is generated from it.
@EFFECTS.register("damage")
def _e_damage(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    for t in targets:
        deal_damage(
            game,
            [
                {
                    "target": t,
                    "amount": amount,
                    "source": ctx.get("source"),
                    "kind": ctx.get("damage_kind", "effect"),
                    "overkill": bool(ctx.get("overkill")),
                    "player": ctx.get("player"),
                }
            ],
            ctx.get("rule", "mc.mandatory"),
        )
    game.push("k.checks")
    return bool(targets)


@EFFECTS.register("threat")
def _e_threat(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    for t in targets:
        game.emit("threat", rule=ctx.get("rule", "mc.mandatory"), scheme=t, amount=amount, source=ctx.get("source"))
    return bool(targets)


@EFFECTS.register("remove_threat")
def _e_remove_threat(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    rule = ctx.get("rule", "mc.mandatory")
    for t in targets:
        game.emit(
            "remove_threat", rule=rule, scheme=t, amount=amount, source=ctx.get("source"), player=ctx.get("player")
        )
    game.push("k.checks")
    return bool(targets)


@EFFECTS.register("heal")
def _e_heal(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    for t in targets:
        game.emit("heal", rule=ctx.get("rule", "mc.mandatory"), target=t, amount=amount, player=ctx.get("player"))
    return bool(targets)


@EFFECTS.register("draw")
def _e_draw(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    p = ctx.get("player")
    draw(game, cast(int, p), amount)  # (draw is on player cards only: their effects name the player)
    game.record("action", f"player {p} draws {amount} card(s)", ctx.get("rule", "mc.mandatory"), player=p)
    return True


@EFFECTS.register("status")
def _e_status(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    for t in targets:
        give_status(game, t, spec["status"], ctx.get("rule", "mc.mandatory"))
    return bool(targets)


@EFFECTS.register("villain_attacks", "villain_schemes")
def _e_villain_activates(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    v = villain(game)
    if v is None:
        return False
    mode = "attack" if spec["effect"] == "villain_attacks" else "scheme"
    game.push("mc.enemy_activation", enemy=v, player=ctx.get("player"), mode=mode)  # (villain.py's: by name)
    return True


@EFFECTS.register("cancel")
def _e_cancel(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    st = game.state
    ev = ctx.get("event_id")
    if ev and ev in st.events and st.events[ev]["status"] == "pending":
        game.cancel(ev, rule="mc.cancel")
        if st.events[ev]["type"] == "damage":
            damage_reduced(game, st.events[ev], 0)
        return True
    return False


@EFFECTS.register("prevent")
def _e_prevent(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    st = game.state
    ev = ctx.get("event_id")
    if ev and ev in st.events and st.events[ev]["status"] == "pending":
        old = st.events[ev]
        new = max(0, old["amount"] - amount)
        st.events[ev] = {**old, "amount": new}
        damage_reduced(game, old, new)
        game.record(
            "action",
            f"{ctx.get('name')}: {old['amount'] - new} damage prevented ({old['amount']} -> {new})",
            "mc.prevent",
            player=ctx.get("player"),
        )
        return True
    return False


@EFFECTS.register("indirect")
def _e_indirect(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    game.push(t_indirect, player=ctx.get("player"), amount=amount, rule=ctx.get("rule", "mc.mandatory"))
    return True


@EFFECTS.register("modify")
def _e_modify(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    for t in targets:
        game.add_modifier(
            t,
            spec["stat"],
            spec["op"],
            spec["value"],
            source=ctx.get("source"),
            until=spec.get("until"),
            rule="mc.lasting" if spec.get("until") else "mc.modifiers",
        )
    return bool(targets)


@EFFECTS.register("delayed_damage")
def _e_delayed_damage(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    p = ctx.get("player")
    game.delay(
        "trip_wire_fires",
        event="attack",
        source=ctx.get("source"),
        controller=p,
        match={"by": "villain"},
        data={"amount": amount},
    )
    game.record(
        "action", f"{ctx.get('name')}: a delayed effect waits for the villain's next attack", "mc.delayed", player=p
    )
    return True


@EFFECTS.register("nemesis")
def _e_nemesis(game: Table, spec: dict, ctx: dict, targets: list[str], amount: int) -> bool:
    return nemesis_into_play(game, ctx.get("player"), ctx.get("rule", "mc.mandatory"))


_EFFECT = EFFECTS.handlers


@tasks("mc.first_player_target")
def t_first_player_target(game: Table, *, spec: dict, ctx: dict, choice: dict | None = None) -> None:
    """L456: an encounter card that targets one character, with several eligible: the first player chooses among
    every player's characters (mc.first_player), whoever revealed the card."""
    first = first_player(game)
    if choice is None:
        eligible = [c for q in alive(game) for c in characters(game, q)]
        if not eligible:
            game.record("action", f"{ctx.get('name', 'the card')}: no character to target", "mc.first_player")
            return
        if len(eligible) > 1:
            game.ask(
                first,
                "encounter_target",
                [{"id": c, "label": name_of(game, c)} for c in eligible],
                t_first_player_target,
                prompt=f"{ctx.get('name', 'the encounter card')}: the first player chooses its target",
                rule="mc.first_player",
                args={"spec": spec, "ctx": ctx},
            )
            return
        chosen = eligible[0]
    else:
        chosen = choice["id"]
    game.record(
        "action",
        f"the first player (player {first}) chooses {name_of(game, chosen)} as the target of "
        f"{ctx.get('name', 'the encounter card')}",
        "mc.first_player",
        player=first,
    )
    apply_effect(game, {**spec, "target": "chosen"}, {**ctx, "chosen": chosen})


def nemesis_into_play(game: Table, p: int | None, rule: str) -> bool:
    """L1489-1492: the nemesis side scheme of the player who drew the card enters play, their nemesis minion
    enters play engaged with them, and the other cards of that nemesis go to the encounter discard pile (as the
    text is written, mc.assume.nemesis)."""
    st = game.state
    aside = list(st.zone(z("aside", p))) if p is not None and z("aside", p) in st.zones else []
    if p is None or st.players[p].get("out") or not aside:
        game.record("action", f"player {p}'s nemesis set is no longer set aside: nothing happens", "mc.nemesis")
        return False
    for oid in aside:
        card = card_of(game, oid)
        if card["type"] == "side_scheme":
            put(game, oid, "play:side")
            st.update(oid, threat=card["start"])
            game.record(
                "action",
                f"{card['name']}, player {p}'s nemesis side scheme, enters play with {card['start']} threat",
                "mc.nemesis",
                player=p,
            )
        elif card["type"] == "minion":
            game.record("action", f"{card['name']}, player {p}'s nemesis, enters play", "mc.nemesis", player=p)
            game.emit("engage", rule="mc.nemesis", minion=oid, player=p)
            game.push("mc.enters", card=oid)  # (villain.py's task, by name: villain.py imports this module)
        else:
            put(game, oid, "enc:discard")
            game.record(
                "action",
                f"{card['name']}, a card of player {p}'s nemesis, goes to the encounter discard pile",
                "mc.nemesis",
                player=p,
            )
    return True


def effect_targets(game: Table, target: str | None, ctx: dict) -> list[str]:
    """What an effect applies to now: the function its target word is registered on (``TARGETS``)."""
    if target is None:
        return []
    fn = _TARGET.get(target)
    if fn is None or target in DEFERRED_TARGETS:
        raise RuleError(f"{ctx.get('name')}: unknown target {target!r} in its card data (no target of that name)")
    return fn(game, ctx)


# The target vocabulary, each word on its code: ``(game, ctx)`` -> what the effect applies to.
@TARGETS.register("chosen")
def _t_chosen(game: Table, ctx: dict) -> list[str]:
    t = ctx.get("chosen")
    return [t] if t and t in game.state.objects and game.state.objects[t]["zone"].startswith("play") else []


@TARGETS.register("each_hero")
def _t_each_hero(game: Table, ctx: dict) -> list[str]:
    return [identity(game, q) for q in alive(game) if hero_form(game, q)]


@TARGETS.register("your_identity")
def _t_your_identity(game: Table, ctx: dict) -> list[str]:
    p = ctx.get("player")
    return [identity(game, p)] if p is not None and not game.state.players[p].get("out") else []


@TARGETS.register("villain")
def _t_villain(game: Table, ctx: dict) -> list[str]:
    v = villain(game)
    return [v] if v else []


@TARGETS.register("main_scheme")
def _t_main_scheme(game: Table, ctx: dict) -> list[str]:
    m = main_scheme(game)
    return [m] if m else []


@TARGETS.register("attacker")
def _t_attacker(game: Table, ctx: dict) -> list[str]:
    a = ctx.get("attacker")
    return [a] if a and a in game.state.objects else []


@TARGETS.register("self")
def _t_self(game: Table, ctx: dict) -> list[str]:
    s = ctx.get("source")
    return [s] if s and s in game.state.objects and game.state.objects[s]["zone"].startswith("play") else []


@TARGETS.register("character_first_player_chooses", defers=True)
def _t_first_player_chooses(game: Table, spec: dict, ctx: dict) -> None:
    """L456: the first player chooses the character (:func:`t_first_player_target`), then the effect resolves."""
    game.push(t_first_player_target, spec=spec, ctx=ctx)


DEFERRED_TARGETS = frozenset(TARGETS.where("defers"))
_TARGET = TARGETS.handlers


@tasks("mc.indirect")
def t_indirect(
    game: Table,
    *,
    player: int,
    amount: int,
    rule: str,
    assigned: dict[str, int] | None = None,
    choice: dict | None = None,
) -> None:
    """L521: indirect damage, assigned one point at a time by the player among their characters, none beyond
    what defeats it."""
    p, left = player, amount
    assigned = dict(assigned or {})
    if choice is not None:
        assigned[choice["id"]] = assigned.get(choice["id"], 0) + 1
        left -= 1
    if game.state.players[p].get("out"):
        return
    room = {c: remaining_hp(game, c) - assigned.get(c, 0) for c in characters(game, p)}
    options = [{"id": c, "label": f"1 to {name_of(game, c)}"} for c, r in room.items() if r > 0]
    if left > 0 and options:
        game.ask(
            p,
            "indirect",
            options,
            t_indirect,
            prompt=f"assign indirect damage ({left} left)",
            rule="mc.indirect",
            args={"player": p, "amount": left, "assigned": assigned, "rule": rule},
        )
        return
    batch = [
        {"target": c, "amount": n, "source": None, "kind": "indirect", "overkill": False, "player": p}
        for c, n in assigned.items()
    ]
    if batch:
        deal_damage(game, batch, "mc.indirect")  # dealt at once: one interrupt and one response window (L825)
    game.push("k.checks")


# ====================================================================== damage with its defeat (L825)
def defeat_event(game: Table, c: str) -> dict | None:
    """The defeat of a card with hit points, as an event (None for a card that cannot be defeated by damage)."""
    what = ctype(game, c)
    if what in ("identity", "ally"):
        return {"type": "defeat", "card": c, "player": game.state.objects[c]["owner"], "what": what}
    if what == "minion":
        return {"type": "defeat", "card": c, "player": engaged_with(game, c), "what": "minion"}
    if what == "villain":
        return {"type": "defeat", "card": c, "what": "villain"}
    return None


def deal_damage(game: Table, damages: list[dict], rule: str) -> None:
    """Deal damage events at once, each with the defeat it causes (L825, mc.triggering_condition).

    One occurrence in which a character takes damage and is defeated creates both triggering
    conditions: the damage and the defeat go into one batch, so they share one interrupt window and
    one response window, where abilities about either may be used in any order. A defeat is added
    when the damage, as it stands when dealt, would bring the card to 0 hit points; if the damage is
    prevented or reduced before it is dealt, the defeat is cancelled (:func:`damage_reduced`). Damage
    made lethal only later (a replacement adding to it) is caught by the constant check (L583).
    """
    st = game.state
    events: list[dict] = [{"type": "damage", **d} for d in damages]
    v, ms = villain(game), main_scheme(game)
    grim = ms is not None and threat_of(game, ms) >= target_threat(game, ms)  # both ends at once: the check's case
    for d in damages if game.options["defeat_timing"] == "with_damage" else ():
        t = d["target"]
        if t not in st.objects or not st.objects[t]["zone"].startswith("play") or d["amount"] <= 0:
            continue
        if (t == v and grim) or not 0 < remaining_hp(game, t) <= d["amount"]:
            continue
        ev = defeat_event(game, t)
        if ev is not None and (ev["what"] == "villain" or not st.players[ev.get("player") or 0].get("out")):
            events.append({**ev, "with_damage": True, "rule": "mc.triggering_condition"})
    game.emit_batch(events, rule=rule)


def damage_reduced(game: Table, ev: dict, amount: int) -> None:
    """A damage event now deals ``amount``: if that no longer defeats its target, the defeat dealt with it is
    cancelled (it was only ever a consequence of the damage, L825)."""
    st = game.state
    t = ev.get("target")
    if t in st.objects and st.objects[t]["zone"].startswith("play") and amount >= remaining_hp(game, t):
        return
    for eid, other in list(st.events.items()):
        if (
            other["type"] == "defeat"
            and other.get("with_damage")
            and other["card"] == t
            and other["status"] == "pending"
        ):
            game.record(
                "action",
                f"{name_of(game, t)} will not be defeated after all: the damage that would defeat it is now {amount}",
                "mc.triggering_condition",
            )
            game.cancel(eid, rule="mc.triggering_condition")


# ====================================================================== event handlers
def on_damage(game: Table, ev: dict) -> None:
    st = game.state
    t = ev["target"]
    if t not in st.objects or not st.objects[t]["zone"].startswith("play"):
        damage_reduced(game, ev, 0)
        return
    before = remaining_hp(game, t)
    damage_reduced(game, ev, ev["amount"])
    # mc.damage: damage lowers the remaining hit points (the defeat at 0 is dealt with it, deal_damage, or checked)
    st.update(t, damage=st.objects[t].get("damage", 0) + ev["amount"])
    if ev.get("overkill") and ctype(game, t) == "minion":  # read (and removed) by the overkill step (L611)
        st.set_var("overkill", {"target": t, "excess": max(0, ev["amount"] - max(before, 0))})
    attack = current_attack(game)
    if attack is not None and ev.get("kind") == "attack" and ev.get("attack") == attack["id"]:
        set_attack(game, dealt=ev["amount"], excess=max(0, ev["amount"] - max(before, 0)))


def on_heal(game: Table, ev: dict) -> None:
    st = game.state
    t = ev["target"]
    if t in st.objects:
        healed = min(ev["amount"], st.objects[t].get("damage", 0))  # L493: never above maximum
        st.update(t, damage=st.objects[t].get("damage", 0) - healed)
        st.events[ev["id"]] = {**ev, "healed": healed}


def on_threat(game: Table, ev: dict) -> None:
    """mc.threat: threat is placed on a scheme in play."""
    st = game.state
    s = ev["scheme"]
    if s in st.objects and st.objects[s]["zone"].startswith("play"):
        st.update(s, threat=threat_of(game, s) + ev["amount"])


def on_remove_threat(game: Table, ev: dict) -> None:
    """mc.threat: thwarting removes threat from a scheme (never below 0)."""
    st = game.state
    s = ev["scheme"]
    if s not in st.objects or not st.objects[s]["zone"].startswith("play"):
        return
    if s == main_scheme(game) and crisis(game):
        game.record(
            "action", "a crisis side scheme is in play: no threat can be removed from the main scheme", "mc.crisis"
        )
        return
    st.update(s, threat=max(0, threat_of(game, s) - ev["amount"]))


def on_period_end(game: Table, ev: dict) -> None:
    """L583, L551: the game constantly checks. The lasting effects of the period have just ended (before this
    event, L551), so what they held up (hit points, say) is checked before anything responds to the end."""
    game.push("k.checks")


def on_discard_status(game: Table, ev: dict) -> None:
    discard_status(game, ev["status_card"], ev["rule"])


def on_form(game: Table, ev: dict) -> None:
    p = ev["player"]
    game.state.update_player(p, form=ev["to"])


def on_defend(game: Table, ev: dict) -> None:
    d = ev["defender"]
    game.state.update(d, exhausted=True)
    set_attack(game, defender=d)


def on_engage(game: Table, ev: dict) -> None:
    put(game, ev["minion"], engaged_zone(ev["player"]))


# ====================================================================== attacks in progress
def current_attack(game: Table) -> dict | None:
    stack = game.state.vars.get("attacks", ())
    return stack[-1] if stack else None


def set_attack(game: Table, **changes: Any) -> None:
    stack = list(game.state.vars.get("attacks", ()))
    if stack:
        stack[-1] = {**stack[-1], **changes}
        game.state.set_var("attacks", stack)


# ====================================================================== state checks
def state_checks(game: Table) -> list[dict]:
    """mc.assume.state_checks: 0 hit points defeats (L372, L383), no threat defeats a side scheme (L383),
    threat at target advances the main scheme (L558); found together, they are one simultaneous batch.
    A defeat caused by damage is normally dealt with the damage (:func:`deal_damage`, L825); the check finds
    the others (hit points lowered by a modifier ending, damage made lethal by a replacement)."""
    st = game.state
    if st.result is not None or not st.players or "identity" not in st.players[0]:
        return []
    events: list[dict] = []
    v = villain(game)
    villain_down = v is not None and remaining_hp(game, v) <= 0
    ms = main_scheme(game)
    scheme_done = ms is not None and threat_of(game, ms) >= target_threat(game, ms)
    # (villain_down and scheme_done: both are in play, v and ms are str)
    if (
        villain_down
        and scheme_done
        and card_of(game, cast(str, v)).get("final")
        and card_of(game, cast(str, ms)).get("final")
    ):
        return [{"type": "grim_end"}]
    for p in range(len(st.players)):
        if st.players[p].get("out"):
            continue
        for c in [*characters(game, p), *minions(game, p)]:
            if remaining_hp(game, c) <= 0:
                # (a character, a minion and the villain can each be defeated: never None)
                events.append(cast(dict, defeat_event(game, c)))
    if villain_down:
        events.append(cast(dict, defeat_event(game, cast(str, v))))
    for s in side_schemes(game):
        if threat_of(game, s) <= 0:
            events.append({"type": "defeat", "card": s, "what": "side_scheme"})
    if scheme_done:
        events.append({"type": "scheme_complete", "scheme": ms})
    return events
