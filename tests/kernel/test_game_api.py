"""The Game API around the engine: pause/clone/save/load/resume, tracing, chance, errors, labels,
the graph of causes and per-player views."""

from __future__ import annotations

import networkx as nx
import pytest

import tabletop as tt
from tabletop.core import CHANCE, Ability, GameOver, IllegalOption, Profile, TabletopError

from .toybook import creature, emits, game_of, log, logged, logs, ping


def trace_summary(game):
    return [(r["kind"], r["summary"], r["rule"], r["cause"], r["player"]) for r in game.trace.records]


def paused_game(tracing=True):
    """Four triggers of two players, a chain under a queue: paused at player 1's order_triggers."""
    objects = [
        creature("b1", 1, logs("b1", then=emits("sig", tag="x"))),
        creature("a1", 0, logs("a1")),
        creature("b2", 1, logs("b2")),
        creature("a2", 0, logs("a2", then=emits("sig", tag="y"))),
        creature("s", 0, logs("s", "sig", forced=False)),
    ]
    profile = Profile(container="queue", replacements="most_recent", rules={"order": "toy.turn"})
    game = game_of(profile, objects, scripts={"ping": ping(player=0)}, tracing=tracing)
    game.apply("end").apply("go:ping")
    assert (game.decision.player, game.decision.kind) == (1, "order_triggers")
    return game


CHOICES = ["1:b2#0", "0:a1#0", "use", "decline", "go:ping", "0:b1#0", "1:a2#0", "decline", "use", "end"]


def play(game, choices):
    fingerprints = []
    for c in choices:
        game.apply(c)
        fingerprints.append(game.fingerprint())
    return fingerprints


def test_pause_clone_save_load_resume():
    """At every pause (ordering triggers, an optional trigger with another one queued, an action),
    a clone and a saved-and-loaded copy resume exactly as the original does."""
    game = paused_game()
    kinds = []
    for i, choice in enumerate(CHOICES):
        kinds.append(game.decision.kind)
        text = game.to_json()
        copy = game.clone()
        loaded = tt.load_game(text, rulebook=game.rulebook)
        assert loaded.fingerprint() == copy.fingerprint() == game.fingerprint()
        assert loaded.to_json() == text
        assert loaded.profile == game.profile
        assert loaded.decision == game.decision
        assert trace_summary(loaded) == trace_summary(game)
        rest = CHOICES[i:]
        runs = [play(g, rest) for g in (game.clone(), copy, loaded)]
        assert runs[0] == runs[1] == runs[2]
        assert trace_summary(copy) == trace_summary(loaded)
        assert logged(copy) == logged(loaded)
        game.apply(choice)
    assert kinds == [
        "order_triggers",
        "order_triggers",
        "optional_trigger",
        "optional_trigger",
        "action",
        "order_triggers",
        "order_triggers",
        "optional_trigger",
        "optional_trigger",
        "action",
    ]
    assert logged(game) == ["b2", "b1", "a1", "a2", "s", "b1", "b2", "a2", "a1", "s"]
    assert game.history == loaded.history
    assert trace_summary(game) == trace_summary(loaded)


def test_a_pause_with_a_trigger_waiting_in_the_queue_survives_json():
    game = paused_game().apply("1:b2#0").apply("0:a1#0")
    assert game.decision.kind == "optional_trigger" and len(game.state.queue) == 1
    loaded = tt.load_game(game.to_json(), rulebook=game.rulebook)
    assert loaded.state.queue == game.state.queue
    assert play(loaded, ["use", "use"]) == play(game, ["use", "use"])


def test_clones_are_independent():
    game = paused_game()
    fp, n = game.fingerprint(), len(game.trace)
    child = game.child("0:b1#0")
    assert child.fingerprint() != fp
    assert (game.fingerprint(), len(game.trace), game.decision.ids) == (fp, n, ["0:b1#0", "1:b2#0"])


def test_load_game_needs_the_right_rulebook():
    game = paused_game()
    with pytest.raises(TabletopError, match="toy"):
        tt.load_game(game.to_json())  # the toy rulebook is not installed
    other = tt.rulebook("memory")
    with pytest.raises(TabletopError, match="saved from rulebook 'toy', not 'memory'"):
        tt.load_game(game.to_json(), rulebook=other)


def test_tracing_off_gives_the_same_fingerprints():
    on, off = paused_game(tracing=True), paused_game(tracing=False)
    assert on.fingerprint() == off.fingerprint()
    assert len(off.trace) == 0 and len(on.trace) > 0
    assert play(on, CHOICES) == play(off, CHOICES)
    assert logged(on) == logged(off)
    switched = paused_game().clone(tracing=False)
    assert play(switched, CHOICES) == play(paused_game(), CHOICES)


# ------------------------------------------------------------------ chance
def roll(game):
    game.ask(
        CHANCE,
        "roll",
        [{"id": str(k), "label": f"a {k}"} for k in range(1, 7)],
        "toy.rolled",
        prompt="roll a die",
        probs=[0.5, 0.1, 0.1, 0.1, 0.1, 0.1],
        stream="die",
    )


def rolled(game, args):
    log(game, f"rolled {args['choice']['id']}")


def dice_game(seed=0, chance="sample"):
    return game_of(Profile(), [], seed=seed, chance=chance, scripts={"roll": roll}, tasks={"toy.rolled": rolled})


def test_manual_chance_lets_the_test_pick_the_outcome():
    game = dice_game(chance="manual").apply("go:roll")
    d = game.decision
    assert d.is_chance and d.player == CHANCE and d.kind == "roll"
    assert [o.probability for o in d.options] == [0.5, 0.1, 0.1, 0.1, 0.1, 0.1]
    fp = game.fingerprint()
    game.apply("a 6")  # a natural six, by label
    assert logged(game) == ["rolled 6"]
    assert game.history[-1] == {"player": CHANCE, "kind": "roll", "option": "6", "auto": False}
    assert game.trace.of_kind("chance")[-1]["data"]["option"] == "6"
    assert game.fingerprint() != fp


def rolls(seed, n=12):
    game = dice_game(seed)
    for _ in range(n):
        game.apply("go:roll")
    assert all(h["auto"] for h in game.history if h["kind"] == "roll")
    return logged(game)


def test_sampled_chance_is_deterministic_by_seed():
    assert rolls(3) == rolls(3)
    assert len({tuple(rolls(seed)) for seed in range(5)}) > 1
    counts = [r for seed in range(20) for r in rolls(seed)]
    assert counts.count("rolled 1") > counts.count("rolled 2")  # weighted: one is five times as likely
    game = dice_game(3).apply("go:roll")
    assert game.state.rng["die"] == dice_game(3).apply("go:roll").state.rng["die"]


def test_replay_reproduces_a_game():
    game = paused_game()
    play(game, CHOICES)
    again = game.replay()
    assert again.fingerprint() == game.fingerprint()


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize("choice", ["no-such-option", "9:b1#0", 7])
def test_illegal_option_changes_nothing(choice):
    game = paused_game()
    before = (game.fingerprint(), len(game.trace), list(game.history), game.decision)
    with pytest.raises(IllegalOption, match=repr(str(choice))) as info:
        game.apply(choice)
    assert "order_triggers" in str(info.value) and "'0:b1#0'" in str(info.value)
    assert (game.fingerprint(), len(game.trace), game.history, game.decision) == before
    game.apply("0:b1#0")  # and it goes on normally


def test_a_step_that_fails_half_way_is_undone_in_every_part_of_the_state():
    """A script that changes every part of the state and then raises: apply re-raises and the game is as
    it was, bookkeeping (random streams, counters) included, with its trace and history."""

    def wreck(game):
        st = game.state
        st.update("a", hp=99)
        st.put("a", "grave")
        st.update_player(0, life=1)
        st.set_turn(player=1)
        st.set_var("log", ["wrecked"])
        st.queue.append({"x": 1})
        st.modifiers.append({"x": 1})
        st.effects.append({"x": 1})
        st.delayed.append({"x": 1})
        st.uses["u"] = 3
        st.rng["s"] = 5
        st.counters["id"] += 7
        st.work.append(("toy.act", {}, None))
        game.emit("ping", rule="toy.script", player=0)
        game.record("note", "about to fail", "toy.script")
        raise ZeroDivisionError("the script fails")

    game = game_of(Profile(), [creature("a", 0)], scripts={"wreck": wreck})
    game.apply("end")
    before = (game.state.canonical(with_bookkeeping=True), len(game.trace), list(game.history), game.decision)
    with pytest.raises(ZeroDivisionError):
        game.apply("go:wreck")
    assert (game.state.canonical(with_bookkeeping=True), len(game.trace), game.history, game.decision) == before
    game.apply("end")  # and it goes on normally


def test_a_snapshot_restores_every_part_of_the_state():
    """State.snapshot lists the parts in __slots__ order: restoring one gives back each part as it was."""
    game = paused_game()
    st = game.state
    parts = {name: getattr(st, name) for name in type(st).__slots__}
    snapshot = st.snapshot()
    for name in type(st).__slots__:
        setattr(st, name, None)
    st.restore_snapshot(snapshot)
    assert {name: getattr(st, name) for name in type(st).__slots__} == parts


def test_labels_name_the_source_when_ability_names_repeat():
    objects = [creature("a", 0, logs("same")), creature("b", 0, logs("same"))]
    game = game_of(Profile(), objects, scripts={"ping": ping()}).apply("go:ping")
    assert [o.label for o in game.decision.options] == ["same (a)", "same (b)"]
    game.apply("same (b)")  # a unique label works
    assert game.trace.of_kind("decision")[-1]["data"]["option"] == "1:b#0"


def test_ambiguous_label_is_illegal():
    rb_game = game_of(Profile(), [], scripts={"a": ping(), "b": ping()})
    rb_game.state.decision = {
        **rb_game.state.decision,
        "options": [{"id": "x", "label": "L"}, {"id": "y", "label": "L"}],
    }
    fp = rb_game.fingerprint()
    with pytest.raises(IllegalOption, match="matches several labels"):
        rb_game.apply("L")
    assert rb_game.fingerprint() == fp


def test_label_lookup_equals_id_lookup():
    by_id = paused_game().apply("1:b2#0")
    by_label = paused_game().apply("b2 (b2)")
    assert by_id.fingerprint() == by_label.fingerprint()


def test_no_choice_after_the_game_is_over():
    def lose(game):
        game.emit("lose", rule="toy.script", player=1)

    game = game_of(Profile(), [], scripts={"lose": lose}).apply("go:lose")
    assert game.result["winners"] == [0] and game.decision is None
    with pytest.raises(GameOver, match="over"):
        game.apply("end")


# ---------------------------------------------------------- graph and view
def test_trace_graph_edges_carry_their_kinds():
    redirect = Ability(
        "redirect",
        "replacement",
        rule="toy.ability",
        event="ping",
        match={"tag": "hit"},
        effect=lambda g, act: __import__("tabletop.core").core.Replace([{"type": "ping", "tag": "moved"}]),
    )
    canceller = logs(
        "stop",
        "ping",
        timing="when",
        match={"tag": "moved"},
        then=lambda g, a: g.cancel(a.event["id"], rule="toy.ability"),
    )
    objects = [
        creature("r", 0, redirect),
        creature("c", 1, canceller),
        creature("w1", 0, logs("w1")),
        creature("w2", 0, logs("w2")),
    ]

    def two(game):
        game.emit("ping", rule="toy.script", player=0, tag="hit")
        game.emit("ping", rule="toy.script", player=0, tag="plain")

    game = game_of(Profile(), objects, scripts={"two": two}).apply("go:two").apply("0:w1#0")
    graph = game.trace.graph()
    assert isinstance(graph, nx.DiGraph)
    assert graph.number_of_nodes() == len(game.trace)
    kinds = {k for _, _, k in graph.edges(data="kind")}
    assert {"caused", "triggered", "replaced", "chose", "cancelled"} <= kinds
    recs = game.trace.records

    def find(kind, start):
        return next(r["i"] for r in recs if r["kind"] == kind and r["summary"].startswith(start))

    action = find("action", "player 0: two")
    hit = find("event", "ping(player=0, tag=hit)")
    assert graph.edges[action, hit]["kind"] == "caused"
    assert graph.edges[hit, find("replacement", "redirect")]["kind"] == "replaced"
    moved = find("event", "cancelled: ping(tag=moved)")
    assert graph.edges[find("resolution", "stop (c)"), moved]["kind"] == "cancelled"
    plain = find("event", "ping(player=0, tag=plain)")
    window = find("window", "response window after ping(player=0, tag=plain): 2 abilities trigger")
    assert graph.edges[plain, window]["kind"] == "caused"
    assert graph.nodes[window]["kind"] == "window"
    assert graph.edges[window, find("trigger", "w1 (w1)")]["kind"] == "triggered"
    chose = find("decision", "player 0 chose w1")
    # the order decision is about the whole batch: it is caused by the event that set it off
    assert graph.edges[plain, chose]["kind"] == "chose"
    assert graph.nodes[hit]["status"] == "replaced"
    assert nx.has_path(graph, action, find("resolution", "w2 (w2)"))


def test_view_hides_what_a_player_cannot_see():
    objects = [
        creature("secret", 0, vis=[0]),
        creature("public", 1),
        creature("nobody", 1, vis="none"),
        creature("mine", 1, vis="owner"),
    ]
    game = game_of(Profile(), objects, scripts={"ping": ping()})
    v0, v1, spectator = game.view(0), game.view(1), game.view(None)
    assert v0["objects"]["secret"]["base"] == {"power": 2, "hp": 3}
    hidden = {"id": "secret", "zone": "play", "owner": 0, "controller": 0, "hidden": True}
    assert v1["objects"]["secret"] == hidden
    assert spectator["objects"]["secret"] == hidden
    assert "hidden" not in v1["objects"]["public"] and "hidden" not in spectator["objects"]["public"]
    assert v0["objects"]["nobody"]["hidden"] and v1["objects"]["nobody"]["hidden"]
    assert v0["objects"]["mine"]["hidden"] and "hidden" not in v1["objects"]["mine"]
    # the open decision is player 0's: player 1 sees who decides, not the options
    assert v0["decision"]["options"]
    assert v1["decision"] == {"player": 0, "kind": "action", "prompt": "act or end the turn"}


def test_interrupts_under_controller_chooses_start_with_the_acting_player():
    objects = [
        creature("b1", 1, logs("b1", timing="when")),
        creature("b2", 1, logs("b2", timing="when")),
        creature("a1", 0, logs("a1", timing="when")),
        creature("a2", 0, logs("a2", timing="when")),
    ]
    game = game_of(Profile(ordering="controller_chooses"), objects, scripts={"ping": ping(player=0)})
    game.apply("end").apply("go:ping")  # player 1's turn, but player 0 causes the event
    assert (game.decision.player, game.decision.kind) == (0, "order_triggers")
    game.apply("1:a2#0")
    assert game.decision.player == 1
    game.apply("0:b1#0")
    assert logged(game) == ["a2", "a1", "b1", "b2"]


# ------------------------------------------------------------------ the decision's view
def test_the_open_decision_is_one_view_until_a_choice_is_made():
    """game.decision is made once per decision (a user's loop reads it twice a step) and a new one after a choice."""
    game = paused_game()
    first = game.decision
    assert game.decision is first
    assert game.clone().decision == first and hash(game.clone().decision) == hash(first)
    import pickle

    assert pickle.loads(pickle.dumps(first)) == first and first != tuple(first)
    with pytest.raises(AttributeError):
        first.kind = "other"  # type: ignore[misc]
    game.apply(first.options[0])
    assert game.decision is not first and game.decision.options != first.options


def test_an_option_knows_its_place_but_compares_by_id_label_and_probability():
    import pickle

    game = paused_game()
    chosen = game.decision.options[1]
    by_hand = tt.Option(chosen.id, chosen.label)
    assert chosen == by_hand and hash(chosen) == hash(by_hand) and chosen.step == len(game.history)
    assert by_hand.step is None and by_hand.data == {} and tt.Option("x", "y", data={"n": 1}).data == {"n": 1}
    assert tt.Option("x", "y", 0.5) != tt.Option("x", "y") and chosen != (chosen.id, chosen.label, None)
    assert repr(by_hand) == f"Option(id={chosen.id!r}, label={chosen.label!r}, probability=None, data={{}})"
    again = pickle.loads(pickle.dumps(chosen))
    assert again == chosen and again.step == chosen.step
    with pytest.raises(AttributeError):
        chosen.id = "other"  # type: ignore[misc]
    twin = game.clone()
    assert twin.apply(by_hand).fingerprint() == game.apply(chosen).fingerprint()  # by its place or by its id


def test_a_fingerprint_covers_every_part_of_the_position():
    """The canonical text a fingerprint hashes has each part POSITION_KEYS names, and no bookkeeping."""
    import json

    from tabletop.core.state import POSITION_KEYS

    game = paused_game()
    assert set(json.loads(game.state.canonical())) == set(POSITION_KEYS)
    assert "number" not in json.loads(game.state.canonical())["turn"]
    assert set(json.loads(game.state.canonical(with_bookkeeping=True))) == set(type(game.state).__slots__)
