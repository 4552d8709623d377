"""Version 5 of the rules of the evening (docs/rules.md 6.3, 6.5, 6.6).

A pot carried as the evening ends goes back to all who paid into it, the leavers of that end
too, before they go. Found under version 4: A, B and C each paid 2 into a carried pot of 6 and
the last deal was checked through; with B asking to leave during it A and C got 3 each and B
nothing, with B and C leaving A got 6 (with everyone leaving each got 2: version 4). The same
when one of two leaves between deals with a pot carried: the other took it all.

A player who left without chips and sits down again buys the rebuy amount, not the starting
stack: it was counted as a rebuy in the books, but the player sat down with the starting stack
(e.g. 40 for a rebuy of 20) and the table never said it was a rebuy.

``tests/fixtures/evening-rules-4/`` holds these corners as drawpoker wrote them under version 4
(its engine of then, through ``tests/evening_versions.py``): they still verify, replay and resume
by version 4, and a history played by one version does not pass for the other.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from drawpoker.cli.main import main
from drawpoker.errors import HistoryError
from drawpoker.games import evening as E
from drawpoker.games.draw import events as ev
from drawpoker.history.reader import HistoryReader
from drawpoker.history.resume import resume_session
from drawpoker.history.verify import verify_history
from drawpoker.ledger import Ledger
from tests.changed_rules import changed_rules
from tests.evening_table import EveningTable
from tests.evening_versions import BY_NAME_5, bust, play_on, write
from tests.history_tools import edit, file_lines, history_events, rechain, write_lines
from tests.test_evening_rules import HANDS, passed_out

OLD = Path(__file__).parent / "fixtures" / "evening-rules-4"
NAMES = sorted(BY_NAME_5)
#: A, B and C paid 2 each (an ante in each deal): each gets 2 back
EACH_TWO = ev.CarriedPotReturned(((0, 2), (1, 2), (2, 2)), ())


def _results(events: list[Any]) -> dict[str, int]:
    ledger = Ledger()
    for event in events:
        ledger.feed(event)
    return {r.name: r.net for r in ledger.results()}


def _from_the_check_through(events: list[Any]) -> list[Any]:
    k = max(i for i, e in enumerate(events) if isinstance(e, ev.DealCheckedThrough))
    return events[k + 1 :]


def _table(version: int, names: tuple[str, ...] = ("A", "B", "C"), **changes: Any) -> EveningTable:
    t = EveningTable(changed_rules("morkpoker", **changes), names=())
    t.handle(t.game.sit_down(names, (40,) * len(names), 0)._replace(evening_rules=version))
    return t


# ---------------------------------------------------------------- 6.5: the pot carried as the evening ends


@pytest.mark.parametrize(
    ("leavers", "agreed", "before_5"),
    [
        (("B",), True, {"A": 41, "C": 41}),  # the table agreed to end after this deal; B asked to leave
        (("B", "C"), False, {"A": 44}),  # B and C leave A alone
        (("B", "C"), True, {"A": 44}),
        (("A", "B", "C"), False, {}),  # everyone leaves (version 4 already gave it back to them)
    ],
)
@pytest.mark.parametrize("version", [4, 5])
def test_a_pot_carried_goes_back_to_the_leavers_of_the_evening_s_end_too(leavers, agreed, before_5, version):
    t = _table(version)
    passed_out(t)
    t.deal(HANDS)
    if agreed:
        t.handle(E.end_after(t.state))
    for name in leavers:
        t.do(f"{name} leave")
    t.check_round()
    after = _from_the_check_through(t.events)
    left = {e.name: e.stack for e in after if isinstance(e, E.PlayerLeft)}
    stays = {n: 40 for n in "ABC" if n not in leavers}
    if version == 5 or len(leavers) == 3:  # given back first, each their 2, then they leave with it
        assert after[0] == EACH_TWO, after
        assert left == dict.fromkeys(leavers, 40) and t.stacks() == stays
    else:  # version 4: the leavers go first, the pot goes to those who stay
        assert left == dict.fromkeys(leavers, 38) and t.stacks() == before_5
    assert t.state.phase == "session_over" and t.state.carried == 0
    assert t.replayed() == t.state
    assert t.chips() == 120  # every chip counted (those taken home too)
    if version == 5:
        assert _results(t.events) == {"A": 0, "B": 0, "C": 0}


def test_one_leaving_without_an_end_leaves_the_pot_carried_for_the_others():
    """Nothing changed where the evening goes on: B leaves during a deal checked through, A and C
    play on for the pot, B's chips in it theirs to win (6.5: shared if it ever goes back)."""
    t = _table(5)
    passed_out(t)
    t.deal(HANDS)
    t.do("B leave")
    t.check_round()
    assert t.state.phase == "between_deals" and t.state.carried == 6 and t.stacks() == {"A": 38, "C": 38}
    assert not t.of(ev.CarriedPotReturned)


@pytest.mark.parametrize("version", [4, 5])
def test_one_of_two_leaving_between_deals_takes_back_what_they_paid(version):
    t = _table(version, names=("A", "B"))
    passed_out(t)
    new = t.do("B leave")
    kinds = [type(e).__name__ for e in new]
    if version == 5:
        assert kinds == ["CarriedPotReturned", "PlayerLeft", "SessionEnded"], kinds
        assert new[0].shares == ((0, 1), (1, 1)) and new[1].stack == 40 and t.stacks() == {"A": 40}
    else:
        assert kinds == ["PlayerLeft", "CarriedPotReturned", "SessionEnded"], kinds
        assert new[0].stack == 39 and t.stacks() == {"A": 41}
    assert t.replayed() == t.state


def test_one_of_three_leaving_between_deals_still_leaves_their_chips_to_the_others():
    """A leave that does not end the evening is as before: what the leaver paid is shared by those
    who stay if the pot ever goes back (6.5: "players who have left since")."""
    t = _table(5)
    passed_out(t)
    t.do("B leave")
    assert t.state.phase == "between_deals" and t.state.carried == 3
    t.handle(E.end_after(t.state))
    assert t.of(ev.CarriedPotReturned)[-1] == ev.CarriedPotReturned(((0, 1), (2, 2)), (2,))


def test_a_newcomer_sitting_down_as_the_evening_ends_still_gets_none_of_the_pot():
    t = _table(5)
    passed_out(t)
    t.deal(HANDS)
    t.handle(E.end_after(t.state))
    t.join("D", 40)
    t.do("B leave")
    t.check_round()
    after = _from_the_check_through(t.events)
    assert after[0] == EACH_TWO and t.stacks() == {"A": 40, "C": 40, "D": 40}
    assert t.state.phase == "session_over"


def test_a_newcomer_sitting_down_as_two_of_three_leave_plays_on_for_the_pot():
    """The evening goes on (A and the newcomer): the pot is carried on, as before."""
    t = _table(5)
    passed_out(t)
    t.deal(HANDS)
    t.join("D", 40)
    t.do("B leave", "C leave")
    t.check_round()
    assert not t.of(ev.CarriedPotReturned)
    assert t.state.phase == "between_deals" and t.state.carried == 6 and t.stacks() == {"A": 38, "D": 40}


# ---------------------------------------------------------------- 6.3: back after leaving without chips

ASK = {"session__when_broke": "ask", "session__rebuy_limit": 1, "session__rebuy_amount": 20}


def _declined(version: int, **changes: Any) -> EveningTable:
    """A (2 chips) busts and declines to buy again (the starting stack 40, a rebuy 20)."""
    t = EveningTable(changed_rules("morkpoker", **{**ASK, **changes}), names=())
    t.handle(t.game.sit_down(("A", "B", "C"), (2, 40, 40), 0)._replace(evening_rules=version))
    bust(t, "A")
    t.do("A decline")
    assert "A" not in t.stacks()
    return t


def test_a_player_back_after_leaving_without_chips_buys_the_rebuy_amount():
    t = _declined(5)
    said = t.refused(E.Join(0, "A", 40))
    assert said == "A left with no chips: sitting down again is a rebuy of 20 chips, not 40"
    t.join("a", 20)  # (any case: the same player)
    assert t.stacks()["a"] == 20 and t.state.rebuys[0] == 1
    assert t.game.evening.buy_in_range(t.state, "B") == (40, 40)  # a newcomer as before


def test_under_version_4_such_a_player_bought_the_starting_stack():
    t = _declined(4)
    t.join("A", 40)
    assert t.stacks()["A"] == 40 and t.state.rebuys[0] == 1


def test_a_player_back_who_left_with_chips_buys_in_as_any_newcomer_keeping_the_rebuys():
    """Version 2 kept: a player who left with chips comes back with the rebuys they had, and buys
    in as any newcomer."""
    t = _declined(5)
    t.join("A", 20)
    t.do("A leave")  # with the 20 chips: not broke
    assert t.game.evening.buy_in_range(t.state, "A") == (40, 40)
    t.join("A", 40)
    assert t.state.rebuys[t.seat("A")] == 1


def test_the_rebuys_all_taken_the_player_back_is_refused_in_one_sentence():
    t = _declined(5, session__rebuy_amount=2)
    t.join("A", 2)  # the one rebuy the house allows
    bust(t, "A")
    assert t.game.evening.asked(t.state) == []  # nothing more to buy: A sits out
    t.do("A leave")
    said = t.refused(E.Join(0, "A", 2))
    assert said == (
        "A left with no chips and has used every rebuy the house allows (1): A cannot sit down again this session"
    )


def test_with_a_buy_in_range_the_one_back_buys_the_rebuy_amount_alone():
    t = _declined(5, session__buy_in=(10, 40))
    assert t.game.evening.buy_in_range(t.state, "A") == (20, 20)
    assert t.game.evening.buy_in_range(t.state, "Dina") == (10, 40)
    assert t.refused(E.Join(0, "A", 10)).endswith("a rebuy of 20 chips, not 10")


def test_three_card_poker_back_after_leaving_without_chips_buys_the_rebuy_amount():
    from tests.evening_versions import _tcp_bust

    rules = changed_rules(
        "three-card-poker",
        dealer__mode="house_bank",
        dealer__bank=None,
        session__deals=10,
        session__when_broke="ask",
        session__rebuy_amount=20,
        session__rebuy_limit=2,
    )
    t = EveningTable(rules, names=())
    t.handle(t.game.sit_down(("A", "B"), (2, 40), 0))
    _tcp_bust(t)
    assert t.state.stacks[0] < 2
    t.do("A decline")
    assert "a rebuy of 20 chips, not 40" in t.refused(E.Join(0, "A", 40))
    t.join("A", 20)
    assert t.state.stacks[0] == 20


# ---------------------------------------------------------------- histories of version 4


@pytest.mark.parametrize("name", NAMES)
def test_a_history_written_under_version_4_verifies_and_replays_by_it(tmp_path, name):
    path = tmp_path / f"{name}.jsonl"
    shutil.copy(OLD / f"{name}.jsonl", path)
    verify_history(HistoryReader(path))
    events = history_events(path)
    assert events[0].evening_rules == 4
    # today's engine under version 4 writes it event for event
    assert write(tmp_path / "now.jsonl", BY_NAME_5[name], evening_rules=4).events == events


@pytest.mark.parametrize("name", NAMES)
def test_an_unfinished_history_of_version_4_resumes_and_plays_on_by_version_4(tmp_path, name):
    source = tmp_path / "unfinished.jsonl"
    shutil.copy(OLD / f"{name}-unfinished.jsonl", source)
    resumed = resume_session(source, durable=False)
    assert resumed.state.evening_rules == 4
    t = EveningTable(resumed.game.rules, names=())
    t.game, t.state = resumed.game, resumed.state
    play_on(t, BY_NAME_5[name].corner, resumed.writer)
    resumed.writer.close()
    assert history_events(resumed.path) == history_events(OLD / f"{name}.jsonl")
    verify_history(HistoryReader(resumed.path))


@pytest.mark.parametrize("name", NAMES)
def test_each_corner_under_version_5_differs_from_version_4_and_verifies(tmp_path, name):
    new = write(tmp_path / "h.jsonl", BY_NAME_5[name])
    assert new.state.evening_rules == E.EVENING_RULES == 5
    verify_history(HistoryReader(tmp_path / "h.jsonl"))
    assert new.replayed() == new.state
    old = history_events(OLD / f"{name}.jsonl")
    assert [type(e) for e in new.events] != [type(e) for e in old] or new.events[1:] != old[1:]


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("carried-pot")])
@pytest.mark.parametrize(("played", "claimed"), [(4, 5), (5, 4)])
def test_a_history_played_by_one_version_does_not_pass_for_the_other(tmp_path, name, played, claimed):
    if played == 4:
        lines = file_lines(OLD / f"{name}.jsonl")
    else:
        write(tmp_path / "h.jsonl", BY_NAME_5[name])
        lines = file_lines(tmp_path / "h.jsonl")
    k = next(n for n, line in enumerate(lines) if '"e":"SessionStarted"' in line)
    lines[k] = edit(lines[k], f'"evening_rules":{played}}}', f'"evening_rules":{claimed}}}')
    forged = write_lines(tmp_path, rechain(lines), name="forged.jsonl")
    with pytest.raises(HistoryError):
        verify_history(HistoryReader(forged))


def test_a_rejoin_of_version_4_claimed_as_version_5_is_refused_at_the_buy_in(tmp_path):
    name = "rejoin-broke-with-a-rebuy"
    lines = file_lines(OLD / f"{name}.jsonl")
    k = next(n for n, line in enumerate(lines) if '"e":"SessionStarted"' in line)
    lines[k] = edit(lines[k], '"evening_rules":4}', '"evening_rules":5}')
    forged = write_lines(tmp_path, rechain(lines), name="forged.jsonl")
    with pytest.raises(HistoryError) as caught:
        verify_history(HistoryReader(forged))
    line = int(str(caught.value).split(":")[1])
    joined = next(n for n, text in enumerate(lines, start=1) if '"e":"PlayerJoined"' in text)
    assert line == joined, str(caught.value)


# ---------------------------------------------------------------- what the table says


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "A sits down again in seat 1 with a rebuy of 20 chips (left with none)."),
        ("nb", "A setter seg igjen på plass 1 med et nytt innkjøp på 20 sjetonger (gikk uten noen)."),
    ],
)
def test_the_transcript_says_a_player_back_after_leaving_without_chips_buys_again(
    tmp_path, capsys, language, said, wide
):
    write(tmp_path / "h.jsonl", BY_NAME_5["rejoin-broke-with-a-rebuy"])
    assert main(["export", str(tmp_path / "h.jsonl"), "--lang", language]) == 0
    assert said in capsys.readouterr().out


def test_the_transcript_of_version_4_says_it_as_it_said_it(tmp_path, capsys, wide):
    path = tmp_path / "old.jsonl"
    shutil.copy(OLD / "rejoin-broke-with-a-rebuy.jsonl", path)
    assert main(["export", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "A sits down in seat 1 with 40 chips." in out and "rebuy of" not in out


@pytest.mark.parametrize(
    ("language", "said", "typed"),
    [
        (
            "en",
            "A left with no chips: sitting down again is a rebuy of 20 chips.",
            "A rebuy is 20 chips here: Enter goes on, Esc goes back.",
        ),
        (
            "nb",
            "A gikk fra bordet uten sjetonger: å sette seg igjen er et nytt innkjøp på 20 sjetonger.",
            "Et nytt innkjøp er 20 sjetonger her: Enter går videre, Esc går tilbake.",
        ),
    ],
)
def test_the_table_menu_says_the_one_back_buys_a_rebuy_and_seats_them_with_it(language, said, typed):
    from drawpoker.client.evening import EveningMenu
    from drawpoker.words.i18n import translator

    t = _declined(5, session__buy_in=(10, 40))
    menu = EveningMenu(t.game, t.state, translator(language))
    for key in ["a", "A", "enter"]:  # someone arrives: A, Enter
        assert menu.key(key) is None, menu.message
    assert menu.lines()[0] == said
    menu.key("4")  # nothing to type: the rebuy is one amount
    assert menu.message == typed
    menu.key("enter")
    assert menu.key("p") == E.Join(0, "A", 20, "")
    # a newcomer is asked for a buy-in as ever
    menu = EveningMenu(t.game, t.state, translator("en"))
    for key in ["a", *"Dina", "enter"]:
        menu.key(key)
    assert menu.lines()[0] == "Dina's buy-in (10-40 chips; Enter: 10): _"


@pytest.mark.parametrize("version", [4, 5])
def test_the_log_the_laptop_and_the_phones_show_says_it_is_a_rebuy(version):
    """The table's log (the laptop's, and each phone's: both read :func:`deal_log`) says the one
    back buys a rebuy; under version 4 it said what it said then."""
    from drawpoker.client.lines import plain
    from drawpoker.client.log import deal_log
    from drawpoker.client.look import Look
    from drawpoker.words.i18n import translator

    t = _declined(version)
    before = t.state.copy()
    events = t.join("A", 20 if version == 5 else 40)
    said = [plain(line) for line in deal_log(t.game, [(before, events)], translator("en"), Look())]
    text = " ".join(said)
    if version == 5:
        assert "A sits down again in seat 1 with a rebuy of 20 chips (left with none)." in text, said
    else:
        assert "A sits down in seat 1 with 40 chips." in text and "rebuy" not in text, said
