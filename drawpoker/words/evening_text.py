"""The evening's results in words: standings counting every chip bought,
results in money, and the settle-up ("Cato pays Anna 12.50 NOK"), in the
player's language. Shared by ``drawpoker history``, ``drawpoker
standings`` and the table's last screen.

>>> from drawpoker.money import parse_chip_value
>>> from drawpoker.words.i18n import translator
>>> payment_text(("Cato", "Anna", 1250), parse_chip_value("0.50 NOK"), translator("en"))
'Cato pays Anna 12.50 NOK'
>>> payment_text(("", "Anna", 3), None, translator("nb"))
'Banken betaler Anna 3 sjetonger'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drawpoker.ledger import BANK, Result
from drawpoker.payments import settle_up
from drawpoker.words.i18n import Translator

__all__ = [
    "party",
    "amount_text",
    "payment_text",
    "settle_up_lines",
    "standings_lines",
    "payments_of",
    "money_of",
]


def width(text: str) -> int:
    """Terminal cells a text takes: wide characters two, combining marks none."""
    import unicodedata

    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def ljust(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal cells."""
    return text + " " * max(0, columns - width(text))


def party(name: str, tr: Translator, capital: bool = False) -> str:
    """A player's name, or the house bank in words."""
    if name != BANK:
        return name
    return tr._("The bank") if capital else tr._("the bank")


def amount_text(units: int, value: Any, tr: Translator) -> str:
    """An amount: money when chips have a value (``12.50 NOK``), else chips."""
    if value is not None:
        return str(value.text(units))
    return tr.n("{n} chip", "{n} chips", abs(units)).format(n=units)


def signed(value: Any, units: int) -> str:
    """A result in money with its sign: ``+6.50 NOK``, ``-2.50 NOK``."""
    return ("+" if units > 0 else "") + str(value.text(units))


def money_of(chips: int, value: Any) -> int:
    """Chips in the currency's smallest units (chips themselves without a value)."""
    return chips if value is None else int(value.of(chips))


def payments_of(parties: dict[str, int], value: Any) -> list[tuple[str, str, int]]:
    """The settle-up of the parties' results (chips) in money's smallest units, or chips."""
    return settle_up({name: money_of(net, value) for name, net in parties.items()})


def payment_text(payment: tuple[str, str, int], value: Any, tr: Translator) -> str:
    """``Cato pays Anna 12.50 NOK``."""
    payer, payee, units = payment
    return tr._("{payer} pays {payee} {amount}").format(
        payer=party(payer, tr, capital=True), payee=party(payee, tr), amount=amount_text(units, value, tr)
    )


def settle_up_lines(
    payments: Sequence[tuple[str, str, int]], value: Any, tr: Translator, finished: bool = True
) -> list[str]:
    """The settle-up: a heading and one line per payment."""
    head = tr._("Settle-up:") if finished else tr._("Settle-up so far:")
    if not payments:
        return [head, "  " + tr._("Nobody owes anybody anything.")]
    return [head] + ["  " + payment_text(p, value, tr) for p in payments]


def standings_lines(
    results: Sequence[Result], value: Any, tr: Translator, finished: bool = True, bank: int | None = None
) -> list[str]:
    """The standings, best result first: what each bought, has (or took away)
    and won or lost, in chips and in money."""
    rows = sorted(results, key=lambda r: (-r.net, r.name))
    head = tr._("Standings (every chip bought counted):") if finished else tr._("Standings so far:")
    first = max([12, *(width(r.name) + 1 for r in rows)])
    out = [head]
    has, took = tr._("has {n}"), tr._("took {n}")
    kept_width = max(width(has.format(n=" " * 5)), width(took.format(n=" " * 5)))
    for r in rows:
        kept = (has if r.seated else took).format(n=f"{r.cashed:>5}")
        line = (
            "  "
            + ljust(r.name, first)
            + tr._("bought {n}").format(n=f"{r.bought:>5}")
            + "  "
            + " " * (kept_width - width(kept))
            + kept
            + f"  {r.net:>+6}"
        )
        if value is not None:
            line += "  " + f"{signed(value, value.of(r.net)):>14}"
        out.append(line)
    if bank is not None:
        line = "  " + ljust(party(BANK, tr, capital=True), first) + " " * 28 + f"{bank:>+6}"
        if value is not None:
            line += "  " + f"{signed(value, value.of(bank)):>14}"
        out.append(line)
    return out
