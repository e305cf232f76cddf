"""Dragheart fortresses (306) and 龍回避 (807.1b): draghearts.py, special_card_effects.put_dragheart, the
keyword ``dragon_escape`` (written in the card language: keywords.KEYWORDS)."""

from __future__ import annotations

import pytest

from dm_helpers import A, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HYPERSPATIAL
from tcgrules.kernel import Event, Game, Source

CARDS = """
- name: 例示用の城塞
  text_status: reconstructed
  faces:
    - name: 例示用の城塞
      type: dragheart_fortress
      civilizations: [fire]
      cost: 4
      text: 自分のターンのはじめに、これを龍解する。
      abilities:
        - trigger: {event: turn_start, player: you}
          effect:
            - ryukai: this
    - name: 例示用の城塞龍
      type: dragheart_creature
      civilizations: [fire]
      cost: 8
      races: [テスト]
      power: 9000
      text: 龍回避
      abilities:
        - keyword: dragon_escape
- name: 例示用の剣
  text_status: reconstructed
  faces:
    - name: 例示用の剣
      type: dragheart_weapon
      civilizations: [fire]
      cost: 2
      text: これを装備したクリーチャーのパワーは+1000される。
      abilities:
        - static: {power: 1000}
          to: attached
    - name: 例示用の剣龍
      type: dragheart_creature
      civilizations: [fire]
      cost: 6
      races: [テスト]
      power: 6000
      text: ""
- name: 例示用の龍覇
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 5000
  text: このクリーチャーが出た時、コスト5以下のドラグハート・フォートレスを1枚、自分の超次元ゾーンから出す。
  abilities:
    - trigger: {event: enters}
      effect:
        - put_dragheart: {filter: {type: dragheart_fortress, cost: {at_most: 5}}}
- name: 例示用の龍覇・剣
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 5000
  text: このクリーチャーが出た時、ドラグハート・ウエポンを1枚、自分の超次元ゾーンから出す。
  abilities:
    - trigger: {event: enters}
      effect:
        - put_dragheart: {}
"""


def _ryukai(game: Game) -> None:
    game.pending = None
    game.push(game.process(Event("ryukai", obj(game, "f").oid, A, Source("rule"))))
    game.advance()


def _summon(alias: str, **extra: object) -> Game:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用の龍覇", "as": "h"}, {"card": "例示用の龍覇・剣", "as": "w"}],
                "hyperspatial_zone": [{"card": "例示用の城塞", "as": "f"}],
                "deck": 3,
                **extra,
            },
            "B": {"shield_zone": ["filler"] * 3, "deck": 3},
        },
        CARDS,
    )
    game.inject({"play": game.info["aliases"][alias], "free": True})
    return game


@pytest.mark.dm_rules("306", "306.1")
def test_306_2_a_fortress_put_by_a_dragheart_effect_exists_alone() -> None:
    # Q: A's 例示用の龍覇 enters and puts 例示用の城塞 (a dragheart fortress) from the 超次元ゾーン. Where is
    # it?  A: In A's battle zone, alone — equipped to nothing, and it stays there (306.1, 306.2).
    game = _summon("h")
    assert sorted(names(game, A, BATTLE)) == sorted(["例示用の龍覇", "例示用の城塞"])
    fortress = obj(game, "f")
    assert ch.face(game, fortress).type == "dragheart_fortress" and not ch.is_creature(game, fortress)
    game.inject({"event": "destroy", "target": "h"})  # its creature leaving does not take it along
    assert names(game, A, BATTLE) == ["例示用の城塞"] and names(game, A, HYPERSPATIAL) == []


def test_306_1_an_effect_that_puts_a_weapon_does_not_put_a_fortress() -> None:
    # "ドラグハート・ウエポンを1枚…出す" finds no weapon: the fortress stays in the 超次元ゾーン.
    game = _summon("w")
    assert names(game, A, BATTLE) == ["例示用の龍覇・剣"] and names(game, A, HYPERSPATIAL) == ["例示用の城塞"]


def test_807_1a_a_fortress_turns_to_its_creature_side_by_ryukai() -> None:
    game = make({"A": {"battle_zone": [{"card": "例示用の城塞", "as": "f"}], "deck": 3}}, CARDS)
    _ryukai(game)
    shown = ch.face(game, obj(game, "f"))
    assert shown.name == "例示用の城塞龍" and ch.is_creature(game, obj(game, "f"))


@pytest.mark.dm_rules("807.1")
def test_807_1b_dragon_escape_turns_it_to_its_cheaper_side_instead_of_leaving() -> None:
    # Q: A's 例示用の城塞龍 (龍回避), 龍解ed from 例示用の城塞, is destroyed. What happens?  A: Instead it is
    # turned over to its cheaper side, the fortress, which stays in the battle zone (807.1b, 306.2).
    game = make({"A": {"battle_zone": [{"card": "例示用の城塞", "as": "f"}], "deck": 3}}, CARDS)
    _ryukai(game)
    before = obj(game, "f").oid
    game.inject({"event": "destroy", "target": "f"})
    f = obj(game, "f")
    assert f.oid == before and f.zone == (A, BATTLE) and ch.face(game, f).name == "例示用の城塞"
    assert names(game, A, GRAVEYARD) == [] and names(game, A, HYPERSPATIAL) == []
    assert any(r.rule == "807.1b" for r in game.log)


@pytest.mark.dm_rules("305")
def test_305_1_a_weapon_enters_only_by_an_effect_that_puts_a_dragheart() -> None:
    # Q: A has 例示用の剣 (a dragheart weapon) in the 超次元ゾーン and mana to spare. Can A use it?  A: No; it
    # enters only when an effect puts a dragheart (305.1) — 例示用の龍覇・剣's does, equipping it (305.2).
    from tcgrules.games.duel_masters.turn import main_options

    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用の龍覇・剣", "as": "w"}],
                "hyperspatial_zone": [{"card": "例示用の剣", "as": "sword"}],
                "mana_zone": ["filler"] * 6,
                "deck": 3,
            },
            "B": {"shield_zone": ["filler"] * 3, "deck": 3},
        },
        CARDS,
    )
    sword = obj(game, "sword").top
    assert not any(f"c{sword}" in o.label for o in main_options(game, A))
    game.inject({"play": game.info["aliases"]["w"], "free": True})
    assert sorted(names(game, A, BATTLE)) == sorted(["例示用の龍覇・剣", "例示用の剣"])
    assert ch.power(game, obj(game, "w")) == 6000  # equipped: +1000 to its creature
