"""Berserk: Heroes as a rulebook: options, set-up, turn structure, board view and scenarios."""

from __future__ import annotations

import dataclasses
from functools import partial
from pathlib import Path
from typing import Any, cast

from tabletop.core import (
    ModifierOrder,
    OptionSpec,
    Phase,
    Profile,
    Rulebook,
    RulebookOptionError,
    Scenario,
    Table,
    board_view,
    result_value,
)

from . import engine as E
from .catalogue import CARDS, NAMED, BerserkCards
from .exercises import exercises
from .positions import SPEC as POSITION
from .rules import RULES, SEED
from .scenarios import SETUPS

HEROES = ("warrior", "mage")


# ------------------------------------------------------------------- set-up
def setup(game: Table) -> None:
    """bh.assume.setup: heroes, coin supplies, decks and opening hands (or a scenario position)."""
    st = game.state
    opts = game.options
    rounding = opts["division_rounding"]
    if game.profile.modifiers.rounding != rounding:  # bh.assume.rounding
        game.profile = game.profile.replace(modifiers=dataclasses.replace(game.profile.modifiers, rounding=rounding))
    game.caused_by(game.record("action", "set up a duel of two heroes", "bh.assume.setup"))
    E.ZONES.setup(game)
    for p in E.PLAYERS:
        hero = E.new_card(game, p, f"hero_{opts[f'hero{p}']}", E.z("hero", p))
        st.update(hero, base={"life": opts["hero_life"]})
        for _ in range(opts["coin_supply"]):
            game.create("m", E.z("supply", p), kind="coin", owner=p, controller=p, tapped=False, temp=None, vis="all")
        for _ in range(opts["starting_coins"]):
            E.give_coin_silently(game, p, None, "bh.assume.setup", tag="")
    if opts["scenario"]:
        builder, description, _rules = SETUPS[opts["scenario"]]
        game.record("action", lambda: f"scenario {opts['scenario']}: {description}", "bh.assume.setup")
        builder(game)
        return
    decks = opts["decks"]
    for p in E.PLAYERS:
        E.DECKS[p].fill(game, cast(BerserkCards, game.rulebook.cards).deck if decks is None else list(decks[p]))
    game.then(*[(E.t_draw, {"player": p}) for p in E.PLAYERS for _ in range(opts["starting_hand"])])


# --------------------------------------------------------------- board view
def board(game: Table, player: int | None = None) -> dict:
    """A plain JSON board ("zones" layout): every zone, card and coin, and the options on each."""
    return board_view(
        game, player, E.ZONES, describe=_describe, players=_players, turn=TURN_SHOWN, controller=True, stack=False
    )


TURN_SHOWN = ("number", "player", "phase", "sub")


def _describe(game: Table, entry: dict, obj: dict) -> None:
    """A coin (open or closed, temporary or not), or a face-up card: cost, strike and life, counters, statuses."""
    if obj.get("kind") == "coin":
        entry.update(kind="coin", tapped=obj["tapped"], temporary=obj.get("temp") is not None)
        return
    oid = entry["id"]
    data = game.rulebook.cards[obj["card"]]
    entry.update(
        kind="card",
        name=data["name"],
        type=data["type"],
        text=data.get("text", ""),
        cost=E.cost_explain(game, oid).value if "cost" in data else None,
        stats={s: game.value(oid, s) for s in ("strike", "life") if s in data or obj.get("base", {}).get(s)},
        counters=dict(obj.get("counters", {})),
        statuses=sorted(k for k, v in obj.get("statuses", {}).items() if v),
        tapped=bool(obj.get("tapped")),
        created=bool(obj.get("created")),
        vanguard=obj.get("vanguard") or None,
    )


def _players(game: Table) -> list[dict]:
    st = game.state
    return [
        {
            "id": p,
            "hero": E.hero(game, p),
            "coins": len(E.coins(game, p)),
            "open_coins": len(E.open_coins(game, p)),
            "hand": len(st.zone(E.z("hand", p))),
            "deck": len(st.zone(E.z("deck", p))),
        }
        for p in E.PLAYERS
    ]


# ----------------------------------------------------------------- rulebook
PROFILE = Profile(
    ordering="active_player_first",
    container="queue",  # 522.1: "заносятся в очередь"; bh.assume.queue
    checks="each_resolution",
    modifiers=ModifierOrder(
        stages=(("add",), ("mul",), ("sub",), ("div",), ("set",)), floor=0, rounding="down", rule="bh.521.1"
    ),
    # Vanguard ("you may", L33) is the only optional ability, so the optional prompt cites it
    rules={"check": "bh.assume.death", "flow": "bh.assume.turn", "optional": "bh.vanguard"},
)

OPTIONS = {
    "division_rounding": OptionSpec(
        "division_rounding",
        "down",
        "How a division modifier rounds (the text is silent).",
        "bh.assume.rounding",
        choices=("down", "up", "nearest"),
    ),
    "temporary_coins_count_for_limit": OptionSpec(
        "temporary_coins_count_for_limit",
        True,
        "Temporary coins count toward the 10 coins of the accumulation phase.",
        "bh.assume.temporary_limit",
    ),
    "temporary_gain_is_gain": OptionSpec(
        "temporary_gain_is_gain",
        True,
        "Receiving a temporary coin is a gain_coin event (only its return is silent).",
        "bh.assume.temporary_gain",
    ),
    "pay_with": OptionSpec(
        "pay_with",
        "temporary_first",
        "Which open coins a payment closes first.",
        "bh.assume.payment",
        choices=("temporary_first", "permanent_first"),
    ),
    "ability_chain_targets": OptionSpec(
        "ability_chain_targets",
        "may_fizzle",
        "For constructor abilities that are not spells: may an item without a legal target be chosen?",
        "bh.assume.constructor_abilities",
        choices=("may_fizzle", "required"),
    ),
    "vanguard_cost": OptionSpec(
        "vanguard_cost",
        "current",
        "Vanguard X compares the current (modified) or the printed cost with X.",
        "bh.assume.vanguard",
        choices=("current", "printed"),
    ),
    "stalemate": OptionSpec(
        "stalemate",
        "draw",
        "With both decks empty, two turns in a row that end in a pass and nothing else end the game: a draw, "
        "a win for the hero with more life left (most_life), or no such end (off).",
        "bh.assume.stalemate",
        choices=("draw", "most_life", "off"),
    ),
    "defenders": OptionSpec(
        "defenders",
        False,
        "An attacked player may close an open creature of his to defend: it takes the attack instead (L41 names "
        "'assigning a defender' as an action of a card); default: no defenders (the fragment gives no rule).",
        "bh.assume.combat",
    ),
    "starting_coins": OptionSpec(
        "starting_coins",
        0,
        "Coins each player has in the play zone at the start.",
        "bh.assume.setup",
        at_least=0,
        at_most=20,
    ),
    "coin_supply": OptionSpec(
        "coin_supply", 20, "Coins in each player's supply.", "bh.assume.setup", at_least=10, at_most=40
    ),
    "starting_hand": OptionSpec(
        "starting_hand", 4, "Cards each player draws at the start.", "bh.assume.setup", at_least=0, at_most=10
    ),
    "hero_life": OptionSpec("hero_life", 20, "Life of each hero.", "bh.assume.setup", at_least=1, at_most=99),
    "hero0": OptionSpec("hero0", "warrior", "Player 0's hero.", "bh.warrior", choices=HEROES),
    "hero1": OptionSpec("hero1", "mage", "Player 1's hero.", "bh.mage", choices=HEROES),
    "decks": OptionSpec(
        "decks",
        None,
        "Each player's deck as a list of card ids, one list per player (default: two copies of every card of "
        "the rulebook's own that is neither a hero nor created, bh.assume.setup; a card folder added by "
        "rb.with_cards joins a deck only here).",
        "bh.assume.setup",
        check=lambda decks: _check_decks(decks, CARDS),
    ),
    "scenario": OptionSpec(
        "scenario", "", "Start from a ready position instead of a shuffled deal.", None, choices=("", *SETUPS)
    ),
}


def _check_decks(decks: Any, cards: BerserkCards) -> bool:
    """Option decks: two lists of card ids, each a card of ``cards`` a deck may hold (no hero, no created card)."""
    if decks is None:
        return True
    if isinstance(decks, str) or not isinstance(decks, list | tuple) or len(decks) != len(E.PLAYERS):
        raise RulebookOptionError(
            f"berserk_heroes: option decks must be a list of two decks (one per player), not {decks!r}"
        )
    for p, deck in enumerate(decks):
        if isinstance(deck, str) or not isinstance(deck, list | tuple):
            raise RulebookOptionError(
                f"berserk_heroes: option decks: player {p}'s deck must be a list of card ids, not {deck!r}"
            )
        for cid in deck:
            card = cards.get(cid) if isinstance(cid, str) else None
            if card is None:
                raise RulebookOptionError(f"berserk_heroes: option decks: player {p}'s deck: {cid!r} is not a card id")
            if card["type"] == "hero" or card.get("creatable"):
                what = "a hero" if card["type"] == "hero" else "a created card"
                raise RulebookOptionError(
                    f"berserk_heroes: option decks: player {p}'s deck: {card['name']!r} ({cid}) is {what}, "
                    "which no deck holds"
                )
    return True


def _scenarios(rb: Rulebook) -> dict[str, Scenario]:
    """The named positions of one rulebook (each a new game of ``rb``, so a card set added stays in them)."""

    def scenario(name: str):
        return lambda: rb.new_game(seed=0, scenario=name)

    return {
        "duel": Scenario(
            "duel",
            "A normal start: warrior against mage, shuffled decks, 4 cards each.",
            lambda: rb.new_game(seed=0),
            ("bh.assume.setup", "bh.assume.turn"),
        ),
        **{name: Scenario(name, desc, scenario(name), rules) for name, (_b, desc, rules) in SETUPS.items()},
    }


def evaluate(game: Table, player: int) -> float:
    """How good the position is for ``player`` (the greedy agent's yardstick): a win is worth 1000;
    otherwise the hero's life left, each creature's strike and life left, and the cards in hand, each
    side's minus the other's (coins count only as what they buy: a card played is worth more than its coins)."""
    end = result_value(game, player)
    if end is not None:
        return end
    score = 0.0
    for p, sign in ((player, 1.0), (E.other(player), -1.0)):
        side = 1.0 * E.life_left(game, p)
        for oid in E.creatures(game, p):
            if E.alive(game, oid):
                side += 1.5 * game.value(oid, "strike") + max(game.value(oid, "life") - E.wounds(game, oid), 0)
        side += 0.5 * len(game.state.zone(E.z("hand", p)))
        score += sign * side
    return score


def make_rulebook(cards: BerserkCards) -> Rulebook:
    """Berserk: Heroes played with the catalogue ``cards`` (``tabletop.core.catalogue.with_cards`` builds more)."""
    options = OPTIONS
    if cards is not CARDS:  # option decks may name the cards of this catalogue
        options = {**OPTIONS, "decks": dataclasses.replace(OPTIONS["decks"], check=partial(_check_decks, cards=cards))}
    rb = Rulebook(
        id="berserk_heroes",
        title="Berserk: Heroes (Берсерк. Герои) — coins, modifiers, the ability constructor and keywords",
        source=f"{SEED} L1-L51",
        players=(2, 2),  # bh.assume.game: a minimal duel
        rules=RULES,
        setup=setup,
        profile=PROFILE,
        options=options,
        added_options=("decks",),  # saves from before it load with its default, the deck they played
        flow=(Phase("turn", E.TURN_STEPS, each_player=True, rule="bh.assume.turn"),),
        tasks=E.TASKS,
        event_handlers=E.EVENT_HANDLERS,
        event_text=E.EVENT_TEXT,
        card_ability_table=cards.abilities,
        named_abilities=NAMED,
        checks=(E.state_checks,),
        on_expire={
            "temporary_coin": E.expire_temporary_coin,
            "coin_away": E.expire_coin_away,
        },
        active_zones=("play:", "hero:"),
        public_fields=("id", "zone", "owner", "controller", "kind"),
        explain=E.explain,
        board=board,
        cards=cards,
        description=(__doc__ or ""),
        evaluate=evaluate,
        position=POSITION,
        puzzle_folder=Path(__file__).parent / "data" / "puzzles",
    )
    rb.scenarios = _scenarios(rb)
    rb.exercises = exercises(rb)  # the notebook's exercises, judged by playing these scenarios
    cards.factory = make_rulebook
    return rb


RULEBOOK = make_rulebook(CARDS)
SCENARIOS = RULEBOOK.scenarios
