"""The first line of the rules (``rules show``, the setup screen's rules)
says what the rules are, and never what they are not: a house file that
extends a shipped ruleset and changes how it plays inherited its
description ("Mørkpoker as the source describes it (ante 1, ...)") above a
paragraph that said the ante is 2."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.rules import load_rules
from drawpoker.rules.explain import explain
from drawpoker.rules.loading import shipped_names
from drawpoker.words.i18n import translator


def heading(rules, lang: str = "en") -> str:
    return explain(rules, translator(lang)).splitlines()[0]


@pytest.mark.parametrize(
    ("text", "en", "nb"),
    [
        ("extends: morkpoker\nbetting:\n  ante: 2\n", "Mørkpoker (house rules)", "Mørkpoker (husregler)"),
        (
            "extends: three-card-poker\npair_plus:\n  paytable: {pair: 2}\n",
            "Three Card Poker (house rules)",
            "Three Card Poker (husregler)",
        ),
        (
            "extends: morkpoker\nsession:\n  dealers_choice: [morkpoker, jackpots]\n",
            "Dealer's choice (house rules)",
            "Giverens valg (husregler)",
        ),
        (
            "extends: jackpots\ndescription: Friday jackpots\nbetting:\n  ante: 2\n",
            "Friday jackpots",
            "Friday jackpots",
        ),
        # extending without changing how it plays: the description is still true
        ("extends: jackpots\n", "Jackpots (jacks or better to open; ante 1, bets 1 and 2, one exchange)", None),
        # the session's house settings (stacks, length, money) leave the game as described
        (
            "extends: morkpoker\nsession:\n  starting_stack: 100\n  deals: 30\n",
            "Mørkpoker as the source describes it (ante 1, bets 1 and 2, four raises, cap lifted heads-up)",
            None,
        ),
    ],
)
def test_a_house_file_is_not_headed_by_a_description_it_no_longer_fits(tmp_path, capsys, monkeypatch, text, en, nb):
    monkeypatch.setenv("COLUMNS", "2000")  # (each paragraph on one line)
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_rules(str(path))
    assert heading(rules) == en
    if nb is not None:
        assert heading(rules, "nb") == nb
    assert main(["rules", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == en


@pytest.mark.parametrize("name", shipped_names())
def test_every_shipped_ruleset_keeps_its_own_description(name):
    rules = load_rules(name)
    described = translator("en").p("ruleset", rules.description)
    assert described in heading(rules) and "(house rules)" not in explain(rules)


def test_a_house_game_of_a_dealers_choice_is_told_as_house_rules(tmp_path):
    """A dealer's choice whose first game is a house file extending jackpots
    with another ante: its game heading and the dealer's menu do not call it
    "Jackpots (jacks or better to open; ante 1, ...)"."""
    (tmp_path / "dear.yaml").write_text("extends: jackpots\nbetting:\n  ante: 2\n", encoding="utf-8")
    path = tmp_path / "choice.yaml"
    path.write_text("extends: morkpoker\nsession:\n  dealers_choice: [dear.yaml, morkpoker]\n", encoding="utf-8")
    out = explain(load_rules(str(path)))
    assert "Game 1 of 2: Jackpots (house rules)" in out
    assert "ante 1, bets 1 and 2, one exchange" not in out


def test_the_paytable_report_names_a_house_file_truly(wide, tmp_path, capsys):
    """`analyze` began its report with the inherited description ("Three Card
    Poker, Norwegian rules with every side bet the source describes") for a
    house file that changed the Pair Plus paytable."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: three-card-poker\npair_plus:\n  paytable: {pair: 2}\n", encoding="utf-8")
    assert main(["analyze", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"{path}: Three Card Poker (house rules)"


@pytest.mark.parametrize(
    ("ruleset", "first"),
    [
        (
            "three-card-poker",
            "three-card-poker: Three Card Poker, Norwegian rules with every side bet the source describes",
        ),
        (
            "three-card-poker-home",
            "three-card-poker-home: Simple home Three Card Poker (ante and play only, no bonus, no Pair Plus)",
        ),
    ],
)
def test_the_paytable_report_names_the_ruleset_once_with_no_parentheses_doubled(wide, capsys, ruleset, first):
    """The report's first line said "(house rules) (path)" and "(..., no Pair
    Plus) (three-card-poker-home)": two brackets side by side; now the ruleset
    as named, then what it is, as 'rules check' says it."""
    assert main(["analyze", ruleset]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line == first and ") (" not in line


def test_the_games_of_a_house_dealers_choice_keep_their_own_descriptions(tmp_path, capsys, monkeypatch):
    """A dealer's choice with deeper stacks: each game it picks from plays as
    its shipped file (the stacks are the session's), so none is "(house rules)"."""
    monkeypatch.setenv("COLUMNS", "1000")  # (each sentence on one line)
    path = tmp_path / "choice.yaml"
    path.write_text(
        "extends: morkpoker\nsession:\n  starting_stack: 100\n  dealers_choice: [no-limit-draw, deuces-wild]\n",
        encoding="utf-8",
    )
    assert main(["rules", "diff", "morkpoker", str(path)]) == 0
    out = capsys.readouterr().out
    # (each game by its own name since ev47: they were both "Five-card draw", so told by their descriptions)
    assert "one of No-limit five-card draw and Deuces wild;" in out
    assert "(house rules)" in out.splitlines()[0] or "(house rules)" not in out
