"""A rulebook is a plain description of a game, which the kernel runs.

Like a boardgame.io game, a :class:`Rulebook` is data, not a class tree: metadata, a timing
:class:`Profile`, options (variants and documented assumptions), a set-up function, the turn
structure as :class:`Phase` entries, task handlers for its steps, its events (:class:`EventSpec`:
what each does and how the log words it), its abilities, state checks, rule references, scenarios
and a board view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from html import escape
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, Any, Protocol, SupportsIndex, TypeVar

from .abilities import PERIODS, Ability
from .boardview import board_view
from .catalogue import with_cards
from .decision import CHANCE
from .errors import PlayersTypeError, RulebookOptionError, RuleError, UnknownPuzzle, UnknownScenario, quote
from .exercises import Exercise, UnknownExercise
from .flow import Phase
from .game import Game
from .modifiers import Explanation
from .profile import Profile
from .rules import RuleTable
from .state import State
from .table import Table
from .zones import Zones

if TYPE_CHECKING:
    from ..analysis.puzzles import Puzzle
    from .position_files import PositionSpec

Task = Callable[[Table, dict], None]  # a step of rule code: the table, and the task's arguments

# How games show themselves in notebooks. The kernel draws nothing itself (imports point down):
# ``tabletop/__init__.py`` installs the board renderer of ``tabletop.render``, loaded lazily.
HTML_RENDERER: Callable[[Game, Rulebook], str] | None = None
INSTALLED: Callable[[Rulebook], tuple[Any, ...] | None] | None = None  # (registry.py's) pickle it by id, or None


_PERIOD_ENDS = {"end_of_turn": "turn", "end_of_phase": "phase", "end_of_round": "round"}  # flow.py's events


@dataclass(frozen=True)
class OptionSpec:
    """A rulebook option: a variant or a documented assumption that changes outcomes.

    ``at_least``, ``at_most``: the bounds of a number (why: most checks of a number are its range, and
    the error then says what is allowed).
    """

    name: str
    default: Any
    doc: str
    rule: str | None = None
    choices: tuple | None = None  # allowed values; None: any value of the default's type
    check: Callable[[Any], bool] | None = None  # extra validation
    at_least: int | None = None
    at_most: int | None = None

    def validate(self, value: Any, rulebook: str) -> Any:
        if self.choices is not None and value not in self.choices:
            raise RulebookOptionError(
                f"{rulebook}: option {self.name}={quote(value)} is not one of {list(self.choices)}"
            )
        kind = type(self.default)
        if self.choices is None and self.default is not None and not isinstance(value, kind):
            raise RulebookOptionError(f"{rulebook}: option {self.name}={quote(value)} must be a {kind.__name__}")
        if isinstance(value, bool) is not isinstance(self.default, bool) and self.choices is None:
            raise RulebookOptionError(f"{rulebook}: option {self.name}={quote(value)} must be a {kind.__name__}")
        low, high = self.at_least, self.at_most
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                allowed = f"{low} to {high}"
            else:
                allowed = f"at least {low}" if high is None else f"at most {high}"
            raise RulebookOptionError(
                f"{rulebook}: option {self.name}={quote(value)} is not allowed: it is {allowed} ({self.doc})"
            )
        if self.check is not None and not self.check(value):
            raise RulebookOptionError(f"{rulebook}: option {self.name}={quote(value)} is not allowed ({self.doc})")
        return value


def deck_options(defaults: Iterable[str], choices: tuple[str, ...], rule: str) -> dict[str, OptionSpec]:
    """Option ``deck{p}`` of each seat ``p``: the deck (of the rulebook's ``decks.toml``, one of ``choices``)
    player ``p`` plays, ``defaults``' ``p``-th by default. Why: every rulebook with named decks lets each
    player choose his this same way."""
    return {
        f"deck{p}": OptionSpec(f"deck{p}", default, f"Player {p}'s deck (decks.toml).", rule, choices=choices)
        for p, default in enumerate(defaults)
    }


class EventSpec:
    """One kind of event of a rulebook: its type, what it does (``does(game, ev)``, None: nothing, a signal)
    and how the log words it (``text``).

    ``text`` is a function ``text(game, ev)``, or a template formatted with the event's fields
    (``"player {player} passes"``); ``words`` say how the template words a field (``card=label``: the
    field's value ``v`` as ``label(game, v)``, a card's name rather than its id). Why: a rulebook
    declared an event's handler and its text in two tables that had to agree, and wrote a function
    for a text that only formats fields; give the specs to :class:`Rulebook` as ``events``
    (:func:`by_name`), which fills in ``event_handlers`` and ``event_text``.
    """

    __slots__ = ("describe", "does", "name", "text", "words")

    def __init__(
        self,
        name: str,
        does: Callable[[Table, dict], None] | None = None,
        text: str | Callable[[Table, dict], str] | None = None,
        **words: Callable[[Table, Any], str],
    ) -> None:
        if words and not isinstance(text, str):
            raise RuleError(f"event {quote(name)}: words ({', '.join(words)}) word a text template, not a function")
        self.name, self.does, self.text, self.words = name, does, text, words
        # the text as the kernel calls it, (game, ev) -> str: a template made into such a function once
        self.describe = _template(name, text, words) if isinstance(text, str) else text

    def __repr__(self) -> str:
        return f"EventSpec({self.name!r}, {self.does!r}, {self.text!r})"


def _template(event: str, text: str, words: Mapping[str, Callable[[Table, Any], str]]) -> Callable[[Table, dict], str]:
    """``text`` formatted with an event's fields (and ``words``) as a function. A template of plain fields is
    cut into its pieces once (a traced game words every event twice: as fast as the f-string it replaces);
    one with a format spec, a conversion or an index falls back to :meth:`str.format_map`."""
    parsed = list(Formatter().parse(text))
    names = {name for _, name, _, _ in parsed if name is not None}
    unknown = sorted(set(words) - names)
    if unknown:
        raise RuleError(f"event {quote(event)}: words for fields its text does not name: {', '.join(unknown)}")
    if any(name is not None and (spec or conv or not name.isidentifier()) for _, name, spec, conv in parsed):

        def formatted(game: Table, ev: dict) -> str:
            return text.format_map({**ev, **{f: word(game, ev[f]) for f, word in words.items()}})

        return formatted
    if not names:
        const = "".join(literal for literal, _, _, _ in parsed)
        return lambda game, ev: const
    pieces = tuple((literal, name, None if name is None else words.get(name)) for literal, name, _, _ in parsed)

    def joined(game: Table, ev: dict) -> str:
        out = ""
        for literal, name, word in pieces:
            out += literal
            if name is not None:
                out += format(ev[name]) if word is None else word(game, ev[name])
        return out

    return joined


@dataclass(frozen=True)
class Scenario:
    """A ready position for notebooks and tests."""

    name: str
    description: str
    build: Callable[[], Game]
    rules: tuple[str, ...] = ()


class _Named(Protocol):
    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=_Named)


def by_name(*items: N) -> dict[str, N]:
    """``items`` (option specs, scenarios) under their names, in order: a rulebook's ``options`` or
    ``scenarios``. Why: each is declared once, not under a key that spells its name again; a name given
    twice is an error (a dict would keep the last one silently)."""
    named: dict[str, N] = {}
    for item in items:
        if item.name in named:
            kind = type(item).__name__
            raise RuleError(f"{kind} {quote(item.name)} is declared twice (the second: {item!r})")
        named[item.name] = item
    return named


@dataclass
class Rulebook:
    """Everything the kernel needs to run one game. See the module docstring."""

    id: str
    title: str
    source: str
    players: tuple[int, int]
    rules: RuleTable
    setup: Callable[[Table], None]
    profile: Profile = field(default_factory=Profile)
    options: Mapping[str, OptionSpec] = field(default_factory=dict)
    flow: tuple[Phase, ...] = ()
    tasks: Mapping[str, Task] = field(default_factory=dict)
    event_handlers: Mapping[str, Callable[[Table, dict], None]] = field(default_factory=dict)
    event_text: Mapping[str, Callable[[Table, dict], str]] = field(default_factory=dict)
    # the events declared whole (EventSpec: what each does and its text), added to the two tables above
    events: Mapping[str, EventSpec] = field(default_factory=dict)
    card_ability_table: Mapping[str, tuple[Ability, ...]] = field(default_factory=dict)
    named_abilities: Mapping[str, Ability] = field(default_factory=dict)
    rule_abilities: tuple[str, ...] = ()  # named abilities that belong to the game itself
    checks: tuple[Callable[[Table], Iterable[dict]], ...] = ()
    # what made a state check's event true, for "why": check event type -> {event type: the field naming the
    # object} (``{"die": {"damage": "target"}}``: a minion dies of the damage dealt to it); trace.because_of
    check_causes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    on_expire: Mapping[str, Callable[[Table, dict], None]] = field(default_factory=dict)
    active_zones: tuple[str, ...] = ("play",)  # zone-name prefixes whose objects' abilities work
    public_fields: tuple[str, ...] = ("id", "zone", "owner", "controller")
    visibility: Callable[[Table, dict, int | None], bool] | None = None
    # who may see a trace record (the players, or None to leave it to tabletop.analysis.seen's rules), for
    # a record whose audience its text does not show (a night action in the dark): the seat filters of the Lab
    audience: Callable[[Table, dict], Iterable[int] | None] | None = None
    base_values: Callable[[Table, dict, str], Any] | None = None
    # the rulebook's own breakdown of a value it keeps itself (printed value, buffs, auras, damage...):
    # ``explain(game, obj, stat)`` returns an Explanation whose steps end at the value, or None to let the
    # kernel start from the base value; Game.explain applies the kernel's modifiers after it
    explain: Callable[[Table, dict, str], Explanation | None] | None = None
    # a value of one object against another (the damage an attacker deals a target, after the statuses of
    # both): ``explain_against(game, obj, stat, other)`` gives the whole Explanation, or None where the
    # rulebook has no such value; Game.explain(obj, stat, against=other)
    explain_against: Callable[[Table, dict, str, dict], Explanation | None] | None = None
    scenarios: Mapping[str, Scenario] = field(default_factory=dict)
    # questions for students, checked by playing (exercises.py): the notebooks' exercises
    exercises: Mapping[str, Exercise] = field(default_factory=dict)
    board: Callable[[Table, int | None], dict] | None = None
    # the zones the game has, with their visibility, order and limits (zones.py): a rulebook that declares
    # them and gives no board view of its own gets the derived one (boardview.board_view)
    zones: Zones | None = None
    cards: Mapping[str, dict] = field(default_factory=dict)
    description: str = ""
    # a heuristic for agents: how good a position is for a player (GreedyAgent scores with it)
    evaluate: Callable[[Table, int], float] | None = None
    # state variables renamed since a saved game's older format: old name -> new (load_game renames them)
    renamed_vars: Mapping[str, str] = field(default_factory=dict)
    # options added after saves of the rulebook existed: a save without one loads with its default
    added_options: tuple[str, ...] = ()
    # periods of the rulebook's own, beside the kernel's turn, phase, round and game, that use limits may
    # name ("once per roll phase of this hero": ("roll", 1)); rule code ends one with Table.expire(name, owner=...)
    periods: tuple[str, ...] = ()
    # the option that names who takes the first turn (and so begins the seat order): new_game checks it
    # against the number of players and sets the turn's ``first`` and ``player`` before the set-up runs
    first_player_option: str | None = None
    # what its position files say and how a game is written as one (positions.py; None: it has none)
    position: PositionSpec | None = None
    # the folder of the puzzles it ships (position files with a [puzzle] table, docs/puzzles.md): rb.puzzle(name)
    puzzle_folder: str | Path | None = None
    # a puzzle condition's rulebook tests by name: ``{test = NAME, ...}`` is ``puzzle_tests[NAME](game, args)``
    puzzle_tests: Mapping[str, Callable[[Game, dict], bool]] = field(default_factory=dict)
    # the key of ``state.turn`` that counts the game's turns, shown as "turn N" by the board and the Lab:
    # the kernel's ``"number"`` (one player's turn each), or ``"round"`` for a game whose one turn is all
    # players' (Warlord, seed 004 L53/L217); read it with :meth:`Rulebook.turn_number`
    turn_counter: str = "number"

    def turn_number(self, state: Any) -> Any:
        """The turn number ``state`` (a State) is at, by this rulebook's count (``turn_counter``): what the
        board's and the Lab's headers show as "turn N" (0 or None: before the first turn)."""
        turn = state.turn
        return turn.get(self.turn_counter) if isinstance(turn, dict) else turn

    def __post_init__(self) -> None:
        if self.events:
            self.event_handlers = {**self.event_handlers}
            self.event_text = {**self.event_text}
            for name, spec in self.events.items():  # (a copy made by dataclasses.replace finds its own entries)
                if (
                    self.event_handlers.get(name, spec.does) is not spec.does
                    or self.event_text.get(name, spec.describe) is not spec.describe
                ):
                    raise RuleError(f"{self.id}: event {quote(name)} is declared in events and in a table of its own")
                if spec.does is not None:
                    self.event_handlers[name] = spec.does
                if spec.describe is not None:
                    self.event_text[name] = spec.describe
        if self.first_player_option is not None and self.first_player_option not in self.options:
            raise RuleError(f"{self.id}: first_player_option {quote(self.first_player_option)} is not an option")
        if self.board is None and self.zones is not None:
            self.board = partial(board_view, zones=self.zones)
        statics = [
            ab
            for abilities in (*self.card_ability_table.values(), tuple(self.named_abilities.values()))
            for ab in abilities
        ]
        self.has_abilities = bool(statics)
        self.has_statics = any(ab.kind == "static" for ab in statics)
        # no ability names zones of its own: only objects in active zones can have working abilities
        self.has_zoned_abilities = any(ab.zones is not None for ab in statics)
        for name in self.rule_abilities:
            self.named_ability(name)
        periods = (*PERIODS, *self.periods)
        for ab in statics:
            if ab.limit is not None and ab.limit[0] not in periods:
                raise RuleError(
                    f"{self.id}: ability {ab.name!r} is limited per {ab.limit[0]!r}, which is not one of the periods "
                    f"{periods} (declare a period of the rulebook's own in Rulebook.periods)"
                )

    # ------------------------------------------------------------- public API
    def new_game(
        self,
        seed: int | str = 0,
        players: int | None = None,
        *,
        chance: str = "sample",
        tracing: bool = True,
        profile: Profile | None = None,
        **options: Any,
    ) -> Game:
        """Set up a new game (run to its first decision).

        ``seed``: an int (not a bool) or a str. The random streams are seeded from its text, so a
        str that spells an int (``"7"``) is kept as that int (``7``): one game, one saved seed.
        ``tracing`` is True or False, ``profile`` a :class:`Profile` or None, ``players`` an int;
        anything else is refused here, naming the argument.
        """
        lo, hi = self.players
        n = lo if players is None else players
        if type(n) is not int:
            raise PlayersTypeError(
                f"{self.id}: players={quote(players)} must be an int ({lo} to {hi}), not {type(players).__name__}"
            )
        if not lo <= n <= hi:
            raise RulebookOptionError(f"{self.id}: players={players!r}; this game takes {lo} to {hi} players")
        opts = self.resolve_options(options)
        first = 0 if self.first_player_option is None else opts[self.first_player_option]
        if first >= n:
            raise RulebookOptionError(f"{self.id}: {self.first_player_option}={first} but there are only {n} players")
        state = State()
        state.players = [{"id": i, "name": f"Player {i}"} for i in range(n)]
        state.turn = {
            "round": 1,
            "number": 0,
            "player": first,
            "first": first,
            "phase": None,
            "sub": None,
            "again": False,
            "cursor": [0, 0, 0],
        }
        game = Game(self, state, options=opts, seed=seed, chance=chance, tracing=tracing, profile=profile)
        table = game.table
        table._call(self.setup, table)
        table._run()
        return game

    def new_game_with_chance(
        self, outcomes: Iterable[str], seed: int | str = 0, players: int | None = None, **options: Any
    ) -> Game:
        """A new game whose first chance decisions come out as ``outcomes`` (option ids, in order), chance
        being sampled from then on. Why: a scenario or a test starts from a known shuffle or roll; an
        outcome given while the open decision is a player's is an error."""
        game = self.new_game(seed, players, chance="manual", **options)
        for outcome in outcomes:
            dec = game.state.decision
            if dec is None or dec["player"] != CHANCE:
                who = "none is open" if dec is None else f"the open one is player {dec['player']}'s"
                raise RuleError(f"{self.id}: chance outcome {quote(outcome)} given, but {who}")
            game.apply(outcome)
        game.chance = "sample"
        return game

    def with_cards(self, folder: str | Path) -> Rulebook:
        """A new rulebook with the card files of ``folder`` added to this one's catalogue; this one is
        unchanged, so both can be played side by side. A broken card file raises CardDataError naming
        the file, the card and the field; a card id this rulebook has already is an error."""
        return with_cards(self, folder)

    def scenario(self, name: str) -> Game:
        """A named ready position."""
        try:
            sc = self.scenarios[name]
        except KeyError:
            raise UnknownScenario(
                f"{self.id} has no scenario {quote(name)}; it has: {', '.join(sorted(self.scenarios)) or 'none'}"
            ) from None
        return sc.build()

    @property
    def puzzles(self) -> list[str]:
        """The names of the puzzles it ships (``rb.puzzle(name)``)."""
        from ..analysis.puzzles import shipped

        return list(shipped(self))

    def puzzle(self, name: str) -> Puzzle:
        """A puzzle it ships, by name (docs/puzzles.md): ``tt.solve(rb.puzzle(name))``."""
        from ..analysis.puzzles import load_puzzle, shipped

        files = shipped(self)
        if name not in files:
            from .positions import suggest

            raise UnknownPuzzle(
                f"{self.id} has no puzzle {quote(name)}{suggest(name, files)}; it has: {', '.join(files) or 'none'}"
            )
        return load_puzzle(files[name], self)

    def exercise(self, name: str) -> Exercise:
        """A named exercise: ``rb.exercise(name).check(answer)``."""
        try:
            return self.exercises[name]
        except KeyError:
            raise UnknownExercise(
                f"{self.id} has no exercise {quote(name)}; it has: {', '.join(sorted(self.exercises)) or 'none'}"
            ) from None

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in, every value checked; unknown names are an error."""
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise RulebookOptionError(
                f"{self.id}: unknown option(s) {', '.join(u if len(u) <= 40 else quote(u, 40) for u in unknown[:5])}"
                + (f" (+{len(unknown) - 5} more)" if len(unknown) > 5 else "")
                + f"; known options: {known}"
            )
        return {
            name: spec.validate(given[name], self.id) if name in given else spec.default
            for name, spec in self.options.items()
        }

    # ----------------------------------------------------------- kernel hooks
    def is_active_zone(self, zone: str | None) -> bool:
        return zone is not None and zone.startswith(self.active_zones)

    def visible(self, game: Table, obj: dict, player: int | None) -> bool:
        if self.visibility is not None:
            return self.visibility(game, obj, player)
        vis = obj.get("vis")
        if vis is None or vis == "all":
            return True
        if vis == "none" or player is None:
            return False
        if vis == "owner":
            return obj.get("owner") == player
        return player in vis

    def card_abilities(self, obj: dict) -> tuple[Ability, ...]:
        # (hot: a card-less object's None finds nothing, as an absent card id would)
        return self.card_ability_table.get(obj.get("card"), ())  # type: ignore[arg-type]

    def named_ability(self, name: str) -> Ability:
        try:
            return self.named_abilities[name]
        except KeyError:
            raise RuleError(f"{self.id}: no named ability {name!r}") from None

    def base_value(self, game: Table, obj: dict, stat: str) -> Any:
        if self.base_values is not None:
            return self.base_values(game, obj, stat)
        card = self.cards.get(obj.get("card"), {})  # type: ignore[arg-type]
        if stat in card:
            return card[stat]
        raise KeyError(f"object {quote(obj['id'])} has no stat {quote(stat)}")

    def describe_event(self, game: Table, ev: dict) -> str:
        """The log's words for an event: the rulebook's ``event_text``; the kernel's for the end of a turn,
        phase or round (``end of the turn (player 0)``); else its type and fields, ``draw(player=0)``."""
        text = self.event_text.get(ev["type"])
        if text is not None:
            return text(game, ev)
        period = _PERIOD_ENDS.get(ev["type"])
        if period is not None:
            player = ev.get("player")
            return f"end of the {period}" + ("" if player is None else f" (player {player})")
        fields = ", ".join(
            f"{k}={v}" for k, v in ev.items() if k not in ("id", "type", "status", "applied", "rule", "rec", "left")
        )
        return f"{ev['type']}({fields})"

    # -------------------------------------------------------------- rendering
    def render_html(self, game: Game) -> str:
        """The game as static HTML, drawn by the renderer the package installs (HTML_RENDERER)."""
        if HTML_RENDERER is not None:
            return HTML_RENDERER(game, self)
        st = game.state
        return f"<div class='tt-game'><b>{escape(self.title)}</b>: turn {escape(str(st.turn.get('number')))}</div>"

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """An installed rulebook travels by id (the other process loads its own), any other as itself."""
        by_id = None if INSTALLED is None else INSTALLED(self)
        return by_id if by_id is not None else super().__reduce_ex__(protocol)

    def __repr__(self) -> str:
        return f"<Rulebook {self.id}: {self.title}, {len(self.rules)} rules, {len(self.scenarios)} scenarios>"

    def _repr_html_(self) -> str:
        return f"<h4>{escape(self.title)} (<code>{escape(self.id)}</code>)</h4>" + self.rules._repr_html_()
