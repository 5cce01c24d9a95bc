"""Notebook 08's lesson (tabletop/games/warlord/lessons.py, exercises.py, positions.py, data/puzzles): its positions
reach the rule they show, the ranks picture and distances follow wl.ranks, the exact chances of an attack follow
the dice, the puzzle is solved with its count pinned, and position files read back. The seed is
004_445e52d7fb23d2a0.txt (copy A L1-L113, copy B L150-L283)."""

import random
from fractions import Fraction

import pytest
from wl import RB

import tabletop as tt
from tabletop.games.warlord import army as A
from tabletop.games.warlord import lessons as WL
from tabletop.games.warlord.lessons import find


def test_the_lesson_adds_its_scenarios_puzzle_and_exercises():
    assert {"react-order", "steady-ranks", "champion"} <= set(RB.scenarios)
    assert "three-ready" in RB.puzzles
    assert set(RB.exercises) == {"reform-state", "hammerman-ways", "parried-ways", "passes-to-end"}


def test_reacts_are_polled_from_the_initiative_holder_not_the_acting_player():
    """wl.reacts (L97/L267): "begin with the player who holds the initiative this turn and go clockwise". Player
    1 holds it; player 0 strikes, and player 1 (Parry) is asked before player 0 (Press the Attack)."""
    game = RB.scenario("react-order")
    assert game.state.vars["initiative"] == 1
    assert game.state.vars["strike"]["attacker"] in A.army(game.table, 0)
    assert (game.decision.kind, game.decision.player) == ("react", 1)
    game.apply("no")
    assert (game.decision.kind, game.decision.player) == ("react", 0)


def test_steady_ranks_is_offered_before_the_reform_and_makes_it_free():
    """wl.reform (L48/L212): only a React played when you reform may come first; wl.reform_move (L49/L213): the
    move's cost, which Steady Ranks takes away."""
    game = RB.scenario("steady-ranks")
    assert game.decision.player == 1 and all(
        RB.cards[game.state.objects[o.split(":")[1]]["card"]]["id"] == "steady_ranks"
        for o in game.legal()
        if o.startswith("react:")
    )
    game.apply(next(o for o in game.legal() if o.startswith("react:")))
    priest = find(game.table, "Forge Priest", 1)
    game.apply(f"reform:{priest}:1@0")
    assert A.state_of(game.table, priest) == "ready"


def test_ranks_picture_is_front_rank_first_marks_an_illegal_rank_and_is_an_image():
    """wl.ranks (L46/L210): the front rank first; wl.legal (L46-L47): rank 2 of two behind a rank of one."""
    game = RB.scenario("reform-before-react")
    picture = WL.ranks_picture(game.table, "t")
    html = picture._repr_html_()
    assert html.startswith('<img class="tt-picture"') and "<svg" not in html
    assert "player 1 front rank: Covenant Hammerman (c24); player 1 rank 2: Forge Priest (c25), " in picture.alt
    assert "rank 2: Forge Priest (c25), Crossbow Veteran (c26) ILLEGAL" in picture.alt
    game.apply("reform:c25:1@0")
    assert "ILLEGAL" not in WL.ranks_picture(game.table).alt


def test_distances_are_r_plus_s_minus_1():
    """wl.ranks (L46/L210): front rank to front rank is one rank."""
    rows = WL.distances(RB.scenario("duel").table, 0, 1)
    assert [list(r.values())[1:] for r in rows] == [[1, 2, 3], [2, 3, 4], [3, 4, 5]]


def test_the_exact_chance_of_a_kill_follows_the_dice_and_the_simulation_agrees():
    """wl.melee, wl.strikes (L68-L69/L238-L239), wl.natural (L39): Gorvash 7/7/4 against AC 17 hits on 11, 11 and
    8 faces of 20; the Iron Champion (2 hit points) dies on two hits of three."""
    game = RB.scenario("champion")
    champ = find(game.table, "Iron Champion", 1)

    def dead(g):
        return champ in g.state.zone("discard:1")

    exact = WL.outcome_chances(game, WL.follow(champ), dead)
    p = Fraction(11, 20)
    assert exact[True] == p * p + 2 * p * (1 - p) * Fraction(8, 20) == Fraction(1001, 2000)
    assert sum(exact.values()) == 1
    sampled = WL.simulated(game, WL.follow(champ), dead, 2000, seed=3)
    assert abs(sampled[True] - float(exact[True])) < 0.05


def test_the_puzzle_three_ready():
    """wl.maneuver (L86/L256) spends the mover; wl.reform_move (L49/L213) spends who the reform moves forward,
    unless Steady Ranks (wl.reform L48: a React played when you reform). Shortest 3: a maneuver back (or the
    Warlord forward) that makes a rank illegal, Steady Ranks, the reform; 150 solutions (who performs the
    React, where the moved characters stand)."""
    puzzle = RB.puzzle("three-ready")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 3, 150)
    assert puzzle.check(["move:c5:2@0", "react:c6:c1", "reform:c3:1@0"]).ok
    assert not puzzle.check(["move:c5:2@0", "no", "reform:c3:1@0"]).ok  # no React: the Priest arrives spent
    assert not puzzle.check(["move:c3:1@2"]).ok  # a maneuver forward spends the Priest


def test_the_puzzle_reform_first():
    """wl.reform (L47-L48/L211-L212): the illegal rank is reformed at once, before any effect; the Shield Wall, a
    React to the death (wl.reacts L97/L267), comes after, so its +2 AC to the front rank finds whoever the reform
    moved there. Shortest 2: the Forge Priest forward (2 places), then the Shield Wall by any of 4 characters."""
    puzzle = RB.puzzle("reform-first")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 2, 8)
    start = puzzle.game()
    priest = find(start.table, "Forge Priest", 1)
    assert start.state.objects["c28"]["card"] == "shield_wall"
    assert puzzle.check([f"reform:{priest}:1@0", f"react:c28:{priest}"]).ok
    assert not puzzle.check(["reform:c26:1@0", f"react:c28:{priest}"]).ok  # the Veteran in front gets the +2
    assert not puzzle.check([f"reform:{priest}:1@0", "no"]).ok  # no React: the Priest keeps AC 14


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_position_at_an_order_reads_back(seed):
    """positions.py: a random game written at each go of its Orders Phases loads to the same fingerprint and
    decision (2 to 4 players)."""
    rng = random.Random(seed)
    game = RB.new_game(seed=seed, players=2 + seed)
    written = 0
    while not game.over and written < 6:
        if game.decision.kind == "order" and rng.random() < 0.3:
            loaded = tt.load_position(game.to_position())
            assert loaded.fingerprint() == game.fingerprint() and loaded.legal() == game.legal()
            written += 1
        game.play(rng.randrange(len(game.legal())))
    assert written


def test_a_bad_position_names_the_field():
    """A state that is none of wl.states (L42/L206) is refused, naming the field."""
    text = RB.scenario("orders-phase").to_position()
    assert 'state = "ready"' in text
    with pytest.raises(tt.PositionError, match=r"state.*'tired' is not one of ready, spent, stunned"):
        tt.load_position(text.replace('state = "ready"', 'state = "tired"', 1))
    with pytest.raises(tt.PositionError, match="no card 'ash_raidr'"):
        tt.load_position(text.replace('card = "ash_raider"', 'card = "ash_raidr"', 1))


def test_a_puzzle_test_is_worded_by_its_says():
    """docs/puzzles.md: a ``{test = NAME, ...}`` goal's ``says`` is what the student reads; without it the goal
    is the test's name and arguments (the puzzle still checks the same condition)."""
    text = (RB.puzzle_folder / "three-ready.toml").read_text(encoding="utf-8")
    assert "your front rank holds at least 3 ready characters" in RB.puzzle("three-ready").goal_text
    bare = tt.load_puzzle(text.replace(', says = "your front rank holds at least 3 ready characters"', ""))
    assert "ready_in_rank {'player': 0, 'rank': 1, 'at_least': 3}" in bare.goal_text
    assert tt.solve(bare).shortest == tt.solve(RB.puzzle("three-ready")).shortest == 3
