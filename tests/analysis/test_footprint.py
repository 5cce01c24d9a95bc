"""Read/write footprints (``tabletop.core.footprint``) and how the kernel charges them to abilities."""

from __future__ import annotations

import pytest

from tabletop.core import Ability, Profile, Replace
from tabletop.core.footprint import Footprints, attach, detach
from tabletop.core.state import State
from tests.kernel.toybook import creature, game_of, logs

ORDER_KINDS = ("order_triggers", "replacement_order")


def small_state() -> State:
    st = State()
    st.objects = {"c1": {"id": "c1", "zone": "play"}, "c2": {"id": "c2", "zone": "play"}}
    st.zones = {"play": ("c1", "c2")}
    st.vars = {"x": 1, "log": []}
    st.players = [{"life": 3}, {"life": 3}]
    st.queue = [{"ability": "c1#0"}]
    return st


# ------------------------------------------------------------------ recording
def test_reads_and_writes_are_charged_to_the_current_owner():
    st = small_state()
    fp = Footprints({1, 2})
    attach(st, fp)
    try:
        fp.current = 1
        assert st.vars["x"] == 1
        st.vars["y"] = 2
        assert "c1" in st.objects
        fp.current = 2
        st.update("c2", damage=1)  # a read and a write of the object
        assert st.vars.get("z") is None
        fp.current = None
        st.vars["unowned"] = 0  # nobody's: not recorded
    finally:
        detach(st)
    assert fp.reads[1] == {"vars:x", "objects:c1"}
    assert fp.writes[1] == {"vars:y"}
    assert fp.reads[2] == {"objects:c2", "vars:z"}
    assert fp.writes[2] == {"objects:c2"}


def test_iterating_a_container_reads_all_of_it():
    st = small_state()
    fp = Footprints({1, 2, 3})
    attach(st, fp)
    try:
        fp.current = 1
        list(st.objects)
        fp.current = 2
        assert sum(1 for _ in st.players) == 2  # (len alone reads how many there are: test_player_footprints.py)
        fp.current = 3
        st.queue.append({"ability": "c2#0"})
        st.modifiers = []  # replacing a container writes all of it
    finally:
        detach(st)
    assert fp.reads[1] == {"objects:*"}
    assert fp.reads[2] == {"players:*"}
    assert fp.writes[3] == {"queue:*", "modifiers:*"}
    assert not fp.conflict(1, 2)
    assert not fp.conflict(2, 3)


def test_ending_the_game_is_a_write_of_everything_and_event_ids_are_not_tracked():
    st = small_state()
    fp = Footprints({1, 2})
    attach(st, fp)
    try:
        fp.current = 1
        st.counters["event"] = st.counters["event"] + 1
        assert fp.writes[1] == set()
        st.result = {"winners": [0]}
    finally:
        detach(st)
    assert fp.writes[1] == {"*"}
    assert fp.conflict(1, 2) and fp.conflict(2, 1)  # even with an ability that never ran


def footprints(reads_a=(), writes_a=(), reads_b=(), writes_b=()) -> Footprints:
    fp = Footprints({1, 2})
    fp.reads[1].update(reads_a)
    fp.writes[1].update(writes_a)
    fp.reads[2].update(reads_b)
    fp.writes[2].update(writes_b)
    return fp


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((["vars:x"], []), (["vars:x"], []), False),  # two reads commute
        (([], ["vars:x"]), (["vars:x"], []), True),  # a write and a read
        (([], ["vars:x"]), ([], ["vars:x"]), True),  # two writes
        (([], ["vars:x"]), (["vars:y"], ["vars:y"]), False),  # disjoint
        (([], ["vars:x"]), (["vars:xy"], []), False),  # a key is not a prefix of another
        (([], ["objects:*"]), (["objects:c1"], []), True),  # a wildcard write covers each key
        ((["objects:*"], []), ([], ["objects:c1"]), True),  # iterating reads what is written
        ((["objects:*"], []), (["objects:c1"], []), False),
        ((["objects:*"], []), ([], ["vars:x"]), False),  # a wildcard covers its own container only
        ((["queue:*"], ["queue:*"]), ([], ["queue:*"]), True),
        (([], ["*"]), (["vars:x"], []), True),  # stopping the run conflicts with everything
        (([], ["*"]), ([], []), True),
        (([], []), ([], []), False),
    ],
)
def test_conflict_is_symmetric(a, b, expected):
    fp = footprints(*a, *b)
    assert fp.conflict(1, 2) == expected
    assert fp.conflict(2, 1) == expected


def test_attach_and_detach_leave_plain_containers_with_the_same_contents():
    st = small_state()
    before = st.canonical(with_bookkeeping=True)
    attach(st, Footprints({1}))
    assert type(st).__name__ == "_TrackedState"
    assert type(st.vars) is not dict and st.vars == {"x": 1, "log": []}
    st.vars["x"] = 5
    st.players.append({"life": 1})
    detach(st)
    assert type(st) is State
    for name in ("objects", "zones", "vars", "turn", "uses", "rng", "counters"):
        assert type(getattr(st, name)) is dict, name
    for name in ("players", "modifiers", "effects", "delayed", "queue"):
        assert type(getattr(st, name)) is list, name
    assert st.vars == {"x": 5, "log": []}
    assert st.players == [{"life": 3}, {"life": 3}, {"life": 1}]
    st.vars["x"] = 1
    st.players.pop()
    assert st.canonical(with_bookkeeping=True) == before
    clone = st.clone()
    assert type(clone.vars) is dict and clone.fingerprint() == st.fingerprint()


# ---------------------------------------------------------- kernel attribution
def measure(game, first: int = 0) -> dict[str, tuple[set, set]]:
    """Resolve the open ordering decision (``first``, then the default order) with footprints on;
    (reads, writes) by the name of each ability being ordered."""
    args = game.state.decision["resume"][1]
    trigs = [t for grp in args["groups"] for t in grp[1]] + list(args["done"])
    names = {t["rec"]: t["name"] for t in trigs}
    g = game.clone()
    fp = Footprints(set(names))
    with g.measuring(fp):
        g.play(first)
        while g.state.decision is not None and g.state.decision["kind"] in ORDER_KINDS:
            g.play(0)
    return {names[o]: (fp.reads[o], fp.writes[o]) for o in names}


def go(game):
    game.emit("go", rule="toy.script", player=0)


def setter(var, value):
    return lambda game, act: game.state.set_var(var, value)


def test_each_ability_is_charged_with_what_its_resolution_does():
    objects = [
        creature("a", 0, logs("A", "go", then=setter("x", 1))),
        creature("b", 0, logs("B", "go", then=setter("y", 2))),
    ]
    game = game_of(Profile(), objects, scripts={"go": go}).apply("go:go")
    fp = measure(game)
    assert {"vars:x", "vars:log"} <= fp["A"][1]
    assert {"vars:y", "vars:log"} <= fp["B"][1]
    assert "vars:y" not in fp["A"][1] | fp["A"][0]


def redirect_to_y(game, act):
    return Replace([{"type": "damage", "player": 0, "target": "Y", "amount": act.event["amount"]}])


def test_what_follows_a_replacement_is_charged_to_the_resolution_that_sent_the_event():
    """After a replacement the pipeline goes on with tasks that cite no cause: they still belong to
    the resolution that sent the event (the damage to Y is the hitter's write)."""
    guard = Ability(
        "guard", "replacement", rule="toy.ability", event="damage", match={"target": "X"}, effect=redirect_to_y
    )

    def hit(game, act):
        game.emit("damage", rule="toy.ability", player=0, target="X", amount=1)

    objects = [
        creature("X", 1, guard, base={"hp": 10}),
        creature("Y", 1, base={"hp": 10}),
        creature("h", 0, logs("H", "go", then=hit)),
        creature("w", 0, logs("W", "go")),
    ]
    game = game_of(Profile(), objects, scripts={"go": go}).apply("go:go")
    fp = measure(game)
    assert "objects:Y" in fp["H"][1]
    assert "objects:Y" not in fp["W"][0] | fp["W"][1]


def test_the_listener_index_is_read_by_every_event_and_written_by_leaving_play():
    def kill(game, act):
        game.emit("destroy", rule="toy.ability", player=0, target="t")

    def signal(game, act):
        game.emit("sig", rule="toy.ability", player=0)

    objects = [
        creature("k", 0, logs("K", "go", then=kill)),
        creature("s", 0, logs("S", "go", then=signal)),
        creature("t", 1, logs("T", "sig")),
    ]
    game = game_of(Profile(), objects, scripts={"go": go}).apply("go:go")
    for first in (0, 1):
        fp = measure(game, first)
        assert "listeners" in fp["K"][1]
        assert "listeners" in fp["S"][0]


def test_a_run_that_stops_charges_every_ability_still_waiting():
    """Under a stack, the forced abilities wait while an optional one asks: their order is part of
    the position, so each of them conflicts with everything."""
    objects = [
        creature("a", 0, logs("A", "go")),
        creature("b", 0, logs("B", "go", then=setter("y", 1))),
        creature("o", 0, logs("O", "go", forced=False)),
    ]
    game = game_of(Profile(container="stack"), objects, scripts={"go": go}).apply("go:go")
    fp = measure(game)
    assert "*" in fp["A"][1] and "*" in fp["B"][1]
