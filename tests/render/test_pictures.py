"""Static pictures (tabletop.render.pictures): boards and plotly figures as <img> data URIs."""

import base64
import re
import xml.etree.ElementTree as ET

import plotly.graph_objects as go
import plotly.io as pio

import tabletop as tt
from tabletop.render.chains import chain_figure
from tabletop.render.pictures import figure_html, figure_svg, inline_pictures, picture_html, plotly_renderer

SVG = "{http://www.w3.org/2000/svg}"


def win_rates():
    fig = go.Figure(
        go.Scatter(
            x=["all games", "mage first"],
            y=[0.52, 0.55],
            error_y={"type": "data", "array": [0.03, 0.04]},
            mode="markers",
            marker={"size": 14, "color": ["#4c78a8", "#f58518"]},
        )
    )
    fig.add_hline(y=0.5, line_dash="dash", annotation_text="even")
    fig.update_layout(title="First player <b>wins</b>", yaxis={"title": "rate", "range": [0, 1]}, width=640)
    return fig


def test_a_picture_is_an_img_whose_source_is_the_svg():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><text>a &amp; b</text></svg>'
    html = picture_html(svg, 'alt "text" <b>')
    src = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html).group(1)
    assert base64.b64decode(src).decode() == svg and inline_pictures(html) == svg
    assert 'alt="alt &quot;text&quot; &lt;b&gt;"' in html
    ET.fromstring(html)


def test_figures_are_drawn_without_plotly_js():
    fig = win_rates()
    svg = figure_svg(fig)
    root = ET.fromstring(svg)
    assert root.get("width") == "640" and svg == figure_svg(fig.to_dict())
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "First player wins" in texts and "all games" in texts and "even" in texts and "rate" in texts
    assert len(list(root.iter(f"{SVG}circle"))) == 2  # the two markers
    assert any(line.get("stroke-dasharray") for line in root.iter(f"{SVG}line"))  # the dashed 0.5 line
    bars = go.Figure([go.Bar(name=n, x=["a", "b"], y=[1, 2]) for n in ("one", "two")])
    root = ET.fromstring(figure_svg(bars))
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("fill-opacity")]) == 4
    assert {"one", "two"} <= {"".join(t.itertext()) for t in root.iter(f"{SVG}text")}  # the legend


def test_a_trigger_chain_figure_has_its_picture():
    game = tt.rulebook("memory").scenario("match-official").apply("s03")
    fig = chain_figure(tt.trigger_chain(game), title="A match")
    html = figure_html(fig)
    assert 'alt="A match"' in html and html == figure_html(chain_figure(tt.trigger_chain(game), title="A match"))
    root = ET.fromstring(inline_pictures(html))
    assert len(list(root.iter(f"{SVG}polyline"))) >= 1  # the edges


def test_the_renderer_sends_the_live_figure_and_its_picture():
    name = plotly_renderer()
    assert name in pio.renderers
    data = pio.renderers._build_mime_bundle(win_rates().to_dict(), renderers_string=name)
    assert set(data) == {"application/vnd.plotly.v1+json", "text/html"}
    assert data["text/html"] == figure_html(win_rates())


def test_a_horizontal_legend_is_drawn_under_the_plot_and_leaves_the_plot_its_width():
    # (issue 16: the trigger chain's picture put its legend at the right, over the node labels)
    def figure(orientation):
        fig = go.Figure([go.Scatter(x=[0, 10], y=[0, 1], name="nodes"), go.Scatter(x=[0, 10], y=[1, 0], name="edges")])
        fig.update_layout(width=600, height=400, margin={"l": 10, "r": 10, "t": 10, "b": 100})
        if orientation:
            fig.update_layout(legend={"orientation": orientation})
        return ET.fromstring(figure_svg(fig))

    def legend_y(root):
        texts = root.iter("{http://www.w3.org/2000/svg}text")
        return [float(t.get("y")) for t in texts if "".join(t.itertext()) in ("nodes", "edges")]

    below, right = figure("h"), figure(None)
    assert legend_y(below) and min(legend_y(below)) > 400 - 100  # under the plot area (in the bottom margin)
    assert legend_y(right) and max(legend_y(right)) < 400 - 100
