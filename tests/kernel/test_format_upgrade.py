"""Saves of format 1 still load (issue 14's layout commit: format 2).

Format 1 kept the trace record a pending task cites among the task's arguments (``_c``), and
Marvel Champions named its decks' compositions ``_left:...``. Format 2 keeps the cause as the work
entry's third item, so a task's arguments are its own, and every Deck's composition is
``_deck:...``. ``format1_saves/marvel_champions_traced.json`` was written by ``Game.to_json`` at
commit 300975e (format 1): ``new_game(seed=1, tracing=True)``, then
``random_playout(game, random.Random(1), max_steps=12)``; it pauses with nine tasks pending, six
of them citing a cause. Its three end-of-period summaries were since re-worded as the kernel now
words those events (``end_of_phase(player=0)`` became ``end of the phase (player 0)``, as the replay
writes it); nothing else was changed.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tabletop as tt
from tabletop.core.errors import SavedGameError
from tabletop.testing import random_playout

SAVE = Path(__file__).parent / "format1_saves" / "marvel_champions_traced.json"


def _saved() -> dict:
    return json.loads(SAVE.read_text(encoding="utf-8"))


def test_the_fixture_is_a_format_1_save_whose_pending_tasks_cite_causes_in_their_arguments():
    data = _saved()
    assert data["format"] == "tabletop.game/1"
    causes = [args.get("_c") for _name, args in data["state"]["work"]]
    assert sum(isinstance(c, int) for c in causes) == 6
    assert "_left:enc" in data["state"]["vars"]


def test_each_pending_task_cites_its_cause_outside_its_arguments_once_loaded():
    data = _saved()
    game = tt.load_game(SAVE.read_text(encoding="utf-8"))
    work = game.state.work
    assert [(name, cause) for name, _args, cause in work] == [
        (name, args.get("_c")) for name, args in data["state"]["work"]
    ]
    assert all("_c" not in args for _name, args, _cause in work)
    assert [{k: v for k, v in args.items() if k != "_c"} for _n, args in data["state"]["work"]] == [
        args for _n, args, _c in work
    ]


def test_marvel_champions_decks_are_named_as_every_deck_is_now():
    data = _saved()
    game = tt.load_game(SAVE.read_text(encoding="utf-8"))
    old = {k: v for k, v in data["state"]["vars"].items() if k.startswith("_left:")}
    assert old and not any(k.startswith("_left:") for k in game.state.vars)
    assert {k.replace("_left:", "_deck:"): v for k, v in old.items()} == {
        k: v for k, v in game.state.vars.items() if k.startswith("_deck:")
    }


def _as_saved_then(text: str) -> dict:
    """A saved game with what trace records have carried since the fixture was written left out: the
    objects an event is about (``about``), what made a state check true (``because``), and the notes of
    what a decision does not offer (``excluded`` records, for "why not?"), the trace indices that point
    past those notes (records' ``i`` and ``cause``, the pending tasks' causes, the open decision's cause,
    the events' records) renumbered as if they had never been made."""
    data = json.loads(text)
    kept = [rec for rec in data["trace"] if rec["kind"] != "excluded"]
    renumber = {rec["i"]: n for n, rec in enumerate(kept)}

    def at(i):
        return renumber[i] if isinstance(i, int) else i

    for rec in kept:
        rec["data"] = {k: v for k, v in rec["data"].items() if k not in ("about", "because")}
        rec["i"], rec["cause"] = at(rec["i"]), at(rec.get("cause"))
    data["trace"] = kept
    state = data["state"]
    state["work"] = [[name, args, at(cause)] for name, args, cause in state["work"]]
    if state.get("decision"):
        state["decision"]["cause"] = at(state["decision"].get("cause"))
    for ev in state["events"].values():
        if "rec" in ev:
            ev["rec"] = at(ev["rec"])
    return data


def test_a_loaded_format_1_save_plays_on_as_the_game_its_history_replays_to():
    """The upgraded save and a fresh game replayed to it make the same choices into the same games,
    trace included (the causes the pending tasks cite are the ones the replay gives them)."""
    loaded = tt.load_game(SAVE.read_text(encoding="utf-8"))
    fresh = loaded.replay()
    assert _as_saved_then(fresh.to_json()) == _as_saved_then(loaded.to_json())
    assert any("about" in rec["data"] for rec in json.loads(fresh.to_json())["trace"])
    for game in (loaded, fresh):
        random_playout(game, random.Random(7), max_steps=40)
    assert loaded.fingerprint() == fresh.fingerprint()
    assert _as_saved_then(loaded.to_json()) == _as_saved_then(fresh.to_json())


def test_it_is_saved_again_in_format_2_and_loads_back():
    game = tt.load_game(SAVE.read_text(encoding="utf-8"))
    text = game.to_json()
    assert json.loads(text)["format"] == "tabletop.game/2"
    assert all(len(task) == 3 for task in json.loads(text)["state"]["work"])
    assert tt.load_game(text).to_json() == text


def test_a_format_2_save_with_a_cause_inside_a_task_argument_list_is_refused_by_the_schema():
    """Format 2 work entries have three items: a format-1 entry in a format-2 save is named, not guessed at."""
    data = json.loads(tt.load_game(SAVE.read_text(encoding="utf-8")).to_json())
    name, args, cause = data["state"]["work"][3]
    data["state"]["work"][3] = [name, {**args, "_c": cause}]
    with pytest.raises(SavedGameError) as info:
        tt.load_game(json.dumps(data))
    assert info.value.path.startswith("state.work")


def test_a_format_1_save_holding_both_the_old_and_the_new_name_of_a_variable_is_refused():
    data = _saved()
    data["state"]["vars"]["_deck:enc"] = {}
    with pytest.raises(SavedGameError, match="_deck:enc") as info:
        tt.load_game(json.dumps(data))
    assert info.value.path == "state.vars._left:enc"
