"""The army of Warlord: ranks of characters, their states, their values (ATK per strike, AC, energies) and the
legality of a formation. Pure reads and small writes on the table; no decisions.

A character in play lies in zone ``army:<p>``, in rank order (front rank first) and left to right within a rank;
its rank is its field ``rank`` (wl.ranks, L46/L210), its state ``ready``, ``spent`` or ``stunned`` (wl.states,
L42/L206), its wounds ``wounds``. An item lies in ``gear:<p>`` with ``on``, its holder (wl.item).
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table, Zones, ZoneSpec, player_decks, ranks

MAX_PLAYERS = 4
ZONES = Zones(
    (
        ZoneSpec("deck:{p}", "deck", "none", ordered=False),
        ZoneSpec("hand:{p}", "hand", "owner", ordered=False),
        ZoneSpec("army:{p}", "army"),
        ZoneSpec("gear:{p}", "items"),
        ZoneSpec("discard:{p}", "discard pile"),
    ),
    card_fields={},
    unknown="a card ({id})",
)
DECKS = player_decks(ZONES, "deck:{p}", range(MAX_PLAYERS), rule="wl.draw", prompt="the top card of player {p}'s deck")
STATES = ("ready", "spent", "stunned")


def z(kind: str, player: int) -> str:
    return f"{kind}:{player}"


def card(game: Table, oid: str) -> dict:
    """The catalogue entry of an object ({} for a card whose identity is unknown)."""
    return game.rulebook.cards.get(game.state.objects[oid].get("card") or "", {})


def name(game: Table, oid: str) -> str:
    return ZONES.name_of(game, oid)


def owner(game: Table, oid: str) -> int:
    return int(game.state.objects[oid]["owner"])


def players_in(game: Table) -> list[int]:
    """The players still in the game, in seat order from player 0."""
    return [p for p, pl in enumerate(game.state.players) if not pl.get("out")]


def initiative_order(game: Table) -> list[int]:
    """The players still in, from the initiative holder clockwise (wl.reacts L97/L267; wl.assume.initiative:
    before the first roll the holder is player 0)."""
    n = len(game.state.players)
    first = int(game.state.vars.get("initiative", 0))
    return [q for q in ((first + i) % n for i in range(n)) if not game.state.players[q].get("out")]


# ------------------------------------------------------------------ the formation (wl.ranks, wl.legal)
def army(game: Table, player: int) -> tuple[str, ...]:
    return game.state.zone(z("army", player))


def rank_of(game: Table, oid: str) -> int:
    return int(game.state.objects[oid]["rank"])


def formation(game: Table, player: int) -> list[list[str]]:
    """The ranks of a player's army, front rank first, each left to right (empty ranks kept up to the last)."""
    objects = game.state.objects
    out: list[list[str]] = []
    for oid in army(game, player):
        r = int(objects[oid]["rank"])
        while len(out) < r:
            out.append([])
        out[r - 1].append(oid)
    return out


def sizes(game: Table, player: int) -> list[int]:
    return [len(r) for r in formation(game, player)]


def illegal(game: Table, player: int) -> list[int]:
    """wl.legal (L46-L47/L210-L211): the ranks holding more characters than the rank in front of them
    (wl.assume.rank_sizes: the one rank in front, not all of them together)."""
    return ranks.illegal_ranks(sizes(game, player))


def place_index(game: Table, player: int, oid: str | None, rank: int, slot: int) -> int:
    """Where in zone ``army:<player>`` a character goes to stand at ``slot`` (0: the left end) of ``rank``,
    the zone read without ``oid`` itself (it may be moving within the army)."""
    objects = game.state.objects
    rest = [o for o in army(game, player) if o != oid]
    members = [i for i, o in enumerate(rest) if int(objects[o]["rank"]) == rank]
    if slot < len(members):
        return members[slot]
    if members:
        return members[-1] + 1
    return sum(1 for o in rest if int(objects[o]["rank"]) < rank)


def put_in_rank(game: Table, oid: str, player: int, rank: int, slot: int, **changes: Any) -> None:
    """Stand ``oid`` at ``slot`` of ``rank`` of ``player``'s army (at either end or between two, wl.bring,
    wl.maneuver, wl.reform_move)."""
    index = place_index(game, player, oid, rank, slot)
    ZONES.put(game, oid, z("army", player), index, rank=rank, **changes)


# wl.assume.adjacency: no base rule reads adjacency (L106/L276); the kernel's ranks.adjacent and
# ranks.places_adjacent are there for card text that does
def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """wl.ranks (L46/L210): the distance between rank ``a[1]`` of army ``a[0]`` and rank ``b[1]`` of ``b[0]``."""
    return ranks.distance(a, b)


# ------------------------------------------------------------------ states (wl.states, wl.spend, wl.stunned)
def state_of(game: Table, oid: str) -> str:
    return str(game.state.objects[oid].get("state", "ready"))


def is_ready(game: Table, oid: str) -> bool:
    return state_of(game, oid) == "ready"


def is_stunned(game: Table, oid: str) -> bool:
    return state_of(game, oid) == "stunned"


def spend(game: Table, oid: str, rule: str = "wl.spend") -> None:
    """wl.spend (L43/L207): only a ready card can be spent."""
    if not is_ready(game, oid):
        raise ValueError(f"{name(game, oid)} is {state_of(game, oid)}: only a ready card can be spent ({rule})")
    game.state.update(oid, state="spent")


def pushed_forward(state: str) -> str:
    """wl.reform_move (L49/L213): ready becomes spent, spent stunned, stunned stays stunned."""
    return {"ready": "spent", "spent": "stunned", "stunned": "stunned"}[state]


# ------------------------------------------------------------------ values (wl.item_trait, wl.duration)
def items_of(game: Table, oid: str) -> list[str]:
    """The items a character holds (wl.item), in the order given."""
    gear = game.state.zone(f"gear:{game.state.objects[oid]['owner']}")
    if not gear:
        return []
    objects = game.state.objects
    return [i for i in gear if objects[i].get("on") == oid]


def _mods(game: Table, oid: str, stat: str) -> list[list]:
    return [m for m in game.state.objects[oid].get("mods", ()) if m[0] == stat]


def becomes(game: Table, oid: str) -> int | None:
    """wl.duration (L100/L270): the ATK a 'becomes +# ATK' effect sets (the latest), or None."""
    sets = [m[2] for m in _mods(game, oid, "atk") if m[1] == "set"]
    return int(sets[-1]) if sets else None


def strikes(game: Table, oid: str) -> int:
    """How many melee strikes the character makes (wl.strikes; wl.assume.atk_bonus: one under 'becomes', option
    becomes_strikes 'all' keeps them all)."""
    n = len(card(game, oid).get("atk", ()))
    if becomes(game, oid) is not None and game.options["becomes_strikes"] == "single":
        return min(n, 1)
    return n


def atk(game: Table, oid: str, strike: int = 0) -> int:
    """The ATK of strike ``strike`` (0: the first): the printed value plus every item's ATK bonus (wl.item_trait:
    for every strike) plus '+# ATK' effects (wl.assume.atk_bonus: for every strike); a 'becomes +# ATK' effect
    sets it and every other change is ignored (wl.duration)."""
    fixed = becomes(game, oid)
    if fixed is not None:
        return fixed
    printed = card(game, oid)["atk"]
    value = int(printed[min(strike, len(printed) - 1)])
    value += sum(int(card(game, i).get("atk_bonus", 0)) for i in items_of(game, oid))
    return value + sum(int(m[2]) for m in _mods(game, oid, "atk") if m[1] == "add")


def ac(game: Table, oid: str) -> int:
    """Armor class: printed plus items' armor bonuses (wl.item) plus effects until the end of the turn."""
    value = int(card(game, oid)["ac"])
    value += sum(int(card(game, i).get("ac_bonus", 0)) for i in items_of(game, oid))
    return value + sum(int(m[2]) for m in _mods(game, oid, "ac") if m[1] == "add")


def skill(game: Table, oid: str) -> int:
    """wl.skill (L19/L173): the number in the blue pentagon, added to checks and saves."""
    return int(card(game, oid)["skill"])


def energies(game: Table, oid: str) -> tuple[bool, bool]:
    """(Astral, Ethereal) of a character, printed or given by an item (wl.astral_ethereal)."""
    data = card(game, oid)
    astral, ethereal = bool(data.get("astral")), bool(data.get("ethereal"))
    for i in items_of(game, oid):
        grants = card(game, i).get("grants")
        astral |= grants == "astral"
        ethereal |= grants == "ethereal"
    return astral, ethereal


def energy(game: Table, oid: str) -> str:
    astral, ethereal = energies(game, oid)
    return "both" if astral and ethereal else "astral" if astral else "ethereal" if ethereal else ""


def alive(game: Table, oid: str) -> bool:
    obj = game.state.objects.get(oid)
    return obj is not None and str(obj.get("zone", "")).startswith("army:")


def dead(game: Table, oid: str) -> bool:
    """wl.death (L68/L238): wounds at least hit points (wl.hit_points); wl.astral_ethereal (L111/L281): Astral
    and Ethereal at once."""
    obj = game.state.objects[oid]
    data = game.rulebook.cards[obj["card"]]
    if obj.get("wounds", 0) >= data["hp"]:
        return True
    astral, ethereal = bool(data.get("astral")), bool(data.get("ethereal"))
    gear = game.state.zone(f"gear:{obj['owner']}")
    if gear:  # (the hot path of every settle: its items' energies read inline)
        objects, cards = game.state.objects, game.rulebook.cards
        for i in gear:
            item = objects[i]
            if item.get("on") == oid:
                grants = cards[item["card"]].get("grants")
                astral |= grants == "astral"
                ethereal |= grants == "ethereal"
    return astral and ethereal


def warlord(game: Table, player: int) -> str | None:
    """The player's Warlord in play (wl.victory), or None."""
    w = game.state.players[player].get("warlord")
    return w if w is not None and alive(game, w) else None


def faction(game: Table, player: int) -> str:
    return str(game.state.players[player]["faction"])


def placement_rank(game: Table, player: int, oid: str) -> int:
    """wl.bring, wl.loyalty (L77-L79/L247-L249): the rank of the character's level, one further back when it is
    not of the Warlord's faction and not a Mercenary."""
    data = card(game, oid)
    traits = data.get("traits", ())
    penalty = traits[0] != faction(game, player) and "Mercenary" not in traits
    return int(data["level"]) + int(penalty)


def may_perform(game: Table, oid: str, data: dict) -> bool:
    """wl.performer (L73/L243): of the action's class (oval: any) and of a level at least the action's;
    wl.stunned (L44/L208): not stunned; wl.spend_cost: ready if the action begins with Spend."""
    if is_stunned(game, oid):
        return False
    mine = card(game, oid)
    if data.get("klass", "oval") not in ("oval", mine.get("klass")):
        return False
    if int(data.get("level", 0)) > int(mine["level"]):
        return False
    return not (data.get("spend") and not is_ready(game, oid))
