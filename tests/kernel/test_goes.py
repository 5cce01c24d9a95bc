"""Rounds of goes (issue 15, piece 5): players alternate single actions from a start player; a pass is not
final unless the rulebook says so; the goes end when every player still in has passed in succession. On a
toy rulebook.

The toy (Warlord's Orders Phase flavoured, seed 004 L66/L230, L88/L258): three players and a pile of 4
coins. Each round has a ready step (round 4 ends the game, most coins wins) and an orders phase of goes.
On a go a player may take a coin from the pile, put one of theirs back, or pass.
"""

from __future__ import annotations

import random

import pytest

from tabletop.core import Phase, RuleError, TaskTable
from tabletop.core.goes import Goes
from tabletop.core.registry import load_game
from tabletop.testing import check_tracing_off_matches, random_playout

from .toybook import log, logged, make

tasks = TaskTable()


@tasks("toy.order")
def order(game, *, player):
    """One go: one order (take, put back) or a pass (004 L66: "one (only one) order")."""
    coins = game.state.vars["coins"]
    options = [{"id": "take", "label": "take a coin"}] if game.state.vars["pile"] else []
    options += [{"id": "back", "label": "put a coin back"}] if coins[player] else []
    options.append({"id": "pass", "label": "pass"})
    game.ask(player, "order", options, ordered, args={"player": player}, rule="toy.turn")


@tasks("toy.ordered")
def ordered(game, *, player, choice):
    st = game.state
    what = choice["id"]
    log(game, f"{player}:{what}")
    if what == "pass":
        GOES_OF[game.rulebook.id_of_goes].pass_go(game)  # the go's action says it passed
        return
    coins = list(st.vars["coins"])
    coins[player] += 1 if what == "take" else -1
    st.set_var("coins", coins)
    st.set_var("pile", st.vars["pile"] - (1 if what == "take" else -1))


@tasks("toy.ready")
def ready(game):
    """Each round begins here; at round 4 the game ends, most coins winning."""
    st = game.state
    if st.turn["round"] > 3:
        coins = st.vars["coins"]
        game.end_on_scores({str(p): c for p, c in enumerate(coins)}, reason="most coins", rule="toy.turn")
        return
    if game.rulebook.rotate:
        st.set_turn(first=(st.turn["round"] - 1) % game.players)  # the start player moves on each round (004 L63/L227)


ORDERS = Goes("orders", action=order, rule="toy.turn")
FINAL = Goes("final_orders", action=order, final_pass=True, rule="toy.turn")
ACTIVE = Goes("active_orders", action=order, start="active", rule="toy.turn")
GOES_OF = {"orders": ORDERS, "final_orders": FINAL, "active_orders": ACTIVE}
for spec in GOES_OF.values():
    spec.tasks(tasks)


def toy(spec=ORDERS, *, rotate=False, first=0, players=3, pile=4, turns=False):
    """The toy; ``turns``: the goes are a step of each player's turn (not a phase of the round)."""
    goes = Phase("turn", ("toy.begin", spec), each_player=True, rule="toy.turn") if turns else Phase("orders", (spec,))
    rb = make(
        flow=(Phase("ready", ("toy.ready",), rule="toy.turn"), goes),
        tasks=dict(tasks),
        first=first,
        players=players,
        vars={"pile": pile, "coins": [0] * players},
    )
    rb.id_of_goes = spec.name
    rb.rotate = rotate
    return rb


TOY = toy()


def play(game, *choices):
    for c in choices:
        game.apply(c)
    return game


def whose(game):
    return game.decision.player


# -------------------------------------------------------------------------------------- the rules
def test_goes_alternate_in_seat_order_from_the_first_player_one_action_each():
    """004 L66: the player who seized the initiative gives one order, then the player on the left..."""
    game = toy(first=1).new_game()
    seen = []
    for c in ("take", "take", "take", "take"):
        seen.append(whose(game))
        game.apply(c)
    assert seen == [1, 2, 0, 1]
    assert game.state.vars["coins"] == [1, 2, 1]


def test_a_pass_is_not_final_and_the_goes_end_after_every_player_passes_in_succession():
    """004 L88/L258: "If you pass but the turn is not yet over, you can still take actions later this turn"."""
    game = TOY.new_game()
    play(game, "pass", "pass", "take")  # player 2's order starts the count again
    assert whose(game) == 0 and ORDERS.passes(game.table) == 0
    play(game, "take")  # player 0, who passed, gives an order again
    play(game, "pass", "pass")
    assert whose(game) == 0 and ORDERS.running(game.table)  # two in succession of three: not over
    play(game, "pass")  # the third in succession: the goes end, and with them round 1
    assert game.state.turn["round"] == 2 and whose(game) == 0  # round 2's goes
    assert ORDERS.passes(game.table) == 0
    assert logged(game) == ["0:pass", "1:pass", "2:take", "0:take", "1:pass", "2:pass", "0:pass"]


def test_with_a_final_pass_a_player_who_passed_takes_no_more_goes():
    """The option a rulebook gives when passing is final (Dice Throne Missions' "Ready to attack!", 002 L76)."""
    game = toy(FINAL).new_game()
    play(game, "pass", "take", "take")  # player 0 is done
    assert whose(game) == 1  # player 0 is passed over
    play(game, "take", "pass")  # player 1 takes, player 2 passes
    assert whose(game) == 1  # neither player 0 nor player 2: the last one still in goes on alone
    play(game, "take")
    assert whose(game) == 1
    play(game, "pass")
    assert game.state.turn["round"] == 2
    assert logged(game) == ["0:pass", "1:take", "2:take", "1:take", "2:pass", "1:take", "1:pass"]
    passes = [r["summary"] for r in game.trace.of_kind("flow") if " passes " in r["summary"]]
    assert passes == [f"player {p} passes and takes no more goes ({n} passed)" for p, n in ((0, 1), (2, 2), (1, 3))]


def test_the_same_play_under_a_pass_that_is_not_final_gives_the_passer_another_go():
    game = TOY.new_game()
    play(game, "pass", "take", "take")
    assert whose(game) == 0  # (with FINAL this would be player 1: see the test above)


def test_the_start_player_can_be_the_active_player_in_goes_inside_each_players_turn():
    """Nebozhiteli's end of turn (003 L78): in the active player's turn, "the active and the passive
    players have a last chance" to act: goes inside each turn, from the active player."""
    game = toy(ACTIVE, turns=True, players=2).new_game()
    assert game.state.turn["player"] == 0 and whose(game) == 0
    play(game, "take", "take", "pass", "pass")  # player 0's turn: goes 0, 1, 0, 1
    assert game.state.turn["player"] == 1 and whose(game) == 1  # player 1's turn: its goes start with player 1
    play(game, "pass")
    assert whose(game) == 0 and game.state.turn["player"] == 1  # the passive player's go, in player 1's turn
    assert logged(game) == ["0:take", "1:take", "0:pass", "1:pass", "1:pass"]


def test_a_start_player_that_moves_between_rounds_starts_the_next_goes():
    """Warlord rolls for initiative each round (004 L63/L227): the rulebook moves the first player, the goes follow."""
    game = toy(rotate=True).new_game()
    assert whose(game) == 0
    play(game, "pass", "pass", "pass")
    assert whose(game) == 1  # round 2 begins with player 1
    play(game, "pass", "pass", "pass")
    assert whose(game) == 2


def test_a_player_out_of_the_game_takes_no_go_and_is_not_counted():
    game = TOY.new_game()
    play(game, "take")
    game.table.eliminate(2)  # (between goes: say a rule took player 2 out)
    play(game, "pass")  # player 1
    assert whose(game) == 0  # player 2 is passed over
    play(game, "pass")
    assert game.state.turn["round"] == 2  # two passes in succession: all the players still in


def test_goes_are_plain_data_that_save_clone_and_resume_mid_round():
    game = TOY.new_game()
    play(game, "pass", "take", "pass")
    saved = game.to_json()
    assert '"goes:orders"' in saved
    loaded = load_game(saved, rulebook=TOY)
    clone = game.clone()
    for g in (game, loaded, clone):
        play(g, "pass", "pass")  # players 0 and 1: with player 2's, three in succession
    assert game.fingerprint() == loaded.fingerprint() == clone.fingerprint()
    assert game.state.turn["round"] == 2 and game.replay().fingerprint() == game.fingerprint()


def test_the_trace_says_whose_go_it_is_who_passed_and_when_the_goes_end():
    game = TOY.new_game()
    play(game, "take", "pass", "pass", "pass")
    flows = [r["summary"] for r in game.trace.of_kind("flow") if "go" in r["summary"] or "pass" in r["summary"]]
    assert flows[:6] == [
        "orders: player 0's go",
        "orders: player 1's go",
        "player 1 passes (1 in succession)",
        "orders: player 2's go",
        "player 2 passes (2 in succession)",
        "orders: player 0's go",
    ]
    assert "every player still in has passed: orders ends" in flows


def test_the_explorer_walks_the_goes():
    import tabletop as tt

    graph = tt.explore(toy(players=2, pile=1).new_game(), depth=3)
    assert graph.distinct[:2] == [1, 2] and not graph.truncated  # player 0 takes or passes
    # two passes in succession end round 1's goes; a take in between does not
    games = graph.games.values()
    assert {g.state.turn["round"] for g in games} == {1, 2}
    after = {tuple(h["option"] for h in g.history): g.state.turn["round"] for g in games}
    assert after[("pass", "pass")] == 2 and after[("pass", "take", "pass")] == 1


def test_bad_specs_and_calls_are_refused_with_the_goes_named():
    with pytest.raises(RuleError, match=r"'orders'.*start"):
        Goes("orders", action=order, start="last")
    with pytest.raises(RuleError, match="final_pass"):
        Goes("orders", action=order, final_pass="yes")
    game = TOY.new_game()
    play(game, "pass", "pass", "pass")
    game.state.turn.pop(ORDERS.key)  # (as if the goes had not started)
    with pytest.raises(RuleError, match="'orders' are not under way"):
        ORDERS.pass_go(game.table)
    running = TOY.new_game()
    with pytest.raises(RuleError, match="'orders' are under way already"):
        tasks["orders"](running.table, {})  # the goes' step run again inside them


def test_the_example_of_docs_goes_md_runs():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "goes.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/goes.md", "exec"), {})


# ------------------------------------------------------------------ property tests over random playouts
@pytest.mark.parametrize("spec", [ORDERS, FINAL], ids=["pass_not_final", "final_pass"])
@pytest.mark.parametrize("seed", range(6))
def test_random_playouts_end_and_round_trip(spec, seed):
    rb = toy(spec, rotate=seed % 2 == 1)
    rng = random.Random(seed)
    game = rb.new_game(seed=seed)
    steps = 0
    while game.state.decision is not None and steps < 2000:
        if steps % 7 == 0:
            fp = game.fingerprint()
            loaded = load_game(game.to_json(), rulebook=rb)
            assert loaded.fingerprint() == fp and loaded.legal() == game.legal()
            assert game.replay().fingerprint() == fp
            clone = game.clone()
            random_playout(clone, random.Random(seed), max_steps=5)
            assert game.fingerprint() == fp
        # the goes' invariant: the player asked is the go's player, and the count is below the players still in
        count = game.state.turn.get(spec.key)
        if count is not None:
            assert whose(game) == count["player"]
            assert count["passes"] < len(game.state.seat_order())
        legal = game.legal()
        game.apply(rng.choice([o for o in legal if o != "pass"] * 2 + ["pass"]))
        steps += 1
    assert game.over and game.state.turn["round"] == 4


@pytest.mark.parametrize("spec", [ORDERS, FINAL], ids=["pass_not_final", "final_pass"])
@pytest.mark.parametrize("seed", range(3))
def test_untraced_plays_as_traced(spec, seed):
    check_tracing_off_matches(toy(spec, rotate=True), {"seed": seed}, random.Random(seed))
