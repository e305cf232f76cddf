"""ルール・プラス put into the battle zone (314.4; rule_plus.py)."""

from __future__ import annotations

import pytest

from dm_helpers import A, make, names
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HYPERSPATIAL

CARDS = """
- name: 例示用のルール・プラス
  type: rule_plus
  civilizations: [water]
  cost: 0
  text: 自分は、デッキの枚数を5枚増やしてゲームを開始する。
  abilities:
    - keyword: larger_deck
      amount: 5
"""


@pytest.mark.dm_rules("314")
def test_314_4_a_rule_plus_in_the_battle_zone_goes_back_through_the_graveyard() -> None:
    # Q: A ルール・プラス is in A's battle zone. What happens at the next check?  A: It cannot exist there: it
    # is put into the graveyard and from there at once back into the 超次元ゾーン (314.4).
    game = make(
        {"A": {"battle_zone": ["例示用のルール・プラス", "ボルシャック・ドラゴン"], "deck": 3}}, CARDS
    )
    game.inject({"event": "draw", "player": "A"})  # any event: state-based actions are checked after it
    assert names(game, A, BATTLE) == ["ボルシャック・ドラゴン"]
    assert names(game, A, GRAVEYARD) == [] and names(game, A, HYPERSPATIAL) == ["例示用のルール・プラス"]
    moves = [r.text for r in game.log if r.rule == "314.4"]
    assert len(moves) == 2 and "graveyard" in moves[0] and "hyperspatial" in moves[1]


@pytest.mark.dm_rules("805.1d", "314.1")
def test_805_1d_a_rule_plus_psychic_card_is_taken_as_either_side_from_the_hyperspatial_zone() -> None:
    # Q: サファイア・ミスティ／13番目の計画 is in A's 超次元ゾーン. A spell puts 「コスト5以下のカード」 from
    # there; another 「コスト7以下のサイキック・クリーチャー」. A: both sides are seen there (805.1d; 314.1:
    # the card is there as the ルール・プラス too): the first takes it as 13番目の計画 (cost 0), which enters
    # showing that side and goes back by 314.4 (公式Q&A 2022-10-28); the second takes it as
    # サファイア・ミスティ, which stays.
    from test_card_language import play_free, spell

    misty = "サファイア・ミスティ／13番目の計画"
    cheap = spell(
        "例示用コスト5以下を出す呪文",
        "- put_into_battle_zone: {choose: 1, zone: hyperspatial_zone, owner: you, cost: {at_most: 5}}",
    )
    psychic = spell(
        "例示用サイキックを出す呪文",
        "- put_into_battle_zone: {choose: 1, zone: hyperspatial_zone, owner: you, type: psychic_creature,"
        " cost: {at_most: 7}}",
    )
    for name, stays in (("例示用コスト5以下を出す呪文", False), ("例示用サイキックを出す呪文", True)):
        game = make(
            {"turn": "A", "A": {"hand": [{"card": name, "as": "s"}], "hyperspatial_zone": [misty]}},
            cheap + psychic,
        )
        play_free(game, "s")
        assert (names(game, A, BATTLE) == [misty]) is stays
        assert (names(game, A, HYPERSPATIAL) == [misty]) is not stays
        assert names(game, A, GRAVEYARD) == ["例示用コスト5以下を出す呪文"] or stays
