"""S-MAX evolution creatures (815): summoned without an evolution source, one per player (objects.py)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, HAND

MOMO = "モモキング-MAX"
MANA = ["青銅の鎧", "火炎流星弾"] * 3


@pytest.mark.dm_rules("815.1")
def test_815_1_an_s_max_evolution_creature_is_summoned_without_an_evolution_source() -> None:
    game = make({"turn": "A", "A": {"hand": [{"card": MOMO, "as": "m"}], "mana_zone": MANA}})
    label = f"summon:c{cid(game, 'm')}"
    assert label in game.pending.labels
    game.answer(label)
    assert names(game, A, BATTLE) == [MOMO]
    assert can_attack(game, obj(game, "m"), player=True)  # 801.3: an evolution creature


@pytest.mark.dm_rules("815.1a", "604.4")
@pytest.mark.parametrize("kept", ["first", "m"])
def test_815_1a_a_second_s_max_evolution_creature_sends_the_one_its_player_does_not_keep_to_the_hand(
    kept: str,
) -> None:
    """815.1a: with two S-MAX evolution creatures in a player's battle zone, that player chooses the one that
    stays (either: the one already there or the one that just entered), and the other returns to the hand."""
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": MOMO, "as": "first"}], "hand": [{"card": MOMO, "as": "m"}]},
        }
    )
    game.inject({"play": "m", "free": True})
    decision = game.pending
    assert decision is not None and decision.kind == "choose_cards" and decision.rule == "815.1a"
    assert decision.player == A and len(decision.options) == 2
    game.answer(f"c{cid(game, kept)}")
    assert names(game, A, BATTLE) == [MOMO] and names(game, A, HAND) == [MOMO]
    assert obj(game, kept).zone == (A, BATTLE)
    other = "m" if kept == "first" else "first"
    assert obj(game, other).zone == (A, HAND)


@pytest.mark.dm_rules("604.4", "604.4b", "111.2d")
def test_604_4_the_s_max_one_shot_interrupts_the_effect_being_resolved() -> None:
    """604.4: a static's one-shot effect (S-MAX's return to the hand) is applied as soon as its condition
    holds, interrupting the effect being resolved: a spell that puts a second S-MAX evolution creature into
    the battle zone and then counts its player's creatures counts one, not two (its player asked in
    between)."""
    from test_card_language import spell

    s = spell(
        "例示用双極召喚",
        f"- put_into_battle_zone: {{choose: 1, zone: hand, owner: you, name: {MOMO}}}\n"
        "- draw: {count: {count: {owner: you, type: creature}}}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": MOMO, "as": "first"}],
                "hand": [{"card": MOMO, "as": "m"}, {"card": "例示用双極召喚", "as": "s"}],
                "deck": 5,
            },
        },
        s,
    )
    game.inject({"play": cid(game, "s"), "free": True})
    assert game.pending is not None and game.pending.rule == "815.1a"  # before the spell's next step
    game.answer(f"c{cid(game, 'first')}")
    assert len(game.zone((A, "deck"))) == 4  # one creature counted: the other was back in the hand
    assert names(game, A, BATTLE) == [MOMO]


@pytest.mark.dm_rules("604.4a")
def test_604_4a_a_statics_one_shot_is_applied_after_every_continuous_effect() -> None:
    """604.4a: when a static makes a one-shot effect, every continuous effect is applied first: a static
    「パワー2000以下のクリーチャーをすべて破壊し」 destroys the 1000 creature, but not the one a lord's +2000
    makes 3000 (a static, continuous)."""
    from test_card_language import card

    cards = card(
        "例示用破壊の静", "- static: {destroys: {type: creature, power: {at_most: 2000}, other: true}}", 5000
    )
    cards += card("例示用号令", "- static: {power: 2000}\n  to: {name: 例示用守られ}", 5000)
    cards += card("例示用守られ", "- keyword: blocker", 1000) + card("例示用裸", "- keyword: blocker", 1000)
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用号令"}, {"card": "例示用守られ", "as": "kept"}],
                "hand": [{"card": "例示用破壊の静", "as": "d"}],
            },
            "B": {"battle_zone": [{"card": "例示用裸", "as": "bare"}]},
        },
        cards,
    )
    game.inject({"play": cid(game, "d"), "free": True})
    assert obj(game, "kept").zone == (A, BATTLE) and obj(game, "bare").zone[1] == "graveyard"


@pytest.mark.dm_rules("604.4b")
@pytest.mark.parametrize("turn", ["A", "B"])
def test_604_4b_statics_one_shots_of_both_players_apply_the_turn_players_first(turn: str) -> None:
    """604.4b: the one-shot effects of statics of several players apply the turn player's first: two
    「自分はゲームに負ける」 statics holding at once (one each side) make the turn player lose — the game is
    over before the other applies, so it is no draw."""
    from test_card_language import card

    doom = card(
        "例示用破滅", "- static: {lose_game: true}\n  if: {exists: {owner: you, name: 例示用合図}}", 1000
    )
    doom += card("例示用合図", "- keyword: blocker", 1000)
    game = make(
        {
            "turn": turn,
            "A": {"battle_zone": ["例示用破滅"], "hand": [{"card": "例示用合図", "as": "a"}]},
            "B": {"battle_zone": ["例示用破滅"], "hand": [{"card": "例示用合図", "as": "b"}]},
        },
        doom,
    )
    assert game.result is None
    game.inject({"event": "enter", "targets": [cid(game, "a"), cid(game, "b")]})
    assert game.result is not None and game.result.winner == (B if turn == "A" else A)
