"""零龍 (311, 812, 701.18a, 701.31a): 滅亡の起源 零無 and four 零龍星雲 start the game in the battle zone,
unlinked; each 儀 achieved links its 零龍星雲 to the 零龍の儀, and the fourth link's 零龍卍誕 turns the five
cards into one creature, 零龍."""

from __future__ import annotations

from pathlib import Path

import pytest

from dm_helpers import A, B, make, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters import setup
from tcgrules.games.duel_masters.language.effects import declarable_words
from tcgrules.games.duel_masters.play import playable_faces
from tcgrules.games.duel_masters.zero_dragon import BORN, LINK, place_set
from tcgrules.games.duel_masters.zones import BATTLE, DECK, GRAVEYARD, HAND, SHIELDS
from tcgrules.kernel import DefinitionError, Event, Game, GameObject, Source

RITUAL = "滅亡の起源 零無／零龍"
NEBULAS = {
    "手札の儀": "手札の儀／零龍（MZ2）",
    "墓地の儀": "墓地の儀／零龍（MZ3）",
    "破壊の儀": "破壊の儀／零龍（MZ4）",
    "復活の儀": "復活の儀／零龍（MZ5）",
}
SET = [RITUAL, *NEBULAS.values()]


def set_objects(game: Game, player: int = A) -> list[GameObject]:
    return [o for o in game.objects_in((player, BATTLE)) if game.name(o.top) in SET]


def ritual(game: Game) -> GameObject:
    return next(o for o in game.objects_in((A, BATTLE)) if game.name(o.top) == RITUAL)


def nebula(game: Game, name: str) -> GameObject:
    return next(o for o in game.objects_in((A, BATTLE)) if game.name(o.top) == NEBULAS[name])


def board(**b: object) -> Game:
    spec = {
        "turn": "A",
        "A": {"deck": ["filler"] * 10, "zero_dragon_set": SET},
        "B": {"deck": ["filler"] * 10, "battle_zone": [{"card": "追跡の使徒ローク", "as": "lok"}], **b},
    }
    return make(spec)


def link(game: Game, name: str) -> None:
    """A 儀 achieved: its 零龍星雲 links to the ritual (as its ability's `zero_dragon_link` step does)."""
    source = Source("ability", nebula(game, name).top, A)
    event = Event("zero_dragon_link", ritual(game).oid, A, source, {"nebula": nebula(game, name).oid})
    game.pending = None  # the main-step decision is asked again afterwards (its frame rebuilds it)
    game.push(game.process(event))
    game.advance()


MAIN_DECK = ["アクア・ソルジャー"] * 40


@pytest.mark.dm_rules("311.2", "812.3", "311", "311.1", "812", "100.5", "103.3")
def test_311_2_the_set_starts_the_game_in_the_battle_zone_unlinked_and_the_opponent_draws_one_more() -> None:
    game = setup({"decks": [[*MAIN_DECK, *SET], MAIN_DECK], "seed": 3, "first_player": 1})
    placed = set_objects(game)
    assert sorted(game.name(o.top) for o in placed) == sorted(SET)
    assert len(placed) == 5 and all(len(o.cards) == 1 and LINK not in o.state for o in placed)
    assert len(game.zones[(A, DECK)]) == 40 - 5 - 5  # the set is outside the 40 cards
    assert len(game.zones[(A, SHIELDS)]) == 5 and len(game.zones[(A, HAND)]) == 5
    # ゲーム開始時、相手はもう1枚カードを引く (B goes first and draws nothing on its first turn, 103.5)
    assert len(game.zones[(B, HAND)]) == 6 and len(game.zones[(B, DECK)]) == 40 - 5 - 6
    assert any(r.rule == "311.2" for r in game.log)


def test_311_2_a_deck_holds_one_zero_dragon_set_of_four_different_nebulas(tmp_path: Path) -> None:
    from tcgrules.games.duel_masters import standard_catalog
    from tcgrules.games.duel_masters.decks import load_deck

    good = tmp_path / "zero.yaml"
    listed = "\n".join(f"  - {{card: {n}, count: 1}}" for n in SET)
    good.write_text(
        "name: 零龍\ncards:\n  - {card: アクア・ソルジャー, count: 4}\n"
        + "".join(f"  - {{card: '{n}', count: 4}}\n" for n in _fillers(9))
        + f"battle_zone:\n{listed}\n",
        encoding="utf-8",
    )
    assert sorted(load_deck(good, standard_catalog()).battle_zone) == sorted(SET)
    bad = tmp_path / "three.yaml"
    bad.write_text(good.read_text(encoding="utf-8").replace(f"  - {{card: {SET[-1]}, count: 1}}\n", ""))
    with pytest.raises(DefinitionError, match="4 different 零龍星雲"):
        load_deck(bad, standard_catalog())
    with pytest.raises(DefinitionError, match="starts in the battle zone"):
        inside = tmp_path / "inside.yaml"
        inside.write_text(
            good.read_text(encoding="utf-8").replace("アクア・ソルジャー, count: 4", f"{SET[1]}, count: 4")
        )
        load_deck(inside, standard_catalog())


def _fillers(n: int) -> list[str]:
    from tcgrules.games.duel_masters import standard_catalog

    found = [
        name
        for name, d in sorted(standard_catalog().items())
        if d.main.type == "creature"
        and not d.is_twinpact
        and name != "アクア・ソルジャー"
        and "'" not in name
    ]
    return found[:n]


@pytest.mark.dm_rules("311.3")
def test_311_3_a_zero_dragon_card_is_never_used_and_put_into_the_battle_zone_alone_it_goes() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": SET[1], "as": "nebula"}],
                "deck": ["filler"] * 5,
            },
            "B": {"deck": ["filler"] * 5},
        }
    )
    assert playable_faces(game, obj(game, "nebula")) == []  # 311.3: no way to put it there alone
    game.inject({"event": "enter", "target": "nebula"})
    assert obj(game, "nebula").zone == (A, GRAVEYARD)
    assert any(r.rule == "311.3" for r in game.log)


@pytest.mark.dm_rules("701.18a", "701.18", "812.1")
def test_701_18a_a_nebula_links_once_to_the_ritual_of_its_own_set() -> None:
    game = board()
    link(game, "墓地の儀")
    assert nebula(game, "墓地の儀").state[LINK] == ritual(game).top == ritual(game).state[LINK]
    assert len(set_objects(game)) == 5  # linked, still five objects: none is a creature yet
    assert not any(ch.is_creature(game, o) for o in set_objects(game))
    linked = [r for r in game.log if r.rule == "701.18a"]
    link(game, "墓地の儀")  # already linked: nothing happens
    assert [r for r in game.log if r.rule == "701.18a"] == linked
    other = make({"turn": "A", "A": {"deck": ["filler"] * 10}, "B": {"deck": ["filler"] * 10}})
    place_set(other, A, SET)
    place_set(other, B, SET)
    theirs = next(o for o in other.objects_in((B, BATTLE)) if other.name(o.top) == RITUAL)
    mine = next(o for o in other.objects_in((A, BATTLE)) if other.name(o.top) == NEBULAS["手札の儀"])
    other.pending = None
    other.push(other.process(Event("zero_dragon_link", theirs.oid, A, Source("rule"), {"nebula": mine.oid})))
    other.advance()
    assert LINK not in mine.state and LINK not in theirs.state  # another set's ritual: no link


@pytest.mark.dm_rules("701.31a", "701.31", "812.1a", "812.2")
def test_701_31a_the_fourth_link_turns_the_five_cards_into_one_zero_dragon_creature() -> None:
    game = board()
    before = ritual(game)
    assert ch.face(game, before).type == "zero_dragon_ritual" and not ch.is_creature(game, before)
    for name in ("手札の儀", "墓地の儀", "破壊の儀"):
        link(game, name)
    assert len(set_objects(game)) == 5 and not any(o.state.get(BORN) for o in set_objects(game))
    link(game, "復活の儀")  # 零龍卍誕 triggers and resolves
    (zero,) = set_objects(game)
    assert zero.oid == before.oid and zero.state.get(BORN) and len(zero.cards) == 5
    shown = ch.face(game, zero)  # 812.2: in the battle zone, the face shown only
    assert (shown.name, shown.type, shown.power) == ("零龍", "zero_dragon_creature", 0)
    assert ch.is_creature(game, zero) and "マスター・ドラゴンZ" in shown.races
    assert ch.power(game, zero) == 0 and zero.zone == (A, BATTLE)  # power 0, but it does not leave
    assert obj(game, "lok").zone == (B, GRAVEYARD)  # 零龍卍誕した時: the opponent's power becomes 0
    assert any(r.rule == "701.31a" for r in game.log)


@pytest.mark.dm_rules("812.2")
def test_812_2_outside_the_battle_zone_a_zero_dragon_card_is_either_face() -> None:
    from tcgrules.cards.schema import Filter

    game = make({"turn": "A", "A": {"hand": [{"card": RITUAL, "as": "zeromu"}]}, "B": {}})
    card = obj(game, "zeromu")
    assert ch.matches(game, card, Filter(races=("マスター・ドラゴンZ",)))  # the 零龍 face
    assert ch.matches(game, card, Filter(name="滅亡の起源 零無"))  # the 零龍の儀 face
    # and so 零龍's 「このカードがバトルゾーン以外のゾーンにあれば、自分はゲームに負ける」 applies to it there
    assert game.result is not None and game.result.winner == B
    game = board()
    assert not ch.matches(
        game, ritual(game), Filter(races=("マスター・ドラゴンZ",))
    )  # in the battle zone: shown only


@pytest.mark.dm_rules("812.4", "812.4a")
def test_812_4_a_name_is_either_face_of_the_ritual_and_a_nebula_has_none() -> None:
    game = board()
    words = declarable_words(game, "card_name")
    assert "滅亡の起源 零無" in words and "零龍" in words  # either face of the ritual, one at a time
    assert RITUAL not in words  # never both
    for printed in NEBULAS:
        assert printed not in words  # 812.4a: a 零龍星雲 has no name
    assert not any(w.startswith("零龍（MZ") for w in words)  # nor a part of 零龍


def test_zero_dragon_cards_do_not_leave_the_battle_zone_and_zero_dragon_loses_the_game_elsewhere() -> None:
    game = board()
    game.info["aliases"]["bochi"] = nebula(game, "墓地の儀").top
    game.inject({"event": "move", "target": "bochi", "to": "hand"})
    assert obj(game, "bochi").zone == (A, BATTLE)  # 零龍カードはバトルゾーンを離れない
    for name in NEBULAS:
        link(game, name)
    zero = ritual(game)
    game.info["aliases"]["zero"] = zero.top
    game.inject({"event": "destroy", "target": "zero"})
    assert obj(game, "zero").zone == (A, BATTLE)  # パワーが0以下の間離れず
    game.inject({"event": "power", "target": "zero", "amount": 1000})
    game.inject({"event": "destroy", "target": "zero"})
    assert obj(game, "zero").zone == (A, GRAVEYARD)  # power 1000: nothing keeps it in the battle zone
    assert (
        game.result is not None and game.result.winner == B
    )  # このカードがバトルゾーン以外のゾーンにあれば負ける


def test_whole_games_with_a_zero_dragon_set_play_to_the_end() -> None:
    """Random players with the set in the battle zone: every 儀 is offered as it happens, nothing breaks."""
    from tcgrules.agents import RandomAgent
    from tcgrules.games.duel_masters import standard_decks

    decks = [list(d.cards) for d in standard_decks()]
    for seed in range(3):
        game = setup({"decks": [[*decks[1], *SET], decks[0]], "seed": seed})
        agents = [RandomAgent(seed=seed), RandomAgent(seed=seed + 10)]
        while game.pending is not None and game.turn < 60:
            game.answer(*agents[game.pending.player].choose(game, game.pending))
        assert game.result is not None or game.turn >= 60
        assert len(set_objects(game)) in (1, 2, 3, 4, 5)  # the set never leaves: linked or not, or 零龍
