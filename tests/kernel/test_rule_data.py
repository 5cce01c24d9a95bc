"""Rule tables as data files (tabletop.core.rule_data): every shipped rulebook's table, multi-range
citations included, goes to a TOML file and back unchanged; broken rule data names the file, the rule
and the field."""

from __future__ import annotations

import pytest

import tabletop as tt
from tabletop.core.rule_data import RuleDataError, dump_rules, load_rules
from tabletop.core.rules import Rule


@pytest.mark.parametrize("rid", tt.rulebooks())
def test_every_shipped_rule_table_goes_to_a_data_file_and_back(rid, tmp_path):
    rules = list(tt.rulebook(rid).rules)
    seeds = [r.source for r in rules if r.source]
    source = max(set(seeds), key=seeds.count) if seeds else ""
    path = tmp_path / "rules.toml"
    path.write_text(dump_rules(rules, source), encoding="utf-8")
    back = list(load_rules(path))
    assert back == rules  # every field of every rule, in order


def test_a_multi_range_citation_is_kept(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(
        'source = "seed.txt"\n[[rule]]\nid = "x.two"\ntext = "Two places."\nlines = [[468, 468], [650, 652]]\n'
        '[[rule]]\nid = "x.one"\ntext = "One place."\nlines = [3, 4]\nsource = "other.txt"\n',
        encoding="utf-8",
    )
    table = load_rules(path)
    assert table["x.two"].citation == "seed.txt L468, L650-652"
    assert table["x.one"].lines == ((3, 4),) and table["x.one"].source == "other.txt"


BAD = [
    ('[[rule]]\nid = "x.a"\n', "rule 'x.a', field 'text': a rule needs an id and a text"),
    ('[[rule]]\nid = "x.a"\ntext = "t"\nlines = [5, 2]\n', "rule 'x.a', field 'lines': a rule's line range"),
    ('[[rule]]\nid = "x.a"\ntext = "t"\nassumption = "yes"\n', "field 'assumption': must be a bool, not 'yes'"),
    ('[[rule]]\nid = "x.a"\ntext = "t"\nlinez = [1, 2]\n', "rule 'x.a', field 'linez': unknown field"),
    (
        '[[rule]]\nid = "x.a"\ntext = "t"\n[[rule]]\nid = "x.a"\ntext = "u"\n',
        "field 'id': the rule id is defined twice",
    ),
    ('[[rule]]\nid = "x.a"\ntext = "t"\nkind = "law"\n', "rule 'x.a': rule 'x.a': kind must be"),
    ('[[rule]]\nid = "x.a"\ntext = "t"\noption = 3\n', "field 'option': must be a str, not 3"),
    ("rule = 1\n", "field 'rule': the file must hold [[rule]] tables"),
    ('[[rule]]\nid = "x.a"\ntext = "t\n', "not valid TOML"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_broken_rule_data_names_the_file_the_rule_and_the_field(text, message, tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleDataError) as err:
        load_rules(path)
    assert str(err.value).startswith("rules.toml") and message in str(err.value)


def test_dump_writes_only_what_differs_from_a_rules_defaults():
    text = dump_rules([Rule("x.a", 'Say "hi".', "Привет", "seed.txt", (1, 2), assumption=True)], "seed.txt")
    assert (
        text == 'source = "seed.txt"\n\n[[rule]]\nid = "x.a"\ntext = "Say \\"hi\\"."\nterm = "Привет"\n'
        "lines = [1, 2]\nassumption = true\n"
    )
