"""Marvel Champions as a rulebook: profile, options, set-up, round structure, event texts and board view."""

from __future__ import annotations

import dataclasses
from functools import partial
from pathlib import Path
from typing import cast

from tabletop.core import (
    ModifierOrder,
    OptionSpec,
    Phase,
    Profile,
    Rulebook,
    RulebookOptionError,
    RuleError,
    Scenario,
    Table,
    board_view,
)

from . import engine as E
from . import outcomes as O
from . import turn as T
from . import villain as V
from .catalogue import CARDS, NAMED, RULE_ABILITIES, MarvelCards
from .data import check_deck
from .exercises import exercises as _exercises
from .positions import SPEC as POSITION
from .rules import RULES, SEED
from .scenarios import SETUPS


# ====================================================================== set-up
def setup(game: Table) -> None:
    """mc.assume.setup (the setup appendix, L734, is missing)."""
    st = game.state
    n = len(st.players)
    cards = cast(MarvelCards, game.rulebook.cards)
    identity = cards.identity
    if identity is None:  # (a catalogue of some card files alone: no hero to play)
        raise RuleError("marvel_champions: set-up needs an identity card, and the rulebook's catalogue has none")
    if game.options["replacement_timing"] == "after_interrupts":  # mc.assume.replacement_interrupts, L685
        game.profile = game.profile.replace(replacement_timing="after_interrupts")
    game.caused_by(game.record("action", f"set up a game for {n} player(s)", "mc.assume.setup"))
    st.set_var("accel_tokens", 0)
    st.set_var("attacks", [])
    st.set_var("peril", None)
    E.ZONES.setup(game)
    for p in range(n):
        ident = E.new_card(game, identity, E.z("play", p), p)
        st.update_player(p, identity=ident, form="alter_ego", out=False, form_round=None)  # L504
    for i, cid in enumerate(cards.villain_stages):
        E.new_card(game, cid, "play:villain" if i == 0 else "villain:deck", None, vis="all")
    for i, cid in enumerate(cards.scheme_stages):
        s = E.new_card(game, cid, "play:scheme" if i == 0 else "scheme:deck", None, vis="all", threat=0)
        if i == 0:
            st.update(s, threat=cards[cid].get("start", 0) * n)
    scenario = game.options["scenario"]
    if scenario:
        builder, description, _rules, players = SETUPS[scenario]
        if players != n:
            raise RulebookOptionError(f"marvel_champions: scenario {scenario!r} is for {players} player(s), not {n}")
        game.record("action", f"scenario {scenario}: {description}", "mc.assume.setup")
        builder(game)
        return
    decks = game.options["decks"]
    if decks is not None and len(decks) != n:
        raise RulebookOptionError(f"marvel_champions: option decks gives {len(decks)} deck(s) for {n} player(s)")
    obligations = [E.deck_key(o, p) for p in range(n) for o in cards.obligations]  # L1500
    E.DECKS["enc"].fill(game, [*cards.encounter_deck, *obligations])
    for p in range(n):
        for cid in cards.nemesis_set:  # L1489: set aside until a card puts it into play
            E.new_card(game, cid, E.z("aside", p), None, vis="all")
        E.DECKS[str(p)].fill(game, cards.player_deck if decks is None else list(decks[p]))
        E.draw(game, p, cards[identity]["hand_alter_ego"])


# ====================================================================== event texts
def _n(game: Table, oid) -> str:
    return E.name_of(game, oid)


EVENT_TEXT = {
    "damage": lambda g, ev: f"{ev['amount']} {ev.get('kind', '')} damage to {_n(g, ev['target'])}".replace("  ", " "),
    "threat": lambda g, ev: f"{ev['amount']} threat on {_n(g, ev['scheme'])}",
    "remove_threat": lambda g, ev: f"remove {ev['amount']} threat from {_n(g, ev['scheme'])}",
    "heal": lambda g, ev: f"heal {ev['amount']} on {_n(g, ev['target'])}",
    "attack": lambda g, ev: f"{_n(g, ev['attacker'])} attacks player {ev['player']}",
    "scheme": lambda g, ev: f"{_n(g, ev['schemer'])} schemes against player {ev['player']}",
    "player_attack": lambda g, ev: f"{_n(g, ev['attacker'])} attacks {_n(g, ev['target'])} ({_n(g, ev['source'])})",
    "player_thwart": lambda g, ev: f"{_n(g, ev['thwarter'])} thwarts {_n(g, ev['scheme'])}",
    "defend": lambda g, ev: f"{_n(g, ev['defender'])} defends",
    "reveal": lambda g, ev: f"player {ev['player']} reveals {_n(g, ev['card'])}",
    "engage": lambda g, ev: f"{_n(g, ev['minion'])} engages player {ev['player']}",
    "play": lambda g, ev: f"player {ev['player']} plays {_n(g, ev['card'])}",
    "form_change": lambda g, ev: f"player {ev['player']} changes to {ev['to'].replace('_', '-')} form",
    "defeat": lambda g, ev: f"{_n(g, ev['card'])} is defeated",
    "scheme_complete": lambda g, ev: f"{_n(g, ev['scheme'])} reaches its target threat",
    "discard_status": lambda g, ev: f"discard {_n(g, ev['status_card'])}",
    "grim_end": lambda g, ev: "the final villain stage falls as the final scheme completes",
    "end_of_round": lambda g, ev: f"the end of round {g.state.turn.get('round', 1) - 1}",
}

EVENT_HANDLERS = {
    "damage": E.on_damage,
    "heal": E.on_heal,
    "threat": E.on_threat,
    "remove_threat": E.on_remove_threat,
    "discard_status": E.on_discard_status,
    "form_change": E.on_form,
    "defend": E.on_defend,
    "engage": E.on_engage,
    "attack": V.on_attack,
    "scheme": V.on_scheme,
    "reveal": V.on_reveal,
    "player_attack": T.on_player_attack,
    "player_thwart": T.on_player_thwart,
    "play": T.on_play,
    "defeat": O.on_defeat,
    "scheme_complete": O.on_scheme_complete,
    "grim_end": O.on_grim_end,
    "end_of_turn": E.on_period_end,
    "end_of_phase": E.on_period_end,
    "end_of_round": E.on_period_end,
}


TASKS = E.tasks  # every task of the rulebook, registered by function (engine, turn, villain and here)

FLOW = (
    Phase("player", ("mc.turn_start", "mc.turn"), each_player=True, rule="mc.player_phase"),
    Phase("end of player phase", ("mc.end_discard", "mc.end_draw", "mc.end_ready"), rule="mc.end_player_phase"),
    Phase("villain", ("mc.v_threat", "mc.v_activate", "mc.v_deal", "mc.v_reveal", "mc.v_pass"), rule="mc.round"),
)


# ====================================================================== board view
def board(game: Table, player: int | None = None) -> dict:
    """A plain JSON board ("zones" layout): the scenario's panel and each player's, with the options on each card."""
    return board_view(
        game, player, E.ZONES, describe=_describe, players=_players, turn=("round", "phase", "player", "first")
    )


def _describe(game: Table, entry: dict, full: dict) -> None:
    """A face-up card: its stats (an identity's of its form), hit points, threat, uses, statuses, host."""
    st, oid = game.state, entry["id"]
    card = game.rulebook.cards[full["card"]]
    stats = {}
    for s in ("atk", "thw", "def", "rec", "sch"):
        if s in card and (
            card["type"] != "identity"
            or game.value(oid, s)
            or (s in ("atk", "thw", "def") and E.hero_form(game, full["owner"]))
            or (s == "rec" and not E.hero_form(game, full["owner"]))
        ):
            stats[s.upper()] = game.value(oid, s)
    if "hp" in card:
        stats["HP"] = f"{E.remaining_hp(game, oid)}/{game.value(oid, 'hp')}"
    counters = {}
    if full.get("threat") or card["type"] in ("main_scheme", "side_scheme"):
        counters["threat"] = full.get("threat", 0)
    if card["type"] == "main_scheme":
        counters["target"] = E.target_threat(game, oid)
        counters["accel"] = st.vars.get("accel_tokens", 0)  # acceleration tokens (L269)
    if full.get("uses"):
        counters["uses"] = full["uses"]
    entry.update(
        kind="card",
        name=E.name_of(game, oid),
        type=card["type"],
        text=card.get("text", ""),
        cost=card.get("cost"),
        stats=stats,
        counters=counters,
        statuses=sorted(E.status_cards(game, oid)),
        exhausted=bool(full.get("exhausted")),
        host=full.get("host"),
    )


def _players(game: Table) -> list[dict]:
    st = game.state
    return [
        {
            "id": p,
            "form": st.players[p].get("form"),
            "out": bool(st.players[p].get("out")),
            "first": st.turn.get("first") == p,
            "hand": len(st.zone(E.z("hand", p))),
        }
        for p in range(len(st.players))
    ]


# ====================================================================== the rulebook
PROFILE = Profile(
    ordering="first_player_orders_all",  # L464, L745
    container="nested",  # L532-533: interrupts just before, responses just after their condition
    checks="each_resolution",  # L583 (mc.assume.state_checks)
    forced_before_optional=True,  # L463
    lookback=True,
    optional="priority_window",  # L539, L705: passing in player order until all pass in a row
    replacements="most_recent",  # L686 (mc.assume.replacement_recency)
    delayed_before_responses=True,  # L393
    expire_before_end_triggers=True,  # L551
    modifiers=ModifierOrder(
        stages=(("add", "sub"), ("mul", "div"), ("set",)), floor=0, rounding="up", rule="mc.modifiers"
    ),  # L584-588
    rules={
        "interrupt": "mc.interrupt",
        "response": "mc.response",
        "order": "mc.forced",
        "optional": "mc.mandatory",
        "resolve": "mc.mandatory",
        "replacement": "mc.replacement",
        "check": "mc.assume.state_checks",
        "expire": "mc.lasting",
        "flow": "mc.round",
        "loop": "mc.grim",
        "decision": "mc.turn",
        "end": "mc.win",
    },
)


def _check_decks(decks, cards: MarvelCards = CARDS) -> bool:
    """Option decks: a list of decks, each checked by :func:`.data.check_deck` (which names what is wrong)
    against the rulebook's catalogue ``cards``."""
    if decks is None:
        return True  # the default: every player plays the whole hero deck
    if isinstance(decks, str) or not isinstance(decks, list | tuple):
        raise RulebookOptionError(
            f"marvel_champions: option decks must be a list of decks (one per player), not {decks!r}"
        )
    for p, deck in enumerate(decks):
        check_deck(f"option decks: player {p}'s deck", deck, cards)
    return True


OPTIONS = {
    "status_priority": OptionSpec(
        "status_priority",
        True,
        "Status cards' replacement effects go before other replacements (L762); False: the "
        "most recent replacement goes first (L686).",
        "mc.assume.replacement_recency",
    ),
    "grim_simultaneous": OptionSpec(
        "grim_simultaneous",
        "players_lose",
        "Final villain stage defeated and final scheme completed at once.",
        "mc.assume.grim_simultaneous",
        choices=("players_lose", "players_win"),
    ),
    "stunned_boost": OptionSpec(
        "stunned_boost",
        "replaced_whole",
        "A stunned villain's replaced attack deals no boost card ('deal_boost': the "
        "boost card is dealt first and discarded).",
        "mc.assume.stunned_boost",
        choices=("replaced_whole", "deal_boost"),
    ),
    "tough_overkill": OptionSpec(
        "tough_overkill",
        "no_excess",
        "Overkill excess is counted from the damage actually dealt ('no_excess') or from "
        "the attack's full damage ('excess').",
        "mc.assume.tough_overkill",
        choices=("no_excess", "excess"),
    ),
    "minion_order": OptionSpec(
        "minion_order",
        "first_player",
        "Who orders several engaged minions' activations.",
        "mc.assume.activation_order",
        choices=("first_player", "order_of_play"),
    ),
    "elimination_enemies": OptionSpec(
        "elimination_enemies",
        "engage",
        "Enemies engaged with an eliminated player engage ('engage') or attack "
        "('attack', as L640 is written) the next player.",
        "mc.assume.elimination_engage",
        choices=("engage", "attack"),
    ),
    "defeat_timing": OptionSpec(
        "defeat_timing",
        "with_damage",
        "A defeat caused by damage is dealt with it, one occurrence with one interrupt and one response window "
        "(L825, 'with_damage'); 'state_check': the constant check finds it after the damage's windows (the "
        "reading this rulebook first had, kept to show what L825 changes).",
        "mc.assume.state_checks",
        choices=("with_damage", "state_check"),
    ),
    "guard": OptionSpec(
        "guard",
        "villain",
        "Guard (L485): a player with an engaged guard minion cannot attack the villain ('villain'), or, as L485 "
        "reads, cannot attack villains without guard ('villains_without_guard': a villain with guard may be "
        "attacked).",
        "mc.assume.guard",
        choices=("villain", "villains_without_guard"),
    ),
    "boost_face_up": OptionSpec(
        "boost_face_up",
        False,
        "Boost cards are dealt face up, as L417 and L427 read ('открытую'), so the players see them before they "
        "choose defenders; default: face down (L319), turned over after the defenders (L419).",
        "mc.assume.boost_face_down",
    ),
    "overkill_to_alter_ego": OptionSpec(
        "overkill_to_alter_ego",
        False,
        "Overkill excess from a defending ally goes to its controller's identity in alter-ego form too (L610's "
        "'hero' read as the identity card); default: in alter-ego form it is not possible and is lost.",
        "mc.assume.overkill_possible",
    ),
    "defender_order": OptionSpec(
        "defender_order",
        "target_first",
        "Who is offered to defend first (L294, L418 give no order; the first who defends is the defender): "
        "'target_first', the target player, then the others in player order, or 'others_first', the others in "
        "player order, then the target player.",
        "mc.assume.defenders",
        choices=("target_first", "others_first"),
    ),
    "villain_phase_actions": OptionSpec(
        "villain_phase_actions",
        False,
        "Players may use Action abilities in the villain phase too (L279: 'during their own turn or on request "
        "during other players' turns'): at the start of villain step 2, each in player order, until they pass; "
        "default: only in the player's own turn.",
        "mc.assume.villain_phase_actions",
    ),
    "replacement_timing": OptionSpec(
        "replacement_timing",
        "before_interrupts",
        "When replacement effects (status cards, Armored Plating's prevention) apply: before the interrupt window "
        "opens ('before_interrupts': status cards' timing priority, L762, and forced interrupts first, L463), or, "
        "as L685 reads, once the interrupts to the event have resolved ('after_interrupts').",
        "mc.assume.replacement_interrupts",
        choices=("before_interrupts", "after_interrupts"),
    ),
    "keywords_forced": OptionSpec(
        "keywords_forced",
        True,
        "Mandatory keywords (Retaliate, Quickstrike, Surge) and When Defeated abilities count as forced for the "
        "forced-first priority of L463, so the first player orders them with the Forced abilities of the same "
        "trigger; False: only abilities marked 'Forced' (L462) have that priority, and the keywords resolve after "
        "them.",
        "mc.assume.keywords_forced",
    ),
    "window_events": OptionSpec(
        "window_events",
        "as_ability",
        "An event played in an interrupt or response window pays its cost and resolves as the ability that window "
        "used ('as_ability'), or, as L523-531 read for every card played, begins to be played in step 6 (L530), "
        "which opens an interrupt window of its own (a cancel may answer it), and resolves in step 7 ('step_6').",
        "mc.assume.window_events",
        choices=("as_ability", "step_6"),
    ),
    "decks": OptionSpec(
        "decks",
        None,
        "Each player's deck as a list of player card ids, one list per player (default: every player plays the "
        "whole hero deck, mc.assume.setup); a deck breaking a card's 'Max X per deck' (L567) is refused (mc.max_deck).",
        "mc.assume.setup",
        check=_check_decks,
    ),
    "scenario": OptionSpec(
        "scenario", "", "Start from a ready position instead of a shuffled deal.", None, choices=("", *SETUPS)
    ),
}


def _scenarios(rb: Rulebook) -> dict[str, Scenario]:
    """The named positions of one rulebook (each a new game of ``rb``, so a card set added stays in them)."""

    def scenario(name: str):
        return lambda: rb.new_game(seed=0, players=SETUPS[name][3], scenario=name)

    return {
        "standard": Scenario(
            "standard",
            "A normal start for two players: shuffled decks, alter-ego form, 6 cards each.",
            lambda: rb.new_game(seed=0, players=2),
            ("mc.assume.setup", "mc.round"),
        ),
        **{name: Scenario(name, spec[1], scenario(name), spec[2]) for name, spec in SETUPS.items()},
    }


def make_rulebook(cards: MarvelCards) -> Rulebook:
    """Marvel Champions played with the catalogue ``cards`` (``tabletop.core.catalogue.with_cards`` builds more)."""
    options = OPTIONS
    if cards is not CARDS:  # option decks may name the cards of this catalogue
        options = {**OPTIONS, "decks": dataclasses.replace(OPTIONS["decks"], check=partial(_check_decks, cards=cards))}
    rb = Rulebook(
        id="marvel_champions",
        title="Marvel Champions: The Card Game — the Rules Reference (Справочник правил)",
        source=f"{SEED} L234-L879, L1471-L1502",
        players=(1, 4),
        rules=RULES,
        setup=setup,
        profile=PROFILE,
        options=options,
        flow=FLOW,
        tasks=TASKS,
        event_handlers=EVENT_HANDLERS,
        event_text=EVENT_TEXT,
        card_ability_table=cards.abilities,
        named_abilities=NAMED,
        rule_abilities=RULE_ABILITIES,
        checks=(E.state_checks,),
        active_zones=("play",),
        public_fields=("id", "zone", "owner", "controller", "kind"),
        base_values=E.base_value,
        explain=E.explain,
        board=board,
        cards=cards,
        description=__doc__ or "",
        # format 1 named the decks' compositions _left:... (every Deck is _deck:... now, as player_decks names it)
        position=POSITION,
        puzzle_folder=Path(__file__).parent / "data" / "puzzles",
        renamed_vars={f"_left:{k}": f"_deck:{k}" for k in ("enc", "0", "1", "2", "3")},
    )
    rb.scenarios = _scenarios(rb)
    rb.exercises = _exercises(rb)
    cards.factory = make_rulebook
    return rb


RULEBOOK = make_rulebook(CARDS)
SCENARIOS = RULEBOOK.scenarios
