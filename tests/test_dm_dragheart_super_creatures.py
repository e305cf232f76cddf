"""Dragheart super creatures (808): dragheart cells linked into one creature, 龍魂回避, the cells' cost, races
and civilizations. Illustration cards (試験用…): no real dragheart super creature (DM25-EX2) was reachable
from the card references of this project, so the cards below are built from the rule's text alone."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names, obj
from tcgrules.cards.schema import Filter
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.card_choice import matching_cards
from tcgrules.games.duel_masters.language.selectors import face_fits
from tcgrules.games.duel_masters.psychic import LINK, cell_face
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, HYPERSPATIAL
from tcgrules.kernel import Event, Game, Source

SUPER = "試験用の龍魂超竜"

CARDS = """
- name: 試験用の龍魂砦・甲
  faces:
    - name: 試験用の龍魂砦・甲
      type: dragheart_fortress
      civilizations: [fire]
      cost: 3
      text: |-
        スーパー龍解：自分のターンのはじめに、バトルゾーンに自分の《試験用の龍魂砦・乙》があれば、
        2枚すべてを裏返しリンクさせる。
      abilities:
        - trigger: {event: turn_start, player: you}
          effect: [{super_ryukai: {}}]
    - name: 試験用の龍魂超竜
      type: dragheart_cell
      civilizations: [fire]
      cost: 0
      text: (dragheart cell of 《試験用の龍魂超竜》; 808.1c)
- name: 試験用の龍魂砦・乙
  faces:
    - name: 試験用の龍魂砦・乙
      type: dragheart_fortress
      civilizations: [water]
      cost: 3
      text: (試験用)
    - name: 試験用の龍魂超竜
      type: dragheart_cell
      civilizations: [water]
      cost: 0
      races: [テスト]
      text: (dragheart cell of 《試験用の龍魂超竜》; 808.1c)
- name: 試験用の龍魂超竜
  type: dragheart_super_creature
  civilizations: [water, fire]
  cost: 12
  races: [テスト・コマンド・ドラゴン]
  power: 15000
  text: |-
    W・ブレイカー
    龍魂回避
  abilities:
    - keyword: double_breaker
    - keyword: dragon_soul_escape
- name: 試験用の一枚戻し
  type: spell
  civilizations: [water]
  cost: 3
  text: バトルゾーンにある相手のカードを1枚選び、持ち主の手札に戻す。
  abilities:
    - spell: [{return_to_hand: {choose: 1, cards: true, owner: opponent}}]
- name: 試験用の除去
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手のクリーチャーを1体破壊する。
  abilities:
    - spell: [{destroy: {choose: 1, owner: opponent, type: creature}}]
"""


def _run(game: Game, event: Event) -> None:
    game.pending = None
    game.push(game.process(event))
    game.advance()


@pytest.mark.dm_rules("807", "808", "808.1a")
def test_808_1_super_ryukai_links_the_dragheart_cells_into_one_dragheart_creature() -> None:
    # Q: A's two fortresses, whose other sides are the cells of 試験用の龍魂超竜, link (スーパー龍解) in A's
    # turn. What is there?  A: One creature, the dragheart super creature (808.1), with its characteristics
    # and abilities, treated as a dragheart creature too; not affected by summoning sickness (808.1a).
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "試験用の龍魂砦・甲", "as": "k", "sick": True},
                    {"card": "試験用の龍魂砦・乙", "as": "o", "sick": True},
                ]
            },
        },
        CARDS,
    )
    _run(game, Event("turn_start", None, A, Source("rule")))  # スーパー龍解 triggers and resolves
    assert len(game.objects_in((A, BATTLE))) == 1
    linked = obj(game, "k")
    assert linked.state[LINK] == SUPER and sorted(linked.cards) == sorted((cid(game, "k"), cid(game, "o")))
    assert ch.face(game, linked).name == SUPER and ch.power(game, linked) == 15000
    assert ch.is_creature(game, linked) and ch.breaker(game, linked) == 2
    assert face_fits(ch.face(game, linked), Filter(types=("dragheart_creature",)))  # 808.1
    assert linked.entered_turn == game.turn and can_attack(game, linked, player=True)  # 808.1a


def test_808_1b_dragon_soul_escape_returns_one_cell_and_turns_the_others_over() -> None:
    # Q: B destroys A's 試験用の龍魂超竜 (龍魂回避). What happens?  A: Instead (a replacement, 808.1b), A
    # chooses one of its cells, which goes back to the 超次元ゾーン; the other card is turned over and
    # stays, a dragheart fortress again (not a creature), as tapped as the creature was.
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": [{"card": SUPER, "as": "s", "tapped": True}]},
            "B": {"hand": [{"card": "試験用の除去", "as": "x"}]},
        },
        CARDS,
    )
    linked = obj(game, "s")
    water = next(c for c in linked.cards if game.name(c) == "試験用の龍魂砦・乙")
    game.inject({"play": cid(game, "x"), "free": True})
    while game.pending is not None and game.pending.rule != "808.1b":
        game.answer(*game.pending.labels[:1])  # B chooses the creature to destroy
    assert game.pending is not None and game.pending.player == A
    game.answer(f"c{water}")
    assert names(game, A, HYPERSPATIAL) == ["試験用の龍魂砦・乙"]
    stayed = game.objects_in((A, BATTLE))
    assert [game.name(o.top) for o in stayed] == ["試験用の龍魂砦・甲"]
    assert ch.face(game, stayed[0]).type == "dragheart_fortress" and stayed[0].tapped
    assert not ch.is_creature(game, stayed[0]) and LINK not in stayed[0].state
    assert [r for r in game.log if r.kind == "replacement" and "dragon_soul_escape" in r.text]  # 808.1b
    assert not [r for r in game.log if r.kind == "event" and r.data.get("event") == "destroy"]


@pytest.mark.dm_rules("808.1", "200.3a")
def test_808_1c_808_1e_a_dragheart_cell_has_cost_0_no_race_and_the_super_creatures_civilizations() -> None:
    # Q: The cells of 試験用の龍魂超竜 are printed water or fire (one with a race). As cards, what are they?
    # A: Each has cost 0 and no race (808.1c) and the super creature's civilizations, water and fire
    # (808.1e): an effect naming the cards of the creature (200.3a) finds both as fire cards and as water
    # cards.
    game = make({"A": {"battle_zone": [{"card": SUPER, "as": "s"}]}}, CARDS)
    linked = obj(game, "s")
    for card in linked.cards:
        shown = cell_face(game, card)
        assert shown is not None and shown.cost == 0 and shown.races == ()
        assert set(shown.civilizations) == {"water", "fire"}
    for colour in ("water", "fire"):
        assert sorted(matching_cards(game, linked, Filter(civilizations=(colour,)), None)) == sorted(
            linked.cards
        )
    assert names(game, B, BATTLE) == []


@pytest.mark.dm_rules("703")
def test_703_4g_a_lone_dragheart_cell_goes_back_to_the_hyperspatial_zone() -> None:
    # Q: A's 試験用の龍魂砦・甲 is turned over (龍解) to its other side, a dragheart cell, linked to nothing.
    # What happens at the next check?  A: The lone cell goes to the 超次元ゾーン (703.4g); the other
    # fortress, showing its fortress side, stays.
    from tcgrules.games.duel_masters.draghearts import RYUKAI

    game = make(
        {
            "A": {
                "battle_zone": [{"card": "試験用の龍魂砦・甲", "as": "k"}, {"card": "試験用の龍魂砦・乙"}],
                "deck": 3,
            }
        },
        CARDS,
    )
    obj(game, "k").state[RYUKAI] = True  # a judge's board: its cell side, alone
    assert ch.face(game, obj(game, "k")).type == "dragheart_cell"
    game.inject({"event": "draw", "player": "A"})  # any event: state-based actions are checked after it
    assert names(game, A, HYPERSPATIAL) == ["試験用の龍魂砦・甲"]
    assert names(game, A, BATTLE) == ["試験用の龍魂砦・乙"]


def test_808_1d_a_cell_leaving_alone_meets_the_creatures_leave_replacement() -> None:
    # Q: B's spell returns one card of A's 試験用の龍魂超竜 to its owner's hand (an effect naming cards,
    # 200.3a). Does 龍魂回避 apply?  A: Yes: a dragheart cell leaving is not the creature leaving, but the
    # replacements that apply when the creature leaves apply to it too (808.1d) — A chooses a cell to go
    # back to the 超次元ゾーン, the other card is turned over and stays; nothing goes to the hand.
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": [{"card": SUPER, "as": "s"}]},
            "B": {"hand": [{"card": "試験用の一枚戻し", "as": "x"}]},
        },
        CARDS,
    )
    linked = obj(game, "s")
    fire, water = sorted(linked.cards, key=lambda c: game.name(c) != "試験用の龍魂砦・甲")
    game.inject({"play": cid(game, "x"), "free": True})
    assert game.pending is not None and game.pending.player == B  # B chooses the card
    game.answer(next(label for label in game.pending.labels if label.endswith(f"c{water}")))
    while game.pending is not None and game.pending.rule != "808.1b":
        game.answer(*game.pending.labels[:1])
    assert game.pending is not None and game.pending.player == A
    game.answer(f"c{fire}")
    assert names(game, A, HYPERSPATIAL) == ["試験用の龍魂砦・甲"] and names(game, A, "hand") == []
    assert [game.name(o.top) for o in game.objects_in((A, BATTLE))] == ["試験用の龍魂砦・乙"]
    assert [r for r in game.log if r.kind == "replacement" and "dragon_soul_escape" in r.text]
