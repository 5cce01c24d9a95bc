"""Abilities that work outside play (e.g. from the hand) follow their card between inactive zones."""

from __future__ import annotations

import dataclasses

from .toybook import creature, game_of, logged, logs, ping


def from_hand(label: str):
    """A triggered ability that works only while its card is in a hand (an event card's response)."""
    return dataclasses.replace(logs(label, "ping"), zones=("hand",))


def moves(oid: str, zone: str):
    def script(game):
        game.move(oid, zone)

    return script


def test_an_ability_that_works_from_the_hand_hears_events_once_drawn():
    """Moving a card deck -> hand (two zones outside play) makes its hand ability listen at once."""
    for tracing in (True, False):
        game = game_of(
            objects=[creature("x", 0, from_hand("x"), zone="deck")],
            scripts={"ping": ping(), "draw": moves("x", "hand")},
            tracing=tracing,
        )
        game.apply("end").apply("end")  # both players had a turn: the listener index is in use
        game.apply("go:ping")
        assert logged(game) == []  # in the deck it does not work
        game.apply("go:draw").apply("go:ping")
        assert logged(game) == ["x"]  # in the hand it does
        game.apply("go:ping")
        assert logged(game) == ["x", "x"]


def test_an_ability_that_works_from_the_hand_stops_when_the_card_leaves_it():
    """hand -> discard (both outside play): it no longer hears anything."""
    for tracing in (True, False):
        game = game_of(
            objects=[creature("x", 0, from_hand("x"), zone="hand")],
            scripts={"ping": ping(), "discard": moves("x", "discard")},
            tracing=tracing,
        )
        game.apply("go:ping")
        assert logged(game) == ["x"]
        game.apply("go:discard").apply("go:ping")
        assert logged(game) == ["x"]
