"""Leave replacements of special creatures checked against the rules that bound them: スター進化 (813.1a) is a
replacement like any other; a lone psychic cell cannot exist in the battle zone and a cell alone costs 0
(806.1a, 806.1d)."""

from __future__ import annotations

from dm_helpers import IGNORE_ALL_ABILITIES, A, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.psychic import AWAKENED
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HYPERSPATIAL
from tcgrules.kernel import Event, Source

STAR = """
- name: 例示用のスター進化の身代わり
  type: evolution_creature
  civilizations: [light]
  cost: 6
  races: [テスト]
  power: 6000
  text: スター進化 / 自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。
  abilities:
    - keyword: star_evolution
      base: {civilization: light}
    - replace: {event: destroyed, subject: {owner: you, type: creature, other: true}}
      optional: true
      instead: [{destroy: this}]
"""


def test_813_1a_star_evolution_does_not_apply_to_a_leaving_a_replacement_made() -> None:
    # Q: A's 例示用のスター進化の身代わり (スター進化, one card under it) is destroyed instead of A's other
    # creature by its own saver. Does only its top card leave?  A: No: its leaving was made by a
    # replacement, so the スター進化 replacement cannot apply (813.1a, 101.5); the whole creature goes.
    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "例示用のスター進化の身代わり", "as": "s", "under": ["青銅の鎧"]},
                    {"card": "ボルシャック・ドラゴン", "as": "other"},
                ],
                "deck": 3,
            }
        },
        STAR,
    )
    game.pending = None
    game.push(game.process(Event("destroy", obj(game, "other").oid, None, Source("rule", rule="703.4c"))))
    game.advance()
    assert game.pending is not None and game.pending.kind == "replacement"
    game.answer(game.pending.labels[0])  # A applies the saver (the other label is "none")
    assert names(game, A, BATTLE) == ["ボルシャック・ドラゴン"]
    assert sorted(names(game, A, GRAVEYARD)) == sorted(["例示用のスター進化の身代わり", "青銅の鎧"])


def test_813_1a_without_another_replacement_only_the_top_card_leaves() -> None:
    game = make(
        {"A": {"battle_zone": [{"card": "例示用のスター進化の身代わり", "as": "s", "under": ["青銅の鎧"]}]}},
        STAR,
    )
    game.inject({"event": "destroy", "target": "s"})
    assert names(game, A, BATTLE) == ["青銅の鎧"] and names(game, A, GRAVEYARD) == [
        "例示用のスター進化の身代わり"
    ]


def test_806_1a_a_psychic_cell_put_alone_goes_back_at_once() -> None:
    # Q: A psychic creature of A's shows its psychic-cell side, linked to nothing. What happens at the next
    # check?  A: A cell cannot exist alone: it goes back to the 超次元ゾーン (806.1a), not to the graveyard.
    game = make({"A": {"battle_zone": [{"card": "ガロウズ・セブ・カイザー", "as": "cell"}], "deck": 3}})
    obj(game, "cell").state[AWAKENED] = "cell"
    game.inject({"event": "draw", "player": "A"})  # any event: state-based actions are checked after it
    assert names(game, A, BATTLE) == [] and names(game, A, GRAVEYARD) == []
    assert names(game, A, HYPERSPATIAL) == ["ガロウズ・セブ・カイザー"]


def test_806_1d_a_psychic_cell_alone_has_cost_0() -> None:
    # 806.1d: a cell on its own has no cost; referred to, it is 0 (the same card's creature side costs more).
    game = make({"A": {"battle_zone": [{"card": "ガロウズ・セブ・カイザー", "as": "c"}]}})
    c = obj(game, "c")
    assert ch.cost(game, c) > 0
    c.state[AWAKENED] = "cell"  # shown as its cell side (before the state-based check sends it back)
    assert ch.face(game, c).type == "psychic_cell" and ch.cost(game, c) == 0


def test_813_1_star_evolution_leaving_replacement_applies_while_its_abilities_are_ignored() -> None:
    # 公式Q&A 2021-06-25 (《禁時混成王 ドキンダンテXXII》): a スター進化 creature whose abilities are ignored
    # leaves — only its top card leaves instead (813.1 defines the creature), and the source stays. An
    # ordinary replacement of an ignored creature (アクア・ソルジャー's) does not apply: it is an ability.
    from dm_helpers import cid, label_for

    for top, under, left, stayed in (
        ("例示用のスター進化の身代わり", "青銅の鎧", ["例示用のスター進化の身代わり"], ["青銅の鎧"]),
        ("アクア・ソルジャー", None, ["アクア・ソルジャー"], []),
    ):
        entry: dict[str, object] = {"card": top, "as": "s"}
        if under is not None:
            entry["under"] = [under]
        game = make(
            {"turn": "A", "A": {"battle_zone": [entry], "hand": [{"card": "例示用の全無視", "as": "i"}]}},
            STAR + IGNORE_ALL_ABILITIES,
        )
        game.inject({"play": cid(game, "i"), "free": True})
        if game.pending is not None and game.pending.kind != "main":
            game.answer(label_for(game, "s"))
        game.inject({"event": "destroy", "target": "s"})
        assert sorted(names(game, A, GRAVEYARD)) == sorted([*left, "例示用の全無視"])
        assert names(game, A, BATTLE) == stayed
