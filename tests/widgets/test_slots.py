"""Drop slots: where an option that places a card puts it, found from the board view alone (issue 16:
a hand card that needs a position asks for it on the board)."""

import tabletop as tt
from tabletop.widgets import BoardWidget
from tabletop.widgets.slots import slots


def test_a_hand_minion_gets_a_slot_either_side_of_each_friendly_minion():
    # 000_7fc8e0fd1bcbc422.txt L50: where a minion goes matters to "adjacent"
    game = tt.rulebook("hearthstone").scenario("adjacent")  # Pack Wolf and Bog Crawler on player 0's board
    wolf, crawler = game.state.zones["board:0"]
    argus = next(o for o in game.state.zones["hand:0"] if game.state.objects[o]["card"] == "argus_defender")
    board = BoardWidget(game, player=0)
    mine = [s for s in board.slots if s["actor"] == argus]
    assert [(s["option"], s["zone"], s["index"], s["after"], s["before"]) for s in mine] == [
        (f"play:{argus}@0", "board:0", 0, None, wolf),
        (f"play:{argus}@1", "board:0", 1, wolf, crawler),
        (f"play:{argus}@2", "board:0", 2, crawler, None),
    ]
    # every slot is an option of the open decision; spells, attacks and the hero power get none
    assert {s["option"] for s in board.slots} == {o for o in game.legal() if "@" in o}


def test_the_slots_follow_the_position_and_the_seat():
    game = tt.rulebook("hearthstone").scenario("sword-and-juggler")
    assert BoardWidget(game, player=1).slots == []  # not player 1's decision: no options, no slots
    board = BoardWidget(game, player=0)
    crawler = next(o for o in game.state.zones["hand:0"] if game.state.objects[o]["card"] == "bog_crawler")
    board.choose(f"play:{crawler}@1")
    assert game.state.zones["board:0"][1] == crawler
    novice = next(o for o in game.state.zones["hand:0"] if game.state.objects[o]["card"] == "argent_novice")
    assert [s["index"] for s in board.slots if s["actor"] == novice] == [0, 1, 2]


def test_options_whose_place_is_not_on_the_board_get_no_slot():
    view = {
        "zones": [
            {"id": "hand:0", "owner": 0, "kind": "hand"},
            {"id": "board:0", "owner": 0, "kind": "board"},
            {"id": "board:1", "owner": 1, "kind": "board"},
        ],
        "cards": [{"id": "c1", "zone": "hand:0"}, {"id": "c2", "zone": "board:0"}, {"id": "c3", "zone": "nowhere"}],
    }
    assert [s["index"] for s in slots(view, ["play:c1@0", "play:c1@1"])] == [0, 1]
    assert slots(view, ["play:c1@2"]) == []  # past the end of the board
    assert slots(view, ["play:c9@0", "play:c3@0", "play:c1", "attack:c2>c1", "play:c1@x"]) == []
    view["zones"].append({"id": "board:0b", "owner": 0, "kind": "board"})
    assert slots(view, ["play:c1@0"]) == []  # two boards of the owner: which one is not known
