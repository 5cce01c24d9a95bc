"""Finding rulebooks: the ``tabletop.rulebooks`` entry-point group.

Another package adds a game by declaring an entry point in that group that names its
:class:`Rulebook` object; nothing in tabletop changes.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from . import rulebook as rulebook_module
from .errors import ArgumentTypeError, TabletopError, UnknownRulebook, quote
from .game import Game
from .rulebook import Rulebook

GROUP = "tabletop.rulebooks"
# the games that ship with tabletop, found even when the package metadata is not installed
BUILTIN = {
    "memory": "tabletop.games.memory:RULEBOOK",
    "berserk_heroes": "tabletop.games.berserk_heroes:RULEBOOK",
    "hearthstone": "tabletop.games.hearthstone:RULEBOOK",
    "one_night_werewolf": "tabletop.games.one_night_werewolf:RULEBOOK",
    "marvel_champions": "tabletop.games.marvel_champions:RULEBOOK",
    "nebozhiteli": "tabletop.games.nebozhiteli:RULEBOOK",
    "gw2_heroes_of_the_mists": "tabletop.games.gw2_heroes_of_the_mists:RULEBOOK",
    "warlord": "tabletop.games.warlord:RULEBOOK",
}
_loaded: dict[str, Rulebook] = {}


def _targets() -> dict[str, str]:
    """Rulebook id to ``module:attribute``: the games shipped here, then other packages' entry points.

    tabletop's own entry points are skipped: BUILTIN is the code that runs, while installed
    metadata can be stale (an editable install keeps the module paths it was installed with
    until it is reinstalled, and the packages moved from ``tabletop.rulebooks`` to ``tabletop.games``).
    """
    found = dict(BUILTIN)
    for ep in entry_points(group=GROUP):
        if ep.dist is None or ep.dist.name.lower() != "tabletop":
            found[ep.name] = ep.value
    return found


def rulebooks() -> list[str]:
    """Ids of the installed rulebooks."""
    return sorted(_targets())


def rulebook(rulebook_id: str) -> Rulebook:
    """The rulebook with this id."""
    if type(rulebook_id) is str and rulebook_id in _loaded:
        return _loaded[rulebook_id]
    if not isinstance(rulebook_id, str):
        raise ArgumentTypeError(
            f"rulebook(rulebook_id={quote(rulebook_id)}): the id must be a str (one of tt.rulebooks()), "
            f"not {type(rulebook_id).__name__}"
        )
    targets = _targets()
    if rulebook_id not in targets:
        raise UnknownRulebook(f"no rulebook {quote(rulebook_id)}; installed: {', '.join(sorted(targets))}")
    module, _, attr = targets[rulebook_id].partition(":")
    rb = getattr(importlib.import_module(module), attr)
    if not isinstance(rb, Rulebook) or rb.id != rulebook_id:
        raise TabletopError(
            f"entry point {quote(rulebook_id)} ({quote(targets[rulebook_id])}) is not the Rulebook {quote(rulebook_id)}"
        )
    _loaded[rulebook_id] = rb
    return rb


def _by_id_if_installed(rb: Rulebook) -> tuple[Any, ...] | None:
    """(rulebook.INSTALLED) How ``rb`` pickles when it is the installed rulebook of its id: by that id."""
    try:
        if rulebook(rb.id) is rb:
            return rulebook, (rb.id,)
    except TabletopError:  # (not installed, or its entry point is broken: it travels as itself)
        pass
    return None


rulebook_module.INSTALLED = _by_id_if_installed

_by_id = rulebook  # load_game's ``rulebook`` argument hides the function


def load_position(
    source: str | Path,
    rulebook: Rulebook | None = None,
    *,
    tracing: bool = True,
    chance: str = "sample",
    name: str | None = None,
) -> Game:
    """The game a position file describes, paused at its first decision (docs/positions.md).

    ``source``: a path (a :class:`pathlib.Path`, or a str ending in ``.toml``) or the TOML text itself;
    ``rulebook``: the rulebook to play it with (one not installed, or ``rb.with_cards(...)``): its id must
    be the file's. ``name``: the file's name in errors (default: the path, or ``<position>``).
    Every problem raises :class:`~tabletop.core.positions.PositionError` naming the file, the line and
    the field; :meth:`Game.to_position` writes a game as such a file.
    """
    from . import position_files

    return position_files.load(source, rulebook, _by_id, tracing=tracing, chance=chance, name=name)


def load_game(text: str, rulebook: Rulebook | None = None) -> Game:
    """A game saved with :meth:`Game.to_json`, ready to resume.

    ``rulebook``: the rulebook to resume it with, for one that is not installed (built in a
    notebook or a test); its id must be the saved game's.

    Nothing in the text is trusted: the document is checked against the saved-game schema and
    the rulebook, and its history is replayed to the saved state (``tabletop.core.saved``); the
    first problem raises :class:`SavedGameError` naming the field.
    """
    from . import saved

    return saved.load(text, rulebook, _by_id)
