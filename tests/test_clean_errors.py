"""Issue 11: each bad input found by trying the project as a new user would gets a clean, one-line error
(file:line where there is a file) and a non-zero exit, in under 2 s and 200 MB.

The YAML hazards (alias bombs, NUL, recursive aliases, deep nesting, huge numbers, bad dates, large files)
are in test_bad_yaml.py for every reader; here they are run through the command line as well. Time is
CPU time (of this process, or of the child process for the command line), so that other work on a shared
machine does not make the bound flaky; a wall-clock timeout still catches a hang.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tcgrules.agents import RandomAgent
from tcgrules.cli import main
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.kernel import (
    DefinitionError,
    Game,
    IllegalActionError,
    SaveFormatError,
    StepLimitError,
    TcgError,
)
from tcgrules.kernel import save as S
from tcgrules.scenarios import load_scenario
from tcgrules.scenarios.runner import run_paths

SECONDS = 2.0
MEGABYTES = 200
RULINGS = Path(__file__).parent / "rulings"

DM = """\
game: duel_masters
title: t
source: s
rules: ["609.1"]
setup:
  turn: A
  A:
    battle_zone:
      - {card: アクア・ソルジャー, as: soldier}
steps:
  - inject: {event: destroy, target: soldier}
expect:
  zones:
    A: {hand: [アクア・ソルジャー]}
"""
MAGIC = (RULINGS / "magic" / "614_15_self_replacement_first.yaml").read_text(encoding="utf-8")
MONSTER = (RULINGS / "monster_collection" / "01_critical_then_resurrection.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, marker: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if marker in line)


def bounded(call: Callable[[], Any]) -> Any:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    result = call()
    assert time.process_time() - start < SECONDS
    assert (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024 < MEGABYTES
    return result


def one_line_error(call: Callable[[], Any], kind: type[Exception] = TcgError) -> str:
    def raising() -> str:
        with pytest.raises(kind) as info:
            call()
        return str(info.value)

    message: str = bounded(raising)
    assert "\n" not in message, message
    return message


_MEASURED = """
import sys
from tcgrules.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
with open("/proc/self/status", encoding="ascii") as status:
    peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
sys.stderr.write(f"\\n@peak_kb={peak}\\n")
sys.exit(code)
"""
"""Runs ``tcgrules ARGS`` and reports the process's own peak resident memory (VmHWM, of this program's
memory map only: ru_maxrss would also count the pages of the test process it was forked from)."""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``tcgrules ARGS`` in a new process: its exit status, output, CPU time and peak memory — its own."""
    command = [sys.executable, "-c", _MEASURED, *args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    stderr, _, peak = done.stderr.rpartition("\n@peak_kb=")
    done.stderr = stderr
    assert cpu < SECONDS + 1.0, f"{cpu:.2f} s of CPU"  # + the interpreter's start-up
    assert int(peak) / 1024 < MEGABYTES, f"{int(peak) / 1024:.0f} MB"
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done


def failed_scenario(path: Path) -> str:
    """``scenario run`` on one file: exit 1, and the failure as one line naming file:line."""
    done = cli("scenario", "run", str(path))
    assert done.returncode == 1, done.stdout + done.stderr
    failures = [line.strip() for line in done.stdout.splitlines() if line.startswith("    ")]
    assert failures and failures[0].startswith(f"{path}:"), done.stdout
    return failures[0]


# --------------------------------------------------------------------------- YAML files, from the CLI


YAML_HAZARDS = {
    "billion_laughs": "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    + "".join(f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]\n" for n in range(1, 9)),
    "nul": DM.replace("title: t", "title: t\x00"),
    "recursive_alias": DM.replace("rules: [", "notes: &x [*x]\nrules: ["),
    "deep_nesting": DM.replace("rules: [", "notes: " + "[" * 2000 + "]" * 2000 + "\nrules: ["),
    "huge_number": DM.replace("rules: [", "notes: " + "9" * 5000 + "\nrules: ["),
    "invalid_date": DM.replace("  turn: A\n", "  turn: A\n  rules_date: 2024-13-45\n"),
    "one_megabyte": DM + "notes: |\n" + "  x\n" * 260_000,
    "ten_megabytes": DM + "notes: |\n" + "  x\n" * 2_600_000,
}


@pytest.mark.parametrize("hazard", sorted(YAML_HAZARDS))
def test_hostile_scenario_file_fails_at_file_line_from_the_cli(tmp_path: Path, hazard: str) -> None:
    failed_scenario(write(tmp_path, YAML_HAZARDS[hazard]))


@pytest.mark.parametrize("hazard", ["billion_laughs", "nul", "recursive_alias", "huge_number"])
def test_hostile_card_file_is_an_err_line_from_cards_validate(tmp_path: Path, hazard: str) -> None:
    path = write(tmp_path, YAML_HAZARDS[hazard].replace("game: duel_masters\n", ""), "cards.yaml")
    done = cli("cards", "validate", str(path))
    assert done.returncode == 1
    assert any(line.startswith(f"ERR {path}:") for line in done.stdout.splitlines()), done.stdout


# --------------------------------------------------------------------------- scenario fields


SCENARIO_FIELDS = {
    "expect_not_log_number": (DM, "expect:\n", "expect:\n  not_log: 5\n", "not_log: 5"),
    "expect_power_inf": (DM, "expect:\n", "expect:\n  power: {soldier: .inf}\n", "power: {soldier"),
    "expect_power_not_mapping": (DM, "expect:\n", "expect:\n  power: .inf\n", "power: .inf"),
    "expect_face_up_text": (DM, "expect:\n", 'expect:\n  face_up: "multi"\n', "face_up:"),
    "setup_battle_zone_yes": (
        DM,
        "    battle_zone:\n      - {card: アクア・ソルジャー, as: soldier}\n",
        "    battle_zone: yes\n",
        "battle_zone: yes",
    ),
    "magic_hand_yes": (MAGIC, "    hand: [{card: Burst Lightning, as: burst}]", "    hand: yes", "hand: yes"),
    "monster_collection_setup_nested_lists": (
        MONSTER,
        MONSTER[MONSTER.index("setup:") : MONSTER.index("steps:")],
        "setup: {B: [[[]]]}\n",
        "setup: {B",
    ),
    "inject_amount_lots": (
        DM,
        "  - inject: {event: destroy, target: soldier}",
        "  - inject: {event: power, target: soldier, amount: lots}",
        "amount: lots",
    ),
    "inject_event_list": (
        DM,
        "  - inject: {event: destroy, target: soldier}",
        "  - inject: {event: [1]}",
        "event: [1]",
    ),
}


@pytest.mark.parametrize("name", sorted(SCENARIO_FIELDS))
def test_scenario_field_of_the_wrong_type_fails_at_its_line(tmp_path: Path, name: str) -> None:
    base, old, new, marker = SCENARIO_FIELDS[name]
    assert old in base
    text = base.replace(old, new)
    path = write(tmp_path, text)
    failure = failed_scenario(path)
    assert failure.startswith(f"{path}:{line_of(text, marker)}:"), failure


def test_scenario_errors_name_the_file_once(tmp_path: Path) -> None:
    path = write(tmp_path, DM.replace("target: soldier}", "target: ghost}"))
    [outcome] = run_paths([path])
    assert not outcome.passed and outcome.failures[0].count(f"{path}:") == 1, outcome.failures


def test_scenario_messages_name_players_a_and_b(tmp_path: Path) -> None:
    text = DM.replace(
        "battle_zone:\n      - {card: アクア・ソルジャー", "hand:\n      - {card: 斬隠蒼頭龍バイケン"
    )
    text = text.replace("event: destroy", "event: discard").replace("turn: A", "turn: B")
    [outcome] = run_paths([write(tmp_path, text)])
    assert "A must decide" in outcome.failures[0] and "player 0" not in outcome.failures[0]


def test_wrong_answer_on_a_scenario_board_names_the_player_a(tmp_path: Path) -> None:
    from tcgrules.scenarios.runner import driver_for

    scn = load_scenario(write(tmp_path, DM))
    game = driver_for("duel_masters").build(scn)
    message = one_line_error(lambda: game.answer("nonsense"), IllegalActionError)
    assert "decision for A;" in message, message


# --------------------------------------------------------------------------- the step limit


def _tiny_step_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenario boards get a step limit the steps cannot stay under (a stand-in for a runaway game)."""
    from tcgrules.scenarios import duel_masters

    build = duel_masters.Driver.build

    def limited(self: Any, scn: Any) -> Game:
        game = build(self, scn)
        game.step_limit = 3
        return game

    monkeypatch.setattr(duel_masters.Driver, "build", limited)


def test_step_limit_error_is_one_of_the_engines_errors() -> None:
    assert issubclass(StepLimitError, TcgError) and issubclass(StepLimitError, ValueError)


def test_scenario_hitting_the_step_limit_fails_and_the_folder_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, DM.replace("steps:\n", "steps:\n  - end_turn\n"), "a_runaway.yaml")
    write(tmp_path, MAGIC, "b_fine.yaml")
    _tiny_step_limit(monkeypatch)
    runaway, fine = run_paths([tmp_path])
    assert not runaway.passed and runaway.title == "t"
    assert "more than 3 steps" in runaway.failures[0] and runaway.failures[0].startswith(f"{tmp_path}")
    assert fine.passed


def test_cli_prints_a_step_limit_failure_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, DM.replace("steps:\n", "steps:\n  - end_turn\n"))
    _tiny_step_limit(monkeypatch)
    assert main(["scenario", "run", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert "more than 3 steps" in out.out and "Traceback" not in out.out + out.err


def test_save_whose_replay_hits_the_step_limit_is_a_save_format_error() -> None:
    game = new_game()
    game.answer(*RandomAgent(1).choose(game, game.pending))  # type: ignore[arg-type]
    text = S.dumps(game)

    def limited(recipe: Any) -> Game:
        fresh = setup(recipe)
        fresh.step_limit = 1
        return fresh

    assert "more than 1 steps" in one_line_error(lambda: S.loads(text, limited), SaveFormatError)


# --------------------------------------------------------------------------- answers


def new_game(seed: int = 3) -> Game:
    return setup({"decks": [list(d.cards) for d in standard_decks()], "seed": seed})


@pytest.mark.parametrize(
    "answer",
    [({},), ([],), (None,), (1.5,), (b"x",), ({"label": "x"},)],
    ids=["mapping", "list", "none", "float", "bytes", "dict_label"],
)
def test_answer_of_the_wrong_type_is_an_illegal_action_and_changes_nothing(answer: tuple[Any, ...]) -> None:
    game = new_game()
    before = S.save(game), S.fingerprint(game), len(game.log)
    one_line_error(lambda: game.answer(*answer), IllegalActionError)
    assert (S.save(game), S.fingerprint(game), len(game.log)) == before


def test_answer_with_a_label_inside_a_list_is_refused_and_changes_nothing() -> None:
    game = new_game()
    assert game.pending is not None
    label = game.pending.labels[0]
    before = S.save(game)
    message = one_line_error(lambda: game.answer([label]), IllegalActionError)  # type: ignore[arg-type]
    assert "an option label is text, not list" in message
    assert S.save(game) == before


def test_refused_megabyte_label_is_shortened_in_the_message() -> None:
    game = new_game()
    message = one_line_error(lambda: game.answer("x" * 1_000_000), IllegalActionError)
    assert len(message) < 1000, len(message)


# --------------------------------------------------------------------------- set-up, recipes, injected events


def _decks() -> list[list[str]]:
    return [list(d.cards) for d in standard_decks()]


RECIPES: dict[str, Callable[[], Any]] = {
    "deck_of_nine": lambda: {"decks": [_decks()[0][:9], _decks()[1]], "seed": 1},
    "dict_deck_entry": lambda: {"decks": [[{"card": "x"}] * 40, _decks()[1]]},
    "list_deck_entry": lambda: {"decks": [[["x"]] * 40, _decks()[1]]},
    "recipe_is_a_list": lambda: [1, 2],
    "recipe_is_a_number": lambda: 5,
    "seed_is_text": lambda: {"decks": _decks(), "seed": "one"},
    "first_player_two": lambda: {"decks": _decks(), "first_player": 2},
    "board_is_a_list": lambda: {"board": [1]},
}


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_bad_recipe_is_a_definition_error_naming_the_recipe_path(name: str) -> None:
    message = one_line_error(lambda: setup(RECIPES[name]()), DefinitionError)
    assert message.startswith(("recipe", "setup")), message


@pytest.mark.parametrize("game_name", ["magic", "monster_collection"])
def test_other_games_refuse_a_recipe_without_a_board(game_name: str) -> None:
    if game_name == "magic":
        from tcgrules.games.magic.board import setup as game_setup
    else:
        from tcgrules.games.monster_collection.rules import setup as game_setup
    for recipe in ({}, [1], {"board": 5}, {"board": {}, "seed": "x"}):
        assert one_line_error(lambda r=recipe: game_setup(r), DefinitionError).startswith("recipe")


@pytest.mark.parametrize(
    "spec",
    [
        {"event": [1]},
        {"event": "power", "target": 0, "amount": "lots"},
        {"event": "destroy", "targets": 5},
        [],
    ],
    ids=["event_list", "amount_text", "targets_number", "not_a_mapping"],
)
def test_bad_injected_event_is_a_definition_error_and_changes_nothing(spec: Any) -> None:
    game = new_game()
    before = S.save(game), len(game.log)
    one_line_error(lambda: game.inject(spec), DefinitionError)
    assert (S.save(game), len(game.log)) == before


# --------------------------------------------------------------------------- saves


SAVES = {
    "deep_json": "[" * 100_000 + "]" * 100_000,
    "huge_integer": "9" * 5000,
    "not_utf8": b"\xff\xfe",
    "recipe_with_a_dict_card": json.dumps(
        {"format": "tcgrules-save/1", "recipe": {"decks": [[{}]] * 2}, "history": [], "fingerprint": ""}
    ),
    "history_bad_inject": json.dumps(
        {
            "format": "tcgrules-save/1",
            "recipe": {"decks": _decks(), "seed": 1},
            "history": [["inject", {"event": [1]}]],
            "fingerprint": "",
        }
    ),
}


@pytest.mark.parametrize("name", sorted(SAVES))
def test_unreadable_save_is_a_save_format_error(name: str) -> None:
    one_line_error(lambda: S.loads(SAVES[name], setup), SaveFormatError)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the command line


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "x", "1e9"])
def test_bench_seconds_must_be_finite_and_in_range(value: str) -> None:
    done = cli("bench", "--seconds", value)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "--seconds" in done.stderr


@pytest.mark.parametrize(
    "args", [["bench", "--games", "0"], ["demo", "--seed", "-1"], ["demo", "--seed", "x"]]
)
def test_numeric_options_out_of_range_are_one_line_errors(args: list[str]) -> None:
    done = cli(*args)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_cards_validate_on_a_folder_without_yaml_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "readme.txt").write_text("nothing here")
    done = cli("cards", "validate", str(tmp_path))
    assert done.returncode == 1 and f"ERR {tmp_path}: no *.yaml files" in done.stdout


def test_scenario_run_on_a_folder_without_yaml_is_an_error(tmp_path: Path) -> None:
    done = cli("scenario", "run", str(tmp_path))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_cards_validate_accepts_the_shipped_card_files_of_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tcgrules.games.magic.rules import CARDS_DIR as MAGIC_CARDS
    from tcgrules.games.monster_collection.cards import CARDS_DIR as MC_CARDS

    assert main(["cards", "validate", str(MAGIC_CARDS), str(MC_CARDS)]) == 0
    out = capsys.readouterr().out
    assert "magic cards" in out and "monster_collection cards" in out and "ERR" not in out


def test_cards_validate_uses_the_game_key_of_a_card_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tcgrules.games.magic.rules import CARDS_DIR as MAGIC_CARDS

    cards = (MAGIC_CARDS / "basic.yaml").read_text(encoding="utf-8")
    wrapped = "game: magic\ncards:\n" + "".join(f"  {line}\n" for line in cards.splitlines())
    write(tmp_path, wrapped, "anywhere.yaml")
    assert main(["cards", "validate", str(tmp_path)]) == 0
    assert "5 magic cards" in capsys.readouterr().out
    write(tmp_path, wrapped.replace("game: magic", "game: monster_collection"), "anywhere.yaml")
    assert main(["cards", "validate", str(tmp_path)]) == 1


def test_cards_validate_checks_a_deck_against_the_cards_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = (
        "- {name: 新カード, type: creature, civilizations: [fire], cost: 2, races: [ヒューマノイド],"
        " power: 1000, text: ''}\n"
    )
    cards = write(tmp_path, card, "new_cards.yaml")
    names = list(dict.fromkeys(standard_decks()[0].cards))
    counts = [(n, standard_decks()[0].cards.count(n)) for n in names]
    counts[0] = ("新カード", counts[0][1])
    deck_lines = ["name: d", "cards:"] + [f"  - {{card: {n}, count: {c}}}" for n, c in counts]
    deck = write(tmp_path, "\n".join(deck_lines) + "\n", "deck.yaml")
    assert main(["cards", "validate", str(deck)]) == 1  # the library alone does not have the card
    assert "unknown card '新カード'" in capsys.readouterr().out
    assert main(["cards", "validate", str(cards), str(deck)]) == 0, capsys.readouterr().out


def test_cli_errors_name_the_file_line_once(tmp_path: Path) -> None:
    path = write(tmp_path, DM.replace("  - inject: {event: destroy, target: soldier}", "  - play: ghost"))
    done = cli("scenario", "run", str(path))
    assert done.returncode == 1 and done.stdout.count(f"{path}:") == 1, done.stdout
    assert f"{path}:11: play.card: 'ghost'" in done.stdout


# --------------------------------------------------------------------------- long values


def test_a_long_value_in_a_card_file_is_cut_in_the_message(tmp_path: Path) -> None:
    from tcgrules.cards.loader import load_file
    from tcgrules.cards.vocabulary import DUEL_MASTERS

    card = "- name: x\n  type: TYPE\n  civilizations: [fire]\n  cost: 3\n"
    card += "  races: [ヒューマノイド]\n  power: 1\n  text: x\n"
    path = write(tmp_path, card.replace("TYPE", "x" * 200_000), "cards.yaml")
    message = one_line_error(lambda: load_file(path, DUEL_MASTERS), DefinitionError)
    listed = ", ".join(sorted(DUEL_MASTERS.card_types))  # the message lists the card types there are
    assert message.startswith(f"{path}:2:") and listed in message, message
    assert len(message) < 200 + len(str(path)) + len(listed), message  # the 200,000 characters are cut


def test_every_project_error_cuts_long_quoted_values() -> None:
    message = str(DefinitionError(f"f:1: unknown keyword {'z' * 10_000!r}; expected one of 'a', 'b'"))
    assert len(message) < 200 and message.endswith("expected one of 'a', 'b'")
    assert str(DefinitionError("the card's text is short")) == "the card's text is short"


@pytest.mark.parametrize("game_name", ["duel_masters", "magic", "monster_collection"])
def test_every_expectation_a_driver_knows_has_a_shape(game_name: str) -> None:
    """A new expectation must say what its value is (scenarios/shapes.py), or files using it are refused."""
    import importlib

    module = importlib.import_module(f"tcgrules.scenarios.{game_name}")
    keys = set(getattr(module, "EXPECT_KEYS", ())) | set(module.Driver.SHARED_EXPECT)
    assert keys <= set(module.EXPECT_SHAPES), keys - set(module.EXPECT_SHAPES)
