"""The kernel's fast paths (tracing off) change nothing but speed.

With tracing off the pipeline skips windows nothing could react to, end-of-period events nobody
handles or listens to use up only their id, and moving an object without abilities keeps the
listener index. Each test compares a traced game with an untraced one, or checks the moment the
decision to skip is taken (a listener that arrives during a batch must still be seen).
"""

from tabletop.core import Ability, Profile

from .toybook import creature, game_of, lethal_damage, log, logged, logs


def _both(objects, scripts, **kw):
    return [game_of(Profile(container="queue"), objects, scripts=scripts, tracing=t, **kw) for t in (True, False)]


def _go(games, *choices):
    for choice in choices:
        for g in games:
            g.apply(choice)
        traced, fast = games
        assert traced.fingerprint() == fast.fingerprint()
        assert traced.state.counters == fast.state.counters  # event ids stay aligned
        assert logged(traced) == logged(fast)


def test_quiet_and_listened_events_resolve_the_same_with_tracing_off():
    objects = [creature("A", 0, logs("A", "sig")), creature("P", 0), creature("Q", 1)]

    def start(game):
        game.emit("ping", rule="toy.script", player=0)  # nobody listens: windows skipped untraced
        game.emit("sig", rule="toy.script", player=0)  # A listens
        game.emit("damage", rule="toy.script", target="P", amount=1)

    games = _both(objects, {"start": start})
    _go(games, "go:start", "end", "go:start", "end")
    assert logged(games[1]) == ["A", "A"]
    assert games[1].obj("P")["damage"] == 2
    assert len(games[1].trace) == 0


def test_a_listener_that_arrives_during_the_batch_is_still_seen():
    """The event's handler brings in an object listening to that very event: its response window
    must find it, so the choice to skip a window is made when the window would open."""
    arrived = logs("newcomer", "arrive")

    def on_arrive(game, ev):
        game.create("x", "play", card="N", owner=0, controller=0)

    def start(game):
        game.emit("arrive", rule="toy.script", player=0)

    def make_games():
        out = []
        for tracing in (True, False):
            game = game_of(
                Profile(container="queue"),
                [creature("P", 0)],
                scripts={"start": start},
                handlers={"arrive": on_arrive},
                tracing=tracing,
            )
            game.rulebook.card_ability_table["N"] = (arrived,)  # N's card, known to the rulebook
            game.rulebook.has_abilities = True
            out.append(game)
        return out

    games = make_games()
    _go(games, "go:start")
    assert logged(games[1]) == ["newcomer"]


def test_moving_an_object_without_abilities_keeps_the_listener_index():
    objects = [creature("A", 0, logs("A", "sig")), creature("P", 0)]
    game = game_of(Profile(), objects, tracing=False)
    index = game.table._index()
    game.table.move("P", "grave")
    assert game.table._listeners is index  # P has no ability: the index cannot have changed
    game.table.move("A", "grave")
    assert game.table._listeners is None  # A had one: rebuilt on next use
    assert "sig" not in game.table._index()


def test_end_of_turn_events_use_up_their_ids_when_skipped():
    def at_end(game, act):
        log(game, f"end of player {game.state.turn['player']}'s turn")

    objects = [creature("P", 0, logs("P", "sig")), creature("Q", 1)]  # reactive, but not to end_of_turn
    games = _both(objects, {})
    _go(games, "end", "end", "end")
    listening = _both([creature("E", 0, logs("E", "end_of_turn", then=at_end)), creature("Q", 1)], {})
    _go(listening, "end", "end", "end")
    assert logged(listening[1]) == [x for p in (0, 1, 0) for x in ("E", f"end of player {p}'s turn")]
    assert games[1].state.counters["event"] == listening[1].state.counters["event"] > 0


def test_an_object_that_left_in_one_event_of_a_batch_sees_the_others_with_tracing_off():
    """Look-back: X is destroyed by one event of a batch and listens to another of the same batch; its
    ability triggers from where it was, whether the game is traced or not."""

    def start(game):
        game.emit_batch([{"type": "destroy", "target": "X"}, {"type": "sig", "player": 0}], rule="toy.script")

    games = [
        game_of(
            Profile(lookback=True),
            [creature("X", 0, logs("X", "sig")), creature("Q", 1)],
            scripts={"start": start},
            tracing=t,
        )
        for t in (True, False)
    ]
    _go(games, "go:start")
    assert logged(games[1]) == ["X"] and games[1].obj("X")["zone"] != "play"


def test_move_with_changes_sets_the_fields_in_the_same_copy_and_minds_abilities_they_bring():
    """``Game.move(..., **changes)``: the object arrives with its new fields (an object entering play
    still gets a new timestamp); a change that gives it a card with abilities resets the index."""
    objects = [creature("A", 0, logs("A", "sig")), creature("P", 0, zone="hand")]
    game = game_of(Profile(), objects, tracing=False)
    ts = game.obj("P")["ts"]
    index = game.table._index()
    game.table.move("P", "grave", shown="all")
    assert game.obj("P")["zone"] == "grave" and game.obj("P")["shown"] == "all"
    assert game.table._listeners is index  # no ability before or after: the index stays
    game.table.move("P", "play", card="A")  # now a copy of A's card: it listens to "sig" in play
    assert game.obj("P")["card"] == "A" and game.obj("P")["ts"] > ts
    assert game.table._listeners is None
    assert [e[0] for e in game.table._index()["sig"]] == ["A", "P"]


def test_idle_checks_are_not_repeated_while_only_the_turn_structure_moves_on():
    """Profile.checks: checks look at the position. Once they found nothing, a turn nobody hears of
    ends and the next begins without running them again; anything that runs brings them back."""
    calls: list[tuple[int, int]] = []

    def counting(game):
        calls.append((game.state.turn["number"], len(game.state.work)))
        return lethal_damage(game)

    def hit(game):
        game.emit("damage", rule="toy.script", target="P", amount=3)

    objects = [creature("P", 0), creature("Q", 1)]
    fast, traced = (
        game_of(Profile(), objects, scripts={"hit": hit}, checks=(counting,), tracing=t) for t in (False, True)
    )
    calls.clear()
    fast.apply("end")
    # after the action; (the turn ends: not again); after the next turn's first step
    assert calls == [(1, 0), (2, 0)]
    calls.clear()
    fast.apply("go:hit")  # damage 3 on P (hp 3): the check after it destroys P
    assert len(calls) >= 2 and fast.obj("P")["zone"] == "grave"
    traced.apply("end")
    traced.apply("go:hit")
    assert traced.fingerprint() == fast.fingerprint()


def test_an_end_of_phase_event_after_a_heard_end_of_turn_is_still_heard_with_tracing_off():
    """Two periods end in one step: the end-of-turn event is heard, and its trigger brings in a
    listener to the end of the phase. Whether that event is heard is decided when it is sent, not
    when it is scheduled, so the untraced game plays as the traced one (event ids included)."""

    def bring_y(game, act):
        if game.obj("Y")["zone"] != "play":
            game.move("Y", "play")

    objects = [
        creature("X", 1, logs("X", "end_of_turn", match={"player": 1}, then=bring_y)),
        creature("Y", 0, logs("Y", "end_of_phase"), zone="limbo"),
    ]
    games = [game_of(Profile(), objects, tracing=t) for t in (True, False)]  # (triggers resolve at once)
    _go(games, "end", "end", "end", "end")
    assert logged(games[1]) == ["X", "Y", "X", "Y"]


def test_move_with_changes_minds_an_ability_that_works_where_the_object_arrives():
    """An anonymous card becomes Z as it arrives in the hand, where Z's ability works (``zones``):
    the listener index must hear of it, as when the card is set first and moved after."""
    hears = Ability(
        "Z", "triggered", rule="toy.ability", event="ping", effect=lambda g, a: log(g, "Z hears"), zones=("hand",)
    )

    def draw_as_z(game):
        game._index()  # (the index is up to date, as in a running game)
        game.move("Y", "hand", card="Z")
        game.emit("ping", rule="toy.script", player=0)

    objects = [creature("Z", 0, hears, zone="box"), creature("Y", 0, zone="deck")]
    for tracing in (True, False):
        game = game_of(Profile(), objects, scripts={"s": draw_as_z}, tracing=tracing)
        game.state.objects["Y"] = {**game.state.objects["Y"], "card": None}  # anonymous in the deck
        game.table._listeners = None
        game.apply("go:s")
        assert logged(game) == ["Z hears"]


def test_a_check_that_reads_the_round_runs_when_a_round_ends():
    """Checks may read the turn structure: one that ends the game once round 2 has come must run
    before the first turn of round 2 begins (only a move of the cursor alone is not re-checked)."""

    def time_limit(game):
        if game.state.turn.get("round", 1) >= 2 and not game.over:
            return [{"type": "lose", "player": 0, "rule": "toy.check"}]
        return []

    def begin(game, args):
        log(game, f"begin turn {game.state.turn['number']}")

    for tracing in (True, False):
        game = game_of(Profile(), [], checks=(time_limit,), tasks={"toy.begin": begin}, tracing=tracing)
        game.apply("end")
        game.apply("end")
        assert game.over and logged(game) == ["begin turn 1", "begin turn 2"]
