"""An evening of dealer's choice and lowball with computers of each level
among people (issue 43): what the table got wrong, each through the real
application (prompt_toolkit pipe input, the screens at 80×24)."""

from __future__ import annotations

import pytest

from tests.test_client_table_menu import ENTER, press, started, table


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_computer_player_who_joined_is_not_offered_to_be_given_back(tmp_path, language):
    # seen: Dina sat down as a computer player; the table menu's H (the computer gives a seat back) offered
    # her beside Bjørn, whose seat the computer had taken over, and said "Dina plays in person again" while
    # the computer went on playing her
    ctl = started(table(tmp_path, language))
    person, computer = ("p", "c") if language == "en" else ("p", "d")
    seated = "ta" + "Eva" + ENTER + ENTER + person + "ta" + "Dina" + ENTER + ENTER + computer + "2"  # (sensible)
    taken = "c4" + "2"  # the computer takes Eva's seat over
    screens = press(ctl, seated + "t" + taken + "th" + "5")
    assert "[H]" not in screens[len(seated)]  # the computer plays no person's seat yet: nothing to give back
    asked = screens[len(seated + "t" + taken + "th") - 1]
    assert "[4] Eva" in asked and "Dina" not in asked
    state = ctl.session.state
    assert state.names[3:] == ("Eva", "Dina") and state.bot[3:] == ["sensible", "sensible"]  # (5: not offered)
    assert ctl.menu is not None and ctl.menu.step == "seat"


@pytest.mark.parametrize(("language", "dealer"), [("en", "button Anna"), ("nb", "giver Anna")])
def test_the_history_names_each_deals_dealer_as_the_table_does(tmp_path, capsys, language, dealer):
    # seen: `drawpoker history FILE --lang nb` listed "utdeling 1  knapp Anna": the button is "giver" at the
    # table ("G") and in every other sentence (docs/rules.md 8)
    from drawpoker.cli.main import main
    from tests.test_evening_commands import evening_rules, write_evening

    path = tmp_path / "h.jsonl"
    write_evening(path, evening_rules(), seed=3)
    assert main(["history", str(path), "--lang", language]) == 0
    deals = [line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith(("deal ", "utdeling "))]
    assert deals and all("knapp" not in line for line in deals)
    assert dealer in deals[0]


@pytest.mark.parametrize("seed", [3, 4])
def test_the_history_names_each_deals_own_game_in_dealers_choice(tmp_path, capsys, monkeypatch, seed):
    # seen: `drawpoker history FILE` of a dealer's choice listed each deal under the next deal's game ("deal 1
    # jackpots", dealt as triple draw; "deal 4 deuce-to-seven-triple-draw", dealt as Mørkpoker): the deal was
    # read from the table once the next one had been chosen
    import json
    import re

    from drawpoker.cli.main import main
    from tests.test_evening_commands import evening_rules, write_evening

    path = tmp_path / "h.jsonl"
    events = write_evening(path, evening_rules("dealers-choice", deals=10), seed=seed)
    games, game = [], None
    for event in events:
        if type(event).__name__ in ("GameChosen", "GameKept"):
            game = event.game
        elif type(event).__name__ == "DealStarted":
            games.append(game)
    assert len(set(games)) > 1  # (the games change from deal to deal)
    assert main(["history", str(path), "--json"]) == 0
    listed = [deal["game"] for deal in json.loads(capsys.readouterr().out)["deals"]]
    assert listed == games
    monkeypatch.setenv("COLUMNS", "250")  # (each deal on one line)
    assert main(["history", str(path), "--lang", "en"]) == 0  # (the games as the table names them, as export)
    deals = [line for line in capsys.readouterr().out.splitlines() if line.startswith("deal ")]
    from drawpoker.rules import load_rules
    from drawpoker.rules.explain import deal_game_name

    named = [deal_game_name(load_rules("dealers-choice"), game) for game in games]
    assert [re.match(r"deal +\d+ +button +\S+ +([^:]+): ", line).group(1) for line in deals] == named


@pytest.mark.parametrize(
    ("language", "asked"), [("en", "[C] the computer\n[Esc] back"), ("nb", "[D] datamaskinen\n[Esc] tilbake")]
)
def test_the_question_a_person_or_the_computer_says_what_esc_does(tmp_path, language, asked):
    # seen: "Does a person or the computer play Eva?" was the one question of the table menu without
    # "[Esc] back" under it (Esc went back all the same)
    ctl = started(table(tmp_path, language))
    screens = press(ctl, "ta" + "Eva" + ENTER + ENTER + "\x1b")
    assert asked in screens[-2]
    assert ctl.menu is not None and ctl.menu.step == "pick" and "Eva" not in ctl.session.state.names


@pytest.mark.parametrize(
    ("language", "said", "unsaid"),
    [
        (
            "en",
            "Everyone checked, and the evening ends: the pot of 3 goes back to those who paid into it: ",
            "stays for the next deal",
        ),
        (
            "nb",
            "Alle checket, og kvelden slutter: potten på 3 går tilbake til dem som betalte inn i den: ",
            "blir liggende til neste utdeling",
        ),
    ],
)
def test_the_last_deal_checked_through_says_its_pot_goes_back(tmp_path, language, said, unsaid):
    # seen: the table agreed to end the evening after a deal everyone checked; the last deal's screen said
    # "Everyone checked: the pot of 3 stays for the next deal." over "That was the last deal." (the log
    # below it said the pot went back)
    import random

    from drawpoker.client.controller import Controller
    from drawpoker.client.launch import new_session
    from drawpoker.client.look import Look
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.rules import load_rules
    from drawpoker.words.i18n import translator

    session = new_session(
        load_rules("morkpoker"),
        ["Anna", "Bo", "Cato"],
        [True, True, True],
        tmp_path / "h.jsonl",
        RandomShuffler(2),
        random.Random(2),
        ["calling-station"] * 3,  # (they check when checking is free: the deal is checked through)
    )
    ctl = started(Controller(translator(language), Look(), session=session, pause=0))
    assert session.ledger.carried == 3
    screen = press(ctl, "tey")[-1]
    summary = screen.split("─")[0]  # (the log below says it as it happened: the pot stayed, then went back)
    assert said in " ".join(summary.split()) and unsaid not in summary


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The dealer is choosing the next deal's game; the table menu (T) opens again"),
        ("nb", "Giveren velger spillet for neste utdeling; bordmenyen (T) åpnes igjen"),
    ],
)
def test_the_table_menu_says_why_it_waits_while_a_computer_dealer_chooses_the_game(tmp_path, language, said):
    # seen: dealer's choice, Bo (computer) dealing: "Bo deals: dealer's choice. Which game? Bo (computer) is
    # thinking…", and T said "The table menu (T) opens at the end of a deal or at a hand-over." between two deals
    import random

    from drawpoker.client.controller import WATCH, Controller
    from drawpoker.client.launch import new_session
    from drawpoker.client.look import Look
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.rules import load_rules
    from drawpoker.words.i18n import translator

    session = new_session(
        load_rules("dealers-choice"),
        ["Anna", "Bo"],
        [False, True],
        tmp_path / "h.jsonl",
        RandomShuffler(2),
        random.Random(2),
        first_dealer="Bo",
    )
    ctl = Controller(translator(language), Look(), session=session, pause=30)  # (Bo takes his time)
    ctl._advance()
    assert ctl.screen == WATCH and ctl.to_act is None
    ctl.open_menu()
    assert ctl.menu is None and ctl.message is not None and ctl.message.startswith(said)
