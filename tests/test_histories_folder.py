"""A histories folder that is not a folder (a file, a FIFO) is said in one
sentence naming the path, by every command that reads the folder, not taken
for an empty folder ("No evenings to count yet."); a folder that does not
exist yet is still an empty one (the first 'drawpoker play' makes it)."""

from __future__ import annotations

import os

import pytest

from drawpoker.cli.main import main


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def not_a_folder(tmp_path, kind):
    path = tmp_path / f"a-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("not a folder\n")
    return path


COMMANDS = [
    ["standings"],
    ["history"],
    ["replay"],
    ["verify"],
    ["export"],
    ["play", "--resume"],
    ["play"],
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind", ["file", "fifo"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_a_histories_folder_that_is_not_one_is_said(tmp_path, capsys, command, kind):
    path = not_a_folder(tmp_path, kind)
    code, out, err = run(capsys, *command, "--histories", str(path), "--lang", "en")
    assert code == 1 and out == ""
    assert err == f"drawpoker {command[0]}: {path} is not a folder\n"


def test_the_histories_setting_that_is_not_a_folder_is_said(tmp_path, capsys, monkeypatch):
    path = not_a_folder(tmp_path, "file")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert run(capsys, "config", "set", "histories", str(tmp_path / "folder"))[0] == 0
    (tmp_path / "folder").write_text("now a file\n")
    code, out, err = run(capsys, "standings", "--lang", "en")
    assert code == 1 and err == f"drawpoker standings: {tmp_path / 'folder'} is not a folder\n"
    code, out, err = run(capsys, "config", "set", "histories", str(path), "--lang", "en")
    assert code == 1 and err == f"drawpoker config: histories: {path} is not a folder\n"


def test_a_folder_not_made_yet_is_still_an_empty_one(tmp_path, capsys):
    code, out, _ = run(capsys, "standings", "--histories", str(tmp_path / "not-yet"), "--lang", "en")
    assert code == 0 and out == "No evenings to count yet.\n"
