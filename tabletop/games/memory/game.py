"""The memory game as a declaration: its zones, set-up, a turn of two flips, its events and end, board, scenarios."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import Game, OptionSpec, Phase, Profile, Rulebook, Scenario, Table, TaskTable, by_name
from tabletop.core.boardview import Grid, GridBoard
from tabletop.core.deck import Shuffle
from tabletop.core.flow import ends_on_scores, when_empty
from tabletop.core.rulebook import EventSpec
from tabletop.core.zones import Zones, ZoneSpec

from .pictures import picture, picture_name
from .positions import SPEC as POSITION
from .rules import RULES

GRID = "grid"  # mem.setup: the cards lie face down in rows
PILE = ZoneSpec("pairs:{p}", "pairs", ordered=False, keep_sorted=True)  # mem.match: the pairs a player keeps
ZONES = Zones((ZoneSpec(GRID, "table", visibility="none"), PILE))
SLOTS = tuple(f"s{slot:02d}" for slot in range(56))  # the cards' ids, slot by slot (28 pairs at most)
tasks = TaskTable()


def grid(game: Table) -> Grid:
    """mem.assume.rows: the cards in rows as wide as the option says, or the squarest at most 8 wide."""
    return Grid.of(2 * game.options["pairs"], game.options["columns"], 8)


def card_label(game: Table, oid: str) -> str:
    return f"the card in {grid(game).where(game.state.objects[oid]['slot'])}"


def pairs(game: Table, player: int) -> int:
    """The number of pairs a player has collected."""
    return len(game.state.zones.get(PILE.zone(player), ())) // 2


# ------------------------------------------------------------------- set-up
def setup(game: Table) -> None:
    """mem.setup: every card face down, shuffled (a chance decision per slot), in rows."""
    n = 2 * game.options["pairs"]
    ZONES.setup(game)
    for slot, oid in enumerate(SLOTS[:n]):
        game.create("s", GRID, id=oid, slot=slot, picture=None, face_up=False, vis=ZONES.vis(GRID))
    game.caused_by(game.record("action", f"lay out {n} cards face down and shuffle them", "mem.setup"))
    game.push(deal, k=0)


SHUFFLE = Shuffle(  # mem.setup, shuffled well: as chance, the picture under each slot in turn, by what is left
    "picture",
    kinds=lambda game: dict.fromkeys(map(str, range(game.options["pairs"])), 2),
    slots=lambda game: SLOTS[: 2 * game.options["pairs"]],
    prompt="the picture under slot {k}",
    rule="mem.setup",
    label="picture {key}",
    value=int,
)
deal = SHUFFLE.task(tasks, "mem.deal")  # the task set-up pushes (k=0)


# -------------------------------------------------------------------- a turn
@tasks("mem.first_flip")
def ask_flip(game: Table, *, first: str | None = None) -> None:
    """mem.turn: the player to move flips a first card, then a second."""
    options = grid(game).options(SLOTS, "flip the card in {where}")
    offered = [options[oid] for oid in game.state.zones[GRID] if oid != first]
    prompt = "flip a first card" if first is None else "flip a second card"
    game.ask(game.state.turn["player"], "action", offered, flip, prompt=prompt, rule="mem.turn", args={"first": first})


@tasks("mem.flip")
def flip(game: Table, *, first: str | None, choice: dict) -> None:
    """A flip; after the second, a match (mem.match) or a mismatch (mem.mismatch). What follows is caused by it."""
    st, player, card = game.state, game.state.turn["player"], choice["id"]
    if st.objects[card]["picture"] is None:  # mem.assume.unseen: a card of a position file nobody has seen
        left = unseen_left(game)
        game.ask_draw(
            left,
            unseen,
            prompt=f"the picture under {card_label(game, card)}",
            rule="mem.assume.unseen",
            args={"first": first, "card": card},
            labels={key: f"picture {key}" for key in left},
        )
        return
    game.caused_by(st.events[game.emit("flip", rule="mem.turn", player=player, card=card)].get("rec"))
    if first is None:
        ask_flip(game, first=card)  # (it opens once the flip has happened)
    elif st.objects[first]["picture"] != st.objects[card]["picture"]:  # mem.assume.match: the same picture
        # mem.assume.turn_back: both cards stay face up until the player turns them back (a lone option), or
        # (turn_back="at once", the default) they are turned back at once: no decision, the game as analysed
        if game.options["turn_back"] == "at once":
            turned_back(game, cards=[first, card])
        else:
            game.ask(
                player,
                "acknowledge",
                [TURN_BACK],
                turned_back,
                prompt="no match: look at both cards, then turn them back",
                rule="mem.mismatch",
                args={"cards": [first, card]},
            )
    else:
        game.emit("take_pair", rule="mem.match", player=player, cards=[first, card])
        again = game.options["extra_turn_on_match"]
        said = " and takes another turn" if again else "; the turn ends all the same"
        rule = "mem.extra_turn" if again else "mem.house_rule"
        game.record("flow", lambda: f"player {player} found a match{said}", rule, player=player)
        if again:
            game.extra_turn()


def unseen_left(game: Table) -> dict[str, int]:
    """mem.assume.unseen: the pictures no card shows yet (two of each, mem.components, less those placed)."""
    left = dict.fromkeys(map(str, range(game.options["pairs"])), 2)
    for obj in game.state.objects.values():
        if obj.get("picture") is not None:
            left[str(obj["picture"])] -= 1
    return {key: n for key, n in left.items() if n}


@tasks("mem.unseen")
def unseen(game: Table, *, first: str | None, card: str, choice: dict) -> None:
    """mem.assume.unseen: the unseen card's picture is the chance outcome; then the flip happens."""
    game.state.update(card, picture=int(choice["id"]))
    flip(game, first=first, choice={"id": card})


TURN_BACK = {"id": "turn_back", "label": "turn the two cards back face down"}


@tasks("mem.turned_back")
def turned_back(game: Table, *, cards: list[str], choice: dict | None = None) -> None:
    """mem.mismatch: the player turns the two cards back over, and the turn ends."""
    game.emit_each("turn_down", "card", tuple(cards), rule="mem.mismatch", player=game.state.turn["player"])


# ------------------------------------------------------------ events, the end
def flip_text(game: Table, ev: dict) -> str:
    obj = game.state.objects[ev["card"]]
    shown = f": picture {obj['picture']}" if ev["status"] == "happened" or obj["face_up"] else ""
    return f"player {ev['player']} flips {card_label(game, ev['card'])}{shown}"


def pair_text(game: Table, cards: list[str]) -> str:
    return f"the pair of picture {game.state.objects[cards[0]]['picture']}"


# mem.assume.end: the most pairs wins; players tied for most pairs share the win (a tie: counted as a draw)
END = ends_on_scores(pairs, "all cards taken; pairs {scores}", "mem.assume.end")
EVENTS = by_name(  # what each event does (the kernel's moves, by name) and how the log words it
    EventSpec("flip", ZONES.turning(up=True), flip_text),  # mem.assume.public_flip: every player sees it
    EventSpec("turn_down", ZONES.turning(up=False), "{card} is turned face down again", card=card_label),
    # (a pile is public, so the pair stays face up; it is kept sorted: PILE)
    EventSpec("take_pair", ZONES.putting_into(PILE), "player {player} keeps {cards}", cards=pair_text),
    EventSpec("all_taken", END, "every card has been taken"),
)


# ----------------------------------------------------------------- scenarios
def dealt(pictures: list[int], players: int = 2, **options: Any) -> Game:
    """A game whose shuffle gave ``pictures`` (slot by slot), ready for the first flip."""
    return RULEBOOK.new_game_with_chance(map(str, pictures), players=players, pairs=len(pictures) // 2, **options)


def _match(extra: bool) -> Game:
    # row 1: 0 1 2 / row 2: 0 1 2 - player 0 flips slot 0 and slot 3, a match
    return dealt([0, 1, 2, 0, 1, 2], extra_turn_on_match=extra).apply("s00")


SCENARIOS = by_name(
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


OPTIONS = by_name(
    OptionSpec(
        "pairs", 28, "Number of pairs (the text's sticker book makes 28).", "mem.components", at_least=1, at_most=28
    ),
    OptionSpec(
        "extra_turn_on_match",
        True,
        "A match gives another turn (official rule); False is the author's house rule.",
        "mem.extra_turn",
    ),
    OptionSpec("first_player", 0, "The player who takes the first turn.", "mem.assume.first_player", at_least=0),
    OptionSpec(
        "turn_back",
        "at once",
        "After a mismatch both cards stay face up until the player turns them back: 'player' (a decision with "
        "one option, which the Lab applies after a short pause: a student sees both cards) or 'at once' "
        "(the default: turned back in the same step, no decision; agents, saves and state graphs of analysis "
        "play the game as before).",
        "mem.assume.turn_back",
        choices=("player", "at once"),
    ),
    OptionSpec("columns", 0, "Cards per row (0: the squarest layout, at most 8 wide).", "mem.assume.rows", at_least=0),
)

RULEBOOK: Rulebook = Rulebook(
    id="memory",
    title="DIY Minions memory game",
    source="000_7fc8e0fd1bcbc422.txt L1515-1525",
    players=(2, 8),
    rules=RULES,
    setup=setup,
    profile=Profile(checks="idle", rules={"check": "mem.assume.end"}),
    options=OPTIONS,
    added_options=("turn_back",),  # saves from before it load with its default, the game they played
    first_player_option="first_player",
    flow=(Phase("turn", (ask_flip,), each_player=True, rule="mem.turn"),),
    tasks=tasks,
    events=EVENTS,
    checks=(when_empty(GRID, "all_taken", rule="mem.assume.end"),),  # mem.assume.end: once the grid is empty
    active_zones=(GRID,),
    public_fields=("id", "zone", "slot", "face_up"),
    scenarios=SCENARIOS,
    position=POSITION,
    puzzle_folder=Path(__file__).parent / "data" / "puzzles",
    # the board view: a grid of slots, each player's pile (their score) and the legal flips
    board=GridBoard(
        ZONES,
        grid,
        name=lambda obj: picture_name(obj["picture"]),
        scores=pairs,
        face=lambda obj: {"symbol": picture(obj["picture"]), "type": f"picture {obj['picture']}"},
    ),
    description=__doc__ or "",
)
