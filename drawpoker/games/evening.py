"""The evening around the deals (docs/rules.md 6): seats and the first dealer
drawn, players arriving and leaving, sitting out and coming back, a
computer taking over a seat, rebuys asked at the table, add-ons, and the
table agreeing to end. Both games share it.

Every one of these is a command that is refused with a reason (changing
nothing) or becomes events, like any other decision at the table, so the
history holds the whole evening and ``verify`` re-runs it. A request made
during a deal (a join, a leave, a sit-out...) is recorded when it is made
(:class:`RequestMade`) and takes effect when the deal ends, unless it is
taken back before (:class:`RequestWithdrawn`: a slip forgiven); ending the
evening is agreed at once and takes effect at the end of the deal it names.

The state of either game carries the same per-seat facts (see
:class:`EveningFacts`): an empty seat (its ``out`` is set too, so nothing
deals to it), a player away (sitting out by choice, keeping the stack), a
computer playing the seat (``bot``: the strategy's name, empty for a
person), the chips added on; and for blind games a newcomer waiting for
the big blind (``waiting``), blinds owed on coming back (``owes``: 1 the
big blind, 2 the big and the small) and blinds missed while away
(``missed``). ``brought`` counts the chips brought to the table after the
first seating (buy-ins of newcomers, and what leavers had bought), ``taken``
the chips cashed out: chips are conserved counting both. ``gone`` remembers
each player who left (by name, ignoring case: the same player, docs/rules.md
6.3): the rebuys and add-ons they had, and whether they left without chips,
so that coming back is no way round the house's rebuys, and (version 3) the
blinds they owed or waited for, so that it is no way round those either.

The rules of the evening have a version (:data:`EVENING_RULES`): each
session records the version it is played by where the players sit down
(``SessionStarted``, ``TableOpened``; a history written before it existed
reads as version 1), and the state holds it (``evening_rules``), so a
history is verified, replayed and resumed by the rules it was played by.
Version 2 changed four corners (docs/rules.md 6.2, 6.3, 6.5), version 3 two
(6.2: leaving is no way round the blinds one owes; a dead small blind is the
main pot's), version 4 one (6.5: a pot carried when everyone at the table
leaves as a deal ends goes back to them before they go), version 5 two (6.3:
a player who left without chips sits down again with a rebuy, its amount;
6.5: a pot carried as the evening ends goes back to the leavers of that end
too, before they go); each change says
where it is, and the versions before play each as before.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NamedTuple

from drawpoker.cards import DECK, Card
from drawpoker.engine.events import register, register_upcaster
from drawpoker.engine.pots import clockwise_from
from drawpoker.engine.record import Record
from drawpoker.errors import refuse
from drawpoker.notes import N_, Note

__all__ = [
    "DrawSeats",
    "DrawDealer",
    "Join",
    "Leave",
    "SitOut",
    "ComeBack",
    "TakeOver",
    "HandBack",
    "Rebuy",
    "Decline",
    "AddOn",
    "EndEvening",
    "Withdraw",
    "end_after",
    "SeatsDrawn",
    "DealerDrawn",
    "PlayerJoined",
    "PlayerLeft",
    "PlayerAway",
    "PlayerBack",
    "SeatTakenOver",
    "SeatHandedBack",
    "AddOnBought",
    "RebuyDeclined",
    "RequestMade",
    "RequestWithdrawn",
    "EndAgreed",
    "EVENING_COMMANDS",
    "EveningFacts",
    "start_evening",
    "seat_blanks",
    "EVENING_EVENTS",
    "seat_order",
    "dealer_draw",
    "refuse",
    "EVENING_RULES",
    "evening_rules_refusal",
    "back_as_rebuy",
    "joined_as_rebuy",
]

#: The version of the rules of the evening this drawpoker plays (docs/rules.md 6),
#: recorded in every session's first event. Version 2 (the first recorded): a pot
#: carried when a deal's leavers leave one player goes back as the evening ends
#: (6.5); a player who left comes back with the rebuys and add-ons they had, and
#: after leaving without chips only as a rebuy (6.3); the big blind is never the
#: button's (6.2); stepping away and back keeps what one waited for or owed (6.2).
#: Version 1: every history written before, each of these played as it was then.
#: Version 3: the blinds one owes are owed again on sitting down again (6.2); a dead
#: small blind is the main pot's (6.2). Version 4: when everyone at the table leaves
#: as a deal with a pot carried ends, the pot goes back to them before they go (6.5;
#: before, it went to nobody). Version 5: a player who left without chips sits down again
#: with a rebuy, its amount (6.3; before, a buy-in as any newcomer's, counted as a rebuy);
#: when the evening ends with a deal (agreed, or its leavers leave fewer than two) or with a
#: leave between deals, a pot carried goes back before the leavers go, theirs too (6.5).
EVENING_RULES = 5


def evening_rules_refusal(version: Any) -> Note | None:
    """Why a sit-down's version of the rules of the evening cannot be played
    (None: it can): a recorded session is re-decided under its own version,
    one this drawpoker knows (1 to :data:`EVENING_RULES`)."""
    if version.__class__ is int and 1 <= version <= EVENING_RULES:
        return None
    return Note(
        N_("the rules of the evening are version 1 to {n} here, not {version}"), n=EVENING_RULES, version=repr(version)
    )


# ---------------------------------------------------------------- commands


class DrawSeats(NamedTuple):
    """Before the session: the players (in the order given) draw for their
    seats, one card each from ``deck`` (the shuffler's 52 cards)."""

    names: tuple[str, ...]
    deck: tuple[Card, ...]


class DrawDealer(NamedTuple):
    """Before the first deal: the players draw for the first dealer from ``deck``."""

    deck: tuple[Card, ...]


class Join(NamedTuple):
    """``name`` takes the empty ``seat`` (or a new seat, the table's next
    number) with a buy-in of ``buy_in`` chips; ``bot`` names the strategy of
    a computer player joining (empty for a person)."""

    seat: int
    name: str
    buy_in: int
    bot: str = ""


class Leave(NamedTuple):
    """The player in ``seat`` leaves the table, taking the stack (cash-out)."""

    seat: int


class SitOut(NamedTuple):
    """The player in ``seat`` sits out (is not dealt in) and keeps the stack."""

    seat: int


class ComeBack(NamedTuple):
    """The player in ``seat`` comes back from sitting out."""

    seat: int


class TakeOver(NamedTuple):
    """A computer (``strategy``) plays ``seat`` for its player, whose chips they stay."""

    seat: int
    strategy: str


class HandBack(NamedTuple):
    """The computer gives ``seat`` back to its player."""

    seat: int


class Rebuy(NamedTuple):
    """A broke player asked at the table buys a new stack (``when_broke: ask``)."""

    seat: int


class Decline(NamedTuple):
    """A broke player asked at the table does not buy again, and leaves with nothing."""

    seat: int


class AddOn(NamedTuple):
    """A player with chips buys ``amount`` more between deals (an add-on)."""

    seat: int
    amount: int


class EndEvening(NamedTuple):
    """The table agrees to end the evening after deal (round) ``last``: the
    deal being played ("end after this deal"), a later one ("N more deals",
    :func:`end_after`), or between deals the last one played (end now)."""

    last: int


class Withdraw(NamedTuple):
    """During a deal, the request made for ``seat`` is taken back before it
    takes effect: a player's change (leave, sit out, come back, a computer
    taking over or handing back), or a newcomer's join (``seat`` the seat
    promised)."""

    seat: int


def end_after(state: Any, more: int = 0) -> EndEvening:
    """ "End after this deal" (``more`` 0; between deals: now) or "``more`` more deals"."""
    number = state.deal if hasattr(state, "deal") else state.round
    return EndEvening(number + more)


EVENING_COMMANDS = (
    DrawSeats,
    DrawDealer,
    Join,
    Leave,
    SitOut,
    ComeBack,
    TakeOver,
    HandBack,
    Rebuy,
    Decline,
    AddOn,
    EndEvening,
    Withdraw,
)

# ---------------------------------------------------------------- events


@register
class SeatsDrawn(NamedTuple):
    """The players drew for their seats: ``names`` in the order given, ``cards``
    the card each drew. The highest card takes seat 0, the next seat 1 (ranks,
    then suits: spades, hearts, diamonds, clubs). A decision (the shuffle)."""

    names: tuple[str, ...]
    cards: tuple[Card, ...]


@register
class DealerDrawn(NamedTuple):
    """The players drew for the first dealer: ``seats[k]`` drew ``cards[k]``,
    in order (a tie drawn again adds the tied players' new cards); ``dealer``
    deals first. A decision (the shuffle)."""

    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    dealer: int


@register
class PlayerJoined(NamedTuple):
    """``name`` took ``seat`` (a new seat when it is the table's next number)
    with ``stack`` chips bought in; ``bot`` the strategy of a computer player
    (empty for a person); with blinds, ``waiting`` for the big blind, or
    ``owes`` a big blind to post at once (1)."""

    seat: int
    name: str
    stack: int
    bot: str
    waiting: bool
    owes: int


@register(version=2)
class PlayerLeft(NamedTuple):
    """``name`` left ``seat``, taking ``stack`` chips (the cash-out); the seat is empty.
    ``forfeits``: what the leaver paid into a carried pot is no seat's now
    (version 2: a history written before reads as forfeiting too, see the upcaster)."""

    seat: int
    name: str
    stack: int
    forfeits: bool = True


def _player_left_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Before version 2 a seat kept what its leaver had paid into a carried pot.
    That made a difference only to a newcomer who then sat down in that seat
    before the pot was won or given back (they shared the leaver's chips at
    an early end); every other leave is the same either way, so an old leave
    reads as today's engine makes it, and a history written before verifies
    and resumes (re-run, the engine's leave forfeits). A history of that one
    case no longer verifies at the pot given back: the rule changed there."""
    return {**data, "forfeits": True}


register_upcaster("PlayerLeft", 1, _player_left_v1)


@register
class PlayerAway(NamedTuple):
    """The player in ``seat`` sits out: not dealt in, keeping the stack."""

    seat: int


@register
class PlayerBack(NamedTuple):
    """The player in ``seat`` is back. With blinds missed while away: ``waiting``
    for the big blind, or ``owes`` them (2: the big blind live and the small dead)."""

    seat: int
    waiting: bool
    owes: int


@register
class SeatTakenOver(NamedTuple):
    """A computer (``strategy``) plays ``seat`` for its player from now on (the
    chips stay the player's); ``waiting`` and ``owes`` as for a player back."""

    seat: int
    strategy: str
    waiting: bool
    owes: int


@register
class SeatHandedBack(NamedTuple):
    """The computer gave ``seat`` back to its player."""

    seat: int


@register
class AddOnBought(NamedTuple):
    """The player in ``seat`` bought ``amount`` more chips between deals (an add-on)."""

    seat: int
    amount: int


@register
class RebuyDeclined(NamedTuple):
    """The broke player in ``seat``, asked at the table, did not buy again."""

    seat: int


@register
class RequestMade(NamedTuple):
    """During a deal, a request that takes effect when the deal ends: ``what``
    is join, leave, sit_out, come_back, take_over or hand_back; ``name`` the
    newcomer's name (join), ``amount`` the buy-in (join), ``bot`` the
    computer's strategy (join, take_over)."""

    seat: int
    what: str
    name: str
    amount: int
    bot: str


@register
class RequestWithdrawn(NamedTuple):
    """During a deal, the request for ``seat`` was taken back before it took
    effect: ``what`` the request's kind (as in :class:`RequestMade`), ``name``
    who had asked (the newcomer, or the player in the seat). A newcomer's new
    seat given up: the newcomers promised the new seats after it move down one
    each, so the seats stay contiguous when they sit down."""

    seat: int
    what: str
    name: str


@register
class EndAgreed(NamedTuple):
    """The table agreed to end the evening after deal (round) ``last``."""

    last: int


EVENING_EVENTS = (
    SeatsDrawn,
    DealerDrawn,
    PlayerJoined,
    PlayerLeft,
    PlayerAway,
    PlayerBack,
    SeatTakenOver,
    SeatHandedBack,
    AddOnBought,
    RebuyDeclined,
    RequestMade,
    RequestWithdrawn,
    EndAgreed,
)
#: the draw game's own events of the evening (with blinds, and a carried pot given back)
DRAW_EVENING_NAMES = frozenset({"PlayerDealtIn", "MissedBlindsPosted", "CarriedPotReturned"})
#: the names of the events after which a deal's end no longer holds everything the
#: next deal starts from (names change, seats empty, players away...): see ``verify``
SEATING_EVENT_NAMES = (
    frozenset(cls.__name__ for cls in EVENING_EVENTS if cls not in (SeatsDrawn, DealerDrawn)) | DRAW_EVENING_NAMES
)

#: the requests a deal holds until it ends, by the command that makes them
REQUESTS = {
    Join: "join",
    Leave: "leave",
    SitOut: "sit_out",
    ComeBack: "come_back",
    TakeOver: "take_over",
    HandBack: "hand_back",
}


# ---------------------------------------------------------------- the draws

_NATURAL = frozenset(DECK)


def _key(card: Card) -> tuple[int, int]:
    """A card's place in a draw: rank, then suit (spades, hearts, diamonds, clubs)."""
    return int(card.rank), int(card.suit)


def whole_deck(deck: Any) -> tuple[Card, ...]:
    """The 52 cards of a draw, each once (a refusal otherwise)."""
    try:
        cards = tuple(deck)
        ok = len(cards) == 52 and frozenset(cards) == _NATURAL
    except TypeError:
        ok = False
    if not ok:
        raise refuse(N_("a draw needs the whole 52-card deck, every card once"))
    by_value = {int(c): c for c in DECK}
    return tuple(by_value[int(c)] for c in cards)


def seat_order(names: Sequence[str], cards: Sequence[Card]) -> tuple[str, ...]:
    """The seats as drawn: the highest card first.

    >>> from drawpoker.cards import parse_cards
    >>> seat_order(("Anna", "Bjørn", "Cato"), parse_cards("7h As 7s"))
    ('Bjørn', 'Cato', 'Anna')
    """
    order = sorted(range(len(names)), key=lambda k: _key(cards[k]), reverse=True)
    return tuple(names[k] for k in order)


def dealer_draw(deck: Sequence[Card], seats: Sequence[int], ties: str) -> tuple[tuple[int, ...], tuple[Card, ...], int]:
    """Who drew which card and who deals first: each of ``seats`` draws a card
    from the top of ``deck`` in seat order; the highest rank deals. A tie is
    broken by suit (``ties == "suits"``), or the tied players draw again,
    until one is highest.

    >>> from drawpoker.cards import parse_cards
    >>> dealer_draw(parse_cards("Kh Ks 2c"), (0, 1, 2), "suits")[2]  # spades above hearts
    1
    >>> seats, cards, dealer = dealer_draw(parse_cards("Kh Ks 2c 3d 9c"), (0, 1, 2), "redraw")
    >>> seats, " ".join(map(str, cards)), dealer
    ((0, 1, 2, 0, 1), 'Kh Ks 2c 3d 9c', 1)
    """
    drawn_seats: list[int] = []
    drawn: list[Card] = []
    k = 0
    drawing = list(seats)
    while True:
        these = []
        for seat in drawing:
            card = deck[k]
            k += 1
            drawn_seats.append(seat)
            drawn.append(card)
            these.append((seat, card))
        if ties == "suits":
            seat = max(these, key=lambda sc: _key(sc[1]))[0]
            return tuple(drawn_seats), tuple(drawn), seat
        top = max(int(card.rank) for _, card in these)
        drawing = [seat for seat, card in these if int(card.rank) == top]
        if len(drawing) == 1:
            return tuple(drawn_seats), tuple(drawn), drawing[0]
        if k + len(drawing) > len(deck):  # (cannot happen: at most four of a rank tie)
            seat = max(these, key=lambda sc: _key(sc[1]))[0]
            return tuple(drawn_seats), tuple(drawn), seat


# ---------------------------------------------------------------- blinds


def blind_plan(
    button: int,
    present: Sequence[bool],
    waiting: Sequence[bool],
    owes: Sequence[int],
    evening_rules: int = EVENING_RULES,
) -> tuple[tuple[int, ...], tuple[int, ...], int | None, int | None]:
    """Where the blinds go when some players wait for the big blind or owe
    missed blinds (docs/rules.md 6.2): (the seats dealt in from now on as any other
    -- a waiting seat the big blind reached, or every such seat when fewer
    than two others could play --, the seats that post what they owe on top
    of the blinds, the small blind, the big blind); the blinds are None when
    the caller should use the usual two (heads-up, or nobody waiting or owing).

    ``present``: a player sits there with chips, not away. The button is a
    seat that plays as usual. The small blind is the first such seat left of
    the button; the big blind is the next present seat after it that plays
    as usual, waits or owes: a waiting or owing seat reached there is dealt
    in posting the big blind, owing nothing more. The big blind is never the
    button's: when only two play as usual and no one waiting or owing sits
    between the other one and the button, those two post the blinds as
    heads-up (the button the small blind), the others what they owe
    (``evening_rules`` 2; under version 1 the big blind went to the button).

    >>> blind_plan(0, [True] * 4, [False, False, False, True], [0] * 4)  # not reached yet: waits
    ((), (), 1, 2)
    >>> blind_plan(1, [True] * 4, [False, False, False, True], [0] * 4)
    ((3,), (), 2, 3)
    >>> blind_plan(0, [True] * 4, [False] * 4, [0, 2, 0, 0])
    ((), (1,), 2, 3)
    >>> blind_plan(1, [True] * 3, [False] * 3, [0, 0, 2])  # C owes beside the button: A and B as heads-up
    ((), (2,), 1, 0)
    >>> blind_plan(1, [True] * 3, [False] * 3, [0, 0, 2], evening_rules=1)  # before: the big blind on the button
    ((), (2,), 0, 1)
    """
    n = len(present)
    regular = [present[s] and not waiting[s] and not owes[s] for s in range(n)]
    if sum(regular) < 2:  # too few to wait for anything: everyone present plays as usual
        reached = tuple(s for s in clockwise_from(button, n) if present[s] and (waiting[s] or owes[s]))
        return reached, (), None, None
    order = clockwise_from(button, n)
    small = next(s for s in order if regular[s])
    after_small = clockwise_from(small, n)
    big = next(s for s in after_small if present[s] and (regular[s] or waiting[s] or owes[s]))
    if big == button and evening_rules >= 2:  # (two play as usual, the others beside the button): not on the button
        small, big = button, small
    reached = (big,) if not regular[big] else ()
    posting = tuple(s for s in order if present[s] and owes[s] and not waiting[s] and s != big)
    dealt = sum(regular) + len(reached) + len(posting)
    if dealt == 2:  # heads-up: the button posts the small blind (the usual two)
        return reached, posting, None, None
    return reached, posting, small, big


def passed_seats(button: int, big: int, n: int) -> tuple[int, ...]:
    """The seats the blinds passed this deal: clockwise after the button up to
    and including the big blind (an away player there missed them)."""
    seats = []
    for seat in clockwise_from(button, n):
        seats.append(seat)
        if seat == big:
            break
    return tuple(seats)


# ---------------------------------------------------------------- the state, shared


class Gone(NamedTuple):
    """A player who left: their name ignoring case, the rebuys and add-on chips
    they had had this session, and whether they left without chips (broke and
    out of the session, declining to buy again, or with none); and (version 3)
    the blinds they left with: still waiting for the big blind, owing blinds
    (1 the big, 2 the big and the small), or having missed them while away."""

    key: str
    rebuys: int
    added: int
    broke: bool
    waiting: bool = False
    owes: int = 0
    missed: bool = False


def gone_as(s: Any, name: str) -> Gone | None:
    """How the player called ``name`` (any case) last left this session, or None."""
    key = name.casefold()
    return next((g for g in s.gone if g.key == key), None)


def back_as_rebuy(s: Any, name: str) -> bool:
    """``name`` (any case) left the table ``s`` without chips and sits down again with a rebuy:
    the rebuy amount, counted against the house's limit (docs/rules.md 6.3; version 5 of the
    rules of the evening: before, such a player bought in as any newcomer, counted as a rebuy
    from version 2)."""
    if s.evening_rules < 5 or not s.gone:
        return False
    was = gone_as(s, name)
    return was is not None and was.broke


def joined_as_rebuy(s: Any, event: Any) -> bool:
    """``event`` (applied to ``s``, the table before it) seats a player back with a rebuy
    (:func:`back_as_rebuy`): the log says so."""
    return type(event) is PlayerJoined and back_as_rebuy(s, event.name)


class EveningFacts(Record):
    """What both games' states hold of the evening: the per-seat facts and the
    session's (their meaning in the module's docstring). Each state lists
    :data:`EVENING_SLOTS` in its ``__slots__``, :data:`EVENING_LISTS` among
    its lists and :data:`EVENING_PER_SEAT` among its per-seat facts, and
    starts them with :func:`start_evening`."""

    __slots__ = ()
    #: the evening's slots, in this order in each game's state
    EVENING_SLOTS: ClassVar[tuple[str, ...]] = (
        "away",
        "bot",
        "added",
        "waiting",
        "owes",
        "missed",
        "requests",
        "brought",
        "taken",
        "last",
        "seat_changes",
        "dealer_drawn",
        "gone",
        "evening_rules",
    )
    #: the evening's slots that hold lists (copied with the state)
    EVENING_LISTS: ClassVar[frozenset[str]] = frozenset(
        {"away", "bot", "added", "waiting", "owes", "missed", "requests"}
    )
    #: the evening's lists with a place per seat, and what an empty seat holds there
    EVENING_PER_SEAT: ClassVar[tuple[tuple[str, Any], ...]] = (
        ("away", False),
        ("bot", ""),
        ("added", 0),
        ("waiting", False),
        ("owes", 0),
        ("missed", False),
    )

    away: list[bool]  # sitting out by choice, keeping the stack
    bot: list[str]  # the strategy of a computer playing the seat ("": a person)
    added: list[int]  # chips added on this session
    waiting: list[bool]  # blinds: a newcomer (or one back) waiting for the big blind
    owes: list[int]  # blinds owed on coming back: 1 the big, 2 the big and the small
    missed: list[bool]  # blinds passed the seat while its player was away
    requests: list[Any]  # requests made during the deal (RequestMade), in order
    brought: int  # chips brought after the first seating: newcomers' buy-ins, leavers' purchases
    taken: int  # chips cashed out by players who left
    last: int | None  # the deal after which the table agreed to end
    seat_changes: bool  # anything of the evening happened (the fast paths assume not)
    dealer_drawn: bool  # the first dealer was drawn (session.first_dealer: drawn)
    gone: tuple[Gone, ...]  # the players who left this session, the last leave of each (version 2)
    evening_rules: int  # the version of the rules of the evening played (EVENING_RULES; the first event's)


def start_evening(s: Any) -> None:
    """A new state's evening: no seat yet, nothing of the evening happened
    (:func:`reset_evening` for no seats, written out: a new state is made for every table)."""
    s.away = []
    s.bot = []
    s.added = []
    s.waiting = []
    s.owes = []
    s.missed = []
    s.requests = []
    s.brought = 0
    s.taken = 0
    s.last = None
    s.seat_changes = False
    s.dealer_drawn = False
    s.gone = ()
    s.evening_rules = EVENING_RULES  # (until the players sit down: the first event says which)


@functools.cache  # a few table sizes
def seat_blanks(n: int) -> tuple[list[bool], list[str], list[int]]:
    """False, "" and 0 for each of ``n`` seats -- only ever copied (cheaper than ``[x] * n``)."""
    return [False] * n, [""] * n, [0] * n


def reset_evening(s: Any, n: int) -> None:
    """A new session's evening facts for ``n`` seats."""
    falses, nobody, zeros = seat_blanks(n)
    s.away = falses.copy()
    s.bot = nobody.copy()
    s.added = zeros.copy()
    s.waiting = falses.copy()
    s.owes = zeros.copy()
    s.missed = falses.copy()
    s.requests = []
    s.brought = 0
    s.taken = 0
    s.last = None
    s.seat_changes = False
    s.gone = ()


def empty(s: Any, seat: int) -> bool:
    """Nobody sits in ``seat``."""
    return not s.names[seat]


def occupied(s: Any) -> int:
    """How many seats have a player."""
    return sum(1 for name in s.names if name)


def present(s: Any, seat: int, least: int = 1) -> bool:
    """A player sits in ``seat`` with at least ``least`` chips, not away and not out."""
    return bool(s.names[seat]) and not s.out[seat] and not s.away[seat] and s.stacks[seat] >= least


def _grow(s: Any) -> None:
    """A new seat at the end of the table (its facts as an empty seat's)."""
    s.names = (*s.names, "")
    for name, blank in s.PER_SEAT:
        getattr(s, name).append(blank)


def _settled(s: Any, seat: int) -> None:
    """A change took effect in ``seat``: a request for it made during the deal is done."""
    if s.requests:
        s.requests = [r for r in s.requests if r.seat != seat]


def joined(s: Any, e: PlayerJoined) -> None:
    """The reducer of :class:`PlayerJoined` (both games). A player coming back
    keeps the rebuys and add-ons they had; coming back after leaving without
    chips is one more rebuy (docs/rules.md 6.3; version 2 of the rules of the
    evening: under version 1 nobody who left is remembered, see :func:`left`)."""
    _settled(s, e.seat)
    seat = e.seat
    if seat == len(s.names):
        _grow(s)
    s.names = (*s.names[:seat], e.name, *s.names[seat + 1 :])
    s.stacks[seat] = e.stack
    was = gone_as(s, e.name) if s.gone else None
    if was is None:
        s.rebuys[seat] = 0
        s.added[seat] = 0
    else:
        s.rebuys[seat] = was.rebuys + (1 if was.broke else 0)
        s.added[seat] = was.added
        s.gone = tuple(g for g in s.gone if g is not was)
    s.rebought[seat] = 0
    s.out[seat] = False
    s.away[seat] = False
    s.bot[seat] = e.bot
    s.waiting[seat] = e.waiting
    s.owes[seat] = e.owes
    s.missed[seat] = False
    s.brought += e.stack
    s.seat_changes = True


def left(s: Any, e: PlayerLeft) -> None:
    """The reducer of :class:`PlayerLeft` (both games): the seat is empty (and out);
    the player is remembered (see :class:`Gone`; from version 2 of the rules of
    the evening: before, nobody was, and a player coming back started afresh),
    with the blinds they owed or waited for from version 3."""
    _settled(s, e.seat)
    seat = e.seat
    if s.evening_rules >= 2:
        key = e.name.casefold()
        broke = bool(s.out[seat]) or e.stack == 0
        was = Gone(key, s.rebuys[seat], s.added[seat], broke)
        if s.evening_rules >= 3 and (s.waiting[seat] or s.owes[seat] or s.missed[seat]):
            was = was._replace(waiting=bool(s.waiting[seat]), owes=int(s.owes[seat]), missed=bool(s.missed[seat]))
        s.gone = (*(g for g in s.gone if g.key != key), was)
    s.taken += s.stacks[seat]
    s.brought += s.rebought[seat]
    s.stacks[seat] = 0
    if e.forfeits and hasattr(s, "carried_by"):  # (draw games) what the leaver paid into a carried pot is no seat's:
        s.carried_by[seat] = 0  # an early end shares it among those who paid (docs/rules.md 6.5), not a newcomer
    s.rebuys[seat] = 0
    s.rebought[seat] = 0
    s.names = (*s.names[:seat], "", *s.names[seat + 1 :])
    s.out[seat] = True
    s.away[seat] = False
    s.bot[seat] = ""
    s.added[seat] = 0
    s.waiting[seat] = False
    s.owes[seat] = 0
    s.missed[seat] = False
    s.seat_changes = True


def away(s: Any, e: PlayerAway) -> None:
    _settled(s, e.seat)
    s.away[e.seat] = True
    s.seat_changes = True


def _present_again(s: Any, seat: int, waiting: bool, owes: int) -> None:
    """The seat's player (or a computer for them) takes part again: no longer
    away, waiting for the big blind or owing blinds as the event says."""
    s.away[seat] = False
    s.waiting[seat] = waiting
    s.owes[seat] = owes
    s.missed[seat] = False
    s.seat_changes = True


def back(s: Any, e: PlayerBack) -> None:
    _settled(s, e.seat)
    _present_again(s, e.seat, e.waiting, e.owes)


def taken_over(s: Any, e: SeatTakenOver) -> None:
    _settled(s, e.seat)
    s.bot[e.seat] = e.strategy
    _present_again(s, e.seat, e.waiting, e.owes)


def handed_back(s: Any, e: SeatHandedBack) -> None:
    _settled(s, e.seat)
    s.bot[e.seat] = ""
    s.seat_changes = True


def added_on(s: Any, e: AddOnBought) -> None:
    s.stacks[e.seat] += e.amount
    s.rebought[e.seat] += e.amount
    s.added[e.seat] += e.amount
    s.seat_changes = True


def declined(s: Any, e: RebuyDeclined) -> None:
    if s.evening_rules >= 2:  # (version 2: the leave that follows is remembered as without chips)
        s.out[e.seat] = True  # out of the session: the PlayerLeft that follows empties the seat
    s.seat_changes = True


def requested(s: Any, e: RequestMade) -> None:
    s.requests.append(e)
    s.seat_changes = True


def withdrawn(s: Any, e: RequestWithdrawn) -> None:
    """The request for the seat is gone; a newcomer's new seat given up, the
    newcomers promised the new seats after it take one seat lower each."""
    kept = [r for r in s.requests if r.seat != e.seat]
    if e.what == "join" and e.seat >= len(s.names):
        kept = [r._replace(seat=r.seat - 1) if r.what == "join" and r.seat > e.seat else r for r in kept]
    s.requests = kept
    s.seat_changes = True


def end_agreed(s: Any, e: EndAgreed) -> None:
    s.last = e.last
    s.seat_changes = True


def seats_drawn(s: Any, e: SeatsDrawn) -> None:
    """The drawn order is the table's before anyone sits down (the seating must follow it)."""
    s.names = seat_order(e.names, e.cards)


#: event class -> its reducer, for both games (DealerDrawn is each game's own)
SHARED_HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    PlayerJoined: joined,
    PlayerLeft: left,
    PlayerAway: away,
    PlayerBack: back,
    SeatTakenOver: taken_over,
    SeatHandedBack: handed_back,
    AddOnBought: added_on,
    RebuyDeclined: declined,
    RequestMade: requested,
    RequestWithdrawn: withdrawn,
    EndAgreed: end_agreed,
    SeatsDrawn: seats_drawn,
}


def _deck_from(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A whole deck that begins with ``cards`` (a draw uses only its top cards,
    so any order of the rest draws the same)."""
    top = tuple(cards)
    taken = set(top)
    return top + tuple(c for c in DECK if c not in taken)


def command_of(event: Any) -> Any | None:
    """The evening command a recorded event came from, or None."""
    kind = type(event)
    if kind is SeatsDrawn:
        return DrawSeats(event.names, _deck_from(event.cards))
    if kind is DealerDrawn:
        return DrawDealer(_deck_from(event.cards))
    if kind is PlayerJoined:
        return Join(event.seat, event.name, event.stack, event.bot)
    if kind is PlayerLeft:
        return Leave(event.seat)
    if kind is PlayerAway:
        return SitOut(event.seat)
    if kind is PlayerBack:
        return ComeBack(event.seat)
    if kind is SeatTakenOver:
        return TakeOver(event.seat, event.strategy)
    if kind is SeatHandedBack:
        return HandBack(event.seat)
    if kind is AddOnBought:
        return AddOn(event.seat, event.amount)
    if kind is RebuyDeclined:
        return Decline(event.seat)
    if kind is EndAgreed:
        return EndEvening(event.last)
    if kind is RequestMade:
        return _REQUEST_COMMAND[event.what](event)
    if kind is RequestWithdrawn:
        return Withdraw(event.seat)
    return None


_REQUEST_COMMAND: dict[str, Callable[[RequestMade], Any]] = {
    "join": lambda e: Join(e.seat, e.name, e.amount, e.bot),
    "leave": lambda e: Leave(e.seat),
    "sit_out": lambda e: SitOut(e.seat),
    "come_back": lambda e: ComeBack(e.seat),
    "take_over": lambda e: TakeOver(e.seat, e.bot),
    "hand_back": lambda e: HandBack(e.seat),
}
