"""深淵送り (701.33, abyss.py): cards sent to the 深淵ゾーン, a move that nothing can stop."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records

ABYSS = "abyss_zone"

CARDS = """
- name: 試験用の深淵送り
  type: spell
  civilizations: [darkness]
  cost: 5
  text: 相手のクリーチャーを1体選び、深淵送りにする。
  abilities:
    - spell:
        - send_to_abyss: {choose: 1, owner: opponent}
- name: 試験用の不動の守り手
  type: creature
  civilizations: [light]
  cost: 6
  races: [テスト]
  power: 6000
  text: |-
    このクリーチャーはバトルゾーンを離れない。
    このクリーチャーがバトルゾーンを離れる時、かわりに自分のシールドを1つ墓地に置く。
  abilities:
    - static: {not_leave: true}
    - replace: {event: leaves}
      instead: [{put_into_graveyard: {choose: 1, zone: shield_zone, owner: you}}]
- name: 例示用・左のゴッド
  type: creature
  civilizations: [darkness]
  cost: 7
  races: [ゴッド]
  power: 6000
  text: G・リンク《例示用・右のゴッド》の左横
  abilities:
    - keyword: god_link
      partner: 例示用・右のゴッド
      side: left
- name: 例示用・右のゴッド
  type: creature
  civilizations: [fire]
  cost: 7
  races: [ゴッド]
  power: 7000
  text: G・リンク《例示用・左のゴッド》の右横
  abilities:
    - keyword: god_link
      partner: 例示用・左のゴッド
      side: right
"""


def game(**b: object):
    return make(
        {
            "turn": "A",
            "step": "main",
            "A": {"hand": [{"card": "試験用の深淵送り", "as": "s"}], "deck": 5},
            "B": {"deck": 5, **b},
        },
        CARDS,
    )


def cast(g) -> None:
    g.inject({"play": cid(g, "s"), "free": True})


@pytest.mark.dm_rules("701.33")
def test_701_33a_a_card_sent_to_the_abyss_is_put_into_its_owners_abyss_zone():
    # Q: A's 試験用の深淵送り sends B's アクア・ビークル to the abyss. Where is it, and who sees it?  A: In
    # B's 深淵ゾーン (701.33a), a public zone: A sees it by name.
    from tcgrules.games.duel_masters.views import view

    g = game(battle_zone=[{"card": "アクア・ビークル", "as": "v"}])
    cast(g)
    assert obj(g, "v").zone == (B, ABYSS)
    [seen] = [z for z in view(g, A).zones if z.player == B and z.name == ABYSS]
    assert seen.objects is not None and len(seen.objects) == 1


def test_701_33b_neither_a_prohibition_nor_a_replacement_stops_the_move():
    # Q: B's 試験用の不動の守り手 "does not leave the battle zone" and, "when it would leave, puts a shield
    # into the graveyard instead". A sends it to the abyss. Does it go?  A: Yes: the move to the 深淵ゾーン
    # cannot be stopped by effects or rules (701.33b) — no prohibition and no replacement applies.
    g = game(
        battle_zone=[{"card": "試験用の不動の守り手", "as": "d"}],
        shield_zone=["filler", "filler"],
    )
    cast(g)
    assert obj(g, "d").zone == (B, ABYSS)
    assert len(g.zones[(B, "shield_zone")]) == 2 and not records(g, "replacement")


def test_701_33b_a_linked_god_goes_to_the_abyss_with_all_its_cards():
    # Q: A sends B's linked God (例示用・左のゴッド + 例示用・右のゴッド) to the abyss. Does only one of its
    # cards go (703.4f)?  A: No: every card it is made of goes to the 深淵ゾーン (701.33b).
    g = make(
        {
            "turn": "B",
            "step": "main",
            "A": {"hand": [{"card": "試験用の深淵送り", "as": "s"}], "deck": 5},
            "B": {
                "battle_zone": [{"card": "例示用・左のゴッド", "as": "left"}],
                "hand": [{"card": "例示用・右のゴッド", "as": "right"}],
                "deck": 5,
            },
        },
        CARDS,
    )
    g.inject({"play": cid(g, "right"), "free": True})
    g.answer("yes")  # G・リンク
    assert len(g.objects_in((B, "battle_zone"))) == 1  # linked: one creature
    cast(g)
    assert names(g, B, ABYSS) == ["例示用・右のゴッド", "例示用・左のゴッド"]
    assert names(g, B, "battle_zone") == []


def test_701_33b_a_psychic_creature_in_the_abyss_stays_there():
    # Q: A sends B's 竜骨なる者ザビ・リゲル (a psychic creature) to the abyss. Does it go back to the
    # 超次元ゾーン as a psychic card put anywhere else would (805.4b)?  A: No: nothing moves it out of the
    # 深淵ゾーン.
    g = game(battle_zone=[{"card": "竜骨なる者ザビ・リゲル", "as": "z"}])
    cast(g)
    assert obj(g, "z").zone == (B, ABYSS)
    assert names(g, B, "hyperspatial") == [] and label_for(g, "z")
