"""Resources (L687-693), Resource abilities (L695-697) and wild resources (L871-873), from
000_7fc8e0fd1bcbc422.txt."""

import pytest
from mc import E, known, reopen, sandbox, summaries


def hand(game):
    return len(game.state.zone("hand:0"))


def test_l697_a_resource_ability_generates_resources_while_a_cost_is_paid():
    # 000_7fc8e0fd1bcbc422.txt L697: a Resource ability may be triggered whenever its controller generates
    # resources to pay a cost
    game = sandbox(1)
    conduit = known(game.table, "power_conduit", "play:0", 0)
    insight = known(game.table, "insight", "hand:0", 0)
    reopen(game)
    assert not any(conduit in option for option in game.legal())  # not an Action: no use outside a cost
    assert f"play:{insight}" in game.legal()  # the Resource ability alone can pay for it (L525)
    game.apply(f"play:{insight}")
    d = game.decision
    assert (d.kind, d.ids) == ("pay", [f"resource:{conduit}"])
    since = len(game.trace)
    game.apply(f"resource:{conduit}")
    assert game.state.objects[conduit]["exhausted"]  # its cost: exhaust
    assert "player 0 exhausts Power Conduit (Resource ability): 1 energy resource(s)" in summaries(game, since=since)
    # L692: the energy resource is not mental, so the card's second draw does nothing
    assert hand(game) == 1
    assert any("no mental resource was spent" in s for s in summaries(game, since=since))


def test_l690_a_card_resource_of_the_asked_type_pays_for_the_extra_effect():
    game = sandbox(1)
    insight = known(game.table, "insight", "hand:0", 0)
    officer = known(game.table, "patrol_officer", "hand:0", 0)  # 1 mental resource
    reopen(game)
    game.apply(f"play:{insight}")
    game.apply(officer)
    assert game.decision.kind == "action" and hand(game) == 2  # both draws


@pytest.mark.parametrize(("names", "drawn"), [(("mental", "energy"), 2), (("energy", "physical"), 1)])
def test_l872_each_wild_resource_is_named_when_generated_and_the_name_matters(names, drawn):
    # 000_7fc8e0fd1bcbc422.txt L872: "When a player generates a wild resource, they must name its type"
    game = sandbox(1)
    insight = known(game.table, "insight", "hand:0", 0)
    cell = known(game.table, "energy_cell", "hand:0", 0)  # 2 wild resources
    reopen(game)
    game.apply(f"play:{insight}")
    game.apply(cell)
    for name in names:
        d = game.decision
        assert (d.player, d.kind, d.rule) == (0, "name_wild", "mc.wild")
        assert set(d.ids) == {"energy", "mental", "physical"}
        game.apply(name)
    assert game.decision.kind == "action"
    assert hand(game) == drawn


def test_l873_a_wild_resource_is_not_named_where_its_type_cannot_matter():
    # mc.assume.wild_naming: a card that does not ask which types paid for it needs no name
    game = sandbox(1)
    resolve = known(game.table, "focused_resolve", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    reopen(game)
    game.apply(f"play:{resolve}")
    since = len(game.trace)
    game.apply(game.decision.ids[0])
    assert game.decision.kind == "action"
    assert "player 0 discards Energy Cell for 2 wild resource(s)" in summaries(game, since=since)


def test_l689_a_resource_ability_and_a_discarded_card_pay_one_cost_together():
    # 000_7fc8e0fd1bcbc422.txt L689: resources come from discarded cards or from card abilities
    game = sandbox(1)
    conduit = known(game.table, "power_conduit", "play:0", 0)
    known(game.table, "patrol_officer", "hand:0", 0)  # cost 2; 1 from the Conduit
    known(game.table, "deflect", "hand:0", 0)  # 1 resource
    reopen(game)
    officer = next(o for o in game.state.zone("hand:0") if E.name_of(game, o) == "Patrol Officer")
    game.apply(f"play:{officer}")
    game.apply(f"resource:{conduit}")
    deflect = next(o for o in game.state.zone("hand:0") if E.name_of(game, o) == "Deflect")
    game.apply(deflect)
    assert E.name_of(game, game.state.zone("play:0")[-1]) == "Patrol Officer"
    assert game.state.objects[conduit]["exhausted"]
