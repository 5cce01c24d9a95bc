"""The public game.explain of Hearthstone's values, and the literal readings of the text as options
(000_7fc8e0fd1bcbc422.txt L26, L27, L68)."""

from hsx import RB, atk, hero, hp, options, position

from tabletop.games.hearthstone import engine as E


def card(game, oid):
    return game.state.objects[oid]["card"]


def steps(ex):
    return [(s.op, s.amount, s.source, s.rule) for s in ex.steps]


# ---------------------------------------------------------------- game.explain
def test_explain_a_3_attack_minion_with_a_battlecry_buff_and_an_aura():
    """hs.attack (L39-40), hs.assume.battlecry, hs.assume.aura (L50, L52): the Bog Crawler (3 attack) gets +1
    from Argus Defender's Battlecry and +1 from the adjacent Pack Wolf's aura; game.explain shows the printed
    3 and both contributions with their sources and rules, ending at game.value (it showed one line, "base 5")."""
    game, ids = position(board0=["pack_wolf", "bog_crawler"], hand0=["argus_defender"])
    wolf, crawler = ids["board0"]
    argus = ids["hand0"][0]
    game.apply(f"play:{argus}@2")  # right of the crawler: the wolf stays adjacent to it
    ex = game.explain(crawler, "attack")
    assert steps(ex) == [
        ("base", 3, crawler, "hs.attack"),
        ("add", 1, argus, "hs.assume.battlecry"),
        ("add", 1, wolf, "hs.assume.aura"),
    ]
    assert ex.value == 5 == game.value(crawler, "attack") == atk(game, crawler)
    assert [s.after for s in ex.steps] == [3, 4, 5]
    health = game.explain(crawler, "health")
    assert steps(health) == [("base", 2, crawler, "hs.health"), ("add", 1, argus, "hs.assume.battlecry")]
    assert health.value == 3 == game.value(crawler, "health")


def test_explain_damage_taken_a_heros_weapon_and_durability_used():
    """hs.health (L41-42): damage taken is a step of its own; hs.assume.hero_attack: a hero's attack is his
    weapon's; hs.durability (L31): each attack uses 1 durability."""
    game, ids = position(board0=["mountain_yeti"], board1=["bog_crawler"], weapon0="silverblade", deck0="paladin")
    yeti, crawler = ids["board0"][0], ids["board1"][0]
    blade = ids["weapon0"][0]
    game.apply(f"attack:{yeti}>{crawler}")
    ex = game.explain(yeti, "health")
    assert steps(ex) == [("base", 5, yeti, "hs.health"), ("sub", 3, None, "hs.health")]
    assert ex.value == 2 == hp(game, yeti) == game.value(yeti, "health")
    assert game.value(yeti, "max_health") == 5
    h = hero(game, 0)
    assert steps(game.explain(h, "attack")) == [("base", 4, blade, "hs.assume.hero_attack")]
    game.apply(f"attack:{h}>{hero(game, 1)}")
    dur = game.explain(blade, "durability")
    assert steps(dur) == [("base", 2, blade, "hs.durability_attr"), ("sub", 1, blade, "hs.durability")]
    assert dur.value == 1 == game.state.objects[blade]["dur"]
    assert steps(game.explain(hero(game, 1), "health")) == [
        ("base", 30, hero(game, 1), "hs.win"),
        ("sub", 4, None, "hs.health"),
    ]
    assert steps(game.explain(h, "health")) == [("base", 30, h, "hs.win")]  # a defending hero strikes nothing back


def test_explain_names_the_object_that_has_no_such_stat():
    """game.explain of a stat the object does not have says which object and which stat."""
    game, ids = position(hand0=["ice_shard"])
    try:
        game.explain(ids["hand0"][0], "attack")
    except KeyError as exc:
        assert "Ice Shard" in str(exc) and "'attack'" in str(exc)
    else:
        raise AssertionError("a spell has no attack")
    assert game.value(ids["hand0"][0], "cost") == game.rulebook.cards["ice_shard"]["cost"]


def test_the_rulebook_has_no_private_explain_any_more():
    """The public game.explain is the only explanation: the package no longer exports one of its own."""
    import tabletop.games.hearthstone as hs

    assert not hasattr(hs, "explain") and RB.explain is E.explain


# ------------------------------------------------------------- literal readings
def test_literal_l26_a_minion_card_played_onto_a_full_board_is_destroyed():
    """hs.assume.board_full, option play_onto_full_board, 000 L26: "if you play a card that summons one more
    minion beyond the limit, it is destroyed and does not get onto the field". Read literally, the card may
    be played with 7 minions on the board: its mana is spent, the minion goes to the graveyard, its
    Battlecry never happens. By default (the real game) the card cannot be played."""
    for literal in (False, True):
        game, ids = position(board0=["bog_crawler"] * 7, hand0=["sun_cleric"], play_onto_full_board=literal)
        cleric = ids["hand0"][0]
        plays = options(game, f"play:{cleric}")
        if not literal:
            assert plays == []
            continue
        assert plays == [f"play:{cleric}@7"]
        game.apply(plays[0])
        assert game.decision.kind == "action"  # no Battlecry target is asked for: the minion never enters
        assert game.state.players[0]["mana"] == 10 - 3  # the card is played: its cost is paid (L37)
        assert cleric in game.state.zones["grave:0"] and game.state.zones["board:0"] == tuple(ids["board0"])
        assert all((atk(game, m), hp(game, m)) == (3, 2) for m in ids["board0"])
        assert any(r["rule"] == "hs.board_limit" and "the board is full" in r["summary"] for r in game.trace)
    # the hero power that summons stays refused either way (using it is not playing a card)
    game, _ = position(board0=["bog_crawler"] * 7, deck0="paladin", play_onto_full_board=True)
    assert options(game, "power") == []


def test_literal_l27_a_minion_dies_as_soon_as_its_health_reaches_0():
    """hs.assume.death_phase, option deaths, 000 L27: "as soon as a minion's health drops to 0, the minion
    card is removed from the game". Two Knife Jugglers each deal 1 damage to a random enemy when a minion is
    summoned; the first kills the 1-health Tusked Charger. In the death phase (the default, the real game)
    the charger stays on the board at 0 health until the action is over, so the second Juggler may pick it
    again; read literally, it is gone at once and the second Juggler's candidates no longer include it."""
    for reading in ("death_phase", "at_once"):
        game, ids = position(
            board0=["knife_juggler", "knife_juggler"],
            hand0=["footman_sentry"],
            board1=["tusked_charger"],
            chance="manual",
            deaths=reading,
        )
        charger = ids["board1"][0]
        game.apply(f"play:{ids['hand0'][0]}@2")
        assert game.decision.kind == "random_target" and charger in game.decision.ids
        game.apply(charger)
        assert game.decision.kind == "random_target"
        if reading == "death_phase":
            assert charger in game.decision.ids and charger in game.state.zones["board:1"]
        else:
            assert game.decision.ids == [hero(game, 1)] and charger in game.state.zones["grave:1"]
            deaths = [r for r in game.trace if r["kind"] == "event" and r["data"].get("type") == "die"]
            assert len(deaths) == 1 and deaths[0]["rule"] == "hs.death"
        game.apply(game.decision.ids[0])
        assert charger in game.state.zones["grave:1"]


def test_literal_l27_deaths_at_once_still_run_deathrattles():
    """hs.assume.death_phase, option deaths='at_once', 000 L27, and hs.assume.deathrattle: the chain of the
    death-chain position (Abomination's Deathrattle kills the Golem and the Gnome) ends as in the death
    phase, with no death phase needed for the minions."""
    for reading in ("death_phase", "at_once"):
        game = RB.new_game(seed=0, scenario="death-chain", deaths=reading)
        st = game.state
        crawler = st.zones["board:0"][0]
        golem, abom, gnome = st.zones["board:1"]
        game.apply(f"attack:{crawler}>{abom}")
        assert {crawler, abom, golem, gnome} <= set(st.zones["grave:0"]) | set(st.zones["grave:1"])
        assert [card(game, o) for o in st.zones["board:1"]] == ["scrap_heap"]
        checks = [r for r in game.trace if r["kind"] == "check"]
        assert len(checks) == (2 if reading == "death_phase" else 0)


def test_literal_l68_option_and_the_rules_that_name_their_options():
    """hs.assume.hero_attack (L68), hs.assume.board_full (L26), hs.assume.death_phase (L27): each rule entry
    names the option that switches it to the literal reading and cites the line it reads."""
    for rule_id, option, line in (
        ("hs.assume.hero_attack", "defending_hero_strikes_back", 68),
        ("hs.assume.board_full", "play_onto_full_board", 26),
        ("hs.assume.death_phase", "deaths", 27),
    ):
        rule = RB.rules[rule_id]
        assert rule.assumption and rule.option == option and RB.options[option].rule == rule_id
        assert (line, line) in rule.lines and "read literally" in rule.text and "default" in rule.text
    assert RB.options["deaths"].default == "death_phase" and RB.options["play_onto_full_board"].default is False


def test_explain_names_public_cards_and_keeps_a_hidden_card_an_id():
    # the board is public and a hand its owner's (the rulebook's zone visibility), so the explanation a
    # notebook prints for everyone names a minion on the board but not a card in a hand
    game = RB.scenario("adjacent")
    on_board = game.state.zones["board:0"][0]
    in_hand = game.state.zones["hand:0"][0]
    shown = game.explain(on_board, "attack")
    name = RB.cards[game.state.objects[on_board]["card"]]["name"]
    assert shown.obj == on_board and str(shown).startswith(f"attack of {name} ({on_board}) = ")
    assert game.explain(in_hand, "attack").obj_name is None
