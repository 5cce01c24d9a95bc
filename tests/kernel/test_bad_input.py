"""Bad arguments to the public API get a clear error that names the argument, and change nothing
(issue 13): new_game's seed, tracing, profile and players, Profile's fields, rulebook ids, the
analysis entry points, views, unbounded input in messages, and Options of another decision."""

from __future__ import annotations

import json

import pytest

import tabletop as tt
from tabletop.core.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    CardDataError,
    IllegalOption,
    PlayersTypeError,
    RulebookOptionError,
    SavedGameError,
    StaleOption,
    quote,
)

HUGE = "x" * 10_000_000  # a 10 MB string
SHORT = 400  # what "a short message" means here: the error quotes about 100 characters of input


def memory() -> tt.Game:
    return tt.rulebook("memory").new_game(seed=7, pairs=3)


def unchanged(game: tt.Game):
    """What must be equal before and after a refused call."""
    return game.fingerprint(), game.to_json()


# ------------------------------------------------------------------ new_game and Profile
@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"seed": b"7"}, ArgumentTypeError, "seed must be an int or a str, not bytes"),
        ({"seed": 1.5}, ArgumentTypeError, "seed must be an int or a str, not float"),
        ({"seed": True}, ArgumentTypeError, "seed must be an int or a str, not bool"),
        ({"seed": None}, ArgumentTypeError, "seed must be an int or a str, not NoneType"),
        ({"seed": 2**70}, ArgumentValueError, "outside the 64-bit range"),
        ({"tracing": "no"}, ArgumentTypeError, "tracing must be True or False, not 'no'"),
        ({"tracing": 0}, ArgumentTypeError, "tracing must be True or False"),
        ({"profile": {}}, ArgumentTypeError, "profile must be a Profile"),
        ({"players": True}, PlayersTypeError, "players=True must be an int"),
        ({"players": 2.0}, PlayersTypeError, "players=2.0 must be an int"),
        ({"chance": "often"}, ArgumentValueError, "chance must be 'sample' or 'manual'"),
    ],
    ids=lambda v: repr(v) if isinstance(v, dict) else None,
)
def test_new_game_checks_its_arguments(kwargs, error, words):
    with pytest.raises(error, match=words):
        tt.rulebook("memory").new_game(**{"seed": 1, "pairs": 2, **kwargs})


def test_players_of_a_wrong_type_is_a_type_error_and_a_rulebook_option_error():
    """A one-player rulebook took players=True as 1 (True is an int); both old and new catches still work."""
    assert issubclass(PlayersTypeError, TypeError) and issubclass(PlayersTypeError, RulebookOptionError)


def test_a_seed_that_spells_an_int_is_that_int():
    """seed=7 and seed="7" seed the same streams (the seed's text): they are one game and save one seed.

    Any other str stays a str ("007" is not 7's text, so it is another game)."""
    rb = tt.rulebook("memory")
    as_int, as_str = rb.new_game(seed=7, pairs=3), rb.new_game(seed="7", pairs=3)
    assert as_str.seed == 7 and as_str.to_json() == as_int.to_json()
    assert rb.new_game(seed="-3", pairs=3).seed == -3
    assert rb.new_game(seed="007", pairs=3).seed == "007"
    assert rb.new_game(seed="--7", pairs=3).seed == "--7"
    assert rb.new_game(seed="-0", pairs=3).seed == "-0"
    assert rb.new_game(seed=str(2**64), pairs=3).seed == str(2**64)  # beyond what a saved int holds: a str
    assert rb.new_game(seed="abc", pairs=3).seed == "abc"
    assert json.loads(rb.new_game(seed="abc", pairs=3).to_json())["seed"] == "abc"


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("step_budget", "x", ArgumentTypeError),
        ("step_budget", 1.5, ArgumentTypeError),
        ("step_budget", True, ArgumentTypeError),
        ("step_budget", 0, ArgumentValueError),
        ("lookback", "yes", ArgumentTypeError),
        ("forced_before_optional", 1, ArgumentTypeError),
        ("modifiers", None, ArgumentTypeError),
        ("rules", {"order": 3}, ArgumentTypeError),
        ("container", "heap", ArgumentValueError),
    ],
)
def test_profile_checks_its_fields_when_made(field, value, error):
    """Profile(step_budget="x") failed only at the first run, deep in the engine."""
    with pytest.raises(error, match=f"Profile.{field} = "):
        tt.Profile(**{field: value})


# ------------------------------------------------------------------ lookups and analysis
def test_rulebook_id_must_be_a_str():
    with pytest.raises(ArgumentTypeError, match=r"rulebook\(rulebook_id=\['x'\]\): the id must be a str"):
        tt.rulebook(["x"])


def test_trigger_chain_checks_its_arguments():
    game = memory()
    before = unchanged(game)
    with pytest.raises(ArgumentTypeError, match=r"trigger_chain\(source='str'\): source must be a Game or a Trace"):
        tt.trigger_chain("str")
    with pytest.raises(ArgumentTypeError, match="kinds must be a tuple"):
        tt.trigger_chain(game, kinds="event")
    with pytest.raises(ArgumentValueError, match="unknown node kinds"):
        tt.trigger_chain(game, kinds=("nope",))
    with pytest.raises(ArgumentValueError, match=r"since=-1"):
        tt.trigger_chain(game, since=-1)
    assert unchanged(game) == before


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"depth": "2"}, ArgumentTypeError, r"explore\(depth='2'\): depth must be an int"),
        ({"depth": -1}, ArgumentValueError, r"explore\(depth=-1\): depth must be 0 or more"),
        ({"depth": 2.0}, ArgumentTypeError, "depth must be an int"),
        ({"limit": 0}, ArgumentValueError, r"explore\(limit=0\)"),
        ({"chance": "all"}, ArgumentValueError, r"explore\(chance='all'\)"),
        ({"keep_games": "no"}, ArgumentTypeError, "keep_games must be True or False"),
    ],
)
def test_explore_checks_its_arguments(kwargs, error, words):
    game = memory()
    before = unchanged(game)
    with pytest.raises(error, match=words):
        tt.explore(game, **kwargs)
    assert unchanged(game) == before


def test_explore_needs_a_game():
    with pytest.raises(ArgumentTypeError, match="game must be a Game"):
        tt.explore("memory")


@pytest.mark.parametrize(
    ("player", "error", "words"),
    [
        (99, ArgumentValueError, r"view\(player=99\): this game has players 0 to 1"),
        (-1, ArgumentValueError, r"view\(player=-1\)"),
        ("0", ArgumentTypeError, r"view\(player='0'\): player must be"),
        (True, ArgumentTypeError, r"view\(player=True\)"),
    ],
)
def test_view_of_a_player_who_is_not_in_the_game(player, error, words):
    game = memory()
    before = unchanged(game)
    with pytest.raises(error, match=words):
        game.view(player)
    assert unchanged(game) == before
    assert game.view(None)["player"] is None and game.view(1)["player"] == 1


# ------------------------------------------------------------------ unbounded input
def test_quote_cuts_long_input():
    assert quote("end") == "'end'"
    assert len(quote(HUGE)) < 150 and "10000000 characters" in quote(HUGE)
    assert len(quote(list(range(100_000)))) < 150


def test_apply_of_a_huge_string_gives_a_short_message():
    game = memory()
    before = unchanged(game)
    with pytest.raises(IllegalOption) as info:
        game.apply(HUGE)
    assert len(str(info.value)) < SHORT and "10000000 characters" in str(info.value)
    assert unchanged(game) == before


def test_a_huge_string_on_a_finished_game_gives_a_short_message():
    from tabletop.games.memory.game import dealt

    game = dealt([0, 0]).apply("s00").apply("s01")
    assert game.over
    before = unchanged(game)
    with pytest.raises(tt.GameOver) as info:
        game.apply(HUGE)
    assert len(str(info.value)) < SHORT
    assert unchanged(game) == before


@pytest.mark.parametrize(
    "call",
    [
        lambda: tt.rulebook(HUGE),
        lambda: tt.rulebook("memory").scenario(HUGE),
        lambda: tt.rulebook("memory").new_game(seed=1, pairs=HUGE),
        lambda: tt.rulebook("memory").new_game(seed=1, players=HUGE),
        lambda: tt.rulebook("memory").new_game(seed=1, **{HUGE: 1}),
        lambda: tt.rulebook("memory").new_game(seed=1, tracing=HUGE),
        lambda: tt.Profile(container=HUGE),
        lambda: memory().obj(HUGE),
        lambda: memory().value("s00", HUGE),
        lambda: tt.rulebook("memory").rules[HUGE],
        lambda: tt.orderings(memory(), method=HUGE),
        lambda: tt.simulate("memory", [], games=HUGE),
        lambda: memory().view(HUGE),
        lambda: tt.explore(memory(), depth=HUGE),
        lambda: tt.load_game(json.dumps({**json.loads(memory().to_json()), "chance": HUGE})),
        lambda: tt.load_game(json.dumps({**json.loads(memory().to_json()), HUGE: 1})),
        lambda: tt.load_game(json.dumps({**json.loads(memory().to_json()), "rulebook": HUGE})),
        lambda: tt.load_game(json.dumps({"format": HUGE})),
        lambda: tt.load_game("{" + HUGE),
    ],
    ids=[
        "rulebook id",
        "scenario",
        "option value",
        "players",
        "option name",
        "tracing",
        "profile",
        "object id",
        "stat",
        "rule id",
        "orderings method",
        "simulate games",
        "view",
        "explore",
        "load: field value",
        "load: field name",
        "load: rulebook",
        "load: format",
        "load: invalid JSON",
    ],
)
def test_every_error_that_quotes_input_quotes_it_short(call):
    with pytest.raises((tt.TabletopError, KeyError, ValueError)) as info:
        call()
    assert len(str(info.value)) < SHORT


def test_card_errors_quote_card_and_field_short():
    err = CardDataError("cards.toml", HUGE, HUGE, "must be an integer")
    assert len(str(err)) < SHORT


def test_saved_game_error_names_its_path():
    err = SavedGameError("state.objects.c5.zone", "is in no zone")
    assert err.path == "state.objects.c5.zone" and "state.objects.c5.zone: is in no zone" in str(err)


# ------------------------------------------------------------------ options of another decision
def test_an_option_of_an_earlier_decision_is_refused():
    """Player 0's "end" (hs.own_turn) must not end player 1's turn, though player 1 may end his turn too."""
    game = tt.rulebook("hearthstone").scenario("blank")
    first = game.decision
    stale = next(o for o in first.options if o.id == "end")
    game.apply(stale)  # the Option of the open decision: accepted
    assert game.decision.player == 1 and "end" in game.legal()
    before = unchanged(game)
    with pytest.raises(
        StaleOption, match=r"Option 'end' was offered for the decision after choice \d+, not for the open"
    ):
        game.apply(stale)
    assert unchanged(game) == before
    assert isinstance(StaleOption("x"), IllegalOption)
    game.apply(game.decision.options[-1])  # the open decision's own Option still works
    game.apply("end")  # and so does an id, whichever decision it was read from


def test_an_option_works_on_a_clone_and_a_loaded_copy_at_the_same_decision():
    game = memory()
    option = game.decision.options[0]
    assert game.child(option).fingerprint() == game.clone().apply(option.id).fingerprint()
    loaded = tt.load_game(game.to_json())
    assert game.decision == loaded.decision  # the step is not part of an Option's equality
    assert loaded.apply(option).fingerprint() == game.child(option).fingerprint()
