"""A game that ends inside an event ends in the same position traced and untraced.

With tracing on the pipeline never skips a window; with tracing off it skips the response window
of an event nothing listens to. When the event ends the game, no window opens either way (the run
stops at the result), so neither may leave the window's task or the event behind: the finished
positions must be equal.
"""

import random

import pytest

from tabletop.core import Profile
from tabletop.testing import check_tracing_off_matches

from .toybook import creature, logs, make


def _lose(game):
    game.emit("lose", rule="toy.script", player=1)


def _rulebook():
    # A listens to pings only, so the rulebook is reactive but nothing listens to the losing event
    return make(Profile(), [creature("A", 0, logs("A", "ping")), creature("B", 1)], scripts={"lose": _lose})


@pytest.mark.parametrize("container", ["nested", "queue", "stack"])
def test_an_event_that_ends_the_game_leaves_nothing_pending_traced_or_not(container):
    rb = make(Profile(container=container), [creature("A", 0, logs("A", "ping"))], scripts={"lose": _lose})
    games = [rb.new_game(seed=0, tracing=t).apply("go:lose") for t in (True, False)]
    for game in games:
        assert game.over and game.result["winners"] == [0]
        assert game.state.events == {}, "the event that ended the game is still pending"
        assert [name for name, _, _ in game.state.work if name == "k.respond"] == [], "a response window is left"
    traced, fast = games
    assert traced.fingerprint() == fast.fingerprint()


def test_the_tracing_check_passes_on_a_game_that_ends_inside_an_event():
    rb = _rulebook()
    check_tracing_off_matches(rb, {"seed": 0}, _AlwaysLose())


class _AlwaysLose(random.Random):
    """An rng that picks the ``go:lose`` option (so the game ends on its first choice)."""

    def choice(self, seq):
        return next(o for o in seq if o == "go:lose")


def test_the_tracing_check_compares_the_finished_games():
    """A rulebook that ends the game differently traced (a variable set only then) fails the check at the end."""

    def end_differently(game, ev):
        if game.tracing:
            game.state.set_var("traced", True)
        game.end_game([0], reason="test", rule="toy.check")

    rb = make(Profile(), [creature("A", 0)], scripts={"lose": _lose}, handlers={"lose": end_differently})
    with pytest.raises(AssertionError, match="finished"):
        check_tracing_off_matches(rb, {"seed": 0}, _AlwaysLose())
