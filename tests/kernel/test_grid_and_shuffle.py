"""Cards in rows, on a tiny rulebook of this file's own: four cards (three of kind x, one of kind y) are
shuffled face down into a 2x2 grid, one chance decision per slot (tabletop.core.deck.Shuffle), and each
turn a player turns one face up (Zones.turn). The grid's arithmetic, words and options (boardview.Grid),
its board view (boardview.grid_view), a zone kept sorted (ZoneSpec.keep_sorted), the end by scores
(Table.end_on_scores), and the declarations' helpers (by_name, Rulebook.new_game_with_chance, an
option's bounds)."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop.core import (
    CHANCE,
    Grid,
    OptionSpec,
    Phase,
    Rule,
    Rulebook,
    RulebookOptionError,
    RuleError,
    RuleTable,
    Scenario,
    Shuffle,
    Table,
    TaskTable,
    Zones,
    ZoneSpec,
    by_name,
    grid_view,
    task_name,
)

RULES = RuleTable(
    [
        Rule("rows.deal", "The cards are shuffled face down into rows.", source="tests"),
        Rule("rows.turn", "A player turns a card face up.", source="tests"),
    ]
)
ROWS = "rows"
ZONES = Zones(
    (ZoneSpec(ROWS, "table", visibility="none"), ZoneSpec("kept:{p}", "kept", ordered=False, keep_sorted=True))
)
SLOTS = ("a0", "a1", "a2", "a3")
GRID = Grid.of(4)
SHUFFLE = Shuffle(
    "kind",
    kinds=lambda game: {"x": 3, "y": 1},
    slots=lambda game: SLOTS,
    prompt="the kind under slot {k} ({slot})",
    rule="rows.deal",
    label="kind {key}",
)
tasks = TaskTable()


def lay_out(game: Table) -> None:
    ZONES.setup(game)
    for slot, oid in enumerate(SLOTS):
        game.create("a", ROWS, id=oid, slot=slot, kind=None, face_up=False, vis=ZONES.vis(ROWS))


def setup(game: Table) -> None:
    lay_out(game)
    game.push(deal, k=0)


@tasks("rows.deal")
def deal(game: Table, *, k: int, choice: dict | None = None) -> None:
    if not SHUFFLE.deal(game, deal, k, choice):
        game.state.set_var("dealt", True)


@tasks("rows.ask")
def ask_turn(game: Table) -> None:
    options = list(GRID.options(SLOTS, "turn the card in {where}").values())
    game.ask(game.state.turn["player"], "action", options, turn_up, prompt="turn a card", rule="rows.turn")


@tasks("rows.turn_up")
def turn_up(game: Table, *, choice: dict) -> None:
    ZONES.turn(game, choice["id"], up=True)


def board(game: Table, player: int | None = None) -> dict:
    return grid_view(game, player, ZONES, GRID, name=lambda obj: f"kind {obj['kind']}")


RB: Rulebook = Rulebook(
    id="rows",
    title="Cards in rows (tests only)",
    source="tests/kernel/test_grid_and_shuffle.py",
    players=(2, 2),
    rules=RULES,
    setup=setup,
    options=by_name(OptionSpec("unused", 0, "An option the game never reads.", at_least=0, at_most=3)),
    flow=(Phase("turn", (ask_turn,), each_player=True, rule="rows.turn"),),
    tasks=tasks,
    active_zones=(ROWS,),
    public_fields=("id", "zone", "slot", "face_up"),
    scenarios=by_name(Scenario("y-first", "The y card lies in slot 0.", lambda: RB.new_game_with_chance("yxxx"))),
    board=board,
)


# ------------------------------------------------------------------ Grid
def test_a_grid_places_and_words_its_slots_counted_from_one():
    grid = Grid(5, 2)
    assert grid.rows == 3  # the last row is short
    assert [grid.position(s) for s in range(5)] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)]
    assert grid.where(3) == "row 2, column 2"
    options = grid.options(("a", "b", "c", "d", "e", "f"), "pick {where}")
    assert options == {k: {"id": k, "label": f"pick {grid.where(s)}"} for s, k in enumerate("abcde")}  # 5 slots
    assert grid.options(("a", "b", "c", "d", "e", "f"), "pick {where}") is options  # made once, shared


def test_a_grid_of_a_size_is_the_squarest_at_most_so_wide_unless_columns_are_given():
    assert Grid.of(6) == Grid(6, 3) and Grid.of(12) == Grid(12, 4) and Grid.of(100) == Grid(100, 8)
    assert Grid.of(100, widest=12) == Grid(100, 10) and Grid.of(6, 4) == Grid(6, 4)
    assert Grid.of(6) is Grid.of(6)  # made once per shape
    with pytest.raises(RuleError, match="a grid of 4 slots needs a whole number of columns >= 1, not 0"):
        Grid(4, 0)


# ------------------------------------------------------------------ Shuffle
def test_a_shuffle_asks_the_kind_under_each_slot_in_turn_weighted_by_what_is_left():
    game = RB.new_game(chance="manual")
    dec = game.state.decision
    assert (dec["player"], dec["kind"], dec["prompt"], dec["rule"]) == (
        CHANCE,
        "shuffle",
        "the kind under slot 0 (a0)",
        "rows.deal",
    )
    assert dec["options"] == [{"id": "x", "label": "kind x"}, {"id": "y", "label": "kind y"}]
    assert dec["probs"] == [0.75, 0.25] and dec["resume"] == ["rows.deal", {"k": 0}]
    game.apply("y")
    dec = game.state.decision
    assert game.state.objects["a0"]["kind"] == "y"
    assert (dec["prompt"], [o["id"] for o in dec["options"]], dec["probs"]) == (
        "the kind under slot 1 (a1)",
        ["x"],
        [1.0],
    )
    game.apply("x").apply("x").apply("x")  # the last slot dealt: deal() is told so (False), and the turn begins
    assert game.state.vars["dealt"] and game.state.decision["player"] == 0
    assert [game.state.objects[s]["kind"] for s in SLOTS] == ["y", "x", "x", "x"]


def test_a_shuffles_own_task_is_registered_under_the_name_given_and_deals_every_place():
    table = TaskTable()
    task = SHUFFLE.task(table, "rows.own_deal")
    assert task_name(task) == "rows.own_deal" and "rows.own_deal" in table

    def own_setup(game: Table) -> None:
        lay_out(game)
        game.push(task, k=0)

    rb = dataclasses.replace(RB, setup=own_setup, tasks={**tasks, **table})
    game = rb.new_game(chance="manual")
    assert game.state.decision["resume"] == ["rows.own_deal", {"k": 0}]
    game.apply("x").apply("y").apply("x").apply("x")
    assert [game.state.objects[s]["kind"] for s in SLOTS] == ["x", "y", "x", "x"]
    assert game.state.decision["player"] == 0 and "dealt" not in game.state.vars


def test_a_sampled_shuffle_deals_the_whole_multiset():
    for seed in range(5):
        kinds = sorted(RB.new_game(seed=seed).state.objects[s]["kind"] for s in SLOTS)
        assert kinds == ["x", "x", "x", "y"]


def test_an_untraced_sampled_shuffle_deals_at_once_what_the_traced_chain_of_decisions_deals():
    """(Shuffle.deal's fast path) Untraced, every place is drawn in one step: the same kinds, the same
    history of automatic chance choices and the same random streams as a traced game's decision a place."""
    for seed in range(8):
        traced, fast = (RB.new_game(seed=seed, tracing=t) for t in (True, False))
        assert fast.fingerprint() == traced.fingerprint()
        assert fast.history == traced.history and len(fast.history) == len(SLOTS)
        assert fast.state.rng == traced.state.rng and fast.state.decision == traced.state.decision


def test_a_game_can_start_from_given_chance_outcomes_then_sample():
    game = RB.scenario("y-first")
    assert [game.state.objects[s]["kind"] for s in SLOTS] == ["y", "x", "x", "x"] and game.chance == "sample"
    assert game.state.decision["player"] == 0
    with pytest.raises(RuleError, match="rows: chance outcome 'x' given, but the open one is player 0's"):
        RB.new_game_with_chance("yxxxx")


# ------------------------------------------------------------------ Zones.turn, keep_sorted
def test_a_card_turned_face_up_is_seen_by_all_and_turned_down_hides_as_its_zone_does():
    game = RB.scenario("y-first")
    assert game.view(1)["objects"]["a1"].get("hidden")
    game.apply("a1")
    assert (game.obj("a1")["face_up"], game.obj("a1")["vis"]) == (True, "all")
    assert not game.view(1)["objects"]["a1"].get("hidden")
    ZONES.turn(game.table, "a1", up=False)
    assert (game.obj("a1")["face_up"], game.obj("a1")["vis"]) == (False, "none")
    assert game.view(0)["objects"]["a1"].get("hidden")


def test_a_zone_kept_sorted_holds_its_objects_in_id_order_however_they_arrived():
    game = RB.scenario("y-first")
    ZONES.put(game.table, "a3", "kept:0")
    ZONES.put(game.table, "a0", "kept:0")
    assert game.state.zones["kept:0"] == ("a0", "a3")
    game.table.create("d", ROWS, id="d1", slot=3)
    ZONES.put(game.table, "d1", "kept:1")
    new = ZONES.new_card(game.table, "z", "kept:1", 1)
    assert game.state.zones["kept:1"] == (new, "d1")  # (c... before d1)
    with pytest.raises(RuleError, match="zone 'pile': only an unordered zone"):
        ZoneSpec("pile", keep_sorted=True)


# ------------------------------------------------------------------ grid_view
def test_the_grid_board_places_each_card_and_names_only_what_the_viewer_sees():
    game = RB.scenario("y-first")
    down = [
        {"id": s, "zone": ROWS, "pos": list(GRID.position(k)), "face": "down", "name": None}
        for k, s in enumerate(SLOTS)
    ]
    view = board(game.table, 0)
    assert view == {
        "layout": "grid",
        "rows": 2,
        "columns": 2,
        "zones": [
            {"id": "rows", "label": "table"},
            {"id": "kept:0", "label": "kept of player 0", "owner": 0},
            {"id": "kept:1", "label": "kept of player 1", "owner": 1},
        ],
        "cards": [{**c, "option": c["id"]} for c in down],
        "to_move": 0,
        "decision": {"kind": "action", "prompt": "turn a card", "options": list(SLOTS)},
        "result": None,
    }
    assert "scores" not in view  # none given
    assert all(c["option"] is None for c in board(game.table, 1)["cards"])  # not player 1's decision
    assert all(c["name"] is None for c in board(game.table, None)["cards"])  # nobody sees under them
    game.apply("a0")
    assert board(game.table, 1)["cards"][0] == {
        "id": "a0",
        "zone": ROWS,
        "pos": [1, 1],
        "face": "up",
        "name": "kind y",
        "option": "a0",
    }
    game.table.state.update("a0", face_up=False)  # lying face down, though everyone may look: named
    assert (board(game.table, 1)["cards"][0]["face"], board(game.table, 1)["cards"][0]["name"]) == ("down", "kind y")
    scored = grid_view(game.table, 0, ZONES, GRID, name=str, scores=lambda game, p: 10 + p)
    assert scored["scores"] == {"0": 10, "1": 11} and list(scored)[5:] == ["scores", "to_move", "decision", "result"]


# ------------------------------------------------------------------ end_on_scores, by_name
@pytest.mark.parametrize(
    ("scores", "tie_is_draw", "winners", "draw"),
    [
        ({"0": 1, "1": 3}, True, [1], False),
        ({"0": 2, "1": 2}, True, [0, 1], True),
        ({"0": 2, "1": 2}, False, [0, 1], False),
    ],
)
def test_the_highest_score_wins_and_a_tie_for_it_is_shared(scores, tie_is_draw, winners, draw):
    game = RB.scenario("y-first")
    game.table.end_on_scores(scores, reason="counted", rule="rows.turn", tie_is_draw=tie_is_draw)
    assert game.result == {"winners": winners, "draw": draw, "reason": "counted", "rule": "rows.turn", "scores": scores}


def test_by_name_keys_declarations_by_their_names_in_order_and_refuses_a_name_twice():
    specs = [OptionSpec("b", 1, "B."), OptionSpec("a", 2, "A.")]
    assert list(by_name(*specs)) == ["b", "a"] and by_name(*specs)["a"] is specs[1]
    with pytest.raises(
        RuleError, match=r"OptionSpec 'b' is declared twice \(the second: OptionSpec\(name='b', default=3"
    ):
        by_name(*specs, OptionSpec("b", 3, "B again."))


def test_an_options_bounds_refuse_a_number_outside_them_saying_what_is_allowed():
    assert RB.new_game(unused=3).options["unused"] == 3
    with pytest.raises(RulebookOptionError, match=r"rows: option unused=4 is not allowed: it is 0 to 3 \(An option"):
        RB.new_game(unused=4)
    assert OptionSpec("n", 1, "N.", at_least=1).validate(10**6, "rb") == 10**6
    with pytest.raises(RulebookOptionError, match="n=0 is not allowed: it is at least 1"):
        OptionSpec("n", 1, "N.", at_least=1).validate(0, "rb")
    with pytest.raises(RulebookOptionError, match="n=9 is not allowed: it is at most 8"):
        OptionSpec("n", 1, "N.", at_most=8).validate(9, "rb")
