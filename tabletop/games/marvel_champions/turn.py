"""The player phase: a player's turn (L648-655), the 7-step sequence for playing a card (L523-534),
paying with resources (L687-693), the basic powers, and the end of the player phase (L409-413)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tabletop.core import Table
from tabletop.core.choices import note_excluded

from . import engine as E
from .engine import tasks

if TYPE_CHECKING:
    from .catalogue import MarvelCards


# ====================================================================== the turn
@tasks("mc.turn_start")
def t_turn_start(game: Table) -> None:
    """L282: the player taking their turn is the active player."""
    p = game.state.turn["player"]
    game.record("action", f"player {p} is the active player", "mc.active_player", player=p)


@tasks("mc.turn")
def t_turn(game: Table, *, choice: dict | None = None) -> None:
    """The active player's next action, asked again after each action resolves (L650: any order, any number)."""
    st = game.state
    p = st.turn["player"]
    if choice is not None:
        if choice["id"] != "end":
            game.repeat_step()
            do_action(game, p, choice["id"])
        else:
            game.record("action", f"player {p} ends their turn", "mc.turn", player=p)
        return
    if st.players[p].get("out") or st.result is not None:
        return
    if game.tracing:  # "why not?": what is not offered, and the rule that says so
        note_excluded(game, p, "action", "mc.turn", lambda: excluded_actions(game, p))
    game.ask(
        p,
        "action",
        turn_options(game, p),
        t_turn,
        prompt=f"player {p}: take an action or end the turn",
        rule="mc.turn",
    )


def turn_options(game: Table, p: int) -> list[dict]:
    st = game.state
    opts: list[dict] = []
    ident = E.identity(game, p)
    if st.players[p].get("form_round") != st.turn["round"]:  # mc.assume.form_once: once per player per round
        to = "alter_ego" if E.hero_form(game, p) else "hero"
        opts.append({"id": "form", "label": f"change to {to.replace('_', '-')} form"})
    for c in st.zone(E.z("hand", p)):
        if can_play(game, p, c):
            opts.append({"id": f"play:{c}", "label": f"play {E.name_of(game, c)}"})
    if character_blocker(game, p, ident, "attack") is None:
        for t in attack_targets(game, p):
            opts.append(
                {"id": f"attack:{ident}>{t}", "label": f"{E.name_of(game, ident)} attacks {E.name_of(game, t)}"}
            )
        if character_blocker(game, p, ident, "thwart") is None:
            for s in thwart_targets(game):
                opts.append(
                    {"id": f"thwart:{ident}>{s}", "label": f"{E.name_of(game, ident)} thwarts {E.name_of(game, s)}"}
                )
    if character_blocker(game, p, ident, "recover") is None:
        opts.append({"id": f"recover:{ident}", "label": f"{E.name_of(game, ident)} recovers"})
    for a in E.allies(game, p):
        if character_blocker(game, p, a, "attack") is None:
            for t in attack_targets(game, p):
                opts.append({"id": f"attack:{a}>{t}", "label": f"{E.name_of(game, a)} attacks {E.name_of(game, t)}"})
        if character_blocker(game, p, a, "thwart") is None:
            for s in thwart_targets(game):
                opts.append({"id": f"thwart:{a}>{s}", "label": f"{E.name_of(game, a)} thwarts {E.name_of(game, s)}"})
    # mc.assume.villain_phase_actions: Action abilities are offered in the player's own turn (and, with option
    # villain_phase_actions, in the villain phase: t_villain_actions)
    opts += action_options(game, p)
    opts.append({"id": "end", "label": "end the turn"})
    return opts


def character_blocker(game: Table, p: int, oid: str, verb: str) -> tuple[str, str] | None:
    """Why player ``p``'s identity or ally ``oid`` cannot make the basic ``verb`` (attack, thwart, recover) now,
    as (rule id, reason), or None when it can: the one place the options and "why not?" both read."""
    obj = game.state.objects[oid]
    if oid == E.identity(game, p):
        hero = E.hero_form(game, p)
        if verb != "recover" and not hero:
            return "mc.form", f"in alter-ego form the identity does not {verb} (its hero form does)"
        if verb == "recover" and hero:
            return "mc.form", "in hero form the identity does not recover (its alter-ego form does)"
    elif verb == "recover":
        return "mc.recover", "only an alter-ego recovers"
    if obj["exhausted"]:
        return "mc.exhaust", "it is exhausted: an exhausted card cannot be used again until it is readied"
    if verb == "recover" and obj["damage"] <= 0:
        return "mc.recover", "it has no damage to heal"
    if verb == "thwart" and game.value(oid, "thw") <= 0:
        return "mc.thwart", "its THW is 0"
    if verb == "attack" and oid != E.identity(game, p) and game.value(oid, "atk") <= 0:
        return "mc.attack", "its ATK is 0"
    return None


def excluded_actions(game: Table, p: int) -> list[tuple[str, str, str, str]]:
    """The actions :func:`turn_options` does not offer and the rule that excludes each, as ``(what, rule id,
    reason, object id)``: "why not?" on a card that cannot act (made only when the game is traced)."""
    st = game.state
    out: list[tuple[str, str, str, str]] = []
    ident = E.identity(game, p)
    if st.players[p].get("form_round") == st.turn["round"]:
        why = "the form changes once per round (L468), and it has changed this round"
        out.append(("change form", "mc.assume.form_once", why, ident))
    for c in st.zone(E.z("hand", p)):
        blocked = play_blocker(game, p, c)
        if blocked is not None:
            out.append((f"play {E.name_of(game, c)}", *blocked, c))
    for oid in (ident, *E.allies(game, p)):
        for verb in ("attack", "thwart", "recover") if oid == ident else ("attack", "thwart"):
            blocked = character_blocker(game, p, oid, verb)
            if blocked is not None:
                out.append((f"{verb} with {E.name_of(game, oid)}", *blocked, oid))
    return out


def action_options(game: Table, p: int) -> list[dict]:
    """The Action abilities player ``p`` may use now, one option per choice of target."""
    opts = []
    activated_choose = cast("MarvelCards", game.rulebook.cards).activated_choose
    for act in game.activatable(p):
        choose = activated_choose.get(act.ability.name)
        for t in choices_for(game, p, choose):
            suffix = f">{t}" if t else ""
            label = f"use {act.ability.name}" + (f" on {E.name_of(game, t)}" if t else "")
            opts.append({"id": f"use:{act.key}{suffix}", "label": label})
    return opts


@tasks("mc.villain_actions")
def t_villain_actions(game: Table, *, k: int, choice: dict | None = None) -> None:
    """Option villain_phase_actions (mc.assume.villain_phase_actions, L279): before the activations of villain
    step 2, each player in player order may use Action abilities, one at a time, until they pass."""
    order = E.alive(game)
    if choice is not None:
        if choice["id"] != "pass":
            do_action(game, order[k], choice["id"])
            game.push("k.drain")  # (the action resolves first, then the same player is asked again)
            game.push(t_villain_actions, k=k)
            return
        k += 1
    while k < len(order):
        p = order[k]
        opts = action_options(game, p)
        if opts:
            game.ask(
                p,
                "villain_phase_action",
                [*opts, {"id": "pass", "label": "use no Action now"}],
                t_villain_actions,
                prompt="villain phase: use an Action before the villain and minions activate?",
                rule="mc.assume.villain_phase_actions",
                args={"k": k},
            )
            return
        k += 1


def choices_for(game: Table, p: int, choose: str | None) -> list[str | None]:
    if choose == "enemy":
        return list(attack_targets(game, p))
    if choose == "scheme":
        return list(thwart_targets(game))
    return [None]


def attack_targets(game: Table, p: int) -> list[str]:
    """L312: any enemy, except that guard (L485, mc.assume.guard) protects the villain: whatever its keywords
    (option guard='villain'), or only a villain without guard, as L485 reads ('villains_without_guard')."""
    guard = any(E.keyword(game, m, "guard") for m in E.minions(game, p))
    literal = game.options["guard"] == "villains_without_guard"
    out = []
    v = E.villain(game)
    for e in E.enemies(game):
        if e == v and guard and not (literal and E.keyword(game, e, "guard")):
            continue
        out.append(e)
    return out


def thwart_targets(game: Table) -> list[str]:
    """Schemes with threat (L260: removing none could not change the game); crisis protects the main scheme (L741)."""
    out = []
    ms = E.main_scheme(game)
    if ms and E.threat_of(game, ms) > 0 and not E.crisis(game):
        out.append(ms)
    out += [s for s in E.side_schemes(game) if E.threat_of(game, s) > 0]
    return out


def affordable(game: Table, p: int, card: str | None, cost: int) -> bool:
    """L528/mc.assume.payment: the other cards in hand and the ready Resource abilities (L697) can generate the
    cost."""
    hand = [c for c in game.state.zone(E.z("hand", p)) if c != card]
    abilities = sum(E.card_of(game, o)["resource_ability"]["amount"] for o in resource_abilities(game, p))
    return sum(E.resources_of(game, c) for c in hand) + abilities >= cost


def can_play(game: Table, p: int, c: str) -> bool:
    """L524 step 1 (restrictions, timing, form, could change the game) and L525 (the cost can be paid)."""
    return play_blocker(game, p, c) is None


def play_blocker(game: Table, p: int, c: str) -> tuple[str, str] | None:
    """Why player ``p`` cannot play hand card ``c`` now, as (rule id, reason), or None when they can: the one
    place the turn's options and "why not?" (:func:`excluded_actions`) both read."""
    card = E.card_of(game, c)
    kind = card.get("type")
    if kind == "resource":
        return "mc.resources", "a resource card is discarded to pay for other cards; it is not played"
    if kind not in ("ally", "upgrade", "support", "event"):
        return "mc.initiate.1", f"a card of type {kind or 'none'} is not played from the hand"
    if kind == "event" and card.get("timing") != "action":
        return "mc.initiate.1", "it is not an Action event: it is played when its trigger happens"
    if card.get("form") and E.player_form(game, p) != card["form"]:
        return "mc.form", f"it is played in {card['form'].replace('_', '-')} form"
    if card.get("choose") and not choices_for(game, p, card["choose"]):
        return "mc.initiate.1", "there is nothing it could target"
    if kind == "event" and not event_could_change(game, p, card):
        return "mc.could_change", "it would not change the state of the game"
    if E.over_max(game, c):  # L564: Max X per [period], by title, for all players
        return "mc.max", "its title has been played as many times this period as its Max allows"
    if E.over_per_player(game, c, p):  # L568: Max 1 per player, copies this player controls in play
        return "mc.max_player", f"player {p} already controls a copy in play (Max 1 per player)"
    cost = game.value(c, "cost")
    if not affordable(game, p, c, cost):
        return "mc.resources", f"it costs {cost} and the other cards in hand cannot pay it"
    return None


def event_could_change(game: Table, p: int, card: dict) -> bool:
    """mc.could_change (L260, L444) for Action events: Regroup needs damage to heal or a card to draw; Trip Wire
    needs a villain."""
    effects = card.get("effects", ())
    if any(e["effect"] == "heal" for e in effects):
        return game.state.objects[E.identity(game, p)]["damage"] > 0 or any(e["effect"] == "draw" for e in effects)
    return True


# ====================================================================== actions
def do_action(game: Table, p: int, oid: str) -> None:
    st = game.state
    verb, _, rest = oid.partition(":")
    if verb == "form":
        to = "alter_ego" if E.hero_form(game, p) else "hero"
        st.update_player(p, form_round=st.turn["round"])
        game.emit("form_change", rule="mc.form", player=p, to=to)
    elif verb == "play":
        game.push(t_play, player=p, card=rest)
    elif verb in ("attack", "thwart"):
        char, target = rest.split(">")
        game.push(t_basic, player=p, char=char, power=verb, target=target)
    elif verb == "recover":
        game.push(t_basic, player=p, char=rest, power="recover", target=rest)
    elif verb == "use":
        key, _, target = rest.partition(">")
        game.activate(key, p, {"chosen": target or None})


@tasks("mc.basic")
def t_basic(game: Table, *, player: int, char: str, power: str, target: str) -> None:
    """Basic powers and ally uses: exhaust as the cost (L309, L292, L801, L672), then the power resolves."""
    p = player
    st = game.state
    st.update(char, exhausted=True)
    rule = {"attack": "mc.attack", "thwart": "mc.thwart", "recover": "mc.recover"}[power]
    game.record("action", lambda: f"{E.name_of(game, char)} exhausts to {power}", "mc.exhaust", player=p)
    if power == "attack":
        game.emit(
            "player_attack",
            rule=rule,
            player=p,
            attacker=char,
            target=target,
            amount=game.value(char, "atk"),
            source=char,
            overkill=False,
        )
    elif power == "thwart":
        game.emit(
            "player_thwart",
            rule=rule,
            player=p,
            thwarter=char,
            scheme=target,
            amount=game.value(char, "thw"),
            source=char,
        )
    else:
        game.emit("heal", rule=rule, target=char, amount=game.value(char, "rec"), player=p)
    game.push("k.checks")


def on_player_attack(game: Table, ev: dict) -> None:
    """An attack by a hero or ally (or an '(attack)' ability, L311): damage, overkill (L611), consequential (L350)."""
    st = game.state
    t = ev["target"]
    if t in st.objects and st.objects[t]["zone"].startswith("play"):
        before = E.remaining_hp(game, t)
        E.deal_damage(
            game,
            [
                {
                    "target": t,
                    "amount": ev["amount"],
                    "source": ev["attacker"],
                    "kind": "attack",
                    "overkill": ev.get("overkill", False),
                    "player": ev["player"],
                }
            ],
            "mc.attack",
        )
        if ev.get("overkill") and E.ctype(game, t) == "minion":
            game.push(t_overkill_minion, minion=t, before=before, amount=ev["amount"], player=ev["player"])
    a = ev["attacker"]
    if E.ctype(game, a) == "ally" and E.card_of(game, a).get("atk_pips"):
        game.push(t_consequential, ally=a, amount=E.card_of(game, a)["atk_pips"])


def on_player_thwart(game: Table, ev: dict) -> None:
    game.emit(
        "remove_threat",
        rule="mc.thwart",
        scheme=ev["scheme"],
        amount=ev["amount"],
        source=ev["thwarter"],
        player=ev["player"],
    )
    a = ev["thwarter"]
    if E.ctype(game, a) == "ally" and E.card_of(game, a).get("thw_pips"):
        game.push(t_consequential, ally=a, amount=E.card_of(game, a)["thw_pips"])


@tasks("mc.consequential")
def t_consequential(game: Table, *, ally: str, amount: int) -> None:
    """L350, L293 (mc.assume.damage_terms): after an ally attacks or thwarts, it takes its pips as damage."""
    a = ally
    if a in game.state.objects and game.state.objects[a]["zone"].startswith("play"):
        E.deal_damage(
            game,
            [
                {
                    "target": a,
                    "amount": amount,
                    "source": a,
                    "kind": "consequential",
                    "overkill": False,
                    "player": game.state.objects[a]["owner"],
                }
            ],
            "mc.consequential",
        )
        game.push("k.checks")


@tasks("mc.overkill_minion")
def t_overkill_minion(game: Table, *, minion: str, before: int, amount: int, player: int) -> None:
    """L611: excess damage of an overkill attack that defeats a minion goes to the villain."""
    last = game.state.vars.pop("overkill", None) or {}
    if last.get("target") != minion:
        return
    excess = last.get("excess", 0)
    v = E.villain(game)
    if excess > 0 and v is not None:
        game.record("action", f"overkill: {excess} excess damage goes to the villain", "mc.overkill")
        E.deal_damage(
            game,
            [
                {
                    "target": v,
                    "amount": excess,
                    "source": None,
                    "kind": "attack",
                    "overkill": False,
                    "player": player,
                }
            ],
            "mc.overkill",
        )
        game.push("k.checks")


# ====================================================================== the 7 steps
@tasks("mc.play")
def t_play(game: Table, *, player: int, card: str) -> None:
    """Steps 1-3 (L524-527): restrictions checked (the option exists only if they hold), cost determined with its
    modifiers; the card is set aside while it is being played."""
    p, c = player, card
    game.record(
        "action",
        lambda: f"player {p} announces {E.name_of(game, c)}: play restrictions hold",
        "mc.initiate.1",
        player=p,
    )
    cost = game.explain(c, "cost")
    game.record("action", lambda: f"cost of {E.name_of(game, c)} is {cost.value}", "mc.initiate.2", player=p)
    game.record(
        "action",
        lambda: f"cost modifiers: {', '.join(str(step) for step in cost.steps if step.op != 'base') or 'none'}",
        "mc.initiate.3",
        player=p,
    )
    E.put(game, c, E.z("limbo", p))
    game.push(
        t_pay,
        player=p,
        card=c,
        need=cost.value,
        paid=0,
        used=[],
        then=[["mc.play_choose", {"player": p, "card": c}]],
    )


def types_matter(game: Table, card: str) -> bool:
    """Does the card being paid for ask which resource types were spent on it (an effect with ``if_paid``)?"""
    return any(e.get("if_paid") for e in E.card_of(game, card).get("effects", ()))


def resource_abilities(game: Table, p: int) -> list[str]:
    """L697: ready cards in play of player ``p`` whose Resource ability can generate resources for a cost."""
    st = game.state
    return [
        o
        for o in st.zone(E.z("play", p))
        if E.card_of(game, o).get("resource_ability") and not st.objects[o].get("exhausted")
    ]


def _paying(p: int, card: str, need: int, paid: int, used: list, then: list, exhausted: list, spent: dict) -> dict:
    """What a payment in progress passes on to its next step (mc.initiate.4), in the order saved games hold."""
    return {
        "player": p,
        "card": card,
        "need": need,
        "paid": paid,
        "used": used,
        "then": then,
        "exhausted": exhausted,
        "spent": spent,
    }


@tasks("mc.pay")
def t_pay(
    game: Table,
    *,
    player: int,
    card: str,
    need: int,
    paid: int,
    used: list[str],
    then: list,
    exhausted: list[str] | None = None,
    spent: dict[str, int] | None = None,
    naming: int = 0,
    choice: dict | None = None,
) -> None:
    """Step 4 (L528): the cost is paid in resources (mc.cost): generate resources until the cost is covered, by
    discarding cards from hand (L689) or by Resource abilities (L697); the excess is lost (L693). A wild
    resource's type is named when it is generated (L872) where the card asks which types paid for it
    (mc.assume.wild_naming)."""
    st = game.state
    p, used = player, list(used)
    exhausted = list(exhausted or ())
    spent = dict(spent or {})
    # a naming count this step was given stays among the arguments the next "pay" decision resumes with, as it
    # came (the task passed its arguments on whole; see the report of issue 14's migration)
    stale = {"naming": naming} if naming else {}
    if choice is not None:
        cid = choice["id"]
        if naming:
            spent[cid] = spent.get(cid, 0) + 1
            naming -= 1
            game.record("action", f"player {p} names a wild resource: {cid}", "mc.wild", player=p)
        elif cid.startswith("resource:"):
            src = cid.split(":", 1)[1]
            ability = E.card_of(game, src)["resource_ability"]
            st.update(src, exhausted=True)
            exhausted.append(src)
            paid += ability["amount"]
            spent[ability["type"]] = spent.get(ability["type"], 0) + ability["amount"]
            game.record(
                "action",
                lambda: (
                    f"player {p} exhausts {E.name_of(game, src)} (Resource ability): {ability['amount']} "
                    f"{ability['type']} resource(s)"
                ),
                "mc.resource_ability",
                player=p,
            )
        else:
            c = cid
            n, rtype = E.resources_of(game, c), E.card_of(game, c).get("resource_type", "wild")
            paid += n
            used.append(c)
            E.put(game, c, E.z("discard", p))
            game.record(
                "action",
                lambda: f"player {p} discards {E.name_of(game, c)} for {n} {rtype} resource(s)",
                "mc.resources",
                player=p,
            )
            if rtype == "wild" and types_matter(game, card):
                naming = n
            else:
                spent[rtype] = spent.get(rtype, 0) + n
    if naming:
        game.ask(
            p,
            "name_wild",
            [{"id": t, "label": f"name it {t}"} for t in ("energy", "mental", "physical")],
            t_pay,
            prompt=f"name the type of a wild resource ({naming} to name)",
            rule="mc.wild",
            args={**_paying(p, card, need, paid, used, then, exhausted, spent), "naming": naming},
        )
        return
    if paid >= need:
        lost = paid - need
        game.record(
            "action",
            lambda: (
                f"player {p} pays {need} for {E.name_of(game, card)}"
                + (f"; {lost} excess resource(s) are lost (L693)" if lost else "")
            ),
            "mc.excess" if lost else "mc.initiate.4",
            player=p,
        )
        if card in st.objects:
            st.update(card, spent=spent)  # which types paid for it, for effects that ask (L692)
        for name, targs in then:
            game.push(name, **targs)
        return
    hand = [c for c in st.zone(E.z("hand", p)) if E.resources_of(game, c) > 0]
    abilities = resource_abilities(game, p)
    could = sum(E.resources_of(game, c) for c in hand)
    could += sum(E.card_of(game, o)["resource_ability"]["amount"] for o in abilities)
    if could < need - paid:
        game.record(
            "action",
            lambda: f"player {p} cannot pay: {E.name_of(game, card)} is not played, nothing is paid",
            "mc.initiate.4",
            player=p,
        )
        for c in used:  # L528: abort without paying any costs
            E.put(game, c, E.z("hand", p))
        for o in exhausted:
            st.update(o, exhausted=False)
        if card in st.objects and st.objects[card]["zone"] == E.z("limbo", p):
            E.put(game, card, E.z("hand", p))
        return
    options = [{"id": c, "label": f"discard {E.name_of(game, c)} ({E.resources_of(game, c)})"} for c in hand]
    options += [
        {
            "id": f"resource:{o}",
            "label": f"exhaust {E.name_of(game, o)} ({E.card_of(game, o)['resource_ability']['amount']} "
            f"{E.card_of(game, o)['resource_ability']['type']})",
        }
        for o in abilities
    ]
    game.ask(
        p,
        "pay",
        options,
        t_pay,
        prompt=f"pay for {E.name_of(game, card)}: {need - paid} more",
        rule="mc.initiate.4",
        args={**_paying(p, card, need, paid, used, then, exhausted, spent), **stale},
    )


@tasks("mc.play_choose")
def t_play_choose(game: Table, *, player: int, card: str, choice: dict | None = None) -> None:
    """Step 5 (L529): make the 'choose' decisions."""
    p, c = player, card
    choose = E.card_of(game, c).get("choose")
    if choose and choice is None:
        targets = choices_for(game, p, choose)
        if targets:
            game.ask(
                p,
                "target",
                [{"id": t, "label": E.name_of(game, t)} for t in targets],
                t_play_choose,
                prompt=f"choose the target of {E.name_of(game, c)}",
                rule="mc.initiate.5",
                args={"player": p, "card": c},
            )
            return
    chosen = choice["id"] if choice else None
    game.push(t_play_begin, player=p, card=c, chosen=chosen)


@tasks("mc.play_begin")
def t_play_begin(game: Table, *, player: int, card: str, chosen: str | None) -> None:
    """Step 6 (L530): the card begins to be played (interrupts, e.g. cancels, come here); step 7 is the handler."""
    p, c = player, card
    E.count_max(game, c, p)  # counted as played even if step 6 cancels it (L566, L442)
    game.emit("play", rule="mc.initiate.6", player=p, card=c, chosen=chosen, card_type=E.ctype(game, c))
    game.push(t_play_done, player=p, card=c)


def on_play(game: Table, ev: dict) -> None:
    """Step 7 (L531): the card enters play, or an event's effects resolve."""
    st = game.state
    p, c = ev["player"], ev["card"]
    if ev.get("window_event"):  # option window_events='step_6' (mc.assume.window_events)
        resolve_window_event(game, p, c, ev.get("event_id"))
        return
    card = E.card_of(game, c)
    kind = card["type"]
    game.record("action", f"{card['name']} is played", "mc.initiate.7", player=p)
    if kind == "event":
        resolve_event(game, p, c, card, ev.get("chosen"), event_id=None)
        return
    E.put(game, c, E.z("play", p))  # mc.upgrade: an upgrade too goes next to the identity (none here attaches)
    st.update(c, exhausted=False)  # L668 (mc.ready): cards enter play ready
    enters_play(game, c)
    if kind == "ally" and len(E.allies(game, p)) > 3:
        game.push(t_over_limit, player=p, what="ally", limit=3)
    if E.keyword(game, c, "restricted") and len(E.restricted_cards(game, p)) > 2:
        game.push(t_over_limit, player=p, what="restricted", limit=2)


def enters_play(game: Table, c: str) -> None:
    """Toughness (L806) and Uses (L844) when a card enters play."""
    if E.keyword(game, c, "toughness"):
        E.give_status(game, c, "tough", "mc.toughness")
    uses = E.keyword(game, c, "uses")
    if uses:
        game.state.update(c, uses=uses)
        game.record("action", f"{E.name_of(game, c)} enters play with {uses} counters", "mc.uses")


def resolve_event(game: Table, p: int, c: str, card: dict, chosen: str | None, event_id: str | None) -> None:
    """An event's effects; '(attack)' and '(thwart)' events count as attacks and thwarts (L311, L803)."""
    ctx = {
        "player": p,
        "source": c,
        "chosen": chosen,
        "name": card["name"],
        "rule": "mc.event",
        "event_id": event_id,
        "overkill": bool(card.get("keywords", {}).get("overkill")),
    }
    label = card.get("label")
    if label == "attack":
        amount = sum(e.get("amount", 0) for e in card["effects"] if e["effect"] == "damage")
        game.emit(
            "player_attack",
            rule="mc.attack",
            player=p,
            attacker=E.identity(game, p),
            target=chosen,
            amount=amount,
            source=c,
            overkill=ctx["overkill"],
        )
        game.push("k.checks")
    elif label == "thwart":
        amount = sum(e.get("amount", 0) for e in card["effects"] if e["effect"] == "remove_threat")
        game.emit(
            "player_thwart",
            rule="mc.thwart",
            player=p,
            thwarter=E.identity(game, p),
            scheme=chosen,
            amount=amount,
            source=c,
        )
        game.push("k.checks")
    else:
        E.run_effects(game, card["effects"], ctx)


@tasks("mc.play_done")
def t_play_done(game: Table, *, player: int, card: str) -> None:
    """L531, L442: a played event (even a cancelled one, L331) goes to its owner's discard pile."""
    p, c = player, card
    st = game.state
    if c in st.objects and st.objects[c]["zone"] == E.z("limbo", p):
        E.put(game, c, E.z("discard", st.objects[c]["owner"]))
    game.push("k.checks")


@tasks("mc.window_event")
def t_window_event(game: Table, *, player: int, card: str, event_id: str | None = None) -> None:
    """mc.assume.window_events: an event used in an interrupt/response window, after its cost is paid, resolves as
    the ability that window used; option window_events='step_6': it begins to be played first (L530), an event
    of its own that interrupts (a cancel) may answer, and resolves in step 7 (L531) unless cancelled."""
    p, c = player, card
    E.count_max(game, c, p)
    if game.options["window_events"] == "step_6":
        game.emit(
            "play",
            rule="mc.initiate.6",
            player=p,
            card=c,
            chosen=None,
            card_type=E.ctype(game, c),
            window_event=True,
            event_id=event_id,
        )
    else:
        resolve_window_event(game, p, c, event_id)
    game.push(t_play_done, player=p, card=c)


def resolve_window_event(game: Table, p: int, c: str, event_id: str | None) -> None:
    """Step 7 of an event played in an interrupt/response window: its effects, on the event that window is for."""
    card = E.card_of(game, c)
    game.record("action", f"{card['name']} resolves", "mc.initiate.7", player=p)
    attack = E.current_attack(game) or {}
    E.run_effects(
        game,
        card["effects"],
        {
            "player": p,
            "source": c,
            "name": card["name"],
            "rule": "mc.event",
            "event_id": event_id,
            "attacker": attack.get("attacker"),
        },
    )


@tasks("mc.over_limit")
def t_over_limit(game: Table, *, player: int, what: str, limit: int, choice: dict | None = None) -> None:
    """L297 / L708: a player over the ally limit (3) or the restricted limit (2) discards down to it."""
    p = player
    cards = E.allies(game, p) if what == "ally" else E.restricted_cards(game, p)
    rule = "mc.ally_limit" if what == "ally" else "mc.restricted"
    if choice is not None:
        E.put(game, choice["id"], E.discard_pile(game, choice["id"]))
        game.record("action", f"player {p} discards {E.name_of(game, choice['id'])}", rule, player=p)
        cards = [x for x in cards if x != choice["id"]]
    if len(cards) > limit:
        game.ask(
            p,
            "discard",
            [{"id": x, "label": f"discard {E.name_of(game, x)}"} for x in cards],
            t_over_limit,
            prompt=f"you control more than {limit} {what} cards: discard one",
            rule=rule,
            args={"player": p, "what": what, "limit": limit},
        )


# ====================================================================== end of the player phase
@tasks("mc.end_discard")
def t_end_discard(game: Table, *, order: list[int] | None = None, k: int = 0, choice: dict | None = None) -> None:
    """L411: in player order, each player may discard any cards and must discard down to hand size."""
    st = game.state
    order = order or E.alive(game)
    if choice is not None:
        p = order[k]
        if choice["id"] == "done":
            k += 1
        else:
            E.put(game, choice["id"], E.z("discard", p))
            game.record(
                "action", f"player {p} discards {E.name_of(game, choice['id'])}", "mc.end_player_phase", player=p
            )
    while k < len(order):
        p = order[k]
        if st.players[p].get("out"):
            k += 1
            continue
        hand = list(st.zone(E.z("hand", p)))
        size = game.value(E.identity(game, p), "hand_size")
        options = [{"id": c, "label": f"discard {E.name_of(game, c)}"} for c in hand]
        if len(hand) <= size:
            options.append({"id": "done", "label": "keep the hand"})
        if len(options) == 1 and options[0]["id"] == "done":
            k += 1
            continue
        game.ask(
            p,
            "end_discard",
            options,
            t_end_discard,
            prompt=f"hand {len(hand)}, hand size {size}: discard?",
            rule="mc.end_player_phase",
            args={"order": order, "k": k},
        )
        return


@tasks("mc.end_draw")
def t_end_draw(game: Table) -> None:
    """L412: each player simultaneously draws up to hand size."""
    st = game.state
    for p in E.alive(game):
        n = game.value(E.identity(game, p), "hand_size") - len(st.zone(E.z("hand", p)))
        if n > 0:
            game.record("action", f"player {p} draws {n} card(s) up to hand size", "mc.end_player_phase", player=p)
            E.draw(game, p, n)


@tasks("mc.end_ready")
def t_end_ready(game: Table) -> None:
    """L413: each player simultaneously readies all their cards."""
    st = game.state
    for p in E.alive(game):
        for c in st.zone(E.z("play", p)):
            if st.objects[c].get("exhausted"):
                st.update(c, exhausted=False)
    game.record("action", "all players ready their cards", "mc.end_player_phase")
