"""Warlord: Saga of the Storm: random full games per second for 2, 3 and 4 players, traced and untraced, and the
greedy agent against random play.

Run: ``make bench`` or ``.venv/bin/python bench/bench_warlord.py [games]``. Prints, for each number of players
(the text's "two or more", 004 L5/L154), games/s and decisions/s with tracing on and off, the mean decisions and
trace records per game, and how the games ended; then a few two-player games of the greedy agent
(tabletop.games.warlord.agent) against random play, with its wins and the seconds a game.
"""

from __future__ import annotations

import rulebook_bench

from tabletop.games.warlord import WarlordAgent

if __name__ == "__main__":
    rulebook_bench.main(
        __file__,
        "warlord",
        "Warlord",
        WarlordAgent,
        {"2 players": {"players": 2}, "3 players": {"players": 3}, "4 players": {"players": 4}},
    )
