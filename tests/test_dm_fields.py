"""Fields (フィールド, 308) and D2 fields (703.4l): deployed from the hand, entering the battle zone, their
abilities working there, one D2 field at a time (fields.py)."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.games.duel_masters.language.selectors import has_keyword
from tcgrules.games.duel_masters.objects import is_element
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, MANA
from tcgrules.kernel import Game

JET = "チキチキ・JET・サーキット"  # D2 field: 自分のクリーチャーすべてに「スピードアタッカー」を与える
FIRE_MANA = ["火炎流星弾"] * 4

OTHER_D2 = """
- name: 例示用D2フィールド
  type: d2_field
  civilizations: [fire]
  cost: 1
  text: 自分のクリーチャーのパワーを+1000する。
  abilities:
  - static: {power: 1000}
    to: {owner: you, type: creature}
- name: 例示用フィールドを数える者
  type: creature
  civilizations: [fire]
  cost: 1
  power: 1000
  text: バトルゾーンにあるフィールド1枚につき、このクリーチャーのパワーを+1000する。
  abilities:
  - static: {power: {times: [1000, {count: {type: field}}]}}
"""


def board(a: dict[str, Any], b: dict[str, Any] | None = None) -> Game:
    return make({"turn": "A", "A": a, "B": b or {}}, OTHER_D2)


@pytest.mark.dm_rules("308.1", "308.2", "601.1", "701.5", "701.5a", "701.27", "701.27a")
def test_308_1_a_field_is_deployed_from_the_hand_and_enters_the_battle_zone() -> None:
    game = board({"hand": [{"card": JET, "as": "jet"}], "mana_zone": FIRE_MANA})
    label = f"deploy:c{cid(game, 'jet')}"
    assert label in game.pending.labels
    game.answer(label)
    assert names(game, A, BATTLE) == [JET]
    assert all(o.tapped for o in game.objects_in((A, MANA)))
    assert any(r.kind == "event" and "deploys" in r.text for r in game.log)


def test_308_2_a_fields_abilities_work_from_the_battle_zone() -> None:
    game = board(
        {
            "hand": [{"card": JET, "as": "jet"}],
            "mana_zone": FIRE_MANA,
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "c", "sick": True}],
        }
    )
    assert not can_attack(game, obj(game, "c"), player=True)
    game.answer(f"deploy:c{cid(game, 'jet')}")
    assert has_keyword(game, obj(game, "c"), "speed_attacker")
    assert can_attack(game, obj(game, "c"), player=True)


@pytest.mark.dm_rules("703.4l")
def test_703_4l_another_d2_field_entering_sends_the_earlier_one_to_its_owners_graveyard() -> None:
    game = board(
        {"hand": [{"card": "例示用D2フィールド", "as": "mine"}], "mana_zone": FIRE_MANA},
        {"battle_zone": [{"card": JET, "as": "theirs"}]},
    )
    game.answer(f"deploy:c{cid(game, 'mine')}")
    assert names(game, B, GRAVEYARD) == [JET]
    assert names(game, A, BATTLE) == ["例示用D2フィールド"]


def test_a_filter_for_fields_matches_d2_fields_and_a_field_can_exist_alone() -> None:
    game = board(
        {"battle_zone": [{"card": "例示用フィールドを数える者", "as": "n"}, {"card": JET, "as": "jet"}]}
    )
    from tcgrules.games.duel_masters import characteristics as ch

    assert ch.power(game, obj(game, "n")) == 2000
    assert is_element(game, cid(game, "jet"))  # 801.4d: a rebuild may leave a field alone in the zone


@pytest.mark.dm_rules("308.1")
def test_308_1_a_d2_field_is_deployed_in_games_between_real_decks() -> None:
    from tcgrules.agents import RandomAgent
    from tcgrules.games.duel_masters import library_decks, setup

    deck = next(d for d in library_decks() if JET in d.cards)
    other = library_decks()[0]
    deployed = 0
    for seed in range(12):
        game = setup({"decks": [list(deck.for_game), list(other.for_game)], "seed": seed})
        players = (RandomAgent(seed), RandomAgent(seed + 7))
        while game.pending is not None and game.turn < 60:
            game.answer(*players[game.pending.player].choose(game, game.pending))
        deployed += sum(1 for r in game.log if r.kind == "event" and " deploys " in r.text)
    assert deployed > 0


MEMENTO = "Dの牢閣 メメント守神宮"  # S・トリガー; gives ブロッカー; Ｄスイッチ taps the opponent's creatures


def until_may(game: Game) -> None:
    """Pass (end steps, skip charges) until an optional trigger (the Ｄスイッチ) is asked."""
    while game.pending is not None and game.pending.kind != "use_trigger":
        labels = game.pending.labels
        game.answer(next((x for x in ("end_main", "end_attacks", "skip") if x in labels), labels[-1]))


@pytest.mark.dm_rules("308.3", "105.5", "701.28a")
def test_308_3_d_switch_turns_the_field_upside_down_once_a_game() -> None:
    game = board(
        {
            "battle_zone": [{"card": MEMENTO, "as": "m"}, {"card": "アクア・ソルジャー", "as": "mine"}],
            "deck": ["filler"] * 6,
        },
        {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "foe"}], "deck": ["filler"] * 6},
    )
    assert has_keyword(game, obj(game, "mine"), "blocker")
    until_may(game)  # B draws the first card of its turn: A's Ｄスイッチ may be used
    assert game.active_player == B and game.pending.player == A
    game.answer("yes")
    assert obj(game, "m").state.get("upside_down") and obj(game, "foe").tapped
    game.inject({"event": "untap", "target": "foe"})
    until_may(game)  # A's own first draw: asked again, but the field is already upside down
    assert game.active_player == A
    game.answer("yes")
    assert not obj(game, "foe").tapped  # once a game: nothing happened


def test_308_1_a_field_used_for_free_is_deployed_like_one_paid_for() -> None:
    game = board(
        {
            "hand": [{"card": MEMENTO, "as": "m"}],
            "battle_zone": [{"card": "アクア・ソルジャー", "as": "mine"}],
        }
    )
    game.inject({"play": "m", "free": True})  # as its S・トリガー does
    assert names(game, A, BATTLE) == sorted([MEMENTO, "アクア・ソルジャー"])
    assert has_keyword(game, obj(game, "mine"), "blocker")


WD = "自由の王道 桃天守閣／心の王道 龍王武陣"  # a WD field: 桃天守閣 (3) / 龍王武陣 (5)


def shown(game: Game, alias: str) -> str:
    from tcgrules.games.duel_masters import characteristics as ch

    return ch.face(game, obj(game, alias)).name


@pytest.mark.dm_rules("819.1", "819.1a")
def test_819_1a_a_wd_field_is_deployed_from_either_side_with_that_side_upright() -> None:
    for side, name in ((0, "自由の王道 桃天守閣"), (1, "心の王道 龍王武陣")):
        game = board({"hand": [{"card": WD, "as": "wd"}], "mana_zone": ["火炎流星弾"] * 5})
        label = f"deploy:c{cid(game, 'wd')}" + (f":{side}" if side else "")
        assert label in game.pending.labels
        game.answer(label)
        assert shown(game, "wd") == name
        paid = sum(1 for o in game.objects_in((A, MANA)) if o.tapped)
        assert paid == (3 if side == 0 else 5)


@pytest.mark.dm_rules("819.1b")
def test_819_1b_only_the_upright_side_works_and_its_ability_turns_it_to_the_other_side() -> None:
    game = board(
        {
            "battle_zone": [{"card": WD, "as": "wd"}, {"card": "ボルシャック・ドラゴン", "as": "dragon"}],
            "hand": [{"card": "ボルシャック・ドラゴン", "as": "in_hand"}],
        }
    )
    from tcgrules.games.duel_masters import characteristics as ch

    assert ch.cost(game, obj(game, "in_hand")) == 4  # 桃天守閣: a dragon card costs 2 less
    game.inject({"event": "destroy", "target": "dragon"})  # 自分のドラゴンが破壊された時
    assert shown(game, "wd") == "心の王道 龍王武陣"
    assert ch.cost(game, obj(game, "in_hand")) == 6  # 桃天守閣's ability no longer works


def test_819_1b_the_other_side_untaps_the_first_creature_to_tap_and_turns_back_when_a_shield_leaves() -> None:
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": WD, "as": "wd"}, {"card": "喧嘩屋タイラー", "as": "c"}]},
            "B": {"shield_zone": ["filler", "filler"]},
        }
    )
    from tcgrules.games.duel_masters.fields import set_side

    set_side(game, obj(game, "wd"), 1)
    game.answer(f"attack:c{cid(game, 'c')}:player")
    while game.pending is not None and game.pending.kind != "attack":
        game.answer(game.pending.labels[0])
    assert not obj(game, "c").tapped  # 龍王武陣: the first creature of yours to tap this turn untaps
    assert shown(game, "wd") == "自由の王道 桃天守閣"  # the opponent's shield left


@pytest.mark.dm_rules("105", "105.5", "701.28")
def test_105_5_an_upside_down_field_is_not_turned_upright_by_an_untap() -> None:
    game = board(
        {"battle_zone": [{"card": MEMENTO, "as": "m"}], "deck": ["filler"] * 6},
        {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "foe"}], "deck": ["filler"] * 6},
    )
    until_may(game)
    game.answer("yes")
    assert obj(game, "m").state.get("upside_down")
    game.inject({"event": "untap", "target": "m"})
    assert obj(game, "m").state.get("upside_down")  # an untap does not set it upright
    until_may(game)  # A's own turn starts, its cards untap (501.1): still upside down
    assert game.active_player == A and obj(game, "m").state.get("upside_down")
