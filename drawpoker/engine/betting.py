"""Betting arithmetic the draw games share: what the player to act may do.

One answer to "what may this player do" for the legal-action menu, the
settle command and the client's amount entry, in three structures
(docs/rules.md 4.5):

* **fixed limit** -- every bet and raise is the round's step; a raise goes
  one step above the last full bet; at most ``raise_cap`` raises a round
  (lifted heads-up by default); an all-in short of a step counts as a full
  one when it raises by at least the house's share of a step (half), and a
  player who has acted may raise again only once the bet has risen that
  much since (short all-ins add up). This is Mørkpoker's rule exactly.
* **pot limit** -- a bet or raise may reach at most the pot after the
  player's call (the pot, every bet in front of the players, and the call).
* **no limit** -- up to the player's whole stack.

In pot and no limit the smallest bet is the round's ``step`` (the big blind,
or the small bet where no blinds are played), a raise must raise by at
least the largest bet or raise of the round, an all-in short of that does
not reopen the betting for players who have already acted (short all-ins
add up), and there is no raise cap. With ``check_raise`` off, a player who
checked may later call or fold in that round, never bet or raise.

The functions read a betting round through :class:`RoundFacts`, which the
draw game's state satisfies (with two more fields, ``raise_size`` and
``checked``) and so does :class:`Round`, a frozen round used by settle,
tests and the pokerkit oracle. Forced bets -- antes, a dealer's ante,
blinds -- are posted by :func:`post_forced_bets`; :func:`first_round` and
:func:`next_round` set up the rounds, and :func:`act` plays one action.

>>> limits = Limits(NO_LIMIT)
>>> blinds = ForcedBets(blinds=(1, 2))
>>> posted, r = first_round(button=0, stacks=(100, 100, 30), in_deal=(True,) * 3, forced=blinds, step=2)
>>> [(p.seat, p.kind, p.amount) for p in posted]
[(1, 'small_blind', 1), (2, 'big_blind', 2)]
>>> r.to_act, choices(r, limits, 0).min_to, choices(r, limits, 0).max_to
(0, 4, 100)
>>> r = act(r, limits, 0, "raise", 10)
>>> refusal(r, limits, 1, "Bjørn", "raise", 12)
'Bjørn may raise to between 18 and 100 (all in)'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple, Protocol

from drawpoker.errors import IllegalAction

__all__ = [
    "FIXED_LIMIT",
    "POT_LIMIT",
    "NO_LIMIT",
    "STRUCTURES",
    "ANTE",
    "DEALER_ANTE",
    "SMALL_BLIND",
    "BIG_BLIND",
    "Limits",
    "RoundFacts",
    "Choices",
    "choices",
    "refusal",
    "amount_refusal",
    "is_full",
    "reopened",
    "raises_left",
    "others_with_chips",
    "all_in_action",
    "ForcedBets",
    "Posted",
    "blind_seats",
    "post_forced_bets",
    "Round",
    "first_round",
    "next_round",
    "next_to_act",
    "act",
    "unmatched",
]

FIXED_LIMIT = "fixed_limit"
POT_LIMIT = "pot_limit"
NO_LIMIT = "no_limit"
STRUCTURES = (FIXED_LIMIT, POT_LIMIT, NO_LIMIT)

ANTE = "ante"
DEALER_ANTE = "dealer_ante"
SMALL_BLIND = "small_blind"
BIG_BLIND = "big_blind"


class Limits(NamedTuple):
    """The house's betting rules, fixed for a game.

    ``raise_cap`` (raises after the first bet; None: unlimited),
    ``cap_lifted_heads_up`` and ``reopen_share`` apply to fixed limit only.
    """

    structure: str = FIXED_LIMIT
    raise_cap: int | None = 4
    cap_lifted_heads_up: bool = True
    reopen_share: Fraction = Fraction(1, 2)
    check_raise: bool = True


class RoundFacts(Protocol):
    """A betting round as the arithmetic reads it (the draw game's state is one).

    ``level`` is the bet to match this round: the highest bet, or the full
    big blind when the big blind was posted short. ``full_level`` is the
    level of the last full bet or raise (0: none yet; the big blind in
    round 1 with blinds). ``step`` is the fixed-limit bet size, or in pot
    and no limit the smallest bet. ``raise_size`` is the largest full bet
    or raise of the round, by how much it raised (pot and no limit; 0:
    none). ``raises`` counts full raises toward the cap; ``headsup_at`` is
    the number of raises made when the round became heads-up (None: more
    than two still in). ``acted`` holds the level at which each seat last
    acted this round (None: not yet; posting a blind is not acting);
    ``checked`` whether the seat checked this round.
    """

    @property
    def stacks(self) -> Sequence[int]: ...  # chips behind
    @property
    def bets(self) -> Sequence[int]: ...  # chips in front of each seat this round
    @property
    def in_deal(self) -> Sequence[bool]: ...
    @property
    def folded(self) -> Sequence[bool]: ...
    @property
    def acted(self) -> Sequence[int | None]: ...
    @property
    def checked(self) -> Sequence[bool]: ...
    @property
    def level(self) -> int: ...
    @property
    def full_level(self) -> int: ...
    @property
    def raise_size(self) -> int: ...
    @property
    def raises(self) -> int: ...
    @property
    def headsup_at(self) -> int | None: ...
    @property
    def step(self) -> int: ...

    def pot_total(self) -> int:
        """Every chip in the middle, this round's bets included."""
        ...


class Choices(NamedTuple):
    """What ``seat`` may do now, with amounts. Totals (``*_to``) are the
    player's chips in front of them this round after the action.

    Fold is always allowed. ``to_call`` is what a call puts in (all the
    player has when short; 0 when they may check). ``bet_word`` is "bet"
    or "raise" when they may bet or raise, to any total from ``min_to`` to
    ``max_to`` (fixed limit: exactly ``min_to``; both are the all-in when
    that is less). ``pot_to`` is a pot-sized bet or raise and
    ``half_pot_to`` half of one, before any limit (what the client's keys
    jump to).
    """

    seat: int
    structure: str
    may_check: bool
    to_call: int
    call_all_in: bool
    bet_word: str | None
    min_to: int
    max_to: int
    all_in_to: int
    pot: int
    pot_to: int
    half_pot_to: int
    step: int
    raises_left: int | None

    def allows(self, to: int) -> bool:
        """May the player bet or raise to ``to``?"""
        return self.bet_word is not None and self.min_to <= to <= self.max_to


# ---------------------------------------------------------------- the questions


def others_with_chips(f: RoundFacts, seat: int) -> bool:
    """Is anybody else still in with chips behind (someone to bet against)?"""
    in_deal, folded = f.in_deal, f.folded
    for other, stack in enumerate(f.stacks):  # noqa: SIM110 (a loop: any() over a generator is slower here)
        if stack and other != seat and in_deal[other] and not folded[other]:
            return True
    return False


def raises_left(f: RoundFacts, limits: Limits) -> int | None:
    """Raises still allowed this round; None when raising is unlimited
    (always in pot and no limit)."""
    cap = limits.raise_cap
    if cap is None or limits.structure != FIXED_LIMIT:
        return None
    if limits.cap_lifted_heads_up and f.headsup_at is not None and f.headsup_at < cap:
        return None
    return max(0, cap - f.raises)


def reopened(f: RoundFacts, limits: Limits, seat: int) -> bool:
    """May ``seat`` bet or raise again? Yes if it has not acted this round,
    or if the bet has risen since it last acted by a full bet or raise
    (fixed limit: a full step, or at least the house's share of one).
    Short all-ins add up; each alone may not reopen."""
    acted = f.acted[seat]
    if acted is None:
        return True
    rise = f.level - acted
    if rise <= 0:
        return False
    if limits.structure == FIXED_LIMIT:
        share = limits.reopen_share
        return rise >= f.step or rise * share.denominator >= share.numerator * f.step
    return rise >= max(f.step, f.raise_size)


def is_full(f: RoundFacts, limits: Limits, to: int) -> bool:
    """Does a bet or raise to ``to`` count as a full one -- reopen the betting
    for those who acted, count toward the cap, set the next raise's size?

    Fixed limit: a whole step above the last full bet, or a rise of at least
    the house's share of a step (in a 20 game a 15 all-in is full, and the
    next raise goes to 35). Pot and no limit: a rise of at least the
    smallest bet and of the largest bet or raise so far."""
    if limits.structure == FIXED_LIMIT:
        if to - f.full_level >= f.step:
            return True
        rise = to - f.level
        share = limits.reopen_share
        return rise > 0 and rise * share.denominator >= share.numerator * f.step
    return to - f.level >= max(f.step, f.raise_size)


def choices(f: RoundFacts, limits: Limits, seat: int, opening_refused: str | None = None) -> Choices:
    """What ``seat`` may do now. ``opening_refused`` (from the game, e.g.
    "jacks or better are needed, Anna has a pair of nines") forbids the first bet."""
    stack = f.stacks[seat]
    bet_here = f.bets[seat]
    level = f.level
    owed = level - bet_here
    to_call = (owed if owed < stack else stack) if owed > 0 else 0
    all_in_to = bet_here + stack
    pot = f.pot_total()
    after_call = pot + owed if owed > 0 else pot
    pot_to = level + after_call
    half_pot_to = level + after_call // 2
    structure = limits.structure
    fixed = structure == FIXED_LIMIT
    left = raises_left(f, limits) if fixed else None  # pot and no limit: unlimited
    word: str | None = None
    low = high = 0
    if (
        stack > owed
        and (limits.check_raise or not f.checked[seat])
        and reopened(f, limits, seat)
        and others_with_chips(f, seat)
    ):  # chips beyond the call, check-raise allowed, reopened, and someone to bet against
        if fixed:
            if f.full_level == 0:
                if opening_refused is None:
                    word = "bet"
                    low = high = bet_here + min(f.step - bet_here, stack)
            elif left != 0:
                word = "raise"
                low = high = bet_here + min(f.full_level + f.step - bet_here, stack)
        elif level > 0 or opening_refused is None:
            word = "raise" if level > 0 else "bet"
            step, raise_size = f.step, f.raise_size
            smallest = level + (step if step > raise_size else raise_size)
            largest = all_in_to if structure == NO_LIMIT else max(smallest, pot_to)
            low = smallest if smallest < all_in_to else all_in_to
            high = largest if largest < all_in_to else all_in_to
    return Choices(
        seat,
        structure,
        owed <= 0,
        to_call,
        0 < to_call == stack,
        word,
        low,
        high,
        all_in_to,
        pot,
        pot_to,
        half_pot_to,
        f.step,
        left,
    )


def all_in_action(f: RoundFacts, limits: Limits, seat: int) -> tuple[str, int | None]:
    """What "all in" means for ``seat`` now: ("call", None) when everything
    the player has does not go beyond the call, else ("bet" or "raise", the
    total)."""
    all_in_to = f.bets[seat] + f.stacks[seat]
    if all_in_to <= f.level:
        return "call", None
    if limits.structure == FIXED_LIMIT:
        return ("bet" if f.full_level == 0 else "raise"), all_in_to
    return ("bet" if f.level == 0 else "raise"), all_in_to


# ---------------------------------------------------------------- refusals


def _phrase(word: str, to: int) -> str:
    return f"bet {to}" if word == "bet" else f"raise to {to}"


def amount_refusal(ch: Choices, name: str, to: int | None) -> str | None:
    """Why a bet or raise (``ch.bet_word``) to ``to`` is not allowed, or None
    if it is. ``to`` None means the fixed-limit amount (pot and no limit need
    a number).

    >>> ch = Choices(0, POT_LIMIT, False, 4, False, "raise", 10, 34, 90, 22, 34, 19, 2, None)
    >>> amount_refusal(ch, "Anna", 40)
    'Anna may raise to between 10 and 34 (the pot)'
    >>> amount_refusal(ch, "Anna", 20) is None
    True
    >>> amount_refusal(ch, "Anna", 20.0)
    'Anna may raise only to a whole number of chips'
    """
    word = ch.bet_word
    if word is None:
        raise ValueError("the player may not bet or raise at all; ask refusal() why")
    if to is None:
        if ch.structure == FIXED_LIMIT:
            return None
    elif to.__class__ is not int:  # a float, a bool, a text: chips are whole
        return f"{name} may {'bet only' if word == 'bet' else 'raise only to'} a whole number of chips"
    elif ch.min_to <= to <= ch.max_to:
        return None
    if ch.min_to == ch.max_to:
        tail = " (all in)" if ch.min_to == ch.all_in_to else ""
        return f"{name} may only {_phrase(word, ch.min_to)}{tail}"
    if ch.max_to == ch.all_in_to:
        tail = " (all in)"
    elif ch.structure == POT_LIMIT:
        tail = " (the pot)"
    else:
        tail = ""
    between = f"between {ch.min_to} and {ch.max_to}"
    return f"{name} may {'bet ' + between if word == 'bet' else 'raise to ' + between}{tail}"


def _instead(ch: Choices, f: RoundFacts) -> str:
    can = ["check" if ch.may_check else "call"]
    if ch.bet_word is not None:
        can.append(ch.bet_word)
    instead = " or ".join([", ".join(can), "fold"])
    if f.full_level == 0 and f.level > 0 and "bet" in can:
        instead = instead.replace("bet", "complete the short bet (bet)")
    return instead


def refusal(
    f: RoundFacts,
    limits: Limits,
    seat: int,
    name: str,
    action: str,
    to: int | None = None,
    opening_refused: str | None = None,
) -> str | None:
    """Why ``name`` (in ``seat``) may not ``action`` now -- one sentence that
    ends with what they may do instead -- or None if they may.

    ``action`` is check, call, bet, raise, fold or all_in; ``to`` the total
    of a bet or raise (None: the fixed-limit amount).
    """
    if action == "fold":
        return None
    if action == "all_in":
        action, to = all_in_action(f, limits, seat)
    ch = choices(f, limits, seat, opening_refused)
    if action == "check" and ch.may_check:
        return None
    if action == "call" and not ch.may_check:
        return None
    if action not in ("check", "call", "bet", "raise"):
        return f"{name} cannot {action} during a betting round"
    if action == ch.bet_word:
        return amount_refusal(ch, name, to)
    instead = _instead(ch, f)
    owed = f.level - f.bets[seat]
    if action == "check":
        why = f"there is a bet of {owed} to call; {instead}"
    elif action == "call":
        why = f"there is no bet to call; {instead}"
    elif f.stacks[seat] <= max(owed, 0):
        why = f"no chips are left beyond the call; {instead}"
    elif not others_with_chips(f, seat):
        why = f"nobody else has chips left to bet against; {instead}"
    elif not reopened(f, limits, seat):
        why = f"the last all-in raise was too small to reopen the betting; {instead}"
    elif action == "raise" and (f.full_level == 0 if limits.structure == FIXED_LIMIT else f.level == 0):
        if f.level > 0:
            why = "the bet is short of a full bet: complete it with bet, or call or fold"
        else:
            why = f"nobody has bet yet; {instead}"
    elif action == "bet" and (f.full_level == 0 if limits.structure == FIXED_LIMIT else f.level == 0):
        if not limits.check_raise and f.checked[seat]:
            return f"{name} checked this round and may not bet: {instead}"
        return f"{name} cannot open: {opening_refused or 'the house rules do not allow it'}"
    elif action == "bet":
        why = f"there is already a bet; {instead}"
    elif not limits.check_raise and f.checked[seat]:
        return f"{name} checked this round and may not raise: {instead}"
    elif limits.raise_cap == 0:
        why = f"the house allows no raises, only bets; {instead}"
    else:
        why = f"the betting is capped: {limits.raise_cap} raises have been made this round; {instead}"
    return f"{name} cannot {action}: {why}"


# ---------------------------------------------------------------- forced bets


class ForcedBets(NamedTuple):
    """What goes in before the cards: an ``ante`` from every player, a
    ``dealer_ante`` from the dealer alone for everyone, ``blinds`` (small,
    big). They combine (blinds with an ante)."""

    ante: int = 0
    dealer_ante: int = 0
    blinds: tuple[int, int] | None = None


class Posted(NamedTuple):
    """A forced bet: ``kind`` is ante, dealer_ante, small_blind or big_blind;
    ``all_in`` when it took the player's last chip."""

    seat: int
    kind: str
    amount: int
    all_in: bool


def blind_seats(button: int, in_deal: Sequence[bool]) -> tuple[int, int]:
    """(small blind, big blind): the small blind sits left of the button, the
    big blind next; heads-up the button posts the small blind."""
    n = len(in_deal)
    if False not in in_deal:  # everyone dealt in (the common case)
        if n > 2:
            return (button + 1) % n, (button + 2) % n
        if n == 2:  # heads-up: the button posts the small blind
            return button, 1 - button
    first = second = seat = button

    dealt_in = 0  # the players in the deal met so far, clockwise from the button's left (stops at the third)
    for _ in range(n):
        seat = seat + 1 if seat + 1 < n else 0
        if in_deal[seat]:
            dealt_in += 1
            if dealt_in == 1:
                first = seat
            elif dealt_in == 2:
                second = seat
            else:
                break
    if dealt_in < 2:
        raise ValueError("blinds need at least two players in the deal")
    if dealt_in == 2:
        return second, first  # heads-up: the second is the button, who posts the small blind
    return first, second


def post_forced_bets(
    button: int,
    stacks: Sequence[int],
    in_deal: Sequence[bool],
    forced: ForcedBets,
    blinds: tuple[int, int] | None = None,
) -> tuple[Posted, ...]:
    """The forced bets in the order they go in: antes clockwise from the
    button's left, the dealer's ante, the small blind, the big blind. A
    player who cannot cover one posts what they have and is all-in (nothing
    is posted from an empty stack). ``blinds``: the blinds' seats when they
    are not the usual two (a newcomer the big blind reached, docs/rules.md 6.2)."""
    left = list(stacks)
    n = len(left)
    out: list[Posted] = []

    def post(seat: int, kind: str, amount: int) -> None:
        amount = min(amount, left[seat])
        if amount > 0:
            left[seat] -= amount
            out.append(Posted(seat, kind, amount, left[seat] == 0))

    if forced.ante:
        for seat in ((button + k) % n for k in range(1, n + 1)):
            if in_deal[seat]:
                post(seat, ANTE, forced.ante)
    if forced.dealer_ante:
        post(button, DEALER_ANTE, forced.dealer_ante)
    if forced.blinds is not None:
        small, big = blinds or blind_seats(button, in_deal)
        post(small, SMALL_BLIND, forced.blinds[0])
        post(big, BIG_BLIND, forced.blinds[1])
    return tuple(out)


# ---------------------------------------------------------------- a round, played


class Round(NamedTuple):
    """A betting round as plain data (satisfies :class:`RoundFacts`).
    ``pot`` holds the chips in the middle from before this round (antes,
    earlier rounds, a carried pot); ``to_act`` is the seat to act (None:
    the round is over)."""

    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    in_deal: tuple[bool, ...]
    folded: tuple[bool, ...]
    acted: tuple[int | None, ...]
    checked: tuple[bool, ...]
    level: int
    full_level: int
    raise_size: int
    raises: int
    headsup_at: int | None
    step: int
    pot: int
    to_act: int | None

    def pot_total(self) -> int:
        """Every chip in the middle, this round's bets included."""
        return self.pot + sum(self.bets)


def next_to_act(f: RoundFacts, after: int) -> int | None:
    """The next seat clockwise after ``after`` that must act in this round:
    still in with chips behind, and either facing a bet or not having acted
    while someone else can still bet against it."""
    n = len(f.stacks)
    bets, stacks, level, in_deal, folded, acted = f.bets, f.stacks, f.level, f.in_deal, f.folded, f.acted
    for k in range(1, n + 1):
        seat = (after + k) % n
        if not in_deal[seat] or folded[seat] or stacks[seat] == 0:
            continue
        if bets[seat] < level:
            return seat
        if acted[seat] is None and others_with_chips(f, seat):
            return seat
    return None


def _live(in_deal: Sequence[bool], folded: Sequence[bool]) -> int:
    return sum(1 for i, fo in zip(in_deal, folded, strict=True) if i and not fo)


def next_round(
    stacks: Sequence[int],
    in_deal: Sequence[bool],
    folded: Sequence[bool],
    pot: int,
    step: int,
    after: int,
) -> Round:
    """A round with nothing bet yet; the first to act is the first seat
    clockwise after ``after`` that must act (after the button: with blinds,
    every round after the first starts left of the button)."""
    n = len(stacks)
    r = Round(
        tuple(stacks),
        (0,) * n,
        tuple(in_deal),
        tuple(folded),
        (None,) * n,
        (False,) * n,
        0,
        0,
        0,
        0,
        0 if _live(in_deal, folded) <= 2 else None,
        step,
        pot,
        None,
    )
    return r._replace(to_act=next_to_act(r, after))


def first_round(
    button: int,
    stacks: Sequence[int],
    in_deal: Sequence[bool],
    forced: ForcedBets,
    step: int,
) -> tuple[tuple[Posted, ...], Round]:
    """Post the forced bets and open round 1. Antes are dead money in the
    pot; blinds are live bets of round 1. The big blind sets the level at
    the full blind even when posted short, and counts as round 1's first
    full bet (fixed limit: raises are counted over it, 2 -> 4 -> ... -> 10
    with four raises). Round 1 starts left of the big blind, or left of the
    button without blinds; the big blind may raise when everyone just
    called (posting is not acting)."""
    posted = post_forced_bets(button, stacks, in_deal, forced)
    n = len(stacks)
    left = list(stacks)
    bets = [0] * n
    pot = 0
    for p in posted:
        left[p.seat] -= p.amount
        if p.kind in (SMALL_BLIND, BIG_BLIND):
            bets[p.seat] += p.amount
        else:
            pot += p.amount
    no_folds = (False,) * n
    r = next_round(left, in_deal, no_folds, pot, step, button)
    if forced.blinds is None:
        return posted, r
    big = forced.blinds[1]
    _, big_seat = blind_seats(button, in_deal)
    r = r._replace(bets=tuple(bets), level=big, full_level=big, raise_size=big)
    return posted, r._replace(to_act=next_to_act(r, big_seat))


def act(r: Round, limits: Limits, seat: int, action: str, to: int | None = None) -> Round:
    """The round after ``seat`` checks, calls, bets, raises (to ``to``), goes
    all in or folds. Raises :class:`IllegalAction` with :func:`refusal`'s
    sentence, and for a seat out of turn."""
    if seat != r.to_act:
        raise IllegalAction(f"it is not seat {seat}'s turn" if r.to_act is not None else "the round is over")
    why = refusal(r, limits, seat, f"seat {seat}", action, to)
    if why is not None:
        raise IllegalAction(why)
    if action == "all_in":
        action, to = all_in_action(r, limits, seat)
    stacks, bets = list(r.stacks), list(r.bets)
    folded, checked = list(r.folded), list(r.checked)
    level, full_level, raise_size, raises, headsup_at = r.level, r.full_level, r.raise_size, r.raises, r.headsup_at
    if action == "fold":
        folded[seat] = True
        if headsup_at is None and _live(r.in_deal, folded) <= 2:
            headsup_at = raises
    elif action == "check":
        checked[seat] = True
    elif action == "call":
        amount = min(level - bets[seat], stacks[seat])
        stacks[seat] -= amount
        bets[seat] += amount
    else:
        if to is None:
            to = choices(r, limits, seat).min_to
        full = is_full(r, limits, to)
        stacks[seat] -= to - bets[seat]
        bets[seat] = to
        if full:
            raise_size = max(raise_size, to - level)
            full_level = to
            if action == "raise":
                raises += 1
        level = max(level, to)
    acted = list(r.acted)
    acted[seat] = level
    out = r._replace(
        stacks=tuple(stacks),
        bets=tuple(bets),
        folded=tuple(folded),
        checked=tuple(checked),
        acted=tuple(acted),
        level=level,
        full_level=full_level,
        raise_size=raise_size,
        raises=raises,
        headsup_at=headsup_at,
    )
    if _live(out.in_deal, out.folded) <= 1:
        return out._replace(to_act=None)
    return out._replace(to_act=next_to_act(out, seat))


def unmatched(f: RoundFacts) -> tuple[int, int] | None:
    """(seat, chips) of the part of the highest bet nobody matched, which
    goes back to the player when the round ends; None if all is matched."""
    bets = f.bets
    top = max(bets)
    if top <= 0:
        return None
    seat = list(bets).index(top)
    second = max(b for i, b in enumerate(bets) if i != seat)
    return (seat, top - second) if top > second else None
