"""A card folder added to Hearthstone (tabletop.core.catalogue.with_cards): a new rulebook, the original
unchanged, two card sets played side by side in one process (hs.assume.cards: the cards are data)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop as tt
from tabletop.core import CardDataError
from tabletop.core.catalogue import Catalogue
from tabletop.games.hearthstone import engine as E
from tabletop.games.hearthstone import scenarios as S

RB = tt.rulebook("hearthstone")


def spell(card_id: str, name: str, amount: int) -> str:
    return (
        f'[[card]]\nid = "{card_id}"\nname = "{name}"\ninvented = true\ntype = "spell"\nclass = "neutral"\n'
        f'cost = 1\ntext = "Deal {amount} damage to a character."\n'
        f'effects = [{{ effect = "damage", amount = {amount}, target = "character" }}]\n'
    )


def folder(tmp_path: Path, name: str, *cards: str) -> Path:
    path = tmp_path / name
    path.mkdir()
    (path / "extra.toml").write_text("\n".join(cards), encoding="utf-8")
    return path


def with_in_hand(rb, card_id: str) -> tuple[tt.Game, str]:
    """A game of ``rb``: player 0 to act with 10 mana and ``card_id`` in hand."""
    game = rb.new_game(seed=0, scenario="blank")
    oid = S.hand(game.table, 0, card_id)
    game.state.decision = None
    game.state.work.append(("hs.main", {}, None))
    game.table._run()
    return game, oid


def test_with_cards_is_a_new_rulebook_and_the_original_is_unchanged(tmp_path):
    before = dict(RB.cards)
    rb2 = RB.with_cards(folder(tmp_path, "more", spell("zap", "Zap", 2)))
    assert rb2 is not RB and rb2.id == RB.id
    assert "zap" in rb2.cards and "zap" not in RB.cards
    assert dict(RB.cards) == before and tt.rulebook("hearthstone") is RB
    assert isinstance(rb2.cards, Catalogue) and rb2.cards.folders[-1].name == "more"
    assert rb2.cards.file_of("zap") == "extra.toml"
    assert set(rb2.scenarios) == set(RB.scenarios)
    assert rb2.scenario("duel").rulebook is rb2  # the named positions are games of the new rulebook


def test_two_card_sets_play_side_by_side(tmp_path):
    """The same new card id means a different card in two rulebooks built from one: each game's options,
    labels and effects come from its own catalogue (no module-level table or cache is shared)."""
    weak = RB.with_cards(folder(tmp_path, "weak", spell("bolt", "Weak Bolt", 1)))
    strong = RB.with_cards(folder(tmp_path, "strong", spell("bolt", "Strong Bolt", 5)))
    g1, b1 = with_in_hand(weak, "bolt")
    g2, b2 = with_in_hand(strong, "bolt")
    enemy1, enemy2 = E.hero(g1.table, 1), E.hero(g2.table, 1)
    assert f"play:{b1}>{enemy1}" in g1.legal() and f"play:{b2}>{enemy2}" in g2.legal()
    label1 = {o.id: o.label for o in g1.decision.options}[f"play:{b1}>{enemy1}"]
    label2 = {o.id: o.label for o in g2.decision.options}[f"play:{b2}>{enemy2}"]
    assert label1.startswith("cast Weak Bolt on ") and label2.startswith("cast Strong Bolt on ")
    g1.apply(f"play:{b1}>{enemy1}")
    g2.apply(f"play:{b2}>{enemy2}")
    assert E.health_of(g1.table, enemy1) == 29 and E.health_of(g2.table, enemy2) == 25
    # the shipped rulebook knows no such card, and its own games are as before
    assert "bolt" not in RB.cards
    with pytest.raises(KeyError):
        with_in_hand(RB, "bolt")


def test_a_saved_game_of_the_new_rulebook_loads_with_it(tmp_path):
    rb2 = RB.with_cards(folder(tmp_path, "more", spell("zap", "Zap", 2)))
    game, oid = with_in_hand(rb2, "zap")
    target = E.hero(game.table, 1)
    game.apply(f"play:{oid}>{target}")
    game2 = rb2.new_game(seed=3)
    for _ in range(5):
        game2.apply(game2.decision.options[0])
    loaded = tt.load_game(game2.to_json(), rulebook=rb2)
    assert loaded.fingerprint() == game2.fingerprint() and loaded.rulebook is rb2


def test_a_duplicate_card_id_is_an_error_naming_the_file(tmp_path):
    with pytest.raises(CardDataError, match=r"extra\.toml, card 'ice_shard', field 'id': duplicate card id"):
        RB.with_cards(folder(tmp_path, "dup", spell("ice_shard", "Another Ice Shard", 3)))


def test_a_broken_card_names_the_file_the_card_and_the_field(tmp_path):
    bad = spell("zap", "Zap", 2).replace('target = "character"', 'target = "everyone"')
    with pytest.raises(CardDataError, match=r"extra\.toml, card 'zap', field 'effects\.0\.target'"):
        RB.with_cards(folder(tmp_path, "bad", bad))
    broken_ref = spell("zap", "Zap", 2).replace(
        'effects = [{ effect = "damage", amount = 2, target = "character" }]',
        'effects = [{ effect = "summon", card = "nope" }]',
    )
    with pytest.raises(CardDataError, match=r"extra\.toml, card 'zap', field 'effects\.0\.card': no card 'nope'"):
        RB.with_cards(folder(tmp_path, "ref", broken_ref))


def test_a_missing_or_empty_folder_is_an_error(tmp_path):
    with pytest.raises(CardDataError, match="no card folder"):
        RB.with_cards(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(CardDataError, match=r"no card files \(\*\.toml\)"):
        RB.with_cards(tmp_path / "empty")
