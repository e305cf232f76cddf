"""The kernel on its own: layering, randomness, decisions, the effect index, the step limit, copies."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import tcgrules.kernel as kernel
from tcgrules.games.duel_masters import standard_catalog
from tcgrules.kernel import (
    Decision,
    EffectRegistry,
    Event,
    Frame,
    Game,
    GameRules,
    IllegalActionError,
    Option,
    Prohibition,
    Rng,
    Source,
    StepLimitError,
)

KERNEL = Path(kernel.__file__).parent


def test_kernel_imports_only_the_standard_library():
    stdlib = set(sys.stdlib_module_names)
    for path in KERNEL.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots = [node.module.split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in stdlib or root == "__future__", f"{path.name} imports {root}"
    assert "import random" not in "".join(p.read_text(encoding="utf-8") for p in KERNEL.glob("*.py"))


def _code_words(path: Path) -> str:
    """Identifiers and string literals of a module, without its docstrings and comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {  # every bare string statement: module, class, function and attribute docstrings
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            words.append(node.name)
    return "\n".join(words)


def test_no_card_name_or_keyword_in_the_kernel_or_the_duel_masters_rules_code():
    names = set(standard_catalog())
    rules_code = [*KERNEL.glob("*.py"), *(KERNEL.parent / "games" / "duel_masters").glob("*.py")]
    for path in rules_code:
        text = path.read_text(encoding="utf-8")
        for name in names:
            assert name not in text, f"{path.name} names the card {name}"
    keywords = (
        "ブロッカー",
        "ブレイカー",
        "トリガー",
        "スピードアタッカー",
        "スレイヤー",
        "パワーアタッカー",
    )
    for path in KERNEL.glob("*.py"):
        code = _code_words(path)
        for word in (*keywords, "blocker", "shield_trigger", "slayer", "breaker", "speed_attacker"):
            assert word not in code, f"kernel file {path.name} tests the keyword {word}"


def test_rng_is_deterministic_and_copyable():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]
    c = a.copy()
    assert a.next_u64() == c.next_u64()
    items = list(range(10))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(10))
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_decision_validation_says_what_was_expected():
    d = Decision(0, "choose_cards", "pick two", (Option("a"), Option("b"), Option("c")), min=2, max=2)
    assert d.validate(["a", "c"]) == ("a", "c")
    with pytest.raises(IllegalActionError, match="not an option"):
        d.validate(["z", "a"])
    with pytest.raises(IllegalActionError, match="takes 2"):
        d.validate(["a"])
    with pytest.raises(IllegalActionError, match="twice"):
        d.validate(["a", "a"])


class _NeverForbids(Prohibition):
    def __init__(self, kind: str) -> None:
        self.kinds = frozenset({kind})

    def forbids(self, game, effect, event):  # type: ignore[no-untyped-def]
        return False


def test_effects_are_indexed_by_event_kind():
    registry = EffectRegistry()
    for i in range(1000):
        registry.add(_NeverForbids(f"unused_{i}"), 0, Source("rule"))
    watching = registry.add(_NeverForbids("destroy"), 0, Source("rule"), host=7)
    assert [e.eid for e in registry.find("prohibition", "destroy")] == [watching.eid]
    assert registry.find("prohibition", "draw") == ()
    copy = registry.copy()
    assert registry.remove_host(7) == [watching]
    assert not registry.has("prohibition", "destroy") and copy.has("prohibition", "destroy")


class _Loop(Frame):
    __slots__ = ()

    def step(self, game: Game) -> None:
        game.push(_Loop())


class _LoopRules(GameRules):
    name = "loop"

    def next_frame(self, game: Game) -> Frame:
        return _Loop()


def test_step_limit_stops_a_runaway_game_with_a_clear_error():
    game = Game(_LoopRules(), step_limit=500)
    with pytest.raises(StepLimitError, match="more than 500 steps"):
        game.advance()


def test_answer_without_a_pending_decision_is_refused():
    game = Game(_LoopRules())
    with pytest.raises(IllegalActionError, match="no decision is pending"):
        game.answer("x")


def test_event_with_args_is_a_new_frozen_value():
    e = Event("move", 3, args={"to": "hand"})
    f = e.with_args(to="mana_zone")
    assert e.get("to") == "hand" and f.get("to") == "mana_zone"
    with pytest.raises(AttributeError):
        e.kind = "x"  # type: ignore[misc]


def test_no_card_name_in_the_code_of_any_rule_module():
    """Card behaviour comes from card files: no rules code of any game tests a card's name."""
    from tcgrules.games.magic.rules import standard_catalog as magic_catalog
    from tcgrules.games.monster_collection.rules import standard_catalog as mc_catalog

    games = KERNEL.parent / "games"
    for module, names in (
        ("duel_masters", set(standard_catalog())),
        ("magic", set(magic_catalog())),
        ("monster_collection", set(mc_catalog())),
    ):
        for path in (games / module).glob("*.py"):
            code = _code_words(path)
            for name in names - {"filler"}:  # the blank card that fills decks in scenarios
                assert name not in code, f"{module}/{path.name} names the card {name} in its code"


def test_a_game_without_views_says_so() -> None:
    rules = kernel.GameRules()
    game = kernel.Game(rules)
    with pytest.raises(NotImplementedError, match="per-player views"):
        game.view(0)
    with pytest.raises(NotImplementedError, match="determinize"):
        game.determinize(0, 1)
    game.record("info", "a line every player reads as it is")
    assert [r.text for r in game.log_for(1)] == ["a line every player reads as it is"]


def _registry_state(registry: EffectRegistry) -> tuple[object, ...]:
    kinds = {(e.ability.category, k) for e in registry for k in e.ability.kinds}
    return (
        [e.eid for e in registry],
        {key: [e.eid for e in registry.find(*key)] for key in sorted(kinds)},
        {h: [e.eid for e in registry.hosted(h)] for h in range(10)},
        registry.next_id,
    )


def test_registry_copy_on_write_keeps_both_sides_independent():
    """copy() shares the registry's dicts; a write on either side (add, remove, remove_host) copies what
    it touches, so the other side is never changed — also for copies of copies."""
    registry = EffectRegistry()
    for i in range(300):
        registry.add(_NeverForbids(f"k{i % 7}"), 0, Source("rule"), host=i % 10)
    before = _registry_state(registry)
    copy = registry.copy()
    grandchild = copy.copy()
    copy.remove_host(3)
    copy.add(_NeverForbids("k1"), 1, Source("rule"), host=4)
    copy.remove(10)
    assert _registry_state(registry) == before
    assert _registry_state(grandchild) == before
    copy_state = _registry_state(copy)
    registry.remove_host(5)
    registry.add(_NeverForbids("k2"), 0, Source("rule"), host=5)
    grandchild.expire("never")
    grandchild.remove(11)
    assert _registry_state(copy) == copy_state
    assert [e.eid for e in copy.hosted(3)] == [] and len(copy) == 300 - 30 + 1 - 1
    assert len(registry) == 300 - 30 + 1 and len(grandchild) == 299
    assert _registry_state(registry) != before


class _Watch(kernel.Triggered):
    def __init__(self, bound: frozenset[str]) -> None:
        self.kinds = frozenset({"destroy"})
        self.card_bound = bound
        self.label = f"watch {sorted(bound)}"

    def matches(self, game: Game, effect: kernel.Effect, happened: kernel.Happened) -> bool:
        return True


def test_card_bound_triggers_meet_only_events_about_the_objects_holding_their_card():
    """A card-bound trigger is found for an event whose old or new object holds its card (a card under a
    stack included), never for another object; general triggers are found for all; the order is
    registration order, then the look-back list in leaving order."""
    from tcgrules.kernel import Event, Happened, pipeline

    game = Game(_LoopRules())
    cards = [game.new_card(0, f"c{i}").cid for i in range(4)]
    stack = game.create_object([cards[0], cards[1]], (0, "z"), register=False)
    other = game.create_object([cards[2]], (0, "z"), register=False)
    general = game.effects.add(_Watch(frozenset()), 0, Source("rule"))
    under = game.effects.add(_Watch(frozenset({"destroy"})), 0, Source("ability", cards[1]), host=stack.oid)
    late = game.effects.add(_Watch(frozenset()), 0, Source("rule"))

    def found(h: Happened, lookback: pipeline.LookBack | None = None) -> list[int]:
        return [e.eid for e in pipeline.trigger_candidates(game, h, lookback)]

    about_stack = Happened(Event("destroy", stack.oid), (), stack.oid, stack.oid)
    about_other = Happened(Event("destroy", other.oid), (), other.oid, None)
    assert found(about_stack) == [general.eid, under.eid, late.eid]
    assert found(about_other) == [general.eid, late.eid]
    assert found(Happened(Event("tap", stack.oid), (), stack.oid, stack.oid)) == []
    assert [e.eid for e in game.effects.find("trigger", "destroy")] == [general.eid, late.eid]

    game.effects.remove(under.eid)
    moved = game.create_object([cards[3]], (0, "y"), register=False)
    left = game.effects.add(_Watch(frozenset({"destroy"})), 0, Source("ability", cards[3]))
    assert game.effects.remove(late.eid) == late and game.effects.remove(left.eid) == left
    back = pipeline.LookBack([late, under, left])
    to_new = Happened(Event("destroy", 99), (), 99, moved.oid)
    assert found(to_new, back) == [general.eid, late.eid, left.eid]
    assert found(about_stack, back) == [general.eid, late.eid, under.eid]
    assert found(about_other, back) == [general.eid, late.eid]
    for h in (to_new, about_stack, about_other):
        reference = pipeline.all_trigger_candidates(game, h, back.effects)
        assert [e.eid for e in reference if e.eid in found(h, back)] == found(h, back)


def test_quick_init_keeps_a_frozen_value_class_frozen_with_the_same_arguments() -> None:
    """kernel/values.py: the faster ``__init__`` takes the same arguments and defaults (a default factory
    is called once per object), refuses later assignment, and leaves a class it cannot apply to alone."""
    import dataclasses

    from tcgrules.kernel.values import quick_init

    @quick_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 2
        tags: dict[str, int] = dataclasses.field(default_factory=dict)

    a, b = Point(1), Point(1, tags={"k": 1})
    assert (a.x, a.y, a.tags, b.tags) == (1, 2, {}, {"k": 1})
    assert Point(1).tags is not a.tags
    assert Point(x=3, y=4) == Point(3, 4) and dataclasses.replace(a, y=5) == Point(1, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        x: int

    assert quick_init(Unslotted).__init__ is Unslotted.__init__
    assert Event.__init__.__qualname__ == "Event.__init__"
