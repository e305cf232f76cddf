"""Winning and losing by effects (104.2c): S-MAX's replaced loss, deck-out by milling."""

from __future__ import annotations

from dm_helpers import A, B, make, names
from tcgrules.games.duel_masters.zones import GRAVEYARD


def test_104_2c_a_normal_loss_can_be_replaced_by_s_max() -> None:
    """The control of ruling 17: CRYMAX ジャオウガ does replace a loss that no replacement made."""
    game = make(
        {
            "turn": "B",
            "step": "attack",
            "A": {
                "battle_zone": ["CRYMAX ジャオウガ", "白銀の牙", "炎のたてがみ", "群れを守るトライ・ホーン"],
                "shield_zone": [],
            },
            "B": {"battle_zone": [{"card": "白銀の牙", "as": "attacker"}]},
        }
    )
    game.inject({"attack": "attacker", "target": "player"})
    assert game.pending is not None and game.pending.kind == "replacement"
    game.answer(game.pending.options[0].label)
    game.answer(*[o.label for o in game.pending.options[:3]])
    assert game.result is None
    assert len(names(game, A, GRAVEYARD)) == 3


def test_104_2c_deck_out_by_milling_is_not_a_draw() -> None:
    """水上第九院 シャコガイル wins instead only when the last card was drawn."""
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "水上第九院 シャコガイル", "as": "s"}], "deck": 1},
            "B": {"deck": 5},
        }
    )
    game.inject({"event": "move", "target": game.cards[game.object_of(0).top].cid, "to": "graveyard"})
    assert game.result is not None and game.result.winner == B
