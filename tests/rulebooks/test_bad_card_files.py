"""Bad card files, loaded through each card rulebook's own loader: every error is a CardDataError
that names the file, the card and the field, never a UnicodeDecodeError, AttributeError or
RecursionError, and never echoes a huge value back."""

from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.core import CardDataError
from tabletop.core.cards import MAX_DEPTH
from tabletop.games.berserk_heroes import catalogue as bh_catalogue
from tabletop.games.hearthstone import catalogue as hs_catalogue
from tabletop.games.marvel_champions import data as mc_data

# each rulebook's loader, a card it accepts (with ``cost = 1``) and its highest cost
RULEBOOKS: dict[str, tuple[Callable, str, int]] = {
    "hearthstone": (
        hs_catalogue.load,
        'type = "spell"\nclass = "neutral"\ncost = 1\neffects = [{ effect = "draw" }]\n',
        20,
    ),
    "berserk_heroes": (bh_catalogue.load, 'type = "spell"\ncost = 1\neffects = [{ effect = "draw" }]\n', 99),
    "marvel_champions": (
        mc_data.load,
        'type = "event"\ncost = 1\ntiming = "action"\neffects = [{ effect = "draw" }]\n',
        99,
    ),
}
HEAD = '[[card]]\nid = "test_card"\nname = "Test Card"\ninvented = true\ntext = "A card for tests."\n'


@pytest.fixture(params=sorted(RULEBOOKS))
def book(request):
    return RULEBOOKS[request.param]


def load(book, tmp_path: Path, content: str | bytes) -> dict:
    loader = book[0]
    path = tmp_path / "bad.toml"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return loader([path])


def refused(book, tmp_path: Path, content: str | bytes) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        load(book, tmp_path, content)
    err = info.value
    assert err.file == "bad.toml" and str(err).startswith("bad.toml")
    assert len(str(err)) < 400, "an error quotes at most ~100 characters of the input"
    return err


def test_the_good_card_loads(book, tmp_path):
    assert set(load(book, tmp_path, HEAD + book[1])) == {"test_card"}


def test_a_file_that_is_not_utf8(book, tmp_path):
    text = (HEAD + book[1]).replace('name = "Test Card"', 'name = "Test \xe9 Card"')
    err = refused(book, tmp_path, text.encode("latin-1"))
    assert (err.card, err.field) == ("test_card", "name")
    assert "not UTF-8" in str(err) and "line 3" in str(err) and "0xe9" in str(err)


def test_a_byte_order_mark_is_not_an_error(book, tmp_path):
    assert set(load(book, tmp_path, b"\xef\xbb\xbf" + (HEAD + book[1]).encode())) == {"test_card"}


@pytest.mark.parametrize("content", ["card = [1, 2, 3]\n", 'card = ["x"]\n', "card = [[1]]\n"])
def test_card_entries_that_are_not_tables(book, tmp_path, content):
    err = refused(book, tmp_path, content)
    assert (err.card, err.field) == ("#1", "card")
    assert "not a [[card]] table" in str(err)


def test_a_toml_syntax_error_names_the_card_and_the_field(book, tmp_path):
    text = HEAD + book[1].replace("cost = 1", "cost = = 1")
    err = refused(book, tmp_path, text)
    line = text.split("\n").index("cost = = 1") + 1
    assert (err.card, err.field) == ("test_card", "cost") and "not valid TOML" in str(err)
    assert f"line {line}" in str(err)


def test_a_file_without_cards(book, tmp_path):
    err = refused(book, tmp_path, 'card = "none"\n')
    assert (err.card, err.field) == (None, "card")


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 5_000, 100_000])
def test_deep_nesting_in_brackets(book, tmp_path, levels):
    """Thousands of ``[`` would make the TOML reader recurse past Python's limit."""
    text = HEAD + book[1] + "tags = " + "[" * levels + "]" * levels + "\n"
    err = refused(book, tmp_path, text)
    assert (err.card, err.field) == ("test_card", "tags")
    line = text.count("\n")  # the last line
    assert f"nested more than {MAX_DEPTH} levels deep (line {line})" in str(err)


def test_deep_nesting_of_inline_tables_in_effects(book, tmp_path):
    deep = "[{ effect = 'choose', times = 1, choices = " * 400 + "[{ effect = 'draw' }]" + " }]" * 400
    err = refused(book, tmp_path, HEAD + book[1].replace('[{ effect = "draw" }]', deep))
    assert (err.card, err.field) == ("test_card", "effects") and "nested more than" in str(err)


def test_deep_nesting_through_dotted_keys(book, tmp_path):
    """Dotted keys nest without brackets; the depth check after reading catches them."""
    err = refused(book, tmp_path, HEAD + book[1] + "x" + ".x" * 2_000 + " = 1\n")
    assert err.card == "test_card" and err.field.startswith("x.x.x") and "nested more than" in str(err)


def test_brackets_inside_strings_and_comments_are_not_nesting(book, tmp_path):
    text = HEAD.replace("A card for tests.", "[" * 50 + "{" * 50) + "# " + "[" * 50 + "\n" + book[1]
    text += "# '''\n"
    assert set(load(book, tmp_path, text)) == {"test_card"}


@pytest.mark.parametrize(("value", "says"), [("2.0", "2.0 is not of type 'integer'"), ("true", "True is not of type")])
def test_a_cost_must_be_an_integer(book, tmp_path, value, says):
    err = refused(book, tmp_path, HEAD + book[1].replace("cost = 1", f"cost = {value}"))
    assert (err.card, err.field) == ("test_card", "cost") and says in str(err)


def test_a_cost_has_a_maximum(book, tmp_path):
    top = book[2]
    assert load(book, tmp_path, HEAD + book[1].replace("cost = 1", f"cost = {top}"))["test_card"]["cost"] == top
    err = refused(book, tmp_path, HEAD + book[1].replace("cost = 1", f"cost = {top + 1}"))
    assert (err.card, err.field) == ("test_card", "cost") and f"greater than the maximum of {top}" in str(err)


def test_an_integer_beyond_64_bits(book, tmp_path):
    err = refused(book, tmp_path, HEAD + book[1].replace("cost = 1", f"cost = {2**64}"))
    assert (err.card, err.field) == ("test_card", "cost") and "64-bit" in str(err)
    err = refused(book, tmp_path, HEAD + book[1].replace("cost = 1", "cost = " + "9" * 5_000))
    assert "not valid TOML" in str(err)


def test_a_huge_value_is_not_echoed(book, tmp_path):
    huge = "x" * 1_000_000
    err = refused(book, tmp_path, HEAD + book[1].replace("cost = 1", f'cost = "{huge}"'))
    assert (err.card, err.field) == ("test_card", "cost") and "characters)" in str(err)
    err = refused(book, tmp_path, HEAD.replace('id = "test_card"', f'id = "{huge.upper()}"') + book[1])
    assert err.card == huge.upper() and err.field == "id" and "characters)" in str(err)


# ------------------------------------------------------------------ hearthstone's decks file
def test_hearthstone_deck_files_with_bad_shapes(tmp_path):
    path = tmp_path / "decks.toml"
    for content, field, says in [
        (b'[mage]\nhero = "hero_mage\xff"\n', "hero", "not UTF-8"),
        ("mage = 3\n", None, "a deck is a [table]"),
        ('[mage]\nhero = ["hero_mage"]\n', "hero", "is not a hero card"),
        ('[mage]\nhero = "hero_mage"\ncards = "fireball"\n', "cards", "a list of card ids"),
        ('[mage]\nhero = "hero_mage"\ncards = [["fireball"]]\n', "cards", "a list of card ids"),
    ]:
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        with pytest.raises(CardDataError) as info:
            hs_catalogue.load_decks(hs_catalogue.CARDS, path)
        assert info.value.file == "decks.toml" and info.value.field == field and says in str(info.value)


def test_a_hearthstone_hero_power_costs_at_most_ten(tmp_path):
    """hs: a player never has more than 10 mana crystals (000_7fc8e0fd1bcbc422.txt L1511)."""
    path = tmp_path / "heroes.toml"
    text = (hs_catalogue.CARD_DIR / "heroes.toml").read_text(encoding="utf-8")
    assert 'power = { name = "Spark", cost = 2,' in text
    path.write_text(text.replace('power = { name = "Spark", cost = 2,', 'power = { name = "Spark", cost = 11,'))
    with pytest.raises(CardDataError) as info:
        hs_catalogue.load([path])
    assert info.value.field == "power.cost" and "greater than the maximum of 10" in str(info.value)
