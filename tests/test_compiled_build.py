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
