"""Three Card Poker's seat view in the phones' shape
(:func:`drawpoker.games.three_card.view.phone_form`): the documented shape
(``drawpoker.phones.protocol.view_problems``) in every state random play
reaches, and private by construction -- another seat's box cards only once
the table has turned the box over, the dealer's only once shown, the hint
only for the seat deciding and only when the table gives it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.bots.seat import SeatBot, strategy
from drawpoker.cards import parse_cards
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card.state import box_shown
from drawpoker.games.view import phone_view
from drawpoker.phones.protocol import view_problems
from drawpoker.rules import load_rules
from drawpoker.words.i18n import Translator
from tests.phones_table import tcp_deck

RULESETS = [
    "three-card-poker",
    "three-card-poker-no",
    "three-card-poker-ro",
    "three-card-poker-ru",
    "three-card-poker-sv",
    "three-card-poker-home",
]
_CARD = re.compile(r'"((?:[2-9TJQKA])[shdc])"')


def allowed(state: Any, seat: int, rules: Any) -> set[str]:
    """The cards ``seat``'s phone may be sent now: its own boxes', the dealer's once shown, boxes turned over."""
    out = {str(c) for c in state.dealer_cards}
    for box in state.boxes:
        if box.seat == seat or box_shown(box, rules):
            out.update(str(c) for c in box.cards)
    return out


def check(game: Any, state: Any, seat: int, coach: bool = True) -> dict:
    """``seat``'s phone view, checked: its shape, the cards in it, its legal part against the engine's."""
    view = phone_view(game, state, seat, coach=coach)
    assert view_problems(view) == [], view_problems(view)
    text = json.dumps(view, ensure_ascii=False, allow_nan=False)
    sent = set(_CARD.findall(text))
    assert sent <= allowed(state, seat, game.rules), sorted(sent - allowed(state, seat, game.rules))
    for box, shown in zip(state.boxes, view["boxes"], strict=True):  # every box's bets, public
        assert [shown[k] for k in ("seat", "ante", "pair_plus", "prime", "six_card", "play", "folded")] == [
            box.seat,
            box.ante,
            box.pair_plus,
            box.prime,
            box.six_card,
            box.play,
            box.folded,
        ]
    legal = game.legal_actions(state)
    if state.to_act != seat or legal.seat is None:
        assert view["legal"] is None and view["hint"] is None
    elif state.phase == "betting":
        assert view["legal"]["limits"] == legal.limits._asdict()
        assert view["legal"]["actions"] == (["place", "sit_out"] if "bet" in legal.options else ["sit_out"])
        assert view["hint"] is None
    else:
        assert view["legal"]["box"] == legal.box and view["legal"]["play_amount"] == legal.play_amount
        assert view["hint"] == (game.hint(state.boxes[legal.box].cards) if coach else None)
    return view


def play(ruleset: str, players: int, seed: int, decisions: int, coach: bool = True) -> tuple[int, str]:
    """Random play (the random strategy, through the seats' own views); every
    seat's phone view checked at every step. The views checked, and the phase reached."""
    rules = load_rules(ruleset)
    game = game_for(rules)
    lo, hi = game.seat_range()
    players = max(lo, min(hi, players))
    state = game.new_state()
    game.handle(state, game.sit_down(tuple(f"P{i}" for i in range(players)), (rules.session.starting_stack,) * players))
    shuffler = RandomShuffler(seed, 0)
    bots = [SeatBot(strategy("random", rules), seed + i, None, rules) for i in range(players)]
    checked = 0
    for _ in range(decisions):
        for seat in range(players):
            check(game, state, seat, coach)
            checked += 1
        if state.phase == "session_over":
            break
        if state.phase == "between_deals":
            game.handle(state, game.start_deal(*shuffler.shuffle()))
        else:
            game.handle(state, bots[state.to_act].command(game, state))
    return checked, state.phase


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(1, 6), st.integers(0, 10**6), st.booleans())
def test_every_phone_view_has_the_shape_and_only_the_cards_its_seat_may_see(ruleset, players, seed, coach):
    assert play(ruleset, players, seed, 40, coach)[0] > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_whole_session_of_each_ruleset(ruleset):
    checked, phase = play(ruleset, 4, 11, 600)
    assert phase == "session_over" and checked > 40


def _table(ruleset: str, players: int, deck: tuple) -> tuple[Any, Any]:
    game = game_for(load_rules(ruleset))
    state = game.new_state()
    game.handle(state, game.sit_down(tuple("ABCDEF"[:players]), (40,) * players))
    game.handle(state, game.start_deal(deck))
    return game, state


def _cards(view: dict) -> set[str]:
    return set(_CARD.findall(json.dumps(view)))


def test_a_folded_box_whose_pair_plus_is_forfeited_is_never_turned_over():
    """The Romanian rules forfeit Pair Plus on a fold: B's folded box is
    never shown to A, not even after the round; A's played box is, to B."""
    game, state = _table("three-card-poker-ro", 2, tcp_deck(["Ah Ad 4c", "Kh Kd 2s"], "Qs 8d 3c"))
    game.handle(state, cmd.PlaceBets(0, (cmd.BoxBet(2, 0, 0, 0),)))
    game.handle(state, cmd.PlaceBets(1, (cmd.BoxBet(1, 3, 0, 0),)))
    a_cards, b_cards = {"Ah", "Ad", "4c"}, {"Kh", "Kd", "2s"}
    assert _cards(check(game, state, 1)) == b_cards
    assert _cards(check(game, state, 0)) == a_cards
    game.handle(state, cmd.Play(0, 0))
    assert _cards(check(game, state, 1)) == b_cards  # A played, but nothing is settled yet
    game.handle(state, cmd.Fold(1, 1))
    assert state.phase == "between_deals"
    assert _cards(check(game, state, 1)) == b_cards | a_cards | {"Qs", "8d", "3c"}
    assert _cards(check(game, state, 0)) == a_cards | {"Qs", "8d", "3c"}  # B's box: never
    view = check(game, state, 0)
    assert view["boxes"][1]["cards"] == [] and view["boxes"][1]["result"] == list(state.boxes[1].result)
    assert view["dealer_cards"] == ["Qs", "8d", "3c"] and view["qualifies"] is True


def test_pair_plus_alone_and_a_paid_fold_are_turned_over():
    """Norwegian rules: Pair Plus alone needs no decision and is settled on
    its cards; a fold's Pair Plus is paid -- both boxes are seen once settled."""
    game, state = _table("three-card-poker-no", 3, tcp_deck(["7h 7d 2c", "9s 9c 4d"], "Ks Jd 3c"))
    dealer = state.dealer
    bettors = [seat for seat in (1, 2, 0) if seat != dealer]
    game.handle(state, cmd.PlaceBets(bettors[0], (cmd.BoxBet(0, 2, 0, 0),)))  # Pair Plus alone
    game.handle(state, cmd.PlaceBets(bettors[1], (cmd.BoxBet(1, 1, 0, 0),)))
    assert _cards(check(game, state, dealer)) == set()
    assert _cards(check(game, state, bettors[0])) == {"7h", "7d", "2c"}
    assert check(game, state, bettors[0])["legal"] is None  # Pair Plus alone: no decision to make
    game.handle(state, cmd.Fold(bettors[1], 1))
    assert _cards(check(game, state, dealer)) == {"7h", "7d", "2c", "9s", "9c", "4d", "Ks", "Jd", "3c"}


def test_the_hint_only_when_the_table_gives_it():
    game, state = _table("three-card-poker-ru", 2, tcp_deck(["Qh 6d 4c", "2s 3d 5h"], "As Kd 9c"))
    game.handle(state, cmd.PlaceBets(0, (cmd.BoxBet(1, 0, 0, 0), cmd.BoxBet(1, 0, 0, 0))))
    game.handle(state, cmd.PlaceBets(1, ()))
    with_hint = phone_view(game, state, 0)
    assert with_hint["legal"] == {"actions": ["play", "fold"], "limits": None, "box": 0, "play_amount": 1}
    assert with_hint["hint"] == "play"  # Q-6-4: the optimal strategy plays it
    assert phone_view(game, state, 0, coach=False)["hint"] is None
    assert phone_view(game, state, 1)["hint"] is None and phone_view(game, state, 1)["legal"] is None
    game.handle(state, cmd.Play(0, 0))
    assert phone_view(game, state, 0)["hint"] == "fold" and phone_view(game, state, 0)["legal"]["box"] == 1


def test_the_title_in_the_tables_language():
    game, state = _table("three-card-poker", 2, tcp_deck([], "As Kd 9c"))
    assert phone_view(game, state, 0)["title"] == "Three Card Poker"
    assert phone_view(game, state, 0, words=Translator("nb"))["title"] == Translator("nb")._("Three Card Poker")


def test_the_check_finds_a_card_the_seat_may_not_see():
    """The privacy check can fail: a planted card of another box is caught."""
    game, state = _table("three-card-poker-ru", 2, tcp_deck(["Ah Ad 4c", "Kh Kd 2s"], "Qs 8d 3c"))
    game.handle(state, cmd.PlaceBets(0, (cmd.BoxBet(1, 0, 0, 0),)))
    game.handle(state, cmd.PlaceBets(1, (cmd.BoxBet(1, 0, 0, 0),)))
    view = phone_view(game, state, 0)
    view["boxes"][1]["cards"] = [str(c) for c in parse_cards("Kh Kd 2s")]
    assert not set(_CARD.findall(json.dumps(view))) <= allowed(state, 0, game.rules)
