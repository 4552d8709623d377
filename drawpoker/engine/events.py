"""Events: frozen, past-tense, versioned facts, and their JSON form.

Events are ``NamedTuple`` classes (cheap to make, immutable, typed). Each
class is registered under its name with a schema ``VERSION`` (default 1);
the JSON form is ``{"e": name, "v": version, ...fields}``. A card is its
text (``"As"``); a tuple of cards is one string of card texts separated by
spaces (``"As Kd 7c"``); other tuples are JSON lists. Older versions are
upcast as they load (see :func:`register_upcaster`).

>>> from drawpoker.games.draw.events import CardsDealt
>>> from drawpoker.cards import parse_cards
>>> event_to_json(CardsDealt(2, parse_cards("As Kd 7c 7d 2s")))
{'e': 'CardsDealt', 'v': 1, 'seat': 2, 'cards': 'As Kd 7c 7d 2s'}
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar, cast, overload

from drawpoker.cards import CARD_BY_TEXT, Card
from drawpoker.errors import HistoryError
from drawpoker.notes import N_, Note

__all__ = [
    "register",
    "register_upcaster",
    "event_to_json",
    "event_from_json",
    "json_decoder",
    "malformed",
    "lacking",
    "not_a_card",
    "undecoded",
    "maker",
    "EVENT_TYPES",
    "field_kinds",
    "card_fields",
]

#: name -> event class
EVENT_TYPES: dict[str, type[Any]] = {}
_VERSIONS: dict[str, int] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
_CARD_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
_CURRENT: dict[str, tuple[int, Callable[[dict[str, Any]], Any] | None]] = {}  # name -> (version, decoder)
_CARD_BY_TEXT: dict[str, Card] = CARD_BY_TEXT  # the joker ("Jk") included


#: how a field's annotation says it holds one card (or None) or a tuple of cards
_ONE_CARD = frozenset({"Card", "Card | None"})
_MANY_CARDS = frozenset({"tuple[Card, ...]"})

E = TypeVar("E", bound=type[Any])
T = TypeVar("T")


@overload
def register(cls: E, *, version: int = 1) -> E: ...
@overload
def register(cls: None = None, *, version: int = 1) -> Callable[[E], E]: ...
def register(cls: E | None = None, *, version: int = 1) -> E | Callable[[E], E]:
    """Class decorator: make an event type known to the JSON codec.

    ``@register`` for version 1, ``@register(version=2)`` for a later
    schema version. The card fields are found from the annotations: a
    field annotated ``Card`` or ``Card | None`` holds one card, one
    annotated ``tuple[Card, ...]`` a list of cards.
    """
    if cls is None:
        return lambda c: register(c, version=version)
    name = cls.__name__
    if name in EVENT_TYPES:
        raise ValueError(f"event type {name} registered twice")
    EVENT_TYPES[name] = cls
    _VERSIONS[name] = version
    hints = {field: _hint_text(hint) for field, hint in getattr(cls, "__annotations__", {}).items()}
    _CARD_FIELDS[name] = (
        frozenset(f for f, hint in hints.items() if hint in _ONE_CARD),
        frozenset(f for f, hint in hints.items() if hint in _MANY_CARDS),
    )
    _CURRENT[name] = (version, None)  # its decoder is made when a line of it is first read
    return cls


def _hint_text(hint: Any) -> str:
    """An annotation as written: NamedTuple keeps postponed ones as ForwardRefs."""
    return str(getattr(hint, "__forward_arg__", hint))


def field_kinds(cls: type[Any]) -> list[str]:
    """Each field of the event class ``cls``, in order, as its annotation is
    written (``"int"``, ``"tuple[Card, ...]"``; ``""`` for a field without
    one): what the history's encoders and decoders are made from.

    >>> class Paid(NamedTuple):
    ...     seat: int
    ...     cards: tuple[Card, ...]
    >>> field_kinds(Paid)
    ['int', 'tuple[Card, ...]']
    """
    hints = getattr(cls, "__annotations__", {})
    return [_hint_text(hints.get(field, "")) for field in cls._fields]


def card_fields(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The fields of the event type ``name`` that hold one card (or None),
    and those that hold a tuple of cards; none for a name not registered."""
    return _CARD_FIELDS.get(name, (frozenset(), frozenset()))


def maker(cls: type[T], keep: bool = False) -> Callable[[tuple[Any, ...]], T]:
    """A quick way to make ``cls`` events for an engine's hot path:
    ``make((seat, amount))`` is ``cls(seat, amount)`` -- the same class and
    values -- made by ``tuple.__new__`` alone, without NamedTuple's
    Python-level ``__new__`` (every field given, in order). With ``keep``,
    each different event is made once and given again: for events with few
    different values (a seat, a round), as events are immutable values."""
    make = cast(Callable[[tuple[Any, ...]], T], functools.partial(tuple.__new__, cls))
    return functools.cache(make) if keep else make


def version_of(cls: type[Any]) -> int:
    """The schema version of an event class."""
    return _VERSIONS[cls.__name__]


def register_upcaster(name: str, from_version: int, fn: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Teach the loader to turn a version-``from_version`` event into the next version."""
    _UPCASTERS[(name, from_version)] = fn


def _plain(value: Any) -> Any:
    if value.__class__ is Card:
        return str(value)
    if value.__class__ is tuple:
        if value and value[0].__class__ is Card:
            return " ".join([str(c) for c in value])
        return [_plain(v) for v in value]
    return value


def event_to_json(event: NamedTuple) -> dict[str, Any]:
    """The JSON-ready form of an event."""
    cls = type(event)
    out: dict[str, Any] = {"e": cls.__name__, "v": version_of(cls)}
    one, many = _CARD_FIELDS[cls.__name__]
    for key, value in zip(event._fields, event, strict=False):
        if key in many:
            out[key] = " ".join([str(c) for c in value])
        else:
            out[key] = _plain(value)
    return out


def _tupled(value: Any) -> Any:
    if value.__class__ is list:
        return tuple([_tupled(v) for v in value])
    return value


def _decoder(cls: type[Any]) -> Callable[[dict[str, Any]], Any]:
    """A fast decoder for the current version of one event type as format 1
    writes it (``e``, ``v``, ``n`` and the fields)."""
    return json_decoder(cls, frozenset({"e", "v", "n"}), "len(d) != {size} or 'n' not in d or 'v' not in d")


def json_decoder(cls: type[Any], keys: frozenset[str], odd: str) -> Callable[[dict[str, Any]], Any]:
    """A decoder of one event class from its JSON object ``d``: generated
    code that reads each field, converting only where the kind needs it,
    and refuses in one sentence a field of the wrong kind, a missing one or
    an unknown one. ``keys``: what a line holds besides the fields; ``odd``:
    a quick test (``{size}`` the number of keys allowed) for an object that
    may not have exactly those keys, checked carefully only then."""
    name = cls.__name__
    allowed = frozenset(cls._fields) | keys
    args, check, reads = _field_reads(cls)
    source = (
        "def decode(d):\n"
        f"    if ({odd.format(size=len(allowed))}) and not d.keys() <= allowed:\n"
        "        _unknown(d)\n" + check + f"    return cls({', '.join(args)})\n"
    )
    scope: dict[str, Any] = {
        "cls": cls,
        "allowed": allowed,
        "_unknown": lambda d: _unknown_fields(name, d, allowed),
        **reads,
    }
    exec(source, scope)
    decode: Callable[[dict[str, Any]], Any] = scope["decode"]
    return decode


def _field_reads(cls: type[Any]) -> tuple[list[str], str, dict[str, Any]]:
    """The pieces of a generated decoder that read an event's fields from
    its JSON object ``d``: the arguments of ``cls(...)`` (cards looked up,
    lists made tuples), a line refusing a field of the wrong kind in one
    sentence (a whole number is not ``true``, ``1.0`` or ``"1"``; empty when
    no field is checked), and the names the code uses."""
    name = cls.__name__
    one, many = _CARD_FIELDS[name]
    hints = getattr(cls, "__annotations__", {})
    args = []
    checks = []
    kinds: dict[str, Callable[[Any], bool]] = {}
    for field in cls._fields:
        get = f"d[{field!r}]"
        hint = _hint_text(hints.get(field, ""))
        if field in many:
            args.append(f"_cards({get})")
        elif field in one:
            args.append(f"_card({get})")
        else:
            args.append(f"_tupled({get})" if "tuple" in hint else get)
            fits = _kind_test(hint)
            if fits is not None:
                kinds[field] = fits
                checks.append(f"not _fits[{field!r}]({get})")
    check = f"    if {' or '.join(checks)}:\n        _wrong_kind(d)\n" if checks else ""
    reads = {
        "_tupled": _tupled,
        "_cards": _cards,
        "_card": _card,
        "_fits": kinds,
        "_wrong_kind": lambda d: _wrong_kind(name, d, kinds, hints),
    }
    return args, check, reads


def _cards(text: str) -> tuple[Card, ...]:
    return tuple([_CARD_BY_TEXT[c] for c in text.split()]) if text else ()


def _card(text: str | None) -> Card | None:
    return None if text is None else _CARD_BY_TEXT[text]


#: a field's kind (its annotation) -> how a history names it in a message
_KIND_WORDS = {
    "int": N_("a whole number"),
    "bool": N_("true or false"),
    "str": N_("a text"),
    "int | None": N_("a whole number or null"),
    "tuple[int, ...]": N_("a list of whole numbers"),
    "tuple[bool, ...]": N_("a list of true or false"),
    "tuple[str, ...]": N_("a list of texts"),
}


def _kind_test(hint: str) -> Callable[[Any], bool] | None:
    """Whether a JSON value is of the kind an annotation names (``int``,
    ``bool``, ``str``, ``int | None``, ``tuple[X, ...]``, ``tuple[X, Y]``;
    JSON's lists for tuples), or None for a kind not checked here."""
    if hint == "int":
        return lambda v: v.__class__ is int
    if hint == "bool":
        return lambda v: v is True or v is False
    if hint == "str":
        return lambda v: v.__class__ is str
    if hint == "int | None":
        return lambda v: v is None or v.__class__ is int
    if hint.startswith("tuple[") and hint.endswith("]"):
        inner = hint[6:-1]
        if inner.endswith(", ..."):
            each = _kind_test(inner[:-5])
            return None if each is None else lambda v: v.__class__ is list and all(map(each, v))
        parts = [_kind_test(part) for part in _split_kinds(inner)]
        if None in parts:
            return None
        tests = cast(list[Callable[[Any], bool]], parts)
        size = len(tests)
        return lambda v: v.__class__ is list and len(v) == size and all(t(x) for t, x in zip(tests, v, strict=True))
    return None


def _split_kinds(inner: str) -> list[str]:
    """``int, tuple[int, int]`` -> ``["int", "tuple[int, int]"]`` (commas at the top level only)."""
    parts, depth, start = [], 0, 0
    for k, char in enumerate(inner):
        depth += (char == "[") - (char == "]")
        if char == "," and depth == 0:
            parts.append(inner[start:k].strip())
            start = k + 1
    return [*parts, inner[start:].strip()]


def _wrong_kind(name: str, data: dict[str, Any], kinds: dict[str, Callable[[Any], bool]], hints: Any) -> None:

    for field, fits in kinds.items():
        if not fits(data[field]):
            raise HistoryError(_must_be(name, field, _kind_word(_hint_text(hints.get(field, ""))), data[field]))


def _kind_word(hint: str) -> str:
    """The words (a message id) for the kind of value a field's type ``hint`` asks for."""
    return _KIND_WORDS.get(hint) or (N_("a list") if hint.startswith("tuple[") else N_("another kind of value"))


def _must_be(name: str, field: str, word: str, value: Any) -> Note:
    """Event ``name``'s ``field`` must be ``word`` (a message id), not ``value``."""
    return Note(
        N_("event {name} has a malformed field: {field} must be {kind}, not {value}"),
        name=name,
        field=field,
        kind=Note(word),
        value=_shown(value),
    )


def _shown(value: Any) -> str:
    """A value from a file as a message quotes it: JSON, ASCII, at most 40 characters."""
    import json

    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."


def malformed(name: str, data: dict[str, Any]) -> Note:
    """Why event ``name`` cannot be read from ``data`` (its fields are there):
    the first field that is not what it must be, in words (a history's
    reader says this where decoding failed on something other than a
    missing field)."""
    cls = EVENT_TYPES.get(name)
    one, many = _CARD_FIELDS.get(name, (frozenset(), frozenset()))
    hints = getattr(cls, "__annotations__", {}) if cls is not None else {}
    for field in getattr(cls, "_fields", ()):
        if field not in data:
            continue
        value = data[field]
        if field in many:
            fits = value.__class__ is str and (value == "" or all(c in _CARD_BY_TEXT for c in value.split(" ")))
            word = N_('cards such as "As Kd 7c"')
        elif field in one:
            fits = (value is None and "None" in _hint_text(hints.get(field, ""))) or (
                value.__class__ is str and value in _CARD_BY_TEXT
            )
            word = N_('a card such as "As"')
        else:
            test = _kind_test(_hint_text(hints.get(field, "")))
            if test is None or test(value):
                continue
            fits = False
            word = _kind_word(_hint_text(hints.get(field, "")))
        if not fits:
            return _must_be(name, field, word, value)
    return Note(N_("event {name} has a malformed field"), name=name)


def _unknown_fields(name: str, data: dict[str, Any], allowed: frozenset[str]) -> None:
    raise HistoryError(
        Note(N_("event {name} has unknown fields: {fields}"), name=name, fields=", ".join(sorted(set(data) - allowed)))
    )


def lacking(name: str, key: str, extra: Sequence[str]) -> Note:
    """Event ``name`` lacks the field ``key`` (and has the ``extra`` fields it does not know)."""
    if extra:
        said = (
            N_("event {name} lacks the field '{field}' and has the unknown field {fields}")
            if len(extra) == 1
            else N_("event {name} lacks the field '{field}' and has the unknown fields {fields}")
        )
        return Note(said, name=name, field=key, fields=", ".join(extra))
    return Note(N_("event {name} lacks the field '{field}'"), name=name, field=key)


def not_a_card(name: str, key: object) -> Note:
    """A card field of event ``name`` holds ``key``, which is not a card."""
    return Note(N_("event {name} has a malformed field: {value} is not a card"), name=name, value=repr(key))


def undecoded(data: dict[str, Any], exc: Exception, envelope: Sequence[str]) -> Note:
    """Why decoding the fields ``data`` of a known event failed with ``exc``: a
    field lacking (and the fields it has that it does not know, beside
    ``envelope``'s), a card field holding what is not a card, or else the first
    malformed field, in words (no Python in them)."""
    name = data["e"]
    if isinstance(exc, KeyError):
        key = exc.args[0] if exc.args else None
        fields = EVENT_TYPES[name]._fields
        if isinstance(key, str) and key in fields:
            return lacking(name, key, sorted(set(data) - set(fields) - {"e", *envelope}))
        return not_a_card(name, key)
    return malformed(name, data)


def event_from_json(data: Any) -> Any:
    """An event from its JSON form; :class:`HistoryError` says what is wrong."""
    decode: Callable[[dict[str, Any]], Any] | None
    try:
        version, decode = _CURRENT[data["e"]]
        if data.get("v", 1) != version:
            decode = None
        elif decode is None:  # the first line of this event: its decoder is made now (not at import)
            decode = _decoder(EVENT_TYPES[data["e"]])
            _CURRENT[data["e"]] = (version, decode)
    except (TypeError, KeyError, AttributeError):
        decode = None
    if decode is None:
        return _event_from_json_slow(data)
    try:
        return decode(data)
    except HistoryError:
        raise
    except Exception as exc:  # a field lacking or malformed: say which, in words
        raise HistoryError(undecoded(data, exc, ("v", "n"))) from None


def _event_from_json_slow(data: Any) -> Any:
    """The careful path: unknown names, other versions, bad shapes."""
    if not isinstance(data, dict):
        raise HistoryError(Note(N_("an event must be a JSON object")))
    name = data.get("e")
    if not isinstance(name, str) or name not in EVENT_TYPES:
        raise HistoryError(Note(N_("unknown event {name}"), name=repr(name)))
    cls = EVENT_TYPES[name]
    version = data.get("v", 1)
    current = version_of(cls)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise HistoryError(Note(N_("event {name} has a bad version {version}"), name=name, version=repr(version)))
    if version > current:
        raise HistoryError(
            Note(
                N_("event {name} is version {version}, newer than this drawpoker knows ({current}); upgrade drawpoker"),
                name=name,
                version=version,
                current=current,
            )
        )
    data = dict(data)
    while version < current:
        upcast = _UPCASTERS.get((name, version))
        if upcast is None:
            raise HistoryError(
                Note(N_("event {name} version {version} cannot be read by this drawpoker"), name=name, version=version)
            )
        data = upcast(data)
        version += 1
    data["v"] = current
    return event_from_json(data)
