"""The card rulebooks declare their zones to the kernel (tabletop.core.zones, issue 14): over random playouts
and every scenario, every zone a game uses is declared and within its limit (Hearthstone's board of 7, L26;
one hero, hero power and weapon; Berserk's one hero; Nebozhiteli's summoning field of 5, 003 L35;
Warlord's army, items, hands and decks of two to four players), each
deck's objects stay anonymous and face down and its composition counts them, and no player's view shows a
deck's composition."""

from __future__ import annotations

import random

import pytest

import tabletop as tt
from tabletop.games.berserk_heroes import engine as bh
from tabletop.games.hearthstone import engine as hs
from tabletop.games.marvel_champions import engine as mc
from tabletop.games.nebozhiteli import engine as nb
from tabletop.games.warlord import army as wl
from tabletop.testing import random_playout

ENGINES = {"hearthstone": hs, "berserk_heroes": bh, "marvel_champions": mc, "nebozhiteli": nb, "warlord": wl}


def _decks(engine):
    return list(engine.DECKS.values()) if isinstance(engine.DECKS, dict) else list(engine.DECKS)


def _check(game, engine) -> None:
    engine.ZONES.check(game)  # every zone declared, none over its limit
    st = game.state
    for deck in _decks(engine):
        if deck.var not in st.vars:
            continue  # (a deck this game does not have: a player of a 4-player game, say)
        held = st.zones.get(deck.zone, ())
        assert sum(deck.left(game).values()) == len(held), deck
        assert all(st.objects[o]["card"] is None and st.objects[o]["vis"] == "none" for o in held), deck
    for p in range(len(st.players)):
        assert not any(k.startswith(("_deck", "_left")) for k in game.view(p)["vars"])


@pytest.mark.parametrize("rid", sorted(ENGINES))
def test_every_zone_is_declared_and_within_its_limit_and_decks_stay_hidden(rid):
    rb, engine = tt.rulebook(rid), ENGINES[rid]
    starts = [rb.new_game(seed=seed) for seed in range(3)] + [rb.scenario(name) for name in sorted(rb.scenarios)]
    for i, game in enumerate(starts):
        _check(game, engine)
        random_playout(game, random.Random(i), max_steps=300, on_step=lambda g: _check(g, engine))
