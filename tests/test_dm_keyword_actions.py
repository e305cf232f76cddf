"""Events, modes and keyword actions of chapter 7 (700, 701): boards built from the rules' text."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from tcgrules.games.duel_masters.zones import BATTLE, DECK, GRAVEYARD, HAND

CARDS = """
- name: 試験用の凡兵
  type: creature
  civilizations: [nature]
  cost: 2
  races: [テスト]
  power: 2000
  text: ""
  abilities: []
- name: 試験用の必勝兵
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: |-
    このクリーチャーはバトルに勝つ。
    このクリーチャーがバトルに勝った時、カードを1枚引く。
  abilities:
    - static: {wins_battles: true}
    - trigger: {event: wins_battle}
      effect: [{draw: 1}]
- name: 試験用の勝負師
  type: creature
  civilizations: [fire]
  cost: 4
  races: [テスト]
  power: 3000
  text: このクリーチャーが出た時、ガチンコ・ジャッジする。自分が勝ったら、カードを1枚引く。
  abilities:
    - trigger: {event: enters}
      effect:
        - gachinko_judge:
            won: [{draw: 1}]
- name: 試験用の二面札
  faces:
    - name: 試験用の二面竜
      type: creature
      civilizations: [fire]
      cost: 7
      races: [テスト]
      power: 7000
      text: ""
      abilities: []
    - name: 試験用の二面呪文
      type: spell
      civilizations: [fire]
      cost: 2
      text: カードを1枚引く。
      abilities:
        - spell: [{draw: 1}]
- name: 試験用の相手選択
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手は次の中から1つ選ぶ。▶自分はカードを1枚引く。▶相手は自身のクリーチャーを1体破壊する。
  abilities:
    - spell:
        - modes:
            count: 1
            chooser: opponent
            options:
              - - draw: 1
              - - destroy: {choose: 1, owner: opponent, chooser: opponent}
- name: 試験用の透視選び
  type: spell
  civilizations: [water]
  cost: 2
  text: 自分の山札の上から2枚を表向きにし、その中からクリーチャーを1体手札に加える。残りを墓地に置く。
  abilities:
    - spell:
        - reveal: {zone: deck, owner: you, top: 2, all: true, as: shown}
        - move: {what: {choose: 1, zone: deck, owner: you, in: $shown, type: creature}, to: hand}
        - put_into_graveyard: {all: true, zone: deck, owner: you, in: $shown}
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS)


def play_free(g, alias: str) -> None:
    g.inject({"play": cid(g, alias), "free": True})


# ---- 700.2: modes


@pytest.mark.dm_rules("700.2", "700.2a", "700.2c")
def test_700_2b_a_mode_chosen_by_the_opponent_is_chosen_by_them_as_it_resolves():
    # Q: A casts 試験用の相手選択: "the opponent chooses one: A draws, or B destroys one of B's creatures".
    # Who chooses, and when?  A: B, as the spell resolves (700.2b; a spell's modes are normally chosen
    # then, 700.2a, so 700.2c gives the same moment); B's choice decides what happens.
    g = game(
        A={"hand": [{"card": "試験用の相手選択", "as": "s"}], "deck": 5},
        B={"battle_zone": [{"card": "試験用の凡兵", "as": "v"}], "deck": 5},
    )
    play_free(g, "s")
    decision = g.pending
    assert decision.kind == "choose_mode" and decision.player == B and decision.rule == "700.2a"
    assert obj(g, "s").zone[1] == "pending"  # chosen while the spell resolves
    g.answer(decision.labels[1])
    assert obj(g, "v").zone == (B, GRAVEYARD) and names(g, A, HAND) == []


def test_700_2b_the_opponent_may_choose_the_other_mode():
    g = game(
        A={"hand": [{"card": "試験用の相手選択", "as": "s"}], "deck": 5},
        B={"battle_zone": [{"card": "試験用の凡兵", "as": "v"}], "deck": 5},
    )
    play_free(g, "s")
    g.answer(g.pending.labels[0])
    assert obj(g, "v").zone == (B, BATTLE) and len(names(g, A, HAND)) == 1


# ---- 701.9: revealing


def test_701_9a_revealed_cards_stay_shown_while_the_effect_uses_them():
    # Q: 試験用の透視選び reveals the top 2 cards of A's deck and then A chooses a creature among them. While
    # A chooses, does B still see both cards?  A: Yes: they stay revealed until the parts of the effect that
    # use them are over (701.9a); they are still in the deck (701.9b) until they are moved.
    from tcgrules.games.duel_masters.views import view

    deck = ["filler", {"card": "アクア・ビークル", "as": "v"}, {"card": "試験用の凡兵", "as": "p"}]
    g = game(A={"hand": [{"card": "試験用の透視選び", "as": "s"}], "deck": deck})
    play_free(g, "s")
    assert g.pending.kind == "choose_cards" and g.pending.player == A
    seen_by_b = view(g, B).zone(A, DECK).known
    assert sorted(seen_by_b) == sorted(["アクア・ビークル", "試験用の凡兵"])
    assert obj(g, "v").zone == (A, DECK) and obj(g, "p").zone == (A, DECK)
    g.answer(label_for(g, "v"))
    assert names(g, A, HAND) == ["アクア・ビークル"] and names(g, A, GRAVEYARD) == [
        "試験用の凡兵",
        "試験用の透視選び",
    ]
    assert records(g, "reveal")


# ---- 700.5: "wins the battle"


def battle(attacker: str, defender: str):
    g = game(
        step="attack",
        A={"battle_zone": [{"card": attacker, "as": "a"}], "deck": 5},
        B={"battle_zone": [{"card": defender, "as": "d", "tapped": True}], "deck": 5},
    )
    g.answer(f"attack:{label_for(g, 'a')}:{label_for(g, 'd')}")
    while g.pending is not None and g.pending.kind != "attack":
        g.answer(*g.pending.labels[: max(1, g.pending.min)] if "none" not in g.pending.labels else ("none",))
    return g


@pytest.mark.dm_rules("700")
def test_700_5_a_creature_that_wins_the_battle_wins_whatever_the_powers():
    # Q: 試験用の必勝兵 (power 1000, "this creature wins the battle") attacks ボルシャック・ドラゴン (6000).
    # Which is destroyed?  A: ボルシャック・ドラゴン: 試験用の必勝兵 wins regardless of power (700.5), and its
    # "wins the battle" trigger sees it.
    g = battle("試験用の必勝兵", "ボルシャック・ドラゴン")
    assert obj(g, "a").zone == (A, BATTLE) and obj(g, "d").zone == (B, GRAVEYARD)
    assert len(names(g, A, HAND)) == 1


def test_700_5a_two_creatures_that_win_the_battle_both_win_and_neither_loses():
    # Q: Two 試験用の必勝兵 battle. Which is destroyed?  A: Neither: both win the battle, and no creature lost
    # it (700.5a); both "wins the battle" triggers trigger.
    g = battle("試験用の必勝兵", "試験用の必勝兵")
    assert obj(g, "a").zone == (A, BATTLE) and obj(g, "d").zone == (B, BATTLE)
    assert len(names(g, A, HAND)) == 1 and len(names(g, B, HAND)) == 1


# ---- 701.21: ガチンコ・ジャッジ


def judge(a_deck: list, b_deck: list):
    g = game(
        A={"hand": [{"card": "試験用の勝負師", "as": "j"}], "deck": a_deck},
        B={"deck": b_deck},
    )
    g.inject({"play": cid(g, "j"), "free": True})
    return g


@pytest.mark.dm_rules("701.21")
def test_701_21a_each_player_shows_the_top_card_and_puts_it_on_the_bottom():
    # Q: 試験用の勝負師 enters and does a ガチンコ・ジャッジ. What happens to the decks?  A: Each player shows
    # the top card of their deck to everyone and puts it on the bottom of that deck (701.21a).
    g = judge(
        ["filler", {"card": "ボルシャック・ドラゴン", "as": "a_top"}],
        ["filler", {"card": "アクア・ビークル", "as": "b_top"}],
    )
    [shown] = [r for r in records(g, "reveal") if r.rule == "701.21a"]
    assert "ボルシャック・ドラゴン" in shown.text and "アクア・ビークル" in shown.text
    assert g.zones[(A, DECK)][0] == obj(g, "a_top").oid  # the bottom is the first element
    assert g.zones[(B, DECK)][0] == obj(g, "b_top").oid


def test_701_21b_the_user_wins_with_a_cost_at_least_the_opponents():
    # Q: A shows ボルシャック・ドラゴン (cost 6), B shows アクア・ビークル (cost 2); then both show cost 6.
    # Does A win each time?  A: Yes: A wins with a cost equal to or more than B's (701.21b), and the won part
    # draws. Showing アクア・ビークル against ボルシャック・ドラゴン, A does not win.
    g = judge(["filler", "ボルシャック・ドラゴン"], ["filler", "アクア・ビークル"])
    assert len(names(g, A, HAND)) == 1
    tie = judge(["filler", "ボルシャック・ドラゴン"], ["filler", "ボルシャック・ドラゴン"])
    assert len(names(tie, A, HAND)) == 1
    lost = judge(["filler", "アクア・ビークル"], ["filler", "ボルシャック・ドラゴン"])
    assert names(lost, A, HAND) == []
    assert any(r.rule == "701.21b" and "does not win" in r.text for r in records(lost, "rule"))


@pytest.mark.dm_rules("201.2c")
def test_701_21c_a_card_with_two_costs_is_read_at_the_cost_its_player_chooses():
    # Q: A shows 試験用の二面札 (a twinpact: costs 7 and 2), B shows ボルシャック・ドラゴン (6). Who decides
    # which cost counts?  A: A, who showed it (701.21c): choosing 7, A wins; choosing 2, A does not. The
    # opponent likewise chooses for a twinpact they show.
    g = judge(["filler", "試験用の二面札"], ["filler", "ボルシャック・ドラゴン"])
    assert g.pending.kind == "choose_cost" and g.pending.player == A and g.pending.rule == "701.21c"
    assert g.pending.labels == ("cost:2", "cost:7")
    g.answer("cost:7")
    assert len(names(g, A, HAND)) == 1
    low = judge(["filler", "試験用の二面札"], ["filler", "ボルシャック・ドラゴン"])
    low.answer("cost:2")
    assert names(low, A, HAND) == []
    theirs = judge(["filler", "ボルシャック・ドラゴン"], ["filler", "試験用の二面札"])
    assert theirs.pending.kind == "choose_cost" and theirs.pending.player == B
    theirs.answer("cost:2")
    assert len(names(theirs, A, HAND)) == 1


# ---- 701.10 / 701.11: searching and shuffling

SEARCH_CARDS = """
- name: 試験用の探し手
  type: spell
  civilizations: [nature]
  cost: 2
  text: 自分の山札を見て、クリーチャーを1体選び、手札に加える。その後、山札をシャッフルする。
  abilities:
    - spell:
        - search: {what: {zone: deck, owner: you, type: creature, choose: 1}, to: hand}
- name: 試験用の積み込み
  type: spell
  civilizations: [water]
  cost: 2
  text: 自分の山札を見て、カードを1枚選ぶ。山札をシャッフルし、そのカードを山札の一番上に置く。
  abilities:
    - spell:
        - search: {what: {zone: deck, owner: you, choose: 1}, to: deck_top}
"""


def search_game(spell: str, deck: list):
    return make(
        {"turn": "A", "step": "main", "A": {"hand": [{"card": spell, "as": "s"}], "deck": deck}},
        CARDS + SEARCH_CARDS,
    )


def test_701_10b_a_search_for_a_kind_of_card_need_not_find_one_that_is_there():
    # Q: 試験用の探し手 looks for a creature in A's deck, and there is one. Must A take it?  A: No: looking in
    # a hidden zone for a card that meets a condition, the player need not find it even if it is there
    # (701.10b); A may choose none, and the deck is still shuffled.
    g = search_game("試験用の探し手", ["filler", {"card": "アクア・ビークル", "as": "v"}, "filler"])
    g.inject({"play": cid(g, "s"), "free": True})
    decision = g.pending
    assert decision.kind == "choose_cards" and decision.min == 0 and label_for(g, "v") in decision.labels
    g.answer()
    assert names(g, A, HAND) == [] and len(g.zones[(A, DECK)]) == 3
    assert [r for r in records(g, "event") if r.data.get("event") == "shuffle"]


@pytest.mark.dm_rules("701.11")
def test_701_11b_a_searched_card_put_on_top_is_set_aside_from_the_shuffle():
    # Q: 試験用の積み込み: A chooses a card of the deck, shuffles, and puts it on top. Does the chosen card
    # leave the deck, and is it shuffled?  A: Neither (701.11b): it is not treated as leaving the deck (no
    # move happens) and is not part of the shuffle; the rest of the deck is shuffled and it ends on top.
    deck: list = ["filler"] * 7
    deck[2] = {"card": "アクア・ビークル", "as": "v"}
    for seed in range(4):
        g = make(
            {
                "turn": "A",
                "step": "main",
                "A": {"hand": [{"card": "試験用の積み込み", "as": "s"}], "deck": deck},
            },
            CARDS + SEARCH_CARDS,
            seed=seed,
        )
        g.inject({"play": cid(g, "s"), "free": True})
        g.answer(label_for(g, "v"))
        assert g.zones[(A, DECK)][-1] == obj(g, "v").oid  # on top, the same object: it never left
        moves = [r for r in records(g, "event") if r.data.get("event") == "move"]
        assert [r.rule for r in moves] == ["302.3"]  # only the spell itself, to the graveyard
        assert len(g.zones[(A, DECK)]) == 7


# ---- 701.26c: swapping whole zones

ZONE_SWAP_CARDS = """
- name: 試験用の天地返し
  type: spell
  civilizations: [darkness]
  cost: 5
  text: 各プレイヤーは、自身の手札とマナゾーンのカードをまるごと入れ替える。
  abilities:
    - spell:
        - swap_zones: {zone: hand, with: mana_zone, player: any}
- name: 試験用の手札守り
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーが手札から離れる時、かわりに手札にとどまる。
  abilities:
    - replace: {event: moved, from: hand}
      zones: [hand]
      instead:
        - stay: event_subject
"""


def test_701_26c_swapping_two_whole_zones_is_done_even_with_one_empty_and_despite_a_card_that_stays():
    # Q: A casts 試験用の天地返し: each player exchanges their hand and mana zone. A's mana zone is empty;
    # B keeps 試験用の手札守り in the hand by its replacement. What happens?  A: The exchange is done anyway
    # (701.26c): A's hand goes to the mana zone though nothing comes back; B's mana goes to the hand and B's
    # other hand cards to the mana zone, 試験用の手札守り staying.
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {"hand": [{"card": "試験用の天地返し", "as": "s"}, "アクア・ビークル", "試験用の凡兵"]},
            "B": {
                "hand": [{"card": "試験用の手札守り", "as": "keep"}, "ボルシャック・ドラゴン"],
                "mana_zone": ["アクア・ビークル"],
            },
        },
        CARDS + ZONE_SWAP_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    assert names(g, A, "mana_zone") == ["アクア・ビークル", "試験用の凡兵"] and names(g, A, HAND) == []
    assert names(g, B, HAND) == ["アクア・ビークル", "試験用の手札守り"]
    assert names(g, B, "mana_zone") == ["ボルシャック・ドラゴン"]
    assert any(r.rule == "701.26c" for r in records(g, "rule"))


# ---- 701.14d: additional breaks

EXTRA_BREAK_CARDS = """
- name: 試験用の追加破り
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 5000
  text: |-
    このクリーチャーが出た時、相手のシールドを1つブレイクする。
    このクリーチャーは、シールドを1つ追加でブレイクする。
  abilities:
    - trigger: {event: enters}
      effect:
        - break: {count: 1, player: opponent}
    - static: {extra_breaks: 1}
"""


def extra_break_game(**a: object):
    return make(
        {
            "turn": "A",
            "step": "main",
            "A": {"deck": 5, **a},
            "B": {"shield_zone": ["filler"] * 4, "deck": 5},
        },
        CARDS + EXTRA_BREAK_CARDS,
    )


def test_701_14d_an_additional_break_adds_to_an_attacks_breaks():
    # Q: 試験用の追加破り ("breaks one additional shield") attacks B, who has 4 shields. How many are broken?
    # A: Two: its one break (509.2a) and one more (701.14d).
    g = extra_break_game(battle_zone=[{"card": "試験用の追加破り", "as": "x"}])
    g.answer("end_main")
    g.answer(f"attack:{label_for(g, 'x')}:player")
    while g.pending is not None and g.pending.kind not in ("break", "attack"):
        g.answer("none" if "none" in g.pending.labels else g.pending.labels[0])
    assert g.pending.kind == "break" and g.pending.min == 2


def test_701_14d_an_additional_break_adds_to_an_effects_breaks_too():
    # Q: 試験用の追加破り enters and its ability breaks one of B's shields. How many are broken?  A: Two: the
    # additional break applies to a break by an effect as well as by an attack (701.14d).
    g = extra_break_game(hand=[{"card": "試験用の追加破り", "as": "x"}])
    g.inject({"play": cid(g, "x"), "free": True})
    assert g.pending.kind == "choose_cards" and g.pending.min == 2
    g.answer(*g.pending.labels[:2])
    assert len(g.zones[(B, "shield_zone")]) == 2 and len(names(g, B, HAND)) == 2


# ---- 703.4i: a card of no proper type in the battle zone

PUT_ANY_CARDS = """
- name: 試験用の何でも出し
  type: spell
  civilizations: [nature]
  cost: 4
  text: 自分の手札からカードを1枚選び、バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: hand, owner: you}
"""


def test_703_4i_a_spell_put_into_the_battle_zone_goes_to_the_graveyard():
    # Q: 試験用の何でも出し puts a card of A's hand into the battle zone, and A chooses a spell
    # (試験用の相手選択). What becomes of it?  A: A face-up card without a proper type in the battle zone is
    # put into the graveyard as a state-based action (703.4i); a creature chosen instead stays.
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [
                    {"card": "試験用の何でも出し", "as": "s"},
                    {"card": "試験用の相手選択", "as": "x"},
                    {"card": "試験用の凡兵", "as": "c"},
                ],
                "deck": 5,
            },
        },
        CARDS + PUT_ANY_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    g.answer(label_for(g, "x"))
    assert obj(g, "x").zone == (A, GRAVEYARD) and names(g, A, BATTLE) == []
    assert [r for r in records(g, "event") if r.rule == "703.4i"]
    assert obj(g, "c").zone == (A, HAND)
