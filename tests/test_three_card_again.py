"""Three Card Poker: a player with several boxes plays or folds them one
after the other, and a key pressed twice (P P: a double press, or a press
again when the screen seemed slow) played the next box too: box 2 came up
at once under the same keys (ph49, seen in tmux at 80x24). Now the next
box of the same player is a step of its own, "your turn again", as the
draw game's next part is: the second P does nothing and says why, and
Enter shows the box. The phones: tests/test_phones_again_browser.py."""

from __future__ import annotations

import pytest

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from drawpoker.rules import load_rules
from tests.keyboard import DOWN, ENTER, RIGHT, controller, keyboard, setup_keys


@pytest.mark.parametrize(
    ("language", "again", "refused"),
    [
        (
            "en",
            "Anna, your turn again: box 2.",
            "The key P does nothing here. Box 2 is not shown yet: press Enter to see it, then P plays it or F folds it.",
        ),
        (
            "nb",
            "Anna, din tur igjen: boks 2.",
            "Tasten P gjør ingenting her. Boks 2 vises ikke ennå: trykk Enter for å se den, så P for å fortsette"
            " eller F for å gi seg.",
        ),
    ],
)
def test_a_second_p_does_not_play_the_next_box_of_the_same_player(language, again, refused):
    ctl = controller(load_rules("three-card-poker-ru"), language, seed=3)
    kb = keyboard(ctl)
    try:
        kb.press(setup_keys(["Anna", "Bjorn"], dealer=False))
        assert ctl.screen == c.TURN and ctl.state.phase == "betting"
        kb.press(DOWN + DOWN + RIGHT + ENTER)  # Anna takes two boxes
        kb.press(ENTER)  # Bjørn one
        assert [b.seat for b in ctl.state.boxes] == [0, 0, 1]
        kb.press(ENTER)  # the hand-over to Anna
        assert ctl.screen == c.TURN and ctl.state.box_to_act == 0
        kb.press("P")
        assert ctl.state.boxes[0].play == 1 and ctl.state.box_to_act == 1
        assert ctl.screen == c.AGAIN and again in screen_text(ctl, 80, 24)
        kb.press("P")  # the slip: nothing is played, and the line says why
        assert ctl.state.boxes[1].play == 0 and not ctl.state.boxes[1].folded
        assert ctl.screen == c.AGAIN and ctl.message == refused
        kb.press(ENTER)
        assert ctl.screen == c.TURN and ctl.state.box_to_act == 1
        kb.press("F")
        assert ctl.state.boxes[1].folded and ctl.screen == c.HANDOVER  # Bjørn's box: a hand-over, not "again"
        kb.press("\x03y")
    finally:
        kb.close()
