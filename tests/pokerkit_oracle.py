"""pokerkit as an oracle: random complete deals of its own lowball draw games,
recorded so drawpoker can play the same deal.

pokerkit (a test dependency only) plays :data:`VARIANTS` with its own game
classes and its own legal amounts; random legal actions include folds,
every size of bet and raise, all-ins, standing pat and discards. Each deal
is recorded in a neutral form (:class:`OracleDeal`): seats, stacks, forced
bets, the deck as drawpoker must stack it to deal the same cards, the
actions with amounts, and pokerkit's finishing stacks. :func:`settle_yaml`
writes a deal in ``drawpoker settle``'s format (issue 12's amounts).

The seats. pokerkit's player 0 sits left of the button and its last player
is the button (heads-up: player 0 is the big blind, the button posts the
small blind and acts first before the draw). drawpoker's seats are clockwise
with a button anywhere: pokerkit player ``i`` is drawpoker seat
``(button + 1 + i) % n`` (:func:`seat_of`).

The cards. Both deal five cards one at a time from the button's left. On a
draw pokerkit takes everyone's discards first (in seat order), burns one
card, then deals the replacements in the same order; drawpoker burns
nothing and exchanges player by player in that same order, each taking the
next cards of the stock. So drawpoker's deck is the five-card deal, then
every replacement in the order pokerkit dealt them (burns left out), then
the rest (:attr:`OracleDeal.deck`, made by drawpoker's own ``stacked_deck``).

Where docs/rules.md (section 7) and pokerkit differ, a deal carries a flag
(:data:`FLAGS`) so a differential test can leave it out or expect the
documented difference.
"""

from __future__ import annotations

import random
import warnings
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pokerkit import (
    Automation,
    BettingStructure,
    BlindOrStraddlePosting,
    ChipsPushing,
    Deck,
    FixedLimitDeuceToSevenLowballTripleDraw,
    NoLimitDeuceToSevenLowballSingleDraw,
    Opening,
    StandardHighHand,
    StandardLowHand,
    State,
    Street,
)
from pokerkit import (
    Card as PkCard,
)

from drawpoker.cards import Card, format_cards, parse_cards
from drawpoker.games.draw.stacking import stacked_deck

__all__ = [
    "VARIANTS",
    "FLAGS",
    "Setup",
    "Act",
    "OracleDeal",
    "Policy",
    "seat_of",
    "random_setup",
    "play_deal",
    "random_deals",
    "settle_yaml",
    "ruleset_yaml",
    "fresh_stock",
    "odd_chips_split",
    "setup_step",
    "RULESETS",
    "HIGH_VARIANTS",
    "RANKING",
]

#: pokerkit games played: its two PHH lowball draw games, and a pot-limit
#: single draw built as a pokerkit ``State`` (no PHH code) for pot limit.
VARIANTS = ("N2L1D", "F2L3D", "P2L1D")
#: high-hand single draw in each structure, built as pokerkit ``State``\ s
#: (``StandardHighHand``): the betting, the draw and the pots of issue 12
#: with the showdown drawpoker has always played (named like drawpoker's
#: own non-standard PHH codes)
HIGH_VARIANTS = ("NH1D", "PH1D", "FH1D")
STRUCTURE = {
    "N2L1D": "no_limit",
    "F2L3D": "fixed_limit",
    "P2L1D": "pot_limit",
    "NH1D": "no_limit",
    "PH1D": "pot_limit",
    "FH1D": "fixed_limit",
}
EXCHANGES = {"N2L1D": 1, "F2L3D": 3, "P2L1D": 1, "NH1D": 1, "PH1D": 1, "FH1D": 1}
RANKING = {"N2L1D": "deuce_to_seven", "F2L3D": "deuce_to_seven", "P2L1D": "deuce_to_seven"}  # else high

#: the rules where docs/rules.md 4.5 and pokerkit differ, as deal flags
FLAGS = {
    "short_big_blind": "the big blind was posted short: pokerkit lets the others call only what was posted; "
    "docs/rules.md keeps the bet at the full big blind",
    "odd_chips": "a pot split with two or more odd chips: pokerkit gives them all to one winner; docs/rules.md one each, "
    "clockwise from the button",
    "stock_ran_out": "the stock ran out: pokerkit reshuffles every discard, the drawing player's own included, and "
    "its burns; drawpoker never the player's own discards (and deals other cards)",
    "fixed_limit_short_all_in": "a fixed-limit all-in bet or raise short of a full step: pokerkit never reopens the "
    "betting and raises a step above it; docs/rules.md reopens at half a step and raises a step above the last full bet",
    "short_all_in_then_raise": "in pot or no limit a player who had acted raised after an all-in short of a full "
    "bet or raise: pokerkit takes the largest raise so far (before the draw not counting the big blind) as the "
    "full raise, so any all-in raise over the blind reopens; docs/rules.md reopens only for a full bet or raise",
}

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
NAMES = ("Anna", "Bjørn", "Cato", "Dina", "Eirik", "Frida")


def seat_of(player: int, button: int, players: int) -> int:
    """drawpoker's seat of pokerkit's player ``player`` (0 is left of the button)."""
    return (button + 1 + player) % players


def to_card(card: PkCard) -> Card:
    """A pokerkit card as drawpoker's."""
    (out,) = parse_cards(repr(card))
    return out


@dataclass(frozen=True)
class Setup:
    """What a deal is played under. ``stacks`` in pokerkit's order (player 0
    left of the button). ``small_bet`` is the smallest bet in pot and no
    limit (the big blind); ``big_bet`` the fixed-limit bet of the last two
    rounds."""

    variant: str
    stacks: tuple[int, ...]
    ante: int
    blinds: tuple[int, int]
    small_bet: int
    big_bet: int

    @property
    def structure(self) -> str:
        """fixed_limit, pot_limit or no_limit."""
        return STRUCTURE[self.variant]

    @property
    def players(self) -> int:
        """How many are dealt in."""
        return len(self.stacks)

    def create_state(self) -> State:
        """pokerkit's state, its forced bets posted, nothing dealt."""
        n = len(self.stacks)
        if self.variant == "N2L1D":
            return NoLimitDeuceToSevenLowballSingleDraw.create_state(
                AUTOMATIONS, True, self.ante, self.blinds, self.small_bet, self.stacks, n
            )
        if self.variant == "F2L3D":
            return FixedLimitDeuceToSevenLowballTripleDraw.create_state(
                AUTOMATIONS, True, self.ante, self.blinds, self.small_bet, self.big_bet, self.stacks, n
            )
        fixed = self.structure == "fixed_limit"
        cap = 4 if fixed else None
        streets = (
            Street(False, (False,) * 5, 0, False, Opening.POSITION, self.small_bet, cap),
            Street(True, (), 0, True, Opening.POSITION, self.big_bet if fixed else self.small_bet, cap),
        )
        return State(
            AUTOMATIONS,
            Deck.STANDARD,
            (StandardLowHand,) if self.variant == "P2L1D" else (StandardHighHand,),
            streets,
            {
                "pot_limit": BettingStructure.POT_LIMIT,
                "no_limit": BettingStructure.NO_LIMIT,
                "fixed_limit": BettingStructure.FIXED_LIMIT,
            }[self.structure],
            True,
            self.ante,
            self.blinds,
            0,
            self.stacks,
            n,
        )


def random_setup(variant: str, rng: random.Random, players: int | None = None) -> Setup:
    """Stacks from one chip to deep, blinds 1/2 or 5/10, sometimes an ante:
    short stacks make all-ins, short blinds and side pots."""
    n = players if players is not None else rng.randint(2, 6)
    small, big = rng.choice(((1, 2), (5, 10)))
    ante = rng.choice((0, 0, 0, 1))
    stacks = tuple(
        rng.choice((rng.randint(1, 3 * big), rng.randint(10 * big, 60 * big), rng.randint(20 * big, 40 * big)))
        for _ in range(n)
    )
    return Setup(variant, stacks, ante, (small, big), big, 2 * big)


@dataclass(frozen=True)
class Act:
    """One decision, in drawpoker's seats. ``word``: check, call, fold, bet,
    raise, all in (bets, raises and all-ins with ``to``, the player's total
    this round), stand pat or exchange (``cards`` thrown). ``street``: the
    betting round (1...) or, for an exchange, the number of the draw."""

    seat: int
    word: str
    to: int | None = None
    cards: tuple[Card, ...] = ()
    street: int = 1
    drawn: tuple[Card, ...] = ()  # an exchange's replacements, as pokerkit dealt them after the burn
    idle: bool = False  # a check pokerkit asks for that can change nothing; drawpoker asks nobody then

    def words(self) -> str:
        """As issue 12's settle format writes it: ``bet 5``, ``raise to 15``."""
        if self.word == "bet":
            return f"bet {self.to}"
        if self.word == "raise":
            return f"raise to {self.to}"
        if self.word == "exchange":
            return "exchange " + format_cards(self.cards)
        return self.word


@dataclass(frozen=True)
class OracleDeal:
    """A deal pokerkit played, as drawpoker needs it. Everything per seat is
    in drawpoker's seat order."""

    setup: Setup
    names: tuple[str, ...]
    button: int
    stacks: tuple[int, ...]  # before the forced bets
    hands: tuple[tuple[Card, ...], ...]  # the five cards dealt
    stock: tuple[Card, ...]  # the replacements, in the order the exchanges take them
    burns: tuple[Card, ...]  # what pokerkit burnt (drawpoker burns nothing)
    deck: tuple[Card, ...]  # the 52 cards as drawpoker deals them
    actions: tuple[Act, ...]
    finishing_stacks: tuple[int, ...]
    final_hands: tuple[tuple[Card, ...], ...]  # after the last exchange each seat took part in
    flags: frozenset[str]
    pokerkit_log: tuple[str, ...] = field(default=(), repr=False)  # pokerkit's operations, for debugging

    @property
    def variant(self) -> str:
        """pokerkit's game (a PHH code, or P2L1D)."""
        return self.setup.variant

    def exchanges(self, draw: int) -> list[Act]:
        """The exchange decisions of draw ``draw`` (1...), in order."""
        return [a for a in self.actions if a.word in ("exchange", "stand pat") and a.street == draw]


@dataclass
class Policy:
    """Random legal decisions: facing a bet fold ``fold``, bet or raise
    ``aggression`` when allowed (to the minimum, the maximum -- in no limit
    all in --, half way, a pot-sized amount or anything between), otherwise
    check or call; on a draw throw 0-5 cards, fewer more often."""

    fold: float = 0.2
    aggression: float = 0.3
    discard_weights: tuple[int, ...] = (4, 3, 3, 2, 1, 1)

    def discards(self, rng: random.Random, hand: Sequence[PkCard]) -> list[PkCard]:
        """The cards to throw."""
        k = rng.choices(range(len(self.discard_weights)), self.discard_weights)[0]
        return rng.sample(list(hand), k)

    def amount(self, rng: random.Random, state: State, low: int, high: int) -> int:
        """A bet or raise total between the legal ``low`` and ``high``."""
        pot = state.pot_completion_betting_or_raising_to_amount or low
        return rng.choice((low, high, high, (low + high) // 2, max(low, min(high, pot)), rng.randint(low, high)))


Observer = Callable[[str, State, Any], None]


def play_deal(
    setup: Setup,
    rng: random.Random,
    button: int | None = None,
    policy: Policy | None = None,
    observe: Observer | None = None,
    deck: Sequence[PkCard] | None = None,
) -> OracleDeal:
    """Play one deal in pokerkit with random legal actions and record it.
    ``deck`` stacks pokerkit's deck (dealt from the front); by default ``rng`` shuffles it.

    ``observe(kind, state, what)`` is called with ``("decision", state,
    idle)`` before each betting decision (``idle``: pokerkit asks for a
    check nobody else could answer, which drawpoker does not ask for) and
    ``("action", state, act)`` after it (``act`` the :class:`Act`, seats in
    drawpoker's order), so a test can compare its own arithmetic with
    pokerkit's at every step.
    """
    policy = policy or Policy()
    button = rng.randrange(setup.players) if button is None else button
    cards = list(Deck.STANDARD)
    rng.shuffle(cards)
    if deck is not None:
        cards = list(deck) + [c for c in cards if c not in deck]
    saved = random.getstate()  # pokerkit reshuffles with the global generator
    random.seed(rng.random())
    with warnings.catch_warnings():
        # pokerkit warns when a stock that ran out is refilled: flagged below instead.
        warnings.filterwarnings("ignore", "Returning reserved", UserWarning)
        warnings.filterwarnings("ignore", "A card being dealt", UserWarning)
        try:
            return _play(setup, rng, button, policy, observe, cards)
        finally:
            random.setstate(saved)


def _play(
    setup: Setup, rng: random.Random, button: int, policy: Policy, observe: Observer | None, cards: list[PkCard]
) -> OracleDeal:
    n = setup.players
    seat = [seat_of(i, button, n) for i in range(n)]
    names = tuple(NAMES[:n])
    state = setup.create_state()
    state.deck_cards = deque(cards)
    left = deque(cards)
    hands: list[list[PkCard]] = [[] for _ in range(n)]
    held: list[list[PkCard]] = [[] for _ in range(n)]  # the hand as drawpoker holds it: kept cards, then drawn
    stock: list[PkCard] = []
    burns: list[PkCard] = []
    actions: list[Act] = []
    flags: set[str] = set()
    short_all_in: dict[int, set[int]] = {}  # street -> players who acted before a short all-in
    acted_in_street: dict[int, set[int]] = {}
    exchanged: dict[tuple[int, int], int] = {}  # (street, player) -> the exchange's index in actions
    draw = 0
    guard = 0
    while state.status:
        guard += 1
        assert guard < 2000, "pokerkit did not finish the deal"
        street = state.street_index
        if state.can_burn_card():
            if left:
                card = left.popleft()
                state.burn_card(card)
            else:
                flags.add("stock_ran_out")
                card = state.burn_card().card
            burns.append(card)
        elif state.can_deal_hole():
            player = state.hole_dealee_index
            assert player is not None
            if street == 0:
                card = left.popleft()
                state.deal_hole((card,), player)
                hands[player].append(card)
                held[player].append(card)
                continue
            need = len(state.hole_dealing_statuses[player])
            if len(left) >= need:
                dealt = tuple(left.popleft() for _ in range(need))
                state.deal_hole(dealt, player)
            else:
                flags.add("stock_ran_out")
                left.clear()
                dealt = state.deal_hole(need, player).cards
            stock.extend(dealt)
            held[player].extend(dealt)
            index = exchanged.pop((street, player))
            actions[index] = replace(actions[index], drawn=tuple(map(to_card, dealt)))
        elif state.stand_patter_or_discarder_index is not None:
            player = state.stand_patter_or_discarder_index
            if street != draw:
                draw = street or 0
            thrown = policy.discards(rng, state.hole_cards[player])
            state.stand_pat_or_discard(thrown)
            held[player] = [c for c in held[player] if c not in thrown]
            if thrown:
                exchanged[(draw, player)] = len(actions)
            actions.append(
                Act(
                    seat[player],
                    "exchange" if thrown else "stand pat",
                    cards=tuple(map(to_card, thrown)),
                    street=draw,
                )
            )
        elif state.actor_index is not None:
            assert street is not None
            act = _bet(state, rng, policy, setup, seat, street, flags, short_all_in, acted_in_street, observe)
            actions.append(act)
        else:  # pragma: no cover - every chore is automated
            raise AssertionError(f"pokerkit is stuck: {state.operations[-3:]}")
    if odd_chips_split(state):
        flags.add("odd_chips")
    posted_big = _posted_big_blind(state, setup)
    if posted_big is not None and posted_big < setup.blinds[1]:
        flags.add("short_big_blind")
    final = [tuple(map(to_card, cards_)) for cards_ in held]
    log = tuple(repr(op) for op in state.operations)
    finishing = tuple(state.stacks)
    by_seat = {seat[i]: tuple(map(to_card, hands[i])) for i in range(n)}
    drawn = tuple(map(to_card, stock))
    return OracleDeal(
        setup=setup,
        names=names,
        button=button,
        stacks=_by_seat(setup.stacks, seat),
        hands=tuple(by_seat[s] for s in range(n)),
        stock=drawn,
        burns=tuple(map(to_card, burns)),
        deck=stacked_deck(by_seat, button, n, drawn) if "stock_ran_out" not in flags else (),
        actions=tuple(actions),
        finishing_stacks=_by_seat(finishing, seat),
        final_hands=_by_seat(final, seat),
        flags=frozenset(flags),
        pokerkit_log=log,
    )


def odd_chips_split(state: State) -> bool:
    """Did pokerkit split a pot with two or more odd chips (which it gives to one winner)?"""
    for op in state.operations:
        if isinstance(op, ChipsPushing):
            winners = [a for a in op.amounts if a > 0]
            if len(winners) > 1 and sum(winners) % len(winners) >= 2:
                return True
    return False


def _by_seat(values: Sequence[Any], seat: list[int]) -> tuple[Any, ...]:
    out: list[Any] = [None] * len(seat)
    for player, value in enumerate(values):
        out[seat[player]] = value
    return tuple(out)


def _posted_big_blind(state: State, setup: Setup) -> int | None:
    """What the big blind put in (pokerkit's player 1, heads-up player 0)."""
    big = 0 if setup.players == 2 else 1
    for op in state.operations:
        if isinstance(op, BlindOrStraddlePosting) and op.player_index == big:
            return int(op.amount)
    return 0 if setup.blinds[1] else None


def _bet(
    state: State,
    rng: random.Random,
    policy: Policy,
    setup: Setup,
    seat: list[int],
    street: int,
    flags: set[str],
    short_all_in: dict[int, set[int]],
    acted_in_street: dict[int, set[int]],
    observe: Observer | None,
) -> Act:
    """One random betting decision of the player to act."""
    player = state.actor_index
    assert player is not None
    bets, stacks = state.bets, state.stacks
    calling = state.checking_or_calling_amount or 0
    if not calling and not any(stacks[i] for i in range(len(stacks)) if i != player and state.statuses[i]):
        # Nobody else has chips: pokerkit still asks for a check (the big blind's
        # "option" when everyone else is all-in or folded); drawpoker does not ask.
        if observe is not None:
            observe("decision", state, True)
        state.check_or_call()
        act = Act(seat[player], "check", street=street + 1, idle=True)
        if observe is not None:
            observe("action", state, act)
        return act
    if observe is not None:
        observe("decision", state, False)
    level = max(bets)
    everything = bets[player] + stacks[player]
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    acted = acted_in_street.setdefault(street, set())
    r = rng.random()
    if state.can_fold() and r < policy.fold:
        state.fold()
        act = Act(seat[player], "fold", street=street + 1)
    elif low is not None and high is not None and r < policy.fold + policy.aggression:
        to = policy.amount(rng, state, low, high)
        if player in short_all_in.get(street, ()):
            flags.add("short_all_in_then_raise")
        full_to = level + max(state.completion_betting_or_raising_amount, setup_step(setup, street))
        if to == everything and to < full_to:
            if setup.structure == "fixed_limit":
                flags.add("fixed_limit_short_all_in")
            else:
                short_all_in.setdefault(street, set()).update(acted)
        word = "all in" if to == everything else ("bet" if level == 0 else "raise")
        state.complete_bet_or_raise_to(to)
        act = Act(seat[player], word, to, street=street + 1)
    else:
        state.check_or_call()
        act = Act(seat[player], "call" if calling else "check", street=street + 1)
    acted.add(player)
    if observe is not None:
        observe("action", state, act)
    return act


def setup_step(setup: Setup, street: int) -> int:
    """The smallest bet (fixed limit: the bet) of pokerkit's street ``street`` (0...)."""
    if setup.variant == "F2L3D" and street >= 2:
        return setup.big_bet
    if setup.variant == "FH1D" and street >= 1:
        return setup.big_bet
    return setup.small_bet


def random_deals(variant: str, seed: int, count: int, policy: Policy | None = None) -> Iterator[OracleDeal]:
    """``count`` random deals of ``variant``, the same for the same seed."""
    rng = random.Random(f"{variant}:{seed}")
    for _ in range(count):
        yield play_deal(random_setup(variant, rng), rng, policy=policy)


# ---------------------------------------------------------------- settle YAML

#: The shipped rulesets a written deal names by default: docs/rules.md section 4's "classic
#: games worth shipping" (not shipped yet; a deal's own blinds and antes
#: may need :func:`ruleset_yaml` instead).
RULESETS = {"N2L1D": "deuce-to-seven-single-draw", "F2L3D": "deuce-to-seven-triple-draw"}


def settle_yaml(deal: OracleDeal, rules: str | None = None, title: str = "") -> str:
    """The deal in ``drawpoker settle``'s format, amounts as issue 12 writes
    them (``bet 5``, ``raise to 15``, ``all in``); blinds and antes are
    posted by the rules and not written; pokerkit's finishing stacks and
    the named differences are comments."""
    n = len(deal.names)
    rules = rules or RULESETS.get(deal.variant, f"{deal.variant.lower()}.yaml")
    s = deal.setup
    forced = f"blinds {s.blinds[0]}/{s.blinds[1]}" + (f", ante {s.ante}" if s.ante else "")
    lines = [
        f"# {title or 'A deal pokerkit played'}: {deal.variant} ({STRUCTURE[deal.variant].replace('_', ' ')}), "
        f"{forced}.",
        "# pokerkit's finishing stacks: "
        + ", ".join(f"{deal.names[i]} {deal.finishing_stacks[i]}" for i in range(n))
        + ".",
    ]
    for flag in sorted(deal.flags):
        lines.append(f"# Differs from pokerkit ({flag}): {FLAGS[flag]}.")
    lines += [
        "game: morkpoker",
        f"rules: {rules}",
        f"button: {deal.names[deal.button]}",
        "seats:",
    ]
    for i in range(n):
        lines.append(f'  - {{name: {deal.names[i]}, stack: {deal.stacks[i]}, cards: "{format_cards(deal.hands[i])}"}}')
    stock = fresh_stock(deal)
    if stock:
        lines.append(f'stock: "{format_cards(stock)}"')
    lines.append("actions:")
    for act in deal.actions:
        if act.idle:
            continue
        lines.append(f"  - {deal.names[act.seat]}: {act.words()}")
    return "\n".join(lines) + "\n"


def fresh_stock(deal: OracleDeal) -> tuple[Card, ...]:
    """The replacements up to the first card pokerkit dealt a second time
    (after the stock ran out it reshuffles discards, which a written deal
    cannot give; drawpoker reshuffles its own way)."""
    seen = {c for hand in deal.hands for c in hand}
    out: list[Card] = []
    for card in deal.stock:
        if card in seen:
            break
        seen.add(card)
        out.append(card)
    return tuple(out)


def ruleset_yaml(deal: OracleDeal) -> str:
    """The house rules the deal was played under, in docs/rules.md 4.2-4.5's
    setting names (``betting.structure``, ``betting.blinds``,
    ``showdown.ranking``, ``draw.exchanges``); to be checked against the
    rules model once it has them."""
    s = deal.setup
    fixed = s.structure == "fixed_limit"
    lines = [
        "game: morkpoker",
        f"description: pokerkit's {deal.variant}, as the oracle plays it",
        "betting:",
        f"  structure: {s.structure}",
        f"  ante: {s.ante}",
        f"  blinds: [{s.blinds[0]}, {s.blinds[1]}]",
        f"  small_bet: {s.small_bet}",
        f"  big_bet: {s.big_bet if fixed else s.small_bet}",
    ]
    if fixed:
        lines.append("  cap_lifted_heads_up: false")
        if EXCHANGES[deal.variant] == 3:
            lines.append("  big_bet_from_round: 3")  # pokerkit's triple draw: small bets before the second draw
    lines += ["draw:"]
    if EXCHANGES[deal.variant] != 1:
        lines.append(f"  exchanges: {EXCHANGES[deal.variant]}")
    lines += ["  max_cards: 5", "  stock_exhaustion: reshuffle_discards"]
    if deal.variant in RANKING:
        lines += ["showdown:", f"  ranking: {RANKING[deal.variant]}"]
    lines += ["table:", "  max_players: 6"]
    return "\n".join(lines) + "\n"
