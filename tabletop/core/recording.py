"""The bottom room of the table: what a running game holds, and the trace it writes.

Every room above builds on :class:`Recording`. Rule code cites a cause for what it does by
``caused_by``; ``record`` adds a trace record (nothing when tracing is off).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .profile import Profile
from .state import State
from .trace import SharedList, Trace

if TYPE_CHECKING:
    from .footprint import Footprints
    from .rulebook import Rulebook, Task


class Recording:
    """A running game's data, and its trace. See :class:`tabletop.core.table.Table`."""

    rulebook: Rulebook
    state: State
    options: dict[str, Any]
    seed: int | str
    chance: str
    tracing: bool
    profile: Profile
    trace: Trace
    history: SharedList[dict]
    _tasks: dict[str, Task]
    _calls: dict[str, tuple[Callable[..., None], bool]]
    _index_cache: dict[str, list] | None
    _cause: int | None
    _left: list | None
    _mark: int
    _fp: Footprints | None
    _zones_scanned: tuple[tuple[str, ...], list[tuple[str, bool]]] | None
    _forced: dict[bytes, int] | None

    @property
    def players(self) -> int:
        """How many players the game has (out of the game or not)."""
        return len(self.state.players)

    @property
    def result(self) -> dict | None:
        """Winners, scores and the reason, once the game is over."""
        return self.state.result

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def record(
        self,
        kind: str,
        summary: str | Callable[..., str],
        rule: str,
        *,
        cause: int | str | None = "current",
        player: int | str | None = None,
        **data: Any,
    ) -> int | None:
        """Add a trace record; returns its index (``None`` when tracing is off).

        ``summary`` may be a function that makes the text (``lambda: f"..."``): it is called only
        when the game is traced, so rule code needs no ``if game.tracing:`` to spare an untraced
        game the cost of describing what happens. It is called with no arguments; it is typed
        ``Callable[..., str]`` so that a lambda in a loop may bind the loop's values as defaults
        (``lambda t=t: ...``), which mypy cannot match against ``Callable[[], str]``.
        """
        if not self.tracing:
            return None
        if callable(summary):
            summary = summary()
        history = self.history
        records = self.trace.records
        i = records._frozen + len(records._tail)  # (its index: the trace's length, read with no call)
        records.append(
            {
                "i": i,
                "kind": kind,
                "summary": summary,
                "rule": rule,
                "cause": self._cause if cause == "current" else cause,
                "player": player,
                "step": history._frozen + len(history._tail),  # (its length, with no call: every record reads it)
                "data": data,
            }
        )
        return i

    def caused_by(self, index: int | None) -> None:
        """Make later records and tasks cite ``index`` as their cause."""
        self._cause = index

    def _last_summary(self) -> str:
        recs = self.trace.records
        return recs[-1]["summary"] if recs else ""
