"""Fuzzing ``drawpoker replay`` at its keyboard: random keys on the real
replay viewer, and what every key must keep to.

The histories are made as the project makes them: ``drawpoker simulate
--log`` (:func:`drawpoker.session.simulate.simulate` writing through
:class:`~drawpoker.history.writer.SessionLogs`) for Mørkpoker, jackpots,
deuce-to-seven triple draw, Three Card Poker and dealer's choice; an evening
played at the real table (tests/keys_fuzz.py's runs: small stacks, a broke
player buying again, someone arriving and someone leaving); a Mørkpoker
history edited by hand with its chain codes made again (a call's amount
changed: the replay shows that deal only up to the call and says why; a
seat's cards moved to the next deal; an exchange throwing another seat's
card, which the engine refuses); an
evening stopped in the middle of a deal (unfinished: its last deal has
not ended) and a history cut off in the middle of a line (what a crash
leaves).

The keys go to the real application (:func:`build_replay_app`: its
bindings and filters, prompt_toolkit's own VT100 parser; tests.keyboard):
every key the viewer binds, every control key, letters and digits of any
script (² ٣), pastes, and the G prompt given odd input, in a terminal of
any size, resized between keys. After every key: no exception escapes,
the screen draws at the terminal's size, shows no raw exception and keeps
to its width, nothing is cut at the edge and the message shows whole (in
a terminal too small: one whole sentence naming the size needed, and no
key but Q acted behind it), and the screen shows no card the table
had not seen by that step (the hands shown, the openers proved, the
dealer's cards and the boxes turned over) unless V was pressed on a deal
that has ended. A history the engine wrote is confirmed to its end: only
the edited one has a doubt. Each run is bounded in time.

Shared by tests/test_fuzz_replay.py; a longer run from a shell::

    nice .venv/bin/python -m tests.replay_fuzz --examples 300 [--seed N]
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from drawpoker.cards import parse_card
from drawpoker.client.lines import plain, width
from drawpoker.client.look import Look, card_text
from drawpoker.client.replay.app import build_replay_app
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.small import fits
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from drawpoker.words.i18n import translator
from tests.cli_fuzz import Hang, fuzz_main, time_limit
from tests.history_tools import file_lines, rechain
from tests.keyboard import ENTER, ESC, SPECIAL_KEYS, Keyboard, key_presses
from tests.keys_fuzz import ODD, PASTE_END, PASTE_START, RAW, check_too_small, random_size

#: the keys the viewer binds, as a terminal sends them
BOUND = [
    *"lhxXsSnNpPvVgGqQ ",
    *"0123456789",
    ENTER,
    ESC,
    "\x7f",  # Backspace
    "\x1b[C",  # Right
    "\x1b[D",  # Left
    "\x1b[H",  # Home
    "\x1b[F",  # End
    "\x1b[1~",  # Home (another terminal's)
    "\x1b[4~",  # End
    "\x1b[5~",  # PageUp
    "\x1b[6~",  # PageDown
    "\x03",  # Ctrl-C
    "\x11",  # Ctrl-Q
]
#: every control character (Ctrl-@ to Ctrl-_) and the terminal's other keys
CONTROLS = [chr(code) for code in range(0x20) if chr(code) != "\x1b"] + list(SPECIAL_KEYS.values())
#: what the G prompt is given: a deal number, too many digits, other scripts' digits, nothing
G_INPUT = ["1", "2", "3", "0", "00", "999999", "1234567", "²", "٣", "१", "Ⅻ", "-1", "", " ", "1²"]

#: the histories a run replays
HISTORIES = (
    "morkpoker",
    "jackpots",
    "triple-draw",
    "three-card-poker",
    "dealers-choice",
    "evening",
    "edited",
    "swapped",
    "refused",
    "unfinished",
    "cut",
)


# ---------------------------------------------------------------- the histories


def simulated(folder: Path, name: str, ruleset: str, players: int, deals: int, seed: int) -> Path:
    """``drawpoker simulate RULESET --players N --deals D --seed S --log``'s history."""
    rules = load_rules(ruleset)
    logs = SessionLogs(folder / f"{name}.jsonl", rules)
    try:
        simulate(rules, players, deals, seed, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    path: Path = logs.paths[0]
    return path


def played(folder: Path, name: str, *, stop_after: int | None = None) -> Path:
    """An evening played at the real table (tests/keys_fuzz.py's application
    and keys): Mørkpoker with small stacks (broke players buy again), four
    at the table (the computer plays seats 2 to 4), Dag arrives after the
    first deal and seat 3 leaves after the second; ``stop_after``: the
    table is left in the middle of the deal after that many (the history
    unfinished), else played to its end."""
    from drawpoker.client import controller as c
    from drawpoker.client.controller import Controller
    from drawpoker.client.launch import starter
    from drawpoker.client.setup import SetupModel
    from tests.keyboard import keyboard
    from tests.keys_fuzz import progress_keys, rules_for

    rules = rules_for("evening", deals=6)
    tr = translator("en")
    path = folder / f"{name}.jsonl"
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, str(path), 5, folder, "evening"), pause=0.0
    )
    kb = keyboard(ctl)

    def deals_ended() -> int:
        if ctl.session is None:  # still at the setup
            return 0
        return sum(1 for e in ctl.session.events if type(e).__name__ == "DealEnded")

    def on_to(ended: int, *, menu: bool) -> None:
        """Keys that play on until ``ended`` deals have ended (and the table menu opens, with ``menu``)."""
        for n in range(2000):
            if kb.ended or ctl.screen == c.SESSION_OVER:
                return
            if deals_ended() >= ended and (not menu or (ctl.menu is None and ctl.menu_allowed())):
                return
            if ctl.screen == c.WATCH:
                ctl.computer_step()
                continue
            kb.press(progress_keys(ctl, n))
        raise AssertionError("the evening does not go on")

    try:
        with time_limit(120.0):
            kb.press("4" + ENTER * 5 + "234")
            on_to(1, menu=True)
            kb.press("ta" + "Dag" + ENTER + "3" + ENTER + "p")
            on_to(2, menu=True)
            kb.press("tl3")
            if stop_after is None:
                on_to(99, menu=False)
            else:
                on_to(stop_after, menu=False)
                for n in range(20):  # into the next deal (past a pause after a rebuy), before it ends
                    kb.press(progress_keys(ctl, n))
                    if ctl.session is not None and not ctl.session.between_deals:
                        break
    finally:
        kb.close()
    assert ctl.session is not None, "the evening started"
    ctl.session.close()
    return path


def edited(folder: Path, source: Path) -> Path:
    """``source`` with its first call's amount changed to 7 and its chain codes made again."""
    lines = file_lines(source)
    at = next(i for i, line in enumerate(lines) if '"e":"Called"' in line)
    lines[at] = re.sub(r'"amount":\d+', '"amount":7', lines[at])
    path = folder / "edited.jsonl"
    path.write_text("".join(rechain(lines)), encoding="utf-8")
    return path


def swapped(folder: Path, source: Path) -> Path:
    """``source`` with a deal's first cards dealt swapped with a later deal's
    ante, codes made again: that seat's cards come in the next deal."""
    lines = file_lines(source)
    dealt = next(i for i, line in enumerate(lines) if '"e":"CardsDealt"' in line)
    later = next(i for i, line in enumerate(lines) if i > dealt + 40 and '"e":"AntePosted"' in line)
    lines[dealt], lines[later] = lines[later], lines[dealt]
    path = folder / "swapped.jsonl"
    path.write_text("".join(rechain(lines)), encoding="utf-8")
    return path


def refused(folder: Path, source: Path) -> Path:
    """``source`` with its first exchange throwing a card another seat was
    dealt, codes made again: the engine refuses that decision, naming the card."""
    lines = file_lines(source)
    at = next(i for i, line in enumerate(lines) if '"e":"CardsExchanged"' in line)
    seat = _seat(lines[at])
    other = next(line for line in reversed(lines[:at]) if '"e":"CardsDealt"' in line and _seat(line) != seat)
    card = other.split('"cards":"')[1].split()[0]
    lines[at] = re.sub(r'"discarded":"[^"]*","drawn":"[^"]*"', f'"discarded":"{card}","drawn":"2c"', lines[at])
    path = folder / "refused.jsonl"
    path.write_text("".join(rechain(lines)), encoding="utf-8")
    return path


def _seat(line: str) -> int:
    found = re.search(r'"seat":(\d+)', line)
    assert found is not None, line
    return int(found.group(1))


def cut(folder: Path, source: Path) -> Path:
    """``source`` cut off in the middle of a line of its last deal (what a crash leaves)."""
    text = source.read_text(encoding="utf-8")
    last = text.rindex('"e":"CardsDealt"')
    path = folder / "cut.jsonl"
    path.write_text(text[: last + 30], encoding="utf-8")
    return path


def make_histories(folder: Path) -> dict[str, Path]:
    """Every history of :data:`HISTORIES`, written in ``folder``."""
    made = {
        "morkpoker": simulated(folder, "morkpoker", "morkpoker", 3, 5, 2),
        "jackpots": simulated(folder, "jackpots", "jackpots", 4, 5, 3),
        "triple-draw": simulated(folder, "triple", "deuce-to-seven-triple-draw", 3, 3, 4),
        "three-card-poker": simulated(folder, "tcp", "three-card-poker", 3, 6, 5),
        "dealers-choice": simulated(folder, "choice", "dealers-choice", 3, 5, 6),
        "evening": played(folder, "evening"),
        "unfinished": played(folder, "unfinished", stop_after=3),
    }
    made["edited"] = edited(folder, made["morkpoker"])
    made["swapped"] = swapped(folder, made["morkpoker"])
    made["refused"] = refused(folder, made["morkpoker"])
    made["cut"] = cut(folder, made["jackpots"])
    return made


# ---------------------------------------------------------------- what every key keeps to

#: a card as the screen shows it with suit symbols (tens as 10), or the joker
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♥♦♣])|🃏")
#: a card as an event's text writes it (``Card('9s')``)
WRITTEN = re.compile(r"Card\('([^']+)'\)")


def public_cards(model: ReplayModel) -> set[str]:
    """The cards the table had seen by the step shown, from the history's
    events up to it (hands shown, openers proved, the dealer's reveal, the cards drawn for seats and the first dealer) and
    the boxes the rules turn over (Three Card Poker), as the screen writes them."""
    seen: set[Any] = set()
    events = list(model.events_so_far())
    if model.index > 0 and not any(type(e).__name__ in ("DealStarted", "RoundOpened") for e in events):
        # before the deal's cards (someone arriving first): the table still shows the last deal's end
        events = [*model.deals[model.index - 1].events, *events]
    for event in events:
        name = type(event).__name__
        if name in ("HandShown", "OpenersShown", "DealerRevealed", "DealerDrawn", "SeatsDrawn"):  # face up
            seen.update(event.cards)
        if name == "OpenersShown":
            seen.update(getattr(event, "apart", ()))
    if model.game.rules.game != "morkpoker":
        from drawpoker.games.three_card.state import box_shown

        for box in model.state.boxes:
            if box_shown(box, model.rules):
                seen.update(box.cards)
    return {card_text(card, True) for card in seen}


@attrs.define
class Run:
    """One fuzzed replay: what was pressed, what it showed."""

    name: str
    model: ReplayModel
    keys: list[str] = attrs.Factory(list)
    quits: int = 0
    seen: set[str] = attrs.Factory(set)
    #: the terminal's (columns, rows)
    size: tuple[int, int] = (80, 24)


def check_screen(run: Run) -> None:
    """The screen draws at the terminal's size, shows no raw exception,
    keeps to its width and shows no card the table had not seen (unless
    every hand of an ended deal is asked for); where the replay fits,
    nothing is cut at the edge and the message shows whole; where it does
    not, one whole sentence names the size needed."""
    model = run.model
    columns, rows = run.size
    where = f"{run.name} at {columns}x{rows}"
    fragments = model.screen(columns, rows)
    text = "".join(t for _style, t in fragments)
    drawn = text.split("\n")
    assert len(drawn) <= rows, f"{where}: {len(drawn)} rows\n{text}\nkeys: {run.keys}"
    wide = [row for row in drawn if width(row) != columns]
    assert not wide, f"{where}: a line not {columns} columns wide: {wide[0]!r}\nkeys: {run.keys}"
    found = RAW.search(text)
    assert found is None, f"{where}: the screen shows {found.group()!r}:\n{text}\nkeys: {run.keys}"
    if not fits(columns, rows):
        run.seen.add("too small")
        wrong = check_too_small([line.rstrip() for line in drawn], columns, rows)
        assert wrong is None, f"{where}: {wrong}:\n{text}\nkeys: {run.keys}"
        return
    lines = [plain(line) for line in model.lines(columns, rows)]
    # nothing is cut off at the edge (the title's file name aside, which gives way to an ellipsis)
    cut = [line for line in lines[1:] if width(line) > columns]
    assert not cut, f"{where}: a line cut off at the edge: {cut[0]!r}\nkeys: {run.keys}"
    if model.message:
        said = " ".join(model.message.split())
        assert said in " ".join(" ".join(lines).split()), (
            f"{where}: the message is not whole:\n{text}\nkeys: {run.keys}"
        )
    shown = "\n".join(lines)
    if model.look.unicode and not (model.revealed and model.deal.finished):
        public = public_cards(model)
        on_screen = {m.group() for m in CARD.finditer(shown)}
        # an event in verify's words (the reason a deal edited by hand is not confirmed past a step)
        on_screen |= {card_text(parse_card(m.group(1)), True) for m in WRITTEN.finditer(" ".join(shown.split()))}
        secret = sorted(on_screen - public)
        assert not secret, (
            f"{run.name}: deal {model.deal.number} step {model.step} shows {secret}, which the table had not seen"
            f" (revealed {model.revealed}):\n{shown}\nkeys: {run.keys}"
        )
    if run.name not in ("edited", "swapped", "refused"):
        assert model.doubt is None, f"{run.name}: a history the engine wrote is doubted: {model.doubt}"
    run.seen.add(f"deal{'-live' if not model.deal.finished else ''}" + ("-revealed" if model.revealed else ""))
    if model.typing is not None:
        run.seen.add("typing")


def open_run(name: str, path: Path, *, language: str, ascii: bool) -> Run:
    """``drawpoker replay PATH`` (``--lang``, ``--ascii``)."""
    return Run(name, ReplayModel(path, translator(language), Look(unicode=not ascii)))


#: a step of a run: a terminal's bytes, or the terminal resized to (columns, rows)
Step = str | tuple[int, int]


def _where(model: ReplayModel) -> tuple[Any, ...]:
    """Where the replay is, and what it shows (what no key may change behind a too-small terminal)."""
    return (model.index, model.step, model.revealed, model.typing, model.message)


def press(run: Run, steps: Sequence[Step], seconds: float = 20.0) -> None:
    """Each of ``steps`` on the real application, key by key, checking the
    screen after each (in a terminal too small, that no key but leaving
    acted); a key that ends the viewer (Q, Ctrl-C) is counted and the
    viewer opened again as it was."""
    kb = Keyboard(lambda **io: build_replay_app(run.model, color=False, **io), *run.size)
    try:
        with time_limit(seconds):
            check_screen(run)
            for data in steps:
                if isinstance(data, tuple):
                    run.keys.append(f"(resized to {data[0]}x{data[1]})")
                    run.size = data
                    kb.resize(*data)
                    check_screen(run)
                    continue
                for key in key_presses(data):
                    run.keys.append(repr(key.data) if key.data else str(key.key))
                    before = None if fits(*run.size) else _where(run.model)
                    kb.press([key])
                    if kb.ended:
                        run.quits += 1
                        kb.reopen()
                    elif before is not None:
                        assert _where(run.model) == before, f"{run.name}: a key acted behind a too-small terminal"
                    check_screen(run)
    except Hang:
        raise AssertionError(f"{run.name}: a run took longer than its limit; keys: {run.keys}") from None
    finally:
        kb.close()


def fuzz_one(
    name: str,
    path: Path,
    steps: Sequence[Step],
    *,
    language: str = "en",
    ascii: bool = False,
    size: tuple[int, int] = (80, 24),
) -> Run:
    """One run: the replay of ``path`` opened in a terminal of ``size``, the steps pressed, every key checked."""
    run = open_run(name, path, language=language, ascii=ascii)
    run.size = size
    press(run, steps)
    return run


# ---------------------------------------------------------------- random steps (without Hypothesis)


def random_steps(rng: random.Random, length: int) -> list[Step]:
    """A run's keys drawn at random (the shell's long runs)."""
    steps: list[Step] = []
    for _ in range(length):
        roll = rng.random()
        if roll < 0.06:  # the window resized
            steps.append(random_size(rng))
        elif roll < 0.55:
            steps.append("".join(rng.choice(BOUND) for _ in range(rng.randint(1, 8))))
        elif roll < 0.65:
            steps.append(rng.choice(CONTROLS))
        elif roll < 0.75:
            steps.append("".join(rng.choice(ODD) for _ in range(rng.randint(1, 4))))
        elif roll < 0.82:
            steps.append(PASTE_START + rng.choice(["12", "g3", "vvv", "日本", "²"]) + PASTE_END)
        else:
            steps.append(rng.choice("gG") + rng.choice(G_INPUT) + rng.choice([ENTER, ESC, "", "x"]))
    return steps


def _example(rng: random.Random, n: int, histories: Any, length: int) -> tuple[str, Callable[[], Iterable[str]]]:
    """Example ``n`` of ``python -m tests.replay_fuzz``: a history, keys, a language, a size."""
    name = rng.choice(HISTORIES)
    steps = random_steps(rng, rng.randint(1, length))
    language = rng.choice(["en", "nb"])
    ascii = rng.random() < 0.2
    size = (80, 24) if rng.random() < 0.5 else random_size(rng)
    said = f"{name} ({language}, ascii {ascii}, {size}); steps: {steps!r}"
    return said, lambda: fuzz_one(name, histories[name], steps, language=language, ascii=ascii, size=size).seen


def main(argv: Sequence[str] | None = None) -> int:
    return fuzz_main(argv, "python -m tests.replay_fuzz", __doc__.split("\n\n")[0], 30, make_histories, _example)


if __name__ == "__main__":
    raise SystemExit(main())
