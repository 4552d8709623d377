"""A player who is broke and away, under ``when_broke: sit_out``, is said to
sit out (the reason that matters: coming back, they would sit out the rest
of the session, as every broke player then does), on the laptop's table and
in the phones' view; one who may still buy again is away, as before.

Seen: Bo, all in from the ante, lost his last chip; the table sat him out
(the menu's "sits out") between deals; every deal after showed "away" under
"0 chips", as if he might come back and play."""

from __future__ import annotations

import attrs
import pytest

from drawpoker.bots.seat import SeatBot, strategy
from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.games.evening import SitOut
from drawpoker.games.view import phone_view, seat_view
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.phones_table import stacked, tcp_deck

BO = 1


def _draw_table(when_broke: str):
    """Ada, Bo (one chip: all in from the ante, with the worst hand) and Cy; Bo, broke, sits out; the next deal."""
    rules = load_rules("morkpoker")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, when_broke=when_broke, rebuy_amount=10))
    game = game_for(rules)
    state = game.new_state()
    game.handle(state, game.sit_down(("Ada", "Bo", "Cy"), (10, 1, 10)))
    game.handle(state, game.start_deal(stacked(["Ah Ad As Ac Kd", "7c 5d 4h 3s 2c", "Qh Qd Js Jc 9c"], "8d 8s 8h")))
    bots = [SeatBot(strategy("calling-station", rules), seat) for seat in range(3)]
    while state.phase != "between_deals":
        game.handle(state, bots[state.to_act].command(game, state))
    assert state.stacks[BO] == 0
    game.handle(state, SitOut(BO))
    game.handle(state, game.start_deal(RandomShuffler(3).shuffle(0)[0]))
    assert state.away[BO] and not state.out[BO]  # (the engine, as before: an away seat is not dealt in)
    return game, state


def _tcp_table(when_broke: str):
    """Three Card Poker, Ada dealing: Bo (one stake) asks to sit out during the round and loses it all; the next."""
    rules = load_rules("three-card-poker-home")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, when_broke=when_broke, rebuy_amount=10))
    game = game_for(rules)
    state = game.new_state()
    game.handle(state, game.sit_down(("Ada", "Bo", "Cy"), (20, game.min_stake, 20)))
    game.handle(state, game.start_deal(tcp_deck(["2c 5d 9h", "3c 6d 8s"], "Ah Ad Kc")))  # Bo's box, Cy's, the dealer
    game.handle(state, SitOut(BO))  # (asked during the round: carried out as it ends)
    bots = [SeatBot(strategy("calling-station", rules), seat) for seat in range(3)]
    while state.phase != "between_deals":
        game.handle(state, bots[state.to_act].command(game, state))
    assert state.stacks[BO] == 0 and state.away[BO] and not state.out[BO]
    game.handle(state, game.start_deal(RandomShuffler(3).shuffle(0)[0]))
    return game, state


def _table_text(game, state, language: str = "en") -> str:
    from drawpoker.client.draw import view as draw
    from drawpoker.client.three_card import view as three_card

    view = three_card if game.rules.game == "three-card-poker" else draw
    lines = view.table_lines(state, game.legal_actions(state), translator(language), Look(), 80, game.rules)
    return "\n".join(plain(line) for line in lines)


@pytest.mark.parametrize("table", [_draw_table, _tcp_table], ids=["draw", "three-card"])
@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_broke_player_away_under_sit_out_is_said_to_sit_out_on_the_laptop(table, language):
    game, state = table("sit_out")
    tr = translator(language)
    text = _table_text(game, state, language)
    assert tr._("sitting out") in text and tr._("away") not in text.replace(tr._("sitting out"), "")


@pytest.mark.parametrize("table", [_draw_table, _tcp_table], ids=["draw", "three-card"])
def test_a_broke_player_away_under_sit_out_is_out_in_every_seat_s_view_and_on_the_phones(table):
    game, state = table("sit_out")
    for seat in range(3):
        view = seat_view(game, state, seat)
        assert view.seats[BO].sitting_out if hasattr(view, "seats") else view.out[BO]
        seats = phone_view(game, state, seat)["seats"]
        assert seats[BO]["out"] and seats[BO]["away"]  # the phone's page says "sitting out" where out is set


@pytest.mark.parametrize("table", [_draw_table, _tcp_table], ids=["draw", "three-card"])
def test_a_broke_player_away_who_may_buy_again_is_away_as_before(table):
    game, state = table("rebuy")
    text = _table_text(game, state)
    assert "away" in text and "sitting out" not in text
    assert not phone_view(game, state, 0)["seats"][BO]["out"]
