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
a number is read as JSON reads it, written as the writer writes it
(``0|-?[1-9][0-9]*``, ASCII digits: ``-0`` is left to the JSON reader),
a text holds no backslash or control character (so its JSON value is the
text itself), and cards are looked up as the JSON reader looks them up.
The tests compare the two on every such class.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from operator import itemgetter
from typing import Any

from drawpoker.cards import CARD_BY_TEXT, JOKER_TEXT, Card

__all__ = ["line_parsers", "LineParsers", "parser_for", "prefix_pattern", "event_of"]

_NUMBER = b"(?:0|-?[1-9][0-9]*)"  # as the writer writes a whole number: never "-0"
_TEXT = b'[^"\\\\\x00-\x1f]*'
#: a card (or cards) as the writer writes them: looked up, so any other text fails there
_CARDS = b'[^"]*'
#: a card's text -> the card
_CARD: dict[bytes, Card] = {text.encode("ascii"): card for text, card in CARD_BY_TEXT.items()}
#: a line with its chain code first (formats 2 and 3: ten hexadecimal digits; format 4: 19 of base 32)
_coded = re.compile(b'\\{"h":"(?:[0-9a-f]{10}|[0-9A-HJKMNP-TV-Z]{19})","e":"').match


#: the letters of the cards read at once (a joker, ``Jk``, is read one card at a time)
_RANKS = sorted({text[0] for text in CARD_BY_TEXT if text != JOKER_TEXT})
_SUITS = sorted({text[1] for text in CARD_BY_TEXT if text != JOKER_TEXT})
_NOT_A_LETTER = 100  # twice it is still one byte; every card's number is below it
_RANK_NUMBER = bytes(_RANKS.index(chr(b)) * len(_SUITS) if chr(b) in _RANKS else _NOT_A_LETTER for b in range(256))
_SUIT_NUMBER = bytes(_SUITS.index(chr(b)) if chr(b) in _SUITS else _NOT_A_LETTER for b in range(256))
#: a card's number (its rank letter's plus its suit letter's) -> the card
_CARD_AT: tuple[Card | None, ...] = tuple(
    CARD_BY_TEXT.get(_RANKS[k // len(_SUITS)] + _SUITS[k % len(_SUITS)]) if k < len(_RANKS) * len(_SUITS) else None
    for k in range(256)
)
_SPACES = [b" " * k for k in range(64)]


def _deck(text: bytes) -> tuple[Card, ...]:
    """Many cards as the writer writes them, ``Jc 7d 9c ...`` (at least two):
    two letters each, one space between (KeyError for anything else).
    Every card's number is found at once: the rank letters and the suit
    letters are translated to numbers, and the two strings of numbers
    added as two big integers (no sum reaches 256, so no byte carries into
    the next); then the cards are taken by their numbers in one call."""
    n = len(text) + 1
    count = n // 3
    if count * 3 != n or count > len(_SPACES) or text[2::3] != _SPACES[count - 1]:
        raise KeyError(text)
    ranks = text[0::3].translate(_RANK_NUMBER)
    suits = text[1::3].translate(_SUIT_NUMBER)
    if _NOT_A_LETTER in ranks or _NOT_A_LETTER in suits:
        raise KeyError(text)
    numbers = (int.from_bytes(ranks, "big") + int.from_bytes(suits, "big")).to_bytes(count, "big")
    found: tuple[Card, ...] = itemgetter(*numbers)(_CARD_AT)
    return found


class _Numbers(dict[bytes, int]):
    """A whole number's text (as a line matched by the pattern holds it) ->
    the number: the small ones kept, any other read by ``int``."""

    def __missing__(self, text: bytes) -> int:
        return int(text)


_NUMBERS = _Numbers({str(k).encode("ascii"): k for k in range(-64, 1024)})


def _flags(text: bytes) -> tuple[bool, ...]:
    return tuple([flag == b"true" for flag in text.split(b",")]) if text else ()


def _texts(text: bytes) -> tuple[str, ...]:
    return tuple([part.decode("utf-8") for part in text[1:-1].split(b'","')]) if text else ()


#: annotation -> (pattern of the field's JSON, expression building its value from its group)
_KINDS: dict[str, tuple[bytes, str]] = {
    "int": (b"(" + _NUMBER + b")", "_int({0})"),
    "bool": (b"(true|false)", "{0} == b'true'"),
    "str": (b'"(' + _TEXT + b')"', "{0}.decode('utf-8')"),
    "Card": (b'"(' + _CARDS + b')"', "_card({0})"),
    "Card | None": (b'(null|"' + _CARDS + b'")', "None if {0} == b'null' else _card({0}[1:-1])"),
    # one space between cards, each two letters: any other text fails the lookup
    "tuple[Card, ...]": (
        b'"(' + _CARDS + b')"',
        "(tuple(map(_card, {0}.split(b' '))) if {0} else ()) if len({0}) < 24 else _deck({0})",
    ),
    "int | None": (b"(null|" + _NUMBER + b")", "None if {0} == b'null' else _int({0})"),
    "tuple[int, ...]": (
        b"\\[((?:" + _NUMBER + b"(?:," + _NUMBER + b")*)?)\\]",
        "tuple(map(_int, {0}.split(b','))) if {0} else ()",
    ),
    "tuple[bool, ...]": (b"\\[((?:true|false)(?:,(?:true|false))*)?\\]", "_flags({0})"),
    # names: texts without a quote or a backslash, so '","' is only ever between two of them
    "tuple[str, ...]": (b'\\[((?:"' + _TEXT + b'"(?:,"' + _TEXT + b'")*)?)\\]', "_texts({0})"),
}

_PARSERS: dict[type, Callable[[bytes, int], Any] | None] = {}


def parser_for(cls: type[Any]) -> Callable[[bytes, int], Any] | None:
    """The generated parser of one event class (made once, then kept):
    ``parse(raw, at)``, ``raw`` a line (a newline may end it) and ``at``
    where its fields begin, just after ``{"e":"Name"`` -> the event, or
    None when the rest is not the writer's text of such an event; a
    KeyError for an unknown card, a ValueError for a text that is not
    UTF-8. None when a field is of a kind the parsers do not know."""
    if cls in _PARSERS:
        return _PARSERS[cls]
    from drawpoker.engine.events import field_kinds

    fields: tuple[str, ...] = cls._fields
    kinds = [_KINDS.get(kind) for kind in field_kinds(cls)]
    parse: Callable[[bytes, int], Any] | None = None
    if all(kind is not None for kind in kinds):
        known = [kind for kind in kinds if kind is not None]
        pattern = b"".join(b',"' + field.encode() + b'":' + kind[0] for field, kind in zip(fields, known, strict=True))
        names = [f"g{i}" for i in range(len(fields))]
        values = [kind[1].format(name) for name, kind in zip(names, known, strict=True)]
        unpack = f"    {', '.join(names)}{',' if len(names) == 1 else ''} = m.groups()\n" if names else ""
        source = (
            "def parse(raw, at):\n"
            "    m = _match(raw, at)\n"
            "    if m is None:\n"
            "        return None\n" + unpack + f"    return _new(cls, ({''.join(v + ', ' for v in values)}))\n"
        )
        scope: dict[str, Any] = {
            "cls": cls,
            "_match": re.compile(pattern + b"}\n?").fullmatch,
            "_int": _NUMBERS.__getitem__,
            "_card": _CARD.__getitem__,
            "_flags": _flags,
            "_texts": _texts,
            "_deck": _deck,
            "_new": tuple.__new__,
        }
        exec(source, scope)
        parse = scope["parse"]
    _PARSERS[cls] = parse
    return parse


#: a generated parser: (line, where its fields begin) -> the event, or None
Parse = Callable[[bytes, int], Any]


def prefix_pattern(cls: type[Any], tail: str) -> bytes | None:
    """A pattern (for ``re.match``) of the writer's whole text of an event of
    ``cls``, a line without its newline, that matches (its text) the line up
    to the field ``tail``: ``{"e":"HandShown","seat":4,`` of
    ``{"e":"HandShown","seat":4,"cards":"9d Qd Ts 4c Ah"}``. The rest is
    checked, not matched: each field in order, each value as the parser
    reads it, nothing else. None when a field is of a kind the parsers do
    not know or ``tail`` is not one of the fields after the first."""
    from drawpoker.engine.events import field_kinds

    fields: tuple[str, ...] = cls._fields
    if tail not in fields[1:]:
        return None
    kinds = [_KINDS.get(kind) for kind in field_kinds(cls)]
    if not all(kind is not None for kind in kinds):
        return None
    parts = [b',"' + field.encode() + b'":' + kind[0] for field, kind in zip(fields, kinds, strict=True) if kind]
    cut = fields.index(tail)
    head = re.escape(b'{"e":"' + cls.__name__.encode("utf-8") + b'"') + b"".join(parts[:cut])
    # (?:...) keeps the match's groups out of the way; the tail's own commas open each field
    return b"(?:" + head + b",(?=" + b"".join(parts[cut:])[1:] + b"}\\Z))"


class LineParsers(dict[bytes, Parse | None]):
    """Event name (UTF-8) -> the parser of its writer's text (None when its
    class has none), for the given classes: each parser is generated when a
    line of its event is first read (compiling all of them cost a short
    history more than reading it). Any other name gives None, not kept."""

    def __init__(self, classes: dict[str, type[Any]]) -> None:
        super().__init__()
        #: event name (UTF-8) -> class, for those that may have a parser
        self.classes = {name.encode("utf-8"): cls for name, cls in classes.items()}

    def __missing__(self, name: bytes) -> Parse | None:
        cls = self.classes.get(name)
        if cls is None:
            return None
        parse = self[name] = parser_for(cls)
        return parse


def line_parsers(classes: dict[str, type[Any]]) -> LineParsers:
    """Event name (UTF-8) -> parser, for the given classes (a reader passes those
    whose version its header lists as the current one), made on first use."""
    return LineParsers(classes)


def event_of(parsers: LineParsers, raw: bytes) -> Any:
    """The event of a line (``{"e":"Name",...}``, or with its chain code
    first, ``{"h":"..........","e":"Name",...}``) if its parser matches it,
    else None (the line is to be read as JSON)."""
    if raw.startswith(b'{"e":"'):
        at = 6
    else:
        coded = _coded(raw)
        if coded is None:
            return None
        at = coded.end()
    end = raw.find(b'"', at)
    parse = parsers[raw[at:end]]
    if parse is None:
        return None
    try:
        return parse(raw, end + 1)
    except (KeyError, ValueError):  # not a card, not UTF-8: the JSON reader says so
        return None
