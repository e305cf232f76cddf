"""Magic: priority for every player (117), the stack and triggered abilities (405, 603.3), resolution with
targets checked again (608.2b), targeting restrictions (115, 702.11, 702.16, 702.18), the turn's steps and
cleanup (500–514), continuous effects with durations in layers 2, 4, 6 and 7 (611, 613), the new card
instructions, three players (800.4) — and copy and save/load in the middle of a stack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tcgrules.games.magic import state as st
from tcgrules.games.magic.abilities import Continuous
from tcgrules.games.magic.board import board, setup
from tcgrules.games.magic.rules import standard_catalog
from tcgrules.games.magic.schema import CardDef
from tcgrules.games.magic.stack import stack
from tcgrules.kernel import RULE, Game
from tcgrules.kernel import save as S

A, B, C = 0, 1, 2


def make(spec: Mapping[str, Any]) -> Game:
    return board({"turn": "A", **spec})


def cid(game: Game, alias: str) -> int:
    aliases: dict[str, int] = game.info["aliases"]
    return aliases[alias]


def obj(game: Game, alias: str) -> Any:
    return game.object_of(cid(game, alias))


def c(game: Game, alias: str) -> str:
    return f"c{cid(game, alias)}"


def answer(game: Game, *labels: str) -> None:
    for label in labels:
        game.answer(label)


def pass_round(game: Game) -> None:
    """Every player still in the game passes once (117.4)."""
    for _ in st.players_in_game(game):
        assert game.pending is not None and game.pending.kind == "priority"
        game.answer("pass")


def rules_logged(game: Game) -> set[str]:
    return {r.rule for r in game.log if r.rule}


# ---------------------------------------------------------------------------------------------- 117


def test_117_3c_caster_keeps_priority_and_117_3d_passing_gives_it_to_the_next_player() -> None:
    game = make({"A": {"hand": [{"card": "Lightning Bolt", "as": "bolt"}]}, "B": {}})
    answer(game, f"cast:{c(game, 'bolt')}", "player:B")
    assert game.pending is not None and game.pending.player == A  # 117.3c
    game.answer("pass")
    assert game.pending is not None and game.pending.player == B  # 117.3d
    assert len(stack(game)) == 1 and st.life(game, B) == 20
    game.answer("pass")  # 117.4: all passed in succession
    assert st.life(game, B) == 17 and not stack(game)
    assert game.pending is not None and game.pending.player == A  # 117.3b


def test_117_responding_with_an_instant_resolves_it_first() -> None:
    game = make(
        {
            "A": {
                "battlefield": [{"card": "Grizzly Bears", "as": "bears"}],
                "hand": [{"card": "Switcheroo", "as": "sw"}],
            },
            "B": {
                "battlefield": [{"card": "Hill Giant", "as": "giant"}],
                "hand": [{"card": "Unsummon", "as": "un"}],
            },
        }
    )
    answer(game, f"cast:{c(game, 'sw')}", c(game, "bears"), c(game, "giant"), "pass")
    answer(game, f"cast:{c(game, 'un')}", c(game, "giant"))
    pass_round(game)  # Unsummon resolves
    assert obj(game, "giant").zone == (B, st.HAND)
    pass_round(game)  # Switcheroo: one target gone (701.10a)
    assert obj(game, "bears").controller == A and "701.10a" in rules_logged(game)


def test_701_5a_counter_target_spell() -> None:
    game = make(
        {
            "A": {
                "battlefield": [{"card": "Grizzly Bears", "as": "bears"}],
                "hand": [{"card": "Switcheroo", "as": "sw"}],
            },
            "B": {
                "battlefield": [{"card": "Hill Giant", "as": "giant"}],
                "hand": [{"card": "Counterspell", "as": "cs"}],
            },
        }
    )
    answer(game, f"cast:{c(game, 'sw')}", c(game, "bears"), c(game, "giant"), "pass")
    answer(game, f"cast:{c(game, 'cs')}", c(game, "sw"))
    pass_round(game)
    assert obj(game, "sw").zone == (A, st.GRAVEYARD) and not stack(game)
    assert obj(game, "giant").controller == B


def test_307_1_sorcery_only_by_the_active_player_with_an_empty_stack() -> None:
    game = make({"A": {"hand": ["Lightning Bolt"]}, "B": {"hand": [{"card": "Switcheroo", "as": "sw"}]}})
    game.answer("pass")
    assert game.pending is not None and game.pending.player == B
    assert f"cast:{c(game, 'sw')}" not in game.pending.labels


# ---------------------------------------------------------------------------------------------- 603.3


def test_603_3d_trigger_without_legal_targets_is_removed() -> None:
    game = make({"A": {"hand": [{"card": "Vedalken Plotter", "as": "vp"}]}, "B": {}})
    answer(game, f"cast:{c(game, 'vp')}")
    pass_round(game)
    assert not stack(game) and "603.3d" in rules_logged(game)


def test_603_3b_apnap_the_non_active_players_trigger_resolves_first() -> None:
    game = board(
        {
            "turn": "B",
            "step": "end",
            "A": {"life": 5, "battlefield": ["Axis of Mortality"], "library": 2},
            "B": {"battlefield": ["Kavu Predator"]},
        }
    )
    pass_round(game)  # end → cleanup → A's untap → upkeep: Axis triggers
    assert game.info["step"] == "upkeep" and game.active_player == A
    assert game.pending is not None and game.pending.kind == "target"
    answer(game, "player:A", "player:B")
    assert [i.text for i in stack(game)] == ["Axis of Mortality"]
    pass_round(game)
    answer(game, "yes")
    assert (st.life(game, A), st.life(game, B)) == (20, 5)
    # Kavu Predator saw no gain by its controller's opponent… B lost; A, its opponent, gained: it triggers
    assert [i.text for i in stack(game)] == ["Kavu Predator"]


# ---------------------------------------------------------------------------------------------- 115


def targets_offered(game: Game) -> list[str]:
    assert game.pending is not None and game.pending.kind == "target"
    return [o.text for o in game.pending.options]


def test_702_18_shroud_and_702_11_hexproof_and_702_16_protection_stop_targeting() -> None:
    catalog = dict(standard_catalog())
    for name, keyword in (
        ("Shrouded Bear", "shroud"),
        ("Hexproof Bear", "hexproof"),
        ("Blue-Warded Bear", "protection from blue"),
    ):
        catalog[name] = CardDef(
            name, ("creature",), keyword.capitalize(), power=2, toughness=2, keywords=(keyword,)
        )
    game = board(
        {
            "turn": "A",
            "A": {
                "battlefield": [{"card": "Hexproof Bear", "as": "mine"}],
                "hand": [{"card": "Switcheroo", "as": "sw"}],
            },
            "B": {"battlefield": ["Shrouded Bear", "Hexproof Bear", "Blue-Warded Bear", "Grizzly Bears"]},
        },
        catalog,
    )
    game.answer(f"cast:{c(game, 'sw')}")
    offered = targets_offered(game)
    assert "Shrouded Bear" not in offered and "Blue-Warded Bear" not in offered
    assert offered.count("Hexproof Bear") == 1  # only A's own: hexproof stops the opponent only
    assert "Grizzly Bears" in offered


def test_115_filters_controller_and_type() -> None:
    game = make(
        {
            "A": {
                "battlefield": ["Island", "Grizzly Bears"],
                "hand": [{"card": "Vedalken Plotter", "as": "vp"}],
            },
            "B": {"battlefield": ["Forest", "Seat of the Synod", "Hill Giant"]},
        }
    )
    answer(game, f"cast:{c(game, 'vp')}")
    pass_round(game)
    assert targets_offered(game) == ["Island"]
    game.answer(game.pending.labels[0])  # type: ignore[union-attr]  # pending, checked above
    assert sorted(targets_offered(game)) == ["Forest", "Seat of the Synod"]


# ---------------------------------------------------------------------------------------------- 613, 514


def test_613_7_a_later_exchange_outlasts_an_earlier_until_end_of_turn_control_effect() -> None:
    game = make(
        {
            "A": {
                "battlefield": [{"card": "Grizzly Bears", "as": "bears"}],
                "hand": [{"card": "Act of Treason", "as": "treason"}, {"card": "Switcheroo", "as": "sw"}],
            },
            "B": {
                "battlefield": [
                    {"card": "Hill Giant", "as": "giant"},
                    {"card": "Ornithopter", "as": "thopter"},
                ]
            },
        }
    )
    answer(game, f"cast:{c(game, 'treason')}", c(game, "giant"))
    pass_round(game)
    assert obj(game, "giant").controller == A
    answer(game, f"cast:{c(game, 'sw')}", c(game, "giant"), c(game, "thopter"))
    pass_round(game)
    assert (obj(game, "giant").controller, obj(game, "thopter").controller) == (B, A)
    for _ in range(4):  # main, combat, main2, end → cleanup → B's turn
        pass_round(game)
    assert game.active_player == B
    # Act of Treason's effect ended (514.2), but the exchange (a later timestamp, 613.7) still applies
    assert (obj(game, "giant").controller, obj(game, "thopter").controller) == (B, A)


def test_514_2_damage_wears_off_and_pumps_end_in_cleanup() -> None:
    game = make(
        {
            "A": {
                "battlefield": [{"card": "Hill Giant", "as": "giant", "damage": 2}],
                "hand": [{"card": "Giant Growth", "as": "gg"}],
            }
        }
    )
    answer(game, f"cast:{c(game, 'gg')}", c(game, "giant"))
    pass_round(game)
    assert st.power_toughness(game, obj(game, "giant")) == (6, 6)
    for _ in range(4):
        pass_round(game)
    giant = obj(game, "giant")
    assert st.power_toughness(game, giant) == (3, 3) and "damage" not in giant.state


def test_613_4d_switching_applies_after_modifications() -> None:
    game = make({"A": {"battlefield": [{"card": "Grizzly Bears", "as": "bears", "counters": {"+1/+1": 1}}]}})
    bears = obj(game, "bears")
    game.effects.add(Continuous(st.PT_SWITCH, None, "switch"), A, RULE, targets=(bears.oid,))  # 7d
    game.effects.add(Continuous(st.PT_MOD, (0, 3), "+0/+3"), A, RULE, targets=(bears.oid,))  # 7c, later
    assert st.power_toughness(game, bears) == (6, 3)  # (2+1, 2+1+3) = 3/6, switched: 6/3


# ---------------------------------------------------------------------------------------- 504, 704.5b, 800.4


def test_504_1_draw_and_704_5b_empty_library_loses() -> None:
    game = board({"turn": "B", "step": "end", "A": {"library": 1}, "B": {}})
    pass_round(game)  # → A's upkeep
    pass_round(game)  # → A's draw step: A draws
    assert len(game.zones[(A, st.HAND)]) == 1
    game2 = board({"turn": "B", "step": "end", "A": {}, "B": {}})
    pass_round(game2)
    pass_round(game2)
    assert game2.result is not None and game2.result.winner == B and game2.result.rule == "704.5b"


def test_800_4_three_players_a_loser_leaves_and_the_others_play_on() -> None:
    game = make({"A": {}, "B": {"life": 1}, "C": {}})
    assert game.players == 3
    game.inject({"event": "damage", "player": "B", "amount": 1})
    assert game.result is None and st.has_lost(game, B)
    assert st.players_in_game(game) == [A, C]
    game.inject({"event": "damage", "player": "C", "amount": 20})
    assert game.result is not None and game.result.winner == A


def test_701_10c_two_other_players_exchange_life_totals() -> None:
    game = make(
        {"A": {"battlefield": [{"card": "Soul Conduit", "as": "sc"}]}, "B": {"life": 7}, "C": {"life": 30}}
    )
    answer(game, f"activate:{c(game, 'sc')}:0", "player:B", "player:C")
    pass_round(game)
    assert [st.life(game, p) for p in (A, B, C)] == [20, 30, 7]


# ---------------------------------------------------------------------------------------------- replacements


def test_616_1_tainted_remedy_first_then_the_doubler_no_longer_applies() -> None:
    game = make(
        {
            "A": {"battlefield": [{"card": "Boon Reflection", "as": "boon"}]},
            "B": {"battlefield": [{"card": "Tainted Remedy", "as": "remedy"}]},
        }
    )
    game.inject({"event": "gain_life", "player": "A", "amount": 3})
    assert game.pending is not None and game.pending.kind == "replacement"
    label = next(x for x in game.pending.labels if x.endswith(c(game, "remedy")))
    game.answer(label)
    assert st.life(game, A) == 17
    assert any("no longer applies" in r.text for r in game.log)


def test_701_10_gauntlets_destroy_the_auras_when_exchanged() -> None:
    game = make(
        {
            "A": {
                "battlefield": [
                    {"card": "Gauntlets of Chaos", "as": "g"},
                    {"card": "Grizzly Bears", "as": "bears"},
                    {"card": "Holy Strength", "as": "holy", "attached_to": "bears"},
                ]
            },
            "B": {"battlefield": [{"card": "Hill Giant", "as": "giant"}]},
        }
    )
    answer(game, f"activate:{c(game, 'g')}:0", c(game, "bears"), c(game, "giant"))
    pass_round(game)
    assert obj(game, "bears").controller == B and obj(game, "holy").zone == (A, st.GRAVEYARD)


# ---------------------------------------------------------------------------------------------- copy, save


def mid_stack() -> Game:
    game = make(
        {
            "A": {
                "battlefield": [
                    {"card": "Avarice Totem", "as": "totem"},
                    {"card": "Grizzly Bears", "as": "bears"},
                ]
            },
            "B": {"battlefield": [{"card": "Hill Giant", "as": "giant"}]},
        }
    )
    answer(
        game,
        f"activate:{c(game, 'totem')}:0",
        c(game, "bears"),
        f"activate:{c(game, 'totem')}:0",
        c(game, "giant"),
    )
    return game


def test_copy_and_save_load_in_the_middle_of_a_stack() -> None:
    game = mid_stack()
    twin = game.copy()
    loaded = S.loads(S.dumps(game), setup)
    for g in (game, twin, loaded):
        for _ in range(2):
            pass_round(g)
    states = [
        (obj(g, "totem").controller, obj(g, "bears").controller, obj(g, "giant").controller)
        for g in (game, twin, loaded)
    ]
    assert states == [(A, B, A)] * 3


# ---------------------------------------------------------------------------------------------- instructions


def test_115_a_card_in_a_graveyard_is_a_target_and_121_2_draw() -> None:
    game = make(
        {
            "A": {"hand": [{"card": "Cremate", "as": "cremate"}], "library": 1},
            "B": {"graveyard": [{"card": "Hill Giant", "as": "giant"}]},
        }
    )
    answer(game, f"cast:{c(game, 'cremate')}", c(game, "giant"))
    pass_round(game)
    assert obj(game, "giant").zone == (B, st.EXILE)
    assert len(game.zones[(A, st.HAND)]) == 1 and not game.zones[(A, st.LIBRARY)]


def test_701_7a_destroy_and_119_3_life_and_draw_for_a_target_player() -> None:
    game = make(
        {
            "A": {"hand": [{"card": "Murder", "as": "murder"}, {"card": "Sign in Blood", "as": "sib"}]},
            "B": {"battlefield": [{"card": "Hill Giant", "as": "giant"}], "library": 3},
        }
    )
    answer(game, f"cast:{c(game, 'murder')}", c(game, "giant"))
    pass_round(game)
    assert obj(game, "giant").zone == (B, st.GRAVEYARD)
    answer(game, f"cast:{c(game, 'sib')}", "player:B")
    pass_round(game)
    assert len(game.zones[(B, st.HAND)]) == 2 and st.life(game, B) == 18


def test_119_7_gain_life_instruction_meets_replacements_and_prohibitions() -> None:
    game = make(
        {
            "A": {
                "battlefield": ["Boon Reflection"],
                "hand": [{"card": "Revitalize", "as": "rev"}],
                "library": 1,
            }
        }
    )
    answer(game, f"cast:{c(game, 'rev')}")
    pass_round(game)
    assert st.life(game, A) == 26
    game = make(
        {
            "A": {
                "battlefield": ["Everlasting Torment"],
                "hand": [{"card": "Revitalize", "as": "rev"}],
                "library": 1,
            }
        }
    )
    answer(game, f"cast:{c(game, 'rev')}")
    pass_round(game)
    assert st.life(game, A) == 20 and len(game.zones[(A, st.HAND)]) == 1  # the draw still happens


# ---------------------------------------------------------------------------------------------- invariants


def test_random_play_with_every_card_keeps_the_state_consistent() -> None:
    """Random answers on random boards of two to four players: no crash, every object in its zone, every
    spell on the stack has its card in the stack zone, every permanent controlled by a player in the game,
    and a save replays to the same state."""
    import random

    from tcgrules.games.magic.schema import BLANK

    catalog = standard_catalog()
    names = sorted(n for n in catalog if n != BLANK.name)
    permanents = [n for n in names if catalog[n].is_permanent_card and not catalog[n].is_aura]
    for seed in range(12):
        rng = random.Random(seed)
        spec: dict[str, Any] = {"turn": "A", "step": rng.choice(["upkeep", "main", "end"])}
        for p in "ABCD"[: rng.choice([2, 3, 4])]:
            spec[p] = {
                "battlefield": rng.sample(permanents, 4),
                "hand": rng.sample(names, 5),
                "library": 8,
                "life": rng.choice([3, 10, 20]),
            }
        game = board(spec, seed=seed)
        for _ in range(250):
            decision = game.pending
            if game.result is not None or decision is None:
                break
            labels = [o.label for o in rng.sample(list(decision.options), decision.min)]
            if decision.kind == "priority" and rng.random() < 0.6:
                labels = ["pass"]
            game.answer(*labels)
        for oid, o in game.objects.items():
            assert oid in game.zones[o.zone]
        for item in stack(game):
            if item.kind == "spell":
                assert game.objects[item.host].zone == (st.SHARED, st.STACK)  # type: ignore[index]  # a spell's host
        for o in st.battlefield(game):
            assert 0 <= o.controller < game.players
        assert S.state_summary(S.loads(S.dumps(game), setup)) == S.state_summary(game)


def test_115_7_new_controller_of_a_spell_may_choose_new_targets() -> None:
    game = board(
        {
            "turn": "B",
            "A": {
                "battlefield": [
                    {"card": "Perplexing Chimera", "as": "chimera"},
                    {"card": "Hill Giant", "as": "giant"},
                ]
            },
            "B": {
                "battlefield": [{"card": "Grizzly Bears", "as": "bears"}],
                "hand": [{"card": "Blossoming Defense", "as": "bd"}],
            },
        }
    )
    answer(game, f"cast:{c(game, 'bd')}", c(game, "bears"))
    pass_round(game)
    answer(game, "yes", "yes")
    assert targets_offered(game) == ["Hill Giant"]  # "creature you control" now means A's; the Chimera is B's
    game.answer(c(game, "giant"))
    pass_round(game)
    assert st.power_toughness(game, obj(game, "giant")) == (5, 5)
    assert "hexproof" in st.keywords(game, obj(game, "giant"))
    assert obj(game, "chimera").controller == B and obj(game, "bd").zone == (B, st.GRAVEYARD)


def test_800_4a_when_the_active_player_leaves_the_turn_goes_on_with_the_next_player() -> None:
    game = make({"A": {"life": 1}, "B": {}, "C": {"library": 2}})
    game.inject({"event": "damage", "player": "A", "amount": 1})
    assert st.has_lost(game, A) and game.result is None
    assert game.pending is not None and game.pending.player == B
    for _ in range(12):  # B and C pass through A's remaining steps; the next turn is B's
        if game.active_player == B:
            break
        game.answer("pass")
    assert game.active_player == B and game.pending is not None and game.pending.player == B


def test_608_2b_targets_that_no_longer_share_a_card_type_are_both_illegal() -> None:
    """Shifting Loyalties, 2014-11-24: "If both permanents are illegal targets (perhaps because they no
    longer share a card type), Shifting Loyalties won't resolve." """
    game = make(
        {
            "A": {
                "battlefield": [
                    {"card": "Liquimetal Coating", "as": "lc"},
                    {"card": "Grizzly Bears", "as": "bears"},
                ],
                "hand": [{"card": "Shifting Loyalties", "as": "sl"}],
            },
            "B": {"battlefield": [{"card": "Seat of the Synod", "as": "seat"}]},
        }
    )
    answer(game, f"activate:{c(game, 'lc')}:0", c(game, "bears"))
    pass_round(game)
    answer(game, f"cast:{c(game, 'sl')}", c(game, "bears"), c(game, "seat"))
    coating = next(e for e in game.effects if isinstance(e.ability, Continuous) and e.ability.key == st.TYPES)
    game.effects.remove(coating.eid)  # the Bears stop being an artifact before Shifting Loyalties resolves
    pass_round(game)
    assert any("all targets of Shifting Loyalties are illegal" in r.text for r in game.log)
    assert obj(game, "bears").controller == A and obj(game, "seat").controller == B


def test_701_10b_lands_exchanged_indefinitely_through_the_next_turn() -> None:
    game = make(
        {
            "A": {
                "battlefield": [{"card": "Island", "as": "island"}],
                "hand": [{"card": "Political Trickery", "as": "pt"}],
            },
            "B": {"battlefield": [{"card": "Forest", "as": "forest"}], "library": 1},
        }
    )
    answer(game, f"cast:{c(game, 'pt')}", c(game, "island"), c(game, "forest"))
    pass_round(game)
    for _ in range(6):  # main, combat, main2, end → cleanup → B's untap, upkeep → B's draw
        pass_round(game)
    assert game.active_player == B and game.info["step"] == "main"
    assert (obj(game, "island").controller, obj(game, "forest").controller) == (B, A)


def test_115_colour_type_and_owner_filters_in_any_zone() -> None:
    game = make(
        {
            "A": {
                "hand": [{"card": "Terror", "as": "terror"}, {"card": "Gravedigger", "as": "digger"}],
                "graveyard": [{"card": "Hill Giant", "as": "mine"}, "Lightning Bolt"],
            },
            "B": {
                "battlefield": [
                    "Ornithopter",
                    "Phyrexian Infiltrator",
                    {"card": "Grizzly Bears", "as": "bears"},
                ],
                "graveyard": ["Grizzly Bears"],
            },
        }
    )
    game.answer(f"cast:{c(game, 'terror')}")
    assert targets_offered(game) == ["Grizzly Bears"]  # not the artifact, not the black creature
    answer(game, c(game, "bears"))
    pass_round(game)
    answer(game, f"cast:{c(game, 'digger')}")
    pass_round(game)
    assert targets_offered(game) == ["Hill Giant"]  # a creature card, in A's own graveyard
    answer(game, c(game, "mine"))
    pass_round(game)
    answer(game, "yes")
    assert obj(game, "mine").zone == (A, st.HAND) and obj(game, "bears").zone == (B, st.GRAVEYARD)
