"""The trace as a seat may see it (tabletop.analysis.seen): no drawn card, shuffle or opponent's hand leaks."""

from __future__ import annotations

import re

import pytest

import tabletop as tt
from tabletop.analysis.agents import GreedyAgent, RandomAgent
from tabletop.analysis.seen import SeatFilter, hidden_objects, seen_by
from tabletop.core.errors import ArgumentTypeError, ArgumentValueError
from tabletop.core.trace import Log


def played(rid: str, moves: int, seed: int = 1, **options) -> tt.Game:
    game = tt.rulebook(rid).new_game(seed=seed, **options)
    agent = GreedyAgent(seed=0) if rid == "hearthstone" else RandomAgent(seed=0)
    for _ in range(moves):
        if game.decision is None:
            break
        game.apply(agent.choose(game, game.decision.player))
    return game


def test_hearthstone_seat_sees_no_draw_and_no_opponent_hand():
    game = played("hearthstone", 40)
    seen = seen_by(game, 0)
    assert len(seen.records) == len(game.trace.records)  # redacted records keep their place and cause
    for rec, orig in zip(seen.records, game.trace.records, strict=True):
        assert (rec["i"], rec["kind"], rec["cause"], rec["rule"]) == (
            orig["i"],
            orig["kind"],
            orig["cause"],
            orig["rule"],
        )
    text = "\n".join(Log(seen).lines())
    chosen = [line for line in text.splitlines() if "chance chose" in line]
    assert chosen and all("goes first" in line for line in chosen)  # the coin toss is public, draws are not
    draws = [r for r in seen.records if r["kind"] == "chance" and r["data"].get("kind_of_decision") == "draw"]
    assert draws and all(r["summary"] == "chance: a draw, hidden from you" and r["redacted"] for r in draws)
    # the opponent's mulligan is hidden, our own is shown
    mulligans = {r["player"]: r for r in seen.records if r["kind"] == "decision" and r["rule"] == "hs.mulligan"}
    assert mulligans[1]["summary"].startswith("player 1 made a choice hidden from you") and mulligans[1]["data"] == {
        "kind_of_decision": "mulligan"
    }
    assert mulligans[0]["summary"].startswith("player 0 chose")
    # no object in the opponent's hand or deck is named in the log
    hand = game.state.zones["hand:1"]
    assert hand
    others = "\n".join(r["summary"] for r in seen.records if not (r["kind"] == "decision" and r["player"] == 0))
    for oid in hidden_objects(game, [0]):  # (our own mulligan may name our cards now back in the deck)
        assert not re.search(rf"\({re.escape(oid)}\)", others), oid
    assert set(hand) <= hidden_objects(game, [0])


def test_the_whole_truth_is_still_there_for_authors():
    game = played("hearthstone", 10)
    assert any(line.split("  [")[0].strip().startswith("chance chose") for line in game.log.lines())


def test_memory_shuffle_layout_is_hidden_but_flips_are_shown():
    game = played("memory", 6, seed=3, pairs=3)
    lines = Log(seen_by(game, [0, 1])).lines()
    assert not any("chance chose" in line for line in lines)
    assert sum("chance: a shuffle, hidden from players 0, 1" in line for line in lines) == 6
    assert any("flips the card" in line and "picture" in line for line in lines)


def test_werewolf_night_is_dark():
    game = played("one_night_werewolf", 50, seed=8, players=5)
    for p in range(5):
        text = "\n".join(Log(seen_by(game, p)).lines())
        role = game.state.vars["_dealt"][str(p)]
        assert f"player {p} looks at player {p}'s card ({role})" in text
        others = [q for q in range(5) if q != p]
        assert not any(f"player {q} looks at player {q}'s card" in text for q in others)
        assert "never wake" not in text
        if role != "werewolf":
            assert "see the werewolves" not in text
        assert "is executed" in text or "nobody is executed" in text  # the day is public


def test_verdicts_are_kept_when_a_record_was_first_seen():
    """A mulligan hidden when it was made stays hidden; a line of play that parts is judged again."""
    game = played("hearthstone", 3)
    f = SeatFilter(0)
    first = f.trace(game).records
    game2 = game.clone()
    game2.apply(game2.legal()[0])
    later = f.trace(game2).records
    assert later[: len(first)] == first and all(a is b for a, b in zip(first, later, strict=False))
    other = game.clone()
    other.apply(other.legal()[-1])
    assert len(f.trace(other).records) == len(other.trace.records)
    assert [r["summary"] for r in f.trace(other).records] == [r["summary"] for r in seen_by(other, 0).records]


def test_bad_viewers_are_refused():
    game = tt.rulebook("memory").new_game(seed=1, pairs=2)
    with pytest.raises(ArgumentValueError):
        seen_by(game, [5])
    with pytest.raises(ArgumentTypeError):
        seen_by(game, ["0"])
    with pytest.raises(ArgumentValueError):
        seen_by(game, [])


def test_memory_players_sharing_a_device_see_every_flip_but_not_the_shuffle():
    # mem.assume.public_flip (000_7fc8e0fd1bcbc422.txt L1524): a flipped card is shown to everyone, so its flip
    # stays in the log after it is turned back face down; where the shuffle put the pictures stays hidden
    import random

    game = tt.rulebook("memory").new_game(seed=3, pairs=4, turn_back="player")
    seat = SeatFilter((0, 1))
    rng = random.Random(1)
    for _ in range(12):
        game.apply(rng.choice(game.legal()))
        seat.trace(game)
    records = seat.trace(game).records
    flips = [r for r in records if r["kind"] == "decision" and r["data"].get("kind_of_decision") == "action"]
    assert len(flips) >= 6 and not any(r.get("redacted") for r in flips)
    shown = [r["summary"] for r in records if r["kind"] == "event" and "flips" in r["summary"]]
    assert shown and all(": picture " in s for s in shown)
    assert all(r.get("redacted") for r in records if r["kind"] == "chance")
