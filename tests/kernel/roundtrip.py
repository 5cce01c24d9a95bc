"""The round trip every kernel piece's random-playout test checks, in one place: a position saves and
loads back, replays from its history, and a clone played on leaves it as it was."""

from __future__ import annotations

import random

from tabletop import Game, Rulebook, load_game
from tabletop.testing import random_playout


def assert_round_trips(game: Game, rulebook: Rulebook, seed: int, steps: int = 5) -> None:
    """``game`` loads back from its JSON with the same fingerprint and options, replays to the same position,
    and is unchanged by a clone of it played on for ``steps`` random steps."""
    fp = game.fingerprint()
    loaded = load_game(game.to_json(), rulebook=rulebook)
    assert loaded.fingerprint() == fp and loaded.legal() == game.legal()
    assert game.replay().fingerprint() == fp
    clone = game.clone()
    random_playout(clone, random.Random(seed), max_steps=steps)
    assert game.fingerprint() == fp
