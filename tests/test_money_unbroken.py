"""An amount of money and its currency stay on one line: seen on the last
screen at 80×24, "In money: Annabelle wins 4.00 NOK, Bjørnar wins 4.00 NOK,
Catharina wins 4.00" and "NOK, the bank loses 12.00 NOK." on the next line.
The screens' wrappers never break between an amount and its currency, and
the lines a phone is sent keep them together too (a no-break space: the
phone's page wraps its own lines)."""

from __future__ import annotations

import random
import re

import pytest

from drawpoker.client.lines import plain, wrap, wrap_line

#: a line broken between an amount and its currency: a number at a line's end, a currency code at the next's start
SPLIT = re.compile(r"[0-9]\s*\n\s*[A-Z]{3}\b")


def joined(lines: list[str]) -> str:
    return "\n".join(line.rstrip() for line in lines)


@pytest.mark.parametrize("columns", range(14, 60))
def test_wrap_keeps_an_amount_with_its_currency(columns):
    text = (
        "In money: Annabelle wins 4.00 NOK, Bjørnar wins 4,00 NOK, Catharina wins +12.50 SEK, the bank loses 120 EUR."
    )
    lines = wrap(text, columns)
    assert not SPLIT.search(joined(lines)), lines
    assert " ".join(" ".join(lines).split()) == text  # (nothing lost, no word cut)


@pytest.mark.parametrize("columns", range(14, 60))
def test_wrap_line_keeps_an_amount_with_its_currency(columns):
    line = [
        ("", "In money: Annabelle wins 4.00 NOK, Bjørnar wins "),
        ("class:pot", "4,00 NOK"),
        ("", ", the bank loses 120 EUR."),
    ]
    lines = [plain(part) for part in wrap_line(line, columns)]
    assert not SPLIT.search(joined(lines)), lines


def test_a_short_line_still_breaks_where_it_must():
    assert wrap("wins 4.00 NOK", 5) == ["wins", "4.00", "NOK"]  # (an amount and currency wider than the line)


def _session_over(tmp_path, language):
    from drawpoker.client.controller import SESSION_OVER, Controller
    from drawpoker.client.launch import new_session
    from drawpoker.client.look import Look
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.money import parse_chip_value
    from drawpoker.words.i18n import translator
    from tests.changed_rules import changed_rules
    from tests.test_client_table_menu import press, started

    rules = changed_rules("three-card-poker", dealer__mode="house_bank", session__chip_value=parse_chip_value("2 NOK"))
    names = ["Annabelle", "Bjørnar", "Catharina"]
    session = new_session(rules, names, [True] * 3, tmp_path / "h.jsonl", RandomShuffler(1), random.Random(1))
    ctl = started(Controller(translator(language), Look(), session=session, pause=0))
    press(ctl, "tey\r")
    assert ctl.screen == SESSION_OVER
    return ctl


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_last_screen_keeps_each_amount_with_its_currency(tmp_path, language):
    from drawpoker.client.screens import screen_text

    ctl = _session_over(tmp_path, language)
    screen = screen_text(ctl, 80, 24)
    assert "NOK" in screen and not SPLIT.search(screen), screen


def test_the_settle_up_a_phone_is_sent_keeps_each_amount_with_its_currency(tmp_path):
    from drawpoker.client.phones import PhoneLink

    ctl = _session_over(tmp_path, "en")
    news = PhoneLink(None, "127.0.0.1").public(ctl, None)  # type: ignore[arg-type]  (no server: what it would send)
    lines = [line for line in news["result"] if "NOK" in line]
    assert lines and all(re.search(r"[0-9]\u00a0NOK", line) for line in lines)
    assert not any(re.search(r"[0-9] NOK", line) for line in lines)
