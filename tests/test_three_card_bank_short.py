"""A house bank too low for even the smallest bet (``when_bank_short:
refuse_bets``, eve40): Dina sat down with 40 chips, the bank had 5 chips of
room left, and the laptop said "Dina cannot cover the smallest bet: press S
to sit this round out." -- of a player with 40 chips. It is the bank that
cannot cover it, and the table now says so, in both languages, at the
laptop and on the phone; a player short of chips is still told it is them."""

from __future__ import annotations

import pytest

from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.three_card.bets import BetEditor
from drawpoker.client.three_card.view import slip_lines
from drawpoker.words.i18n import translator
from tests.test_three_card_rules import Table, house


def _slip(table: Table, language: str) -> str:
    slip = BetEditor()
    slip.start(table.legal.seat, table.legal.limits)
    lines = slip_lines(table.state, table.legal, slip, translator(language), Look())
    return "\n".join(plain(line) for line in lines)


def _bank_short() -> Table:
    t = Table(3, house(dealer__bank=30, dealer__when_bank_short="refuse_bets"))
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    t.bet("A", 2)
    t.bet("B", 2)
    assert t.legal.options == ("sit_out",) and t.legal.limits.stack == 100
    return t


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("en", "The bank cannot cover C's smallest bet: press S to sit this round out.", "C cannot cover"),
        ("nb", "Banken kan ikke dekke den minste innsatsen til C: trykk S for å stå over runden.", "C kan ikke"),
    ],
)
def test_a_bank_too_low_for_the_smallest_bet_is_said_to_be_the_banks(language, said, not_said):
    shown = _slip(_bank_short(), language)
    assert said in shown and not_said not in shown


def test_a_player_short_of_chips_is_still_told_it_is_them():
    t = Table(2, house(pair_plus__without_ante=False))
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    t.state.stacks[0] = 1  # (as a lost round would leave A: less than an ante and its Play bet)
    assert t.legal.options == ("sit_out",)
    assert "A cannot cover the smallest bet: press S to sit this round out." in _slip(t, "en")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The bank cannot cover your smallest bet: sit this round out."),
        ("nb", "Banken kan ikke dekke din minste innsats: stå over denne runden."),
    ],
)
def test_the_phone_says_it_is_the_bank_too(language, said):
    from drawpoker.phones.words import page_words

    assert page_words(language)["cannot_cover_bank"] == said
