"""Lab: board, decision panel, narrated log, trigger chain and timeline together, all linked.

A student can play one seat against computer agents (``Lab(game, seat=0, opponents={1: GreedyAgent()})``)
or several people can share one device (hot-seat: no ``seat``). Either way the board, the log and the
trigger chain show only what the seats at the device may know (:mod:`tabletop.analysis.seen`).

The computer's moves are made one at a time with a pause (``delay`` seconds) so the student sees each
one (:mod:`.computer_seats`); without a running event loop (plain Python, a test) they are made at once.
"Play the computer's turns" switched off, the student steps through them with the "computer: next step"
button.

``Lab(puzzle)`` plays a puzzle (:mod:`tabletop.analysis.puzzles`): the student takes the solver's seat,
the computer plays every other seat and chance as the puzzle says (against the student where it says
``"all"``: :class:`~tabletop.analysis.puzzle_play.PuzzleOpponent`), and the puzzle's panel
(:class:`~tabletop.widgets.puzzle_view.PuzzleView`) says "Solved" or "Not solved" with the reply that
refuted the line; "Try again" starts over, "Show a solution" lists one.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as ipw

from ..analysis.puzzles import Puzzle
from ..analysis.seen import SeatFilter, hidden_objects
from ..core.game import Game
from ..render.board import board_html
from ._static import StaticFallback
from .board import BoardWidget, game_status
from .chainview import ChainView
from .computer_seats import ComputerSeats
from .options import OptionButton, OptionPanel
from .puzzle_view import PuzzleView
from .save_box import SaveBox
from .timeline import Timeline

__all__ = ["Lab"]


def _private(game: Game, seats: list[int]) -> bool:
    """Whether the seats see different things (a hand of one's own): then they must not share a screen."""
    if len(seats) < 2:
        return False
    first = hidden_objects(game, [seats[0]])
    return any(hidden_objects(game, [p]) != first for p in seats[1:])


class Lab(ComputerSeats, StaticFallback, ipw.VBox):
    """A classroom view of ``game``: play on the board or with the option buttons; the log (last
    ``log_lines`` lines, each with its rule reference), the trigger chain and the timeline follow
    every move. Scrubbing the timeline shows past positions; a move made there plays on from it.

    ``seat``: the student's seat (the board shows that seat's view: its own hand face up). ``opponents``:
    ``{seat: agent}``, the seats the computer plays (any object with ``choose(game, player)``, e.g.
    :class:`~tabletop.analysis.agents.GreedyAgent`); with a ``seat``, every other seat needs one. Without
    a ``seat`` the people at the device play every seat the computer does not (hot-seat): the view follows
    the player to act, and when the seats see different things (their hands) a "pass the device" screen
    hides the board until the next player clicks "I am player N". Chance decisions (a game whose chance
    is ``"manual"``) are drawn at once: they are the game's, not a player's. ``delay``: seconds between
    two moves of the computer (0: all at once).

    Parts: ``.board`` (the board shown), ``.boards`` (one per seat at the device, or ``{None: board}``),
    ``.panel`` (the option buttons, ``.buttons``), ``.log_view`` (an HTML widget; ``.log_text`` its text),
    ``.chain``, ``.timeline``, ``.pass_screen`` (``.pass_button``), ``.auto`` (the "play the computer's
    turns" checkbox), ``.step_button``; ``.game`` is the game being played, ``.seen`` the seat filter.

    A decision of kind ``acknowledge`` with one option (a memory player turning a mismatch back) is applied
    by itself ``pause`` seconds after it opens, unless a move was made meanwhile (its button applies it at
    once); ``pause=None`` leaves it to the student. ``.pending`` is the option waiting, ``advance()`` applies
    it now (outside a running event loop, as in a script, nothing applies it by itself).

    ``Lab(puzzle)``: the puzzle's position, the student at its solver's seat (``seat`` may only repeat it),
    the other seats and chance played by a :class:`~tabletop.analysis.puzzle_play.PuzzleOpponent` (unless
    ``opponents`` names others); ``.puzzle``, ``.puzzle_view`` (goal, "Solved"/"Not solved", "Try again",
    "Show a solution"). When the puzzle is over the boards take no more moves, until :meth:`restart`.

    "Save position" (``.save_button``, with the file name in ``.save_name``) writes the position shown as a
    position file (:meth:`save_position`), for a rulebook that has them.
    """

    def __init__(
        self,
        game: Game | Puzzle,
        *,
        seat: int | None = None,
        opponents: Mapping[int, Any] | None = None,
        delay: float = 0.8,
        log_lines: int = 20,
        pause: float | None = 1.5,
        **kwargs: Any,
    ):
        self.puzzle: Puzzle | None = None
        self.chance_agent: Any = None  # who draws chance outcomes (None: the game's own random stream)
        if isinstance(game, Puzzle):
            game, seat, opponents = self._puzzle_seats(game, seat, opponents)
        if not isinstance(game, Game):
            raise TypeError(f"Lab needs a tabletop Game or Puzzle, not {type(game).__name__}")
        self.game = game
        self.log_lines = log_lines
        self.pause = pause
        self.pending: str | None = None
        self.delay = float(delay)
        self.opponents = self._check_opponents(game, seat, opponents)
        self.seat = seat
        if seat is not None:
            others = [p for p in range(game.players) if p != seat and p not in self.opponents]
            if others:
                raise ValueError(
                    f"Lab(seat={seat}): seat(s) {others} have nobody to play them; give them agents in "
                    f"opponents={{...}}, or leave out seat to play them on this device (hot-seat)"
                )
            humans = [seat]
        else:
            humans = [p for p in range(game.players) if p not in self.opponents]
        self.humans = humans
        self.private = _private(game, humans)
        # one board per seat at the device; a hot-seat game with nothing private keeps one board for everybody
        if seat is None and not self.opponents and not self.private:
            self.boards: dict[int | None, BoardWidget] = {
                None: BoardWidget(game, card_text=True, off_board_buttons=False)
            }
        else:
            self.boards = {p: BoardWidget(game, player=p, card_text=True, off_board_buttons=False) for p in humans}
        self._shown: int | None = next(iter(self.boards))
        self._confirmed: int | None = None if self.private else self._shown  # who said "I am player N"
        self.seen = SeatFilter(humans if humans else range(game.players))
        self._pending: asyncio.TimerHandle | None = None
        self._computer_note = ""

        self.timeline = Timeline(game, board=self.board, viewers=humans if self.private or self.opponents else None)
        # this turn's chain: the same cost at any length of game
        self.chain = ChainView(self._seen_trace(), at=game.fingerprint())
        self.header = ipw.HTML()
        self.panel = ipw.VBox(layout=ipw.Layout(min_width="220px", max_width="380px"))
        self.panel.add_class("tt-lab-panel")
        # one widget draws the prompt and every option button (a widget per button cost 200-450 ms a move)
        self.options_view = OptionPanel(lambda oid, fp: self.board.choose(oid, fp))
        self.log_view = ipw.HTML(layout=ipw.Layout(max_height="320px", overflow="auto"))
        self.log_view.add_class("tt-lab-log")
        self.log_text = ""
        self.auto = ipw.Checkbox(value=True, description="play the computer's turns", indent=False)
        self.auto.add_class("tt-lab-auto")
        self.step_button = ipw.Button(description="computer: next step", layout=ipw.Layout(width="auto"))
        self.step_button.add_class("tt-lab-step")
        self.computer_view = ipw.HTML()
        self.computer_view.add_class("tt-lab-computer")
        self.computer_box = ipw.VBox([ipw.HBox([self.auto, self.step_button]), self.computer_view])
        self.computer_box.add_class("tt-lab-computer-box")
        if not self.opponents:
            self.computer_box.layout.display = "none"
        self.save_box = SaveBox(self._position)
        if game.rulebook.position is None:  # (a rulebook without position files: nothing to save to)
            self.save_box.layout.display = "none"
        self.save_name, self.save_button, self.save_note = self.save_box.name, self.save_box.button, self.save_box.note
        self.panel.children = (self.options_view, self.computer_box, self.save_box)
        self.puzzle_view = PuzzleView(self.puzzle, on_retry=self.restart) if self.puzzle is not None else None
        self.pass_text = ipw.HTML()
        self.pass_button = ipw.Button(description="I am player", button_style="primary")
        self.pass_button.add_class("tt-lab-pass-button")
        self.pass_screen = ipw.VBox([self.pass_text, self.pass_button])
        self.pass_screen.add_class("tt-lab-pass")
        # the board takes the width it needs to be read (its cards' text); the panel wraps below when short of room
        self.board_box = ipw.Box([self.board], layout=ipw.Layout(flex="1 1 760px", min_width="0"))
        self.body = ipw.VBox(
            [
                ipw.HBox(
                    [self.board_box, self.panel], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start")
                ),
                self.timeline,
                ipw.HTML("<b>Log</b> (latest steps, with rule references; only what you may see)"),
                self.log_view,
                self.chain,
            ]
        )
        super().__init__(**kwargs)
        self.add_class("tt-lab")
        self.children = (self.header, *([self.puzzle_view] if self.puzzle_view else []), self.pass_screen, self.body)
        for board in self.boards.values():
            board.on_change(self._board_changed)
        self.auto.observe(self._auto_changed, names="value")
        self.step_button.on_click(lambda _b: self.step())
        self.pass_button.on_click(lambda _b: self.confirm())
        self._follow()
        self._update_panel()
        self._update_log()
        self._schedule()

    # ------------------------------------------------------------ public API
    @property
    def board(self) -> BoardWidget:
        """The board shown now (the seat to act's, in a hot-seat game)."""
        return self.boards[self._shown]

    @property
    def buttons(self) -> list[OptionButton]:
        """The option buttons shown (``.description``, ``.tooltip``; ``.click()`` does what a click does)."""
        return self.options_view.buttons

    @property
    def moves(self) -> int:
        """Choices made on this lab's boards (the computer's moves not counted)."""
        return sum(b.moves for b in self.boards.values())

    @property
    def waiting_for(self) -> int | None:
        """The seat whose player must click "I am player N" before the board is shown again (or None)."""
        return None if self._confirmed == self._shown else self._shown

    def choose(self, option_id: str) -> bool:
        """Make a choice as the board or a button does (returns whether it was applied)."""
        if self.waiting_for is not None:
            self.board.tell(f"Not applied: pass the device to player {self.waiting_for} first.", error=True)
            return False
        return self.board.choose(option_id)

    def advance(self) -> bool:
        """Apply the lone ``acknowledge`` option waiting for its pause now (returns whether one was)."""
        oid, self.pending = self.pending, None
        return oid is not None and self.board.choose(oid)

    def confirm(self) -> None:
        """What the "I am player N" button does: show the board to the seat to act."""
        self._confirmed = self._shown
        self._show_parts()
        self._update_panel()

    def restart(self) -> None:
        """Start again where the game began ("Try again" of a puzzle): the puzzle's position, or the game's
        :meth:`~tabletop.core.game.Game.start`. The timeline keeps the line played as an earlier line."""
        self._cancel()
        self.game = self.puzzle.game() if self.puzzle is not None else self.game.start()
        self._computer_note = ""
        self._moved()

    def save_position(self, path: str | None = None) -> str | None:
        """What "Save position" does: write the position shown as a position file (:class:`.save_box.SaveBox`)."""
        return self.save_box.save(path)

    # ------------------------------------------------------------- internals
    def _seen_trace(self):
        return self.seen.trace(self.game)

    def _board_changed(self, event: dict) -> None:
        if event["type"] == "move":
            self.game = event["game"]
            self._computer_note = ""
            self._moved()
            return
        shown = event["game"]
        line = self.timeline.game  # the line the timeline shows (another one when the line picker chose it)
        at_end = shown is not self.game and self.timeline.step == self.timeline.steps
        if at_end and shown.fingerprint() == line.fingerprint():  # the timeline is at a line's end: play on there
            if line is not self.game:  # an older line picked: it is the game again, and every part follows it
                self.game = line
                self._computer_note = ""
                self._moved()
                return
            event["owner"].show(self.game)
            self._schedule()
            return
        self._update_panel()
        self._update_log()  # the header and the log follow the position shown (the timeline's scrub)

    def _moved(self, schedule: bool = True) -> None:
        """After any move: every board shows the game, the view follows the seat to act, all parts update."""
        for board in self.boards.values():
            if board.game is not self.game:
                board.show(self.game)
            else:
                board.refresh()
        self._follow()
        self.timeline.refresh(self.game)
        self.chain.refresh(self._seen_trace(), at=self.game.fingerprint())
        self._update_log()
        self._update_panel()
        if schedule:
            self._schedule()

    def _follow(self) -> None:
        """Show the board of the seat at the device that acts now (the last one while the computer plays)."""
        if None not in self.boards:
            dec = self.game.decision
            if dec is not None and dec.player in self.boards and dec.player != self._shown:
                self._shown = dec.player
                self.timeline.board = self.board
                self.board_box.children = (self.board,)
        self._show_parts()

    def _show_parts(self) -> None:
        waiting = self.waiting_for
        self.pass_screen.layout.display = "none" if waiting is None else "flex"
        self.body.layout.display = "flex" if waiting is None else "none"
        if waiting is not None:
            self.pass_text.value = (
                f"<div class='tt-lab-pass-text'><b>Pass the device to player {waiting}.</b> The board is hidden "
                f"so that nobody else sees player {waiting}'s cards.</div>"
            )
            self.pass_button.description = f"I am player {waiting}"

    def _judge(self) -> None:
        """A puzzle: judge the position shown, and close the boards while it is over."""
        if self.puzzle_view is None:
            return
        v = self.puzzle_view.judge(self._position())
        reason = ""
        if v is not None and v.over:
            word = "solved" if v.solved else "not solved"
            reason = f"the puzzle is {word}: click “Try again” to play it again, or scrub the timeline back"
        for board in self.boards.values():
            board.freeze(reason)

    def _update_panel(self) -> None:
        self._judge()
        seat = "" if self.seat is None else f" · you are player {self.seat}"
        pos = self._position()
        past = "" if pos is self.game else f" · showing step {self.timeline.step} of {self.timeline.steps}"
        self.header.value = (
            f"<div class='tt-lab-head'><b>{escape(self.game.rulebook.title)}</b> — "
            f"{escape(game_status(pos))}{seat}{past}, {self.moves} moves in this lab</div>"
        )
        shown = self.board.fingerprint  # a click on a button of an older panel (a browser lagging) is refused
        options = self.board.options if self.waiting_for is None else []
        twice = {k for k, n in Counter(o["label"] for o in options).items() if n > 1}
        self.options_view.show(
            self.board.prompt,
            [
                {
                    "id": o["id"],
                    "label": o["label"] if o["label"] not in twice else f"{o['label']} [{o['id']}]",
                    "tooltip": f"{o['id']}: {o['label']}",
                }
                for o in options
            ],
            shown,
        )
        dec = self.game.decision
        if self.opponents:
            thinking = dec is not None and dec.player in self.opponents
            self.step_button.disabled = not thinking or self._pending is not None
            note = self._computer_note
            if thinking:
                state = "moves in a moment…" if self._pending is not None else "waits for “computer: next step”"
                if self.auto.value and self._pending is None and self.board.game is not self.game:
                    state = "waits: a past position is shown"
                note = f"computer (player {dec.player}) {state}" + (f"<br>last: {escape(note)}" if note else "")
            else:
                note = escape(note)
            self.computer_view.value = f"<div class='tt-lab-computer-text'>{note}</div>"
        self._schedule_acknowledge(shown)

    def _schedule_acknowledge(self, shown: str) -> None:
        """A lone ``acknowledge`` option: wait ``pause`` seconds, then apply it if the position is still ``shown``."""
        dec = self.game.decision
        self.pending = None
        if self.pause is None or dec is None or dec.kind != "acknowledge" or len(dec.options) != 1:
            return
        if self.waiting_for is not None or (dec.player not in self.boards and None not in self.boards):
            return  # not this device's decision
        self.pending = oid = dec.options[0].id
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop runs (a script, a test): advance() applies it
            return

        def later() -> None:
            if self.pending == oid and self.board.fingerprint == shown:
                self.advance()

        loop.call_later(self.pause, later)

    def _position(self) -> Game:
        """The position the board shows: the game, or a past position the timeline scrubbed to."""
        shown = self.board.game
        return shown if shown.rulebook is self.game.rulebook and shown.seed == self.game.seed else self.game

    def _update_log(self) -> None:
        lines = fold_repeats(self.seen.log(self._position()).lines())
        shown = lines[-self.log_lines :] if self.log_lines else lines
        self.log_text = "\n".join(shown)
        more = (
            f"<div class='tt-more'>… {len(lines) - len(shown)} earlier steps</div>" if len(shown) < len(lines) else ""
        )
        self._log_html = f"{more}<pre class='tt-log'>{escape(self.log_text)}</pre>"  # the picture's (no stamp)
        at = self._position().fingerprint()[:16]  # the live log says which position it shows (tests, the bench)
        self.log_view.value = self._log_html.replace("<pre class='tt-log'>", f"<pre class='tt-log' data-at='{at}'>", 1)

    def _static_html(self) -> str:
        """The header, the board, the options (in full), the log and the chain, as a picture (only the
        header and the pass-the-device screen while the board is hidden for the next player)."""
        if self.waiting_for is not None:
            return self.header.value + self.pass_text.value
        options = "".join(f"<li>{escape(o['label'])}</li>" for o in self.board.options)
        panel = f"<div class='tt-lab-panel'><b>{escape(self.board.prompt)}</b><ul>{options}</ul></div>"
        return (
            self.header.value
            + (self.puzzle_view._static_html() if self.puzzle_view is not None else "")
            + board_html(self.board.view)
            + panel
            + "<div><b>Log</b> (latest steps, with rule references)</div>"
            + self._log_html
            + self.chain._static_html()
        )

    def __repr__(self) -> str:
        n = len(self.game.legal())
        what = self.game.rulebook.id if self.puzzle is None else f"puzzle {self.puzzle.name!r}"
        return f"<Lab {what}: {game_status(self.game)}, {n} option{'s' * (n != 1)}, {self.moves} moves>"


def fold_repeats(lines: list[str]) -> list[str]:
    """Runs of the same line (a shuffle's hidden steps, each nested in the one before) as one line with
    their count, ``(x12)``, where the first of them stood: the log says what happened, not how many times.

    >>> fold_repeats(["deal", "  hidden  [r]", "    hidden  [r]", "play"])
    ['deal', '  hidden (x2)  [r]', 'play']
    """
    runs: list[list] = []  # [text without indent, count, first line]
    for line in lines:
        key = line.strip()
        if runs and runs[-1][0] == key:
            runs[-1][1] += 1
        else:
            runs.append([key, 1, line])
    out = []
    for _key, n, line in runs:
        if n > 1:
            head, sep, rule = line.partition("  [")
            line = f"{head} (x{n}){sep}{rule}"
        out.append(line)
    return out
