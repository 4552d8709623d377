"""Fuzzing ``drawpoker play`` at its keyboard (tests/keys_fuzz.py says how).

Random keys on the real application across Mørkpoker, jackpots, the
lowball games, dealer's choice, Three Card Poker and an evening with small
stacks (a broke player asked, add-ons, the first dealer drawn), with
computer seats and without, through the setup, the table menu (arrivals,
leaving, sitting out, coming back, the computer taking a seat, the end
agreed) and to the standings at the end, in a terminal of any size,
resized between keys (too small, back, bigger). After every key nothing
escapes the application and the screen fills the terminal with no raw
exception, no line cut at the edge and the message whole, or, in a terminal
too small, one whole sentence naming the size needed, with nothing acting
behind it; after every run the
history verifies, replays and resumes to the table's state, and holds
every deal finished; some runs go on after ``--resume`` and are checked
again.

A longer run from a shell: ``nice .venv/bin/python -m tests.keys_fuzz --examples 500``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.client.small import fits
from tests.keyboard import ENTER, ESC
from tests.keys_fuzz import BOUND, CONTROLS, ODD, PASTE_END, PASTE_START, RULESETS, SIZES, fuzz_one

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_letters = st.lists(
    st.one_of(st.characters(codec="utf-8", exclude_categories=("Cs",)), st.sampled_from(ODD)), max_size=10
).map("".join)
_names = st.one_of(st.sampled_from(["Dag", "Åse", "Ann", "x" * 13, " ", "Dag²", "日本語"]), _letters)
_numbers = st.one_of(st.sampled_from(["", "0", "5", "40", "999999", "²", "٣"]), st.text("0123456789²", max_size=8))
_seat = st.sampled_from("1234567²٣")

#: the table menu's questions answered, each action of it
_menu = st.one_of(
    st.builds(lambda n, b, w: "ta" + n + ENTER + b + ENTER + w, _names, _numbers, st.sampled_from("pcPCx")),
    st.builds(lambda k, s: "t" + k + s, st.sampled_from("lsbch"), _seat),
    st.builds(lambda s, n: "td" + s + n + ENTER, _seat, _numbers),
    st.builds(lambda n: "tn" + n + ENTER, _numbers),
    st.just("te"),
    st.builds(lambda s: "ts" + s + ENTER + "tb" + s, _seat),  # and back again
    st.builds(lambda s: "tc" + s + ENTER + "th" + s, _seat),
    st.just("t" + ESC),
)

#: a terminal of any size, and one big enough for the game
_sizes = st.one_of(st.sampled_from(SIZES), st.tuples(st.integers(1, 220), st.integers(1, 70)))
_big = st.one_of(st.sampled_from([s for s in SIZES if fits(*s)]), st.tuples(st.integers(80, 220), st.integers(24, 70)))

_step = st.one_of(
    st.tuples(st.just("progress"), st.integers(1, 10)),
    st.tuples(st.just("keys"), st.lists(st.sampled_from(BOUND), min_size=1, max_size=6).map("".join)),
    st.tuples(st.just("keys"), st.sampled_from(CONTROLS)),
    st.tuples(st.just("keys"), _letters),
    st.tuples(st.just("keys"), _letters.map(lambda t: PASTE_START + t + PASTE_END)),
    st.tuples(st.just("keys"), _menu),
    st.tuples(st.just("tick"), st.just(0)),
    st.tuples(st.just("size"), _sizes),  # the window resized, in the middle of anything
)

_runs = st.tuples(
    st.sampled_from(RULESETS),
    st.lists(_step, max_size=25),
    st.sampled_from([0, 30, 400]),  # then the table plays on: a little, or to its end
    st.sampled_from(["en", "nb"]),
    st.booleans(),  # computers wait for their pause (a tick ends it), or act at once
    st.sampled_from("234"),  # how many at the table
    st.lists(st.sampled_from("123"), max_size=2).map("".join),  # the seats the computer plays
    st.one_of(st.just([]), st.lists(_step, max_size=10)),  # after drawpoker play --resume (if it did not end)
    st.booleans(),  # --ascii
    st.one_of(st.just((80, 24)), _big),  # the terminal the table starts in
    st.one_of(st.none(), _big),  # the window made big enough again before the table plays on (or left as it is)
)


@FUZZ
@given(_runs)
def test_random_keys_never_break_the_table_or_its_history(run):
    ruleset, steps, tail, language, pause, count, computers, resumed, ascii, size, grown = run
    setup = [("keys", count + ENTER * (int(count) + 1) + computers)]
    regrow = [] if grown is None else [("size", grown)]
    with tempfile.TemporaryDirectory(prefix="keys-") as folder:
        fuzz_one(
            ruleset,
            [*setup, *steps, *regrow, ("progress", tail)],
            Path(folder),
            seed=7,
            pause=pause,
            language=language,
            resumed=[*resumed, *regrow, ("progress", 30)] if resumed else [],
            ascii=ascii,
            size=size,
        )
