"""When state checks run (issue 15, piece 1): a checkpoint after each event before its response window,
which period ends run the checks, the end-of-period sequence as data, ending the round after the
current phase, and checks over a ledger summed over a phase. docs/checks.md explains each."""

from __future__ import annotations

import pytest

from tabletop import load_game
from tabletop.core import Phase, Profile
from tabletop.core.errors import ArgumentTypeError, ArgumentValueError

from .toybook import SUBPHASES, creature, emits, game_of, lethal_damage, log, logged, logs, ping


def where_is_x(game, act):
    log(game, "X in play" if game.obj("X")["zone"] == "play" else "X gone")


# ------------------------------------------------------------ checks="each_event"
def front_rank_reforms(game) -> list[dict]:
    """Warlord's reform (004 L48): once player 1's front rank (X) is empty while a rear rank (Y) stands,
    the army reforms: Y steps forward. A state check, in the toy: Y in the ``rear`` zone moves to ``play``."""
    rear = game.state.zone("rear")
    if rear and not [o for o in game.state.zone("play") if game.obj(o)["controller"] == 1]:
        return [{"type": "reform", "target": rear[0], "rule": "toy.check"}]
    return []


def _reform(game, ev):
    log(game, "reform")
    game.move(ev["target"], "play")


def warlord(checks: str, tracing: bool = True, *, play: bool = True):
    """K deals 3 damage to X (hp 3): X dies; R reacts to the death (004 L212: the reform comes first)."""
    objects = [
        creature("X", 1),
        creature("Y", 1, zone="rear"),
        creature("K", 0, logs("K", then=emits("damage", target="X", amount=3))),
        creature("R", 0, logs("React", "destroy", match={"target": "X"})),
        creature("W", 0, logs("W", "damage", then=where_is_x)),
    ]
    game = game_of(
        Profile(checks=checks, ordering="order_of_play"),
        objects,
        scripts={"ping": ping()},
        checks=(lethal_damage, front_rank_reforms),
        handlers={"reform": _reform},
        tracing=tracing,
    )
    return game.apply("go:ping") if play else game


@pytest.mark.parametrize("tracing", [True, False])
def test_each_event_checks_before_the_response_window(tracing):
    """004 L48/L212: the reform is done "before any action or effect": before the Reaction to the death
    that caused it; 003 L40: a creature dies "as soon as" its lives drop below one, so W, responding to
    the damage, already sees it gone (the checks, the death and its own responses come first)."""
    game = warlord("each_event", tracing)
    assert logged(game) == ["K", "reform", "React", "W", "X gone"]
    assert game.obj("Y")["zone"] == "play"


def test_idle_checks_come_after_the_responses():
    """Today's default (checks="idle"): the response to the damage sees X still in play, and the Reaction
    to the death resolves before the reform (the check that sees the empty rank runs once idle again)."""
    game = warlord("idle")
    assert logged(game) == ["K", "W", "X in play", "React", "reform"]


def test_the_two_readings_compare_as_profiles():
    """003 L40 against L76's end-of-phase check (or idle checks): tt.compare_profiles plays both from one
    position, and the log that differs is the order the reform and the Reaction took."""
    import tabletop as tt

    table = tt.compare_profiles(
        warlord("idle", play=False), {"as soon as": {"checks": "each_event"}, "idle": {}}, play=["go:ping"]
    )
    logs_of = {row["profile"]: row["var log"] for row in table.rows()}
    assert table.keys() == ["var log"] and logs_of["as soon as"] != logs_of["idle"]
    assert [logged(games[0]) for games in table.games] == [
        ["K", "reform", "React", "W", "X gone"],
        ["K", "W", "X in play", "React", "reform"],
    ]


def test_each_event_checks_also_when_idle():
    """A change made outside any event (rule code writing damage itself) is still checked once idle."""

    def wound(game):
        game.state.update("X", damage=3)

    game = game_of(
        Profile(checks="each_event"),
        [creature("X", 1), creature("Z", 0)],
        scripts={"wound": wound},
        checks=(lethal_damage,),
    )
    game.apply("go:wound")
    assert game.obj("X")["zone"] == "grave"


# ------------------------------------------------------------ Profile.check_at
def hit_x(game):
    game.emit("damage", rule="toy.script", target="X", amount=3)


def subphase_game(**profile):
    """Player turns of two sub-phases (main, second); in main, player 0 deals X (hp 3) lethal damage."""
    objects = [creature("X", 1), creature("Z", 0)]
    return game_of(
        Profile(checks="end_of_phase", **profile),
        objects,
        flow=SUBPHASES,
        scripts={"hit": hit_x},
        checks=(lethal_damage,),
    ).apply("go:hit")


def test_end_of_phase_checks_run_at_a_sub_phase_end_by_default():
    """Today's behaviour, and Nebozhiteli's "during any phase" (003 L76): a sub-phase's end is a phase's."""
    game = subphase_game().apply("end")  # the main sub-phase ends
    assert game.state.turn["sub"] == "second"
    assert game.obj("X")["zone"] == "grave"


def test_checks_at_round_phases_only():
    """Dice Throne Missions (002 L176): a defeat counts "at the end of the current round phase", not at
    the end of a hero's sub-phase or turn: check_at=("phase",)."""
    game = subphase_game(check_at=("phase",)).apply("end")  # player 0: main ends
    assert game.state.turn["sub"] == "second" and game.obj("X")["zone"] == "play"
    game.apply("end")  # player 0's turn ends
    assert game.state.turn["player"] == 1 and game.obj("X")["zone"] == "play"
    game.apply("end").apply("end")  # player 1's turn ends: the phase (a turn of each player) ends
    assert game.obj("X")["zone"] == "grave"
    assert game.state.turn["round"] == 2


def test_checks_at_a_turn_end():
    """check_at names any period: here the end of each turn, whatever checks= says."""
    game = subphase_game(check_at=("turn",)).apply("end")
    assert game.obj("X")["zone"] == "play"
    game.apply("end")
    assert game.state.turn["player"] == 1 and game.obj("X")["zone"] == "grave"


# ------------------------------------------------------------ Profile.period_end
def _note(game, args):
    log(game, f"end of {'sub-phase' if args.get('sub') else args['period']}")


def end_sequence_game(period_end):
    """X (hp 3) takes lethal damage in player 0's turn; the checks run at the end of the turn; an "at the
    end of the turn" ability (E, at player 0's) looks whether X is still there; a rulebook task notes
    each period end."""
    objects = [
        creature("X", 1),
        creature("E", 0, logs("E", "end_of_turn", match={"player": 0}, then=where_is_x)),
    ]
    return game_of(
        Profile(checks="end_of_phase", check_at=("turn",), period_end=period_end),
        objects,
        scripts={"hit": hit_x},
        checks=(lethal_damage,),
        tasks={"toy.note": _note},
    ).apply("go:hit")


def test_period_end_order_as_data():
    """The default order: checks, expiry, end triggers: the end-of-turn ability sees X gone; with the end
    triggers first, X is still in play when it looks."""
    checks_first = end_sequence_game(None).apply("end")
    assert logged(checks_first) == ["E", "X gone"]
    triggers_first = end_sequence_game(("end_triggers", "checks", "expire")).apply("end")
    assert logged(triggers_first) == ["E", "X in play"]
    assert triggers_first.obj("X")["zone"] == "grave"  # (the checks ran after it)


def test_period_end_runs_a_rulebook_task_in_its_place():
    """A rulebook's own step of a period's end (a ledger to settle: docs/checks.md) runs with the period,
    at every period's end, where the sequence puts it."""
    game = end_sequence_game(("toy.note", "checks", "expire", "end_triggers")).apply("end")
    assert logged(game) == ["end of turn", "E", "X gone"]
    game.apply("end")  # player 1's turn, then the phase and the round end
    assert logged(game)[3:] == ["end of turn", "end of phase", "end of round"]


def test_period_end_passes_sub_phases():
    """At a sub-phase's end the rulebook's step is told so (sub=True)."""
    objects = [creature("X", 1), creature("Z", 0)]
    game = game_of(
        Profile(period_end=("toy.note", "checks", "expire", "end_triggers")),
        objects,
        flow=SUBPHASES,
        tasks={"toy.note": _note},
    )
    game.apply("end")
    assert logged(game) == ["end of sub-phase"]
    game.apply("end")
    assert logged(game) == ["end of sub-phase", "end of sub-phase", "end of turn"]


@pytest.mark.parametrize(
    "bad",
    [
        {"period_end": ("checks", "expire")},
        {"period_end": ("checks", "expire", "end_triggers", "checks")},
        {"check_at": "phase"},
        {"check_at": (1,)},
    ],
)
def test_check_settings_are_checked(bad):
    with pytest.raises((ArgumentValueError, ArgumentTypeError)):
        Profile(**bad)


def test_a_game_with_these_settings_saves_and_loads():
    game = subphase_game(check_at=("phase",), period_end=("checks", "end_triggers", "expire"))
    loaded = load_game(game.to_json(), rulebook=game.rulebook)
    assert loaded.profile == game.profile and loaded.fingerprint() == game.fingerprint()


# ------------------------------------------------------------ Table.end_round_after_phase
def _upkeep(game, args):
    log(game, f"upkeep {game.state.turn['round']}")


def objective_game(each_player: bool):
    """A round of two phases: the heroes' phase (player turns, or one phase played by player 0) and an
    upkeep; the script ``objective`` meets the main objective (002 L182)."""

    def objective(game):
        log(game, "objective")
        game.end_round_after_phase(rule="toy.script")

    flow = (
        Phase("heroes", ("toy.begin", "toy.act"), each_player=each_player, rule="toy.turn"),
        Phase("upkeep", ("toy.upkeep",), rule="toy.turn"),
    )
    return game_of(
        Profile(),
        [creature("Z", 0), creature("ROUND", 0, logs("round over", "end_of_round"))],
        flow=flow,
        scripts={"objective": objective},
        tasks={"toy.upkeep": _upkeep},
    )


@pytest.mark.parametrize("each_player", [True, False])
def test_the_round_ends_after_the_current_phase(each_player):
    """Dice Throne Missions 002 L182: once the main objective is met, the round ends after the current
    round phase: the heroes' phase is played out, the upkeep of that round never comes, the round ends."""
    game = objective_game(each_player)
    game.apply("end")  # round 1 as usual: heroes, then upkeep
    if each_player:
        game.apply("end")
    assert logged(game) == ["upkeep 1", "round over"]
    game.apply("go:objective").apply("end")
    if each_player:  # the phase is not over before every player has had a turn in it
        assert game.state.turn["player"] == 1 and game.state.turn["round"] == 2
        game.apply("end")
    assert logged(game) == ["upkeep 1", "round over", "objective", "round over"]
    assert game.state.turn["round"] == 3 and game.state.turn["phase"] == "heroes"
    assert "end_round" not in game.state.turn  # used up: round 3 has its upkeep again
    game.apply("end")
    if each_player:
        game.apply("end")
    assert logged(game)[-2:] == ["upkeep 3", "round over"]
    assert [r["summary"] for r in game.trace.of_kind("flow")].count("the round ends after this phase") == 1


def test_describe_leaves_the_defaults_out():
    """A profile that does not use these settings describes itself as before they existed (a notebook
    prints Marvel Champions' profile); one that does names them, and reads back the same."""
    from tabletop.core.saved import profile_from_data

    assert "check_at" not in Profile().describe() and "period_end" not in Profile().describe()
    used = Profile(check_at=("phase",), period_end=("end_triggers", "checks", "expire"))
    assert used.describe()["check_at"] == ("phase",)
    assert profile_from_data(used.describe()) == used
