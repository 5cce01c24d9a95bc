"""The public API surface that notebooks, tests and users rely on (DESIGN.md, Public API)."""

import json
import subprocess
import sys

import networkx as nx
import pytest

import tabletop as tt


def test_rulebooks_are_found_through_entry_points():
    ids = tt.rulebooks()
    assert {"memory", "berserk_heroes"} <= set(ids)
    assert ids == sorted(ids)
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="tabletop.rulebooks")}
    assert {"memory", "berserk_heroes"} <= names


def test_pyproject_declares_the_entry_points_the_registry_builds_in():
    """registry.BUILTIN and pyproject's entry points name the same objects (the registry reads BUILTIN)."""
    import tomllib
    from pathlib import Path

    from tabletop.core import registry

    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["entry-points"][registry.GROUP] == registry.BUILTIN


def test_stale_entry_points_of_tabletop_itself_are_ignored_and_other_packages_are_found(tmp_path, monkeypatch):
    """Installed metadata of an editable install keeps the module paths it was installed with (here
    the packages' old place): the running code's own table wins; another package adds its games."""
    from tabletop.core import registry

    def dist(name: str, entries: str) -> None:
        info = tmp_path / f"{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
        (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\n{entries}\n", encoding="utf-8")

    dist("tabletop", "memory = tabletop.rulebooks.memory:RULEBOOK")
    dist("chess_for_tabletop", "chess = chess_for_tabletop:RULEBOOK")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_loaded", {})
    assert tt.rulebooks() == sorted([*registry.BUILTIN, "chess"])
    assert tt.rulebook("memory").id == "memory"
    with pytest.raises(ModuleNotFoundError, match="chess_for_tabletop"):
        tt.rulebook("chess")


def test_unknown_rulebook_names_the_installed_ones():
    with pytest.raises(tt.UnknownRulebook, match=r"no rulebook .chess.; installed: .*memory"):
        tt.rulebook("chess")


def test_rulebook_metadata():
    rb = tt.rulebook("memory")
    assert rb.title and rb.source.startswith("000_")
    assert rb.players == (2, 8)
    assert "mem.turn" in rb.rules and rb.rules["mem.turn"].citation == "000_7fc8e0fd1bcbc422.txt L1524"
    assert {r.id for r in rb.rules.assumptions()} >= {"mem.assume.end"}
    assert set(rb.options) == {"pairs", "extra_turn_on_match", "first_player", "columns", "turn_back"}
    assert "small-board" in rb.scenarios
    assert isinstance(rb.profile, tt.Profile)


def test_game_surface():
    rb = tt.rulebook("memory")
    game = rb.new_game(seed=7, players=2, pairs=3)
    dec = game.decision
    assert isinstance(dec, tt.Decision) and dec.options and all(isinstance(o, tt.Option) for o in dec.options)
    child = game.child(dec.options[0])
    assert child.fingerprint() != game.fingerprint()
    assert game.decision == dec  # child() leaves the original untouched
    same = game.clone().apply(dec.options[0].id)
    assert same.fingerprint() == child.fingerprint()
    assert tt.load_game(child.to_json()).fingerprint() == child.fingerprint()
    graph = child.trace.graph()
    assert isinstance(graph, nx.DiGraph) and graph.number_of_nodes() == len(child.trace)
    assert all("kind" in d and "rule" in d for _, d in graph.nodes(data=True))
    assert any(d["kind"] == "chose" for *_, d in graph.edges(data=True))
    assert "[mem.turn" in str(child.log)
    assert child.view(1)["decision"] == {"player": 0, "kind": "action", "prompt": "flip a second card"}
    assert game.result is None


def test_load_game_rejects_what_is_not_a_saved_game():
    with pytest.raises(tt.TabletopError, match="invalid JSON"):
        tt.load_game("{nope")
    with pytest.raises(tt.TabletopError, match="expected format"):
        tt.load_game(json.dumps({"format": "other"}))


def test_import_tabletop_loads_no_jupyter_plotly_or_numpy():
    code = (
        "import sys, tabletop as tt; tt.rulebook('memory').new_game(seed=1, pairs=2); "
        "bad = [m for m in ('numpy', 'plotly', 'ipywidgets', 'anywidget', 'IPython', 'jupyter_client', "
        "'ipykernel', 'networkx') if m in sys.modules]; print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_rulebooks_stays_the_function_after_every_rulebook_package_is_imported():
    """``tt.rulebooks`` is the registry's function, not a package that happens to be callable.

    Importing a package ``tabletop.X.Y`` binds ``tabletop.X`` to the package ``X``, so the
    rulebook packages must not live under the name of a public function.
    """
    import importlib
    import types

    from tabletop.core import registry

    for target in registry.BUILTIN.values():  # each rulebook's package, by its module path
        importlib.import_module(target.partition(":")[0])
    for rulebook_id in tt.rulebooks():
        tt.rulebook(rulebook_id)
    assert tt.rulebooks is registry.rulebooks
    assert isinstance(tt.rulebooks, types.FunctionType)
    from tabletop import rulebooks

    assert rulebooks is registry.rulebooks and "memory" in rulebooks()
    assert [name for name, module in sys.modules.items() if name.startswith("tabletop") and callable(module)] == []
