"""The web app in a real browser: Playwright for Python drives Debian's Chromium (/usr/bin/chromium) against
``tcgrules serve``'s app, run by uvicorn on a free local port. A whole game is played through the page to
a winner (with undo, save and load on the way), a scenario is run in the sandbox, cards are searched, and
bad requests are refused with a clear error and change nothing. The tests take the screenshots of
docs/web.md (docs/web/*.png).

Needs Chromium and the Japanese fonts (``apt-get install -y chromium fonts-noto-cjk``; .ci/run installs
them) and the web extra (``pip install -e '.[dev,web]'``). Playwright's own browsers are never
downloaded: ``executable_path`` names the system's Chromium.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tcgrules.web.app import create_app

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "web"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1360, "height": 900}
CJK_FONT = "Noto Sans CJK JP"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app_server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=app_server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not app_server.started:
        assert time.monotonic() < deadline, "the web app did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    app_server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(viewport=VIEWPORT, base_url=server, accept_downloads=True, locale="ja-JP")
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    context.close()


def _shot(page: Page, name: str, *, full: bool = False, clip_height: int | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if clip_height is not None:
        height = min(clip_height, int(page.evaluate("document.documentElement.scrollHeight")))
        page.screenshot(
            path=str(SHOTS / name),
            clip={"x": 0, "y": 0, "width": VIEWPORT["width"], "height": height},
            full_page=True,
        )
    else:
        page.screenshot(path=str(SHOTS / name), full_page=full)


def _view(page: Page) -> dict[str, Any]:
    response = page.request.get("/api/play")
    assert response.ok, response.text()
    view: dict[str, Any] = response.json()[0]["view"]
    return view


def _rendered_fonts(page: Page, selector: str) -> list[str]:
    """The fonts Chromium actually drew the element's text with (DevTools: CSS.getPlatformFontsForNode)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")
    node = cdp.send("DOM.querySelector", {"nodeId": root["root"]["nodeId"], "selector": selector})
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
    cdp.detach()
    return [f["familyName"] for f in fonts["fonts"]]


def _pick(labels: list[str]) -> str:
    """A simple plan for our side: attack the player, else attack, else use a card, else charge, else the
    first option (end the step, decline, …)."""
    for wanted in (
        lambda label: label.startswith("attack:") and label.endswith(":player"),
        lambda label: label.startswith("attack:"),
        lambda label: label.startswith(("summon:", "cast:", "evolve:")),
        lambda label: label.startswith("charge:"),
    ):
        found = [label for label in labels if wanted(label)]
        if found:
            return found[0]
    return labels[0]


def _answer(page: Page) -> None:
    """Answer the decision on the page by clicking (buttons, or check boxes and Answer)."""
    buttons = page.locator("#answer-form button.option")
    if buttons.count():
        labels = [buttons.nth(i).get_attribute("data-label") or "" for i in range(buttons.count())]
        with page.expect_navigation():
            page.locator(f'#answer-form button.option[data-label="{_pick(labels)}"]').click()
        return
    boxes = page.locator("#answer-form input[type=checkbox]")
    text = page.locator("#answer-form .muted").inner_text()  # "choose MIN to MAX"
    low = int(text.split()[1])
    for i in range(low):
        boxes.nth(i).check()
    with page.expect_navigation():
        page.click("#submit-answer")


# ---------------------------------------------------------------------------------------------- play


def test_a_whole_game_played_through_the_page_to_a_winner(page: Page) -> None:
    page.goto("/play")
    page.select_option("select[name=opponent]", "greedy")
    page.fill("input[name=seed]", "1")
    with page.expect_navigation():
        page.click("#start")
    expect(page.locator("#decision")).to_contain_text("Your decision")
    assert CJK_FONT in page.evaluate("getComputedStyle(document.body).fontFamily")
    assert _rendered_fonts(page, "#side-0 [data-zone=hand] .tile .name") == [CJK_FONT]  # Japanese card names
    answered, shot, undone, reloaded = 0, False, False, False
    while not page.locator("#result").count():
        assert answered < 800, "the game did not end"
        if answered == 4 and not undone:  # undo: back to exactly the same decision
            before = _view(page)
            _answer(page)
            with page.expect_navigation():
                page.click("#undo")
            assert _view(page) == before
            undone = True
        if answered == 12 and not reloaded:  # save, then load the file: the same game goes on
            before = _view(page)
            with page.expect_download() as download:
                page.click("#save")
            saved = Path(download.value.path())
            assert json.loads(saved.read_text(encoding="utf-8"))["format"] == "tcgrules-save/1"
            page.set_input_files("#load-file", str(saved))
            with page.expect_navigation():
                page.click("#load")
            assert _view(page) == before
            reloaded = True
        view = _view(page)
        mine = next(z for z in view["zones"] if z["player"] == 0 and z["name"] == "battle_zone")
        if not shot and view["turn"] >= 6 and len(mine["objects"]) >= 2 and view["pending"]["kind"] == "main":
            option = page.locator("#answer-form button.option").first  # summon/cast a card of your hand
            option.hover()  # the script outlines the card the option names
            ref = (option.get_attribute("data-label") or "").partition(":")[2]
            expect(page.locator(f'.board .tile.hint[data-ref="{ref}"]')).to_have_count(1)
            _shot(page, "play.png", full=True)
            shot = True
        _answer(page)
        answered += 1
    expect(page.locator("#result")).to_contain_text("You")
    view = _view(page)
    assert view["result"] is not None and view["result"][0] in (0, 1) and view["pending"] is None
    if not shot:
        _shot(page, "play.png", full=True)
    # Every side of the board as the page draws it: both battle zones, shields with their counts, the rest.
    for side in ("#side-0", "#side-1"):
        for zone in ("battle_zone", "shield_zone", "mana_zone", "graveyard", "hand", "deck"):
            assert page.locator(f'{side} [data-zone="{zone}"]').count(), (side, zone)

    # The timeline of that game: click one of your answers, and the why shows the options you had.
    page.click("#nav-timeline")
    entries = page.locator("#timeline .entry")
    assert entries.count() > 50
    mine_answers = page.locator(
        "#timeline .entry.k-answer", has_text=re.compile("player 0 chose (summon|cast)")
    )
    mine_answers.first.locator(".line").click()
    why = page.locator("#why")
    expect(why).to_contain_text("offered")
    expect(why.locator(".alternatives li.chosen")).to_have_count(1)
    expect(why).to_contain_text("504.1")
    theirs = page.locator("#timeline .entry.k-answer", has_text="player 1 chose")
    theirs.first.locator(".line").click()
    expect(why).to_contain_text("not shown to you")
    mine_answers.first.locator(".line").click()
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "timeline.png", clip_height=1250)


# ---------------------------------------------------------------------------------------------- sandbox


def test_a_scenario_runs_in_the_sandbox(page: Page) -> None:
    page.goto("/sandbox")
    with page.expect_navigation():
        page.select_option("#example", "26_both_jashintei_in_one_battle")  # the script loads it
    expect(page.locator("#scenario")).to_have_value(re.compile("アビスベル＝ジャシン帝"))
    with page.expect_navigation():
        page.click("#run")
    expect(page.locator("#verdict")).to_contain_text("PASS")
    expect(page.locator("#outcome .board")).to_contain_text("アビスベル＝ジャシン帝")
    expect(page.locator("#explain")).to_contain_text("final board")
    page.locator("#timeline .entry.k-replacement .line").first.click()
    expect(page.locator("#why")).to_contain_text("chosen by")
    expect(page.locator("#why")).to_contain_text("609 置換効果")
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "sandbox.png", clip_height=1500)

    # The expectation changed: A's hand would hold 炎のたてがみ, not アクア・ビークル. FAIL, saying why.
    text = page.locator("#scenario").input_value()
    assert "hand: [アクア・ビークル]" in text
    page.fill("#scenario", text.replace("hand: [アクア・ビークル]", "hand: [炎のたてがみ]"))
    with page.expect_navigation():
        page.click("#run")
    expect(page.locator("#verdict")).to_contain_text("FAIL")
    expect(page.locator("#failures")).to_contain_text("A.hand")


# ---------------------------------------------------------------------------------------------- cards


def test_a_card_search_and_a_card_page(page: Page) -> None:
    page.goto("/cards")
    page.select_option("#q-civilization", "light")
    page.select_option("#q-keyword", "blocker")
    with page.expect_navigation():
        page.click("#search-button")
    rows = page.locator("#results tbody tr")
    assert rows.count() > 5
    expect(page.locator("#found-count")).to_contain_text("cards")
    _shot(page, "cards.png")
    page.fill("#q-text", "ソルジャー")
    page.select_option("#q-civilization", "")
    page.select_option("#q-keyword", "")
    with page.expect_navigation():
        page.click("#search-button")
    with page.expect_navigation():
        page.click("#results a:text('アクア・ソルジャー')")
    expect(page.locator("#sentences")).to_contain_text("墓地に置くかわりに自分の手札に戻す")
    expect(page.locator("#sentences")).to_contain_text("replace:")
    assert _rendered_fonts(page, "#sentences td.printed") == [CJK_FONT]
    _shot(page, "card.png", clip_height=520)


# ---------------------------------------------------------------------------------------------- bad requests


def test_a_bad_request_is_refused_and_changes_nothing(page: Page) -> None:
    page.goto("/play")
    with page.expect_navigation():
        page.click("#start")
    for _ in range(3):
        _answer(page)
    before = _view(page)
    # A page that lies: the first button's value is not an option of the decision.
    page.evaluate("document.querySelector('#answer-form button.option').value = 'summon:c9999'")
    with page.expect_response(lambda r: r.url.endswith("/play/answer")) as response:
        page.locator("#answer-form button.option").first.click()
    assert response.value.status == 400
    expect(page.locator("#error")).to_contain_text("'summon:c9999' is not an option of this")
    expect(page.locator("#error")).to_contain_text("options are")
    assert _view(page) == before
    # The same through the JSON protocol, from the page's own script context.
    answer = page.evaluate(
        """async () => {
            const r = await fetch('/api/play', {method: 'POST', body: JSON.stringify({answer: 'end_main'})});
            return [r.status, await r.json()];
        }"""
    )
    assert answer[0] == 400 and answer[1]["message"].startswith('"answer" is a list of option labels')
    assert _view(page) == before
    _shot(page, "error.png", clip_height=420)
    # A scenario that is not valid YAML: the error names the line.
    page.goto("/sandbox")
    page.fill("#scenario", "game: duel_masters\ntitle: [unclosed\nsetup: {}\n")
    with page.expect_navigation():
        page.click("#run")
    expect(page.locator("#error")).to_contain_text("scenario.yaml:")
    assert "not valid YAML" in html.unescape(page.locator("#error").inner_text())


def test_the_japanese_font_is_installed() -> None:
    listed = subprocess.run(
        ["fc-list", ":lang=ja", "family"], capture_output=True, text=True, check=True
    ).stdout
    assert CJK_FONT in listed, "apt-get install -y fonts-noto-cjk"
    assert shutil.which("chromium") or Path(CHROMIUM).exists()
