"""What a rulebook declares instead of writing (issue 14), on a tiny rulebook of this file's own: four
cards lie face down in a 2x2 grid; on a turn a player takes one (it is turned face up, then kept, sorted,
in the player's pile), and once the grid is empty the most cards kept wins.

The pieces: an event declared whole (EventSpec: what it does and its text, a template or a function),
the zones' event handlers (Zones.turning, Zones.putting_into), the end declared (flow.when_empty,
flow.ends_on_scores), one event for each of several objects (Table.emit_each), the option naming the
first player (Rulebook.first_player_option) and the grid board declared (boardview.GridBoard)."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop.core import (
    Grid,
    OptionSpec,
    Phase,
    Rule,
    Rulebook,
    RulebookOptionError,
    RuleError,
    RuleTable,
    Table,
    TaskTable,
    Zones,
    ZoneSpec,
    by_name,
    grid_view,
)
from tabletop.core.boardview import GridBoard
from tabletop.core.flow import ends_on_scores, when_empty
from tabletop.core.rulebook import EventSpec

RULES = RuleTable(
    [
        Rule("take.turn", "A player takes a card.", source="tests"),
        Rule("take.end", "Once the grid is empty, the most cards kept wins.", source="tests"),
    ]
)
ROWS = "rows"
KEPT = ZoneSpec("kept:{p}", "kept", ordered=False, keep_sorted=True)
ZONES = Zones((ZoneSpec(ROWS, "table", visibility="none"), KEPT))
SLOTS = ("a0", "a1", "a2", "a3")
tasks = TaskTable()


def kept(game: Table, player: int) -> int:
    return len(game.state.zones.get(KEPT.zone(player), ()))


def label(game: Table, oid: str) -> str:
    return f"the card in {Grid.of(4).where(game.state.objects[oid]['slot'])}"


def setup(game: Table) -> None:
    ZONES.setup(game)
    for slot, oid in enumerate(SLOTS):
        game.create("a", ROWS, id=oid, slot=slot, kind="xy"[slot % 2], face_up=False, vis=ZONES.vis(ROWS))


@tasks("take.ask")
def ask_take(game: Table) -> None:
    options = Grid.of(4).options(SLOTS, "take the card in {where}")
    offered = [options[oid] for oid in game.state.zones[ROWS]]
    game.ask(game.state.turn["player"], "action", offered, take, prompt="take a card", rule="take.turn")


@tasks("take.take")
def take(game: Table, *, choice: dict) -> None:
    player = game.state.turn["player"]
    game.emit("look", rule="take.turn", player=player, card=choice["id"])
    game.emit("keep", rule="take.turn", player=player, cards=[choice["id"]])


EVENTS = by_name(
    EventSpec("look", ZONES.turning(up=True), "player {player} turns up {card}", card=label),
    EventSpec("keep", ZONES.putting_into(KEPT), lambda game, ev: f"player {ev['player']} keeps {len(ev['cards'])}"),
    EventSpec("hide", ZONES.turning(up=False), "{card} is turned face down again", card=label),
    EventSpec("over", ends_on_scores(kept, "the grid is empty; kept {scores}", "take.end"), "no card is left"),
    EventSpec("ping"),  # a signal: it does nothing and is worded as the kernel words any event
)
OPTIONS = by_name(OptionSpec("first", 0, "The player who takes the first turn.", at_least=0))
RB: Rulebook = Rulebook(
    id="take",
    title="Take a card (tests only)",
    source="tests/kernel/test_declared_pieces.py",
    players=(2, 3),
    rules=RULES,
    setup=setup,
    options=OPTIONS,
    first_player_option="first",
    flow=(Phase("turn", (ask_take,), each_player=True, rule="take.turn"),),
    tasks=tasks,
    events=EVENTS,
    checks=(when_empty(ROWS, "over", rule="take.end"),),
    active_zones=(ROWS,),
    public_fields=("id", "zone", "slot", "face_up"),
    board=GridBoard(ZONES, lambda game: Grid.of(4), name=lambda obj: f"kind {obj['kind']}", scores=kept),
)


def summaries(game, kind: str = "event") -> list[str]:
    return [r["summary"] for r in game.trace if r["kind"] == kind]


# ------------------------------------------------------------------ EventSpec, Zones.turning, Zones.putting_into
def test_declared_events_do_what_the_zones_handlers_do_and_are_worded_by_their_templates():
    game = RB.new_game().apply("a2")
    assert (game.obj("a2")["zone"], game.obj("a2")["face_up"], game.obj("a2")["vis"]) == ("kept:0", True, "all")
    assert summaries(game) == ["player 0 turns up the card in row 2, column 1", "player 0 keeps 1"]
    game.apply("a1").apply("a0")  # player 0, then 1, then 0 again
    assert game.state.zones["kept:0"] == ("a0", "a2")  # kept sorted, however they arrived


def test_an_event_spec_fills_in_the_rulebooks_handlers_and_texts():
    assert RB.event_handlers["look"] is EVENTS["look"].does and "ping" not in RB.event_handlers
    game = RB.new_game().table
    assert (
        RB.describe_event(game, {"type": "hide", "card": "a3"})
        == "the card in row 2, column 2 is turned face down again"
    )
    assert RB.describe_event(game, {"type": "ping", "id": "e9", "n": 1}) == "ping(n=1)"  # no text: the kernel's
    # the ends of periods the flow emits read as words in every rulebook's log, unless it words them itself
    end = {"type": "end_of_phase", "id": "e3", "player": 1, "rule": "core.flow"}
    assert RB.describe_event(game, end) == "end of the phase (player 1)"
    assert RB.describe_event(game, {"type": "end_of_round", "player": None}) == "end of the round"
    own = dataclasses.replace(RB, event_text={**RB.event_text, "end_of_turn": lambda g, ev: "turn over"})
    assert own.describe_event(game, {"type": "end_of_turn", "player": 0}) == "turn over"
    copy = dataclasses.replace(RB, title="a copy")  # (a copy finds the entries its events put in)
    assert copy.event_text["over"] is RB.event_text["over"]
    with pytest.raises(RuleError, match="event 'look' is declared in events and in a table of its own"):
        dataclasses.replace(RB, event_handlers={"look": lambda game, ev: None})
    with pytest.raises(RuleError, match=r"words \(card\) word a text template, not a function"):
        EventSpec("look", None, lambda game, ev: "", card=label)


def test_a_template_words_plain_fields_fast_and_anything_else_as_str_format_does():
    table = RB.new_game().table
    ev = {"type": "t", "player": 1, "card": "a1", "cards": ["a0", "a3"], "n": 7}
    text = EventSpec("t", None, "{{{player}}} has {n} and {card}", card=label).describe
    assert text is not None and text(table, ev) == "{1} has 7 and the card in row 1, column 2"
    text = EventSpec("t", None, "{n:>3}|{cards[1]}|{card!r}|{player}", player=lambda game, p: f"P{p}").describe
    assert text is not None and text(table, ev) == "  7|a3|'a1'|P1"
    assert EVENTS["over"].describe is not None and EVENTS["over"].describe(table, ev) == "no card is left"
    with pytest.raises(RuleError, match="event 't': words for fields its text does not name: crad"):
        EventSpec("t", None, "{card}", crad=label)


def test_zone_handlers_turn_a_card_back_down_and_put_cards_into_a_shared_zone():
    game = RB.new_game().apply("a2")
    table = game.table
    ZONES.turning(up=False)(table, {"card": "a2"})  # in a public pile, face down still shows what a pile shows
    assert (game.obj("a2")["face_up"], game.obj("a2")["vis"]) == (False, "all")
    ZONES.putting_into(ZONES.by_id[ROWS], cards="what")(table, {"what": ["a2"]})
    assert game.obj("a2")["zone"] == ROWS and game.obj("a2")["vis"] == "none"


# ------------------------------------------------------------------ Table.emit_each
def test_emit_each_sends_one_event_per_value_in_one_batch_with_the_fields_in_common():
    game = RB.new_game().apply("a0")
    table = game.table
    ZONES.turning(up=True)(table, {"card": "a1"})
    ids = table.emit_each("hide", "card", ("a0", "a1"), rule="take.turn", player=1)
    assert [{k: table.state.events[e][k] for k in ("type", "player", "card")} for e in ids] == [
        {"type": "hide", "player": 1, "card": "a0"},
        {"type": "hide", "player": 1, "card": "a1"},
    ]
    assert list(table.state.events[ids[0]])[:4] == ["rule", "type", "player", "card"]  # the fields, then the key
    assert table.state.work[-1][:2] == ("k.happen", {"batch": ids})  # one batch


# ------------------------------------------------------------------ when_empty, ends_on_scores
def test_the_game_ends_once_the_zone_is_empty_won_by_the_highest_score():
    game = RB.new_game().apply("a0").apply("a1").apply("a2").apply("a3")
    assert game.result == {
        "winners": [0, 1],
        "draw": True,
        "reason": "the grid is empty; kept {'0': 2, '1': 2}",
        "rule": "take.end",
        "scores": {"0": 2, "1": 2},
    }
    assert summaries(game)[-1] == "no card is left" and summaries(game, "end") == [
        f"game over: {game.result['reason']}"
    ]
    game = RB.new_game(players=3).apply("a0").apply("a1").apply("a2").apply("a3")
    assert (game.result["winners"], game.result["draw"], game.result["scores"]) == (
        [0],
        False,
        {"0": 2, "1": 1, "2": 1},
    )


def test_the_empty_zone_check_waits_for_the_set_up_and_stops_once_the_game_is_over():
    check = when_empty(ROWS, "over", rule="take.end")
    table = RB.new_game().table
    assert check(table) == []  # cards lie in the grid
    for oid in SLOTS:
        table.move(oid, "kept:0")
    assert check(table) == [{"type": "over", "rule": "take.end"}]
    table.state.result = {"winners": []}
    assert check(table) == []  # the game is over
    table = RB.new_game().table
    for oid in SLOTS:
        table.destroy(oid)
    assert check(table) == []  # no object at all: nothing was laid out (yet)


# ------------------------------------------------------------------ Rulebook.first_player_option
def test_the_first_player_option_sets_who_begins_and_is_checked_against_the_players():
    game = RB.new_game(players=3, first=2)
    assert (game.state.turn["first"], game.state.turn["player"], game.decision.player) == (2, 2, 2)
    assert game.state.seat_order() == [2, 0, 1]
    with pytest.raises(RulebookOptionError, match="take: first=3 but there are only 3 players"):
        RB.new_game(players=3, first=3)
    with pytest.raises(RuleError, match="take: first_player_option 'who' is not an option"):
        dataclasses.replace(RB, first_player_option="who")


# ------------------------------------------------------------------ GridBoard
def test_a_declared_grid_board_is_the_grid_view_of_the_games_grid():
    game = RB.new_game().apply("a1")
    for player in (0, 1, None):
        want = grid_view(game.table, player, ZONES, Grid.of(4), name=lambda obj: f"kind {obj['kind']}", scores=kept)
        assert RB.board(game.table, player) == want
    assert RB.board(game.table)["scores"] == {"0": 1, "1": 0}
