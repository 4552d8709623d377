"""The draw coach (issue 14): H shows the player to act the exact odds of
each sensible exchange, over the cards that player has not seen; the
numbers equal a brute-force count of every draw, made here."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from drawpoker.cards import deck_of, parse_cards
from drawpoker.client.controller import HANDOVER, TURN, WATCH, Controller
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.setup import SetupModel
from drawpoker.games.draw.odds import field_strength
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.hands import Category, hand_parts, strength
from drawpoker.ranking import ranking_for
from drawpoker.words.i18n import translator
from tests.changed_rules import changed_rules
from tests.test_client_flows import ENTER, QUIT, drive, starter

EN = translator("en")
RULES = changed_rules("morkpoker", session__deals=1)
STOCK = parse_cards("2c 8d 8s As Kd Qh")
SETUP_2 = "2" + ENTER + "Anna" + ENTER + "Bjørn" + ENTER + ENTER + ENTER + ENTER  # (who deals first: Anna)
WORDS = {
    Category.HIGH_CARD: "high card",
    Category.ONE_PAIR: "one pair",
    Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush",
}


def brute_force(keep, unseen) -> tuple[Counter, int]:
    """Every draw to ``keep`` from ``unseen``, counted by final category."""
    counts: Counter = Counter()
    total = 0
    for draw in combinations(unseen, 5 - len(keep)):
        category, _ = hand_parts(strength(tuple(keep) + draw))
        counts[WORDS[category]] += 1
        total += 1
    return counts, total


def _controller(tmp_path: Path, anna, bjorn, **kw) -> Controller:
    deck = stacked_deck({0: anna, 1: bjorn}, button=0, seats=2)
    start = starter(RULES, tmp_path / "coach.jsonl", (20, 20), deck)
    return Controller(EN, Look(), setup=SetupModel(RULES, EN), start=start, **kw)


@pytest.mark.parametrize(
    "bjorn",
    [
        "Kh Ks Jc Jd 4c",  # two pair: stand pat, draw one, or break them
        "9h 8h 7h 2h Qs",  # four to a flush beside a gutshot
        "Ac Kd 9h 5s 2c",  # nothing: keep the ace and king, or three to a wheel
    ],
)
def test_the_coachs_odds_equal_a_brute_force_count(tmp_path, bjorn):
    anna = parse_cards("Ah Ad 7c 4s 2d")
    ctl = _controller(tmp_path, anna, parse_cards(bjorn))
    # heads-up, Bjørn first: he bets, Anna calls; his exchange, and H
    drive(ctl, SETUP_2 + ENTER + "b" + ENTER + "c" + ENTER + "h" + QUIT)
    assert ctl.screen == TURN and ctl.phase == "exchange" and ctl.to_act == 1 and ctl.coach_shown
    hand = ctl.session.state.hands[1]
    unseen = [c for c in deck_of(0) if c not in hand]  # Bjørn has seen only his own cards
    odds = ctl.coach_odds()
    assert len(odds.choices) >= 2
    text = screen_text(ctl)
    assert "The odds of each exchange" in text and "★" in text
    for choice in odds.choices:
        counts, total = brute_force(choice.keep, unseen)
        assert choice.draws == total
        assert dict(choice.outcomes) == pytest.approx({w: n / total for w, n in counts.items()}, rel=1e-12)
    best = odds.best
    counts, total = brute_force(best.keep, unseen)
    now = hand_parts(strength(tuple(hand)))[0]
    better = sum(n for w, n in counts.items() if next(c for c, x in WORDS.items() if x == w) > now)
    assert best.p_better == pytest.approx(better / total, rel=1e-12)
    # the best choice is the one worth most after the draw: its chance to beat the
    # sensible opponent (heads-up: one), each draw's final hand counted here
    field = field_strength(ranking_for(), RULES.draw.max_cards)
    worth = {}
    for choice in odds.choices:
        finals = [strength(tuple(choice.keep) + draw) for draw in combinations(unseen, 5 - len(choice.keep))]
        worth[choice.label] = sum(field[s] for s in finals) / len(finals)
        assert choice.worth == pytest.approx(worth[choice.label], rel=1e-12)
    assert worth[best.label] == max(worth.values())
    assert f"against a sensible opponent {100 * best.worth:.1f}% of the time" in " ".join(text.split())
    if best.discard:
        assert f"a better hand than now {100 * better / total:.1f}%" in " ".join(text.split())


def test_the_odds_leave_out_the_cards_the_player_has_seen(tmp_path):
    # triple draw: at the second exchange Bjørn's first discards are seen cards
    rules = changed_rules("morkpoker", session__deals=1, draw__exchanges=2)
    deck = stacked_deck({0: parse_cards("Ah Ad 7c 4s 2d"), 1: parse_cards("Kh Ks Jc Jd 4c")}, 0, 2, STOCK)
    start = starter(rules, tmp_path / "two.jsonl", (20, 20), deck)
    ctl = Controller(EN, Look(), setup=SetupModel(rules, EN), start=start)
    first = ENTER + "b" + ENTER + "c" + ENTER + "5" + ENTER + ENTER + ENTER + "0" + ENTER + ENTER
    drive(ctl, SETUP_2 + first + ENTER + "k" + ENTER + "k" + ENTER + "h" + QUIT)
    assert ctl.phase == "exchange" and ctl.to_act == 1 and ctl.coach_shown
    hand = ctl.session.state.hands[1]
    thrown = parse_cards("4c")
    unseen = [c for c in deck_of(0) if c not in hand and c not in thrown]
    for choice in ctl.coach_odds().choices:
        counts, total = brute_force(choice.keep, unseen)
        assert choice.draws == total
        assert dict(choice.outcomes) == pytest.approx({w: n / total for w, n in counts.items()}, rel=1e-12)


def test_h_while_betting_before_the_exchange_and_gone_after_the_action(tmp_path):
    ctl = _controller(tmp_path, parse_cards("Ah Ad 7c 4s 2d"), parse_cards("Kh Ks Jc Jd 4c"))
    drive(ctl, SETUP_2 + ENTER + "h" + QUIT)
    assert ctl.phase == "betting" and ctl.coach_shown and "The odds of each exchange" in screen_text(ctl)
    drive(ctl, "b" + QUIT)  # the bet hides it; Anna's hand-over shows nothing of it
    assert ctl.screen == HANDOVER and not ctl.coach_shown
    assert "odds" not in screen_text(ctl) and "K♥" not in screen_text(ctl)
    drive(ctl, "h" + QUIT)  # H on a hand-over does nothing but say so
    assert ctl.screen == HANDOVER and not ctl.coach_shown and "does nothing here" in screen_text(ctl)


def test_never_on_a_computers_turn(tmp_path):
    deck = stacked_deck({0: parse_cards("Ah Ad 7c 4s 2d"), 1: parse_cards("Kh Ks Jc Jd 4c")}, 0, 2, STOCK)
    start = starter(RULES, tmp_path / "solo.jsonl", (20, 20), deck)
    # Anna alone against the computer Bjørn, with a pause so the computer's turn stays on screen
    ctl = Controller(EN, Look(), setup=SetupModel(RULES, EN), start=start, pause=30)
    drive(ctl, "2" + ENTER + "Anna" + ENTER + "Bjørn" + ENTER + "2" + ENTER + ENTER + ENTER + "h" + QUIT)
    assert ctl.screen == WATCH and ctl.to_act == 1
    assert not ctl.coach_shown and "The odds of each exchange" not in screen_text(ctl)
    ctl.toggle_coach()
    assert not ctl.coach_shown
