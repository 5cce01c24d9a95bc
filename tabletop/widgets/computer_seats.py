"""The seats the computer plays in a :class:`~tabletop.widgets.lab.Lab`: its moves one at a time with a pause, or
all at once; chance drawn; a puzzle's opponent; the check of who plays which seat.

The pause is a timer of the kernel's own asyncio loop (``loop.call_later``): the widgets are only ever written
from the kernel's main thread, which is what ipywidgets needs. Without a running loop (plain Python, a test)
the computer's moves are made at once. A mixin of ``Lab``: it reads the Lab's ``game``, ``board``, ``opponents``,
``chance_agent``, ``seen``, ``puzzle``, ``auto``, ``delay`` and ``_pending``, and calls its ``_moved`` and
``_update_panel``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from ..analysis.puzzle_play import PuzzleOpponent, verdict
from ..analysis.puzzles import Puzzle
from ..core.decision import CHANCE
from ..core.errors import clip
from ..core.game import Game

MAX_COMPUTER_STEPS = 10_000  # a run of computer moves made at once (no event loop) stops after this many


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running asyncio loop, or None (a script, a test)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class ComputerSeats:
    """The computer's part of a Lab (see the module's text)."""

    game: Game
    seat: int | None
    puzzle: Puzzle | None
    opponents: dict[int, Any]
    chance_agent: Any
    delay: float
    _computer_note: str
    _pending: asyncio.TimerHandle | None

    def step(self) -> bool:
        """Make one move of the computer (or draw one chance outcome), as "computer: next step" does.
        Returns whether a move was made. Never raises."""
        self._cancel()
        try:
            moved = self._computer_move()
        except Exception as exc:  # an agent failing must not break the kernel's comm loop
            self._computer_note = f"the computer could not move: {type(exc).__name__}: {clip(str(exc))}"
            moved = False
        self._moved()
        return moved

    def run_computer(self) -> int:
        """Make every move of the computer up to the next decision of a seat at the device (or the end)."""
        self._cancel()
        n = 0
        try:
            while n < MAX_COMPUTER_STEPS and self._computer_to_act() and self._computer_move():
                n += 1
        except Exception as exc:  # an agent failing must not break the kernel's comm loop
            self._computer_note = f"the computer could not move: {type(exc).__name__}: {clip(str(exc))}"
        self._moved(schedule=False)
        return n

    def _puzzle_seats(
        self, puzzle: Puzzle, seat: int | None, opponents: Mapping[int, Any] | None
    ) -> tuple[Game, int, Mapping[int, Any]]:
        """A puzzle's game, the solver's seat and who plays the others (the puzzle's opponent by default)."""
        if seat is not None and seat != puzzle.player:
            raise ValueError(
                f"Lab(puzzle, seat={seat!r}): puzzle {puzzle.name!r} is solved by player {puzzle.player}; "
                "leave out seat (the solver's seat is taken)"
            )
        self.puzzle = puzzle
        game = puzzle.game()
        opponent = PuzzleOpponent(puzzle)
        self.chance_agent = opponent
        if opponents is None:
            opponents = {p: opponent for p in range(game.players) if p != puzzle.player}
        return game, puzzle.player, opponents

    def _puzzle_over(self) -> bool:
        return self.puzzle is not None and verdict(self.puzzle, self.game).over

    def _computer_to_act(self) -> bool:
        dec = self.game.decision
        if dec is None or not (dec.player == CHANCE or dec.player in self.opponents):
            return False
        return not self._puzzle_over()  # (a puzzle solved or lost: the computer stops with it)

    def _computer_move(self) -> bool:
        game = self.game
        if self.board.game is not game:  # a past position is shown (the timeline): the computer waits
            self._computer_note = "the computer waits: a past position is shown (move the timeline to the end)"
            return False
        dec = game.decision
        if dec is None or not self._computer_to_act():
            return False
        if dec.player == CHANCE:
            if self.chance_agent is None:
                game.apply(dec.options[game.draw()].id)
                return True
            oid = self.chance_agent.choose(game, CHANCE)
            game.apply(oid)
            label = next(o.label for o in dec.options if o.id == oid)
            self._computer_note = f"chance: {label}" if len(dec.options) > 1 else self._computer_note
            return True
        agent = self.opponents[dec.player]
        n = len(game.trace)
        option = agent.choose(game, dec.player)
        game.apply(option)
        seen = self.seen.trace(game).records[n:]
        said = next((r["summary"] for r in seen if r["kind"] == "decision"), f"player {dec.player} moved")
        self._computer_note = f"computer (player {dec.player}): {said}"
        return True

    def _auto_changed(self, _change: dict) -> None:
        if self.auto.value:
            self._schedule()
        else:
            self._cancel()
        self._update_panel()

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _schedule(self) -> None:
        """The computer's next move: after ``delay`` on the kernel's loop, or at once without one."""
        if self._pending is not None or not self._computer_to_act() or self.board.game is not self.game:
            return
        if self.game.decision.player != CHANCE and not self.auto.value:
            return  # the student steps with the button
        loop = running_loop()
        if self._seats_out():  # nobody at the device plays on: the rest is the computer's, made at once
            self.run_computer()
            self._computer_note = "you are out of the game: the computer played the rest of it at once"
            self._update_panel()
            return
        if loop is None or self.delay <= 0 or self.game.decision.player == CHANCE:
            self.run_computer()
            return
        self._pending = loop.call_later(self.delay, self._tick)
        self._update_panel()

    def _seats_out(self) -> bool:
        """Whether every seat at the device is out of the game (``Game.eliminate``: a Warlord player whose
        Warlord died), so no decision will come back to it."""
        players = self.game.state.players
        seats = [self.seat] if self.seat is not None else [p for p in range(len(players)) if p not in self.opponents]
        return bool(seats) and all(players[p].get("out") for p in seats)

    def _tick(self) -> None:
        self._pending = None
        self.step()

    @staticmethod
    def _check_opponents(game: Game, seat: Any, opponents: Mapping[int, Any] | None) -> dict[int, Any]:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players):
            raise ValueError(f"Lab(seat={seat!r}): a seat is a player's number, 0 to {game.players - 1}")
        out: dict[int, Any] = {}
        for p, agent in (opponents or {}).items():
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < game.players:
                raise ValueError(f"Lab(opponents=...): {p!r} is not a seat of this game (0 to {game.players - 1})")
            if p == seat:
                raise ValueError(f"Lab: seat {p} is the student's; it cannot also be a computer opponent")
            if not callable(getattr(agent, "choose", None)):
                raise TypeError(f"Lab(opponents=...): the agent of seat {p} has no choose(game, player) method")
            out[p] = agent
        return out
