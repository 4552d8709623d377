"""The translators' tool, ``python -m drawpoker.words.catalogue``: its help,
and a mistake said in one sentence (it said a traceback: "--help.po" was
taken for a language and its file opened)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from drawpoker.words import catalogue


def _tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "drawpoker.words.catalogue", *args], capture_output=True, text=True, timeout=60
    )


def test_help_says_what_the_tool_does_and_nothing_goes_wrong():
    done = _tool("--help")
    assert done.returncode == 0 and done.stderr == ""
    assert "usage: python -m drawpoker.words.catalogue" in done.stdout and "--compile" in done.stdout


@pytest.mark.parametrize("args", [["xx"], ["--compile", "xx"]])
def test_a_language_without_a_catalogue_is_said_in_one_sentence(args):
    done = _tool(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "no catalogue for the language 'xx'" in done.stderr
    assert "the catalogues are: nb." in done.stderr


def test_a_language_with_a_control_character_is_said_safely():
    done = _tool("\x1b[31mxx")
    assert done.returncode == 2 and "\x1b" not in done.stderr and "'\\x1b[31mxx'" in done.stderr


def test_a_catalogue_that_cannot_be_parsed_is_said_and_nothing_is_written(tmp_path, monkeypatch, capsys):
    (tmp_path / "zz.po").write_text('msgid "a"\nmsgstr "b"\ngarbage\n', encoding="utf-8")
    monkeypatch.setattr(catalogue, "catalogue_path", lambda language: tmp_path / f"{language}.po")
    target = tmp_path / "zz" / "drawpoker.mo"
    monkeypatch.setattr(catalogue, "compiled_path", lambda language: target)
    assert catalogue.main(["--compile", "zz"]) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1 and f"{tmp_path / 'zz.po'}: cannot be read" in said.err
    assert not target.exists()
