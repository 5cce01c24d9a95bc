"""One Night Ultimate Werewolf as a rulebook: deal, the night script, the vote and the win conditions."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

from tabletop.core import (
    Game,
    OptionSpec,
    Phase,
    Profile,
    Rulebook,
    RulebookOptionError,
    RuleError,
    Scenario,
    Table,
    TaskTable,
    options_by_object,
)
from tabletop.core.boardview import decision_entry

from .rules import RULES

TABLE, CENTRE = "table", "centre"
tasks = TaskTable()
TOKENS = Counter(  # onw.components: the 16 role cards of the box
    villager=3,
    werewolf=2,
    mason=2,
    seer=1,
    robber=1,
    troublemaker=1,
    tanner=1,
    drunk=1,
    hunter=1,
    insomniac=1,
    minion=1,
    doppelganger=1,
)
BASE = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"]  # L171
EXTRA = ["villager", "villager", "drunk", "insomniac", "minion", "hunter", "tanner"]  # L172-173, then assumed
TEXT_ORDER = (
    "doppelganger",
    "werewolf",
    "minion",
    "mason",
    "seer",
    "robber",
    "troublemaker",
    "drunk",
    "insomniac",
    "doppel_insomniac",
)
ACTIVE = ("seer", "robber", "troublemaker", "drunk")  # what a Doppelganger performs at once (L212)
# onw.assume.teams: every role not named in a team is on the village team; the Minion is a werewolf
VILLAGE = ("villager", "seer", "robber", "troublemaker", "drunk", "insomniac", "hunter", "mason", "doppelganger")
WEREWOLF_TEAM = ("werewolf", "minion")
RULE_OF = {
    "doppelganger": "onw.doppelganger",
    "werewolf": "onw.werewolf",
    "minion": "onw.minion",
    "mason": "onw.mason",
    "seer": "onw.seer",
    "robber": "onw.robber",
    "troublemaker": "onw.troublemaker",
    "drunk": "onw.drunk",
    "insomniac": "onw.insomniac",
    "doppel_insomniac": "onw.doppel.insomniac",
}


def seat(p: int) -> str:
    """The id of the card position in front of player ``p`` (onw.assume.card_in_front)."""
    return f"p{p}"


def centre(i: int) -> str:
    return f"c{i}"


def slot_label(sid: str) -> str:
    return f"player {sid[1:]}'s card" if sid.startswith("p") else f"centre card {int(sid[1:]) + 1}"


def role_set(players: int, roles: str = "") -> list[str]:
    """The role cards in play (onw.basic_set, onw.three_more, onw.assume.larger_sets)."""
    if roles:
        return sorted(r.strip() for r in roles.split(",") if r.strip())
    return sorted(BASE + EXTRA[: players - 3])


def check_roles(players: int, roles: list[str]) -> None:
    if len(roles) != players + 3:
        raise RulebookOptionError(
            f"one_night_werewolf: {len(roles)} role cards for {players} players; there must be {players + 3} (L174)"
        )
    count = Counter(roles)
    for r, c in count.items():
        if r not in TOKENS:
            raise RulebookOptionError(f"one_night_werewolf: unknown role {r!r}; roles are {sorted(TOKENS)}")
        if c > TOKENS[r]:
            raise RulebookOptionError(f"one_night_werewolf: {c} {r} cards but the game has {TOKENS[r]} (L167)")
    if count["mason"] == 1:
        raise RulebookOptionError("one_night_werewolf: both Mason cards are used if one is (L218)")
    if count["insomniac"] and not (count["robber"] or count["troublemaker"]):  # onw.insomniac_needs
        raise RulebookOptionError("one_night_werewolf: the Insomniac needs the Robber or the Troublemaker (L226)")


def _check_order(value: str) -> bool:
    if value == "text":
        return True
    names = [r.strip() for r in value.split(",")]
    return sorted(names) == sorted(TEXT_ORDER)


def call_order(game: Table) -> tuple[str, ...]:
    value = game.options["call_order"]
    return TEXT_ORDER if value == "text" else tuple(r.strip() for r in value.split(","))


# --------------------------------------------------------------- helpers
def card(game: Table, sid: str) -> str:
    """The role printed on the card at position ``sid``."""
    return game.state.objects[sid]["role"]


def role_of(game: Table, sid: str) -> str:
    """The role the card at ``sid`` gives (a Doppelganger card gives the role she copied, L210)."""
    r = card(game, sid)
    if r == "doppelganger":
        copied = game.state.vars.get("_doppel")
        if copied:
            return copied["role"]
    return r


def final_roles(game: Table) -> dict[str, str]:
    """Each player's role: the card in front of them (onw.role_is_card)."""
    return {str(p): role_of(game, seat(p)) for p in range(game.players)}


def wakers(game: Table, call: str) -> list[int]:
    """The players who open their eyes when ``call`` is called (onw.assume.wake_by_dealt)."""
    st = game.state
    dop = st.vars.get("_doppel")
    by_dealt = game.options["wake_by"] == "dealt"
    # onw.assume.no_new_action: by the dealt card, a player whose card was changed does not act as the new role
    held = st.vars["_dealt"] if by_dealt else {str(p): card(game, seat(p)) for p in range(game.players)}
    if call == "doppel_insomniac":
        if not dop or dop["role"] != "insomniac":
            return []
        return [p for p in range(game.players) if held[str(p)] == "doppelganger"]
    out = [p for p in range(game.players) if held[str(p)] == call]
    if call in ("werewolf", "mason") and dop and dop["role"] == call:
        out += [p for p in range(game.players) if held[str(p)] == "doppelganger"]
    return sorted(out)


def know(game: Table, sid: str, *players: int) -> None:
    vis = game.state.objects[sid]["vis"]
    if vis == "all":
        return
    game.state.update(sid, vis=sorted(set(vis) | set(players)))


# ------------------------------------------------------------------ set-up
def setup(game: Table) -> None:
    """onw.deal: the role cards of the game, shuffled and dealt (a chance decision per position)."""
    n = game.players
    roles = role_set(n, game.options["roles"])
    check_roles(n, roles)
    game.state.set_var("roles", roles)  # the face-up role tokens are public (L175)
    source = "onw.custom_roles" if game.options["roles"] else "onw.basic_set" if n <= 5 else "onw.assume.larger_sets"
    game.record("action", lambda: f"{len(roles)} role cards for {n} players: {', '.join(roles)}", source)
    game.record("action", "the role tokens of these cards lie face up in the middle", "onw.tokens")
    for p in range(n):
        game.create("p", TABLE, id=seat(p), seat=p, role=None, vis=[])
    for i in range(3):
        game.create("c", CENTRE, id=centre(i), slot=i, role=None, vis=[])
    game.caused_by(game.record("action", f"shuffle the {len(roles)} role cards and deal them", "onw.deal"))
    game.push(deal, k=0)


def positions(game: Table) -> list[str]:
    return [seat(p) for p in range(game.players)] + [centre(i) for i in range(3)]


@tasks("onw.deal")
def deal(game: Table, *, k: int, choice: dict | None = None) -> None:
    """The shuffle, as chance: the card at each position in turn, weighted by the cards left; then each looks."""
    st = game.state
    order = positions(game)
    if choice is not None:
        st.update(order[k], role=choice["id"])
        k += 1
    left = Counter(st.vars["roles"])
    for sid in order[:k]:
        left[st.objects[sid]["role"]] -= 1
    if k >= len(order):
        st.set_var("_dealt", {str(p): card(game, seat(p)) for p in range(game.players)})
        game.emit_batch(
            [{"type": "look", "player": p, "slots": [seat(p)]} for p in range(game.players)], rule="onw.look_own"
        )
        return
    game.ask_draw(
        dict(sorted(left.items())),
        deal,
        prompt=f"the card dealt to {slot_label(order[k])}",
        rule="onw.deal",
        args={"k": k},
    )


# ---------------------------------------------------------------- the night
@tasks("onw.night")
def night(game: Table) -> None:
    """onw.close_eyes, then the calls in order (onw.call_order)."""
    game.record("flow", "everyone closes their eyes", "onw.close_eyes")
    if game.tracing:  # (who never wakes is worked out for the trace alone)
        sleepers = [p for p in range(game.players) if game.state.vars["_dealt"][str(p)] in ("villager", "hunter")]
        sleepers += [p for p in range(game.players) if game.state.vars["_dealt"][str(p)] == "tanner"]
        if sleepers:
            game.record("flow", f"players {sorted(sleepers)} never wake at night", "onw.never_wake")
    call(game, i=0)


@tasks("onw.call")
def call(game: Table, *, i: int) -> None:
    """Call the i-th role of the night; its players act (a decision) or see each other."""
    order = call_order(game)
    if i >= len(order):
        game.record("flow", "everyone wakes up", "onw.wake_up")
        return
    role = order[i]
    rule = RULE_OF[role] if game.options["call_order"] == "text" else "onw.assume.order_option"
    who = wakers(game, role)
    called = game.record(
        "flow",
        lambda: f"{role} is called: {f'player(s) {who}' if who else 'nobody'} wake(s)",
        rule,
        call=role,
        wakers=who,
    )
    game.caused_by(called)
    if role in ("werewolf", "mason", "minion"):
        if role == "minion":
            wolves = wakers(game, "werewolf")
            if who:
                game.emit(
                    "see",
                    rule="onw.minion",
                    viewers=who,
                    slots=[seat(w) for w in wolves],
                    role="werewolf",
                    what="the werewolves",
                )
        elif len(who) > 1:
            game.emit(
                "see",
                rule=RULE_OF[role],
                viewers=who,
                slots=[seat(p) for p in who],
                role=role,
                what="the werewolves" if role == "werewolf" else "the masons",
            )
        # onw.assume.lone_wolf_counts_awake: the werewolves who woke (a Doppelganger-Werewolf among them), or
        # with option lone_wolf_counts='cards' the Werewolf cards among them (the Doppelganger not counted)
        lone = who
        if role == "werewolf" and game.options["lone_wolf_counts"] == "cards":
            dop = game.state.vars.get("_doppel")
            lone = [q for q in who if not dop or q != dop["player"]]
        if role == "werewolf" and len(lone) == 1 and game.options["lone_wolf"]:
            ask_role(game, i=i, role="lone_wolf", player=lone[0], doppel=False)  # (opens once the sight is seen)
        else:
            game.push(call, i=i + 1)
    elif who:
        ask_role(game, i=i, role=role, player=who[0], doppel=False)
    else:
        call(game, i=i + 1)  # nobody wakes: the next call at once


@tasks("onw.ask")
def ask_role(game: Table, *, i: int, role: str, player: int, doppel: bool) -> None:
    """The night action of ``role`` as a decision of ``player``, on the cards as they are now."""
    p, n = player, game.players
    others = [q for q in range(n) if q != p]
    if role == "doppelganger":  # onw.assume.doppel_must: no option to pass (unless option doppel_may_pass)
        opts = [{"id": f"copy:{q}", "label": f"look at player {q}'s card and become that role"} for q in others]
        if game.options["doppel_may_pass"]:
            opts.append({"id": "pass", "label": "look at nothing and stay the Doppelganger"})
    elif role == "lone_wolf":
        opts = [{"id": f"view:c{c}", "label": f"look at centre card {c + 1}"} for c in range(3)]
        opts.append({"id": "pass", "label": "look at nothing"})
    elif role == "seer":
        opts = [{"id": f"view:p{q}", "label": f"look at player {q}'s card"} for q in others]
        opts += [
            {"id": f"view:c{a}+c{b}", "label": f"look at centre cards {a + 1} and {b + 1}"}
            for a, b in combinations(range(3), 2)
        ]
        opts.append({"id": "pass", "label": "look at nothing"})
    elif role == "robber":
        opts = [{"id": f"swap:p{q}", "label": f"take player {q}'s card and look at it"} for q in others]
        opts.append({"id": "pass", "label": "rob nobody"})
    elif role == "troublemaker":
        opts = [
            {"id": f"swap:p{a}+p{b}", "label": f"swap the cards of players {a} and {b}"}
            for a, b in combinations(others, 2)
        ]
        opts.append({"id": "pass", "label": "swap nothing"})
    elif role == "drunk":
        opts = [{"id": f"swap:c{c}", "label": f"exchange your card with centre card {c + 1}"} for c in range(3)]
    elif role in ("insomniac", "doppel_insomniac"):
        opts = [{"id": "look", "label": "look at your card"}, {"id": "pass", "label": "keep your eyes closed"}]
    else:  # pragma: no cover - every acting role is above
        raise AssertionError(role)
    rule = {"lone_wolf": "onw.lone_wolf"}.get(role, RULE_OF.get(role, "onw.call_order"))
    if doppel:
        rule = "onw.doppel.immediate"
    name = role.replace("_", " ")
    game.ask(
        p,
        "action",
        opts,
        act,
        prompt=f"{'Doppelganger as ' if doppel else ''}{name}: choose your night action",
        rule=rule,
        args={"i": i, "role": role, "player": player, "doppel": doppel},
    )


@tasks("onw.act")
def act(game: Table, *, i: int, role: str, player: int, doppel: bool, choice: dict) -> None:
    """Carry out the chosen night action (events that change or show cards), then go on.

    (What the action does is caused by the choice: the kernel threads the decision's record as its cause.)
    """
    p, cid = player, choice["id"]
    rule = "onw.doppel.immediate" if doppel else {"lone_wolf": "onw.lone_wolf"}.get(role, RULE_OF.get(role))
    if rule is None:  # only roles that wake and act are asked (ask_role), and RULE_OF names them all
        raise RuleError(f"no rule for the night action of {role!r}")
    me = seat(p)
    if role == "doppelganger" and cid == "pass":  # option doppel_may_pass (onw.assume.doppel_must)
        game.record("action", lambda: f"player {p} (Doppelganger) copies nobody", "onw.assume.doppel_must", player=p)
        game.push(doppel_end, i=i)
        return
    if role == "doppelganger":
        target = seat(int(cid.split(":")[1]))
        copied = role_of(game, target)
        game.emit("copy", rule="onw.doppelganger", player=p, slot=target, role=copied)
        if copied in ACTIVE:
            game.push(ask_role, i=i, role=copied, player=p, doppel=True)
            return
        if copied in ("villager", "tanner", "hunter"):
            said = f"player {p} is now a {copied} and does nothing more"  # (rare: made even untraced)
            game.record("flow", said, "onw.doppel.passive", player=p)
        game.push(doppel_end, i=i)
        return
    if cid != "pass":
        kind, _, what = cid.partition(":")
        if role in ("insomniac", "doppel_insomniac"):
            game.emit("look", rule=rule, player=p, slots=[me])
        elif kind == "view":
            game.emit("look", rule=rule, player=p, slots=what.split("+"))
        elif role == "robber":
            game.emit("swap", rule=rule, player=p, a=me, b=what, look=me)
        elif role == "troublemaker":
            a, b = what.split("+")
            game.emit("swap", rule=rule, player=p, a=a, b=b, look=None)
        elif role == "drunk":
            game.emit("swap", rule=rule, player=p, a=me, b=what, look=None)
    else:
        game.record("action", lambda: f"player {p} ({role.replace('_', ' ')}) does nothing", rule, player=p)
    if doppel:
        game.push(doppel_end, i=i)
    else:
        game.push(call, i=i + 1)


@tasks("onw.doppel_end")
def doppel_end(game: Table, *, i: int) -> None:
    """onw.doppel.minion: at the end of the Doppelganger phase a Doppelganger-Minion sees the werewolves."""
    dop = game.state.vars.get("_doppel")
    if dop and dop["role"] == "minion":
        wolves = wakers(game, "werewolf")
        game.emit(
            "see",
            rule="onw.doppel.minion",
            viewers=[dop["player"]],
            slots=[seat(w) for w in wolves],
            role="werewolf",
            what="the werewolves",
        )
    game.push(call, i=i + 1)


# ------------------------------------------------------------------ events
def on_look(game: Table, ev: dict) -> None:
    for sid in ev["slots"]:
        know(game, sid, ev["player"])


def on_see(game: Table, ev: dict) -> None:
    """Seeing who woke (or raised a thumb) tells the card only if the card itself still is that role.

    A Doppelganger who copied a Werewolf wakes with the werewolves, but her card is the
    Doppelganger: her partners learn that she is a werewolf, never what her card is.
    """
    for sid in ev["slots"]:
        if card(game, sid) == ev["role"]:
            know(game, sid, *ev["viewers"])


def on_copy(game: Table, ev: dict) -> None:
    game.state.set_var("_doppel", {"player": ev["player"], "role": ev["role"]})
    know(game, ev["slot"], ev["player"])


def on_swap(game: Table, ev: dict) -> None:
    """Exchange two cards; only the player who swapped can know what now lies where."""
    st = game.state
    a, b, p = ev["a"], ev["b"], ev["player"]
    ra, rb = card(game, a), card(game, b)
    va, vb = st.objects[a]["vis"], st.objects[b]["vis"]
    st.update(a, role=rb, vis=[p] if p in vb else [])
    st.update(b, role=ra, vis=[p] if p in va else [])
    if ev.get("look"):
        know(game, ev["look"], p)


def on_vote(game: Table, ev: dict) -> None:
    pass


def on_execute(game: Table, ev: dict) -> None:
    dead = game.state.vars.get("dead", [])
    game.state.set_var("dead", sorted(set(dead) | {ev["target"]}))
    game.state.update(seat(ev["target"]), vis="all")  # onw.reveal


def describe(kind: str):
    def text(game: Table, ev: dict) -> str:
        if kind == "look":
            seen = ", ".join(f"{slot_label(s)} ({card(game, s)})" for s in ev["slots"])
            return f"player {ev['player']} looks at {seen}"
        if kind == "see":
            return f"players {ev['viewers']} see {ev['what']}: {[int(s[1:]) for s in ev['slots']]}"
        if kind == "copy":
            return f"player {ev['player']} (Doppelganger) looks at {slot_label(ev['slot'])} and becomes {ev['role']}"
        if kind == "swap":
            pre = "" if ev["status"] == "happened" else f" ({card(game, ev['a'])} <-> {card(game, ev['b'])})"
            return f"player {ev['player']} swaps {slot_label(ev['a'])} and {slot_label(ev['b'])}{pre}"
        if kind == "vote":
            return f"player {ev['player']} voted for player {ev['target']}"
        if kind == "execute":
            return f"player {ev['target']} is executed and reveals {card(game, seat(ev['target']))}"
        return f"player {ev['player']} (Hunter) shoots player {ev['target']}"

    return text


# ------------------------------------------------------------------- the day
@tasks("onw.day")
def ask_vote(game: Table, *, k: int = 0) -> None:
    """onw.vote: each player points at another at once (player ``k`` now); the votes stay secret until all are in."""
    game.ask(
        k,
        "vote",
        [{"id": f"vote:{q}", "label": f"vote for player {q}"} for q in range(game.players) if q != k],
        voted,
        prompt="point at the player you want executed",
        rule="onw.vote",
        args={"k": k},
    )


@tasks("onw.voted")
def voted(game: Table, *, k: int, choice: dict) -> None:
    votes = dict(game.state.vars.get("_votes", {}))
    votes[str(k)] = int(choice["id"].split(":")[1])
    game.state.set_var("_votes", votes)
    if k + 1 < game.players:
        ask_vote(game, k=k + 1)
    else:
        game.push(count)


def executed(players: int, votes: dict[str, int]) -> list[int]:
    """onw.execute: the player(s) with the most votes, if that is 2 or more."""
    tally = Counter(votes.values())
    top = max(tally.values(), default=0)
    if top <= 1:
        return []
    return sorted(p for p, c in tally.items() if c == top)


@tasks("onw.count")
def count(game: Table) -> None:
    st = game.state
    votes = st.vars["_votes"]
    st.set_var("votes", votes)  # the vote is public once everyone points
    game.emit_batch(
        [{"type": "vote", "player": int(p), "target": t} for p, t in sorted(votes.items(), key=lambda x: int(x[0]))],
        rule="onw.vote",
    )
    dead = executed(game.players, votes)
    if dead:
        game.emit_each("execute", "target", dead, rule="onw.execute")
    else:
        game.record("action", "nobody has more than one vote: nobody is executed", "onw.execute")
    game.push(hunters)


@tasks("onw.hunters")
def hunters(game: Table) -> None:
    """onw.hunter: each dead Hunter kills the player he voted for (onw.assume.hunter_chain); with option
    hunter_chain=False only an executed Hunter shoots (L225 'if they themselves are executed')."""
    st = game.state
    dead = st.vars.get("dead", [])
    fired = st.vars.get("fired", [])
    shooters = dead if game.options["hunter_chain"] else executed(game.players, st.vars["votes"])
    for p in shooters:
        if p not in fired and role_of(game, seat(p)) == "hunter":
            st.set_var("fired", sorted([*fired, p]))
            target = st.vars["votes"][str(p)]
            if target not in dead:
                game.emit("shoot", rule="onw.hunter", player=p, target=target)
            game.push(hunters)
            return
    game.push(end)


def on_shoot(game: Table, ev: dict) -> None:
    on_execute(game, ev)


def winners(game: Table) -> tuple[list[int], str, str]:
    """Who wins, why, and the rule (onw.win.*)."""
    roles = final_roles(game)
    dead = set(game.state.vars.get("dead", []))
    players = range(game.players)
    wolves = {p for p in players if roles[str(p)] == "werewolf"}
    team_w = {p for p in players if roles[str(p)] in WEREWOLF_TEAM}
    village = {p for p in players if roles[str(p)] in VILLAGE}
    tanners_dead = {p for p in dead if roles[str(p)] == "tanner"}
    if dead & wolves:
        return sorted(village | tanners_dead), "a werewolf died", "onw.win.werewolf_dies"
    if tanners_dead:
        return sorted(tanners_dead), "the Tanner died and no werewolf did", "onw.win.tanner"
    if wolves:
        if dead:
            # L231 (the villagers lose: they killed an innocent) and L232 (so the werewolves win)
            return sorted(team_w), "the village killed an innocent and no werewolf", "onw.win.villager_killed"
        return sorted(team_w), "nobody died and a werewolf is among the players", "onw.win.werewolves"
    if not dead:
        return sorted(village), "nobody died and there is no werewolf among the players", "onw.win.no_werewolves"
    minions = {p for p in players if roles[str(p)] == "minion"}
    if game.options["minion_wins_alone"] and dead - minions:
        return sorted(minions), "no werewolf; someone other than the Minion died", "onw.assume.nobody_wins"
    return [], "no werewolf among the players and an innocent died", "onw.assume.nobody_wins"


@tasks("onw.end")
def end(game: Table) -> None:
    won, reason, rule = winners(game)
    game.end_game(
        won,
        reason=reason,
        rule=rule,
        roles=final_roles(game),
        dead=list(game.state.vars.get("dead", [])),
    )


# -------------------------------------------------------------- board view
def board(game: Table, player: int | None = None, *, truth: bool = False) -> dict:
    """The players seated around the table, each card in front of its player, the three centre cards in
    the middle ("table" layout); a card shows its role only to who knows it (its ``vis``).

    ``truth``: the whole truth, as nobody at the table sees it (a teacher's, a judge's): every card face up
    with the role it holds now, and under each player the role they were dealt. Each card offers the options
    of the open decision that name it (look at it, take it, swap it); in the day each player's seat and card
    offer the vote for that player (onw.vote: point at them).
    """
    st = game.state
    view = game.view(player)
    dec = st.decision
    offers = options_by_object(dec, st.objects, player)
    votes: dict[str, list[str]] = {}
    if dec is not None and dec["kind"] == "vote" and (player is None or dec["player"] == player):
        for o in dec["options"]:
            votes.setdefault(seat(int(o["id"].split(":")[1])), []).append(o["id"])
    dealt_roles = st.vars.get("_dealt", {})
    cards = []
    for sid in positions(game):
        obj = view["objects"][sid]
        hidden = obj.get("hidden", False) and not truth
        entry = {
            "id": sid,
            "zone": obj["zone"],
            "face": "down" if hidden else "up",
            "name": None if hidden else st.objects[sid]["role"],
            "label": slot_label(sid),
            "options": offers.get(sid, []) + votes.get(sid, []),
        }
        if sid.startswith("p"):
            entry["seat"] = sid
        else:
            entry["centre"] = int(sid[1:])
            entry["label"] = f"centre {int(sid[1:]) + 1}"
        cards.append(entry)
    seats = []
    for p in range(game.players):
        entry = {"id": seat(p), "player": p, "label": f"player {p}", "options": votes.get(seat(p), [])}
        if truth and str(p) in dealt_roles:
            entry["note"] = f"dealt {dealt_roles[str(p)]}"
        seats.append(entry)
    out = {
        "layout": "table",
        "seats": seats,
        "zones": [
            {"id": TABLE, "label": "players' cards", "kind": "board"},
            {"id": CENTRE, "label": "centre", "kind": "board"},
        ],
        "cards": cards,
        "to_move": None if dec is None else dec["player"],
        "decision": decision_entry(dec, player),
        "result": st.result,
    }
    if player is not None:
        out["viewer"] = player
    if truth:
        out["truth"] = True
    return out


# --------------------------------------------------------------- scenarios
def dealt(deal_: list[str], **options) -> Game:
    """A game whose shuffle gave ``deal_`` (players' cards, then the three centre cards)."""
    n = len(deal_) - 3
    if not options.get("roles") and sorted(deal_) != role_set(n):
        options["roles"] = ",".join(sorted(deal_))
    return RULEBOOK.new_game_with_chance(deal_, players=n, **options)


ROBBER_FIRST = "doppelganger,werewolf,minion,mason,seer,troublemaker,robber,drunk,insomniac,doppel_insomniac"


def _order_scenario(order: str) -> Game:
    # player 0 Robber, 1 Troublemaker, 2 Werewolf, 3 Villager; the Robber robs player 3, the Troublemaker swaps 0 and 2
    return dealt(["robber", "troublemaker", "werewolf", "villager", "seer", "werewolf", "villager"], call_order=order)


def _doppel_scenario() -> Game:
    # player 0 Doppelganger, 1 Robber, 2 Werewolf, 3 Seer: she is about to choose whose card to copy
    return dealt(["doppelganger", "robber", "werewolf", "seer", "villager", "villager", "werewolf"])


def _hunter_scenario() -> Game:
    # player 0 Hunter, 1 Werewolf (a lone wolf who looked at nothing), 2 Villager: the day vote
    game = dealt(["hunter", "werewolf", "villager", "seer", "werewolf", "villager"])
    return game.apply("pass")


SCENARIOS = {
    s.name: s
    for s in (
        Scenario(
            "basic-3",
            "Three players with the basic set, freshly dealt: the night begins.",
            lambda: RULEBOOK.new_game(seed=1, players=3),
            ("onw.basic_set", "onw.deal"),
        ),
        Scenario(
            "call-order-text",
            "Robber (player 0), Troublemaker (1), Werewolf (2), Villager (3); the night in the text's order.",
            lambda: _order_scenario("text"),
            ("onw.call_order", "onw.robber", "onw.troublemaker"),
        ),
        Scenario(
            "call-order-swapped",
            "The same deal, but the Troublemaker is called before the Robber (a teaching option).",
            lambda: _order_scenario(ROBBER_FIRST),
            ("onw.assume.order_option", "onw.robber", "onw.troublemaker"),
        ),
        Scenario(
            "doppelganger",
            "Player 0 was dealt the Doppelganger: whichever card she copies decides when and how she acts.",
            _doppel_scenario,
            ("onw.doppelganger", "onw.doppel.immediate", "onw.doppel.group"),
        ),
        Scenario(
            "hunter-vote",
            "The day: player 0 is the Hunter, player 1 a Werewolf. Execute the Hunter and he shoots his target.",
            _hunter_scenario,
            ("onw.vote", "onw.execute", "onw.hunter"),
        ),
    )
}


def audience(game: Table, rec: dict) -> list[int] | None:
    """Who may see a trace record (the Lab's seat filters): the night is dark. A player's look at their own
    card, and what happens between onw.close_eyes and onw.wake_up, is seen by the player who does it (or the
    players a call wakes); who never wakes by nobody; a vote by its voter until the votes are shown together
    (onw.vote). Everything else is left to the default rules (None)."""
    data = rec.get("data") or {}
    if rec["kind"] == "decision" and data.get("kind_of_decision") == "vote":
        return [rec["player"]]
    if rec["rule"] != "onw.look_own" and not _at_night(game, rec["i"]):
        return None
    if rec["rule"] == "onw.never_wake":
        return []
    if rec["kind"] == "flow":
        return list(data["wakers"]) if data.get("wakers") else None
    if rec.get("player") is not None:
        return [rec["player"]]
    cause = rec.get("cause")
    woken = (game.trace.records[cause].get("data") or {}).get("wakers") if cause is not None else None
    return list(woken) if woken else []


def _at_night(game: Table, i: int) -> bool:
    for rec in reversed(game.trace.records[: i + 1]):
        if rec["rule"] in ("onw.wake_up", "onw.close_eyes"):
            return rec["rule"] == "onw.close_eyes" and rec["i"] != i
    return False


def _team_at_dawn(game: Game, args: dict) -> bool:
    """Puzzle test ``{test = "team_at_dawn", player = P, team = "village"|"werewolf"|"tanner"}``: the card in
    front of player P when the night is over (onw.role_is_card) is on that team (onw.assume.teams)."""
    role = role_of(game.table, seat(int(args["player"])))
    team = {"village": VILLAGE, "werewolf": WEREWOLF_TEAM, "tanner": ("tanner",)}[str(args["team"])]
    return role in team


def _wins(game: Game, args: dict) -> bool:
    """Puzzle test ``{test = "wins", player = P}``: the game is over and player P is among its winners (onw.win.*)."""
    result = game.table.state.result
    return result is not None and int(args["player"]) in result["winners"]


def _knows_role(game: Game, args: dict) -> bool:
    """Puzzle test ``{test = "knows_role", player = P, role = R}``: P has looked at a player's card that holds
    R now (the knowledge records ``know`` keeps: onw.seer, onw.robber, onw.werewolf, ...)."""
    st, p = game.table.state, int(args["player"])
    for q in range(game.table.players):
        obj = st.objects[seat(q)]
        if q != p and obj["role"] == args["role"] and (obj["vis"] == "all" or p in obj["vis"]):
            return True
    return False


from .positions import SPEC as POSITION  # noqa: E402  (it reads this module's rules of the night)

RULEBOOK: Rulebook = Rulebook(
    id="one_night_werewolf",
    title="One Night Ultimate Werewolf",
    source="000_7fc8e0fd1bcbc422.txt L159-233",
    players=(3, 10),  # onw.players
    rules=RULES,
    setup=setup,
    profile=Profile(),
    audience=audience,
    options={
        "lone_wolf": OptionSpec("lone_wolf", True, "A lone werewolf may view one centre card (L216).", "onw.lone_wolf"),
        "wake_by": OptionSpec(
            "wake_by",
            "dealt",
            "Who wakes at a call: the player dealt the role, or whoever holds the card now.",
            "onw.assume.wake_by_dealt",
            choices=("dealt", "current"),
        ),
        "roles": OptionSpec(
            "roles",
            "",
            "Comma-separated role cards in play (players + 3); empty: the text's set for the player count.",
            "onw.custom_roles",
        ),
        "call_order": OptionSpec(
            "call_order",
            "text",
            "'text', or a comma-separated reordering of the night calls (for teaching).",
            "onw.assume.order_option",
            check=_check_order,
        ),
        "lone_wolf_counts": OptionSpec(
            "lone_wolf_counts",
            "awake",
            "Who 'only 1 werewolf' (L216) counts: 'awake', every werewolf who wakes (a Doppelganger-Werewolf "
            "too), or 'cards', the Werewolf cards among them (so a Werewolf beside a Doppelganger-Werewolf is "
            "still a lone wolf).",
            "onw.assume.lone_wolf_counts_awake",
            choices=("awake", "cards"),
        ),
        "hunter_chain": OptionSpec(
            "hunter_chain",
            True,
            "A Hunter killed by a Hunter's shot shoots too; False: only an executed Hunter shoots (L225 literally).",
            "onw.assume.hunter_chain",
        ),
        "doppel_may_pass": OptionSpec(
            "doppel_may_pass",
            False,
            "The Doppelganger may look at nobody and stay the Doppelganger (L210 'может', may); default: she must "
            "copy a card.",
            "onw.assume.doppel_must",
        ),
        "minion_wins_alone": OptionSpec(
            "minion_wins_alone",
            False,
            "(Outside the text) with no werewolf among the players the Minion wins if someone else dies.",
            "onw.assume.nobody_wins",
        ),
    },
    flow=(Phase("night", ("onw.night",), rule="onw.phases"), Phase("day", ("onw.day",), rule="onw.phases")),
    tasks=tasks,
    event_handlers={
        "look": on_look,
        "see": on_see,
        "copy": on_copy,
        "swap": on_swap,
        "vote": on_vote,
        "execute": on_execute,
        "shoot": on_shoot,
    },
    event_text={k: describe(k) for k in ("look", "see", "copy", "swap", "vote", "execute", "shoot")},
    active_zones=(TABLE, CENTRE),
    public_fields=("id", "zone", "seat", "slot"),
    scenarios=SCENARIOS,
    board=board,
    description=__doc__ or "",
    position=POSITION,
    puzzle_folder=Path(__file__).parent / "data" / "puzzles",
    puzzle_tests={"team_at_dawn": _team_at_dawn, "wins": _wins, "knows_role": _knows_role},
)
