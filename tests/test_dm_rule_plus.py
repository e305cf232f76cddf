"""ルール・プラス (314): 13番目の計画 (the back of サファイア・ミスティ) starts in the 超次元ゾーン and makes
its owner's deck five cards larger (decks.py, rules.starting_zone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dm_helpers import A, make, obj
from tcgrules.games.duel_masters import library_decks, load_deck, setup, standard_catalog
from tcgrules.games.duel_masters.play import playable_faces
from tcgrules.games.duel_masters.zones import HYPERSPATIAL
from tcgrules.kernel import DefinitionError

MISTY = "サファイア・ミスティ／13番目の計画"


def deck_text(extra_cards: int, hyperspatial: bool) -> str:
    base = Path(next(d for d in library_decks() if d.gr).file).read_text(encoding="utf-8")
    main = base[: base.index("gr:")]
    if extra_cards:
        main += "  - {card: アクア・ソルジャー, count: 4}\n"
        main += f"  - {{card: アクア・ビークル, count: {extra_cards - 4}}}\n"
    return main + ("hyperspatial:\n  - {card: " + MISTY + ", count: 1}\n" if hyperspatial else "")


@pytest.mark.dm_rules("314.3", "314.3a")
def test_314_3a_a_rule_plus_in_the_hyperspatial_zone_makes_the_deck_five_cards_larger(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(deck_text(5, hyperspatial=True), encoding="utf-8")
    deck = load_deck(path, standard_catalog())
    assert len(deck.cards) == 45 and deck.hyperspatial == (MISTY,)
    path.write_text(deck_text(0, hyperspatial=True), encoding="utf-8")
    with pytest.raises(DefinitionError, match="exactly 45 cards"):
        load_deck(path, standard_catalog())
    path.write_text(deck_text(5, hyperspatial=False), encoding="utf-8")
    with pytest.raises(DefinitionError, match="exactly 40 cards"):
        load_deck(path, standard_catalog())


def test_100_3_a_hyperspatial_card_is_listed_apart_from_the_deck(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(
        deck_text(0, False).replace("デーモン・ハンド, count: 1", MISTY + ", count: 1"), encoding="utf-8"
    )
    with pytest.raises(DefinitionError, match="list it under 'hyperspatial'"):
        load_deck(path, standard_catalog())


@pytest.mark.dm_rules("314.1", "314.2")
def test_314_1_a_rule_plus_starts_the_game_in_the_hyperspatial_zone_and_is_never_used() -> None:
    deck = ["アクア・ソルジャー"] * 45 + [MISTY]
    game = setup({"decks": [deck, ["アクア・ソルジャー"] * 40], "seed": 1})
    assert [game.name(game.objects[o].top) for o in game.zones[(A, HYPERSPATIAL)]] == [MISTY]
    board = make(
        {"turn": "A", "A": {"hand": [{"card": MISTY, "as": "m"}], "mana_zone": ["アクア・ソルジャー"] * 9}}
    )
    assert 1 not in playable_faces(board, obj(board, "m"), free=True)  # the ルール・プラス face (314.2)


def test_sapphire_misty_wins_at_the_end_of_its_owners_turn_with_40_cards_in_battle_and_mana() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [MISTY], "mana_zone": ["filler"] * 39, "deck": ["filler"] * 3},
            "B": {"deck": ["filler"] * 3},
        }
    )
    game.answer("end_main")
    while game.pending is not None and game.turn == 3:
        game.answer(game.pending.labels[-1])
    assert game.result is not None and game.result.winner == A


@pytest.mark.dm_rules("805.4")
def test_805_4_a_psychic_creature_of_a_deck_files_hyperspatial_part_is_put_by_a_spell_in_real_games() -> None:
    from tcgrules.agents import RandomAgent

    deck = next(d for d in library_decks() if d.hyperspatial)
    other = library_decks()[0]
    entered = 0
    for seed in range(6):
        game = setup({"decks": [list(deck.for_game), list(other.for_game)], "seed": seed})
        players = (RandomAgent(seed), RandomAgent(seed + 7))
        while game.pending is not None and game.turn < 60:
            game.answer(*players[game.pending.player].choose(game, game.pending))
        entered += sum(
            1
            for r in game.log
            if r.kind == "event" and "サファイア・ミスティ" in r.text and "enters" in r.text
        )
    assert entered > 0


@pytest.mark.dm_rules("807.4", "805.4")
def test_807_4_psychic_and_dragheart_cards_of_a_deck_list_start_in_the_hyperspatial_zone() -> None:
    heart = next(n for n, c in standard_catalog().items() if c.main.type == "dragheart_weapon")
    psychic = "竜骨なる者ザビ・リゲル"
    game = setup(
        {"decks": [["アクア・ソルジャー"] * 40 + [heart, psychic], ["アクア・ソルジャー"] * 40], "seed": 2}
    )
    assert sorted(game.name(game.objects[o].top) for o in game.zones[(A, HYPERSPATIAL)]) == sorted(
        [heart, psychic]
    )


@pytest.mark.dm_rules("117", "117.1")
@pytest.mark.parametrize("zone", ["hand", "mana_zone", "shield_zone", "graveyard"])
def test_117_1_a_rule_plus_put_into_a_zone_other_than_the_battle_zone_goes_to_the_hyperspatial_zone(
    zone: str,
) -> None:
    """117.1: a ルール・プラス (13番目の計画, the back of a psychic creature) put into any zone but the
    battle zone is put into the 超次元ゾーン — its owner's, at once."""
    board = make({"turn": "A", "A": {zone: [{"card": MISTY, "as": "m"}]}})
    assert obj(board, "m").zone == (A, HYPERSPATIAL)
