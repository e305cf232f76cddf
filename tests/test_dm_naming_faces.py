"""Naming a card of two faces (805.7, 807.6, 809.4): a player who names a card may name either face of a
psychic, dragheart or 禁断 card, never both together; a 禁断コア has no name to name (the `declare` step)."""

from __future__ import annotations

import pytest

from dm_helpers import make
from tcgrules.games.duel_masters.characteristics import combined_name

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
    "807.6": ("爆炎大剣 ガイサーガ", "爆炎覇龍 ガイフレア"),
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
    assert f"{first}／{second}" not in labels  # never both
    two_faced = [d for d in game.rules.catalog.values() if len(d.faces) == 2 and combined_name(d) is None]
    assert not any(f"{d.faces[0].name}／{d.faces[1].name}" in labels for d in two_faced)  # of no such card


def test_a_forbidden_core_has_no_name_to_name() -> None:
    game = make({"turn": "A", "A": {"hand": [{"card": "試験用の名指し", "as": "s"}]}}, NAMER)
    game.inject({"play": "s", "free": True})
    assert "禁断コア" not in game.pending.labels and "終焉の禁断 ドルマゲドンX" in game.pending.labels


@pytest.mark.dm_rules("804.6")
def test_804_6_one_card_of_a_linked_god_may_be_named_but_not_all_of_them() -> None:
    from dm_helpers import B, names
    from test_dm_objects import GODS

    destroyer = NAMER.replace(
        "カード名を1つ指定する。", "カード名を1つ指定し、相手のその名前のクリーチャーをすべて破壊する。"
    )
    destroyer += "    - destroy: {all: true, owner: opponent, type: creature, name: $named}\n"
    game = make(
        {
            "turn": "B",
            "A": {"hand": [{"card": "試験用の名指し", "as": "s"}]},
            "B": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
            },
        },
        destroyer + GODS,
    )
    game.inject({"play": game.info["aliases"]["left"], "free": True})
    game.answer("yes")  # G・リンク: one creature of two cards
    game.inject({"play": "s", "free": True})
    labels = set(game.pending.labels)
    assert {"例示用・右のゴッド", "例示用・左のゴッド"} <= labels
    assert not any("・左のゴッド" in label and "右" in label for label in labels)  # not the two together
    game.answer(
        "例示用・左のゴッド"
    )  # one of its cards' names: the linked God has it (202.5) and is destroyed
    assert game.pending is not None and game.pending.rule == "703.4f"  # only one of its cards leaves
    game.answer(game.pending.options[0].label)
    assert len(names(game, B, "graveyard")) == 1
