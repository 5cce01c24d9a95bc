"""Every rulebook's exercises (core/exercises.py): the stored answer passes the engine's check, the
answers declared wrong fail it with a hint, a malformed answer is reported rather than raised, and
an unknown exercise names the ones there are."""

from __future__ import annotations

import pytest

import tabletop as tt
from tabletop.core import BLANK, Exercise, ExerciseError, UnknownExercise
from tabletop.core.exercises import open_decision

CASES = [(rb_id, name) for rb_id in tt.rulebooks() for name in tt.rulebook(rb_id).exercises]


def test_the_lesson_rulebooks_have_exercises():
    having = {rb_id for rb_id, _ in CASES}
    assert {
        "memory",
        "one_night_werewolf",
        "hearthstone",
        "berserk_heroes",
        "marvel_champions",
        "nebozhiteli",
        "warlord",
    } <= having


@pytest.mark.parametrize(("rb_id", "name"), CASES)
def test_stored_answer_passes_and_wrong_answers_fail(rb_id, name):
    ex = tt.rulebook(rb_id).exercise(name)
    assert ex.question and ex.hint and ex.rule, "an exercise states its question, a hint and its rule"
    for ref in ex.rule.replace(",", " ").split():
        assert ref in tt.rulebook(rb_id).rules, f"{name} cites {ref}, which is not a rule of {rb_id}"
    blank = ex.check(BLANK)
    assert blank.blank and blank.ok and ex.hint in blank.text
    assert repr(ex.stored) not in blank.text or len(repr(ex.stored)) < 2, "the blank's text gives the answer away"
    right = ex.check(ex.stored)
    assert right.ok and not right.blank, right.text
    assert ex.wrong, "an exercise declares answers that must fail, so its check can be seen to fail"
    for answer in ex.wrong:
        verdict = ex.check(answer)
        assert not verdict.ok, f"{name}: the wrong answer {answer!r} passed"
        assert verdict.text.startswith("Not quite:") and ex.hint in verdict.text


def test_a_malformed_answer_is_reported_not_raised_and_a_broken_exercise_is_an_error():
    def judge(a):
        return None if [0, 1, 2][a] == 1 else "no"

    ex = Exercise("pos", "Which position?", rule="r", hint="0, 1 or 2", stored=1, judge=judge)
    verdict = ex.check("left")
    assert not verdict.ok and "could not be checked (TypeError" in verdict.text
    assert "✗" in verdict._repr_html_()
    broken = Exercise("pos", "Which position?", rule="r", hint="h", stored=0, judge=lambda a: None if a == 1 else "no")
    with pytest.raises(ExerciseError, match="stored answer fails its own check: no"):
        broken.check(BLANK)
    ended = Exercise("end", "?", rule="r", hint="h", stored=0, judge=lambda a: open_decision(_finished_game()) and None)
    with pytest.raises(ExerciseError, match="the game ended before the exercise's position was reached"):
        ended.check(1)  # the exercise's fault, raised: not told to the student as a malformed answer


def _finished_game():
    import random

    from tabletop.testing import random_playout

    return random_playout(tt.rulebook("memory").new_game(seed=1, pairs=2), random.Random(1))


def test_an_unknown_exercise_names_the_ones_there_are():
    rb = tt.rulebook("memory")
    with pytest.raises(UnknownExercise, match="memory has no exercise 'nope'; it has: "):
        rb.exercise("nope")
