"""Jackpots heads-up after the exchange (:mod:`drawpoker.bots.draw.last_round`):
the other's answers are learned as lines through its hand from the hands
it showed, mucked or never showed, its acts weigh its range, the round is
played out as a tree; the same numbers as ``bench/jackpots_learned.py``'s
player gave when it had its own copy (strong now plays as that player did,
and the bench drives this module)."""

from __future__ import annotations

import random

import pytest

from drawpoker.bots.draw import last_round
from drawpoker.bots.draw.last_round import BUCKETS, Answers, Line, Round
from drawpoker.bots.draw.strong import Strong
from drawpoker.games.view import seat_view
from tests.mork_table import Table, rules

EVEN = [1.0 / BUCKETS] * BUCKETS


def test_a_line_is_learned_from_the_hands_shown():
    line = Line()
    rng = random.Random(1)
    for _ in range(200):
        hand = rng.randrange(BUCKETS)
        line.add(hand >= 150, hand, None, EVEN)
    chances = line.chances()
    assert max(chances[:140]) < 0.05 and min(chances[160:]) > 0.95


def test_answers_never_seen_tell_how_much_of_the_range_answers_yes():
    """A player seen to fold a quarter of the time (its hands never shown),
    its range even: it goes on with the top three quarters, as far as a
    flat prior and the counts alone can tell."""
    line = Line()
    for i in range(400):
        line.add(i % 4 != 0, None, None, EVEN)
    chances = line.chances()
    going_on = sum(c * m for c, m in zip(chances, EVEN, strict=True))
    assert abs(going_on - 0.75) < 0.03
    assert chances[10] <= chances[128] <= chances[250] and chances[10] < chances[250]


def test_a_hand_mucked_below_a_shown_one_counts_below_it():
    """A player who bets half the time: its bets never seen, or each mucked
    at the showdown at bucket 100 or below: then its bets reach low."""
    unseen, mucked = Line(), Line()
    for _ in range(30):
        for line in (unseen, mucked):
            line.add(False, None, None, EVEN)
        unseen.add(True, None, None, EVEN)
        mucked.add(True, None, 100, EVEN)
    assert mucked.chances()[50] > unseen.chances()[50] + 0.1


def test_the_other_s_acts_weigh_its_range():
    answers = Answers()
    for hand in range(0, BUCKETS, 2):
        answers.learn([("first", "bet" if hand >= 200 else "check", True)], EVEN, hand, None)
    weighed = answers.weigh(EVEN, [("first", "bet", True)])
    assert weighed[230] > 0.9 / BUCKETS and weighed[100] < 0.1 / BUCKETS


def test_the_tree_folds_nothing_for_free_and_values_a_fold_as_the_chips_left():
    def folds(spot: str, can_raise: bool) -> dict[str, list[float]]:  # checks when it may, folds to any bet
        if spot in last_round.FREE:
            return {"bet": [0.0] * 3, "check": [1.0] * 3}
        return {"fold": [1.0] * 3, "call": [0.0] * 3}

    values = Round(folds, 10, 0, 0, 2, [1.0, 0.5, 0.0], 4).values([1.0, 1.0, 1.0], 0, 0, 0, 0, ())
    # checking shows down for the pot (won, split, lost); a bet is always folded to: the pot
    assert values["check"] == [10.0, 5.0, 0.0]
    assert values["bet"] == [10.0, 10.0, 10.0]


def test_a_bet_always_called_shows_down_for_the_bigger_pot():
    def calls(spot: str, can_raise: bool) -> dict[str, list[float]]:  # checks when it may, calls any bet
        if spot in last_round.FREE:
            return {"bet": [0.0] * 3, "check": [1.0] * 3}
        return {"fold": [0.0] * 3, "call": [1.0] * 3, "raise": [0.0] * 3}

    values = Round(calls, 10, 0, 0, 2, [1.0, 0.5, 0.0], 4).values([1.0, 1.0, 1.0], 0, 0, 0, 0, ())
    # won, split, lost: the pot of 14 less the 2 put in
    assert values["bet"] == [12.0, 5.0, -2.0]
    # facing its bet of 2 (in the pot of 12): a call puts 2 in for 14; a raise is called, 4 in for 18
    values = Round(calls, 12, 0, 2, 2, [1.0, 0.5, 0.0], 4).values([1.0, 1.0, 1.0], 2, 0, 2, 0, ("bet",))
    assert values["fold"] == [0.0, 0.0, 0.0] and values["call"] == [12.0, 5.0, -2.0]
    assert values["raise"] == [14.0, 5.0, -4.0]


def test_the_lines_and_the_tree_give_the_numbers_of_the_player_measured_on_the_bench():
    """Random answers and random hands: the numbers ``bench/jackpots_learned.py``'s
    own copy of the lines and the tree gave (the player ``cal30`` measured and
    ``port30`` ported; recorded by ``lr40`` before that copy was removed)."""
    rng = random.Random(5)
    lines = [
        (
            0.2003507222824533,
            0.4792150180518605,
            0.5701503724062776,
            0.7226679096353253,
            0.8000015507067373,
            144.218349637936,
        ),
        (
            0.19679108700643774,
            0.22378255232460192,
            0.774926027098016,
            0.8030181186678145,
            0.8032147147554441,
            144.12442985619833,
        ),
        (
            0.200030716268494,
            0.30916588508877735,
            0.5841823206788149,
            0.7958375485086936,
            0.7999692837315061,
            140.71886268402307,
        ),
    ]
    for expected in lines:
        line = Line()
        for _ in range(40):
            yes, hand = rng.random() < 0.5, rng.randrange(BUCKETS)
            masses = [rng.random() for _ in range(BUCKETS)]
            exact, most = [(hand, None), (None, hand), (None, None)][rng.randrange(3)]
            line.add(yes, exact, most, masses)
        chances = line.chances()
        got = (*(chances[b] for b in (0, 64, 128, 192, 255)), sum(chances))
        assert got == pytest.approx(expected, rel=1e-9, abs=1e-12)
    n = 12
    table = {
        spot: {
            act: [rng.random() for _ in range(n)]
            for act in (("bet", "check") if spot in last_round.FREE else ("fold", "call", "raise"))
        }
        for spot in ("first", "checked", "fresh", "check-raised", "bet-raised", "reraised")
    }

    def chances_of(spot: str, can_raise: bool) -> dict[str, list[float]]:
        found = table[spot]
        return found if can_raise else {a: p for a, p in found.items() if a != "raise"}

    share = [rng.choice((0.0, 0.5, 1.0)) for _ in range(n)]
    w = [rng.random() for _ in range(n)]
    trees = [
        ((0, 0, 0, ()), {"check": 37.26294463650368, "bet": 47.868808853601806}),
        ((0, 0, 0, ("check",)), {"check": 21.37798993558881, "bet": 67.34819293714789}),
        ((2, 0, 2, ("bet",)), {"fold": 0.0, "call": 14.286581672756736, "raise": 57.116156734602264}),
    ]
    for (level, mine_in, theirs_in, its), expected_values in trees:
        values = Round(chances_of, 9, mine_in, theirs_in, 2, share, 4).values(w, level, mine_in, theirs_in, 0, its)
        worth = {act: sum(a * b for a, b in zip(w, v, strict=True)) for act, v in values.items()}
        assert worth == pytest.approx(expected_values, rel=1e-9, abs=1e-12)


def test_strong_learns_the_answers_from_the_hands_shown_and_mucked():
    """Jackpots heads-up: A opens kings, B calls and draws three; after the
    exchange A bets and B calls, and at the showdown B shows two pair
    (its going on is learned where its hand lay) or mucks below A's kings
    (learned below them). Strong learns only where it played that round."""
    house = rules(betting__opening="jacks_or_better", betting__passed_out_button="moves", session__deals=10)
    learned = {}
    for b_draws, shows in (("Qc Qd 5c", True), ("Jc 8d 5c", False)):
        bot = Strong(random.Random(0))
        t = Table(["Kc Kd 9h 6c 2s", "7s 7d Qs 4h 3d"], stock=f"{b_draws} Th 4d 3c", stacks=[1000, 1000], rules_=house)
        bot.prepare(t.rules)
        t.do("B check", "A bet", "B call", "B exchange Qs 4h 3d", "A exchange 9h 6c 2s")
        bot.act(seat_view(t.game, t.state, 0))
        t.do("A bet", "B call")
        while t.state.phase == "showdown":
            t.do(f"{t.to_act} show" if shows or t.to_act == "A" else f"{t.to_act} muck")
        view = seat_view(t.game, t.state, 0)
        assert bool(view.seats[1].shown) == shows and view.seats[1].mucked != shows
        bot.observe(view)
        going_on = bot.answers["B"].line("fresh", "go")
        assert going_on.n == 1
        learned[shows] = going_on.chances()
    flat = Line().chances()
    # two pair shown going on: a hand there goes on, more than the flat prior says
    assert learned[True][229] > flat[229] + 0.05
    # a hand mucked below A's kings (bucket 194) went on: weaker hands go on than two pair shown tell
    assert learned[False][100] > learned[True][100] + 0.15 and learned[False][150] > learned[True][150] + 0.15
