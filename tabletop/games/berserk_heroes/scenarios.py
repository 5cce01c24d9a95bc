"""Ready positions for teaching and tests, each built by the set-up (option ``scenario``).

Because a scenario is an option of the set-up, ``game.replay()``, ``to_json`` and clones work
from a scenario exactly as from a normal start. Unless a scenario says otherwise it starts in
player 0's main phase of turn 1.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core import RuleError, Table

from . import engine as E


def card(game: Table, player: int, card_id: str, kind: str, **fields) -> str:
    """A known card in zone ``kind`` of ``player`` (ids stay anonymous: c<n>)."""
    return E.new_card(game, player, card_id, E.z(kind, player), **fields)


def coins(game: Table, player: int, n: int, until: str | None = None) -> list[str]:
    """Move ``n`` coins from the supply to the play zone (set-up, not a gain)."""
    out = []
    for _ in range(n):
        cid = E.give_coin_silently(game, player, until, "bh.520.4", tag=f"setup{game.state.next_ts()}")
        if cid is None:  # a scenario that asks for more coins than the supply holds is wrong
            raise RuleError(f"scenario set-up: the coin supply of player {player} is empty")
        out.append(cid)
    return out


def start_main(game: Table, player: int = 0) -> None:
    """Begin in ``player``'s main phase of turn 1 (the accumulation phase is skipped)."""
    game.state.set_turn(player=player, number=1, phase="turn", cursor=[0, player, E.MAIN_SUBPHASE])
    game.record("flow", lambda: f"turn 1: player {player}, the scenario starts in the main phase", "bh.assume.turn")


def modifier_order(game: Table) -> None:
    """521.1: a Pikeman (strike 2) and the five kinds of modifier in hand."""
    card(game, 0, "pikeman", "play")
    card(game, 0, "border_guard", "play")
    for c in ("halving_curse", "weakening_hex", "giants_might", "battle_fury", "petrify", "giant_form", "pikeman"):
        card(game, 0, c, "hand")
    card(game, 1, "forest_troll", "play")
    card(game, 1, "toll_keeper", "play")
    coins(game, 0, 6)
    start_main(game)


def temporary_coins(game: Table) -> None:
    """520.3-520.5: 9 coins and 1 temporary coin (until end of round) before the accumulation phase."""
    coins(game, 0, 9)
    coins(game, 0, 1, until="round")
    card(game, 0, "coin_smith", "play")
    for c in ("extortion", "embargo", "windfall"):
        card(game, 0, c, "hand")
    coins(game, 1, 3)
    card(game, 1, "border_guard", "play")


def constructor_chain(game: Table) -> None:
    """522.1: constructor spells and a constructor creature; the enemy has only a Warded Monk."""
    for c in ("arcane_choice", "twin_bolts", "wandering_sage", "border_guard"):
        card(game, 0, c, "hand")
    E.DECKS[0].fill(game, ["pikeman", "pikeman", "border_guard"])
    card(game, 1, "warded_monk", "play")
    coins(game, 0, 6)
    start_main(game)


def protection(game: Table) -> None:
    """L43: Stone Golem (protection from creatures) and Warded Monk (protection from spells)."""
    card(game, 0, "pikeman", "play")
    card(game, 0, "firebolt", "hand")
    card(game, 0, "twin_bolts", "hand")
    card(game, 1, "stone_golem", "play")
    card(game, 1, "warded_monk", "play")
    coins(game, 0, 6)
    start_main(game)


def vanguard(game: Table) -> None:
    """L33, L35: Scout Captain (Vanguard 2) with cheap and dear creatures in hand."""
    for c in ("scout_captain", "pikeman", "forest_troll", "rally_horn", "quartermasters_order", "wandering_sage"):
        card(game, 0, c, "hand")
    coins(game, 0, 5)
    start_main(game)


def create(game: Table) -> None:
    """L49-L51: Create, a Herald reacting to it, and an enemy hero with 2 life left."""
    card(game, 0, "herald_of_the_host", "play")
    card(game, 0, "pikeman", "play")
    card(game, 0, "necromancer_apprentice", "hand")
    card(game, 0, "raise_the_dead", "hand")
    coins(game, 0, 5)
    h = E.hero(game, 1)
    game.state.set_in(h, "counters", "wounds", game.value(h, "life") - 2)
    start_main(game)


def squad_ways(game: Table) -> None:
    """L37: a Herald of the Host and one card for each of the five ways into the squad."""
    card(game, 0, "herald_of_the_host", "play")
    for c in ("border_guard", "call_to_arms", "second_life", "mind_chains", "raise_the_dead"):
        card(game, 0, c, "hand")
    card(game, 0, "pikeman", "grave")
    E.DECKS[0].fill(game, ["border_guard"])
    card(game, 1, "forest_troll", "play")
    coins(game, 0, 10)
    start_main(game)


SETUPS: dict[str, tuple[Callable[[Table], None], str, tuple[str, ...]]] = {
    "modifier-order": (
        modifier_order,
        "A Pikeman with strike 2 and spells for +1, x3, -2, /2 and two set-to-value spells in hand; play them "
        "in any order and explain the strike (521.1). The enemy's Toll Keeper adds 1 to your creatures' cost.",
        ("bh.521.1", "bh.assume.rounding"),
    ),
    "temporary-coins": (
        temporary_coins,
        "Player 0 has 9 coins and a temporary coin before his accumulation phase, a Coin Smith that mints "
        "temporary coins, and spells that make the enemy lose coins (for good or until end of turn).",
        ("bh.520.2", "bh.520.3", "bh.520.4", "bh.520.5"),
    ),
    "constructor-chain": (
        constructor_chain,
        "Constructor spells (Arcane Choice, Twin Bolts) and a constructor creature (Wandering Sage); the only "
        "enemy creature has protection from spells, so some chains and one spell are not allowed.",
        ("bh.522.1", "bh.522.1.spell", "bh.protection.spell"),
    ),
    "protection": (
        protection,
        "A Pikeman facing a Stone Golem (protection from creatures) and a Warded Monk (protection from spells).",
        ("bh.protection", "bh.protection.spell"),
    ),
    "vanguard": (
        vanguard,
        "Scout Captain (Vanguard 2) in hand with a Pikeman (cost 2) and a Forest Troll (cost 4); a Rally Horn "
        "and Quartermaster's Order show gaining Vanguard and Free losing a cost modifier.",
        ("bh.vanguard", "bh.free", "bh.assume.rush"),
    ),
    "create": (
        create,
        "Necromancer's Apprentice and Raise the Dead create Skeletons; a Herald of the Host reacts; the enemy "
        "hero has 2 life left, so a game end shows the created cards cleared.",
        ("bh.create", "bh.created", "bh.squad"),
    ),
    "squad-ways": (
        squad_ways,
        "A Herald of the Host and one card for each way into the squad: play, summon, resurrect, take control, create.",
        ("bh.squad",),
    ),
}
