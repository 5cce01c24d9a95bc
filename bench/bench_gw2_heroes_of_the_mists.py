"""Guild Wars 2 "Heroes of the Mists": random full games per second, traced and untraced, and the greedy agent
against random play.

Run: ``make bench`` or ``.venv/bin/python bench/bench_gw2_heroes_of_the_mists.py [games]``. Prints, for the default
options and for the pool reading of stamina (option stamina, 000 L108/L117), games/s and decisions/s with tracing
on and off, the mean decisions and trace records per game, and how the games ended; then a few games of the
greedy agent (tabletop.games.gw2_heroes_of_the_mists.agent) against random play, with its wins and the seconds a
game.
"""

from __future__ import annotations

import rulebook_bench

from tabletop.games.gw2_heroes_of_the_mists import Gw2Agent

if __name__ == "__main__":
    rulebook_bench.main(
        __file__,
        "gw2_heroes_of_the_mists",
        "Heroes of the Mists",
        Gw2Agent,
        {"allowance": {}, "pool": {"stamina": "pool"}},
    )
