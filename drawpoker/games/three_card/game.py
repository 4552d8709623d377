"""Three Card Poker's rules: commands in, events out.

:meth:`ThreeCardPoker.handle` checks a command against the state, refuses
it with :class:`IllegalAction` (changing nothing), or returns the events it
causes — the player's own decision and everything that follows
automatically (the deal once every bet is in; the dealer's reveal and the
settlement once every box has played or folded; the end of the round and,
between rounds, rebuys, players standing up and the end of the session) —
applying each to the state as it goes. :meth:`ThreeCardPoker.decide` does
the same on a copy and leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from drawpoker.cards import DECK, Card
from drawpoker.engine.pots import clockwise_from
from drawpoker.errors import IllegalAction, refuse
from drawpoker.games import evening
from drawpoker.games.evening_rules import EveningRules
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card import events as ev
from drawpoker.games.three_card.analysis import Strategy
from drawpoker.games.three_card.hands import strength3
from drawpoker.games.three_card.legal import LegalActions, legal_actions, normal_boxes, refusal
from drawpoker.games.three_card.paytables import box_result, paytable_spec
from drawpoker.games.three_card.reducer import HANDLERS
from drawpoker.games.three_card.state import BETWEEN_DEALS, NO_SESSION, SESSION_OVER, TcpState
from drawpoker.games.three_card.strategy import optimal_strategy
from drawpoker.notes import N_
from drawpoker.rules.model import ThreeCardRules
from drawpoker.rules.seating import min_stake, names_refusal, seat_range, seating_refusal

__all__ = ["ThreeCardPoker"]

_FULL_DECK = frozenset(DECK)
_CARD_OF = {int(card): card for card in DECK}  # plain numbers back to the canonical cards


class ThreeCardPoker:
    """The game under one set of house rules (see :class:`drawpoker.engine.game.Game`)."""

    #: the event that begins a round, and the one that ends it
    DEAL_STARTED = ev.RoundOpened
    DEAL_ENDED = ev.RoundClosed
    #: the events that hold a whole hand: three cards, a player's box's or the dealer's
    HANDS: dict[type, tuple[str, int]] = {ev.BoxDealt: ("cards", 3), ev.DealerRevealed: ("cards", 3)}

    def __init__(self, rules: ThreeCardRules) -> None:
        self.rules = rules
        #: the rules' qualifier and paytables, shared with ``drawpoker analyze``
        self.spec = paytable_spec(rules)
        #: the fewest chips that let a player bet (below it a player is broke)
        self.min_stake = min_stake(rules)
        self._strategy: Strategy | None = None  # found on first use, then kept
        #: the evening's rules: seats and the first dealer drawn, comings and goings, buying chips, the end
        self.evening = EveningRules(
            rules, self._emit, self.min_stake, lambda seat, amount: ev.RebuyTaken(seat, amount), False
        )

    # ------------------------------------------------------------ public API

    def handle(self, state: TcpState, command: Any) -> list[Any]:
        """Check ``command``; apply and return the events it causes.

        Raises :class:`IllegalAction` with the reason, leaving ``state`` as it was.
        """
        out: list[Any] = []
        kind = type(command)
        if kind is cmd.SitDown:
            self._sit_down(state, command, out)
        elif kind is cmd.StartRound:
            self._start_round(state, command, out)
        elif kind in evening.EVENING_COMMANDS:
            self._evening_command(state, command, out)
        elif kind in (cmd.PlaceBets, cmd.Play, cmd.Fold):
            why = refusal(state, self.rules, self.spec, command)
            if why is not None:
                raise IllegalAction(why)
            if kind is cmd.PlaceBets:
                self._place_bets(state, command, out)
            else:
                self._decide_box(state, command, out)
        else:
            raise refuse(N_("unknown command {command}"), command=repr(command))
        return out

    def decide(self, state: TcpState, command: Any) -> list[Any]:
        """The events ``command`` would cause; ``state`` is not changed."""
        return self.handle(state.copy(), command)

    def legal_actions(self, state: TcpState) -> LegalActions:
        """What the player to act may do: bet limits, or play/fold with a hint."""
        return legal_actions(state, self.rules, self.spec, self.hint)

    def hint(self, cards: tuple[Card, ...]) -> str:
        """The optimal decision for three cards under these rules: ``"play"`` or ``"fold"``."""
        if self._strategy is None:
            self._strategy = optimal_strategy(self.spec)
        return "play" if self._strategy.plays(cards) else "fold"

    def seat_range(self) -> tuple[int, int]:
        """How many may sit down (fewest, most): the players against the dealer,
        plus the dealer when the role rotates among the participants."""
        return seat_range(self.rules)

    @staticmethod
    def new_state() -> TcpState:
        """An empty table."""
        return TcpState()

    @staticmethod
    def sit_down(names: Sequence[str], stacks: Sequence[int], first_dealer: int = 0) -> cmd.SitDown:
        """The command that starts a session (the names and stacks made tuples); ``first_dealer``
        deals first when the role rotates."""
        return cmd.SitDown(tuple(names), tuple(stacks), first_dealer)

    @staticmethod
    def start_deal(deck: tuple[Card, ...], reshuffle_seed: int = 0) -> cmd.StartRound:
        """The command that starts the next round with a shuffled deck."""
        return cmd.StartRound(tuple(deck), reshuffle_seed)

    @staticmethod
    def apply(state: TcpState, event: Any) -> TcpState:
        """Apply one event (see :mod:`.reducer`)."""
        HANDLERS[type(event)](state, event)
        return state

    def command_of(self, event: Any) -> Any | None:
        """The command a recorded event came from; None for automatic events
        (a rebuy is one only where the house does not ask the broke player)."""
        if type(event) is ev.RebuyTaken and self.rules.session.when_broke == "ask":
            return evening.Rebuy(event.seat)
        maker = _COMMAND_OF.get(type(event))
        if maker is None:
            return evening.command_of(event) if type(event) in _EVENING_EVENTS else None
        return maker(event)

    @staticmethod
    def chips_total(state: TcpState) -> int:
        """Chips in the stacks, on the table and won by a house bank, less every
        chip bought after sitting down, plus every chip cashed out: constant
        through a session (a rotating dealer's bank is that player's stack)."""
        bank = 0 if state.rotating else state.bank_net
        return sum(state.stacks) + state.on_table + bank - sum(state.rebought) - state.brought + state.taken

    def _evening_command(self, s: TcpState, c: Any, out: list[Any]) -> None:
        """A command of the evening (docs/rules.md 6): see :mod:`drawpoker.games.evening_rules`."""
        if type(c) is evening.DrawDealer and not s.rotating:
            raise refuse(N_("the house deals every round; there is no first dealer to draw"))
        self.evening.command(s, c, out, self._after_seat_change, self._agreed_end)

    def _agreed_end(self, s: TcpState, out: list[Any]) -> None:
        self._emit(s, out, ev.TableClosed("agreed"))

    def _after_seat_change(self, s: TcpState, out: list[Any]) -> None:
        """Between rounds, after a player left: the session ends if too few can play on."""
        if s.phase == BETWEEN_DEALS and self._too_few(s):
            self._emit(s, out, ev.TableClosed("too_few_players"))

    def _too_few(self, s: TcpState) -> bool:
        """Fewer players at the table (away or not) than the rules need, or none against the dealer."""
        staying = [seat for seat in range(s.seats) if not s.out[seat]]
        players = len(staying) - (1 if s.rotating else 0)
        return players < self.rules.table.min_players or players < 1

    # ------------------------------------------------------------ plumbing

    @staticmethod
    def _emit(state: TcpState, out: list[Any], event: Any) -> None:
        HANDLERS[type(event)](state, event)
        out.append(event)

    # ------------------------------------------------------------ session

    def _sit_down(self, s: TcpState, c: cmd.SitDown, out: list[Any]) -> None:
        if s.phase != NO_SESSION:
            raise refuse(N_("the session has already started"))
        names = tuple(c.names) if isinstance(c.names, (tuple, list)) else ()
        stacks = tuple(c.stacks) if isinstance(c.stacks, (tuple, list)) else ()
        refused = seating_refusal(self.rules, len(names), stacks)  # the same answer as 'rules check'
        if refused is not None:
            raise IllegalAction(refused[1])
        wrong = names_refusal(names)
        if wrong is not None:
            raise IllegalAction(wrong)
        if not isinstance(c.dealer, int) or isinstance(c.dealer, bool) or not 0 <= c.dealer < len(names):
            raise refuse(N_("the first dealer must be one of the seats 0..{last}"), last=len(names) - 1)
        self.evening.check_seating(s, names)
        version = evening.EVENING_RULES if c.evening_rules is None else c.evening_rules
        wrong_version = evening.evening_rules_refusal(version)
        if wrong_version is not None:  # (re-deciding a session recorded under a version this drawpoker lacks)
            raise IllegalAction(wrong_version)
        rotating = self.rules.dealer.mode == "rotating"
        bank = None if rotating else self.rules.dealer.bank
        self._emit(s, out, ev.TableOpened(names, stacks, rotating, c.dealer if rotating else None, bank, version))

    def _start_round(self, s: TcpState, c: cmd.StartRound, out: list[Any]) -> None:
        if s.phase == NO_SESSION:
            raise refuse(N_("nobody has sat down yet"))
        if s.phase == SESSION_OVER:
            raise refuse(N_("the session is over"))
        if s.phase != BETWEEN_DEALS:
            raise refuse(N_("the current round is not over yet"))
        try:
            deck = tuple(_CARD_OF[card] for card in c.deck)
        except (KeyError, TypeError):
            raise refuse(N_("a round needs the whole 52-card deck, every card once")) from None
        if len(deck) != 52 or frozenset(deck) != _FULL_DECK:
            raise refuse(N_("a round needs the whole 52-card deck, every card once"))
        seed = c.reshuffle_seed
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise refuse(N_("the reshuffle seed must be a whole number"))
        if s.rotating:
            self.evening.first_deal_ready(s)
        asked = self.evening.asked(s)
        if asked:
            raise refuse(
                N_("{name} is out of chips and must first say whether to buy {n} more or leave"),
                name=s.names[asked[0]],
                n=self.rules.session.rebuy_amount,
            )
        dealer = self._next_dealer(s)
        if s.seat_changes:
            playing = [seat for seat in range(s.seats) if evening.present(s, seat, self.min_stake) and seat != dealer]
            if not playing or (s.rotating and (dealer is None or not evening.present(s, dealer))):
                raise refuse(N_("too few players are at the table to play a round; someone must come back or join"))
        self._emit(s, out, ev.RoundOpened(s.round + 1, dealer, deck, seed))
        if s.to_act is None:  # nobody to bet (a guard: the session ends before this)
            self._close_round(s, out)

    def _next_dealer(self, s: TcpState) -> int | None:
        """The rotating dealer of the next round: the same one for
        ``rounds_each`` rounds, then the next participant still in, clockwise."""
        if not s.rotating:
            return None
        assert s.dealer is not None
        if s.round == 0:
            if not s.seat_changes or evening.present(s, s.dealer):
                return s.dealer
        elif s.streak < self.rules.dealer.rounds_each and not s.out[s.dealer] and not s.away[s.dealer]:
            return s.dealer
        for seat in clockwise_from(s.dealer, s.seats):
            if not s.out[seat] and not s.away[seat]:
                return seat
        return s.dealer

    # ------------------------------------------------------------ a round

    def _place_bets(self, s: TcpState, c: cmd.PlaceBets, out: list[Any]) -> None:
        boxes = normal_boxes(c.boxes)
        assert boxes is not None  # refusal() checked
        self._emit(s, out, ev.BetsPlaced(c.seat, boxes))
        if s.to_act is None:
            self._deal(s, out)

    def _deal(self, s: TcpState, out: list[Any]) -> None:
        """Three cards to each box in order, from the top of the recorded deck."""
        if not s.boxes:
            self._close_round(s, out)
            return
        for i, box in enumerate(s.boxes):
            self._emit(s, out, ev.BoxDealt(i, box.seat, s.deck[3 * i : 3 * i + 3]))
        if s.to_act is None:  # Pair Plus alone: nobody decides
            self._settle(s, out)

    def _decide_box(self, s: TcpState, c: cmd.Play | cmd.Fold, out: list[Any]) -> None:
        if type(c) is cmd.Play:
            amount = s.boxes[c.box].ante * self.rules.bets.play_multiple
            self._emit(s, out, ev.PlayBetPlaced(c.box, c.seat, amount))
        else:
            self._emit(s, out, ev.BoxFolded(c.box, c.seat))
        if s.to_act is None:
            self._settle(s, out)

    def _settle(self, s: TcpState, out: list[Any]) -> None:
        """The dealer reveals; every box is settled (stakes back or to the
        bank); then the bank pays the winnings in box order, from the dealer's
        left, as far as its chips go."""
        n = len(s.boxes)
        dealer = s.deck[3 * n : 3 * n + 3]
        self._emit(s, out, ev.DealerRevealed(dealer, strength3(dealer) >= self.spec.qualifier))
        after_fold = self.rules.pair_plus.after_fold
        for i, box in enumerate(s.boxes):
            bets = (box.ante, box.play, box.pair_plus, box.prime, box.six_card)
            result = box_result(self.spec, after_fold, bets, box.folded, box.cards, dealer)
            self._emit(s, out, ev.BoxSettled(i, box.seat, *result))
        for i, box in enumerate(s.boxes):
            owed = box.owed
            if owed:
                bank = s.bank
                paid = owed if bank is None else min(owed, bank)
                self._emit(s, out, ev.WinningsPaid(i, box.seat, paid, owed - paid))
        self._close_round(s, out)

    # ------------------------------------------------------------ between rounds

    def _can_rebuy(self, s: TcpState, seat: int) -> bool:
        session = self.rules.session
        return session.when_broke == "rebuy" and (session.rebuy_limit is None or s.rebuys[seat] < session.rebuy_limit)

    def _close_round(self, s: TcpState, out: list[Any]) -> None:
        """End the round; then the session ends, or broke players rebuy or stand up."""
        if s.seat_changes:
            self.evening.at_deal_end(s, out)  # the requests made during the round
        self._emit(s, out, ev.RoundClosed(s.round, tuple(s.stacks), s.round_bank_net))
        rules = self.rules
        deals = rules.session.deals
        if s.last is not None:  # the table agreed when to end
            if s.round >= s.last:
                self._emit(s, out, ev.TableClosed("agreed"))
                return
        elif deals is not None and s.round >= deals:
            self._emit(s, out, ev.TableClosed("rounds"))
            return
        asks = rules.session.when_broke == "ask"
        for seat in range(s.seats):
            if not s.out[seat] and not s.away[seat] and s.stacks[seat] < self.min_stake:
                if asks and self.evening.may_rebuy(s, seat):
                    continue  # asked at the table before the next round
                if self._can_rebuy(s, seat):
                    self._emit(s, out, ev.RebuyTaken(seat, rules.session.rebuy_amount))
                else:
                    self._emit(s, out, ev.PlayerStoodUp(seat))
        staying = [seat for seat in range(s.seats) if not s.out[seat]]
        players = len(staying) - (1 if s.rotating else 0)
        if players < rules.table.min_players or players < 1:
            self._emit(s, out, ev.TableClosed("too_few_players"))
        elif deals is None and s.rotating and all(s.dealt[seat] >= rules.dealer.rounds_each for seat in staying):
            self._emit(s, out, ev.TableClosed("rotation"))
        elif not s.rotating and s.house_bank == 0:
            self._emit(s, out, ev.TableClosed("bank_broke"))


_EVENING_EVENTS = frozenset(evening.EVENING_EVENTS)
_COMMAND_OF: dict[type, Callable[[Any], Any]] = {
    ev.TableOpened: lambda e: cmd.SitDown(e.names, e.stacks, 0 if e.dealer is None else e.dealer, e.evening_rules),
    ev.RoundOpened: lambda e: cmd.StartRound(e.deck, e.reshuffle_seed),
    ev.BetsPlaced: lambda e: cmd.PlaceBets(e.seat, tuple(cmd.BoxBet(*box) for box in e.boxes)),
    ev.PlayBetPlaced: lambda e: cmd.Play(e.seat, e.box),
    ev.BoxFolded: lambda e: cmd.Fold(e.seat, e.box),
}
