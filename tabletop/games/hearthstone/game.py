"""Hearthstone as a rulebook: options, set-up, the turn, the board view, scenarios and a heuristic."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, cast

from tabletop.core import OptionSpec, Phase, Profile, Rulebook, Scenario, Table, options_by_object, result_value
from tabletop.core import board_view as zones_board

from . import engine as E
from .catalogue import CARDS, HearthstoneCards
from .exercises import exercises
from .positions import SPEC as POSITION
from .positions import use_effects_option
from .rules import RULES, SEED
from .scenarios import FILES, SETUPS


# ------------------------------------------------------------------- set-up
def setup(game: Table) -> None:
    """hs.deck, hs.win, hs.coin_toss: heroes at 30, shuffled 30-card decks, then the coin toss."""
    st = game.state
    opts = game.options
    decks = cast(HearthstoneCards, game.rulebook.cards).decks
    use_effects_option(game)  # hs.assume.queue: where triggered effects wait
    E.ZONES.setup(game)
    for p in E.PLAYERS:
        st.players[p] = {
            **st.players[p],
            "crystals": 0,
            "mana": 0,
            "fatigue": 0,
            "power_used": False,
            "deck": opts[f"deck{p}"],
        }
        hero_card = decks[opts[f"deck{p}"]]["hero"]
        E.new_card(game, p, hero_card, E.z("hero", p), kind="hero", hp=opts["hero_health"], dmg=0, attacks=0)
        E.new_card(game, p, hero_card, E.z("power", p), kind="power")
    game.caused_by(game.record("action", "two heroes with 30 health and 30-card decks", "hs.deck"))
    for p in E.PLAYERS:  # (a scenario keeps the normal decks too, so later turns draw as usual)
        E.DECKS[p].fill(game, decks[opts[f"deck{p}"]]["cards"])
    if opts["scenario"]:
        builder, description, _rules = SETUPS[opts["scenario"]]
        game.record("action", lambda: f"scenario {opts['scenario']}: {description}", "hs.assume.cards")
        builder(game)  # (the file's position, its turn included: player 0's about to start)
        return
    if opts["first"] == "coin":
        game.ask(
            "chance",
            "coin_toss",
            [{"id": "0", "label": "player 0 goes first"}, {"id": "1", "label": "player 1 goes first"}],
            "hs.coin",
            prompt="the coin toss",
            rule="hs.coin_toss",
            stream="coin",
        )
    else:
        game.push("hs.coin", choice={"id": opts["first"]})


# --------------------------------------------------------------- board view
def board_view(game: Table, player: int | None = None) -> dict:
    """A plain JSON board ("zones" layout): heroes, powers, weapons, boards, hands, decks, graveyards."""
    st = game.state
    dec = st.decision
    offers = options_by_object(dec, st.objects, player)
    if dec is not None and (player is None or dec.get("player") == player):  # the hero power has no object id
        for o in dec["options"]:
            if o["id"] == "power" or o["id"].startswith("power>"):
                offers.setdefault(st.zones[E.z("power", dec["player"])][0], []).append(o["id"])
    return zones_board(game, player, E.ZONES, describe=_describe, players=_players, offers=offers, owner_from_zone=True)


def _describe(game: Table, entry: dict, full: dict) -> None:
    """A face-up card: its card's name, type, text and cost; a hero's, a minion's or a weapon's stats."""
    oid, kind = entry["id"], entry["zone"].split(":", 1)[0]
    data = game.rulebook.cards[full["card"]]
    entry.update(kind="card", name=data["name"], type=data["type"], text=data.get("text", ""), cost=data.get("cost"))
    if full["kind"] == "hero":
        stats = {"attack": E.attack_of(game, oid), "health": E.health_of(game, oid)}
        entry.update(name=f"{data['name']} (hero)", stats=stats, text="")
    elif full["kind"] == "power":
        power = data["power"]
        used = bool(game.state.players[entry["owner"]]["power_used"])
        entry.update(name=power["name"], type="hero power", text=power["text"], cost=power["cost"], tapped=used)
    elif kind == "board":
        flags = (("taunt", "taunt"), ("charge", "charge"), ("divine shield", "shield"), ("asleep", "sick"))
        entry.update(
            stats={"attack": E.attack_of(game, oid), "health": E.health_of(game, oid)},
            statuses=sorted(k for k, flag in flags if full.get(flag)),
            damaged=full["dmg"] > 0,
        )
    elif kind == "weapon":
        entry.update(stats={"attack": full["atk"], "durability": full["dur"]})


def _players(game: Table) -> list[dict]:
    st = game.state
    return [
        {
            "id": p,
            "hero": E.hero(game, p),
            "health": E.health_of(game, E.hero(game, p)),
            "mana": st.players[p]["mana"],
            "crystals": st.players[p]["crystals"],
            "hand": len(st.zones[E.z("hand", p)]),
            "deck": len(st.zones[E.z("deck", p)]),
        }
        for p in E.PLAYERS
    ]


# ------------------------------------------------------------------ heuristic
def evaluate(game: Table, player: int) -> float:
    """How good the position is for ``player`` (the greedy agent's yardstick): a win is worth 1000;
    otherwise hero health, the attack and health of the minions on the board, and cards in hand,
    each side's minus the other's."""
    end = result_value(game, player)
    if end is not None:
        return end
    st = game.state
    score = 0.0
    for p, sign in ((player, 1.0), (E.other(player), -1.0)):
        h = E.hero(game, p)
        side = E.health_of(game, h) * 1.0
        for oid in st.zones[E.z("board", p)]:
            obj = st.objects[oid]
            side += 1.5 * (obj["atk"] + obj["aura"]) + max(obj["hp"] - obj["dmg"], 0) + (2 if obj["taunt"] else 0)
        side += 0.5 * len(st.zones[E.z("hand", p)])
        w = E.weapon(game, p)
        if w:
            side += st.objects[w]["atk"] * st.objects[w]["dur"] * 0.5
        score += sign * side
    return score


# ----------------------------------------------------------------- rulebook
PROFILE = Profile(
    ordering="order_of_play",  # hs.order_of_play (L68)
    container="queue",  # hs.assume.queue
    checks="idle",  # hs.assume.death_phase: deaths once the outermost action has resolved
    forced_before_optional=True,
    lookback=True,  # a Deathrattle resolves as its minion was last in play
    rules={
        "check": "hs.assume.death_phase",
        "flow": "hs.own_turn",
        "order": "hs.order_of_play",
        "response": "hs.immediate",
        "interrupt": "hs.immediate",
        "resolve": "hs.immediate",
        "end": "hs.win",
    },
)

OPTIONS = {
    "deck0": OptionSpec("deck0", "mage", "Player 0's deck (and hero).", "hs.deck", choices=tuple(CARDS.decks)),
    "deck1": OptionSpec("deck1", "paladin", "Player 1's deck (and hero).", "hs.deck", choices=tuple(CARDS.decks)),
    "hero_health": OptionSpec(
        "hero_health", 30, "Health each hero starts with (L1507: thirty).", "hs.win", at_least=1, at_most=99
    ),
    "first": OptionSpec(
        "first",
        "coin",
        "Who goes first: the coin toss (L1508) or a fixed player.",
        "hs.coin_toss",
        choices=("coin", "0", "1"),
    ),
    "mulligan": OptionSpec("mulligan", True, "Offer the one-time mulligan (L1509).", "hs.mulligan"),
    "defending_hero_strikes_back": OptionSpec(
        "defending_hero_strikes_back",
        False,
        "An attacked hero deals his (weapon's) attack back, reading L68's 'defending minion/Hero' literally; "
        "the real game says no.",
        "hs.assume.hero_attack",
    ),
    "play_onto_full_board": OptionSpec(
        "play_onto_full_board",
        False,
        "A minion card may be played while its player has 7 minions; the minion is destroyed and does not get "
        "onto the field (L26 read literally); the real game refuses the play.",
        "hs.assume.board_full",
    ),
    "deaths": OptionSpec(
        "deaths",
        "death_phase",
        "When a minion at 0 health dies: 'death_phase', once the action has resolved (the real game), or "
        "'at_once', the moment its health reaches 0 (L27 'as soon as' read literally).",
        "hs.assume.death_phase",
        choices=("death_phase", "at_once"),
    ),
    "fatigue": OptionSpec(
        "fatigue",
        True,
        "Drawing from an empty deck deals fatigue damage 1, 2, 3, ... (the real game); False: nothing is drawn "
        "and nothing happens (the text is silent).",
        "hs.assume.fatigue",
    ),
    "hand_limit": OptionSpec(
        "hand_limit",
        E.HAND_LIMIT,
        "The most cards a hand holds (the real game: 10; the text gives none); a card drawn or given to a full "
        "hand is destroyed.",
        "hs.assume.hand_limit",
        at_least=1,
        at_most=99,
    ),
    "battlecry": OptionSpec(
        "battlecry",
        "in_order_of_play",
        "When a played minion's Battlecry resolves: 'in_order_of_play', after the effects already in play that "
        "its summon sets off (L68: Knife Juggler throws before Leeroy Jenkins's whelps arrive), or 'first', before "
        "them (the later real game: the whelps are there to be hit).",
        "hs.assume.battlecry",
        choices=("in_order_of_play", "first"),
    ),
    "effects": OptionSpec(
        "effects",
        "queue",
        "Where triggered effects wait: 'queue', first in, first out once the current effect is over (the real "
        "game), or 'nested', at once inside the effect that set them off (L66 'the effect fires instantly').",
        "hs.assume.queue",
        choices=("queue", "nested"),
    ),
    "coin_before_mulligan": OptionSpec(
        "coin_before_mulligan",
        False,
        "The second player gets The Coin with the starting cards, before the mulligan, and may swap it (L1508-1509 "
        "in the text's order); default: after the mulligan (the real game).",
        "hs.assume.the_coin",
    ),
    "scenario": OptionSpec(
        "scenario", "", "Start from a ready position instead of a shuffled deal.", None, choices=("", *SETUPS)
    ),
}


# the options a scenario is meant for, as its file gives them (a weapon of the paladin's wants the paladin's
# hero power beside it: sword-and-juggler's deck0)
SCENARIO_DECKS: dict[str, dict[str, Any]] = {name: f.options for name, f in FILES.items() if f.options}


def _scenarios(rb: Rulebook) -> dict[str, Scenario]:
    """The named positions of one rulebook (each a new game of ``rb``, so a card set added stays in them)."""

    def scenario(name: str):
        return lambda: rb.new_game(seed=0, scenario=name, **SCENARIO_DECKS.get(name, {}))

    return {
        "duel": Scenario(
            "duel",
            "A normal start: the mage deck against the paladin deck, the coin toss, the mulligan.",
            lambda: rb.new_game(seed=0),
            ("hs.deck", "hs.coin_toss", "hs.mulligan"),
        ),
        **{name: Scenario(name, desc, scenario(name), rules) for name, (_b, desc, rules) in SETUPS.items()},
    }


def _options(cards: HearthstoneCards) -> dict[str, OptionSpec]:
    """The options, the decks among them those of ``cards`` (a card folder's decks.toml adds decks)."""
    if tuple(cards.decks) == OPTIONS["deck0"].choices:
        return OPTIONS
    decks = tuple(cards.decks)
    return {**OPTIONS, **{k: dataclasses.replace(OPTIONS[k], choices=decks) for k in ("deck0", "deck1")}}


def make_rulebook(cards: HearthstoneCards) -> Rulebook:
    """Hearthstone played with the catalogue ``cards`` (``tabletop.core.catalogue.with_cards`` builds more)."""
    rb = Rulebook(
        id="hearthstone",
        title="Hearthstone (Hearthstone: Heroes of WarCraft) — immediate effects in order of play",
        source=f"{SEED} L18-L68, L1503-L1514",
        players=(2, 2),
        rules=RULES,
        setup=setup,
        profile=PROFILE,
        options=_options(cards),
        flow=(Phase("turn", E.TURN_STEPS, each_player=True, rule="hs.own_turn"),),
        tasks=E.TASKS,
        event_handlers=E.EVENT_HANDLERS,
        event_text=E.EVENT_TEXT,
        card_ability_table=cards.abilities,
        checks=(E.state_checks,),
        check_causes={"die": {"damage": "target"}},  # "why" of a death: the damage dealt to the minion
        active_zones=("board:", "hero:", "weapon:"),
        public_fields=("id", "zone", "owner", "controller", "kind"),
        explain=E.explain,
        board=board_view,
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
