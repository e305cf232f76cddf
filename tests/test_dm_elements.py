"""Elements (エレメント, 316): what an effect naming エレメント may choose, and filters naming card types read
on a twinpact's part (810.3a)."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import A, B, cid, make, names
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD
from tcgrules.kernel import Game

CARDS = """
- name: 例示用エレメント破壊
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のエレメントを1つ選び、破壊する。
  abilities:
  - spell:
    - destroy: {owner: opponent, type: element, choose: 1}
- name: 例示用クリーチャーかタマシード破壊
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャー1体またはタマシードを1枚選び、破壊する。
  abilities:
  - spell:
    - destroy: {owner: opponent, type: [creature, tamaseed], choose: 1}
- name: 例示用リアニメイト
  type: spell
  civilizations: [darkness]
  cost: 1
  text: コスト4以下のクリーチャー1体またはコスト4以下のタマシードを1枚、自分の墓地から出す。
  abilities:
  - spell:
    - put_into_battle_zone:
        {choose: 1, zone: graveyard, owner: you, type: [creature, tamaseed], cost: {at_most: 4}}
"""
FIELD = "極悪!獄鬼夜城"  # a D2 field of cost 2
DARK_MANA = ["デーモン・ハンド"]


def _cast(spell: str, b_battle: list[Any], a_graveyard: list[Any] | None = None) -> Game:
    """A casts ``spell`` (cost 1) in its main step."""
    a: dict[str, Any] = {"hand": [{"card": spell, "as": "spell"}], "mana_zone": DARK_MANA}
    a["graveyard"] = a_graveyard or []
    game = make({"turn": "A", "A": a, "B": {"battle_zone": b_battle}}, CARDS)
    game.answer(f"cast:c{cid(game, 'spell')}")
    return game


@pytest.mark.dm_rules("316.1", "316.3")
def test_316_1_an_effect_naming_elements_may_choose_a_field_and_takes_the_cards_under_it() -> None:
    game = _cast("例示用エレメント破壊", [{"card": FIELD, "as": "field", "under": ["デーモン・ハンド"]}])
    assert names(game, B, BATTLE) == []
    assert sorted(names(game, B, GRAVEYARD)) == sorted([FIELD, "デーモン・ハンド"])


@pytest.mark.dm_rules("316.1")
def test_316_1_creature_or_tamaseed_is_not_every_element() -> None:
    game = _cast("例示用クリーチャーかタマシード破壊", [{"card": FIELD, "as": "field"}])
    assert names(game, B, BATTLE) == [FIELD]  # a field is an element, but neither a creature nor a タマシード


@pytest.mark.dm_rules("810.3a")
def test_810_3a_a_list_of_card_types_is_read_on_the_same_part_as_the_cost() -> None:
    # サドレイン＝トレイン／邪神呪文「アビサール」: a cost-5 creature and a cost-1 spell. Neither part is a
    # creature or タマシード of cost 4 or less, so the one candidate is the cost-4 creature.
    twin = "サドレイン＝トレイン／邪神呪文「アビサール」"
    game = _cast(
        "例示用リアニメイト",
        [],
        [{"card": twin, "as": "twin"}, {"card": "レター=ジェンゲガー", "as": "four"}],
    )
    assert names(game, A, BATTLE) == ["レター=ジェンゲガー"]
    assert twin in names(game, A, GRAVEYARD)
