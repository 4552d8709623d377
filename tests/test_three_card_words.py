"""Three Card Poker's ante in Norwegian is "startinnsats" everywhere
(docs/rules.md section 8), as its Play bet is "ekstrainnsats" and its play
and fold "fortsette" and "gi seg": on the table's seats and its results
table, in the replay, the history, the export, the rules and ``settle``.
The seats said "ante 2", the results table's column "Ante" and ``settle``
"Ante 1: vinner 1", "Spill 1", "Antebonus ... på anten", "spiller" and
"kaster seg" while the bet slip, the log and the rules said "startinnsats".
The draw games keep "ante" (the same glossary)."""

from __future__ import annotations

import re
import shutil
import sys

import pytest

from drawpoker.cli.main import main
from drawpoker.client.controller import Controller
from drawpoker.client.launch import starter
from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.setup import SetupModel
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.test_client_evening import watch
from tests.test_client_flows import ENTER, QUIT
from tests.test_tmux_play import Tmux

RIGHT = "\x1b[C"
#: "ante", "anten", "antebonus", ... : the word the Norwegian Three Card Poker never says
ANTE = re.compile(r"\bante\w*", re.IGNORECASE)
#: three players, nobody a computer, Ada deals first, the rules read; Bo bets an
#: ante of 2, Cy of 1; Bo plays, Cy folds; the round's results
ROUND = "3" + ENTER + "Ada" + ENTER + "Bo" + ENTER + "Cy" + ENTER + ENTER + ENTER + ENTER
ROUND += RIGHT + ENTER + ENTER + ENTER + "p" + ENTER + "f"


def _round(tmp_path, language: str) -> tuple[list[str], object]:
    rules = load_rules("three-card-poker")
    path = tmp_path / f"{language}.jsonl"
    tr = translator(language)
    ctl = Controller(tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, str(path), 11))
    _, seen = watch(ctl, ROUND + QUIT)
    return seen, path


def _said(argv, capsys) -> str:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return out


def test_the_table_says_startinnsats_on_the_seats_and_in_the_results(tmp_path):
    seen, path = _round(tmp_path, "nb")
    assert any(" startinnsats 2" in text for text in seen)  # Bo's seat (was "ante 2")
    results = [text for text in seen if "Netto" in text]
    assert results and re.search(r"Boks\s+Kort\s+Hånd\s+Start\s+Ekstra\s+Netto", results[-1]), results[-1:]
    said = {line for text in seen for line in text.splitlines() if ANTE.search(line)}
    assert not said, "\n".join(sorted(said))
    replay = ReplayModel(path, translator("nb"), Look())
    lines: list[str] = []
    while True:
        for revealed in (False, True):
            replay.revealed = revealed
            lines += [plain(line) for line in replay.lines(80, 24)]
        if replay.index == len(replay.deals) - 1 and replay.step == replay.steps:
            break
        replay.forward()
    assert any(" startinnsats 2" in line for line in lines)
    assert not [line for line in lines if ANTE.search(line)]


def test_english_keeps_the_ante(tmp_path):
    seen, _ = _round(tmp_path, "en")
    assert any(" ante 2" in text for text in seen)
    assert re.search(r"Box\s+Cards\s+Hand\s+Ante\s+Play\s+Net", [text for text in seen if " Net" in text][-1])


def test_history_export_and_rules_say_startinnsats(tmp_path, capsys):
    _, path = _round(tmp_path, "nb")
    capsys.readouterr()
    history = _said(["history", str(path), "--lang", "nb"], capsys)
    export = _said(["export", str(path), "--reveal", "--lang", "nb"], capsys)
    rules = _said(["rules", "show", "three-card-poker", "--lang", "nb"], capsys)
    assert "satser startinnsats 2" in export and "Startinnsats og ekstrainnsats:" in rules
    for out in (history, export, rules):
        assert not ANTE.search(out), [line for line in out.splitlines() if ANTE.search(line)]
    assert "Mørkpoker, utdeling nr. 1: ante 1" in _said(  # the draw games' word stays
        ["export", "tests/fixtures/format3-morkpoker-table.jsonl", "--deal", "1", "--lang", "nb"], capsys
    )


@pytest.mark.parametrize("example", ["three-card-round", "three-card-fold", "three-card-boxes"])
def test_settle_speaks_the_glossary(example, capsys):
    out = _said(["settle", "--lang", "nb", f"examples/{example}.yaml"], capsys)
    assert not ANTE.search(out), [line for line in out.splitlines() if ANTE.search(line)]
    assert "Startinnsats " in out
    for wrong in ("; spiller.", "; kaster seg.", "Spill ", "kastet"):
        assert wrong not in out


def test_settle_of_a_round_in_norwegian(wide, capsys):
    out = _said(["settle", "--lang", "nb", "examples/three-card-round.yaml"], capsys)
    assert "Anna: 7♠ 7♦ K♣, ett par, sjuere, konge som sidekort; fortsetter.\n" in out
    assert "  Startinnsats 1: vinner 1 (slår giveren).\n  Ekstrainnsats 1: vinner 1 (slår giveren).\n" in out
    assert "Bjørn: J♥ 8♥ 4♦, høyeste kort knekt, åtte, fire; gir seg.\n  Startinnsats 2: taper 2 (ga seg).\n" in out
    assert "  Bonus på startinnsatsen: vinner 5 (straight flush betaler 5:1 på startinnsatsen).\n" in out
    english = _said(["settle", "examples/three-card-round.yaml"], capsys)
    assert "  Ante 1: wins 1 (beats the dealer).\n  Play 1: wins 1 (beats the dealer).\n" in english


def test_a_pair_plus_forfeited_with_the_fold(capsys):
    out = _said(["settle", "--lang", "nb", "examples/three-card-fold.yaml"], capsys)
    assert "  Pair Plus 1: taper 1 (tapt da spilleren ga seg, etter disse reglene).\n" in out


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (CI installs it in .ci/run)")
def test_the_table_in_tmux_says_startinnsats(tmp_path):
    """``drawpoker play three-card-poker --lang nb`` at 80×24: Bo's seat and the results table."""
    tmux = Tmux(tmp_path)
    log = tmp_path / "play.jsonl"
    screens: list[str] = []
    try:
        tmux.start(
            [sys.executable, "-m", "drawpoker", "play", "three-card-poker", "--seed", "11", "--log", str(log)]
            + ["--pause", "0", "--lang", "nb"]
        )
        tmux.wait_for("Hvor mange er med")
        tmux.text("3")
        tmux.keys("Enter")
        tmux.wait_for("Navn på spiller 1")
        for name in ("Ada", "Bo", "Cy"):
            tmux.text(name)
            tmux.keys("Enter")
        tmux.wait_for("Hvem spiller datamaskinen?")
        tmux.keys("Enter")
        tmux.wait_for("Hvem gir først?")
        tmux.keys("Enter")
        tmux.wait_for("Reglene for denne økten")
        tmux.keys("Enter")
        tmux.wait_for("Bo, plasser innsatsene")
        tmux.keys("Right")
        tmux.keys("Enter")
        screens.append(tmux.wait_for("Cy, plasser innsatsene"))
        assert " startinnsats 2" in screens[-1]
        tmux.keys("Enter")
        tmux.wait_for("Gi skjermen til Bo")
        tmux.keys("Enter")
        screens.append(tmux.wait_for("[P] fortsette"))
        tmux.text("p")
        tmux.wait_for("Gi skjermen til Cy")
        tmux.keys("Enter")
        screens.append(tmux.wait_for("[F] gi seg"))
        tmux.text("f")
        screens.append(tmux.wait_for("Netto"))
        assert re.search(r"Boks\s+Kort\s+Hånd\s+Start\s+Ekstra\s+Netto", screens[-1]), screens[-1]
        assert not [line for text in screens for line in text.splitlines() if ANTE.search(line)]
    finally:
        tmux.close()
