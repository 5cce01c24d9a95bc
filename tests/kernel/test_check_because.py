"""A state check records what made it true (``because``), so "why" of its events does not stop at the
check (issue 16): trace.because_of over a hand-made trace, and Trace.causes going on through it."""

from __future__ import annotations

from tabletop.core.rules import RuleTable
from tabletop.core.trace import Trace, because_of, named_objects


def _event(i, type_, about, status="happened", cause=None):
    data = {"event": f"e{i}", "type": type_, "status": status, "about": about}
    return {"i": i, "kind": "event", "summary": f"{type_} {about}", "rule": "t.rule", "cause": cause, "data": data}


def _trace():
    return Trace(
        RuleTable({}),
        [
            {"i": 0, "kind": "decision", "summary": "chose", "rule": "t.d", "cause": None, "data": {}},
            _event(1, "damage", {"source": "a", "target": "b"}, cause=0),
            _event(2, "damage", {"source": "b", "target": "a"}, cause=0),
            _event(3, "damage", {"source": "c", "target": "b"}, status="prevented", cause=0),
            _event(4, "heal", {"target": "b"}, cause=0),
        ],
    )


def test_an_event_is_about_the_objects_its_fields_name_not_its_own_bookkeeping():
    ev = {"id": "e9", "type": "damage", "rule": "r", "source": "a", "target": "b", "amount": 2, "note": "zzz"}
    assert named_objects(ev, {"a": {}, "b": {}, "e9": {}}) == {"source": "a", "target": "b"}


def test_undeclared_a_check_event_comes_of_every_happened_event_about_its_object():
    trace = _trace()
    found = because_of(trace, {"b": {}}, [{"type": "die", "minion": "b"}], {})
    assert found == {"because": [1, 2, 4]}  # not the prevented damage (3)


def test_declared_it_comes_only_of_the_events_of_those_types_through_that_field():
    trace = _trace()
    found = because_of(trace, {"b": {}}, [{"type": "die", "minion": "b"}], {"die": {"damage": "target"}})
    assert found == {"because": [1]}  # not b's own damage as a source (2), nor the heal (4)
    assert because_of(trace, {"b": {}}, [{"type": "die", "minion": "zz"}], {}) == {}


def test_causes_go_on_from_a_check_through_the_last_event_that_made_it_true():
    trace = _trace()
    check = {"i": 5, "kind": "check", "summary": "check", "rule": "t.c", "cause": None, "data": {"because": [1, 4]}}
    trace.records.append(check)
    trace.records.append({"i": 6, "kind": "event", "summary": "b dies", "rule": "t.die", "cause": 5, "data": {}})
    assert [r["i"] for r in trace.causes(6)] == [0, 4, 5, 6]
    graph = trace.graph()
    assert graph.edges[1, 5]["kind"] == graph.edges[4, 5]["kind"] == "because"


def test_the_graph_from_a_record_on_is_the_whole_graph_cut_down_to_those_records():
    import random

    import tabletop as tt

    game = tt.rulebook("hearthstone").new_game(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        game.apply(rng.choice(game.legal()))
    whole = game.trace.graph()
    for since in (0, 1, len(game.trace) // 2, len(game.trace) - 3, len(game.trace) + 5):
        part = game.trace.graph(since=since)
        cut = whole.subgraph(n for n in whole if n >= since)
        assert sorted(part.nodes(data=True)) == sorted(cut.nodes(data=True))
        assert sorted(part.edges(data=True)) == sorted(cut.edges(data=True))


def _fresh(trace):
    """because_of over a new Trace of the same records: what the search finds reading them all."""
    return Trace(trace.rules, trace.records.tolist())


def test_the_search_reads_on_from_where_the_last_one_stopped_and_sees_later_records_and_statuses():
    trace = _trace()
    die_b = [{"type": "die", "minion": "b"}]
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [1, 2, 4]}
    trace.records.append(_event(5, "damage", {"target": "b"}, status="pending"))
    trace.records.append(_event(6, "heal", {"target": "b"}))
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [1, 2, 4, 6]}  # 5 has not happened
    trace.records[5] = _event(5, "damage", {"target": "b"})  # (its status changes: the record is replaced)
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [1, 2, 4, 5, 6]}
    assert because_of(trace, {"b": {}}, die_b, {}) == because_of(_fresh(trace), {"b": {}}, die_b, {})


def test_a_trace_cut_back_and_grown_again_is_searched_anew():
    trace = _trace()
    die_b = [{"type": "die", "minion": "b"}]
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [1, 2, 4]}
    trace.records.truncate(3)  # (an undone apply)
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [1, 2]}
    trace.records.truncate(0)
    for i in range(5):  # as long as before, other records: the last one read is not where it was
        trace.records.append(_event(i, "heal", {"target": "a" if i % 2 else "b"}))
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [0, 2, 4]}  # (0: no event before)
    assert because_of(trace, {"b": {}}, die_b, {}) == because_of(_fresh(trace), {"b": {}}, die_b, {})


def test_a_copy_of_the_trace_searches_on_its_own():
    trace = _trace()
    die_b = [{"type": "die", "minion": "b"}]
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [1, 2, 4]}
    copy = trace.copy()
    copy.records.append(_event(5, "damage", {"target": "b"}))
    trace.records.append(_event(5, "heal", {"target": "a"}))
    assert because_of(copy, {"b": {}}, die_b, {}) == {"because": [1, 2, 4, 5]}
    assert because_of(trace, {"b": {}}, die_b, {}) == {"because": [1, 2, 4]}
