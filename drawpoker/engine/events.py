"""Events: frozen, past-tense, versioned facts, and their JSON form.

Events are ``NamedTuple`` classes (cheap to make, immutable, typed). Each
class is registered under its name with a schema ``VERSION``; the JSON form
is ``{"e": name, "v": version, ...fields}`` with cards written as text
("As"). Older versions are upcast as they load (see :func:`register_upcaster`).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from drawpoker.cards import Card, parse_card
from drawpoker.errors import HistoryError

__all__ = ["register", "register_upcaster", "event_to_json", "event_from_json", "EVENT_TYPES"]

#: name -> event class
EVENT_TYPES: dict[str, type] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
_CARD_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {}


def register(cls: type) -> type:
    """Class decorator: make an event type known to the JSON codec.

    The class may name its card fields in ``CARD_FIELDS`` (one card or
    None) and ``CARDS_FIELDS`` (a tuple of cards); its ``VERSION`` defaults to 1.
    """
    name = cls.__name__
    if name in EVENT_TYPES:
        raise ValueError(f"event type {name} registered twice")
    EVENT_TYPES[name] = cls
    _CARD_FIELDS[name] = (
        frozenset(getattr(cls, "CARD_FIELDS", ())),
        frozenset(getattr(cls, "CARDS_FIELDS", ())),
    )
    return cls


def version_of(cls: type) -> int:
    """The schema version of an event class."""
    return int(getattr(cls, "VERSION", 1))


def register_upcaster(name: str, from_version: int, fn: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Teach the loader to turn a version-``from_version`` event into the next version."""
    _UPCASTERS[(name, from_version)] = fn


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def event_to_json(event: NamedTuple) -> dict[str, Any]:
    """The JSON-ready form of an event."""
    cls = type(event)
    out: dict[str, Any] = {"e": cls.__name__, "v": version_of(cls)}
    for key, value in zip(event._fields, event):
        out[key] = _plain(value)
    return out


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def event_from_json(data: Any) -> Any:
    """An event from its JSON form; :class:`HistoryError` says what is wrong."""
    if not isinstance(data, dict):
        raise HistoryError("an event must be a JSON object")
    name = data.get("e")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise HistoryError(f"unknown event {name!r}")
    version = data.get("v", 1)
    current = version_of(cls)
    if not isinstance(version, int) or version < 1:
        raise HistoryError(f"event {name} has a bad version {version!r}")
    if version > current:
        raise HistoryError(f"event {name} is version {version}, newer than this drawpoker knows ({current}); upgrade drawpoker")
    data = dict(data)
    while version < current:
        upcast = _UPCASTERS.get((name, version))
        if upcast is None:
            raise HistoryError(f"event {name} version {version} cannot be read by this drawpoker")
        data = upcast(data)
        version += 1
    one, many = _CARD_FIELDS[name]
    kwargs: dict[str, Any] = {}
    try:
        for field in cls._fields:
            if field not in data:
                raise HistoryError(f"event {name} lacks the field '{field}'")
            value = data[field]
            if field in one:
                value = None if value is None else parse_card(value)
            elif field in many:
                value = tuple(parse_card(c) for c in value)
            else:
                value = _tupled(value)
            kwargs[field] = value
    except HistoryError:
        raise
    except Exception as exc:  # a malformed field: say which
        raise HistoryError(f"event {name} has a malformed field: {exc}") from None
    extra = set(data) - set(cls._fields) - {"e", "v"}
    if extra:
        raise HistoryError(f"event {name} has unknown fields: {', '.join(sorted(extra))}")
    return cls(**kwargs)
