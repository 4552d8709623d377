"""What a command says on stderr (a refusal, a slip on the command line, a
warning) fits the terminal as what it prints on stdout does (60, 80 and 120
columns, English and Norwegian): each sentence begins its own line with
``drawpoker CMD:``, and goes on four columns in, wrapped between words (a
path too long for a line after a folder's separator), its control
characters made visible first; it says everything the one long line said.

Seen: at 60 columns ``drawpoker settle /a/long/path/x.yaml`` said
"drawpoker settle: /a/long/path/x.yaml: no such file" on one line of 130
columns (the terminal broke it anywhere), where stdout was wrapped.

Written to a file or a pipe (no terminal to fit: a log, a script reading
it), each sentence stays one line, whatever ``COLUMNS`` says."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from drawpoker.cli.main import main
from drawpoker.terminal import cells
from drawpoker.words import i18n
from tests.cli_fuzz import TerminalText, terminal_safe

WIDTHS = (60, 80, 120)


def _run(argv: list[str], columns: int, monkeypatch, terminal: bool = True) -> tuple[int, str, str]:
    """``drawpoker ARGV``, stderr a terminal ``columns`` wide (or, without ``terminal``, a file)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setattr(i18n, "_warned", [])  # (a warning is said once a process: here once a run)
    out, err = io.StringIO(), TerminalText() if terminal else io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def _said(text: str) -> str:
    return "".join(text.split())


@pytest.fixture
def long(home) -> Path:
    """A folder with a long name, in the test's home (no settings, no language from the environment)."""
    folder = home.joinpath(*["a-rather-long-folder-name"] * 3)
    folder.mkdir(parents=True)
    return folder


def _cases(long: Path) -> list[list[str]]:
    return [
        ["settle", str(long / "x.yaml")],
        ["history", str(long / "x\x1b[31m.jsonl")],
        ["export", str(long / "x.jsonl")],
        ["simulate", "morkpoker", "--strategy", f"{long}/bot.py:Bot"],
        ["analyze", "morkpoker"],
        ["verify", "x", "--seal", "ABC"],
        ["standings", "--since", "yesterday-or-the-day-before-that-or-last-week"],
        ["simulate", "morkpoker", "--players", "nine-or-ten-or-however-many-there-are-tonight"],
        ["rules", "show", str(long / "ours.yaml")],
    ]


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("case", range(9))
def test_a_refusal_fits_the_terminal_and_says_it_all(long, monkeypatch, lang, case):
    argv = [*_cases(long)[case], "--lang", lang]
    code, _, whole = _run(argv, 1000, monkeypatch)
    assert code in (1, 2) and len(whole.splitlines()) == 1, whole  # (one sentence: one line where there is room)
    assert whole.startswith(f"drawpoker {argv[0]}: ") and cells(whole.rstrip("\n")) > 60
    for columns in WIDTHS:
        status, _, err = _run(argv, columns, monkeypatch)
        assert status == code
        lines = err.splitlines()
        assert all(cells(line) <= columns for line in lines), (columns, err)
        assert lines[0].startswith(f"drawpoker {argv[0]}:")  # (a path too long for the rest of it: on the next)
        assert all(line.startswith("    ") and line[4] != " " for line in lines[1:]), (columns, err)
        assert _said(err) == _said(whole) and terminal_safe(err)
        if cells(whole.rstrip("\n")) > columns:
            assert len(lines) > 1


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_warning_and_a_rules_check_fit_the_terminal(long, monkeypatch, columns):
    settings = long.parent.parent.parent / "config" / "drawpoker" / "settings.yaml"
    settings.parent.mkdir(parents=True)
    settings.write_text("language: [\n", encoding="utf-8")  # (the warning: the language is the locale's)
    for argv in (["hand", "As", "Ks", "Qs", "Js", "Ts"], ["rules", "check", str(long / "ours.yaml")]):
        _, _, whole = _run(argv, 1000, monkeypatch)
        status, _, err = _run(argv, columns, monkeypatch)
        assert _said(err) == _said(whole)
        lines = err.splitlines()
        assert len(lines) > len(whole.splitlines()), err
        assert all(cells(line) <= columns for line in lines), (columns, err)
        firsts = [line for line in lines if not line.startswith("    ")]
        assert len(firsts) == len(whole.splitlines()), err


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_refusal_written_to_a_file_is_one_line(long, monkeypatch, columns):
    for argv in _cases(long):
        code, _, whole = _run(argv, 1000, monkeypatch)
        assert _run(argv, columns, monkeypatch, terminal=False) == (code, "", whole)
        assert len(whole.splitlines()) == 1
