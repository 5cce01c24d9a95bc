"""The timing profile: each rulebook's answers to the same timing questions, as data.

Rulebooks differ in who orders simultaneous triggers, where pending abilities wait, when state
checks run and how modifiers combine. The kernel reads these answers from a :class:`Profile`;
``dataclasses.replace(profile, container="stack")`` gives a variant to compare outcomes under.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .errors import ArgumentTypeError, ArgumentValueError, quote
from .modifiers import ModifierOrder, Stage

ORDERINGS = ("active_player_first", "first_player_orders_all", "order_of_play", "controller_chooses")
CONTAINERS = ("nested", "queue", "stack")
CHECKS = ("each_resolution", "idle", "end_of_phase")
OPTIONALS = ("ask", "priority_window")
WINDOW_USES = ("one", "until_pass")
REPLACEMENTS = ("affected_chooses", "most_recent", "first_player", "order_of_play")
REPLACEMENT_TIMINGS = ("before_interrupts", "after_interrupts")
LOOPS = ("error", "draw")
_FLAGS = ("forced_before_optional", "lookback", "delayed_before_responses", "expire_before_end_triggers")
FORCED_LOOPS = ("draw", "error", "ignore")


@dataclass(frozen=True)
class Profile:
    """How a rulebook times things.

    ordering
        Who orders simultaneous triggered abilities. ``active_player_first``: grouped by
        controller starting from the active player, each controller orders its own group.
        ``first_player_orders_all``: the first player orders the whole batch, whoever controls
        the abilities. ``order_of_play``: the order the sources came into play, no choice.
        ``controller_chooses``: grouped by controller starting from the player whose action
        caused the event, each controller orders its own group.
    container
        Where triggered abilities wait. ``nested``: they resolve at once, inside the window of
        the event that triggered them. ``queue``: first in, first out, once the current
        resolution is over. ``stack``: last in, first out, once the current resolution is over.
        Interrupts ("when") always resolve before their event, whatever the container.
    checks
        When state checks run: after ``each_resolution``, when the engine is ``idle`` (nothing
        pending), or only at the ``end_of_phase``. Checks may read the turn structure (round,
        turn number, player, phase) but not its cursor: once they have found nothing, they are
        not run again while only the cursor has moved on (a turn nobody hears of has ended and
        the next has not begun).
    forced_before_optional
        Forced triggered abilities of a batch go before the optional ones.
    lookback
        An object that leaves play still sees the batch of events it left in.
    optional
        ``ask``: each optional trigger asks its controller. ``priority_window``: players, in
        order from the first player, may each use one eligible optional ability or pass, until
        all pass in a row.
    window_uses
        In a priority window (``optional="priority_window"``), how many abilities a player may use
        before the window moves on. ``one``: after a use the next player has priority. ``until_pass``:
        the player who used one keeps priority and may use another, until passing (a rulebook whose
        text lets one player play several reactions in a row; Warlord's Reacts, seed 004 L97, start
        "with the player who holds initiative" and leave it open).
    replacements
        Which of several applicable replacement effects applies first.
    replacement_timing
        When replacement (and prevention) effects apply to an event. ``before_interrupts``: as
        the event is sent, so the interrupt window sees the event as replaced or changed (a
        replaced event opens no window of its own). ``after_interrupts``: once the interrupt
        window has closed and the event is about to happen, so interrupts see (and may cancel)
        the event as it was sent; events a replacement sends instead get their own interrupt
        window before replacements apply to them.
    delayed_before_responses
        Delayed effects waiting for an event resolve before the responses to it.
    expire_before_end_triggers
        Lasting effects end just before "at the end of" abilities trigger.
    modifiers
        How numeric modifiers combine (:class:`ModifierOrder`).
    loops
        A detected mandatory loop raises (``error``) or ends the game as a draw (``draw``).
    forced_loop
        A position at a decision that comes back when every decision since offered a single
        option (nobody can change anything: a game whose only move is to pass, for ever) ends
        the game as a draw (``draw``), raises :class:`ForcedLoop` (``error``) or goes on
        (``ignore``).
    step_budget
        The most automatic steps allowed between two decisions.
    time_budget
        The most seconds the engine may run between two decisions (``None``: no limit). The step
        budget bounds steps, not time; this bounds how long one call may take.
    rules
        Maps kernel steps ("interrupt", "response", "order", "check", ...) to the rulebook's own
        rule ids, so the trace cites the rulebook's text rather than the kernel's generic rule.
    """

    ordering: str = "active_player_first"
    container: str = "nested"
    checks: str = "idle"
    forced_before_optional: bool = True
    lookback: bool = True
    optional: str = "ask"
    window_uses: str = "one"
    replacements: str = "affected_chooses"
    replacement_timing: str = "before_interrupts"
    delayed_before_responses: bool = True
    expire_before_end_triggers: bool = True
    modifiers: ModifierOrder = field(default_factory=ModifierOrder)
    loops: str = "error"
    forced_loop: str = "draw"
    step_budget: int = 100_000
    time_budget: float | None = None
    rules: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # (checked here, not at the first run: a wrong type would otherwise fail deep in the engine)
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise ArgumentTypeError(f"Profile.{name} = {quote(getattr(self, name))} must be True or False")
        budget = self.step_budget
        if type(budget) is not int:
            raise ArgumentTypeError(f"Profile.step_budget = {quote(budget)} must be an int")
        if budget < 1:
            raise ArgumentValueError(f"Profile.step_budget = {budget} must be at least 1")
        if not isinstance(self.modifiers, ModifierOrder):
            raise ArgumentTypeError(f"Profile.modifiers = {quote(self.modifiers)} must be a ModifierOrder")
        if not isinstance(self.rules, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in self.rules.items()
        ):
            raise ArgumentTypeError(f"Profile.rules = {quote(self.rules)} must map step names (str) to rule ids (str)")
        for name, allowed in (
            ("ordering", ORDERINGS),
            ("container", CONTAINERS),
            ("checks", CHECKS),
            ("optional", OPTIONALS),
            ("window_uses", WINDOW_USES),
            ("replacements", REPLACEMENTS),
            ("replacement_timing", REPLACEMENT_TIMINGS),
            ("loops", LOOPS),
            ("forced_loop", FORCED_LOOPS),
        ):
            if getattr(self, name) not in allowed:
                raise ArgumentValueError(f"Profile.{name} = {quote(getattr(self, name))} is not one of {allowed}")
        seconds = self.time_budget
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < float("inf")
        ):
            raise ArgumentValueError(
                f"Profile.time_budget = {quote(seconds)} is neither None nor a positive number of seconds"
            )

    def rule(self, step: str) -> str:
        """The rule id that the trace cites for kernel step ``step``."""
        return self.rules.get(step, f"core.{step}")

    def replace(self, **changes: Any) -> Profile:
        """A copy with ``changes`` (for comparing the same situation under other profiles)."""
        return dataclasses.replace(self, **changes)

    def describe(self) -> dict:
        """The profile as plain data, for tables and JSON."""
        data = dataclasses.asdict(self)
        data["modifiers"] = {
            "stages": [s.describe() if isinstance(s, Stage) else list(s) for s in self.modifiers.stages],
            "floor": self.modifiers.floor,
            "rounding": self.modifiers.rounding,
            "rule": self.modifiers.rule,
        }
        return data
