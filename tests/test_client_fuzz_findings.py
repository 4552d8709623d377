"""What fuzzing the keyboard found (tests/test_fuzz_keys.py), each as a
plain example on the real application.

1. A digit of another script or a superscript (², ٣, १: ``str.isdigit``
   says yes, ``int`` refuses ² or reads ٣ as 3) ended the game with an
   exception: at the setup's questions, in the table menu (a seat, an
   add-on, a number of deals), on the phones' codes.
2. Everyone but one sitting out (the table menu, at a deal's end) stopped
   the game: the next deal was refused ("fewer than two players are at the
   table to be dealt in; someone must come back or join") and the table
   showed "the game has stopped" with Enter to leave, though the table menu
   could have mended it. Now the deal's end stays, says why, and T lets
   someone come back or join, or ends the evening.
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


@pytest.mark.parametrize("language", ["en", "nb"])
def test_everyone_but_one_sitting_out_waits_at_the_deals_end_for_the_table_menu(tmp_path, language):
    run = new_run("morkpoker", tmp_path, seed=1, pause=False, language=language)
    ctl = run.ctl
    kb = keyboard(ctl)
    try:
        kb.press("2" + ENTER * 4)
        _at(kb, ctl, c.DEAL_OVER)
        kb.press("ts2")  # Player 2 sits out: one player left to be dealt in
        kb.press(ENTER)  # the next deal cannot be dealt
        assert ctl.screen == c.DEAL_OVER, ctl.failure  # was FAILED: "the game has stopped", Enter to leave
        said = ctl.message
        assert said and said[0].isupper() and ("come back or join" in said or "komme tilbake" in said)
        assert "[T]" in screen_text(ctl) and said.split()[0] in screen_text(ctl)
        kb.press(ENTER)  # again: the same reason, and still the table
        assert ctl.screen == c.DEAL_OVER and ctl.message == said
        kb.press("tb2")  # Player 2 comes back
        kb.press(ENTER)
        assert ctl.screen in (c.HANDOVER, c.TURN), ctl.screen
        _at(kb, ctl, c.DEAL_OVER)
        kb.press("ts1" + ENTER + "te")  # one sits out again, and the evening ends instead
        kb.press(ENTER)
        assert ctl.screen == c.SESSION_OVER
    finally:
        kb.close()
    ctl.session.close()
    assert verify_history(open_history(run.path)).deals == 2
