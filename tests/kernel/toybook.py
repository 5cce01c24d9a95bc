"""A tiny, test-only rulebook: the kernel's timing choices without any real game around them.

:func:`make` builds a :class:`Rulebook` called ``toy`` from a :class:`Profile` and a list of
objects, each with its own abilities. Effects write labels into ``vars["log"]`` so a test reads
the order things resolved in. The turn structure is one phase of player turns; in each turn the
active player picks ``go:<script>`` (run a scripted situation), ``use:<ability>`` (an activated
ability) or ``end`` (end the turn), and may act again until it ends the turn.

Events the toy knows: ``ping`` (nothing happens, a signal), ``damage`` (target, amount: adds
damage), ``destroy`` (target: to the ``grave``, or out of the game for a token), ``tick``
(counts ``vars["n"]`` up) and ``lose`` (player: the other player wins).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tabletop.core import Ability, Game, Phase, Profile, Rule, Rulebook, RuleTable

RULES = RuleTable(
    [
        Rule("toy.turn", "Players take turns; the active player acts until it ends its turn.", source="toybook"),
        Rule("toy.script", "A scripted situation set up by a test.", source="toybook"),
        Rule("toy.ability", "A test ability.", source="toybook"),
        Rule("toy.check", "State check: a creature whose damage reaches its hp is destroyed.", source="toybook"),
    ]
)

TURN = (Phase("turn", ("toy.begin", "toy.act"), each_player=True, rule="toy.turn"),)
SUBPHASES = (Phase("turn", ("@main", "toy.act", "@second", "toy.act"), each_player=True, rule="toy.turn"),)


# ------------------------------------------------------------------ helpers
def log(game: Game, label: str) -> None:
    """Append ``label`` to ``vars["log"]`` (copy on write)."""
    game.state.set_var("log", [*game.state.vars.get("log", ()), label])


def logged(game: Game) -> list[str]:
    return list(game.state.vars.get("log", ()))


def logs(
    label: str,
    event: str | tuple[str, ...] = "ping",
    *,
    timing: str = "after",
    match: dict | None = None,
    forced: bool = True,
    limit: tuple[str, int] | None = None,
    then: Callable[[Game, Any], None] | None = None,
    condition: Callable[[Game, Any], bool] | None = None,
) -> Ability:
    """A triggered ability named ``label`` that logs ``label`` (then runs ``then``) when it resolves."""

    def effect(game: Game, act) -> None:
        log(game, label)
        if then is not None:
            then(game, act)

    return Ability(
        label,
        "triggered",
        rule="toy.ability",
        event=event,
        timing=timing,
        match=match or {},
        forced=forced,
        limit=limit,
        effect=effect,
        condition=condition,
    )


def emits(type_: str, **fields: Any) -> Callable[[Game, Any], None]:
    """A ``then`` that sends one more event through the pipeline."""

    def then(game: Game, act) -> None:
        game.emit(type_, rule="toy.ability", **fields)

    return then


def creature(oid: str, controller: int = 0, *abilities: Ability, zone: str = "play", **fields: Any) -> dict:
    """An object spec for :func:`make`: abilities are printed on a card named after the object."""
    base = fields.pop("base", {"power": 2, "hp": 3})
    return {"id": oid, "zone": zone, "controller": controller, "abilities": abilities, "base": base, **fields}


# ------------------------------------------------------------------- events
def _on_damage(game: Game, ev: dict) -> None:
    obj = game.obj(ev["target"])
    game.state.update(ev["target"], damage=obj.get("damage", 0) + ev["amount"])


def _on_destroy(game: Game, ev: dict) -> None:
    if game.obj(ev["target"]).get("token"):
        game.destroy(ev["target"])
    else:
        game.move(ev["target"], "grave")


def _on_tick(game: Game, ev: dict) -> None:
    game.state.set_var("n", game.state.vars.get("n", 0) + 1)


def _on_lose(game: Game, ev: dict) -> None:
    game.end_game([1 - ev["player"]], reason=f"player {ev['player']} has no creature left", rule="toy.check")


HANDLERS = {"damage": _on_damage, "destroy": _on_destroy, "tick": _on_tick, "lose": _on_lose}


def lethal_damage(game: Game) -> list[dict]:
    """State check: every creature in play whose damage reaches its hp is destroyed."""
    return [
        {"type": "destroy", "target": oid, "rule": "toy.check"}
        for oid in game.state.zone("play")
        if game.obj(oid).get("damage", 0) >= game.value(oid, "hp")
    ]


def no_creature_loses(game: Game) -> list[dict]:
    """State check: a player with no creature in play loses."""
    if game.over:
        return []
    ctrl = {game.obj(oid)["controller"] for oid in game.state.zone("play")}
    return [{"type": "lose", "player": p, "rule": "toy.check"} for p in range(game.players) if p not in ctrl][:1]


# -------------------------------------------------------------------- turns
def _begin(game: Game, args: dict) -> None:
    """A turn's first step (so that ``toy.act`` is never step 0 and can be repeated)."""


def _act(game: Game, args: dict) -> None:
    player = game.state.turn["player"]
    scripts = game.rulebook.scripts  # type: ignore[attr-defined]
    options = [{"id": f"go:{name}", "label": f"go {name}"} for name in scripts]
    options += [{"id": f"use:{a.key}", "label": f"use {a.ability.name} ({a.source})"} for a in game.activatable(player)]
    options.append({"id": "end", "label": "end turn"})
    game.ask(player, "action", options, "toy.do", prompt="act or end the turn", rule="toy.turn")


def _do(game: Game, args: dict) -> None:
    st = game.state
    choice = args["choice"]["id"]
    if choice == "end":
        return
    pi, k, si = st.turn["cursor"]
    st.set_turn(cursor=[pi, k, si - 1])  # the same player acts again once all this is resolved
    player = st.turn["player"]
    if choice.startswith("go:"):
        game.caused_by(game.record("action", f"player {player}: {choice[3:]}", "toy.script", player=player))
        game.rulebook.scripts[choice[3:]](game)  # type: ignore[attr-defined]
    else:
        game.activate(choice[4:], player)


# ---------------------------------------------------------------- the factory
def make(
    profile: Profile | None = None,
    objects: Iterable[dict] = (),
    *,
    scripts: dict[str, Callable[[Game], None]] | None = None,
    named: Iterable[Ability] = (),
    rule_abilities: tuple[str, ...] = (),
    checks: tuple[Callable[[Game], list[dict]], ...] = (),
    flow: tuple[Phase, ...] = TURN,
    handlers: dict[str, Callable[[Game, dict], None]] | None = None,
    tasks: dict[str, Callable[[Game, dict], None]] | None = None,
    first: int = 0,
    players: int = 2,
    vars: dict | None = None,
    periods: tuple[str, ...] = (),
) -> Rulebook:
    """A toy rulebook: ``objects`` (see :func:`creature`) are created in order, so in that
    order of play; ``scripts`` are the situations a player can set off with ``go:<name>``."""
    specs = [dict(o) for o in objects]
    table = {o["id"]: tuple(o.pop("abilities", ())) for o in specs}

    def setup(game: Game) -> None:
        game.state.set_turn(first=first, player=first)
        game.state.vars.update({"log": [], **(vars or {})})
        for spec in specs:
            spec = dict(spec)
            game.create("x", spec.pop("zone"), card=spec["id"], owner=spec["controller"], **spec)

    rb = Rulebook(
        id="toy",
        title="Toy rulebook (tests only)",
        source="tests/kernel/toybook.py",
        players=(players, players),
        rules=RULES,
        setup=setup,
        profile=profile or Profile(),
        flow=flow,
        tasks={"toy.begin": _begin, "toy.act": _act, "toy.do": _do, **(tasks or {})},
        event_handlers={**HANDLERS, **(handlers or {})},
        card_ability_table=table,
        named_abilities={ab.name: ab for ab in named},
        rule_abilities=rule_abilities,
        checks=checks,
        periods=periods,
    )
    rb.scripts = dict(scripts or {})  # type: ignore[attr-defined]
    return rb


def game_of(profile: Profile | None = None, objects: Iterable[dict] = (), *, seed: int = 0, **kw: Any) -> Game:
    """A new game of a toy rulebook built by :func:`make`; ``chance`` and ``tracing`` go to the game."""
    chance = kw.pop("chance", "sample")
    tracing = kw.pop("tracing", True)
    return make(profile, objects, **kw).new_game(seed=seed, chance=chance, tracing=tracing)


def ping(player: int | None = None, **fields: Any) -> Callable[[Game], None]:
    """A script that sends one ``ping`` event (by ``player``, default the active player)."""

    def script(game: Game) -> None:
        who = game.state.turn["player"] if player is None else player
        game.emit("ping", rule="toy.script", player=who, **fields)

    return script


def who_decides(game: Game) -> tuple[Any, str]:
    d = game.decision
    return (d.player, d.kind)


def chain_objects() -> list[dict]:
    """go -> A; A's resolution sends sig(a), which triggers B and C; B sends sig(b), which triggers D.

    The classic container example: nested resolves A B D C, a queue A B C D, a stack A C B D.
    """
    return [
        creature("A", 0, logs("A", "go", then=emits("sig", tag="a"))),
        creature("B", 0, logs("B", "sig", match={"tag": "a"}, then=emits("sig", tag="b"))),
        creature("C", 0, logs("C", "sig", match={"tag": "a"})),
        creature("D", 0, logs("D", "sig", match={"tag": "b"})),
    ]


def go(game: Game) -> None:
    """A script that sends the ``go`` event (by player 0)."""
    game.emit("go", rule="toy.script", player=0)
