"""Mistakes at the command line are said in the player's language: these
sentences were English whatever ``--lang`` said."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.games.draw.decide import DrawGame
from drawpoker.history.writer import HistoryWriter
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate


def _three_card_history(path):
    from drawpoker.history.writer import SessionLogs

    rules = load_rules("three-card-poker")
    logs = SessionLogs(path, rules)
    try:
        simulate(rules, 2, 1, 3, ("sensible", "sensible"), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    return logs.paths[0]


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "PHH export is for Mørkpoker histories; use --format text for Three Card Poker"),
        ("nb", "PHH-eksport er for Mørkpoker-historikker; bruk --format text for Three Card Poker"),
    ],
)
def test_phh_export_of_three_card_poker(tmp_path, capsys, lang, said):
    path = _three_card_history(tmp_path / "tcp.jsonl")
    assert main(["export", str(path), "--format", "phh", "--lang", lang]) == 1
    assert capsys.readouterr().err == f"drawpoker export: {path}: {said}\n"


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "--since: expected a date like 2026-03-01, found '2026-13-01'"),
        ("nb", "--since: ventet en dato som 2026-03-01, fant '2026-13-01'"),
    ],
)
def test_a_date_that_is_not_one(tmp_path, capsys, lang, said):
    assert main(["standings", "--histories", str(tmp_path), "--since", "2026-13-01", "--lang", lang]) == 1
    assert capsys.readouterr().err == f"drawpoker standings: {said}\n"


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "already exists; choose a new file (histories are never overwritten)"),
        ("nb", "finnes allerede; velg en ny fil (historikker blir aldri overskrevet)"),
    ],
)
def test_a_log_that_exists_is_never_overwritten(tmp_path, capsys, lang, said):
    log = tmp_path / "mine.jsonl"
    log.write_text("kept\n", encoding="utf-8")
    assert main(["play", "morkpoker", "--log", str(log), "--lang", lang]) == 1
    assert capsys.readouterr().err == f"drawpoker play: {log}: {said}\n"
    assert log.read_text(encoding="utf-8") == "kept\n"


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "no deal has been played in this history yet; there is nothing to replay"),
        ("nb", "ingen utdeling er spilt i denne historikken ennå; det er ingenting å spille av"),
    ],
)
def test_a_history_without_a_deal_has_nothing_to_replay(tmp_path, capsys, lang, said):
    rules = load_rules("morkpoker")
    path = tmp_path / "empty.jsonl"
    with HistoryWriter.create(path, rules, ["Ada", "Bo"]) as writer:
        game = DrawGame(rules)
        writer.append(game.handle(game.new_state(), game.sit_down(("Ada", "Bo"), (40, 40))))
    assert main(["replay", str(path), "--lang", lang]) == 1
    assert capsys.readouterr().err == f"drawpoker replay: {path}: {said}\n"


@pytest.mark.parametrize(
    "old, new, said",
    [
        ('"button":0', '"button":"x"', "hendelsen SessionStarted har et misdannet felt: button må være"),
        ('"button":0,', "", "hendelsen SessionStarted mangler feltet 'button'"),
        ('"button":0', '"button":0,"extra":1', "hendelsen SessionStarted har ukjente felt: extra"),
    ],
)
def test_a_hand_edited_and_resealed_event_is_said_in_norwegian(tmp_path, capsys, old, new, said):
    """A history edited by hand and sealed again (the seal chain holds) is read
    strictly: what is wrong with the event was English in a Norwegian verify."""
    from tests.history_tools import file_lines, rechain, write_lines

    rules = load_rules("morkpoker")
    path = tmp_path / "h.jsonl"
    with HistoryWriter.create(path, rules, ["Ada", "Bo"]) as writer:
        game = DrawGame(rules)
        writer.append(game.handle(game.new_state(), game.sit_down(("Ada", "Bo"), (40, 40))))
    lines = file_lines(path)
    k = next(i for i, line in enumerate(lines) if '"e":"SessionStarted"' in line)
    assert old in lines[k]
    lines[k] = lines[k].replace(old, new)
    edited = write_lines(tmp_path, rechain(lines), name="edited.jsonl")
    assert main(["verify", str(edited), "--lang", "nb"]) == 1
    err = capsys.readouterr().err
    assert f"edited.jsonl:{k + 1}: {said}" in err, err
