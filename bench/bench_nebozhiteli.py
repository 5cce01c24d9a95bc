"""Nebozhiteli: random full games per second, traced and untraced, and the greedy agent against random play.

Run: ``make bench`` or ``.venv/bin/python bench/bench_nebozhiteli.py [games]``. Prints, for the default
options and for the "as soon as" reading of death (option death_check, 003 L40), games/s and decisions/s
with tracing on and off, the mean decisions and trace records per game, and how the games ended; then a
few games of the greedy agent (tabletop.games.nebozhiteli.agent) against random play, with its wins and
the seconds a game.
"""

from __future__ import annotations

import rulebook_bench

from tabletop.games.nebozhiteli import NebozhiteliAgent

if __name__ == "__main__":
    rulebook_bench.main(
        __file__,
        "nebozhiteli",
        "Nebozhiteli",
        NebozhiteliAgent,
        {"end of phase": {}, "as soon as": {"death_check": "as_soon_as"}},
    )
