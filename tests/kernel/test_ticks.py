"""Ticks (issue 15, piece 11): a clock kept in the game's variables, declared schedules and timers, "wait k
ticks" and "wait until something happens" as one option that fast-forwards, simultaneous commits at a tick,
and one trace record for a run of idle ticks; on a toy lane duel.

The toy lane duel (Minion Masters flavoured, seed 000 L5-L7): two players, a lane of positions 0 to 3 with
player 0's podium at 0 and player 1's at 3 (L5: "the Masters stand on podiums at opposite ends of the
field"). Mana +1 every second, at most 5 (L6: "wait, save up mana"), starting at 1. At any tick a player
may play a card if mana allows (L5): an imp (cost 1, 1 hp, power 1, one position every 2 ticks) or a golem
(cost 3, 3 hp, power 2, one position every 3 ticks; L6's "Red Golem"); a card played is on cooldown for 2
ticks. A unit steps towards the enemy podium; an enemy unit in the way is fought instead (both deal their
power at once), and a unit that passes the last position hits the podium (3 hp) and is gone. A podium at 0
hp loses; both in the same tick: a draw (an assumption: the text does not say). After 120 ticks: a draw.
"""

from __future__ import annotations

import random

import pytest

from tabletop.analysis.explore import explore
from tabletop.core import Phase, Rule, Rulebook, RuleError, RuleTable, TaskTable
from tabletop.core.registry import load_game
from tabletop.core.ticks import Clock, Every, Timer
from tabletop.testing import check_tracing_off_matches, random_playout

LANE = 3
CARDS = {"imp": {"cost": 1, "hp": 1, "power": 1, "speed": 2}, "golem": {"cost": 3, "hp": 3, "power": 2, "speed": 3}}
RULES = RuleTable(
    [
        Rule("duel.tick", "Time runs in ticks; at each tick a player may play a card or wait.", source="000 L5"),
        Rule("duel.mana", "Mana +1 every second, at most 5: wait and save up mana.", source="000 L6"),
        Rule("duel.play", "Anyone may play a card at any time if mana allows.", source="000 L5"),
        Rule("duel.march", "Units march along the lane and fight what stands in their way.", source="000 L5"),
        Rule("duel.podium", "Whoever first destroys the other's podium wins.", source="000 L5"),
    ]
)


def actions(game, player):
    mana = game.state.players[player]["mana"]
    return [
        {"id": f"play:{card}", "label": f"play {card} ({spec['cost']} mana)"}
        for card, spec in CARDS.items()
        if spec["cost"] <= mana and CLOCK.left(game, f"{player}:{card}") is None
    ]


def play(game, *, player, choice):
    card = choice["id"].split(":", 1)[1]
    spec = CARDS[card]
    st = game.state
    st.update_player(player, mana=st.players[player]["mana"] - spec["cost"])
    unit = game.create("u", "lane", card=card, owner=player, controller=player, hp=spec["hp"])
    st.update(unit, pos=0 if player == 0 else LANE)
    game.record("action", f"player {player} plays {card} ({unit})", "duel.play", player=player)
    CLOCK.start(game, "cooldown", key=f"{player}:{card}", ticks=2)
    CLOCK.start(game, "step", key=unit, ticks=spec["speed"], every=True)
    CLOCK.wake(game)  # the other player's card is something happening


def march(game, *, key):
    st = game.state
    unit = st.objects[key]
    ahead = unit["pos"] + (1 if unit["owner"] == 0 else -1)
    if not 0 <= ahead <= LANE:
        enemy = 1 - unit["owner"]
        st.update_player(enemy, podium=st.players[enemy]["podium"] - CARDS[unit["card"]]["power"])
        game.record("event", f"{key} hits podium {enemy}", "duel.march")
        _gone(game, key)
        return
    foe = next((o for o in st.zone("lane") if st.objects[o]["owner"] != unit["owner"] and _at(st, o, ahead)), None)
    if foe is None:
        st.update(key, pos=ahead)
        return
    hit_foe, hit_me = CARDS[unit["card"]]["power"], CARDS[st.objects[foe]["card"]]["power"]
    game.record("event", f"{key} fights {foe}", "duel.march")
    for oid, hit in ((foe, hit_foe), (key, hit_me)):
        st.update(oid, hp=st.objects[oid]["hp"] - hit)
        if st.objects[oid]["hp"] <= 0:
            _gone(game, oid)


def _at(st, oid, pos):
    return st.objects[oid]["pos"] == pos


def _gone(game, oid):
    CLOCK.cancel(game, oid)
    game.destroy(oid)


def podiums(game):
    """State check: a podium at 0 hp ends the game (both at once: a draw, an assumption)."""
    if game.state.result is None and any(p["podium"] <= 0 for p in game.state.players):
        return [{"type": "podium_falls", "rule": "duel.podium"}]
    return []


def _on_podium_falls(game, ev):
    standing = [p for p, rec in enumerate(game.state.players) if rec["podium"] > 0]
    game.end_game(standing, reason="a podium is destroyed", rule="duel.podium")


def setup(game):
    for p in range(2):
        game.state.update_player(p, mana=1, podium=3)


def duel(**kw):
    tasks = TaskTable()
    tasks("duel.play")(play)
    tasks("duel.march")(march)
    clock = Clock(
        "duel.clock",
        rule="duel.tick",
        schedules=(Every("mana", rule="duel.mana", seconds=1.0, add=("mana", 1), cap=5),),
        timers=(
            Timer("cooldown", rule="duel.play", text="cooldown"),
            Timer("step", rule="duel.march", task="duel.march", wakes=False, text="step"),
        ),
        actions=actions,
        act="duel.play",
        tick_ms=500,
        limit=120,
        **kw,
    )
    clock.tasks(tasks)
    rb = Rulebook(
        id="duel",
        title="Lane duel",
        source="tests/kernel/test_ticks.py",
        players=(2, 2),
        rules=RULES,
        setup=setup,
        options=clock.options,
        flow=(Phase("battle", (clock.step,), rule="duel.tick"),),
        tasks=tasks,
        event_handlers={"podium_falls": _on_podium_falls},
        checks=(podiums,),
    )
    return rb, clock


DUEL, CLOCK = duel()


def tick(game):
    return CLOCK.now(game.table)


def mana(game):
    return [p["mana"] for p in game.state.players]


# ------------------------------------------------------------------ the clock is part of the position
def test_the_clock_and_its_timers_live_in_the_games_variables():
    game = DUEL.new_game()
    assert tick(game) == 1 and game.decision.kind == "commit"  # 000 L5: at the first tick both may act
    game.apply("play:imp").apply("wait:1")
    state = game.state.vars["duel.clock"]
    assert state["tick"] == 2 and [e[2:4] for e in state["timers"]] == [["cooldown", "0:imp"], ["step", "u1"]]
    loaded = load_game(game.to_json(), rulebook=DUEL)
    assert loaded.fingerprint() == game.fingerprint() and CLOCK.left(loaded.table, "0:imp") == 1
    clone = game.clone()
    clone.apply("wait:5").apply("wait:5")
    assert tick(clone) > tick(game) == 2 and game.state.vars["duel.clock"] == state  # the clone is its own
    other = DUEL.new_game()
    other.apply("play:imp").apply("wait:5")  # the same but player 1's wait: another position
    assert other.fingerprint() != game.fingerprint()


def test_mana_regenerates_as_declared_once_a_second_whatever_the_tick_length():
    """000 L6: mana accumulates over time; declared as an Every in seconds, so the tick length (an option)
    changes how many ticks a second lasts, not how fast mana comes."""
    slow = DUEL.new_game()  # 500 ms a tick: +1 at ticks 2, 4, 6, ...
    slow.apply("wait:5").apply("wait:5")
    assert tick(slow) == 6 and mana(slow) == [4, 4]  # 1 + ticks 2 and 4 and 6
    fast = DUEL.new_game(tick_ms=250)  # 250 ms: +1 at ticks 4, 8, ...
    fast.apply("wait:5").apply("wait:5")
    assert tick(fast) == 6 and mana(fast) == [2, 2]
    with pytest.raises(Exception, match="tick_ms"):
        DUEL.new_game(tick_ms=0)


def test_mana_stops_at_its_cap():
    game = DUEL.new_game()
    game.apply("wait:10").apply("wait:10")
    assert tick(game) == 11 and mana(game) == [5, 5]  # 1 + 5 (ticks 2..10), at most 5


# ------------------------------------------------------------------ waiting fast-forwards
def test_waiting_k_ticks_is_one_option_and_no_decision_opens_meanwhile():
    game = DUEL.new_game()
    game.apply("wait:10").apply("wait:10")
    assert len(game.history) == 2 and tick(game) == 11  # ticks 2-10 ran with no decision
    assert [o.id for o in game.decision.options][-4:] == ["wait:1", "wait:5", "wait:10", "wait:event"]


def test_a_player_who_waits_is_not_asked_while_the_other_plays_on():
    game = DUEL.new_game()
    game.apply("wait:1").apply("wait:10")  # player 1 waits 10 ticks, player 0 is asked alone at tick 2
    assert tick(game) == 2 and game.decision.kind == "tick" and game.decision.player == 0
    assert CLOCK.asleep(game.table, 1) == [11, False, []]
    # a wait is a plan only its player knows: player 0 sees that player 1 does nothing, not until when
    assert game.view(1)["private"] == {"duel.clock.wait": [11, False, []]} and "private" not in game.view(0)
    game.apply("wait:5")
    assert tick(game) == 7 and game.decision.player == 0  # nobody was asked at ticks 3-6
    for _ in range(4):
        game.apply("wait:1")
    assert tick(game) == 11 and game.decision.kind == "commit"  # both again, at once


def test_waiting_until_something_happens_wakes_when_the_players_options_change():
    """ "the next time he may act": at tick 4 mana reaches 3 and a golem can be played (000 L6)."""
    game = DUEL.new_game()
    game.apply("wait:event").apply("wait:event")
    assert tick(game) == 4 and mana(game) == [3, 3] and game.decision.kind == "commit"
    assert "play:golem" in {o.id for o in game.decision.options}


def test_waiting_until_something_happens_wakes_at_the_others_play_or_a_timer():
    game = DUEL.new_game()
    game.apply("play:imp").apply("wait:event")
    # player 0's imp, played in the same tick, is something happening: player 1 is asked at the next tick;
    # player 0 has nothing to play (no mana, his imp cools down) and is not asked
    assert tick(game) == 2 and game.decision.player == 1 and game.decision.kind == "tick"
    game.apply("wait:event")
    # the cooldown of 0:imp ends at tick 3 (a timer that wakes; the imp's step does not): player 1 is asked,
    # and player 0 too (his imp again, with the mana of tick 2), at once
    assert tick(game) == 3 and game.decision.kind == "commit"
    game.apply("wait:10").apply("wait:event")
    assert tick(game) == 4 and game.decision.player == 1  # mana 3: the golem
    assert "play:golem" in {o.id for o in game.decision.options}
    game = DUEL.new_game()
    game.apply("wait:event").apply("wait:10")
    assert tick(game) == 4 and game.decision.player == 0  # (the golem: player 0's options changed)
    game.apply("play:imp")
    assert CLOCK.asleep(game.table, 1) == [11, False, []]  # a wait of 10 ticks is not woken by it


def test_the_horizon_bounds_waiting_for_something_that_does_not_come():
    rb, clock = duel(horizon=3, waits=(1, 2))
    game = rb.new_game()
    game.apply("wait:event").apply("wait:event")
    assert clock.now(game.table) == 4  # woken at tick 4 by the horizon and by the golem alike
    rb, clock = duel(horizon=2, waits=(1, 2))
    game = rb.new_game()
    game.apply("wait:event").apply("wait:event")
    assert clock.now(game.table) == 3 and mana(game) == [2, 2]  # the horizon first: nothing changed


# ------------------------------------------------------------------ declared timers
def test_a_cooldown_is_a_timer_its_option_comes_back_when_it_ends():
    game = DUEL.new_game()
    game.apply("play:imp").apply("wait:1")
    # tick 2: player 0 has mana 1 again, but his imp cools down until tick 3: nothing to do, not asked
    assert tick(game) == 2 and CLOCK.left(game.table, "0:imp") == 1 and mana(game)[0] == 1
    assert game.decision.player == 1 and game.table.state.decision["kind"] == "tick"
    game.apply("wait:1")
    assert tick(game) == 3 and CLOCK.left(game.table, "0:imp") is None and game.decision.kind == "commit"
    assert game.decision.player == 0 and "play:imp" in {o.id for o in game.decision.options}


def test_a_unit_moves_one_position_every_n_ticks_by_a_repeating_timer():
    game = DUEL.new_game(tick_ms=250)
    game.apply("play:imp").apply("wait:10")  # player 0: no mana until tick 4
    positions = []
    while tick(game) < 8:
        positions.append((tick(game), game.state.objects["u1"]["pos"]))
        game.apply("wait:1")
    assert positions[0] == (4, 1) and CLOCK.left(game.table, "u1") == 1  # stepped at ticks 3, 5, 7
    assert game.state.objects["u1"]["pos"] == 3


def test_units_that_meet_fight_and_a_timer_cancelled_in_its_own_tick_does_not_run():
    game = DUEL.new_game()
    game.apply("play:imp").apply("play:imp")  # u1 from 0, u2 from 3; both step at ticks 3, 5, ...
    while tick(game) < 4:
        game.apply("wait:1")
    assert tick(game) == 4 and [game.state.objects[u]["pos"] for u in ("u1", "u2")] == [1, 2]
    while tick(game) < 5:
        game.apply("wait:1")
    # tick 5: u1's step meets u2 and both fall; u2's step, due at the same tick, finds its timer cancelled
    assert "u1" not in game.state.objects and "u2" not in game.state.objects
    assert CLOCK.left(game.table, "u1") is None and CLOCK.left(game.table, "u2") is None


def test_imps_that_reach_the_podium_destroy_it_and_the_check_ends_the_game():
    """000 L5: whoever first destroys the other's podium wins."""
    game = DUEL.new_game()
    while not game.over:
        legal = game.legal()
        game.apply("play:imp" if game.decision.player == 0 and "play:imp" in legal else "wait:10")
    # imps played at ticks 1, 3, 5 (cooldown and mana both allow one each 2 ticks), each 4 steps of 2 ticks
    assert game.result["winners"] == [0] and tick(game) == 13 and game.state.players[1]["podium"] == 0


def test_bad_declarations_are_refused_with_the_thing_named():
    with pytest.raises(RuleError, match=r"'mana'.*ticks or as seconds"):
        Every("mana", rule="r", add=("mana", 1))
    with pytest.raises(RuleError, match="either adds"):
        Every("mana", rule="r", ticks=2)
    with pytest.raises(RuleError, match="waits"):
        Clock("c", rule="r", waits=(0, 3))
    with pytest.raises(RuleError, match="horizon"):
        Clock("c", rule="r", horizon=0)
    with pytest.raises(RuleError, match="distinct names"):
        Clock("c", rule="r", timers=(Timer("t", rule="r"), Timer("t", rule="r")))
    game = DUEL.new_game()
    with pytest.raises(RuleError, match="no timer 'nap'"):
        CLOCK.start(game.table, "nap", key="x", ticks=2)
    with pytest.raises(RuleError, match="positive"):
        CLOCK.start(game.table, "cooldown", key="x", ticks=0)


# ------------------------------------------------------------------ simultaneous or in turn
def test_both_players_commit_at_once_as_one_joint_step():
    """000 L5: anyone plays at any time; in a tick both choose without seeing the other's choice."""
    graph = explore(DUEL.new_game(), depth=1)
    options = [d["option"] for _, _, d in graph.graph.edges(data=True)]
    assert "0=play:imp+1=play:imp" in options and "0=wait:event+1=wait:event" in options
    # 5 x 5 commits, but waiting until something happens while the other plays is waiting one tick (the play
    # in the same tick wakes the waiter): the two meet in one position, so 23 edges lead to 23 positions
    assert len(options) == 23 and len(graph.graph) == 24


def test_asked_in_turn_the_second_player_sees_what_the_first_did():
    rb, _ = duel(simultaneous=False)
    game = rb.new_game()
    assert game.decision.kind == "tick" and game.decision.player == 0
    game.apply("play:imp")
    assert game.decision.player == 1 and "u1" in game.state.objects  # played before player 1 chooses


# ------------------------------------------------------------------ compact traces
def test_a_run_of_idle_ticks_is_one_trace_record():
    game = DUEL.new_game()
    game.apply("wait:10").apply("wait:10")
    ticks = [r for r in game.trace.of_kind("flow") if r["data"].get("clock") == "duel.clock"]
    assert [r["summary"] for r in ticks] == [
        "tick 1 (0.5 s): player 0 may act, player 1 may act",
        "ticks 2-10 passed, nothing happened (mana x5)",
        "tick 11 (5.5 s): player 0 may act, player 1 may act",
    ]
    rb, _ = duel(compact=False)
    full = rb.new_game()
    full.apply("wait:10").apply("wait:10")
    each = [r for r in full.trace.of_kind("flow") if r["data"].get("clock") == "duel.clock"]
    assert len(each) == 11 and each[4]["summary"] == "tick 5 (2.5 s): nothing happened"
    assert full.fingerprint() == game.fingerprint()  # the trace differs, not the game


def test_a_tick_with_a_timer_is_traced_and_what_it_runs_cites_it():
    game = DUEL.new_game(tick_ms=250)
    game.apply("play:imp").apply("wait:10")
    recs = {r["summary"]: r for r in game.trace.of_kind("flow") if r["data"].get("clock") == "duel.clock"}
    assert "tick 2 passed, nothing happened" in recs and "tick 3 (0.75 s): cooldown of 0:imp, step of u1" in recs
    assert recs["tick 3 (0.75 s): cooldown of 0:imp, step of u1"]["data"]["tick"] == 3


def test_the_time_limit_ends_the_game_as_a_draw_and_closes_the_idle_run():
    rb, _ = duel(waits=(1, 200))
    game = rb.new_game()
    game.apply("wait:200").apply("wait:200")
    assert game.over and game.result["draw"] and game.result["reason"] == "time is up (tick 120)"
    last = [r for r in game.trace.of_kind("flow") if r["data"].get("clock") == "duel.clock"][-1]
    assert last["summary"] == "ticks 2-120 passed, nothing happened (mana x60)"


# ------------------------------------------------------------------ property tests over random playouts
def _agent(rng, legal):
    plays = [o for o in legal if o.startswith("play:")]
    return rng.choice(plays * 2 + legal) if plays else rng.choice(legal)


@pytest.mark.parametrize("seed", range(8))
def test_random_playouts_end_and_round_trip(seed):
    rng = random.Random(seed)
    game = DUEL.new_game(seed=seed)
    steps = 0
    while game.state.decision is not None and steps < 600:
        if steps % 7 == 0:
            fp = game.fingerprint()
            loaded = load_game(game.to_json(), rulebook=DUEL)
            assert loaded.fingerprint() == fp and loaded.legal() == game.legal()
            assert game.replay().fingerprint() == fp
            clone = game.clone()
            random_playout(clone, random.Random(seed), max_steps=6)
            assert game.fingerprint() == fp
        game.apply(_agent(rng, game.legal()))
        steps += 1
    assert game.over and tick(game) <= 120
    recs = [r for r in game.trace.of_kind("flow") if r["data"].get("clock") == "duel.clock"]
    covered = [
        t
        for r in recs
        for t in (
            range(r["data"]["ticks"][0], r["data"]["ticks"][1] + 1) if "ticks" in r["data"] else [r["data"]["tick"]]
        )
    ]
    assert covered == list(range(1, len(covered) + 1))  # every tick once, in order, idle runs merged


@pytest.mark.parametrize("seed", range(4))
def test_untraced_plays_as_traced(seed):
    check_tracing_off_matches(DUEL, {"seed": seed}, random.Random(seed))


# (line of seed 000, words on it): what each citation of docs/ticks.md and of this file rests on
CITED = [
    (5, "в любое время"),  # Minion Masters: anyone plays a card at any time
    (5, "если позволяет мана"),  # ... if mana allows
    (5, "разрушит подиум"),  # whoever first destroys the podium wins
    (6, "подкопить ману"),  # wait and save up mana
    (6, "Красного Голема"),  # the Red Golem
    (7, "держите под контролем мосты"),  # XP while you hold the bridges
    (81, "три линии"),  # Paragon: three lanes along which minions run
    (85, "фонтан здоровья и маны"),  # the Well
    (87, "элитные миньоны"),  # elite minions after the inhibitor falls
    (88, "сборщик наполнен"),  # the harvester: collect when full
    (89, "респаунятся"),  # jungle minions respawn
    (90, "регенерацию маны"),  # the blue buff
    (97, "больше минуты"),  # respawn takes over a minute
]


@pytest.mark.parametrize(("line", "words"), CITED)
def test_a_cited_line_holds_its_words(seed_text, line, words):
    lines = seed_text("000_7fc8e0fd1bcbc422.txt").splitlines()
    assert words.lower() in lines[line - 1].lower()


def test_the_ticks_page_cites_these_lines_and_its_doctest_runs():
    import doctest
    import re
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "ticks.md"
    page = path.read_text(encoding="utf-8")
    for line, _words in CITED:
        assert re.search(rf"\bL{line}\b", page), line
    failures, tried = doctest.testfile(str(path), module_relative=False)
    assert tried >= 5 and failures == 0


def test_the_example_of_docs_ticks_md_runs():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "ticks.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/ticks.md", "exec"), {})


def test_a_timer_started_anew_in_its_own_tick_ends_at_its_new_time_not_now():
    """Two timers end at tick 2; the first starts the second anew for 3 ticks: it ends at tick 5, once."""
    tasks = TaskTable()
    ends = []

    def first(game, *, key):
        CLOCK_B.start(game, "b", key="kb", ticks=3)

    def second(game, *, key):
        ends.append(CLOCK_B.now(game))

    def begin(game):
        CLOCK_B.start(game, "a", key="ka", ticks=2)
        CLOCK_B.start(game, "b", key="kb", ticks=2)

    tasks("t.first")(first)
    tasks("t.second")(second)
    CLOCK_B = Clock(
        "t.clock",
        rule="duel.tick",
        timers=(Timer("a", rule="duel.tick", task="t.first"), Timer("b", rule="duel.tick", task="t.second")),
        limit=8,
    )
    CLOCK_B.tasks(tasks)
    rb = Rulebook(
        id="t",
        title="timers",
        source="test",
        players=(1, 1),
        rules=RULES,
        setup=begin,
        flow=(Phase("p", (CLOCK_B.step,), rule="duel.tick"),),
        tasks=tasks,
    )
    game = rb.new_game()
    assert game.over and ends == [5]
