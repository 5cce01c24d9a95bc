"""A live match: the state plus the engine that runs it to the next decision.

The engine is a loop over *tasks* (plain-data tuples ``(name, args)``) on the state's work
stack. Rule code never blocks on a callback: when it needs a choice it opens a decision and
names the task that resumes with the answer. That is why a game paused anywhere, even in the
middle of ordering simultaneous triggers, can be cloned, saved as JSON and resumed with the
same results.

Every event goes through one pipeline (see :meth:`Game.emit`):
replacement/prevention -> interrupt window ("when") -> the event happens (or is replaced,
prevented, cancelled) -> response window ("after"), with the rulebook's :class:`Profile`
deciding who orders simultaneous triggers, where they wait, and when state checks run.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import orjson

from . import rng as _rng
from .abilities import Ability, Activation, Modify, Prevent, Replace
from .decision import CHANCE, Decision, Option
from .errors import (
    ArgumentTypeError,
    ArgumentValueError,
    ForcedLoop,
    GameOver,
    IllegalOption,
    LoopStep,
    MandatoryLoop,
    RuleError,
    StaleOption,
    StepBudgetExceeded,
    TimeBudgetExceeded,
    quote,
)
from .modifiers import Explanation, compute
from .profile import Profile
from .state import TURN_COUNTERS, State, _strip, _strip_decision, _strip_task
from .trace import Log, Trace

if TYPE_CHECKING:
    from .rulebook import Rulebook

FORMAT = "tabletop.game/1"
_LOOP_WATCH_AFTER = 1000  # automatic steps before loop detection starts comparing positions
_TIME_EVERY = 64  # with a time budget, the clock is read every this many automatic steps (a power of two)
# (object id, card) -> (the card's abilities, their references): see Game.abilities_of
_ABILITY_REFS: dict[tuple[str, Any], tuple[tuple[Ability, ...], tuple[tuple[str, Ability], ...]]] = {}


SEED_RANGE = (-(1 << 63), (1 << 64) - 1)  # the integers a saved game holds (what orjson writes)


def checked_seed(seed: Any) -> int | str:
    """``seed`` as a game keeps it: an int (not a bool) or a str; a str that spells an int is that int.

    The random streams are seeded from the seed's text, so ``seed=7`` and ``seed="7"`` play the
    same game; keeping the one int makes them save the same seed too. Any other str (``"007"``,
    ``"abc"``) stays a str. Anything else (bytes, floats, bools, None) is refused: its text would
    seed the game, but it could not be saved (bytes) or would look like another seed (``1.0``).
    """
    if type(seed) is int:
        if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
            raise ArgumentValueError(f"seed={quote(seed)} is outside the 64-bit range a saved game holds")
        return seed
    if isinstance(seed, str):
        digits = seed[1:] if seed[:1] == "-" else seed
        if 0 < len(digits) <= 20 and digits.isascii() and digits.isdecimal():
            value = int(seed)
            if str(value) == seed and SEED_RANGE[0] <= value <= SEED_RANGE[1]:
                return value
        return seed
    raise ArgumentTypeError(f"seed must be an int or a str, not {type(seed).__name__} ({quote(seed)})")


class Game:
    """A match of one rulebook. See the package docstring for the public API."""

    def __init__(
        self,
        rulebook: Rulebook,
        state: State,
        *,
        options: dict[str, Any],
        seed: int | str,
        chance: str = "sample",
        tracing: bool = True,
        profile: Profile | None = None,
        trace: Trace | None = None,
        history: list | None = None,
    ):
        if chance not in ("sample", "manual"):
            raise ArgumentValueError(f"chance must be 'sample' or 'manual', not {quote(chance)}")
        if not isinstance(tracing, bool):
            raise ArgumentTypeError(f"tracing must be True or False, not {quote(tracing)}")
        if profile is not None and not isinstance(profile, Profile):
            raise ArgumentTypeError(
                f"profile must be a Profile (rulebook.profile.replace(...)) or None, not {quote(profile)}"
            )
        self.rulebook = rulebook
        self.state = state
        self.options = options
        self.seed = checked_seed(seed)
        self.chance = chance
        self.tracing = tracing
        self.profile = profile or rulebook.profile
        self.trace = trace if trace is not None else Trace(rulebook.rules)
        self.history: list[dict] = history if history is not None else []
        self._tasks = rulebook.task_table()
        self._listeners: dict[str, list] | None = None
        self._cause: int | None = None
        self._left: list | None = None
        self._mark = 0  # work-stack height when the running step began (see ask)
        self._fp = None  # a footprint recorder, while the ordering explorer measures (footprint.py)
        self._zones_scanned: tuple[tuple[str, ...], list[tuple[str, bool]]] | None = None  # see _scanned_zones
        # positions (hashed loop keys -> history length) at the single-option decisions since the last
        # decision with several options, to tell a forced loop (see _forced_loop); None: none noted
        self._forced: dict[bytes, int] | None = None

    # ================================================================ public API
    @property
    def decision(self) -> Decision | None:
        """The open decision, or ``None`` when the game is over."""
        data = self.state.decision
        if data is None:
            return None
        cause = data.get("cause")
        why = self.trace.why(cause) if cause is not None and cause < len(self.trace) else ""
        return Decision.from_data(data, why, len(self.history))

    @property
    def result(self) -> dict | None:
        """Winners, scores and the reason, once the game is over."""
        return self.state.result

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def players(self) -> int:
        return len(self.state.players)

    @property
    def log(self) -> Log:
        """The trace narrated, one line per step with its rule reference."""
        return Log(self.trace)

    def legal(self) -> list[str]:
        """Ids of the open decision's options (empty when the game is over)."""
        data = self.state.decision
        return [o["id"] for o in data["options"]] if data else []

    def apply(self, choice: Option | str | int) -> Game:
        """Make the open decision: an Option, an option id or a label. Mutates and returns self.

        An unknown or illegal choice raises :class:`IllegalOption` and changes nothing.
        """
        st = self.state
        if st.result is not None:
            raise GameOver(
                f"the game is over ({st.result.get('reason', 'ended')}); no choice {quote(choice)} can be made"
            )
        data = st.decision
        if data is None:
            raise IllegalOption(f"no decision is open; cannot apply {quote(choice)}")
        index = self._find_option(data, choice)
        snapshot = st.clone()
        n_trace, n_hist = len(self.trace.records), len(self.history)
        records = self.trace.records
        # the records of pending events are updated in place (status, summary): keep them too
        pending = (
            {ev["rec"]: records[ev["rec"]] for ev in st.events.values() if ev.get("rec") is not None}
            if self.tracing and st.events
            else {}
        )
        try:
            self._choose(data, index, auto=False)
            self._run()
            if len(data["options"]) == 1 or self._forced is not None:
                self._forced_loop(data)
        except BaseException:
            st.restore(snapshot)
            del records[n_trace:]
            for i, rec in pending.items():
                records[i] = rec
            del self.history[n_hist:]
            self._listeners = None
            raise
        return self

    def _advance(self, index: int) -> None:
        """Make option ``index`` of the open decision, unchecked and without undo.

        For explorers and playouts that pick from the legal options of a clone they own.
        """
        data = self.state.decision
        self._choose(data, index, auto=False)
        self._run()
        if len(data["options"]) == 1 or self._forced is not None:
            self._forced_loop(data)

    def child(self, choice: Option | str | int) -> Game:
        """A new game one step on; this one is untouched."""
        return self.clone().apply(choice)

    def clone(self, tracing: bool | None = None) -> Game:
        """An independent copy (optionally with tracing switched on or off)."""
        new = Game.__new__(Game)
        new.rulebook = self.rulebook
        new.state = self.state.clone()
        new.options = self.options
        new.seed = self.seed
        new.chance = self.chance
        new.tracing = self.tracing if tracing is None else tracing
        new.profile = self.profile
        new.trace = self.trace.copy() if new.tracing else Trace(self.rulebook.rules)
        new.history = self.history.copy()
        new._tasks = self._tasks
        new._listeners = self._listeners
        new._cause = None
        new._left = None
        new._mark = 0
        new._fp = None
        new._zones_scanned = self._zones_scanned
        forced = self._forced
        new._forced = None if forced is None else forced.copy()
        return new

    def fingerprint(self) -> str:
        """Equal positions (pending work included) give equal fingerprints."""
        return self.state.fingerprint()

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text; :func:`tabletop.load_game` brings it back."""
        data = {
            "format": FORMAT,
            "rulebook": self.rulebook.id,
            "options": self.options,
            "seed": self.seed,
            "chance": self.chance,
            "tracing": self.tracing,
            "profile": None if self.profile == self.rulebook.profile else self.profile.describe(),
            "state": self.state.to_data(),
            "trace": self.trace.records,
            "history": self.history,
        }
        if self._forced:  # (positions a forced loop would come back to: so a loaded game resumes alike)
            data["forced_loop"] = [[key.hex(), at] for key, at in self._forced.items()]
        return json.dumps(data, indent=indent, ensure_ascii=False)

    def view(self, player: int | None) -> dict:
        """What ``player`` can see (``None``: a spectator who sees only public things)."""
        st = self.state
        if player is not None:
            if not isinstance(player, int) or isinstance(player, bool):
                raise ArgumentTypeError(
                    f"view(player={quote(player)}): player must be a player's number (an int) or None, "
                    f"not {type(player).__name__}"
                )
            if not 0 <= player < len(st.players):
                raise ArgumentValueError(
                    f"view(player={player}): this game has players 0 to {len(st.players) - 1} (None: a spectator)"
                )
        rb = self.rulebook
        objects = {}
        for oid, obj in st.objects.items():
            if rb.visible(self, obj, player):
                objects[oid] = obj
            else:
                objects[oid] = {k: obj[k] for k in rb.public_fields if k in obj} | {"hidden": True}
        dec = st.decision
        if dec is not None and dec.get("player") != player:
            dec = {"player": dec.get("player"), "kind": dec.get("kind"), "prompt": dec.get("prompt")}
        return {
            "player": player,
            "players": st.players,
            "turn": st.turn,
            "zones": {k: list(v) for k, v in st.zones.items()},
            "objects": objects,
            "vars": {k: v for k, v in st.vars.items() if not k.startswith("_")},
            "modifiers": st.modifiers,
            "decision": dec,
            "result": st.result,
        }

    def obj(self, obj_id: str) -> dict:
        try:
            return self.state.objects[obj_id]
        except KeyError:
            raise KeyError(f"no object {quote(obj_id)} in this game") from None

    def value(self, obj_id: str, stat: str) -> Any:
        """The current value of ``stat`` on an object, after every modifier."""
        return self.explain(obj_id, stat).value

    def explain(self, obj_id: str, stat: str) -> Explanation:
        """The base value and every contribution to it, in order, each with its source and rule.

        An explicit base (``obj["base"]``) comes first; otherwise a rulebook that keeps a value itself (buffs,
        auras, damage taken, a printed side that depends on a form) breaks it down with its ``explain`` hook.
        The kernel's lasting and static modifiers then apply after it, in the profile's order, so the last
        step always ends at ``game.value(obj, stat)``."""
        obj = self.obj(obj_id)
        mods = self.modifiers_for(obj_id, stat)
        base = obj.get("base", {}).get(stat)
        if base is None:
            hook = self.rulebook.explain
            start = None if hook is None else hook(self, obj, stat)
            if start is not None:
                _check_explanation(self.rulebook.id, obj_id, stat, start)
                if not mods:
                    return start
                rest = compute(start.value, mods, self.profile.modifiers, obj_id, stat)
                return Explanation(obj_id, stat, rest.value, start.steps + rest.steps[1:])
            base = self.rulebook.base_value(self, obj, stat)
        return compute(base, mods, self.profile.modifiers, obj_id, stat)

    def modifiers_for(self, obj_id: str, stat: str) -> list[dict]:
        """Lasting modifiers and static abilities that apply to ``stat`` of ``obj_id``."""
        mods = [m for m in self.state.modifiers if m["target"] == obj_id and m["stat"] == stat]
        if self.rulebook.has_statics:
            for src, _key, ab in self._index().get("$static", ()):
                source = self.state.objects[src]
                for m in ab.modifiers(self, source):
                    if m["target"] == obj_id and m["stat"] == stat:
                        mods.append({"ts": source.get("ts", 0), "source": src, "rule": ab.rule, **m})
        return mods

    def replay(self) -> Game:
        """A new game with the same seed and options, replaying this game's decisions."""
        game = self.rulebook.new_game(
            seed=self.seed,
            players=self.players,
            chance=self.chance,
            tracing=self.tracing,
            **self.options,
        )
        for step in self.history:
            if not step.get("auto"):
                game.apply(step["option"])
        return game

    def __repr__(self) -> str:
        st = self.state
        status = "over" if st.result is not None else f"waiting for {_who(st.decision)}"
        return (
            f"<Game {self.rulebook.id} seed={self.seed!r} turn={st.turn.get('number')} "
            f"{status}, {len(self.history)} choices>"
        )

    def _repr_html_(self) -> str:
        return self.rulebook.render_html(self)

    # ============================================================ rule-code API
    # ---- scheduling
    def push(self, task: str, **args: Any) -> None:
        """Schedule ``task``.

        Tasks pushed while one task runs execute in the order they were pushed, after that task
        returns and before anything that was pending already: ``emit(A); emit(B); push(X)``
        makes A happen (with all its windows), then B, then X.
        """
        if self.tracing and "_c" not in args:
            args["_c"] = self._cause
        if self._fp is not None and self._fp.current is not None:
            self._fp.pushed[id(args)] = self._fp.current  # what a resolution schedules is part of it
        self.state.work.append((task, args))

    def _push(self, task: str, args: dict) -> None:
        """:meth:`push` for kernel code that has the arguments as a dict already (it becomes the task's)."""
        if self.tracing and "_c" not in args:
            args["_c"] = self._cause
        fp = self._fp
        if fp is not None and fp.current is not None:
            fp.pushed[id(args)] = fp.current
        self.state.work.append((task, args))

    @property
    def scheduled_in_step(self) -> int:
        """How many tasks the running step has scheduled so far (they run after it, in order)."""
        return len(self.state.work) - self._mark

    def then(self, *tasks: tuple[str, dict]) -> None:
        """Schedule several tasks to run in the order given."""
        for name, args in tasks:
            self.push(name, **args)

    def _call(self, fn: Callable, *args: Any) -> None:
        """Run rule code so that the tasks it pushes execute in the order pushed."""
        work = self.state.work
        outer = self._mark
        mark = self._mark = len(work)
        try:
            fn(*args)
        finally:
            self._mark = outer
        if len(work) - mark > 1:
            work[mark:] = work[mark:][::-1]

    def ask(
        self,
        player: int | str,
        kind: str,
        options: list[dict],
        resume: str,
        *,
        prompt: str = "",
        rule: str = "core.decision",
        args: dict | None = None,
        probs: list[float] | None = None,
        stream: str = "chance",
    ) -> None:
        """Open a decision. The chosen option (a dict) reaches task ``resume`` as ``choice``.

        For ``player=CHANCE`` give ``probs``; unless the game's chance mode is ``manual`` the
        outcome is drawn at once from random stream ``stream``.
        """
        if not options:
            raise RuleError(f"decision {kind!r} for {player!r} has no options ({prompt})")
        if player == CHANCE and self.chance == "sample" and not self.tracing:
            # (fast path, tracing off) the outcome is drawn at once: what _choose does, without
            # the decision's data, which nothing would read
            if probs is None:
                probs = [1 / len(options)] * len(options)
            option = options[self._draw_from(stream, probs)]
            self.history.append({"player": player, "kind": kind, "option": option["id"], "auto": True})
            self._push(resume, {**(args or {}), "choice": option})
            return
        data = {
            "player": player,
            "kind": kind,
            "prompt": prompt,
            "rule": rule,
            "options": options,
            "resume": [resume, args or {}],
            "cause": self._cause,
        }
        if player == CHANCE:
            if probs is None:
                probs = [1 / len(options)] * len(options)
            data["probs"] = probs
            data["stream"] = stream
            if self.chance == "sample":
                self._choose(data, self._draw(data), auto=True)
                return
        pushed = self.scheduled_in_step
        if pushed > 0:
            raise RuleError(
                f"{kind!r} decision for {_who(data)} asked after this step scheduled {pushed} task(s): its options "
                "would be computed before those run. Push a task that asks, so it runs after them."
            )
        if kind == "action" and self.state.queue:
            raise RuleError(
                f"player {player} would be asked for an action while {len(self.state.queue)} abilities wait in the "
                f"{self.profile.container}; ask from a step of the turn structure (see Game.repeat_step), which "
                "runs only once they have resolved, or push 'k.drain' first"
            )
        self.state.decision = data

    def ask_draw(
        self,
        left: dict[str, int],
        resume: str,
        *,
        prompt: str,
        rule: str,
        args: dict | None = None,
        stream: str = "shuffle",
        labels: dict[str, str] | None = None,
    ) -> None:
        """A chance decision drawing one card from a multiset: ``left`` maps each kind of card to
        how many are left; each kind is an option (in the order given) weighted by its count."""
        kinds = [k for k, c in left.items() if c > 0]
        total = sum(left[k] for k in kinds)
        self.ask(
            CHANCE,
            "shuffle",
            [{"id": k, "label": (labels or {}).get(k, k)} for k in kinds],
            resume,
            prompt=prompt,
            rule=rule,
            args=args,
            probs=[left[k] / total for k in kinds],
            stream=stream,
        )

    def _draw(self, data: dict) -> int:
        """Draw the outcome of chance decision ``data`` from its seeded stream (advancing it)."""
        return self._draw_from(data["stream"], data["probs"])

    def _draw_from(self, stream: str, probs: list[float]) -> int:
        st = self.state
        value = st.rng.get(stream)
        if value is None:
            value = _rng.seed_stream(self.seed, stream)
        uniform = probs.count(probs[0]) == len(probs)
        value, index = _rng.draw_index(value, None if uniform else probs, len(probs))
        st.rng[stream] = value
        return index

    def record(
        self,
        kind: str,
        summary: str,
        rule: str,
        *,
        cause: int | str | None = "current",
        player: int | str | None = None,
        **data: Any,
    ) -> int | None:
        """Add a trace record; returns its index (``None`` when tracing is off)."""
        if not self.tracing:
            return None
        records = self.trace.records
        i = len(records)
        records.append(
            {
                "i": i,
                "kind": kind,
                "summary": summary,
                "rule": rule,
                "cause": self._cause if cause == "current" else cause,
                "player": player,
                "step": len(self.history),
                "data": data,
            }
        )
        return i

    def caused_by(self, index: int | None) -> None:
        """Make later records and tasks cite ``index`` as their cause."""
        self._cause = index

    # ---- objects and zones
    def create(self, prefix: str, zone: str, *, index: int | None = None, **fields: Any) -> str:
        """Create an object in ``zone`` and return its id."""
        st = self.state
        oid = fields.pop("id", None) or st.new_id(prefix)
        if oid in st.objects:
            raise RuleError(f"object id {oid!r} already exists")
        st.objects[oid] = {"id": oid, "zone": None, "ts": st.next_ts(), **fields}
        st.put(oid, zone, index)
        if self._may_listen(st.objects[oid]):
            self._listeners = None
        return oid

    def _may_listen(self, obj: dict) -> bool:
        """Could ``obj`` entering or leaving a zone change the listener index? An object with no
        abilities adds nothing to it (fast path; while footprints are recorded every change counts)."""
        return self._fp is not None or bool(self.rulebook.card_abilities(obj)) or bool(obj.get("grants"))

    def _works_in(self, obj: dict, zone: str | None, active: bool) -> bool:
        """Could one of ``obj``'s abilities work in ``zone`` (an active zone, or one an ability names
        as where it works, such as an event card's response from the hand)?"""
        if active:
            return True
        if zone is None or not self.rulebook.has_zoned_abilities:
            return False
        return any(ab.zones is not None and zone.startswith(tuple(ab.zones)) for _key, ab in self.abilities_of(obj))

    def move(self, obj_id: str, zone: str, index: int | None = None, **changes: Any) -> None:
        """Move an object between zones (keeping last known information if it leaves play).

        ``changes``: fields the object gets as it arrives (what it shows in its new zone, say), in
        the same copy of it.
        """
        st = self.state
        rb = self.rulebook
        obj = st.objects[obj_id]
        old = obj.get("zone")
        active_zones = rb.active_zones  # (what rb.is_active_zone says, inline: this runs for every move)
        was_active = old is not None and old.startswith(active_zones)
        now_active = zone.startswith(active_zones)
        given = bool(changes)
        if now_active and not was_active:
            changes["ts"] = st.next_ts()
        st.put(obj_id, zone, index, changes)
        if was_active and not now_active and self._left is not None:
            self._left.append(obj)
        if not (was_active or now_active or rb.has_zoned_abilities):
            return  # (fast path) neither zone is one where an ability could work: the index stays
        # (an active zone is one where abilities work: _works_in need not be asked about it; the
        # object is asked about as it was where it was, and as it is where it arrives)
        new = st.objects[obj_id] if given else obj
        if (was_active or now_active or self._works_in(obj, old, False) or self._works_in(new, zone, False)) and (
            self._may_listen(obj) or (given and self._may_listen(new))
        ):
            self._listeners = None

    def destroy(self, obj_id: str) -> None:
        """Remove an object from the game altogether (tokens, created cards)."""
        st = self.state
        obj = st.objects.pop(obj_id)
        zone = obj.get("zone")
        if zone is not None:
            st.zones[zone] = tuple(x for x in st.zones[zone] if x != obj_id)
        active = self.rulebook.is_active_zone(zone)
        if active and self._left is not None:
            self._left.append(obj)
        if self._works_in(obj, zone, active) and self._may_listen(obj):
            self._listeners = None

    def grant(self, obj_id: str, ability: str) -> None:
        """Give an object a named ability of the rulebook (a keyword)."""
        self.rulebook.named_ability(ability)
        grants = list(self.state.objects[obj_id].get("grants", ()))
        grants.append(ability)
        self.state.update(obj_id, grants=grants)
        self._listeners = None

    def revoke(self, obj_id: str, ability: str) -> None:
        grants = [g for g in self.state.objects[obj_id].get("grants", ()) if g != ability]
        self.state.update(obj_id, grants=grants)
        self._listeners = None

    def add_modifier(
        self,
        target: str,
        stat: str,
        op: str,
        value: Any,
        *,
        source: str | None = None,
        until: str | None = None,
        rule: str = "core.modifier",
    ) -> None:
        """A lasting modifier, until the end of ``turn``/``phase``/``round`` or for good."""
        st = self.state
        mod = {
            "target": target,
            "stat": stat,
            "op": op,
            "value": value,
            "source": source,
            "until": until,
            "rule": rule,
            "ts": st.next_ts(),
        }
        st.modifiers.append(mod)
        self.record(
            "modifier",
            f"{stat} of {target}: {op} {value}" + (f" until end of {until}" if until else ""),
            rule,
            target=target,
            stat=stat,
            op=op,
            value=value,
        )

    def add_effect(self, kind: str, *, until: str | None, rule: str, **data: Any) -> None:
        """A lasting effect other than a modifier; the rulebook's ``on_expire[kind]`` ends it."""
        self.state.effects.append({"kind": kind, "until": until, "rule": rule, "ts": self.state.next_ts(), **data})

    def delay(
        self,
        ability: str,
        *,
        event: str,
        source: str | None,
        controller: int | None,
        match: dict | None = None,
        data: dict | None = None,
    ) -> None:
        """A delayed effect: named ability ``ability`` resolves once, at the next ``event``."""
        self.rulebook.named_ability(ability)
        self.state.delayed.append(
            {
                "ability": ability,
                "event": event,
                "match": match or {},
                "source": source,
                "controller": controller,
                "data": data or {},
                "ts": self.state.next_ts(),
            }
        )

    def eliminate(self, player: int) -> None:
        """Take ``player`` out of the game (``out``): turns, windows and the seat order pass over them.

        In the middle of a phase where each player takes a turn, the rest of that phase keeps the
        order it had when the first player left it: only the turns of players out of the game are
        skipped, even when the seat order changes afterwards (a first-player token passing on with
        the elimination, say: pass it *after* calling this), which would otherwise shift the turn
        structure's count of turns taken and skip somebody else. That order is ``turn["order"]``
        until the phase ends; the cursor's turn index counts in it meanwhile.
        """
        st = self.state
        turn = st.turn
        flow = self.rulebook.flow
        pi, k, si = turn.get("cursor", (0, 0, 0))
        # under way: a turn has begun (si), or one has been taken (k), or the first turn's first
        # step is being repeated (repeat_step leaves the cursor at [pi, 0, 0] then)
        under_way = k or si or turn.get("repeat") == [pi, k]
        if "order" not in turn and pi < len(flow) and flow[pi].each_player and under_way:
            st.set_turn(order=st.seat_order())
        st.update_player(player, out=True)

    def end_game(self, winners: Iterable[int], *, reason: str, rule: str = "core.end", **extra: Any) -> None:
        """End the game: ``winners`` (empty for nobody), the reason and the rule.

        A game without winners is a draw; several winners (a cooperative win, a winning team)
        each win. A rulebook whose rules say otherwise passes ``draw=`` itself (a tie for first
        place called a draw, or a loss for everyone that is no draw).
        """
        winners = sorted(winners)
        draw = bool(extra.pop("draw", not winners))
        self.state.result = {"winners": winners, "draw": draw, "reason": reason, "rule": rule, **extra}
        self.record("end", f"game over: {reason}", rule, winners=winners)

    def extra_turn(self) -> None:
        """The current player takes another turn after this one."""
        self.state.set_turn(again=True)

    def repeat_step(self) -> None:
        """Run the current step of the turn structure again once nothing is pending.

        A main phase in which the player acts until passing calls this after each action, so
        the next action is asked only after everything the last one caused has resolved.
        """
        turn = self.state.turn
        pi, k, si = turn["cursor"]
        if si == 1:  # the phase's first step: run it again without beginning the turn (or phase) anew
            turn["cursor"] = [pi, k, 0]
            turn["repeat"] = [pi, k]  # for this turn only
        else:
            turn["cursor"] = [pi, k, max(si - 1, 0)]

    def enqueue(
        self,
        ability: str,
        *,
        source: str | None,
        controller: int | None,
        summary: str,
        rule: str,
        data: dict | None = None,
    ) -> None:
        """Put named ability ``ability`` where triggered abilities wait (the profile's container).

        For effects the rules put into the queue themselves, such as a chain of abilities a
        player composed (Berserk 522.1). Under the ``nested`` container it resolves at once.
        """
        self.rulebook.named_ability(ability)
        rec = self.record("trigger", summary, rule, player=controller, ability=f"rule:{ability}")
        trig = {
            "ability": f"rule:{ability}",
            "source": source,
            "controller": controller,
            "event": None,
            "data": data or {},
            "rec": rec,
            "ts": self.state.next_ts(),
            "name": ability,
            "forced": True,
        }
        self._place([trig], nested=self.profile.container == "nested")

    # ---- the event pipeline
    def emit(self, type_: str, *, rule: str, **fields: Any) -> str:
        """Send one event through the pipeline; returns its id."""
        st = self.state
        if self.tracing or self._fp is not None or not (self.rulebook.has_abilities or st.delayed):
            return self.emit_batch([{"type": type_, **fields}], rule=rule)[0]
        # (fast path: untraced, in a game where something could react) what emit_batch does for one event
        n = st.counters["event"] = st.counters["event"] + 1
        eid = f"e{n}"
        st.events[eid] = {"rule": rule, "type": type_, **fields, "id": eid, "status": "pending", "applied": []}
        st.work.append(("k.replace", {"batch": [eid], "i": 0}))
        return eid

    def emit_batch(self, events: list[dict], *, rule: str) -> list[str]:
        """Send simultaneous events through the pipeline together (one batch)."""
        st = self.state
        ids = []
        if not self.tracing:
            reactive = self._reactive()
            table = st.events
            n = st.counters["event"]
            for ev in events:
                n += 1
                eid = f"e{n}"
                if reactive:  # (what _new_event does, untraced)
                    table[eid] = {"rule": rule, **ev, "id": eid, "status": "pending", "applied": []}
                else:
                    table[eid] = {"id": eid, "status": "pending", "rule": rule, **ev}
                ids.append(eid)
            st.counters["event"] = n
            if not reactive:
                st.work.append(("k.happen", {"batch": ids}))
            elif self._fp is None:
                st.work.append(("k.replace", {"batch": ids, "i": 0}))
            else:
                self.push("k.replace", batch=ids, i=0)
            return ids
        for ev in events:
            ids.append(self._new_event({"rule": rule, **ev}, applied=[], cause="current"))
        if self._reactive():
            self.push("k.replace", batch=ids, i=0)
        else:
            self.push("k.happen", batch=ids)
        return ids

    def _new_event(self, ev: dict, *, applied: list, cause: int | str | None) -> str:
        """Give ``ev`` an id, trace it (as pending) and put it into the pipeline's table."""
        st = self.state
        n = st.counters["event"] = st.counters["event"] + 1
        eid = f"e{n}"
        ev = {**ev, "id": eid, "status": "pending", "applied": applied}
        if self.tracing:
            ev["rec"] = self.record(
                "event",
                self.rulebook.describe_event(self, ev),
                ev["rule"],
                cause=cause,
                player=ev.get("player"),
                event=eid,
                type=ev["type"],
                status="pending",
            )
        st.events[eid] = ev
        return eid

    def event(self, eid: str) -> dict:
        return self.state.events[eid]

    def cancel(self, eid: str, *, rule: str) -> None:
        """Cancel an event that has not happened yet (an interrupt's effect)."""
        ev = self.state.events.get(eid)
        if ev is None or ev["status"] != "pending":
            return
        self._set_status(ev, "cancelled")
        self.record(
            "event", f"cancelled: {self.rulebook.describe_event(self, ev)}", rule, event=eid, status="cancelled"
        )

    def expire(self, period: str, rule: str | None = None, summary: str | None = None) -> None:
        """End now every lasting modifier, effect and use limit that lasts ``until`` ``period``.

        The kernel calls it at the end of each turn, phase and round; a rulebook calls it for
        periods of its own (Marvel Champions' boosts last "for this activation", L320). The trace
        cites ``rule`` (default: the profile's rule for expiry), with ``summary`` for the modifiers.
        """
        st = self.state
        rule = rule or self.profile.rule("expire")
        gone = [m for m in st.modifiers if m.get("until") == period]
        if gone:
            st.modifiers = [m for m in st.modifiers if m.get("until") != period]
            self.record("expire", summary or f"{len(gone)} modifier(s) until end of {period} end", rule)
        ending = [e for e in st.effects if e.get("until") == period]
        if ending:
            st.effects = [e for e in st.effects if e.get("until") != period]
            for eff in ending:
                hook = self.rulebook.on_expire.get(eff["kind"])
                self.record("expire", f"{eff['kind']} ends (end of {period})", eff.get("rule", rule))
                if hook is not None:
                    hook(self, eff)
        prefix = f"{period}:"
        if any(k.startswith(prefix) for k in st.uses):
            st.uses = {k: v for k, v in st.uses.items() if not k.startswith(prefix)}
        if gone or ending:
            self._listeners = None

    def end_period(self, period: str) -> None:
        """Schedule the end of a turn, phase or round: lasting effects end, end triggers fire."""
        st = self.state
        order = []
        if period == "phase" and self.profile.checks == "end_of_phase":
            order.append(("k.checks", {}))
        if st.modifiers or st.effects or st.uses:
            order.append(("k.expire", {"period": period}))
        if self._reactive():
            if not order and len(st.work) == self._mark and self._unheard_end(period):
                # (fast path, tracing off) nothing this step scheduled runs before it (an earlier
                # period's end event could bring in a listener) and nothing would hear it: use up its
                # id now, as k.end_event would, without a step for it
                st.counters["event"] += 1
                return
            order.append(("k.end_event", {"period": period}))
            if not self.profile.expire_before_end_triggers and len(order) > 1:
                order[-2:] = order[-2:][::-1]
        for name, args in order:  # (what then() does, without copying each task's arguments)
            self._push(name, args)

    # ---- abilities
    def abilities_of(self, obj: dict) -> Sequence[tuple[str, Ability]]:
        """An object's abilities with their references: printed ones, then granted ones."""
        rb = self.rulebook
        printed = rb.card_abilities(obj)
        grants = obj.get("grants")
        if grants:
            out = [(f"{obj['id']}#{i}", ab) for i, ab in enumerate(printed)]
            out += [(f"{obj['id']}@{name}", rb.named_ability(name)) for name in grants]
            return out
        if not printed:
            return ()
        # (printed abilities only: the references depend on the object id and the card's abilities
        # alone, so they are made once per rulebook; the index and every window ask for them)
        key = (obj["id"], obj.get("card"))
        refs = _ABILITY_REFS.get(key)
        if refs is None or refs[0] is not printed:
            if len(_ABILITY_REFS) > 100_000:
                _ABILITY_REFS.clear()
            refs = _ABILITY_REFS[key] = (printed, tuple((f"{key[0]}#{i}", ab) for i, ab in enumerate(printed)))
        return refs[1]

    def ability(self, key: str, obj: dict | None = None) -> tuple[Ability, str | None]:
        """The ability behind reference ``key`` and its source object id.

        ``obj``: the source as last known, for a source that has left the game altogether.
        """
        rb = self.rulebook
        if key.startswith("rule:"):
            return rb.named_ability(key[5:]), None
        if "@" in key:
            src, name = key.split("@", 1)
            return rb.named_ability(name), src
        src, idx = key.rsplit("#", 1)
        obj = self.state.objects.get(src, obj)
        if obj is None:
            raise RuleError(f"ability {key!r}: object {src!r} no longer exists")
        return rb.card_abilities(obj)[int(idx)], src

    def controller_of(self, obj: dict | None) -> int | None:
        if obj is None:
            return None
        return obj.get("controller", obj.get("owner"))

    def uses(self, key: str, period: str) -> int:
        return self.state.uses.get(f"{period}:{key}", 0)

    def activatable(self, player: int) -> list[Activation]:
        """Activated abilities ``player`` may use now (timing, limit and cost allow it)."""
        out = []
        for src, key, ab in self._index().get("$activated", ()):
            obj = self.state.objects[src]
            if self.controller_of(obj) != player:
                continue
            act = Activation(ab, key, src, obj, player)
            if ab.limit and self.uses(key, ab.limit[0]) >= ab.limit[1]:
                continue
            if ab.window and not ab.window(self, act):
                continue
            if ab.can_pay and not ab.can_pay(self, act):
                continue
            if ab.condition and not ab.condition(self, act):
                continue
            out.append(act)
        return out

    def activate(self, key: str, player: int, data: dict | None = None) -> None:
        """Schedule the activation of an ability: pay its cost, then resolve it."""
        ab, src = self.ability(key)
        rec = self.record("action", f"player {player} uses {ab.name}", ab.rule, player=player, ability=key)
        trig = {
            "ability": key,
            "source": src,
            "controller": player,
            "event": None,
            "data": data or {},
            "rec": rec,
            "activated": True,
        }
        if ab.cost is not None:
            act = Activation(ab, key, src, self.state.objects.get(src), player, None, data)
            self._count_use(key, ab)
            ab.cost(self, act)
            trig["counted"] = True
        self._place([trig], nested=self.profile.container == "nested")

    # ================================================================ internals
    def _find_option(self, data: dict, choice: Option | str | int) -> int:
        options = data["options"]
        if type(choice) is str:  # (the common case: an option id)
            for i, o in enumerate(options):
                if o["id"] == choice:
                    return i
        if isinstance(choice, Option):
            if choice.step is not None and choice.step != len(self.history):
                raise StaleOption(
                    f"Option {quote(choice.id)} was offered for the decision after choice {choice.step}, "
                    f"not for the open one ({_who(data)}'s {data['kind']} decision after choice "
                    f"{len(self.history)}); take the Option from game.decision, or pass its id"
                )
            choice = choice.id
        if isinstance(choice, int) and not isinstance(choice, bool):
            choice = str(choice)
        if not isinstance(choice, str):
            raise IllegalOption(f"a choice must be an Option, an option id or a label, not {type(choice).__name__}")
        for i, o in enumerate(options):
            if o["id"] == choice:
                return i
        matches = [i for i, o in enumerate(options) if o.get("label") == choice]
        if len(matches) == 1:
            return matches[0]
        legal = ", ".join(repr(o["id"]) for o in options[:12])
        more = f" and {len(options) - 12} more" if len(options) > 12 else ""
        what = "matches several labels" if matches else "is not a legal option"
        raise IllegalOption(
            f"{quote(choice)} {what} for {_who(data)}'s {data['kind']} decision "
            f"({data.get('prompt', '')}); legal: {legal}{more}"
        )

    def _choose(self, data: dict, index: int, auto: bool) -> None:
        st = self.state
        option = data["options"][index]
        st.decision = None
        chance = data["player"] == CHANCE
        self.history.append({"player": data["player"], "kind": data["kind"], "option": option["id"], "auto": auto})
        if self.tracing:
            self._cause = self.record(
                "chance" if chance else "decision",
                f"{_who(data)} chose {option.get('label', option['id'])}"
                + (f" ({data['prompt']})" if data.get("prompt") and not chance else ""),
                data.get("rule", "core.decision"),
                cause=data.get("cause"),
                player=data["player"],
                kind_of_decision=data["kind"],
                option=option["id"],
            )
        name, args = data["resume"]
        self._push(name, {**args, "choice": option})

    def _run(self) -> None:
        st = self.state
        tasks = self._tasks
        steps = 0
        prof = self.profile
        budget = prof.step_budget
        work = st.work
        tracing = self.tracing
        # the first step after which the slow path below runs: the step budget, the clock, loop detection
        slow_from = min(budget + 1, _LOOP_WATCH_AFTER)
        deadline = None
        if prof.time_budget is not None:
            deadline = time.perf_counter() + prof.time_budget
            slow_from = 1
        loop: _LoopWatch | None = None
        args: dict | None = None
        idle_checks = self.profile.checks != "end_of_phase"
        advance = self.rulebook.advance
        # the idle checks found nothing and nothing has run since but the turn structure's cursor
        # moving on (a turn ends that nobody hears of): they are not run again before it moves on once
        # more, since nothing they could look at has changed
        checked = False
        plain = not tracing and self._fp is None  # (no cause to set, no footprint to record)
        while st.decision is None and st.result is None:
            if work:
                checked = False
                name, args = work.pop()
                try:
                    handler = tasks[name]
                except KeyError:
                    raise RuleError(f"no task handler {name!r} in rulebook {self.rulebook.id!r}") from None
                mark = self._mark = len(work)
                if plain:
                    handler(self, args)
                elif self._fp is None:
                    self._cause = args.get("_c")
                    handler(self, args)
                else:
                    if tracing:
                        self._cause = args.get("_c")
                    fp = self._fp
                    # a task runs on behalf of the ability its cause leads to or, for a task that cites
                    # no cause (a response window, a repeated state check), of the one that scheduled it
                    inherited = fp.pushed.pop(id(args), None)
                    owner = self._owner(args.get("_c"))
                    fp.current = inherited if owner is None else owner
                    handler(self, args)
                    if st.decision is None and st.result is None:
                        fp.current = None  # (when the run stops here, _fp_stopped charges the owner)
                if len(work) - mark > 1:
                    work[mark:] = work[mark:][::-1]
            elif st.queue:
                checked = False
                self._drain()
                name = "k.drain"
                args = None
            else:
                self._cause = None
                args = None
                if idle_checks and not checked and self._run_checks():
                    name = "k.checks"
                else:
                    self._mark = 0  # (what _call does, inline: the work stack is empty here)
                    # (the ordering explorer's footprints see every check)
                    checked = advance(self) is True and self._fp is None
                    if len(work) > 1:
                        work.reverse()
                    name = "k.flow"
            steps += 1
            if steps < slow_from:
                continue
            if steps > budget:
                raise StepBudgetExceeded(
                    f"more than {budget} automatic steps without a decision (profile.step_budget); "
                    + self._where(name, args)
                )
            if deadline is not None and not steps & (_TIME_EVERY - 1) and time.perf_counter() > deadline:
                raise TimeBudgetExceeded(
                    f"the engine ran longer than {prof.time_budget} s without a decision (profile.time_budget), "
                    f"{steps} automatic steps; " + self._where(name, args)
                )
            if steps < _LOOP_WATCH_AFTER:
                continue
            if loop is None:
                loop = _LoopWatch(self)  # (Brent's algorithm: the first position it compares the next ones with)
                continue
            cycle = loop.step(name)
            if cycle is not None:
                if prof.loops == "draw":
                    self.record("end", "mandatory loop: the game is a draw", prof.rule("loop"))
                    st.result = {
                        "winners": [],
                        "draw": True,
                        "reason": "mandatory loop",
                        "rule": prof.rule("loop"),
                        "cycle": [s._asdict() for s in cycle],
                    }
                    break
                raise MandatoryLoop(cycle)
        if self._fp is not None:
            self._fp_stopped()
            self._fp.current = None

    def _fp_stopped(self) -> None:
        """The run stops (a decision or the end): a write to ``*`` by the ability that stopped it and
        by every ability with something still pending (its order is now part of the position)."""
        fp = self._fp
        st = self.state
        dec = st.decision
        if dec is not None and dec["resume"][0] == "k.order":
            args = dec["resume"][1]
            ordered = [t for grp in args["groups"] for t in grp[1]] + list(args["done"])
            if any(t.get("rec") in fp.owners for t in ordered):
                return  # the abilities being measured are still being ordered: none of them has run
        owners = {fp.current}
        refs: list[int] = []

        def walk(x: Any) -> None:
            if isinstance(x, dict):
                for k, v in dict.items(x):
                    if k in ("_c", "rec", "cause") and isinstance(v, int):
                        refs.append(v)
                    elif isinstance(v, dict | list | tuple):
                        walk(v)
            elif isinstance(x, list | tuple):
                for v in list.__iter__(x) if isinstance(x, list) else x:
                    walk(v)

        for _name, args in st.work:
            owners.add(fp.pushed.get(id(args)))
            walk(args)
        walk(list(list.__iter__(st.queue)))
        walk(st.decision)
        walk(list(dict.values(st.events)))
        owners.update(self._owner(r) for r in refs)
        owners.discard(None)
        for o in owners:
            fp.writes[o].add("*")

    def _owner(self, cause: int | None) -> int | None:
        """The pending ability (its trigger's trace index) on whose behalf the step with ``cause`` runs."""
        fp = self._fp
        memo = fp.memo
        chain = []
        found = None
        records = self.trace.records
        while cause is not None:
            if cause in memo:
                found = memo[cause]
                break
            if cause in fp.owners:
                found = cause
                break
            chain.append(cause)
            cause = records[cause]["cause"]
        for c in chain:
            memo[c] = found
        return found

    def _last_summary(self) -> str:
        recs = self.trace.records
        return recs[-1]["summary"] if recs else ""

    def _where(self, name: str, args: dict | None) -> str:
        """Where the engine's work was, for an error that stops it: the last task and what it was about."""
        abilities, events = _step_facts(self.state, name, args)
        text = f"last task {name!r}"
        if abilities:
            text += f" (abilities {', '.join(abilities[:6])}{', ...' if len(abilities) > 6 else ''})"
        if events:
            text += f" (events {', '.join(events[:6])}{', ...' if len(events) > 6 else ''})"
        summary = self._last_summary() if self.tracing else ""
        if summary:
            text += f", last traced: {summary[:120]}"
        return text + f", {len(self.state.work)} task(s) pending"

    def _forced_loop(self, made: dict) -> None:
        """After decision ``made``: has a forced loop come round (profile.forced_loop)?

        A forced loop: the position at a decision comes back and every decision since its last
        occurrence offered a single option, so no player can change anything. The positions at
        such decisions are noted (hashed) until a decision offers several options.
        """
        mode = self.profile.forced_loop
        st = self.state
        dec = st.decision
        if mode == "ignore" or len(made["options"]) != 1 or dec is None or len(dec["options"]) != 1:
            self._forced = None
            return
        key = hashlib.sha1(_loop_key(st).encode(), usedforsecurity=False).digest()
        seen = self._forced
        if seen is None:
            seen = self._forced = {}
        at = seen.get(key)
        if at is None:
            seen[key] = len(self.history)
            return
        cycle = [
            {"player": h["player"], "kind": h["kind"], "option": h["option"], **({"auto": True} if h["auto"] else {})}
            for h in self.history[at:]
        ]
        if mode == "error":
            raise ForcedLoop(cycle)
        self._forced = None
        st.decision = None
        rule = self.profile.rule("loop")
        self.record(
            "end",
            f"forced loop: the position came back after {len(cycle)} decision(s) with a single option each; a draw",
            rule,
            cycle=cycle,
        )
        st.result = {"winners": [], "draw": True, "reason": "forced loop", "rule": rule, "cycle": cycle}

    def _reactive(self) -> bool:
        return self.rulebook.has_abilities or bool(self.state.delayed)

    def _set_status(self, ev: dict, status: str) -> dict:
        ev = {**ev, "status": status}
        self.state.events[ev["id"]] = ev
        rec = ev.get("rec")
        if rec is not None and self.tracing:
            records = self.trace.records
            r = records[rec]
            records[rec] = {**r, "data": {**r["data"], "status": status}}
        return ev

    # ---- the listener index: which abilities could react to what
    # The listener index is cached; a change that may alter it resets ``_listeners``. While footprints
    # are recorded, that reset is a write of ``listeners`` and every use of the index a read of it:
    # which abilities see an event depends on every change of zones before it, cached or not.
    @property
    def _listeners(self) -> dict[str, list] | None:
        return self._index_cache

    @_listeners.setter
    def _listeners(self, value: dict[str, list] | None) -> None:
        if value is None and getattr(self, "_fp", None) is not None:
            self._fp.write("listeners")
        self._index_cache = value

    def _index(self) -> dict[str, list]:
        if self._fp is not None:
            self._fp.read("listeners")
        if self._index_cache is not None:
            return self._index_cache
        rb = self.rulebook
        index: dict[str, list] = {}
        st = self.state
        table = rb.card_ability_table
        objects = st.objects
        before: set[str] = set()  # which event types anything could react to before / after they happen
        after: set[str] = set()  # (for _quiet)
        for zone, active in self._scanned_zones():
            for oid in st.zones[zone]:
                obj = objects[oid]
                if not obj.get("grants") and not table.get(obj.get("card"), ()):
                    continue  # (most objects have no abilities: skip building their list)
                for key, ab in self.abilities_of(obj):
                    if ab.zones is None and not active:
                        continue
                    if ab.zones is not None and not any(zone.startswith(z) for z in ab.zones):
                        continue
                    entry = (oid, key, ab)
                    if ab.kind == "static":
                        index.setdefault("$static", []).append(entry)
                    elif ab.kind == "activated":
                        index.setdefault("$activated", []).append(entry)
                    else:
                        _index_events(index, before, after, ab, entry)
        for name in rb.rule_abilities:
            ab = rb.named_ability(name)
            _index_events(index, before, after, ab, (None, f"rule:{name}", ab))
        index["$before"] = before  # type: ignore[assignment]
        index["$after"] = after  # type: ignore[assignment]
        self._listeners = index
        return index

    def _unheard_end(self, period: str) -> bool:
        """(Fast path, tracing off) Would the end-of-``period`` event find no handler and no listener?
        Then only its id is used up, so that later events get the same ids as in a traced game."""
        etype = f"end_of_{period}"
        return etype not in self.rulebook.event_handlers and self._quiet_type(etype)

    def _scanned_zones(self) -> list[tuple[str, bool]]:
        """The zones the listener index looks into, each with whether it is an active zone: every
        zone if an ability names zones of its own, else the active ones only (kept while the set
        of zones stays the same)."""
        names = tuple(self.state.zones)
        cached = self._zones_scanned
        if cached is not None and cached[0] == names:
            return cached[1]
        rb = self.rulebook
        scanned = [(z, z.startswith(rb.active_zones)) for z in names]  # (what rb.is_active_zone says)
        if not rb.has_zoned_abilities:
            scanned = [(z, True) for z, active in scanned if active]
        self._zones_scanned = (names, scanned)
        return scanned

    def _quiet_type(self, etype: str) -> bool:
        """(Fast path, tracing off) Could nothing react to an event of type ``etype``, before or after it?"""
        if self.tracing or self._fp is not None or self.state.delayed:
            return False
        index = self._index()
        return "*" not in index and etype not in index["$before"] and etype not in index["$after"]

    def _quiet(self, batch: list[str], before: bool) -> bool:
        """(Fast path, tracing off) Could nothing react to the events of ``batch`` in the windows
        about to open: replacements and interrupts (``before``), or responses, delayed effects and
        look-back abilities of objects that left play (after)? Then those windows would find no
        candidates and change nothing, so the pipeline skips them. Traced games never skip."""
        if self.tracing or self._fp is not None:
            return False
        st = self.state
        index = self._index_cache
        if index is None:
            index = self._index()
        if "*" in index:
            return False
        listening = index["$before"] if before else index["$after"]
        if not before and st.delayed:
            return False
        events = st.events
        if len(batch) == 1:  # (the common case: one event)
            ev = events[batch[0]]
            if ev["type"] in listening:
                return False
            if before or not self.profile.lookback:
                return True
            left = ev.get("left")
            return not left or self._lookback_quiet(left, {ev["type"]})
        types = {events[eid]["type"] for eid in batch}
        if not types.isdisjoint(listening):
            return False
        if before or not self.profile.lookback:
            return True
        # an object that left in any event of the batch still sees every event of it (_k_respond's lki)
        return self._lookback_quiet(self._lki_of(batch), types)

    def _lookback_quiet(self, left: Iterable[dict], types: set[str]) -> bool:
        """Could none of the objects that ``left`` play react to any of ``types`` by look-back?"""
        for obj in left:
            for _key, ab in self.abilities_of(obj):
                if not types.isdisjoint(ab.events):
                    return False
        return True

    def _candidates(self, ev: dict, kinds: tuple[str, ...], timing: str | None, lki: list[dict] = ()) -> list[dict]:
        """Abilities of the given kinds whose pattern and condition fit event ``ev``."""
        found = []
        index = self._index()
        etype = ev["type"]
        entries = [*index.get(etype, ()), *index.get("*", ())]
        lki_by_id: dict[str, dict] = {}
        if lki:  # look-back: objects that left play in this batch
            seen = {e[1] for e in entries}
            for obj in lki:
                for key, ab in self.abilities_of(obj):
                    if key not in seen and ab.kind in kinds and etype in ab.events:
                        entries.append((obj["id"], key, ab))
            lki_by_id = {o["id"]: o for o in lki}
        objects = self.state.objects
        applied = ev.get("applied", ())
        for src, key, ab in entries:
            if ab.kind not in kinds or (timing is not None and ab.timing != timing):
                continue
            if src is None:
                obj = None
            else:
                obj = objects.get(src)
                if obj is None or (src in lki_by_id and not self.rulebook.is_active_zone(obj.get("zone"))):
                    obj = lki_by_id.get(src, obj)
                if obj is None:
                    continue
            if ab.limit and self.uses(key, ab.limit[0]) >= ab.limit[1]:
                continue
            if key in applied:
                continue
            ctrl = None if obj is None else obj.get("controller", obj.get("owner"))  # (controller_of, inline)
            # (the pattern first: an Activation is made only for a condition to look at)
            if ab.fits(ev, src, ctrl) and (
                ab.condition is None or ab.condition(self, Activation(ab, key, src, obj, ctrl, ev))
            ):
                cand = {
                    "ability": key,
                    "source": src,
                    "controller": ctrl,
                    "event": ev,
                    "ts": obj.get("ts", 0) if obj else 0,
                    "name": ab.name,
                    "forced": ab.forced,
                }
                if src in lki_by_id and obj is lki_by_id[src]:
                    cand["lki"] = obj  # it resolves as last known, even if it left the game
                found.append(cand)
        return found

    # ---- ordering and placing triggered abilities
    def _order_groups(self, trigs: list[dict], acting: int | None) -> list[tuple[int | None, list[dict]]]:
        """Split a batch into (chooser, triggers) groups as the profile's ordering says."""
        policy = self.profile.ordering
        n = len(self.state.players)
        if policy == "order_of_play" or len(trigs) <= 1:
            return [(None, sorted(trigs, key=lambda t: t["ts"]))]
        if policy == "first_player_orders_all":
            return [(self.state.turn.get("first", 0), trigs)]
        start = self.state.turn.get("player", 0) if policy == "active_player_first" else acting
        if start is None:
            start = self.state.turn.get("player", 0)
        groups = []
        for k in range(n):
            p = (start + k) % n
            mine = [t for t in trigs if t["controller"] == p]
            if mine:
                groups.append((p, mine))
        rest = [t for t in trigs if t["controller"] not in range(n)]
        if rest:
            groups.append((None, sorted(rest, key=lambda t: t["ts"])))
        return groups

    def _place(self, trigs: list[dict], nested: bool) -> None:
        """Put ordered triggers where they wait: resolve now (nested) or into the container."""
        if nested:
            for t in trigs:
                self.push("k.resolve", trig=t, _c=t.get("rec"))
        else:
            self.state.queue.extend(trigs)

    def _drain(self) -> None:
        st = self.state
        trig = st.queue.pop(0) if self.profile.container == "queue" else st.queue.pop()
        self.push("k.resolve", trig=trig, _c=trig.get("rec"))

    def _record_triggers(self, trigs: list[dict], ev_rec: int | None) -> list[dict]:
        if not self.tracing:
            return trigs
        out = []
        for t in trigs:
            ab, _ = (
                self.ability(t["ability"]) if t["source"] is None or t["source"] in self.state.objects else (None, None)
            )
            name = ab.name if ab else t.get("name", t["ability"])
            rule = ab.rule if ab else self.profile.rule("resolve")
            rec = self.record(
                "trigger",
                f"{name} ({t['source'] or 'game rule'}) triggers",
                rule,
                cause=ev_rec,
                player=t["controller"],
                ability=t["ability"],
            )
            out.append({**t, "rec": rec})
        return out

    def _count_use(self, key: str, ab: Ability) -> None:
        if ab.limit:
            k = f"{ab.limit[0]}:{key}"
            self.state.uses[k] = self.state.uses.get(k, 0) + 1

    def _run_checks(self) -> bool:
        """Run the rulebook's state checks once; emit their events as one batch if any."""
        checks = self.rulebook.checks
        if not checks:
            return False
        if len(checks) == 1:
            events = checks[0](self)
            if not isinstance(events, list):
                events = list(events)
        else:
            events = [ev for check in checks for ev in check(self)]
        if not events:
            return False
        self._cause = self.record(
            "check", f"state check: {len(events)} simultaneous event(s)", self.profile.rule("check")
        )
        self.emit_batch(events, rule=self.profile.rule("check"))
        return True

    def _lki_of(self, batch: list[str]) -> list[dict]:
        out = []
        for eid in batch:
            out.extend(self.state.events[eid].get("left", ()))
        return out


def _index_events(index: dict[str, list], before: set[str], after: set[str], ab: Ability, entry: tuple) -> None:
    """File a triggered or replacement ability under each event type it reacts to, and note those
    types as heard before (replacements, interrupts) or after (responses) they happen."""
    events = ab.events
    for et in events:
        index.setdefault(et, []).append(entry)
    if ab.kind == "replacement" or ab.timing == "when":
        before.update(events)
    if ab.kind == "triggered" and ab.timing == "after":
        after.update(events)


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


# the parts of the position that grow with the game (objects, zones, ...): loop detection compares them
# with the earlier position's by identity and equality, without serialising them (see _LoopWatch)
_BULK = ("vars", "players", "uses", "modifiers", "effects", "delayed", "zones", "objects")
_BULK_PER_STEP = 64  # entries of objects and zones loop detection may compare per automatic step, on average


def _pending_key(st: State) -> str:
    """The rest of the position, as :func:`_loop_key` has it: the pending work, events, decision, the
    turn structure and the random streams. Its size is that of the work in hand, not of the game."""
    turn = {k: v for k, v in st.turn.items() if k not in TURN_COUNTERS}
    data = (
        [_strip_task(name, args) for name, args in st.work],
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

    def __init__(self, game: Game):
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
        self.full = None
        self.lam = 0
        self.steps = []
        self.put_off = False  # a comparison with this tortoise was put off

    def _look_ahead(self) -> None:
        """What the next step (the top of the work stack) is about, while its events still exist."""
        work = self.game.state.work
        self.upcoming = (work[-1][0], *_step_facts(self.game.state, *work[-1])) if work else None

    def step(self, name: str) -> list[LoopStep] | None:
        """Note the step ``name`` that just ran; the steps of one turn of the loop, if it closed one."""
        g = self.game
        st = g.state
        up = self.upcoming
        if up is not None and up[0] == name:
            abilities, events = up[1], up[2]
        elif name in ("k.drain", "k.checks") and st.work:  # (what the engine's own step scheduled)
            abilities, events = _step_facts(st, *st.work[-1])
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
        if self.full is None:
            self.full = _loop_key(self.tortoise)
        return self.full

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


def _check_explanation(rulebook: str, obj_id: str, stat: str, ex: Explanation) -> None:
    """A rulebook's explain hook must give a chain of steps from a base to its value (or the table lies)."""
    where = f"{rulebook}: the explain hook for {stat!r} of {obj_id!r}"
    if not isinstance(ex, Explanation):
        raise RuleError(f"{where} returned {type(ex).__name__}, not an Explanation (or None)")
    if (ex.obj, ex.stat) != (obj_id, stat):
        raise RuleError(f"{where} explained {ex.stat!r} of {ex.obj!r} instead")
    if not ex.steps or ex.steps[0].op != "base":
        raise RuleError(f"{where} gave no base step first: {list(ex.steps)}")
    for prev, step in zip(ex.steps, ex.steps[1:]):
        if step.before != prev.after:
            raise RuleError(f"{where}: step {step} starts at {step.before!r}, the step before ends at {prev.after!r}")
    if ex.steps[-1].after != ex.value:
        raise RuleError(f"{where}: its steps end at {ex.steps[-1].after!r}, its value is {ex.value!r}")


def own_args(args: dict) -> dict:
    """A task's own arguments: without the kernel's bookkeeping (``_c``, the cause it ran for) and the
    ``choice`` it was resumed with. What a step passes on when it asks again or schedules its next
    part, so the next run cites its own cause and waits for its own choice.

    >>> own_args({"i": 2, "_c": 7, "choice": {"id": "a"}})
    {'i': 2}
    """
    return {k: v for k, v in args.items() if k != "_c" and k != "choice"}


def _who(data: dict | None) -> str:
    if data is None:
        return "nobody"
    p = data.get("player")
    return "chance" if p == CHANCE else f"player {p}"


# ==================================================================== kernel tasks
def _k_replace(g: Game, args: dict) -> None:
    st = g.state
    batch: list[str] = args["batch"]
    if g._quiet(batch, before=True):
        _k_happen(g, args)  # (fast path) no replacement and no interrupt could apply
        return
    i = args["i"]
    prof = g.profile
    heard = None
    if prof.replacement_timing == "after_interrupts":
        # replacements wait for the interrupt window of each event (the events a replacement sent too)
        heard = args.get("heard", [])
        fresh = [eid for eid in batch if eid not in heard and st.events[eid]["status"] == "pending"]
        if fresh:
            g.push("k.interrupt", batch=batch, only=fresh, i=i, heard=[*heard, *fresh])
            return
    while i < len(batch):
        ev = st.events[batch[i]]
        if ev["status"] != "pending":
            i += 1
            continue
        cands = g._candidates(ev, ("replacement",), None)
        if not cands:
            i += 1
            continue
        if len(cands) == 1 or prof.replacements in ("most_recent", "order_of_play"):
            if prof.replacements == "most_recent":
                chosen = max(cands, key=lambda c: c["ts"])
            else:
                chosen = min(cands, key=lambda c: c["ts"])
            _apply_replacement(g, batch, i, chosen, heard)
            return
        if prof.replacements == "first_player":
            chooser = st.turn.get("first", 0)
        else:
            target = st.objects.get(ev.get("target")) if isinstance(ev.get("target"), str) else None
            chooser = g.controller_of(target) if target else ev.get("player", st.turn.get("player", 0))
        options = [{"id": c["ability"], "label": f"{c['name']} ({c['source']})"} for c in cands]
        g.caused_by(ev.get("rec"))
        g.ask(
            chooser,
            "replacement_order",
            options,
            "k.replace_chosen",
            prompt=f"which effect applies first to: {g.rulebook.describe_event(g, ev)}",
            rule=prof.rule("replacement"),
            args={"batch": batch, "i": i} if heard is None else {"batch": batch, "i": i, "heard": heard},
        )
        return
    if heard is None:
        g.push("k.interrupt", batch=batch)
    else:
        g.push("k.happen", batch=batch)  # the interrupt windows are over: the batch happens


def _k_replace_chosen(g: Game, args: dict) -> None:
    ev = g.state.events[args["batch"][args["i"]]]
    cands = g._candidates(ev, ("replacement",), None)
    chosen = next(c for c in cands if c["ability"] == args["choice"]["id"])
    _apply_replacement(g, args["batch"], args["i"], chosen, args.get("heard"))


def _apply_replacement(g: Game, batch: list[str], i: int, cand: dict, heard: list[str] | None = None) -> None:
    st = g.state
    eid = batch[i]
    ev = st.events[eid]
    ab, _ = g.ability(cand["ability"]) if cand["source"] is None or cand["source"] in st.objects else (None, None)
    if ab is None:
        raise RuleError(f"replacement {cand['ability']!r} lost its source")
    act = Activation(ab, cand["ability"], cand["source"], st.objects.get(cand["source"]), cand["controller"], ev)
    g._count_use(cand["ability"], ab)
    applied = [*ev["applied"], cand["ability"]]
    outcome = ab.effect(g, act) if ab.effect else None
    rec = g.record(
        "replacement",
        f"{ab.name} ({cand['source'] or 'game rule'}) applies to {g.rulebook.describe_event(g, ev)}",
        ab.rule,
        cause=ev.get("rec"),
        player=cand["controller"],
        ability=cand["ability"],
        event=eid,
    )
    if isinstance(outcome, Prevent):
        ev = g._set_status({**ev, "applied": applied}, "prevented")
        g.record(
            "event", f"prevented: {g.rulebook.describe_event(g, ev)}", ab.rule, cause=rec, event=eid, status="prevented"
        )
        new_batch = batch
    elif isinstance(outcome, Replace):
        g._set_status({**ev, "applied": applied}, "replaced")
        g.caused_by(rec)
        new_ids = [g._new_event({"rule": ab.rule, **new}, applied=applied, cause=rec) for new in outcome.events]
        new_batch = [*batch[: i + 1], *new_ids, *batch[i + 1 :]]
    else:
        changes = outcome.changes if isinstance(outcome, Modify) else {}
        st.events[eid] = {**ev, **changes, "applied": applied}
        new_batch = batch
    if heard is None:
        g.push("k.replace", batch=new_batch, i=i, _c=None)
    else:
        g.push("k.replace", batch=new_batch, i=i, heard=heard, _c=None)


def _window(g: Game, ev: dict, timing: str, n: int) -> int | None:
    """Record the window an event opens, where ``n`` abilities trigger; returns its trace index."""
    if not g.tracing:
        return ev.get("rec")
    what = "interrupt window before" if timing == "when" else "response window after"
    return g.record(
        "window",
        f"{what} {g.rulebook.describe_event(g, ev)}: {n} abilit{'y' if n == 1 else 'ies'} trigger",
        g.profile.rule("interrupt" if timing == "when" else "response"),
        cause=ev.get("rec"),
        event=ev["id"],
        timing=timing,
    )


def _k_interrupt(g: Game, args: dict) -> None:
    """The interrupt window of a batch (of its events in ``only``, with replacements after interrupts)."""
    batch = args["batch"]
    st = g.state
    trigs = []
    acting = None
    for eid in args.get("only", batch):
        ev = st.events[eid]
        if ev["status"] == "pending":
            if acting is None and isinstance(ev.get("player"), int):
                acting = ev["player"]
            found = g._candidates(ev, ("triggered",), "when")
            if found:
                trigs += g._record_triggers(found, _window(g, ev, "when", len(found)))
    if trigs:
        _schedule(g, trigs, batch, nested=True, timing="when", acting=acting)
    if "only" in args:  # (replacement_timing after_interrupts) then the replacements apply
        g.push("k.replace", batch=batch, i=args["i"], heard=args["heard"])
    else:
        g.push("k.happen", batch=batch)


def _k_happen(g: Game, args: dict) -> None:
    st = g.state
    batch = args["batch"]
    reactive = g._reactive()
    rb = g.rulebook
    handlers = rb.event_handlers
    tracing = g.tracing
    events = st.events
    for eid in batch:
        ev = events[eid]
        if ev["status"] != "pending":
            continue
        g._left = []
        g._cause = ev.get("rec")
        handler = handlers.get(ev["type"])
        if handler is not None:
            handler(g, ev)
        left = g._left
        if tracing:
            ev = g._set_status(events[eid], "happened")
            if ev.get("rec") is not None:
                r = g.trace.records[ev["rec"]]
                g.trace.records[ev["rec"]] = {**r, "summary": rb.describe_event(g, ev)}
            if left:
                events[eid] = {**ev, "left": left}
        elif left:  # (untraced: one copy of the event, no trace record to update)
            events[eid] = {**events[eid], "status": "happened", "left": left}
        else:
            events[eid] = {**events[eid], "status": "happened"}
        g._left = None
    if st.result is not None:  # the game ended here: no response window will open, traced or not
        for eid in batch:
            del st.events[eid]
    elif reactive:
        if len(st.work) == g._mark and g._quiet(batch, before=False):
            for eid in batch:  # (fast path) nothing was scheduled and nothing could respond
                del st.events[eid]
        else:
            g.push("k.respond", batch=batch, _c=None)
    else:
        for eid in batch:
            del st.events[eid]


def _k_respond(g: Game, args: dict) -> None:
    st = g.state
    batch = args["batch"]
    if g._quiet(batch, before=False):
        for eid in batch:  # (fast path) no response, delayed effect or look-back ability could trigger
            del st.events[eid]
        return
    prof = g.profile
    lki = g._lki_of(batch) if prof.lookback else []
    delayed_trigs, trigs = [], []
    acting = None
    for eid in batch:
        ev = st.events[eid]
        if ev["status"] != "happened":
            continue
        if acting is None and isinstance(ev.get("player"), int):
            acting = ev["player"]
        if st.delayed:
            delayed_trigs += _delayed_for(g, ev)
        found = g._candidates(ev, ("triggered",), "after", lki)
        if found:
            trigs += g._record_triggers(found, _window(g, ev, "after", len(found)))
    for eid in batch:
        del st.events[eid]
    if delayed_trigs and prof.delayed_before_responses:
        g._place(delayed_trigs, nested=True)
    if trigs:
        _schedule(g, trigs, batch, nested=prof.container == "nested", timing="after", acting=acting)
    if delayed_trigs and not prof.delayed_before_responses:
        g._place(delayed_trigs, nested=True)


def _delayed_for(g: Game, ev: dict) -> list[dict]:
    st = g.state
    out, keep = [], []
    for d in st.delayed:
        ab = g.rulebook.named_ability(d["ability"])
        ok = d["event"] == ev["type"] and all(ev.get(k) == v for k, v in d["match"].items())
        if ok:
            rec = g.record(
                "trigger",
                f"delayed effect {ab.name} is due",
                ab.rule,
                cause=ev.get("rec"),
                player=d["controller"],
                ability=d["ability"],
            )
            out.append(
                {
                    "ability": f"rule:{d['ability']}",
                    "source": d["source"],
                    "controller": d["controller"],
                    "event": ev,
                    "ts": d["ts"],
                    "name": ab.name,
                    "forced": True,
                    "data": d["data"],
                    "rec": rec,
                }
            )
        else:
            keep.append(d)
    if out:
        st.delayed = keep
    return out


def _schedule(
    g: Game, trigs: list[dict], batch: list[str], *, nested: bool, timing: str, acting: int | None = None
) -> None:
    """Order a batch of triggers and place them: forced ones first, then the optional ones."""
    prof = g.profile
    forced = [t for t in trigs if t["forced"]]
    optional = [t for t in trigs if not t["forced"]]
    window = prof.optional == "priority_window"
    mandatory: list[dict] = []  # forced abilities that do not rank as forced (Ability.forced_priority)
    if len(forced) > 1 and (window or prof.forced_before_optional):
        ranks = [_ranks_as_forced(g, t) for t in forced]
        if not all(ranks):
            forced, mandatory = (
                [t for t, r in zip(forced, ranks, strict=True) if r],
                [t for t, r in zip(forced, ranks, strict=True) if not r],
            )
    if window:
        groups = [x for x in (forced, mandatory) if x]
    elif prof.forced_before_optional:
        groups = [x for x in (forced, mandatory, optional) if x]
    else:
        groups = [trigs]
    for group in groups:
        g.push("k.order", groups=_groups(g, group, acting), done=[], nested=nested)
    if window and optional:
        g.push(
            "k.window",
            cands=optional,
            order=g.state.seat_order(),
            k=0,
            passes=0,
            timing=timing,
            _c=_batch_cause(optional),
        )


def _ranks_as_forced(g: Game, trig: dict) -> bool:
    """Does a forced trigger count as forced for the forced-first priority (Ability.forced_priority)?"""
    src = trig["source"]
    if src is not None and src not in g.state.objects and "lki" not in trig:
        return True  # (its source has gone and no last-known copy says what it was: it stays forced)
    ab, _ = g.ability(trig["ability"], trig.get("lki"))
    return ab.forced_priority is None or bool(ab.forced_priority(g))


def _batch_cause(trigs: list[dict]) -> int | None:
    """What a decision about a batch of triggers is caused by: the event that set them off.

    (Not one of the triggers: the decision is about all of them, and the ordering explorer
    charges what a trigger's resolution causes to that trigger.)
    """
    first = trigs[0]
    ev = first.get("event")
    if ev is not None and ev.get("rec") is not None:
        return ev["rec"]
    return first.get("rec")


def _groups(g: Game, trigs: list[dict], acting: int | None) -> list[list]:
    return [[chooser, ts] for chooser, ts in g._order_groups(trigs, acting)]


def _k_order(g: Game, args: dict) -> None:
    """Order triggers group by group; each chooser picks which of its triggers goes next."""
    groups = [list(x) for x in args["groups"]]
    done = list(args["done"])
    choice = args.get("choice")
    if choice is not None:
        chooser, trigs = groups[0]
        idx = int(choice["id"].split(":", 1)[0])
        done.append(trigs[idx])
        groups[0] = [chooser, trigs[:idx] + trigs[idx + 1 :]]
    while groups:
        chooser, trigs = groups[0]
        if len(trigs) <= 1 or chooser is None:
            done.extend(trigs)
            groups.pop(0)
            continue
        options = [
            {"id": f"{i}:{t['ability']}", "label": f"{t['name']} ({t['source'] or 'game rule'})"}
            for i, t in enumerate(trigs)
        ]
        g.caused_by(_batch_cause(trigs))
        g.ask(
            chooser,
            "order_triggers",
            options,
            "k.order",
            prompt=f"choose which of {len(trigs)} simultaneous abilities goes first",
            rule=g.profile.rule("order"),
            args={"groups": groups, "done": done, "nested": args["nested"]},
        )
        return
    g._place(done, nested=args["nested"])


def _k_window(g: Game, args: dict) -> None:
    """A priority window: players in order may use one eligible optional ability or pass.

    An interrupt window only offers abilities whose event is still imminent: once one of them
    cancels or replaces the event, the others to it can no longer be used.
    """
    cands, order = list(args["cands"]), args["order"]
    k, passes = args["k"], args["passes"]
    choice = args.get("choice")
    if choice is None and args["timing"] == "when":
        cands = _still_imminent(g, cands)
    if choice is None:
        cands = _still_usable(g, cands)
    if choice is not None:
        player = order[k % len(order)]
        if choice["id"] == "pass":
            passes += 1
        else:
            idx = int(choice["id"].split(":", 1)[0])
            used = cands.pop(idx)
            passes = 0
            g.push("k.resolve", trig={**used, "accepted": True}, _c=used.get("rec"))
            g.push("k.window", cands=cands, order=order, k=k + 1, passes=passes, timing=args["timing"])
            return
        k += 1
    players = g.state.players
    while passes < len(order) and cands:
        player = order[k % len(order)]
        # a player eliminated since the window opened takes no part in it (as if passing)
        mine = [] if players[player].get("out") else [(i, t) for i, t in enumerate(cands) if t["controller"] == player]
        if not mine:
            passes += 1
            k += 1
            continue
        options = [{"id": f"{i}:{t['ability']}", "label": f"use {t['name']} ({t['source']})"} for i, t in mine]
        options.append({"id": "pass", "label": "pass"})
        g.ask(
            player,
            "window",
            options,
            "k.window",
            prompt=f"{'interrupt' if args['timing'] == 'when' else 'response'} window: use an ability or pass",
            rule=g.profile.rule("interrupt" if args["timing"] == "when" else "response"),
            args={"cands": cands, "order": order, "k": k, "passes": passes, "timing": args["timing"]},
        )
        return


def _still_imminent(g: Game, cands: list[dict]) -> list[dict]:
    """The interrupt candidates whose triggering event has not been cancelled or replaced meanwhile."""
    events = g.state.events
    return [t for t in cands if t.get("event") is None or events.get(t["event"]["id"], {}).get("status") == "pending"]


def _still_usable(g: Game, cands: list[dict]) -> list[dict]:
    """The window candidates whose ability's condition still holds (an ability used meanwhile may have used up
    a limit the others share, such as Marvel Champions' Max X per [period] counted by card title)."""
    st = g.state
    out = []
    for t in cands:
        src, lki = t["source"], t.get("lki")
        if src is not None and src not in st.objects and lki is None:
            continue
        ab, _ = g.ability(t["ability"], lki)
        if ab.condition is not None:
            ev = t.get("event")
            if ev is not None:
                ev = st.events.get(ev["id"], ev)
            obj = st.objects.get(src, lki) if src is not None else None
            if not ab.condition(g, Activation(ab, t["ability"], src, obj, t["controller"], ev, t.get("data"))):
                continue
        out.append(t)
    return out


def _k_resolve(g: Game, args: dict) -> None:
    st = g.state
    trig = args["trig"]
    key = trig["ability"]
    src = trig["source"]
    ev = trig.get("event")
    lki = trig.get("lki")  # look-back: the source as it was when it left play in the triggering batch
    if key.startswith("rule:") or src is None or src in st.objects or lki is not None:
        ab, _ = g.ability(key, lki)
    else:
        raise RuleError(f"ability {key!r} lost its source object")
    obj = st.objects.get(src) if src is not None else None
    if lki is not None and (obj is None or not g.rulebook.is_active_zone(obj.get("zone"))):
        obj = lki
    act = Activation(ab, key, src, obj, trig["controller"], ev, trig.get("data"))
    if not ab.forced and not trig.get("accepted") and g.profile.optional == "ask":
        choice = args.get("choice")
        if choice is None:
            g.ask(
                trig["controller"],
                "optional_trigger",
                [{"id": "use", "label": f"use {ab.name}"}, {"id": "decline", "label": f"decline {ab.name}"}],
                "k.resolve",
                prompt=f"use {ab.name}?",
                rule=g.profile.rule("optional"),
                args={"trig": trig},
            )
            return
        if choice["id"] == "decline":
            return
    if ab.limit and not trig.get("counted"):
        if g.uses(key, ab.limit[0]) >= ab.limit[1]:
            g.record("resolution", f"{ab.name} is already used up ({ab.limit[1]} per {ab.limit[0]})", ab.rule)
            return
        g._count_use(key, ab)
    rec = g.record(
        "resolution", f"{ab.name} ({src or 'game rule'}) resolves", ab.rule, player=trig["controller"], ability=key
    )
    g.caused_by(rec)
    if ab.effect is not None:
        ab.effect(g, act)
    if g.profile.checks == "each_resolution":
        g.push("k.checks")


def _k_checks(g: Game, args: dict) -> None:
    if g._run_checks():
        g.push("k.checks", _c=None)  # after the batch: checks repeat until nothing changes


def _k_expire(g: Game, args: dict) -> None:
    g.expire(args["period"])


def _k_end_event(g: Game, args: dict) -> None:
    period = args["period"]
    if g._reactive():
        if g._unheard_end(period):
            g.state.counters["event"] += 1
            return
        g.emit(f"end_of_{period}", rule=g.profile.rule("flow"), player=g.state.turn.get("player"))


def _k_drain(g: Game, args: dict) -> None:
    """Resolve everything waiting in the container, including what that adds, then go on.

    Rule code pushes ``k.drain`` where its rules say pending abilities resolve before the next
    thing it schedules (otherwise they resolve when nothing else is pending).
    """
    if g.state.queue:
        g._drain()
        g.push("k.drain")


KERNEL_TASKS: dict[str, Callable[[Game, dict], None]] = {
    "k.drain": _k_drain,
    "k.replace": _k_replace,
    "k.replace_chosen": _k_replace_chosen,
    "k.interrupt": _k_interrupt,
    "k.happen": _k_happen,
    "k.respond": _k_respond,
    "k.order": _k_order,
    "k.window": _k_window,
    "k.resolve": _k_resolve,
    "k.checks": _k_checks,
    "k.expire": _k_expire,
    "k.end_event": _k_end_event,
}
