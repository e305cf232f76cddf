"""Psychic creatures (805, 806; issue 3, psychic.py): unit tests named after the rules they check."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.psychic import LINK
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HYPERSPATIAL
from tcgrules.kernel import Event, Game, Source


def _run(game: Game, event: Event) -> None:
    game.pending = None
    game.push(game.process(event))
    game.advance()


def test_805_4b_a_destroyed_psychic_creature_goes_back_to_the_hyperspatial_zone() -> None:
    game = make({"A": {"battle_zone": [{"card": "竜骨なる者ザビ・リゲル", "as": "zabi"}]}})
    _run(game, Event("destroy", obj(game, "zabi").oid, None, Source("rule", rule="703.4c")))
    assert names(game, A, HYPERSPATIAL) == ["竜骨なる者ザビ・リゲル"]
    assert names(game, A, GRAVEYARD) == []
    assert any(r.kind == "event" and "destroyed" in r.text for r in game.log) or any(
        "destroyed" in r.text for r in game.log
    )


@pytest.mark.dm_rules("701.18", "806.1", "805.2", "805.3")
def test_701_18b_awaken_link_turns_the_cells_over_into_one_creature() -> None:
    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "竜骨なる者ザビ・リゲル", "as": "zabi"},
                    {"card": "ガロウズ・セブ・カイザー", "as": "seb"},
                    {"card": "ハイドラ・ギルザウルス", "as": "hydra"},
                ]
            }
        }
    )
    host = obj(game, "zabi")
    partners = (obj(game, "seb").oid, obj(game, "hydra").oid)
    _run(game, Event("awaken_link", host.oid, A, Source("rule"), {"with": partners}))
    linked = obj(game, "zabi")
    assert len(game.objects_in((A, BATTLE))) == 1
    assert linked.state[LINK] == "死海竜ガロウズ・デビルドラゴン"
    assert sorted(linked.cards) == sorted(cid(game, a) for a in ("zabi", "seb", "hydra"))
    assert ch.face(game, linked).name == "死海竜ガロウズ・デビルドラゴン"
    assert ch.power(game, linked) == 25000


def test_awaken_link_does_nothing_without_every_partner() -> None:
    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "竜骨なる者ザビ・リゲル", "as": "zabi"},
                    {"card": "ガロウズ・セブ・カイザー", "as": "seb"},
                ]
            }
        }
    )
    _run(game, Event("turn_start", None, A, Source("rule")))
    assert len(game.objects_in((A, BATTLE))) == 2
    assert LINK not in obj(game, "zabi").state


def test_power_reduced_to_zero_by_an_opponent_spell_triggers_zabi_rigel() -> None:
    game = make(
        {
            "A": {"battle_zone": [{"card": "竜骨なる者ザビ・リゲル", "as": "zabi"}]},
            "B": {
                "battle_zone": [{"card": "暗黒の騎士ザガーン", "as": "zagaan"}],
                "hand": [{"card": "スパイラル・ゲート", "as": "gate"}],
            },
        }
    )
    spell = Source("spell", cid(game, "gate"), B)
    _run(game, Event("power", obj(game, "zabi").oid, None, spell, {"amount": -3000}))
    assert names(game, B, GRAVEYARD) == ["暗黒の騎士ザガーン"]
    assert names(game, A, HYPERSPATIAL) == ["竜骨なる者ザビ・リゲル"]


SHAN = "豪遊！セイント・シャン・メリー"
CELLS = ["光器セイント・アヴェ・マリア", "光器シャンデリア", "アルプスの使徒メリーアン"]


@pytest.mark.dm_rules("806.2")
def test_806_1b_link_release_one_cell_goes_back_the_others_turn_back_and_stay() -> None:
    game = make({"A": {"battle_zone": [{"card": SHAN, "as": "shan", "tapped": True}]}})
    linked = obj(game, "shan")
    assert ch.face(game, linked).name == SHAN and ch.power(game, linked) == 19500
    _run(game, Event("destroy", linked.oid, None, Source("rule", rule="703.4c")))
    assert game.pending is not None and game.pending.rule == "806.1b"
    middle = next(c for c in linked.cards if game.name(c) == CELLS[1])
    game.answer(f"c{middle}")
    assert names(game, A, HYPERSPATIAL) == [CELLS[1]]
    stayed = game.objects_in((A, BATTLE))
    assert sorted(ch.face(game, o).name for o in stayed) == sorted([CELLS[0], CELLS[2]])
    assert all(o.tapped for o in stayed)  # 806.2: still tapped
    # 806.1e: a cell leaving is not a creature being destroyed
    assert not any(r.kind == "trigger" for r in game.log)


def test_609_9_before_2023_04_10_replacements_are_applied_one_event_at_a_time() -> None:
    spec = {
        "A": {
            "battle_zone": [
                {"card": "暗黒導師ブラックルシファー", "as": "lucifer"},
                {"card": SHAN, "as": "shan"},
            ],
            "graveyard": [{"card": "暗黒の騎士ザガーン", "as": "zagaan"}],
        },
    }
    extra = """
- name: 例示用・進化デーモン・コマンド
  text_status: reconstructed
  type: evolution_creature
  civilizations: [darkness]
  cost: 7
  races: [デーモン・コマンド]
  power: 11000
  text: 進化−自分のデーモン・コマンド1体の上に置く。
  abilities:
    - keyword: evolution
      base: {race: デーモン・コマンド}
"""
    spec["A"]["graveyard"] = [{"card": "例示用・進化デーモン・コマンド", "as": "demon"}]
    for date, discard_offered in (("2022-09-14", True), (None, False)):
        game = make({**spec, **({"rules_date": date} if date else {})}, extra)
        lucifer, shan = obj(game, "lucifer").oid, obj(game, "shan").oid
        game.pending = None
        game.push(game.process(Event("destroy", lucifer), Event("destroy", shan)))
        game.advance()
        first = [o.label for o in game.pending.options]  # type: ignore[union-attr]
        game.answer(next(label for label in first if f":c{cid(game, 'lucifer')}:" in label))
        options = [o.label for o in game.pending.options] if game.pending else []  # type: ignore[union-attr]
        offered = any(f":c{cid(game, 'shan')}:" in label for label in options)
        assert offered == discard_offered, date


def test_rules_date_must_be_a_date() -> None:
    import pytest

    from tcgrules.kernel import DefinitionError

    with pytest.raises(DefinitionError):
        make({"rules_date": "April 2022"})


def test_805_1c_awaken_link_at_the_start_of_your_turn() -> None:
    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "竜骨なる者ザビ・リゲル", "as": "zabi"},
                    {"card": "ガロウズ・セブ・カイザー", "as": "seb"},
                    {"card": "ハイドラ・ギルザウルス", "as": "hydra"},
                ]
            }
        }
    )
    _run(game, Event("turn_start", None, A, Source("rule")))
    while game.pending is not None and game.pending.kind != "idle" and game.pending.options:
        game.answer(game.pending.options[0].label)  # order the three 覚醒リンク triggers
        if len(game.objects_in((A, BATTLE))) == 1:
            break
    (linked,) = game.objects_in((A, BATTLE))
    assert ch.face(game, linked).name == "死海竜ガロウズ・デビルドラゴン"
    assert len(linked.cards) == 3


def test_shan_mary_end_of_turn_untaps_hunters_and_may_add_a_shield_per_light_hunter() -> None:
    game = make({"A": {"battle_zone": [{"card": SHAN, "as": "shan", "tapped": True}], "deck": 5}})
    shields = len(game.zone((A, "shield_zone")))
    _run(game, Event("turn_end", None, A, Source("rule")))
    assert game.pending is not None and [o.label for o in game.pending.options] == ["0", "1"]
    game.answer("1")
    assert not obj(game, "shan").tapped
    assert len(game.zone((A, "shield_zone"))) == shields + 1


AWAKEN_CARDS = """
- name: 試験用の喧嘩屋
  text_status: reconstructed
  faces:
    - name: 試験用の喧嘩屋
      type: psychic_creature
      civilizations: [fire]
      cost: 5
      races: [テスト]
      power: 5000
      text: 覚醒−自分のターンのはじめに、パワー6000以上の自分のクリーチャーがいれば、これを裏返す。
      abilities:
        - trigger: {event: turn_start, player: you}
          if: {exists: {owner: you, type: creature, power: {at_least: 6000}}}
          effect:
            - awaken: this
    - name: 試験用の覚醒者
      type: psychic_creature
      civilizations: [fire]
      cost: 9
      races: [テスト]
      power: 11000
      text: W・ブレイカー
      abilities:
        - keyword: double_breaker
"""


def _to_a_turn(game: Game) -> None:
    while game.pending is not None and game.active_player == B:
        game.answer("end_main" if "end_main" in game.pending.labels else game.pending.labels[-1])


@pytest.mark.dm_rules("701.20", "805.2")
def test_701_20a_awakening_turns_a_psychic_creature_over_to_its_other_side() -> None:
    # Q: A's 試験用の喧嘩屋 (覚醒: at the start of A's turn, with a creature of power 6000 or more, turn it
    # over) is tapped, and A has ボルシャック・ドラゴン. What is it at the start of A's turn?  A:
    # 試験用の覚醒者, the same creature turned to its other side (701.20a): power 11000, W・ブレイカー, still
    # the same object.
    game = make(
        {
            "turn": "B",
            "step": "main",
            "A": {
                "battle_zone": [{"card": "試験用の喧嘩屋", "as": "k"}, "ボルシャック・ドラゴン"],
                "deck": 5,
            },
            "B": {"deck": 5},
        },
        AWAKEN_CARDS,
    )
    before = obj(game, "k").oid
    _to_a_turn(game)
    awakened = obj(game, "k")
    assert awakened.oid == before and awakened.zone == (A, BATTLE)
    assert ch.face(game, awakened).name == "試験用の覚醒者" and ch.power(game, awakened) == 11000
    assert ch.breaker(game, awakened) == 2
    assert any(r.rule == "701.20a" for r in game.log)


def test_701_20a_without_its_condition_it_stays_and_leaving_turns_it_back() -> None:
    game = make(
        {
            "turn": "B",
            "step": "main",
            "A": {"battle_zone": [{"card": "試験用の喧嘩屋", "as": "k"}], "deck": 5},
            "B": {"deck": 5},
        },
        AWAKEN_CARDS,
    )
    _to_a_turn(game)
    assert ch.face(game, obj(game, "k")).name == "試験用の喧嘩屋"
    _run(game, Event("destroy", obj(game, "k").oid, None, Source("rule", rule="703.4c")))
    assert names(game, A, HYPERSPATIAL) == ["試験用の喧嘩屋"]


def test_703_4g_a_lone_psychic_cell_goes_back_to_the_hyperspatial_zone() -> None:
    # Q: A psychic creature of A's shows its psychic-cell side alone in the battle zone, linked to nothing
    # (the other cells have gone). What happens at the next check?  A: The lone cell is put into the
    # 超次元ゾーン as a state-based action (703.4g, 806.1a); a psychic creature showing its creature side
    # stays.
    from tcgrules.games.duel_masters.psychic import AWAKENED

    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "ガロウズ・セブ・カイザー", "as": "cell"},
                    {"card": "ハイドラ・ギルザウルス", "as": "stays"},
                ],
                "deck": 3,
            }
        }
    )
    obj(game, "cell").state[AWAKENED] = "cell"  # its other side, 死海竜ガロウズ・デビルドラゴン's cell, alone
    game.inject({"event": "draw", "player": "A"})  # any event: state-based actions are checked after it
    assert names(game, A, HYPERSPATIAL) == ["ガロウズ・セブ・カイザー"]
    assert names(game, A, BATTLE) == ["ハイドラ・ギルザウルス"]


def test_806_1c_link_release_applies_when_one_cell_leaves_by_an_effect() -> None:
    """806.1c: リンク解除 applies too when a cell of the psychic super creature (not the creature) leaves the
    battle zone: an effect that moves one chosen card (109.2a) takes that cell, and the other cells are
    turned back to their psychic creature sides and stay (still tapped, 806.2), not left as lone cells."""
    game = make({"A": {"battle_zone": [{"card": SHAN, "as": "shan", "tapped": True}]}})
    linked = obj(game, "shan")
    middle = next(c for c in linked.cards if game.name(c) == CELLS[1])
    _run(game, Event("move_card", linked.oid, None, Source("rule"), {"card": middle, "to": "hand"}))
    assert names(game, A, HYPERSPATIAL) == [CELLS[1]]  # the cell went (to the hand, then back: 805.4b)
    stayed = game.objects_in((A, BATTLE))
    assert sorted(ch.face(game, o).name for o in stayed) == sorted([CELLS[0], CELLS[2]])
    assert all(o.tapped and not o.state.get(LINK) for o in stayed)


@pytest.mark.parametrize("goes_on", [0, 2])
def test_806_2a_an_attacking_super_creature_coming_apart_goes_on_attacking_as_the_part_chosen(
    goes_on: int,
) -> None:
    """806.2a: an attacking psychic super creature of three cells leaves the battle zone and becomes two
    creatures (リンク解除, one cell gone): the attacking player chooses the one that goes on attacking — it
    breaks the shield; the other is no longer attacking."""
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": SHAN, "as": "shan"}]},
            "B": {"shield_zone": ["filler"] * 4, "battle_zone": ["天空の守護者グラン・ギューレ"]},
        }
    )
    linked = obj(game, "shan")
    game.answer(f"attack:c{linked.top}:player")
    assert game.pending is not None and game.pending.kind == "block"
    game.inject({"event": "destroy", "target": linked.top})
    assert game.pending is not None and game.pending.rule == "806.1b"
    middle = next(c for c in linked.cards if game.name(c) == CELLS[1])
    game.answer(f"c{middle}")
    assert game.pending is not None and game.pending.rule == "806.2a" and game.pending.player == A
    chosen = next(c for c in linked.cards if game.name(c) == CELLS[goes_on])
    other = next(c for c in linked.cards if game.name(c) == CELLS[2 - goes_on])
    game.answer(f"c{chosen}")
    assert game.object_of(chosen).state.get("attacking") and not game.object_of(other).state.get("attacking")
    assert game.pending is not None and game.pending.kind == "block"
    game.answer("no_block")
    while game.pending is not None and game.pending.kind not in ("attack",):
        game.answer(*game.pending.labels[: max(game.pending.min, 1)])
    assert len(game.zone((B, "shield_zone"))) < 4  # the attack went on with the creature chosen


TWO_COLOURS = """
- name: 試験用の水の魂
  faces:
    - name: 試験用の水の魂
      type: psychic_creature
      civilizations: [water]
      cost: 5
      races: [テスト]
      power: 5000
      text: (試験用)
    - name: 試験用の二色超魂
      type: psychic_cell
      civilizations: [water]
      cost: 0
      text: (psychic cell of 《試験用の二色超魂》; 806.1d)
- name: 試験用の火の魂
  faces:
    - name: 試験用の火の魂
      type: psychic_creature
      civilizations: [fire]
      cost: 5
      races: [テスト]
      power: 5000
      text: (試験用)
    - name: 試験用の二色超魂
      type: psychic_cell
      civilizations: [fire]
      cost: 0
      text: (psychic cell of 《試験用の二色超魂》; 806.1d)
- name: 試験用の二色超魂
  type: psychic_super_creature
  civilizations: [water, fire]
  cost: 10
  races: [テスト]
  power: 15000
  text: W・ブレイカー
  abilities:
    - keyword: double_breaker
"""


@pytest.mark.dm_rules("806", "806.1d")
def test_806_1f_each_psychic_cell_has_the_psychic_super_creatures_civilizations() -> None:
    # Q: 試験用の二色超魂 (water and fire) is linked from a water and a fire psychic creature. A card-level
    # choice (200.3a) looks for water cards among its cards; and a lone cell of it shows which colours?
    # A: Each cell has the super creature's civilizations, water and fire (806.1f) — both cards are water
    # cards, and a lone cell is water and fire, at cost 0 (806.1d).
    from tcgrules.cards.schema import Filter
    from tcgrules.games.duel_masters.card_choice import matching_cards
    from tcgrules.games.duel_masters.psychic import AWAKENED

    game = make({"A": {"battle_zone": [{"card": "試験用の二色超魂", "as": "s"}]}}, TWO_COLOURS)
    linked = obj(game, "s")
    assert len(linked.cards) == 2 and linked.state[LINK] == "試験用の二色超魂"
    for colour in ("water", "fire"):
        assert sorted(matching_cards(game, linked, Filter(civilizations=(colour,)), None)) == sorted(
            linked.cards
        )
    game = make({"A": {"battle_zone": [{"card": "試験用の火の魂", "as": "lone"}]}}, TWO_COLOURS)
    lone = obj(game, "lone")
    lone.state[AWAKENED] = "cell"  # its cell side, alone (a judge's board: 703.4g would send it back)
    assert set(ch.civilizations(game, lone)) == {"water", "fire"} and ch.cost(game, lone) == 0
