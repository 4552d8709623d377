"""An evening played as a group plays it (issue 37): what a home game found
wrong on the screens of the evening, each through the real application
(prompt_toolkit pipe input, the screens at 80×24), in both languages."""

from __future__ import annotations

import pytest

from drawpoker.client.controller import DEAL_OVER, HANDOVER
from tests.test_client_table_menu import ENTER, broke_anna, press, started, table


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Anna does not buy again. Anna leaves the table with 0 chips."),
        ("nb", "Anna kjøper seg ikke inn igjen. Anna forlater bordet med 0 sjetonger."),
    ],
)
def test_declining_to_buy_again_says_who_declined(tmp_path, language, said):
    # seen: the message line said " does not buy again. Bjørn leaves the table with 0 chips." (the name
    # was read from the table after the player had left)
    ctl = broke_anna(tmp_path, language, computer=(False, False, True))
    press(ctl, "n")
    assert ctl.message == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "An add-on is bought between deals; this deal is not over yet."),
        ("nb", "Et tilleggskjøp gjøres mellom utdelingene; denne utdelingen er ikke ferdig ennå."),
    ],
)
def test_an_add_on_during_a_deal_is_refused_at_its_letter(tmp_path, language, said):
    # seen: during a deal D asked whose add-on and how many chips, and only then said that chips are
    # bought between deals
    ctl = started(table(tmp_path, language, computer=(False, False, True), add_on_limit=40))
    assert ctl.screen == HANDOVER
    before = ctl.session.state.copy()
    screen = press(ctl, "td")[-1]
    assert said in " ".join(screen.split())
    assert ctl.menu is not None and ctl.menu.step == "pick"  # the menu stays open at its letters
    assert ctl.session.state == before


def test_an_add_on_says_how_many_chips_are_left_and_a_player_who_has_bought_them_all_is_told_at_once(tmp_path):
    ctl = started(table(tmp_path, "en", add_on_limit=40))
    screens = press(ctl, "td1" + "30" + ENTER + "td1" + "10" + ENTER + "td1")
    assert "How many chips does Anna buy (1-40)? _" in screens[2]
    assert "How many chips does Anna buy (1-10)? _" in screens[8]  # 10 of the 40 left
    assert "Anna has added on 40 chips, the most the house allows." in " ".join(screens[-1].split())
    assert ctl.menu is not None and ctl.menu.step == "seat"  # said at the seat, not after an amount
    assert ctl.session.state.added[0] == 40


def test_a_seat_the_computer_plays_from_the_start_is_not_offered_to_the_computer_to_take_over(tmp_path):
    # seen: C offered Cato, whom the computer plays from the setup; taken "over", the log said "The computer
    # plays for Cato (the chips stay Cato's)", then H gave the seat "back": "Cato plays in person again",
    # and the computer went on playing Cato
    ctl = started(table(tmp_path, "en", computer=(False, False, True)))
    screens = press(ctl, "tc3")
    assert "[1] Anna\n[2] Bjørn\n[Esc] back" in screens[1] and "Cato" not in screens[1]
    assert "Press the number of one of the seats shown, or Esc." in screens[2]
    assert not any(type(e).__name__ == "RequestMade" for e in ctl.session.events)


def test_the_computer_taking_over_is_not_offered_when_it_plays_every_seat(tmp_path):
    ctl = started(table(tmp_path, "en"))
    menu = press(ctl, "t")[-1]
    assert "[A] someone arrives" in menu and "takes over" not in menu


def _won_and_left(folder):
    """A history in which B asks to leave during deal 1, wins its pot, and leaves as it ends (the seat
    empty after it), then deal 2: its path, and each deal's pot with its winner."""
    from tests.evening_table import written
    from tests.mork_table import rules
    from tests.test_evening_rules import HANDS, won_by_first

    winners: list[str] = []

    def first_wins(t) -> None:  # the first to act bets, the others fold
        winners.append(t.state.names[t.state.to_act])
        won_by_first(t)

    folder.mkdir()
    path = folder / "2026-12-07_010000_morkpoker.jsonl"
    steps = (
        lambda t: t.deal(HANDS),
        lambda t: t.do("B leave"),  # a request during the deal: B leaves at its end
        first_wins,
        lambda t: t.deal(HANDS),
        first_wins,
    )
    t = written(path, rules(table__max_players=4), ("A", "B", "C"), steps)
    assert winners[0] == "B"
    pots = [e for e in t.events if type(e).__name__ == "PotAwarded"]
    assert t.state.names[1] == "" and len(pots) == 2
    return path, [("B", pots[0].amount), (winners[1], pots[1].amount)]


def test_the_history_of_a_session_names_the_winner_of_a_pot_who_left_as_the_deal_ended(tmp_path, capsys):
    # seen: `drawpoker history FILE` listed "main pot 18:  wins 18": the winner had left at the deal's end
    from drawpoker.cli.main import main

    path, pots = _won_and_left(tmp_path / "h")
    assert main(["history", str(path), "--lang", "en"]) == 0
    deals = [line for line in capsys.readouterr().out.splitlines() if line.startswith("deal ")]
    for deal, (winner, pot) in zip(deals, pots, strict=True):
        assert f"main pot {pot}: {winner} wins {pot}" in deal


def test_the_season_counts_the_biggest_pot_of_a_player_who_left_as_the_deal_ended(tmp_path, capsys):
    # seen: `drawpoker standings` gave Bjørn, who won an 18-chip pot and left as that deal ended, 0
    import json

    from drawpoker.cli.main import main

    _path, pots = _won_and_left(tmp_path / "h")
    assert main(["standings", "--histories", str(tmp_path / "h"), "--json"]) == 0
    players = {p["name"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert players["B"]["biggest_pot"] == pots[0][1] > 0


@pytest.mark.parametrize(("language", "has"), [("en", "{} has {}"), ("nb", "{} har {}")])
def test_the_transcript_says_what_a_player_who_left_as_the_deal_ended_took(tmp_path, capsys, language, has):
    # seen: `drawpoker export` closed deal 1 with "Stacks: Anna has 32, Bjørn has 0, Cato has 38, Dag has 50":
    # Bjørn had left with 50, and Dag, who sat down as it ended, had not played it
    from drawpoker.cli.main import main
    from drawpoker.history.deals import iter_deals
    from drawpoker.history.reader import open_history

    path, _pots = _won_and_left(tmp_path / "h")
    played = next(iter_deals(open_history(path))).stacks_after
    assert played["B"] > 0
    assert main(["export", str(path), "--lang", language]) == 0
    summaries = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("Stacks:", "Sjetonger:"))]
    assert ", ".join(has.format(name, stack) for name, stack in played.items()) in summaries[0]


@pytest.mark.parametrize(
    ("language", "ruleset", "title"),
    [
        ("en", "morkpoker", "deal 2 of 3"),
        ("nb", "morkpoker", "utdeling 2 av 3"),
        ("en", "three-card-poker-home", "round 2 of 3"),
        ("nb", "three-card-poker-home", "runde 2 av 3"),
    ],
)
def test_the_title_counts_the_deals_to_the_end_the_table_agreed(tmp_path, language, ruleset, title):
    # seen: after "end the evening after 2 more deals" at deal 1 of 10, the title still said "deal 2 of 10"
    # (the agreed end replaces the number of deals, docs/rules.md 6.5)
    ctl = started(table(tmp_path, language, ruleset=ruleset, deals=12))
    assert ctl.screen == DEAL_OVER
    screens = press(ctl, "tn2" + ENTER + ENTER)
    assert title in screens[-1].splitlines()[0]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "checked through: 3 given back as the evening ended"),
        ("nb", "alle checket: 3 gitt tilbake da kvelden sluttet"),
    ],
)
def test_the_history_of_a_last_deal_checked_through_says_its_pot_went_back(tmp_path, capsys, language, said):
    # seen: the table agreed to end after this deal, nobody opened it, the pot went back to those who paid
    # into it, and `drawpoker history` listed "nobody opened: 6 carried to the next deal" (there was none)
    from drawpoker.cli.main import main
    from drawpoker.games import evening as E
    from tests.evening_table import written
    from tests.mork_table import rules
    from tests.test_evening_rules import HANDS

    path = tmp_path / "h.jsonl"
    steps = (lambda t: t.deal(HANDS), lambda t: t.handle(E.EndEvening(1)), lambda t: t.play_out())
    t = written(path, rules(), ("A", "B", "C"), steps)
    assert [type(e).__name__ for e in t.events][-3:] == ["CarriedPotReturned", "DealEnded", "SessionEnded"]
    assert main(["history", str(path), "--lang", language]) == 0
    out = capsys.readouterr().out
    assert said in out and ("carried" not in out if language == "en" else "står til" not in out)


@pytest.mark.parametrize("between", [False, True])
def test_the_history_of_a_pot_given_back_shows_the_stacks_after_it(tmp_path, capsys, monkeypatch, between):
    # seen: the deal was checked through, the table ended the evening between deals and the pot of 3 went
    # back; `drawpoker history` listed "checked through: 3 carried to the next deal | A has 39, B has 39,
    # C has 39" (there was no next deal, and the standings said each has 40); ended during the deal, it said
    # "given back" beside the stacks before it
    import json

    from drawpoker.cli.main import main
    from drawpoker.games import evening as E
    from tests.evening_table import written
    from tests.mork_table import rules
    from tests.test_evening_rules import HANDS

    path = tmp_path / "h.jsonl"
    end = lambda t: t.handle(E.EndEvening(1))  # noqa: E731
    steps = (
        (lambda t: t.deal(HANDS), lambda t: t.play_out(), end)
        if between
        else (lambda t: t.deal(HANDS), end, lambda t: t.play_out())
    )
    t = written(path, rules(), ("A", "B", "C"), steps)
    names = [type(e).__name__ for e in t.events]
    assert (
        names.index("CarriedPotReturned") > names.index("DealEnded")
        if between
        else names.index("DealEnded") > names.index("CarriedPotReturned")
    )
    monkeypatch.setenv("COLUMNS", "200")  # (the deal on one line)
    assert main(["history", str(path)]) == 0
    row = capsys.readouterr().out.splitlines()[0]
    assert "checked through: 3 given back as the evening ended" in row
    assert "A has 40, B has 40, C has 40" in row, row
    assert main(["history", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"][0]["stacks"] == {"A": 40, "B": 40, "C": 40}
    assert data["deals"][0]["carried_pot_returned"] is True
    assert [r["stack"] for r in data["standings"]] == [40, 40, 40]  # (what the row says)


def test_the_transcript_names_a_newcomer_who_took_a_leavers_seat_between_deals(tmp_path, capsys):
    # seen: Dag left seat 4 and Bjørn sat down in it between deals 2 and 3; `drawpoker export` then said
    # "Seat 4: Dag (50 in chips)", "Dag: posts the big blind 2", "Dag: raises to 20" of Bjørn's deal 3 and
    # left out Dag, who played it from seat 2
    from drawpoker.cli.main import main
    from tests.evening_table import written
    from tests.mork_table import rules
    from tests.test_evening_rules import HANDS, won_by_first

    r = rules(table__max_players=4)
    path = tmp_path / "h.jsonl"
    steps = (
        lambda t: t.deal(HANDS),
        won_by_first,
        lambda t: t.do("B leave"),
        lambda t: t.join("D", 40, seat=1),
        lambda t: t.deal({"A": HANDS["A"], "D": HANDS["B"], "C": HANDS["C"]}),
        won_by_first,
    )
    t = written(path, r, ("A", "B", "C"), steps)
    assert t.state.names == ("A", "D", "C") or list(t.state.names) == ["A", "D", "C"]
    assert main(["export", str(path), "--lang", "en"]) == 0
    second = capsys.readouterr().out.split("deal #2")[1]
    assert "Seat 2: D (40 in chips)" in second
    assert "B:" not in second and "Seat 2: B" not in second
    assert "D: posts the ante 1" in second


def test_the_transcript_seats_only_those_dealt_in(tmp_path, capsys):
    # noticed: `drawpoker export` listed "Seat 4: D (40 in chips)" of a newcomer waiting for the big blind
    # (not dealt in), and a player sitting out the same way
    from drawpoker.cli.main import main
    from tests.evening_table import written
    from tests.mork_table import rules
    from tests.test_evening_rules import BLINDS, won_by_first

    r = rules(table__max_players=5, **BLINDS)
    path = tmp_path / "h.jsonl"
    hands = {"A": "As Ad 7c 7d 2s", "B": "Kh Kd 9s 5c 3h", "C": "Qs Js Ts 4s 4d"}
    steps = (
        lambda t: t.deal(hands),
        won_by_first,
        lambda t: t.join("D", 40),  # waits for the big blind
        lambda t: t.do("C sit out"),
        lambda t: t.deal({"A": hands["A"], "B": hands["B"]}),
        won_by_first,
    )
    t = written(path, r, ("A", "B", "C"), steps)
    assert t.state.waiting[3] and t.state.away[2]
    assert main(["export", str(path), "--lang", "en"]) == 0
    second = capsys.readouterr().out.split("deal #2")[1]
    assert "Seat 1: A (" in second and "Seat 2: B (" in second
    assert "Seat 3:" not in second and "Seat 4:" not in second, second


@pytest.mark.parametrize(
    ("language", "yes", "said"),
    [("en", "y", "Anna rebuys 40 chips."), ("nb", "j", "Anna kjøper seg inn igjen med 40 sjetonger.")],
)
def test_buying_again_at_the_table_is_confirmed(tmp_path, language, yes, said):
    # seen: after Y to "Anna is out of chips: buy 40 more?" the next deal began and nothing on the screen said
    # that Anna had bought again (N said "Anna does not buy again. ..."); the deal's log starts after it
    ctl = broke_anna(tmp_path, language, computer=(False, False, True))
    press(ctl, yes)
    assert ctl.message == said


def test_the_standings_of_a_player_back_after_leaving_say_what_they_took_not_what_they_have(tmp_path, capsys):
    # seen: Dag left with 50, sat down again with 30, left with 29, sat down again with 25 and lost it all:
    # `drawpoker history` said "Dag  bought 105  has 79" of a player at the table with 0 chips
    from drawpoker.cli.main import main
    from tests.evening_table import written
    from tests.mork_table import rules
    from tests.test_evening_rules import HANDS, won_by_first

    r = rules(table__max_players=4)
    path = tmp_path / "h.jsonl"
    steps = (
        lambda t: t.deal(HANDS),
        won_by_first,  # B bets, the others fold
        lambda t: t.do("B leave"),
        lambda t: t.join("B", 40, seat=1),
    )
    t = written(path, r, ("A", "B", "C"), steps)
    left = next(e for e in t.events if type(e).__name__ == "PlayerLeft")
    took = left.stack + t.state.stacks[1]
    assert main(["history", str(path), "--lang", "en"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("  B "))
    assert row.split()[1:5] == ["bought", "80", "took", str(took)]


#: the range of "How many more deals?", said when a count is refused
MORE_DEALS = pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The evening can go on for 1 to 100000 more deals (E in the table menu ends it)."),
        ("nb", "Kvelden kan vare fra 1 til 100000 utdelinger til (E i bordmenyen avslutter den)."),
    ],
)


@MORE_DEALS
def test_too_many_more_deals_is_said_in_deals_to_come(tmp_path, language, said):
    # seen: 999999 typed at "How many more deals?" was refused with "the evening ends after a deal that is to be
    # played, not 1000000": a deal number the table never typed
    ctl = started(table(tmp_path, language))
    before = ctl.session.state.copy()
    screens = press(ctl, "tn999999" + ENTER)
    assert said in " ".join(screens[-1].split())
    assert ctl.menu is not None and ctl.menu.step == "count" and ctl.session.state == before


@MORE_DEALS
def test_no_more_deals_is_not_a_count_of_more_deals(tmp_path, language, said):
    # seen: 0 typed at "How many more deals?" ended the evening at once (what E says it does): a count of
    # more deals starts at 1, and the range is said, the question left open
    ctl = started(table(tmp_path, language))
    before = ctl.session.state.copy()
    screens = press(ctl, "tn0" + ENTER + "\x7f" + "1" + ENTER)  # refused, then typed again: one more deal
    assert said in " ".join(screens[-4].split())
    assert ctl.session.state.phase == "between_deals" and ctl.session.state.last == 2
    assert before.last is None  # (0 was not taken: it would have agreed to end after deal 1)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The evening can go on for 1 to 100000 more rounds (E in the table menu ends it)."),
        ("nb", "Kvelden kan vare fra 1 til 100000 runder til (E i bordmenyen avslutter den)."),
    ],
)
def test_no_more_rounds_is_not_a_count_of_more_rounds(tmp_path, language, said):
    ctl = started(table(tmp_path, language, ruleset="three-card-poker"))
    screens = press(ctl, "tn0" + ENTER)
    assert said in " ".join(screens[-1].split())
    assert ctl.menu is not None and ctl.menu.step == "count"


def test_the_deals_standings_call_rebuys_and_add_ons_both_bought():
    # noticed: the column of chips bought after sitting down (rebuys and add-ons) was headed "Rebuys"
    from drawpoker.client.chart import standings_lines
    from drawpoker.client.lines import plain
    from drawpoker.words.i18n import translator

    rows = [("Anna", 52, 10, 2), ("Bjørn", 28, 0, -12)]  # Anna added on 10, Bjørn bought nothing
    for language, bought in (("en", "Bought"), ("nb", "Innkjøp")):
        head, anna, bjorn = (plain(line) for line in standings_lines(rows, translator(language), 60))
        assert head.split()[-2] == bought and "Rebuys" not in head, head
        assert anna.split()[-2:] == ["10", "+2"] and bjorn.split()[-2:] == ["-", "-12"]
