"""The evening's commands decided: who may join, leave, sit out, come back,
hand a seat to a computer, buy again or add on, and when the evening ends
(docs/rules.md 6). One :class:`EveningRules` serves each game; the game gives it
how to apply an event, the fewest chips a player needs to play, its rebuy
event and whether it deals.

Each handler refuses with one sentence (a note, said in the player's
language), changing nothing, or adds the command's events to ``out``,
applying each as it goes. During a deal a seat's request is recorded
(:class:`~drawpoker.games.evening.RequestMade`) and carried out by
:meth:`EveningRules.at_deal_end`, with the same checks; until then it may be
taken back (:meth:`EveningRules.withdraw`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from drawpoker.boundary import player_name
from drawpoker.errors import IllegalAction, refuse
from drawpoker.games import evening as ev
from drawpoker.notes import N_
from drawpoker.rules.seating import names_refusal, seat_range, seating_note

__all__ = ["EveningRules", "MOST_MORE", "NAME_LENGTH", "STRATEGY_LENGTH", "out_when_back"]

#: the longest name a player may take (it must fit a seat on the table)
NAME_LENGTH = 12
#: the longest name of a computer's strategy
STRATEGY_LENGTH = 20
#: the most deals (rounds) after the one being played, or the last one, the table may agree to end after
MOST_MORE = 100_000
_NO_SESSION = "no_session"
_BETWEEN = "between_deals"
_OVER = "session_over"


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def out_when_back(s: Any, seat: int, session: Any, least: int = 1) -> bool:
    """The player in ``seat`` is away with fewer than ``least`` chips (the
    smallest stake) and may not buy again (``when_broke: sit_out``, or the
    rebuys all taken): coming back, they would sit out the rest of the
    session, as every broke player then does -- the reason the table says
    ("sitting out"), not that they are away."""
    if not (s.names[seat] and s.away[seat]) or s.out[seat] or s.stacks[seat] >= least:
        return False
    limit = session.rebuy_limit
    return bool(session.when_broke == "sit_out" or (limit is not None and s.rebuys[seat] >= limit))


class EveningRules:
    """The evening's rules for one game under one set of house rules."""

    def __init__(
        self,
        rules: Any,
        emit: Callable[[Any, list[Any], Any], None],
        least: int,
        rebuy: Callable[[int, int], Any],
        blinds: bool,
        games: tuple[Any, ...] = (),
    ) -> None:
        self.rules = rules
        self.session = rules.session
        self._emit = emit
        #: the fewest chips that let a player play a deal (below it a player is broke)
        self.least = least
        self._rebuy = rebuy
        #: whether any game of the session is played with blinds
        self.blinds = blinds
        #: dealer's choice: every game's rules (each one's table limits hold too)
        self._games = (rules, *games)
        #: Three Card Poker plays rounds, the draw games deals: each sentence says its game's word
        self.rounds = rules.game == "three-card-poker"

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _number(s: Any) -> int:
        return int(s.deal if hasattr(s, "deal") else s.round)

    def _open(self, s: Any) -> None:
        if s.phase == _NO_SESSION:
            raise refuse(N_("nobody has sat down yet"))
        if s.phase == _OVER:
            raise refuse(N_("the session is over"))

    def _seat(self, s: Any, seat: Any) -> str:
        """The name of the player in ``seat`` (a refusal for no such player)."""
        if not _whole(seat) or not 0 <= seat < len(s.names) or not s.names[seat]:
            raise refuse(N_("nobody sits in seat {seat}"), seat=str(seat))
        return str(s.names[seat])

    def _player(self, s: Any, seat: Any) -> str:
        """The name of the player in ``seat`` of a session under way (a refusal
        before the session or after it, or for no such player)."""
        self._open(s)
        return self._seat(s, seat)

    def _words(self, deals: str, rounds: str) -> str:
        """A sentence in the game's word: ``deals`` (the draw games) or ``rounds`` (Three Card Poker)."""
        return rounds if self.rounds else deals

    def _requested(self, s: Any, out: list[Any], seat: int, name: str, what: str, now: bool, bot: str = "") -> bool:
        """During a deal (and not ``now``, the request carried out at the deal's
        end): the seat's change is recorded as a request, one a seat (True);
        between deals it is to be made at once (False)."""
        if now or s.phase == _BETWEEN:
            return False
        if any(r.seat == seat for r in s.requests):
            raise refuse(
                self._words(
                    N_("{name} has already asked for a change; it takes effect when this deal ends"),
                    N_("{name} has already asked for a change; it takes effect when this round ends"),
                ),
                name=name,
            )
        self._emit(s, out, ev.RequestMade(seat, what, "", 0, bot))
        return True

    @staticmethod
    def _not_out(s: Any, seat: int, name: str) -> None:
        if s.out[seat]:
            if s.stacks[seat] > 0:  # (Three Card Poker: fewer than the smallest stake, which is no bet)
                raise refuse(N_("{name} has too few chips to bet and sits out the rest of the session"), name=name)
            raise refuse(N_("{name} has no chips and sits out the rest of the session"), name=name)

    def _is_broke(self, s: Any, seat: int, name: str) -> None:
        if not self.broke(s, seat):
            raise refuse(N_("{name} still has chips; a rebuy is for a player who has none"), name=name)

    def broke(self, s: Any, seat: int) -> bool:
        """A player sits in ``seat``, not out for good, with too few chips to play."""
        return bool(s.names[seat]) and not s.out[seat] and s.stacks[seat] < self.least

    def asked(self, s: Any, away: bool = False) -> list[int]:
        """``when_broke: ask``: the seats whose broke player must say, before the
        next deal, whether to buy again. A player away need not answer before the
        deal (the engine asks on coming back); with ``away`` they are asked too: the
        table asks one who stepped away as the deal that took their last chips ended
        (docs/rules.md 6.3), and a rebuy or a no is theirs to give between deals."""
        if self.session.when_broke != "ask" or s.phase != _BETWEEN:
            return []
        return [
            seat
            for seat in range(len(s.names))
            if self.broke(s, seat) and (away or not s.away[seat]) and self.may_rebuy(s, seat)
        ]

    def may_rebuy(self, s: Any, seat: int) -> bool:
        """May the broke ``seat`` buy again (the house allows it, under the limit)?"""
        limit = self.session.rebuy_limit
        return self.session.when_broke != "sit_out" and (limit is None or s.rebuys[seat] < limit)

    def buy_in_range(self, s: Any = None, name: str = "") -> tuple[int, int]:
        """The least and most a newcomer may buy in for; with the table ``s`` and the newcomer's
        ``name``, a player who left it without chips sits down again with a rebuy, the rebuy
        amount and only it (:meth:`back_as_rebuy`)."""
        if s is not None and name and self.back_as_rebuy(s, name):
            amount = int(self.session.rebuy_amount)
            return amount, amount
        if self.session.buy_in is None:
            return self.session.starting_stack, self.session.starting_stack
        low, high = self.session.buy_in
        return int(low), int(high)

    @staticmethod
    def back_as_rebuy(s: Any, name: str) -> bool:
        """``name`` left this table without chips and sits down again with a rebuy (version 5,
        :func:`~drawpoker.games.evening.back_as_rebuy`)."""
        return ev.back_as_rebuy(s, name)

    def _blind_state(self, s: Any, missed: bool, newcomer: bool) -> tuple[bool, int]:
        """(waiting, owes) for a player taking part again: a newcomer, or one
        back who ``missed`` blinds while away."""
        if not self.blinds or self._number(s) == 0:
            return False, 0
        if newcomer:
            return (True, 0) if self.session.newcomer_blind == "wait" else (False, 1)
        if not missed:
            return False, 0
        return (True, 0) if self.session.missed_blinds == "wait" else (False, 2)

    def _returning(self, s: Any, seat: int, taking_over: bool = False) -> tuple[bool, int]:
        """(waiting, owes) for the player of ``seat`` taking part again (back, or
        a computer taking over): one who still waits for the big blind or owes
        blinds -- a newcomer not dealt in yet, or one back who had not posted --
        keeps that (stepping away and back again is no way round what they owed,
        and a newcomer never dealt in has missed no blinds); otherwise blinds
        missed while away are owed or waited for (docs/rules.md 6.2). Under
        version 1 of the rules of the evening, a player away came back by the
        blinds missed alone, whatever they waited for or owed before."""
        if s.evening_rules < 2:
            if taking_over and not s.away[seat]:
                return bool(s.waiting[seat]), int(s.owes[seat])
            return self._blind_state(s, bool(s.missed[seat]), False)
        if s.waiting[seat] or s.owes[seat] or not s.away[seat]:
            return bool(s.waiting[seat]), int(s.owes[seat])
        return self._blind_state(s, s.missed[seat], False)

    # ------------------------------------------------------------ the draws

    def draw_seats(self, s: Any, c: ev.DrawSeats, out: list[Any]) -> None:
        """The players draw for their seats before sitting down."""
        if s.phase != _NO_SESSION:
            raise refuse(N_("the seats are drawn before the session starts"))
        if self.session.seats != "drawn":
            raise refuse(N_("the players take their seats in the order given; the house does not draw for seats"))
        names = tuple(c.names) if isinstance(c.names, (tuple, list)) else ()
        refused = seating_note(self.rules, len(names), (self.session.starting_stack,) * len(names))
        if refused is not None:
            raise refuse("{why}", why=refused[1])
        wrong = names_refusal(names)
        if wrong is not None:
            raise refuse("{why}", why=wrong)
        deck = ev.whole_deck(c.deck)
        self._emit(s, out, ev.SeatsDrawn(names, deck[: len(names)]))

    def check_seating(self, s: Any, names: tuple[str, ...]) -> None:
        """A sit-down after the seats were drawn must seat the players as drawn."""
        if self.session.seats != "drawn":
            return
        if not s.names:
            raise refuse(N_("the house draws for seats: draw for them before sitting down"))
        if tuple(names) != tuple(s.names):
            raise refuse(N_("the seats were drawn: {names}, in that order"), names=", ".join(s.names))

    def draw_dealer(self, s: Any, c: ev.DrawDealer, out: list[Any]) -> None:
        """The players seated and not out draw for the first dealer."""
        self._open(s)
        if self.session.first_dealer != "drawn":
            raise refuse(N_("the first dealer is chosen by the table; the house does not draw for it"))
        if s.phase != _BETWEEN or self._number(s) != 0 or s.dealer_drawn:
            raise refuse(
                self._words(
                    N_("the first dealer is drawn once, before the first deal"),
                    N_("the first dealer is drawn once, before the first round"),
                )
            )
        deck = ev.whole_deck(c.deck)
        dealing = [seat for seat in range(len(s.names)) if s.names[seat] and not s.out[seat]]
        seats, cards, dealer = ev.dealer_draw(deck, dealing, self.session.dealer_draw_ties)
        self._emit(s, out, ev.DealerDrawn(seats, cards, dealer))

    def first_deal_ready(self, s: Any) -> None:
        """Before the first deal: the first dealer drawn, if the house draws for it."""
        if self.session.first_dealer == "drawn" and self._number(s) == 0 and not s.dealer_drawn:
            raise refuse(
                self._words(
                    N_("the first dealer is drawn before the first deal"),
                    N_("the first dealer is drawn before the first round"),
                )
            )

    # ------------------------------------------------------------ arriving and leaving

    def join(self, s: Any, c: ev.Join, out: list[Any], now: bool = False) -> None:
        """A newcomer takes an empty seat with a buy-in."""
        self._open(s)
        seat, name, buy_in, bot = c
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_LENGTH or not name.isprintable():
            raise refuse(N_("a newcomer needs a name of one line, at most {n} characters"), n=NAME_LENGTH)
        # kept as the command gave it (a history written before names were made
        # one form replays as written); compared in one form, however typed
        name = " ".join(name.split())
        pending = [r for r in s.requests if r.what == "join" and not (now and r.seat == seat)]
        taken = {player_name(n).casefold(): n for n in [*(r.name for r in pending), *(n for n in s.names if n)]}
        if player_name(name).casefold() in taken:  # named as seated (or promised a seat): "anna" typed beside Anna
            raise refuse(N_("{name} is already at the table"), name=taken[player_name(name).casefold()])
        self._back_without_chips(s, name)
        if not isinstance(bot, str) or len(bot) > STRATEGY_LENGTH or (bot and not bot.isidentifier()):
            raise refuse(N_("a computer player needs the name of a strategy"))
        count = sum(1 for n in s.names if n) + len(pending) + 1
        for rules in self._games:
            low, high = seat_range(rules)
            if count > high:
                raise refuse(
                    N_("the table is full: these rules seat at most {high} players; {name} cannot join"),
                    high=high,
                    name=name,
                )
        # a new seat is the next one after the table's, and after those already promised during the
        # deal (two friends arriving together both sit down when it ends, in the order they asked)
        newest = len(s.names) + sum(1 for r in pending if r.seat >= len(s.names))
        if not _whole(seat) or not 0 <= seat <= newest or (seat < len(s.names) and s.names[seat]):
            raise refuse(N_("seat {seat} is not an empty seat"), seat=str(seat))
        if seat >= len(s.names) and seat >= seat_range(self.rules)[1]:
            raise refuse(N_("the table has no seat {seat}"), seat=str(seat))
        if any(r.seat == seat for r in pending):
            raise refuse(N_("seat {seat} is already promised to a newcomer"), seat=str(seat))
        least, most = self.buy_in_range()
        if self.back_as_rebuy(s, name):  # (version 5) leaving and sitting down again is no way round the rebuys
            least = most = int(self.session.rebuy_amount)
            if not _whole(buy_in) or buy_in != least:
                raise refuse(
                    N_("{name} left with no chips: sitting down again is a rebuy of {n} chips, not {amount}"),
                    name=name,
                    n=least,
                    amount=buy_in if _whole(buy_in) else repr(buy_in),
                )
        if not _whole(buy_in) or not least <= buy_in <= most:
            shown = buy_in if _whole(buy_in) else repr(buy_in)
            if least == most:
                raise refuse(N_("a buy-in is {least} chips here, not {amount}"), least=least, amount=shown)
            raise refuse(
                N_("a buy-in is {least} to {most} chips here, not {amount}"), least=least, most=most, amount=shown
            )
        refused = seating_note(self.rules, count, (buy_in,) * count)
        if refused is not None:
            raise refuse("{why}", why=refused[1])
        if not now and s.phase != _BETWEEN:
            self._emit(s, out, ev.RequestMade(seat, "join", name, buy_in, bot))
            return
        waiting, owes = self._rejoining(s, name)
        self._emit(s, out, ev.PlayerJoined(seat, name, buy_in, bot, waiting, owes))

    def _rejoining(self, s: Any, name: str) -> tuple[bool, int]:
        """(waiting, owes) for a newcomer called ``name``. One who left this
        session waiting for the big blind or owing blinds, or having missed them
        while away, sits down again waiting or owing as on coming back then:
        leaving and sitting down again is no way round the blinds one owes
        (docs/rules.md 6.2; version 3 of the rules of the evening: before, such
        a player sat down as any newcomer)."""
        was = ev.gone_as(s, name) if s.gone and s.evening_rules >= 3 else None
        if was is not None and (was.waiting or was.owes):
            return was.waiting, was.owes
        return self._blind_state(s, was is not None and was.missed, was is None or not was.missed)

    def _back_without_chips(self, s: Any, name: str) -> None:
        """A player who left without chips this session comes back only as a
        rebuy would allow: not where the house allows none, nor over its limit
        (leaving and sitting down again is no way round them, docs/rules.md 6.3).
        Version 2 of the rules of the evening: under version 1 ``gone`` stays
        empty (nobody who left is remembered) and anyone may sit down again."""
        was = ev.gone_as(s, name) if s.gone else None
        if was is None or not was.broke:
            return
        if self.session.when_broke == "sit_out":
            raise refuse(
                N_(
                    "{name} left with no chips, and the house does not allow rebuys: {name} cannot sit down again "
                    "this session"
                ),
                name=name,
            )
        limit = self.session.rebuy_limit
        if limit is not None and was.rebuys >= limit:
            raise refuse(
                N_(
                    "{name} left with no chips and has used every rebuy the house allows ({n}): "
                    "{name} cannot sit down again this session"
                ),
                name=name,
                n=was.rebuys,
            )

    def leave(self, s: Any, c: ev.Leave, out: list[Any], now: bool = False) -> None:
        """A player leaves with the stack (the cash-out)."""
        name = self._player(s, c.seat)
        if not self._requested(s, out, c.seat, name, "leave", now):
            self._emit(s, out, ev.PlayerLeft(c.seat, name, s.stacks[c.seat]))

    def sit_out(self, s: Any, c: ev.SitOut, out: list[Any], now: bool = False) -> None:
        """A player sits out, keeping the stack."""
        name = self._player(s, c.seat)
        if s.away[c.seat]:
            raise refuse(N_("{name} is already sitting out"), name=name)
        self._not_out(s, c.seat, name)
        if not self._requested(s, out, c.seat, name, "sit_out", now):
            self._emit(s, out, ev.PlayerAway(c.seat))

    def come_back(self, s: Any, c: ev.ComeBack, out: list[Any], now: bool = False) -> None:
        """A player sitting out comes back."""
        name = self._player(s, c.seat)
        if not s.away[c.seat]:
            raise refuse(N_("{name} is not sitting out"), name=name)
        if not self._requested(s, out, c.seat, name, "come_back", now):
            waiting, owes = self._returning(s, c.seat)
            self._emit(s, out, ev.PlayerBack(c.seat, waiting, owes))

    def take_over(self, s: Any, c: ev.TakeOver, out: list[Any], now: bool = False) -> None:
        """A computer plays a player's seat, the chips staying the player's."""
        name = self._player(s, c.seat)
        strategy = c.strategy
        if not isinstance(strategy, str) or not strategy.isidentifier() or len(strategy) > STRATEGY_LENGTH:
            raise refuse(N_("a computer player needs the name of a strategy"))
        if s.bot[c.seat]:
            raise refuse(N_("a computer already plays for {name}"), name=name)
        self._not_out(s, c.seat, name)
        if self._requested(s, out, c.seat, name, "take_over", now, strategy):
            return
        waiting, owes = self._returning(s, c.seat, taking_over=True)
        self._emit(s, out, ev.SeatTakenOver(c.seat, strategy, waiting, owes))

    def hand_back(self, s: Any, c: ev.HandBack, out: list[Any], now: bool = False) -> None:
        """The computer gives the seat back to its player."""
        name = self._player(s, c.seat)
        if not s.bot[c.seat]:
            raise refuse(N_("no computer plays for {name}"), name=name)
        if not self._requested(s, out, c.seat, name, "hand_back", now):
            self._emit(s, out, ev.SeatHandedBack(c.seat))

    def withdraw(self, s: Any, c: ev.Withdraw, out: list[Any]) -> None:
        """During a deal, the request made for a seat is taken back (a slip forgiven)."""
        self._open(s)
        if s.phase == _BETWEEN:
            raise refuse(
                self._words(
                    N_("changes between deals are made at once; there is no request to withdraw"),
                    N_("changes between rounds are made at once; there is no request to withdraw"),
                )
            )
        seat = c.seat
        request = next((r for r in s.requests if _whole(seat) and r.seat == seat), None)
        if request is None:
            if _whole(seat) and 0 <= seat < len(s.names) and s.names[seat]:
                raise refuse(
                    self._words(
                        N_("{name} has not asked for a change this deal; there is nothing to withdraw"),
                        N_("{name} has not asked for a change this round; there is nothing to withdraw"),
                    ),
                    name=s.names[seat],
                )
            raise refuse(N_("nobody has asked for seat {seat}; there is nothing to withdraw"), seat=str(seat))
        name = request.name if request.what == "join" else s.names[seat]
        self._emit(s, out, ev.RequestWithdrawn(seat, request.what, name))

    # ------------------------------------------------------------ buying chips

    def _between(self, s: Any, deals: str, rounds: str) -> None:
        self._open(s)
        if s.phase != _BETWEEN:
            raise refuse(self._words(deals, rounds))

    def _buying(self, s: Any) -> None:
        self._between(
            s,
            N_("chips are bought between deals; this deal is not over yet"),
            N_("chips are bought between rounds; this round is not over yet"),
        )

    def rebuy(self, s: Any, c: ev.Rebuy, out: list[Any]) -> None:
        """A broke player asked at the table buys again."""
        self._buying(s)
        name = self._seat(s, c.seat)
        policy = self.session.when_broke
        if policy == "sit_out":
            raise refuse(N_("the house does not allow rebuys: a player with no chips sits out"))
        if policy == "rebuy":
            raise refuse(N_("rebuys are taken by themselves here: a player with no chips gets a new stack"))
        self._is_broke(s, c.seat, name)
        if not self.may_rebuy(s, c.seat):
            raise refuse(N_("{name} has used every rebuy the house allows ({n})"), name=name, n=s.rebuys[c.seat])
        self._emit(s, out, self._rebuy(c.seat, self.session.rebuy_amount))

    def decline(self, s: Any, c: ev.Decline, out: list[Any]) -> None:
        """A broke player asked at the table does not buy again and leaves with nothing."""
        self._buying(s)
        name = self._seat(s, c.seat)
        if self.session.when_broke != "ask":
            raise refuse(N_("nobody is asked to buy again here"))
        self._is_broke(s, c.seat, name)
        self._emit(s, out, ev.RebuyDeclined(c.seat))
        self._emit(s, out, ev.PlayerLeft(c.seat, name, s.stacks[c.seat]))

    def add_on(self, s: Any, c: ev.AddOn, out: list[Any]) -> None:
        """A player with chips buys more between deals, up to the house's limit."""
        self._between(
            s,
            N_("an add-on is bought between deals; this deal is not over yet"),
            N_("an add-on is bought between rounds; this round is not over yet"),
        )
        name = self._seat(s, c.seat)
        limit = self.session.add_on_limit
        if limit is None:
            raise refuse(N_("the house does not allow add-ons"))
        self._not_out(s, c.seat, name)  # (out for good: no add-on, and no rebuy either)
        if self.broke(s, c.seat):
            if s.stacks[c.seat] > 0:  # (Three Card Poker: fewer chips than a bet takes count as none)
                raise refuse(
                    N_(
                        "{name} has too few chips to bet (a bet takes at least {least}): that is a rebuy, not an add-on"
                    ),
                    name=name,
                    least=self.least,
                )
            raise refuse(N_("{name} has no chips: that is a rebuy, not an add-on"), name=name)
        left = limit - s.added[c.seat]
        amount = c.amount
        if not _whole(amount) or amount < 1 or amount > left:
            if left <= 0:
                raise refuse(N_("{name} has added on {limit} chips, the most the house allows"), name=name, limit=limit)
            raise refuse(
                N_("{name} may add on 1 to {left} chips (the house allows {limit} in all), not {amount}"),
                name=name,
                left=left,
                limit=limit,
                amount=amount if _whole(amount) else repr(amount),
            )
        self._emit(s, out, ev.AddOnBought(c.seat, amount))

    # ------------------------------------------------------------ ending

    def end(self, s: Any, c: ev.EndEvening, out: list[Any]) -> bool:
        """The table agrees when the evening ends. True when it ends now (between deals)."""
        self._open(s)
        number = self._number(s)
        last = c.last
        if not _whole(last) or last > number + MOST_MORE:
            raise refuse(
                self._words(
                    N_("the evening ends after a deal that is to be played, not {last}"),
                    N_("the evening ends after a round that is to be played, not {last}"),
                ),
                last=repr(last),
            )
        between = s.phase == _BETWEEN
        if last < number:
            if between:
                raise refuse(
                    self._words(
                        N_("deal {number} is over; the evening can end now or after a later deal"),
                        N_("round {number} is over; the evening can end now or after a later round"),
                    ),
                    number=number,
                )
            raise refuse(
                self._words(
                    N_("deal {number} is being played; the evening can end after it at the earliest"),
                    N_("round {number} is being played; the evening can end after it at the earliest"),
                ),
                number=number,
            )
        self._emit(s, out, ev.EndAgreed(last))
        return between and last == number

    # ------------------------------------------------------------ any command of the evening

    def command(
        self,
        s: Any,
        c: Any,
        out: list[Any],
        seat_left: Callable[[Any, list[Any]], None],
        end_now: Callable[[Any, list[Any]], None],
    ) -> None:
        """Decide a command of the evening (both games): the game is told when a
        seat may have emptied between deals (``seat_left``: it ends the session
        if too few can play on) and when the table agreed to end now (``end_now``)."""
        kind = type(c)
        if kind is ev.DrawSeats:
            self.draw_seats(s, c, out)
        elif kind is ev.DrawDealer:
            self.draw_dealer(s, c, out)
        elif kind is ev.Rebuy:
            self.rebuy(s, c, out)
        elif kind is ev.Decline:
            self.decline(s, c, out)
            seat_left(s, out)
        elif kind is ev.AddOn:
            self.add_on(s, c, out)
        elif kind is ev.EndEvening:
            if self.end(s, c, out):
                end_now(s, out)
        elif kind is ev.Withdraw:
            self.withdraw(s, c, out)
        else:
            self.request_handlers[kind](s, c, out)
            if s.phase == _BETWEEN:
                seat_left(s, out)

    # ------------------------------------------------------------ a deal's end

    def at_deal_end(self, s: Any, out: list[Any]) -> None:
        """The requests made during the deal take effect, in the order made."""
        if not s.requests:
            return
        for request in list(s.requests):
            command = ev.command_of(request)
            handler = self.request_handlers[type(command)]
            with contextlib.suppress(IllegalAction):  # a request the deal made impossible is dropped
                handler(s, command, out, True)

    @property
    def request_handlers(self) -> dict[type, Callable[..., None]]:
        return {
            ev.Join: self.join,
            ev.Leave: self.leave,
            ev.SitOut: self.sit_out,
            ev.ComeBack: self.come_back,
            ev.TakeOver: self.take_over,
            ev.HandBack: self.hand_back,
        }
