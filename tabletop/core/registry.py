"""Finding rulebooks: the ``tabletop.rulebooks`` entry-point group.

Another package adds a game by declaring an entry point in that group that names its
:class:`Rulebook` object; nothing in tabletop changes.
"""

from __future__ import annotations

import importlib
import json
from importlib.metadata import entry_points

from .errors import TabletopError, UnknownRulebook
from .game import FORMAT, Game
from .profile import Profile
from .rulebook import Rulebook
from .state import State
from .trace import Trace

GROUP = "tabletop.rulebooks"
# the games that ship with tabletop, found even when the package metadata is not installed
BUILTIN = {
    "memory": "tabletop.rulebooks.memory:RULEBOOK",
    "berserk_heroes": "tabletop.rulebooks.berserk_heroes:RULEBOOK",
    "hearthstone": "tabletop.rulebooks.hearthstone:RULEBOOK",
    "one_night_werewolf": "tabletop.rulebooks.one_night_werewolf:RULEBOOK",
    "marvel_champions": "tabletop.rulebooks.marvel_champions:RULEBOOK",
}
_loaded: dict[str, Rulebook] = {}


def _targets() -> dict[str, str]:
    found = dict(BUILTIN)
    for ep in entry_points(group=GROUP):
        found[ep.name] = ep.value
    return found


def rulebooks() -> list[str]:
    """Ids of the installed rulebooks."""
    return sorted(_targets())


def rulebook(rulebook_id: str) -> Rulebook:
    """The rulebook with this id."""
    if rulebook_id in _loaded:
        return _loaded[rulebook_id]
    targets = _targets()
    if rulebook_id not in targets:
        raise UnknownRulebook(f"no rulebook {rulebook_id!r}; installed: {', '.join(sorted(targets))}")
    module, _, attr = targets[rulebook_id].partition(":")
    rb = getattr(importlib.import_module(module), attr)
    if not isinstance(rb, Rulebook) or rb.id != rulebook_id:
        raise TabletopError(f"entry point {rulebook_id!r} ({targets[rulebook_id]}) is not the Rulebook {rulebook_id!r}")
    _loaded[rulebook_id] = rb
    return rb


_by_id = rulebook  # load_game's ``rulebook`` argument hides the function


def load_game(text: str, rulebook: Rulebook | None = None) -> Game:
    """A game saved with :meth:`Game.to_json`, ready to resume.

    ``rulebook``: the rulebook to resume it with, for one that is not installed (built in a
    notebook or a test); its id must be the saved game's.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TabletopError(f"not a saved game: invalid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TabletopError(f"not a saved game: expected format {FORMAT!r}")
    if rulebook is None:
        rb = _by_id(data["rulebook"])
    elif rulebook.id != data["rulebook"]:
        raise TabletopError(f"this game was saved from rulebook {data['rulebook']!r}, not {rulebook.id!r}")
    else:
        rb = rulebook
    profile = None
    if data.get("profile"):
        from .modifiers import ModifierOrder

        p = dict(data["profile"])
        m = p.pop("modifiers")
        profile = Profile(
            **p,
            modifiers=ModifierOrder(
                stages=tuple(tuple(s) for s in m["stages"]),
                floor=m["floor"],
                rounding=m["rounding"],
                rule=m.get("rule", "core.modifier"),
            ),
        )
    game = Game(
        rb,
        State.from_data(data["state"]),
        options=data["options"],
        seed=data["seed"],
        chance=data["chance"],
        tracing=data["tracing"],
        profile=profile,
        trace=Trace(rb.rules, data["trace"]),
        history=data["history"],
    )
    if data.get("forced_loop"):
        game._forced = {bytes.fromhex(key): at for key, at in data["forced_loop"]}
    return game
