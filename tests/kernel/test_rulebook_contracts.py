"""What every rulebook owes the kernel's public surface: game.explain whose steps end at game.value
(Rulebook.explain hook), and assumptions that name the options switching them (Rule.option)."""

import random

import pytest

import tabletop as tt
from tabletop.core import Profile, Rule, RuleError, RuleTable
from tabletop.core.modifiers import Explanation, ModifierOrder, Step

from .toybook import creature, make


# ------------------------------------------------------------------ the explain hook
def _hook(game, obj, stat):
    """A toy rulebook keeping a stat itself: printed 2, +1 from Y."""
    if stat != "power":
        return None
    oid = obj["id"]
    return Explanation(
        oid, stat, 3, (Step("base", 2, None, 2, oid, "toy.rule"), Step("add", 1, 2, 3, "Y", "toy.ability"))
    )


def _toy(hook, **kw):
    def double(game):
        game.add_modifier("X", "power", "mul", 2, source="spell", rule="toy.ability")

    rb = make(Profile(modifiers=ModifierOrder()), [creature("X", 0, base={"hp": 3})], scripts={"double": double}, **kw)
    rb.explain = hook
    return rb.new_game(seed=0)


def test_the_explain_hook_comes_first_then_the_kernels_modifiers():
    """Rulebook.explain: the rulebook's own breakdown, then the lasting modifiers in the profile's order; the
    last step ends at game.value."""
    game = _toy(_hook)
    assert game.value("X", "power") == 3 and [s.op for s in game.explain("X", "power").steps] == ["base", "add"]
    game.apply("go:double")
    ex = game.explain("X", "power")
    assert [(s.op, s.source, s.rule) for s in ex.steps] == [
        ("base", "X", "toy.rule"),
        ("add", "Y", "toy.ability"),
        ("mul", "spell", "toy.ability"),
    ]
    assert ex.value == ex.steps[-1].after == 6 == game.value("X", "power")
    with pytest.raises(KeyError, match="no stat 'hp2'"):  # the hook gives None: the kernel's base value
        game.explain("X", "hp2")
    assert game.value("X", "hp") == 3


def test_an_explain_hook_whose_steps_do_not_add_up_is_an_error_naming_it():
    """A table that does not end at its value would lie: the kernel refuses it, naming rulebook, object, stat."""

    def broken(game, obj, stat):
        return Explanation(obj["id"], stat, 5, (Step("base", 2, None, 2, obj["id"], "toy.rule"),))

    game = _toy(broken)
    with pytest.raises(RuleError, match=r"toy: the explain hook for 'power' of 'X'.*end at 2, its value is 5"):
        game.explain("X", "power")
    assert game.decision is not None  # the game is unchanged


def test_a_value_against_another_object_comes_whole_from_the_rulebook():
    """Rulebook.explain_against: ``game.explain(a, stat, against=b)`` (the damage a deals b) is the hook's
    explanation, naming both objects; game.value agrees; a stat the hook has not, or a rulebook without the hook,
    is a RuleError naming the stat and both objects; an unknown object a KeyError naming it."""

    def against(game, obj, stat, other):
        if stat != "damage":
            return None
        hurt = 4 if other["id"] == "X" else 1
        return Explanation(obj["id"], stat, hurt, (Step("base", hurt, None, hurt, obj["id"], "toy.rule"),))

    game = _toy(_hook)
    with pytest.raises(RuleError, match=r"toy has no value 'damage' of one object against another.*'X' against 'X'"):
        game.explain("X", "damage", against="X")
    game.rulebook.explain_against = against
    ex = game.explain("X", "damage", against="X")
    assert (ex.obj, ex.stat, ex.against, ex.value) == ("X", "damage", "X", 4) == ("X", "damage", "X", game.value(
        "X", "damage", against="X"))  # fmt: skip
    assert str(ex).startswith("damage of X against X = 4") and "against <code>X</code>" in ex._repr_html_()
    assert game.explain("X", "power").against is None  # without ``against``: the value of the object alone
    with pytest.raises(RuleError, match=r"no value 'power' of one object against another"):
        game.explain("X", "power", against="X")
    with pytest.raises(KeyError, match="no object 'nobody'"):
        game.explain("X", "damage", against="nobody")
    game.rulebook.explain_against = lambda game, obj, stat, other: Explanation(obj["id"], stat, 5, ())
    with pytest.raises(RuleError, match=r"the explain hook for 'damage' of 'X' gave no base step first"):
        game.explain("X", "damage", against="X")


STATS = {
    "hearthstone": ("attack", "health", "max_health", "durability", "cost"),
    "berserk_heroes": ("strike", "life", "cost", "payment"),
    "marvel_champions": ("atk", "thw", "def", "rec", "sch", "hp", "cost", "hand_size"),
}


def _check_every_value(game: tt.Game, stats: tuple[str, ...], seen: list) -> None:
    for oid, obj in game.state.objects.items():
        if str(obj.get("zone", "")).startswith("deck"):
            continue
        for stat in stats:
            try:
                ex = game.explain(oid, stat)
            except KeyError:
                continue
            assert ex.steps and ex.steps[0].op == "base", (oid, stat, ex)
            for prev, step in zip(ex.steps, ex.steps[1:]):
                assert step.before == prev.after and step.rule, (oid, stat, ex)
            assert ex.steps[-1].after == ex.value == game.value(oid, stat), (oid, stat, ex)
            seen.extend(s for s in ex.steps[1:] if s.op not in ("round", "floor"))


@pytest.mark.parametrize("rulebook", sorted(STATS))
def test_every_value_of_a_rulebook_is_explained_publicly_and_adds_up(rulebook):
    """DESIGN.md, game.explain: in every scenario and along random play, each value's public explanation
    starts at a base, each further step cites its rule and starts where the one before ended, and the last
    ends at game.value; some of them show contributions beyond the base (buffs, auras, modifiers)."""
    rb = tt.rulebook(rulebook)
    seen: list = []
    for i, name in enumerate(sorted(rb.scenarios)):
        game = rb.scenario(name)
        rng = random.Random(i)
        for step in range(60):
            if step % 6 == 0:
                _check_every_value(game, STATS[rulebook], seen)
            if game.decision is None:
                break
            game.apply(rng.choice(game.legal()))
    assert seen, f"{rulebook}: no value with a contribution beyond its base was met"


# ---------------------------------------------------------- assumptions and their options
@pytest.mark.parametrize("rulebook", tt.rulebooks())
def test_every_option_that_switches_an_assumption_is_named_back_by_it(rulebook):
    """DESIGN.md, rule references: an assumption is exposed as an option where it matters. Every option whose
    spec cites an assumption must be named by that rule's ``option`` (so ``rules.assumptions()`` shows it),
    and every option a rule names must exist."""
    rb = tt.rulebook(rulebook)
    missing = [
        f"{spec.rule} (option {name})"
        for name, spec in rb.options.items()
        if spec.rule and rb.rules[spec.rule].assumption and name not in rb.rules[spec.rule].switched_by
    ]
    assert not missing, f"{rulebook}: these assumptions do not name the option that switches them: {missing}"
    unknown = [f"{r.id}: {n}" for r in rb.rules for n in r.switched_by if n not in rb.options]
    assert not unknown, f"{rulebook}: rules name options the rulebook does not have: {unknown}"


def test_assumptions_show_which_option_switches_them():
    """RuleTable and rules.assumptions(): a "switched by" column, and the option in each rule's text."""
    table = RuleTable(
        [
            Rule("x.rule", "A rule.", "правило", "seed.txt", (3, 4)),
            Rule("x.assume.a", "One reading.", source="seed.txt", assumption=True, option="literal"),
            Rule("x.assume.b", "Two options.", source="seed.txt", assumption=True, option="p, q"),
        ]
    )
    assumed = table.assumptions()
    assert [r.id for r in assumed] == ["x.assume.a", "x.assume.b"] and isinstance(assumed, list)
    assert assumed[1].switched_by == ("p", "q") and table["x.rule"].switched_by == ()
    for html in (assumed._repr_html_(), table._repr_html_()):
        assert "<th>switched by</th>" in html and "<td><code>literal</code></td>" in html
        assert "<code>p</code>, <code>q</code>" in html
    assert "<td>" in table._repr_html_().split("x.rule")[1].split("</tr>")[0]  # an empty cell for a plain rule
    assert "[switched by option literal]" in str(assumed[0]) and str(assumed).count("\n") == 1
