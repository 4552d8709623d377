"""The kinds of value a house-rules setting can hold.

A kind turns a YAML value into a typed value (or says what it expected),
turns it back into plain data for YAML/JSON, and describes itself as JSON
Schema. The rules model attaches one kind to each field.
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

import attrs

from drawpoker.notes import N_, Note
from drawpoker.rules.document import LARGEST, text_note, text_problem

__all__ = [
    "Problem",
    "ranks_note",
    "found",
    "found_note",
    "Kind",
    "Whole",
    "Flag",
    "Choice",
    "Ratio",
    "Maybe",
    "Paytable",
    "Ranks",
    "Text",
    "Pair",
    "Names",
    "Money",
    "ONE_LINE",
    "Words",
    "ENGLISH",
]


class Words(Protocol):
    """The texts of one language, as the client's translator gives them:
    ``_`` for a text, ``n`` for a counted text, ``p`` for a text in a context.
    The rules' sentences and value words are written in English and passed
    through one of these (the client's catalogue holds the Norwegian)."""

    def _(self, text: str) -> str: ...

    def n(self, singular: str, plural: str, count: int) -> str: ...

    def p(self, context: str, text: str) -> str: ...


class English:
    """The rules' own language: every text as written."""

    language = "en"

    def _(self, text: str) -> str:
        return text

    def n(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def p(self, context: str, text: str) -> str:
        return text


#: the rules' sentences as written, the default of every ``words``/``say``
ENGLISH: Words = English()


#: JSON Schema for a text with no control character: "does not contain one"
#: rather than ``^...$``, which Python's ``re`` lets end before a final newline
ONE_LINE: dict[str, Any] = {"not": {"pattern": "[\\u0000-\\u001f\\u007f-\\u009f]"}}


class Problem(Exception):
    """A value that does not fit its kind: what was expected (``expected``
    in English, ``note`` to be said in the player's language); ``item``, the
    index of the one item of a list that does not fit, where one is at fault."""

    def __init__(self, expected: Note | str, item: int | None = None) -> None:
        super().__init__(expected)
        self.note = expected
        self.expected = str(expected)
        self.item = item


def found(value: Any) -> str:
    """How an offending YAML value is shown in a message."""
    return str(found_note(value))


def found_note(value: Any) -> Note | str:
    """:func:`found` as a note where it is words (a value the player wrote stays as written)."""
    if value is None:
        return Note(N_("nothing (null)"))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"
    if isinstance(value, Mapping):
        return Note(N_("a mapping"))
    if isinstance(value, list):
        return Note(N_("a list"))
    return repr(value)


class Kind(ABC):
    """Base class: load from YAML data, dump to plain data, JSON Schema."""

    @abstractmethod
    def load(self, value: Any) -> Any:
        """The typed value of a YAML value, or :class:`Problem`."""

    def load_recorded(self, value: Any) -> Any:
        """The typed value of plain data this program wrote (a history's
        rules); the same as :meth:`load` unless a kind grew stricter."""
        return self.load(value)

    def expected(self) -> str:
        """What a value of this kind looks like, for messages and the schema."""
        return str(self.expected_note())

    @abstractmethod
    def expected_note(self) -> Note | str:
        """:meth:`expected` as a note, to be said in the player's language."""

    def dump(self, value: Any) -> Any:
        """The typed value as plain data for YAML and JSON."""
        return value

    @abstractmethod
    def schema(self) -> dict[str, Any]:
        """This kind as JSON Schema."""

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        """The value as a player reads it (in the language of ``tr``)."""
        return str(self.dump(value))


@attrs.frozen
class Whole(Kind):
    """A whole number of chips, cards, deals... within bounds."""

    minimum: int = 0
    maximum: int | None = None
    unit: str = ""

    def expected_note(self) -> Note:
        if self.maximum is not None:
            return Note(N_("a whole number from {minimum} to {maximum}"), minimum=self.minimum, maximum=self.maximum)
        if self.minimum == 0:
            return Note(N_("a whole number, 0 or more"))
        return Note(N_("a whole number, {minimum} or more"), minimum=self.minimum)

    def bounds_note(self) -> Note:
        """The bounds alone: ``from 1 to 5``, ``0 or more``."""
        if self.maximum is not None:
            return Note(N_("from {minimum} to {maximum}"), minimum=self.minimum, maximum=self.maximum)
        return Note(N_("{minimum} or more"), minimum=self.minimum)

    @property
    def largest(self) -> int:
        """The largest value allowed: the maximum, or the most any file may hold."""
        return LARGEST if self.maximum is None else self.maximum

    def load(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise Problem(self.expected_note())
        number: int = value
        if number < self.minimum:
            raise Problem(self.expected_note())
        if number > self.largest:
            if self.maximum is not None:
                raise Problem(self.expected_note())
            raise Problem(Note(N_("{expected} (at most {most})"), expected=self.expected_note(), most=f"{LARGEST:,}"))
        return number

    def load_recorded(self, value: Any) -> int:
        """Histories written before the digit bound may hold any whole number the old bounds allowed."""
        if self.maximum is None and isinstance(value, int) and not isinstance(value, bool) and value > LARGEST:
            return value
        return self.load(value)

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.largest}

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        if not self.unit:
            return str(value)
        return unit_words(self.unit, value, tr)


@attrs.frozen
class Flag(Kind):
    """Yes or no."""

    def expected_note(self) -> Note:
        return Note(N_("true or false"))

    def load(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise Problem(self.expected_note())
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        return tr.p("setting", "yes") if value else tr.p("setting", "no")


@attrs.frozen
class Text(Kind):
    """A short free text of one line, such as a ruleset's description: no
    control characters (they could rewrite a player's terminal)."""

    max_length: int = 300

    def expected_note(self) -> Note:
        return Note(N_("a text of one line of at most {most} characters"), most=self.max_length)

    def load(self, value: Any) -> str:
        if not isinstance(value, str) or len(value) > self.max_length:
            raise Problem(self.expected_note())
        problem = text_note(value, one_line=True)
        if problem is not None:
            raise Problem(Note(N_("{expected}; {problem}"), expected=self.expected_note(), problem=problem))
        return value

    def load_recorded(self, value: Any) -> str:
        """Histories written before texts had to be one line may hold line breaks (shown escaped)."""
        if isinstance(value, str) and len(value) <= self.max_length:
            return value
        return self.load(value)

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": self.max_length, **ONE_LINE}


@attrs.frozen
class Choice(Kind):
    """One of a few named options; ``meanings`` explain each in words."""

    meanings: Mapping[str, str]

    def expected_note(self) -> Note | str:
        names = [f"'{n}'" for n in self.meanings]
        if len(names) <= 1:
            return names[0]
        return Note(N_("one of {names} or {last}"), names=", ".join(names[:-1]), last=names[-1])

    def load(self, value: Any) -> str:
        if not isinstance(value, str) or value not in self.meanings:
            raise Problem(self.expected_note())
        return value

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.meanings)}

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        return tr._(self.meanings[value])


@attrs.frozen
class Ratio(Kind):
    """A fraction between bounds, written ``1/2``, ``0.5`` or ``1``, with a
    denominator of at most :attr:`denominator` (12: halves, thirds, quarters...).

    The values allowed are a short list, so the JSON Schema says exactly
    what loads: the numbers themselves, and the ``k/b`` texts.

    >>> Ratio().load("2/3"), Ratio().load(0.5), Ratio().load(1)
    (Fraction(2, 3), Fraction(1, 2), Fraction(1, 1))
    """

    minimum: Fraction = Fraction(0)
    maximum: Fraction = Fraction(1)
    denominator: int = 12

    def expected_note(self) -> Note:
        return Note(
            N_("a fraction from {minimum} to {maximum} with a denominator of at most {most}, like 1/2 or 0.5"),
            minimum=str(self.minimum),
            maximum=str(self.maximum),
            most=self.denominator,
        )

    def _numerators(self, b: int) -> range:
        return range(max(0, math.ceil(self.minimum * b)), min(99, math.floor(self.maximum * b)) + 1)

    def values(self) -> list[Fraction]:
        """Every value allowed, smallest first."""
        return sorted({Fraction(k, b) for b in range(1, self.denominator + 1) for k in self._numerators(b)})

    def _text(self) -> re.Pattern[str]:
        return re.compile(r"(0|[1-9][0-9]?)(?:/([1-9][0-9]?))?")

    def load(self, value: Any) -> Fraction:
        result: Fraction | None = None
        if isinstance(value, bool):
            pass
        elif isinstance(value, int):
            result = Fraction(value)
        elif isinstance(value, float):
            if math.isfinite(value):
                near = Fraction(value).limit_denominator(self.denominator)
                result = near if float(near) == value else None
        elif isinstance(value, str):
            match = self._text().fullmatch(value)
            if match is not None:
                b = int(match.group(2) or 1)
                result = Fraction(int(match.group(1)), b) if b <= self.denominator else None
        if result is None or not self.minimum <= result <= self.maximum:
            raise Problem(self.expected_note())
        return result

    def load_recorded(self, value: Any) -> Fraction:
        """Histories written before the denominator bound may hold any fraction (``37/100``)."""
        if isinstance(value, str) and re.fullmatch(r"[0-9]{1,6}(?:/[1-9][0-9]{0,5})?", value):
            result = Fraction(value)
            if self.minimum <= result <= self.maximum:
                return result
        return self.load(value)

    def dump(self, value: Any) -> Any:
        return str(value)

    def schema(self) -> dict[str, Any]:
        texts = []
        for b in range(1, self.denominator + 1):
            numerators = "|".join(str(k) for k in self._numerators(b))
            if numerators:
                texts.append(f"(?:{numerators})/{b}" if b > 1 else f"(?:{numerators})(?:/1)?")
        return {
            "anyOf": [
                {"type": "number", "enum": [int(v) if v.denominator == 1 else float(v) for v in self.values()]},
                {"type": "string", "pattern": "^(?:" + "|".join(texts) + ")$", **ONE_LINE},
            ]
        }

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        if value == Fraction(1, 2):
            return tr._("half")
        if value == 1:
            return tr._("a whole")
        if value == 0:
            return tr._("any part")
        return str(value)


@attrs.frozen
class Maybe(Kind):
    """A value of another kind, or a word (such as ``unlimited``) for none."""

    inner: Kind
    none_word: str = "none"
    none_meaning: str = "none"

    def expected_note(self) -> Note:
        return self._or_none(self.inner.expected_note())

    def _or_none(self, expected: Note | str) -> Note:
        return Note(N_("{expected} or '{none}'"), expected=expected, none=self.none_word)

    def load(self, value: Any) -> Any:
        if value is None or value == self.none_word:
            return None
        if value is False and self.none_word == "no":  # YAML 1.1 reads a bare no as false
            return None
        try:
            return self.inner.load(value)
        except Problem as p:
            raise Problem(self._or_none(p.note)) from None

    def load_recorded(self, value: Any) -> Any:
        if value is None or value == self.none_word or (value is False and self.none_word == "no"):
            return None
        try:
            return self.inner.load_recorded(value)
        except Problem as p:
            raise Problem(self._or_none(p.note)) from None

    def dump(self, value: Any) -> Any:
        return self.none_word if value is None else self.inner.dump(value)

    def schema(self) -> dict[str, Any]:
        options = [self.inner.schema(), {"const": self.none_word}, {"type": "null"}]
        if self.none_word == "no":
            options.append({"const": False})
        return {"anyOf": options}

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        return tr._(self.none_meaning) if value is None else self.inner.words(value, tr)


@attrs.frozen
class Paytable(Kind):
    """Payouts "to one" by hand name, e.g. ``{pair: 1, flush: 4}``.

    Hands not listed pay nothing (the bet loses). ``hands`` lists the names
    allowed, strongest first.
    """

    hands: Sequence[str]

    def expected_note(self) -> Note:
        return Note(N_("a table of hand: pays, like {{pair: 1, flush: 4}}"))

    def load(self, value: Any, recorded: bool = False) -> dict[str, int]:
        if not isinstance(value, Mapping):
            raise Problem(self.expected_note())
        table: dict[str, int] = {}
        for key, pays in value.items():
            if key not in self.hands:
                raise Problem(
                    Note(N_("hands among {hands} (found {found})"), hands=", ".join(self.hands), found=found_note(key))
                )
            try:
                table[key] = Whole(0).load_recorded(pays) if recorded else Whole(0).load(pays)
            except Problem:
                raise Problem(
                    Note(N_("a whole number 0 or more for '{key}' (found {found})"), key=key, found=found_note(pays))
                ) from None
        return {h: table[h] for h in self.hands if h in table}

    def load_recorded(self, value: Any) -> dict[str, int]:
        return self.load(value, recorded=True)

    def dump(self, value: Any) -> Any:
        return dict(value)

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {h: Whole(0).schema() for h in self.hands},
        }

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        paid = [f"{tr.p('hand', h.replace('_', ' '))} {n}:1" for h, n in value.items() if n]
        return ", ".join(paid) if paid else tr._("nothing")


@attrs.frozen
class Pair(Kind):
    """Two whole numbers, written ``[1, 2]``, such as the small and the big
    blind (that the big is not less than the small is the rules' cross
    check: the schema cannot say it)."""

    inner: Whole
    names: tuple[str, str] = ("small", "big")

    def expected_note(self) -> Note:
        first, second = self.names
        return Note(
            N_("a list of two whole numbers [{first}, {second}], each {bounds}"),
            first=first,
            second=second,
            bounds=self.inner.bounds_note(),
        )

    def load(self, value: Any) -> tuple[int, int]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise Problem(self.expected_note())
        try:
            first, second = self.inner.load(value[0]), self.inner.load(value[1])
        except Problem:
            raise Problem(self.expected_note()) from None
        return first, second

    def dump(self, value: Any) -> Any:
        return list(value)

    def schema(self) -> dict[str, Any]:
        item = self.inner.schema()
        return {"type": "array", "minItems": 2, "maxItems": 2, "items": item}

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        first, second = value
        return tr._("{first} and {second}").format(
            first=self.inner.words(first, tr), second=self.inner.words(second, tr)
        )


def rank_plural(rank: int, tr: Words = ENGLISH) -> str:
    """A rank's plural, as wild ranks are named: ``twos``, ``jacks``."""
    plurals = {
        2: tr.p("ranks", "twos"),
        3: tr.p("ranks", "threes"),
        4: tr.p("ranks", "fours"),
        5: tr.p("ranks", "fives"),
        6: tr.p("ranks", "sixes"),
        7: tr.p("ranks", "sevens"),
        8: tr.p("ranks", "eights"),
        9: tr.p("ranks", "nines"),
        10: tr.p("ranks", "tens"),
        11: tr.p("ranks", "jacks"),
        12: tr.p("ranks", "queens"),
        13: tr.p("ranks", "kings"),
        14: tr.p("ranks", "aces"),
    }
    return plurals[rank]


#: a rank's plural as a note's message id (the same words as :func:`rank_plural`'s)
_RANK_PLURALS = {
    2: N_("twos"),
    3: N_("threes"),
    4: N_("fours"),
    5: N_("fives"),
    6: N_("sixes"),
    7: N_("sevens"),
    8: N_("eights"),
    9: N_("nines"),
    10: N_("tens"),
    11: N_("jacks"),
    12: N_("queens"),
    13: N_("kings"),
    14: N_("aces"),
}


def ranks_note(ranks: Sequence[int]) -> Note | str:
    """:meth:`Ranks.words` as a note, to be said in the player's language.

    >>> str(ranks_note((2, 11, 14)))
    'twos, jacks and aces'
    """
    names = [Note(_RANK_PLURALS[r]) for r in ranks]
    if len(names) <= 1:
        return names[0] if names else ""
    return Note(N_("{names} and {last}"), names=Note.joined(names[:-1], ", "), last=names[-1])


def listed(names: list[str], tr: Words = ENGLISH) -> str:
    """Names joined as a list is said: ``a``, ``a and b``, ``a, b and c``."""
    if len(names) <= 1:
        return "".join(names)
    return tr._("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def unit_words(unit: str, n: int, tr: Words = ENGLISH) -> str:
    """A count with its unit: ``1 chip``, ``2 chips``."""
    counted = {
        "chip": lambda: tr.n("{n} chip", "{n} chips", n),
        "raise": lambda: tr.n("{n} raise", "{n} raises", n),
        "exchange": lambda: tr.n("{n} exchange", "{n} exchanges", n),
        "card": lambda: tr.n("{n} card", "{n} cards", n),
        "joker": lambda: tr.n("{n} joker", "{n} jokers", n),
        "box": lambda: tr.n("{n} box", "{n} boxes", n),
        "round": lambda: tr.n("{n} round", "{n} rounds", n),
    }
    return counted[unit]().format(n=n)


#: a rank as a card names it (any case): 2 to 10, T, J, Q, K, A
_RANK_LETTERS: dict[str, int] = {
    **{str(n): n for n in range(2, 11)},
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}


@attrs.frozen
class Ranks(Kind):
    """A list of card ranks, written as a card names them (``[2]`` for the
    deuces, ``[J]`` or ``[j]`` for the jacks; 2 to 10, T, J, Q, K, A) or as
    numbers (11 jack, 12 queen, 13 king, 14 ace). A rank named twice is left
    for the rules' cross-check to refuse, which names it.

    >>> Ranks().load([2, 11]), Ranks().load(["J", "a", 10, "T"]), Ranks().words((2, 11))
    ((2, 11), (11, 14, 10, 10), 'twos and jacks')
    """

    def expected_note(self) -> Note:
        return Note(N_("a list of ranks, like [2] or [J, Q] (2 to 10, J, Q, K, A; or 11 to 14 for jack to ace)"))

    def load(self, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise Problem(self.expected_note())
        ranks: list[int] = []
        for index, item in enumerate(value):
            if isinstance(item, str) and item.strip().upper() in _RANK_LETTERS:
                ranks.append(_RANK_LETTERS[item.strip().upper()])
                continue
            try:
                ranks.append(Whole(2, 14).load(item))
            except Problem:
                raise Problem(
                    Note(N_("a rank: 2 to 10, J, Q, K or A (or 11 to 14 for jack to ace)")), item=index
                ) from None
        return tuple(ranks)

    def dump(self, value: Any) -> Any:
        return list(value)

    def schema(self) -> dict[str, Any]:
        letters = sorted({*_RANK_LETTERS, *(k.lower() for k in _RANK_LETTERS)})
        return {"type": "array", "items": {"anyOf": [Whole(2, 14).schema(), {"type": "string", "enum": letters}]}}

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        if not value:
            return tr._("none")
        return listed([rank_plural(r, tr) for r in value], tr)


@attrs.frozen
class Names(Kind):
    """A list of short one-line texts, such as rulesets by shipped name or
    path: ``[morkpoker, jackpots]``."""

    most: int = 8
    max_length: int = 200

    def expected_note(self) -> Note:
        return Note(
            N_("a list of at most {most} names (texts of one line), like [morkpoker, jackpots]"), most=self.most
        )

    def load(self, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or len(value) > self.most:
            raise Problem(self.expected_note())
        out: list[str] = []
        for item in value:
            if not isinstance(item, str) or not item.strip() or len(item) > self.max_length:
                raise Problem(self.expected_note())
            if text_problem(item, one_line=True) is not None:
                raise Problem(self.expected_note())
            out.append(item)
        return tuple(out)

    def dump(self, value: Any) -> Any:
        return list(value)

    def schema(self) -> dict[str, Any]:
        item = {"type": "string", "minLength": 1, "maxLength": self.max_length, "pattern": "\\S", **ONE_LINE}
        return {"type": "array", "maxItems": self.most, "items": item}

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        return ", ".join(value) if value else tr._("none")


@attrs.frozen
class Money(Kind):
    """A chip's value: an amount and a currency, ``0.50 NOK``, exact to the
    currency's smallest unit (see :mod:`drawpoker.money`)."""

    def expected_note(self) -> Note:
        return Note(N_("an amount and a currency, like 0.50 NOK"))

    def load(self, value: Any) -> Any:
        return self._load(value, recorded=False)

    def load_recorded(self, value: Any) -> Any:
        """A history written before a chip value had to name a currency's code (``0.50 XYZ``) still reads."""
        return self._load(value, recorded=True)

    def _load(self, value: Any, recorded: bool) -> Any:
        from drawpoker.money import MoneyProblem, parse_chip_value

        if isinstance(value, bool) or not isinstance(value, str):
            raise Problem(self.expected_note())
        try:
            return parse_chip_value(value, recorded)
        except MoneyProblem as exc:
            raise Problem(exc.note) from None

    def dump(self, value: Any) -> Any:
        return value.dump()

    def schema(self) -> dict[str, Any]:
        from drawpoker.money import value_schema

        return value_schema()

    def words(self, value: Any, tr: Words = ENGLISH) -> str:
        return str(value.dump())
