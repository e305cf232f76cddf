"""What a filter reads on a card (201, 203, 810).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names
from dm_rule_boards import base, game, play_free
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND

TWIN = "歌舞音愛 ヒメカット／♪蛙の子 遭えるの何処？好きと謂ひて"


TWIN_CARDS = """
- name: 試験用の安物捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札からコスト3以下のカードをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, cost: {at_most: 3}}
- name: 試験用の安い生き物捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札からコスト3以下のクリーチャーをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, type: creature, cost: {at_most: 3}}
"""


@pytest.mark.dm_rules("201.2", "403.1")
def test_201_2_a_cost_filter_compares_the_cost():
    g = game(
        A={"hand": [{"card": "試験用の小物払い", "as": "s"}], "battle_zone": ["アクア・ビークル"]},
        B={"battle_zone": ["喧嘩屋タイラー", "試験用の竜"], "hand": ["アクア・ビークル"]},
    )
    play_free(g, "s")
    assert names(g, A, BATTLE) == [] and names(g, B, BATTLE) == ["試験用の竜"]
    assert names(g, B, HAND) == ["アクア・ビークル"]  # the battle zone only (403.1)


def test_203_2_a_race_filter_matches_a_race_containing_the_word():
    g = game(
        A={"hand": [{"card": "試験用の竜退治", "as": "s"}]},
        B={"battle_zone": ["試験用の竜", "喧嘩屋タイラー"]},
    )
    play_free(g, "s")
    assert names(g, B, BATTLE) == ["喧嘩屋タイラー"]  # アーマード・ドラゴン contains ドラゴン


@pytest.mark.dm_rules("810.1", "810.3a", "810")
def test_810_3_a_twinpact_in_the_hand_is_referred_to_by_either_of_its_parts():
    # Q: ヒメカット (creature, cost 5) / ♪蛙の子… (spell, cost 3) is in the hand. Is it "a card of cost 3 or
    # less"?  A: Yes: as a card it has both parts' characteristics and may be referred to as its spell
    # (810.1, 810.3). Is it "a creature of cost 3 or less"?  A: No: referring to a card type looks only at
    # that part (810.3a), and its creature part costs 5.

    g = make(base(A={"hand": [{"card": "試験用の安い生き物捨て", "as": "c"}, TWIN]}), TWIN_CARDS)
    g.inject({"play": cid(g, "c"), "free": True})
    assert names(g, A, "hand") == [TWIN]
    g = make(base(A={"hand": [{"card": "試験用の安物捨て", "as": "s"}, TWIN]}), TWIN_CARDS)
    g.inject({"play": cid(g, "s"), "free": True})
    assert names(g, A, "hand") == []
    assert TWIN in names(g, A, GRAVEYARD)


COLOR_TWIN = "試験用の無色の獣／闇の呪文"
COLOR_CARDS = """
- name: 試験用の無色の獣／闇の呪文
  faces:
    - name: 試験用の無色の獣
      type: creature
      civilizations: []
      cost: 5
      races: [ジョーカーズ]
      power: 5000
      text: ""
    - name: 試験用の闇の呪文
      type: spell
      civilizations: [darkness]
      cost: 3
      text: カードを1枚引く。
      abilities:
        - spell: [{draw: 1}]
- name: 試験用の無色カード捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札から無色カードをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, colorless: true}
- name: 試験用の無色クリーチャー捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札から無色クリーチャーをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, type: creature, colorless: true}
- name: 試験用の多色カード捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札から多色カードをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, multicolored: true}
"""


@pytest.mark.dm_rules("810.1", "810.3a")
@pytest.mark.parametrize(
    ("spell", "discarded"),
    [
        ("試験用の無色カード捨て", False),
        ("試験用の無色クリーチャー捨て", True),
        ("試験用の多色カード捨て", False),
    ],
)
def test_810_1_a_twinpact_as_a_card_has_both_parts_civilizations(spell: str, discarded: bool):
    # Q: A twinpact in the hand has a colorless creature side and a darkness spell side. Is it a 無色カード?
    # A: No: as a card it has both parts' civilizations, so it is a darkness card (810.1; 公式Q&A 2022-10-28,
    # ruling 145); nor is it multicolored (one civilization). Is it a 無色クリーチャー?  A: Yes: naming a card
    # type reads that part alone (810.3a), and the creature side is colorless.
    g = make(base(A={"hand": [{"card": spell, "as": "s"}, COLOR_TWIN]}), TWIN_CARDS + COLOR_CARDS)
    g.inject({"play": cid(g, "s"), "free": True})
    assert (COLOR_TWIN in names(g, A, GRAVEYARD)) is discarded


HIMECUT, FROG = TWIN.split("／")

NAME_CARDS = f"""
- name: 試験用の名指し捨て
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の手札から《{HIMECUT}》をすべて捨てる。
  abilities:
    - spell:
        - discard: {{all: true, zone: hand, owner: you, name: {HIMECUT}}}
- name: 試験用の合わせ名捨て
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の手札から《{TWIN}》をすべて捨てる。
  abilities:
    - spell:
        - discard: {{all: true, zone: hand, owner: you, name: {TWIN}}}
- name: 試験用の名指し破壊
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 《{HIMECUT}》をすべて破壊する。
  abilities:
    - spell:
        - destroy: {{all: true, type: creature, name: {HIMECUT}}}
- name: 試験用の合わせ名破壊
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 《{TWIN}》をすべて破壊する。
  abilities:
    - spell:
        - destroy: {{all: true, type: creature, name: {TWIN}}}
- name: 試験用の蛙捨て
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の手札から、名前に《蛙の子》とあるカードをすべて捨てる。
  abilities:
    - spell:
        - discard: {{all: true, zone: hand, owner: you, name_contains: 蛙の子}}
- name: 試験用の同名捨て
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の手札から、バトルゾーンにある自分のクリーチャーと同じ名前のカードをすべて捨てる。
  abilities:
    - spell:
        - discard: {{all: true, zone: hand, owner: you, same_name_as: {{owner: you, type: creature}}}}
- name: 試験用の同名封じ
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [パンドラボックス]
  power: 3000
  text: 相手は、自分の墓地にある呪文と同じ名前の呪文を唱えられない。
  abilities:
    - static:
        cannot_use: {{type: spell, same_name_as: {{zone: graveyard, owner: opponent, type: spell}}}}
      to: opponent
- name: 試験用の名を言う捨て
  type: spell
  civilizations: [darkness]
  cost: 1
  text: カード名を1つ指定する。自分の手札からその名前のカードをすべて捨てる。
  abilities:
    - spell:
        - declare: {{what: card_name, as: named}}
        - discard: {{all: true, zone: hand, owner: you, name: $named}}
"""


@pytest.mark.dm_rules("810.4", "202.3a")
def test_810_4_outside_the_battle_zone_a_twinpact_is_named_by_its_two_parts_together():
    # Q: ヒメカット／♪蛙の子… is in the hand. Is it 《歌舞音愛 ヒメカット》?  A: No: referred to by its name,
    # it is a card with the two parts' names together (810.4), and a name is referred to whole (202.3a).
    # Is it 《歌舞音愛 ヒメカット／♪蛙の子…》?  A: Yes.
    g = make(base(A={"hand": [{"card": "試験用の名指し捨て", "as": "s"}, TWIN]}), NAME_CARDS)
    play_free(g, "s")
    assert names(g, A, HAND) == [TWIN]
    g = make(base(A={"hand": [{"card": "試験用の合わせ名捨て", "as": "s"}, TWIN]}), NAME_CARDS)
    play_free(g, "s")
    assert names(g, A, HAND) == [] and TWIN in names(g, A, GRAVEYARD)


@pytest.mark.dm_rules("810.4")
def test_810_4_in_the_battle_zone_a_twinpact_creature_is_named_by_its_creature_part_only():
    g = make(
        base(A={"hand": [{"card": "試験用の合わせ名破壊", "as": "s"}], "battle_zone": [TWIN]}), NAME_CARDS
    )
    play_free(g, "s")
    assert names(g, A, BATTLE) == [TWIN]  # the two parts' name is not its name there
    g = make(base(A={"hand": [{"card": "試験用の名指し破壊", "as": "s"}], "battle_zone": [TWIN]}), NAME_CARDS)
    play_free(g, "s")
    assert names(g, A, BATTLE) == [] and TWIN in names(g, A, GRAVEYARD)


@pytest.mark.dm_rules("810.4", "202.3")
def test_810_4_a_part_of_a_name_is_found_in_the_two_parts_name():
    # 名前に《蛙の子》とある: the spell part's word is in the card's name (202.3), read whole outside the
    # battle zone.
    g = make(base(A={"hand": [{"card": "試験用の蛙捨て", "as": "s"}, TWIN]}), NAME_CARDS)
    play_free(g, "s")
    assert names(g, A, HAND) == []


@pytest.mark.dm_rules("810.4")
def test_810_4_a_twinpact_in_the_hand_has_not_the_same_name_as_its_creature_in_the_battle_zone():
    # 同じ名前: in the battle zone the twinpact is 《ヒメカット》 (its creature part), in the hand
    # 《ヒメカット／♪蛙の子…》 (810.4) — not the same name.
    g = make(
        base(A={"hand": [{"card": "試験用の同名捨て", "as": "s"}, TWIN], "battle_zone": [TWIN]}), NAME_CARDS
    )
    play_free(g, "s")
    assert names(g, A, HAND) == [TWIN]


@pytest.mark.dm_rules("810.4", "202.2")
def test_810_4_a_twinpacts_two_parts_name_may_be_named_and_then_refers_to_it_in_the_hand():
    g = make(base(A={"hand": [{"card": "試験用の名を言う捨て", "as": "s"}, TWIN]}), NAME_CARDS)
    play_free(g, "s")
    labels = g.pending.labels
    assert TWIN in labels and HIMECUT in labels  # the card's name, and its creature's in the battle zone
    g.answer(TWIN)
    assert names(g, A, HAND) == []
    g = make(base(A={"hand": [{"card": "試験用の名を言う捨て", "as": "s"}, TWIN]}), NAME_CARDS)
    play_free(g, "s")
    g.answer(HIMECUT)
    assert names(g, A, HAND) == [TWIN]


@pytest.mark.dm_rules("810.4")
def test_810_4_a_card_judged_by_its_face_is_named_by_the_two_parts_too():
    # 「墓地にある呪文と同じ名前の呪文を唱えられない」, the twinpact in the graveyard: casting its spell part
    # from the hand is casting 《ヒメカット／♪蛙の子…》, the name of the card in the graveyard — forbidden.
    g = make(
        base(
            A={"hand": [{"card": TWIN, "as": "t"}], "graveyard": [TWIN], "mana_zone": [TWIN] * 3},
            B={"battle_zone": ["試験用の同名封じ"]},
        ),
        NAME_CARDS,
    )
    assert f"cast:c{cid(g, 't')}:1" not in g.pending.labels
    g = make(
        base(
            A={"hand": [{"card": TWIN, "as": "t"}], "mana_zone": [TWIN] * 3},
            B={"battle_zone": ["試験用の同名封じ"]},
        ),
        NAME_CARDS,
    )
    assert f"cast:c{cid(g, 't')}:1" in g.pending.labels


RAIDER = "強襲竜 ボルシャック・レイダー／レイド・エントリー"

USE_CARDS = """
- name: 試験用の呪文使い
  type: spell
  civilizations: [fire]
  cost: 3
  text: 自分の手札から呪文を1枚、コストを支払わずに唱える。
  abilities:
    - spell:
        - use: {what: {zone: hand, owner: you, type: spell, choose: 1}, free: true}
- name: 試験用のアーマード使い
  type: spell
  civilizations: [fire]
  cost: 3
  text: 自分の手札からアーマードを1枚、コストを支払わずに使う。
  abilities:
    - spell:
        - use: {what: {zone: hand, owner: you, race: アーマード, choose: 1}, free: true}
"""


@pytest.mark.dm_rules("810.3", "810.3a")
def test_810_3_an_effect_uses_the_part_of_a_twinpact_its_filter_describes_or_the_owner_chooses():
    # Q: An effect casts "a spell" from A's hand, and the only one is the spell part of a twinpact whose
    # other part is a creature. What is used?  A: The spell part: an effect that refers to a card type
    # refers to that part (810.3a). Q: An effect uses "an アーマード", and both parts are アーマード.
    # A: Its owner chooses which part is used (810.3; 公式Q&A 2023-04-14, アーマード・メクレイド).
    g = make(
        base(A={"hand": [{"card": "試験用の呪文使い", "as": "u"}, {"card": RAIDER, "as": "r"}]}), USE_CARDS
    )
    g.inject({"play": cid(g, "u"), "free": True})
    assert g.pending is None or g.pending.kind != "twinpact_part"
    assert names(g, A, BATTLE) == [] and RAIDER in names(
        g, A, "deck"
    )  # レイド・エントリー shuffles itself in

    g = make(
        base(A={"hand": [{"card": "試験用のアーマード使い", "as": "u"}, {"card": RAIDER, "as": "r"}]}),
        USE_CARDS,
    )
    g.inject({"play": cid(g, "u"), "free": True})
    assert g.pending is not None and g.pending.kind == "twinpact_part"
    assert g.pending.labels == ("part:0", "part:1") and g.pending.player == A
    g.answer("part:0")
    assert names(g, A, BATTLE) == [RAIDER]


TRIGGER_USER = """
- name: 試験用のトリガー使い
  type: spell
  civilizations: [light]
  cost: 3
  text: 自分の手札から「S・トリガー」を持つカードを1枚、コストを支払わずに使う。
  abilities:
    - spell:
        - use: {what: {zone: hand, owner: you, keyword: shield_trigger, choose: 1}, free: true}
"""
GRIRA = "虚無の守護者グリ・ラ／無情の光"  # S・トリガー on its spell part only


@pytest.mark.dm_rules("810.1", "810.3")
def test_810_3_a_twinpact_with_shield_trigger_on_one_part_may_be_used_as_either_part() -> None:
    # Q: An effect uses "a card that has S・トリガー", and A's only one is a twinpact whose spell part has it.
    # A: Outside the battle zone the card has both parts' abilities (810.1): it is such a card, and its owner
    # chooses the part to use (810.3) — the creature part too (公式Q&A 2020-02-10, 《英知ザクス・コット》).
    g = make(
        base(A={"hand": [{"card": "試験用のトリガー使い", "as": "u"}, {"card": GRIRA, "as": "t"}]}),
        TRIGGER_USER,
    )
    g.inject({"play": cid(g, "u"), "free": True})
    assert g.pending is not None and g.pending.kind == "twinpact_part"
    assert g.pending.labels == ("part:0", "part:1")
    g.answer("part:0")
    assert GRIRA in names(g, A, BATTLE)
