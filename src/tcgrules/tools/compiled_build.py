"""The optional compiled build: the kernel and the hot Duel Masters modules compiled with mypyc.

Pure Python is the default and stays complete: nothing here runs unless asked. In a source checkout (the
editable install of the README) with mypy (``.[dev]``), a C compiler and the Python headers::

    python -m tcgrules.tools.compiled_build build    # compile (minutes); the .so files go beside the .py
    python -m tcgrules.tools.compiled_build status   # which modules are compiled, and whether any is stale
    python -m tcgrules.tools.compiled_build clean    # remove them: pure Python again

Python imports an extension module in preference to the ``.py`` beside it, so once built, every import of a
compiled module (``tcgrules.kernel.game``, ``tcgrules.games.duel_masters.turn``, …) gets the compiled one.
``build`` compiles a copy of the sources in a temporary directory, where one change is made that the
sources do not carry: each class that other code subclasses gets mypyc's
``@mypyc_attr(allow_interpreted_subclasses=True)`` (the kernel imports only the standard library, so the
decorator cannot be written there; a compiled class refuses interpreted subclasses otherwise). The build
writes ``compiled.json`` beside the package: the modules and the size and time of the source each was
compiled from; ``tcgrules`` warns at import when a source has changed since (a stale compiled module would
run the old code).

docs/benchmarks.md ("The compiled build") has the measured gain and what the build needs of the code.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .compiled_manifest import MANIFEST, PACKAGE, stale
from .compiled_manifest import write as write_manifest

SRC = PACKAGE.parent

EXCLUDED = frozenset(
    {
        # Not on the play path (set-up, scenario injection, deck and library files), and inject.py meets a
        # mypyc limitation (a starred tuple inside an ``in`` test).
        "games/duel_masters/board.py",
        "games/duel_masters/decks.py",
        "games/duel_masters/inject.py",
        "games/duel_masters/library.py",
    }
)


def compiled_modules() -> list[str]:
    """The source files compiled, relative to the package: the kernel and the Duel Masters rule module
    with its card language (the paths a random game spends its time in)."""
    found = []
    for pattern in ("kernel/*.py", "games/duel_masters/*.py", "games/duel_masters/language/*.py"):
        for path in sorted(PACKAGE.glob(pattern)):
            rel = path.relative_to(PACKAGE).as_posix()
            if rel not in EXCLUDED:
                found.append(rel)
    return found


def subclassed_names(roots: Sequence[Path]) -> set[str]:
    """The names used as a base class anywhere under ``roots`` (``class X(Frame)``, ``class Y(A.Step)``)."""
    names: set[str] = set()
    for root in roots:
        for path in root.rglob("*.py"):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            ours = {  # module aliases of this package (``from . import actions as A``)
                alias.asname or alias.name
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)
                and (node.level or (node.module or "").startswith("tcgrules"))
                for alias in node.names
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    for base in node.bases:
                        if isinstance(base, ast.Name):
                            names.add(base.id)
                        elif (
                            isinstance(base, ast.Attribute)
                            and isinstance(base.value, ast.Name)
                            and base.value.id in ours  # not ``pyspiel.Game``
                        ):
                            names.add(base.attr)
    return names


def open_for_subclasses(text: str, names: set[str]) -> str:
    """``text`` (a module's source) with each top-level class named in ``names`` decorated
    ``@mypyc_attr(allow_interpreted_subclasses=True)`` and the decorator imported."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    targets = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name in names]
    if not targets:
        return text
    for node in sorted(targets, key=lambda n: n.lineno, reverse=True):
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
        lines.insert(first, "@mypyc_attr(allow_interpreted_subclasses=True)\n")
    out = "".join(lines)
    future = "from __future__ import annotations\n"
    importing = "from mypy_extensions import mypyc_attr\n"
    if future in out:
        return out.replace(future, future + importing, 1)
    return importing + out


def build(out: Path = SRC) -> list[str]:
    """Compile :func:`compiled_modules` and put the extension modules beside their sources under ``out``
    (``src`` of this checkout). Returns the modules compiled."""
    if importlib.util.find_spec("mypyc") is None:
        raise SystemExit("the compiled build needs mypyc: pip install -e '.[dev]' (mypy brings it)")
    modules = compiled_modules()
    names = subclassed_names([PACKAGE, SRC.parent / "tests"])
    with tempfile.TemporaryDirectory(prefix="tcgrules-mypyc-") as tmp:
        stage = Path(tmp)
        shutil.copytree(
            PACKAGE, stage / "src" / "tcgrules", ignore=shutil.ignore_patterns("*.so", "__pycache__")
        )
        pyproject = SRC.parent / "pyproject.toml"
        if pyproject.exists():
            shutil.copy(pyproject, stage / "pyproject.toml")  # the mypy settings mypyc type-checks with
        for rel in modules:
            path = stage / "src" / "tcgrules" / rel
            path.write_text(open_for_subclasses(path.read_text(encoding="utf-8"), names), encoding="utf-8")
        files = [f"src/tcgrules/{rel}" for rel in modules]
        done = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=stage, check=False)
        if done.returncode != 0:
            raise SystemExit(f"mypyc failed (exit status {done.returncode}); nothing was installed")
        clean()
        for built in (stage / "src").rglob("*.so"):
            target = out / built.relative_to(stage / "src")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, target)
    write_manifest(modules)
    return modules


def compiled_files() -> list[Path]:
    """The extension modules of the compiled build in this checkout (with mypyc's shared library)."""
    found = [p for p in PACKAGE.rglob("*.so") if p.with_name(p.name.split(".")[0] + ".py").exists()]
    return found + sorted(SRC.glob("*__mypyc*.so"))


def clean() -> int:
    """Remove the compiled build (the next import is pure Python). Returns the number of files removed."""
    files = compiled_files()
    for path in files:
        path.unlink()
    if MANIFEST.exists():
        MANIFEST.unlink()
    return len(files)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tcgrules.tools.compiled_build",
        description="The optional mypyc build of the kernel and the Duel Masters modules "
        "(docs/benchmarks.md).",
    )
    parser.add_argument("command", choices=("build", "clean", "status"))
    args = parser.parse_args(argv)
    if args.command == "build":
        modules = build()
        print(f"compiled {len(modules)} modules; `python -m tcgrules.tools.compiled_build clean` undoes it")
    elif args.command == "clean":
        print(f"removed {clean()} compiled file(s): pure Python")
    else:
        files = compiled_files()
        if not files:
            print("pure Python (no compiled module)")
            return 0
        print(f"compiled build: {len(files)} file(s)")
        for rel in stale():
            print(f"  stale: {rel} changed after the build (build again, or clean)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
