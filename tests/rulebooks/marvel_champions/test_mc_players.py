"""The first player's decisions for the encounter side (L450-459) and the player order when a player is
eliminated (L515-518, L639-643), from 000_7fc8e0fd1bcbc422.txt."""

from mc import E, drive, encounter_deck, known, passive, reopen, sandbox


def test_l456_the_first_player_chooses_the_target_of_an_encounter_card_another_player_revealed():
    # 000_7fc8e0fd1bcbc422.txt L456: "If an encounter card targets a particular player or card and there are
    # several eligible targets, the first player chooses among them."
    game = sandbox(2, chance="manual")
    ally = known(game, "patrol_officer", "play:0", 0)
    encounter_deck(game, ["crossfire"] * 4 + ["dampening_field"] * 6)
    reopen(game)

    def answer(d):
        if d.player == "chance":
            return "crossfire" if "crossfire" in d.ids else d.ids[0]
        return passive(d)

    drive(game, answer, lambda g: g.decision.kind == "encounter_target")
    d = game.decision
    assert (d.player, d.rule) == (0, "mc.first_player")  # player 0 holds the first-player token
    heroes = {E.identity(game, 0), E.identity(game, 1)}
    assert set(d.ids) == heroes | {ally}
    game.apply(ally)  # player 0's own ally takes player 0's Crossfire
    drive(game, answer, lambda g: g.decision.kind == "encounter_target")
    d = game.decision
    revealing = [r for r in game.trace.records if r["summary"] == "player 1 reveals Crossfire"]
    assert revealing and d.player == 0  # player 1 revealed this one; player 0 still chooses
    before = game.state.objects[E.identity(game, 1)]["damage"]
    game.apply(E.identity(game, 1))
    assert game.state.objects[E.identity(game, 1)]["damage"] == before + 2
    assert game.state.objects[ally]["zone"] == "discard:0"  # 2 damage defeated the Patrol Officer (2 hit points)


def test_l456_a_single_eligible_target_is_taken_without_a_choice():
    game = sandbox(1, chance="manual")
    encounter_deck(game, ["crossfire"] * 2)
    reopen(game)
    drive(game, lambda d: d.ids[0] if d.player == "chance" else passive(d), lambda g: g.state.turn.get("round") == 2)
    assert not any(r["kind"] == "decision" and r["rule"] == "mc.first_player" for r in game.trace.records)
    assert any("chooses Aegis as the target of Crossfire" in r["summary"] for r in game.trace.records)
