"""Ready positions for teaching and tests, built by the set-up (option ``scenario``).

Because a scenario is an option of the set-up, ``game.replay()``, ``to_json`` and clones work from
a scenario exactly as from a normal start. Each entry: (builder, description, rules, players).
Encounter decks are made of one kind of card where the scenario needs a known boost card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tabletop.core import Table

from . import engine as E

if TYPE_CHECKING:
    from .catalogue import MarvelCards


def known(game: Table, card_id: str, zone: str, owner: int | None, **fields) -> str:
    """A known card in ``zone``; it enters play ready, with its keywords applied."""
    oid = E.new_card(game, card_id, zone, owner, **fields)
    if zone.startswith("play") and E.keyword(game, oid, "uses"):
        game.state.update(oid, uses=E.keyword(game, oid, "uses"))
    if zone.startswith("play") and E.keyword(game, oid, "toughness"):
        E.give_status(game, oid, "tough", "mc.toughness")
    return oid


def hero(game: Table, p: int, *, exhausted: bool = False, damage: int = 0) -> str:
    st = game.state
    st.update_player(p, form="hero")
    ident = E.identity(game, p)
    st.update(ident, exhausted=exhausted, damage=damage)
    return ident


def decks(game: Table, encounter: list[str]) -> None:
    E.DECKS["enc"].fill(game, encounter)
    for p in range(len(game.state.players)):
        E.DECKS[str(p)].fill(game, list(cast("MarvelCards", game.rulebook.cards).player_deck))


def villain_step_2(game: Table) -> None:
    """Start in the villain phase at step 2 (activations); steps 3-5 and the next round follow as usual."""
    game.state.set_turn(phase="villain", cursor=[2, 0, 1], player=0, number=1)
    game.record("flow", "round 1: the scenario starts at step 2 of the villain phase", "mc.villain_phase.2")


def main_threat(game: Table, n: int) -> None:
    game.state.update(cast(str, E.main_scheme(game)), threat=n)  # (set-up put the main scheme in play)


# ====================================================================== the scenarios
def interrupt_cancels_attack(game: Table) -> None:
    """Deflect in hand against the villain's attack; Emergency Protocol and Martial Law would respond to it."""
    hero(game, 0, exhausted=True)
    known(game, "deflect", "hand:0", 0)
    known(game, "energy_cell", "hand:0", 0)
    known(game, "emergency_protocol", "play:0", 0)
    known(game, "martial_law", "play:env", None)
    main_threat(game, 3)
    decks(game, ["marauder_thug"] * 6)
    villain_step_2(game)


def forced_responses_ordered(game: Table) -> None:
    """Player 1's Emergency Protocol and the scenario's Martial Law both respond to the villain attacking player 0."""
    hero(game, 0, exhausted=True)
    hero(game, 1, exhausted=True)
    known(game, "emergency_protocol", "play:1", 1)
    known(game, "martial_law", "play:env", None)
    main_threat(game, 3)
    decks(game, ["marauder_thug"] * 6)
    villain_step_2(game)


def replacement_vs_prevention(game: Table) -> None:
    """The hero has a tough status card and then Armored Plating (the more recent); the villain attacks for 1."""
    ident = hero(game, 0, exhausted=True)
    E.give_status(game, ident, "tough", "mc.tough")
    known(game, "armored_plating", "play:0", 0)
    known(game, "brace", "hand:0", 0)
    known(game, "energy_cell", "hand:0", 0)
    decks(game, ["dampening_field"] * 6)
    villain_step_2(game)


def boost_after_defence(game: Table) -> None:
    """The villain attacks with a face-down boost (Shock Trooper: 1 icon and a star, 'give the villain a tough
    status card'); Iron Sentinel (toughness, retaliate 1) or the hero may defend."""
    hero(game, 0)
    known(game, "iron_sentinel", "play:0", 0)
    known(game, "emergency_protocol", "play:0", 0)
    known(game, "martial_law", "play:env", None)
    main_threat(game, 3)
    decks(game, ["shock_trooper"] * 6)
    villain_step_2(game)


def consequential_damage(game: Table) -> None:
    """A wounded Patrol Officer attacks a wounded Marauder Thug: both are defeated, each with a When Defeated
    ability."""
    st = game.state
    hero(game, 0, damage=0)
    known(game, "patrol_officer", "play:0", 0, damage=1)
    known(game, "marauder_thug", "play:engaged:0", None, damage=2)
    decks(game, ["dampening_field"] * 6)
    st.set_turn(phase="player", cursor=[0, 0, 1], player=0, number=1)
    game.record("flow", "round 1: player 0's turn", "mc.player_phase")


def damage_and_defeat(game: Table) -> None:
    """Aegis faces a Marauder Thug with 1 hit point left; Informant Network ('after an enemy is defeated') and
    Pressure Point ('after an enemy takes damage') are in play."""
    hero(game, 0)
    known(game, "informant_network", "play:0", 0)
    known(game, "pressure_point", "play:0", 0)
    known(game, "marauder_thug", "play:engaged:0", None, damage=2)
    main_threat(game, 4)
    decks(game, ["dampening_field"] * 6)
    game.state.set_turn(phase="player", cursor=[0, 0, 1], player=0, number=1)
    game.record("flow", "round 1: player 0's turn", "mc.player_phase")


def end_of_round(game: Table) -> None:
    """Aegis can play Focused Resolve (+2 THW until the end of the round); Rooftop Vigil removes threat equal to
    the hero's THW at the end of the round. The player deck holds only Energy Cells, so that no window comes
    between the play and the end of the round."""
    hero(game, 0)
    known(game, "rooftop_vigil", "play:0", 0)
    known(game, "focused_resolve", "hand:0", 0)
    known(game, "energy_cell", "hand:0", 0)
    main_threat(game, 5)
    E.DECKS["enc"].fill(game, ["dampening_field"] * 6)
    E.DECKS["0"].fill(game, ["energy_cell"] * 10)
    game.state.set_turn(phase="player", cursor=[0, 0, 1], player=0, number=1)
    game.record("flow", "round 1: player 0's turn", "mc.player_phase")


def villain_phase(game: Table) -> None:
    """Two players at the start of a villain phase: a minion engaged, a hazard side scheme, an attachment."""
    hero(game, 0)
    known(game, "patrol_officer", "play:0", 0)
    known(game, "marauder_thug", "play:engaged:0", None)
    known(game, "rift_beacon", "play:side", None, threat=2)
    known(game, "charged_gauntlets", "play:attach", None, host=E.villain(game))
    known(game, "emergency_protocol", "play:1", 1)
    main_threat(game, 4)
    decks(game, ["sudden_strike", "sabotage", "marauder_sniper", "blinding_flash", "roadblock", "cornered"])
    for p in (0, 1):
        for _ in range(4):
            E.draw(game, p)
    game.state.set_turn(phase="villain", cursor=[2, 0, 0], player=1, number=2)
    game.record("flow", "round 1: the scenario starts at the villain phase", "mc.round")


def sandbox(game: Table) -> None:
    """Every player in hero form with an empty hand; player 0's turn (tests and exercises add cards with
    :func:`known`). The encounter deck is the full one, shuffled; the player decks hold only Energy Cells, so
    that cards drawn at the end of the player phase open no windows of their own."""

    for p in range(len(game.state.players)):
        hero(game, p)
        E.DECKS[str(p)].fill(game, ["energy_cell"] * 15)
    E.DECKS["enc"].fill(game, list(cast("MarvelCards", game.rulebook.cards).encounter_deck))
    game.state.set_turn(phase="player", cursor=[0, 0, 1], player=0, number=1)
    game.record("flow", "round 1: player 0's turn", "mc.player_phase")


SETUPS: dict = {
    "sandbox": (sandbox, "An empty table, one player in hero form, player 0's turn.", ("mc.assume.setup",), 1),
    "sandbox-2": (sandbox, "An empty table, two players in hero form, player 0's turn.", ("mc.assume.setup",), 2),
    "sandbox-3": (sandbox, "An empty table, three players in hero form, player 0's turn.", ("mc.assume.setup",), 3),
    "interrupt-cancels-attack": (
        interrupt_cancels_attack,
        "The villain attacks; Deflect (Hero Interrupt) can cancel the attack, and then the forced responses to it "
        "(Emergency Protocol, Martial Law) never fire.",
        ("mc.interrupt", "mc.cancel", "mc.response", "mc.forced"),
        1,
    ),
    "forced-responses-ordered": (
        forced_responses_ordered,
        "Two forced responses to one attack, one controlled by player 1 and one by the scenario: the first player "
        "(player 0) orders them.",
        ("mc.forced", "mc.first_player", "mc.simultaneous"),
        2,
    ),
    "replacement-vs-prevention": (
        replacement_vs_prevention,
        "1 attack damage meets a tough status card (a replacement) and Armored Plating (a prevention): status cards "
        "first (L762), or the most recent first (option status_priority=False).",
        ("mc.tough", "mc.prevent", "mc.replacement", "mc.status", "mc.assume.replacement_recency"),
        1,
    ),
    "boost-after-defence": (
        boost_after_defence,
        "The villain's boost card is dealt face down, and turned over only after the defender is declared.",
        ("mc.boost", "mc.enemy_attack.1", "mc.enemy_attack.2", "mc.enemy_attack.3", "mc.star", "mc.retaliate"),
        1,
    ),
    "consequential-damage": (
        consequential_damage,
        "An ally's attack defeats a minion, and then its consequential damage defeats the ally: two occurrences, "
        "each When Defeated in its own window (option defeat_timing='state_check': one check defeats both and the "
        "first player orders their When Defeated abilities).",
        ("mc.consequential", "mc.when_defeated", "mc.triggering_condition", "mc.forced"),
        1,
    ),
    "damage-and-defeat": (
        damage_and_defeat,
        "Aegis attacks a minion with 1 hit point left: its damage and its defeat are one occurrence with one "
        "response window, where Pressure Point (after damage) and Informant Network (after a defeat) may be used "
        "in any order.",
        ("mc.triggering_condition", "mc.response"),
        1,
    ),
    "end-of-round": (
        end_of_round,
        "A lasting effect 'until the end of the round' (Focused Resolve) ends just before Rooftop Vigil's 'at the "
        "end of the round' ability resolves (L551).",
        ("mc.lasting", "mc.forced"),
        1,
    ),
    "villain-phase": (
        villain_phase,
        "A full villain phase for two players: threat with acceleration, activations with boosts, a hazard's extra "
        "encounter card, reveals in player order, the first-player token passing.",
        ("mc.villain_phase.1", "mc.villain_phase.2", "mc.villain_phase.3", "mc.villain_phase.4", "mc.villain_phase.5"),
        2,
    ),
}
