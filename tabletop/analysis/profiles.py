"""The same situation under different timing profiles, side by side.

Rulebooks answer the same timing questions differently (who orders simultaneous triggers,
stack or queue or nested windows, when state checks run). :func:`compare_profiles` takes one
position, replays it under each profile, explores every ordering with :func:`orderings`, and
tabulates the outcomes, so a notebook can show how the answer to "what happens?" depends on
the rules' timing model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..core.game import Game
from ..core.profile import Profile
from .orderings import ORDER_KINDS, OrderingReport, _flatten, _show, orderings

__all__ = ["ProfileComparison", "compare_profiles"]


@dataclass
class ProfileComparison:
    """One row per profile: its outcomes, and the values that differ between any of them."""

    names: list[str]
    profiles: list[Profile]
    reports: list[OrderingReport | None]  # None where no ordering decision came up
    games: list[list[Game]]  # the outcome games of each profile

    def keys(self) -> list[str]:
        """State entries whose values differ between any two outcomes of any profiles."""
        flats = [_flatten(g) for games in self.games for g in games]
        keys = sorted(set().union(*flats)) if flats else []
        return [k for k in keys if len({repr(f.get(k)) for f in flats}) > 1]

    def rows(self) -> list[dict[str, Any]]:
        keys = self.keys()
        out = []
        for name, profile, report, games in zip(self.names, self.profiles, self.reports, self.games):
            for i, g in enumerate(games, 1):
                flat = _flatten(g)
                out.append(
                    {
                        "profile": name,
                        "container": profile.container,
                        "ordering": profile.ordering,
                        "checks": profile.checks,
                        "outcomes": len(games),
                        "order_dependent": bool(report and report.order_dependent),
                        "outcome": i,
                        "witness": " -> ".join(report.outcomes[i - 1].witness) if report else "",
                        **{k: _show(flat.get(k)) for k in keys},
                    }
                )
        return out

    def to_frame(self):
        """The rows as a pandas DataFrame (pandas must be installed)."""
        return rows_frame(self.rows(), "ProfileComparison.to_frame()")

    def __str__(self) -> str:
        lines = []
        for name, report, games in zip(self.names, self.reports, self.games):
            verdict = "order dependent" if report and report.order_dependent else "one outcome"
            lines.append(f"{name}: {len(games)} outcome(s), {verdict}")
        for row in self.rows():
            vals = ", ".join(f"{k}={row[k]}" for k in self.keys())
            lines.append(f"  {row['profile']} #{row['outcome']}: {vals}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows = self.rows()
        return rows_html(rows) if rows else "<p>No outcomes.</p>"


def rows_frame(rows: list[dict], what: str) -> Any:
    """Rows as a pandas DataFrame; ``what`` names the call for the error when pandas is not installed."""
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"{what} needs pandas: pip install pandas") from exc
    return pd.DataFrame(rows)


def rows_html(rows: list[dict], show: Callable[[Any], str] = str) -> str:
    """Rows of equal keys as an HTML table (a notebook's view of a comparison), each cell ``show(value)``."""
    cols = list(rows[0])
    head = "".join(f"<th>{escape(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{escape(show(r[c]))}</td>" for c in cols) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class Rows(list):
    """Rows of a table (plain dicts), shown as an HTML table in a notebook and as aligned text elsewhere: what
    a lesson's helpers return for a notebook to show (one class for every rulebook's lessons)."""

    def __str__(self) -> str:
        if not self:
            return "(no rows)"
        keys = list(self[0])
        width = {k: max(len(k), *(len(str(r.get(k, ""))) for r in self)) for k in keys}
        lines = ["  ".join(k.ljust(width[k]) for k in keys)]
        lines += ["  ".join(str(r.get(k, "")).ljust(width[k]) for k in keys).rstrip() for r in self]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return rows_html(list(self)) if self else "<p>(no rows)</p>"


def compare_profiles(
    scenario: Game | Callable[[], Game],
    profiles: Mapping[str, Profile | Mapping[str, Any]] | Sequence[Profile],
    *,
    play: Sequence[str] = (),
    stop: Callable[[Game], bool] | None = None,
) -> ProfileComparison:
    """Run ``scenario`` under each profile and tabulate every distinct outcome.

    ``scenario`` is a game (or a function making one) paused before the situation; ``play``
    are the choices that set it off, made under each profile in turn. ``profiles`` maps names
    to profiles, or to changes of the scenario's own profile (``{"stack": {"container":
    "stack"}}``). Where the situation reaches an ordering decision, every ordering is explored.
    """
    base = scenario() if callable(scenario) else scenario
    if isinstance(profiles, Mapping):
        names = list(profiles)
        resolved = [p if isinstance(p, Profile) else base.profile.replace(**p) for p in profiles.values()]
    else:
        resolved = list(profiles)
        names = [f"profile {i}" for i in range(1, len(resolved) + 1)]
    reports: list[OrderingReport | None] = []
    games: list[list[Game]] = []
    for profile in resolved:
        game = base.clone(tracing=True)
        game.profile = profile
        for choice in play:
            game.apply(choice)
        dec = game.state.decision
        if dec is not None and dec["kind"] in ORDER_KINDS:
            report = orderings(game, stop=stop)
            reports.append(report)
            games.append([o.game for o in report.outcomes])
        else:
            reports.append(None)
            games.append([game])
    return ProfileComparison(names, resolved, reports, games)
