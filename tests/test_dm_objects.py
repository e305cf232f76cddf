"""Objects made of several cards (seed 004): unit tests named after the rules they check."""

from __future__ import annotations

from collections import Counter

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.cards.schema import Filter, Quantity, Selector
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.castles import CASTLES
from tcgrules.games.duel_masters.language.quantities import value
from tcgrules.games.duel_masters.language.scope import Scope
from tcgrules.games.duel_masters.objects import is_evolution
from tcgrules.games.duel_masters.play import playable_faces
from tcgrules.games.duel_masters.shields import (
    is_face_up,
    shield_card_count,
    shield_count,
)
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import SHIELDS
from tcgrules.kernel import Event, Game, Source

NEO = """
- name: 例示用のNEOクリーチャー
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: NEO進化
  abilities:
    - keyword: neo
      base: {civilization: fire}
- name: 例示用の城
  type: castle
  civilizations: [light]
  cost: 1
  text: 要塞化
  abilities:
    - trigger: {event: turn_start, player: you}
      zones: [castle_zone]
      effect:
        - draw: 1
"""


def test_113_2_counting_shields_counts_objects_and_cards_counts_cards() -> None:
    game = make({"B": {"shield_zone": [{"card": "filler", "under": ["filler", "filler"]}, "filler"]}})
    assert shield_count(game, B) == 2
    assert shield_card_count(game, B) == 4


def test_113_2_face_up_cards_under_the_top_are_face_up() -> None:
    game = make(
        {
            "A": {
                "shield_zone": [
                    {
                        "card": "filler",
                        "face_up": True,
                        "under": [{"card": "filler", "face_up": True}, "filler"],
                    }
                ]
            }
        }
    )
    shield = game.objects_in((A, SHIELDS))[0]
    assert [is_face_up(shield, c) for c in shield.cards] == [True, True, False]
    face_up_cards = Selector(
        "all", zone=SHIELDS, owner="you", filter=Filter(face_up=True, v2=True), cards=True
    )
    assert value(game, Scope(A), Quantity("count_cards", selector=face_up_cards)) == 2  # 枚 of face-up cards


def test_113_2a_shuffling_shields_keeps_each_position_and_size() -> None:
    game = make(
        {
            "B": {
                "shield_zone": [
                    "filler",
                    {"card": "アクア・ソルジャー", "under": ["filler", "filler"]},
                    "filler",
                ]
            }
        }
    )
    before = [(o.oid, len(o.cards)) for o in game.objects_in((B, SHIELDS))]
    all_cards = Counter(c for o in game.objects_in((B, SHIELDS)) for c in o.cards)
    game.inject({"event": "shuffle_shields", "player": "B"})
    after = [(o.oid, len(o.cards)) for o in game.objects_in((B, SHIELDS))]
    assert after == before
    assert Counter(c for o in game.objects_in((B, SHIELDS)) for c in o.cards) == all_cards


def _run(game: Game, event: Event) -> None:
    """Process one event now, as an injected event would be (the pending decision is asked again)."""
    game.pending = None
    game.push(game.process(event))
    game.advance()


def test_seed_004_a_stack_put_into_shields_splits_unless_told_otherwise() -> None:
    spec = {
        "A": {"battle_zone": [{"card": "S級宇宙 アダムスキー", "as": "x", "under": ["アクア・ソルジャー"]}]}
    }
    game = make(spec)
    source = Source("rule", rule="scenario")
    _run(game, Event("move", obj(game, "x").oid, None, source, {"to": SHIELDS}))
    assert shield_count(game, A) == 2
    game = make(spec)
    _run(game, Event("move", obj(game, "x").oid, None, source, {"to": SHIELDS, "as_one": True}))
    assert shield_count(game, A) == 1 and shield_card_count(game, A) == 2


@pytest.mark.dm_rules("802", "802.2", "802.3", "802.4")
def test_seed_004_neo_is_neo_evolution_only_with_a_card_under_it() -> None:
    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "例示用のNEOクリーチャー", "as": "alone", "sick": True},
                    {"card": "例示用のNEOクリーチャー", "as": "stacked", "sick": True, "under": ["filler"]},
                ]
            }
        },
        NEO,
    )
    assert not is_evolution(game, obj(game, "alone")) and not can_attack(game, obj(game, "alone"))
    assert is_evolution(game, obj(game, "stacked")) and can_attack(game, obj(game, "stacked"))


@pytest.mark.dm_rules("200")
def test_200_3b_a_seal_is_cost_0_with_no_other_characteristic() -> None:
    game = make({"A": {"battle_zone": [{"card": "蒼き団長 ドギラゴン剣", "as": "seal", "face_down": True}]}})
    seal = obj(game, "seal")
    assert ch.face(game, seal).cost == 0
    assert not ch.is_creature(game, seal)
    assert ch.face(game, seal).civilizations == () and ch.face(game, seal).races == ()


@pytest.mark.dm_rules("113.4")
def test_seed_004_a_castle_needs_a_shield_to_fortify() -> None:
    game = make(
        {"A": {"hand": [{"card": "例示用の城", "as": "castle"}], "mana_zone": ["オヴ・シディア†"]}}, NEO
    )
    assert playable_faces(game, obj(game, "castle")) == []
    game = make(
        {
            "A": {
                "hand": [{"card": "例示用の城", "as": "castle"}],
                "mana_zone": ["オヴ・シディア†"],
                "shield_zone": ["filler"],
            }
        },
        NEO,
    )
    assert playable_faces(game, obj(game, "castle")) == [0]


def test_703_4k_castle_goes_to_the_graveyard_when_its_shield_leaves() -> None:
    game = make(
        {
            "A": {
                "hand": [{"card": "例示用の城", "as": "castle"}],
                "shield_zone": [{"card": "filler", "as": "s"}],
            }
        },
        NEO,
    )
    game.inject({"play": "castle", "free": True})
    assert obj(game, "castle").zone == (A, CASTLES)
    assert shield_count(game, A) == 1  # 113.2: a castle is not a shield
    game.inject({"event": "break", "target": "s"})
    assert obj(game, "castle").zone == (A, "graveyard")


@pytest.mark.dm_rules("302.3", "316", "316.1", "316.2", "801.4a", "801.4b")
def test_801_4_rebuild_keeps_the_object_and_ignores_cards_that_cannot_exist_alone() -> None:
    game = make(
        {
            "A": {
                "battle_zone": [
                    {
                        "card": "S級宇宙 アダムスキー",
                        "as": "top",
                        "tapped": True,
                        "under": [
                            {"card": "ゴースト・タッチ", "as": "spell"},
                            {"card": "アクア・ソルジャー", "as": "base"},
                        ],
                    }
                ]
            }
        }
    )
    oid = obj(game, "top").oid
    game.inject({"event": "move_card", "target": "top", "to": "hand"})
    assert obj(game, "base").oid == oid and obj(game, "base").tapped  # 801.4c/d
    assert obj(game, "spell").zone == (A, "graveyard")  # 801.4b: a spell cannot exist alone
    assert game.name(obj(game, "base").top) == "アクア・ソルジャー"
    assert cid(game, "base") in obj(game, "base").cards


# ------------------------------------------------------------------------------------------ issue 4, part b


@pytest.mark.dm_rules("303.1", "303.2", "303.3", "303.5", "504.2", "701.16", "701.16a", "701.17")
def test_109_2c_a_crossed_gear_is_not_a_card_of_its_creature() -> None:
    from tcgrules.games.duel_masters.cross_gears import crossed_creature, gears_of

    game = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "hand": [{"card": "ユニバース・ラピア", "as": "gear"}],
                "battle_zone": [{"card": "アクア・ソルジャー", "as": "soldier"}],
                "mana_zone": ["アクア・ソルジャー"] * 4,
            },
        }
    )
    game.answer(f"generate:c{cid(game, 'gear')}")
    game.answer(f"cross:c{cid(game, 'gear')}:c{cid(game, 'soldier')}")
    gear, soldier = obj(game, "gear"), obj(game, "soldier")
    assert crossed_creature(game, gear) is soldier
    assert gears_of(game, soldier) == [gear]
    assert soldier.cards == [cid(game, "soldier")]  # the gear is not one of its cards
    game.inject({"event": "move", "target": "soldier", "to": "hand"})
    assert obj(game, "gear").zone == (A, "battle_zone")
    assert crossed_creature(game, obj(game, "gear")) is None


def test_113_6a_broken_shields_wait_uncounted_while_declarations_are_made() -> None:
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "サイバー・N・ワールド", "as": "attacker"}]},
            "B": {"shield_zone": ["ホーリー・スパーク", "スパイラル・ゲート", "filler"]},
        }
    )
    game.answer(f"attack:c{cid(game, 'attacker')}:player")
    game.answer("shield_zone:1", "shield_zone:2")
    assert game.pending is not None and game.pending.rule == "113.6"
    assert len(game.objects_in((B, SHIELDS))) == 3  # still in the shield zone …
    assert shield_count(game, B) == 1  # … but not counted as shields
    assert shield_card_count(game, B) == 1


def test_seed_004_ignored_abilities_leave_the_characteristics() -> None:
    game = make(
        {
            "turn": "A",
            "step": "main",
            "A": {"hand": [{"card": "あたりポンの助", "as": "pon"}]},
            "B": {"battle_zone": [{"card": "蒼天の守護者ラ・ウラ・ギガ", "as": "guard"}]},
        }
    )
    guard = obj(game, "guard")
    assert ch.flag(game, guard, "can_block")
    game.inject({"play": cid(game, "pon"), "free": True})
    assert not ch.flag(game, guard, "can_block")  # its ブロッカー is ignored
    assert ch.is_creature(game, guard) and ch.power(game, guard) == 2000


@pytest.mark.dm_rules("203.3")
def test_seed_004_units_of_counting_creatures_and_cards() -> None:
    """枚 counts every card (``count_cards``); 体 counts creatures (a ``count`` of ``type: creature``): a
    cross gear made a phoenix is counted in 枚, not in 体."""
    counter = """
- name: 例示用・数え方
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札にあるフェニックス1枚につき1枚引き、フェニックス1体につき1枚捨てる。
  abilities:
    - spell:
        - draw: {count: {count_cards: {zone: deck, owner: you, race: フェニックス}}}
        - mill: {count: {count: {zone: deck, owner: you, race: フェニックス, type: creature}}}
"""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用・数え方", "as": "s"}],
                "battle_zone": ["ユニバース・ラピア"],
                "deck": [
                    "filler",
                    {"card": "あたりポンの助", "as": "c"},
                    {"card": "ユニバース・ラピア", "as": "gear"},
                ],
            },
        },
        counter,
    )
    phoenix = Filter(races=("フェニックス",))
    gear = obj(game, "gear")
    assert ch.matches(game, gear, phoenix)  # a phoenix through the ラピア in the battle zone
    game.inject({"play": cid(game, "s"), "free": True})
    assert "ユニバース・ラピア" in names(game, A, "hand")  # one phoenix counted in 枚: one card drawn
    assert names(game, A, "graveyard") == ["例示用・数え方"]  # none in 体: nothing milled


def test_200_3a_choosing_cards_offers_the_cards_under_an_evolution() -> None:
    game = make(
        {
            "turn": "A",
            "step": "main",
            "A": {"hand": [{"card": "死の鬼術 鬼暴崩", "as": "spell"}]},
            "B": {
                "battle_zone": [
                    {
                        "card": "守護聖天ラルバ・ギア",
                        "as": "top",
                        "under": [{"card": "蒼天の守護者ラ・ウラ・ギガ", "as": "b"}],
                    }
                ]
            },
        }
    )
    game.inject({"play": cid(game, "spell"), "free": True})
    assert game.pending is not None
    assert set(game.pending.labels) == {f"c{cid(game, 'top')}", f"c{cid(game, 'b')}"}


GODS = """
- name: 例示用・左のゴッド
  type: creature
  civilizations: [darkness]
  cost: 7
  races: [ゴッド]
  power: 6000
  text: W・ブレイカー。G・リンク《例示用・右のゴッド》の左横
  abilities:
    - keyword: double_breaker
    - keyword: god_link
      partner: 例示用・右のゴッド
      side: left
- name: 例示用・右のゴッド
  type: creature
  civilizations: [fire]
  cost: 6
  races: [ゴッド]
  power: 7000
  text: G・リンク《例示用・左のゴッド》の右横
  abilities:
    - keyword: god_link
      partner: 例示用・左のゴッド
      side: right
"""


def _run(game: Game, event: Event) -> None:
    game.pending = None
    game.push(game.process(event))
    game.advance()


@pytest.mark.dm_rules("804.1b", "804.2", "804.3", "804.4", "804.7")
def test_109_2b_703_4f_a_linked_god_is_one_creature_and_one_card_leaves_as_a_creature() -> None:
    from tcgrules.games.duel_masters.gods import LINKED, can_link
    from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD

    spec = {
        "A": {
            "battle_zone": [
                {"card": "例示用・右のゴッド", "as": "right", "tapped": True},
                {"card": "例示用・左のゴッド", "as": "left"},
            ]
        }
    }
    game = make(spec, GODS)
    left, right = obj(game, "left"), obj(game, "right")
    assert can_link(game, left.top, right.top) and not can_link(game, right.top, left.top)
    _run(game, Event("god_link", left.oid, A, Source("rule"), {"with": right.oid, "side": "left"}))
    (linked,) = game.objects_in((A, BATTLE))
    assert linked.oid == right.oid and linked.state[LINKED] and linked.tapped  # the God already there stays
    assert linked.cards == [cid(game, "left"), cid(game, "right")]  # left to right
    f = ch.face(game, linked)
    assert (ch.power(game, linked), f.cost, f.civilizations) == (13000, 13, ("darkness", "fire"))
    assert {e.source.card for e in game.effects if e.host == linked.oid} >= {
        cid(game, "left"),
        cid(game, "right"),
    }
    _run(game, Event("destroy", linked.oid, None, Source("rule", rule="703.4c")))
    assert game.pending is not None and game.pending.rule == "703.4f"
    game.answer(f"c{cid(game, 'left')}")
    assert [game.name(c) for o in game.objects_in((A, GRAVEYARD)) for c in o.cards] == ["例示用・左のゴッド"]
    (stayed,) = game.objects_in((A, BATTLE))
    assert stayed.oid == linked.oid and stayed.tapped and LINKED not in stayed.state
    assert ch.power(game, stayed) == 7000
    assert any(r.kind == "event" and "destroyed" in r.text for r in game.log)


CASTLE_TRIGGER = """
- name: 例示用の盾呪文
  type: spell
  civilizations: [water]
  cost: 2
  text: |-
    S・トリガー
    カードを1枚引く。
  abilities:
    - keyword: shield_trigger
    - spell:
        - draw: 1
"""


def _castle_on_a_trigger() -> Game:
    game = make(
        {
            "turn": "B",
            "A": {
                "hand": [{"card": "例示用の城", "as": "castle"}],
                "shield_zone": [{"card": "例示用の盾呪文", "as": "s"}],
                "deck": 3,
            },
        },
        NEO + CASTLE_TRIGGER,
    )
    game.inject({"play": "castle", "free": True})
    assert obj(game, "castle").zone == (A, CASTLES)
    game.inject({"event": "break", "target": "s"})
    assert game.pending is not None and game.pending.kind == "use_trigger"
    return game


def test_703_4k_a_castle_goes_only_after_its_shields_s_trigger_is_used() -> None:
    # Q: A's 例示用の城 fortifies a shield that is 例示用の盾呪文 (S・トリガー). It is broken and A uses the
    # S・トリガー. When does the castle go to the graveyard?  A: Right after the S・トリガー is used, not as
    # soon as the shield leaves (703.4k): the record of it comes after the spell is cast.
    game = _castle_on_a_trigger()
    game.answer("yes")
    assert obj(game, "castle").zone == (A, "graveyard") and obj(game, "s").zone == (A, "graveyard")
    texts = [r for r in game.log if r.kind == "event"]
    cast = next(i for i, r in enumerate(texts) if "casts 例示用の盾呪文" in r.text)
    gone = next(i for i, r in enumerate(texts) if r.rule == "703.4k")
    assert cast < gone


@pytest.mark.dm_rules("304", "304.3")
def test_304_3_the_castle_goes_only_once_its_shields_s_trigger_has_resolved() -> None:
    # 304.3: …そのシールドの持つＳ・トリガー能力が解決された後で城を墓地に置きます — after the spell's draw,
    # not as soon as it is cast.
    game = _castle_on_a_trigger()
    game.answer("yes")
    events = [r for r in game.log if r.kind == "event"]
    drew = next(i for i, r in enumerate(events) if "draws" in r.text)
    gone = next(i for i, r in enumerate(events) if r.rule == "703.4k")
    assert drew < gone and obj(game, "castle").zone == (A, "graveyard")


def test_703_4k_without_the_s_trigger_the_castle_goes_with_its_shield() -> None:
    game = _castle_on_a_trigger()
    game.answer("no")
    assert obj(game, "castle").zone == (A, "graveyard") and obj(game, "s").zone == (A, "hand")
    assert not any("casts 例示用の盾呪文" in r.text for r in game.log if r.kind == "event")


GV_EVOLUTION = """
- name: 例示用の進化GV
  type: evolution_creature
  civilizations: [fire]
  cost: 8
  races: [アーマード・ドラゴン]
  power: 13000
  text: 進化GV：自分のクリーチャー3体を重ねた上に置く。
  abilities:
    - keyword: evolution
      base: {type: creature}
"""


@pytest.mark.parametrize("tapped", [(True, False, False), (False, False, True), (False, False, False)])
def test_801_2b_a_gv_evolution_onto_tapped_and_untapped_bases_enters_tapped(tapped: tuple[bool, ...]) -> None:
    """801.2b: a creature evolving from two or more cards, some tapped and some untapped, is put into the
    battle zone tapped — whichever base is tapped; with every base untapped it is untapped."""
    bases = [
        {"card": "“龍装”チュリス", "as": alias, "tapped": t} for alias, t in zip("abc", tapped, strict=True)
    ]
    game = make(
        {"turn": "A", "A": {"battle_zone": bases, "hand": [{"card": "例示用の進化GV", "as": "gv"}]}},
        GV_EVOLUTION,
    )
    game.inject({"evolve": game.info["aliases"]["gv"], "onto": [game.info["aliases"][x] for x in "abc"]})
    evolved = obj(game, "gv")
    assert len(evolved.cards) == 4
    assert evolved.tapped is any(tapped)


@pytest.mark.dm_rules("802.1", "802.3")
def test_802_1_a_neo_creature_is_summoned_alone_or_onto_a_creature_its_keyword_names() -> None:
    # 802.1: summoning a NEO creature, its player may use NEO進化 — put it on a creature the keyword names —
    # or summon it alone; the main step offers both, and the NEO evolution only onto a fire creature here.
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用のNEOクリーチャー", "as": "neo"}],
                "mana_zone": ["ボルシャック・ドラゴン"] * 6,
                "battle_zone": [
                    {"card": "ボルシャック・ドラゴン", "as": "fire"},
                    {"card": "白銀の牙", "as": "nature"},
                ],
            },
        },
        NEO,
    )
    labels = set(game.pending.labels) if game.pending is not None else set()
    neo, fire, nature = cid(game, "neo"), cid(game, "fire"), cid(game, "nature")
    assert {f"summon:c{neo}", f"evolve:c{neo}:c{fire}"} <= labels
    assert f"evolve:c{neo}:c{nature}" not in labels
    game.answer(f"evolve:c{neo}:c{fire}")
    stacked = obj(game, "neo")
    assert stacked.cards == [neo, fire] and is_evolution(game, stacked) and can_attack(game, stacked)
