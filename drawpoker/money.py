"""Chips worth money: a chip's value in a currency, exact to its smallest unit.

A house may give chips a value (``session.chip_value: 0.50 NOK``, docs/rules.md
6.4). A value is kept as a whole number of the currency's smallest units
(50 øre), so every result in money is exact: chips times units, never a
float. A value that is not a whole number of smallest units (``0.333 NOK``:
the krone has two decimals), not more than nothing, or without a currency
is refused with one sentence (what a chip value looks like: a rules file says
"expected ..., found '0.333 NOK'").

Pure: no I/O.

>>> value = parse_chip_value("0.50 NOK")
>>> value.units, value.currency, value.text(value.of(25))
(50, 'NOK', '12.50 NOK')
>>> yen = parse_chip_value("100 jpy")
>>> yen.text(yen.of(-3))
'-300 JPY'
"""

from __future__ import annotations

import re

import attrs

from drawpoker.notes import N_, Note

__all__ = ["ChipValue", "MoneyProblem", "parse_chip_value", "decimals_of", "value_schema", "CURRENCIES"]

#: the currencies' codes (ISO 4217: the currencies in use; not the funds, the metals, the testing code
#: XTS nor XXX, "no currency"); a chip value names one of them
CURRENCIES = frozenset(
    """
    AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD
    CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD
    GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT
    LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR
    NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP
    STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG
    XOF XPF YER ZAR ZMW ZWG
    """.split()  # noqa: SIM905 (the codes as a table reads them)
)
#: the currencies whose smallest unit is not the hundredth (ISO 4217's minor units); the others have 2
_DECIMALS = {
    "BHD": 3,
    "BIF": 0,
    "CLP": 0,
    "DJF": 0,
    "GNF": 0,
    "IQD": 3,
    "ISK": 0,
    "JOD": 3,
    "JPY": 0,
    "KMF": 0,
    "KRW": 0,
    "KWD": 3,
    "LYD": 3,
    "OMR": 3,
    "PYG": 0,
    "RWF": 0,
    "TND": 3,
    "UGX": 0,
    "VND": 0,
    "VUV": 0,
    "XAF": 0,
    "XOF": 0,
    "XPF": 0,
}
#: how a chip value is written: an amount (at most six digits before the point, a point or a
#: comma) and a currency's three-letter code, spaces around them
_VALUE = re.compile(r" *(?P<whole>[0-9]{1,6})(?:[.,](?P<part>[0-9]*))? *(?P<currency>[A-Za-z]{3}) *")
#: an amount, wherever it stands (to find what was written beside it instead of a code)
_AMOUNT = re.compile(r"[0-9]+(?:[.,][0-9]*)?")
_KRONER = ("NOK", "SEK", "DKK", "ISK")
#: a currency's sign or word (folded) -> the codes it may mean: said, none guessed ("0.50 kr": NOK, SEK, DKK or ISK)
_SIGNS = {
    **dict.fromkeys(("kr", "kr.", "kroner", "krone", "kronor", "krona", "krónur", "króna"), _KRONER),
    **dict.fromkeys(("€", "euro", "euros"), ("EUR",)),
    **dict.fromkeys(("£", "pound", "pounds"), ("GBP",)),
    **dict.fromkeys(("$", "dollar", "dollars"), ("USD", "CAD", "AUD", "NZD")),
    **dict.fromkeys(("¥", "yen"), ("JPY",)),
}


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


def parse_chip_value(text: object, recorded: bool = False) -> ChipValue:
    """A chip value from ``0.50 NOK`` (or ``0,5 nok``); :class:`MoneyProblem`
    says in one sentence what a chip value is when ``text`` is not one.
    ``recorded``: a value a history holds, whose three letters need be no
    currency's code (histories written before codes were checked still read)."""
    match = _VALUE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        if isinstance(text, str) and text.strip().startswith("-"):
            raise MoneyProblem(Note(N_("an amount of more than nothing and a currency, like 0.50 NOK")))
        sign = _sign_of(text) if isinstance(text, str) else None
        if sign is not None:
            codes = _SIGNS[sign.casefold()]
            either = (
                codes[0]
                if len(codes) == 1
                else Note(N_("{items} or {last}"), items=", ".join(codes[:-1]), last=codes[-1])
            )
            raise MoneyProblem(
                Note(
                    N_("an amount and a currency's three-letter code, like 0.50 NOK ('{sign}' is {codes})"),
                    sign=sign,
                    codes=either,
                )
            )
        raise MoneyProblem(Note(N_("an amount and a currency, like 0.50 NOK")))
    currency = match.group("currency").upper()
    if currency not in CURRENCIES and not recorded:  # a slip ("0.50 NKO") or no currency ("0.50 XYZ"): none guessed
        raise MoneyProblem(_no_currency(match.group("currency")))
    part = match.group("part") or ""
    decimals = decimals_of(currency)
    if len(part.rstrip("0")) > decimals:
        if decimals == 0:
            raise MoneyProblem(
                Note(
                    N_("a whole amount of {currency}, which has no smaller unit, like 100 {currency}"),
                    currency=currency,
                )
            )
        raise MoneyProblem(
            Note(
                N_(
                    "an amount of {currency} with at most {decimals} decimals (its smallest unit), like 0.50 {currency}"
                ),
                currency=currency,
                decimals=decimals,
            )
        )
    units = int(match.group("whole")) * 10**decimals + int((part + "0" * decimals)[:decimals] or "0")
    if units <= 0:
        raise MoneyProblem(Note(N_("an amount of more than nothing and a currency, like 0.50 NOK")))
    return ChipValue(units, currency)


def _no_currency(code: str) -> Note:
    """What a chip value needs, said to one whose three letters are no currency's code (the codes
    it may be a slip for named, as a sign's are: "'NKO' is no currency's code; NOK?")."""
    import difflib

    near = difflib.get_close_matches(code.upper(), sorted(CURRENCIES), n=3, cutoff=0.6)
    if near:
        either = near[0] if len(near) == 1 else Note(N_("{items} or {last}"), items=", ".join(near[:-1]), last=near[-1])
        return Note(
            N_(
                "an amount and a currency's three-letter code, like 0.50 NOK ('{code}' is no currency's code; {codes}?)"
            ),
            code=code,
            codes=either,
        )
    return Note(
        N_("an amount and a currency's three-letter code, like 0.50 NOK ('{code}' is no currency's code)"), code=code
    )


def _sign_of(text: str) -> str | None:
    """The currency's sign or word written beside one amount instead of its code (``0.50 kr``,
    ``kr 0,50``: ``kr``; ``1 KR``: ``KR``, as written), when :data:`_SIGNS` knows it; else None."""
    amounts = _AMOUNT.findall(text)
    if len(amounts) != 1:
        return None
    before, _, after = text.partition(amounts[0])
    if before.strip() and after.strip():
        return None
    sign = (before + after).strip()
    return sign if sign.casefold() in _SIGNS else None


def _any_case(code: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" for c in code)


def value_schema() -> dict[str, object]:
    """JSON Schema of a chip value: exactly what :func:`parse_chip_value` takes."""
    by_decimals: dict[int, list[str]] = {}
    for code in sorted(CURRENCIES):
        by_decimals.setdefault(decimals_of(code), []).append(_any_case(code))
    not_zero = r"(?! *0*(?:[.,]0*)? *[A-Za-z]{3} *$)"
    patterns = [
        rf"^{not_zero} *[0-9]{{1,6}}(?:[.,][0-9]{{0,{decimals}}}0*)? *(?:{'|'.join(codes)}) *$"
        for decimals, codes in sorted(by_decimals.items())
    ]
    return {"type": "string", "anyOf": [{"pattern": pattern} for pattern in patterns]}
