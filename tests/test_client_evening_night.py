"""An evening played as a group plays it (issue 37): what a home game found
wrong on the screens of the evening, each through the real application
(prompt_toolkit pipe input, the screens at 80×24), in both languages."""

from __future__ import annotations

import pytest

from tests.test_client_table_menu import ENTER, press, started, table


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Anna does not buy again. Anna leaves the table with 0 chips."),
        ("nb", "Anna kjøper seg ikke inn igjen. Anna forlater bordet med 0 sjetonger."),
    ],
)
def test_declining_to_buy_again_says_who_declined(tmp_path, language, said):
    # seen: the message line said " does not buy again. Bjørn leaves the table with 0 chips." (the name
    # was read from the table after the player had left)
    ctl = table(tmp_path, language, computer=(False, False, True), when_broke="ask")
    ctl.session.state.stacks[0] = 0  # (as a lost all-in would leave Anna)
    ctl.session.state.stacks[1] += 40
    ctl._advance()
    press(ctl, "n")
    assert ctl.message == said
