"""The README's example runs and prints what the README says it prints."""

import contextlib
import io
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_prints_what_it_claims():
    text = README.read_text(encoding="utf-8")
    code = re.search(r"## A first look\n\n```python\n(.*?)```", text, re.S).group(1)
    expected = re.search(r"\nprints\n\n```\n(.*?)```", text, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == expected


def first_screen(text: str) -> str:
    """The README down to its second level-2 section: what a reader sees before scrolling far."""
    starts = [m.start() for m in re.finditer(r"^## ", text, re.M)]
    return text[: starts[1]] if len(starts) > 1 else text


def test_the_first_screen_says_what_a_learner_does_first():
    top = first_screen(README.read_text(encoding="utf-8"))
    for step in ("git clone", "make lab", "notebooks/00_tour.ipynb", "Run All", "make classroom"):
        assert step in top, f"the README's first section does not say {step!r}"
    for developer in ("make test", "pytest", "Cython", "mypy"):
        assert developer not in top, f"developer material ({developer!r}) in the README's first section"


def test_the_screenshots_exist_and_are_pngs():
    top = first_screen(README.read_text(encoding="utf-8"))
    images = re.findall(r"!\[[^\]]+\]\((docs/img/[^)]+\.png)\)", top)
    assert {"docs/img/board.png", "docs/img/chain.png"} <= set(images), images
    for image in images:
        data = (README.parent / image).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{image} is not a PNG"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert width >= 400 and height >= 200, f"{image} is only {width}x{height}"


def test_ci_runs_the_test_command_the_readme_gives():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## For developers\n\n```sh\n(.*?)```", text, re.S).group(1)
    command = block.split("#")[0].strip()
    assert command == "make test", block
    run = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert run.rstrip().splitlines()[-1] == command, "the last command of .ci/run is not the README's"


def test_every_make_target_the_docs_name_exists():
    makefile = (README.parent / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][a-z-]*):", makefile, re.M))
    for doc in (README, README.parent / "docs" / "developing.md"):
        named = set(re.findall(r"`make ([a-z][a-z-]*)", doc.read_text(encoding="utf-8")))
        assert named, f"{doc.name} names no make target"
        assert named <= targets, f"{doc.name} names make targets the Makefile lacks: {sorted(named - targets)}"
