"""Trigger chains a student can read: labels in words, a layered order, folding, a static SVG."""

import re
import xml.etree.ElementTree as ET
from html import unescape

import networkx as nx
import pytest

import tabletop as tt
from tabletop.core.errors import ArgumentValueError
from tabletop.render.chains import (
    EDGE_MEANING,
    chain_figure,
    chain_layers,
    chain_layout,
    chain_svg,
    fold_chain,
)

HS = tt.rulebook("hearthstone")


def death_chain() -> tuple[tt.Game, int]:
    """Hearthstone's death-chain scenario after the Bog Crawler attacks the Abomination."""
    game = HS.scenario("death-chain")

    def card(name, zone):
        return next(o for o in game.state.zones[zone] if HS.cards[game.state.objects[o]["card"]]["name"] == name)

    start = len(game.trace)
    game.apply(f"attack:{card('Bog Crawler', 'board:0')}>{card('Abomination', 'board:1')}")
    return game, start


@pytest.fixture(scope="module")
def attack():
    game, start = death_chain()
    return tt.trigger_chain(game, since=start)


@pytest.fixture(scope="module")
def whole():
    return tt.trigger_chain(death_chain()[0])


def svg_text(svg: str) -> str:
    """The words an SVG shows (its <text>, not its <title> tooltips), joined by spaces."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    return " ".join("".join(t.itertext()) for t in root.iter(f"{ns}text"))


def test_every_node_is_labelled_in_words_with_its_rule(attack):
    words = " ".join(svg_text(chain_svg(attack)).split())
    for _n, d in attack.nodes(data=True):
        assert d["summary"] in words or all(w in words for w in d["summary"].split())
        assert d["rule"] in words
    assert "Knife Juggler (c67) dies" in words
    assert "Abomination (c69) deals 2 damage to Loot Gnome (c70)" in words


def test_the_plotly_figure_labels_every_point_too(attack):
    fig = chain_figure(attack)
    labels = {}
    for tr in fig.data:
        if tr.uid.startswith("chain-nodes-"):
            for (node, _rule), text in zip(tr.customdata, tr.text, strict=True):
                labels[node] = unescape(re.sub(r"<[^>]+>", " ", text))
    assert set(labels) == set(attack.nodes)
    for n, d in attack.nodes(data=True):
        assert " ".join(d["summary"].split()) in " ".join(labels[n].split())
        assert d["rule"] in labels[n]


def test_a_cause_lies_in_an_earlier_layer_and_above(attack, whole):
    for graph in (attack, whole):
        layer, pos = chain_layers(graph), chain_layout(graph)
        for u, v in graph.edges:
            assert layer[u] < layer[v]
            assert pos[u][0] < pos[v][0] and pos[u][1] > pos[v][1]
        for n in graph:
            if not list(graph.predecessors(n)):
                assert layer[n] == 0
        assert len(set(pos.values())) == len(pos)
    # a state check comes after the damage that made it true ("because" edges count)
    check = next(n for n, d in attack.nodes(data=True) if d["kind"] == "check")
    because = [u for u, _v, d in attack.in_edges(check, data=True) if d["kind"] == "because"]
    assert because and all(layer[u] < layer[check] for u in because)


def test_time_runs_down_each_layer_among_siblings(attack):
    pos = chain_layout(attack)
    for n in attack:
        kids = sorted(attack.successors(n))
        ys = [pos[k][1] for k in kids if pos[k][0] == pos[n][0] + 1]
        assert ys == sorted(ys, reverse=True)


def test_fold_by_action_counts_the_consequences(whole):
    folded = fold_chain(whole, "action")
    attack = next(n for n, d in whole.nodes(data=True) if d["record"] == "decision" and "Bog Crawler" in d["summary"])
    box = folded.nodes[attack]
    assert box["kind"] == "folded" and box["root_kind"] == "decision"
    assert box["folded"] == len(nx.descendants(whole, attack))  # every consequence of the attack
    assert sorted(box["members"]) == sorted([attack, *nx.descendants(whole, attack)])
    total = sum(1 + folded.nodes[n].get("folded", 0) for n in folded)
    assert total == whole.number_of_nodes()  # nothing lost, nothing counted twice
    assert fold_chain(whole, None) is whole
    words = " ".join(svg_text(chain_svg(whole, fold="action")).split())
    assert f"+ {box['folded']} consequences (folded)" in words
    assert "Knife Juggler (c67) dies" not in words


def test_expand_opens_one_action(whole):
    attack = next(n for n, d in whole.nodes(data=True) if d["record"] == "decision" and "Bog Crawler" in d["summary"])
    opened = fold_chain(whole, "action", expand=[attack])
    assert set(nx.descendants(whole, attack)) <= set(opened)
    assert opened.nodes[attack]["kind"] == "decision"
    assert "Knife Juggler (c67) dies" in " ".join(svg_text(chain_svg(whole, fold="action", expand=[attack])).split())
    fig = chain_figure(whole, fold="action", expand=[attack])
    assert sum(len(t.x) for t in fig.data if t.uid.startswith("chain-nodes-")) == opened.number_of_nodes()
    with pytest.raises(ArgumentValueError):
        fold_chain(whole, "round")


def test_folding_keeps_edges_between_groups():
    g = nx.DiGraph()
    for i, kind in enumerate(["action", "event", "action", "event", "check"]):
        g.add_node(i, kind=kind, record=kind, summary=f"step {i}", rule=f"r.{i}", step=i)
    g.add_edges_from([(0, 1), (2, 3)], kind="caused")
    g.add_edge(1, 4, kind="because")
    g.add_edge(3, 4, kind="because")  # the check's why goes through the latest: step 3, action 2
    folded = fold_chain(g, "action")
    assert sorted(folded) == [0, 2]
    assert folded.nodes[2]["folded"] == 2 and folded.nodes[0]["folded"] == 1
    assert folded.edges[0, 2]["kind"] == "because"


def test_svg_is_standalone_deterministic_and_explains_the_kinds(attack):
    svg = chain_svg(attack, title="One attack <two> deaths")
    assert svg == chain_svg(attack, title="One attack <two> deaths")
    ET.fromstring(svg)  # well-formed XML
    assert "<script" not in svg and "plotly" not in svg
    assert "One attack &lt;two&gt; deaths" in svg
    words = svg_text(svg)
    for kind in {d["kind"] for *_, d in attack.edges(data=True)}:
        assert f"{kind}: {EDGE_MEANING[kind]}" in " ".join(words.split())
    assert "because" in words and 'stroke="#ff7f0e"' in svg  # the 'because' edges, dashed orange
    empty = chain_svg(nx.DiGraph())
    assert "no steps traced" in empty


def test_long_decisions_wrap_at_their_question_and_nothing_is_cut():
    g = nx.DiGraph()
    summary = (
        "player 0 chose Bog Crawler (c65) attacks Abomination (c69) with everything it has got "
        "(play, attack or end the turn)"
    )
    g.add_node(0, kind="decision", record="decision", summary=summary, rule="hs.actions", step=0)
    words = " ".join(svg_text(chain_svg(g)).split())
    assert summary in words
    assert "…" not in words


def test_expanding_a_range_opens_the_latest_turn_and_folds_the_rest(whole):
    game, start = death_chain()
    folded = fold_chain(whole, "action", expand=range(start, len(game.trace)))
    assert all(n in folded for n in whole if n >= start)  # the attack, in full
    assert any(d["kind"] == "folded" for _, d in folded.nodes(data=True))  # the setup before it, folded
