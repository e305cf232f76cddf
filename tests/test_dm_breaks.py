"""Breaking shields and the shield triggers they reveal (509, 701.14, 113.6, 701.32).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from dm_rule_boards import CARDS, attack_game, base, event_records, game, play_free
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, SHIELDS
from tcgrules.kernel import IllegalActionError

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
    - trigger: {event: broken, subject: {owner: you, zone: shield_zone}}
      zones: [battle_zone]
      effect: [{draw: 1}]
"""


def test_509_2a_a_creature_without_a_breaker_breaks_one_shield():
    g = attack_game(
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]}, B={"shield_zone": ["filler"] * 3}
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    if g.pending.kind == "break":
        assert g.pending.min == g.pending.max == 1
        g.answer(g.pending.labels[0])
    assert len(g.zones[(B, SHIELDS)]) == 2 and len(names(g, B, HAND)) == 1


def test_509_6_a_shield_cannot_be_chosen_twice_for_one_attack():
    extra = """
- name: 試験用の二枚割り
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 5000
  text: W・ブレイカー
  abilities:
    - keyword: double_breaker
"""
    g = make(
        base(
            "A",
            "attack",
            A={"battle_zone": [{"card": "試験用の二枚割り", "as": "d"}]},
            B={"shield_zone": ["filler"] * 3},
        ),
        CARDS + extra,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "break" and g.pending.min == g.pending.max == 2
    with pytest.raises(IllegalActionError):
        g.answer("shield_zone:1", "shield_zone:1")
    g.answer("shield_zone:1", "shield_zone:2")
    assert len(g.zones[(B, SHIELDS)]) == 1 and len(names(g, B, HAND)) == 2


@pytest.mark.dm_rules("113.5", "113.6a")
def test_701_14c_shields_broken_by_one_effect_go_to_the_hand_together():
    # Both shields are declared while they wait, before either reaches the hand.
    g = game(
        A={"hand": [{"card": "試験用の二枚割り", "as": "s"}]},
        B={"shield_zone": ["デーモン・ハンド", "デーモン・ハンド", "filler"]},
    )
    play_free(g, "s")
    assert g.pending.kind in ("break", "choose_cards") or g.pending.kind == "use_trigger"
    if g.pending.kind != "use_trigger":
        g.answer(*g.pending.labels[:2])
    assert g.pending.kind == "use_trigger" and not event_records(g, "break")
    g.answer("no")
    assert g.pending.kind == "use_trigger" and not event_records(g, "break")
    g.answer("no")
    breaks = event_records(g, "break")
    assert len(breaks) == 2 and breaks[1].seq == breaks[0].seq + 1
    assert len(g.zones[(B, SHIELDS)]) == 1 and names(g, B, HAND) == ["デーモン・ハンド", "デーモン・ハンド"]


@pytest.mark.dm_rules("113.6")
def test_509_5e_declared_shield_triggers_resolve_in_the_order_their_player_chooses():
    g = game(
        A={
            "hand": [{"card": "試験用の二枚割り", "as": "s"}],
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t1"}, {"card": "アクア・ビークル", "as": "t2"}],
        },
        B={"shield_zone": ["デーモン・ハンド", "デーモン・ハンド", "filler"]},
    )
    play_free(g, "s")
    if g.pending.kind != "use_trigger":
        g.answer(*g.pending.labels[:2])
    g.answer("yes")
    g.answer("yes")
    assert g.pending.kind == "order_triggers" and g.pending.player == B  # 509.5e
    g.answer(g.pending.labels[1])
    while g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(g.pending.labels[0])
    assert names(g, A, BATTLE) == []
    assert sorted(names(g, A, GRAVEYARD)) == sorted(
        ["アクア・ビークル", "喧嘩屋タイラー", "試験用の二枚割り"]
    )


def test_701_32b_a_galaxy_shield_is_a_new_face_up_shield():
    g = game(
        A={
            "hand": [{"card": "「雷光の聖騎士」", "as": "k"}],
            "mana_zone": ["アクア・ビークル", "アクア・ビークル", "試験用の門衛", "試験用の門衛"],
            "shield_zone": ["filler"],
        }
    )
    label = f"galaxy_shield:{label_for(g, 'k')}"
    assert label in g.pending.labels
    g.answer(label)
    shield = obj(g, "k")
    assert shield.zone == (A, "shield_zone") and not shield.face_down
    assert len(g.zones[(A, "shield_zone")]) == 2  # a new shield, not under another


@pytest.mark.dm_rules("701.14b")
def test_113_6_a_shield_put_into_the_hand_by_an_effect_can_use_its_shield_trigger():
    # Q: 試験用の盾回収 puts A's only shield, スパイラル・ゲート (S・トリガー), into the hand. May A use its
    # S・トリガー?  A: Yes: putting a shield into the hand behaves like a break (701.14b), with the same
    # declaration (113.6). But it is not a break: "シールドがブレイクされた時" does not trigger.
    from dm_helpers import label_for

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
    # the record does not call it a break either (701.14b; ruling 147)
    moved = [r for r in records(g, "event") if "スパイラル・ゲート" in r.text and "shield zone" in r.text]
    assert moved and all("is broken" not in r.text and "701.14b" in r.text for r in moved)


SHIELD_COUNT_LIMIT = """
- name: 試験用の盾数封じ
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [テスト]
  power: 4000
  text: 相手のシールドが4枚以上の時、相手は自分自身の「S・トリガー」を使えない。
  abilities:
    - static: {cannot_use_keyword: {keyword: shield_trigger}}
      to: opponent
      if: {at_least: [{count: {zone: shield_zone, owner: opponent}}, 4]}
- name: 試験用の全割り
  type: creature
  civilizations: [fire]
  cost: 8
  races: [テスト]
  power: 25000
  text: ワールド・ブレイカー
  abilities:
    - keyword: world_breaker
"""


@pytest.mark.dm_rules("113.6a", "113.6")
def test_113_6a_every_broken_shield_waits_before_any_trigger_is_offered():
    """Q&A 2024-02-16 (qa/44581): five shields broken at once wait together, so a "while the opponent has
    4 or more shields" prohibition sees none — the first shield's S・トリガー is offered too."""
    g = make(
        base(
            "A",
            "attack",
            A={"battle_zone": [{"card": "試験用の盾数封じ"}, {"card": "試験用の全割り", "as": "w"}]},
            B={"shield_zone": [{"card": "スパイラル・ゲート", "as": "gate"}] + ["filler"] * 4},
        ),
        CARDS + SHIELD_COUNT_LIMIT,
    )
    g.answer(f"attack:{label_for(g, 'w')}:player")
    assert g.pending is not None and g.pending.kind == "use_trigger" and g.pending.player == B


@pytest.mark.dm_rules("113.6a")
def test_113_6a_a_shield_count_in_a_selector_leaves_out_waiting_shields():
    """With one of five shields broken, the four left are counted: the prohibition applies."""
    g = make(
        base(
            "A",
            "attack",
            A={"battle_zone": [{"card": "試験用の盾数封じ"}, {"card": "喧嘩屋タイラー", "as": "t"}]},
            B={"shield_zone": ["filler"] * 4 + [{"card": "スパイラル・ゲート", "as": "gate"}]},
        ),
        CARDS + SHIELD_COUNT_LIMIT,
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending is not None and g.pending.kind == "break"
    g.answer("shield_zone:5")
    assert g.pending is None or g.pending.kind != "use_trigger"
    assert "スパイラル・ゲート" in names(g, B, HAND)


@pytest.mark.dm_rules("601.1b", "113.6")
def test_601_1b_an_s_trigger_of_a_card_its_player_cannot_use_is_not_offered():
    """Wiki「シールドチェック」: an S・トリガー whose card type is locked (誰も光以外の呪文を唱えられない)
    cannot even be declared; a card of the allowed type still is."""
    g = attack_game(
        A={"battle_zone": [{"card": "聖霊王アルカディアス", "as": "alc"}]},
        B={"shield_zone": [{"card": "デーモン・ハンド"}, {"card": "ホーリー・スパーク"}]},
    )
    g.answer(f"attack:{label_for(g, 'alc')}:player")
    assert g.pending is not None and g.pending.kind == "use_trigger"
    assert "ホーリー・スパーク" in g.pending.prompt and "デーモン・ハンド" not in g.pending.prompt
    g.answer("no")
    assert sorted(names(g, B, HAND)) == sorted(["デーモン・ハンド", "ホーリー・スパーク"])


GIVEN_TRIGGER_CARDS = """
- name: 試験用の革命竜
  type: creature
  civilizations: [fire]
  cost: 7
  races: [テスト]
  power: 7000
  text: >-
    自分のシールドが2つ以下なら、自分のシールドゾーンから手札に加えるこのクリーチャーに「S・トリガー」を
    与える。
  abilities:
    - static: {ability: {keyword: shield_trigger}}
      zones: [shield_zone]
      waiting: true
      if: {at_most: [{count: {zone: shield_zone, owner: you}}, 2]}
- name: 試験用の盾呪文
  type: spell
  civilizations: [light]
  cost: 6
  text: >-
    この呪文が自分のシールドゾーンにあり、自分のシールドが2つ以下なら、この呪文に「S・トリガー」を与える。
    相手のクリーチャーを1体選び、タップする。
  abilities:
    - static: {ability: {keyword: shield_trigger}}
      zones: [shield_zone]
      if: {at_most: [{count: {zone: shield_zone, owner: you}}, 2]}
    - spell:
        - tap: {choose: 1, owner: opponent, type: creature}
"""


def _break_first_shield(shields: list, extra: str = "") -> object:
    g = make(
        base(
            "B",
            "attack",
            A={"shield_zone": shields},
            B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}, {"card": "喧嘩屋タイラー", "as": "u"}]},
        ),
        CARDS + GIVEN_TRIGGER_CARDS + extra,
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    if g.pending is not None and g.pending.kind == "break":
        g.answer("shield_zone:1")
    return g


@pytest.mark.dm_rules("110.4c", "113.6a")
def test_113_6c_a_trigger_given_as_the_card_goes_to_the_hand_reads_the_waiting_shields():
    # Q: A has three shields; the first is 試験用の革命竜 (「S・トリガー」 if A has two shields or fewer,
    # given to it as it is added from the shield zone to the hand). B breaks it. May A use it?  A: Yes: the
    # ability works while the card is face down in the shield zone (110.4c), and it reads the shields as they
    # wait (113.6c): the broken one waits and is not counted (113.6a), so A has two.
    g = _break_first_shield([{"card": "試験用の革命竜", "as": "d"}, "filler", "filler"])
    assert g.pending is not None and g.pending.kind == "use_trigger"
    g.answer("yes")
    assert obj(g, "d").zone == (A, BATTLE)


def test_113_6c_no_trigger_is_given_when_the_condition_fails_as_the_shields_wait():
    # With four shields, three remain as the broken one waits: no 「S・トリガー」, it goes to the hand.
    g = _break_first_shield([{"card": "試験用の革命竜", "as": "d"}, "filler", "filler", "filler"])
    assert g.pending is None or g.pending.kind != "use_trigger"
    assert obj(g, "d").zone == (A, HAND)


@pytest.mark.dm_rules("110.4c")
def test_113_6b_a_trigger_given_to_a_card_in_the_shield_zone_reads_the_board_before_the_shields_wait():
    # Q: A has three shields; the first is 試験用の盾呪文 (「S・トリガー」 while it is in the shield zone
    # and A has two shields or fewer). B breaks it. May A cast it?  A: No: that ability reads the situation
    # just before the shields wait (113.6b), when A had three. With two shields it is given, and A casts it.
    g = _break_first_shield([{"card": "試験用の盾呪文", "as": "s"}, "filler", "filler"])
    assert g.pending is None or g.pending.kind != "use_trigger"
    assert obj(g, "s").zone == (A, HAND)
    g = _break_first_shield([{"card": "試験用の盾呪文", "as": "s"}, "filler"])
    assert g.pending is not None and g.pending.kind == "use_trigger"
    g.answer("yes")
    g.answer(f"c{cid(g, 'u')}")
    assert obj(g, "s").zone == (A, GRAVEYARD) and obj(g, "u").tapped


@pytest.mark.dm_rules("113.6")
def test_601_1b_a_card_its_player_cannot_use_is_not_offered_for_its_shield_trigger():
    # Q: B's 試験用の呪文封じ says A cannot use spells. B breaks A's スパイラル・ゲート (S・トリガー). Is A
    # asked to use it?  A: No: a use that is prohibited cannot even be declared (601.1b); it goes to the hand.
    extra = """
- name: 試験用の呪文封じ
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 1000
  text: 相手は呪文を唱えられない。
  abilities:
    - static: {cannot_use: {type: spell}}
      to: opponent
"""
    g = make(
        base(
            "B",
            "attack",
            A={"shield_zone": [{"card": "スパイラル・ゲート", "as": "g"}]},
            B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}, "試験用の呪文封じ"]},
        ),
        CARDS + extra,
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending is None or g.pending.kind != "use_trigger"
    assert obj(g, "g").zone == (A, HAND)


def _sabaki_board() -> object:
    return game(
        A={
            "hand": [{"card": "試験用の二枚割り", "as": "s"}],
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t1"}, {"card": "アクア・ビークル", "as": "t2"}],
        },
        B={
            "shield_zone": [
                {"card": "刻鳥ノ正裁Z", "as": "crest"},
                {"card": "デーモン・ハンド", "as": "hand_s"},
                {"card": "filler", "as": "kept"},
            ],
            "hand": [{"card": "刻鳥ノ正裁Z", "as": "z"}],
        },
    )


@pytest.mark.dm_rules("112.3d", "509.5d", "101.4b", "101", "509")
def test_509_5d_a_crest_added_from_the_shields_is_discarded_to_declare_sabaki_z() -> None:
    """509.5d / 112.3d: once the broken shields are in the hand (after the S・トリガー declarations), a card
    with 裁きの紋章 among them may be discarded to declare サバキZ of a card in the hand, which is then used
    for free (a spell cast) — with the S・トリガー's timing (101.4b); the cast 裁きの紋章Z goes on a
    shield."""
    g = _sabaki_board()
    play_free(g, "s")
    g.answer("shield_zone:1", "shield_zone:2")  # the crest and デーモン・ハンド
    assert g.pending.kind == "use_trigger" and g.pending.rule == "113.6"  # デーモン・ハンド's S・トリガー
    g.answer("no")
    assert g.pending.kind == "declare" and g.pending.rule == "509.5d"  # the crest is in the hand now
    assert obj(g, "crest").zone == (B, HAND)
    g.answer("yes")
    assert obj(g, "crest").zone == (B, GRAVEYARD)  # discarded for it
    while g.pending is not None and g.pending.player == B and g.pending.kind != "main":
        assert g.pending.kind in ("choose_cards", "choose_shield", "use_trigger")
        g.answer(g.pending.labels[0])
    assert obj(g, "z").zone == (B, SHIELDS)  # cast, then on top of the shield left, face up (裁きの紋章)
    tapped = [o for o in g.objects_in((A, BATTLE)) if o.tapped]
    assert len(tapped) == 1  # one of A's creatures was tapped by it
    assert any(r.kind == "declare" and "サバキZ" in r.text for r in g.log)


@pytest.mark.dm_rules("509.5d")
def test_509_5d_sabaki_z_is_not_declared_without_a_crest_or_when_declined() -> None:
    """サバキZ needs a 裁きの紋章 added from the shield zone: declining leaves the crest in the hand and the
    サバキZ card unused; a broken shield without one asks nothing."""
    g = _sabaki_board()
    play_free(g, "s")
    g.answer("shield_zone:1", "shield_zone:2")  # the crest and デーモン・ハンド
    g.answer("no")  # デーモン・ハンド's S・トリガー
    g.answer("no")  # サバキZ
    assert obj(g, "crest").zone == (B, HAND) and obj(g, "z").zone == (B, HAND)
    g2 = _sabaki_board()
    play_free(g2, "s")
    g2.answer("shield_zone:2", "shield_zone:3")  # デーモン・ハンド and the filler
    g2.answer("no")  # デーモン・ハンド's S・トリガー; no crest among the broken shields: nothing more
    assert g2.pending is None or g2.pending.kind != "declare"
    assert obj(g2, "z").zone == (B, HAND)


@pytest.mark.dm_rules("509.5e", "101.4b")
def test_509_5e_a_shield_trigger_and_a_sabaki_z_resolve_in_the_order_their_player_chooses() -> None:
    """509.5e: the declared S・トリガー and サバキZ resolve in the order their player chooses (both with
    S・トリガー's priority, 101.4b)."""
    g = _sabaki_board()
    play_free(g, "s")
    g.answer("shield_zone:1", "shield_zone:2")  # the crest and デーモン・ハンド
    g.answer("yes")  # デーモン・ハンド's S・トリガー
    g.answer("yes")  # サバキZ, discarding the crest
    assert g.pending.kind == "order_triggers" and g.pending.player == B
    assert len(g.pending.options) == 2


BEFORE_EFFECT_BREAK = """
- name: 試験用の割り込む竜
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: |-
    W・ブレイカー
    このクリーチャーがシールドをブレイクする前に、カードを1枚引く。
    このクリーチャーがシールドをブレイクする前に、相手のシールドを1つブレイクしてもよい。
  abilities:
    - keyword: double_breaker
    - trigger: {event: before_break}
      effect: [{draw: 1}]
    - trigger: {event: before_break}
      optional: true
      effect: [{break: {count: 1, player: opponent}}]
- name: 試験用の出て割る竜
  type: creature
  civilizations: [fire]
  cost: 4
  races: [アーマード・ドラゴン]
  power: 4000
  text: |-
    このクリーチャーが出た時、相手のシールドを1つブレイクする。
    このクリーチャーがシールドをブレイクする前に、カードを1枚引く。
  abilities:
    - trigger: {event: enters}
      effect: [{break: {count: 1, player: opponent}}]
    - trigger: {event: before_break}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("603.7")
def test_603_7b_a_shield_a_creatures_ability_breaks_triggers_its_before_break_ability():
    # Q: 試験用の出て割る竜 enters and breaks a shield by its ability. Does "このクリーチャーがシールドを
    # ブレイクする前に" trigger?  A: Yes (603.7: once the shield is chosen), and it resolves before the break.
    g = make(
        base(
            "A",
            "main",
            A={"hand": [{"card": "試験用の出て割る竜", "as": "d"}], "deck": 5},
            B={"shield_zone": ["filler"] * 3},
        ),
        CARDS + BEFORE_EFFECT_BREAK,
    )
    play_free(g, "d")
    g.answer(g.pending.labels[0])  # the shield to break (605.2b: its controller's choice)
    draws, breaks = event_records(g, "draw"), event_records(g, "break")
    assert len(draws) == 1 and len(breaks) == 1 and draws[0].seq < breaks[0].seq
    assert len(names(g, A, HAND)) == 1 and len(names(g, B, HAND)) == 1


@pytest.mark.dm_rules("603.7", "603.7a")
def test_603_7b_a_before_break_effect_breaking_a_shield_resolves_its_new_triggers_first():
    # The rule's example (《芸魔王将 カクメイジン》), with one creature: 試験用の割り込む竜 attacks
    # and chooses two shields; its two "before it breaks" abilities trigger (w1: draw, w2: break one
    # more). w2 resolves first and chooses a third shield, which triggers both again (w3, w4). A: w3 and
    # w4 resolve before w1 (w1 is not even offered among them) and the third shield is broken before w1
    # resolves; then w1 resolves and the two chosen first are broken.
    g = make(
        base(
            "A",
            "attack",
            A={"battle_zone": [{"card": "試験用の割り込む竜", "as": "d"}], "deck": 5},
            B={"shield_zone": ["filler"] * 5},
        ),
        CARDS + BEFORE_EFFECT_BREAK,
    )
    d = label_for(g, "d")
    g.answer(f"attack:{d}:player")
    g.answer("shield_zone:1", "shield_zone:2")
    assert g.pending.kind == "order_triggers" and len(g.pending.labels) == 2
    first_draw, first_break = g.pending.labels  # in the order they triggered
    g.answer(first_break)
    g.answer("yes")
    g.answer("shield_zone:3")  # a shield the attack did not choose
    # 603.7b: only the abilities this new choice triggered are resolved now.
    assert g.pending.kind == "order_triggers" and first_draw not in g.pending.labels
    assert len(g.pending.labels) == 2 and not event_records(g, "break")
    g.answer(g.pending.labels[1])  # the new "break one more" first: declined
    g.answer("no")
    draws, breaks = event_records(g, "draw"), event_records(g, "break")
    assert len(draws) == 2 and len(breaks) == 3
    assert draws[0].seq < breaks[0].seq < draws[1].seq < breaks[1].seq
    assert len(g.zones[(B, SHIELDS)]) == 2 and len(names(g, B, HAND)) == 3
    assert len(names(g, A, HAND)) == 2
