"""One Night Ultimate Werewolf's starter puzzles: the solver's counts, each derived from the rules."""

import tabletop as tt

RB = tt.rulebook("one_night_werewolf")


def solved(name):
    return tt.solve(RB.puzzle(name))


def test_robbers_pick():
    """onw.robber: the Robber's options are to take player 1's or player 2's card, or rob nobody (3 options);
    he becomes the role he takes (onw.role_is_card), so only taking the Werewolf (player 1) puts his card on
    the werewolf team at dawn (onw.assume.teams): solvable in 1 choice, exactly 1 solution."""
    s = solved("robbers-pick")
    assert (s.solvable, s.shortest, s.count, s.count_shortest) == (True, 1, 1, 1)
    puzzle = RB.puzzle("robbers-pick")
    assert puzzle.check(["swap:p1"]).ok
    assert not puzzle.check(["swap:p2"]).ok  # he becomes a Villager


def test_sober_drunk():
    """onw.drunk: the Drunk must exchange his card with one of the 3 centre cards (no pass); two are
    Werewolves, so only centre card 1 (the Villager) keeps him on the village team: 1 solution of 3."""
    s = solved("sober-drunk")
    assert (s.solvable, s.shortest, s.count, s.count_shortest) == (True, 1, 1, 1)
    puzzle = RB.puzzle("sober-drunk")
    assert puzzle.check(["swap:c0"]).ok
    assert not puzzle.check(["swap:c1"]).ok


def test_hunters_aim():
    """onw.vote, onw.execute, onw.hunter: the Hunter votes for player 1 or 2. For player 1 (the Werewolf), with
    the others playing along, player 2 votes 1 too: the Werewolf is executed and the village wins
    (onw.win.werewolf_dies). For player 2 no line wins: 2 executed, or the Hunter executed and shooting 2, kills
    only villagers (onw.win.villager_killed), and no execution leaves the werewolf team winning
    (onw.win.werewolves). With the others playing along, the count is of the winning lines after vote:1: of
    player 1's 2 votes x player 2's 2, (0, 0) executes the Hunter who shoots 1, (0, 1) and (2, 1) execute 1,
    and (2, 0) gives each one vote (nobody executed): 3 solutions, each 1 choice of the solver."""
    s = solved("hunters-aim")
    assert (s.solvable, s.shortest, s.count, s.count_shortest) == (True, 1, 3, 3)
    puzzle = RB.puzzle("hunters-aim")
    assert puzzle.check(["vote:1"]).ok
    assert not puzzle.check(["vote:2"]).ok


def test_too_late():
    """onw.assume.order_option: here the Troublemaker is called before the Robber; she swapped players 2 and 3
    (onw.troublemaker), so the Werewolf card dealt to player 2 lies before player 3 when the Robber is called.
    The Robber takes the card as it lies (onw.robber; onw.role_is_card): of his 4 options (players 1, 2, 3,
    nobody) only player 3's card makes him a werewolf at dawn, and nobody is called after him who moves
    cards (no Drunk in play): 1 solution in 1 choice. Robbing player 2, where the wolf was dealt, fails."""
    s = solved("too-late")
    assert (s.solvable, s.shortest, s.count, s.count_shortest) == (True, 1, 1, 1)
    puzzle = RB.puzzle("too-late")
    assert puzzle.check(["swap:p3"]).ok
    assert not puzzle.check(["swap:p2"]).ok


def test_seers_look():
    """onw.seer: the Seer may look at another player's card (3 options), at two of the centre cards (3
    pairs) or at nothing: 7 options. One Werewolf is a player's (player 2), the other in the centre; only
    looking at player 2 shows her a player holding a Werewolf, and no later call moves a card (the Robber is
    in the centre): 1 solution in 1 choice. Two centre cards with the Werewolf among them do not count."""
    s = solved("seers-look")
    assert (s.solvable, s.shortest, s.count, s.count_shortest) == (True, 1, 1, 1)
    puzzle = RB.puzzle("seers-look")
    assert len(puzzle.game().legal()) == 7
    assert puzzle.check(["view:p2"]).ok
    assert not puzzle.check(["view:c0+c1"]).ok


def test_tanners_trap():
    """onw.vote, onw.execute: player 3 casts the last vote (for 0, 1 or 2), so nobody replies. The Tanner
    (player 2) has 2 votes already. For 2 or for 0 he alone has the most votes and dies: the Tanner wins and
    the village loses (onw.win.tanner). For 1 the Werewolf ties him at 2 and both are executed: a werewolf
    died, so the village wins, the Seer among them (onw.win.werewolf_dies). 1 solution in 1 choice."""
    s = solved("tanners-trap")
    assert (s.solvable, s.shortest, s.count, s.count_shortest) == (True, 1, 1, 1)
    puzzle = RB.puzzle("tanners-trap")
    assert puzzle.check(["vote:1"]).ok
    assert not puzzle.check(["vote:2"]).ok


def test_two_ways_to_howl():
    """onw.doppelganger: she must copy one of players 1 to 3 (onw.assume.doppel_must: no pass), 3 options.
    Copying the Werewolf (player 2) makes her a werewolf (her card gives the role she copied, L210), and no
    later call touches her card (the Drunk swaps his own with the centre): 1 choice. Copying the Drunk she
    does the Drunk's action at once (onw.doppel.immediate, onw.drunk): of the 3 centre cards only the second,
    a Werewolf, puts her on the werewolf team: 2 choices. Copying the Villager leaves her a villager. So 2
    solutions, the shortest 1 choice and 1 of that length."""
    s = solved("two-ways-to-howl")
    assert (s.solvable, s.shortest, s.count, s.count_shortest) == (True, 1, 2, 1)
    puzzle = RB.puzzle("two-ways-to-howl")
    assert puzzle.check(["copy:2"]).ok
    assert puzzle.check(["copy:1", "swap:c1"]).ok
    assert not puzzle.check(["copy:1", "swap:c0"]).ok
    assert not puzzle.check(["copy:3"]).ok
