"""Bad input gets a clear error and loses nothing (STYLE "Errors"; DESIGN "Properties that hold everywhere").

* Card files: each mistake is a :class:`DefinitionError` naming file:line and the field.
* Deck files: an unknown card is refused with file:line and the name.
* Answers: an illegal answer is an :class:`IllegalActionError`, and the game is exactly as it was.
* Saves: a corrupt save is a :class:`SaveFormatError`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tcgrules.agents import RandomAgent
from tcgrules.cards.loader import load_dir, load_file
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters import load_deck, setup, standard_catalog, standard_decks
from tcgrules.kernel import Decision, DefinitionError, Game, IllegalActionError, SaveFormatError, TcgError
from tcgrules.kernel import save as S

# ------------------------------------------------------------------------------------------ card files

CREATURE = """\
# A card file for the error tests.
- name: テスト・クリーチャー
  type: creature
  civilizations: [fire]
  cost: 3
  races: [ヒューマノイド]
  power: 2000
  text: |-
    スピードアタッカー
  abilities:
    - keyword: speed_attacker
"""

SPELL = """\
# A spell whose abilities forget to say what it does.
- name: テスト呪文
  type: spell
  civilizations: [fire]
  cost: 1
  text: |-
    S・トリガー
  abilities:
    - keyword: shield_trigger
"""


def line_of(text: str, marker: str) -> int:
    """The 1-based line of the only line containing ``marker``."""
    found = [n for n, line in enumerate(text.splitlines(), 1) if marker in line]
    assert len(found) == 1, (marker, found)
    return found[0]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path) -> str:
    with pytest.raises(DefinitionError) as info:
        load_file(path, DUEL_MASTERS)
    return str(info.value)


def assert_names(message: str, path: Path, line: int, *words: str) -> None:
    assert f"{path}:{line}:" in message, f"expected {path.name}:{line} in {message!r}"
    for word in words:
        assert word in message, f"expected {word!r} in {message!r}"


def test_the_valid_card_file_loads(tmp_path: Path) -> None:
    """The base the broken variants below come from is itself valid."""
    (card,) = load_file(write(tmp_path, "ok.yaml", CREATURE), DUEL_MASTERS)
    assert card.name == "テスト・クリーチャー"
    assert card.line == line_of(CREATURE, "- name:")


def test_yaml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    text = CREATURE.replace("  cost: 3", "  cost: 3: 4")
    path = write(tmp_path, "syntax.yaml", text)
    assert_names(load_error(path), path, line_of(text, "cost: 3: 4"), "not valid YAML")


def test_yaml_duplicate_key_names_file_line_and_key(tmp_path: Path) -> None:
    text = CREATURE.replace("  power: 2000", "  power: 2000\n  power: 3000")
    path = write(tmp_path, "duplicate.yaml", text)
    assert_names(load_error(path), path, line_of(text, "power: 3000"), "power")


def test_non_text_key_names_file_and_line(tmp_path: Path) -> None:
    text = CREATURE.replace("  cost: 3", "  cost: 3\n  [1, 2]: x")
    path = write(tmp_path, "key.yaml", text)
    assert_names(load_error(path), path, line_of(text, "[1, 2]: x"), "key")


def test_unknown_keyword_names_file_line_and_field(tmp_path: Path) -> None:
    text = CREATURE.replace("keyword: speed_attacker", "keyword: flying")
    path = write(tmp_path, "keyword.yaml", text)
    message = load_error(path)
    assert_names(message, path, line_of(text, "keyword: flying"), "abilities[0].keyword", "'flying'")
    assert "speed_attacker" in message  # the allowed keywords are listed


def test_unknown_field_names_file_line_and_field(tmp_path: Path) -> None:
    text = CREATURE.replace("  cost: 3", "  cost: 3\n  colour: red")
    path = write(tmp_path, "field.yaml", text)
    assert_names(load_error(path), path, line_of(text, "colour: red"), "colour", "unknown field")


def test_wrong_type_for_cost_names_file_line_and_field(tmp_path: Path) -> None:
    text = CREATURE.replace("cost: 3", "cost: three")
    path = write(tmp_path, "cost.yaml", text)
    assert_names(load_error(path), path, line_of(text, "cost: three"), "cost", "'three'", "whole number")


def test_boolean_cost_is_not_a_number(tmp_path: Path) -> None:
    text = CREATURE.replace("cost: 3", "cost: true")
    path = write(tmp_path, "bool_cost.yaml", text)
    assert_names(load_error(path), path, line_of(text, "cost: true"), "cost", "whole number")


def test_missing_name_names_file_line_and_field(tmp_path: Path) -> None:
    text = CREATURE.replace("- name: テスト・クリーチャー\n  type: creature", "- type: creature")
    path = write(tmp_path, "name.yaml", text)
    assert_names(load_error(path), path, line_of(text, "- type: creature"), "'name'")


def test_spell_without_spell_ability_names_file_line_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, "spell.yaml", SPELL)
    assert_names(load_error(path), path, line_of(SPELL, "abilities:"), "abilities", "spell:")


def test_second_card_error_names_the_second_cards_line(tmp_path: Path) -> None:
    """The line is the broken card's, not the file's first card's."""
    second = CREATURE.split("\n", 1)[1].replace("テスト・クリーチャー", "二枚目")
    second = second.replace("cost: 3", "cost: -x")
    text = CREATURE + second
    path = write(tmp_path, "two.yaml", text)
    assert_names(load_error(path), path, line_of(text, "cost: -x"), "[1].cost")


def test_card_defined_twice_names_both_places(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", CREATURE)
    write(tmp_path, "b.yaml", "\n\n" + CREATURE)
    with pytest.raises(DefinitionError) as info:
        load_dir(tmp_path, DUEL_MASTERS)
    message = str(info.value)
    first, second = line_of(CREATURE, "- name:"), line_of("\n\n" + CREATURE, "- name:")
    assert f"a.yaml:{first}" in message and f"b.yaml:{second}" in message, message


# ------------------------------------------------------------------------------------------ deck files


def deck_text(names: list[tuple[str, int]]) -> str:
    lines = ["name: test deck", "description: for the error tests", "cards:"]
    lines += [f"  - {{card: {name}, count: {count}}}" for name, count in names]
    return "\n".join(lines) + "\n"


def good_counts() -> list[tuple[str, int]]:
    cards = standard_decks()[0].cards
    return [(name, cards.count(name)) for name in dict.fromkeys(cards)]


def test_standard_deck_as_file_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.yaml", deck_text(good_counts()))
    assert len(load_deck(path, standard_catalog()).cards) == 40


def test_unknown_card_in_deck_names_file_line_and_name(tmp_path: Path) -> None:
    counts = good_counts()
    counts[3] = ("存在しないカード", counts[3][1])
    text = deck_text(counts)
    path = write(tmp_path, "deck.yaml", text)
    with pytest.raises(DefinitionError) as info:
        load_deck(path, standard_catalog())
    assert_names(str(info.value), path, line_of(text, "存在しないカード"), "'存在しないカード'", "card")


# ------------------------------------------------------------------------------------------ answers


def new_game(seed: int = 3) -> Game:
    return setup({"decks": [list(d.cards) for d in standard_decks()], "seed": seed})


def snapshot(game: Game) -> tuple[Any, ...]:
    return (
        S.fingerprint(game),
        len(game.log),
        game.pending,
        list(game.history),
        game.rng.state,
        game.result,
        game.turn,
    )


def find_decision(predicate: Callable[[Decision], bool], seeds: range = range(20)) -> Game:
    """A game (random play) stopped at the first decision satisfying ``predicate``."""
    for seed in seeds:
        game = new_game(seed)
        agent = RandomAgent(seed)
        while game.pending is not None:
            if predicate(game.pending):
                return game
            game.answer(*agent.choose(game, game.pending))
    raise AssertionError("no such decision in the sampled games")


def assert_refused_and_unchanged(game: Game, labels: tuple[Any, ...], match: str) -> None:
    before = snapshot(game)
    twin = game.copy()
    with pytest.raises(IllegalActionError, match=match):
        game.answer(*labels)
    assert snapshot(game) == before
    # Nothing half-done is left behind: the game continues exactly like an untouched copy.
    agent_a, agent_b = RandomAgent(99), RandomAgent(99)
    for _ in range(10):
        if game.pending is None:
            break
        game.answer(*agent_a.choose(game, game.pending))
        twin.answer(*agent_b.choose(twin, twin.pending))  # type: ignore[arg-type]
        assert S.fingerprint(game) == S.fingerprint(twin)
    assert [r.render() for r in game.log] == [r.render() for r in twin.log]


def test_unknown_label_is_refused_and_game_unchanged() -> None:
    game = new_game()
    assert_refused_and_unchanged(game, ("no-such-option",), "is not an option")


def test_label_of_wrong_type_is_refused_and_game_unchanged() -> None:
    game = new_game()
    assert_refused_and_unchanged(game, (0,), "is not an option")


def test_too_few_options_is_refused_and_game_unchanged() -> None:
    game = find_decision(lambda d: d.min >= 1)
    assert_refused_and_unchanged(game, (), "takes")


def test_too_many_options_is_refused_and_game_unchanged() -> None:
    game = find_decision(lambda d: len(d.options) > d.max)
    decision = game.pending
    assert decision is not None
    assert_refused_and_unchanged(game, decision.labels[: decision.max + 1], "takes")


def test_duplicate_label_is_refused_and_game_unchanged() -> None:
    game = find_decision(lambda d: d.max >= 2)
    decision = game.pending
    assert decision is not None
    label = decision.labels[0]
    assert_refused_and_unchanged(game, (label, label), "twice")


def test_answer_after_the_game_is_over_is_refused_and_game_unchanged() -> None:
    game = new_game(5)
    agents = RandomAgent(1), RandomAgent(2)
    while game.pending is not None:
        game.answer(*agents[game.pending.player].choose(game, game.pending))
    assert game.result is not None
    before = snapshot(game)
    for labels in [(), ("anything",)]:
        with pytest.raises(IllegalActionError, match="game is over"):
            game.answer(*labels)
        assert snapshot(game) == before


def test_every_refusal_names_the_options() -> None:
    """A refused label is shown with !r and the options it could have been."""
    game = new_game()
    decision = game.pending
    assert decision is not None
    with pytest.raises(IllegalActionError) as info:
        game.answer("bogus")
    message = str(info.value)
    assert "'bogus'" in message and repr(decision.labels[0]) in message, message


# ------------------------------------------------------------------------------------------ saves


def saved(seed: int = 3, answers: int = 12) -> dict[str, Any]:
    game = new_game(seed)
    agent = RandomAgent(seed)
    for _ in range(answers):
        assert game.pending is not None
        game.answer(*agent.choose(game, game.pending))
    data = S.save(game)
    # The save as written is valid: the corruptions below are what make it fail.
    assert S.fingerprint(S.loads(json.dumps(data), setup)) == data["fingerprint"]
    return data


def corrupt(change: Callable[[dict[str, Any]], Any]) -> str:
    data = json.loads(json.dumps(saved()))
    result = change(data)
    return json.dumps(data if result is None else result)


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.pop(key) and None


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


def _unknown_card(d: dict[str, Any]) -> None:
    d["recipe"]["decks"][0][0] = "存在しないカード"


def _bad_label(d: dict[str, Any]) -> None:
    d["history"][3] = ["answer", ["no-such-option"]]


def _extra_answer(d: dict[str, Any]) -> None:
    d["history"].append(d["history"][-1])


CORRUPTIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "not-a-mapping": lambda d: [d],
    "wrong-format": _set("format", "tcgrules-save/0"),
    "no-recipe": _drop("recipe"),
    "no-history": _drop("history"),
    "no-fingerprint": _drop("fingerprint"),
    "fingerprint-tampered": _set("fingerprint", "0" * 32),
    "history-truncated": lambda d: d.__setitem__("history", d["history"][:-1]),
    "history-extra-answer": _extra_answer,
    "history-bad-entry": lambda d: d["history"].__setitem__(0, ["dance", []]),
    "history-illegal-label": _bad_label,
    "history-not-a-list": _set("history", 5),
    "history-answer-not-a-list": lambda d: d["history"].__setitem__(0, ["answer", 5]),
    "seed-changed": lambda d: d["recipe"].__setitem__("seed", d["recipe"]["seed"] + 1),
    "recipe-not-a-mapping": _set("recipe", 5),
    "recipe-without-decks": lambda d: d["recipe"].pop("decks") and None,
    "recipe-unknown-card": _unknown_card,
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupt_save_raises_save_format_error(name: str) -> None:
    text = corrupt(CORRUPTIONS[name])
    with pytest.raises(SaveFormatError):
        S.loads(text, setup)


@pytest.mark.parametrize("cut", [0, 1, 40, -1])
def test_truncated_save_text_raises_save_format_error(cut: int) -> None:
    text = json.dumps(saved())
    with pytest.raises(SaveFormatError, match="not JSON"):
        S.loads(text[:cut], setup)


def test_save_errors_are_tcg_errors() -> None:
    """Every error bad input can cause is a ValueError under TcgError (kernel/errors.py)."""
    assert issubclass(SaveFormatError, TcgError) and issubclass(SaveFormatError, ValueError)
    assert issubclass(DefinitionError, TcgError) and issubclass(IllegalActionError, TcgError)
    with pytest.raises(SaveFormatError, match=re.escape("'tcgrules-save/0'")):
        S.loads(corrupt(CORRUPTIONS["wrong-format"]), setup)
