"""Events from the text of a history line as the writer writes it, without JSON.

The reverse of :mod:`drawpoker.history.encode`: each registered event class
whose fields are all of kinds it knows (whole numbers, flags, texts, a card
or none, cards, whole numbers or none, lists of whole numbers or of flags)
gets a parser generated from its annotations, one regular expression that
matches only the writer's own text of such an event (its name and fields in
order, no spaces, no escapes) and builds the event directly. Any other line
(spaces, keys in another order, an escaped character, an unknown card, an
older version of the event, a field of another kind) is not matched: the
caller reads it as JSON, as every line was read before, so what a line
means and every message about a bad one stay the same.

A line matched here gives the same event as the JSON reader would give it:
a number is read as JSON reads it (``-?(0|[1-9][0-9]*)``, ASCII digits),
a text holds no backslash or control character (so its JSON value is the
text itself), and cards are looked up as the JSON reader looks them up.
The tests compare the two on every such class.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from drawpoker.cards import CARD_BY_TEXT

__all__ = ["line_parsers", "parser_for", "event_of"]

_NUMBER = "-?(?:0|[1-9][0-9]*)"
_TEXT = '[^"\\\\\x00-\x1f]*'
_FLAGS = {"true": True, "false": False}
_card_of = CARD_BY_TEXT.__getitem__
_coded = re.compile('\\{"h":"[0-9a-f]{10}","e":"').match
_flag_of = _FLAGS.__getitem__

#: annotation -> (pattern of the field's JSON, expression building its value from its group)
_KINDS: dict[str, tuple[str, str]] = {
    "int": (f"({_NUMBER})", "_int({0})"),
    "bool": ("(true|false)", "{0} == 'true'"),
    "str": (f'"({_TEXT})"', "{0}"),
    "Card": (f'"({_TEXT})"', "_card({0})"),
    "Card | None": (f'(null|"{_TEXT}")', "None if {0} == 'null' else _card({0}[1:-1])"),
    "tuple[Card, ...]": (f'"({_TEXT})"', "tuple(map(_card, {0}.split()))"),
    "int | None": (f"(null|{_NUMBER})", "None if {0} == 'null' else _int({0})"),
    "tuple[int, ...]": (f"\\[((?:{_NUMBER}(?:,{_NUMBER})*)?)\\]", "tuple(map(_int, {0}.split(','))) if {0} else ()"),
    "tuple[bool, ...]": (
        "\\[((?:true|false)(?:,(?:true|false))*)?\\]",
        "tuple(map(_flag, {0}.split(','))) if {0} else ()",
    ),
}

_PARSERS: dict[type, Callable[[str, int], Any] | None] = {}


def parser_for(cls: type[Any]) -> Callable[[str, int], Any] | None:
    """The generated parser of one event class (made once, then kept):
    ``parse(text, at)``, ``text`` a line (a newline may end it) and ``at``
    where its fields begin, just after ``{"e":"Name"`` -> the event, or
    None when the rest is not the writer's text of such an event; a
    KeyError for an unknown card. None when a field is of a kind the
    parsers do not know."""
    if cls in _PARSERS:
        return _PARSERS[cls]
    from drawpoker.engine.events import _hint_text

    hints = getattr(cls, "__annotations__", {})
    fields: tuple[str, ...] = cls._fields
    kinds = [_KINDS.get(_hint_text(hints.get(field, ""))) for field in fields]
    parse: Callable[[str, int], Any] | None = None
    if all(kind is not None for kind in kinds):
        known = [kind for kind in kinds if kind is not None]
        pattern = "".join(f',"{field}":{kind[0]}' for field, kind in zip(fields, known, strict=True))
        names = [f"g{i}" for i in range(len(fields))]
        values = [kind[1].format(name) for name, kind in zip(names, known, strict=True)]
        unpack = f"    {', '.join(names)}{',' if len(names) == 1 else ''} = m.groups()\n" if names else ""
        source = (
            "def parse(text, at):\n"
            "    m = _match(text, at)\n"
            "    if m is None:\n"
            "        return None\n" + unpack + f"    return cls({', '.join(values)})\n"
        )
        scope: dict[str, Any] = {
            "cls": cls,
            "_match": re.compile(pattern + "}\n?").fullmatch,
            "_int": int,
            "_card": _card_of,
            "_flag": _flag_of,
        }
        exec(source, scope)
        parse = scope["parse"]
    _PARSERS[cls] = parse
    return parse


def line_parsers(classes: dict[str, type[Any]]) -> dict[str, Callable[[str, int], Any]]:
    """Event name -> parser, for the given classes (a reader passes those
    whose version its header lists as the current one) that have one."""
    out: dict[str, Callable[[str, int], Any]] = {}
    for name, cls in classes.items():
        parse = parser_for(cls)
        if parse is not None:
            out[name] = parse
    return out


def event_of(parsers: dict[str, Callable[[str, int], Any]], text: str) -> Any:
    """The event of a line (``{"e":"Name",...}``, or with its chain code
    first, ``{"h":"..........","e":"Name",...}``) if its parser matches it,
    else None (the line is to be read as JSON)."""
    if text.startswith('{"e":"'):
        at = 6
    elif _coded(text):
        at = 23
    else:
        return None
    end = text.find('"', at)
    parse = parsers.get(text[at:end])
    if parse is None:
        return None
    try:
        return parse(text, end + 1)
    except KeyError:  # not a card: the JSON reader says so
        return None
