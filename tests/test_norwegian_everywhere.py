"""Norwegian everywhere (issue 24): the sessions listed by ``history`` and its
footer, ``config show``, ``set``, ``unset`` and ``path`` (with ``--lang`` and
under ``language: nb``), the settings' own problems, and the export's words
for the ante: "ante" in the draw games, "startinnsats" in Three Card Poker
(the glossary of the rules, docs/rules.md section 8)."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.settings import settings_path


def said(argv, capsys):
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def norwegian_setting() -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("language: nb\n", encoding="utf-8")


ENGLISH_SHOW = ("(the default)", "the language of the game", "the usual players' names", "none (the setup offers")


@pytest.mark.parametrize("how", ["setting", "--lang"])
def test_config_show_is_norwegian(home, capsys, how):
    argv = ["config", "show"]
    if how == "setting":
        norwegian_setting()
    else:
        argv.append("--lang")
        argv.append("nb")
    status, out, err = said(argv, capsys)
    assert status == 0 and err == "", err  # "--lang nb" was "unrecognized arguments"
    assert "morkpoker (standard)" in out and "språket i spillet: en eller nb" in out
    assert "ingen (oppsettet foreslår Spiller 1, Spiller 2, ...)" in out
    assert not any(words in out for words in ENGLISH_SHOW), out
    status, out, _ = said(["config", "show", "--lang", "en"], capsys)
    assert "morkpoker (the default)" in out


def test_config_set_unset_and_path_speak_the_language(home, capsys):
    status, out, _ = said(["config", "set", "language", "nb"], capsys)
    assert status == 0 and out.endswith(": language er satt\n")  # the new language speaks at once
    status, out, _ = said(["config", "set", "names", "Anna, Bjørn"], capsys)
    assert out.endswith(": names er satt\n")
    status, out, _ = said(["config", "path"], capsys)
    assert out.startswith("innstillinger: ") and "historikker:" in out
    status, _, err = said(["config", "set", "names", "Anna, anna"], capsys)
    assert status == 1 and err == "drawpoker config: names: anna står to ganger\n"
    status, _, err = said(["config", "set", "language", "de"], capsys)
    assert status == 1 and err == "drawpoker config: language: ventet 'en' eller 'nb', fant 'de'\n"
    status, out, _ = said(["config", "unset", "names", "--lang", "en"], capsys)
    assert out.endswith(": names unset\n")


def test_a_broken_settings_file_is_said_in_norwegian_under_lang_nb(home, capsys):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("langauge: nb\n", encoding="utf-8")
    status, _, err = said(["config", "show", "--lang", "nb"], capsys)  # config shows the file all the same (issue 25)
    assert status == 0 and "ukjent innstilling 'langauge' (mente du 'language'?)" in err
    status, _, err = said(["config", "show"], capsys)
    assert "unknown setting 'langauge' (did you mean 'language'?)" in err


@pytest.mark.parametrize("how", ["setting", "--lang"])
def test_no_histories_yet_is_norwegian(wide, home, capsys, how):
    argv = ["history"] + (["--lang", "nb"] if how == "--lang" else [])
    if how == "setting":
        norwegian_setting()
    status, out, _ = said(argv, capsys)
    assert status == 0 and out.startswith("Ingen historikker i ") and "ennå; 'drawpoker play' skriver dem dit." in out


def _simulated(home, capsys, ruleset: str, name: str):
    folder = home / "data" / "drawpoker" / "histories"
    folder.mkdir(parents=True, exist_ok=True)
    status, _, _ = said(
        ["simulate", ruleset, "--players", "3", "--hands", "3", "--seed", "4", "--log", str(folder / name)], capsys
    )
    assert status == 0
    return folder / name


def test_the_sessions_listed_and_their_footer_are_norwegian(wide, home, capsys):
    _simulated(home, capsys, "morkpoker", "one.jsonl")
    (home / "data" / "drawpoker" / "histories" / "broken.jsonl").write_text("not a history\n", encoding="utf-8")
    status, out, _ = said(["history", "--lang", "nb"], capsys)
    lines = out.strip().splitlines()
    assert status == 0 and lines[-2].startswith("2 økter i ") and lines[-2].endswith(", nyeste først.")
    assert lines[-1].startswith("Lest fra hver fils første linjer og siste utdeling")
    assert any("kan ikke leses: " in line for line in lines), out
    status, out, _ = said(["history"], capsys)
    assert out.strip().splitlines()[-2].startswith("2 sessions in ")
    assert "cannot be read: " in out


def test_export_says_ante_in_morkpoker_and_startinnsats_in_three_card_poker(home, capsys):
    """docs/rules.md section 8: the draw game's "ante", Three Card Poker's
    "startinnsats"; the export said "startinnsats" in Mørkpoker (and "ante"
    in Three Card Poker)."""
    mork = _simulated(home, capsys, "morkpoker", "mork.jsonl")
    status, out, _ = said(["export", str(mork), "--deal", "1", "--lang", "nb"], capsys)
    assert status == 0
    assert out.splitlines()[0].startswith("Mørkpoker, utdeling nr. 1: ante 1, innsatser 1/2")
    assert ": legger inn ante 1" in out and "startinnsats" not in out
    tcp = _simulated(home, capsys, "three-card-poker", "tcp.jsonl")
    status, out, _ = said(["export", str(tcp), "--lang", "nb"], capsys)
    assert status == 0 and "satser startinnsats " in out and " ante " not in out and "ante " not in out
    assert ": startinnsats " in out  # the result of a box
