"""What fuzzing the keyboard found (tests/test_fuzz_keys.py), each as a
plain example on the real application.

1. A digit of another script or a superscript (², ٣, १: ``str.isdigit``
   says yes, ``int`` refuses ² or reads ٣ as 3) ended the game with an
   exception: at the setup's questions, in the table menu (a seat, an
   add-on, a number of deals), on the phones' codes; the table menu's
   question of the computer's level, new on main, had it too.
2. Everyone but one sitting out (the table menu, at a deal's end) stopped
   the game: the next deal was refused ("fewer than two players are at the
   table to be dealt in; someone must come back or join") and the table
   showed "the game has stopped" with Enter to leave, though the table menu
   could have mended it. Now the deal's end stays, says why, and T lets
   someone come back or join, or ends the evening.
3. A paste (the terminal's bracketed paste: the whole text as one key)
   reached the setup as one "letter": a pasted name of 27 letters sat at the
   table, past the 12 a name may have; in the table menu a pasted "enter"
   was taken for the Enter key. A paste is now typed letter by letter; where
   nothing can be typed the table says "Pasted text does nothing here."

And from playing in tmux at 80x24 (the keys pressed by a person):

4. A key pressed while a computer was about to act left "Please wait: Cato
   (computer) is about to act." on the next screen, after it had acted.
5. A special key that does nothing was named by prompt_toolkit's name,
   capitalised: "The key Left", "The key C-a", "Tasten Pageup"; now as its
   keycap says it: ←, Ctrl-A, PageUp.
6. A key that does nothing on the draw for the first dealer said "Press ?
   for help." (Enter goes on); on the final standings it said "Press Enter
   to go on", where Enter leaves.

Found in tmux too and fixed on main meanwhile (d03164c, 0e57c5e), with
tests of their own there: T during a turn said only "does nothing here";
a newcomer's buy-in out of range was refused only after the last question;
the broke player's question said "Press ? for help.".
"""

from __future__ import annotations

import pytest

from drawpoker.client import controller as c
from drawpoker.client.screens import screen_text
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from tests.keyboard import ENTER, keyboard
from tests.keys_fuzz import PASTE_END, PASTE_START, new_run, progress_keys, rules_for

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
        # a seat, an add-on's seat and chips, a number of deals, a buy-in, the computer's level (a newcomer, a seat)
        for keys in ("tl", "ts", "td", "td1", "tn", "ta" + "Dag" + ENTER, "taDag" + ENTER + ENTER + "c", "tc1"):
            for digit in ODD_DIGITS:
                kb.press(keys)
                assert ctl.menu is not None, keys
                before = (ctl.menu.step, ctl.menu.typing, len(ctl.session.events))
                kb.press(digit)  # raised ValueError at a seat's number; "²" typed as a number broke Enter
                assert ctl.menu is not None and ctl.message, (keys, digit)
                assert (ctl.menu.step, ctl.menu.typing, len(ctl.session.events)) == before
                if ctl.menu.step != "level":
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
        shown = screen_text(ctl)
        assert "[T]" in shown and said.split()[0] in shown
        from drawpoker.client.phones import PhoneLink

        assert PhoneLink(None, "127.0.0.1").notice(ctl) == said  # the phones are told why too (not "Enter goes on")
        assert "Press T: someone comes back or joins" in shown or "Trykk T: noen kommer tilbake" in shown
        assert "Press Enter for the next deal." not in shown and "Trykk Enter for neste utdeling." not in shown
        kb.press(ENTER)  # again: the same reason, and still the table
        assert ctl.screen == c.DEAL_OVER and ctl.message == said
        kb.press("tb2")  # Player 2 comes back
        assert "Press T" not in screen_text(ctl) and "Trykk T" not in screen_text(ctl)
        kb.press(ENTER)
        assert ctl.screen in (c.HANDOVER, c.TURN), ctl.screen
        _at(kb, ctl, c.DEAL_OVER)
        kb.press("ts1" + ENTER + "tey")  # one sits out again, and the evening ends instead
        kb.press(ENTER)
        assert ctl.screen == c.SESSION_OVER
    finally:
        kb.close()
    ctl.session.close()
    assert verify_history(open_history(run.path)).deals == 2


def paste(text):
    return PASTE_START + text + PASTE_END


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_pasted_name_is_held_to_a_names_length_and_a_paste_elsewhere_is_answered(tmp_path, language):
    run = new_run("morkpoker", tmp_path, seed=1, pause=False, language=language)
    ctl = run.ctl
    kb = keyboard(ctl)
    try:
        kb.press("2" + ENTER + paste("Annabelle Kristine Longname"))
        assert ctl.setup.typing == "Annabelle Kr" and ctl.setup.message  # was the whole 27 letters, unsaid
        kb.press(ENTER)  # asked before the cut name is taken
        assert ctl.setup.names == [] and "12" in ctl.setup.message
        kb.press(ENTER + paste("Bo\r\n") + ENTER)
        assert ctl.setup.names == ["Annabelle Kr", "Bo"]
        kb.press(ENTER + ENTER + ENTER)
        assert ctl.session.names == ("Annabelle Kr", "Bo")
        _at(kb, ctl, c.TURN)
        kb.press(paste("kkk"))  # not three checks: a paste is no key
        assert ctl.screen == c.TURN and ctl.message in (
            "Pasted text does nothing here. Press ? for help.",
            "Innlimt tekst gjør ingenting her. Trykk ? for hjelp.",
        )
        _at(kb, ctl, c.DEAL_OVER)
        kb.press("ta" + paste("enter") + ENTER)  # the newcomer is called "enter"
        assert ctl.menu is not None and ctl.menu.name == "enter" and ctl.menu.step == "buy_in"
        kb.press(ENTER + "p")
        assert "enter" in ctl.session.names
    finally:
        kb.close()
    ctl.session.close()
    assert verify_history(open_history(run.path)).torn is None


def test_please_wait_goes_once_the_computer_has_acted(tmp_path):
    run = new_run("morkpoker", tmp_path, seed=1, pause=True)
    ctl = run.ctl
    kb = keyboard(ctl)
    try:
        kb.press("3" + ENTER * 4 + "3" + ENTER + ENTER + ENTER)  # the computer plays seat 3
        _at(kb, ctl, c.HANDOVER)
        for _ in range(40):
            if ctl.screen == c.WATCH:
                break
            kb.press(progress_keys(ctl, 0))
        assert ctl.screen == c.WATCH
        kb.press("x")
        assert ctl.message.startswith("Please wait: Player 3 (computer)")
        ctl.computer_step()
        assert ctl.screen != c.WATCH
        assert "Please wait" not in screen_text(ctl)  # was still said on the next screen
    finally:
        kb.close()


@pytest.mark.parametrize(
    "data, shown",
    [("\x1b[D", "←"), ("\x01", "Ctrl-A"), ("\x1b[5~", "PageUp"), ("\x1b[15~", "F5"), ("\x1b[Z", "Shift-Tab")],
)
def test_a_special_key_that_does_nothing_is_named_as_its_keycap_says(tmp_path, data, shown):
    run = new_run("morkpoker", tmp_path, seed=1, pause=False, language="nb")
    ctl = run.ctl
    kb = keyboard(ctl)
    try:
        kb.press("2" + ENTER * 5)
        _at(kb, ctl, c.TURN)
        kb.press(data)
        assert ctl.message.startswith(f"Tasten {shown} gjør ingenting her."), ctl.message
    finally:
        kb.close()


@pytest.mark.parametrize(
    "language, drawn, ask",
    [
        ("en", "Press Enter to go on, or ? for help.", "press Y to buy 3 more, or N to leave the table with nothing."),
        (
            "nb",
            "Trykk Enter for å fortsette, eller ? for hjelp.",
            "trykk J for å kjøpe 3 til, eller N for å forlate bordet uten noe.",
        ),
    ],
)
def test_a_key_on_the_draw_the_broke_players_question_and_the_standings_says_the_answers(
    tmp_path, language, drawn, ask
):
    run = new_run("evening", tmp_path, seed=3, pause=False, language=language)
    ctl = run.ctl
    kb = keyboard(ctl)
    try:
        kb.press("2" + ENTER * 5)  # no question who deals first: the house draws for it
        assert ctl.screen == c.DRAWN
        kb.press("x")
        assert ctl.message.endswith(drawn), ctl.message
        for step in range(200):  # everyone bets and raises all in: someone goes broke
            if ctl.screen == c.ASK:
                break
            if ctl.screen == c.TURN and ctl.phase == "betting":
                actions = [o.action for o in ctl.session.legal().options]
                kb.press(next(k for a, k in (("raise", "r"), ("bet", "b"), ("call", "c")) if a in actions))
            else:
                kb.press(progress_keys(ctl, step))
        assert ctl.screen == c.ASK
        kb.press("x")
        assert ctl.message.endswith(ask), ctl.message
        kb.press("n")
        assert ctl.screen != c.ASK
        _at(kb, ctl, c.SESSION_OVER, most=400)
        kb.press("x")
        assert ctl.message.endswith(("Press Enter to leave.", "Trykk Enter for å avslutte.")), ctl.message
    finally:
        kb.close()
