"""Defeat, elimination, villain and main-scheme stages, and the end of the game (L382-384, L556-562,
L638-643, L850-855, L874-875)."""

from __future__ import annotations

from tabletop.core import Table

from . import engine as E
from .villain import t_enemy_activation


def on_defeat(game: Table, ev: dict) -> None:
    st = game.state
    c = ev["card"]
    if c not in st.objects or not st.objects[c]["zone"].startswith("play"):
        return
    what = ev["what"]
    if what == "identity":
        eliminate(game, ev["player"])
    elif what == "villain":
        villain_stage_defeated(game, c)
    else:
        rule = {"ally": "mc.hit_points", "minion": "mc.hit_points", "side_scheme": "mc.side_scheme"}.get(
            what, "mc.defeat"
        )
        game.record("action", f"{E.name_of(game, c)} is defeated and discarded", rule)
        E.put(game, c, E.discard_pile(game, c))


def eliminate(game: Table, p: int) -> None:
    """L639-643: the player's cards go to the discard piles, engaged enemies move on to the next player."""
    st = game.state
    game.record("action", f"player {p}'s identity is defeated: player {p} is eliminated", "mc.elimination", player=p)
    # mc.player_order (L515-518, L644-646): the rest of a player phase keeps its order, only p's turns
    # are skipped, whatever the first-player token does below (L454); the kernel's Table.eliminate
    game.eliminate(p)
    for zone in (E.z("hand", p), E.z("play", p), E.z("limbo", p)):
        for oid in list(st.zone(zone)):
            obj = st.objects[oid]
            if game.rulebook.cards.get(obj.get("card", ""), {}).get("type") == "identity":
                E.put(game, oid, "removed")
            else:
                E.put(game, oid, E.z("discard", obj["owner"]))
    deck = E.DECKS[str(p)]
    for _ in range(deck.size(game)):  # identities of the deck: irrelevant now, given in id order
        cid = min(deck.left(game))
        oid = deck.take(game, cid)
        st.update(oid, card=cid)
        E.put(game, oid, E.z("discard", p))
    st.vars.setdefault(deck.var, {})
    for oid in list(st.zone(E.z("queue", p))):
        E.put(game, oid, "enc:discard")
    rest = E.alive(game)
    if not rest:
        game.end_game([], reason="all players are eliminated", rule="mc.elimination", draw=False)
        return
    if st.turn.get("first") == p:  # L454
        nxt = E.next_alive(game, p)
        st.set_turn(first=nxt)
        game.record(
            "action",
            f"the first player is eliminated: the first-player token passes to player {nxt}",
            "mc.first_player",
            player=nxt,
        )
    target = E.next_alive(game, p)
    for m in list(st.zone(E.engaged_zone(p))):
        E.put(game, m, E.engaged_zone(target))
        if game.options["elimination_enemies"] == "engage":
            game.record(
                "action",
                f"{E.name_of(game, m)} engages player {target} (L640, mc.assume.elimination_engage)",
                "mc.assume.elimination_engage",
                player=target,
            )
        else:
            game.record(
                "action",
                f"{E.name_of(game, m)} attacks player {target} (L640 as written)",
                "mc.assume.elimination_engage",
                player=target,
            )
            game.push(t_enemy_activation, enemy=m, player=target, mode="attack")


def villain_stage_defeated(game: Table, v: str) -> None:
    """L851-855: remove the stage; reveal the next with fresh hit points; status cards and attachments stay."""
    st = game.state
    if E.card_of(game, v).get("final") or not st.zone("villain:deck"):
        game.record("action", f"{E.name_of(game, v)}, the final villain stage, is defeated", "mc.villain_defeat")
        game.end_game(
            range(len(st.players)), reason="the players defeated the final villain stage", rule="mc.win", draw=False
        )
        return
    nxt = st.zone("villain:deck")[0]
    game.record(
        "action",
        f"{E.name_of(game, v)} is defeated and removed from the game; {E.name_of(game, nxt)} is "
        "revealed (excess damage is not carried over)",
        "mc.villain_defeat",
    )
    for zone in ("play:status", "play:attach"):
        for oid in st.zone(zone):
            if st.objects[oid].get("host") == v:
                st.update(oid, host=nxt)
    game.move(v, "removed")
    st.update(v, damage=0, vis="all")
    E.put(game, nxt, "play:villain")


def on_scheme_complete(game: Table, ev: dict) -> None:
    """L558-562: the scheme deck advances (excess threat lost, acceleration tokens stay); the final stage loses."""
    st = game.state
    s = ev["scheme"]
    if s != E.main_scheme(game) or E.threat_of(game, s) < E.target_threat(game, s):
        return
    if E.card_of(game, s).get("final") or not st.zone("scheme:deck"):
        game.record("action", f"{E.name_of(game, s)}, the final main scheme stage, is completed", "mc.main_scheme")
        game.end_game([], reason="the villain completed the final main scheme stage", rule="mc.win", draw=False)
        return
    nxt = st.zone("scheme:deck")[0]
    start = E.card_of(game, nxt).get("start", 0) * E.n_started(game)
    game.record(
        "action",
        f"{E.name_of(game, s)} is completed: the main scheme advances to {E.name_of(game, nxt)} "
        f"with {start} threat (excess threat is not carried over)",
        "mc.main_scheme",
    )
    game.move(s, "removed")
    st.update(s, threat=0)
    E.put(game, nxt, "play:scheme")
    st.update(nxt, threat=start)


def on_grim_end(game: Table, ev: dict) -> None:
    """mc.assume.grim_simultaneous: both ends at once; the Grim Rule picks the worst (option grim_simultaneous)."""
    if game.options["grim_simultaneous"] == "players_lose":
        game.end_game(
            [],
            reason="the final villain stage fell as the final scheme completed: by the Grim Rule the players lose",
            rule="mc.assume.grim_simultaneous",
            draw=False,
        )
    else:
        game.end_game(
            range(len(game.state.players)),
            reason="the final villain stage fell as the final scheme completed: the players win (variant)",
            rule="mc.assume.grim_simultaneous",
            draw=False,
        )
