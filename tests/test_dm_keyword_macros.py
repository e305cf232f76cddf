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
