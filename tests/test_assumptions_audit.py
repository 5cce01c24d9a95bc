"""Issue 13: every assumption that changes outcomes is an option. Each assumption of every installed rulebook
is either switched by an option (``Rule.option``) or fixed (``Rule.fixed``: why no other reading changes an
outcome), never both; the ones whose other reading is known but not yet an option are listed below, so the gap
is visible and checked."""

import pytest

import tabletop as tt
from tabletop.core import Rule, RuleError

RULEBOOKS = tt.rulebooks()

# assumption id -> the other reading that would change outcomes and is not an option yet (none left)
NOT_YET_OPTIONS: dict[str, str] = {}


def _assumptions():
    return [(rid, rule) for rid in RULEBOOKS for rule in tt.rulebook(rid).rules.assumptions()]


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_every_assumption_is_switched_by_an_option_or_fixed(rulebook):
    """Issue 13 ('every assumption that changes outcomes is an option'): each assumption names the option that
    switches it, or says in ``fixed`` why no other reading would change an outcome; the ones still waiting for
    an option are in NOT_YET_OPTIONS with the reading they would switch to."""
    unmarked, both = [], []
    for rule in tt.rulebook(rulebook).rules.assumptions():
        if rule.id in NOT_YET_OPTIONS:
            continue
        if bool(rule.option) == bool(rule.fixed):
            (both if rule.option else unmarked).append(rule.id)
    assert not unmarked, f"{rulebook}: assumptions with neither an option nor a fixed reason: {unmarked}"
    assert not both, f"{rulebook}: assumptions with both an option and a fixed reason: {both}"


def test_the_list_of_assumptions_not_yet_options_is_current():
    """An item of NOT_YET_OPTIONS that gained an option or a fixed reason (or no longer exists) must leave the
    list, so it always shows exactly the gap."""
    rules = {rule.id: rule for _, rule in _assumptions()}
    stale = [rid for rid in NOT_YET_OPTIONS if rid not in rules or rules[rid].option or rules[rid].fixed]
    assert stale == []
    assert all(NOT_YET_OPTIONS.values())  # each names the reading it waits for


def test_every_fixed_reason_is_one_line_of_words():
    """Rule.fixed is a short reason, not a flag: a sentence without a line break."""
    for rid, rule in _assumptions():
        if rule.fixed:
            assert "\n" not in rule.fixed and len(rule.fixed.split()) >= 6, (rid, rule.id)


def test_a_rule_is_either_switched_or_fixed_and_only_an_assumption_is_fixed():
    """Rule: ``fixed`` with ``option`` is a contradiction, and a rule that is no assumption has nothing to fix."""
    with pytest.raises(RuleError, match="either switched by an option or fixed"):
        Rule("x.assume.a", "One reading.", source="seed.txt", assumption=True, option="o", fixed="a reason")
    with pytest.raises(RuleError, match="only an assumption can be fixed"):
        Rule("x.rule", "A rule.", source="seed.txt", fixed="a reason")
    assert Rule("x.assume.b", "One reading.", source="seed.txt", assumption=True, fixed="a reason").fixed


def test_assumptions_show_why_they_have_no_option():
    """rules.assumptions() shows the fixed reason beside the rule, as text and in the table."""
    from tabletop.core.rules import RuleTable

    table = RuleTable([Rule("x.assume.c", "A definition.", source="seed.txt", assumption=True, fixed="it defines")])
    assert str(table.assumptions()).endswith("[no option: it defines]")
    assert "<em>none: it defines</em>" in table._repr_html_()


def test_a_new_option_with_the_old_default_plays_the_same_games():
    """Issue 13: an assumption's other reading is added as an option whose default is the old behaviour, so
    the games play as before and only the options saved with them change. playout_digest(saved_options=False)
    shows it: a copy of memory with one more (unused) option has another digest, but the same one without
    the saved options."""
    import dataclasses

    from tabletop.core import OptionSpec
    from tabletop.testing import playout_digest

    rb = tt.rulebook("memory")
    more = dataclasses.replace(rb, options={**rb.options, "unused": OptionSpec("unused", False, "Changes nothing.")})
    assert playout_digest(rb, games=2) != playout_digest(more, games=2)
    assert playout_digest(rb, games=2, saved_options=False) == playout_digest(more, games=2, saved_options=False)
