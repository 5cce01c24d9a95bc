"""How one position of a state graph is expanded: the game after each option, with its fingerprint and
the data of the edge to it (``tt.explore`` does this in one process, or in several: explore_workers.py).

A group of simultaneous commits (``choices.Commit``) is one joint step, and sampled chance one outcome
drawn from the game's own stream, as play would draw it.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import CHANCE
from ..core.game import Game


def describe(game: Game) -> dict[str, Any]:
    """What a state graph's node says of its position: who decides, what, and how the game ended."""
    st = game.state
    dec = st.decision
    result = st.result
    described = {
        "to_move": None if dec is None else dec["player"],
        "kind": None if dec is None else dec["kind"],
        "summary": (dec.get("prompt") or dec["kind"]) if dec else f"over: {(result or {}).get('reason', '')}",
        "over": result is not None,
        "result": ""
        if result is None
        else ("draw" if not result["winners"] else ",".join(map(str, result["winners"]))),
    }
    if dec is not None and "commit" in dec:  # (a group of commits: each of its players decides here)
        described["committers"] = dec["commit"]["players"]
    return described


def joint(game: Game) -> list[dict]:
    """Every combination of the commits of the group open at ``game`` (``choices.Commit``), each as the option
    of one joint step: ``{"id": "0=a+1=b", "label", "game"}`` (the game once all have committed). The positions
    between one player's commit and the next are not states of the graph: the group is one simultaneous step."""
    open_decision = game.state.decision
    assert open_decision is not None  # (only a position with a decision is expanded)
    name = open_decision["commit"]["name"]
    out: list[dict] = []
    stack: list[tuple[Game, list[tuple[Any, dict]]]] = [(game, [])]
    while stack:
        at, made = stack.pop()
        dec = at.state.decision
        group = None if dec is None else dec.get("commit")
        if dec is None or group is None or group["name"] != name or len(group["done"]) != len(made):
            ids = "+".join(f"{p}={o['id']}" for p, o in made)
            labels = "; ".join(f"player {p}: {o.get('label', o['id'])}" for p, o in made)
            out.append({"id": ids, "label": labels, "game": at})
            continue
        for i in reversed(range(len(dec["options"]))):
            child = at.clone()
            child.play(i)
            stack.append((child, [*made, (dec["player"], dec["options"][i])]))
    return out


def children(parent: Game, sampled: bool) -> list[tuple[int, dict, Game]]:
    """The options tried at ``parent`` (its number, the option, the game after it): one game each (a clone
    with the option played), one joint step each for a group of commits, one drawn outcome when sampled."""
    dec = parent.state.decision
    assert dec is not None  # (only a position with a decision is expanded)
    if "commit" in dec:  # a group of simultaneous commits: one joint step (see joint)
        return [(i, opt, opt.pop("game")) for i, opt in enumerate(joint(parent))]
    sampled = sampled and dec["player"] == CHANCE
    out = []
    for i, opt in enumerate(dec["options"]):
        child = parent.clone()
        if sampled:  # one outcome, drawn from the game's own stream as play would draw it
            i = child.draw()
            opt = dec["options"][i]
        child.play(i)
        out.append((i, opt, child))
        if sampled:
            break
    return out


Row = list[tuple[str, dict, Any, "dict | None"]]
"""A parent's children as ``explore``'s merge takes them: ``(fingerprint, edge, game, description)``: the
edge's data as the graph keeps it; the game, or what stands for it where it waits elsewhere (its pickle, a
worker's mark), or None where the merge cannot need it; the state's description (None: made from the game)."""


def expanded(parent: Game, sampled: bool) -> Row:
    """:func:`children` of ``parent``, each with its fingerprint and the data of the edge to it."""
    dec = parent.state.decision
    assert dec is not None
    player = dec["player"]
    probs = dec.get("probs") if player == CHANCE else None
    committers = dec["commit"]["players"] if "commit" in dec else None
    row: Row = []
    for i, opt, child in children(parent, sampled):
        edge = {"option": opt["id"], "label": opt.get("label", opt["id"]), "player": player, "multiplicity": 1}
        if committers is not None:
            edge["player"] = "joint"
            edge["players"] = committers
        if probs:
            edge["probability"] = probs[i]
        row.append((child.fingerprint(), edge, child, None))
    return row
