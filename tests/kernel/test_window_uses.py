"""Priority windows where one player may use several abilities before the window moves on (issue 15,
piece 5: ``Profile.window_uses``), on the toy rulebook.

Warlord's Reacts (seed 004 L97/L267) are polled "starting with the player who holds initiative this
turn, then clockwise"; the text does not say whether that player may play a second React before the
next player is asked, so a rulebook chooses: ``window_uses="one"`` (the default, the window moves on
after each use, as Marvel Champions' windows do) or ``"until_pass"`` (a player keeps priority until
passing).
"""

from __future__ import annotations

import pytest

from tabletop.core import Profile
from tabletop.core.registry import load_game

from .toybook import creature, game_of, logged, logs, ping

OBJECTS = [
    creature("o1", 0, logs("o1", forced=False)),
    creature("o2", 0, logs("o2", forced=False)),
    creature("o3", 1, logs("o3", forced=False)),
]


def asked(game):
    return (game.decision.player, game.decision.kind, tuple(game.decision.ids))


def test_by_default_the_window_moves_on_after_each_use():
    game = game_of(Profile(optional="priority_window"), OBJECTS, scripts={"ping": ping()})
    game.apply("go:ping")
    assert asked(game) == (0, "window", ("0:o1#0", "1:o2#0", "pass"))
    game.apply("0:o1#0")
    assert asked(game) == (1, "window", ("1:o3#0", "pass"))  # player 1's priority now


def test_until_pass_a_player_uses_several_abilities_before_the_window_moves_on():
    game = game_of(Profile(optional="priority_window", window_uses="until_pass"), OBJECTS, scripts={"ping": ping()})
    game.apply("go:ping")
    game.apply("0:o1#0")
    assert asked(game) == (0, "window", ("0:o2#0", "pass"))  # still player 0's priority
    game.apply("0:o2#0")
    # player 0 has nothing left (passes without being asked); player 1 is asked
    assert asked(game) == (1, "window", ("0:o3#0", "pass"))
    game.apply("pass")
    assert logged(game) == ["o1", "o2"]
    assert game.decision.kind == "action"  # two passes in a row (player 0's, player 1's) closed it


def test_until_pass_a_use_starts_the_passes_in_a_row_again():
    objects = [*OBJECTS, creature("o4", 1, logs("o4", forced=False))]
    game = game_of(Profile(optional="priority_window", window_uses="until_pass"), objects, scripts={"ping": ping()})
    game.apply("go:ping")
    game.apply("pass")  # player 0 passes
    game.apply("2:o3#0")  # player 1 uses o3 and keeps priority
    assert asked(game) == (1, "window", ("2:o4#0", "pass"))
    game.apply("pass")  # one pass in a row since o3: player 0, who passed before, may act again
    assert asked(game) == (0, "window", ("0:o1#0", "1:o2#0", "pass"))
    game.apply("pass")
    assert game.decision.kind == "action" and logged(game) == ["o3"]


def test_the_setting_is_checked_and_saved_with_a_game():
    with pytest.raises(ValueError, match="window_uses"):
        Profile(window_uses="twice")
    game = game_of(Profile(optional="priority_window", window_uses="until_pass"), OBJECTS, scripts={"ping": ping()})
    game.apply("go:ping")
    game.apply("0:o1#0")
    loaded = load_game(game.to_json(), rulebook=game.rulebook)
    assert loaded.profile.window_uses == "until_pass" and asked(loaded) == asked(game)
