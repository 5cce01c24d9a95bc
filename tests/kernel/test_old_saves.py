"""A game saved before the rulebook packages moved (``tabletop/rulebooks/<id>/`` to
``tabletop/games/<id>/``) still loads: a save names its rulebook by id, never by module path.

``old_saves/<id>.json`` were written by ``Game.to_json`` at commit ac96878 (the packages still
at ``tabletop/rulebooks/``): ``new_game(seed=3, tracing=False)`` (memory with ``pairs=3``), then
``random_playout(game, random.Random(1), max_steps=5)``. A deliberate rule change that makes
one of these histories replay differently is a change to what old saves mean: say so, and only
then write that file again. ``nebozhiteli.json``, ``gw2_heroes_of_the_mists.json`` and ``warlord.json``, rulebooks
added after the move, were written the same way when they were added (branches nebozhiteli, gw2 and warlord), so
their saves are held to the same promise from then on.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tabletop as tt

OLD_SAVES = Path(__file__).parent / "old_saves"
# Game.fingerprint() of each save when it was written; Marvel Champions' since format 2 (test_format_upgrade.py),
# which renamed its decks' compositions (_left:... -> _deck:..., so the fingerprint changed; when written:
# 71f207be6ec116d98cc930ab2ae77bde)
FINGERPRINTS = {
    "berserk_heroes": "bce26f9a25b8d80eaecac81a38dca497",
    "gw2_heroes_of_the_mists": "a7810a50ca820a30e37ac0c230293f02",
    "hearthstone": "dc8a909bdc5593375ddc3af8c9c76b04",
    "marvel_champions": "030deb6c58a381f702e20bc56efb2b23",
    "memory": "a8d81577724e858ada431577526b9805",
    "nebozhiteli": "3c339fcd8075113df645850d580c4635",
    "one_night_werewolf": "3d322267fc51f6dfdb9037d6aa4d13ed",
    "warlord": "568ba28ef60074044ebc6bd005652461",
}


def test_there_is_an_old_save_of_every_shipped_rulebook():
    assert sorted(p.stem for p in OLD_SAVES.glob("*.json")) == sorted(FINGERPRINTS) == tt.rulebooks()


@pytest.mark.parametrize("rulebook_id", sorted(FINGERPRINTS))
def test_a_save_from_before_the_move_loads_to_the_same_position(rulebook_id):
    text = (OLD_SAVES / f"{rulebook_id}.json").read_text(encoding="utf-8")
    game = tt.load_game(text)
    assert game.rulebook is tt.rulebook(rulebook_id)
    assert game.fingerprint() == FINGERPRINTS[rulebook_id]


@pytest.mark.parametrize("rulebook_id", sorted(FINGERPRINTS))
def test_a_save_names_its_rulebook_by_id_and_no_module(rulebook_id):
    """The only dotted ``tabletop.`` name in a save is its format; module paths would tie saves to the layout."""
    game = tt.load_game((OLD_SAVES / f"{rulebook_id}.json").read_text(encoding="utf-8"))
    for text in ((OLD_SAVES / f"{rulebook_id}.json").read_text(encoding="utf-8"), game.to_json()):
        assert json.loads(text)["rulebook"] == rulebook_id
        assert set(re.findall(r"tabletop\.\w+", text)) == {"tabletop.game"}
        assert not re.search(r"tabletop/|\w\.py\b", text)
