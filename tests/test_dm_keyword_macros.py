"""Keywords are macros over the card language (keywords.KEYWORDS): マッハファイター and ジャストダイバー,
the parameters spliced into an expansion, and the table of docs/cards.md; 「相手に選ばれない」 is a general
property read where a player chooses (games/duel_masters/actions.py, ``candidates``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cards.loader import load_text
from tcgrules.cards.schema import AbilitySpec
from tcgrules.cards.vocabulary import DUEL_MASTERS as V
from tcgrules.games.duel_masters.keywords import KEYWORDS, Keyword, expand


def test_mach_fighter_is_two_statics_for_the_turn_it_entered() -> None:
    parts = expand(AbilitySpec("keyword", "mach_fighter", 2, line=9))
    assert [p.params["property"] for p in parts] == ["attack_creatures_at_once", "attack_untapped"]
    assert all(p.condition is not None and p.condition.kind == "happened" for p in parts)
    assert all(p.index == 2 and p.line == 9 for p in parts)


def test_just_diver_is_an_enter_trigger_granting_two_properties() -> None:
    (trigger,) = expand(AbilitySpec("keyword", "just_diver", 0))
    assert trigger.form == "trigger" and trigger.pattern is not None and trigger.pattern.event == "enters"
    granted = [a.args["property"] for a in trigger.effect]
    assert granted == ["cannot_be_chosen_by_opponent", "cannot_be_attacked"]
    assert {a.args["until"] for a in trigger.effect} == {"your_next_turn"}


def _expansion_cell(k: Keyword) -> str:
    """A keyword's meaning as docs/cards.md shows it: each ability of the expansion on one line."""
    if not k.expansion:
        return f"read by the rules: {k.rule}"
    abilities: list[list[str]] = []
    for line in k.expansion.strip("\n").splitlines():
        text = line.strip().removeprefix("- ")
        if line.startswith("- ") or not abilities:
            abilities.append([text])
        elif sum(abilities[-1][-1].count(c) for c in "[{") > sum(abilities[-1][-1].count(c) for c in "]}"):
            abilities[-1][-1] += " " + text  # a flow collection going on
        else:
            abilities[-1].append(text)
    cell = " · ".join("`" + ", ".join(a) + "`" for a in abilities)
    if k.play_from:
        cell = f"summoned from the `{k.play_from}` too; what rides along: " + cell
    return cell


def test_the_keyword_table_of_the_docs_is_the_table_of_keywords_py() -> None:
    """docs/cards.md shows every keyword with its reminder text and its expansion as KEYWORDS has them."""
    docs = (Path(__file__).parents[1] / "docs" / "cards.md").read_text(encoding="utf-8")
    assert set(KEYWORDS) == set(V.keywords)
    for name, k in KEYWORDS.items():
        params = ", ".join(f"`{p}`" for p in V.keywords[name])
        reminder = f"（{k.reminder}）" if k.reminder else ""
        row = f"| `{name}` | {k.printed} | {params} | {reminder} | {_expansion_cell(k)} |"
        assert row in docs, f"docs/cards.md has no row {row}"


def test_every_expansion_is_read_by_the_card_loader_with_its_parameters() -> None:
    """A keyword with parameters is expanded with them as its card writes them; without them (a keyword
    granted by name) it cannot be."""
    (card,) = load_text(
        "- name: 例示用侵略\n  type: creature\n  civilizations: [fire]\n  cost: 5\n  races: []\n"
        "  power: 5000\n  text: ''\n  abilities:\n"
        "  - keyword: invasion\n    base: {civilization: fire, race: コマンド}\n"
        "  - keyword: power_attacker\n    amount: 3000\n",
        "test",
        V,
    )
    invasion, attacker = card.main.abilities
    (trigger,) = expand(invasion)
    assert trigger.pattern is not None and trigger.pattern.subject.owner == "you"
    subject = trigger.pattern.subject.filter
    assert subject.other_than_self and subject.civilizations == ("fire",) and subject.races == ("コマンド",)
    (static,) = expand(attacker)
    assert static.params["value"].literal == 3000 and static.condition is not None
    with pytest.raises(KeyError):
        expand(AbilitySpec("keyword", "invasion", 0))


def test_guardman_is_the_can_guard_property() -> None:
    (static,) = expand(AbilitySpec("keyword", "guardman", 0))
    assert static.form == "static" and static.params == {"property": "can_guard", "value": True}


GIVERS = """
- name: 例示用の格闘付与
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分の他のクリーチャーすべてに「マッハファイター」を与える。
  abilities:
    - static: {ability: {keyword: mach_fighter}}
      to: {owner: you, type: creature, other: true}
- name: 例示用の一時格闘
  type: spell
  civilizations: [nature]
  cost: 3
  text: このターン、自分のクリーチャー1体に「マッハファイター」を与える。
  abilities:
    - spell:
        - grant: {what: {choose: 1, owner: you, type: creature}, keyword: mach_fighter}
"""


def _can_attack_untapped_at_once(spec: dict, *plays: str) -> bool:
    from dm_helpers import label_for, make

    game = make(spec, GIVERS)
    for play in plays:
        game.inject({"play": play, "free": True})
        if game.pending is not None and game.pending.kind == "choose_cards":
            game.answer(game.pending.labels[0])
    game.answer("end_main")
    assert game.pending is not None and game.pending.kind == "attack"
    return any(label.endswith(label_for(game, "bol")) for label in game.pending.labels)


def test_a_mach_fighter_a_static_or_an_effect_gives_works_the_turn_the_creature_entered() -> None:
    """「マッハファイター」を与える: given by a static (its ``to``) or by an effect (``grant``), the keyword
    works as if printed — its statics read the record of this turn's events (language/history.py)."""
    tyler = {"card": "喧嘩屋タイラー", "as": "t"}
    foe = {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "bol"}]}
    board = {"turn": "A", "A": {"battle_zone": ["例示用の格闘付与"], "hand": [tyler]}, "B": foe}
    assert _can_attack_untapped_at_once(board, "t")
    board = {"turn": "A", "A": {"hand": [tyler]}, "B": foe}
    assert not _can_attack_untapped_at_once(board, "t")
    board = {"turn": "A", "A": {"hand": [tyler, {"card": "例示用の一時格闘", "as": "s"}]}, "B": foe}
    assert _can_attack_untapped_at_once(board, "t", "s")


def test_a_spliced_parameter_replaces_the_expansions_default_field() -> None:
    """``...@PARAM``: the parameter's fields join the mapping; one it gives replaces the expansion's own
    (セイバー:クロスギア guards cross gears, not creatures), nested mappings on either side untouched."""
    from tcgrules.games.duel_masters.keywords import _splice

    saver = "- replace: {event: destroyed, subject: {owner: you, type: creature, other: true, ...@base}}"
    assert _splice(saver, {"base": '{"type": "cross_gear"}'}) == (
        '- replace: {event: destroyed, subject: {owner: you, other: true, "type": "cross_gear"}}'
    )
    race = '{"race": "ドラゴン", "cost": {"at_most": 5}}'
    assert _splice(saver, {"base": race}) == (
        "- replace: {event: destroyed, subject: {owner: you, type: creature, other: true, "
        '"race": "ドラゴン", "cost": {"at_most": 5}}}'
    )
    nested = "- t: {subject: {power: {at_most: 3}, type: creature, ...@base}}"
    assert (
        _splice(nested, {"base": '{"type": "spell"}'})
        == '- t: {subject: {power: {at_most: 3}, "type": "spell"}}'
    )
    assert _splice("- t: {subject: {type: creature, ...@base}}", {"base": '{"type": "field"}'}) == (
        '- t: {subject: {"type": "field"}}'
    )
