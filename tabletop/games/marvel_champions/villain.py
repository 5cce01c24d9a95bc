"""The villain phase (L856-862): threat, activations with boost cards (L272-276, L318-325, L415-429),
dealing and revealing encounter cards (L378-380, L711-720, L1471-1487), passing the first-player token."""

from __future__ import annotations

from tabletop.core import Table

from . import engine as E
from .engine import tasks
from .turn import t_villain_actions


# ====================================================================== step 1: threat
@tasks("mc.v_threat")
def t_threat(game: Table) -> None:
    """L858, L742, L269: acceleration value per player, plus acceleration icons and tokens."""
    st = game.state
    ms = E.main_scheme(game)
    if ms is None:
        return
    base = E.card_of(game, ms)["acceleration"] * E.n_started(game)
    icons = E.icons_in_play(game, "acceleration")
    tokens = st.vars.get("accel_tokens", 0)
    game.record(
        "action",
        f"villain phase step 1: {base} threat (acceleration {E.card_of(game, ms)['acceleration']} x "
        f"{E.n_started(game)} players) + {icons} acceleration icon(s) + {tokens} token(s)",
        "mc.villain_phase.1",
    )
    game.emit("threat", rule="mc.villain_phase.1", scheme=ms, amount=base + icons + tokens, source=None)
    game.push("k.checks")


# ====================================================================== step 2: activations
@tasks("mc.v_activate")
def t_activate(game: Table) -> None:
    """L859 (mc.assume.activation_order): the villain activates once per player, in player order, each activation
    followed by the minions engaged with that player."""
    game.record("action", "villain phase step 2: the villain and minions activate", "mc.villain_phase.2")
    if game.options["villain_phase_actions"]:  # mc.assume.villain_phase_actions: a window for Actions first
        game.push(t_villain_actions, k=0)
    for p in E.alive(game):
        # the villain in play when its turn comes: a stage defeated meanwhile is replaced by the next (L852)
        game.push(t_enemy_activation, enemy=None, villain=True, player=p, mode=None)
        game.push(t_minions, player=p, done=[])


@tasks("mc.minions")
def t_minions(game: Table, *, player: int, done: list[str], choice: dict | None = None) -> None:
    """L580: engaged minions activate one at a time; with several, the first player picks the next (L457,
    option minion_order)."""
    st = game.state
    p, done = player, list(done)
    if st.players[p].get("out") or st.result is not None:
        return
    left = [m for m in E.minions(game, p) if m not in done]
    if choice is not None:
        nxt = choice["id"]
    elif not left:
        return
    elif len(left) == 1 or game.options["minion_order"] == "order_of_play":
        nxt = left[0]
    else:
        game.ask(
            E.first_player(game),
            "order_activations",
            [{"id": m, "label": f"{E.name_of(game, m)} activates next"} for m in left],
            t_minions,
            prompt=f"which minion engaged with player {p} activates next",
            rule="mc.assume.activation_order",
            args={"player": p, "done": done},
        )
        return
    game.push(t_enemy_activation, enemy=nxt, player=p, mode=None)
    game.push(t_minions, player=p, done=[*done, nxt])


@tasks("mc.enemy_activation")
def t_enemy_activation(
    game: Table, *, enemy: str | None, player: int, mode: str | None = None, villain: bool = False
) -> None:
    """L274, L848: against a hero the enemy attacks, against an alter-ego it schemes (unless the mode is given)."""
    st = game.state
    e, p = (E.villain(game) if villain else enemy), player
    if e is None:
        return
    if (
        st.result is not None
        or st.players[p].get("out")
        or e not in st.objects
        or not st.objects[e]["zone"].startswith("play")
    ):
        return
    mode = mode or ("attack" if E.hero_form(game, p) else "scheme")
    by = "villain" if e == E.villain(game) else "minion"
    boosts: list[str] = []
    if by == "villain" and game.options["stunned_boost"] == "deal_boost":  # mc.assume.stunned_boost variant
        game.push(t_boost_deal, enemy=e)
    game.push(t_activation_emit, enemy=e, player=p, mode=mode, by=by, boosts=boosts)


@tasks("mc.activation_emit")
def t_activation_emit(game: Table, *, enemy: str, player: int, mode: str, by: str, boosts: list[str]) -> None:
    e, p = enemy, player
    if mode == "attack":
        eid = game.emit("attack", rule="mc.activation", by=by, attacker=e, player=p, target=E.identity(game, p))
    else:
        eid = game.emit("scheme", rule="mc.activation", by=by, schemer=e, player=p)
    game.push(t_activation_end, event=eid)


def on_attack(game: Table, ev: dict) -> None:
    """L416-423: the four steps of an enemy attack."""
    st = game.state
    stack = list(st.vars.get("attacks", ()))
    stack.append(
        {
            "id": ev["id"],
            "attacker": ev["attacker"],
            "player": ev["player"],
            "target": ev["target"],
            "defender": None,
            "by": ev["by"],
        }
    )
    st.set_var("attacks", stack)
    if ev["by"] == "villain" and not st.zone("boost"):
        game.push(t_boost_deal, enemy=ev["attacker"])
    game.push(t_defend, k=0)
    game.push(t_boost_flip, stat="atk")
    game.push(t_attack_damage)


def on_scheme(game: Table, ev: dict) -> None:
    """L426-429: boost card (villain only), flip, then threat equal to the modified SCH."""
    st = game.state
    stack = list(st.vars.get("attacks", ()))
    stack.append({"id": ev["id"], "attacker": ev["schemer"], "player": ev["player"], "scheme": True, "by": ev["by"]})
    st.set_var("attacks", stack)
    if ev["by"] == "villain" and not st.zone("boost"):
        game.push(t_boost_deal, enemy=ev["schemer"])
    game.push(t_boost_flip, stat="sch")
    game.push(t_scheme_threat)


@tasks("mc.boost_deal")
def t_boost_deal(game: Table, *, enemy: str) -> None:
    """L276, L319, L417 (mc.assume.boost_face_down): one face-down boost card per activation."""
    game.record("action", lambda: f"{E.name_of(game, enemy)} is given a face-down boost card", "mc.enemy_attack.1")
    E.take(game, "enc", "boost")


@tasks("mc.defend")
def t_defend(game: Table, *, k: int, choice: dict | None = None) -> None:
    """L418, L294, L385-390 (mc.assume.defenders): the target player may defend with a ready hero or ally, then
    each other player in order with a ready ally; the first to defend is the defender."""
    st = game.state
    a = E.current_attack(game)
    if a is None:
        return
    p0 = a["player"]
    others = [q for q in E.alive(game) if q != p0]
    order = [*others, p0] if game.options["defender_order"] == "others_first" else [p0, *others]
    if choice is not None:
        q = order[k]
        if choice["id"] != "no":
            game.emit("defend", rule="mc.defend", player=q, defender=choice["id"], attack=a["id"])
            if q != p0:  # L390: the defending player becomes the target
                game.record(
                    "action", f"player {q} defends: they become the target of the attack", "mc.defend", player=q
                )
                E.set_attack(game, player=q, target=E.identity(game, q))
            return
        k += 1
    while k < len(order):
        q = order[k]
        if st.players[q].get("out"):
            k += 1
            continue
        cands = [x for x in E.allies(game, q) if not st.objects[x]["exhausted"]]
        ident = E.identity(game, q)
        if q == p0 and E.hero_form(game, q) and not st.objects[ident]["exhausted"]:
            cands.insert(0, ident)
        if not cands:
            k += 1
            continue
        options = [{"id": x, "label": f"defend with {E.name_of(game, x)}"} for x in cands]
        options.append({"id": "no", "label": "do not defend"})
        game.ask(
            q,
            "defend",
            options,
            t_defend,
            prompt=f"{E.name_of(game, a['attacker'])} attacks player {p0}: defend?",
            rule="mc.enemy_attack.2",
            args={"k": k},
        )
        return
    game.record("action", "nobody defends: the attack is undefended", "mc.undefended")


@tasks("mc.boost_flip")
def t_boost_flip(game: Table, *, stat: str) -> None:
    """L320-325, L419: after defenders are declared, flip the boost cards one at a time: +1 per boost icon, then the
    star boost ability; discard each."""
    st = game.state
    a = E.current_attack(game)
    cards = list(st.zone("boost"))
    if a is None or not cards:
        return
    c = cards[0]
    st.update(c, vis="all")
    icons = E.card_of(game, c).get("boost", 0)
    game.record(
        "action", lambda: f"boost card {E.name_of(game, c)} is turned face up: {icons} boost icon(s)", "mc.boost"
    )
    if icons:
        game.add_modifier(a["attacker"], stat, "add", icons, source=c, until="activation", rule="mc.boost")
    star = E.card_of(game, c).get("boost_effects")
    if star:
        game.record(
            "action", f"{E.name_of(game, c)}: its star boost ability resolves (only the text below the line)", "mc.star"
        )
        E.run_effects(
            game, star, {"player": a["player"], "source": c, "name": f"{E.name_of(game, c)} (boost)", "rule": "mc.star"}
        )
    game.push(t_boost_discard, card=c)
    game.push(t_boost_flip, stat=stat)


@tasks("mc.boost_discard")
def t_boost_discard(game: Table, *, card: str) -> None:
    c = card
    if c in game.state.objects and game.state.objects[c]["zone"] == "boost":
        E.put(game, c, "enc:discard")


@tasks("mc.attack_damage")
def t_attack_damage(game: Table) -> None:
    """L420-423: damage equal to the modified ATK; a hero defender reduces it by DEF, an ally takes it all."""
    a = E.current_attack(game)
    if a is None:
        return
    st = game.state
    atk = game.value(a["attacker"], "atk")
    d = a.get("defender")
    p = a["player"]
    if d is not None and d in st.objects and st.objects[d]["zone"].startswith("play"):
        if E.ctype(game, d) == "identity":
            amount = max(0, atk - game.value(d, "def"))
            game.record(
                "action",
                f"{E.name_of(game, d)} defends: ATK {atk} - DEF {game.value(d, 'def')} = {amount}",
                "mc.enemy_attack.4",
            )
        else:
            amount = atk
        target = d
    else:  # mc.assume.hero_attack_target: undefended, the target player's identity, whatever its form
        target, amount = E.identity(game, p), atk
    if target not in st.objects or st.players[p].get("out"):
        return
    E.set_attack(game, before=E.remaining_hp(game, target), full=amount, dealt_to=target)
    E.deal_damage(
        game,
        [
            {
                "target": target,
                "amount": amount,
                "source": a["attacker"],
                "kind": "attack",
                "attack": a["id"],
                "overkill": bool(E.keyword(game, a["attacker"], "overkill")),
                "player": p,
            }
        ],
        "mc.enemy_attack.4",
    )
    if E.keyword(game, a["attacker"], "overkill") and E.ctype(game, target) == "ally":
        game.push(t_overkill_ally, ally=target)
    game.push("k.checks")


@tasks("mc.overkill_ally")
def t_overkill_ally(game: Table, *, ally: str) -> None:
    """L610 (mc.assume.tough_overkill, mc.assume.overkill_possible): excess over the ally's remaining hit points
    goes to its controller's hero."""
    a = E.current_attack(game)
    if a is None:
        return
    if game.options["tough_overkill"] == "no_excess":
        excess = a.get("excess", 0)
    else:
        excess = max(0, a.get("full", 0) - a.get("before", 0))
    owner = game.state.objects[ally]["owner"]
    if excess <= 0:
        return
    alter_ego = not E.hero_form(game, owner) and not game.options["overkill_to_alter_ego"]
    if game.state.players[owner].get("out") or alter_ego:
        game.record(
            "action",
            f"overkill: {excess} excess damage cannot go to a hero (alter-ego form or eliminated)",
            "mc.assume.overkill_possible",
        )
        return
    game.record(
        "action", f"overkill: {excess} excess damage goes to {E.name_of(game, E.identity(game, owner))}", "mc.overkill"
    )
    E.deal_damage(
        game,
        [
            {
                "target": E.identity(game, owner),
                "amount": excess,
                "source": a["attacker"],
                "kind": "attack",
                "overkill": False,
                "player": owner,
            }
        ],
        "mc.overkill",
    )
    game.push("k.checks")


@tasks("mc.scheme_threat")
def t_scheme_threat(game: Table) -> None:
    """L429: threat equal to the modified SCH on the main scheme."""
    a = E.current_attack(game)
    ms = E.main_scheme(game)
    if a is None or ms is None:
        return
    sch = game.value(a["attacker"], "sch")
    game.emit("threat", rule="mc.enemy_scheme", scheme=ms, amount=sch, source=a["attacker"])
    game.push("k.checks")


@tasks("mc.activation_end")
def t_activation_end(game: Table, *, event: int | str | None) -> None:
    """The activation is over: boost modifiers end (L320 'for this activation'), left-over boost cards go."""
    st = game.state
    stack = list(st.vars.get("attacks", ()))
    if stack and stack[-1]["id"] == event:
        stack.pop()
        st.set_var("attacks", stack)
    for c in list(st.zone("boost")):
        E.put(game, c, "enc:discard")
    game.expire("activation", rule="mc.boost", summary="boost modifiers end with the activation")
    game.push("k.checks")


# ====================================================================== steps 3-5
@tasks("mc.v_deal")
def t_deal(game: Table) -> None:
    """L860, L379, L743: one face-down encounter card to each player, then one per hazard icon in player order."""
    order = E.alive(game)
    hazards = E.icons_in_play(game, "hazard")
    game.record(
        "action",
        f"villain phase step 3: deal {len(order)} encounter card(s) + {hazards} for hazard icons",
        "mc.villain_phase.3",
    )
    for p in order:
        E.take(game, "enc", E.z("queue", p))
    for i in range(hazards):
        E.take(game, "enc", E.z("queue", order[i % len(order)]))


@tasks("mc.v_reveal")
def t_reveal_all(game: Table) -> None:
    """L861: in player order, each player reveals their encounter cards one at a time."""
    game.record("action", "villain phase step 4: players reveal their encounter cards", "mc.villain_phase.4")
    game.push(t_reveal_queue, order=E.alive(game), k=0)


@tasks("mc.reveal_queue")
def t_reveal_queue(game: Table, *, order: list[int], k: int) -> None:
    """L861, L380: the players reveal in player order until every queue is empty: a card dealt during steps 3-4 to a
    player who has already revealed joins their queue and is revealed in these steps too (another pass in order)."""
    st = game.state
    if st.result is not None:
        return

    def waiting(q: int) -> bool:
        return not st.players[q].get("out") and bool(st.zone(E.z("queue", q)))

    while k < len(order) and not waiting(order[k]):
        k += 1
    if k >= len(order):
        k = next((i for i, q in enumerate(order) if waiting(q)), len(order))
        if k >= len(order):
            return
        game.record(
            "action",
            f"player {order[k]} was dealt an encounter card during villain steps 3-4: it is revealed in step 4 too",
            "mc.deal",
            player=order[k],
        )
    p = order[k]
    game.push(t_reveal, player=p, card=st.zone(E.z("queue", p))[0])
    game.push(t_reveal_queue, order=order, k=k)


@tasks("mc.reveal")
def t_reveal(game: Table, *, player: int, card: str | None = None, taken: str | None = None) -> None:
    """L713: flip the card and resolve it by type, with its keywords and When Revealed abilities (the quick
    start's encounter cards, mc.obligation_quickstart)."""
    st = game.state
    p = player
    c = card or taken
    if c is None or c not in st.objects or st.players[p].get("out"):
        return
    E.put(game, c, "reveal")
    if E.keyword(game, c, "peril"):
        st.set_var("peril", p)
        game.record(
            "action",
            f"peril: while player {p} resolves {E.name_of(game, c)} the others cannot play cards or trigger abilities",
            "mc.peril",
            player=p,
        )
    game.emit("reveal", rule="mc.reveal", player=p, card=c, card_type=E.ctype(game, c))
    game.push(t_reveal_done, player=p, card=c)


def on_reveal(game: Table, ev: dict) -> None:
    st = game.state
    p, c = ev["player"], ev["card"]
    kind = E.ctype(game, c)
    card = E.card_of(game, c)
    if kind == "minion":
        game.emit("engage", rule="mc.engaged", minion=c, player=p)
        game.push(t_enters, card=c)
    elif kind == "treachery":
        effects = card.get("effects") or card.get(f"{E.player_form(game, p)}_effects") or []
        if not effects:
            game.record(
                "action", f"{card['name']} has no effect in player {p}'s current form (L1487)", "mc.when_revealed"
            )
        E.run_effects(game, effects, {"player": p, "source": c, "name": card["name"], "rule": "mc.when_revealed"})
    elif kind == "obligation":
        q = st.objects[c].get("obligation_of")
        if q is None or st.players[q].get("out"):
            game.record(
                "action", f"{card['name']}: nobody controls the identity it names; it is discarded", "mc.obligation"
            )
            return
        game.record(
            "action",
            f"{card['name']} is an obligation: it is given to player {q}, who controls the identity it names, and "
            f"player {q} follows it (revealed by player {p})",
            "mc.obligation",
            player=q,
        )
        E.run_effects(
            game, card.get("effects", []), {"player": q, "source": c, "name": card["name"], "rule": "mc.obligation"}
        )
    elif kind == "attachment":
        v = E.villain(game)  # mc.assume.attachment_target: the attachments here name the villain
        E.put(game, c, "play:attach")
        st.update(c, host=v)
        game.record("action", f"{card['name']} enters play attached to {E.name_of(game, v)}", "mc.attachment")
    elif kind == "environment":
        E.put(game, c, "play:env")
        game.record("action", f"{card['name']} enters play next to the villain", "mc.environment")
    elif kind == "side_scheme":
        E.put(game, c, "play:side")
        st.update(c, threat=card["start"])
        game.record("action", f"{card['name']} enters play with {card['start']} threat", "mc.side_scheme")


@tasks("mc.enters")
def t_enters(game: Table, *, card: str) -> None:
    c = card
    if c in game.state.objects and game.state.objects[c]["zone"].startswith("play") and E.keyword(game, c, "toughness"):
        E.give_status(game, c, "tough", "mc.toughness")


@tasks("mc.reveal_done")
def t_reveal_done(game: Table, *, player: int, card: str) -> None:
    """A treachery, resolved or cancelled (still revealed, L332), goes to the encounter discard pile (L716); then,
    the card finished, a surge it had reveals the additional card (L780)."""
    st = game.state
    c = card
    if st.vars.get("peril") is not None:
        st.set_var("peril", None)
    if c in st.objects and st.objects[c]["zone"] == "reveal":
        E.put(game, c, "enc:discard")
    game.push("k.checks")
    surges = st.vars.get("surges") or []
    mine = [s for s in surges if s[0] == c]
    if mine:  # L780: the original card is finished (and discarded): now the additional card
        rest = [s for s in surges if s[0] != c]
        if rest:
            st.set_var("surges", rest)
        else:
            st.vars.pop("surges", None)
        for _, p in mine:
            if not st.players[p].get("out"):
                E.take(game, "enc", E.z("queue", p), then=[["mc.reveal", {"player": p}]])


@tasks("mc.v_pass")
def t_pass(game: Table) -> None:
    """L862, L453: the first-player token passes clockwise (to the next player still in the game)."""
    st = game.state
    q = E.next_alive(game, st.turn.get("first", 0))
    if st.players[q].get("out"):  # nobody is left in the game
        return
    st.set_turn(first=q)
    game.record(
        "action", f"villain phase step 5: the first-player token passes to player {q}", "mc.villain_phase.5", player=q
    )
