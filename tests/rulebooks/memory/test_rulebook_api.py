"""The memory rulebook as a declaration (issue 14): tasks by function, zone specs, the board it draws.

The rules these cite are those of 000_7fc8e0fd1bcbc422.txt L1524 (mem.setup, mem.turn, mem.match).
"""

import tabletop as tt
from tabletop.core import TaskTable
from tabletop.core.tasks import task_name
from tabletop.games.memory import game as mem

RB = tt.rulebook("memory")


def test_tasks_are_functions_registered_under_the_names_saved_games_hold():
    """mem.setup, mem.turn (L1524): the shuffle and the flips are task functions; a decision names the
    task it resumes by the name a saved game holds (tests/kernel/old_saves/memory.json: "mem.flip")."""
    assert isinstance(RB.tasks, TaskTable)
    assert [task_name(f) for f in (mem.deal, mem.ask_flip, mem.flip)] == ["mem.deal", "mem.first_flip", "mem.flip"]
    game = mem.dealt([0, 1, 0, 1])
    assert game.state.decision["resume"] == ["mem.flip", {"first": None}]
    game.apply("s00")
    assert game.state.decision["resume"] == ["mem.flip", {"first": "s00"}]


def test_the_second_flip_is_asked_for_because_of_the_first():
    """mem.turn (L1524): the decision of the second card cites the first flip's event as its cause (it
    opens once that flip has happened, so the first card already lies face up)."""
    game = RB.scenario("match-official")
    flip = game.trace.records[game.state.decision["cause"]]
    assert flip["kind"] == "event" and flip["data"]["type"] == "flip" and flip["data"]["status"] == "happened"
    assert game.state.objects["s00"]["face_up"]


def test_zones_are_declared_a_face_down_grid_and_a_public_pile_each():
    """mem.setup (cards face down in rows) and mem.match (the player keeps the pair), L1524: the zones
    come from the rulebook's zone specs, in order, and a kept pair stays face up for everyone."""
    assert [s.id for s in mem.ZONES.specs] == ["grid", "pairs:{p}"]
    assert mem.ZONES.vis("grid") == "none" and mem.ZONES.vis("pairs:1") == "all"
    game = mem.dealt([0, 1, 0, 1], players=3)
    assert list(game.state.zones) == ["grid", "pairs:0", "pairs:1", "pairs:2"]
    game.apply("s00").apply("s02")
    assert game.state.zones["pairs:0"] == ("s00", "s02")
    assert all(game.state.objects[c]["vis"] == "all" for c in ("s00", "s02"))


def test_the_board_the_renderer_draws_is_pinned():
    """mem.turn (L1524): player 0 has flipped row 1, column 1 (picture 0, an orange circle) and may flip any other card;
    the board view (tests/render, tests/widgets and the notebooks draw it) keeps this exact shape."""
    game = RB.scenario("match-official")
    down = [
        {"id": f"s0{k}", "zone": "grid", "pos": [1 + k // 3, 1 + k % 3], "face": "down", "name": None}
        for k in range(1, 6)
    ]
    assert RB.board(game.table, 0) == {
        "layout": "grid",
        "rows": 2,
        "columns": 3,
        "zones": [
            {"id": "grid", "label": "table"},
            {"id": "pairs:0", "label": "pairs of player 0", "owner": 0},
            {"id": "pairs:1", "label": "pairs of player 1", "owner": 1},
        ],
        "cards": [
            {
                "id": "s00",
                "zone": "grid",
                "pos": [1, 1],
                "face": "up",
                "name": "orange circle",  # mem.components: a picture drawn as a shape, a colour and its word
                "option": None,
                "symbol": {"shape": "circle", "colour": "#E69F00", "word": "orange circle"},
                "type": "picture 0",
            }
        ]
        + [{**c, "option": c["id"]} for c in down],
        "scores": {"0": 0, "1": 0},
        "to_move": 0,
        "decision": {"kind": "action", "prompt": "flip a second card", "options": ["s01", "s02", "s03", "s04", "s05"]},
        "result": None,
    }
    other = RB.board(game.table, 1)
    assert other["decision"] is None and all(c["option"] is None for c in other["cards"])
