"""Three Card Poker's state: everything the table knows, rebuilt by applying events.

The state is a plain mutable record owned by whoever holds it; only the
reducer (:mod:`.reducer`) changes it, and :meth:`TcpState.copy` gives an
independent snapshot.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from drawpoker.cards import Card
from drawpoker.games.evening import EveningFacts, start_evening

__all__ = [
    "Box",
    "TcpState",
    "NO_SESSION",
    "BETWEEN_DEALS",
    "BETTING",
    "DECIDING",
    "SETTLING",
    "SESSION_OVER",
    "BET_NAMES",
]

# Phases
NO_SESSION = "no_session"
BETWEEN_DEALS = "between_deals"
BETTING = "betting"
DECIDING = "deciding"
SETTLING = "settling"
SESSION_OVER = "session_over"

#: The bets of a box in the order of :attr:`Box.result`.
BET_NAMES = ("ante", "play", "ante_bonus", "pair_plus", "prime", "six_card")


class Box(NamedTuple):
    """One box (hand) of the round: its owner, bets, cards and outcome.

    ``result`` is set when the box is settled: the net of each bet in the
    order of :data:`BET_NAMES` (won positive, lost negative, 0 push).
    """

    seat: int
    ante: int
    pair_plus: int
    prime: int
    six_card: int
    cards: tuple[Card, ...] = ()
    play: int = 0
    folded: bool = False
    result: tuple[int, ...] | None = None
    paid: int = 0
    unpaid: int = 0

    @property
    def decided(self) -> bool:
        """The owner has played or folded."""
        return self.play > 0 or self.folded

    @property
    def needs_decision(self) -> bool:
        """A box with an ante waits for play or fold (Pair Plus alone does not)."""
        return self.ante > 0 and not self.decided

    @property
    def stake(self) -> int:
        """Every chip the owner put on this box."""
        return self.ante + self.pair_plus + self.prime + self.six_card + self.play

    @property
    def on_table(self) -> int:
        """Chips still on the table: the stake until the box is settled."""
        return 0 if self.result is not None else self.stake

    @property
    def owed(self) -> int:
        """The winnings the bank owes this box once settled."""
        return 0 if self.result is None else sum(r for r in self.result if r > 0)


def box_shown(box: Box, rules: Any) -> bool:
    """Whether the table has seen a box's cards: after it was settled, when
    it played or a side bet was settled on its cards (a folded box whose
    Pair Plus is forfeited is not turned over). The one rule the screen,
    replay and export follow: what a box does not show stays hidden."""
    if box.result is None or not box.cards:
        return False
    if box.play > 0 or box.prime or box.six_card:
        return True
    return bool(box.pair_plus) and not (box.folded and rules.pair_plus.after_fold == "forfeited")


class TcpState(EveningFacts):
    """The table: session-wide facts, then the current round's."""

    LIST_FIELDS = (
        frozenset(
            {
                "stacks",
                "rebuys",
                "rebought",
                "out",
                "dealt",
                "bettors",
                "boxes",
            }
        )
        | EveningFacts.EVENING_LISTS
    )
    NOT_COMPARED = frozenset({"seat_changes"})
    #: every list with a place per seat, and what an empty seat holds there (a joining seat appends it)
    PER_SEAT: tuple[tuple[str, object], ...] = (
        ("stacks", 0),
        ("rebuys", 0),
        ("rebought", 0),
        ("out", True),
        ("dealt", 0),
        *EveningFacts.EVENING_PER_SEAT,
    )

    __slots__ = (
        # session
        "names",
        "stacks",
        "starting",
        "rebuys",
        "rebought",
        "out",
        "rotating",
        "dealer",
        "house_bank",
        "bank_net",
        "round",
        "dealt",
        "streak",
        "phase",
        "session_end",
        # the evening: seats changing, players away, computers taking over, the agreed end
        *EveningFacts.EVENING_SLOTS,
        # round
        "dealt_to",
        "deck",
        "reshuffle_seed",
        "bettors",
        "bet_pos",
        "to_act",
        "boxes",
        "box_to_act",
        "dealer_cards",
        "qualifies",
        "round_bank_net",
    )

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self.stacks: list[int] = []
        self.starting: tuple[int, ...] = ()  # stacks at the start of the session
        self.rebuys: list[int] = []  # rebuys taken
        self.rebought: list[int] = []  # chips taken in rebuys
        self.out: list[bool] = []  # sitting out the rest of the session
        self.rotating = False  # the dealer's stack is the bank
        self.dealer: int | None = None  # the dealing seat (None: the house)
        self.house_bank: int | None = None  # the house bank's chips (None: unlimited)
        self.bank_net = 0  # what the bank has won this session
        self.round = 0  # rounds started
        self.dealt: list[int] = []  # rounds each seat has dealt
        self.streak = 0  # rounds in a row the current dealer has dealt
        self.phase = NO_SESSION
        self.session_end: str | None = None
        start_evening(self)  # the evening's facts (drawpoker.games.evening)
        self.reset_round()

    def gathered(self) -> TcpState:
        """A copy of the table between rounds as the players see it before the
        next round is dealt: the last round's cards gathered, its bets cleared
        (what its start resets; replay shows the comings and goings so)."""
        table = self.copy()
        table.reset_round()
        return table

    def reset_round(self) -> None:
        """The round's facts as a round starts: nothing dealt or bet yet."""
        # the players the round was dealt to: the seats' names as it began. A box's cards are its
        # seat's player's only while the seat's name is still this one (see the seat's view)
        self.dealt_to: tuple[str, ...] = ()
        self.deck: tuple[Card, ...] = ()
        self.reshuffle_seed = 0
        self.bettors: list[int] = []  # who bets this round, in order
        self.bet_pos = 0
        self.to_act: int | None = None
        self.boxes: list[Box] = []
        self.box_to_act: int | None = None
        self.dealer_cards: tuple[Card, ...] = ()  # empty until the dealer reveals
        self.qualifies: bool | None = None
        self.round_bank_net = 0

    # ---- questions the rules and the client ask

    @property
    def seats(self) -> int:
        """Number of seats at the table (participants, the rotating dealer included)."""
        return len(self.names)

    @property
    def bank(self) -> int | None:
        """The bank's chips: the rotating dealer's stack, the house bank's, or None (unlimited)."""
        if self.rotating:
            return None if self.dealer is None else self.stacks[self.dealer]
        return self.house_bank

    @property
    def on_table(self) -> int:
        """Chips bet and not yet settled."""
        return sum(box.on_table for box in self.boxes)

    def boxes_of(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s boxes this round."""
        return [i for i, box in enumerate(self.boxes) if box.seat == seat]

    def out_this_round(self, seat: int) -> bool:
        """Whether ``seat`` is out this round: its turn to bet came and it
        placed no bet (it sat the round out), while the round is on. The one
        answer the laptop's table and the seat's view (bots, phones) give."""
        if self.phase == BETWEEN_DEALS or seat not in self.bettors[: self.bet_pos]:
            return False
        return not any(box.seat == seat for box in self.boxes)
