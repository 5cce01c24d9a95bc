"""Option ``layout``: a ready position for scenarios and tests, as plain data (so a game set up from it saves,
loads and replays like any other). The opening (gw2.opening) is skipped; the first turn starts as usual
(stamina, a draw).

``{"0": side, "1": side}``, each side a table of what that player has before his first turn of the game:

- ``table``: minions on the table, ``{"card": id, "active": bool, "wounds": n, "statuses": {name: stacks}}``
  (active by default; no damage tokens, no status);
- ``hero``: ``{"wounds": n, "statuses": {name: stacks}}`` of the profession card;
- ``hand``: card ids;
- ``deck``: the deck as ``{card id: copies}`` (default: the player's deck of option ``deck0``/``deck1``);
- ``turns``: the turns he has had already (the stamina allowance grows with them, gw2.assume.stamina);
- ``stamina``: his stamina pool before the turn's gain (option stamina "pool").

Every card is checked where it is given: a bad layout fails at ``new_game`` naming the side, the place and
the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import RulebookOptionError, Table

from . import engine as E
from .statuses import STATUSES

SIDE_KEYS = ("table", "hero", "hand", "deck", "turns", "stamina")
MINION_KEYS = ("card", "active", "wounds", "statuses")


def _fail(where: str, problem: str) -> RulebookOptionError:
    return RulebookOptionError(f"gw2_heroes_of_the_mists: option layout, {where}: {problem}")


def check(layout: Any, cards: Mapping[str, dict]) -> bool:
    """Option layout's check: None, or the sides described in the module's text."""
    if layout is None:
        return True
    if not isinstance(layout, dict) or not set(layout) <= {"0", "1"}:
        raise _fail("the layout", f"a table of sides '0' and '1', not {layout!r}")
    for p, side in layout.items():
        if not isinstance(side, dict) or not set(side) <= set(SIDE_KEYS):
            raise _fail(f"side {p}", f"a table of {', '.join(SIDE_KEYS)}, not {side!r}")
        for i, m in enumerate(side.get("table", ())):
            where = f"side {p}, table[{i}]"
            if not isinstance(m, dict) or not set(m) <= set(MINION_KEYS) or "card" not in m:
                raise _fail(where, f"a table of {', '.join(MINION_KEYS)} with a card, not {m!r}")
            _card(cards, where, m["card"], ("minion",))
            _statuses(where, m.get("statuses", {}))
        _statuses(f"side {p}, hero", side.get("hero", {}).get("statuses", {}))
        for cid in side.get("hand", ()):
            _card(cards, f"side {p}, hand", cid, ("minion", "skill"))
        for cid, n in side.get("deck", {}).items():
            _card(cards, f"side {p}, deck", cid, ("minion", "skill"))
            if type(n) is not int or n < 0:
                raise _fail(f"side {p}, deck, {cid}", f"{n!r} is not a number of copies")
    return True


def _statuses(where: str, given: Any) -> None:
    if not isinstance(given, dict):
        raise _fail(where, f"statuses are a table of name = stacks, not {given!r}")
    for name, n in given.items():
        if name not in STATUSES.specs:
            raise _fail(where, f"{name!r} is not a boon or condition ({', '.join(STATUSES.specs)})")
        if type(n) is not int or n < 1:
            raise _fail(f"{where}, {name}", f"{n!r} is not a number of stacks")


def _card(cards: Mapping[str, dict], where: str, cid: Any, types: tuple[str, ...]) -> None:
    card = cards.get(cid) if isinstance(cid, str) else None
    if card is None:
        raise _fail(where, f"{cid!r} is not a card id")
    if card["type"] not in types:
        raise _fail(where, f"{card['name']} ({cid}) is a {card['type']}, not a {' or '.join(types)}")


def build(game: Table, layout: dict) -> None:
    """Put the layout's cards where it says (the zones and heroes are made, the decks not yet filled); the
    statuses are gained by task gw2.layout_statuses, before the first turn."""
    cards = game.rulebook.cards
    st = game.state
    gains: list[list] = []
    for p in E.PLAYERS:
        side = layout.get(str(p), {})
        deck = cards.decks[game.options[f"deck{p}"]]  # type: ignore[attr-defined]
        given = side.get("deck")
        E.DECKS[p].fill(
            game, deck["cards"] if given is None else [c for c, n in sorted(given.items()) for _ in range(n)]
        )
        h = E.hero(game, p)
        st.update(h, wounds=int(side.get("hero", {}).get("wounds", 0)))
        gains += [[h, name, n] for name, n in side.get("hero", {}).get("statuses", {}).items()]
        for m in side.get("table", ()):
            fields = E.summoned(cards[m["card"]], bool(m.get("active", True))) | {"wounds": int(m.get("wounds", 0))}
            oid = E.new_card(game, p, m["card"], E.z("table", p), **fields)
            gains += [[oid, name, n] for name, n in m.get("statuses", {}).items()]
        for cid in side.get("hand", ()):
            E.new_card(game, p, cid, E.z("hand", p))
        pl = st.players[p]
        turns = int(side.get("turns", 0))
        st.update_player(p, turns=turns, stamina=int(side.get("stamina", pl["stamina"])))
    if gains:
        game.push("gw2.layout_statuses", gains=gains)


@E.TASKS("gw2.layout_statuses")
def t_layout_statuses(game: Table, *, gains: list[list]) -> None:
    """The layout's boons and conditions, each ending as the options read the text."""
    for oid, name, n in gains:
        E.gain(game, oid, name, n, None)
