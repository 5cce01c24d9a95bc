"""Rounds of goes: players alternate single actions from a start player until everyone still in passes.

Many games have a phase in which nobody has a turn of their own: the players take *goes*, one action
each, round the table from a start player, and the phase ends when every player still in has passed,
one after another (Warlord's Orders Phase, seed 004 L66/L230: "each player gives one order at a time
... until all players decide to pass in succession"; Nebozhiteli's end of turn, 003 L78, where the
active and the passive player have a last chance to use magic; Dice Throne Missions' hero sub-phases,
002 L77, taken in lockstep). A :class:`Goes` is a rulebook's declaration of one such phase:

- ``action``: the task each go runs, with the go's player as its argument ``player``. It asks that
  player for one action (or does what a player with no choice does) and calls :meth:`Goes.pass_go`
  when the player passes. Everything the action causes resolves before the next go.
- ``start``: who takes the first go. ``"first"`` (the default): the first player still in, in seat
  order (``turn["first"]``: a rulebook that moves the first player between rounds, Warlord's
  initiative roll at 004 L63/L227 or Dice Throne Missions' token at 002 L64, moves it there and the goes
  follow). ``"active"``: the player whose turn it is (``turn["player"]``: Nebozhiteli's active
  player, 003 L78). Or a function of the table that returns a player.
- ``final_pass``: False (the default), a pass is not final: a player who passed takes a go again when
  it comes round, and the goes end when every player still in has passed in succession (any other
  action starts the count again; 004 L88/L258: "If you pass but the turn is not yet over, you can
  still take actions later this turn"). True: a player who passed takes no more goes this time (a
  hero that has announced "Ready to attack!", 002 L76), and the goes end once every player still in
  has passed.

"Still in" means not out of the game (:meth:`Table.eliminate`); with a final pass, also not passed.
The goes go round in seat order (clockwise, 004 L66: "the player on the left gives their order").

In play everything is plain data, so a game pauses, clones, saves and resumes in the middle of the
goes: the count lives in ``turn["goes:<name>"]`` (``player``: whose go it is, ``passes``: passes in
succession, ``passed``: who has passed, with a final pass only), and what is left to run is on the
work stack (the action for a player, then ``<name>.next``). The goes are a step of the turn structure:
give the spec itself (or its name) as a step of a :class:`Phase`, and register its two tasks
(:meth:`Goes.tasks`)::

    ORDERS = Goes("orders", action=give_order, rule="warlord.orders")
    tasks = ORDERS.tasks(TaskTable())
    flow = (Phase("ready", ("warlord.ready",)), Phase("orders", (ORDERS,), rule="warlord.orders"))

>>> ORDERS = Goes("orders", action="demo.order", rule="demo.orders")
>>> ORDERS.key, ORDERS.next_task, ORDERS.__task__
('goes:orders', 'orders.next', 'orders')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import RuleError, quote
from .tasks import task_name

if TYPE_CHECKING:
    from .table import Table
    from .tasks import TaskTable

STARTS = ("first", "active")


@dataclass(frozen=True)
class Goes:
    """One phase of goes a rulebook declares (see the module's text): its ``name`` is the task that starts
    the goes (a step of the turn structure), ``action`` the task of one go, ``start`` who goes first,
    ``final_pass`` whether a pass is final, ``rule`` the rule the trace cites."""

    name: str
    action: str | Callable[..., None]
    start: str | Callable[[Table], int] = "first"
    final_pass: bool = False
    rule: str = "core.goes"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RuleError(f"Goes: the name is a non-empty task name, not {quote(self.name)}")
        if not callable(self.start) and self.start not in STARTS:
            raise RuleError(f"Goes {self.name!r}: start = {quote(self.start)} is not one of {STARTS} nor a function")
        if not isinstance(self.final_pass, bool):
            raise RuleError(f"Goes {self.name!r}: final_pass = {quote(self.final_pass)} must be True or False")

    @property
    def __task__(self) -> str:
        """The task name a :class:`Phase` step given this spec is scheduled under (see :func:`task_name`)."""
        return self.name

    @property
    def key(self) -> str:
        """Where the count is kept while the goes run: ``turn[key]``."""
        return f"goes:{self.name}"

    @property
    def next_task(self) -> str:
        """The task that ends one go and starts the next (or ends the goes)."""
        return f"{self.name}.next"

    # ------------------------------------------------------------------ queries and the pass
    def running(self, game: Table) -> bool:
        """Are these goes under way?"""
        return self.key in game.state.turn

    def player(self, game: Table) -> int:
        """The player whose go it is."""
        return int(self._count(game)["player"])

    def passes(self, game: Table) -> int:
        """How many players have passed in succession (with a final pass: how many have passed)."""
        return int(self._count(game)["passes"])

    def pass_go(self, game: Table) -> None:
        """The current go is a pass: call it from the action when its player passes."""
        game.state.set_turn(**{self.key: {**self._count(game), "pass": True}})

    def _count(self, game: Table) -> dict[str, Any]:
        count: dict[str, Any] | None = game.state.turn.get(self.key)
        if count is None:
            raise RuleError(f"the goes {self.name!r} are not under way (their step has not started them)")
        return count

    # ------------------------------------------------------------------ the two tasks
    def tasks(self, table: TaskTable) -> TaskTable:
        """Register the goes' two tasks on ``table`` (``name``: start them; ``<name>.next``); returns it."""

        def begin(game: Table) -> None:
            if self.key in game.state.turn:
                raise RuleError(f"the goes {self.name!r} are under way already: they cannot start again inside")
            first = self._first(game)
            if first is None:
                return  # nobody is still in: no goes
            count: dict[str, Any] = {"player": first, "passes": 0}
            if self.final_pass:
                count["passed"] = []
            game.state.set_turn(**{self.key: count})
            self._go(game, first)

        def next_go(game: Table) -> None:
            st = game.state
            count = dict(self._count(game))
            player = count["player"]
            passed = list(count.get("passed", ()))
            if count.pop("pass", False):
                count["passes"] += 1
                if self.final_pass:
                    passed.append(player)
                    count["passed"] = sorted(passed)
                if game.tracing:
                    n = count["passes"]
                    how = f"and takes no more goes ({n} passed)" if self.final_pass else f"({n} in succession)"
                    game.record("flow", f"player {player} passes {how}", self.rule)
            elif not self.final_pass:
                count["passes"] = 0
            players = st.players
            n = len(players)
            still_in = [p for p in range(n) if not players[p].get("out") and p not in passed]
            nxt = next((q for q in ((player + i) % n for i in range(1, n + 1)) if q in still_in), None)
            if nxt is None or (not self.final_pass and count["passes"] >= len(still_in)):
                del st.turn[self.key]
                if game.tracing:
                    game.record("flow", f"every player still in has passed: {self.name} ends", self.rule)
                return
            count["player"] = nxt
            st.set_turn(**{self.key: count})
            self._go(game, nxt)

        begin.__doc__ = f"{self.rule}: the goes {self.name!r} begin."
        next_go.__doc__ = f"{self.rule}: one go of {self.name!r} has ended; the next player's go, or the end."
        table(self.name)(begin)
        table(self.next_task)(next_go)
        return table

    def _first(self, game: Table) -> int | None:
        st = game.state
        if callable(self.start):
            player: int | None = self.start(game)
        elif self.start == "active":
            player = st.turn.get("player")
        else:
            order = st.seat_order()
            player = order[0] if order else None
        if player is None:
            return None
        players = st.players
        n = len(players)
        return next((q for q in ((player + i) % n for i in range(n)) if not players[q].get("out")), None)

    def _go(self, game: Table, player: int) -> None:
        if game.tracing:
            game.caused_by(
                game.record("flow", f"{self.name}: player {player}'s go", self.rule, cause=None, player=player)
            )
        game.push(task_name(self.action), player=player)
        game.push(self.next_task)
