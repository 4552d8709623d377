"""After a broke player answers "buy N more?" the table pauses between
deals as it does at every deal's end: "Press Enter for the next deal." and
[T], the table menu (ph49: the next deal began at once, and nobody could
press T between the answer and the deal -- someone leaving, a newcomer
sitting down, the evening's end). The answer is said on the message line;
Enter deals. Through the real application at 80x24, in both languages."""

from __future__ import annotations

import pytest

from drawpoker.client.controller import ASK, DEAL_OVER, HANDOVER, WATCH
from tests.test_client_table_menu import ENTER, broke_anna, press


@pytest.mark.parametrize(
    ("language", "yes", "said", "go_on", "menu"),
    [
        ("en", "y", "Anna rebuys 40 chips.", "Press Enter for the next deal.", "The table: what happens?"),
        (
            "nb",
            "j",
            "Anna kjøper seg inn igjen med 40 sjetonger.",
            "Trykk Enter for neste utdeling.",
            "Bordet: hva skjer?",
        ),
    ],
)
def test_after_the_answer_the_table_pauses_with_the_table_menu_before_the_next_deal(
    tmp_path, language, yes, said, go_on, menu
):
    ctl = broke_anna(tmp_path, language, computer=(False, False, True))
    assert ctl.screen == ASK
    deal = ctl.session.state.deal
    screen = press(ctl, yes)[-1]
    assert ctl.screen == DEAL_OVER and ctl.session.state.deal == deal  # not dealt yet
    assert ctl.message == said and go_on in screen and "[T]" in screen
    assert ctl.session.state.stacks[0] == 40
    screen = press(ctl, "t")[-1]
    assert ctl.menu is not None and menu in screen
    press(ctl, "\x1b")  # back
    assert ctl.menu is None and ctl.screen == DEAL_OVER
    press(ctl, ENTER)
    assert ctl.session.state.deal == deal + 1 and ctl.screen in (HANDOVER, WATCH)


def test_declining_pauses_too(tmp_path):
    ctl = broke_anna(tmp_path, "en", computer=(False, False, True))
    deal = ctl.session.state.deal
    screen = press(ctl, "n")[-1]
    assert ctl.screen == DEAL_OVER and ctl.session.state.deal == deal
    assert "Anna does not buy again." in ctl.message and "Press Enter for the next deal." in screen


def test_the_line_above_the_log_between_deals_is_as_wide_as_at_the_table(tmp_path):
    # between deals it was 78 cells wide in a terminal of 80, where the table's is 80 (ux49 noticed)
    ctl = broke_anna(tmp_path, "en", computer=(False, False, True))
    between = press(ctl, "n")[-1]
    assert ctl.screen == DEAL_OVER
    rules = [line for line in between.splitlines() if line and set(line) == {"─"}]
    assert [len(line) for line in rules] == [80]
