"""禁断 (307, 809, 701.25): 禁断〜封印されしX〜／伝説の禁断 ドキンダムX starts the game in the battle zone
with six seals, commands of its civilization remove them, and the last one turns it to its creature side."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters import setup
from tcgrules.games.duel_masters.forbidden import RELEASED
from tcgrules.games.duel_masters.seals import is_ignored_creature, seals_on
from tcgrules.games.duel_masters.zones import BATTLE, DECK, HAND, SHIELDS
from tcgrules.kernel import Game

DOKINDAM = "禁断〜封印されしX〜／伝説の禁断 ドキンダムX"
PULSE, CREATURE = "禁断〜封印されしX〜", "伝説の禁断 ドキンダムX"
FIRE_COMMAND = """
- name: 例示用火のコマンド
  type: creature
  civilizations: [fire]
  cost: 1
  races: [アーマード・コマンド]
  power: 1000
  text: ""
- name: 例示用コスト4の呪文
  type: spell
  civilizations: [fire]
  cost: 4
  text: 相手のクリーチャーを1体選び、破壊する。
  abilities:
  - spell:
    - destroy: {choose: 1, owner: opponent, type: creature}
"""


def started() -> Game:
    deck = [DOKINDAM, *["火炎流星弾"] * 39]
    return setup({"decks": [deck, ["アクア・ソルジャー"] * 40], "seed": 5, "first_player": 0})


@pytest.mark.dm_rules("809", "809.3", "307", "307.2", "307.1", "809.1", "116.1b", "204.3b", "701.24")
def test_809_3_a_forbidden_pulse_starts_the_game_in_the_battle_zone_with_six_seals() -> None:
    game = started()
    pulse = next(o for o in game.objects_in((A, BATTLE)) if not o.face_down)
    assert ch.face(game, pulse).name == PULSE
    assert len(seals_on(game, pulse.oid)) == 6
    assert len(game.zones[(A, SHIELDS)]) == 5 and len(game.zones[(A, HAND)]) == 5
    assert len(game.zones[(A, DECK)]) == 40 - 1 - 6 - 5 - 5  # the first player draws nothing on turn 1
    assert game.result is None  # the card is in the battle zone: its loss condition does not apply


def sealed_board(seals: int) -> Game:
    return make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": DOKINDAM, "as": "x"}],
                "hand": [{"card": "例示用火のコマンド", "as": f"c{i}"} for i in range(seals)],
                "deck": ["filler"] * 10,
            },
            "B": {"battle_zone": [{"card": "アクア・ソルジャー", "as": "s"}], "deck": ["filler"] * 5},
        },
        FIRE_COMMAND,
    )


def seal_it(game: Game, alias: str, count: int) -> None:
    from tcgrules.games.duel_masters.seals import perform_seal
    from tcgrules.kernel import Event, Source

    for _ in range(count):
        perform_seal(game, Event("seal", obj(game, alias).oid, A, Source("rule", rule="809.3")))


@pytest.mark.dm_rules("809.1a", "701.25", "701.25a", "809.2")
def test_701_25a_the_last_seal_removed_turns_it_to_its_creature_side_and_seals_the_opponents() -> None:
    game = sealed_board(2)
    seal_it(game, "x", 2)
    game.inject({"play": "c0", "free": True})  # a fire command: one seal goes
    assert len(seals_on(game, obj(game, "x").oid)) == 1 and not obj(game, "x").state.get(RELEASED)
    game.inject({"play": "c1", "free": True})
    x = obj(game, "x")
    assert x.state.get(RELEASED) and ch.face(game, x).name == CREATURE
    assert ch.power(game, x) == 99999 and ch.breaker(game, x) == 3
    assert is_ignored_creature(game, obj(game, "s"))  # 禁断解放した時: each opposing creature gets a seal


def test_a_forbidden_pulse_does_not_leave_the_battle_zone_and_is_never_used_from_the_hand() -> None:
    game = sealed_board(0)
    seal_it(game, "x", 1)
    game.inject({"event": "destroy", "target": "x"})
    assert PULSE in [ch.face(game, o).name for o in game.objects_in((A, BATTLE))]
    from tcgrules.games.duel_masters.play import playable_faces

    hand = make({"turn": "A", "A": {"hand": [{"card": DOKINDAM, "as": "h"}]}})
    assert playable_faces(hand, obj(hand, "h"), free=True) == []


@pytest.mark.dm_rules("104.2")
def test_the_creature_side_makes_its_owner_lose_when_the_card_is_anywhere_but_the_battle_zone() -> None:
    game = sealed_board(1)
    seal_it(game, "x", 1)
    game.inject({"play": "c0", "free": True})
    assert obj(game, "x").state.get(RELEASED) and game.result is None
    game.inject({"event": "move", "target": "x", "to": "hand"})
    assert game.result is not None and game.result.winner == B


def test_the_released_creature_cannot_be_chosen_by_the_opponents_spells_of_cost_4_or_less() -> None:
    from tcgrules.games.duel_masters.forbidden import perform_release
    from tcgrules.kernel import Event, Source

    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": [{"card": DOKINDAM, "as": "x"}, {"card": "アクア・ソルジャー", "as": "s"}]},
            "B": {"hand": [{"card": "例示用コスト4の呪文", "as": "spell"}]},
        },
        FIRE_COMMAND,
    )
    perform_release(game, Event("forbidden_release", obj(game, "x").oid, A, Source("rule", rule="701.25a")))
    game.inject({"play": "spell", "free": True})  # the only creature it may choose is アクア・ソルジャー
    assert ch.face(game, obj(game, "x")).name == CREATURE
    assert "アクア・ソルジャー" not in names(game, A, BATTLE)


@pytest.mark.dm_rules("100.5")
def test_100_5_only_one_card_of_a_deck_starts_the_game_in_the_battle_zone() -> None:
    deck = [DOKINDAM, DOKINDAM, *["火炎流星弾"] * 38]
    game = setup({"decks": [deck, ["アクア・ソルジャー"] * 40], "seed": 5, "first_player": 0})
    pulses = [o for o in game.objects_in((A, BATTLE)) if not o.face_down]
    assert [ch.face(game, o).name for o in pulses] == [PULSE]
    copies = [o for o in game.objects.values() if o.zone[0] == A and game.name(o.top) == DOKINDAM]
    assert len(copies) == 2  # the other copy is in the game, but not as a second starting card
    assert [o.zone[1] == BATTLE and not o.face_down for o in copies].count(True) == 1
