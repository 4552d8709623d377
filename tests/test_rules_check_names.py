"""`rules check` with names that are no ruleset: the shipped rulesets are
listed once, and a file named twice is checked once. The fuzz at 40 columns
found `rules check en en en` saying the whole list three times (57 lines)."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.rules import shipped_names


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_shipped_rulesets_are_listed_once_for_several_unknown_names(capsys, lang):
    assert main(["rules", "check", "en", "xx", "en", "morkpoker", "--lang", lang]) == 1
    said = capsys.readouterr()
    lines = said.err.splitlines()
    assert len(lines) == 2, said.err  # one sentence for each distinct unknown name
    first, second = {
        "en": ("no ruleset 'en'", "no ruleset 'xx'"),
        "nb": ("ikke noe regelsett 'en'", "ikke noe regelsett 'xx'"),
    }[lang]
    assert lines[0].startswith(first) and lines[1].startswith(second)
    names = ", ".join(shipped_names())
    assert said.err.count(names) == 1 and names in lines[0]  # the list, after the first name only
    assert "xx" not in said.out and said.out.count("morkpoker") == 1  # the good one is still checked


def test_a_file_named_twice_is_checked_once(capsys):
    assert main(["rules", "check", "morkpoker", "morkpoker", "jackpots"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == ["morkpoker", "jackpots"]


def test_one_unknown_name_still_lists_the_rulesets(capsys):
    assert main(["rules", "check", "en"]) == 1
    assert ", ".join(shipped_names()) in capsys.readouterr().err
