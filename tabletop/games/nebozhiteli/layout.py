"""Option ``layout``: a ready position for scenarios and tests, as plain data (so a game set up from it saves,
loads and replays like any other).

``{"0": side, "1": side}``, each side a table of what that player has at the start of the first turn:

- ``field``: creatures in play, ``{"card": id, "lives": n, "items": [ids], "tapped": bool, "sick": bool}``
  (lives default: the summoning cost, nb.lives; not sick and unturned by default);
- ``summoning``: ``{"card": id, "mana": n}`` on the summoning field (face down, nb.assume.shuffle);
- ``hand``: card ids;
- ``creatures``, ``main``: the decks as ``{card id: copies}`` (default: the player's deck of option
  ``deck0``/``deck1``, nb.decks);
- ``mana``: the player's mana (default: option ``starting_mana``).

Every card is checked where it is given: a bad layout fails at ``new_game`` naming the side, the place and
the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import RulebookOptionError, Table

from . import engine as E

SIDE_KEYS = ("field", "summoning", "hand", "creatures", "main", "mana")
CREATURE_KEYS = ("card", "lives", "items", "tapped", "sick")


def _fail(where: str, problem: str) -> RulebookOptionError:
    return RulebookOptionError(f"nebozhiteli: option layout, {where}: {problem}")


def check(layout: Any, cards: Mapping[str, dict]) -> bool:
    """Option layout's check: None, or the sides described in the module's text."""
    if layout is None:
        return True
    if not isinstance(layout, dict) or not set(layout) <= {"0", "1"}:
        raise _fail("the layout", f"a table of sides '0' and '1', not {layout!r}")
    for p, side in layout.items():
        if not isinstance(side, dict) or not set(side) <= set(SIDE_KEYS):
            raise _fail(f"side {p}", f"a table of {', '.join(SIDE_KEYS)}, not {side!r}")
        for i, c in enumerate(side.get("field", ())):
            where = f"side {p}, field[{i}]"
            if not isinstance(c, dict) or not set(c) <= set(CREATURE_KEYS) or "card" not in c:
                raise _fail(where, f"a table of {', '.join(CREATURE_KEYS)} with a card, not {c!r}")
            _card(cards, where, c["card"], ("creature",))
            for item in c.get("items", ()):
                _card(cards, where, item, ("weapon", "armour"))
        for i, c in enumerate(side.get("summoning", ())):
            if not isinstance(c, dict) or "card" not in c:
                raise _fail(f"side {p}, summoning[{i}]", f"a table with a card and its mana, not {c!r}")
            _card(cards, f"side {p}, summoning[{i}]", c["card"], ("creature",))
        for cid in side.get("hand", ()):
            _card(cards, f"side {p}, hand", cid, ("weapon", "armour", "scroll", "potion", "event"))
        for deck, types in (("creatures", ("creature",)), ("main", ("weapon", "armour", "scroll", "potion", "event"))):
            for cid, n in side.get(deck, {}).items():
                _card(cards, f"side {p}, {deck}", cid, types)
                if type(n) is not int or n < 0:
                    raise _fail(f"side {p}, {deck}, {cid}", f"{n!r} is not a number of copies")
    return True


def _card(cards: Mapping[str, dict], where: str, cid: Any, types: tuple[str, ...]) -> None:
    card = cards.get(cid) if isinstance(cid, str) else None
    if card is None:
        raise _fail(where, f"{cid!r} is not a card id")
    if card["type"] not in types:
        raise _fail(where, f"{card['name']} ({cid}) is a {card['type']}, not a {' or '.join(types)}")


def build(game: Table, layout: dict) -> None:
    """Put the layout's cards where it says (the zones are made, the decks not yet filled)."""
    cards = game.rulebook.cards
    st = game.state
    for p in E.PLAYERS:
        side = layout.get(str(p), {})
        deck = cards.decks[game.options[f"deck{p}"]]  # type: ignore[attr-defined]
        for name, part in (("creatures", E.CREATURE_DECKS[p]), ("main", E.MAIN_DECKS[p])):
            given = side.get(name)
            keys = deck[name] if given is None else [cid for cid, n in sorted(given.items()) for _ in range(n)]
            part.fill(game, keys)
        for c in side.get("summoning", ()):
            E.new_card(game, p, c["card"], E.z("summoning", p), mana=int(c.get("mana", 0)))
        for c in side.get("field", ()):
            cost = int(cards[c["card"]]["cost"])
            oid = E.new_card(
                game,
                p,
                c["card"],
                E.z("field", p),
                tapped=bool(c.get("tapped", False)),
                lives=int(c.get("lives", cost)),
                mana=0,
                sick=bool(c.get("sick", False)),
            )
            for item in c.get("items", ()):
                E.new_card(game, p, item, E.z("gear", p), on=oid)
        for cid in side.get("hand", ()):
            E.new_card(game, p, cid, E.z("hand", p))
        st.update_player(p, mana=int(side.get("mana", game.options["starting_mana"])), actions=0)
