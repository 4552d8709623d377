"""A terminal smaller than the screens need, and one resized while in use.

Both clients need 80×24 (drawpoker/client/small.py says why). A smaller
window shows one plain sentence naming the size needed, whole, in a window
of any size (a shorter sentence where the long one does not fit); nothing
acts behind it but leaving, the computer seats wait, and growing the window
back shows the table or the replay where it was. Driven through the real
applications (prompt_toolkit pipe input, an output whose size a test
changes between keys).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prompt_toolkit.input import create_pipe_input

from drawpoker.client.app import build_app
from drawpoker.client.controller import TURN, WATCH, Controller
from drawpoker.client.lines import plain, width
from drawpoker.client.look import Look
from drawpoker.client.replay.app import build_replay_app
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.screens import screen, screen_lines
from drawpoker.client.session import Session
from drawpoker.client.small import MIN_COLUMNS, MIN_ROWS
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.keyboard import ENTER, RIGHT, Keyboard, SizedOutput, keyboard

NEED = f"{MIN_COLUMNS}×{MIN_ROWS}"


def _session(computer: tuple[bool, ...] = (False, False, False)) -> Session:
    game = game_for(load_rules("morkpoker"))
    s = Session(game, game.new_state(), None, list(computer), RandomShuffler(2), random.Random(2))
    s.sit_down(("Ada", "Bo", "Cy")[: len(computer)], (40,) * len(computer))
    return s


def _table(language: str = "en", **kw: object) -> Controller:
    ctl = Controller(translator(language), Look(), session=_session(), **kw)
    ctl.acknowledge()
    return ctl


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.replay_fuzz import simulated

    return simulated(tmp_path_factory.mktemp("small"), "mork", "morkpoker", 3, 3, 2)


def _shown(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def _whole(lines: list[str], columns: int, rows: int) -> None:
    """The too-small screen keeps to the window and ends with a whole sentence (no word cut,
    no line lost), and names the size needed wherever that fits (5 columns)."""
    assert len(lines) <= rows and all(width(line) <= columns for line in lines), lines
    said = _shown(lines)
    if columns >= len(NEED):
        assert NEED in said, lines
        assert "…" not in said and said.endswith((".", NEED)), lines


# ------------------------------------------------------------------ the sentence


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("columns, rows", [(79, 23), (60, 20), (40, 12), (30, 6), (20, 5), (20, 3), (10, 3), (6, 1)])
def test_a_terminal_too_small_says_the_size_it_needs_whole(language, columns, rows):
    """Found at 20x5: the table's sentence lost its end ("No key acts until"),
    at 10x3 even the size it needs; the replay's was one line cut at the
    edge (at 40x12 "This terminal is 40×12; the replay needs" and no size)."""
    tr = translator(language)
    ctl = _table(language)
    _whole([plain(line) for line in screen_lines(ctl, columns, rows)], columns, rows)
    ctl.ask_quit()  # the question before leaving is asked there too, whole where it fits
    lines = [plain(line) for line in screen_lines(ctl, columns, rows)]
    _whole(lines, columns, rows)
    if columns >= 20 and rows >= 3:
        assert tr.p("key", "Y") + ":" in _shown(lines), lines


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("columns, rows", [(79, 23), (60, 20), (40, 12), (20, 5), (10, 3)])
def test_the_replay_too_small_says_the_size_it_needs_and_how_to_leave(history, language, columns, rows):
    tr = translator(language)
    model = ReplayModel(history, tr, Look())
    lines = plain(model.screen(columns, rows)).split("\n")
    _whole(lines, columns, rows)
    if columns >= 20:
        assert tr._("Q leaves.").split()[-1] in _shown(lines), lines
    assert all(width(line) == columns for line in lines)  # every row filled: nothing of the replay stays behind


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 300),
    st.integers(1, 100),
    st.sampled_from(["en", "nb"]),
    st.booleans(),
)
def test_any_window_too_small_shows_a_whole_sentence_and_any_big_enough_the_table(columns, rows, language, quit):
    ctl = _table(language)
    if quit:
        ctl.ask_quit()
    lines = [plain(line) for line in screen_lines(ctl, columns, rows)]
    drawn = plain(screen(ctl, columns, rows)).split("\n")
    assert len(drawn) == rows and all(width(line) == columns for line in drawn)
    if columns < MIN_COLUMNS or rows < MIN_ROWS:
        _whole(lines, columns, rows)
    else:
        assert NEED not in _shown(lines) and all(width(line) <= columns for line in lines)


# ------------------------------------------------------------------ keys and resizes


def test_no_replay_key_acts_while_the_window_is_too_small_but_q_leaves(history):
    """Found in tmux: the replay's keys went on stepping behind the sentence,
    so a window grown back showed another step than the one left."""
    model = ReplayModel(history, translator("en"), Look())
    kb = Keyboard(lambda **io: build_replay_app(model, color=False, **io), 60, 20)
    try:
        kb.press(RIGHT + RIGHT + "N" + "V" + "G")
        assert (model.index, model.step, model.revealed, model.typing, model.message) == (0, 1, False, None, None)
        kb.resize(80, 24)  # grown back: where it was, and the keys act
        assert "step 1 of" in plain(model.screen(80, 24))
        kb.press(RIGHT + "G12")
        assert model.step == 2 and model.typing == "12"
        kb.resize(40, 12)  # shrunk in the middle of the deal number: it waits
        kb.press("3" + ENTER)
        assert model.typing == "12"
        kb.resize(80, 24)
        kb.press("\x7f" + ENTER)  # Backspace, Enter: deal 1
        assert model.typing is None and model.index == 0 and model.step == 1
        kb.resize(20, 5)
        kb.press("q")
        assert kb.ended
    finally:
        kb.close()


def test_the_table_grown_back_shows_the_deal_where_it_was_and_keys_act_again():
    ctl = _table()
    kb = keyboard(ctl)
    try:
        kb.press(ENTER)  # the first hand-over: the player looks
        assert ctl.screen == TURN
        before = plain(screen(ctl, 80, 24))
        played = len(ctl.session.events)
        for columns, rows in ((79, 24), (40, 12), (20, 5), (80, 23)):
            kb.resize(columns, rows)
            kb.press("k?\x1b[B")  # a check, the help, an arrow: nothing acts behind the sentence
            assert not ctl.help_open and len(ctl.session.events) == played
            assert plain(screen(ctl, 80, 24)) == before
        kb.resize(200, 60)  # bigger than it was: the same turn, and the keys act
        assert "Bo's cards" in plain(screen(ctl, 200, 60))
        kb.press("k")
        assert len(ctl.session.events) > played
    finally:
        kb.close()


def test_the_computers_wait_while_the_window_is_too_small():
    """Found in tmux (play --pause 1, two computers): a window made too
    small in the middle of a deal let the computers play on unseen; grown
    back, the table had moved on. They wait, as behind the help."""
    ctl = Controller(translator("en"), Look(), session=_session((True, True, False)), pause=0.01)
    ctl.acknowledge()
    assert ctl.screen == WATCH
    events = len(ctl.session.events)
    out = SizedOutput(60, 20)

    async def play() -> object:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=out)
            task = asyncio.ensure_future(app.run_async())
            for _ in range(30):  # thirty pauses and more
                await asyncio.sleep(0.01)
            assert ctl.screen == WATCH and len(ctl.session.events) == events
            out.resize(80, 24)
            for _ in range(500):
                await asyncio.sleep(0.01)
                if ctl.screen == TURN:
                    break
            pipe.send_text("\x03y")
            return await task

    assert asyncio.run(play()) == "quit"
    assert ctl.screen == TURN and len(ctl.session.events) > events


# ------------------------------------------------------------------ 80x24 and bigger


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("columns, rows", [(80, 24), (100, 30)])
def test_the_help_wraps_what_a_key_does_instead_of_cutting_it(language, columns, rows):
    """Found at 80x24 in Norwegian (no limit): the help cut two keys'
    descriptions at the edge ("... pott, all-in (belø…", "... datamaskinen; slutt…")."""
    from drawpoker.client.help import AMOUNT_KEYS, COMMON_KEYS, MORK_KEYS

    rules = load_rules("no-limit-draw")
    game = game_for(rules)
    s = Session(game, game.new_state(), None, [False, False], RandomShuffler(2), random.Random(2))
    s.sit_down(("Ada", "Bo"), (100, 100))
    tr = translator(language)
    ctl = Controller(tr, Look(), session=s)
    ctl.acknowledge()
    ctl.open_help()
    seen: list[str] = []
    for _ in range(10):  # the whole help, scrolled through
        lines = [plain(line) for line in screen_lines(ctl, columns, rows)]
        assert len(lines) <= rows and all(width(line) <= columns for line in lines), lines
        seen += lines
        ctl.scroll_help(rows)
    shown = _shown(seen)
    for _key, what in MORK_KEYS + AMOUNT_KEYS + COMMON_KEYS:
        assert " ".join(tr._(what).split()) in shown, what
