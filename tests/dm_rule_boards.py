"""Illustration cards (試験用…) and board helpers shared by the rule tests (tests/test_dm_*.py): each card
has just the ability a rule's test needs."""

from __future__ import annotations

from dm_helpers import cid, make, records

CARDS = """
- name: 試験用の朝焼け
  type: creature
  civilizations: [light]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のターンのはじめに、このクリーチャーをタップする。
  abilities:
    - trigger: {event: turn_start, player: you}
      effect: [{tap: self}]
- name: 試験用の二重ドロー
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 1000
  text: |-
    このクリーチャーが出た時、カードを1枚引く。
    このクリーチャーが出た時、カードを1枚引く。
  abilities:
    - trigger: {event: enters}
      effect: [{draw: 1}]
    - trigger: {event: enters}
      effect: [{draw: 1}]
- name: 試験用の無色
  type: creature
  civilizations: []
  cost: 2
  races: [テスト]
  power: 1000
  text: ""
  abilities: []
- name: 試験用の水火
  type: creature
  civilizations: [water, fire]
  cost: 2
  races: [テスト]
  power: 1000
  text: ""
  abilities: []
- name: 試験用の見張り
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      effect: [{draw: 1}]
- name: 試験用の報復
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、相手のクリーチャーを1体破壊する。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      effect: [{destroy: {choose: 1, owner: opponent}}]
- name: 試験用の小物払い
  type: spell
  civilizations: [darkness]
  cost: 3
  text: コスト3以下のクリーチャーをすべて破壊する。
  abilities:
    - spell:
        - destroy: {all: true, owner: any, cost: {at_most: 3}}
- name: 試験用の竜退治
  type: spell
  civilizations: [light]
  cost: 3
  text: ドラゴンをすべて破壊する。
  abilities:
    - spell:
        - destroy: {all: true, owner: any, race: ドラゴン}
- name: 試験用の手札一掃
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札をすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you}
- name: 試験用の二枚捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手の手札を2枚捨てさせる。
  abilities:
    - spell:
        - discard: {choose: 2, zone: hand, owner: opponent, chooser: opponent}
- name: 試験用の無作為
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手の手札を見ないで1枚選び、捨てる。
  abilities:
    - spell:
        - discard: {zone: hand, owner: opponent, random: 1}
- name: 試験用の弱体化
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手のクリーチャーを1体選び、このターン、そのパワーを-2000する。その後、カードを1枚引く。
  abilities:
    - spell:
        - power: {what: {choose: 1, owner: opponent}, add: -2000, until: end_of_turn}
        - draw: 1
- name: 試験用のマナ召喚
  type: spell
  civilizations: [nature]
  cost: 3
  text: 自分のマナゾーンからクリーチャーを1体バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: mana_zone, owner: you, type: creature}
- name: 試験用の引き寄せ
  type: spell
  civilizations: [water]
  cost: 3
  text: カードを3枚まで引く。
  abilities:
    - spell:
        - draw: {count: 3, up_to: true}
- name: 試験用のシャッフル
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札をシャッフルする。
  abilities:
    - spell:
        - shuffle: deck
- name: 試験用の竜
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: ""
  abilities: []
- name: 試験用の値下げ
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分の手札のクリーチャーを召喚するコストを2少なくする。
  abilities:
    - static: {cost: -2}
      to: {zone: hand, owner: you, type: creature}
- name: 試験用の安物捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札からコスト4以下のカードをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, cost: {at_most: 4}}
- name: 試験用の勝者
  type: creature
  civilizations: [fire]
  cost: 4
  races: [テスト]
  power: 5000
  text: このクリーチャーがバトルに勝った時、カードを1枚引く。
  abilities:
    - trigger: {event: wins_battle}
      effect: [{draw: 1}]
- name: 試験用の忍び足
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーはブロックされない。
  abilities:
    - static: {cannot_be_blocked: true}
- name: 試験用の門番
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 3000
  text: |-
    ブロッカー
    このクリーチャーがブロックした時、カードを1枚引いてもよい。
  abilities:
    - keyword: blocker
    - trigger: {event: blocks}
      optional: true
      effect: [{draw: 1}]
- name: 試験用の突撃兵
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: |-
    このクリーチャーが攻撃する時、カードを1枚引く。
    このクリーチャーが攻撃する時、カードを1枚引く。
  abilities:
    - trigger: {event: attacks}
      effect: [{draw: 1}]
    - trigger: {event: attacks}
      effect: [{draw: 1}]
- name: 試験用の迎撃見張り
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 1000
  text: 相手のクリーチャーが攻撃する時、カードを1枚引く。
  abilities:
    - trigger: {event: attacks, subject: {owner: opponent, type: creature}}
      effect: [{draw: 1}]
- name: 試験用の起き上がり
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーが攻撃する時、このクリーチャーをアンタップする。
  abilities:
    - trigger: {event: attacks}
      effect: [{untap: self}]
- name: 試験用の夜更かし
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: |-
    自分のターンの終わりに、カードを1枚引く。
    自分のターンの終わりに、カードを1枚引く。
  abilities:
    - trigger: {event: turn_end, player: you}
      effect: [{draw: 1}]
    - trigger: {event: turn_end, player: you}
      effect: [{draw: 1}]
- name: 試験用の竜頼み
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、自分のバトルゾーンにドラゴンがいれば、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      if: {exists: {owner: you, type: creature, race: ドラゴン}}
      effect: [{draw: 1}]
- name: 試験用のマナ送り
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、自分のクリーチャーを1体マナゾーンに置く。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      effect: [{put_into_mana: {choose: 1, owner: you}}]
- name: 試験用の竜呼び
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、自分の手札からドラゴンを1体バトルゾーンに出す。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      effect: [{put_into_battle_zone: {choose: 1, zone: hand, owner: you, race: ドラゴン}}]
- name: 試験用の鎧
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーのパワーは+2000される。
  abilities:
    - static: {power: 2000}
- name: 試験用の二枚割り
  type: spell
  civilizations: [fire]
  cost: 4
  text: 相手のシールドを2つブレイクする。
  abilities:
    - spell:
        - break: {count: 2, player: opponent}
- name: 試験用の破壊と補充
  type: spell
  civilizations: [darkness]
  cost: 4
  text: 相手のクリーチャーを1体破壊する。その後、カードを1枚引く。
  abilities:
    - spell:
        - destroy: {choose: 1, owner: opponent}
        - draw: 1
- name: 試験用の覗き捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手のクリーチャーを1体手札に戻す。その後、相手の手札を1枚選び、捨てさせる。
  abilities:
    - spell:
        - return_to_hand: {choose: 1, owner: opponent}
        - discard: {choose: 1, zone: hand, owner: opponent}
- name: 試験用の盾送り
  type: spell
  civilizations: [light]
  cost: 3
  text: 相手のクリーチャーを1体、持ち主のシールドに加える。
  abilities:
    - spell:
        - put_into_shields: {choose: 1, owner: opponent}
- name: 試験用の二枚見ず捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手の手札を2枚見ないで選び、捨てさせる。
  abilities:
    - spell:
        - discard: {choose: 2, zone: hand, owner: opponent}
- name: 試験用の遅れドロー
  type: spell
  civilizations: [water]
  cost: 2
  text: このターンの終わりに、カードを1枚引く。
  abilities:
    - spell:
        - at_end_of_turn: [{draw: 1}]
- name: 試験用の追い払い
  type: creature
  civilizations: [water]
  cost: 4
  races: [テスト]
  power: 4000
  text: このクリーチャーが攻撃する時、相手のクリーチャーを1体選び、持ち主の手札に戻す。
  abilities:
    - trigger: {event: attacks}
      effect: [{return_to_hand: {choose: 1, owner: opponent}}]
- name: 試験用の被ブロック
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーがブロックされた時、カードを1枚引く。
  abilities:
    - trigger: {event: blocked}
      effect: [{draw: 1}]
- name: 試験用の門衛
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 3000
  text: |-
    ブロッカー
    このクリーチャーがブロックした時、カードを1枚引く。
  abilities:
    - keyword: blocker
    - trigger: {event: blocks}
      effect: [{draw: 1}]
- name: 試験用の竜化
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のバトルゾーンのクリーチャーはすべて、種族にドラゴンを追加する。
  abilities:
    - static: {race: ドラゴン}
      to: {zone: battle_zone, owner: you, type: creature}
- name: 試験用の竜見張り
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のドラゴンが出た時、カードを1枚引く。
  abilities:
    - trigger: {event: enters, subject: {owner: you, type: creature, race: ドラゴン}}
      effect: [{draw: 1}]
"""


def base(turn: str = "A", step: str = "main", **players: dict) -> dict:
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return spec


def game(turn: str = "A", step: str = "main", **players: dict):
    return make(base(turn, step, **players), CARDS)


def attack_game(**players: dict):
    return make(base("A", "attack", **players), CARDS)


def play_free(g, alias: str) -> None:
    g.inject({"play": cid(g, alias), "free": True})


def event_records(g, kind: str) -> list:
    return [r for r in records(g, "event") if r.data.get("event") == kind]


def drawers(g) -> list[str]:
    return [r.text.split()[0] for r in event_records(g, "draw")]
