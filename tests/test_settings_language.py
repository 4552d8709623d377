"""The settings file's language speaks for every command (issue 14):
``drawpoker config set language nb`` makes ``hand``, ``rules show``,
``settle``... Norwegian where no ``--lang`` is given, before the locale, as
``play`` already did; ``hand`` still starts without YAML or attrs."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.places import settings_language
from drawpoker.settings import settings_path
from tests.test_startup import modules_after

HAND = ["hand", "Kh Kd 7s 7c As"]
NORSK = "to par, konger og sjuere, ess som sidekort"
ENGLISH = "two pair, kings and sevens, ace kicker"


def said(argv, capsys):
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def write(text: str) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(text, encoding="utf-8")


def test_config_set_language_makes_the_quick_commands_norwegian(home, capsys, monkeypatch):
    assert settings_language() is None and ENGLISH in said(HAND, capsys)[1]
    assert said(["config", "set", "language", "nb"], capsys)[0] == 0
    assert settings_language() == "nb"
    assert NORSK in said(HAND, capsys)[1]
    assert "Fingeravtrykk:" in said(["rules", "show", "morkpoker"], capsys)[1]
    assert ENGLISH in said([*HAND, "--lang", "en"], capsys)[1]  # --lang first
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # the setting before the locale, as in play
    assert NORSK in said(HAND, capsys)[1]
    assert said(["config", "set", "language", "en"], capsys)[0] == 0
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    assert ENGLISH in said(HAND, capsys)[1]
    assert said(["config", "unset", "language"], capsys)[0] == 0
    assert NORSK in said(HAND, capsys)[1]  # no setting: the locale's


@pytest.mark.parametrize(
    "text, language",
    [
        ("language: nb\n", "nb"),
        ("# mine\nruleset: jackpots\nlanguage: nb   # Norwegian\nnames: [Anna, Bo]\n", "nb"),
        ("language: 'nb'\n", "nb"),  # not a plain line: the full reader
        ('{language: "nb"}\n', "nb"),
        ("ruleset: jackpots\n", None),
        ("language: en\n", "en"),
    ],
)
def test_the_setting_is_read_quickly_or_by_the_full_reader_alike(home, text, language):
    write(text)
    assert settings_language() == language


def test_a_broken_language_setting_is_one_located_warning(home, capsys):
    """Issue 25: an invalid language stopped every command; hand does not need
    it: one located warning, and the locale's language."""
    write("language: de\n")
    status, out, err = said(HAND, capsys)
    assert status == 0 and out
    assert err.startswith(f"drawpoker: warning: {settings_path()}:1: language: expected 'en' or 'nb', found 'de'; ")
    assert len(err.splitlines()) == 1


def test_hand_reads_the_setting_without_yaml_or_attrs(home):
    """Reading the setting loads nothing heavy: in English nothing at all, in
    Norwegian exactly what ``--lang nb`` loads (the Norwegian hand words)."""
    write("# drawpoker settings\nlanguage: en\nnames: [Anna, Bjørn]\n")
    assert modules_after(HAND) == ["0", "[]"]
    write("# drawpoker settings\nlanguage: nb\nnames: [Anna, Bjørn]\n")
    from_setting = modules_after(HAND)
    settings_path().unlink()
    assert from_setting == modules_after([*HAND, "--lang", "nb"])
    assert "yaml" not in from_setting[1] and "drawpoker.rules.model" not in from_setting[1]
