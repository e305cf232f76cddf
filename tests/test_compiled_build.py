"""The optional mypyc build (tools/compiled_build.py): what it compiles and the one change it makes to the
copy it compiles. Building itself takes minutes and a C compiler, so it is not run here; docs/benchmarks.md
("The compiled build") says how to run the whole suite against a build."""

import ast

from tcgrules.tools import compiled_build as cb


def test_the_build_compiles_the_kernel_and_the_duel_masters_play_path():
    modules = cb.compiled_modules()
    assert "kernel/game.py" in modules and "kernel/pipeline.py" in modules
    assert "games/duel_masters/turn.py" in modules and "games/duel_masters/language/patterns.py" in modules
    assert not cb.EXCLUDED & set(modules)
    assert all((cb.PACKAGE / rel).exists() for rel in modules)
    assert not any(rel.startswith("games/magic") for rel in modules)


def test_the_classes_others_subclass_are_found_by_their_bases():
    names = cb.subclassed_names([cb.PACKAGE, cb.SRC.parent / "tests"])
    assert {"Frame", "GameRules", "Triggered", "Modifier", "TcgError"} <= names
    assert "Game" not in names  # `class DuelMastersGame(pyspiel.Game)` names another package's Game


def test_open_for_subclasses_decorates_only_the_named_top_level_classes():
    text = (
        '"""Doc."""\n\nfrom __future__ import annotations\n\nfrom dataclasses import dataclass\n\n\n'
        "@dataclass(frozen=True)\nclass Frame:\n    x: int\n\n\n"
        "class Other:\n    class Frame:\n        pass\n"
    )
    out = cb.open_for_subclasses(text, {"Frame"})
    tree = ast.parse(out)
    decorated = {
        node.name: [ast.unparse(d) for d in node.decorator_list]
        for node in tree.body
        if isinstance(node, ast.ClassDef)
    }
    assert decorated == {
        "Frame": ["mypyc_attr(allow_interpreted_subclasses=True)", "dataclass(frozen=True)"],
        "Other": [],
    }
    future = out.index("from __future__ import annotations")
    assert out.index("from mypy_extensions import mypyc_attr") > future
    assert cb.open_for_subclasses(text, {"Missing"}) == text


def test_class_level_values_of_a_subclass_reach_a_base_s_c_level_storage():
    """kernel/overrides.py: a compiled base keeps its attributes in C-level storage (a getset descriptor),
    which compiled code reads directly. ``BaseException.args`` is such storage in every build, so it stands
    for a compiled base here: a subclass's class value, a slot's value and a property's are copied into it
    as each instance is made (after the class's own ``__init__``, which may reset it, as
    ``BaseException.__init__`` does), and a class that overrides nothing is left alone."""
    import dataclasses

    from tcgrules.kernel.overrides import mirror_overrides

    storage = vars(BaseException)["args"]

    class ConstantAndInit(Exception):
        args = ("class value",)  # type: ignore[assignment]

        def __init__(self) -> None:
            super().__init__("reset by the base's __init__")

    class Computed(Exception):
        def __init__(self, n: int) -> None:
            super().__init__()
            self.n = n

        @property
        def args(self) -> tuple[int, ...]:  # type: ignore[override]
            return (self.n,)

    @dataclasses.dataclass(slots=True)
    class Field(Exception):
        args: tuple[str, ...] = ("field default",)  # type: ignore[assignment]

    class Plain(Exception):
        pass

    for cls in (ConstantAndInit, Computed, Field, Plain):
        mirror_overrides(cls)
    assert storage.__get__(ConstantAndInit()) == ("class value",)
    assert storage.__get__(Computed(7)) == (7,)
    assert storage.__get__(Field(("given",))) == ("given",)
    assert storage.__get__(Plain("x")) == ("x",) and "__new__" not in vars(Plain)
