"""``tcgrules play``: a whole game through the JSON protocol and through a pseudo-terminal, with undo and
save; the board's columns line up with Japanese names; decks and card files from anywhere."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tcgrules.agents import GreedyAgent
from tcgrules.cli import main
from tcgrules.cli_cards import choose_decks
from tcgrules.cli_play import Session, Terminal, parse_answer
from tcgrules.games.duel_masters import setup, standard_catalog, standard_decks
from tcgrules.kernel import IllegalActionError, Rng, TcgError, save

pty = pytest.importorskip("pty") if os.name != "posix" else __import__("pty")
PLAY = [sys.executable, "-m", "tcgrules", "play"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


def _choose(message: dict[str, Any], rng: Rng) -> list[str]:
    pending = message["view"]["pending"]
    labels = [o["label"] for o in pending["options"]]
    count = pending["min"] + rng.below(pending["max"] - pending["min"] + 1)
    return rng.sample(labels, count)


def test_json_protocol_plays_a_whole_game_with_undo_and_save(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    proc = subprocess.Popen(
        [*PLAY, "--json", "--seed", "4", "--opponent", "greedy"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert proc.stdin is not None and proc.stdout is not None
    hello = json.loads(proc.stdout.readline())
    assert hello["type"] == "hello" and hello["protocol"] == "tcgrules-play/1" and hello["you"] == 0
    rng = Rng(9)
    decisions = 0
    message: dict[str, Any] = {}
    try:
        for _ in range(2000):
            message = json.loads(proc.stdout.readline())
            if message["type"] == "result":
                break
            if message["type"] in ("undone", "saved"):
                continue
            assert message["type"] == "decision", message
            view = message["view"]
            assert view["player"] == 0 and view["pending"]["player"] == 0
            decisions += 1
            if decisions == 6:
                proc.stdin.write(json.dumps({"command": "save", "file": str(saved)}) + "\n")
            if decisions == 8:
                proc.stdin.write(json.dumps({"answer": ["no such option"]}) + "\n")
                proc.stdin.flush()
                error = json.loads(proc.stdout.readline())
                assert error["type"] == "error" and "not an option" in error["message"]
            if decisions == 10:
                proc.stdin.write(json.dumps({"command": "undo"}) + "\n")
                proc.stdin.flush()
                continue
            proc.stdin.write(json.dumps({"answer": _choose(message, rng)}) + "\n")
            proc.stdin.flush()
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert message["type"] == "result", message
    assert message["rule"] and message["reason"] and message["view"]["result"] is not None
    assert proc.returncode == 0
    game = save.loads(saved.read_text(encoding="utf-8"), setup)
    assert game.pending is not None and game.pending.player == 0


def test_json_views_never_name_the_opponents_hand() -> None:
    decks = choose_decks(None, None, [])
    session = Session.new(decks, "greedy", 3)
    out = io.StringIO()
    lines = iter([json.dumps({"command": "quit"})])
    from tcgrules.cli_play import run_json

    assert run_json(session, lines, out) == 0
    messages = [json.loads(line) for line in out.getvalue().splitlines()]
    decision = next(m for m in messages if m["type"] == "decision")
    zones = {(z["player"], z["name"]): z for z in decision["view"]["zones"]}
    assert zones[(1, "hand")]["objects"] is None and zones[(1, "hand")]["count"] >= 4
    game = session.game
    hidden = {game.name(game.objects[o].top) for o in game.zone((1, "hand"))}
    shown = {name for z in decision["view"]["zones"] for o in z["objects"] or () for name in o["cards"]}
    text = json.dumps(decision, ensure_ascii=False)
    assert hidden - shown
    for name in hidden - shown:
        assert name not in text


class _Pty:
    """A child process on a pseudo-terminal, read until its prompt."""

    def __init__(self, argv: list[str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the play command, in an 120-column terminal
            os.environ["COLUMNS"] = "120"
            os.environ["TERM"] = "xterm"
            os.execv(argv[0], argv)
        self.text = ""

    def until_prompt(self, timeout: float = 30.0) -> str:
        """The output up to the next ``> `` prompt (or the end), without colours."""
        start, chunks = time.monotonic(), []
        while time.monotonic() - start < timeout:
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data.decode("utf-8", "replace"))
            text = ANSI.sub("", "".join(chunks))
            if text.endswith("> "):
                return text
        return ANSI.sub("", "".join(chunks))

    def send(self, line: str) -> str:
        os.write(self.fd, (line + "\n").encode())
        return self.until_prompt()

    def close(self) -> int:
        with contextlib.suppress(OSError):
            os.close(self.fd)
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def _last_decision(screen: str) -> str:
    return screen[screen.rindex("Your decision") :]


def test_terminal_play_through_a_pseudo_terminal_with_undo_and_save(tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    term = _Pty([*PLAY, "--seed", "5", "--opponent", "greedy"])
    try:
        screen = term.until_prompt()
        assert "Opponent (player 1)" in screen and "You (player 0)" in screen and "Your decision" in screen
        assert "help" in term.send("help")
        before = _last_decision(screen)
        term.send("1")
        undone = term.send("undo")
        assert "undone" in undone and _last_decision(undone) == before
        screen = term.send("save " + str(saved))
        assert "saved to" in screen
        assert "[" in term.send("why")
        term.send("log 5")
        for _ in range(3000):
            if "Game over" in screen:
                break
            screen = term.send("1")
        assert "Game over" in screen
        assert re.search(r"\(rule [0-9.a-z]+\)", screen)
    finally:
        term.close()
    loaded = _Pty([*PLAY, "--load", str(saved)])
    try:
        screen = loaded.until_prompt()
        assert _last_decision(screen) == before
        loaded.send("quit")
    finally:
        assert loaded.close() == 0


def test_scripted_input_plays_to_the_end() -> None:
    session = Session.new(choose_decks(None, None, []), "first", 2)
    from tcgrules.cli_play import run_terminal

    out = io.StringIO()
    script = iter(["2", "undo", *["1"] * 3000])
    assert run_terminal(session, script, out, standard_catalog()) == 0
    assert session.game.result is not None and "Game over" in out.getvalue()


def test_parse_answer_takes_numbers_or_labels() -> None:
    session = Session.new(choose_decks(None, None, []), "greedy", 2)
    session.computer_plays()
    view = session.view()
    assert view.pending is not None
    first = view.pending.options[0].label
    assert parse_answer("1", view) == (first,)
    assert parse_answer(first, view) == (first,)
    with pytest.raises(IllegalActionError, match="no option 99"):
        parse_answer("99", view)


def test_board_columns_line_up_with_japanese_names() -> None:
    from rich.cells import cell_len

    game = setup({"decks": [list(d.cards) for d in standard_decks()], "seed": 6})
    agents = [GreedyAgent(), GreedyAgent()]
    while game.pending is not None:
        names = {game.name(o.top) for o in game.objects_in((0, "battle_zone"))}
        if len(names) >= 2:
            break
        game.answer(*agents[game.pending.player].choose(game, game.pending))
    out = io.StringIO()
    Terminal(out, standard_catalog(), width=160).board(game.view(0))
    rows = [line for line in out.getvalue().splitlines() if "power " in line]
    starts = {cell_len(line[: line.index("power ")]) for line in rows}
    assert len(rows) >= 2 and len(starts) == 1, out.getvalue()


# ---------------------------------------------------------------------------------------------- decks


DECK = """\
name: my deck
cards:
  - {card: Comet Missile, count: 4}
  - {card: 喧嘩屋タイラー, count: 4}
  - {card: 炎のたてがみ, count: 4}
  - {card: 青銅の鎧, count: 4}
  - {card: 解体屋ピーカプ, count: 4}
  - {card: 黄金の翼, count: 4}
  - {card: my test beast, count: 4}
  - {card: 爆炎野郎ジョー, count: 4}
  - {card: デスブレード・ビートル, count: 4}
  - {card: 大勇者「ふたつ牙」, count: 4}
"""

CARDS = """\
- name: テストの獣
  english: My Test Beast
  type: creature
  civilizations: [nature]
  cost: 2
  power: 3000
  races: [ビーストフォーク]
  text: ""
"""


@pytest.fixture
def own_files(tmp_path: Path) -> tuple[Path, Path]:
    deck, cards = tmp_path / "mine.yaml", tmp_path / "my_cards.yaml"
    deck.write_text(DECK, encoding="utf-8")
    cards.write_text(CARDS, encoding="utf-8")
    return deck, cards


def test_cards_validate_checks_a_deck_anywhere_against_the_given_card_files(
    own_files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    deck, cards = own_files
    assert main(["cards", "validate", str(deck), "--cards", str(cards)]) == 0
    assert "deck 'my deck', 40 cards" in capsys.readouterr().out
    assert main(["cards", "validate", str(cards), str(deck)]) == 0
    assert main(["cards", "validate", str(deck)]) == 1
    assert "unknown card 'my test beast'" in capsys.readouterr().out


def test_unknown_names_get_a_did_you_mean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "typo.yaml"
    bad.write_text(DECK.replace("Comet Missile", "Comet Misile"), encoding="utf-8")
    assert main(["cards", "validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:3" in out and "did you mean 火炎流星弾 (Comet Missile)?" in out
    assert main(["cards", "show", "comet misile"]) == 2
    assert "did you mean 火炎流星弾" in capsys.readouterr().err


def test_own_deck_and_cards_in_demo_play_and_bench(
    own_files: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck, cards = own_files
    assert main(["demo", "--seed", "2", "--deck", str(deck), "--cards", str(cards)]) == 0
    assert "player 0: my deck" in capsys.readouterr().out
    assert main(["bench", "--quick", "--games", "3", "--deck", str(deck), "--cards", str(cards)]) == 0
    capsys.readouterr()
    session = Session.new(choose_decks(str(deck), None, [str(cards)]), "greedy", 1)
    session.computer_plays()
    text = save.dumps(session.game)
    assert json.loads(text)["recipe"]["card_files"] == [str(cards.resolve())]
    again = save.loads(text, setup)
    assert again.pending == session.game.pending
    assert "テストの獣" in {c.name for c in again.cards}


def test_english_names_in_a_scenario_board() -> None:
    game = setup({"board": {"turn": "A", "A": {"battle_zone": ["Aqua Soldier"]}}})
    assert [game.name(o.top) for o in game.objects_in((0, "battle_zone"))] == ["アクア・ソルジャー"]


def test_english_names_in_an_injected_scenario_step() -> None:
    game = setup({"board": {"turn": "A", "A": {"battle_zone": ["Aqua Soldier"]}}})
    game.inject({"event": "destroy", "target": "aqua soldier"})
    assert not game.objects_in((0, "battle_zone"))
    with pytest.raises(TcgError, match="did you mean"):
        game.inject({"event": "destroy", "target": "アクア・ソルジャ"})


def test_english_names_in_a_scenario_file(tmp_path: Path) -> None:
    from tcgrules.scenarios.runner import run_paths

    text = """\
game: duel_masters
title: Aqua Soldier, named in English, returns to the hand instead of being destroyed
source: tests/rulings/duel_masters/01_aqua_soldier.yaml, in English
setup:
  turn: B
  step: main
  A:
    battle_zone:
      - {card: Aqua Soldier, as: soldier}
  B:
    hand:
      - {card: terror pit, as: terror_pit}
    mana_zone: [Terror Pit, Terror Pit, Terror Pit, Terror Pit, Terror Pit, Terror Pit]
steps:
  - play: terror_pit
expect:
  zones:
    A: {hand: [Aqua Soldier], battle_zone: [], graveyard: []}
    B: {graveyard: {contains: [Terror Pit]}}
"""
    path = tmp_path / "english.yaml"
    path.write_text(text, encoding="utf-8")
    [result] = run_paths([str(path)])
    assert result.passed, result
