"""The hot-seat client's evening (issue 26), through the real application
(prompt_toolkit pipe input, the screens as drawn at 80×24) in both
languages: the table menu (T) after a deal and at a hand-over, a broke
player asked at the table, the draw for the first dealer, a refusal said in
one sentence that changes nothing, and the last screen's settle-up."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import attrs
import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from drawpoker.client.app import build_app
from drawpoker.client.controller import ASK, DEAL_OVER, DRAWN, HANDOVER, SESSION_OVER, Controller
from drawpoker.client.launch import new_session
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.money import parse_chip_value
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests import pressing

ENTER, ESC = "\r", "\x1b"


def rules(most: int = 6, ruleset: str = "morkpoker", **session):
    base = load_rules(ruleset)
    table_ = attrs.evolve(base.table, max_players=most)
    return attrs.evolve(base, table=table_, session=attrs.evolve(base.session, **session))


def table(
    tmp_path: Path,
    language: str,
    computer=(True, True, True),
    names=("Anna", "Bjørn", "Cato"),
    most=6,
    ruleset="morkpoker",
    **session,
):
    r = rules(most, ruleset, **session)
    s = new_session(r, list(names), list(computer), tmp_path / "h.jsonl", RandomShuffler(3), random.Random(3))
    ctl = Controller(translator(language), Look(), session=s, pause=0)
    return ctl


def press(ctl: Controller, keys: str) -> list[str]:
    """The keys through the real application; the screen after each, at 80×24."""
    screens: list[str] = []

    async def run() -> None:
        with create_pipe_input() as pipe:
            app = build_app(ctl, input=pipe, output=DummyOutput())
            task = asyncio.ensure_future(app.run_async())
            for _ in range(3):
                await asyncio.sleep(0)
            for key in _split(keys):
                await pressing.press(app, ctl, pipe, key)
                screens.append(screen_text(ctl, 80, 24))
            if not app.is_done:
                pipe.send_text("\x03\x03")
            await task

    asyncio.run(run())
    return screens


def _split(keys: str) -> list[str]:
    return list(keys)


def broke_anna(tmp_path: Path, language: str, computer=(False, True, True)) -> Controller:
    """A table whose house asks the broke (``when_broke: ask``), Anna out of chips after a lost
    all-in (Bjørn holding them), asked whether to buy again."""
    ctl = table(tmp_path, language, computer=computer, when_broke="ask")
    ctl.session.state.stacks[0] = 0  # (as a lost all-in would leave Anna)
    ctl.session.state.stacks[1] += 40
    ctl._advance()
    return ctl


def started(ctl: Controller) -> Controller:
    ctl._advance()  # (what the application does first)
    return ctl


@pytest.mark.parametrize(
    ("language", "said"),
    [
        # the level said: the table chose strong (eve39: "The computer plays Dag." named none)
        ("en", "Dag sits down in seat 4 with 40 chips. The computer plays Dag (strong)."),
        ("nb", "Dag setter seg på plass 4 med 40 sjetonger. Datamaskinen spiller Dag (sterk)."),
    ],
)
def test_a_newcomer_arrives_through_the_table_menu(tmp_path, language, said):
    ctl = started(table(tmp_path, language))
    assert ctl.screen == DEAL_OVER
    computer = "c" if language == "en" else "d"
    screens = press(ctl, "t" + "a" + "Dag" + ENTER + ENTER + computer + "3")
    assert ("The table: what happens?" if language == "en" else "Bordet: hva skjer?") in screens[0]
    asked = screens[-2]  # the levels from the weakest up (as the setup steps through them), Enter the usual
    if language == "en":
        assert "At what level does the computer play Dag?" in asked
        assert "[1] easy\n[2] sensible\n[3] strong\n[Enter] sensible   [Esc] back" in asked
    else:
        assert "Hvilket nivå skal datamaskinen spille på for Dag?" in asked and "[3] sterk" in asked
    assert said in screens[-1].replace("\n", " ")
    assert ctl.session.state.names[3] == "Dag" and ctl.session.is_computer(3)
    assert ctl.session.state.bot[3] == "strong"
    assert all(len(line) <= 80 for screen in screens for line in screen.splitlines())


def test_a_join_to_a_full_table_is_refused_in_one_sentence_and_nothing_changes(tmp_path):
    ctl = started(table(tmp_path, "en", most=3))
    before = ctl.session.state.copy()
    size = ctl.session.path.stat().st_size
    screens = press(ctl, "taDag" + ENTER)
    # said at the name, not after two more questions
    assert "The table is full: these rules seat at most 3 players; Dag cannot join." in screens[-1]
    assert "The newcomer's name: Dag_" in screens[-1]
    assert ctl.session.state == before and ctl.session.path.stat().st_size == size


@pytest.mark.parametrize(
    ("language", "typed", "said", "asked"),
    [
        ("en", "9", "A buy-in is 20 to 60 chips here, not 9.", "Dag's buy-in (20-60 chips; Enter: 20): 9_"),
        ("en", "99999", "A buy-in is 20 to 60 chips here, not 99999.", "Dag's buy-in (20-60 chips; Enter: 20): 99999_"),
        (
            "nb",
            "9",
            "Et innkjøp er 20 til 60 sjetonger her, ikke 9.",
            "Innkjøpet til Dag (20-60 sjetonger; Enter: 20): 9_",
        ),
    ],
)
def test_a_buy_in_out_of_range_is_refused_at_the_buy_in_and_the_question_stays(tmp_path, language, typed, said, asked):
    ctl = started(table(tmp_path, language, buy_in=[20, 60]))
    before = ctl.session.state.copy()
    size = ctl.session.path.stat().st_size
    keys = "taDag" + ENTER + typed + ENTER
    screens = press(ctl, keys + "\x7f" * len(typed) + "25" + ENTER + "p")
    refused = screens[len(keys) - 1]
    assert said in refused and asked in refused
    assert ctl.session.state.names[3] == "Dag" and ctl.session.state.stacks[3] == 25  # corrected in place
    assert ctl.session.state.names[:3] == before.names[:3] and ctl.session.path.stat().st_size > size


@pytest.mark.parametrize(
    ("language", "said", "refused"),
    [
        (
            "en",
            "Dag buys in for 40 chips, the buy-in here.",
            "The buy-in is 40 chips here: Enter goes on, Esc goes back.",
        ),
        (
            "nb",
            "Dag kjøper seg inn for 40 sjetonger, innkjøpet her.",
            "Innkjøpet er 40 sjetonger her: Enter går videre, Esc går tilbake.",
        ),
    ],
)
def test_a_house_with_one_buy_in_says_it_and_asks_for_no_number(tmp_path, language, said, refused):
    """The buy-in question said "Dag's buy-in (40 chips; Enter: 40): _" and took digits, though any
    number but 40 was refused: a question with one answer, asked as if it had many."""
    ctl = started(table(tmp_path, language))
    screens = press(ctl, "taDag" + ENTER + "3" + "\x7f" + ENTER + "p")
    assert said in screens[5] and "_" not in screens[5].split(said)[1].splitlines()[0]
    assert refused in screens[6] and refused in screens[7]  # a digit, Backspace: nothing typed, said why
    assert "3" not in screens[6].split(said)[1].splitlines()[0]
    assert ctl.session.state.names[3] == "Dag" and ctl.session.state.stacks[3] == 40


def test_a_name_already_at_the_table_is_refused_at_the_name(tmp_path):
    ctl = started(table(tmp_path, "en"))
    screens = press(ctl, "taAnna" + ENTER)
    assert "Anna is already at the table" in screens[-1] and "The newcomer's name: Anna_" in screens[-1]
    assert ctl.menu is not None and ctl.menu.step == "name"


def test_an_add_on_out_of_range_keeps_the_question_open(tmp_path):
    ctl = started(table(tmp_path, "en", add_on_limit=5))
    screens = press(ctl, "td1" + "7" + ENTER + "\x7f5" + ENTER)
    refused = screens[4]
    assert "How many chips does Anna buy (1-5)? 7_" in refused
    assert "Anna may add on 1 to 5 chips (the house allows 5 in all), not 7" in refused
    assert "Anna buys 5 more chips (an add-on)." in screens[-1]  # corrected in place
    assert ctl.menu is None and ctl.session.state.stacks[0] == 44


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The table menu (T) opens at the end of a deal or at a hand-over."),
        ("nb", "Bordmenyen (T) åpnes når en utdeling er ferdig, eller når maskinen gis videre."),
    ],
)
def test_t_during_a_turn_says_when_the_table_menu_opens(tmp_path, language, said):
    ctl = started(table(tmp_path, language, computer=(False, True, True)))
    ctl.acknowledge()  # deal 2: Anna (a person) plays
    press(ctl, ENTER)  # Anna is alone at the screen
    screens = press(ctl, "t")
    assert said in screens[-1].replace("\n", " ")
    assert ctl.menu is None


def test_the_standings_say_a_carried_pot_is_counted_back(tmp_path):
    ctl = started(table(tmp_path, "en"))
    assert ctl.session.state.carried == 3  # deal 1 checked through
    screen = press(ctl, "x")[-1]
    assert "Chips include the carried pot of 3, shared back as if the evening ended now." in screen
    assert "Anna                  40" in screen


def test_a_request_at_a_hand_over_takes_effect_when_the_deal_ends(tmp_path):
    ctl = started(table(tmp_path, "en", computer=(False, False, True)))
    ctl.acknowledge()  # deal 2
    assert ctl.screen == HANDOVER
    screens = press(ctl, "tl3")
    assert "A deal is being played: the change takes effect when it ends." in screens[1]
    assert "Cato leaves when this deal ends." in screens[-1].replace("\n", " ")
    assert ctl.session.state.names[2] == "Cato"  # still in the deal
    kinds = [type(e).__name__ for e in ctl.session.events]
    assert kinds[-1] == "RequestMade"


@pytest.mark.parametrize(("language", "yes"), [("en", "y"), ("nb", "j")])
def test_a_broke_player_is_asked_at_the_table(tmp_path, language, yes):
    ctl = broke_anna(tmp_path, language)
    session = ctl.session
    assert ctl.screen == ASK
    question = screen_text(ctl, 80, 24)
    if language == "en":
        assert "Anna is out of chips: buy 40 more?" in question and "[Y] buy 40 more" in question
    else:
        assert "Anna er tom for sjetonger: kjøpe 40 til?" in question and "[J] kjøp 40 til" in question
    press(ctl, yes)
    from drawpoker.games.draw.events import PlayerRebought

    assert PlayerRebought(0, 40) in session.events and ctl.screen != ASK  # and the next deal is dealt


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The key x does nothing here. Anna: press Y to buy 40 more, or N to leave the table with nothing."),
        ("nb", "Tasten x gjør ingenting her. Anna: trykk J for å kjøpe 40 til, eller N for å forlate bordet uten noe."),
    ],
)
def test_a_key_that_does_nothing_at_the_broke_question_says_the_answers(tmp_path, language, said):
    ctl = broke_anna(tmp_path, language)
    screen = press(ctl, "x")[-1]
    assert said in " ".join(screen.split())
    assert ctl.screen == ASK


def test_declining_leaves_with_nothing(tmp_path):
    ctl = broke_anna(tmp_path, "en")
    press(ctl, "n")
    kinds = [type(e).__name__ for e in ctl.session.events]
    assert kinds[kinds.index("RebuyDeclined") + 1] == "PlayerLeft" and ctl.session.state.names[0] == ""
    assert ctl.screen != ASK


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_draw_for_the_first_dealer_is_shown_and_recorded(tmp_path, language):
    ctl = started(table(tmp_path, language, first_dealer="drawn", seats="drawn"))
    assert ctl.screen == DRAWN
    shown = screen_text(ctl, 80, 24)
    drawn = [e for e in ctl.session.events if type(e).__name__ == "DealerDrawn"][0]
    dealer = ctl.session.state.names[drawn.dealer]
    if language == "en":
        assert f"{dealer} deals first." in shown and "The seats are drawn:" in shown
    else:
        assert f"{dealer} gir først." in shown and "Plassene er trukket:" in shown
    press(ctl, ENTER)
    first = [e for e in ctl.session.events if type(e).__name__ == "DealStarted"][0]
    assert first.button == drawn.dealer
    verify_history(open_history(ctl.session.path))


@pytest.mark.parametrize(
    ("language", "yes", "question", "slip"),
    [
        (
            "en",
            "y",
            "End the evening now, for everyone at the table?",
            "Press Y to end the evening now, or Esc to go back.",
        ),
        (
            "nb",
            "j",
            "Avslutte kvelden nå, for alle ved bordet?",
            "Trykk J for å avslutte kvelden nå, eller Esc for å gå tilbake.",
        ),
    ],
)
def test_ending_the_evening_now_is_asked_first_and_a_slip_changes_nothing(tmp_path, language, yes, question, slip):
    """Between deals E ends the evening for everyone at once: one player's
    slip (or one of the last two who disagree) asks first (ev48: it ended)."""
    ctl = started(table(tmp_path, language))
    before = len(ctl.session.events)
    # T E asks; X is no answer; N plays on (the letters again); Esc leaves the menu; T E, Esc, Esc the same
    keys = "texn" + ESC + "te" + ESC + ESC
    screens = [" ".join(screen.split()) for screen in press(ctl, keys + "te" + yes + ENTER)]
    assert question in screens[1] and slip in screens[2] and "[E]" in screens[3] and "[E]" not in screens[4]
    assert question in screens[6] and "[E]" in screens[7] and "[E]" not in screens[8]
    assert question in screens[10] and "Deal 2" not in " ".join(screens)
    assert [type(e).__name__ for e in ctl.session.events[before:]][:1] == ["EndAgreed"]
    assert ctl.screen == SESSION_OVER


@pytest.mark.parametrize(
    ("language", "heading", "pays"),
    [("en", "Settle-up:", " pays "), ("nb", "Oppgjør:", " betaler ")],
)
def test_ending_the_evening_shows_the_standings_in_money_and_the_settle_up(tmp_path, language, heading, pays):
    ctl = started(table(tmp_path, language, chip_value=parse_chip_value("0.50 NOK")))
    screens = press(ctl, "tey" + ENTER)
    assert ctl.screen == SESSION_OVER
    final = screens[-1]
    assert heading in final and ("In money: " if language == "en" else "I penger: ") in final
    from drawpoker.history.summary import summarize
    from drawpoker.words.evening_text import payments_of

    evening = summarize(ctl.session.path, ledger=True)
    assert evening.over
    for payer, payee, units in payments_of(evening.parties(), evening.chip_value):
        assert f"{payer}{pays}{payee} {evening.chip_value.text(units)}" in final
    assert all(len(line) <= 80 for line in final.splitlines())


def test_ctrl_c_still_means_leave_now_and_resume_later(tmp_path):
    ctl = started(table(tmp_path, "en"))
    press(ctl, "t")  # (the menu is open: Ctrl-C still asks, and leaves)
    assert ctl.finished == "quit"  # the evening did not end: the history can be resumed
    kinds = [type(e).__name__ for _, e in open_history(ctl.session.path).events()]
    assert "SessionEnded" not in kinds


@pytest.mark.parametrize(
    ("language", "words", "log"),
    [
        (
            "en",
            ["end the evening now", "end the evening after N more rounds", "How many more rounds?"],  # (between)
            "The table agrees to end the evening after round 3.",
        ),
        (
            "nb",
            ["avslutt kvelden nå", "avslutt kvelden etter N runder til", "Hvor mange runder til?"],
            "Spillerne blir enige om å avslutte kvelden etter runde 3.",
        ),
    ],
)
def test_the_three_card_poker_table_menu_speaks_of_rounds(tmp_path, language, words, log):
    # the menu said "deal" where Three Card Poker says "round"
    ctl = started(table(tmp_path, language, ruleset="three-card-poker-home"))
    assert ctl.screen == DEAL_OVER and ctl.session.state.round == 1
    screens = press(ctl, "tn" + "2" + ENTER)
    seen = "\n".join(screens)
    for said in words:
        assert said in seen, said
    assert log in screens[-1].replace("\n", " ")
    menu = screens[0] + screens[1]
    assert ("deal" not in menu) if language == "en" else ("utdeling" not in menu)
    assert all(len(line) <= 80 for screen in screens for line in screen.splitlines())


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Round 1 is over; the evening can end now or after a later round."),
        ("nb", "Runde 1 er ferdig; kvelden kan slutte nå eller etter en senere runde."),
    ],
)
def test_the_three_card_poker_evening_refuses_in_rounds(tmp_path, language, said):
    from drawpoker.games.evening import EndEvening

    ctl = started(table(tmp_path, language, ruleset="three-card-poker-home"))
    before = ctl.session.state.copy()
    assert not ctl._submit_evening(EndEvening(0))
    assert ctl.message == said and ctl.session.state == before


@pytest.mark.parametrize(("language", "axis"), [("en", "deal"), ("nb", "utdeling")])
def test_the_last_screen_charts_the_players_who_came_and_went(tmp_path, language, axis):
    # the chart followed the seats and was not drawn once players came and went
    ctl = started(table(tmp_path, language))
    assert ctl.screen == DEAL_OVER
    computer = "c" if language == "en" else "d"
    # Dag arrives after deal 1; deal 2; Bjørn leaves; deal 3, and the evening ends
    screens = press(ctl, "taDag" + ENTER + ENTER + computer + ENTER + "tl2" + ENTER + "tey" + ENTER)
    assert ctl.screen == SESSION_OVER
    assert all(len(line) <= 80 for line in screens[-1].splitlines())
    final = screen_text(ctl, 80, 40)  # (at 80×24 the settle-up leaves the chart only a few rows)
    chart = final.split("┤", 1)[1]
    assert f"  {axis}" in chart  # the axis of the deals
    for key in ("A = Anna", "B = Bjørn", "C = Cato", "D = Dag"):
        assert key in chart, key
    history = ctl.session.chip_history
    assert "Dag" not in history[0] and "Dag" in history[-1] and "Bjørn" not in history[-1]


def test_a_long_message_does_not_hide_the_last_lines_of_the_log(tmp_path):
    ctl = started(table(tmp_path, "en"))
    screen = press(ctl, "tey")[-1]  # (the evening ended now: "0 more deals" is no longer a way to say it)
    lines = [line.strip() for line in screen.splitlines()]
    assert len(screen.splitlines()) <= 24
    # the log ends whole, and the message (three rows) that would only say its last events again is not shown
    assert "Anna gets 1, Bjørn gets 1, Cato gets 1." in lines
    assert "The session is over." in lines
    assert " ".join(screen.split()).count("it goes back to those who paid into it") == 1


def test_a_player_who_leaves_after_a_round_keeps_their_name_on_its_result(tmp_path):
    ctl = started(table(tmp_path, "en", computer=(True, True), names=("Anna", "Bo"), ruleset="three-card-poker"))
    assert ctl.screen == DEAL_OVER
    box = next(line for line in screen_text(ctl, 80, 24).splitlines() if line.startswith("Bo "))
    screen = press(ctl, "tl2")[-1]
    assert "Bo leaves the table with" in screen
    assert box in screen.splitlines()  # the round's result still says whose box it was
    took = ctl.session.ledger.results()[1].cashed
    assert took > 0
    row = next(line for line in screen.splitlines() if line.startswith("Bo (left)"))
    assert row.split()[2:4] == [str(took), "-"]  # the chips Bo took away, not 0


@pytest.mark.parametrize(("keys", "level"), [("1", "easy"), ("x" + ENTER, "sensible")])
def test_the_computer_takes_over_a_seat_at_the_level_chosen_and_enter_takes_the_usual(tmp_path, keys, level):
    ctl = started(table(tmp_path, "en", computer=(False, False, True)))
    assert ctl.screen == HANDOVER  # a deal is on: the take-over is asked for now, done at its end
    screens = press(ctl, "tc1" + keys)
    if keys.startswith("x"):
        assert "Press the number of a level, or Enter for sensible." in screens[-2]
    request = ctl.session.events[-1]
    assert type(request).__name__ == "RequestMade" and (request.what, request.bot) == ("take_over", level)
    while ctl.session.state.phase != "between_deals":  # the deal played out by the computer
        ctl.session.submit(ctl.session.computer_command())
    assert ctl.session.state.bot[0] == level and ctl.session.is_computer(0)


def test_a_leaver_replaced_at_the_same_break_keeps_the_deal_in_their_name(tmp_path):
    """Mørkpoker: the deal's shown hands and pots still say who played them after a newcomer takes the seat."""
    ctl = started(table(tmp_path, "en", computer=(True,) * 4, names=("Anna", "Bo", "Cy", "Dag")))
    for _ in range(20):  # a deal that ended in a showdown, so hands are shown on the screen
        if any(type(e).__name__ == "HandShown" for _, events in ctl.session.chunks for e in events):
            break
        ctl.acknowledge()
    shown = [ctl.session.state.names[e.seat] for _, events in ctl.session.chunks for e in events
             if type(e).__name__ == "HandShown"]  # fmt: skip
    leaver = shown[0]
    seat = ctl.session.state.names.index(leaver)
    before = screen_text(ctl, 80, 24)
    assert f"{leaver}: " in before
    screen = press(ctl, f"tl{seat + 1}" + "taEva" + ENTER + ENTER + "p")[-1]
    assert ctl.session.state.names[seat] == "Eva"  # the newcomer took the leaver's seat
    assert f"{leaver}: " in screen and "Eva: " not in screen


def test_a_leaver_replaced_at_the_same_break_keeps_their_box_in_a_round(tmp_path):
    ctl = started(table(tmp_path, "en", ruleset="three-card-poker"))
    box = next(line for line in screen_text(ctl, 80, 24).splitlines() if line.startswith("Bjørn "))
    screen = press(ctl, "tl2" + "taDag" + ENTER + ENTER + "p")[-1]
    assert ctl.session.state.names[1] == "Dag"
    assert box in screen.splitlines() and not any(line.startswith("Dag ") for line in screen.splitlines()[:8])


def test_two_newcomers_during_a_deal_both_sit_down_when_it_ends_in_the_order_they_asked(tmp_path):
    ctl = started(table(tmp_path, "en", computer=(False, False, True)))
    assert ctl.screen == HANDOVER
    screens = press(ctl, "taDag" + ENTER + ENTER + "p" + "taEva" + ENTER + ENTER + "c" + ENTER)
    assert "Dag sits down when this deal ends." in " ".join(screens[7].split())
    assert "Eva sits down when this deal ends." in " ".join(screens[16].split())  # (before: seat 3 promised)
    assert all("promised" not in screen for screen in screens)
    requests = [e for e in ctl.session.events if type(e).__name__ == "RequestMade"]
    assert [(r.seat, r.name, r.bot) for r in requests] == [(3, "Dag", ""), (4, "Eva", "sensible")]
    while ctl.session.state.phase != "between_deals":  # the deal played out
        ctl.session.submit(ctl.session.computer_command())
    assert ctl.session.state.names == ("Anna", "Bjørn", "Cato", "Dag", "Eva")
    assert ctl.session.is_computer(4) and not ctl.session.is_computer(3)
    assert verify_history(open_history(ctl.session.path)).deals >= 1


def test_esc_at_the_level_goes_back_one_question_keeping_the_answers(tmp_path):
    ctl = started(table(tmp_path, "en"))
    press(ctl, "taDag" + ENTER + "40" + ENTER + "c")
    ctl.menu_key("escape")  # (a lone Esc through a pipe waits for the escape sequence's timeout)
    assert "Does a person or the computer play Dag?" in screen_text(ctl, 80, 24)
    ctl.menu_key("c")
    ctl.menu_key("1")
    assert ctl.session.state.names[3] == "Dag" and ctl.session.state.bot[3] == "easy"


def test_t_at_the_broke_question_says_the_answers_not_the_table_menu(tmp_path):
    ctl = broke_anna(tmp_path, "en")
    screen = " ".join(press(ctl, "t")[-1].split())
    assert "Anna: press Y to buy 40 more, or N to leave the table with nothing." in screen
    assert "The table menu (T) opens" not in screen


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_way_on_stays_on_a_round_end_screen_after_many_comings_and_goings(tmp_path, language):
    names = ("Anna", "Bo", "Cy", "Dina", "Eli", "Finn")
    ctl = started(table(tmp_path, language, computer=(True,) * 6, names=names, ruleset="three-card-poker"))
    screen = press(ctl, "tl2" + "taDag" + ENTER + ENTER + "p" + "tl3" + "taEva" + ENTER + ENTER + "p")[-1]
    lines = screen.splitlines()
    assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
    assert ctl.tr._("Press Enter for the next round.") in screen
    assert any(line.startswith("[T] ") for line in lines)


@pytest.mark.parametrize(
    ("language", "offered", "listed", "said"),
    [
        (
            "en",
            "[W] take back a request made during this deal",
            ["Take back a request made during this deal: which?", "[3] Cato leaves"],
            "Cato stays after all.",
        ),
        (
            "nb",
            "[W] trekk tilbake en forespørsel gjort under denne utdelingen",
            ["Trekk tilbake en forespørsel gjort under denne utdelingen: hvilken?", "[3] Cato går"],
            "Cato blir likevel.",
        ),
    ],
)
def test_a_request_made_during_a_deal_is_taken_back_through_the_table_menu(tmp_path, language, offered, listed, said):
    ctl = started(table(tmp_path, language, computer=(False, False, True)))
    assert ctl.screen == HANDOVER
    screens = press(ctl, "tw" + "l3" + "tw" + "3" + ENTER)
    assert "[W]" not in screens[0]  # nothing asked yet: nothing to take back
    assert ("Press one of the letters shown, or Esc." if language == "en" else "Trykk en av bokstavene") in screens[1]
    assert offered in screens[-4]
    for line in listed:
        assert line in screens[-3]
    assert screens[-2].splitlines()[-1] == said  # the message at the hand-over
    assert said in screens[-1].splitlines()[-8:]  # and the log, once the player to act looks
    assert ctl.menu is None and ctl.session.state.requests == []
    while ctl.session.state.phase != "between_deals":  # the deal played out: Cato stays
        ctl.session.submit(ctl.session.computer_command())
    assert ctl.session.state.names == ("Anna", "Bjørn", "Cato")
    assert verify_history(open_history(ctl.session.path)).deals >= 1
    assert all(len(line) <= 80 for screen in screens for line in screen.splitlines())


def test_w_is_offered_only_while_a_request_is_pending(tmp_path):
    ctl = started(table(tmp_path, "en"))
    assert ctl.screen == DEAL_OVER  # between deals a change is made at once
    screens = press(ctl, "tw")
    assert "[W]" not in screens[0]
    assert "Press one of the letters shown, or Esc." in screens[-1]


def test_a_newcomer_who_changes_their_mind_gives_the_seat_to_the_next_newcomer(tmp_path):
    ctl = started(table(tmp_path, "en", computer=(False, False, True)))
    assert ctl.screen == HANDOVER
    screens = press(ctl, "taDag" + ENTER + ENTER + "p" + "taEva" + ENTER + ENTER + "p" + "tw" + "4" + "tw")
    assert "[4] Dag sits down (a newcomer)" in screens[-4] and "[5] Eva sits down (a newcomer)" in screens[-4]
    assert "Dag does not sit down after all." in " ".join(screens[-3].split())
    assert "[4] Eva sits down (a newcomer)" in screens[-1]  # promised seat 5 before, 4 now
    ctl.menu_key("escape")  # (a lone Esc through a pipe waits for the escape sequence's timeout)
    assert "The table: what happens?" in screen_text(ctl, 80, 24)
    ctl.menu_key("escape")
    assert ctl.menu is None
    while ctl.session.state.phase != "between_deals":
        ctl.session.submit(ctl.session.computer_command())
    assert ctl.session.state.names == ("Anna", "Bjørn", "Cato", "Eva")
    assert verify_history(open_history(ctl.session.path)).deals >= 1


def test_the_three_card_poker_table_menu_takes_back_a_request_in_rounds(tmp_path):
    ctl = started(table(tmp_path, "en", computer=(False, False, True), ruleset="three-card-poker-home"))
    while ctl.screen != HANDOVER:  # the bets placed (in the open), the boxes are decided in private
        ctl.session.submit(ctl.session.computer_command())
        ctl._advance()
    assert ctl.session.state.phase == "deciding"
    screens = press(ctl, "ts3" + "tw" + "3")
    assert "[W] take back a request made during this round" in screens[-3]
    assert "[3] Cato sits out" in screens[-2]
    assert "Cato does not sit out after all." in " ".join(screens[-1].split())


def test_the_newcomers_question_asks_who_plays_them_in_norwegian(tmp_path):
    """Norwegian asked "Spiller en person eller datamaskinen Dag?", which reads
    as "does a person or the computer Dag play?"; now "Hvem spiller Dag: en
    person eller datamaskinen?"."""
    ctl = started(table(tmp_path, "nb"))
    press(ctl, "taDag" + ENTER + "40" + ENTER)
    shown = " ".join(screen_text(ctl, 80, 24).split())
    assert "Hvem spiller Dag: en person eller datamaskinen?" in shown


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The session is over: fewer than two players can play on."),
        ("nb", "Økten er over: færre enn to spillere kan spille videre."),
    ],
)
def test_an_evening_ended_by_a_player_out_of_chips_says_why(tmp_path, language, said):
    """Bjørn out of chips with his one rebuy used, two at the table: the evening ends at deal 2
    of 6, and the screen said only 'That was the last deal' and 'The session is over.', nothing of
    why (seen at 80x24). The log now gives the reason, as 'drawpoker export' does."""
    ctl = started(
        table(tmp_path, language, computer=(True, True), names=("Anna", "Bjørn"), starting_stack=2, deals=100)
    )
    for _ in range(100):
        if ctl.session.over:
            break
        press(ctl, ENTER)
    assert ctl.session.over and ctl.screen == DEAL_OVER
    screen = screen_text(ctl, 80, 24)
    assert said in [line.strip() for line in screen.splitlines()], screen


def test_a_round_that_breaks_the_house_bank_says_why_the_evening_ends(tmp_path):
    """A house bank of 3 chips paid out: the evening ends before its rounds are played, and
    the log says the bank is broke (it said 'The session is over.', the bank's 0 beside it)."""
    r = load_rules("three-card-poker-home")
    r = attrs.evolve(r, dealer=attrs.evolve(r.dealer, mode="house_bank", bank=3))
    r = attrs.evolve(r, session=attrs.evolve(r.session, deals=200))
    s = new_session(r, ["Anna", "Bo"], [True, True], tmp_path / "h.jsonl", RandomShuffler(5), random.Random(5))
    ctl = started(Controller(translator("en"), Look(), session=s, pause=0))
    for _ in range(200):
        if ctl.session.over:
            break
        press(ctl, ENTER)
    assert ctl.session.over and ctl.session.state.house_bank == 0
    screen = screen_text(ctl, 80, 24)
    assert "The session is over: the bank is broke." in [line.strip() for line in screen.splitlines()], screen


@pytest.mark.parametrize(
    ("language", "chips", "said"),
    [
        ("en", 25, "Dag bought in for 25 chips on arriving."),
        ("nb", 25, "Dag kjøpte seg inn for 25 sjetonger ved ankomst."),
        ("en", 1, "Dag bought in for 1 chip on arriving."),  # (it said '1 chips')
        ("nb", 1, "Dag kjøpte seg inn for 1 sjetong ved ankomst."),
    ],
)
def test_a_newcomer_s_buy_in_other_than_the_starting_stack_is_said_under_the_standings(tmp_path, language, chips, said):
    """A house with buy-ins of 10 to 30 and stacks of 20: Dag arrives with 25. The standings said
    'Dag 25 - +0' ('Bought' is what was bought after sitting down), a row a reader checks as 25 less
    the starting 20: +5. The buy-in is now said under the standings, as chips taken away are."""
    ctl = started(table(tmp_path, language, starting_stack=20, buy_in=(1, 30)))
    computer = "c" if language == "en" else "d"
    press(ctl, "taDag" + ENTER + str(chips) + ENTER + computer + ENTER)
    assert "Dag" in ctl.session.state.names and ctl.screen == DEAL_OVER
    lines = [" ".join(line.split()) for line in screen_text(ctl, 80, 24).splitlines()]
    assert said in lines, [line for line in lines if "Dag" in line]
    assert not any("Anna" in line and "bought in" in line for line in lines)  # the starting stack: nothing to say
    if chips == 1:  # the log's line too (it said 'with 1 chips')
        assert any(
            line.startswith(("Dag sits down in seat 4 with 1 chip.", "Dag setter seg på plass 4 med 1 sjetong."))
            for line in lines
        )


@pytest.mark.parametrize(
    ("language", "now", "later"),
    [
        ("en", "[E] end the evening now", "[E] end the evening after this deal"),
        ("nb", "[E] avslutt kvelden nå", "[E] avslutt kvelden etter denne utdelingen"),
    ],
)
def test_e_between_deals_says_it_ends_the_evening_now(tmp_path, language, now, later):
    """Between deals, E ends the evening at once (the deal just played is the last); the menu said
    'end the evening after this deal' there too, and a table that meant one more deal found the
    evening over (seen at 80x24). During a deal it still waits for the deal's end."""
    ctl = started(table(tmp_path, language))
    assert ctl.screen == DEAL_OVER
    between = press(ctl, "t")[-1]
    assert now in between and later not in between
    (tmp_path / "b").mkdir()
    ctl = started(table(tmp_path / "b", language, computer=(False, False, True)))
    assert ctl.screen == HANDOVER  # deal 1, a person to act
    during = press(ctl, "t")[-1]
    assert later in during and now not in during


@pytest.mark.parametrize(
    ("language", "log"),
    [("en", "Anna sits down in seat 1 with 40 chips."), ("nb", "Anna setter seg på plass 1 med 40 sjetonger.")],
)
def test_a_player_back_typed_in_another_case_is_named_as_first_met_everywhere(tmp_path, language, log):
    # seen: Anna left, "anna" typed at the table menu: her seat, the log and the deal rows said "anna" while
    # the standings and the settle-up said "Anna" (her rebuys carried: the same player)
    ctl = started(table(tmp_path, language))
    screens = press(ctl, "tl1" + "ta" + "anna" + ENTER + ENTER + "p")
    assert "anna" not in screens[-2] and "Anna" in screens[-2]  # the question names her as first met
    assert ctl.session.state.names[0] == "Anna"
    assert log in " ".join(screens[-1].split())
    assert "anna" not in screens[-1]
    assert [r.name for r in ctl.session.ledger.results()].count("Anna") == 1
    joined = [e for _, e in open_history(ctl.session.path).events() if type(e).__name__ == "PlayerJoined"]
    assert [e.name for e in joined] == ["Anna"]


def test_the_chart_ends_a_leaver_s_line_at_what_they_took_home(tmp_path):
    """A player who asked to leave during a deal left as it ended: the chart's last point of them was
    the deal before's stack, not what they took home (seen: A won the deal's pot and left with 43, and
    the chart ended A's line at 39). Between deals the last point is their stack already."""
    from drawpoker.client.launch import resume
    from drawpoker.rules import load_rules
    from tests.evening_table import written
    from tests.test_evening_rules import ACES, KINGS, NOTHING

    path = tmp_path / "h.jsonl"
    t = written(
        path,
        load_rules("morkpoker"),
        ("A", "B", "C"),
        [
            lambda t: t.deal({"A": ACES, "B": KINGS, "C": NOTHING}),
            lambda t: t.do("A leave"),
            lambda t: t.do("B bet", "C call", "A call"),
            lambda t: t.play_out(),
            lambda t: t.deal({"B": ACES, "C": KINGS}),
            lambda t: t.do("C bet", "B call"),
            lambda t: t.play_out(),
            lambda t: t.do("C leave"),
        ],
    )
    left = {e.name: e.stack for e in t.events if type(e).__name__ == "PlayerLeft"}
    assert left["A"] > 40  # (A won the first deal's pot)
    session, _ = resume(str(path), 3)
    try:
        history = session.chip_history
    finally:
        session.close()
    assert history[1]["A"] == left["A"]  # the point of the deal A left with
    assert "A" not in history[2]
    assert history[-1]["C"] == left["C"]  # (left between deals: the last point is the stack)
