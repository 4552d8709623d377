"""What the player to act may do, with limits: the one place that knows.

:func:`legal_actions` feeds the client's menu; :func:`refusal` says in one
sentence why a command is not allowed. The game uses both, so the menu and
the rules never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from drawpoker.cards import Card
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card.analysis import PaytableSpec
from drawpoker.games.three_card.paytables import worst_case
from drawpoker.games.three_card.state import (
    BETTING,
    BETWEEN_DEALS,
    DECIDING,
    NO_SESSION,
    SESSION_OVER,
    TcpState,
)
from drawpoker.rules.model import ThreeCardRules

__all__ = [
    "BetLimits",
    "LegalActions",
    "legal_actions",
    "refusal",
    "boxes_allowed",
    "bank_room",
    "normal_boxes",
]


class BetLimits(NamedTuple):
    """What the player to bet may stake this round.

    Every box needs an ante from ``ante_min`` to ``ante_max`` (or, when
    ``pair_plus_alone``, may hold Pair Plus alone); a side bet's maximum is
    0 when it is not offered. All bets together with their possible Play
    bets (ante times ``play_multiple``) must fit in ``stack``.
    ``bank_can_cover`` is, when the bank refuses bets it could not cover,
    how much more it can owe in the worst case (see
    :func:`~drawpoker.games.three_card.paytables.worst_case`); None: no limit.
    """

    ante_min: int
    ante_max: int
    play_multiple: int
    pair_plus_max: int
    pair_plus_alone: bool
    prime_max: int
    six_card_max: int
    boxes: int
    stack: int
    bank_can_cover: int | None

    def bank_refuses_smallest(self) -> bool:
        """Whether, where no bet is allowed, it is the bank's doing: the
        player has the chips for the smallest bet (an ante and its Play bet,
        or a chip of Pair Plus alone), and the bank refuses what it could not
        cover.

        >>> BetLimits(1, 10, 1, 10, False, 0, 0, 1, 40, 2).bank_refuses_smallest()
        True
        >>> BetLimits(1, 10, 1, 10, False, 0, 0, 1, 1, 2).bank_refuses_smallest()
        False
        """
        smallest = self.ante_min * (1 + self.play_multiple)
        if self.pair_plus_alone and self.pair_plus_max:
            smallest = min(smallest, 1)
        return self.bank_can_cover is not None and self.boxes > 0 and self.stack >= smallest


class LegalActions(NamedTuple):
    """The menu for the player to act.

    Betting: options ``("bet", "sit_out")`` (only ``"sit_out"`` when the
    player cannot afford any bet) and ``limits``. Deciding: ``("play",
    "fold")`` for ``box`` holding ``cards``, the Play bet ``play_amount``,
    and ``hint``, the optimal decision under these rules.
    """

    seat: int | None
    phase: str
    options: tuple[str, ...]
    limits: BetLimits | None = None
    box: int | None = None
    cards: tuple[Card, ...] = ()
    play_amount: int = 0
    hint: str | None = None


def boxes_allowed(s: TcpState, rules: ThreeCardRules) -> int:
    """How many boxes the player to bet may take: the rules' limit per
    player, keeping one box free for each player still to bet."""
    later = len(s.bettors) - s.bet_pos - 1
    free = rules.table.max_boxes - len(s.boxes) - later
    return max(0, min(rules.table.boxes_per_player, free))


def bank_room(s: TcpState, rules: ThreeCardRules, spec: PaytableSpec) -> int | None:
    """Under ``refuse_bets``, the worst-case payout the bank can still take on; else None."""
    bank = s.bank
    if rules.dealer.when_bank_short != "refuse_bets" or bank is None:
        return None
    at_risk = sum(worst_case(spec, b.ante, b.pair_plus, b.prime, b.six_card) for b in s.boxes)
    return max(0, bank - at_risk)


def largest_ante(spec: PaytableSpec, room: int) -> int:
    """The largest ante alone (no side bet beside it) a bank with ``room`` left would take."""
    return room // worst_case(spec, 1, 0, 0, 0)


def _limits(s: TcpState, rules: ThreeCardRules, spec: PaytableSpec, seat: int) -> BetLimits:
    """The bets the rules allow, each no larger than the bank would take where it refuses what it could
    not cover (a side bet beside the smallest ante where it needs one): the slip offers nothing it
    would refuse alone, and a side bet the bank cannot take at all is not offered this round."""
    b, pp = rules.bets, rules.pair_plus
    room = bank_room(s, rules, spec)
    ante_max = b.ante_max
    sides = [
        pp.max_bet if pp.enabled else 0,
        rules.prime.max_bet if rules.prime.enabled else 0,
        rules.six_card_bonus.max_bet if rules.six_card_bonus.enabled else 0,
    ]
    if room is not None:
        ante_max = max(b.ante_min, min(ante_max, largest_ante(spec, room)))
        beside = room - worst_case(spec, b.ante_min, 0, 0, 0)  # what is left beside the smallest ante
        for i, (most, alone) in enumerate(zip(sides, (pp.without_ante, False, False), strict=True)):
            if most:
                one = worst_case(spec, 0, *(1 if j == i else 0 for j in range(3))) - worst_case(spec, 0, 0, 0, 0)
                if one > 0:  # (a side bet whose paytable pays nothing costs the bank nothing: all of it is taken)
                    sides[i] = min(most, max(0, (room if alone else beside) // one))
    return BetLimits(
        ante_min=b.ante_min,
        ante_max=ante_max,
        play_multiple=b.play_multiple,
        pair_plus_max=sides[0],
        pair_plus_alone=pp.enabled and pp.without_ante and sides[0] > 0,
        prime_max=sides[1],
        six_card_max=sides[2],
        boxes=boxes_allowed(s, rules),
        stack=s.stacks[seat],
        bank_can_cover=room,
    )


def legal_actions(
    s: TcpState,
    rules: ThreeCardRules,
    spec: PaytableSpec,
    hint: Callable[[tuple[Card, ...]], str] | None = None,
) -> LegalActions:
    """What the player to act may do now (an empty menu when nobody acts).

    ``hint(cards) -> "play" | "fold"`` gives the advice shown for a decision.
    """
    seat = s.to_act
    if seat is None:
        return LegalActions(None, s.phase, ())
    if s.phase == BETTING:
        limits = _limits(s, rules, spec, seat)
        cheapest = [(limits.ante_min, 0, 0, 0)] + ([(0, 1, 0, 0)] if limits.pair_plus_alone else [])
        can_bet = any(_bet_refusal(s, rules, spec, seat, (box,)) is None for box in cheapest)
        return LegalActions(seat, s.phase, ("bet", "sit_out") if can_bet else ("sit_out",), limits=limits)
    if s.phase == DECIDING and s.box_to_act is not None:
        box = s.boxes[s.box_to_act]
        return LegalActions(
            seat,
            s.phase,
            ("play", "fold"),
            box=s.box_to_act,
            cards=box.cards,
            play_amount=box.ante * rules.bets.play_multiple,
            hint=hint(box.cards) if hint is not None else None,
        )
    return LegalActions(None, s.phase, ())


# ------------------------------------------------------------ refusals

_IDLE = {
    NO_SESSION: "nobody has sat down yet",
    BETWEEN_DEALS: "nobody is to act between rounds; start the next round",
    SESSION_OVER: "the session is over",
}


def _is_chips(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def normal_boxes(boxes: object) -> tuple[tuple[int, int, int, int], ...] | None:
    """Boxes as plain ``(ante, pair_plus, prime, six_card)`` tuples, or None if malformed."""
    if not isinstance(boxes, (tuple, list)):
        return None
    out = []
    for box in boxes:
        if not isinstance(box, (tuple, list)) or len(box) > 4 or not all(_is_chips(x) for x in box):
            return None
        out.append(tuple(box) + (0,) * (4 - len(box)))
    return tuple(out)


def refusal(s: TcpState, rules: ThreeCardRules, spec: PaytableSpec, command: object) -> str | None:
    """Why a player command (PlaceBets, Play, Fold) is not allowed now, or None if it is."""
    seat = getattr(command, "seat", None)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(s.names):
        return f"there is no seat {seat!r} at this table"
    name = s.names[seat]
    if s.phase in _IDLE:
        return _IDLE[s.phase]
    betting = isinstance(command, cmd.PlaceBets)
    action = "place bets" if betting else "play" if isinstance(command, cmd.Play) else "fold"
    if betting and s.phase != BETTING:
        return f"{name} cannot place bets now: the cards are dealt"
    if not betting and s.phase != DECIDING:
        return f"{name} cannot {action} yet: the bets are still being placed"
    if s.to_act is None:
        return "nobody is to act: the round is being settled"
    if seat != s.to_act:
        return f"it is {s.names[s.to_act]}'s turn, not {name}'s"
    if betting:
        boxes = normal_boxes(command.boxes)  # type: ignore[attr-defined]
        if boxes is None:
            return (
                f"{name}'s bets must be boxes of whole chips (ante, Pair Plus, Prime, Six Card Bonus), each 0 or more"
            )
        return _bet_refusal(s, rules, spec, seat, boxes)
    box = getattr(command, "box", None)
    if not isinstance(box, int) or isinstance(box, bool) or not 0 <= box < len(s.boxes):
        return f"there is no box {box!r} in this round"
    if s.boxes[box].seat != seat:
        return f"box {box + 1} is {s.names[s.boxes[box].seat]}'s, not {name}'s"
    if box != s.box_to_act:
        return f"{name} cannot {action} box {box + 1} now: box {s.box_to_act + 1} is to act"  # type: ignore[operator]
    if action == "play":
        amount = s.boxes[box].ante * rules.bets.play_multiple
        if amount > s.stacks[seat]:
            return f"{name} cannot play box {box + 1}: the Play bet is {amount} and {name} has {s.stacks[seat]}"
    return None


def _side_bet_refusal(who: str, bet: str, amount: int, ante: int, offered: bool, most: int) -> str | None:
    if not amount:
        return None
    if not offered:
        return f"{who} cannot bet {bet}: these rules do not offer it"
    if amount > most:
        return f"{who} cannot bet {amount} on {bet}: the most is {most}"
    if not ante:
        return f"{who} cannot bet {bet} without an ante: only Pair Plus may be played alone"
    return None


def _bet_refusal(
    s: TcpState, rules: ThreeCardRules, spec: PaytableSpec, seat: int, boxes: tuple[tuple[int, ...], ...]
) -> str | None:
    if not boxes:
        return None  # sitting the round out
    name = s.names[seat]
    t, b, pp = rules.table, rules.bets, rules.pair_plus
    allowed = boxes_allowed(s, rules)
    if len(boxes) > t.boxes_per_player:
        most = "one box" if t.boxes_per_player == 1 else f"at most {t.boxes_per_player} boxes"
        return f"{name} cannot play {len(boxes)} boxes: these rules allow {most} per player"
    if len(boxes) > allowed:
        return (
            f"{name} cannot play {len(boxes)} boxes: only {allowed} of the table's {t.max_boxes} "
            "are left, keeping one for each player still to bet"
        )
    need = 0
    for i, (ante, pair_plus, prime, six_card) in enumerate(boxes):
        who = name if len(boxes) == 1 else f"{name} (box {i + 1})"
        if not ante and not pair_plus:
            if prime or six_card:
                bet = "Prime" if prime else "the Six Card Bonus"
                return f"{who} cannot bet {bet} without an ante: only Pair Plus may be played alone"
            alone = " or a Pair Plus bet" if pp.enabled and pp.without_ante else ""
            return f"{who} cannot bet an empty box: a box needs an ante{alone}"
        if ante and not b.ante_min <= ante <= b.ante_max:
            limit = f"exactly {b.ante_min}" if b.ante_min == b.ante_max else f"{b.ante_min} to {b.ante_max} chips"
            return f"{who} cannot bet an ante of {ante}: the ante is {limit}"
        if pair_plus:
            if not pp.enabled:
                return f"{who} cannot bet Pair Plus: these rules do not offer it"
            if pair_plus > pp.max_bet:
                return f"{who} cannot bet {pair_plus} on Pair Plus: the most is {pp.max_bet}"
            if not ante and not pp.without_ante:
                return (
                    f"{who} cannot bet Pair Plus without an ante: these rules play Pair Plus only together with an ante"
                )
        why = _side_bet_refusal(
            who, "Prime", prime, ante, rules.prime.enabled, rules.prime.max_bet
        ) or _side_bet_refusal(
            who, "the Six Card Bonus", six_card, ante, rules.six_card_bonus.enabled, rules.six_card_bonus.max_bet
        )
        if why:
            return why
        need += ante * (1 + b.play_multiple) + pair_plus + prime + six_card
    stack = s.stacks[seat]
    if need > stack:
        plays = sum(1 for box in boxes if box[0])
        with_play = "" if not plays else f"with the Play bet{'s' if plays > 1 else ''} they could need, "
        return f"{name} cannot cover these bets: {with_play}they come to {need} chips and {name} has {stack}"
    room = bank_room(s, rules, spec)
    if room is not None:
        worst = sum(worst_case(spec, *box) for box in boxes)
        if worst > room:
            largest = min(b.ante_max, largest_ante(spec, room))
            tail = (
                f"the largest ante it would take alone is {largest}"
                if largest >= b.ante_min
                else "it can take no ante now"
            )
            return (
                f"{name} cannot bet that much: the bank could owe up to {worst} on these bets "
                f"and can cover only {room} more (it holds {s.bank} chips); {tail}"
            )
    return None
