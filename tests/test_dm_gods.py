"""ゴッド (804): linking, and the summoning sickness of a linked God.

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, label_for, make, obj
from tcgrules.games.duel_masters.characteristics import power
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD


@pytest.mark.dm_rules("804.1a")
def test_804_5_a_god_linking_to_one_already_there_has_no_new_summoning_sickness():
    from tcgrules.games.duel_masters.gods import LINKED
    from test_dm_objects import GODS

    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        GODS,
    )
    before = obj(g, "right").oid
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    assert g.pending.kind == "use_trigger"  # G・リンク as it enters (804.1a)
    g.answer("yes")
    linked = obj(g, "right")
    assert linked.oid == before and linked.state.get(LINKED) and obj(g, "left").oid == before
    g.answer("end_main")
    assert any(label.startswith("attack:") and label.endswith(":player") for label in g.pending.labels)


def test_804_5a_a_god_left_alone_keeps_the_objects_turn_of_entry():
    from test_dm_objects import GODS

    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        GODS,
    )
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    g.answer("yes")
    g.inject({"event": "destroy", "target": "right"})
    assert g.pending is not None and g.pending.rule == "703.4f"
    g.answer(label_for(g, "left"))  # the left God leaves; the right one stays
    assert obj(g, "right").zone == (A, BATTLE) and obj(g, "left").zone == (A, GRAVEYARD)
    g.answer("end_main")
    assert f"attack:{label_for(g, 'right')}:player" in g.pending.labels  # no new summoning sickness


def test_804_3b_a_god_linking_while_attacking_goes_on_attacking():
    """804.3b: the right God attacks; the left God is put into the battle zone and links with it before the
    block: the linked God is the same creature, still attacking, and its attack breaks (with the left
    God's W・ブレイカー now its own)."""
    from test_dm_objects import GODS

    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
            },
            "B": {"battle_zone": [{"card": "例示用・壁", "as": "wall"}], "shield_zone": ["filler"] * 3},
        },
        GODS
        + """
- name: 例示用・壁
  type: creature
  civilizations: [light]
  cost: 2
  races: [ガーディアン]
  power: 1000
  text: ブロッカー
  abilities:
    - keyword: blocker
""",
    )
    attacker = obj(g, "right").oid
    g.answer(f"attack:{label_for(g, 'right')}:player")
    assert g.pending is not None and g.pending.kind == "block"
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    g.answer("yes")  # G・リンク
    linked = obj(g, "right")
    assert linked.oid == attacker and obj(g, "left").oid == attacker and linked.state.get("attacking")
    assert g.pending is not None and g.pending.kind == "block"
    g.answer("no_block")
    if g.pending is not None and g.pending.kind == "break":
        g.answer(*g.pending.labels[:2])
    assert len(g.zone((B, "shield_zone"))) == 1  # the attack went on, as a W・ブレイカー


@pytest.mark.parametrize(
    "counted",
    [
        "name: [例示用・右のゴッド, 例示用・不在のゴッド]",
        "name_contains: 右のゴッド",
        "name: 例示用・右のゴッド",
    ],
)
def test_804_1b_a_linked_god_has_the_name_of_each_of_its_gods(counted: str) -> None:
    """804.1b: a linked God is one creature with the names of all its Gods — the right God's name, not the
    one shown first, is found by a name list, a part of a name and a name alike (a card draws one for each
    creature so named: one)."""
    from test_card_language import spell
    from test_dm_objects import GODS

    selector = f"{{owner: you, type: creature, {counted}}}"
    counter = spell("例示用名数え", f"- draw: {{count: {{count: {selector}}}}}")
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}, {"card": "例示用名数え", "as": "s"}],
                "deck": 5,
            },
        },
        GODS + counter,
    )
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    g.answer("yes")  # G・リンク: one creature, the left God's card first
    assert obj(g, "right").oid == obj(g, "left").oid
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    assert len(g.zone((A, "hand"))) == 1  # one creature has that name among its names


THREE_GODS = """
- name: 例示用・左神
  type: creature
  civilizations: [light]
  cost: 5
  races: [ゴッド]
  power: 5000
  text: G・リンク《例示用・中神》の左横
  abilities:
    - keyword: god_link
      partner: 例示用・中神
      side: left
- name: 例示用・中神
  type: creature
  civilizations: [light]
  cost: 5
  races: [ゴッド]
  power: 5000
  text: G・リンク《例示用・左神》の右横、《例示用・右神》の左横
  abilities:
    - keyword: god_link
      partner: 例示用・左神
      side: right
    - keyword: god_link
      partner: 例示用・右神
      side: left
- name: 例示用・右神
  type: creature
  civilizations: [light]
  cost: 5
  races: [ゴッド]
  power: 5000
  text: G・リンク《例示用・中神》の右横
  abilities:
    - keyword: god_link
      partner: 例示用・中神
      side: right
"""


def test_804_4a_an_attacking_god_link_coming_apart_goes_on_attacking_as_the_god_chosen() -> None:
    """804.4a: an attacking link of three Gods loses its middle God (703.4f: the one chosen leaves) and comes
    apart into two Gods (703.4e), each keeping the effects; the attacking player chooses the one that goes on
    attacking, and the other no longer attacks."""
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "例示用・右神", "as": "right"}],
                "hand": [{"card": "例示用・中神", "as": "mid"}, {"card": "例示用・左神", "as": "left"}],
            },
            "B": {"battle_zone": [{"card": "天空の守護者グラン・ギューレ"}], "shield_zone": ["filler"] * 4},
        },
        THREE_GODS,
    )
    for alias in ("mid", "left"):
        g.inject({"play": g.info["aliases"][alias], "free": True})
        while g.pending is not None and g.pending.kind in ("use_trigger", "choose", "order_triggers"):
            g.answer("yes" if g.pending.kind == "use_trigger" else g.pending.labels[0])
    linked = obj(g, "right")
    assert len(linked.cards) == 3 and obj(g, "left").oid == linked.oid == obj(g, "mid").oid
    g.answer(f"attack:c{linked.top}:player")
    assert g.pending is not None and g.pending.kind == "block"
    g.inject({"event": "destroy", "target": linked.top})
    assert g.pending is not None and g.pending.rule == "703.4f"
    g.answer(label_for(g, "mid"))  # the middle God leaves: left and right can no longer link
    assert g.pending is not None and g.pending.rule == "804.4a" and g.pending.player == A
    g.answer(label_for(g, "left"))
    assert obj(g, "left").state.get("attacking") and not obj(g, "right").state.get("attacking")
    assert obj(g, "left").oid != obj(g, "right").oid


@pytest.mark.parametrize("tapped", ["left", "right"])
def test_804_3a_a_middle_god_linking_a_tapped_and_an_untapped_god_makes_a_tapped_creature(
    tapped: str,
) -> None:
    """804.3a: the left God and the right God are one tapped and one untapped; the middle God enters and
    links with both (one G・リンク each side): the three are one creature, tapped."""
    untapped = "right" if tapped == "left" else "left"
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用・左神", "as": "left", "tapped": tapped == "left"},
                    {"card": "例示用・右神", "as": "right", "tapped": tapped == "right"},
                ],
                "hand": [{"card": "例示用・中神", "as": "mid"}],
            },
        },
        THREE_GODS,
    )
    g.inject({"play": g.info["aliases"]["mid"], "free": True})
    while g.pending is not None and g.pending.kind in ("use_trigger", "choose", "order_triggers"):
        g.answer("yes" if g.pending.kind == "use_trigger" else g.pending.labels[0])
    linked = obj(g, "mid")
    assert obj(g, "left").oid == linked.oid == obj(g, "right").oid
    assert [g.name(c) for c in linked.cards] == ["例示用・左神", "例示用・中神", "例示用・右神"]
    assert linked.tapped, f"the {untapped} God was untapped, the {tapped} one tapped: the link is tapped"


@pytest.mark.dm_rules("804.1c", "804.1d")
def test_804_1c_804_1d_what_an_entering_god_meets_looks_at_the_card_that_entered() -> None:
    """804.1c: a trigger on a creature entering looks at the God card that entered, not the linked creature
    it becomes (「パワー6000以下のクリーチャーが出た時」 triggers for the 6000 left God, linked at 13000);
    804.1d: so does a state-defining effect applied as it enters (「パワー6000以下のクリーチャーはタップして
    出る」: it enters tapped, and the link it joins is tapped)."""
    from test_card_language import card
    from test_dm_objects import GODS

    watcher = card(
        "例示用小物見張り",
        "- trigger: {event: enters,"
        " subject: {owner: you, type: creature, power: {at_most: 6000}, other: true}}\n"
        "  effect: [{draw: 1}]\n"
        "- static: {enter_tapped: {type: creature, power: {at_most: 6000}, other: true}}",
        9000,
    )
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["例示用小物見張り", {"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
                "deck": 5,
            },
        },
        GODS + watcher,
    )
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    while g.pending is not None and g.pending.kind in ("use_trigger", "order_triggers"):
        g.answer("yes" if g.pending.kind == "use_trigger" else g.pending.labels[0])
    linked = obj(g, "left")
    assert linked.oid == obj(g, "right").oid and power(g, linked) == 13000
    assert len(g.zone((A, "deck"))) == 4  # the watcher drew one for the 6000 God that entered
    assert linked.tapped  # it entered tapped (804.1d), and the link keeps it (804.3a)
