"""Artifact (312) and 土地 (313): an Artifact is used from the hand in the main step and enters the battle
zone; a 土地 is never used, works in the mana zone, and put into the battle zone goes to the graveyard."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.play import playable_faces
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, MANA

CARDS = """
- name: 例示用のArtifact
  type: artifact
  civilizations: [light]
  cost: 2
  text: 自分のクリーチャーすべてのパワーを+1000する。
  abilities:
  - static: {power: 1000}
    to: {owner: you, type: creature}
- name: 例示用の土地
  type: land
  civilizations: [nature]
  cost: 1
  text: この土地がマナゾーンにある間、自分のクリーチャーすべてのパワーを+2000する。
  abilities:
  - static: {power: 2000}
    to: {owner: you, type: creature}
    zones: [mana_zone]
"""
MANA_CARDS = ["ホーリー・スパーク", "ホーリー・スパーク"]


@pytest.mark.dm_rules("312", "312.1", "312.2", "316.1")
def test_312_1_an_artifact_is_used_from_the_hand_in_the_main_step_and_enters_the_battle_zone() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用のArtifact", "as": "a"}],
                "mana_zone": MANA_CARDS,
                "battle_zone": [{"card": "アクア・ソルジャー", "as": "s"}],
            },
        },
        CARDS,
    )
    label = f"use:c{cid(game, 'a')}"
    assert label in game.pending.labels
    game.answer(label)
    assert obj(game, "a").zone == (A, BATTLE) and not ch.face(game, obj(game, "a")).is_creature
    assert ch.power(game, obj(game, "s")) == 2000  # its abilities work there


@pytest.mark.dm_rules("313", "313.1", "313.2", "313.3")
def test_313_a_land_is_never_used_works_in_the_mana_zone_and_leaves_the_battle_zone_at_once() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用の土地", "as": "h"}],
                "mana_zone": [{"card": "例示用の土地", "as": "m"}, *MANA_CARDS],
                "graveyard": [{"card": "例示用の土地", "as": "g"}],
                "battle_zone": [{"card": "アクア・ソルジャー", "as": "s"}],
            },
        },
        CARDS,
    )
    assert playable_faces(game, obj(game, "h"), free=True) == []  # 313.1
    assert not any(label.split(":")[1:2] == [f"c{cid(game, 'h')}"] for label in game.pending.labels)
    assert ch.power(game, obj(game, "s")) == 1000 + 2000  # 313.2: in the mana zone only (one there)
    game.inject({"event": "enter", "target": "g"})
    assert obj(game, "g").zone == (A, GRAVEYARD)  # 313.3
    assert "例示用の土地" not in names(game, A, BATTLE) and obj(game, "m").zone == (A, MANA)
