"""The kernel's zones (tabletop.core.zones), hidden decks (tabletop.core.deck) and derived board view
(tabletop.core.boardview), on the toy rulebook: visibility, limits and order of zones, the deck's
private composition and weighted chance draws, shuffling back, look-back through a zone move, and
the errors that name the zone."""

from __future__ import annotations

import pytest

from tabletop.core import Deck, Profile, RuleError, ZoneError, Zones, ZoneSpec, board_view, player_decks
from tabletop.core.boardview import zone_hidden

from .toybook import creature, game_of, logged, logs

ZONES = Zones(
    (
        ZoneSpec("play", "play area"),
        ZoneSpec("grave", "graveyard", stack=True),
        ZoneSpec("deck:{p}", "deck", "none", ordered=False, stack=True),
        ZoneSpec("hand:{p}", "hand", "owner", ordered=False, limit=2),
        ZoneSpec("row:{p}", "row", limit=3),
        ZoneSpec("aside", board=False),
    ),
    card_fields={"damage": 0},
)
DECKS = player_decks(
    ZONES,
    "deck:{p}",
    (0, 1),
    var="_deck:{p}",
    prompt="the top card of player {p}'s deck",
    rule="toy.script",
    label=lambda game, key: key.upper(),
)
CARDS = ["ant", "ant", "bee"]
CATALOGUE = {"ant": {"name": "Ant", "type": "insect"}, "bee": {"name": "Bee", "type": "insect", "cost": 2}}


def _deal(game):
    ZONES.setup(game)
    DECKS[0].fill(game, CARDS)


def _draw(game):
    DECKS[0].draw(game, "toy.drawn", {"player": 0})


def _drawn(game, args):
    oid = DECKS[0].take(game, args["choice"]["id"])
    ZONES.put(game, oid, "hand:0", card=args["choice"]["id"])


SCRIPTS = {
    "deal": _deal,
    "draw": _draw,
    "draw_empty": lambda game: DECKS[1].draw(game, "toy.drawn", {"player": 1}),
    "three_to_hand": lambda game: [ZONES.new_card(game, "ant", "hand:0", 0) for _ in range(3)],
    "new_at_position": lambda game: ZONES.new_card(game, "ant", "hand:0", 0, index=0),
    "put_at_position": lambda game: ZONES.put(game, "c1", "hand:0", 0),
    "take_missing": lambda game: DECKS[0].take(game, "wasp"),
    "refill": lambda game: DECKS[0].fill(game, ["wasp"]),
    "to_hand": lambda game: ZONES.put(game, game.state.zones["deck:0"][0], "hand:0"),
    "back": lambda game: DECKS[0].shuffle_in(game, list(game.state.zones["hand:0"])),
}


def dealt(chance: str = "manual", seed: int = 0):
    """A toy game whose first action set up the zones and filled player 0's deck with ant, ant, bee."""
    game = game_of(None, (), scripts=SCRIPTS, tasks={"toy.drawn": _drawn}, chance=chance, seed=seed)
    game.rulebook.cards = CATALOGUE  # (the toy has no card files: what name_of and the board read)
    return game.apply("go:deal")


# ------------------------------------------------------------------ zone specs
def test_zone_specs_name_each_players_zones_and_what_an_object_shows_there():
    assert (ZONES.vis("play"), ZONES.vis("hand:1"), ZONES.vis("deck:0")) == ("all", "owner", "none")
    assert (ZONES.owner("hand:1"), ZONES.owner("play")) == (1, None)
    assert ZONES.spec("deck:12").id == "deck:{p}"
    assert list(ZONES.ids(2)) == ["play", "grave", "aside", "deck:0", "hand:0", "row:0", "deck:1", "hand:1", "row:1"]
    mc_like = Zones((ZoneSpec("play:{p}"), ZoneSpec("play:engaged:{p}"), ZoneSpec("play:villain")))
    assert [mc_like.spec(z).id for z in ("play:0", "play:engaged:0", "play:villain")] == [
        "play:{p}",
        "play:engaged:{p}",
        "play:villain",
    ]


def test_an_undeclared_zone_is_an_error_naming_it():
    with pytest.raises(ZoneError, match=r"zone 'hand:x' is not declared"):
        ZONES.vis("hand:x")
    with pytest.raises(ZoneError, match=r"zone 'library' is not declared .*play, grave"):
        ZONES.spec("library")


def test_bad_zone_specs_are_refused_naming_the_zone():
    with pytest.raises(RuleError, match=r"zone 'hand:\{p\}': visibility 'secret' is not one of public, owner, none"):
        ZoneSpec("hand:{p}", visibility="secret")
    with pytest.raises(RuleError, match=r"zone 'row': limit -1"):
        ZoneSpec("row", limit=-1)
    with pytest.raises(RuleError, match="zones declared twice: play"):
        Zones((ZoneSpec("play"), ZoneSpec("play")))
    with pytest.raises(RuleError, match="board view names zones that are not declared: tableau"):
        Zones((ZoneSpec("play"),), board=("tableau",))


def test_setup_makes_every_zone_empty_in_declared_order():
    game = dealt()
    assert list(game.state.zones) == list(ZONES.ids(2))
    ZONES.check(game)  # within every limit


# ------------------------------------------------------------------ put, new_card, name_of
def test_put_gives_an_object_the_visibility_of_its_new_zone():
    game = dealt()
    objects = game.state.objects
    card = next(oid for oid in objects if objects[oid]["card"] is None)
    assert objects[card]["vis"] == "none"  # a deck card: face down to everybody
    assert game.view(0)["objects"][card].get("hidden") and game.view(1)["objects"][card].get("hidden")
    game.apply("go:draw").apply("bee")  # (chance="manual": the test picks the card)
    (drawn,) = game.state.zones["hand:0"]
    assert (game.obj(drawn)["card"], game.obj(drawn)["vis"]) == ("bee", "owner")
    assert "hidden" not in game.view(0)["objects"][drawn] and game.view(1)["objects"][drawn]["hidden"]


def test_new_card_has_the_standard_fields_then_the_rulebooks():
    game = dealt()
    st = game.state
    game.apply("go:draw").apply("ant")
    (drawn,) = st.zones["hand:0"]
    obj = game.obj(drawn)
    assert list(obj) == ["id", "zone", "ts", "kind", "card", "owner", "controller", "vis", "damage"]
    assert (obj["owner"], obj["controller"], obj["damage"]) == (0, 0, 0)
    assert ZONES.name_of(game, drawn) == f"Ant ({drawn})"


def test_name_of_names_cards_unknown_cards_and_nobody():
    game = dealt()
    deck_card = game.state.zones["deck:0"][0]
    assert ZONES.name_of(game, None) == "nothing"
    assert ZONES.name_of(game, deck_card) == deck_card  # not known yet: its id
    assert ZONES.name_of(game, "c999") == "c999"  # no longer in the game
    worded = Zones((ZoneSpec("deck"),), nobody="nobody", unknown="a face-down card", named="{name}")
    assert (worded.name_of(game, None), worded.name_of(game, deck_card)) == ("nobody", "a face-down card")


def test_a_full_zone_refuses_one_more_card_naming_the_zone_and_the_game_is_unchanged():
    """A hand of at most 2: a third card is an error that names hand:0 and its limit; apply undoes the step."""
    game = dealt()
    before = game.fingerprint()
    with pytest.raises(ZoneError, match=r"zone 'hand:0' \(hand\) holds at most 2 object\(s\); it would hold 3"):
        game.apply("go:three_to_hand")
    assert game.fingerprint() == before and game.state.zones["hand:0"] == ()
    game.apply("go:draw").apply("ant").apply("go:draw").apply("ant")
    before = game.fingerprint()
    with pytest.raises(ZoneError, match=r"zone 'hand:0' .*holds at most 2 .*'c3' cannot go there"):
        game.apply("go:to_hand")
    assert game.fingerprint() == before
    assert ZONES.room(game, "hand:0") == 0 and ZONES.room(game, "play") is None


def test_check_finds_a_zone_over_its_limit():
    game = dealt()
    game.state.zones["row:1"] = ("c1", "c2", "c3", "c4")
    with pytest.raises(ZoneError, match=r"zone 'row:1' \(row\) holds at most 3 object\(s\); it would hold 4"):
        ZONES.check(game)


def test_an_unordered_zone_has_no_positions():
    game = dealt()
    with pytest.raises(ZoneError, match=r"zone 'hand:0' is unordered: a new card cannot go to a position \(0\)"):
        game.apply("go:new_at_position")
    with pytest.raises(ZoneError, match=r"zone 'hand:0' is unordered: 'c1' cannot go to a position \(0\)"):
        game.apply("go:put_at_position")


def test_a_move_through_zones_keeps_look_back():
    """A creature that a destroy event puts in the graveyard through Zones.put still sees the batch it left in
    (Profile.lookback): Zones.put moves through Game.move, which keeps the last known information."""

    def obituary(name):
        return logs(name, "destroy", then=lambda g, act: g.state.set_var("log", [*logged(g)[:-1], f"{name} saw"]))

    def wipe(game):
        game.emit("destroy", rule="toy.script", target="c1", player=0)

    handlers = {"destroy": lambda game, ev: ZONES.put(game, ev["target"], "grave")}
    objects = [creature("c1", 0, obituary("c1"))]
    game = game_of(Profile(lookback=True), objects, scripts={"wipe": wipe}, handlers=handlers).apply("go:wipe")
    assert game.obj("c1")["zone"] == "grave" and game.obj("c1")["vis"] == "all"
    assert logged(game) == ["c1 saw"]


# ------------------------------------------------------------------ the deck
def test_player_decks_make_one_deck_of_each_player():
    assert [(d.zone, d.var, d.stream, d.prompt) for d in DECKS] == [
        ("deck:0", "_deck:0", "deck:0", "the top card of player 0's deck"),
        ("deck:1", "_deck:1", "deck:1", "the top card of player 1's deck"),
    ]
    assert DECKS[1].fields == {"kind": "card", "card": None, "owner": 1, "controller": 1, "vis": "none", "damage": 0}


def test_a_deck_is_anonymous_objects_and_a_private_composition():
    game = dealt()
    st = game.state
    deck = st.zones["deck:0"]
    assert len(deck) == 3 and all(game.obj(o)["card"] is None and game.obj(o)["vis"] == "none" for o in deck)
    assert DECKS[0].left(game) == {"ant": 2, "bee": 1} and DECKS[0].size(game) == 3
    assert "_deck:0" not in game.view(0)["vars"] and "_deck:0" not in game.view(None)["vars"]  # nobody sees it


def test_a_draw_is_a_chance_decision_weighted_by_what_is_left():
    game = dealt().apply("go:draw")
    dec = game.decision
    assert (dec.player, dec.kind, dec.prompt) == ("chance", "draw", "the top card of player 0's deck")
    assert [(o.id, o.label, o.probability) for o in dec.options] == [("ant", "ANT", 2 / 3), ("bee", "BEE", 1 / 3)]
    game.apply("ant")
    assert DECKS[0].left(game) == {"ant": 1, "bee": 1} and DECKS[0].size(game) == 2
    game.apply("go:draw")
    assert [(o.id, o.probability) for o in game.decision.options] == [("ant", 0.5), ("bee", 0.5)]


def test_sampled_draws_are_seeded_and_give_each_card_once():
    """With chance sampled, the same seed draws the same cards; two draws leave the deck the third card."""

    def two_draws(seed):
        game = dealt(chance="sample", seed=seed).apply("go:draw").apply("go:draw")
        hand = [game.obj(o)["card"] for o in game.state.zones["hand:0"]]
        assert sorted(hand + list(DECKS[0].left(game))) == sorted(CARDS)
        return hand

    assert two_draws(3) == two_draws(3)
    assert len({tuple(two_draws(seed)) for seed in range(12)}) > 1  # the seed decides


def test_drawing_from_an_empty_deck_is_an_error_naming_the_deck():
    game = dealt()
    before = game.fingerprint()
    with pytest.raises(ZoneError, match=r"deck 'deck:1' is empty: there is no card to draw"):
        game.apply("go:draw_empty")
    assert game.fingerprint() == before and DECKS[1].empty(game) and not DECKS[0].empty(game)


def test_taking_a_card_the_deck_does_not_hold_is_an_error_naming_it():
    game = dealt()
    with pytest.raises(ZoneError, match=r"deck 'deck:0' holds no 'wasp' to take \(it holds ant x2, bee x1\)"):
        game.apply("go:take_missing")


def test_a_deck_is_filled_only_while_empty():
    game = dealt()
    with pytest.raises(ZoneError, match=r"deck 'deck:0' already holds 3 card\(s\)"):
        game.apply("go:refill")


def test_a_deck_composition_must_be_private():
    with pytest.raises(ZoneError, match=r"deck 'deck:0': its composition's variable 'deck0' must be private"):
        Deck("deck:0", var="deck0", fields={}, prompt="", rule="toy.script", label=lambda g, k: k)


def test_cards_shuffled_back_become_anonymous_and_join_the_composition():
    """A mulligan's swap, a discard pile reshuffled: the card's identity is forgotten, the composition counts it."""
    game = dealt().apply("go:draw").apply("bee").apply("go:draw").apply("ant")
    hand = game.state.zones["hand:0"]
    assert DECKS[0].left(game) == {"ant": 1}
    game.apply("go:back")
    assert game.state.zones["hand:0"] == () and game.state.zones["deck:0"][-2:] == hand
    assert all(game.obj(o)["card"] is None and game.obj(o)["vis"] == "none" for o in hand)
    assert list(DECKS[0].left(game).items()) == [("ant", 2), ("bee", 1)]  # (kept sorted: one layout)


def test_decks_of_every_game_are_alike_and_independent():
    """Each game's deck objects are the same plain data (shared, never changed in place): a draw in one game
    leaves another's deck as it was."""
    one, two = dealt(), dealt()
    assert one.fingerprint() == two.fingerprint()
    one.apply("go:draw").apply("bee")
    assert DECKS[0].left(two) == {"ant": 2, "bee": 1}
    assert all(two.obj(o)["card"] is None for o in two.state.zones["deck:0"])


# ------------------------------------------------------------------ the board view
def test_the_derived_board_view_lists_zones_and_hides_what_the_viewer_may_not_see():
    game = dealt().apply("go:draw").apply("bee")
    (drawn,) = game.state.zones["hand:0"]
    mine, theirs = board_view(game, 0, ZONES), board_view(game, 1, ZONES)
    zones = {z["id"]: z for z in mine["zones"]}
    assert [z["id"] for z in mine["zones"]] == [
        "play",
        "grave",
        "deck:0",
        "hand:0",
        "row:0",
        "deck:1",
        "hand:1",
        "row:1",
    ]
    assert zones["hand:0"] == {
        "id": "hand:0",
        "label": "hand of player 0",
        "owner": 0,
        "kind": "hand",
        "count": 1,
        "hidden": False,
        "stack": False,
    }
    assert zones["deck:0"]["hidden"] and zones["deck:0"]["stack"] and zones["deck:0"]["count"] == 2
    assert {z["id"]: z["hidden"] for z in theirs["zones"]}["hand:0"]
    cards = {c["id"]: c for c in mine["cards"]}
    assert (cards[drawn]["name"], cards[drawn]["cost"], cards[drawn]["face_down"]) == ("Bee", 2, False)
    their_cards = {c["id"]: c for c in theirs["cards"]}
    assert their_cards[drawn]["face_down"] and their_cards[drawn]["name"] is None
    assert all(c["face_down"] and c["name"] is None for c in mine["cards"] if c["zone"] == "deck:0")
    assert mine["decision"]["kind"] == "action" and theirs["decision"] is None
    assert mine["layout"] == "zones" and mine["players"] == [{"id": 0}, {"id": 1}]


def test_a_zone_shown_or_hidden_as_its_spec_says():
    boost = ZoneSpec("boost", visibility="none", hidden=False)  # its cards face down one by one
    assert not zone_hidden(boost, None, 0)
    assert zone_hidden(ZoneSpec("hand:{p}", visibility="owner"), 1, 0)
    assert not zone_hidden(ZoneSpec("hand:{p}", visibility="owner"), 0, 0)


def test_a_rulebook_that_declares_its_zones_and_no_board_of_its_own_gets_the_derived_view():
    """Rulebook(zones=...) without board=: the kernel derives the board view from the zone specs."""
    import dataclasses

    game = dealt().apply("go:draw").apply("bee")
    plain = game.rulebook
    assert plain.board is None  # (the toy declares neither)
    declared = dataclasses.replace(plain, zones=ZONES)
    for seat in (0, 1, None):
        assert declared.board(game.table, seat) == board_view(game.table, seat, ZONES)
    own = dataclasses.replace(plain, zones=ZONES, board=lambda game, player: {"mine": True})
    assert own.board(game.table, 0) == {"mine": True}  # a board of its own is kept
