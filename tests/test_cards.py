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


# ---------------------------------------------------------------- the joker


def test_the_joker_is_written_jk_and_read_in_every_form():
    from drawpoker.cards import JOKER

    for text in ["Jk", "jk", "JK", "🃏"]:
        assert parse_card(text) is JOKER
    assert parse_cards("AsJkKd", jokers=1) == (parse_card("As"), JOKER, parse_card("Kd"))
    assert str(JOKER) == "Jk" and repr(JOKER) == "Card('Jk')"
    assert format_cards([JOKER, parse_card("As")]) == "Jk As"
    assert format_cards([JOKER], unicode=True) == "🃏"
    assert JOKER.is_joker and not parse_card("Jc").is_joker
    assert parse_card("Jc") != JOKER and parse_card("Jh").rank is Rank.JACK


def test_the_joker_has_no_rank_or_suit():
    from drawpoker.cards import JOKER

    with pytest.raises(CardError, match="the joker has no rank"):
        _ = JOKER.rank
    with pytest.raises(CardError, match="the joker has no suit"):
        _ = JOKER.suit
    assert not JOKER.is_red
    assert JOKER.index == 52
    assert pickle.loads(pickle.dumps(JOKER)) is JOKER
    assert copy.deepcopy(JOKER) is JOKER


def test_decks_with_jokers():
    from drawpoker.cards import JOKER, card_from_index, deck_of

    assert deck_of() == DECK
    assert deck_of(1) == DECK + (JOKER,)
    assert deck_of(2) == DECK + (JOKER, JOKER)
    assert card_from_index(52) is JOKER
    with pytest.raises(CardError, match="0, 1 or 2 jokers"):
        deck_of(3)


@pytest.mark.parametrize(
    "text, jokers, message",
    [
        ("Jk As", 0, "'Jk' is a joker, and this deck has none"),
        ("Jk Jk", 1, "too many jokers: this deck has 1"),
        ("Jk 🃏 jk", 2, "too many jokers: this deck has 2"),
        ("Jk As As", 2, "duplicate card 'As'"),
    ],
)
def test_jokers_beyond_the_deck_are_refused(text, jokers, message):
    with pytest.raises(CardError) as err:
        parse_cards(text, jokers=jokers)
    assert str(err.value) == message


def test_two_jokers_are_allowed_when_the_deck_has_two():
    from drawpoker.cards import JOKER

    assert parse_cards("Jk 🃏 As", jokers=2) == (JOKER, JOKER, parse_card("As"))


def test_a_joker_survives_the_history_encoding():
    from drawpoker.cards import JOKER
    from drawpoker.engine.events import event_from_json, event_to_json
    from drawpoker.games.draw.events import CardsDealt

    event = CardsDealt(1, parse_cards("Jk As Kd 7c Jk", jokers=2))
    data = event_to_json(event)
    assert data["cards"] == "Jk As Kd 7c Jk"
    back = event_from_json(data)
    assert back == event and back.cards[0] is JOKER


def test_the_client_shows_the_joker_as_jk_in_ascii():
    from drawpoker.cards import JOKER
    from drawpoker.client.look import Look, card_text

    assert card_text(JOKER, unicode=False) == "Jk"
    assert card_text(JOKER, unicode=True) == "🃏"
    assert Look(unicode=False).card(JOKER) == [("class:card.black", "Jk")]
