"""pyproject.toml and environment.yml must declare the same dependencies.

Every runtime, `test` and `lab` dependency of pyproject.toml must appear in environment.yml
with the same lower bound (`name>=x` there, conda spelling `name >=x` here), and every
package of environment.yml must appear in pyproject.toml. `python`, `pip` and the
`pip: [-e .]` entry of environment.yml are not packages of the project and are skipped;
python's bound is checked against requires-python instead.
"""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
ENVIRONMENT = ROOT / "environment.yml"

# Optional-dependency groups mirrored in environment.yml (`dev` only combines them).
GROUPS = ("test", "lab")
NOT_PACKAGES = {"python", "pip"}

# "name>=1.2", "name[extra]>=1.2", "name >=1.2; marker" -> ("name", "1.2")
PEP508_LOWER_BOUND = re.compile(
    r"^\s*(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*"
    r">=\s*(?P<version>[0-9][0-9A-Za-z.+!-]*)\s*(?:;.*)?$"
)
# conda match spec: "name >=1.2"
CONDA_LOWER_BOUND = re.compile(
    r"^\s*(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*>=\s*(?P<version>[0-9][0-9A-Za-z.+!-]*)\s*$"
)


def normalize(name: str) -> str:
    """PEP 503 normalisation, so `PyYAML`, `pyyaml` and `py_yaml` compare equal."""
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_bound(spec: str, pattern: re.Pattern[str], where: str) -> tuple[str, str]:
    match = pattern.match(spec)
    assert match, f"{where}: cannot read a `>=` lower bound from {spec!r}"
    return normalize(match["name"]), match["version"]


def pyproject_data() -> dict:
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)


def pyproject_dependencies() -> dict[str, str]:
    """name -> lower bound for runtime + test + lab dependencies of pyproject.toml."""
    project = pyproject_data()["project"]
    optional = project.get("optional-dependencies", {})
    specs = list(project.get("dependencies", []))
    for group in GROUPS:
        assert group in optional, f"pyproject.toml has no optional-dependency group {group!r}"
        specs += optional[group]
    deps: dict[str, str] = {}
    for spec in specs:
        name, version = parse_bound(spec, PEP508_LOWER_BOUND, "pyproject.toml")
        assert name not in deps or deps[name] == version, (
            f"pyproject.toml: {name} is listed twice with different lower bounds ({deps[name]} and {version})"
        )
        deps[name] = version
    return deps


def environment_entries() -> list:
    with ENVIRONMENT.open(encoding="utf-8") as f:
        env = yaml.safe_load(f)
    assert isinstance(env, dict), "environment.yml is not a mapping"
    entries = env.get("dependencies")
    assert isinstance(entries, list), "environment.yml has no `dependencies:` list"
    return entries


def environment_dependencies() -> dict[str, str]:
    """name -> lower bound for the conda packages of environment.yml (python, pip skipped)."""
    deps: dict[str, str] = {}
    for entry in environment_entries():
        if isinstance(entry, dict):  # the `pip:` sub-list (`-e .`)
            continue
        assert isinstance(entry, str), f"environment.yml: unexpected entry {entry!r}"
        name = normalize(re.split(r"[\s<>=!~]", entry.strip(), maxsplit=1)[0])
        if name in NOT_PACKAGES:
            continue
        name, version = parse_bound(entry, CONDA_LOWER_BOUND, "environment.yml")
        assert name not in deps, f"environment.yml: {name} is listed twice"
        deps[name] = version
    return deps


def test_pyproject_dependencies_are_in_environment_yml():
    env = environment_dependencies()
    missing = sorted(set(pyproject_dependencies()) - set(env))
    assert not missing, f"in pyproject.toml but missing from environment.yml: {', '.join(missing)}"


def test_environment_yml_dependencies_are_in_pyproject():
    pyproject = pyproject_dependencies()
    extra = sorted(set(environment_dependencies()) - set(pyproject))
    assert not extra, (
        f"in environment.yml but missing from pyproject.toml (runtime, {' or '.join(GROUPS)}): {', '.join(extra)}"
    )


def test_lower_bounds_agree():
    pyproject = pyproject_dependencies()
    env = environment_dependencies()
    mismatched = [
        f"{name}: pyproject.toml >={pyproject[name]}, environment.yml >={env[name]}"
        for name in sorted(set(pyproject) & set(env))
        if pyproject[name] != env[name]
    ]
    assert not mismatched, "lower bounds differ: " + "; ".join(mismatched)


def test_python_bound_matches_requires_python():
    requires = pyproject_data()["project"]["requires-python"]
    pythons = [e for e in environment_entries() if isinstance(e, str) and e.split()[0] == "python"]
    assert len(pythons) == 1, f"environment.yml must list python once, found {pythons}"
    assert pythons[0].replace(" ", "") == "python" + requires.replace(" ", ""), (
        f"python: pyproject.toml requires-python {requires!r}, environment.yml {pythons[0]!r}"
    )


def test_environment_yml_installs_the_project_itself():
    pip_lists = [e["pip"] for e in environment_entries() if isinstance(e, dict) and "pip" in e]
    assert pip_lists, "environment.yml has no `- pip:` sub-list"
    assert "-e ." in pip_lists[0], "environment.yml's `pip:` sub-list must contain `-e .`"
    assert "pip" in environment_entries(), "environment.yml must list pip for its `pip:` sub-list"


def test_parsers_find_the_known_dependencies():
    # Guards against a parser that silently reads nothing and so "agrees" vacuously.
    for deps, where in (
        (pyproject_dependencies(), "pyproject.toml"),
        (environment_dependencies(), "environment.yml"),
    ):
        for name in ("networkx", "pytest", "jupyterlab"):
            assert name in deps, f"{where}: parser did not find {name}"
