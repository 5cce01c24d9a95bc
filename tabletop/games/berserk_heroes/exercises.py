"""The exercises of ``04_berserk_heroes``, each judged by playing its scenario with the engine.

A judge plays the position the question describes on a fresh copy of the scenario (or plays the
student's choice) and says what happened: the coins gained and returned, the order the modifiers
were applied in, which card wounded the Golem, the chains the constructor offered.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tabletop.core import Exercise, by_name
from tabletop.core.exercises import open_decision, whole_number

from . import engine as E

if TYPE_CHECKING:
    from tabletop.core import Game, Rulebook


def _in_zone(game: Game, name: str, zone: str) -> str:
    """The id of the card called ``name`` in ``zone`` (the scenarios hold one of each that matters)."""
    cards = game.rulebook.cards
    objects = game.state.objects
    return next(o for o in game.state.zone(zone) if cards.get(objects[o].get("card") or "", {}).get("name") == name)


SIGNS = {"base": "", "add": "+", "mul": "x", "sub": "-", "div": "/", "set": "="}  # a modifier step, as 521.1 writes it


def _coins_after_turn(rb: Rulebook) -> Exercise:
    """520.3 (abilities may go above 10) and 520.4 (a temporary coin goes back, and that is not a loss)."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "10")
        game = rb.scenario("temporary-coins")
        coins = E.z("coins", 0)
        counts = [len(game.state.zone(coins))]
        game.apply("use:" + _in_zone(game, "Coin Smith", E.z("play", 0)) + "#0")
        counts.append(len(game.state.zone(coins)))
        game.apply("play:" + _in_zone(game, "Windfall", E.z("hand", 0)))
        counts.append(len(game.state.zone(coins)))
        mark = len(game.log.lines())
        game.apply("pass")
        if guess == len(game.state.zone(coins)):
            return None
        back = sum(1 for line in game.log.lines()[mark:] if "of player 0 returns to the supply" in line)
        return (
            f"you said {guess}. Played out: player 0 had {counts[0]} coins, the Mint took him to {counts[1]}, "
            f"Windfall to {counts[2]}, and at the end of his turn {back} temporary coin(s) went back to the supply"
        )

    return Exercise(
        "coins-after-turn",
        "In the temporary-coins scenario player 0 has 10 coins (one of them temporary, until the end of the round). He "
        "uses the Coin Smith's Mint (gain a temporary coin until end of turn), plays Windfall (gain 2 coins) and ends "
        "his turn. How many coins does he have in the play zone when player 1's turn begins?",
        rule="bh.520.3 bh.520.4",
        hint="the limit of 10 holds only for the coin of the accumulation phase (520.3); a temporary coin goes "
        "back at the end of its own period (520.4): the turn's and the round's are not the same",
        stored=12,
        judge=judge,
        explanation="10 + 1 (the Mint: above 10 through an ability) + 2 (Windfall) = 13; the Mint's coin goes back at "
        "the end of the turn (not a loss), the set-up's temporary coin only at the end of the round: 12.",
        wrong=(10, 11, 13),
    )


def _troll_strike(rb: Rulebook) -> Exercise:
    """521.1: the modifiers apply by kind (subtractions before divisions), not in the order they appeared."""
    spells = ("Halving Curse", "Weakening Hex")

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "3")
        game = rb.scenario("modifier-order")
        troll = _in_zone(game, "Forest Troll", E.z("play", 1))
        for spell in spells:
            game.apply("play:" + _in_zone(game, spell, E.z("hand", 0)))
            game.apply(troll)
        strike = game.value(troll, "strike")
        if guess == strike:
            return None
        steps = game.explain(troll, "strike").steps
        applied = ", then ".join(f"{SIGNS.get(s.op, s.op + ' ')}{s.amount}" for s in steps)
        return (
            f"you said {guess}. Played out, the engine applied the Troll's strike as: {applied} "
            f"(the order of 521.1, not the order the spells were cast: {', then '.join(spells)})"
        )

    return Exercise(
        "troll-strike",
        "In the modifier-order scenario player 0 casts Halving Curse (strike /2), then Weakening Hex (strike -2) on "
        "the enemy Forest Troll (strike 4). What is the Troll's strike?",
        rule="bh.521.1",
        hint="521.1 applies additions, then multiplications, then subtractions, then divisions, whatever the order "
        "the modifiers appeared in",
        stored=1,
        judge=judge,
        explanation="(4 - 2) / 2 = 1: the subtraction comes before the division although it was cast second; in "
        "order of casting it would have been 4 / 2 - 2 = 0.",
        wrong=(0, 2),
    )


def _golem_wounds(rb: Rulebook) -> Exercise:
    """Protection from creatures (L43) replaces the wounds of creatures only; spells still wound."""
    cards = ("Pikeman", "Firebolt", "Twin Bolts")

    def wounds_by(name: str) -> int:
        """The wounds on the Stone Golem after ``name`` is used on it (the Pikeman attacks, a spell targets it)."""
        game = rb.scenario("protection")
        golem = _in_zone(game, "Stone Golem", E.z("play", 1))
        if name == "Pikeman":
            game.apply(f"attack:{_in_zone(game, name, E.z('play', 0))}>{golem}")
        else:
            game.apply("play:" + _in_zone(game, name, E.z("hand", 0)))
            while game.decision is not None and game.decision.kind != "action":
                wound = [o.id for o in game.decision.options if o.id.endswith(golem) and "wound" in o.label]
                game.apply(wound[0] if wound else golem)
        return int(game.state.objects[golem].get("counters", {}).get("wounds", 0))

    def judge(answer: Any) -> str | None:
        if isinstance(answer, str) or not isinstance(answer, Iterable):
            raise TypeError('write a set of card names, e.g. {"Pikeman"} or set() for none')
        named = set(answer)
        unknown = named - set(cards)
        if unknown:
            raise ValueError(
                f"{', '.join(sorted(map(repr, unknown)))}: the cards to choose from are {', '.join(cards)}"
            )
        played = {name: wounds_by(name) for name in cards}
        missed = [f"{n} puts {w} wound(s) on it" for n, w in played.items() if w and n not in named]
        wrong = [f"{n} puts no wound on it" for n, w in played.items() if not w and n in named]
        if not missed and not wrong:
            return None
        return "played out on the Stone Golem: " + "; ".join(wrong + missed)

    return Exercise(
        "golem-wounds",
        "In the protection scenario the Stone Golem has protection from creatures. Which of player 0's cards can put a "
        "wound on it: the Pikeman (attacking it), Firebolt (2 wounds to a creature), Twin Bolts (choose 2 times: 1 "
        "wound or -1 strike to an enemy creature)? Answer with a set of names.",
        rule="bh.protection bh.protection.spell",
        hint="protection from [text] replaces only the wounds dealt by [text]; a wound that is replaced never happens",
        stored={"Firebolt", "Twin Bolts"},
        judge=judge,
        explanation="The Pikeman's wounds are replaced (they never happen); the two spells are not creatures, and the "
        "Golem has no protection from spells, so both may target and wound it.",
        wrong=({"Pikeman", "Firebolt", "Twin Bolts"}, {"Firebolt"}, set()),
    )


def _constructor_chains(rb: Rulebook) -> Exercise:
    """522.1 and 522.1.spell: a chain of exactly X items, repeats allowed, no item without a legal target."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "6")
        game = rb.scenario("constructor-chain")
        game.apply("play:" + _in_zone(game, "Arcane Choice", E.z("hand", 0)))
        first = open_decision(game)
        chains = {(a, b) for a in game.legal() for b in game.child(a).legal()}
        if guess == len(chains):
            return None
        items = "; ".join(o.label for o in first.options)
        return (
            f"you said {guess}. Played out, each of the chain's {first.prompt.rsplit(' of ', 1)[-1]} items is one "
            f"of: {items} (no wound: the only enemy creature has protection from spells), and an item may repeat"
        )

    return Exercise(
        "constructor-chains",
        "In the constructor-chain scenario player 0 plays Arcane Choice ('choose 2 times from: 1 wound to a creature; "
        "gain a coin; draw a card'). How many different chains can he compose (order counts, repeats allowed)?",
        rule="bh.522.1 bh.522.1.spell",
        hint="first find which items are offered at all: a spell may not take an item without a legal target, and "
        "the Warded Monk has protection from spells",
        stored=4,
        judge=judge,
        explanation="Two items are offered (gain a coin, draw a card), in chains of two with repeats: 2 x 2.",
        wrong=(2, 9),
    )


def exercises(rb: Rulebook) -> dict[str, Exercise]:
    """The exercises of one rulebook (each plays a fresh scenario of ``rb``, so an added card set stays in)."""
    return by_name(_coins_after_turn(rb), _troll_strike(rb), _golem_wounds(rb), _constructor_chains(rb))
