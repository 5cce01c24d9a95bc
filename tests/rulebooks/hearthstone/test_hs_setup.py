"""Set-up, the coin toss, the mulligan, mana and the turn (000_7fc8e0fd1bcbc422.txt L38, L1505-L1511)."""

from collections import Counter

import pytest
from hsx import RB, hero, hp

from tabletop.core import GameOver, IllegalOption
from tabletop.games.hearthstone import engine as E


def _after_mulligans(game):
    while game.decision.kind == "mulligan":
        game.apply("keep")
    return game


def test_heroes_have_thirty_health_and_decks_thirty_cards():
    # 000_7fc8e0fd1bcbc422.txt L1505, L1507
    game = RB.new_game(seed=3)
    for p in (0, 1):
        assert hp(game, hero(game, p)) == 30
        assert len(game.state.zones[f"deck:{p}"]) + len(game.state.zones[f"hand:{p}"]) == 30


def test_coin_toss_first_draws_three_second_four_and_the_coin():
    # 000_7fc8e0fd1bcbc422.txt L1508: the first player draws three cards, the second four and The Coin
    firsts = Counter()
    for seed in range(12):
        game = RB.new_game(seed=seed)
        first = game.state.turn["first"]
        firsts[first] += 1
        second = 1 - first
        assert game.decision.player == first and game.decision.kind == "mulligan"
        assert len(game.state.zones[f"hand:{first}"]) == 3
        assert len(game.state.zones[f"hand:{second}"]) == 4
        _after_mulligans(game)
        cards = [game.state.objects[o]["card"] for o in game.state.zones[f"hand:{second}"]]
        assert cards.count("the_coin") == 1 and len(cards) == 5  # 4 + The Coin (the turn's draw is the first's)
    assert set(firsts) == {0, 1}  # the toss goes both ways


def test_the_mulligan_swaps_cards_and_shuffles_them_back_once():
    # 000_7fc8e0fd1bcbc422.txt L1509: one chance to swap any starting cards; they go back into the deck
    game = RB.new_game(seed=5, first="0")
    hand = list(game.state.zones["hand:0"])
    swap = next(o for o in game.legal() if o.startswith("swap:") and o.count("+") == 1)
    swapped = swap[5:].split("+")
    deck_before = dict(game.state.vars["_deck:0"])
    names = Counter(game.state.objects[o]["card"] for o in swapped)
    game.apply(swap)
    assert len(game.state.zones["hand:0"]) == 3
    assert not set(swapped) & set(game.state.zones["hand:0"])
    assert set(swapped) <= set(game.state.zones["deck:0"])
    assert all(game.state.objects[o]["card"] is None for o in swapped)  # anonymous again: shuffled
    kept = [o for o in hand if o not in swapped]
    assert set(kept) <= set(game.state.zones["hand:0"])
    drawn = Counter(game.state.objects[o]["card"] for o in game.state.zones["hand:0"] if o not in kept)
    deck_after = Counter(game.state.vars["_deck:0"])
    assert deck_after == Counter(deck_before) - drawn + names
    assert game.decision.player == 1 and game.decision.kind == "mulligan"
    game.apply("keep")
    assert game.decision.kind == "action"  # L1510: the game starts; no second mulligan


def test_the_game_starts_with_the_first_players_turn_and_one_crystal():
    # 000_7fc8e0fd1bcbc422.txt L38, L1510, L1511: zero crystals at the start, one at the start of the turn
    game = _after_mulligans(RB.new_game(seed=1, first="1"))
    assert game.decision.player == 1 and game.decision.kind == "action"
    assert game.state.players[1]["crystals"] == 1 and game.state.players[1]["mana"] == 1
    assert game.state.players[0]["crystals"] == 0
    assert len(game.state.zones["hand:1"]) == 4  # 3 + the turn's draw (hs.assume.draw)


def test_a_crystal_each_turn_up_to_ten_refilled():
    # 000_7fc8e0fd1bcbc422.txt L1511: one more crystal each turn, up to 10; refilled every turn
    game = _after_mulligans(RB.new_game(seed=2, first="0"))
    seen = []
    while len(seen) < 12:
        p = game.decision.player
        if p == 0:
            pl = game.state.players[0]
            seen.append(pl["crystals"])
            assert pl["mana"] == pl["crystals"]  # refilled at the start of the turn
        game.apply("end")
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]


def test_only_the_active_player_acts():
    # 000_7fc8e0fd1bcbc422.txt L38: cards are played only during your own turn
    game = _after_mulligans(RB.new_game(seed=4, first="0"))
    for _ in range(6):
        assert game.decision.player == game.state.turn["player"]
        game.apply("end")


def test_an_illegal_choice_changes_nothing():
    game = _after_mulligans(RB.new_game(seed=4, first="0"))
    fp, n = game.fingerprint(), len(game.trace)
    with pytest.raises(IllegalOption, match="not a legal option"):
        game.apply("attack:c1>c3")
    assert game.fingerprint() == fp and len(game.trace) == n


def test_fatigue_from_an_empty_deck_and_the_game_ends_at_zero_health():
    # hs.assume.fatigue (outside the text); 000_7fc8e0fd1bcbc422.txt L1507: zero health loses
    game = _after_mulligans(RB.new_game(seed=6, first="0", hero_health=3))
    st = game.state
    for p in (0, 1):  # empty both decks
        for oid in list(st.zones[f"deck:{p}"]):
            E.put(game.table, oid, f"grave:{p}")
        st.vars[f"_deck:{p}"] = {}
    while not game.over:
        game.apply("end")
    dead = [p for p in (0, 1) if hp(game, hero(game, p)) <= 0]
    assert dead == [game.state.turn["player"]]  # the player whose draw hit 0 loses
    assert game.result["winners"] == [1 - dead[0]] and game.result["rule"] == "hs.win"
    assert st.players[dead[0]]["fatigue"] == 2  # 1 then 2 damage: 3 health gone
    with pytest.raises(GameOver):
        game.apply("end")
