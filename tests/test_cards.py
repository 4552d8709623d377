import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawpoker.cards import DECK, Card, Rank, Suit, format_cards, parse_card, parse_cards
from drawpoker.errors import CardError


def test_deck_has_52_different_cards():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert {(c.rank, c.suit) for c in DECK} == {(r, s) for r in Rank for s in Suit}


@pytest.mark.parametrize(
    "text",
    ["As Kd 7c", "AsKd7c", "A♠ K♦ 7♣", "as kd 7c", "As,Kd,7c", "  As  Kd\t7c ", "A♤ K♢ 7♧"],
)
def test_parse_forms(text):
    assert format_cards(parse_cards(text)) == "As Kd 7c"


def test_ten_both_ways():
    assert parse_card("10h") == parse_card("Th") == parse_card("th")
    assert parse_cards("10h10s") == parse_cards("Th Ts")


def test_unicode_and_ascii_output():
    cards = parse_cards("Th 2c")
    assert format_cards(cards) == "Th 2c"
    assert format_cards(cards, unicode=True) == "T♥ 2♣"


@pytest.mark.parametrize(
    "text, message",
    [
        ("Kx", "'Kx' is not a card: unknown suit 'x'"),
        ("As Kx 7c", "'Kx' is not a card: unknown suit 'x'"),
        ("AsKx7c", "'Kx' is not a card: unknown suit 'x'"),
        ("1s", "'1s' is not a card: unknown rank '1'"),
        ("Zh", "'Zh' is not a card: unknown rank 'Z'"),
        ("As K", "'K' is not a card: missing suit"),
        ("As As", "duplicate card 'As'"),
        ("A♠ As", "duplicate card 'As'"),
    ],
)
def test_bad_card_text_names_the_token(text, message):
    with pytest.raises(CardError) as err:
        parse_cards(text)
    assert str(err.value) == message


def test_duplicates_allowed_when_asked():
    assert len(parse_cards("As As", distinct=False)) == 2


def test_non_text_is_refused():
    with pytest.raises(CardError, match="expected cards as text"):
        parse_cards(42)  # type: ignore[arg-type]


def test_card_identity_survives_copy_and_pickle():
    c = Card("Qh")
    assert copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert repr(c) == "Card('Qh')" and c.rank is Rank.QUEEN and c.suit is Suit.HEARTS
    assert c.is_red and not Card("Qs").is_red


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=10, unique=True), st.booleans())
def test_format_parse_round_trip(cards, unicode):
    assert parse_cards(format_cards(cards, unicode=unicode)) == tuple(cards)


@given(st.text(max_size=12))
def test_any_text_parses_or_raises_card_error(text):
    try:
        cards = parse_cards(text)
    except CardError as exc:
        assert str(exc)
    else:
        assert len(set(cards)) == len(cards)
