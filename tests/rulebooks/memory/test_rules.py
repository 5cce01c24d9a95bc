"""Memory game tests, each written from the rule text (000_7fc8e0fd1bcbc422.txt L1515-1525)."""

from collections import Counter

import pytest

import tabletop as tt
from tabletop.core import CHANCE
from tabletop.games.memory.game import dealt, pairs

RB = tt.rulebook("memory")


def test_components_28_pairs_by_default():
    """mem.components, L1520: one sticker book makes 28 different pairs (56 cards)."""
    game = RB.new_game(seed=1)
    pictures = Counter(o["picture"] for o in game.state.objects.values())
    assert len(game.state.objects) == 56
    assert sorted(pictures) == list(range(28))
    assert set(pictures.values()) == {2}


def test_setup_all_face_down_and_hidden_from_everyone():
    """mem.setup, L1524: lay all the cards face down, shuffle them, lay them out in rows."""
    game = RB.new_game(seed=4, pairs=6, players=3)
    assert all(not o["face_up"] for o in game.state.objects.values())
    assert len(game.state.zones["grid"]) == 12
    for player in (0, 1, 2, None):
        view = game.view(player)
        assert all(o.get("hidden") and "picture" not in o for o in view["objects"].values())
    board = RB.board(game, 0)
    assert board["rows"] * board["columns"] >= 12
    assert all(c["face"] == "down" and c["name"] is None for c in board["cards"])


def test_shuffle_is_a_chance_decision_weighted_by_what_is_left():
    """mem.setup, L1524 ("shuffle well"): each slot's picture is drawn from the cards left."""
    game = RB.new_game(seed=0, pairs=2, chance="manual")
    dec = game.decision
    assert dec.player == CHANCE and dec.kind == "shuffle" and dec.rule == "mem.setup"
    assert [o.probability for o in dec.options] == [0.5, 0.5]
    game.apply("1")  # slot 0 gets picture 1: one 1 and two 0s are left
    probs = {o.id: o.probability for o in game.decision.options}
    assert probs == pytest.approx({"0": 2 / 3, "1": 1 / 3})
    game.apply("1")  # both 1s are dealt: only 0s are left
    assert [o.id for o in game.decision.options] == ["0"]


def test_the_same_seed_deals_the_same_layout():
    """mem.setup: the shuffle comes from the game's seeded random stream."""
    a, b = RB.new_game(seed=9, pairs=8), RB.new_game(seed=9, pairs=8)
    c = RB.new_game(seed=10, pairs=8)
    layout = [[o["picture"] for o in g.state.objects.values()] for g in (a, b, c)]
    assert layout[0] == layout[1]
    assert layout[0] != layout[2]


def test_a_turn_is_two_flips_and_a_flipped_card_is_public():
    """mem.turn, L1524: players take turns flipping two cards; mem.assume.public_flip."""
    game = dealt([0, 1, 0, 1])
    first = game.decision
    assert (first.player, first.kind, first.rule) == (0, "action", "mem.turn")
    assert first.ids == ["s00", "s01", "s02", "s03"]
    game.apply("s01")
    assert game.state.objects["s01"]["face_up"]
    for player in (0, 1):
        assert game.view(player)["objects"]["s01"]["picture"] == 1
    second = game.decision
    assert second.player == 0 and "s01" not in second.ids and len(second.ids) == 3


def test_a_match_is_kept():
    """mem.match, L1524: if they find a match, they keep the cards."""
    game = dealt([0, 1, 0, 1]).apply("s00").apply("s02")
    assert game.state.zones["pairs:0"] == ("s00", "s02")
    assert pairs(game, 0) == 1
    assert "s00" not in game.state.zones["grid"]


def test_a_mismatch_is_turned_back_and_ends_the_turn():
    """mem.mismatch, L1524: the player turns them back over, and that ends the turn."""
    game = dealt([0, 1, 0, 1]).apply("s00").apply("s01")
    assert not game.state.objects["s00"]["face_up"] and not game.state.objects["s01"]["face_up"]
    assert game.view(1)["objects"]["s00"]["hidden"]
    assert game.decision.player == 1
    turned = [r for r in game.trace if r["rule"] == "mem.mismatch" and r["kind"] == "event"]
    assert len(turned) == 2 and turned[0]["cause"] == turned[1]["cause"]  # one simultaneous batch


def test_the_player_turns_the_mismatched_cards_back_while_everyone_sees_them():
    """mem.assume.turn_back, L1524 ("если карты не совпадают, игрок переворачивает их, и на этом ход
    заканчивается"): turning them back is the player's act; until then both cards lie face up for all."""
    game = dealt([0, 1, 0, 1], turn_back="player").apply("s00").apply("s01")
    dec = game.decision
    assert (dec.player, dec.kind, [o.id for o in dec.options]) == (0, "acknowledge", ["turn_back"])
    assert dec.rule == "mem.mismatch"
    for viewer in (0, 1, None):  # mem.assume.public_flip: every player (and a spectator) sees both
        objs = game.view(viewer)["objects"]
        assert [objs[c]["picture"] for c in ("s00", "s01")] == [0, 1]
    board = {c["id"]: c for c in RB.board(game.table, 1)["cards"]}
    assert board["s00"]["face"] == board["s01"]["face"] == "up"
    game.apply("turn_back")  # the player turns them back over, and that ends the turn
    assert not game.state.objects["s00"]["face_up"] and not game.state.objects["s01"]["face_up"]
    assert game.view(1)["objects"]["s00"]["hidden"] and game.decision.player == 1


def test_turning_back_at_once_is_the_same_game_without_the_decision():
    """mem.assume.turn_back: the default ('at once') plays exactly as the game with the player's lone option,
    the option applied: the same positions once the turn has passed, the same events."""
    slow = dealt([0, 1, 0, 1, 2, 2], turn_back="player").apply("s00").apply("s01").apply("turn_back")
    fast = dealt([0, 1, 0, 1, 2, 2]).apply("s00").apply("s01")
    assert slow.state.objects == fast.state.objects and slow.state.turn == fast.state.turn
    events = [(r["rule"], r["summary"]) for g in (slow, fast) for r in g.trace if r["kind"] == "event"]
    assert events[: len(events) // 2] == events[len(events) // 2 :]
    # a match is no mismatch: no decision to turn anything back
    matched = dealt([0, 1, 0, 1], turn_back="player").apply("s00").apply("s02")
    assert matched.decision.kind == "action" and matched.decision.player == 0


def test_official_rule_a_match_gives_another_turn():
    """mem.extra_turn, L1524: the official rules give another turn after a match."""
    game = RB.scenario("match-official").apply("s03")
    assert pairs(game, 0) == 1
    assert game.decision.player == 0
    assert any(r["rule"] == "mem.extra_turn" for r in game.trace)


def test_house_rule_the_turn_ends_after_a_match():
    """mem.house_rule, L1524: "we always stop after just one turn"."""
    game = RB.scenario("match-house-rule").apply("s03")
    assert pairs(game, 0) == 1
    assert game.decision.player == 1
    assert any(r["rule"] == "mem.house_rule" for r in game.trace)


def test_the_game_ends_when_all_cards_are_taken_and_most_pairs_wins():
    """mem.assume.end (outside the text): all cards taken, the most pairs wins."""
    game = dealt([0, 1, 0, 1]).apply("s00").apply("s02").apply("s01").apply("s03")
    assert game.decision is None and game.over
    assert game.result["winners"] == [0] and not game.result["draw"]
    assert game.result["scores"] == {"0": 2, "1": 0}
    assert game.result["rule"] == "mem.assume.end"


def test_tied_players_share_the_win():
    """mem.assume.end: players tied for most pairs share the win."""
    game = dealt([0, 1, 0, 1], extra_turn_on_match=False)
    game.apply("s00").apply("s02").apply("s01").apply("s03")
    assert game.result["winners"] == [0, 1] and game.result["draw"]


def test_first_player_option():
    """mem.assume.first_player: the option names who starts."""
    game = RB.new_game(seed=1, pairs=2, players=3, first_player=2)
    assert game.decision.player == 2
    with pytest.raises(tt.RulebookOptionError, match="first_player=5"):
        RB.new_game(seed=1, pairs=2, players=3, first_player=5)


@pytest.mark.parametrize("bad", ["s99", "s00x", "pass", 7])
def test_illegal_choices_name_it_and_change_nothing(bad):
    """An illegal choice raises and leaves the game exactly as it was."""
    game = dealt([0, 1, 0, 1]).apply("s00")
    fp, n, hist = game.fingerprint(), len(game.trace), list(game.history)
    with pytest.raises(tt.IllegalOption, match=repr(str(bad))):
        game.apply(bad)
    assert (game.fingerprint(), len(game.trace), game.history) == (fp, n, hist)


def test_the_face_up_card_cannot_be_flipped_again():
    """mem.turn: the second flip must be another card."""
    game = dealt([0, 1, 0, 1]).apply("s00")
    with pytest.raises(tt.IllegalOption, match="'s00' is not a legal option"):
        game.apply("s00")


def test_options_are_checked():
    with pytest.raises(tt.RulebookOptionError, match="unknown option"):
        RB.new_game(seed=1, pair=3)
    with pytest.raises(tt.RulebookOptionError, match="pairs=0"):
        RB.new_game(seed=1, pairs=0)
    with pytest.raises(tt.RulebookOptionError, match="2 to 8 players"):
        RB.new_game(seed=1, players=1)
    with pytest.raises(tt.RulebookOptionError, match="must be a bool"):
        RB.new_game(seed=1, extra_turn_on_match="yes")


def test_apply_accepts_labels():
    game = dealt([0, 1, 0, 1])
    game.apply("flip the card in row 1, column 2")
    assert game.state.objects["s01"]["face_up"]


def test_game_over_refuses_choices():
    game = RB.scenario("last-pair").apply("s00").apply("s01")
    assert game.over
    with pytest.raises(tt.GameOver):
        game.apply("s00")


def test_every_scenario_builds_and_cites_known_rules():
    for name, sc in RB.scenarios.items():
        game = RB.scenario(name)
        assert game.decision is not None, name
        assert all(r in RB.rules for r in sc.rules), name
    with pytest.raises(tt.UnknownScenario, match="small-board"):
        RB.scenario("nope")


def test_the_log_explains_why_with_rule_references():
    game = dealt([0, 1, 0, 1]).apply("s00").apply("s02")
    take = next(r for r in game.trace if r["rule"] == "mem.match")
    why = game.trace.why(take["i"])
    assert "chose flip the card in row 2, column 1" in why  # 2 columns for 4 cards
    assert "mem.match: 000_7fc8e0fd1bcbc422.txt L1524" in why
    assert "keeps the pair of picture 0" in str(game.log)
