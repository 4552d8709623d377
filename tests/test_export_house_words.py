"""The house bank named in the export's own language (eve40): a Three Card
Poker evening against a house bank, exported in Norwegian, opened every
round with "Three Card Poker runde nr. 1, giver: the house" -- the history's
reading of the round wrote the house into its record in English, below the
words. The record now says no seat deals (``history --json``: "button":
null) and the export says the house in the words ("huset")."""

from __future__ import annotations

import json

import pytest

from drawpoker.cli.main import main
from tests.test_name_sentences import _write


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Three Card Poker round #1, dealer: the house"), ("nb", "Three Card Poker runde nr. 1, giver: huset")],
)
def test_the_export_says_the_house_in_its_language(tmp_path, capsys, language, said):
    path = tmp_path / "h.jsonl"
    _write(path, "three-card-poker-ru", seed=4)
    assert main(["export", str(path), "--lang", language]) == 0
    exported = capsys.readouterr().out
    assert said in exported.splitlines()
    if language == "nb":
        assert "the house" not in exported


def test_the_deals_json_names_no_seat_for_the_house(tmp_path, capsys):
    path = tmp_path / "h.jsonl"
    _write(path, "three-card-poker-ru", seed=4)
    assert main(["history", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    deals = data["deals"] if isinstance(data, dict) else data
    assert deals and all(deal["button"] is None for deal in deals)
