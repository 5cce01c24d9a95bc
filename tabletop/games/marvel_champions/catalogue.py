"""Abilities built from the card data, the status cards' abilities, and the keywords the game itself runs.

A card names its abilities in data (``trigger`` of an interrupt/response event, ``triggers``,
``activated``, ``statics``, ``prevent``, ``keywords``); each kind is implemented once here and in
:mod:`.engine`, so a new card that uses existing effects needs no Python.
"""

from __future__ import annotations

from tabletop.core import Ability, Modify, Replace, Table
from tabletop.core.catalogue import Catalogue

from . import data as D
from . import engine as E
from .turn import affordable, t_pay
from .villain import t_enemy_activation
from .vocabulary import SCHEMA, STATIC_SCOPES


# ====================================================================== trigger patterns
def pattern_holds(game: Table, spec: dict, act) -> bool:
    """Does the event of ``act`` fit a card's trigger description?"""
    ev = act.event or {}
    st = game.state
    me = act.controller
    if spec.get("attacker") == "villain" and ev.get("by") != "villain":
        return False
    if spec.get("attacker") == "self" and ev.get("attacker") != act.source:
        return False
    if spec.get("at") == "you" and ev.get("player") != me:
        return False
    if spec.get("at") == "your_hero":
        if me is None or st.players[me].get("out") or not E.hero_form(game, me):
            return False
        if ev.get("defender", ev.get("target")) != E.identity(game, me):
            return False
    if spec.get("of"):
        if ev.get("type") == "defeat":
            what = ev.get("what")
        else:
            what = E.ctype(game, ev["target"]) if ev.get("target") in st.objects else None
        if what not in spec["of"]:
            return False
    if ev.get("type") == "damage" and ev.get("status") == "happened" and ev.get("amount", 0) <= 0:
        return False  # all of it was prevented: nothing was taken
    return not (spec.get("card_type") and ev.get("card_type") != spec["card_type"])


def peril_allows(game: Table, player: int | None) -> bool:
    """L625: while a player resolves a peril card, the others cannot play cards or trigger abilities."""
    peril = game.state.vars.get("peril")
    return peril is None or peril == player


def could_change(game: Table, effects: list[dict], act) -> bool:
    """L260: cancel needs a pending event; prevention needs damage to prevent."""
    ev = act.event or {}
    pending = ev.get("id") in game.state.events and game.state.events[ev["id"]]["status"] == "pending"
    for e in effects:
        if e["effect"] == "cancel" and not pending:
            return False
        if e["effect"] == "prevent" and (not pending or game.state.events[ev["id"]].get("amount", 0) <= 0):
            return False
    return True


# ====================================================================== events from hand
def _window_event(card_id: str, card: dict) -> Ability:
    spec = card["trigger"]
    # mc.assume.when: 'when' is the interrupt timing (L537); mc.after: 'after', once the event has happened
    timing = "when" if card["timing"] == "interrupt" else "after"
    form = card.get("form")

    def condition(game: Table, act) -> bool:
        p = act.controller
        if p is None or game.state.players[p].get("out") or not peril_allows(game, p):
            return False
        if form and E.player_form(game, p) != form:
            return False
        if E.over_max(game, act.source):  # L564
            return False
        if not pattern_holds(game, spec, act) or not could_change(game, card["effects"], act):
            return False
        return affordable(game, p, act.source, game.value(act.source, "cost"))

    def effect(game: Table, act) -> None:
        p, c = act.controller, act.source
        game.record("action", f"player {p} plays {card['name']} ({card['timing']})", "mc.initiate.1", player=p)
        E.put(game, c, E.z("limbo", p))
        game.push(
            t_pay,
            player=p,
            card=c,
            need=game.value(c, "cost"),
            paid=0,
            used=[],
            then=[["mc.window_event", {"player": p, "card": c, "event_id": (act.event or {}).get("id")}]],
        )

    prefix = {"hero": "Hero ", "alter_ego": "Alter-Ego "}.get(form or "", "")
    return Ability(
        card["name"],
        "triggered",
        rule="mc.interrupt" if timing == "when" else "mc.response",
        text=f"{prefix}{card['timing'].capitalize()}: {card['text']}",
        event=spec["on"],
        timing=timing,
        condition=condition,
        effect=effect,
        forced=False,
        zones=("hand:",),
    )


# ====================================================================== triggers on cards in play
def _card_trigger(card_id: str, card: dict, spec: dict) -> Ability:
    trig = spec["trigger"]
    forced = spec.get("forced", False)

    def condition(game: Table, act) -> bool:
        if not forced and not peril_allows(game, act.controller):
            return False
        if E.ability_over_max(game, act.source, spec):  # L565: by title, all players
            return False
        return pattern_holds(game, trig, act)

    def effect(game: Table, act) -> None:
        ev = act.event or {}
        E.count_ability_max(game, act.source, spec, act.controller)  # L565-566
        E.run_effects(
            game,
            spec["effects"],
            {
                "player": act.controller if act.controller is not None else ev.get("player"),
                "source": act.source,
                "name": card["name"],
                "rule": _rule(card),
                "event_id": ev.get("id"),
                "attacker": ev.get("attacker"),
            },
        )

    kind = ("Forced " if forced else "") + ("Interrupt" if spec["timing"] == "when" else "Response")
    return Ability(
        f"{card['name']} ({kind})",
        "triggered",
        rule="mc.forced" if forced else ("mc.interrupt" if spec["timing"] == "when" else "mc.response"),
        text=card["text"],
        event=trig["on"],
        timing=spec["timing"],
        condition=condition,
        effect=effect,
        forced=forced,
    )


def _rule(card: dict) -> str:
    return (card.get("rules") or ["mc.assume.cards"])[0]


def _prevention(card_id: str, card: dict) -> Ability:
    """A Forced Interrupt preventing damage to your hero, applied as a replacement/prevention (L657,
    mc.assume.replacement_recency): status cards go first while option status_priority holds (L762: their
    abilities have the higher Ability.priority, _status_first)."""
    amount = card["prevent"]

    def condition(game: Table, act) -> bool:
        ev = act.event or {}
        me = act.controller
        if me is None or game.state.players[me].get("out") or not E.hero_form(game, me):
            return False
        return ev.get("target") == E.identity(game, me) and ev.get("amount", 0) > 0

    def effect(game: Table, act):
        ev = act.event
        new = max(0, ev["amount"] - amount)
        game.record(
            "action",
            f"{card['name']} prevents {ev['amount'] - new} damage ({ev['amount']} -> {new})",
            "mc.prevent",
            player=act.controller,
        )
        E.damage_reduced(game, ev, new)
        return Modify({"amount": new})

    return Ability(
        f"{card['name']} (Forced Interrupt)",
        "replacement",
        rule="mc.prevent",
        text=card["text"],
        event="damage",
        condition=condition,
        effect=effect,
    )


def _activated(card_id: str, card: dict, spec: dict) -> Ability:
    form = spec.get("form")

    def window(game: Table, act) -> bool:
        st = game.state
        p = act.controller
        own_turn = st.turn.get("phase") == "player" and st.turn.get("player") == p
        # option villain_phase_actions (mc.assume.villain_phase_actions): in the villain phase too
        villain_phase = st.turn.get("phase") == "villain" and game.options["villain_phase_actions"]
        return (own_turn or villain_phase) and (not form or E.player_form(game, p) == form)

    def can_pay(game: Table, act) -> bool:
        obj = game.state.objects[act.source]
        if E.ability_over_max(game, act.source, spec):  # L565: not offered once used up, by title, all players
            return False
        if spec.get("exhaust") and obj.get("exhausted"):
            return False
        return not (spec.get("spend_use") and obj.get("uses", 0) <= 0)

    def cost(game: Table, act) -> None:
        st = game.state
        E.count_ability_max(game, act.source, spec, act.controller)  # L565-566: counted once initiated
        if spec.get("exhaust"):
            st.update(act.source, exhausted=True)
            game.record("action", f"{card['name']} exhausts (cost)", "mc.exhaust", player=act.controller)
        if spec.get("spend_use"):
            st.update(act.source, uses=st.objects[act.source]["uses"] - 1)
            game.record(
                "action",
                f"{card['name']} spends a use ({st.objects[act.source]['uses']} left)",
                "mc.uses",
                player=act.controller,
            )

    def effect(game: Table, act) -> None:
        p = act.controller
        chosen = act.data.get("chosen")
        if spec.get("label") == "attack":
            amount = sum(e.get("amount", 0) for e in spec["effects"] if e["effect"] == "damage")
            game.emit(
                "player_attack",
                rule="mc.attack",
                player=p,
                attacker=E.identity(game, p),
                target=chosen,
                amount=amount,
                source=act.source,
                overkill=False,
            )
            game.push("k.checks")
        else:
            E.run_effects(
                game,
                spec["effects"],
                {"player": p, "source": act.source, "chosen": chosen, "name": card["name"], "rule": _rule(card)},
            )
        if spec.get("spend_use"):
            game.push(E.t_uses_check, card=act.source)

    return Ability(
        spec["name"],
        "activated",
        rule=_rule(card),
        text=card["text"],
        window=window,
        can_pay=can_pay,
        cost=cost,
        effect=effect,
    )


# what a static ability applies to (mc.gets), each scope on its code: ``(game, source)`` -> the object or None
@STATIC_SCOPES.register("host")
def _host(game: Table, source: dict) -> str | None:
    return source.get("host")


@STATIC_SCOPES.register("villain")
def _villain(game: Table, source: dict) -> str | None:
    return E.villain(game)


def _static(card_id: str, card: dict, spec: dict) -> Ability:
    scope = STATIC_SCOPES[spec["applies"]]

    def modifiers(game: Table, source: dict) -> list[dict]:
        target = scope(game, source)
        if not target:
            return []
        return [{"target": target, "stat": spec["stat"], "op": spec["op"], "value": spec["value"]}]

    return Ability(
        f"{card['name']}: {spec['stat']} {spec['op']} {spec['value']}",
        "static",
        rule="mc.gets",
        text=card["text"],
        modifiers=modifiers,
    )


def _when_defeated(card_id: str, card: dict) -> Ability:
    """L864-866: When Defeated abilities resolve as the card is defeated (it is seen as it was, look-back)."""

    def condition(game: Table, act) -> bool:
        return (act.event or {}).get("card") == act.source

    def effect(game: Table, act) -> None:
        owner = (act.obj or {}).get("owner")
        E.run_effects(
            game,
            card["when_defeated"],
            {"player": owner, "source": act.source, "name": card["name"], "rule": "mc.when_defeated"},
        )

    return Ability(
        f"{card['name']} (When Defeated)",
        "triggered",
        rule="mc.when_defeated",
        text=card["text"],
        event="defeat",
        timing="after",
        condition=condition,
        effect=effect,
        forced_priority=_keyword_priority,
    )


def abilities(card_id: str, card: dict) -> tuple[Ability, ...]:
    out: list[Ability] = []
    if card.get("when_defeated"):
        out.append(_when_defeated(card_id, card))
    if card.get("type") == "event" and card.get("timing") in ("interrupt", "response"):
        out.append(_window_event(card_id, card))
    if card.get("prevent"):
        out.append(_prevention(card_id, card))
    out += [_card_trigger(card_id, card, s) for s in card.get("triggers", ())]
    out += [_activated(card_id, card, s) for s in card.get("activated", ())]
    out += [_static(card_id, card, s) for s in card.get("statics", ())]
    return tuple(out)


# ====================================================================== status cards (L758-768)
def _status_first(game: Table, act) -> int:
    """L762: "abilities of status cards have timing priority over all conflicting card abilities": a status
    card's replacement applies before the others competing for the event, while option status_priority
    holds (mc.assume.replacement_recency); otherwise it ties with them and the most recent goes first."""
    return 1 if game.options["status_priority"] else 0


def _tough_effect(game: Table, act):
    ev = act.event
    game.record(
        "action",
        f"tough: all {ev['amount']} damage to {E.name_of(game, ev['target'])} is prevented; the tough "
        "status card is discarded instead",
        "mc.tough",
    )
    game.destroy(act.source)
    E.damage_reduced(game, ev, 0)
    return Modify({"amount": 0, "tough": True})


def _host_is(field: str):
    def condition(game: Table, act) -> bool:
        ev = act.event or {}
        obj = act.obj or {}
        return ev.get(field) == obj.get("host") and (field != "target" or ev.get("amount", 0) > 0)

    return condition


def _instead(status: str, rule: str):
    def effect(game: Table, act):
        ev = act.event
        actor = ev.get("attacker") or ev.get("schemer") or ev.get("thwarter")
        game.record(
            "action",
            f"{E.name_of(game, actor)} is {status}: instead of {ev['type'].replace('_', ' ')}, the "
            f"{status} status card is discarded",
            rule,
        )
        return Replace([{"type": "discard_status", "status_card": act.source, "rule": rule}])

    return effect


STATUS_ABILITIES = {
    "status_tough": (
        Ability(
            "tough status card",
            "replacement",
            rule="mc.tough",
            text="Prevent all damage; discard this.",
            event="damage",
            condition=_host_is("target"),
            effect=_tough_effect,
            priority=_status_first,
        ),
    ),
    "status_stunned": (
        Ability(
            "stunned status card (enemy)",
            "replacement",
            rule="mc.stunned",
            text="Instead of attacking, discard this.",
            event="attack",
            condition=_host_is("attacker"),
            effect=_instead("stunned", "mc.stunned"),
            priority=_status_first,
        ),
        Ability(
            "stunned status card (player)",
            "replacement",
            rule="mc.stunned",
            text="Instead of attacking, discard this.",
            event="player_attack",
            condition=_host_is("attacker"),
            effect=_instead("stunned", "mc.stunned"),
            priority=_status_first,
        ),
    ),
    "status_confused": (
        Ability(
            "confused status card (enemy)",
            "replacement",
            rule="mc.confused",
            text="Instead of scheming, discard this.",
            event="scheme",
            condition=_host_is("schemer"),
            effect=_instead("confused", "mc.confused"),
            priority=_status_first,
        ),
        Ability(
            "confused status card (player)",
            "replacement",
            rule="mc.confused",
            text="Instead of thwarting, discard this.",
            event="player_thwart",
            condition=_host_is("thwarter"),
            effect=_instead("confused", "mc.confused"),
            priority=_status_first,
        ),
    ),
}


# ====================================================================== keywords the game runs
def _retaliate_condition(game: Table, act) -> bool:
    ev = act.event or {}
    st = game.state
    a = next((x for x in st.vars.get("attacks", ()) if x["id"] == ev.get("id")), None)
    attacked = (a or {}).get("defender") or (a or {}).get("target") or ev.get("target")
    return (
        attacked is not None
        and attacked in st.objects
        and st.objects[attacked]["zone"].startswith("play")
        and bool(E.keyword(game, attacked, "retaliate"))
        and ev.get("attacker") in st.objects
        and st.objects[ev["attacker"]]["zone"].startswith("play")
    )


def _retaliate_effect(game: Table, act) -> None:
    ev = act.event
    a = next((x for x in game.state.vars.get("attacks", ()) if x["id"] == ev["id"]), None)
    attacked = (a or {}).get("defender") or (a or {}).get("target") or ev["target"]
    x = E.keyword(game, attacked, "retaliate")
    game.record(
        "action",
        f"retaliate {x}: {E.name_of(game, attacked)} survived and deals {x} damage to "
        f"{E.name_of(game, ev['attacker'])}",
        "mc.retaliate",
    )
    E.deal_damage(
        game,
        [
            {
                "target": ev["attacker"],
                "amount": x,
                "source": attacked,
                "kind": "retaliate",
                "overkill": False,
                "player": game.state.objects[attacked].get("owner"),
            }
        ],
        "mc.retaliate",
    )
    game.push("k.checks")


def _quickstrike_condition(game: Table, act) -> bool:
    ev = act.event or {}
    return bool(E.keyword(game, ev["minion"], "quickstrike")) and E.hero_form(game, ev["player"])


def _quickstrike_effect(game: Table, act) -> None:
    ev = act.event
    game.record(
        "action",
        f"quickstrike: {E.name_of(game, ev['minion'])} attacks player {ev['player']} at once",
        "mc.assume.quickstrike",
    )
    game.push(t_enemy_activation, enemy=ev["minion"], player=ev["player"], mode="attack")


def _surge_condition(game: Table, act) -> bool:
    ev = act.event or {}
    return bool(E.keyword(game, ev["card"], "surge"))


def _surge_effect(game: Table, act) -> None:
    """L780: the additional card is revealed only once the original card is finished (a treachery's discard
    included, L716, L814): the surge is noted here and carried out by ``mc.reveal_done``."""
    ev = act.event
    p = ev["player"]
    game.record(
        "action",
        f"surge: once {E.name_of(game, ev['card'])} is resolved, player {p} reveals another encounter card",
        "mc.surge",
        player=p,
    )
    st = game.state
    st.set_var("surges", [*st.vars.get("surges", ()), [ev["card"], p]])


def _trip_wire(game: Table, act) -> None:
    v = E.villain(game)
    if v is None:
        return
    amount = act.data.get("amount", 2)
    game.record(
        "action", f"Trip Wire's delayed effect: {amount} damage to the villain, before any response", "mc.delayed"
    )
    E.deal_damage(
        game,
        [
            {
                "target": v,
                "amount": amount,
                "source": act.source,
                "kind": "effect",
                "overkill": False,
                "player": act.controller,
            }
        ],
        "mc.delayed",
    )
    game.push("k.checks")


def _keyword_priority(game: Table) -> bool:
    """mc.assume.keywords_forced: a mandatory keyword or When Defeated ability counts as forced for L463's
    priority, unless option keywords_forced is False (then the Forced abilities of its batch go first)."""
    return bool(game.options["keywords_forced"])


# mc.assume.keywords_forced: keyword abilities (like When Defeated, _when_defeated) keep Ability's default
# forced=True, so they go first (L463); option keywords_forced=False ranks them after the Forced ones
# (forced_priority=_keyword_priority)
NAMED = {
    "retaliate": Ability(
        "Retaliate",
        "triggered",
        rule="mc.retaliate",
        text="After this character is attacked, deal X damage to the attacker (it must survive).",
        event="attack",
        timing="after",
        condition=_retaliate_condition,
        effect=_retaliate_effect,
        forced_priority=_keyword_priority,
    ),
    "quickstrike": Ability(
        "Quickstrike",
        "triggered",
        rule="mc.assume.quickstrike",
        text="After this minion engages a player in hero form, it attacks them.",
        event="engage",
        timing="after",
        condition=_quickstrike_condition,
        effect=_quickstrike_effect,
        forced_priority=_keyword_priority,
    ),
    "surge": Ability(
        "Surge",
        "triggered",
        rule="mc.surge",
        text="After this card is revealed, reveal another once this one is resolved (and discarded).",
        event="reveal",
        timing="after",
        condition=_surge_condition,
        effect=_surge_effect,
        forced_priority=_keyword_priority,
    ),
    "trip_wire_fires": Ability(
        "Trip Wire (delayed effect)",
        "triggered",
        rule="mc.delayed",
        text="After the villain next attacks, deal 2 damage to it.",
        effect=_trip_wire,
    ),
}
RULE_ABILITIES = ("retaliate", "quickstrike", "surge")


# ====================================================================== the catalogue
class MarvelCards(Catalogue):
    """Marvel Champions' catalogue: the cards, the abilities built from them, and what set-up and the
    hot paths read of it (the decks, the identity, the villain and main scheme stages, ...)."""

    abilities: dict[str, tuple[Ability, ...]]
    activated_choose: dict[str, str | None]  # an Action ability's name -> what it chooses (turn.action_options)
    player_deck: list[str]
    encounter_deck: list[str]
    nemesis_set: list[str]
    obligations: list[str]
    identity: str | None
    villain_stages: list[str]
    scheme_stages: list[str]

    def check(self) -> None:
        D.check_catalogue(self)

    def index(self) -> None:
        self.abilities = {cid: abilities(cid, card) for cid, card in self.items()} | STATUS_ABILITIES
        self.activated_choose = {s["name"]: s.get("choose") for c in self.values() for s in c.get("activated", ())}
        # (the set-up's cards are the rulebook's own: a card folder added by with_cards joins no default
        # deck and is no identity, villain or scheme of a default game; option decks or a position names it)
        dealt = self.dealt()
        self.player_deck = D.deck_list(("ally", "event", "upgrade", "support", "resource"), dealt)
        self.encounter_deck = D.deck_list(("minion", "treachery", "side_scheme", "attachment", "environment"), dealt)
        ordered = sorted(dealt.items())
        self.nemesis_set = [cid for cid, c in ordered if c.get("nemesis")]  # each player's, set aside (L1489)
        self.obligations = [cid for cid, c in ordered if c["type"] == "obligation"]  # L1500
        self.identity = next((cid for cid, c in ordered if c["type"] == "identity"), None)  # (None: card files alone)
        self.villain_stages = sorted((c for c, d in ordered if d["type"] == "villain"), key=lambda c: self[c]["stage"])
        self.scheme_stages = sorted(
            (c for c, d in ordered if d["type"] == "main_scheme"), key=lambda c: self[c]["stage"]
        )


def load(paths=None, folders=()) -> MarvelCards:
    """The catalogue of card files (default: every ``cards/*.toml``) and of any more ``folders``; raises
    CardDataError naming the file, the card and the field."""
    return MarvelCards.load(D.HERE, (D.CARD_DIR, *folders), schema=SCHEMA, paths=paths, own=1)


# the shipped catalogue (RULEBOOK.cards); rule code reads the catalogue of its game, game.rulebook.cards
CARDS = load()
ABILITIES = CARDS.abilities
ACTIVATED_CHOOSE = CARDS.activated_choose
