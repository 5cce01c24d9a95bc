"""The flow of a game: the turn structure (rounds, phases, turns, steps), period ends, state
checks, eliminations and the end of the game.

Two declared pieces end a game the way many do, so a rulebook names them instead of writing them:
:func:`when_empty` is a state check (the game ends once a zone is empty: the cards are all taken, the
supply is out) and :func:`ends_on_scores` the handler of the event it sends (the highest score wins).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import RuleError
from .state import State
from .tasks import task_name
from .trace import because_of
from .values import Values

if TYPE_CHECKING:
    from .table import Table


@dataclass(frozen=True)
class Phase:
    """A part of the turn structure.

    ``each_player``: the phase is a turn of each player in order from the first player
    (otherwise it runs once per round). ``steps`` are tasks run in order (registered functions
    or task names; kept as names); a step ``"@name"`` starts a sub-phase called ``name`` (ending
    the previous one).
    """

    name: str
    steps: tuple[str | Callable[..., None], ...]  # (names once made: see __post_init__)
    each_player: bool = False
    rule: str = "core.flow"

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(task_name(step) for step in self.steps))


def when_empty(zone: str, event: str, *, rule: str) -> Callable[[Table], list[dict]]:
    """A state check: once ``zone`` is empty, in a game that has objects (its set-up has made them) and has
    not ended, it sends one event of type ``event`` (citing ``rule``). Give it to ``Rulebook.checks``,
    and the event's handler (:func:`ends_on_scores`, say) ends the game. Why: "the game ends when the
    cards are all taken" is a check of many games, the same in each; a rulebook declares it."""

    def check(game: Table) -> list[dict]:
        st = game.state
        over = not st.zones.get(zone) and st.result is None and st.objects
        return [{"type": event, "rule": rule}] if over else []

    check.__qualname__ = check.__name__ = f"when_empty({zone!r})"
    return check


def ends_on_scores(
    score: Callable[[Table, int], Any], reason: str, rule: str, *, tie_is_draw: bool = True
) -> Callable[[Table, dict], None]:
    """The handler of an event that ends the game won by the highest score: ``score(game, player)`` of each
    player (the result keeps them, by player number as text), ``reason`` worded with them (``{scores}``),
    ``tie_is_draw`` as :meth:`Flow.end_on_scores` takes it. Why: "most points wins, a tie shares it" is
    how many games end; a rulebook names this handler (for :func:`when_empty`'s event) instead of writing it."""

    def handler(game: Table, ev: dict) -> None:
        scores = {str(p): score(game, p) for p in range(game.players)}
        game.end_on_scores(scores, reason=reason.format(scores=scores), rule=rule, tie_is_draw=tie_is_draw)

    handler.__qualname__ = handler.__name__ = f"ends_on_scores({getattr(score, '__name__', 'score')})"
    return handler


def result_value(game: Table, player: int, win: float = 1000.0) -> float | None:
    """What a game that is over is worth to ``player``, for a rulebook's ``evaluate``: ``win`` if he won,
    ``-win`` if another did, 0 for a draw or a game nobody won; None while the game goes on. Why: every
    rulebook's heuristic scores the end alike, and only the position before it its own way.

    >>> from types import SimpleNamespace as NS
    >>> won_by_1 = NS(state=NS(result={"winners": [1], "draw": False}))
    >>> result_value(won_by_1, 1), result_value(won_by_1, 0), result_value(NS(state=NS(result=None)), 0)
    (1000.0, -1000.0, None)
    """
    res = game.state.result
    if res is None:
        return None
    if player in res["winners"]:
        return 0.0 if res["draw"] else win
    return -win if res["winners"] else 0.0


class Flow(Values):
    """Moving the turn structure on, ending periods, running state checks, ending the game."""

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

    def end_on_scores(self, scores: dict[str, Any], *, reason: str, rule: str, tie_is_draw: bool = True) -> None:
        """End the game won by whoever has the highest score (``scores``: by player number as text, kept
        in the result). Why: "most points wins, a tie shares it" ends many games alike; ``tie_is_draw``:
        players tied for the highest score share a win that counts as a draw (False: a shared win)."""
        best = max(scores.values())
        winners = [int(p) for p, score in scores.items() if score == best]
        self.end_game(winners, reason=reason, rule=rule, scores=scores, draw=tie_is_draw and len(winners) > 1)

    def extra_turn(self) -> None:
        """The current player takes another turn after this one."""
        self.state.set_turn(again=True)

    def end_round_after_phase(self, *, rule: str = "core.flow") -> None:
        """End the round once the current phase has ended: the phases left in the round are passed over
        (they never begin, so none of their ends runs) and the round's end comes next, then the next
        round from its first phase. Called between two phases (at a round's end, say), the phase meant
        is the next one to run. Why: "the round ends after the current round phase" (Dice Throne
        Missions 002 L182, the main objective met) without rule code writing the turn cursor."""
        self.state.set_turn(end_round=True)
        self.record("flow", "the round ends after this phase", rule)

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

    def end_period(self, period: str, *, sub: bool = False) -> None:
        """Schedule the end of a turn, phase or round: lasting effects end, end triggers fire.

        ``sub``: the phase that ends is a sub-phase (``"subphase"`` for ``Profile.check_at``; a
        ``"phase"`` for expiry and end triggers). The steps and their order are ``Profile.period_end``'s.
        """
        st = self.state
        prof = self.profile
        at = prof.check_at
        if at is None:
            checks = period == "phase" and prof.checks == "end_of_phase"
        else:
            checks = ("subphase" if sub else period) in at
        if prof.period_end is not None:
            _end_steps(self, prof.period_end, period, sub, checks)
            return
        order: list[tuple[str, dict]] = []
        if checks:
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
            if not prof.expire_before_end_triggers and len(order) > 1:
                order[-2:] = order[-2:][::-1]
        for name, args in order:  # (what then() does, without copying each task's arguments)
            self._push(name, args)

    def _run_checks(self) -> bool:
        """Run the rulebook's state checks once; emit their events as one batch if any."""
        checks = self.rulebook.checks
        if not checks:
            return False
        if len(checks) == 1:
            events = checks[0](self)  # type: ignore[arg-type]  # (hot: this room is the Table's; no cast)
            if not isinstance(events, list):
                events = list(events)
        else:
            events = [ev for check in checks for ev in check(self)]  # type: ignore[arg-type]
        if not events:
            return False
        self._cause = (
            self.record(
                "check",
                f"state check: {len(events)} simultaneous event(s)",
                self.profile.rule("check"),
                **because_of(self.trace, self.state.objects, events, self.rulebook.check_causes),
            )
            if self.tracing  # (the kernel's hot paths spare an untraced game the call)
            else None
        )
        self.emit_batch(events, rule=self.profile.rule("check"))
        return True

    def _flow_step(self) -> bool:
        """Nothing is pending: move the turn structure on by one step.

        True when that step only moved its cursor on (a turn or phase ended, or an empty one was
        passed over) and changed nothing else state checks could read (Profile.checks).
        """
        st = self.state
        flow = self.rulebook.flow
        t = st.turn
        if not flow:
            raise RuleError(f"{self.rulebook.id}: nothing is pending and the rulebook has no turn structure")
        pi, k, si = t["cursor"]
        if pi >= len(flow):
            if self.tracing:
                self.record("flow", f"end of round {t['round']}", flow[-1].rule)
            t["cursor"] = [0, 0, 0]
            t["round"] += 1
            self.end_period("round")
            return False
        phase = flow[pi]
        steps: tuple[str, ...] = phase.steps  # (names: Phase.__post_init__)
        if 0 < si < len(steps):  # the common case: the next step of the same turn
            step = steps[si]
            if not step.startswith("@"):  # (what _push_step does, inline)
                t["cursor"] = [pi, k, si + 1]
                self._push(step, {}, None)  # (a step cites no cause)
                return False
            _push_step(self, phase, pi, k, si)
            return False
        # Game.repeat_step of a first step: that same turn goes on (a flag left for a turn the cursor has
        # since moved away from is dropped, never applied to another turn)
        if si == 0 and "repeat" in t and t.pop("repeat") == [pi, k]:
            _push_step(self, phase, pi, k, 0)
            return False
        # the order this phase began with, when a player was eliminated during it (Game.eliminate);
        # otherwise the players still in the game
        order = (t.get("order") or st.seat_order()) if phase.each_player else []
        if si == 0:
            if phase.each_player:
                k = _next_in(st, order, k)
                if k >= len(order):  # everybody left to play this phase is out of the game
                    t.pop("order", None)
                    st.set_turn(cursor=[_next_phase(t, pi, len(flow)), 0, 0])
                    if k:
                        self.end_period("phase")
                    return True
                p = order[k]  # (_push_step below writes the cursor with this k)
                t.update(player=p, number=t["number"] + 1, phase=phase.name, sub=None)
                if self.tracing:
                    self.record(
                        "flow", f"turn {t['number']}: player {p} ({phase.name})", phase.rule, cause=None, player=p
                    )
            else:
                st.set_turn(phase=phase.name, sub=None)
                if self.tracing:
                    self.record("flow", f"round {t['round']}: {phase.name}", phase.rule, cause=None)
        if si < len(phase.steps):
            _push_step(self, phase, pi, k, si)
            return False
        if t.get("sub"):
            self.end_period("phase", sub=True)  # the last sub-phase of the turn
        if phase.each_player:
            self.end_period("turn")
            again = t.get("again") and not st.players[t["player"]].get("out")
            nxt = k if again else _next_in(st, order, k + 1)
            t["cursor"] = [pi, nxt, 0] if nxt < len(order) else [_next_phase(t, pi, len(flow)), 0, 0]
            t["again"] = False
            if nxt >= len(order):
                t.pop("order", None)
                self.end_period("phase")
        else:
            st.set_turn(cursor=[_next_phase(t, pi, len(flow)), 0, 0])
            self.end_period("phase")
        return True


def _end_steps(game: Flow, steps: tuple[str, ...], period: str, sub: bool, checks: bool) -> None:
    """Schedule the end of ``period`` as ``Profile.period_end`` lists its steps (the kernel's three: each
    only where it has something to do; a rulebook's task: always, with the period)."""
    st = game.state
    for step in steps:
        if step == "checks":
            if checks:
                game._push("k.checks", {})
        elif step == "expire":
            if st.modifiers or st.effects or st.uses:
                game._push("k.expire", {"period": period})
        elif step == "end_triggers":
            if game._reactive():
                game._push("k.end_event", {"period": period})
        else:
            game._push(step, {"period": period, "sub": True} if sub else {"period": period})


def _next_phase(turn: dict, pi: int, phases: int) -> int:
    """The phase that comes after phase ``pi`` ends: the next, or none (``phases``: the round ends) once
    :meth:`Flow.end_round_after_phase` has asked for it (the request is then used up)."""
    if "end_round" in turn:
        del turn["end_round"]
        return phases
    return pi + 1


def _next_in(st: State, order: list[int], k: int) -> int:
    """The index of the first player from ``order[k]`` on who is still in the game (len(order): none)."""
    players = st.players
    while k < len(order) and players[order[k]].get("out"):
        k += 1
    return k


def _push_step(game: Flow, phase: Phase, pi: int, k: int, si: int) -> None:
    """Schedule step ``si`` of ``phase`` and move the cursor past it."""
    game.state.turn["cursor"] = [pi, k, si + 1]
    step: str = phase.steps[si]  # type: ignore[assignment]  # (names: Phase.__post_init__)
    if step.startswith("@"):
        game._push("k.subphase", {"name": step[1:], "rule": phase.rule}, None)
    else:
        game._push(step, {}, None)  # (a step cites no cause)


def _k_subphase(game: Table, args: dict) -> None:
    st = game.state
    if st.turn.get("sub"):
        game.end_period("phase", sub=True)
        game._push("k.subphase", {"name": args["name"], "rule": args["rule"]}, None)
        st.set_turn(sub=None)
        return
    st.set_turn(sub=args["name"])
    game.record("flow", f"{args['name']} phase", args["rule"], cause=None, player=st.turn.get("player"))


def _k_checks(g: Table, args: dict) -> None:
    if g._run_checks():
        g._push("k.checks", {}, None)  # after the batch: checks repeat until nothing changes


def _k_expire(g: Table, args: dict) -> None:
    g.expire(args["period"])


def _k_end_event(g: Table, args: dict) -> None:
    period = args["period"]
    if g._reactive():
        if g._unheard_end(period):
            g.state.counters["event"] += 1
            return
        g.emit(f"end_of_{period}", rule=g.profile.rule("flow"), player=g.state.turn.get("player"))


FLOW_TASKS: dict[str, Callable[[Table, dict], None]] = {
    "k.checks": _k_checks,
    "k.expire": _k_expire,
    "k.end_event": _k_end_event,
    "k.subphase": _k_subphase,
}
