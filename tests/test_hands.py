"""Five-card evaluation: exhaustive counts and a golden order for each tie-break."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawpoker.cards import DECK, parse_cards
from drawpoker.errors import CardError
from drawpoker.games.three_card.hands import evaluate3 as _evaluate3
from drawpoker.hands import (
    STRENGTH_COUNT,
    Category,
    best_five,
    category_of,
    describe_strength,
    evaluate,
    strength,
)


def s(text):
    return strength(parse_cards(text))


@pytest.mark.exhaustive
def test_all_2598960_hands_category_counts_and_7462_strengths():
    counts = Counter()
    seen = set()
    for hand in combinations(DECK, 5):
        v = strength(hand)
        seen.add(v)
        counts[category_of(v)] += 1
    assert sum(counts.values()) == 2_598_960
    assert counts == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.ONE_PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    }
    assert len(seen) == STRENGTH_COUNT == 7_462
    assert seen == set(range(1, 7_463))


# Each list is strictly increasing in strength.
GOLDEN = {
    "categories": [
        "Ah Kd 9c 7s 3h",  # high card
        "2h 2d 3c 4s 6h",  # one pair
        "2h 2d 3c 3s 4h",  # two pair
        "2h 2d 2c 3s 4h",  # three of a kind
        "Ah 2d 3c 4s 5h",  # straight (the lowest)
        "2h 3h 4h 5h 7h",  # flush (the lowest)
        "2h 2d 2c 3s 3h",  # full house
        "2h 2d 2c 2s 3h",  # four of a kind
        "Ah 2h 3h 4h 5h",  # straight flush (the lowest)
        "Ah Kh Qh Jh Th",  # royal flush
    ],
    "straight flush by top card": ["Ah 2h 3h 4h 5h", "2s 3s 4s 5s 6s", "9c Tc Jc Qc Kc", "Td Jd Qd Kd Ad"],
    "four of a kind, then kicker": ["5h 5d 5c 5s 2h", "5h 5d 5c 5s Ah", "6h 6d 6c 6s 2h"],
    "full house, trips then pair": ["3h 3d 3c Ah As", "4h 4d 4c 2h 2s", "4h 4d 4c 5h 5s"],
    "flush, high to low": ["Ah Qh 9h 5h 3h", "Ah Qh 9h 5h 4h", "Ah Qh 9h 6h 2h", "Ah Qh Th 3h 2h", "Ah Kh 4h 3h 2h"],
    "straight by top card, wheel lowest": ["Ah 2d 3c 4s 5h", "2h 3d 4c 5s 6h", "9h Td Jc Qs Kh", "Th Jd Qc Ks Ah"],
    "three of a kind, then kickers": [
        "7h 7d 7c 3s 2h",
        "7h 7d 7c 4s 2h",
        "7h 7d 7c Ks 2h",
        "7h 7d 7c As 2h",
        "8h 8d 8c 3s 2h",
    ],
    "two pair: high pair, low pair, kicker": ["Kh Kd 2c 2s 3h", "Kh Kd 2c 2s Ah", "Kh Kd 3c 3s 2h", "Ah Ad 2c 2s 3h"],
    "one pair, then kickers": ["Jh Jd Ac 8s 7h", "Jh Jd Ac 9s 3h", "Jh Jd Ac 9s 4h", "Qh Qd 4c 3s 2h"],
    "high card, high to low": [
        "Ah Kd 9c 7s 2h",
        "Ah Kd 9c 7s 3h",
        "Ah Kd 9c 8s 2h",
        "Ah Kd Tc 3s 2h",
        "Ah Kd Jc 3s 2h",
    ],
}


@pytest.mark.parametrize("rule", list(GOLDEN))
def test_golden_order(rule):
    values = [s(h) for h in GOLDEN[rule]]
    assert values == sorted(values) and len(set(values)) == len(values), rule


def test_source_example_pair_kickers():
    # docs/rules.md 2.5: J-J-A-9-3 beats J-J-A-8-7 (the Mørkpoker source: knekt-knekt-ess-9-3).
    assert s("Js Jh As 9c 3d") > s("Jd Jc Ah 8s 7h")


def test_no_wrap_around():
    assert category_of(s("Qh Kd Ac 2s 3h")) is Category.HIGH_CARD
    assert category_of(s("Qh Kh Ah 2h 3h")) is Category.FLUSH
    assert category_of(s("Jh Qd Kc As 2h")) is Category.HIGH_CARD


def test_suits_never_rank():
    assert s("Ah Kh Qd Jc 9s") == s("As Ks Qc Jd 9h")
    assert s("2c 3c 4c 5c 7c") == s("2s 3s 4s 5s 7s")


def test_the_wheel_is_five_high_and_ace_high_is_not_a_straight_top_beyond():
    wheel, six_high = s("Ah 2d 3c 4s 5h"), s("6h 2d 3c 4s 5h")
    assert wheel < six_high
    assert describe_strength(wheel) == "straight, five high"


@pytest.mark.parametrize(
    "text, words",
    [
        ("Kh Kd 7s 7c As", "two pair, kings and sevens, ace kicker"),
        ("Ah Kh Qh Jh Th", "royal flush"),
        ("9h Th Jh Qh Kh", "straight flush, king high"),
        ("5h 5d 5c 5s Kh", "four of a kind, fives, king kicker"),
        ("Qs Qd Qc 7h 7s", "full house, queens full of sevens"),
        ("2c 3c 4c 5c 7c", "flush, seven, five, four, three, two"),
        ("6h 6d 6c As 2h", "three of a kind, sixes, ace and two kickers"),
        ("Js Jh As 9c 3d", "one pair, jacks, ace, nine, three kickers"),
        ("Ah Kd 9c 7s 3h", "high card, ace, king, nine, seven, three"),
    ],
)
def test_describe(text, words):
    hand = evaluate(parse_cards(text))
    assert hand.describe() == words


def test_royal_flush_is_named():
    assert evaluate(parse_cards("Ts Js Qs Ks As")).category_name == "royal flush"
    assert evaluate(parse_cards("9s Ts Js Qs Ks")).category_name == "straight flush"


def test_evaluate_checks_input():
    with pytest.raises(CardError, match="five cards, found 4"):
        evaluate(parse_cards("As Ks Qs Js"))
    with pytest.raises(CardError, match="duplicate card 'As'"):
        evaluate(parse_cards("As As Qs Js Ts", distinct=False))


def test_best_five_of_six():
    best = best_five(parse_cards("As Ks Qs 2d Js Ts"))
    assert best.category_name == "royal flush"
    assert set(best.cards) == set(parse_cards("As Ks Qs Js Ts"))
    assert best_five(parse_cards("2c 2d 2h 9s 9d 9c")).describe() == "full house, nines full of twos"


@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=7, unique=True))
def test_best_five_is_the_maximum_of_all_choices(cards):
    assert best_five(cards).strength == max(strength(c) for c in combinations(cards, 5))


@given(st.permutations(DECK))
def test_order_of_cards_does_not_matter(deck):
    hand = deck[:5]
    assert strength(hand) == strength(sorted(hand)) == strength(tuple(reversed(hand)))


def test_same_strength_same_words():
    by_strength = {}
    for hand in combinations(DECK[::3], 5):  # a varied sample of hands
        v = strength(hand)
        by_strength.setdefault(v, describe_strength(v))
    assert len(set(by_strength.values())) == len(by_strength)


def test_the_shipped_tables_are_the_generated_ones():
    """drawpoker/hand_tables.py is built by generate_table_module (python -m drawpoker.hands)."""
    from pathlib import Path

    import drawpoker.hands as hands

    shipped = Path(hands.__file__).with_name("hand_tables.py").read_text(encoding="utf-8")
    assert shipped == hands.generate_table_module()
    classes = hands._build_tables()
    assert len(classes) == hands.STRENGTH_COUNT == 7462
    flush_table, unsuited_table = hands.lookup_tables()
    for s, (cat, tb, is_flush, index) in enumerate(classes, start=1):
        assert (flush_table if is_flush else unsuited_table)[index] == s
        assert hands.parts_of(s) == (cat, tb)
    assert sum(map(bool, flush_table)) + sum(map(bool, unsuited_table)) == 7462


def test_category_floors_are_the_lowest_strength_of_each_category():
    from drawpoker.hands import CATEGORY_FLOOR, STRENGTH_COUNT, category_of

    expected: dict = {}
    for s in range(STRENGTH_COUNT, 0, -1):
        expected[category_of(s)] = s
    assert expected == CATEGORY_FLOOR


def _one_hand_of_each_class():
    """A hand of every one of the 7,462 classes: each rank combination
    unsuited (suits by occurrence, plus a last odd suit for five different
    ranks), and suited where the ranks differ."""
    from collections import Counter
    from itertools import combinations_with_replacement

    from drawpoker.cards import Rank, Suit, _make

    for combo in combinations_with_replacement(range(2, 15), 5):
        if max(Counter(combo).values()) > 4:
            continue
        seen: Counter = Counter()
        cards = []
        for r in combo:
            cards.append(_make(Rank(r), Suit(seen[r])))
            seen[r] += 1
        if len(set(combo)) == 5:
            yield (*cards[:4], _make(Rank(combo[4]), Suit.DIAMONDS))
            yield tuple(_make(Rank(r), Suit.SPADES) for r in combo)
        else:
            yield tuple(cards)


def test_a_hand_classified_without_the_tables_gets_the_looked_up_strength():
    from drawpoker.hands import classified_strength

    hands = list(_one_hand_of_each_class())
    found = [classified_strength(h) for h in hands]
    assert sorted(found) == list(range(1, 7463))
    assert found == [strength(h) for h in hands]


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_evaluate_agrees_with_strength_before_and_after_the_tables_are_filled(cards):
    from drawpoker.hands import classified_strength

    assert evaluate(cards).strength == classified_strength(cards) == strength(cards)


def test_the_first_look_up_fills_the_tables_in_a_fresh_process():
    """A single evaluate leaves the tables empty; strength fills them, once."""
    import subprocess
    import sys

    code = (
        "from drawpoker import hands\n"
        "from drawpoker.cards import parse_cards\n"
        "h = hands.evaluate(parse_cards('As Kd 7c 7d 2s'))\n"
        "assert not hands._UNSUITED_TABLE and not hands._FLUSH_TABLE, 'filled by evaluate'\n"
        "s = hands.strength(h.cards)\n"
        "assert s == h.strength and len(hands._UNSUITED_TABLE) == 360919 and len(hands._FLUSH_TABLE) == 8192\n"
        "tables = hands.lookup_tables()\n"
        "assert tables[1] is hands._UNSUITED_TABLE\n"
        "print(h.describe())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "one pair, sevens, ace, king, two kickers\n"


def test_strength_of_a_joker_still_fails_after_the_tables_are_filled():
    """The empty-table retry happens once: a hand the plain tables cannot
    hold (a joker) is an IndexError, not a loop."""
    from drawpoker.cards import JOKER

    with pytest.raises(IndexError):
        strength((JOKER, *parse_cards("As Kd 7c 2s")))


@pytest.mark.parametrize(
    "make, text", [(evaluate, "As Kd 7c 7d 2s"), (_evaluate3, "As Kd 7c")], ids=["five cards", "three cards"]
)
def test_a_hand_is_immutable_and_survives_copying_and_pickling(make, text):
    """The hands are plain slotted classes (no attrs at start-up); they must
    still behave as the frozen attrs classes did."""
    import copy
    import pickle

    hand = make(parse_cards(text))
    for twin in (copy.copy(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        assert twin == hand and hash(twin) == hash(hand) and type(twin) is type(hand)
    with pytest.raises(AttributeError, match="cannot be changed"):
        hand.strength = 1
    with pytest.raises(AttributeError, match="cannot be changed"):
        del hand.cards
    other = evaluate(parse_cards("As Kd 7c 7d 2s")) if make is _evaluate3 else _evaluate3(parse_cards("As Kd 7c"))
    assert hand != other  # a five-card and a three-card hand are never equal
