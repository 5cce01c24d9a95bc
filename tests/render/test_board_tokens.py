"""A card's status tokens (``tokens`` in a board view, tabletop/render/board.py): a disc each, the stacks in a badge
above one stack, coloured by kind; none at 0 stacks or on a face-down card; named in the card's tooltip."""

from tabletop.render.board import board_svg, normalise


def view(**card):
    return {"layout": "zones", "zones": [{"id": "t", "label": "table"}], "cards": [{"id": "c1", "zone": "t", **card}]}


def test_tokens_as_a_list_or_a_dict_are_drawn_with_their_stacks():
    listed = board_svg(view(name="Moa", tokens=[{"name": "Might", "stacks": 3, "kind": "boon"}, {"name": "Blind"}]))
    assert 'class="tt-token tt-token-boon" data-token="Might" data-stacks="3"' in listed
    assert 'class="tt-token tt-token-token" data-token="Blind" data-stacks="1"' in listed
    assert listed.count('class="tt-token-badge"') == 1  # only the token of more than one stack has a badge
    assert "Moa (c1) · Might ×3 · Blind" in listed  # the card's tooltip
    as_dict = normalise(view(name="Moa", tokens={"Aegis": 2, "Weakness": 0}))["cards"][0]["tokens"]
    assert as_dict == [{"name": "Aegis", "stacks": 2, "kind": "token"}]


def test_a_face_down_card_shows_no_tokens():
    svg = board_svg(view(face_down=True, tokens={"Aegis": 2}))
    assert "data-token" not in svg and "Aegis" not in svg
