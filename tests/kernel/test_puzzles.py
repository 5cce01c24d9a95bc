"""Puzzles (docs/puzzles.md): reading the [puzzle] table, solving, and checking a student's line.

The positions are Hearthstone's; the rules they rest on are cited where a count is derived.
"""

from __future__ import annotations

import pytest

import tabletop as tt
from tabletop.analysis.puzzles import PuzzleError

HEAD = """
format = "tabletop.position/1"
rulebook = "hearthstone"

[turn]
player = 0
step = "main"

[[players]]
crystals = 3
mana = 3
power_used = true

[[players]]

[zones]
"hero:1" = [{damage = 28}]
"hand:0" = ["tusked_charger", "knife_juggler"]
"""


def puzzle(table: str, zones: str = "", name: str = "p.toml") -> tt.Puzzle:
    return tt.load_puzzle(HEAD + zones + "\n[puzzle]\n" + table, name=name)


def test_juggler_first_is_solved_only_by_playing_the_juggler_first():
    """hs.order_of_play (L68): Knife Juggler reacts to a minion summoned after it. The enemy hero has 2
    health; 3 mana buys the Juggler (2) and the Charger (1). Charger first: 1 damage (its attack), and
    the Juggler summoned after it throws nothing. Juggler first: the Charger's summoning throws 1 at the
    only enemy (hs.assume.random: the hero, no minions), and the Charger's Charge attack is the 2nd.
    The Charger may be put left or right of the Juggler: 2 solutions, each of 3 choices."""
    p = tt.rulebook("hearthstone").puzzle("juggler-first")
    sol = tt.solve(p)
    assert (sol.solvable, sol.shortest, sol.count, sol.count_shortest) == (True, 3, 2, 2)
    assert all(line[0].label == "play Knife Juggler" for line in sol.lines)
    assert sol.explored > 0
    ok = p.check(["play:c66@0", "play:c65@0", "attack:c65>c3"])
    assert ok.ok and "goal is met after 3 choices" in ok.message
    wrong = p.check(["play:c65@0", "play:c66@0", "attack:c65>c3"])
    assert not wrong.ok and wrong.message.startswith("the turn ends and the goal")
    assert len(wrong.chain()) > 0


def test_a_line_that_stops_short_or_plays_what_is_not_an_option_is_named():
    p = tt.rulebook("hearthstone").puzzle("juggler-first")
    short = p.check(["play:c66@0"])
    assert not short.ok and "your line ends after 1 choice " in short.message and "play:c65@" in short.message
    illegal = p.check(["attack:c66>c3"])
    assert not illegal.ok and "move 1 ('attack:c66>c3') is not an option here" in illegal.message
    assert not p.check(["end"]).ok


def test_within_bounds_the_solver_choices():
    """Three choices are needed (the test above); within = 2 leaves the puzzle unsolvable."""
    sol = tt.solve(puzzle('title = "t"\ngoal = "win"\nwithin = 2\n'))
    assert (sol.solvable, sol.shortest, sol.count, sol.lines) == (False, None, 0, [])
    over = puzzle('title = "t"\ngoal = "win"\nwithin = 2\n').check(["play:c66@0", "play:c65@0", "attack:c65>c3"])
    assert not over.ok and "more than the 2 the puzzle allows" in over.message


def test_chance_all_against_any_with_an_enemy_minion_to_hit():
    """With an enemy Whelp on the board the Juggler's knife may hit the Whelp or the hero
    (hs.assume.random): against every outcome the 2 damage are not sure; with luck allowed they are."""
    zones = '"board:1" = ["whelp"]\n'
    against = tt.solve(puzzle('title = "t"\ngoal = "win"\nwithin = 4\n', zones))
    assert not against.solvable
    lucky = tt.solve(puzzle('title = "t"\ngoal = "win"\nwithin = 4\nchance = "any"\n', zones))
    assert lucky.solvable and lucky.shortest == 3
    refuted = puzzle('title = "t"\ngoal = "win"\nwithin = 4\n', zones).check(
        ["play:c66@0", "play:c65@0", "attack:c65>c3"]
    )
    assert not refuted.ok and refuted.refutation and refuted.refutation[-1].player == tt.CHANCE
    assert "refuted by chance choosing 'Whelp" in refuted.message


def test_reach_and_hold_conditions():
    """reach: three minions on the board is not possible (two in hand); two is, in 2 choices (either
    order, the second at either side: 2 * 2 = 4 lines of 2 choices)."""
    two = tt.solve(puzzle('title = "t"\ngoal = "reach"\ncondition = {count = "board:0", at_least = 2}\n'))
    assert (two.shortest, two.count_shortest) == (2, 4)
    three = tt.solve(puzzle('title = "t"\ngoal = "reach"\ncondition = {count = "board:0", at_least = 3}\n'))
    assert not three.solvable
    hold = 'title = "t"\ngoal = "hold"\nwithin = {}\ncondition = {{stat = "health", of = "hero:1", at_most = 1}}\n'
    # the hero has 2 health; the Charger played and attacking does 1, and ending the turn is a choice too:
    # 3 choices (2 do not reach the horizon, where a hold is read)
    assert (tt.solve(puzzle(hold.format(2))).solvable, tt.solve(puzzle(hold.format(3))).shortest) == (False, 3)


@pytest.mark.parametrize(
    ("table", "line", "says"),
    [
        ('goal = "win"\n', 20, "'title' is missing"),
        ('title = "t"\ngoal = "wn"\n', 22, "'wn' is not one of 'win', 'survive', 'reach', 'hold'"),
        ('title = "t"\ngoal = "win"\nwithn = 3\n', 23, "unknown field 'withn' (did you mean 'within'?)"),
        ('title = "t"\ngoal = "reach"\n', 20, "goal 'reach' needs a condition"),
        ('title = "t"\ngoal = "win"\ncondition = {count = "board:0", at_least = 1}\n', 23, "takes no condition"),
        ('title = "t"\ngoal = "reach"\ncondition = {count = "board:0"}\n', 23, "give exactly one of at_least"),
        ('title = "t"\ngoal = "reach"\ncondition = {test = "nope"}\n', 23, "hearthstone has no puzzle test 'nope'"),
        ('title = "t"\ngoal = "win"\nplayer = 5\n', 23, "5 is more than 1"),
        ('title = "t"\ngoal = "win"\nreplies = "some"\n', 23, "'some' is not one of 'all', 'any'"),
        (
            'title = "t"\ngoal = "reach"\ncondition = {count = "board:0", at_least = 1, card = "jugler"}\n',
            23,
            "no card 'jugler' in hearthstone's catalogue (did you mean 'knife_juggler'?)",
        ),
    ],
)
def test_a_broken_puzzle_table_names_the_file_line_and_field(table, line, says):
    with pytest.raises(PuzzleError) as e:
        puzzle(table, name="broken.toml")
    assert e.value.file == "broken.toml" and says in e.value.problem
    assert e.value.line == line


def test_a_position_without_a_puzzle_table_and_unknown_names_are_refused():
    with pytest.raises(PuzzleError, match="needs a \\[puzzle\\] table"):
        tt.load_puzzle(HEAD, name="pos.toml")
    with pytest.raises(tt.UnknownPuzzle, match="did you mean 'juggler-first'"):
        tt.rulebook("hearthstone").puzzle("juggler-frist")
    with pytest.raises(tt.ArgumentTypeError):
        tt.solve("juggler-first")
    with pytest.raises(tt.ArgumentTypeError):
        tt.rulebook("hearthstone").puzzle("juggler-first").check("play:c66@0")


def test_a_puzzle_file_loads_as_its_position():
    """load_position ignores the [puzzle] table: the puzzle's game is the position's."""
    p = tt.rulebook("hearthstone").puzzle("juggler-first")
    assert tt.load_position(p.text).fingerprint() == p.game().fingerprint()
    assert "win the game before the turn ends" in p.goal_text and "Juggler first" in p._repr_html_()


def test_a_condition_is_worded_by_its_says():
    """docs/puzzles.md: ``says`` words any condition for the student; the condition checked is the same."""
    plain = puzzle('title = "t"\ngoal = "reach"\ncondition = {count = "board:0", at_least = 2}\n')
    said = puzzle('title = "t"\ngoal = "reach"\ncondition = {count = "board:0", at_least = 2, says = "two minions"}\n')
    assert "at least 2 in board:0" in plain.goal_text and "board:0" not in said.goal_text
    assert "a position where two minions" in said.goal_text
    assert tt.solve(said).count == tt.solve(plain).count > 0
    with pytest.raises(tt.PositionError, match="says"):
        puzzle('title = "t"\ngoal = "reach"\ncondition = {count = "board:0", at_least = 2, says = 2}\n')
