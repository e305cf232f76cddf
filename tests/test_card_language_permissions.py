"""Parts of the card language that give abilities, permissions and prohibitions (docs/cards.md): a static
that gives an ability with its parameters, attack and block permissions limited by a filter on the other
creature, prohibitions on players, requirements for using a card, a power change while attacking, a
delayed ability that waits for its event, and the top card of a multi-card object as a selector."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, make, names, obj
from tcgrules.cards.loader import load_text
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters.characteristics import breaker, keywords, power
from tcgrules.games.duel_masters.turn import attack_options
from tcgrules.kernel import DefinitionError
from test_card_language import card


@pytest.mark.dm_rules("604", "608.3a")
def test_static_ability_gives_a_keyword_with_its_parameters_to_what_to_describes() -> None:
    """「パワーアタッカー+3000」を得る as a static: it works on the objects `to` describes as if printed
    (+3000 only while attacking), and a `keyword` filter sees the keyword."""
    lord = card(
        "例示用付与者",
        "- static: {ability: {keyword: power_attacker, amount: 3000}}\n"
        "  to: {owner: you, type: creature, other: true}\n"
        "- static: {ability: {keyword: double_breaker}}\n"
        "  to: {owner: you, type: creature, other: true}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用付与者", "as": "lord"},
                    {"card": "アクア・ビークル", "as": "v"},
                ]
            },
            "B": {"battle_zone": [{"card": "アクア・ビークル", "as": "theirs"}]},
        },
        lord,
    )
    v = obj(game, "v")
    assert power(game, v) == 1000  # not attacking
    assert breaker(game, v) == 2
    assert {"power_attacker", "double_breaker"} <= keywords(game, v)
    assert power(game, obj(game, "lord")) == 2000 and breaker(game, obj(game, "lord")) == 1  # other: true
    assert breaker(game, obj(game, "theirs")) == 1
    game.inject({"attack": "v", "target": "player"})
    assert power(game, v) == 4000  # 1000 + 3000 while attacking


def test_static_ability_refuses_a_spell() -> None:
    bad = """
- name: 例示用誤り
  type: creature
  civilizations: [fire]
  cost: 1
  power: 1000
  text: (illustration)
  abilities:
    - static: {ability: {spell: [{draw: 1}]}}
"""
    with pytest.raises(
        DefinitionError, match="a static gives a static, a keyword, a trigger or a replacement"
    ):
        load_text(bad, "<test>", DUEL_MASTERS)


@pytest.mark.parametrize(
    "given", ["{use_from: [graveyard]}", "{tap_ability: [{draw: 1}]}", "{spell: [{draw: 1}]}"]
)
def test_grant_refuses_an_ability_that_would_do_nothing_on_the_object(given: str) -> None:
    # 「このターン、その呪文を墓地から唱えてもよい」 given by an effect is not supported (409.1d's first
    # example is left open): a given ability works on the object in the battle zone, so a way to use the
    # card, or an ability its own step uses, is refused with a clear error instead of doing nothing.
    bad = f"""
- name: 例示用誤り
  type: spell
  civilizations: [fire]
  cost: 1
  text: (illustration)
  abilities:
    - spell:
        - grant: {{what: {{choose: 1, zone: graveyard, owner: you}}, ability: {given}, until: end_of_turn}}
"""
    with pytest.raises(
        DefinitionError, match="an effect gives a static, a keyword, a trigger or a replacement"
    ):
        load_text(bad, "<test>", DUEL_MASTERS)


@pytest.mark.dm_rules("506.1")
def test_can_attack_untapped_and_cannot_be_attacked_by_read_the_other_creature() -> None:
    hunter = card("例示用狩人", "- static: {can_attack_untapped: {power: {at_least: 5000}}}")
    shy = card("例示用臆病", "- static: {cannot_be_attacked_by: {race: アーマード・ドラゴン}}")
    game = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [
                    {"card": "例示用狩人", "as": "h"},
                    {"card": "ボルシャック・ドラゴン", "as": "d"},
                ]
            },
            "B": {
                "battle_zone": [
                    {"card": "群れを守るトライ・ホーン", "as": "big"},
                    {"card": "アクア・ビークル", "as": "small"},
                    {"card": "例示用臆病", "as": "shy", "tapped": True},
                ]
            },
        },
        hunter + shy,
    )
    from dm_helpers import cid

    labels = {o.label for o in attack_options(game, A)}
    h, d = cid(game, "h"), cid(game, "d")
    assert f"attack:c{h}:c{cid(game, 'big')}" in labels  # untapped, 5000 power
    assert f"attack:c{h}:c{cid(game, 'small')}" not in labels  # untapped, 1000
    assert f"attack:c{h}:c{cid(game, 'shy')}" in labels  # tapped: any creature may attack it
    assert f"attack:c{d}:c{cid(game, 'shy')}" not in labels  # an アーマード・ドラゴン may not


@pytest.mark.dm_rules("601.1b", "608.1")
def test_cannot_use_applies_to_the_players_to_names() -> None:
    """相手は呪文を唱えられない (`to: opponent`): the opponent may not, its controller may."""
    lock = card("例示用封じ", "- static: {cannot_use: {type: spell}}\n  to: opponent")
    from tcgrules.games.duel_masters.play import playable_faces

    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["例示用封じ"],
                "hand": [{"card": "Solar Ray", "as": "mine"}],
                "mana_zone": ["Solar Ray", "Solar Ray"],
            },
            "B": {"hand": [{"card": "Solar Ray", "as": "theirs"}], "mana_zone": ["Solar Ray", "Solar Ray"]},
        },
        lock,
    )
    assert playable_faces(game, obj(game, "mine")) == [0]
    assert playable_faces(game, obj(game, "theirs")) == []
    assert playable_faces(game, obj(game, "theirs"), free=True) == []  # free or not, it is a use (701.5)


def test_cannot_use_keyword_names_a_keyword_a_player_uses() -> None:
    bad = """
- name: 例示用誤り
  type: creature
  civilizations: [fire]
  cost: 1
  power: 1000
  text: (illustration)
  abilities:
    - static: {cannot_use_keyword: {keyword: blocker}}
"""
    with pytest.raises(DefinitionError, match="used keyword"):
        load_text(bad, "<test>", DUEL_MASTERS)


@pytest.mark.dm_rules("608.1", "113.6")
def test_cannot_use_keyword_g_strike_is_not_offered() -> None:
    """誰も「G・ストライク」を使えない: the broken card's G・ストライク is not offered to its owner."""
    lock = card("例示用G封じ", "- static: {cannot_use_keyword: {keyword: g_strike}}")
    striker = card("例示用Gストライカー", "- keyword: g_strike")
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "例示用G封じ", "as": "lock"}]},
            "B": {"shield_zone": ["例示用Gストライカー"]},
        },
        lock + striker,
    )
    game.inject({"attack": "lock", "target": "player"})
    assert game.pending is None or game.pending.kind != "use_trigger"
    assert names(game, B, "hand") == ["例示用Gストライカー"]
    free = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "d"}]},
            "B": {"shield_zone": ["例示用Gストライカー"]},
        },
        striker,
    )
    free.inject({"attack": "d", "target": "player"})
    assert free.pending is not None and free.pending.kind == "use_trigger"  # without the rule it is offered


@pytest.mark.dm_rules("801.4", "109.2a")
def test_top_card_moves_the_top_card_alone_to_any_destination() -> None:
    """…の一番上のカードを山札の下に置く: `top_card` with `move`; a one-card creature moves whole."""
    s = """
- name: 例示用上剥がし
  type: spell
  civilizations: [water]
  cost: 1
  text: (illustration)
  abilities:
    - spell:
        - move: {what: {all: true, owner: opponent, type: creature, top_card: true}, to: deck_bottom}
"""
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用上剥がし", "as": "s"}]},
            "B": {
                "battle_zone": [
                    {"card": "アストラル・リーフ", "as": "leaf", "under": ["マリン・フラワー"]},
                    {"card": "アクア・ビークル", "as": "v"},
                ]
            },
        },
        s,
    )
    from test_card_language import play_free

    play_free(game, "s")
    assert game.pending is not None and game.pending.kind == "choose_order"  # 401.4: B orders the two cards
    game.answer(game.pending.labels[0])
    assert names(game, B, "battle_zone") == ["マリン・フラワー"]
    bottom = [game.name(game.objects[o].top) for o in game.zone((B, "deck"))[:2]]  # index 0: the bottom
    assert sorted(bottom) == ["アクア・ビークル", "アストラル・リーフ"]


@pytest.mark.dm_rules("608.2b")
def test_power_while_is_counted_once_and_applies_only_while_its_condition_holds() -> None:
    s = """
- name: 例示用守り
  type: spell
  civilizations: [water]
  cost: 1
  text: (illustration)
  abilities:
    - spell:
        - power:
            what: {all: true, owner: you, type: creature}
            add: {times: [1000, {count: {zone: hand, owner: you}}]}
            while: {turn: opponent}
"""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用守り", "as": "s"}, "アクア・ビークル"],
                "battle_zone": [{"card": "アクア・ビークル", "as": "v"}],
            },
        },
        s,
    )
    from test_card_language import play_free

    play_free(game, "s")
    assert power(game, obj(game, "v")) == 1000  # A's turn: the condition does not hold
    game.active_player = B
    assert power(game, obj(game, "v")) == 2000  # one card in hand when it resolved


@pytest.mark.dm_rules("604", "608.3a", "603.5c")
def test_static_ability_gives_a_triggered_ability_to_each_object_as_its_own() -> None:
    """サバイバー-style: `static: {ability: TRIGGER}` with `to` — each described creature has its own
    instance (one per giver), those arriving later too; スレイヤー given by a static works when the creature
    that has it loses the battle (it looks back, 603.5c)."""
    giver = card(
        "例示用授与者",
        "- static: {ability: {trigger: {event: attacks}, effect: [{draw: 1}]}}\n"
        "  to: {owner: you, type: creature}\n"
        "- static: {ability: {keyword: slayer}}\n"
        "  to: {owner: you, type: creature, other: true}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用授与者", "as": "g1"}, {"card": "例示用授与者", "as": "g2"}],
                "hand": [{"card": "アクア・ビークル", "as": "later"}],
                "deck": 10,
            },
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "big", "tapped": True}]},
        },
        giver,
    )
    from test_card_language import play_free

    play_free(game, "later")
    game.inject({"attack": "later", "target": "big"})
    while game.pending is not None and game.pending.kind != "attack":
        game.answer(game.pending.labels[0])
    assert len(game.zone((A, "hand"))) == 2  # two givers: two draws
    assert names(game, B, "graveyard") == ["ボルシャック・ドラゴン"]  # slain by the given スレイヤー
    assert "アクア・ビークル" in names(game, A, "graveyard")


def test_a_given_trigger_ends_when_its_giver_leaves() -> None:
    giver = card(
        "例示用授与者",
        "- static: {ability: {trigger: {event: attacks}, effect: [{draw: 1}]}}\n  to: {owner: you}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用授与者", "as": "g"}, {"card": "アクア・ビークル", "as": "v"}],
                "deck": 10,
            },
            "B": {"shield_zone": ["アクア・ビークル"]},
        },
        giver,
    )
    game.inject({"event": "destroy", "target": "g"})
    game.inject({"attack": "v", "target": "player"})
    assert len(game.zone((A, "hand"))) == 0


@pytest.mark.dm_rules("608.1")
def test_enter_tapped_for_the_opponent_only() -> None:
    """相手のクリーチャーはタップしてバトルゾーンに出る (`enter_tapped` with `to: opponent`)."""
    rule = card("例示用足止め", "- static: {enter_tapped: {type: creature}}\n  to: opponent")
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["例示用足止め"], "hand": [{"card": "アクア・ビークル", "as": "mine"}]},
            "B": {"hand": [{"card": "アクア・ビークル", "as": "theirs"}]},
        },
        rule,
    )
    from test_card_language import play_free

    play_free(game, "mine")
    play_free(game, "theirs", B)
    assert not obj(game, "mine").tapped
    assert obj(game, "theirs").tapped


def test_min_goes_with_a_cost_or_cross_cost_static_only() -> None:
    bad = """
- name: 例示用誤り
  type: creature
  civilizations: [fire]
  cost: 1
  power: 1000
  text: (illustration)
  abilities:
    - static: {power: -1000}
      min: 1000
"""
    with pytest.raises(DefinitionError, match="'min' goes with a 'cost' or 'cross_cost' static"):
        load_text(bad, "<test>", DUEL_MASTERS)
