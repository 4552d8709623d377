"""Issue 24, from the evening to its story: the sessions kept, found by name.

- ``drawpoker history`` lists what was played -- the ruleset (not
  "morkpoker" for every draw game), when, who, how many deals, who won --
  in columns, each session's name whole below its line; file names carry
  the ruleset's name;
- a name from that list works wherever a file does (replay, verify,
  export, play --resume: it said "no such file"); replay with no name
  opens the newest session, play --resume the newest unfinished one;
  paths are printed whole (at 80 columns they broke mid-word);
- ``play RULESET --resume FILE`` of another ruleset is refused with both names;
- finished deals stay private: export shows only the cards the table
  showed (a Three Card Poker box "(not shown)" on the screen was exported
  with its cards); PHH writes unseen cards as ``??`` unless --reveal.

Speed of the list is measured in bench/sessions.py, not asserted here.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from drawpoker.cli.main import main
from drawpoker.cli.play_cmd import resumed_file
from drawpoker.client.launch import new_history_path, outcome, starter
from drawpoker.client.setup import SetupModel
from drawpoker.errors import DrawpokerError
from drawpoker.history.reader import open_history
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from drawpoker.words.i18n import translator
from tests.history_tools import file_lines, write_lines


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private home: XDG folders inside tmp_path; the histories folder made."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "data" / "drawpoker" / "histories"
    folder.mkdir(parents=True)
    return folder


def run(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def played(folder, ruleset, players, deals, seed, name, started=None):
    """A session as ``simulate --log`` writes it (its start time set, when given)."""
    rules = load_rules(ruleset)
    logs = SessionLogs(folder / name, rules, ruleset=ruleset)
    simulate(rules, players, deals, seed, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    logs.close()
    path = logs.paths[0]
    for extra in logs.paths[1:]:
        extra.unlink()
    if started:
        from tests.history_tools import rechain

        lines = file_lines(path)
        head = json.loads(lines[0])
        lines[0] = lines[0].replace(f'"started":"{head["started"]}"', f'"started":"{started}"', 1)
        path.unlink()
        write_lines(folder, rechain(lines), name=name)
    return path


@pytest.fixture
def evening(home):
    """Three sessions of an evening: triple draw (finished), Mørkpoker (cut after
    deal 5: unfinished), Three Card Poker."""
    triple = played(home, "deuce-to-seven-triple-draw", 3, 12, 4, "a.jsonl", "2026-12-04T18:00:00Z")
    mork = played(home, "morkpoker", 3, 12, 5, "b.jsonl", "2026-12-04T20:00:00Z")
    lines = file_lines(mork)
    end = [i for i, line in enumerate(lines) if '"e":"DealEnded"' in line][4]
    mork.unlink()
    write_lines(home, lines[: end + 1], name="b.jsonl")
    tcp = played(home, "three-card-poker", 3, 4, 6, "c.jsonl", "2026-12-04T22:00:00Z")
    return {"triple": triple, "mork": home / "b.jsonl", "tcp": tcp}


def test_history_lists_what_was_played_in_columns(evening, capsys):
    """Issue 24: `drawpoker history` said "morkpoker" for every draw game, no deals, no winner."""
    status, out, _ = run(["history"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["started", "ruleset", "deals", "winner", "players"]
    rows, names = lines[1:7:2], [line.strip() for line in lines[2:7:2]]
    assert names == ["c.jsonl", "b.jsonl", "a.jsonl"]  # newest first, each name whole on a line of its own
    assert "three-card-poker" in rows[0] and "morkpoker" in rows[1] and "deuce-to-seven-triple-draw" in rows[2]
    assert " 5/12 " in rows[1] and "unfinished" in rows[1]
    summary = json.loads(run(["history", "--json", "a.jsonl"], capsys)[1])
    best = max(summary["standings"], key=lambda row: row["net"])
    assert f"{best['name']} {best['net']:+d}" in rows[2] and summary["ruleset"] == "deuce-to-seven-triple-draw"
    starts = [[m.start() for m in re.finditer(r"(?<=  )\S", row)] for row in [lines[0], *rows]]
    assert all(s[:4] == starts[0][:4] for s in starts), starts  # the columns line up
    assert all(len(line) <= 80 for line in lines[:7])
    assert all(len(line) <= 80 for line in lines)  # (the words after the list wrapped as a paragraph)
    assert "\nRead from each file's first lines and last deal, not re-run through the" in out


def test_the_list_in_norwegian(evening, capsys):
    status, out, _ = run(["history", "--lang", "nb"], capsys)
    assert status == 0 and out.splitlines()[0].split() == ["startet", "regelsett", "utdelinger", "vinner", "spillere"]
    said = " ".join(out.split())  # (the words after the list wrapped to the terminal)
    assert "ikke ferdig" in out and "3 økter i " in said and "Lest fra hver fils første linjer" in said


def test_a_name_from_the_list_works_everywhere_a_file_does(evening, capsys, monkeypatch):
    """Issue 24: replay, verify, export and play --resume said "no such file" for a name
    from the list; .jsonl may be left out."""
    for name in ("b.jsonl", "b"):
        assert run(["verify", name], capsys)[0] == 0
        status, out, _ = run(["export", name], capsys)
        assert status == 0 and "deal #1" in out
        status, out, _ = run(["history", name], capsys)
        assert status == 0 and "unfinished after deal 5 of 12" in out
    opened = []

    class Model:
        def __init__(self, path, *args, **kwargs):
            opened.append(Path(path).name)
            self.message = None

    monkeypatch.setattr("drawpoker.client.replay.viewer.ReplayModel", Model)
    assert run(["replay", "a"], capsys)[0] == 1  # found; then it needs a terminal
    assert run(["replay"], capsys)[0] == 1  # no name: the newest session
    assert opened == ["a.jsonl", "c.jsonl"]
    status, _, err = run(["play", "--resume", "b.jsonl"], capsys)
    assert status == 1 and "needs a terminal" in err and "no such file" not in err


def test_play_resume_without_a_name_takes_the_newest_unfinished_session(evening, home):
    from drawpoker.history.summary import summarize

    assert summarize(evening["tcp"]).over and not summarize(evening["mork"]).over
    assert Path(resumed_file("", None, None)).name == "b.jsonl"  # c.jsonl is newer, but its session ended
    for path in home.iterdir():
        path.unlink()
    with pytest.raises(DrawpokerError, match="no unfinished session in "):
        resumed_file("", None, None)


def test_resuming_under_another_ruleset_is_refused_with_both_names(evening, capsys):
    """Issue 24: `play RULESET --resume FILE` of another ruleset was not refused."""
    status, _, err = run(["play", "three-card-poker", "--resume", "b.jsonl"], capsys)
    assert status == 1
    assert err.startswith("drawpoker play: ") and "b.jsonl was played under morkpoker, not three-card-poker" in err
    status, _, err = run(["play", "morkpoker", "--resume", "b.jsonl"], capsys)
    assert status == 1 and "needs a terminal" in err  # the same ruleset: on to the table


def test_file_names_and_headers_carry_the_ruleset_s_name(home, tmp_path):
    rules = load_rules("deuce-to-seven-triple-draw")
    assert new_history_path(rules, home, dt.datetime(2026, 12, 4, 20, 15), "deuce-to-seven-triple-draw").name == (
        "2026-12-04_201500_deuce-to-seven-triple-draw.jsonl"
    )
    own = tmp_path / "Fredag jokers.yaml"
    own.write_text("extends: california-draw\ndescription: Friday jokers wild\n", encoding="utf-8")
    setup = SetupModel(load_rules(str(own)), translator("en"))
    setup.names, setup.computer = ["Anna", "Bo"], [False, True]
    session = starter(load_rules(str(own)), None, 3, home, "Fredag jokers")(setup)
    session.close()
    assert session.path is not None and session.path.name.endswith("_fredag-jokers.jsonl")
    assert open_history(session.path).header["ruleset"] == "Fredag jokers"


def test_paths_are_printed_whole_on_lines_of_their_own(home, tmp_path):
    """Issue 24: at 80 columns the path after "replay it with:" broke mid-word."""
    inside = home / "2026-12-04_201500_deuce-to-seven-triple-draw.jsonl"
    outside = tmp_path / "some where" / "x.jsonl"
    for path, shown in ((inside, inside.name), (outside, f"'{outside}'")):
        for over in (True, False):
            ctl = SimpleNamespace(session=SimpleNamespace(path=path, over=over), message=None)
            for lang in ("en", "nb"):
                lines = outcome(ctl, None, translator(lang)).message.splitlines()
                assert f"  {path}" in lines  # the whole path, from the line's start
                command = "replay" if over else "play --resume"
                assert f"  drawpoker {command} {shown}" in lines, lines


def test_export_shows_only_the_cards_the_table_showed(home, capsys):
    """Issue 24: "Player 3 (not shown)" on the screen became "Player 3 (box 2) [3d 6d 5h]"
    in the text export; PHH wrote every hole card."""
    from drawpoker.games import game_for
    from drawpoker.games.three_card.state import box_shown
    from drawpoker.history.deals import iter_deals

    tcp = played(home, "three-card-poker", 3, 12, 8, "tcp.jsonl")
    reader = open_history(tcp)
    rules = reader.rules
    hidden = shown = 0
    for deal in iter_deals(reader):
        table = deal.before.copy()
        game = game_for(rules)
        for event in deal.events:
            game.apply(table, event)
            if type(event).__name__ == "BoxSettled":
                if box_shown(table.boxes[event.box], rules):
                    shown += 1
                else:
                    hidden += 1
    assert hidden and shown  # the seed folds some boxes and plays others
    status, out, _ = run(["export", "tcp.jsonl"], capsys)
    settled = [line for line in out.splitlines() if re.match(r"P\d \(box \d\)( \[| \(not shown\))", line)]
    assert status == 0 and sum("(not shown)" in line for line in settled) == hidden
    assert sum("[" in line for line in settled) == shown
    status, out, _ = run(["export", "--reveal", "tcp.jsonl"], capsys)
    assert "(not shown)" not in out
    status, out, _ = run(["export", "--lang", "nb", "tcp.jsonl"], capsys)
    assert "(ikke vist)" in out

    mork = played(home, "morkpoker", 3, 12, 9, "mork.jsonl")
    status, out, _ = run(["export", "--format", "phh", mork.name], capsys)
    assert status == 0
    dealt = re.findall(r'"d dh p\d ([^"]*)"', out)
    assert dealt and all(set(cards) == {"?"} for cards in dealt)
    assert re.search(r'"p\d sm [2-9TJQKA][cdhs]', out)  # hands shown at the showdown are written as shown
    status, revealed, _ = run(["export", "--format", "phh", "--reveal", mork.name], capsys)
    assert "??" not in revealed and re.search(r'"d dh p\d [2-9TJQKA][cdhs]', revealed)
    status, out, _ = run(["export", mork.name], capsys)
    assert "Dealt to" not in out and "] for [" not in out  # no hole cards, no cards exchanged
