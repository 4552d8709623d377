"""The full rules of a dealer's choice (``rules show``, the setup screen's
"In full"): the table and the session once, then each game the dealer picks
from under its own heading with its own deck, betting, exchange and
showdown -- so deuce-to-seven's blinds and lowball are said, and Mørkpoker's
ante and betting are never presented as every game's."""

from __future__ import annotations

import re

import pytest

from drawpoker.client.look import Look
from drawpoker.client.setup import SetupModel
from drawpoker.rules import load_rules
from drawpoker.rules.explain import explain, section_title, sentence
from drawpoker.rules.model import settings
from drawpoker.words.i18n import translator
from drawpoker.words.rules_text import rules_text

EN, NB = translator("en"), translator("nb")
CHOICE = load_rules("dealers-choice")


def said(rules, setting, tr):
    for path, field, value, _ in settings(rules):
        if ".".join(path) == setting:
            return sentence(field, value, rules, tr)
    raise AssertionError(setting)


def blocks(text: str) -> tuple[list[str], dict[str, list[str]]]:
    """The text's top-level headings, and each game's lines by the game's
    name in the ruleset (the heading names it in words: issue 24)."""
    top: list[str] = []
    games: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        game = re.match(r"(?:Game|Spill) (\d) (?:of|av) 3: (.+?)(?: — |$)", line)
        if game:
            current = CHOICE.variants[int(game.group(1)) - 1][0]
            assert game.group(2) != current, f"a file name in the heading: {line}"
            games[current] = []
        elif current is not None:
            games[current].append(line)
        elif line.endswith(":") and not line.startswith(" "):
            top.append(line)
    return top, games


@pytest.mark.parametrize("tr", [EN, NB], ids=["en", "nb"])
def test_each_game_is_set_out_under_its_own_heading(tr):
    text = explain(CHOICE, tr)
    top, games = blocks(text)
    assert list(games) == ["morkpoker", "jackpots", "deuce-to-seven-triple-draw"]
    # only the shared parts stand at the top; no game's betting is the session's
    assert top == [f"{section_title('table', tr)}:", f"{section_title('session', tr)}:"]
    for name, game in CHOICE.variants:
        lines = games[name]
        heading = {line.strip() for line in lines if line.startswith("  ") and not line.startswith("    ")}
        assert heading == {f"{section_title(s, tr)}:" for s in ("deck", "betting", "draw", "showdown")}, name
        body = " ".join(lines)
        for setting in ("betting.ante", "betting.blinds", "betting.small_bet", "draw.exchanges", "showdown.ranking"):
            assert said(game, setting, tr) in body, (name, setting)
        assert said(CHOICE, "session.starting_stack", tr) not in body  # the session is said once
    assert text.count(said(CHOICE, "session.dealers_choice", tr)) == 1


@pytest.mark.parametrize("tr", [EN, NB], ids=["en", "nb"])
def test_deuce_to_seven_says_its_blinds_and_lowball_and_not_the_ante(tr):
    _, games = blocks(explain(CHOICE, tr))
    triple = dict(CHOICE.variants)["deuce-to-seven-triple-draw"]
    body = " ".join(games["deuce-to-seven-triple-draw"])
    assert said(triple, "betting.blinds", tr) in body
    assert said(triple, "showdown.ranking", tr) in body
    assert said(triple, "draw.exchanges", tr) in body
    assert said(CHOICE, "betting.ante", tr) not in body  # Mørkpoker's ante is not this game's
    assert said(CHOICE, "showdown.ranking", tr) not in body
    mork = " ".join(games["morkpoker"])
    assert said(triple, "betting.blinds", tr) not in mork and said(CHOICE, "betting.ante", tr) in mork
    jackpots = " ".join(games["jackpots"])
    assert said(dict(CHOICE.variants)["jackpots"], "betting.opening", tr) in jackpots


def test_a_game_seating_other_numbers_says_its_table_and_a_plain_ruleset_is_unchanged():
    import attrs

    triple = dict(CHOICE.variants)["deuce-to-seven-triple-draw"]
    wide = attrs.evolve(triple, table=attrs.evolve(triple.table, max_players=7))
    rules = attrs.evolve(CHOICE, variants=(*CHOICE.variants[:2], ("deuce-to-seven-triple-draw", wide)))
    _, games = blocks(explain(rules))
    assert "  Table:" in games["deuce-to-seven-triple-draw"] and "  Table:" not in games["jackpots"]
    mork = explain(load_rules("morkpoker"))
    assert "Game 1" not in mork and "\nAnte and betting:\n" in mork


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_rules_show_and_the_setup_screen_say_each_game(lang, capsys, monkeypatch):
    from drawpoker.cli.main import main

    monkeypatch.setenv("COLUMNS", "2000")  # (each paragraph on one line)

    tr = translator(lang)
    assert main(["rules", "show", "dealers-choice", "--lang", lang]) == 0
    out = capsys.readouterr().out
    triple = dict(CHOICE.variants)["deuce-to-seven-triple-draw"]
    assert said(triple, "betting.blinds", tr) in out and out.count(said(CHOICE, "betting.ante", tr)) == 2
    setup = SetupModel(CHOICE, tr)
    setup.step = "rules"
    full = rules_text(CHOICE, tr)
    described = tr.p("ruleset", triple.description)
    heading = next(line for line in full.splitlines() if line.endswith(described))
    assert heading.startswith(tr._("Game {number} of {count}: {name}").format(number=3, count=3, name=""))
    name = heading.split(": ", 1)[1].removesuffix(described)  # the game's name, unless the description begins with it
    assert name == ""  # "Trippel toer-til-syver (fast grense ...)": the description begins with the name
    screen = setup.lines(Look(), 80, 2000)
    shown = " ".join("".join(text for _, text in line).strip() for line in screen)
    assert said(triple, "betting.blinds", tr).split()[-1] in shown
    assert all(len("".join(text for _, text in line)) <= 80 for line in screen)


@pytest.mark.parametrize(
    ("lang", "games"),
    [
        ("en", "one of Mørkpoker, Jackpots and Deuce-to-seven triple draw;"),
        ("nb", "ett av Mørkpoker, Jackpots og Trippel toer-til-syver;"),
    ],
)
def test_the_full_rules_name_the_games_in_words_not_by_their_files(lang, games):
    """`rules show dealers-choice` said "one of morkpoker, jackpots,
    deuce-to-seven-triple-draw" (the files' names) where the short rules and
    the menu say the games in words."""
    out = explain(CHOICE, translator(lang))
    assert games in out
    assert "deuce-to-seven-triple-draw" not in out and "morkpoker," not in out


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_two_games_of_one_name_are_both_told_by_their_descriptions(tmp_path, lang):
    """A dealer's choice of Mørkpoker with the cap kept heads-up, progressive
    jackpots and Mørkpoker: the first and last are both "Mørkpoker", so both
    are told by their descriptions. (It was no-limit draw and deuces wild,
    both "Five-card draw" until ev47 named every draw game by what it is.)"""
    from drawpoker.rules.explain import game_name, variant_names
    from drawpoker.words.rules_text import rules_summary

    path = tmp_path / "choice.yaml"
    path.write_text(
        "extends: morkpoker\nsession:\n  starting_stack: 100\n  dealers_choice:\n"
        "    - morkpoker-headsup-cap\n    - jackpots-progressive\n    - morkpoker\n",
        encoding="utf-8",
    )
    rules = load_rules(str(path))
    tr = translator(lang)
    names = variant_names(rules, tr)
    described = [tr.p("ruleset", game.description) for _, game in rules.variants]
    assert names == [described[0], game_name(rules.variants[1][1], tr), described[2]]
    short = rules_summary(rules, tr)
    for name, (_, game) in zip(names, rules.variants, strict=True):
        told = next(line for line in short if line.startswith(name))
        assert not told[len(name) :].startswith(": " + game_name(game, tr) + ":"), told
    assert names[2] in explain(rules, tr).split("\n\n")[2]  # the session's paragraph: "one of ... and Mørkpoker as ..."
