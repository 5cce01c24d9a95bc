"""Nebozhiteli's combat: the ranged phase and its damage (L52-L55), attackers (L58-L61), blockers (L63-L66) and
damage (L67-L76).

While a combat runs, the public variable ``combat`` holds it: ``attackers`` (declared at once, nb.at_once),
``blocks`` (blocker -> the attacker it blocks, nb.block_one), ``candidates`` (the passive player's creatures
still to be asked) and ``splits`` (attacker -> {blocker: damage}, nb.redistribute).
"""

from __future__ import annotations

from tabletop.core import Table
from tabletop.core.choices import Subset, ask, note_excluded, split_options

from . import engine as E
from .engine import TASKS

# nb.at_once (L60): all attackers in one decision (a subset); with many creatures, toggled one by one
ATTACK = Subset("nb.attack", rule="nb.at_once", prompt="declare your attackers (all at once)", kind="attack")
ATTACK_TOGGLE = Subset(
    "nb.attack_toggle", rule="nb.at_once", prompt="declare your attackers (all at once)", mode="toggle", kind="attack"
)
ATTACK.tasks(TASKS)
ATTACK_TOGGLE.tasks(TASKS)
ONE_DECISION_UP_TO = 6  # creatures that may attack: up to 6, one decision of at most 64 options


def is_shooter(game: Table, oid: str) -> bool:
    """nb.ranged (L52): a creature with a ranged (type 7) or throwing weapon."""
    weapon = E.weapon_of(game, oid)
    if weapon is None:
        return False
    data = E.card_of(game, weapon)
    return data["weapon_type"] == "ranged" or bool(data.get("throwing"))


def passive(game: Table) -> int:
    return E.other(E.active(game))


# ================================================================= the ranged phase (L52-L55)
@TASKS("nb.ranged")
def t_ranged(game: Table) -> None:
    """nb.ranged, nb.assume.ranged: the active player's shooters that may attack each aim at one enemy creature
    in play; declaring turns the shooter (nb.attackers). The damage is the next sub-phase's (nb.ranged_damage)."""
    p = E.active(game)
    enemies = E.creatures(game, E.other(p))
    options = [
        {"id": f"shoot:{s}>{t}", "label": f"{E.name_of(game, s)} shoots at {E.name_of(game, t)}"}
        for s in E.creatures(game, p)
        if E.can_attack(game, s) and is_shooter(game, s)
        for t in enemies
    ]
    if not options:
        return
    options.append({"id": "done", "label": "no more ranged attacks"})
    if game.tracing:
        note_excluded(game, p, "action", "nb.ranged", lambda: E.hand_excluded(game, p, "ranged"))
    game.ask(p, "action", options, t_shoot, prompt="ranged attacks: choose a shooter and its target", rule="nb.ranged")


@TASKS("nb.shoot")
def t_shoot(game: Table, *, choice: dict) -> None:
    if choice["id"] == "done":
        return
    st = game.state
    shooter, target = choice["id"].split(":", 1)[1].split(">")
    st.update(shooter, tapped=True)
    st.set_var("shots", [*st.vars.get("shots", ()), [shooter, target]])
    game.record(
        "action", lambda: f"{E.name_of(game, shooter)} turns and aims at {E.name_of(game, target)}", "nb.ranged"
    )
    game.repeat_step()


@TASKS("nb.ranged_damage")
def t_ranged_damage(game: Table) -> None:
    """nb.ranged_damage (L54-L55): each shot is one source (nb.sources), not blocked and not answered
    (nb.ranged); the ledger settles at this sub-phase's end (nb.L76). nb.assume.ranged: a thrown weapon stays
    on the creature (option thrown_weapon)."""
    st = game.state
    shots = st.vars.pop("shots", ())
    events = []
    thrown = []
    for shooter, target in shots:
        if not (E.on_field(game, shooter) and E.on_field(game, target)):
            continue
        raw, kind = E.strength(game, shooter), E.damage_kind(game, shooter)
        amount = E.after_armour(game, target, raw, kind)
        events.append(
            {"type": "damage", "source": shooter, "target": target, "amount": amount, "raw": raw, "kind": kind}
        )
        weapon = E.weapon_of(game, shooter)
        if weapon is not None and E.card_of(game, weapon).get("throwing"):
            thrown.append(weapon)
    if events:
        game.emit_batch(events, rule="nb.ranged_damage")
    if thrown and game.options["thrown_weapon"] == "graveyard":
        for weapon in thrown:
            owner = st.objects[weapon]["owner"]
            E.ZONES.put(game, weapon, E.z("grave", owner), on=None)
            game.record("action", lambda w=weapon: f"{E.name_of(game, w)} is thrown away", "nb.assume.ranged")


# ================================================================= attackers (L58-L61)
@TASKS("nb.attackers")
def t_attackers(game: Table) -> None:
    """nb.attackers (L58): the unturned creatures that may attack (nb.sickness, nb.readiness), all declared in
    one decision (nb.at_once)."""
    p = E.active(game)
    able = [c for c in E.creatures(game, p) if E.can_attack(game, c)]
    if not able:
        return
    labels = {c: E.name_of(game, c) for c in able}
    builder = ATTACK if len(able) <= ONE_DECISION_UP_TO else ATTACK_TOGGLE
    builder.ask(game, p, able, t_attacked, labels=labels)


@TASKS("nb.attacked")
def t_attacked(game: Table, *, choice: dict) -> None:
    """nb.attackers: the attackers turn; nb.target_player (L61): they attack the player."""
    picked = list(choice["picked"])
    if not picked:
        return
    st = game.state
    for c in picked:
        st.update(c, tapped=True)
    st.set_var("combat", {"attackers": picked, "blocks": {}, "splits": {}})
    names = ", ".join(E.name_of(game, c) for c in picked)
    game.record("action", lambda: f"player {E.active(game)} attacks with {names}", "nb.target_player")


# ================================================================= blockers (L63-L66)
@TASKS("nb.blockers")
def t_blockers(game: Table) -> None:
    """nb.blockers (L63): the passive player declares blockers, each of his unturned creatures in turn
    (nb.block_untapped)."""
    st = game.state
    combat = st.vars.get("combat")
    if not combat:
        return
    q = passive(game)
    candidates = [c for c in E.creatures(game, q) if not st.objects[c]["tapped"]]
    if candidates:
        st.set_var("combat", {**combat, "candidates": candidates})
        game.push(t_block_ask)


@TASKS("nb.block_ask")
def t_block_ask(game: Table) -> None:
    st = game.state
    combat = st.vars["combat"]
    blocker = combat["candidates"][0]
    name = E.name_of(game, blocker)
    options = [{"id": f"none:{blocker}", "label": f"{name} does not block"}] + [
        {"id": f"block:{blocker}>{a}", "label": f"{name} blocks {E.name_of(game, a)}"}
        for a in combat["attackers"]
        if E.on_field(game, a)
    ]
    game.ask(passive(game), "block", options, t_blocked, prompt=f"does {name} block?", rule="nb.block_one")


@TASKS("nb.blocked")
def t_blocked(game: Table, *, choice: dict) -> None:
    """nb.block_one (L65): a blocker blocks one attacker, several may block one; it does not turn
    (nb.block_untapped)."""
    st = game.state
    combat = dict(st.vars["combat"])
    verb, _, rest = choice["id"].partition(":")
    candidates = list(combat["candidates"])[1:]
    if verb == "block":
        blocker, attacker = rest.split(">")
        combat["blocks"] = {**combat["blocks"], blocker: attacker}
        game.record("action", lambda: f"{E.name_of(game, blocker)} blocks {E.name_of(game, attacker)}", "nb.block_one")
    combat["candidates"] = candidates
    st.set_var("combat", combat)
    if candidates:
        game.push(t_block_ask)


# ================================================================= damage (L67-L76)
def blockers_of(combat: dict, attacker: str) -> list[str]:
    return [b for b, a in combat["blocks"].items() if a == attacker]


@TASKS("nb.damage")
def t_damage(game: Table) -> None:
    """The damage sub-phase: first each split of an attacker among its blockers (nb.redistribute), then the
    strikes (nb.simultaneous, nb.first_strike)."""
    if game.state.vars.get("combat"):
        game.push(t_split, i=0)


@TASKS("nb.split")
def t_split(game: Table, *, i: int) -> None:
    """nb.redistribute (L72): the owner of an attacker blocked by two or more splits its damage among them;
    nb.assume.redistribute: all of it, 0 to some allowed (option split_zero)."""
    combat = game.state.vars["combat"]
    attackers = combat["attackers"]
    while i < len(attackers):
        a = attackers[i]
        blockers = [b for b in blockers_of(combat, a) if E.on_field(game, b)]
        if E.on_field(game, a) and len(blockers) >= 2:
            points = E.strength(game, a)
            options = split_options(points, blockers, labels={b: E.name_of(game, b) for b in blockers})
            if not game.options["split_zero"] and points >= len(blockers):
                options = [o for o in options if len(o["split"]) == len(blockers)]
            ask(
                game,
                E.controller(game, a),
                "distribute",
                options,
                t_split_done,
                prompt=f"split {E.name_of(game, a)}'s {points} damage among its blockers",
                rule="nb.redistribute",
                args={"i": i},
            )
            return
        i += 1
    game.push(t_strike, first=bool(game.options["first_strike_check"]))


@TASKS("nb.split_done")
def t_split_done(game: Table, *, i: int, choice: dict) -> None:
    st = game.state
    combat = st.vars["combat"]
    a = combat["attackers"][i]
    st.set_var("combat", {**combat, "splits": {**combat["splits"], a: dict(choice["split"])}})
    game.push(t_split, i=i + 1)


def _strikes(game: Table, combat: dict, step: str) -> list[dict]:
    """The damage of one step (``first``: the first strikers; ``regular``: the others; ``all``: everybody at
    once), from the creatures still in play (nb.first_strike: an enemy dead of first strike deals none)."""

    def strikes(oid: str) -> bool:
        if not E.on_field(game, oid):
            return False
        first = bool(E.card_of(game, oid).get("first_strike"))
        return step == "all" or first == (step == "first")

    events: list[dict] = []

    def hit(source: str, target: str, raw: int) -> None:
        kind = E.damage_kind(game, source)
        amount = E.after_armour(game, target, raw, kind)
        events.append(
            {"type": "damage", "source": source, "target": target, "amount": amount, "raw": raw, "kind": kind}
        )

    for a in combat["attackers"]:
        blockers = blockers_of(combat, a)
        if strikes(a):
            raw = E.strength(game, a)
            if not blockers:  # nb.player_damage (L74): unblocked, all its damage to the player
                q = passive(game)
                events.append(
                    {"type": "mana_loss", "source": a, "player": q, "amount": raw, "rule": "nb.player_damage"}
                )
            else:  # nb.blocked (L66): blocked, whatever became of the blockers (nb.assume.blocker_gone)
                alive = [b for b in blockers if E.on_field(game, b)]
                split = combat["splits"].get(a) or ({alive[0]: raw} if alive else {})
                for b, n in split.items():
                    if E.on_field(game, b):
                        hit(a, b, n)
        # nb.blockers (L64): each blocker strikes back, a source of its own (nb.assume.blocker_source)
        for b in blockers:
            if strikes(b) and E.on_field(game, a):
                hit(b, a, E.strength(game, b))
    return events


@TASKS("nb.strike")
def t_strike(game: Table, *, first: bool) -> None:
    """nb.simultaneous (L68): one step's damage happens at once. nb.assume.first_strike: the first strikers'
    step, then the ledger settles and the checks run (Ledger.checkpoint: an enemy that dies deals no damage
    back), then the others' step; with option first_strike_check off, all in one step."""
    st = game.state
    combat = st.vars["combat"]
    step = "first" if first else ("regular" if st.vars.get("struck_first") else "all")
    events = _strikes(game, combat, step)
    if events:
        game.emit_batch(events, rule="nb.first_strike" if step == "first" else "nb.simultaneous")
    if step == "first":
        st.set_var("struck_first", True)
        if game.options["death_check"] == "end_of_phase":
            E.LIFE.checkpoint(game)
        game.push(t_strike, first=False)
    else:
        st.vars.pop("struck_first", None)
