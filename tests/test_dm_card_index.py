"""The card index (characteristics.CardIndex): a game's definitions by card id, shared through the rules by
every copy of the game and told apart by the last card of each copy's list."""

from __future__ import annotations

from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters import setup, standard_decks


def test_copies_that_create_different_cards_each_read_their_own_definitions() -> None:
    game = setup({"decks": [list(d.cards) for d in standard_decks()], "seed": 3})
    first, second = game.copy(), game.copy()
    a = first.new_card(0, "ボルシャック・ドラゴン").cid
    b = second.new_card(0, "アクア・ソルジャー").cid
    assert a == b == len(game.cards)
    for _ in range(2):  # alternating between the copies, each finds its own card
        assert ch.definition(first, a).name == "ボルシャック・ドラゴン"
        assert ch.definition(second, b).name == "アクア・ソルジャー"
        assert ch.definition(game, 0).name == game.cards[0].name
    obj = second.create_object([b], (0, "battle_zone"))
    assert ch.face(second, obj).name == "アクア・ソルジャー"
    assert ch.face(first, first.create_object([a], (0, "battle_zone"))).name == "ボルシャック・ドラゴン"
