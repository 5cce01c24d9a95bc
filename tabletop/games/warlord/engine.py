"""The rules code of Warlord: the turn's four phases, the orders until all pass, melee strike by strike and
ranged strikes with the d20, deaths and the immediate reform, Reacts polled in initiative order.

Everything goes through the kernel: moves through the declared zones (:mod:`.army`), draws through the hidden
decks, every d20 through a kernel :class:`~tabletop.core.rolls.Roll` whose outcomes are grouped as hit, miss,
natural 1 and natural 20 (so a state graph holds four children, not twenty), the Orders Phase through a
kernel :class:`~tabletop.core.goes.Goes` (a pass is not final), choices through ``game.ask``.

Timing (wl.reform, L48/L212): after every wound the task ``wl.settle`` runs before anything else: the dead go
to the discard pile together (wl.assume.simultaneous), the players whose Warlord died leave, and every illegal
formation is reformed, player by player in initiative order; only then are Reacts to the death polled. The
kernel's state checks (:func:`state_checks`) look for a death or an illegal rank whenever the engine is idle
and find none: a property test holds the engine to that.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table, TaskTable
from tabletop.core.dice import Die
from tabletop.core.goes import Goes
from tabletop.core.rolls import Roll

from . import army as A
from .army import ZONES, z
from .vocabulary import EFFECTS, WHEN

HAND = 5  # wl.draw (L61/L225)
D20 = Die.numbered("d20", 20)
TASKS = TaskTable()


# ======================================================================== the d20 (wl.natural, L39-L40)
def classify(faces: tuple, context: Any) -> str:
    """The outcome of a d20 against a target number: ``context`` is (bonus, target number, energy, spell).
    A natural 1 misses and a natural 20 hits whatever modifies the roll (wl.natural); otherwise the total with
    every modifier must reach the target (wl.target_number). Against an Ethereal target odd naturals miss;
    against an Astral one even naturals (20 too) miss and a 19 always hits (wl.astral_ethereal); a spell
    ignores both."""
    bonus, target, energy, spell = context
    n = int(faces[0].value or 0)
    if not spell and energy == "ethereal" and n % 2 == 1:
        return "nat1" if n == 1 else "miss"
    if not spell and energy == "astral":
        if n % 2 == 0:
            return "miss"
        if n == 19:
            return "nat19"
    if n == 1:
        return "nat1"
    if n == 20:
        return "nat20"
    return "hit" if n + bonus >= target else "miss"


HITS = ("hit", "nat20", "nat19")
LABELS = {
    "hit": "a hit",
    "miss": "a miss",
    "nat1": "a natural 1: an automatic miss",
    "nat20": "a natural 20: an automatic hit",
    "nat19": "a natural 19 against an Astral target: an automatic hit",
}
STRIKE = Roll("wl.strike_roll", (D20,), rule="wl.natural", prompt="the d20 of a strike", group=classify, labels=LABELS)
CHECK = Roll(
    "wl.check_roll", (D20,), rule="wl.saves", prompt="the d20 of a check or save", group=classify, labels=LABELS
)
INITIATIVE = Roll("wl.initiative_roll", (D20,), rule="wl.initiative", prompt="an initiative d20")
for _roll in (STRIKE, CHECK, INITIATIVE):
    _roll.tasks(TASKS)


def chance_of(bonus: int, target: int, energy: str = "", spell: bool = False) -> dict[str, int]:
    """Ways out of 20 of each outcome of a d20 against ``target`` with ``bonus`` (what the chance decision
    offers, for a notebook's exact figures)."""
    out: dict[str, int] = {}
    for f in D20.faces:
        k = classify((f,), (bonus, target, energy, spell))
        out[k] = out.get(k, 0) + 1
    return out


def _outcome(game: Table, roll: Roll) -> str:
    """Read a grouped roll's outcome and take it off the table (the next strike may throw at once)."""
    out = str(roll.outcome(game))
    game.state.vars.pop(roll.var, None)
    return out


# ======================================================================== the Ready Phase (wl.ready, L59)
@TASKS("wl.ready")
def t_ready(game: Table) -> None:
    """wl.ready (L59/L223): every player's spent cards become ready, stunned ones spent; wounds stay
    (wl.assume.wounds_last)."""
    st = game.state
    st.set_turn(turns=int(st.turn.get("turns", 0)) + 1)
    if st.turn["turns"] > game.options["turn_limit"]:
        game.end_game(
            [], reason=f"the turn limit ({game.options['turn_limit']}) is reached", rule="wl.assume.turn_limit"
        )
        return
    for p in A.players_in(game):
        for oid in A.army(game, p):
            s = A.state_of(game, oid)
            if s != "ready":
                st.update(oid, state="ready" if s == "spent" else "spent")
    game.record("action", "ready phase: spent cards become ready, stunned cards spent", "wl.ready")


# ======================================================================== the Draw Phase (wl.draw, L61)
@TASKS("wl.draw")
def t_draw_phase(game: Table) -> None:
    """wl.draw (L61/L225): each player may discard any cards (not on the first turn: "you simply draw 5";
    wl.assume.hand: in initiative order, option draw_discard), then draws up to 5."""
    first = game.state.turn["turns"] == 1
    steps: list[tuple[str, dict]] = []
    for p in A.initiative_order(game):
        if not first and game.options["draw_discard"] == "any":
            steps.append(("wl.discard_ask", {"player": p}))
        steps.append(("wl.refill", {"player": p}))
    game.then(*steps)


@TASKS("wl.discard_ask")
def t_discard_ask(game: Table, *, player: int) -> None:
    hand = game.state.zone(z("hand", player))
    if not hand:
        return
    options = [{"id": "keep", "label": "keep the rest of the hand"}]
    options += [{"id": f"discard:{o}", "label": f"discard {A.name(game, o)}"} for o in hand]
    game.ask(
        player, "discard", options, t_discarded, args={"player": player}, prompt="discard any cards", rule="wl.draw"
    )


@TASKS("wl.discarded")
def t_discarded(game: Table, *, player: int, choice: dict) -> None:
    if choice["id"] == "keep":
        return
    oid = choice["id"].split(":", 1)[1]
    ZONES.put(game, oid, z("discard", player))
    game.record("action", lambda: f"player {player} discards {A.name(game, oid)}", "wl.draw", player=player)
    game.push(t_discard_ask, player=player)


@TASKS("wl.refill")
def t_refill(game: Table, *, player: int) -> None:
    """wl.draw: draw until 5 in hand; wl.deck_out (L109/L279): an empty deck draws nothing and is no loss, and
    the discard pile is never reshuffled in (wl.assume.deck_out)."""
    if len(game.state.zone(z("hand", player))) >= HAND:
        return
    if A.DECKS[player].empty(game):
        game.record(
            "action", f"player {player}'s deck is empty: no penalty, no reshuffle", "wl.deck_out", player=player
        )
        return
    A.DECKS[player].draw(game, t_drawn, {"player": player})


@TASKS("wl.drawn")
def t_drawn(game: Table, *, player: int, choice: dict) -> None:
    oid = A.DECKS[player].take(game, choice["id"])
    ZONES.put(game, oid, z("hand", player), card=choice["id"])
    if game.tracing:
        game.record("action", f"player {player} draws a card", "wl.draw", player=player)
    game.push(t_refill, player=player)


# ======================================================================== the Initiative Phase (wl.initiative)
@TASKS("wl.initiative")
def t_initiative(game: Table) -> None:
    """wl.initiative (L63/L227): every player still in rolls a d20."""
    game.push(t_init_next, rolling=A.players_in(game), results={}, k=0)


@TASKS("wl.init_next")
def t_init_next(game: Table, *, rolling: list[int], results: dict, k: int) -> None:
    if k < len(rolling):
        INITIATIVE.throw(game, t_init_rolled, args={"rolling": rolling, "results": results, "k": k})
        return
    bonus = {p: sum(int(A.card(game, o).get("initiative", 0)) for o in A.army(game, p)) for p in rolling}
    totals = {p: int(results[str(p)]) + bonus[p] for p in rolling}  # wl.assume.initiative: bonuses count
    best = max(totals.values())
    tied = [p for p in rolling if totals[p] == best]
    if len(tied) > 1:
        again = tied if game.options["initiative_ties"] == "tied" else rolling
        game.record("action", f"players {tied} tie for the highest ({best}): they roll again", "wl.initiative")
        game.push(t_init_next, rolling=again, results={}, k=0)
        return
    game.state.vars["initiative"] = tied[0]
    game.record("action", f"player {tied[0]} wins the initiative ({best})", "wl.initiative", player=tied[0])


@TASKS("wl.init_rolled")
def t_init_rolled(game: Table, *, rolling: list[int], results: dict, k: int) -> None:
    n = int(INITIATIVE.natural(game)[0].value or 0)
    game.state.vars.pop(INITIATIVE.var, None)
    game.push(t_init_next, rolling=rolling, results={**results, str(rolling[k]): n}, k=k + 1)


# ======================================================================== the Orders Phase (wl.orders)
def _initiative_holder(game: Table) -> int:
    return int(game.state.vars.get("initiative", 0))


@TASKS("wl.order")
def t_order(game: Table, *, player: int) -> None:
    """wl.orders, wl.order_menu (L231-L236): one order, or pass (wl.pass: not final); attacking, maneuvering,
    bringing in and card orders are all Orders (wl.two_kinds)."""
    if game.state.result is not None:
        ORDERS.pass_go(game)
        return
    options = order_options(game, player)
    game.ask(player, "order", options, t_ordered, args={"player": player}, prompt="give one order", rule="wl.orders")


ORDERS = Goes("wl.orders_goes", action=t_order, start=_initiative_holder, rule="wl.orders")
ORDERS.tasks(TASKS)


def order_options(game: Table, p: int) -> list[dict]:
    """Every order player ``p`` may give (wl.order_menu), pass last."""
    from . import orders as O

    passing = {"id": "pass", "label": "pass (not final: you may act again this turn)"}
    ranks = A.formation(game, p)  # (bringing in and maneuvering change nothing until an order is given)
    return [
        *O.attacks(game, p),
        *O.plays(game, p),
        *O.brings(game, p, ranks),
        *O.uses(game, p),
        *O.maneuvers(game, p, ranks),
        passing,
    ]


@TASKS("wl.ordered")
def t_ordered(game: Table, *, player: int, choice: dict) -> None:
    from . import orders as O

    if choice["id"] == "pass":
        ORDERS.pass_go(game)
        return
    O.carry_out(game, player, choice)


@TASKS("wl.turn_end")
def t_turn_end(game: Table) -> None:
    """wl.duration (L100/L270): bonuses and penalties end with the turn (wl.assume.turn)."""
    st = game.state
    for p in range(len(st.players)):
        for oid in A.army(game, p):
            if st.objects[oid].get("mods"):
                st.update(oid, mods=[])


# ======================================================================== settling: deaths, eliminations, reform
@TASKS("wl.settle")
def t_settle(game: Table, *, death_cause: str = "") -> None:
    """wl.death (L68/L238) and wl.reform (L48/L212): what an event left is dealt with before anything answers
    it: the dead leave together with their items (wl.assume.simultaneous), players whose Warlord died leave
    (wl.victory), then every illegal formation is reformed (wl.assume.reform_players: in initiative order),
    and only then are Reacts to the deaths polled (wl.reacts). ``death_cause`` (not ``cause``: the position
    writer clears every ``cause`` key in pending work as a trace reference) names what killed, for the event."""
    st = game.state
    if st.result is not None:
        return
    died = [o for p in A.players_in(game) for o in A.dead_in(game, p)]
    order = A.initiative_order(game)
    lost = [p for p in order if any(st.players[p].get("warlord") == o for o in died)]
    for oid in died:
        kill(game, oid)
    for p in lost:
        game.eliminate(p)
        game.record("action", f"player {p}'s Warlord is dead: player {p} leaves the game", "wl.victory", player=p)
    left = A.players_in(game)
    if len(left) <= 1 or not left:
        _end(game, left, lost, order)
        return
    reformers = order if game.options["reform_players"] == "initiative" else sorted(order)
    steps: list[tuple[str, dict]] = [("wl.reform_begin", {"player": p}) for p in reformers if p in left]
    if died:
        event = {
            "type": "died",
            "cards": [[o, A.owner(game, o), st.objects[o]["card"]] for o in died],
            "death_cause": death_cause,
        }
        steps.append(("wl.react_poll", {"event": event, "used": [], "k": 0, "played": False}))
    game.then(*steps)


def _end(game: Table, left: list[int], lost: list[int], order: list[int]) -> None:
    if left:
        game.end_game(left, reason=f"player {left[0]} is the last with a living Warlord", rule="wl.victory")
    elif game.options["last_two"] == "initiative" and lost:
        game.end_game([lost[0]], reason="the last Warlords died together", rule="wl.assume.simultaneous")
    else:
        game.end_game([], reason="the last Warlords died together: a draw", rule="wl.assume.simultaneous")


def kill(game: Table, oid: str) -> None:
    """wl.death (L68/L238): to the discard pile with every item it holds (wl.spells: attachments too); its
    wounds and effects end (wl.duration)."""
    p = A.owner(game, oid)
    items = A.items_of(game, oid)
    why = "is Astral and Ethereal at once" if A.energy(game, oid) == "both" else "has wounds equal to its hit points"
    game.record("action", lambda: f"{A.name(game, oid)} {why}: dead", "wl.death", card=oid, player=p)
    for i in items:
        ZONES.put(game, i, z("discard", p), on=None)
    ZONES.put(game, oid, z("discard", p), rank=None, state=None, wounds=0, mods=[])


def wound(game: Table, target: str, rule: str) -> None:
    obj = game.state.objects[target]
    game.state.update(target, wounds=int(obj.get("wounds", 0)) + 1)
    game.record("action", lambda: f"a wound marker on {A.name(game, target)}", rule, card=target)
    if game.options["hit_spends"] and A.is_ready(game, target) and not A.dead(game, target):  # wl.assume.hit_spends
        game.state.update(target, state="spent")


# ------------------------------------------------------------------ reform (wl.reform, wl.reform_move)
@TASKS("wl.reform_begin")
def t_reform_begin(game: Table, *, player: int) -> None:
    """wl.reform (L48/L212): an illegal formation is reformed at once; a React "when you reform an illegal rank"
    may be played first (the one exception the text names)."""
    if game.state.result is not None or game.state.players[player].get("out") or not A.illegal(game, player):
        return
    game.record("action", f"player {player}'s formation is illegal: it is reformed at once", "wl.reform", player=player)
    game.state.vars.pop(f"steady:{player}", None)
    event = {"type": "reform", "player": player}
    game.then(
        ("wl.react_poll", {"event": event, "used": [], "k": 0, "played": False}), ("wl.reform", {"player": player})
    )


def reform_options(game: Table, player: int) -> list[dict]:
    """wl.reform_move (L49/L213): a character of an illegal rank moves forward to any rank in front (option
    reform_jump), at either end or between two; wl.assume.reform_order: of any illegal rank (option reform_order
    'back_first': of the rearmost)."""
    ranks = A.formation(game, player)
    bad = A.illegal(game, player)
    if game.options["reform_order"] == "back_first":
        bad = bad[-1:]
    out: list[dict] = []
    for r in bad:
        for oid in ranks[r - 1]:
            lowest = r - 1 if game.options["reform_jump"] == "one" else 1
            for to in range(lowest, r):
                for slot in range(len(ranks[to - 1]) + 1):
                    out.append(
                        {
                            "id": f"reform:{oid}:{to}@{slot}",
                            "label": f"{A.name(game, oid)} forward from rank {r} to rank {to}, place {slot}",
                        }
                    )
    return out


@TASKS("wl.reform")
def t_reform(game: Table, *, player: int) -> None:
    if game.state.result is not None or not A.illegal(game, player):
        game.state.vars.pop(f"moved:{player}", None)
        return
    options = reform_options(game, player)
    game.ask(
        player,
        "reform",
        options,
        t_reformed,
        args={"player": player},
        prompt="reform: move a character forward",
        rule="wl.reform_move",
    )


@TASKS("wl.reformed")
def t_reformed(game: Table, *, player: int, choice: dict) -> None:
    """wl.reform_move: the move and its state cost (wl.assume.reform_cost: per move; option 'once': once per
    reform), unless a React made this reform free."""
    _, oid, where = choice["id"].split(":")
    to, slot = (int(x) for x in where.split("@"))
    st = game.state
    moved = list(st.vars.get(f"moved:{player}", ()))
    free = bool(st.vars.get(f"steady:{player}"))
    pay = not free and (game.options["reform_cost"] == "per_move" or oid not in moved)
    before = A.state_of(game, oid)
    after = A.pushed_forward(before) if pay else before
    A.put_in_rank(game, oid, player, to, slot, state=after)
    st.vars[f"moved:{player}"] = sorted({*moved, oid})
    game.record(
        "action",
        lambda: f"reform: {A.name(game, oid)} moves forward to rank {to} ({before} -> {after})",
        "wl.reform_move",
        player=player,
        card=oid,
    )
    game.push(t_reform, player=player)


# ======================================================================== Reacts (wl.reacts, L97/L267)
def react_options(game: Table, player: int, event: dict, used: list[str]) -> list[dict]:
    """The Reacts ``player`` may play on ``event``: each React card of the hand whose moment it is
    (wl.react_card), not yet played on this event (wl.reacts: a card once per event), with each character
    that may perform it (wl.performer)."""
    out: list[dict] = []
    for oid in game.state.zone(z("hand", player)):
        data = A.card(game, oid)
        if data.get("type") != "action" or data.get("kind") != "react" or oid in used:
            continue
        if not WHEN[data["when"]](game, data, player, event):
            continue
        for who in A.army(game, player):
            if A.may_perform(game, who, data):
                out.append({"id": f"react:{oid}:{who}", "label": f"React: {data['name']} by {A.name(game, who)}"})
    return out


@TASKS("wl.react_poll")
def t_react_poll(game: Table, *, event: dict, used: list[str], k: int, played: bool) -> None:
    """wl.reacts: the players are polled from the initiative holder clockwise; in his slot a player may play
    any number of Reacts (wl.assume.reacts); the round is polled again while anybody played (option
    react_rounds)."""
    if game.state.result is not None:
        return
    order = A.initiative_order(game)
    if k >= len(order):
        if played and game.options["react_rounds"] == "repeat":
            game.push(t_react_poll, event=event, used=used, k=0, played=False)
        return
    p = order[k]
    options = react_options(game, p, event, used)
    if not options:
        game.push(t_react_poll, event=event, used=used, k=k + 1, played=played)
        return
    options.append({"id": "no", "label": "play no (more) Reacts"})
    game.ask(
        p,
        "react",
        options,
        t_reacted,
        args={"event": event, "used": used, "k": k, "played": played, "player": p},
        prompt=f"a React to {event['type']}?",
        rule="wl.reacts",
    )


@TASKS("wl.reacted")
def t_reacted(game: Table, *, event: dict, used: list[str], k: int, played: bool, player: int, choice: dict) -> None:
    if choice["id"] == "no":
        game.push(t_react_poll, event=event, used=used, k=k + 1, played=played)
        return
    _, oid, who = choice["id"].split(":")
    data = A.card(game, oid)
    game.record(
        "action", lambda: f"player {player} Reacts: {data['name']} by {A.name(game, who)}", "wl.reacts", player=player
    )
    if data.get("spend"):
        A.spend(game, who, "wl.spend_cost")
    ZONES.put(game, oid, z("discard", player))  # wl.play_action: to the discard pile once it is done
    from . import effects  # noqa: F401  (the words are registered there)

    EFFECTS[data["effect"]](game, data, player, who, event)
    game.push(t_react_poll, event=event, used=[*used, oid], k=k, played=True)


# ======================================================================== the kernel's state checks
def state_checks(game: Table) -> list[dict]:
    """wl.death and wl.legal, whenever the engine is idle: a dead character or an illegal formation left
    unsettled (the engine settles after every event, so these find nothing; a test holds it to that)."""
    if game.state.result is not None:
        return []
    for p in A.players_in(game):
        if A.illegal(game, p) or A.dead_in(game, p):
            return [{"type": "unsettled", "player": p, "rule": "wl.reform"}]
    return []


def on_unsettled(game: Table, ev: dict) -> None:
    game.push(t_settle, death_cause="state check")


EVENT_HANDLERS = {"unsettled": on_unsettled}
EVENT_TEXT = {"unsettled": lambda game, ev: f"player {ev['player']}'s army is left unsettled"}

TURN = ("wl.ready", "wl.draw", "wl.initiative", ORDERS.name, "wl.turn_end")
