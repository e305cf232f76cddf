"""The card language's parts, one behaviour each (docs/cards.md, "The grammar").

Each test builds a board with an illustration card (例示用…) whose ability uses one part, makes the event
happen, and checks what the part did — and, where it matters, what it must not do.
"""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.games.duel_masters.characteristics import power
from tcgrules.kernel import DefinitionError, Game

CREATURE = """
- name: {name}
  type: creature
  civilizations: [fire]
  cost: 2
  races: [ヒューマノイド]
  power: {power}
  text: (illustration)
  abilities:
{abilities}
"""


def card(name: str, abilities: str, power_: int = 2000) -> str:
    body = "\n".join("    " + line for line in abilities.strip().splitlines())
    return CREATURE.format(name=name, power=power_, abilities=body)


def spell(name: str, steps: str) -> str:
    body = "\n".join("        " + line for line in steps.strip().splitlines())
    return f"""
- name: {name}
  type: spell
  civilizations: [fire]
  cost: 1
  text: (illustration)
  abilities:
    - spell:
{body}
"""


def play_free(game: Game, alias: str, player: int = A) -> None:
    """Use a card without paying, as a scenario's ``play: {card, free: true}`` does."""
    game.inject({"play": cid(game, alias), "free": True})


# ---------------------------------------------------------------------------------------------- statics


def test_static_to_other_cards_with_a_race_filter_and_other() -> None:
    """自分の他のヒューマノイドすべてのパワーは+1000される: others get it, the card itself does not."""
    lord = card(
        "例示用ロード",
        "- static: {power: 1000}\n  to: {owner: you, type: creature, race: ヒューマノイド, other: true}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用ロード", "as": "lord"}, {"card": "例示用ロード", "as": "l2"}]
            },
            "B": {"battle_zone": [{"card": "例示用ロード", "as": "foe"}]},
        },
        lord,
    )
    assert power(game, obj(game, "lord")) == 3000  # +1000 from the other lord only
    assert power(game, obj(game, "foe")) == 2000 + 0  # not "owner: you" for A's lords; its own gives it none


def test_static_power_from_a_count_of_cards() -> None:
    """墓地の火のカード1枚につき+1000: a product of a number and a count of cards."""
    counted = card(
        "例示用カウンター",
        "- static: {power: {times: [1000, {count: {zone: graveyard, owner: you, civilization: fire}}]}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用カウンター", "as": "c"}],
                "graveyard": ["例示用カウンター", "例示用カウンター", "アクア・ソルジャー"],
            },
        },
        counted,
    )
    assert power(game, obj(game, "c")) == 4000


def test_static_with_a_condition_only_while_it_holds() -> None:
    """自分のシールドが2つ以下なら+3000: the if of a static is read continuously."""
    c = card(
        "例示用条件",
        "- static: {power: 3000}\n  if: {at_most: [{count: {zone: shield_zone, owner: you}}, 2]}",
    )
    few = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "例示用条件", "as": "c"}], "shield_zone": ["アクア・ソルジャー"]},
        },
        c,
    )
    many = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用条件", "as": "c"}],
                "shield_zone": ["アクア・ソルジャー"] * 3,
            },
        },
        c,
    )
    assert power(few, obj(few, "c")) == 5000
    assert power(many, obj(many, "c")) == 2000


def test_a_static_that_reads_what_it_changes_does_not_loop() -> None:
    """パワー3000以下のクリーチャーは+2000: while reading a creature's power for its own "to", the static
    does not apply to that creature, so a 2000 creature becomes 4000 (not undefined)."""
    c = card("例示用低パワー強化", "- static: {power: 2000}\n  to: {type: creature, power: {at_most: 3000}}")
    game = make({"turn": "A", "A": {"battle_zone": [{"card": "例示用低パワー強化", "as": "c"}]}}, c)
    assert power(game, obj(game, "c")) == 4000


# ---------------------------------------------------------------------------------------------- filters


def test_filter_same_name_as_and_not() -> None:
    """同じ名前のクリーチャーをすべて破壊: only those sharing a name with another."""
    s = spell("例示用同名破壊", "- destroy: {all: true, type: creature, same_name_as: {type: creature}}")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用同名破壊", "as": "s"}],
                "battle_zone": ["アクア・ソルジャー", "アクア・ビークル"],
            },
            "B": {"battle_zone": ["アクア・ソルジャー"]},
        },
        s,
    )
    play_free(game, "s")
    # Both アクア・ソルジャー share a name (each returns to its hand by its own replacement);
    # アクア・ビークル stays.
    assert names(game, A, "battle_zone") == ["アクア・ビークル"]
    assert names(game, B, "battle_zone") == []


def test_filter_same_name_as_judges_a_face_in_a_prohibition() -> None:
    """相手は墓地にある呪文と同じ名前の呪文を唱えられない: a card judged by its face (cannot_use) is forbidden
    only when an object the selector describes bears its name — not every spell."""
    from tcgrules.games.duel_masters import characteristics as ch
    from tcgrules.games.duel_masters.abilities import use_forbidden

    c = card(
        "例示用同名禁止",
        "- static:\n"
        "    cannot_use: {type: spell, same_name_as: {zone: graveyard, owner: opponent, type: spell}}\n"
        "  to: opponent",
    )
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": ["例示用同名禁止"]},
            "B": {
                "hand": [{"card": "例示用同名A", "as": "named"}, {"card": "例示用同名B", "as": "other"}],
                "graveyard": ["例示用同名A"],
            },
        },
        c + spell("例示用同名A", "- draw: 1") + spell("例示用同名B", "- draw: 1"),
    )
    assert use_forbidden(game, B, ch.face(game, obj(game, "named")))
    assert not use_forbidden(game, B, ch.face(game, obj(game, "other")))
    assert not use_forbidden(game, A, ch.face(game, obj(game, "named")))


def test_filter_cost_compared_with_a_quantity() -> None:
    """自分のマナの枚数以下のコストのクリーチャーを破壊: a comparison with a count, read when it runs."""
    s = spell(
        "例示用コスト比較",
        "- destroy: {all: true, owner: opponent, type: creature,"
        " cost: {at_most: {count: {zone: mana_zone, owner: you}}}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用コスト比較", "as": "s"}], "mana_zone": ["アクア・ソルジャー"] * 3},
            "B": {"battle_zone": ["アクア・ビークル", "ボルシャック・ドラゴン"]},
        },
        s,
    )
    play_free(game, "s")
    assert "ボルシャック・ドラゴン" in names(game, B, "battle_zone")
    assert "アクア・ビークル" not in names(game, B, "battle_zone")


# ---------------------------------------------------------------------------------------------- quantities


def test_conditional_quantity_is_the_effects_own_instead() -> None:
    """609.7: 「Cなら、-2000のかわりに-6000する」 — one change, its amount chosen by C."""
    s = spell(
        "例示用自己置換",
        "- power:\n    what: {choose: 1, owner: opponent, type: creature}\n"
        "    add: {if: {exists: {owner: you, type: creature, power: {at_least: 6000}}},"
        " then: -6000, else: -2000}",
    )
    with_big = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用自己置換", "as": "s"}], "battle_zone": ["ボルシャック・ドラゴン"]},
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "t"}]},
        },
        s,
    )
    play_free(with_big, "s")
    assert names(with_big, B, "graveyard") == ["ボルシャック・ドラゴン"]  # 6000 - 6000: destroyed (703.4c)
    without = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用自己置換", "as": "s"}]},
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "t"}]},
        },
        s,
    )
    play_free(without, "s")
    assert power(without, obj(without, "t")) == 4000


def test_done_counts_what_a_step_really_did() -> None:
    """こうして捨てた枚数: ``{done: NAME}`` counts the cards the step moved, not the ones it tried."""
    s = spell(
        "例示用捨てて引く",
        "- discard: {all: true, owner: you}\n  as: thrown\n- draw: {count: {done: thrown}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用捨てて引く", "as": "s"}, "アクア・ソルジャー", "アクア・ソルジャー"],
                "deck": 10,
            },
        },
        s,
    )
    play_free(game, "s")
    assert len(game.zone((A, "hand"))) == 2


# ---------------------------------------------------------------------------------------------- patterns


def test_trigger_on_another_creature_leaving_for_any_zone() -> None:
    """自分の他のクリーチャーがバトルゾーンを離れた時、カードを1枚引く."""
    watcher = card(
        "例示用見送り",
        "- trigger: {event: leaves, subject: {owner: you, type: creature, other: true}}\n"
        "  effect: [{draw: 1}]",
    )
    s = spell(
        "例示用戻し", "- return_to_hand: {choose: 1, owner: you, type: creature, not: {name: 例示用見送り}}"
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用戻し", "as": "s"}],
                "battle_zone": ["例示用見送り", "アクア・ビークル"],
                "deck": 5,
            },
        },
        watcher + s,
    )
    play_free(game, "s")
    assert sorted(names(game, A, "hand")).count("アクア・ビークル") == 1
    assert len(game.zone((A, "hand"))) == 2  # アクア・ビークル and the card drawn


def test_first_this_turn_only_the_first_event() -> None:
    """各ターンはじめて…した時: the second spell of the turn does not trigger it."""
    watcher = card(
        "例示用初回", "- trigger: {event: cast, subject: any, first_this_turn: true}\n  effect: [{draw: 1}]"
    )
    s = spell("例示用空呪文", "- draw: {count: 0}")
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用空呪文", "as": "s1"}, {"card": "例示用空呪文", "as": "s2"}],
                "battle_zone": ["例示用初回"],
                "deck": 5,
            },
        },
        watcher + s,
    )
    play_free(game, "s1")
    play_free(game, "s2")
    assert len(game.zone((A, "deck"))) == 4  # one draw only


def test_replacement_pattern_with_a_source_filter() -> None:
    """相手の呪文によって破壊される時、かわりに手札に戻す: a rule's destruction is not replaced."""
    c = card(
        "例示用呪文除け",
        "- replace: {event: destroyed, by: {player: opponent, kind: spell}}\n"
        "  instead: [{return_to_hand: this}]",
    )
    s = spell("例示用破壊", "- destroy: {choose: 1, owner: opponent, type: creature}")
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": [{"card": "例示用呪文除け", "as": "c"}]},
            "B": {"hand": [{"card": "例示用破壊", "as": "s"}]},
        },
        c + s,
    )
    play_free(game, "s", B)
    assert names(game, A, "hand") == ["例示用呪文除け"]


# ---------------------------------------------------------------------------------------------- effects


def test_optional_step_and_did_condition() -> None:
    """〜してもよい。そうしたら…: the second step runs only if the first did something."""
    s = spell(
        "例示用そうしたら",
        "- discard: {choose: 1, owner: you}\n  optional: true\n  as: d\n- draw: 2\n  if: {did: d}",
    )
    yes = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用そうしたら", "as": "s"}, "アクア・ソルジャー"], "deck": 5},
        },
        s,
    )
    play_free(yes, "s")
    yes.answer("yes")
    assert len(yes.zone((A, "hand"))) == 2
    no = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用そうしたら", "as": "s"}, "アクア・ソルジャー"], "deck": 5},
        },
        s,
    )
    play_free(no, "s")
    no.answer("no")
    assert len(no.zone((A, "hand"))) == 1


def test_grant_an_ability_for_the_turn() -> None:
    """このターン、「パワーアタッカー+4000」を得る: a keyword with its parameter, granted."""
    s = spell(
        "例示用付与",
        "- grant: {what: {choose: 1, owner: you, type: creature},"
        " ability: {keyword: power_attacker, amount: 4000}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用付与", "as": "s"}],
                "battle_zone": [{"card": "アクア・ビークル", "as": "v"}],
            },
        },
        s,
    )
    play_free(game, "s")
    v = obj(game, "v")
    base = power(game, v)
    v.state["attacking"] = True
    assert power(game, v) == base + 4000


def test_unknown_part_is_an_error_naming_the_field() -> None:
    bad = card("例示用誤り", "- trigger: {event: enters}\n  effect: [{destroy: {choose: 1, owner: enemy}}]")
    with pytest.raises(DefinitionError, match=r"owner.*enemy"):
        make({"turn": "A"}, bad)
