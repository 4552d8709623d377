"""Chips worth money: a chip's value in a currency, exact to its smallest unit.

A house may give chips a value (``session.chip_value: 0.50 NOK``, RULES.md
6.4). A value is kept as a whole number of the currency's smallest units
(50 øre), so every result in money is exact: chips times units, never a
float. A value that is not a whole number of smallest units (``0.333 NOK``:
the krone has two decimals), not more than nothing, or without a currency
is refused with one sentence.

Pure: no I/O.

>>> value = parse_chip_value("0.50 NOK")
>>> value.units, value.currency, value.text(value.of(25))
(50, 'NOK', '12.50 NOK')
>>> parse_chip_value("100 JPY").text(-300)
'-30000 JPY'
"""

from __future__ import annotations

import re

import attrs

from drawpoker.notes import N_, Note

__all__ = ["ChipValue", "MoneyProblem", "parse_chip_value", "decimals_of"]

#: the decimals of the currencies a home game is likely to meet (ISO 4217); any other code has 2
_DECIMALS = {
    "BHD": 3,
    "CLP": 0,
    "ISK": 0,
    "JOD": 3,
    "JPY": 0,
    "KRW": 0,
    "KWD": 3,
    "OMR": 3,
    "PYG": 0,
    "TND": 3,
    "UGX": 0,
    "VND": 0,
    "XAF": 0,
    "XOF": 0,
}
#: the most smallest units a chip may be worth (a million kroner a chip is no home game)
MOST_UNITS = 10**8

_VALUE = re.compile(r"(?P<amount>[0-9]+(?:[.,][0-9]+)?)\s*(?P<currency>[A-Za-z]{3})")
_VALUE_FIRST = re.compile(r"(?P<currency>[A-Za-z]{3})\s*(?P<amount>[0-9]+(?:[.,][0-9]+)?)")


def decimals_of(currency: str) -> int:
    """How many decimals the currency's smallest unit has (2 for most)."""
    return _DECIMALS.get(currency.upper(), 2)


class MoneyProblem(ValueError):
    """A chip value that is not money: ``note`` says why."""

    def __init__(self, note: Note) -> None:
        super().__init__(str(note))
        self.note = note


@attrs.frozen
class ChipValue:
    """What one chip is worth: ``units`` of the currency's smallest unit."""

    units: int
    currency: str

    @property
    def decimals(self) -> int:
        """The currency's decimals."""
        return decimals_of(self.currency)

    def of(self, chips: int) -> int:
        """``chips`` in smallest units (exact)."""
        return chips * self.units

    def amount(self, units: int) -> str:
        """An amount of smallest units as a number: ``12.50``, ``-3.00``, ``300``."""
        sign = "-" if units < 0 else ""
        whole, part = divmod(abs(units), 10**self.decimals)
        if not self.decimals:
            return f"{sign}{whole}"
        return f"{sign}{whole}.{part:0{self.decimals}d}"

    def text(self, units: int) -> str:
        """An amount with its currency: ``12.50 NOK``."""
        return f"{self.amount(units)} {self.currency}"

    def dump(self) -> str:
        """How a ruleset writes the value: ``0.50 NOK``."""
        return self.text(self.units)


def parse_chip_value(text: object) -> ChipValue:
    """A chip value from ``0.50 NOK`` (or ``NOK 0.50``, ``0,50 nok``);
    :class:`MoneyProblem` says in one sentence why a text is not one."""
    if not isinstance(text, str):
        raise MoneyProblem(Note(N_("an amount and a currency, like 0.50 NOK")))
    cleaned = " ".join(text.split())
    match = _VALUE.fullmatch(cleaned) or _VALUE_FIRST.fullmatch(cleaned)
    if cleaned.startswith("-") or "-" in cleaned:
        raise MoneyProblem(Note(N_("a chip's value must be more than nothing, not {value}"), value=text))
    if match is None:
        raise MoneyProblem(Note(N_("an amount and a currency, like 0.50 NOK, not {value}"), value=text))
    currency = match.group("currency").upper()
    amount = match.group("amount").replace(",", ".")
    whole, _, part = amount.partition(".")
    decimals = decimals_of(currency)
    if len(part.rstrip("0")) > decimals:
        if decimals == 0:
            raise MoneyProblem(
                Note(
                    N_("{value} is not money: {currency} has no smaller unit, so a chip is worth a whole number"),
                    value=text,
                    currency=currency,
                )
            )
        raise MoneyProblem(
            Note(
                N_("{value} is not money: {currency} has {decimals} decimals, so a chip's value has no more"),
                value=text,
                currency=currency,
                decimals=decimals,
            )
        )
    units = int(whole) * 10**decimals + int((part + "0" * decimals)[:decimals] or "0")
    if units <= 0:
        raise MoneyProblem(Note(N_("a chip's value must be more than nothing, not {value}"), value=text))
    if units > MOST_UNITS:
        raise MoneyProblem(Note(N_("{value} is more than a chip of a home game is worth"), value=text))
    return ChipValue(units, currency)
