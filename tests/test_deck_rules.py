"""The deck and showdown settings of issue 11 (docs/rules.md 4.3-4.4): jokers,
wild ranks, five of a kind and lowball as house rules, and their refusals."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.errors import RulesError
from drawpoker.rules import fingerprint, load_rules, rules_to_data
from drawpoker.rules.explain import explain
from drawpoker.rules.model import DrawRules

M = "game: morkpoker\n"


def problems(tmp_path, text):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_rules(path)
    return [p.replace(str(tmp_path) + "/", "") for p in err.value.problems]


def loaded(tmp_path, text):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return load_rules(path)


def test_the_defaults_are_morkpoker_and_keep_its_fingerprint():
    m = load_rules("morkpoker")
    assert (m.deck.jokers, m.deck.joker, m.deck.wild_ranks) == (0, "none", ())
    assert m.deck.wild_may_duplicate is False and m.deck.natural_beats_wild is False
    assert m.showdown.ranking == "high" and not m.lowball and m.deck_size == 52
    assert fingerprint(m) == "sha256:16cec3482c55bbcd"


def test_a_deck_with_the_bug_and_deuces_wild_loads(tmp_path):
    r = loaded(
        tmp_path,
        M + "deck:\n  jokers: 1\n  joker: bug\n  wild_ranks: [2]\n  wild_may_duplicate: true\n"
        "  natural_beats_wild: true\nshowdown:\n  ranking: ace_to_five\n",
    )
    assert (r.deck.jokers, r.deck.joker, r.deck.wild_ranks) == (1, "bug", (2,))
    assert r.deck.wild_may_duplicate and r.deck.natural_beats_wild
    assert r.lowball and r.deck_size == 53
    assert rules_to_data(r)["deck"]["wild_ranks"] == [2]
    assert fingerprint(r) != fingerprint(DrawRules())


@pytest.mark.parametrize(
    "text, message",
    [
        (
            M + "deck:\n  joker: bug\n",
            "house.yaml:3: deck.joker: joker is 'bug' but the deck has no joker: set jokers to 1 or 2, or joker to "
            "'none'",
        ),
        (
            M + "deck:\n  jokers: 0\n  joker: wild\n",
            "house.yaml:4: deck.joker: joker is 'wild' but the deck has no joker: set jokers to 1 or 2, or joker to "
            "'none'",
        ),
        (
            M + "deck:\n  jokers: 2\n",
            "house.yaml:3: deck.jokers: the deck has two jokers but joker is 'none': say whether a joker is the "
            "'bug' or 'wild'",
        ),
        (
            M + "deck:\n  wild_ranks: [2, 11, 2]\n",
            "house.yaml:3: deck.wild_ranks: wild_ranks names the twos twice: name each wild rank once",
        ),
    ],
)
def test_impossible_decks_are_refused_naming_the_setting_and_line(tmp_path, text, message):
    assert problems(tmp_path, text) == [message]


def test_rules_check_refuses_a_bug_without_a_joker_in_one_sentence(tmp_path, capsys):
    path = tmp_path / "house.yaml"
    path.write_text("extends: morkpoker\ndeck:\n  joker: bug\n", encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deck.joker" in err and "no joker" in err


def test_the_rules_say_what_the_deck_and_ranking_do(tmp_path):
    r = loaded(tmp_path, M + "deck:\n  jokers: 1\n  joker: bug\nshowdown:\n  ranking: deuce_to_seven\n")
    text = explain(r)
    assert "The deck:" in text
    assert "the 52 cards and one joker" in text and "the bug" in text
    assert "deuce-to-seven" in text and "7-5-4-3-2" in text
    wild = loaded(tmp_path, M + "deck:\n  wild_ranks: [2]\n  wild_may_duplicate: true\n")
    text = explain(wild)
    assert "The twos are wild" in text and "double-ace flush" in text
    plain = explain(load_rules("morkpoker"))
    assert "fewer wild cards" not in plain and "double-ace" not in plain  # irrelevant without wild cards
