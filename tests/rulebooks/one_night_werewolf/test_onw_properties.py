"""Property tests over random One Night Ultimate Werewolf games (tabletop.testing invariants)."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.games.one_night_werewolf.game import TOKENS, role_of, seat
from tabletop.testing import check_invariants, check_tracing_off_matches, random_playout

RB = tt.rulebook("one_night_werewolf")
ALL = sorted(TOKENS.elements())


@st.composite
def games(draw):
    n = draw(st.integers(3, 10))
    spec = {
        "seed": draw(st.integers(0, 10_000)),
        "players": n,
        "lone_wolf": draw(st.booleans()),
        "wake_by": draw(st.sampled_from(["dealt", "current"])),
    }
    if draw(st.booleans()):
        deck = draw(st.permutations(ALL))
        roles, rest = deck[: n + 3], deck[n + 3 :]
        if roles.count("mason") == 1:  # L218: both Masons or none
            roles[roles.index("mason")] = next(r for r in rest if r != "mason")
        if "insomniac" in roles and not {"robber", "troublemaker"} & set(roles):  # L226
            roles[roles.index("insomniac")] = "robber"
        spec["roles"] = ",".join(roles)
    return spec


def oracle(roles: dict[int, str], dead: set[int]) -> set[int]:
    """The winners by the text, L229-233, written independently of the rulebook."""
    village = {p for p, r in roles.items() if r not in ("werewolf", "minion", "tanner")}
    wolves = {p for p, r in roles.items() if r == "werewolf"}
    tanners = {p for p in dead if roles[p] == "tanner"}
    if dead & wolves:  # L229, L233 (the Tanner wins too)
        return village | tanners
    if tanners:  # L233: only the Tanner
        return tanners
    if wolves:  # L232
        return {p for p, r in roles.items() if r in ("werewolf", "minion")}
    if not dead:  # L230
        return village
    return set()  # L231: nobody (onw.assume.nobody_wins)


@settings(max_examples=60, deadline=None)
@given(spec=games(), agent_seed=st.integers(0, 1000), stop=st.integers(0, 20))
def test_random_games_keep_the_invariants_and_the_texts_win_conditions(spec, agent_seed, stop):
    game = RB.new_game(**spec)
    rng = random.Random(agent_seed)
    random_playout(game, rng, max_steps=stop)
    check_invariants(game)
    random_playout(game, rng)
    check_invariants(game)
    assert game.over
    st_ = game.state
    where = [seat(p) for p in range(spec["players"])] + ["c0", "c1", "c2"]
    # cards are conserved: the role cards at the positions are the cards in play
    assert Counter(st_.objects[s]["role"] for s in where) == Counter(st_.vars["roles"])
    # each player's final role is the card in front of them (L205, L221)
    roles = {int(p): r for p, r in game.result["roles"].items()}
    assert roles == {p: role_of(game, seat(p)) for p in range(spec["players"])}
    assert set(game.result["winners"]) == oracle(roles, set(game.result["dead"]))


@settings(max_examples=30, deadline=None)
@given(spec=games(), agent_seed=st.integers(0, 1000))
def test_views_show_only_what_a_player_was_shown(spec, agent_seed):
    """L177, L201, L204: nobody sees a card they were not shown; the centre starts hidden."""
    game = RB.new_game(**spec)
    for p in range(spec["players"]):
        assert seat(p) in [o for o, v in game.view(p)["objects"].items() if not v.get("hidden")]
    assert all(v.get("hidden") for v in game.view(None)["objects"].values())
    rng = random.Random(agent_seed)
    while game.decision is not None:
        for p in range(spec["players"]):
            for _oid, obj in game.view(p)["objects"].items():
                if not obj.get("hidden"):
                    assert obj["vis"] == "all" or p in obj["vis"]
                else:
                    assert "role" not in obj
        game.apply(rng.choice(game.legal()))


@settings(max_examples=20, deadline=None)
@given(spec=games(), agent_seed=st.integers(0, 1000))
def test_tracing_off_reaches_the_same_positions(spec, agent_seed):
    check_tracing_off_matches(RB, spec, random.Random(agent_seed))
