"""One Night Ultimate Werewolf's position files (docs/positions.md, section One Night Ultimate Werewolf):
the cards on the table, who knows which, and where the night or the day stands, read into a game and
written back.

``[[players]]`` gives the card in front of each seat (onw.assume.card_in_front) in seat order, the role
it was dealt (``dealt``, onw.deal) and who knows that card (``seen_by``, the game's knowledge records:
``know``); ``[[centre]]`` the three centre cards alike (onw.deal). ``[night]`` says which call of
the call order (onw.call_order) comes next, and the role a Doppelganger copied; ``[day]`` the votes cast
so far (onw.vote). Every card is given by its role: a position is the teacher's view, and the deal
that hides the cards from the players is already behind it (onw.deal), so a card left unknown is refused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.core import RulebookOptionError, RuleError, Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import Node, suggest

from . import game as G


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    st = game.state
    n = game.players
    seats = root.tables("players", at_most=G.RULEBOOK.players[1])
    if not seats:
        raise root.error("players", "no [[players]]: give one table per seat, the card in front of each player")
    centre = root.tables("centre", at_most=3)
    if len(centre) != 3:
        raise root.error("centre", f"{len(centre)} centre cards; there are 3 (onw.deal)")
    dealt: dict[str, str] = {}
    cards: list[tuple[Node, str]] = []
    for p, node in enumerate(seats):
        role = _role(node, "card")
        dealt[str(p)] = _role(node, "dealt", role)
        vis = _seen_by(node, n, [p])
        node.done()
        game.create("p", G.TABLE, id=G.seat(p), seat=p, role=role, vis=vis)
        cards.append((node, role))
    for i, node in enumerate(centre):
        role = _role(node, "card")
        vis = _seen_by(node, n, [])
        node.done()
        game.create("c", G.CENTRE, id=G.centre(i), slot=i, role=role, vis=vis)
        cards.append((node, role))
    roles = sorted(r for _node, r in cards)
    _box(cards, roles)
    if Counter(dealt.values()) - Counter(roles):
        raise root.error("players", "the dealt roles are not among the game's cards (onw.deal)")
    try:
        G.check_roles(n, roles)
    except RulebookOptionError as e:  # (the Mason pair, the Insomniac's partner: the set-up's own checks)
        raise root.error("players", str(e).removeprefix("one_night_werewolf: ")) from None
    st.set_var("roles", roles)  # the face-up role tokens (onw.tokens)
    st.set_var("_dealt", dealt)
    is_day = "day" in root  # ([day] alone, without votes: the day begins)
    night, day = root.table("night"), root.table("day")
    copied = _copied(night, n)
    if copied is not None and "doppelganger" not in roles:
        raise night.error("copied", "no Doppelganger card is in the game to copy a role (onw.doppelganger)")
    if copied is not None:
        st.set_var("_doppel", copied)
    call = night.take("call", str, None, choices=G.call_order(game))
    night.done()
    votes = day.take("votes", list, [] if is_day else None)
    day.done()
    if votes is not None and call is not None:
        raise day.error("votes", "the day comes after the night: give [night] call or [day] votes, not both")
    if votes is not None:
        _day(game, day, votes)
    elif call is not None:
        _night(game, night, call)
    else:  # the night is about to begin (onw.close_eyes)
        st.set_turn(player=0, number=0, cursor=[0, 0, 0])


def _role(node: Node, key: str, default: Any = ...) -> str:
    role = node.take(key, str) if default is ... else node.take(key, str, default)
    if role not in G.TOKENS:
        roles = sorted(G.TOKENS)
        raise node.error(key, f"no role {role!r} in the box{suggest(role, roles)}; the roles: {', '.join(roles)}")
    return role


def _box(cards: list[tuple[Node, str]], roles: list[str]) -> None:
    """onw.components: no role more often than the box holds it (the file's first card too many is named)."""
    seen: Counter[str] = Counter()
    for node, role in cards:
        seen[role] += 1
        if seen[role] > G.TOKENS[role]:
            raise node.error("card", f"{seen[role]} {role} cards, but the box has {G.TOKENS[role]} (onw.components)")


def _seen_by(node: Node, n: int, default: list[int]) -> list[int] | str:
    value = node.take("seen_by", (list, str), default)
    if isinstance(value, str):
        if value != "all":
            raise node.error("seen_by", f"{value!r}: give the players who know the card, or 'all' (onw.reveal)")
        return value
    for i, p in enumerate(value):
        node.check((*node.at("seen_by"), i), p, int)
        if not 0 <= p < n:
            raise node.doc.error((*node.at("seen_by"), i), f"no player {p}: the seats are 0 to {n - 1}")
    return sorted(set(value))


def _copied(night: Node, n: int) -> dict[str, Any] | None:
    """onw.doppelganger: ``copied = {player = P, role = R}``, the role the Doppelganger took."""
    if "copied" not in night:
        return None
    node = night.table("copied")
    player = node.take("player", int, choices=tuple(range(n)))
    role = _role(node, "role")
    node.done()
    return {"player": player, "role": role}


def _night(game: Table, night: Node, call: str) -> None:
    """The call ``call`` comes next: its player is asked at once (onw.call_order), or it is called."""
    st = game.state
    order = G.call_order(game)
    i = order.index(call)
    st.set_turn(phase="night", player=0, number=0, cursor=[0, 0, 1])
    dop = st.vars.get("_doppel")
    if call == "doppelganger" and dop is not None:  # onw.doppel.immediate: her copied action, now
        if dop["role"] not in G.ACTIVE:
            raise night.error("copied", f"a Doppelganger who copied the {dop['role']} has no night action left")
        G.ask_role(game, i=i, role=dop["role"], player=dop["player"], doppel=True)
        return
    who = G.wakers(game, call)
    if call in G.ACTIVE or call in ("doppelganger", "insomniac", "doppel_insomniac"):
        if who:
            G.ask_role(game, i=i, role=call, player=who[0], doppel=False)
            return
    elif call == "werewolf" and game.options["lone_wolf"]:
        lone = who
        if game.options["lone_wolf_counts"] == "cards" and dop:
            lone = [q for q in who if q != dop["player"]]
        if len(lone) == 1:
            G.ask_role(game, i=i, role="lone_wolf", player=lone[0], doppel=False)
            return
    game.push(G.call, i=i)


def _day(game: Table, day: Node, votes: list[Any]) -> None:
    """onw.vote: the votes of players 0, 1, ... so far (each for another player); the next one votes now."""
    n = game.players
    st = game.state
    if len(votes) >= n:
        raise day.error("votes", f"{len(votes)} votes: once all {n} are in they are counted (onw.execute)")
    for k, target in enumerate(votes):
        day.check((*day.at("votes"), k), target, int)
        if not 0 <= target < n or target == k:
            raise day.doc.error((*day.at("votes"), k), f"player {k} cannot vote for player {target} (onw.vote)")
    st.set_turn(phase="day", player=0, number=0, cursor=[1, 0, 1])
    if votes:
        st.set_var("_votes", {str(k): t for k, t in enumerate(votes)})
    G.ask_vote(game, k=len(votes))


def players_of(data: dict) -> int:
    seats = data.get("players")
    return len(seats) if isinstance(seats, list) else G.RULEBOOK.players[0]


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The ``[[players]]``, ``[[centre]]``, ``[night]`` and ``[day]`` tables of ``game`` (the inverse of build)."""
    st = game.state
    if "_dealt" not in st.vars:  # (a game paused inside the shuffle: chance="manual")
        raise RuleError("one_night_werewolf: the cards are still being dealt (onw.deal); a position comes after")
    dealt = st.vars["_dealt"]
    players = []
    for p in range(game.players):
        obj = st.objects[G.seat(p)]
        entry: dict[str, Any] = {"card": obj["role"]}
        if dealt.get(str(p), obj["role"]) != obj["role"]:
            entry["dealt"] = dealt[str(p)]
        if obj["vis"] != [p]:
            entry["seen_by"] = obj["vis"]
        players.append(entry)
    centre = []
    for i in range(3):
        obj = st.objects[G.centre(i)]
        entry = {"card": obj["role"]}
        if obj["vis"] != []:
            entry["seen_by"] = obj["vis"]
        centre.append(entry)
    out: dict[str, Any] = {"players": players, "centre": centre}
    night: dict[str, Any] = {}
    if "_doppel" in st.vars:
        night["copied"] = dict(st.vars["_doppel"])
    dec = st.decision
    if st.turn.get("phase") == "day":
        votes = st.vars.get("_votes", {})
        out["day"] = {"votes": [votes[str(k)] for k in range(len(votes))]}
    elif dec is not None and dec["resume"][0] == "onw.act":
        night["call"] = G.call_order(game)[dec["resume"][1]["i"]]
    if night:
        out["night"] = night
    return out


SPEC = PositionSpec(
    build=build, dump=dump, rule="onw.deal", players=players_of, set_up_options=("roles",), counted_ids=False
)
