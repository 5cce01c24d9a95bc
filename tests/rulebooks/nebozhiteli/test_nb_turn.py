"""The turn in the text's order (003 L34-L80): refills (L35), running out of cards in both readings (L35,
nb.assume.deck_out), actions (L36) and turning back (L36)."""

import pytest
from nb import RB, game, mana, one, side, subs, until


def test_the_turn_has_the_phases_of_the_text_in_its_order():
    """L34-L80: start of turn, summoning, equipment, ranged attack and its damage, attackers, blockers, damage,
    end of turn; then L80: the turn passes to the opponent."""
    g = game()
    until(g, lambda g: g.state.turn["player"] == 1)
    assert subs(g)[:9] == [
        "start", "summoning", "equipment", "ranged", "ranged_damage", "attackers", "blockers", "damage", "end"
    ]  # fmt: skip
    assert subs(g)[9] == "start" and g.state.turn["number"] == 2


def test_the_first_turn_refills_the_summoning_field_to_five_and_the_hand_to_seven():
    """L35: fewer than five on the summoning field: cards from the creature deck; fewer than seven in hand:
    cards from the main deck (16 and 40 cards, L32)."""
    g = RB.new_game(seed=4)
    st = g.state
    assert len(st.zone("summoning:0")) == 5 and len(st.zone("hand:0")) == 7
    assert len(st.zone("creatures:0")) == 16 - 5 and len(st.zone("main:0")) == 40 - 7
    assert len(st.zone("summoning:1")) == 0 and len(st.zone("hand:1")) == 0  # only the active player (L35)


def test_refills_only_fill_up_what_is_missing():
    """L35: "fewer than seven ... up to seven": a hand of 5 draws 2, a field of 4 gets 1."""
    g = game(side(hand=["blessing"] * 5, summoning=[{"card": "elf_scout"}] * 4))
    assert len(g.state.zone("hand:0")) == 7 and len(g.state.zone("main:0")) == 40 - 2
    assert len(g.state.zone("summoning:0")) == 5 and len(g.state.zone("creatures:0")) == 16 - 1


@pytest.mark.parametrize(
    "main, hand, empty_after_refill, refill_incomplete",
    [
        ({"blessing": 7}, [], True, False),  # the refill takes the last card: the deck is empty after it
        ({"blessing": 6}, [], True, True),  # the refill cannot be completed: both readings lose
        ({}, ["blessing"] * 7, True, False),  # an empty deck, but no refill needed
        ({"blessing": 8}, [], False, False),  # a card is left: nobody loses
    ],
)
def test_running_out_of_cards_in_both_readings(main, hand, empty_after_refill, refill_incomplete):
    """L35: "If the active player has run out of cards in the creature deck or in the main deck, he loses";
    nb.assume.deck_out reads it as a deck empty after the refills (default) or as a refill that could not be
    completed (option deck_out)."""
    for reading, loses in (("empty_after_refill", empty_after_refill), ("refill_incomplete", refill_incomplete)):
        g = game(side(hand=hand, main=main), deck_out=reading)
        assert g.over == loses, reading
        if loses:
            assert g.result["winners"] == [1] and g.result["rule"] == "nb.deck_out"


def test_an_empty_creature_deck_loses_too():
    """L35: "in the creature deck or in the main deck"."""
    g = game(side(creatures={}))
    assert g.over and g.result["winners"] == [1] and "creature deck" in g.result["reason"]


def test_the_active_player_gets_four_actions_and_loses_those_left():
    """L36: 4 actions; nb.assume.actions: unspent actions are lost (option actions_carry keeps them)."""
    for carry, expected in ((False, 4), (True, 8)):
        g = game(actions_carry=carry)
        assert g.state.players[0]["actions"] == 4
        until(g, lambda g: g.state.turn["number"] == 3)  # player 0's next turn; he spent nothing
        assert g.state.players[0]["actions"] == expected, carry


def test_the_active_players_turned_creatures_turn_back_at_the_start_of_his_turn():
    """L36: all turned creatures of the active player on the playing field are turned back (not the passive
    player's)."""
    g = game(side([{"card": "skeleton", "tapped": True}]), side([{"card": "ghoul", "tapped": True}]))
    assert not g.state.objects[one(g, "field:0", "skeleton")]["tapped"]
    assert g.state.objects[one(g, "field:1", "ghoul")]["tapped"]


def test_at_the_start_of_your_turn_abilities_happen():
    """L36: 'At the start of your turn...' (the Ghoul restores 1 life), summed in the start phase (L76)."""
    g = game(side([{"card": "ghoul", "lives": 1}]))
    assert g.state.objects[one(g, "field:0", "ghoul")]["lives"] == 2


def test_the_players_start_with_the_mana_of_the_option():
    """nb.assume.starting_mana (outside the text): 20, or option starting_mana."""
    assert mana(game(), 0) == 20 and mana(game(starting_mana=7), 1) == 7
