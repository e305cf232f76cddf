"""Magic: replacement ordering (614.5, 614.15, 614.17, 616.1) and exchange (701.10a–h), copy and save/load."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tcgrules.cards.yamlsource import parse
from tcgrules.games.magic import state as st
from tcgrules.games.magic.board import board, setup
from tcgrules.games.magic.loader import load_data
from tcgrules.games.magic.stack import stack
from tcgrules.kernel import DefinitionError, Game
from tcgrules.kernel import save as S

A, B = 0, 1


def make(spec: Mapping[str, Any]) -> Game:
    return board({"turn": "A", **spec})


def cid(game: Game, alias: str) -> int:
    aliases: dict[str, int] = game.info["aliases"]
    return aliases[alias]


def obj(game: Game, alias: str) -> Any:
    return game.object_of(cid(game, alias))


def act(game: Game, *labels: str) -> None:
    """Answer in order; ``pass`` is every player passing until the top of the stack has resolved."""
    for label in labels:
        if label == "pass":
            pass_all(game)
        else:
            game.answer(label)


def pass_all(game: Game) -> None:
    size = len(stack(game))
    game.answer("pass")
    while game.pending is not None and game.pending.kind == "priority" and size and len(stack(game)) >= size:
        game.answer("pass")


def texts(game: Game, kind: str | None = None) -> list[str]:
    return [r.text for r in game.log if kind is None or r.kind == kind]


def rules_logged(game: Game) -> set[str]:
    return {r.rule for r in game.log if r.rule}


def burst(*, kicked: bool = False, b_side: list[Any] | None = None) -> Game:
    game = make(
        {
            "A": {
                "battlefield": [{"card": "Furnace of Rath", "as": "furnace"}],
                "hand": [{"card": "Burst Lightning", "as": "burst"}],
            },
            "B": {"battlefield": b_side or []},
        }
    )
    act(game, f"cast:c{cid(game, 'burst')}" + (":kicked" if kicked else ""), "player:B", "pass")
    return game


def destroy_progenitus() -> Game:
    game = make(
        {
            "A": {"battlefield": [{"card": "Progenitus", "as": "progenitus"}], "library": 2},
            "B": {"battlefield": [{"card": "Rest in Peace", "as": "rip"}]},
        }
    )
    game.inject({"event": "destroy", "target": "progenitus"})
    return game


# ---------------------------------------------------------------------------------------------- 614, 616


def test_614_5_two_doublers_make_2_into_8() -> None:
    game = burst(b_side=[{"card": "Dictate of the Twin Gods", "as": "dictate"}])
    decision = game.pending
    assert decision is not None and decision.kind == "replacement" and decision.player == B
    act(game, decision.labels[0])
    assert st.life(game, B) == 12
    assert len(texts(game, "replacement")) == 2
    assert "614.5" in rules_logged(game)


def test_616_1_affected_player_chooses_and_the_other_no_longer_applies() -> None:
    game = destroy_progenitus()
    decision = game.pending
    assert decision is not None and decision.player == A and decision.rule == "616.1"
    rip = next(label for label in decision.labels if label.endswith(f"c{cid(game, 'rip')}"))
    act(game, rip)
    assert obj(game, "progenitus").zone == (A, st.EXILE)
    assert any("Progenitus" in t and "no longer applies" in t for t in texts(game, "rule"))


def test_616_1f_shuffle_chosen_then_exile_does_not_apply() -> None:
    game = destroy_progenitus()
    assert game.pending is not None
    own = next(label for label in game.pending.labels if label.endswith(f"c{cid(game, 'progenitus')}"))
    act(game, own)
    assert obj(game, "progenitus").zone == (A, st.LIBRARY)
    assert len(game.zones[(A, st.LIBRARY)]) == 3
    assert not game.zones.get((A, st.EXILE))


def test_614_15_self_replacement_applies_first() -> None:
    game = burst(kicked=True)
    assert game.pending is not None and game.pending.kind == "priority"  # no choice: 616.1a decides
    assert st.life(game, B) == 12  # 2 → 4 (self-replacement) → 8; the other order would give 4
    assert "616.1a" in rules_logged(game) and "614.15" in rules_logged(game)


def test_614_17_cant_gain_life_is_a_prohibition_not_a_replacement() -> None:
    game = make({"A": {"battlefield": ["Everlasting Torment", "Boon Reflection"]}})
    game.inject({"event": "gain_life", "player": "A", "amount": 3})
    assert st.life(game, A) == 20
    assert [r.kind for r in game.log if r.kind in ("prohibited", "replacement")] == ["prohibited"]


def test_608_2b_all_targets_illegal_spell_does_nothing() -> None:
    game = make(
        {
            "A": {"hand": [{"card": "Lightning Bolt", "as": "bolt"}]},
            "B": {"battlefield": [{"card": "Hill Giant", "as": "giant"}]},
        }
    )
    act(game, f"cast:c{cid(game, 'bolt')}", f"c{cid(game, 'giant')}")
    game.inject({"event": "move", "target": "giant", "to": "hand"})
    act(game, "pass")
    assert "608.2b" in rules_logged(game)
    assert not [r for r in game.log if r.data.get("event") == "damage"]
    assert obj(game, "bolt").zone == (A, st.GRAVEYARD)


# ---------------------------------------------------------------------------------------------- 701.10


def switcheroo(**b: Any) -> Game:
    return make(
        {
            "A": {
                "battlefield": [{"card": "Grizzly Bears", "as": "bears"}],
                "hand": [{"card": "Switcheroo", "as": "sw"}],
            },
            "B": {"battlefield": [{"card": "Hill Giant", "as": "giant"}], **b},
        }
    )


def test_701_10a_one_target_gone_nothing_happens() -> None:
    game = switcheroo()
    act(game, f"cast:c{cid(game, 'sw')}", f"c{cid(game, 'bears')}", f"c{cid(game, 'giant')}")
    game.inject({"event": "destroy", "target": "bears"})
    act(game, "pass")
    assert obj(game, "giant").controller == B
    assert "701.10a" in rules_logged(game)


def test_701_10b_control_exchanged_and_abilities_follow() -> None:
    game = make(
        {
            "A": {
                "battlefield": [{"card": "Kavu Predator", "as": "kavu"}],
                "hand": [{"card": "Switcheroo", "as": "sw"}],
            },
            "B": {"battlefield": [{"card": "Grizzly Bears", "as": "bears"}]},
        }
    )
    act(game, f"cast:c{cid(game, 'sw')}", f"c{cid(game, 'kavu')}", f"c{cid(game, 'bears')}", "pass")
    assert (obj(game, "kavu").controller, obj(game, "bears").controller) == (B, A)
    game.inject({"event": "gain_life", "player": "A", "amount": 2})  # A is now Kavu's opponent
    act(game, "pass")  # 603.3: the trigger went on the stack; it resolves
    assert st.counters(obj(game, "kavu"), "+1/+1") == 2


def test_701_10b_same_controller_nothing() -> None:
    game = make(
        {
            "A": {"hand": [{"card": "Shifting Loyalties", "as": "sl"}]},
            "B": {"battlefield": [{"card": "Ornithopter", "as": "o"}, {"card": "Hill Giant", "as": "g"}]},
        }
    )
    act(game, f"cast:c{cid(game, 'sl')}", f"c{cid(game, 'o')}", f"c{cid(game, 'g')}", "pass")
    assert "701.10b" in rules_logged(game)
    assert not [r for r in game.log if r.data.get("event") == "exchange_control"]


def mirror(a_side: list[Any], *, a_life: int = 5) -> Game:
    game = board(
        {
            "turn": "A",
            "step": "upkeep",
            "A": {"life": a_life, "battlefield": [{"card": "Mirror Universe", "as": "mirror"}, *a_side]},
            "B": {"battlefield": [{"card": "Kavu Predator", "as": "kavu"}]},
        }
    )
    act(game, f"activate:c{cid(game, 'mirror')}:0", "player:B", "pass")
    return game


def test_701_10c_loss_and_doubled_gain_are_separate_events_that_trigger() -> None:
    game = mirror(["Boon Reflection"])
    events = [
        (r.data["event"], bool(r.data.get("replaced_by")))
        for r in game.log
        if r.kind == "event" and "event" in r.data
    ]
    assert ("gain_life", True) in events and ("lose_life", False) in events
    assert (st.life(game, A), st.life(game, B)) == (35, 5)
    assert st.counters(obj(game, "kavu"), "+1/+1") == 30


def test_701_10c_cant_gain_life_no_exchange() -> None:
    game = mirror(["Everlasting Torment"])
    assert (st.life(game, A), st.life(game, B)) == (5, 20)
    assert "701.10c" in rules_logged(game)


def test_701_10c_mirror_universe_only_in_upkeep() -> None:
    game = make({"A": {"battlefield": [{"card": "Mirror Universe", "as": "mirror"}]}})
    assert game.pending is not None
    assert not [label for label in game.pending.labels if label.startswith("activate:")]


def wings(owner: str) -> Game:
    game = make(
        {
            "A": {
                "battlefield": [
                    {"card": "Grizzly Bears", "as": "bears"},
                    {"card": "Arcanum Wings", "as": "wings", "owner": owner, "attached_to": "bears"},
                ],
                "hand": [{"card": "Unholy Strength", "as": "unholy"}],
            }
        }
    )
    act(game, f"activate:c{cid(game, 'wings')}:1", "pass", f"c{cid(game, 'unholy')}")
    return game


def test_701_10d_cards_of_two_owners_not_exchanged() -> None:
    game = wings("B")
    assert obj(game, "unholy").zone == (A, st.HAND)
    assert "701.10d" in rules_logged(game)


def test_701_10e_incoming_aura_attached_in_place() -> None:
    game = wings("A")
    assert st.attached_to(obj(game, "unholy")) == obj(game, "bears").oid
    assert obj(game, "wings").zone == (A, st.HAND)
    assert st.power_toughness(game, obj(game, "bears")) == (4, 3)
    assert "flying" not in st.keywords(game, obj(game, "bears"))


def test_701_10f_empty_library_exchanged_with_graveyard() -> None:
    game = make(
        {
            "A": {
                "hand": [{"card": "Morality Shift", "as": "ms"}],
                "graveyard": ["Grizzly Bears", "Hill Giant"],
            }
        }
    )
    act(game, f"cast:c{cid(game, 'ms')}", "pass")
    assert len(game.zones[(A, st.LIBRARY)]) == 2
    assert [game.name(game.objects[o].top) for o in game.zones[(A, st.GRAVEYARD)]] == ["Morality Shift"]


def test_701_10g_life_against_toughness_is_a_7b_effect() -> None:
    game = make({"A": {"life": 20, "battlefield": [{"card": "Tree of Redemption", "as": "tree"}]}})
    act(game, f"activate:c{cid(game, 'tree')}:0", "pass")
    assert st.life(game, A) == 13
    tree = obj(game, "tree")
    assert st.power_toughness(game, tree) == (0, 20)
    tree.state["counters:+1/+1"] = 1  # 7c applies after the 7b setting effect
    assert st.power_toughness(game, tree) == (1, 21)


def test_701_10h_text_boxes_exchanged_while_source_remains() -> None:
    game = make(
        {
            "A": {
                "battlefield": [
                    {"card": "Kavu Predator", "as": "kavu"},
                    {"card": "Grizzly Bears", "as": "bears"},
                ],
                "hand": [{"card": "Exchange of Words", "as": "words"}],
            }
        }
    )
    act(
        game, f"cast:c{cid(game, 'words')}", "pass", f"c{cid(game, 'kavu')}", f"c{cid(game, 'bears')}", "pass"
    )
    assert st.textbox(game, obj(game, "bears")).name == "Kavu Predator"
    game.inject({"event": "destroy", "target": "words"})
    assert st.textbox(game, obj(game, "bears")).name == "Grizzly Bears"
    assert st.textbox(game, obj(game, "kavu")).name == "Kavu Predator"


# ---------------------------------------------------------------------------------------------- copy, save


def at_replacement_choice() -> Game:
    game = burst(b_side=[{"card": "Dictate of the Twin Gods", "as": "dictate"}])
    assert game.pending is not None and game.pending.kind == "replacement"
    return game


def summary(game: Game) -> tuple[Any, ...]:
    return (S.state_summary(game), [r.render() for r in game.log], [dict(p) for p in game.players_info])


def test_copy_continues_identically_at_a_pending_decision() -> None:
    game = at_replacement_choice()
    twin = game.copy()
    before = summary(game)
    label = twin.pending.labels[1]  # type: ignore[union-attr]  # pending, asserted above
    twin.answer(label)
    assert summary(game) == before  # the original is untouched
    game.answer(label)
    assert summary(game) == summary(twin)


def test_save_load_continues_identically_at_a_pending_decision() -> None:
    game = at_replacement_choice()
    loaded = S.loads(S.dumps(game), setup)
    assert S.state_summary(loaded) == S.state_summary(game)
    label = game.pending.labels[0]  # type: ignore[union-attr]  # pending, asserted above
    game.answer(label)
    loaded.answer(label)
    assert summary(loaded) == summary(game)


# ---------------------------------------------------------------------------------------------- card files


def test_card_file_errors_name_file_line_and_field(tmp_path: Path) -> None:
    text = "- name: Bad\n  types: [creature]\n  power: 1\n  toughness: x\n  text: ''\n"
    with pytest.raises(DefinitionError, match=r"bad\.yaml:4: \[0\]\.toughness: expected a whole number"):
        load_data(parse(text, "bad.yaml"))


def test_unknown_instruction_is_refused() -> None:
    text = "- name: Bad\n  types: [sorcery]\n  text: t\n  spell:\n    effect: [{explode: 1}]\n"
    with pytest.raises(
        DefinitionError, match=r"bad\.yaml:5: \[0\]\.spell\.effect\[0\]: expected one instruction"
    ):
        load_data(parse(text, "bad.yaml"))
