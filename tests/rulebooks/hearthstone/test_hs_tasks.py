"""Hearthstone's tasks are registered by function on a TaskTable under the names saved games hold (issue 14)."""

from __future__ import annotations

import json

import tabletop as tt
from tabletop.core import TaskTable
from tabletop.core.tasks import task_name
from tabletop.games.hearthstone import engine as E

RB = tt.rulebook("hearthstone")

NAMES = {
    "hs.coin": E.t_coin,
    "hs.draw": E.t_draw,
    "hs.drawn": E.t_drawn,
    "hs.mulligan": E.t_mulligan,
    "hs.mulligan_done": E.t_mulligan_done,
    "hs.shuffle_back": E.t_shuffle_back,
    "hs.give_coin": E.t_give_coin,
    "hs.start": E.t_start,
    "hs.main": E.t_main,
    "hs.act": E.t_act,
    "hs.battlecry_target": E.t_battlecry_target,
    "hs.effects": E.t_effects,
}


def test_every_task_is_a_function_registered_under_its_old_name():
    """The names saved games and digests hold are unchanged; each is the name of its function."""
    assert isinstance(RB.tasks, TaskTable)
    assert set(RB.tasks) == set(NAMES)
    for name, fn in NAMES.items():
        assert task_name(fn) == name
        assert RB.tasks[name].__wrapped__ is fn


def test_a_decision_resumes_a_task_by_its_name_and_a_saved_game_holds_names():
    """hs.actions (L67): the open action decision resumes hs.act, saved by name; the saved game loads and plays on."""
    game = RB.new_game(seed=3, first="0", mulligan=False)
    assert game.decision.kind == "action"
    assert game.state.decision["resume"][0] == "hs.act"
    saved = game.to_json()
    assert json.loads(saved)  # plain data: no function in it
    again = tt.load_game(saved)
    assert again.fingerprint() == game.fingerprint()
    again.apply("end")
    game.apply("end")
    assert again.fingerprint() == game.fingerprint()


def test_an_untraced_game_makes_no_summary_and_a_traced_one_does():
    """Lazy summaries: hs.mana's text is made in a traced game only (the untraced trace stays empty)."""
    traced = RB.new_game(seed=1, first="0", mulligan=False, tracing=True)
    untraced = RB.new_game(seed=1, first="0", mulligan=False, tracing=False)
    assert any(r["summary"] == "player 0 has 1 mana crystal(s), refilled" for r in traced.trace.records)
    assert untraced.trace.records == []
    assert traced.fingerprint() == untraced.fingerprint()
