"""Keys pressed while a bot of one's own thinks, on every path where the
table asks a bot: a computer dealer's choice of game, a bot looking back at
a deal's end (``observe``), and the computers' turns with ``--pause 0``.

A bot of one's own may think up to its time limit. The table asks it on a
thread of its own and answers keys meanwhile, saying why they do nothing;
before, on these three paths it waited for the bot inside its event loop,
and a key pressed meanwhile was read afterwards, on the next player's turn
(a B became Ada's bet, an Enter dealt the next deal). Leaving meanwhile does
not wait for the bot. The bots are ``tests.bad_bots:Ponder`` (thinks over a
decision) and ``tests.bad_bots:Reflect`` (thinks over a deal's end): each
thinks until the test lets it answer, so nothing here depends on timing.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from drawpoker.client.app import build_app
from drawpoker.client.controller import DEAL_OVER, TURN, WATCH, Controller
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.history.writer import HistoryWriter
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.bad_bots import Ponder

ENTER = "\r"
LEAVE = "\x03y"  # Ctrl-C, and yes


def _table(
    tmp_path: Path,
    bot: str,
    *,
    rules: str = "morkpoker",
    dealer: int = 0,
    pause: float = 0.01,
    limit: float = 2.0,
    language: str = "en",
) -> Controller:
    """Ada (a person) and Bo (``bot``, ``limit`` s to decide) sat down, ``dealer``
    dealing first, nothing dealt: the table as it is resumed, Enter goes on."""
    Ponder.reset()
    ruleset = load_rules(rules)
    game = game_for(ruleset)
    names = ("Ada", "Bo")
    writer = HistoryWriter.create(tmp_path / "table.jsonl", ruleset, names, computer=[False, True], levels=[None, bot])
    session = Session(
        game, game.new_state(), writer, [False, True], RandomShuffler(4, 0), random.Random(4), ["", bot], limit
    )
    session.sit_down(names, (40, 40), dealer)
    return Controller(translator(language), Look(), session=session, pause=pause)


async def _until(done: Callable[[], bool], tries: int = 400) -> None:
    """Let the application run until ``done()`` (at most ``tries`` short sleeps)."""
    for _ in range(tries):
        if done():
            return
        await asyncio.sleep(0.025)


def _play(ctl: Controller, script: Callable[[Any], Awaitable[None]], ended: Callable[[], Any] = lambda: None) -> None:
    """Run the real application on pipe input, ``script(pipe)`` pressing keys,
    until the application ends (then ``ended()``); Ponder (or Reflect) let go in any case."""

    async def run() -> None:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=DummyOutput())
            task = asyncio.ensure_future(app.run_async())
            await script(pipe)
            await asyncio.wait_for(task, 10)

    try:
        asyncio.run(run())
        ended()
    finally:
        Ponder.answer.set()


def _said(ctl: Controller) -> str:
    return " ".join(screen_text(ctl, 80, 24).split())


def _kinds(ctl: Controller) -> list[tuple[str, Any]]:
    assert ctl.session is not None
    return [(type(e).__name__, getattr(e, "seat", None)) for e in ctl.session.events]


WAIT = {"en": "Please wait: Bo (computer) is about to act.", "nb": "Vent litt: Bo (datamaskin) skal til å handle."}
LOOKING = {
    "en": "Please wait: Bo (computer) is looking back at the deal.",
    "nb": "Vent litt: Bo (datamaskin) ser tilbake på given.",
}


@pytest.mark.parametrize("pause", [0.01, 0.0])
def test_a_key_pressed_while_a_computer_dealer_chooses_the_game_does_not_act_for_the_next_player(tmp_path, pause):
    """Dealer's choice, Bo (a bot of one's own) deals first and picks the game:
    a B pressed while his bot thinks is answered ("please wait"), and is not
    Ada's bet once the game is chosen and she is first to act (it was: the
    table asked the dealer's bot inside its loop)."""
    ctl = _table(tmp_path, "tests.bad_bots:Ponder", rules="dealers-choice", dealer=1, pause=pause)
    seen: list[str] = []

    async def script(pipe: Any) -> None:
        pipe.send_text(ENTER)  # (resumed: go on) the dealer, Bo, picks the game
        await _until(Ponder.thinking.is_set)
        pipe.send_text("b")
        await _until(lambda: ctl.message is not None)
        seen.append(_said(ctl))
        Ponder.answer.set()  # Bo's bot picks the first game
        await _until(lambda: ctl.screen == TURN)
        await asyncio.sleep(0.05)
        seen.append(_said(ctl))
        pipe.send_text(LEAVE)

    _play(ctl, script)
    assert WAIT["en"] in seen[0]
    assert "Dealer's choice" in seen[0] and "Bo (computer) is thinking" in seen[0]
    kinds = _kinds(ctl)
    assert ("GameChosen", None) in kinds and ctl.session is not None and ctl.session.bot_note is None
    assert not any(k == "BetPlaced" for k, _ in kinds), kinds  # the B was not Ada's bet
    assert ctl.screen == TURN and ctl.session.state.to_act == 0
    assert WAIT["en"] not in seen[1]  # said of the choice, it does not stay on Ada's turn


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("pause", [0.01, 0.0])
def test_an_enter_pressed_while_a_bot_looks_back_at_the_deal_does_not_deal_the_next(tmp_path, pause, language):
    """Bo's bot (of one's own) thinks over the deal's end (its ``observe``, up
    to its time limit). An Enter pressed meanwhile is answered ("please wait")
    and does not deal the next deal (it did: the table showed the bot the deal
    inside its loop, and read the Enter afterwards); once the bot is done,
    Enter deals as always."""
    ctl = _table(tmp_path, "tests.bad_bots:Reflect", pause=pause, language=language)
    seen: list[str] = []

    async def script(pipe: Any) -> None:
        pipe.send_text(ENTER)  # (resumed: go on) the deal; Bo checks at once
        await _until(lambda: ctl.screen == TURN)
        pipe.send_text("ff")  # Ada folds (asked first: checking is free)
        await _until(Ponder.thinking.is_set)  # Bo's bot looks back at the deal
        pipe.send_text(ENTER)
        await _until(lambda: ctl.message is not None)
        seen.append(_said(ctl))
        Ponder.answer.set()
        await _until(Ponder.finished.is_set)
        await _until(lambda: ctl.message is None)
        seen.append(_said(ctl))
        deals = sum(k == "DealStarted" for k, _ in _kinds(ctl))
        seen.append(str(deals))
        pipe.send_text(ENTER)  # now Enter deals
        await _until(lambda: ctl.screen != DEAL_OVER)
        pipe.send_text(LEAVE)

    _play(ctl, script)
    assert LOOKING[language] in seen[0] and ctl.session is not None
    assert seen[2] == "1"  # the Enter pressed while Bo's bot looked dealt nothing
    assert LOOKING[language] not in seen[1]  # (and "please wait" went once the bot was done)
    assert sum(k == "DealStarted" for k, _ in _kinds(ctl)) == 2  # the Enter after it did


def test_with_no_pause_a_key_pressed_while_a_bot_thinks_does_not_act_for_the_next_player(tmp_path):
    """``--pause 0``: the computers act at once, but a bot of one's own still
    thinks up to its time limit; a B pressed meanwhile is answered and is not
    Ada's bet once Bo has acted (it was: without a pause the table asked the
    bot inside its loop)."""
    ctl = _table(tmp_path, "tests.bad_bots:Ponder", pause=0.0, language="nb")
    seen: list[str] = []

    async def script(pipe: Any) -> None:
        pipe.send_text(ENTER)  # (resumed: go on) the deal, Bo to act
        await _until(Ponder.thinking.is_set)
        pipe.send_text("b")
        await _until(lambda: ctl.message is not None)
        seen.append(_said(ctl))
        Ponder.answer.set()  # Bo checks
        await _until(lambda: ctl.screen != WATCH)
        await asyncio.sleep(0.05)
        pipe.send_text(LEAVE.replace("y", "j"))

    _play(ctl, script)
    assert WAIT["nb"] in seen[0]
    kinds = _kinds(ctl)
    assert ("Checked", 1) in kinds  # Bo's own answer, not a fallback
    assert not any(k == "BetPlaced" for k, _ in kinds), kinds
    assert ctl.screen == TURN and ctl.session is not None and ctl.session.state.to_act == 0


def test_a_key_pressed_while_a_bot_of_ones_own_prepares_does_not_act_for_the_first_player(tmp_path):
    """A bot's ``prepare`` may take five times the time limit. The setup done
    (Enter), the table asks the bot to prepare before its first decision, on
    its thread: a B pressed meanwhile is answered and is not Ada's bet (it
    was: the table prepared the bot as it sat the players down, inside its
    loop, and read the B on Ada's first turn)."""
    from drawpoker.client.launch import starter
    from drawpoker.client.setup import SetupModel

    Ponder.reset()
    tr = translator("en")
    ruleset = load_rules("morkpoker")
    own = "tests.bad_bots:Prepares"
    start = starter(ruleset, str(tmp_path / "table.jsonl"), 4, limit=2.0)
    ctl = Controller(tr, Look(), setup=SetupModel(ruleset, tr, (), [own]), start=start)
    seen: list[str] = []

    async def script(pipe: Any) -> None:
        # two players, Ada and Bo; Bo the computer, by the bot of one's own (the fifth choice); Ada deals
        pipe.send_text("2" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "2222" + ENTER + ENTER + ENTER)
        await _until(Ponder.thinking.is_set)
        pipe.send_text("b")
        await _until(lambda: ctl.message is not None)
        seen.append(_said(ctl))
        Ponder.answer.set()
        await _until(lambda: ctl.screen == TURN)
        await asyncio.sleep(0.05)
        pipe.send_text(LEAVE)

    _play(ctl, script)
    assert ctl.session is not None and ctl.session.strategy_of(1) == own
    assert WAIT["en"] in seen[0]
    kinds = _kinds(ctl)
    assert ("Checked", 1) in kinds and ctl.session.bot_note is None  # prepared, then Bo's own decision
    assert not any(k == "BetPlaced" for k, _ in kinds), kinds
    assert ctl.screen == TURN and ctl.session.state.to_act == 0


@pytest.mark.parametrize(
    "bot, rules, dealer, pause, first, written",
    [
        ("tests.bad_bots:Ponder", "dealers-choice", 1, 0.01, "", (0, "between_deals")),  # the dealer's bot picks
        ("tests.bad_bots:Ponder", "morkpoker", 0, 0.0, "", (1, "betting")),  # no pause: Bo's bot decides
        ("tests.bad_bots:Reflect", "morkpoker", 0, 0.01, "ff", (1, "between_deals")),  # it looks at the deal's end
    ],
    ids=["choice", "no-pause", "observe"],
)
def test_leaving_while_a_bot_thinks_does_not_wait_for_it(tmp_path, bot, rules, dealer, pause, first, written):
    """Ctrl-C and yes while the bot thinks (its time limit 60 s, longer than
    the 30 s it thinks when nobody lets it answer): the program ends at once,
    the bot still thinking (before, it ended only once the bot had answered);
    the history is whole and verifies, and the late answer is never played."""
    ctl = _table(tmp_path, bot, rules=rules, dealer=dealer, pause=pause, limit=60.0)
    still: list[bool] = []

    async def script(pipe: Any) -> None:
        pipe.send_text(ENTER)
        if first:
            await _until(lambda: ctl.screen == TURN)
            pipe.send_text(first)
        await _until(Ponder.thinking.is_set)
        pipe.send_text(LEAVE)

    _play(ctl, script, ended=lambda: still.append(not Ponder.finished.is_set()))
    assert still == [True]  # the program ended while the bot still thought
    assert ctl.finished == "quit" and ctl.session is not None
    ctl.session.close()
    if not first:  # (Ponder) its late answer was never played, nor a move in its place
        assert not {"GameChosen", "Checked", "Folded"} & {k for k, _ in _kinds(ctl)}
    report = verify_history(open_history(tmp_path / "table.jsonl"))
    assert (report.deals, report.phase) == written


def test_a_bot_is_not_asked_the_same_decision_twice_when_the_help_opens_while_it_thinks(tmp_path):
    """The help opened while Bo's bot thought: its answer came while the table
    could not take it, and was thrown away; when the help closed the bot was
    asked the same decision again (a bot that keeps count saw it twice). The
    answer is kept while the table stays as it was."""
    ctl = _table(tmp_path, "tests.bad_bots:Ponder", pause=0.0)

    async def script(pipe: Any) -> None:
        pipe.send_text(ENTER)
        await _until(Ponder.thinking.is_set)
        pipe.send_text("?")
        await _until(lambda: ctl.overlay_open)
        Ponder.answer.set()
        await _until(Ponder.finished.is_set)
        await asyncio.sleep(0.1)  # the answer reached the table, behind the help
        pipe.send_text("x")  # any key closes the help
        await _until(lambda: ctl.screen == TURN)
        await asyncio.sleep(0.05)
        pipe.send_text(LEAVE)

    _play(ctl, script)
    assert Ponder.asked == 1
    assert ("Checked", 1) in _kinds(ctl) and ctl.session is not None and ctl.session.bot_note is None


@pytest.mark.parametrize("bot", ["tests.bad_bots:WrongShape", "tests.bad_bots:Interrupts"])
def test_a_bot_answering_nonsense_on_its_thread_leaves_the_table_going(tmp_path, bot):
    """A decision of the wrong shape (a list for the act) or a KeyboardInterrupt
    raised by the bot ended the computers' task: the table said "thinking…"
    for ever and every key "please wait". Now it is the bot's failure: the
    seat checks for this decision and says so, and play goes on."""
    ctl = _table(tmp_path, bot, pause=0.0)
    notes: list[str] = []

    async def script(pipe: Any) -> None:
        pipe.send_text(ENTER)
        await _until(lambda: ctl.screen == TURN)
        notes.append(_said(ctl))
        await asyncio.sleep(0.05)
        pipe.send_text(LEAVE)

    _play(ctl, script)
    assert ("Checked", 1) in _kinds(ctl)
    said = (
        "which is not a decision" if bot.endswith("WrongShape") else "failed on line 148: KeyboardInterrupt"
    )  # (it said "raised KeyboardInterrupt")
    assert said in notes[0] and "Bo checks instead" in notes[0], notes[0]


def test_an_error_no_bot_explains_stops_the_game_and_says_so(tmp_path, monkeypatch):
    """A bug on the computers' path (here: the session's computer_command
    breaking) stopped the computers' task: the table waited for ever. Now the
    game stops on the screen that says why, and the history is whole."""
    from drawpoker.client.controller import FAILED

    ctl = _table(tmp_path, "sensible", pause=0.0)
    assert ctl.session is not None

    def broken(seat: int | None = None) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(ctl.session, "computer_command", broken)

    async def script(pipe: Any) -> None:
        pipe.send_text(ENTER)
        await _until(lambda: ctl.screen == FAILED)
        await asyncio.sleep(0.05)
        pipe.send_text("q")
        await asyncio.sleep(0.05)
        pipe.send_text(ENTER)

    _play(ctl, script)
    assert ctl.screen == FAILED and ctl.failure is not None
    assert "this is a bug in drawpoker" in ctl.failure and "RuntimeError" in ctl.failure
    ctl.session.close()
    report = verify_history(open_history(tmp_path / "table.jsonl"))
    assert (report.deals, report.phase) == (1, "betting")  # dealt, Bo to act: nothing lost


def test_a_computer_that_left_as_the_deal_ended_is_not_owed_a_look_at_it(tmp_path):
    """Bo (a computer that watches) asked to leave during the deal: he left as
    it ended, and was still owed a look at it, by an empty seat ("Please
    wait:  (computer) is looking back at the deal.", no name)."""
    from drawpoker.games.draw.commands import Fold
    from drawpoker.games.evening import Leave

    ctl = _table(tmp_path, "strong")
    session = ctl.session
    assert session is not None
    session.deal()
    session.submit(Leave(1))
    while session.state.to_act is not None:
        if session.state.to_act == 0:
            session.submit(Fold(0))
        else:
            session.computer_move()
    assert session.state.names[1] == "" and session.unseen == []
