"""What a game needs (100): the deck, the 超次元ゾーン and the 超GRゾーン, in deck files and in recipes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.games.duel_masters import load_deck, setup, standard_catalog, standard_decks
from tcgrules.games.duel_masters.gr import GR
from tcgrules.games.duel_masters.rules import DECKS_DIR
from tcgrules.games.duel_masters.zones import DECK, HYPERSPATIAL
from tcgrules.kernel import DefinitionError

GR_CARDS = [
    "凶鬼000号 ゼロヴォイド",
    "暗黒の騎士ザガーンGR",
    "The ジョラゴン・ガンマスター",
    "続召の意志 マーチス",
]
GR_CARDS += ["トムライ 丙-三式", "ツタンメカーネン"]
PSYCHIC = "竜骨なる者ザビ・リゲル"
DRAGHEART = "爆炎大剣 ガイサーガ"


def deck_file(tmp_path: Path, extra: str = "", main: str | None = None) -> Path:
    text = (DECKS_DIR / "fire_nature.yaml").read_text(encoding="utf-8") if main is None else main
    path = tmp_path / "deck.yaml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def part(key: str, counts: dict[str, int]) -> str:
    return f"\n{key}:\n" + "".join(f"  - {{card: {name}, count: {n}}}\n" for name, n in counts.items())


@pytest.mark.dm_rules("100", "100.2")
def test_100_2a_a_deck_has_forty_cards_and_at_most_four_of_a_name(tmp_path: Path) -> None:
    catalog = standard_catalog()
    assert len(load_deck(deck_file(tmp_path), catalog).cards) == 40
    five = "name: five\ncards:\n  - {card: 喧嘩屋タイラー, count: 4}\n  - {card: 喧嘩屋タイラー, count: 1}\n"
    with pytest.raises(DefinitionError, match="more than 4 copies of '喧嘩屋タイラー'"):
        load_deck(deck_file(tmp_path, main=five), catalog)
    with pytest.raises(DefinitionError, match="count must be 1 to 4"):
        load_deck(
            deck_file(tmp_path, main="name: x\ncards:\n  - {card: 喧嘩屋タイラー, count: 5}\n"), catalog
        )
    with pytest.raises(DefinitionError, match="exactly 40 cards"):
        load_deck(
            deck_file(tmp_path, main="name: x\ncards:\n  - {card: 喧嘩屋タイラー, count: 4}\n"), catalog
        )


@pytest.mark.dm_rules("407", "407.1")
def test_100_3_a_hyperspatial_part_of_at_most_eight_psychic_or_dragheart_cards(tmp_path: Path) -> None:
    catalog = standard_catalog()
    deck = load_deck(deck_file(tmp_path, part("hyperspatial", {PSYCHIC: 4, DRAGHEART: 4})), catalog)
    assert deck.hyperspatial == (PSYCHIC,) * 4 + (DRAGHEART,) * 4 and len(deck.cards) == 40
    nine = part("hyperspatial", {PSYCHIC: 4, DRAGHEART: 4, "ハイドラ・ギルザウルス": 1})
    with pytest.raises(DefinitionError, match="at most 8 cards; this one has 9"):
        load_deck(deck_file(tmp_path, nine), catalog)
    with pytest.raises(DefinitionError, match="does not start in the 超次元ゾーン"):
        load_deck(deck_file(tmp_path, part("hyperspatial", {"喧嘩屋タイラー": 1})), catalog)
    assert load_deck(deck_file(tmp_path, "\nhyperspatial: []\n"), catalog).hyperspatial == ()


def test_100_3a_at_most_four_copies_of_a_name_in_the_hyperspatial_part(tmp_path: Path) -> None:
    with pytest.raises(DefinitionError, match="count must be 1 to 4"):
        load_deck(deck_file(tmp_path, part("hyperspatial", {PSYCHIC: 5})), standard_catalog())


@pytest.mark.dm_rules("408.1", "408")
def test_100_4_a_gr_part_has_exactly_twelve_gr_cards(tmp_path: Path) -> None:
    catalog = standard_catalog()
    deck = load_deck(deck_file(tmp_path, part("gr", dict.fromkeys(GR_CARDS, 2))), catalog)
    assert len(deck.gr) == 12
    with pytest.raises(DefinitionError, match="exactly 12 cards; this one has 10"):
        load_deck(deck_file(tmp_path, part("gr", dict.fromkeys(GR_CARDS[:5], 2))), catalog)
    with pytest.raises(DefinitionError, match="is not a GR creature"):
        load_deck(deck_file(tmp_path, part("gr", {**dict.fromkeys(GR_CARDS[:5], 2), PSYCHIC: 2})), catalog)
    assert load_deck(deck_file(tmp_path), catalog).gr == ()  # 100.4: using the 超GRゾーン is optional


def test_100_4a_at_most_two_copies_of_a_name_in_the_gr_part(tmp_path: Path) -> None:
    with pytest.raises(DefinitionError, match="count must be 1 to 2"):
        load_deck(deck_file(tmp_path, part("gr", {GR_CARDS[0]: 3})), standard_catalog())


@pytest.mark.dm_rules("100.3", "100.4", "407.1", "408.2", "103.3")
def test_100_3_a_game_starts_with_its_hyperspatial_and_gr_zones(tmp_path: Path) -> None:
    decks = [list(d.cards) for d in standard_decks()]
    gr = [name for name in GR_CARDS for _ in range(2)]
    recipe = {"decks": decks, "seed": 3, "first_player": 0, "hyperspatial": [[PSYCHIC, DRAGHEART], []]}
    recipe["gr"] = [gr, []]
    g = setup(recipe)
    hyperspatial = sorted(g.name(g.objects[o].top) for o in g.zones[(0, HYPERSPATIAL)])
    assert hyperspatial == sorted([PSYCHIC, DRAGHEART])
    assert len(g.zones[(0, GR)]) == 12 and not g.zones.get((1, GR))
    assert len(g.zones[(0, DECK)]) == 40 - 10
    order = [g.name(g.objects[o].top) for o in g.zones[(0, GR)]]
    assert order != gr  # shuffled: a face-down pile in an order nobody knows
    assert sorted(order) == sorted(gr)
    # The same checks as deck files.
    for bad, message in (
        ({"gr": [gr[:11], []]}, "exactly 12 cards"),
        ({"gr": [[GR_CARDS[0]] * 3 + gr[:9], []]}, "more than 2 copies"),
        ({"hyperspatial": [[PSYCHIC] * 5, []]}, "more than 4 copies"),
        ({"hyperspatial": [[PSYCHIC] * 4 + [DRAGHEART] * 4 + ["ハイドラ・ギルザウルス"], []]}, "at most 8"),
        ({"hyperspatial": [["喧嘩屋タイラー"], []]}, "cannot start there"),
        ({"hyperspatial": [[PSYCHIC]]}, "two lists"),
    ):
        with pytest.raises(DefinitionError, match=message):
            setup({"decks": decks, "seed": 3, **bad})


@pytest.mark.dm_rules("118")
def test_118_2_a_normal_card_put_into_the_gr_zone_goes_to_the_graveyard() -> None:
    # No effect of the library puts a normal card there; a judge's event does: 喧嘩屋タイラー goes to the
    # graveyard instead, and a GR creature goes under the 超GRゾーン (118.1).
    from dm_helpers import cid, make

    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}, {"card": GR_CARDS[0], "as": "g"}],
            },
        }
    )
    for alias in ("t", "g"):
        g.inject({"event": "move", "target": alias, "to": "gr_zone"})
    assert g.object_of(cid(g, "t")).zone == (0, "graveyard")
    assert g.object_of(cid(g, "g")).zone == (0, GR)
