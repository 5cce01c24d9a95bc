"""Rule references: each rulebook's table of its rules.

A rule has an id (what the trace points to), a short English paraphrase, the original Russian
term or phrase, and its source (seed file and line range). Assumptions, where the text is
silent or ambiguous, are rules of their own marked ``assumption=True``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import RuleError, quote

Lines = tuple[tuple[int, int], ...]
# what a Rule is given as lines: one range or several (it stores them as Lines)
LinesGiven = tuple[int, int] | Lines


def _ranges(lines: object) -> Lines | None:
    """``(a, b)`` or ``((a, b), (c, d), ...)`` as a tuple of ranges; ``None`` stays ``None``."""
    if lines is None:
        return None
    if not isinstance(lines, tuple | list) or not lines:
        raise RuleError(f"a rule's lines must be (first, last) or a tuple of such ranges, not {lines!r}")
    pairs = [lines] if all(isinstance(x, int) for x in lines) else list(lines)
    out = []
    for pair in pairs:
        if (
            not isinstance(pair, tuple | list)
            or len(pair) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
            or not 0 < pair[0] <= pair[1]
        ):
            raise RuleError(f"a rule's line range must be (first, last) with 0 < first <= last, not {pair!r}")
        out.append((pair[0], pair[1]))
    return tuple(out)


@dataclass(frozen=True)
class Rule:
    """One rule reference.

    ``lines`` is one range ``(first, last)`` or several, ``((468, 468), (650, 650))``; it is stored
    as a tuple of ranges and cited as ``L468, L650``. ``option`` names the rulebook option that
    switches an assumption to another reading (several, separated by commas: ``switched_by``).
    ``kind`` is ``"rule"`` for a rule that code applies, ``"glossary"`` for a definition that
    carries no behaviour of its own. ``fixed`` is, for an assumption without an option, the one-line reason
    why no other reading of the text would change a game's outcome (a definition, a representation choice).
    """

    id: str
    text: str
    term: str = ""  # the original Russian term or phrase
    source: str = ""  # seed file name
    lines: Lines | None = None
    assumption: bool = False
    outside_text: bool = False  # general knowledge that the seed does not contain
    option: str = ""  # the rulebook option(s) that switch this assumption's reading, e.g. "a" or "a, b"
    kind: str = "rule"  # "rule" or "glossary"
    gloss: bool = False  # the term is an English-to-Russian gloss, not a quotation of the seed
    fixed: str = ""  # an assumption with no option: why no other reading would change outcomes

    if TYPE_CHECKING:
        # The generated __init__, as it is called: ``lines`` may be one range (__post_init__ makes it Lines).
        def __init__(
            self,
            id: str,
            text: str,
            term: str = "",
            source: str = "",
            lines: LinesGiven | None = None,
            assumption: bool = False,
            outside_text: bool = False,
            option: str = "",
            kind: str = "rule",
            gloss: bool = False,
            fixed: str = "",
        ) -> None: ...

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", _ranges(self.lines))
        if self.kind not in ("rule", "glossary"):
            raise RuleError(f"rule {self.id!r}: kind must be 'rule' or 'glossary', not {self.kind!r}")
        if self.fixed and self.option:
            raise RuleError(f"rule {self.id!r}: an assumption is either switched by an option or fixed, not both")
        if self.fixed and not self.assumption:
            raise RuleError(f"rule {self.id!r}: only an assumption can be fixed (it has no other reading to switch)")

    @property
    def switched_by(self) -> tuple[str, ...]:
        """The names of the rulebook options that switch this rule's reading (``option`` may list several,
        separated by commas)."""
        return tuple(name.strip() for name in self.option.split(",") if name.strip())

    @property
    def citation(self) -> str:
        """``file Lx-y, Lz``, or ``assumption`` / ``kernel`` where there is no line."""
        if self.lines:
            span = ", ".join(f"L{a}" if a == b else f"L{a}-{b}" for a, b in self.lines)
            return f"{self.source} {span}" if self.source else span
        return self.source or ("assumption" if self.assumption else "")

    def __str__(self) -> str:
        tag = " [assumption]" if self.assumption else ""
        term = f" ({self.term})" if self.term else ""
        switch = f" [switched by option {', '.join(self.switched_by)}]" if self.option else ""
        fixed = f" [no option: {self.fixed}]" if self.fixed else ""
        return f"{self.id}{tag}: {self.text}{term} — {self.citation}{switch}{fixed}"


# The kernel's own steps, used when a rulebook does not map a step to a rule of its own.
KERNEL_RULES = (
    Rule("core.decision", "A player (or chance) makes the choice the game is waiting for.", source="kernel"),
    Rule("core.chance", "A random outcome drawn from the game's seeded streams.", source="kernel"),
    Rule("core.replacement", "Replacement and prevention effects modify an event before it happens.", source="kernel"),
    Rule(
        "core.interrupt", "Interrupt window: abilities that trigger when an event is about to happen.", source="kernel"
    ),
    Rule("core.event", "An event happens (or is replaced, prevented or cancelled).", source="kernel"),
    Rule("core.response", "Response window: abilities that trigger after an event happened.", source="kernel"),
    Rule("core.order", "Simultaneous triggered abilities are ordered as the timing profile says.", source="kernel"),
    Rule("core.resolve", "A triggered or activated ability resolves.", source="kernel"),
    Rule("core.optional", "An optional ability may be used or declined by its controller.", source="kernel"),
    Rule("core.check", "State checks run as one simultaneous batch, repeated until nothing changes.", source="kernel"),
    Rule("core.expire", "Lasting effects end when their duration runs out.", source="kernel"),
    Rule("core.flow", "The turn structure moves to the next phase, turn or round.", source="kernel"),
    Rule("core.modifier", "A lasting modifier changes a value until it ends.", source="kernel"),
    Rule("core.loop", "A mandatory loop: the same position and pending work came back.", source="kernel"),
    Rule("core.end", "The game ends.", source="kernel"),
)


@dataclass(frozen=True)
class Seed:
    """The rule makers of one source text, so a rule table names its file once::

        SEED = Seed("003_d48e1762333e061a.txt")
        SEED.rule("nb.cards", "The cards are of two decks ...", "Карты делятся на две колоды", (13, 20))
        SEED.assumption("nb.assume.life", "Each player starts with 20 mana.", outside=True, option="life")

    An assumption's ``option`` names the rulebook option(s) that switch its reading, or ``fixed`` says why
    no other reading would change an outcome; ``outside`` marks one from general knowledge, not the text.
    """

    source: str

    def rule(self, rule_id: str, text: str, term: str, lines: LinesGiven) -> Rule:
        return Rule(rule_id, text, term, self.source, lines)

    def assumption(
        self,
        rule_id: str,
        text: str,
        lines: LinesGiven | None = None,
        *,
        term: str = "",
        outside: bool = False,
        option: str = "",
        fixed: str = "",
    ) -> Rule:
        return Rule(
            rule_id, text, term, self.source, lines, assumption=True, outside_text=outside, option=option, fixed=fixed
        )


class RuleTable:
    """The rules of one rulebook, looked up by id (the kernel's ``core.*`` rules included)."""

    def __init__(self, rules: Iterable[Rule] = ()):
        self._rules: dict[str, Rule] = {r.id: r for r in KERNEL_RULES}
        for rule in rules:
            if rule.id in self._rules:
                raise RuleError(f"rule id {rule.id!r} is defined twice")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise RuleError(f"no rule {quote(rule_id)} in this rulebook's rule table") from None

    def get(self, rule_id: str, default: Rule | None = None) -> Rule | None:
        return self._rules.get(rule_id, default)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return (r for r in self._rules.values() if not r.id.startswith("core."))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<RuleTable: {len(self)} rules, {len(self.assumptions())} assumptions>"

    def assumptions(self) -> RuleList:
        """The rules this rulebook assumed where its source text is silent or ambiguous, each with the
        options that switch its reading, or why no other reading would change an outcome (``Rule.fixed``): a
        list that shows itself as a table with a "switched by" column."""
        return RuleList(r for r in self if r.assumption)

    def _repr_html_(self) -> str:
        return _rules_html(self)

    def folded(self, title: str | None = None, *, assumptions: bool = False) -> Folded:
        """The table folded under a one-line summary that opens on a click (an HTML ``<details>``, which
        JupyterLab, GitHub and nbconvert all keep): a notebook shows the rules when a student wants them,
        not two screens before the first game. ``assumptions=True`` folds only the assumptions."""
        rules = self.assumptions() if assumptions else RuleList(self)
        n = len(rules)
        default = (
            f"{n} assumptions, each with what switches it"
            if assumptions
            else (f"The {n} rules ({sum(1 for r in rules if r.assumption)} of them assumptions), by id")
        )
        return Folded(title or default, _rules_html(rules), str(rules))


class Folded:
    """HTML folded under a summary line; prints as its plain text."""

    def __init__(self, summary: str, html: str, text: str):
        self.summary, self.html, self.text = summary, html, text

    def __repr__(self) -> str:
        return f"{self.summary} (folded; the notebook opens it with a click)"

    def _repr_html_(self) -> str:
        from html import escape

        return f"<details><summary><b>{escape(self.summary)}</b> (click to open)</summary>{self.html}</details>"


class RuleList(list):
    """A list of rules (``RuleTable.assumptions()``) that shows itself as a table, options included."""

    def __str__(self) -> str:
        return "\n".join(str(r) for r in self)

    def _repr_html_(self) -> str:
        return _rules_html(self)


def _rules_html(rules: Iterable[Rule]) -> str:
    """id, rule, original term, source, and the options that switch the rule ("switched by"), or why none does."""
    from html import escape

    rows = "".join(
        f"<tr><td><code>{escape(r.id)}</code></td><td>{escape(r.text)}"
        f"{' <em>(assumption)</em>' if r.assumption else ''}</td>"
        f"<td>{escape(r.term)}</td><td>{escape(r.citation)}</td>"
        f"<td>{', '.join(f'<code>{escape(name)}</code>' for name in r.switched_by)}"
        f"{f'<em>none: {escape(r.fixed)}</em>' if r.fixed else ''}</td></tr>"
        for r in rules
    )
    return (
        "<table><thead><tr><th>id</th><th>rule</th><th>original term</th><th>source</th><th>switched by</th>"
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )
