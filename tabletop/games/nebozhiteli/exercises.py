"""The exercises of ``06_nebozhiteli``, each judged by playing its scenario (:mod:`.scenarios`) with the engine.

A judge plays the position the question describes on a fresh copy of the scenario and says what happened: the
Skeleton's lives after the end-of-turn goes, the damage each blocker's source dealt through the Knight's armour,
what every split of the Orc's damage kills, who is in the graveyards after a first strike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Exercise, by_name
from tabletop.core.exercises import open_decision, whole_number

from .lessons import card, pass_until, passing
from .scenarios import FIRST_STRIKE

if TYPE_CHECKING:
    from tabletop.core import Game, Rulebook


def _next_turn(game: Game) -> Game:
    """Pass to the next turn's first decision (the end-of-turn goes and the discard included)."""
    start = game.state.turn["number"]
    while not game.over and game.state.turn["number"] == start:
        game.apply(passing(game))
    return game


def _dead(game: Game) -> list[str]:
    cards, objects = game.rulebook.cards, game.state.objects
    return [cards[objects[o]["card"]]["name"] for p in (0, 1) for o in game.state.zone(f"grave:{p}")]


def _heal_after_damage(rb: Rulebook) -> Exercise:
    """L76: damage and healing of a phase are summed; the creature dies at the phase's end only."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "3", "lives")
        game = pass_until(rb.scenario("ledger"), "end", "action")
        sk = card(game, "Skeleton Warrior", "field:1")
        game.apply(f"cast:{card(game, 'Scroll of Fire', 'hand:0')}>{sk}")
        during = game.state.objects[sk]["lives"]
        game.apply(f"cast:{card(game, 'Healing Potion', 'hand:1')}>{sk}")
        _next_turn(game)
        obj = game.state.objects[sk]
        left = obj["lives"] if obj["zone"] == "field:1" else 0
        if guess == left:
            return None
        return (
            f"you said {guess}. Played out: after the Scroll of Fire the Skeleton still showed {during} lives (the "
            f"damage waits in the phase's ledger), the potion was added to the same ledger, and when player 1's "
            f"turn began it had {left} and was {'in play' if left else 'in the graveyard'}"
        )

    return Exercise(
        "heal-after-damage",
        "In the ledger scenario, in the end-of-turn goes player 0 casts the Scroll of Fire (2 fire damage) on player "
        "1's Skeleton Warrior (2 lives), and player 1 answers with his Healing Potion (restore 2 lives) on it. How "
        "many lives has the Skeleton when player 1's turn begins (0 if it died)?",
        rule="nb.L76",
        hint="L76 sums everything a creature takes and regains during a phase, and looks at the sum when the phase "
        "ends, not after each card",
        stored=2,
        judge=judge,
        explanation="2 - 2 + 2 = 2 at the end of the phase: the Skeleton lives. Under the 'as soon as' reading of "
        "L40 (option death_check) it would have died at the Scroll of Fire, with the potion left without a target.",
        wrong=(0, 4),
    )


def _knight_lives(rb: Rulebook) -> Exercise:
    """L70-L71: each blocker is a source of damage, and the armour is taken off each source apart."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "2", "lives")
        game = pass_until(rb.scenario("combat"), "attackers")
        knight = card(game, "Knight of the Vale", "field:0")
        game.apply(f"pick:{knight}")
        while open_decision(game).kind == "block":
            blocker = game.legal()[0].split(":", 1)[1]
            game.apply(f"block:{blocker}>{knight}")
        mark = len(game.trace)
        game.apply(game.legal()[0])  # the Knight's split: any
        hits = [
            r["summary"]
            for r in game.trace.records[mark:]
            if r["kind"] == "event" and r["data"].get("type") == "damage" and r["data"]["about"].get("target") == knight
        ]
        left = game.state.objects[knight]["lives"] if game.state.objects[knight]["zone"] == "field:0" else 0
        if guess == left:
            return None
        return f"you said {guess}. Played out: {'; '.join(hits)}; the Knight kept {left} lives"

    return Exercise(
        "knight-lives",
        "In the combat scenario player 0 attacks with the Knight of the Vale alone (4 lives, Chainmail: armour 2), "
        "and all three of player 1's creatures block it: the Skeleton Warrior (Longsword, 3), the Lich (unarmed, 1) "
        "and the Ghoul (unarmed, 1). How many lives has the Knight after the damage phase?",
        rule="nb.sources nb.armour",
        hint="L70 makes each weapon (or unarmed creature) one source of damage; L71 counts the armour for each source "
        "separately",
        stored=3,
        judge=judge,
        explanation="3 - 2 = 1 from the Longsword, 1 - 2 = 0 from each unarmed blocker (a source's damage does not go "
        "below 0): 1 damage, 3 lives left. Armour taken once off the sum (5 - 2 = 3) would have left 1.",
        wrong=(1, 4, 0),
    )


def _orc_split(rb: Rulebook) -> Exercise:
    """L72: the attacker's owner splits its damage among its blockers; L71: each one's armour comes off its share."""

    def kills(split_id: str) -> list[str]:
        game = _orc_blocked(rb)
        game.apply(split_id)
        return [n for n in _dead(game) if n != "Orc Axeman"]

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "2", "blockers")
        game = _orc_blocked(rb)
        splits = {o.id: o.label for o in open_decision(game).options}
        killed = {label: kills(oid) for oid, label in splits.items()}
        best = max(len(k) for k in killed.values())
        if guess == best:
            return None
        said = "; ".join(f"{label}: {', '.join(k) or 'nobody'} dies" for label, k in killed.items())
        return f"you said {guess}. Played out, every split the Orc's owner may choose: {said}"

    return Exercise(
        "orc-split",
        "In the combat scenario player 0 attacks with the Orc Axeman (Greataxe, 4 damage) alone, and player 1 blocks "
        "it with the Skeleton Warrior (1 life, no armour) and the Lich (3 lives, Silk Robe: armour 1); the Ghoul does "
        "not block. Player 0 splits the 4 damage between them as he likes. At most how many of the two blockers can "
        "he kill?",
        rule="nb.redistribute nb.armour",
        hint="L72 lets the attacker's owner split its damage any way he likes; L71 takes each blocker's armour off the "
        "share that blocker receives",
        stored=1,
        judge=judge,
        explanation="The Skeleton needs 1, the Lich 3 + 1 for its robe = 4: 5 in all, and the Greataxe has 4. So one: "
        "1 to the Skeleton leaves 3, which the robe makes 2 on the Lich.",
        wrong=(0, 2),
    )


def _orc_blocked(rb: Rulebook) -> Game:
    game = pass_until(rb.scenario("combat"), "attackers")
    orc = card(game, "Orc Axeman", "field:0")
    game.apply(f"pick:{orc}")
    sk, lich, ghoul = (card(game, n, "field:1") for n in ("Skeleton Warrior", "Lich", "Ghoul"))
    game.apply(f"block:{sk}>{orc}").apply(f"block:{lich}>{orc}").apply(f"none:{ghoul}")
    return game


def _first_strike(rb: Rulebook) -> Exercise:
    """nb.first_strike (L68) and nb.assume.first_strike: without the check between the steps, the dead strike back."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "1", "creatures")
        game = pass_until(rb.new_game(seed=0, layout=FIRST_STRIKE, first_strike_check=False), "attackers")
        bm = card(game, "Elven Blademaster", "field:0")
        game.apply(f"pick:{bm}")
        game.apply(f"block:{card(game, 'Skeleton Warrior', 'field:1')}>{bm}")
        dead = _dead(game)
        if guess == len(dead):
            return None
        return (
            f"you said {guess}. Played out with first_strike_check off: {', '.join(dead) or 'nobody'} in the graveyards"
        )

    return Exercise(
        "first-strike-unchecked",
        "In the blademaster scenario the Elven Blademaster (first strike, 1 life, Steel Dagger: 2) attacks and the "
        "Skeleton Warrior (2 lives, Longsword: 3) blocks it. Played with option first_strike_check off, so that no "
        "death check runs between the first strikers' damage and the others', how many creatures are in the "
        "graveyards after the damage phase?",
        rule="nb.first_strike nb.assume.first_strike",
        hint="L68 says an enemy that dies of a first strike deals no damage back; the option decides when 'dies' is "
        "looked at: between the two steps, or only at the end of the phase (L76)",
        stored=2,
        judge=judge,
        explanation="Without the check the Skeleton's 2 damage is only in the ledger when it strikes back, so it "
        "still strikes: both have fewer than one life at the phase's end. With the check (the default) only the "
        "Skeleton dies.",
        wrong=(0, 1),
    )


def exercises(rb: Rulebook) -> dict[str, Exercise]:
    """The exercises of one rulebook (each plays a fresh scenario of ``rb``, so an added card set stays in)."""
    return by_name(_heal_after_damage(rb), _knight_lives(rb), _orc_split(rb), _first_strike(rb))
