"""A hand history given where a YAML file is read (``drawpoker settle``, ``rules
check``, ``play``) is said to be one, with the command that reads it (seen:
``drawpoker settle`` of the evening's history said "a drawpoker file is one plain
document: remove the '...' or '%' line above this one": the file has no such
line)."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.rules import load_rules
from tests.evening_table import written

HANDS = {"A": "As Ad 2c 3d 4h", "B": "Ks Kd 5c 6d 8h"}


@pytest.mark.parametrize(
    ("command", "what"),
    [(["settle"], ("a deal", "en utdeling")), (["rules", "check"], ("a ruleset", "et regelsett"))],
)
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "{file}: this is a hand history, not {what}: 'drawpoker history {file}' shows its deals and who pays whom",
        ),
        (
            "nb",
            "{file}: dette er en spillhistorikk, ikke {what}: 'drawpoker history {file}' viser utdelingene og hvem "
            "som betaler hvem",
        ),
    ],
)
def test_a_hand_history_given_for_a_yaml_file_is_said_to_be_one(tmp_path, capsys, command, what, lang, said):
    path = tmp_path / "h.jsonl"
    written(path, load_rules("morkpoker"), ("A", "B"), (lambda t: t.deal(HANDS), lambda t: t.play_out()))
    assert main([*command, str(path), "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert said.format(file=path, what=what[lang == "nb"]) in " ".join(err.split()), err


def test_yaml_documents_run_together_are_not_said_to_have_a_line_they_do_not_have(tmp_path, capsys):
    path = tmp_path / "deal.yaml"
    path.write_text('{"game": "morkpoker"}\n{"seats": 2}\n', encoding="utf-8")
    assert main(["settle", str(path), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "'...' or '%'" not in err and f"{path}:2:" in err, err
