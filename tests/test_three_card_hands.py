"""Three-card evaluation: exhaustive counts, tie-breaks, dealer qualification."""

from collections import Counter
from itertools import combinations

import pytest

from drawpoker.cards import DECK, Rank, parse_cards
from drawpoker.errors import CardError
from drawpoker.games.three_card.hands import (
    QUEEN_HIGH,
    STRENGTH3_COUNT,
    Category3,
    category3_of,
    dealer_qualifies,
    evaluate3,
    qualifier_strength,
    strength3,
)


def s(text):
    return strength3(parse_cards(text))


@pytest.mark.exhaustive
def test_all_22100_hands_category_counts():
    counts = Counter(category3_of(strength3(h)) for h in combinations(DECK, 3))
    assert sum(counts.values()) == 22_100
    assert counts == {
        Category3.STRAIGHT_FLUSH: 48,
        Category3.THREE_OF_A_KIND: 52,
        Category3.STRAIGHT: 720,
        Category3.FLUSH: 1_096,
        Category3.PAIR: 3_744,
        Category3.HIGH_CARD: 16_440,
    }
    assert {strength3(h) for h in combinations(DECK, 3)} == set(range(1, STRENGTH3_COUNT + 1))


ORDERED = [
    ["Kh 9d 4c", "Kh Td 2c", "2h 2d 3c", "2h 2d Ac", "3h 3d 2c", "Ah Ad Kc"],  # pair, then kicker
    ["Ah 9d 4c", "2h 4h 6h", "Ah 2d 3c", "2h 3d 4c", "Qh Kd Ac", "2h 2d 2c", "Ah Ad Ac", "Ah 2h 3h", "Qs Ks As"],
    ["Qh 6d 3c", "Qh 6d 4c", "Qh 7d 2c", "Kh 3d 2c"],  # docs/rules.md 5.9: Q-7-2 > Q-6-4 > Q-6-3
    ["5h 8h Th", "5h 8h Jh", "5h 9h Jh", "6h 9h Jh"],  # flush high to low
]


@pytest.mark.parametrize("hands", ORDERED)
def test_golden_order(hands):
    values = [s(h) for h in hands]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_straight_beats_flush():
    assert s("4h 5d 6c") > s("Ah Kh 9h")
    assert category3_of(s("Ah Kh 9h")) is Category3.FLUSH


def test_ace_high_and_low_straights_and_no_wrap():
    assert category3_of(s("Ah Kd Qc")) is Category3.STRAIGHT
    assert category3_of(s("Ah 2d 3c")) is Category3.STRAIGHT
    assert category3_of(s("Kh Ad 2c")) is Category3.HIGH_CARD
    assert s("Ah 2d 3c") < s("2h 3d 4c") < s("Qh Kd Ac")
    assert s("Ah 2h 3h") < s("2h 3h 4h")


def test_suits_never_rank():
    assert s("Ah Kd 9c") == s("As Kh 9d")


@pytest.mark.parametrize(
    "dealer, qualifies",
    [
        ("Qh 3d 2c", True),  # the weakest queen-high
        ("Qh 6d 4c", True),
        ("Jh Td 8c", False),  # the strongest jack-high
        ("Jh 9d 7c", False),
        ("2h 2d 3c", True),  # any pair qualifies, even twos
        ("Jh Td 9c", True),  # a straight qualifies
        ("Jh 8h 4h", True),  # a flush qualifies
        ("Kh Ad 2c", True),  # ace high (not a straight)
    ],
)
def test_dealer_qualifies_queen_high_boundary(dealer, qualifies):
    assert dealer_qualifies(s(dealer)) is qualifies


def test_qualifier_strength_for_other_ranks():
    assert qualifier_strength(Rank.QUEEN) == QUEEN_HIGH
    assert dealer_qualifies(s("Jh 3d 2c"), qualifier_strength(Rank.JACK))
    assert not dealer_qualifies(s("Th 9d 7c"), qualifier_strength(Rank.JACK))


@pytest.mark.parametrize(
    "text, words",
    [
        ("7s 7d Kc", "pair of sevens, king kicker"),
        ("Ah Jc 8s", "ace high, jack, eight"),
        ("Qs Ks As", "straight flush, ace high"),
        ("Ah 2d 3c", "straight, three high"),
        ("9d 9s 9h", "three of a kind, nines"),
        ("Jh 8h 4h", "flush, jack high, eight, four"),
    ],
)
def test_describe(text, words):
    assert evaluate3(parse_cards(text)).describe() == words


def test_evaluate3_checks_input():
    with pytest.raises(CardError, match="three cards, found 2"):
        evaluate3(parse_cards("As Kd"))


@pytest.mark.parametrize(
    "hand, qualifies",
    [
        ("Ah 4d 2c", True),  # the weakest ace-high (A-2-3 is a straight)
        ("Kh Qd Tc", False),  # king-high
        ("Kh Kd 2c", True),  # any pair
        ("Jh 8h 4h", True),  # a flush
        ("Kh Qd Jc", True),  # a straight
    ],
)
def test_ace_high_qualifier_boundary(hand, qualifies):
    assert dealer_qualifies(s(hand), qualifier_strength(Rank.ACE)) is qualifies


def test_a_three_card_hand_is_a_value_that_cannot_change():
    a = evaluate3(parse_cards("7s 7d Kc"))
    b = evaluate3(parse_cards("7s 7d Kc"))
    assert a == b and hash(a) == hash(b) and a != evaluate3(parse_cards("7s 7d Qc"))
    assert repr(a) == f"ThreeCardHand(cards={a.cards!r}, strength={a.strength!r})"
    with pytest.raises(AttributeError):
        a.strength = 1
    assert a != (a.cards, a.strength)


def test_the_shipped_three_card_tables_are_the_generated_ones():
    """games/three_card/hand3_tables.py is built by generate_table_module
    (python -m drawpoker.games.three_card.hands) and loads to the tables the
    classes give."""
    from pathlib import Path

    import drawpoker.games.three_card.hands as hands3

    shipped = Path(hands3.__file__).with_name("hand3_tables.py").read_text(encoding="utf-8")
    assert shipped == hands3.generate_table_module()
    classes = hands3._build_classes()
    assert len(classes) == STRENGTH3_COUNT == 741
    flush_table, unsuited, by_strength = hands3._load_tables()
    for s, (cat, tb, is_flush, index) in enumerate(classes, start=1):
        if is_flush:
            assert flush_table[index] == s
        else:
            assert unsuited[index] == s
        assert by_strength[s] == (cat, tb)
    assert sum(map(bool, flush_table)) + len(unsuited) == 741
