"""Special cards and their effects: swaps (701.26b), バトル中, draghearts and 龍解 (807), マスターG・O・D・S,
choosing among the cards an effect moved (110.5)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names, obj, records
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.gr import GR
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, HYPERSPATIAL


def test_701_26b_a_landing_replacement_on_the_incoming_card_stops_the_swap() -> None:
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "「祝」の頂 ウェディング", "as": "w"}],
                "hand": [{"card": "「心」の頂天 プロフェシー", "as": "p"}],
            },
            "B": {"battle_zone": ["赤い稲妻 テスタ・ロッサ"], "shield_zone": ["filler"] * 4},
        }
    )
    game.answer(f"attack:c{cid(game, 'w')}:player")
    game.answer("yes")
    assert names(game, A, HAND) == ["「心」の頂天 プロフェシー"]
    assert any(r.rule == "701.26b" and "テスタ・ロッサ" in r.text for r in records(game, "rule"))


def test_701_26b_the_leaving_half_alone_also_stops_the_swap() -> None:
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "「祝」の頂 ウェディング", "as": "w"}],
                "hand": [{"card": "「心」の頂天 プロフェシー", "as": "p"}],
            },
            "B": {"shield_zone": ["filler"] * 5},
        }
    )
    game.answer(f"attack:c{cid(game, 'w')}:player")
    game.answer("yes")  # エターナル・Ω (a replacement on the leaving card) alone stops it
    assert names(game, A, HAND) == ["「心」の頂天 プロフェシー"]


def test_in_battle_power_applies_only_during_the_battle() -> None:
    game = make({"turn": "A", "B": {"battle_zone": [{"card": "赤い稲妻 テスタ・ロッサ", "as": "t"}]}})
    assert ch.power(game, obj(game, "t")) == 2000


@pytest.mark.dm_rules("117.2", "305.2", "305.3")
def test_dragheart_weapon_counts_for_power_and_returns_when_its_creature_leaves() -> None:
    game = make(
        {
            "turn": "B",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "爆炎大剣 ガイサーガ", "as": "h", "equipped_to": "g"},
                ]
            },
        }
    )
    assert ch.power(game, obj(game, "g")) == 9000
    game.inject({"event": "move", "target": "g", "to": "hand"})
    if game.pending is not None:
        game.answer("none")  # グレンモルト's optional replacement: not applied
    assert names(game, A, HYPERSPATIAL) == ["爆炎大剣 ガイサーガ"]


def test_609_9b_ryukai_and_the_return_instead_cannot_share_the_dragheart() -> None:
    game = make(
        {
            "turn": "B",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g1"},
                    {"card": "最終龍覇 グレンモルト", "as": "g2"},
                    {"card": "無敵剣 プロト・ギガハート", "as": "h", "equipped_to": "g2"},
                ]
            },
            "B": {"hand": [{"card": "天使と悪魔の墳墓", "as": "tomb"}]},
        }
    )
    game.inject({"play": "tomb", "free": True})
    options = game.pending.labels if game.pending else ()
    glen_a = next(label for label in options if f":c{cid(game, 'g1')}:" in label)
    game.answer(glen_a)  # グレンモルト A returns ギガハート instead …
    assert names(game, A, BATTLE) == ["最終龍覇 グレンモルト"]  # … so 龍解 cannot use it: B is destroyed
    assert names(game, A, HYPERSPATIAL) == ["無敵剣 プロト・ギガハート"]


@pytest.mark.dm_rules("701.7", "701.7a")
def test_master_gods_counts_discards_that_reached_the_graveyard() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "“魔神轟怒”万軍投", "as": "m"}, {"card": "喧嘩屋タイラー", "as": "t"}],
                "mana_zone": ["喧嘩屋タイラー"] * 4,
                "gr_zone": ["filler", "filler", "filler"],
            },
        }
    )
    game.answer(f"master_gods:c{cid(game, 'm')}")
    game.answer(f"c{cid(game, 't')}")
    assert names(game, A, GRAVEYARD) == ["“魔神轟怒”万軍投", "喧嘩屋タイラー"]  # cost 6 − 2 = 4
    assert names(game, A, BATTLE) == ["filler"] * 3
    assert not game.zones.get((A, GR))


def test_110_5_choose_from_the_cards_the_effect_put_into_the_graveyard() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "百鬼の邪王門", "as": "j"}],
                "deck": ["filler"] * 6 + ["うごめく者ボーン・グール"],
            },
            "B": {"battle_zone": ["アクア・ビークル"]},
        }
    )
    game.inject({"play": "j", "free": True})
    if game.pending is not None:
        game.answer(game.pending.labels[0])
    assert "うごめく者ボーン・グール" in names(game, A, BATTLE)
    assert names(game, B, GRAVEYARD) == ["アクア・ビークル"]


def test_701_30a_gr_summon_summons_the_top_gr_creature() -> None:
    """GR召喚 is a summon (as if its cost were paid): the card is used, and enters with how: summon."""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "超GR・チャージャー", "as": "c"}],
                "gr_zone": ["暗黒の騎士ザガーンGR", "ツタンメカーネン"],
            },
        }
    )
    game.inject({"play": "c", "free": True})
    assert names(game, A, BATTLE) == ["ツタンメカーネン"]
    assert names(game, A, GR) == ["暗黒の騎士ザガーンGR"]
    assert any("summons ツタンメカーネン" in r.text for r in records(game, "event"))


def test_118_1_811_2b_a_gr_creature_put_outside_the_battle_zone_goes_under_the_gr_zone() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "トムライ 丙-三式", "as": "t"}],
                "gr_zone": ["暗黒の騎士ザガーンGR"],
            },
        }
    )
    game.inject({"event": "destroy", "target": "t"})
    assert names(game, A, GRAVEYARD) == []
    assert names(game, A, GR) == ["トムライ 丙-三式", "暗黒の騎士ザガーンGR"]  # bottom first
