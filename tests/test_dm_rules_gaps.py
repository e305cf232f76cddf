"""Issue 10's twelve gaps, each as a board built from the rule's text (official Q&A style: a question, the
board that asks it, the answer the comprehensive rules Ver.1.48 give)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD


def base(**players: dict) -> dict:
    spec = {"turn": "A", "step": "main"}
    spec.update(players)
    return spec


# ---- gap 1: 101.5 / 101.5a — tests/test_dm_loops.py (main): the follow-up is a fresh event that the same
# replacement changes again (101.5a); the mandatory loop ends in a draw (loops.py).


# ---- gap 2: 701.26b

ESCAPE_CARDS = """
- name: 試験用エスケープ・ドラゴン
  type: creature
  civilizations: [fire]
  cost: 7
  races: [アーマード・ドラゴン]
  power: 7000
  text: このクリーチャーがバトルゾーンを離れる時、かわりに自分のシールドを1つ墓地に置いてもよい。
  abilities:
    - replace: leaves
      optional: true
      instead: [{put_into_graveyard: {choose: 1, zone: shield_zone, owner: you}}]
"""


def escape_attack() -> object:
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "試験用エスケープ・ドラゴン", "as": "d"}],
                "hand": [{"card": "蒼き団長 ドギラゴン剣", "as": "k"}],
                "shield_zone": ["filler", "filler"],
            },
            "B": {"shield_zone": ["filler", "filler", "filler"]},
        },
        ESCAPE_CARDS,
    )
    from dm_helpers import label_for

    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "use_trigger" and "revolution_change" in g.pending.prompt
    g.answer("yes")
    return g


def test_701_26b_an_optional_replacement_on_a_swap_is_asked_and_declining_lets_the_swap_happen():
    # Q: 試験用エスケープ・ドラゴン attacks and 蒼き団長 ドギラゴン剣 is 革命チェンジ'd with it. Its
    # "instead of leaving, you may put a shield into the graveyard" could apply. Does the swap fail at once?
    # A: No. Its controller chooses whether to use it (真・エスケープ example of 701.26b); not using it,
    # the swap is performed.
    g = escape_attack()
    decision = g.pending
    assert decision is not None and decision.player == A and decision.rule == "701.26b"
    g.answer("no")
    while g.pending is not None and g.pending.kind == "choose_cards" and g.pending.player == A:
        g.answer(*g.pending.labels[: g.pending.min])
    assert "蒼き団長 ドギラゴン剣" in names(g, A, BATTLE)
    assert "試験用エスケープ・ドラゴン" in names(g, A, "hand")
    assert len(g.zones[(A, "shield_zone")]) == 2


def test_701_26b_using_the_optional_replacement_means_the_swap_is_not_performed():
    # A (example 2 of 701.26b): using it at the swap, the swap is not performed, and the replacement
    # itself does not resolve: the dragon keeps attacking, ドギラゴン剣 stays in the hand, no shield moves.
    g = escape_attack()
    g.answer("yes")
    assert names(g, A, BATTLE) == ["試験用エスケープ・ドラゴン"]
    assert names(g, A, "hand") == ["蒼き団長 ドギラゴン剣"]
    assert len(g.zones[(A, "shield_zone")]) == 2
    assert any(r.rule == "701.26b" for r in records(g, "rule"))


# ---- gap 3: 110.4g

GRAVE_CARDS = """
- name: 試験用墓地の黒龍
  type: creature
  civilizations: [darkness]
  cost: 7
  races: [ブラック・ドラゴン]
  power: 6000
  text: 自分のドラゴンが破壊された時、このクリーチャーを自分の墓地からバトルゾーンに出してもよい。
  abilities:
    - trigger: destroyed
      subject: own_creature
      zones: [graveyard]
      event_filter: {card: {race: ドラゴン}}
      optional: true
      effect: [{put_into_battle_zone: self}]
- name: 試験用の火竜
  type: creature
  civilizations: [fire]
  cost: 5
  races: [アーマード・ドラゴン]
  power: 5000
  text: ""
  abilities: []
"""


def test_110_4g_a_graveyard_ability_does_not_see_the_batch_that_put_its_card_there():
    # Q: 試験用墓地の黒龍 and 試験用の火竜 are destroyed at the same time. Does 試験用墓地の黒龍's ability
    # (it works in the graveyard) trigger on 試験用の火竜's destruction, or on its own?
    # A: No. It functions while its card is in the graveyard (110.4g); the card was not there yet.
    g = make(
        base(
            A={"battle_zone": [{"card": "試験用墓地の黒龍", "as": "k"}, {"card": "試験用の火竜", "as": "f"}]}
        ),
        GRAVE_CARDS,
    )
    g.inject({"event": "destroy", "targets": ["k", "f"]})
    assert g.pending is None or g.pending.kind != "use_trigger"
    assert not records(g, "trigger")
    assert names(g, A, GRAVEYARD) == ["試験用の火竜", "試験用墓地の黒龍"]


@pytest.mark.dm_rules("110.4b")
def test_110_4g_a_graveyard_ability_triggers_once_its_card_is_there():
    # A: Already in the graveyard, it triggers on the next dragon destroyed and may come back.
    g = make(
        base(
            A={
                "graveyard": [{"card": "試験用墓地の黒龍", "as": "k"}],
                "battle_zone": [{"card": "試験用の火竜", "as": "f"}],
            }
        ),
        GRAVE_CARDS,
    )
    g.inject({"event": "destroy", "target": "f"})
    assert g.pending is not None and g.pending.kind == "use_trigger"
    g.answer("yes")
    assert names(g, A, BATTLE) == ["試験用墓地の黒龍"]


# ---- gap 4: 603.5c / 603.5d

WATCH_CARDS = """
- name: 試験用の番人
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 2000
  text: クリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: destroyed
      subject: any_creature
      effect: [{draw: 1}]
- name: 試験用の他者の番人
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 2000
  text: 他のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: destroyed
      subject: any_creature
      event_filter: {card: {other_than_self: true}}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("603.5c")
def test_603_5d_a_leaving_watcher_looks_back_only_at_its_own_leaving():
    # Q (the example of 603.5d): two creatures and one with "クリーチャーが破壊された時、カードを1枚引く" are
    # in the battle zone; all are destroyed at once. How many times does it trigger?  A: Once, for itself.
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "試験用の番人", "as": "w"},
                    {"card": "うごめく者ボーン・グール", "as": "a"},
                    {"card": "うごめく者ボーン・グール", "as": "b"},
                ]
            }
        ),
        WATCH_CARDS,
    )
    hand = len(names(g, A, "hand"))
    g.inject({"event": "destroy", "targets": ["w", "a", "b"]})
    assert len(records(g, "trigger")) == 1
    assert len(names(g, A, "hand")) == hand + 1


@pytest.mark.dm_rules("603.5c")
def test_603_5d_another_creature_leaving_together_is_not_seen_and_one_staying_sees_all():
    # Q: 試験用の他者の番人 is destroyed together with two others. Does it trigger?  A: No — it can look back
    # only at itself, and "他の" excludes itself. A watcher that stays sees both (603.5c): two draws.
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "試験用の他者の番人", "as": "w"},
                    {"card": "うごめく者ボーン・グール", "as": "a"},
                    {"card": "うごめく者ボーン・グール", "as": "b"},
                ]
            },
            B={"battle_zone": ["試験用の他者の番人"]},
        ),
        WATCH_CARDS,
    )
    g.inject({"event": "destroy", "targets": ["w", "a", "b"]})
    triggered = records(g, "trigger")
    assert len(triggered) == 3 and all(r.data["effect"] == triggered[0].data["effect"] for r in triggered)
    while g.pending is not None and g.pending.kind == "order_triggers":
        g.answer(g.pending.labels[0])
    draws = [r for r in records(g, "event") if r.data.get("event") == "draw"]
    assert [r.text.split()[0] for r in draws] == ["B", "B", "B"]


# ---- gap 5: 605.2c

THEN_CARDS = """
- name: 試験用の引き直し
  type: spell
  civilizations: [water]
  cost: 2
  text: カードを2枚まで引く。その後、自分の手札を1枚捨てる。
  abilities:
    - spell:
        - draw: {count: 2, up_to: true}
        - discard: {choose: 1, owner: you}
"""


def test_605_2c_a_then_part_is_resolved_in_order_even_after_a_part_that_did_nothing():
    # Q: 試験用の引き直し: "カードを2枚まで引く。その後、自分の手札を1枚捨てる" — choosing to draw 0,
    # is a card still discarded?  A: Yes: the card resolves in the order written (605.2c); その後 is not
    # "if you did" (and even そうしたら only needs the attempt, 101.3a).
    from dm_helpers import cid

    g = make(
        base(
            A={
                "hand": [
                    {"card": "試験用の引き直し", "as": "s"},
                    "うごめく者ボーン・グール",
                    "アクア・ソルジャー",
                ],
            }
        ),
        THEN_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    assert g.pending.kind == "choose_number"
    g.answer("0")
    assert g.pending is not None and g.pending.kind == "choose_cards" and g.pending.min == 1
    assert {o.text for o in g.pending.options} == {"うごめく者ボーン・グール", "アクア・ソルジャー"}
    g.answer(g.pending.labels[0])
    assert len(names(g, A, "hand")) == 1
    assert len(names(g, A, GRAVEYARD)) == 2 and "試験用の引き直し" in names(g, A, GRAVEYARD)


# ---- gap 9: 801

PUT_CARDS = """
- name: 試験用の呼び出し
  type: spell
  civilizations: [nature]
  cost: 4
  text: 自分の手札からクリーチャーを1体バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: hand, owner: you, filter: {type: creature}}
"""


@pytest.mark.dm_rules("801.1", "110.2b")
def test_801_1a_an_effect_cannot_put_an_evolution_creature_without_a_base():
    # Q: 試験用の呼び出し puts 超爆合体ダンギルバー (an evolution creature) from the hand, and there is no
    # creature to evolve from. Does it enter with nothing under it?  A: No: without a proper base an
    # evolution creature cannot be put into the battle zone (801.1a); it stays in the hand.
    from dm_helpers import cid

    g = make(
        base(
            A={"hand": [{"card": "試験用の呼び出し", "as": "s"}, {"card": "超爆合体ダンギルバー", "as": "e"}]}
        ),
        PUT_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(g.pending.labels[0])
    assert names(g, A, BATTLE) == []
    assert names(g, A, "hand") == ["超爆合体ダンギルバー"]
    assert any(r.rule == "801.1a" for r in records(g, "rule"))


# ---- gap 6: 113.6 / 701.14b

SHIELD_CARDS = """
- name: 試験用の盾回収
  type: spell
  civilizations: [water]
  cost: 2
  text: 自分のシールドを1つ手札に加える。
  abilities:
    - spell:
        - return_to_hand: {choose: 1, zone: shield_zone, owner: you}
- name: 試験用の盾番
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のシールドがブレイクされた時、カードを1枚引く。
  abilities:
    - trigger: broken
      subject: own_shield
      zones: [battle_zone]
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("701.14b")
def test_113_6_a_shield_put_into_the_hand_by_an_effect_can_use_its_shield_trigger():
    # Q: 試験用の盾回収 puts A's only shield, スパイラル・ゲート (S・トリガー), into the hand. May A use its
    # S・トリガー?  A: Yes: putting a shield into the hand behaves like a break (701.14b), with the same
    # declaration (113.6). But it is not a break: "シールドがブレイクされた時" does not trigger.
    from dm_helpers import cid, label_for

    g = make(
        base(
            A={
                "hand": [{"card": "試験用の盾回収", "as": "s"}],
                "shield_zone": [{"card": "スパイラル・ゲート", "as": "g"}],
                "battle_zone": ["試験用の盾番"],
            },
            B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        ),
        SHIELD_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    decision = g.pending
    assert decision is not None and decision.kind == "use_trigger" and decision.rule == "113.6"
    g.answer("yes")
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(label_for(g, "t"))
    assert names(g, B, "hand") == ["喧嘩屋タイラー"]
    assert not [r for r in records(g, "trigger") if "試験用の盾番" in r.text]


# ---- gap 12: 609.1 / 609.6a

REDRAW_CARDS = """
- name: 試験用の身代わり読み
  type: creature
  civilizations: [water]
  cost: 4
  races: [テスト]
  power: 3000
  text: このクリーチャーが破壊される時、かわりにカードを2枚引く。その後、自分の手札を1枚捨てる。
  abilities:
    - replace: destroyed
      instead:
        - draw: 2
        - discard: {choose: 1, owner: you}
"""


@pytest.mark.dm_rules("609.6a", "609.1a")
def test_609_1_a_substitute_runs_in_order_so_it_can_discard_a_card_it_drew():
    # Q: 試験用の身代わり読み would be destroyed; instead its controller draws 2, then discards 1. May the
    # discarded card be one just drawn?  A: Yes: the substitute is carried out in the order written — the
    # cards are drawn first, then the card to discard is chosen among the whole hand (609.6a: the draws of
    # the substitute are done before what follows).
    g = make(
        base(
            A={
                "battle_zone": [{"card": "試験用の身代わり読み", "as": "r"}],
                "hand": ["喧嘩屋タイラー"],
                "deck": [
                    {"card": "アクア・ビークル", "as": "d1"},
                    {"card": "アクア・ソルジャー", "as": "d2"},
                    "filler",
                ],
            }
        ),
        REDRAW_CARDS,
    )
    g.inject({"event": "destroy", "target": "r"})
    decision = g.pending
    assert decision is not None and decision.kind == "choose_cards" and len(decision.options) == 3
    drawn = [o for o in decision.options if o.text != "喧嘩屋タイラー"]
    assert len(drawn) == 2
    g.answer(drawn[0].label)
    assert names(g, A, BATTLE) == ["試験用の身代わり読み"]
    assert names(g, A, GRAVEYARD) == [drawn[0].text]
    assert sorted(names(g, A, "hand")) == sorted(["喧嘩屋タイラー", drawn[1].text])
    assert not [r for r in records(g, "event") if r.data.get("event") == "destroy"]


# ---- gap 8: 810

TWIN = "歌舞音愛 ヒメカット／♪蛙の子 遭えるの何処？好きと謂ひて"
TWIN_CARDS = """
- name: 試験用の安物捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札からコスト3以下のカードをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, filter: {cost_max: 3}}
- name: 試験用の安い生き物捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札からコスト3以下のクリーチャーをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, filter: {type: creature, cost_max: 3}}
"""


@pytest.mark.dm_rules("810.1", "810.3a", "810")
def test_810_3_a_twinpact_in_the_hand_is_referred_to_by_either_of_its_parts():
    # Q: ヒメカット (creature, cost 5) / ♪蛙の子… (spell, cost 3) is in the hand. Is it "a card of cost 3 or
    # less"?  A: Yes: as a card it has both parts' characteristics and may be referred to as its spell
    # (810.1, 810.3). Is it "a creature of cost 3 or less"?  A: No: referring to a card type looks only at
    # that part (810.3a), and its creature part costs 5.
    from dm_helpers import cid

    g = make(base(A={"hand": [{"card": "試験用の安い生き物捨て", "as": "c"}, TWIN]}), TWIN_CARDS)
    g.inject({"play": cid(g, "c"), "free": True})
    assert names(g, A, "hand") == [TWIN]
    g = make(base(A={"hand": [{"card": "試験用の安物捨て", "as": "s"}, TWIN]}), TWIN_CARDS)
    g.inject({"play": cid(g, "s"), "free": True})
    assert names(g, A, "hand") == []
    assert TWIN in names(g, A, GRAVEYARD)


# ---- gap 7: 603.2e / 603.2f / 506.3b

DECLARE_CARDS = """
- name: 試験用の号令ドラゴン
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: このクリーチャーが攻撃する時、カードを1枚引く。
  abilities:
    - trigger: attacks
      effect: [{draw: 1}]
"""


def declare_attack():
    from dm_helpers import label_for

    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "試験用の号令ドラゴン", "as": "d"}],
                "hand": [{"card": "蒼き団長 ドギラゴン剣", "as": "k"}],
                "deck": 5,
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        DECLARE_CARDS,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    return g


@pytest.mark.dm_rules("603.2e", "506.3b")
def test_603_2f_an_ability_triggering_in_the_hand_is_declared_before_any_waiting_effect_resolves():
    # Q: 試験用の号令ドラゴン attacks; its "攻撃する時、カードを1枚引く" triggers, and so does 革命チェンジ of
    # 蒼き団長 ドギラゴン剣 in the hand. When does A say whether to use 革命チェンジ?  A: First: an ability
    # that triggers in a hidden zone is declared (603.2e–f), the turn player declaring all of theirs before
    # their waiting effects resolve (506.3b); then the effects resolve in the order A chooses, and the
    # declared 革命チェンジ is used without being asked again.
    g = declare_attack()
    first = g.pending
    assert first.kind == "use_trigger" and first.rule == "603.2f" and "revolution_change" in first.prompt
    assert not [r for r in records(g, "event") if r.data.get("event") == "draw"]
    g.answer("yes")
    assert g.pending.kind == "order_triggers"
    g.answer(next(o.label for o in g.pending.options if "revolution_change" in o.text))
    assert g.pending is None or g.pending.rule != "603.4"  # no second "use it?"
    while g.pending is not None and g.pending.kind == "break":
        g.answer(*g.pending.labels[: g.pending.min])
    assert "蒼き団長 ドギラゴン剣" in names(g, A, BATTLE)


def test_603_2f_an_ability_not_declared_never_triggered():
    g = declare_attack()
    g.answer("no")
    assert g.pending is None or g.pending.kind != "order_triggers"  # only the draw is waiting
    while g.pending is not None and g.pending.kind == "break":
        g.answer(*g.pending.labels[: g.pending.min])
    assert names(g, A, BATTLE) == ["試験用の号令ドラゴン"]
    assert "蒼き団長 ドギラゴン剣" in names(g, A, "hand")


# ---- gap 11: 400.2f


def test_400_2f_a_hidden_card_a_replacement_reads_is_shown_before_it_moves():
    # Q: During B's turn ゴースト・タッチ makes A discard 斬隠蒼頭龍バイケン from the hand, a hidden zone;
    # its replacement ("墓地に置くかわりにバトルゾーンに出してもよい") reads the card. When is it shown?
    # A: Just before it moves, to every player, because a replacement needs its text (400.2f).
    from dm_helpers import cid

    g = make(
        {
            "turn": "B",
            "step": "main",
            "A": {"hand": [{"card": "斬隠蒼頭龍バイケン", "as": "k"}]},
            "B": {"hand": [{"card": "ゴースト・タッチ", "as": "gt"}]},
        }
    )
    g.inject({"play": cid(g, "gt"), "free": True})
    [shown] = records(g, "reveal")
    assert shown.rule == "400.2f" and "斬隠蒼頭龍バイケン" in shown.text
    assert g.pending is not None and g.pending.kind == "replacement"
    assert not [r for r in records(g, "event") if r.data.get("event") == "discard"]


# ---- gap 10: 409

PENDING_CARDS = """
- name: 試験用の手札頼み
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 0
  text: このクリーチャーのパワーは、自分の手札1枚につき+1000される。
  abilities:
    - static: {power: {times: [1000, {count: {zone: hand, owner: you}}]}}
"""


@pytest.mark.dm_rules("409.1", "409.1c")
def test_409_1a_a_creature_being_summoned_is_pending_and_not_counted_in_its_zone():
    # Q (as example 1 of 409.1c, with a creature): A's only card in hand is アクア・ビークル, and
    # 試験用の手札頼み has 1000 power for it. A summons アクア・ビークル. When is 試験用の手札頼み destroyed?
    # A: As soon as the summon is declared: the creature is pending (409.1a) and no longer counted among
    # the cards in the hand (409.1c), so the power is 0 before アクア・ビークル enters.
    from dm_helpers import label_for

    g = make(
        base(
            A={
                "battle_zone": [{"card": "試験用の手札頼み", "as": "h"}],
                "hand": [{"card": "アクア・ビークル", "as": "v"}],
                "mana_zone": ["アクア・ビークル"] * 2,
            }
        ),
        PENDING_CARDS,
    )
    assert names(g, A, BATTLE) == ["試験用の手札頼み"]
    g.answer(f"summon:{label_for(g, 'v')}")
    events = [r for r in records(g, "event") if r.data.get("event") in ("destroy", "enter")]
    assert [r.data["event"] for r in events] == ["destroy", "enter"]
    assert names(g, A, BATTLE) == ["アクア・ビークル"] and names(g, A, GRAVEYARD) == ["試験用の手札頼み"]


@pytest.mark.dm_rules("400.3")
def test_400_3_a_card_does_not_stay_in_a_zone_its_card_type_cannot_enter():
    # Q: A judge's events put 喧嘩屋タイラー into the 超GRゾーン, and destroy A's GR creature and psychic
    # creature. Where do they end up?  A: Each where its card type may be (400.3): a normal card put into the
    # 超GRゾーン goes to the graveyard (118.2), the GR creature under the 超GRゾーン (118.1), the psychic
    # creature back to the 超次元ゾーン (117.1, 805.4b).
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "喧嘩屋タイラー", "as": "t"},
                    {"card": "トムライ 丙-三式", "as": "gr"},
                    {"card": "竜骨なる者ザビ・リゲル", "as": "p"},
                ],
            },
        }
    )
    g.inject({"event": "move", "target": "t", "to": "gr_zone"})
    g.inject({"event": "destroy", "target": "gr"})
    g.inject({"event": "destroy", "target": "p"})
    assert names(g, A, GRAVEYARD) == ["喧嘩屋タイラー"]
    assert names(g, A, "gr_zone") == ["トムライ 丙-三式"]
    assert names(g, A, "hyperspatial") == ["竜骨なる者ザビ・リゲル"]
    assert names(g, A, BATTLE) == []
