"""Loops the players cannot leave: mandatory loops of automatic steps (Brent's algorithm over the
positions) and forced loops of single-option decisions."""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING

import orjson

from .errors import ForcedLoop, LoopStep
from .state import TURN_COUNTERS, State, _strip, _strip_decision, _strip_task

if TYPE_CHECKING:
    from .table import Table

_EVENT_ID = re.compile(r'"e([0-9]+)"')


def _relative_events(text: str, st: State) -> str:
    """``text`` with event ids counted back from the newest event: each turn of a loop sends the
    same events again under new ids, so ``e17`` with 20 events so far reads as the 3rd newest."""
    newest = st.counters["event"]
    objects = st.objects

    def relative(m: re.Match) -> str:
        return m.group(0) if m.group(0)[1:-1] in objects else f'"#e{newest - int(m.group(1))}"'

    return _EVENT_ID.sub(relative, text)


def _loop_key(st: State) -> str:
    """The whole position as loop detection compares it (a full serialisation of the state)."""
    return _relative_events(st.canonical(), st) + json.dumps(st.rng, sort_keys=True)


_BULK = ("vars", "players", "uses", "modifiers", "effects", "delayed", "zones", "objects")


_BULK_PER_STEP = 64  # entries of objects and zones loop detection may compare per automatic step, on average


def _pending_key(st: State) -> str:
    """The rest of the position, as :func:`_loop_key` has it: the pending work, events, decision, the
    turn structure and the random streams. Its size is that of the work in hand, not of the game."""
    turn = {k: v for k, v in st.turn.items() if k not in TURN_COUNTERS}
    data = (
        [_strip_task(name, args) for name, args, _cause in st.work],
        _strip(st.queue),
        _strip(st.events),
        _strip_decision(st.decision),
        turn,
        st.result,
        st.rng,
    )
    return _relative_events(orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode(), st)


def _shape(st: State) -> tuple:
    work = st.work
    return (len(work), len(st.queue), len(st.events), work[-1][0] if work else None)


def _step_facts(st: State, name: str, args: dict | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The abilities and event types a kernel task's arguments are about (for loop reports; a
    rulebook's own task is named, its arguments are its own business)."""
    abilities: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    if not args or not name.startswith("k."):
        return abilities, events
    trig = args.get("trig")
    if isinstance(trig, dict):
        abilities = (str(trig.get("ability")),)
        ev = trig.get("event")
        if isinstance(ev, dict) and "type" in ev:
            events = (ev["type"],)
    batch = args.get("batch")
    if isinstance(batch, list):
        known = st.events
        events = tuple(dict.fromkeys(known[e]["type"] for e in batch if e in known))
    groups = args.get("groups")
    if isinstance(groups, list):
        abilities = tuple(t["ability"] for _chooser, trigs in groups for t in trigs)
    cands = args.get("cands")
    if isinstance(cands, list):
        abilities = tuple(t["ability"] for t in cands)
    return abilities, events


class _LoopWatch:
    """Mandatory-loop detection over the positions after each automatic step: Brent's algorithm.

    One earlier position (the tortoise, moved on at steps 1, 2, 4, 8, ... after the watch starts)
    is compared with each new one; a loop of ``n`` steps is found within about twice its start
    plus ``n`` steps, with its exact length. Nothing is serialised while the pending work differs
    in shape from the tortoise's; the bulk of the state is compared by equality, which copy on
    write makes mostly identity checks, and a match is confirmed by a full serialisation
    (:func:`_loop_key`) of both positions. The objects and zones are compared only as often as
    ``_BULK_PER_STEP`` entries a step pay for, so a run that changes an object every turn does not
    cost more the more objects there are; a match found after a comparison was put off may span
    several turns of the loop, so the watch then goes round once more, comparing every step, to
    report one turn exactly.
    """

    __slots__ = (
        "credit",
        "exact",
        "full",
        "game",
        "lam",
        "pending",
        "power",
        "put_off",
        "shape",
        "steps",
        "tortoise",
        "upcoming",
    )

    def __init__(self, game: Table):
        self.game = game
        self.power = 1
        self.credit = 0
        self.exact = False  # (going round once more after a match that may span several turns)
        self._settle()
        self._look_ahead()

    def _settle(self) -> None:
        st = self.game.state
        self.tortoise = st.clone()
        self.shape = _shape(st)
        self.pending = _pending_key(st)  # (now: task arguments are shared with the tortoise, not copied)
        self.full: str | None = None
        self.lam = 0
        self.steps: list[LoopStep] = []
        self.put_off = False  # a comparison with this tortoise was put off

    def _look_ahead(self) -> None:
        """What the next step (the top of the work stack) is about, while its events still exist."""
        work = self.game.state.work
        self.upcoming = (work[-1][0], *_step_facts(self.game.state, *work[-1][:2])) if work else None

    def step(self, name: str) -> list[LoopStep] | None:
        """Note the step ``name`` that just ran; the steps of one turn of the loop, if it closed one."""
        g = self.game
        st = g.state
        up = self.upcoming
        if up is not None and up[0] == name:
            abilities, events = up[1], up[2]
        elif name in ("k.drain", "k.checks") and st.work:  # (what the engine's own step scheduled)
            abilities, events = _step_facts(st, *st.work[-1][:2])
        else:
            abilities, events = (), ()
        self.steps.append(LoopStep(name, abilities, events, g._last_summary() if g.tracing else ""))
        self.lam += 1
        self.credit += _BULK_PER_STEP
        if self._same(st):
            if self.put_off and not self.exact:
                # the position came back, but perhaps after several turns of the loop: go round once
                # more from here comparing every step, the tortoise staying put, for one turn exactly
                self.exact = True
                self._settle()
                self._look_ahead()
                return None
            if _loop_key(st) == self._full():
                return self.steps
        if self.lam == self.power and not self.exact:
            self.power *= 2
            self._settle()
        self._look_ahead()
        return None

    def _full(self) -> str:
        full = self.full
        if full is None:
            full = self.full = _loop_key(self.tortoise)
        return full

    def _same(self, st: State) -> bool:
        """Is the position the tortoise's (short of the full serialisation)?"""
        if _shape(st) != self.shape:
            return False
        t = self.tortoise
        for part in _BULK[:-2]:
            if getattr(st, part) != getattr(t, part):
                return False
        if _pending_key(st) != self.pending:
            return False
        if not self.exact:
            size = len(st.objects) + len(st.zones)
            if self.credit < size:
                self.put_off = True
                return False
            self.credit -= size
        return st.zones == t.zones and st.objects == t.objects


def forced_loop(t: Table, made: dict) -> None:
    """After decision ``made``: has a forced loop come round (profile.forced_loop)?

    A forced loop: the position at a decision comes back and every decision since its last
    occurrence offered a single option, so no player can change anything. The positions at
    such decisions are noted (hashed) until a decision offers several options.
    """
    mode = t.profile.forced_loop
    st = t.state
    dec = st.decision
    if mode == "ignore" or len(made["options"]) != 1 or dec is None or len(dec["options"]) != 1:
        t._forced = None
        return
    key = hashlib.sha1(_loop_key(st).encode(), usedforsecurity=False).digest()
    seen = t._forced
    if seen is None:
        seen = t._forced = {}
    at = seen.get(key)
    if at is None:
        seen[key] = len(t.history)
        return
    cycle = [
        {"player": h["player"], "kind": h["kind"], "option": h["option"], **({"auto": True} if h["auto"] else {})}
        for h in t.history[at:]
    ]
    if mode == "error":
        raise ForcedLoop(cycle)
    t._forced = None
    st.decision = None
    rule = t.profile.rule("loop")
    t.record(
        "end",
        f"forced loop: the position came back after {len(cycle)} decision(s) with a single option each; a draw",
        rule,
        cycle=cycle,
    )
    st.result = {"winners": [], "draw": True, "reason": "forced loop", "rule": rule, "cycle": cycle}
