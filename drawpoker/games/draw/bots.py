"""Computer players for Mørkpoker: a random one and a sensible one.

A bot reads only what its seat may know (its own cards, the public state)
and returns a command for the player to act. The sensible bot bets and
draws by hand strength: it keeps pairs and trips, draws to four-card
flushes and open-ended straights, and bets or raises good hands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from drawpoker.cards import Card, Rank
from drawpoker.games.draw import bot_hands
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.bot_hands import is_plain
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.openers import openers_held
from drawpoker.games.draw.state import EXCHANGE, SHOWDOWN, DrawState
from drawpoker.hands import Category, hand_parts, strength
from drawpoker.ranking import ranking_for_deck

__all__ = ["random_bot", "sensible_bot", "coached_bot", "choose_discards", "BOTS"]

_ACTIONS = {
    "fold": cmd.Fold,
    "check": cmd.Check,
    "call": cmd.Call,
    "bet": cmd.Bet,
    "raise": cmd.Raise,
    "show": cmd.Show,
    "muck": cmd.Muck,
}

Bot = Callable[[DrawGame, DrawState, random.Random], Any]


def random_bot(game: DrawGame, state: DrawState, rng: random.Random) -> Any:
    """Any legal action at random (folding only when facing a bet, mostly),
    and a random exchange of 0..max cards."""
    legal = game.legal_actions(state)
    seat = legal.seat
    assert seat is not None
    if legal.phase == EXCHANGE:
        hand = state.hands[seat]
        if game.rules.betting.split_openers == "not_allowed":
            kept = openers_held(state, game.rules, seat)
            hand = tuple(c for c in hand if c not in kept)
        k = rng.randint(0, min(legal.max_exchange, len(hand), len(state.stock) + len(state.discards)))
        return cmd.Exchange(seat, tuple(rng.sample(hand, k)))
    if legal.phase == SHOWDOWN:
        return cmd.Show(seat)
    options = legal.options
    if legal.to_call == 0 and len(options) > 1:
        options = options[1:]  # a free fold is legal but silly
    option = rng.choice(options)
    if option.action in ("bet", "raise") and legal.amounts is not None and legal.structure != "fixed_limit":
        ch = legal.amounts
        to = rng.choice((ch.min_to, ch.max_to, ch.half_pot_to, ch.pot_to, rng.randint(ch.min_to, ch.max_to)))
        return _ACTIONS[option.action](seat, max(ch.min_to, min(ch.max_to, to)))
    return _ACTIONS[option.action](seat)


def choose_discards(hand: tuple[Card, ...], most: int, openers: tuple[Card, ...] = ()) -> tuple[Card, ...]:
    """The cards a sensible player throws: keep made hands, pairs, trips,
    four to a flush or an open-ended straight; otherwise the two best cards.
    An opener keeps the ``openers`` whatever else it draws to."""
    if openers:
        throw = _discards_for(hand, most)
        if any(c in openers for c in throw):
            return _throw(hand, list(openers) + [c for c in hand if c not in throw and c not in openers], most)
        return throw
    return _discards_for(hand, most)


def _discards_for(hand: tuple[Card, ...], most: int) -> tuple[Card, ...]:
    cat, _ = hand_parts(strength(hand))
    if cat >= Category.STRAIGHT:
        return ()
    counts = Counter(c.rank for c in hand)
    suits = Counter(c.suit for c in hand)
    suit, n = suits.most_common(1)[0]
    small_pair = cat == Category.ONE_PAIR and max(r for r, k in counts.items() if k == 2) < Rank.JACK
    if n == 4 and (cat == Category.HIGH_CARD or small_pair):
        return _throw(hand, [c for c in hand if c.suit == suit], most)  # four to a flush beats a small pair
    if cat in (Category.ONE_PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        keep = [c for c in hand if counts[c.rank] >= 2]
        if cat == Category.ONE_PAIR and most < 3:
            keep += sorted((c for c in hand if counts[c.rank] == 1), key=lambda c: -c.rank)[: 3 - most]
        return _throw(hand, keep, most)
    ranks = sorted({int(c.rank) for c in hand})
    for low in range(2, 12):
        run = set(range(low, low + 4))
        if run <= set(ranks) and low + 3 < 14:  # open-ended: room on both sides
            return _throw(hand, [c for c in hand if c.rank in run], most)
    best = sorted(hand, key=lambda c: -c.rank)
    return _throw(hand, best[:2] if best[0].rank < Rank.ACE or most < 4 else best[:1], most)


def _keeping(hand: tuple[Card, ...], throw: tuple[Card, ...], openers: tuple[Card, ...], most: int) -> tuple[Card, ...]:
    """``throw`` less any of the ``openers`` (an opener keeps them)."""
    if not openers:
        return throw
    return tuple(c for c in throw if c not in openers)[:most]


def _throw(hand: tuple[Card, ...], keep: list[Card], most: int) -> tuple[Card, ...]:
    throw = [c for c in hand if c not in keep]
    throw.sort(key=lambda c: c.rank)  # if the limit bites, throw the lowest first
    return tuple(throw[:most])


def _grade(hand: tuple[Card, ...], drawing: bool) -> int:
    """0 (nothing) .. 4 (a monster), by the round's standards (``drawing``:
    an exchange is still to come)."""
    cat, ranks = hand_parts(strength(hand))
    if cat >= Category.STRAIGHT:
        return 4
    if cat >= Category.TWO_PAIR:
        return 3 if not drawing or cat > Category.TWO_PAIR or ranks[0] >= Rank.JACK else 2
    if cat == Category.ONE_PAIR:
        if ranks[0] >= Rank.QUEEN:
            return 2
        return 1 if drawing or ranks[0] >= Rank.EIGHT else 0
    if drawing and len(choose_discards(hand, 3)) == 1:
        return 1  # a four-card draw is worth a call before an exchange
    return 0


def sensible_bot(game: DrawGame, state: DrawState, rng: random.Random) -> Any:
    """Bets, raises, calls and draws by hand strength, with a little bluffing."""
    legal = game.legal_actions(state)
    seat = legal.seat
    assert seat is not None
    hand = state.hands[seat]
    if legal.phase == EXCHANGE:
        most = min(legal.max_exchange, len(state.stock) + len(state.discards))
        ranking = ranking_for_deck(game.rules.deck, game.rules.showdown.ranking)
        if not is_plain(ranking):
            return cmd.Exchange(
                seat,
                _keeping(hand, bot_hands.discards(hand, most, ranking), openers_held(state, game.rules, seat), most),
            )
        return cmd.Exchange(seat, choose_discards(hand, most, openers_held(state, game.rules, seat)))
    if legal.phase == SHOWDOWN:
        return cmd.Show(seat)
    drawing = state.round <= game.rules.draw.exchanges
    ranking = ranking_for_deck(game.rules.deck, game.rules.showdown.ranking)
    grade = _grade(hand, drawing) if is_plain(ranking) else bot_hands.grade(hand, drawing, ranking)
    if rng.random() < 0.05:
        grade += 1  # an occasional bluff or slow play keeps the others honest
    can = {o.action for o in legal.options}
    # Raise good hands, but stop re-raising at a sensible height (heads-up the cap may be gone).
    if "raise" in can and ((grade >= 4 and state.raises < 4) or (grade == 3 and state.raises < 2)):
        return cmd.Raise(seat, _size(legal, grade, rng))
    if grade >= 2 and "bet" in can:
        return cmd.Bet(seat, _size(legal, grade, rng))
    if "check" in can:
        return cmd.Check(seat)
    if legal.structure != "fixed_limit" and legal.amounts is not None:
        # Pot and no limit: the price is what matters, against the pot it wins.
        price = legal.to_call / max(1, legal.amounts.pot + legal.to_call)
        if grade >= 3 or (grade == 2 and price <= 0.4) or (grade == 1 and price <= 0.2):
            return cmd.Call(seat)
        return cmd.Fold(seat)
    price_is_small = legal.to_call <= legal.step
    if grade >= 2 or (grade == 1 and price_is_small):
        return cmd.Call(seat)
    return cmd.Fold(seat)


def _size(legal: Any, grade: int, rng: random.Random) -> int | None:
    """How much to bet or raise to: the fixed amount in fixed limit (None);
    in pot and no limit half the pot with a good hand, the pot with a very
    good one, and now and then all in with a monster."""
    ch = legal.amounts
    if ch is None or legal.structure == "fixed_limit":
        return None
    if grade >= 4 and rng.random() < 0.3:
        to = ch.all_in_to
    elif grade >= 3:
        to = ch.pot_to
    else:
        to = ch.half_pot_to
    return int(max(ch.min_to, min(ch.max_to, to)))


def coached_bot(game: DrawGame, state: DrawState, rng: random.Random) -> Any:
    """The sensible bot, exchanging as the draw coach advises: the choice
    whose hand is worth most after the draw against the opponents still in,
    from the exact odds of :mod:`drawpoker.games.draw.odds` under the
    table's rules.

    The hot-seat client's computer seats play this way (a few milliseconds a
    decision); ``simulate`` keeps the quick rule of thumb. A choice the
    table would refuse (throwing openers where the house forbids splitting
    them, or more cards than the stock holds) falls back to the sensible
    bot's own exchange. The bot's earlier discards count as unseen: the
    state does not keep who threw which card.
    """
    from drawpoker.games.draw.legal import refusal
    from drawpoker.games.draw.odds import draw_odds

    legal = game.legal_actions(state)
    if legal.phase != EXCHANGE or legal.seat is None:
        return sensible_bot(game, state, rng)
    seat = legal.seat
    most = min(legal.max_exchange, len(state.stock) + len(state.discards))
    try:
        others = sum(1 for s in range(state.seats) if s != seat and state.live(s))
        best = draw_odds(state.hands[seat], game.rules, opponents=max(1, others)).best
    except Exception:  # odds for a hand the calculation does not cover: play by rule of thumb
        return sensible_bot(game, state, rng)
    command = cmd.Exchange(seat, best.discard)
    if len(best.discard) > most or refusal(state, game.rules, command) is not None:
        return sensible_bot(game, state, rng)
    return command


BOTS: dict[str, Bot] = {"random": random_bot, "sensible": sensible_bot, "coached": coached_bot}
