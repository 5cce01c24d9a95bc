"""load_game trusts nothing in a saved game: each kind of bad document is refused with a
SavedGameError that names the field, and no game is built (tabletop/core/saved.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import tabletop as tt
from tabletop.core.errors import ArgumentTypeError, SavedGameError, TabletopError
from tabletop.testing import random_playout


def saved_game() -> tt.Game:
    """A memory game some way in: both players have flipped cards, chance drew the shuffle."""
    game = tt.rulebook("memory").new_game(seed=5, pairs=4)
    return random_playout(game, random.Random(3), max_steps=6)


def nest(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def swap_history_option(d: dict) -> None:
    """A player's choice that was never legal (the history no longer replays)."""
    k = next(i for i, s in enumerate(d["history"]) if not s["auto"] and s["player"] != "chance")
    d["history"][k]["option"] = "s99"


def drop_last_choice(d: dict) -> None:
    """The last choice is left out of the history (and the trace), its effect kept in the state."""
    k = max(i for i, s in enumerate(d["history"]) if not s["auto"])
    del d["history"][k:]
    d["trace"] = [r for r in d["trace"] if r["step"] <= k]


def edit_state(d: dict) -> None:
    """A card turned face up by hand: every field of the right type, but no history leads there."""
    oid = next(o for o, obj in d["state"]["objects"].items() if not obj.get("face_up"))
    d["state"]["objects"][oid]["face_up"] = True


def two_zones(d: dict) -> None:
    zones = d["state"]["zones"]
    first = next(z for z, c in zones.items() if c)
    other = next(z for z in zones if z != first)
    zones[other] = [*zones[other], zones[first][0]]


def no_zone(d: dict) -> None:
    zones = d["state"]["zones"]
    first = next(z for z, c in zones.items() if c)
    zones[first] = zones[first][1:]


def wrong_zone(d: dict) -> None:
    oid = next(iter(d["state"]["objects"]))
    other = next(z for z in d["state"]["zones"] if z != d["state"]["objects"][oid]["zone"])
    d["state"]["objects"][oid]["zone"] = other


# (what is wrong, how to make it wrong, the field path the error must name, words it must say)
BAD: list[tuple[str, Callable[[dict], None], str, str]] = [
    ("unknown top field", lambda d: d.update(comment="hi"), "comment", "unknown field"),
    ("missing top field", lambda d: d.pop("history"), "", "missing field 'history'"),
    ("unknown state field", lambda d: d["state"].update(score=3), "state.score", "unknown field"),
    ("missing state field", lambda d: d["state"].pop("zones"), "state", "missing field 'zones'"),
    (
        "missing object field",
        lambda d: next(iter(d["state"]["objects"].values())).pop("zone"),
        "state.objects.",
        "zone",
    ),
    ("decision without its resume task", lambda d: d["state"]["decision"].pop("resume"), "state.decision", "resume"),
    ("unknown history field", lambda d: d["history"][0].update(why="x"), "history[0].why", "unknown field"),
    ("seed of a wrong type", lambda d: d.update(seed=1.5), "seed", "must be integer or string"),
    ("tracing of a wrong type", lambda d: d.update(tracing="no"), "tracing", "must be boolean"),
    ("players of a wrong type", lambda d: d["state"].update(players={}), "state.players", "must be array"),
    ("option id of a wrong type", lambda d: d["history"][0].update(option=3), "history[0].option", "must be string"),
    ("chance mode unknown", lambda d: d.update(chance="often"), "chance", "not one of"),
    ("profile of a wrong type", lambda d: d.update(profile=[]), "profile", "must be object"),
    (
        "profile field of a wrong type",
        lambda d: d.update(profile={**tt.rulebook("memory").profile.describe(), "step_budget": "x"}),
        "profile.step_budget",
        "must be integer",
    ),
    ("rulebook not installed", lambda d: d.update(rulebook="chess"), "rulebook", "no rulebook 'chess'"),
    ("unknown rulebook option", lambda d: d["options"].update(colours=3), "options.colours", "no such option"),
    ("missing rulebook option", lambda d: d["options"].pop("pairs"), "options", "missing option 'pairs'"),
    ("rulebook option out of range", lambda d: d["options"].update(pairs=99), "options.pairs", "not allowed"),
    ("too few players", lambda d: d["state"].update(players=d["state"]["players"][:1]), "state.players", "2 to 8"),
    ("object in two zones", two_zones, "state.zones.", "is in zones"),
    ("object in no zone", no_zone, "state.objects.", "is in no zone"),
    ("object naming another zone", wrong_zone, "state.objects.", "holds it"),
    ("number beyond 64 bits", lambda d: d["state"]["vars"].update(big=2**64), "state.vars.big", "64-bit range"),
    ("number below -2**63", lambda d: d["state"]["vars"].update(low=-(2**63) - 1), "state.vars.low", "64-bit range"),
    ("stream beyond 64 bits", lambda d: d["state"]["rng"].update(shuffle=2**64), "state.rng.shuffle", ""),
    ("nested too deeply", lambda d: d["state"]["vars"].update(deep=nest(100)), "state.vars.deep", "deeper than 64"),
    ("trace cause after its record", lambda d: d["trace"][1].update(cause=5), "trace[1].cause", "earlier record"),
    ("history choice never legal", swap_history_option, "history[", "does not replay"),
    ("history missing its last choice", drop_last_choice, "state.", "differs from the position"),
    ("state no history leads to", edit_state, "state.objects.", "differs from the position"),
]


@pytest.mark.parametrize(("what", "spoil", "path", "words"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_saved_game_is_refused_naming_the_field(what, spoil, path, words):
    game = saved_game()
    fp, text = game.fingerprint(), game.to_json()
    data = json.loads(text)
    spoil(data)
    with pytest.raises(SavedGameError) as info:
        tt.load_game(json.dumps(data))
    err = info.value
    assert err.path.startswith(path), (what, err.path, str(err))
    assert words in str(err), (what, str(err))
    assert len(str(err)) < 600, what
    assert isinstance(err, TabletopError) and isinstance(err, ValueError)
    assert (game.fingerprint(), game.to_json()) == (fp, text)  # the saved game is untouched


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{nope", "invalid JSON"),
        ('{"format": "other"}', "expected format 'tabletop.game/2' \\(or an older one: 'tabletop.game/1'\\)"),
        ("[1, 2]", "expected format"),
        ("[" * 100_000 + "]" * 100_000, "nested deeper"),  # json.loads alone: RecursionError
    ],
    ids=["invalid JSON", "other format", "not an object", "deeper than the parser goes"],
)
def test_text_that_is_no_saved_game_is_refused(text, words):
    with pytest.raises(SavedGameError, match=words):
        tt.load_game(text)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_numbers_that_are_not_finite_are_refused(constant):
    """Python's JSON reader takes NaN and Infinity (and 1e400 reads as infinity); the fingerprint cannot hash them."""
    text = saved_game().to_json().replace('"vars": {}', f'"vars": {{"x": {constant}}}')
    assert constant in text
    with pytest.raises(SavedGameError, match=r"state\.vars\.x: .* is not (a JSON|a finite) number"):
        tt.load_game(text)


def test_a_rulebook_other_than_the_saved_one_is_refused():
    game = saved_game()
    with pytest.raises(SavedGameError, match="saved from rulebook 'memory', not 'hearthstone'") as info:
        tt.load_game(game.to_json(), rulebook=tt.rulebook("hearthstone"))
    assert info.value.path == "rulebook"


def test_load_game_takes_text_and_a_rulebook():
    with pytest.raises(ArgumentTypeError, match="load_game"):
        tt.load_game({"format": "tabletop.game/1"})
    with pytest.raises(ArgumentTypeError, match=r"load_game\(rulebook='memory'\): rulebook must be a Rulebook"):
        tt.load_game(saved_game().to_json(), rulebook="memory")


def test_a_long_field_name_is_quoted_short():
    data = json.loads(saved_game().to_json())
    data["state"]["x" * 100_000] = 1
    with pytest.raises(SavedGameError) as info:
        tt.load_game(json.dumps(data))
    assert "unknown field" in str(info.value) and len(str(info.value)) < 400


def _games(rb: tt.Rulebook) -> list[tuple[str, tt.Game]]:
    out = [(f"seed {s}, tracing {tr}", rb.new_game(seed=s, tracing=tr)) for s in (0, 1) for tr in (True, False)]
    return out + [(f"scenario {name}", rb.scenario(name)) for name in rb.scenarios]


@pytest.mark.parametrize("rulebook_id", tt.rulebooks())
def test_valid_saves_of_every_rulebook_still_load(rulebook_id):
    """Fresh, part-played and finished games of every rulebook and scenario load to the same game."""
    rb = tt.rulebook(rulebook_id)
    for name, game in _games(rb):
        for k in range(3):
            text = game.to_json()
            loaded = tt.load_game(text)
            assert loaded.to_json() == text, name
            assert loaded.fingerprint() == game.fingerprint(), name
            if game.state.decision is None:
                break
            random_playout(game, random.Random(k), max_steps=12 if k < 2 else 2_000)


def test_a_game_whose_chance_was_set_by_hand_loads():
    """memory's scenarios deal by hand (chance manual), then play on sampling: both kinds of run replay."""
    from tabletop.games.memory.game import dealt

    game = dealt([0, 1, 1, 0])
    assert any(s["player"] == "chance" and not s["auto"] for s in game.history) and game.chance == "sample"
    assert tt.load_game(game.to_json()).to_json() == game.to_json()
    manual = tt.rulebook("memory").new_game(seed=1, pairs=2, chance="manual")
    assert manual.decision.is_chance
    assert tt.load_game(manual.to_json()).to_json() == manual.to_json()


def test_a_game_with_its_own_profile_loads():
    rb = tt.rulebook("hearthstone")
    game = rb.new_game(seed=2, profile=rb.profile.replace(step_budget=50_000))
    random_playout(game, random.Random(1), max_steps=10)
    loaded = tt.load_game(game.to_json())
    assert loaded.profile == game.profile and loaded.to_json() == game.to_json()


def test_the_saved_profile_schema_names_every_profile_field():
    """A Profile field the saved-game schema does not know would make every save with it unloadable."""
    import dataclasses

    from tabletop.core import Profile, saved_schema

    assert set(saved_schema._PROFILE["properties"]) == {f.name for f in dataclasses.fields(Profile)}


def test_a_save_from_before_the_later_profile_fields_loads_with_their_defaults():
    """Saves written before forced_loop, time_budget and replacement_timing existed still load."""
    import json

    import tabletop as tt
    from tabletop.core import Profile

    rb = tt.rulebook("memory")
    game = rb.new_game(seed=3, profile=Profile(step_budget=5_000))
    game.apply(game.legal()[0])
    data = json.loads(game.to_json())
    for name in ("forced_loop", "time_budget", "replacement_timing"):
        del data["profile"][name]
    loaded = tt.load_game(json.dumps(data))
    assert loaded.fingerprint() == game.fingerprint() and loaded.profile == game.profile
