"""What an evening with phones showed of the laptop alone (docs/rules.md
section 6): the message line that said again the log's last line, the
dealer's choice line lost from a resumed deal's log, and the hand words
in Norwegian. Through the real application (prompt_toolkit pipe input,
80x24) and the real controller; each test a second or two."""

from __future__ import annotations

import pytest

from drawpoker.client.controller import DEAL_OVER
from tests.test_client_table_menu import press, started, table


@pytest.mark.parametrize(
    ("language", "leaves"),
    [("en", "Bjørn leaves the table with {n} chips."), ("nb", "Bjørn forlater bordet med {n} sjetonger.")],
)
def test_what_the_table_menu_did_is_said_once_beside_the_log(tmp_path, language, leaves):
    """T, leave, Bjørn: "Bjørn leaves the table with 39 chips." stood twice
    at the foot of the screen, the log's last line and the message line under
    it. Said once now; a refusal (which the log does not hold) still shows."""
    ctl = started(table(tmp_path, language))
    assert ctl.screen == DEAL_OVER
    n = ctl.session.state.stacks[1]
    screens = press(ctl, "tl2")
    said = leaves.format(n=n)
    assert ctl.message == said  # (the message stays: a phone's line, the tests, the next key clear it)
    shown = screens[-1]
    assert shown.count(said) == 1, shown
    assert shown.rstrip().splitlines()[-1] == said  # the log's last line, at the foot
    screens = press(ctl, "x")  # a key that does nothing: said, the log holds nothing of it
    assert ctl.message is not None and ctl.message in " ".join(screens[-1].split())
    assert screens[-1].count(said) == 1
