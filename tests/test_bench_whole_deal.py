"""``bench/jackpots_whole_deal.py``: its oracles answer sensible's rules as
``bench/jackpots_ceiling.py`` does, its short cuts never make a plan worth
more than the best answer, and it measures through ``bench/bots.py``'s
own match."""

from __future__ import annotations

import random

import pytest

from tests.bench_tools import load_bench, refused_in_one_sentence
from tests.test_bench_ceiling import _decisions, ceiling

whole = load_bench("jackpots_whole_deal.py", "bench_jackpots_whole_deal")

from bots import match as bots_match  # noqa: E402  (bench/ is on the path once a bench module is loaded)

from drawpoker.bots.draw.common import _plain_grade  # noqa: E402
from drawpoker.games.draw.openers import JACKS, qualifies  # noqa: E402
from drawpoker.hands import strength  # noqa: E402
from drawpoker.rules import load_rules  # noqa: E402
from tests.mork_table import Table as MorkTable  # noqa: E402


@pytest.fixture(scope="module")
def pool():
    return whole.Pool(20_000, seed=3)


def test_the_answer_after_the_draw_over_classes_is_the_ceilings_blind_answer_over_the_same_hands():
    rng = random.Random(5)
    checked = 0
    for state, hero in _decisions(3, 12):
        hands = ceiling.sample(rng, state, hero, 1 - hero, 60)
        if not hands:
            continue
        rows = [(_plain_grade(hand, False), strength(hand), weight) for hand, weight in hands]
        assert whole.round2_values(state, hero, rows) == pytest.approx(
            ceiling.worth_blind(state, hero, 1 - hero, hands)
        )
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(
    "acts",
    [
        [(1, 0, "check", 0)],
        [(1, 0, "check", 0), (1, 1, "bet", 1), (1, 0, "call", 1)],
        [(1, 1, "bet", 1), (1, 0, "raise", 2), (1, 1, "call", 2)],
        [(1, 0, "bet", 1), (1, 1, "raise", 2), (1, 0, "raise", 3), (1, 1, "raise", 4)],
    ],
)
def test_the_chance_of_sensibles_first_round_by_class_is_the_ceilings_by_hand(acts):
    rng = random.Random(11)
    chance = whole.chance_round1(acts, 1)
    seen = set()
    for _ in range(400):
        hand = tuple(rng.sample(ceiling.DECK, 5))
        key = (_plain_grade(hand, True), qualifies(hand, JACKS))
        seen.add(key)
        assert chance[key] == pytest.approx(ceiling._chance(hand, acts, 1, 1))
    assert len(seen) >= 6


def test_between_the_solved_parts_a_plan_found_is_never_worth_more_than_the_best_answer(pool):
    post = whole._Posterior(pool.by_drew[3], whole.chance_round1([(1, 0, "bet", 1), (1, 1, "call", 1)], 1))
    below = 0
    for first in (True, False):
        starts = whole._Starts(post, pool.cuts, 8, first)
        for part in range(0, len(pool.cuts), 3):
            exact = whole.blind_start(8, first, post.weights(pool.cuts[part]))
            assert starts[part] <= exact + 1e-9
            if part in starts.solved:
                assert starts[part] == pytest.approx(exact)
            below += starts[part] < exact - 1e-9
    assert len(starts.plans) >= 2  # the plans differ with the hand: not one plan under another name
    assert below < len(pool.cuts) // 10


def test_the_strong_level_is_bench_bots_match_exactly(pool):
    result, oracle = whole.match("strong", 7, 3, pool)
    assert result["observations"] == bots_match("jackpots", "strong", "sensible", 2, 3, 7)["observations"]
    assert not oracle.differs


def test_the_oracles_play_whole_deals_and_decide_otherwise_than_strong_somewhere(pool):
    for level in ("after", "whole"):
        result, oracle = whole.match(level, 7, 6, pool)
        assert result["deals"] > 0
        assert any(strong != its for _, strong, its in oracle.differs)
        assert all(spot.startswith("betting 2") for spot, _, _ in oracle.differs) == (level == "after")


def test_only_the_named_spots_take_the_oracles_act(pool):
    _, everywhere = whole.match("after", 7, 6, pool)
    named = whole.spots_of("betting 2 opener/check/bet; betting 2 other/call/raise")
    _, only = whole.match("after", 7, 6, pool, named)
    assert set(only.differs) <= named and only.differs
    assert set(everywhere.differs) - named  # it decided otherwise elsewhere too, where only keeps strong's act


def _first_to_speak(hand: str, pool: object, other: str = "9c 8d 6h 4c 2s") -> tuple[object, object, object]:
    """A stacked jackpots deck heads-up, the first to speak (B) dealt
    ``hand``, A ``other``, and the oracle of the whole deal."""
    from bots import Table

    t = MorkTable([other, hand], rules_=load_rules("jackpots"))
    assert t.to_act == "B"
    bots = Table(load_rules("jackpots"), "strong", "sensible", 2, 1)
    return t, whole.Oracle(bots.hero, pool, "whole", 1), t.seat("B")


@pytest.mark.parametrize("hand", ["As Ad Ah 7c 2d", "Kc Kd 9s 5h 3c"])
def test_the_whole_deals_oracle_opens_openers_worth_opening(hand, pool):
    t, oracle, hero = _first_to_speak(hand, pool)
    values = whole.Lookahead(oracle, t.state, hero).values()
    assert set(values) == {"check", "bet"} and values["bet"] > values["check"]
    assert type(oracle.before(t.game, t.state, hero)).__name__ == "Bet"


def test_the_whole_deals_oracle_folds_nothing_to_a_bet_and_throws_three_to_a_pair(pool):
    t, oracle, hero = _first_to_speak("7s 5d 4h 3c 9d", pool, "Kh Kc 8d 6h 2s")
    t.do("B check")
    t.do("A bet")
    values = whole.Lookahead(oracle, t.state, hero).values()
    assert set(values) == {"fold", "call", "raise"} and max(values, key=lambda act: values[act]) == "fold"
    t, oracle, hero = _first_to_speak("Qs Qd 8h 5c 2d", pool)
    t.do("B bet")
    t.do("A call")
    thrown = oracle.before(t.game, t.state, hero)
    assert sorted(map(str, thrown.discards)) == sorted(["8h", "5c", "2d"])


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--levels", "best"], "argument --levels: 'best' names no level or one that is not strong, after, whole"),
        (["--levels", " , "], "names no level"),
        (["--decks", "1"], "argument --decks: '1' is not a whole number of at least 2"),
        (["--pool", "0"], "argument --pool: '0' is not a whole number of at least 1"),
        (["--seeds", "4,4"], "--seeds: '4,4' is not a list of different seeds"),
        (["--only", "betting 3 opener/check/bet"], "argument --only: 'betting 3 opener/check/bet' is not SPOT/"),
        (["--only", "betting 2 opener/check"], "argument --only: 'betting 2 opener/check' is not SPOT/"),
    ],
)
def test_a_wrong_argument_is_said_in_one_sentence_before_playing(arguments, said):
    refused_in_one_sentence("jackpots_whole_deal.py", arguments, said)
