"""The narrator's script from the trace (000_7fc8e0fd1bcbc422.txt L183-202, L209-224, lines cited)."""

import re

import pytest

import tabletop as tt
from tabletop.games.one_night_werewolf import narration, narrator_lines
from tabletop.games.one_night_werewolf.game import dealt

RB = tt.rulebook("one_night_werewolf")


def night_of_order_scenario(name):
    """Robber (0) robs player 3, Troublemaker (1) swaps players 0 and 2; the lone wolf (2) looks at nothing."""
    game = RB.scenario(name)
    for option in ("pass", "swap:p3", "swap:p0+p2") if name == "call-order-text" else ("pass", "swap:p0+p2", "swap:p3"):
        game.apply(option)
    assert game.decision.kind == "vote"
    return game


def spoken(game, mode="public"):
    return [ln.text for ln in narrator_lines(game, mode) if ln.spoken]


def test_l183_l202_the_script_opens_and_closes_the_night():
    """L183 "Everyone, close your eyes" ... L202 "Everyone, wake up!", each line citing its rule."""
    game = night_of_order_scenario("call-order-text")
    text = narration(game).splitlines()
    assert text[0] == "Everyone, close your eyes.  [onw.close_eyes: 000_7fc8e0fd1bcbc422.txt L184]"
    assert text[-1] == "Everyone, wake up!  [onw.wake_up: 000_7fc8e0fd1bcbc422.txt L202]"
    assert all(line.endswith("]") and "000_7fc8e0fd1bcbc422.txt L" in line for line in text)


def test_l185_l200_l209_each_role_in_play_is_called_in_the_text_order():
    """L185-200, L209-224: werewolves, then the Seer, Robber, Troublemaker; each wakes and closes its eyes."""
    game = night_of_order_scenario("call-order-text")
    lines = spoken(game)
    assert lines[1] == "Werewolves, wake up and look for other werewolves."
    assert lines[2].startswith("If there is only one werewolf")  # L216, the lone wolf option is on by default
    assert lines[3] == "Werewolves, close your eyes."
    wakes = [ln.split(",")[0] for ln in lines if "wake up" in ln and ln != "Everyone, wake up!"]
    assert wakes == ["Werewolves", "Seer", "Robber", "Troublemaker"]
    rules = [ln.rule for ln in narrator_lines(game) if "wake up" in ln.text]
    assert rules == ["onw.werewolf", "onw.seer", "onw.robber", "onw.troublemaker", "onw.wake_up"]


def test_l175_public_mode_calls_a_role_in_the_centre_and_reveals_nothing():
    """L175: the roles in play are public; the narrator calls the Seer though her card is in the centre, and
    the public script is the same whoever holds which card and whatever they did."""
    game = night_of_order_scenario("call-order-text")
    assert "Seer, wake up." in narration(game)
    other = dealt(["werewolf", "villager", "seer", "troublemaker", "robber", "werewolf", "villager"])
    for option in ("view:c1", "view:p0", "swap:p0+p2", "pass"):
        if other.decision.kind != "action":
            break
        opts = [o.id for o in other.decision.options]
        other.apply(option if option in opts else opts[-1])
    assert other.decision.kind == "vote"
    assert narration(other) == narration(game)
    public = narration(game)
    assert not re.search(r"player \d|swaps|looks at|villager|nothing", public)


def test_l220_l221_full_mode_tells_who_woke_and_what_they_did():
    """L220 the Robber exchanges and looks; L221 the Troublemaker swaps two others: the full script says who."""
    game = night_of_order_scenario("call-order-text")
    full = narration(game, "full")
    assert "    (player 0 wakes)  [onw.robber: 000_7fc8e0fd1bcbc422.txt L220]" in full
    assert (
        "    (player 0 swaps player 0's card and player 3's card)  [onw.robber: 000_7fc8e0fd1bcbc422.txt L220]" in full
    )
    assert "(player 1 swaps player 0's card and player 2's card)" in full
    assert "    (nobody wakes: the card is in the centre)  [onw.seer: 000_7fc8e0fd1bcbc422.txt L219]" in full
    assert "(players [3] never wake at night)  [onw.never_wake: 000_7fc8e0fd1bcbc422.txt L181]" in full
    # the full script contains the public one, in the same order
    assert spoken(game, "full") == spoken(game)
    assert full.index("(player 0 wakes)") < full.index("Robber, close your eyes.") < full.index("(player 1 wakes)")


def test_l209_the_teaching_order_is_narrated_as_played():
    """L209 (onw.assume.order_option): with the Troublemaker called first the script follows that order."""
    game = night_of_order_scenario("call-order-swapped")
    lines = narrator_lines(game)
    wakes = [ln for ln in lines if ln.text.split(",")[0] in ("Robber", "Troublemaker") and "wake up" in ln.text]
    assert [ln.text.split(",")[0] for ln in wakes] == ["Troublemaker", "Robber"]
    assert {ln.rule for ln in wakes} == {"onw.assume.order_option"}


def test_l210_l213_doppelganger_and_the_minion_line():
    """L210 the Doppelganger copies; L212 a copied Seer acts at once; L213 a Doppelganger-Minion sees the wolves."""
    game = RB.scenario("doppelganger")
    game.apply("copy:3")  # she copies the Seer and looks at once
    assert "Doppelganger, wake up" in narration(game)
    full = narration(game, "full")
    assert "becomes seer" in full and "Doppelganger, close your eyes." not in full  # her Seer look is pending
    game.apply("view:p1")
    full = narrator_lines(game, "full")
    close = [ln.text for ln in full].index("Doppelganger, close your eyes.")
    assert (
        full[close - 1].rule == "onw.doppel.immediate" and "looks at player 1's card (robber)" in full[close - 1].text
    )
    minion = dealt(["doppelganger", "minion", "werewolf", "villager", "robber", "troublemaker", "werewolf"])
    minion.apply("copy:1")
    lines = spoken(minion)
    k = lines.index("Doppelganger, close your eyes.")
    assert lines[k - 1].startswith("Doppelganger, if you viewed the Minion card")
    assert [ln.rule for ln in narrator_lines(minion) if ln.text.startswith("Doppelganger, if you viewed the M")] == [
        "onw.doppel.minion"
    ]


def test_a_freshly_dealt_game_and_a_bad_mode():
    """Before the night nothing is said; an unknown mode is an error."""
    game = RB.new_game(seed=1, players=3, chance="manual")
    assert narration(game) == ""
    with pytest.raises(ValueError, match="public"):
        narration(game, "secret")
