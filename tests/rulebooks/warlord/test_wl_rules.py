"""The rules of the text, each test citing its lines in both copies of the rulebook (004 L1-L113 and L150-L283):
the phases, initiative ties, orders until all pass, melee strike by strike, natural 1 and 20, Astral and
Ethereal, death, the reform at once and before Reacts, the polling order of Reacts, deck legality, deck-out."""

from fractions import Fraction

import pytest
from wl import COVENANT, FIRST, HORDE, RB, A, at, drive, game, one, side

from tabletop.core.deckrules import DeckError
from tabletop.games.warlord import engine as E
from tabletop.games.warlord.catalogue import DECK_RULES, starting_army


def orders(g, player=None):
    """Roll initiative 20 for player 0, 1 for the others, and stop at the first go."""
    return drive(g, [], ["20", *["1"] * 3], at("order", player))


def types(g):
    return [r["summary"] for r in g.trace]


# ------------------------------------------------------------------ set-up and the phases (L52-L66/L216-L236)
def test_the_starting_army_stands_in_ranks_of_three_two_and_one():
    """L52/L216: three level-1 characters in the first rank, two level-2 in the second, the Warlord in the third."""
    g = RB.new_game(seed=4, players=3)
    for p in range(3):
        levels = [[A.card(g, o)["level"] for o in r] for r in A.formation(g, p)]
        assert levels == [[1, 1, 1], [2, 2], [4]]
        w = A.warlord(g, p)
        assert w is not None and A.rank_of(g, w) == 3 and "Warlord" in A.card(g, w)["traits"]
        faction = A.card(g, w)["traits"][0]
        assert all(A.card(g, o)["traits"][0] == faction for o in A.army(g, p))


def test_the_ready_phase_readies_spent_cards_and_spends_stunned_ones():
    """L59/L223: spent cards become ready, stunned cards become spent."""
    g = game(
        side([[{"card": "ash_raider", "state": "spent"}, {"card": "pit_fighter", "state": "stunned"}], ["gorvash"]]),
        side(COVENANT),
    )
    orders(g)
    assert A.state_of(g, one(g, 0, "ash_raider")) == "ready"
    assert A.state_of(g, one(g, 0, "pit_fighter")) == "spent"


def test_the_first_draw_phase_simply_draws_five_and_later_ones_may_discard_first():
    """L61/L225: "On the first turn you simply draw 5"; later, discard any cards, then draw up to 5."""
    g = game(side(HORDE, ["parry"]), side(COVENANT))
    orders(g)
    assert len(g.state.zone("hand:0")) == 5 and len(g.state.zone("hand:1")) == 5
    assert not any(r["summary"].startswith("player") and "discard" in r["summary"] for r in g.trace)
    g.apply("pass")
    g.apply("pass")  # both passed in succession: turn 2
    g = drive(g, [], [], at("discard"))
    assert g.decision.player == 0 and "keep" in g.legal() and any(o.startswith("discard:") for o in g.legal())
    g.apply(next(o for o in g.legal() if o.startswith("discard:")))
    assert len(g.state.zone("hand:0")) == 4 and len(g.state.zone("discard:0")) == 1


def test_initiative_ties_for_the_highest_are_rolled_again_by_the_tied_players():
    """L63/L227: the highest roll goes first; players who roll the same highest value reroll (the Covenant's
    Warlord gives +2 to the roll, wl.assume.initiative)."""
    g = game(side(HORDE), side(HORDE), side(HORDE))
    g = drive(g, [], [], at("roll"))
    for face in ("9", "14", "14"):  # players 1 and 2 tie for the highest: they roll again
        g.apply(face)
    assert "players [1, 2] tie for the highest (14): they roll again" in types(g)
    g.apply("3")
    g.apply("18")
    g = drive(g, [], [], at("order"))
    assert g.state.vars["initiative"] == 2 and g.decision.player == 2
    g2 = game(side(HORDE), side(COVENANT))
    g2 = drive(g2, [], [], at("roll"))
    g2.apply("12")
    g2.apply("10")  # 12 against 10 + 2: a tie
    assert "players [0, 1] tie for the highest (12): they roll again" in types(g2)


def test_orders_go_clockwise_from_the_initiative_winner_one_at_a_time():
    """L66/L230: the initiative winner gives one order, then the player on the left, and so on."""
    g = game(side(HORDE), side(HORDE), side(HORDE))
    g = drive(g, [], ["2", "19", "5"], at("order"))
    seen = []
    for _ in range(4):
        seen.append(g.decision.player)
        g.apply(next(o for o in g.legal() if o.startswith("move:")))  # one order each (a maneuver)
        g = drive(g, [], [], at("order"))
    assert seen == [1, 2, 0, 1]


def test_a_pass_is_not_final_and_the_turn_ends_when_all_pass_in_succession():
    """L88/L258: a player who passed may still act later in the turn; L66/L230: the turn ends when all players
    pass in succession, and a new one begins with the Ready Phase."""
    g = orders(game(side(HORDE), side(HORDE), side(HORDE)))
    g.apply("pass")  # player 0
    g.apply(next(o for o in g.legal() if o.startswith("move:")))  # player 1 acts: the count starts again
    g = drive(g, [], [], at("order"))
    g.apply("pass")  # player 2
    g = drive(g, [], [], at("order"))
    assert g.decision.player == 0  # player 0, who passed, acts again
    g.apply(next(o for o in g.legal() if o.startswith("move:")))
    g = drive(g, [], [], at("order"))
    g.apply("pass")  # 1
    g.apply("pass")  # 2: two in succession, player 0 still to pass
    assert g.decision.kind == "order" and g.decision.player == 0 and g.state.turn["turns"] == 1
    g.apply("pass")  # 0: all three in succession
    assert g.state.turn["turns"] == 2 and g.decision.kind == "discard"
    assert "every player still in has passed: wl.orders_goes ends" in types(g)


# ------------------------------------------------------------------ melee strike by strike (L68-L69/L238-L239)
def test_an_attacker_is_spent_and_only_front_rank_characters_attack_the_first_rank():
    """L68/L238: spend a front-rank character; the first strike targets an opponent's first-rank character."""
    g = orders(game(side(HORDE), side(COVENANT)))
    attackers = [o.split(":")[1] for o in g.legal() if o.startswith("attack:")]
    assert attackers == [one(g, 0, "ash_brute")]  # Gorvash stands in rank 2
    g.apply(f"attack:{attackers[0]}")
    assert A.state_of(g, attackers[0]) == "spent"
    targets = {o.split(":")[1] for o in g.legal()}
    assert targets == {one(g, 1, "shieldbearer"), one(g, 1, "hammerman")}


def test_each_strike_chooses_its_target_after_the_last_and_the_attacker_may_stop():
    """L69/L239: with several ATK values the attacker now chooses the second strike's target, rolls with the
    second ATK, and so on, or decides to stop."""
    g = orders(game(side([["gorvash", "ash_raider"]]), side(COVENANT)))
    gorvash, sb = one(g, 0, "gorvash"), one(g, 1, "shieldbearer")
    g.apply(f"attack:{gorvash}")
    assert "stop" not in g.legal()  # the first strike must be made
    g.apply(f"target:{sb}")
    assert g.decision.kind == "roll"
    assert [r["summary"] for r in g.trace][-1].endswith("d20 +7 against AC 15")  # the first ATK, 7
    g.apply("hit")  # the Shieldbearer dies; rank 2 (two) outnumbers rank 1 (one): the reform comes first
    assert g.decision.kind == "reform" and g.decision.player == 1
    g = drive(g, ["reform:"], [], at("strike"))
    assert "stop" in g.legal() and f"target:{sb}" not in g.legal()
    g.apply(next(o for o in g.legal() if o.startswith("target:")))
    assert [r["summary"] for r in g.trace][-1].endswith(
        "d20 +7 against AC " + str(A.ac(g, g.state.vars["strike"]["target"]))
    )
    g.apply("miss")
    g.apply(next(o for o in g.legal() if o.startswith("target:")))
    assert "d20 +4" in [r["summary"] for r in g.trace][-1]  # the third ATK, 4
    g.apply("miss")
    assert g.decision.kind == "order"  # three strikes made: the attack is over


def test_a_natural_one_misses_and_a_natural_twenty_hits_whatever_modifies_the_roll():
    """L39/L203: a 1 always fails, a 20 always succeeds however high the target; L40/L204: otherwise the
    modified total must reach it."""
    assert E.chance_of(30, 10) == {"nat1": 1, "hit": 18, "nat20": 1}
    assert E.chance_of(-20, 40) == {"nat1": 1, "miss": 18, "nat20": 1}
    assert E.chance_of(5, 15) == {"nat1": 1, "miss": 8, "hit": 10, "nat20": 1}  # 10-19 hit (total 15-24)
    g = RB.scenario("natural-20")  # a Parry's -4 on the strike: +1 against AC 15
    options = {o["id"]: Fraction(o["ways"], o["of"]) for o in g.state.decision["options"]}
    assert options == {
        "nat1": Fraction(1, 20),
        "miss": Fraction(12, 20),
        "hit": Fraction(6, 20),
        "nat20": Fraction(1, 20),
    }
    target = g.state.vars["strike"]["target"]
    g.apply("nat20")
    assert not A.alive(g, target)


def test_an_ethereal_target_is_missed_on_odd_rolls_and_an_astral_one_on_even_rolls_but_hit_on_nineteen():
    """L111/L281: odd naturals miss an Ethereal character, even ones (20 too) an Astral one, 19 always hits an
    Astral one; spell attacks ignore this; both at once kill at once."""
    ethereal, astral = E.chance_of(100, 1, "ethereal"), E.chance_of(-100, 40, "astral")
    assert ethereal == {"nat1": 1, "miss": 9, "hit": 9, "nat20": 1}
    assert astral == {"nat1": 1, "miss": 18, "nat19": 1}
    assert E.chance_of(-100, 40, "astral", spell=True) == {"nat1": 1, "miss": 18, "nat20": 1}
    g = game(side([["ash_raider"], ["gorvash"]]), side([["mist_dancer"], ["lady_ysmere"]]))
    g = drive(g, ["attack:"], FIRST, at("strike"))
    g.apply(f"target:{one(g, 1, 'mist_dancer')}")
    odd = {o["id"]: o["ways"] for o in g.state.decision["options"]}
    # ATK 5 against AC 12: 7 or more hits, but every odd natural misses: 8, 10 ... 18 hit, 20 always
    assert odd == E.chance_of(5, 12, "ethereal") == {"nat1": 1, "miss": 12, "hit": 6, "nat20": 1}


def test_a_character_both_astral_and_ethereal_dies_at_once():
    """L111/L281: a character that gets both Astral and Ethereal is killed instantly."""
    g = orders(game(side([["astral_warden", "ash_raider"], ["gorvash"]], ["ether_charm"]), side(COVENANT)))
    warden = one(g, 0, "astral_warden")
    g.apply(f"equip:{one(g, 0, 'ether_charm')}>{warden}")
    assert not A.alive(g, warden) and f"Astral Warden ({warden}) is Astral and Ethereal at once: dead" in types(g)


def test_a_character_dies_at_its_hit_points_and_goes_with_its_items_to_the_discard_pile():
    """L68/L238: wounds at least the hit points kill; the character and all its items go to the discard pile."""
    champion = {"card": "iron_champion", "items": ["chain_mail"]}  # 2 hit points
    g = orders(game(side(HORDE), side([[champion, "hammerman"], ["forge_priest"], ["thane_brannoc"]])))
    c = one(g, 1, "iron_champion")
    g.apply(f"attack:{one(g, 0, 'ash_brute')}")  # ATK 8/6: two strikes
    for _ in range(2):
        assert A.alive(g, c)
        g.apply(f"target:{c}")
        g.apply("hit")
    assert not A.alive(g, c) and g.state.objects[c]["zone"] == "discard:1" and g.state.objects[c]["wounds"] == 0
    assert [g.state.objects[o]["card"] for o in g.state.zone("discard:1")] == ["chain_mail", "iron_champion"]


# ------------------------------------------------------------------ the reform (L46-L49/L210-L213)
def test_a_death_that_leaves_an_illegal_rank_is_reformed_at_once_before_reacts_to_it():
    """L47-L48/L211-L212: an illegal formation is corrected at once, before any action or effect, so a React to
    the death (Shield Wall) is polled only after it; L49/L213: a ready character moved forward becomes spent."""
    g = RB.scenario("reform-before-react")
    assert g.decision.kind == "reform" and g.decision.player == 1
    assert A.illegal(g, 1) == [2]
    summaries = types(g)
    assert summaries.index("player 1's formation is illegal: it is reformed at once") > summaries.index(
        "Covenant Shieldbearer (c23) has wounds equal to its hit points: dead"
    )
    assert not any("Shield Wall" in s for s in summaries)  # not offered yet
    priest = one(g, 1, "forge_priest")
    g.apply(f"reform:{priest}:1@0")
    assert A.state_of(g, priest) == "spent" and A.sizes(g, 1) == [2, 1, 1]
    assert g.decision.kind == "react" and g.decision.player == 1
    assert any("Shield Wall" in o["label"] for o in g.state.decision["options"])
    g.apply(next(o for o in g.legal() if o.startswith("react:")))
    front = A.formation(g, 1)[0]
    assert all(A.ac(g, o) == A.card(g, o)["ac"] + 2 for o in front)  # the front rank as it stands after the reform


def test_a_reform_moves_forward_into_any_rank_and_costs_a_state_per_move():
    """L49/L213: forward into any rank preferred, even one that becomes illegal; ready becomes spent, spent
    stunned, stunned stays stunned (wl.assume.reform_cost: per move)."""
    assert [A.pushed_forward(s) for s in A.STATES] == ["spent", "stunned", "stunned"]
    g = RB.scenario("reform-before-react")
    options = g.legal()
    assert all(o.startswith("reform:") for o in options)
    ranks_to = {o.split(":")[2].split("@")[0] for o in options}
    assert ranks_to == {"1"}  # rank 2 is the illegal one: only forward, to rank 1


def test_several_ranks_forward_in_one_move_unless_the_option_says_one():
    """L49/L213 "into any other rank you prefer" (wl.assume.reform_jump)."""
    army = [["shieldbearer"], [], ["forge_priest"], ["thane_brannoc"]]  # rank 2 empty: rank 3 is illegal
    g = drive(game(side(HORDE), side(army)), [], FIRST, at("reform"))
    assert {o.split(":")[2].split("@")[0] for o in g.legal()} >= {"1", "2"}
    g1 = drive(game(side(HORDE), side(army), reform_jump="one"), [], FIRST, at("reform"))
    assert {o.split(":")[2].split("@")[0] for o in g1.legal()} == {"2"}


def test_the_steady_ranks_react_lets_a_reform_cost_nothing():
    """L48/L212: card effects cannot avoid the cost of a reform, except "React: play when you reform an
    illegal rank"."""
    g = game(side(HORDE), side(COVENANT, ["steady_ranks"]))
    g = drive(g, ["attack:", "target:@shieldbearer"], [*FIRST, "hit"], at("react", 1))
    g.apply(next(o for o in g.legal() if o.startswith("react:")))
    priest = one(g, 1, "forge_priest")
    g.apply(f"reform:{priest}:1@0")
    assert A.state_of(g, priest) == "ready"


def test_bringing_a_character_never_makes_an_illegal_rank_and_counts_the_loyalty_penalty():
    """L77/L247: into the rank of its level, never into an illegal rank; L78-L79/L248-L249: a character of
    another faction one rank further back, a Mercenary never."""
    g = orders(game(side([["ash_raider"], ["gorvash"]], ["sellsword", "pit_fighter", "shieldbearer"]), side(COVENANT)))
    brings = [o for o in g.legal() if o.startswith("bring:")]
    names = {g.state.objects[o.split(":")[1].split("@")[0]]["card"] for o in brings}
    assert names == {"sellsword", "pit_fighter"}  # the Shieldbearer (level 1 + 1) would make rank 2 of 2
    assert A.placement_rank(g, 0, one(g, 0, "shieldbearer")) == 2
    assert A.placement_rank(g, 0, one(g, 0, "sellsword")) == 1


# ------------------------------------------------------------------ Reacts (L97/L267)
def test_reacts_are_polled_from_the_initiative_holder_clockwise_not_from_the_acting_player():
    """L97/L267: when several players want to React at once, begin with the player who holds the initiative this
    turn and go clockwise. Player 1 holds it; player 2 attacks player 0's Ash Raider: player 2 (Press the Attack)
    and player 0 (Parry) both may React, in the order 1, 2, 0 from the holder: player 2 first, though he is the
    one attacking, then player 0."""
    horde = [["ash_raider"], ["gorvash"]]
    g = game(side(horde, ["parry"]), side(horde, ["parry"]), side(horde, ["press_the_attack"]), players=3)
    g = drive(g, [], ["5", "19", "3"], at("order", 1))
    g.apply("pass")
    g = drive(g, [], [], at("order", 2))
    g.apply(next(o for o in g.legal() if o.startswith("attack:")))
    g.apply(f"target:{one(g, 0, 'ash_raider')}")
    polled = []
    while g.decision.kind == "react":
        polled.append(g.decision.player)
        g.apply(next(o for o in g.legal() if o.startswith("react:")))
    assert polled == [2, 0]  # player 1 has no React for it: player 2 (after the holder), then player 0
    assert g.state.vars["strike"]["mods"] == [2, -4]


def test_one_card_reacts_to_an_event_once_but_copies_may_each_react():
    """L97/L267: a card cannot react to the same event more than once; different copies may."""
    g = game(side(HORDE), side(COVENANT, ["parry", "parry"]))
    g = drive(g, ["attack:", "target:@shieldbearer"], FIRST, at("react", 1))
    first = g.legal()
    g.apply(first[0])
    again = [o for o in g.legal() if o.startswith("react:")]
    assert again and all(o.split(":")[1] != first[0].split(":")[1] for o in again)
    g.apply(again[0])
    assert g.state.vars["strike"]["mods"] == [-4, -4] and g.decision.kind == "roll"


# ------------------------------------------------------------------ deck rules (L92/L262, L109/L279)
def test_decks_hold_fifty_cards_three_copies_and_no_type_over_half():
    """L92/L262: at least 50 cards, at most 3 copies of a card, no card type more than half the deck."""
    for name, deck in RB.cards.decks.items():
        assert len(deck["cards"]) >= 50 and not DECK_RULES.check(deck["cards"], RB.cards, name=name)
    deck = list(RB.cards.decks["horde"]["cards"])
    with pytest.raises(DeckError, match="at least 50"):
        DECK_RULES.validate(deck[:-1], RB.cards)
    with pytest.raises(DeckError, match="at most 3"):
        DECK_RULES.validate([*deck[:-1], "ash_raider"], RB.cards)
    actions = [c for c in deck if RB.cards[c]["type"] == "action"]
    for c in actions[:6]:
        deck.remove(c)
    deck += ["shieldbearer"] * 3 + ["hammerman"] * 3  # 26 characters of 50
    with pytest.raises(DeckError, match="26 of the 50 cards have type 'character'"):
        DECK_RULES.validate(deck, RB.cards)


def test_a_deck_needs_a_legal_starting_army():
    """L92/L262, L52/L216: the deck must hold the characters of a legal starting army."""
    deck = list(RB.cards.decks["horde"]["cards"])
    assert starting_army(RB.cards, deck, "gorvash")[0] == "gorvash"
    with pytest.raises(ValueError, match="level-1"):
        ones = [c for c in deck if RB.cards[c]["type"] == "character" and RB.cards[c]["level"] == 1]
        starting_army(RB.cards, [c for c in deck if c not in ones] + ["ash_raider"] * 2, "gorvash")


def test_running_out_of_cards_is_no_loss_and_the_deck_is_not_reshuffled():
    """L109/L279: no penalty for an empty deck, and no reshuffle."""
    g = game(side(HORDE, deck={}), side(COVENANT, deck={}))
    g = orders(g)
    assert len(g.state.zone("hand:0")) == 0 and not g.over
    assert "player 0's deck is empty: no penalty, no reshuffle" in types(g)
