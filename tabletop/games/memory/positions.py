"""The memory game's position files (docs/positions.md, section Memory): the ``[turn]``, ``[grid]`` and
``[pairs]`` tables of a position, read into a game and written back.

A card is named by its slot's id (``s00`` is the first slot of the first row, ``s05`` the sixth,
mem.assume.rows): the grid lists the cards still on the table, each with its picture, or ``"?"`` for
a card nobody has seen, whose picture is a chance outcome when it is first flipped (mem.assume.unseen:
the pictures left, by how many of each are left). ``[pairs]`` lists, by player, the pictures of the
pairs each keeps (mem.match).
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table
from tabletop.core.position_files import KERNEL_KEYS, PositionSpec
from tabletop.core.positions import Node, at_step, suggest

UNSEEN = "?"


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    from . import game as G  # (the game module declares the rulebook with this spec)

    st = game.state
    n = 2 * game.options["pairs"]
    slots = G.SLOTS[:n]
    G.ZONES.setup(game)
    root.done((*KERNEL_KEYS, "turn", "grid", "pairs"))  # (a misspelled table first: nothing else reads well then)
    grid = root.table("grid")
    placed: dict[str, tuple[int | None, bool]] = {}
    for sid, value in grid.items():
        if sid not in slots:
            raise grid.error(sid, f"{sid!r} is not a slot of {n} cards (s00 to {slots[-1]}){suggest(sid, slots)}")
        entry = Node(grid.doc, grid.at(sid), value) if isinstance(value, dict) else None
        picture = _picture(game, grid, sid, value if entry is None else entry.take("picture", (int, str)), entry)
        face_up = False if entry is None else entry.take("face_up", bool, False)
        if entry is not None:
            entry.done()
        if face_up and picture is None:
            raise grid.error(sid, "a face-up card shows its picture: give it one")
        placed[sid] = (picture, face_up)
    kept: dict[int, list[tuple[str, int]]] = {}
    wanted: list[tuple[Node, int, int, list[str] | None]] = []  # (entry, player, picture, its two slots or None)
    pairs = root.table("pairs")
    players = range(len(st.players))
    for key, value in pairs.items():
        if not key.isdigit() or int(key) not in players:
            raise pairs.error(key, f"{key!r} is not a player (0 to {len(st.players) - 1})")
        items = pairs.check(pairs.at(key), value, list)
        for i, item in enumerate(items):
            path = (*pairs.at(key), i)
            entry = Node(pairs.doc, path, pairs.check(path, {"picture": item} if isinstance(item, int) else item, dict))
            picture = _picture(game, entry, "picture", entry.take("picture", (int, str)), entry)
            if picture is None:
                raise entry.error("picture", "a kept pair is face up: give its picture")
            cards = entry.take("cards", list, None)
            if cards is not None and (
                len(cards) != 2 or any(c not in slots or c in placed for c in cards) or cards[0] == cards[1]
            ):
                raise entry.error("cards", f"{cards!r}: a pair is two slot ids not on the grid (s00 to {slots[-1]})")
            entry.done()
            wanted.append((entry, int(key), picture, cards))
    named = {c for *_rest, cards in wanted if cards for c in cards}
    free = iter(sid for sid in slots if sid not in placed and sid not in named)
    taken: set[str] = set()
    for entry, player, picture, cards in wanted:  # (a pair without its slots takes the first ones free)
        if cards is None:
            cards = [next(free, None), next(free, None)]
            if None in cards:
                raise entry.error(None, f"no slot is left for this pair: {n} cards in all")
        for sid in cards:
            if sid in taken:
                raise entry.error("cards", f"{sid!r} is in two pairs")
            taken.add(sid)
            kept.setdefault(player, []).append((sid, picture))
    _check_counts(game, root, placed, kept)
    for slot, sid in enumerate(slots):  # (the objects in slot order, as set-up lays them out)
        if sid in placed:
            picture, face_up = placed[sid]
            vis = "all" if face_up else G.ZONES.vis(G.GRID)
            game.create("s", G.GRID, id=sid, slot=slot, picture=picture, face_up=face_up, vis=vis)
        else:
            owner = next((p for p, k in kept.items() if sid in [c for c, _ in k]), None)
            if owner is None:
                continue  # (a slot neither on the grid nor kept: the file's grid is smaller than the options')
            picture = dict(kept[owner])[sid]
            zone = G.PILE.zone(owner)
            game.create("s", zone, id=sid, slot=slot, picture=picture, face_up=True, vis="all")
    for p in players:
        st.zones[G.PILE.zone(p)] = tuple(sorted(st.zones.get(G.PILE.zone(p), ())))
    if not st.zones[G.GRID]:
        raise root.error("grid", "no card is left on the table: the game would be over")
    turn = root.table("turn")
    turn.take("players", int, 2)  # (read before the build: players_of)
    player = turn.take("player", int, 0, choices=tuple(players))
    at_step(game, turn, player=player, step="first_flip", number=turn.take("number", int, 1, at_least=1))
    st.set_turn(first=turn.take("first", int, game.options["first_player"], choices=tuple(players)))
    turn.done()


def _picture(game: Table, node: Node, key: str, value: Any, entry: Node | None) -> int | None:
    """A picture (0 to pairs - 1), or None for ``"?"`` (an unseen card)."""
    where = entry if entry is not None else node
    field = "picture" if entry is not None else key
    if value == UNSEEN:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise where.error(field, f"{value!r} is neither a picture (a number) nor {UNSEEN!r} (a card nobody has seen)")
    if not 0 <= value < game.options["pairs"]:
        raise where.error(field, f"picture {value} is not one of 0 to {game.options['pairs'] - 1} (option pairs)")
    return value


def _check_counts(game: Table, root: Node, placed: dict, kept: dict) -> None:
    """mem.components: two cards of each picture, no more; the unseen cards are exactly the pictures left."""
    seen: dict[int, int] = {}
    for picture, _up in placed.values():
        if picture is not None:
            seen[picture] = seen.get(picture, 0) + 1
    for pairs in kept.values():
        for _sid, picture in pairs:
            seen[picture] = seen.get(picture, 0) + 1
    for picture, count in sorted(seen.items()):
        if count > 2:
            raise root.error("grid", f"picture {picture} is on {count} cards; each picture is on two (mem.components)")
    unseen = sum(1 for picture, _up in placed.values() if picture is None)
    left = 2 * game.options["pairs"] - sum(seen.values())
    if unseen != left:
        raise root.error(
            "grid",
            f"{unseen} unseen card(s) ('?') for the {left} card(s) whose pictures the file does not place "
            f"(option pairs = {game.options['pairs']}: {2 * game.options['pairs']} cards)",
        )


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The game's ``[turn]``, ``[grid]`` and ``[pairs]`` tables (the inverse of :func:`build`)."""
    from . import game as G

    st = game.state
    t = st.turn
    turn: dict[str, Any] = {"player": t["player"], "number": max(t["number"], 1)}
    if len(st.players) != 2:
        turn = {"players": len(st.players), **turn}
    if t["first"] != game.options["first_player"]:
        turn["first"] = t["first"]
    grid: dict[str, Any] = {}
    for sid in sorted(st.zones[G.GRID]):
        obj = st.objects[sid]
        picture = UNSEEN if obj["picture"] is None else obj["picture"]
        grid[sid] = {"picture": picture, "face_up": True} if obj["face_up"] else picture
    pairs: dict[str, Any] = {}
    for p in range(len(st.players)):
        held = st.zones.get(G.PILE.zone(p), ())
        by_picture: dict[int, list[str]] = {}
        for sid in held:
            by_picture.setdefault(st.objects[sid]["picture"], []).append(sid)
        if by_picture:
            pairs[str(p)] = [{"picture": pic, "cards": sorted(ids)} for pic, ids in sorted(by_picture.items())]
    out: dict[str, Any] = {"turn": turn, "grid": grid}
    if pairs:
        out["pairs"] = pairs
    return out


def players_of(data: dict) -> int:
    """How many players a file describes: ``[turn] players`` (default 2; the kernel checks 2 to 8)."""
    turn = data.get("turn")
    players = turn.get("players", 2) if isinstance(turn, dict) else 2
    return players if isinstance(players, int) and not isinstance(players, bool) else 2


SPEC = PositionSpec(build=build, dump=dump, rule="mem.setup", players=players_of, counted_ids=False)
