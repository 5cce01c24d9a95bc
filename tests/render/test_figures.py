"""Trigger chains and state graphs as plotly figures: layered, coloured by kind, deterministic."""

from html import escape

import networkx as nx
import plotly.graph_objects as go
import pytest

import tabletop as tt
from tabletop.core.trace import NODE_KINDS
from tabletop.games.memory.game import dealt
from tabletop.render.chains import KIND_COLOURS, chain_figure, chain_layout
from tabletop.render.states import state_graph_figure, state_layout

MEMORY = tt.rulebook("memory")
BERSERK = tt.rulebook("berserk_heroes")


def memory_match():
    return MEMORY.scenario("match-official").apply("s03")


def berserk_triggers():
    return BERSERK.scenario("create").apply("play:c45").apply("1:c45#0")


def node_traces(fig, prefix):
    return [t for t in fig.data if t.uid.startswith(prefix)]


def rounded(values) -> bool:
    return all(v is None or round(v, 3) == v for v in values)


# ------------------------------------------------------------ chains
@pytest.mark.parametrize("build", [memory_match, berserk_triggers])
def test_chain_figure_has_one_trace_per_node_kind_and_every_node(build):
    graph = build().trace.graph()
    fig = chain_figure(graph)
    assert isinstance(fig, go.Figure) and not isinstance(fig, go.FigureWidget)
    kinds = [k for k in NODE_KINDS if any(d["kind"] == k for _, d in graph.nodes(data=True))]
    nodes = node_traces(fig, "chain-nodes-")
    assert [t.name.split(":")[0] for t in nodes] == kinds
    assert [t.uid for t in nodes] == [f"chain-nodes-{k}" for k in kinds]
    assert sum(len(t.x) for t in nodes) == graph.number_of_nodes()
    for t in nodes:
        kind = t.name.split(":")[0]
        assert t.marker.color == KIND_COLOURS[kind]
        assert sorted(c[0] for c in t.customdata) == sorted(n for n, d in graph.nodes(data=True) if d["kind"] == kind)
    edges = node_traces(fig, "chain-edges-")
    tree = sum(1 for u, v, d in graph.edges(data=True) if d["kind"] != "because")
    assert sum(len(t.x) for t in edges) >= 4 * tree  # each edge: its corners and a break
    assert {t.uid for t in edges} == {f"chain-edges-{d['kind']}" for *_, d in graph.edges(data=True)}
    assert len(fig.data) == len(nodes) + len(edges)


def test_berserk_chain_styles_triggered_edges():
    fig = chain_figure(berserk_triggers().trace.graph())
    uids = {t.uid: t for t in fig.data}
    assert "chain-nodes-trigger" in uids and "chain-edges-triggered" in uids
    assert uids["chain-edges-triggered"].line.color != uids["chain-edges-caused"].line.color


def test_chain_layers_follow_causality_with_rounded_coordinates():
    graph = memory_match().trace.graph()
    pos = chain_layout(graph)
    for u, v in graph.edges:
        assert pos[v][0] > pos[u][0]  # a cause lies in an earlier layer
        assert pos[v][1] < pos[u][1]  # and above what it caused
    for n in graph:
        if not list(graph.predecessors(n)):
            assert pos[n][0] == 0
    assert len(set(pos.values())) == len(pos)  # no two nodes on one spot
    fig = chain_figure(graph)
    for t in fig.data:
        assert rounded(t.x) and rounded(t.y)
        assert all(v is None or v == int(v) for v in t.x)  # x is the depth


def test_chain_hover_shows_summary_rule_and_rule_text():
    game = memory_match()
    graph = game.trace.graph()
    take = next(n for n, d in graph.nodes(data=True) if d["rule"] == "mem.match")
    fig = chain_figure(graph)
    trace = next(t for t in fig.data if t.uid == f"chain-nodes-{graph.nodes[take]['kind']}")
    hover = trace.hovertext[[c[0] for c in trace.customdata].index(take)]
    rule = MEMORY.rules["mem.match"]
    flat = hover.replace("<br>", " ")
    assert escape(graph.nodes[take]["summary"]) in flat
    assert "mem.match" in flat and escape(" ".join(rule.text.split())) in flat
    assert escape(rule.citation) in flat
    assert trace.hovertemplate == "%{hovertext}<extra></extra>"


def test_chain_figure_is_deterministic_across_calls_and_a_json_round_trip():
    game = berserk_triggers()
    one = chain_figure(game.trace.graph()).to_dict()
    assert chain_figure(game.trace.graph()).to_dict() == one
    assert chain_figure(tt.load_game(game.to_json()).trace.graph()).to_dict() == one
    assert chain_figure(tt.trigger_chain(game)).to_dict()["data"] == one["data"]


def test_chain_figure_escapes_and_handles_odd_graphs():
    g = nx.DiGraph()
    g.add_node(0, kind="event", summary="<script>x</script>", rule="r<1>", rule_text="a & b", citation="")
    g.add_node(1, kind="mystery", summary="who knows", rule="", rule_text="", citation="")
    g.add_edge(0, 1, kind="odd")
    fig = chain_figure(g)
    text = "".join(t for tr in fig.data if tr.hovertext for t in tr.hovertext)
    text += "".join(t for tr in fig.data if tr.text for t in tr.text)
    assert "<script>" not in text and "&lt;script&gt;" in text and "a &amp; b" in text
    assert {t.uid for t in fig.data} == {"chain-edges-odd", "chain-nodes-event", "chain-nodes-mystery"}
    empty = chain_figure(nx.DiGraph())
    assert len(empty.data) == 0 and empty.layout.annotations[0].text == "no steps traced"


# ------------------------------------------------------------ state graphs
def test_state_graph_figure_layers_by_depth_and_colours_by_player():
    sg = tt.explore(dealt([0, 1, 0, 1]), depth=4)
    fig = state_graph_figure(sg)
    assert isinstance(fig, go.Figure)
    nodes = node_traces(fig, "states-nodes-")
    assert sum(len(t.x) for t in nodes) == len(sg)
    groups = {t.uid: t for t in nodes}
    assert set(groups) == {"states-nodes-player-0", "states-nodes-player-1", "states-nodes-over"}
    assert groups["states-nodes-player-0"].marker.color != groups["states-nodes-player-1"].marker.color
    over = groups["states-nodes-over"]
    assert over.marker.symbol == "diamond" and sorted(over.customdata) == sorted(sg.terminal())
    assert all("game over" in t for t in over.text)
    pos = state_layout(sg)
    for n, d in sg.graph.nodes(data=True):
        assert pos[n][0] == d["depth"]
        assert d["summary"] and escape(d["summary"]) in _hover_of(fig, n)
    for t in fig.data:
        assert rounded(t.x) and rounded(t.y)
    edges = next(t for t in fig.data if t.uid == "states-edges")
    assert len(edges.x) == 3 * sg.graph.number_of_edges()
    moves = next(t for t in fig.data if t.uid == "states-options")
    assert len(moves.text) == sg.graph.number_of_edges() and any("flip the card" in t for t in moves.text)


def _hover_of(fig, node):
    for t in fig.data:
        if t.uid.startswith("states-nodes-") and node in t.customdata:
            return t.text[list(t.customdata).index(node)]
    raise KeyError(node)


def test_state_graph_chance_edges_carry_probabilities():
    game = MEMORY.new_game(seed=0, pairs=2, chance="manual")
    sg = tt.explore(game, depth=2)
    fig = state_graph_figure(sg)
    chance = next(t for t in fig.data if t.uid == "states-chance-edges")
    assert len(chance.x) == 3 * sg.graph.number_of_edges()
    assert "states-nodes-chance" in {t.uid for t in fig.data}
    assert any("p=0.5" in t for t in next(t for t in fig.data if t.uid == "states-options").text)


def test_state_graph_figure_is_deterministic():
    game = dealt([0, 1, 0, 1])
    one = state_graph_figure(tt.explore(game, depth=3)).to_dict()
    assert state_graph_figure(tt.explore(game, depth=3)).to_dict() == one
    assert state_graph_figure(tt.explore(tt.load_game(game.to_json()), depth=3)).to_dict() == one
    uids = [t["uid"] for t in one["data"]]
    assert len(uids) == len(set(uids)) and all(u.startswith("states-") for u in uids)
