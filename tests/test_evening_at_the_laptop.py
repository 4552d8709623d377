"""Evenings played at the laptop as a home group plays them (eve39): what a table
found wrong after the comings and goings, each reproduced here."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.client.controller import DEAL_OVER
from drawpoker.rules import load_rules
from tests.evening_table import written
from tests.mork_table import rules
from tests.test_client_table_menu import press, started, table
from tests.test_evening_rules import HANDS


def _newcomers_bet(folder):
    """A history: deal 1 checked and called through, then C leaves with 40-odd chips and D takes
    that seat with 2, E a new seat with 40; in deal 2 everyone left of the button bets or calls
    (D all in for what the ante left)."""
    folder.mkdir()
    path = folder / "2026-12-07_020000_morkpoker.jsonl"
    hands = {**HANDS, "D": HANDS["D"], "E": HANDS["E"]}

    def deal_two(t) -> None:
        t.deal(hands)
        while t.state.phase == "betting" and t.state.to_act is not None:
            seat = t.state.to_act
            word = "bet" if t.state.level == 0 else "call"
            t.do(f"{t.state.names[seat]} {word}")

    steps = (
        lambda t: t.deal(HANDS),
        lambda t: t.play_out(),
        lambda t: t.do("C leave"),
        lambda t: t.join("D", 2, seat=2),
        lambda t: t.join("E", 40, seat=3),
        deal_two,
    )
    t = written(path, rules(table__max_players=4, session__buy_in=(2, 40)), ("A", "B", "C"), steps)
    return path, t


def test_the_transcript_follows_newcomers_stacks_and_says_who_is_all_in(tmp_path, capsys):
    # seen: `drawpoker export` of an evening stopped with "internal error (IndexError: list index out of
    # range)" at the first bet of a player who sat down in a new seat between deals; and a newcomer in the
    # seat of one who left was counted with the leaver's chips (never "all-in")
    path, t = _newcomers_bet(tmp_path / "h")
    assert main(["export", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    second = out[out.index("deal #2") :]
    assert "E: bets 1\n" in second or "E: calls 1\n" in second
    assert "D: calls 1 and is all-in" in second or "D: bets 1 and is all-in" in second


@pytest.mark.parametrize(
    ("language", "agreed", "over"),
    [
        ("en", "The table agrees to end the evening after deal 1.", "The session is over."),
        ("nb", "Spillerne blir enige om å avslutte kvelden etter utdeling 1.", "Økten er over."),
    ],
)
def test_ending_the_evening_between_deals_is_said_once(tmp_path, language, agreed, over):
    # seen: T E after a deal: the log said "The table agrees to end the evening after deal 11." and "The
    # session is over.", and the message line under it said the agreement again
    ctl = started(table(tmp_path, language))
    assert ctl.screen == DEAL_OVER
    screen = " ".join(press(ctl, "tey")[-1].split())
    assert screen.count(agreed) == 1 and over in screen


@pytest.mark.parametrize("ruleset", ["three-card-poker-home", "morkpoker"])
def test_the_season_counts_each_players_three_card_rounds(tmp_path, capsys, ruleset):
    # seen: `drawpoker standings` after an evening of Three Card Poker with a bank: every player had played
    # 0 deals (the summary read a box's seat where a deal's card lines put it, but a box's line names the box
    # first)
    import json

    from drawpoker.ledger import ledger_of
    from tests.test_evening_commands import evening_rules, write_evening

    folder = tmp_path / "histories"
    folder.mkdir()
    rules = evening_rules(ruleset, **({"deals": 6} if ruleset.startswith("three") else {}))
    events = write_evening(folder / "2026-12-07_030000_x.jsonl", rules, 5)
    played = {r.name: r.deals for r in ledger_of(events).results()}
    assert main(["standings", "--histories", str(folder), "--json"]) == 0
    players = {p["name"]: p["deals"] for p in json.loads(capsys.readouterr().out)["players"]}
    assert players == played and all(players[name] > 0 for name in ("Anna", "Bjørn", "Cato"))


def test_the_chart_ends_with_the_chips_a_carried_pot_gave_back_as_the_evening_ended(tmp_path):
    # seen: the table agreed to end after a deal everyone checked; the final standings said Anna 41, Cy 41,
    # but the chart of the chips ended at 38 and 39: the pot given back was in nobody's line
    ctl = started(table(tmp_path, "en"))
    assert ctl.session.state.carried > 0  # (the first deal was checked through)
    press(ctl, "tey")
    ledger = ctl.session.ledger
    assert ctl.session.chip_history[-1] == {
        name: stack for name, stack in zip(ledger.seats, ledger.stacks, strict=False) if name
    }
    assert sum(ctl.session.chip_history[-1].values()) == sum(ctl.session.chip_history[0].values())


@pytest.mark.parametrize(
    ("language", "why"), [("en", "Anna cannot cover these bets"), ("nb", "Anna kan ikke dekke disse innsatsene")]
)
def test_enter_on_a_bet_slip_that_cannot_be_placed_does_not_say_the_slips_reason_twice(tmp_path, language, why):
    # seen: Three Card Poker, bets of 10 on every line with 41 chips: under the slip "Anna cannot cover these
    # bets: ... 50 chips and Anna has 41.", and Enter said the same sentence again on the message line
    from tests.test_client_evening import watch

    ctl = started(table(tmp_path, language, computer=(False, True), names=("Anna", "Bo"), ruleset="three-card-poker"))
    right, down = "\x1b[C", "\x1b[B"
    _, seen = watch(ctl, "\r" + right * 9 + (down + right * 10) * 3 + "\r")
    screen = " ".join(seen[-1].split())
    assert screen.count(why) == 1 and ctl.message is not None and ctl.message.startswith(why)  # Enter says why


@pytest.mark.parametrize(("language", "said"), [("en", "the bank wins"), ("nb", "banken vinner")])
def test_the_results_in_money_name_the_house_bank_that_the_settle_up_pays(tmp_path, language, said):
    # seen: Three Card Poker with a house bank and 2 NOK a chip: "In money: Cato wins 4.00 NOK, Bjørn loses
    # 30.00 NOK, Anna loses 60.00 NOK." and then "Anna pays the bank 60.00 NOK": the bank's 86.00 NOK was in
    # the settle-up but not among the results (drawpoker history lists it)
    import random

    from drawpoker.client.controller import SESSION_OVER, Controller
    from drawpoker.client.launch import new_session
    from drawpoker.client.look import Look
    from drawpoker.client.screens import screen_text
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.ledger import BANK
    from drawpoker.money import parse_chip_value
    from drawpoker.words.i18n import translator
    from tests.changed_rules import changed_rules

    rules = changed_rules("three-card-poker", dealer__mode="house_bank", session__chip_value=parse_chip_value("2 NOK"))
    session = new_session(
        rules, ["Anna", "Bo"], [True, True], tmp_path / "h.jsonl", RandomShuffler(5), random.Random(5)
    )
    ctl = started(Controller(translator(language), Look(), session=session, pause=0))
    press(ctl, "tey\r")
    assert ctl.screen == SESSION_OVER
    bank = ctl.session.ledger.parties()[BANK]
    assert bank > 0  # (the first round: the bank won)
    screen = " ".join(screen_text(ctl, 80, 24).split())
    start, end = ("In money:", "Settle-up:") if language == "en" else ("I penger:", "Oppgjør:")
    money = screen[screen.index(start) : screen.index(end)]
    assert f"{said} {2 * bank}" in money


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "main pot 24: Cato wins 24; side pot 1 6: Cato wins 6"), ("nb", "sidepott 1 6: Cato vinner 6")],
)
def test_the_list_of_deals_names_a_side_pot_as_the_table_does(language, said):
    # seen: `drawpoker history FILE` listed "main pot 24: Cato wins 24; side pot-1 6: Cato wins 6" (the
    # transcript's PokerStars word) where the table had said "side pot 1"
    from drawpoker.cli.history_cmd import _text_lines
    from drawpoker.words.i18n import translator

    row = {
        "deal": 9,
        "button": "Cato",
        "game": "",
        "pots": [
            {"pot": "main pot", "amount": 24, "winners": {"Cato": 24}},
            {"pot": "side pot-1", "amount": 6, "winners": {"Cato": 6}},
        ],
        "carried_pot": 0,
        "finished": True,
        "stacks": {"Anna": 0, "Cato": 35},
        "seal": None,
    }
    (line,) = _text_lines(row, translator(language), rounds=False)  # (no width to fit: the deal's one line)
    assert said in line


def test_a_name_already_at_the_table_is_said_as_it_is_seated():
    # seen: "anna" typed for player 3 beside Anna: "anna is already at the table; choose another name."; the
    # table menu's newcomer said the same
    from drawpoker.client.setup import SetupModel
    from drawpoker.games import evening as ev
    from drawpoker.words.i18n import translator
    from tests.evening_table import EveningTable

    setup = SetupModel(load_rules("morkpoker"), translator("en"))
    for key in ["3", "enter", *"Anna", "enter", *"Bo", "enter", *"anna", "enter"]:
        setup.enter() if key == "enter" else setup.type(key)
    assert setup.message == "Anna is already at the table; choose another name."
    t = EveningTable(load_rules("morkpoker"), names=("Anna", "Bo"))
    assert t.refused(ev.Join(2, "anna", 40, "")) == "Anna is already at the table"


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_players_standing_stays_on_a_round_end_with_side_bets_on_every_box(tmp_path, language):
    # seen: Three Card Poker, five players each with Pair Plus, Prime and the Six Card Bonus: each box's hand
    # in words took a line of its own, and the screen made room by cutting the standings' last rows (Dina and
    # Eli were not in the table at all); the hands in words below the cards give way first now
    import random

    from drawpoker.client.controller import TURN, Controller
    from drawpoker.client.launch import new_session
    from drawpoker.client.look import Look
    from drawpoker.client.screens import screen_text
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.words.i18n import translator
    from tests.changed_rules import changed_rules
    from tests.test_client_evening import watch

    names = ["Anna", "Bo", "Cy", "Dina", "Eli"]
    rules = changed_rules("three-card-poker", dealer__mode="house_bank")
    session = new_session(rules, names, [False] * 5, tmp_path / "h.jsonl", RandomShuffler(1), random.Random(1))
    ctl = started(Controller(translator(language), Look(), session=session, pause=0))
    right, down = "\x1b[C", "\x1b[B"
    for _ in range(40):
        if ctl.screen == DEAL_OVER:
            break
        if ctl.screen == TURN and ctl.phase == "betting":
            watch(ctl, (down + right) * 3 + "\r")  # Pair Plus, Prime and the Six Card Bonus, 1 each
        else:
            press(ctl, "p" if ctl.screen == TURN else "\r")
    assert ctl.screen == DEAL_OVER
    screen = screen_text(ctl, 80, 24)
    standings = screen.split("Player" if language == "en" else "Spiller")[-1].splitlines()
    for name in names:
        assert any(line.startswith(name + " ") for line in standings), name
    assert ctl.tr._("Press Enter for the next round.") in screen


@pytest.mark.parametrize(
    ("language", "keys"), [("en", "[Enter] go on   [Esc] back"), ("nb", "[Enter] fortsett   [Esc] tilbake")]
)
def test_every_question_typed_into_at_the_table_menu_says_what_enter_and_esc_do(tmp_path, language, keys):
    # seen: the newcomer's name said only "[Enter] [Esc]" under it, and the buy-in, the add-on's chips and
    # "How many more deals?" said nothing of the keys (Esc goes back at each)
    for n, asked in enumerate(("ta", "taDag\r", "td1", "tn")):  # the name, the buy-in, the add-on's chips, the deals
        ctl = started(table(tmp_path / str(n), language, add_on_limit=40))
        screens = press(ctl, asked + "\x1b\x1b")
        assert keys in screens[-3], screens[-3]
        assert ctl.menu is None  # (Esc went back, and back out of the menu)


def _season_heading(tmp_path, capsys, rulesets, lang) -> str:
    """The heading line of `standings` over one five-deal evening of each ruleset."""
    from tests.test_evening_commands import evening_rules, write_evening

    folder = tmp_path / "histories"
    folder.mkdir()
    for i, ruleset in enumerate(rulesets):
        rules = evening_rules(ruleset, **({"deals": 6} if ruleset.startswith("three") else {}))
        write_evening(folder / f"2026-12-0{i + 1}_030000_x.jsonl", rules, 5)
    assert main(["standings", "--histories", str(folder), "--lang", lang]) == 0
    return next(line for line in capsys.readouterr().out.splitlines() if line.split()[:1] in (["Player"], ["Spiller"]))


@pytest.mark.parametrize(
    ("rulesets", "lang", "head"),
    [
        (["three-card-poker-home"], "en", "Rounds"),
        (["three-card-poker-home"], "nb", "Runder"),
        (["morkpoker"], "en", "Deals"),
        (["three-card-poker-home", "morkpoker"], "en", "Deals"),
    ],
)
def test_a_three_card_season_counts_rounds_in_its_heading(tmp_path, capsys, rulesets, lang, head):
    """`standings` headed a season of Three Card Poker evenings "Deals", where
    the game, its table and its history count rounds."""
    heading = _season_heading(tmp_path, capsys, rulesets, lang)
    assert heading.split()[2] == head, heading


@pytest.mark.parametrize(
    ("rulesets", "lang", "last"),
    [
        (["three-card-poker-home"], "en", "Biggest win"),
        (["three-card-poker-home"], "nb", "Største gevinst"),
        (["morkpoker"], "en", "Biggest pot"),
        (["morkpoker"], "nb", "Største pott"),
        (["three-card-poker-home", "morkpoker"], "en", "Biggest win"),
    ],
)
def test_a_season_with_three_card_poker_heads_its_last_column_with_a_win_not_a_pot(
    tmp_path, capsys, rulesets, lang, last
):
    """`standings` said "Biggest pot" over Three Card Poker evenings, where a round has no pot: the
    figure is the most a player won in one round."""
    heading = _season_heading(tmp_path, capsys, rulesets, lang)
    assert heading.endswith(" " + last), heading


@pytest.mark.parametrize(
    ("lang", "joined", "taken"),
    [
        ("en", "The computer plays Dag (easy).", "The computer plays for Bo (strong; the chips stay Bo's)."),
        (
            "nb",
            "Datamaskinen spiller Dag (lett).",
            "Datamaskinen spiller for Bo (sterk; sjetongene er fortsatt spillerens).",
        ),
    ],
)
def test_the_log_names_the_level_the_computer_plays_at(lang, joined, taken):
    """eve39 noticed: a computer newcomer and a seat taken over were said
    without the level chosen for them ("The computer plays Dag.")."""
    from drawpoker.games import evening as E
    from drawpoker.words.evening_text import evening_event_text
    from drawpoker.words.i18n import translator

    tr = translator(lang)
    names = ("Anna", "Bo", "Cato", "Dag")
    said = evening_event_text(E.PlayerJoined(3, "Dag", 40, "easy", False, 0), names, tr, str)
    assert said is not None and said.endswith(joined)
    assert evening_event_text(E.SeatTakenOver(1, "strong", False, 0), names, tr, str) == taken
    own = evening_event_text(E.SeatTakenOver(1, "bots/mine.py:Careful", False, 0), names, tr, str)
    assert own is not None and "(mine.py:Careful;" in own
