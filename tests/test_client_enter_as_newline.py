"""Enter that reaches the table as a newline (Ctrl-J: typed ahead while the
program starts, the terminal still in its line mode, or a terminal that sends
"\\n" for Enter) is Enter (seen: `drawpoker play --resume` and an Enter pressed
at once: "The key Enter does nothing here. Press Enter to go on, or ? for
help.")."""

from __future__ import annotations

import pytest

from drawpoker.client.controller import DEAL_OVER, HANDOVER, RESUMED, Controller
from drawpoker.client.launch import resume
from drawpoker.client.look import Look
from drawpoker.words.i18n import translator
from tests.test_client_table_menu import press, started, table


def test_a_newline_goes_on_from_the_end_of_a_deal_as_enter_does(tmp_path):
    ctl = started(table(tmp_path, "en"))  # (the computer plays every seat: the first deal is over)
    assert ctl.screen == DEAL_OVER
    deals = ctl.session.state.deal
    press(ctl, "\n")
    assert ctl.message is None or "does nothing" not in ctl.message, ctl.message
    assert ctl.session.state.deal > deals


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_newline_goes_on_from_the_resumed_screen_and_at_a_hand_over(tmp_path, language):
    first = started(table(tmp_path, language, computer=(False, False, True)))
    assert first.screen == HANDOVER
    first.session.close()
    session, notes = resume(str(first.session.path), seed=None)
    ctl = Controller(translator(language), Look(), session=session, notes=notes, pause=0)
    assert ctl.screen == RESUMED
    press(ctl, "\n")
    assert ctl.screen == HANDOVER, ctl.message
    press(ctl, "\n")
    assert ctl.screen != HANDOVER and ctl.message is None, ctl.message
