"""The strong player's table model reading a jackpots player by what it
did before the exchange (:meth:`TableModel.cdf_read`): a line through the
hands as dealt keeps as many of them as the player goes on with, the best
ones, and a player who goes on with everything is read as the model's
guess."""

from __future__ import annotations

import pytest

from drawpoker.bots.draw.model import LEVELS, OVER_PAIRS
from drawpoker.cards import parse_cards


@pytest.fixture(scope="module")
def model():
    from drawpoker.bots.draw.strong import _models
    from drawpoker.rules import load_rules

    return _models(load_rules("jackpots"))


@pytest.mark.parametrize("going_on", [0.2, 0.55, 0.9])
def test_the_line_keeps_as_many_hands_as_the_player_goes_on_with_and_the_best(model, going_on):
    groups = model.groups()
    kept = model.line([1.0] * LEVELS, going_on, 0.0)
    hands = [len(members) for _, _, members in groups]
    assert sum(k * n for k, n in zip(kept, hands, strict=True)) == pytest.approx(going_on * sum(hands))
    inside = [worth for (worth, _, _), k in zip(groups, kept, strict=True) if k > 0.999]
    outside = [worth for (worth, _, _), k in zip(groups, kept, strict=True) if k < 0.001]
    assert min(inside) >= max(outside)
    assert [worth for worth, _, _ in groups] == sorted((worth for worth, _, _ in groups), reverse=True)


def test_a_player_who_goes_on_with_everything_is_read_as_the_models_guess(model):
    everything = [1.0] * LEVELS
    for drew in (1, 3):
        read = model.cdf_read(everything, 1.0, 1, 1, drew, aside=0.0)
        assert read == pytest.approx(model.cdf_levels(everything, 1, 1, drew))


def test_a_player_who_checked_every_two_pair_is_not_read_with_two_pair(model):
    """A player who opens every two pair (and every pair of jacks or better)
    and checked, then drew one: not two pair (it would have opened them), so
    a four-card draw; the model's guess for a one-card draw holds two pair
    as often as draws. Below two pair tens: 0.80 of the read against 0.63 of
    the guess."""
    never_two_pair = [0.0 if level == OVER_PAIRS or level >= 11 else 1.0 for level in range(LEVELS)]
    read = model.cdf_read(never_two_pair, None, 1, 1, 1, aside=0.0)
    guess = model.cdf(1, 1, 1)
    two_pair = model.bucket(model.ranking.strength(tuple(parse_cards("Tc Th 9h 9c 4c"))))
    assert read is not None and read[two_pair] > guess[two_pair] + 0.15, (read[two_pair], guess[two_pair])
