"""``simulate`` under ``when_broke: ask`` (docs/rules.md 6): a broke
computer player buys again before the next deal, as a computer seat does at
the table, instead of the run stopping on the engine's refusal (found by the
command-line fuzz: a ruleset ``rules check`` accepts must play)."""

from __future__ import annotations

import attrs
import pytest

from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate


def _asking(name: str, **session: object) -> object:
    rules = load_rules(name)
    return attrs.evolve(rules, session=attrs.evolve(rules.session, when_broke="ask", **session))


@pytest.mark.parametrize(
    ("ruleset", "players", "session"),
    [
        ("no-limit-draw", 6, {}),
        ("morkpoker", 3, {"starting_stack": 6}),
        ("three-card-poker", 3, {"starting_stack": 3}),
    ],
)
def test_a_broke_computer_player_asked_buys_again_and_the_run_goes_on(ruleset, players, session):
    rules = _asking(ruleset, **session)
    played = [simulate(rules, players, 40, seed, ("random", "sensible")) for seed in range(1, 6)]
    assert sum(sum(result.rebuys) for result in played) > 0  # someone went broke and was asked
    assert all(result.deals >= 40 for result in played)


def test_the_runs_history_holds_the_rebuys_and_replays(tmp_path):
    from drawpoker.cli.main import main

    path = tmp_path / "asking.yaml"
    path.write_text("extends: no-limit-draw\nsession:\n  when_broke: ask\n", encoding="utf-8")
    log = tmp_path / "out.jsonl"
    assert main(["simulate", str(path), "--players", "6", "--hands", "30", "--seed", "3", "--log", str(log)]) == 0
    files = sorted(tmp_path.glob("out*.jsonl"))
    assert files and any('"e":"PlayerRebought"' in f.read_text(encoding="utf-8") for f in files)
    for f in files:
        assert main(["verify", str(f)]) == 0
