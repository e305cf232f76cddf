"""Naming a card of two faces (805.7, 807.6, 809.4): a player who names a card may name either face of a
psychic, dragheart or 禁断 card, never both together; a 禁断コア has no name to name (the `declare` step)."""

from __future__ import annotations

import pytest

from dm_helpers import make

NAMER = """
- name: 試験用の名指し
  type: spell
  civilizations: [darkness]
  cost: 1
  text: カード名を1つ指定する。
  abilities:
  - spell:
    - declare: {what: card_name, as: named}
"""
FACES = {
    "805.7": ("竜骨なる者ザビ・リゲル", "死海竜ガロウズ・デビルドラゴン"),
    "807.6": ("無敵剣 プロト・ギガハート", "最強龍 オウギンガ・ゼロ"),
    "809.4": ("禁断〜封印されしX〜", "伝説の禁断 ドキンダムX"),
}


@pytest.mark.dm_rules("805", "805.7", "807.6", "809.4")
@pytest.mark.parametrize("rule", sorted(FACES))
def test_either_face_may_be_named_but_not_both(rule: str) -> None:
    game = make({"turn": "A", "A": {"hand": [{"card": "試験用の名指し", "as": "s"}]}}, NAMER)
    game.inject({"play": "s", "free": True})
    labels = set(game.pending.labels)
    first, second = FACES[rule]
    assert {first, second} <= labels  # either face's name
    assert f"{first}／{second}" not in labels and not any("／" in label for label in labels)  # never both


def test_a_forbidden_core_has_no_name_to_name() -> None:
    game = make({"turn": "A", "A": {"hand": [{"card": "試験用の名指し", "as": "s"}]}}, NAMER)
    game.inject({"play": "s", "free": True})
    assert "禁断コア" not in game.pending.labels and "終焉の禁断 ドルマゲドンX" in game.pending.labels
