"""Chapter 5 of Ver.1.48, the steps of the turn and of the attack (500–512), each rule as a board of its own:
what the rule says happens, and the order it says it happens in."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, label_for, make, names, obj, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA, SHIELDS

CARDS = """
- name: 試験用の朝の引き手
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のターンのはじめに、カードを1枚引いてもよい。
  abilities:
    - trigger: {event: turn_start, player: you}
      optional: true
      effect: [{draw: 1}]
- name: 試験用の時間旅行
  type: spell
  civilizations: [water]
  cost: 1
  text: 追加ターンを得る。
  abilities:
    - spell: [{extra_turn: you}]
- name: 試験用の二重時間旅行
  type: spell
  civilizations: [water]
  cost: 1
  text: 追加ターンを2回得る。相手も追加ターンを得る。
  abilities:
    - spell: [{extra_turn: you}, {extra_turn: you}, {extra_turn: opponent}]
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
- name: 試験用の呼び込み
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 3000
  text: |-
    ブロッカー
    このクリーチャーが攻撃する時、またはブロックする時、自分の手札から《試験用の竜化》をバトルゾーンに出す。
  abilities:
    - keyword: blocker
    - trigger: {event: attacks}
      effect: [{put_into_battle_zone: {choose: 1, zone: hand, owner: you, name: 試験用の竜化}}]
    - trigger: {event: blocks}
      effect: [{put_into_battle_zone: {choose: 1, zone: hand, owner: you, name: 試験用の竜化}}]
- name: 試験用の竜の見張り
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のドラゴンが攻撃する時、またはブロックする時、カードを1枚引く。
  abilities:
    - trigger: {event: attacks, subject: {owner: you, type: creature, race: ドラゴン}}
      effect: [{draw: 1}]
    - trigger: {event: blocks, subject: {owner: you, type: creature, race: ドラゴン}}
      effect: [{draw: 1}]
- name: 試験用の攻撃後の引き手
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: このクリーチャーの攻撃の終わりに、カードを1枚引く。
  abilities:
    - trigger: {event: attack_end}
      effect: [{draw: 1}]
- name: 試験用の見物人
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 相手のクリーチャーの攻撃の終わりに、カードを1枚引く。
  abilities:
    - trigger: {event: attack_end, subject: {owner: opponent, type: creature}}
      effect: [{draw: 1}]
- name: 試験用の夜の伏兵
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [テスト]
  power: 4000
  text: 各ターンの終わりに、このクリーチャーを自分の手札からバトルゾーンに出してもよい。
  abilities:
    - trigger: {event: turn_end, player: any}
      zones: [hand]
      optional: true
      effect: [{put_into_battle_zone: this}]
- name: 試験用の夜の引き手
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 各ターンの終わりに、カードを1枚引く。
  abilities:
    - trigger: {event: turn_end, player: any}
      effect: [{draw: 1}]
- name: 試験用の伏せ門番
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [テスト]
  power: 4000
  text: 自分のクリーチャーがブロックした時、このクリーチャーを自分の手札からバトルゾーンに出してもよい。
  abilities:
    - trigger: {event: blocks, subject: {owner: you, type: creature}}
      zones: [hand]
      optional: true
      effect: [{put_into_battle_zone: this}]
- name: 試験用の門番
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
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS)


def drawers(g) -> list[str]:
    return [r.text.split()[0] for r in records(g, "event") if r.data.get("event") == "draw"]


def pass_turn(g) -> None:
    """Answer the rest of the current turn with nothing done (charge nothing, end the steps)."""
    turn = g.turn
    while g.turn == turn and g.pending is not None:
        kind = g.pending.kind
        if kind == "charge":
            g.answer("skip")
        elif kind == "main":
            g.answer("end_main")
        elif kind == "attack":
            g.answer("end_attacks")
        else:
            g.answer(*g.pending.labels[: g.pending.min or 1])


# ---- 500: the steps


@pytest.mark.dm_rules("500.1", "501.2")
def test_500_2_a_step_ends_only_once_nothing_is_resolving():
    # Q: At the start of A's turn, 試験用の朝の引き手's optional "draw a card" waits for A's answer. Has the
    # draw step (its card drawn) already happened?  A: No. The start step ends only when nothing is being
    # resolved (500.2); the draw step's card is drawn after the answer.
    g = game("B", "main", A={"battle_zone": ["試験用の朝の引き手"], "deck": 5}, B={"deck": 5})
    pass_turn(g)
    assert g.active_player == A
    assert g.pending.kind == "use_trigger" and g.pending.player == A
    assert drawers(g) == [] and g.info["step"] == "start"
    g.answer("yes")
    assert drawers(g) == ["A", "A"]  # the ability's card, then the draw step's (502.1)
    assert g.pending.kind == "charge"


def test_500_5_extra_turns_gained_in_one_turn_are_taken_one_at_a_time_after_it():
    # 試験用の時間旅行 gives A one extra turn: A takes turn 2, then B turn 3.
    g = game("A", "main", A={"hand": [{"card": "試験用の時間旅行", "as": "t"}], "deck": 9}, B={"deck": 9})
    g.inject({"play": g.info["aliases"]["t"], "free": True})
    order = []
    for _ in range(3):
        pass_turn(g)
        order.append(g.active_player)
    assert order == [A, B, A]
    # Two extra turns gained in one turn are added one at a time: A, A, then B.
    spell = """
- name: 試験用の二回時間旅行
  type: spell
  civilizations: [water]
  cost: 1
  text: 追加ターンを2回得る。
  abilities:
    - spell: [{repeat: {times: 2, effect: [{extra_turn: you}]}}]
"""
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {"hand": [{"card": "試験用の二回時間旅行", "as": "t"}], "deck": 9},
        },
        CARDS + spell,
    )
    g.inject({"play": g.info["aliases"]["t"], "free": True})
    order = []
    for _ in range(4):
        pass_turn(g)
        order.append(g.active_player)
    assert order == [A, A, B, A]


def test_500_5a_extra_turns_of_both_players_the_turn_player_first():
    # A's spell gives A two extra turns and B one, in A's turn: A's two come first (500.5a), then B's
    # extra turn and B's own turn.
    g = game("A", "main", A={"hand": [{"card": "試験用の二重時間旅行", "as": "t"}], "deck": 9}, B={"deck": 9})
    g.inject({"play": g.info["aliases"]["t"], "free": True})
    order = []
    for _ in range(5):
        pass_turn(g)
        order.append(g.active_player)
    assert order == [A, A, B, B, A]


# ---- 506 / 507: triggers see the declaration only


@pytest.mark.dm_rules("506")
def test_506_3a_a_characteristic_gained_after_the_attack_does_not_trigger_attack_abilities():
    # Q: 試験用の呼び込み (no dragon) attacks; its ability puts 試験用の竜化 into the battle zone, so it
    # becomes a dragon. Does 試験用の竜の見張り's "自分のドラゴンが攻撃する時" trigger?  A: No (506.3a).
    g = game(
        "A",
        "attack",
        A={
            "battle_zone": [{"card": "試験用の呼び込み", "as": "a"}, "試験用の竜の見張り"],
            "hand": ["試験用の竜化"],
            "deck": 5,
        },
        B={"shield_zone": ["filler"] * 3},
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    assert "試験用の竜化" in names(g, A, BATTLE)
    assert drawers(g) == []
    # Control: a creature that is a dragon when it attacks does trigger it.
    g = game(
        "A",
        "attack",
        A={
            "battle_zone": [{"card": "試験用の呼び込み", "as": "a"}, "試験用の竜の見張り", "試験用の竜化"],
            "deck": 5,
        },
        B={"shield_zone": ["filler"] * 3},
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    assert g.pending.kind == "order_triggers"
    g.answer(g.pending.labels[0])
    assert drawers(g) == ["A"]


def test_507_3b_a_characteristic_gained_after_the_block_does_not_trigger_block_abilities():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={
            "battle_zone": [{"card": "試験用の呼び込み", "as": "k"}, "試験用の竜の見張り"],
            "hand": ["試験用の竜化"],
            "shield_zone": ["filler"],
            "deck": 5,
        },
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    g.answer(f"block:{label_for(g, 'k')}")
    assert "試験用の竜化" in names(g, B, BATTLE)
    assert drawers(g) == []
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={
            "battle_zone": [{"card": "試験用の呼び込み", "as": "k"}, "試験用の竜の見張り", "試験用の竜化"],
            "shield_zone": ["filler"],
            "deck": 5,
        },
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    g.answer(f"block:{label_for(g, 'k')}")
    assert g.pending.kind == "order_triggers"
    g.answer(g.pending.labels[0])
    assert drawers(g) == ["B"]


@pytest.mark.dm_rules("507.3g", "603.2f")
def test_507_3f_the_non_turn_player_declares_block_step_abilities_after_the_turn_players_effects():
    # Q: B blocks with 試験用の門番 ("when it blocks, draw"); 試験用の伏せ門番 in B's hand may come out
    # "when your creature blocks". When is it declared?  A: After the turn player's waiting effects (507.3e),
    # when B's come up (507.3f), before B's effects resolve (507.3g).
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "試験用の攻撃後の引き手", "as": "a"}], "deck": 5},
        B={
            "battle_zone": [{"card": "試験用の門番", "as": "k"}],
            "hand": [{"card": "試験用の伏せ門番", "as": "h"}],
            "shield_zone": ["filler"],
            "deck": 5,
        },
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    g.answer(f"block:{label_for(g, 'k')}")
    assert g.pending.kind == "use_trigger" and g.pending.player == B and g.pending.rule == "603.2f"
    assert drawers(g) == []
    g.answer("yes")
    assert g.pending.kind == "order_triggers" and g.pending.player == B
    g.answer(next(label for label in g.pending.labels if label.endswith(label_for(g, "h"))))
    assert "試験用の伏せ門番" in names(g, B, BATTLE) and drawers(g) == ["B"]


@pytest.mark.dm_rules("507.2c", "510.2")
def test_507_2a_the_chosen_blocker_is_the_blocking_creature_until_the_end_of_the_attack():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "試験用の攻撃後の引き手", "as": "a"}], "deck": 5},
        B={"battle_zone": [{"card": "試験用の門番", "as": "k"}], "shield_zone": ["filler"], "deck": 5},
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    blocker = obj(g, "k")
    g.answer(f"block:{label_for(g, 'k')}")
    blocks = [r for r in records(g, "event") if r.data.get("event") == "block"]
    assert len(blocks) == 1
    assert blocker.state.get("blocking") is None  # the attack is over: no longer blocking (510.2)
    assert names(g, A, GRAVEYARD) == ["試験用の攻撃後の引き手"]  # 1000 against 3000: the blocker battled


BLOCKING_ENTRY = """
- name: 試験用の割り込み忍
  type: creature
  civilizations: [darkness]
  cost: 5
  races: [テスト]
  power: 5000
  text: |-
    相手のクリーチャーが攻撃する時、このクリーチャーを自分の手札から、ブロックしている状態でバトルゾーンに出してもよい。
    このクリーチャーがブロックした時、カードを1枚引く。
  abilities:
    - trigger: {event: attacks, subject: {owner: opponent, type: creature}}
      zones: [hand]
      optional: true
      effect: [{put_into_battle_zone: {what: this, blocking: true}}]
    - trigger: {event: blocks}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("507", "507.2c", "507.3a")
def test_507_4_a_creature_put_into_the_battle_zone_blocking_is_the_blocker_but_did_not_block():
    # Q: A's 試験用の攻撃後の引き手 attacks B; B puts 試験用の割り込み忍 from the hand into the battle zone
    # blocking. What happens?  A: It is the blocking creature (507.4): the attack is redirected to it, the
    # attacker is blocked and battles it (1000 against 5000), no shield is broken; but it did not block, so
    # no "ブロックした時" ability triggers — neither its own nor 試験用の伏せ門番's in B's hand.
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "試験用の攻撃後の引き手", "as": "a"}], "deck": 5},
            "B": {
                "hand": [{"card": "試験用の割り込み忍", "as": "n"}, "試験用の伏せ門番"],
                "shield_zone": ["filler"] * 2,
                "deck": 5,
            },
        },
        CARDS + BLOCKING_ENTRY,
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    assert g.pending.kind == "use_trigger" and g.pending.player == B
    g.answer("yes")
    assert names(g, B, BATTLE) == ["試験用の割り込み忍"]
    assert [r for r in records(g, "rule") if r.rule == "507.4" and "blocking creature" in r.text]
    assert not [r for r in records(g, "event") if r.data.get("event") in ("block", "break")]
    assert names(g, A, GRAVEYARD) == ["試験用の攻撃後の引き手"]  # it battled the 5000 creature
    assert len(g.zones[(B, SHIELDS)]) == 2 and names(g, B, HAND) == ["試験用の伏せ門番"]
    assert drawers(g) == []  # no "ブロックした時" (and the attacker, destroyed, has no attack end)
    assert obj(g, "n").state.get("blocking") is None  # the attack is over (510.2)


# ---- 509: direct attack


@pytest.mark.dm_rules("509.5a", "509.5e", "101.4b")
def test_509_5b_g_strike_is_declared_when_its_shield_is_broken_and_shown():
    # Q: 喧嘩屋タイラー breaks B's shield, とこしえの超人 (G・ストライク). When may B use it?  A: As the
    # shield is broken, before it reaches the hand (509.5b); the card is shown; then it resolves (509.5e): A's
    # attacker chosen cannot attack this turn.
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}, {"card": "喧嘩屋タイラー", "as": "t2"}]
            },
            "B": {"shield_zone": [{"card": "とこしえの超人", "as": "g"}]},
        },
        CARDS,
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "use_trigger" and g.pending.player == B and g.pending.rule == "113.6"
    assert len(g.zones[(B, SHIELDS)]) == 1 and names(g, B, HAND) == []  # still waiting in the shield zone
    g.answer("yes")
    assert [r for r in records(g, "declare") if "G・ストライク" in r.text]
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "t2"))
    assert g.pending.kind == "attack"
    assert not any(label.startswith(f"attack:{label_for(g, 't2')}") for label in g.pending.labels)
    assert names(g, B, HAND) == ["とこしえの超人"]


# ---- 510 / 511 / 512


@pytest.mark.dm_rules("510")
def test_510_1_at_the_end_of_the_attack_abilities_trigger_the_turn_players_first():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "試験用の攻撃後の引き手", "as": "a"}], "deck": 5},
        B={"battle_zone": ["試験用の見物人"], "shield_zone": ["filler"], "deck": 5},
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    assert len(names(g, B, HAND)) == 2  # the broken shield, and the card drawn at the attack's end
    assert drawers(g) == ["A", "B"]
    ends = [r.seq for r in records(g, "event") if r.data.get("event") == "attack_end"]
    draws = [r.seq for r in records(g, "event") if r.data.get("event") == "draw"]
    assert ends and all(d > ends[0] for d in draws)


@pytest.mark.dm_rules("511", "511.1", "511.1a", "511.1c", "511.1d", "511.1e", "603.2f")
def test_511_1b_end_of_turn_declarations_turn_player_first_then_the_non_turn_player():
    # Both players hold 試験用の夜の伏兵 ("各ターンの終わりに、手札から出してもよい") and A has
    # 試験用の夜の引き手 (no declaration). At the end of A's turn: A declares (511.1b), A's effects resolve
    # (511.1c: the draw); only then B declares (511.1d) and B's resolve (511.1e).
    g = game(
        "A",
        "main",
        A={
            "battle_zone": ["試験用の夜の引き手"],
            "hand": [{"card": "試験用の夜の伏兵", "as": "a"}],
            "deck": 5,
        },
        B={"hand": [{"card": "試験用の夜の伏兵", "as": "b"}], "deck": 5},
    )
    g.answer("end_main")
    if g.pending.kind == "attack":
        g.answer("end_attacks")
    assert g.pending.kind == "use_trigger" and g.pending.player == A and g.pending.rule == "603.2f"
    assert drawers(g) == []
    g.answer("yes")
    while g.pending.player == A and g.pending.kind == "order_triggers":
        g.answer(g.pending.labels[0])
    assert g.pending.kind == "use_trigger" and g.pending.player == B
    assert drawers(g) == ["A"] and "試験用の夜の伏兵" in names(g, A, BATTLE)
    g.answer("yes")
    assert "試験用の夜の伏兵" in names(g, B, BATTLE)
    assert g.active_player == B


BEFORE_BREAK = """
- name: 試験用の割る前の竜
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: |-
    W・ブレイカー
    このクリーチャーがシールドをブレイクする前に、カードを1枚引く。
  abilities:
    - keyword: double_breaker
    - trigger: {event: before_break}
      effect: [{draw: 1}]
- name: 試験用の割る前の自爆竜
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: |-
    W・ブレイカー
    このクリーチャーがシールドをブレイクする前に、このクリーチャーを破壊する。
  abilities:
    - keyword: double_breaker
    - trigger: {event: before_break}
      effect: [{destroy: this}]
- name: 試験用の割られる前の見張り
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 相手のクリーチャーがシールドをブレイクする前に、カードを1枚引く。
  abilities:
    - trigger: {event: before_break, subject: {owner: opponent, type: creature}}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("509.3", "509.4a", "509.4b", "509.5", "603.7", "603.7a")
def test_509_4_before_break_abilities_resolve_after_the_shields_are_chosen_and_before_the_break():
    # Q: 試験用の割る前の竜 attacks B (3 shields; 試験用の割られる前の見張り watches). When do the two "before
    # it breaks" abilities resolve?  A: The shields are chosen first (509.3), then A's ability resolves
    # (509.4a), then B's (509.4b), and only then are the chosen shields broken (509.5).
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "試験用の割る前の竜", "as": "d"}], "deck": 5},
            "B": {"battle_zone": ["試験用の割られる前の見張り"], "shield_zone": ["filler"] * 3, "deck": 5},
        },
        CARDS + BEFORE_BREAK,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "break" and drawers(g) == []
    g.answer("shield_zone:1", "shield_zone:2")
    assert drawers(g) == ["A", "B"]
    draws = [r.seq for r in records(g, "event") if r.data.get("event") == "draw"]
    breaks = [r.seq for r in records(g, "event") if r.data.get("event") == "break"]
    assert len(breaks) == 2 and max(draws) < min(breaks)
    assert len(g.zones[(B, SHIELDS)]) == 1 and len(names(g, B, HAND)) == 3


def test_509_4c_the_chosen_shields_are_broken_though_the_attacker_has_left():
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "試験用の割る前の自爆竜", "as": "d"}]},
            "B": {"shield_zone": ["filler"] * 3},
        },
        CARDS + BEFORE_BREAK,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    g.answer("shield_zone:1", "shield_zone:3")
    assert names(g, A, GRAVEYARD) == ["試験用の割る前の自爆竜"]
    assert len(g.zones[(B, SHIELDS)]) == 1 and len(names(g, B, HAND)) == 2


def test_509_3_no_before_break_ability_no_extra_event():
    # Without a "before it breaks" ability nothing is recorded between the choice and the break.
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {"shield_zone": ["filler"] * 2},
        },
        CARDS,
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    g.answer("shield_zone:1")
    assert not [r for r in records(g, "event") if r.data.get("event") == "before_break"]
    assert len(names(g, B, HAND)) == 1


@pytest.mark.dm_rules("512")
def test_512_1_a_card_still_pending_as_the_turn_passes_goes_to_the_graveyard_with_no_trigger():
    # A judge's board: a spell left in 保留状態 at the end of A's turn (and a creature whose summoning was
    # left held in the hand). 512.1: both go to their owner's graveyard as the turn passes; a graveyard
    # watcher does not trigger.
    from tcgrules.games.duel_masters.zones import HELD, PENDING

    watcher = """
- name: 試験用の墓守
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: カードが墓地に置かれた時、カードを1枚引く。
  abilities:
    - trigger: {event: moved, subject: any, to: graveyard}
      effect: [{draw: 1}]
"""
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [{"card": "試験用の時間旅行", "as": "s"}, {"card": "喧嘩屋タイラー", "as": "t"}],
                "battle_zone": ["試験用の墓守"],
                "deck": 5,
            },
            "B": {"deck": 5},
        },
        CARDS + watcher,
    )
    g.move_object(obj(g, "s").oid, (A, PENDING))
    obj(g, "t").state[HELD] = True
    pass_turn(g)
    assert g.active_player == B
    assert names(g, A, GRAVEYARD) == ["喧嘩屋タイラー", "試験用の時間旅行"]
    assert g.zones.get((A, PENDING), []) == [] and names(g, A, HAND) == []
    assert drawers(g) == ["B"]  # only B's draw step: the watcher saw nothing
    assert [r for r in records(g, "rule") if r.rule == "512.1"]


@pytest.mark.dm_rules("501", "105.2")
def test_501_1_the_turn_players_cards_untap_except_those_an_effect_keeps_tapped():
    frozen = """
- name: 試験用の凍結
  type: spell
  civilizations: [water]
  cost: 1
  text: 相手のクリーチャーを1体選ぶ。次の相手のターンのはじめに、そのクリーチャーはアンタップしない。
  abilities:
    - spell:
        - grant:
            what: {choose: 1, owner: opponent, type: creature}
            property: does_not_untap
            until: your_next_turn_start
"""
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {"hand": [{"card": "試験用の凍結", "as": "f"}], "deck": 5},
            "B": {
                "battle_zone": [
                    {"card": "喧嘩屋タイラー", "as": "x", "tapped": True},
                    {"card": "喧嘩屋タイラー", "as": "y", "tapped": True},
                ],
                "mana_zone": [{"card": "アクア・ビークル", "as": "m", "tapped": True}],
                "deck": 5,
            },
        },
        CARDS + frozen,
    )
    g.inject({"play": g.info["aliases"]["f"], "free": True})
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "x"))
    pass_turn(g)
    assert g.active_player == B
    assert obj(g, "x").tapped and not obj(g, "y").tapped and not obj(g, "m").tapped
    assert [r for r in records(g, "rule") if r.rule == "501.1"]


def test_501_2a_a_card_that_reaches_its_zone_during_the_start_step_does_not_trigger_until_the_next():
    # At the start of A's turn, 試験用の朝の呼び手 puts 試験用の朝の引き手 ("自分のターンのはじめに、…") into
    # the battle zone. Its ability does not trigger this start step (501.2a), only at the next one.
    caller = """
- name: 試験用の朝の呼び手
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のターンのはじめに、自分の手札から《試験用の朝の引き手》をバトルゾーンに出す。
  abilities:
    - trigger: {event: turn_start, player: you}
      effect: [{put_into_battle_zone: {choose: 1, zone: hand, owner: you, name: 試験用の朝の引き手}}]
"""
    g = make(
        {
            "turn": "B",
            "step": "main",
            "A": {"battle_zone": ["試験用の朝の呼び手"], "hand": ["試験用の朝の引き手"], "deck": 9},
            "B": {"deck": 9},
        },
        CARDS + caller,
    )
    pass_turn(g)
    assert g.active_player == A and "試験用の朝の引き手" in names(g, A, BATTLE)
    assert g.pending.kind == "charge"  # no "may draw" question this turn
    pass_turn(g)
    pass_turn(g)
    assert g.active_player == A and g.pending.kind == "order_triggers"  # the next start step: both trigger
    assert any("試験用の朝の引き手" in o.text for o in g.pending.options)


TWO_BREAKERS = """
- name: 試験用の二つのブレイカー
  type: creature
  civilizations: [fire]
  cost: 7
  races: [アーマード・ドラゴン]
  power: 9000
  text: |-
    W・ブレイカー
    T・ブレイカー
  abilities:
    - keyword: double_breaker
    - keyword: triple_breaker
"""


def test_509_2c_a_creature_with_two_breakers_breaks_with_the_one_its_player_chooses():
    # Q: 試験用の二つのブレイカー (W・ブレイカー and T・ブレイカー) attacks B (5 shields). May A break 2, or
    # 1?  A: A chooses which breaker to use: 2 or 3, never 1 (509.2c).
    def attack(choice: str | None):
        g = make(
            {
                "turn": "A",
                "step": "attack",
                "A": {"battle_zone": [{"card": "試験用の二つのブレイカー", "as": "d"}]},
                "B": {"shield_zone": ["filler"] * 5},
            },
            CARDS + TWO_BREAKERS,
        )
        g.answer(f"attack:{label_for(g, 'd')}:player")
        assert g.pending.kind == "breaker" and g.pending.rule == "509.2c" and g.pending.player == A
        assert g.pending.labels == ("breaker:2", "breaker:3")
        if choice is not None:
            g.answer(choice)
        return g

    g = attack("breaker:2")
    assert g.pending.kind == "break" and g.pending.min == g.pending.max == 2
    g.answer("shield_zone:1", "shield_zone:2")
    assert len(g.zones[(B, SHIELDS)]) == 3
    g = attack("breaker:3")
    assert g.pending.kind == "break" and g.pending.min == 3
    with pytest.raises(ValueError):
        attack(None).answer("breaker:1")


def test_509_2c_no_question_when_every_breaker_breaks_all_the_shields():
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "試験用の二つのブレイカー", "as": "d"}]},
            "B": {"shield_zone": ["filler"] * 2},
        },
        CARDS + TWO_BREAKERS,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending is None or g.pending.kind != "breaker"
    assert len(g.zones[(B, SHIELDS)]) == 0


NOT_BLOCKED = """
- name: 試験用の抜ける者
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 3000
  text: このクリーチャーが攻撃してブロックされなかった時、カードを1枚引く。
  abilities:
    - trigger: {event: not_blocked}
      effect: [{draw: 1}]
"""


def test_507_3c_attacks_and_is_not_blocked_triggers_only_when_no_blocker_was_designated():
    # Q: 試験用の抜ける者 attacks B, who has an untapped ブロッカー. Does A draw if B does not block, and if
    # B blocks?  A: Only when no blocking creature was designated (507.3c); also when none could block.
    def attack(b: dict, answer: str | None):
        g = make(
            {
                "turn": "A",
                "step": "attack",
                "A": {"battle_zone": [{"card": "試験用の抜ける者", "as": "x"}], "deck": 3},
                "B": {**b, "deck": 3},
            },
            CARDS + NOT_BLOCKED,
        )
        g.answer(f"attack:{label_for(g, 'x')}:player")
        if answer is not None:
            assert g.pending.kind == "block"
            g.answer(answer if answer == "no_block" else f"block:{label_for(g, answer)}")
        return g

    guard = {"battle_zone": [{"card": "試験用の門番", "as": "guard"}], "shield_zone": ["filler"]}
    assert drawers(attack(guard, "no_block")) == ["A"]
    assert "A" not in drawers(attack(guard, "guard"))
    assert drawers(attack({"shield_zone": ["filler"]}, None)) == ["A"]


EXTRA_CHARGE = """
- name: 試験用の二度蒔き
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 2000
  text: 自分のマナチャージステップ中、追加でカードを1枚までチャージしてもよい。
  abilities:
    - static: {extra_charges: 1}
      to: you
- name: 試験用の蒔かせぬ者
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: 相手はマナチャージできない。
  abilities:
    - static: {extra_charges: -1}
      to: opponent
"""


@pytest.mark.dm_rules("503")
def test_503_2_a_continuous_effect_changes_the_number_of_charges():
    # Q: With 試験用の二度蒔き, how many cards may A charge in the mana charge step? And opposite
    # 試験用の蒔かせぬ者?  A: Two (one more, 503.2) — asked again after the first; none at all (one fewer).
    def turn_of_a(a_battle: list[str], b_battle: list[str]):
        g = make(
            {
                "turn": "B",
                "step": "main",
                "A": {"battle_zone": a_battle, "hand": ["filler"] * 3, "deck": 5},
                "B": {"battle_zone": b_battle, "deck": 5},
            },
            CARDS + EXTRA_CHARGE,
        )
        pass_turn(g)
        assert g.active_player == A
        return g

    g = turn_of_a(["試験用の二度蒔き"], [])
    for _ in range(2):
        assert g.pending.kind == "charge"
        g.answer(next(label for label in g.pending.labels if label != "skip"))
    assert g.pending.kind == "main" and len(g.zones[(A, MANA)]) == 2
    g = turn_of_a(["試験用の二度蒔き"], [])
    g.answer(next(label for label in g.pending.labels if label != "skip"))
    g.answer("skip")  # the extra charge is optional
    assert g.pending.kind == "main" and len(g.zones[(A, MANA)]) == 1
    g = turn_of_a([], [])
    g.answer(next(label for label in g.pending.labels if label != "skip"))
    assert g.pending.kind == "main" and len(g.zones[(A, MANA)]) == 1
    g = turn_of_a([], ["試験用の蒔かせぬ者"])
    assert g.pending.kind == "main" and not g.zone((A, MANA))


END_ATTACK = """
- name: 試験用の攻撃止め
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: 相手のクリーチャーが攻撃する時、その攻撃を中止する。
  abilities:
    - trigger: {event: attacks, subject: {owner: opponent, type: creature}}
      effect: [{end_attack: {}}]
"""


@pytest.mark.dm_rules("505")
def test_505_6a_an_attacker_removed_from_its_attack_by_an_effect_ends_the_attack_at_once():
    # Q: 試験用の攻撃止め stops the attack of A's 試験用の抜ける者 on B (one shield; 試験用の門番 could
    # block). Is B asked to block, is the shield broken?  A: Neither: the attack ends at once and the
    # attack end step follows (505.6a); the attacker stays tapped and A may attack with another creature.
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "試験用の抜ける者", "as": "x"}, "喧嘩屋タイラー"], "deck": 3},
            "B": {
                "battle_zone": ["試験用の攻撃止め", "試験用の門番"],
                "shield_zone": ["filler"],
                "deck": 3,
            },
        },
        CARDS + NOT_BLOCKED + END_ATTACK,
    )
    g.answer(f"attack:{label_for(g, 'x')}:player")
    assert g.pending.kind == "attack" and g.pending.player == A
    assert len(g.zones[(B, SHIELDS)]) == 1 and obj(g, "x").tapped
    assert drawers(g) == []  # the attack ended before its block step: no "not blocked" either
    assert [r.rule for r in g.log].count("510.1") == 1  # the attack's end, once (an event if watched)
    assert not obj(g, "x").state.get("attacking")


SILENT_SKILL = """
- name: 試験用の静かな者
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: サイレントスキル：カードを1枚引く。
  abilities:
    - trigger: {event: silent_skill}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("501")
def test_501_1a_a_creature_kept_tapped_uses_its_silent_skill_after_the_others_untap():
    # Q: At the start of A's turn, A's 試験用の静かな者 is tapped. May A keep it tapped for its サイレント
    # スキル, and when does it resolve?  A: Yes (501.1a): it stays tapped, the other cards untap, then its
    # ability resolves. Untapped as usual, nothing happens.
    def start(keep: bool):
        g = make(
            {
                "turn": "B",
                "step": "main",
                "A": {
                    "battle_zone": [{"card": "試験用の静かな者", "as": "q", "tapped": True}],
                    "mana_zone": [{"card": "filler", "as": "m", "tapped": True}],
                    "deck": 5,
                },
                "B": {"deck": 5},
            },
            CARDS + SILENT_SKILL,
        )
        pass_turn(g)
        assert g.active_player == A and g.pending.kind == "silent_skill" and g.pending.rule == "501.1a"
        assert g.pending.min == 0 and drawers(g) == []
        if keep:
            g.answer(label_for(g, "q"))
        else:
            g.answer()
        return g

    g = start(True)
    assert obj(g, "q").tapped and not obj(g, "m").tapped
    assert drawers(g) == ["A", "A"]  # the サイレントスキル, then the draw step's card
    g = start(False)
    assert not obj(g, "q").tapped and drawers(g) == ["A"]


STEP_START = """
- name: 試験用の昼の引き手
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: 自分のメインステップのはじめに、カードを1枚引く。相手の攻撃ステップのはじめに、カードを1枚引く。
  abilities:
    - trigger: {event: main_step_start, player: you}
      effect: [{draw: 1}]
    - trigger: {event: attack_step_start, player: opponent}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("500.4")
def test_500_4_start_of_step_abilities_resolve_as_the_step_starts():
    # Q: When do 試験用の昼の引き手's "at the start of your main step" and "at the start of the opponent's
    # attack step" abilities resolve?  A: As those steps start, before anything is done in them (500.4):
    # A draws before A's main step asks anything; B draws when A's attack step starts, not in A's main step.
    g = make(
        {
            "turn": "B",
            "step": "main",
            "A": {"battle_zone": [{"card": "試験用の昼の引き手", "as": "w"}], "deck": 5},
            "B": {"battle_zone": ["試験用の昼の引き手"], "deck": 5},
        },
        CARDS + STEP_START,
    )
    assert drawers(g) == ["B"]  # the board is set up as B's main step starts
    g.answer("end_main")
    assert drawers(g) == ["B", "A"]  # B's attack step started: A's opponent-attack-step ability
    pass_turn(g)
    while g.pending.kind != "main":
        g.answer(*g.pending.labels[: g.pending.min or 1])
    assert drawers(g) == ["B", "A", "A", "A"]  # A's draw step, then A's main step ability
    g.answer("end_main")
    assert drawers(g) == ["B", "A", "A", "A", "B"]


DRAW_STEP_START = """
- name: 試験用の朝の捨て手
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: |-
    自分のドローステップのはじめに、カードを1枚引く。
    自分のマナチャージステップのはじめに、カードを1枚引く。
  abilities:
    - trigger: {event: draw_step_start, player: you}
      effect: [{draw: 1}]
    - trigger: {event: charge_step_start, player: you}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("500.4")
def test_500_4_draw_and_charge_step_start_abilities_resolve_before_the_draw_and_the_charge():
    g = make(
        {
            "turn": "B",
            "step": "main",
            "A": {
                "battle_zone": ["試験用の朝の捨て手"],
                "deck": [*["filler"] * 3, {"card": "アクア・ソルジャー", "as": "top"}],
            },
            "B": {"deck": 5},
        },
        CARDS + DRAW_STEP_START,
    )
    pass_turn(g)
    assert g.active_player == A and g.pending.kind == "charge"
    assert drawers(g) == ["A", "A", "A"]  # the draw step's ability, the draw, the charge step's ability
    draws = [r for r in records(g, "event") if r.data.get("event") == "draw"]
    assert "アクア・ソルジャー" in draws[0].text  # the ability drew the top card, before the draw step's draw
