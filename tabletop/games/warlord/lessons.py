"""What 08_warlord's lesson adds to the rulebook: positions reached through the engine (a React poll in initiative
order, an attack on a two-wound target), a picture of the ranks front rank first with their distances, the
exact chance of an attack's outcome over its strikes (from the dice) beside a simulation, the notebook's
puzzles (``data/puzzles``) and exercises (:mod:`.exercises`).

None of it changes a rule: the positions are option ``layout`` played forward by the scenarios' script
(:func:`.scenarios.drive`), the pictures and chances read what the rules code computes.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.analysis.profiles import Rows
from tabletop.core import Rulebook, Scenario, Table
from tabletop.core.errors import RuleError
from tabletop.core.exercises import open_decision

from . import army as A
from .scenarios import COVENANT, FIRST, HORDE, drive, side, wanted

if TYPE_CHECKING:
    from tabletop.core import Game

PUZZLES = Path(__file__).resolve().parent / "data" / "puzzles"  # position files with a [puzzle] table
PASSING = ("pass", "no", "keep", "stop")


# ----------------------------------------------------------------- the lesson's positions
def _kind(kind: str) -> Callable[[Game], bool]:
    return lambda g: g.decision is not None and g.decision.kind == kind


def react_order(rb: Rulebook) -> Game:
    """Player 1 holds the initiative (wl.initiative) and passed; player 0 attacks with the Ash Raider at the
    Covenant Shieldbearer. Player 0 holds Press the Attack (+2), player 1 Parry (-4): both may React to the
    strike, and the poll begins with player 1 (wl.reacts), not with the acting player."""
    game = rb.new_game(
        seed=0,
        chance="manual",
        layout={"0": side([["ash_raider"], ["gorvash"]], ["press_the_attack"]), "1": side(COVENANT, ["parry"])},
    )
    game = drive(game, [], ["1", "20"], _kind("order"))  # player 1 wins the initiative
    game.apply("pass")
    return script(game, ["attack:@ash_raider", "target:@shieldbearer"], _kind("react"))


def steady_ranks(rb: Rulebook) -> Game:
    """The reform-before-react position one step earlier: player 1 holds Steady Ranks ("play when you reform an
    illegal rank: this reform costs no state") and the Shield Wall; the React poll of the reform is open."""
    game = rb.new_game(
        seed=0, chance="manual", layout={"0": side(HORDE), "1": side(COVENANT, ["shield_wall", "steady_ranks"])}
    )
    return drive(game, ["attack:", "target:@shieldbearer"], [*FIRST, "hit"], _kind("react"))


# Gorvash the Burning (ATK 7/7/4) alone in front against an Iron Champion (AC 17, 2 hit points)
CHAMPION = {"0": side([["gorvash"]]), "1": side([["iron_champion", "hammerman"], ["thane_brannoc"]])}


def champion(rb: Rulebook) -> Game:
    """Gorvash the Burning (ATK 7/7/4) has attacked and chooses his first strike's target: the Iron Champion
    (AC 17, 2 hit points) or the Covenant Hammerman (AC 13, 1)."""
    game = rb.new_game(seed=0, chance="manual", layout=CHAMPION)
    return drive(game, ["attack:@gorvash"], FIRST, _kind("strike"))


LESSONS: dict[str, tuple[str, Callable[[Rulebook], Game], tuple[str, ...]]] = {
    "react-order": (
        "Both players may React to one strike: the poll begins with the initiative holder, not the attacker.",
        react_order,
        ("wl.reacts", "wl.assume.reacts"),
    ),
    "steady-ranks": (
        "The React poll of a reform: Steady Ranks makes the reform cost no state.",
        steady_ranks,
        ("wl.reform", "wl.reform_move"),
    ),
    "champion": (
        "Gorvash's three strikes against a two-wound Iron Champion: the chance of a kill.",
        champion,
        ("wl.strikes", "wl.melee", "wl.death"),
    ),
}


def script(game: Game, want: list[str], stop: Callable[[Game], bool], limit: int = 100) -> Game:
    """Make the moves ``want`` (prefixes, ``@card`` as in :func:`.scenarios.wanted`) in order, each at the
    first decision that offers it, passing every other decision, until ``stop(game)``."""
    want = list(want)
    for _ in range(limit):
        if game.decision is None:
            raise RuntimeError("the game ended before the lesson's position")
        if stop(game) and not (want and any(wanted(game, o, want[0]) for o in game.legal())):
            return game
        legal = game.legal()
        pick = next((o for o in legal if want and wanted(game, o, want[0])), None)
        if pick is not None:
            want.pop(0)
        game.apply(pick or next((o for o in legal if o in PASSING), legal[0]))
    raise RuntimeError("the lesson's position was not reached")


def find(game: Table, name: str, player: int) -> str:
    """The id of the character called ``name`` in ``player``'s army (KeyError naming the army if none)."""
    for oid in A.army(game, player):
        if A.card(game, oid)["name"] == name:
            return oid
    raise KeyError(f"no {name} in player {player}'s army: {[A.name(game, o) for o in A.army(game, player)]}")


# ----------------------------------------------------------------- the ranks, front rank first
class Picture:
    """An SVG picture shown as an <img> (a board as inline SVG is stripped in an untrusted notebook)."""

    def __init__(self, svg: str, alt: str):
        self.svg, self.alt = svg, alt

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.svg.encode()).decode()
        return (
            f'<img class="tt-picture" src="data:image/svg+xml;base64,{data}" alt="{escape(self.alt)}" '
            'style="max-width:100%;height:auto"/>'
        )

    def __repr__(self) -> str:
        return self.alt


FILL = {"ready": "#fffdf7", "spent": "#ece6d8", "stunned": "#cdbb98"}
W, H, LABEL, GAP = 132, 70, 190, 8


def ranks_picture(game: Table, title: str = "") -> Picture:
    """Each army's ranks, front rank first (wl.ranks, L46/L210), each character with its ATK per strike, AC,
    wounds and hit points and its state (ready, spent, stunned: wl.states), each rank with its distance to
    every other army's front rank (r + s - 1 with s = 1) and marked when illegal (wl.legal)."""
    rows: list[str] = []
    y = 30
    lines = [title] if title else []
    for p in range(len(game.state.players)):
        form = A.formation(game, p)
        bad = set(A.illegal(game, p))
        head = f"player {p}" + (" (initiative)" if game.state.vars.get("initiative") == p else "")
        if game.state.players[p].get("out"):
            head += " (out)"
        rows.append(f'<text x="10" y="{y + 14}" font-weight="700">{escape(head)}</text>')
        y += 22
        for r, rank in enumerate(form, 1):
            colour = "#b3261e" if r in bad else "#333"
            where = "front rank" if r == 1 else f"rank {r}"
            note = " ILLEGAL" if r in bad else ""
            rows.append(
                f'<text x="14" y="{y + 28}" fill="{colour}" font-weight="600">{where}{note}</text>'
                f'<text x="14" y="{y + 46}" fill="#666" font-size="11">distance {r} to a front rank</text>'
            )
            for i, oid in enumerate(rank):
                x = LABEL + i * (W + GAP)
                rows.append(_card(game, oid, x, y))
            lines.append(f"player {p} {where}: " + ", ".join(A.name(game, o) for o in rank) + note)
            y += H + GAP
        y += 10
    width = LABEL + max(4, *(len(r) for p in range(len(game.state.players)) for r in A.formation(game, p))) * (W + GAP)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" viewBox="0 0 {width} {y}" '
        'font-family="system-ui,sans-serif" font-size="12">'
        f'<rect width="{width}" height="{y}" fill="#fbfaf7"/>'
        f'<text x="10" y="18" font-size="13" font-weight="700">{escape(title)}</text>' + "".join(rows) + "</svg>"
    )
    return Picture(svg, "; ".join(lines))


def _card(game: Table, oid: str, x: int, y: int) -> str:
    data = A.card(game, oid)
    state = A.state_of(game, oid)
    wounds = int(game.state.objects[oid].get("wounds", 0))
    atk = "/".join(str(A.atk(game, oid, i)) for i in range(max(A.strikes(game, oid), 1)))
    name = data["name"] if len(data["name"]) <= 19 else data["name"][:18] + "…"
    return (
        f'<g transform="translate({x} {y})"><title>{escape(data["name"])} ({oid}): {state}</title>'
        f'<rect width="{W}" height="{H}" rx="6" fill="{FILL[state]}" stroke="#6b5d45"/>'
        f'<text x="6" y="16" font-weight="600">{escape(name)}</text>'
        f'<text x="6" y="33">ATK {atk} · AC {A.ac(game, oid)}</text>'
        f'<text x="6" y="49">wounds {wounds} of {data["hp"]}</text>'
        f'<text x="6" y="64" fill="#7a4f00" font-style="italic">{state} ({oid})</text></g>'
    )


def distances(game: Table, p: int, q: int) -> Rows:
    """The distance (wl.ranks, L46/L210: r + s - 1) from each rank of ``p``'s army to each rank of ``q``'s."""
    out = Rows()
    for r in range(1, len(A.formation(game, p)) + 1):
        row: dict[str, Any] = {f"player {p}'s": f"rank {r}"}
        for s in range(1, len(A.formation(game, q)) + 1):
            row[f"to player {q}'s rank {s}"] = A.distance((p, r), (q, s))
        out.append(row)
    return out


# ----------------------------------------------------------------- an attack's outcome, exact and simulated
def follow(target: str) -> Callable[[Game], str]:
    """A policy for the attacker: strike ``target`` while it lives, then stop; pass every React; reform with
    the first option."""

    def choose(game: Game) -> str:
        legal = game.legal()
        if f"target:{target}" in legal:
            return f"target:{target}"
        return next((o for o in legal if o in PASSING), legal[0])

    return choose


def attack_over(game: Game) -> bool:
    """The attack is over: the game is over or the next order is asked for."""
    return game.decision is None or game.decision.kind == "order"


def outcome_chances(game: Game, policy: Callable[[Game], str], outcome: Callable[[Game], Any]) -> dict[Any, Fraction]:
    """The exact chance of each ``outcome`` when the attack under way is played to its end by ``policy``: every
    chance decision branches, each d20 outcome weighted by its ways out of 20."""
    out: dict[Any, Fraction] = {}
    stack = [(game.clone(tracing=False), Fraction(1))]
    while stack:
        g, p = stack.pop()
        if attack_over(g):
            key = outcome(g)
            out[key] = out.get(key, Fraction(0)) + p
            continue
        dec = open_decision(g)
        if dec.player == "chance":
            for o in dec.options:
                child = g.clone(tracing=False)
                child.apply(o.id)
                stack.append((child, p * Fraction(o.data["ways"], o.data["of"])))
        else:
            g.apply(policy(g))
            stack.append((g, p))
    return dict(sorted(out.items(), key=lambda kv: str(kv[0])))


def simulated(
    game: Game, policy: Callable[[Game], str], outcome: Callable[[Game], Any], n: int, seed: int = 0
) -> dict[Any, float]:
    """The frequency of each ``outcome`` in ``n`` plays of the attack, each d20 drawn (seeded) by its chance."""
    rng = random.Random(seed)
    counts: dict[Any, int] = {}
    for _ in range(n):
        g = game.clone(tracing=False)
        while not attack_over(g):
            dec = open_decision(g)
            if dec.player == "chance":
                opts = dec.options
                g.apply(rng.choices([o.id for o in opts], [float(o.probability or 0) for o in opts])[0])
            else:
                g.apply(policy(g))
        key = outcome(g)
        counts[key] = counts.get(key, 0) + 1
    return {k: counts[k] / n for k in sorted(counts, key=str)}


def chance_rows(game: Table, attacker: str, target: str) -> Rows:
    """Each strike of ``attacker`` at ``target``: its ATK, the target's AC, the faces that hit and the ways out of
    20 of each outcome (wl.melee, wl.target_number, wl.natural)."""
    from .engine import chance_of

    rows = Rows()
    for i in range(A.strikes(game, attacker)):
        bonus, ac = A.atk(game, attacker, i), A.ac(game, target)
        ways = chance_of(bonus, ac, A.energy(game, target))
        hit = ways.get("hit", 0) + ways.get("nat20", 0) + ways.get("nat19", 0)
        rows.append(
            {
                "strike": i + 1,
                "d20 +": bonus,
                "against AC": ac,
                "a natural 1": f"{ways.get('nat1', 0)}/20",
                "a miss": f"{ways.get('miss', 0)}/20",
                "a hit": f"{ways.get('hit', 0)}/20",
                "a natural 20": f"{ways.get('nat20', 0)}/20",
                "hits in all": f"{hit}/20",
            }
        )
    return rows


# ----------------------------------------------------------------- puzzles' tests
def ready_in_rank(game: Game, args: dict) -> bool:
    """Puzzle test ``ready_in_rank``: ``player``'s rank ``rank`` (default 1) holds at least ``at_least`` ready
    characters."""
    form = A.formation(game.table, int(args["player"]))
    rank = int(args.get("rank", 1))
    here = form[rank - 1] if rank <= len(form) else []
    return sum(A.is_ready(game.table, o) for o in here) >= int(args["at_least"])


def ac_at_least(game: Game, args: dict) -> bool:
    """Puzzle test ``ac``: the character ``of`` (an object id) has an AC of at least ``at_least`` now (its card's
    AC with the turn's bonuses, wl.duration): a React's bonus shows in it."""
    return A.ac(game.table, str(args["of"])) >= int(args["at_least"])


def add_to(rb: Rulebook) -> None:
    """Give ``rb`` (the shipped rulebook, or one with more cards) the lesson's scenarios, puzzles and
    exercises."""
    from functools import partial

    from .exercises import exercises

    mine = {name: Scenario(name, text, partial(fn, rb), rules) for name, (text, fn, rules) in LESSONS.items()}
    twice = sorted(set(mine) & set(rb.scenarios))
    if twice:
        raise RuleError(f"{rb.id}: the lesson's scenarios {', '.join(twice)} are the rulebook's names already")
    rb.scenarios = {**rb.scenarios, **mine}
    if rb.position is None:
        from .positions import SPEC

        rb.position = SPEC  # position files (positions.py), which the puzzles are
    if rb.puzzle_folder is None:
        rb.puzzle_folder = PUZZLES
    rb.puzzle_tests = {**rb.puzzle_tests, "ready_in_rank": ready_in_rank, "ac": ac_at_least}
    rb.exercises = exercises(rb)
