"""マッハファイター and ジャストダイバー are macros over card language 2, and 「相手に選ばれない」 is a
general property read where a player chooses (games/duel_masters/actions.py, ``candidates``)."""

from __future__ import annotations

from tcgrules.cards.schema import AbilitySpec
from tcgrules.games.duel_masters.keywords import expand


def test_mach_fighter_is_two_statics_for_the_turn_it_entered() -> None:
    parts = expand(AbilitySpec("keyword", "mach_fighter", 2, line=9))
    assert [p.params["property"] for p in parts] == ["attack_creatures_at_once", "attack_untapped"]
    assert all(p.condition is not None and p.condition.kind == "happened" for p in parts)
    assert all(p.index == 2 and p.line == 9 for p in parts)


def test_just_diver_is_an_enter_trigger_granting_two_properties() -> None:
    (trigger,) = expand(AbilitySpec("keyword", "just_diver", 0))
    assert trigger.form == "trigger" and trigger.pattern is not None and trigger.pattern.event == "enters"
    granted = [a.args["property"] for a in trigger.effect]
    assert granted == ["cannot_be_chosen_by_opponent", "cannot_be_attacked"]
    assert {a.args["until"] for a in trigger.effect} == {"your_next_turn"}


def test_guardman_is_the_can_guard_property() -> None:
    (static,) = expand(AbilitySpec("keyword", "guardman", 0))
    assert static.form == "static" and static.params == {"property": "can_guard", "value": True}


GIVERS = """
- name: 例示用の格闘付与
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分の他のクリーチャーすべてに「マッハファイター」を与える。
  abilities:
    - static: {ability: {keyword: mach_fighter}}
      to: {owner: you, type: creature, other: true}
- name: 例示用の一時格闘
  type: spell
  civilizations: [nature]
  cost: 3
  text: このターン、自分のクリーチャー1体に「マッハファイター」を与える。
  abilities:
    - spell:
        - grant: {what: {choose: 1, owner: you, type: creature}, keyword: mach_fighter}
"""


def _can_attack_untapped_at_once(spec: dict, *plays: str) -> bool:
    from dm_helpers import label_for, make

    game = make(spec, GIVERS)
    for play in plays:
        game.inject({"play": play, "free": True})
        if game.pending is not None and game.pending.kind == "choose_cards":
            game.answer(game.pending.labels[0])
    game.answer("end_main")
    assert game.pending is not None and game.pending.kind == "attack"
    return any(label.endswith(label_for(game, "bol")) for label in game.pending.labels)


def test_a_mach_fighter_a_static_or_an_effect_gives_works_the_turn_the_creature_entered() -> None:
    """「マッハファイター」を与える: given by a static (its ``to``) or by an effect (``grant``), the keyword
    works as if printed — its statics read the record of this turn's events (language/history.py)."""
    tyler = {"card": "喧嘩屋タイラー", "as": "t"}
    foe = {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "bol"}]}
    board = {"turn": "A", "A": {"battle_zone": ["例示用の格闘付与"], "hand": [tyler]}, "B": foe}
    assert _can_attack_untapped_at_once(board, "t")
    board = {"turn": "A", "A": {"hand": [tyler]}, "B": foe}
    assert not _can_attack_untapped_at_once(board, "t")
    board = {"turn": "A", "A": {"hand": [tyler, {"card": "例示用の一時格闘", "as": "s"}]}, "B": foe}
    assert _can_attack_untapped_at_once(board, "t", "s")
