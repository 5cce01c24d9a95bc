"""Checks that every rulebook must pass, for its property tests over random playouts.

A rulebook's tests (ours or another package's) call :func:`random_playout` and
:func:`check_invariants`; a failure names the invariant and the step where it broke.

>>> import random, tabletop as tt
>>> from tabletop.testing import random_playout, check_invariants
>>> game = tt.rulebook("memory").new_game(seed=2, pairs=2)
>>> check_invariants(random_playout(game, random.Random(0)))
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .core import Game, Rulebook
from .core.registry import load_game


def random_playout(
    game: Game,
    rng: random.Random,
    max_steps: int = 5_000,
    on_step: Callable[[Game], None] | None = None,
) -> Game:
    """Make random legal choices until the game ends or ``max_steps`` choices were made.

    Each choice is the one ``game.apply(rng.choice(game.legal()))`` would make, made with
    :meth:`Game.play` (no undo point: a playout owns its game, issue 21); a rule that fails raises
    and leaves the game where it failed."""
    table, play, randbelow = game.table, game.play, rng.randrange
    for _ in range(max_steps):
        data = table.state.decision
        if data is None:
            break
        play(randbelow(len(data["options"])))
        if on_step is not None:
            on_step(game)
    return game


def playout_digest(rulebook: Rulebook, games: int = 10, max_steps: int = 2_000, saved_options: bool = True) -> str:
    """One hash of everything ``games`` seeded random games of a rulebook did, traced and untraced.

    It covers every decision's options and fingerprint, and each game's final JSON (state, trace,
    history). Two versions of the code, or two builds of it, play alike when their digests agree:
    a refactor meant to change nothing can be checked with it. ``saved_options=False`` leaves the
    options saved in the JSON out: a new option whose default plays as before changes the saved
    options, not the games, and this digest shows that.

    >>> import tabletop as tt
    >>> rb = tt.rulebook("memory")
    >>> playout_digest(rb, games=2) == playout_digest(rb, games=2)
    True
    """
    digest = hashlib.sha256()
    for seed in range(games):
        for tracing in (True, False):
            game = rulebook.new_game(seed=seed, tracing=tracing)

            def note(g: Game) -> None:
                digest.update(g.fingerprint().encode())
                if g.state.decision is not None:
                    digest.update(repr([(o.id, o.label) for o in g.decision.options]).encode())

            note(game)
            random_playout(game, random.Random(seed), max_steps=max_steps, on_step=note)
            if saved_options:
                digest.update(game.to_json().encode())
            else:
                saved = json.loads(game.to_json())
                del saved["options"]
                digest.update(json.dumps(saved, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def stale_build(installed: Path, repository: Path) -> list[str]:
    """Where a wheel of tabletop unpacked in ``installed`` (``make compiled``: build/compiled) differs
    from the repository it came from: the files missing from either side or with other contents.

    The wheel holds the package's files and the repository's ``widgets/`` as ``tabletop/_static``.
    An empty list says the build is of the code as it is, so tests and benches of it are of that code.
    """
    package = installed / "tabletop"
    stale = _differing_files(package, repository / "tabletop", skip=("_static",))
    return stale + [f"_static/{p}" for p in _differing_files(package / "_static", repository / "widgets")]


def _differing_files(installed: Path, source: Path, skip: tuple[str, ...] = ()) -> list[str]:
    """Relative paths of files only on one side or different; compiled modules, ``__pycache__`` and
    the top-level folders in ``skip`` are left out."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)

    def files(root: Path) -> dict[str, bytes]:
        out = {}
        for path in root.rglob("*"):
            rel = path.relative_to(root)
            if path.is_dir() or "__pycache__" in rel.parts or rel.parts[0] in skip or path.name.endswith(suffixes):
                continue
            out[rel.as_posix()] = path.read_bytes()
        return out

    there, here = files(installed), files(source)
    return sorted(p for p in there.keys() | here.keys() if there.get(p) != here.get(p))


def check_zones(game: Game) -> None:
    """Every object is in exactly one zone, and the zone it names."""
    st = game.state
    seen: dict[str, str] = {}
    for zone, content in st.zones.items():
        for oid in content:
            assert oid not in seen, f"object {oid} is in zones {seen[oid]} and {zone}"
            seen[oid] = zone
    assert set(seen) == set(st.objects), (
        f"objects outside any zone: {sorted(set(st.objects) - set(seen))}; "
        f"zone entries with no object: {sorted(set(seen) - set(st.objects))}"
    )
    for oid, obj in st.objects.items():
        assert obj.get("zone") == seen[oid], f"object {oid} says zone {obj.get('zone')} but is in {seen[oid]}"


def check_trace(game: Game) -> None:
    """Every record cites a rule of the rulebook and a cause that came before it."""
    rules = game.rulebook.rules
    for rec in game.trace.records:
        assert rec["rule"] in rules, f"trace record {rec['i']} ({rec['summary']}) cites unknown rule {rec['rule']!r}"
        cause = rec["cause"]
        assert cause is None or 0 <= cause < rec["i"], f"trace record {rec['i']} has cause {cause}"


def check_round_trips(game: Game) -> None:
    """JSON save/load and a replay of the decisions reproduce the position."""
    fp = game.fingerprint()
    loaded = load_game(game.to_json())
    assert loaded.fingerprint() == fp, "to_json/load_game changed the fingerprint"
    assert loaded.legal() == game.legal(), "to_json/load_game changed the legal options"
    assert game.replay().fingerprint() == fp, "replaying the decisions gave another position"
    if game.state.decision is not None:
        choice = game.legal()[0]
        assert loaded.child(choice).fingerprint() == game.child(choice).fingerprint(), (
            "a loaded game resumed differently from the original"
        )


def check_clone_independent(game: Game) -> None:
    """Playing on a clone leaves the original untouched."""
    if game.state.decision is None:
        return
    fp, n = game.fingerprint(), len(game.trace)
    clone = game.clone()
    random_playout(clone, random.Random(0), max_steps=5)
    assert game.fingerprint() == fp, "playing on a clone changed the original"
    assert len(game.trace) == n, "playing on a clone changed the original's trace"


def check_finished(game: Game) -> None:
    """A game with no open decision is over and has a result naming its winners."""
    if game.state.decision is None:
        res = game.result
        assert res is not None, "no decision is open but the game has no result"
        assert isinstance(res.get("winners"), list), f"result has no winners list: {res}"
        assert res.get("rule") in game.rulebook.rules, f"result cites unknown rule {res.get('rule')!r}"


def checked_playout(
    game: Game,
    rng: random.Random,
    *,
    every_decision: int = 0,
    max_steps: int = 5_000,
    on_step: Callable[[Game], None] | None = None,
) -> Game:
    """A random playout that checks :func:`check_invariants` after each of its first ``every_decision``
    choices (and before the first), and once more where it stops.

    The checks replay the game from its start, so checking every decision of a long game costs the square
    of its length: a property test plays many seeds checked at the end, and a sample of them checked at
    every decision (the first ``every_decision`` of them), traced so that the trace is checked too.

    >>> import random, tabletop as tt
    >>> game = tt.rulebook("memory").new_game(seed=3, pairs=2)
    >>> checked_playout(game, random.Random(3), every_decision=10).over
    True
    """
    taken = 0

    def step(g: Game) -> None:
        nonlocal taken
        taken += 1
        if on_step is not None:
            on_step(g)
        if taken <= every_decision:
            check_invariants(g)

    if every_decision:
        check_invariants(game)
    random_playout(game, rng, max_steps=max_steps, on_step=step)
    check_invariants(game)
    return game


def check_tracing_off_matches(rulebook, spec: dict, rng: random.Random) -> None:
    """A game with tracing off reaches the same positions and result as a traced one, choice by choice,
    and finishes in the same position (nothing left pending by one and not the other)."""
    traced, fast = rulebook.new_game(**spec), rulebook.new_game(tracing=False, **spec)
    while traced.state.decision is not None:
        assert traced.fingerprint() == fast.fingerprint(), "tracing changed the position"
        choice = rng.choice(traced.legal())
        traced.apply(choice)
        fast.apply(choice)
    assert fast.result == traced.result, "tracing changed the result"
    assert fast.fingerprint() == traced.fingerprint(), "tracing changed the position of the finished game"
    assert len(fast.trace) == 0 and len(traced.trace) > 0, "tracing=False still traced (or tracing=True did not)"


def check_views_hide(game: Game, hidden: Callable[[int, str], bool], exact: bool = True) -> None:
    """What ``hidden(viewer, zone)`` says a player may not see stays hidden from him, in his view and on his board.

    Hidden objects carry ``hidden`` and no ``card``; the board names no object the view hides. With
    ``exact``, every other object is visible too (``hidden`` is the whole rule, not a lower bound).
    The board must be plain JSON, and the view shows no private (``_``) variables.
    """
    import json

    for viewer in range(len(game.state.players)):
        view = game.view(viewer)
        board = game.rulebook.board(game.table, viewer) if game.rulebook.board else None
        names = {c["id"]: c.get("name") for c in board["cards"]} if board else {}
        if board is not None:
            json.dumps(board)
        for oid, obj in view["objects"].items():
            zone = game.state.objects[oid]["zone"]
            secret = hidden(viewer, zone)
            if exact:
                assert obj.get("hidden", False) == secret, f"player {viewer} sees {oid} in {zone} wrongly"
            if secret:
                assert obj.get("hidden") and "card" not in obj, f"player {viewer} sees hidden {oid} in {zone}"
            if obj.get("hidden"):
                assert names.get(oid) is None, f"player {viewer}'s board names hidden {oid} in {zone}"
        assert not any(k.startswith("_") for k in view["vars"]), f"player {viewer} sees private variables"


def check_invariants(game: Game) -> None:
    """All of the above."""
    check_zones(game)
    check_trace(game)
    check_round_trips(game)
    check_clone_independent(game)
    check_finished(game)


def play_until(rulebook: Rulebook, seed: int, want: Callable[[Game], bool], kind: str = "action") -> Game:
    """A seeded random game of ``rulebook`` played on until ``want(game)`` holds at a decision of ``kind``:
    a rulebook test's way to find a position of some sort (a creature just played, a card too dear)."""
    game = rulebook.new_game(seed=seed)
    rng = random.Random(seed)
    while not game.over:
        if game.decision.kind == kind and want(game):
            return game
        game.apply(rng.choice(game.legal()))
    raise AssertionError(f"{rulebook.id}: no such position in the game of seed {seed}")


def check_offered_or_excluded(
    rulebook: Rulebook,
    seed: int,
    holdings: Callable[[Game, int], list[str]],
    acting: Callable[[str], str | None],
    decisions: int = 40,
) -> None:
    """Over a random playout, at each action decision, every object ``holdings(game, player)`` names is either
    offered (``acting(option id)`` names it for some legal option) or excluded with a rule of the rulebook
    (:meth:`Game.why_not`), never both, never neither: nothing a player holds is left out silently."""
    game = rulebook.new_game(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not game.over and checked < decisions:
        if game.decision.kind == "action":
            offered = {acting(o) for o in game.legal()} - {None}
            left_out = game.why_not()
            excluded = {e["about"] for e in left_out}
            for oid in holdings(game, game.decision.player):
                assert (oid in offered) != (oid in excluded), (seed, oid, oid in offered)
            for e in left_out:
                assert e["rule"] in rulebook.rules, e
            checked += 1
        game.apply(rng.choice(game.legal()))
    assert checked, f"{rulebook.id}: the game of seed {seed} asked no action"


def check_position_error(text: str, message: str, name: str = "teacher.toml") -> None:
    """Loading position ``text`` raises PositionError naming the file ``name`` and saying ``message``: the
    bad-input tests of every rulebook's position files share it."""
    from .core.positions import PositionError
    from .core.registry import load_position

    try:
        load_position(text, name=name)
    except PositionError as e:
        said = str(e)
        assert said.startswith(name), f"the error does not name the file {name!r}: {said}"
        assert message in said, f"expected {message!r} in: {said}"
        return
    raise AssertionError(f"the position loaded; expected a PositionError saying {message!r}")


def check_position_round_trip(game: Game, rng: random.Random, steps: int, **load: Any) -> Game | None:
    """Play ``game`` ``steps`` random choices (``rng``), write it as a position file and read it back: the
    same fingerprint, the same options (a scenario option aside: a position is its own set-up) and the
    same decision; the next choice leads both to the same position. Returns the loaded game (None: the
    game ended first). Why: every rulebook's position files promise this round trip (docs/positions.md),
    and their property tests share it. ``load``: keyword arguments of ``tt.load_position``."""
    from .core.registry import load_position

    for _ in range(steps):
        if game.over:
            return None
        game.play(rng.randrange(len(game.legal())))
    if game.over:
        return None
    loaded = load_position(game.to_position(), **load)
    assert loaded.fingerprint() == game.fingerprint()

    def options(g: Game) -> dict:
        return {k: v for k, v in g.options.items() if k != "scenario"}

    assert options(loaded) == options(game)
    assert [(o.id, o.label) for o in loaded.decision.options] == [(o.id, o.label) for o in game.decision.options]
    i = rng.randrange(len(game.legal()))
    assert loaded.play(i).fingerprint() == game.play(i).fingerprint()
    return loaded
