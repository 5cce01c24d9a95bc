"""One Night Ultimate Werewolf, tested from the text (000_7fc8e0fd1bcbc422.txt, lines cited)."""

import pytest

import tabletop as tt
from tabletop.games.one_night_werewolf.game import dealt, executed, role_set

RB = tt.rulebook("one_night_werewolf")
BASIC3 = ["seer", "robber", "troublemaker", "werewolf", "werewolf", "villager"]  # p0 p1 p2 | centre


def roles(game):
    return {int(p): r for p, r in game.result["roles"].items()} if game.result else None


def seen(game, player):
    """The positions whose card ``player`` can see, with the role."""
    return {oid: o["role"] for oid, o in game.view(player)["objects"].items() if not o.get("hidden")}


def vote(game, *targets):
    for t in targets:
        assert game.decision.kind == "vote"
        game.apply(f"vote:{t}")
    return game


def test_l164_three_to_ten_players():
    """L164: 3-10 players."""
    assert RB.players == (3, 10)
    for n in (2, 11):
        with pytest.raises(tt.RulebookOptionError):
            RB.new_game(players=n)


def test_l171_l174_role_sets_have_three_more_cards_than_players():
    """L171-174: 3 players: 2 werewolves, seer, robber, troublemaker, 1 villager; +1, +2 villagers; always n+3."""
    assert role_set(3) == sorted(["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"])
    assert role_set(4) == sorted([*role_set(3), "villager"])
    assert role_set(5) == sorted([*role_set(3), "villager", "villager"])
    for n in range(3, 11):
        game = RB.new_game(seed=n, players=n)
        assert len(game.state.vars["roles"]) == n + 3
        assert len(game.state.zones["centre"]) == 3 and len(game.state.zones["table"]) == n


def test_l174_l218_l226_role_set_checks():
    """L174 n+3 cards; L218 both Masons; L226 Insomniac only with Robber or Troublemaker."""
    with pytest.raises(tt.RulebookOptionError, match="L174"):
        RB.new_game(players=3, roles="werewolf,seer,robber")
    with pytest.raises(tt.RulebookOptionError, match="L218"):
        RB.new_game(players=3, roles="werewolf,werewolf,seer,robber,mason,villager")
    with pytest.raises(tt.RulebookOptionError, match="L226"):
        RB.new_game(players=3, roles="werewolf,werewolf,seer,insomniac,villager,villager")


def test_l176_the_deal_is_a_chance_decision():
    """L176: shuffle and deal one card to each player, three to the centre: chance, weighted by the cards left."""
    game = RB.new_game(players=3, chance="manual")
    dec = game.decision
    assert dec.player == tt.CHANCE and dec.kind == "shuffle"
    probs = {o.id: o.probability for o in dec.options}
    assert probs["werewolf"] == pytest.approx(2 / 6) and probs["seer"] == pytest.approx(1 / 6)


def test_l177_each_player_sees_only_their_own_card():
    """L177: each player secretly looks at their card; the centre stays hidden."""
    game = dealt(BASIC3)
    for p, r in enumerate(BASIC3[:3]):
        assert seen(game, p) == {f"p{p}": r}
    assert seen(game, None) == {}


def test_l215_werewolves_see_each_other():
    """L215: the werewolves open their eyes and see each other."""
    game = dealt(["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"])
    assert seen(game, 0) == {"p0": "werewolf", "p1": "werewolf"}
    assert seen(game, 2) == {"p2": "seer"}


def test_l216_lone_wolf_may_view_one_centre_card():
    """L216: if there is only 1 werewolf, that werewolf may view one centre card (an option)."""
    deal = ["werewolf", "seer", "robber", "troublemaker", "werewolf", "villager"]
    game = dealt(deal)
    assert game.decision.player == 0 and game.decision.rule == "onw.lone_wolf"
    assert [o.id for o in game.decision.options] == ["view:c0", "view:c1", "view:c2", "pass"]
    game.apply("view:c1")
    assert seen(game, 0) == {"p0": "werewolf", "c1": "werewolf"}
    off = dealt(deal, lone_wolf=False)
    assert off.decision.player == 1  # straight to the Seer


def test_l217_minion_sees_the_werewolves_but_not_the_reverse():
    """L217: the Minion knows who the werewolves are; the werewolves don't know the Minion."""
    game = dealt(["werewolf", "werewolf", "minion", "seer", "villager", "villager", "robber"])
    assert seen(game, 2) == {"p0": "werewolf", "p1": "werewolf", "p2": "minion"}
    assert "p2" not in seen(game, 0)


def test_l218_masons_see_each_other():
    """L218: Masons wake and look at each other."""
    game = dealt(["mason", "mason", "seer", "werewolf", "werewolf", "villager"])
    assert seen(game, 0) == {"p0": "mason", "p1": "mason"}


def test_l219_seer_views_a_player_or_two_centre_cards():
    """L219: the Seer may look at one player's card or two centre cards."""
    game = dealt(BASIC3)
    ids = [o.id for o in game.decision.options]
    assert ids == ["view:p1", "view:p2", "view:c0+c1", "view:c0+c2", "view:c1+c2", "pass"]
    game.apply("view:c0+c2")
    assert seen(game, 0) == {"p0": "seer", "c0": "werewolf", "c2": "villager"}


def test_l220_robber_swaps_and_looks_at_his_new_card():
    """L220, L194-195: the Robber exchanges his card with another player's and then views the new card."""
    game = dealt(BASIC3).apply("pass")
    assert game.decision.player == 1 and game.decision.rule == "onw.robber"
    game.apply("swap:p0")
    assert seen(game, 1) == {"p1": "seer", "p0": "robber"}
    assert seen(game, 0) == {}  # the robbed Seer no longer knows her card (L205)


def test_l221_troublemaker_swaps_two_others_without_looking():
    """L221: the Troublemaker swaps two other players' cards without looking; they are now those roles."""
    game = dealt(BASIC3).apply("pass").apply("pass")
    assert all("p2" not in o.id for o in game.decision.options)
    game.apply("swap:p0+p1")
    assert seen(game, 2) == {"p2": "troublemaker"}
    vote(game, 1, 2, 0)
    assert roles(game) == {0: "robber", 1: "seer", 2: "troublemaker"}


def test_l222_drunk_must_swap_with_a_centre_card_without_looking():
    """L222: the Drunk must exchange his card with a centre card and does not look at it."""
    game = dealt(["drunk", "seer", "villager", "werewolf", "werewolf", "robber"], roles="")
    game.apply("pass")  # the Seer
    assert game.decision.player == 0 and [o.id for o in game.decision.options] == ["swap:c0", "swap:c1", "swap:c2"]
    game.apply("swap:c1")
    assert seen(game, 0) == {"c1": "drunk"}  # he knows where his old card went, not what he holds
    vote(game, 1, 2, 0)
    assert roles(game)[0] == "werewolf"


def test_l223_insomniac_sees_that_her_card_changed():
    """L223: the Insomniac checks her card one last time."""
    game = dealt(["insomniac", "robber", "villager", "werewolf", "werewolf", "seer"])
    game.apply("swap:p0")  # the Robber takes the Insomniac card
    assert game.decision.player == 0  # she still wakes: the player dealt the role (onw.assume.wake_by_dealt)
    game.apply("look")
    assert seen(game, 0) == {"p0": "robber"}


def test_l190_wake_by_current_holder_is_an_option():
    """L190 (assumption): with wake_by='current' the robbed Insomniac card wakes its new holder."""
    game = dealt(["insomniac", "robber", "villager", "werewolf", "werewolf", "seer"], wake_by="current")
    game.apply("swap:p0")
    assert game.decision.player == 1


def test_l210_doppelganger_copies_a_villager_and_sleeps():
    """L210: a Doppelganger who saw a Villager is a Villager and does nothing more."""
    game = dealt(["doppelganger", "villager", "seer", "werewolf", "werewolf", "robber"])
    game.apply("copy:1")
    assert game.decision.player == 2  # the Seer
    game.apply("pass")
    vote(game, 1, 2, 0)
    assert roles(game)[0] == "villager"


def test_l211_doppelganger_werewolf_wakes_with_the_werewolves():
    """L211, L216: a Doppelganger-Werewolf wakes with the werewolves (so no lone wolf)."""
    game = dealt(["doppelganger", "werewolf", "seer", "werewolf", "villager", "robber"])
    game.apply("copy:1")
    # player 1 sees her wake as a werewolf, not her card (which is the Doppelganger)
    assert seen(game, 1) == {"p1": "werewolf"}
    assert game.decision.player == 2  # no lone-wolf decision: two werewolves woke


def test_l212_doppelganger_robber_acts_at_once_and_the_robber_still_wakes():
    """L212: a Doppelganger who saw the Robber robs at once, and does not wake again at the Robber's call."""
    game = dealt(["doppelganger", "robber", "werewolf", "seer", "villager", "villager", "werewolf"])
    game.apply("copy:1")
    assert game.decision.player == 0 and game.decision.rule == "onw.doppel.immediate"
    game.apply("swap:p2")  # she takes the Werewolf card: now she is a werewolf
    assert seen(game, 0) == {"p0": "werewolf", "p1": "robber", "p2": "doppelganger"}
    assert game.decision.player == 2 and game.decision.rule == "onw.lone_wolf"  # dealt the Werewolf, she wakes
    game.apply("pass").apply("pass")  # the lone wolf, the Seer
    assert game.decision.player == 1  # the Robber's own call
    game.apply("swap:p2")  # the Robber takes the Doppelganger card, which is a Robber now
    vote(game, 1, 2, 0, 0)
    assert roles(game) == {0: "werewolf", 1: "robber", 2: "robber", 3: "seer"}


def test_l213_doppelganger_minion_sees_the_werewolves():
    """L213: a Doppelganger who saw the Minion sees the werewolves at the end of her phase."""
    game = dealt(["doppelganger", "minion", "werewolf", "werewolf", "seer", "robber", "villager"])
    game.apply("copy:1")
    assert {"p2", "p3"} <= set(seen(game, 0))


def test_l214_doppelganger_insomniac_looks_after_the_insomniac():
    """L214, L224: a Doppelganger-Insomniac checks her card after the Insomniac."""
    game = dealt(["doppelganger", "insomniac", "robber", "werewolf", "werewolf", "seer"])
    game.apply("copy:1")
    game.apply("swap:p0")  # the Robber takes the Doppelganger card
    assert game.decision.player == 1 and game.decision.rule == "onw.insomniac"
    game.apply("pass")
    assert game.decision.player == 0 and game.decision.rule == "onw.doppel.insomniac"
    game.apply("look")
    assert seen(game, 0)["p0"] == "robber"


def test_l207_execution_rule():
    """L207: most votes executed; ties at 2+ all executed; nobody with more than one vote: nobody."""
    assert executed(4, {"0": 1, "1": 2, "2": 1, "3": 0}) == [1]
    assert executed(4, {"0": 1, "1": 0, "2": 3, "3": 2}) == []
    assert executed(4, {"0": 1, "1": 0, "2": 1, "3": 0}) == [0, 1]
    assert executed(5, {"0": 1, "1": 0, "2": 1, "3": 0, "4": 1}) == [1]


def test_l206_votes_are_secret_until_all_are_in():
    """L206: everyone points at once: a vote is not visible to the others before the count."""
    game = dealt(BASIC3).apply("pass").apply("pass").apply("pass")
    game.apply("vote:1")
    assert "_votes" not in game.view(1)["vars"] and "votes" not in game.view(1)["vars"]


def test_l208_executed_players_reveal_their_cards():
    """L208: all executed players reveal their cards."""
    game = vote(dealt(BASIC3).apply("pass").apply("pass").apply("pass"), 1, 0, 0)
    assert seen(game, None) == {"p0": "seer"}


def test_l225_executed_hunter_shoots_his_target():
    """L225: a Hunter who is executed kills the player he voted for."""
    game = dealt(["hunter", "werewolf", "villager", "seer", "werewolf", "villager"], roles="")
    game.apply("pass")  # lone wolf
    vote(game, 1, 0, 0)
    assert game.result["dead"] == [0, 1]
    assert game.result["rule"] == "onw.win.werewolf_dies"
    assert game.result["winners"] == [0, 2]


def test_l229_villagers_win_when_a_werewolf_dies():
    """L229: villagers win if at least one werewolf dies, even with innocents."""
    game = dealt(["werewolf", "seer", "villager", "robber", "troublemaker", "werewolf"], roles="")
    game.apply("pass").apply("pass")
    vote(game, 1, 0, 0)
    assert game.result["rule"] == "onw.win.werewolf_dies" and game.result["winners"] == [1, 2]


def test_l230_villagers_win_when_nobody_dies_and_no_werewolf_is_in_play():
    """L230: nobody executed and no werewolves among the players: the villagers win."""
    game = dealt(BASIC3).apply("pass").apply("pass").apply("pass")
    vote(game, 1, 2, 0)
    assert game.result["rule"] == "onw.win.no_werewolves" and game.result["winners"] == [0, 1, 2]


def test_l231_l232_werewolves_win_when_no_werewolf_dies():
    """L231-232: a werewolf is in play, no werewolf and no Tanner is killed: the werewolves win.
    When the village executed an innocent, the result cites L231 (the villagers lose)."""
    game = dealt(["werewolf", "seer", "villager", "robber", "troublemaker", "werewolf"], roles="")
    game.apply("pass").apply("pass")
    vote(game, 1, 2, 1)
    assert game.result["rule"] == "onw.win.villager_killed" and game.result["winners"] == [0]
    quiet = dealt(["werewolf", "seer", "villager", "robber", "troublemaker", "werewolf"], roles="")
    vote(quiet.apply("pass").apply("pass"), 1, 2, 0)
    assert quiet.result["dead"] == [] and quiet.result["winners"] == [0]
    assert quiet.result["rule"] == "onw.win.werewolves"


def test_l233_only_the_tanner_wins_when_only_he_dies():
    """L233: if only the Tanner dies, only the Tanner wins; the werewolves lose."""
    game = dealt(["tanner", "werewolf", "villager", "seer", "werewolf", "robber"], roles="")
    game.apply("pass")
    vote(game, 1, 0, 0)
    assert game.result["rule"] == "onw.win.tanner" and game.result["winners"] == [0]


def test_l233_villagers_still_win_when_the_tanner_and_a_werewolf_die():
    """L233: the villagers still win if the Tanner dies but a werewolf dies too (and the Tanner wins)."""
    game = dealt(["tanner", "werewolf", "villager", "villager", "seer", "werewolf", "robber"], roles="")
    game.apply("pass")
    vote(game, 1, 0, 1, 0)
    assert game.result["dead"] == [0, 1]
    assert game.result["rule"] == "onw.win.werewolf_dies" and game.result["winners"] == [0, 2, 3]


def test_no_werewolf_and_an_innocent_dies_nobody_wins():
    """L231 (assumption onw.assume.nobody_wins): no werewolf in play and an innocent is killed."""
    game = dealt(["minion", "seer", "villager", "werewolf", "werewolf", "robber"], roles="")
    game.apply("pass")
    vote(game, 1, 0, 1)
    assert game.result["winners"] == [] and game.result["rule"] == "onw.assume.nobody_wins"
    alt = dealt(["minion", "seer", "villager", "werewolf", "werewolf", "robber"], roles="", minion_wins_alone=True)
    vote(alt.apply("pass"), 1, 0, 1)
    assert alt.result["winners"] == [0]


def test_night_swaps_are_traced_with_their_rules():
    """L220-221: each swap is an event citing its rule, caused by the player's decision."""
    game = dealt(BASIC3).apply("pass").apply("swap:p0").apply("swap:p0+p1")
    swaps = [r for r in game.trace.records if r["kind"] == "event" and r["data"].get("type") == "swap"]
    assert [r["rule"] for r in swaps] == ["onw.robber", "onw.troublemaker"]
    for r in swaps:
        assert game.trace.records[r["cause"]]["kind"] == "decision"


def test_l209_call_order_changes_the_final_roles():
    """L209-224: the night order matters: calling the Troublemaker before the Robber gives other final roles."""
    finals = {}
    for name in ("call-order-text", "call-order-swapped"):
        game = RB.scenario(name)
        while game.decision.kind == "action":
            d = game.decision
            if d.rule in ("onw.robber", "onw.assume.order_option") and any(o.id == "swap:p3" for o in d.options):
                game.apply("swap:p3")
            elif any(o.id == "swap:p0+p2" for o in d.options):
                game.apply("swap:p0+p2")
            else:
                game.apply("pass")
        vote(game, 1, 2, 3, 0)
        finals[name] = roles(game)
    assert finals["call-order-text"] == {0: "werewolf", 1: "troublemaker", 2: "villager", 3: "robber"}
    assert finals["call-order-swapped"] == {0: "villager", 1: "troublemaker", 2: "robber", 3: "werewolf"}


def test_board_view_hides_the_centre():
    """L176-177: the board shows a player their own card; the centre is face down."""
    view = RB.board(dealt(BASIC3), 0)
    faces = {c["id"]: (c["face"], c["name"]) for c in view["cards"]}
    assert faces["p0"] == ("up", "seer") and faces["c0"] == ("down", None)


def test_l215_l212_seeing_a_robbed_werewolf_wake_does_not_reveal_his_new_card():
    """L212, L215: the Doppelganger-Robber took a Werewolf's card; his partner sees him wake, not his new card."""
    game = dealt(["doppelganger", "robber", "werewolf", "werewolf", "seer", "villager", "villager"])
    game.apply("copy:1").apply("swap:p2")
    swap = next(r for r in game.trace.records if r["kind"] == "event" and r["data"].get("type") == "swap")
    assert swap["rule"] == "onw.doppel.immediate"
    assert seen(game, 3) == {"p3": "werewolf"}  # p2 woke as a werewolf but holds the Doppelganger card now
    assert seen(game, 2) == {"p3": "werewolf"}  # p2 no longer knows his own card


def test_l175_the_roles_in_play_are_public():
    """L175: a face-up token for each role card in use: everyone knows which roles are in play."""
    game = RB.new_game(seed=2, players=4)
    assert game.view(None)["vars"]["roles"] == role_set(4)
    assert any(r["rule"] == "onw.tokens" for r in game.trace.records)


def test_scenarios_start_where_they_say():
    """L210, L225: the Doppelganger scenario waits for her copy; the Hunter scenario for the vote."""
    dop = RB.scenario("doppelganger")
    assert dop.decision.player == 0 and dop.decision.rule == "onw.doppelganger"
    hunter = RB.scenario("hunter-vote")
    assert hunter.decision.kind == "vote"
    vote(hunter, 1, 0, 0)
    assert hunter.result["dead"] == [0, 1] and any(r["rule"] == "onw.hunter" for r in hunter.trace.records)
    for name in RB.scenarios:
        assert all(rule in RB.rules for rule in RB.scenarios[name].rules)


def test_board_seats_players_in_a_circle_around_the_centre_cards():
    """L176-177: the players' cards in front of them around the table, the three centre cards in the middle;
    each card offers the options that name it; names are large and dark, the viewer sits at the bottom."""
    from tabletop.render.board import board_svg

    game = RB.scenario("call-order-text")  # player 2, the Werewolf, may look at a centre card
    view = RB.board(game, None)
    assert view["layout"] == "table"
    assert [s["id"] for s in view["seats"]] == [f"p{p}" for p in range(game.players)]
    centre = {c["id"]: c for c in view["cards"] if c["id"].startswith("c")}
    assert [(c["centre"], c["label"]) for c in centre.values()] == [(0, "centre 1"), (1, "centre 2"), (2, "centre 3")]
    assert all(c["seat"] == c["id"] for c in view["cards"] if c["id"].startswith("p"))
    assert centre["c0"]["options"] == ["view:c0"]
    svg = board_svg(view)
    assert 'data-option="view:c0"' in svg and 'class="tt-table-top"' in svg
    assert (
        ">player 0<" in svg
        and ">centre 1<" in svg
        and ".tt-seat-name{font-size:14px;font-weight:700;fill:#1d1d1d" in svg
    )
    assert "(you)" not in svg and ">player 2 (you)<" in board_svg(RB.board(game, 2))


def test_the_whole_truth_board_shows_every_card_with_its_role():
    """onw.deal (L176) seen by nobody at the table: every card face up with the role it holds, and under
    each player the role dealt; a player's own view still shows only what they know."""
    from tabletop.render.board import board_svg

    game = RB.scenario("call-order-text")
    truth = RB.board(game, truth=True)
    assert all(c["face"] == "up" and c["name"] == game.state.objects[c["id"]]["role"] for c in truth["cards"])
    dealt_ = game.state.vars["_dealt"]
    assert [s["note"] for s in truth["seats"]] == [f"dealt {dealt_[str(p)]}" for p in range(game.players)]
    svg = board_svg(truth)
    assert 'class="tt-card tt-face-down' not in svg and all(f">{r}<" in svg for r in dealt_.values())
    assert all(c["face"] == "down" for c in RB.board(game, None)["cards"])  # a spectator knows nothing
    own = {c["id"]: c for c in RB.board(game, 2)["cards"]}
    assert own["p2"]["name"] == "werewolf" and own["p0"]["face"] == "down"


def test_in_the_day_each_seat_offers_the_vote_for_its_player():
    """onw.vote (L206): each player points at another; the seat (and card) of each other player offers
    that vote to the voter, and to nobody else."""
    from tabletop.render.board import board_svg

    game = RB.scenario("hunter-vote")
    voter = game.decision.player
    view = RB.board(game, voter)
    offered = {s["id"]: s["options"] for s in view["seats"]}
    assert offered == {f"p{q}": ([] if q == voter else [f"vote:{q}"]) for q in range(game.players)}
    assert {c["id"]: c["options"] for c in view["cards"] if c["id"].startswith("p")} == offered
    assert 'data-seat="p1" data-option="vote:1"' in board_svg(view)
    other = (voter + 1) % game.players
    assert all(not s["options"] for s in RB.board(game, other)["seats"])


def test_l210_l212_partners_of_a_doppelganger_werewolf_do_not_see_her_card():
    """L210-212: the Doppelganger who copied a Werewolf wakes with the werewolves; they learn she is one of
    them, but her card (the Doppelganger) stays hidden from them."""
    game = dealt(["doppelganger", "robber", "werewolf", "seer", "villager", "villager", "werewolf"])
    game.apply("copy:2")
    partner = game.view(2)["objects"]
    assert partner["p0"].get("hidden") and "role" not in partner["p0"]
    assert game.view(0)["objects"]["p2"]["role"] == "werewolf"  # she looked at the card she copied
    assert any("see the werewolves: [0, 2]" in r["summary"] for r in game.trace.records)
