"""The client's model and screens without a terminal: setup, the flow of
screens, computers after a pause, a failing history, the terminal's size,
ASCII and NO_COLOR, the end of a session."""

from __future__ import annotations

import asyncio
import datetime as dt
import random

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from drawpoker.cards import parse_cards
from drawpoker.client.app import build_app
from drawpoker.client.controller import DEAL_OVER, FAILED, HANDOVER, PEEK, SESSION_OVER, TURN, WATCH, Controller
from drawpoker.client.launch import new_history_path
from drawpoker.client.look import STYLE_RULES, Look, build_style, color_wanted
from drawpoker.client.screens import screen, screen_text
from drawpoker.client.session import Session
from drawpoker.client.setup import SetupModel, seat_range
from drawpoker.engine.shuffle import RandomShuffler, StackedShuffler
from drawpoker.errors import HistoryError
from drawpoker.games import game_for
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator

EN = translator("en")
MORK = load_rules("morkpoker")


def session(computer=(False, False, False), shuffler=None, rules=MORK) -> Session:
    game = game_for(rules)
    s = Session(game, game.new_state(), None, list(computer), shuffler or RandomShuffler(2), random.Random(2))
    s.sit_down(("Ada", "Bo", "Cy")[: len(computer)], (40,) * len(computer))
    return s


def started(s: Session, **kw) -> Controller:
    ctl = Controller(EN, kw.pop("look", Look()), session=s, **kw)
    ctl.acknowledge()
    return ctl


# ------------------------------------------------------------------ setup


def test_setup_keeps_to_the_rules_limits():
    m = SetupModel(MORK, EN)
    m.type("9")
    assert m.count == 2 and m.message == "These rules seat 2 to 6."
    m.change(-1)
    assert m.count == 2
    m.type("6")
    m.change(1)
    assert m.count == 6 and m.message == "These rules seat 2 to 6."


def test_setup_names_are_unique_and_have_defaults():
    m = SetupModel(MORK, EN)
    m.enter()
    for ch in "Ada":
        m.type(ch)
    m.enter()
    for ch in "ada":
        m.type(ch)
    m.enter()
    assert m.message == "Ada is already at the table; choose another name." and m.names == ["Ada"]
    m.backspace(), m.backspace(), m.backspace()
    m.enter()
    assert m.names == ["Ada", "Player 2"] and m.step == "computers"
    m.backspace()
    assert m.step == "names" and m.typing == "Player 2"


def test_a_rotating_dealer_is_a_participant():
    assert seat_range(load_rules("three-card-poker")) == (2, 6)
    assert seat_range(load_rules("three-card-poker-ro")) == (1, 5)
    m = SetupModel(load_rules("three-card-poker"), translator("nb"))
    assert "giveren medregnet" in "".join(t for line in m.lines(Look(), 80, 20) for _, t in line)


# ------------------------------------------------------------------ the flow


def test_after_the_exchange_the_player_sees_the_new_cards_then_they_hide():
    deck = stacked_deck(
        {0: parse_cards("Ah Ad 7c 4s 2d"), 1: parse_cards("3c 5d 9s 9h 6h")}, button=0, seats=2, stock=parse_cards("Kd")
    )
    ctl = started(session((False, False), shuffler=StackedShuffler(deck)))
    ctl.reveal()
    ctl.act("call")  # Bo (first, heads-up) calls... there is no bet: refused
    assert ctl.message and ctl.screen == TURN
    ctl.act("check")
    ctl.reveal()
    ctl.act("check")
    assert ctl.screen == DEAL_OVER  # everyone checked round 1: the pot stays
    assert "stays for the next deal" in screen_text(ctl)


def test_peek_after_exchange():
    deck = stacked_deck(
        {0: parse_cards("Ah Ad 7c 4s 2d"), 1: parse_cards("3c 5d 9s 9h 6h")}, button=0, seats=2, stock=parse_cards("Kd")
    )
    ctl = started(session((False, False), shuffler=StackedShuffler(deck)))
    ctl.reveal()
    ctl.act("bet")
    ctl.reveal()
    ctl.act("call")
    assert ctl.screen == HANDOVER and ctl.state.phase == "exchange"
    ctl.reveal()
    ctl.toggle_card(0)
    ctl.confirm_exchange()
    assert ctl.screen == PEEK and ctl.viewer == 1
    assert "K♦" in screen_text(ctl)
    ctl.acknowledge()
    assert ctl.screen == HANDOVER and ctl.viewer is None and "K♦" not in screen_text(ctl)


def test_computers_act_after_the_pause():
    s = session((True, True, False))
    ctl = started(s, pause=0.01)
    assert ctl.screen in (WATCH, TURN)

    async def play() -> object:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=DummyOutput())
            task = asyncio.ensure_future(app.run_async())
            for _ in range(200):
                await asyncio.sleep(0.01)
                if ctl.screen == TURN:
                    break
            pipe.send_text("\x03y")
            return await task

    assert asyncio.run(play()) == "quit"
    assert ctl.screen == TURN and ctl.to_act == 2
    actors = {e.seat for e in s.events if type(e).__name__ in ("Checked", "BetPlaced", "Called", "Raised", "Folded")}
    assert actors & {0, 1}


def test_a_history_that_cannot_be_written_stops_the_game():
    class Broken:
        path = "broken.jsonl"

        def append(self, events):
            raise HistoryError("broken.jsonl: cannot write the history (No space left on device)")

        def close(self):
            pass

    s = session((False, False))
    s.writer = Broken()
    ctl = started(s)
    assert ctl.screen == FAILED and "No space left" in screen_text(ctl)
    assert s.state.phase == "between_deals"  # nothing the history lacks was applied


def test_session_over_shows_standings_and_a_chart():
    rules = load_rules("morkpoker")
    s = session((True, True, True), rules=rules)
    ctl = started(s)
    for _ in range(100):
        if ctl.screen == SESSION_OVER:
            break
        ctl.acknowledge()
    assert ctl.screen == SESSION_OVER
    text = screen_text(ctl)
    assert "Final standings" in text and "deal" in text and "A = Ada" in text
    ctl.acknowledge()
    assert ctl.finished == "done"


# ------------------------------------------------------------------ the terminal


@pytest.mark.parametrize("columns, rows", [(79, 24), (80, 23), (40, 10)])
def test_a_terminal_too_small_says_so(columns, rows):
    ctl = started(session())
    text = screen_text(ctl, columns, rows)
    assert "the game needs at least 80×24" in text.replace("\n", " ")


@pytest.mark.parametrize("columns, rows", [(80, 24), (132, 50)])
def test_the_screen_fills_the_terminal_exactly(columns, rows):
    ctl = started(session())
    ctl.reveal()
    fragments = screen(ctl, columns, rows)
    lines = "".join(t for _, t in fragments).split("\n")
    assert len(lines) == rows
    from drawpoker.client.lines import width

    assert all(width(line) == columns for line in lines)


def test_ascii_cards():
    ctl = started(session(), look=Look(unicode=False))
    ctl.reveal()
    text = screen_text(ctl)
    assert all(ch.isascii() or ch.isalpha() for ch in text), [ch for ch in text if not ch.isascii()]
    hand = ctl.state.hands[ctl.viewer]
    assert all((("10" if c.rank.char == "T" else c.rank.char) + c.suit.char) in text for c in hand)


def test_no_color_keeps_only_bold_and_reverse():
    assert color_wanted({"NO_COLOR": "1"}) is False and color_wanted({"NO_COLOR": ""}) is True
    plain = build_style(False)
    for _, without in STYLE_RULES.values():
        assert "ansi" not in without
    assert plain.get_attrs_for_style_str("class:card.red").color in (None, "")
    assert build_style(True).get_attrs_for_style_str("class:card.red").color == "ansired"


def test_red_and_black_suits():
    look = Look()
    assert look.card(parse_cards("Ah")[0]) == [("class:card.red", "A♥")]
    assert look.card(parse_cards("Ts")[0]) == [("class:card.black", "10♠")]


def test_new_history_file_never_overwrites(tmp_path):
    now = dt.datetime(2025, 1, 2, 3, 4, 5)
    first = new_history_path(MORK, tmp_path, now)
    first.write_text("taken")
    second = new_history_path(MORK, tmp_path, now)
    assert first.name == "2025-01-02_030405_morkpoker.jsonl" and second.name == "2025-01-02_030405_morkpoker-2.jsonl"


@pytest.mark.parametrize(
    ("ruleset", "word"),
    [
        ("morkpoker", "morkpoker"),
        ("morkpoker-headsup-cap", "morkpoker"),
        ("deuce-to-seven-triple-draw", "deuce-to-seven-triple-draw"),
        ("deuce-to-seven-single-draw", "deuce-to-seven-single-draw"),
        ("ace-to-five-lowball", "ace-to-five-single-draw"),
        ("dealers-choice", "dealers-choice"),
        ("jackpots", "jackpots"),
        ("no-limit-draw", "no-limit-five-card-draw"),  # (ev47: each draw game by its own name)
        ("deuces-wild", "deuces-wild"),
        ("california-draw", "california-draw"),
        ("three-card-poker-sv", "three-card-poker"),
    ],
)
def test_a_history_file_is_named_by_the_game_played(tmp_path, ruleset, word):
    """Every draw game's rules say ``game: morkpoker``; the file says which draw game it is."""
    from drawpoker.rules import load_rules

    path = new_history_path(load_rules(ruleset), tmp_path, dt.datetime(2025, 1, 2, 3, 4, 5))
    assert path.name == f"2025-01-02_030405_{word}.jsonl"


def test_play_needs_a_terminal_known_rules_and_a_new_file(capsys, tmp_path):
    from drawpoker.cli.main import main

    taken = tmp_path / "taken.jsonl"
    taken.write_text("{}\n")
    assert main(["play", "--log", str(taken)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["play", "no-such-rules"]) == 1
    assert "no-such-rules" in capsys.readouterr().err
    assert main(["play", "--lang", "nb"]) == 1  # pytest's stdin is not a terminal
    assert "drawpoker play trenger en terminal" in capsys.readouterr().err
