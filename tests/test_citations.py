"""Every rulebook's rule table against its seed and its code: exact line ranges, terms that are on
the lines they cite, and no rule that nothing applies.

The seeds are read through the ``seed_text`` fixture (tests/conftest.py): skipped where they are
absent, a failure under ``TABLETOP_REQUIRE_SEEDS=1`` (as in CI).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop as tt

REPOSITORY = Path(__file__).resolve().parents[1]
RULEBOOKS = tt.rulebooks()

# A range wider than this is almost always two places cited as one span (L468-650 for L468 and
# L650); a rule that really quotes a longer passage is listed here with the reason.
MAX_SPAN = 25
WIDE_RANGES: dict[str, str] = {}

# Words shorter than this (prepositions, conjunctions) do not count; a term of such words only
# ("ТО") counts all its words.
MIN_WORD = 3
# The share of a quoted term's words that must be on its cited lines (a quotation may be cut or
# joined with a semicolon, and the seed's words are compared exactly, not by stem).
QUOTED_SHARE = 2 / 3


def _words(text: str) -> list[str]:
    """``text`` as lower-case words, ё read as е, punctuation dropped."""
    return re.findall(r"[^\W_]+", text.lower().replace("ё", "е"))


def _term_words(term: str) -> list[str]:
    words = _words(term)
    return [w for w in words if len(w) >= MIN_WORD] or words


def _cited_text(rule: tt.Rule, seed: list[str]) -> str:
    return "\n".join("\n".join(seed[a - 1 : b]) for a, b in rule.lines)


# ------------------------------------------------------------------ the seed lookup
def test_seeds_are_read_from_the_folder_tabletop_seeds_names(seed_text, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_SEEDS", str(tmp_path))
    (tmp_path / "x.txt").write_text("первая\nвторая\n", encoding="utf-8")
    assert seed_text("x.txt") == "первая\nвторая\n"


def test_an_absent_seed_skips_naming_where_it_looked(seed_text, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_SEEDS", str(tmp_path))
    monkeypatch.delenv("TABLETOP_REQUIRE_SEEDS", raising=False)
    with pytest.raises(pytest.skip.Exception, match=re.escape(str(tmp_path / "absent.txt"))):
        seed_text("absent.txt")


def test_an_absent_seed_fails_when_seeds_are_required(seed_text, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_SEEDS", str(tmp_path))
    monkeypatch.setenv("TABLETOP_REQUIRE_SEEDS", "1")
    with pytest.raises(
        pytest.fail.Exception, match=re.escape("TABLETOP_REQUIRE_SEEDS=1 but seed absent.txt not found")
    ):
        seed_text("absent.txt")


def test_seeds_default_to_shared_beside_the_repository(seed_text, monkeypatch):
    """CI clones the repository beside a copy of shared/: ../shared/seeds from the repository root."""
    monkeypatch.delenv("TABLETOP_SEEDS", raising=False)
    monkeypatch.delenv("TABLETOP_REQUIRE_SEEDS", raising=False)
    with pytest.raises(pytest.skip.Exception, match=re.escape(str(REPOSITORY.parent / "shared" / "seeds" / "none"))):
        seed_text("none")


def test_ci_requires_the_seeds():
    """.ci/run makes an unreadable seed a failure for the whole of `make test`."""
    run = (REPOSITORY / ".ci" / "run").read_text(encoding="utf-8")
    assert "export TABLETOP_REQUIRE_SEEDS=1" in run
    assert run.index("export TABLETOP_REQUIRE_SEEDS=1") < run.index("\nmake test")


# ------------------------------------------------------------------ line ranges
@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_no_rule_cites_one_wide_span_for_places_apart(rulebook):
    """A rule citing separate places cites them as separate ranges, e.g. mc.assume.form_once L468, L650."""
    wide = []
    for rule in tt.rulebook(rulebook).rules:
        for a, b in rule.lines or ():
            if b - a + 1 > MAX_SPAN and rule.id not in WIDE_RANGES:
                wide.append(f"{rule.id} L{a}-{b}")
    assert wide == [], f"ranges over {MAX_SPAN} lines: cite the places apart, or list the rule in WIDE_RANGES"


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_every_line_a_rule_names_is_cited(rulebook):
    """A line the paraphrase names (mc.assume.form_once: 'once per round' (L468) and 'once per turn'
    (L650)), or the reason a fixed assumption gives (Rule.fixed), is one of the places the rule cites."""
    missing = []
    for rule in tt.rulebook(rulebook).rules:
        for n in map(int, re.findall(r"\bL(\d+)", f"{rule.text} {rule.fixed}")):
            if not any(a <= n <= b for a, b in rule.lines or ()):
                missing.append(f"{rule.id} names L{n} but cites {rule.citation}")
    assert missing == []


def test_the_wide_ranges_listed_are_rules_and_wide():
    rules = {r.id: r for rb in RULEBOOKS for r in tt.rulebook(rb).rules}
    for rule_id, reason in WIDE_RANGES.items():
        assert rule_id in rules and reason, rule_id
        assert any(b - a + 1 > MAX_SPAN for a, b in rules[rule_id].lines or ()), rule_id


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_every_range_is_inside_its_seed(rulebook, seed_text):
    outside = []
    for rule in tt.rulebook(rulebook).rules:
        if not rule.lines:
            continue
        count = len(seed_text(rule.source).split("\n"))
        outside += [f"{rule.id} L{a}-{b}" for a, b in rule.lines if b > count]
    assert outside == []


# ------------------------------------------------------------------ terms
def test_words_are_compared_without_case_yo_or_punctuation():
    assert _words("Ещё «ЗАЩИТА», ёж-2") == ["еще", "защита", "еж", "2"]
    assert _term_words("ТО") == ["то"]
    assert _term_words("и в ПРЕДЕЛ СОЮЗНИКА") == ["предел", "союзника"]


def _term_problem(rule: tt.Rule, seed: list[str]) -> str | None:
    """What is wrong with the term of a rule of the text (not an assumption), or None."""
    if not rule.lines or not rule.term:
        return f"{rule.id}: a rule of the text cites its lines and its term"
    if rule.gloss:
        return None if re.search("[а-яё]", rule.term.lower()) else f"{rule.id}: the gloss {rule.term!r} is not Russian"
    on_lines = set(_words(_cited_text(rule, seed)))
    words = _term_words(rule.term)
    if sum(w in on_lines for w in words) < QUOTED_SHARE * len(words):
        return f"{rule.id} {rule.citation}: {rule.term!r} ({sorted(set(words) - on_lines)} not on the lines)"
    return None


def test_a_term_is_checked_by_most_of_its_words_not_the_first():
    seed = ["ВЫХЛОПНЫЕ", "Если карта закончилась, она поворачивается; истощённая карта"]
    assert _term_problem(tt.Rule("x.a", "", "ВЫХЛОПНЫЕ (истощить)", "s", (1, 2)), seed) is not None
    assert _term_problem(tt.Rule("x.b", "", "ВЫХЛОПНЫЕ; истощенная карта", "s", (1, 2)), seed) is None
    assert _term_problem(tt.Rule("x.c", "", "истощенная карта", "s", (1, 1)), seed) is not None  # not on L1
    assert _term_problem(tt.Rule("x.d", "", "истощить", "s", (1, 2), gloss=True), seed) is None
    assert _term_problem(tt.Rule("x.e", "", "exhaust", "s", (1, 2), gloss=True), seed) is not None
    assert _term_problem(tt.Rule("x.f", "", "", "s", (1, 2)), seed) is not None


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_rule_terms_are_quoted_from_their_cited_lines(rulebook, seed_text):
    """Each rule that is not an assumption quotes its Russian term from the lines it cites: at least
    two thirds of the term's words (of 3+ letters) are on them, not only the first. A term that is a
    gloss rather than a quotation is marked ``gloss=True`` and must still be Russian."""
    wrong = []
    for rule in tt.rulebook(rulebook).rules:
        if not rule.assumption:
            problem = _term_problem(rule, seed_text(rule.source).split("\n") if rule.lines else [])
            wrong += [problem] if problem else []
    assert wrong == []


# ------------------------------------------------------------------ rules the code applies
# Rules that carry behaviour the code does not apply as the rule states, so no code can honestly
# cite them; each with the reason. Fix the code (then the rule is cited there), never by citing it.
NOT_APPLIED: dict[str, str] = {}


def _code() -> str:
    """The rulebooks' and kernel's code and card data, without the rule tables themselves."""
    files = sorted(
        p
        for p in (REPOSITORY / "tabletop").rglob("*")
        if p.suffix in (".py", ".json", ".toml") and p.name != "rules.py" and "__pycache__" not in p.parts
    )
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def _cites(code: str, rule_id: str) -> bool:
    """``rule_id`` appears as a whole id: ``mc.form`` is not cited by ``mc.form_once``, but is by ``mc.form.``"""
    return re.search(rf"(?<![\w.]){re.escape(rule_id)}(?!\w|\.\w)", code) is not None


def test_a_rule_id_is_cited_only_as_a_whole_id():
    assert _cites("see mc.form.", "mc.form")
    assert _cites('rule="mc.form")', "mc.form")
    assert not _cites("mc.form_once", "mc.form")
    assert not _cites("mc.form.x", "mc.form")
    assert not _cites("xmc.form", "mc.form")


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_every_rule_is_applied_by_code_or_is_glossary(rulebook):
    """Each rule id appears in the code of tabletop/ outside the rule tables (a trace record, an ask,
    a modifier, card data, or a comment at the code that implements it), unless it is a glossary
    entry (``kind="glossary"``) that carries no behaviour of its own."""
    code = _code()
    rules = tt.rulebook(rulebook).rules
    uncited = [r.id for r in rules if r.kind != "glossary" and r.id not in NOT_APPLIED and not _cites(code, r.id)]
    assert uncited == []


def test_the_rules_listed_as_not_applied_are_rules_nothing_cites():
    """A rule listed in NOT_APPLIED that the code now cites (or that is gone) leaves the list."""
    code = _code()
    rules = {r.id for rb in RULEBOOKS for r in tt.rulebook(rb).rules}
    for rule_id, reason in NOT_APPLIED.items():
        assert rule_id in rules and reason, rule_id
        assert not _cites(code, rule_id), f"{rule_id} is cited by the code now: remove it from NOT_APPLIED"


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_glossary_entries_are_not_applied_as_rules(rulebook):
    """A glossary entry carries no behaviour: the code does not cite it (else it is a rule)."""
    code = _code()
    glossary = [r for r in tt.rulebook(rulebook).rules if r.kind == "glossary"]
    assert [r.id for r in glossary if _cites(code, r.id)] == []
    assert not any(r.assumption for r in glossary), "an assumption is a reading the code applies"
