"""compare_options: the same play under two readings of a rule, each in a fresh game, outcomes tabulated.

The toy duel serves Nebozhiteli's two readings of when a creature dies (003 L40: "as soon as" its
lives fall below one; 003 L76: damage and healing of a phase are summed and it dies at the phase's
end) together with first strike (003 L68: a first striker deals its damage first, and "if the enemy
creature dies, it deals no damage back"). Under the first reading the blocker dies before it can
strike back; under the second it still strikes back, for a die roll of damage: the attacker dies
with probability 2/3.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

import tabletop as tt
from tabletop.core import CHANCE, OptionSpec, Profile
from tabletop.core.rulebook import by_name
from tests.kernel.toybook import creature, make

READINGS = {"as soon as (L40)": {"deaths": "at_once"}, "end of phase (L76)": {"deaths": "end_of_phase"}}


def _dead(game) -> list[str]:
    return [oid for oid in game.state.zone("play") if game.obj(oid).get("damage", 0) >= game.value(oid, "hp")]


def _bury(game, oids) -> None:
    for oid in oids:
        game.move(oid, "grave")


def duel(game) -> None:
    """A (first strike, power 3) hits B (3 lives); B strikes back for a d3 unless it died (003 L68)."""
    game.state.update("B", damage=game.obj("B").get("damage", 0) + game.value("A", "power"))
    if game.options["deaths"] == "at_once":  # 003 L40: it dies as soon as its lives fall below one
        _bury(game, _dead(game))
    if game.obj("B")["zone"] == "play":
        options = [{"id": str(n), "label": f"B strikes back for {n}"} for n in (1, 2, 3)]
        game.ask(CHANCE, "strike_back", options, "toy.struck", prompt="B's strike back", probs=[1 / 3] * 3)


def struck(game, args) -> None:
    game.state.update("A", damage=game.obj("A").get("damage", 0) + int(args["choice"]["id"]))
    _bury(game, _dead(game))  # 003 L76: the phase's damage is settled at its end (and L40: at once)


def duel_rulebook():
    rb = make(
        Profile(),
        [creature("A", 0, base={"power": 3, "hp": 2}), creature("B", 1, base={"power": 2, "hp": 3})],
        scripts={"duel": duel},
        tasks={"toy.struck": struck},
    )
    option = OptionSpec(
        "deaths", "at_once", "When a creature dies (003 L40 or L76).", "toy.check", choices=("at_once", "end_of_phase")
    )
    book = dataclasses.replace(rb, options=by_name(option))
    book.scripts = rb.scripts  # type: ignore[attr-defined]
    return book


def attacker(game) -> str:
    return "attacker survives" if game.obj("A")["zone"] == "play" else "attacker dies"


def test_two_readings_give_the_judge_two_answers_with_exact_probabilities():
    report = tt.compare_options(duel_rulebook(), READINGS, play=["go:duel"], chance="enumerate", outcome=attacker)
    assert report.method == "exact"
    assert report.distribution("as soon as (L40)") == {"attacker survives": 1}
    assert report.distribution("end of phase (L76)") == {
        "attacker survives": Fraction(1, 3),
        "attacker dies": Fraction(2, 3),
    }
    assert report.differs
    rows = report.rows()
    assert [(r["reading"], r["outcome"], r["probability"]) for r in rows] == [
        ("as soon as (L40)", "attacker survives", 1),
        ("end of phase (L76)", "attacker survives", Fraction(1, 3)),
        ("end of phase (L76)", "attacker dies", Fraction(2, 3)),
    ]
    assert rows[1]["witness"] == "go duel -> chance: B strikes back for 1"
    # each reading played its own fresh game, with its own options (a clone would share the first's)
    games = {name: outs[0].game for name, outs in report.results.items()}
    assert games["as soon as (L40)"].options["deaths"] == "at_once"
    assert games["end of phase (L76)"].options["deaths"] == "end_of_phase"
    html = report._repr_html_()
    assert "<table>" in html and "2/3" in html and "end of phase (L76)" in html
    assert "1/3  attacker survives" in str(report)


def test_sampled_chance_is_one_seeded_game_per_reading():
    report = tt.compare_options(duel_rulebook(), READINGS, play=["go:duel"], seed=5, outcome=attacker)
    assert report.method == "one game"
    assert [len(outs) for outs in report.results.values()] == [1, 1]
    again = tt.compare_options(duel_rulebook(), READINGS, play=["go:duel"], seed=5, outcome=attacker)
    assert report.rows() == again.rows()
    hit = report.results["end of phase (L76)"][0].game.obj("A").get("damage")
    assert hit in (1, 2, 3)
    assert attacker(report.results["end of phase (L76)"][0].game) == (
        "attacker dies" if hit >= 2 else "attacker survives"
    )


def test_without_an_outcome_function_positions_are_named_and_their_differences_listed():
    report = tt.compare_options(duel_rulebook(), READINGS, play=["go:duel"], chance="enumerate")
    names = [o.outcome for outs in report.results.values() for o in outs]
    assert names == ["position 1", "position 2", "position 3", "position 4"]  # B buried; A hit for 1, 2, 3
    diffs = report.differences()
    assert (
        "A.damage: as soon as (L40): position 1: —; end of phase (L76): position 2: 1; "
        "end of phase (L76): position 3: 2; end of phase (L76): position 4: 3"
    ) in diffs  # the attacker is not hit at all under L40, and hit for the die's 1, 2 or 3 under L76
    assert not any(line.startswith("B.damage") for line in diffs)  # B takes 3 under both readings
    assert "What differs:" in report._repr_html_() and "A.damage" in report._repr_html_()


def test_a_move_a_reading_refuses_is_an_outcome_and_bad_options_are_errors():
    report = tt.compare_options(duel_rulebook(), READINGS, play=["go:duel", "go:nothing"], chance="enumerate")
    outs = report.results["as soon as (L40)"]
    assert len(outs) == 1 and outs[0].outcome.startswith("refused: go:nothing")
    with pytest.raises(tt.RulebookOptionError, match="unknown option"):
        tt.compare_options(duel_rulebook(), {"x": {"no_such_option": 1}})
    with pytest.raises(tt.RulebookOptionError, match="not one of"):
        tt.compare_options(duel_rulebook(), {"x": {"deaths": "later"}})
    with pytest.raises(tt.ArgumentValueError):
        tt.compare_options(duel_rulebook(), READINGS, play=lambda g: None, chance="enumerate")


def test_a_scenario_is_built_again_under_each_reading():
    """Memory's official rule (mem.extra_turn: a match gives another turn) against the house rule."""
    readings = {"official": {"extra_turn_on_match": True}, "house rule": {"extra_turn_on_match": False}}
    report = tt.compare_options(
        "memory",
        readings,
        scenario="match-official",
        play=["s03"],  # the twin of the card flipped (slot 3)
        outcome=lambda g: f"player {g.decision.player} flips next",
    )
    assert report.distribution("official") == {"player 0 flips next": 1}
    assert report.distribution("house rule") == {"player 1 flips next": 1}


def test_playouts_give_frequencies_that_a_seed_repeats():
    readings = {"official": {}, "house rule": {"extra_turn_on_match": False}}
    kw = dict(options={"pairs": 3}, play="random", playouts=12, seed=3)
    report = tt.compare_options("memory", readings, **kw)
    assert report.method == "12 playouts"
    for name in readings:
        outs = report.results[name]
        assert sum(o.count for o in outs) == 12
        assert sum(o.weight for o in outs) == 1
        assert all(o.game.over for o in outs)
    assert tt.compare_options("memory", readings, **kw).rows() == report.rows()
    assert "frequency" in report.rows()[0]


def test_playouts_from_a_scenario_start_from_its_position_under_each_reading():
    """Memory's small board (mem.setup): each playout starts from the scenario's own deal under the reading."""
    base = tt.rulebook("memory").scenario("small-board")
    readings = {"official": {}, "house rule": {"extra_turn_on_match": False}}
    report = tt.compare_options("memory", readings, scenario="small-board", play="first_legal", playouts=3)
    for name, outs in report.results.items():
        assert sum(o.count for o in outs) == 3
        for o in outs:
            first = o.game.history.tolist()[: len(base.history)]
            assert first == base.history.tolist()  # the same deal: the scenario was rebuilt, not dealt anew
            assert o.game.options["extra_turn_on_match"] is (name == "official")
    # first_legal plays the same moves in every playout of a reading: one outcome each
    assert [len(outs) for outs in report.results.values()] == [1, 1]


# ------------------------------------------------------------------ the documentation's example
def test_the_example_of_docs_readings_md_runs_and_prints_what_the_page_says(capsys):
    """Hearthstone 000 L68 (hs.assume.battlecry): the knife flies before the whelps arrive, or after."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "readings.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    printed = text.split("It prints:\n\n```\n", 1)[1].split("```", 1)[0]
    scope: dict = {}
    exec(compile(code, "docs/readings.md", "exec"), scope)
    assert capsys.readouterr().out == printed
    report = scope["report"]
    assert report.distribution("battlecry first") == {
        "the knife hits the Paladin": Fraction(1, 3),
        "the knife kills a whelp": Fraction(2, 3),
    }
    assert report.to_pandas().shape == (3, 7)


SCENARIOS = [(rid, name) for rid in tt.rulebooks() for name in tt.rulebook(rid).scenarios]


@pytest.mark.parametrize(("rulebook_id", "name"), SCENARIOS)
def test_every_scenario_rebuilds_to_the_same_position(rulebook_id, name):
    """docs/readings.md: compare_options from a scenario sets it up again and replays its history; under the
    scenario's own options that is the very same position."""
    from tabletop.analysis.readings import rebuild

    game = tt.rulebook(rulebook_id).scenario(name)
    assert rebuild(game, {}).fingerprint() == game.fingerprint()
