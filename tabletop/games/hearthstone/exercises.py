"""The exercises of ``03_hearthstone``, each judged by playing its scenario with the engine.

A judge plays the student's answer on a fresh copy of the position (the play they chose, or the
option value they named) and says what happened on the board, so a wrong answer learns what it
would have done at the table, not only that it is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Exercise, by_name
from tabletop.core.exercises import open_decision, whole_number

from . import engine as E

if TYPE_CHECKING:
    from tabletop.core import Game, Rulebook


def _in_zone(game: Game, name: str, zone: str) -> str:
    """The id of the card called ``name`` in ``zone`` (the scenarios hold one of each)."""
    cards = game.rulebook.cards
    return next(o for o in game.state.zones[zone] if cards[game.state.objects[o]["card"]]["name"] == name)


def _name(game: Game, oid: str) -> str:
    return game.rulebook.cards[game.state.objects[oid]["card"]]["name"]


def _argus_position(rb: Rulebook) -> Exercise:
    """hs.adjacent (L50): the position a minion is played at decides what is adjacent to it."""

    def totals() -> dict[int, tuple[int, str]]:
        """Every position Argus may be played at: the board's total attack there, and the board."""
        game = rb.scenario("adjacent")
        argus = _in_zone(game, "Argus Defender", E.z("hand", 0))
        out = {}
        for option in game.legal():
            if option.startswith(f"play:{argus}@"):
                after = game.child(option)
                board = after.state.zones[E.z("board", 0)]
                row = ", ".join(f"{_name(after, o)} {after.value(o, 'attack')}" for o in board)
                out[int(option.rsplit("@", 1)[1])] = (sum(after.value(o, "attack") for o in board), row)
        return out

    def judge(answer: Any) -> str | None:
        position = whole_number(answer, "0")
        board = totals()
        if position not in board:
            raise ValueError(f"Argus Defender can be played at position {', '.join(map(str, board))}, not {position}")
        best = max(total for total, _row in board.values())
        total, row = board[position]
        if total == best:
            return None
        return f"at position {position} the board has {total} attack ({row}); another position gives more"

    return Exercise(
        "argus-position",
        "In the adjacent scenario, at which position (0, 1 or 2, counted from the left of player 0's board) "
        "should Argus Defender be played to give the board the most total attack?",
        rule="hs.adjacent hs.assume.aura",
        hint="Argus gives +1/+1 to the minions left and right of it, and the Pack Wolf gives +1 attack to the "
        "minions left and right of the Wolf; count both for each position, or try each on a child game",
        stored=1,
        judge=judge,
        explanation="Positions 0 and 1 tie. Left of the Wolf, Argus sits in its aura and buffs the Wolf; between Wolf "
        "and Crawler it buffs both but moves the Crawler out of the aura. At the far right it buffs only the Crawler "
        "and is out of the Wolf's reach.",
        wrong=(2,),
    )


def _sword_durability(rb: Rulebook) -> Exercise:
    """hs.sword_of_justice (L32): every minion summoned while the Sword is equipped costs it a durability."""

    def play_out() -> tuple[Game, str, list[str]]:
        """Both minions played, then the hero power: the game, the Sword, the minions that arrived."""
        game = rb.scenario("sword-and-juggler")
        before = set(game.state.zones[E.z("board", 0)])
        for name in ("Bog Crawler", "Argent Novice"):
            game.apply(f"play:{_in_zone(game, name, E.z('hand', 0))}@0")
        game.apply("power")
        sword = game.state.zones[E.z("weapon", 0)][0]
        arrived = [o for o in game.state.zones[E.z("board", 0)] if o not in before]
        arrived.sort(key=lambda o: game.state.objects[o]["ts"])  # in the order they came
        return game, sword, arrived

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "4")
        game, sword, arrived = play_out()
        if guess == game.value(sword, "durability"):
            return None
        start = rb.cards[game.state.objects[sword]["card"]]["durability"]
        names = ", ".join(f"{_name(game, o)} ({game.value(o, 'attack')}/{game.value(o, 'health')})" for o in arrived)
        return (
            f"you said {guess}; the Sword of Justice starts with {start} durability, and played out it gave +1/+1 "
            f"to each minion summoned, losing 1 durability each time: {names}"
        )

    return Exercise(
        "sword-durability",
        "In the sword-and-juggler scenario player 0 has the Sword of Justice equipped (L32: +1/+1 to each minion "
        "summoned, losing 1 durability each time) and Knife Juggler in play. He plays Bog Crawler, then Argent Novice, "
        "then uses his hero power. How much durability does the Sword have left?",
        rule="hs.sword_of_justice hs.durability",
        hint="count every minion that arrives on player 0's side, whatever brought it there: the paladin's hero "
        "power summons one too",
        stored=2,
        judge=judge,
        explanation="Three minions were summoned (the two cards and the hero power's Squire), so the Sword lost "
        "three of its five durability; Knife Juggler's knives do not touch it.",
        wrong=(3, 4),
    )


def _knife_at_whelps(rb: Rulebook) -> Exercise:
    """hs.order_of_play (L68) and its option: when Leeroy's Battlecry resolves against Knife Juggler's knife."""
    choices = rb.options["battlecry"].choices or ()

    def knife_targets(battlecry: str) -> list[str]:
        """Play Leeroy under ``battlecry``; the names of the characters the knife may hit."""
        game = rb.new_game(seed=0, scenario="juggler-leeroy", chance="manual", battlecry=battlecry)
        while open_decision(game).kind != "action":  # the draw at the start of the turn
            game.apply(game.legal()[0])
        game.apply(f"play:{_in_zone(game, 'Leeroy Jenkins', E.z('hand', 0))}@1")
        while game.decision is not None and game.decision.kind != "random_target":
            game.apply(game.legal()[0])
        if game.decision is None:
            return []
        objects = game.state.objects
        return [_name(game, o) + (" (hero)" if objects[o]["kind"] == "hero" else "") for o in game.decision.ids]

    def judge(answer: Any) -> str | None:
        if answer not in choices:
            raise ValueError(f"write one of the option's values: {', '.join(repr(c) for c in choices)}")
        targets = knife_targets(answer)
        if any("Whelp" in t for t in targets):
            return None
        return (
            f"with battlecry={answer!r}, when the knife flies the characters it may hit are: {', '.join(targets)}; "
            "Leeroy's Whelps are not on the board yet"
        )

    return Exercise(
        "knife-at-whelps",
        "In the juggler-leeroy scenario, L68 says Knife Juggler's knife cannot hit the Whelps that Leeroy Jenkins's "
        "Battlecry summons. The option battlecry says when a Battlecry resolves: 'in_order_of_play' or 'first'. With "
        "which value could the knife hit a Whelp?",
        rule="hs.order_of_play hs.assume.battlecry",
        hint="the knife can hit only what is on the board when it flies; read rb.options['battlecry'].doc for "
        "what each value puts first",
        stored="first",
        judge=judge,
        explanation="With battlecry='first' the Battlecry resolves before the effects already in play, so the Whelps "
        "are there when the knife flies: the later real game, against the text's L68.",
        wrong=("in_order_of_play",),
    )


def exercises(rb: Rulebook) -> dict[str, Exercise]:
    """The exercises of one rulebook (each plays a fresh scenario of ``rb``, so an added card set stays in)."""
    return by_name(_argus_position(rb), _sword_durability(rb), _knife_at_whelps(rb))
