"""Warlord's position files round-trip: a position written at many decisions of seeded random games (mid-attack,
mid-React poll, mid-reform among them) and every named scenario read back to the same fingerprint and options.
The seed is 004_445e52d7fb23d2a0.txt: wl.strikes L69/L239, wl.reacts L97/L267, wl.reform L46-L49/L210-L213."""

import random

import pytest
from wl import RB

import tabletop as tt


def _same(game: tt.Game) -> None:
    loaded = tt.load_position(game.to_position())
    assert loaded.fingerprint() == game.fingerprint()
    assert [(o.id, o.label) for o in loaded.decision.options] == [(o.id, o.label) for o in game.decision.options]


def test_positions_saved_mid_attack_mid_react_and_mid_reform_load_back_the_same():
    """Saved every third decision of four random games; the decisions reached include a strike's target or stop
    (L69/L239), a React poll inside an attack (L97/L267) and a reform (L48/L212), whose pending work (the
    death's cause among it) the position must carry."""
    seen: set[tuple[str, bool]] = set()
    for seed in range(4):
        game, rng = RB.new_game(seed=seed, tracing=bool(seed % 2)), random.Random(seed)
        for n in range(150):
            if game.over:
                break
            if n % 3 == 0:
                _same(game)
                seen.add((game.decision.kind, bool(game.state.vars.get("strike"))))
            game.play(rng.randrange(len(game.legal())))
    assert {("strike", False), ("react", True), ("reform", False), ("order", False)} <= seen


def test_a_death_in_an_attack_keeps_its_cause_through_a_position():
    """The reform-before-react scenario is paused after a death by a strike (wl.death L68/L238): the React poll
    waiting in its pending work names the strike as the cause, also in the game read back."""
    game = RB.scenario("reform-before-react")
    loaded = tt.load_position(game.to_position())
    for g in (game, loaded):
        polls = [args for task, args, _ in g.state.work if task == "wl.react_poll"]
        assert polls and polls[0]["event"]["death_cause"] == "strike"


@pytest.mark.parametrize("name", sorted(RB.scenarios))
def test_every_scenario_and_lesson_position_saves_and_loads_back(name):
    """Each named position (scenarios.py and the lesson's, natural-20's open d20 among them) is a position file."""
    _same(RB.scenario(name))


def test_a_position_with_a_deck_drawn_empty_loads_back():
    """wl.deck_out (004_445e52d7fb23d2a0.txt L109/L279): running out of cards costs nothing and the game goes
    on, so a position may hold an empty deck; it is written as ``{cards = {}, ids = []}`` and reads back."""
    game, rng = RB.new_game(seed=0), random.Random(0)
    while not game.over and all(game.state.zones.get(f"deck:{p}") for p in range(len(game.state.players))):
        game.play(rng.randrange(len(game.legal())))
    empty = [p for p in range(len(game.state.players)) if not game.state.zones.get(f"deck:{p}")]
    assert empty and not game.over
    assert f'"deck:{empty[0]}" = {{cards = {{}}, ids = []}}' in game.to_position()
    _same(game)
