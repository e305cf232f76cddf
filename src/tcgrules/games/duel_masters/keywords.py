"""Duel Masters keywords: macros over the card language's own parts, in one table (:data:`KEYWORDS`).

Each keyword is an entry with its printed name, its reminder text and its meaning. The meaning is either
an **expansion** — abilities written in the card language (docs/cards.md), read by the same loader as any
card's abilities, ``@PARAM`` standing for the keyword's parameter as the card writes it (``...@PARAM``, in a
flow mapping: the parameter's fields, spliced into it) — or, for the
keywords that are a rule's own mechanism (進化, NEO, ハイパー化, …), the **rule** that reads the keyword
itself. No engine path asks whether a creature "has ブロッカー": the block step asks whether it *can block*
(the static property the expansion gives), the attack asks how many shields it *breaks*, and so on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any

from ...cards.loader import load_text
from ...cards.schema import AbilitySpec, Action
from ...cards.vocabulary import DUEL_MASTERS

ALL_SHIELDS = 1000
"""The breaker count that means "all the opponent's shields" (ワールド・ブレイカー)."""


@dataclass(frozen=True, slots=True)
class Keyword:
    """One keyword: ``printed`` (as cards print it), ``reminder`` (its reminder text, not part of a card's
    ``text``), and either ``expansion`` (abilities in the card language) or ``rule`` (where the rules read
    the keyword itself). Its parameters are the vocabulary's (cards/vocabulary.py)."""

    printed: str
    reminder: str
    expansion: str = ""
    rule: str = ""
    play_from: str = ""
    """A zone the card may be summoned from besides the hand (アビスラッシュ); ``expansion`` is then the
    steps that ride along with such a summon (``- spell: [...]``)."""
    evolves_from: str = ""
    """An evolution whose base is in this zone (マナ進化: the mana zone, 墓地進化: the graveyard), read by
    the rules as 進化 (801)."""
    kind_rule: str = ""
    """The rule number when the keyword defines a kind of creature whose expansion is that kind's rule, not an
    ability an ignoring effect stops (813.1 スター進化; ``AbilitySpec.kind_rule``)."""
    defaults: tuple[tuple[str, str], ...] = ()
    """Optional parameters and the value (as the card would write it, JSON) used when the card gives none
    (侵略's ``also_from``: no zone besides the hand)."""


KEYWORDS: dict[str, Keyword] = {
    # -- statics (604)
    "blocker": Keyword(
        "ブロッカー",
        "このクリーチャーをタップして、相手クリーチャーの攻撃先をこのクリーチャーに変更してもよい",
        "- static: {can_block: true}",  # 701.12, 507.1a
    ),
    "double_breaker": Keyword(
        "W・ブレイカー", "このクリーチャーはシールドを2つブレイクする", "- static: {breaker: 2}"
    ),  # 509.2b
    "triple_breaker": Keyword(
        "T・ブレイカー", "このクリーチャーはシールドを3つブレイクする", "- static: {breaker: 3}"
    ),
    "quadruple_breaker": Keyword(
        "Q・ブレイカー", "このクリーチャーはシールドを4つブレイクする", "- static: {breaker: 4}"
    ),
    "world_breaker": Keyword(
        "ワールド・ブレイカー",
        "このクリーチャーは相手のシールドをすべてブレイクする",
        f"- static: {{breaker: {ALL_SHIELDS}}}",
    ),
    "powered_breaker": Keyword(
        "パワード・ブレイカー",
        "このクリーチャーは、パワー6000ごとにシールドをさらに1つブレイクする",
        "- static: {breaker: {sum: [1, {div: [{power_of: this}, 6000]}]}}",
    ),
    "speed_attacker": Keyword(
        "スピードアタッカー",
        "このクリーチャーは召喚酔いしない",
        "- static: {ignore_summoning_sickness: true}",  # 301.5
    ),
    "power_attacker": Keyword(
        "パワーアタッカー+N",
        "攻撃中、このクリーチャーのパワーを+Nする",
        "- static: {power: @amount}\n  if: {attacking: this}",
    ),
    "powered_blocker": Keyword(
        "パワード・ブロッカー+N",
        "ブロック中、このクリーチャーのパワーを+Nする",
        "- static: {power: @amount}\n  if: {blocking: this}",
    ),
    "cannot_attack": Keyword("このクリーチャーは攻撃できない", "", "- static: {cannot_attack: true}"),
    "cannot_attack_players": Keyword(
        "このクリーチャーはプレイヤーを攻撃できない", "", "- static: {cannot_attack_players: true}"
    ),
    "guardman": Keyword(  # the permission the block step reads (507.1a; 507.2b: a redirect, not a block)
        "ガードマン",
        "このクリーチャーをタップして、相手クリーチャーの攻撃先を、自分の他のクリーチャーからこのクリーチャーに"
        "変更してもよい",
        "- static: {can_guard: true}",
    ),
    "shinkarise": Keyword(  # an evolution creature may be put on it as on a creature (801.1)
        "シンカライズ",
        "このタマシードがクリーチャーであるかのように、この上に進化クリーチャーを置いてもよい",
        "- static: {evolution_base_as_creature: true}",
    ),
    # マッハファイター: two statics for the turn it entered
    "mach_fighter": Keyword(
        "マッハファイター",
        "このクリーチャーは、出たターンの間、タップまたはアンタップしているクリーチャーを攻撃できる",
        """
- static: {attack_creatures_at_once: true}
  if: {happened: {event: enters}, during: this_turn}
- static: {attack_untapped: true}
  if: {happened: {event: enters}, during: this_turn}
""",
    ),
    # -- triggered abilities (603)
    "slayer": Keyword(
        "スレイヤー",
        "このクリーチャーがバトルする時、バトルの後、相手クリーチャーを破壊する",
        "- trigger: {event: battles}\n  effect: [{after_battle: [{destroy: event.subject}]}]",
    ),
    "just_diver": Keyword(
        "ジャストダイバー",
        "このクリーチャーが出た時、次の自分のターンのはじめまで、このクリーチャーは相手に選ばれず、攻撃されない",
        """
- trigger: {event: enters}
  effect: [{grant: {what: this, property: cannot_be_chosen_by_opponent, until: your_next_turn_start}},
    {grant: {what: this, property: cannot_be_attacked, until: your_next_turn_start}}]
""",
    ),
    # 113.6, 509.5a-b: declared as the shield goes to the hand; used from the face-down shield
    "shield_trigger": Keyword(
        "S・トリガー",
        "このカードをシールドゾーンから手札に加える時、コストを支払わずにすぐ使ってもよい",
        """
- trigger: {event: broken, declared: true}
  zones: [shield_zone]
  optional: true
  effect: [{use: {what: this, free: true, keyword: shield_trigger}},
    {keyword_used: {what: this, keyword: shield_trigger}}]
""",
    ),
    # S・トリガー that gives the card its S abilities (`if: {bonus: true}`) when, as it is used, its owner
    # has no shield (the wiki's スーパー・S・トリガー page: 「自分のシールドが1つも無い時にS・トリガーとして
    # 使う」場合)
    "super_shield_trigger": Keyword(
        "スーパー・S・トリガー",
        "このカードを自分のシールドゾーンから手札に加える時、コストを支払わずにすぐ使ってもよい。"
        "その時自分のシールドが1つもなければ、このカードにS能力を与える",
        """
- trigger: {event: broken, declared: true}
  zones: [shield_zone]
  optional: true
  effect: [{use: {what: this, free: true, keyword: shield_trigger,
    bonus_if: {none: {zone: shield_zone, owner: you}}}},
    {keyword_used: {what: this, keyword: shield_trigger}}]
""",
    ),
    # S・トリガー that gives the card its P abilities (`if: {bonus: true}`) when it is used in the opponent's
    # turn after two or more of its owner's shields were broken that turn (the shield being added counts:
    # the break has happened as the card is declared, 113.6 — the wiki's 説1)
    "shield_trigger_plus": Keyword(
        "S・トリガー・プラス",
        "このカードを自分のシールドゾーンから手札に加える時、コストを支払わずにすぐ使ってもよい。"
        "それが相手のターンで、そのターン中に自分のシールドが2つ以上ブレイクされていれば、このカードにP能力を与える",
        """
- trigger: {event: broken, declared: true}
  zones: [shield_zone]
  optional: true
  effect: [{use: {what: this, free: true, keyword: shield_trigger,
    bonus_if: {all: [{turn: opponent},
      {at_least: [{events: {event: broken, subject: {owner: you}}, during: this_turn}, 2]}]}}},
    {keyword_used: {what: this, keyword: shield_trigger}}]
""",
    ),
    "g_strike": Keyword(
        "G・ストライク",
        "このカードを自分のシールドゾーンから手札に加える時、相手に見せ、相手のクリーチャーを1体選んでもよい。"
        "このターン、そのクリーチャーは攻撃できない",
        """
- trigger: {event: broken, declared: true}
  zones: [shield_zone]
  optional: true
  effect: [{keyword_used: {what: this, keyword: g_strike}},
    {grant: {what: {choose: 1, owner: opponent, type: creature}, property: cannot_attack,
    until: end_of_turn}}]
""",
    ),
    # 509.5c: declared by discarding the broken shield card that is X; used from the hand
    "s_back": Keyword(
        "S・バック—X",
        "Xのカードを自分のシールドゾーンから手札に加える時、そのカードを捨ててもよい。"
        "そうした場合、コストを支払わずにこのカードを使う",
        """
- trigger: {event: discarded, subject: @shield, declared: true}
  zones: [hand]
  effect: [{use: {what: this, free: true}}]
""",
    ),
    # 112.3d / 509.5d: declared once the shields are in the hand, by discarding a 裁きの紋章 added from
    # the shield zone (shield_breaks.py); it resolves with the S・トリガー, in the order its player
    # chooses (509.5e)
    "sabaki_z": Keyword(
        "サバキZ",
        "裁きの紋章が自分のシールドゾーンから手札に加えられた時、そのカードを捨ててもよい。"
        "そうしたら、このカードをコストを支払わずに使う",
        """
- trigger: {event: discarded, subject: {owner: you, race: 裁きの紋章}, declared: true}
  zones: [hand]
  effect: [{use: {what: this, free: true}}]
""",
    ),
    # 侵略 works from the hand only (its reminder: 自分の手札にあるこのクリーチャー); S級侵略[…] is 侵略
    # with the zones besides the hand it works from, ``also_from`` (S級侵略[原始]: マナゾーン, [宇宙]:
    # バトルゾーン; *@: the list's items spliced into the zones)
    "invasion": Keyword(
        "侵略—X",
        "自分のXが攻撃する時、自分の手札にあるこのクリーチャーをその上に重ねてもよい",
        """
- trigger: {event: attacks, subject: {owner: you, other: true, ...@base}}
  zones: [hand, *@also_from]
  optional: true
  effect: [{evolve_onto: event.subject}]
""",
        defaults=(("also_from", "[]"),),
    ),
    "revolution_change": Keyword(  # 701.26: the new creature is a new object, tapped and attacking
        "革命チェンジ—X",
        "自分のXが攻撃する時、そのクリーチャーと手札にあるこのクリーチャーを入れ替えてもよい",
        """
- trigger: {event: attacks, subject: {owner: you, ...@base}}
  zones: [hand]
  optional: true
  effect: [{swap_with: {what: event.subject, keyword: revolution_change}}]
""",
    ),
    # 112.3c: declared whatever the mana zone holds; the mana, and that no ニンジャ・ストライク of this
    # player was used during this attack (その攻撃中に…使っていなかった場合), are checked as it resolves
    "ninja_strike": Keyword(
        "ニンジャ・ストライクN",
        "相手のクリーチャーが攻撃またはブロックした時、自分のマナゾーンにカードがN枚以上あり、その攻撃中に"
        "「ニンジャ・ストライク」能力を使っていなかった場合、このシノビをコストを支払わずに召喚してもよい。"
        "そのターンの終わりに、このシノビを自分の山札の一番下に置く",
        """
- trigger: {event: attacks, subject: {owner: opponent}}
  zones: [hand]
  optional: true
  effect:
  - if:
      condition:
        all:
        - {at_least: [{count: {zone: mana_zone, owner: you}}, @mana]}
        - not:
            happened: {event: keyword_used, keyword: ninja_strike, subject: any, player: you}
            during: this_attack
      then: [{keyword_used: {what: this, keyword: ninja_strike}}, {use: {what: this, free: true}},
        {at_end_of_turn: [{move: {what: this, to: deck_bottom}}]}]
- trigger: {event: blocks, subject: {owner: opponent}}
  zones: [hand]
  optional: true
  effect:
  - if:
      condition:
        all:
        - {at_least: [{count: {zone: mana_zone, owner: you}}, @mana]}
        - not:
            happened: {event: keyword_used, keyword: ninja_strike, subject: any, player: you}
            during: this_attack
      then: [{keyword_used: {what: this, keyword: ninja_strike}}, {use: {what: this, free: true}},
        {at_end_of_turn: [{move: {what: this, to: deck_bottom}}]}]
""",
    ),
    "attack_chance": Keyword(  # 112.3f
        "アタック・チャンス—X",
        "自分のXが攻撃する時、この呪文をコストを支払わずに唱えてもよい",
        """
- trigger: {event: attacks, subject: {owner: you, ...@attacker}}
  zones: [hand]
  optional: true
  effect: [{use: {what: this, free: true}}]
""",
    ),
    "kizuna": Keyword(
        "キズナ",
        "このクリーチャーがバトルゾーンに出た時、自分のクリーチャー1体のKZ能力を使う",
        "- trigger: {event: enters}\n  effect: [{use_kz: {choose: 1, owner: you, has_kz: true}}]",
    ),
    "shield_force": Keyword(  # its SF abilities say `if: {shield_force: true}` (shield_force.py)
        "シールド・フォース",
        "このクリーチャーをバトルゾーンに出す時、自分のシールドを1つ選ぶ",
        """
- trigger: {event: enters}
  resolves_first: true
  effect: [{link_shield: {up_to: 1, zone: shield_zone, owner: you}}]
""",
    ),
    "god_link": Keyword(  # 804: side and partner are read from the card by the link rules (gods.py)
        "G・リンク",
        "このクリーチャーをバトルゾーンに出す時、自分のゴッドとリンクしてもよい",
        "- trigger: {event: enters}\n  resolves_first: true\n  optional: true\n  effect: [{god_link: {}}]",
    ),
    "forbidden_release": Keyword(  # 701.25a
        "禁断解放",
        "この鼓動の封印がすべてなくなった時、クリーチャー側に裏返す",
        """
- trigger: {event: unsealed}
  if: {equals: [{seals: this}, 0]}
  effect: [{forbidden_release: this}]
""",
    ),
    "zero_dragon_birth": Keyword(  # 701.31a
        "零龍卍誕",
        "",
        """
- trigger: {event: zero_dragon_linked}
  if: {equals: [{count: {type: zero_dragon_nebula, linked: true}}, 4]}
  effect: [{zero_dragon_birth: this}]
""",
    ),
    "kirifu_dash": Keyword(  # 510 (the attack's end), 601.1d-e (what is paid); 701.14b: no break, no count
        "キリフダッシュ",
        "自分のクリーチャーの攻撃の終わりに、そのクリーチャーがその攻撃中にシールドをブレイクしていれば、"
        "このクリーチャーを[CIV(N)]支払って召喚してもよい",
        """
- trigger: {event: attack_end, subject: {owner: you, type: creature}}
  zones: [hand]
  optional: true
  if: {happened: {event: broken, subject: any, by: {card: event.subject}}, during: this_attack}
  effect: [{use: {what: this, cost: @cost, civilizations: @civilizations, keyword: kirifu_dash}}]
""",
    ),
    # -- replacement effects (609)
    "escape": Keyword(
        "エスケープ",
        "このクリーチャーが破壊される時、墓地に置くかわりに自分のシールドをひとつ手札に加えてもよい。"
        "ただし、その「S・トリガー」は使えない",
        """
- replace: {event: destroyed}
  optional: true
  instead: [{move: {what: {choose: 1, zone: shield_zone, owner: you}, to: hand}}]
""",
    ),
    "saver": Keyword(  # each creature with it has its own replacement (609)
        "セイバー:X",
        "自分のXが破壊される時、「セイバー:X」を持つクリーチャーを1体、かわりに破壊してもよい",
        """
- replace: {event: destroyed, subject: {owner: you, type: creature, other: true, ...@base}}
  optional: true
  instead: [{destroy: this}]
""",
    ),
    "ex_life": Keyword(  # the shield is linked to the creature (そのシールド, linked_shield; 609.4)
        "ＥＸライフ",
        "このクリーチャーを出す時、自分の山札の上から1枚目をシールド化する。このクリーチャーが離れる時、"
        "かわりにそのシールドを墓地に置く",
        """
- trigger: {event: enters}
  resolves_first: true
  effect: [{put_into_shields: {zone: deck, owner: you, top: 1, all: true}, as: ex_life},
    {link_shield: $ex_life}]
- replace: {event: leaves}
  if: {exists: linked_shield}
  instead: [{put_into_graveyard: linked_shield}]
""",
    ),
    "extra_ex_life": Keyword(  # the two shields are linked to the creature (linked_shield; 609.4)
        "エクストラEXライフ",
        "このクリーチャーを出す時、自分の山札の上から2枚をシールド化する。このクリーチャーが離れる時、"
        "かわりにそのシールドのうち1つを墓地に置く",
        """
- trigger: {event: enters}
  resolves_first: true
  effect: [{put_into_shields: {zone: deck, owner: you, top: 2, all: true}, as: ex_life},
    {link_shield: $ex_life}]
- replace: {event: leaves}
  if: {exists: linked_shield}
  instead: [{put_into_graveyard: {choose: 1, zone: shield_zone, owner: you, in: linked_shield}}]
""",
    ),
    "eternal_omega": Keyword(
        "エターナル・Ω",
        "このクリーチャーがバトルゾーンを離れる時、かわりに手札に戻す",
        "- replace: {event: leaves}\n  instead: [{return_to_hand: this}]",
    ),
    "charger": Keyword(  # a replacement while the spell waits in 保留状態 (409)
        "チャージャー",
        "この呪文を唱えた後、墓地に置くかわりに自分のマナゾーンに置く",
        """
- replace: {event: moved, from: pending, to: graveyard}
  zones: [pending]
  instead: [{move: {what: this, to: mana_zone}}]
""",
    ),
    "maji_bomber": Keyword(  # DMRP-13; the top is seen only if it may be looked at (qa/33394-33395)
        "マジボンバーN",
        "このクリーチャーが攻撃する時、自分の山札の上から1枚目を見る。その後、コストN以下のクリーチャーを1体、"
        "自分の手札または山札の上から、バトルゾーンに出してもよい",
        """
- trigger: {event: attacks}
  effect:
    - look: {what: {zone: deck, owner: you, top: 1, all: true}, as: seen}
    - put_into_battle_zone:
        up_to: 1
        zone: [hand, deck]
        owner: you
        type: creature
        cost: {at_most: @amount}
        any_of: [{in_zone: hand}, {in: $seen}]
""",
    ),
    "crystal_charger": Keyword(  # チャージャー's, face down: the card becomes 水晶マナ (405.4)
        "水晶チャージャー",
        "この呪文を唱えた後、墓地に置くかわりに、裏向きにしてマナゾーンに置く",
        """
- replace: {event: moved, from: pending, to: graveyard}
  zones: [pending]
  instead: [{move: {what: this, to: mana_zone, face_up: false}}]
""",
    ),
    "last_burst": Keyword(  # a twinpact's creature part: it casts its own spell part (810.3a)
        "ラスト・バースト",
        "このクリーチャーが破壊された時、このカードの呪文側をコストを支払わずに唱えてもよい",
        """
- trigger: {event: destroyed}
  optional: true
  effect: [{use: {what: {all: true, zone: [graveyard, mana_zone, hand], owner: any, type: spell,
    not: {other: true}}, free: true}}]
""",
    ),
    "mega_last_burst": Keyword(  # a twinpact's creature part: it casts its own spell part (810.3a)
        "メガ・ラスト・バースト",
        "このクリーチャーが離れて、手札、マナゾーン、または墓地に置かれた時、このカードの呪文側をコストを支払わずに"
        "唱えてもよい",
        """
- trigger: {event: leaves, to: [hand, mana_zone, graveyard]}
  optional: true
  effect: [{use: {what: {all: true, zone: [hand, mana_zone, graveyard], owner: any, type: spell,
    not: {other: true}}, free: true}}]
""",
    ),
    "star_evolution": Keyword(  # 813
        "スター進化",
        "このクリーチャーが離れる時、かわりにこのクリーチャーの一番上のカードが離れる",
        """
- keyword: evolution
  base: @base
- replace: {event: leaves}
  instead: [{top_card_leaves: {}}]
""",
        kind_rule="813.1",
    ),
    "forbidden_star_evolution": Keyword(  # 813.1b: summoned without a source, read by the rules (objects.py)
        "禁断スター進化",
        "このクリーチャーが離れる時、かわりにこのクリーチャーの一番上のカードが離れる",
        "- replace: {event: leaves}\n  instead: [{top_card_leaves: {}}]",
        kind_rule="813.1b",
    ),
    "g_neo": Keyword(
        # 803: a NEO creature (802: a G-NEO evolution while a card is under it) that, leaving the battle zone
        # as a G-NEO evolution, has every card under it leave instead (803.2) — a replacement (803.2a: not
        # after another replacement, nor for an event a replacement made; 101.5)
        "G-NEO進化",
        "このクリーチャーが離れる時、かわりにこのクリーチャーの下にあるカードをすべて離す",
        """
- replace: {event: leaves}
  if: {exists: {evolution: true, not: {other: true}}}
  instead: [{cards_under_leave: {}}]
""",
    ),
    # 解除 (805.1b): printed on the awakened side, it works only while that side is shown (805.3)
    "psychic_release": Keyword(
        "解除",
        "このクリーチャーがバトルゾーンを離れる時、かわりにコストの小さい面に裏返す",
        "- replace: {event: leaves}\n  instead: [{turn_to_cheaper_side: this}]",
    ),
    "dragon_escape": Keyword(  # 龍回避 (807.1b): the same for a dragheart turned to its creature side
        "龍回避",
        "このクリーチャーがバトルゾーンを離れる時、かわりにコストの小さい面に裏返す",
        "- replace: {event: leaves}\n  instead: [{turn_to_cheaper_side: this}]",
    ),
    "dragon_soul_escape": Keyword(  # 龍魂回避 (808.1b): a replacement, unlike リンク解除 (806.1b)
        "龍魂回避",
        "このクリーチャーがバトルゾーンを離れる時、かわりにそのドラグハート・セルの中から1つを選んで超次元ゾーンに戻し、"
        "残りのカードを裏返す",
        "- replace: {event: leaves}\n  instead: [{split_cells: this}]",
    ),
    # -- a zone to summon from, with what rides along
    "abyss_rush": Keyword(
        "アビスラッシュ",
        "自分の墓地からこのクリーチャーを召喚してもよい。そうしたら、このターン、このクリーチャーはプレイヤーを"
        "攻撃できる。ターンの終わりに、このクリーチャーを山札の下に置く",
        """
- spell: [{grant: {what: this, property: attack_players_at_once, until: end_of_turn}},
    {at_end_of_turn: [{move: {what: this, to: deck_bottom}}]}]
""",
        play_from="graveyard",
    ),
    # -- read by the rules themselves
    "evolution": Keyword("進化", "", rule="801: an evolution creature is put on its base (play.py)"),
    "neo": Keyword(
        "NEO進化",
        "",
        rule="802.1: summoned from the hand alone, or onto a creature its base describes (turn.main_options)",
    ),
    "mana_evolution": Keyword(
        "マナ進化",
        "",
        rule="801: an evolution whose base is a creature of the mana zone (play.py)",
        evolves_from="mana_zone",
    ),
    "sasageru": Keyword(
        "ササゲール",
        "ディスペクターを召喚する時、コストをN少なくしてもよい。"
        "そうしたら、このクリーチャーを破壊する。"
        "そのディスペクターのコストは0以下にはならない",
        rule="601.1: a main-step option: a Dispecter summoned for less, this destroyed (sasageru.py)",
    ),
    "hyper_energy": Keyword(
        "ハイパーエナジー",
        "このクリーチャーを召喚する時、コストが異なる自分のクリーチャーを好きな数タップしてもよい。"
        "こうしてタップしたクリーチャー1体につき、このクリーチャーの召喚コストを2少なくする。"
        "ただし、コストは0以下にはならない",
        rule="601.1: a main-step option: 2 less per creature of a different cost tapped (hyper_energy.py)",
    ),
    "shield_evolution": Keyword(
        "シールド進化",
        "裏向きのカードは裏向きのまま、見ないで置く",
        rule="801: an evolution whose base is one of its player's shields, any card (play.py)",
        evolves_from="shield_zone",
    ),
    "graveyard_evolution": Keyword(
        "墓地進化",
        "",
        rule="801: an evolution whose base is a creature of the graveyard (play.py)",
        evolves_from="graveyard",
    ),
    "fushigi_birth": Keyword(
        "フシギバース",
        "",
        rule="summoned from the graveyard for its cost less a creature's (fushigi_birth.py)",
    ),
    "galaxy_shield": Keyword(
        "ギャラクシールド", "", rule="may be put face up into the shield zone for its cost (play.py)"
    ),
    "bad": Keyword("B・A・D", "", rule="a cheaper summon, destroyed at the end of the turn (discounts.py)"),
    "mugetsu_taizai": Keyword(
        "無月の大罪",
        "このオーラを使うコストをN少なくしてもよい。そうしたら、このターンの終わりに、自分のクリーチャーを1体破壊する",
        rule="a cheaper use, one of its player's creatures destroyed at the end of the turn (discounts.py)",
    ),
    "s_max_evolution": Keyword(
        "S-MAX進化", "", rule="815: summoned without a source; one per player stays (objects.py, rules.py)"
    ),
    "hyper": Keyword("ハイパー化", "", rule="816.2: a main-step option (hyper.py)"),
    "starts_sealed": Keyword(
        "この鼓動は、ゲーム開始時、封印をN個付けてバトルゾーンに置く",
        "",
        rule="809.3: set-up (forbidden.py); with on_parts, a final forbidden set's center (308.4)",
    ),
    "larger_deck": Keyword(
        "自分は、デッキの枚数をN枚増やしてゲームを開始する", "", rule="314.3a: the deck's size (decks.py)"
    ),
    "starts_unlinked": Keyword(
        "ゲーム開始時、このカードと異なるN種類の零龍星雲をリンクせずにバトルゾーンに置く",
        "",
        rule="311.2: set-up — the 零龍 set starts in the battle zone, unlinked (zero_dragon.py)",
    ),
    "opponent_draws_at_start": Keyword(
        "ゲーム開始時、相手はもうN枚カードを引く",
        "",
        rule="103.3: set-up — the opponent draws N more (zero_dragon.py)",
    ),
    "king_cells": Keyword(
        "自分の手札またはマナゾーンにN種のキング・セル《…》が揃っていれば、合体させ、コストを支払ってこのキング・クリーチャーを召喚してもよい",
        "",
        rule="814.1: a main-step option combining the cells from the hand and the mana zone (king_cells.py)",
    ),
    "master_gods": Keyword(
        "マスターG・O・D・S", "", rule="a way to cast the spell, a main-step option (special_card_effects.py)"
    ),
    "wave_striker": Keyword(  # a mark the `keyword` filter sees; the WS ability is written on the card
        "ウェーブストライカー",
        "",
        rule="a mark: the card's own WS ability asks that two other creatures have it",
    ),
    "link_release": Keyword(
        "リンク解除", "", rule="806.1b: a linked creature leaving (psychic.py) — not a replacement"
    ),
}
"""Every keyword of the vocabulary, with its reminder text and its meaning."""


def expand(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """The abilities a keyword stands for (other forms, and the keywords the rules read, are returned
    unchanged). A keyword whose parameters are not given (a keyword granted by name) raises ``KeyError``."""
    if spec.form != "keyword":
        return (spec,)
    entry = KEYWORDS.get(spec.name)
    if entry is None:
        raise AssertionError(f"keyword {spec.name!r} is in the vocabulary but has no entry in KEYWORDS")
    if entry.evolves_from:  # read by the rules as 進化 (801), its base in that zone
        params = {**spec.params, "zone": entry.evolves_from}
        return (AbilitySpec("keyword", "evolution", spec.index, params=params, line=spec.line),)
    if not entry.expansion or entry.play_from:
        return (spec,)
    parts = _expansion(spec.name, _written_params(spec))
    if entry.kind_rule:  # 813.1: what the keyword defines, not an ability to ignore (ability_ignore.py)
        parts = tuple(replace(part, kind_rule=entry.kind_rule) for part in parts)
    return tuple(replace(part, index=spec.index, line=spec.line) for part in parts)


def riders(name: str) -> tuple[Action, ...]:
    """What rides along with a summon from a keyword's ``play_from`` zone (アビスラッシュ)."""
    (spell,) = _expansion(name, ())
    return spell.effect


def _written_params(spec: AbilitySpec) -> tuple[tuple[str, str], ...]:
    """The keyword's parameters as its card writes them (JSON, which YAML reads as flow style)."""
    wanted = sorted(set(_PARAM.findall(KEYWORDS[spec.name].expansion)))
    written: Any = spec.written if isinstance(spec.written, dict) else {}
    out = []
    for name in wanted:
        if name in written:
            raw = written[name]
        elif name in spec.params and isinstance(spec.params[name], (int, str)):
            raw = spec.params[name]
        elif name in dict(KEYWORDS[spec.name].defaults):
            out.append((name, dict(KEYWORDS[spec.name].defaults)[name]))
            continue
        else:
            raise KeyError(name)  # granted by name: its parameters are its card's
        out.append((name, json.dumps(raw, ensure_ascii=False)))
    return tuple(out)


_PARAM = re.compile(r"@(\w+)")
_SPLICE = re.compile(r",\s*\.\.\.@(\w+)")
_ITEMS = re.compile(r",\s*\*@(\w+)")
"""``, *@PARAM`` in a flow sequence: a list parameter's items, to go on in the enclosing list."""
_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[AbilitySpec, ...]] = {}


def _fields(written: str) -> str:
    """``, ...@PARAM``: a mapping parameter's fields, to go on in the enclosing flow mapping."""
    inner = written.strip()
    if not (inner.startswith("{") and inner.endswith("}")):
        raise ValueError(f"expected a mapping, got {written}")
    inner = inner[1:-1].strip()
    return f", {inner}" if inner else ""


def _splice(expansion: str, given: dict[str, str]) -> str:
    """Each ``, ...@PARAM`` replaced by the parameter's fields; a field the parameter gives replaces the one
    the expansion writes before it in the same mapping, which is only a default (セイバー's guarded
    ``type: creature``, unless the card names a card type: セイバー:クロスギア)."""
    while (m := _SPLICE.search(expansion)) is not None:
        fields = _fields(given[m.group(1)])
        head = expansion[: m.start()]
        opened, depth = len(head) - 1, 0
        while depth or head[opened] != "{":  # the brace of the mapping the splice is in
            depth += {"}": 1, "{": -1}.get(head[opened], 0)
            opened -= 1
        inner = head[opened + 1 :]
        for key in re.findall(r"(?:^|,)\s*\"?(\w+)\"?:", fields):
            inner = re.sub(rf"(^|,)\s*{key}:\s*[^,{{}}\[\]]+(?=,|$)", "", inner).lstrip(", ")
        if not inner.strip():
            fields = fields.removeprefix(", ")
        expansion = head[: opened + 1] + inner + fields + expansion[m.end() :]
    return expansion


def _expansion(name: str, params: tuple[tuple[str, str], ...]) -> tuple[AbilitySpec, ...]:
    """The keyword's expansion with its parameters, read by the card loader like any card's abilities."""
    found = _CACHE.get((name, params))
    if found is None:
        given = dict(params)
        text = _ITEMS.sub(
            lambda m: "".join(f", {item}" for item in json.loads(given[m.group(1)])), KEYWORDS[name].expansion
        )
        text = _splice(text, given)
        text = _PARAM.sub(lambda m: given[m.group(1)], text)
        card = (
            "- name: keyword\n  type: creature\n  civilizations: []\n  cost: 1\n  races: []\n  power: 0\n"
            "  text: ''\n  abilities:\n" + "\n".join("  " + ln for ln in text.strip("\n").splitlines())
        )
        (definition,) = load_text(card, f"keywords.py:{name}", DUEL_MASTERS)
        found = _CACHE[(name, params)] = definition.faces[0].abilities
    return found


PLAY_FROM: dict[str, tuple[str, tuple[Action, ...]]] = {
    name: (k.play_from, riders(name)) for name, k in KEYWORDS.items() if k.play_from
}
"""Keywords that let a card be summoned from another zone, that zone and what rides along."""
