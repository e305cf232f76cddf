"""ハイパーエナジー (hyper_energy.py): a cheaper summon for tapping creatures of different costs (601.1)."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, names, obj
from tcgrules.games.duel_masters.zones import BATTLE, MANA

GOLDRAN = "超天使 ゴルドラン・ゴルギーニ"  # cost 10, ハイパーエナジー


def _board(battle: list[object], mana: int) -> object:
    return make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": GOLDRAN, "as": "g"}],
                "battle_zone": battle,
                "mana_zone": ["Solar Ray"] * mana,
            },
        }
    )


@pytest.mark.dm_rules("601.1")
def test_601_1_hyper_energy_is_not_offered_without_an_untapped_creature() -> None:
    game = _board([{"card": "喧嘩屋タイラー", "tapped": True}], 10)
    assert f"hyper_energy:c{cid(game, 'g')}" not in game.pending.labels  # type: ignore[attr-defined]
    assert f"summon:c{cid(game, 'g')}" in game.pending.labels  # type: ignore[attr-defined]


@pytest.mark.dm_rules("601.1")
def test_601_1_hyper_energy_never_lowers_the_cost_below_one() -> None:
    # five creatures of costs 2, 3, 5, 8 and 10: 10 less, but the cost stays 1 (「0以下にはならない」)
    creatures = [
        "喧嘩屋タイラー",
        "レター=ジェンゲガー",
        "グラディアン・バレット・ドラゴン",
        "強襲竜 ボルシャック・レイダー／レイド・エントリー",
        GOLDRAN,
    ]
    game = _board([{"card": n, "as": f"c{i}"} for i, n in enumerate(creatures)], 1)
    game.answer(f"hyper_energy:c{cid(game, 'g')}")  # type: ignore[attr-defined]
    game.answer(*[f"c{cid(game, f'c{i}')}" for i in range(len(creatures))])  # type: ignore[attr-defined]
    assert names(game, A, BATTLE).count(GOLDRAN) == 2
    assert all(obj(game, f"c{i}").tapped for i in range(len(creatures)))
    assert all(o.tapped for o in game.objects_in((A, MANA)))  # type: ignore[attr-defined]
