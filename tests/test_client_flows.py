"""The terminal client driven by keys through prompt_toolkit's pipe input,
asserting on the events and the state the keys produced (not on screen bytes)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from drawpoker.cards import parse_cards
from drawpoker.client.app import build_app
from drawpoker.client.controller import DEAL_OVER, HANDOVER, RESUMED, TURN, Controller
from drawpoker.client.launch import new_session, resume
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.session import Session
from drawpoker.client.setup import SetupModel
from drawpoker.engine.shuffle import StackedShuffler
from drawpoker.games.draw import events as mev
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.games.three_card import events as tev
from drawpoker.games.three_card.stacking import stacked_deck as stacked_deck3
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator

QUIT = "\x03y"
ENTER = "\r"


def drive(ctl: Controller, keys: str) -> str | None:
    """Run the full-screen app and press ``keys`` (which must end it) as a
    person does (:func:`tests.pressing.press`: at ``--pause 0`` the next key
    once the computers have acted)."""
    from tests.pressing import type_keys

    async def run() -> str | None:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=DummyOutput())
            task = asyncio.ensure_future(app.run_async())
            await type_keys(app, ctl, pipe, keys)
            result: str | None = await task
            return result

    return asyncio.run(run())


def starter(rules, path: Path, stacks, *decks):
    """A start function like the real one, with stacks and a stacked deck injected."""

    def start(setup: SetupModel) -> Session:
        from drawpoker.games import game_for
        from drawpoker.history.writer import HistoryWriter

        game = game_for(rules)
        writer = HistoryWriter.create(path, rules, setup.names, computer=setup.computer)
        session = Session(game, game.new_state(), writer, setup.computer, StackedShuffler(*decks), random.Random(1))
        session.sit_down(setup.names, stacks, setup.dealer)
        return session

    return start


# ------------------------------------------------------------------ Mørkpoker

MORK = load_rules("morkpoker")
#: Ada (button, 4 chips) goes all-in in round 1; Bo and Cy bet on into a side pot.
ADA, BO, CY = parse_cards("Ah Ad 7c 4s 2d"), parse_cards("3c 5d 9s 9h 6h"), parse_cards("Kh Ks Jc Jd 4c")
STOCK = parse_cards("2c 8d 8s As Kd Qh")  # Bo draws 2c 8d, Cy 8s, Ada As Kd Qh
MORK_DECK = stacked_deck({0: ADA, 1: BO, 2: CY}, button=0, seats=3, stock=STOCK)

SETUP_3 = "3" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "Cy" + ENTER + ENTER + ENTER + ENTER  # (Ada deals first)
# hand-over, then the action, for each turn in order
ROUND_1 = ENTER + "b" + ENTER + "r" + ENTER + "r" + ENTER + "c" + ENTER + "c"
EXCHANGE = ENTER + "12" + ENTER + ENTER + ENTER + "5" + ENTER + ENTER + ENTER + "345" + ENTER + ENTER
ROUND_2 = ENTER + "b" + ENTER + "c"
SHOWDOWN = ENTER + "s" + ENTER + "s" + ENTER + "s"


def _mork_controller(tmp_path: Path) -> Controller:
    tr = translator("en")
    start = starter(MORK, tmp_path / "mork.jsonl", (4, 20, 20), MORK_DECK)
    return Controller(tr, Look(), setup=SetupModel(MORK, tr), start=start)


def test_morkpoker_deal_with_exchange_and_side_pot(tmp_path):
    ctl = _mork_controller(tmp_path)
    assert drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + SHOWDOWN + QUIT) == "quit"
    session = ctl.session
    assert session is not None and ctl.screen == DEAL_OVER
    events = session.events
    raised = [e for e in events if isinstance(e, mev.Raised)]
    assert [(e.seat, e.to) for e in raised] == [(2, 2), (0, 3)]
    exchanged = {e.seat: (e.discarded, e.drawn) for e in events if isinstance(e, mev.CardsExchanged)}
    assert exchanged == {
        1: (parse_cards("3c 5d"), parse_cards("2c 8d")),
        2: (parse_cards("4c"), parse_cards("8s")),
        0: (parse_cards("7c 4s 2d"), parse_cards("As Kd Qh")),
    }
    pots = [(e.pot, e.amount, e.eligible, e.shares) for e in events if isinstance(e, mev.PotAwarded)]
    assert pots == [(0, 12, (0, 1, 2), ((0, 12),)), (1, 4, (1, 2), ((2, 4),))]
    assert session.state.stacks == [12, 14, 18]
    shown = {e.seat for e in events if isinstance(e, mev.HandShown)}
    assert shown == {0, 1, 2}


def test_morkpoker_history_is_the_session(tmp_path):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + SHOWDOWN + QUIT)
    reader = open_history(tmp_path / "mork.jsonl")
    assert [p["name"] for p in reader.header["players"]] == ["Ada", "Bo", "Cy"]
    assert [event for _, event in reader.events()] == ctl.session.events
    report = verify_history(open_history(tmp_path / "mork.jsonl"))
    assert report.deals == 1


def test_illegal_key_does_nothing_but_say_why(tmp_path):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ENTER + "k" + ENTER + "z" + QUIT)
    session = ctl.session
    # Bo checked; at Cy's turn Z means nothing: the reason is shown, nothing is written
    assert [type(e).__name__ for e in session.events[-1:]] == ["Checked"]
    assert ctl.screen == TURN and ctl.to_act == 2
    assert ctl.message == "The key z does nothing here. Press ? for help."
    lines = (tmp_path / "mork.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["e"] == "Checked"


def test_refused_action_shows_the_engines_reason(tmp_path):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ENTER + "c" + QUIT)
    assert ctl.message == "Bo cannot call: there is no bet to call; check, bet or fold."
    assert ctl.to_act == 1 and not any(isinstance(e, mev.Called) for e in ctl.session.events)


def test_norwegian_refusal(tmp_path):
    tr = translator("nb")
    start = starter(MORK, tmp_path / "nb.jsonl", (4, 20, 20), MORK_DECK)
    ctl = Controller(tr, Look(), setup=SetupModel(MORK, tr), start=start)
    drive(ctl, SETUP_3 + ENTER + "c" + "\x03j")  # J leaves in Norwegian
    assert ctl.message == "Bo kan ikke syne: det er ingen innsats å syne; checke, satse eller kaste seg."


def test_too_many_cards_to_throw_says_so(tmp_path):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ROUND_1 + ENTER + "1234" + QUIT)
    assert ctl.selected == [0, 1, 2]
    assert ctl.message == f"{ctl.state.names[ctl.to_act]} may exchange at most 3 cards."  # (the keyboard is passed on)


def test_ctrl_c_asks_and_no_keeps_playing(tmp_path):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + "\x03" + "n" + ENTER + "b" + QUIT)
    assert ctl.finished == "quit"
    assert isinstance(ctl.session.events[-1], mev.BetPlaced)


def test_help_opens_and_any_key_closes_it(tmp_path):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + "?" + "b" + QUIT)
    # the B closed the help: nobody bet, the hand-over is still waiting
    assert not ctl.help_open and ctl.screen == HANDOVER
    assert not any(isinstance(e, mev.BetPlaced) for e in ctl.session.events)


def test_computer_seats_act_without_a_hand_over_for_the_only_person(tmp_path):
    tr = translator("en")
    deck = stacked_deck({0: ADA, 1: BO, 2: CY}, button=0, seats=3, stock=STOCK)
    start = starter(MORK, tmp_path / "solo.jsonl", (40, 40, 40), deck)
    ctl = Controller(tr, Look(), setup=SetupModel(MORK, tr), start=start)
    # Ada is the only person: seats 2 and 3 are computers; no hand-over screen ever
    drive(ctl, "3" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "Cy" + ENTER + "23" + ENTER + ENTER + ENTER + QUIT)
    assert ctl.session.computer == [False, True, True]
    assert ctl.viewer == 0
    assert ctl.screen in (TURN, DEAL_OVER)
    # the computers acted before Ada's turn: Bo and Cy are first in round 1
    assert {
        e.seat for e in ctl.session.events if type(e).__name__ in ("Checked", "BetPlaced", "Raised", "Folded", "Called")
    } >= {1, 2}


# ------------------------------------------------------------------ resume


def test_resume_after_an_abort_continues_exactly(tmp_path):
    ctl = _mork_controller(tmp_path)
    # abort in the middle of the exchange (Bo has exchanged, Cy has not)
    drive(ctl, SETUP_3 + ROUND_1 + ENTER + "12" + ENTER + ENTER + QUIT)
    before = ctl.session.state.copy()
    path = tmp_path / "mork.jsonl"
    session, notes = resume(str(path), seed=None)
    assert notes == []
    assert session.state == before and session.state.to_act == 2
    assert session.state.hands == before.hands
    tr = translator("en")
    ctl2 = Controller(tr, Look(), session=session)
    assert ctl2.screen == RESUMED
    rest = ENTER + ENTER + "5" + ENTER + ENTER + ENTER + "345" + ENTER + ENTER + ROUND_2 + SHOWDOWN + QUIT
    drive(ctl2, rest)
    session.close()
    assert session.state.stacks == [12, 14, 18]
    # the one file holds the whole deal and verifies
    events = [e for _, e in open_history(path).events()]
    assert sum(isinstance(e, mev.PotAwarded) for e in events) == 2
    assert verify_history(open_history(path)).deals == 1


def test_resumed_mid_deal_the_standings_say_they_are_as_the_deal_began(tmp_path):
    """Resumed after a bet, the standings show the chips before the deal's
    antes and bets (Ada's 4, not the 3 in front of her): they say so, as the
    phones do; resumed between deals they need not."""
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ENTER + "b" + QUIT)
    session, _ = resume(str(tmp_path / "mork.jsonl"), seed=None)
    text = screen_text(Controller(translator("en"), Look(), session=session))
    assert "Standings as this deal began" in text and "Ada                    4" in text, text
    nb = screen_text(Controller(translator("nb"), Look(), session=session))
    assert "Stillingen da denne utdelingen begynte" in nb, nb
    session.close()
    ended = tmp_path / "ended"
    ended.mkdir()
    drive(_mork_controller(ended), SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + SHOWDOWN + QUIT)
    session, _ = resume(str(ended / "mork.jsonl"), seed=None)
    text = screen_text(Controller(translator("en"), Look(), session=session))
    assert "goes on where it stopped" in text and "as this deal began" not in text, text
    session.close()


def test_the_exchange_says_how_many_a_kept_ace_may_change(tmp_path):
    """A house that lets a kept ace, shown, change 4 of 5: the laptop said
    "up to 3" (and refused a fourth card only once chosen) while the phone
    said "up to 4"; both say both limits now, each in its words."""
    from drawpoker.games.view import phone_view

    house = tmp_path / "ace.yaml"
    house.write_text("extends: morkpoker\ntable:\n  max_players: 4\ndraw:\n  max_cards_with_ace: 4\n", encoding="utf-8")
    rules = load_rules(str(house))
    for lang, menu, table in (
        ("en", "choose the cards to throw (up to 3, 4 keeping an ace)", "up to 3 cards, 4 keeping an ace"),
        ("nb", "velg kortene som skal kastes (opptil 3, 4 ved å beholde et ess)", "opptil 3 kort, 4 ved å beholde"),
    ):
        folder = tmp_path / lang
        folder.mkdir()
        tr = translator(lang)
        start = starter(rules, folder / "mork.jsonl", (4, 20, 20), MORK_DECK)
        ctl = Controller(tr, Look(), setup=SetupModel(rules, tr), start=start)
        drive(ctl, SETUP_3 + ROUND_1 + ENTER + QUIT)
        assert ctl.session.state.phase == "exchange" and ctl.session.state.to_act == 1
        text = " ".join(screen_text(ctl).split())
        assert menu in text and table in text, text
        legal = phone_view(ctl.session.game, ctl.session.state, 1)["legal"]
        assert legal["exchange"] == {"max": 4, "plain": 3, "which": 1, "of": 1}
        ctl.session.close()
    plain = phone_view(*_at_the_exchange(tmp_path), 1)["legal"]["exchange"]
    assert plain["max"] == plain["plain"] == 3  # (no exception for an ace: one limit)


def _at_the_exchange(tmp_path: Path):
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ROUND_1 + ENTER + QUIT)
    text = screen_text(ctl)
    assert "keeping an ace" not in text and "choose the cards to throw (up to 3)" in text, text
    ctl.session.close()
    return ctl.session.game, ctl.session.state


def crashed_mid_line(tmp_path: Path) -> Path:
    """A Mørkpoker session left after one bet, its last line cut off by a crash."""
    ctl = _mork_controller(tmp_path)
    drive(ctl, SETUP_3 + ENTER + "b" + QUIT)
    path = tmp_path / "mork.jsonl"
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"n": 999, "e": "Call')  # the crash came mid-line
    return path


def test_resume_after_a_crash_mid_write_drops_the_torn_line(tmp_path):
    path = crashed_mid_line(tmp_path)
    session, notes = resume(str(path), seed=None)
    assert any("cut off" in str(note) for note in notes)
    assert session.path != path and session.state.to_act == 2
    ctl2 = Controller(translator("en"), Look(), session=session, notes=notes)
    drive(ctl2, ENTER + ENTER + "r" + QUIT)
    session.close()
    assert isinstance(session.events[-1], mev.Raised)
    assert path.read_text(encoding="utf-8").endswith('"e": "Call')  # the original is never rewritten


# ------------------------------------------------------------------ Three Card Poker

TCP = load_rules("three-card-poker")  # rotating dealer, Pair Plus paid after a fold, Prime, Six Card Bonus


def test_three_card_round_with_a_fold_and_a_pair_plus(tmp_path):
    # Ada deals first; Bo bets ante 1 and Pair Plus 2, holds a pair and folds; Cy plays
    bo, cy, dealer = parse_cards("8s 8d 2c"), parse_cards("Ah Kc 5d"), parse_cards("Qh 9s 3c")
    deck = stacked_deck3([bo, cy], dealer)
    tr = translator("en")
    ctl = Controller(
        tr, Look(), setup=SetupModel(TCP, tr), start=starter(TCP, tmp_path / "tcp.jsonl", (40, 40, 40), deck)
    )
    bets_bo = "\x1b[B" + "++" + ENTER  # down to Pair Plus, two up, place
    bets_cy = ENTER  # the smallest ante
    decide = ENTER + "h" + "f" + ENTER + "p"  # Bo: hand-over, hint, fold; Cy: hand-over, play
    keys = SETUP_3 + bets_bo + bets_cy + decide + QUIT
    drive(ctl, keys)
    events = ctl.session.events
    assert [e for e in events if isinstance(e, tev.BetsPlaced)] == [
        tev.BetsPlaced(1, ((1, 2, 0, 0),)),
        tev.BetsPlaced(2, ((1, 0, 0, 0),)),
    ]
    assert tev.BoxFolded(0, 1) in events and tev.PlayBetPlaced(1, 2, 1) in events
    settled = {e.seat: e for e in events if isinstance(e, tev.BoxSettled)}
    assert (settled[1].ante, settled[1].pair_plus) == (-1, 2)  # the pair pays 1:1 even after the fold
    assert (settled[2].ante, settled[2].play) == (1, 1)  # ace high beats queen high
    assert ctl.screen == DEAL_OVER
    state = ctl.session.state
    assert state.stacks == [40 + 1 - 2 - 2, 41, 42]  # the dealing bank took the ante, paid 2 and 2
    assert ctl.session.state.dealer == 0


def test_three_card_bet_slip_stays_within_the_limits(tmp_path):
    deck = stacked_deck3([parse_cards("8s 8d 2c"), parse_cards("Ah Kc 5d")], parse_cards("Qh 9s 3c"))
    tr = translator("en")
    ctl = Controller(
        tr, Look(), setup=SetupModel(TCP, tr), start=starter(TCP, tmp_path / "t.jsonl", (40, 40, 40), deck)
    )
    keys = SETUP_3 + "+" * 12 + QUIT
    drive(ctl, keys)
    assert ctl.bets.values["ante"] == 10
    assert ctl.message == "Ante: from 0 to 10."


def test_resuming_with_the_same_seed_deals_the_decks_it_would_have_dealt(tmp_path):
    from drawpoker.engine.shuffle import RandomShuffler

    def decks(path):
        return [e.deck for _, e in open_history(path).events() if isinstance(e, mev.DealStarted)]

    whole = new_session(
        MORK, ("Ada", "Bo"), (True, True), tmp_path / "whole.jsonl", RandomShuffler(9), random.Random(9)
    )
    for _ in range(2):
        whole.deal()
        while not whole.between_deals:
            whole.submit(whole.computer_command())
    whole.close()
    part = new_session(MORK, ("Ada", "Bo"), (True, True), tmp_path / "part.jsonl", RandomShuffler(9), random.Random(9))
    part.deal()
    part.close()  # stopped in the middle of deal 1
    resumed, _ = resume(str(tmp_path / "part.jsonl"), seed=9)
    while not resumed.between_deals:
        resumed.submit(resumed.computer_command())
    resumed.deal()
    resumed.close()
    assert decks(tmp_path / "part.jsonl") == decks(tmp_path / "whole.jsonl")
