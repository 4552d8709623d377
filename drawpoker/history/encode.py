"""Events as the text of a history line, from templates made per event class.

The history writer turns every event into JSON; with tens of events per
deal that is most of what logging costs. So each registered event class
gets an encoder generated from its annotations the first time it is
written: the event's name and the field names are constant text, and
each field is formatted by the cheapest code that gives exactly the bytes
the generic encoder gives (:func:`generic_body`, which the tests compare
against). A field of a kind the templates do not know (or a value that is
not of its annotated kind) goes through the generic encoder, so a new
event class is encoded correctly without anything written for it here.

The text made is the event's JSON object *after* its opening brace
(``"e":"Called","seat":1,"amount":2}``): the line puts its chain code in
front (see :mod:`drawpoker.history.format`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any

from drawpoker.cards import CARD_BY_TEXT, Card
from drawpoker.engine.events import EVENT_TYPES, event_to_json

__all__ = ["body_of", "generic_body", "encoder_for", "line_encoder_for"]

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class _CardText(dict[Any, str]):
    """Card -> its text, filled on first use (so any card the game knows works)."""

    def __missing__(self, card: Any) -> str:
        text = str(card)
        if card.__class__ is Card:  # a plain number equal to a card must not become that card's text
            self[card] = text
        return text


_TEXT = _CardText()


def _plain(value: Any) -> Any:
    if value.__class__ is Card:
        return _TEXT[value]
    if value.__class__ is tuple:
        if value and value[0].__class__ is Card:
            return " ".join([_TEXT[c] for c in value])
        return [_plain(v) for v in value]
    return value


def _generic(value: Any) -> str:
    return _dumps(_plain(value))


_c_encode = (
    c_make_encoder(None, None, encode_basestring, None, ":", ",", False, False, True) if c_make_encoder else None
)


def _plain_json(value: Any) -> str:
    """A value that holds no card (tuples, numbers, strings, None), by the
    C encoder directly: the same bytes as the generic encoder, faster."""
    if _c_encode is None:
        return _generic(value)
    return "".join(_c_encode(value, 0))


def generic_body(event: Any) -> str:
    """The reference encoding: the generic JSON encoder over the event's
    JSON form (without its version, which the header holds)."""
    data = event_to_json(event)
    del data["v"]
    return _dumps(data)[1:]


#: event class -> the body encoder :func:`encoder_for` made for it (the writer's inner loop reads it)
ENCODERS: dict[type, Callable[[Any], str]] = {}


def _field_code(var: str, hint: str) -> str:
    """The f-string expression that formats one field of a given annotation."""
    if hint == "int":
        return f"{{{var} if {var}.__class__ is int else _g({var})}}"
    if hint == "bool":
        return f'{{"true" if {var} is True else "false" if {var} is False else _g({var})}}'
    if hint == "str":
        return f"{{_s({var}) if {var}.__class__ is str else _g({var})}}"
    if hint in ("Card", "Card | None"):
        return f'{{_q + _t[{var}] + _q if {var}.__class__ is _Card else "null" if {var} is None else _g({var})}}'
    if hint == "tuple[Card, ...]":  # the cards' text inline: no call per field
        return f"{{_q + _sp(map(_tg, {var})) + _q if {var}.__class__ is tuple else _g({var})}}"
    if hint == "int | None":
        return f'{{{var} if {var}.__class__ is int else "null" if {var} is None else _g({var})}}'
    if "Card" not in hint and hint:  # numbers, flags, texts and tuples of them
        return f"{{_j({var})}}"
    return f"{{_g({var})}}"


#: annotation -> (the guard a field's value must pass for the fast text, the fast text): the kinds
#: whose text in :func:`_field_code` needs a check; the others' expressions serve both ways
_FAST: dict[str, tuple[str, str]] = {
    "int": ("{0}.__class__ is int", "{{{0}}}"),
    "Card": ("{0}.__class__ is _Card", '"{{_t[{0}]}}"'),
    "tuple[Card, ...]": ("{0}.__class__ is tuple", '"{{_sp(map(_tg, {0}))}}"'),
}


def _fast_code(var: str, hint: str) -> tuple[str | None, str]:
    """A field's guard (None: none needed) and its f-string text once the
    guard holds: the same text as :func:`_field_code` gives."""
    fast = _FAST.get(hint)
    if fast is not None:
        return fast[0].format(var), fast[1].format(var)
    if _c_encode is not None and "Card" not in hint and hint not in ("bool", "str", "int | None", ""):
        return None, f"{{_jn(_ce({var}, 0))}}"  # what _plain_json does, without its call
    return None, _field_code(var, hint)


def _encoder_source(cls: type[Any], keep: bool = False, only_careful: bool = False) -> str:
    """The source of a class's encoder: the fields checked, then one
    f-string; a value that fails its check sends the event the careful way
    (:func:`_field_code`). ``keep``: a class of numbers and flags only keeps
    each event's text (see :data:`KEPT`); ``only_careful``: the careful way only."""
    from drawpoker.engine.events import field_kinds

    name = cls.__name__
    fields: tuple[str, ...] = cls._fields
    names = [f"f{i}" for i in range(len(fields))]
    kinds = field_kinds(cls)
    careful = [f'"{f}":' + _field_code(v, k) for v, f, k in zip(names, fields, kinds, strict=True)]
    fast = [_fast_code(v, k) for v, k in zip(names, kinds, strict=True)]
    quick = ",".join([f'"e":"{name}"', *(f'"{f}":' + code for f, (_, code) in zip(fields, fast, strict=True))])
    quick = f"f'{quick}}}}}'"
    guards = [guard for guard, _ in fast if guard is not None]
    if only_careful:
        guards, quick = ["False"], "''"
    if keep and names and all(kind in _SCALAR for kind in kinds):
        guards = [_SCALAR[kind].format(v) for v, kind in zip(names, kinds, strict=True)]
        quick = f"_keep(event, {quick})"
    lines = ["def encode(event):"]
    if names:
        lines.append(f"    {', '.join(names)}{',' if len(names) == 1 else ''} = event")
    if guards:
        lines.append(f"    if {' and '.join(guards)}:")
        lines.append(f"        return {quick}")
        lines.append("    return f'" + ",".join([f'"e":"{name}"', *careful]) + "}}'")
    else:
        lines.append(f"    return {quick}")
    return "\n".join(lines) + "\n"


def _made(cls: type[Any], keep: bool, only_careful: bool = False) -> Callable[[Any], str]:
    name = cls.__name__
    if EVENT_TYPES.get(name) is not cls:
        raise ValueError(f"{name} is not a registered event class")
    scope: dict[str, Any] = {
        "_g": _generic,
        "_j": _plain_json,
        "_s": encode_basestring,
        "_t": _TEXT,
        "_q": '"',
        "_Card": Card,
        "_sp": " ".join,
        "_tg": _TEXT.__getitem__,
        "_ce": _c_encode,
        "_jn": "".join,
        "_keep": _keep,
    }
    exec(_encoder_source(cls, keep, only_careful), scope)
    return scope["encode"]  # type: ignore[no-any-return]


def encoder_for(cls: type[Any]) -> Callable[[Any], str]:
    """The generated encoder of one event class (made once, then kept).

    Each field whose value is of its annotated kind (what the engine
    writes) is formatted directly: one check per field that needs one,
    then one f-string; any other value sends the whole event the careful
    way (:func:`_field_code`: each field checked, odd ones through the
    generic encoder), which gives exactly the text it always gave."""
    encoder = ENCODERS.get(cls)
    if encoder is None:
        encoder = ENCODERS[cls] = _made(cls, False)
    return encoder


def careful_encoder_for(cls: type[Any]) -> Callable[[Any], str]:
    """The careful way alone (every field checked as it is formatted), for
    the tests: :func:`encoder_for` gives the same text, or raises the same."""
    return _made(cls, False, only_careful=True)


# ---------------------------------------------------------------- the writer's kept texts

#: the kinds of field that let an event's text be kept (see :data:`KEPT`), with the check each
#: value must pass: whole numbers, flags and nothing, which never change
_SCALAR = {
    "int": "{0}.__class__ is int",
    "bool": "{0}.__class__ is bool",
    "int | None": "({0} is None or {0}.__class__ is int)",
}
#: event (by its ``id``) -> its text, for the writer: the engine makes many events once and hands
#: out the same object again and again (each ``Folded(seat)``, each ante, each call of a given
#: size), so the writer looks an event up here before it calls its encoder. Only events of classes
#: of numbers and flags are kept, only when every value passed its check, and each is held in
#: :data:`_ALIVE` while its ``id`` is a key, so an ``id`` found is that very event, unchanged.
KEPT: dict[int, str] = {}
_ALIVE: list[Any] = []
#: how many events are kept (then all are forgotten, and kept again as they come)
_KEEP_EVENTS = 1024
_KEEPING: dict[type, Callable[[Any], str]] = {}


def _keep(event: Any, text: str) -> str:
    """Keep an event's text (see :data:`KEPT`); the text."""
    if len(_ALIVE) >= _KEEP_EVENTS:
        forget_kept()
    KEPT[id(event)] = text
    _ALIVE.append(event)
    return text


def forget_kept() -> None:
    """Forget the kept texts (a writer starts its own: see :data:`KEPT`)."""
    KEPT.clear()
    _ALIVE.clear()


def keeping_encoder_for(cls: type[Any]) -> Callable[[Any], str]:
    """The writer's encoder of one event class: :func:`encoder_for`'s text,
    and for a class of numbers and flags only, each event's text kept in
    :data:`KEPT` (made once, then kept)."""
    encoder = _KEEPING.get(cls)
    if encoder is None:
        encoder = _KEEPING[cls] = _made(cls, True)
    return encoder


def body_of(event: Any) -> str:
    """The text of one event after its opening brace, e.g. ``"e":"Folded","seat":2}``."""
    encoder = ENCODERS.get(event.__class__) or encoder_for(event.__class__)
    return encoder(event)


def content_of(event: Any) -> bytes:
    """The UTF-8 content of one event's line (see :func:`body_of`).

    Nothing is remembered between events: a memo of recent events (tried
    before) kept thousands of events and their text alive, which cost the
    simulation more in cache misses and garbage collection than the
    encoding it saved."""
    return (ENCODERS.get(event.__class__) or encoder_for(event.__class__))(event).encode("utf-8")


# ---------------------------------------------------------------- for comparing


class _NumberText(dict[Any, bytes]):
    """A whole number -> its JSON (``%r``): the small ones kept. Any other
    value gives its ``repr``, which is not the JSON of another value."""

    def __missing__(self, value: Any) -> bytes:
        return b"%r" % (value,)


_NUMBER = _NumberText({k: b"%d" % k for k in range(-64, 1024)})
_FLAG = {False: b"false", True: b"true"}
_CARD_BYTES = {card: str(card).encode("utf-8") for card in CARD_BY_TEXT.values()}


class _Kept(dict[Any, bytes]):
    """A field's value -> its text in a line, made by ``make`` and kept: the
    values of a list field recur (nobody out, no rebuys, the same seats in a
    pot), so most are looked up, not joined again. Kept by value, as the
    tuples compare (a flag and a number that are equal share one entry: the
    engine gives each field its own kind, and a line read back compares by
    value anyway); started afresh when :data:`_KEEP` values are kept. An
    unhashable value is a TypeError (the caller compares the writer's text)."""

    def __init__(self, make: Callable[[Any], bytes]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, value: Any) -> bytes:
        text = self._make(value)
        if len(self) >= _KEEP:
            self.clear()
        self[value] = text
        return text


#: how many values of one kind of list field are kept
_KEEP = 4096
_NUMBERS_TEXT = _Kept(lambda value: b",".join(map(_NUMBER.__getitem__, value)))
_FLAGS_TEXT = _Kept(lambda value: b",".join(map(_FLAG.__getitem__, value)))
_JSON_TEXT = _Kept(lambda value: _plain_json(value).encode("utf-8"))

#: annotation -> the %-format of a field and the expression giving its argument
_LOOSE: dict[str, tuple[str, str]] = {
    "int": ("%b", "_n[{0}]"),
    "bool": ("%b", "_f[{0}]"),
    "str": ("%b", "_s({0}).encode('utf-8')"),
    "Card": ('"%b"', "_c[{0}]"),
    "Card | None": ("%b", "b'null' if {0} is None else b'\"' + _c[{0}] + b'\"'"),
    "tuple[Card, ...]": ('"%b"', "_sp(map(_cg, {0}))"),
    "int | None": ("%b", "b'null' if {0} is None else _n[{0}]"),
    "tuple[int, ...]": ("[%b]", "_ns[{0}]"),
    "tuple[bool, ...]": ("[%b]", "_fs[{0}]"),
}
#: any other annotation (lists of lists of numbers): its JSON, kept
_OTHER = ("%b", "_js[{0}]")
#: whole numbers only: one ``%`` over the event itself, no Python call
_WHOLE = ("%r", "{0}")


_LINE_ENCODERS: dict[type, Callable[[Any], bytes]] = {}


def line_encoder_for(cls: type[Any]) -> Callable[[Any], bytes]:
    """For comparing what the engine produces with a history's lines: one
    event's whole line as bytes without its chain code (``{"e":...}``), made
    by one ``%`` over a template of its class. Every event whose fields
    hold what their annotations say gets the writer's bytes; any other value
    gives bytes no line holds for another value (the ``repr`` of a number
    that is not whole), the text of an equal value (a flag counted as a
    number: ``True == 1``, which the JSON reader's event equals too, so the
    comparison by value says the same), or an exception: then the caller
    compares with :func:`body_of`, the writer's own text. The text of a list
    field is kept by value (:class:`_Kept`): they recur. Made once per
    class, then kept."""
    encoder = _LINE_ENCODERS.get(cls)
    if encoder is not None:
        return encoder
    from drawpoker.engine.events import field_kinds

    name = cls.__name__
    fields: tuple[str, ...] = cls._fields
    annotations = field_kinds(cls)
    if all(hint == "int" for hint in annotations):
        kinds = [_WHOLE] * len(fields)
    else:
        kinds = [_LOOSE.get(hint, _OTHER) for hint in annotations]
    template = ",".join([f'{{"e":"{name}"', *(f'"{f}":{kind[0]}' for f, kind in zip(fields, kinds, strict=True))])
    pattern = (template + "}").encode("utf-8")
    if all(kind is _WHOLE for kind in kinds):
        encoder = _LINE_ENCODERS[cls] = pattern.__mod__  # whole numbers only: one C call
        return encoder
    names = [f"f{i}" for i in range(len(fields))]
    args = [kind[1].format(v) for v, kind in zip(names, kinds, strict=True)]
    source = f"def encode(event):\n    {', '.join(names)}, = event\n"
    hands = [k for k, hint in enumerate(annotations) if hint == "tuple[Card, ...]"]
    if len(hands) == 1:
        # A hand of five (a deal's hands, a hand shown): its cards' texts looked up one by one
        # into the template, not joined (the same bytes; any other length joins them).
        k = hands[0]
        five = [kind[0] for kind in kinds]
        five[k] = '"%b %b %b %b %b"'
        wide = ",".join([f'{{"e":"{name}"', *(f'"{f}":{kind}' for f, kind in zip(fields, five, strict=True))])
        scope_five = (wide + "}").encode("utf-8")
        cards = [f"_c[c{i}]" for i in range(5)]
        source += (
            f"    if {names[k]}.__class__ is tuple and len({names[k]}) == 5:\n"
            f"        c0, c1, c2, c3, c4 = {names[k]}\n"
            f"        return _t5 % ({''.join(a + ', ' for a in args[:k] + cards + args[k + 1 :])})\n"
        )
    source += f"    return _t % ({''.join(a + ', ' for a in args)})\n"
    scope: dict[str, Any] = {
        "_t": pattern,
        "_t5": scope_five if len(hands) == 1 else None,
        "_f": _FLAG,
        "_s": encode_basestring,
        "_c": _CARD_BYTES,
        "_cg": _CARD_BYTES.__getitem__,
        "_sp": b" ".join,
        "_n": _NUMBER,
        "_ns": _NUMBERS_TEXT,
        "_fs": _FLAGS_TEXT,
        "_js": _JSON_TEXT,
    }
    exec(source, scope)
    made: Callable[[Any], bytes] = scope["encode"]
    _LINE_ENCODERS[cls] = made
    return made
