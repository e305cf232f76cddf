"""Chapter 4 of Ver.1.48, the zones (400–409): order, simultaneity, what a player may see, face-down mana."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.actions import choice_label
from tcgrules.games.duel_masters.views import view
from tcgrules.games.duel_masters.zones import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS, is_held

CARDS = """
- name: 試験用の墓地の聞き手
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分の他のクリーチャーが墓地に置かれた時、このカードが墓地にあれば、カードを1枚引く。
  abilities:
    - trigger: {event: moved, subject: {owner: you, other: true, type: creature}, to: graveyard}
      zones: [graveyard]
      effect: [{draw: 1}]
- name: 試験用の二枚落とし
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の山札の上から2枚を墓地に置く。
  abilities:
    - spell: [{mill: 2}]
- name: 試験用の一枚落とし
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の山札の上から1枚を墓地に置く。
  abilities:
    - spell: [{mill: 1}]
- name: 試験用の手札還し
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の手札をすべて山札に加えてシャッフルする。その後、カードを1枚引く。
  abilities:
    - spell:
        - move: {what: {all: true, zone: hand, owner: you}, to: deck}  # 山札に加える (401.7)
        - shuffle: you
        - draw: 1
- name: 試験用の山札拾い
  type: spell
  civilizations: [nature]
  cost: 1
  text: 自分の山札から《喧嘩屋タイラー》を1枚選び、手札に加える。
  abilities:
    - spell: [{return_to_hand: {choose: 1, zone: deck, owner: you, name: 喧嘩屋タイラー}}]
- name: 試験用の裏マナ
  type: spell
  civilizations: [nature]
  cost: 1
  text: 自分の手札を1枚、裏向きにしてマナゾーンに置く。
  abilities:
    - spell: [{move: {what: {choose: 1, zone: hand, owner: you}, to: mana_zone, face_up: false}}]
- name: 試験用の光水の使い
  type: creature
  civilizations: [light, water]
  cost: 4
  races: [テスト]
  power: 4000
  text: ""
  abilities: []
- name: 試験用の光の使い
  type: spell
  civilizations: [light]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell: [{draw: 1}]
- name: 試験用の手札染め
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 3000
  text: 自分の手札のカードは光文明を追加で持つ。
  abilities:
    - static: {civilization: light}
      to: {zone: hand, owner: you}
- name: 試験用のマナ染め
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 3000
  text: 自分のマナゾーンのカードは光文明を追加で持つ。
  abilities:
    - static: {civilization: light}
      to: {zone: mana_zone, owner: you}
- name: 試験用の手札マナ送り
  type: spell
  civilizations: [nature]
  cost: 1
  text: 自分の手札を1枚、マナゾーンに置く。
  abilities:
    - spell: [{put_into_mana: {choose: 1, zone: hand, owner: you}}]
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS)


def play_free(g, alias: str) -> None:
    g.inject({"play": cid(g, alias), "free": True})


def cards_of(g, player: int, zone: str) -> list[int]:
    return [c for oid in g.zones.get((player, zone), []) for c in g.objects[oid].cards]


# ---- 400: general


@pytest.mark.dm_rules("406.3", "113.2a")
def test_400_4_deck_and_shield_order_is_kept_unless_an_effect_or_rule_changes_it():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={"shield_zone": ["アクア・ビークル", "喧嘩屋タイラー", "ボルシャック・ドラゴン"], "deck": 8},
    )
    deck = cards_of(g, B, DECK)
    shields = cards_of(g, B, SHIELDS)
    g.answer(f"attack:{label_for(g, 't')}:player")
    g.answer("shield_zone:2")
    g.answer("end_attacks")
    # B's turn: the draw takes the top card; the rest of the deck and the other shields keep their order.
    assert cards_of(g, B, DECK) == deck[:-1]
    assert cards_of(g, B, SHIELDS) == [shields[0], shields[2]]


def test_400_6_an_effect_on_a_zone_acts_on_every_card_there_not_on_the_zone():
    # 試験用の手札還し: "add your hand to your deck and shuffle, then draw": every card of the hand moves, and
    # the hand itself is still there for the card drawn.
    g = game(
        A={
            "hand": [
                {"card": "試験用の手札還し", "as": "s"},
                "喧嘩屋タイラー",
                "アクア・ビークル",
                "喧嘩屋タイラー",
            ],
            "deck": 4,
        }
    )
    play_free(g, "s")
    assert len(g.zones[(A, DECK)]) == 4 + 3 - 1 and len(g.zones[(A, HAND)]) == 1
    assert [r for r in records(g, "event") if r.data.get("event") == "shuffle"]


@pytest.mark.dm_rules("110.4g")
def test_400_7_cards_moved_to_one_zone_by_one_effect_move_together():
    # Q: 試験用の墓地の聞き手 is the top card of A's deck, and 試験用の二枚落とし mills 2: it and the card
    # below it. Does its graveyard ability ("自分の他のカードが墓地に置かれた時") see the other card?
    # A: No. Both cards move at the same time (400.7), so it was not in the graveyard yet (110.4g).
    g = game(
        A={
            "hand": [{"card": "試験用の二枚落とし", "as": "s"}],
            "deck": ["アクア・ビークル", "喧嘩屋タイラー", "試験用の墓地の聞き手"],
        }
    )
    play_free(g, "s")
    assert names(g, A, GRAVEYARD) == ["喧嘩屋タイラー", "試験用の二枚落とし", "試験用の墓地の聞き手"]
    assert not records(g, "trigger")
    # Control: once it is there, the next card milled is seen.
    g = game(
        A={
            "hand": [{"card": "試験用の一枚落とし", "as": "s"}],
            "graveyard": ["試験用の墓地の聞き手"],
            "deck": ["喧嘩屋タイラー", "アクア・ビークル", "アクア・ビークル"],
        }
    )
    play_free(g, "s")
    assert records(g, "trigger")


# ---- 401: the deck


def test_401_2a_a_deck_cards_are_chosen_from_keeps_its_order():
    # 試験用の山札拾い takes 喧嘩屋タイラー from the middle of A's deck; nothing says to shuffle, so the other
    # cards stay in the order they were in.
    g = game(
        A={
            "hand": [{"card": "試験用の山札拾い", "as": "s"}],
            "deck": [
                "アクア・ビークル",
                "ボルシャック・ドラゴン",
                {"card": "喧嘩屋タイラー", "as": "t"},
                "アクア・ソルジャー",
            ],
        }
    )
    before = [c for c in cards_of(g, A, DECK) if c != cid(g, "t")]
    play_free(g, "s")
    assert names(g, A, HAND) == ["喧嘩屋タイラー"]
    assert cards_of(g, A, DECK) == before
    assert not [r for r in records(g, "event") if r.data.get("event") == "shuffle"]


# ---- 403: the battle zone


@pytest.mark.dm_rules("403", "403.4a", "801.2")
def test_403_4_the_cards_under_a_card_keep_their_order():
    g = game(
        "A",
        "attack",
        A={
            "battle_zone": [
                {
                    "card": "ボルシャック・ドラゴン",
                    "as": "top",
                    "under": [{"card": "喧嘩屋タイラー", "as": "mid"}, "アクア・ビークル"],
                }
            ]
        },
        B={"shield_zone": ["filler"] * 2},
    )
    order = list(obj(g, "top").cards)
    assert order[0] == cid(g, "top") and order[1] == cid(g, "mid")
    g.answer(f"attack:{label_for(g, 'top')}:player")
    while g.pending.kind != "attack":
        g.answer(*g.pending.labels[: g.pending.min or 1])
    assert list(obj(g, "top").cards) == order


# ---- 405: face-down mana


@pytest.mark.dm_rules("405")
def test_405_4_a_face_down_mana_card_is_colourless_cost_0_and_gives_one_mana():
    # 試験用の裏マナ puts 試験用の光水の使い (light and water) face down into the mana zone: it enters
    # untapped (no longer multicoloured), has cost 0, no civilization and no name, and pays 1 of any cost.
    g = game(
        A={
            "hand": [
                {"card": "試験用の裏マナ", "as": "s"},
                {"card": "試験用の光水の使い", "as": "lw"},
                {"card": "試験用の光の使い", "as": "l"},
                {"card": "喧嘩屋タイラー", "as": "t"},
            ],
            "mana_zone": [{"card": "喧嘩屋タイラー", "as": "m"}],
            "deck": 5,
        }
    )
    play_free(g, "s")
    g.answer(label_for(g, "lw"))
    down = obj(g, "lw")
    assert down.zone == (A, MANA) and down.face_down and not down.tapped
    shown = ch.face(g, down)
    assert shown.cost == 0 and shown.civilizations == () and shown.name == ""
    assert ch.cost(g, down) == 0
    # Two mana (one fire, one face down): 喧嘩屋タイラー (fire, 2) can be summoned, a light card cannot.
    labels = g.pending.labels
    assert f"summon:{label_for(g, 't')}" in labels
    assert f"cast:{label_for(g, 'l')}" not in labels


@pytest.mark.dm_rules("400.2b")
def test_405_5_only_its_owner_may_look_at_a_face_down_mana_card():
    g = game(A={"hand": [{"card": "試験用の裏マナ", "as": "s"}, {"card": "試験用の光水の使い", "as": "lw"}]})
    play_free(g, "s")
    down = obj(g, "lw")
    assert choice_label(g, down, A) == f"c{cid(g, 'lw')}"
    assert choice_label(g, down, B) == "mana_zone:1"
    assert "試験用の光水の使い" in str(view(g, A)) and "試験用の光水の使い" not in str(view(g, B))


# ---- 408: the 超GRゾーン


def test_408_2_the_gr_zone_is_face_down_to_everyone():
    g = game(A={"gr_zone": [{"card": "filler", "as": "g"}]})
    gr = obj(g, "g")
    assert choice_label(g, gr, A) == "gr_zone:1" and choice_label(g, gr, B) == "gr_zone:1"


NTH = """
- name: 試験用の三番目戻し
  type: spell
  civilizations: [water]
  cost: 1
  text: 相手のクリーチャーを1体選び、持ち主の山札の上から3番目に置く。
  abilities:
    - spell: [{move: {what: {choose: 1, owner: opponent, type: creature}, to: deck_top, position: 3}}]
"""


def test_401_6_a_card_put_nth_from_the_top_or_at_the_bottom_of_a_shorter_deck():
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の三番目戻し", "as": "s"}]},
            "B": {
                "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}],
                "deck": ["アクア・ビークル", "アクア・ビークル", "アクア・ビークル", "アクア・ビークル"],
            },
        },
        CARDS + NTH,
    )
    play_free(g, "s")
    deck = [g.name(c) for c in reversed(cards_of(g, B, DECK))]  # from the top down
    assert deck.index("喧嘩屋タイラー") == 2 and len(deck) == 5
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の三番目戻し", "as": "s"}]},
            "B": {
                "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}],
                "deck": ["アクア・ビークル", "アクア・ビークル"],
            },
        },
        CARDS + NTH,
    )
    play_free(g, "s")
    deck = [g.name(c) for c in reversed(cards_of(g, B, DECK))]
    assert deck == ["アクア・ビークル", "アクア・ビークル", "喧嘩屋タイラー"]  # two cards only: at the bottom


# ---- 409: 保留状態

PENDING = """
- name: 試験用の墓地詠唱
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーが出た時、自分の墓地から呪文を1枚、コストを支払わずに唱えてもよい。
  abilities:
    - trigger: {event: enters}
      effect: [{use: {what: {choose: 1, zone: graveyard, owner: you, type: spell}, free: true}}]
- name: 試験用の墓地の番人
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: カードが自分の墓地に置かれた時、カードを1枚引く。
  abilities:
    - trigger: {event: moved, subject: {owner: you}, to: graveyard}
      effect: [{draw: 1}]
- name: 試験用の充電呪文
  type: spell
  civilizations: [nature]
  cost: 2
  text: |-
    カードを1枚引く。
    チャージャー
  abilities:
    - spell: [{draw: 1}]
    - keyword: charger
- name: 試験用の入場拒否
  type: creature
  civilizations: [light]
  cost: 5
  races: [テスト]
  power: 5000
  text: 相手のクリーチャーがバトルゾーンに出る時、かわりにそのクリーチャーはとどまる。
  abilities:
    - replace: {event: enters, subject: {owner: opponent, type: creature}}
      instead: [{stay: event.subject}]
"""


def test_409_2a_a_spell_cast_from_the_graveyard_is_not_put_there_again():
    # Q: 試験用の墓地詠唱 enters and casts 試験用の光の使い from A's graveyard; after resolving, the spell
    # goes back to the graveyard. Does 試験用の墓地の番人 ("カードが自分の墓地に置かれた時") trigger?
    # A: No: a pending card put back into the zone it came from was not put there (409.2a). Only the
    # spell's own draw happens.
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の墓地詠唱", "as": "c"}],
                "graveyard": [{"card": "試験用の光の使い", "as": "l"}],
                "battle_zone": ["試験用の墓地の番人"],
                "deck": 5,
            },
        },
        CARDS + PENDING,
    )
    play_free(g, "c")
    assert obj(g, "l").zone == (A, GRAVEYARD)
    draws = [r for r in records(g, "event") if r.data.get("event") == "draw"]
    assert len(draws) == 1 and not [r for r in records(g, "trigger") if "番人" in r.text]
    # Control: the same spell cast from the hand is put into the graveyard, and it triggers.
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の光の使い", "as": "l"}],
                "battle_zone": ["試験用の墓地の番人"],
                "deck": 5,
            },
        },
        CARDS + PENDING,
    )
    play_free(g, "l")
    assert [r for r in records(g, "trigger") if "番人" in r.text]


def test_409_2b_a_replacement_of_the_spell_going_to_the_graveyard_applies_when_cast_from_there():
    # 試験用の充電呪文 (チャージャー) cast from the graveyard: it would go back to the graveyard, and its
    # チャージャー puts it into the mana zone instead (409.2b, the exception to 409.2).
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の墓地詠唱", "as": "c"}],
                "graveyard": [{"card": "試験用の充電呪文", "as": "ch"}],
                "deck": 5,
            },
        },
        CARDS + PENDING,
    )
    play_free(g, "c")
    assert obj(g, "ch").zone == (A, MANA)


def test_409_2_a_pending_card_that_does_not_move_stays_as_it_was():
    # A summons 喧嘩屋タイラー; B's 試験用の入場拒否 keeps it where it is. It is no longer pending (it counts
    # among A's hand again) and is the same card object, unchanged; the mana stays paid.
    from tcgrules.games.duel_masters.zones import is_held

    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "喧嘩屋タイラー", "as": "t"}], "mana_zone": ["喧嘩屋タイラー"] * 2},
            "B": {"battle_zone": ["試験用の入場拒否"]},
        },
        CARDS + PENDING,
    )
    before = obj(g, "t").oid
    g.answer(f"summon:{label_for(g, 't')}")
    t = obj(g, "t")
    assert t.zone == (A, HAND) and t.oid == before and not is_held(t)
    assert names(g, A, BATTLE) == [] and all(g.objects[o].tapped for o in g.zones[(A, MANA)])


MANA_HOME = """
- name: 試験用のマナ召喚獣
  type: creature
  civilizations: [nature]
  cost: 2
  races: [テスト]
  power: 2000
  text: このクリーチャーを自分のマナゾーンから召喚してもよい。
  abilities:
    - use_from: [mana_zone]
- name: 試験用のマナ送り
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


def test_409_2a_a_card_summoned_from_the_mana_zone_and_put_back_there_keeps_its_position():
    # Q: (409.2a's second example) A summons a creature that is tapped in the mana zone; B's replacement puts
    # it into the mana zone instead. Is it tapped?  A: Yes: put back into the zone it was used from, it was
    # not put there, so its position does not change (a mono-coloured card put there would be untapped).
    tapped = True
    g = make(
        {
            "turn": "A",
            "A": {
                "mana_zone": [
                    {"card": "試験用のマナ召喚獣", "as": "m", "tapped": tapped},
                    "試験用のマナ送り",
                    "試験用のマナ送り",
                ]
            },
            "B": {"battle_zone": ["試験用のマナ送り"]},
        },
        MANA_HOME,
    )
    g.answer(f"summon:{label_for(g, 'm')}")
    if g.pending is not None and g.pending.kind == "replacement":
        g.answer(g.pending.labels[0])
    m = obj(g, "m")
    assert m.zone == (A, MANA) and m.tapped is tapped


HAND_POWER = """
- name: 試験用の手札の力
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 0
  text: このクリーチャーのパワーは、自分の手札1枚につき+1000される。
  abilities:
    - static: {power: {times: [1000, {count: {zone: hand, owner: you}}]}}
- name: 試験用の二枚引き
  type: spell
  civilizations: [light]
  cost: 1
  text: カードを2枚引く。
  abilities:
    - spell: [{draw: 2}]
"""


def test_409_1c_the_last_card_of_the_hand_cast_leaves_the_hand_count_before_the_spell_resolves():
    # Q: (409.1c's example) A's creature's power is 1000 per card in A's hand; A casts the one card left in
    # the hand, a spell that draws two. Is the creature destroyed?
    # A: Yes, before the draw: the pending spell is not counted among the hand (409.1c), so the power is 0,
    # and the state-based actions are checked at once (703.3), not only once the spell has resolved.
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "試験用の手札の力", "as": "c"}],
                "hand": [{"card": "試験用の二枚引き", "as": "s"}],
                "deck": 5,
            },
        },
        HAND_POWER,
    )
    assert ch.power(g, obj(g, "c")) == 1000
    play_free(g, "s")
    assert obj(g, "c").zone == (A, GRAVEYARD)
    kinds = [r.data.get("event") for r in records(g, "event")]
    assert kinds.index("destroy") < kinds.index("draw")


ACROSS_ZONES = """
- name: 試験用の探して唱える
  type: spell
  civilizations: [light]
  cost: 5
  text: |-
    自分の山札を見る。その中から呪文を1枚手札に加え、その後、山札をシャッフルする。
    その呪文をコストを支払わずに唱えてもよい。
  abilities:
    - spell:
        - search: {what: {zone: deck, owner: you, type: spell, up_to: 1}, to: hand}
          as: found
        - use: {what: {zone: hand, owner: you, in: $found, all: true}, free: true}
          optional: true
- name: 試験用の手札封じ
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: カードが山札から手札に加えられる時、かわりに持ち主の墓地に置く。
  abilities:
    - replace: {event: moved, from: deck, to: hand, subject: any}
      instead:
        - put_into_graveyard: event.subject
- name: 試験用の一枚引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell: [{draw: 1}]
"""


def test_400_8_an_effect_stops_for_a_card_that_left_the_zones_it_names():
    # Q: 試験用の探して唱える puts a spell from A's deck into A's hand and then casts "that spell" from the
    # hand; B's 試験用の手札封じ puts it into the graveyard instead. Is it cast from the graveyard?
    # A: No (400.8): the effect goes across the deck and the hand; the card moved out of those (to the
    # graveyard), so the effect does nothing more with it: A says yes, and nothing is cast.
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の探して唱える", "as": "s"}],
                "deck": ["試験用の一枚引き", "filler"],
            },
            "B": {"battle_zone": ["試験用の手札封じ"]},
        },
        ACROSS_ZONES,
    )
    play_free(g, "s")
    while g.pending is not None and g.pending.kind in ("choose_cards", "may"):
        g.answer("yes" if g.pending.kind == "may" else g.pending.labels[0])  # A says yes: cast it
    assert names(g, A, GRAVEYARD) == ["試験用の一枚引き", "試験用の探して唱える"]
    assert not [r for r in records(g, "event") if " casts 試験用の一枚引き" in r.text]
    assert names(g, A, HAND) == []


SEVERAL_PENDING = """
- name: 試験用の天門
  type: spell
  civilizations: [light]
  cost: 6
  text: 自分の手札から光のクリーチャーを2体までバトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {zone: hand, owner: you, type: creature, civilization: light, up_to: 2}
- name: 試験用の出迎え
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: 他のクリーチャーがバトルゾーンに出た時、カードを1枚引く。
  abilities:
    - trigger: {event: enters, subject: {type: creature, other: true}}
      effect: [{draw: 1}]
- name: 試験用の手ぶら
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: 自分の手札がなければ、このクリーチャーはタップしてバトルゾーンに出る。
  abilities:
    - static: {enters_tapped: true}
      if: {not: {exists: {zone: hand, owner: you}}}
- name: 試験用の二連詠唱
  type: spell
  civilizations: [water]
  cost: 8
  text: 自分の手札から呪文を2枚まで、コストを支払わずに唱える。
  abilities:
    - spell:
        - use: {what: {zone: hand, owner: you, type: spell, up_to: 2}, free: true}
- name: 試験用の手札数え
  type: spell
  civilizations: [water]
  cost: 3
  text: 自分の手札1枚につき、カードを1枚引く。
  abilities:
    - spell:
        - draw: {count: {count: {zone: hand, owner: you}}}
- name: 試験用の一枚引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell: [{draw: 1}]
"""


def _resolve_all(g) -> None:
    """Answer every decision of the effect with its first options (all the cards offered)."""
    while g.pending is not None and g.pending.kind not in ("main", "attack"):
        g.answer(*g.pending.labels[: g.pending.max])


@pytest.mark.dm_rules("409.1", "409.1a")
def test_409_1f_two_creatures_put_by_one_effect_enter_one_at_a_time():
    # Q: (409.1f's example, 《ヘブンズ・ゲート》) one effect puts two 試験用の出迎え into the battle zone. How
    # many cards does A draw?  A: One: the two enter one by one, so the first is there when the second
    # enters and sees it; the second was not there when the first entered (together, each would see the
    # other: two).
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の天門", "as": "s"}, "試験用の出迎え", "試験用の出迎え"],
                "deck": 5,
            },
        },
        SEVERAL_PENDING,
    )
    play_free(g, "s")
    _resolve_all(g)
    assert names(g, A, BATTLE) == ["試験用の出迎え", "試験用の出迎え"]
    assert len([r for r in records(g, "event") if r.data.get("event") == "draw"]) == 1


@pytest.mark.dm_rules("409.1c")
def test_409_1f_the_creatures_not_yet_entered_are_pending_and_not_counted_in_the_hand():
    # Q: one effect puts A's only two hand cards, two 試験用の手ぶら, into the battle zone. Is the first one
    # tapped?  A: Yes: both are pending before either enters (409.1f), and a pending card is not counted
    # among the cards of its zone (409.1c), so A's hand has no card as the first enters.
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の天門", "as": "s"}, "試験用の手ぶら", "試験用の手ぶら"]},
        },
        SEVERAL_PENDING,
    )
    play_free(g, "s")
    _resolve_all(g)
    entered = [g.objects[oid] for oid in g.zones[(A, BATTLE)]]
    assert len(entered) == 2 and all(o.tapped for o in entered)
    assert not any(is_held(g.objects[oid]) for oids in g.zones.values() for oid in oids)  # none left pending


@pytest.mark.dm_rules("409.1b", "409.1c")
def test_409_1e_two_spells_cast_by_one_effect_are_all_pending_then_resolve_one_at_a_time():
    # Q: (409.1e's example, 《甲型龍帝式 キリコ３》) one effect casts 試験用の手札数え and 試験用の一枚引き
    # from A's hand (A's hand: those two and one more card). How many cards does 試験用の手札数え draw?
    # A: One: both spells became pending before either resolved, so the other one is not counted among
    # A's hand; then 試験用の一枚引き is cast and resolves after it: both are cast, one at a time.
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "試験用の二連詠唱", "as": "s"},
                    "試験用の手札数え",
                    "試験用の一枚引き",
                    "filler",
                ],
                "deck": 5,
            },
        },
        SEVERAL_PENDING,
    )
    play_free(g, "s")
    _resolve_all(g)
    texts = [r.text for r in records(g, "event") if r.data.get("event") in ("use", "draw", "move")]
    casts = [i for i, t in enumerate(texts) if " casts " in t]
    assert len(casts) == 3  # 試験用の二連詠唱 and both spells it casts
    assert [t for t in texts if " draws " in t] == ["A draws filler", "A draws filler"]
    first_draw = next(i for i, t in enumerate(texts) if " draws " in t)
    assert casts[1] < first_draw < casts[2]  # the second is cast after the first resolved
    assert names(g, A, GRAVEYARD) == ["試験用の一枚引き", "試験用の二連詠唱", "試験用の手札数え"]
    assert len(names(g, A, HAND)) == 3  # filler and the two cards drawn


# ---- 410: the 深淵ゾーン

ABYSS_CARDS = """
- name: 試験用の深淵送り
  type: spell
  civilizations: [darkness]
  cost: 1
  text: クリーチャーを1体選び、深淵送りにする。
  abilities:
    - spell: [{move: {what: {choose: 1, type: creature}, to: abyss_zone}}]
- name: 試験用の深淵拾い
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の深淵ゾーンのカードを1枚選び、手札に戻す。
  abilities:
    - spell: [{return_to_hand: {choose: 1, zone: abyss_zone, owner: you}}]
"""


@pytest.mark.dm_rules("410", "400.2a")
def test_410_1_a_card_sent_to_the_abyss_is_put_into_its_owners_abyss_zone_in_view_of_all():
    from tcgrules.games.duel_masters.zones import ABYSS

    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の深淵送り", "as": "s"}]},
            "B": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        },
        CARDS + ABYSS_CARDS,
    )
    play_free(g, "s")
    t = obj(g, "t")
    assert t.zone == (B, ABYSS) and names(g, B, BATTLE) == []
    assert choice_label(g, t, A) == choice_label(g, t, B) == f"c{cid(g, 't')}"  # a public zone (400.2a)


@pytest.mark.dm_rules("400.1")
def test_410_4_a_card_in_the_abyss_zone_never_leaves_it_psychic_and_gr_cards_included():
    from tcgrules.games.duel_masters.zones import ABYSS

    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の深淵拾い", "as": "s"}],
                "abyss_zone": [{"card": "喧嘩屋タイラー", "as": "t"}],
            },
        },
        CARDS + ABYSS_CARDS,
    )
    play_free(g, "s")
    assert obj(g, "t").zone == (A, ABYSS) and names(g, A, HAND) == []
    assert [r for r in records(g, "rule") if r.rule == "410.4"]
    # A psychic creature or a GR creature sent there does not go back to its own zone (118.1, 805.4b).
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の深淵送り", "as": "s"}, {"card": "試験用の深淵送り", "as": "s2"}]
            },
            "B": {
                "battle_zone": [
                    {"card": "竜骨なる者ザビ・リゲル", "as": "p"},
                    {"card": "凶鬼000号 ゼロヴォイド", "as": "gr"},
                ]
            },
        },
        CARDS + ABYSS_CARDS,
    )
    play_free(g, "s")
    g.answer(label_for(g, "p"))
    play_free(g, "s2")
    assert obj(g, "p").zone == (B, ABYSS) and obj(g, "gr").zone == (B, ABYSS)
    g.inject({"event": "move", "target": "gr", "to": "hand"})
    assert obj(g, "gr").zone == (B, ABYSS)


@pytest.mark.dm_rules("405.1", "106.4")
@pytest.mark.parametrize(("painter", "tapped"), [("試験用の手札染め", True), ("試験用のマナ染め", False)])
def test_405_1_a_card_multicolored_where_it_was_goes_into_the_mana_zone_tapped(painter: str, tapped: bool):
    # A fire card in the hand while an effect gives the hand's cards light is multicolored there, so it goes
    # into the mana zone tapped (Wiki「多色」, 公式Q&A 2019-09-30); a civilization added only in the mana zone
    # does not make it go in tapped.
    g = game(
        A={
            "battle_zone": [painter],
            "hand": [{"card": "試験用の手札マナ送り", "as": "s"}, {"card": "喧嘩屋タイラー", "as": "t"}],
            "deck": 5,
        }
    )
    play_free(g, "s")
    if g.pending is not None and g.pending.kind != "main":
        g.answer(label_for(g, "t"))
    put = obj(g, "t")
    assert put.zone == (A, MANA) and put.tapped is tapped
