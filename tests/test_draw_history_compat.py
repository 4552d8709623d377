"""Histories written before openers, the ladder and more exchanges existed
(DealStarted and DealEnded version 1) still read, replay and verify.

The fixtures were written by drawpoker 0.1.0 as it was before this change:
``v1-morkpoker.jsonl`` (the shipped rules) and ``v1-jacks.jsonl`` (jacks or
better to open, with passed-out deals, and no proof of openers recorded).
"""

from pathlib import Path

import pytest

from drawpoker.games.draw import events as ev
from drawpoker.history.reader import open_history
from drawpoker.history.verify import replay_history, verify_history

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("name", ["v1-morkpoker.jsonl", "v1-jacks.jsonl"])
def test_old_histories_read_replay_and_verify(name):
    path = FIXTURES / name
    assert '"e":"DealStarted","v":1' in path.read_text(encoding="utf-8")
    events = [e for _, e in open_history(path).events()]
    started = [e for e in events if isinstance(e, ev.DealStarted)]
    ended = [e for e in events if isinstance(e, ev.DealEnded)]
    assert started and all(e.to_open == 0 and e.proven is False for e in started)
    assert ended and all(e.to_open == 0 and e.same_dealer is False for e in ended)
    assert not any(isinstance(e, (ev.OpenersShown, ev.OpenersSplit)) for e in events)
    state = replay_history(open_history(path))
    assert state.phase == "session_over"
    report = verify_history(open_history(path))
    assert report.deals == len(started) and report.torn is None


def test_the_old_jacks_history_has_passed_out_deals_and_openings():
    events = [e for _, e in open_history(FIXTURES / "v1-jacks.jsonl").events()]
    assert any(isinstance(e, ev.DealCheckedThrough) for e in events)
    assert any(isinstance(e, ev.BetPlaced) for e in events)
