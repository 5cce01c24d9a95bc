"""Coins: rules 520.1-520.5 and the glossary entry "Lose a coin" (001_240eaaff2b2d73c1.txt L1-L9, L47)."""

from bh import RB, oid


def coins(game, p):
    return list(game.state.zone(f"coins:{p}"))


def temporary(game, p):
    return [c for c in coins(game, p) if game.state.objects[c]["temp"] is not None]


def events(game, type_, since=0):
    return [r for r in game.trace.records[since:] if r["kind"] == "event" and r["data"].get("type") == type_]


def end_turn(game):
    game.apply("pass")


def test_520_2_coins_are_objects_moving_between_supply_and_play_zone():
    """520.2, L3: coins start in the supply; gaining moves one into the play zone, as an event."""
    game = RB.new_game(seed=3)
    st = game.state
    assert all(st.objects[c]["kind"] == "coin" for c in st.zone("supply:0"))
    assert len(st.zone("supply:0")) + len(coins(game, 0)) == game.options["coin_supply"]
    gains = events(game, "gain_coin")
    assert len(gains) == 1 and gains[0]["rule"] == "bh.520.3" and gains[0]["data"]["status"] == "happened"
    assert len(coins(game, 0)) == 1


def test_520_3_accumulation_gives_a_coin_below_10():
    """520.3, L5: with 9 coins the accumulation phase gives the 10th coin."""
    game = RB.new_game(seed=0, starting_coins=9)
    assert len(coins(game, 0)) == 10
    assert len(events(game, "gain_coin")) == 1


def test_520_3_no_coin_at_10():
    """520.3, L5: a player with 10 coins gains none in the accumulation phase (a record, no event)."""
    game = RB.new_game(seed=0, starting_coins=10)
    assert len(coins(game, 0)) == 10
    assert events(game, "gain_coin") == []
    assert any(r["rule"] == "bh.520.3" and "not fewer than 10" in r["summary"] for r in game.trace.records)


def test_520_3_abilities_can_take_a_player_above_10():
    """520.3, L5: 'with the help of abilities a player can gain more than 10 coins' (Windfall: gain 2)."""
    game = RB.scenario("temporary-coins")
    assert len(coins(game, 0)) == 10
    game.apply("play:" + oid(game, "Windfall", "hand:0"))
    assert len(coins(game, 0)) == 12
    assert [e["data"]["status"] for e in events(game, "gain_coin")] == ["happened", "happened"]


def test_520_3_temporary_coins_count_toward_the_limit_by_default():
    """520.3 + bh.assume.temporary_limit: 9 coins and 1 temporary coin make 10, so no coin."""
    game = RB.scenario("temporary-coins")
    assert len(coins(game, 0)) == 10 and len(temporary(game, 0)) == 1
    assert events(game, "gain_coin") == []


def test_520_3_option_temporary_coins_do_not_count():
    """bh.assume.temporary_limit as an option: only the 9 permanent coins count, so a coin is gained."""
    game = RB.new_game(seed=0, scenario="temporary-coins", temporary_coins_count_for_limit=False)
    assert len(coins(game, 0)) == 11
    assert len(events(game, "gain_coin")) == 1


def test_520_4_temporary_coin_returns_without_gain_or_loss_events():
    """520.4, L7: a temporary coin (Coin Smith) returns to the supply at the end of the turn; no lose event."""
    game = RB.scenario("temporary-coins")
    smith = oid(game, "Coin Smith", "play:0")
    before = set(coins(game, 0))
    game.apply(f"use:{smith}#0")
    assert len(coins(game, 0)) == 11  # above 10 through an ability
    (minted,) = set(coins(game, 0)) - before
    assert minted in temporary(game, 0)
    gains = events(game, "gain_coin")
    assert len(gains) == 1 and gains[0]["data"]["status"] == "happened"  # receiving it is a gain (assumption)
    assert minted in gains[0]["summary"]
    mark = len(game.trace.records)
    end_turn(game)
    assert minted in game.state.zone("supply:0")
    assert events(game, "lose_coin", mark) == []
    back = [r for r in game.trace.records[mark:] if r["kind"] == "expire" and minted in r["summary"]]
    assert back and back[0]["rule"] == "bh.520.4" and "not a loss" in back[0]["summary"]


def test_520_4_a_spent_temporary_coin_still_returns():
    """520.4 + bh.assume.payment: a temporary coin closed to pay a cost returns at the end of its period."""
    game = RB.scenario("temporary-coins")
    before = set(coins(game, 0))
    game.apply(f"use:{oid(game, 'Coin Smith', 'play:0')}#0")
    (minted,) = set(coins(game, 0)) - before
    for spell in ("Extortion", "Embargo"):  # pay_with=temporary_first: both temporary coins are closed
        game.apply("play:" + oid(game, spell, "hand:0"))
        game.apply(game.legal()[0])  # player 1 picks his coin
    assert all(game.state.objects[c]["tapped"] for c in temporary(game, 0))
    assert game.state.objects[minted]["tapped"]
    end_turn(game)
    assert game.state.objects[minted]["zone"] == "supply:0"


def test_520_4_end_of_round_temporary_coin_and_option_silent_receipt():
    """520.4, L7: the scenario's coin lasts until the end of the round; option temporary_gain_is_gain=False
    gives temporary coins without a gain event."""
    game = RB.new_game(seed=0, scenario="temporary-coins", temporary_gain_is_gain=False)
    setup_temp = temporary(game, 0)[0]
    game.apply(f"use:{oid(game, 'Coin Smith', 'play:0')}#0")
    assert len(coins(game, 0)) == 11
    assert events(game, "gain_coin") == []  # the Smith's coin arrived without a gain event
    assert any(r["rule"] == "bh.assume.temporary_gain" for r in game.trace.records)
    end_turn(game)  # end of player 0's turn: the round-long coin stays
    assert setup_temp in coins(game, 0)
    while game.state.turn["player"] == 1:
        game.apply("pass")
    assert setup_temp in game.state.zone("supply:0")  # returned at the end of round 1
    assert events(game, "lose_coin") == []


def test_520_5_the_losing_player_chooses_which_coin():
    """520.5, L9 and L47: when forced to lose a coin, player 1 (not the caster) chooses among his coins."""
    game = RB.scenario("temporary-coins")
    game.apply("play:" + oid(game, "Extortion", "hand:0"))
    dec = game.decision
    assert dec.player == 1 and dec.kind == "lose_coin" and dec.rule == "bh.520.5"
    assert set(dec.ids) == set(coins(game, 1))
    pick = dec.ids[-1]
    game.apply(pick)
    assert pick in game.state.zone("supply:1") and len(coins(game, 1)) == 2
    lost = events(game, "lose_coin")
    assert len(lost) == 1 and pick in lost[0]["summary"] and lost[0]["data"]["status"] == "happened"


def test_520_4_coin_lost_for_a_period_comes_back_without_a_gain_event():
    """520.4, L7: 'when coins are lost for a temporary period, their return is not considered gaining'."""
    game = RB.scenario("temporary-coins")
    game.apply("play:" + oid(game, "Embargo", "hand:0"))
    pick = game.decision.ids[0]
    game.apply(pick)
    assert pick in game.state.zone("supply:1")
    mark = len(game.trace.records)
    end_turn(game)
    assert pick in coins(game, 1) or len(coins(game, 1)) == 3
    gains_of_1 = [e for e in events(game, "gain_coin", mark) if "player 1" in e["summary"]]
    back = [r for r in game.trace.records[mark:] if r["kind"] == "expire" and "not a gain" in r["summary"]]
    assert back and back[0]["rule"] == "bh.520.4"
    # the only gain of player 1 is his own accumulation phase, after the coin came back
    assert all(e["rule"] == "bh.520.3" and e["i"] > back[0]["i"] for e in gains_of_1)


def test_payment_closes_coins_and_is_not_a_loss():
    """bh.assume.payment: paying closes open coins (temporary first by default); no lose_coin event."""
    game = RB.scenario("temporary-coins")
    game.apply("play:" + oid(game, "Extortion", "hand:0"))
    game.apply(game.legal()[0])
    paid = [c for c in coins(game, 0) if game.state.objects[c]["tapped"]]
    assert len(paid) == 1 and game.state.objects[paid[0]]["temp"] is not None
    assert [e["summary"] for e in events(game, "lose_coin")] == [events(game, "lose_coin")[0]["summary"]]
    assert "player 1" in events(game, "lose_coin")[0]["summary"]


def test_payment_option_permanent_first():
    """bh.assume.payment option pay_with=permanent_first closes a permanent coin."""
    game = RB.new_game(seed=0, scenario="temporary-coins", pay_with="permanent_first")
    game.apply("play:" + oid(game, "Extortion", "hand:0"))
    game.apply(game.legal()[0])
    paid = [c for c in coins(game, 0) if game.state.objects[c]["tapped"]]
    assert len(paid) == 1 and game.state.objects[paid[0]]["temp"] is None
