"""What the player to act may do, with amounts: the one place that knows.

:func:`legal_actions` feeds the client's menu; :func:`refusal` says in one
sentence why a command is not allowed. ``decide`` uses both, so the menu
and the rules never disagree.
"""

from __future__ import annotations

from typing import NamedTuple

from drawpoker.cards import JOKER, Card
from drawpoker.engine import betting
from drawpoker.engine.betting import Choices, Limits, others_with_chips
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import openers
from drawpoker.games.draw.deck import holds, is_ace, without
from drawpoker.games.draw.openers import (
    JACKS,
    proof,
    qualifies,
    requirement,
    split_refusal,
    thrown_openers,
)
from drawpoker.games.draw.state import BETTING, EXCHANGE, SHOWDOWN, DrawState
from drawpoker.rules.model import DrawRules

__all__ = [
    "Option",
    "LegalActions",
    "legal_actions",
    "refusal",
    "has_openers",
    "may_open",
    "opening_refused",
    "pots_alone_in",
    "limits_of",
    "plain_fixed_limit",
    "betting_choices",
    "bet_word",
    "FOLD",
    "CHECK",
    "exchange_refusal",
]


class Option(NamedTuple):
    """One thing the player may do. For bets: ``amount`` chips go in now,
    making the player's total this round ``to``; ``all_in`` if that is
    every chip they have."""

    action: str
    amount: int = 0
    to: int = 0
    all_in: bool = False


class LegalActions(NamedTuple):
    """The menu for the player to act."""

    seat: int | None
    phase: str
    options: tuple[Option, ...]
    to_call: int = 0
    step: int = 0
    raises_left: int | None = None  # None: unlimited
    max_exchange: int = 0
    max_exchange_with_ace: int | None = None
    to_open: int = 0  # the rank a pair must reach to open, while round 1 is not yet open; 0: any hand
    exchange: int = 0  # in an exchange: which one (1, 2, 3)
    exchanges: int = 1  # how many exchanges the deal has
    amounts: Choices | None = None  # the betting arithmetic's answer: smallest and largest totals, the pot

    @property
    def structure(self) -> str:
        """fixed_limit, pot_limit or no_limit (fixed limit when nobody bets)."""
        return self.amounts.structure if self.amounts is not None else betting.FIXED_LIMIT

    def option(self, action: str) -> Option | None:
        """The option for ``action``, or None if it is not allowed."""
        for o in self.options:
            if o.action == action:
                return o
        return None


def has_openers(cards: tuple[Card, ...]) -> bool:
    """A pair of jacks or better (for the jacks-or-better opening rule)."""
    return qualifies(cards, JACKS)


def may_open(s: DrawState, rules: DrawRules, seat: int) -> bool:
    """May ``seat`` make the first bet of round 1 (openers, if the house needs them)?"""
    return rules.betting.opening == "any" or qualifies(
        s.hands[seat], requirement(s.to_open, rules), openers.ranking_of(rules)
    )


def opening_refused(s: DrawState, rules: DrawRules, seat: int) -> str | None:
    """Why ``seat`` may not open round 1 ("jacks or better are needed, Anna
    has a pair of nines": the refusal is "Anna cannot open: " and this), or
    None if it may (or the round is already open)."""
    if s.round != 1 or s.level != 0 or rules.betting.opening == "any":
        return None
    return openers.opening_refusal(
        s.names[seat], s.hands[seat], requirement(s.to_open, rules), openers.ranking_of(rules)
    )


#: the same question under the name the betting arithmetic's callers use
opening_refusal = opening_refused


_LIMITS: dict[int, tuple[DrawRules, Limits]] = {}


def limits_of(rules: DrawRules) -> Limits:
    """The house's betting rules as the betting arithmetic reads them."""
    known = _LIMITS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    b = rules.betting
    limits = Limits(
        b.structure, b.raise_cap, b.cap_lifted_heads_up, b.incomplete_raise_reopens, b.check_raise == "allowed"
    )
    if len(_LIMITS) > 64:
        _LIMITS.clear()
    _LIMITS[id(rules)] = (rules, limits)
    return limits


def plain_fixed_limit(rules: DrawRules) -> bool:
    """Mørkpoker's betting (fixed limit, check-raise allowed): the fast menu below
    gives exactly the betting arithmetic's answers; anything else asks it."""
    b = rules.betting
    return b.structure == betting.FIXED_LIMIT and b.check_raise == "allowed"


def betting_choices(s: DrawState, rules: DrawRules, seat: int) -> Choices:
    """What ``seat`` may do now, with the smallest and largest amounts."""
    return betting.choices(s, limits_of(rules), seat, opening_refused(s, rules, seat))


def _options_of(ch: Choices, bet_here: int) -> list[Option]:
    if ch.may_check:
        options = [FOLD, CHECK]
    else:
        options = [FOLD, Option("call", ch.to_call, bet_here + ch.to_call, ch.call_all_in)]
    if ch.bet_word is not None:
        options.append(Option(ch.bet_word, ch.min_to - bet_here, ch.min_to, ch.min_to == ch.all_in_to))
    return options


def raises_left(s: DrawState, rules: DrawRules) -> int | None:
    """Raises still allowed this round; None when raising is unlimited."""
    cap = rules.betting.raise_cap
    if cap is None:
        return None
    if rules.betting.cap_lifted_heads_up and s.headsup_at is not None and s.headsup_at < cap:
        return None
    return max(0, cap - s.raises)


def reopened(s: DrawState, rules: DrawRules, seat: int) -> bool:
    """May ``seat`` bet or raise again? Yes if it has not acted this round, or
    if the bet has risen since it last acted by a full step or at least the
    house's share of one (short all-in raises add up; each alone may not)."""
    acted = s.acted[seat]
    if acted is None:
        return True
    rise = s.level - acted
    share = rules.betting.incomplete_raise_reopens
    return rise > 0 and (rise >= s.step or rise * share.denominator >= share.numerator * s.step)


#: the options that never vary (made once)
FOLD = Option("fold")
CHECK = Option("check")


def bet_word(s: DrawState, rules: DrawRules, seat: int) -> str | None:
    """Under Mørkpoker's betting (:func:`plain_fixed_limit`): "bet" or "raise"
    if ``seat`` may bet or raise now (at the smallest total), else None --
    the one question :func:`betting_options` and ``DrawGame.to_call`` share."""
    if s.stacks[seat] <= s.level - s.bets[seat] or not reopened(s, rules, seat) or not others_with_chips(s, seat):
        return None
    if s.full_level == 0:
        if s.round == 1 and s.level == 0 and not may_open(s, rules, seat):
            return None
        return "bet"
    if raises_left(s, rules) == 0:
        return None
    return "raise"


def betting_options(s: DrawState, rules: DrawRules, seat: int) -> list[Option]:
    """The betting actions ``seat`` may take now (the hot path: no reasons).
    A bet or raise is offered at its smallest total."""
    if not plain_fixed_limit(rules):
        return _options_of(betting_choices(s, rules, seat), s.bets[seat])
    stack = s.stacks[seat]
    bet_here = s.bets[seat]
    to_call = s.level - bet_here
    if to_call <= 0:
        options = [FOLD, CHECK]
    else:
        amount = to_call if to_call < stack else stack
        options = [FOLD, Option("call", amount, bet_here + amount, amount == stack)]
    word = bet_word(s, rules, seat)
    if word is not None:
        options.append(_bet_option(s, seat, word))
    return options


def _bet_option(s: DrawState, seat: int, word: str) -> Option:
    """The fixed-limit bet or raise ``word`` of ``seat`` at its total."""
    bet_here = s.bets[seat]
    stack = s.stacks[seat]
    amount = (s.step if word == "bet" else s.full_level + s.step) - bet_here
    if amount > stack:
        amount = stack
    return Option(word, amount, bet_here + amount, amount == stack)


def betting_option(s: DrawState, rules: DrawRules, seat: int, action: str) -> Option | None:
    """The option for a betting ``action`` of ``seat``, or None if not allowed
    (the same answers as :func:`betting_options`, computing only one)."""
    if action == "fold":
        return FOLD
    if not plain_fixed_limit(rules):
        return next((o for o in betting_options(s, rules, seat) if o.action == action), None)
    bet_here = s.bets[seat]
    to_call = s.level - bet_here
    if action == "check":
        return CHECK if to_call <= 0 else None
    if action == "call":
        if to_call <= 0:
            return None
        stack = s.stacks[seat]
        amount = to_call if to_call < stack else stack
        return Option("call", amount, bet_here + amount, amount == stack)
    if bet_word(s, rules, seat) != action:
        return None
    return _bet_option(s, seat, action)


def _why_not(s: DrawState, rules: DrawRules, seat: int, action: str) -> str:
    """Why a betting ``action`` is not among the options (only on refusal):
    "Anna cannot check: ...", ending with what the player may do instead."""
    name = s.names[seat]
    if action == "bet" and s.full_level == 0 and s.level == 0 and reopened(s, rules, seat):
        why = opening_refused(s, rules, seat)
        if why is not None and s.stacks[seat] > 0 and others_with_chips(s, seat):
            return f"{name} cannot open: {why}"
    return f"{name} cannot {action}: {_why_not_reason(s, rules, seat, action)}"


def _why_not_reason(s: DrawState, rules: DrawRules, seat: int, action: str) -> str:
    """The reason part of :func:`_why_not`."""
    can = [o.action for o in betting_options(s, rules, seat) if o.action != "fold"]
    instead = " or ".join([", ".join(can), "fold"] if can else ["fold"])
    if s.full_level == 0 and s.level > 0 and "bet" in can:
        instead = instead.replace("bet", "complete the short bet (bet)")
    to_call = s.level - s.bets[seat]
    if action == "check":
        return f"there is a bet of {to_call} to call; {instead}"
    if action == "call":
        return f"there is no bet to call; {instead}"
    if s.stacks[seat] <= max(to_call, 0):
        return f"no chips are left beyond the call; {instead}"
    if not others_with_chips(s, seat):
        return f"nobody else has chips left to bet against; {instead}"
    if not reopened(s, rules, seat):
        return f"the last all-in raise was too small to reopen the betting; {instead}"
    if action == "raise" and s.full_level == 0:
        if s.level > 0:
            return "the bet is short of a full bet: complete it with bet, or call or fold"
        return f"nobody has bet yet; {instead}"
    if action == "bet":
        return f"there is already a bet; {instead}"
    if rules.betting.raise_cap == 0:
        return f"the house allows no raises, only bets; {instead}"
    return f"the betting is capped: {rules.betting.raise_cap} raises have been made this round; {instead}"


def amount_refusal(s: DrawState, rules: DrawRules, seat: int, to: int | None) -> str | None:
    """Why a bet or raise to ``to`` is not allowed ("Anna may raise to
    between 10 and 34"), or None if it is (the player may bet or raise)."""
    return betting.amount_refusal(betting_choices(s, rules, seat), s.names[seat], to)


def pots_alone_in(s: DrawState, seat: int) -> bool:
    """True if ``seat`` is the last hand not mucked in a contested pot it can
    win (everyone else there has mucked): it may not muck too. A pot it alone
    can win (the others folded) is its own, shown or not."""

    for pot in s.pots():
        if seat in pot.eligible and len(pot.eligible) > 1 and all(s.mucked[o] for o in pot.eligible if o != seat):
            return True
    return False


def _to_open(s: DrawState, rules: DrawRules) -> int:
    """The requirement to open while round 1 is not yet open; 0 otherwise."""
    if rules.betting.opening == "any" or s.round != 1 or s.level != 0:
        return 0
    return requirement(s.to_open, rules)


def legal_actions(s: DrawState, rules: DrawRules) -> LegalActions:
    """What the player to act may do now (an empty menu when nobody acts)."""
    seat = s.to_act
    if seat is None:
        return LegalActions(None, s.phase, ())
    if s.phase == BETTING:
        if not plain_fixed_limit(rules):
            ch = betting_choices(s, rules, seat)
            return LegalActions(
                seat,
                s.phase,
                tuple(_options_of(ch, s.bets[seat])),
                to_call=ch.to_call,
                step=s.step,
                raises_left=ch.raises_left,
                amounts=ch,
            )
        options = betting_options(s, rules, seat)
        return LegalActions(
            seat,
            s.phase,
            tuple(options),
            to_call=max(0, min(s.level - s.bets[seat], s.stacks[seat])),
            step=s.step,
            raises_left=raises_left(s, rules),
            to_open=_to_open(s, rules),
        )
    if s.phase == EXCHANGE:
        return LegalActions(
            seat,
            s.phase,
            (Option("exchange"),),
            max_exchange=rules.draw.max_cards,
            max_exchange_with_ace=rules.draw.max_cards_with_ace,
            exchange=s.round,
            exchanges=rules.draw.exchanges,
        )
    if s.phase == SHOWDOWN:
        shown = (Option("show"),) if pots_alone_in(s, seat) else (Option("show"), Option("muck"))
        return LegalActions(seat, s.phase, shown)
    return LegalActions(None, s.phase, ())


_PHASE_WORDS = {
    "betting": "a betting round",
    "exchange": "the exchange",
    "showdown": "the showdown",
    "between_deals": "between deals",
    "session_over": "after the session ended",
    "no_session": "before the session started",
}


def refusal(s: DrawState, rules: DrawRules, command: object) -> str | None:
    """Why a player command is not allowed now, or None if it is."""
    action = cmd.ACTION_WORDS.get(type(command))
    if action is None:
        return None
    seat = getattr(command, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < len(s.names):
        return f"there is no seat {seat!r} at this table"
    name = s.names[seat]
    if s.to_act is None:
        return (
            f"nobody is to act {_PHASE_WORDS.get(s.phase, s.phase)}; the deal is over"
            if s.deal_over
            else f"nobody is to act {_PHASE_WORDS.get(s.phase, s.phase)}"
        )
    if seat != s.to_act:
        return f"it is {s.names[s.to_act]}'s turn, not {name}'s"
    wanted = {"check", "bet", "call", "raise", "fold"}
    if s.phase == BETTING and action not in wanted:
        return f"{name} cannot {action} during a betting round"
    if s.phase == EXCHANGE and action != "exchange":
        return f"{name} cannot {action} during the exchange; say which cards to exchange (none to stand pat)"
    if s.phase == SHOWDOWN and action not in ("show", "muck"):
        return f"{name} cannot {action} at the showdown; show or muck"
    if s.phase == BETTING:
        to = getattr(command, "to", None)
        if not plain_fixed_limit(rules):
            return betting.refusal(s, limits_of(rules), seat, name, action, to, opening_refused(s, rules, seat))
        option = betting_option(s, rules, seat, action)
        if option is not None:
            if to is None or (to.__class__ is int and to == option.to):
                return None
            return amount_refusal(s, rules, seat, to)
        return _why_not(s, rules, seat, action)
    if s.phase == SHOWDOWN:
        if action == "muck" and pots_alone_in(s, seat):
            return f"{name} cannot muck: nobody else is left in a pot {name} can win; show to take it"
        return None
    return exchange_refusal(s, rules, command)  # type: ignore[arg-type]


def exchange_refusal(s: DrawState, rules: DrawRules, command: cmd.Exchange) -> str | None:
    """Why the exchange ``command`` of the player to act is refused (the engine's English), or None."""
    name = s.names[command.seat]
    hand = s.hands[command.seat]
    discards = tuple(command.discards)
    for card in discards:
        if card not in hand:
            return f"{name} does not hold {card}"
    if len(set(discards)) != len(discards) and not holds(hand, discards):
        if discards.count(JOKER) > 1:
            return f"{name} holds only one joker"
        return f"{name} named a card twice"
    limit = rules.draw.max_cards
    ace_limit = rules.draw.max_cards_with_ace
    if len(discards) > limit:
        kept_ace = any(is_ace(c) for c in without(hand, discards))
        if ace_limit is not None and len(discards) <= ace_limit:
            if not kept_ace:
                return (
                    f"{name} may exchange {len(discards)} cards only when keeping an ace "
                    f"(the limit is {limit} otherwise)"
                )
        else:
            most = limit if ace_limit is None else ace_limit
            return f"{name} may exchange at most {most} cards, not {len(discards)}"
    return _split_refusal(s, rules, command.seat, discards)


def _split_refusal(s: DrawState, rules: DrawRules, seat: int, discards: tuple[Card, ...]) -> str | None:
    """An opener may not throw opening cards where the house forbids splitting openers."""
    if seat != s.opener or rules.betting.split_openers == "allowed" or rules.betting.opening == "any" or not s.proven:
        return None
    opening = proof(s.dealt[seat], requirement(s.to_open, rules), openers.ranking_of(rules))
    return split_refusal(s.names[seat], thrown_openers(opening, (), discards))
