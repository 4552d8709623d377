"""The pot- and no-limit amount entry's model (drawpoker.client.draw.amount):
keys, limits, explanations, and that whatever it confirms the rules take."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.client.draw.amount import KEYS, AmountEntry
from drawpoker.engine import betting as b
from drawpoker.engine.betting import NO_LIMIT, POT_LIMIT, ForcedBets, Limits
from tests.test_betting import rounds

NL, PL = Limits(NO_LIMIT), Limits(POT_LIMIT)


def utg(limits, stacks=(100, 100, 100)):
    """Three-handed, blinds 1/2, the button (seat 2) first to act."""
    _, r = b.first_round(2, stacks, (True,) * len(stacks), ForcedBets(blinds=(1, 2)), 2)
    return r, AmountEntry(b.choices(r, limits, r.to_act), "Cato")


def keys(entry, *pressed):
    result = None
    for key in pressed:
        result = entry.press(key)
    return result


def test_it_starts_at_the_smallest_raise_and_shows_the_limits_and_the_pot():
    _, entry = utg(PL)
    assert (entry.word, entry.value, entry.low, entry.high, entry.pot) == ("raise", 4, 4, 7, 3)
    assert entry.message is None and not entry.all_in


def test_up_and_down_step_by_one_big_blind_within_the_limits():
    _, entry = utg(NL)
    keys(entry, "up", "up")
    assert entry.value == 8 and entry.message is None
    keys(entry, "down", "down", "down")
    assert entry.value == 4 and entry.message == "Cato may raise to between 4 and 100 (all in)"


def test_half_pot_pot_and_all_in_jump():
    _, entry = utg(PL)
    keys(entry, "half")
    assert entry.value == 4  # call 2, then half of the 5 in the pot after it: 2 + 2
    keys(entry, "pot")
    assert entry.value == 7 and entry.message is None
    keys(entry, "all_in")
    assert entry.value == 7 and entry.message == "Cato may raise to between 4 and 7 (the pot)"
    _, entry = utg(NL)
    keys(entry, "pot")
    assert entry.value == 7
    keys(entry, "all_in")
    assert entry.value == 100 and entry.all_in and entry.message is None
    assert keys(entry, "enter") == ("confirm", 100)


def test_the_pot_key_stops_at_all_in_in_no_limit():
    _, entry = utg(NL, stacks=(100, 100, 5))
    keys(entry, "pot")
    assert entry.value == 5 and entry.all_in
    assert entry.message == "Cato may raise to between 4 and 5 (all in)"  # a pot-sized raise is more


def test_typed_digits_replace_the_amount_and_too_much_is_explained_at_once():
    _, entry = utg(NL)
    keys(entry, "0", "1")
    assert entry.value == 1 and entry.message is None  # more digits may still mend it
    keys(entry, "5")
    assert entry.value == 15 and entry.message is None
    assert keys(entry, "enter") == ("confirm", 15)
    keys(entry, "9")
    assert entry.value == 159 and entry.message == "Cato may raise to between 4 and 100 (all in)"
    keys(entry, "pot")  # a key that chooses an amount starts the typing afresh
    assert entry.value == 7 and entry.typed is None and entry.message is None


def test_enter_refuses_an_amount_the_rules_do_not_allow_and_says_why():
    _, entry = utg(NL)
    keys(entry, "3")
    assert entry.message is None
    assert keys(entry, "enter") is None
    assert entry.message == "Cato may raise to between 4 and 100 (all in)"
    keys(entry, "backspace")
    assert entry.value == 4 and entry.message is None
    assert keys(entry, "enter") == ("confirm", 4)


def test_more_digits_than_any_stack_are_ignored():
    _, entry = utg(NL)
    keys(entry, *"123456789")
    assert entry.value == 1234


def test_escape_cancels():
    _, entry = utg(NL)
    assert keys(entry, "up", "escape") == ("cancel", None) and entry.cancelled


def test_a_stack_short_of_the_smallest_raise_can_only_go_all_in():
    r = b.next_round((200, 25, 200), (True,) * 3, (False,) * 3, pot=0, step=10, after=2)
    r = b.act(r, NL, 0, "bet", 20)
    entry = AmountEntry(b.choices(r, NL, 1), "Bjørn")
    assert (entry.value, entry.low, entry.high) == (25, 25, 25) and entry.all_in
    keys(entry, "up")
    assert entry.value == 25 and entry.message == "Bjørn may only raise to 25 (all in)"


def test_no_entry_for_a_player_who_may_not_raise():
    r = b.next_round((200, 15, 200), (True,) * 3, (False,) * 3, pot=30, step=10, after=2)
    r = b.act(r, NL, 0, "bet", 10)
    r = b.act(r, NL, 1, "all_in")
    r = b.act(r, NL, 2, "call")
    with pytest.raises(ValueError):
        AmountEntry(b.choices(r, NL, 0), "Anna")


def test_unknown_keys_are_a_programming_error():
    _, entry = utg(NL)
    with pytest.raises(ValueError):
        entry.press("x")


@settings(max_examples=200, deadline=None)
@given(rounds(), st.lists(st.sampled_from(KEYS[:-1] + tuple("0123456789")), max_size=25))
def test_whatever_the_entry_confirms_the_rules_take(start, pressed):
    limits, r = start
    if r.to_act is None or limits.structure == "fixed_limit":
        return
    ch = b.choices(r, limits, r.to_act)
    if ch.bet_word is None:
        return
    entry = AmountEntry(ch, "X")
    for key in pressed:
        shown = entry.value
        result = entry.press(key)
        if not key.isdigit() and key != "backspace":
            assert entry.low <= entry.amount <= entry.high
        if result is not None:
            verb, to = result
            assert verb == "confirm" and b.refusal(r, limits, r.to_act, "X", ch.bet_word, to) is None
            b.act(r, limits, r.to_act, ch.bet_word, to)
        elif key == "enter":  # refused: why, and the nearest allowed amount offered for the next Enter
            assert entry.message == b.refusal(r, limits, r.to_act, "X", ch.bet_word, shown)
            assert entry.hint == ("nearest", entry.value) and ch.allows(entry.value)
        if entry.typed == "":  # an empty field is the smallest amount, never all in (unless that is all)
            assert entry.value == entry.low


def test_issue_24_an_empty_field_is_the_smallest_raise_never_all_in():
    _, entry = utg(NL)
    keys(entry, "all_in", "5", "backspace")
    assert entry.typed == "" and entry.value == 4 and not entry.all_in
    assert keys(entry, "enter") == ("confirm", 4)


def test_issue_24_backspace_edits_the_amount_a_key_chose():
    _, entry = utg(NL)
    keys(entry, "all_in", "backspace")
    assert entry.typed == "10" and entry.value == 10
    keys(entry, "backspace", "backspace")
    assert entry.typed == "" and entry.value == 4
    keys(entry, "backspace")
    assert entry.hint == ("empty", 4)


def test_issue_24_enter_on_an_amount_out_of_range_offers_the_nearest_allowed():
    _, entry = utg(NL)
    assert keys(entry, *"1000", "enter") is None
    assert entry.message == "Cato may raise to between 4 and 100 (all in)"
    assert (entry.value, entry.hint) == (100, ("nearest", 100))
    assert keys(entry, "enter") == ("confirm", 100)
    _, entry = utg(NL)
    assert keys(entry, "1", "enter") is None
    assert (entry.value, entry.hint) == (4, ("nearest", 4))
    assert keys(entry, "enter") == ("confirm", 4)


def test_issue_24_keys_that_cannot_change_the_amount_say_so():
    _, entry = utg(PL)  # half a pot is the smallest raise here
    keys(entry, "half")
    assert entry.hint == ("same", 4)
    keys(entry, "0")
    assert entry.hint == ("zero", 0) and entry.typed == ""
