"""Issue 14: a whole session walked through the real application at 80×24,
in English and in Norwegian, with long and wide names; every rendered line
of every screen must fit whole (nothing cut off, nothing wider than the
terminal)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from drawpoker.client.app import build_app
from drawpoker.client.controller import (
    AGAIN,
    DEAL_OVER,
    HANDOVER,
    PEEK,
    RESUMED,
    SESSION_OVER,
    TURN,
    WATCH,
    Controller,
)
from drawpoker.client.lines import plain, width
from drawpoker.client.look import Look
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.screens import screen_text
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.words.i18n import translator
from tests.changed_rules import changed_rules
from tests.pressing import keys_of, press

ENTER = "\r"
UP, DOWN, RIGHT, LEFT = "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D"
#: a name of the most letters the setup takes, and one with a wide character
NAMES = ("Bjørn-Kristi", "😀 Kari", "Anna")
#: "…" belongs to these texts; anywhere else it marks a line cut short
ELLIPSIS_OK = ("thinking…", "tenker …", " of …)", " av …)")  # the replay counts the deals as it reads them


def cut_lines(text: str, columns: int) -> list[str]:
    """The lines of a rendered screen that are too wide or were cut short."""
    bad = []
    for line in text.split("\n"):
        too_wide = width(line) > columns
        if too_wide or ("…" in line and not any(ok in line for ok in ELLIPSIS_OK)):
            bad.append(line)
    return bad


def next_key(ctl: Controller, rng: random.Random) -> str:
    """What a table of new players might press now (including the odd wrong key)."""
    if ctl.quit_asked:
        return "n"
    if ctl.help_open:
        return rng.choice((DOWN, DOWN, "x"))
    if rng.random() < 0.04:
        return "?"
    if rng.random() < 0.02:
        return "\x03"
    if ctl.screen in (HANDOVER, PEEK, AGAIN, DEAL_OVER, RESUMED, SESSION_OVER):
        return ENTER if rng.random() > 0.05 else "z"
    if ctl.screen == WATCH:
        return "z"
    assert ctl.screen == TURN, ctl.screen
    if ctl.game_kind == "morkpoker":
        if ctl.phase == "exchange":
            if len(ctl.selected) < 2 and rng.random() < 0.6:
                return rng.choice("12345")
            return ENTER
        if rng.random() < 0.15:
            return rng.choice("kbcrfsm")  # sometimes refused: the reason must fit
        legal = ctl.session.legal()
        keys = {"check": "k", "bet": "b", "call": "c", "raise": "r", "fold": "f", "show": "s", "muck": "m"}
        actions = [o.action for o in legal.options]
        choice = rng.choice([a for a in actions if a != "fold"] or actions) if rng.random() > 0.1 else actions[-1]
        return keys[choice]
    if ctl.phase == "betting":
        if rng.random() < 0.5:
            return rng.choice((UP, DOWN, RIGHT, RIGHT, LEFT))
        return ENTER if rng.random() > 0.1 else "s"
    return rng.choice("hpppf")


def walk(ctl: Controller, setup: str, rng: random.Random, steps: int) -> list[str]:
    """Drive the application key by key (the setup's keys first, then
    :func:`next_key`); the screen after every key, as drawn at 80×24."""
    screens: list[str] = []

    async def run() -> None:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=DummyOutput())
            task = asyncio.ensure_future(app.run_async())
            pending = keys_of(setup)  # (an arrow is one key, not an Esc and two letters)
            for _ in range(steps):
                if app.is_done:
                    break
                key = pending.pop(0) if pending else next_key(ctl, rng)
                await press(app, ctl, pipe, key)
                screens.append(screen_text(ctl, 80, 24))
            if not app.is_done:
                pipe.send_text("\x03\x03")
            await task

    asyncio.run(run())
    return screens


def _controller(rules, language: str, computer: tuple[bool, ...], seed: int, path: Path) -> Controller:
    from drawpoker.client.setup import SetupModel
    from drawpoker.history.writer import HistoryWriter

    tr = translator(language)

    def start(setup: SetupModel) -> Session:
        game = game_for(rules)
        writer = HistoryWriter.create(path, rules, setup.names, computer=setup.computer)
        session = Session(game, game.new_state(), writer, setup.computer, RandomShuffler(seed), random.Random(seed))
        session.sit_down(setup.names, (rules.session.starting_stack,) * len(setup.names), setup.dealer)
        return session

    return Controller(tr, Look(), setup=SetupModel(rules, tr), start=start)


def _setup_keys(computer: tuple[bool, ...], dealer: bool) -> str:
    keys = str(len(NAMES)) + ENTER + "".join(name + ENTER for name in NAMES)
    keys += "".join(str(i + 1) for i, c in enumerate(computer) if c) + ENTER
    keys += "2" + ENTER if dealer else ""  # the second player deals first
    return keys + DOWN * 30 + ENTER  # read the rules to the end


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "ruleset, computer, seed",
    [
        ("morkpoker", (False, False, False), 1),
        ("morkpoker", (False, True, False), 2),
        ("three-card-poker", (False, False, False), 3),
        ("three-card-poker", (False, False, True), 4),
    ],
)
def test_no_rendered_line_is_cut_at_80_by_24(ruleset, computer, seed, language, tmp_path):
    rules = changed_rules(ruleset, session__deals=3)
    path = tmp_path / ("a-long-folder-name-for-the-histories-of-our-thursday-evenings" * 2) / "session.jsonl"
    path.parent.mkdir(parents=True)
    ctl = _controller(rules, language, computer, seed, path)
    screens = walk(ctl, _setup_keys(computer, ctl.setup.asks_dealer), random.Random(seed), 900)
    assert ctl.session is not None
    ctl.session.close()
    assert ctl.session.over, "the walk did not reach the end of the session"
    assert any(ctl.tr._("The session is over. Final standings:") in text for text in screens)
    problems = {line for text in screens for line in cut_lines(text, 80)}
    assert not problems, "\n".join(sorted(problems))
    assert len(screens) > 50
    # the replay of the same session, step by step, with and without every hand
    replay = ReplayModel(path, translator(language), Look())
    shown = 0
    while True:
        for revealed in (False, True):
            replay.revealed = revealed
            text = "\n".join(plain(line) for line in replay.lines(80, 24))
            problems |= set(cut_lines(text, 80))
            shown += 1
        if replay.index == len(replay.deals) - 1 and replay.step == replay.steps:
            break
        replay.forward()
    assert shown > 20
    assert not problems, "\n".join(sorted(problems))
