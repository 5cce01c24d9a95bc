"""The kernel's part of position files (docs/positions.md): TOML located by line, TOML written from data,
and what any rulebook's position file is checked for before its rulebook reads it."""

import dataclasses
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.core import toml_text
from tabletop.core.positions import Doc, field_name

TEXT = '''# a comment
format = "x"   # another
[options]
"a.b" = 'literal'
x.y = 3
[turn]
text = """two
lines with "" quotes"""
[[players]]
crystals = 9
[[players]]
crystals = 8
[players.more]
k = 1
[zones]
"board:0" = [
  "a",  # a comment inside an array
  {card = "b", buffs = [["c1", 1], ["c2", 2]]},
]
'''


def test_every_field_is_found_on_its_line():
    lines = toml_text.lines_of(TEXT)
    assert lines[("format",)] == 2
    assert lines[("options", "a.b")] == 4
    assert lines[("options", "x", "y")] == 5
    assert lines[("turn", "text")] == 7
    assert lines[("players", 0, "crystals")] == 10
    assert lines[("players", 1)] == 11
    assert lines[("players", 1, "more", "k")] == 14  # (a table under the last of an array of tables)
    assert lines[("zones", "board:0", 0)] == 17
    assert lines[("zones", "board:0", 1, "buffs", 1)] == 18


def test_a_field_the_text_does_not_spell_out_is_placed_at_its_table():
    doc = Doc(TEXT, "f.toml")
    assert doc.line(("players", 1, "absent")) == 11
    assert field_name(("zones", "board:0", 1, "card")) == 'zones."board:0"[1].card'


leaves = st.one_of(
    st.booleans(), st.integers(-(2**63), 2**63 - 1), st.text(max_size=12).filter(lambda s: "\r" not in s)
)
data = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(table=st.dictionaries(st.text(min_size=1, max_size=8), data, max_size=5))
def test_written_toml_reads_back_as_the_data(table):
    """toml_text.value writes what tomllib reads back equal, keys and strings of any characters included."""
    text = "".join(f"{toml_text.key(k)} = {toml_text.value(v)}\n" for k, v in table.items())
    assert tomllib.loads(text) == table
    lines = toml_text.lines_of(text)
    assert [lines[(k,)] for k in table] == list(range(1, len(table) + 1))


def test_a_verbatim_text_is_a_multi_line_literal():
    text = toml_text.Verbatim('{\n "a": "it\'s"\n}')
    written = f"pending = {toml_text.value(text)}\n"
    assert written.startswith("pending = '''\n")
    assert tomllib.loads(written)["pending"] == text


def test_a_rulebook_without_position_files_says_so():
    """A rulebook whose Rulebook.position is None (every shipped one has position files: a copy without)."""
    bare = dataclasses.replace(tt.rulebook("memory"), position=None)
    with pytest.raises(tt.PositionError, match=r"line 2, field rulebook: memory has no position files"):
        tt.load_position('format = "tabletop.position/1"\nrulebook = "memory"\n', rulebook=bare)
    with pytest.raises(tt.ArgumentValueError, match="memory has no position files"):
        bare.new_game().to_position()


def test_the_kernel_checks_format_rulebook_and_seed():
    with pytest.raises(tt.PositionError, match=r"line 1, field format: 'tabletop.position/9' is not"):
        tt.load_position('format = "tabletop.position/9"\nrulebook = "hearthstone"\n')
    with pytest.raises(tt.PositionError, match=r"line 2, field rulebook: no rulebook 'hearthstonee'"):
        tt.load_position('format = "tabletop.position/1"\nrulebook = "hearthstonee"\n')
    with pytest.raises(tt.PositionError, match=r"line 3, field seed: must be an integer or a string, not"):
        tt.load_position('format = "tabletop.position/1"\nrulebook = "hearthstone"\nseed = 1.5\n')
    with pytest.raises(tt.PositionError, match=r"<position>, line 1: 'format' is missing"):
        tt.load_position('rulebook = "hearthstone"\n')


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(tt.PositionError, match=r"nothing\.toml: cannot be read"):
        tt.load_position(str(tmp_path / "nothing.toml"))


def test_a_game_loaded_from_a_position_saves_and_loads_as_a_game():
    """tt.load_game of a position-loaded game: the saved game keeps the position it started from
    (``origin``) and its history replays from there, not from a new game's set-up; an edited origin that
    no longer replays to the saved state is refused, naming what differs."""
    import json

    game = tt.rulebook("hearthstone").puzzle("knife-odds").game(chance="sample")
    game.apply("attack:c65>c66")
    game.apply(game.legal()[0])
    again = tt.load_game(game.to_json())
    assert again.fingerprint() == game.fingerprint() and again.legal() == game.legal()
    assert tt.load_game(again.to_json()).fingerprint() == game.fingerprint()
    data = json.loads(game.to_json())
    data["origin"] = data["origin"].replace("damage = 28", "damage = 27")
    with pytest.raises(tt.SavedGameError, match=r"state\.objects\.c3\.dmg: differs from the position"):
        tt.load_game(json.dumps(data))


def test_the_trace_names_a_shipped_position_file_the_same_on_every_machine(tmp_path):
    """A shipped puzzle's first record names its file by its path in the package, not where the package is
    installed (notebooks and saved games hold it); a file of the user's is named as given."""
    from tabletop.core.position_files import shown_file

    game = tt.rulebook("memory").puzzle("sweep").game()
    assert game.trace.records[0]["summary"].startswith("position tabletop/games/memory/data/puzzles/sweep.toml")
    assert shown_file(tmp_path / "mine.toml") == str(tmp_path / "mine.toml") and shown_file("mine.toml") == "mine.toml"
