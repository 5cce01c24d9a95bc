"""Issue 16 in a real browser (JupyterLab, headless Chromium): in the Lab, "why" of a death reaches the
attack and the damage with the rules on the way; "why not" on a summoning-sick minion cites
hs.summoning_sickness; scrubbing the timeline back and playing on makes a new line, keeps the old one
and the line picker returns to it, the header, the log and the board following. Every step is a real
click (or key press) in the page, checked in the page and in the kernel. Screenshots land in pytest's
temp dir (printed at the end): look at them.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.slow

NOTEBOOK = "tt_why_lab.ipynb"
SEEDED = "000_7fc8e0fd1bcbc422.txt"  # the Hearthstone seed the rules cite


@pytest.fixture
def why_lab(lab):
    if lab.path != NOTEBOOK:
        lab.open(NOTEBOOK)
        assert not lab.run_all(timeout=90)
    return lab


def kernel(lab, expression: str):
    return json.loads(lab.run_code(f"print(json.dumps({expression}))"))


def fingerprint(board) -> str:
    return board.get_attribute("data-fingerprint")


def wait_moved(lab, board, before: str) -> str:
    lab.page.wait_for_function(
        "([b, fp]) => b.dataset.fingerprint !== fp", arg=[board.element_handle(), before], timeout=20_000
    )
    return fingerprint(board)


def card(board, oid: str):
    return board.locator(f'.tt-board [data-id="{oid}"]').first


def test_why_of_a_death_in_the_lab_reaches_the_attack_and_the_damage(why_lab):
    # 000 L68-ish chain: hs.combat deals the damage, hs.death kills at 0 health (state check)
    lab = why_lab
    root = lab.panel.locator(".tt-lab").nth(0)
    board = root.locator(".tt-board-widget").first
    ids = kernel(lab, '{"juggler": death.game.state.zones["board:0"][2], "abom": death.game.state.zones["board:1"][1]}')
    before = fingerprint(board)
    card(board, ids["juggler"]).click()  # select the Knife Juggler: its one target (Taunt) lights up
    target = board.locator(f'.tt-target[data-id="{ids["abom"]}"]')
    target.wait_for(timeout=10_000)
    lab.shot("why-1-selected", board)
    target.click()
    wait_moved(lab, board, before)
    death = kernel(
        lab,
        'next(r["i"] for r in death.game.trace.records if r["kind"] == "event" and r["data"].get("type") == "die"'
        f' and "{ids["juggler"]}" in r["summary"])',
    )
    node = root.locator(f'.tt-chainview [data-node="{death}"]')
    node.wait_for(timeout=20_000)
    label = node.text_content()
    assert "dies" in label and "Knife Juggler" in label, label  # the record is labelled in words
    node.click()
    why = root.locator(".tt-chainview-why")
    why.get_by_text(f"Why step {death}?").wait_for(timeout=10_000)
    text = why.inner_text()
    lab.shot("why-2-death", root.locator(".tt-chainview"))
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert any("attacks Abomination" in line and "[hs.actions]" in line for line in lines), text
    assert any("deals 4 damage to Knife Juggler" in line and "[hs.combat]" in line for line in lines), text
    assert any("state check" in line for line in lines), text
    assert lines[-1].startswith("Knife Juggler") and "dies" in lines[-1] and "[hs.death]" in lines[-1], text
    assert kernel(lab, "death.chain.selected") == death


def test_why_not_on_a_summoning_sick_minion_in_the_lab_cites_the_rule(why_lab):
    # 000_7fc8e0fd1bcbc422.txt L27: a minion cannot attack the turn it is summoned
    lab = why_lab
    root = lab.panel.locator(".tt-lab").nth(1)
    board = root.locator(".tt-board-widget").first
    crawler = kernel(
        lab, 'next(o for o in sick.game.state.zones["hand:0"] if sick.game.state.objects[o]["card"] == "bog_crawler")'
    )
    before = fingerprint(board)
    card(board, crawler).click()  # in hand: it asks where on the board
    slot = board.locator('.tt-slot[data-slot="board:0#1"]')
    slot.wait_for(timeout=10_000)
    lab.shot("why-not-1-positions", board)
    slot.click()  # to the right of the Knife Juggler
    wait_moved(lab, board, before)
    assert kernel(lab, 'list(sick.game.state.zones["board:0"])')[1] == crawler
    played = card(board, crawler)
    assert played.get_attribute("data-option") is None  # on the board it offers nothing this turn
    played.click()
    message = board.locator(".tt-message")
    message.get_by_text("Summoning sickness").wait_for(timeout=10_000)
    lab.shot("why-not-2-sick", board)
    text = message.inner_text()
    assert f"[hs.summoning_sickness: {SEEDED} L27]" in text, text
    assert text.startswith("attack with Bog Crawler") and "cannot attack the turn it is summoned" in text, text


def current_buttons(lab, root):
    at = lab.page.wait_for_function(
        """(root) => {
          const fp = root.querySelector('.tt-board-widget')?.dataset.fingerprint || '';
          return fp && root.querySelector('.tt-lab-option.tt-at-' + fp.slice(0, 16)) ? fp.slice(0, 16) : false;
        }""",
        arg=root.element_handle(),
        timeout=20_000,
    ).json_value()
    return root.locator(f".tt-lab-option.tt-at-{at}")


def test_a_timeline_branch_keeps_the_old_line_and_the_picker_returns_to_it(why_lab):
    lab = why_lab
    page = lab.page
    root = lab.panel.locator(".tt-lab").nth(2)
    board = root.locator(".tt-board-widget").first
    head = root.locator(".tt-lab-head")
    log = root.locator(".tt-lab-log pre")
    for _ in range(3):
        before = fingerprint(board)
        current_buttons(lab, root).first.click()
        wait_moved(lab, board, before)
    first_line = kernel(lab, '[h["option"] for h in branch.game.history if not h.get("auto")]')
    end = fingerprint(board)
    assert len(first_line) == 3 and "showing step" not in head.inner_text()
    lab.shot("branch-1-three-moves", root)

    # scrub back two steps with the keyboard on the slider's handle
    handle = root.locator(".tt-timeline .noUi-handle").first
    handle.focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    head.get_by_text("showing step 1 of 3").wait_for(timeout=10_000)
    past = kernel(lab, "branch.timeline.position(1).fingerprint()")
    page.wait_for_function("([b, fp]) => b.dataset.fingerprint === fp", arg=[board.element_handle(), past])
    page.wait_for_function("([l, fp]) => l.dataset.at === fp.slice(0, 16)", arg=[log.element_handle(), past])
    assert root.locator(".tt-timeline-caption").inner_text().startswith("step 1 / 3")
    lab.shot("branch-2-scrubbed", root)

    # play another card there: a new line, the old one kept
    buttons = current_buttons(lab, root)
    titles = [buttons.nth(i).get_attribute("title").split(":")[0] for i in range(buttons.count())]
    other = next(i for i, oid in enumerate(titles) if oid != first_line[1])
    buttons.nth(other).click()
    picker = root.locator(".tt-timeline-lines select")
    picker.wait_for(state="visible", timeout=20_000)
    page.wait_for_function("(s) => s.options.length === 2", arg=picker.element_handle())
    lines = kernel(lab, '[[h["option"] for h in g.history if not h.get("auto")] for g in branch.timeline.lines]')
    assert lines == [first_line, [first_line[0], titles[other]]]
    assert "showing step" not in head.inner_text()
    lab.shot("branch-3-new-line", root)

    # back to the first line with the picker: the header, the log and the board show its end again
    picker.select_option(index=0)
    page.wait_for_function("([b, fp]) => b.dataset.fingerprint === fp", arg=[board.element_handle(), end])
    page.wait_for_function("([l, fp]) => l.dataset.at === fp.slice(0, 16)", arg=[log.element_handle(), end])
    assert "showing step" not in head.inner_text()
    assert root.locator(".tt-timeline-caption").inner_text().startswith("step 3 / 3")
    assert kernel(lab, "branch.game is branch.timeline.lines[0] and len(branch.timeline.lines) == 2")
    lab.shot("branch-4-first-line-again", root)
