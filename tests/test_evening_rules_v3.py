"""Version 3 of the rules of the evening (docs/rules.md 6.2, 6.6): leaving and
sitting down again the same evening is no way round the blinds one owes. A
player who left waiting for the big blind or owing blinds, or having missed
them while away, sits down again waiting or owing as on coming back then; one
who left owing nothing sits down as any newcomer.

``tests/fixtures/evening-rules-2/`` holds the corners as drawpoker wrote them
under version 2 (its engine of then, through ``tests/evening_versions.py``):
they still verify, replay and resume by version 2, and a history played by
one version does not pass for the other.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from drawpoker.errors import HistoryError
from drawpoker.games import evening as E
from drawpoker.games.draw import events as ev
from drawpoker.history.reader import HistoryReader
from drawpoker.history.resume import resume_session
from drawpoker.history.verify import verify_history
from tests.changed_rules import changed_rules
from tests.evening_table import EveningTable
from tests.evening_versions import BY_NAME_3, CASES_3, deal_blinds, play_on, write
from tests.history_tools import edit, file_lines, history_events, rechain, write_lines
from tests.test_evening_rules import BLINDS, won_by_first

OLD = Path(__file__).parent / "fixtures" / "evening-rules-2"
NAMES = [case.name for case in CASES_3]


def _joined_again(events: list[Any]) -> E.PlayerJoined:
    return [e for e in events if isinstance(e, E.PlayerJoined)][-1]


def _sitting_line(lines: list[str]) -> int:
    return next(k for k, line in enumerate(lines) if '"e":"SessionStarted"' in line)


def _after_joining(events: list[Any]) -> list[Any]:
    k = max(i for i, e in enumerate(events) if isinstance(e, E.PlayerJoined))
    return events[k:]


#: (waiting, owes) for D sitting down again, by version, for each corner
SAT_DOWN = {
    # the house's default: missed blinds posted, a newcomer waits for the big blind
    "rejoin-after-missing-blinds": {2: (True, 0), 3: (False, 2)},
    # missed blinds waited for, a newcomer posts a big blind at once
    "rejoin-after-missing-blinds-wait": {2: (False, 1), 3: (True, 0)},
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("version", [2, 3])
def test_a_player_who_left_having_missed_the_blinds_sits_down_again_by_the_version(tmp_path, name, version):
    t = write(tmp_path / "h.jsonl", BY_NAME_3[name], evening_rules=version)
    left = [e for e in t.events if isinstance(e, E.PlayerLeft)]
    assert [e.name for e in left] == ["D"]
    joined = _joined_again(t.events)
    assert (joined.name, joined.seat, joined.stack) == ("D", 3, 40)
    assert (joined.waiting, joined.owes) == SAT_DOWN[name][version]
    corner = _after_joining(t.events)
    dealt = {e.seat for e in corner if isinstance(e, ev.CardsDealt)}
    posted = [e for e in corner if isinstance(e, ev.MissedBlindsPosted)]
    ended = [e for e in corner if isinstance(e, ev.DealEnded)][0]
    if joined.waiting:  # D is not dealt in: the blinds are the others' (button 2: seats 0 and 1)
        assert 3 not in dealt and not posted and ended.stacks[3] == 40
    elif joined.owes == 2:  # both blinds: the big live, the small dead; D folds to the opening raise
        assert posted == [ev.MissedBlindsPosted(3, 2, 1)] and ended.stacks[3] == 37
    else:  # a big blind as a newcomer posting
        assert 3 in dealt and posted == [ev.MissedBlindsPosted(3, 2, 0)] and ended.stacks[3] == 38
    assert verify_history(HistoryReader(tmp_path / "h.jsonl")).torn is None
    assert t.replayed() == t.state


def test_one_who_left_owing_nothing_sits_down_as_any_newcomer(tmp_path):
    t = EveningTable(changed_rules("morkpoker", **BLINDS), names=("A", "B", "C", "D"))
    for _ in range(2):
        deal_blinds(t)
        won_by_first(t)
    t.do("D leave")
    assert t.state.gone[-1][:4] == ("d", 0, 0, False) and not t.state.gone[-1].missed
    deal_blinds(t)
    won_by_first(t)
    t.join("D")
    assert (_joined_again(t.events).waiting, _joined_again(t.events).owes) == (True, 0)


def test_one_who_left_owing_blinds_not_yet_posted_owes_them_again_whatever_the_case_of_the_name(tmp_path):
    t = EveningTable(changed_rules("morkpoker", **BLINDS), names=("A", "B", "C", "D"))
    t.do("D sit out")
    for _ in range(2):
        deal_blinds(t)
        won_by_first(t)
    t.do("D come back")
    assert t.state.owes[3] == 2
    t.do("D leave")  # before the next deal: nothing posted yet
    assert (t.state.gone[-1].waiting, t.state.gone[-1].owes) == (False, 2)
    t.join("d")  # the same player (names ignore case)
    assert _joined_again(t.events) == E.PlayerJoined(3, "d", 40, "", False, 2)
    assert t.state.gone == ()  # remembered once, until sitting down again


def test_a_newcomer_who_leaves_before_being_dealt_in_and_comes_back_still_waits(tmp_path):
    t = EveningTable(changed_rules("morkpoker", **BLINDS), names=("A", "B", "C"))
    deal_blinds(t)
    won_by_first(t)
    t.join("D")
    assert t.state.waiting[3]
    t.do("D leave")
    t.join("D")
    assert _joined_again(t.events) == E.PlayerJoined(3, "D", 40, "", True, 0)


def test_the_table_says_what_one_sitting_down_again_owes(tmp_path):
    from drawpoker.words.evening_text import evening_event_text
    from drawpoker.words.i18n import translator

    t = write(tmp_path / "h.jsonl", BY_NAME_3["rejoin-after-missing-blinds"])
    joined = _joined_again(t.events)
    names = list(t.state.names)
    said = {lang: evening_event_text(joined, names, translator(lang)) for lang in ("en", "nb")}
    assert said["en"] == "D sits down in seat 4 with 40 chips. D posts the blinds missed in the next deal."
    assert said["nb"].endswith("D legger blindene hen gikk glipp av i neste utdeling."), said["nb"]


# ---------------------------------------------------------------- histories written under version 2


@pytest.mark.parametrize("name", NAMES)
def test_a_history_written_under_version_2_verifies_and_replays_by_it(tmp_path, name):
    path = tmp_path / f"{name}.jsonl"
    shutil.copy(OLD / f"{name}.jsonl", path)
    assert verify_history(HistoryReader(path)).deals >= 6
    events = history_events(path)
    assert events[0].evening_rules == 2
    joined = _joined_again(events)
    assert (joined.waiting, joined.owes) == SAT_DOWN[name][2]
    # today's engine under version 2 writes it event for event
    assert write(tmp_path / "now.jsonl", BY_NAME_3[name], evening_rules=2).events == events


@pytest.mark.parametrize("name", NAMES)
def test_an_unfinished_history_of_version_2_resumes_and_plays_on_by_version_2(tmp_path, name):
    source = tmp_path / "unfinished.jsonl"
    shutil.copy(OLD / f"{name}-unfinished.jsonl", source)
    resumed = resume_session(source, durable=False)
    assert resumed.state.evening_rules == 2
    t = EveningTable(resumed.game.rules, names=())
    t.game, t.state = resumed.game, resumed.state
    play_on(t, BY_NAME_3[name].corner, resumed.writer)
    resumed.writer.close()
    assert resumed.path == source  # (its events are today's versions: it goes on in the file itself)
    assert history_events(resumed.path) == history_events(OLD / f"{name}.jsonl")
    verify_history(HistoryReader(resumed.path))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("played", "claimed"), [(2, 3), (3, 2)])
def test_a_history_played_by_one_version_does_not_pass_for_the_other(tmp_path, name, played, claimed):
    if played == 2:
        lines = file_lines(OLD / f"{name}.jsonl")
    else:
        write(tmp_path / "h.jsonl", BY_NAME_3[name], evening_rules=3)
        lines = file_lines(tmp_path / "h.jsonl")
    k = _sitting_line(lines)
    lines[k] = edit(lines[k], f'"evening_rules":{played}}}', f'"evening_rules":{claimed}}}')
    forged = write_lines(tmp_path, rechain(lines), name="forged.jsonl")
    with pytest.raises(HistoryError) as caught:
        verify_history(HistoryReader(forged))
    said = str(caught.value)
    line = int(said.split(":")[1])
    joined = next(n for n, text in enumerate(lines, start=1) if '"e":"PlayerJoined"' in text)
    assert line == joined, said  # refused where D sits down again, nothing before it
