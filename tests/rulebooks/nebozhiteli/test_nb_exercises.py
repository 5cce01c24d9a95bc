"""The judges of 06_nebozhiteli's exercises (tabletop/games/nebozhiteli/exercises.py) and the lesson's additions
(lessons.py: scenarios, game.explain of armour and attack): each plays the position and says what happened.
Lines cite 003_d48e1762333e061a.txt."""

from nb import RB

from tabletop.games.nebozhiteli.lessons import card


def test_the_ledger_judge_tells_the_lives_shown_while_the_damage_waits():
    """L76: after the Scroll of Fire the Skeleton still shows 2 lives (the damage waits in the ledger)."""
    verdict = RB.exercise("heal-after-damage").check(0)
    assert not verdict.ok and "still showed 2 lives" in verdict.text and "it had 2 and was in play" in verdict.text


def test_the_armour_judge_lists_each_source_through_the_chainmail():
    """L70-L71: each blocker is a source and the Chainmail's 2 comes off each: 3 -> 1, 1 -> 0, 1 -> 0."""
    text = RB.exercise("knight-lives").check(1).text
    assert "deals 1 physical damage (3 less armour)" in text and text.count("deals 0 physical damage") == 2
    assert "the Knight kept 3 lives" in text


def test_the_split_judge_plays_every_split():
    """L72: every split of the Greataxe's 4 between the Skeleton (1 life) and the robed Lich (3 lives, armour 1)."""
    text = RB.exercise("orc-split").check(2).text
    assert (
        text.count(" dies") == 5
        and "3 to Lich (c" in text
        and text.endswith("Lich dies\nHint: " + RB.exercise("orc-split").hint)
    )


def test_the_first_strike_judge_names_the_dead():
    """nb.assume.first_strike, option first_strike_check off: both die."""
    text = RB.exercise("first-strike-unchecked").check(1).text
    assert "Elven Blademaster, Skeleton Warrior in the graveyards" in text


def test_explain_gives_armour_item_by_item_and_follows_the_options():
    """nb.assume.armour: a creature's armour is its items' numbers (the Chainmail's 2); against fire it counts
    only with option armour_vs_other; nb.strength (L42): the attack is the weapon's, 1 unarmed."""
    game = RB.scenario("combat")
    knight = card(game, "Knight of the Vale", "field:0")
    armour = game.explain(knight, "armour")
    assert armour.value == 2 and [s.op for s in armour.steps] == ["base", "add"]
    assert armour.steps[1].source_name.startswith("Chainmail")
    assert game.explain(knight, "armour:fire").value == 0
    assert game.explain(knight, "attack").value == 3
    assert game.explain(card(game, "Ghoul", "field:1"), "attack").value == 1
    fire = RB.new_game(seed=0, layout=game.options["layout"], armour_vs_other=True)
    assert fire.explain(card(fire, "Knight of the Vale", "field:0"), "armour:fire").value == 2


def test_the_lesson_scenarios_are_layouts_and_replay():
    """Each scenario is option layout (a game like any other): it saves and loads to the same position."""
    import tabletop as tt

    for name in ("combat", "ledger", "blademaster", "next-phase", "summoning"):
        game = RB.scenario(name)
        assert game.options["layout"] is not None
        again = tt.load_game(game.to_json())
        assert again.fingerprint() == game.fingerprint() and again.legal() == game.legal()


def test_the_ledger_table_has_a_row_per_amount_and_one_per_creature_at_the_phase_end():
    """L76: the Vampire Lord (4 lives) heals 2 from its own damage to the Ghoul (nb.not_creature, L75) and takes
    the Ghoul's 1: its running sum goes 6, then 5, and it lives on with 5; the Ghoul (2 lives) takes 2 and dies at
    the end of the phase."""
    from tabletop.games.nebozhiteli.lessons import ledger_rows, pass_until

    game = pass_until(RB.scenario("combat"), "attackers")
    vampire = card(game, "Vampire Lord", "field:0")
    game.apply(f"pick:{vampire}")
    skeleton, lich, ghoul = (card(game, n, "field:1") for n in ("Skeleton Warrior", "Lich", "Ghoul"))
    game.apply(f"none:{skeleton}").apply(f"none:{lich}")
    lives = {o: game.state.objects[o]["lives"] for p in (0, 1) for o in game.state.zone(f"field:{p}")}
    start = len(game.trace)
    game.apply(f"block:{ghoul}>{vampire}")  # the last blocker declared: the damage phase runs
    rows = ledger_rows(game, start, lives)
    mine = [(r["ledger"], r["lives + sum"], r["at the phase's end"]) for r in rows if r["creature"].startswith("Vamp")]
    assert mine == [("healing 2", 6, ""), ("damage 1", 5, ""), ("end of phase", 5, "lives on with 5")]
    ghoul = [r for r in rows if r["creature"].startswith("Ghoul")]
    assert [r["phase"] for r in ghoul] == ["damage", "damage"] and ghoul[-1][
        "at the phase's end"
    ] == "dies at end of phase"
    assert "ledger" in str(rows) and "<table" in rows._repr_html_()
