"""The named positions (``RULEBOOK.scenario``), the board view and the greedy agent."""

import json
import random

import pytest
from wl import RB, A

from tabletop.games.warlord import WarlordAgent
from tabletop.games.warlord.board import board


@pytest.mark.parametrize("name", sorted(RB.scenarios))
def test_every_scenario_opens_at_a_decision_and_cites_rules_of_the_book(name):
    s = RB.scenarios[name]
    g = RB.scenario(name)
    assert g.decision is not None and not g.over
    assert s.rules and all(r in RB.rules for r in s.rules)


def test_scenarios_show_what_they_say():
    """orders-phase: the initiative winner's go (L66/L230); pass-not-final: the player who passed has a go again
    (L88/L258); strike-by-strike: the second strike's target or stop (L69/L239); natural-20: a parried roll."""
    g = RB.scenario("orders-phase")
    assert g.decision.kind == "order" and g.decision.player == g.state.vars["initiative"] == 1
    g = RB.scenario("pass-not-final")
    assert g.decision.kind == "order" and g.decision.player == 1
    assert any(r["summary"] == "player 1 passes (1 in succession)" for r in g.trace)
    g = RB.scenario("strike-by-strike")
    assert g.decision.kind == "strike" and "stop" in g.legal()
    g = RB.scenario("natural-20")
    assert g.state.vars["strike"]["mods"] == [-4]


def test_the_board_shows_ranks_front_first_with_their_legality_and_each_characters_values():
    """L46/L210: rank 1 the front; the board is plain JSON, each character with ATK per strike, AC, wounds, state."""
    g = RB.scenario("reform-before-react")
    view = board(g.table, 1)
    json.dumps(view)
    ranks = view["ranks"]["1"]
    assert [r["rank"] for r in ranks] == [1, 2, 3] and [r["legal"] for r in ranks] == [True, False, True]
    cards = {c["id"]: c for c in view["cards"]}
    gorvash = A.warlord(g.table, 0)
    assert cards[gorvash]["stats"]["ATK"] == "7/7/4" and cards[gorvash]["rank"] == 2


def test_the_greedy_agent_makes_legal_choices_and_beats_random_play_sometimes():
    from tabletop.analysis.agents import RandomAgent

    wins = 0
    for seed in range(3):
        g = RB.new_game(seed=seed, tracing=False)
        agents = [WarlordAgent(seed=seed), RandomAgent(seed=seed)]
        while not g.over:
            p = g.decision.player
            choice = agents[p].choose(g, p)
            assert choice in g.legal()
            g.apply(choice)
        wins += 0 in g.result["winners"]
    assert wins >= 1


def test_a_layout_naming_a_missing_warlord_is_refused_saying_where():
    with pytest.raises(Exception, match=r"layout\['1'\].army: one Warlord needed"):
        RB.new_game(layout={"0": {"army": [["gorvash"]]}, "1": {"army": [["ash_raider"]]}})
    with pytest.raises(Exception, match="rank 1: 'nobody' is not a character card"):
        RB.new_game(layout={"0": {"army": [["nobody"]]}, "1": {"army": [["gorvash"]]}})


def test_random_four_player_games_eliminate_players_until_one_is_left():
    """L5/L154: a player whose Warlord is killed leaves the game; the last one left wins."""
    from tabletop.testing import random_playout

    g = RB.new_game(seed=2, players=4)
    random_playout(g, random.Random(2), max_steps=20_000)
    out = [p for p in range(4) if g.state.players[p].get("out")]
    assert (
        g.result["rule"] == "wl.victory" and len(out) == 3 and g.result["winners"] == sorted(set(range(4)) - set(out))
    )


def test_the_board_draws_each_army_in_its_ranks_facing_the_others():
    """L46/L210, L106/L276: each army stands in ranks, rank 1 in front, every front rank facing every other; a
    rank's label gives its distance to the enemy front ranks (r + s - 1, s = 1) and says when it must reform
    (L46-L47/L210-L211); each character is drawn in its place in its rank."""
    from tabletop.render.board import board_svg

    g = RB.scenario("reform-before-react")
    view = board(g.table, 1)
    assert view["layout"] == "ranks" and view["viewer"] == 1
    ranks = {z["id"]: z for z in view["zones"] if z["kind"] == "rank"}
    assert sorted(ranks) == ["rank:0:1", "rank:0:2", "rank:1:1", "rank:1:2", "rank:1:3"]
    assert ranks["rank:1:2"]["label"] == "player 1 · rank 2 · 2 to enemy fronts · illegal: reform"
    assert not any(z["id"].startswith("army:") for z in view["zones"])
    placed = {c["id"]: (c["zone"], c["pos"]) for c in view["cards"] if str(c["zone"]).startswith("rank:")}
    for p in (0, 1):
        for k, rank in enumerate(A.formation(g.table, p), 1):
            assert [placed[oid] for oid in rank] == [(f"rank:{p}:{k}", slot) for slot in range(1, len(rank) + 1)]
    svg = board_svg(view)
    assert 'data-zone="rank:1:2"' in svg and "illegal: reform" in svg


def test_reform_before_react_reforms_at_once_then_offers_the_shield_wall():
    """wl.reform (L47-L48/L211-L212): an illegal rank "must be corrected at once ... before any action or effect":
    the scenario opens at player 1's reform, no React yet; once no rank is illegal, the Shield Wall (a React "when a
    character of yours dies", wl.reacts L97/L267) is offered for the death that caused it."""
    g = RB.scenario("reform-before-react")
    assert (g.decision.kind, g.decision.player) == ("reform", 1) and not any(o.startswith("react:") for o in g.legal())
    while g.decision.kind == "reform":
        g.apply(g.legal()[0])
    assert not A.illegal(g.table, 1)
    assert (g.decision.kind, g.decision.player) == ("react", 1)
    played = {g.state.objects[o.split(":")[1]]["card"] for o in g.legal() if o.startswith("react:")}
    assert played == {"shield_wall"}
