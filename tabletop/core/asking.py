"""Decisions: opening one (``ask``), drawing chance outcomes, and making the choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import rng as _rng
from .decision import CHANCE, Option
from .errors import IllegalOption, RuleError, StaleOption, quote
from .scheduling import Scheduling, Task
from .tasks import registered_name, task_name


class Asking(Scheduling):
    """Opening decisions and making them (the chosen option resumes the task the decision names)."""

    def ask(
        self,
        player: int | str,
        kind: str,
        options: list[dict],
        resume: Task,
        *,
        prompt: str = "",
        rule: str = "core.decision",
        args: dict | None = None,
        probs: list[float] | None = None,
        stream: str = "chance",
    ) -> None:
        """Open a decision. The chosen option (a dict) reaches task ``resume`` (a registered function or
        a task's name) as its ``choice`` argument, with ``args`` as its other arguments.

        For ``player=CHANCE`` give ``probs``; unless the game's chance mode is ``manual`` the
        outcome is drawn at once from random stream ``stream``. When the running step has scheduled
        tasks already (it emitted an event, say), the decision opens once they have run, with the
        options given here: compute options that depend on what those tasks do in a task of its own.
        """
        then = registered_name(resume) or task_name(resume)  # (a task function, the common case, in one dict look-up)
        if not options:
            raise RuleError(f"decision {kind!r} for {player!r} has no options ({prompt})")
        if player == CHANCE and self.chance == "sample" and not self.tracing:
            # (fast path, tracing off) the outcome is drawn at once: what _choose does, without
            # the decision's data, which nothing would read
            if probs is None:
                probs = [1 / len(options)] * len(options)
            option = options[self._draw_from(stream, probs)]
            self.history.append({"player": player, "kind": kind, "option": option["id"], "auto": True})
            self._push(then, {**(args or {}), "choice": option})
            return
        data: dict[str, Any] = {
            "player": player,
            "kind": kind,
            "prompt": prompt,
            "rule": rule,
            "options": options,
            "resume": [then, args or {}],
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
        if len(self.state.work) > self._mark:  # (scheduled_in_step, inline)
            # the tasks this step scheduled run first, in order; then the decision opens (k.ask)
            self._push("k.ask", {"decision": data})
        elif kind != "action" or not self.state.queue:
            self.state.decision = data  # (what _open does, inline)
        else:
            self._open(data)  # (which refuses)

    def _open(self, data: dict) -> None:
        """Make ``data`` the open decision (the run stops there)."""
        if data["kind"] == "action" and self.state.queue:
            player = data["player"]
            raise RuleError(
                f"player {player} would be asked for an action while {len(self.state.queue)} abilities wait in the "
                f"{self.profile.container}; ask from a step of the turn structure (see Game.repeat_step), which "
                "runs only once they have resolved, or push 'k.drain' first"
            )
        self.state.decision = data

    def ask_draw(
        self,
        left: dict[str, int],
        resume: Task,
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

    def _find_option(self, data: dict, choice: Option | str | int) -> int:
        options = data["options"]
        if type(choice) is str:  # (the common case: an option id)
            for i, o in enumerate(options):
                if o["id"] == choice:
                    return i
        if isinstance(choice, Option):
            step: int | None = choice[4]
            at: int | None = choice[5]
            if at is not None and step == len(self.history) and at < len(options) and options[at] is choice[3]:
                return at  # (an Option of the open decision's view: its place is known)
            if step is not None and step != len(self.history):
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


def _who(data: dict | None) -> str:
    if data is None:
        return "nobody"
    p = data.get("player")
    return "chance" if p == CHANCE else f"player {p}"


def _k_ask(g: Asking, args: dict) -> None:
    """A decision asked for after its step scheduled other tasks opens now that they have run (an
    action, once the abilities waiting in the container have resolved too)."""
    data = args["decision"]
    if data["kind"] == "action" and g.state.queue:
        g._push("k.drain", {})  # (pushes in a step run in the order made)
        g._push("k.ask", {"decision": data})
        return
    g._open(data)


ASKING_TASKS: dict[str, Callable[[Any, dict], None]] = {"k.ask": _k_ask}
