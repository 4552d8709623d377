"""What the evening says to an add-on of a Three Card Poker player left with a
chip, fewer than a bet takes (docs/rules.md 6.3): the engine counts them as
out of chips, as before (a rebuy where the house has them; out for the rest
of the session under ``sit_out``), and says so in words that fit one who has
a chip. Seen: "Bo has no chips: that is a rebuy, not an add-on", of Bo with
one chip; and under ``sit_out``, where no rebuy is allowed, the same."""

from __future__ import annotations

import attrs
import pytest

from drawpoker.bots.seat import SeatBot, strategy
from drawpoker.errors import IllegalAction, refusal_note
from drawpoker.games import game_for
from drawpoker.games.evening import AddOn, SitOut
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.phones_table import tcp_deck


def _one_chip_left(when_broke: str):
    """Ada deals; Bo (3 chips) antes 1 and plays 1 against the dealer's aces, loses both and keeps 1."""
    rules = load_rules("three-card-poker-home")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, when_broke=when_broke, add_on_limit=20))
    game = game_for(rules)
    state = game.new_state()
    game.handle(state, game.sit_down(("Ada", "Bo", "Cy"), (20, 3, 20)))
    game.handle(state, game.start_deal(tcp_deck(["2c 5d 9h", "3c 6d 8s"], "Ah Ad Kc")))
    bots = [SeatBot(strategy("calling-station", rules), seat) for seat in range(3)]
    while state.phase != "between_deals":
        game.handle(state, bots[state.to_act].command(game, state))
    assert state.stacks[1] == 1 < game.min_stake == 2
    return game, state


def _refused(game, state, command, language: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        game.handle(state, command)
    return translator(language).say(refusal_note(caught.value))


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "Bo has too few chips to bet (a bet takes at least 2): that is a rebuy, not an add-on"),
        (
            "nb",
            "Bo har for få sjetonger til å satse (en innsats krever minst 2): det er et nytt innkjøp, ikke et tilleggskjøp",
        ),
    ],
)
def test_an_add_on_of_one_with_a_chip_too_few_to_bet_is_a_rebuy(language, said):
    game, state = _one_chip_left("ask")  # (asked before the next round whether to buy again)
    assert _refused(game, state, AddOn(1, 5), language) == said


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "Bo has too few chips to bet and sits out the rest of the session"),
        ("nb", "Bo har for få sjetonger til å satse og står over resten av økten"),
    ],
)
def test_one_with_a_chip_too_few_to_bet_under_sit_out_is_out_for_the_session(language, said):
    game, state = _one_chip_left("sit_out")  # (no rebuy here: "that is a rebuy" pointed where there is none)
    assert state.out[1]
    assert _refused(game, state, AddOn(1, 5), language) == said
    assert _refused(game, state, SitOut(1), language) == said
