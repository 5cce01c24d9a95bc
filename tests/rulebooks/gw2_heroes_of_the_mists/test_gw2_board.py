"""The board of Heroes of the Mists (board.py): the boons and conditions a card holds drawn as status tokens on it,
with their stacks (000_7fc8e0fd1bcbc422.txt L136: boon tokens, L142: condition tokens; L134: Might stacks), and
gone from the board when the status ends (L139: Vulnerability ends at the next attack that gets through)."""

from gw2 import RB, attack, game, hero, minion, table

from tabletop.render.board import board_svg


def card_view(view, oid):
    return next(c for c in view["cards"] if c["id"] == oid)


def test_each_status_is_a_token_with_its_stacks_and_kind():
    g = game(
        {"table": [minion("centaur_spearman", Might=2, Weakness=1)], "deck": {"rytlock": 5}},
        {"table": [minion("logan", Vulnerability=1, Protection=1)], "deck": {"rytlock": 5}},
    )
    a, b = table(g, 0)[0], table(g, 1)[0]
    view = RB.board(g.table)
    assert card_view(view, a)["tokens"] == [
        {"name": "Might", "stacks": 2, "kind": "boon"},
        {"name": "Weakness", "stacks": 1, "kind": "condition"},
    ]
    assert {t["name"] for t in card_view(view, b)["tokens"]} == {"Vulnerability", "Protection"}
    assert card_view(view, hero(g, 0))["tokens"] == []
    svg = board_svg(view)
    assert 'data-token="Might" data-stacks="2"' in svg and 'data-token="Weakness" data-stacks="1"' in svg
    assert svg.count('class="tt-token tt-token-condition"') == 2  # Weakness, Vulnerability
    assert svg.count('class="tt-token tt-token-boon"') == 2  # Might, Protection
    assert "<title>Might ×2</title>" in svg


def test_a_status_that_ends_leaves_the_board():
    g = game(
        {"table": [minion("centaur_spearman")], "deck": {"rytlock": 5}},
        {"table": [minion("charr_legionnaire", Vulnerability=1, Aegis=2)], "deck": {"rytlock": 5}},
        attacks_per_turn=3,
    )
    a, b = table(g, 0)[0], table(g, 1)[0]
    attack(g, a, b)  # blocked: one stack of Aegis spent (L133), Vulnerability stays (gw2.assume.blocked)
    assert card_view(RB.board(g.table), b)["tokens"] == [
        {"name": "Vulnerability", "stacks": 1, "kind": "condition"},
        {"name": "Aegis", "stacks": 1, "kind": "boon"},
    ]
    attack(g, a, b)
    attack(g, a, b)  # gets through: Vulnerability ends (L139)
    assert card_view(RB.board(g.table), b)["tokens"] == []
    assert "data-token=" not in board_svg(RB.board(g.table))


def test_hidden_cards_carry_no_tokens():
    g = game({"hand": ["moa"], "deck": {"rytlock": 5}}, {"deck": {"rytlock": 5}})
    view = RB.board(g.table, 1)
    assert all("tokens" not in c for c in view["cards"] if c.get("face_down"))


def test_a_card_in_play_shows_its_health_left_of_its_full_health_and_its_damage_tokens():
    """L126: health is the red circle's number, and the damage received is tracked with damage tokens (значки
    урона, L130: every damage dealt is marked on the card); the board shows what is left of the full health and the
    tokens as a counter; a Logan (12 health) hit by a Spearman (3 damage) shows health 9/12 and wounds 3."""
    g = game({"table": [minion("centaur_spearman")], "deck": {"rytlock": 5}}, {"table": [minion("logan")]},
             counter="none")  # fmt: skip
    a, b = table(g, 0)[0], table(g, 1)[0]
    before = card_view(RB.board(g.table), b)
    assert before["stats"]["health"] == "12/12" and "counters" not in before
    attack(g, a, b)
    after = card_view(RB.board(g.table), b)
    assert after["stats"]["health"] == "9/12" and after["counters"] == {"wounds": 3}
    assert card_view(RB.board(g.table), hero(g, 0))["stats"] == {"health": "80/80"}
    svg = board_svg(RB.board(g.table))
    assert "health 9/12" in svg and "wounds 3" in svg


def test_the_card_text_starts_under_the_row_of_status_tokens():
    """The Lab draws the cards' text; on a card with status tokens it begins under them (no overlap)."""
    import re

    g = game({"table": [minion("logan", Vulnerability=1)], "deck": {"rytlock": 5}}, {"deck": {"rytlock": 5}})
    b = table(g, 0)[0]
    svg = board_svg(RB.board(g.table), card_text=True)
    card = svg[svg.index(f'data-id="{b}"') :]
    card = card[: card.index("</g>", card.index("tt-card-text"))]
    token_y = float(re.search(r'class="tt-token-bg" cx="[\d.]+" cy="([\d.]+)"', card).group(1))
    text_y = min(float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)" class="tt-card-text"', card))
    assert text_y - 8 >= token_y + 8  # (8 px type) the first text line's top lies below the tokens' discs
