"""Using cards (601): declaring, pending, paying and choosing — boards built from the rules' text."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND

CARDS = """
- name: 試験用の凡兵
  type: creature
  civilizations: [nature]
  cost: 2
  races: [テスト]
  power: 2000
  text: ""
  abilities: []
- name: 試験用の呪文封じ
  type: creature
  civilizations: [light]
  cost: 4
  races: [テスト]
  power: 3000
  text: 相手はコスト1以下の呪文を唱えられない。
  abilities:
    - static: {cannot_use: {type: spell, cost: {at_most: 1}}}
      to: opponent
- name: 試験用の引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell:
        - draw: 1
- name: 試験用の唱え直し
  type: spell
  civilizations: [water]
  cost: 3
  text: 自分の手札から呪文を1枚、コストを支払わずに唱える。
  abilities:
    - spell:
        - use: {what: {choose: 1, zone: hand, owner: you, type: spell}, free: true}
- name: 試験用の二度強化
  type: spell
  civilizations: [fire]
  cost: 2
  text: 次のことを2回行う：自分のクリーチャーを1体選び、このターン、そのパワーを+1000する。
  abilities:
    - spell:
        - repeat:
            times: 2
            effect:
              - power: {what: {choose: 1, owner: you}, add: 1000, until: end_of_turn}
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS)


@pytest.mark.dm_rules("601", "409.1a")
def test_601_1b_a_prohibited_card_cannot_even_be_declared():
    # Q: B's 試験用の呪文封じ says A cannot cast spells of cost 1 or less. A has 試験用の引き and the mana for
    # it. Is it offered, and can an effect of A cast it for free?  A: No and no: a card whose use is
    # prohibited cannot be declared at all (601.1b) — it stays in the hand, nothing is paid. A's creatures can
    # still be summoned.
    g = game(
        A={
            "hand": [{"card": "試験用の引き", "as": "s"}, {"card": "試験用の凡兵", "as": "c"}],
            "mana_zone": ["試験用の凡兵", "試験用の凡兵"],
            "deck": 5,
        },
        B={"battle_zone": ["試験用の呪文封じ"]},
    )
    assert not any(label.endswith(label_for(g, "s")) for label in g.pending.labels)
    assert any(label.endswith(label_for(g, "c")) for label in g.pending.labels)
    g.inject({"play": cid(g, "s"), "free": True})
    assert obj(g, "s").zone == (A, HAND)
    assert any(r.rule == "601.1b" for r in records(g, "prohibited"))
    assert not any(m.tapped for m in g.objects_in((A, "mana_zone")))


def test_601_1b_an_effect_that_uses_a_prohibited_card_does_nothing_with_it():
    g = game(
        A={
            "hand": [{"card": "試験用の唱え直し", "as": "r"}, {"card": "試験用の引き", "as": "s"}],
            "deck": 5,
        },
        B={"battle_zone": ["試験用の呪文封じ"]},
    )
    g.inject({"play": cid(g, "r"), "free": True})
    assert obj(g, "r").zone == (A, GRAVEYARD)  # 試験用の唱え直し (cost 3) is cast …
    assert obj(g, "s").zone == (A, HAND) and names(g, A, HAND) == ["試験用の引き"]  # … but cannot cast it
    free = game(
        A={
            "hand": [{"card": "試験用の唱え直し", "as": "r"}, {"card": "試験用の引き", "as": "s"}],
            "deck": 5,
        }
    )
    free.inject({"play": cid(free, "r"), "free": True})
    assert obj(free, "s").zone == (A, GRAVEYARD) and len(names(free, A, HAND)) == 1


def test_601_1h_the_same_ability_working_twice_may_choose_the_same_creature_twice():
    # Q: 試験用の二度強化 does "choose one of your creatures, +1000" twice. May A choose the same creature
    # both times?  A: Yes: one choice never takes the same thing twice, but the same ability taking effect
    # more than once may choose it again (601.1h).
    g = game(
        A={
            "hand": [{"card": "試験用の二度強化", "as": "s"}],
            "battle_zone": [{"card": "試験用の凡兵", "as": "x"}, {"card": "アクア・ビークル", "as": "y"}],
        }
    )
    g.inject({"play": cid(g, "s"), "free": True})
    g.answer(label_for(g, "x"))
    assert label_for(g, "x") in g.pending.labels  # offered again the second time
    g.answer(label_for(g, "x"))
    assert ch.power(g, obj(g, "x")) == 4000 and ch.power(g, obj(g, "y")) == 1000
    assert names(g, B, BATTLE) == []


GR_LOCK = """
- name: 試験用の召喚封じ
  type: creature
  civilizations: [light]
  cost: 6
  races: [テスト]
  power: 5000
  text: 相手はクリーチャーを召喚できない。
  abilities:
    - static: {cannot_use: {type: creature}}
      to: opponent
"""


@pytest.mark.dm_rules("701.30a")
def test_701_30_a_gr_summon_that_cannot_be_made_leaves_the_card_where_it_is():
    # Q: B's 試験用の召喚封じ says A cannot summon creatures. A's 超GR・チャージャー GR召喚s. What happens?
    # A: GR召喚 is a summon, and a creature that cannot be summoned is not (the 2021-04-14 ruling): the top
    # card stays on top of the 超GRゾーン and nothing enters; the spell still goes to the mana zone.
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [{"card": "超GR・チャージャー", "as": "c"}],
                "gr_zone": ["暗黒の騎士ザガーンGR", {"card": "ツタンメカーネン", "as": "top"}],
            },
            "B": {"battle_zone": ["試験用の召喚封じ"]},
        },
        CARDS + GR_LOCK,
    )
    g.inject({"play": cid(g, "c"), "free": True})
    assert names(g, A, BATTLE) == []
    assert g.zones[(A, "gr_zone")][-1] == obj(g, "top").oid
    assert names(g, A, "mana_zone") == ["超GR・チャージャー"]
    empty = make(
        {"turn": "A", "step": "main", "A": {"hand": [{"card": "超GR・チャージャー", "as": "c"}]}},
        CARDS,
    )
    empty.inject({"play": cid(empty, "c"), "free": True})  # an empty 超GRゾーン: nothing to summon
    assert names(empty, A, BATTLE) == [] and names(empty, A, "mana_zone") == ["超GR・チャージャー"]


# ---- 601.1a: alternative ways of using a card are chosen as its use is declared


def test_601_1a_an_alternative_needing_the_card_itself_to_move_is_not_offered():
    # Q: A's only card in hand is “魔神轟怒”万軍投 (マスターG・O・D・S: cast it by discarding a card from the
    # hand). Can A use マスターG・O・D・S?  A: No: the card being used cannot be the card discarded (601.1a:
    # an alternative that would need the card itself to change zones cannot be used), and there is no other
    # card to discard. With another card in hand it is offered, and chosen as the use is declared.
    alone = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [{"card": "“魔神轟怒”万軍投", "as": "m"}],
                "mana_zone": ["喧嘩屋タイラー"] * 6,
                "gr_zone": ["filler"] * 3,
            },
        },
        CARDS,
    )
    assert not any(label.startswith("master_gods:") for label in alone.pending.labels)
    two = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [{"card": "“魔神轟怒”万軍投", "as": "m"}, "喧嘩屋タイラー"],
                "mana_zone": ["喧嘩屋タイラー"] * 6,
                "gr_zone": ["filler"] * 3,
            },
        },
        CARDS,
    )
    assert f"master_gods:{label_for(two, 'm')}" in two.pending.labels


def test_601_1a_a_cost_change_is_decided_as_the_use_is_declared():
    # Q: A has 3 mana and “龍装”チュリス (cost 5, B・A・D2) in hand. Can A summon it, and for how much?  A:
    # Only by declaring B・A・D as the summon is declared (601.1a): the option names the cost 3 and that is
    # what is paid; the ordinary summon (cost 5) is not offered.
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [{"card": "“龍装”チュリス", "as": "c"}],
                "mana_zone": ["喧嘩屋タイラー"] * 3,
                "deck": 5,
            },
        },
        CARDS,
    )
    assert f"summon:{label_for(g, 'c')}" not in g.pending.labels
    bad = f"bad:{label_for(g, 'c')}"
    assert bad in g.pending.labels
    assert "for 3" in next(o.text for o in g.pending.options if o.label == bad)
    g.answer(bad)
    assert obj(g, "c").zone == (A, BATTLE)
    assert all(m.tapped for m in g.objects_in((A, "mana_zone")))


G_ZERO = """
- name: 試験用のゼロの竜
  type: creature
  civilizations: [fire]
  cost: 7
  races: [アーマード・ドラゴン]
  power: 7000
  text: |-
    Ｇ・ゼロ—バトルゾーンに自分のクリーチャーが1体もなければ、
    このクリーチャーをコストを支払わずに召喚してもよい。
  abilities:
    - g_zero: {none: {zone: battle_zone, owner: you, type: creature}}
- name: 試験用の召喚見張り
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 相手がクリーチャーを召喚した時、カードを1枚引く。
  abilities:
    - trigger: {event: summoned, subject: {owner: opponent, type: creature}}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("112.3e", "112.3g")
def test_112_3e_g_zero_summons_without_paying_while_its_condition_holds():
    # Q: A has no creature and no mana; may A summon 試験用のゼロの竜 (cost 7) by its Ｇ・ゼロ? Does B's
    # watcher see a summon?  A: Yes (112.3e), and it is a summon (112.3g). With a creature of A's in the
    # battle zone, the Ｇ・ゼロ is not offered.
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用のゼロの竜", "as": "z"}]},
            "B": {"battle_zone": ["試験用の召喚見張り"], "deck": 3},
        },
        G_ZERO,
    )
    label = f"g_zero:c{cid(g, 'z')}"
    assert label in g.pending.labels and f"summon:c{cid(g, 'z')}" not in g.pending.labels
    g.answer(label)
    assert names(g, A, BATTLE) == ["試験用のゼロの竜"]
    assert len(names(g, B, HAND)) == 1  # the watcher drew: it was summoned
    other = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用のゼロの竜", "as": "z"}], "battle_zone": ["アクア・ソルジャー"]},
        },
        G_ZERO,
    )
    assert not [x for x in other.pending.labels if x.startswith("g_zero:")]


ATTACK_CHANCE = """
- name: 試験用の好機の呪文
  type: spell
  civilizations: [fire]
  cost: 6
  text: |-
    アタック・チャンス—ドラゴン（自分のドラゴンが攻撃する時、この呪文を手札からコストを支払わずに唱えてもよい）
    カードを1枚引く。
  abilities:
    - keyword: attack_chance
      attacker: {race: ドラゴン}
    - spell: [{draw: 1}]
- name: 試験用の小竜
  type: creature
  civilizations: [fire]
  cost: 2
  races: [アーマード・ドラゴン]
  power: 2000
  text: ""
"""


@pytest.mark.dm_rules("112.3f")
def test_112_3f_attack_chance_casts_the_spell_for_free_when_its_creature_attacks():
    # Q: A's 試験用の小竜 (a ドラゴン) attacks; may A cast 試験用の好機の呪文 from the hand for free, with no
    # mana?  A: Yes, when that creature attacks (112.3f); 喧嘩屋タイラー attacking offers nothing.
    def attack(alias: str):
        g = make(
            {
                "turn": "A",
                "step": "attack",
                "A": {
                    "hand": [{"card": "試験用の好機の呪文", "as": "s"}],
                    "battle_zone": [
                        {"card": "試験用の小竜", "as": "d"},
                        {"card": "喧嘩屋タイラー", "as": "t"},
                    ],
                    "deck": 3,
                },
                "B": {"shield_zone": ["filler"] * 2},
            },
            ATTACK_CHANCE,
        )
        g.answer(f"attack:{label_for(g, alias)}:player")
        return g

    g = attack("d")
    assert g.pending.kind == "use_trigger" and g.pending.player == A
    g.answer("yes")
    assert names(g, A, GRAVEYARD) == ["試験用の好機の呪文"] and len(names(g, A, HAND)) == 1
    g = attack("t")
    assert g.pending is None or g.pending.kind != "use_trigger"
    assert names(g, A, HAND) == ["試験用の好機の呪文"]


LANDING = """
- name: 試験用の着地置換
  type: creature
  civilizations: [nature]
  cost: 4
  races: [テスト]
  power: 4000
  text: 相手のクリーチャーをバトルゾーンに出す時、かわりにそのクリーチャーを持ち主のマナゾーンに置く。
  abilities:
    - replace: {event: enters, subject: {owner: opponent, type: creature}}
      instead: [{put_into_mana: event.subject}]
"""


@pytest.mark.dm_rules("701.3a", "609.4")
def test_701_3a_a_creature_put_elsewhere_instead_of_entering_was_still_summoned():
    # Q: A summons 試験用の凡兵; B's 試験用の着地置換 puts it into A's mana zone instead of the battle zone.
    # Does B's 試験用の召喚見張り (相手がクリーチャーを召喚した時、カードを1枚引く) draw?  A: Yes: to summon
    # is to make the creature ready to enter, its cost paid (701.3a) — the summon is done; only its
    # entering was replaced (Wiki「召喚した時」; ruling 153).
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の凡兵", "as": "s"}], "mana_zone": ["試験用の凡兵"] * 2},
            "B": {"battle_zone": ["試験用の着地置換", "試験用の召喚見張り"], "deck": 3},
        },
        CARDS + G_ZERO + LANDING,
    )
    g.answer(f"summon:{label_for(g, 's')}")
    assert obj(g, "s").zone == (A, "mana_zone")
    assert len(names(g, B, HAND)) == 1  # the watcher drew
