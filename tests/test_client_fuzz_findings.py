"""What fuzzing the keyboard found (tests/test_fuzz_keys.py), each as a
plain example on the real application.

1. A digit of another script or a superscript (², ٣, १: ``str.isdigit``
   says yes, ``int`` refuses ² or reads ٣ as 3) ended the game with an
   exception: at the setup's questions, in the table menu (a seat, an
   add-on, a number of deals), on the phones' codes.
"""

from __future__ import annotations

import pytest

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from tests.keyboard import ENTER, keyboard
from tests.keys_fuzz import new_run, progress_keys, rules_for

ODD_DIGITS = ["²", "٣", "१", "½", "Ⅻ"]


def _at(kb, ctl, screen, most=200):
    """Press the keys that take the table on until it shows ``screen``."""
    for step in range(most):
        if ctl.screen == screen:
            return
        if ctl.screen == c.WATCH:
            ctl.computer_step()
            continue
        kb.press(progress_keys(ctl, step))
    raise AssertionError(f"never reached {screen}: {ctl.screen}")


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_digit_of_another_script_is_answered_at_every_question_of_the_setup(tmp_path, language):
    run = new_run("morkpoker", tmp_path, seed=1, pause=False, language=language)
    ctl = run.ctl
    kb = keyboard(ctl)
    try:
        for keys, step in (("3", "count"), (ENTER * 4, "computers"), (ENTER, "dealer")):
            kb.press(keys)
            assert ctl.setup.step == step
            for digit in ODD_DIGITS:
                before = (ctl.setup.count, list(ctl.setup.computer), ctl.setup.dealer)
                kb.press(digit)  # raised ValueError (invalid literal for int()) at count, computers, dealer
                assert ctl.setup.message, (step, digit)
                assert (ctl.setup.count, list(ctl.setup.computer), ctl.setup.dealer) == before
        kb.press(ENTER + ENTER)
        assert ctl.screen != c.SETUP and len(ctl.session.names) == 3
    finally:
        kb.close()


def test_a_digit_of_another_script_in_the_table_menu_is_answered(tmp_path):
    rules = rules_for("evening")
    assert rules.session.add_on_limit
    run = new_run("evening", tmp_path, seed=1, pause=False)
    ctl = run.ctl
    kb = keyboard(ctl)
    try:
        kb.press("2" + ENTER * 4)
        _at(kb, ctl, c.DEAL_OVER)
        for keys in ("tl", "ts", "td", "td1", "tn", "ta" + "Dag" + ENTER):
            for digit in ODD_DIGITS:
                kb.press(keys)
                assert ctl.menu is not None, keys
                before = (ctl.menu.step, ctl.menu.typing, len(ctl.session.events))
                kb.press(digit)  # raised ValueError at a seat's number; "²" typed as a number broke Enter
                assert ctl.menu is not None and ctl.message, (keys, digit)
                assert (ctl.menu.step, ctl.menu.typing, len(ctl.session.events)) == before
                kb.press(ENTER)  # what was typed (nothing) is taken or refused in words, never an exception
                while ctl.menu is not None:
                    kb.press("\x1b")
        assert "Player 1" in screen_text(ctl)
    finally:
        kb.close()
    ctl.session.close()
    assert verify_history(open_history(run.path)).torn is None


def test_a_digit_of_another_script_on_the_phones_codes_is_answered():
    from drawpoker.client.controller import Controller
    from drawpoker.client.look import Look
    from drawpoker.words.i18n import translator

    class Link:  # the codes' screen asks the link only for the seats
        def seats(self):
            return (0, 1)

        def holds(self, seat):
            return False

    ctl = Controller(translator("en"), Look(), setup=object(), start=lambda setup: None)
    ctl.phones = Link()
    ctl.phones_open = True
    for digit in ODD_DIGITS:
        ctl.message = None
        ctl.phones_key(digit)  # raised ValueError (invalid literal for int(): '²')
        assert ctl.message and "does nothing here" in ctl.message and ctl.phones_at == 0
    ctl.phones_key("2")
    assert ctl.phones_at == 1
