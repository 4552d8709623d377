"""Mørkpoker's state: everything the table knows, rebuilt by applying events.

The state is a plain mutable record owned by whoever holds it; only the
reducer (:mod:`.reducer`) changes it, and :meth:`DrawState.copy` gives an
independent snapshot.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from operator import le
from typing import Any, NamedTuple

from drawpoker.cards import Card
from drawpoker.engine.pots import Pot, build_pots
from drawpoker.games.evening import EveningFacts, start_evening


@functools.cache  # a few table sizes
def blanks(n: int) -> tuple[list[Any], list[bool], list[int], list[tuple[Card, ...]], list[bool]]:
    """Per seat of an ``n``-seat table: None, False, 0, no cards and True -- only ever copied
    (a copy is about half the cost of ``[x] * n``)."""
    return [None] * n, [False] * n, [0] * n, [()] * n, [True] * n


class Act(NamedTuple):
    """One public act of the deal: ``round`` (a betting round, or the
    exchange's number for a draw), the ``seat``, the ``act`` (``small_blind``,
    ``big_blind``, ``check``, ``bet``, ``call``, ``raise``, ``fold``,
    ``draw``) and ``chips`` (a blind's or a call's chips, a bet's or raise's
    total this round, a draw's number of cards)."""

    round: int
    seat: int
    act: str
    chips: int


# Phases
NO_SESSION = "no_session"
BETWEEN_DEALS = "between_deals"
BETTING = "betting"
EXCHANGE = "exchange"
SHOWDOWN = "showdown"
SESSION_OVER = "session_over"


class DrawState(EveningFacts):
    """The table: session-wide facts, then the current deal's."""

    LIST_FIELDS = (
        frozenset(
            {
                "stacks",
                "rebuys",
                "rebought",
                "out",
                "hands",
                "in_deal",
                "folded",
                "committed",
                "dead",
                "bets",
                "acted",
                "checked",
                "blind",
                "exchanged",
                "discards",
                "stock",
                "shown",
                "mucked",
                "order",
                "dealt",
                "apart",
                "carried_by",
                "actions",
                "thrown",
            }
        )
        | EveningFacts.EVENING_LISTS
    )
    #: bookkeeping, not game facts: the version counts events; the evening's fast-path flag; whether the
    #: first dealer was drawn (asked only before the first deal); who paid into a carried pot (what an early
    #: end gives back: a deal's end does not hold it, so a table rebuilt from one does not know it)
    NOT_COMPARED = frozenset({"version", "seat_changes", "dealer_drawn", "carried_by"})
    #: every list with a place per seat, and what an empty seat holds there (a joining seat appends it)
    PER_SEAT: tuple[tuple[str, Any], ...] = (
        ("stacks", 0),
        ("rebuys", 0),
        ("rebought", 0),
        ("out", True),
        ("hands", ()),
        ("in_deal", False),
        ("folded", False),
        ("committed", 0),
        ("dead", 0),
        ("bets", 0),
        ("acted", None),
        ("checked", False),
        ("blind", None),
        ("exchanged", None),
        ("shown", None),
        ("mucked", False),
        ("dealt", ()),
        *EveningFacts.EVENING_PER_SEAT,
        ("carried_by", 0),
        ("thrown", ()),
    )

    __slots__ = (
        # session
        "names",
        "stacks",
        "rebuys",
        "rebought",
        "out",
        "button",
        "deal",
        "carried",
        "phase",
        "session_end",
        "version",
        "game",
        "game_chosen",
        "to_open",
        "same_dealer",
        # the evening: seats changing, players away, computers taking over, the agreed end
        *EveningFacts.EVENING_SLOTS,
        "carried_by",
        # deal
        "dealt_to",
        "deck",
        "reshuffle_seed",
        "stock",
        "hands",
        "in_deal",
        "folded",
        "active",
        "committed",
        "dead",
        "blind",
        # betting round
        "round",
        "step",
        "bets",
        "level",
        "full_level",
        "raise_size",
        "raises",
        "headsup_at",
        "acted",
        "checked",
        "to_act",
        "opener",
        "aggressor",
        "last_actor",
        # exchange and showdown
        "exchanged",
        "discards",
        "order",
        "order_pos",
        "shown",
        "mucked",
        "paid_out",
        "deal_over",
        # openers
        "dealt",
        "apart",
        "proof",
        "passed_out",
        "proven",
        "show_order",
        # what every seat has seen done this deal, and what each seat threw
        "actions",
        "thrown",
    )

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self.stacks: list[int] = []
        self.rebuys: list[int] = []  # rebuys taken this session
        self.rebought: list[int] = []  # chips taken in rebuys this session
        self.out: list[bool] = []  # sitting out for the rest of the session
        self.button = 0
        self.deal = 0  # deals started
        self.carried = 0  # a checked-through pot waiting for the next deal
        self.phase = NO_SESSION
        self.session_end: str | None = None
        self.version = 0  # counts applied events; lets the menu be cached between events
        self.game = ""  # dealer's choice: the game of this deal (or the last), by name
        self.game_chosen = False  # dealer's choice: the next deal's game is chosen
        self.to_open = 0  # the progressive requirement to open (a rank); 0: as the rules fix it
        self.same_dealer = False  # the next deal is dealt by the same dealer (a passed-out deal)
        start_evening(self)  # the evening's facts (drawpoker.games.evening)
        self.carried_by: list[int] = []  # what each seat's player paid into the carried pot
        # The deal's facts as reset_deal leaves them at a table of no seats, written out (a new
        # state is made for every table: an empty list is made cheapest as a literal; the tests
        # compare the two).
        self.dealt_to: tuple[str, ...] = ()
        self.deck: tuple[Card, ...] = ()
        self.reshuffle_seed = 0
        self.stock: list[Card] = []
        self.hands: list[tuple[Card, ...]] = []
        self.in_deal: list[bool] = []
        self.folded: list[bool] = []
        self.active: tuple[int, ...] = ()
        self.committed: list[int] = []
        self.dead: list[int] = []
        self.blind: list[str | None] = []
        self.round = 0
        self.step = 0
        self.bets: list[int] = []
        self.level = 0
        self.full_level = 0
        self.raise_size = 0
        self.raises = 0
        self.headsup_at: int | None = None
        self.acted: list[int | None] = []
        self.checked: list[bool] = []
        self.to_act: int | None = None
        self.opener: int | None = None
        self.aggressor: int | None = None
        self.last_actor: int | None = None
        self.exchanged: list[int | None] = []
        self.discards: list[Card] = []
        self.order: list[int] = []
        self.order_pos = 0
        self.shown: list[tuple[Card, ...] | None] = []
        self.mucked: list[bool] = []
        self.paid_out = 0
        self.deal_over = False
        self.dealt: list[tuple[Card, ...]] = []
        self.apart: list[Card] = []
        self.proof: tuple[Card, ...] = ()
        self.passed_out = False
        self.proven = True
        self.show_order = "last_aggressor"
        self.actions: list[Act] = []
        self.thrown: list[tuple[Card, ...]] = []

    def gathered(self) -> DrawState:
        """A copy of the table between deals as the players see it before the
        next deal is dealt: the last deal's cards gathered, its bets cleared
        (what its start resets; replay shows the comings and goings so)."""
        table = self.copy()
        table.reset_deal()
        return table

    def reset_deal(self) -> None:
        """The deal's facts as a deal starts: nothing dealt, bet or shown yet (the reducer's and the
        decider's start and end of a deal)."""
        # Fresh lists copied from blank ones of the table's size (cheaper than [x] * n).
        nones, falses, zeros, empties, _ = blanks(len(self.names))
        # the players the deal was dealt to: the seats' names as it began. A seat's private cards
        # (hands, dealt, thrown, apart) are its player's only while the seat's name is still this one:
        # a newcomer sitting down between deals where one who left sat sees none of them (the seat's view)
        self.dealt_to = ()
        self.deck = ()
        self.reshuffle_seed = 0
        self.stock = []
        self.hands = empties.copy()
        self.in_deal = falses.copy()
        self.folded = falses.copy()
        # The seats that can still bet this deal (in it, not folded, chips
        # behind), in seat order; kept by the reducer, empty from the award on.
        self.active = ()
        self.committed = zeros.copy()  # antes and bets this deal
        # dead blinds posted this deal (counted in committed too): they go to the main pot, as a
        # carried pot does (version 3 of the rules of the evening; before, they counted as a bet)
        self.dead = zeros.copy()
        self.blind = nones.copy()  # the blind each seat posted this deal: small, big
        self.round = 0
        self.step = 0
        self.bets = zeros.copy()
        self.level = 0  # the highest bet this round
        self.full_level = 0  # the level of the last full bet or raise
        self.raise_size = 0  # the largest full bet or raise this round, by how much it raised (pot and no limit)
        self.raises = 0  # raises counted toward the cap this round
        self.headsup_at = None  # raises made when the round became heads-up
        self.acted = nones.copy()  # the bet level when the seat last acted
        self.checked = falses.copy()  # checked this round (for a house without check-raise)
        self.to_act = None
        self.opener = None  # first to bet in round 1
        self.aggressor = None  # last to bet or raise this round
        self.last_actor = None
        self.exchanged = nones.copy()  # public exchange counts
        self.discards = []
        self.order = []  # exchange or showdown order
        self.order_pos = 0
        self.shown = nones.copy()
        self.mucked = falses.copy()
        self.paid_out = 0  # chips already paid from this deal's pots
        self.deal_over = False
        self.dealt = empties.copy()  # the hands as dealt
        self.apart = []  # opening cards a split opener threw, kept apart
        self.proof = ()  # the openers shown at the end of the deal
        self.passed_out = False  # nobody opened: no exchange, the pot carries
        self.proven = True  # openers are proven (False: a deal recorded before proofs existed)
        self.show_order = "last_aggressor"  # the showdown's order (showdown.order; see DealStarted)
        #: the deal's public acts in order, as (round, seat, act, chips): a blind ("small_blind",
        #: "big_blind": its chips), "check", "bet" and "raise" (the total bet to), "call" (the
        #: chips put in), "fold"; in an exchange (round: its number) "draw" (how many cards)
        self.actions = []
        self.thrown = empties.copy()  # the cards each seat threw this deal (private)

    # ---- questions the rules and the client ask

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.names)

    def live(self, seat: int) -> bool:
        """In the current deal and not folded."""
        return self.in_deal[seat] and not self.folded[seat]

    def all_in(self, seat: int) -> bool:
        """Still in the deal with no chips left behind."""
        return self.in_deal[seat] and not self.folded[seat] and self.stacks[seat] == 0

    def out_of_pots(self) -> list[bool]:
        """For each seat: folded, or not dealt in (cannot win a pot)."""
        return list(map(le, self.in_deal, self.folded))  # not in (False <= either) or folded (True <= True)

    def pots(self, less: Sequence[int] | None = None) -> list[Pot]:
        """The deal's pots, main pot first, from what each seat put in (less
        ``less``, each seat's: a betting round's bets kept apart), with any
        carried pot and the dead blinds posted in the main pot."""
        committed = self.committed if less is None else [c - b for c, b in zip(self.committed, less, strict=False)]
        if not any(self.dead):
            return build_pots(committed, self.out_of_pots(), self.carried)
        live = [c - d for c, d in zip(committed, self.dead, strict=False)]
        return build_pots(live, self.out_of_pots(), self.carried + sum(self.dead))

    def pot_total(self) -> int:
        """All chips in the middle: antes, bets and any carried pot, less what was paid out."""
        return sum(self.committed) + self.carried - self.paid_out
