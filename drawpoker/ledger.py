"""The ledger of an evening: each player's chips bought and taken away, a
fold over the session's events (DESIGN.md: "the evening is events too").

Every chip a player bought counts: the first stack, a newcomer's buy-in,
rebuys and add-ons; every chip taken away counts: the stack at leaving (the
cash-out) and, at the end, the stack in front of the player. A player's
result is what was taken away less what was bought (docs/rules.md 6.3). An
evening not finished is counted "so far": the stacks after the last deal
that ended. The same name sitting down again later the same evening is the
same player, in any case (the table takes no two names that differ only
in case: ``bjørn`` coming back is ``Bjørn``, named as he first sat down).

Pure: events in, numbers out.

>>> from drawpoker.games.draw import events as ev
>>> ledger = Ledger()
>>> for event in (ev.SessionStarted(("Anna", "Bjørn"), (40, 40), 0), ev.PlayerRebought(1, 40),
...               ev.SessionEnded("deals")):
...     ledger.feed(event)
>>> [(r.name, r.bought, r.net) for r in ledger.results()]
[('Anna', 40, 0), ('Bjørn', 80, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

__all__ = ["Result", "Ledger", "BANK", "ledger_of"]

#: the party of a house bank in a settle-up (no player's name is empty)
BANK = ""


@attrs.define
class Result:
    """One player's evening."""

    name: str
    bought: int = 0  # every chip bought: the first stack or buy-in, rebuys, add-ons
    rebought: int = 0  # of them, the chips bought after sitting down (rebuys, add-ons)
    cashed: int = 0  # every chip taken away: at leaving, and (at the end) the stack
    stack: int = 0  # the stack at the end (or now); 0 after leaving
    deals: int = 0  # deals (rounds) the player was dealt into (Three Card Poker: and dealt, as the banker)
    biggest_pot: int = 0  # the most chips won in one deal (Three Card Poker: one round's winnings, as banker too)
    seated: bool = True  # still at the table at the end (or now)
    bought_back: int = 0  # of them, the buy-ins of sitting down again after leaving

    @property
    def net(self) -> int:
        """What the player won (positive) or lost (negative), in chips."""
        return self.cashed - self.bought


class Ledger:
    """The fold: :meth:`feed` each event of a session in order; :meth:`results`."""

    #: the events the ledger reads (by name); a reader may skip every other line
    NEEDED = frozenset(
        {
            "SessionStarted",
            "TableOpened",
            "PlayerJoined",
            "PlayerLeft",
            "PlayerRebought",
            "RebuyTaken",
            "AddOnBought",
            "CarriedPotReturned",
            "DealStarted",
            "RoundOpened",
            "CardsDealt",
            "BoxDealt",
            "PotAwarded",
            "BoxSettled",
            "WinningsPaid",
            "DealEnded",
            "RoundClosed",
            "SessionEnded",
            "TableClosed",
        }
    )

    def __init__(self) -> None:
        self.seats: list[str] = []  # the player in each seat ("": empty)
        self.stacks: list[int] = []  # after the last deal that ended, and what happened since
        self.players: dict[str, Result] = {}  # by name ignoring case
        self.deals = 0  # deals (rounds) started
        self.in_deal = False  # the last deal (round) started has not ended
        self.finished = False
        self.house = False  # Three Card Poker with a house bank
        self.bank = 0  # the house bank's result
        self.carried = 0  # a pot carried after the last deal that ended
        self.carried_by: list[int] = []  # what each seat's player paid into the carried pot
        self.out: list[bool] = []  # each seat out of the session (empty, or broke and sitting out)
        self.button = 0  # the button of the last deal that ended
        self._won: dict[int, int] = {}  # this deal: chips won per seat
        self._playing: list[str] = []  # this deal: who sat in each seat as it was dealt (a winner may leave at its end)
        self._in: set[int] = set()  # this round (Three Card Poker): the seats dealt a box
        self._dealer: int | None = None  # this round (Three Card Poker): the seat dealing, the banker (None: the house)
        self._dealt_from: list[int] = []  # this deal: each occupied seat's stack when it began (-1: empty)
        self._left_with: set[int] = set()  # this deal: the seats whose player left as it ended
        self._given_to_leavers_pot = 0  # this deal: a pot carried given back to nobody (see _given_to_leavers)
        # this deal: each leaver's name, what they had paid into the pot carried before it and
        # what they put in during it (see _given_to_leavers)
        self._paid_when_left: dict[int, tuple[str, int, int]] = {}

    # ------------------------------------------------------------ the fold

    def feed(self, event: Any) -> None:
        """Fold one event in."""
        handler = _HANDLERS.get(type(event).__name__)
        if handler is not None:
            handler(self, event)

    def _player(self, name: str) -> Result:
        key = name.casefold()
        result = self.players.get(key)
        if result is None:
            result = self.players[key] = Result(name)
        result.seated = True
        return result

    def _sat_down(self, names: Iterable[str], stacks: Iterable[int]) -> None:
        self.seats = list(names)
        self.stacks = list(stacks)
        self.carried_by = [0] * len(self.seats)
        self.out = [False] * len(self.seats)
        for name, stack in zip(self.seats, self.stacks, strict=False):
            self._player(name).bought += stack

    def _joined(self, e: Any) -> None:
        if e.seat == len(self.seats):
            self.seats.append("")
            self.stacks.append(0)
            self.carried_by.append(0)
            self.out.append(False)
        self.seats[e.seat] = e.name
        self.stacks[e.seat] = e.stack
        self.out[e.seat] = False
        back = e.name.casefold() in self.players  # (the same player, sitting down again)
        player = self._player(e.name)
        player.bought += e.stack
        if back:
            player.bought_back += e.stack

    def _left(self, e: Any) -> None:
        if self.in_deal and 0 <= e.seat < len(self._dealt_from) and self._dealt_from[e.seat] >= 0:
            this_deal = max(0, self._dealt_from[e.seat] - e.stack)  # (nobody won: what they put in)
            self._paid_when_left[e.seat] = (self.seats[e.seat], self.carried_by[e.seat], this_deal)
        player = self._player(self.seats[e.seat])
        player.cashed += e.stack
        player.seated = False
        self._left_with.add(e.seat)
        self.seats[e.seat] = ""
        self.stacks[e.seat] = 0
        self.out[e.seat] = True
        self.carried_by[e.seat] = 0  # what they paid into a carried pot is shared among those who paid

    def _bought(self, e: Any) -> None:
        self.stacks[e.seat] += e.amount
        player = self._player(self.seats[e.seat])
        player.bought += e.amount
        player.rebought += e.amount

    def _returned(self, e: Any) -> None:
        if not e.shares and self._paid_when_left:
            self._given_to_leavers_pot = self.carried + sum(during for _, _, during in self._paid_when_left.values())
        for seat, chips in e.shares:
            self.stacks[seat] += chips
        self.carried = 0
        self.carried_by = [0] * len(self.seats)

    def _given_to_leavers(self, button: int) -> None:
        """A pot carried given back to nobody: everyone at the table had left as the deal ended
        (a history of version 3 of the rules of the evening or before; version 4 gives it back
        before they go). Their results count it as given back to them as version 4 does: each
        what they paid into it, the chips of players who left before shared among them, odd
        chips clockwise from the button's left (docs/rules.md 6.6), so the results add up to
        nothing and can be settled."""
        from drawpoker.engine.pots import carried_return

        n = len(self.seats)
        paid = [0] * n
        for seat, (_, before, during) in self._paid_when_left.items():
            paid[seat] = before + during
        present = [seat in self._paid_when_left for seat in range(n)]
        for seat, chips in carried_return(self._given_to_leavers_pot, paid, present, button)[0]:
            self.players[self._paid_when_left[seat][0].casefold()].cashed += chips

    def _deal_started(self, e: Any) -> None:
        self.deals += 1
        self._paid_when_left = {}
        self._given_to_leavers_pot = 0
        self.in_deal = True
        self._won = {}
        self._playing = list(self.seats)
        self._in = set()
        self._left_with = set()
        self._dealt_from = [stack if name else -1 for name, stack in zip(self.seats, self.stacks, strict=False)]

    def _dealt(self, e: Any) -> None:
        if e.seat not in self._in:
            self._in.add(e.seat)
            self._player(self.seats[e.seat]).deals += 1
        if self._dealer is not None:
            self._dealer_plays()

    def _dealer_plays(self) -> None:
        """(Three Card Poker) A round dealt is a round played: the dealing player, the banker, plays
        it against every box, once a box is dealt (a round nobody bet in is played by nobody)."""
        dealer = self._dealer
        if dealer is not None and dealer not in self._in and self.seats[dealer]:
            self._in.add(dealer)
            self._player(self.seats[dealer]).deals += 1

    def _round_opened(self, e: Any) -> None:
        self._deal_started(e)
        dealer = getattr(e, "dealer", None)  # (a reader gives only what the ledger reads)
        self._dealer = dealer if dealer is not None and 0 <= dealer < len(self.seats) else None

    def _dealt_seats(self, e: Any) -> None:
        """Several seats dealt cards (a reader that found them at once)."""
        for seat in e.seats:
            if seat not in self._in:
                self._in.add(seat)
                self._player(self.seats[seat]).deals += 1
        if self._dealer is not None and e.seats:
            self._dealer_plays()

    def _pot(self, e: Any) -> None:
        for seat, chips in e.shares:
            self._won[seat] = self._won.get(seat, 0) + chips

    def _box_settled(self, e: Any) -> None:
        net = e.ante + e.play + e.ante_bonus + e.pair_plus + e.prime + e.six_card
        self._won[e.seat] = self._won.get(e.seat, 0) + net

    def _paid(self, e: Any) -> None:
        if e.unpaid:
            self._won[e.seat] = self._won.get(e.seat, 0) - e.unpaid

    def _deal_ended(self, e: Any) -> None:
        self.in_deal = False
        if self._given_to_leavers_pot:
            self._given_to_leavers(getattr(e, "button", 0))  # (the deal's button: said as it ends)
            self._given_to_leavers_pot = 0
        carried = getattr(e, "carried", 0)  # a passed-out deal's pot, carried to the next
        if carried and not self._won:  # passed out: what each player put in this deal stays in the pot
            left = self._left_with  # (a player who left as it ended: their chips are no seat's, see _left)
            for seat, start in enumerate(self._dealt_from):
                if start >= 0 and seat not in left:
                    self.carried_by[seat] += start - e.stacks[seat]
        elif not carried and self.carried:  # the carried pot was won, or given back
            self.carried_by = [0] * len(self.seats)
        self.stacks = list(e.stacks)
        self.carried = carried
        self.button = getattr(e, "button", 0)
        out = getattr(e, "out", None)
        if out is not None:
            self.out = list(out)
        for seat, won in self._won.items():
            # the winner by the seat as the deal was dealt: one who left as it ended won it all the same
            name = self._playing[seat] if seat < len(self._playing) and self._playing[seat] else self.seats[seat]
            player = self._player(name) if name else None
            if player is not None and won > player.biggest_pot:
                player.biggest_pot = won
        self._won = {}

    def _round_closed(self, e: Any) -> None:
        dealer = self._dealer
        if dealer is not None and not self.house and dealer in self._in:
            # the dealing player is the bank: what the bank won this round is theirs (a win as banker
            # counts as any round's win, docs/rules.md 5.8)
            self._won[dealer] = self._won.get(dealer, 0) + e.bank_net
        self._dealer = None
        self._deal_ended(e)
        if self.house:
            self.bank += e.bank_net

    def _table_opened(self, e: Any) -> None:
        self._sat_down(e.names, e.stacks)
        self.house = not e.rotating

    def _ended(self, e: Any) -> None:
        self.finished = True

    def named(self, name: str) -> str:
        """``name`` as the evening first met the player it names in any case
        ("anna" typed for Anna, who left, is "Anna"), else as given: the spelling
        an edge seats a player back under, so the seat, the log and the standings
        say one name.

        >>> from drawpoker.games.draw.events import SessionStarted
        >>> ledger = Ledger()
        >>> ledger.feed(SessionStarted(("Anna", "Bjørn"), (40, 40), 0))
        >>> ledger.named("anna"), ledger.named("Dag")
        ('Anna', 'Dag')
        """
        result = self.players.get(name.casefold())
        return name if result is None else result.name

    # ------------------------------------------------------------ the results

    def results(self) -> list[Result]:
        """Each player's evening (so far, if it has not ended), in order of sitting down."""
        out = {key: attrs.evolve(result, seated=False, stack=0) for key, result in self.players.items()}
        stacks = list(self.stacks)
        if self.carried:
            # So far, a pot still carried counts as it would go back were the evening to end now
            # (docs/rules.md 6.5: to those who paid into it, each what they paid, chips of players
            # who left since shared among them, odd chips clockwise from the button's left): the
            # results add up to nothing, so they can be settled.
            from drawpoker.engine.pots import carried_return

            present = [bool(name) and not out for name, out in zip(self.seats, self.out, strict=False)]
            for seat, chips in carried_return(self.carried, self.carried_by, present, self.button)[0]:
                stacks[seat] += chips
        for name, stack in zip(self.seats, stacks, strict=False):
            if name:
                result = out[name.casefold()]
                result.cashed += stack
                result.stack = stack
                result.seated = True
        return list(out.values())

    def parties(self) -> dict[str, int]:
        """Each party's result in chips for the settle-up: the players, and a
        house bank (:data:`BANK`) when one played (its result is theirs, reversed)."""
        results = {r.name: r.net for r in self.results()}
        if self.house:
            results[BANK] = -sum(results.values())
        return results


_HANDLERS = {
    "SessionStarted": lambda self, e: self._sat_down(e.names, e.stacks),
    "TableOpened": Ledger._table_opened,
    "PlayerJoined": Ledger._joined,
    "PlayerLeft": Ledger._left,
    "PlayerRebought": Ledger._bought,
    "RebuyTaken": Ledger._bought,
    "AddOnBought": Ledger._bought,
    "CarriedPotReturned": Ledger._returned,
    "DealStarted": Ledger._deal_started,
    "RoundOpened": Ledger._round_opened,
    "CardsDealt": Ledger._dealt,
    "BoxDealt": Ledger._dealt,
    "Dealt": Ledger._dealt_seats,
    "PotAwarded": Ledger._pot,
    "BoxSettled": Ledger._box_settled,
    "WinningsPaid": Ledger._paid,
    "DealEnded": Ledger._deal_ended,
    "RoundClosed": Ledger._round_closed,
    "SessionEnded": Ledger._ended,
    "TableClosed": Ledger._ended,
}


def ledger_of(events: Iterable[Any]) -> Ledger:
    """The ledger of a session's events."""
    ledger = Ledger()
    for event in events:
        ledger.feed(event)
    return ledger
