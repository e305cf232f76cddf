"""Seals (封印, 116): put from the top of the owner's deck, a sealed creature ignored, removed by a command of
its civilization entering (seals.py)."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.seals import is_ignored_creature, seals_on
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, DECK, GRAVEYARD
from tcgrules.kernel import Game

CARDS = """
- name: 例示用封印の呪文
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャーを1体選び、封印を付ける。
  abilities:
  - spell:
    - seal: {choose: 1, owner: opponent, type: creature}
- name: 例示用全体破壊
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャーをすべて破壊する。
  abilities:
  - spell:
    - destroy: {all: true, owner: opponent, type: creature}
- name: 例示用封印を外す呪文
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 封印の付いた自分のクリーチャーを1体選び、その封印を1つ外す。
  abilities:
  - spell:
    - unseal: {choose: 1, owner: you, type: creature, sealed: true}
- name: 例示用水のコマンド
  type: creature
  civilizations: [water]
  cost: 1
  races: [リキッド・コマンド]
  power: 1000
  text: ""
"""


def board(a: dict[str, Any], b: dict[str, Any]) -> Game:
    return make({"turn": "A", "A": a, "B": b}, CARDS)


def sealed_board() -> Game:
    game = board(
        {"hand": [{"card": "例示用封印の呪文", "as": "spell"}]},
        {
            "battle_zone": [{"card": "アクア・ソルジャー", "as": "soldier"}],
            "deck": ["filler", {"card": "ブラッディ・イヤリング", "as": "top"}],
            "hand": [{"card": "例示用水のコマンド", "as": "command"}],
        },
    )
    game.inject({"play": "spell", "free": True})
    return game


@pytest.mark.dm_rules("116", "116.1", "116.1a", "701.24a", "116.3")
def test_116_1a_a_seal_is_the_top_card_of_the_sealed_cards_owners_deck_face_down_on_it() -> None:
    game = sealed_board()
    seals = seals_on(game, obj(game, "soldier").oid)
    assert [s.top for s in seals] == [cid(game, "top")]
    assert seals[0].face_down and seals[0].zone == (B, BATTLE)
    assert len(game.zones[(B, DECK)]) == 1


@pytest.mark.dm_rules("116.2", "116.2a")
def test_116_2a_a_sealed_creature_is_treated_as_not_in_the_battle_zone() -> None:
    game = sealed_board()
    soldier = obj(game, "soldier")
    assert is_ignored_creature(game, soldier)
    game.inject({"event": "tap", "target": "soldier"})
    assert not soldier.tapped  # it neither taps nor untaps
    assert not can_attack(game, soldier, player=True)


def test_116_2a_a_sealed_creature_is_not_chosen_or_destroyed_by_all() -> None:
    game = board(
        {"hand": [{"card": "例示用全体破壊", "as": "wipe"}]},
        {
            "battle_zone": [
                {"card": "アクア・ソルジャー", "as": "soldier"},
                {"card": "filler", "as": "seal", "face_down": True},
                "アクア・ビークル",
            ],
        },
    )
    from tcgrules.games.duel_masters.seals import SEALING, SEALS

    obj(game, "seal").state[SEALING] = obj(game, "soldier").oid
    game.info[SEALS] = {cid(game, "seal"): obj(game, "soldier").oid}
    game.inject({"play": "wipe", "free": True})
    assert "アクア・ソルジャー" in names(game, B, BATTLE)
    assert "アクア・ビークル" in names(game, B, GRAVEYARD)


@pytest.mark.dm_rules("116.4", "116.4a", "116.4b", "701.23", "701.23a", "701.23b", "703.4j")
def test_116_4a_a_command_of_its_civilization_entering_removes_the_seal() -> None:
    game = sealed_board()
    assert is_ignored_creature(game, obj(game, "soldier"))
    game.inject({"play": "command", "free": True})  # a water command: the water creature's seal goes
    assert not seals_on(game, obj(game, "soldier").oid)
    assert "ブラッディ・イヤリング" in names(game, B, GRAVEYARD)
    assert not is_ignored_creature(game, obj(game, "soldier"))


def test_116_4a_a_command_of_another_civilization_removes_nothing() -> None:
    game = board(
        {"hand": [{"card": "例示用封印の呪文", "as": "spell"}]},
        {
            "battle_zone": [{"card": "ブラッディ・イヤリング", "as": "dark"}],
            "hand": [{"card": "例示用水のコマンド", "as": "command"}],
            "deck": ["filler"] * 2,
        },
    )
    game.inject({"play": "spell", "free": True})
    game.inject({"play": "command", "free": True})
    assert is_ignored_creature(game, obj(game, "dark"))
    assert names(game, B, GRAVEYARD) == []


@pytest.mark.dm_rules("701.23a")
def test_701_23a_an_effect_removes_a_seal_of_a_card_it_chooses_sealed() -> None:
    game = board(
        {
            "hand": [{"card": "例示用封印を外す呪文", "as": "unseal"}],
            "battle_zone": [{"card": "アクア・ソルジャー", "as": "soldier"}],
            "deck": ["filler"] * 3,
        },
        {"hand": [{"card": "例示用封印の呪文", "as": "spell"}]},
    )
    from tcgrules.games.duel_masters.seals import SEALING, SEALS

    soldier = obj(game, "soldier")
    top = game.objects[game.zones[(A, DECK)][-1]]
    seal = game.move_object(top.oid, (A, BATTLE), face_down=True)[0]
    seal.state[SEALING] = soldier.oid
    game.info[SEALS] = {seal.top: soldier.oid}
    assert is_ignored_creature(game, soldier)
    game.inject({"play": "unseal", "free": True})
    assert not is_ignored_creature(game, obj(game, "soldier"))
    assert ch.power(game, obj(game, "soldier")) == 1000


UNSEALED_WATCHER = """
- name: 例示用封印を見る者
  type: creature
  civilizations: [water]
  cost: 1
  power: 1000
  text: このクリーチャーから封印が外れた時、カードを1枚引く。
  abilities:
  - trigger: {event: unsealed}
    effect:
    - draw: 1
"""
"""A creature with 「このクリーチャーから封印が外れた時」 (the unsealed pattern)."""


def test_pattern_unsealed_sees_a_seal_removed_from_its_card() -> None:
    watcher = UNSEALED_WATCHER
    game = make(
        {
            "turn": "B",
            "B": {
                "battle_zone": [{"card": "例示用封印を見る者", "as": "w", "seals": 1}],
                "hand": [{"card": "例示用水のコマンド", "as": "command"}],
                "deck": ["filler"] * 4,
            },
        },
        CARDS + watcher,
    )
    before = len(game.zones[(B, "hand")])
    game.inject({"play": "command", "free": True})  # its seal goes; its ability works again and sees it
    assert not is_ignored_creature(game, obj(game, "w"))
    assert len(game.zones[(B, "hand")]) == before  # the command left the hand; one card was drawn


GRAVEYARD_WATCHER = """
- name: 例示用墓地に置かれた時
  type: creature
  civilizations: [water]
  cost: 1
  power: 1000
  text: このクリーチャーが、どこからでも自分の墓地に置かれた時、カードを1枚引く。
  abilities:
  - trigger: {event: moved, to: graveyard}
    zones: [graveyard]
    effect:
    - draw: 1
"""
"""A card with 「どこからでも自分の墓地に置かれた時」, triggering in the graveyard."""


@pytest.mark.dm_rules("603.5", "701.23a")
def test_603_5_a_seal_removed_into_the_graveyard_is_that_card_put_into_the_graveyard() -> None:
    game = make(
        {
            "turn": "B",
            "B": {
                "battle_zone": [{"card": "アクア・ソルジャー", "as": "soldier", "seals": 1}],
                "hand": [{"card": "例示用水のコマンド", "as": "command"}],
                "deck": ["filler"] * 3 + [{"card": "例示用墓地に置かれた時", "as": "seal"}],
            },
        },
        CARDS + GRAVEYARD_WATCHER,
    )
    assert seals_on(game, obj(game, "soldier").oid)[0].top == cid(game, "seal")
    hand = len(game.zones[(B, "hand")])
    game.inject({"play": "command", "free": True})  # the seal, a water card, comes off into the graveyard
    assert names(game, B, GRAVEYARD) == ["例示用墓地に置かれた時"]
    assert len(game.zones[(B, "hand")]) == hand  # the command left the hand; the seal's trigger drew one
    assert len(game.zones[(B, DECK)]) == 2


@pytest.mark.dm_rules("116.3", "116.3a")
def test_116_3a_an_effect_choosing_a_battle_zone_card_may_choose_a_seal() -> None:
    extra = """
- name: 例示用カードを選ぶ呪文
  type: spell
  civilizations: [fire]
  cost: 1
  text: バトルゾーンにある相手のカードを1枚選び、持ち主のマナゾーンに置く。
  abilities:
  - spell:
    - move: {what: {choose: 1, owner: opponent}, to: mana_zone}
"""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用封印の呪文", "as": "spell"},
                    {"card": "例示用カードを選ぶ呪文", "as": "pick"},
                ]
            },
            "B": {"battle_zone": [{"card": "アクア・ソルジャー", "as": "soldier"}], "deck": ["filler"] * 2},
        },
        CARDS + extra,
    )
    game.inject({"play": "spell", "free": True})
    seal = seals_on(game, obj(game, "soldier").oid)[0]
    game.inject({"play": "pick", "free": True})
    # the sealed creature is ignored (116.2a), its seal is the one card there to choose
    assert seal.oid not in game.objects or game.objects[seal.oid].zone != (B, BATTLE)
    assert names(game, B, "mana_zone") == ["filler"] and names(game, B, BATTLE) == ["アクア・ソルジャー"]
    assert not is_ignored_creature(game, obj(game, "soldier"))


@pytest.mark.dm_rules("701.23a", "116.1b")
def test_701_23a_unseal_to_the_deck_bottom_puts_the_seal_there_and_it_is_still_a_seal_removed() -> None:
    """「…に付けた封印を1つ、自分の山札の一番下に置く」: ``unseal: {what, to: deck_bottom}`` — the newest seal
    goes to the bottom of its owner's deck instead of the graveyard (Black Lotus's scenario shows
    ``unsealed`` seeing it); a creature still sealed stays ignored, its ability does not work (116.2a)."""
    extra = (
        """
- name: 例示用封印を戻す呪文
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分のクリーチャーを1体選び、それに付けた封印を1つ、自分の山札の一番下に置く。
  abilities:
  - spell:
    - unseal: {what: {choose: 1, owner: you, type: creature, sealed: true}, to: deck_bottom}
"""
    ) + UNSEALED_WATCHER
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用封印を戻す呪文", "as": "spell"}],
                "battle_zone": [{"card": "例示用封印を見る者", "as": "w", "seals": 2}],
                "deck": [{"card": "filler", "as": "bottom"}, "filler", "filler"],
            },
        },
        CARDS + extra,
    )
    seal = seals_on(game, obj(game, "w").oid)[-1].top
    deck_before = len(game.zones[(A, DECK)])
    game.inject({"play": "spell", "free": True})
    assert len(seals_on(game, obj(game, "w").oid)) == 1  # one seal left on it (116.1b)
    deck = game.zones[(A, DECK)]
    assert game.objects[deck[0]].top == seal  # the bottom of the deck (the end of the list is the top)
    assert len(deck) == deck_before + 1 and game.zones[(A, "hand")] == []  # no draw: still sealed
    assert names(game, A, GRAVEYARD) == ["例示用封印を戻す呪文"]


SEAL_AS_CARD = """
- name: 例示用コスト指定の呪文
  type: spell
  civilizations: [water]
  cost: 1
  text: バトルゾーンにあるコスト3以下の相手のカードを1枚選び、持ち主の手札に戻す。
  abilities:
  - spell:
    - move: {what: {zone: battle_zone, owner: opponent, choose: 1, cards: true, cost: {at_most: 3}}, to: hand}
- name: 例示用クリーチャー指定の呪文
  type: spell
  civilizations: [water]
  cost: 1
  text: バトルゾーンにある相手のクリーチャーのカードを1枚選び、持ち主の手札に戻す。
  abilities:
  - spell:
    - move: {what: {zone: battle_zone, owner: opponent, choose: 1, cards: true, type: creature}, to: hand}
"""


@pytest.mark.dm_rules("200.3b")
@pytest.mark.parametrize(
    ("spell", "returned"), [("例示用コスト指定の呪文", True), ("例示用クリーチャー指定の呪文", False)]
)
def test_200_3b_a_seal_chosen_as_a_card_is_a_card_of_cost_0_with_no_other_characteristic(
    spell: str, returned: bool
) -> None:
    """封印をカード指定する場合、コストは0で、他の特性がないカードとして扱います: an effect choosing a card of
    cost 3 or less in the battle zone finds the seal (the sealed creature itself is ignored, 116.2a); one
    choosing a creature card does not, since a seal has no card type."""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用封印の呪文", "as": "seal_spell"}, {"card": spell, "as": "bounce"}]
            },
            "B": {
                "battle_zone": [{"card": "アクア・ソルジャー", "as": "soldier"}],
                "deck": ["filler", {"card": "ブラッディ・イヤリング", "as": "top"}],
            },
        },
        CARDS + SEAL_AS_CARD,
    )
    game.inject({"play": "seal_spell", "free": True})
    assert seals_on(game, obj(game, "soldier").oid)
    game.inject({"play": "bounce", "free": True})
    assert ("ブラッディ・イヤリング" in names(game, B, "hand")) is returned
    assert bool(seals_on(game, obj(game, "soldier").oid)) is not returned
