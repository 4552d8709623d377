"""Dealer's choice on screen: each deal is shown, described, coached and
played by the computer seats under its own game's rules, live and in replay.

The session's rules are the base ruleset's (here Mørkpoker, high hands);
a deuce-to-seven deal chosen by the dealer must not be named, ranked or
played as Mørkpoker.
"""

from __future__ import annotations

import random

import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.controller import Controller
from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.screens import screen_lines
from drawpoker.client.session import Session
from drawpoker.client.setup import SetupModel
from drawpoker.engine.shuffle import StackedShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as mev
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.history.writer import SessionLogs
from drawpoker.ranking import ranking_for_deck
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from drawpoker.words.hands import describe_hand
from drawpoker.words.i18n import translator
from drawpoker.words.rules_text import draw_game_name
from tests.test_client_flows import ENTER, QUIT, SETUP_3, drive, starter

LOWBALL = "deuce-to-seven-triple-draw"
SEVEN_FIVE = parse_cards("7c 5d 4h 3s 2c")  # the second-best deuce-to-seven hand; nothing in high
OTHERS = {1: parse_cards("Kh Kd 9s 9c 6h"), 2: parse_cards("Qs Qd Jc 8h 8d")}
DECK = stacked_deck({0: SEVEN_FIVE, **OTHERS}, button=0, seats=3)


@pytest.fixture
def rules(tmp_path):
    (tmp_path / "dc.yaml").write_text(
        f"extends: morkpoker\nsession:\n  deals: 4\n  dealers_choice: [morkpoker, {LOWBALL}]\n", encoding="utf-8"
    )
    return load_rules(str(tmp_path / "dc.yaml"))


def _screen(ctl: Controller) -> str:
    return "\n".join(plain(line) for line in screen_lines(ctl, 80, 24))


def test_the_table_names_describes_and_coaches_the_chosen_game(tmp_path, rules):
    tr = translator("en")
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "dc.jsonl", (40,) * 3, DECK)
    )
    drive(ctl, SETUP_3 + "2" + QUIT)  # Ada deals and picks deuce-to-seven triple draw
    assert [e.game for e in ctl.session.events if isinstance(e, mev.GameChosen)] == [LOWBALL]
    drive(ctl, ENTER + QUIT)  # Ada, first to act left of the big blind, looks at her cards
    screen = _screen(ctl)
    lowball = load_rules(LOWBALL)
    assert "Deuce-to-seven triple draw · deal 1 of 4" in screen
    assert describe_hand(SEVEN_FIVE, tr, ranking_for_deck(lowball.deck, lowball.showdown.ranking)) in screen
    assert (
        describe_hand(SEVEN_FIVE, tr, ranking_for_deck(rules.deck, rules.showdown.ranking)) not in screen
    )  # "high card, seven …"
    odds = ctl.coach_odds()  # the coach counts lowball: standing pat is the best choice, and certain
    assert odds.best.discard == ()


def _computer_exchange(rules, game_name: str) -> cmd.Exchange:
    """What a computer seat holding the seven-five does at the first exchange
    of ``game_name``; the others' moves are forced: call, bet or check, stand pat."""
    game = DrawGame(rules)
    session = Session(game, game.new_state(), None, (True, True, True), StackedShuffler(DECK), random.Random(3))
    session.sit_down(("Ada", "Bo", "Cy"), (40, 40, 40), 0)
    session.submit(game.choose_game(game_name))
    session.deal()
    while not (session.state.phase == "exchange" and session.state.to_act == 0):
        seat = session.state.to_act
        moves = [cmd.Exchange(seat, ())] if session.state.phase == "exchange" else []
        moves += [cmd.Call(seat), cmd.Bet(seat), cmd.Check(seat)]
        for move in moves:
            try:
                session.submit(move)
                break
            except IllegalAction:
                continue
    command = session.computer_command()
    assert isinstance(command, cmd.Exchange) and session.state.hands[0] == SEVEN_FIVE
    return command


def test_computer_seats_play_the_chosen_games_hands(rules):
    assert _computer_exchange(rules, LOWBALL).discards == ()  # a seven-five low stands pat
    assert _computer_exchange(rules, "morkpoker").discards == parse_cards("7c")  # high: draws to the straight


def test_game_in_play_is_the_chosen_game_and_otherwise_the_sessions(rules):
    game = DrawGame(rules)
    state = game.new_state()
    assert game_in_play(game, state) is game
    game.handle(state, cmd.SitDown(("A", "B"), (20, 20), 0))
    game.handle(state, game.choose_game(LOWBALL))
    assert game_in_play(game, state) is game.game_of(LOWBALL)
    plain_game = DrawGame(load_rules("morkpoker"))
    assert game_in_play(plain_game, plain_game.new_state()) is plain_game


def test_replay_names_and_ranks_every_deal_by_its_own_game(tmp_path, rules):
    logs = SessionLogs(tmp_path / "dc.jsonl", rules)
    try:
        simulate(rules, 3, 10, 7, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    tr = translator("en")
    model = ReplayModel(logs.paths[0], tr, Look())
    model.revealed = True
    seen = set()
    game = DrawGame(rules)
    for index, deal in enumerate(model.deals):
        model.index, model.step = index, 1
        model.to_end()
        assert model.state == deal.after
        deal_rules = game_in_play(game, deal.before).rules
        seen.add(deal_rules.showdown.ranking)
        screen = "\n".join(plain(line) for line in model.lines(200, 60))
        assert f"· {draw_game_name(deal_rules, tr)} · deal {deal.number} " in screen.splitlines()[0]
        for seat, hand in enumerate(model.state.hands):
            if hand and model.state.in_deal[seat]:
                assert describe_hand(hand, tr, ranking_for_deck(deal_rules.deck, deal_rules.showdown.ranking)) in screen
    assert seen == {"high", "deuce_to_seven"}


def test_a_single_game_replay_keeps_its_title(tmp_path):
    rules = load_rules("morkpoker")
    logs = SessionLogs(tmp_path / "m.jsonl", rules)
    try:
        simulate(rules, 3, 2, 1, ("sensible",), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    model = ReplayModel(logs.paths[0], translator("en"), Look())
    assert plain(model.lines(80, 24)[0]).startswith(" Replay of m.jsonl · deal 1 (1 of ")


@pytest.mark.parametrize(
    "lang, opening", [("en", "Dealer's choice: before each deal"), ("nb", "Giverens valg: før hver")]
)
def test_the_setup_says_it_is_dealers_choice_and_summarises_every_game(rules, lang, opening):
    from drawpoker.words.rules_text import rules_summary

    tr = translator(lang)
    summary = rules_summary(rules, tr)
    from drawpoker.rules.explain import game_name
    from drawpoker.words.hands import join_names as join_words

    words = [game_name(game, tr) for _, game in rules.variants]  # the games in words (issue 24), no file names
    assert summary[0].startswith(opening) and join_words(words, tr) in summary[0]
    assert "morkpoker" not in summary[0] and LOWBALL not in summary[0]
    assert summary[1].startswith(words[0]) and summary[2].startswith(words[1])
    from drawpoker.words.rules_text import _session

    lowball = load_rules(LOWBALL)
    own = [line for line in rules_summary(lowball, tr) if line not in _session(lowball, tr)]
    assert summary[2] == " ".join(own)  # its own summary without the session's stacks, length and broke players
    assert tr._("Blinds {small} and {big}").split()[0] in summary[2]
    ctl = Controller(tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, None, (40,) * 3, DECK))
    assert _screen(ctl).startswith(" " + tr._("New session: {game}").format(game=tr._("Dealer's choice")))


@pytest.mark.parametrize(
    "lang, line",
    [("en", "Dealer's choice: Deuce-to-seven triple draw"), ("nb", "Giverens valg: Trippel toer-til-syver")],
)
def test_the_log_names_the_chosen_game_as_the_title_does(rules, lang, line):
    from drawpoker.client.log import deal_log

    game = DrawGame(rules)
    state = game.new_state()
    game.handle(state, cmd.SitDown(("A", "B"), (40, 40), 0))
    before = state.copy()
    events = game.handle(state, game.choose_game(LOWBALL))
    assert [plain(x) for x in deal_log(game, [(before, events)], translator(lang), Look())] == [line]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_dealers_choice_names_each_game_once(tmp_path, lang):
    # seen: "[1] Mørkpoker  Mørkpoker slik kilden beskriver det (...)", "[2] Jackpots  Jackpots (knekter ...)"
    tr = translator(lang)
    rules = load_rules("dealers-choice")
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "dc.jsonl", (40,) * 3, DECK)
    )
    drive(ctl, SETUP_3 + QUIT)
    screen = _screen(ctl)
    lines = [line for line in screen.splitlines() if line.startswith("[")]
    assert len(lines) == 3, screen
    jackpots = tr.p("ruleset", dict(rules.variants)["jackpots"].description)
    assert lines[1] == "[2] " + jackpots[: len(lines[1]) - 4], screen
    assert not any(
        line.split("] ", 1)[1].startswith(f"{word}  {word}") for line in lines for word in ("Mørkpoker", "Jackpots")
    )
