"""Duel Masters zone names (400–408) and small helpers."""

from __future__ import annotations

DECK = "deck"  # 山札 (401)
HAND = "hand"  # 手札 (402)
BATTLE = "battle_zone"  # バトルゾーン (403)
GRAVEYARD = "graveyard"  # 墓地 (404)
MANA = "mana_zone"  # マナゾーン (405)
SHIELDS = "shield_zone"  # シールドゾーン (406)
HYPERSPATIAL = "hyperspatial"  # 超次元ゾーン (407)
PENDING = "pending"  # 保留状態 (409): a spell being cast

ZONES = (DECK, HAND, BATTLE, GRAVEYARD, MANA, SHIELDS, HYPERSPATIAL, PENDING)
PUBLIC = frozenset({BATTLE, GRAVEYARD, MANA})

ZONE_NAMES_JA = {
    DECK: "山札",
    HAND: "手札",
    BATTLE: "バトルゾーン",
    GRAVEYARD: "墓地",
    MANA: "マナゾーン",
    SHIELDS: "シールドゾーン",
    HYPERSPATIAL: "超次元ゾーン",
    PENDING: "保留状態",
}


def other(player: int) -> int:
    return 1 - player
