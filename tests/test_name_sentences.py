"""Issue 24's words where they were left: a player's name is never followed by
a bare number ("Anna 40, Bjørn 38" read as a list of figures, not as what
happened). The list of deals (``drawpoker history FILE``), the transcript
(``export``), the log's carried pot given back, the last screen's results
in money, in English and Norwegian."""

from __future__ import annotations

import io
import re

import attrs
import pytest

from drawpoker.cli.main import main
from drawpoker.history.deals import iter_deals
from drawpoker.history.reader import open_history
from drawpoker.history.writer import HistoryWriter
from drawpoker.ledger import Result
from drawpoker.money import parse_chip_value
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening
from drawpoker.words.evening_text import evening_event_text
from drawpoker.words.i18n import translator

NAMES = ("Anna", "Bjørn", "Cato")


def _bare_numbers(text: str) -> list[str]:
    """Where a player's name is followed by a number (signed or not); not the
    settle-up's "Bjørn pays Anna 7 chips", a sentence."""
    return re.findall(r"(?<!pays )(?<!betaler )\b(?:" + "|".join(NAMES) + r") [+-]?\d+", text)


def _write(path, ruleset: str, seed: int, **session) -> None:
    rules = load_rules(ruleset)
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, deals=6, **session))
    commands: list[list] = []
    play_evening(rules, NAMES, 6, seed, sink=commands.append, changes=0.0, end_early=False)
    with HistoryWriter.create(path, rules, NAMES) as writer:
        for events in commands:
            writer.append(events)


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("ruleset", ["jackpots", "morkpoker", "three-card-poker", "three-card-poker-home"])
def test_history_and_export_never_follow_a_name_with_a_bare_number(tmp_path, capsys, monkeypatch, language, ruleset):
    monkeypatch.setenv("COLUMNS", "200")  # (each deal on one line)
    path = tmp_path / "h.jsonl"
    _write(path, ruleset, seed=4)
    assert main(["history", str(path), "--lang", language]) == 0
    listed = capsys.readouterr().out
    assert main(["export", str(path), "--lang", language]) == 0
    exported = capsys.readouterr().out
    assert not _bare_numbers(listed), _bare_numbers(listed)
    assert not _bare_numbers(exported), _bare_numbers(exported)
    has = " has " if language == "en" else " har "
    assert has in listed.splitlines()[0]  # the stacks after deal 1: "Anna has 41, Bjørn has 39"
    stacks = "Stacks: " if language == "en" else "Sjetonger: "
    assert any(line.startswith(stacks) and has in line for line in exported.splitlines())


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "it goes back to those who paid into it: Anna gets 1, Bjørn gets 2, Cato gets 1."),
        ("nb", "den går tilbake til dem som betalte inn i den: Anna får 1, Bjørn får 2, Cato får 1."),
    ],
)
def test_a_carried_pot_given_back_says_who_gets_what(language, said):
    from drawpoker.games.draw.events import CarriedPotReturned

    returned = CarriedPotReturned(((0, 1), (1, 2), (2, 1)), (1,))  # (a pot of 4: a leaver's ante shared)
    text = evening_event_text(returned, NAMES, translator(language))
    assert text is not None and said in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Anna wins 6.50 NOK, Cato breaks even, Bjørn loses 6.50 NOK"),
        ("nb", "Anna vinner 6,50 NOK, Cato går i null, Bjørn taper 6,50 NOK"),
    ],
)
def test_results_in_money_are_sentences(language, said):
    from drawpoker.words.evening_text import money_results

    results = [Result("Anna", 40, 0, 53), Result("Bjørn", 40, 0, 27), Result("Cato", 40, 0, 40)]
    assert money_results(results, parse_chip_value("0.50 NOK"), translator(language)) == said


def test_money_is_written_as_the_players_language_writes_it(tmp_path, capsys):
    # a helper playing in Norwegian saw "8.50 NOK" everywhere: Norwegian writes 8,50 NOK
    from drawpoker.cli.main import main
    from drawpoker.words.evening_text import settle_up_lines, standings_lines

    house = tmp_path / "house.yaml"
    house.write_text("extends: morkpoker\nsession:\n  chip_value: 0.50 NOK\n", encoding="utf-8")

    value = parse_chip_value("0.50 NOK")
    results = [Result("Anna", 40, 0, 53), Result("Bjørn", 40, 0, 27)]
    for language, point in (("en", "."), ("nb", ",")):
        tr = translator(language)
        paid = settle_up_lines([("Bjørn", "Anna", 650)], value, tr)[1]
        assert paid.endswith(f" 6{point}50 NOK"), paid
        table = standings_lines(results, value, tr)
        assert table[1].endswith(f"+6{point}50 NOK") and table[2].endswith(f"-6{point}50 NOK"), table
        assert main(["rules", "show", str(house), "--lang", language]) == 0
        said = capsys.readouterr().out
        assert f" 0{point}50 NOK; " in said, said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The bank could not pay all it owed Anna: 3 of 10 stay unpaid"),
        ("nb", "Banken kunne ikke betale alt den skyldte Anna: 3 av 10 står ubetalt"),
    ],
)
def test_the_bank_short_of_chips_says_it_in_a_sentence(tmp_path, language, said):
    # was "The bank could not pay Anna 3 of 10"
    from drawpoker.games.three_card.events import WinningsPaid
    from drawpoker.history.export import _tcp_transcript

    path = tmp_path / "h.jsonl"
    _write(path, "three-card-poker", seed=2)
    deal = next(iter_deals(open_history(path)))
    events = (*deal.events[:-1], WinningsPaid(0, 0, 7, 3), deal.events[-1])
    lines = list(
        _tcp_transcript(attrs.evolve(deal, events=events), load_rules("three-card-poker"), False, translator(language))
    )
    assert said in lines
    out = io.StringIO("\n".join(lines))
    assert not _bare_numbers(out.getvalue())
