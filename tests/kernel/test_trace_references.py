"""References into the trace are the kernel's alone: a rulebook's data may be named ``cause`` and is kept.

A fingerprint and a position file leave out what depends on the path to a position and on whether tracing is
on: the cause a work entry cites, a decision's ``cause``, an event's ``rec`` and the kernel's own tasks'
arguments (``k.*``: triggers and events). A rulebook's task arguments and an event's fields are its data,
whatever their names (Warlord's settle task once passed what caused a death as ``cause``, and a position saved
mid-attack lost it). An event field named ``rec`` would collide with the kernel's, so emitting one is refused.
"""

import pytest

from tabletop.core import Profile, RuleError
from tabletop.core.position_files import ENGINE_KEYS
from tabletop.core.state import State

from .toybook import creature, logs, make


def _state(*, rule_cause: str, event_cause: str, trace_ref: int) -> State:
    st = State()
    st.work = [
        ("toy.settle", {"cause": rule_cause, "who": "A"}, trace_ref),
        ("k.resolve", {"trig": {"rec": trace_ref, "ability": "x", "ev": {"rec": trace_ref}}}, trace_ref),
    ]
    st.events = {"e1": {"id": "e1", "type": "died", "cause": event_cause, "rec": trace_ref, "status": "pending"}}
    st.decision = {"player": 0, "cause": trace_ref, "resume": ("toy.pick", {"cause": rule_cause})}
    return st


def test_the_engine_data_a_position_file_writes_keeps_the_rulebooks_cause_and_drops_the_kernels_references():
    data = _state(rule_cause="strike", event_cause="strike", trace_ref=7).untraced_engine()
    assert sorted(data) == sorted(ENGINE_KEYS)  # what position_files reads back, no more and no less
    assert data["work"] == [
        ["toy.settle", {"cause": "strike", "who": "A"}, None],
        ["k.resolve", {"trig": {"ability": "x", "ev": {}}}, None],
    ]
    assert data["events"] == {"e1": {"id": "e1", "type": "died", "cause": "strike", "status": "pending"}}
    assert data["decision"] == {"player": 0, "resume": ["toy.pick", {"cause": "strike"}]}


def test_the_fingerprint_sees_a_rulebooks_cause_and_not_a_trace_reference():
    base = _state(rule_cause="strike", event_cause="strike", trace_ref=7).fingerprint()
    assert _state(rule_cause="strike", event_cause="strike", trace_ref=99).fingerprint() == base
    assert _state(rule_cause="spell", event_cause="strike", trace_ref=7).fingerprint() != base
    assert _state(rule_cause="strike", event_cause="spell", trace_ref=7).fingerprint() != base


def _bad_emit(game):
    game.emit("ping", rule="toy.script", rec=5)


def _bad_batch(game):
    game.emit_batch([{"type": "ping"}, {"type": "ping", "rec": 5}], rule="toy.script")


@pytest.mark.parametrize("tracing", [True, False])
@pytest.mark.parametrize("script", ["emit", "batch"])
def test_an_event_field_named_rec_is_refused_and_the_game_is_left_as_it_was(tracing, script):
    # a listener makes the rulebook reactive (the pipeline's other path), and the untraced fast path is tried too
    for objects in ([creature("A", 0, logs("A", "ping"))], [creature("A", 0)]):
        rb = make(Profile(), objects, scripts={"emit": _bad_emit, "batch": _bad_batch})
        game = rb.new_game(seed=0, tracing=tracing)
        before, moves = game.fingerprint(), len(game.history)
        with pytest.raises(RuleError, match="event 'ping': a field named 'rec' is the kernel's"):
            game.apply(f"go:{script}")
        assert game.fingerprint() == before and len(game.history) == moves
