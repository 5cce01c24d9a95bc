"""The memory game as a rulebook: set-up, turn, events, end, board view and scenarios."""

from __future__ import annotations

import math

from tabletop.core import Game, OptionSpec, Phase, Profile, Rulebook, Scenario

from .rules import RULES

GRID = "grid"


def pile(player: int) -> str:
    """The zone of the pairs a player has collected."""
    return f"pairs:{player}"


def columns(game: Game) -> int:
    cols = game.options["columns"]
    if cols:
        return cols
    n = 2 * game.options["pairs"]
    return min(8, math.ceil(math.sqrt(n)))


def position(game: Game, slot: int) -> tuple[int, int]:
    """(row, column) of a slot, counted from 1."""
    cols = columns(game)
    return slot // cols + 1, slot % cols + 1


def card_label(game: Game, oid: str) -> str:
    row, col = position(game, game.state.objects[oid]["slot"])
    return f"the card in row {row}, column {col}"


# ------------------------------------------------------------------- set-up
def setup(game: Game) -> None:
    """mem.setup: every card face down, shuffled (a chance decision per slot), in rows."""
    n = 2 * game.options["pairs"]
    first = game.options["first_player"]
    if first >= game.players:
        from tabletop.core import RulebookOptionError

        raise RulebookOptionError(f"memory: first_player={first} but there are only {game.players} players")
    game.state.set_turn(first=first, player=first)
    for slot in range(n):
        game.create("s", GRID, id=f"s{slot:02d}", slot=slot, picture=None, face_up=False, vis="none")
    for p in range(game.players):
        game.state.zones[pile(p)] = ()
    game.caused_by(game.record("action", f"lay out {n} cards face down and shuffle them", "mem.setup"))
    game.push("mem.deal", k=0)


def deal(game: Game, args: dict) -> None:
    """Shuffling, as chance: the picture under each slot in turn, weighted by what is left."""
    st = game.state
    k = args["k"]
    choice = args.get("choice")
    if choice is not None:
        st.update(f"s{k:02d}", picture=int(choice["id"]))
        k += 1
    n = 2 * game.options["pairs"]
    if k >= n:
        return
    left = [2] * game.options["pairs"]
    for slot in range(k):
        left[st.objects[f"s{slot:02d}"]["picture"]] -= 1
    game.ask_draw(
        {str(p): c for p, c in enumerate(left)},
        "mem.deal",
        prompt=f"the picture under slot {k}",
        rule="mem.setup",
        args={"k": k},
        labels={str(p): f"picture {p}" for p in range(len(left))},
    )


# -------------------------------------------------------------------- a turn
def first_flip(game: Game, args: dict) -> None:
    """mem.turn: the player to move flips a first card."""
    ask_flip(game, first=None)


_FLIP_OPTIONS: dict[tuple[int, int], dict[str, dict]] = {}


def flip_options(game: Game) -> dict[str, dict]:
    """The flip option of every slot; built once per board shape (options are never mutated)."""
    key = (game.options["pairs"], columns(game))
    table = _FLIP_OPTIONS.get(key)
    if table is None:
        table = _FLIP_OPTIONS[key] = {
            f"s{slot:02d}": {"id": f"s{slot:02d}", "label": f"flip the card in row {r}, column {c}"}
            for slot in range(2 * key[0])
            for r, c in [(slot // key[1] + 1, slot % key[1] + 1)]
        }
    return table


def ask_flip(game: Game, first: str | None) -> None:
    st = game.state
    player = st.turn["player"]
    table = flip_options(game)
    options = [table[oid] for oid in st.zones[GRID] if oid != first]
    game.ask(
        player,
        "action",
        options,
        "mem.flip",
        prompt="flip a first card" if first is None else "flip a second card",
        rule="mem.turn",
        args={"first": first},
    )


def flip(game: Game, args: dict) -> None:
    card = args["choice"]["id"]
    eid = game.emit("flip", rule="mem.turn", player=game.state.turn["player"], card=card)
    # what follows the flip is caused by it (the second flip, or the match / mismatch)
    game.push("mem.after_flip", first=args["first"], card=card, _c=game.state.events[eid].get("rec"))


def after_flip(game: Game, args: dict) -> None:
    st = game.state
    first, card = args["first"], args["card"]
    if first is None:
        ask_flip(game, first=card)
        return
    player = st.turn["player"]
    if st.objects[first]["picture"] == st.objects[card]["picture"]:  # mem.assume.match: the same picture
        game.emit("take_pair", rule="mem.match", player=player, cards=[first, card])
        if game.options["extra_turn_on_match"]:
            if game.tracing:
                game.record(
                    "flow", f"player {player} found a match and takes another turn", "mem.extra_turn", player=player
                )
            game.extra_turn()
        elif game.tracing:
            game.record(
                "flow", f"player {player} found a match; the turn ends all the same", "mem.house_rule", player=player
            )
    else:
        game.emit_batch(
            [{"type": "turn_down", "player": player, "card": c} for c in (first, card)],
            rule="mem.mismatch",
        )


# -------------------------------------------------------------------- events
def on_flip(game: Game, ev: dict) -> None:
    game.state.update(ev["card"], face_up=True, vis="all")  # mem.assume.public_flip: every player sees it


def on_turn_down(game: Game, ev: dict) -> None:
    game.state.update(ev["card"], face_up=False, vis="none")


def on_take_pair(game: Game, ev: dict) -> None:
    zone = pile(ev["player"])
    for c in ev["cards"]:
        game.move(c, zone)
    # the order of a pile carries no meaning: keep it sorted, so equal positions look equal
    game.state.zones[zone] = tuple(sorted(game.state.zones[zone]))


def on_all_taken(game: Game, ev: dict) -> None:
    scores = {str(p): pairs(game, p) for p in range(game.players)}
    best = max(scores.values())
    winners = [int(p) for p, s in scores.items() if s == best]
    # players tied for most pairs share the win: a tie, which this rulebook counts as a draw
    game.end_game(
        winners, reason=f"all cards taken; pairs {scores}", rule="mem.assume.end", scores=scores, draw=len(winners) > 1
    )


def pairs(game: Game, player: int) -> int:
    """The number of pairs a player has collected."""
    return len(game.state.zones.get(pile(player), ())) // 2


def all_taken(game: Game) -> list[dict]:
    """State check (mem.assume.end): the game ends once the grid is empty."""
    st = game.state
    if not st.zones.get(GRID) and st.result is None and st.objects:
        return [{"type": "all_taken", "rule": "mem.assume.end"}]
    return []


def describe(kind: str):
    def text(game: Game, ev: dict) -> str:
        if kind == "flip":
            obj = game.state.objects[ev["card"]]
            pic = obj.get("picture")
            shown = f": picture {pic}" if ev["status"] == "happened" or obj.get("face_up") else ""
            return f"player {ev['player']} flips {card_label(game, ev['card'])}{shown}"
        if kind == "turn_down":
            return f"{card_label(game, ev['card'])} is turned face down again"
        if kind == "take_pair":
            pic = game.state.objects[ev["cards"][0]]["picture"]
            return f"player {ev['player']} keeps the pair of picture {pic}"
        return "every card has been taken"

    return text


# ---------------------------------------------------------------- board view
def board(game: Game, player: int | None = None) -> dict:
    """The board view: a grid of slots, each player's pile, and the legal flips."""
    st = game.state
    view = game.view(player)
    legal = (
        {o["id"]: o["id"] for o in (st.decision or {}).get("options", ())}
        if (st.decision and st.decision.get("player") == player) or player is None
        else {}
    )
    cards = []
    for oid, obj in sorted(view["objects"].items()):
        row, col = position(game, st.objects[oid]["slot"])
        hidden = obj.get("hidden", False)
        cards.append(
            {
                "id": oid,
                "zone": obj["zone"],
                "pos": [row, col],
                "face": "down" if hidden or (not obj.get("face_up") and obj["zone"] == GRID) else "up",
                "name": None if hidden else f"picture {obj['picture']}",
                "option": legal.get(oid),
            }
        )
    return {
        "layout": "grid",
        "rows": math.ceil(2 * game.options["pairs"] / columns(game)),
        "columns": columns(game),
        "zones": [{"id": GRID, "label": "table"}]
        + [{"id": pile(p), "label": f"pairs of player {p}", "owner": p} for p in range(game.players)],
        "cards": cards,
        "scores": {str(p): pairs(game, p) for p in range(game.players)},
        "to_move": None if st.decision is None else st.decision["player"],
        "decision": None
        if st.decision is None or (player is not None and st.decision["player"] != player)
        else {
            "kind": st.decision["kind"],
            "prompt": st.decision.get("prompt", ""),
            "options": [o["id"] for o in st.decision["options"]],
        },
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


def _match_scenario(extra: bool) -> Game:
    # row 1: 0 1 2 / row 2: 0 1 2 - player 0 flips slot 0 and slot 3, a match
    game = dealt([0, 1, 2, 0, 1, 2], extra_turn_on_match=extra)
    return game.apply("s00")


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
            lambda: _match_scenario(True),
            ("mem.match", "mem.extra_turn"),
        ),
        Scenario(
            "match-house-rule",
            "The same position under the house rule: the turn ends after a match.",
            lambda: _match_scenario(False),
            ("mem.match", "mem.house_rule"),
        ),
        Scenario(
            "last-pair", "One pair is left; whoever takes it ends the game.", lambda: dealt([0, 0]), ("mem.assume.end",)
        ),
    )
}


PROFILE = Profile(checks="idle", rules={"check": "mem.assume.end"})

RULEBOOK = Rulebook(
    id="memory",
    title="DIY Minions memory game",
    source="000_7fc8e0fd1bcbc422.txt L1515-1525",
    players=(2, 8),
    rules=RULES,
    setup=setup,
    profile=PROFILE,
    options={
        "pairs": OptionSpec(
            "pairs",
            28,
            "Number of pairs (the text's sticker book makes 28).",
            "mem.components",
            check=lambda v: 1 <= v <= 28,
        ),
        "extra_turn_on_match": OptionSpec(
            "extra_turn_on_match",
            True,
            "A match gives another turn (official rule); False is the author's house rule.",
            "mem.extra_turn",
        ),
        "first_player": OptionSpec(
            "first_player", 0, "The player who takes the first turn.", "mem.assume.first_player", check=lambda v: v >= 0
        ),
        "columns": OptionSpec(
            "columns",
            0,
            "Cards per row (0: the squarest layout, at most 8 wide).",
            "mem.assume.rows",
            check=lambda v: v >= 0,
        ),
    },
    flow=(Phase("turn", ("mem.first_flip",), each_player=True, rule="mem.turn"),),
    tasks={
        "mem.deal": deal,
        "mem.first_flip": first_flip,
        "mem.flip": flip,
        "mem.after_flip": after_flip,
    },
    event_handlers={
        "flip": on_flip,
        "turn_down": on_turn_down,
        "take_pair": on_take_pair,
        "all_taken": on_all_taken,
    },
    event_text={k: describe(k) for k in ("flip", "turn_down", "take_pair", "all_taken")},
    checks=(all_taken,),
    active_zones=(GRID,),
    public_fields=("id", "zone", "slot", "face_up"),
    scenarios=SCENARIOS,
    board=board,
    description=__doc__ or "",
)
