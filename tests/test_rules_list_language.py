"""``drawpoker rules list`` speaks the command's language (``--lang``, the
settings file's ``language``, the locale) like the other commands: the
shipped descriptions come from the catalogue. It stays a quick command: no
YAML, attrs or rules model in either language, and in English no catalogue
is even read."""

from __future__ import annotations

import subprocess
import sys

import pytest

from drawpoker.rules import load_rules
from drawpoker.rules.shipped import shipped
from drawpoker.words.i18n import translator
from tests.test_settings_language import said  # (home: the shared fixture, tests/conftest.py)
from tests.test_startup import modules_after

NB = translator("nb")


def listed(out: str) -> dict[str, str]:
    """Each ruleset's description, its lines joined again (the list fits the terminal's width)."""
    rows: list[str] = []
    for line in out.splitlines():
        if line.startswith(" "):
            rows[-1] += " " + line.strip()
        else:
            rows.append(line)
    return {row.split()[0]: row.split(None, 1)[1] for row in rows}


def test_every_shipped_description_is_said_in_norwegian(home, capsys):
    status, out, err = said(["rules", "list", "--lang", "nb"], capsys)
    assert status == 0 and not err
    lines = listed(out)
    assert list(lines) == list(shipped())
    for name in shipped():
        english = load_rules(name).description
        norwegian = NB.p("ruleset", english)
        assert norwegian != english or not any(c.isalpha() for c in english), name
        assert lines[name] == norwegian, name
    assert lines["jackpots"].startswith("Jackpots (knekter eller bedre for å åpne")


def test_the_setting_and_the_locale_choose_the_language_and_lang_wins(home, capsys, monkeypatch):
    english = load_rules("dealers-choice").description
    norwegian = NB.p("ruleset", english)
    assert listed(said(["rules", "list"], capsys)[1])["dealers-choice"] == english
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    assert listed(said(["rules", "list"], capsys)[1])["dealers-choice"] == norwegian
    assert listed(said(["rules", "list", "--lang", "en"], capsys)[1])["dealers-choice"] == english
    monkeypatch.delenv("LANG")
    assert said(["config", "set", "language", "nb"], capsys)[0] == 0
    assert listed(said(["rules", "list"], capsys)[1])["dealers-choice"] == norwegian


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_rules_list_stays_quick_in_both_languages(lang):
    status, loaded = modules_after(["rules", "list", "--lang", lang])
    assert status == "0" and loaded == "[]"


def test_in_english_no_catalogue_is_read():
    code = (
        "from drawpoker.cli.main import main\n"
        "from drawpoker.words import i18n\n"
        "main(['rules', 'list', '--lang', 'en'])\n"
        "print(i18n._translations.cache_info().currsize)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "0"
