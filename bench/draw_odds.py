"""Time the exact drawing odds of :mod:`drawpoker.games.draw.odds`, worst case.

    python bench/draw_odds.py [--hands N] [--repeat R]

For each ruleset of issue 11 (the plain game, the ace rule, the bug, two
wild jokers, deuces wild, ace-to-five with the joker and deuce-to-seven,
both lowball games drawing up to five) the odds of every sensible exchange
of N random hands and of a few hands chosen for having many choices are
computed, each timed alone in CPU time (time.process_time, so a busy
neighbour does not decide the figure). The ranking's tables ("tables")
and what the odds build once per ranking and exchange limit ("setup": the
sensible field the choices are weighed against, ``field_strength``, a
fixed sample of dealt-and-drawn hands, and the outcome words of every
strength) are built before the timer starts, timed and reported apart. The worst
hand is the number to quote; the target is under 0.2 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from drawpoker.cards import deck_of, parse_cards
from drawpoker.games.draw.odds import draw_odds, field_strength
from drawpoker.ranking import ranking_for_deck
from drawpoker.rules.model import Draw, DrawDeck, DrawRules, Showdown

VARIANTS = {
    "morkpoker": DrawRules(),
    "ace draws four": DrawRules(draw=Draw(max_cards=3, max_cards_with_ace=4)),
    "the bug": DrawRules(deck=DrawDeck(jokers=1, joker="bug")),
    "two wild jokers": DrawRules(deck=DrawDeck(jokers=2, joker="wild")),
    "deuces wild": DrawRules(deck=DrawDeck(wild_ranks=(2,))),
    "ace-to-five, joker, draw 5": DrawRules(
        deck=DrawDeck(jokers=1, joker="bug"), showdown=Showdown(ranking="ace_to_five"), draw=Draw(max_cards=5)
    ),
    "deuce-to-seven, draw 5": DrawRules(showdown=Showdown(ranking="deuce_to_seven"), draw=Draw(max_cards=5)),
}

#: hands with many sensible choices (pairs, flush and straight draws at once)
HARD = ["9h Th Jh 9s 8h", "As Ah Kh Qh Jd", "2c 2d 9h Th Jh", "Jk Ah Kh 9h 9s", "7s 6s 5d 4c 3h", "As 2d 3c 4h Kh"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="random hands per ruleset")
    parser.add_argument("--repeat", type=int, default=3, help="runs (the range over runs is printed)")
    args = parser.parse_args()
    print(f"{'ruleset':28} {'tables':>8} {'setup':>7} {'median':>9} {'worst':>9}  worst hand")
    for name, rules in VARIANTS.items():
        t0 = time.process_time()
        ranking = ranking_for_deck(rules.deck, rules.showdown.ranking)
        built = time.process_time() - t0
        t0 = time.process_time()
        field_strength(ranking, rules.draw.max_cards)
        draw_odds(parse_cards("2c 3d 4h 5s 7c"), rules)  # (the outcome words of every strength)
        fielded = time.process_time() - t0
        deck = deck_of(rules.deck.jokers)
        rng = random.Random(11)
        hands = [tuple(rng.sample(deck, 5)) for _ in range(args.hands)]
        for text in HARD:
            cards = parse_cards(text, jokers=2)
            if sum(c.is_joker for c in cards) <= rules.deck.jokers:
                hands.append(cards)
        hands = [h for h in hands if sum(c.is_joker for c in h) <= rules.deck.jokers]
        medians, worsts = [], []
        worst_hand = ""
        for _ in range(args.repeat):
            times = []
            for hand in hands:
                t = time.process_time()
                draw_odds(hand, rules)
                times.append((time.process_time() - t, hand))
            medians.append(statistics.median(t for t, _ in times))
            top = max(times, key=lambda th: th[0])
            worsts.append(top[0])
            worst_hand = " ".join(map(str, top[1]))
        print(
            f"{name:28} {built * 1000:6.0f}ms {fielded * 1000:5.0f}ms "
            f"{min(medians) * 1000:4.1f}-{max(medians) * 1000:.1f}ms "
            f"{min(worsts) * 1000:4.0f}-{max(worsts) * 1000:.0f}ms  {worst_hand}"
        )


if __name__ == "__main__":
    main()
