"""History format 3: one chain code per command, on its last line.

Written by the live writer (one command per decision) and by ``simulate
--log`` (a deal's commands chained as one); read, replayed, verified (whole
and in parts), resumed in its own format; and tamper-evident: editing,
adding, removing, reordering or moving any line (coded or not), cutting a
command short, or forging a code is caught, in one sentence.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.cli.main import main
from drawpoker.client.look import Look
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.engine.events import event_from_json
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import HistoryError
from drawpoker.games.draw.bots import sensible_bot
from drawpoker.games.draw.decide import DrawGame
from drawpoker.history.deals import iter_deals
from drawpoker.history.format import CHAIN_START, chain_code, command_lines, seal_text
from drawpoker.history.reader import NOT_VERIFIED, open_history
from drawpoker.history.resume import resume_session
from drawpoker.history.verify import replay_history, verify_history
from drawpoker.history.writer import HistoryWriter, SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from drawpoker.words.i18n import translator
from tests.history_tools import content, edit, file_lines, rechain, write_lines

RULES = load_rules("morkpoker")
CODED = '{"h":"'
NAMES = ("Ann", "Bo", "Cy")


def _live(path, decisions=60, seed=3, version=3):
    """A session as the table writes it: one append per decision. The
    commands written, and the state after them."""
    game = DrawGame(RULES)
    state = game.new_state()
    writer = HistoryWriter.create(path, RULES, NAMES, computer=[False, True, True], durable=False, version=version)
    commands = [game.handle(state, game.sit_down(NAMES, (40, 40, 40), 0))]
    shuffler, rng = RandomShuffler(seed), random.Random(seed)
    while len(commands) < decisions and state.phase != "session_over":
        if state.phase == "between_deals":
            commands.append(game.handle(state, game.start_deal(*shuffler.shuffle())))
        else:
            commands.append(game.handle(state, sensible_bot(game, state, rng)))
    for events in commands:
        writer.append(events)
    writer.close()
    return commands, state


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    path = tmp_path_factory.mktemp("f3") / "live.jsonl"
    commands, state = _live(path)
    return path, commands, state


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    logs = SessionLogs(tmp_path_factory.mktemp("f3sim") / "sim.jsonl", RULES)
    simulate(RULES, 4, 8, 2, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    logs.close()
    return logs.paths[0]


def _verify_error(path, parts=1):
    with pytest.raises(HistoryError) as err:
        verify_history(open_history(path), parts=parts)
    message = str(err.value)
    assert message.startswith(str(path)) and "\n" not in message and "Traceback" not in message
    return message


# ---------------------------------------------------------------- the format


def test_a_command_is_lines_with_one_code_on_the_last(live):
    path, commands, _state = live
    lines = file_lines(path)
    header = json.loads(lines[0])
    assert header["format"] == 3 and lines[0].startswith(CODED)
    assert len(lines) - 1 == sum(len(c) for c in commands)
    at = 1
    code = chain_code(CHAIN_START, content(lines[0]).encode())
    for events in commands:
        mine = lines[at : at + len(events)]
        at += len(events)
        assert mine[-1].startswith(CODED) and not any(line.startswith(CODED) for line in mine[:-1])
        assert all(line.startswith('{"e":"') for line in mine[:-1])
        # the command's bytes: its lines as written, the last one's code left out
        plain = "".join(mine[:-1]) + "{" + content(mine[-1]) + "\n"
        code = chain_code(code, plain.encode())
        assert mine[-1][6:16] == code.decode()
        assert command_lines(code, plain.encode()) == "".join(mine).encode()
    assert rechain(lines) == lines


def test_events_replay_and_verify_as_written(live):
    path, commands, state = live
    events = [e for _line, e in open_history(path).events()]
    assert events == [e for c in commands for e in c]
    assert replay_history(open_history(path)) == state
    report = verify_history(open_history(path))
    assert report.commands == len(commands) and report.events == len(events) and report.cut_short is None
    reader = open_history(path)
    list(reader.events())
    assert report.last_seal == seal_text(reader.code)


def test_simulate_chains_a_deal_as_one_piece_and_every_deal_end_is_sealed(simulated):
    lines = file_lines(simulated)
    coded = [line for line in lines[1:] if line.startswith(CODED)]
    ends = [line for line in lines if '"e":"DealEnded"' in line]
    assert len(ends) > 2 and all(line.startswith(CODED) for line in ends[:-1])
    assert len(coded) <= len(ends) + 2  # the session's start, each deal, the session's end
    report = verify_history(open_history(simulated))
    seals = [deal.seal for deal in iter_deals(open_history(simulated), keep_states=False)]
    assert report.deals == len(seals) and all(seals)
    for seal in seals:
        assert main(["verify", str(simulated), "--seal", seal]) == 0


def test_a_format_3_file_is_smaller(tmp_path):
    sizes = {}
    for version in (2, 3):
        logs = SessionLogs(tmp_path / f"v{version}.jsonl", RULES, version=version)
        simulate(RULES, 6, 20, 1, ("sensible", "random"), sink=logs.write, on_session=logs.start)
        logs.close()
        sizes[version] = logs.paths[0].stat().st_size
        assert verify_history(open_history(logs.paths[0])).deals > 5
    assert sizes[3] < sizes[2] * 0.85


# ---------------------------------------------------------------- tamper evidence


def _inside(lines):
    """The index of an uncoded line that is not a command's first."""
    return next(
        i for i in range(2, len(lines)) if not lines[i].startswith(CODED) and not lines[i - 1].startswith(CODED)
    )


def test_an_edited_uncoded_line_breaks_its_command_s_chain(live, tmp_path):
    lines = file_lines(live[0])
    i = _inside(lines)
    first = max(k for k in range(1, i + 1) if lines[k - 1].startswith(CODED)) + 1
    last = next(k for k in range(i, len(lines)) if lines[k].startswith(CODED)) + 1
    lines[i] = edit(lines[i], "}", " }")  # the same event, other bytes
    message = _verify_error(write_lines(tmp_path, lines))
    assert f":{first}: the chain of seals breaks in lines {first}-{last}" in message and "not verified" in message
    for command in (["history"], ["export"], ["history", "--json"]):
        assert main([command[0], str(tmp_path / "h.jsonl"), *command[1:]]) == 1


def test_an_edit_with_every_code_recomputed_is_caught_at_its_line(live, tmp_path):
    lines = file_lines(live[0])
    i = next(k for k in range(1, len(lines)) if '"e":"AntePosted"' in lines[k] and not lines[k].startswith(CODED))
    lines[i] = edit(lines[i], '"amount":1', '"amount":2')
    message = _verify_error(write_lines(tmp_path, rechain(lines)))
    assert message.endswith(
        f":{i + 1}: recorded AntePosted(seat={json.loads(lines[i])['seat']}, amount=2), but the engine produces "
        f"AntePosted(seat={json.loads(lines[i])['seat']}, amount=1)"
    )


@pytest.mark.parametrize("how", ["drop", "repeat", "swap", "forge", "move back", "move on", "uncode", "code"])
def test_changing_the_lines_is_caught(live, tmp_path, how):
    lines = file_lines(live[0])
    i = _inside(lines)
    if how == "drop":
        del lines[i]
    elif how == "repeat":
        lines.insert(i, lines[i])
    elif how == "swap":
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif how == "forge":  # a code of the right shape, not the right value
        k = next(k for k in range(i, len(lines)) if lines[k].startswith(CODED))
        lines[k] = lines[k][:6] + ("0123456789" if lines[k][6:16] != "0123456789" else "9876543210") + lines[k][16:]
    elif how == "move back":  # a command's first line moved into the command before it (codes recomputed)
        k = next(k for k in range(i, len(lines) - 1) if lines[k].startswith(CODED))
        moved = "{" + content(lines[k + 1]) + "\n"
        lines[k : k + 2] = [moved, lines[k]]
    elif how == "move on":  # a command's last event moved into the next command (codes recomputed)
        k = next(
            k for k in range(i, len(lines) - 1) if lines[k].startswith(CODED) and not lines[k - 1].startswith(CODED)
        )
        lines[k - 1] = '{"h":"0000000000",' + content(lines[k - 1]) + "\n"
        lines[k] = "{" + content(lines[k]) + "\n"
    elif how == "uncode":  # two commands made one (codes recomputed)
        k = next(k for k in range(i, len(lines) - 1) if lines[k].startswith(CODED))
        lines[k] = "{" + content(lines[k]) + "\n"
    else:  # a command cut in two inside a decision's events (codes recomputed)
        lines[i] = '{"h":"0000000000",' + content(lines[i]) + "\n"
    if how in ("move back", "move on", "uncode", "code"):
        lines = rechain(lines)
    path = write_lines(tmp_path, lines)
    if how == "uncode":
        # the same events and decisions, chained otherwise: a valid history, but not the one the table sealed
        report = verify_history(open_history(path))
        assert report.last_seal != verify_history(open_history(live[0])).last_seal
        assert main(["verify", str(path), "--seal", verify_history(open_history(live[0])).last_seal]) == 1
        return
    message = _verify_error(path)
    if how in ("drop", "repeat", "swap", "forge"):
        assert "not verified" in message


def test_cutting_a_command_short_is_dropped_and_said(live, tmp_path, capsys):
    lines = file_lines(live[0])
    ends = [k for k, line in enumerate(lines) if line.startswith(CODED)]
    k = next(k for k in range(len(ends) - 1, 0, -1) if ends[k] - ends[k - 1] >= 3)  # a command of 3+ lines
    start, stop = ends[k - 1] + 1, ends[k]
    cut = lines[: stop - 1] + [lines[stop - 1][:9]]  # its lines but the last written, the last one torn
    path = write_lines(tmp_path, cut)
    report = verify_history(open_history(path))
    assert report.cut_short == (start + 1, stop - 1) and report.torn is not None and report.torn.line == stop
    assert report.last_seal == seal_text(lines[ends[k - 1]][6:16])
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr()
    assert f"{path}:{stop}: the last line was cut off" in out.err
    assert main(["verify", str(path), "--seal", verify_history(open_history(live[0])).last_seal]) == 1
    capsys.readouterr()
    assert main(["history", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:{start + 1}-{stop - 1}: the last decision was only partly written" in err
    assert f"{path}:{stop}: the last line was cut off" in err


@pytest.mark.parametrize("command", [["history"], ["export"], ["export", "--format", "phh"]])
def test_every_reader_says_what_a_crash_left_out(live, tmp_path, capsys, command):
    """Found by a second read: export said nothing of the lines it dropped."""
    lines = file_lines(live[0])
    ends = [k for k, line in enumerate(lines) if line.startswith(CODED)]
    k = next(k for k in range(len(ends) - 1, 0, -1) if ends[k] - ends[k - 1] >= 3)
    path = write_lines(tmp_path, [*lines[: ends[k] - 1], lines[ends[k] - 1][:9]])  # cut short, its last line torn
    assert main([*command, str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:{ends[k - 1] + 2}" in err and "only partly written" in err, err
    assert f"{path}:{ends[k]}: the last line was cut off" in err, err


def test_one_line_of_a_command_cut_short_is_named_as_one_line(live, tmp_path, capsys):
    """Found at the table: a command cut short after its first line was said as "14-14"."""
    lines = file_lines(live[0])
    ends = [k for k, line in enumerate(lines) if line.startswith(CODED)]
    k = next(k for k in range(len(ends) - 1, 0, -1) if ends[k] - ends[k - 1] >= 2)  # a command of 2+ lines
    path = write_lines(tmp_path, lines[: ends[k - 1] + 2])  # only its first line written
    line = ends[k - 1] + 2
    assert verify_history(open_history(path)).cut_short == (line, line)
    assert main(["verify", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:{line}: the last decision was only partly written" in err and f"{line}-{line}" not in err


def _seat_to_act(lines):
    """The seat to act after the file's last line (from a replay of it)."""
    return replay_history(open_history(lines)).to_act


@pytest.mark.parametrize(
    "tail, message",
    [
        ('{"e":"BetPlaced","seat":"x"}\n', "BetPlaced"),
        ('{"e":"DealStarted","deal":99}\n', "lacks the field"),
        ('{"e":"SessionEnded","reason":"deals"}\n', "was not caused by any decision that follows it"),
        ('{"e":"AntePosted","seat":0,"amount":1}\n', "was not caused by any decision that follows it"),
    ],
    ids=["a wrong field", "a missing field", "an event no decision causes", "an effect without its decision"],
)
def test_lines_after_the_last_code_must_be_what_a_crash_leaves(live, simulated, tmp_path, tail, message):
    """Found by a second read: anything that read as an event was dropped as "a crash
    mid-write" and verify said ok. A crash leaves the first events of a decision as the
    engine produces them; anything else is refused, as format 2 refused it."""
    for source in (live[0], simulated):
        path = write_lines(tmp_path, [*file_lines(source), tail], name=f"tail-{source.name}")
        error = _verify_error(path)
        assert f"{path}:{len(file_lines(source)) + 1}:" in error and message in error, error


def test_a_forged_decision_after_the_last_code_is_refused_by_the_engine(live, tmp_path):
    lines = file_lines(live[0])
    seat = _seat_to_act(live[0])
    assert seat is not None
    path = write_lines(tmp_path, [*lines, f'{{"e":"BetPlaced","seat":{seat},"amount":999,"full":true}}\n'])
    error = _verify_error(path)
    assert f"{path}:{len(lines) + 1}:" in error and "engine" in error, error
    other = (seat + 1) % 3
    path = write_lines(tmp_path, [*lines, f'{{"e":"Folded","seat":{other}}}\n'], name="other.jsonl")
    error = _verify_error(path)
    assert f"{path}:{len(lines) + 1}: the engine refuses this decision" in error, error


def test_a_whole_decision_without_its_code_reads_as_a_crash_everywhere(live, tmp_path):
    """Issue 25: one reading, the crash one, everywhere. A command is a whole deal
    in ``simulate --log``, so a cut can fall after any whole decision: verify
    drops such lines (each still re-run through the engine), as history does."""
    lines = file_lines(live[0])
    assert lines[-1].startswith(CODED)
    stripped = "{" + lines[-1][lines[-1].index('"e":') :]
    assert stripped.startswith('{"e":"')
    path = write_lines(tmp_path, [*lines[:-1], stripped])
    report = verify_history(open_history(path))
    assert report.cut_short is not None and report.cut_short[1] == len(lines)
    reader = open_history(path)
    list(iter_deals(reader, keep_states=False))
    assert reader.unfinished == report.cut_short


def test_a_simulated_file_cut_anywhere_reads_as_a_crash_in_verify_and_history(simulated, tmp_path):
    """Issue 25: a torn last line in a ``simulate`` file made verify say "edited by
    hand" (the cut fell after a whole decision) while history read a crash."""
    data = simulated.read_bytes()
    ends = [k + 1 for k in range(len(data)) if data[k : k + 1] == b"\n"]
    last_code = data.rindex(b"\n" + CODED.encode()) + 1
    cuts = [k for k in ends if k > last_code - 3000 and k < len(data)]
    cuts += [k + 5 for k in cuts]  # and a torn line after each
    assert len(cuts) > 40
    path = tmp_path / "cut.jsonl"
    for cut in cuts:
        path.write_bytes(data[:cut])
        report = verify_history(open_history(path))  # no error: a crash
        reader = open_history(path)
        list(iter_deals(reader, keep_states=False))
        assert (reader.unfinished, reader.torn) == (report.cut_short, report.torn), cut


def test_a_decision_cut_short_is_still_dropped_when_checked(live, tmp_path):
    """The genuine crash: a decision whose events stop short, checked against the engine."""
    lines = file_lines(live[0])
    ends = [k for k, line in enumerate(lines) if line.startswith(CODED)]
    k = next(k for k in range(len(ends) - 1, 0, -1) if ends[k] - ends[k - 1] >= 3)
    path = write_lines(tmp_path, lines[: ends[k]])  # every line of that decision but its coded last
    report = verify_history(open_history(path))
    assert report.cut_short == (ends[k - 1] + 2, ends[k])
    assert verify_history(open_history(path), parts=2).cut_short == report.cut_short


def test_a_damaged_last_line_is_not_mistaken_for_a_command_cut_short(live, tmp_path):
    lines = file_lines(live[0])
    lines[-1] = '{"e"' + lines[-1][4:]  # its code's name changed: still a line, no longer coded
    message = _verify_error(write_lines(tmp_path, lines))
    assert f":{len(lines)}: {NOT_VERIFIED}" in message
    lines = file_lines(live[0])
    lines[-2] = lines[-2].rstrip("\n") + " "  # the line before it runs into it
    _verify_error(write_lines(tmp_path, lines, "h2.jsonl"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_single_byte_change_is_reported_in_one_sentence(live, simulated, tmp_path_factory, data):
    path = data.draw(st.sampled_from([live[0], simulated]))
    original = path.read_bytes()
    pos = data.draw(st.integers(0, len(original) - 1))
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != original[pos]))
    damaged = original[:pos] + bytes([byte]) + original[pos + 1 :]
    target = tmp_path_factory.mktemp("byte") / "h.jsonl"
    target.write_bytes(damaged)
    try:
        report = verify_history(open_history(target))
    except HistoryError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:  # only the final newline: the last line reads as torn, and the seal says it is not the same history
        assert pos == len(original) - 1 and report.torn is not None
        whole = verify_history(open_history(path)).last_seal
        assert main(["verify", str(target), "--seal", whole]) == 1


# ---------------------------------------------------------------- round trips


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    players=st.integers(2, 6),
    deals=st.integers(1, 6),
    seed=st.integers(0, 10_000),
    strategies=st.sampled_from([("random",), ("sensible",), ("sensible", "random")]),
)
def test_simulated_sessions_write_read_and_verify_to_the_same_state(tmp_path_factory, players, deals, seed, strategies):
    folder = tmp_path_factory.mktemp("trip")
    written: list = []
    logs = SessionLogs(folder / "s.jsonl", RULES)

    def sink(events):
        written.extend(events)
        logs.write(events)

    simulate(RULES, players, deals, seed, strategies, sink=sink, on_session=logs.start)
    logs.close()
    read = [e for path in logs.paths for _line, e in open_history(path).events()]
    assert read == written
    game = DrawGame(RULES)
    for path in logs.paths:
        state = game.new_state()
        for _line, event in open_history(path).events():
            game.apply(state, event)
        assert replay_history(open_history(path)) == state
        report = verify_history(open_history(path))
        assert report.torn is None and report.cut_short is None


@pytest.mark.parametrize("name", ["morkpoker", "dealers-choice", "three-card-poker"])
def test_sink_many_hands_on_every_command_as_sink_does(tmp_path, monkeypatch, name):
    """``simulate --log``'s way (commands handed on a few deals at a time, all
    of a session's before the next starts) writes the very bytes the call per
    command writes."""
    import drawpoker.history.writer

    monkeypatch.setattr(drawpoker.history.writer, "now_iso", lambda: "2026-01-02T03:04:05Z")
    rules = load_rules(name)
    one, many, commands, sessions = [], [], [], []
    for folder, kind in ((tmp_path / "one", one), (tmp_path / "many", many)):
        folder.mkdir()
        logs = SessionLogs(folder / "s.jsonl", rules)

        def started(state, names, logs=logs):
            sessions.append(len(commands))
            logs.start(state, names)

        def batch(waiting, logs=logs):
            commands.extend(waiting)
            logs.write_many(waiting)

        if kind is one:
            simulate(rules, 3, 300, 5, ("sensible", "random"), sink=logs.write, on_session=logs.start)
        else:
            simulate(rules, 3, 300, 5, ("sensible", "random"), sink_many=batch, on_session=started)
        logs.close()
        kind.extend(path.read_bytes() for path in logs.paths)
    assert len(many) > 1 and many == one
    assert sessions[0] == 0 and len(set(sessions)) == len(sessions) == len(many)


# ---------------------------------------------------------------- resume and parts


def _play_on(resumed, decisions, seed):
    rng, shuffler = random.Random(seed), RandomShuffler(seed)
    for _ in range(decisions):
        if resumed.state.phase == "session_over":
            break
        if resumed.state.phase == "between_deals":
            resumed.writer.append(resumed.game.handle(resumed.state, resumed.game.start_deal(*shuffler.shuffle())))
        else:
            resumed.writer.append(resumed.game.handle(resumed.state, sensible_bot(resumed.game, resumed.state, rng)))


def test_resume_goes_on_in_format_3(tmp_path):
    path = tmp_path / "live.jsonl"
    _commands, state = _live(path, decisions=40)
    resumed = resume_session(path, durable=False)
    assert resumed.notes == [] and resumed.writer.version == 3 and resumed.state == state
    _play_on(resumed, 20, 9)
    resumed.writer.close()
    report = verify_history(open_history(path))
    assert report.cut_short is None and rechain(file_lines(path)) == file_lines(path)


def test_a_format_2_history_is_resumed_in_format_2(tmp_path):
    path = tmp_path / "old.jsonl"
    _commands, state = _live(path, decisions=30, version=2)
    assert json.loads(file_lines(path)[0])["format"] == 2
    resumed = resume_session(path, durable=False)
    assert resumed.writer.version == 2 and resumed.state == state
    _play_on(resumed, 10, 4)
    resumed.writer.close()
    assert all(line.startswith(CODED) for line in file_lines(path))  # a code on every line, as it began
    verify_history(open_history(path))


def test_resume_after_a_command_cut_short_continues_in_a_copy(live, tmp_path):
    lines = file_lines(live[0])
    ends = [k for k, line in enumerate(lines) if line.startswith(CODED)]
    k = next(k for k in range(len(ends) - 1, 0, -1) if ends[k] - ends[k - 1] >= 2)
    path = write_lines(tmp_path, lines[: ends[k]])  # the command's coded last line never written
    resumed = resume_session(path, durable=False)
    resumed.writer.close()
    assert any("only partly written" in str(note) for note in resumed.notes) and resumed.path != path
    assert resumed.events == ends[k - 1]
    assert resumed.path.read_text(encoding="utf-8") == "".join(lines[: ends[k - 1] + 1])


def test_verifying_a_format_3_history_in_parts_agrees(tmp_path):
    ruleset = tmp_path / "long.yaml"
    ruleset.write_text("extends: morkpoker\nsession:\n  deals: 120\n  when_broke: rebuy\n", encoding="utf-8")
    rules = load_rules(ruleset)
    logs = SessionLogs(tmp_path / "long.jsonl", rules)
    simulate(rules, 5, 120, 4, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    logs.close()
    path = logs.paths[0]
    one = verify_history(open_history(path), parts=1)
    three = verify_history(open_history(path), parts=3)
    assert three.parts == 3
    assert (one.events, one.commands, one.deals, one.last_seal) == (
        three.events,
        three.commands,
        three.deals,
        three.last_seal,
    )
    lines = file_lines(path)
    index = max(i for i, line in enumerate(lines) if '"e":"Called"' in line)
    lines[index] = edit(lines[index], '"amount":', '"amount":1')
    damaged = write_lines(tmp_path, rechain(lines), "damaged.jsonl")
    assert f":{index + 1}: recorded Called(" in _verify_error(damaged, parts=2)


# ---------------------------------------------------------------- replay's deal index


@pytest.mark.parametrize("which", ["simulated", "live"])
def test_replay_reads_each_deal_from_its_checkpoint_as_the_whole_file_does(simulated, live, which):
    from drawpoker.history.deals import DealIndex

    path = simulated if which == "simulated" else live[0]
    every = list(iter_deals(open_history(path)))
    assert len(every) > 2
    index = DealIndex(path)
    for k in reversed(range(len(every))):  # backwards: each deal read on its own from its checkpoint
        deal = index.deal(k)
        assert deal.events == every[k].events and deal.seal == every[k].seal and deal.after == every[k].after
        assert deal.first_line == every[k].first_line
    assert len(index) == len(every)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('"amount":1', '"amount":1,"extra":2', "event AntePosted has unknown fields: extra"),
        ('"seat":', '"chair":', "event AntePosted lacks the field 'seat' and has the unknown field chair"),
        ('"e":"AntePosted"', '"e":"AnteEaten"', "unknown event 'AnteEaten'"),
    ],
)
def test_a_recomputed_line_without_a_code_is_still_read_strictly(live, tmp_path, old, new, message):
    lines = file_lines(live[0])
    i = next(k for k in range(1, len(lines)) if '"e":"AntePosted"' in lines[k] and not lines[k].startswith(CODED))
    lines[i] = edit(lines[i], old, new)
    path = write_lines(tmp_path, rechain(lines))
    assert _verify_error(path).endswith(f":{i + 1}: {message}")
    with pytest.raises(HistoryError, match=f":{i + 1}: "):
        list(open_history(path).events())


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('"amount":1}', '"amount":true}', "amount must be a whole number, not true"),
        ('"amount":1}', '"amount":1.0}', "amount must be a whole number, not 1.0"),
        ('"amount":1}', '"amount":"1"}', 'amount must be a whole number, not "1"'),
        ('"seat":1}', '"seat":"1\\u0007"}', 'seat must be a whole number, not "1\\u0007"'),
        ('"full":true', '"full":1', "full must be true or false, not 1"),
        ('"same_dealer":false', '"same_dealer":0', "same_dealer must be true or false, not 0"),
        ('"rebuys":[0,', '"rebuys":[0.0,', "rebuys must be a list of whole numbers, not [0.0,"),
    ],
)
def test_a_field_of_the_wrong_kind_is_refused_by_every_reader(live, tmp_path, capsys, old, new, said):
    """Found by a second read: with the codes made again, ``"amount":true`` or
    ``1.0`` for an ante of 1 verified (equal as values), and export printed
    "posts the ante True"; every reader now refuses it in one sentence."""
    lines = file_lines(live[0])
    k = next(k for k, line in enumerate(lines) if k > 1 and old in line)
    path = write_lines(tmp_path, rechain([*lines[:k], lines[k].replace(old, new, 1), *lines[k + 1 :]]))
    for command in (["verify"], ["history"], ["export"], ["export", "--format", "phh"]):
        assert main([*command, str(path)]) == 1
        last = capsys.readouterr().err.strip().splitlines()[-1]  # (PHH warns of its variant first)
        assert last.startswith(f"drawpoker {command[0]}: {path}:{k + 1}: event ") and said in last, last
    with pytest.raises(HistoryError, match=f"^{re.escape(str(path))}:{k + 1}: event .*{re.escape(said)}"):
        list(ReplayModel(path, translator("en"), Look()).deals)  # read as the deal holding the line is reached


def test_an_old_event_of_the_wrong_kind_is_refused_too():
    with pytest.raises(
        HistoryError, match=r"^event AntePosted has a malformed field: amount must be a whole number, not true$"
    ):
        event_from_json({"e": "AntePosted", "v": 1, "seat": 1, "amount": True})
    assert event_from_json({"e": "AntePosted", "v": 1, "seat": 1, "amount": 1}) == (1, 1)


def test_a_plain_number_equal_to_a_card_never_becomes_the_card_s_text():
    """Found by a second read of the writer: the card-text cache was keyed by
    value, and a Card is an int, so a plain number met first (a malformed
    event) would have given its digits to the card from then on."""
    from drawpoker.cards import parse_cards
    from drawpoker.history.encode import _TEXT

    card = parse_cards("Qd")[0]
    _TEXT.pop(card, None)
    assert _TEXT[int(card)] == str(int(card))
    assert _TEXT[card] == "Qd"
    # a card written after a number equal to it is still written as the card
    from drawpoker.games.draw.events import CardsDealt
    from drawpoker.history.encode import encoder_for

    encode = encoder_for(CardsDealt)
    _TEXT.pop(card, None)
    encode(CardsDealt(0, (int(card),)))
    assert '"cards":"Qd"' in encode(CardsDealt(0, (card,)))
