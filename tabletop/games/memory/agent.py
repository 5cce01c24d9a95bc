"""A computer opponent for memory that plays as a person does: it remembers the cards it has seen.

Every flip is public (``mem.assume.public_flip``), so whatever was shown face up may be remembered by
every player; nothing else is looked at. The agent reads the game's history for the cards flipped so far
(their pictures are public once shown) and the card face up now, never a face-down card it has not
seen: two games that differ only in cards nobody has seen get the same choice from it (the tests check).
``recall`` is the chance that it remembers a card it has seen, each time it looks (1.0: it never forgets,
a hard opponent; about 0.5: a child's memory).

>>> import tabletop as tt
>>> game = tt.rulebook("memory").new_game(seed=1, pairs=3)
>>> RememberingAgent(seed=2).choose(game, 0) in game.legal()
True
"""

from __future__ import annotations

import random

from tabletop.core import Game

from .game import GRID, TURN_BACK


class RememberingAgent:
    """Flips a pair it remembers, else a card it has never seen, else any card (see the module docstring)."""

    def __init__(self, recall: float = 0.8, seed: int | str | None = None):
        if not 0.0 <= recall <= 1.0:
            raise ValueError(f"RememberingAgent(recall={recall!r}): recall is a chance, from 0.0 to 1.0")
        self.recall = recall
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        rng = rng if rng is not None else self._rng
        legal = game.legal()
        if TURN_BACK["id"] in legal:  # a mismatch: look, then turn the cards back
            return TURN_BACK["id"]
        objects = game.state.objects
        on_table = set(game.state.zones[GRID])
        up = [o for o in on_table if objects[o]["face_up"]]  # the first card of this turn, if flipped
        seen = {h["option"] for h in game.history if h["option"] in on_table and h["player"] != "chance"}
        remembered = {o: objects[o]["picture"] for o in sorted(seen) if o not in up and rng.random() < self.recall}
        unseen = [o for o in legal if o not in seen]
        if up:  # the second flip: the twin of the card shown, if remembered
            twin = [o for o, pic in remembered.items() if pic == objects[up[0]]["picture"] and o in legal]
            if twin:
                return twin[0]
            return rng.choice(unseen or legal)
        by_picture: dict[object, list[str]] = {}
        for o, pic in remembered.items():
            by_picture.setdefault(pic, []).append(o)
        known_pairs = [cards for cards in by_picture.values() if len(cards) == 2]
        if known_pairs:
            return known_pairs[0][0]
        return rng.choice(unseen or legal)

    def __repr__(self) -> str:
        return f"RememberingAgent(recall={self.recall}, seed={self.seed!r})"


__all__ = ["RememberingAgent"]
