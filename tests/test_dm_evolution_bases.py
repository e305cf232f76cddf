"""Evolution bases (801.1) and the rebuild (801.4d) with tamaseeds: an evolution whose 進化 names a tamaseed
evolves on one, and a tamaseed under an evolution can stay alone."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, names, obj
from tcgrules.games.duel_masters.zones import BATTLE


@pytest.mark.dm_rules("801.1")
def test_801_1_an_evolution_whose_base_names_a_tamaseed_evolves_on_a_tamaseed() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "サッヴァーク ＜ギャラクシー.Star＞", "as": "s"}],
                "battle_zone": [
                    {"card": "ゲラッチョの心絵", "as": "seed"},
                    {"card": "喧嘩屋タイラー", "as": "c"},
                ],
                "mana_zone": ["ホーリー・スパーク"] * 5,
            },
        }
    )
    labels = game.pending.labels
    assert f"evolve:c{cid(game, 's')}:c{cid(game, 'seed')}" in labels
    assert f"evolve:c{cid(game, 's')}:c{cid(game, 'c')}" not in labels  # a creature is not a tamaseed
    game.answer(f"evolve:c{cid(game, 's')}:c{cid(game, 'seed')}")
    assert obj(game, "s").cards == [cid(game, "s"), cid(game, "seed")]


@pytest.mark.dm_rules("801.4d")
def test_801_4d_a_rebuild_leaves_a_tamaseed_that_was_under_the_evolution_in_the_battle_zone() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {
                        "card": "サッヴァーク ＜ギャラクシー.Star＞",
                        "as": "s",
                        "under": [{"card": "ゲラッチョの心絵", "as": "seed"}],
                    }
                ],
            },
        }
    )
    game.inject({"event": "move_card", "target": "s", "to": "graveyard"})
    assert names(game, A, BATTLE) == ["ゲラッチョの心絵"]


TAMASEEDS = """
- name: 例示用シンカライズ
  type: tamaseed
  civilizations: [fire]
  cost: 2
  races: [レクスターズ]
  text: (illustration)
  abilities:
    - keyword: shinkarise
- name: 例示用ただのタマシード
  type: tamaseed
  civilizations: [fire]
  cost: 2
  races: [レクスターズ]
  text: (illustration)
"""


@pytest.mark.dm_rules("801.1")
def test_801_1_shinkarise_lets_an_evolution_that_asks_for_a_creature_evolve_on_the_tamaseed() -> None:
    """シンカライズ: このタマシードがクリーチャーであるかのように、この上に進化クリーチャーを置いてもよい —
    the base's race still has to match; a tamaseed without シンカライズ is no base for a creature's
    evolution."""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "ボルシャック・大和・モモキング", "as": "m"}],
                "battle_zone": [
                    {"card": "例示用シンカライズ", "as": "seed"},
                    {"card": "例示用ただのタマシード", "as": "plain"},
                    {"card": "ゲラッチョの心絵", "as": "no_race"},
                ],
                "mana_zone": ["ボルシャック・大和・モモキング"] * 6,
            },
        },
        TAMASEEDS,
    )
    labels = game.pending.labels
    m = cid(game, "m")
    assert f"evolve:c{m}:c{cid(game, 'seed')}" in labels
    assert f"evolve:c{m}:c{cid(game, 'plain')}" not in labels  # no シンカライズ: not a creature
    assert f"evolve:c{m}:c{cid(game, 'no_race')}" not in labels
    game.answer(f"evolve:c{m}:c{cid(game, 'seed')}")
    assert obj(game, "m").cards == [m, cid(game, "seed")]
