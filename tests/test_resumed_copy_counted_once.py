"""An evening resumed in a copy is one evening (found killing `drawpoker play`
mid-write and starting again as the README says).

A crash that cuts a decision's write short makes ``play --resume`` go on in
``NAME-resumed.jsonl`` and leave the original as it was. The histories folder
then holds the evening twice: ``drawpoker standings`` counted it twice (every
player two evenings, every result doubled), ``drawpoker history`` listed the
original as a second unfinished session, and once the copy was played to its
end, ``play --resume`` with no name picked the original again -- the evening
from before the crash, to be played a second time. Now the original is listed
as continued in a copy, counted once (where the table went on), and never
taken for the newest unfinished session.
"""

from __future__ import annotations

import json
import os

import pytest

from drawpoker.cli.sessions import latest_unfinished
from drawpoker.errors import DrawpokerError
from drawpoker.history.resume import resume_session
from tests.history_tools import file_lines
from tests.test_sessions import home, played, run  # noqa: F401  (the fixture)


@pytest.fixture
def crashed(home):  # noqa: F811
    """A Mørkpoker evening killed mid-write after deal 5, resumed in a copy, then played to its end there."""
    whole = played(home, "morkpoker", 3, 12, 5, "x.jsonl")
    lines = file_lines(whole)
    whole.unlink()
    end = [i for i, line in enumerate(lines) if '"e":"DealEnded"' in line][4] + 1
    original = home / "night.jsonl"
    original.write_text("".join(lines[:end]) + lines[end][:12], encoding="utf-8")  # the last line torn
    resumed = resume_session(original, durable=False)
    resumed.writer.close()
    copy = resumed.path
    assert copy.name == "night-resumed.jsonl" and original.exists()
    with open(copy, "a", encoding="utf-8") as f:  # the rest of the evening, played in the copy
        f.write("".join(lines[end:]))
    os.utime(original, (1_000_000, 1_000_000))
    os.utime(copy, (2_000_000, 2_000_000))
    return original, copy


def test_the_standings_count_the_evening_once(crashed, capsys):
    status, out, _ = run(["standings", "--json"], capsys)
    season = json.loads(out)
    assert status == 0 and season["evenings"] == 1 and season["unfinished"] == []
    assert all(p["evenings"] == 1 for p in season["players"])
    status, out, _ = run(["history", "--json", "night-resumed.jsonl"], capsys)
    nets = {row["name"]: row["net"] for row in json.loads(out)["standings"]}
    assert {p["name"]: p["net"] for p in season["players"]} == nets


@pytest.mark.parametrize(("language", "said"), [("en", "continued in a copy"), ("nb", "fortsatt i en kopi")])
def test_the_list_says_the_original_was_continued(crashed, capsys, language, said):
    status, out, _ = run(["history", "--lang", language], capsys)
    rows = out.splitlines()
    at = rows.index("    night.jsonl")
    assert status == 0 and said in rows[at - 1] and "unfinished" not in out and "ikke ferdig" not in out


def test_resume_without_a_name_does_not_take_the_original(crashed):
    with pytest.raises(DrawpokerError, match="no unfinished session"):
        latest_unfinished()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "the newest, night-resumed.jsonl, is over ('drawpoker history night-resumed.jsonl' shows its "
            "standings and settle-up); name a history to resume",
        ),
        (
            "nb",
            "den nyeste, night-resumed.jsonl, er over ('drawpoker history night-resumed.jsonl' viser "
            "sluttstillingen og oppgjøret); nevn historikken som skal fortsettes",
        ),
    ],
)
def test_resume_when_the_evening_is_over_says_where_its_end_is(crashed, capsys, language, said):
    """A laptop that died on the last screen (the standings, the settle-up): `play --resume`
    as the README says answered only "no unfinished session ...; name the history to resume"."""
    status, _, err = run(["play", "--resume", "--lang", language], capsys)
    assert status == 1 and said in " ".join(err.split())
    status, out, _ = run(["history", "night-resumed.jsonl", "--lang", language], capsys)
    assert status == 0 and ("Settle-up" in out if language == "en" else "Oppgjør" in out)


def test_the_copy_unfinished_is_the_one_resumed(crashed):
    original, copy = crashed
    lines = file_lines(copy)
    end = [i for i, line in enumerate(lines) if '"e":"DealEnded"' in line][6] + 1
    copy.write_text("".join(lines[:end]), encoding="utf-8")
    os.utime(copy, (2_000_000, 2_000_000))
    assert latest_unfinished() == str(copy)


def test_sessions_simulated_in_the_same_second_stay_apart(home, capsys):  # noqa: F811
    """`simulate --log` starts one session after another, often in the same second, with the
    same players and rules: each its own evening (their first decks differ)."""
    for seed, name in ((5, "s.jsonl"), (6, "s-2.jsonl")):
        played(home, "morkpoker", 3, 12, seed, name, started="2026-12-07T08:00:00Z")
    status, out, _ = run(["standings", "--json"], capsys)
    assert status == 0 and json.loads(out)["evenings"] == 2
    status, out, _ = run(["history"], capsys)
    assert "continued in a copy" not in out
