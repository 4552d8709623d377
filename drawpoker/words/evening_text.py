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
from drawpoker.terminal import cells as width
from drawpoker.terminal import ljust_cells as ljust
from drawpoker.words.i18n import N_, Translator

__all__ = [
    "party",
    "amount_text",
    "payment_text",
    "settle_up_lines",
    "standings_lines",
    "payments_of",
    "money_of",
    "level_text",
]


def party(name: str, tr: Translator, capital: bool = False) -> str:
    """A player's name, or the house bank in words."""
    if name != BANK:
        return name
    return tr._("The bank") if capital else tr._("the bank")


def money_text(value: Any, units: int, tr: Translator, sign: bool = False) -> str:
    """An amount of money as the player's language writes it, with its
    currency: ``12.50 NOK``, in Norwegian ``12,50 NOK`` (``sign``: ``+12.50 NOK``
    for a gain). The histories and ``--json`` keep the point.

    >>> from drawpoker.money import parse_chip_value
    >>> from drawpoker.words.i18n import translator
    >>> value = parse_chip_value("0.50 NOK")
    >>> money_text(value, 1250, translator("en")), money_text(value, -50, translator("nb"), sign=True)
    ('12.50 NOK', '-0,50 NOK')
    """
    amount = tr.decimals(str(value.amount(units)))
    return f"{'+' if sign and units > 0 else ''}{amount} {value.currency}"


def amount_text(units: int, value: Any, tr: Translator) -> str:
    """An amount: money when chips have a value (``12.50 NOK``), else chips."""
    if value is not None:
        return money_text(value, units, tr)
    return tr.n("{n} chip", "{n} chips", abs(units)).format(n=units)


def has_text(name: str, n: int, tr: Translator) -> str:
    """A player's stack as words, never a name and a bare number: ``Anna has 40``."""
    return tr._("{name} has {n}").format(name=name, n=n)


def rebought_text(name: str, amount: int, tr: Translator) -> str:
    """A broke player bought again (a rebuy, Three Card Poker's too): ``Anna rebuys 40 chips.``"""
    return tr.n("{name} rebuys {amount} chip.", "{name} rebuys {amount} chips.", amount).format(
        name=name, amount=amount
    )


def gets_text(name: str, n: int, tr: Translator) -> str:
    """Chips given to a player: ``Anna gets 3``."""
    return tr._("{name} gets {n}").format(name=name, n=n)


def result_text(name: str, n: int | str, tr: Translator, down: bool = False) -> str:
    """A player's result: ``Anna wins 3``, ``Bjørn loses 2`` (``n`` a count, or an
    amount of money already written with ``down`` telling a loss), ``Cato breaks even``.

    >>> from drawpoker.words.i18n import translator
    >>> [result_text(who, n, translator("en")) for who, n in (("Anna", 3), ("Bo", -2), ("Cy", 0))]
    ['Anna wins 3', 'Bo loses 2', 'Cy breaks even']
    """
    if isinstance(n, int):
        if n == 0:
            return tr._("{name} breaks even").format(name=name)
        down, n = n < 0, abs(n)
    said = tr._("{name} loses {n}") if down else tr._("{name} wins {n}")
    return said.format(name=name, n=n)


def money_results(results: Sequence[Result], value: Any, tr: Translator, bank: int | None = None) -> str:
    """Each player's result in money, best first: ``Anna wins 6.50 NOK, Cato loses 2.50 NOK``; then
    a house bank's (``bank``: its result in chips), a party to the settle-up too."""
    out = []
    nets = [(r.name, r.net) for r in sorted(results, key=lambda r: -r.net)]
    for name, net in nets + ([] if bank is None else [(party(BANK, tr), bank)]):
        units = int(value.of(net))
        out.append(
            result_text(name, 0, tr)
            if not units
            else result_text(name, money_text(value, abs(units), tr), tr, units < 0)
        )
    return ", ".join(out)


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
    results: Sequence[Result],
    value: Any,
    tr: Translator,
    finished: bool = True,
    bank: int | None = None,
    columns: int | None = None,
) -> list[str]:
    """The standings, best result first: what each bought, has (or took away)
    and won or lost, in chips and in money. Within ``columns`` when given (the
    head wrapped where it is wider): a name too long to leave the numbers
    room on its line has a line of its own, the numbers below it in their
    columns; where not even the shortest name leaves them room, every name
    has its own line (no name is cut), the numbers under it."""
    rows = sorted(results, key=lambda r: (-r.net, r.name))
    head = tr._("Standings (every chip bought counted):") if finished else tr._("Standings so far:")
    has, took, bought = tr._("has {n}"), tr._("took {n}"), tr._("bought {n}")
    kept_width = max(width(has.format(n=" " * 5)), width(took.format(n=" " * 5)))
    numbers: list[tuple[str, str]] = []  # each party's name and the numbers after it
    for r in rows:
        # "has" what a player at the table has; one who took chips away before (left and sat down again)
        # took them and what they have, all counted: "took" then
        kept = (has if r.seated and r.cashed == r.stack else took).format(n=f"{r.cashed:>5}")
        said = bought.format(n=f"{r.bought:>5}") + "  " + " " * (kept_width - width(kept)) + kept + f"  {r.net:>+6}"
        if value is not None:
            said += "  " + f"{money_text(value, value.of(r.net), tr, sign=True):>14}"
        numbers.append((r.name, said))
    if bank is not None:  # (no chips bought or kept: its result under the players')
        said = " " * (width(bought.format(n=" " * 5)) + 2 + kept_width) + f"  {bank:>+6}"
        if value is not None:
            said += "  " + f"{money_text(value, value.of(bank), tr, sign=True):>14}"
        numbers.append((party(BANK, tr, capital=True), said))
    first = max([12, *(width(name) + 1 for name, _ in numbers)])
    most = max(width(said.rstrip()) for _, said in numbers) if numbers else 0
    if columns is not None and 2 + first + most > columns:
        fitting = [width(name) + 1 for name, _ in numbers if 2 + width(name) + 1 + most <= columns]
        first = max([12, *fitting]) if 2 + 12 + most <= columns else 0
    if columns is not None:  # (the head a paragraph as any other; the rows are not broken)
        from drawpoker.wrapping import wrap

        out = wrap(head, columns)
    else:
        out = [head]
    # the numbers under a name on its own line: in their column, or (no name leaves them room) a short
    # indent, shorter where the numbers need it (a Norwegian row at 40 columns)
    under = 2 + first if first else max(2, min(6, columns - most if columns is not None else 6))
    for name, said in numbers:
        if first and width(name) < first:
            out.append("  " + ljust(name, first) + said)
        else:  # the name on its own line (or lines, when it is wider than they are), the numbers below it
            out += ["  " + part for part in _pieces(name, columns - 2 if columns else None)]
            out.append(" " * under + said)
    return out


def _pieces(text: str, most: int | None) -> list[str]:
    """``text`` whole, or in pieces of at most ``most`` columns where it is wider."""
    if most is None or width(text) <= most:
        return [text]
    pieces = [""]
    for ch in text:
        if pieces[-1] and width(pieces[-1] + ch) > most:
            pieces.append("")
        pieces[-1] += ch
    return pieces


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards)


_LEVEL_WORDS = {"easy": N_("easy"), "sensible": N_("sensible"), "strong": N_("strong")}


def level_text(level: str, tr: Translator) -> str:
    """A level in the player's words; a bot of one's own by its file's name
    (or module) and its class, made visible."""
    if level in _LEVEL_WORDS:
        return tr._(_LEVEL_WORDS[level])
    from drawpoker.terminal import visible

    where, _, name = level.rpartition(":")
    return visible(f"{where.replace(chr(92), '/').rpartition('/')[2]}:{name}")


def evening_event_text(
    event: Any,
    names: Sequence[str],
    tr: Translator,
    cards: Any = _cards,
    rounds: bool = False,
    blinds_vary: bool = False,
    rebuy: bool = False,
) -> str | None:
    """What one of the evening's events says, as the log and the replay tell it
    (``names``: the table after it; ``cards`` writes cards; ``rounds``: the
    game plays rounds, Three Card Poker, not deals; ``blinds_vary``: a dealer's
    choice of games with blinds and without, :func:`drawpoker.rules.model.blinds_vary`,
    where one waiting for the big blind or owing blinds is dealt in by a deal
    without them, docs/rules.md 6.2; ``rebuy``: a ``PlayerJoined`` seats a player back
    after leaving without chips, with a rebuy, :func:`drawpoker.games.evening.joined_as_rebuy`);
    None for any other event."""
    kind = type(event).__name__
    if kind == "SeatsDrawn":
        drawn = ", ".join(f"{name} {cards((card,))}" for name, card in zip(event.names, event.cards, strict=False))
        return tr._("The seats are drawn: {drawn}; they sit {order}.").format(drawn=drawn, order=", ".join(names))
    if kind == "DealerDrawn":
        drawn = ", ".join(
            f"{names[seat]} {cards((card,))}" for seat, card in zip(event.seats, event.cards, strict=False)
        )
        return tr._("The draw for the first dealer: {drawn}; {name} deals first.").format(
            drawn=drawn, name=names[event.dealer]
        )
    if kind == "PlayerJoined":
        text = (
            tr.n(
                "{name} sits down again in seat {seat} with a rebuy of {n} chip (left with none).",
                "{name} sits down again in seat {seat} with a rebuy of {n} chips (left with none).",
                event.stack,
            )
            if rebuy
            else tr.n(
                "{name} sits down in seat {seat} with {n} chip.",
                "{name} sits down in seat {seat} with {n} chips.",
                event.stack,
            )
        ).format(name=event.name, seat=event.seat + 1, n=event.stack)
        if event.bot:
            text += " " + tr._("The computer plays {name} ({level}).").format(
                name=event.name, level=level_text(event.bot, tr)
            )
        return text + _blinds_owed(event, event.name, tr, blinds_vary, joined=True)
    if kind == "PlayerLeft":
        return tr.n(
            "{name} leaves the table with {n} chip.", "{name} leaves the table with {n} chips.", event.stack
        ).format(name=event.name, n=event.stack)
    if kind == "PlayerAway":
        return tr._("{name} sits out (keeping the chips).").format(name=names[event.seat])
    if kind == "PlayerBack":
        text = tr._("{name} is back.").format(name=names[event.seat])
        return text + _blinds_owed(event, names[event.seat], tr, blinds_vary)
    if kind == "SeatTakenOver":
        text = tr._("The computer plays for {name} ({level}; the chips stay {name}'s).").format(
            name=names[event.seat], level=level_text(event.strategy, tr)
        )
        return text + _blinds_owed(event, names[event.seat], tr, blinds_vary)
    if kind == "SeatHandedBack":
        return tr._("{name} plays in person again.").format(name=names[event.seat])
    if kind == "AddOnBought":
        return tr.n(
            "{name} buys {n} more chip (an add-on).", "{name} buys {n} more chips (an add-on).", event.amount
        ).format(name=names[event.seat], n=event.amount)
    if kind == "RebuyDeclined":
        return tr._("{name} does not buy again.").format(name=names[event.seat])
    if kind == "RequestMade":
        name = event.name if event.what == "join" else names[event.seat]
        if rounds:
            said = {
                "join": tr._("{name} sits down when this round ends."),
                "leave": tr._("{name} leaves when this round ends."),
                "sit_out": tr._("{name} sits out from the next round."),
                "come_back": tr._("{name} is back for the next round."),
                "take_over": tr._("The computer plays for {name} from the next round."),
                "hand_back": tr._("{name} plays in person again from the next round."),
            }
        else:
            said = {
                "join": tr._("{name} sits down when this deal ends."),
                "leave": tr._("{name} leaves when this deal ends."),
                "sit_out": tr._("{name} sits out from the next deal."),
                "come_back": tr._("{name} is back for the next deal."),
                "take_over": tr._("The computer plays for {name} from the next deal."),
                "hand_back": tr._("{name} plays in person again from the next deal."),
            }
        return said[event.what].format(name=name)
    if kind == "RequestWithdrawn":
        taken_back = {
            "join": tr._("{name} does not sit down after all."),
            "leave": tr._("{name} stays after all."),
            "sit_out": tr._("{name} does not sit out after all."),
            "come_back": tr._("{name} stays sitting out after all."),
            "take_over": tr._("The computer does not play for {name} after all."),
            "hand_back": tr._("The computer goes on playing for {name} after all."),
        }
        return taken_back[event.what].format(name=event.name)
    if kind == "EndAgreed":
        if rounds:
            return tr._("The table agrees to end the evening after round {n}.").format(n=event.last)
        return tr._("The table agrees to end the evening after deal {n}.").format(n=event.last)
    if kind == "PlayerDealtIn":
        return tr._("{name} is dealt in from this deal.").format(name=names[event.seat])
    if kind == "MissedBlindsPosted":
        if event.dead:
            return tr._("{name} posts the blinds missed: {live} live and {dead} dead.").format(
                name=names[event.seat], live=event.live, dead=event.dead
            )
        return tr._("{name} posts a big blind of {live}.").format(name=names[event.seat], live=event.live)
    if kind == "CarriedPotReturned":
        if not event.shares:  # (version 3 of the rules of the evening or before: everyone had left)
            return tr._(
                "The evening ends with a pot carried and nobody left at the table to take it back; "
                "the standings count it as given back to those who paid into it."
            )
        shares = ", ".join(gets_text(names[seat], chips, tr) for seat, chips in event.shares)
        return tr._("The evening ends with a pot carried: it goes back to those who paid into it: {shares}.").format(
            shares=shares
        )
    return None


def _blinds_owed(event: Any, name: str, tr: Translator, blinds_vary: bool, joined: bool = False) -> str:
    """What ``name`` (sitting down, back, or played by the computer) waits for or owes. In a dealer's
    choice of games with blinds and without, the next deal's game decides: one without blinds deals
    them in at once, owing nothing (docs/rules.md 6.2: in ante games a newcomer simply antes)."""
    if event.waiting:
        if blinds_vary:
            said = tr._(
                "{name} waits for the big blind if the next deal is played with blinds; otherwise {name} is dealt in."
            )
        else:
            said = tr._("{name} waits for the big blind.")
    elif event.owes == 2 or (event.owes and not joined):  # (one who left having missed the blinds, sitting down again)
        if blinds_vary:
            said = tr._("{name} posts the blinds missed in the next deal if it is played with blinds.")
        else:
            said = tr._("{name} posts the blinds missed in the next deal.")
    elif event.owes:  # a newcomer where the house has them post a big blind at once
        if blinds_vary:
            said = tr._("{name} posts a big blind in the next deal if it is played with blinds.")
        else:
            said = tr._("{name} posts a big blind in the next deal.")
    else:
        return ""
    return " " + said.format(name=name)
