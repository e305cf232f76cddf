"""The web app's endpoints through Starlette's test client: play (the player's own view, answers, undo, save
and load, refused requests that change nothing), the timeline's why, the sandbox (a bounded child process),
the card library, and the guards (body size, origin, host). The browser tests are in test_web_browser.py."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tcgrules.cli import build_parser
from tcgrules.games.duel_masters.views import nameable
from tcgrules.kernel import Rng
from tcgrules.web import sandbox
from tcgrules.web.app import COOKIE, create_app
from tcgrules.web.games import WebGame
from tcgrules.web.guard import MAX_BODY
from tcgrules.web.rulebook import RULES_FILE, rule_text
from tcgrules.web.timeline import timeline

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "tests" / "rulings" / "duel_masters"
BASE = "http://127.0.0.1"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=BASE) as c:
        yield c


def _web_game(client: TestClient) -> WebGame:
    game = client.app.state.web.games.get(client.cookies.get(COOKIE))  # type: ignore[attr-defined]
    assert isinstance(game, WebGame)
    return game


def _start(client: TestClient, seed: int = 3, opponent: str = "greedy") -> WebGame:
    r = client.post("/play/new", data={"opponent": opponent, "seed": str(seed)}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return _web_game(client)


def _state(client: TestClient) -> dict[str, Any]:
    r = client.get("/api/play")
    assert r.status_code == 200
    messages = r.json()
    assert len(messages) == 1
    message: dict[str, Any] = messages[0]
    return message


def _play_on(client: TestClient, answers: int, seed: int = 5) -> None:
    rng = Rng(seed)
    for _ in range(answers):
        pending = _state(client)["view"]["pending"]
        if pending is None:
            return
        labels = [o["label"] for o in pending["options"]]
        chosen = rng.sample(labels, pending["min"] + rng.below(pending["max"] - pending["min"] + 1))
        r = client.post("/play/answer", data={"answer": chosen}, follow_redirects=False)
        assert r.status_code == 303, r.text


# ---------------------------------------------------------------------------------------------- play


def test_play_shows_the_players_own_view_only(client: TestClient) -> None:
    assert "New game" in client.get("/play").text
    _start(client)
    message = _state(client)
    assert message["type"] == "decision"
    view = message["view"]
    assert view["player"] == 0 and view["pending"]["player"] == 0
    zones = {(z["player"], z["name"]): z for z in view["zones"]}
    assert zones[(1, "hand")]["objects"] is None  # the opponent's hand: a count only
    assert zones[(0, "deck")]["objects"] is None and zones[(1, "deck")]["objects"] is None
    page = client.get("/play").text
    for option in view["pending"]["options"]:
        assert f'value="{option["label"]}"' in page  # the decision as buttons
    assert "Noto Sans CJK JP" in client.get("/static/style.css").text


def test_play_answers_by_button_and_undo_goes_back(client: TestClient) -> None:
    game = _start(client)
    before = game.save_text()
    label = _state(client)["view"]["pending"]["options"][0]["label"]
    assert client.post("/play/answer", data={"answer": label}, follow_redirects=False).status_code == 303
    assert game.save_text() != before
    assert client.post("/play/undo", follow_redirects=False).status_code == 303
    assert json.loads(_web_game(client).save_text())["history"] == json.loads(before)["history"]
    r = client.post("/play/undo")
    assert r.status_code == 400 and "nothing to undo" in r.text


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        ({"answer": "nope"}, "is not an option of this"),
        ({}, "decision takes 1 option(s), got 0"),  # no answer at all
    ],
)
def test_a_refused_answer_leaves_the_game_exactly_as_it_was(
    client: TestClient, form: dict[str, str], expected: str
) -> None:
    game = _start(client)
    _play_on(client, 6)
    before, log, view = game.save_text(), game.log(), game.session.view()
    r = client.post("/play/answer", data=form)
    assert r.status_code == 400
    assert expected in html.unescape(r.text) and 'id="error"' in r.text
    assert (game.save_text(), game.log(), game.session.view()) == (before, log, view)


def test_an_answer_the_engine_refuses_on_the_way_leaves_the_game_as_it_was(client: TestClient) -> None:
    game = _start(client, opponent="random")
    _play_on(client, 4)
    before, log, view = game.save_text(), game.log(), game.session.view()
    game.game.step_limit = 1  # the engine will give up before the next decision (a runaway game)
    label = _state(client)["view"]["pending"]["options"][0]["label"]
    r = client.post("/play/answer", data={"answer": label})
    assert r.status_code == 400 and "steps without needing a decision" in html.unescape(r.text)
    game.game.step_limit = 200_000
    assert (game.save_text(), game.log(), game.session.view()) == (before, log, view)
    assert client.post("/play/answer", data={"answer": label}, follow_redirects=False).status_code == 303


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('{"answer": ["nope"]}', "is not an option of this"),
        ('{"answer": "end_main"}', '"answer" is a list of option labels'),
        ('{"command": "rm -rf"}', "unknown request"),
        ("[1, 2]", "a request is a JSON object"),
        ("{not json", "not JSON"),
    ],
)
def test_the_json_protocol_refuses_bad_requests_and_changes_nothing(
    client: TestClient, body: str, expected: str
) -> None:
    game = _start(client)
    before = game.save_text()
    r = client.post("/api/play", content=body)
    assert r.status_code == 400
    assert r.json()["type"] == "error" and expected in r.json()["message"]
    assert game.save_text() == before


def test_the_json_protocol_answers_like_tcgrules_play_json(client: TestClient) -> None:
    _start(client, opponent="first")
    label = _state(client)["view"]["pending"]["options"][-1]["label"]
    [message] = client.post("/api/play", json={"answer": [label]}).json()
    assert message["type"] in ("decision", "result") and message["log"]
    assert {"turn", "kind", "text", "rule"} == set(message["log"][0])
    undone, again = client.post("/api/play", json={"command": "undo"}).json()
    assert undone["type"] == "undone" and again["type"] == "decision"
    [saved] = client.post("/api/play", json={"command": "save"}).json()
    assert saved["type"] == "saved" and saved["save"]["format"] == "tcgrules-save/1"
    [log] = client.post("/api/play", json={"command": "log"}).json()
    assert log["type"] == "log" and log["log"][0]["text"]


def test_save_and_load_go_on_with_the_same_game(client: TestClient) -> None:
    game = _start(client)
    _play_on(client, 10)
    saved = client.get("/play/save")
    assert saved.status_code == 200 and "attachment" in saved.headers["content-disposition"]
    view = game.session.view()
    with TestClient(create_app(), base_url=BASE) as other:
        r = other.post("/play/load", files={"save": ("game.json", saved.content)}, follow_redirects=False)
        assert r.status_code == 303, r.text
        assert _web_game(other).session.view() == view


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{oops", "not JSON"),
        ('{"format": "other"}', "not a tcgrules save"),
        (
            '{"format": "tcgrules-save/1", "recipe": {"card_files": ["/etc/x.yaml"]}, "history": []}',
            "card files",
        ),
        ("[]", "a JSON object"),
    ],
)
def test_a_bad_save_is_refused_and_the_game_goes_on(client: TestClient, text: str, expected: str) -> None:
    game = _start(client)
    before = game.save_text()
    r = client.post("/play/load", files={"save": ("bad.json", text.encode())})
    assert r.status_code == 400 and expected in html.unescape(r.text)
    assert _web_game(client) is game and game.save_text() == before


def test_new_game_options_are_checked(client: TestClient) -> None:
    for form, expected in [
        ({"opponent": "god"}, "opponent: expected one of random, first, greedy"),
        ({"seed": "-1"}, "seed: expected a whole number"),
        ({"deck": "../../etc/passwd"}, "deck: expected one of the library's decks"),
    ]:
        r = client.post("/play/new", data=form)
        assert r.status_code == 400 and expected in html.unescape(r.text), form
    assert client.cookies.get(COOKIE) is None


def test_the_store_forgets_the_least_recently_used_game() -> None:
    from tcgrules.web.games import GameStore, new_game

    store = GameStore(limit=2)
    games = [new_game({"seed": str(seed)}) for seed in (1, 2, 3)]
    first, second = store.put(games[0]), store.put(games[1])
    assert store.get(first) is games[0]  # used: now the second is the least recently used
    third = store.put(games[2])
    assert store.get(second) is None and store.get(first) is games[0] and store.get(third) is games[2]
    assert store.get("no such token") is None and store.get(None) is None


def test_a_whole_game_through_the_endpoints_reaches_a_winner(client: TestClient) -> None:
    _start(client, seed=9, opponent="first")
    _play_on(client, 2000, seed=9)
    message = _state(client)
    assert message["type"] == "result" and message["winner"] in (0, 1)
    assert "You win" in client.get("/play").text or "You lose" in client.get("/play").text


# ---------------------------------------------------------------------------------------------- timeline


def _scenario_game(name: str) -> Any:
    from tcgrules.scenarios import load_scenario
    from tcgrules.scenarios.runner import run_scenario

    outcome = run_scenario(load_scenario(RULINGS / name))
    assert outcome.passed and outcome.game is not None
    return outcome.game


def test_timeline_why_names_the_replacement_and_who_applied_it() -> None:
    game = _scenario_game("01_aqua_soldier.yaml")
    entries = timeline(game, None)
    replacement = next(e for e in entries if e.kind == "replacement")
    assert replacement.why.who == "A" and replacement.why.rule == "609.1"
    assert replacement.why.section == "609 置換効果" and replacement.why.rule_text
    moved = next(e for e in entries if e.why.replaced_by)
    assert moved.why.replaced_by == (replacement.text,)
    assert moved.why.source == "デーモン・ハンド"
    answer = next(e for e in entries if e.kind == "answer")
    assert [o.chosen for o in answer.why.options].count(True) == 1  # the alternatives, and the one taken
    auto = next(e for e in entries if e.kind == "auto_choice")
    assert auto.why.engine_choice and "1 candidate(s)" in auto.why.engine_choice
    # The same game for player B, who cast デーモン・ハンド: A's card's replacement is public.
    for_b = timeline(game, 1)
    assert [e.text for e in for_b] == [r.text for r in game.log_for(1)]


def test_timeline_why_names_the_prohibition_that_stopped_an_event() -> None:
    from tcgrules.scenarios import load_scenario
    from tcgrules.scenarios.runner import run_scenario

    path = (
        ROOT
        / "tests"
        / "rulings"
        / "monster_collection"
        / "08a_critical_tinderbox_consumable_resistance.yaml"
    )
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed and outcome.game is not None
    stopped = next(e for e in timeline(outcome.game, None) if e.kind == "prohibited")
    assert stopped.why.prohibition is not None and stopped.why.prohibition.startswith(
        "検証用ユニット(耐性:消耗品)"
    )
    assert stopped.why.rule_text is None  # a Monster Collection rule: no Duel Masters text is quoted for it


def test_timeline_for_a_player_follows_their_log_and_names_no_hidden_card(client: TestClient) -> None:
    game = _start(client, seed=4)
    _play_on(client, 25)
    g = game.game
    log_texts = " ".join(r.text for r in g.log_for(0))
    hidden = {g.name(c) for c in g.card_object if not nameable(g, c, 0)}
    shown = {g.name(c) for c in g.card_object if nameable(g, c, 0)}
    secret = {n for n in hidden - shown if n not in log_texts}
    assert secret, "the test needs cards the player cannot see"
    entries = timeline(g, 0)
    assert [e.text for e in entries] == [r.text for r in g.log_for(0)]
    text = json.dumps([e.to_json() for e in entries], ensure_ascii=False)
    assert not [n for n in secret if n in text]
    theirs = [e for e in entries if e.kind == "answer" and e.text.startswith("player 1")]
    assert theirs and all(e.why.hidden_options and not e.why.options for e in theirs)
    page = client.get("/timeline").text
    assert page.count('class="entry') == len(entries) and "why-body" in page


def test_rule_text_falls_back_to_the_rule_above() -> None:
    assert rule_text("609.1") is not None and rule_text("609.1")[0] == "609.1"  # type: ignore[index]
    cited = rule_text("605.2b")
    assert cited is not None and cited[0].startswith("605")
    assert rule_text(None) is None and rule_text("9999") is None


def test_the_shipped_rules_list_is_docs_copy() -> None:
    shipped = ROOT / "src" / "tcgrules" / "web" / "data" / RULES_FILE
    assert shipped.read_bytes() == (ROOT / "docs" / RULES_FILE).read_bytes()


# ---------------------------------------------------------------------------------------------- sandbox


def test_examples_are_the_rulings_unchanged() -> None:
    examples = sandbox.examples()
    assert len(examples) >= 5
    for key, example in examples.items():
        assert example.text == (RULINGS / f"{key}.yaml").read_text(encoding="utf-8"), key


def test_sandbox_runs_a_scenario_pass_with_board_timeline_and_trail(client: TestClient) -> None:
    text = sandbox.examples()["26_both_jashintei_in_one_battle"].text
    page = client.post("/sandbox", data={"scenario": text})
    assert page.status_code == 200 and "PASS" in page.text and "Final board" in page.text
    outcome = client.post("/api/scenario", content=text.encode()).json()
    assert outcome["passed"] and outcome["failures"] == []
    assert any(line.startswith("final board") for line in outcome["explanation"])
    assert [e for e in outcome["timeline"] if e["kind"] == "replacement"]
    zones = {(z["player"], z["name"]): z for z in outcome["board"]["zones"]}
    assert all(name is not None for o in zones[(0, "deck")]["objects"] for name in o["cards"])  # a judge


def test_sandbox_shows_fail_with_the_failure(client: TestClient) -> None:
    text = (RULINGS / "01_aqua_soldier.yaml").read_text(encoding="utf-8")
    broken = text.replace("A: {hand: [アクア・ソルジャー]", "A: {hand: [デーモン・ハンド]")
    assert broken != text
    outcome = client.post("/api/scenario", content=broken.encode()).json()
    assert outcome["passed"] is False and "hand" in outcome["failures"][0]
    assert "FAIL" in client.post("/sandbox", data={"scenario": broken}).text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("game: duel_masters\ntitle: [unclosed\n", "scenario.yaml:"),
        ("- just\n- a list\n", "scenario.yaml:1: a scenario file is a mapping"),
        (
            "game: duel_masters\ntitle: t\nsource: s\nsetup: {}\nexpect: {}\nrun: rm -rf /\n",
            "unknown field 'run'",
        ),
        ("a: !!python/object/apply:os.system ['echo hi']\n", "scenario.yaml:1"),
    ],
)
def test_sandbox_bad_scenario_gets_a_clear_error(client: TestClient, text: str, expected: str) -> None:
    r = client.post("/api/scenario", content=text.encode())
    assert r.status_code == 400 and expected in r.json()["message"], r.json()
    page = client.post("/sandbox", data={"scenario": text})
    assert page.status_code == 400 and 'id="error"' in page.text


def test_sandbox_run_time_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "RUN_SECONDS", 0.01)
    with pytest.raises(sandbox.SandboxError, match=r"ran for more than 0\.01 s and was stopped"):
        sandbox.run(sandbox.examples()["01_aqua_soldier"].text)


def test_sandbox_page_loads_examples(client: TestClient) -> None:
    page = client.get("/sandbox", params={"example": "06a_609_9a_turn_player_declines"})
    assert page.status_code == 200 and "turn player declines" in page.text
    r = client.get("/sandbox", params={"example": "../../etc/passwd"})
    assert r.status_code == 400 and "example: expected one of" in r.text


# ---------------------------------------------------------------------------------------------- cards


def test_card_search_uses_the_cards_search_criteria(client: TestClient) -> None:
    found = client.get("/api/cards", params={"keyword": "blocker", "civilization": "light"}).json()
    assert found["count"] > 5 and all("light" in c["civilizations"] for c in found["cards"])
    by_text = client.get("/api/cards", params={"text": "Aqua Soldier"}).json()
    assert [c["name"] for c in by_text["cards"]] == ["アクア・ソルジャー"]
    assert client.get("/api/cards", params={"cost": "3", "race": "リキッド"}).json()["count"] >= 1
    page = client.get("/cards", params={"name": "ソルジャー"})
    assert page.status_code == 200 and "アクア・ソルジャー" in page.text


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"cost": "three"}, "cost: expected a whole number from 0 to 1000"),
        ({"civilization": "purple"}, "civilization: expected one of darkness, fire, light, nature, water"),
        ({"keyword": "flying"}, "keyword: expected a keyword"),
        ({"colour": "red"}, "unknown search field 'colour'"),
        ({"text": "x" * 300}, "text: at most 200 characters"),
    ],
)
def test_card_search_refuses_bad_criteria(client: TestClient, params: dict[str, str], expected: str) -> None:
    r = client.get("/api/cards", params=params)
    assert r.status_code == 400 and expected in r.json()["message"]
    assert client.get("/cards", params=params).status_code == 400


def test_card_page_shows_printed_text_beside_abilities(client: TestClient) -> None:
    page = client.get("/cards/Aqua Soldier")
    assert page.status_code == 200
    assert "墓地に置くかわりに自分の手札に戻す" in page.text and "replace:" in page.text
    assert client.get("/cards/no such card").status_code == 404


# ---------------------------------------------------------------------------------------------- guards


def test_a_body_over_the_limit_is_refused(client: TestClient) -> None:
    r = client.post("/api/scenario", content=b"x" * (MAX_BODY + 1))
    assert r.status_code == 413 and f"at most {MAX_BODY} bytes" in r.json()["message"]


def test_a_request_from_another_site_or_host_is_refused(client: TestClient) -> None:
    r = client.post("/play/new", data={"seed": "1"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and "cross-origin" in r.json()["message"]
    assert client.cookies.get(COOKIE) is None
    r = client.get("/play", headers={"host": "evil.example"})
    assert r.status_code == 400 and "unknown host" in r.json()["message"]
    assert client.post("/play/new", data={"seed": "1"}, headers={"origin": BASE}).status_code == 200


def test_unknown_pages_and_methods_get_a_clear_error(client: TestClient) -> None:
    r = client.get("/nowhere")
    assert r.status_code == 404 and "/play, /timeline, /sandbox, /cards" in r.json()["message"]
    assert client.delete("/play").status_code == 405
    assert client.get("/api/play").status_code == 404  # no game yet


def test_serve_command_options() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8765)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--port", "70000"])


def test_tcgrules_serve_starts_the_app_on_localhost() -> None:
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tcgrules", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert (
            proc.stdout.readline().strip() == f"tcgrules serve: http://127.0.0.1:{port}/  (Ctrl-C stops it)"
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/play", timeout=5) as r:
                    assert r.status == 200 and "New game" in r.read().decode("utf-8")
                    break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "tcgrules serve did not answer"
                time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
