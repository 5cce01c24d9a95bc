"""compare_profiles: one situation under several timing profiles, tabulated."""

from __future__ import annotations

import tabletop as tt
from tabletop.core import Profile
from tests.kernel.toybook import chain_objects, game_of, go


def chain_game(profile: Profile):
    """The toybook's chain: A triggers B and C; B triggers D."""
    return game_of(profile, chain_objects(), scripts={"go": go})


def test_containers_side_by_side():
    base = chain_game(Profile(ordering="order_of_play"))
    cmp = tt.compare_profiles(
        base,
        {"nested": {"container": "nested"}, "queue": {"container": "queue"}, "stack": {"container": "stack"}},
        play=["go:go"],
    )
    rows = {r["profile"]: r for r in cmp.rows()}
    assert rows["nested"]["var log"] == "[A, B, D, C]"
    assert rows["queue"]["var log"] == "[A, B, C, D]"
    assert rows["stack"]["var log"] == "[A, C, B, D]"
    assert all(r["outcomes"] == 1 and not r["order_dependent"] for r in rows.values())
    assert cmp.keys() == ["var log"]
    assert "nested: 1 outcome(s)" in str(cmp)
    assert "<table>" in cmp._repr_html_()
    assert base.state.vars["log"] == []  # the scenario itself is untouched


def test_ordering_policy_changes_how_many_outcomes_there_are():
    base = chain_game(Profile(ordering="order_of_play"))
    cmp = tt.compare_profiles(
        base,
        [Profile(ordering="order_of_play"), Profile(ordering="active_player_first")],
        play=["go:go"],
    )
    assert cmp.names == ["profile 1", "profile 2"]
    counts = [len(g) for g in cmp.games]
    # B and C trigger together: the active player may order them (C first: A, C, B, D)
    assert counts == [1, 2]
    assert cmp.reports[0] is None and cmp.reports[1].order_dependent
    logs_seen = sorted(r["var log"] for r in cmp.rows())
    assert logs_seen == ["[A, B, D, C]", "[A, B, D, C]", "[A, C, B, D]"]


def test_frame():
    cmp = tt.compare_profiles(
        lambda: chain_game(Profile(ordering="order_of_play")),
        {"q": {"container": "queue"}, "s": {"container": "stack"}},
        play=["go:go"],
    )
    frame = cmp.to_frame()
    assert list(frame["profile"]) == ["q", "s"]
    assert list(frame["var log"]) == ["[A, B, C, D]", "[A, C, B, D]"]
