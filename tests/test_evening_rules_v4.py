"""Version 4 of the rules of the evening (docs/rules.md 6.5, 6.6): when everyone at the table
leaves as a deal with a pot carried ends, the pot goes back to them before they go. Under
version 3 and before it went to nobody: its chips were in nobody's stack, and ``drawpoker
history`` of such an evening stopped with "internal error (ValueError: the results add up to
-7, not 0)" (seen: morkpoker, a deal passed out, everyone asking to leave as the next one,
checked through too, ends).

``tests/fixtures/evening-rules-3/`` holds the corner as drawpoker wrote it under version 3
(its engine of then, through ``tests/evening_versions.py``): it still verifies, replays and
resumes by version 3, its standings count the pot as given back as version 4 gives it, and a
history played by one version does not pass for the other.
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
from tests.evening_table import EveningTable
from tests.evening_versions import BY_NAME_4, play_on, write
from tests.history_tools import edit, file_lines, history_events, rechain, write_lines

OLD = Path(__file__).parent / "fixtures" / "evening-rules-3"
NAME = "carried-pot-everyone-leaves"
CASE = BY_NAME_4[NAME]
#: A, B and C paid 2 each (an ante in each deal), D 1 before leaving; the button is B's (seat 1):
#: D's chip is the odd one, and C, first from the button's left, takes it
RETURNED = ev.CarriedPotReturned(((0, 2), (1, 2), (2, 3)), (2,))
#: each player's result either way: the pot of 7 given back
RESULTS = {"A": 0, "B": 0, "C": 1, "D": -1}


def _from_the_check_through(events: list[Any]) -> list[Any]:
    k = max(i for i, e in enumerate(events) if isinstance(e, ev.DealCheckedThrough))
    return events[k + 1 :]


def _results(path: Path) -> dict[str, int]:
    ledger = Ledger()
    for event in history_events(path):
        ledger.feed(event)
    return {r.name: r.net for r in ledger.results()}


@pytest.mark.parametrize("version", [3, 4])
def test_everyone_leaving_with_a_pot_carried_takes_it_back_under_version_4_only(tmp_path, version):
    t = write(tmp_path / "h.jsonl", CASE, evening_rules=version)
    after = _from_the_check_through(t.events)
    left = [e for e in after if isinstance(e, E.PlayerLeft)]
    returned = [e for e in after if isinstance(e, ev.CarriedPotReturned)]
    assert [e.name for e in left] == ["A", "B", "C"]
    if version == 4:  # given back first, then they leave with it
        assert after[0] == RETURNED
        assert [e.stack for e in left] == [40, 40, 41]
    else:  # they leave, and the pot goes to nobody
        assert returned == [ev.CarriedPotReturned((), ())] and after.index(returned[0]) > after.index(left[-1])
        assert [e.stack for e in left] == [38, 38, 38]
    assert t.state.phase == "session_over" and t.state.carried == 0
    assert t.state.taken == (160 if version == 4 else 153)  # every chip taken home, or 7 in nobody's stack
    assert verify_history(HistoryReader(tmp_path / "h.jsonl")).torn is None
    assert t.replayed() == t.state
    assert _results(tmp_path / "h.jsonl") == RESULTS


def test_two_of_three_leaving_still_leave_the_pot_to_the_one_who_stays():
    """Version 4 changed only the table left empty: when the leavers leave one player, the pot goes
    back after they go, their chips shared by those still at the table (6.5, since version 2; version
    5 gives it back before they go, tests/test_evening_rules_v5.py)."""
    from tests.evening_versions import BY_NAME

    case = BY_NAME["carried-pot-one-player-left"]
    t = EveningTable(case.rules(), names=())
    t.handle(t.game.sit_down(("A", "B", "C"), (40, 40, 40), 0)._replace(evening_rules=4))
    for step in (*case.before, *case.corner):
        step(t)
    after = _from_the_check_through(t.events)
    kinds = [type(e).__name__ for e in after]
    assert kinds[:3] == ["PlayerLeft", "PlayerLeft", "CarriedPotReturned"], kinds
    assert after[2].shares == ((0, 6),) and t.state.evening_rules == 4


@pytest.mark.parametrize("language", ["en", "nb"])
def test_history_of_a_version_3_evening_left_empty_adds_up_and_settles(tmp_path, capsys, language):
    path = tmp_path / f"{NAME}.jsonl"
    shutil.copy(OLD / f"{NAME}.jsonl", path)
    assert main(["history", str(path), "--lang", language]) == 0
    out = capsys.readouterr().out
    assert "internal error" not in out
    settled = {"en": "D pays C 1 chip", "nb": "D betaler C 1 sjetong"}[language]
    assert settled in out, out
    assert _results(path) == RESULTS


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The evening ends with a pot carried and nobody left at the table to take it back;"),
        ("nb", "Kvelden slutter med en pott som står og ingen igjen ved bordet til å ta den tilbake;"),
    ],
)
def test_export_of_a_version_3_evening_left_empty_says_where_the_pot_went(tmp_path, capsys, language, said, wide):
    path = tmp_path / f"{NAME}.jsonl"
    shutil.copy(OLD / f"{NAME}.jsonl", path)
    assert main(["export", str(path), "--lang", language]) == 0
    out = capsys.readouterr().out
    assert said in out and "paid into it: ." not in out and "betalte inn i den: ." not in out, out


def test_a_history_written_under_version_3_verifies_and_replays_by_it(tmp_path):
    path = tmp_path / f"{NAME}.jsonl"
    shutil.copy(OLD / f"{NAME}.jsonl", path)
    assert verify_history(HistoryReader(path)).deals == 2
    events = history_events(path)
    assert events[0].evening_rules == 3
    # today's engine under version 3 writes it event for event
    assert write(tmp_path / "now.jsonl", CASE, evening_rules=3).events == events


def test_an_unfinished_history_of_version_3_resumes_and_plays_on_by_version_3(tmp_path):
    source = tmp_path / "unfinished.jsonl"
    shutil.copy(OLD / f"{NAME}-unfinished.jsonl", source)
    resumed = resume_session(source, durable=False)
    assert resumed.state.evening_rules == 3
    t = EveningTable(resumed.game.rules, names=())
    t.game, t.state = resumed.game, resumed.state
    play_on(t, CASE.corner, resumed.writer)
    resumed.writer.close()
    assert history_events(resumed.path) == history_events(OLD / f"{NAME}.jsonl")
    verify_history(HistoryReader(resumed.path))


@pytest.mark.parametrize(("played", "claimed"), [(3, 4), (4, 3)])
def test_a_history_played_by_one_version_does_not_pass_for_the_other(tmp_path, played, claimed):
    if played == 3:
        lines = file_lines(OLD / f"{NAME}.jsonl")
    else:
        write(tmp_path / "h.jsonl", CASE, evening_rules=4)
        lines = file_lines(tmp_path / "h.jsonl")
    k = next(n for n, line in enumerate(lines) if '"e":"SessionStarted"' in line)
    lines[k] = edit(lines[k], f'"evening_rules":{played}}}', f'"evening_rules":{claimed}}}')
    forged = write_lines(tmp_path, rechain(lines), name="forged.jsonl")
    with pytest.raises(HistoryError) as caught:
        verify_history(HistoryReader(forged))
    line = int(str(caught.value).split(":")[1])
    checked = max(n for n, text in enumerate(lines, start=1) if '"e":"DealCheckedThrough"' in text)
    assert line == checked + 1, str(caught.value)  # refused where the two versions part, nothing before


def test_a_newcomer_arriving_as_everyone_else_leaves_gets_nothing_of_the_pot():
    """Everyone at the table asks to leave during a deal with a pot carried, and a newcomer asks to
    sit down as it ends: the pot goes back to those who paid into it before they go (6.5, version
    4), not to the newcomer, who sat down since and played for none of it. Seen: the newcomer,
    alone at the table as the evening ended, took the whole pot of 6 home."""
    from tests.test_evening_rules import HANDS, passed_out

    t = EveningTable(CASE.rules(), names=("A", "B", "C"))
    passed_out(t)
    t.deal(HANDS)
    t.join("D", 40)
    t.do("A leave", "B leave", "C leave")
    t.check_round()
    after = _from_the_check_through(t.events)
    assert after[0] == ev.CarriedPotReturned(((0, 2), (1, 2), (2, 2)), ()), after
    assert [e.stack for e in after if isinstance(e, E.PlayerLeft)] == [40, 40, 40]
    assert t.state.phase == "session_over" and t.stacks() == {"D": 40}
    assert t.replayed() == t.state
    ledger = Ledger()
    for event in t.events:
        ledger.feed(event)
    assert {r.name: r.net for r in ledger.results()} == {"A": 0, "B": 0, "C": 0, "D": 0}
