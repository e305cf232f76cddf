"""Every YAML file the project reads goes through one guarded entry point (cards/yamlsource.py).

Each hostile input below is tried as a card file of each game, a deck file and a scenario file: each
ends in a one-line :class:`TcgError` naming file:line, in well under 2 s and 200 MB (issue 11). Time is
CPU time (``time.process_time``), so that other work on a shared machine does not make the bound flaky.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tcgrules.cards import yamlsource
from tcgrules.cards.loader import load_file as dm_load_file
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters import load_deck, standard_catalog
from tcgrules.games.magic.loader import load_file as magic_load_file
from tcgrules.games.monster_collection.cards import load_file as mc_load_file
from tcgrules.kernel import DefinitionError, TcgError
from tcgrules.scenarios import load_scenario

SECONDS = 2.0
MEGABYTES = 200


def _laughs(levels: int = 9) -> str:
    """'Billion laughs': each anchor repeats the previous nine times (414 bytes, 9**9 values)."""
    lines = ["- &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for n in range(1, levels):
        lines.append(f"- &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


# name → (file text, the line the error must name)
HAZARDS: dict[str, tuple[str, int]] = {
    "billion_laughs": (_laughs(), 5),
    "recursive_alias": ("# a list that contains itself\n- name: &x [*x]\n", 2),
    "nul_character": ("- name: x\n  text: a\x00b\n", 2),
    "bell_character": ("- name: x\n\n  text: a\x07b\n", 3),
    "deep_flow_nesting": ("- " + "[" * 2000 + "]" * 2000 + "\n", 1),
    "deep_block_nesting": ("".join("  " * i + "- \n" for i in range(100)), 65),
    "huge_integer": ("- name: x\n  cost: " + "9" * 5000 + "\n", 2),
    "invalid_date": ("- name: x\n  rules_date: 2024-13-45\n", 2),
    "syntax_error": ("- name: x\n  cost: 3: 4\n", 2),
    "not_utf8": ("- name: x\n  text: \udcff\n", 2),
    "python_tag": ("- name: !!python/object/apply:os.system [echo hi]\n", 1),
    "non_text_key": ("- name: x\n  ? [1, 2]\n  : y\n", 2),
    "duplicate_key": ("- name: x\n  name: y\n", 2),
}


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hostile.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return path


READERS: dict[str, Callable[[Path], Any]] = {
    "duel_masters_cards": lambda p: dm_load_file(p, DUEL_MASTERS),
    "magic_cards": magic_load_file,
    "monster_collection_cards": mc_load_file,
    "duel_masters_deck": lambda p: load_deck(p, standard_catalog()),
    "scenario": load_scenario,
}


def assert_clean(call: Callable[[], Any], path: Path, line: int | None = None) -> str:
    """``call`` raises a one-line TcgError naming ``path`` (and ``line``) within the time and memory bound."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    with pytest.raises(TcgError) as info:
        call()
    elapsed = time.process_time() - start
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    message = str(info.value)
    assert elapsed < SECONDS, f"{elapsed:.2f} s: {message}"
    assert grown < MEGABYTES, f"{grown:.0f} MB: {message}"
    assert "\n" not in message, message
    assert message.startswith(f"{path}:"), message
    if line is not None:
        assert message.startswith(f"{path}:{line}:"), message
    return message


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("hazard", sorted(HAZARDS))
def test_hostile_yaml_is_a_clean_error_with_file_and_line(tmp_path: Path, hazard: str, reader: str) -> None:
    text, line = HAZARDS[hazard]
    path = _write(tmp_path, text)
    assert_clean(lambda: READERS[reader](path), path, line)


def test_billion_laughs_is_refused_as_alias_expansion(tmp_path: Path) -> None:
    path = _write(tmp_path, _laughs())
    assert len(_laughs()) < 500
    assert "aliases expand" in assert_clean(lambda: dm_load_file(path, DUEL_MASTERS), path)


def test_recursive_alias_is_refused_by_name(tmp_path: Path) -> None:
    path = _write(tmp_path, HAZARDS["recursive_alias"][0])
    assert "recursive alias" in assert_clean(lambda: dm_load_file(path, DUEL_MASTERS), path)


def test_huge_integer_message_is_short(tmp_path: Path) -> None:
    path = _write(tmp_path, HAZARDS["huge_integer"][0])
    message = assert_clean(lambda: dm_load_file(path, DUEL_MASTERS), path, 2)
    assert len(message) < 300, message


@pytest.mark.parametrize("megabytes", [1, 10])
def test_megabyte_files_are_refused_by_the_size_cap(tmp_path: Path, megabytes: int) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("- {name: card, cost: 1, text: hello}\n" * (megabytes * 28_000), encoding="utf-8")
    assert "too large" in assert_clean(lambda: dm_load_file(path, DUEL_MASTERS), path, 1)


def test_file_at_the_size_cap_is_read_within_the_bound(tmp_path: Path) -> None:
    """A file just under the cap is parsed (with the C loader where available) and then refused as a card
    file for what it is, not for its size."""
    entry = "- {name: card, cost: 1, text: hello}\n"
    path = tmp_path / "big.yaml"
    path.write_text(entry * (yamlsource.MAX_BYTES // len(entry)), encoding="utf-8")
    message = assert_clean(lambda: dm_load_file(path, DUEL_MASTERS), path)
    assert "too large" not in message


def test_missing_file_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "absent.yaml"
    with pytest.raises(DefinitionError, match="cannot read"):
        dm_load_file(path, DUEL_MASTERS)


def test_the_c_loader_is_used_when_available() -> None:
    import yaml

    if getattr(yaml, "__with_libyaml__", False):
        assert yamlsource._Loader is yaml.CSafeLoader


def test_c_and_python_loaders_give_the_same_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Line marks are the same with either loader, so errors name the same lines."""
    import yaml

    from tcgrules.games.duel_masters.rules import CARDS_DIR

    text = sorted(CARDS_DIR.glob("*.yaml"))[0]
    source = text.read_text(encoding="utf-8")
    fast = yamlsource.parse(source, "f")
    monkeypatch.setattr(yamlsource, "_Loader", yaml.SafeLoader)
    slow = yamlsource.parse(source, "f")
    assert fast.data == slow.data and fast.lines == slow.lines


def test_python_loader_refuses_deep_nesting_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    monkeypatch.setattr(yamlsource, "_Loader", yaml.SafeLoader)
    for text in ("[" * 5000 + "]" * 5000, "".join("  " * i + "- \n" for i in range(100))):
        with pytest.raises(DefinitionError, match="nest"):
            yamlsource.parse(text, "f")


def test_aliases_within_the_budget_still_work() -> None:
    data = yamlsource.parse("a: &x [1, 2, 3]\nb: *x\n", "f").data
    assert data == {"a": [1, 2, 3], "b": [1, 2, 3]}


def test_shorten_cuts_long_values() -> None:
    assert len(yamlsource.shorten("x" * 1_000_000)) <= 80
    assert yamlsource.shorten("abc") == "'abc'"
