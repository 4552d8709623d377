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
