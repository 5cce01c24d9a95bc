"""The rules code of Nebozhiteli: zones, decks, lives and the phase ledger, events, state checks and the
tasks of the turn up to the attack (the start of the turn, summoning, equipment), and the end of the turn.

Combat (the ranged phase, attackers, blockers and damage) is in :mod:`.combat`, the card effects in
:mod:`.effects`. Everything goes through the kernel: moves through the declared zones, draws through the
hidden decks, damage and healing through the phase ledger (:class:`~tabletop.core.ledger.Ledger`), every
change that a rule makes through ``game.emit`` (so the state checks see it at the right time), choices
through ``game.ask`` and the end-of-turn window through a round of goes (:class:`~tabletop.core.goes.Goes`).
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table, TaskTable, Zones, ZoneSpec, player_decks
from tabletop.core.choices import note_excluded
from tabletop.core.goes import Goes
from tabletop.core.ledger import Ledger
from tabletop.core.zones import active_player as active
from tabletop.core.zones import card_of, controller
from tabletop.core.zones import other_player as other
from tabletop.core.zones import player_zone as z

PLAYERS = (0, 1)
FIELD_SIZE = 5  # nb.refill_field (L35)
HAND_SIZE = 7  # nb.refill_hand (L35)
ACTIONS = 4  # nb.actions (L36)
# nb.zones (L23-L29); nb.assume.shuffle: the decks are seen by nobody, the summoning field and the hand by
# their owner; nb.assume.battlefield: the battlefield (L26) holds nothing, so it is no zone here
ZONES = Zones(
    (
        ZoneSpec("creatures:{p}", "creature deck", "none", ordered=False),
        ZoneSpec("main:{p}", "main deck", "none", ordered=False),
        ZoneSpec("summoning:{p}", "summoning field", "owner", limit=FIELD_SIZE),
        ZoneSpec("field:{p}", "playing field"),
        ZoneSpec("gear:{p}", "items on creatures"),
        ZoneSpec("hand:{p}", "hand", "owner", ordered=False),
        ZoneSpec("grave:{p}", "graveyard"),
    ),
    card_fields={"tapped": False},
    unknown="a card ({id})",
)
# nb.assume.shuffle: a deck's order is hidden; each card drawn is a chance outcome weighted by what is left
CREATURE_DECKS = player_decks(
    ZONES,
    "creatures:{p}",
    PLAYERS,
    rule="nb.assume.shuffle",
    var="_deck:creatures:{p}",
    prompt="the top card of player {p}'s creature deck",
)
MAIN_DECKS = player_decks(
    ZONES,
    "main:{p}",
    PLAYERS,
    rule="nb.assume.shuffle",
    var="_deck:main:{p}",
    prompt="the top card of player {p}'s main deck",
)
DECKS = {
    **{f"creatures:{p}": d for p, d in enumerate(CREATURE_DECKS)},
    **{f"main:{p}": d for p, d in enumerate(MAIN_DECKS)},
}
TASKS = TaskTable()


# ======================================================================== basics
name_of = ZONES.name_of  # "Ghoul (c12)"; a card not known yet: "a card (c12)"


def zone_kind(game: Table, oid: str) -> str:
    return str(game.state.objects[oid]["zone"]).split(":", 1)[0]


def on_field(game: Table, oid: str) -> bool:
    obj = game.state.objects.get(oid)
    return obj is not None and str(obj.get("zone", "")).startswith("field:")


def creatures(game: Table, player: int) -> list[str]:
    """The creatures on a player's playing field (nb.summoned: they have entered play)."""
    return list(game.state.zone(z("field", player)))


def lives(game: Table, oid: str) -> int:
    return int(game.state.objects[oid].get("lives", 0))


def mana(game: Table, player: int) -> int:
    return int(game.state.players[player]["mana"])


def actions(game: Table, player: int) -> int:
    return int(game.state.players[player].get("actions", 0))


def items_on(game: Table, oid: str) -> list[str]:
    """The items lying on creature ``oid`` (nb.equip_phase: put on top of the creature card)."""
    st = game.state
    return [i for i in st.zone(z("gear", controller(game, oid))) if st.objects[i].get("on") == oid]


def weapon_of(game: Table, oid: str) -> str | None:
    """The creature's weapon (nb.assume.two_weapons: at most one)."""
    return next((i for i in items_on(game, oid) if card_of(game, i)["type"] == "weapon"), None)


def strength(game: Table, oid: str) -> int:
    """nb.strength (L42): an unarmed creature's attack strength is 1, an armed one's its weapon's."""
    weapon = weapon_of(game, oid)
    return 1 if weapon is None else int(card_of(game, weapon)["strength"])


def damage_kind(game: Table, oid: str) -> str:
    """nb.damage_types (L69): physical unless the weapon says otherwise."""
    weapon = weapon_of(game, oid)
    return "physical" if weapon is None else str(card_of(game, weapon).get("damage", "physical"))


def armour_against(game: Table, oid: str, kind: str) -> int:
    """nb.assume.armour: the armour numbers of the creature's items, against physical damage (other damage
    too with option armour_vs_other); an amulet's counts with option amulet_armour."""
    opts = game.options
    if kind != "physical" and not opts["armour_vs_other"]:
        return 0
    total = 0
    for item in items_on(game, oid):
        data = card_of(game, item)
        if data["type"] != "armour" or (data["armour_type"] == "amulet" and not opts["amulet_armour"]):
            continue
        total += int(data["armour_value"])
    return total


def after_armour(game: Table, target: str, amount: int, kind: str) -> int:
    """nb.armour (L71): the armour is taken off this one source's damage, with a floor of 0 for the source."""
    return max(0, amount - armour_against(game, target, kind))


def can_attack(game: Table, oid: str) -> bool:
    """nb.attackers (L58): an unturned creature; nb.sickness (L41): not just summoned, unless it has Combat
    readiness (nb.readiness)."""
    obj = game.state.objects[oid]
    return not obj["tapped"] and (not obj.get("sick") or bool(card_of(game, oid).get("readiness")))


def can_use_ability(game: Table, oid: str) -> bool:
    """nb.sickness: a just-summoned creature uses no activated ability (option readiness_abilities: unless it
    has Combat readiness, nb.assume.readiness); nb.turn_once: the ability turns it, so it must be unturned."""
    obj = game.state.objects[oid]
    if obj["tapped"] or "activated" not in card_of(game, oid):
        return False
    if not obj.get("sick"):
        return True
    return bool(game.options["readiness_abilities"] and card_of(game, oid).get("readiness"))


# ================================================================= lives and the ledger
def _settle(game: Table, oid: str, net: int, totals: dict[str, int]) -> None:
    """nb.L76: the net of the phase's damage, healing and loss goes onto the creature's lives (in play only)."""
    if not on_field(game, oid):
        return
    game.state.update(oid, lives=capped(game, oid, lives(game, oid) + net, net))


LIFE = Ledger("life", rule="nb.L76", kinds={"damage": -1, "healing": 1, "loss": -1}, on_settle=_settle)
LIFE.tasks(TASKS)


def capped(game: Table, oid: str, new: int, change: int) -> int:
    """nb.assume.healing_cap: with option healing_cap "cost", life restored stops at the summoning cost."""
    if change > 0 and game.options["healing_cap"] == "cost":
        return min(new, max(int(card_of(game, oid)["cost"]), lives(game, oid)))
    return new


def summed(game: Table, kind: str) -> bool:
    """Whether ``kind`` goes into the phase's ledger (nb.assume.death, nb.assume.loss_summed)."""
    opts = game.options
    return opts["death_check"] == "end_of_phase" and (kind != "loss" or opts["loss_summed"])


def hurt(game: Table, oid: str, kind: str, amount: int) -> None:
    """Damage, healing or loss of life to a creature: summed over the phase (nb.L76) or at once (nb.L40)."""
    if amount <= 0 or not on_field(game, oid):
        return
    if summed(game, kind):
        LIFE.add(game, oid, kind, amount)
        return
    sign = LIFE.kinds[kind]
    now = capped(game, oid, lives(game, oid) + sign * amount, sign * amount)
    game.state.update(oid, lives=now)
    rule = "nb.L40" if game.options["death_check"] == "as_soon_as" else "nb.assume.loss_summed"
    game.record("modifier", lambda: f"{name_of(game, oid)}: {kind} {amount}, {now} lives", rule, target=oid)
    if rule == "nb.assume.loss_summed" and now < 1:
        game.push("k.checks")  # a loss of life outside the sum kills as soon as (L40), the summed damage waits


# ======================================================================== events
def on_summon(game: Table, ev: dict) -> None:
    """nb.summoned (L39): face up onto the playing field; nb.lives (L40): the mana stays as its lives;
    nb.sickness (L41): it is just summoned."""
    oid = ev["card"]
    st = game.state
    n = int(st.objects[oid].get("mana", 0))
    ZONES.put(game, oid, z("field", ev["player"]), lives=n, mana=0, sick=True, tapped=False)


def on_damage(game: Table, ev: dict) -> None:
    """nb.sources: one source's damage to one creature, armour already taken off (nb.armour); a vampire
    restores as much life (nb.not_creature: to a creature only, never for a player's mana)."""
    target, source, amount = ev["target"], ev["source"], ev["amount"]
    hurt(game, target, "damage", amount)
    if amount > 0 and source in game.state.objects and card_of(game, source).get("vampire"):
        game.record(
            "resolution", lambda: f"{name_of(game, source)} restores {amount} life (vampire)", "nb.not_creature"
        )
        hurt(game, source, "healing", amount)


def on_mana_loss(game: Table, ev: dict) -> None:
    """nb.player_damage (L74): the player loses as many mana as the damage."""
    p = ev["player"]
    game.state.update_player(p, mana=mana(game, p) - ev["amount"])


def on_heal(game: Table, ev: dict) -> None:
    hurt(game, ev["target"], "healing", ev["amount"])


def on_lose_life(game: Table, ev: dict) -> None:
    """nb.life_loss (L73): no armour takes anything off a loss of life."""
    hurt(game, ev["target"], "loss", ev["amount"])


def on_restore_mana(game: Table, ev: dict) -> None:
    p = ev["player"]
    game.state.update_player(p, mana=mana(game, p) + ev["amount"])


def on_die(game: Table, ev: dict) -> None:
    """The creature goes to the grave (nb.L76 / nb.L40); nb.items_back (L48): its items to its player's hand
    (nb.assume.items_hand), cursed ones too (nb.cursed: they come off when it dies)."""
    oid = ev["card"]
    p = controller(game, oid)
    for item in items_on(game, oid):
        ZONES.put(game, item, z("hand", p), on=None)
    ZONES.put(game, oid, z("grave", game.state.objects[oid]["owner"]), tapped=False, sick=False, lives=0)


def on_equip(game: Table, ev: dict) -> None:
    """nb.equip_phase (L47): the item lies on the creature; nb.equip (L44): its actions are spent."""
    p, item = ev["player"], ev["item"]
    ZONES.put(game, item, z("gear", p), on=ev["creature"])
    game.state.update_player(p, actions=actions(game, p) - int(card_of(game, item)["actions"]))


def on_unequip(game: Table, ev: dict) -> None:
    """nb.items_back (L48): a removed item returns to the hand."""
    ZONES.put(game, ev["item"], z("hand", ev["player"]), on=None)


def on_game_over(game: Table, ev: dict) -> None:
    """nb.assume.win: a player with no mana left loses (both at once: a draw)."""
    losers = ev["losers"]
    winners = [p for p in PLAYERS if p not in losers]
    who = " and ".join(f"player {p}" for p in losers)
    game.end_game(winners, reason=f"{who} has no mana left", rule="nb.assume.win")


EVENT_HANDLERS = {
    "summon": on_summon,
    "damage": on_damage,
    "mana_loss": on_mana_loss,
    "heal": on_heal,
    "lose_life": on_lose_life,
    "restore_mana": on_restore_mana,
    "die": on_die,
    "equip": on_equip,
    "unequip": on_unequip,
    "game_over": on_game_over,
}


def _text(kind: str):
    def text(game: Table, ev: dict) -> str:
        n = lambda key: name_of(game, ev[key])  # noqa: E731
        if kind == "summon":
            return f"{n('card')} is summoned onto player {ev['player']}'s playing field"
        if kind == "damage":
            raw = f" ({ev['raw']} less armour)" if ev.get("raw", ev["amount"]) != ev["amount"] else ""
            return f"{n('source')} deals {ev['amount']} {ev['kind']} damage{raw} to {n('target')}"
        if kind == "mana_loss":
            return f"{n('source')} deals {ev['amount']} damage to player {ev['player']}: {ev['amount']} mana lost"
        if kind == "heal":
            return f"{n('target')} restores {ev['amount']} life"
        if kind == "lose_life":
            return f"{n('target')} loses {ev['amount']} life (not damage)"
        if kind == "restore_mana":
            return f"player {ev['player']} gains {ev['amount']} mana"
        if kind == "die":
            return f"{n('card')} dies and goes to the grave"
        if kind == "equip":
            return f"{n('item')} is put on {n('creature')}"
        if kind == "unequip":
            return f"{n('item')} is taken back into player {ev['player']}'s hand"
        if kind == "game_over":
            return "a player has no mana left"
        return kind

    return text


EVENT_TEXT = {k: _text(k) for k in EVENT_HANDLERS}


def state_checks(game: Table) -> list[dict]:
    """Creatures on a playing field with fewer than one life die together (nb.L76 at a phase's end, nb.L40 at
    once); then a player with no mana left loses (nb.assume.win, option mana_loss_loses)."""
    st = game.state
    if st.result is not None:
        return []
    rule = "nb.L40" if game.options["death_check"] == "as_soon_as" else "nb.L76"
    objects = st.objects
    events = [
        {"type": "die", "card": oid, "rule": rule}
        for p in PLAYERS
        for oid in st.zone(z("field", p))
        if objects[oid].get("lives", 0) < 1
    ]
    if not events and game.options["mana_loss_loses"]:
        losers = [p for p in PLAYERS if st.players[p]["mana"] < 1]
        if losers:
            events.append({"type": "game_over", "losers": losers, "rule": "nb.assume.win"})
    return events


# ================================================================= the start of the turn (L35-L36)
@TASKS("nb.begin")
def t_begin(game: Table) -> None:
    """nb.active (L35): the player whose turn it is becomes active, the other passive."""
    p = active(game)
    st = game.state
    for name in ("combat", "shots", "stripping", "short"):
        st.vars.pop(name, None)
    game.record("flow", lambda: f"player {p} is active, player {other(p)} passive", "nb.active", player=p)


@TASKS("nb.refill_field")
def t_refill_field(game: Table) -> None:
    """nb.refill_field (L35): up to five cards on the summoning field, from the creature deck."""
    p = active(game)
    if len(game.state.zone(z("summoning", p))) >= FIELD_SIZE:
        return
    if CREATURE_DECKS[p].empty(game):
        short(game, p, "creature deck", "nb.refill_field")
        return
    CREATURE_DECKS[p].draw(game, t_field_drawn, {"player": p})


@TASKS("nb.field_drawn")
def t_field_drawn(game: Table, *, player: int, choice: dict) -> None:
    oid = CREATURE_DECKS[player].take(game, choice["id"])
    ZONES.put(game, oid, z("summoning", player), card=choice["id"], mana=0)
    game.record("action", lambda: f"player {player} adds a creature to the summoning field", "nb.refill_field")
    game.push(t_refill_field)


@TASKS("nb.refill_hand")
def t_refill_hand(game: Table) -> None:
    """nb.refill_hand (L35): up to seven cards in hand, from the main deck."""
    p = active(game)
    if len(game.state.zone(z("hand", p))) >= HAND_SIZE:
        return
    if MAIN_DECKS[p].empty(game):
        short(game, p, "main deck", "nb.refill_hand")
        return
    MAIN_DECKS[p].draw(game, t_hand_drawn, {"player": p})


@TASKS("nb.hand_drawn")
def t_hand_drawn(game: Table, *, player: int, choice: dict) -> None:
    oid = MAIN_DECKS[player].take(game, choice["id"])
    ZONES.put(game, oid, z("hand", player), card=choice["id"])
    game.record("action", lambda: f"player {player} draws a card", "nb.refill_hand", player=player)
    game.push(t_refill_hand)


def short(game: Table, p: int, deck: str, rule: str) -> None:
    """A refill that needed a card its deck no longer had (nb.assume.deck_out, reading refill_incomplete)."""
    shorts = sorted({*game.state.vars.get("short", ()), deck})
    game.state.set_var("short", shorts)
    game.record("action", lambda: f"player {p}'s {deck} has no card left to refill with", rule, player=p)


@TASKS("nb.deck_out")
def t_deck_out(game: Table) -> None:
    """nb.deck_out (L35), read as nb.assume.deck_out says (option deck_out)."""
    p = active(game)
    st = game.state
    if game.options["deck_out"] == "refill_incomplete":
        out = list(st.vars.get("short", ()))
    else:
        out = [
            name
            for name, deck in (("creature deck", CREATURE_DECKS[p]), ("main deck", MAIN_DECKS[p]))
            if deck.empty(game)
        ]
    if out:
        game.end_game(
            [other(p)], reason=f"player {p} has run out of cards in the {' and the '.join(out)}", rule="nb.deck_out"
        )


def doomed(game: Table, p: int) -> bool:
    """Whether ``p``'s next start of turn would lose him the game by running out of cards (nb.deck_out, read as
    option deck_out says), the hand and the summoning field as they are now: what an agent must not cause."""
    st = game.state
    needs = (
        (CREATURE_DECKS[p], FIELD_SIZE - len(st.zone(z("summoning", p)))),
        (MAIN_DECKS[p], HAND_SIZE - len(st.zone(z("hand", p)))),
    )
    incomplete = game.options["deck_out"] == "refill_incomplete"
    for deck, need in needs:
        left = deck.size(game) - max(need, 0)
        if left < 0 or (left == 0 and not incomplete):
            return True
    return False


@TASKS("nb.actions")
def t_actions(game: Table) -> None:
    """nb.actions (L36): 4 actions; nb.assume.actions: those left from before are lost (option actions_carry)."""
    p = active(game)
    left = actions(game, p) if game.options["actions_carry"] else 0
    game.state.update_player(p, actions=ACTIONS + left)
    game.record(
        "action", lambda: f"player {p} gets {ACTIONS} actions ({ACTIONS + left} in all)", "nb.actions", player=p
    )


@TASKS("nb.start_abilities")
def t_start_abilities(game: Table) -> None:
    """nb.start_abilities (L36): every 'At the start of your turn...' of the active player's creatures."""
    from .effects import run_effects

    p = active(game)
    for oid in creatures(game, p):
        for spec in card_of(game, oid).get("start_of_turn", ()):
            game.record(
                "resolution", lambda o=oid: f"at the start of the turn: {name_of(game, o)}", "nb.start_abilities"
            )
            run_effects(game, [spec], oid, p, oid)


@TASKS("nb.untap")
def t_untap(game: Table) -> None:
    """nb.untap (L36): the active player's turned creatures turn back; nb.sickness (L41): his creatures are no
    longer just summoned ("until your next turn")."""
    p = active(game)
    st = game.state
    turned = []
    for oid in creatures(game, p):
        obj = st.objects[oid]
        if obj["tapped"] or obj.get("sick"):
            if obj["tapped"]:
                turned.append(oid)
            st.update(oid, tapped=False, sick=False)
    if turned:
        game.record("action", lambda: f"player {p} turns back {', '.join(turned)}", "nb.untap", player=p)


# ================================================================= summoning (L39-L41)
def summon_options(game: Table, p: int) -> list[dict]:
    """nb.summon_mana (L39): an action puts a mana on a creature of the summoning field; nb.assume.mana_source:
    with option mana_from "player" the mana is the player's own, never his last."""
    st = game.state
    out: list[dict] = []
    own_mana = game.options["mana_from"] == "player"
    if actions(game, p) > 0 and (not own_mana or mana(game, p) > 1):
        for oid in st.zone(z("summoning", p)):
            obj = st.objects[oid]
            cost = card_of(game, oid)["cost"]
            out.append({"id": f"mana:{oid}", "label": f"put mana on {name_of(game, oid)} ({obj['mana']}/{cost})"})
    out.append({"id": "done", "label": "end the summoning phase"})
    return out


@TASKS("nb.summon")
def t_summon(game: Table) -> None:
    p = active(game)
    options = summon_options(game, p)
    if len(options) == 1:
        return  # nothing to put mana on: the phase passes
    if game.tracing:
        note_excluded(game, p, "action", "nb.summon_mana", lambda: hand_excluded(game, p, "summon"))
    game.ask(p, "action", options, t_summon_act, prompt="summoning: put mana on a creature", rule="nb.summon_mana")


@TASKS("nb.summon_act")
def t_summon_act(game: Table, *, choice: dict) -> None:
    if choice["id"] == "done":
        return
    p = active(game)
    st = game.state
    oid = choice["id"].split(":", 1)[1]
    n = int(st.objects[oid]["mana"]) + 1
    st.update(oid, mana=n)
    st.update_player(p, actions=actions(game, p) - 1)
    if game.options["mana_from"] == "player":
        st.update_player(p, mana=mana(game, p) - 1)
    cost = int(card_of(game, oid)["cost"])
    # the counters lie on a face-down card in sight of both (L39): the words name the card's id, not the card,
    # so the opponent's log shows the step as the board does (analysis.seen hides a step naming a hidden card)
    game.record(
        "action", lambda: f"player {p} puts a mana on {oid} of his summoning field ({n} on it)", "nb.summon_mana"
    )
    if n >= cost:
        game.emit("summon", rule="nb.summoned", player=p, card=oid)
    game.repeat_step()


# ================================================================= equipment (L44-L50)
def slot_of(data: dict) -> str:
    """nb.one_per_type (L46): one weapon, one armour, one amulet; nb.shield: a shield besides the armour."""
    if data["type"] == "weapon":
        return "weapon"
    kind = data["armour_type"]
    return kind if kind in ("shield", "amulet") else "armour"


def equip_problem(game: Table, item: str, creature: str) -> tuple[str, str] | None:
    """Why ``item`` cannot go on ``creature`` (rule id, reason), or None."""
    data, cdata = card_of(game, item), card_of(game, creature)
    kind = data["weapon_type"] if data["type"] == "weapon" else data["armour_type"]
    allowed = cdata["weapons"] if data["type"] == "weapon" else cdata["armour"]
    if kind not in allowed:
        return "nb.equip_types", f"{cdata['name']} cannot use {kind.replace('_', '-')} items"
    slot = slot_of(data)
    worn = [card_of(game, i) for i in items_on(game, creature)]
    if any(slot_of(w) == slot for w in worn):
        return "nb.one_per_type", f"{cdata['name']} has a {slot} already"
    if slot == "shield" and any(w["type"] == "weapon" and w["weapon_type"] in ("two_handed", "ranged") for w in worn):
        return "nb.shield", "no shield with a two-handed or ranged weapon"
    if data["type"] == "weapon" and kind in ("two_handed", "ranged") and any(slot_of(w) == "shield" for w in worn):
        return "nb.shield", f"no {kind.replace('_', '-')} weapon with a shield"
    return None


def is_item(data: dict) -> bool:
    return data.get("type") in ("weapon", "armour")


def equip_options(game: Table, p: int) -> list[dict]:
    st = game.state
    out: list[dict] = []
    left = actions(game, p)
    mine = creatures(game, p)
    for item in st.zone(z("hand", p)):
        data = card_of(game, item)
        if not is_item(data) or int(data["actions"]) > left:
            continue
        for c in mine:
            if equip_problem(game, item, c) is None:
                out.append({"id": f"equip:{item}>{c}", "label": f"equip {name_of(game, c)} with {data['name']}"})
    stripping = st.vars.get("stripping", ())
    for c in mine:
        if st.objects[c]["tapped"] and c not in stripping:
            continue
        for item in items_on(game, c):
            if not card_of(game, item).get("cursed"):
                turn = "" if c in stripping else f"turn {name_of(game, c)} and "
                out.append({"id": f"remove:{item}", "label": f"{turn}take {name_of(game, item)} into hand"})
    out.append({"id": "done", "label": "end the equipment phase"})
    return out


@TASKS("nb.equip")
def t_equip(game: Table) -> None:
    """nb.equip (L44), nb.equip_phase (L47): equipping happens here only; nb.remove (L49) removal too."""
    p = active(game)
    options = equip_options(game, p)
    if len(options) == 1:
        return
    if game.tracing:
        note_excluded(game, p, "action", "nb.equip", lambda: hand_excluded(game, p, "equip"))
    game.ask(p, "action", options, t_equip_act, prompt="equipment: equip or remove items", rule="nb.equip")


@TASKS("nb.equip_act")
def t_equip_act(game: Table, *, choice: dict) -> None:
    cid = choice["id"]
    if cid == "done":
        return
    p = active(game)
    st = game.state
    verb, _, rest = cid.partition(":")
    if verb == "equip":
        item, creature = rest.split(">")
        game.emit("equip", rule="nb.equip_phase", player=p, item=item, creature=creature)
    else:
        item = rest
        creature = st.objects[item]["on"]
        stripping = list(st.vars.get("stripping", ()))
        if creature not in stripping:  # nb.remove (L49): turn the creature first
            st.update(creature, tapped=True)
            st.set_var("stripping", sorted([*stripping, creature]))
            game.record("action", lambda: f"player {p} turns {name_of(game, creature)} to remove items", "nb.remove")
        game.emit("unequip", rule="nb.remove", player=p, item=item)
    game.repeat_step()


# ================================================================= "why not?": the hand's cards
def hand_excluded(game: Table, p: int, where: str) -> list[tuple[str, str, str, str]]:
    """Each card of ``p``'s hand that the decision in ``where`` (summon, equip, ranged, end) does not offer,
    with the rule that excludes it: an item outside the equipment phase (nb.equip_phase), magic outside the
    end of the turn (nb.assume.magic), an item that fits no creature or costs too many actions, magic with no
    target."""
    from .effects import cast_options

    out: list[tuple[str, str, str, str]] = []
    st = game.state
    for card in st.zone(z("hand", p)):
        data = card_of(game, card)
        label = data.get("name", card)
        if is_item(data):
            if where != "equip" or p != active(game):
                out.append((f"equip {label}", "nb.equip_phase", "items are put on only in the equipment phase", card))
            elif int(data["actions"]) > actions(game, p):
                out.append((f"equip {label}", "nb.equip", f"it costs {data['actions']} actions", card))
            elif not any(equip_problem(game, card, c) is None for c in creatures(game, p)):
                reasons = [equip_problem(game, card, c) for c in creatures(game, p)]
                rule, why = next((r for r in reasons if r), ("nb.equip", "no creature on the playing field"))
                out.append((f"equip {label}", rule, why, card))
        elif where != "end":
            out.append((f"use {label}", "nb.assume.magic", "magic is used in the end-of-turn goes", card))
        elif not cast_options(game, p, card):
            out.append((f"use {label}", "nb.assume.magic", "it has no target", card))
    return out


# ================================================================= the end of the turn (L78-L80)
def end_options(game: Table, p: int) -> list[dict]:
    """nb.end_window (L78): magic from the hand and the activated abilities of unturned creatures."""
    from .effects import ability_options, cast_options

    out: list[dict] = []
    for card in game.state.zone(z("hand", p)):
        out += cast_options(game, p, card)
    for oid in creatures(game, p):
        if can_use_ability(game, oid):
            out += ability_options(game, p, oid)
    out.append({"id": "pass", "label": "pass"})
    return out


@TASKS("nb.end_go")
def t_end_go(game: Table, *, player: int) -> None:
    """nb.end_window (L78): one go of the end-of-turn goes; nb.assume.magic."""
    options = end_options(game, player)
    if len(options) == 1:
        END.pass_go(game)  # nothing to use: the go is a pass
        return
    if game.tracing:
        note_excluded(game, player, "action", "nb.end_window", lambda: hand_excluded(game, player, "end"))
    game.ask(
        player,
        "action",
        options,
        t_end_act,
        prompt="the end of the turn: use magic or an ability, or pass",
        rule="nb.end_window",
        args={"player": player},
    )


@TASKS("nb.end_act")
def t_end_act(game: Table, *, player: int, choice: dict) -> None:
    from .effects import cast, use_ability

    cid = choice["id"]
    if cid == "pass":
        END.pass_go(game)
        return
    verb, _, rest = cid.partition(":")
    source, _, target = rest.partition(">")
    if verb == "cast":
        cast(game, player, source, target or None)
    else:
        use_ability(game, player, source, target or None)


END = Goes("nb.end", action=t_end_go, start="active", rule="nb.end_window")
END.tasks(TASKS)


@TASKS("nb.discard")
def t_discard(game: Table) -> None:
    """nb.discard (L79): the active player may discard one card that is not a creature card
    (nb.assume.creature_cards: none is ever in hand)."""
    p = active(game)
    hand = game.state.zone(z("hand", p))
    options = [
        {"id": f"discard:{c}", "label": f"discard {name_of(game, c)}"}
        for c in hand
        if card_of(game, c).get("type") != "creature"
    ]
    if not options:
        return
    options.insert(0, {"id": "keep", "label": "discard nothing"})
    game.ask(p, "discard", options, t_discarded, prompt="the end of the turn: discard a card?", rule="nb.discard")


@TASKS("nb.discarded")
def t_discarded(game: Table, *, choice: dict) -> None:
    if choice["id"] == "keep":
        return
    p = active(game)
    card = choice["id"].split(":", 1)[1]
    ZONES.put(game, card, z("grave", p))
    game.record("action", lambda: f"player {p} discards {name_of(game, card)}", "nb.discard", player=p)


def new_card(game: Table, player: int, card_id: str | None, zone: str, **fields: Any) -> str:
    """A card object (``card_id=None``: an anonymous deck card)."""
    return ZONES.new_card(game, card_id, zone, player, **fields)
