"""``bench/jackpots_calibration.py``: the ladder it reads hands on puts
each category and rank on its own rung, in order, and what it records of
strong's reads after the exchange are distributions over that ladder, with
the other's true hand on it."""

from __future__ import annotations

import pytest

from tests.bench_tools import load_bench

calibration = load_bench("jackpots_calibration.py", "bench_jackpots_calibration")


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        ("Ah Kd 9c 7s 2h", "high card"),
        ("2h 2d 9c 7s 4h", "pair 2"),
        ("Ah Ad 9c 7s 4h", "pair A"),
        ("3h 3d 2c 2s 4h", "two pair 3 up"),
        ("Ah Ad Kc Ks 4h", "two pair A up"),
        ("7h 7d 7c Ks 4h", "trips"),
        ("5h 6d 7c 8s 9h", "straight"),
        ("2h 6h 7h 8h Jh", "flush"),
        ("7h 7d 7c Ks Kh", "full house+"),
        ("7h 7d 7c 7s Kh", "full house+"),
    ],
)
def test_each_hand_is_on_its_rung(hand, name):
    from drawpoker.bots.draw.strong import _models
    from drawpoker.cards import parse_cards
    from drawpoker.rules import load_rules

    model = _models(load_rules("jackpots"))
    assert calibration.RUNGS[calibration.rung(model, model.ranking.strength(tuple(parse_cards(hand))))] == name


def test_the_reads_recorded_are_distributions_on_the_ladder():
    records = calibration.play(3, 10)
    assert records, "strong decided after the exchange in ten deck sets"
    for r in records:
        assert sum(r.prior) == pytest.approx(1.0) and sum(r.used) == pytest.approx(1.0)
        assert 0 <= r.truth < len(calibration.RUNGS) and 0.0 <= r.equity <= 1.0 and r.won in (0.0, 0.5, 1.0)
        role, drew, _ = r.cell.split(" ")
        assert role in ("opener", "caller") and drew.startswith("drew")
    lines = calibration.report(records, 1, True)
    assert lines[0].startswith(f"{len(records)} decisions after the exchange")


def test_the_answers_asked_on_a_copy_leave_the_play_as_it_was():
    """``--answers`` asks sensible, on a copy of the table and with a copy of
    its randomness, what it would answer to a bet or raise strong could make:
    the match is the same move for move with and without the asking, and
    each answer is one of sensible's acts beside strong's foreseen shares
    (fold, call, raise: together one)."""
    plain = calibration.play(4, 8)
    calibration.Watching.answers = []
    asked = calibration.play(4, 8, answers=True)
    answers = list(calibration.Watching.answers)
    calibration.Watching.answers = []
    assert [(r.cell, r.truth, r.mine, r.act) for r in asked] == [(r.cell, r.truth, r.mine, r.act) for r in plain]
    assert answers, "strong could bet or raise after the exchange in eight deck sets"
    for a in answers:
        assert a.act in ("bet", "raise") and a.truth in ("fold", "call", "raise")
        assert min(a.fold, a.call, a.raise_) >= 0.0 and a.fold + a.call + a.raise_ == pytest.approx(1.0)
    assert any(a.did for a in answers) and not all(a.did for a in answers)
    lines = calibration.answers_report(answers)
    assert lines[0].startswith(f"{len(answers)} decisions where strong could bet or raise")
