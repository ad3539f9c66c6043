"""Commands and decisions.

A ``Command`` is a complete decision by the side to act, as a frozen attrs value.
A ``Decision`` is a choice that arises mid-resolution; while one is pending,
``legal()`` lists its answers, which are commands too.
"""

from __future__ import annotations

import types
from typing import Any, Callable, Literal, Union, get_args, get_origin, get_type_hints

import attrs

from rules.core.attrs_classes import frozen


@frozen
class Command:
    """Base class of every command. Subclasses are frozen attrs classes."""

    def describe(self) -> str:
        """A short English label; games override this per command."""
        fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)))
        return f"{type(self).__name__}({fields})"


@frozen
class Decision:
    """A pending mid-resolution choice.

    ``kind`` names the choice (the game's legal() turns it into answers), ``prompt``
    is what the player is asked, ``rule`` cites the rulebook passage that asks it.
    ``data`` holds what the answer needs (card ids, slots) as plain values.
    """

    kind: str
    prompt: str
    rule: str
    data: tuple = ()


# ======================================================================================
# A command is its declared types, or it is refused (checked before anything happens)
# ======================================================================================
# Each attrs class's field annotations are resolved once (commands use string annotations)
# and compiled into one checker per field: a function returning None for a value of the
# declared type, else the reason. bool is never an int, a float is never an int, a tuple
# holds its declared element types, a nested attrs value is checked field by field.
Checker = Callable[[Any], "str | None"]

_CLASS_CHECKS: dict[type, tuple[tuple[str, Checker], ...]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def type_hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints`` of a class, resolved once per process (each call of typing's
    compiles every string annotation again; the checks and the save codec ask for the same
    classes). The dict is shared: read it, never change it."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = get_type_hints(cls)
    return hints
_TYPE_CHECKS: dict[Any, Checker] = {}


def _kind(value: Any) -> str:
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{type(value).__name__} {shown}"


def _type_name(tp: Any) -> str:
    if tp is type(None) or tp is None:
        return "None"
    if isinstance(tp, type) and not get_args(tp):
        return tp.__name__
    return str(tp).replace("typing.", "").replace("NoneType", "None")


def _exactly(tp: type) -> Checker:
    name = tp.__name__

    def check(value: Any) -> str | None:
        return None if type(value) is tp else f"must be {name}, not {_kind(value)}"
    return check


def _float(value: Any) -> str | None:
    return None if type(value) in (float, int) else f"must be float, not {_kind(value)}"


def _none(value: Any) -> str | None:
    return None if value is None else f"must be None, not {_kind(value)}"


def _anything(value: Any) -> str | None:
    return None


def _compile(tp: Any) -> Checker:
    """The checker for a declared type (cached: the same annotation compiles once)."""
    try:
        cached = _TYPE_CHECKS.get(tp)
    except TypeError:            # an unhashable annotation: compile it every time
        cached = None
    if cached is not None:
        return cached
    check = _build(tp)
    try:
        _TYPE_CHECKS[tp] = check
    except TypeError:
        pass
    return check


def _build(tp: Any) -> Checker:
    if tp is Any:
        return _anything
    if tp is None or tp is type(None):
        return _none
    if tp in (int, str, bool, bytes):
        return _exactly(tp)
    if tp is float:
        return _float
    origin, args = get_origin(tp), get_args(tp)
    if origin is Union or origin is types.UnionType:
        alternatives = [_compile(a) for a in args]
        name = _type_name(tp)

        def one_of(value: Any) -> str | None:
            for alternative in alternatives:
                if alternative(value) is None:
                    return None
            return f"must be {name}, not {_kind(value)}"
        return one_of
    if origin is Literal:
        allowed = tuple((type(a), a) for a in args)
        name = " or ".join(repr(a) for a in args)

        def literal(value: Any) -> str | None:
            return None if (type(value), value) in allowed else f"must be {name}, not {_kind(value)}"
        return literal
    if tp is tuple or origin is tuple:
        return _tuple_checker(tp, args)
    if origin in (list, frozenset, set) or tp in (list, frozenset, set):
        container = origin or tp
        element = _compile(args[0]) if args else _anything
        name = _type_name(tp)

        def collection(value: Any) -> str | None:
            if type(value) is not container:
                return f"must be {name}, not {_kind(value)}"
            for item in value:
                problem = element(item)
                if problem is not None:
                    return f"holds an element that {problem}"
            return None
        return collection
    if origin is dict or tp is dict:
        key, val = (_compile(args[0]), _compile(args[1])) if args else (_anything, _anything)

        def mapping(value: Any) -> str | None:
            if type(value) is not dict:
                return f"must be {_type_name(tp)}, not {_kind(value)}"
            for k, v in value.items():
                problem = key(k) or val(v)
                if problem is not None:
                    return f"[{k!r}] {problem}"
            return None
        return mapping
    if isinstance(tp, type) and attrs.has(tp):
        def nested(value: Any) -> str | None:
            if not isinstance(value, tp):
                return f"must be {tp.__name__}, not {_kind(value)}"
            return value_problem(value)
        return nested
    if isinstance(tp, type):
        def instance(value: Any) -> str | None:
            return None if isinstance(value, tp) else f"must be {tp.__name__}, not {_kind(value)}"
        return instance
    raise TypeError(f"cannot check values against the annotation {tp!r}")


def _tuple_checker(tp: Any, args: tuple) -> Checker:
    name = _type_name(tp)
    if not args:                                   # bare tuple: any elements
        return lambda value: None if type(value) is tuple else f"must be tuple, not {_kind(value)}"
    if len(args) == 2 and args[1] is Ellipsis:     # tuple[X, ...]
        element = _compile(args[0])

        def homogeneous(value: Any) -> str | None:
            if type(value) is not tuple:
                return f"must be {name}, not {_kind(value)}"
            for index, item in enumerate(value):
                problem = element(item)
                if problem is not None:
                    return f"[{index}] {problem}"
            return None
        return homogeneous
    if args == ((),):                              # tuple[()]: the empty tuple
        args = ()
    elements = tuple(_compile(a) for a in args)
    size = len(elements)

    def fixed(value: Any) -> str | None:
        if type(value) is not tuple or len(value) != size:
            return f"must be {name}, not {_kind(value)}"
        for index, (element, item) in enumerate(zip(elements, value)):
            problem = element(item)
            if problem is not None:
                return f"[{index}] {problem}"
        return None
    return fixed


def field_checks(cls: type) -> tuple[tuple[str, Checker], ...]:
    """(field name, checker) for every field of an attrs class, resolved and compiled once."""
    checks = _CLASS_CHECKS.get(cls)
    if checks is None:
        hints = type_hints(cls)
        checks = tuple((a.name, _compile(hints.get(a.name, Any))) for a in attrs.fields(cls))
        _CLASS_CHECKS[cls] = checks
    return checks


def value_problem(value: Any) -> str | None:
    """None when every field of the attrs value ``value`` holds its declared type, else
    "field must be T, not ..." naming the first field that does not."""
    for name, check in field_checks(type(value)):
        problem = check(getattr(value, name))
        if problem is not None:
            return f"{name}{problem}" if problem.startswith("[") else f"{name} {problem}"
    return None


# The same check for the common shapes (str, int, bool, float, None, Literal, unions and tuples
# of them), compiled into one Python function per command class that answers only "well formed
# or not": a well-formed command, the usual case, is judged in one call with no closures. When it
# says no, or a class has a field of another shape, the checkers above give the reason.
_FAST: dict[type, Callable[[Any], bool] | None] = {}
_EXACT = {int: "int", str: "str", bool: "bool", bytes: "bytes"}


def _fast_test(tp: Any, expr: str, names: dict[str, Any]) -> str | None:
    """A Python expression true exactly when the value ``expr`` passes ``_compile(tp)``, or None
    when ``tp`` is not one of the shapes handled here."""
    if tp is Any:
        return "True"
    if tp is None or tp is type(None):
        return f"{expr} is None"
    if tp in _EXACT:
        return f"type({expr}) is {_EXACT[tp]}"
    if tp is float:
        return f"(type({expr}) is float or type({expr}) is int)"
    origin, args = get_origin(tp), get_args(tp)
    if origin is Union or origin is types.UnionType:
        parts = [_fast_test(a, expr, names) for a in args]
        return None if None in parts else "(" + " or ".join(parts) + ")"
    if origin is Literal:
        allowed = tuple((type(a), a) for a in args)
        key = f"_literal{len(names)}"
        names[key] = allowed
        return f"((type({expr}), {expr}) in {key})"
    if tp is tuple and not args:
        return f"type({expr}) is tuple"
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            element = _fast_test(args[0], "_e", {})
            if element is None or "_literal" in element:
                return None
            key = f"_all{len(names)}"
            names[key] = eval(f"lambda _e: {element}", {}, {})   # noqa: S307 (built from types)
            return f"(type({expr}) is tuple and all(map({key}, {expr})))"
        if args == ((),):
            args = ()
        parts = [_fast_test(a, f"{expr}[{i}]", names) for i, a in enumerate(args)]
        if None in parts:
            return None
        return "(" + " and ".join([f"type({expr}) is tuple", f"len({expr}) == {len(args)}", *parts]) + ")"
    return None


def _fast_check(cls: type) -> Callable[[Any], bool] | None:
    """The compiled "well formed?" test of a command class (None: its fields need the full check)."""
    if cls in _FAST:
        return _FAST[cls]
    field_checks(cls)                          # resolves the annotations, or raises as the full check does
    hints = type_hints(cls)
    names: dict[str, Any] = {}
    tests = []
    for a in attrs.fields(cls):
        try:
            test = _fast_test(hints.get(a.name, Any), f"cmd.{a.name}", names)
        except TypeError:                      # an annotation that cannot be looked up: full check
            test = None
        if test is None:
            _FAST[cls] = None
            return None
        tests.append(test)
    source = "def fast(cmd):\n    return " + (" and ".join(f"({t})" for t in tests) or "True") + "\n"
    exec(compile(source, f"<command check of {cls.__name__}>", "exec"), names)  # noqa: S102
    _FAST[cls] = names["fast"]
    return names["fast"]


def command_problem(cmd: Any, command_types: tuple[type, ...] = ()) -> str | None:
    """Why ``cmd`` is not a well-formed command (of one of ``command_types``, when given):
    None when it is. Costs about a microsecond; runs before any rule looks at the command."""
    cls = type(cmd)
    fast = _FAST.get(cls)
    if fast is not None and (not command_types or cls in command_types) and fast(cmd):
        return None
    if not isinstance(cmd, Command) or not attrs.has(cls):
        return f"Not a command: {_kind(cmd)}."
    if command_types and cls not in command_types:
        return f"{cls.__name__} is not a command of this game."
    problem = value_problem(cmd)
    if problem is not None:
        return f"Malformed command {cls.__name__}: {problem}."
    if cls not in _FAST:
        _fast_check(cls)
    return None


def is_int(value: Any) -> bool:
    """Exactly an int: ``True`` and ``2.0`` are not (they compare equal to 1 and 2)."""
    return type(value) is int


def is_str(value: Any) -> bool:
    """Exactly a str."""
    return type(value) is str
