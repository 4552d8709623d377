"""`rules check` says a ruleset's problems in the order of its files (ev47):
the file checked first, line by line, then what it extends, line by line,
each problem named by the file it is in. A file that extends another listed
them by the settings' sections (table, betting, session), the two files
mixed: child.yaml:8, parent.yaml:4, parent.yaml:5, child.yaml:6,
child.yaml:4, parent.yaml:7."""

from __future__ import annotations

import re

import pytest

PARENT = "extends: morkpoker\ndescription: parent\nbetting:\n  ante: -1\n  small_bet: 0\nsession:\n  deals: 0\n"
CHILD = (
    "extends: parent.yaml\ndescription: child\nsession:\n  starting_stack: -5\nbetting:\n  big_bet: -3\n"
    "table:\n  max_players: 99\n"
)
GRANDCHILD = "extends: child.yaml\nsession:\n  deals: x\ntable:\n  min_players: 0\n"


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_problems_come_in_the_order_of_the_files(tmp_path, monkeypatch, capsys, lang):
    from drawpoker.cli.main import main

    monkeypatch.chdir(tmp_path)
    for name, text in (("parent.yaml", PARENT), ("child.yaml", CHILD), ("grandchild.yaml", GRANDCHILD)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert main(["rules", "check", "child.yaml", "--lang", lang]) == 1
    places = re.findall(r"^(\S+\.yaml):(\d+): ", capsys.readouterr().err, re.M)
    assert places == [
        ("child.yaml", "4"),
        ("child.yaml", "6"),
        ("child.yaml", "8"),
        ("parent.yaml", "4"),
        ("parent.yaml", "5"),
        ("parent.yaml", "7"),
    ]
    assert main(["rules", "check", "grandchild.yaml", "--lang", lang]) == 1
    places = re.findall(r"^(\S+\.yaml):(\d+): ", capsys.readouterr().err, re.M)
    assert [file for file, _ in places] == ["grandchild.yaml"] * 2 + ["child.yaml"] * 3 + [
        "parent.yaml"
    ] * 2  # (its deals: the grandchild's)
    assert places[:2] == [("grandchild.yaml", "3"), ("grandchild.yaml", "5")]
