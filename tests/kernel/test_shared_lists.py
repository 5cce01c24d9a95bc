"""Issue 14: a clone shares the trace and the history (SharedList) instead of copying them, so
``Game.clone()`` costs the same at the thousandth decision as at the tenth; the two still read as
lists and every copy stays independent of the others."""

from __future__ import annotations

import copy
import pickle
import random
import tracemalloc

import pytest

import tabletop as tt
from tabletop.core.trace import SharedList


def long_game(decisions: int = 1000) -> tt.Game:
    """A traced 28-pair memory game played on by a random agent (about 3,800 records)."""
    game = tt.rulebook("memory").new_game(seed=3, pairs=28, tracing=True)
    rng = random.Random(0)
    for _ in range(decisions):
        game.apply(rng.choice(game.legal()))
    return game


@pytest.fixture(scope="module")
def game() -> tt.Game:
    return long_game()


def retained(make) -> int:
    """Bytes still allocated after ``make()``, for what it returned."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = make()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return after - before


def test_a_clone_shares_the_trace_and_the_history_of_a_long_game(game):
    assert len(game.trace) > 3000 and len(game.history) > 1000
    clone = game.clone()
    for mine, theirs in ((game.trace.records, clone.trace.records), (game.history, clone.history)):
        assert mine.shared_with(theirs) >= len(mine) - 63  # all but the tail is the same storage
        assert theirs == mine


def test_a_clone_of_a_long_game_allocates_no_copy_of_its_trace_or_history(game):
    """A structural check, not a timing one: beyond the state's own copy, a clone holds a few objects
    and the two tails (< 64 items each), not ~4,800 pointers of trace and history (~39 KB)."""
    table = game.table
    state_only = min(retained(table.state.clone) for _ in range(3))
    whole = min(retained(game.clone) for _ in range(3))
    assert whole - state_only < 4096, whole - state_only


def test_clones_of_a_long_game_play_on_without_touching_each_other(game):
    before = (game.fingerprint(), copy.deepcopy(game.trace.records.tolist()), game.history.tolist(), game.to_json())
    first, second = game.clone(), game.clone()
    for branch, seed in ((first, 1), (second, 2)):
        rng = random.Random(seed)
        while not branch.over:  # (to the end: several chunks of 64 records)
            branch.apply(rng.choice(branch.legal()))
        assert len(branch.trace) > len(before[1]) + 200
    assert (game.fingerprint(), game.trace.records, game.history, game.to_json()) == before
    assert first.trace.records[: len(before[1])] == before[1] == second.trace.records[: len(before[1])]
    assert first.history != second.history
    # each branch reads as the game a replay of its own history makes
    for branch in (first, second):
        assert branch.replay().to_json() == branch.to_json()


def test_a_failed_apply_in_a_long_game_rolls_the_trace_and_history_back(game):
    clone = game.clone()
    before = (clone.fingerprint(), clone.trace.records.tolist(), clone.history.tolist())
    with pytest.raises(tt.core.IllegalOption):
        clone.apply("no such option")
    assert (clone.fingerprint(), clone.trace.records, clone.history) == before


def test_a_saved_long_game_loads_with_the_same_json(game):
    text = game.to_json()
    loaded = tt.load_game(text)
    assert isinstance(loaded.history, SharedList) and isinstance(loaded.trace.records, SharedList)
    assert loaded.to_json() == text and loaded.history == game.history and loaded.trace.records == game.trace.records


# ------------------------------------------------------------------ SharedList against a list


def test_shared_list_reads_as_a_list():
    items = [{"i": k} for k in range(200)]
    shared = SharedList(items)
    assert len(shared) == 200 and shared == items and items == shared and shared.tolist() == items
    assert list(shared) == items and shared[-1] == items[-1] and shared[64] is items[64]
    assert shared[10:150] == items[10:150] and shared[130:] == items[130:] and shared[::7] == items[::7]
    assert shared[150:10] == [] and shared[-5:] == items[-5:] and shared[:0] == []
    assert repr(shared) == repr(items) and (shared != items[:-1]) and shared != tuple(items)
    assert pickle.loads(pickle.dumps(shared)) == items and copy.deepcopy(shared) == items
    assert items[3] in shared and shared.index(items[70]) == 70
    with pytest.raises(IndexError):
        shared[200]
    with pytest.raises(IndexError):
        shared[-201]
    with pytest.raises(IndexError):
        shared[200] = {}
    with pytest.raises(TypeError):
        hash(shared)


def test_shared_list_appended_to_without_a_copy_reads_as_a_list():
    """Appends go to the tail until a copy freezes its full chunks: reads and slices are right either
    way, far into a long tail as well."""
    items = list(range(40)) + [{"i": k} for k in range(300)]
    shared = SharedList(items[:40])
    for item in items[40:]:
        shared.append(item)
    for _ in range(2):  # before and after a copy has frozen the tail's chunks
        assert len(shared) == 340 and shared == items and shared[250] is items[250]
        assert shared[200:260] == items[200:260] and shared[70:] == items[70:] and shared[-3:] == items[-3:]
        copied = shared.copy()
    assert copied.shared_with(shared) == 320 and copied == items
    """Appends, replacements (in the tail and in frozen chunks), truncations and copies of copies,
    each checked against plain lists doing the same."""
    rng = random.Random(7)
    pairs = [(SharedList(), [])]
    for step in range(6000):
        k = rng.randrange(len(pairs))
        shared, model = pairs[k]
        op = rng.random()
        if op < 0.7:
            shared.append(step)
            model.append(step)
        elif op < 0.8 and model:
            i = rng.randrange(-len(model), len(model))
            shared[i] = -step
            model[i] = -step
        elif op < 0.85:
            n = rng.randrange(len(model) + 1)
            shared.truncate(n)
            del model[n:]
        elif op < 0.9 and len(pairs) < 12:
            pairs.append((shared.copy(), model.copy()))
        if step % 97 == 0:
            for s, m in pairs:
                assert s == m and len(s) == len(m) and list(s) == m
                if m:
                    i = rng.randrange(len(m))
                    assert s[i] == m[i] and s[i:] == m[i:] and s[:i] == m[:i]
    for s, m in pairs:
        assert s.tolist() == m
