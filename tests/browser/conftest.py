"""Fixtures of the real-browser tests: one JupyterLab, one headless Chromium, one lab page.

Package-scoped, so both are stopped as soon as the browser tests are done (not kept running while
the rest of the suite runs).

JupyterLab serves a copy of ``notebooks/`` (plus the small test notebooks of ``EXTRA_NOTEBOOKS``)
from a temporary directory; it is always stopped at the end, also when a test or the start fails.
A missing ``/usr/bin/chromium`` fails the tests (it never skips them): ``.ci/run`` installs it.
The lab page is shared by the tests (each opens its notebook in a new tab of the same lab, which
saves reloading JupyterLab); every test fails on console errors from our widgets logged during it.
"""

from __future__ import annotations

import pytest

from . import harness
from .harness import MISSING_CHROMIUM, VIEWPORT, LabPage, LabServer, launch_browser
from .notebooks import EXTRA_NOTEBOOKS


@pytest.fixture(scope="package")
def lab_server():
    with LabServer(extra=EXTRA_NOTEBOOKS) as server:
        yield server


@pytest.fixture(scope="package")
def browser():
    if not harness.CHROMIUM.exists():
        pytest.fail(MISSING_CHROMIUM, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_browser(p)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="package")
def shots(tmp_path_factory):
    """Screenshots of every step land here (the path is printed when the browser tests end)."""
    path = tmp_path_factory.mktemp("browser-shots")
    yield path
    print(f"\nbrowser screenshots: {path}")


@pytest.fixture(scope="package")
def lab_page(browser, lab_server, shots):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        yield LabPage(page, lab_server, shots)
    finally:
        context.close()


@pytest.fixture
def lab(lab_page, request):
    """The lab page for one test: screenshot on failure; fails on console errors from our widgets."""
    lab_page.checked_from = lab_page.mark()  # a test may move it on past errors it provoked itself
    yield lab_page
    start = lab_page.checked_from
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        try:
            lab_page.shot(f"FAILED-{request.node.name}")
        except Exception as exc:  # the page may be gone; the failure itself matters more
            print(f"no failure screenshot: {exc}")
    ignored = lab_page.ignored_errors(start)
    if ignored:
        print("console errors ignored (not from our widgets):\n" + "\n".join(map(str, ignored)))
    errors = lab_page.our_errors(start)
    assert not errors, "console errors from our widgets:\n" + "\n".join(map(str, errors))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
