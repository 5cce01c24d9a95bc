"""The assumptions of the digest's section 11 that change outcomes, each switched by its option: the other
reading gives another position (wl.assume.*)."""

from wl import COVENANT, FIRST, HORDE, A, at, drive, game, one, side


def later_strike(g):
    """A stop for drive: the attacker's second strike (the target decision that offers to stop)."""
    return at("strike")(g) and "stop" in g.legal()


def test_ranged_reach_exactly_two_or_up_to_two():
    """wl.assume.ranged_reach (L93/L263 "across one rank"): the Glade Scout in rank 1 shoots at an enemy rank 2
    only; with ranged_reach 'up_to_2' at rank 1 too."""
    veil = [["glade_scout"], ["lady_ysmere"]]
    for reach, ranks in (("exact", {2}), ("up_to_2", {1, 2})):
        g = drive(game(side(veil), side(COVENANT), ranged_reach=reach), [], FIRST, at("order"))
        shots = [o.split(">")[1] for o in g.legal() if o.startswith("shoot:")]
        assert {A.rank_of(g, t) for t in shots} == ranks


def test_a_hit_spends_its_surviving_target_only_under_the_option():
    """wl.assume.hit_spends (L42/L206 'or damaged by your enemy')."""
    champ = [["iron_champion", "hammerman"], ["forge_priest"], ["thane_brannoc"]]
    for spends, state in ((False, "ready"), (True, "spent")):
        g = drive(
            game(side(HORDE), side(champ), hit_spends=spends),
            ["attack:", "target:@iron_champion"],
            [*FIRST, "hit"],
            later_strike,
        )
        assert A.state_of(g, one(g, 1, "iron_champion")) == state


def test_the_reform_cost_per_move_or_once():
    """wl.assume.reform_cost (L49/L213): a character moved forward twice in one reform is stunned, or spent once."""
    army = [["shieldbearer"], [], [], ["forge_priest", "thane_brannoc"]]  # rank 4 outnumbers the empty rank 3
    for cost, state in (("per_move", "stunned"), ("once", "spent")):
        g = drive(game(side(HORDE), side(army), reform_cost=cost, reform_jump="one"), [], FIRST, at("reform"))
        priest = one(g, 1, "forge_priest")
        g.apply(f"reform:{priest}:3@0")  # rank 4 to 3: now rank 3 outnumbers the empty rank 2
        assert g.decision.kind == "reform" and A.illegal(g, 1) == [3]
        g.apply(f"reform:{priest}:2@0")  # rank 3 to 2, the same reform
        assert A.state_of(g, priest) == state


def test_becomes_atk_makes_one_strike_or_all():
    """wl.assume.atk_bonus (L100/L270 'becomes +# ATK'): under Berserk Rage Gorvash strikes once at 12, or thrice."""
    for reading, strikes in (("single", 1), ("all", 3)):
        g = drive(
            game(side([["gorvash"]], ["berserk_rage"]), side(COVENANT), becomes_strikes=reading),
            [],
            FIRST,
            at("order", 0),
        )
        gorvash = one(g, 0, "gorvash")
        assert A.strikes(g, gorvash) == 3 and A.atk(g, gorvash, 0) == 7
        g.apply(next(o for o in g.legal() if o.startswith("play:")))
        assert A.strikes(g, gorvash) == strikes and A.atk(g, gorvash, 0) == 12 == A.atk(g, gorvash, 2)


def test_later_strikes_at_the_front_rank_or_any_rank():
    """wl.assume.melee_rank (L69/L239 does not repeat the first rank for later strikes)."""
    for reading, ranks in (("front", {1}), ("any_rank", {1, 2, 3})):
        g = drive(
            game(side([["gorvash"]]), side(COVENANT), later_strikes=reading),
            ["attack:", "target:@hammerman"],
            [*FIRST, "miss"],
            later_strike,
        )
        targets = [o.split(":")[1] for o in g.legal() if o.startswith("target:")]
        assert {A.rank_of(g, t) for t in targets} == ranks


def test_characters_enter_ready_or_spent():
    """wl.assume.enter_ready (outside the text)."""
    for reading in ("ready", "spent"):
        g = drive(game(side(HORDE, ["ash_raider"]), side(COVENANT), enter=reading), ["bring:"], FIRST, at("order", 1))
        raider = one(g, 0, "ash_raider")
        assert A.state_of(g, raider) == reading
