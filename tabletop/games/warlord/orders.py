"""The orders of the Orders Phase (wl.order_menu, L231-L236): attack, play an action card, bring a character or
an item into play, use a card's own order, maneuver; and the melee and ranged strikes they start.

Option ids: ``attack:<char>``, ``shoot:<char>><target>``, ``play:<card>:<performer>[><target>]``,
``bring:<card>@<slot>``, ``equip:<item>><char>``, ``use:<char>[><target>]``, ``move:<char>:<rank>@<slot>``.
"""

from __future__ import annotations

from tabletop.core import Table

from . import army as A
from .army import ZONES, z
from .engine import CHECK, HITS, ORDERS, STRIKE, TASKS, _outcome, wound
from .vocabulary import EFFECTS


def enemies(game: Table, p: int) -> list[int]:
    return [q for q in A.players_in(game) if q != p]


def front(game: Table, q: int) -> list[str]:
    """The first rank of ``q``'s army, left to right (``formation``'s first rank, read without building it)."""
    objects = game.state.objects
    return [o for o in A.army(game, q) if int(objects[o]["rank"]) == 1]


def melee_targets(game: Table, p: int, strike: int) -> list[str]:
    """wl.melee (L68/L238): a first-rank character of any opponent; wl.assume.melee_rank: later strikes too
    (option later_strikes 'any_rank': any rank)."""
    if strike > 0 and game.options["later_strikes"] == "any_rank":
        return [o for q in enemies(game, p) for o in A.army(game, q)]
    return [o for q in enemies(game, p) for o in front(game, q)]


def ranged_targets(game: Table, p: int, shooter: str) -> list[str]:
    """wl.ranged (L93/L263): characters one rank across, distance exactly 2 (wl.assume.ranged_reach; option
    'up_to_2': 1 or 2)."""
    objects = game.state.objects
    r = int(objects[shooter]["rank"])
    reach = (2,) if game.options["ranged_reach"] == "exact" else (1, 2)
    return [
        o
        for q in enemies(game, p)
        for o in A.army(game, q)
        if A.distance((p, r), (q, int(objects[o]["rank"]))) in reach
    ]


# ------------------------------------------------------------------ the options
def attacks(game: Table, p: int) -> list[dict]:
    """wl.melee: a ready front-rank character attacks; wl.ranged: a ready shooter at a target one rank across."""
    out: list[dict] = []
    objects, cards = game.state.objects, game.rulebook.cards
    melee: list[str] | None = None  # (the targets of a first strike, the same for every attacker)
    shots: dict[int, list[tuple[str, str]]] = {}  # (the ranged targets from each rank)
    for oid in A.army(game, p):
        obj = objects[oid]
        if obj.get("state", "ready") != "ready":  # (A.is_ready, inline)
            continue
        data = cards.get(obj.get("card") or "", {})
        rank = int(obj["rank"])
        if rank == 1 and data.get("atk"):
            if melee is None:
                melee = melee_targets(game, p, 0)
            if melee:
                out.append(
                    {"id": f"attack:{oid}", "label": f"{data['name']} attacks (ATK {'/'.join(map(str, data['atk']))})"}
                )
        if data.get("ranged") is not None:
            targets = shots.get(rank)
            if targets is None:
                targets = shots[rank] = [(t, A.name(game, t)) for t in ranged_targets(game, p, oid)]
            head, label = f"shoot:{oid}>", f"{data['name']} shoots at "
            out += [{"id": head + t, "label": label + tname} for t, tname in targets]
    return out


def _action_targets(game: Table, p: int, data: dict, performer: str) -> list[str | None]:
    aim = data.get("target", "none")
    if aim == "none":
        return [None]
    if aim == "enemy":
        return [o for q in enemies(game, p) for o in A.army(game, q) if not A.is_stunned(game, o)]
    return [o for o in A.army(game, p) if not A.is_stunned(game, o)]  # wl.assume.stunned


def plays(game: Table, p: int) -> list[dict]:
    """wl.play_action (L71/L241): an Order action card of the hand, with a performer (wl.performer) and target."""
    out: list[dict] = []
    seen: set[str] = set()
    objects = game.state.objects
    performers: list[tuple[str, str, dict]] | None = None
    names: dict[str, str] = {}  # (a performer's name, made once for every card of the hand)
    for oid in game.state.zone(z("hand", p)):
        data = A.card(game, oid)
        if data.get("type") != "action" or data.get("kind") != "order" or data["id"] in seen:
            continue
        seen.add(data["id"])  # (copies in hand are one option each way)
        if data["effect"] == "search" and A.DECKS[p].empty(game):
            continue
        if performers is None:  # (each character's state and card, read once for every card of the hand)
            performers = [(who, objects[who].get("state", "ready"), A.card(game, who)) for who in A.army(game, p)]
        klass, level, spend = data.get("klass", "oval"), int(data.get("level", 0)), data.get("spend")
        targets: list[tuple[str, str]] | None = None  # (the targets do not depend on the performer)
        for who, state, mine in performers:
            # A.may_perform, inline: not stunned, of the class and level, ready if it begins with Spend
            if state == "stunned" or klass not in ("oval", mine.get("klass")) or level > int(mine["level"]):
                continue
            if spend and state != "ready":
                continue
            if targets is None:
                targets = [
                    (f">{t}", f" on {A.name(game, t)}") if t else ("", "") for t in _action_targets(game, p, data, who)
                ]
            named = names.get(who)
            if named is None:
                named = names[who] = A.name(game, who)
            head, by = f"play:{oid}:{who}", f"{data['name']} by {named}"
            for tail, on in targets:
                out.append({"id": f"{head}{tail}", "label": f"{by}{on}"})
    return out


def brings(game: Table, p: int, ranks: list[list[str]] | None = None) -> list[dict]:
    """wl.bring (L77/L247): a character into the rank of its level (wl.loyalty), at any place, never into an
    illegal rank; wl.unique: no second copy of a Unique card; wl.equip, wl.item_trait: an item to a character."""
    out: list[dict] = []
    if ranks is None:  # (order_options reads it once for both)
        ranks = A.formation(game, p)
    seen: set[str] = set()
    holders: list[tuple[str, bool, dict, int, set[str]]] | None = None
    names: dict[str, str] = {}  # (a holder's name, made once for every item of the hand)
    in_army: set[str] | None = None  # (the same for every card of the hand: read once, when a Unique card asks)
    for oid in game.state.zone(z("hand", p)):
        data = A.card(game, oid)
        if data["id"] in seen:
            continue
        seen.add(data["id"])
        # wl.assume.unique_scope: only the player's own army counts
        if "Unique" in data.get("traits", ()):
            if in_army is None:
                in_army = {A.card(game, o)["id"] for o in (*A.army(game, p), *game.state.zone(z("gear", p)))}
            if data["id"] in in_army:
                continue
        if data.get("type") == "character":
            r = A.placement_rank(game, p, oid)
            here = len(ranks[r - 1]) if r <= len(ranks) else 0
            ahead = len(ranks[r - 2]) if 2 <= r <= len(ranks) + 1 else 0
            if r > 1 and here + 1 > ahead:
                continue
            label = f"bring {data['name']} into rank {r}, place "
            for slot in range(here + 1):
                out.append({"id": f"bring:{oid}@{slot}", "label": f"{label}{slot}"})
        elif data.get("type") == "item":
            if holders is None:
                holders = _holders(game, p)
            klass, level, item = data.get("klass", "oval"), int(data["level"]), data["name"]
            for who, stunned, mine, reach, held in holders:
                # may_hold, inline
                if stunned or klass not in ("oval", mine["klass"]) or int(mine["level"]) + reach < level:
                    continue
                if item not in held:
                    named = names.get(who)
                    if named is None:
                        named = names[who] = A.name(game, who)
                    out.append({"id": f"equip:{oid}>{who}", "label": f"give {item} to {named}"})
    return out


def _holders(game: Table, p: int) -> list[tuple[str, bool, dict, int, set[str]]]:
    """What ``may_hold`` reads of each character of ``p``'s army, read once for every item of the hand: the
    character, whether it is stunned, its card, its rank and the names of the items it holds."""
    objects = game.state.objects
    held: dict[str, set[str]] = {}
    for i in game.state.zone(z("gear", p)):
        held.setdefault(str(objects[i].get("on")), set()).add(A.card(game, i)["name"])
    out = []
    for who in A.army(game, p):
        obj = objects[who]
        stunned = obj.get("state", "ready") == "stunned"
        out.append((who, stunned, A.card(game, who), int(obj["rank"]), held.get(who, set())))
    return out


def may_hold(game: Table, who: str, data: dict) -> bool:
    """wl.equip (L81-L82/L251-L252): the item's class (oval: any), level plus rank at least the item's level, no
    item of the same name; wl.stunned: not to a stunned card."""
    mine = A.card(game, who)
    if A.is_stunned(game, who) or data.get("klass", "oval") not in ("oval", mine["klass"]):
        return False
    if int(mine["level"]) + A.rank_of(game, who) < int(data["level"]):
        return False
    return all(A.card(game, i)["name"] != data["name"] for i in A.items_of(game, who))


def uses(game: Table, p: int) -> list[dict]:
    """wl.card_order (L84/L254): a character's own order (a Feat, wl.feat), not from a stunned card."""
    out: list[dict] = []
    objects, cards = game.state.objects, game.rulebook.cards
    for who in A.army(game, p):
        obj = objects[who]
        spec = cards.get(obj.get("card") or "", {}).get("order")  # (A.card, inline)
        if not spec:
            continue
        state = obj.get("state", "ready")
        if state == "stunned" or (spec.get("spend") and state != "ready"):
            continue
        out.append({"id": f"use:{who}", "label": f"{A.name(game, who)}: {spec.get('text', spec['effect'])}"})
    return out


def maneuvers(game: Table, p: int, ranks: list[list[str]] | None = None) -> list[dict]:
    """wl.maneuver (L86/L256): spend a ready character to move one rank forward or back, or to another place in
    its rank, at either end or between two."""
    out: list[dict] = []
    objects, cards = game.state.objects, game.rulebook.cards
    if ranks is None:  # (order_options reads it once for both)
        ranks = A.formation(game, p)
    deepest = len(ranks)
    places = [str(slot) for slot in range(max(map(len, ranks), default=0) + 1)]  # (a place as text, made once)
    for oid in A.army(game, p):
        obj = objects[oid]
        if obj.get("state", "ready") != "ready":  # (A.is_ready, inline)
            continue
        who = cards.get(obj.get("card") or "", {})["name"]
        r = int(obj["rank"])
        for to in (r - 1, r, r + 1):
            if to < 1:
                continue
            size = len(ranks[to - 1]) if to <= deepest else 0
            slots: list[int] | range
            if to == r:
                here = ranks[r - 1].index(oid)
                slots = [s for s in range(size) if s != here]
            else:
                slots = range(size + 1)
            head, label = f"move:{oid}:{to}@", f"maneuver {who} to rank {to}, place "
            out += [{"id": head + places[slot], "label": label + places[slot]} for slot in slots]
    return out


# ------------------------------------------------------------------ carrying an order out
def carry_out(game: Table, p: int, choice: dict) -> None:
    verb, _, rest = choice["id"].partition(":")
    st = game.state
    if verb == "attack":
        A.spend(game, rest, "wl.melee")
        game.record("action", lambda: f"{A.name(game, rest)} is spent to attack", "wl.melee", player=p, card=rest)
        game.push(t_strike, player=p, attacker=rest, strike=0, granted=False)
    elif verb == "shoot":
        shooter, target = rest.split(">")
        A.spend(game, shooter, "wl.ranged")  # wl.assume.ranged_reach: an attack order, the shooter spent
        bonus = int(A.card(game, shooter)["ranged"])  # wl.ranged_roll: no item, action or ATK bonus
        aim = {"attacker": shooter, "target": target, "strike": 0, "mods": [], "ranged": True, "granted": False}
        st.vars["strike"] = aim
        game.then(
            ("wl.react_poll", {"event": {"type": "strike", **aim, "player": p}, "used": [], "k": 0, "played": False}),
            ("wl.roll_strike", {"player": p, "bonus": bonus}),
        )
    elif verb == "bring":
        oid, slot = rest.split("@")
        r = A.placement_rank(game, p, oid)
        state = "ready" if game.options["enter"] == "ready" else "spent"  # wl.assume.enter_ready
        A.put_in_rank(game, oid, p, r, int(slot), state=state, wounds=0, mods=[])
        game.record("action", lambda: f"player {p} brings {A.name(game, oid)} into rank {r}", "wl.bring", player=p)
        game.push("wl.settle", death_cause="bring")
    elif verb == "equip":
        item, who = rest.split(">")
        equip(game, p, item, who)
    elif verb == "use":
        spec = A.card(game, rest)["order"]
        if spec.get("spend"):
            A.spend(game, rest, "wl.card_order")
        game.record("action", lambda: f"{A.name(game, rest)} uses its order", "wl.card_order", player=p)
        EFFECTS[spec["effect"]](game, spec, p, rest, None)
    elif verb == "play":
        oid, _, who_target = rest.partition(":")
        who, _, target = who_target.partition(">")
        data = A.card(game, oid)
        if data.get("spend"):
            A.spend(game, who, "wl.spend_cost")
        ZONES.put(game, oid, z("discard", p))  # wl.play_action: instant, then to the discard pile
        game.record(
            "action", lambda: f"player {p} plays {data['name']} by {A.name(game, who)}", "wl.play_action", player=p
        )
        EFFECTS[data["effect"]](game, data, p, who, target or None)
    elif verb == "move":
        oid, where = rest.split(":")
        to, slot = (int(x) for x in where.split("@"))
        A.spend(game, oid, "wl.maneuver")
        A.put_in_rank(game, oid, p, to, slot)
        game.record("action", lambda: f"{A.name(game, oid)} maneuvers to rank {to}", "wl.maneuver", player=p)
        game.push("wl.settle", death_cause="maneuver")  # wl.maneuver: an illegal rank so made is reformed at once
    else:
        raise ValueError(f"no order {choice['id']!r}")


def equip(game: Table, p: int, item: str, who: str) -> None:
    """wl.equip; wl.item_trait (L82/L252): an older item sharing a trait goes to the discard pile, unless the
    new one is Unique or Treasure (wl.assume.item_traits)."""
    data = A.card(game, item)
    traits = set(data.get("traits", ()))
    if not traits & {"Unique", "Treasure"}:
        for old in A.items_of(game, who):
            shared = traits & set(A.card(game, old).get("traits", ())) - {"Unique", "Treasure"}
            if shared:
                ZONES.put(game, old, z("discard", p), on=None)
                game.record("action", lambda o=old: f"{A.name(game, o)} is replaced and discarded", "wl.item_trait")
    ZONES.put(game, item, z("gear", p), on=who)
    game.record("action", lambda: f"player {p} gives {data['name']} to {A.name(game, who)}", "wl.equip", player=p)
    game.push("wl.settle", death_cause="equip")  # (an item of Astral or Ethereal energy may kill, wl.astral_ethereal)


# ------------------------------------------------------------------ melee, strike by strike (wl.strikes)
@TASKS("wl.strike")
def t_strike(game: Table, *, player: int, attacker: str, strike: int, granted: bool) -> None:
    """wl.strikes (L69/L239): the attacker now chooses the next strike's target, or stops; wl.duration: an
    attack an action gives is one strike."""
    if game.state.result is not None or not A.alive(game, attacker):
        return
    n = 1 if granted else A.strikes(game, attacker)
    targets = melee_targets(game, player, strike)
    if strike >= n or not targets:
        return
    options = [
        {"id": f"target:{t}", "label": f"strike {strike + 1} of {n} at {A.name(game, t)} (AC {A.ac(game, t)})"}
        for t in targets
    ]
    if strike > 0:
        options.append({"id": "stop", "label": "stop attacking"})
    game.ask(
        player,
        "strike",
        options,
        t_aimed,
        args={"player": player, "attacker": attacker, "strike": strike, "granted": granted},
        prompt=f"strike {strike + 1} of {A.name(game, attacker)}",
        rule="wl.strikes" if strike else "wl.melee",
    )


@TASKS("wl.aimed")
def t_aimed(game: Table, *, player: int, attacker: str, strike: int, granted: bool, choice: dict) -> None:
    if choice["id"] == "stop":
        game.record("action", lambda: f"player {player} stops attacking with {A.name(game, attacker)}", "wl.strikes")
        return
    target = choice["id"].split(":", 1)[1]
    aim = {"attacker": attacker, "target": target, "strike": strike, "mods": [], "ranged": False, "granted": granted}
    game.state.vars["strike"] = aim
    game.then(
        ("wl.react_poll", {"event": {"type": "strike", **aim, "player": player}, "used": [], "k": 0, "played": False}),
        ("wl.roll_strike", {"player": player, "bonus": None}),
    )


@TASKS("wl.roll_strike")
def t_roll_strike(game: Table, *, player: int, bonus: int | None) -> None:
    """The d20 of one strike: plus the strike's ATK (wl.melee) or ranged bonus (wl.ranged_roll) and any React's
    bonus or penalty, against the target's AC (wl.target_number), Astral and Ethereal counted."""
    aim = game.state.vars["strike"]
    attacker, target = aim["attacker"], aim["target"]
    if not (A.alive(game, attacker) and A.alive(game, target)):
        game.state.vars.pop("strike", None)
        return
    base = A.atk(game, attacker, aim["strike"]) if bonus is None else bonus
    total = base + sum(int(m) for m in aim["mods"])
    context = (total, A.ac(game, target), A.energy(game, target), False)
    game.record(
        "action",
        lambda: f"{A.name(game, attacker)} strikes at {A.name(game, target)}: d20 {total:+d} against AC {context[1]}",
        "wl.ranged_roll" if aim["ranged"] else "wl.melee",
    )
    STRIKE.throw(game, t_struck, player=None, args={"player": player}, context=context)


@TASKS("wl.struck")
def t_struck(game: Table, *, player: int) -> None:
    """A hit puts one wound on the target (wl.melee); then wl.settle (death, reform, Reacts to the death), and
    the next strike (wl.strikes)."""
    out = _outcome(game, STRIKE)
    aim = game.state.vars.pop("strike")
    rule = "wl.astral_ethereal" if out == "nat19" else "wl.natural" if out in ("nat1", "nat20") else "wl.target_number"
    game.record("action", lambda: f"the strike is {LABEL.get(out, out)}", rule)
    if out in HITS:
        wound(game, aim["target"], "wl.ranged_roll" if aim["ranged"] else "wl.melee")
    game.push("wl.settle", death_cause="strike")
    if not aim["ranged"]:
        game.push(t_strike, player=player, attacker=aim["attacker"], strike=aim["strike"] + 1, granted=aim["granted"])


LABEL = {"hit": "a hit", "miss": "a miss", "nat1": "a natural 1", "nat20": "a natural 20", "nat19": "a natural 19"}


# ------------------------------------------------------------------ checks and saves (wl.saves, wl.feat)
def check(game: Table, who: str, dc: int, resume: str, args: dict, rule: str) -> None:
    """A skill check or save of ``who`` against ``dc``: d20 plus skill (wl.saves), natural 1 and 20 (wl.natural)."""
    context = (A.skill(game, who), dc, "", True)
    game.record("action", lambda: f"{A.name(game, who)} rolls d20 {A.skill(game, who):+d} against DC {dc}", rule)
    CHECK.throw(game, resume, args=args, context=context)


@TASKS("wl.checked")
def t_checked(game: Table, *, then: str, spec: dict, player: int, performer: str, target: str | None) -> None:
    out = _outcome(game, CHECK)
    game.record("action", lambda: f"the roll is {LABEL.get(out, out)}", "wl.saves")
    EFFECTS[then](game, {**spec, "success": out in HITS}, player, performer, target)


__all__ = ["ORDERS", "attacks", "carry_out", "check"]
