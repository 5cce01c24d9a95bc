"""The narrator's script of the night, read from the trace (000_7fc8e0fd1bcbc422.txt L183-202, L209-224).

``narration(game)`` gives the lines the narrator says aloud ("public": only what anyone at the table
hears, the same whoever holds which card); ``narration(game, "full")`` adds, under each call, who
woke and what they did (the trace's own records). Every line ends with the rule it follows and its
citation, ``[rule.id: file Lx]``.

>>> import tabletop as tt
>>> game = tt.rulebook("one_night_werewolf").scenario("call-order-text")
>>> print(narration(game).splitlines()[0])
Everyone, close your eyes.  [onw.close_eyes: 000_7fc8e0fd1bcbc422.txt L184]
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Game

from .rules import RULES

# What the narrator says when each role is called, and when it goes back to sleep (L185-200, L209-224).
SCRIPT = {
    "doppelganger": (
        "Doppelganger, wake up and look at another player's card. You are now that role. "
        "If your new role has a night action, do it now.",
        "Doppelganger, close your eyes.",
    ),
    "werewolf": ("Werewolves, wake up and look for other werewolves.", "Werewolves, close your eyes."),
    "minion": (
        "Minion, wake up. Werewolves, stick out your thumb so the Minion can see who you are.",
        "Werewolves, put your thumbs away. Minion, close your eyes.",
    ),
    "mason": ("Masons, wake up and look for other Masons.", "Masons, close your eyes."),
    "seer": (
        "Seer, wake up. You may look at another player's card or two of the centre cards.",
        "Seer, close your eyes.",
    ),
    "robber": (
        "Robber, wake up. You may exchange your card with another player's card, and then view your new card.",
        "Robber, close your eyes.",
    ),
    "troublemaker": (
        "Troublemaker, wake up. You may exchange cards between two other players.",
        "Troublemaker, close your eyes.",
    ),
    "drunk": ("Drunk, wake up and exchange your card with a card from the centre.", "Drunk, close your eyes."),
    "insomniac": ("Insomniac, wake up and look at your card.", "Insomniac, close your eyes."),
    "doppel_insomniac": (
        "Doppelganger, if you viewed the Insomniac card, wake up and look at your card.",
        "Doppelganger, close your eyes.",
    ),
}
LONE_WOLF = "If there is only one werewolf, you may look at a card from the centre."
DOPPEL_MINION = (
    "Doppelganger, if you viewed the Minion card, keep your eyes open. "
    "Werewolves, stick out your thumb so the Doppelganger can see who you are. Werewolves, put your thumbs away."
)
OPENING = "Everyone, close your eyes."
CLOSING = "Everyone, wake up!"
MODES = ("public", "full")


@dataclass(frozen=True)
class Line:
    """One line of the script: what is said (or, in full mode, what happened), its rule and citation."""

    text: str
    rule: str
    citation: str
    spoken: bool = True  # said aloud by the narrator; False: a detail only the full script shows
    record: int | None = None  # the trace record it comes from

    def __str__(self) -> str:
        text = self.text if self.spoken else f"    ({self.text})"
        return f"{text}  [{self.rule}: {self.citation}]"


def _line(text: str, rule: str, *, spoken: bool = True, record: int | None = None) -> Line:
    return Line(text, rule, RULES[rule].citation, spoken, record)


def _in_play(roles: list[str], call: str) -> bool:
    """The narrator calls a role whose token is in play (onw.tokens), even if its card lies in the centre."""
    if call == "doppel_insomniac":
        return "doppelganger" in roles and "insomniac" in roles
    return call in roles


def _wake_text(call: str, wakers: list[int]) -> str:
    if not wakers:
        return "nobody wakes: the card is in the centre" if call != "doppel_insomniac" else "nobody wakes"
    who = ", ".join(str(p) for p in wakers)
    return f"player{'s' if len(wakers) > 1 else ''} {who} wake{'' if len(wakers) > 1 else 's'}"


def narrator_lines(game: Game, mode: str = "public") -> list[Line]:
    """The night's script as :class:`Line` objects, from the trace of ``game`` (as far as it has got)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    full = mode == "full"
    roles = game.state.vars.get("roles", [])
    lines: list[Line] = []
    current: tuple[str, str] | None = None  # the call whose players are awake, and its rule
    started = False

    def close() -> None:
        nonlocal current
        if current is not None:
            call, rule = current
            lines.append(_line(SCRIPT[call][1], rule))
            current = None

    for r in game.trace.records:
        rule, data = r["rule"], r["data"]
        if rule == "onw.close_eyes":
            started = True
            lines.append(_line(OPENING, rule, record=r["i"]))
            continue
        if not started:
            continue
        if rule == "onw.wake_up":
            close()
            lines.append(_line(CLOSING, rule, record=r["i"]))
            break
        if r["kind"] == "flow" and "call" in data:
            close()
            call = data["call"]
            if not _in_play(roles, call):
                continue
            current = (call, rule)
            lines.append(_line(SCRIPT[call][0], rule, record=r["i"]))
            if call == "werewolf" and game.options["lone_wolf"]:
                lines.append(_line(LONE_WOLF, "onw.lone_wolf", record=r["i"]))
            if full:
                lines.append(_line(_wake_text(call, data["wakers"]), rule, spoken=False, record=r["i"]))
            continue
        if full and r["kind"] in ("decision", "event", "action", "flow"):
            lines.append(_line(r["summary"], rule, spoken=False, record=r["i"]))
    # the Doppelganger-Minion's extra line belongs just before "Doppelganger, close your eyes" (L213)
    if "doppelganger" in roles and "minion" in roles:
        for k, ln in enumerate(lines):
            if ln.spoken and ln.text == SCRIPT["doppelganger"][1]:
                lines.insert(k, _line(DOPPEL_MINION, "onw.doppel.minion", record=ln.record))
                break
    return lines


def narration(game: Game, mode: str = "public") -> str:
    """The narrator's script of the night as text, one line each, citing its rule.

    ``mode="public"``: only the lines said aloud, which give nothing away (the narrator calls every
    role in play, even one whose card lies in the centre). ``mode="full"``: also, indented in
    brackets, who woke and what they saw or did, from the trace.
    """
    return "\n".join(str(line) for line in narrator_lines(game, mode))
