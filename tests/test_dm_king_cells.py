"""キング・セル (814): 新世界王の権威, 新世界王の思想 and 新世界王の闘気, cards of the deck, summoned together
from the hand and the mana zone as one king creature, Volzeos-Balamord (DMRP-20)."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import A, B, cid, make, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.king_cells import king_of
from tcgrules.games.duel_masters.play import mana_pool, playable_faces
from tcgrules.games.duel_masters.turn import main_options
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, SHIELDS
from tcgrules.kernel import Game

KING = "Volzeos-Balamord"
AUTHORITY, THOUGHT, SPIRIT = "新世界王の権威", "新世界王の思想", "新世界王の闘気"
FIVE = ["怒りの影ブラック・フェザー", "火炎流星弾", "青銅の鎧"]  # darkness, fire, nature


def board(hand: list[Any], mana: list[Any], fillers: int = 4, **b: Any) -> Game:
    spec = {
        "turn": "A",
        "A": {
            "deck": ["filler"] * 10,
            "hand": hand,
            "mana_zone": [*mana, *FIVE, *(["filler"] * fillers)],
            "shield_zone": ["filler"],
        },
        "B": {"deck": ["filler"] * 10, **b},
    }
    return make(spec)


def kings(game: Game) -> list[str]:
    return [o.label for o in main_options(game, A) if o.label.startswith("king:")]


def summon(game: Game) -> Any:
    (label,) = kings(game)
    game.answer(label)
    return next(o for o in game.objects_in((A, BATTLE)) if king_of(game, o) is not None)


CELLS = [
    {"card": AUTHORITY, "as": "authority"},
    {"card": THOUGHT, "as": "thought"},
    {"card": SPIRIT, "as": "spirit"},
]


@pytest.mark.dm_rules("814.1", "814")
def test_814_1_a_king_is_offered_only_with_one_of_each_cell_in_the_hand_or_the_mana_zone() -> None:
    game = board(CELLS[:1], CELLS[1:2], fillers=6)
    assert kings(game) == []  # 新世界王の闘気 is missing
    assert all(playable_faces(game, o) == [] for o in game.objects_in((A, HAND)))  # no cell is used alone
    game = board(CELLS[:2], [*CELLS[2:], "アクア・ソルジャー"], fillers=5)
    assert kings(game) == [f"king:c{obj(game, 'authority').top}"]  # two in the hand, one in the mana zone
    game = board(CELLS, [], fillers=6)  # all three in the hand: nine mana of five civilizations needed
    assert kings(game) == []  # 3 + 6 = 9 mana, but no light or water card among them
    game = board(CELLS, ["追跡の使徒ローク", "アクア・ソルジャー"], fillers=4)
    assert len(kings(game)) == 1


@pytest.mark.dm_rules("814.1a", "814.1b")
def test_814_1a_a_cell_has_no_cost_or_race_and_814_1b_the_civilizations_of_its_mana_symbols() -> None:
    game = board(CELLS, [])
    authority = obj(game, "authority")
    assert ch.cost(game, authority) == 0 and ch.face(game, authority).races == ()
    assert set(ch.civilizations(game, authority)) == {"light", "darkness", "fire"}
    game = board([], CELLS[1:], fillers=4)
    pool = mana_pool(game, A)
    thought = obj(game, "thought")
    assert set(pool.civs[thought.oid]) == {"water", "fire", "nature"} and pool.mana[thought.oid] == 1


@pytest.mark.dm_rules("814.1c", "701.3")
def test_814_1c_the_pending_mana_cells_pay_and_the_cells_combine_after_paying() -> None:
    game = board(CELLS[:1], CELLS[1:], fillers=4)  # 814.1c's example: 権威 in hand, 思想 and 闘気 in mana
    king = summon(game)
    assert [game.name(c) for c in king.cards] == [AUTHORITY, THOUGHT, SPIRIT]
    shown = ch.face(game, king)
    assert (shown.name, shown.cost, ch.power(game, king)) == (KING, 9, 555555)
    assert set(ch.civilizations(game, king)) == {"light", "water", "darkness", "fire", "nature"}
    assert ch.is_creature(game, king) and not king.tapped
    paid = next(r for r in game.log if r.rule == "814.1c")
    assert len(paid.data["mana"]) == 9 and {cid(game, "thought"), cid(game, "spirit")} <= set(
        paid.data["mana"]
    )
    assert any(r.kind == "event" and "summon" in r.text for r in game.log)
    assert len(game.zones[(A, SHIELDS)]) == 3  # エクストラEXライフ: two shields from the deck


def test_814_1c_the_mana_cells_count_toward_the_cost_but_eight_mana_is_not_nine() -> None:
    assert len(kings(board(CELLS[:1], CELLS[1:], fillers=4))) == 1  # 2 cells + 7 = 9
    assert kings(board(CELLS[:1], CELLS[1:], fillers=3)) == []  # 2 cells + 6 = 8


@pytest.mark.dm_rules("814.1d")
def test_814_1d_a_king_that_lost_a_cell_sends_its_other_cells_to_the_graveyard() -> None:
    game = board(CELLS[:1], CELLS[1:], fillers=4)
    summon(game)
    game.inject({"event": "move_card", "target": "thought", "to": "hand"})  # 109.2a: one card of it
    assert obj(game, "thought").zone == (A, HAND)
    assert obj(game, "authority").zone == (A, GRAVEYARD) and obj(game, "spirit").zone == (A, GRAVEYARD)
    assert any(r.rule == "814.1d" for r in game.log)
    loose = make(
        {"turn": "A", "A": {"hand": CELLS[:1], "deck": ["filler"] * 5}, "B": {"deck": ["filler"] * 5}}
    )
    loose.inject({"event": "enter", "target": "authority"})  # a cell alone is no king
    assert obj(loose, "authority").zone == (A, GRAVEYARD)


@pytest.mark.dm_rules("814.1e")
def test_814_1e_the_leave_replacement_of_its_king_applies_and_then_its_cells_leave_as_cards() -> None:
    game = board(CELLS[:1], CELLS[1:], fillers=4)
    king = summon(game)
    game.info["aliases"]["king"] = king.top
    for left in (2, 1):
        game.inject({"event": "destroy", "target": "king"})
        if game.pending is not None and game.pending.kind == "choose_cards":
            game.answer(game.pending.options[0].label)  # そのシールドのうち1つ
        assert obj(game, "king").zone == (A, BATTLE)  # エクストラEXライフ: a shield instead
        assert len(game.zones[(A, SHIELDS)]) == left
    game.inject({"event": "destroy", "target": "king"})
    assert {obj(game, a).zone for a in ("authority", "thought", "spirit")} == {(A, GRAVEYARD)}
    assert all(ch.face(game, obj(game, a)).type == "king_cell" for a in ("authority", "thought", "spirit"))


def test_volzeos_balamord_on_a_g_strike_of_its_player_charges_and_taps_an_opponents_creature() -> None:
    """「自分が「G・ストライク」を使った時、…マナゾーンに置き、相手のクリーチャーを1体選んでタップしても
    よい」: a shield of A's with G・ストライク (a second 新世界王の闘気) is broken, its G・ストライク used."""
    spec = {
        "turn": "A",
        "A": {
            "deck": ["filler"] * 10,
            "hand": CELLS[:1],
            "mana_zone": [*CELLS[1:], *FIVE, *(["filler"] * 4)],
            "shield_zone": [{"card": SPIRIT, "as": "strike"}],
        },
        "B": {"deck": ["filler"] * 10, "battle_zone": [{"card": "アクア・ソルジャー", "as": "soldier"}]},
    }
    game = make(spec)
    summon(game)
    mana = len(game.zones[(A, "mana_zone")])
    game.inject({"event": "break", "target": "strike"})
    asked = []
    while game.pending is not None and game.pending.kind != "main":
        asked.append(game.pending.kind)
        yes = [
            o.label
            for o in game.pending.options
            if o.label in ("yes", "declare", "use") or "strike" in o.text
        ]
        game.answer(yes[0] if yes else game.pending.options[0].label)
    assert len(game.zones[(A, "mana_zone")]) == mana + 1  # the top card of the deck
    assert obj(game, "soldier").tapped and obj(game, "strike").zone == (A, HAND)


@pytest.mark.dm_rules("300", "300.1")
def test_300_1_every_card_type_the_rules_list_is_a_type_of_the_library() -> None:
    """300.1's card types, each with the vocabulary's type(s) for it — セル (king cells, 814), 儀 and 星雲
    (311) the last ones added — and a real card of the library carrying each of those."""
    from tcgrules.cards.vocabulary import DUEL_MASTERS
    from tcgrules.games.duel_masters import standard_catalog

    kinds = {
        "クリーチャー": "creature",
        "呪文": "spell",
        "クロスギア": "cross_gear",
        "城": "castle",
        "ウエポン": "dragheart_weapon",
        "フォートレス": "dragheart_fortress",
        "セル": "king_cell",
        "タマシード": "tamaseed",
        "オーラ": "aura",
        "フィールド": "field",
        "鼓動": "forbidden_pulse",
        "コア": "forbidden_core",
        "儀": "zero_dragon_ritual",
        "星雲": "zero_dragon_nebula",
        "ルール・プラス": "rule_plus",
        "Artifact": "artifact",
        "土地": "land",
    }
    assert set(kinds.values()) <= DUEL_MASTERS.card_types
    printed = {f.type for d in standard_catalog().values() for f in d.faces}
    for kind in ("king_cell", "zero_dragon_ritual", "zero_dragon_nebula", "forbidden_core"):
        assert kind in printed


def test_whole_games_with_king_cells_in_a_deck_play_to_the_end() -> None:
    """Random players with four of each cell in a deck: the king is offered, summoned, and nothing breaks."""
    from tcgrules.agents import RandomAgent
    from tcgrules.games.duel_masters import setup, standard_decks

    decks = [list(d.cards) for d in standard_decks()]
    deck = decks[1][:28] + [c for c in (AUTHORITY, THOUGHT, SPIRIT) for _ in range(4)]
    summoned = 0
    for seed in (1, 5):
        game = setup({"decks": [deck, decks[0]], "seed": seed})
        agents = [RandomAgent(seed=seed), RandomAgent(seed=seed + 5)]
        while game.pending is not None and game.turn < 80:
            game.answer(*agents[game.pending.player].choose(game, game.pending))
        assert game.result is not None
        summoned += sum(r.rule == "814.1c" for r in game.log)
    assert summoned >= 1


WATCHER = """
- name: 例示用破壊見張り
  type: creature
  civilizations: [darkness]
  cost: 1
  power: 1000
  text: クリーチャーが破壊された時、カードを1枚引く。
  abilities:
  - trigger: {event: destroyed, subject: {type: creature}}
    effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("814.1e")
def test_814_1e_a_king_leaving_is_no_creature_leaving_for_what_watches_creatures() -> None:
    """「クリーチャーが破壊された時」 sees a creature destroyed, not a king whose cells are destroyed (each
    is a cell where it went, 814.1e); its エクストラEXライフ shields went first (the replacement applies)."""
    spec = {
        "turn": "A",
        "A": {
            "deck": ["filler"] * 10,
            "hand": CELLS[:1],
            "mana_zone": [*CELLS[1:], *FIVE, *(["filler"] * 4)],
        },
        "B": {
            "deck": ["filler"] * 10,
            "battle_zone": [{"card": "例示用破壊見張り"}, {"card": "追跡の使徒ローク", "as": "soldier"}],
        },
    }
    game = make(spec, WATCHER)
    king = summon(game)
    game.info["aliases"]["king"] = king.top
    hand = len(game.zones.get((B, HAND), []))
    for _ in range(3):  # two shields instead, then the king itself
        game.inject({"event": "destroy", "target": "king"})
        if game.pending is not None and game.pending.kind == "choose_cards":
            game.answer(game.pending.options[0].label)
    assert obj(game, "authority").zone == (A, GRAVEYARD)
    assert len(game.zones.get((B, HAND), [])) == hand  # nothing drawn: no creature was destroyed
    game.inject({"event": "destroy", "target": "soldier"})
    assert len(game.zones.get((B, HAND), [])) in (
        hand + 1,
        hand + 2,
    )  # a creature: it triggers (アクア・ソルジャー returns)
