"""G-NEO creatures (803): NEO creatures whose leaving as a G-NEO evolution is replaced by the cards under them
leaving (keyword ``g_neo``, written in the card language: keywords.KEYWORDS)."""

from __future__ import annotations

import pytest

from dm_helpers import A, make, names, obj
from tcgrules.games.duel_masters.objects import is_evolution, is_neo
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND
from tcgrules.kernel import Event, Game, Source

G_NEO = """
- name: 例示用のG-NEOクリーチャー
  type: creature
  civilizations: [nature]
  cost: 7
  races: [テスト]
  power: 7000
  text: G-NEO進化
  abilities:
    - keyword: g_neo
      base: {civilization: nature}
- name: 例示用のG-NEOの身代わり
  type: creature
  civilizations: [nature]
  cost: 7
  races: [テスト]
  power: 7000
  text: G-NEO進化 / 自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。
  abilities:
    - keyword: g_neo
      base: {civilization: nature}
    - replace: {event: destroyed, subject: {owner: you, type: creature, other: true}}
      optional: true
      instead: [{destroy: this}]
"""


def _run(game: Game, event: Event) -> None:
    game.pending = None
    game.push(game.process(event))
    game.advance()


def _board(**extra: object) -> Game:
    battle = [
        {"card": "例示用のG-NEOクリーチャー", "as": "g", "under": ["ボルシャック・ドラゴン", "青銅の鎧"]}
    ]
    return make({"A": {"battle_zone": battle, "deck": 3, **extra}}, G_NEO)


def test_803_1_a_g_neo_creature_is_a_neo_creature() -> None:
    # 803.1: a G-NEO creature is a NEO creature too — a G-NEO evolution (no summoning sickness) while a card
    # is under it, a plain creature otherwise (802.2).
    game = make(
        {"A": {"battle_zone": [{"card": "例示用のG-NEOクリーチャー", "as": "alone"}]}},
        G_NEO,
    )
    alone = obj(game, "alone")
    assert is_neo(game, alone.top) and not is_evolution(game, alone)
    stacked = _board()
    assert is_evolution(stacked, obj(stacked, "g")) and len(obj(stacked, "g").cards) == 3


@pytest.mark.dm_rules("803")
def test_803_2_leaving_as_a_g_neo_evolution_the_cards_under_it_leave_instead() -> None:
    # Q: A's G-NEO creature has two cards under it and is destroyed. What happens?  A: The cards under it go
    # to the graveyard instead; the G-NEO creature stays in the battle zone, the same object, no longer a
    # G-NEO evolution (803.2).
    game = _board()
    g = obj(game, "g")
    before = g.oid
    _run(game, Event("destroy", g.oid, None, Source("rule", rule="703.4c")))
    assert names(game, A, BATTLE) == ["例示用のG-NEOクリーチャー"]
    assert sorted(names(game, A, GRAVEYARD)) == sorted(["ボルシャック・ドラゴン", "青銅の鎧"])
    assert obj(game, "g").oid == before and not is_evolution(game, obj(game, "g"))


def test_803_2_the_cards_under_it_go_where_it_would_have_gone() -> None:
    # Returned to the hand, the cards under it go to the hand instead.
    game = _board()
    _run(game, Event("move", obj(game, "g").oid, None, Source("rule"), {"to": HAND}))
    assert names(game, A, BATTLE) == ["例示用のG-NEOクリーチャー"]
    assert sorted(names(game, A, HAND)) == sorted(["ボルシャック・ドラゴン", "青銅の鎧"])


def test_803_2_without_a_card_under_it_it_leaves_normally() -> None:
    # 803.2 applies only while it is a G-NEO evolution: alone, it is destroyed like any creature.
    game = make({"A": {"battle_zone": [{"card": "例示用のG-NEOクリーチャー", "as": "g"}]}}, G_NEO)
    _run(game, Event("destroy", obj(game, "g").oid, None, Source("rule", rule="703.4c")))
    assert names(game, A, BATTLE) == []
    assert names(game, A, GRAVEYARD) == ["例示用のG-NEOクリーチャー"]


def test_803_2a_not_when_it_leaves_by_another_replacement() -> None:
    # Q: A's 例示用のG-NEOの身代わり (G-NEO, one card under it) is destroyed instead of A's other creature
    # by its own saver. Do the cards under it leave instead?  A: No. It leaves by a replacement, so its
    # G-NEO replacement cannot apply (803.2a, 101.5): it goes to the graveyard with the card under it.
    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "例示用のG-NEOの身代わり", "as": "g", "under": ["青銅の鎧"]},
                    {"card": "ボルシャック・ドラゴン", "as": "other"},
                ],
                "deck": 3,
            }
        },
        G_NEO,
    )
    _run(game, Event("destroy", obj(game, "other").oid, None, Source("rule", rule="703.4c")))
    assert game.pending is not None and game.pending.kind == "replacement"
    game.answer(game.pending.labels[0])  # A applies the saver (the other label is "none")
    assert names(game, A, BATTLE) == ["ボルシャック・ドラゴン"]
    assert sorted(names(game, A, GRAVEYARD)) == sorted(["例示用のG-NEOの身代わり", "青銅の鎧"])


@pytest.mark.dm_rules("802.3", "803.2")
def test_802_3_a_g_neo_evolution_put_this_turn_whose_cards_under_it_left_cannot_attack() -> None:
    # Q: A puts 例示用のG-NEOクリーチャー onto a creature there since an earlier turn and the card under it
    # leaves instead of it (803.2). May it attack this turn?  A: No: it is no longer a NEO evolution, and it
    # was put into the battle zone this turn (802.3). Its base, there since before, could have.
    from dm_helpers import cid, label_for

    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "青銅の鎧", "as": "base"}],
                "hand": [{"card": "例示用のG-NEOクリーチャー", "as": "g"}],
            },
        },
        G_NEO,
    )
    game.inject({"play": cid(game, "g"), "free": True, "onto": cid(game, "base")})
    game.answer("end_main")
    assert f"attack:{label_for(game, 'g')}:player" in game.pending.labels  # a G-NEO evolution: not sick
    _run(game, Event("destroy", obj(game, "g").oid, None, Source("rule", rule="703.4c")))
    assert names(game, A, GRAVEYARD) == ["青銅の鎧"] and not is_evolution(game, obj(game, "g"))
    assert not any(label.startswith(f"attack:{label_for(game, 'g')}") for label in game.pending.labels)
