"""``drawpoker export`` of an evening that ends with its last deal checked through: the pot goes
back as that deal ends, and the transcript's summary of it says the stacks with it, as the table's
last screen and ``drawpoker history`` do (seen: a Norwegian evening of 'N more deals' whose last deal
was checked through: 'Bjørn får 2, Eli får 3.' and then 'Sjetonger: ... Bjørn har 42, Eli har 10',
where the standings said 44 and 13; and 'the pot of 5 carries to the next deal' of the last one)."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.games import evening as E
from drawpoker.rules import load_rules
from tests.evening_table import written

HANDS = {"A": "2c 3d 4h 5s 7c", "B": "2d 3h 4s 5c 7d", "C": "2h 3s 4c 5d 9h"}


@pytest.mark.parametrize(
    ("language", "stacks", "checked", "not_said"),
    [
        (
            "en",
            "Stacks: A has 40, B has 40, C has 40",
            "Everybody checked: no exchange; the evening ends, and the pot of 3 goes back",
            "carries to the next deal",
        ),
        (
            "nb",
            "Sjetonger: A har 40, B har 40, C har 40",
            "Alle checket: ingen bytting; kvelden slutter, og potten på 3 går tilbake",
            "går videre til neste utdeling",
        ),
    ],
)
def test_the_last_deal_s_summary_counts_the_pot_given_back(tmp_path, capsys, language, stacks, checked, not_said):
    path = tmp_path / "h.jsonl"
    t = written(
        path,
        load_rules("morkpoker"),
        ("A", "B", "C"),
        [
            lambda t: t.deal(HANDS),
            lambda t: t.handle(E.end_after(t.state, 0)),  # "end the evening after this deal", while it is played
            lambda t: t.check_round(),
        ],
    )
    assert t.state.phase == "session_over" and t.stacks() == {"A": 40, "B": 40, "C": 40}
    assert main(["export", str(path), "--lang", language]) == 0
    out = capsys.readouterr().out
    assert stacks in out.splitlines(), out
    assert checked in out and not_said not in out, out


@pytest.mark.parametrize(
    ("language", "checked", "not_said"),
    [
        ("en", "Everyone checked: the pot of 3 is not played for; the evening ends.", "stays for the next deal"),
        ("nb", "Alle checket: potten på 3 spilles ikke om; kvelden slutter.", "blir liggende til neste utdeling"),
    ],
)
def test_the_table_s_log_of_the_last_deal_says_the_pot_is_not_carried_on(tmp_path, language, checked, not_said):
    """The table's log said the same of the last deal: 'Everyone checked: the pot of 5 stays for the next
    deal.' over 'The evening ends with a pot carried: it goes back ...' (the summary above it was right)."""
    from drawpoker.client.launch import resume
    from drawpoker.client.lines import plain
    from drawpoker.client.log import deal_log
    from drawpoker.client.look import Look
    from drawpoker.words.i18n import translator

    path = tmp_path / "h.jsonl"
    written(
        path,
        load_rules("morkpoker"),
        ("A", "B", "C"),
        [lambda t: t.deal(HANDS), lambda t: t.handle(E.end_after(t.state, 0)), lambda t: t.check_round()],
    )
    session, _ = resume(str(path), 3)
    try:
        log = [plain(line) for line in deal_log(session.game, session.chunks, translator(language), Look())]
    finally:
        session.close()
    assert checked in log and not any(not_said in line for line in log), log


def test_the_log_and_the_transcript_agree_when_everyone_leaves_with_the_pot_carried(tmp_path, capsys):
    """Whether the last deal's pot goes back is one answer (:func:`given_back_as_the_deal_ends`) for the
    table's log and the transcript: every player leaving as a checked-through deal ends gives the pot back
    to nobody (the engine's CarriedPotReturned names no seat), and the transcript said 'the pot of 3
    carries to the next deal' of the evening's last deal, where the log said the evening ends."""
    from drawpoker.client.launch import resume
    from drawpoker.client.lines import plain
    from drawpoker.client.log import deal_log
    from drawpoker.client.look import Look
    from drawpoker.games.draw.events import given_back_as_the_deal_ends
    from drawpoker.words.i18n import translator

    path = tmp_path / "h.jsonl"
    t = written(
        path,
        load_rules("morkpoker"),
        ("A", "B", "C"),
        [
            lambda t: t.deal(HANDS),
            *(lambda t, seat=seat: t.handle(E.Leave(seat)) for seat in range(3)),
            lambda t: t.check_round(),
        ],
    )
    assert t.state.phase == "session_over"
    returned = [e for e in t.events if type(e).__name__ == "CarriedPotReturned"]
    assert returned and returned[0].shares == ()  # (nobody at the table to take it: the case that drifted)
    assert given_back_as_the_deal_ends(t.events) == {}
    assert main(["export", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Everybody checked: no exchange; the evening ends, and the pot of 3 goes back" in out, out
    assert "carries to the next deal" not in out, out
    session, _ = resume(str(path), 3)
    try:
        log = [plain(line) for line in deal_log(session.game, session.chunks, translator("en"), Look())]
    finally:
        session.close()
    assert "Everyone checked: the pot of 3 is not played for; the evening ends." in log, log
