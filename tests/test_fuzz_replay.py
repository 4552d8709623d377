"""Fuzzing ``drawpoker replay`` at its keyboard (tests/replay_fuzz.py says how).

Random keys on the real replay viewer over histories of Mørkpoker,
jackpots, deuce-to-seven triple draw, Three Card Poker, dealer's choice, an
evening (someone arriving, someone leaving, rebuys), a history edited by
hand three ways (shown only as far as the engine confirms it, the reason
said without a hidden card), an evening stopped in
the middle of a deal and a history cut off in the middle of a line, in a
terminal of any size, resized between keys. After every key nothing
escapes, the screen draws with no raw exception, keeps to the terminal's
width, cuts nothing at the edge and shows the message whole (in a terminal
too small: one whole sentence naming the size needed, nothing acting
behind it but Q), and no card shows that the table had not seen (unless V
was pressed on a deal that has ended).

A longer run from a shell: ``nice .venv/bin/python -m tests.replay_fuzz --examples 300``.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.keyboard import ENTER, ESC
from tests.keys_fuzz import ODD, PASTE_END, PASTE_START, SIZES
from tests.replay_fuzz import BOUND, CONTROLS, G_INPUT, HISTORIES, fuzz_one, make_histories, press

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def histories(tmp_path_factory):
    return make_histories(tmp_path_factory.mktemp("replays"))


_letters = st.lists(
    st.one_of(st.characters(codec="utf-8", exclude_categories=("Cs",)), st.sampled_from(ODD)), max_size=8
).map("".join)

#: a terminal of any size
_sizes = st.one_of(st.sampled_from(SIZES), st.tuples(st.integers(1, 220), st.integers(1, 70)))

_step = st.one_of(
    st.lists(st.sampled_from(BOUND), min_size=1, max_size=8).map("".join),
    st.sampled_from(CONTROLS),
    _letters,
    _letters.map(lambda t: PASTE_START + t + PASTE_END),
    # the G prompt: a number, odd digits, too many, then Enter, Escape or another key
    st.builds(
        lambda g, typed, end: g + typed + end,
        st.sampled_from("gG"),
        st.one_of(st.sampled_from(G_INPUT), _letters),
        st.sampled_from([ENTER, ESC, "", "x", "\x1b[C"]),
    ),
    # straight to the last deal (an unfinished history's deal that has not ended), every hand asked for
    st.builds(lambda v: v + "N" * 8 + "\x1b[F", st.sampled_from(["", "V"])),
    _sizes,  # the window resized, in the middle of anything (the G prompt too)
)


@FUZZ
@given(
    st.sampled_from(HISTORIES),
    st.lists(_step, max_size=25),
    st.sampled_from(["en", "nb"]),
    st.booleans(),  # --ascii
    st.one_of(st.just((80, 24)), _sizes),  # the terminal the replay opens in
)
def test_random_keys_never_break_the_replay_or_show_a_hidden_card(histories, name, steps, language, ascii, size):
    fuzz_one(name, histories[name], steps, language=language, ascii=ascii, size=size)


def test_every_hand_asked_for_on_an_ended_deal_stays_hidden_in_a_deal_that_has_not_ended(histories):
    """Found by the fuzzer: V on deal 1, then N to the deal the evening
    stopped in showed every hand of that deal (the reveal was kept from
    deal to deal), though the hands of a deal that has not ended stay
    hidden without --reveal-live-deal. The screen says so instead."""
    from drawpoker.client.lines import plain

    run = fuzz_one("unfinished", histories["unfinished"], ["V"])  # every check of the fuzzer after each key
    model = run.model
    assert model.revealed and model.deal.finished
    last = model.deals[-1]
    assert not last.finished, "the evening stopped in the middle of a deal"
    for keys in ("N" * (len(model.deals) - 1), "\x1b[F", "\x1b[D" * 3, "\x1b[C" * 3):
        press(run, [keys])  # the same checks after every key, on the same viewer
        assert model.deal.number == last.number
        screen = "\n".join(plain(line) for line in model.lines(80, 24))
        assert "Every hand" not in screen, screen
        assert "This deal has not ended: its hands stay hidden" in " ".join(screen.split()), screen
    press(run, ["P"])  # back on a deal that has ended, every hand is shown again, as asked
    screen = "\n".join(plain(line) for line in model.lines(80, 24))
    assert "Every hand (V hides them again):" in screen


def _screen(model):
    from drawpoker.client.lines import plain

    return " ".join(" ".join(plain(line) for line in model.lines(80, 24)).split())


def test_the_reason_a_deal_is_not_confirmed_names_no_card_the_table_did_not_see(histories):
    """Found by the fuzzer: a deal edited by hand (a seat's cards moved to
    the next deal) is shown up to the first decision the engine does not
    confirm, and the reason said on the screen, in verify's words, named
    the cards the engine deals that seat (``CardsDealt(seat=1,
    cards=(Card('3s'), ...))``) though nobody had seen them. Those cards
    are written ``?`` until every hand of the ended deal is asked for (V)."""
    run = fuzz_one("swapped", histories["swapped"], [])
    model = run.model
    assert model.doubt is not None and "but the engine produces CardsDealt(" in model.doubt
    hidden = re.findall(r"Card\('(\w+)'\)", model.doubt)
    assert len(hidden) == 5
    screen = _screen(model)
    assert "but the engine produces CardsDealt(seat=1, cards=(?, ?, ?, ?, ?))" in screen, screen
    assert "Card(" not in screen
    press(run, ["V"])  # the deal has ended: every hand, and the reason whole
    assert model.deal.finished and "Card('" + hidden[0] + "')" in _screen(model)


def test_a_refused_exchange_is_said_without_the_card_it_names(histories):
    """A decision the engine refuses is said in its sentence; a card named in
    it (another seat's card the exchange claims to throw) is written ``?``
    until every hand is shown."""
    run = fuzz_one("refused", histories["refused"], [])
    model = run.model
    for _ in range(len(model.deals)):
        if model.doubt is not None:
            break
        press(run, ["N"])
    found = re.search(r"does not hold (\S+)$", model.doubt or "")
    assert found is not None, model.doubt
    screen = _screen(model)
    assert "the engine refuses this decision:" in screen and "does not hold ?" in screen, screen
    assert found.group(1) not in screen.split()


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_long_message_is_wrapped_whole_not_cut_at_the_edge(histories, language):
    """Found by the fuzzer: the message line was cut at 80 columns, so
    G and seven digits lost "A deal number has at most 6 digits." (the
    Norwegian sooner), the sentence about a deal that has not ended lost
    its end, and at the last step of a history a crash cut off the notes
    naming the lines left out were lost. The message is wrapped, whole."""
    from drawpoker.client.lines import plain, width
    from drawpoker.words.i18n import translator

    tr = translator(language)

    def whole(model, sentence):
        lines = [plain(line) for line in model.lines(80, 24)]
        assert len(lines) == 24 and all(width(line) <= 80 for line in lines), lines
        assert " ".join(sentence.split()) in " ".join(" ".join(lines).split()), "\n".join(lines)

    run = fuzz_one("morkpoker", histories["morkpoker"], ["G1234567"], language=language)
    whole(run.model, tr._("A deal number has at most 6 digits."))
    run = fuzz_one("unfinished", histories["unfinished"], ["N" * 9 + "V"], language=language)
    whole(
        run.model,
        tr._("This deal has not ended: its hands stay hidden (drawpoker replay --reveal-live-deal shows them)."),
    )
    run = fuzz_one("cut", histories["cut"], ["N" * 9 + "\x1b[F\x1b[C"], language=language)
    notes = run.model.deals.dropped()
    assert notes, "the cut history leaves a line out"
    for note in notes:
        whole(run.model, tr.say(note))


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_deal_number_prompt_keeps_its_digits_through_a_wrong_key(histories, language):
    """Found in tmux: after G, a key that is not a digit (² or ٣, a letter,
    Backspace to take back a digit) dropped the number typed and the prompt
    without a word, and the next key (Enter) was then answered "That key
    does nothing here". Now the number stays and the screen says what it
    takes; Backspace takes back a digit; digits pasted are typed."""
    from drawpoker.words.i18n import translator

    tr = translator(language)
    said = " ".join(tr._("A deal number is typed with the digits 0 to 9.").split())
    run = fuzz_one("morkpoker", histories["morkpoker"], ["G3²"], language=language)
    model = run.model
    assert model.typing == "3" and said in _screen(model)
    press(run, ["٣x\t"])
    assert model.typing == "3" and said in _screen(model)
    press(run, ["\x7f"])  # Backspace: the 3 taken back, the prompt stays
    assert model.typing == "" and said not in _screen(model)
    press(run, ["\x1b[200~4\x1b[201~" + "\r"])  # a 4 pasted, Enter
    assert model.typing is None and model.deal.number == 4 and model.step == 1
    press(run, ["G2\x1b"])  # Escape still forgets the number
    assert model.typing is None and model.deal.number == 4
    press(run, ["G\x1b[200~1x\x1b[201~"])  # a paste that is not all digits types nothing
    assert model.typing == "" and said in _screen(model)
    press(run, ["\x7f"])  # Backspace with no digit closes the prompt
    assert model.typing is None
