"""The card language's grammar, tested as a grammar (docs/cards.md; issue "card language 2", item 3).

* Every field the language-2 schema accepts has an interpreter path: the tables the loader validates
  against (events, static properties, filter, quantity and condition forms, effect steps) are each
  enumerated and checked against the interpreter's own tables.
* A property test builds random well-formed abilities from the grammar with Hypothesis, puts them on a card
  in random games between two decks, and checks that they load, run and keep the invariants (cards
  conserved; every game ends or stops on the step limit, which bounds a card that loops by itself).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgrules.agents import RandomAgent
from tcgrules.cards import loader as L
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.cards.yamlsource import Located
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.games.duel_masters.actions import HANDLERS
from tcgrules.games.duel_masters.language import conditions, patterns
from tcgrules.games.duel_masters.rules import standard_catalog
from tcgrules.kernel import Game, StepLimitError

# ---------------------------------------------------------------------------------------------- schema


def test_every_pattern_event_is_interpreted() -> None:
    assert set(DUEL_MASTERS.events) == set(patterns.EVENTS)


CONDITION_EXAMPLES = {
    "all": {"all": [{"turn": "you"}, {"exists": {"owner": "you"}}]},
    "any": {"any": [{"turn": "you"}, {"turn": "opponent"}]},
    "not": {"not": {"turn": "opponent"}},
    "at_least": {"at_least": [{"count": {"owner": "you"}}, 1]},
    "at_most": {"at_most": [1, 2]},
    "more_than": {"more_than": [2, 1]},
    "less_than": {"less_than": [1, 2]},
    "equals": {"equals": [1, 1]},
    "exists": {"exists": {"owner": "you", "type": "creature"}},
    "none": {"none": {"zone": "graveyard", "owner": "you"}},
    "turn": {"turn": "you"},
    "step": {"step": "main"},
    "attacking": {"attacking": {"owner": "opponent"}},
    "attacking_player": {"attacking_player": {"owner": "you"}},
    "attacking_creature": {"attacking_creature": {"owner": "you"}},
    "blocking": {"blocking": {"owner": "opponent"}},
    "in_battle": {"in_battle": {"owner": "you"}},
    "happened": {"happened": {"event": "cast", "subject": "any"}, "during": "this_game"},
    "did": {"did": "nothing_saved"},
    "bonus": {"bonus": True},
    "extra_turn": {"extra_turn": False},
}
"""One example per condition form, and what it gives on the board below."""
EXPECTED = {
    "all",
    "any",
    "not",
    "at_least",
    "at_most",
    "more_than",
    "less_than",
    "equals",
    "exists",
    "none",
    "turn",
    "step",
    "extra_turn",
}


def test_every_condition_form_is_interpreted() -> None:
    """Each form of the loader's table has an example here, loads, and is evaluated by the interpreter
    (a form with no branch in ``holds`` raises), giving the answer the board implies."""
    from dm_helpers import make
    from tcgrules.cards.yamlsource import Located as _Located
    from tcgrules.games.duel_masters.language.scope import Scope

    assert set(CONDITION_EXAMPLES) == set(L.CONDITION_FORMS)
    game = make({"turn": "A", "A": {"battle_zone": ["アクア・ビークル"]}})
    for form, raw in CONDITION_EXAMPLES.items():
        reader = L._Reader(_Located("<example>", raw, {}), DUEL_MASTERS)
        cond = reader.condition(raw, ())
        assert conditions.holds(game, Scope(0), cond) == (form in EXPECTED), form


def test_every_effect_step_has_a_handler() -> None:
    missing = sorted(set(DUEL_MASTERS.actions) - set(HANDLERS))
    assert not missing, f"actions that validate but have no handler: {missing}"


def test_every_static_property_is_read_by_the_rules() -> None:
    """Each property is either a characteristic CardStatic computes, a prohibition, or a flag that the
    turn structure reads (turn.py / characteristics.py), found by name in the rules' source."""
    from pathlib import Path

    import tcgrules.games.duel_masters as dm

    source = "".join(p.read_text(encoding="utf-8") for p in Path(dm.__file__).parent.rglob("*.py"))
    computed = {"power", "cost", "breaker", "keyword", "race", "not_destroyed", "not_leave"}
    for prop in DUEL_MASTERS.properties:
        if prop in computed:
            continue
        read = source.replace(f'"{prop}": BOOL', "")
        # a player property is also read under its index key, "player:NAME" (abilities.player_rules)
        assert f'"{prop}"' in read or f'"player:{prop}"' in read, f"property {prop!r} is never read"


# ---------------------------------------------------------------------------------------------- grammar

ZONES = ["battle_zone", "hand", "mana_zone", "graveyard", "shield_zone", "deck"]
CIVS = sorted(DUEL_MASTERS.civilizations)
SIDES = ["you", "opponent", "any"]
CMPS = ["at_most", "at_least", "less_than", "more_than", "equals"]


def small_numbers() -> st.SearchStrategy[int]:
    return st.integers(min_value=1, max_value=3)


def filters(depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    leaf = st.one_of(
        st.builds(lambda t: {"type": t}, st.sampled_from(["creature", "spell", "element"])),
        st.builds(lambda c: {"civilization": c}, st.sampled_from(CIVS)),
        st.builds(lambda c: {"civilizations": c}, st.lists(st.sampled_from(CIVS), min_size=1, max_size=2)),
        st.builds(lambda b: {"multicolored": b}, st.booleans()),
        st.builds(
            lambda r: {"race": r}, st.sampled_from(["ドラゴン", "リキッド・ピープル", "ヒューマノイド"])
        ),
        st.builds(
            lambda op, n: {"cost": {op: n}}, st.sampled_from(CMPS), st.integers(min_value=0, max_value=8)
        ),
        st.builds(
            lambda op, n: {"power": {op: n}},
            st.sampled_from(CMPS),
            st.sampled_from([1000, 3000, 5000, 9000]),
        ),
        st.builds(lambda b: {"tapped": b}, st.booleans()),
        st.builds(lambda b: {"evolution": b}, st.booleans()),
        st.just({"other": True}),
        st.just({"not": "this"}),
        st.builds(lambda k: {"keyword": k}, st.sampled_from(["blocker", "speed_attacker"])),
    )
    if depth >= 1:
        return leaf
    nested = st.one_of(
        st.builds(lambda f: {"not": f}, filters(depth + 1)),
        st.builds(lambda a, b: {"any_of": [a, b]}, filters(depth + 1), filters(depth + 1)),
    )
    return st.one_of(leaf, nested)


def where(zones: list[str] = ZONES) -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(
        lambda z, o, f: {"zone": z, "owner": o, **f},
        st.sampled_from(zones),
        st.sampled_from(SIDES),
        filters(),
    )


def chooser() -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        st.builds(lambda n: {"choose": n}, small_numbers()),
        st.builds(lambda n: {"up_to": n}, small_numbers()),
        st.just({"all": True}),
        st.builds(lambda n: {"random": n}, small_numbers()),
        st.just({"any_number": True}),
    )


def choosing(zones: list[str] = ZONES) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.just("this"),
        st.builds(lambda w, c: {**w, **c}, where(zones), chooser()),
    )


def quantities() -> st.SearchStrategy[Any]:
    return st.one_of(
        small_numbers(),
        st.builds(lambda w: {"count": w}, where()),
        st.builds(lambda w: {"count_cards": w}, where()),
        st.builds(lambda a, b: {"sum": [a, b]}, small_numbers(), small_numbers()),
        st.builds(lambda w: {"min": [3, {"count": w}]}, where()),
    )


def conditions_() -> st.SearchStrategy[Any]:
    leaf = st.one_of(
        st.builds(lambda q, n: {"at_least": [q, n]}, quantities(), small_numbers()),
        st.builds(lambda w: {"exists": w}, where()),
        st.builds(lambda w: {"none": w}, where()),
        st.builds(lambda p: {"turn": p}, st.sampled_from(["you", "opponent"])),
        st.just({"attacking": "this"}),
        st.builds(
            lambda e: {"happened": {"event": e, "subject": "any"}}, st.sampled_from(["destroyed", "cast"])
        ),
    )
    return st.one_of(
        leaf, st.builds(lambda c: {"not": c}, leaf), st.builds(lambda a, b: {"any": [a, b]}, leaf, leaf)
    )


def steps() -> st.SearchStrategy[dict[str, Any]]:
    battle = ["battle_zone"]
    step = st.one_of(
        st.builds(lambda s: {"destroy": s}, choosing(battle)),
        st.builds(lambda s: {"return_to_hand": s}, choosing(battle)),
        st.builds(lambda s: {"put_into_mana": s}, choosing(["battle_zone", "hand", "graveyard"])),
        st.builds(lambda s: {"put_into_graveyard": s}, choosing(["mana_zone", "hand"])),
        st.builds(
            lambda s: {"discard": s},
            st.builds(lambda w, c: {**w, **c, "zone": "hand"}, where(["hand"]), chooser()),
        ),
        st.builds(lambda q: {"draw": {"count": q}}, quantities()),
        st.builds(lambda q: {"mill": q}, small_numbers()),
        st.builds(lambda q: {"charge": q}, small_numbers()),
        st.builds(lambda s: {"tap": s}, choosing(battle)),
        st.builds(lambda s: {"untap": s}, choosing(battle)),
        st.builds(
            lambda s, q: {"power": {"what": s, "add": q}}, choosing(battle), st.sampled_from([-2000, 3000])
        ),
        st.builds(
            lambda s, p: {"grant": {"what": s, "property": p}},
            choosing(battle),
            st.sampled_from(["cannot_attack", "not_destroyed", "cannot_block"]),
        ),
        st.builds(
            lambda s, k: {"grant": {"what": s, "keyword": k}},
            choosing(battle),
            st.sampled_from(["blocker", "double_breaker"]),
        ),
        st.builds(lambda n: {"break": {"count": n, "player": "opponent"}}, small_numbers()),
        st.builds(
            lambda c: {"search": {"what": {"zone": "deck", "owner": "you", "choose": 1, **c}, "to": "hand"}},
            filters(),
        ),
        st.builds(
            lambda n: {
                "look": {"what": {"zone": "deck", "owner": "you", "top": n, "all": True}, "as": "seen"}
            },
            small_numbers(),
        ),
        st.just({"shuffle": "you"}),
        st.builds(lambda n: {"repeat": {"times": n, "effect": [{"draw": 1}]}}, small_numbers()),
        st.just({"modes": {"options": [[{"draw": 1}], [{"mill": 1}]]}}),
        st.just({"delayed": {"when": {"event": "destroyed", "subject": "any"}, "effect": [{"draw": 1}]}}),
        st.just({"at_end_of_turn": [{"draw": 1}]}),
    )
    gated = st.builds(
        lambda s, opt, cond: {**s, **({"optional": True} if opt else {}), **({"if": cond} if cond else {})},
        step,
        st.booleans(),
        st.one_of(st.none(), conditions_()),
    )
    return gated


def pattern_() -> st.SearchStrategy[dict[str, Any]]:
    card_events = [
        "enters",
        "leaves",
        "destroyed",
        "attacks",
        "blocks",
        "tapped",
        "moved",
        "summoned",
        "battles",
    ]
    return st.one_of(
        st.builds(lambda e: {"event": e}, st.sampled_from(card_events)),
        st.builds(
            lambda e, w: {"event": e, "subject": {k: v for k, v in w.items() if k != "zone"}},
            st.sampled_from(card_events),
            where(),
        ),
        st.builds(
            lambda e, p: {"event": e, "player": p},
            st.sampled_from(["turn_start", "turn_end", "drawn"]),
            st.sampled_from(["you", "opponent"]),
        ),
        st.builds(
            lambda f, t: {"event": "moved", "subject": "any", "from": f, "to": t},
            st.sampled_from(ZONES),
            st.sampled_from(ZONES),
        ),
    )


def abilities() -> st.SearchStrategy[dict[str, Any]]:
    effect = st.lists(steps(), min_size=1, max_size=3)
    trigger = st.builds(
        lambda p, e, opt, cond: {
            "trigger": p,
            "effect": e,
            **({"optional": True} if opt else {}),
            **({"if": cond} if cond else {}),
        },
        pattern_(),
        effect,
        st.booleans(),
        st.one_of(st.none(), conditions_()),
    )
    replace = st.builds(
        lambda p, e, opt: {"replace": p, "instead": e, **({"optional": True} if opt else {})},
        st.sampled_from(
            [{"event": "destroyed"}, {"event": "leaves"}, {"event": "discarded", "subject": "any"}]
        ),
        st.lists(steps(), min_size=1, max_size=2),
        st.booleans(),
    )
    static = st.one_of(
        st.builds(lambda q: {"static": {"power": q}}, quantities()),
        st.builds(
            lambda q, w: {"static": {"power": q}, "to": {k: v for k, v in w.items()}},
            st.sampled_from([1000, -1000]),
            where(["battle_zone"]),
        ),
        st.builds(
            lambda p, c: {"static": {p: True}, **({"if": c} if c else {})},
            st.sampled_from(sorted(k for k, v in DUEL_MASTERS.properties.items() if v == "bool")),
            st.one_of(st.none(), conditions_()),
        ),
        st.builds(
            lambda k: {"static": {"keyword": k}, "to": {"owner": "you", "type": "creature"}},
            st.sampled_from(["blocker", "speed_attacker"]),
        ),
        st.builds(
            lambda q: {"static": {"cost": q}, "to": {"zone": "hand", "owner": "you"}},
            st.sampled_from([-1, 1]),
        ),
    )
    return st.one_of(trigger, replace, static)


# ---------------------------------------------------------------------------------------------- running

DECISIONS = 80
"""Answers per game: enough to summon the test card and see its ability work a few times."""


def card_with(ability: dict[str, Any], spell: bool) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": "例示用カード",
        "civilizations": ["fire"],
        "cost": 1,
        "text": "(a random ability from the grammar)",
    }
    if spell:
        steps_ = ability.get("effect") or ability.get("instead") or [{"draw": 1}]
        return {**base, "type": "spell", "abilities": [{"spell": steps_}]}
    return {**base, "type": "creature", "races": ["ヒューマノイド"], "power": 3000, "abilities": [ability]}


def play_with(card: dict[str, Any], seed: int) -> Game:
    defs = L.load_data(Located("<generated>", [card], {}), DUEL_MASTERS)
    catalog = dict(standard_catalog())
    catalog.update({d.name: d for d in defs})
    decks = [list(d.cards) for d in standard_decks()]
    for deck in decks:
        deck[:8] = [card["name"]] * 8
    game = setup({"decks": decks, "seed": seed}, catalog)
    agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
    total = len(game.cards)
    try:
        for _ in range(DECISIONS):
            decision = game.pending
            if decision is None:
                break
            game.answer(*agents[decision.player].choose(game, decision))
            placed = [c for zone in game.zones.values() for oid in zone for c in game.objects[oid].cards]
            assert sorted(placed) == list(range(total)), "a card was lost or duplicated"
    except StepLimitError:
        pass  # a card that loops by itself is stopped by the step limit, with the rule that says so
    return game


@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(ability=abilities(), spell=st.booleans(), seed=st.integers(min_value=0, max_value=10_000))
def test_random_abilities_from_the_grammar_load_and_run(
    ability: dict[str, Any], spell: bool, seed: int
) -> None:
    play_with(card_with(ability, spell), seed)
