"""A bot that cannot be used, or goes wrong, is one sentence naming it and
what it did, in the player's language: ``simulate`` stops with it (what
was written stays whole); at the table the seat checks or folds for that
decision, says so, and the game goes on."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from drawpoker.cli.main import main
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.history.writer import HistoryWriter
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def simulate(strategy: str, capsys, *more: str) -> tuple[int, str]:
    status, _, err = run(
        ["simulate", "morkpoker", "--players", "2", "--hands", "40", "--strategy", strategy, *more], capsys
    )
    return status, err


@pytest.mark.parametrize(
    "strategy, english, norwegian",
    [
        (
            "genius,sensible",
            "drawpoker simulate: there is no strategy 'genius'; choose from easy, sensible, strong, random, "
            "calling-station, maniac, rock, coached, or name a bot of your own as path/to/bot.py:Name or module:Name\n",
            "drawpoker simulate: det finnes ingen strategi «genius»; velg blant easy, sensible, strong, random, "
            "calling-station, maniac, rock, coached, eller oppgi en egen robot som sti/til/robot.py:Navn eller modul:Navn\n",
        ),
        (
            "tests.bad_bots:Nobody,sensible",
            "drawpoker simulate: the bot tests.bad_bots:Nobody could not be loaded: tests.bad_bots has no Nobody\n",
            "drawpoker simulate: roboten tests.bad_bots:Nobody kunne ikke lastes: tests.bad_bots har ingen Nobody\n",
        ),
        (
            "tests.bad_bots:NOT_A_BOT,sensible",
            "drawpoker simulate: the bot tests.bad_bots:NOT_A_BOT could not be loaded: NOT_A_BOT is not a class\n",
            "drawpoker simulate: roboten tests.bad_bots:NOT_A_BOT kunne ikke lastes: NOT_A_BOT er ikke en klasse\n",
        ),
        (
            "no_such_module_here:Bot,sensible",
            "drawpoker simulate: the bot no_such_module_here:Bot could not be loaded: "
            "there is no module no_such_module_here to import\n",
            "drawpoker simulate: roboten no_such_module_here:Bot kunne ikke lastes: "
            "det finnes ingen modul no_such_module_here å importere\n",
        ),
        (
            "tests.bad_bots:Raises,sensible",
            # (it said "raised ValueError: boom": at a poker table "raised" is a bet, and where it failed was not said)
            "drawpoker simulate: the bot tests.bad_bots:Raises (playing P1) failed on line 40: ValueError: boom\n",
            "drawpoker simulate: roboten tests.bad_bots:Raises (som spiller P1) feilet på linje 40: ValueError: boom\n",
        ),
        (
            "tests.bad_bots:NoView,sensible",  # (it said: raised TypeError: NoView.act() takes 1 positional ...)
            "drawpoker simulate: the bot tests.bad_bots:NoView (playing P1) cannot be asked: "
            "it has act(self) where drawpoker calls act(self, view)\n",
            "drawpoker simulate: roboten tests.bad_bots:NoView (som spiller P1) kan ikke spørres: "
            "den har act(self) der drawpoker kaller act(self, view)\n",
        ),
        (
            "tests.bad_bots:TooManyViews,sensible",
            "drawpoker simulate: the bot tests.bad_bots:TooManyViews (playing P1) cannot be asked: "
            "it has act(self, view, extra) where drawpoker calls act(self, view)\n",
            "drawpoker simulate: roboten tests.bad_bots:TooManyViews (som spiller P1) kan ikke spørres: "
            "den har act(self, view, extra) der drawpoker kaller act(self, view)\n",
        ),
        (
            "sensible,tests.bad_bots:PreparesNothing",  # (it said "(playing )": prepared before a seat was named)
            "drawpoker simulate: the bot tests.bad_bots:PreparesNothing (playing P2) cannot be asked: "
            "it has prepare(self) where drawpoker calls prepare(self, rules)\n",
            "drawpoker simulate: roboten tests.bad_bots:PreparesNothing (som spiller P2) kan ikke spørres: "
            "den har prepare(self) der drawpoker kaller prepare(self, rules)\n",
        ),
        (
            "tests.bad_bots:NoRng,sensible",  # (it said: could not be loaded: it failed: NoRng.__init__() takes ...)
            "drawpoker simulate: the bot tests.bad_bots:NoRng could not be loaded: "
            "it has __init__(self) where drawpoker calls __init__(self, rng)\n",
            "drawpoker simulate: roboten tests.bad_bots:NoRng kunne ikke lastes: "
            "den har __init__(self) der drawpoker kaller __init__(self, rng)\n",
        ),
        (
            "tests.bad_bots:RaisesTypeError,sensible",  # a TypeError of the bot's own is what it raised
            "drawpoker simulate: the bot tests.bad_bots:RaisesTypeError (playing P1) failed on line 183: not my type\n",
            "drawpoker simulate: roboten tests.bad_bots:RaisesTypeError (som spiller P1) feilet på linje 183: "
            "not my type\n",
        ),
        (
            "tests.bad_bots:RaisesKeyError,sensible",  # a message that says nothing alone keeps its kind
            "drawpoker simulate: the bot tests.bad_bots:RaisesKeyError (playing P1) failed on line 190: "
            "KeyError: 'seat'\n",
            "drawpoker simulate: roboten tests.bad_bots:RaisesKeyError (som spiller P1) feilet på linje 190: "
            "KeyError: 'seat'\n",
        ),
        (
            "tests.bad_bots:RaisesSentence,sensible",  # a sentence of its own is said as it is
            "drawpoker simulate: the bot tests.bad_bots:RaisesSentence (playing P1) failed on line 197: "
            "no idea what to do with a joker\n",
            "drawpoker simulate: roboten tests.bad_bots:RaisesSentence (som spiller P1) feilet på linje 197: "
            "no idea what to do with a joker\n",
        ),
        (
            "tests.bad_bots:MadeWithKeyError,sensible",  # (it said "could not be loaded: line 204 ... failed: 'rng'")
            "drawpoker simulate: the bot tests.bad_bots:MadeWithKeyError could not be loaded: "
            "line 204 of tests/bad_bots.py failed: KeyError: 'rng'\n",
            "drawpoker simulate: roboten tests.bad_bots:MadeWithKeyError kunne ikke lastes: "
            "linje 204 i tests/bad_bots.py feilet: KeyError: 'rng'\n",
        ),
        (
            "tests.bad_bots:Nonsense,sensible",
            "drawpoker simulate: the bot tests.bad_bots:Nonsense (playing P1) answered 42, which is not a decision\n",
            "drawpoker simulate: roboten tests.bad_bots:Nonsense (som spiller P1) svarte 42, som ikke er en beslutning\n",
        ),
        (
            "tests.bad_bots:Unknown,sensible",
            "drawpoker simulate: the bot tests.bad_bots:Unknown (playing P1) made a move the rules do not allow: "
            "'dance', which is not something a player does in a draw game\n",
            "drawpoker simulate: roboten tests.bad_bots:Unknown (som spiller P1) gjorde et trekk reglene ikke tillater: "
            "«dance», som ikke er noe en spiller gjør i et byttespill\n",
        ),
    ],
)
def test_simulate_stops_with_one_sentence_naming_the_bot(strategy, english, norwegian, capsys):
    assert simulate(strategy, capsys, "--lang", "en") == (1, english)
    assert simulate(strategy, capsys, "--lang", "nb") == (1, norwegian)


def test_an_illegal_move_is_the_rules_own_refusal_in_either_language(capsys):
    status, err = simulate("sensible,tests.bad_bots:Illegal", capsys, "--lang", "en")
    assert status == 1
    assert err.startswith(
        "drawpoker simulate: the bot tests.bad_bots:Illegal (playing P2) made a move the rules do not allow: P2 cannot check: there is a bet of "
    )
    status, err = simulate("sensible,tests.bad_bots:Illegal", capsys, "--lang", "nb")
    assert status == 1
    assert err.startswith(
        "drawpoker simulate: roboten tests.bad_bots:Illegal (som spiller P2) gjorde et trekk reglene ikke tillater: P2 kan ikke checke"
    )


def test_a_slow_bot_is_stopped_at_the_limit(capsys):
    status, err = simulate("tests.bad_bots:Slow,sensible", capsys, "--bot-time-limit", "0.05", "--lang", "en")
    assert (status, err) == (
        1,
        "drawpoker simulate: the bot tests.bad_bots:Slow (playing P1) took longer than 0.05 s to decide\n",
    )


def test_the_time_limit_comes_from_the_settings(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "drawpoker").mkdir()
    (tmp_path / "drawpoker" / "settings.yaml").write_text("bot_time_limit: 0.05\n", encoding="utf-8")
    status, err = simulate("tests.bad_bots:Slow,sensible", capsys, "--lang", "en")
    assert (status, err) == (
        1,
        "drawpoker simulate: the bot tests.bad_bots:Slow (playing P1) took longer than 0.05 s to decide\n",
    )


@pytest.mark.parametrize(
    "source, why",
    [
        ("class Bot:\n    def act(self, view)\n        return None\n", "line 2 of {path} is not Python (expected ':')"),
        ("import no_such_module_either\n", "it imports no_such_module_either, which is not installed"),
        ("x = 1\n\nraise RuntimeError('not today')\n", "line 3 of {path} failed: not today"),
        (
            "import json\n\ndef f():\n    json.loads('')\n\nf()\n",
            "line 4 of {path} failed: Expecting value: line 1 column 1 (char 0)",
        ),
    ],
)
def test_a_file_that_does_not_load_is_one_sentence(source, why, tmp_path, capsys):
    """Seen: "could not be loaded: RuntimeError: not today", "SyntaxError on line 2: ...",
    "ModuleNotFoundError: No module named ...": Python's names for what happened. Now plain
    words, with what helps mend it: the line of the bot's own file that failed (in a library
    it called: the bot's line that called it), what it said, the module it lacks."""
    path = tmp_path / "mine.py"
    path.write_text(source, encoding="utf-8")
    status, err = simulate(f"{path}:Bot,sensible", capsys, "--lang", "en")
    assert (status, err) == (
        1,
        f"drawpoker simulate: the bot {path}:Bot could not be loaded: {why.format(path=path)}\n",
    )
    assert "Error" not in err.replace("Expecting", "")


def test_a_file_that_is_not_there_is_one_sentence(tmp_path, capsys):
    path = tmp_path / "missing.py"
    status, err = simulate(f"{path}:Bot,sensible", capsys, "--lang", "en")
    assert status == 1 and err.startswith(f"drawpoker simulate: the bot {path}:Bot could not be loaded: {path}: ")
    assert "\n" not in err[:-1]


def test_the_example_bot_plays(capsys):
    status, out, err = run(
        [
            "simulate",
            "jackpots",
            "--players",
            "3",
            "--hands",
            "60",
            "--strategy",
            "examples/bots/jacks.py:Jacks,strong,easy",
        ],
        capsys,
    )
    assert (status, err) == (0, "") and "examples/bots/jacks.py:Jacks" in out
    assert len(Path("examples/bots/jacks.py").read_text(encoding="utf-8").splitlines()) <= 40


def test_what_simulate_wrote_before_the_bot_failed_stays_whole(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    status, err = simulate("tests.bad_bots:Raises,sensible", capsys, "--log", str(log), "--lang", "en")
    assert status == 1 and "failed on line 40: ValueError: boom" in err
    assert not list(tmp_path.glob("*.incomplete"))  # nothing half-written is left looking whole
    for path in tmp_path.glob("run*.jsonl"):
        assert verify_history(open_history(path)).deals >= 1


# ---------------------------------------------------------------- at the table


def _table(tmp_path: Path, level: str, stacks: tuple[int, ...] = (40, 40), limit: float = 0.05) -> Session:
    rules = load_rules("morkpoker")
    game = game_for(rules)
    path = tmp_path / "table.jsonl"
    names = ("Ada", "Bo")
    writer = HistoryWriter.create(path, rules, names, computer=[False, True])
    session = Session(
        game, game.new_state(), writer, [False, True], RandomShuffler(4, 0), random.Random(4), ["", level], limit
    )
    session.sit_down(names, stacks, 0)
    return session


@pytest.mark.parametrize(
    "level, said",
    [
        ("tests.bad_bots:Illegal", "made a move the rules do not allow: Bo cannot check"),
        ("tests.bad_bots:Slow", "took longer than 0.05 s to decide"),
        ("tests.bad_bots:Nonsense", "answered 42, which is not a decision"),
        ("tests.bad_bots:NoView", "cannot be asked: it has act(self) where drawpoker calls act(self, view)"),
    ],
)
def test_at_the_table_the_seat_checks_or_folds_says_so_and_play_goes_on(level, said, tmp_path):
    from drawpoker.games.draw import commands as cmd

    session = _table(tmp_path, level)
    session.deal()
    state = session.state
    assert state.to_act == 1  # Bo, left of the button, first
    if level.endswith("Illegal"):  # Bo checks; Ada bets; Bo's bot checks again, into the bet
        session.submit(cmd.Check(1))
        session.submit(cmd.Bet(0))
    before = len(session.events)
    events = session.computer_move()
    note = session.bot_note
    assert note is not None and said in str(note)
    assert str(note).startswith(f"the bot {level} (playing Bo) ")
    fell_back = type(events[0]).__name__
    assert fell_back == ("Folded" if level.endswith("Illegal") else "Checked")
    assert str(note).endswith("; Bo folds instead" if level.endswith("Illegal") else "; Bo checks instead")
    assert len(session.events) > before
    nb = translator("nb").say(note)
    assert "roboten" in nb and ("kaster seg i stedet" in nb or "checker i stedet" in nb)
    session.close()
    report = verify_history(open_history(tmp_path / "table.jsonl"))  # the history holds the moves made, whole
    assert report.deals == 0 or report.deals == 1


def test_a_computer_seat_can_take_over_in_the_evening(tmp_path):
    """The evening's takeover names a strategy: the seat is played by it from
    its next decision (any level, here strong), and given back to a person."""
    from drawpoker.games.evening import HandBack, TakeOver

    session = _table(tmp_path, "sensible")
    session.submit(TakeOver(0, "strong"))  # Ada steps away: the computer plays her seat
    assert session.is_computer(0) and session.strategy_of(0) == "strong"
    session.deal()
    while session.state.phase != "between_deals":
        session.computer_move()
    assert session.bots[0, "Ada"].name == "strong" and session.bot_note is None
    session.submit(HandBack(0))
    assert not session.is_computer(0) and session.strategy_of(0) is None


def _pondering_table(tmp_path: Path, limit: float = 2.0) -> Any:
    """Ada (a person) and Bo (tests.bad_bots:Ponder, ``limit`` s to decide) at the
    table with a pause, the first deal dealt: Bo to act, his bot not yet asked."""
    from drawpoker.client.controller import WATCH, Controller
    from drawpoker.client.look import Look
    from tests.bad_bots import Ponder

    Ponder.reset()
    session = _table(tmp_path, "tests.bad_bots:Ponder", limit=limit)
    ctl = Controller(translator("en"), Look(), session=session, pause=0.01)
    ctl._advance()  # (what the application does first): the deal, Bo (left of the button) to act
    assert ctl.screen == WATCH and session.state.to_act == 1
    return ctl


async def _until(done: Any, tries: int = 200) -> None:
    """Let the application run until ``done()`` (at most ``tries`` short sleeps)."""
    import asyncio

    for _ in range(tries):
        if done():
            return
        await asyncio.sleep(0.025)


def test_a_key_pressed_while_a_bot_of_ones_own_thinks_is_answered_not_kept_for_the_next_turn(tmp_path):
    """A bot may think up to its time limit. Meanwhile the table answers keys
    ("please wait"): a B pressed while Bo's bot thinks must not become Ada's
    bet once Bo has acted (it did: the table waited for the bot inside its
    event loop, and the key was read on Ada's turn)."""
    import asyncio

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from drawpoker.client.app import build_app
    from drawpoker.client.controller import TURN, WATCH
    from drawpoker.client.screens import screen_text
    from tests.bad_bots import Ponder

    ctl = _pondering_table(tmp_path)
    session = ctl.session
    seen: list[str] = []

    async def run() -> None:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=DummyOutput())
            task = asyncio.ensure_future(app.run_async())
            await _until(Ponder.thinking.is_set)  # Bo's bot is thinking
            pipe.send_text("b")
            await _until(lambda: ctl.message is not None)
            seen.append(screen_text(ctl, 80, 24))
            Ponder.answer.set()  # Bo's bot answers: it checks
            await _until(lambda: ctl.screen != WATCH)
            await asyncio.sleep(0.05)
            seen.append(screen_text(ctl, 80, 24))
            pipe.send_text("\x03\x03")
            await task

    try:
        asyncio.run(run())
    finally:
        Ponder.answer.set()
    said = " ".join(seen[0].split())
    assert "Please wait: Bo (computer) is about to act." in said
    kinds = [(type(e).__name__, getattr(e, "seat", None)) for e in session.events]
    assert ("Checked", 1) in kinds  # Bo acted
    assert not any(k == "BetPlaced" for k, _ in kinds), kinds
    assert ctl.screen == TURN and session.state.to_act == 0  # Ada's turn, nothing done for her


def test_leaving_while_a_bot_of_ones_own_thinks_does_not_wait_for_it(tmp_path):
    """Ctrl-C twice (leave, and yes) while Bo's bot thinks: the program ends
    at once, the history whole, without waiting for the bot (it waited on a
    blank screen, up to the bot's time limit, for the thread it was asked on)."""
    import asyncio

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from drawpoker.client.app import build_app
    from tests.bad_bots import Ponder

    ctl = _pondering_table(tmp_path, limit=20.0)

    async def run() -> None:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=DummyOutput())
            task = asyncio.ensure_future(app.run_async())
            await _until(Ponder.thinking.is_set)
            pipe.send_text("\x03\x03")
            await task

    try:
        asyncio.run(run())  # (before: it waited for the bot, up to its limit of 20 s)
        still_thinking = not Ponder.finished.is_set() and ctl.session.bot_note is None
    finally:
        Ponder.answer.set()
    assert still_thinking  # the program ended without waiting for the bot
    ctl.session.close()
    kinds = [type(e).__name__ for e in ctl.session.events]
    assert "Checked" not in kinds  # Bo's answer, come too late, was never played
    report = verify_history(open_history(tmp_path / "table.jsonl"))
    assert (report.deals, report.phase) == (1, "betting")  # the deal begun, whole, to resume


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "The bot tests.bad_bots:NoStart could not be loaded: line {line} of {file} failed: no start"),
        ("nb", "Roboten tests.bad_bots:NoStart kunne ikke lastes: linje {line} i {file} feilet: no start"),
    ],
)
def test_a_bot_that_cannot_be_made_is_one_sentence_at_the_setup(tmp_path, language, said):
    """A bot of one's own whose class raises as it is made: the setup's last
    Enter says so in one sentence and stays (it was a traceback: the bot is
    made as the players sit down, and the setup let its failure through);
    nothing is written."""
    from drawpoker.client.controller import Controller
    from drawpoker.client.launch import starter
    from drawpoker.client.look import Look
    from drawpoker.client.setup import SetupModel
    from tests.test_client_flows import drive

    tr = translator(language)
    rules = load_rules("morkpoker")
    own = "tests.bad_bots:NoStart"
    path = tmp_path / "table.jsonl"
    ctl = Controller(tr, Look(), setup=SetupModel(rules, tr, (), [own]), start=starter(rules, str(path), 4))
    leave = "\x03" + ("y" if language == "en" else "j")
    assert drive(ctl, "2\rAda\rBo\r2222\r\r\r" + leave) == "quit"
    assert ctl.session is None and ctl.setup is not None and ctl.setup.step == "rules"
    import inspect

    from drawpoker.bots.loading import shown
    from tests.bad_bots import NoStart

    file = shown(str(Path(__file__).parent / "bad_bots.py"))
    line = inspect.getsourcelines(NoStart.__init__)[1] + 1  # (its raise: the line that failed)
    assert ctl.setup.message is not None and said.format(file=file, line=line) in ctl.setup.message
    assert not path.exists() or path.stat().st_size == 0


@pytest.mark.parametrize(
    "variant, en, nb",
    [
        ("morkpoker", "Mørkpoker is dealt", "det deles Mørkpoker"),
        ("deuce-to-seven-triple-draw", "Deuce-to-seven triple draw is dealt", "det deles Trippel toer-til-syver"),
    ],
)
def test_a_computer_dealer_that_fails_to_choose_deals_the_game_named_as_the_table_names_it(variant, en, nb):
    """The sentence named the game by its file's name ("deuce-to-seven-triple-draw
    is dealt", in Norwegian too); it names it by its title, in the player's language."""
    from drawpoker.bots.seat import fallback
    from drawpoker.games import game_for
    from drawpoker.rules import load_rules
    from drawpoker.words.i18n import translator

    game = game_for(load_rules("dealers-choice"))
    state = game.new_state()
    game.handle(state, game.sit_down(("Ada", "Bo", "Cy"), (40, 40, 40)))
    game.rotation = lambda state: variant  # the game whose turn it is
    command, note = fallback(game, state, 0, "the bot x:Y (playing Ada) failed: ValueError")
    assert command.game == variant
    assert (
        translator("en").say(note) == f"the bot x:Y (playing Ada) failed: ValueError; {en}, the game whose turn it is"
    )
    assert f"; {nb}, spillet som står for tur" in translator("nb").say(note)
