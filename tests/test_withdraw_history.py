"""A request taken back during a deal is a sealed event like the others:
``verify`` re-runs it, ``resume`` gives back the table after it, the replay
and the text export say what was taken back; a history written before the
event existed (its header does not list it) still reads, verifies and
resumes, and a withdrawal can be made in the session resumed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from drawpoker.cards import DECK
from drawpoker.games import evening as E
from drawpoker.games import game_for
from drawpoker.games.draw import commands as cmd
from drawpoker.history.reader import HistoryReader
from drawpoker.history.resume import resume_session
from drawpoker.history.verify import verify_history
from drawpoker.history.writer import HistoryWriter
from tests.history_tools import content, file_lines, rechain, walk, write_lines
from tests.test_evening_history import evening_rules

NAMES = ("Anna", "Bjørn", "Cato")


def _slips(path: Path) -> list[object]:
    """Deal 1: Cato asks to leave and takes it back, Dag and Eva ask to join and
    Dag takes it back (Eva then sits down in seat 4, the first new seat);
    deal 2 played with Cato and Eva. The table after each command."""
    rules = evening_rules(deals=6)
    game = game_for(rules)
    state = game.new_state()
    after: list[object] = []
    with HistoryWriter.create(path, rules, NAMES) as writer:

        def do(command):
            writer.append(game.handle(state, command))
            after.append((path.stat().st_size, state.copy()))

        def won():
            do(cmd.Bet(state.to_act))
            while state.phase == "betting" and state.to_act is not None:
                do(cmd.Fold(state.to_act))

        do(game.sit_down(NAMES, (40, 40, 40), 0))
        do(cmd.StartDeal(DECK))
        do(E.Leave(2))
        do(E.Withdraw(2))
        do(E.Join(3, "Dag", 40))
        do(E.Join(4, "Eva", 40))
        do(E.Withdraw(3))
        won()
        do(cmd.StartDeal(DECK))
        won()
    assert state.names == ("Anna", "Bjørn", "Cato", "Eva")
    return after


def test_a_history_with_withdrawals_verifies_and_resumes_after_each_command(tmp_path):
    path = tmp_path / "h.jsonl"
    after = _slips(path)
    report = verify_history(HistoryReader(path))
    assert report.deals == 2 and report.last_seal
    lines = file_lines(path)
    withdrawn = [json.loads("{" + content(line)) for line in lines if '"e":"RequestWithdrawn"' in line]
    assert [(w["seat"], w["what"], w["name"]) for w in withdrawn] == [(2, "leave", "Cato"), (3, "join", "Dag")]
    data = path.read_bytes()
    for size, state in after:
        copy = tmp_path / "cut.jsonl"
        copy.write_bytes(data[:size])
        resumed = resume_session(copy, durable=False)
        resumed.writer.close()
        assert resumed.state == state and resumed.path == copy
        copy.unlink()


def test_a_withdrawal_edited_to_another_seat_is_caught(tmp_path):
    from drawpoker.errors import HistoryError

    path = tmp_path / "h.jsonl"
    _slips(path)
    lines = file_lines(path)
    at = next(i for i, line in enumerate(lines) if '"e":"RequestWithdrawn"' in line and '"what":"join"' in line)
    lines[at] = lines[at].replace('"seat":3', '"seat":4')
    edited = write_lines(tmp_path, rechain(lines), name="edited.jsonl")
    with pytest.raises(HistoryError) as caught:
        verify_history(HistoryReader(edited))
    assert f"edited.jsonl:{at + 1}: recorded RequestWithdrawn(" in str(caught.value)


def _older(tmp_path: Path) -> Path:
    """A history as a drawpoker before withdrawals wrote it: its header does not list RequestWithdrawn
    (the session cut during deal 1, after Dag asked to join)."""
    path = tmp_path / "new.jsonl"
    _slips(path)
    lines = file_lines(path)
    at = next(i for i, line in enumerate(lines) if '"name":"Dag"' in line)
    head = json.loads("{" + content(lines[0]))
    del head["events"]["RequestWithdrawn"]
    lines[0] = '{"h":"0000000000",' + json.dumps(head, ensure_ascii=False, separators=(",", ":"))[1:] + "\n"
    lines = [line for line in lines[: at + 1] if '"e":"RequestWithdrawn"' not in line]
    return write_lines(tmp_path, rechain(lines), name="older.jsonl")


def test_a_history_written_before_withdrawals_existed_verifies_and_resumes_into_a_copy(tmp_path):
    older = _older(tmp_path)
    verify_history(HistoryReader(older))
    before = older.read_bytes()
    resumed = resume_session(older, durable=False)
    # its header does not list the event, so the file could not hold a withdrawal: a copy, sealed from here on
    assert resumed.path != older and older.read_bytes() == before
    said = " ".join(str(note) for note in resumed.notes)
    assert "did not know every event of an evening" in said
    game, state = resumed.game, resumed.state
    assert [(r.seat, r.what) for r in state.requests] == [(2, "leave"), (3, "join")]
    resumed.writer.append(game.handle(state, E.Withdraw(2)))  # Cato stays after all
    resumed.writer.append(game.handle(state, E.Withdraw(3)))  # and Dag does not come
    while state.phase == "betting" and state.to_act is not None:
        resumed.writer.append(game.handle(state, cmd.Fold(state.to_act)))
    resumed.writer.close()
    assert state.names == NAMES
    assert verify_history(HistoryReader(resumed.path)).deals == 1


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["Cato leaves when this deal ends.", "Cato stays after all.", "Dag does not sit down after all."]),
        ("nb", ["Cato går når denne utdelingen er ferdig.", "Cato blir likevel.", "Dag setter seg ikke likevel."]),
    ],
)
def test_replay_and_the_text_export_say_what_was_taken_back(tmp_path, language, said):
    from drawpoker.client.lines import plain
    from drawpoker.client.look import Look
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.history.export import export_text
    from drawpoker.words.i18n import translator

    path = tmp_path / "h.jsonl"
    _slips(path)
    model = ReplayModel(path, translator(language), Look())
    seen = []
    for step in walk(model):
        assert step.doubt is None, step.doubt
        seen.append("\n".join(plain(line) for line in step.lines(80, 24)))
    screens = " ".join(" ".join(seen).split())
    out = io.StringIO()
    export_text(HistoryReader(path), out, tr=translator(language))
    text = " ".join(out.getvalue().split())
    for sentence in said:
        assert sentence in screens, sentence
        assert sentence in text, sentence


def test_the_text_export_of_a_deal_a_newcomer_asked_to_join_during(tmp_path):
    # (found here: the seats of the deal were listed with the newcomer's seat too, and the export stopped
    # on an IndexError -- any deal during which someone asked to join, withdrawn or not)
    from drawpoker.history.export import export_text
    from drawpoker.words.i18n import translator

    rules = evening_rules(deals=6)
    game = game_for(rules)
    state = game.new_state()
    path = tmp_path / "h.jsonl"
    with HistoryWriter.create(path, rules, NAMES) as writer:
        for command in (game.sit_down(NAMES, (40, 40, 40), 0), cmd.StartDeal(DECK), E.Join(3, "Dag", 40)):
            writer.append(game.handle(state, command))
        writer.append(game.handle(state, cmd.Bet(state.to_act)))
        while state.phase == "betting" and state.to_act is not None:
            writer.append(game.handle(state, cmd.Fold(state.to_act)))
    out = io.StringIO()
    assert export_text(HistoryReader(path), out, tr=translator("en")) == 1
    text = out.getvalue()
    assert "Seat 3: Cato (40 in chips)" in text and "Seat 4:" not in text
    assert "Dag sits down when this deal ends." in text and "Dag sits down in seat 4 with 40 chips." in text
