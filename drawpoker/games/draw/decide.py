"""Mørkpoker's rules: commands in, events out.

:meth:`DrawGame.handle` checks a command against the state, refuses it
with :class:`IllegalAction` (changing nothing), or returns the events it
causes — the player's own act and everything that follows automatically
(returned bets, the end of a round, the exchange, the showdown, the pots)
— applying each to the state as it goes. :meth:`DrawGame.decide` does the
same on a copy and leaves the state untouched.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from itertools import filterfalse
from operator import itemgetter
from typing import Any

from drawpoker.cards import DECK, Card, Suit, deck_of
from drawpoker.engine import betting
from drawpoker.engine.events import maker
from drawpoker.engine.pots import Pot, carried_return, clockwise_among, clockwise_from, split_pot
from drawpoker.engine.shuffle import LAST_MADE
from drawpoker.errors import IllegalAction, refuse
from drawpoker.games import evening
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.deck import is_ace, is_whole_deck, jokers_of
from drawpoker.games.draw.legal import (
    CHECK,
    FOLD,
    LegalActions,
    Option,
    exchange_refusal,
    legal_actions,
    limits_of,
    may_open,
    opening_refused,
    plain_fixed_limit,
    refusal,
)
from drawpoker.games.draw.openers import (
    ANY,
    next_requirement,
    proof,
    ranking_of,
    recorded_requirement,
    requirement,
    thrown_openers,
)
from drawpoker.games.draw.reducer import (
    CLOCKWISE,
    HANDLERS,
    SEATS,
    active_without,
    cannot_bet,
    clockwise_orders,
    next_to_act,
)
from drawpoker.games.draw.state import (
    BETTING,
    BETWEEN_DEALS,
    EXCHANGE,
    NO_SESSION,
    SESSION_OVER,
    SHOWDOWN,
    Act,
    DrawState,
    blanks,
)
from drawpoker.games.evening import seat_blanks
from drawpoker.games.evening_rules import EveningRules
from drawpoker.notes import N_, Note
from drawpoker.ranking import ranking_for_deck
from drawpoker.rules.model import SHOWDOWN_ORDERS, DrawRules, has_blinds
from drawpoker.rules.seating import names_refusal, seat_range, seating_refusal, smallest_stack

__all__ = ["DrawGame"]

# The reducer's way with each event the short ways make and apply at once (one way to apply an event)
_session_started = HANDLERS[ev.SessionStarted]
_deal_started = HANDLERS[ev.DealStarted]
_blind = HANDLERS[ev.BlindPosted]
_round_started = HANDLERS[ev.RoundStarted]
_checked = HANDLERS[ev.Checked]
_bet = HANDLERS[ev.BetPlaced]
_called = HANDLERS[ev.Called]
_raised = HANDLERS[ev.Raised]
_folded = HANDLERS[ev.Folded]
_round_ended = HANDLERS[ev.RoundEnded]
_exchange_started = HANDLERS[ev.ExchangeStarted]
_exchanged = HANDLERS[ev.CardsExchanged]
_showdown_started = HANDLERS[ev.ShowdownStarted]
_shown = HANDLERS[ev.HandShown]
_pot_awarded = HANDLERS[ev.PotAwarded]
_deal_ended = HANDLERS[ev.DealEnded]
#: ``_ACT((round, seat, act, chips))`` is ``Act(round, seat, act, chips)``, made in C (see ``maker``)
_ACT = maker(Act)

# The hot path's events (see maker): those with few different values are kept.
_CHECKED = tuple([ev.Checked(seat) for seat in SEATS])  # by seat
_FOLDED = tuple([ev.Folded(seat) for seat in SEATS])
SEAT_NUMBERS = tuple([tuple(range(seats)) for seats in range(len(SEATS) + 1)])  # the seats of a table of each size
# Calls and bets of fewer chips than _FEW, made once and looked up by seat and
# amount (and whether full): a fixed-limit game's are all among them.
_FEW = 32
_CALLED_OF = tuple([tuple([ev.Called(seat, amount) for amount in range(_FEW)]) for seat in SEATS])
_PLACED_OF = tuple(
    [
        tuple([(ev.BetPlaced(seat, amount, False), ev.BetPlaced(seat, amount, True)) for amount in range(_FEW)])
        for seat in SEATS
    ]
)
# The public acts of the commonest decisions, made once (Acts are immutable values, as events are):
# by round (1..7: up to six exchanges), seat and, for a call, its chips (fewer than _FEW).
_CHECK_ACTS = tuple([tuple([Act(r, seat, "check", 0) for seat in SEATS]) for r in range(8)])
_FOLD_ACTS = tuple([tuple([Act(r, seat, "fold", 0) for seat in SEATS]) for r in range(8)])
_CALL_ACTS, _BET_ACTS, _RAISE_ACTS, _DRAW_ACTS = (
    tuple([tuple([tuple([Act(r, seat, act, chips) for chips in range(_FEW)]) for seat in SEATS]) for r in range(8)])
    for act in ("call", "bet", "raise", "draw")
)
_SMALL_BLIND_ACTS, _BIG_BLIND_ACTS = (
    tuple([tuple([Act(1, seat, act, chips) for chips in range(_FEW)]) for seat in SEATS])
    for act in ("small_blind", "big_blind")
)
_ANTE_POSTED = maker(ev.AntePosted, keep=True)
_BLIND_POSTED = maker(ev.BlindPosted)
_ROUND_STARTED = maker(ev.RoundStarted, keep=True)
_ROUND_ENDED = maker(ev.RoundEnded, keep=True)
_ROUND_ENDED_OF = tuple([ev.RoundEnded(number) for number in range(8)])  # rounds 1..7 (up to six exchanges) by number
_CALLED = maker(ev.Called)
_BET_PLACED = maker(ev.BetPlaced)
_RAISED = maker(ev.Raised)
_HAND_SHOWN = maker(ev.HandShown)
_DEAL_STARTED = maker(ev.DealStarted)
_CARDS_DEALT = maker(ev.CardsDealt)
_CARDS_EXCHANGED = maker(ev.CardsExchanged)
_SHOWDOWN_STARTED = maker(ev.ShowdownStarted)
_EXCHANGE_STARTED = maker(ev.ExchangeStarted)
_BET_RETURNED = maker(ev.BetReturned)
_POT_AWARDED = maker(ev.PotAwarded)
_DEAL_ENDED = maker(ev.DealEnded)

# Card numbers back to the canonical cards, keyed by the cards themselves (a
# canonical card is then found by identity, a plain number by value).
_CARD_OF = {card: card for card in deck_of(1)}  # the joker too
_NATURAL_OF = {card: card for card in DECK}  # the 52 cards: a joker is no card of these decks


class DrawGame:
    """The game under one set of house rules.

    The commonest commands take short ways (a check, call or fold applied
    in place, an exchange, a pot one seat can win), each giving the events
    and the state the general way (the reducer's) gives; ``short_ways=False`` sends everything the general way, so the
    tests can play the two side by side.
    """

    #: the event that begins a deal, and the one that ends it
    DEAL_STARTED = ev.DealStarted
    DEAL_ENDED = ev.DealEnded
    #: the events that hold a whole hand: five cards in every draw game
    HANDS: dict[type, tuple[str, int]] = {ev.CardsDealt: ("cards", 5), ev.HandShown: ("cards", 5)}

    def __init__(self, rules: DrawRules, short_ways: bool = True) -> None:
        self.rules = rules
        self._short_ways = short_ways
        self._reopen = rules.betting.incomplete_raise_reopens
        self._jokers = jokers_of(rules)
        self._strength = ranking_for_deck(
            rules.deck, rules.showdown.ranking
        ).strength  # the showdown's ranking, built once
        self._limits = limits_of(rules)
        self._check_raise = self._limits.check_raise

        self._plain_draw = short_ways and not self._jokers  # each card once in a hand: the exchange's short way
        #: the most cards the exchange's short way takes (-1: none, it is not taken)
        self._draw_most = rules.draw.max_cards if self._plain_draw else -1
        self._plain = plain_fixed_limit(rules)  # Mørkpoker's fixed limit: the fast menu
        self._any_opens = rules.betting.opening == "any"
        self._big_bets = rules.betting.structure != betting.FIXED_LIMIT  # pot and no limit
        self._structure = rules.betting.structure
        self._no_limit = rules.betting.structure == betting.NO_LIMIT
        #: recorded event class -> its command's maker (see command_of): in pot and no limit a bet or
        #: raise names its amount (a bet is made only when nobody has bet, so its amount is the total)
        self._command_makers = {**_COMMAND_OF, **(_BIG_BET_COMMANDS if self._big_bets else {})}
        if rules.session.when_broke == "ask":  # a rebuy is the broke player's answer at the table, not automatic
            self._command_makers[ev.PlayerRebought] = lambda e: evening.Rebuy(e.seat)
        self._exchanges = rules.draw.exchanges
        self._max_cards = rules.draw.max_cards
        self._ladder = rules.betting.opening == "progressive"  # the requirement to open climbs after a passed-out deal
        self._raise_cap = rules.betting.raise_cap
        self._cap_lifts = rules.betting.cap_lifted_heads_up
        b = rules.betting
        self._forced = betting.ForcedBets(b.ante, b.dealer_ante, b.blinds)
        self._blinds_only = b.blinds is not None and not b.ante and not b.dealer_ante
        self._antes_only = b.blinds is None and b.ante > 0 and not b.dealer_ante
        self._blinds = b.blinds is not None
        self._dealer_stays = b.passed_out_button == "stays"  # after a passed-out deal
        self._show_order = rules.showdown.order  # who shows first (each deal records it)
        self._deals = rules.session.deals
        self._asks = rules.session.when_broke == "ask"  # a broke player is asked at the table
        #: anything to settle before a deal: the first dealer drawn, or a broke player asked (see _before_deal)
        self._before = self._asks or rules.session.first_dealer == "drawn"
        if b.structure != betting.FIXED_LIMIT:  # the smallest bet: the big blind, else the small bet
            self._early_step = self._late_step = b.blinds[1] if b.blinds is not None else b.small_bet
        else:
            self._early_step, self._late_step = b.small_bet, b.big_bet
        self._big_bet_from = b.big_bet_from_round
        # Dealer's choice: a game for each name; the session's commands go to the deal's game.
        self._variants: dict[str, DrawGame] = {name: DrawGame(game, short_ways) for name, game in rules.variants}
        self._chosen = ""  # the game command_of last saw chosen (histories are read in order)
        self._long_way = self._otherwise  # (bound once: handle's fallback)
        self._on: dict[type, Callable[[DrawState, Any], list[Any]]] = {
            cmd.Check: self._check,
            cmd.Call: self._call,
            cmd.Fold: self._fold,
            cmd.Bet: self._fixed_bet if self._plain else self._bet_by_amount,
            cmd.Raise: self._fixed_raise if self._plain else self._bet_by_amount,
            cmd.Exchange: self._exchange_cards,
            cmd.Show: self._show,
            cmd.SitDown: self._sit_down_command,
            cmd.StartDeal: self._start_deal,
        }
        #: the evening's rules: seats and the first dealer drawn, comings and goings, buying chips, the end
        self.evening = EveningRules(
            rules,
            self._emit,
            1,
            lambda seat, amount: ev.PlayerRebought(seat, amount),
            has_blinds(rules),
            tuple(game for _, game in rules.variants),
        )
        self._on.update(
            {
                evening.DrawSeats: self._evening_command,
                evening.DrawDealer: self._evening_command,
                evening.Join: self._evening_command,
                evening.Leave: self._evening_command,
                evening.SitOut: self._evening_command,
                evening.ComeBack: self._evening_command,
                evening.TakeOver: self._evening_command,
                evening.HandBack: self._evening_command,
                evening.Rebuy: self._evening_command,
                evening.Decline: self._evening_command,
                evening.AddOn: self._evening_command,
                evening.EndEvening: self._evening_command,
                evening.Withdraw: self._evening_command,
            }
        )
        if self._variants:
            self.handle = self._dealers_choice  # type: ignore[method-assign]
            self.legal_actions = self._dealers_choice_menu  # type: ignore[method-assign]
        elif self._plain:
            self.to_call = self._plain_to_call  # type: ignore[method-assign]
        elif self._big_bets:
            self.to_call = self._big_to_call  # type: ignore[method-assign]
        self._seated: tuple[tuple[str, ...], tuple[int, ...]] | None = None  # the last names and stacks allowed
        self._fewest, self._most = seat_range(rules)  # the sit-down's glance (see _plainly_seated)
        self._least = smallest_stack(rules)
        self._drawn_seats = self.evening.session.seats == "drawn"
        self._showdown_pots: tuple[DrawState, int, list[Pot]] | None = None  # the pots of the showdown under way
        self._betting_menu = self._plain_menu if self._plain else self._amounts_menu
        self._menu_state: DrawState | None = None  # the last menu computed, for reuse
        self._menu_version = -1
        self._menu = LegalActions(None, "", ())
        self._idle_menus: dict[str, LegalActions] = {}  # nobody to act: the empty menu of each phase
        self._exchange_menus: dict[tuple[int, int], LegalActions] = {}  # by seat and exchange
        self._show_menus: dict[int, LegalActions] = {}  # show or muck, by seat
        self._betting_menus: dict[tuple[Any, ...], LegalActions] = {}  # fixed limit's, by what makes them
        self._choices_state: DrawState | None = None  # the last betting choices computed, for reuse
        self._choices_version = -1
        self._choices: betting.Choices | None = None
        self._word_state: DrawState | None = None  # the last cheap query's bet or raise, for reuse
        self._word_version = -1
        self._word: str | None = None

    # ------------------------------------------------------------ public API

    def handle(self, state: DrawState, command: Any) -> list[Any]:
        """Check ``command``; apply and return the events it causes.

        Raises :class:`IllegalAction` with the reason, leaving ``state`` as it was.
        """
        return self._on.get(command.__class__, self._long_way)(state, command)

    def handler(self, kind: type) -> Callable[[DrawState, Any], list[Any]]:
        """What :meth:`handle` passes a command of class ``kind`` to:
        ``handler(type(c))(state, c)`` is ``handle(state, c)``, one Python call
        fewer (verify re-runs every recorded decision). A ``handle`` replaced
        on the game or its class (dealer's choice, or by a test or a bench)
        is given as it is."""
        handle = self.handle
        if getattr(handle, "__func__", None) is not _HANDLE:
            return handle
        return self._on.get(kind, self._long_way)

    def _otherwise(self, state: DrawState, command: Any) -> list[Any]:
        """A command that is not the expected decision of the player to act
        (or a muck, or no command at all): refused with the reason, else
        carried out the long way."""
        out: list[Any] = []
        kind = type(command)
        why = refusal(state, self.rules, command)
        if why is not None:
            raise IllegalAction(why)
        if kind is cmd.Exchange:
            self._exchange(state, command.seat, tuple(command.discards), out)
        elif kind is cmd.Show:
            self._emit(state, out, ev.HandShown(command.seat, state.hands[command.seat]))
            self._after_showdown_choice(state, out)
        elif kind is cmd.Muck:
            self._emit(state, out, ev.HandMucked(command.seat))
            self._after_showdown_choice(state, out)
        else:
            raise refuse(N_("unknown command {command}"), command=repr(command))
        return out

    # The decisions of the player to act, one handler each (``handle`` picks
    # it by the command's class); anything else goes the long way, to the
    # refusal that explains it.

    def _check(self, s: DrawState, c: cmd.Check) -> list[Any]:
        seat = c.seat
        if seat.__class__ is not int or seat != s.to_act or s.phase != BETTING:
            return self._otherwise(s, c)
        if s.level > s.bets[seat]:
            raise IllegalAction(refusal(s, self.rules, c) or "not allowed now")
        checked = _CHECKED[seat]
        if self._short_ways:  # what the reducer's Checked does
            s.checked[seat] = True
            s.acted[seat] = s.level
            s.last_actor = seat
            s.actions.append(_CHECK_ACTS[s.round][seat] if s.round < 8 else _ACT((s.round, seat, "check", 0)))
            # next_to_act(s, seat) written out (a check changes no bet, level or seat that can bet): the
            # first clockwise after the seat who has not acted or faces a bet (the seat itself, last, has
            # just acted at the level; alone, it is then the only one who could act and need not)
            level, bets, acted = s.level, s.bets, s.acted
            following = None
            for other in (CLOCKWISE.get(s.active) or clockwise_orders(s.active))[seat]:
                if acted[other] is None or bets[other] < level:
                    following = other
                    break
            s.to_act = following
        else:
            _checked(s, checked)
        s.version += 1
        if s.to_act is None:
            return self._end_round(s, [checked])
        return [checked]

    def _call(self, s: DrawState, c: cmd.Call) -> list[Any]:
        seat = c.seat
        if seat.__class__ is not int or seat != s.to_act or s.phase != BETTING:
            return self._otherwise(s, c)
        owed = s.level - s.bets[seat]
        if owed <= 0:
            raise IllegalAction(refusal(s, self.rules, c) or "not allowed now")
        stack = s.stacks[seat]
        paid = owed if owed < stack else stack
        called = _CALLED_OF[seat][paid] if paid < _FEW else _CALLED((seat, paid))
        if self._short_ways:  # what the reducer's Called does
            s.stacks[seat] = stack - paid
            if paid == stack:
                cannot_bet(s, seat)  # all-in
            s.bets[seat] += paid
            s.committed[seat] += paid
            s.acted[seat] = s.level
            s.last_actor = seat
            s.actions.append(
                _CALL_ACTS[s.round][seat][paid] if s.round < 8 and paid < _FEW else _ACT((s.round, seat, "call", paid))
            )
            s.to_act = next_to_act(s, seat)
        else:
            _called(s, called)
        s.version += 1
        if s.to_act is None:
            return self._end_round(s, [called])
        return [called]

    def _fold(self, s: DrawState, c: cmd.Fold) -> list[Any]:
        seat = c.seat
        if seat.__class__ is not int or seat != s.to_act or s.phase != BETTING:
            return self._otherwise(s, c)
        folded = _FOLDED[seat]
        if self._short_ways:  # what the reducer's Folded does in a betting round
            s.folded[seat] = True
            active = s.active = active_without(s.active, seat)
            if s.headsup_at is None and len(active) <= 2 and s.in_deal.count(True) - s.folded.count(True) <= 2:
                s.headsup_at = s.raises
            s.actions.append(_FOLD_ACTS[s.round][seat] if s.round < 8 else _ACT((s.round, seat, "fold", 0)))
            s.acted[seat] = s.level
            s.last_actor = seat
            s.to_act = next_to_act(s, seat)
        else:
            _folded(s, folded)
        s.version += 1
        # One player left in? (Only a fold can leave one: a check, call, bet or raise leaves
        # as many in as before. Only players dealt in can fold; two who can still bet are two in.)
        if len(s.active) < 2 and s.in_deal.count(True) - s.folded.count(True) == 1:
            return self._last_one_in(s, [folded])
        if s.to_act is None:
            return self._end_round(s, [folded])
        return [folded]

    def _fixed_bet(self, s: DrawState, c: cmd.Bet) -> list[Any]:
        """A fixed-limit bet (Mørkpoker's betting): the round's amount. (A
        raise is :meth:`_fixed_raise`: the same steps, each kind's own.)"""
        seat = c.seat
        if seat.__class__ is not int or seat != s.to_act or s.phase != BETTING:
            return self._otherwise(s, c)
        if self._word_state is s and self._word_version == s.version:
            allowed = self._word == "bet"  # the cheap query or the menu just answered
        else:
            allowed = self._plain_bet_word(s, seat) == "bet"
        bet_here, stack = s.bets[seat], s.stacks[seat]
        step, full_level = s.step, s.full_level  # (a bet: 0)
        amount = full_level + step - bet_here  # the round's step above the last full bet (the menu's amount)
        if amount > stack:
            amount = stack  # all-in
        to = bet_here + amount
        if not allowed or (c.to is not None and (c.to.__class__ is not int or c.to != to)):
            raise IllegalAction(refusal(s, self.rules, c) or "not allowed now")
        full = amount < stack or self._full(to, s.level, full_level, step)  # a whole step, unless all-in short
        placed = _PLACED_OF[seat][amount][full] if 0 <= amount < _FEW else _BET_PLACED((seat, amount, full))
        if self._short_ways:  # what the reducer's BetPlaced does
            s.stacks[seat] = stack - amount
            if amount == stack:
                cannot_bet(s, seat)  # all-in
            s.bets[seat] = to
            s.committed[seat] += amount
            level = s.level
            if full:
                s.full_level = to
                if to - level > s.raise_size:
                    s.raise_size = to - level
            s.level = to
            if s.round == 1 and s.opener is None:
                s.opener = seat
            s.aggressor = seat
            s.acted[seat] = to
            s.last_actor = seat
            s.actions.append(
                _BET_ACTS[s.round][seat][to] if s.round < 8 and to < _FEW else _ACT((s.round, seat, "bet", to))
            )
            s.to_act = next_to_act(s, seat)
        else:
            _bet(s, placed)
        s.version += 1
        if s.to_act is None:  # an all-in bet that nobody else can answer
            return self._end_round(s, [placed])
        return [placed]

    def _fixed_raise(self, s: DrawState, c: cmd.Raise) -> list[Any]:
        """A fixed-limit raise (Mørkpoker's betting): one step above the last
        full bet or raise (:meth:`_fixed_bet`'s steps, a raise's own)."""
        seat = c.seat
        if seat.__class__ is not int or seat != s.to_act or s.phase != BETTING:
            return self._otherwise(s, c)
        if self._word_state is s and self._word_version == s.version:
            allowed = self._word == "raise"  # the cheap query or the menu just answered
        else:
            allowed = self._plain_bet_word(s, seat) == "raise"
        bet_here, stack = s.bets[seat], s.stacks[seat]
        step, full_level = s.step, s.full_level
        amount = full_level + step - bet_here  # the round's step above the last full bet (the menu's amount)
        if amount > stack:
            amount = stack  # all-in
        to = bet_here + amount
        if not allowed or (c.to is not None and (c.to.__class__ is not int or c.to != to)):
            raise IllegalAction(refusal(s, self.rules, c) or "not allowed now")
        full = amount < stack or self._full(to, s.level, full_level, step)  # a whole step, unless all-in short
        raised = _RAISED((seat, amount, to, full))
        if self._short_ways:  # what the reducer's Raised does
            s.stacks[seat] = stack - amount
            if amount == stack:
                cannot_bet(s, seat)  # all-in
            s.bets[seat] = to
            s.committed[seat] += amount
            level = s.level
            if full:
                s.full_level = to
                s.raises += 1
                if to - level > s.raise_size:
                    s.raise_size = to - level
            s.level = to
            s.aggressor = seat
            s.acted[seat] = to
            s.last_actor = seat
            s.actions.append(
                _RAISE_ACTS[s.round][seat][to] if s.round < 8 and to < _FEW else _ACT((s.round, seat, "raise", to))
            )
            s.to_act = next_to_act(s, seat)
        else:
            _raised(s, raised)
        s.version += 1
        if s.to_act is None:  # an all-in raise that nobody else can answer
            return self._end_round(s, [raised])
        return [raised]

    def _bet_by_amount(self, s: DrawState, c: cmd.Bet | cmd.Raise) -> list[Any]:
        """A bet or raise under the betting arithmetic (pot and no limit, or a
        house without check-raise): the amount checked against the choices
        the player chose from, refused in words."""
        seat = c.seat
        if seat.__class__ is not int or seat != s.to_act or s.phase != BETTING:
            return self._otherwise(s, c)
        if self._choices_state is s and self._choices_version == s.version:
            menu = self._choices
        else:
            menu = self._menu.amounts if self._menu_state is s and self._menu_version == s.version else None
        to = c.to
        if menu is None or not _allowed(menu, "bet" if c.__class__ is cmd.Bet else "raise", to):
            why = refusal(s, self.rules, c)
            if why is not None:
                raise IllegalAction(why)
        if to is None:  # fixed limit: the round's amount
            to = betting.choices(s, self._limits, seat).min_to
        full = betting.is_full(s, self._limits, to)
        if c.__class__ is cmd.Bet:
            placed = ev.BetPlaced(seat, to - s.bets[seat], full)
            _bet(s, placed)
            out: list[Any] = [placed]
        else:
            raised = ev.Raised(seat, to - s.bets[seat], to, full)
            _raised(s, raised)
            out = [raised]
        s.version += 1
        if s.to_act is None:
            return self._end_round(s, out)
        return out

    def _exchange_cards(self, s: DrawState, c: cmd.Exchange) -> list[Any]:
        """An exchange by the player to act.

        The commonest one takes a short way: a deck without jokers (a hand
        holds each card once), a tuple of no more cards than the house allows
        and the stock holds, and no openers to keep apart. It is allowed
        exactly when taking the named cards out of the hand takes out as many
        as were named -- a card not held takes out none, a card named twice
        one for two names -- and the cards kept are then what the reducer's
        ``without`` gives (each card once: its filter, in order). Everything else, or
        a no, goes the general way: the full check explains it
        (:func:`~drawpoker.games.draw.legal.refusal`), :meth:`_exchange`
        carries it out.
        """
        seat, discards = c
        if seat.__class__ is not int or seat != s.to_act or s.phase != EXCHANGE:
            return self._otherwise(s, c)
        need = len(discards) if discards.__class__ is tuple else -1
        stock = s.stock
        if 0 <= need <= self._draw_most and need <= len(stock):
            hand = s.hands[seat]
            kept = tuple(filterfalse(discards.__contains__, hand)) if need else hand  # (the same filter, in C)
            if len(kept) + need == len(hand) and (self._any_opens or seat != s.opener):
                # Allowed: what the reducer's CardsExchanged does, the kept cards known.
                if need:
                    drawn = tuple(stock[:need])
                    s.hands[seat] = kept + drawn
                    del stock[:need]
                    s.discards.extend(discards)
                    s.thrown[seat] += discards
                else:  # standing pat: the hand, the stock, the discards and what the seat threw stay as they are
                    drawn = ()
                exchanged = _CARDS_EXCHANGED((seat, discards, drawn, None))
                s.exchanged[seat] = need
                s.actions.append(
                    _DRAW_ACTS[s.round][seat][need] if s.round < 8 else _ACT((s.round, seat, "draw", need))
                )
                position = s.order_pos = s.order_pos + 1
                s.version += 1
                out: list[Any] = [exchanged]
                if position < len(s.order):
                    s.to_act = s.order[position]
                else:  # the last to exchange: the next round
                    s.to_act = None
                    self._start_round(s, s.round + 1, out)
                return out
        why = exchange_refusal(s, self.rules, c)  # the player to act, in the exchange
        if why is not None:
            raise IllegalAction(why)
        out = []
        self._exchange(s, seat, tuple(discards), out)
        return out

    def _show(self, s: DrawState, c: cmd.Show) -> list[Any]:
        seat = c.seat
        if seat.__class__ is not int or seat != s.to_act or s.phase != SHOWDOWN:
            return self._otherwise(s, c)
        shown = _HAND_SHOWN((seat, s.hands[seat]))  # always allowed
        _shown(s, shown)
        s.version += 1
        out: list[Any] = [shown]
        if s.to_act is None:  # the last hand shown
            self._award(s, out, shown=True)
        elif True in s.mucked:  # (else two or more hands are still in: the one to act and this one)
            self._after_showdown_choice(s, out)
        return out

    def _evening_command(self, s: DrawState, c: Any) -> list[Any]:
        """A command of the evening (docs/rules.md 6): see :mod:`drawpoker.games.evening_rules`."""
        out: list[Any] = []
        if (
            s.evening_rules >= 5
            and s.carried
            and s.phase == BETWEEN_DEALS
            and c.__class__ is evening.Leave
            and self._leaves_too_few(s, c)
        ):
            # (version 5) the leave ends the evening: the pot carried goes back to all who paid into
            # it, the one leaving too, and then they leave with it (docs/rules.md 6.5)
            self._return_carried(s, out)
        self.evening.command(s, c, out, self._after_seat_change, self._end_now)
        return out

    def _after_seat_change(self, s: DrawState, out: list[Any]) -> None:
        """Between deals, after a player left: the session ends if fewer than two can play on."""
        if s.phase == BETWEEN_DEALS and self._players_left(s) < 2:
            self._end_now(s, out, "one_player_left")

    def _end_now(self, s: DrawState, out: list[Any], reason: str = "agreed") -> None:
        """The evening ends between deals: a pot still carried goes back to those who paid into it."""
        self._return_carried(s, out)
        self._emit(s, out, ev.SessionEnded(reason))

    def _too_few_after_requests(self, s: DrawState) -> bool:
        """Whether the requests made during the deal leave fewer than two to play on (tried on a copy)."""
        after = s.copy()
        self.evening.at_deal_end(after, [])
        return self._players_left(after) < 2

    def _leaves_too_few(self, s: DrawState, c: Any) -> bool:
        """Between deals: whether ``c`` (a player leaving, or declining to buy again) leaves fewer
        than two to play on (tried on a copy; a command the engine refuses is refused here)."""
        after = s.copy()
        self.evening.command(after, c, [], lambda _s, _out: None, lambda _s, _out: None)
        return self._players_left(after) < 2

    def _everyone_leaves(self, s: DrawState) -> bool:
        """Whether the requests made during the deal leave nobody of those at the table (tried on a
        copy): a newcomer who sits down as it ends played for none of the pot (docs/rules.md 6.5)."""
        after = s.copy()
        self.evening.at_deal_end(after, [])
        before = s.names
        return not any(
            name and not gone and seat < len(before) and before[seat] == name
            for seat, (name, gone) in enumerate(zip(after.names, after.out, strict=True))
        )

    def _return_carried(self, s: DrawState, out: list[Any]) -> None:
        if not s.carried:
            return
        at_table = [bool(name) and not s.out[seat] for seat, name in enumerate(s.names)]
        shares, odd = carried_return(s.carried, s.carried_by, at_table, s.button)
        self._emit(s, out, ev.CarriedPotReturned(shares, odd))

    # ------------------------------------------------------------ dealer's choice

    def games(self) -> tuple[str, ...]:
        """Dealer's choice: the games the dealer picks from (none otherwise)."""
        return tuple(self._variants)

    def game_of(self, name: str) -> DrawGame:
        """The game called ``name`` in a dealer's choice session."""
        return self._variants[name]

    @staticmethod
    def choose_game(name: str) -> cmd.ChooseGame:
        """The command that picks the next deal's game (dealer's choice)."""
        return cmd.ChooseGame(name)

    def rotation(self, state: DrawState) -> str | None:
        """The game a computer dealer picks: the games in turn, deal by deal.
        None when there is nothing to pick: the game is chosen, or a
        passed-out deal is redealt in its game (see :meth:`redeal`)."""
        games = self.games()
        if not games or state.game_chosen or self.redeal(state):
            return None
        return games[state.deal % len(games)]

    def redeal(self, state: DrawState) -> bool:
        """Dealer's choice: is the next deal a passed-out deal's pot redealt in
        the same game (docs/rules.md 4.6)? Then nobody chooses: the next dealer
        deals that game, and no choice is recorded (a history written before
        this may record the same game chosen again, which is accepted)."""
        return bool(self._variants) and bool(state.carried) and state.game in self._variants

    def next_dealer(self, state: DrawState) -> int:
        """The seat that deals next (and, in dealer's choice, picks the game)."""
        return state.button if state.deal == 0 else self.next_button(state)

    def _dealers_choice(self, state: DrawState, command: Any) -> list[Any]:
        kind = type(command)
        if kind in evening.EVENING_COMMANDS:
            return self._evening_command(state, command)
        if kind is cmd.ChooseGame:
            out: list[Any] = []
            self._choose_game(state, command, out)
            return out
        if kind is cmd.StartDeal and not state.game_chosen and self.redeal(state):
            # A passed-out deal's pot is redealt in its game: nobody chooses (docs/rules.md 4.6).
            kept: list[Any] = []
            self._emit(state, kept, ev.GameKept(state.game))
            try:
                return kept + self._variants[state.game].handle(state, command)
            except IllegalAction:
                _unkeep(state)
                raise
        if kind is cmd.SitDown or (kind is cmd.StartDeal and not state.game_chosen):
            if kind is cmd.StartDeal and state.phase == BETWEEN_DEALS:
                raise refuse(
                    N_("{name} deals and first chooses the game: {games}"),
                    name=state.names[self.next_dealer(state)],
                    games=_either(self.games()),
                )
            return DrawGame.handle(self, state, command)
        game = self._variants.get(state.game)
        if game is None:
            return DrawGame.handle(self, state, command)
        return game.handle(state, command)

    def _dealers_choice_menu(self, state: DrawState) -> LegalActions:
        game = self._variants.get(state.game)
        if game is None or state.phase in (BETWEEN_DEALS, NO_SESSION, SESSION_OVER):
            return DrawGame.legal_actions(self, state)
        return game.legal_actions(state)

    def _choose_game(self, s: DrawState, c: cmd.ChooseGame, out: list[Any]) -> None:
        if s.phase == NO_SESSION:
            raise refuse(N_("nobody has sat down yet"))
        if s.phase == SESSION_OVER:
            raise refuse(N_("the session is over"))
        if s.phase != BETWEEN_DEALS:
            raise refuse(N_("the game is chosen between deals; this deal is not over yet"))
        if c.game not in self._variants:
            raise refuse(
                N_("'{game}' is not one of this session's games: {games}"),
                game=str(c.game),
                games=_either(self.games()),
            )
        if s.carried and s.game and c.game != s.game:
            raise refuse(
                N_("the pot of {n} from the passed-out deal is redealt in the same game, {game}"),
                n=s.carried,
                game=s.game,
            )
        self._emit(s, out, ev.GameChosen(c.game))

    def decide(self, state: DrawState, command: Any) -> list[Any]:
        """The events ``command`` would cause; ``state`` is not changed."""
        return self.handle(state.copy(), command)

    def seat_range(self) -> tuple[int, int]:
        """How many may sit down (fewest, most)."""
        return seat_range(self.rules)

    def legal_actions(self, state: DrawState) -> LegalActions:
        """What the player to act may do, with amounts (kept until the next event).

        The same menu as :func:`~drawpoker.games.draw.legal.legal_actions`
        (the tests compare the two over random states of every ruleset), made
        the short way: the betting menu from the house's rules read once and
        the menu's tuples made directly; an exchange's menu, and a showdown's
        while nobody has mucked, made once per seat and kept."""
        if self._menu_state is state and self._menu_version == state.version:
            return self._menu
        seat = state.to_act
        phase = state.phase
        if seat is None:
            menu = self._idle_menus.get(phase)
            if menu is None:
                menu = self._idle_menus[phase] = legal_actions(state, self.rules)
        elif phase == BETTING:
            menu = self._betting_menu(state, seat)  # (_plain_menu or _amounts_menu)
        elif phase == EXCHANGE:
            key = (seat, state.round)
            menu = self._exchange_menus.get(key)  # (the rules' limits, the seat and the exchange's number)
            if menu is None:
                menu = self._exchange_menus[key] = legal_actions(state, self.rules)
        elif phase == SHOWDOWN and True not in state.mucked:  # nobody mucked: every hand may show or muck
            menu = self._show_menus.get(seat)
            if menu is None:
                menu = self._show_menus[seat] = _new(LegalActions, (seat, SHOWDOWN, _SHOW_OR_MUCK, *_MENU_REST))
        else:
            menu = legal_actions(state, self.rules)
        self._menu_state, self._menu_version, self._menu = state, state.version, menu
        return menu

    def _plain_menu(self, s: DrawState, seat: int) -> LegalActions:
        """The betting menu under Mørkpoker's betting (fixed limit, check-raise
        allowed): :func:`~drawpoker.games.draw.legal.legal_actions`' answer.
        The menus are values made of a few numbers: each is made once and
        given again (at most ``_MENUS_KEPT`` kept)."""
        # What to call and the bet or raise's word: _plain_to_call, written out (the menu's hot path),
        # the word kept for the command that follows.
        stack = s.stacks[seat]
        level = s.level
        bet_here = s.bets[seat]
        owed = level - bet_here
        step = s.step
        word: str | None = None
        cap = self._raise_cap
        if stack > owed and len(s.active) > 1:  # (someone else left to bet against)
            acted = s.acted[seat]
            if acted is None or (  # reopened only by a rise of a full step or the house's share of one
                (rise := level - acted) > 0
                and (rise >= step or rise * self._reopen.denominator >= self._reopen.numerator * step)
            ):
                if s.full_level == 0:
                    if s.round != 1 or level != 0 or self._any_opens or may_open(s, self.rules, seat):
                        word = "bet"
                elif (
                    cap is None
                    or s.raises < cap
                    or (self._cap_lifts and s.headsup_at is not None and s.headsup_at < cap)  # heads-up
                ):
                    word = "raise"
        self._word_state, self._word_version, self._word = s, s.version, word
        if owed <= 0:
            owed = 0
        elif owed > stack:
            owed = stack
        amount = 0
        if word is not None:
            amount = (step if word == "bet" else s.full_level + step) - bet_here
            if amount > stack:
                amount = stack
        if cap is None or (self._cap_lifts and s.headsup_at is not None and s.headsup_at < cap):
            left = None
        else:
            left = cap - s.raises if s.raises < cap else 0
        to_open = 0 if self._any_opens or s.round != 1 or level != 0 else requirement(s.to_open, self.rules)
        key = (seat, bet_here, owed, owed == stack, word, amount, amount == stack, step, left, to_open)
        menus = self._betting_menus
        menu = menus.get(key)
        if menu is not None:
            return menu
        call = CHECK if owed == 0 else _new(Option, ("call", owed, bet_here + owed, owed == stack))
        if word is None:
            options: tuple[Option, ...] = (FOLD, call)
        else:
            options = (FOLD, call, _new(Option, (word, amount, bet_here + amount, amount == stack)))
        menu = _new(LegalActions, (seat, BETTING, options, owed, step, left, 0, None, to_open, 0, 1, None))
        if len(menus) >= _MENUS_KEPT:
            menus.clear()
        menus[key] = menu
        return menu

    def _amounts_menu(self, s: DrawState, seat: int) -> LegalActions:
        """The betting menu with the betting arithmetic's amounts (pot and no
        limit, or a house without check-raise)."""
        ch = self.betting_choices(s)
        bet_here = s.bets[seat]
        call = CHECK if ch.may_check else _new(Option, ("call", ch.to_call, bet_here + ch.to_call, ch.call_all_in))
        word = ch.bet_word
        if word is None:
            options: tuple[Option, ...] = (FOLD, call)
        else:
            low = ch.min_to
            options = (FOLD, call, _new(Option, (word, low - bet_here, low, low == ch.all_in_to)))
        return _new(LegalActions, (seat, BETTING, options, ch.to_call, s.step, ch.raises_left, 0, None, 0, 0, 1, ch))

    def to_call(self, state: DrawState) -> tuple[int, str | None]:
        """The cheap question beside the menu, for bots and simulations: what
        the player to act (in a betting round) puts in to call (0: they may
        check), and "bet" or "raise" if they may, else None. The same answers
        as :meth:`legal_actions`' ``to_call`` and options, without the menu."""
        if self._variants:
            game = self._variants.get(state.game)
            if game is not None:
                return game.to_call(state)
        seat = state.to_act
        if seat is None or state.phase != BETTING:
            return 0, None
        if self._plain:
            word = self._plain_bet_word(state, seat)
            self._word_state, self._word_version, self._word = state, state.version, word
        elif self._big_bets:
            word = self._big_bet_word(state, seat)
        else:  # a fixed-limit house without check-raise
            ch = self.betting_choices(state)
            return ch.to_call, ch.bet_word
        owed = state.level - state.bets[seat]
        stack = state.stacks[seat]
        return (owed if owed < stack else stack) if owed > 0 else 0, word

    def _plain_to_call(self, state: DrawState) -> tuple[int, str | None]:
        """:meth:`to_call` under Mørkpoker's betting, no dealer's choice (the
        game's ``to_call``): the same answers, the house's rules read once."""
        s = state
        seat = s.to_act
        if seat is None or s.phase != BETTING:
            return 0, None
        # _plain_bet_word, written out (the hot path of every bot's decision), with what a call costs
        stack = s.stacks[seat]
        level = s.level
        owed = level - s.bets[seat]
        word: str | None = None
        if stack > owed and len(s.active) > 1:  # (someone else left to bet against)
            acted = s.acted[seat]
            if acted is None or (  # reopened only by a rise of a full step or the house's share of one
                (rise := level - acted) > 0
                and (rise >= (step := s.step) or rise * self._reopen.denominator >= self._reopen.numerator * step)
            ):
                if s.full_level == 0:
                    if s.round != 1 or level != 0 or self._any_opens or may_open(s, self.rules, seat):
                        word = "bet"
                else:
                    cap = self._raise_cap
                    if (
                        cap is None
                        or s.raises < cap
                        or (self._cap_lifts and s.headsup_at is not None and s.headsup_at < cap)  # heads-up
                    ):
                        word = "raise"
        self._word_state, self._word_version, self._word = s, s.version, word
        if owed <= 0:
            return 0, word
        return owed if owed < stack else stack, word

    def _big_to_call(self, state: DrawState) -> tuple[int, str | None]:
        """:meth:`to_call` in pot and no limit, no dealer's choice (the game's
        ``to_call``): the same answers, :meth:`_big_bet_word` written out."""
        s = state
        seat = s.to_act
        if seat is None or s.phase != BETTING:
            return 0, None
        stack = s.stacks[seat]
        level = s.level
        owed = level - s.bets[seat]
        word: str | None = None
        if stack > owed and len(s.active) > 1 and (self._check_raise or not s.checked[seat]):
            acted = s.acted[seat]  # reopened only by a full bet or raise since
            if acted is None or ((rise := level - acted) > 0 and rise >= s.step and rise >= s.raise_size):
                if level > 0:
                    word = "raise"
                elif self._any_opens or opening_refused(s, self.rules, seat) is None:
                    word = "bet"
        if owed <= 0:
            return 0, word
        return owed if owed < stack else stack, word

    def _big_bet_word(self, s: DrawState, seat: int) -> str | None:
        """Pot and no limit: "bet" or "raise" if ``seat`` may, else None --
        :func:`~drawpoker.engine.betting.choices`' word without the amounts
        (a bot asks for those only when it bets)."""
        stack = s.stacks[seat]
        level = s.level
        if stack <= level - s.bets[seat]:
            return None
        acted = s.acted[seat]
        if acted is not None:  # reopened only by a full bet or raise since
            rise = level - acted
            if rise <= 0 or rise < s.step or rise < s.raise_size:
                return None
        if s.checked[seat] and not self._check_raise:
            return None
        if len(s.active) < 2:  # the player to act can bet: is anybody else left to bet against?
            return None
        if level > 0:
            return "raise"
        if self._any_opens or opening_refused(s, self.rules, seat) is None:
            return "bet"
        return None

    def _plain_bet_word(self, s: DrawState, seat: int) -> str | None:
        """:func:`~drawpoker.games.draw.legal.bet_word` with the house's betting
        rules read once (the cheap query's hot path): "bet" or "raise" if
        ``seat`` may, else None."""
        stack = s.stacks[seat]
        level = s.level
        if stack <= level - s.bets[seat]:
            return None
        acted = s.acted[seat]
        if acted is not None:  # reopened only by a rise of a full step or the house's share of one
            rise = level - acted
            step = s.step
            if rise <= 0 or (rise < step and rise * self._reopen.denominator < self._reopen.numerator * step):
                return None
        if len(s.active) < 2:  # the player to act can bet: is anybody else left to bet against?
            return None
        if s.full_level == 0:
            if s.round == 1 and level == 0 and not self._any_opens and not may_open(s, self.rules, seat):
                return None
            return "bet"
        cap = self._raise_cap
        if cap is not None and s.raises >= cap:
            lifted = self._cap_lifts and s.headsup_at is not None and s.headsup_at < cap  # heads-up: unlimited
            if not lifted:
                return None  # capped
        return "raise"

    def betting_choices(self, state: DrawState) -> betting.Choices:
        """The betting arithmetic's answer for the player to act in a betting
        round: to call, bet or raise with the smallest and largest totals, the
        pot (the menu's ``amounts``; kept until the next event)."""
        if self._variants:
            game = self._variants.get(state.game)
            if game is not None:
                return game.betting_choices(state)
        if self._choices_state is state and self._choices_version == state.version and self._choices is not None:
            return self._choices
        seat = state.to_act
        if seat is None or state.phase != BETTING:
            raise refuse(N_("nobody is to act in a betting round"))
        if self._big_bets:
            ch = self._big_choices(state, seat)
        else:
            refused = None if self._any_opens else opening_refused(state, self.rules, seat)
            ch = betting.choices(state, self._limits, seat, refused)
        self._choices_state, self._choices_version, self._choices = state, state.version, ch
        return ch

    def _big_choices(self, s: DrawState, seat: int) -> betting.Choices:
        """:func:`~drawpoker.engine.betting.choices` in pot and no limit, the
        house's rules read once: the same answer (the tests compare the two).
        Someone else to bet against: another seat that can still bet
        (``s.active``: the seat to act is one of them when it has chips beyond the call)."""
        stack = s.stacks[seat]
        bet_here = s.bets[seat]
        level = s.level
        owed = level - bet_here
        to_call = (owed if owed < stack else stack) if owed > 0 else 0
        all_in_to = bet_here + stack
        pot = sum(s.committed) + s.carried - s.paid_out  # (DrawState.pot_total)
        after_call = pot + owed if owed > 0 else pot
        pot_to = level + after_call
        step = s.step
        word: str | None = None
        low = high = 0
        if stack > owed and (self._check_raise or not s.checked[seat]) and len(s.active) > 1:
            acted = s.acted[seat]
            raise_size = s.raise_size
            if acted is None or (level - acted > 0 and level - acted >= (step if step > raise_size else raise_size)):
                if level > 0:
                    word = "raise"
                elif self._any_opens or opening_refused(s, self.rules, seat) is None:
                    word = "bet"
                if word is not None:
                    smallest = level + (step if step > raise_size else raise_size)
                    largest = all_in_to if self._no_limit else (smallest if smallest > pot_to else pot_to)
                    low = smallest if smallest < all_in_to else all_in_to
                    high = largest if largest < all_in_to else all_in_to
        return _new(
            betting.Choices,
            (
                seat,
                self._structure,
                owed <= 0,
                to_call,
                0 < to_call == stack,
                word,
                low,
                high,
                all_in_to,
                pot,
                pot_to,
                level + after_call // 2,
                step,
                None,
            ),
        )

    @staticmethod
    def new_state() -> DrawState:
        """An empty table."""
        return DrawState()

    @staticmethod
    def sit_down(names: Sequence[str], stacks: Sequence[int], first_dealer: int = 0) -> cmd.SitDown:
        """The command that starts a session (the names and stacks made tuples); ``first_dealer``
        has the first button."""
        return _new(cmd.SitDown, (tuple(names), tuple(stacks), first_dealer, None))  # (as its own __new__ makes it)

    @staticmethod
    def start_deal(deck: tuple[Card, ...], reshuffle_seed: int = 0) -> cmd.StartDeal:
        """The command that deals the next hand."""
        return _new(cmd.StartDeal, (tuple(deck), reshuffle_seed, *_START_DEFAULTS))  # (as its own __new__ makes it)

    @staticmethod
    def apply(state: DrawState, event: Any) -> DrawState:
        """Apply one event (see :mod:`.reducer`)."""
        HANDLERS[type(event)](state, event)
        state.version += 1
        return state

    @staticmethod
    def chips_total(state: DrawState) -> int:
        """Chips on the table less every chip bought after sitting down (rebuys,
        add-ons, newcomers' buy-ins), plus every chip cashed out: constant
        through a session."""
        return sum(state.stacks) + state.pot_total() - sum(state.rebought) - state.brought + state.taken

    def command_of(self, event: Any) -> Any | None:
        """The command a recorded event came from; None for automatic events.
        In pot and no limit a bet or raise names its amount (a bet is made
        only when nobody has bet, so its amount is the player's total)."""
        kind = type(event)
        if self._variants:
            if kind is ev.GameChosen:
                self._chosen = event.game
                return cmd.ChooseGame(event.game)
            if kind is ev.GameKept:  # (an effect of the redeal's StartDeal; the game is read on from it)
                self._chosen = event.game
                return None
            game = self._variants.get(self._chosen)
            if game is not None and kind not in (ev.SessionStarted, ev.DealStarted):
                return game.command_of(event)
        maker = self._command_makers.get(kind)
        if maker is None:
            return evening.command_of(event) if kind in _EVENING_EVENTS else None
        return maker(event)

    # ------------------------------------------------------------ plumbing

    @staticmethod
    def _emit(state: DrawState, out: list[Any], event: Any) -> None:
        HANDLERS[type(event)](state, event)
        state.version += 1
        out.append(event)

    # ------------------------------------------------------------ session

    def _sit_down_command(self, s: DrawState, c: cmd.SitDown) -> list[Any]:
        if s.phase != NO_SESSION:
            raise refuse(N_("the session has already started"))
        names = tuple(c.names) if c.names.__class__ in _SEQUENCES else ()  # what the checks refuse
        stacks = tuple(c.stacks) if c.stacks.__class__ in _SEQUENCES else ()
        seated = self._seated
        if seated is None or names is not seated[0] or stacks is not seated[1]:  # not the table last seated
            if not self._plainly_seated(names, stacks):  # then the checks themselves, for the reason
                refused = seating_refusal(self.rules, len(names), stacks)  # the same answer as 'rules check'
                if refused is not None:
                    raise IllegalAction(refused[1])
                wrong = names_refusal(names)
                if wrong is not None:
                    raise IllegalAction(wrong)
            self._seated = names, stacks  # (tuples of strings and numbers: what was checked cannot change)
        if self._drawn_seats:
            self.evening.check_seating(s, names)
        button = c.button
        if not isinstance(button, int) or not 0 <= button < len(names):
            raise refuse(N_("the button must be one of the seats 0..{last}"), last=len(names) - 1)
        version = evening.EVENING_RULES if c.evening_rules is None else c.evening_rules
        wrong_version = evening.evening_rules_refusal(version)
        if wrong_version is not None:  # (re-deciding a session recorded under a version this drawpoker lacks)
            raise IllegalAction(wrong_version)
        started = _new(ev.SessionStarted, (names, stacks, button, version))
        if s.version == 0 and self._short_ways:  # a new table (no event applied): what _session_started does
            _seat_new_table(s, names, stacks, button, version)
        else:
            _session_started(s, started)
        s.version += 1
        return [started]

    def _plainly_seated(self, names: tuple[Any, ...], stacks: tuple[Any, ...]) -> bool:
        """The common sit-down, allowed at a glance: as many players as the
        rules seat, each with a plain whole number of chips, at least the
        smallest stack, and a plain name of its own (ignoring case). True only
        where :func:`~drawpoker.rules.seating.seating_refusal` and
        :func:`~drawpoker.rules.seating.names_refusal` find nothing; anything
        else is left to them (False)."""
        n = len(names)
        if not self._fewest <= n <= self._most or len(stacks) != n:
            return False
        least = self._least
        for stack in stacks:
            if stack.__class__ is not int or stack < least:
                return False
        for name in names:
            if name.__class__ is not str:
                return False
        folded = set(map(str.casefold, map(str.strip, names)))  # (a name all spaces: "")
        return len(folded) == n and "" not in folded

    def _start_deal(self, s: DrawState, c: cmd.StartDeal) -> list[Any]:
        if s.phase != BETWEEN_DEALS:
            if s.phase == NO_SESSION:
                raise refuse(N_("nobody has sat down yet"))
            if s.phase == SESSION_OVER:
                raise refuse(N_("the session is over"))
            raise refuse(N_("the current deal is not over yet"))
        deck = self._whole_deck(c.deck)
        if c.reshuffle_seed.__class__ is not int:
            raise refuse(N_("the reshuffle seed must be a whole number"))
        out: list[Any] = []
        broke: list[Any] = []
        stacks = s.stacks
        if self._before and (s.seat_changes or s.deal == 0 or self._asks):
            self._before_deal(s)
        everyone = stacks and min(stacks) > 0 and True not in s.out and not s.seat_changes  # the common case
        if everyone:
            playing = len(stacks)
        else:
            playing = 0
            for seat, sitting_out in enumerate(s.out):
                if sitting_out or s.away[seat]:
                    continue
                if stacks[seat] > 0:
                    playing += 1
                elif self._may_rebuy(s, seat):
                    broke.append(ev.PlayerRebought(seat, self.rules.session.rebuy_amount))
                    playing += 1
                else:
                    broke.append(ev.PlayerSatOut(seat))
        if playing < 2:  # the session ends before this; a guard for hand-made states
            if s.seat_changes:
                raise refuse(
                    N_("fewer than two players are at the table to be dealt in; someone must come back or join")
                )
            raise refuse(N_("fewer than two players have chips"))
        for event in broke:
            self._emit(s, out, event)
        button = s.button if s.deal == 0 else self.next_button(s)
        blinds: tuple[int, int] | None = None
        if s.seat_changes:
            if s.deal == 0 and not self._regular(s, button):
                button = self.next_button(s, first=0)
            blinds = self._seat_blinds(s, button, out)
        to_open = recorded_requirement(requirement(s.to_open, self.rules), self.rules) if self._ladder else ANY
        proven = c.proven is not False
        show_order = self._show_order if c.show_order is None else c.show_order
        if show_order not in SHOWDOWN_ORDERS:
            raise refuse(N_("the showdown's order is one of {orders}"), orders=_either(tuple(SHOWDOWN_ORDERS)))
        number, seed = s.deal + 1, c.reshuffle_seed
        started = _DEAL_STARTED((number, button, deck, seed, to_open, proven, show_order))
        if everyone and self._short_ways:  # what the reducer's DealStarted does when everyone is dealt in
            if s.deal:  # (the first deal: the seating left the deal's facts blank, and only a deal changes them)
                s.reset_deal()
            s.deal, s.button, s.deck, s.reshuffle_seed, s.to_open, s.proven, s.show_order = (
                number,
                button,
                deck,
                seed,
                to_open,
                proven,
                show_order,
            )
            s.dealt_to = s.names
            s.same_dealer = False
            seats = len(stacks)
            s.in_deal = blanks(seats)[4].copy()
            s.active = SEAT_NUMBERS[seats]
            stock = s.stock = [*deck]
            del stock[: 5 * seats]  # (cheaper than copying a slice of the deck)
            s.phase = BETTING
            if self._blinds_only:
                out.append(started)
                self._blinds_and_cards(s, button, deck, seats, out)
                return out
            if self._antes_only and min(stacks) > self._forced.ante:  # (Mørkpoker: everyone covers the ante)
                out.append(started)
                self._antes_and_cards(s, button, deck, seats, out)
                return out
        else:
            _deal_started(s, started)
        out.append(started)
        in_deal = s.in_deal
        clockwise = clockwise_from(button, len(in_deal))
        order = clockwise if False not in in_deal else tuple([seat for seat in clockwise if in_deal[seat]])
        self._post_forced_bets(s, button, order, out, blinds)
        if s.seat_changes and max(s.owes) > 0:
            self._post_missed_blinds(s, order, out)
        # Five cards each, one at a time from the button's left; what the reducer's CardsDealt does.
        hands = s.hands = list(_dealing(order, len(in_deal))(deck))
        s.dealt = list(hands)
        out.extend(map(_CARDS_DEALT, zip(order, map(hands.__getitem__, order), strict=False)))  # (seat, hand)
        s.version += len(order) + 1
        self._start_round(s, 1, out)
        return out

    def _blinds_and_cards(self, s: DrawState, button: int, deck: tuple[Card, ...], seats: int, out: list[Any]) -> None:
        """The rest of a deal's start under blinds alone (no antes) with
        everyone dealt in, the short way: what :meth:`_post_forced_bets`, the
        reducer's BlindPosted and CardsDealt and :meth:`_start_round` do for
        round 1, written out (the tests play the short and the general ways
        side by side)."""
        small, big = (button, 1 - button) if seats == 2 else ((button + 1) % seats, (button + 2) % seats)
        small_blind, big_blind = self._forced.blinds  # type: ignore[misc]
        stacks, bets, committed, actions = s.stacks, s.bets, s.committed, s.actions
        stack = stacks[small]
        amount = small_blind if small_blind < stack else stack
        out.append(_BLIND_POSTED((small, "small", amount, amount)))
        stacks[small] = stack - amount
        if amount == stack:
            cannot_bet(s, small)  # all-in
        bets[small] += amount
        committed[small] += amount
        s.blind[small] = "small"
        actions.append(_SMALL_BLIND_ACTS[small][amount] if amount < _FEW else _ACT((1, small, "small_blind", amount)))
        level = amount if amount > s.level else s.level
        stack = stacks[big]
        amount = big_blind if big_blind < stack else stack
        out.append(_BLIND_POSTED((big, "big", amount, big_blind)))
        stacks[big] = stack - amount
        if amount == stack:
            cannot_bet(s, big)
        bets[big] += amount
        committed[big] += amount
        s.blind[big] = "big"
        actions.append(_BIG_BLIND_ACTS[big][amount] if amount < _FEW else _ACT((1, big, "big_blind", amount)))
        s.level = big_blind if big_blind > level else level
        s.full_level = s.raise_size = big_blind
        # Five cards each, one at a time from the button's left; what the reducer's CardsDealt does.
        order = clockwise_from(button, seats)
        hands = s.hands = list(_dealing(order, seats)(deck))
        s.dealt = list(hands)
        out.extend(map(_CARDS_DEALT, zip(order, map(hands.__getitem__, order), strict=False)))  # (seat, hand)
        # Round 1, left of the big blind (what _start_round and the reducer's RoundStarted do).
        first = next_to_act(s, big)
        s.round, s.step = 1, self._early_step if self._big_bet_from > 1 else self._late_step
        s.raises = 0
        s.aggressor = s.last_actor = None
        s.headsup_at = 0 if seats <= 2 and len(s.active) <= 2 else None
        s.to_act = first
        s.version += seats + 4  # the deal's start, two blinds, the hands, round 1
        started = _ROUND_STARTED((1, s.step, first))
        out.append(started)
        if first is None:
            self._end_round(s, out)

    def _antes_and_cards(self, s: DrawState, button: int, deck: tuple[Card, ...], seats: int, out: list[Any]) -> None:
        """The rest of a deal's start under antes alone (Mørkpoker) with
        everyone dealt in and covering the ante, the short way: what
        :meth:`_post_forced_bets`, the reducer's AntePosted and CardsDealt and
        :meth:`_start_round` do for round 1, written out."""
        ante = self._forced.ante
        order = clockwise_from(button, seats)
        s.stacks = [stack - ante for stack in s.stacks]  # each stack less the ante
        s.committed = [ante] * seats
        out.extend(_antes_posted(order, ante))
        # Five cards each, one at a time from the button's left; what the reducer's CardsDealt does.
        hands = s.hands = list(_dealing(order, seats)(deck))
        s.dealt = list(hands)
        out.extend(map(_CARDS_DEALT, zip(order, map(hands.__getitem__, order), strict=False)))  # (seat, hand)
        # Round 1, left of the button (what _start_round and the reducer's RoundStarted do).
        first = order[0]
        s.round, s.step = 1, self._early_step if self._big_bet_from > 1 else self._late_step
        s.raises = 0
        s.aggressor = s.last_actor = None
        s.headsup_at = 0 if seats <= 2 else None
        s.to_act = first
        s.version += 2 * seats + 2  # the deal's start, the antes, the hands, round 1
        out.append(_ROUND_STARTED((1, s.step, first)))

    # ------------------------------------------------------------ the evening at the deal's start

    def _before_deal(self, s: DrawState) -> None:
        """What must be settled before a deal: the first dealer drawn, if the
        house draws for it; every broke player asked whether to buy again."""
        self.evening.first_deal_ready(s)
        asked = self.evening.asked(s)
        if asked:
            name = s.names[asked[0]]
            raise refuse(
                N_("{name} is out of chips and must first say whether to buy {n} more or leave"),
                name=name,
                n=self.rules.session.rebuy_amount,
            )

    @staticmethod
    def _regular(s: DrawState, seat: int) -> bool:
        """A player sits in ``seat`` with chips, plays as usual: not away, not
        waiting for the big blind, owing no blinds."""
        return bool(
            s.names[seat]
            and not s.out[seat]
            and not s.away[seat]
            and s.stacks[seat] > 0
            and not s.waiting[seat]
            and not s.owes[seat]
        )

    def _seat_blinds(self, s: DrawState, button: int, out: list[Any]) -> tuple[int, int] | None:
        """Before the deal starts: players waiting for the big blind or owing
        blinds are dealt in where the rules say (docs/rules.md 6.2); the blinds'
        seats when they are not the usual two (None: the usual)."""
        present = [evening.present(s, seat) for seat in range(s.seats)]
        if not self._blinds:  # no blinds to wait for or to owe in this deal's game
            reached = tuple(seat for seat in range(s.seats) if present[seat] and (s.waiting[seat] or s.owes[seat]))
            small_big: tuple[int | None, int | None] = (None, None)
        else:
            reached, _posting, small, big = evening.blind_plan(button, present, s.waiting, s.owes, s.evening_rules)
            small_big = (small, big)
        for seat in reached:
            self._emit(s, out, ev.PlayerDealtIn(seat))
        small, big = small_big
        return None if small is None or big is None else (small, big)

    def _post_missed_blinds(self, s: DrawState, order: tuple[int, ...], out: list[Any]) -> None:
        """Players back who owe blinds post them after the blinds: the big blind
        live, and the small blind dead when they missed both (all they have
        when short)."""
        forced = self._forced
        if forced.blinds is None:
            return
        small_blind, big_blind = forced.blinds
        for seat in order:
            owes = s.owes[seat]
            if not owes:
                continue
            stack = s.stacks[seat]
            live = min(big_blind, stack)
            dead = min(small_blind, stack - live) if owes > 1 else 0
            self._emit(s, out, ev.MissedBlindsPosted(seat, live, dead))

    def _players_left(self, s: DrawState) -> int:
        """How many can play on: at the table (away or not) with chips, or broke and allowed to buy again."""
        count = 0
        for seat, sitting_out in enumerate(s.out):
            if not sitting_out and (s.stacks[seat] > 0 or self._may_rebuy(s, seat)):
                count += 1
        return count

    def _post_forced_bets(
        self,
        s: DrawState,
        button: int,
        order: tuple[int, ...],
        out: list[Any],
        seats: tuple[int, int] | None = None,
    ) -> None:
        """Antes, the dealer's ante and the blinds (docs/rules.md 4.5); a player who
        cannot cover one posts what they have and is all-in. The big blind
        sets the first round's bet at the full blind even when short of it.
        ``order``: the seats dealt in, clockwise from the button's left;
        ``seats``: the blinds' seats when they are not the usual two (players
        waiting for the big blind or owing blinds, docs/rules.md 6.2)."""
        forced = self._forced
        if forced.blinds is None and not forced.dealer_ante:  # Mørkpoker: antes only (the hot path)
            ante = forced.ante
            if ante and len(order) == len(s.stacks) and min(s.stacks) > ante:  # everyone covers it (the common case)
                s.stacks = [stack - ante for stack in s.stacks]  # each stack less the ante
                s.committed = [ante] * len(order)  # what the reducer's AntePosted does
                s.version += len(order)
                out.extend(_antes_posted(order, ante))
            elif ante:
                stacks, committed = s.stacks, s.committed
                for seat in order:
                    stack = stacks[seat]
                    amount = ante if ante < stack else stack
                    stacks[seat] = stack - amount  # what the reducer's AntePosted does
                    committed[seat] += amount
                    if amount == stack:
                        cannot_bet(s, seat)

                    out.append(_ANTE_POSTED((seat, amount)))
                s.version += len(order)
            return
        if forced.blinds is not None and not forced.ante and not forced.dealer_ante:  # blinds only
            small, big = seats or betting.blind_seats(button, s.in_deal)
            stacks = s.stacks
            small_blind, big_blind = forced.blinds
            amount = small_blind if small_blind < stacks[small] else stacks[small]
            posted = _BLIND_POSTED((small, "small", amount, amount))
            _blind(s, posted)
            out.append(posted)
            posted = _BLIND_POSTED((big, "big", big_blind if big_blind < stacks[big] else stacks[big], big_blind))
            _blind(s, posted)
            out.append(posted)
            s.version += 2
            return
        big_posted = False
        for p in betting.post_forced_bets(button, s.stacks, s.in_deal, forced, seats):
            if p.kind == betting.SMALL_BLIND:
                self._emit(s, out, ev.BlindPosted(p.seat, "small", p.amount, p.amount))
            elif p.kind == betting.BIG_BLIND:
                big_posted = True
                self._emit(s, out, ev.BlindPosted(p.seat, "big", p.amount, forced.blinds[1]))  # type: ignore[index]
            else:
                self._emit(s, out, ev.AntePosted(p.seat, p.amount))
        if forced.blinds is not None and not big_posted:  # the ante took the big blind's last chip
            _, big = seats or betting.blind_seats(button, s.in_deal)
            self._emit(s, out, ev.BlindPosted(big, "big", 0, forced.blinds[1]))

    def _whole_deck(self, given: Any) -> tuple[Card, ...]:
        """The deck a deal is dealt from: every card once, and the rules' jokers."""
        jokers = self._jokers
        # just shuffled by the engine's own shuffler: whole (its length read from the deck itself, so a
        # shuffle on another thread between the two slots cannot pair it with another count of jokers)
        if given is LAST_MADE[0] and len(given) == 52 + jokers:
            return given  # type: ignore[no-any-return]
        try:
            if jokers:
                deck = tuple(map(_CARD_OF.__getitem__, given))
            else:  # each card looked up in C (itemgetter): no Python-level call per card
                cards = tuple(given)
                deck = itemgetter(*cards)(_NATURAL_OF) if len(cards) == 52 else ()
        except (KeyError, TypeError):
            raise _no_whole_deck(jokers) from None
        if jokers:
            if not is_whole_deck(deck, jokers):
                raise _no_whole_deck(jokers)
        elif len(deck) != 52 or len(set(deck)) != 52:  # 52 of the 52 cards, none twice: each once
            raise _no_whole_deck(jokers)
        return deck

    def next_button(self, s: DrawState, first: int | None = None) -> int:
        """The next deal's dealer: one seat left with chips, or the same
        dealer again after a passed-out deal when the house says so. A player
        away, waiting for the big blind or owing blinds is passed over."""
        button, out, stacks = s.button, s.out, s.stacks
        seats = len(stacks)
        if first is None:
            first = 0 if s.same_dealer else 1
        changes = s.seat_changes
        for k in range(first, seats + first):
            seat = (button + k) % seats
            if not out[seat] and stacks[seat] > 0 and (not changes or self._regular(s, seat)):
                return seat
        return button

    def _may_rebuy(self, s: DrawState, seat: int) -> bool:
        """May a broke ``seat`` take a new stack (else it sits out)?"""
        session = self.rules.session
        if session.when_broke == "ask":
            return session.rebuy_limit is None or s.rebuys[seat] < session.rebuy_limit
        return session.when_broke == "rebuy" and (session.rebuy_limit is None or s.rebuys[seat] < session.rebuy_limit)

    # ------------------------------------------------------------ betting

    def _step(self, round_no: int) -> int:
        """The round's fixed bet -- the small bet until ``big_bet_from_round``,
        then the big bet -- or in pot and no limit the smallest bet (the big
        blind; without blinds the small bet)."""
        return self._early_step if round_no < self._big_bet_from else self._late_step

    def _start_round(self, s: DrawState, round_no: int, out: list[Any]) -> None:
        step = self._early_step if round_no < self._big_bet_from else self._late_step  # (see _step)
        first: int | None = None
        active = s.active
        if round_no == 1 and self._blinds:
            # Round 1 starts left of the big blind: the first who faces the blind or has not acted.
            if s.seat_changes and "big" in s.blind:
                big = s.blind.index("big")
            else:
                _, big = betting.blind_seats(s.button, s.in_deal)
            first = next_to_act(s, big)
        elif len(active) > 1:  # someone to bet against
            if round_no == 1 or self._blinds:  # (with blinds: the first left of the button, see _round_two_starter)
                first = clockwise_among(active, s.button)[0]
            elif s.opener in active:  # round 1's opener (see _round_two_starter)
                first = s.opener
            else:
                first = self._round_two_starter(s)
        started = _ROUND_STARTED((round_no, step, first))
        if self._short_ways and round_no != 1:  # what the reducer's RoundStarted does after an exchange
            s.phase = BETTING
            s.round, s.step = round_no, step
            nones, falses, zeros, _, _ = blanks(len(s.names))
            s.bets = zeros.copy()
            s.level = s.full_level = s.raise_size = s.raises = 0
            s.acted = nones.copy()
            s.checked = falses.copy()
            s.aggressor = s.last_actor = None
            s.headsup_at = 0 if len(active) <= 2 and s.in_deal.count(True) - s.folded.count(True) <= 2 else None
            s.to_act = first
        else:
            _round_started(s, started)
        s.version += 1
        out.append(started)
        if first is None:
            self._end_round(s, out)

    def _round_two_starter(self, s: DrawState) -> int:
        """Round 1's opener; if out (or all-in), the house rule's fallback.
        With blinds, the first player still in left of the button. (Two or
        more players can still bet.)"""
        active, opener = s.active, s.opener
        blinds = self._forced.blinds is not None
        if not blinds and opener in active:
            return opener
        if blinds or self.rules.betting.round_two_starter == "left_of_button" or opener is None:
            return clockwise_among(active, s.button)[0]
        return clockwise_among(active, opener)[0]

    def _full(self, total: int, level: int, full_level: int, step: int) -> bool:
        """A bet or raise to ``total`` (facing ``level``) counts as full -- it
        counts toward the cap and the next raise goes one step above it -- if
        it is a whole step above the last full bet, or itself raises the bet
        by at least the house's share of a step (a 15 all-in in a 20 game)."""
        if total - full_level >= step:
            return True
        rise = total - level
        return rise > 0 and rise * self._reopen.denominator >= self._reopen.numerator * step

    def _last_one_in(self, s: DrawState, out: list[Any]) -> list[Any]:
        """A fold left one player in: the round stops there and the deal is
        theirs, unseen. Its events are added to ``out``, which is returned."""
        self._return_unmatched(s, out)
        ended = _ROUND_ENDED_OF[s.round] if s.round < 8 else _ROUND_ENDED((s.round,))
        if self._short_ways:
            s.to_act = None  # what the reducer's RoundEnded does
        else:
            _round_ended(s, ended)
        s.version += 1
        out.append(ended)
        self._award(s, out, shown=False)
        return out

    def _return_unmatched(self, s: DrawState, out: list[Any]) -> None:
        """Give back the part of the highest bet nobody matched."""
        bets = s.bets
        top = max(bets)
        if top <= 0 or bets.count(top) > 1:
            return  # nothing bet, or the highest bet matched
        second = sorted(bets)[-2]
        self._emit(s, out, _BET_RETURNED((bets.index(top), top - second)))

    def _end_round(self, s: DrawState, out: list[Any]) -> list[Any]:
        """The round's last decision was made (its events in ``out``): what
        follows it, added to ``out``, which is returned."""
        bets = s.bets
        if bets.count(max(bets)) == 1:  # (else the highest bet is matched: nothing to give back)
            self._return_unmatched(s, out)
        ended = _ROUND_ENDED_OF[s.round] if s.round < 8 else _ROUND_ENDED((s.round,))
        if self._short_ways:
            s.to_act = None  # what the reducer's RoundEnded does
        else:
            _round_ended(s, ended)
        s.version += 1
        out.append(ended)
        if s.round == 1 and s.opener is None and self._forced.blinds is None and self._checked_through(s):
            self._emit(s, out, ev.DealCheckedThrough(s.pot_total()))  # passed out
            self._end_of_deal(s, out)
        elif s.round <= self._exchanges:  # each exchange follows a betting round
            order = _still_in(s, s.button)
            started = _EXCHANGE_STARTED((order,))
            if self._short_ways:  # what the reducer's ExchangeStarted does
                s.phase = EXCHANGE
                s.exchanged = blanks(len(s.names))[0].copy()
                s.order = list(order)
                s.order_pos = 0
                s.to_act = order[0] if order else None
            else:
                _exchange_started(s, started)
            s.version += 1
            out.append(started)
        else:
            self._start_showdown(s, out)
        return out

    @staticmethod
    def _checked_through(s: DrawState) -> bool:
        """Everyone checked the first round: two or more players still in
        with chips, and nobody all-in (an all-in player keeps the cards and
        goes to the showdown; the deal cannot be taken away from them)."""
        with_chips = 0
        for seat in range(s.seats):
            if s.in_deal[seat] and not s.folded[seat]:
                if s.stacks[seat] == 0:
                    return False
                with_chips += 1
        return with_chips >= 2

    # ------------------------------------------------------------ exchange

    def _exchange(self, s: DrawState, seat: int, discards: tuple[Card, ...], out: list[Any]) -> None:
        need = len(discards)
        if need > len(s.stock):
            if self.rules.draw.stock_exhaustion != "reshuffle_discards" or need > len(s.stock) + len(s.discards):
                raise IllegalAction(
                    f"the stock has only {len(s.stock)} cards left; {s.names[seat]} cannot exchange {need}"
                )
            pile = list(s.discards)
            random.Random(s.reshuffle_seed * 1009 + len(s.discards) + 7919 * s.deal).shuffle(pile)
            self._emit(s, out, ev.StockReshuffled(tuple(s.stock) + tuple(pile)))
        drawn = tuple(s.stock[:need])
        ace: Card | None = None
        if need > self._max_cards:
            ace = next(card for card in s.hands[seat] if card not in discards and is_ace(card))
        exchanged = _CARDS_EXCHANGED((seat, discards, drawn, ace))
        _exchanged(s, exchanged)
        s.version += 1
        out.append(exchanged)
        if not self._any_opens and seat == s.opener:  # any hand opens: no openers to keep apart
            self._keep_openers_apart(s, seat, discards, out)
        if s.to_act is None:
            self._start_round(s, s.round + 1, out)

    def _opener_proof(self, s: DrawState) -> tuple[Card, ...]:
        """The opener's opening cards as dealt; empty without openers (or in
        a deal recorded before openers were proven)."""
        if s.opener is None or not s.proven:
            return ()
        return proof(s.dealt[s.opener], requirement(s.to_open, self.rules), ranking_of(self.rules))

    def _keep_openers_apart(self, s: DrawState, seat: int, discards: tuple[Card, ...], out: list[Any]) -> None:
        """A split opener's thrown opening cards go apart, not to the discards."""
        if seat != s.opener or not discards:
            return
        thrown = thrown_openers(self._opener_proof(s), s.apart, discards)
        if thrown:
            self._emit(s, out, ev.OpenersSplit(seat, thrown))

    def _show_openers(self, s: DrawState, out: list[Any]) -> None:
        """At the end of an opened deal the opener proves the openers."""
        if self._any_opens:
            return  # any hand opens: nothing to prove
        cards = self._opener_proof(s)
        if cards:
            self._emit(s, out, ev.OpenersShown(s.opener, cards, tuple(c for c in cards if c in s.apart)))  # type: ignore[arg-type]

    # ------------------------------------------------------------ showdown

    def _start_showdown(self, s: DrawState, out: list[Any]) -> None:
        in_deal, folded = s.in_deal, s.folded
        seats = len(in_deal)
        first = s.aggressor if s.aggressor is not None else s.opener
        if first is None or not in_deal[first] or folded[first]:
            if self.rules.betting.round_two_starter == "left_of_button" or first is None:
                first = _still_in(s, s.button)[0]
            else:
                first = _still_in(s, first)[0]
        order = list(_still_in(s, (first - 1) % seats))
        pots = s.pots()
        self._showdown_pots = s, s.deal, pots  # nothing goes in or folds at the showdown: the award's pots
        if len(pots) > 1 and s.show_order == "side_pots_first":
            # The house's order: players contesting side pots show before those all-in only for earlier pots.
            deepest = {seat: max((i for i, p in enumerate(pots) if seat in p.eligible), default=0) for seat in order}
            order.sort(key=lambda seat: -deepest[seat])
        started = _SHOWDOWN_STARTED((tuple(order),))
        _showdown_started(s, started)
        s.version += 1
        out.append(started)

    def _after_showdown_choice(self, s: DrawState, out: list[Any]) -> None:
        if s.to_act is None:
            self._award(s, out, shown=True)
            return
        mucked = s.mucked
        if True not in mucked:
            return  # two or more hands still in: the one to act and the one shown
        unmucked = 0
        for seat in s.order:
            if not mucked[seat]:
                unmucked += 1
        if unmucked == 1:
            self._award(s, out, shown=True)

    def _award(self, s: DrawState, out: list[Any], shown: bool) -> None:
        if not self._any_opens:
            self._show_openers(s, out)
        if not shown and self._short_ways:  # a fold left one player in (see _last_one_in)
            winner = s.out_of_pots().index(False)
            if s.committed[winner] > 0:
                # One pot, all the chips in the middle, theirs unseen: what build_pots gives and the
                # reducer's PotAwarded does.
                amount = sum(s.committed) + s.carried
                s.stacks[winner] += amount
                s.paid_out += amount
                s.to_act = None
                s.active = ()
                s.version += 1
                out.append(_POT_AWARDED((0, amount, (winner,), ((winner, amount),), (), False)))
                self._showdown_pots = None
                self._end_of_deal(s, out)
                return
        known = self._showdown_pots
        if known is not None and known[0] is s and known[1] == s.deal and s.phase == SHOWDOWN:
            pots = known[2]  # as the showdown began
        else:
            pots = s.pots()
        self._showdown_pots = None
        strength = self._strength
        strengths: dict[int, Any] = {}  # each shown hand's strength, looked up once (side pots ask again)
        hands, mucked = s.shown, s.mucked
        for index, (amount, eligible) in enumerate(pots):
            if len(eligible) == 1 and self._short_ways:  # one seat can win it: theirs, seen if shown
                seat = eligible[0]
                seen = shown and hands[seat] is not None  # (what the general way finds)
                awarded = _POT_AWARDED((index, amount, eligible, ((seat, amount),), (), seen))
                _pot_awarded(s, awarded)
                s.version += 1
                out.append(awarded)
                continue
            if True in mucked:
                contenders = [seat for seat in eligible if not mucked[seat]] or list(eligible)
            else:  # nobody mucked: all of them
                contenders = list(eligible)
            ranked = [seat for seat in contenders if hands[seat] is not None]
            if len(ranked) > 1:
                for seat in ranked:
                    if seat not in strengths:
                        strengths[seat] = strength(hands[seat])  # type: ignore[arg-type]  # (ranked: shown)
                best = max([strengths[seat] for seat in ranked])
                winners = [seat for seat in ranked if strengths[seat] == best]
            else:  # one hand shown wins (whatever its strength); none: the last hand wins unseen
                winners = ranked or contenders
            if len(winners) == 1:
                shares: tuple[tuple[int, int], ...] = ((winners[0], amount),)
                odd: tuple[int, ...] = ()
            else:
                shares = split_pot(amount, winners, self._odd_chip_order(s, winners))
                odd = tuple(seat for seat, chips in shares if chips > amount // len(winners))
            awarded = _POT_AWARDED((index, amount, eligible, shares, odd, shown and bool(ranked)))
            _pot_awarded(s, awarded)
            s.version += 1
            out.append(awarded)
        self._end_of_deal(s, out)

    def _odd_chip_order(self, s: DrawState, winners: list[int]) -> Sequence[int]:
        clockwise = clockwise_from(s.button, s.seats)
        if self.rules.showdown.odd_chip == "high_suit" and all(s.shown[w] is not None for w in winners):

            def top_suit(seat: int) -> tuple[int, int]:
                naturals = [c for c in s.shown[seat] or () if not c.is_joker]  # a joker has no suit
                if not naturals:
                    return (0, 0)
                top = max(naturals, key=lambda c: (c.rank, c.suit))
                return (-top.rank, -_SUIT_ORDER[top.suit])

            return sorted(winners, key=lambda w: (top_suit(w), clockwise.index(w)))
        return clockwise

    def _end_of_deal(self, s: DrawState, out: list[Any]) -> None:
        carried = 0 if s.paid_out else s.carried  # a won pot took any carried chips with it
        to_open = (
            next_requirement(requirement(s.to_open, self.rules), s.passed_out, self.rules) if self._ladder else ANY
        )
        same_dealer = s.passed_out and self._dealer_stays
        alone = False  # a pot was carried, and the deal's leavers left fewer than two to play on
        if s.seat_changes:
            if s.evening_rules >= 5 and not s.paid_out and s.carried:
                # (version 5) when the evening ends with this deal -- agreed, or its leavers leave fewer
                # than two to play on, or nobody -- the pot goes back to all who paid into it while they
                # are still at the table, the deal's leavers too, and then they leave (docs/rules.md 6.5)
                agreed = s.last is not None and s.deal >= s.last
                alone = not agreed and self._too_few_after_requests(s)
                if agreed or alone or self._everyone_leaves(s):
                    self._return_carried(s, out)
                    carried = 0
            elif s.evening_rules >= 4 and not s.paid_out and s.carried and self._everyone_leaves(s):
                # (version 4) the pot goes back to those who paid into it while they are still at the
                # table: once they have left there is nobody to give it to (docs/rules.md 6.5)
                self._return_carried(s, out)
                carried = 0
            self.evening.at_deal_end(s, out)  # the requests made during the deal
            if not s.paid_out and s.carried:
                agreed = s.last is not None and s.deal >= s.last
                # (version 2 of the rules of the evening: before, such a pot stayed carried as the session ended)
                alone = not agreed and s.evening_rules >= 2 and self._players_left(s) < 2
                if agreed or alone:  # the evening ends: a pot still carried goes back (docs/rules.md 6.5)
                    self._return_carried(s, out)
                    carried = 0
        stacks, out_now, rebuys, rebought = tuple(s.stacks), tuple(s.out), tuple(s.rebuys), tuple(s.rebought)
        ended = _DEAL_ENDED((s.deal, stacks, s.button, carried, out_now, rebuys, rebought, to_open, same_dealer))
        _deal_ended(s, ended)
        s.version += 1
        out.append(ended)
        deals = self._deals
        if s.last is not None:  # the table agreed when to end
            if s.deal >= s.last:
                self._emit(s, out, ev.SessionEnded("agreed"))
                return
        elif alone:
            self._emit(s, out, ev.SessionEnded("one_player_left"))
            return
        elif s.carried == 0 and deals is not None and s.deal >= deals:
            self._emit(s, out, ev.SessionEnded("deals"))
            return
        if s.seat_changes:
            if self._players_left(s) < 2:
                self._emit(s, out, ev.SessionEnded("one_player_left"))
            return
        if True not in out_now and len(stacks) - stacks.count(0) >= 2:  # (the common case, counted in C)
            return  # two can play on: the session goes on
        can_play = 0
        for seat, sitting_out in enumerate(s.out):
            if not sitting_out and (stacks[seat] > 0 or self._may_rebuy(s, seat)):
                can_play += 1
                if can_play == 2:
                    return  # two can play on: the session goes on
        self._emit(s, out, ev.SessionEnded("one_player_left"))


_HANDLE = DrawGame.handle  # handle as defined here (see DrawGame.handler)


def _unkeep(state: DrawState) -> None:
    """Undo a ``GameKept`` applied before the redeal was refused (a refused
    command changes nothing): the game was the same, only not yet dealt."""
    state.game_chosen = False
    state.version -= 1


def _seat_new_table(
    s: DrawState, names: tuple[str, ...], stacks: tuple[int, ...], button: int, evening_rules: int
) -> None:
    """What the reducer's SessionStarted does to a table no event has touched
    (``DrawState()`` as it was made): only what differs from a new state is
    written -- the names, stacks and button, every per-seat list for the
    table's size (the session's, the evening's and the deal's: what
    ``_session_started``, ``reset_evening`` and ``reset_deal`` make) and the
    phase; every other fact is already what they would write (a test
    compares the two slot for slot)."""
    n = len(names)
    nones, falses, zeros, empties, _ = blanks(n)
    s.names = names
    s.stacks = list(stacks)
    s.rebuys = zeros.copy()
    s.rebought = zeros.copy()
    s.out = falses.copy()
    s.button = button
    s.evening_rules = evening_rules
    s.away = falses.copy()  # the evening's (reset_evening)
    s.bot = seat_blanks(n)[1].copy()
    s.added = zeros.copy()
    s.waiting = falses.copy()
    s.owes = zeros.copy()
    s.missed = falses.copy()
    s.carried_by = zeros.copy()
    s.hands = empties.copy()  # the deal's (reset_deal)
    s.in_deal = falses.copy()
    s.folded = falses.copy()
    s.committed = zeros.copy()
    s.dead = zeros.copy()
    s.blind = nones.copy()
    s.bets = zeros.copy()
    s.acted = nones.copy()
    s.checked = falses.copy()
    s.exchanged = nones.copy()
    s.shown = nones.copy()
    s.mucked = falses.copy()
    s.dealt = empties.copy()
    s.thrown = empties.copy()
    s.phase = BETWEEN_DEALS


def _still_in(s: DrawState, after: int) -> tuple[int, ...]:
    """The seats still in the deal (dealt in, not folded) clockwise from the left of ``after``."""
    in_deal, folded = s.in_deal, s.folded
    if True not in folded and False not in in_deal:  # everyone still in (the common case)
        return clockwise_from(after, len(in_deal))
    return tuple([seat for seat in clockwise_from(after, len(in_deal)) if in_deal[seat] and not folded[seat]])


#: what a sit-down's names and stacks may come in (anything else is read as none, which is refused)
_SEQUENCES = frozenset((tuple, list))


def _allowed(ch: betting.Choices, word: str, to: int | None) -> bool:
    """Does the menu the player chose from allow this bet or raise (``word``)
    to ``to``? (A quick yes; a no is explained by :func:`refusal`.)"""
    if ch.bet_word != word:
        return False
    if to is None:
        return ch.structure == betting.FIXED_LIMIT
    return to.__class__ is int and ch.min_to <= to <= ch.max_to


@functools.cache  # a few orders a table
def _dealing(order: tuple[int, ...], seats: int) -> Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]]:
    """The hands of a table of ``seats`` by seat, cut from a deck in one step,
    when the seats in ``order`` are dealt five cards each, one at a time:
    every ``len(order)``-th card from the seat's place in the order (no
    cards for a seat not dealt in)."""
    k = len(order)
    cuts = [slice(order.index(seat), 5 * k, k) if seat in order else slice(0, 0) for seat in range(seats)]
    if len(cuts) == 1:  # (itemgetter gives one item alone, not in a tuple)
        return lambda deck: (deck[cuts[0]],)
    return itemgetter(*cuts)


@functools.cache  # a few orders and antes a game
def _antes_posted(order: tuple[int, ...], ante: int) -> tuple[ev.AntePosted, ...]:
    """The antes of a deal where everyone covers the ante, in ``order``."""
    return tuple([ev.AntePosted(seat, ante) for seat in order])


def _either(names: tuple[str, ...]) -> str | Note:
    """``a``, ``a or b``, ``a, b or c`` (the "or" in the player's language)."""
    return names[0] if len(names) == 1 else Note(N_("{items} or {last}"), items=", ".join(names[:-1]), last=names[-1])


def _no_whole_deck(jokers: int) -> IllegalAction:
    """The refusal of a deal's deck that is not the whole deck of the rules (with ``jokers``)."""
    if not jokers:
        return refuse(N_("a deal needs the whole 52-card deck, every card once"))
    if jokers == 1:
        return refuse(N_("a deal needs the whole {n}-card deck (1 joker), every card once"), n=53)
    return refuse(
        N_("a deal needs the whole {n}-card deck ({jokers} jokers), every card once"), n=52 + jokers, jokers=jokers
    )


_BETTING = frozenset({cmd.Check, cmd.Bet, cmd.Call, cmd.Raise, cmd.Fold})
_BET_WORDS = {cmd.Check: "check", cmd.Bet: "bet", cmd.Call: "call", cmd.Raise: "raise", cmd.Fold: "fold"}
# Each command made by tuple.__new__ with every field given, as NamedTuple's own
# __new__ makes it (one Python call fewer; the tests compare the two).
_new = tuple.__new__
_SHOW_OR_MUCK = (Option("show"), Option("muck"))
_START_DEFAULTS = (cmd.StartDeal._field_defaults["proven"], cmd.StartDeal._field_defaults["show_order"])
_MENUS_KEPT = 4096  # fixed-limit betting menus kept by a game (the few a table meets, again and again)
#: a menu's fields after seat, phase and options, as LegalActions' defaults give them
_MENU_REST = LegalActions(None, "", ())[3:]
_COMMAND_OF: dict[type, Callable[[Any], Any]] = {
    ev.SessionStarted: lambda e: _new(cmd.SitDown, (e.names, e.stacks, e.button, e.evening_rules)),
    ev.DealStarted: lambda e: _new(cmd.StartDeal, (e.deck, e.reshuffle_seed, e.proven, e.show_order)),
    ev.Checked: lambda e: _new(cmd.Check, (e.seat,)),
    ev.BetPlaced: lambda e: _new(cmd.Bet, (e.seat, None)),
    ev.Called: lambda e: _new(cmd.Call, (e.seat,)),
    ev.Raised: lambda e: _new(cmd.Raise, (e.seat, None)),
    ev.Folded: lambda e: _new(cmd.Fold, (e.seat,)),
    ev.CardsExchanged: lambda e: _new(cmd.Exchange, (e.seat, e.discarded)),
    ev.HandShown: lambda e: _new(cmd.Show, (e.seat,)),
    ev.HandMucked: lambda e: _new(cmd.Muck, (e.seat,)),
}
#: pot and no limit: a bet or raise names its amount
_BIG_BET_COMMANDS: dict[type, Callable[[Any], Any]] = {
    ev.BetPlaced: lambda e: _new(cmd.Bet, (e.seat, e.amount)),
    ev.Raised: lambda e: _new(cmd.Raise, (e.seat, e.to)),
}
_EVENING_EVENTS = frozenset(evening.EVENING_EVENTS)
_SUIT_ORDER = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1, Suit.CLUBS: 0}
