"""Lab for one student: a seat against computer agents, hot-seat with a pass-the-device screen, no leaks."""

from __future__ import annotations

import asyncio
import re

import pytest

import tabletop as tt
from tabletop.analysis.agents import FirstLegalAgent, GreedyAgent, RandomAgent
from tabletop.render.board import normalise
from tabletop.widgets import Lab


def choices(game: tt.Game) -> int:
    return sum(1 for h in game.history if not h.get("auto"))


def hearthstone(seed: int = 1) -> tt.Game:
    return tt.rulebook("hearthstone").new_game(seed=seed)


def hidden_card_names(game: tt.Game, seat: int) -> set[str]:
    """Names of the cards in the other seats' hands that no visible object shows."""
    rb, table = game.rulebook, game.table
    visible = {
        rb.cards[o["card"]]["name"]
        for o in game.state.objects.values()
        if o.get("card") in rb.cards and rb.visible(table, o, seat)
    }
    hidden = set()
    for p in range(game.players):
        if p != seat:
            hidden |= {rb.cards[game.state.objects[o]["card"]]["name"] for o in game.state.zones[f"hand:{p}"]}
    return hidden - visible - {"The Coin"}  # (the second player gets The Coin by the rules: everybody knows)


def test_a_student_plays_a_whole_hearthstone_game_against_the_computer():
    game = hearthstone()
    lab = Lab(game, seat=0, opponents={1: GreedyAgent(seed=0)})
    assert lab.board.player == 0 and lab.waiting_for is None and lab.pass_screen.layout.display == "none"
    hand = game.state.zones["hand:0"]
    # our hand is face up with its text on the card; the opponent's is card backs
    for oid in hand:
        assert re.search(rf'<g class="tt-card[^"]*" data-id="{oid}"', lab.board.svg)
    assert "tt-card-text" in lab.board.svg
    cards = normalise(lab.board.view)["cards"]
    assert all(not c["face_down"] and c["name"] for c in cards if c["id"] in hand)
    theirs = game.state.zones["hand:1"]
    assert theirs and all(c["face_down"] and c["name"] is None for c in cards if c["id"] in theirs)
    moves, told = 0, 0
    while not game.over and moves < 400:
        assert game.decision.player == 0  # the computer has played its turn by the time we are asked
        lab.buttons[-1 if moves % 4 == 0 else 0].click()
        moves += 1
        for name in hidden_card_names(game, 0):
            assert name not in lab.log_text
        told += "computer (player 1): player 1 chose" in lab.computer_view.value  # what it did, as we may see it
    assert game.over and lab.moves == moves and told > 3
    assert not any(
        r["summary"].startswith("chance chose") and "goes first" not in r["summary"] for r in lab.seen.trace(game)
    )
    chain_text = " ".join(d["summary"] for _, d in lab.chain.chain.nodes(data=True))
    assert "hidden from you" in chain_text and "chance chose" not in chain_text.replace("chance chose player", "")


def test_the_computer_waits_for_the_step_button_when_auto_is_off():
    game = hearthstone(seed=2)  # player 1 moves first
    lab = Lab(game, seat=0, opponents={1: GreedyAgent(seed=0)})
    assert game.decision.player == 0  # the computer's mulligan was made at once (no event loop)
    lab.auto.value = False
    lab.buttons[0].click()  # keep our cards; now the computer is to act
    while game.decision is not None and game.decision.player == 0:
        lab.buttons[-1].click()
    assert game.decision.player == 1 and not lab.step_button.disabled
    assert "waits for" in lab.computer_view.value
    n = choices(game)
    assert lab.step() and choices(game) == n + 1 and game.history[-1]["player"] in (1, "chance")
    if game.decision.player == 1:
        lab.step_button.click()
        assert choices(game) == n + 2
    lab.auto.value = True  # switched back on: the rest of the computer's turn is played
    assert game.decision.player == 0


def test_with_an_event_loop_the_computer_moves_one_at_a_time_after_a_pause():
    async def play():
        game = hearthstone(seed=2)  # the computer's mulligan comes first
        lab = Lab(game, seat=0, opponents={1: FirstLegalAgent()}, delay=0.05)
        assert game.decision.player == 1 and lab._pending is not None  # not yet: the pause
        assert "moves in a moment" in lab.computer_view.value
        for _ in range(100):
            await asyncio.sleep(0.02)
            if game.decision.player == 0:
                break
        assert game.decision.player == 0 and lab._pending is None
        return lab

    lab = asyncio.run(play())
    assert "computer (player 1)" in lab.computer_view.value


def test_hot_seat_passes_the_device_between_players_with_hands():
    game = hearthstone(seed=2)
    lab = Lab(game)
    assert lab.private and lab.waiting_for == 1 and lab.body.layout.display == "none" and lab.buttons == []
    assert lab.pass_button.description == "I am player 1"
    lab.pass_button.click()
    assert lab.board.player == 1 and lab.body.layout.display == "flex" and lab.buttons
    lab.choose("keep")
    assert lab.waiting_for == 0 and lab.pass_button.description == "I am player 0"
    lab.confirm()
    assert lab.board.player == 0 and lab.timeline.board is lab.board


def test_a_game_without_secrets_shares_one_board():
    lab = Lab(tt.rulebook("memory").new_game(seed=3, pairs=6))
    assert not lab.private and list(lab.boards) == [None] and lab.waiting_for is None
    assert not any("chance chose" in line for line in lab.log_text.splitlines())


def test_labels_are_whole_and_never_read_the_same():
    lab = Lab(tt.rulebook("memory").new_game(seed=3, pairs=6))
    labels = [b.description for b in lab.buttons]
    assert len(labels) == 12 and len(set(labels)) == 12 and not any("…" in label for label in labels)
    assert labels[-1] == lab.board.options[-1]["label"]  # shown in full (the CSS wraps long ones)


def test_bad_seats_and_agents_are_refused():
    game = hearthstone()
    with pytest.raises(ValueError, match="nobody to play them"):
        Lab(game, seat=0)
    with pytest.raises(ValueError, match="not a seat"):
        Lab(game, seat=0, opponents={5: FirstLegalAgent()})
    with pytest.raises(ValueError, match="cannot also be"):
        Lab(game, seat=0, opponents={0: FirstLegalAgent(), 1: FirstLegalAgent()})
    with pytest.raises(TypeError, match="choose"):
        Lab(game, seat=0, opponents={1: object()})
    with pytest.raises(ValueError, match="a seat is"):
        Lab(game, seat=7, opponents={1: FirstLegalAgent()})


def test_the_timeline_caption_does_not_name_the_opponents_choice():
    game = hearthstone(seed=2)  # the computer's mulligan is the first step
    lab = Lab(game, seat=0, opponents={1: GreedyAgent(seed=0)})
    lab.timeline.step = 1
    assert "after a move by 1" in lab.timeline.caption.value
    assert "swap" not in lab.timeline.caption.value


class Broken:
    def choose(self, game, player, rng=None):
        raise RuntimeError("no idea")


def test_an_agent_that_fails_is_reported_not_raised():
    game = hearthstone(seed=2)  # the computer moves first
    lab = Lab(game, seat=0, opponents={1: Broken()})
    assert game.decision.player == 1 and "could not move: RuntimeError: no idea" in lab.computer_view.value


def test_werewolf_seat_sees_only_its_own_night():
    game = tt.rulebook("one_night_werewolf").new_game(seed=8, players=5)
    lab = Lab(game, seat=0, opponents={p: RandomAgent(seed=p) for p in range(1, 5)})
    while not game.over:
        assert game.decision.player == 0
        lab.buttons[0].click()
    text = lab.seen.log(game).lines()
    assert any("player 0 looks at player 0's card" in line for line in text)
    assert not any(f"player {q} looks at" in line for q in range(1, 5) for line in text)
    assert any("is executed" in line or "nobody is executed" in line for line in text)


def test_once_the_students_seat_is_out_the_computer_plays_the_rest_at_once():
    """A 3-player Warlord game: when the student's Warlord dies the seat is out of the game (Game.eliminate,
    004 L5/L154); no decision will come back to it, so the Lab does not make the student watch every move of
    the two computer players with a pause: the rest is played at once and the panel says so."""

    async def play():
        game = tt.rulebook("warlord").new_game(seed=3, players=3, tracing=False)
        lab = Lab(game, seat=0, opponents={1: RandomAgent(seed=1), 2: RandomAgent(seed=2)}, delay=5.0)
        assert game.decision is not None and not lab._seats_out()
        assert lab._pending is not None  # the computer's first move waits for its pause
        game.table.eliminate(0)  # (as the rules do when seat 0's Warlord dies, in a computer's move)
        lab.step()  # the computer's next move, as the pause's end makes it
        assert lab.game.over and lab._pending is None
        assert "computer played the rest" in lab.computer_view.value
        return lab

    asyncio.run(play())
