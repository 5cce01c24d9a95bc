"""What a seat may see of a game's trace: the log and the trigger chain filtered for some players.

The trace is the whole truth: a draw names the card drawn, a shuffle the place of every card, an
opponent's mulligan the cards swapped. A student playing one seat (or players sharing one device)
must see only what their seats may know. :func:`seen_by` gives a copy of the trace in which every
record those players may not see is *redacted*: it keeps its place, kind, player, cause and rule (so
the log keeps its shape and the trigger chain its causes), but its summary says only that something
hidden happened, and its data (the option chosen, the ability) is dropped.

Rules, for the viewers ``players`` (all of them must be allowed to see a record for it to be shown):

1. The rulebook's ``audience(record)``, when it has one and it returns players: those see the record,
   nobody else (e.g. a night action seen by the players awake).
2. A chance record shows its outcome only for kinds of draw that are public by nature (a coin toss, a
   die roll: :data:`PUBLIC_CHANCE`); a shuffle's or a draw's outcome is hidden.
3. A player's own decision is shown to that player alone (they know what they chose).
4. Any other record is hidden when it gives away what an object hidden from a viewer is: its summary or
   option names the object (by id) and the summary also says its card (by name). Naming a hidden object
   alone gives nothing away (a face-down card flipped in view of all, "the card in row 1, column 2",
   turned back since; a card played from a hand, by its id), so such a record stays in the log.

A record is judged when it is first seen: :class:`SeatFilter` keeps its verdicts, so a mulligan
hidden when it was made stays hidden after the swapped card is drawn and played, and a card flipped
face up in view of all stays in the log after it is turned back. :func:`seen_by` judges a whole
game at once, as of its current position.

>>> import tabletop as tt
>>> game = tt.rulebook("memory").new_game(seed=3, pairs=2)
>>> [line for line in seen_by(game, [0]).records if line["kind"] == "chance"][0]["summary"]
'chance: a shuffle, hidden from you'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..core.decision import CHANCE
from ..core.errors import ArgumentTypeError, ArgumentValueError, quote
from ..core.game import Game
from ..core.trace import Log, Trace

__all__ = ["PUBLIC_CHANCE", "SeatFilter", "hidden_objects", "seen_by"]

# kinds of chance decision whose outcome everybody sees (the rest, shuffles and draws, are hidden)
PUBLIC_CHANCE = frozenset({"coin_toss", "coin", "roll", "dice", "die", "throw", "reroll"})
_TOKEN = re.compile(r"[A-Za-z0-9_]+")


def _viewers(game: Game, players: Iterable[int]) -> tuple[int, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        players = (players,)
    try:
        out = tuple(players)
    except TypeError:
        raise ArgumentTypeError(f"players must be a player's number or a list of them, not {quote(players)}") from None
    for p in out:
        if isinstance(p, bool) or not isinstance(p, int):
            raise ArgumentTypeError(f"players: {quote(p)} is not a player's number (an int)")
        if not 0 <= p < game.players:
            raise ArgumentValueError(f"players: this game has players 0 to {game.players - 1}, not {p}")
    if not out:
        raise ArgumentValueError("players: name at least one player whose view is wanted")
    return out


def hidden_objects(game: Game, players: Iterable[int]) -> set[str]:
    """Ids of the objects hidden from at least one of ``players`` in the current position."""
    viewers = _viewers(game, players)
    rb, table = game.rulebook, game.table
    return {oid for oid, obj in game.state.objects.items() if not all(rb.visible(table, obj, p) for p in viewers)}


def _redacted(rec: dict, viewers: tuple[int, ...]) -> dict:
    data = rec.get("data") or {}
    kind = data.get("kind_of_decision")
    you = "you" if len(viewers) == 1 else "players " + ", ".join(map(str, viewers))
    if rec["kind"] == "chance":
        what = f"chance: a {str(kind).replace('_', ' ')}" if kind else "chance: an outcome"
        summary = f"{what}, hidden from {you}"
    elif rec["kind"] == "decision":
        who = "somebody" if rec.get("player") is None else f"player {rec['player']}"
        summary = f"{who} made a choice hidden from {you}" + (f" ({str(kind).replace('_', ' ')})" if kind else "")
    else:
        summary = f"a step hidden from {you}"
    return {**rec, "summary": summary, "data": {"kind_of_decision": kind} if kind else {}, "redacted": True}


class SeatFilter:
    """The trace as ``players`` may see it, kept up to date as a game goes on (see the module docstring).

    :meth:`trace` returns a :class:`~tabletop.core.trace.Trace` of the seen records, :meth:`log` its
    narrated :class:`~tabletop.core.trace.Log`. Verdicts are kept per record and reused while the
    game's trace starts with the records already judged (a game that moved on, a timeline position);
    records after a point where the trace differs (another line of play) are judged again.
    """

    def __init__(self, players: Iterable[int] | int):
        if isinstance(players, int) and not isinstance(players, bool):
            players = (players,)
        self.players = tuple(players)
        self._keys: list[tuple] = []
        self._seen: list[dict] = []

    def trace(self, game: Game) -> Trace:
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"SeatFilter.trace needs a tabletop Game, not {type(game).__name__}")
        viewers = _viewers(game, self.players)
        records = game.trace.records
        n = len(records)
        k = min(len(self._keys), n)
        if k and self._keys[k - 1] != _key(records[k - 1]):  # another line of play: find where it parts
            k = next((i for i in range(k) if self._keys[i] != _key(records[i])), k)
        del self._keys[k:], self._seen[k:]
        if k < n:
            hidden = hidden_objects(game, viewers)
            audience = game.rulebook.audience
            for rec in records[k:]:
                self._keys.append(_key(rec))
                self._seen.append(rec if _visible(rec, viewers, hidden, audience, game) else _redacted(rec, viewers))
        return Trace(game.trace.rules, self._seen)

    def log(self, game: Game) -> Log:
        return Log(self.trace(game))

    def __repr__(self) -> str:
        return f"SeatFilter(players={list(self.players)!r})"


def _key(rec: dict) -> tuple:
    return (rec["i"], rec["kind"], rec["rule"], rec["summary"])


def _visible(rec: dict, viewers: tuple[int, ...], hidden: set[str], audience: Any, game: Game) -> bool:
    if audience is not None:
        allowed = audience(game.table, rec)
        if allowed is not None:
            return set(viewers) <= set(allowed)
    data = rec.get("data") or {}
    if rec["kind"] == "chance" or rec.get("player") == CHANCE:
        return data.get("kind_of_decision") in PUBLIC_CHANCE
    if rec["kind"] == "decision" and viewers == (rec.get("player"),):
        return True
    summary = rec["summary"]
    words = set(_TOKEN.findall(summary))
    option = data.get("option")
    if isinstance(option, str):
        words.update(_TOKEN.findall(option))
    return not any(_tells(game, oid, summary) for oid in words & hidden)


def _tells(game: Game, oid: str, summary: str) -> bool:
    """Does ``summary`` say what hidden object ``oid`` is: its card's name (or, for a card the rulebook cannot
    name, anything at all: the safe side)? A card with no identity now (a deck's anonymous card) may have had
    one when the record was written (a card swapped back into a deck), so any mention of it counts. An
    object that is not a card (a memory card, whose picture is a field of its own) has no name to give away:
    a rulebook whose summaries would state such a hidden field gives those records an ``audience`` (rule 1)."""
    obj = game.state.objects[oid]
    card_id = obj.get("card")
    if card_id is None:
        return "card" in obj
    name = (game.rulebook.cards.get(card_id) or {}).get("name")
    return name is None or name in summary


def seen_by(game: Game, players: Iterable[int] | int) -> Trace:
    """The trace of ``game`` as ``players`` may see it, judged as of the current position."""
    return SeatFilter(_viewers(game, players if not isinstance(players, int) else (players,))).trace(game)
