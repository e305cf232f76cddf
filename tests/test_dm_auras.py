"""Auras (オーラ, 310): used from the hand, attached to a GR creature, their number and abilities applying to
it, following it when it leaves (auras.py); the ``attached`` reference shared with weapons and cross gears."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.agents import RandomAgent
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters import library_decks, load_deck, setup, standard_catalog
from tcgrules.games.duel_masters.attachments import attached_to
from tcgrules.games.duel_masters.auras import auras_of
from tcgrules.games.duel_masters.gr import GR
from tcgrules.games.duel_masters.language.selectors import has_keyword
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA, SHIELDS
from tcgrules.kernel import DefinitionError, Game
from tcgrules.kernel import save as S

EDAMA = "幽影エダマ・フーマ"  # +2000; may go to the graveyard instead of its creature leaving
BUCHA = "幽鬼ブチャカティ"  # +0000; gives ブロッカー, attaching makes the opponent discard
TOMURAI = "トムライ 丙-三式"  # a darkness GR creature, 3000
TUTAN = "ツタンメカーネン"  # a GR creature, 2000
DARK_MANA = ["デーモン・ハンド"] * 3


def board(a: dict[str, Any], b: dict[str, Any] | None = None, extra: str = "") -> Game:
    return make({"turn": "A", "A": a, "B": b or {"hand": ["filler"] * 2}}, extra)


def use(game: Game, alias: str) -> None:
    label = f"use:c{cid(game, alias)}"
    assert label in game.pending.labels, game.pending.labels
    game.answer(label)


@pytest.mark.dm_rules("310.1", "310.2", "701.30a", "811.2a")
def test_310_1_an_aura_is_used_from_the_hand_and_gr_summons_what_it_is_attached_to() -> None:
    game = board({"hand": [{"card": EDAMA, "as": "aura"}], "mana_zone": DARK_MANA, "gr_zone": [TOMURAI]})
    use(game, "aura")  # no GR creature yet: GR召喚 is the only way, taken alone
    assert names(game, A, BATTLE) == sorted([EDAMA, TOMURAI])
    creature = next(o for o in game.objects_in((A, BATTLE)) if game.name(o.top) == TOMURAI)
    assert attached_to(game, obj(game, "aura").oid) == creature.oid
    assert all(o.tapped for o in game.objects_in((A, MANA)))  # its cost was paid


def test_310_1_an_aura_is_not_offered_without_a_gr_creature_or_a_gr_zone() -> None:
    game = board({"hand": [{"card": EDAMA, "as": "aura"}], "mana_zone": DARK_MANA})
    assert f"use:c{cid(game, 'aura')}" not in game.pending.labels


@pytest.mark.dm_rules("310.2")
def test_310_2_its_player_chooses_a_gr_creature_or_to_gr_summon_one() -> None:
    game = board(
        {
            "hand": [{"card": EDAMA, "as": "aura"}],
            "mana_zone": DARK_MANA,
            "battle_zone": [{"card": TOMURAI, "as": "t"}],
            "gr_zone": [TUTAN],
        }
    )
    use(game, "aura")
    assert game.pending.kind == "attach_aura"
    assert set(game.pending.labels) == {f"c{cid(game, 't')}", "gr_summon"}
    game.answer(f"c{cid(game, 't')}")
    assert attached_to(game, obj(game, "aura").oid) == obj(game, "t").oid
    assert names(game, A, GR) == [TUTAN]  # nothing was GR召喚ed


@pytest.mark.dm_rules("310.2a")
def test_310_2a_an_aura_whose_gr_creature_left_first_stays_in_the_hand() -> None:
    shrink = """
- name: 例示用GR縮小
  type: creature
  civilizations: [darkness]
  cost: 1
  power: 1000
  text: 相手のGRクリーチャーのパワーを-5000する。
  abilities:
  - static: {power: -5000}
    to: {owner: opponent, type: gr_creature}
"""
    game = board(
        {"hand": [{"card": EDAMA, "as": "aura"}], "mana_zone": DARK_MANA, "gr_zone": [TOMURAI]},
        {"battle_zone": ["例示用GR縮小"]},
        shrink,
    )
    use(game, "aura")
    assert names(game, A, HAND) == [EDAMA]  # the GR creature was destroyed at power 0 before attaching
    assert names(game, A, GR) == [TOMURAI]
    assert any(r.rule == "310.2a" for r in game.log)


@pytest.mark.dm_rules("310.2", "203.2")
def test_310_2_an_aura_attached_from_the_hand_is_put_into_the_battle_zone() -> None:
    # 310.2 / 310.2a: used, an aura enters the battle zone as it is attached — 「…が出た時」 sees it (here a
    # card whose race has ドラゴン, 203.2); the GR creature it is attached to was there before it
    watcher = """
- name: 例示用ドラゴン着地の見張り
  type: creature
  civilizations: [darkness]
  cost: 2
  power: 1000
  text: 自分のドラゴンがバトルゾーンに出た時、カードを1枚引く。
  abilities:
  - trigger: {event: enters, subject: {owner: you, race: ドラゴン}}
    effect:
    - draw: 1
- name: 例示用ドラゴンのオーラ
  type: aura
  civilizations: [darkness]
  cost: 2
  races: [ドラゴン・コード]
  power: 1000
  text: ""
  abilities: []
"""
    game = board(
        {
            "hand": [{"card": "例示用ドラゴンのオーラ", "as": "aura"}],
            "mana_zone": DARK_MANA,
            "battle_zone": ["例示用ドラゴン着地の見張り", {"card": TOMURAI, "as": "t"}],
            "deck": [{"card": "filler", "as": "d1"}],
        },
        extra=watcher,
    )
    use(game, "aura")
    assert attached_to(game, obj(game, "aura").oid) == obj(game, "t").oid
    assert names(game, A, HAND) == ["filler"]  # the watcher drew once, for the aura (TOMURAI is no dragon)


@pytest.mark.dm_rules("310.4")
def test_310_4_an_auras_number_adds_to_its_creatures_power_and_is_not_a_power() -> None:
    game = board(
        {
            "battle_zone": [{"card": TOMURAI, "as": "t"}, {"card": EDAMA, "as": "aura", "equipped_to": "t"}],
        }
    )
    assert ch.power(game, obj(game, "t")) == 5000
    assert not ch.is_creature(game, obj(game, "aura"))


@pytest.mark.dm_rules("310.6")
def test_310_6_auras_attached_one_after_another_all_apply_in_order() -> None:
    game = board(
        {
            "hand": [{"card": EDAMA, "as": "second"}],
            "mana_zone": DARK_MANA,
            "battle_zone": [{"card": TOMURAI, "as": "t"}, {"card": BUCHA, "as": "first", "equipped_to": "t"}],
        }
    )
    use(game, "second")  # the only GR creature, and an empty GR zone: no question
    assert [o.top for o in auras_of(game, obj(game, "t").oid)] == [cid(game, "first"), cid(game, "second")]
    assert ch.power(game, obj(game, "t")) == 5000


@pytest.mark.dm_rules("310.5")
def test_310_5_an_aura_attached_to_nothing_goes_to_the_graveyard() -> None:
    game = board({"battle_zone": [{"card": TOMURAI, "as": "t"}, {"card": EDAMA, "as": "aura"}]})
    game.answer("end_main")
    assert names(game, A, GRAVEYARD) == [EDAMA]


@pytest.mark.dm_rules("310.8", "310.8a", "118.1")
@pytest.mark.parametrize(
    ("to", "zone", "face_down"),
    [
        ("graveyard", GRAVEYARD, False),
        ("hand", HAND, False),
        ("shield_zone", SHIELDS, True),
        ("mana_zone", MANA, False),
    ],
)
def test_310_8_an_auras_follows_its_creature_to_the_zone_it_goes_to(
    to: str, zone: str, face_down: bool
) -> None:
    game = board(
        {
            "battle_zone": [
                {"card": TOMURAI, "as": "t", "tapped": True},
                {"card": BUCHA, "as": "aura", "equipped_to": "t"},
            ]
        }
    )
    game.inject(
        {"event": "move", "target": "t", "to": to, "tapped": True}
        if to == "mana_zone"
        else {"event": "move", "target": "t", "to": to}
    )
    assert names(game, A, zone) == [BUCHA]  # the GR creature itself went under the 超GRゾーン (118.1)
    assert names(game, A, GR) == [TOMURAI]
    aura = obj(game, "aura")
    assert aura.face_down == face_down and not aura.tapped  # 310.8a: the proper state, not the effect's


@pytest.mark.dm_rules("310.7")
def test_310_7_an_aura_stays_on_a_gr_creature_that_evolves() -> None:
    evo = """
- name: 例示用闇の進化
  type: evolution_creature
  civilizations: [darkness]
  cost: 1
  power: 6000
  text: 進化:自分の闇のクリーチャー1体の上に置く。
  abilities:
  - keyword: evolution
    base: {civilization: darkness}
"""
    game = board(
        {
            "hand": [{"card": "例示用闇の進化", "as": "evo"}],
            "mana_zone": DARK_MANA,
            "battle_zone": [{"card": TOMURAI, "as": "t"}, {"card": EDAMA, "as": "aura", "equipped_to": "t"}],
        },
        extra=evo,
    )
    game.answer(f"evolve:c{cid(game, 'evo')}:c{cid(game, 't')}")
    assert attached_to(game, obj(game, "aura").oid) == obj(game, "evo").oid
    assert ch.power(game, obj(game, "evo")) == 8000


def test_attached_aura_gives_its_creature_blocker_and_attaching_makes_the_opponent_discard() -> None:
    game = board(
        {"hand": [{"card": BUCHA, "as": "aura"}], "mana_zone": DARK_MANA, "gr_zone": [TOMURAI]},
        {"hand": [{"card": "アクア・ソルジャー", "as": "x"}]},
    )
    use(game, "aura")
    assert game.pending.kind == "order_triggers"  # the GR creature's 出た時 and the aura's 付けた時 wait
    game.answer(game.pending.labels[-1])
    creature = next(o for o in game.objects_in((A, BATTLE)) if game.name(o.top) == TOMURAI)
    assert has_keyword(game, creature, "blocker") and ch.flag(game, creature, "can_block")
    assert names(game, B, GRAVEYARD) == ["アクア・ソルジャー"]


def test_an_aura_that_works_instead_of_its_creature_leaving() -> None:
    game = board(
        {"battle_zone": [{"card": TOMURAI, "as": "t"}, {"card": EDAMA, "as": "aura", "equipped_to": "t"}]}
    )
    game.inject({"event": "destroy", "target": "t"})
    game.answer(game.pending.labels[0])  # 〜してもよい: its controller applies the replacement
    assert names(game, A, BATTLE) == [TOMURAI]
    assert names(game, A, GRAVEYARD) == [EDAMA]


@pytest.mark.dm_rules("303.3a")
def test_303_3a_a_cross_gears_ability_reaches_the_crossed_creature_through_attached() -> None:
    gear = """
- name: 例示用クロスギア
  type: cross_gear
  civilizations: [fire]
  cost: 1
  text: これをクロスしたクリーチャーのパワーを+3000する。
  abilities:
  - static: {power: 3000}
    to: attached
"""
    game = board(
        {
            "mana_zone": ["火炎流星弾"] * 2,
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "c"}, {"card": "例示用クロスギア", "as": "g"}],
        },
        extra=gear,
    )
    before = ch.power(game, obj(game, "c"))
    game.answer(f"cross:c{cid(game, 'g')}:c{cid(game, 'c')}")
    assert ch.power(game, obj(game, "c")) == before + 3000


def gr_deck() -> Any:
    return next(d for d in library_decks() if d.gr)


@pytest.mark.dm_rules("811.2")
def test_811_2_the_gr_creatures_of_a_deck_start_the_game_in_the_gr_zone() -> None:
    deck = gr_deck()
    assert len(deck.cards) == 40 and len(deck.gr) == 12
    game = setup({"decks": [list(deck.for_game), list(deck.for_game)], "seed": 3})
    for player in (A, B):
        assert sorted(names(game, player, GR)) == sorted(deck.gr)
        elsewhere = [c for c in game.cards if c.owner == player and game.object_of(c.cid).zone[1] != GR]
        assert len(elsewhere) == 40  # the deck's 40 cards, wherever set-up put them
    assert game.pending is not None
    assert not any("GR" in o.text for o in game.pending.options)  # 811.2a: never summoned by paying


def test_811_2_a_deck_file_lists_its_gr_creatures_apart(tmp_path: Path) -> None:
    text = Path(gr_deck().file).read_text(encoding="utf-8")
    main = text[: text.index("gr:")]
    bad = tmp_path / "bad.yaml"
    for gr, error in [
        ("  - {card: トムライ 丙-三式, count: 2}\n", "exactly 12"),  # 100.4: exactly 12
        ("  - {card: トムライ 丙-三式, count: 3}\n", "count must be 1 to 2"),  # 100.4a
        ("  - {card: デーモン・ハンド, count: 1}\n", "not a GR creature"),
    ]:
        bad.write_text(main + "gr:\n" + gr, encoding="utf-8")
        with pytest.raises(DefinitionError, match=error):
            load_deck(bad, standard_catalog())
    bad.write_text(main.replace("デーモン・ハンド, count: 1", "トムライ 丙-三式, count: 1"), encoding="utf-8")
    with pytest.raises(DefinitionError, match="list it under 'gr'"):
        load_deck(bad, standard_catalog())


@pytest.mark.dm_rules("310.1")
def test_310_1_auras_are_used_in_games_between_real_decks_and_the_game_stays_saveable() -> None:
    deck, other = gr_deck(), library_decks()[0]
    attached = 0
    for seed in range(4):
        game = setup({"decks": [list(deck.for_game), list(other.for_game)], "seed": seed})
        players = (RandomAgent(seed), RandomAgent(seed + 7))
        for _ in range(5_000):
            if game.pending is None:
                break
            game.answer(*players[game.pending.player].choose(game, game.pending))
        assert game.result is not None
        attached += sum(1 for r in game.log if r.text.startswith("attach "))
        again = S.loads(S.dumps(game), setup)
        assert [r.render() for r in again.log] == [r.render() for r in game.log]
    assert attached > 0


PUT_AURA = """
- name: 例示用オーラ出し
  type: spell
  civilizations: [nature]
  cost: 1
  text: (illustration)
  abilities:
    - spell:
        - put_into_battle_zone: {zone: mana_zone, owner: you, type: aura, up_to: 1}
"""


@pytest.mark.dm_rules("310.2", "310.2a")
def test_310_2_an_aura_an_effect_puts_into_the_battle_zone_is_attached_as_when_used() -> None:
    """「…オーラ1枚を、自分のマナゾーンから出してもよい」 (マリゴルドIII): the aura is attached to a GR
    creature of its player's (or to one GR召喚ed for it), not left alone in the battle zone to be put into the
    graveyard (310.5); with neither a GR creature nor a card in the 超GRゾーン, it stays in the mana zone."""
    game = board(
        {
            "battle_zone": [{"card": TOMURAI, "as": "tomurai"}],
            "mana_zone": [{"card": EDAMA, "as": "edama"}],
            "hand": [{"card": "例示用オーラ出し", "as": "s"}],
        },
        extra=PUT_AURA,
    )
    game.inject({"play": cid(game, "s"), "free": True})
    game.answer(f"c{cid(game, 'edama')}")
    assert obj(game, "edama").zone == (A, BATTLE)
    assert attached_to(game, obj(game, "edama").oid) == obj(game, "tomurai").oid
    assert ch.power(game, obj(game, "tomurai")) == 5000
    game = board(
        {"mana_zone": [{"card": EDAMA, "as": "edama"}], "hand": [{"card": "例示用オーラ出し", "as": "s"}]},
        extra=PUT_AURA,
    )
    game.inject({"play": cid(game, "s"), "free": True})
    game.answer(f"c{cid(game, 'edama')}")
    assert obj(game, "edama").zone == (A, MANA) and game.pending is not None and game.pending.kind == "main"
