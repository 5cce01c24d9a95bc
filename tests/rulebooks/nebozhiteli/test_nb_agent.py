"""The greedy agent (tabletop.games.nebozhiteli.agent) and the rulebook's evaluate: legal choices, full games,
and play better than random on a fixed list of seeds (deterministic: the seeds fix every choice)."""

from nb import RB, game, one, side, until

from tabletop.analysis.agents import RandomAgent
from tabletop.games.nebozhiteli import NebozhiteliAgent
from tabletop.games.nebozhiteli.agent import block_choice

SEEDS = range(6)


def play(seed, agents):
    g = RB.new_game(seed=seed, tracing=False)
    for _ in range(5_000):
        if g.over:
            break
        p = g.decision.player
        choice = agents[p].choose(g, p)
        assert choice in g.legal()
        g.apply(choice)
    assert g.over
    return g


def test_the_agent_beats_random_play_from_either_seat():
    wins = 0
    for seed in SEEDS:
        for seat in (0, 1):
            agents = [RandomAgent(seed=seed), RandomAgent(seed=seed)]
            agents[seat] = NebozhiteliAgent(seed=seed)
            wins += seat in play(seed, agents).result["winners"]
    assert wins >= 10, wins


def test_the_evaluation_sees_a_deck_about_to_run_out():
    """L35 (nb.deck_out): a side whose next refill would empty its creature deck is as good as lost."""
    safe = game(side(creatures={"ghoul": 2}))
    doomed = game(side(creatures={"ghoul": 1}, summoning=[{"card": "ghoul"}] * 4))
    assert RB.evaluate(safe.table, 0) - RB.evaluate(doomed.table, 0) > 400


def test_a_blocker_blocks_what_it_kills_and_survives():
    g = game(
        side([{"card": "vale_knight", "items": ["greataxe"]}, {"card": "skeleton", "lives": 1}]),
        side([{"card": "lich", "lives": 3}]),
    )
    until(g, lambda g: g.decision.kind == "attack")
    knight, skel = one(g, "field:0", "vale_knight"), one(g, "field:0", "skeleton")
    g.apply(f"pick:{knight}+{skel}")
    lich = one(g, "field:1", "lich")
    assert block_choice(g) == f"block:{lich}>{skel}"


def test_two_agents_play_a_whole_game():
    g = play(0, [NebozhiteliAgent(seed=1), NebozhiteliAgent(seed=2)])
    assert g.result["rule"] in ("nb.assume.win", "nb.deck_out")
