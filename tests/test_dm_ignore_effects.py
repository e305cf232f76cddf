"""Effects that ignore other effects (101.2): <鬼タイム>'s 'ignore does-not-leave effects'."""

from __future__ import annotations

from dm_helpers import B, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD

TEST_CARDS = """
- name: 試験用離れない
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーはバトルゾーンを離れない。
  abilities:
    - static: {not_leave: true}
"""


def test_101_2_oni_time_ignores_a_not_leave_prohibition() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "鬼槍の一撃", "as": "spell"}], "shield_zone": ["filler"]},
            "B": {"battle_zone": [{"card": "試験用離れない", "as": "x"}], "shield_zone": ["filler"]},
        },
        TEST_CARDS,
    )
    game.inject({"play": "spell", "free": True})
    assert names(game, B, GRAVEYARD) == ["試験用離れない"]


def test_101_2_without_oni_time_the_prohibition_holds() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "鬼槍の一撃", "as": "spell"}], "shield_zone": ["filler"] * 4},
            "B": {"battle_zone": [{"card": "試験用離れない", "as": "x"}], "shield_zone": ["filler"] * 3},
        },
        TEST_CARDS,
    )
    game.inject({"play": "spell", "free": True})
    assert names(game, B, BATTLE) == ["試験用離れない"]
    assert records(game, "prohibited")


def test_813_1_star_evolution_still_applies_under_oni_time() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "鬼槍の一撃", "as": "spell"}], "shield_zone": ["filler"]},
            "B": {
                "battle_zone": [{"card": "ボルシャック・モモキング", "as": "m", "under": ["爆炎野郎ジョー"]}],
                "shield_zone": ["filler"],
            },
        }
    )
    game.inject({"event": "power", "target": "m", "amount": -3000})
    game.inject({"play": "spell", "free": True})
    # the top card left instead; what stayed (power 3000) is then destroyed by nothing more this batch
    assert "ボルシャック・モモキング" in names(game, B, GRAVEYARD)
    assert any("ボルシャック・モモキング" in r.text for r in records(game, "replacement"))
