"""Frozen value classes made cheaply.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__`` (its own
``__setattr__`` refuses every assignment), which costs about four times a plain class's ``self.x = x``.
The kernel makes some of its value objects thousands of times a game (an option for every choice
offered, a log line, an event, what happened), so :func:`quick_init` gives such a class an ``__init__``
that sets each slot through the slot's own descriptor instead: the same arguments, defaults and default
factories, the same refusal of any later assignment (the class stays frozen), in about half the time
(``tcgrules bench`` shows it; docs/benchmarks.md).
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_NO_VALUE = object()
"""The default of a field with a default factory: the factory is called when no value is given."""


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen, slotted dataclass ``cls`` a faster ``__init__`` with the same signature.

    A class this cannot apply to (not a slotted dataclass, an ``InitVar`` or keyword-only field, a
    ``__post_init__``, or a compiled build's native class, whose slots are not descriptors) is returned
    unchanged, so it keeps the dataclass's own ``__init__``."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        return cls
    if hasattr(cls, "__post_init__"):
        return cls
    fields = [f for f in dataclasses.fields(cls) if f.init]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"_NO_VALUE": _NO_VALUE}
    args: list[str] = []
    body: list[str] = []
    for f in fields:
        setter = getattr(cls.__dict__.get(f.name), "__set__", None)
        if setter is None or f.kw_only or isinstance(f.type, dataclasses.InitVar):
            return cls
        namespace[f"_set_{f.name}"] = setter
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            args.append(f"{f.name}=_NO_VALUE")
            body.append(f"    if {f.name} is _NO_VALUE: {f.name} = _factory_{f.name}()")
        else:
            args.append(f.name)
        body.append(f"    _set_{f.name}(self, {f.name})")
    if len(fields) != len(dataclasses.fields(cls)):  # type: ignore[arg-type]
        return cls  # a field left out of __init__ would need its default set here too
    source = f"def __init__(self, {', '.join(args)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(compile(source, f"<quick_init {cls.__qualname__}>", "exec"), namespace)  # tracebacks name the class
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    with contextlib.suppress(TypeError):  # a native class of a compiled build keeps its own
        setattr(cls, "__init__", init)  # noqa: B010 - the generated function replaces the dataclass's
    return cls
