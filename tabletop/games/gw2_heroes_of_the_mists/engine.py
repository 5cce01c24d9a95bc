"""The rules code of Heroes of the Mists: zones and decks, stamina, the opening, the turn, attacks with their
damage, counter-damage and conditions, deaths and the loss at 80 damage.

Everything goes through the kernel: moves through the declared zones, draws through the hidden decks, the
opening replacement through a :class:`~tabletop.core.choices.Subset`, boons and conditions through the
kernel's statuses (:mod:`.statuses`), an attack's damage through ``compute`` and the game's modifier stages,
every change a rule makes through ``game.emit`` (so Aegis can block a strike, and a status can end at the
next strike or wound), and choices through ``game.ask``.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Prevent, Table, TaskTable, Zones, ZoneSpec, compute, player_decks
from tabletop.core.abilities import Ability
from tabletop.core.choices import Subset, note_excluded
from tabletop.core.modifiers import Explanation
from tabletop.core.zones import active_player as active
from tabletop.core.zones import card_of, controller
from tabletop.core.zones import other_player as other
from tabletop.core.zones import player_zone as z

from .statuses import DAMAGE, STATUSES, ends
from .vocabulary import EFFECTS

PLAYERS = (0, 1)
HERO_HEALTH = 80  # gw2.hero_health (L107), gw2.win (L126)
OPENING = 3  # gw2.opening (L116)
STAMINA_MAX = 20  # gw2.stamina (L124)
# gw2.components (L112): the deck (hidden), the hand (its owner's), the profession card, the table, the discard
ZONES = Zones(
    (
        ZoneSpec("deck:{p}", "deck", "none", ordered=False),
        ZoneSpec("hand:{p}", "hand", "owner", ordered=False),
        ZoneSpec("hero:{p}", "profession card", limit=1),
        ZoneSpec("table:{p}", "table"),
        ZoneSpec("discard:{p}", "discard"),
    ),
    card_fields={"wounds": 0},
    unknown="a card ({id})",
)
DECKS = player_decks(ZONES, "deck:{p}", PLAYERS, rule="gw2.opening", prompt="the top card of player {p}'s deck")
REPLACE = Subset("gw2.replace", rule="gw2.opening", prompt="replace any of the opening cards")
TASKS = STATUSES.tasks(TaskTable())
REPLACE.tasks(TASKS)


# ======================================================================== basics
name_of = ZONES.name_of  # "Fireball (c12)"; a card not known yet: "a card (c12)"


def hero(game: Table, player: int) -> str:
    return game.state.zone(z("hero", player))[0]


def minions(game: Table, player: int) -> list[str]:
    """The minions on a player's table (gw2.inactive: active or not)."""
    return list(game.state.zone(z("table", player)))


def in_play(game: Table, oid: str) -> bool:
    obj = game.state.objects.get(oid)
    return obj is not None and str(obj.get("zone", "")).startswith(("table:", "hero:"))


def health(game: Table, oid: str) -> int:
    """What is left of a card's health (gw2.tokens: its health less its damage tokens)."""
    obj = game.state.objects[oid]
    full = HERO_HEALTH if obj.get("kind") == "hero" else int(card_of(game, oid)["health"])
    return full - int(obj.get("wounds", 0))


def stamina(game: Table, player: int) -> int:
    return int(game.state.players[player]["stamina"])


def taunts(game: Table, player: int) -> list[str]:
    """gw2.taunt (L144): the player's cards with Taunt, in the order they were summoned."""
    objects = game.state.objects
    return [m for m in minions(game, player) if objects[m].get("taunt")]


def can_attack(game: Table, oid: str) -> bool:
    """gw2.inactive (L119): an active minion, or gw2.fury (L146) one with Fury; gw2.blind (L141): not blind;
    gw2.assume.attacks: not more attacks this turn than option attacks_per_turn."""
    obj = game.state.objects[oid]
    if not (obj.get("active") or card_of(game, oid).get("fury")):
        return False
    return obj.get("attacks", 0) < game.options["attacks_per_turn"] and not STATUSES.has(game, oid, "Blind")


def targets(game: Table, player: int) -> list[str]:
    """gw2.attack (L129): any card of the opponent or his hero; gw2.taunt (L144) and gw2.assume.taunts: a card
    with Taunt must be attacked first (option taunts "oldest": the first summoned)."""
    q = other(player)
    must = taunts(game, q)
    if must:
        return must[:1] if game.options["taunts"] == "oldest" else must
    return [hero(game, q), *minions(game, q)]


# ================================================================= damage (L129, L133-L140)
def strike_damage(game: Table, attacker: str, target: str, base: int | None = None) -> Explanation:
    """The damage ``attacker`` deals ``target``: its printed damage (``base`` for a skill), then each status of
    the attacker (Might, Weakness) and of the target (Vulnerability, Protection) in its modifier stage, in the
    order and with the rounding the game's options give (gw2.assume.damage_order). ``.steps`` lists each
    status's contribution and the rounding steps."""
    if base is None:
        base = int(card_of(game, attacker).get("damage", 0))
    mods: list[dict[str, Any]] = []
    for side, oid in (("attacker", attacker), ("target", target)):
        held = game.state.objects[oid].get("statuses", {})
        for name, entry in held.items():
            effect = DAMAGE.get(name)
            if effect is None or effect[2] != side:
                continue
            op, value, _ = effect
            n = int(entry["stacks"])
            stage = "might" if op in ("add", "sub") else side
            mods.append(
                {"op": op, "value": value * n if op == "add" else value, "stage": stage, "ts": entry["ts"]}
                | {"source": f"{name} x{n}" if op == "add" else f"{name} of {oid}", "rule": STATUSES[name].rule}
            )
    return compute(base, mods, game.profile.modifiers, attacker, "damage")


def wound(game: Table, target: str, amount: int) -> None:
    """gw2.tokens (L126, L130): damage tokens on the card; a wound event when damage is received (gw2.protection:
    it removes Protection; gw2.assume.protection: a hit of 0 too with option zero_removes_protection)."""
    if amount > 0:
        obj = game.state.objects[target]
        game.state.update(target, wounds=int(obj.get("wounds", 0)) + amount)
    if amount > 0 or game.options["zero_removes_protection"]:
        game.emit("wound", rule="gw2.tokens", target=target, amount=amount)


# ======================================================================== events
def on_play(game: Table, ev: dict) -> None:
    """gw2.play (L108, L115): the stamina is spent; a minion goes onto the table inactive (gw2.inactive, L119),
    with its own boons; a skill resolves and goes to the discard (gw2.assume.skills)."""
    p, oid = ev["player"], ev["card"]
    data = card_of(game, oid)
    game.state.update_player(p, stamina=stamina(game, p) - int(data["cost"]))
    if data["type"] == "minion":
        ZONES.put(game, oid, z("table", p), **summoned(data))
        for boon in data.get("boons", ()):
            gain(game, oid, boon["status"], boon.get("stacks", 1), p)
        return
    ZONES.put(game, oid, z("discard", p))
    for spec in data["effects"]:
        if not in_play(game, ev["target"]):
            break
        EFFECTS[spec["effect"]](game, spec, p, ev["target"])


@EFFECTS.register("boon", "condition", requires=("status",))
def _status(game: Table, spec: dict, player: int, target: str) -> None:
    """A skill gives a boon to a card of its player's, or a condition to one of the opponent's (gw2.boons,
    gw2.conditions)."""
    gain(game, target, spec["status"], spec.get("stacks", 1), player)


@EFFECTS.register("strike", requires=("amount",))
def _strike(game: Table, spec: dict, player: int, target: str) -> None:
    """A skill's damage: an attack of the hero (gw2.assume.skills), so Aegis blocks it and no counter-damage
    hurts the hero (gw2.hero_safe, L129)."""
    me = hero(game, player)
    amount = strike_damage(game, me, target, int(spec["amount"])).value
    inflicts = [{"status": s, "stacks": 1} for s in spec.get("inflicts", ())]
    game.emit(
        "attack",
        rule="gw2.assume.skills",
        attacker=me,
        target=target,
        player=player,
        amount=amount,
        counter=None,
        inflicts=inflicts,
    )


def summoned(data: dict, active: bool = False) -> dict:
    """The fields of a minion on the table: inactive (gw2.inactive, L119), no attack made, its Taunt (L144)."""
    return {"active": active, "attacks": 0, "taunt": bool(data.get("taunt")), "wounds": 0}


def gain(game: Table, target: str, name: str, stacks: int, by: int | None) -> None:
    """A boon or condition on a card, ending as the options read the text (statuses.ends)."""
    STATUSES.gain(game, target, name, stacks, by=by, **ends(name, controller(game, target), game.options))


def on_attack(game: Table, ev: dict) -> None:
    """gw2.attack (L129): the attack's damage goes to the target as a strike (which Aegis may block, L133)."""
    attacker = ev["attacker"]
    if game.state.objects[attacker].get("kind") != "hero":
        game.state.update(attacker, attacks=int(game.state.objects[attacker].get("attacks", 0)) + 1)
    game.emit(
        "strike",
        rule="gw2.attack",
        attacker=attacker,
        target=ev["target"],
        player=ev["player"],
        amount=ev["amount"],
        counter=ev["counter"],
        inflicts=ev["inflicts"],
    )


def on_strike(game: Table, ev: dict) -> None:
    """The strike got through: its damage (gw2.tokens), the counter-damage to the attacking card (gw2.counter,
    L120; gw2.hero_safe, L129: never to a hero), then the conditions it applies (gw2.after_damage, L121, L138),
    not to a card it killed (gw2.assume.conditions_on_death)."""
    attacker, target = ev["attacker"], ev["target"]
    wound(game, target, ev["amount"])
    if ev["counter"] is not None:
        game.emit("counter", rule="gw2.counter", source=target, target=attacker, amount=ev["counter"])
    for inflicted in ev["inflicts"]:
        game.push(
            "gw2.inflict",
            target=target,
            status=inflicted["status"],
            stacks=inflicted.get("stacks", 1),
            player=ev["player"],
        )


@TASKS("gw2.inflict")
def t_inflict(game: Table, *, target: str, status: str, stacks: int, player: int) -> None:
    """gw2.after_damage (L121): a condition of the attack, after its damage; gw2.assume.conditions_on_death."""
    if in_play(game, target) and health(game, target) > 0:
        gain(game, target, status, stacks, player)


def on_counter(game: Table, ev: dict) -> None:
    """gw2.counter (L120): the attacked card deals damage back to the attacking card."""
    wound(game, ev["target"], ev["amount"])


def on_wound(game: Table, ev: dict) -> None:
    """(The tokens are on the card already: the event is what ends Protection, gw2.protection.)"""


def on_die(game: Table, ev: dict) -> None:
    """gw2.death (L127): a minion at 0 health goes to the discard, its tokens and statuses with it."""
    oid = ev["card"]
    for name in list(game.state.objects[oid].get("statuses", {})):
        STATUSES.lose(game, oid, name, why="removed", rule="gw2.death")
    ZONES.put(game, oid, z("discard", game.state.objects[oid]["owner"]), active=False, wounds=0)


def on_game_over(game: Table, ev: dict) -> None:
    """gw2.win (L126): the first hero to receive 80 damage loses (both at once: a draw)."""
    losers = ev["losers"]
    winners = [p for p in PLAYERS if p not in losers]
    who = " and ".join(f"player {p}" for p in losers)
    game.end_game(winners, reason=f"the hero of {who} has received {HERO_HEALTH} damage", rule=ev["rule"])


def on_stalemate(game: Table, ev: dict) -> None:
    game.end_game([], reason="no card is left that could deal damage to a hero", rule="gw2.assume.stalemate")


EVENT_HANDLERS = {
    "play": on_play,
    "attack": on_attack,
    "strike": on_strike,
    "counter": on_counter,
    "wound": on_wound,
    "die": on_die,
    "game_over": on_game_over,
    "stalemate": on_stalemate,
    **STATUSES.handlers(),
}


def _text(kind: str):
    def text(game: Table, ev: dict) -> str:
        n = lambda key: name_of(game, ev[key])  # noqa: E731
        if kind == "play":
            on = f" on {n('target')}" if ev.get("target") else ""
            return f"player {ev['player']} plays {n('card')}{on}"
        if kind in ("attack", "strike"):
            return f"{n('attacker')} {kind}s {n('target')} for {ev['amount']}"
        if kind == "counter":
            return f"{n('source')} deals {ev['amount']} counter-damage to {n('target')}"
        if kind == "wound":
            return f"{n('target')} receives {ev['amount']} damage"
        if kind == "die":
            return f"{n('card')} dies and goes to the discard"
        if kind == "stalemate":
            return "nobody can deal damage any more"
        return "a hero has received 80 damage"

    return text


EVENT_TEXT = {
    **{k: _text(k) for k in ("play", "attack", "strike", "counter", "wound", "die", "game_over", "stalemate")},
    **STATUSES.event_text(),
}


def _aegis(game: Table, act: Any) -> Prevent:
    """gw2.aegis (L133): Aegis blocks the strike; one stack is spent."""
    target = act.event["target"]
    STATUSES.spend(game, target, "Aegis", rule="gw2.aegis")
    return Prevent(f"Aegis of {name_of(game, target)} blocks the attack")


AEGIS_BLOCKS = Ability(
    "gw2.aegis_blocks",
    "replacement",
    rule="gw2.aegis",
    event="strike",
    condition=lambda game, act: STATUSES.has(game, (act.event or {})["target"], "Aegis"),
    effect=_aegis,
)
NAMED_ABILITIES = {**STATUSES.abilities(), AEGIS_BLOCKS.name: AEGIS_BLOCKS}
RULE_ABILITIES = (*STATUSES.rule_abilities, AEGIS_BLOCKS.name)


def state_checks(game: Table) -> list[dict]:
    """gw2.death (L127): minions at 0 health die together; then gw2.win (L126): a hero at 80 damage loses."""
    st = game.state
    if st.result is not None:
        return []
    events: list[dict] = [
        {"type": "die", "card": m, "rule": "gw2.death"}
        for p in PLAYERS
        for m in minions(game, p)
        if health(game, m) <= 0
    ]
    if not events:
        losers = [p for p in PLAYERS if st.zones.get(z("hero", p)) and health(game, hero(game, p)) <= 0]
        if losers:
            events.append({"type": "game_over", "losers": losers, "rule": "gw2.win"})
        elif stalemate(game):
            events.append({"type": "stalemate", "rule": "gw2.assume.stalemate"})
    return events


def stalemate(game: Table) -> bool:
    """gw2.assume.stalemate: no card is left in a deck or a hand, and no minion on a table could deal damage to
    the opposing hero: nobody can ever reach 80 damage."""
    st = game.state
    if any(st.zones.get(z(kind, p)) for p in PLAYERS for kind in ("deck", "hand")) or not st.zones.get("hero:0"):
        return False
    return not any(strike_damage(game, m, hero(game, other(p))).value > 0 for p in PLAYERS for m in minions(game, p))


# ================================================================= the opening (L116)
@TASKS("gw2.opening")
def t_opening(game: Table) -> None:
    """gw2.opening (L116): each player draws three; then each may replace any of them (gw2.assume.opening:
    the first player first)."""
    first = int(game.state.turn.get("first", 0))
    order = (first, other(first))
    game.then(
        *[("gw2.draw", {"player": p}) for p in order for _ in range(OPENING)],
        *[("gw2.replace_ask", {"player": p}) for p in order],
    )


@TASKS("gw2.replace_ask")
def t_replace_ask(game: Table, *, player: int) -> None:
    hand = list(game.state.zone(z("hand", player)))
    labels = {o: name_of(game, o) for o in hand}
    REPLACE.ask(game, player, hand, t_replaced, args={"player": player}, labels=labels)


@TASKS("gw2.replaced")
def t_replaced(game: Table, *, player: int, choice: dict) -> None:
    """gw2.opening: new cards from the top of the deck for the replaced ones, which then go back into the deck
    and it is shuffled (gw2.assume.opening)."""
    picked = list(choice["picked"])
    game.record("action", lambda: f"player {player} replaces {len(picked)} card(s)", "gw2.opening", player=player)
    if picked:
        game.then(
            *[("gw2.draw", {"player": player}) for _ in picked],
            ("gw2.shuffle_back", {"player": player, "cards": picked}),
        )


@TASKS("gw2.shuffle_back")
def t_shuffle_back(game: Table, *, player: int, cards: list[str]) -> None:
    DECKS[player].shuffle_in(game, cards)
    game.record("action", lambda: f"player {player} shuffles the deck", "gw2.opening", player=player)


@TASKS("gw2.draw")
def t_draw(game: Table, *, player: int) -> None:
    """gw2.turn_start (L117): a card from the deck; gw2.assume.empty_deck: none when it is empty (option
    empty_deck "lose": the player loses)."""
    if DECKS[player].empty(game):
        if game.options["empty_deck"] == "lose":
            game.end_game([other(player)], reason=f"player {player} cannot draw", rule="gw2.assume.empty_deck")
            return
        game.record("action", lambda: f"player {player}'s deck is empty: nothing is drawn", "gw2.assume.empty_deck")
        return
    DECKS[player].draw(game, t_drawn, {"player": player})


@TASKS("gw2.drawn")
def t_drawn(game: Table, *, player: int, choice: dict) -> None:
    oid = DECKS[player].take(game, choice["id"])
    ZONES.put(game, oid, z("hand", player), card=choice["id"])
    if game.tracing:
        game.record("action", lambda: f"player {player} draws a card", "gw2.turn_start", player=player)


# ================================================================= the turn (L117-L122)
@TASKS("gw2.begin")
def t_begin(game: Table) -> None:
    """gw2.turn_start (L117): stamina (gw2.assume.stamina), then a card; the attacks of the turn start again."""
    p = active(game)
    st = game.state
    pl = st.players[p]
    turns = int(pl.get("turns", 0)) + 1
    if game.options["stamina"] == "pool":
        now = min(STAMINA_MAX, int(pl["stamina"]) + 1)
    else:
        now = min(STAMINA_MAX, int(pl["start"]) + turns - 1)
    st.update_player(p, stamina=now, turns=turns)
    for m in minions(game, p):
        if st.objects[m].get("attacks"):
            st.update(m, attacks=0)
    game.record("action", lambda: f"player {p} has {now} stamina", "gw2.stamina", player=p)
    t_draw(game, player=p)


def play_options(game: Table, p: int) -> list[dict]:
    """gw2.play: each card of the hand whose cost the stamina pays; a skill with each target of its effect
    (own cards for a boon, the opponent's for the others)."""
    out: list[dict] = []
    have = stamina(game, p)
    for oid in game.state.zone(z("hand", p)):
        data = card_of(game, oid)
        if int(data["cost"]) > have:
            continue
        if data["type"] == "minion":
            out.append({"id": f"play:{oid}", "label": f"summon {data['name']} ({data['cost']})"})
            continue
        side = p if data["target"] == "own" else other(p)
        for t in [hero(game, side), *minions(game, side)]:
            out.append({"id": f"play:{oid}>{t}", "label": f"{data['name']} on {name_of(game, t)} ({data['cost']})"})
    return out


def attack_options(game: Table, p: int) -> list[dict]:
    out: list[dict] = []
    aims = targets(game, p)
    for m in minions(game, p):
        if can_attack(game, m):
            out += [{"id": f"attack:{m}>{t}", "label": f"{name_of(game, m)} attacks {name_of(game, t)}"} for t in aims]
    return out


def excluded(game: Table, p: int) -> list[tuple[str, str, str, str]]:
    """Why not: each card of the hand the stamina does not pay (gw2.play), each minion that cannot attack."""
    out = []
    have = stamina(game, p)
    for oid in game.state.zone(z("hand", p)):
        data = card_of(game, oid)
        if int(data["cost"]) > have:
            out.append((f"play {data['name']}", "gw2.play", f"it costs {data['cost']} stamina, {have} left", oid))
    for m in minions(game, p):
        if can_attack(game, m):
            continue
        obj = game.state.objects[m]
        if STATUSES.has(game, m, "Blind"):
            why = ("gw2.blind", "it is blind")
        elif not obj.get("active") and not card_of(game, m).get("fury"):
            why = ("gw2.inactive", "it was summoned this turn and is not active")
        else:
            why = ("gw2.assume.attacks", "it has attacked this turn")
        out.append((f"attack with {name_of(game, m)}", *why, m))
    return out


@TASKS("gw2.main")
def t_main(game: Table) -> None:
    """gw2.play and gw2.attack: play cards, attack with active minions, or end the turn."""
    if game.state.result is not None:
        return
    p = active(game)
    options = [*play_options(game, p), *attack_options(game, p), {"id": "end", "label": "end the turn"}]
    if game.tracing:
        note_excluded(game, p, "action", "gw2.play", lambda: excluded(game, p))
    game.ask(p, "action", options, t_act, prompt="play a card, attack or end the turn", rule="gw2.play")


@TASKS("gw2.act")
def t_act(game: Table, *, choice: dict) -> None:
    cid = choice["id"]
    if cid == "end":
        return
    p = active(game)
    verb, _, rest = cid.partition(":")
    source, _, target = rest.partition(">")
    if verb == "play":
        game.emit("play", rule="gw2.play", player=p, card=source, target=target or None)
    else:
        data = card_of(game, source)
        why = strike_damage(game, source, target)
        amount = why.value
        if game.tracing:
            game.record("modifier", lambda: str(why), "gw2.assume.damage_order", target=target)
        counter = None  # gw2.hero_safe: a hero attacked deals none; gw2.assume.counter: option counter "none"
        if game.options["counter"] != "none" and game.state.objects[target].get("kind") != "hero":
            base = None if game.options["counter"] == "damage" else int(card_of(game, target)["damage"])
            counter = strike_damage(game, target, source).value if base is None else base
        game.emit(
            "attack",
            rule="gw2.attack",
            attacker=source,
            target=target,
            player=p,
            amount=amount,
            counter=counter,
            inflicts=list(data.get("inflicts", ())),
        )
    game.repeat_step()


@TASKS("gw2.end")
def t_end(game: Table) -> None:
    """gw2.inactive (L119): at the end of your turn your cards are turned and activated."""
    p = active(game)
    st = game.state
    woke = [m for m in minions(game, p) if not st.objects[m].get("active")]
    for m in woke:
        st.update(m, active=True)
    if woke:
        game.record("action", lambda: f"player {p}'s cards are turned and activated", "gw2.inactive", player=p)


TURN_STEPS = ("gw2.begin", "gw2.main", "gw2.end")


def new_card(game: Table, player: int, card_id: str | None, zone: str, **fields: Any) -> str:
    return ZONES.new_card(game, card_id, zone, player, **fields)
