"""Warlord as a rulebook: options (the readings of the digest's section 11), set-up, the four phases, board
view and evaluation."""

from __future__ import annotations

from functools import partial

from tabletop.core import OptionSpec, Phase, Profile, Rulebook, Scenario, Table, deck_options, result_value

from . import army as A
from . import effects as _effects  # noqa: F401  (registers the effect words and their tasks)
from . import engine as E
from . import layout as L
from . import orders as _orders  # noqa: F401  (registers the strike tasks)
from .board import board
from .catalogue import CARDS, DECK_NAMES, WarlordCards
from .rules import RULES, SEED


# ------------------------------------------------------------------- set-up
def setup(game: Table) -> None:
    """wl.setup (L52/L216): each player's Warlord, three level-1 and two level-2 characters of its faction are
    taken from the deck and set in ranks of 3, 2 and 1 (wl.assume.enter_ready: ready); the rest of the deck is
    shuffled (wl.assume.setup). The first Draw Phase deals the hands (wl.draw)."""
    st = game.state
    opts = game.options
    n = len(st.players)
    game.caused_by(game.record("action", f"{n} players, each with a 50-card deck and a starting army", "wl.setup"))
    A.ZONES.setup(game)
    if opts["layout"] is not None:
        L.build(game, opts["layout"])
        return
    cards: WarlordCards = game.rulebook.cards  # type: ignore[assignment]
    st.vars["initiative"] = 0
    for p in range(n):
        deck = cards.decks[opts[f"deck{p}"]]
        rest = list(deck["cards"])
        for cid in deck["army"]:
            rest.remove(cid)
        warlord, *others = deck["army"]
        ones, twos = others[:3], others[3:]
        for rank, group in ((1, ones), (2, twos), (3, [warlord])):
            for cid in group:
                oid = A.ZONES.new_card(game, cid, A.z("army", p), p, rank=rank, state="ready", wounds=0, mods=[])
                if cid == warlord:
                    st.update_player(p, warlord=oid, faction=cards[cid]["traits"][0])
        A.DECKS[p].fill(game, rest)


# ----------------------------------------------------------------- options
PROFILE = Profile(checks="idle", rules={"check": "wl.reform", "flow": "wl.phases"})


def _o(name: str, default, doc: str, rule: str | None, **kw) -> OptionSpec:
    return OptionSpec(name, default, doc, rule, **kw)


OPTIONS = {
    "reform_jump": _o(
        "reform_jump",
        "any",
        "A reforming character moves to any rank in front, or one only.",
        "wl.assume.reform_jump",
        choices=("any", "one"),
    ),
    "reform_order": _o(
        "reform_order",
        "owner",
        "Which illegal rank is fixed first: the owner's choice, or the rearmost.",
        "wl.assume.reform_order",
        choices=("owner", "back_first"),
    ),
    "reform_cost": _o(
        "reform_cost",
        "per_move",
        "A reform's state cost: per move, or once per character per reform.",
        "wl.assume.reform_cost",
        choices=("per_move", "once"),
    ),
    "reform_players": _o(
        "reform_players",
        "initiative",
        "Several players reform in initiative order, or seat order.",
        "wl.assume.reform_players",
        choices=("initiative", "seat"),
    ),
    "later_strikes": _o(
        "later_strikes",
        "front",
        "Later strikes of an attack target a first rank, or any rank.",
        "wl.assume.melee_rank",
        choices=("front", "any_rank"),
    ),
    "ranged_reach": _o(
        "ranged_reach",
        "exact",
        "A ranged strike reaches distance exactly 2, or 1 or 2.",
        "wl.assume.ranged_reach",
        choices=("exact", "up_to_2"),
    ),
    "hit_spends": _o("hit_spends", False, "A hit spends its surviving ready target.", "wl.assume.hit_spends"),
    "initiative_ties": _o(
        "initiative_ties",
        "tied",
        "On a tie for the highest initiative: the tied players reroll, or all.",
        "wl.assume.initiative",
        choices=("tied", "all"),
    ),
    "react_rounds": _o(
        "react_rounds",
        "repeat",
        "Reacts are polled again while anybody played one, or once round.",
        "wl.assume.reacts",
        choices=("repeat", "once"),
    ),
    "last_two": _o(
        "last_two",
        "draw",
        "The last Warlords dying together: a draw, or the first in initiative order wins.",
        "wl.assume.simultaneous",
        choices=("draw", "initiative"),
    ),
    "becomes_strikes": _o(
        "becomes_strikes",
        "single",
        "Under 'becomes +# ATK' a character makes one strike, or all its strikes.",
        "wl.assume.atk_bonus",
        choices=("single", "all"),
    ),
    "enter": _o(
        "enter", "ready", "Characters enter play ready, or spent.", "wl.assume.enter_ready", choices=("ready", "spent")
    ),
    "draw_discard": _o(
        "draw_discard",
        "any",
        "The Draw Phase's discards: any cards, or none.",
        "wl.assume.hand",
        choices=("any", "none"),
    ),
    "turn_limit": _o(
        "turn_limit", 60, "Turns before an unfinished game is a draw.", "wl.assume.turn_limit", at_least=1, at_most=1000
    ),
    **deck_options((DECK_NAMES[p % len(DECK_NAMES)] for p in range(A.MAX_PLAYERS)), DECK_NAMES, "wl.assume.cards"),
    "layout": _o(
        "layout",
        None,
        "A ready position: each player's army rank by rank, items, hand and deck (layout.py); None: the shuffled "
        "decks of deck0 ... deck3 and their starting armies.",
        None,
        check=lambda v: L.check(v, CARDS),
    ),
}


def evaluate(game: Table, player: int) -> float:
    """How good the position is for ``player``: a win 1000; otherwise the living characters (hit points left,
    ATK, AC), the Warlord's hit points counted thrice, and the hand, each side's minus the best opponent's."""
    end = result_value(game, player)
    if end is not None:
        return end
    st = game.state

    def side(p: int) -> float:
        if st.players[p].get("out"):
            return -500.0
        value = 0.3 * len(st.zone(A.z("hand", p)))
        for oid in A.army(game, p):
            left = int(A.card(game, oid)["hp"]) - int(st.objects[oid].get("wounds", 0))
            value += 3.0 * left + 0.4 * A.atk(game, oid) * A.strikes(game, oid) + 0.3 * A.ac(game, oid)
            if oid == st.players[p].get("warlord"):
                value += 6.0 * left
        return value

    others = [side(q) for q in range(len(st.players)) if q != player]
    return side(player) - max(others)


def make_rulebook(cards: WarlordCards) -> Rulebook:
    """Warlord played with the catalogue ``cards``."""
    rb = Rulebook(
        id="warlord",
        title="Warlord: Saga of the Storm — d20 combat strike by strike, orders until all pass, immediate reform",
        source=f"{SEED} L1-L113, L150-L283",
        players=(2, A.MAX_PLAYERS),  # wl.victory: two or more, each for himself
        rules=RULES,
        setup=setup,
        profile=PROFILE,
        options=OPTIONS,
        flow=(Phase("turn", E.TURN, rule="wl.phases"),),
        tasks=E.TASKS,
        event_handlers=E.EVENT_HANDLERS,
        event_text=E.EVENT_TEXT,
        checks=(E.state_checks,),
        active_zones=("army:", "gear:"),
        public_fields=("id", "zone", "owner", "controller", "kind"),
        board=board,
        zones=A.ZONES,
        cards=cards,
        description=(__doc__ or ""),
        evaluate=evaluate,
        turn_counter="round",  # wl.phases (L53/L217): one turn of all players, counted by the kernel's round
    )
    from .scenarios import SCENARIOS

    rb.scenarios = {
        "duel": Scenario(
            "duel",
            "A normal start: the Covenant's deck against the Veil's, shuffled.",
            lambda: rb.new_game(seed=0),
            ("wl.setup", "wl.assume.cards"),
        ),
        **{name: Scenario(name, text, partial(fn, rb), rules) for name, (text, fn, rules) in SCENARIOS.items()},
    }
    from .lessons import add_to as add_lessons

    add_lessons(rb)  # 08_warlord's positions, puzzles and exercises (lessons.py)
    cards.factory = make_rulebook
    return rb


RULEBOOK = make_rulebook(CARDS)
