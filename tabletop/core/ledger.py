"""Ledgers: amounts per object summed over a period (damage and healing over a phase), settled at its end.

Some games look at what happened to an object over a whole period, not at each change: Nebozhiteli sums
"all damage dealt to a creature and all restoration of its life" during a phase and, "if at the end of
the phase the creature has less than one life left", it dies (003 L76). A :class:`Ledger` keeps those
sums: rule code adds to it as damage and healing happen (:meth:`Ledger.add`), it reads the running sums
(:meth:`Ledger.totals`, :meth:`Ledger.net`), and the ledger is *settled* at the end of its period: each
object's net amount is applied (to a field of the object, or by the rulebook's own ``on_settle``) and the
ledger starts again empty. Settling is a step of the period's end, named in the profile's sequence before
the state checks (``Profile.period_end``), so the checks see the settled values:

    Profile(checks="end_of_phase", period_end=("life.settle", "checks", "expire", "end_triggers"))

Nothing is summed in a clamped counter meanwhile, so the order of damage and healing within the period
does not matter. The first-strike exception (003 L68: an enemy killed by first-strike damage deals no
damage back) is a checkpoint between two damage steps: :meth:`Ledger.checkpoint` schedules a settlement
and the state checks, to run once what the step scheduled so far has resolved.

In play, a ledger is plain data, a public variable ``ledger:<name>``: ``{object id: {kind: amount}}``.

>>> life = Ledger("life", field="lives", rule="nb.L76")
>>> life.settle_task, life.checkpoint_task, life.var
('life.settle', 'life.checkpoint', 'ledger:life')
>>> life.net_of({"damage": 4, "healing": 2})
-2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import ArgumentTypeError, ArgumentValueError, quote

if TYPE_CHECKING:
    from .table import Table
    from .tasks import TaskTable


@dataclass(frozen=True)
class Ledger:
    """A rulebook's ledger: amounts of some ``kinds`` per object, summed over a period.

    ``kinds`` maps each kind to its sign in the net sum (damage counts against, healing for);
    ``at``: the period ends that settle it (the names of ``Profile.check_at``: ``"subphase"``,
    ``"phase"``, ``"turn"``, ``"round"``; default any phase, sub-phases included: 003 L76 "during any
    phase"); ``field``: the object field the net amount is added to at settlement (Nebozhiteli's lives);
    ``on_settle(game, obj_id, net, totals)``: the rulebook's own settlement instead; ``rule``: what the
    trace cites.
    """

    name: str
    rule: str
    kinds: Mapping[str, int] = dataclasses.field(default_factory=lambda: {"damage": -1, "healing": 1})
    at: tuple[str, ...] = ("phase", "subphase")
    field: str | None = None
    on_settle: Callable[[Table, str, int, dict[str, int]], None] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ArgumentTypeError(f"Ledger name {quote(self.name)} must be a non-empty str")
        if not self.kinds or not all(isinstance(k, str) and type(v) is int for k, v in self.kinds.items()):
            raise ArgumentTypeError(
                f"Ledger {self.name!r}: kinds {quote(self.kinds)} must map kinds (str) to signs (int)"
            )
        if not isinstance(self.at, tuple) or not all(isinstance(p, str) for p in self.at):
            raise ArgumentTypeError(f"Ledger {self.name!r}: at = {quote(self.at)} must be a tuple of period names")
        if (self.field is None) == (self.on_settle is None):
            raise ArgumentValueError(f"Ledger {self.name!r}: give exactly one of field= and on_settle=")

    @property
    def var(self) -> str:
        """The game variable that holds the ledger."""
        return f"ledger:{self.name}"

    @property
    def settle_task(self) -> str:
        """The task of a period's end that settles the ledger (name it in ``Profile.period_end``)."""
        return f"{self.name}.settle"

    @property
    def checkpoint_task(self) -> str:
        """The task :meth:`checkpoint` schedules: settle now, then run the state checks."""
        return f"{self.name}.checkpoint"

    # ------------------------------------------------------------------ in play
    def add(self, game: Table, obj_id: str, kind: str, amount: int) -> None:
        """Add ``amount`` of ``kind`` (damage dealt, life restored) to ``obj_id``'s sums of this period."""
        if kind not in self.kinds:
            raise ArgumentValueError(f"Ledger {self.name!r} keeps {sorted(self.kinds)}, not {quote(kind)}")
        st = game.state
        book = dict(st.vars.get(self.var, {}))  # (copy on write: clones share the old one)
        entry = dict(book.get(obj_id, {}))
        entry[kind] = entry.get(kind, 0) + amount
        book[obj_id] = entry
        st.set_var(self.var, book)
        game.record(
            "modifier",
            lambda: f"{self.name} ledger: {kind} {amount} to {obj_id} (this period: {_worded(entry)})",
            self.rule,
            target=obj_id,
            stat=self.name,
            op=kind,
            value=amount,
        )

    def totals(self, game: Table, obj_id: str) -> dict[str, int]:
        """The sums of each kind for ``obj_id`` so far this period (kinds with none left out)."""
        return dict(game.state.vars.get(self.var, {}).get(obj_id, {}))

    def net_of(self, totals: Mapping[str, int]) -> int:
        """The net amount of ``totals``: each kind times its sign."""
        return sum(self.kinds[k] * v for k, v in totals.items())

    def net(self, game: Table, obj_id: str) -> int:
        """The net amount for ``obj_id`` so far this period (damage 4, healing 1: -3)."""
        return self.net_of(self.totals(game, obj_id))

    def settle(self, game: Table) -> None:
        """Apply each object's net amount (to ``field``, or by ``on_settle``) and empty the ledger.

        Objects that have left the game since are passed over."""
        st = game.state
        book = st.vars.get(self.var)
        if not book:
            return
        del st.vars[self.var]
        for obj_id, totals in book.items():
            obj = st.objects.get(obj_id)
            if obj is None:
                continue
            net = self.net_of(totals)
            game.record(
                "expire",
                lambda o=obj_id, t=totals, n=net: f"{self.name} ledger settles: {o} {n:+d} ({_worded(t)})",
                self.rule,
                target=obj_id,
            )
            if self.on_settle is not None:
                self.on_settle(game, obj_id, net, dict(totals))
            elif self.field is not None:
                st.update(obj_id, **{self.field: obj.get(self.field, 0) + net})

    def checkpoint(self, game: Table) -> None:
        """Settle and run the state checks once what this step has scheduled so far has resolved (the
        first-strike damage: 003 L68), before what it schedules after this call (the regular damage)."""
        game.push(self.checkpoint_task)

    def tasks(self, table: TaskTable) -> TaskTable:
        """Register :attr:`settle_task` and :attr:`checkpoint_task` on ``table``; returns ``table``."""

        def settle(game: Table, *, period: str, sub: bool = False) -> None:
            if ("subphase" if sub else period) in self.at:
                self.settle(game)

        def checkpoint(game: Table) -> None:
            self.settle(game)
            game.push("k.checks")

        settle.__doc__ = f"{self.rule}: the {self.name} ledger settles at the end of its period."
        checkpoint.__doc__ = f"{self.rule}: the {self.name} ledger settles, then the state checks run."
        table(self.settle_task)(settle)
        table(self.checkpoint_task)(checkpoint)
        return table


def _worded(totals: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in totals.items()) or "nothing"
