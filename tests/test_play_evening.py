"""The evenings computer seats play for the tests and the benchmarks
(:func:`drawpoker.session.evenings.play_evening`): a table the engine will
not seat is said in the engine's own sentence, not a bare AssertionError
from a bot asked to act at a table that never sat down."""

from __future__ import annotations

import attrs
import pytest

from drawpoker.errors import IllegalAction
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening


def with_deals(name: str, deals: int):
    rules = load_rules(name)
    return attrs.evolve(rules, session=attrs.evolve(rules.session, deals=deals))


def test_a_table_the_engine_will_not_seat_is_said_in_its_words():
    # three players share the rotating dealer's rounds: 8 rounds cannot be dealt equally by 3 dealers
    with pytest.raises(IllegalAction, match="8 rounds cannot be dealt equally by 3 dealers"):
        play_evening(with_deals("three-card-poker", 8), ("Anna", "Bjørn", "Cato"), 8, seed=1, changes=0.3)


@pytest.mark.parametrize("end_early", [True, False])
def test_three_card_poker_with_a_number_of_rounds_plays_to_its_end(end_early):
    state = play_evening(
        with_deals("three-card-poker", 9), ("Anna", "Bjørn", "Cato"), 9, seed=2, changes=0.3, end_early=end_early
    )
    assert state.phase == "session_over"
