"""Heroes of the Mists as a rulebook: options (the readings of the digest's section 11), set-up, the turn,
board view and evaluation."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tabletop.core import OptionSpec, Phase, Profile, Rulebook, Scenario, Table, deck_options, result_value
from tabletop.core.modifiers import Explanation

from . import engine as E
from . import layout as L
from .board import board
from .catalogue import CARDS, DECK_NAMES, Gw2Cards
from .exercises import exercises
from .positions import SPEC as POSITION
from .rules import RULES, SEED
from .scenarios import LAYOUTS
from .statuses import ORDERS, STATUSES


# ------------------------------------------------------------------- set-up
def setup(game: Table) -> None:
    """gw2.components, gw2.profession, gw2.deck: each player's hero (80 health, L107) outside the deck, and the
    deck of 40; the stamina each starts with (gw2.stamina, gw2.assume.stamina); the damage order of the options
    (gw2.assume.damage_order); then the opening (gw2.opening)."""
    st = game.state
    opts = game.options
    game.profile = game.profile.replace(modifiers=ORDERS[(opts["might"], opts["rounding"])])
    game.caused_by(game.record("action", "two heroes with 80 health and 40-card decks", "gw2.deck"))
    E.ZONES.setup(game)
    cards: Gw2Cards = game.rulebook.cards  # type: ignore[assignment]
    first = int(st.turn.get("first", 0))
    for p in E.PLAYERS:
        deck = cards.decks[opts[f"deck{p}"]]
        E.new_card(game, p, deck["hero"], E.z("hero", p), kind="hero")
        second = int(p != first)
        start = 1 + second  # L118, L124: 1 for the first player, 2 for the second
        st.update_player(p, stamina=start - 1 if opts["stamina"] == "pool" else 0, start=start, turns=0)
    if opts["layout"] is not None:
        L.build(game, opts["layout"])
        return
    for p in E.PLAYERS:
        E.DECKS[p].fill(game, cards.decks[opts[f"deck{p}"]]["cards"])
    game.push(E.t_opening)


# ----------------------------------------------------------------- options
PROFILE = Profile(checks="each_resolution", modifiers=ORDERS[("first", "each_side")], rules={"check": "gw2.death"})


def _o(name: str, default, doc: str, rule: str | None, **kw) -> OptionSpec:
    return OptionSpec(name, default, doc, rule, **kw)


OPTIONS = {
    "stamina": _o(
        "stamina",
        "allowance",
        "Stamina: an allowance refilled each turn (1, 2, 3 ... up to 20) or a pool that carries over, +1 a turn.",
        "gw2.assume.stamina",
        choices=("allowance", "pool"),
    ),
    "counter": _o(
        "counter",
        "damage",
        "Counter-damage (L120): the attacked minion's damage with its statuses, its printed damage, or none.",
        "gw2.assume.counter",
        choices=("damage", "printed", "none"),
    ),
    "might": _o(
        "might",
        "first",
        "Might (L134) added before the halving and doubling factors, or after them.",
        "gw2.assume.damage_order",
        choices=("first", "last"),
    ),
    "rounding": _o(
        "rounding",
        "each_side",
        "Round down at the end of each side's factors, or only once at the end (L135).",
        "gw2.assume.damage_order",
        choices=("each_side", "end"),
    ),
    "blocked_gets_through": _o(
        "blocked_gets_through",
        False,
        "An attack Aegis blocks still clears Vulnerability and Weakness (L139, L140).",
        "gw2.assume.blocked",
    ),
    "weakness_ends": _o(
        "weakness_ends",
        "attacked",
        "Weakness ends at the next attack that gets through to its holder (as written, "
        "L140) or at the holder's own next attack.",
        "gw2.assume.weakness",
        choices=("attacked", "own_attack"),
    ),
    "zero_removes_protection": _o(
        "zero_removes_protection", False, "A hit halved to 0 removes Protection too (L135).", "gw2.assume.protection"
    ),
    "blind_countdown": _o(
        "blind_countdown",
        "own_turn",
        "A stack of Blind ends at the end of each of its holder's turns, or of every turn (L141).",
        "gw2.assume.blind",
        choices=("own_turn", "every_turn"),
    ),
    "might_lasts": _o(
        "might_lasts",
        "always",
        "Might lasts while its card is in play, or ends at the end of its holder's player's turn.",
        "gw2.assume.durations",
        choices=("always", "turn"),
    ),
    "taunts": _o(
        "taunts",
        "any",
        "With several Taunts: attack any of them, or the oldest first (L144).",
        "gw2.assume.taunts",
        choices=("any", "oldest"),
    ),
    "attacks_per_turn": _o(
        "attacks_per_turn", 1, "Attacks of each minion a turn.", "gw2.assume.attacks", at_least=1, at_most=3
    ),
    "empty_deck": _o(
        "empty_deck",
        "skip",
        "A player who cannot draw draws nothing, or loses.",
        "gw2.assume.empty_deck",
        choices=("skip", "lose"),
    ),
    "first_player": _o("first_player", 0, "Who takes the first turn.", "gw2.assume.first_player", choices=(0, 1)),
    **deck_options(("guardian", "necromancer"), DECK_NAMES, "gw2.assume.cards"),
    "layout": _o(
        "layout",
        None,
        "A ready position: each side's minions on the table (active, damage tokens, statuses), hero, hand, deck "
        "and turns had (layout.py); None: the shuffled decks of deck0 and deck1 and the opening.",
        None,
        check=lambda v: L.check(v, CARDS),
    ),
}


def evaluate(game: Table, player: int) -> float:
    """How good the position is for ``player`` (the greedy agent's yardstick): a win is worth 1000; otherwise
    the heroes' health, the minions on the table (health and damage), the cards in hand and the stamina, each
    side's minus the other's."""
    end = result_value(game, player)
    if end is not None:
        return end
    score = 0.0
    for p, sign in ((player, 1.0), (E.other(player), -1.0)):
        side = 1.5 * E.health(game, E.hero(game, p))
        for m in E.minions(game, p):
            side += E.health(game, m) + 1.5 * game.value(m, "damage") + 2.0
            side += 1.5 * sum(STATUSES.of(game, m).get(b, 0) for b in ("Aegis", "Protection"))
            side -= 1.5 * sum(STATUSES.of(game, m).get(c, 0) for c in ("Blind", "Vulnerability", "Weakness"))
        side += 0.5 * len(game.state.zone(E.z("hand", p)))
        score += sign * side
    return score


def explain_strike(game: Table, obj: dict, stat: str, other: dict) -> Explanation | None:
    """``game.explain(attacker, "damage", against=target)``: the damage of a strike (gw2.attack, L129), each
    status's contribution in its modifier stage and every rounding (gw2.assume.damage_order), exactly what the
    strike deals (E.strike_damage)."""
    return E.strike_damage(game, obj["id"], other["id"]) if stat == "damage" else None


def make_rulebook(cards: Gw2Cards) -> Rulebook:
    """Heroes of the Mists played with the catalogue ``cards``."""
    rb = Rulebook(
        id="gw2_heroes_of_the_mists",
        title="Guild Wars 2 — Heroes of the Mists (unofficial card game): boons, conditions, Taunt and Fury",
        source=f"{SEED} L103-L158",
        players=(2, 2),
        rules=RULES,
        setup=setup,
        profile=PROFILE,
        options=OPTIONS,
        flow=(Phase("turn", E.TURN_STEPS, each_player=True, rule="gw2.turn_start"),),
        tasks=E.TASKS,
        event_handlers=E.EVENT_HANDLERS,
        event_text=E.EVENT_TEXT,
        named_abilities=E.NAMED_ABILITIES,
        rule_abilities=E.RULE_ABILITIES,
        checks=(E.state_checks,),
        active_zones=("table:", "hero:"),
        public_fields=("id", "zone", "owner", "controller", "kind"),
        explain_against=explain_strike,
        board=board,
        zones=E.ZONES,
        cards=cards,
        description=(__doc__ or ""),
        evaluate=evaluate,
        first_player_option="first_player",
        position=POSITION,
        puzzle_folder=Path(__file__).parent / "data" / "puzzles",
    )
    rb.scenarios = {
        "duel": Scenario(
            "duel",
            "A normal start: the Guardian's deck against the Necromancer's, shuffled.",
            lambda: rb.new_game(seed=0),
            ("gw2.deck", "gw2.assume.cards"),
        ),
        **{
            name: Scenario(name, text, partial(rb.new_game, seed=0, layout=layout), rules)
            for name, (text, layout, rules) in LAYOUTS.items()
        },
    }
    rb.exercises = exercises(rb)  # the notebook's exercises, judged by playing these scenarios
    cards.factory = make_rulebook
    return rb


RULEBOOK = make_rulebook(CARDS)
