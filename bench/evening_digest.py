"""The evening's behaviour as one digest per ruleset, to prove a clean-up changed nothing.

    python bench/evening_digest.py --save before.json    # on the old code
    python bench/evening_digest.py --check before.json   # on the new code: same bytes?

``bench/event_digest.py`` digests the draw engine's deals; this one the
evening around them (docs/rules.md 6), in both games: seeded random evenings
in which players draw for seats and for the first dealer, join, leave, sit
out, come back, are taken over by a computer and handed back, are asked to
buy again and do or decline, add on, and agree to end -- between deals and
during them (requests) -- with commands that are not allowed mixed in.
Every event, every refusal's sentence, every state after a command (each
slot's value) and the evening's answers (who is asked to rebuy, who is
broke) go into the digest, so a change anywhere in the evening's rules,
reducers or state shows up as a different digest.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
from collections.abc import Callable
from typing import Any

import attrs

from drawpoker.cards import DECK, deck_of
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as E
from drawpoker.games import game_for
from drawpoker.games.draw import commands as dc
from drawpoker.games.three_card import commands as tc
from drawpoker.games.three_card.bots import BotPolicy, bot_command
from drawpoker.rules import load_rules

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from event_digest import digest_arguments, save_or_check  # (the same --save and --check)

#: the evening's house rules (docs/rules.md 6), set on every ruleset below in turn
EVENINGS: tuple[dict[str, Any], ...] = (
    {
        "deals": 30,
        "when_broke": "ask",
        "rebuy_limit": 1,
        "add_on_limit": 20,
        "buy_in": (10, 40),
        "first_dealer": "drawn",
    },
    {
        "deals": None,
        "when_broke": "ask",
        "rebuy_limit": None,
        "seats": "drawn",
        "newcomer_blind": "post",
        "missed_blinds": "wait",
    },
    {"deals": 40, "when_broke": "rebuy", "add_on_limit": 5, "newcomer_blind": "wait", "missed_blinds": "post"},
    {"deals": 30, "when_broke": "sit_out", "first_dealer": "drawn", "dealer_draw_ties": "redraw"},
)


def _with(name: str, betting: dict[str, Any] | None = None) -> Callable[[], Any]:
    def make() -> Any:
        rules: Any = load_rules(name)
        if betting:
            rules = attrs.evolve(rules, betting=attrs.evolve(rules.betting, **betting))
        return rules

    return make


RULESETS: dict[str, Callable[[], Any]] = {
    "morkpoker": _with("morkpoker"),
    "blinds": _with("morkpoker", {"ante": 0, "blinds": (1, 2), "small_bet": 2, "big_bet": 4}),
    "no-limit-draw": _with("no-limit-draw"),
    "jackpots": _with("jackpots"),
    "three-card-poker": _with("three-card-poker"),
    "three-card-poker-no": _with("three-card-poker-no"),
    "three-card-poker-ru": _with("three-card-poker-ru"),
}
EVENING_COMMANDS: tuple[type[Any], ...] = (
    E.Join,
    E.Leave,
    E.SitOut,
    E.ComeBack,
    E.TakeOver,
    E.HandBack,
    E.Rebuy,
    E.Decline,
    E.AddOn,
)


def _evening_command(rng: random.Random, game: Any, s: Any, bot: str) -> Any:
    n = len(s.names)
    seat = rng.choice([*(k for k, name in enumerate(s.names) if name), rng.randint(-1, n)])
    kind = rng.choice(EVENING_COMMANDS)
    asked = game.evening.asked(s)
    if asked and rng.random() < 0.5:
        return rng.choice((E.Rebuy, E.Rebuy, E.Decline))(rng.choice(asked))
    away = [k for k, name in enumerate(s.names) if name and s.away[k]]
    if away and rng.random() < 0.3:
        return E.ComeBack(rng.choice(away))
    if kind is E.Join:
        empty = [k for k, name in enumerate(s.names) if not name] + [n]
        least, most = game.evening.buy_in_range()
        name = rng.choice(("P0", "P1", "Q1", "Q2", "Q3", "Q4", "", "a-name-far-too-long"))
        return E.Join(rng.choice([*empty, seat]), name, rng.randint(least - 1, most + 1), rng.choice(("", bot)))
    if kind is E.TakeOver:
        return E.TakeOver(seat, rng.choice((bot, bot, "", "not a strategy")))
    if kind is E.AddOn:
        return E.AddOn(seat, rng.randint(0, 25))
    return kind(seat)


def _draw_move(rng: random.Random, game: Any, s: Any) -> Any:
    legal = game.legal_actions(s)
    seat = legal.seat
    word = rng.choice([o.action for o in legal.options])
    if word == "exchange":
        hand = s.hands[seat]
        return dc.Exchange(seat, tuple(rng.sample(hand, min(rng.randint(0, 3), len(hand)))))
    if word in ("bet", "raise") and legal.amounts is not None and legal.structure != "fixed_limit":
        to = rng.randint(legal.amounts.min_to, legal.amounts.max_to)
        return (dc.Bet if word == "bet" else dc.Raise)(seat, to)
    return {
        "fold": dc.Fold,
        "check": dc.Check,
        "call": dc.Call,
        "bet": dc.Bet,
        "raise": dc.Raise,
        "show": dc.Show,
        "muck": dc.Muck,
    }[word](seat)


def _evening(rules: Any, seed: int, steps: int, h: Any) -> None:
    game: Any = game_for(rules)
    tcp = rules.game == "three-card-poker"
    rng = random.Random(seed)
    state = game.new_state()
    low = max(1, rules.table.min_players)
    high = min(rules.table.max_players, 5)
    names = tuple(f"P{i}" for i in range(rng.randint(low, max(low, high - 1))))
    bot = "sensible" if tcp else "random"
    policy = BotPolicy(ante=None, pair_plus=1)

    def feed(command: Any) -> None:
        try:
            events = game.handle(state, command)
        except IllegalAction as refused:
            h.update(f"refused {command!r}: {refused}\n".encode())
            return
        for event in events:
            h.update(repr(event).encode())
            h.update(b"\n")
        h.update(repr(sorted((name, getattr(state, name)) for name in type(state).__slots__)).encode())
        if state.phase not in ("no_session", "session_over"):
            broke = [seat for seat in range(len(state.names)) if game.evening.broke(state, seat)]
            h.update(f"asked {game.evening.asked(state)} broke {broke}\n".encode())

    def deck() -> tuple[Any, ...]:
        cards = list(DECK if tcp else deck_of(rules.deck.jokers))
        rng.shuffle(cards)
        return tuple(cards)

    if rules.session.seats == "drawn":
        feed(E.DrawSeats(names, deck()))
        names = tuple(state.names) or names
    stacks = tuple(rng.choice((3, 8, 20, 40, 40)) for _ in names)
    feed(game.sit_down(names, stacks, rng.randrange(len(names))))
    if rules.session.first_dealer == "drawn":
        feed(E.DrawDealer(deck()))
    for _ in range(steps):
        if state.phase in ("session_over", "no_session"):
            break
        roll = rng.random()
        if roll < 0.2:
            feed(_evening_command(rng, game, state, bot))
        elif roll < 0.215:
            number = state.round if tcp else state.deal
            feed(E.EndEvening(rng.randint(number - 1, number + 3)))
        elif state.phase == "between_deals":
            if rng.random() < 0.1 and rules.session.first_dealer == "drawn":
                feed(E.DrawDealer(deck()))
            feed((tc.StartRound if tcp else dc.StartDeal)(deck(), rng.randrange(1 << 16)))
        elif state.to_act is not None:
            if tcp:
                feed(bot_command(game, state, rng, policy))
            else:
                feed(_draw_move(rng, game, state))


def digests(evenings: int, steps: int) -> dict[str, str]:
    out = {}
    for name, make in RULESETS.items():
        base = make()
        for k, house in enumerate(EVENINGS):
            rules = attrs.evolve(base, session=attrs.evolve(base.session, **house))
            h = hashlib.sha256()
            for seed in range(evenings):
                _evening(rules, seed, steps, h)
            out[f"{name}/{k}"] = h.hexdigest()
    return out


def main() -> None:
    args = digest_arguments(__doc__, {"evenings": 40, "steps": 500})
    sys.exit(save_or_check(digests(args.evenings, args.steps), args.save, args.check, "rulesets and evenings"))


if __name__ == "__main__":
    main()
