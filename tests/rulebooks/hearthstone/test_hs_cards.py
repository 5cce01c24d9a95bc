"""Card data: the schema and the catalogue checks name the file, the card and the field."""

import shutil
import tomllib

import pytest

from tabletop.core import CardDataError
from tabletop.games.hearthstone import catalogue as C


def _copy(tmp_path):
    for path in C.CARD_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def test_the_catalogue_loads_and_both_decks_are_legal():
    # 000_7fc8e0fd1bcbc422.txt L1505 (30 cards), L54-L55 (copies)
    cards = C.load()
    decks = C.load_decks(cards)
    assert set(decks) == {"mage", "paladin"}
    for deck in decks.values():
        assert len(deck["cards"]) == 30
    named = {c["name"] for c in cards.values() if c.get("seed_lines")}
    assert {
        "Knife Juggler",
        "Leeroy Jenkins",
        "Sword of Justice",
        "King Mukla",
        "Banana",
        "The Coin",
        "Deathwing",
        "Ethereal Arcanist",
    } <= named


def test_a_bad_field_names_file_card_and_field(tmp_path):
    folder = _copy(tmp_path)
    text = (
        (folder / "neutral.toml")
        .read_text()
        .replace(
            'id = "bog_crawler"\nname = "Bog Crawler"\ninvented = true\n'
            'type = "minion"\nclass = "neutral"\nrarity = "basic"\n'
            "cost = 2\nattack = 3",
            'id = "bog_crawler"\nname = '
            '"Bog Crawler"\ninvented = true\ntype = "minion"\nclass = '
            '"neutral"\nrarity = "basic"\ncost = 2\nattack = -3',
        )
    )
    (folder / "neutral.toml").write_text(text)
    with pytest.raises(CardDataError) as err:
        C.load(sorted(folder.glob("*.toml")))
    assert (err.value.file, err.value.card, err.value.field) == ("neutral.toml", "bog_crawler", "attack")


def test_a_missing_required_field(tmp_path):
    folder = _copy(tmp_path)
    text = (
        (folder / "mage.toml")
        .read_text()
        .replace('cost = 4\ntext = "Deal 6 damage to a character."', 'text = "Deal 6 damage to a character."')
    )
    (folder / "mage.toml").write_text(text)
    with pytest.raises(CardDataError, match=r"mage\.toml, card 'fire_orb', field 'cost'"):
        C.load(sorted(folder.glob("*.toml")))


def test_an_unknown_card_reference(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "neutral.toml").read_text().replace('card = "scrap_heap"', 'card = "scrap_pile"')
    (folder / "neutral.toml").write_text(text)
    with pytest.raises(CardDataError) as err:
        C.load(sorted(folder.glob("*.toml")))
    assert err.value.card == "scrap_golem" and err.value.field == "deathrattle.0.card"
    assert "scrap_pile" in str(err.value)


def test_a_deck_breaking_the_copy_limit(tmp_path):
    # 000_7fc8e0fd1bcbc422.txt L55: one legendary
    text = C.DECKS_PATH.read_text().replace('"leeroy_jenkins", "king_mukla"', '"leeroy_jenkins", "leeroy_jenkins"')
    path = tmp_path / "decks.toml"
    path.write_text(text)
    with pytest.raises(CardDataError, match=r"decks\.toml, card 'paladin', field 'cards'.*at most 1"):
        C.load_decks(C.CARDS, path)


def test_a_deck_of_the_wrong_size_or_class(tmp_path):
    path = tmp_path / "decks.toml"
    path.write_text(C.DECKS_PATH.read_text().replace('"stone_ogre", "deathwing",', '"stone_ogre",'))
    with pytest.raises(CardDataError, match="30 cards, not 29"):
        C.load_decks(C.CARDS, path)
    path.write_text(C.DECKS_PATH.read_text().replace('"stone_ogre", "deathwing",', '"stone_ogre", "holy_ground",'))
    with pytest.raises(CardDataError, match="paladin card, the hero is mage"):
        C.load_decks(C.CARDS, path)


def test_a_deathrattle_cannot_ask_for_a_target(tmp_path):
    folder = _copy(tmp_path)
    text = (
        (folder / "neutral.toml")
        .read_text()
        .replace(
            'deathrattle = [{ effect = "draw", count = 1 }]',
            'deathrattle = [{ effect = "damage", amount = 1, target = "enemy_minion" }]',
        )
    )
    (folder / "neutral.toml").write_text(text)
    with pytest.raises(CardDataError) as err:
        C.load(sorted(folder.glob("*.toml")))
    assert (err.value.card, err.value.field) == ("loot_gnome", "deathrattle")
    assert "cannot ask for a chosen target" in str(err.value)


def test_a_trigger_moment_the_engine_does_not_implement_is_refused(tmp_path):
    """A card may only trigger on moments the engine listens for (friendly summons: Knife Juggler, L68; Sword
    of Justice, L32); any other ``on`` is refused with the file, the card and the field, not silently misread."""
    folder = _copy(tmp_path)
    path = folder / "neutral.toml"
    text = path.read_text()
    assert 'on = "friendly_summon"' in text
    path.write_text(text.replace('on = "friendly_summon"', 'on = "end_of_own_turn"'))
    with pytest.raises(CardDataError) as err:
        C.load(sorted(folder.glob("*.toml")))
    assert err.value.file == "neutral.toml" and err.value.card == "knife_juggler"
    assert err.value.field == "triggers.0.on"


def test_a_deck_with_several_problems_names_them_all_first_as_before(tmp_path):
    """hs.deck (L1505), hs.class_cards (L28), hs.copies (L54-L55) as deck constraints (tabletop.core.deckrules):
    the first problem in deck order is the message a deck with that problem alone gets, and the others follow."""
    path = tmp_path / "decks.toml"
    text = C.DECKS_PATH.read_text().replace('"stone_ogre", "deathwing",', '"holy_ground", "deathwing", "deathwing",')
    path.write_text(text)
    with pytest.raises(CardDataError) as err:
        C.load_decks(C.CARDS, path)
    assert (err.value.file, err.value.card, err.value.field) == ("decks.toml", "mage", "cards")
    assert err.value.problem == (
        "a deck holds 30 cards, not 31 (L1505); also 'holy_ground' is a paladin card, the hero is mage; "
        "also 2 copies of 'deathwing'; at most 1 (L54-55)"
    )
    rules = C.deck_rules("mage")
    assert [v.rule for v in rules.check(tomllib.loads(text)["mage"]["cards"], C.CARDS, name="mage")] == [
        "hs.deck",
        "hs.class_cards",
        "hs.copies",
    ]
