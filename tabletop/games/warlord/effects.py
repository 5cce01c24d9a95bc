"""The effect words of Warlord's invented cards (``card.schema.json``'s enums are generated from them): what an
Order or a React does, and the moment a React may be played."""

from __future__ import annotations

from typing import Any

from tabletop.core import Table

from . import army as A
from .engine import TASKS, wound
from .orders import check, t_strike
from .vocabulary import EFFECTS, WHEN


def _mod(game: Table, oid: str, stat: str, op: str, value: int) -> None:
    """A bonus until the end of the turn (wl.duration)."""
    mods = list(game.state.objects[oid].get("mods", ()))
    game.state.update(oid, mods=[*mods, [stat, op, value]])


# ------------------------------------------------------------------ orders
@EFFECTS.register("add_atk", requires=("amount",))
def _add_atk(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    """wl.duration (L100/L270): '+# ATK' adds # to the performer's ATK until the end of the turn."""
    who = target or performer
    _mod(game, who, "atk", "add", int(spec["amount"]))
    game.record("action", lambda: f"{A.name(game, who)} gets +{spec['amount']} ATK this turn", "wl.duration")


@EFFECTS.register("becomes_atk", requires=("amount",))
def _becomes_atk(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    """wl.duration: 'becomes +# ATK': # is the new ATK and every other change is ignored (wl.assume.atk_bonus)."""
    _mod(game, performer, "atk", "set", int(spec["amount"]))
    game.record("action", lambda: f"{A.name(game, performer)}'s ATK becomes +{spec['amount']}", "wl.assume.atk_bonus")


@EFFECTS.register("attack_once")
def _attack_once(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    """wl.duration: an action lets the performer attack once only (wl.assume.granted_attack: melee, first ATK,
    no spend), from the front rank."""
    if A.rank_of(game, performer) == 1:
        game.push(t_strike, player=player, attacker=performer, strike=0, granted=True)


@EFFECTS.register("spell_save", requires=("dc",))
def _spell_save(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    """wl.spells, wl.saves (L103/L273): a spell at a character, who makes a magic save; success cancels it, a
    failure is a wound (wl.assume.magic_save)."""
    if target and A.alive(game, target):
        check(
            game,
            target,
            int(spec["dc"]),
            "wl.checked",
            {"then": "spell_wound", "spec": spec, "player": player, "performer": performer, "target": target},
            "wl.saves",
        )


@EFFECTS.register("spell_wound")
def _spell_wound(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    if spec.get("success"):
        game.record("action", lambda: f"{A.name(game, target)}'s magic save cancels the spell", "wl.saves")
        return
    if A.alive(game, target):
        wound(game, target, "wl.spells")
        game.push("wl.settle", death_cause="spell")


@EFFECTS.register("spell_attack")
def _spell_attack(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    """wl.astral_ethereal (L111/L281): a spell attack (d20 plus the caster's skill against AC) ignores Astral and
    Ethereal."""
    if not (target and A.alive(game, target)):
        return
    from .engine import STRIKE

    context = (A.skill(game, performer), A.ac(game, target), A.energy(game, target), True)
    STRIKE.throw(game, "wl.spell_struck", args={"target": target}, context=context)


@TASKS("wl.spell_struck")
def t_spell_struck(game: Table, *, target: str) -> None:
    from .engine import HITS, STRIKE, _outcome

    out = _outcome(game, STRIKE)
    game.record("action", f"the spell attack is a {'hit' if out in HITS else 'miss'} ({out})", "wl.spells")
    if out in HITS and A.alive(game, target):
        wound(game, target, "wl.spells")
        game.push("wl.settle", death_cause="spell")


@EFFECTS.register("feat_draw", requires=("amount",))
def _feat(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    """wl.feat (L113/L283): a skill check at DC 20 (wl.assume.feat: as an Order); on success it goes off."""
    check(
        game,
        performer,
        20,
        "wl.checked",
        {"then": "feat_off", "spec": spec, "player": player, "performer": performer, "target": None},
        "wl.feat",
    )


@EFFECTS.register("feat_off")
def _feat_off(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    if not spec.get("success"):
        return
    game.record("action", lambda: f"the Feat of {A.name(game, performer)} goes off", "wl.feat")
    game.then(*[("wl.refill_one", {"player": player}) for _ in range(int(spec["amount"]))])


@TASKS("wl.refill_one")
def t_refill_one(game: Table, *, player: int) -> None:
    if not A.DECKS[player].empty(game):  # wl.deck_out: an empty deck draws nothing
        A.DECKS[player].draw(game, "wl.drawn_one", {"player": player})


@TASKS("wl.drawn_one")
def t_drawn_one(game: Table, *, player: int, choice: dict) -> None:
    oid = A.DECKS[player].take(game, choice["id"])
    A.ZONES.put(game, oid, A.z("hand", player), card=choice["id"])


@EFFECTS.register("search")
def _search(game: Table, spec: dict, player: int, performer: str, target: Any) -> None:
    """wl.search (L108/L278): find a character in the deck, show it, take it; the deck is shuffled (its order
    is nobody's to know: the kernel's hidden deck is a composition)."""
    left = A.DECKS[player].left(game)
    found = sorted(k for k, n in left.items() if n and game.rulebook.cards[k]["type"] == "character")
    if not found:
        game.record("action", f"player {player} finds no character and shuffles the deck", "wl.search")
        return
    options = [{"id": k, "label": game.rulebook.cards[k]["name"]} for k in found]
    game.ask(
        player,
        "search",
        options,
        "wl.searched",
        args={"player": player},
        prompt="take a character from the deck",
        rule="wl.search",
    )


@TASKS("wl.searched")
def t_searched(game: Table, *, player: int, choice: dict) -> None:
    oid = A.DECKS[player].take(game, choice["id"])
    A.ZONES.put(game, oid, A.z("hand", player), card=choice["id"])
    shown = game.rulebook.cards[choice["id"]]["name"]  # (shown to the opponents: the record is public)
    game.record("action", f"player {player} shows {shown}, takes it and shuffles the deck", "wl.search")


# ------------------------------------------------------------------ Reacts
@EFFECTS.register("strike_mod", requires=("amount",))
def _strike_mod(game: Table, spec: dict, player: int, performer: str, event: Any) -> None:
    """A bonus or penalty to the strike being made (wl.natural: it cannot turn a natural 1 or 20)."""
    aim = game.state.vars.get("strike")
    if aim is not None:
        game.state.vars["strike"] = {**aim, "mods": [*aim["mods"], int(spec["amount"])]}
        game.record("action", f"{int(spec['amount']):+d} to the strike's roll", "wl.react_card")


@EFFECTS.register("front_ac", requires=("amount",))
def _front_ac(game: Table, spec: dict, player: int, performer: str, event: Any) -> None:
    """Each character of the player's front rank (as it stands after the reform) gets +# AC this turn."""
    ranks = A.formation(game, player)
    for oid in ranks[0] if ranks else []:
        _mod(game, oid, "ac", "add", int(spec["amount"]))
    game.record("action", f"player {player}'s front rank gets +{spec['amount']} AC this turn", "wl.react_card")


@EFFECTS.register("steady")
def _steady(game: Table, spec: dict, player: int, performer: str, event: Any) -> None:
    """wl.reform (L48/L212): "React: play when you reform an illegal rank": this reform costs no state (the one
    card the text lets avoid the cost; wl.golden_rule: the card's text is followed)."""
    game.state.vars[f"steady:{player}"] = True
    game.record("action", f"player {player}'s reform this time costs no state", "wl.reform")


@WHEN.register("enemy_strikes_yours")
def _enemy_strikes(game: Table, spec: dict, player: int, event: dict) -> bool:
    return event["type"] == "strike" and A.owner(game, event["target"]) == player


@WHEN.register("you_strike")
def _you_strike(game: Table, spec: dict, player: int, event: dict) -> bool:
    return event["type"] == "strike" and event["player"] == player


@WHEN.register("yours_died")
def _yours_died(game: Table, spec: dict, player: int, event: dict) -> bool:
    return event["type"] == "died" and any(int(owner) == player for _, owner, _ in event["cards"])


@WHEN.register("you_reform")
def _you_reform(game: Table, spec: dict, player: int, event: dict) -> bool:
    return event["type"] == "reform" and event["player"] == player
