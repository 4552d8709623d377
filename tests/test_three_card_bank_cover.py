"""A house bank that refuses the bets it could not cover (``when_bank_short: refuse_bets``) with a small
bank: Pair Plus (40:1) could never be placed against a bank of 30, yet the slip offered it, and ``rules
check`` said ok. Now ``rules check`` (and so ``play``) refuses such rules, naming the bank the bet needs;
the slip offers each bet only as far as the bank would take it, says so, and a refusal names the largest
ante the bank would take."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.words.i18n import translator
from tests.test_three_card_bank_short import _slip
from tests.test_three_card_rules import Table, house

SMALL = """extends: three-card-poker
description: small bank
dealer:
  mode: house_bank
  bank: {bank}
  when_bank_short: refuse_bets
session:
  deals: 6
"""


def _check(tmp_path, capsys, bank: int, *more: str) -> tuple[int, str]:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL.format(bank=bank), encoding="utf-8")
    status = main(["rules", "check", str(path), *more])
    captured = capsys.readouterr()
    return status, (captured.out + captured.err).replace(str(path), "small.yaml")


def test_rules_check_refuses_a_bank_that_cannot_cover_one_chip_of_an_offered_side_bet(tmp_path, capsys):
    status, said = _check(tmp_path, capsys, 30)
    assert status != 0
    assert (
        "small.yaml:5: dealer.bank: a house bank of 30 chips cannot cover one chip of Pair Plus: it could cost the "
        "bank 40; give it at least 40 chips, or do not offer Pair Plus"
    ) in said
    assert (
        "small.yaml:5: dealer.bank: a house bank of 30 chips cannot cover one chip of the Six Card Bonus beside the "
        "smallest ante: they could cost it 1007; give it at least 1007 chips, or do not offer the Six Card Bonus"
    ) in said
    assert "Prime" not in said  # (4:1 beside an ante of 1: 11 chips, the bank covers it)
    status, norsk = _check(tmp_path, capsys, 30, "--lang", "nb")
    assert "en husbank på 30 sjetonger kan ikke dekke én sjetong på Pair Plus: den kan koste banken 40" in norsk
    assert "ikke tilby Six Card Bonus" in norsk


def test_rules_check_refuses_a_bank_too_small_for_the_smallest_bet(tmp_path, capsys):
    status, said = _check(tmp_path, capsys, 5)
    assert status != 0
    assert said.strip() == (
        "drawpoker rules check: small.yaml:5: dealer.bank: a house bank of 5 chips cannot cover the smallest bet: "
        "an ante of 1 could cost it 7; give it at least 7 chips"
    ) or said.strip().endswith(
        "small.yaml:5: dealer.bank: a house bank of 5 chips cannot cover the smallest bet: an ante of 1 could "
        "cost it 7; give it at least 7 chips"
    )


def test_a_bank_that_covers_every_offered_bet_is_accepted(tmp_path, capsys):
    status, said = _check(tmp_path, capsys, 1007)
    assert status == 0, said


def test_the_slip_offers_each_bet_only_as_far_as_the_bank_would_take_it():
    t = Table(3, house(dealer__bank=30, dealer__when_bank_short="refuse_bets"))
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    limits = t.legal.limits
    # an ante costs the bank up to 7 a chip: 4 of 30; Pair Plus 40 and the Six Card Bonus 1000 a chip: none;
    # Prime 4 a chip beside the smallest ante's 7: 5
    assert (limits.ante_max, limits.pair_plus_max, limits.pair_plus_alone, limits.prime_max, limits.six_card_max) == (
        4,
        0,
        False,
        5,
        0,
    )
    for each in (4, (1, 0, 5)):  # each bet as far as offered is taken
        other = Table(3, house(dealer__bank=30, dealer__when_bank_short="refuse_bets"))
        other.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
        other.bet("A", each)
    assert t.refused(t.bets("A", (4, 0, 5))).endswith("alone is 4")  # (together: the refusal says the largest ante)
    shown = _slip(t, "en")
    assert "Pair Plus" not in shown and "Six Card" not in shown and "Prime 0" in shown
    assert "The bank can cover 30 more this round: the slip offers only what it would take." in shown
    assert "Banken kan dekke 30 til denne runden" in _slip(t, "nb")


def test_an_unlimited_or_paying_in_order_bank_changes_nothing_in_the_slip():
    t = Table(3, house(dealer__bank=30))  # pay_in_order: bets are not refused
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    limits = t.legal.limits
    assert (limits.ante_max, limits.pair_plus_max, limits.six_card_max, limits.bank_can_cover) == (10, 10, 10, None)
    assert "The bank can cover" not in _slip(t, "en")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "; the largest ante it would take alone is 4"),
        ("nb", "; den største startinnsatsen den ville ta alene, er 4"),
    ],
)
def test_a_bet_the_bank_refuses_names_the_largest_ante_it_would_take(language, said):
    from drawpoker.words.refusals import translate_refusal

    t = Table(3, house(dealer__bank=30, dealer__when_bank_short="refuse_bets"))
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    why = t.refused(t.bets("A", 10))
    assert why is not None and why.endswith("; the largest ante it would take alone is 4")
    assert translate_refusal(why, translator(language), None).endswith(said)


def test_a_side_bet_that_pays_nothing_costs_a_refusing_bank_nothing():
    """Found by Hypothesis (test_three_card_machine): Prime offered but paying 0 and 0 cost the bank
    nothing a chip, and the slip's limits divided by that (ZeroDivisionError): the bank takes it all."""
    t = Table(
        3,
        house(dealer__bank=30, dealer__when_bank_short="refuse_bets", prime__pays=0, prime__pays_with_dealer=0),
    )
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    assert t.legal.limits.prime_max == 10
