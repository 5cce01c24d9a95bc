"""Max X per [period], from 000_7fc8e0fd1bcbc422.txt L563-566 (mc.max), with L442 (a cancelled event still counts
as played): Haymaker is "Max 1 per round", and Stand Down (an interrupt) cancels an event being played."""

import pytest
from mc import E, drive, known, passive, reopen, sandbox

from tabletop.core import CardDataError, IllegalOption
from tabletop.rulebooks.marvel_champions import data


def table(stand_down: bool = False):
    """Two players in hero form, each with a Haymaker and an Energy Cell (player 0 a second Haymaker and Cell);
    player 1 holds Stand Down and a Cell to pay for it if asked; player 0's turn."""
    game = sandbox(2)
    first = known(game, "haymaker", "hand:0", 0)
    known(game, "energy_cell", "hand:0", 0)
    second = known(game, "haymaker", "hand:0", 0)
    known(game, "energy_cell", "hand:0", 0)
    theirs = known(game, "haymaker", "hand:1", 1)
    known(game, "energy_cell", "hand:1", 1)
    if stand_down:
        known(game, "stand_down", "hand:1", 1)
        known(game, "energy_cell", "hand:1", 1)
    reopen(game)
    return game, first, second, theirs


def play_haymaker(game, card, cancel: bool) -> None:
    """Player 0 plays ``card`` at the villain, paying with an Energy Cell; player 1 cancels it with Stand Down or
    passes."""
    game.apply(f"play:{card}")
    while game.decision.kind != "action":
        d = game.decision
        if d.kind == "pay":
            game.apply(next(o.id for o in d.options if "Energy Cell" in o.label))
        elif d.kind == "window":
            stand_down = [o.id for o in d.options if "Stand Down" in o.label]
            game.apply(stand_down[0] if cancel and stand_down else "pass")
        else:
            game.apply(d.ids[0])


def test_l564_max_1_per_round_counts_every_copy_by_title_for_all_players():
    """mc.max, 000 L564: "Max X per [period]" puts a maximum on all copies of a card (by title) for all players."""
    game, first, second, theirs = table()
    assert f"play:{first}" in game.legal() and f"play:{second}" in game.legal()
    villain = E.villain(game)
    play_haymaker(game, first, cancel=False)
    assert game.state.objects[villain]["damage"] == 4
    assert f"play:{second}" not in game.legal()  # the other copy, same player
    before = game.fingerprint()
    with pytest.raises(IllegalOption):
        game.apply(f"play:{second}")
    assert game.fingerprint() == before
    game.apply("end")
    assert game.state.turn["player"] == 1
    assert f"play:{theirs}" not in game.legal()  # player 1's copy: the max is for all players
    assert any(r["rule"] == "mc.max" for r in game.trace.records)


def test_l566_a_cancelled_play_still_counts_toward_the_max():
    """mc.max, mc.cancel, 000 L566 ("if an effect with a max is cancelled, the card still counts toward the max")
    and L442 (a cancelled event still counts as played): Stand Down cancels Haymaker in step 6 (L530); Haymaker
    deals no damage, goes to the discard pile, and neither copy left may be played this round."""
    game, first, second, theirs = table(stand_down=True)
    villain = E.villain(game)
    play_haymaker(game, first, cancel=True)
    cancelled = [r for r in game.trace.records if r["summary"] == "cancelled: player 0 plays Haymaker"]
    assert cancelled and game.state.objects[villain]["damage"] == 0
    assert game.state.objects[first]["zone"] == "discard:0"
    assert f"play:{second}" not in game.legal()
    game.apply("end")
    assert f"play:{theirs}" not in game.legal()


def test_l564_the_count_ends_with_its_period():
    """mc.max, 000 L564 ("during the specified period"): per round, so in round 2 Haymaker is offered again."""
    game, first, second, theirs = table()
    play_haymaker(game, first, cancel=False)
    assert f"play:{second}" not in game.legal()
    drive(game, passive, lambda g: g.state.turn.get("round") == 2 and g.state.turn.get("phase") == "player")
    assert game.decision.kind == "action" and game.state.turn["player"] == 1  # the token passed to player 1
    assert not [k for k in game.state.uses if ":max:" in k]
    assert f"play:{theirs}" in game.legal()


def test_a_broken_max_names_the_card_and_the_field(tmp_path):
    """card.schema.json: max needs a count of at least 1 and a period."""
    bad = tmp_path / "broken.toml"
    bad.write_text(
        '[[card]]\nid = "z"\nname = "Z"\ninvented = true\ntype = "event"\ntext = ""\ncost = 1\n'
        'timing = "action"\neffects = [{effect = "draw", amount = 1}]\nmax = {count = 0, per = "round"}\n',
        encoding="utf-8",
    )
    with pytest.raises(CardDataError) as err:
        data.load([bad])
    assert "broken.toml" in str(err.value) and "'z'" in str(err.value) and "max" in str(err.value)


def test_l564_a_window_event_over_its_max_is_not_offered(monkeypatch):
    """mc.max, 000 L564, for an event played in an interrupt window (counted once it is played, L566): with Stand
    Down made "Max 1 per round", player 1's second copy is not offered against player 0's second event."""
    card = data.CARDS["stand_down"]
    monkeypatch.setitem(data.CARDS, "stand_down", {**card, "max": {"count": 1, "per": "round"}})
    game = sandbox(2)
    events = [known(game, "focused_resolve", "hand:0", 0) for _ in range(2)]
    for _ in range(2):
        known(game, "energy_cell", "hand:0", 0)
        known(game, "stand_down", "hand:1", 1)
        known(game, "energy_cell", "hand:1", 1)
    reopen(game)
    offered = []
    for event in events:
        game.apply(f"play:{event}")
        while game.decision.kind != "action":
            d = game.decision
            stand_down = [o.id for o in d.options if o.label.startswith("use Stand Down")]
            if d.kind == "window":
                offered.append(bool(stand_down))
                game.apply(stand_down[0] if stand_down else "pass")
            else:
                game.apply(next((o.id for o in d.options if "Energy Cell" in o.label), d.ids[0]))
    assert offered.count(True) == 1  # only against the first Focused Resolve
    cancels = [r for r in game.trace.records if r["summary"].startswith("cancelled: player 0 plays Focused Resolve")]
    assert len(cancels) == 1
    assert any(r["summary"] == "Focused Resolve is played" for r in game.trace.records)  # the second resolved
