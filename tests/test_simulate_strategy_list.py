"""``simulate --strategy``: a list that cannot be given to the seats as written is refused, not trimmed."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main


def _fail(capsys, argv):
    assert main(argv) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.strip()


def test_more_strategies_than_players_is_refused_naming_them(capsys):
    """It played strong and sensible and said nothing of easy."""
    said = _fail(
        capsys, ["simulate", "three-card-poker", "--players", "2", "--hands", "1", "--strategy", "strong,sensible,easy"]
    )
    assert said == (
        "drawpoker simulate: --strategy names 3 strategies (strong, sensible, easy) for a table of 2; "
        "give at most one a player"
    )
    norsk = _fail(
        capsys,
        [
            "simulate",
            "morkpoker",
            "--players",
            "2",
            "--hands",
            "1",
            "--strategy",
            "strong,sensible,easy",
            "--lang",
            "nb",
        ],
    )
    assert norsk == (
        "drawpoker simulate: --strategy nevner 3 strategier (strong, sensible, easy) for et bord med 2; "
        "oppgi høyst én per spiller"
    )


@pytest.mark.parametrize("given", ["strong,,sensible", "strong,", ",", " , strong"])
def test_an_empty_strategy_name_is_refused(capsys, given):
    """It skipped the empty name and gave the seats the others in turn (',' played random everywhere)."""
    said = _fail(capsys, ["simulate", "morkpoker", "--players", "3", "--hands", "1", "--strategy", given])
    assert said == (
        f"drawpoker simulate: --strategy '{given}' has an empty name; write a strategy between every two commas"
    )
    norsk = _fail(
        capsys, ["simulate", "morkpoker", "--players", "3", "--hands", "1", "--strategy", given, "--lang", "nb"]
    )
    assert norsk == f"drawpoker simulate: --strategy «{given}» har et tomt navn; skriv en strategi mellom hvert komma"


def test_a_shorter_list_still_cycles_and_spaces_around_names_are_fine(capsys):
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "1", "--strategy", "strong, easy"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[1] for line in out.splitlines() if line.startswith("P")] == ["strong", "easy", "strong"]


def test_without_players_the_rules_maximum_is_the_count(capsys):
    said = _fail(capsys, ["simulate", "three-card-poker-home", "--hands", "1", "--strategy", ",".join(["easy"] * 9)])
    assert "--strategy names 9 strategies" in said


def test_the_default_strategies_fit_a_table_of_one(capsys, tmp_path):
    """The default (random, sensible) is no list the player gave: a table of one plays random, as before."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: three-card-poker-ro\ntable:\n  min_players: 1\n", encoding="utf-8")
    assert main(["simulate", str(house), "--players", "1", "--hands", "1"]) == 0
    assert "random" in capsys.readouterr().out
