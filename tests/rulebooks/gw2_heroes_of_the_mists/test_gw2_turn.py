"""The opening, stamina and the turn, from 000_7fc8e0fd1bcbc422.txt: the opening draw and its one replacement
(L116), stamina under both readings (L108, L117-L118, L124, gw2.assume.stamina), the draw of each turn (L117),
summoned cards inactive until the end of their turn (L119) unless they have Fury (L146), and the loss at 80
damage (L109, L122, L126)."""

from gw2 import RB, attack, end_turn, game, hero, minion, table, wounds

from tabletop.games.gw2_heroes_of_the_mists import engine as E


def _hand(g, p):
    return list(g.state.zone(f"hand:{p}"))


def test_the_opening_draws_three_each_then_each_may_replace_any_once():
    """L116: "You begin by drawing three cards from the top of the deck ... you may replace any of these cards
    with new ones taken from the top of the deck (shuffle the deck after the replacement)"."""
    g = RB.new_game(seed=3)  # (chance is sampled: the six draws are made)
    draws = [r for r in g.trace.of_kind("action") if r["summary"].endswith("draws a card")]
    assert len(draws) == 6 and len(_hand(g, 0)) == 3 and len(_hand(g, 1)) == 3
    assert g.decision.kind == "subset" and g.decision.player == 0
    assert len(g.legal()) == 8  # every subset of the three: replace any of them
    kept, *swapped = _hand(g, 0)
    names = sorted(g.state.objects[o]["card"] for o in swapped)
    g.apply("pick:" + "+".join(swapped))
    assert g.decision.kind == "subset" and g.decision.player == 1  # once: player 0 is not asked again
    hand = _hand(g, 0)
    assert len(hand) == 3 and kept in hand and not set(swapped) & set(hand)
    for o in swapped:  # the replaced cards went back into the deck, anonymous again
        assert g.state.objects[o]["zone"] == "deck:0" and g.state.objects[o].get("card") is None
    left = E.DECKS[0].left(g.table)
    assert sum(left.values()) == 37 and all(left[n] >= 1 for n in names)
    assert any("shuffles the deck" in r["summary"] for r in g.trace.of_kind("action"))
    g.apply("pick:none")
    assert g.decision.kind == "action" and len(_hand(g, 0)) == 4  # player 0's first turn: L117 draws one


def _stamina_by_turn(turns, **options):
    g = game(**options)
    seen = []
    for _ in range(turns):
        p = g.state.turn["player"]
        seen.append((p, E.stamina(g.table, p)))
        end_turn(g)
    return seen


def test_stamina_as_an_allowance_grows_by_one_a_turn_from_one_and_two():
    """L124: "You start the first turn with 1 stamina and get an additional one each turn"; L118: "The player
    who starts second starts with 2" (gw2.assume.stamina, the default reading: an allowance)."""
    seen = _stamina_by_turn(6)
    assert seen == [(0, 1), (1, 2), (0, 2), (1, 3), (0, 3), (1, 4)]


def test_stamina_allowance_stops_at_twenty_and_what_is_unspent_is_lost():
    """L124: "up to a maximum of 20"."""
    g = game({"turns": 25, "hand": ["moa"], "deck": {"rytlock": 5}})
    assert E.stamina(g.table, 0) == 20
    g.apply(next(o for o in g.legal() if o.startswith("play:")))  # moa costs 1
    assert E.stamina(g.table, 0) == 19
    end_turn(g)
    end_turn(g)
    assert E.stamina(g.table, 0) == 20  # refilled, not 19 + 1


def test_stamina_as_a_pool_carries_over_gaining_one_a_turn():
    """gw2.assume.stamina, option stamina "pool": L108 / L117 "each turn ... gets one unit of stamina", kept."""
    seen = _stamina_by_turn(6, stamina="pool")
    assert seen == [(0, 1), (1, 2), (0, 2), (1, 3), (0, 3), (1, 4)]  # nothing spent: the same numbers
    g = game({"hand": ["moa"], "stamina": 4, "deck": {"rytlock": 5}}, stamina="pool")
    assert E.stamina(g.table, 0) == 5
    g.apply(next(o for o in g.legal() if o.startswith("play:")))
    end_turn(g)
    end_turn(g)
    assert E.stamina(g.table, 0) == 5  # 5 - 1 + 1: the unspent stamina stayed
    g = game({"stamina": 20}, stamina="pool")
    assert E.stamina(g.table, 0) == 20  # L124: at most 20


def test_the_pool_and_the_allowance_differ_once_stamina_is_left_unspent():
    a = game({"turns": 3, "stamina": 3}, stamina="allowance")
    b = game({"turns": 3, "stamina": 3}, stamina="pool")
    for g in (a, b):
        end_turn(g)
        end_turn(g)
    assert E.stamina(a.table, 0) == 5 and E.stamina(b.table, 0) == 5  # 3 + 1 + 1 unspent in the pool
    a2 = game({"turns": 3, "stamina": 0}, stamina="pool")
    assert E.stamina(a2.table, 0) == 1 and E.stamina(game({"turns": 3}).table, 0) == 4


def test_each_turn_draws_one_card():
    """L117: "At the start of each turn you draw one card"."""
    g = game()
    assert len(_hand(g, 0)) == 1 and E.DECKS[0].size(g.table) == 39
    end_turn(g)
    assert len(_hand(g, 1)) == 1
    end_turn(g)
    assert len(_hand(g, 0)) == 2


def test_a_cost_is_paid_in_stamina_and_a_dear_card_is_not_offered():
    """L108, L115: "To put a skill or a minion on the table you must spend stamina"."""
    g = game({"hand": ["moa", "rytlock"], "deck": {"skale": 5}})
    offered = [o for o in g.legal() if o.startswith("play:")]
    assert len(offered) == 2  # moa (1) and the skale drawn (1); not Rytlock (8)
    why = [e for e in g.why_not() if e["rule"] == "gw2.play"]
    assert [g.state.objects[e["about"]]["card"] for e in why] == ["rytlock"]


def test_a_summoned_card_is_inactive_until_the_end_of_its_turn():
    """L119: "When you summon a card onto the table it must lie horizontally, as it is not active. At the end of
    your turn, the cards are turned and activated."; L129: then it attacks any card or the opponent's hero."""
    g = game({"hand": ["moa"], "deck": {"rytlock": 5}})
    g.apply(next(o for o in g.legal() if o.startswith("play:")))
    m = table(g, 0, "moa")[0]
    assert not g.state.objects[m]["active"] and not [o for o in g.legal() if o.startswith("attack:")]
    assert any(e["rule"] == "gw2.inactive" for e in g.why_not())
    end_turn(g)
    assert g.state.objects[m]["active"]
    end_turn(g)
    assert f"attack:{m}>{hero(g, 1)}" in g.legal()


def test_fury_attacks_on_the_turn_it_is_summoned():
    """L146: "When you summon a card with Fury, you may attack with it on the same turn"."""
    g = game({"hand": ["pirate_brawler"], "turns": 1, "deck": {"rytlock": 5}})
    g.apply(next(o for o in g.legal() if o.startswith("play:")))
    m = table(g, 0, "pirate_brawler")[0]
    assert not g.state.objects[m]["active"]
    attack(g, m, hero(g, 1))
    assert wounds(g, hero(g, 1)) == 2


def test_the_first_hero_to_receive_80_damage_loses():
    """L126: "The first hero that has received 80 damage loses"; L109, L122."""
    g = game({"table": [minion("bandit_thug")]}, {"hero": {"wounds": 76}})
    attack(g, table(g, 0)[0], hero(g, 1))
    assert not g.over and wounds(g, hero(g, 1)) == 79
    end_turn(g)
    end_turn(g)
    attack(g, table(g, 0)[0], hero(g, 1))
    assert g.over and g.result["winners"] == [0] and g.result["rule"] == "gw2.win"


def test_the_hero_takes_no_damage_when_attacking_a_card():
    """L129: "You (as the hero) do not take damage when you attack a card"; L120: the attacking card does."""
    g = game({"table": [minion("charr_legionnaire")]}, {"table": [minion("centaur_spearman")]})
    a, b = table(g, 0)[0], table(g, 1)[0]
    attack(g, a, b)
    assert wounds(g, b) == 3 and wounds(g, a) == 3 and wounds(g, hero(g, 0)) == 0


def test_a_minion_at_zero_health_goes_to_the_discard():
    """L127: "When a minion dies (0 health) it goes to the discard"."""
    g = game({"table": [minion("bandit_thug")]}, {"table": [minion("dredge_miner", Might=1)]})
    a, b = table(g, 0)[0], table(g, 1)[0]
    attack(g, a, b)  # 3 into health 3; the Dredge Miner's 2 + 1 back into health 2
    assert g.state.objects[a]["zone"] == "discard:0" and g.state.objects[b]["zone"] == "discard:1"
    assert g.state.objects[b].get("statuses", {}) == {}  # its tokens go with it


def test_the_first_player_option():
    g = RB.new_game(seed=0, first_player=1)
    assert g.decision.player == 1  # gw2.assume.first_player: the first player replaces first


def test_a_game_nobody_can_win_any_more_is_a_draw():
    """gw2.assume.stalemate: no card in a deck or hand, nothing on a table that could damage a hero (L126 cannot
    happen any more); a minion that can deal damage keeps the game going."""
    g = RB.new_game(seed=0, layout={"0": {"deck": {}}, "1": {"deck": {}}})
    assert g.over and g.result["winners"] == [] and g.result["rule"] == "gw2.assume.stalemate"
    g = game({"deck": {}, "table": [minion("moa")]}, {"deck": {}})
    assert not g.over
    attack(g, table(g, 0)[0], hero(g, 1))
    assert wounds(g, hero(g, 1)) == 1 and not g.over
    g = RB.new_game(seed=0, layout={"0": {"deck": {}, "table": [minion("moa", Weakness=1)]}, "1": {"deck": {}}})
    assert g.over  # 1 halved is 0 damage and g.result["rule"] == "gw2.assume.stalemate"
