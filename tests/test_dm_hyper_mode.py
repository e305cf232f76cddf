"""Hyper mode (ハイパーモード, 816) released by ハイパー化, and dream elements (817): ドギラゴン超."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.language.selectors import has_keyword
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA
from tcgrules.kernel import Game

DOGI = "蒼き王道 ドギラゴン超"


def board(a: dict[str, Any], b: dict[str, Any] | None = None, **extra: Any) -> Game:
    return make({"turn": "A", "A": a, "B": b or {"shield_zone": ["filler"] * 3}, **extra})


def hyper(game: Game, alias: str) -> None:
    label = f"hyper:c{cid(game, alias)}"
    assert label in game.pending.labels, game.pending.labels
    game.answer(label)


@pytest.mark.dm_rules("816.1", "816.1b", "816.3")
def test_816_3_without_its_hyper_mode_a_creature_has_only_its_normal_power_and_abilities() -> None:
    game = board(
        {"battle_zone": [{"card": DOGI, "as": "d"}, {"card": "喧嘩屋タイラー", "as": "t", "sick": True}]}
    )
    assert ch.power(game, obj(game, "d")) == 6000
    assert ch.breaker(game, obj(game, "d")) == 2
    assert not has_keyword(game, obj(game, "t"), "speed_attacker")


@pytest.mark.dm_rules("816", "816.2", "816.2a", "816.2b")
def test_816_2_hyper_ka_taps_another_creature_and_releases_the_hyper_mode() -> None:
    game = board(
        {
            "battle_zone": [
                {"card": DOGI, "as": "d"},
                {"card": "喧嘩屋タイラー", "as": "t"},
                {"card": "炎のたてがみ", "as": "sick", "sick": True},
            ]
        }
    )
    assert not can_attack(game, obj(game, "sick"), player=True)
    hyper(game, "d")
    game.answer(f"c{cid(game, 't')}")  # two untapped others: its controller chooses which to tap
    d = obj(game, "d")
    assert obj(game, "t").tapped and not d.tapped
    assert ch.power(game, d) == 13000  # 816.2b: the hyper mode's power, not 6000 + something
    assert ch.breaker(game, d) == 3  # T・ブレイカー of the hyper mode
    assert has_keyword(game, obj(game, "sick"), "speed_attacker")  # a hyper ability, with the normal ones
    assert can_attack(game, obj(game, "sick"), player=True)


@pytest.mark.dm_rules("816.2c", "816.2d")
def test_816_2d_a_released_creature_cannot_use_hyper_ka_again() -> None:
    game = board({"battle_zone": [{"card": DOGI, "as": "d"}, "喧嘩屋タイラー", "炎のたてがみ"]})
    hyper(game, "d")
    game.answer(game.pending.labels[0])
    assert f"hyper:c{cid(game, 'd')}" not in game.pending.labels


def test_816_2_hyper_ka_needs_an_untapped_other_creature() -> None:
    game = board({"battle_zone": [{"card": DOGI, "as": "d"}, {"card": "喧嘩屋タイラー", "tapped": True}]})
    assert f"hyper:c{cid(game, 'd')}" not in game.pending.labels


@pytest.mark.dm_rules("816.2")
def test_816_2_the_hyper_mode_lasts_until_the_start_of_its_controllers_next_turn() -> None:
    game = board(
        {"battle_zone": [{"card": DOGI, "as": "d"}, "喧嘩屋タイラー"], "deck": ["filler"] * 5},
        {"deck": ["filler"] * 5},
    )
    hyper(game, "d")  # the only other creature is tapped, with no question
    game.answer("end_main")
    while game.pending is not None and not (game.active_player == B and game.pending.kind == "main"):
        game.answer(game.pending.labels[-1] if game.pending.kind != "attack" else "end_attacks")
    assert ch.power(game, obj(game, "d")) == 13000  # still released during the opponent's turn
    while game.pending is not None and not (game.active_player == A and game.pending.kind == "main"):
        game.answer(game.pending.labels[-1] if game.pending.kind != "attack" else "end_attacks")
    assert ch.power(game, obj(game, "d")) == 6000


@pytest.mark.dm_rules("816.3")
def test_816_3_a_released_creature_that_leaves_and_comes_back_has_no_hyper_mode() -> None:
    game = board({"battle_zone": [{"card": DOGI, "as": "d"}, "喧嘩屋タイラー"]})
    hyper(game, "d")
    game.inject({"event": "move", "target": "d", "to": "hand"})
    game.inject({"play": "d", "free": True})
    assert ch.power(game, obj(game, "d")) == 6000


def test_the_hyper_attack_ability_puts_a_cheaper_creature_from_the_mana_zone() -> None:
    game = board(
        {
            "battle_zone": [{"card": DOGI, "as": "d"}, {"card": "喧嘩屋タイラー", "as": "t"}],
            "mana_zone": [{"card": "青銅の鎧", "as": "armor"}],
        },
        {"shield_zone": ["filler"] * 3},
    )
    hyper(game, "d")
    game.answer("end_main")
    game.answer(f"attack:c{cid(game, 'd')}:player")
    game.answer(f"c{cid(game, 'armor')}")  # up to one creature of cost 5 or less from the mana zone
    assert "青銅の鎧" in names(game, A, BATTLE)


@pytest.mark.dm_rules("817", "817.1", "817.2")
def test_817_2_a_dream_element_stops_its_owner_putting_another_of_that_name() -> None:
    game = board(
        {
            "battle_zone": [{"card": DOGI}],
            "hand": [{"card": DOGI, "as": "second"}],
            "mana_zone": ["青銅の鎧", "火炎流星弾"] * 3,
        }
    )
    assert f"summon:c{cid(game, 'second')}" not in game.pending.labels
    game.inject({"play": "second", "free": True})
    assert names(game, A, HAND) == [DOGI]
    assert any(r.rule == "817.2" for r in game.log)
    other = board(
        {"hand": [{"card": DOGI, "as": "d"}], "mana_zone": ["青銅の鎧", "火炎流星弾"] * 3},
        {"battle_zone": [DOGI]},
    )
    assert f"summon:c{cid(other, 'd')}" in other.pending.labels  # the opponent's does not stop it


_ = (GRAVEYARD, MANA)


@pytest.mark.dm_rules("817.3")
def test_817_3_two_dream_elements_of_a_name_that_are_there_anyway_both_stay() -> None:
    game = board({"battle_zone": [{"card": DOGI, "as": "a"}, {"card": DOGI, "as": "b"}]})
    game.answer("end_main")  # state-based actions have looked at the board: nothing removes either
    assert names(game, A, BATTLE) == [DOGI, DOGI]


def test_817_3_a_sealed_dream_creature_does_not_stop_another_of_its_name() -> None:
    game = board(
        {
            "battle_zone": [{"card": DOGI, "as": "sealed", "seals": 1}],
            "hand": [{"card": DOGI, "as": "second"}],
            "mana_zone": ["青銅の鎧", "火炎流星弾"] * 3,
            "deck": ["filler"] * 3,
        }
    )
    assert f"summon:c{cid(game, 'second')}" in game.pending.labels
