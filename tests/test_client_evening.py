"""Issue 14, the hot-seat evening: every rough edge a new table met, driven
through the real application (prompt_toolkit pipe input, the screens as
drawn at 80×24)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from drawpoker.cards import parse_cards
from drawpoker.client.app import build_app
from drawpoker.client.controller import HANDOVER, PEEK, TURN, Controller
from drawpoker.client.launch import resume
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.setup import SetupModel
from drawpoker.games.draw import events as mev
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.games.three_card import events as tev
from drawpoker.games.three_card.stacking import stacked_deck as stacked_deck3
from drawpoker.words.i18n import translator
from tests.changed_rules import changed_rules
from tests.pressing import press
from tests.test_client_flows import ENTER, QUIT, drive, starter

EN = translator("en")
NB = translator("nb")


class Screens(DummyOutput):
    """An output of a chosen size that keeps every screen the app drew, as text."""

    def __init__(self, ctl: Controller, columns: int = 80, rows: int = 24) -> None:
        super().__init__()
        self.ctl = ctl
        self.size = Size(rows=rows, columns=columns)
        self.seen: list[str] = []

    def get_size(self) -> Size:
        return self.size

    def flush(self) -> None:
        if self.size.columns >= 80 and self.size.rows >= 24:
            self.seen.append(screen_text(self.ctl, self.size.columns, self.size.rows))


def watch(ctl: Controller, keys: str, columns: int = 80, rows: int = 24) -> tuple[str | None, list[str]]:
    """Like ``drive``, keeping the screen after every key."""
    out = Screens(ctl, columns, rows)
    seen: list[str] = []
    with create_pipe_input() as pipe:
        app = build_app(ctl, input=pipe, output=out)

        async def run() -> str | None:
            task = asyncio.ensure_future(app.run_async())
            for key in _keys(keys):
                await press(app, ctl, pipe, key)
                if not app.is_done:
                    seen.append(screen_text(ctl, columns, rows))
            if not app.is_done:  # the keys ran out: leave, so that a test fails rather than hangs
                pipe.send_text(QUIT)
            result: str | None = await task
            return result

        result = asyncio.run(run())
    return result, seen


def _keys(keys: str) -> list[str]:
    """Keys one by one, escape sequences kept whole."""
    out: list[str] = []
    i = 0
    while i < len(keys):
        if keys[i] == "\x1b" and keys[i + 1 : i + 2] == "[":
            out.append(keys[i : i + 3])
            i += 3
        else:
            out.append(keys[i])
            i += 1
    return out


# ------------------------------------------------------------------ Mørkpoker, two deals

TWO_DEALS = changed_rules("morkpoker", session__deals=1)
ANNA, BJORN = parse_cards("Ah Ad 7c 4s 2d"), parse_cards("Kh Ks Jc Jd 4c")
STOCK = parse_cards("2c 8d 8s As Kd Qh")
DECK = stacked_deck({0: ANNA, 1: BJORN}, button=0, seats=2, stock=STOCK)
SETUP_2 = "2" + ENTER + "Anna" + ENTER + "Bjørn" + ENTER + ENTER + ENTER + ENTER  # (who deals first: Anna)


def _mork(tmp_path: Path, rules=TWO_DEALS, tr=EN, stacks=(20, 20), decks=(DECK,)) -> Controller:
    start = starter(rules, tmp_path / "mork.jsonl", stacks, *decks)
    return Controller(tr, Look(), setup=SetupModel(rules, tr), start=start)


# heads-up, Anna has the button: Bjørn acts first in each round and exchanges first
ONE_DEAL = (
    ENTER
    + "b"
    + ENTER
    + "c"  # round 1
    + ENTER
    + "5"
    + ENTER
    + ENTER  # Bjørn throws 4c, sees his cards, hides them
    + ENTER
    + "345"
    + ENTER
    + ENTER  # Anna throws three
    + ENTER
    + "k"
    + ENTER
    + "k"  # round 2
    + ENTER
    + "s"
    + ENTER
    + "s"  # the showdown
)


def test_the_last_deals_showdown_and_pots_come_before_the_standings(tmp_path):
    ctl = _mork(tmp_path)
    result, seen = watch(ctl, SETUP_2 + ONE_DEAL + ENTER + ENTER)
    assert result == "done"
    last_deal = [text for text in seen if "Final standings" not in text and "shows" in text]
    assert last_deal, "the showdown of the last deal was never on screen"
    summary = last_deal[-1]
    assert "Anna wins the pot (4)." in summary and "Bjørn: K♥ K♠" in summary
    assert "That was the last deal. Press Enter for the final standings." in summary
    standings = seen.index(next(text for text in seen if "Final standings" in text))
    assert seen.index(summary) < standings


def test_a_finished_session_resumed_says_it_is_over(tmp_path):
    ctl = _mork(tmp_path)
    drive(ctl, SETUP_2 + ONE_DEAL + ENTER + ENTER)
    session, notes = resume(str(tmp_path / "mork.jsonl"), seed=None)
    again = Controller(EN, Look(), session=session, notes=notes)
    text = screen_text(again)
    assert "already over" in text and "goes on where it stopped" not in text
    assert drive(again, ENTER + ENTER) == "done"
    session.close()


# ------------------------------------------------------------------ too small


def test_no_key_acts_while_the_terminal_is_too_small_and_the_hand_over_still_asks(tmp_path):
    ctl = _mork(tmp_path)
    drive(ctl, SETUP_2 + QUIT)  # the first hand-over: Bjørn's turn
    session = ctl.session
    assert ctl.screen == HANDOVER
    before = list(session.events)
    out = Screens(ctl, 60, 20)

    async def run() -> str | None:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=out)
            task = asyncio.ensure_future(app.run_async())
            for key in ENTER + "k" + "b" + "?" + ENTER + "c" + "f":
                pipe.send_text(key)
                await asyncio.sleep(0.01)
            assert ctl.screen == HANDOVER and ctl.revealed is None and not ctl.help_open
            assert session.events == before  # nothing was played
            assert "the game needs at least 80×24" in screen_text(ctl, 60, 20).replace("\n", " ")
            out.size = Size(rows=24, columns=80)  # the window grows
            await asyncio.sleep(0.01)
            assert "Press Enter when only Bjørn is looking." in screen_text(ctl)
            pipe.send_text(ENTER)
            await asyncio.sleep(0.01)
            assert ctl.screen == TURN and ctl.viewer == 1
            pipe.send_text(QUIT)
            return await task

    assert asyncio.run(run()) == "quit"


def test_ctrl_c_still_leaves_a_too_small_terminal(tmp_path):
    ctl = _mork(tmp_path)
    drive(ctl, SETUP_2 + QUIT)
    with create_pipe_input() as pipe:
        pipe.send_text("k" + QUIT)
        assert build_app(ctl, input=pipe, output=Screens(ctl, 60, 20)).run() == "quit"
    assert not any(isinstance(e, mev.Checked) for e in ctl.session.events)


# ------------------------------------------------------------------ whose name is marked


def _marked(text: str) -> list[str]:
    return [line.split("▶", 1)[1].split()[0] for line in text.splitlines() if "▶" in line]


def test_after_the_exchange_nobody_else_is_marked_while_one_players_cards_are_up(tmp_path):
    ctl = _mork(tmp_path)
    _, seen = watch(ctl, SETUP_2 + ENTER + "b" + ENTER + "c" + ENTER + "5" + ENTER + QUIT)
    assert ctl.screen == PEEK
    peek = screen_text(ctl)
    assert "Bjørn, your cards after the exchange:" in peek
    assert "Anna" not in " ".join(_marked(peek)) and "to exchange" not in peek
    for text in seen:  # on every screen with someone's cards, only that someone is marked
        for name in ("Anna", "Bjørn"):
            if f"{name}'s cards" in text:
                assert set(_marked(text)) <= {name}, text


def test_no_hand_over_to_the_player_who_already_has_the_laptop(tmp_path):
    # Anna (button), Bjørn, and Cy a computer. Bjørn bets, Cy calls, Anna folds; Bjørn
    # exchanges and hides his cards, Cy exchanges, and round 2 starts with Bjørn again
    rules = changed_rules("morkpoker", session__deals=1)
    cy = parse_cards("3c 5d 9s 9h 6h")
    deck = stacked_deck({0: ANNA, 1: BJORN, 2: cy}, button=0, seats=3, stock=STOCK)
    start = starter(rules, tmp_path / "three.jsonl", (20, 20, 20), deck)
    ctl = Controller(EN, Look(), setup=SetupModel(rules, EN), start=start)
    setup = "3" + ENTER + "Anna" + ENTER + "Bjørn" + ENTER + "Cy" + ENTER + "3" + ENTER + ENTER + ENTER
    _, seen = watch(ctl, setup + ENTER + "b" + ENTER + "f" + ENTER + "5" + ENTER + ENTER + QUIT)
    assert [type(e).__name__ for e in ctl.session.events[-3:]] == ["CardsExchanged", "CardsExchanged", "RoundStarted"]
    hidden = max(i for i, text in enumerate(seen) if "hide my cards" in text)
    after = seen[hidden + 1 :]
    assert after and not any("Pass to Bjørn" in text for text in after)
    assert ctl.screen == TURN and ctl.viewer == 1 and "Bjørn's cards: K♥ K♠ J♣ J♦ 2♣" in screen_text(ctl)


def test_the_help_closes_with_the_message_that_was_there(tmp_path):
    ctl = _mork(tmp_path)
    drive(ctl, SETUP_2 + ENTER + "z" + "?" + "x" + QUIT)
    assert not ctl.help_open and ctl.message is None
    assert "does nothing here" not in screen_text(ctl)


# ------------------------------------------------------------------ Three Card Poker


def test_the_last_three_card_round_is_shown_even_when_the_computer_played_it(tmp_path):
    rules = changed_rules("three-card-poker", session__deals=1, dealer__mode="house_bank")
    anna, dealer = parse_cards("Ah Kc 5d"), parse_cards("Qh 9s 3c")
    start = starter(rules, tmp_path / "tcp.jsonl", (40, 40), stacked_deck3([anna, parse_cards("2c 2d 7h")], dealer))
    ctl = Controller(EN, Look(), setup=SetupModel(rules, EN), start=start)
    result, seen = watch(
        ctl, "2" + ENTER + "Anna" + ENTER + "Bot" + ENTER + "2" + ENTER + ENTER + ENTER + "p" + ENTER + ENTER
    )
    assert result == "done"
    settled = [t for t in seen if "Dealer: Q♥ 9♠ 3♣" in t and "Final standings" not in t]
    assert settled and "That was the last round. Press Enter for the final standings." in settled[-1]
    assert any(isinstance(e, tev.TableClosed) for e in ctl.session.events)


def test_a_pair_plus_only_player_sees_her_cards_before_the_settlement(tmp_path):
    rules = changed_rules("three-card-poker", session__deals=4, dealer__mode="house_bank", pair_plus__without_ante=True)
    kari, bo, dealer = parse_cards("8s 8d 2c"), parse_cards("Ah Kc 5d"), parse_cards("Qh 9s 3c")
    start = starter(rules, tmp_path / "pp.jsonl", (40, 40), stacked_deck3([kari, bo], dealer))
    ctl = Controller(EN, Look(), setup=SetupModel(rules, EN), start=start)
    setup = "2" + ENTER + "Kari" + ENTER + "Bo" + ENTER + ENTER + ENTER
    kari_bets = "\x1b[D" + "\x1b[B" + "+" + ENTER  # no ante, Pair Plus 1
    _, seen = watch(ctl, setup + kari_bets + ENTER + QUIT)
    placed = [e for e in ctl.session.events if isinstance(e, tev.BetsPlaced)]
    assert placed[0].boxes[0][0] == 0 and placed[0].boxes[0][1] > 0, placed
    assert ctl.screen == HANDOVER and "Pass to Kari" in screen_text(ctl)
    drive(ctl, ENTER + QUIT)
    assert ctl.screen == PEEK and "Kari's cards: 8♠ 8♦ 2♣" in screen_text(ctl)
    drive(ctl, ENTER + QUIT)
    assert ctl.screen == HANDOVER and "Pass to Bo" in screen_text(ctl)


def test_the_norwegian_leave_dialog_says_j_and_j_leaves(tmp_path):
    ctl = _mork(tmp_path, tr=NB)
    result, seen = watch(ctl, SETUP_2 + "\x03" + "n" + ENTER + "\x03" + "j")
    assert result == "quit"
    assert ctl.screen == TURN  # N stayed (Enter then showed Bjørn's cards); J left
    dialog = next(text for text in seen if "[J]" in text)
    assert "[J] avslutt" in dialog and "[N] bli" in dialog and "[Y]" not in dialog


# ------------------------------------------------------------------ the carried pot and the words


def test_a_carried_pot_extends_the_session_and_is_seen_on_screen_in_replay_and_export(tmp_path):
    from drawpoker.client.lines import plain
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.history.export import export_text
    from drawpoker.history.reader import open_history

    deck2 = stacked_deck({0: BJORN, 1: ANNA}, button=1, seats=2, stock=STOCK)
    ctl = _mork(tmp_path, decks=(DECK, deck2))
    # deal 1 of 1: both check, the pot stays; deal 2 is played for it
    _, seen = watch(ctl, SETUP_2 + ENTER + "k" + ENTER + "k" + ENTER + ENTER + QUIT)
    assert any("Everyone checked: the pot of 2 stays for the next deal." in text for text in seen)
    text = screen_text(ctl)
    assert "deal 2, for the carried pot" in text and "deal 2 of 1" not in text
    assert "Pot 4 (2 carried over)" in text
    ctl.session.close()
    path = tmp_path / "mork.jsonl"
    replay = ReplayModel(path, EN, Look())
    replay.next_deal(1)
    replay.forward()
    assert "(2 carried over)" in "\n".join(plain(line) for line in replay.lines(80, 24))
    import io

    out = io.StringIO()
    export_text(open_history(path), out)
    assert "The pot of 2 carried from the last deal is in the middle" in out.getvalue()


def test_the_rules_say_a_carried_pot_extends_the_session_and_prime_in_whole_sentences():
    from drawpoker.rules import load_rules
    from drawpoker.rules.explain import explain
    from drawpoker.words.rules_text import rules_text

    assert "If the last deal is checked through, the session goes on until its pot is won." in explain(TWO_DEALS)
    assert "checked through" in rules_text(TWO_DEALS, EN)
    tcp = explain(changed_rules("three-card-poker", session__deals=5))
    assert "all red or all black. When the dealer's three cards match too, Prime pays 4 to 1." in tcp
    assert "The session lasts 5 rounds." in tcp and "5 deals" not in tcp
    nb = rules_text(load_rules("three-card-poker"), NB)
    assert "alle røde eller alle svarte" in nb and "samme farge" not in nb
