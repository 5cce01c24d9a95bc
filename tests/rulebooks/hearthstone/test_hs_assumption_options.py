"""Hearthstone: where the text is silent, the real game's rule is the default and the other reading an option
(issue 13), each shown to change an outcome. Lines cite 000_7fc8e0fd1bcbc422.txt."""

import pytest
from hsx import RB, E, hero, hp, position, reopen


def card_of(game, oid):
    return game.state.objects[oid]["card"]


def empty_deck(game, p: int) -> None:
    """Player ``p``'s deck runs out (its cards leave the game)."""
    st, deck = game.state, E.DECKS[p]
    for oid in st.zones[deck.zone]:
        del st.objects[oid]
    st.zones[deck.zone] = ()
    st.vars[deck.var] = {}


def test_fatigue_or_nothing_from_an_empty_deck():
    """hs.assume.fatigue, L19: the text never says what drawing from an empty deck does. By default (the real
    game) it deals fatigue damage 1, then 2; with fatigue=False nothing happens and the hero keeps his health."""
    for fatigue, health in ((True, (29, 27)), (False, (30, 30))):
        game, _ = position(fatigue=fatigue)
        empty_deck(game, 1)
        game.apply("end")  # player 1's turn starts with a draw
        first = hp(game, hero(game, 1))
        game.apply("end").apply("end")
        assert (first, hp(game, hero(game, 1))) == health, fatigue
        assert game.state.zones["hand:1"] == ()


def test_the_hand_limit_is_an_option():
    """hs.assume.hand_limit, L19: the text gives no hand limit; the real game's is 10. With a hand of 3 the turn's
    draw goes to the hand by default, and is destroyed with hand_limit=3."""
    game, _ = position(hand1=["bog_crawler"] * 3)
    game.apply("end")
    assert len(game.state.zones["hand:1"]) == 4 and game.state.zones["grave:1"] == ()
    small, _ = position(hand1=["bog_crawler"] * 3, hand_limit=3)
    small.apply("end")
    assert len(small.state.zones["hand:1"]) == 3 and len(small.state.zones["grave:1"]) == 1


def test_the_coin_given_to_a_full_hand_is_destroyed():
    """hs.assume.hand_limit (L19) with hs.coin_toss (L1508): "a card drawn or given to a full hand is
    destroyed", The Coin too. With hand_limit=4 the second player's four starting cards fill the hand: The
    Coin goes to the graveyard, the trace says why; with the default limit it goes to the hand."""
    for limit, in_hand in ((4, False), (10, True)):
        game = RB.new_game(seed=0, first="0", hand_limit=limit)
        game.apply("keep").apply("keep")  # both mulligans kept: player 1 is given The Coin
        hand1 = [card_of(game, o) for o in game.state.zones["hand:1"]]
        grave1 = [card_of(game, o) for o in game.state.zones["grave:1"]]
        assert ("the_coin" in hand1, "the_coin" in grave1) == (in_hand, not in_hand), limit
        assert len(hand1) == (5 if in_hand else 4)
        said = [r for r in game.trace if "The Coin" in r["summary"] and r["kind"] == "action"]
        assert said[-1]["rule"] == ("hs.coin_toss" if in_hand else "hs.assume.hand_limit")


def _leeroy_played(**options):
    """The juggler-leeroy scenario (L68), chance by hand: Leeroy Jenkins is played beside Knife Juggler."""
    game = RB.new_game(seed=0, scenario="juggler-leeroy", chance="manual", **options)
    while game.decision.kind != "action":  # the turn's draw
        game.apply(game.legal()[0])
    leeroy = next(o for o in game.legal() if o.startswith("play:") and "@" in o)
    game.apply(leeroy)
    assert game.decision.kind == "random_target"
    return game


def test_battlecry_in_order_of_play_or_first():
    """hs.assume.battlecry, L68: 'Knife Juggler's 1 damage happens before Leeroy Jenkins and his minions come
    onto the field, so the minions this card summons cannot be the Juggler's target'. By default the Battlecry
    waits behind the Juggler's knife, which can only hit the hero; with battlecry='first' (the later real game)
    the whelps are summoned first and are among the knife's targets."""
    text = _leeroy_played()
    assert [card_of(text, o) for o in text.legal()] == ["hero_paladin"]
    first = _leeroy_played(battlecry="first")
    assert sorted(card_of(first, o) for o in first.legal()) == ["hero_paladin", "whelp", "whelp"]


@pytest.mark.parametrize(("effects", "yeti_damage"), [("queue", 1), ("nested", 2)])
def test_queued_or_nested_effects(effects, yeti_damage):
    """hs.assume.queue, L66, L68: triggered effects wait in a queue (the real game), or, reading L66 'the effect
    fires instantly', resolve at once inside the effect that set them off (effects='nested'). Arcane Burst kills
    player 1's Scrap Golem and Abomination together; the Golem's Deathrattle (older, L68) summons a Scrap Heap,
    which sets off Knife Juggler's knife, thrown at a Mountain Yeti with Divine Shield. Queued, the knife waits
    behind the Abomination's 2 damage to all, which the shield absorbs, and then hits for 1; nested, the knife
    flies first and is absorbed, and the Abomination hits for 2."""
    game, ids = position(
        hand0=["arcane_burst"],
        board0=["mountain_yeti"],
        board1=["knife_juggler", "scrap_golem", "abomination"],
        chance="manual",
        effects=effects,
    )
    st = game.state
    (yeti,) = ids["board0"]
    st.objects[yeti] = {**st.objects[yeti], "shield": True}
    for oid in ids["board1"][1:]:  # one health left: the Burst kills both in one death phase
        st.objects[oid] = {**st.objects[oid], "dmg": st.objects[oid]["hp"] - 1}
    reopen(game)
    game.apply(f"play:{ids['hand0'][0]}")
    assert game.decision.kind == "random_target" and yeti in game.legal()
    game.apply(yeti)  # the knife's random enemy
    assert st.objects[yeti]["dmg"] == yeti_damage and not st.objects[yeti]["shield"]


@pytest.mark.parametrize("coin_first", [False, True])
def test_the_coin_before_or_after_the_mulligan(coin_first):
    """hs.assume.the_coin, L1508-1509: the second player 'takes four cards and gets a special card called the
    Coin', 'then' the players may swap any of their starting cards. By default (the real game) the Coin comes
    after the mulligan; with coin_before_mulligan it is one of the starting cards and may be swapped into the
    deck."""
    game = RB.new_game(seed=0, first="0", coin_before_mulligan=coin_first)
    game.apply("keep")  # player 0 first
    assert game.decision.kind == "mulligan" and game.decision.player == 1
    hand = game.state.zones["hand:1"]
    coins = [o for o in hand if card_of(game, o) == "the_coin"]
    assert len(hand) == (5 if coin_first else 4) and len(coins) == int(coin_first)
    if coin_first:
        game.apply(f"swap:{coins[0]}")
        while game.decision.kind != "action":  # the replacement is drawn
            game.apply(game.legal()[0])
        assert "the_coin" not in [card_of(game, o) for o in game.state.zones["hand:1"]]
        assert E.DECKS[1].left(game).get("the_coin") == 1
    else:
        game.apply("keep")
        assert "the_coin" in [card_of(game, o) for o in game.state.zones["hand:1"]]
