"""The memory game as a declaration: its zones, set-up, a turn of two flips, its events and end, board, scenarios."""

from __future__ import annotations

import math
from functools import cache

from tabletop.core import Game, OptionSpec, Phase, Profile, Rulebook, Scenario, Table, TaskTable
from tabletop.core.boardview import decision_entry, shown_zones
from tabletop.core.errors import RulebookOptionError
from tabletop.core.zones import Zones, ZoneSpec

from .rules import RULES

GRID = "grid"  # mem.setup: the cards lie face down in rows
PILE = ZoneSpec("pairs:{p}", "pairs", ordered=False)  # mem.match: the pairs a player keeps, face up
ZONES = Zones((ZoneSpec(GRID, "table", visibility="none"), PILE))
pile = PILE.zone  # the zone of a player's pairs
tasks = TaskTable()


def columns(game: Table) -> int:
    """mem.assume.rows: the option's width, or the squarest layout at most 8 wide."""
    return game.options["columns"] or min(8, math.ceil(math.sqrt(2 * game.options["pairs"])))


def position(game: Table, slot: int) -> tuple[int, int]:
    """(row, column) of a slot, counted from 1."""
    row, col = divmod(slot, columns(game))
    return row + 1, col + 1


def card_label(game: Table, oid: str) -> str:
    row, col = position(game, game.state.objects[oid]["slot"])
    return f"the card in row {row}, column {col}"


def pairs(game: Table, player: int) -> int:
    """The number of pairs a player has collected."""
    return len(game.state.zones.get(pile(player), ())) // 2


# ------------------------------------------------------------------- set-up
def setup(game: Table) -> None:
    """mem.setup: every card face down, shuffled (a chance decision per slot), in rows."""
    n, first = 2 * game.options["pairs"], game.options["first_player"]
    if first >= game.players:
        raise RulebookOptionError(f"memory: first_player={first} but there are only {game.players} players")
    game.state.set_turn(first=first, player=first)
    ZONES.setup(game)
    for slot in range(n):
        game.create("s", GRID, id=f"s{slot:02d}", slot=slot, picture=None, face_up=False, vis=ZONES.vis(GRID))
    game.caused_by(game.record("action", f"lay out {n} cards face down and shuffle them", "mem.setup"))
    game.push(deal, k=0)


@tasks("mem.deal")
def deal(game: Table, *, k: int, choice: dict | None = None) -> None:
    """Shuffling, as chance: the picture under each slot in turn, weighted by what is left."""
    st, n = game.state, game.options["pairs"]
    if choice is not None:
        st.update(f"s{k:02d}", picture=int(choice["id"]))
        k += 1
    if k < 2 * n:
        left = [2] * n
        for slot in range(k):
            left[st.objects[f"s{slot:02d}"]["picture"]] -= 1
        left, labels = {str(p): c for p, c in enumerate(left)}, {str(p): f"picture {p}" for p in range(n)}
        game.ask_draw(left, deal, prompt=f"the picture under slot {k}", rule="mem.setup", args={"k": k}, labels=labels)


# -------------------------------------------------------------------- a turn
@cache
def flip_options(pairs: int, cols: int) -> dict[str, dict]:
    """The flip option of every slot, made once per board shape (options are never changed)."""
    return {
        f"s{s:02d}": {"id": f"s{s:02d}", "label": f"flip the card in row {s // cols + 1}, column {s % cols + 1}"}
        for s in range(2 * pairs)
    }


@tasks("mem.first_flip")
def ask_flip(game: Table, *, first: str | None = None) -> None:
    """mem.turn: the player to move flips a first card, then a second."""
    options = flip_options(game.options["pairs"], columns(game))
    offered = [options[oid] for oid in game.state.zones[GRID] if oid != first]
    prompt = "flip a first card" if first is None else "flip a second card"
    game.ask(game.state.turn["player"], "action", offered, flip, prompt=prompt, rule="mem.turn", args={"first": first})


@tasks("mem.flip")
def flip(game: Table, *, first: str | None, choice: dict) -> None:
    """A flip; after the second, a match (mem.match) or a mismatch (mem.mismatch). What follows is caused by it."""
    st, player, card = game.state, game.state.turn["player"], choice["id"]
    game.caused_by(st.events[game.emit("flip", rule="mem.turn", player=player, card=card)].get("rec"))
    if first is None:
        ask_flip(game, first=card)  # (it opens once the flip has happened)
    elif st.objects[first]["picture"] != st.objects[card]["picture"]:  # mem.assume.match: the same picture
        game.emit_batch(
            [{"type": "turn_down", "player": player, "card": c} for c in (first, card)], rule="mem.mismatch"
        )
    else:
        game.emit("take_pair", rule="mem.match", player=player, cards=[first, card])
        again = game.options["extra_turn_on_match"]
        said = " and takes another turn" if again else "; the turn ends all the same"
        rule = "mem.extra_turn" if again else "mem.house_rule"
        game.record("flow", lambda: f"player {player} found a match{said}", rule, player=player)
        if again:
            game.extra_turn()


# ------------------------------------------------------------ events, the end
def on_take_pair(game: Table, ev: dict) -> None:
    zone = pile(ev["player"])
    for c in ev["cards"]:
        ZONES.put(game, c, zone)  # (a pile is public: the pair stays face up)
    # the order of a pile carries no meaning: keep it sorted, so equal positions look equal
    game.state.zones[zone] = tuple(sorted(game.state.zones[zone]))


def all_taken(game: Table) -> list[dict]:
    """State check (mem.assume.end): the game ends once the grid is empty."""
    st = game.state
    over = not st.zones.get(GRID) and st.result is None and st.objects
    return [{"type": "all_taken", "rule": "mem.assume.end"}] if over else []


def on_all_taken(game: Table, ev: dict) -> None:
    scores = {str(p): pairs(game, p) for p in range(game.players)}
    winners = [int(p) for p, s in scores.items() if s == max(scores.values())]
    # players tied for most pairs share the win: a tie, which this rulebook counts as a draw
    reason = f"all cards taken; pairs {scores}"
    game.end_game(winners, reason=reason, rule="mem.assume.end", scores=scores, draw=len(winners) > 1)


def flip_text(game: Table, ev: dict) -> str:
    obj = game.state.objects[ev["card"]]
    shown = f": picture {obj['picture']}" if ev["status"] == "happened" or obj["face_up"] else ""
    return f"player {ev['player']} flips {card_label(game, ev['card'])}{shown}"


EVENTS = {  # what each event does
    "flip": lambda game, ev: game.state.update(ev["card"], face_up=True, vis="all"),  # mem.assume.public_flip: all see
    "turn_down": lambda game, ev: game.state.update(ev["card"], face_up=False, vis=ZONES.vis(GRID)),
    "take_pair": on_take_pair,
    "all_taken": on_all_taken,
}
EVENT_TEXT = {
    "flip": flip_text,
    "turn_down": lambda game, ev: f"{card_label(game, ev['card'])} is turned face down again",
    "take_pair": lambda game, ev: (
        f"player {ev['player']} keeps the pair of picture {game.state.objects[ev['cards'][0]]['picture']}"
    ),
    "all_taken": lambda game, ev: "every card has been taken",
}


# ---------------------------------------------------------------- board view
def board(game: Table, player: int | None = None) -> dict:
    """The board view: a grid of slots, each player's pile, and the legal flips."""
    st, dec = game.state, game.state.decision
    legal = {o["id"] for o in dec["options"]} if dec and (player is None or dec["player"] == player) else set()
    cards = [
        {
            "id": oid,
            "zone": obj["zone"],
            "pos": list(position(game, obj["slot"])),
            "face": "down" if obj.get("hidden") or (not obj["face_up"] and obj["zone"] == GRID) else "up",
            "name": None if obj.get("hidden") else f"picture {obj['picture']}",
            "option": oid if oid in legal else None,
        }
        for oid, obj in sorted(game.view(player)["objects"].items())
    ]
    return {
        "layout": "grid",
        "rows": math.ceil(2 * game.options["pairs"] / columns(game)),
        "columns": columns(game),
        "zones": [
            {"id": spec.zone(p), "label": spec.board_label(p), **({} if p is None else {"owner": p})}
            for spec, p in shown_zones(ZONES, game.players)
        ],
        "cards": cards,
        "scores": {str(p): pairs(game, p) for p in range(game.players)},
        "to_move": None if dec is None else dec["player"],
        "decision": decision_entry(dec, player),
        "result": st.result,
    }


# ----------------------------------------------------------------- scenarios
def dealt(pictures: list[int], players: int = 2, **options) -> Game:
    """A game whose shuffle gave ``pictures`` (slot by slot), ready for the first flip."""
    game = RULEBOOK.new_game(seed=0, players=players, chance="manual", pairs=len(pictures) // 2, **options)
    for pic in pictures:
        game.apply(str(pic))
    game.chance = "sample"
    return game


def _match(extra: bool) -> Game:
    # row 1: 0 1 2 / row 2: 0 1 2 - player 0 flips slot 0 and slot 3, a match
    return dealt([0, 1, 2, 0, 1, 2], extra_turn_on_match=extra).apply("s00")


SCENARIOS = {
    s.name: s
    for s in (
        Scenario(
            "small-board",
            "Three pairs on a 2x3 board, freshly shuffled, player 0 to flip.",
            lambda: RULEBOOK.new_game(seed=3, pairs=3),
            ("mem.setup", "mem.turn"),
        ),
        Scenario(
            "match-official",
            "Player 0 has flipped one card; its twin is at row 2, column 1. "
            "Under the official rule a match gives another turn.",
            lambda: _match(True),
            ("mem.match", "mem.extra_turn"),
        ),
        Scenario(
            "match-house-rule",
            "The same position under the house rule: the turn ends after a match.",
            lambda: _match(False),
            ("mem.match", "mem.house_rule"),
        ),
        Scenario(
            "last-pair", "One pair is left; whoever takes it ends the game.", lambda: dealt([0, 0]), ("mem.assume.end",)
        ),
    )
}


OPTIONS = (
    OptionSpec(
        "pairs",
        28,
        "Number of pairs (the text's sticker book makes 28).",
        "mem.components",
        check=lambda v: 1 <= v <= 28,
    ),
    OptionSpec(
        "extra_turn_on_match",
        True,
        "A match gives another turn (official rule); False is the author's house rule.",
        "mem.extra_turn",
    ),
    OptionSpec(
        "first_player", 0, "The player who takes the first turn.", "mem.assume.first_player", check=lambda v: v >= 0
    ),
    OptionSpec(
        "columns",
        0,
        "Cards per row (0: the squarest layout, at most 8 wide).",
        "mem.assume.rows",
        check=lambda v: v >= 0,
    ),
)

RULEBOOK = Rulebook(
    id="memory",
    title="DIY Minions memory game",
    source="000_7fc8e0fd1bcbc422.txt L1515-1525",
    players=(2, 8),
    rules=RULES,
    setup=setup,
    profile=Profile(checks="idle", rules={"check": "mem.assume.end"}),
    options={o.name: o for o in OPTIONS},
    flow=(Phase("turn", (ask_flip,), each_player=True, rule="mem.turn"),),
    tasks=tasks,
    event_handlers=EVENTS,
    event_text=EVENT_TEXT,
    checks=(all_taken,),
    active_zones=(GRID,),
    public_fields=("id", "zone", "slot", "face_up"),
    scenarios=SCENARIOS,
    board=board,
    description=__doc__ or "",
)
