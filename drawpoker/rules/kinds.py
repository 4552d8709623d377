"""The kinds of value a house-rules setting can hold.

A kind turns a YAML value into a typed value (or says what it expected),
turns it back into plain data for YAML/JSON, and describes itself as JSON
Schema. The rules model attaches one kind to each field.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

__all__ = [
    "Problem",
    "Kind",
    "Whole",
    "Flag",
    "Choice",
    "Ratio",
    "Maybe",
    "Paytable",
    "Text",
]


class Problem(Exception):
    """A value that does not fit its kind: what was expected."""

    def __init__(self, expected: str) -> None:
        super().__init__(expected)
        self.expected = expected


def found(value: Any) -> str:
    """How an offending YAML value is shown in a message."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


class Kind(ABC):
    """Base class: load from YAML data, dump to plain data, JSON Schema."""

    @abstractmethod
    def load(self, value: Any) -> Any:
        """The typed value of a YAML value, or :class:`Problem`."""

    def dump(self, value: Any) -> Any:
        """The typed value as plain data for YAML and JSON."""
        return value

    @abstractmethod
    def schema(self) -> dict[str, Any]:
        """This kind as JSON Schema."""

    def words(self, value: Any) -> str:
        """The value as a player reads it."""
        return str(self.dump(value))


@attrs.frozen
class Whole(Kind):
    """A whole number of chips, cards, deals... within bounds."""

    minimum: int = 0
    maximum: int | None = None
    unit: str = ""

    def expected(self) -> str:
        if self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.minimum == 0:
            return "a whole number, 0 or more"
        return f"a whole number, {self.minimum} or more"

    def load(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise Problem(self.expected())
        number: int = value
        if number < self.minimum or (self.maximum is not None and number > self.maximum):
            raise Problem(self.expected())
        return number

    def schema(self) -> dict[str, Any]:
        s: dict[str, Any] = {"type": "integer", "minimum": self.minimum}
        if self.maximum is not None:
            s["maximum"] = self.maximum
        return s

    def words(self, value: Any) -> str:
        if not self.unit:
            return str(value)
        unit = self.unit if value == 1 else self.unit + "s"
        return f"{value} {unit}"


@attrs.frozen
class Flag(Kind):
    """Yes or no."""

    def load(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise Problem("true or false")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def words(self, value: Any) -> str:
        return "yes" if value else "no"


@attrs.frozen
class Text(Kind):
    """A short free text, such as a ruleset's description."""

    max_length: int = 300

    def load(self, value: Any) -> str:
        if not isinstance(value, str) or len(value) > self.max_length:
            raise Problem(f"a text of at most {self.max_length} characters")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": self.max_length}


@attrs.frozen
class Choice(Kind):
    """One of a few named options; ``meanings`` explain each in words."""

    meanings: Mapping[str, str]

    def expected(self) -> str:
        names = [f"'{n}'" for n in self.meanings]
        return "one of " + ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]

    def load(self, value: Any) -> str:
        if not isinstance(value, str) or value not in self.meanings:
            raise Problem(self.expected())
        return value

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.meanings)}

    def words(self, value: Any) -> str:
        return self.meanings[value]


@attrs.frozen
class Ratio(Kind):
    """A fraction between bounds, written ``1/2``, ``0.5`` or ``1``."""

    minimum: Fraction = Fraction(0)
    maximum: Fraction = Fraction(1)

    def expected(self) -> str:
        return f"a fraction from {self.minimum} to {self.maximum}, like 1/2 or 0.5"

    def load(self, value: Any) -> Fraction:
        if isinstance(value, bool):
            raise Problem(self.expected())
        try:
            if isinstance(value, (int, float)):
                result = Fraction(value).limit_denominator(1000)
            elif isinstance(value, str):
                result = Fraction(value.strip())
            else:
                raise Problem(self.expected())
        except (ValueError, ZeroDivisionError):
            raise Problem(self.expected()) from None
        if not self.minimum <= result <= self.maximum:
            raise Problem(self.expected())
        return result

    def dump(self, value: Any) -> Any:
        return str(value)

    def schema(self) -> dict[str, Any]:
        return {
            "anyOf": [
                {"type": "number", "minimum": float(self.minimum), "maximum": float(self.maximum)},
                {"type": "string", "pattern": r"^\s*\d+\s*/\s*\d+\s*$"},
            ]
        }

    def words(self, value: Any) -> str:
        return {Fraction(1, 2): "half", Fraction(1): "a whole", Fraction(0): "any part"}.get(value, str(value))


@attrs.frozen
class Maybe(Kind):
    """A value of another kind, or a word (such as ``unlimited``) for none."""

    inner: Kind
    none_word: str = "none"
    none_meaning: str = "none"

    def load(self, value: Any) -> Any:
        if value is None or value == self.none_word:
            return None
        if value is False and self.none_word == "no":  # YAML 1.1 reads a bare no as false
            return None
        try:
            return self.inner.load(value)
        except Problem as p:
            raise Problem(f"{p.expected} or '{self.none_word}'") from None

    def dump(self, value: Any) -> Any:
        return self.none_word if value is None else self.inner.dump(value)

    def schema(self) -> dict[str, Any]:
        options = [self.inner.schema(), {"const": self.none_word}, {"type": "null"}]
        if self.none_word == "no":
            options.append({"const": False})
        return {"anyOf": options}

    def words(self, value: Any) -> str:
        return self.none_meaning if value is None else self.inner.words(value)


@attrs.frozen
class Paytable(Kind):
    """Payouts "to one" by hand name, e.g. ``{pair: 1, flush: 4}``.

    Hands not listed pay nothing (the bet loses). ``hands`` lists the names
    allowed, strongest first.
    """

    hands: Sequence[str]

    def load(self, value: Any) -> dict[str, int]:
        if not isinstance(value, Mapping):
            raise Problem("a table of hand: pays, like {pair: 1, flush: 4}")
        table: dict[str, int] = {}
        for key, pays in value.items():
            if key not in self.hands:
                raise Problem("hands among " + ", ".join(self.hands) + f" (found '{key}')")
            if isinstance(pays, bool) or not isinstance(pays, int) or pays < 0:
                raise Problem(f"a whole number 0 or more for '{key}' (found {found(pays)})")
            table[key] = pays
        return {h: table[h] for h in self.hands if h in table}

    def dump(self, value: Any) -> Any:
        return dict(value)

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {h: {"type": "integer", "minimum": 0} for h in self.hands},
        }

    def words(self, value: Any) -> str:
        paid = [f"{h.replace('_', ' ')} {n}:1" for h, n in value.items() if n]
        return ", ".join(paid) if paid else "nothing"
