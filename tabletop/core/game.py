"""A match as its players and the analysis layer see it: :class:`Game`, the user's face.

A ``Game`` offers what a notebook user does with a match (the open decision, ``apply``, ``child``,
``clone``, ``fingerprint``, ``to_json``, ``view``, ``value``, ``explain``, the ``trace`` and ``log``,
the ``result``, ``replay``) and a small documented API for the analysis layer (``play``,
``measuring``). Rule code never sees it: it works on the game's :attr:`Game.table`
(:class:`tabletop.core.table.Table`), which has the rule author's verbs (``ask``, ``emit``,
``move``, ...). Those change a position as the rules would; called by hand from a notebook they
can leave it in a state no rule reaches, which is why they are not here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .asking import _who
from .decision import Decision, Option
from .errors import ArgumentTypeError, ArgumentValueError, GameOver, IllegalOption, quote
from .modifiers import Explanation
from .profile import Profile
from .state import State
from .table import Table
from .trace import Log, SharedList, Trace
from .words import counted

if TYPE_CHECKING:
    from .footprint import Footprints
    from .rulebook import Rulebook

FORMAT = "tabletop.game/2"
# older formats load_game still reads (saved.upgrade turns each into the current one)
OLD_FORMATS = ("tabletop.game/1",)
SEED_RANGE = (-(1 << 63), (1 << 64) - 1)  # the integers a saved game holds (what orjson writes)


def checked_seed(seed: Any) -> int | str:
    """``seed`` as a game keeps it: an int (not a bool) or a str; a str that spells an int is that int.

    The random streams are seeded from the seed's text, so ``seed=7`` and ``seed="7"`` play the
    same game; keeping the one int makes them save the same seed too. Any other str (``"007"``,
    ``"abc"``) stays a str. Anything else (bytes, floats, bools, None) is refused: its text would
    seed the game, but it could not be saved (bytes) or would look like another seed (``1.0``).
    """
    if type(seed) is int:
        if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
            raise ArgumentValueError(f"seed={quote(seed)} is outside the 64-bit range a saved game holds")
        return seed
    if isinstance(seed, str):
        digits = seed[1:] if seed[:1] == "-" else seed
        if 0 < len(digits) <= 20 and digits.isascii() and digits.isdecimal():
            value = int(seed)
            if str(value) == seed and SEED_RANGE[0] <= value <= SEED_RANGE[1]:
                return value
        return seed
    raise ArgumentTypeError(f"seed must be an int or a str, not {type(seed).__name__} ({quote(seed)})")


class Game:
    """A match of one rulebook. See the module docstring and the package docstring."""

    table: Table
    """The rule author's face of this game (see :class:`tabletop.core.table.Table`): scenarios that build
    a position and rule tests use it; a notebook user does not need it."""

    def __init__(
        self,
        rulebook: Rulebook,
        state: State,
        *,
        options: dict[str, Any],
        seed: int | str,
        chance: str = "sample",
        tracing: bool = True,
        profile: Profile | None = None,
        trace: Trace | None = None,
        history: list | None = None,
    ):
        if chance not in ("sample", "manual"):
            raise ArgumentValueError(f"chance must be 'sample' or 'manual', not {quote(chance)}")
        if not isinstance(tracing, bool):
            raise ArgumentTypeError(f"tracing must be True or False, not {quote(tracing)}")
        if profile is not None and not isinstance(profile, Profile):
            raise ArgumentTypeError(
                f"profile must be a Profile (rulebook.profile.replace(...)) or None, not {quote(profile)}"
            )
        self.table = Table(
            rulebook,
            state,
            options=options,
            seed=checked_seed(seed),
            chance=chance,
            tracing=tracing,
            profile=profile,
            trace=trace,
            history=history,
        )

    @classmethod
    def of(cls, table: Table) -> Game:
        """The user's face of a running ``table``."""
        game = cls.__new__(cls)
        game.table = table
        return game

    # ----------------------------------------------------------------- what it is
    @property
    def rulebook(self) -> Rulebook:
        return self.table.rulebook

    @property
    def state(self) -> State:
        """The position as plain data (read it; rule code changes it)."""
        return self.table.state

    @property
    def options(self) -> dict[str, Any]:
        """The rulebook options this game plays with (defaults filled in)."""
        return self.table.options

    @property
    def seed(self) -> int | str:
        return self.table.seed

    @property
    def chance(self) -> str:
        """``"sample"``: chance outcomes are drawn from the seed; ``"manual"``: each is a decision."""
        return self.table.chance

    @chance.setter
    def chance(self, mode: str) -> None:
        if mode not in ("sample", "manual"):
            raise ArgumentValueError(f"chance must be 'sample' or 'manual', not {quote(mode)}")
        self.table.chance = mode

    @property
    def tracing(self) -> bool:
        return self.table.tracing

    @property
    def profile(self) -> Profile:
        """The timing profile this game runs under (the rulebook's, unless a variant was given).

        Setting another one plays the rest of the game under it (the analysis of profiles compares
        them from one position)."""
        return self.table.profile

    @profile.setter
    def profile(self, profile: Profile) -> None:
        if not isinstance(profile, Profile):
            raise ArgumentTypeError(f"profile must be a Profile (rulebook.profile.replace(...)), not {quote(profile)}")
        self.table.profile = profile

    @property
    def trace(self) -> Trace:
        """Every step with its cause and rule reference (see :class:`tabletop.core.trace.Trace`)."""
        return self.table.trace

    @property
    def history(self) -> SharedList[dict]:
        """The decisions made so far, in order (chance outcomes drawn at once are marked ``auto``): a
        sequence read as a list (``history[i]``, slices, ``len``, iteration, ``== [...]``), shared by clones."""
        return self.table.history

    @property
    def decision(self) -> Decision | None:
        """The open decision, or ``None`` when the game is over."""
        table = self.table
        data = table.state.decision
        if data is None:
            return None
        seen = table._view  # (the view of the decision last asked for: made once per decision)
        step = len(table.history)
        if seen is not None and seen[0] is data and seen[1] == step:
            return seen[2]
        cause = data.get("cause")
        why = self.trace.why(cause) if cause is not None and cause < len(self.trace) else ""
        decision = Decision.from_data(data, why, step)
        table._view = (data, step, decision)
        return decision

    @property
    def result(self) -> dict | None:
        """Winners, scores and the reason, once the game is over."""
        return self.table.state.result

    @property
    def over(self) -> bool:
        return self.table.state.result is not None

    @property
    def players(self) -> int:
        return len(self.table.state.players)

    @property
    def log(self) -> Log:
        """The trace narrated, one line per step with its rule reference."""
        return Log(self.trace)

    def legal(self) -> list[str]:
        """Ids of the open decision's options (empty when the game is over)."""
        data = self.table.state.decision
        return [o["id"] for o in data["options"]] if data else []

    def apply(self, choice: Option | str | int) -> Game:
        """Make the open decision: an Option, an option id or a label. Mutates and returns self.

        An unknown or illegal choice raises :class:`IllegalOption` and changes nothing.
        """
        st = self.table.state
        if st.result is not None:
            raise GameOver(
                f"the game is over ({st.result.get('reason', 'ended')}); no choice {quote(choice)} can be made"
            )
        data = st.decision
        if data is None:
            raise IllegalOption(f"no decision is open; cannot apply {quote(choice)}")
        self.table._apply(choice)
        return self

    def play(self, index: int) -> Game:
        """Make option number ``index`` of the open decision, without the checks and the undo of
        :meth:`apply`. For explorers and playouts that pick from the legal options of a clone they own:
        an error leaves that clone half-way. Returns self."""
        self.table._decide(index)
        return self

    def draw(self) -> int:
        """The option number the open chance decision takes when sampled, drawn from this game's own
        random stream (which advances, as in play): explorers that sample chance use it with :meth:`play`."""
        data = self.table.state.decision
        if data is None or "probs" not in data:
            raise IllegalOption("draw(): the open decision is not a chance decision")
        return self.table._draw(data)

    @contextmanager
    def measuring(self, footprints: Footprints) -> Iterator[Game]:
        """While the block runs, every read and write of the state is charged to the pending ability
        on whose behalf it happens (the ordering explorer's footprints: see footprint.py)."""
        from .footprint import attach, detach

        table = self.table
        table._fp = footprints
        attach(table.state, footprints)
        try:
            yield self
        finally:
            detach(table.state)
            table._fp = None

    def child(self, choice: Option | str | int) -> Game:
        """A new game one step on; this one is untouched."""
        return self.clone().apply(choice)

    def __reduce__(self) -> tuple[Any, ...]:
        """A game travels to other processes (``tt.explore(workers=...)``, a Dask cluster) by pickle: its
        rulebook by id when it is the installed one (else the :class:`Rulebook` object, which must pickle),
        its state, trace and history, so the copy plays on exactly as this game would."""
        t = self.table
        rb = t.rulebook
        profile = None if t.profile is rb.profile else t.profile
        records = t.trace.records
        return _unpickled, (
            rb,
            t.state,
            t.options,
            t.seed,
            t.chance,
            t.tracing,
            profile,
            records,
            t.history,
            t._forced,
            t.origin,
        )

    def clone(self, tracing: bool | None = None) -> Game:
        """An independent copy (optionally with tracing switched on or off)."""
        game = Game.__new__(Game)
        game.table = self.table.clone(tracing)
        return game

    def fingerprint(self) -> str:
        """Equal positions (pending work included) give equal fingerprints."""
        return self.table.state.fingerprint()

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text; :func:`tabletop.load_game` brings it back."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "rulebook": self.rulebook.id,
            "options": self.options,
            "seed": self.seed,
            "chance": self.chance,
            "tracing": self.tracing,
            "profile": None if self.profile == self.rulebook.profile else self.profile.describe(),
            "state": self.table.state.to_data(),
            "trace": self.trace.records.tolist(),
            "history": self.history.tolist(),
        }
        if self.table.origin is not None:  # (loaded from a position file: its history replays from that position)
            data["origin"] = self.table.origin
        if self.table._forced:  # (positions a forced loop would come back to: so a loaded game resumes alike)
            data["forced_loop"] = [[key.hex(), at] for key, at in self.table._forced.items()]
        return json.dumps(data, indent=indent, ensure_ascii=False)

    def to_position(self) -> str:
        """The game as a position file (TOML, docs/positions.md); :func:`tabletop.load_position` brings it back
        to the same fingerprint and the same options. Unlike :meth:`to_json` it keeps no history: it is a
        position to start from (a teacher plays to a point and saves it), hidden cards included."""
        spec = self.rulebook.position
        if spec is None:
            raise ArgumentValueError(f"{self.rulebook.id} has no position files (its Rulebook.position is None)")
        return spec.write(self)

    def view(self, player: int | None) -> dict:
        """What ``player`` can see (``None``: a spectator who sees only public things)."""
        return self.table.view(player)

    def modifiers_for(self, obj_id: str, stat: str) -> list[dict]:
        """Lasting modifiers and static abilities that apply to ``stat`` of ``obj_id``."""
        return self.table.modifiers_for(obj_id, stat)

    def obj(self, obj_id: str) -> dict:
        """Object ``obj_id`` as plain data (read it; rule code changes it)."""
        return self.table.obj(obj_id)

    def value(self, obj_id: str, stat: str, against: str | None = None) -> Any:
        """The current value of ``stat`` on an object, after every modifier (``against``: see :meth:`explain`)."""
        return self.table.value(obj_id, stat, against)

    def explain(self, obj_id: str, stat: str, against: str | None = None) -> Explanation:
        """The base value and every contribution to it, in order, each with its source and rule
        (see :meth:`tabletop.core.table.Table.explain`); the last step ends at :meth:`value`. Objects whose
        card everyone may see read by their card's name ("Battle Fury (c48)"), the ids kept beside them.
        ``against``: a value of the object against another, where the rulebook has one (the damage an
        attacker deals a target: ``game.explain(attacker, "damage", against=target)``)."""
        found = self.table.explain(obj_id, stat, against)
        return replace(
            found,
            obj_name=self._public_name(found.obj),
            against_name=None if against is None else self._public_name(against),
            steps=tuple(replace(s, source_name=self._public_name(s.source)) if s.source else s for s in found.steps),
        )

    def _public_name(self, oid: str | None) -> str | None:
        """``Name (id)`` for an object whose card every player may see, else None (the id is shown)."""
        table = self.table
        obj = table.state.objects.get(oid) if oid is not None else None
        card_id = obj.get("card") if obj is not None else None
        card = self.rulebook.cards.get(card_id) if card_id is not None else None
        if obj is None or card is None or "name" not in card or not self.rulebook.visible(table, obj, None):
            return None
        return f"{card['name']} ({oid})"

    def why_not(self, about: str | None = None) -> list[dict]:
        """Why the open decision does not offer something: each option it leaves out as ``{"option",
        "rule", "reason"}`` (and ``"about"``, the object it concerns), for a "why can't I?". ``about``: only
        those concerning that object (a card clicked that cannot act, a target that may not be chosen).
        The rulebook says what it leaves out (Hearthstone does; a rulebook that does not gives an empty
        list), and only a traced game records it.

        >>> import tabletop as tt
        >>> game = tt.rulebook("hearthstone").scenario("death-chain")  # (Abomination has Taunt)
        >>> gnome = game.state.zones["board:1"][-1]
        >>> [(e["rule"], e["reason"]) for e in game.why_not(gnome)]
        [('hs.assume.taunt', 'Abomination (c69) has Taunt: attacks must go to a Taunt minion')]
        """
        from .choices import excluded_options

        if not self.table.tracing:
            raise ArgumentValueError(
                "why_not reads what the trace recorded: this game is untraced (new_game(..., tracing=True))"
            )
        found = excluded_options(self.table)
        return found if about is None else [e for e in found if e.get("about") == about]

    def start(self, *, tracing: bool | None = None, chance: str | None = None) -> Game:
        """A new game where this one began, before any choice: the position file it was loaded from
        (:func:`tabletop.load_position`), or a new game of the same seed, players and options. A replay, a
        timeline and a puzzle's "try again" begin there."""
        tracing = self.tracing if tracing is None else tracing
        chance = self.chance if chance is None else chance
        spec, origin = self.rulebook.position, self.table.origin
        if spec is not None and origin is not None:
            return spec.load(origin, self.rulebook, tracing=tracing, chance=chance)
        return self.rulebook.new_game(
            seed=self.seed, players=self.players, chance=chance, tracing=tracing, **self.options
        )

    def replay(self) -> Game:
        """A new game replaying this game's decisions from its :meth:`start`."""
        game = self.start()
        for step in self.history:
            if not step.get("auto"):
                game.apply(step["option"])
        return game

    def __repr__(self) -> str:
        st = self.table.state
        status = "over" if st.result is not None else f"waiting for {_who(st.decision)}"
        return (
            f"<Game {self.rulebook.id} seed={self.seed!r} turn={st.turn.get('number')} "
            f"{status}, {counted(len(self.history), 'choice')}>"
        )

    def _repr_html_(self) -> str:
        return self.rulebook.render_html(self)


def _unpickled(
    rulebook: Rulebook,
    state: State,
    options: dict[str, Any],
    seed: int | str,
    chance: str,
    tracing: bool,
    profile: Profile | None,
    records: SharedList[dict],
    history: SharedList[dict],
    forced: dict | None,
    origin: str | None,
) -> Game:
    """The game :meth:`Game.__reduce__` sent (the state as it was, no step replayed)."""
    table = Table(
        rulebook,
        state,
        options=options,
        seed=seed,
        chance=chance,
        tracing=tracing,
        profile=profile,
        trace=Trace(rulebook.rules, records),
        history=history.tolist(),
    )
    table._forced = forced
    table.origin = origin
    return Game.of(table)
