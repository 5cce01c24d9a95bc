"""Nebozhiteli as a rulebook: options, set-up, the turn in the text's order, board view and evaluation."""

from __future__ import annotations

from functools import partial

from tabletop.core import OptionSpec, Phase, Profile, Rulebook, Scenario, Table, deck_options, result_value

from . import combat as _combat  # noqa: F401  (registers combat's tasks on E.TASKS)
from . import engine as E
from . import layout as L
from .board import board  # the board view: mana counters, items on their creatures, combat as lanes
from .catalogue import CARDS, DECK_NAMES, NebozhiteliCards
from .lessons import add_to as add_lessons
from .positions import SPEC as POSITION
from .rules import RULES, SEED
from .scenarios import LAYOUTS

# the turn in the order of the text (L34-L80); each "@name" is a phase of the text, whose end settles the
# ledger and runs the state checks (nb.L76: "during any phase")
TURN_STEPS = (
    "@start",  # Начало хода (L34-L36)
    "nb.begin",
    "nb.refill_field",
    "nb.refill_hand",
    "nb.deck_out",
    "nb.actions",
    "nb.start_abilities",
    "nb.untap",
    "@summoning",  # Фаза вызова существ (L38-L42)
    "nb.summon",
    "@equipment",  # Фаза экипировки (L43-L50)
    "nb.equip",
    "@ranged",  # Фаза атаки стрелковым и метательным оружием (L52-L53)
    "nb.ranged",
    "@ranged_damage",  # its damage counting and removal of the dead (L54-L55)
    "nb.ranged_damage",
    "@attackers",  # Фаза объявления атакующих (L57-L61)
    "nb.attackers",
    "@blockers",  # Фаза объявления блокирующих (L62-L66)
    "nb.blockers",
    "@damage",  # Фаза подсчета повреждений и удаление мертвых существ (L67-L76)
    "nb.damage",
    "@end",  # Фаза окончания хода (L77-L80)
    E.END.name,  # nb.end_window (L78): a round of goes until both players pass
    "nb.discard",
)  # then nb.pass_turn (L80): the turn structure gives the next turn to the opponent


# ------------------------------------------------------------------- set-up
def setup(game: Table) -> None:
    """nb.decks (L32): each player's creature deck and main deck, shuffled (nb.assume.shuffle); his mana
    (nb.assume.starting_mana). The first turn's refills deal the summoning field and the hand (L35)."""
    st = game.state
    opts = game.options
    if opts["death_check"] == "as_soon_as" and game.profile.checks != "each_event":  # nb.assume.death: L40
        game.profile = game.profile.replace(checks="each_event")
    game.caused_by(game.record("action", "set up a duel of two players", "nb.decks"))
    E.ZONES.setup(game)
    if opts["layout"] is not None:
        L.build(game, opts["layout"])
        return
    cards: NebozhiteliCards = game.rulebook.cards  # type: ignore[assignment]
    for p in E.PLAYERS:
        deck = cards.decks[opts[f"deck{p}"]]
        E.CREATURE_DECKS[p].fill(game, deck["creatures"])
        E.MAIN_DECKS[p].fill(game, deck["main"])
        st.update_player(p, mana=opts["starting_mana"], actions=0)


# ----------------------------------------------------------------- options
PROFILE = Profile(
    checks="end_of_phase",  # nb.L76; nb.assume.death: option death_check "as_soon_as" is each_event (L40)
    period_end=(E.LIFE.settle_task, "checks", "expire", "end_triggers"),
    rules={"check": "nb.L76", "flow": "nb.turn"},
)


def _option(name: str, default, doc: str, rule: str | None, **kw) -> OptionSpec:
    return OptionSpec(name, default, doc, rule, **kw)


OPTIONS = {
    "deck_out": _option(
        "deck_out",
        "empty_after_refill",
        "When the active player has 'run out of cards' (L35): a deck empty after the refills, or a refill that "
        "could not be completed.",
        "nb.assume.deck_out",
        choices=("empty_after_refill", "refill_incomplete"),
    ),
    "death_check": _option(
        "death_check",
        "end_of_phase",
        "When a creature dies: damage and healing summed over the phase, checked at its end (L76), or as soon "
        "as its lives drop below one (L40).",
        "nb.assume.death",
        choices=("end_of_phase", "as_soon_as"),
    ),
    "loss_summed": _option(
        "loss_summed", True, "Loss of life (L73) is summed in the phase's ledger too.", "nb.assume.loss_summed"
    ),
    "first_strike_check": _option(
        "first_strike_check",
        True,
        "Deaths are checked between the first-strike damage and the regular damage (L68).",
        "nb.assume.first_strike",
    ),
    "armour_vs_other": _option(
        "armour_vs_other", False, "Armour reduces other damage (fire, magic) too.", "nb.assume.armour"
    ),
    "amulet_armour": _option("amulet_armour", True, "An amulet's armour number counts.", "nb.assume.armour"),
    "split_zero": _option(
        "split_zero",
        True,
        "A blocked attacker's damage may give 0 to some of its blockers (off: at least 1 each, while it lasts).",
        "nb.assume.redistribute",
    ),
    "mana_from": _option(
        "mana_from",
        "supply",
        "Where the mana put on summoning-field creatures comes from: the counter supply, or the player's own mana.",
        "nb.assume.mana_source",
        choices=("supply", "player"),
    ),
    "starting_mana": _option(
        "starting_mana",
        20,
        "Each player's mana (his life) at the start.",
        "nb.assume.starting_mana",
        at_least=1,
        at_most=99,
    ),
    "actions_carry": _option(
        "actions_carry", False, "Actions left at the end of a turn carry over to the next.", "nb.assume.actions"
    ),
    "readiness_abilities": _option(
        "readiness_abilities",
        False,
        "Combat readiness also lets a just-summoned creature use its activated ability.",
        "nb.assume.readiness",
    ),
    "thrown_weapon": _option(
        "thrown_weapon",
        "stays",
        "What becomes of a throwing weapon after its throw.",
        "nb.assume.ranged",
        choices=("stays", "graveyard"),
    ),
    "healing_cap": _option(
        "healing_cap",
        "none",
        "Whether restored life stops at the summoning cost.",
        "nb.assume.healing_cap",
        choices=("none", "cost"),
    ),
    "mana_loss_loses": _option("mana_loss_loses", True, "A player with no mana left loses.", "nb.assume.win"),
    "first_player": _option("first_player", 0, "Who takes the first turn.", "nb.assume.first_player", choices=(0, 1)),
    **deck_options(("forest", "crypt"), DECK_NAMES, "nb.assume.cards"),
    "layout": _option(
        "layout",
        None,
        "A ready position: each side's creatures in play (lives, items), summoning field, hand, decks and mana "
        "(layout.py); None: the shuffled decks of deck0 and deck1.",
        None,
        check=lambda v: L.check(v, CARDS),
    ),
}


def evaluate(game: Table, player: int) -> float:
    """How good the position is for ``player`` (the greedy agent's yardstick): a win is worth 1000; otherwise
    mana, the creatures in play (lives and attack strength), the mana put on the summoning field and the
    cards in hand, each side's minus the other's; a side whose next refill would run out of cards (L35) is
    as good as lost."""
    end = result_value(game, player)
    if end is not None:
        return end
    score = 0.0
    st = game.state
    for p, sign in ((player, 1.0), (E.other(player), -1.0)):
        if E.doomed(game, p):  # nb.deck_out: his next turn would lose him the game
            score -= sign * 500.0
        side = 2.0 * E.mana(game, p)
        for oid in E.creatures(game, p):
            side += max(E.lives(game, oid) + E.LIFE.net(game, oid), 0) + 1.5 * E.strength(game, oid) + 2.0
            side += 0.5 * E.armour_against(game, oid, "physical")
        side += 0.7 * sum(st.objects[o].get("mana", 0) for o in st.zone(E.z("summoning", p)))
        side += 0.3 * len(st.zone(E.z("hand", p)))
        score += sign * side
    return score


def make_rulebook(cards: NebozhiteliCards) -> Rulebook:
    """Nebozhiteli played with the catalogue ``cards``."""
    rb = Rulebook(
        id="nebozhiteli",
        title="Nebozhiteli (Небожители) — summoning with mana, equipment, ranged and melee combat, a phase ledger",
        source=f"{SEED} L1-L83",
        players=(2, 2),  # nb.assume.game: a duel
        rules=RULES,
        setup=setup,
        profile=PROFILE,
        options=OPTIONS,
        flow=(Phase("turn", TURN_STEPS, each_player=True, rule="nb.turn"),),
        tasks=E.TASKS,
        event_handlers=E.EVENT_HANDLERS,
        event_text=E.EVENT_TEXT,
        checks=(E.state_checks,),
        # the "why" of a death (nb.L76): the damage dealt to the creature and the life it lost (L73), not the
        # damage it dealt, its summoning or its items
        check_causes={"die": {"damage": "target", "lose_life": "target"}},
        active_zones=("field:",),
        # nb.summon_mana (L39): the mana counters lie on the face-down card, in sight of both players
        public_fields=("id", "zone", "owner", "controller", "kind", "mana"),
        board=board,
        zones=E.ZONES,
        cards=cards,
        description=(__doc__ or ""),
        evaluate=evaluate,
        first_player_option="first_player",
        position=POSITION,
    )
    rb.scenarios = {
        "duel": Scenario(
            "duel",
            "A normal start: the forest deck against the crypt deck, shuffled.",
            lambda: rb.new_game(seed=0),
            ("nb.decks", "nb.assume.cards"),
        ),
        **{
            name: Scenario(name, text, partial(rb.new_game, seed=0, layout=layout), rules)
            for name, (text, layout, rules) in LAYOUTS.items()
        },
    }
    cards.factory = make_rulebook
    add_lessons(rb)  # 06_nebozhiteli's puzzles, explanations and exercises (lessons.py)
    return rb


RULEBOOK = make_rulebook(CARDS)
