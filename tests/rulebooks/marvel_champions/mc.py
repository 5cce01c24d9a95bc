"""What the marvel_champions tests share: the rulebook, building positions on the sandbox, trace look-ups."""

import tabletop as tt
from tabletop.games.marvel_champions import engine as E
from tabletop.games.marvel_champions.scenarios import known

RB = tt.rulebook("marvel_champions")
SEED = "000_7fc8e0fd1bcbc422.txt"

__all__ = [
    "RB",
    "E",
    "chance",
    "drive",
    "encounter_deck",
    "known",
    "name",
    "passive",
    "reopen",
    "rules_cited",
    "sandbox",
    "summaries",
    "to_villain_phase",
]


def sandbox(players: int = 1, chance: str = "sample", **options):
    """An empty table (every player in hero form, player 0's turn), ready to be filled and reopened."""
    return RB.new_game(
        seed=0,
        players=players,
        chance=chance,
        scenario={1: "sandbox", 2: "sandbox-2"}.get(players, "sandbox-3"),
        **options,
    )


def reopen(game):
    """After a test changed the position: ask the active player's action again, with fresh options."""
    st = game.state
    assert st.decision is not None and st.decision["kind"] == "action"
    st.decision = None
    st.work.append(("mc.turn", {}, None))
    game.table._run()
    return game


def summaries(game, kind=None, since=0):
    return [r["summary"] for r in game.trace.records[since:] if kind is None or r["kind"] == kind]


def rules_cited(game, since=0):
    return [r["rule"] for r in game.trace.records[since:]]


def name(game, oid):
    return E.name_of(game, oid)


def chance(game, card_id):
    """Answer an open chance decision (chance='manual') with a card id."""
    d = game.decision
    assert d is not None and d.player == "chance", d
    game.apply(card_id)
    return game


def encounter_deck(game, card_ids):
    """Replace the encounter deck by these cards (anonymous, drawn by chance)."""
    for oid in list(game.state.zone("enc:deck")):
        game.state.objects.pop(oid)
    game.state.zones["enc:deck"] = ()
    E.DECKS["enc"].fill(game.table, card_ids)


def to_villain_phase(game, defend="no", discard="done"):
    """End every remaining turn and the end of the player phase; stop at the first villain-phase decision."""
    while game.decision is not None and game.state.turn.get("phase") != "villain":
        d = game.decision
        if d.kind == "end_discard":
            game.apply(discard if discard in d.ids else d.ids[0])
        else:
            game.apply("end" if d.kind == "action" else d.ids[0])
    return game


def drive(game, answer, until, limit=300):
    """Answer decisions with ``answer(decision) -> option id`` until ``until(game)`` holds (or the game ends)."""
    for _ in range(limit):
        if game.decision is None or until(game):
            return game
        game.apply(answer(game.decision))
    raise AssertionError(f"drive: {limit} decisions without reaching the condition; last {game.decision}")


def passive(d):
    """Nobody defends, no window ability is used, turns end, hands are kept, chance as drawn."""
    if d.kind == "end_discard":
        return "done" if "done" in d.ids else d.ids[0]
    return {"defend": "no", "window": "pass", "action": "end"}.get(d.kind, d.ids[0])


def card_file_error(folder, toml: str) -> str:
    """The CardDataError message of loading one card file ``broken.toml`` holding ``toml`` (it must fail)."""
    import pytest

    from tabletop.core import CardDataError
    from tabletop.games.marvel_champions import data

    bad = folder / "broken.toml"
    bad.write_text(toml, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        data.load([bad])
    return str(err.value)
