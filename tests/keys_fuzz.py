"""Fuzzing ``drawpoker play`` at its keyboard: random keys on the real
application, and what every run must keep to.

A run starts the table as ``drawpoker play`` does (the setup's questions,
:func:`drawpoker.client.launch.starter` creating the history when the
setup is done) and presses keys on the real application (its bindings
and filters, prompt_toolkit's own VT100 parser; :mod:`tests.keyboard`).
The keys are drawn from what the client binds, every other key a
terminal sends, arbitrary text (any letter of any alphabet, a digit of
another script, a paste), and a few moves that take the table further
than random keys get: the move :func:`tests.test_client_every_key.progress`
would make, a computer's pause ending, and the table menu's questions
answered (someone arrives, leaves, sits out, comes back, a computer takes
a seat, an add-on, the end agreed).

The terminal is 80x24 unless the run starts at another size, and a run
may resize it between keys (smaller than the game needs, bigger, back),
as a user on a laptop does. After every key: no exception escapes the
application, and the screen draws at the terminal's size, filling it
exactly and showing no raw exception; at 80x24 and bigger no line is
cut at the edge and the message (why a key did nothing, what a question
takes) shows whole; smaller, the screen is one sentence naming the size
needed, whole, and no key acts and no computer moves behind it. After the run: the history
written so far verifies, replays to the state the table shows, resumes
to it, holds every deal finished, and its chips are conserved; a run may
go on after ``drawpoker play --resume`` and is checked again. Each run is
bounded in time (a run past its limit is a finding: a hang). A game that
stops (the FAILED screen) is a finding too: nothing here makes the history
fail to be written.

Shared by tests/test_fuzz_keys.py; a longer run from a shell::

    nice .venv/bin/python -m tests.keys_fuzz --examples 500 [--seed N]
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from drawpoker.client import controller as c
from drawpoker.client.controller import Controller
from drawpoker.client.launch import starter
from drawpoker.client.lines import plain, width
from drawpoker.client.look import Look
from drawpoker.client.screens import filled, screen_lines, screen_text
from drawpoker.client.setup import SetupModel
from drawpoker.client.small import MIN_COLUMNS, MIN_ROWS, fits
from drawpoker.history.reader import open_history
from drawpoker.history.verify import replay_history, verify_history
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.cli_fuzz import Hang, fuzz_main, time_limit
from tests.keyboard import ENTER, ESC, SPECIAL_KEYS, Keyboard, key_presses, keyboard

#: terminal sizes worth trying: too small by a little and by a lot, the least the game needs, bigger
SIZES = (
    (80, 24),
    (79, 24),
    (80, 23),
    (79, 23),
    (60, 20),
    (40, 12),
    (20, 5),
    (10, 3),
    (1, 1),
    (81, 25),
    (120, 40),
    (200, 60),
)

#: the keys the client binds somewhere, as a terminal sends them
BOUND = [
    *"kbcrfsmhpatlqynjdeKBCRFSMHPATLQYNJDE",
    *"0123456789",
    *"?+-",
    ENTER,
    ESC,
    "\x7f",  # Backspace
    "\t",
    "\x1b[A",
    "\x1b[B",
    "\x1b[C",
    "\x1b[D",
    "\x1b[5~",
    "\x1b[6~",
    "\x1bOP",  # F1
    "\x03",  # Ctrl-C: asks before leaving
    "\x11",  # Ctrl-Q
]
#: every control character a keyboard can send (Ctrl-@ to Ctrl-_), and the terminal's other keys
CONTROLS = [chr(code) for code in range(0x20) if chr(code) not in "\x03\x1b"] + list(SPECIAL_KEYS.values())
#: letters and digits a parser or a name might trip on: other scripts' digits, superscripts, wide, combining
ODD = ["²", "٣", "۷", "१", "Ⅻ", "½", "ß", "İ", "ǅ", "é", "e\u0301", "日", "😀", "\u00a0", "\u200b", "\u202e", "\ufeff"]
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"

#: the rulesets the runs play, and what they change for a short evening
RULESETS = (
    "morkpoker",
    "jackpots",
    "deuce-to-seven-triple-draw",
    "deuce-to-seven-single-draw",
    "ace-to-five-lowball",
    "three-card-poker",
    "three-card-poker-ru",
    "dealers-choice",
    "evening",
)


def rules_for(name: str, deals: int = 3) -> Any:
    """``name``'s shipped rules for a short session (a rotating Three Card
    Poker dealer: a round dealt by each; ``evening``: Mørkpoker
    with small stacks, a broke player asked whether to buy again, add-ons,
    the first dealer drawn)."""
    if name == "evening":
        from tests.test_client_every_key import _evening

        return _evening(deals)
    rules = load_rules(name)
    if rules.game == "three-card-poker" and rules.dealer.mode == "rotating":
        return rules  # as many rounds as it takes for everyone to deal equally often ('auto')
    return attrs.evolve(rules, session=attrs.evolve(rules.session, deals=deals))


# ---------------------------------------------------------------- the steps of a run
#
# A run is a list of steps: ("keys", TEXT) presses the bytes TEXT; ("progress", N)
# makes the move that takes the table on (N times); ("tick", 0) ends a computer's pause;
# ("size", (COLUMNS, ROWS)) resizes the terminal.

Step = tuple[str, Any]


def progress_keys(ctl: Controller, step: int) -> str:
    """The keys that move the game on from the screen shown (a table that plays on)."""
    from tests.test_client_every_key import progress

    if ctl.menu is not None:
        return ESC
    if ctl.screen == c.FAILED:
        return ENTER
    return progress(ctl, step)


@attrs.define
class Run:
    """One fuzzed evening: what was pressed, what the table showed."""

    ruleset: str
    path: Path
    ctl: Controller
    keys: list[str] = attrs.Factory(list)
    ended: str | None = None  # why the application ended (a key ended it), None: still running
    #: the kinds of screen the run showed (for the long runs' summary of what they reached)
    seen: set[str] = attrs.Factory(set)
    #: a resumed run: the events the history held before (the session knows only its own)
    past: list[Any] = attrs.Factory(list)
    #: the terminal's (columns, rows)
    size: tuple[int, int] = (80, 24)

    def note(self, what: str) -> None:
        self.keys.append(what)


#: what a screen must never show: a traceback, an exception's name or repr, an object's address
RAW = re.compile(
    r"Traceback|\b(?:[A-Z][a-z]+)+(?:Error|Exception)\b|\bassert(?:ion)?\b|<[a-z_.]+ object at 0x|"
    r"\bNone\b|\bself\.|\bKeyError|\bIndexError|\bValueError"
)


def _kind(ctl: Controller) -> str:
    """The screen shown, by name (the table menu by its question, the setup by its step)."""
    if ctl.quit_asked:
        return "quit?"
    if ctl.help_open:
        return "help"
    if ctl.menu is not None:
        return f"menu:{ctl.menu.step}:{ctl.menu.action}"
    if ctl.screen == c.SETUP and ctl.setup is not None:
        return f"setup:{ctl.setup.step}"
    if ctl.screen == c.TURN:
        return f"turn:{ctl.phase}" + (":amount" if ctl.amount is not None else "")
    return ctl.screen


def _words(text: str) -> str:
    return " ".join(text.split())


def check_too_small(lines: Sequence[str], columns: int, rows: int) -> str | None:
    """What is wrong with a too-small terminal's screen (None: nothing): it
    keeps to the terminal, and names the size needed, whole, at the end of
    a whole sentence wherever that fits (5 columns)."""
    need = f"{MIN_COLUMNS}×{MIN_ROWS}"
    if len(lines) > rows or any(width(line) > columns for line in lines):
        return "it does not keep to the terminal"
    said = _words(" ".join(lines)).replace(f"{MIN_COLUMNS}x{MIN_ROWS}", need)  # (--ascii writes × as x)
    if columns >= len(need) and (need not in said or not said.endswith((".", need)) or "…" in said):
        return f"it does not say the size needed ({need}) whole"
    return None


def check_screen(run: Run) -> None:
    """The screen draws at the terminal's size, fills it exactly and shows
    no raw exception; where the game fits, no line is cut at the edge and
    the message shows whole; where it does not, one whole sentence names
    the size needed."""
    ctl = run.ctl
    run.seen.add(_kind(ctl) if fits(*run.size) else "too small")
    # nothing here makes the history fail to be written: a game that stops is the table refusing itself
    assert ctl.screen != c.FAILED, f"{run.ruleset}: the game stopped: {ctl.failure}; keys: {run.keys}"
    columns, rows = run.size
    made = screen_lines(ctl, columns, rows)  # drawn once: screen() is filled(screen_lines())
    drawn = plain(filled(ctl, made, columns, rows)).split("\n")
    where = f"{run.ruleset} at {columns}x{rows}"
    assert len(drawn) == rows and all(width(line) == columns for line in drawn), f"{where}: the screen does not fill it"
    lines = [plain(line) for line in made]
    text = "\n".join(lines)
    found = RAW.search(text)
    assert found is None, f"{where}: the screen shows {found.group()!r}:\n{text}\nkeys: {run.keys}"
    if not fits(columns, rows):
        wrong = check_too_small(lines, columns, rows)
        assert wrong is None, f"{where}: {wrong}:\n{text}\nkeys: {run.keys}"
        return
    cut = [line for line in lines if width(line) > columns]
    assert not cut, f"{where}: a line cut off at the edge: {cut[0]!r}\nkeys: {run.keys}"
    said = [ctl.message, ctl.setup.message if ctl.screen == c.SETUP and ctl.setup is not None else None]
    for message in said if not ctl.help_open and not ctl.quit_asked else ():  # (the help and the question cover it)
        if message:
            assert _words(message) in _words(text), f"{where}: the message is not whole:\n{text}\nkeys: {run.keys}"


def tick(run: Run) -> None:
    """A computer's pause ends: it moves, as the application's timer makes it, if the table can be seen."""
    if fits(*run.size):
        run.note("(the pause ends)")
        run.ctl.computer_step()
    check_screen(run)


def new_run(ruleset: str, folder: Path, *, seed: int, pause: bool, language: str = "en", ascii: bool = False) -> Run:
    """The table at its setup, as ``drawpoker play RULESET`` starts it (the
    history in ``folder``; ``ascii``: ``--ascii``, no suit symbols)."""
    rules = rules_for(ruleset)
    tr = translator(language)
    path = folder / f"{ruleset}-{seed}.jsonl"
    ctl = Controller(
        tr,
        Look(unicode=not ascii),
        setup=SetupModel(rules, tr),
        start=starter(rules, str(path), seed, folder, ruleset),
        pause=1.0 if pause else 0.0,
    )
    return Run(ruleset, path, ctl)


def _behind(ctl: Controller) -> str:
    """The table behind a too-small terminal's sentence (and behind the question before leaving)."""
    asked, ctl.quit_asked = ctl.quit_asked, False
    try:
        return screen_text(ctl, MIN_COLUMNS, MIN_ROWS)
    finally:
        ctl.quit_asked = asked


def press(run: Run, kb: Keyboard, data: str) -> None:
    """Press ``data`` key by key, checking the screen after each (in a
    terminal too small, that no key but leaving acted)."""
    for key in key_presses(data):
        if kb.ended:
            return
        run.note(repr(key.data) if key.data else str(key.key))
        before = None if fits(*run.size) else _behind(run.ctl)
        kb.press([key])
        if before is not None and not kb.ended:
            assert _behind(run.ctl) == before, f"{run.ruleset}: a key acted behind a too-small terminal: {run.keys}"
        check_screen(run)


def resize(run: Run, kb: Keyboard, columns: int, rows: int) -> None:
    """The terminal resized: the screen is drawn again at its new size."""
    run.note(f"(resized to {columns}x{rows})")
    run.size = (columns, rows)
    kb.resize(columns, rows)
    check_screen(run)


def play(run: Run, steps: Sequence[Step], seconds: float = 30.0) -> None:
    """The steps on the real application (bounded in time); checks after every key."""
    kb = keyboard(run.ctl, *run.size)
    try:
        with time_limit(seconds):
            check_screen(run)
            for kind, value in steps:
                if kb.ended:
                    break
                if kind == "keys":
                    press(run, kb, value)
                elif kind == "tick":
                    tick(run)
                elif kind == "size":
                    resize(run, kb, *value)
                else:
                    for n in range(value):
                        if kb.ended or run.ctl.screen == c.SESSION_OVER and n:
                            break
                        if not fits(*run.size):  # no key acts, no computer moves: the table waits
                            press(run, kb, progress_keys(run.ctl, n) if run.ctl.screen != c.WATCH else "k")
                            break
                        if run.ctl.screen == c.WATCH:
                            tick(run)
                            continue
                        press(run, kb, progress_keys(run.ctl, n))
        if kb.ended:
            run.ended = run.ctl.finished or "ended"
    finally:
        kb.close()


# ---------------------------------------------------------------- after the run


def _deals_ended(events: Sequence[Any]) -> int:
    return sum(1 for e in events if type(e).__name__ in ("DealEnded", "RoundClosed"))


def check_history(run: Run) -> None:
    """The history verifies, replays to the table's state, holds every
    deal finished, resumes to the same state; chips are conserved."""
    ctl = run.ctl
    session = ctl.session
    if session is None:  # the setup never finished: nothing was written, and nothing may be
        assert not run.path.exists(), f"a history without a session: {run.keys}"
        return
    session.close()
    report = verify_history(open_history(run.path), parts=1)  # verify re-runs every decision, chips conserved
    assert report.torn is None and report.cut_short is None, (report, run.keys)
    replayed = replay_history(open_history(run.path))
    assert replayed == session.state, f"{run.ruleset}: the replay differs from the table: {run.keys}"
    reader = open_history(run.path)
    written = [event for _line, event in reader.events()]
    reader.close()
    made = [*run.past, *session.events]
    assert written == made, f"{run.ruleset}: the history lost or added events: {run.keys}"
    assert _deals_ended(written) == _deals_ended(made)
    from drawpoker.ledger import ledger_of

    results = session.ledger.results()
    assert ledger_of(written).results() == results, f"{run.ruleset}: the standings differ from the file's"
    if session.kind == "morkpoker" and (session.between_deals or session.over):
        # every chip is someone's: the players' results add up to nothing (a carried pot counted back)
        assert sum(r.net for r in results) == 0, (results, run.keys)
    if not session.over:
        from drawpoker.client.launch import resume

        again, _notes = resume(str(run.path), 1)
        try:
            assert again.state == session.state, f"{run.ruleset}: --resume comes back elsewhere: {run.keys}"
        finally:
            again.close()


def fuzz_one(
    ruleset: str,
    steps: Sequence[Step],
    folder: Path,
    *,
    seed: int,
    pause: bool,
    language: str,
    resumed: Sequence[Step] = (),
    ascii: bool = False,
    size: tuple[int, int] = (80, 24),
) -> Run:
    """One run: the steps played (in a terminal of ``size`` to begin with),
    everything checked; then, if the session did not end and there are
    ``resumed`` steps, ``drawpoker play --resume`` of its history with
    those steps (in a terminal of the size the run ended at), everything
    checked again."""
    run = new_run(ruleset, folder, seed=seed, pause=pause, language=language, ascii=ascii)
    run.size = size
    try:
        play(run, steps)
    except Hang:
        raise AssertionError(f"{ruleset}: a run took longer than its limit; keys: {run.keys}") from None
    check_history(run)
    session = run.ctl.session
    if not resumed or session is None or session.over:
        return run
    from drawpoker.client.launch import resume

    again, notes = resume(str(run.path), seed + 1)
    ctl = Controller(run.ctl.tr, run.ctl.look, session=again, pause=run.ctl.pause, notes=notes)
    later = Run(
        ruleset, run.path, ctl, keys=[*run.keys, "(--resume)"], past=[*run.past, *session.events], size=run.size
    )
    try:
        play(later, resumed)
    except Hang:
        raise AssertionError(f"{ruleset}: a resumed run took too long; keys: {later.keys}") from None
    check_history(later)
    later.seen |= run.seen | {"(resumed)"}
    return later


# ---------------------------------------------------------------- random steps (without Hypothesis)


def random_text(rng: random.Random) -> str:
    """A short run of letters a person might type, from any alphabet."""
    pool = "abcxyzØÆÅøæå" + "".join(ODD) + "0123456789 -'."
    return "".join(rng.choice(pool) for _ in range(rng.randint(1, 16)))


def evening_macro(rng: random.Random) -> str:
    """The table menu's questions answered (some of it at random)."""
    name = rng.choice(["Dag", "Eli", "Åse", "Ann", "Bo", "日本", "x" * 13, " ", "Dag²"])
    seat = rng.choice("1234")
    buy_in = rng.choice(["", "5", "40", "99999", "0", "²"])
    return rng.choice(
        [
            "ta" + name + ENTER + buy_in + ENTER + rng.choice("pcPCx"),
            "tl" + rng.choice("123456²"),
            "ts" + rng.choice("123456"),
            "tb" + rng.choice("123456"),
            "tc" + rng.choice("123456"),
            "th" + rng.choice("123456"),
            "td" + rng.choice("123") + rng.choice(["5", "", "999999", "²"]) + ENTER,
            "te",
            "tn" + rng.choice(["1", "2", "", "0", "9999999"]) + ENTER,
            # and back again: a seat sat out comes back, a seat the computer took is given back
            "ts{0}" + ENTER + "tb{0}",
            "tc{0}" + ENTER + "th{0}",
            "t" + ESC,
        ]
    ).format(seat)


def random_steps(rng: random.Random, length: int) -> list[Step]:
    """A run's steps drawn at random (the shell's long runs)."""
    steps: list[Step] = [("keys", str(rng.randint(2, 4)))]
    for _ in range(length):
        roll = rng.random()
        if roll < 0.35:
            steps.append(("progress", rng.randint(1, 8)))
        elif roll < 0.6:
            steps.append(("keys", "".join(rng.choice(BOUND) for _ in range(rng.randint(1, 6)))))
        elif roll < 0.7:
            steps.append(("keys", rng.choice(CONTROLS)))
        elif roll < 0.8:
            steps.append(("keys", random_text(rng)))
        elif roll < 0.85:
            steps.append(("keys", PASTE_START + random_text(rng) + PASTE_END))
        elif roll < 0.92:
            steps.append(("keys", evening_macro(rng)))
        elif roll < 0.96:
            steps.append(("tick", 0))
        else:  # the window resized: a size worth trying, or any
            steps.append(("size", random_size(rng)))
    if rng.random() < 0.7:  # big enough again before the table plays on
        steps.append(("size", rng.choice([s for s in SIZES if fits(*s)])))
    steps.append(("progress", rng.choice([0, 30, 400])))  # then the table plays on: a little, or to its end
    return steps


def random_size(rng: random.Random) -> tuple[int, int]:
    """A terminal's size: one worth trying, or any."""
    return rng.choice(SIZES) if rng.random() < 0.6 else (rng.randint(1, 220), rng.randint(1, 70))


def _example(rng: random.Random, n: int, folder: Path, length: int) -> tuple[str, Callable[[], Iterable[str]]]:
    """Example ``n`` of ``python -m tests.keys_fuzz``: a ruleset, keys, maybe a resume, a language, a size."""
    ruleset = rng.choice(RULESETS)
    steps = random_steps(rng, rng.randint(1, length))
    resumed = random_steps(rng, rng.randint(1, length))[1:] if rng.random() < 0.3 else []
    language = rng.choice(["en", "nb"])
    pause = rng.random() < 0.3
    ascii = rng.random() < 0.2
    size = (80, 24) if rng.random() < 0.5 else rng.choice([s for s in SIZES if fits(*s)])
    said = f"{ruleset} ({language}, pause {pause}, ascii {ascii}, {size}); steps: {steps!r}\n    resumed: {resumed!r}"

    def run() -> Iterable[str]:
        run = fuzz_one(
            ruleset, steps, folder, seed=n, pause=pause, language=language, resumed=resumed, ascii=ascii, size=size
        )
        return run.seen

    return said, run


def main(argv: Sequence[str] | None = None) -> int:
    return fuzz_main(argv, "python -m tests.keys_fuzz", __doc__.split("\n\n")[0], 40, lambda folder: folder, _example)


if __name__ == "__main__":
    raise SystemExit(main())
