"""Max X per [period], from 000_7fc8e0fd1bcbc422.txt L563-566 (mc.max), with L442 (a cancelled event still counts
as played): Haymaker is "Max 1 per round", and Stand Down (an interrupt) cancels an event being played."""

import pytest
from mc import RB, E, card_file_error, drive, known, passive, reopen, sandbox

from tabletop.core import IllegalOption, RulebookOptionError
from tabletop.games.marvel_champions import data


def table(stand_down: bool = False):
    """Two players in hero form, each with a Haymaker and an Energy Cell (player 0 a second Haymaker and Cell);
    player 1 holds Stand Down and a Cell to pay for it if asked; player 0's turn."""
    game = sandbox(2)
    first = known(game.table, "haymaker", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    second = known(game.table, "haymaker", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    theirs = known(game.table, "haymaker", "hand:1", 1)
    known(game.table, "energy_cell", "hand:1", 1)
    if stand_down:
        known(game.table, "stand_down", "hand:1", 1)
        known(game.table, "energy_cell", "hand:1", 1)
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
    msg = card_file_error(
        tmp_path,
        '[[card]]\nid = "z"\nname = "Z"\ninvented = true\ntype = "event"\ntext = ""\ncost = 1\n'
        'timing = "action"\neffects = [{effect = "draw", amount = 1}]\nmax = {count = 0, per = "round"}\n',
    )
    assert "broken.toml" in msg and "'z'" in msg and "max" in msg


def test_l564_a_window_event_over_its_max_is_not_offered(monkeypatch):
    """mc.max, 000 L564, for an event played in an interrupt window (counted once it is played, L566): with Stand
    Down made "Max 1 per round", player 1's second copy is not offered against player 0's second event."""
    card = data.CARDS["stand_down"]
    monkeypatch.setitem(data.CARDS, "stand_down", {**card, "max": {"count": 1, "per": "round"}})
    game = sandbox(2)
    events = [known(game.table, "focused_resolve", "hand:0", 0) for _ in range(2)]
    for _ in range(2):
        known(game.table, "energy_cell", "hand:0", 0)
        known(game.table, "stand_down", "hand:1", 1)
        known(game.table, "energy_cell", "hand:1", 1)
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


# ---------------------------------------------------------------- the ability form (L565-566)
def relays():
    """Two players, each controlling a Command Relay ("Action: remove 1 threat from the main scheme. (Max 1 per
    round.)"); the main scheme holds 5 threat; player 0's turn."""
    game = sandbox(2)
    mine = known(game.table, "command_relay", "play:0", 0)
    theirs = known(game.table, "command_relay", "play:1", 1)
    game.state.update(E.main_scheme(game), threat=5)
    reopen(game)
    return game, mine, theirs


def relay_options(game):
    return [o.id for o in game.decision.options if o.id.startswith("use:") and "Command Relay" in o.label]


def test_l565_an_ability_max_counts_every_copy_by_title_for_all_players():
    """mc.max_ability, 000 L565: a max in an ability limits how many times the ability may be used from all copies
    (by title) of the cards bearing it, itself included: after player 0 uses their Command Relay, neither it nor
    player 1's copy is offered again this round."""
    game, _mine, _theirs = relays()
    ms = E.main_scheme(game)
    (use,) = relay_options(game)
    game.apply(use)
    assert game.state.objects[ms]["threat"] == 4
    assert any(r["rule"] == "mc.max_ability" for r in game.trace.records)
    assert relay_options(game) == []  # not offered again: the same card, same round
    before = game.fingerprint()
    with pytest.raises(IllegalOption):
        game.apply(use)
    assert game.fingerprint() == before
    game.apply("end")
    assert game.state.turn["player"] == 1
    assert relay_options(game) == []  # player 1's copy, another card of the title: the max is for all players


def test_l565_an_ability_max_ends_with_its_period():
    """mc.max_ability, 000 L565 ("during the indicated period"): per round, so round 2 offers it again."""
    game, _mine, _theirs = relays()
    game.apply(relay_options(game)[0])
    drive(game, passive, lambda g: g.state.turn.get("round") == 2 and g.state.turn.get("phase") == "player")
    assert game.decision.kind == "action" and len(relay_options(game)) == 1  # player 1's, who is first now


def test_l565_a_triggered_ability_over_its_max_does_not_trigger(monkeypatch):
    """mc.max_ability, 000 L565, for a Response: with Pressure Point ("after an enemy takes damage, remove 1
    threat") made "Max 1 per round", two copies (one per player) trigger once between them, not on the second
    damage."""
    card = data.CARDS["pressure_point"]
    spec = {**card["triggers"][0], "max": {"count": 1, "per": "round"}}
    monkeypatch.setitem(data.CARDS, "pressure_point", {**card, "triggers": [spec]})
    from tabletop.games.marvel_champions import catalogue

    monkeypatch.setitem(
        catalogue.ABILITIES, "pressure_point", catalogue.abilities("pressure_point", data.CARDS["pressure_point"])
    )
    game = sandbox(2)
    known(game.table, "pressure_point", "play:0", 0)
    known(game.table, "pressure_point", "play:1", 1)
    game.state.update(E.main_scheme(game), threat=5)
    reopen(game)
    used = []
    for _ in range(2):  # the hero attacks the villain twice (readied in between)
        game.apply(next(o for o in game.legal() if o.startswith("attack:") and ">" in o))
        while game.decision.kind != "action":
            d = game.decision
            offered = [o.id for o in d.options if "Pressure Point" in o.label]
            used.append(len(offered))
            game.apply(offered[0] if offered else d.ids[0])
        game.state.update(E.identity(game, 0), exhausted=False)
        reopen(game)
    assert used.count(1) == 1  # player 0's copy on the first damage; player 1's not after it, nor later
    assert game.state.objects[E.main_scheme(game)]["threat"] == 4


# ---------------------------------------------------------------- Max X per deck (L567)
def test_l567_a_deck_over_its_max_per_deck_is_refused_naming_deck_card_and_limit():
    """mc.max_deck, 000 L567: "Max X per deck" limits the copies of the card in each player's deck. Second Wind is
    "Max 1 per deck": player 1's deck with two copies is refused at setup, naming the deck, the card and the
    limit; one copy is allowed."""
    good = ["second_wind", "haymaker", "energy_cell"]
    bad = ["second_wind", "second_wind", "energy_cell"]
    with pytest.raises(RulebookOptionError) as err:
        RB.new_game(seed=0, players=2, decks=[good, bad])
    msg = str(err.value)
    assert "player 1's deck" in msg and "'Second Wind'" in msg and "Max 1 per deck" in msg and "L567" in msg
    game = RB.new_game(seed=0, players=2, decks=[good, good])
    assert len(game.state.zone("hand:0")) + len(game.state.zone("deck:0")) + len(game.state.zone("queue:0")) == 3


def test_decks_given_as_an_option_are_the_decks_played_and_checked():
    """mc.assume.setup (option decks): the decks given are the decks dealt; a card that is no player card, an
    unknown id or a deck count that does not match the players is refused by name."""
    game = RB.new_game(seed=0, players=1, decks=[["rally"] * 7])
    assert {E.card_of(game, c)["id"] for c in game.state.zone("hand:0")} == {"rally"}
    with pytest.raises(RulebookOptionError, match="'nope' is not a card id"):
        RB.new_game(seed=0, players=1, decks=[["nope"]])
    with pytest.raises(RulebookOptionError, match=r"'Aegis' .* identity card, not a player card"):
        RB.new_game(seed=0, players=1, decks=[["aegis"]])
    with pytest.raises(RulebookOptionError, match=r"2 deck\(s\) for 1 player"):
        RB.new_game(seed=0, players=1, decks=[["rally"], ["rally"]])


def test_l567_the_catalogue_itself_may_not_break_a_max_per_deck(tmp_path):
    """mc.max_deck, 000 L567: a card whose count puts more copies in the deck than its Max X per deck fails at load,
    naming the file, the card and the field."""
    msg = card_file_error(
        tmp_path,
        '[[card]]\nid = "z"\nname = "Z"\ninvented = true\ntype = "event"\ntext = ""\ncost = 1\ncount = 2\n'
        'max_per_deck = 1\ntiming = "action"\neffects = [{effect = "draw", amount = 1}]\n',
    )
    assert "broken.toml" in msg and "'z'" in msg and "count" in msg and "Max 1 per deck" in msg


# ---------------------------------------------------------------- Max 1 per player (L568)
def test_l568_max_1_per_player_limits_the_copies_each_player_controls_in_play():
    """mc.max_player, 000 L568: "Max 1 per player" is per player and limits the copies of the card each player may
    control in play at a time: player 0, with a Safe House in play, may not play a second one; player 1, who has
    none, may play theirs; once player 0's leaves play, player 0 may play another."""
    game = sandbox(2)
    in_play = known(game.table, "safe_house", "play:0", 0)
    second = known(game.table, "safe_house", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    theirs = known(game.table, "safe_house", "hand:1", 1)
    known(game.table, "energy_cell", "hand:1", 1)
    reopen(game)
    assert f"play:{second}" not in game.legal()
    before = game.fingerprint()
    with pytest.raises(IllegalOption):
        game.apply(f"play:{second}")
    assert game.fingerprint() == before
    game.apply("end")
    assert f"play:{theirs}" in game.legal()  # per player: player 0's copy does not count for player 1
    E.put(game.table, in_play, "discard:0")
    game.state.turn["player"] = 0
    reopen(game)
    assert f"play:{second}" in game.legal()  # "at a time": none in play now
