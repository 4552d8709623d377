"""At the hot-seat table the keyboard is passed around, so a refusal names
the player, as the engine's do ("Anna cannot check: ..."); seen at 80×24:
"Anna cannot check: there is a bet of 1 to you; call, raise or fold." (the
name and "you" in one sentence) and, on Bjorn's exchange, "You may exchange
at most 3 cards.". And the exchange screen says why a key does nothing:
which keys choose the cards, how many may be thrown (seen: "The key x does
nothing here. Press ? for help.")."""

from __future__ import annotations

import re

import pytest

from drawpoker.client.controller import TURN
from tests.test_client_table_menu import ENTER, press, started, table

YOU = re.compile(r"\b(you|your)\b", re.IGNORECASE)
DU = re.compile(r"\b(du|deg|din|ditt|dine)\b", re.IGNORECASE)


def to_exchange(tmp_path, language):
    """Two players at the laptop: the first to act bets, the other tries to check (refused), calls;
    the exchange begins. The controller, the refusal of the check, and who bet and who called."""
    ctl = started(table(tmp_path, language, computer=(False, False), names=("Anna", "Bjorn")))
    press(ctl, ENTER)  # the hand-over
    better = ctl.state.names[ctl.to_act]
    press(ctl, "b" + ENTER)  # a bet, and the next player's hand-over
    caller = ctl.state.names[ctl.to_act]
    press(ctl, "k")
    refused = ctl.message
    press(ctl, "c" + ENTER)  # the call; the first to exchange takes the laptop
    assert ctl.screen == TURN and ctl.phase == "exchange"
    return ctl, refused, better, caller


@pytest.mark.parametrize(
    ("language", "check", "most"),
    [
        (
            "en",
            "{name} cannot check: there is a bet of 1 to call; call, raise or fold.",
            "{name} may exchange at most 3 cards.",
        ),
        (
            "nb",
            "{name} kan ikke checke: det er en innsats på 1 å syne; syne, høyne eller kaste seg.",
            "{name} kan bytte høyst 3 kort.",
        ),
    ],
)
def test_refusals_at_the_table_name_the_player(tmp_path, language, check, most):
    ctl, refused, _, caller = to_exchange(tmp_path, language)
    assert refused == check.format(name=caller)
    exchanging = ctl.state.names[ctl.to_act]
    press(ctl, "1234")
    assert ctl.message == most.format(name=exchanging)
    assert not (YOU if language == "en" else DU).search(refused + ctl.message)


@pytest.mark.parametrize(
    ("language", "why"),
    [
        ("en", "{name} exchanges: 1-5 choose the cards to throw (at most 3), 0 none, Enter exchanges."),
        ("nb", "{name} bytter kort: 1-5 velger kortene som kastes (høyst 3), 0 ingen, Enter bytter."),
    ],
)
@pytest.mark.parametrize("key", ["x", "9", "6"])
def test_a_key_that_does_nothing_in_the_exchange_says_which_keys_choose(tmp_path, language, why, key):
    ctl, *_ = to_exchange(tmp_path, language)
    name = ctl.state.names[ctl.to_act]
    press(ctl, key)
    assert ctl.message is not None and ctl.message.endswith(why.format(name=name)), ctl.message
    assert ctl.message.startswith(("The key " if language == "en" else "Tasten ") + key)


@pytest.mark.parametrize(
    ("language", "why"),
    [
        ("en", "{name} chooses cards to throw in the exchange, not in a betting round."),
        ("nb", "{name} velger kort å kaste i kortbyttet, ikke i en innsatsrunde."),
    ],
)
def test_a_card_key_in_a_betting_round_says_the_cards_are_chosen_in_the_exchange(tmp_path, language, why):
    ctl = started(table(tmp_path, language, computer=(False, False), names=("Anna", "Bjorn")))
    press(ctl, ENTER)
    name = ctl.state.names[ctl.to_act]
    press(ctl, "2")
    assert ctl.message is not None and why.format(name=name) in ctl.message, ctl.message


@pytest.mark.parametrize(
    ("language", "why"),
    [
        ("en", "{name} has exchanged: press Enter to hide the cards."),
        ("nb", "{name} har byttet kort: trykk Enter for å skjule kortene."),
    ],
)
def test_a_card_key_after_the_exchange_says_it_is_made(tmp_path, language, why):
    ctl, *_ = to_exchange(tmp_path, language)
    name = ctl.state.names[ctl.to_act]
    press(ctl, "1" + ENTER)  # the exchange made: the player sees the new cards before the laptop is passed on
    press(ctl, "1")
    assert ctl.message is not None and why.format(name=name) in ctl.message, (ctl.screen, ctl.message)


def test_three_card_poker_s_boxes_are_said_with_the_player_s_name(tmp_path):
    from tests.test_client_evening import watch

    ctl = started(
        table(tmp_path, "en", computer=(False, False), names=("Anna", "Bjorn"), ruleset="three-card-poker-ru")
    )
    press(ctl, ENTER)
    name = ctl.state.names[ctl.to_act]
    limits = ctl.session.legal().limits
    assert "boxes" in ctl.bets.fields(limits)
    while ctl.bets.current(limits) != "boxes":
        watch(ctl, "\x1b[B")
    watch(ctl, "\x1b[D" * 3)
    assert ctl.message is not None and ctl.message.startswith(f"{name} may play 1 to "), ctl.message
