"""Every part of the card language has a test (docs/cards.md; issue "card language 2", item 3).

The first test enumerates the grammar's tables — filter fields, pattern fields, quantity and condition
forms, effect steps, static properties, events, keywords — and fails for a part that no test, scenario,
library card or keyword expansion uses. The tests after it give the parts that nothing else exercises a
behaviour each, on illustration cards (例示用…).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj
from tcgrules.cards import loader as L
from tcgrules.cards.vocabulary import DUEL_MASTERS as V
from tcgrules.games.duel_masters.characteristics import cost, power
from tcgrules.games.duel_masters.turn import attack_options
from tcgrules.kernel import Game
from tcgrules.kernel.errors import DefinitionError
from test_card_language import card, play_free, spell

ROOT = Path(__file__).parents[1]


def _corpus() -> str:
    tests = [
        p
        for p in (ROOT / "tests").rglob("*")
        if p.suffix in (".py", ".yaml") and p.name != Path(__file__).name
    ]
    library = list((ROOT / "src/tcgrules/games/duel_masters/cards").glob("*.yaml"))
    expansions = [ROOT / "src/tcgrules/games/duel_masters/keywords.py"]
    return "".join(p.read_text(encoding="utf-8") for p in [*tests, *library, *expansions])


def test_every_part_of_the_grammar_is_used_by_a_test_a_card_or_a_keyword() -> None:
    corpus = _corpus() + Path(__file__).read_text(encoding="utf-8").split("# -- behaviours", 1)[1]
    groups = {
        "filter": L.FILTER_FIELDS,
        "selector": (*L.WHERE_FIELDS, *L.HOW_MANY_FIELDS, *L.CHOICE_FIELDS),
        "pattern": L.PATTERN_FIELDS,
        "quantity": L.QUANTITY_FORMS,
        "condition": L.CONDITION_FORMS,
        "step": tuple(V.actions),
        "property": tuple(V.properties),
        "event": tuple(V.events),
        "keyword": tuple(V.keywords),
    }
    unused = {
        group: [
            n
            for n in parts
            if not re.search(rf"(?<![\w]){re.escape(n)}\s*:", corpus)
            and f'"{n}"' not in corpus
            and not re.search(rf"(event|keyword|property|ignore):\s*{re.escape(n)}\b", corpus)
        ]
        for group, parts in groups.items()
    }
    assert not any(unused.values()), f"parts of the grammar nothing uses: {unused}"


# -- behaviours


def test_filter_colorless_race_exact_name_contains_and_all_of() -> None:
    s = spell(
        "例示用複合破壊",
        "- destroy: {all: true, owner: opponent,"
        " all_of: [{race_exact: ヒューマノイド}, {name_contains: 標的}]}",
    )
    targets = card("例示用標的", "- keyword: blocker") + card("例示用別物", "- keyword: blocker")
    colorless = spell("例示用無色検索", "- destroy: {all: true, owner: opponent, colorless: true}")
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用複合破壊", "as": "s"}]},
            "B": {"battle_zone": ["例示用標的", "例示用別物"]},
        },
        s + targets + colorless,
    )
    play_free(game, "s")
    assert names(game, B, "battle_zone") == ["例示用別物"]  # both are ヒューマノイド; only one is named 標的
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用無色検索", "as": "c"}]},
            "B": {"battle_zone": ["例示用標的"]},
        },
        colorless + targets,
    )
    play_free(game, "c")
    assert names(game, B, "battle_zone") == ["例示用標的"]  # fire, not colorless


def test_quantities_cost_of_power_of_cards_in_and_minus() -> None:
    """そのクリーチャーのパワー/コスト/カードの枚数 and arithmetic."""
    s = spell(
        "例示用参照",
        "- tap: {choose: 1, owner: opponent, type: creature, as: t}\n"
        "- draw: {count: {minus: [{cost_of: $t}, 1]}}\n"
        "- mill: {count: {cards_in: $t}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用参照", "as": "s"}], "deck": 10},
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "t"}]},
        },
        s,
    )
    play_free(game, "s")
    assert len(game.zone((A, "hand"))) == 5  # cost 6 - 1
    assert len(game.zone((A, "graveyard"))) == 2  # the spell and one milled card (one card in that creature)
    p = card("例示用同値", "- static: {power: {power_of: {owner: opponent, type: creature}}}", power_=0)
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "例示用同値", "as": "me"}]},
            "B": {"battle_zone": ["ボルシャック・ドラゴン"]},
        },
        p,
    )
    assert power(game, obj(game, "me")) == 6000


def test_quantities_div_and_mod() -> None:
    """…ごとに (``div``, rounded down) and what is left over (``mod``): 7 cards in the graveyard are three
    pairs and one more."""
    p = card(
        "例示用ごとに",
        "- static: {power: {times: [1000, {div: [{count: {zone: graveyard, owner: you}}, 2]}]}}\n"
        "- static: {power: {mod: [{count: {zone: graveyard, owner: you}}, 2]}}",
        power_=0,
    )
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "例示用ごとに", "as": "me"}], "graveyard": ["喧嘩屋タイラー"] * 7},
        },
        p,
    )
    assert power(game, obj(game, "me")) == 3001


def test_quantity_events_counts_what_happened_this_turn() -> None:
    watcher = card(
        "例示用数える者", "- static: {power: {times: [1000, {events: {event: destroyed, subject: any}}]}}"
    )
    s = spell("例示用二体破壊", "- destroy: {all: true, owner: opponent, type: creature}")
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用数える者", "as": "w"}],
                "hand": [{"card": "例示用二体破壊", "as": "s"}],
            },
            "B": {"battle_zone": ["ボルシャック・ドラゴン", "ボルシャック・ドラゴン"]},
        },
        watcher + s,
    )
    assert power(game, obj(game, "w")) == 2000
    play_free(game, "s")
    assert power(game, obj(game, "w")) == 4000


def test_pattern_power_changed_to_at_most() -> None:
    """パワーが0以下に減らされた時 (a power change that left it at 0 or less)."""
    watcher = card(
        "例示用弱化監視",
        "- trigger: {event: power_changed, subject: {owner: opponent, type: creature}, to_at_most: 2000}\n"
        "  effect: [{draw: 1}]",
    )
    s = spell("例示用弱化", "- power: {what: {choose: 1, owner: opponent, type: creature}, add: -5000}")
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["例示用弱化監視"], "hand": [{"card": "例示用弱化", "as": "s"}], "deck": 5},
            "B": {"battle_zone": ["ボルシャック・ドラゴン"]},
        },
        watcher + s,
    )
    play_free(game, "s")
    assert len(game.zone((A, "deck"))) == 4


def test_events_tapped_untapped_and_shield_added() -> None:
    tap_watch = card("例示用タップ監視", "- trigger: {event: untapped, subject: any}\n  effect: [{draw: 1}]")
    shield_watch = card(
        "例示用盾監視", "- trigger: {event: shield_added, subject: any}\n  effect: [{draw: 1}]"
    )
    s = spell(
        "例示用起こして盾",
        "- untap: {all: true, owner: opponent, type: creature}\n"
        "- put_into_shields: {choose: 1, owner: you, zone: hand}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["例示用タップ監視", "例示用盾監視"],
                "hand": [{"card": "例示用起こして盾", "as": "s"}, "アクア・ソルジャー"],
                "deck": 5,
            },
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "tapped": True}]},
        },
        tap_watch + shield_watch + s,
    )
    play_free(game, "s")
    order = game.pending
    assert order is not None and order.kind == "order_triggers"  # both triggered (101.4a: A orders them)
    game.answer(order.labels[0])
    assert len(game.zone((A, "deck"))) == 3  # one draw for the untap, one for the new shield


def test_events_blocked_and_loses_battle() -> None:
    """ブロックされた時 / バトルに負けた時: a 1000 attacker blocked by a 2000 blocker draws twice."""
    attacker = card(
        "例示用攻撃者",
        "- trigger: {event: blocked}\n  effect: [{draw: 1}]\n"
        "- trigger: {event: loses_battle}\n  effect: [{draw: 1}]",
        power_=1000,
    )
    blocker = card("例示用壁", "- keyword: blocker")
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "例示用攻撃者", "as": "a"}], "deck": 5},
            "B": {"battle_zone": [{"card": "例示用壁", "as": "blk"}], "shield_zone": ["アクア・ソルジャー"]},
        },
        attacker + blocker,
    )
    decision = game.pending
    assert decision is not None
    game.answer(next(lbl for lbl in decision.labels if lbl.endswith(":player")))
    block = game.pending
    assert block is not None and block.kind == "block"
    game.answer(next(lbl for lbl in block.labels if lbl.startswith("block:")))
    assert len(game.zone((A, "deck"))) == 3
    assert names(game, A, "graveyard") == ["例示用攻撃者"]


def test_events_loses_game_replacement() -> None:
    """ゲームに負ける時、かわりに…: a loses_game replacement of the player who would lose (104)."""
    saver = card(
        "例示用敗北回避", "- replace: {event: loses_game, player: you}\n  instead: [{destroy: this}]"
    )
    game = make({"turn": "B", "A": {"battle_zone": [{"card": "例示用敗北回避", "as": "s"}]}}, saver)
    game.inject({"event": "lose", "player": "A"})
    assert game.result is None
    assert names(game, A, "graveyard") == ["例示用敗北回避"]
    winner = card("例示用勝利監視", "- trigger: {event: wins_game, player: any}\n  effect: [{draw: 1}]")
    assert "wins_game" in winner


def test_step_win_and_extra_turn() -> None:
    w = spell("例示用勝利", "- win: you")
    game = make({"turn": "A", "A": {"hand": [{"card": "例示用勝利", "as": "w"}]}}, w)
    play_free(game, "w")
    assert game.result is not None and game.result.winner == A
    x = spell("例示用追加ターン", "- extra_turn: you")
    game = make(
        {"turn": "A", "A": {"hand": [{"card": "例示用追加ターン", "as": "x"}], "deck": 5}, "B": {"deck": 5}},
        x,
    )
    play_free(game, "x")
    from tcgrules.games.duel_masters.counting import EXTRA_TURNS

    assert game.players_info[A][EXTRA_TURNS] == 1


def test_step_extra_turn_counts_a_quantity_and_logs_it_in_the_texts_unit() -> None:
    """「フェニックス1体につき1ターン」: ``extra_turn: {count: Q}`` adds Q turns, Q counted as the step runs;
    the log names the count in the unit the quantity counts (体 for ``count``)."""
    from tcgrules.games.duel_masters.counting import EXTRA_TURNS

    x = spell(
        "例示用追加ターン群",
        "- extra_turn: {player: you, count: {count: {owner: you, type: creature, race: ドラゴン}}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用追加ターン群", "as": "x"}],
                "battle_zone": ["ボルシャック・ドラゴン", "ボルシャック・ドラゴン", "喧嘩屋タイラー"],
                "deck": 5,
            },
            "B": {"deck": 5},
        },
        x,
    )
    play_free(game, "x")
    assert game.players_info[A][EXTRA_TURNS] == 2
    assert any("counts 2体: 2 extra turn(s)" in r.text for r in game.log)


def test_static_race_reaches_cards_in_the_deck() -> None:
    """「自分の山札にあるクロスギアはすべて、種族にフェニックスを追加する」: a static's ``to`` may name any
    zone."""
    from tcgrules.cards.schema import Filter
    from tcgrules.games.duel_masters.characteristics import matches

    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["ユニバース・ラピア"],
                "deck": [
                    "filler",
                    {"card": "ユニバース・ラピア", "as": "g"},
                    {"card": "喧嘩屋タイラー", "as": "t"},
                ],
            },
        }
    )
    phoenix = Filter(races=("フェニックス",), v2=True)
    assert matches(game, obj(game, "g"), phoenix)
    assert not matches(game, obj(game, "t"), phoenix)  # not a cross gear


def test_pattern_moved_from_a_deck_by_the_opponents_spell_drag_henge() -> None:
    """ドラグ変怪: 「相手の呪文の効果またはクリーチャーの能力によって、カードが自分の山札から離れる時、
    離れるかわりにとどまる」 — ``moved`` with a subject in your deck and ``by`` the opponent's spell or
    creature ability."""
    mill = spell("例示用相手削り", "- mill: {count: 2, player: opponent}")
    own = spell("例示用自分削り", "- mill: 2")
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用相手削り", "as": "m"}], "deck": 5},
            "B": {"battle_zone": ["ドラグ変怪"], "hand": [{"card": "例示用自分削り", "as": "o"}], "deck": 5},
        },
        mill + own,
    )
    play_free(game, "m")
    assert len(game.zone((B, "deck"))) == 5  # nothing left B's deck
    play_free(game, "o", B)
    assert len(game.zone((B, "deck"))) == 3  # B's own effect is not the opponent's


def test_pattern_keyword_is_only_for_keyword_used() -> None:
    """``keyword`` names which keyword's ability was used; with any other event it is an error."""
    import pytest

    from tcgrules.kernel import DefinitionError

    with pytest.raises(DefinitionError, match="'keyword' goes with 'event: keyword_used'"):
        text = "- trigger: {event: attacks, keyword: ninja_strike}\n  effect: [{draw: 1}]"
        make({}, card("例示用誤用", text))


def test_static_not_creature_while_a_condition_holds_jabrad() -> None:
    """邪龍 ジャブラッド: 「自分の闇のクリーチャーまたは闇のタマシードが合計4つ以上なければ、…
    クリーチャーとして扱わない」 — ``static: {not_creature: true}`` with an ``if`` comparing a count."""
    from tcgrules.games.duel_masters import characteristics as ch

    game = make(
        {"turn": "A", "A": {"battle_zone": [{"card": "邪龍 ジャブラッド", "as": "j"}, "暗黒の騎士ザガーン"]}}
    )
    assert not ch.is_creature(game, obj(game, "j"))  # two darkness elements
    many = ["暗黒の騎士ザガーン"] * 3
    game = make({"turn": "A", "A": {"battle_zone": [{"card": "邪龍 ジャブラッド", "as": "j"}, *many]}})
    assert ch.is_creature(game, obj(game, "j"))  # four, itself included


def test_selector_in_two_zones_chosen_by_the_opponent_wedding() -> None:
    """「祝」の頂 ウェディング: 「相手はバトルゾーンの自身のクリーチャーまたは自身の手札から合計4枚選び、
    シールド化する」 — one selector over two zones, chosen by the opponent."""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "「祝」の頂 ウェディング", "as": "w"}],
                "mana_zone": ["アクア・ビークル"] * 11,
            },
            "B": {"battle_zone": ["喧嘩屋タイラー", "アクア・ビークル"], "hand": ["filler"] * 3},
        }
    )
    game.inject({"play": cid(game, "w")})
    while game.pending is not None and game.pending.kind != "choose_cards":
        game.answer(game.pending.options[0].label)
    assert game.pending is not None and game.pending.player == B and len(game.pending.options) == 5
    game.answer(*[o.label for o in game.pending.options[:4]])
    assert len(game.zone((B, "shield_zone"))) == 4
    assert len(game.zone((B, "battle_zone"))) + len(game.zone((B, "hand"))) == 1


def test_step_choose_by_each_owner_then_move_the_rest_crymax_jaouga() -> None:
    """CRYMAX ジャオウガ: 「各プレイヤーは自身のシールドゾーンにあるカードを3枚ずつ選び、残りを墓地に置く」 —
    ``choose`` with ``chooser: owner`` (the turn player first), then ``not: $kept``."""
    keeper = spell(
        "例示用三つずつ",
        "- choose: {zone: shield_zone, owner: any, choose: 3, chooser: owner, as: kept}\n"
        "- put_into_graveyard: {zone: shield_zone, owner: any, all: true, not: $kept}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用三つずつ", "as": "j"}], "shield_zone": ["filler"] * 5},
            "B": {"shield_zone": ["filler"] * 4},
        },
        keeper,
    )
    play_free(game, "j")
    assert game.pending is not None and game.pending.player == A and game.pending.max == 3
    game.answer(*[o.label for o in game.pending.options[:3]])
    assert game.pending is not None and game.pending.player == B and len(game.pending.options) == 4
    game.answer(*[o.label for o in game.pending.options[1:]])
    assert len(game.zone((A, "shield_zone"))) == 3 and len(game.zone((B, "shield_zone"))) == 3
    assert len(game.zone((A, "graveyard"))) == 2 + 1 and len(game.zone((B, "graveyard"))) == 1  # + the spell


def test_put_into_battle_zone_under_the_opponents_control_yorinari_gyou() -> None:
    """The邪悪 寄成ギョウ: 「クリーチャーを1体、相手の墓地から選んでもよい。そうしたら、相手はそれを
    タップして出す」 — ``put_into_battle_zone`` with ``controller: opponent``."""
    s = spell(
        "例示用相手が出す",
        "- put_into_battle_zone: {what: {up_to: 1, zone: graveyard, owner: opponent, type: creature},"
        " tapped: true, controller: opponent}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用相手が出す", "as": "s"}]},
            "B": {"graveyard": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        },
        s,
    )
    play_free(game, "s")
    game.answer(f"c{cid(game, 't')}")
    back = obj(game, "t")
    assert back.zone == (B, "battle_zone") and back.controller == B and back.tapped


def test_step_choose_number_then_draw_that_many() -> None:
    s = spell("例示用数字", "- choose_number: {max: 3, as: n}\n- draw: {count: {number: n}}")
    game = make({"turn": "A", "A": {"hand": [{"card": "例示用数字", "as": "s"}], "deck": 5}}, s)
    play_free(game, "s")
    assert game.pending is not None and game.pending.labels == ("0", "1", "2", "3")
    game.answer("2")
    assert len(game.zone((A, "deck"))) == 3


def test_step_continuous_reaches_creatures_that_arrive_later_and_ends() -> None:
    """このターン、自分のクリーチャーすべてに…: a continuous effect whose scope is read continuously."""
    s = spell(
        "例示用全体強化",
        "- continuous: {ability: {static: {power: 3000}, to: {owner: you, type: creature}},"
        " until: end_of_turn}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用全体強化", "as": "s"}, {"card": "アクア・ビークル", "as": "later"}]
            },
        },
        s,
    )
    play_free(game, "s")
    play_free(game, "later")
    assert power(game, obj(game, "later")) == 1000 + 3000


def test_step_continuous_with_a_power_comparison_to_this_golfantasista() -> None:
    """首領竜 ゴルファンタジスタ: 「次の自分のターンのはじめまで、自分はこのクリーチャーよりパワーが小さい
    クリーチャーに攻撃されない」 — a continuous static on the opponent's creatures whose power is less than
    ``power_of: this``, read continuously, until the start of its controller's next turn."""
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "首領竜 ゴルファンタジスタ", "as": "g"}], "deck": 5},
            "B": {
                "battle_zone": [
                    {"card": "喧嘩屋タイラー", "as": "small"},
                    {"card": "ボルシャック・ドラゴン", "as": "big"},
                ],
                "deck": 5,
            },
        }
    )
    play_free(game, "g")
    from tcgrules.games.duel_masters import characteristics as ch

    assert ch.flag(game, obj(game, "small"), "cannot_attack_players")
    assert ch.flag(game, obj(game, "big"), "cannot_attack_players")  # 6000 < 25000 too
    game.inject({"event": "power", "target": "big", "amount": 30000})
    assert not ch.flag(game, obj(game, "big"), "cannot_attack_players")  # now stronger: it may attack
    assert not ch.flag(game, obj(game, "g"), "cannot_attack_players")  # only the opponent's creatures


def test_properties_cannot_be_attacked_attack_players_at_once_and_ignores() -> None:
    wall = card("例示用攻撃されない", "- static: {cannot_be_attacked: true}")
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": ["ボルシャック・ドラゴン"]},
            "B": {"battle_zone": [{"card": "例示用攻撃されない", "tapped": True}]},
        },
        wall,
    )
    labels = [o.label for o in attack_options(game, A)]
    assert not any(lbl.count(":") == 2 and not lbl.endswith(":player") for lbl in labels)
    rush = card("例示用即攻撃", "- static: {attack_players_at_once: true}")
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "例示用即攻撃", "sick": True}]},
            "B": {"battle_zone": [{"card": "アクア・ビークル", "tapped": True}]},
        },
        rush,
    )
    labels = [o.label for o in attack_options(game, A)]
    assert any(lbl.endswith(":player") for lbl in labels)
    assert not any(lbl.count(":") == 2 and not lbl.endswith(":player") for lbl in labels)  # players only
    free = card("例示用無視", "- keyword: cannot_attack_players\n- static: {ignores: cannot_attack_players}")
    game = make({"turn": "A", "step": "attack", "A": {"battle_zone": ["例示用無視"]}}, free)
    assert any(o.label.endswith(":player") for o in attack_options(game, A))


@pytest.mark.dm_rules("110.1")
def test_property_ignores_own_cannot_attack_players_frees_only_the_creatures_own_abilities() -> None:
    """「そのクリーチャーが持つ相手プレイヤーを攻撃できない能力を無視する」 (赤翼の精霊エルラ・ルージュ,
    公式Q&A qa/42045): ``ignores_own_cannot_attack_players`` — the creature's own
    「相手プレイヤーを攻撃できない」 and 「攻撃できない」 abilities do not stop an attack on the player;
    another card's 「…は攻撃できない」 effect still does, and its own 「攻撃できない」 still keeps it from
    attacking creatures."""
    lord = card(
        "例示用自分の制限を無視させる者",
        "- static: {ignores_own_cannot_attack_players: true}\n"
        "  to: {owner: you, type: creature, other: true}",
    )
    warden = card(
        "例示用攻撃を封じる者",
        "- static: {cannot_attack_players: true}\n  to: {owner: opponent, type: creature, race: 例示用}",
    )
    own = card("例示用攻撃できない者", "- keyword: cannot_attack")
    players_only = card("例示用プレイヤーを攻撃できない者", "- keyword: cannot_attack_players")
    cards = lord + warden + own + players_only
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [
                    "例示用自分の制限を無視させる者",
                    {"card": "例示用攻撃できない者", "as": "own"},
                    {"card": "例示用プレイヤーを攻撃できない者", "as": "po"},
                    {"card": "喧嘩屋タイラー", "as": "tyler"},
                ]
            },
            "B": {"battle_zone": [{"card": "アクア・ビークル", "tapped": True, "as": "foe"}]},
        },
        cards,
    )
    labels = {o.label for o in attack_options(game, A)}
    own_l, po_l, foe_l = label_for(game, "own"), label_for(game, "po"), label_for(game, "foe")
    assert f"attack:{own_l}:player" in labels and f"attack:{own_l}:{foe_l}" not in labels
    assert f"attack:{po_l}:player" in labels and f"attack:{po_l}:{foe_l}" in labels
    # another card's effect is no ability of the creature: not ignored (B's warden names ヒューマノイド)
    blocked = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": ["例示用自分の制限を無視させる者", {"card": "喧嘩屋タイラー", "as": "tyler"}]
            },
            "B": {"battle_zone": ["例示用攻撃を封じる者"]},
        },
        cards.replace("race: 例示用", "race: ヒューマノイド"),
    )
    assert f"attack:{label_for(blocked, 'tyler')}:player" not in {o.label for o in attack_options(blocked, A)}


def test_602_3a_a_tap_ability_is_used_instead_of_attacking_and_not_with_summoning_sickness() -> None:
    """■ タップ：カードを1枚引く — offered in the attack step beside the attacks; the creature taps (the
    activation, 602.2) and the effect runs; a creature that could not attack is not offered it."""
    tapper = card("例示用タップ能力", "- tap_ability:\n    - draw: 1")
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [
                    {"card": "例示用タップ能力", "as": "t"},
                    {"card": "例示用タップ能力", "as": "s", "sick": True},
                ],
                "deck": 5,
            },
        },
        tapper,
    )
    from dm_helpers import cid

    decision = game.pending
    assert decision is not None and decision.kind == "attack"
    assert f"tap_ability:c{cid(game, 't')}" in decision.labels
    assert f"tap_ability:c{cid(game, 's')}" not in decision.labels  # summoning sickness (602.3a)
    game.answer(f"tap_ability:c{cid(game, 't')}")
    assert obj(game, "t").tapped
    assert len(game.zone((A, "hand"))) == 1
    after = game.pending
    assert after is not None and f"tap_ability:c{cid(game, 't')}" not in after.labels  # tapped now


@pytest.mark.dm_rules("602.1", "602.2", "602.3")
def test_602_an_activated_ability_is_used_by_tapping_its_card_at_its_time_while_its_condition_holds() -> None:
    """``activated`` (「…このカードをタップしてもよい。そうしたら、…」): in the battle zone by default,
    offered in the main step (``when: main_step``) while its ``if`` holds and the card is untapped;
    tapping the card is the activation, the effect a separate event (602.2); a ``main_step`` ability is
    not offered in the attack step, where a ``before_attacks`` one (攻撃の前に) is, until the turn's first
    attack."""
    main_only = card(
        "例示用起動",
        "- activated:\n    - draw: 1\n  if: {at_least: [{count: {zone: mana_zone, owner: you}}, 2]}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用起動", "as": "u"},
                    {"card": "例示用起動", "as": "t", "tapped": True},
                ],
                "mana_zone": ["ホーリー・スパーク", "ホーリー・スパーク"],
                "deck": 3,
            },
        },
        main_only,
    )
    decision = game.pending
    assert decision is not None and decision.kind == "main"
    assert f"activate:c{cid(game, 'u')}" in decision.labels
    assert f"activate:c{cid(game, 't')}" not in decision.labels  # tapped: it cannot be tapped (105.6)
    game.answer(f"activate:c{cid(game, 'u')}")
    assert obj(game, "u").tapped and len(game.zone((A, "hand"))) == 1
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "例示用起動", "as": "u"}], "mana_zone": ["ホーリー・スパーク"]},
        },
        main_only,
    )
    assert game.pending is not None and f"activate:c{cid(game, 'u')}" not in game.pending.labels  # its if
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "例示用起動", "as": "u"}],
                "mana_zone": ["ホーリー・スパーク"] * 2,
            },
        },
        main_only,
    )
    assert game.pending is not None and game.pending.kind == "attack"
    assert f"activate:c{cid(game, 'u')}" not in game.pending.labels  # when: main_step (the default)
    early = card("例示用攻撃前", "- activated:\n    - draw: 1\n  when: before_attacks")
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "例示用攻撃前", "as": "e"}], "deck": 2},
        },
        early,
    )
    assert game.pending is not None and f"activate:c{cid(game, 'e')}" in game.pending.labels


def test_602_an_activated_ability_names_a_known_time() -> None:
    bad = card("例示用不正起動", "- activated:\n    - draw: 1\n  when: end_of_turn")
    with pytest.raises(DefinitionError, match="unknown time 'end_of_turn'; expected one of before_attacks"):
        make({"turn": "A"}, bad)


def test_continuous_until_next_use_this_turn_ends_when_its_controller_uses_a_card() -> None:
    """このターン中、次にカードを使う時、そのコストを3少なくする: ``continuous`` with ``until:
    next_use_this_turn`` — every card of its controller costs less until they use one (this use pays the
    reduced cost); then it ends (and at the end of the turn otherwise); ``min: 0`` lets a cost reach 0."""
    from tcgrules.games.duel_masters import characteristics as ch

    s = spell(
        "例示用次の使用",
        "- continuous:\n"
        "    ability:\n"
        "      static: {cost: -3}\n"
        "      to: {zone: hand, owner: you}\n"
        "      min: 0\n"
        "    until: next_use_this_turn",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用次の使用", "as": "s"},
                    {"card": "ボルシャック・ドラゴン", "as": "b"},
                    {"card": "アクア・ソルジャー", "as": "q"},
                ],
                "mana_zone": ["ボルシャック・ドラゴン"] * 3,
            },
        },
        s,
    )
    play_free(game, "s")  # a free use made the effect; it was not that use's
    assert ch.cost(game, obj(game, "b")) == 3 and ch.cost(game, obj(game, "q")) == 0  # 6 - 3, 3 - 3
    game.answer(label_for(game, "b").join(("summon:", "")))
    assert obj(game, "b").zone == (A, "battle_zone") and all(
        o.tapped for o in game.objects_in((A, "mana_zone"))
    )
    assert ch.cost(game, obj(game, "q")) == 3  # the use took it: over


@pytest.mark.dm_rules("501.1")
def test_a_turn_event_is_its_controllers_turn_unless_the_pattern_names_a_player() -> None:
    """自分のターンのはじめに: ``{event: turn_start}`` without ``player`` is ``player: you`` (docs/cards.md);
    ``player: opponent`` is the opponent's turn."""
    mine = card("例示用自ターン", "- trigger: {event: turn_start}\n  effect: [{draw: 1}]")
    theirs = card(
        "例示用相手ターン", "- trigger: {event: turn_start, player: opponent}\n  effect: [{draw: 1}]"
    )
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["例示用自ターン", "例示用相手ターン"], "deck": 5},
            "B": {"deck": 5},
        },
        mine + theirs,
    )
    game.answer("end_main")
    game.answer("end_attacks")  # B's turn begins: only 例示用相手ターン draws for A
    assert len(game.zone((A, "hand"))) == 1


@pytest.mark.dm_rules("701.9")
def test_reveal_until_reveals_from_the_top_until_a_card_matches_and_saves_it() -> None:
    """自分の山札の上から…が出るまで表向きにし: ``reveal_until`` reveals the deck's cards one at a time from
    the top until one matches, saves it (``found``) and leaves the revealed ones in the deck; with none
    matching, every card is revealed and nothing is saved."""
    s = spell(
        "例示用出るまで",
        "- reveal_until: {until: {type: spell}, found: found}\n- move: {what: $found, to: hand}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用出るまで", "as": "s"}],
                "deck": [
                    {"card": "ホーリー・スパーク", "as": "deep"},
                    {"card": "火炎流星弾", "as": "spell"},
                    {"card": "屑男", "as": "top"},
                ],
            },
        },
        s,
    )
    play_free(game, "s")
    assert obj(game, "spell").zone == (A, "hand")  # the first spell from the top
    assert obj(game, "top").zone == (A, "deck") and obj(game, "deep").zone == (A, "deck")
    game = make(
        {"turn": "A", "A": {"hand": [{"card": "例示用出るまで", "as": "s"}], "deck": ["屑男", "屑男"]}}, s
    )
    play_free(game, "s")
    assert names(game, A, "hand") == [] and len(game.zone((A, "deck"))) == 2  # none: nothing moved


@pytest.mark.dm_rules("200.3a", "603.2c")
def test_put_under_adds_a_card_to_a_creature_and_cards_became_sees_its_count_change() -> None:
    """このクリーチャーの下に置く: ``put_under`` puts the card at the bottom of the creature's object (one
    more of its cards, 200.3a); ``{event: cards_became, count: Q}`` triggers when the number of its cards
    becomes Q — up or down — and not for a creature that is already at Q when first seen (603.2c)."""
    s = spell(
        "例示用下に置く",
        "- put_under:\n"
        "    what: {zone: hand, owner: you, choose: 1}\n"
        "    under: {choose: 1, owner: you, type: creature}",
    )
    watcher = card("例示用二枚", "- trigger: {event: cards_became, count: 2}\n  effect: [{draw: 1}]")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用下に置く", "as": "s"}, {"card": "屑男", "as": "h"}],
                "battle_zone": [{"card": "例示用二枚", "as": "w"}],
                "deck": 3,
            },
        },
        s + watcher,
    )
    play_free(game, "s")
    w = obj(game, "w")
    assert w.cards == [cid(game, "w"), cid(game, "h")] and w.top == cid(game, "w")  # at the bottom
    assert len(game.zone((A, "hand"))) == 1  # one card to two: it drew
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用二枚", "as": "w", "under": [{"card": "屑男", "as": "u1"}]},
                    {"card": "例示用二枚", "as": "v", "under": [{"card": "屑男", "as": "v1"}, "屑男"]},
                ],
                "deck": 3,
            },
        },
        watcher,
    )
    assert game.zone((A, "hand")) == []  # two cards from the start: no trigger (603.2c)
    game.inject({"event": "move_card", "target": "v1", "to": "graveyard"})
    assert len(game.zone((A, "hand"))) == 1  # three to two: down counts too


def test_cards_became_needs_its_count_and_the_count_needs_the_event() -> None:
    bad = card("例示用枚数なし", "- trigger: {event: cards_became}\n  effect: [{draw: 1}]")
    with pytest.raises(DefinitionError, match="'count' goes with 'event: cards_became', which needs it"):
        make({"turn": "A"}, bad)


def test_a_granted_trigger_keyword_works_as_if_printed() -> None:
    """このターン、「スレイヤー」を得る: the granted スレイヤー triggers after the battle and destroys the
    creature it battled."""
    s = spell(
        "例示用スレイヤー付与", "- grant: {what: {choose: 1, owner: you, type: creature}, keyword: slayer}"
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用スレイヤー付与", "as": "s"}],
                "battle_zone": [{"card": "アクア・ビークル", "as": "v"}],
            },
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "big", "tapped": True}]},
        },
        s,
    )
    play_free(game, "s")
    game.inject({"attack": "v", "target": "big"})
    assert "ボルシャック・ドラゴン" in names(game, B, "graveyard")  # slain though it won the battle


def test_selector_least_and_most_keep_the_extreme_objects_ties_included() -> None:
    """パワーが一番小さいクリーチャー (a tie: the chooser chooses among the tied) / コストが最も大きい."""
    weakest = spell("例示用最弱破壊", "- destroy: {choose: 1, type: creature, least: power}")
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用最弱破壊", "as": "s"}], "battle_zone": ["追跡の使徒ローク"]},
            "B": {"battle_zone": ["アクア・ビークル", "ボルシャック・ドラゴン"]},
        },
        weakest,
    )
    play_free(game, "s")  # 1000 is the least power of the battle zone: no choice to make
    assert names(game, B, "battle_zone") == ["ボルシャック・ドラゴン"]
    assert names(game, A, "battle_zone") == ["追跡の使徒ローク"]
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用最弱破壊", "as": "s"}], "battle_zone": ["アクア・ビークル"]},
            "B": {"battle_zone": ["アクア・ビークル", "ボルシャック・ドラゴン"]},
        },
        weakest,
    )
    play_free(game, "s")
    assert game.pending is not None and len(game.pending.options) == 2  # the two 1000s are tied
    costly = spell("例示用最高額", "- return_to_hand: {all: true, type: creature, most: cost}")
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用最高額", "as": "s"}], "battle_zone": ["追跡の使徒ローク"]},
            "B": {"battle_zone": ["ボルシャック・ドラゴン", "ボルシャック・ドラゴン", "アクア・ビークル"]},
        },
        costly,
    )
    play_free(game, "s")
    assert names(game, B, "hand") == ["ボルシャック・ドラゴン", "ボルシャック・ドラゴン"]
    assert names(game, B, "battle_zone") == ["アクア・ビークル"]


def test_pattern_how_shield_trigger_sees_only_a_use_by_its_shield_trigger() -> None:
    """S・トリガーで唱えた時: the `cast` of a spell used by its S・トリガー, not one cast from the hand."""
    watcher = card(
        "例示用盾見張り",
        "- trigger: {event: cast, subject: {owner: you, type: spell}, how: shield_trigger}\n"
        "  effect: [{draw: 1}]",
    )
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": ["例示用盾見張り"], "shield_zone": ["Vacuum Gel"]},
            "B": {"battle_zone": [{"card": "不死身男爵ボーグ", "as": "borg"}]},
        },
        watcher,
    )
    game.answer("end_main")
    game.answer(f"attack:{label_for(game, 'borg')}:player")
    while game.pending is not None and game.pending.player == A:
        game.answer("yes" if "yes" in game.pending.labels else game.pending.labels[0])
    assert names(game, A, "hand") == ["filler"] and names(game, A, "graveyard") == ["Vacuum Gel"]
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["例示用盾見張り"], "hand": [{"card": "Vacuum Gel", "as": "gel"}]},
        },
        watcher,
    )
    play_free(game, "gel")
    assert names(game, A, "hand") == []


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        ("- trigger: {event: destroyed, target: player}\n  effect: [{draw: 1}]", "'target' goes with"),
        (
            "- spell: [{destroy: {all: true, total_at_most: {power: 8000}}}]",
            "'total_at_most' bounds a choice",
        ),
        ("- spell: [{destroy: {choose: 1, least: power, most: cost}}]", "write one of 'least' and 'most'"),
        ("- spell: [{destroy: {choose: 1, least: race}}]", "least"),
        ("- spell: [{destroy: {choose: 1, in: linked}}]", "$name), event.subject, attached or linked_shield"),
        ("- keyword: king_cells\n  cells: []", "expected a list of names"),
        ("- keyword: king_cells\n  cells: 新世界王の権威", "expected a list of names"),
        ("- replace: {event: discarded, once_per_batch: true}\n  instead: [{draw: 1}]", "with a trigger"),
        (
            "- static: {power: 1000}\n"
            "  if: {happened: {event: discarded, subject: any, once_per_batch: true}}",
            "'once_per_batch' goes with a trigger",
        ),
        ("- trigger: {event: discarded}\n  effect: [{draw: {count: {batch: shields}}}]", "expected one of"),
    ],
)
def test_the_new_parts_refuse_what_they_cannot_mean(ability: str, message: str) -> None:
    bad = "\n".join(
        [
            "- name: 例示用誤り",
            "  type: spell",
            "  civilizations: [fire]",
            "  cost: 1",
            "  text: (illustration)",
            "  abilities:",
            *("    " + line for line in ability.splitlines()),
        ]
    )
    with pytest.raises(DefinitionError, match=re.escape(message)):
        L.load_text(bad, "<test>", V)


def test_property_must_be_chosen_by_opponent_if_able() -> None:
    """相手は可能ならこのクリーチャーを選ぶ: the opponent's "choose 1" takes it; their "up to 2" may choose
    none, but a choice of some must include it; its controller's own choice is free (Wiki「可能ならこの
    クリーチャーを選ぶ」, Q&A 2023-10-20)."""
    import pytest

    from tcgrules.kernel import IllegalActionError

    decoy = card("例示用おとり", "- static: {must_be_chosen_by_opponent: true}")
    kill = spell("例示用一体破壊", "- destroy: {choose: 1, owner: opponent, type: creature}")
    bounce = spell("例示用二体戻し", "- return_to_hand: {up_to: 2, type: creature}")
    own = spell("例示用自軍破壊", "- destroy: {choose: 1, owner: you, type: creature}")
    cards = decoy + kill + bounce + own
    board = {
        "turn": "A",
        "A": {"hand": [{"card": "例示用一体破壊", "as": "k"}, {"card": "例示用二体戻し", "as": "b"}]},
        "B": {
            "battle_zone": [{"card": "例示用おとり", "as": "decoy"}, {"card": "喧嘩屋タイラー", "as": "t"}],
            "hand": [{"card": "例示用自軍破壊", "as": "own"}],
        },
    }
    game = make(board, cards)
    play_free(game, "k")
    assert names(game, B, "graveyard") == ["例示用おとり"]  # chosen without asking: the only choice allowed
    game = make(board, cards)
    play_free(game, "b")
    decision = game.pending
    assert decision.kind == "choose_cards" and decision.min == 0 and decision.max == 2
    decoy_label = next(o.label for o in decision.options if "例示用おとり" in o.text)
    other_label = next(o.label for o in decision.options if "喧嘩屋タイラー" in o.text)
    with pytest.raises(IllegalActionError):
        game.answer(other_label)
    assert game.pending is decision  # refused before anything changed
    game.answer(decoy_label, other_label)
    assert sorted(names(game, B, "hand")) == sorted(["例示用おとり", "喧嘩屋タイラー", "例示用自軍破壊"])
    game = make({**board, "turn": "B"}, cards)
    play_free(game, "own", B)
    assert game.pending.kind == "choose_cards" and game.pending.player == B  # its controller chooses freely


def test_step_move_shuffled_puts_the_cards_on_the_deck_bottom_in_random_order() -> None:
    """墓地をシャッフルし、山札の一番下に置く: ``move`` with ``shuffled: true`` — the game's seeded generator
    orders the cards (701.11), so the order varies with the seed; without it, it never does."""
    import pytest

    from tcgrules.kernel import DefinitionError

    def bottom_orders(shuffled: bool) -> set[tuple[str, ...]]:
        flag = ", shuffled: true" if shuffled else ""
        s = spell(
            "例示用墓地戻し",
            f"- move: {{what: {{all: true, zone: graveyard, owner: you}}, to: deck_bottom{flag}}}",
        )
        orders = set()
        for seed in range(8):
            game = make(
                {
                    "turn": "A",
                    "A": {
                        "hand": [{"card": "例示用墓地戻し", "as": "s"}],
                        "graveyard": ["屑男", "琥珀草", "喧嘩屋タイラー", "アクア・ソルジャー"],
                        "deck": 1,
                    },
                },
                s,
                seed=seed,
            )
            play_free(game, "s")
            while game.pending is not None and game.pending.kind == "choose_order":  # 401.4 without shuffled
                game.answer(game.pending.labels[0])
            deck = [game.objects[o] for o in game.zone((A, "deck"))]
            assert len(deck) == 5
            orders.add(tuple(game.cards[o.top].name for o in deck[:4]))
        return orders

    assert len(bottom_orders(True)) > 1
    assert len(bottom_orders(False)) == 1
    with pytest.raises(DefinitionError, match="'shuffled' goes with"):
        make(
            {}, spell("例示用誤用", "- move: {what: {all: true, zone: graveyard}, to: hand, shuffled: true}")
        )


def test_pattern_any_of_is_one_ability_watching_two_events_sharing_its_once_per_turn() -> None:
    """各ターンに一度、自分のクリーチャーが出た時、または自分が呪文を唱えた時: ``any_of`` matches what any of
    its patterns matches; it is one ability, so ``once_per_turn`` counts both events together."""
    watcher = card(
        "例示用二択監視",
        "- trigger:\n"
        "    any_of:\n"
        "      - {event: enters, subject: {owner: you, type: creature, other: true}}\n"
        "      - {event: cast, subject: {owner: you, type: spell}}\n"
        "  once_per_turn: true\n"
        "  effect: [{draw: 1}]",
    )
    s = spell("例示用空呪文", "- draw: {count: 0}")
    board = {
        "turn": "A",
        "A": {
            "battle_zone": ["例示用二択監視"],
            "hand": [{"card": "例示用空呪文", "as": "s"}, {"card": "喧嘩屋タイラー", "as": "t"}],
            "deck": 5,
        },
    }
    game = make(board, watcher + s)
    play_free(game, "s")
    assert len(game.zone((A, "deck"))) == 4  # the cast matched
    play_free(game, "t")
    assert len(game.zone((A, "deck"))) == 4  # the creature entering matched too, but once a turn
    game = make(board, watcher + s)
    play_free(game, "t")
    assert len(game.zone((A, "deck"))) == 4  # the other pattern alone


@pytest.mark.dm_rules("603.4")
def test_603_4_an_optional_once_per_turn_trigger_declined_is_not_spent() -> None:
    """各ターンに一度、…てもよい (「正義星帝」 <ライオネル.Star>'s, 公式Q&A): ``once_per_turn`` with
    ``optional`` — a player who says no at the first trigger has not used it, and may at the next; once used,
    it triggers no more that turn."""
    watcher = card(
        "例示用一度だけ任意",
        "- trigger: {event: enters, subject: {owner: you, type: creature, other: true}}\n"
        "  once_per_turn: true\n  optional: true\n  effect: [{draw: 1}]",
    )
    board = {
        "turn": "A",
        "A": {
            "battle_zone": ["例示用一度だけ任意"],
            "hand": [{"card": "喧嘩屋タイラー", "as": f"t{i}"} for i in range(3)],
            "deck": 5,
        },
    }
    game = make(board, watcher)
    play_free(game, "t0")
    assert game.pending is not None and game.pending.kind == "use_trigger"
    game.answer("no")
    play_free(game, "t1")
    assert game.pending is not None and game.pending.kind == "use_trigger"  # not used yet: asked again
    game.answer("yes")
    assert len(game.zone((A, "deck"))) == 4
    play_free(game, "t2")
    assert game.pending is None or game.pending.kind != "use_trigger"  # used this turn
    assert len(game.zone((A, "deck"))) == 4


def test_pattern_face_up_a_card_put_face_up_into_the_shield_zone() -> None:
    """このクリーチャーが表向きでシールドゾーンに置かれた時: ``face_up: true`` — the card is face up where the
    event put it; put there face down, it does not trigger."""
    shielded = card(
        "例示用表盾",
        "- trigger: {event: moved, to: shield_zone, face_up: true}\n  zones: [shield_zone]\n"
        "  effect: [{draw: 1}]",
    )
    for face_up, drawn in ((True, 1), (False, 0)):
        flag = ", face_up: true" if face_up else ""
        s = spell(
            "例示用盾送り", f"- move: {{what: {{choose: 1, zone: hand, owner: you}}, to: shield_zone{flag}}}"
        )
        game = make(
            {"turn": "A", "A": {"hand": [{"card": "例示用盾送り", "as": "s"}, "例示用表盾"], "deck": 5}},
            shielded + s,
        )
        play_free(game, "s")
        assert len(game.zone((A, "deck"))) == 5 - drawn


def test_condition_extra_turn_is_true_during_an_extra_turn_only() -> None:
    """追加ターン中でなければ: ``{extra_turn: false}``; ``{extra_turn: true}`` during an extra turn."""
    from tcgrules.cards.schema import Condition
    from tcgrules.games.duel_masters.language.conditions import holds
    from tcgrules.games.duel_masters.language.scope import Scope

    x = spell("例示用追加", "- extra_turn: you")
    game = make(
        {"turn": "A", "A": {"hand": [{"card": "例示用追加", "as": "x"}], "deck": 5}, "B": {"deck": 5}}, x
    )
    during = Condition("extra_turn", True)
    assert not holds(game, Scope(A, None), during)
    play_free(game, "x")
    game.answer("end_main")
    game.answer("end_attacks")
    assert game.active_player == A and holds(game, Scope(A, None), during)
    assert not holds(game, Scope(A, None), Condition("extra_turn", False))


def test_step_skip_rest_of_turn_ends_the_turn_with_no_end_of_turn_trigger() -> None:
    """このターンの残りをとばす: the next turn begins at once; 「このターン」 effects end (511.2) and the
    turn's 「ターンの終わりに」 abilities do not trigger (the steps up to the end are skipped)."""
    s = spell(
        "例示用時止め",
        "- power: {what: {choose: 1, owner: you, type: creature}, add: 3000, until: end_of_turn}\n"
        "- skip_rest_of_turn: {}",
    )
    watcher = card("例示用終端監視", "- trigger: {event: turn_end, player: you}\n  effect: [{draw: 1}]")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用時止め", "as": "s"}],
                "battle_zone": [{"card": "例示用終端監視", "as": "w"}],
                "deck": 5,
            },
            "B": {"deck": 5},
        },
        s + watcher,
    )
    play_free(game, "s")
    assert game.active_player == B and game.pending is not None and game.pending.kind == "charge"
    assert len(game.zone((A, "deck"))) == 5  # A's turn-end trigger never fired
    assert power(game, obj(game, "w")) == 2000  # the +3000 "this turn" ended with the turn


def test_a_card_put_into_the_mana_zone_from_the_hand_untaps_itself() -> None:
    """このカードを自分の手札からマナゾーンに置いた時、アンタップする: a multicoloured card enters the mana
    zone tapped (a rule); a ``moved`` trigger from the hand to the mana zone, working there, untaps
    ``this``."""
    two_colours = """
- name: 例示用の二色札
  type: creature
  civilizations: [water, darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: このカードを自分の手札からマナゾーンに置いた時、アンタップする。
  abilities:
    - trigger: {event: moved, from: hand, to: mana_zone}
      zones: [mana_zone]
      effect: [{untap: this}]
- name: 例示用の無効二色札
  type: creature
  civilizations: [water, darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: (none)
  abilities: []
"""
    s = spell("例示用マナ送り", "- put_into_mana: {all: true, zone: hand, owner: you}")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用マナ送り", "as": "s"}, {"card": "例示用の二色札", "as": "c"}],
                "battle_zone": [],
            },
        },
        s + two_colours,
    )
    play_free(game, "s")
    assert obj(game, "c").zone == (A, "mana_zone") and not obj(game, "c").tapped
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用マナ送り", "as": "s"}, {"card": "例示用の無効二色札", "as": "c"}]},
        },
        s + two_colours,
    )
    play_free(game, "s")
    assert obj(game, "c").zone == (A, "mana_zone") and obj(game, "c").tapped


@pytest.mark.dm_rules("303.3c")
def test_filter_crossed_reads_both_sides_of_a_cross() -> None:
    """クロスしている: a creature a gear is crossed to, and a gear crossed to a creature (DM-15)."""
    s = spell(
        "例示用クロス判定",
        "- put_into_graveyard: {all: true, owner: opponent, type: cross_gear, crossed: false}\n"
        "- destroy: {all: true, owner: opponent, type: creature, crossed: true}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用クロス判定", "as": "s"}]},
            "B": {
                "battle_zone": [
                    {"card": "Bubble Lamp", "as": "crossed"},
                    {"card": "Faerie Scoop", "as": "gear", "equipped_to": "crossed"},
                    "Hustle Ball Tribe",
                    "Patrial Flame",
                ]
            },
        },
        s,
    )
    play_free(game, "s")
    assert sorted(names(game, B, "battle_zone")) == ["Faerie Scoop", "Hustle Ball Tribe"]
    assert sorted(names(game, B, "graveyard")) == ["Bubble Lamp", "Patrial Flame"]


def _two_crosses(spell_name: str, text: str, *others: str) -> Game:
    """A spell in A's hand; on B's side Faerie Scoop crossed to Bubble Lamp, Patrial Flame crossed to Hustle
    Ball Tribe, and ``others``; the spell cast for free."""
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": spell_name, "as": "s"}]},
            "B": {
                "battle_zone": [
                    {"card": "Bubble Lamp", "as": "lamp"},
                    {"card": "Faerie Scoop", "as": "on_lamp", "equipped_to": "lamp"},
                    {"card": "Hustle Ball Tribe", "as": "tribe"},
                    {"card": "Patrial Flame", "as": "on_tribe", "equipped_to": "tribe"},
                    *others,
                ]
            },
        },
        spell(spell_name, text),
    )
    play_free(game, "s")
    return game


@pytest.mark.dm_rules("303.3a")
def test_filter_crossed_to_names_the_gears_of_the_described_creatures() -> None:
    """…にクロスされているクロスギア: only the gear crossed to a creature the selector describes."""
    game = _two_crosses(
        "例示用クロス先",
        "- put_into_graveyard:\n"
        "    {all: true, type: cross_gear, crossed_to: {type: creature, name: Bubble Lamp}}",
        "Powered Mask",
    )
    assert sorted(names(game, B, "graveyard")) == ["Faerie Scoop"]


@pytest.mark.dm_rules("303.3a")
def test_filter_crossed_by_names_the_creatures_the_described_gears_are_crossed_to() -> None:
    """the creature a cross gear is crossed to: only the creature of the gear the selector describes."""
    game = _two_crosses(
        "例示用クロス元",
        "- return_to_hand:\n"
        "    {all: true, type: creature, crossed_by: {type: cross_gear, name: Faerie Scoop}}",
        "Pirates, the Invoked",
        "Faerie Scoop",
    )
    assert names(game, B, "hand") == ["Bubble Lamp"]


@pytest.mark.dm_rules("603.5c", "303.5")
def test_crossing_of_an_object_that_left_is_read_as_it_left() -> None:
    """Last-known crossing: a triggered ability on a creature or gear leaving the battle zone sees it as it
    was crossed (603.5c), though a gear stays crossed to nothing once its creature has left (303.5) — the
    `crossed` filter of a pattern's subject, `crossed_to` and `crossed_by` on a departed object in the
    effect."""
    watcher = card(
        "例示用クロス見張り",
        "- trigger: {event: destroyed, subject: {owner: you, type: creature, crossed: true}}\n"
        "  effect:\n"
        "    - put_into_graveyard: {all: true, type: cross_gear, crossed_to: event.subject}\n"
        "- trigger: {event: leaves, subject: {owner: opponent, type: cross_gear}}\n"
        "  effect:\n"
        "    - destroy: {all: true, type: creature, crossed_by: event.subject}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    "例示用クロス見張り",
                    {"card": "Bubble Lamp", "as": "crossed"},
                    {"card": "Faerie Scoop", "as": "gear", "equipped_to": "crossed"},
                    {"card": "Bubble Lamp", "as": "bare"},
                    {"card": "Patrial Flame", "as": "kept"},
                ]
            },
            "B": {
                "battle_zone": [
                    {"card": "Hustle Ball Tribe", "as": "tribe"},
                    {"card": "Faerie Scoop", "as": "their_gear", "equipped_to": "tribe"},
                    {"card": "Hustle Ball Tribe", "as": "other"},
                ]
            },
        },
        watcher,
    )
    game.inject({"event": "destroy", "target": "bare"})  # crossed with nothing: no trigger
    assert obj(game, "gear").zone == (A, "battle_zone")
    game.inject({"event": "destroy", "target": "crossed"})  # crossed as it left: its gear goes
    assert obj(game, "gear").zone == (A, "graveyard") and obj(game, "kept").zone == (A, "battle_zone")
    game.inject({"event": "move", "target": "their_gear", "to": "hand"})  # the creature it was crossed to
    assert obj(game, "tribe").zone == (B, "graveyard") and obj(game, "other").zone == (B, "battle_zone")
    # a trigger's condition, read as it resolves (603.4), sees the departed creature as it left too
    counter = card(
        "例示用クロス条件",
        "- trigger: {event: destroyed, subject: {owner: opponent, type: creature}}\n"
        "  if: {exists: {type: cross_gear, crossed_to: event.subject}}\n"
        "  effect:\n"
        "    - draw: 1",
    )
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["例示用クロス条件"], "deck": 5},
            "B": {
                "battle_zone": [
                    {"card": "Hustle Ball Tribe", "as": "tribe"},
                    {"card": "Faerie Scoop", "as": "their_gear", "equipped_to": "tribe"},
                    {"card": "Hustle Ball Tribe", "as": "other"},
                ]
            },
        },
        counter,
    )
    game.inject({"event": "destroy", "target": "other"})
    assert names(game, A, "hand") == []
    game.inject({"event": "destroy", "target": "tribe"})
    assert len(names(game, A, "hand")) == 1
    # elsewhere a card that left is crossed to nothing: the gear that stayed is no longer crossed
    s = spell("例示用クロス後", "- put_into_graveyard: {all: true, type: cross_gear, crossed: true}")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用クロス後", "as": "s"}],
                "battle_zone": [
                    {"card": "Bubble Lamp", "as": "crossed"},
                    {"card": "Faerie Scoop", "as": "gear", "equipped_to": "crossed"},
                ],
            },
        },
        s,
    )
    game.inject({"event": "move", "target": "crossed", "to": "hand"})
    play_free(game, "s")
    assert obj(game, "gear").zone == (A, "battle_zone")


def _cross_board(lord: str, mana: int) -> tuple[Game, str, str]:
    """例示用 ``lord`` beside Bubble Lamp and an uncrossed Glorious Heaven's Arm (cost 3, light), with
    ``mana`` light cards in the mana zone: the game, and the labels of crossing the Arm to the lord and to
    the Lamp."""
    game = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "battle_zone": [
                    {"card": "例示用クロス係", "as": "lord"},
                    {"card": "Bubble Lamp", "as": "lamp"},
                    {"card": "Glorious Heaven's Arm", "as": "arm"},
                ],
                "mana_zone": ["Uranus, the Paladin"] * mana,
            },
        },
        card("例示用クロス係", lord),
    )
    arm = label_for(game, "arm")
    return game, f"cross:{arm}:{label_for(game, 'lord')}", f"cross:{arm}:{label_for(game, 'lamp')}"


def _tapped_mana(game: Game) -> int:
    return sum(game.objects[o].tapped for o in game.zones[(A, "mana_zone")])


@pytest.mark.dm_rules("303.3b")
def test_property_cross_cost_changes_the_cost_to_cross_with_its_floor_and_cost_does_not() -> None:
    """クロスするコスト: ``cross_cost`` changes the cost paid again to cross (303.3b), never below ``min``
    (default 1); ``cost`` — the cost to generate — leaves it as printed."""
    game, _, to_lamp = _cross_board(
        "- static: {cross_cost: -5}\n  to: {owner: you, type: cross_gear}\n  min: 2", 4
    )
    game.answer(to_lamp)
    assert _tapped_mana(game) == 2  # 3 - 5, but never below 2
    game, _, to_lamp = _cross_board("- static: {cross_cost: 1}\n  to: {owner: you, type: cross_gear}", 3)
    assert to_lamp not in game.pending.labels  # 4 to pay, 3 mana
    game, _, to_lamp = _cross_board("- static: {cost: -2}\n  to: {owner: you, type: cross_gear}", 4)
    game.answer(to_lamp)
    assert _tapped_mana(game) == 3  # the cost to generate is changed, the cost to cross is not


@pytest.mark.dm_rules("303.3b")
def test_property_cross_free_crosses_onto_that_creature_for_no_cost() -> None:
    """クロスギアをコストを支払わずにこのクリーチャーにクロスしてもよい: ``cross_free`` on a creature — a gear
    crossed to it pays nothing (no mana needed); crossed to another creature it pays as usual."""
    game, to_lord, to_lamp = _cross_board("- static: {cross_free: true}", 0)
    assert to_lord in game.pending.labels and to_lamp not in game.pending.labels
    game.answer(to_lord)
    assert power(game, obj(game, "lord")) == 5000  # +3000: crossed
    game, to_lord, to_lamp = _cross_board("- static: {cross_free: true}", 3)
    game.answer(to_lamp)
    assert _tapped_mana(game) == 3


def test_step_continuous_gives_a_trigger_whose_event_subject_is_its_own() -> None:
    """「このターン、自分のクリーチャーが攻撃する時、そのクリーチャーのパワーを+3000する」: the effect fixes
    what it chose as it resolves (608.2b), but in the trigger it gives 「そのクリーチャー」
    (`in: event.subject`) is the attacker of that trigger's own event — not the spell's (none)."""
    s = spell(
        "例示用攻撃時強化",
        "- continuous:\n"
        "    ability:\n"
        "      static: {ability: {trigger: {event: attacks}, effect: [{power: {what: {all: true,"
        " in: event.subject}, add: 3000, until: end_of_turn}}]}}\n"
        "      to: {owner: you, type: creature}\n"
        "    until: end_of_turn",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用攻撃時強化", "as": "s"}],
                "battle_zone": [
                    {"card": "アクア・ビークル", "as": "x"},
                    {"card": "アクア・ビークル", "as": "y"},
                ],
            },
            "B": {"shield_zone": ["アクア・ソルジャー"]},
        },
        s,
    )
    play_free(game, "s")
    game.answer("end_main")
    game.answer(f"attack:{label_for(game, 'x')}:player")
    while game.pending is not None and game.pending.kind != "attack":
        game.answer(game.pending.labels[-1])
    assert power(game, obj(game, "x")) == 1000 + 3000  # the attacker
    assert power(game, obj(game, "y")) == 1000


@pytest.mark.dm_rules("506.1b")
def test_506_1b_a_filter_a_static_gives_other_objects_reads_this_as_the_giving_card() -> None:
    """「相手のクリーチャーは可能ならこのクリーチャーを攻撃する」: ``must_attack_target: {not: {other:
    true}}`` given by a static with ``to`` — the receiving attacker reads the filter, but its ``this`` is the
    card whose static it is, not the attacker (Bodacious Giant, DM-10)."""
    decoy = card(
        "例示用囮",
        "- static: {must_attack_target: {not: {other: true}}}\n  to: {owner: opponent, type: creature}",
    )
    game = make(
        {
            "turn": "B",
            "step": "attack",
            "A": {
                "battle_zone": [
                    {"card": "例示用囮", "as": "decoy", "tapped": True},
                    {"card": "アクア・ビークル", "as": "other", "tapped": True},
                ]
            },
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "attacker"}]},
        },
        decoy,
    )
    labels = [o.label for o in attack_options(game, B) if o.label.startswith("attack:")]
    assert labels == [f"attack:{label_for(game, 'attacker')}:{label_for(game, 'decoy')}"]


@pytest.mark.dm_rules("701.9")
def test_701_9_reveal_until_reveals_from_the_top_until_a_described_card_and_saves_them_all() -> None:
    """…が出るまで山札の上から表向きにする: the cards are revealed one at a time from the top until one the
    ``until`` filter describes; all of them (that one included) are saved for the next steps, the cards
    under it stay unrevealed in the deck. With none there, the whole deck is revealed."""
    s = spell(
        "例示用公開",
        "- reveal_until: {player: opponent, until: {type: spell}, as: shown}\n"
        "- move: {what: {zone: deck, owner: opponent, in: $shown, all: true}, to: hand}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用公開", "as": "s"}]},
            "B": {
                "deck": [
                    {"card": "アクア・ビークル", "as": "bottom"},
                    {"card": "デーモン・ハンド", "as": "spell"},
                    {"card": "アクア・ソルジャー", "as": "top"},
                ]
            },
        },
        s,
    )
    play_free(game, "s")
    assert sorted(names(game, B, "hand")) == sorted(["アクア・ソルジャー", "デーモン・ハンド"])
    assert names(game, B, "deck") == ["アクア・ビークル"]
    assert cid(game, "spell") in game.known and cid(game, "bottom") not in game.known
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用公開", "as": "s"}]},
            "B": {"deck": ["アクア・ビークル"] * 2},
        },
        s,
    )
    play_free(game, "s")
    assert names(game, B, "hand") == ["アクア・ビークル"] * 2  # no spell: the whole deck was revealed


def test_filter_has_trigger_matches_a_printed_triggered_ability_on_that_event() -> None:
    """「サイレントスキル」を持つ (an ability word, written as a trigger on its event): ``has_trigger: EVENT``
    matches a card whose face has a triggered ability on that event, in the battle zone or elsewhere."""
    s = spell("例示用能力語破壊", "- destroy: {all: true, owner: opponent, has_trigger: silent_skill}")
    quiet = card("例示用静者", "- trigger: {event: silent_skill}\n  effect: [{draw: 1}]")
    loud = card("例示用出者", "- trigger: {event: enters}\n  effect: [{draw: 1}]")
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用能力語破壊", "as": "s"}]},
            "B": {"battle_zone": ["例示用静者", "例示用出者", "アクア・ビークル"]},
        },
        s + quiet + loud,
    )
    play_free(game, "s")
    assert names(game, B, "graveyard") == ["例示用静者"]
    assert sorted(names(game, B, "battle_zone")) == sorted(["例示用出者", "アクア・ビークル"])


@pytest.mark.dm_rules("506.1")
def test_filter_attacked_names_the_creature_the_current_attack_is_against() -> None:
    """攻撃されている: as its attack trigger resolves, only the creature being attacked matches (another
    tapped creature of the same player does not), and ``attacked: false`` names the others."""
    hunter = card(
        "例示用攻撃先焼き",
        "- trigger: {event: attacks}\n"
        "  effect:\n"
        "  - power: {what: {all: true, type: creature, attacked: false, other: true}, add: 1000,"
        " until: end_of_turn}\n"
        "  - put_into_graveyard: {all: true, type: creature, attacked: true}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用攻撃先焼き", "as": "x"}, {"card": "Cragsaur", "as": "mine"}]
            },
            "B": {
                "battle_zone": [
                    {"card": "Cragsaur", "as": "target", "tapped": True},
                    {"card": "Scowling Tomato", "as": "bystander", "tapped": True},
                ]
            },
        },
        hunter,
    )
    game.answer("end_main")
    game.answer(f"attack:{label_for(game, 'x')}:{label_for(game, 'target')}")
    assert names(game, B, "graveyard") == ["Cragsaur"] and names(game, B, "battle_zone") == [
        "Scowling Tomato"
    ]
    assert power(game, obj(game, "bystander")) == 3000 and power(game, obj(game, "mine")) == 4000


@pytest.mark.dm_rules("506.1a")
def test_filter_can_attack_names_the_creatures_an_attack_could_be_declared_with() -> None:
    """攻撃できる: an untapped creature there since before this turn can attack; a tapped one, one put there
    this turn (summoning sickness, 301.5) and one that can't attack cannot — ``can_attack: false``."""
    s = spell(
        "例示用攻撃可能判定",
        "- put_into_graveyard: {all: true, owner: you, type: creature, can_attack: true}\n"
        "- return_to_hand: {all: true, type: creature, can_attack: false}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用攻撃可能判定", "as": "s"}],
                "battle_zone": [
                    {"card": "Cragsaur", "as": "able"},
                    {"card": "Cragsaur", "as": "sick", "sick": True},
                    {"card": "Cragsaur", "as": "tapped", "tapped": True},
                    {"card": "マリン・フラワー", "as": "flower"},
                ],
            },
            "B": {"battle_zone": [{"card": "Scowling Tomato", "as": "theirs"}]},
        },
        s,
    )
    play_free(game, "s")
    assert names(game, A, "graveyard") == ["Cragsaur", "例示用攻撃可能判定"]
    assert names(game, A, "hand") == ["Cragsaur", "Cragsaur", "マリン・フラワー"]
    assert names(game, B, "battle_zone") == ["Scowling Tomato"]


@pytest.mark.dm_rules("501.1a")
def test_filter_has_trigger_names_the_creatures_with_a_triggered_ability_of_that_event() -> None:
    """「サイレントスキル」を持つ: ``has_trigger: silent_skill`` names a creature with a silent skill, not one
    whose triggered ability is of another event, nor one with none."""
    s = spell("例示用能力判定", "- destroy: {all: true, type: creature, has_trigger: silent_skill}")
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用能力判定", "as": "s"}]},
            "B": {"battle_zone": ["Venom Capsule", "Spark Chemist, Shadow of Whim", "Cragsaur"]},
        },
        s,
    )
    play_free(game, "s")
    assert names(game, B, "graveyard") == ["Venom Capsule"]
    assert names(game, B, "battle_zone") == ["Cragsaur", "Spark Chemist, Shadow of Whim"]


@pytest.mark.dm_rules("700.3")
def test_property_cannot_be_tapped_by_opponent_forbids_only_the_opponents_taps() -> None:
    """相手は…をタップできない: the opponent's spell taps B's other creatures but not those the static covers
    (here through ``to``: the card and B's other creature), while B's own spell taps them all."""
    guard = card(
        "例示用タップ守り",
        "- static: {cannot_be_tapped_by_opponent: true}\n  to: {owner: you, type: creature, other: true}",
    )
    tapper = spell("例示用総タップ", "- tap: {all: true, type: creature}")
    for caster in ("A", "B"):
        board = {"battle_zone": [{"card": "例示用タップ守り", "as": "g"}, {"card": "Cragsaur", "as": "c"}]}
        spec = {"turn": caster, "A": {}, "B": board}
        spec[caster] = {**spec[caster], "hand": [{"card": "例示用総タップ", "as": "s"}]}
        game = make(spec, guard + tapper)
        play_free(game, "s")
        assert obj(game, "g").tapped and obj(game, "c").tapped is (caster == "B")


WEAPON = """
- name: 例示用装備強化剣
  type: dragheart_weapon
  civilizations: [fire]
  cost: 2
  text: (illustration)
  abilities:
    - static: {power: 4000}
      to: {in: attached, race: ドラグナー}
"""


def test_filter_in_attached_is_the_creature_this_weapon_is_equipped_to_if_it_matches() -> None:
    """「これを装備したクリーチャーがドラグナーなら、そのクリーチャーのパワーを+4000する」 (`in: attached`):
    the equipped creature gets it only while it matches the rest of the filter; no other creature does."""
    dragnar = CREATURE_WITH_RACE.format(name="例示用ドラグナー", race="ドラグナー")
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用ドラグナー", "as": "d"},
                    {"card": "例示用ドラグナー", "as": "other"},
                    {"card": "アクア・ビークル", "as": "plain"},
                    {"card": "例示用装備強化剣", "as": "w1", "equipped_to": "d"},
                    {"card": "例示用装備強化剣", "as": "w2", "equipped_to": "plain"},
                ]
            },
        },
        WEAPON + dragnar,
    )
    assert power(game, obj(game, "d")) == 2000 + 4000
    assert power(game, obj(game, "other")) == 2000  # a ドラグナー, but not equipped with it
    assert power(game, obj(game, "plain")) == 1000  # equipped, but no ドラグナー


CREATURE_WITH_RACE = """
- name: {name}
  type: creature
  civilizations: [fire]
  cost: 2
  races: [{race}]
  power: 2000
  text: (illustration)
  abilities: []
"""


def test_property_power_multiplied_applies_after_increases_and_doubling() -> None:
    """パワーを3倍にする (206.4): after every increase (+1000) and after doubling; several multiply."""
    tripled = card(
        "例示用三倍",
        "- static: {power: 1000}\n- static: {power_multiplied: 3}",
    )
    doubler = card(
        "例示用倍化",
        "- static: {power_doubled: true}\n  to: {owner: you, type: creature, name: 例示用三倍}",
    )
    game = make({"turn": "A", "A": {"battle_zone": [{"card": "例示用三倍", "as": "t"}]}}, tripled + doubler)
    assert power(game, obj(game, "t")) == (2000 + 1000) * 3
    game = make(
        {"turn": "A", "A": {"battle_zone": [{"card": "例示用三倍", "as": "t"}, "例示用倍化"]}},
        tripled + doubler,
    )
    assert power(game, obj(game, "t")) == (2000 + 1000) * 2 * 3


def test_property_power_multiplied_by_zero_lets_the_state_based_check_destroy() -> None:
    """A power multiplied by 0 is 0: the creature is destroyed (703.4c)."""
    nothing = card("例示用零倍", "- static: {power_multiplied: 0}\n  to: {owner: opponent, type: creature}")
    game = make(
        {"turn": "A", "A": {"battle_zone": ["例示用零倍"]}, "B": {"battle_zone": ["アクア・ビークル"]}},
        nothing,
    )
    assert names(game, B, "graveyard") == ["アクア・ビークル"]


def test_pattern_how_free_sees_what_enters_without_a_cost_paid_for_it() -> None:
    """相手がコストを支払わずにクリーチャーを出した時: a summon for free and a creature an effect puts into
    the battle zone trigger it; a summon paying its cost does not."""
    watcher = card(
        "例示用踏み倒し見張り",
        "- trigger: {event: enters, subject: {owner: opponent, type: creature}, how: free}\n"
        "  effect: [{draw: 1}]",
    )
    putter = spell(
        "例示用出す呪文", "- put_into_battle_zone: {choose: 1, zone: hand, owner: you, type: creature}"
    )
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": ["例示用踏み倒し見張り"], "deck": 5},
            "B": {
                "hand": [
                    {"card": "アクア・ビークル", "as": "paid"},
                    {"card": "アクア・ビークル", "as": "free"},
                    {"card": "例示用出す呪文", "as": "s"},
                    {"card": "アクア・ビークル", "as": "put"},
                ],
                "mana_zone": ["アクア・ビークル", "アクア・ビークル", "アクア・ビークル"],
            },
        },
        watcher + putter,
    )
    game.answer(f"summon:{label_for(game, 'paid')}")
    assert obj(game, "paid").zone == (B, "battle_zone") and names(game, A, "hand") == []
    play_free(game, "free", B)
    assert names(game, A, "hand") == ["filler"]
    play_free(game, "s", B)
    assert obj(game, "put").zone == (B, "battle_zone") and names(game, A, "hand") == ["filler", "filler"]


def test_event_untapped_sees_the_untap_step() -> None:
    """「自分のクリーチャーがアンタップした時」 triggers on the untaps of its controller's untap step too
    (501.1; the wiki on 《闘将銀河城 ハートバーン》: a dragon untapped at the start of the turn meets its
    龍解), once for each creature that was tapped — not for one that was already untapped, nor for a
    creature card of the mana zone (`zone: battle_zone`: for an event that moves nothing, the zone the
    object is in)."""
    watcher = card(
        "例示用起床見張り",
        "- trigger: {event: untapped, subject: {zone: battle_zone, owner: you, type: creature}}\n"
        "  effect: [{draw: 1}]",
    )
    game = make(
        {
            "turn": "B",
            "A": {
                "battle_zone": [
                    "例示用起床見張り",
                    {"card": "アクア・ビークル", "as": "t1", "tapped": True},
                    {"card": "アクア・ビークル", "as": "t2", "tapped": True},
                ],
                "mana_zone": [{"card": "アクア・ビークル", "tapped": True}],
                "deck": 5,
            },
        },
        watcher,
    )
    game.answer("end_main")
    while game.pending is not None and game.pending.player == B:
        game.answer(game.pending.labels[-1])
    while game.pending is not None and game.pending.kind == "order_triggers":
        game.answer(game.pending.labels[0])
    assert not obj(game, "t1").tapped and not obj(game, "t2").tapped
    assert len(names(game, A, "hand")) == 2 + 1  # one draw per creature untapped, then the turn's draw


EXTRA_EX_LIFE = """
- name: 例示用エクストラEXライフ
  type: creature
  civilizations: [fire]
  cost: 1
  power: 1000
  text: エクストラEXライフ
  abilities:
  - keyword: extra_ex_life
"""


def test_keyword_extra_ex_life_links_two_shields_and_selector_in_linked_shield_chooses_one_of_them() -> None:
    """エクストラEXライフ: two shields from the deck, linked (``link_shield`` of two, ``linked_shield``);
    leaving, one of them (``in: linked_shield``) goes to the graveyard instead, then the other, then it
    leaves."""
    from tcgrules.games.duel_masters.shield_force import linked_shields

    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用エクストラEXライフ", "as": "x"}], "deck": ["filler"] * 8},
        },
        EXTRA_EX_LIFE,
    )
    play_free(game, "x")
    assert len(linked_shields(game, obj(game, "x").oid)) == 2 and len(game.zones[(A, "shield_zone")]) == 2
    for left in (1, 0):
        game.inject({"event": "destroy", "target": "x"})
        if game.pending is not None and game.pending.kind == "choose_cards":
            game.answer(game.pending.options[0].label)
        assert obj(game, "x").zone == (A, "battle_zone") and len(game.zones[(A, "shield_zone")]) == left
    game.inject({"event": "destroy", "target": "x"})
    assert obj(game, "x").zone == (A, "graveyard")


def test_filter_types_zero_dragon_and_king_cell() -> None:
    """``type: zero_dragon`` (零龍カード: a card of a 零龍 set, whichever face) and ``type: king_cell``."""
    from tcgrules.cards.schema import Filter
    from tcgrules.games.duel_masters import characteristics as ch

    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "手札の儀／零龍（MZ2）", "as": "nebula"},
                    {"card": "新世界王の権威", "as": "cell"},
                    {"card": "アクア・ソルジャー", "as": "other"},
                ]
            },
        }
    )
    for kind, yes in (("zero_dragon", "nebula"), ("king_cell", "cell")):
        found = [a for a in ("nebula", "cell", "other") if ch.matches(game, obj(game, a), Filter(type=kind))]
        assert found == [yes]


@pytest.mark.dm_rules("204.3a")
def test_filter_type_exile_creature_is_a_creature_of_its_own_type() -> None:
    """``type: exile_creature`` (エグザイル・クリーチャー, 204.3a): it describes the エグザイル creature
    alone, and ``type: creature`` describes it as it does any creature."""
    from tcgrules.cards.schema import Filter
    from tcgrules.games.duel_masters import characteristics as ch

    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "極太茸 菌次郎", "as": "exile"},
                    {"card": "アクア・ソルジャー", "as": "plain"},
                ]
            },
        }
    )
    for kind, described in (("exile_creature", ["exile"]), ("creature", ["exile", "plain"])):
        found = [a for a in ("exile", "plain") if ch.matches(game, obj(game, a), Filter(type=kind))]
        assert found == described, kind


def test_602_3a_cannot_use_tap_abilities_keeps_the_described_creatures_tap_abilities_from_being_offered() -> (
    None
):
    """Players can't use the Tap abilities of their creatures (``cannot_use_tap_abilities: FILTER``, a
    player property): a fire creature's tap ability is not offered while the lock is in the battle zone,
    for either player, nor is one used through ``tap_for_this`` when the ability's creature is described;
    a creature the filter does not describe still uses its own, and attacking stays offered."""
    tapper = card("例示用タップ能力", "- tap_ability:\n    - draw: 1")
    lock = card(
        "例示用タップ封じ", "- static: {cannot_use_tap_abilities: {type: creature, civilization: fire}}"
    )
    water = card("例示用水のタップ能力", "- tap_ability:\n    - draw: 1").replace("[fire]", "[water]")
    lender = card(
        "例示用タップ貸し",
        "- static: {tap_for_this: true}\n  to: {owner: you, type: creature}\n- tap_ability:\n    - draw: 1",
    )
    spec = {
        "turn": "A",
        "step": "attack",
        "A": {
            "battle_zone": [
                {"card": "例示用タップ能力", "as": "t"},
                {"card": "例示用水のタップ能力", "as": "w"},
                {"card": "例示用タップ貸し", "as": "l"},
            ],
            "deck": 5,
        },
        "B": {"battle_zone": [{"card": "例示用タップ封じ", "as": "lock"}], "deck": 5},
    }
    cards = tapper + lock + water + lender
    game = make(spec, cards)
    labels = game.pending.labels if game.pending is not None else ()
    t, w, lend = (f"c{cid(game, a)}" for a in ("t", "w", "l"))
    assert f"tap_ability:{w}" in labels  # water: not described
    assert f"tap_ability:{t}" not in labels and f"tap_ability:{lend}" not in labels
    assert not any(lbl.endswith(f":{lend}") and lbl.startswith("tap_ability:") for lbl in labels)
    assert f"attack:{t}:player" in labels  # attacking is not a tap ability
    without = make({**spec, "B": {"deck": 5}}, cards)
    assert without.pending is not None and f"tap_ability:{t}" in without.pending.labels
    assert f"tap_ability:{w}:{lend}" in without.pending.labels  # lent while no lock is there


def test_filter_attacking_is_the_creature_whose_attack_goes_on() -> None:
    """攻撃している: a static gives the attacking creature +2000 while its attack goes on (506.1 to 510.2),
    and not the creature that stays home."""
    captain = card(
        "例示用突撃隊長", "- static: {power: 2000}\n  to: {owner: you, type: creature, attacking: true}"
    )
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [
                    "例示用突撃隊長",
                    {"card": "Steam Star", "as": "attacker"},
                    {"card": "Steam Star", "as": "home"},
                ]
            },
            "B": {"shield_zone": ["Steam Star", "Steam Star"]},
        },
        captain,
    )
    game.answer(f"attack:{label_for(game, 'attacker')}:player")
    assert game.pending is not None and game.pending.kind == "break"  # the attack goes on: which shield?
    assert power(game, obj(game, "attacker")) == 3000 and power(game, obj(game, "home")) == 1000
    game.answer(game.pending.labels[0])
    assert power(game, obj(game, "attacker")) == 1000


def test_filter_shares_race_with_a_whole_race_in_common() -> None:
    """同じ種族の: the opponent's creatures that have a race of one of your creatures are destroyed — a
    whole race (203), so a ドラゴノイド does not share ボルケーノ・ドラゴン; two races share either."""
    s = spell(
        "例示用同族狩り",
        "- destroy: {all: true, owner: opponent, type: creature,"
        " shares_race_with: {owner: you, type: creature}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用同族狩り", "as": "s"}], "battle_zone": ["Magmadragon Melgars"]},
            "B": {
                "battle_zone": [
                    {"card": "Magmadragon Melgars", "as": "same"},
                    {"card": "Akashic First, Electro-Dragon", "as": "either"},
                    {"card": "Explosive Fighter Ucarn", "as": "dragonoid"},
                ]
            },
        },
        s,
    )
    play_free(game, "s")
    assert obj(game, "same").zone == (B, "graveyard") and obj(game, "either").zone == (B, "hand")
    assert obj(game, "dragonoid").zone == (B, "battle_zone")


def test_filter_evolves_from_names_the_race_an_evolution_base_asks_for() -> None:
    """…を進化元とする: an evolution card whose base (or a vortex's second base) names a race containing the
    word — Uberdragon Jabaha (on an Armored Dragon) and Eternal Phoenix (a Fire Bird and an Armored Dragon)
    evolve from a ドラゴン; Pacific Champion (on a Merfolk) and a Dragon that is no evolution do not."""
    s = spell(
        "例示用進化元探し", "- put_into_mana: {all: true, zone: hand, owner: you, evolves_from: ドラゴン}"
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用進化元探し", "as": "s"},
                    {"card": "Uberdragon Jabaha", "as": "jabaha"},
                    {"card": "Eternal Phoenix, Phoenix of the Dragonflame", "as": "vortex"},
                    {"card": "Pacific Champion", "as": "merfolk"},
                    {"card": "Magmadragon Melgars", "as": "dragon"},
                ]
            },
        },
        s,
    )
    play_free(game, "s")
    assert obj(game, "jabaha").zone == (A, "mana_zone") and obj(game, "vortex").zone == (A, "mana_zone")
    assert obj(game, "merfolk").zone == (A, "hand") and obj(game, "dragon").zone == (A, "hand")


def test_step_look_lets_the_later_choices_of_the_effect_name_the_cards_looked_at() -> None:
    """見る then 選ぶ: after the effect lets its controller look at the opponent's hand, its choice among
    those cards names them (``c<id>``, by name) — the chooser has seen them; a choice among the same hidden
    cards that no step let the chooser look at is blind (``hand:N``, "unseen card")."""
    looked = spell(
        "例示用覗き見",
        "- look: {what: {zone: hand, owner: opponent, all: true}, as: seen}\n"
        "- discard: {choose: 1, zone: hand, owner: opponent, in: $seen}",
    )
    blind = spell("例示用手探り", "- discard: {choose: 1, zone: hand, owner: opponent}")
    spec = {
        "turn": "A",
        "A": {"hand": [{"card": "例示用覗き見", "as": "look"}, {"card": "例示用手探り", "as": "blind"}]},
        "B": {"hand": [{"card": "Glory Snow", "as": "h1"}, {"card": "Jewel Spider", "as": "h2"}]},
    }
    game = make(spec, looked + blind)
    play_free(game, "look")
    pending = game.pending
    assert pending is not None and pending.player == A
    assert {o.label for o in pending.options} == {label_for(game, "h1"), label_for(game, "h2")}
    assert sorted(o.text for o in pending.options) == ["Glory Snow", "Jewel Spider"]
    game.answer(label_for(game, "h2"))
    assert obj(game, "h2").zone == (B, "graveyard") and obj(game, "h1").zone == (B, "hand")
    game = make(spec, looked + blind)
    play_free(game, "blind")
    pending = game.pending
    assert pending is not None and {o.label for o in pending.options} == {"hand:1", "hand:2"}
    assert all(o.text.startswith("unseen card") for o in pending.options)


def test_filter_in_zone_gives_each_zone_of_a_selector_its_own_filter() -> None:
    """…にある: ``in_zone`` inside ``any_of`` — "one of his creatures in the battle zone or a card in his mana
    zone" offers his creatures and every mana card, not a non-creature of the battle zone; a zone name the
    language does not know is refused, naming the field."""
    s = spell(
        "例示用二択焼却",
        "- put_into_graveyard: {choose: 1, zone: [battle_zone, mana_zone], owner: opponent,"
        " any_of: [{in_zone: battle_zone, type: creature}, {in_zone: mana_zone}]}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用二択焼却", "as": "s"}]},
            "B": {
                "battle_zone": [
                    {"card": "Cutthroat Skyterror", "as": "creature"},
                    {"card": "Glorious Heaven's Arm", "as": "gear"},
                ],
                "mana_zone": [{"card": "Glorious Heaven's Arm", "as": "mana"}],
                "hand": [{"card": "Cutthroat Skyterror", "as": "hand"}],
            },
        },
        s,
    )
    play_free(game, "s")
    pending = game.pending
    assert pending is not None
    assert {o.label for o in pending.options} == {label_for(game, "creature"), label_for(game, "mana")}
    game.answer(label_for(game, "mana"))
    assert obj(game, "mana").zone == (B, "graveyard") and obj(game, "gear").zone == (B, "battle_zone")
    with pytest.raises(DefinitionError, match="in_zone"):
        bad = "- destroy: {all: true, any_of: [{in_zone: battlezone}, {in_zone: hand}]}"
        make({}, spell("例示用誤記", bad))


def test_pattern_broken_by_names_the_source_that_broke_the_shield_card() -> None:
    """…によってブレイクされたシールドの: the opponent uses the S・トリガー of a shield this creature broke —
    its trigger on `used` with `broken_by: {card: this}` draws; the same card that did not break it, not."""
    breaker = card(
        "例示用踏破者",
        "- trigger: {event: used, subject: {owner: opponent}, how: shield_trigger, broken_by: {card: this}}\n"
        "  effect: [{draw: 1}]",
        power_=1000,
    )
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "例示用踏破者", "as": "a"}, "例示用踏破者"], "deck": 5},
            "B": {"shield_zone": [{"card": "Glory Snow", "as": "trap"}]},
        },
        breaker,
    )
    decision = game.pending
    assert decision is not None
    attack = f"attack:{label_for(game, 'a')}:player"
    game.answer(next(lbl for lbl in decision.labels if lbl == attack))
    declare = game.pending
    assert declare is not None and declare.player == B
    game.answer("yes")
    assert obj(game, "trap").zone == (B, "graveyard")
    assert len(game.zone((A, "deck"))) == 4  # one draw: the creature that broke it, not the other


def test_quantity_races_counts_distinct_whole_races_but_the_excepted() -> None:
    """…の種族1つにつき (Shaman Totem): ボルケーノ・ドラゴン twice, サイバーロード and ドラゴノイド are three
    races; ミステリー・トーテム is left out by ``except``, and the opponent's creature is not described."""
    s = spell(
        "例示用種族数",
        "- draw: {count: {races: {zone: battle_zone, owner: you, type: creature},"
        " except: ミステリー・トーテム}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用種族数", "as": "s"}],
                "deck": 10,
                "battle_zone": [
                    "Magmadragon Melgars",
                    "Akashic First, Electro-Dragon",
                    "Explosive Fighter Ucarn",
                    "Clobber Totem",
                ],
            },
            "B": {"battle_zone": ["ボルシャック・ドラゴン"]},
        },
        s,
    )
    play_free(game, "s")
    assert len(game.zone((A, "hand"))) == 3
    with pytest.raises(DefinitionError, match="'except' goes with 'races'"):
        make({}, spell("例示用誤り", "- draw: {count: {count: {owner: you}, except: ミステリー・トーテム}}"))


@pytest.mark.dm_rules("700.3")
def test_property_cannot_put_into_mana_from_hand_forbids_the_players_hand_cards_only() -> None:
    """相手は手札からマナゾーンにカードを置けない: the opponent's hand cards do not go to the mana zone (an
    effect's move does not happen), their deck's top card still does, and the controller's hand is free."""
    s = spell(
        "例示用マナ封じ",
        "- continuous: {ability: {static: {cannot_put_into_mana_from_hand: true}, to: opponent},"
        " until: your_next_turn_start}\n"
        "- put_into_mana: {all: true, zone: hand, owner: opponent}\n"
        "- charge: {count: 1, player: opponent}\n"
        "- put_into_mana: {all: true, zone: hand, owner: you}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用マナ封じ", "as": "s"}, {"card": "Bubble Lamp", "as": "mine"}]},
            "B": {"hand": [{"card": "Bubble Lamp", "as": "theirs"}], "deck": 3},
        },
        s,
    )
    play_free(game, "s")
    assert obj(game, "theirs").zone == (B, "hand") and obj(game, "mine").zone == (A, "mana_zone")
    assert len(game.zone((B, "mana_zone"))) == 1


@pytest.mark.dm_rules("700.3", "701.32")
def test_property_cannot_put_into_shields_forbids_cards_entering_the_players_shield_zones() -> None:
    """誰もシールドゾーンにカードを置けない: no new shield from the deck (701.32), no card added to a shield
    (シールド・プラス), no creature sent to its owner's shield zone; `to: opponent` leaves the controller's
    own shield zone free."""
    steps = (
        "- put_into_shields: {zone: deck, owner: you, top: 1, all: true}\n"
        "- add_to_shield: {what: {choose: 1, zone: hand, owner: you}}\n"
        "- put_into_shields: {all: true, owner: opponent, type: creature}\n"
    )
    everyone = spell(
        "例示用盾封じ", "- continuous: {ability: {static: {cannot_put_into_shields: true}}}\n" + steps
    )
    theirs = spell(
        "例示用相手盾封じ",
        "- continuous: {ability: {static: {cannot_put_into_shields: true}, to: opponent}}\n" + steps,
    )
    for name, card_text, mine in (("例示用盾封じ", everyone, 1), ("例示用相手盾封じ", theirs, 3)):
        game = make(
            {
                "turn": "A",
                "A": {
                    "hand": [{"card": name, "as": "s"}, {"card": "Bubble Lamp", "as": "plus"}],
                    "shield_zone": ["Bubble Lamp"],
                    "deck": 3,
                },
                "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "dragon"}]},
            },
            card_text,
        )
        play_free(game, "s")
        if game.pending.kind == "choose_shield":  # two shields now: which one the card goes under
            game.answer("shield_zone:1")
        assert obj(game, "dragon").zone == (B, "battle_zone"), name
        assert len(game.zone((A, "shield_zone"))) == (2 if mine == 3 else 1), name
        assert sum(len(game.objects[o].cards) for o in game.zone((A, "shield_zone"))) == mine, name
        assert (obj(game, "plus").zone[1] == "hand") == (mine == 1), name


@pytest.mark.dm_rules("701.3")
def test_property_summon_from_any_number_is_not_used_up_by_a_summon() -> None:
    """「自分の墓地から…を召喚してもよい」 with no 「1体」 (`summon_from: {…, any_number: true}`): a second
    card is still offered after one was summoned this turn; without `any_number` (「1体」) it is not."""
    for any_number, offered in ((True, True), (False, False)):
        flag = str(any_number).lower()
        permit = card(
            "例示用墓地召喚",
            f"- static: {{summon_from: {{zone: graveyard, what: {{type: creature}}, any_number: {flag}}}}}\n"
            "  to: you",
        )
        game = make(
            {
                "turn": "A",
                "A": {
                    "battle_zone": ["例示用墓地召喚"],
                    "graveyard": [{"card": "炎のたてがみ", "as": "g1"}, {"card": "炎のたてがみ", "as": "g2"}],
                    "mana_zone": ["白銀の牙"] * 4,
                },
            },
            permit,
        )
        game.answer(f"summon:{label_for(game, 'g1')}")
        assert obj(game, "g1").zone == (A, "battle_zone")
        assert (f"summon:{label_for(game, 'g2')}" in game.pending.labels) == offered, any_number


def test_property_summon_from_free_if_summons_that_card_without_paying() -> None:
    """「クリーチャーを1体、自分のマナゾーンから召喚してもよい。それがディスタスならコストを支払わずに召喚
    する」 (`summon_from: {…, free_if: FILTER}`): a card the filter describes is offered and summoned
    without paying, though its cost is more than the mana there is; a card it does not describe is paid for
    (here it cannot be)."""
    permit = card(
        "例示用無料マナ召喚",
        "- static: {summon_from: {zone: mana_zone, what: {type: creature}, free_if: {race: ドラゴン}}}\n"
        "  to: you",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["例示用無料マナ召喚"],
                "mana_zone": [
                    {"card": "ボルシャック・ドラゴン", "as": "dragon"},
                    {"card": "白銀の牙", "as": "fang"},
                ],
            },
        },
        permit,
    )
    assert f"summon:{label_for(game, 'fang')}" not in game.pending.labels  # cost 3, two mana cards
    game.answer(f"summon:{label_for(game, 'dragon')}")  # cost 6, free
    assert obj(game, "dragon").zone == (A, "battle_zone")
    assert not obj(game, "fang").tapped  # nothing paid


def test_property_cannot_look_at_deck_finds_sees_and_reveals_no_deck_card() -> None:
    """誰も山札を見ることはできない: a search finds nothing (the deck is still shuffled), a look at the top
    cards sees none, and a reveal from the deck shows none — so nothing of the deck is moved. Without the
    property the same spell takes all three."""
    steps = (
        "- look: {what: {zone: deck, owner: you, top: 1, all: true}, as: seen}\n"
        "- move: {what: {zone: deck, in: $seen, all: true}, to: graveyard}\n"
        "- search: {what: {choose: 1, type: creature}, to: hand}\n"
        "- reveal_until: {until: {type: spell}, found: found}\n"
        "- move: {what: $found, to: mana_zone}"
    )
    blind = spell("例示用盲目", "- continuous: {ability: {static: {cannot_look_at_deck: true}}}\n" + steps)
    seeing = spell("例示用目明き", steps)
    board = {
        "turn": "A",
        "A": {
            "hand": [{"card": "例示用盲目", "as": "s"}, {"card": "例示用目明き", "as": "t"}],
            "deck": [
                {"card": "火炎流星弾", "as": "spell"},
                {"card": "屑男", "as": "creature"},
                {"card": "ホーリー・スパーク", "as": "top"},
            ],
        },
    }
    game = make(board, blind + seeing)
    play_free(game, "s")
    if game.pending is not None and game.pending.kind != "main":
        game.answer(game.pending.labels[0])
    assert {obj(game, n).zone for n in ("spell", "creature", "top")} == {(A, "deck")}
    game = make(board, blind + seeing)
    play_free(game, "t")
    while game.pending is not None and game.pending.kind != "main":
        game.answer(game.pending.labels[0])
    assert obj(game, "top").zone == (A, "graveyard") and obj(game, "creature").zone == (A, "hand")
    assert obj(game, "spell").zone == (A, "mana_zone")


@pytest.mark.dm_rules("701.21b")
def test_property_cannot_look_at_deck_reads_a_gachinko_judges_cards_as_cost_0() -> None:
    """ガチンコ・ジャッジ while no one can look at a deck: neither top card is shown, each counts as cost 0,
    so the user wins (0 against 0) though the opponent's card costs more; the cards still go to the bottom."""
    blind = spell(
        "例示用盲目ガチンコ",
        "- continuous: {ability: {static: {cannot_look_at_deck: true}}}\n"
        "- gachinko_judge: {won: [{draw: 1}]}",
    )
    seeing = spell("例示用ガチンコ", "- gachinko_judge: {won: [{draw: 1}]}")
    board = {
        "turn": "A",
        "A": {
            "hand": [{"card": "例示用盲目ガチンコ", "as": "s"}, {"card": "例示用ガチンコ", "as": "t"}],
            "deck": ["ホーリー・スパーク", {"card": "屑男", "as": "cheap"}],
        },
        "B": {"deck": ["ホーリー・スパーク", {"card": "ボルシャック・ドラゴン", "as": "dear"}]},
    }
    game = make(board, blind + seeing)
    play_free(game, "t")
    assert len(game.zone((A, "hand"))) == 1  # 5 against 6: no draw, only the other spell is in the hand
    game = make(board, blind + seeing)
    play_free(game, "s")
    assert len(game.zone((A, "hand"))) == 2  # the other spell and the card drawn
    assert game.zone((B, "deck"))[0] == obj(game, "dear").oid  # put on the bottom, unshown


def test_continuous_until_next_summon_this_turn_ends_with_a_summon_not_a_spell() -> None:
    """このターン、次に召喚するクリーチャーのコストを3少なくする: ``until: next_summon_this_turn`` — casting
    a spell leaves it; the next summon pays the reduced cost (never below 1) and ends it."""
    from tcgrules.games.duel_masters import characteristics as ch

    s = spell(
        "例示用次の召喚",
        "- continuous:\n"
        "    ability:\n"
        "      static: {cost: -3}\n"
        "      to: {zone: hand, owner: you, type: creature}\n"
        "    until: next_summon_this_turn",
    )
    other = spell("例示用別の呪文", "- draw: 1")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用次の召喚", "as": "s"},
                    {"card": "例示用別の呪文", "as": "o"},
                    {"card": "ボルシャック・ドラゴン", "as": "b"},
                    {"card": "アクア・ソルジャー", "as": "q"},
                ],
                "mana_zone": ["ボルシャック・ドラゴン"] * 3,
                "deck": 3,
            },
        },
        s + other,
    )
    play_free(game, "s")
    play_free(game, "o")  # a spell's use: the effect stays
    assert (
        ch.cost(game, obj(game, "b")) == 3 and ch.cost(game, obj(game, "q")) == 1
    )  # 6 - 3; 3 - 3, at least 1
    game.answer(label_for(game, "b").join(("summon:", "")))
    assert obj(game, "b").zone == (A, "battle_zone")
    assert ch.cost(game, obj(game, "q")) == 3  # the summon took it: over


def test_filter_entered_this_turn_describes_what_was_put_into_the_battle_zone_now() -> None:
    """このターンにバトルゾーンに出た: the creature that entered this turn is destroyed, the one there
    since an earlier turn is not; ``false`` describes the other one."""
    s = spell("例示用出たて", "- destroy: {all: true, type: creature, entered_this_turn: true}")
    t = spell("例示用古参", "- destroy: {all: true, type: creature, entered_this_turn: false}")
    board = {
        "turn": "A",
        "A": {
            "hand": [{"card": "例示用出たて", "as": "s"}, {"card": "例示用古参", "as": "t"}],
            "battle_zone": [{"card": "屑男", "as": "new", "sick": True}, {"card": "屑男", "as": "old"}],
        },
    }
    game = make(board, s + t)
    play_free(game, "s")
    assert obj(game, "new").zone == (A, "graveyard") and obj(game, "old").zone == (A, "battle_zone")
    game = make(board, s + t)
    play_free(game, "t")
    assert obj(game, "new").zone == (A, "battle_zone") and obj(game, "old").zone == (A, "graveyard")


def _broken_by_borg(shields: list[str], extra: str) -> Game:
    """B's 不死身男爵ボーグ attacks A, whose shields are ``shields`` (the last is broken); A uses each
    S・トリガー."""
    game = make(
        {
            "turn": "B",
            "A": {"shield_zone": shields},
            "B": {"battle_zone": [{"card": "不死身男爵ボーグ", "as": "borg"}]},
        },
        extra,
    )
    game.answer("end_main")
    game.answer(f"attack:{label_for(game, 'borg')}:player")
    while game.pending is not None:
        labels = game.pending.labels
        if game.pending.player == B and f"shield_zone:{len(shields)}" in labels:
            game.answer(f"shield_zone:{len(shields)}")  # B breaks the last shield
        elif game.pending.player == A:
            game.answer("yes" if "yes" in labels else labels[0])
        else:
            break
    return game


def test_use_bonus_if_gives_the_bonus_abilities_read_by_condition_bonus() -> None:
    """スーパー・S・トリガー: その時自分のシールドが1つもなければ、このクリーチャーにS能力を与える. The
    `use` step's `bonus_if` is read as the card is used; the creature enters with its bonus given, and
    its S ability (`if: {bonus: true}`) works; with a shield left it enters without it."""
    creature = card(
        "例示用超盾番",
        "- keyword: super_shield_trigger\n"
        "- trigger: {event: enters}\n  if: {bonus: true}\n  effect: [{draw: 2}]",
    )
    game = _broken_by_borg(["例示用超盾番"], creature)
    assert names(game, A, "battle_zone") == ["例示用超盾番"] and len(names(game, A, "hand")) == 2
    game = _broken_by_borg(["filler", "例示用超盾番"], creature)
    assert names(game, A, "battle_zone") == ["例示用超盾番"] and names(game, A, "hand") == []


def test_condition_bonus_is_false_for_a_card_used_otherwise() -> None:
    """A card cast from the hand (no `use` with `bonus_if`) has no bonus: its `if: {bonus: true}` steps
    do not run, and `{bonus: false}` ones do."""
    text = spell("例示用盾呪文", "- draw: 1\n  if: {bonus: true}\n- charge: 1\n  if: {bonus: false}")
    game = make({"turn": "A", "A": {"hand": [{"card": "例示用盾呪文", "as": "s"}]}}, text)
    play_free(game, "s")
    assert names(game, A, "hand") == [] and names(game, A, "mana_zone") == ["filler"]


def test_keyword_shield_trigger_plus_gives_p_only_in_the_opponents_turn_after_two_breaks() -> None:
    """S・トリガー・プラス: それが相手のターンで、そのターン中に自分のシールドが2つ以上ブレイクされて
    いれば. ボーグ breaks one shield: no P ability. Broken by an effect in A's own turn (`break`), two
    shields: still none."""
    text = spell("例示用盾呪文", "- draw: 1\n  if: {bonus: true}").replace(
        "  abilities:\n", "  abilities:\n    - keyword: shield_trigger_plus\n"
    )
    game = _broken_by_borg(["filler", "例示用盾呪文"], text)
    assert names(game, A, "graveyard") == ["例示用盾呪文"] and names(game, A, "hand") == []
    breaker = spell("例示用自壊", "- break: {count: 2, player: you}")
    game = make(
        {
            "turn": "A",
            "A": {"shield_zone": ["例示用盾呪文", "filler"], "hand": [{"card": "例示用自壊", "as": "b"}]},
        },
        text + breaker,
    )
    play_free(game, "b")
    while game.pending is not None and game.pending.player == A and "yes" in game.pending.labels:
        game.answer("yes")
    assert names(game, A, "graveyard") == ["例示用盾呪文", "例示用自壊"] and names(game, A, "hand") == [
        "filler"
    ]


@pytest.mark.dm_rules("310.6")
def test_filter_attached_to_names_the_auras_on_the_described_creatures() -> None:
    """…に付いているオーラ: `attached_to: SEL` is an aura (or weapon, cross gear) attached to an object the
    selector describes — ザガーン's two auras, not ツタンメカーネン's one, nor a card that is not attached."""
    text = spell(
        "例示用オーラ数え",
        "- draw: {count: {count: {type: aura, attached_to: {type: creature, name: 暗黒の騎士ザガーンGR}}}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "暗黒の騎士ザガーンGR", "as": "zagaan"},
                    {"card": "幽影エダマ・フーマ", "equipped_to": "zagaan"},
                    {"card": "幽鬼ブチャカティ", "equipped_to": "zagaan"},
                    {"card": "ツタンメカーネン", "as": "tutan"},
                    {"card": "幽具ランジャ", "equipped_to": "tutan"},
                ],
                "hand": [{"card": "例示用オーラ数え", "as": "s"}],
            },
        },
        text,
    )
    play_free(game, "s")
    assert names(game, A, "hand") == ["filler", "filler"]


@pytest.mark.dm_rules("801.1", "801.2", "801.4c")
def test_filter_entered_this_turn_counts_an_evolution_put_on_this_turn_not_a_rebuild() -> None:
    """An evolution creature put this turn onto a creature there since an earlier turn has entered this turn
    (801.1), though the object stays the same (801.2): the filter describes it. When its top card leaves,
    the card left by the rebuild is not newly put there (801.4c): no longer described."""
    s = spell("例示用出たて数え", "- draw: {count: {count: {type: creature, entered_this_turn: true}}}")
    top = "{all: true, type: creature, name: 堕チシ八叉ノ蛇神, top_card: true}"
    demon = spell("例示用上だけ", f"- move: {{what: {top}, to: hand}}")
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "青銅の鎧", "as": "base"}],
                "hand": [{"card": "堕チシ八叉ノ蛇神", "as": "y"}, {"card": "例示用出たて数え", "as": "s"}],
            },
        },
        s,
    )
    game.inject({"play": cid(game, "y"), "free": True, "onto": cid(game, "base")})
    play_free(game, "s")
    assert names(game, A, "hand") == ["filler"]
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "青銅の鎧", "as": "base"}],
                "hand": [
                    {"card": "堕チシ八叉ノ蛇神", "as": "y"},
                    {"card": "例示用上だけ", "as": "d"},
                    {"card": "例示用出たて数え", "as": "s"},
                ],
            },
        },
        s + demon,
    )
    game.inject({"play": cid(game, "y"), "free": True, "onto": cid(game, "base")})
    play_free(game, "d")
    assert obj(game, "base").zone == (A, "battle_zone")
    play_free(game, "s")
    assert sorted(names(game, A, "hand")) == ["堕チシ八叉ノ蛇神"]


def test_a_prohibition_of_shield_trigger_forbids_super_shield_trigger_and_shield_trigger_plus_too() -> None:
    """スーパー・S・トリガー and S・トリガー・プラス are S・トリガー with a bonus: B's tapped Cryptic Totem
    («your opponent can't use the "shield trigger" ability») keeps A from declaring them; A's shield goes to
    the hand."""
    for keyword in ("super_shield_trigger", "shield_trigger_plus"):
        text = spell("例示用盾呪文", "- draw: 1").replace(
            "  abilities:\n", f"  abilities:\n    - keyword: {keyword}\n"
        )
        game = make(
            {
                "turn": "B",
                "A": {"shield_zone": ["例示用盾呪文"]},
                "B": {
                    "battle_zone": [
                        {"card": "不死身男爵ボーグ", "as": "borg"},
                        {"card": "Cryptic Totem", "tapped": True},
                    ]
                },
            },
            text,
        )
        game.answer("end_main")
        game.answer(f"attack:{label_for(game, 'borg')}:player")
        assert game.pending is None or game.pending.player != A, keyword  # nothing to declare
        assert names(game, A, "hand") == ["例示用盾呪文"], keyword


@pytest.mark.dm_rules("500.3", "510.2")
def test_duration_end_of_attack_ends_with_the_attack_or_else_with_the_turn() -> None:
    """``until: end_of_attack`` (その攻撃の終わりまで / この攻撃中): made during an attack, a grant and a made
    static end as that attack ends (the next attack of the step no longer has them); made while no attack
    goes on (the main step), the same duration lasts the turn."""
    rouser = card(
        "例示用攻撃中鼓舞",
        "- trigger: {event: attacks}\n"
        "  effect:\n"
        "    - grant: {what: this, keyword: double_breaker, until: end_of_attack}\n"
        "    - continuous: {ability: {static: {power: 4000}, to: {owner: you, type: creature}},"
        " until: end_of_attack}",
    )
    s = spell(
        "例示用先触れ",
        "- power: {what: {choose: 1, owner: you, type: creature}, add: 1000, until: end_of_attack}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用攻撃中鼓舞", "as": "r"},
                    {"card": "喧嘩屋タイラー", "as": "z"},
                ],
                "hand": [{"card": "例示用先触れ", "as": "s"}],
            },
            "B": {"shield_zone": ["filler"] * 4},
        },
        rouser + s,
    )
    play_free(game, "s")
    if game.pending is not None and game.pending.kind == "choose_cards":
        game.answer(label_for(game, "z"))
    assert power(game, obj(game, "z")) == 2000  # made in the main step: it lasts the turn
    game.answer("end_main")
    game.answer(f"attack:{label_for(game, 'r')}:player")
    assert power(game, obj(game, "r")) == 6000 and power(game, obj(game, "z")) == 6000
    assert game.pending is not None and game.pending.kind == "break"
    assert game.pending.max == 2  # W・ブレイカー, until the attack's end
    game.answer("shield_zone:1", "shield_zone:2")
    assert game.pending is not None and game.pending.kind == "attack"
    assert power(game, obj(game, "r")) == 2000 and power(game, obj(game, "z")) == 2000
    assert len(game.zone((B, "shield_zone"))) == 2


@pytest.mark.dm_rules("703.4d", "115.3b")
def test_pattern_how_lost_battle_sees_only_a_destruction_that_is_a_battles_result() -> None:
    """``how: lost_battle`` (バトルに負けて破壊される): a destruction by the state-based action 703.4d — the
    loser of an attack's battle; a creature a spell destroys is not seen."""
    watcher = card(
        "例示用敗者見届け",
        "- trigger: {event: destroyed, subject: {owner: you, type: creature}, how: lost_battle}\n"
        "  effect: [{draw: 1}]",
    )
    s = spell("例示用破壊", "- destroy: {choose: 1, owner: you, type: creature, other: true}")
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [
                    {"card": "例示用敗者見届け", "as": "w"},
                    {"card": "不死身男爵ボーグ", "as": "v"},
                    {"card": "不死身男爵ボーグ", "as": "v2"},
                ],
                "hand": [{"card": "例示用破壊", "as": "s"}],
                "deck": ["filler"] * 5,
            },
            "B": {"battle_zone": [{"card": "汚れた者スケルトンソルジャー", "as": "k", "tapped": True}]},
        },
        watcher + s,
    )
    game.answer(f"attack:{label_for(game, 'v')}:{label_for(game, 'k')}")
    assert names(game, A, "graveyard") == ["不死身男爵ボーグ"] and len(names(game, A, "hand")) == 2
    play_free(game, "s")
    if game.pending is not None and game.pending.kind == "choose_cards":
        game.answer(label_for(game, "v2"))
    assert names(game, A, "graveyard").count("不死身男爵ボーグ") == 2
    assert len(names(game, A, "hand")) == 1  # the spell left the hand; no card drawn for its destruction


@pytest.mark.dm_rules("115.2", "115.3")
def test_duration_end_of_battle_ends_with_the_battle_or_else_with_the_turn() -> None:
    """``until: end_of_battle`` (そのバトルの終わりまで): made as a battle starts, the change lasts that
    battle (its powers compared, its loser destroyed) and ends with it; made while no battle goes on (the main
    step), it lasts the turn. A trigger of a card not in the battle watching another creature's battle
    (「自分のクリーチャーがバトルする時、そのクリーチャーの…」) is about the battler its pattern describes —
    here the defender, not the attacker."""
    watcher = card(
        "例示用バトル鼓舞",
        "- trigger: {event: battles, subject: {owner: you, type: creature, other: true}}\n"
        "  effect: [{power: {what: event.subject, add: 3000, until: end_of_battle}}]",
    )
    s = spell(
        "例示用戦前触れ",
        "- power: {what: {choose: 1, owner: you, type: creature}, add: 1000, until: end_of_battle}",
    )
    game = make(
        {
            "turn": "B",
            "A": {
                "battle_zone": [
                    {"card": "例示用バトル鼓舞", "as": "w"},
                    {"card": "不死身男爵ボーグ", "as": "v", "tapped": True},
                ],
                "hand": [{"card": "例示用戦前触れ", "as": "s"}],
            },
            "B": {"battle_zone": [{"card": "汚れた者スケルトンソルジャー", "as": "k"}]},
        },
        watcher + s,
    )
    play_free(game, "s")
    if game.pending is not None and game.pending.kind == "choose_cards":
        game.answer(label_for(game, "v"))
    assert power(game, obj(game, "v")) == 3000  # made in B's main step: it lasts the turn
    game.answer("end_main")
    game.answer(f"attack:{label_for(game, 'k')}:{label_for(game, 'v')}")
    assert names(game, B, "graveyard") == ["汚れた者スケルトンソルジャー"]  # 2000 + 1000 + 3000 beat 3000
    assert power(game, obj(game, "v")) == 3000  # the battle's +3000 ended with it; the turn's +1000 stays


@pytest.mark.dm_rules("603.2b")
def test_pattern_once_per_batch_triggers_once_for_a_batch_and_batch_counts_its_events() -> None:
    """603.2b: one discard of two cards is one 「カードを捨てた時」 for ``once_per_batch`` — its effect
    reads the batch's count (``{batch: cards}``); a trigger without it triggers for each card, and its
    ``{batch: events}`` is 1."""
    once = card(
        "例示用一括監視",
        "- trigger: {event: discarded, subject: {owner: opponent}, once_per_batch: true}\n"
        "  if: {at_least: [{batch: events}, 2]}\n"
        "  effect: [{draw: {count: {batch: cards}}}]",
    )
    each = card(
        "例示用個別監視",
        "- trigger: {event: discarded, subject: {owner: opponent}}\n"
        "  effect: [{mill: {count: {batch: events}}}]",
    )
    s = spell("例示用二枚捨て", "- discard: {random: 2, owner: opponent}")
    one = spell("例示用一枚捨て", "- discard: {random: 1, owner: opponent}")
    for discarding, drawn, milled in (("例示用二枚捨て", 2, 2), ("例示用一枚捨て", 0, 1)):
        game = make(
            {
                "turn": "A",
                "A": {
                    "battle_zone": ["例示用一括監視", "例示用個別監視"],
                    "hand": [{"card": discarding, "as": "s"}],
                    "deck": 10,
                },
                "B": {"hand": ["アクア・ソルジャー", "アクア・ソルジャー", "アクア・ソルジャー"]},
            },
            once + each + s + one,
        )
        play_free(game, "s")
        while game.pending is not None and game.pending.kind == "order_triggers":
            game.answer(game.pending.labels[0])
        assert len(game.zone((A, "hand"))) == drawn  # once, for both cards (the if: two events)
        assert len(game.zone((A, "graveyard"))) == 1 + milled  # the spell, and one mill per discarded card


@pytest.mark.dm_rules("701.14")
def test_filter_broken_by_names_the_cards_a_source_broke_as_shields_this_turn() -> None:
    """…がブレイクしたシールド: at the end of its attack, the opponent discards the cards this creature broke;
    the card already in the hand and the shield it did not break are not."""
    breaker = card(
        "例示用破り捨て",
        "- keyword: double_breaker\n"
        "- trigger: {event: attack_end}\n"
        "  effect: [{discard: {all: true, owner: opponent, broken_by: {card: this}}}]",
    )
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "例示用破り捨て", "as": "a"}]},
            "B": {
                "hand": [{"card": "アクア・ソルジャー", "as": "held"}],
                "shield_zone": ["ボルシャック・ドラゴン", "ボルシャック・ドラゴン", "ボルシャック・ドラゴン"],
            },
        },
        breaker,
    )
    decision = game.pending
    assert decision is not None
    game.answer(next(lbl for lbl in decision.labels if lbl.endswith(":player")))
    chosen = game.pending
    assert chosen is not None and chosen.kind == "break"
    game.answer(*chosen.labels[:2])
    assert names(game, B, "graveyard") == ["ボルシャック・ドラゴン", "ボルシャック・ドラゴン"]
    assert names(game, B, "hand") == ["アクア・ソルジャー"]
    assert len(game.zone((B, "shield_zone"))) == 1


@pytest.mark.dm_rules("507.2a")
def test_step_become_blocker_redirects_the_current_attack_to_that_creature() -> None:
    """…がかわりにバトルする: when one of its player's creatures is attacked, this creature becomes the
    blocking creature of that attack (with no block declared: it is not tapped); the battle is with it."""
    guard = card(
        "例示用身代わり",
        "- trigger: {event: attacks, subject: {owner: opponent, type: creature}, target: creature}\n"
        "  effect: [{become_blocker: this}]",
        power_=9000,
    )
    game = make(
        {
            "turn": "B",
            "step": "attack",
            "A": {
                "battle_zone": [
                    {"card": "例示用身代わり", "as": "g"},
                    {"card": "アクア・ソルジャー", "as": "weak", "tapped": True},
                ]
            },
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "a"}]},
        },
        guard,
    )
    decision = game.pending
    assert decision is not None
    game.answer(f"attack:{label_for(game, 'a')}:{label_for(game, 'weak')}")
    while game.pending is not None and game.pending.kind == "block":
        game.answer("no_block")
    assert names(game, B, "graveyard") == ["ボルシャック・ドラゴン"]  # it battled the 9000 creature
    assert sorted(names(game, A, "battle_zone")) == sorted(["例示用身代わり", "アクア・ソルジャー"])
    assert not obj(game, "g").tapped


@pytest.mark.dm_rules("115.2")
def test_event_before_battle_resolves_before_the_powers_are_compared() -> None:
    """バトルする時 (115.2): the ability resolves as the battle starts, before 115.3 compares the powers —
    in an attack's battle and, at once (101.4f), in one a spell makes."""
    pumped = card(
        "例示用戦前強化",
        "- trigger: {event: before_battle}\n  effect: [{power: {what: this, add: 5000}}]",
        power_=2000,
    )
    fight = spell(
        "例示用決闘",
        "- battle: {what: {choose: 1, owner: opponent, type: creature},"
        " with: {choose: 1, owner: you, type: creature}}",
    )
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "例示用戦前強化", "as": "p"}]},
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "t", "tapped": True}]},
        },
        pumped,
    )
    game.answer(f"attack:{label_for(game, 'p')}:{label_for(game, 't')}")
    assert names(game, B, "graveyard") == ["ボルシャック・ドラゴン"]  # 7000 against 6000
    assert names(game, A, "battle_zone") == ["例示用戦前強化"]
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["例示用戦前強化"], "hand": [{"card": "例示用決闘", "as": "s"}]},
            "B": {"battle_zone": ["ボルシャック・ドラゴン"]},
        },
        pumped + fight,
    )
    play_free(game, "s")
    assert names(game, B, "graveyard") == ["ボルシャック・ドラゴン"]
    assert names(game, A, "battle_zone") == ["例示用戦前強化"]


@pytest.mark.dm_rules("115", "115.2", "115.3d")
def test_event_battles_triggers_as_the_battle_starts_and_battled_after_it() -> None:
    """「バトルする時」 (``battles``, 115.2) triggers as the battle starts: its ability resolves before the
    powers are compared, so the +5000 wins the battle; 「バトルした時」 (``battled``, 115.3d) triggers on the
    result: the same +5000 comes too late, and the creature loses."""
    for event, survives in (("battles", True), ("battled", False)):
        pumped = card(
            f"例示用{event}強化",
            f"- trigger: {{event: {event}}}\n  effect: [{{power: {{what: this, add: 5000}}}}]",
            power_=2000,
        )
        game = make(
            {
                "turn": "A",
                "step": "attack",
                "A": {"battle_zone": [{"card": f"例示用{event}強化", "as": "p"}]},
                "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "t", "tapped": True}]},
            },
            pumped,
        )
        game.answer(f"attack:{label_for(game, 'p')}:{label_for(game, 't')}")
        assert (names(game, A, "battle_zone") == [f"例示用{event}強化"]) is survives, event
        assert (names(game, B, "graveyard") == ["ボルシャック・ドラゴン"]) is survives, event


@pytest.mark.dm_rules("115.2", "115.3a", "115.3d")
def test_step_after_battle_waits_for_the_result_of_the_battle_that_started() -> None:
    """「バトルする時、バトルの後、…」: the ability triggers as the battle starts; its after_battle part
    resolves on the battle's result (the loser already destroyed, 703.4d: the mill comes after it), and
    not at all if the battle does not take place (115.3a: the other creature left first)."""
    after = card(
        "例示用戦後",
        "- trigger: {event: battles}\n  effect: [{after_battle: [{mill: 1}]}]",
        power_=9000,
    )
    leaver = card(
        "例示用戦前退場",
        "- trigger: {event: battles}\n  effect: [{return_to_hand: this}]",
        power_=1000,
    )
    board = {
        "turn": "A",
        "step": "attack",
        "A": {"battle_zone": [{"card": "例示用戦後", "as": "p"}], "deck": 3},
        "B": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t", "tapped": True}]},
    }
    game = make(board, after)
    game.answer(f"attack:{label_for(game, 'p')}:{label_for(game, 't')}")
    kinds = [
        r.data.get("event")
        for r in game.log
        if r.kind == "event" and r.data.get("event") in ("battle", "move")
    ]
    assert kinds[0] == "battle" and names(game, B, "graveyard") == ["喧嘩屋タイラー"]
    assert len(game.zone((A, "deck"))) == 2  # the mill, after the battle
    board["B"] = {"battle_zone": [{"card": "例示用戦前退場", "as": "t", "tapped": True}]}
    game = make(board, after + leaver)
    game.answer(f"attack:{label_for(game, 'p')}:{label_for(game, 't')}")
    assert names(game, B, "hand") == ["例示用戦前退場"]  # it left before the powers were compared
    assert len(game.zone((A, "deck"))) == 3  # no battle: nothing after it


@pytest.mark.dm_rules("511.2")
def test_step_become_copy_gives_a_creature_another_cards_face_until_the_end_of_the_turn() -> None:
    """…は…になる (a copy): the creature shows the copied card's printed creature face — name, power,
    abilities (its own 「ブロッカー」 gone, the copied W・ブレイカー there) — until the end of the turn
    (511.2), when it is itself again."""
    from tcgrules.games.duel_masters.characteristics import breaker, face
    from tcgrules.games.duel_masters.language.selectors import has_keyword

    s = spell(
        "例示用変身",
        "- become_copy: {what: {choose: 1, owner: you, type: creature},"
        " of: {choose: 1, zone: graveyard, owner: you}}",
    )
    mimic = card("例示用変身体", "- keyword: blocker", power_=1000)
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用変身体", "as": "m"}],
                "hand": [{"card": "例示用変身", "as": "s"}],
                "graveyard": [{"card": "ボルシャック・ドラゴン", "as": "model"}],
                "deck": 5,
            },
            "B": {"deck": 5},
        },
        s + mimic,
    )
    play_free(game, "s")
    m = obj(game, "m")
    assert (face(game, m).name, power(game, m), breaker(game, m)) == ("ボルシャック・ドラゴン", 6000, 2)
    assert not has_keyword(game, m, "blocker")  # its own abilities are gone while it copies
    game.answer("end_main")
    game.answer("end_attacks")
    m = obj(game, "m")
    assert (face(game, m).name, power(game, m)) == ("例示用変身体", 1000)
    assert has_keyword(game, m, "blocker")


def _granted_by_static(keyword: str, form: str, extra: str = "") -> str:
    given = f"{{keyword: {keyword}}}" if form == "keyword" else f"{{ability: {{keyword: {keyword}}}}}"
    return card("例示用キーワード付与", f"- static: {given}{extra}")


def _compiled_meaning(text: str) -> list[tuple[str, str, object, object]]:
    """What a card's abilities compile to, zone by zone: each part's kind, the keyword it marks and the
    abilities it gives (labels and the giving static's own spec left out)."""
    from tcgrules.games.duel_masters.abilities import compile_card

    (definition,) = L.load_text(text, "<test>", V)
    compiled = compile_card(definition)
    return [
        (zone, type(part).__name__, getattr(part, "keyword", None), getattr(part, "inner", None))
        for zone, parts in sorted(compiled.by_zone.items())
        for part in parts
    ]


KEYWORDS_READ_AS_A_CHARACTERISTIC = frozenset({"abyss_rush", "wave_striker"})


@pytest.mark.parametrize("keyword", sorted(V.keywords))
def test_static_keyword_gives_the_whole_keyword_or_is_refused(keyword: str) -> None:
    """``static: {keyword: K}`` for every keyword: it gives what ``static: {ability: {keyword: K}}`` gives
    (スレイヤー's trigger, マッハファイター's conditional statics), or the keyword's unconditional statics
    through the ``keywords`` characteristic (ブロッカー, W・ブレイカー), or the loader refuses it, naming the
    file, the line and what to write instead — never accepted to do nothing."""
    from tcgrules.games.duel_masters import characteristics as ch
    from tcgrules.games.duel_masters.actions import keyword_acts
    from tcgrules.games.duel_masters.keywords import KEYWORDS

    text = _granted_by_static(keyword, "keyword")
    try:
        L.load_text(text, "<test>", V)
    except DefinitionError as exc:
        message = str(exc)
        assert re.match(r"<test>:\d+", message), message
        assert f"keyword {keyword} " in message and ("write '" in message or "add 'zones: [" in message)
        assert V.keywords[keyword] or keyword in V.printed_keywords or keyword in V.keyword_zones
        if keyword in V.keyword_zones and not V.keywords[keyword]:  # in its zone, it works
            in_zone = f"\n  zones: [{V.keyword_zones[keyword]}]"
            meaning = _compiled_meaning(_granted_by_static(keyword, "keyword", in_zone))
            assert meaning and meaning == _compiled_meaning(_granted_by_static(keyword, "ability", in_zone))
        return
    assert not V.keywords[keyword] and keyword not in V.printed_keywords and keyword not in V.keyword_zones
    game = make({"turn": "A", "A": {"battle_zone": [{"card": "例示用キーワード付与", "as": "k"}]}}, text)
    assert keyword in ch.keywords(game, obj(game, "k"))  # the keyword filter sees it
    if keyword_acts(keyword):  # a trigger, a replacement or a conditional static: given as the ability
        meaning = _compiled_meaning(text)
        assert any(inner for _, _, _, inner in meaning)
        assert meaning == _compiled_meaning(_granted_by_static(keyword, "ability"))
    elif keyword in KEYWORDS_READ_AS_A_CHARACTERISTIC:  # the rules read it themselves (keywords.py rule)
        assert KEYWORDS[keyword].rule or KEYWORDS[keyword].play_from
    else:  # unconditional statics, read through the keyword (characteristics.keyword_statics)
        flags, breaker = ch.keyword_statics(keyword)
        assert flags or breaker > 1


def test_static_keyword_slayer_destroys_the_creature_it_battled() -> None:
    """``static: {keyword: slayer}`` (このクリーチャーは「スレイヤー」を得る) works as if printed: the
    creature it battles is destroyed after the battle, though it won."""
    slayer = card("例示用常在スレイヤー", "- static: {keyword: slayer}", power_=1000)
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "例示用常在スレイヤー", "as": "s"}]},
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "big", "tapped": True}]},
        },
        slayer,
    )
    game.inject({"attack": "s", "target": "big"})
    assert "ボルシャック・ドラゴン" in names(game, B, "graveyard")


def test_pattern_how_revolution_change_sees_the_creature_a_swap_put_in() -> None:
    """「革命チェンジ」によって出た時 (701.26): a creature put into the battle zone by 革命チェンジ's swap is
    seen by ``enters`` patterns — ``how: revolution_change`` only then, not when an effect puts it there."""
    changer = card(
        "例示用革命者",
        "- keyword: revolution_change\n  base: {race: ドラゴン}\n"
        "- trigger: {event: enters}\n  effect: [{draw: 1}]\n"
        "- trigger: {event: enters, how: revolution_change}\n  effect: [{draw: 1}]",
    )
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "b"}],
                "hand": [{"card": "例示用革命者", "as": "c"}],
                "deck": 5,
            },
            "B": {"shield_zone": ["アクア・ソルジャー"] * 3},
        },
        changer,
    )
    game.answer(next(lbl for lbl in game.pending.labels if lbl.endswith(":player")))  # type: ignore[union-attr]
    game.answer("yes")  # 革命チェンジ
    while game.pending is not None and game.pending.kind == "order_triggers":
        game.answer(game.pending.labels[0])
    assert obj(game, "c").zone == (A, "battle_zone") and obj(game, "b").zone == (A, "hand")
    assert len(game.zone((A, "deck"))) == 3  # both: it entered, and by 革命チェンジ
    put = spell("例示用直出し", "- put_into_battle_zone: {choose: 1, zone: hand, owner: you, type: creature}")
    game = make(
        {"turn": "A", "A": {"hand": [{"card": "例示用直出し", "as": "s"}, "例示用革命者"], "deck": 5}},
        changer + put,
    )
    play_free(game, "s")
    assert names(game, A, "battle_zone") == ["例示用革命者"]
    assert len(game.zone((A, "deck"))) == 4  # only the plain 出た時: not put in by 革命チェンジ


def test_trigger_ability_word_is_announced_and_read_by_ability_used() -> None:
    """「そのターン中に他の「ファイナル革命」をまだ使っていなければ」: an ability with an ``ability_word`` is
    announced as used when it resolves (its condition met); ``{event: ability_used, ability_word: W}`` sees
    the use, and a ``happened`` of it reads this turn's record — across every card with that word."""
    word = card(
        "例示用能力語",
        "- trigger: {event: enters}\n  ability_word: 例示革命\n"
        "  if: {not: {happened: {event: ability_used, ability_word: 例示革命, subject: any, player: you},"
        " during: this_turn}}\n  effect: [{draw: 1}]",
    )
    other_word = card(
        "例示用別の語", "- trigger: {event: enters}\n  ability_word: 例示別語\n  effect: [{mill: 1}]"
    )
    watcher = card(
        "例示用語の番人",
        "- trigger: {event: ability_used, ability_word: 例示革命, subject: any, player: you}\n"
        "  effect: [{charge: 1}]",
    )
    put = spell("例示用一斉", "- put_into_battle_zone: {all: true, zone: hand, owner: you, type: creature}")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用一斉", "as": "s"}, "例示用能力語", "例示用能力語", "例示用別の語"],
                "battle_zone": ["例示用語の番人"],
                "deck": 10,
            },
        },
        word + other_word + watcher + put,
    )
    play_free(game, "s")
    while game.pending is not None and game.pending.kind == "order_triggers":
        game.answer(game.pending.labels[0])
    assert len(game.zone((A, "hand"))) == 1  # one 例示革命 drew; the other found it used this turn
    assert len(game.zone((A, "mana_zone"))) == 1  # the watcher saw that one use (not 例示別語's)
    assert len(game.zone((A, "graveyard"))) == 2  # the spell, and 例示別語's mill
    assert sum(1 for r in game.log if r.data.get("event") == "ability_used") == 2
    with pytest.raises(DefinitionError, match="'ability_word' goes with 'event: ability_used'"):
        wrong = "- trigger: {event: enters, ability_word: 例示}\n  effect: [{draw: 1}]"
        make({"turn": "A"}, card("例示用誤り", wrong))


def test_selector_total_at_least_is_reached_before_the_chooser_may_stop() -> None:
    """コストの合計が10以上になるように好きな数選び: no "done" until the total reaches 10; when all the
    candidates together fall short, none is chosen (and a ``did`` of the step is false)."""
    s = spell(
        "例示用合計以上",
        "- return_to_hand: {any_number: true, owner: you, type: creature, total_at_least: {cost: 10}}\n"
        "  as: r\n"
        "- draw: 1\n  if: {did: r}",
    )
    board = {
        "turn": "A",
        "A": {
            "hand": [{"card": "例示用合計以上", "as": "s"}],
            "battle_zone": [
                {"card": "ボルシャック・ドラゴン", "as": "b1"},  # cost 6
                {"card": "ボルシャック・ドラゴン", "as": "b2"},
                {"card": "アクア・ソルジャー", "as": "q"},  # cost 3
            ],
            "deck": 3,
        },
    }
    game = make(board, s)
    play_free(game, "s")
    assert game.pending is not None and "done" not in game.pending.labels
    game.answer(label_for(game, "b1"))
    assert game.pending is not None and "done" not in game.pending.labels  # 6: not yet 10
    game.answer(label_for(game, "q"))
    assert game.pending is not None and "done" not in game.pending.labels  # 6 + 3 = 9: still short
    game.answer(label_for(game, "b2"))  # 15: reached, and nothing is left to choose
    assert game.pending is None or game.pending.kind != "choose_cards"
    assert names(game, A, "battle_zone") == [] and len(game.zone((A, "hand"))) == 4  # three back, one drawn
    board["A"]["battle_zone"] = board["A"]["battle_zone"][1:]  # 6 + 3: they cannot reach 10
    game = make(board, s)
    play_free(game, "s")
    assert game.pending is None or game.pending.kind != "choose_cards"
    assert len(names(game, A, "battle_zone")) == 2 and len(game.zone((A, "hand"))) == 0  # none, no draw
    with_stop = spell(
        "例示用合計以上で止める",
        "- return_to_hand: {any_number: true, owner: you, type: creature, total_at_least: {cost: 6}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用合計以上で止める", "as": "s"}],
                "battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "b1"}, "アクア・ソルジャー"],
            },
        },
        with_stop,
    )
    play_free(game, "s")
    game.answer(label_for(game, "b1"))  # 6: reached, so A may stop
    assert game.pending is not None and "done" in game.pending.labels
    game.answer("done")
    assert names(game, A, "battle_zone") == ["アクア・ソルジャー"]


def test_event_evolves_triggers_on_the_creature_an_evolution_is_put_on() -> None:
    """このクリーチャーが進化する時 (シンカパワー): the base's ability triggers when an evolution creature is
    put on it, though its card is now under the evolution, and resolves after it; the evolution card's own
    ``evolves`` ability does not trigger as it is put on top, and an entering that is no evolution does
    not trigger it either."""
    base = card("例示用進化元", "- trigger: {event: evolves}\n  effect: [{draw: 1}]")
    evolution = """
- name: 例示用進化先
  type: evolution_creature
  civilizations: [fire]
  cost: 1
  races: [ヒューマノイド]
  power: 5000
  text: (illustration)
  abilities:
    - keyword: evolution
      base: {race: ヒューマノイド}
    - trigger: {event: evolves}
      effect: [{mill: 1}]
"""
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用進化元", "as": "base"}],
                "hand": [{"card": "例示用進化先", "as": "evo"}, {"card": "例示用進化元", "as": "plain"}],
                "mana_zone": ["ボルシャック・ドラゴン"] * 3,
                "deck": 5,
            },
        },
        base + evolution,
    )
    assert game.pending is not None
    evolve = f"evolve:{label_for(game, 'evo')}"
    game.answer(next(lbl for lbl in game.pending.labels if lbl.startswith(evolve)))
    assert obj(game, "evo").cards == [cid(game, "evo"), cid(game, "base")]
    assert len(game.zone((A, "hand"))) == 2  # the base's draw; the evolution's own mill did not trigger
    assert names(game, A, "graveyard") == []
    play_free(game, "plain")  # put into the battle zone alone: no evolution
    assert len(game.zone((A, "hand"))) == 1 and len(game.zone((A, "deck"))) == 4


def test_property_choose_instead_of_opponent_takes_over_the_opponents_choice_of_creatures() -> None:
    """相手がクリーチャーを選ぶ時、相手のかわりに自分が選ぶ: B's spell chooses one of A's creatures — A
    chooses; a choice whose candidates the filter does not all describe (B's cards in the hand) stays B's."""
    rule = card(
        "例示用選択奪取",
        "- static: {choose_instead_of_opponent: {type: creature, in_zone: battle_zone}}\n  to: you",
    )
    kill = spell("例示用選び除去", "- destroy: {choose: 1, owner: opponent, type: creature}")
    discard = spell("例示用選び捨て", "- discard: {choose: 1, owner: you}")
    game = make(
        {
            "turn": "B",
            "A": {
                "battle_zone": [
                    {"card": "例示用選択奪取", "as": "r"},
                    {"card": "ボルシャック・ドラゴン", "as": "b"},
                ]
            },
            "B": {
                "hand": [
                    {"card": "例示用選び除去", "as": "k"},
                    {"card": "例示用選び捨て", "as": "d"},
                    "屑男",
                    "屑男",
                ],
            },
        },
        rule + kill + discard,
    )
    play_free(game, "k", B)
    assert game.pending is not None and game.pending.player == A  # A chooses which of A's creatures
    game.answer(label_for(game, "r"))
    assert obj(game, "r").zone == (A, "graveyard") and obj(game, "b").zone == (A, "battle_zone")
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": ["例示用選択奪取"]},
            "B": {"hand": [{"card": "例示用選び捨て", "as": "d"}, "屑男", "ボルシャック・ドラゴン"]},
        },
        rule + discard,
    )
    play_free(game, "d", B)
    assert game.pending is not None and game.pending.player == B  # cards in the hand: B's own choice


def test_ability_use_from_and_pattern_used_from() -> None:
    """この呪文を自分の墓地から唱えてもよい。そうしたら、唱えた後、墓地に置くかわりに山札の一番下に置く: the
    card is offered in the main step from that zone, paying its cost; going on from ``pending`` after a
    use from there (``used_from``), it goes to the deck bottom — cast from the hand, to the graveyard."""
    again = """
- name: 例示用墓地詠唱
  type: spell
  civilizations: [fire]
  cost: 1
  text: (illustration)
  abilities:
    - use_from: [graveyard]
    - replace: {event: moved, from: pending, to: graveyard, used_from: graveyard}
      zones: [pending]
      instead: [{move: {what: this, to: deck_bottom}}]
    - spell: [{draw: 1}]
"""
    plain = spell("例示用墓地の呪文", "- draw: 1")
    game = make(
        {
            "turn": "A",
            "A": {
                "graveyard": [{"card": "例示用墓地詠唱", "as": "g"}, {"card": "例示用墓地の呪文", "as": "p"}],
                "mana_zone": ["ボルシャック・ドラゴン"],
                "deck": 3,
            },
        },
        again + plain,
    )
    assert game.pending is not None
    labels = game.pending.labels
    assert f"cast:{label_for(game, 'g')}" in labels and f"cast:{label_for(game, 'p')}" not in labels
    game.answer(f"cast:{label_for(game, 'g')}")
    assert len(game.zone((A, "hand"))) == 1  # it resolved
    deck = game.zone((A, "deck"))
    assert obj(game, "g").zone == (A, "deck") and deck[0] == obj(game, "g").oid  # the bottom
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用墓地詠唱", "as": "g"}], "mana_zone": ["屑男"], "deck": 3},
        },
        again,
    )
    play_free(game, "g")
    assert obj(game, "g").zone == (A, "graveyard")  # used from the hand: the replacement does not apply


def test_step_modes_repeats_lets_the_same_mode_be_chosen_again() -> None:
    """次の中から2回選ぶ。(同じものを選んでもよい): one mode at a time, twice; the same one twice runs
    twice."""
    s = spell(
        "例示用重複モード",
        "- modes:\n    count: 2\n    repeats: true\n    options:\n      - [{draw: 1}]\n      - [{mill: 1}]",
    )
    game = make({"turn": "A", "A": {"hand": [{"card": "例示用重複モード", "as": "s"}], "deck": 5}}, s)
    play_free(game, "s")
    assert game.pending is not None and game.pending.kind == "choose_mode" and game.pending.max == 1
    game.answer("mode1")
    assert game.pending is not None and game.pending.kind == "choose_mode"
    game.answer("mode1")
    assert len(game.zone((A, "hand"))) == 2 and len(game.zone((A, "graveyard"))) == 1  # two draws; the spell


def test_106_4_loses_civilizations_in_every_zone_and_in_what_costs_ask() -> None:
    """「このゲームで使うカード、そのコスト、そのテキスト内のコストはすべて文明を失う」 (希望のジョー星):
    ``loses_civilizations: true`` with a ``to`` naming every zone — the cards have no civilization (the
    ``colorless`` filter sees it, the ``civilization`` filter no longer does), and their costs ask mana
    only: a fire card is summoned with water mana, and a text cost's [火(2)] (``use`` with
    ``civilizations``) is paid the same way. Without the static the fire card is not offered."""
    from tcgrules.cards.schema import Filter
    from tcgrules.games.duel_masters.characteristics import civilizations, matches
    from tcgrules.games.duel_masters.play import playable_faces

    field = card(
        "例示用無色化",
        "- static: {loses_civilizations: true}\n"
        "  to: {zone: [deck, hand, mana_zone, graveyard, battle_zone, shield_zone], owner: any}",
    )
    water = card("例示用水", "- keyword: blocker").replace("[fire]", "[water]")
    payer = card(
        "例示用文明払い",
        "- trigger: {event: enters, subject: this}\n  effect:\n"
        "    - use: {what: {zone: hand, owner: you, name: 例示用標的, choose: 1},"
        " cost: 2, civilizations: [fire]}",
    )
    target = card("例示用標的", "- keyword: blocker")

    def spec(with_field: bool) -> dict[str, object]:
        return {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [{"card": "例示用標的", "as": "t"}, {"card": "例示用文明払い", "as": "p"}],
                "mana_zone": ["例示用水", "例示用水", "例示用水", "例示用水"],
                "graveyard": [{"card": "例示用標的", "as": "g"}],
                "deck": 5,
            },
            "B": {"battle_zone": ["例示用無色化"] if with_field else [], "deck": 5},
        }

    cards = field + water + payer + target
    game = make(spec(False), cards)
    assert playable_faces(game, obj(game, "t")) == []  # fire, and no fire mana
    assert civilizations(game, obj(game, "g")) == ("fire",)
    game = make(spec(True), cards)
    for alias in ("t", "g"):  # the hand and the graveyard alike
        assert civilizations(game, obj(game, alias)) == ()
        assert matches(game, obj(game, alias), Filter(colorless=True, v2=True))
        assert not matches(game, obj(game, alias), Filter(civilizations=("fire",), v2=True))
    assert playable_faces(game, obj(game, "t")) == [0]  # its cost asks no civilization now
    game.inject({"play": cid(game, "p")})  # 2 of the 4 water mana, no fire
    assert "例示用文明払い" in names(game, A, "battle_zone")
    assert names(game, A, "battle_zone") == ["例示用文明払い", "例示用標的"]  # [火(2)] paid with water
    assert all(o.tapped for o in game.objects_in((A, "mana_zone")))


def test_summon_from_any_turn_lets_an_effects_summon_take_the_card_from_that_zone_once_a_turn() -> None:
    """「各ターンに一度、自分の墓地からドラゴン・クリーチャーを1体召喚してもよい」 (``summon_from`` with
    ``any_turn``): an effect that lets its player summon a creature from the hand — here in the opponent's
    turn — may take one the permission describes from the graveyard instead; a second such summon that turn
    offers the hand only; without ``any_turn`` (「自分のターン中」) the graveyard is never offered so."""
    reaper = card(
        "例示用墓地召喚",
        "- static: {summon_from: {zone: graveyard, what: {type: creature, race: ヒューマノイド},"
        " any_turn: true}}\n  to: you",
    )
    own_turn = card(
        "例示用自ターン墓地召喚",
        "- static: {summon_from: {zone: graveyard, what: {type: creature, race: ヒューマノイド}}}\n  to: you",
    )
    caller = spell(
        "例示用召喚呪文", "- use: {what: {zone: hand, owner: you, type: creature, choose: 1}, free: true}"
    )
    cards = reaper + own_turn + caller + card("例示用手札", "- keyword: blocker")

    def spec(permission: str) -> dict[str, object]:
        return {
            "turn": "B",
            "A": {
                "battle_zone": [permission],
                "hand": [
                    {"card": "例示用召喚呪文", "as": "s1"},
                    {"card": "例示用召喚呪文", "as": "s2"},
                    {"card": "例示用手札", "as": "h"},
                ],
                "graveyard": [{"card": "例示用手札", "as": "g1"}, {"card": "例示用手札", "as": "g2"}],
                "deck": 5,
            },
            "B": {"deck": 5},
        }

    def offered(game: Game) -> set[str]:
        assert game.pending is not None and game.pending.kind == "choose_cards"
        return set(game.pending.labels)

    game = make(spec("例示用墓地召喚"), cards)
    play_free(game, "s1", A)
    h, g1, g2 = (label_for(game, a) for a in ("h", "g1", "g2"))
    assert {h, g1, g2} <= offered(game)
    game.answer(g1)
    assert obj(game, "g1").zone == (A, "battle_zone")  # summoned from the graveyard in the opponent's turn
    play_free(game, "s2", A)  # 「1体」: once this turn — the hand's creature is the only one left to take
    assert game.pending is None or game.pending.kind != "choose_cards"
    assert obj(game, "h").zone == (A, "battle_zone") and obj(game, "g2").zone == (A, "graveyard")
    game = make(spec("例示用自ターン墓地召喚"), cards)
    play_free(game, "s1", A)  # 「自分のターン中」 only: the graveyard is not offered to the effect
    assert game.pending is None or game.pending.kind != "choose_cards"
    assert obj(game, "h").zone == (A, "battle_zone") and obj(game, "g1").zone == (A, "graveyard")


@pytest.mark.dm_rules("700.3", "601.1b")
def test_property_cannot_put_into_battle_zone_reads_the_card_where_it_is() -> None:
    """クリーチャーを、墓地からバトルゾーンに出せない (墓標の封じ 遥典): `cannot_put_into_battle_zone`
    with the filter `in_zone: graveyard` stops an effect's put of a graveyard creature (700.3) — the same
    effect still puts a creature of the hand (a summon from the graveyard not being offered, 601.1b, is
    tests/cards/modern/DMRP-09_haruten_no_graveyard_creatures.yaml)."""
    s = spell(
        "例示用墓地封じ",
        "- continuous: {ability: {static:"
        " {cannot_put_into_battle_zone: {type: creature, in_zone: graveyard}}}}\n"
        "- put_into_battle_zone: {all: true, zone: [graveyard, hand], owner: you, type: creature}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用墓地封じ", "as": "s"},
                    {"card": "ボルシャック・ドラゴン", "as": "from_hand"},
                ],
                "graveyard": [{"card": "ボルシャック・ドラゴン", "as": "from_grave"}],
            },
        },
        s,
    )
    play_free(game, "s")
    assert obj(game, "from_hand").zone == (A, "battle_zone")
    assert obj(game, "from_grave").zone == (A, "graveyard")
    assert [r for r in game.log if r.kind == "prohibited"]


@pytest.mark.dm_rules("601.1b")
def test_property_cannot_use_with_in_zone_forbids_the_cards_of_that_zone_only() -> None:
    """呪文を墓地から唱えることはできない: `cannot_use: {type: spell, in_zone: graveyard}` — a filter
    judged on a card's face reads `in_zone` on the card's object — forbids a spell of the graveyard; the
    same spell in the hand is still cast."""
    s = spell(
        "例示用墓地詠唱封じ",
        "- continuous: {ability: {static: {cannot_use: {type: spell, in_zone: graveyard}}}}\n"
        "- use: {what: {all: true, zone: [graveyard, hand], owner: you, name: 例示用引く呪文}, free: true}",
    )
    draw = spell("例示用引く呪文", "- draw: 1")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用墓地詠唱封じ", "as": "s"},
                    {"card": "例示用引く呪文", "as": "in_hand"},
                ],
                "graveyard": [{"card": "例示用引く呪文", "as": "in_grave"}],
                "deck": 5,
            },
        },
        s + draw,
    )
    play_free(game, "s")
    while game.pending is not None and game.pending.kind in ("order_triggers", "choose_cards"):
        game.answer(game.pending.labels[0])
    assert obj(game, "in_grave").zone == (A, "graveyard")
    assert len(game.zone((A, "hand"))) == 1  # the hand's spell was cast (it drew a card), the other was not


@pytest.mark.dm_rules("601.1")
def test_property_cost_reductions_ignored_skips_the_lowering_changes_only() -> None:
    """相手のカードを使うコストを少なくする能力は無効になる (煌ノ裁徒 ダイヤモン星): for the players
    `cost_reductions_ignored` applies to, a change that lowers a card's cost does not apply while one that
    raises it still does; the controller's own cards are reduced as usual."""
    s = spell(
        "例示用軽減封じ",
        "- continuous: {ability: {static: {cost_reductions_ignored: true}, to: opponent}}\n"
        "- cost: {what: {all: true, zone: hand, owner: any, name: ボルシャック・ドラゴン}, add: -2,"
        " until: end_of_turn}\n"
        "- cost: {what: {all: true, zone: hand, owner: opponent, name: ボルシャック・ドラゴン}, add: 1,"
        " until: end_of_turn}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用軽減封じ", "as": "s"},
                    {"card": "ボルシャック・ドラゴン", "as": "mine"},
                ]
            },
            "B": {"hand": [{"card": "ボルシャック・ドラゴン", "as": "theirs"}]},
        },
        s,
    )
    play_free(game, "s")
    assert cost(game, obj(game, "theirs")) == 7  # 6, the −2 ignored, the +1 applied
    assert cost(game, obj(game, "mine")) == 4


def test_filter_moved_by_names_the_cards_whose_newest_move_a_source_caused() -> None:
    """このカードの効果で…置いた (王家の秘宝): `moved_by: {card: this}` matches the cards this card's effect
    moved where they are now (the game's record), not a card of the same zone that got there otherwise."""
    s = spell(
        "例示用移動記録",
        "- put_into_graveyard: {all: true, owner: opponent, type: creature}\n"
        "- return_to_hand: {all: true, zone: graveyard, owner: opponent, moved_by: {card: this}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用移動記録", "as": "s"}]},
            "B": {
                "battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "moved"}],
                "graveyard": [{"card": "ボルシャック・ドラゴン", "as": "before"}],
            },
        },
        s,
    )
    play_free(game, "s")
    assert obj(game, "moved").zone == (B, "hand")
    assert obj(game, "before").zone == (B, "graveyard")


_INVADER = (
    "- name: {name}\n  type: evolution_creature\n  civilizations: [nature]\n  cost: 3\n"
    "  races: [テスト]\n  power: 3000\n  text: (illustration)\n  abilities:\n"
    "    - keyword: evolution\n      base: {{civilization: nature}}\n"
    "    - keyword: invasion\n      base: {{civilization: nature}}\n{extra}"
)


def _invasion_attack(invader: str, zone: str, also_from: str) -> Game:
    """A game where 例示用自然 attacks the player while ``invader`` (例示用侵略, or 例示用S級侵略 with
    ``also_from: [also_from]``) is in A's ``zone``."""
    cards = (
        _INVADER.format(name="例示用S級侵略", extra=f"      also_from: [{also_from}]\n")
        + _INVADER.format(name="例示用侵略", extra="")
        + card("例示用自然", "- keyword: blocker").replace("[fire]", "[nature]")
    )
    own: dict[str, list[dict[str, str]]] = {"battle_zone": [{"card": "例示用自然", "as": "base"}]}
    own.setdefault(zone, []).append({"card": invader, "as": "inv"})
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {**own, "deck": 5},
            "B": {"shield_zone": ["アクア・ソルジャー"], "deck": 5},
        },
        cards,
    )
    decision = game.pending
    assert decision is not None
    game.answer(f"attack:{label_for(game, 'base')}:player")
    return game


def test_keyword_invasion_also_from_lets_the_card_invade_from_those_zones_too() -> None:
    """S級侵略「原始」—X (「自分の手札またはマナゾーンにあるこのクリーチャーをその上に重ねてもよい」) is 侵略
    with ``also_from: [mana_zone]``: the card in the mana zone is offered when a creature it names attacks,
    and goes on top of it; plain 侵略 (no ``also_from``) is not offered from the mana zone. A zone name that
    is not one is refused, naming the field."""
    game = _invasion_attack("例示用S級侵略", "mana_zone", "mana_zone")
    assert game.pending is not None and game.pending.kind == "use_trigger"
    game.answer("yes")
    assert obj(game, "inv").zone == (A, "battle_zone") and obj(game, "inv") is obj(game, "base")
    game = _invasion_attack("例示用侵略", "mana_zone", "mana_zone")
    assert obj(game, "inv").zone == (A, "mana_zone")
    assert game.pending is None or game.pending.kind != "use_trigger"
    bad = _INVADER.format(name="例示用誤り", extra="      also_from: [sky]\n")
    with pytest.raises(DefinitionError, match=r"also_from"):
        L.load_text(bad, "test", V)


def test_keyword_invasion_works_from_the_hand_only_unless_also_from_says_the_battle_zone() -> None:
    """侵略—X's reminder says 「自分の手札にあるこのクリーチャー」: a 侵略 creature already in the battle
    zone is not offered when another creature it names attacks. S級侵略[宇宙]
    (「バトルゾーンまたは自分の手札にある」) is ``also_from: [battle_zone]``: from there it goes on top."""
    game = _invasion_attack("例示用侵略", "battle_zone", "battle_zone")
    assert game.pending is None or game.pending.kind != "use_trigger"
    assert obj(game, "inv") is not obj(game, "base")
    game = _invasion_attack("例示用S級侵略", "battle_zone", "battle_zone")
    assert game.pending is not None and game.pending.kind == "use_trigger"
    game.answer("yes")
    assert obj(game, "inv") is obj(game, "base")


def test_step_optional_opponent_asks_the_controllers_opponent() -> None:
    """相手は…てもよい (``optional: opponent``): the step's yes or no is asked to the other player, not to
    the ability's controller; ``optional: you`` is the controller's, as ``optional: true``. Anything else is
    refused, naming the field."""
    giver = spell("例示用相手任意", "- draw: {count: 2, player: opponent}\n  optional: opponent")
    spec = {"turn": "A", "A": {"hand": [{"card": "例示用相手任意", "as": "s"}], "deck": 5}, "B": {"deck": 5}}
    for answer, drawn in (("yes", 2), ("no", 0)):
        game = make(spec, giver)
        play_free(game, "s", A)
        decision = game.pending
        assert decision is not None and decision.kind == "may" and decision.player == B
        game.answer(answer)
        assert len(game.zone((B, "hand"))) == drawn and len(game.zone((A, "hand"))) == 0
    own = spell("例示用自分任意", "- draw: 1\n  optional: you")
    game = make({"turn": "A", "A": {"hand": [{"card": "例示用自分任意", "as": "s"}], "deck": 5}}, own)
    play_free(game, "s", A)
    assert game.pending is not None and game.pending.kind == "may" and game.pending.player == A
    with pytest.raises(DefinitionError, match=r"optional"):
        L.load_text(spell("例示用誤任意", "- draw: 1\n  optional: each"), "test", V)


def test_quantity_civilizations_counts_distinct_civilizations() -> None:
    """…にある文明の数 (``{civilizations: SEL}``, 106): a multicoloured card counts each of its own, a
    civilization two cards share counts once, and the other player's cards are not described."""
    s = spell("例示用文明数", "- draw: {count: {civilizations: {zone: mana_zone, owner: you}}}")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用文明数", "as": "s"}],
                "deck": 10,
                "mana_zone": [
                    "Dolmarks, the Shadow Warrior",
                    "うごめく者ボーン・グール",
                    "アクア・ソルジャー",
                ],
            },
            "B": {"mana_zone": ["碧玉草"]},
        },
        s,
    )
    play_free(game, "s")
    assert len(game.zone((A, "hand"))) == 3  # darkness, fire, water


@pytest.mark.dm_rules("507.1a", "507.2b")
def test_property_redirects_attack_untaps_and_bends_an_attack_that_is_no_block() -> None:
    """攻撃曲げ (``redirects_attack``): a tapped creature with it untaps and the attack on a player goes to a
    creature its filter describes — itself with 「このクリーチャーまたは…」, not an untapped one; 「ブロック
    されない」 does not stop it (not a block), and an untapped bender is not offered."""
    bender = card(
        "例示用攻撃曲げ",
        "- static: {redirects_attack: {any_of: [{not: {other: true}}, {tapped: true}]}}",
        power_=5000,
    )
    unblockable = card("例示用不可視", "- static: {cannot_be_blocked: true}", power_=1000)
    cards = bender + unblockable + card("例示用置物", "- keyword: blocker", power_=1000)

    def attack(bender_tapped: bool) -> Game:
        game = make(
            {
                "turn": "B",
                "step": "attack",
                "A": {
                    "battle_zone": [
                        {"card": "例示用攻撃曲げ", "as": "u", "tapped": bender_tapped},
                        {"card": "例示用置物", "as": "idle"},
                    ],
                    "shield_zone": ["アクア・ソルジャー"],
                    "deck": 5,
                },
                "B": {"battle_zone": [{"card": "例示用不可視", "as": "x"}], "deck": 5},
            },
            cards,
        )
        decision = game.pending
        assert decision is not None
        game.answer(next(lbl for lbl in decision.labels if lbl.endswith(":player")))
        return game

    game = attack(True)
    decision = game.pending
    assert decision is not None and decision.kind == "block" and decision.player == A
    u, idle = label_for(game, "u"), label_for(game, "idle")
    assert f"redirect:{u}:{u}" in decision.labels and f"redirect:{u}:{idle}" not in decision.labels
    game.answer(f"redirect:{u}:{u}")
    assert not obj(game, "u").tapped and obj(game, "x").zone == (B, "graveyard")  # 5000 beats 1000
    assert len(game.zone((A, "shield_zone"))) == 1  # no shield broken: the attack went to the creature
    game = attack(False)
    assert game.pending is None or game.pending.kind != "block"  # untapped: it cannot untap to bend


def test_did_and_done_must_name_what_a_step_saved_not_a_selector() -> None:
    """``{did: NAME}`` / ``{done: NAME}`` / ``{moved: NAME}`` read what a step did, saved by ``as:`` beside
    the step (605.2c こうして): a name only a selector saves (what was chosen), or no step saves, would read
    as nothing — the loader refuses both, saying which fix applies; the name beside the step loads."""
    chosen_only = (
        "- discard: {up_to: 2, owner: you, as: thrown}\n- destroy: {choose: {done: thrown}, type: creature}"
    )
    with pytest.raises(DefinitionError, match="'thrown' is saved by a selector's 'as:'"):
        make({}, spell("例示用誤用", chosen_only))
    never = "- discard: {up_to: 2, owner: you}\n- draw: 1\n  if: {did: thrown}"
    with pytest.raises(DefinitionError, match="no step of this ability saves with 'as: thrown'"):
        make({}, spell("例示用誤用", never))
    beside = (
        "- discard: {up_to: 2, owner: you}\n  as: thrown\n- destroy: {choose: {done: thrown}, type: creature}"
    )
    make({}, spell("例示用正用", beside))  # loads


def test_pattern_during_turn_triggers_only_during_that_players_turn() -> None:
    """相手のターン中に、このクリーチャーが破壊された時: ``during_turn: opponent`` is part of the trigger
    condition (603.1) — destroyed on its controller's own turn the ability does not trigger at all (nothing
    waits, nothing is asked), on the opponent's turn it does; in a record read it is refused."""
    watcher = card(
        "例示用相手番", "- trigger: {event: destroyed, during_turn: opponent}\n  effect: [{draw: 1}]"
    )
    wipe = spell("例示用全滅", "- destroy: {all: true, type: creature}")
    for turn, drawn in (("A", 0), ("B", 1)):
        caster = {"hand": [{"card": "例示用全滅", "as": "w"}], "deck": 5}
        game = make(
            {
                "turn": turn,
                "A": {"battle_zone": ["例示用相手番"], "deck": 5, **(caster if turn == "A" else {})},
                "B": {"deck": 5, **(caster if turn == "B" else {})},
            },
            watcher + wipe,
        )
        play_free(game, "w", A if turn == "A" else B)
        assert "例示用相手番" in names(game, A, "graveyard")
        assert len(game.zone((A, "deck"))) == 5 - drawn
    with pytest.raises(DefinitionError, match="'during_turn' goes with a trigger or a replacement"):
        text = (
            "- trigger: {event: attacks}\n"
            "  if: {happened: {event: enters, during_turn: you}, during: this_turn}\n"
            "  effect: [{draw: 1}]"
        )
        make({}, card("例示用記録誤用", text))


def test_quantity_events_reads_a_record_whose_object_has_moved_on_since() -> None:
    """このターンに…ブレイクされた: a record read finds the card of an event's object that has moved on
    since (109.2: a broken shield summoned by its S・トリガー is a new object again) — two shields broken,
    one of them the S・トリガー creature now in the battle zone, count two."""
    trigger = card("例示用盾兵", "- keyword: shield_trigger")  # a creature with S・トリガー and nothing else
    counter = card(
        "例示用被弾計",
        "- static: {power: 1000}\n"
        "  if: {at_least: [{events: {event: broken, subject: {zone: shield_zone, owner: you}},"
        " during: this_turn}, 2]}",
    )
    game = make(
        {
            "turn": "B",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "例示用被弾計", "as": "counter"}],
                "shield_zone": ["例示用盾兵", "例示用盾兵", "例示用盾兵"],
            },
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "bolshack"}]},
        },
        trigger + counter,
    )
    assert power(game, obj(game, "counter")) == 2000
    game.answer(f"attack:c{obj(game, 'bolshack').top}:player")
    game.answer("shield_zone:1", "shield_zone:2")
    game.answer("yes")  # the first shield's S・トリガー: summoned, a new object
    game.answer("no")
    assert len(names(game, A, "battle_zone")) == 2
    assert power(game, obj(game, "counter")) == 3000  # both breaks counted


@pytest.mark.dm_rules("603.4")
def test_trigger_if_is_read_as_the_ability_triggers_not_as_it_resolves() -> None:
    """``trigger_if: C`` (「…時、Cならば」 read as the ability triggers, 《球遊者 イドコロガワリ》's wiki
    page): true then and false at resolution, the ability still resolves; false then and true later, it never
    triggered — the contrary of ``if``, read as it resolves (603.4)."""
    watcher = card(
        "例示用見張り",
        "- trigger: {event: destroyed, subject: {owner: opponent, type: creature}}\n"
        "  trigger_if: {exists: {owner: opponent, type: creature, tapped: true}}\n"
        "  effect: [{draw: 1}]",
    )
    destroy = "- destroy: {choose: 1, owner: opponent, name: 例示用標的}\n"
    untap_after = spell("例示用解放", destroy + "- untap: {all: true, owner: opponent}")
    tap_after = spell("例示用拘束", destroy + "- tap: {all: true, owner: opponent}")
    extra = watcher + untap_after + tap_after + card("例示用標的", "- keyword: blocker")
    for s, tapped, drawn in (("例示用解放", True, 1), ("例示用拘束", False, 0)):
        game = make(
            {
                "turn": "A",
                "A": {"hand": [{"card": s, "as": "s"}], "battle_zone": ["例示用見張り"], "deck": 5},
                "B": {"battle_zone": ["例示用標的", {"card": "アクア・ソルジャー", "tapped": tapped}]},
            },
            extra,
        )
        play_free(game, "s")
        assert names(game, B, "graveyard") == ["例示用標的"]
        assert len(game.zone((A, "hand"))) == drawn, s


@pytest.mark.dm_rules("605.2b")
def test_chosen_pattern_sees_the_opponents_choices_only() -> None:
    """``{event: chosen, player: opponent}`` (「相手がこのクリーチャーを選ぶ時」, the wiki's
    「選ばれた時」): the opponent's spell choosing it triggers the ability, which resolves after the spell
    (it waits); a spell's 「すべて」 does not choose (605.2b), nor does its own controller's choice
    (選ばせ除去), and ``by`` reads the choosing effect's source (相手の呪文の効果によって)."""
    watched = card(
        "例示用感応",
        "- trigger: {event: chosen, player: opponent, by: {player: opponent, kind: spell}}\n"
        "  effect: [{draw: 1}]",
    )
    one = spell("例示用一体破壊", "- destroy: {choose: 1, owner: opponent, type: creature}")
    every = spell("例示用全体破壊", "- destroy: {all: true, owner: opponent, type: creature}")
    own = spell("例示用選ばせ", "- destroy: {choose: 1, owner: opponent, type: creature, chooser: opponent}")
    extra = watched + one + every + own
    for s, drawn in (("例示用一体破壊", 1), ("例示用全体破壊", 0), ("例示用選ばせ", 0)):
        game = make(
            {
                "turn": "A",
                "A": {"hand": [{"card": s, "as": "s"}]},
                "B": {"battle_zone": [{"card": "例示用感応", "as": "w"}], "deck": 5},
            },
            extra,
        )
        play_free(game, "s")
        assert names(game, B, "graveyard") == ["例示用感応"], s
        assert len(game.zone((B, "hand"))) == drawn, s  # it triggered as chosen, and resolved after the spell
    with pytest.raises(DefinitionError, match="'event: chosen' goes with a trigger"):
        make({}, card("例示用誤用", "- replace: {event: chosen}\n  instead: [{draw: 1}]"))


@pytest.mark.dm_rules("601.1")
def test_use_for_less_offers_a_cheaper_use_with_what_rides_along() -> None:
    """``use_for_less: Q`` with ``effect`` (「このクリーチャーを、コストをQ少なくして召喚してもよい。
    そうしたら、…」): the main step offers the card for Q less (never below 1), counted as it is
    offered; used so, the ``effect`` runs once it has entered — the ordinary use, still offered, runs
    nothing."""
    cheap = card("例示用値引き", "- use_for_less: 2\n  effect: [{draw: 1}]", power_=3000)
    for label_of, drawn, untapped in (("less", 1, 2), ("summon", 0, 1)):  # cost 2: 1 for less, 2 else
        game = make(
            {
                "turn": "A",
                "A": {"hand": [{"card": "例示用値引き", "as": "c"}], "mana_zone": ["喧嘩屋タイラー"] * 3},
            },
            cheap,
        )
        decision = game.pending
        assert decision is not None
        label = f"{label_of}:c{cid(game, 'c')}"
        assert label in decision.labels, decision.labels
        game.answer(label)
        assert names(game, A, "battle_zone") == ["例示用値引き"]
        assert len(game.zone((A, "hand"))) == drawn
        assert sum(not o.tapped for o in game.objects_in((A, "mana_zone"))) == untapped


@pytest.mark.dm_rules("605.2d")
def test_shares_civilization_with_reads_a_destroyed_creature_as_it_was_in_the_battle_zone() -> None:
    """``shares_civilization_with: SEL`` (それと同じ文明を持つ): a civilization in common with another object
    the selector describes; one destroyed is read as it was in the battle zone, a civilization an effect
    gave it there included (605.2d's first example, 605.2e) — not as its card now is."""
    s = spell(
        "例示用同色除去",
        "- destroy: {choose: 1, owner: opponent, type: creature}\n  as: gone\n"
        "- destroy: {all: true, owner: opponent, type: creature, shares_civilization_with: $gone}",
    )
    tinted = card("例示用染色", "- static: {civilization: water}")  # fire, and water in the battle zone
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用同色除去", "as": "s"}]},
            "B": {"battle_zone": [{"card": "例示用染色", "as": "t"}, "アクア・ビークル", "屑男"]},
        },
        s + tinted,
    )
    play_free(game, "s")
    answer = game.pending
    assert answer is not None
    game.answer(label_for(game, "t"))
    assert sorted(names(game, B, "graveyard")) == sorted(["例示用染色", "アクア・ビークル"])  # water shared
    assert names(game, B, "battle_zone") == ["屑男"]  # darkness: nothing in common


@pytest.mark.dm_rules("605.2d", "608.2b")
def test_continuous_fixes_a_number_read_off_what_the_effect_saved() -> None:
    """A static an effect makes (`continuous`) that reads a number off what the effect saved — 「その
    クリーチャーとコストが同じカードを相手はバトルゾーンに出せない」 (`cost: {cost_of: $NAME}` in
    `cannot_put_into_battle_zone`, ジェイ-SHOCKER's shape) — counts it once as it is made (605.2d), so it
    still reads it after the effect is over and the creature has moved on."""
    s = spell(
        "例示用同コスト封じ",
        "- return_to_hand: {choose: 1, owner: you, type: creature}\n  as: back\n"
        "- continuous:\n"
        "    ability: {static: {cannot_put_into_battle_zone: {cost: {cost_of: $back}}}, to: opponent}\n"
        "    until: your_next_turn_start",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用同コスト封じ", "as": "s"}], "battle_zone": ["喧嘩屋タイラー"]},
            "B": {
                "hand": [{"card": "喧嘩屋タイラー", "as": "two"}, {"card": "青銅の鎧", "as": "three"}],
                "mana_zone": ["喧嘩屋タイラー"] * 3 + ["青銅の鎧"] * 3,
            },
        },
        s,
    )
    play_free(game, "s")
    assert names(game, A, "hand") == ["喧嘩屋タイラー"]
    game.answer("end_main")
    while game.pending is not None and not (game.pending.player == B and game.pending.kind == "main"):
        game.answer("skip" if "skip" in game.pending.labels else game.pending.labels[-1])  # to B's main step
    decision = game.pending
    assert decision is not None and decision.player == B
    assert f"summon:c{cid(game, 'three')}" in decision.labels  # cost 3: allowed
    assert f"summon:c{cid(game, 'two')}" not in decision.labels  # cost 2, as the returned creature: not


@pytest.mark.dm_rules("409.1d")
def test_may_be_used_is_given_for_a_duration_and_lost_once_the_card_was_pending() -> None:
    """``grant: {property: may_be_used}`` (「このターン、自分のマナゾーンから召喚してもよい」): the card is
    offered from the zone it is in; summoned and kept there by a replacement (とどまる: the same object,
    409.2), it has lost what it was given before it was pending (409.1d) and is not offered again."""
    permit = spell(
        "例示用許可",
        "- grant: {what: {choose: 1, zone: mana_zone, owner: you, type: creature},"
        " property: may_be_used, until: end_of_turn}",
    )
    keeper = card(
        "例示用足止め",
        "- replace: {event: enters, subject: {owner: opponent, type: creature}}\n"
        "  instead: [{stay: event.subject}]",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用許可", "as": "p"}],
                "mana_zone": [{"card": "喧嘩屋タイラー", "as": "t"}, *["喧嘩屋タイラー"] * 5],
            },
            "B": {"battle_zone": ["例示用足止め"]},
        },
        permit + keeper,
    )
    label = f"summon:c{cid(game, 't')}"
    assert game.pending is not None and label not in game.pending.labels  # not before it is given
    play_free(game, "p")
    if game.pending is not None and game.pending.kind == "choose_cards":
        game.answer(label_for(game, "t"))
    assert game.pending is not None and label in game.pending.labels
    before = obj(game, "t").oid
    game.answer(label)
    assert obj(game, "t").zone == (A, "mana_zone") and obj(game, "t").oid == before  # it stayed
    assert game.pending is not None and label not in game.pending.labels  # 409.1d: lost


def test_turn_sideways_marks_a_card_where_it_is_and_the_filter_reads_it() -> None:
    """``turn_sideways: SEL`` (横向きにする, sideways.py): the card is marked where it is — the filter
    ``sideways`` finds it there, and once it has moved (a new object, 109.2) it is no longer marked."""
    s = spell(
        "例示用横向き",
        "- turn_sideways: {all: true, zone: deck, owner: opponent, top: 1}\n"
        "- draw: {count: {count: {zone: deck, owner: opponent, sideways: true}}}",
    )
    game = make({"turn": "A", "A": {"hand": [{"card": "例示用横向き", "as": "s"}]}, "B": {"deck": 3}}, s)
    play_free(game, "s")
    assert len(game.zone((A, "hand"))) == 1  # one sideways card in the opponent's deck: drew one
    top = game.objects[game.zone((B, "deck"))[-1]]
    assert top.state.get("sideways")
    game.inject({"event": "move", "target": top.top, "to": "mana_zone"})
    assert not any(o.state.get("sideways") for o in game.objects_in((B, "mana_zone")))


@pytest.mark.dm_rules("801.1")
def test_use_onto_puts_the_card_on_the_chosen_cards_of_the_battle_zone_and_the_graveyard() -> None:
    """``use``'s ``onto: SEL`` (…をそれらの上に召喚する, 無月の門): the card is summoned on top of what the
    selector picks — a card of its player's graveyard is put into the battle zone under it too (801.1)."""
    s = spell(
        "例示用重ね召喚",
        "- choose: {choose: 2, zone: [battle_zone, graveyard], owner: you, type: creature, as: mats}\n"
        "- use: {what: {choose: 1, zone: hand, owner: you, type: creature}, free: true, onto: $mats}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用重ね召喚", "as": "s"},
                    {"card": "ボルシャック・ドラゴン", "as": "b"},
                ],
                "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}],
                "graveyard": [{"card": "アクア・ビークル", "as": "v"}],
            },
        },
        s,
    )
    play_free(game, "s")
    assert obj(game, "b").zone == (A, "battle_zone")
    assert sorted(obj(game, "b").cards) == sorted([cid(game, "b"), cid(game, "t"), cid(game, "v")])


@pytest.mark.dm_rules("601.1a", "601.1e")
def test_use_for_less_cost_steps_are_paid_as_the_use_is_declared_and_lower_the_mana() -> None:
    """``use_for_less`` with ``cost: [E]`` (「…を墓地に置いてもよい。こうして選んだ数だけ…少なくする」): the
    steps run as the use is declared, before the mana (601.1a, 601.1e), and the amount reads what they did;
    the card is offered when the most they can do would make it payable."""
    cheap = card(
        "例示用捨て値",
        "- use_for_less: {moved: thrown}\n"
        "  cost:\n"
        "    - discard: {up_to: 1, zone: hand, owner: you, other: true}\n"
        "      as: thrown",
        power_=3000,
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用捨て値", "as": "c"}, {"card": "屑男", "as": "x"}],
                "mana_zone": ["喧嘩屋タイラー"],
            },
        },
        cheap,
    )
    label = f"less:c{cid(game, 'c')}"
    assert game.pending is not None and label in game.pending.labels  # cost 2, one card to throw, 1 mana
    game.answer(label)
    game.answer(label_for(game, "x"))
    assert names(game, A, "battle_zone") == ["例示用捨て値"] and names(game, A, "graveyard") == ["屑男"]
