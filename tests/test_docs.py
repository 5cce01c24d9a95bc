"""The examples in docs/*.md run and show what the pages say they show (doctest)."""

import doctest
import pathlib

import pytest

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_a_docs_page_runs_as_it_reads(page):
    result = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0
