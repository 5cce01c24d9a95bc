"""The memory game's starter puzzles (tabletop/games/memory/data/puzzles): end-games, each solved by
tt.solve with its solvability, shortest line and number of solutions pinned (derived from the rules in
each test's docstring), right lines checked ok and tempting wrong ones refuted. Rules cite
000_7fc8e0fd1bcbc422.txt L1524.

Common ground: a turn is two flips (mem.turn); a match keeps the pair (mem.match) and, under the official
rule, gives another turn (mem.extra_turn); the most pairs wins and players tied for the most share the win
(mem.assume.end, which the goal "win" counts). A flip with one card left to flip is forced and not counted
(docs/puzzles.md). The solver, like every player, knows every card turned over; a card nobody has seen
("?") is a chance outcome when first flipped (mem.assume.unseen)."""

import itertools

import tabletop as tt
from tabletop.analysis.puzzle_play import PuzzleOpponent, verdict

RB = tt.rulebook("memory")


def solved(name: str) -> tuple:
    sol = tt.solve(RB.puzzle(name))
    return sol.solvable, sol.shortest, sol.count, sol.count_shortest


def test_sweep():
    """Two pairs left (0 at s00 and s03, 1 at s01 and s02), all known; player 1 has one pair, player 0 none.

    Count 8: the official rule lets player 0 take both pairs in one turn (2-1). The first flip may be any of
    the 4 cards, the second must be its twin (any other is a mismatch and the turn ends, mem.mismatch, and
    player 1 takes a pair), then either card of the last pair (2), its twin forced: 4 x 2 = 8 lines of 3
    choices."""
    assert solved("sweep") == (True, 3, 8, 8)
    puzzle = RB.puzzle("sweep")
    assert puzzle.check(["s00", "s03", "s01"]).ok
    wrong = puzzle.check(["s00", "s01"])  # a mismatch: the turn ends and player 1 knows every card
    assert not wrong.ok and wrong.refutation


def test_house_rule():
    """The position of the sweep under the house rule (mem.house_rule: the turn ends after a match too).

    Not solvable: player 0 takes at most one pair a turn, and player 1, who knows every card (mem.assume.
    public_flip), takes the other: 1-2. A mismatch first only lets player 1 take a pair first: 1-2 again."""
    assert solved("house-rule") == (False, None, 0, 0)
    puzzle = RB.puzzle("house-rule")
    refuted = puzzle.check(["s00", "s03", "s01", "s02"])
    assert not refuted.ok
    assert [step.option for step in refuted.refutation][:1] in (["s01"], ["s02"])  # player 1 takes the last pair


def test_unseen_first():
    """Four cards left: a 0 at s00 and a 1 at s02 known, s01 and s03 unseen (so a 0 and a 1); one pair each
    (pairs 2 and 3), the official rule.

    Count 8: flipping a known card first leaves the second flip to chance (an unseen card is its twin one
    time in two): no strategy wins that way. Flipping an unseen card first (2 ways) shows a 0 or a 1, and its
    known twin is then the second flip; the last two cards (one known, one now known by elimination) are a
    pair, either first (2 ways), the second forced. A strategy chooses that order after each of the 2
    pictures the first card may show: 2 x 2 x 2 = 8 strategies of 3 choices."""
    assert solved("unseen-first") == (True, 3, 8, 8)
    puzzle = RB.puzzle("unseen-first")
    wrong = puzzle.check(["s00", "s01", "s02", "s03"])  # a known card first: s01 may be the 1
    assert not wrong.ok
    assert wrong.refutation[0].option == "1"  # chance: s01 is the 1, the turn ends, player 1 knows the rest
    # a line that is right for one outcome only is refuted by the other, not by merely running out
    short = puzzle.check(["s01", "s00"])
    assert not short.ok and short.refutation[0].option == "1" and "your line ends" not in short.message
    game = puzzle.game()
    for move in ("s03", "1", "s02", "s00"):  # s03 shows a 1: its twin s02; then s00, and s01 is the 0
        game.apply(move)
    computer = PuzzleOpponent(puzzle)
    while not verdict(puzzle, game).over:
        game.apply(computer.choose(game, game.decision.player))
    assert verdict(puzzle, game).solved and game.result["winners"] == [0]


def test_three_unseen():
    """Six cards left: a 0, a 1 and a 2 known, three unseen (their twins); player 1 has two pairs, player 0
    none, the official rule: player 0 must take all three (3-2).

    Count 1536: with k known cards and their k unseen twins, a winning strategy flips an unseen card first
    (k ways: a known card first leaves the match to chance), then the known twin of whatever it shows (k
    outcomes), and goes on with k - 1 after each outcome independently: S(k) = k x S(k-1)^k, with S(1) = 2
    (either of the last two first). S(2) = 2 x 2^2 = 8 (the puzzle unseen-first), S(3) = 3 x 8^3 = 1536.
    Shortest: 2 choices for each of the first two pairs and 1 for the last: 5."""
    assert solved("three-unseen") == (True, 5, 1536, 1536)
    puzzle = RB.puzzle("three-unseen")
    assert not puzzle.check(["s00", "s03"]).ok
    for picks in itertools.product(range(3), range(2)):  # every order the three unseen pictures may show
        game = _unseen_first(puzzle, list(picks))
        assert verdict(puzzle, game).solved and game.result["winners"] == [0], picks


def _unseen_first(puzzle, picks: list) -> tt.Game:
    """The right strategy of test_three_unseen played out: flip an unseen card first, then the known twin
    of the picture it shows; chance shows the ``picks``-th picture left each time (the last is forced)."""
    game = puzzle.game()
    while not verdict(puzzle, game).over:
        d, st = game.decision, game.table.state
        ids = [o.id for o in d.options]
        if d.player == "chance":
            game.apply(ids[picks.pop(0) if picks else 0])
            continue
        shown = [st.objects[s]["picture"] for s in st.zones["grid"] if st.objects[s]["face_up"]]
        pictures = {s: st.objects[s]["picture"] for s in ids}
        if shown:  # the second flip: the twin of the face-up card, known by now (mem.match)
            game.apply(next(s for s in ids if pictures[s] == shown[0]))
        else:
            game.apply(next((s for s in ids if pictures[s] is None), ids[0]))
    return game


def test_share_the_win():
    """Three players; two pairs left, all known; players 1 and 2 have two pairs each, player 0 none; the
    official rule.

    Count 8: taking both pairs gives 2-2-2, a three-way tie, which shares the win (mem.assume.end): the lines
    of the sweep, 4 x 2 = 8 of 3 choices. One pair and a mismatch hand the last pair to player 1 (3 pairs)."""
    assert solved("share-the-win") == (True, 3, 8, 8)
    puzzle = RB.puzzle("share-the-win")
    game = puzzle.game()
    for move in ("s00", "s02", "s01", "s03"):
        game.apply(move)
    assert game.result["winners"] == [0, 1, 2] and game.result["draw"]
    assert not puzzle.check(["s00", "s01"]).ok  # a mismatch: player 1 takes both pairs
