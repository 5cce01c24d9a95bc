"""Cards through registries and catalogue objects, for each card rulebook: a card folder added to a
rulebook (tabletop.core.catalogue.with_cards) gives a new rulebook and leaves the original as it was,
both play side by side, broken or duplicate cards are named; and an effect registered in code but
not in the schema (or the other way round) stops the catalogue from loading."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import tabletop as tt
from tabletop.core import CardDataError
from tabletop.core.catalogue import Catalogue
from tabletop.core.errors import RuleError
from tabletop.games.berserk_heroes import catalogue as bh_catalogue
from tabletop.games.berserk_heroes import vocabulary as bh_vocabulary
from tabletop.games.hearthstone import catalogue as hs_catalogue
from tabletop.games.hearthstone import vocabulary as hs_vocabulary
from tabletop.games.marvel_champions import catalogue as mc_catalogue
from tabletop.games.marvel_champions import vocabulary as mc_vocabulary
from tabletop.testing import playout_digest

HEAD = '[[card]]\nid = "{id}"\nname = "{name}"\ninvented = true\ntext = "A card for tests."\n'
# each rulebook: a new card (``{id}``, ``{name}``) it accepts, its catalogue loader, its vocabularies, a shipped id
BOOKS: dict[str, tuple[str, Callable, object, str]] = {
    "hearthstone": (
        HEAD + 'type = "spell"\nclass = "neutral"\ncost = 1\neffects = [{{ effect = "draw" }}]\n',
        hs_catalogue.load,
        hs_vocabulary,
        "ice_shard",
    ),
    "berserk_heroes": (
        HEAD + 'type = "creature"\ncost = 1\nstrike = 1\nlife = 1\n',
        bh_catalogue.load,
        bh_vocabulary,
        "pikeman",
    ),
    "marvel_champions": (
        HEAD
        + 'type = "ally"\ncount = 1\ncost = 1\nresources = 1\nresource_type = "mental"\natk = 1\nthw = 1\nhp = 1\n',
        mc_catalogue.load,
        mc_vocabulary,
        "patrol_officer",
    ),
}


@pytest.fixture(params=sorted(BOOKS))
def book(request):
    return request.param, *BOOKS[request.param]


def folder(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.mkdir()
    (path / "more.toml").write_text(text, encoding="utf-8")
    return path


def test_with_cards_gives_a_new_rulebook_and_leaves_the_original(book, tmp_path):
    rid, card, _load, _vocab, _shipped = book
    rb = tt.rulebook(rid)
    before = dict(rb.cards)
    rb2 = rb.with_cards(folder(tmp_path, "more", card.format(id="test_card", name="Test Card")))
    assert rb2 is not rb and rb2.id == rid and tt.rulebook(rid) is rb
    assert "test_card" in rb2.cards and "test_card" not in rb.cards and dict(rb.cards) == before
    assert isinstance(rb2.cards, Catalogue) and rb2.cards.file_of("test_card") == "more.toml"
    assert set(rb2.cards) == set(rb.cards) | {"test_card"}
    # a rulebook built from the new one keeps both added folders
    rb3 = rb2.with_cards(folder(tmp_path, "again", card.format(id="test_card_2", name="Another")))
    assert {"test_card", "test_card_2"} <= set(rb3.cards) and "test_card_2" not in rb2.cards


def test_a_duplicate_card_id_is_an_error(book, tmp_path):
    rid, card, _load, _vocab, shipped = book
    with pytest.raises(CardDataError, match=rf"more\.toml, card '{shipped}', field 'id': duplicate card id"):
        tt.rulebook(rid).with_cards(folder(tmp_path, "dup", card.format(id=shipped, name="Again")))


def test_a_broken_card_names_the_file_the_card_and_the_field(book, tmp_path):
    rid, card, _load, _vocab, _shipped = book
    bad = card.format(id="test_card", name="Test Card") + "cost_of_nothing = 3\n"
    with pytest.raises(CardDataError, match=r"more\.toml, card 'test_card', field 'cost_of_nothing'"):
        tt.rulebook(rid).with_cards(folder(tmp_path, "bad", bad))


def test_an_added_card_changes_no_default_game(book, tmp_path):
    """The issue's promise (docs/positions.md): a card folder added by rb.with_cards joins no default deck,
    so every seeded game of the new rulebook plays exactly as the shipped one (Catalogue.dealt). The card
    is one a deck could hold (a Berserk creature, bh.assume.setup; a Marvel ally, mc.assume.setup)."""
    rid, card, _load, _vocab, _shipped = book
    rb = tt.rulebook(rid)
    rb2 = rb.with_cards(folder(tmp_path, "more", card.format(id="test_card", name="Test Card")))
    assert rb2.cards.added == {"test_card"} and "test_card" not in rb2.cards.dealt()
    assert playout_digest(rb2, games=3, saved_options=False) == playout_digest(rb, games=3, saved_options=False)


def test_berserk_decks_of_two_card_sets_side_by_side(tmp_path):
    """bh.assume.setup: each player's default deck is two copies of every non-hero card of the rulebook's
    own; option decks names an added card, checked against the game's own catalogue."""
    rb = tt.rulebook("berserk_heroes")
    card = BOOKS["berserk_heroes"][0].format(id="test_card", name="Test Card")
    rb2 = rb.with_cards(folder(tmp_path, "more", card))
    assert rb2.cards.deck == rb.cards.deck and "test_card" not in rb2.cards.deck
    decks = [["test_card", "pikeman"], ["pikeman"]]
    g1, g2 = rb.new_game(seed=1), rb2.new_game(seed=1, decks=decks, starting_hand=1)
    left = dict(g2.state.vars["_deck:0"])
    for oid in g2.state.zones["hand:0"]:
        cid = g2.state.objects[oid]["card"]
        left[cid] = left.get(cid, 0) + 1
    assert left == {"test_card": 1, "pikeman": 1}
    with pytest.raises(tt.RulebookOptionError, match="player 0's deck: 'test_card' is not a card id"):
        rb.new_game(seed=1, decks=decks)  # the shipped rulebook has no such card
    with pytest.raises(tt.RulebookOptionError, match=r"'Hero-Warrior Brand' \(hero_warrior\) is a hero"):
        rb.new_game(seed=1, decks=[["hero_warrior"], []])
    with pytest.raises(tt.RulebookOptionError, match="a list of two decks"):
        rb.new_game(seed=1, decks=[["pikeman"]])
    for g in (g1, g2):  # both play on, each with its own catalogue
        for _ in range(30):
            if g.decision is None:
                break
            g.apply(g.decision.options[-1])
    assert g1.rulebook.cards is rb.cards and g2.rulebook.cards is rb2.cards


def test_marvel_champions_decks_of_two_card_sets_side_by_side(tmp_path):
    """mc.assume.setup, mc.max_deck: the default hero deck is the rulebook's own cards; option decks may
    name the game's own catalogue's."""
    rb = tt.rulebook("marvel_champions")
    card = BOOKS["marvel_champions"][0].format(id="test_card", name="Test Card")
    rb2 = rb.with_cards(folder(tmp_path, "more", card))
    assert rb2.cards.player_deck == rb.cards.player_deck and "test_card" not in rb2.cards.player_deck
    deck = ["test_card", "patrol_officer"]
    g2 = rb2.new_game(seed=0, players=1, decks=[deck])
    left = dict(g2.state.vars["_deck:0"])
    hand = [g2.state.objects[o]["card"] for o in g2.state.zones["hand:0"]]
    for cid in hand:
        left[cid] = left.get(cid, 0) + 1
    assert left == {"test_card": 1, "patrol_officer": 1}
    with pytest.raises(tt.RulebookOptionError, match="'test_card' is not a card id"):
        rb.new_game(seed=0, players=1, decks=[deck])  # the shipped rulebook has no such card
    assert rb.new_game(seed=0, players=2).fingerprint() == rb.new_game(seed=0, players=2).fingerprint()


def test_an_effect_registered_without_a_schema_entry_stops_the_load(book, monkeypatch):
    """An effect added to the registry (with its code) that card.schema.json does not list cannot load."""
    _rid, _card, load, vocab, _shipped = book
    effects = vocab.EFFECTS
    monkeypatch.setattr(effects, "words", dict(effects.words))
    monkeypatch.setattr(effects, "handlers", dict(effects.handlers))
    effects.add("test_only_effect", lambda *args: None)
    with pytest.raises(RuleError, match=r"missing from the schema: \['test_only_effect'\]"):
        load()


def test_a_schema_effect_without_code_stops_the_load(book, monkeypatch):
    """A word card.schema.json lists whose code is not registered (a function removed) cannot load."""
    _rid, _card, load, vocab, _shipped = book
    effects = vocab.EFFECTS
    gone = effects.names()[-1]
    monkeypatch.setattr(effects, "words", {k: v for k, v in effects.words.items() if k != gone})
    monkeypatch.setattr(effects, "handlers", {k: v for k, v in effects.handlers.items() if k != gone})
    with pytest.raises(RuleError, match=rf"with no code registered: \['{gone}'\]"):
        load()
