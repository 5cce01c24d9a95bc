"""ChainView: the current turn's chain, labelled, clickable for why; the same cost late in a game."""

import random

import tabletop as tt
from tabletop.analysis.chains import turn_start
from tabletop.widgets import ChainView


def _played(steps, seed=2):
    game = tt.rulebook("hearthstone").new_game(seed=seed)
    rng = random.Random(seed)
    while len(game.history) < steps and not game.over:
        game.apply(rng.choice(game.legal()))
    return game


def test_it_draws_the_records_of_the_current_turn_only_each_labelled_in_words():
    game = _played(60)
    view = ChainView(game)
    start = turn_start(game.trace)
    assert view.since == start > 0
    assert game.trace.records[start]["summary"].startswith("turn ")
    assert set(view.chain.nodes) == {r["i"] for r in game.trace.records[start:] if r["kind"] != "excluded"}
    for n in view.chain:
        assert f'data-node="{n}"' in view.svg
    last = next(r for r in reversed(game.trace.records.tolist()) if r["kind"] != "excluded")
    assert last["summary"].split(" (")[0] in view.svg  # the words, not only a glyph
    assert view.more.startswith(f"{start} earlier steps")


def test_a_click_on_a_step_shows_its_causes_and_a_bad_click_says_so():
    game = tt.rulebook("hearthstone").scenario("death-chain")
    juggler, abomination = game.state.zones["board:0"][2], game.state.zones["board:1"][1]
    game.apply(f"attack:{juggler}>{abomination}")
    view = ChainView(game)
    death = max(n for n, d in view.chain.nodes(data=True) if d["summary"].endswith("dies"))
    view._front_end_message(view, {"type": "why", "node": str(death)})
    assert view.selected == death and "[hs.death" in view.why_text and "state check" in view.why_text
    assert "hs.combat" in view.why_text  # the damage behind the death (a because link)
    assert not view.select("nowhere") and "No step" in view.why
    game.apply("end")
    view.refresh(game)
    assert view.selected is None or view.selected in view.chain


def test_late_in_a_long_game_it_still_draws_one_turn():
    game = tt.rulebook("memory").new_game(seed=5, pairs=28)
    rng = random.Random(5)
    while not game.over:
        game.apply(rng.choice(game.legal()))
    view = ChainView(game)
    assert len(game.history) > 1000 and len(game.trace) > 5000
    assert 0 < len(view.chain) < 30 and view.since > len(game.trace) - 30


def test_its_picture_shows_where_the_widget_is_not_live():
    view = ChainView(_played(30))
    data, _meta = view._repr_mimebundle_()
    assert "data:image/svg+xml;base64," in data["text/html"] and "earlier steps" in data["text/html"]
    assert data["text/plain"].startswith("<ChainView hearthstone:")
