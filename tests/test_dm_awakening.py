"""覚醒 and 解除 of a single psychic creature (805.1a, 805.1b, 805.5, 805.6, 805.6a; psychic.py): the step
``awaken`` turns it to its other side, the keyword ``psychic_release`` (解除, written in the card language:
keywords.KEYWORDS) turns it back to its cheaper side instead of leaving."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HYPERSPATIAL
from tcgrules.kernel import Event, Game, Source

CARDS = """
- name: 例示用の覚醒前
  text_status: reconstructed
  faces:
    - name: 例示用の覚醒前
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
    - name: 例示用の覚醒後
      type: psychic_creature
      civilizations: [fire]
      cost: 10
      races: [テスト]
      power: 12000
      text: 解除 / W・ブレイカー
      abilities:
        - keyword: psychic_release
        - keyword: double_breaker
"""


def _run(game: Game, event: Event) -> None:
    game.pending = None
    game.push(game.process(event))
    game.advance()


def _to_a_turn(game: Game) -> None:
    while game.pending is not None and game.active_player == B:
        game.answer("end_main" if "end_main" in game.pending.labels else game.pending.labels[-1])


def _awakened(**entry: object) -> Game:
    game = make({"A": {"battle_zone": [{"card": "例示用の覚醒前", "as": "k", **entry}], "deck": 3}}, CARDS)
    _run(game, Event("awaken", obj(game, "k").oid, A, Source("rule")))
    assert ch.face(game, obj(game, "k")).name == "例示用の覚醒後"
    return game


@pytest.mark.dm_rules("805.1", "805.5")
def test_805_1a_an_awakening_ability_turns_it_over_when_its_condition_is_met() -> None:
    # Q: A has 例示用の覚醒前 (覚醒: at the start of A's turn, with a creature of power 6000 or more, turn it
    # over) and ボルシャック・ドラゴン. What is it at the start of A's turn?  A: 例示用の覚醒後, the same
    # creature (805.5).
    game = make(
        {
            "turn": "B",
            "step": "main",
            "A": {
                "battle_zone": [{"card": "例示用の覚醒前", "as": "k"}, "ボルシャック・ドラゴン"],
                "deck": 5,
            },
            "B": {"deck": 5},
        },
        CARDS,
    )
    before = obj(game, "k").oid
    _to_a_turn(game)
    k = obj(game, "k")
    assert k.oid == before and ch.face(game, k).name == "例示用の覚醒後" and ch.power(game, k) == 12000


def test_805_5_a_tapped_psychic_creature_stays_tapped_when_it_awakens() -> None:
    game = _awakened(tapped=True)
    assert obj(game, "k").tapped


def test_805_6_an_awakened_psychic_creature_has_no_summoning_sickness() -> None:
    # Q: 例示用の覚醒前 was put into the battle zone this turn and awakens. Can it attack?  A: Yes (805.6); a
    # psychic creature put this turn that has not awakened cannot.
    game = _awakened(sick=True)
    assert can_attack(game, obj(game, "k"))
    fresh = make({"A": {"battle_zone": [{"card": "例示用の覚醒前", "as": "k", "sick": True}]}}, CARDS)
    assert not can_attack(fresh, obj(fresh, "k"))


@pytest.mark.dm_rules("805.1")
def test_805_1b_release_turns_it_to_its_cheaper_side_instead_of_leaving() -> None:
    # Q: A's awakened 例示用の覚醒後 (解除) is destroyed. What happens?  A: Instead, it is turned over to its
    # cheaper side, 例示用の覚醒前; it stays in the battle zone, the same creature, still tapped (805.5).
    game = _awakened(tapped=True)
    before = obj(game, "k").oid
    _run(game, Event("destroy", before, None, Source("rule", rule="703.4c")))
    k = obj(game, "k")
    assert k.oid == before and k.zone == (A, BATTLE) and k.tapped
    assert ch.face(game, k).name == "例示用の覚醒前" and ch.power(game, k) == 5000
    assert names(game, A, GRAVEYARD) == [] and names(game, A, HYPERSPATIAL) == []
    assert any(r.rule == "805.1b" for r in game.log)


@pytest.mark.dm_rules("805.3")
def test_805_1b_release_is_on_the_awakened_side_only() -> None:
    # Showing its cheaper side it has no 解除 (805.3): destroyed, it leaves (and goes back, 805.4b).
    game = _awakened()
    _run(game, Event("destroy", obj(game, "k").oid, None, Source("rule", rule="703.4c")))
    _run(game, Event("destroy", obj(game, "k").oid, None, Source("rule", rule="703.4c")))
    assert names(game, A, BATTLE) == [] and names(game, A, HYPERSPATIAL) == ["例示用の覚醒前"]


def test_805_6a_turned_back_it_is_not_newly_sick_if_it_was_there_since_the_turn_began() -> None:
    # Q: A's 例示用の覚醒後, in the battle zone since the start of the turn, is turned back by 解除. Can it
    # attack?  A: Yes: it is the same creature, not newly affected by summoning sickness (805.6a). One that
    # entered this turn and awakened can attack while awakened (805.6), but not once turned back.
    game = _awakened()
    _run(game, Event("destroy", obj(game, "k").oid, None, Source("rule", rule="703.4c")))
    assert ch.face(game, obj(game, "k")).name == "例示用の覚醒前" and can_attack(game, obj(game, "k"))
    fresh = _awakened(sick=True)
    _run(fresh, Event("destroy", obj(fresh, "k").oid, None, Source("rule", rule="703.4c")))
    assert ch.face(fresh, obj(fresh, "k")).name == "例示用の覚醒前" and not can_attack(fresh, obj(fresh, "k"))
