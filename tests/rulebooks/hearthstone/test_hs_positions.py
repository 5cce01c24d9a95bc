"""Hearthstone's position files (docs/positions.md): the shipped scenarios as files, the round trip of
``Game.to_position`` over random games, and what a broken file is told."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.games.hearthstone import scenarios
from tabletop.testing import check_position_error, check_position_round_trip

RB = tt.rulebook("hearthstone")
FILES = Path(tt.__file__).parent / "games" / "hearthstone" / "data" / "positions"


def labels(game):
    return [(o.id, o.label) for o in game.decision.options]


# ------------------------------------------------------------------ the scenarios as files
def test_every_scenario_built_in_code_has_its_file():
    """Each scenario of scenarios.SETUPS is written as a position file, and no file names another."""
    assert sorted(p.stem for p in FILES.glob("*.toml")) == sorted(scenarios.SETUPS)


@pytest.mark.parametrize("name", sorted(scenarios.SETUPS))
def test_a_scenario_file_loads_to_the_code_scenario(name):
    """hs.assume.cards: the file's position is the code scenario's, pending decision and its options included;
    played on, both games stay one (the same random draws: the seed and the order things are made in)."""
    loaded = tt.load_position(FILES / f"{name}.toml")
    built = RB.scenario(name)
    assert loaded.fingerprint() == built.fingerprint()
    assert labels(loaded) == labels(built)
    rng = random.Random(name)
    for _ in range(30):
        if built.over:
            break
        choice = rng.choice(built.legal())
        built.apply(choice)
        loaded.apply(choice)
        assert loaded.fingerprint() == built.fingerprint()


@pytest.mark.parametrize("name", sorted(RB.scenarios))
def test_a_scenario_written_as_a_position_loads_back(name):
    """Every built-in scenario, the duel at its mulligan included, is written by to_position and read back."""
    game = RB.scenario(name)
    loaded = tt.load_position(game.to_position())
    assert loaded.fingerprint() == game.fingerprint()
    assert labels(loaded) == labels(game)


def test_the_file_says_what_the_scenario_is_about():
    """The description and the rules (rule ids of the rulebook) sit in the file, and the trace cites them."""
    game = tt.load_position(FILES / "juggler-leeroy.toml")
    first = game.trace.records[0]
    assert first["rule"] == "hs.assume.cards"
    assert "Leeroy Jenkins in hand" in first["summary"]


# ------------------------------------------------------------------ the round trip
VARIANTS = st.fixed_dictionaries(
    {},
    optional={
        "deck0": st.sampled_from(["mage", "paladin"]),
        "hero_health": st.integers(1, 30),
        "deaths": st.sampled_from(["death_phase", "at_once"]),
        "effects": st.sampled_from(["queue", "nested"]),
        "battlecry": st.sampled_from(["in_order_of_play", "first"]),
        "hand_limit": st.integers(1, 10),
        "play_onto_full_board": st.booleans(),
        "fatigue": st.booleans(),
    },
)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), traced=st.booleans(), options=VARIANTS)
def test_to_position_round_trip_over_random_games(seed, steps, traced, options):
    """A random game of any variant, stopped anywhere (an action, a mulligan, a Battlecry's target) and written
    as a position, loads to the same fingerprint, options and rulebook options (hs.assume.queue's container
    too); the next choice leads both to the same position."""
    game = RB.new_game(seed=seed, tracing=traced, **options)
    loaded = check_position_round_trip(game, random.Random(seed), steps, tracing=traced)
    if loaded is None:
        with pytest.raises(tt.TabletopError, match="the game is over"):
            game.to_position()
        return
    assert loaded.profile == game.profile


def test_a_spent_weapon_in_the_graveyard_round_trips():
    """hs.durability, hs.sword_of_justice: in this game (found by the round-trip property above) a Sword of
    Justice lost more durability than it had in one action, so the graveyard holds it at -1; the position
    file writes that and reads it back."""
    game = RB.new_game(seed=978, tracing=False, deck0="paladin")
    rng = random.Random(978)
    for _ in range(37):
        game.play(rng.randrange(len(game.legal())))
    spent = [o for o in game.state.objects.values() if o["zone"].startswith("grave:") and o.get("dur", 0) < 0]
    assert spent and spent[0]["card"] == "sword_of_justice"
    loaded = tt.load_position(game.to_position())
    assert loaded.fingerprint() == game.fingerprint()
    assert "durability = -1" in game.to_position()


def test_a_position_between_actions_is_written_without_the_engine_work():
    """At the main step (hs.actions) the board is the whole position: the decision is asked anew on loading."""
    game = RB.scenario("death-chain")
    game.apply("end")
    text = game.to_position()
    assert 'step = "main"' in text and "pending =" not in text
    assert tt.load_position(text).fingerprint() == game.fingerprint()


def test_a_position_inside_an_action_keeps_the_engine_work():
    """A Battlecry's target being chosen (hs.assume.battlecry) is inside an action: the engine's pending work
    is written too, and the loaded game resumes it."""
    text = (
        HEAD
        + '[turn]\nstep = "main"\n[[players]]\nmana = 3\n'
        + '[zones]\n"board:0" = ["pack_wolf"]\n"hand:0" = ["sun_cleric"]\n'
    )
    game = tt.load_position(text)
    game.apply(next(o.id for o in game.decision.options if o.label.startswith("play Sun Cleric")))
    assert game.decision.kind == "target"
    text = game.to_position()
    assert "pending = '''" in text
    loaded = tt.load_position(text)
    assert loaded.fingerprint() == game.fingerprint()
    assert labels(loaded) == labels(game)


def test_counters_and_streams_carry_on():
    """The [engine] table keeps the random streams: the loaded game draws what the original would have."""
    game = RB.scenario("blank")
    game.apply("end")
    loaded = tt.load_position(game.to_position())
    game.apply("end")
    loaded.apply("end")
    assert loaded.state.zones["hand:0"] == game.state.zones["hand:0"]
    assert loaded.fingerprint() == game.fingerprint()


# ------------------------------------------------------------------ hand-written positions
HEAD = 'format = "tabletop.position/1"\nrulebook = "hearthstone"\n'


def test_a_hand_written_lethal():
    """A teacher's position at the main step: 3 mana, a Knife Juggler and a Fire Orb against a hero at 2."""
    text = HEAD + (
        '[turn]\nplayer = 0\nstep = "main"\n'
        "[[players]]\ncrystals = 3\nmana = 3\n"
        "[[players]]\n"
        '[zones]\n"hero:1" = [{damage = 28}]\n"board:0" = ["knife_juggler"]\n"hand:0" = ["fire_orb"]\n'
    )
    game = tt.load_position(text, name="lethal.toml")
    hero = game.state.zones["hero:1"][0]
    assert game.value(hero, "health") == 2
    assert f"attack:{game.state.zones['board:0'][0]}>{hero}" in game.legal()
    assert game.to_position().count("damage = 28") == 1


def test_sick_minions_and_the_order_of_play():
    """hs.summoning_sickness (L27): a minion entered with sick = true cannot attack, one entered without can;
    hs.order_of_play (L68): the file's order is the order of play, unless ``ts`` gives another."""
    text = HEAD + (
        '[turn]\nstep = "main"\n[zones]\n"board:0" = [{card = "bog_crawler", sick = true}, "pack_wolf", "loot_gnome"]\n'
    )
    game = tt.load_position(text)
    crawler, wolf, gnome = game.state.zones["board:0"]
    objects = game.state.objects
    assert not any(o.startswith(f"attack:{crawler}>") for o in game.legal())
    assert any(o.startswith(f"attack:{wolf}>") for o in game.legal())
    assert objects[crawler]["ts"] < objects[wolf]["ts"] < objects[gnome]["ts"]
    game = tt.load_position(text.replace('"pack_wolf"', '{card = "pack_wolf", ts = 100}'))
    assert game.state.objects[wolf]["ts"] == 100 and game.state.counters["ts"] == 100
    with pytest.raises(tt.PositionError, match=r'line 6, field zones."board:0"\[1\].ts: 0 is less than 1'):
        tt.load_position(text.replace('"pack_wolf"', '{card = "pack_wolf", ts = 0}'))


# ------------------------------------------------------------------ bad input
BAD = [
    (
        "unknown card",
        '[zones]\n"board:0" = ["knife_jugler"]\n',
        "line 4, field zones.\"board:0\"[0].card: no card 'knife_jugler' in hearthstone's catalogue (did you mean "
        "'knife_juggler'?)",
    ),
    ("unknown zone", '[zones]\n"bord:0" = []\n', "line 4, field zones.\"bord:0\": hearthstone has no zone 'bord:0'"),
    ("wrong type", '[[players]]\ncrystals = "nine"\n', "line 4, field players[0].crystals: must be an integer"),
    (
        "over the board limit",
        '[zones]\n"board:1" = ' + str(["loot_gnome"] * 8).replace("'", '"') + "\n",
        'line 4, field zones."board:1": 8 cards in board:1; it holds at most 7',
    ),
    (
        "misspelled field",
        "[turn]\nplayr = 1\n",
        "line 4, field turn.playr: unknown field 'playr' (did you mean 'player'?)",
    ),
    (
        "misspelled card field",
        '[zones]\n"board:0" = [\n  "loot_gnome",\n  {card = "bog_crawler", damge = 2},\n]\n',
        "line 6, field zones.\"board:0\"[1].damge: unknown field 'damge' (did you mean 'damage'?)",
    ),
    (
        "a card in the wrong zone",
        '[zones]\n"board:0" = ["fire_orb"]\n',
        "Fire Orb (fire_orb) is a spell; here goes a minion",
    ),
    ("unknown option", "[options]\nhero_helth = 20\n", "line 4, field options.hero_helth: hearthstone has no option"),
    ("option out of range", "[options]\nhero_health = 0\n", "line 4, field options.hero_health: hearthstone: option"),
    ("unknown step", '[turn]\nstep = "combat"\n', "line 4, field turn.step: 'combat' is not a step of the turn"),
    (
        "a deck of heroes",
        '[zones]\n"deck:0" = ["hero_mage"]\n',
        'line 4, field zones."deck:0"[0]: Mage (hero_mage) is a hero',
    ),
    ("unknown top-level table", "[zone]\n", "line 3, field zone: unknown field 'zone' (did you mean 'zones'?)"),
    ("not TOML", "[turn\n", "line 3"),
]


@pytest.mark.parametrize(("what", "tail", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_file_line_and_field(what, tail, message):
    """Each problem raises PositionError naming the file, the line and the field, and saying what is wrong."""
    check_position_error(HEAD + tail, message)


def test_a_file_of_another_rulebook_is_refused(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(HEAD, encoding="utf-8")
    with pytest.raises(tt.PositionError, match=r"mine\.toml, line 2, field rulebook: the file is a position of"):
        tt.load_position(path, rulebook=tt.rulebook("memory"))


def test_a_scenario_option_is_refused():
    """A position is its own set-up: option scenario (which picks a code set-up) has no meaning in one."""
    with pytest.raises(tt.PositionError, match=r"field options\.scenario"):
        tt.load_position(HEAD + '[options]\nscenario = "blank"\n')


def test_a_loaded_game_replays_from_its_position():
    """Game.replay starts from the position file the game was loaded from (not from a new deal), so a
    loaded game's decisions replay to the same position; a clone keeps where it came from."""
    game = tt.load_position(FILES / "death-chain.toml")
    rng = random.Random(7)
    for _ in range(12):
        if game.over:
            break
        game.apply(rng.choice(game.legal()))
    assert game.replay().fingerprint() == game.fingerprint()
    assert game.clone().replay().fingerprint() == game.fingerprint()
