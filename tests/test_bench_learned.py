"""``bench/jackpots_learned.py``: the other's answers are learned as a line
through its hand from hands shown and from answers never seen, its acts
weigh its range, and the player measures through ``bench/bots.py``'s own
match (strong asked first, the same deck sets)."""

from __future__ import annotations

import random

from tests.bench_tools import load_bench

learned = load_bench("jackpots_learned.py", "bench_jackpots_learned")

from bots import Table, play_deck_sets  # noqa: E402  (bench/ is on the path once a bench module is loaded)
from bots import match as bots_match  # noqa: E402

from drawpoker.rules import load_rules  # noqa: E402

EVEN = [1.0 / learned.BUCKETS] * learned.BUCKETS


def test_a_line_is_learned_from_the_hands_shown():
    line = learned.Binary()
    rng = random.Random(1)
    for _ in range(200):
        hand = rng.randrange(learned.BUCKETS)
        line.add(hand >= 150, hand, None, EVEN)
    chances = line.vector()
    assert max(chances[:140]) < 0.05 and min(chances[160:]) > 0.95


def test_answers_never_seen_tell_how_much_of_the_range_answers_yes():
    """A player seen to fold a quarter of the time (its hands never shown),
    its range even: it goes on with the top three quarters, as far as a
    flat prior and the counts alone can tell."""
    line = learned.Binary()
    for i in range(400):
        line.add(i % 4 != 0, None, None, EVEN)
    chances = line.vector()
    going_on = sum(c * m for c, m in zip(chances, EVEN, strict=True))
    assert abs(going_on - 0.75) < 0.03
    assert chances[10] <= chances[128] <= chances[250] and chances[10] < chances[250]


def test_a_hand_mucked_below_a_shown_one_counts_below_it():
    """A player who bets half the time: its bets never seen, or each mucked
    at the showdown at bucket 100 or below: then its bets reach low."""
    unseen, mucked = learned.Binary(), learned.Binary()
    for _ in range(30):
        for line in (unseen, mucked):
            line.add(False, None, None, EVEN)
        unseen.add(True, None, None, EVEN)
        mucked.add(True, None, 100, EVEN)
    assert mucked.vector()[50] > unseen.vector()[50] + 0.1


def test_the_other_s_acts_weigh_its_range():
    policy = learned.Policy()
    for hand in range(0, learned.BUCKETS, 2):
        policy.learn("other", [("first", "bet" if hand >= 200 else "check", True)], EVEN, hand, None)
    bet = policy.chances("other", "first", True)["bet"]
    assert bet[230] > 0.9 and bet[100] < 0.1


def test_the_tree_folds_nothing_for_free_and_values_a_fold_as_the_chips_left():
    def folds(spot, can_raise):  # checks when it may, folds to any bet
        if spot in ("first", "checked"):
            return {"bet": [0.0] * 3, "check": [1.0] * 3}
        return {"fold": [1.0] * 3, "call": [0.0] * 3}

    tree = learned.Tree(folds, 10, 0, 0, 2, [1.0, 0.5, 0.0], 4)
    values = tree.hero_turn([1.0, 1.0, 1.0], 0, 0, 0, 0, (), ())
    # checking shows down for the pot (won, split, lost); a bet is always folded to: the pot
    assert values["check"] == [10.0, 5.0, 0.0]
    assert values["bet"] == [10.0, 10.0, 10.0]


class _Quiet(learned.Learned):
    """The learned player that works out its answer and plays strong's."""

    def command(self, game, state, seat):
        asked = []
        real = self.strong.command
        self.strong.command = lambda g, s, t: asked.append(real(g, s, t)) or asked[-1]
        try:
            super().command(game, state, seat)
        finally:
            del self.strong.command
        return asked[0]


def test_it_measures_through_the_bench_s_own_match_and_leaves_strong_as_it_plays():
    """Playing strong's answers while it learns and works out its own, the
    seat's results are bots.py's match's, deck set for deck set: the player
    leaves strong's randomness and learning alone."""
    table = Table(load_rules("jackpots"), "strong", "sensible", 2, 7)
    player = _Quiet(table.hero, 7)
    table.hero = player
    results, deals = play_deck_sets(table, 3)
    mine = bots_match("jackpots", "strong", "sensible", 2, 3, 7)
    assert player.decisions > 0
    assert [[round(x, 4), n] for x, n in zip(results, deals, strict=True)] == mine["observations"]
