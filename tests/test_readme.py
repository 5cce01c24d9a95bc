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
