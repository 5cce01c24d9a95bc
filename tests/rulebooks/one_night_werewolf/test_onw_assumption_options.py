"""One Night Ultimate Werewolf: the other readings of its assumptions, as options (issue 13), each shown to
change an outcome. Lines cite 000_7fc8e0fd1bcbc422.txt."""

from test_onw_rules import vote

import tabletop as tt
from tabletop.games.one_night_werewolf.game import dealt

RB = tt.rulebook("one_night_werewolf")
# p0 Doppelganger (she copies the Hunter), p1 Hunter, p2 Werewolf, p3 Villager | centre: Seer, Villager, Werewolf
TWO_HUNTERS = ["doppelganger", "hunter", "werewolf", "villager", "seer", "villager", "werewolf"]


def test_hunter_chain_or_only_an_executed_hunter_shoots():
    """onw.assume.hunter_chain, L210, L225: Hunters 'always kill whom they point at if they themselves are
    executed'. Player 1 (Hunter) is executed and shoots player 0, a Doppelganger-Hunter who voted for the
    Werewolf. By default the shot Hunter shoots too and the village wins; read literally (hunter_chain=False)
    she was not executed, does not shoot, and the werewolf survives to win."""

    def night(**options):  # she copies the Hunter; player 2, the lone wolf, looks at nothing
        return dealt(TWO_HUNTERS, **options).apply("copy:1").apply("pass")

    chain = vote(night(), 2, 0, 1, 1)
    assert chain.result["dead"] == [0, 1, 2] and chain.result["rule"] == "onw.win.werewolf_dies"
    literal = vote(night(hunter_chain=False), 2, 0, 1, 1)
    assert literal.result["dead"] == [0, 1]
    assert literal.result["winners"] == [2]


def test_the_doppelganger_may_pass_and_stay_on_the_village_team():
    """onw.assume.doppel_must, L210: she 'may look' at another player's card and 'will become that role'.
    By default she must copy; with doppel_may_pass she may look at nobody and stays a Doppelganger, on the
    village team (onw.assume.teams), so a vote for the werewolf makes her a winner instead of a loser."""
    cards = ["doppelganger", "werewolf", "villager", "seer", "villager", "werewolf"]
    must = dealt(cards)
    assert must.decision.rule == "onw.doppelganger" and "pass" not in must.legal()
    must.apply("copy:1")  # she becomes a Werewolf (and wakes with player 1: no lone wolf)
    vote(must, 1, 0, 1)  # player 1 is executed
    assert must.result["dead"] == [1] and 0 not in must.result["winners"]
    may = dealt(cards, doppel_may_pass=True)
    may.apply("pass")
    assert may.decision.rule == "onw.lone_wolf"  # player 1 is now the only werewolf
    may.apply("pass")
    vote(may, 1, 0, 1)
    assert may.result["dead"] == [1] and 0 in may.result["winners"]


def test_a_lone_werewolf_beside_a_doppelganger_werewolf():
    """onw.assume.lone_wolf_counts_awake, L211, L216: 'if there is only 1 werewolf' it may view a centre card.
    With a Doppelganger-Werewolf awake beside him he is not alone by default; counting the Werewolf cards
    (lone_wolf_counts='cards') he is, and is asked to look."""
    cards = ["doppelganger", "werewolf", "villager", "seer", "villager", "werewolf"]
    awake = dealt(cards).apply("copy:1")
    assert awake.decision.kind == "vote"
    by_cards = dealt(cards, lone_wolf_counts="cards").apply("copy:1")
    assert by_cards.decision.rule == "onw.lone_wolf" and by_cards.decision.player == 1


def test_a_player_given_a_role_acts_as_it_when_wake_by_current():
    """onw.assume.no_new_action, L190, L221: the Troublemaker's swap makes 'these players now these roles'.
    By default a player whose card was changed does not act as the new role (the dealt Drunk acts); with
    wake_by='current' whoever holds the Drunk card when it is called wakes."""
    cards = ["troublemaker", "drunk", "villager", "werewolf", "werewolf", "seer"]
    dealt_game = dealt(cards).apply("swap:p1+p2")
    assert dealt_game.decision.player == 1 and dealt_game.decision.rule == "onw.drunk"
    current = dealt(cards, wake_by="current").apply("swap:p1+p2")
    assert current.decision.player == 2 and current.decision.rule == "onw.drunk"
