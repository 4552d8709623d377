"""The end of the evening agreed in the middle of the last deal (eve40).

"End the evening after this deal", said while a Three Card Poker round was
played: ``drawpoker history`` listed that round with the stacks as they
stood when the end was agreed ("Dina has 39, Bjørn has 38, Cato has 38"),
the bets on the table still in them, and under it the standings that
count the round's end ("Dina has 38"). The round's stacks are its end's."""

from __future__ import annotations

import json

from drawpoker.cli.main import main
from drawpoker.games.evening import EndEvening
from drawpoker.history.writer import HistoryWriter
from tests.test_three_card_rules import Table, house


def test_a_round_whose_end_was_agreed_mid_round_lists_the_stacks_it_ended_with(tmp_path, capsys):
    rules = house()
    t = Table(2, rules)
    batches = [list(t.events)]
    run = t._run

    def recorded(command):
        new = run(command)
        batches.append(list(new))
        return new

    t._run = recorded
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    t.bet("A", (2, 1))
    t._run(EndEvening(1))  # "end the evening after this round", while it is played
    t.bet("B", 1)
    t.do("A play", "B fold")
    assert t.state.phase == "session_over"
    path = tmp_path / "h.jsonl"
    with HistoryWriter.create(path, rules, t.names) as writer:
        for events in batches:
            writer.append(events)
    assert main(["history", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    deals = data["deals"] if isinstance(data, dict) else data
    assert deals[-1]["stacks"] == dict(zip(t.names, t.state.stacks, strict=True))
