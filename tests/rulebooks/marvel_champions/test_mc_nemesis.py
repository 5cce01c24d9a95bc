"""Nemesis side schemes (L1488-1498) and obligations (L1499-1502), from 000_7fc8e0fd1bcbc422.txt."""

from mc import RB, E, drive, encounter_deck, known, passive, sandbox


def dealt(game, cards):
    """Answer chance decisions with ``cards`` in order (then the first option); everything else passively."""
    queue = list(cards)

    def answer(d):
        if d.player == "chance":
            return queue.pop(0) if queue and queue[0] in d.ids else d.ids[0]
        return passive(d)

    return answer


def alter_egos(game):
    """In alter-ego form the villain schemes rather than attacks (one boost card each, then step 3 deals)."""
    for p in range(len(game.state.players)):
        game.state.update_player(p, form="alter_ego")


def test_l1489_set_up_sets_each_player_s_nemesis_aside_and_shuffles_each_obligation_in():
    # 000_7fc8e0fd1bcbc422.txt L1489 (the nemesis set waits set aside), L1500 (each player's obligation is
    # shuffled into the encounter deck at set-up)
    game = RB.new_game(seed=3, players=2)
    for p in (0, 1):
        names = sorted(E.name_of(game, o) for o in game.state.zone(f"aside:{p}"))
        assert names == ["Grudge", "Grudge Match", "Old Vendetta"]
    left = game.state.vars["_deck:enc"]
    assert left["double_shift@0"] == 1 and left["double_shift@1"] == 1
    assert "grudge" not in left and "old_vendetta" not in left  # not shuffled in


def test_l1490_l1492_a_card_puts_the_revealing_player_s_nemesis_into_play():
    game = sandbox(2, chance="manual")
    alter_egos(game)
    trio = ("grudge", "old_vendetta", "grudge_match")
    sets = {p: [known(game.table, c, f"aside:{p}", None) for c in trio] for p in (0, 1)}
    encounter_deck(game, ["sins_of_the_past"] * 2 + ["dampening_field"] * 6)
    drive(game, dealt(game, ["dampening_field"] * 3 + ["sins_of_the_past"]), lambda g: g.state.turn.get("round") == 2)
    grudge, vendetta, match = sets[1]
    st = game.state
    assert st.objects[vendetta]["zone"] == "play:side" and st.objects[vendetta]["threat"] == 3  # L1490
    assert st.objects[grudge]["zone"] == "play:engaged:1"  # L1491: engaged with the player who drew the card
    assert st.objects[match]["zone"] == "enc:discard"  # L1492 as written
    assert all(st.objects[o]["zone"] == "aside:0" for o in sets[0])  # player 0's nemesis stays aside


def test_l1490_a_second_nemesis_card_finds_nothing_set_aside():
    game = sandbox(1, chance="manual")
    alter_egos(game)
    encounter_deck(game, ["sins_of_the_past"] * 3)
    drive(game, dealt(game, []), lambda g: g.state.turn.get("round") == 2)
    assert any("nemesis set is no longer set aside" in r["summary"] for r in game.trace.records)


def test_l1501_an_obligation_goes_to_the_player_whose_identity_it_names_whoever_reveals_it():
    # 000_7fc8e0fd1bcbc422.txt L1501: "give it immediately to the player controlling the character named"
    game = sandbox(2, chance="manual")
    alter_egos(game)
    encounter_deck(game, ["double_shift@0"] + ["dampening_field"] * 4)
    drive(game, dealt(game, ["dampening_field"] * 3 + ["double_shift@0"]), lambda g: g.state.turn.get("round") == 2)
    given = [r for r in game.trace.records if r["rule"] == "mc.obligation"]
    assert given and "given to player 0" in given[0]["summary"] and "revealed by player 1" in given[0]["summary"]
    assert E.has_status(game, E.identity(game, 0), "confused")
    assert not E.has_status(game, E.identity(game, 1), "confused")
    # back in the encounter discard pile, it still belongs to player 0 when the deck is rebuilt from it
    assert any(game.state.objects[o].get("obligation_of") == 0 for o in game.state.zone("enc:discard"))
