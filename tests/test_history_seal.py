"""Sealed histories: forgery, cut-off files, old unsealed files, durable writes."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.cards import DECK
from drawpoker.cli.main import main
from drawpoker.engine.events import EVENT_TYPES, field_kinds
from drawpoker.errors import HistoryError
from drawpoker.games import game_for
from drawpoker.history.deals import iter_deals
from drawpoker.history.encode import body_of, careful_encoder_for, encoder_for, generic_body, keeping_encoder_for
from drawpoker.history.format import CHAIN_START, chain_code, header_line, parse_seal, seal_text
from drawpoker.history.reader import NOT_VERIFIED, open_history
from drawpoker.history.resume import resume_session
from drawpoker.history.verify import replay_history, verify_history
from drawpoker.history.writer import HistoryWriter, SessionLogs, encode_events
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.history_tools import edit, rechain

FIXTURES = Path(__file__).parent / "fixtures"
RULES = load_rules("morkpoker")


def _record(path, deals=8, players=3, seed=5, version=2):
    """In format 2, whose lines these tests pin one by one (format 3: test_history_format3)."""
    logs = SessionLogs(path, RULES, version=version)
    simulate(RULES, players, deals, seed, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    logs.close()
    return logs.paths[0]


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    return _record(tmp_path_factory.mktemp("seal") / "s.jsonl")


def _seals(path):
    """The seal after each deal, and of the whole file, as `history` prints them."""
    reader = open_history(path)
    deals = [deal.seal for deal in iter_deals(reader, keep_states=False)]
    return deals, seal_text(reader.code)


# ---------------------------------------------------------------- the seal


def test_seals_are_readable_and_read_back():
    code = chain_code(CHAIN_START, b'"e":"x"}')
    text = seal_text(code)
    assert len(text) == 9 and text[4] == "-" and all(c not in "ILOU" for c in text)
    assert parse_seal(text) == code
    assert parse_seal(text.lower().replace("-", " ").replace("0", "o")) == code
    assert parse_seal(code.decode()) == code
    assert parse_seal("4KQ8-ZT0") is None and parse_seal("4KQ8-ZT0U") is None


def test_history_prints_a_seal_per_deal_and_verify_confirms_each(wide, session, capsys):
    deals, whole = _seals(session)
    assert main(["history", str(session)]) == 0
    out = capsys.readouterr().out
    assert all(f"seal {seal}" in out for seal in deals) and f"Seal of the whole history: {whole}" in out
    for seal in (deals[0], deals[-2], whole):
        assert main(["verify", str(session), "--seal", seal]) == 0
        assert "up to there this is the history the players saw" in capsys.readouterr().out
    assert main(["verify", str(session), "--seal", "ZZZZ-ZZZZ"]) == 1
    assert "is not in this history" in capsys.readouterr().err
    assert main(["verify", str(session), "--seal", "4KQ8-ZT0!"]) == 1
    assert "a seal is 20 letters and digits in groups of four" in capsys.readouterr().err


def _forge(path, target, deal_number):
    """Swap two cards dealt in one deal, re-run every recorded decision (the
    discards relabelled), and write the result with every chain code recomputed:
    all a forger can re-derive without the seal. Returns the final stacks."""
    reader = open_history(path)
    game = game_for(reader.rules)
    events = [event for _line, event in reader.events()]
    state = game.new_state()
    out = []
    swap: dict = {}
    for event in events:
        command = game.command_of(event)
        if command is None:
            continue
        kind = type(event).__name__
        if kind == "DealStarted":
            swap = {}
            if event.deal == deal_number:
                deck = list(event.deck)
                a, b = deck[0], deck[1]  # the first card of the first two players
                deck[0], deck[1] = b, a
                swap = {a: b, b: a}
                command = game.start_deal(tuple(deck), event.reshuffle_seed)
        elif kind == "CardsExchanged" and swap:
            command = command._replace(discards=tuple(swap.get(c, c) for c in command.discards))
        out += game.handle(state, command)
    head = dict(reader.header)
    first, code = header_line(head)
    lines, _code = encode_events(out, code, head["events"])
    target.write_bytes(first + b"".join(lines))
    return tuple(state.stacks)


def test_a_forged_deck_passes_verify_but_not_the_seal(session, tmp_path, capsys):
    deals, whole = _seals(session)
    original = replay_history(open_history(session)).stacks
    forged = tmp_path / "forged.jsonl"
    for number in range(len(deals) - 1, 0, -1):  # a late deal whose outcome the swap changes
        stacks = _forge(session, forged, number)
        if list(stacks) != list(original):
            break
    else:
        pytest.fail("no swap changed the outcome")
    assert main(["verify", str(forged)]) == 0  # a consistent game: the engine cannot tell
    capsys.readouterr()
    assert main(["verify", str(forged), "--seal", whole]) == 1
    assert "is not in this history" in capsys.readouterr().err
    assert main(["verify", str(forged), "--seal", deals[number - 1]]) == 1  # the forged deal's own seal
    capsys.readouterr()
    if number > 1:  # everything before the forged deal is still the history the players saw
        assert main(["verify", str(forged), "--seal", deals[number - 2]]) == 0


def test_cutting_off_the_last_deal_is_caught_by_the_seal(session, tmp_path, capsys):
    _deals, whole = _seals(session)
    lines = session.read_text(encoding="utf-8").splitlines(keepends=True)
    ends = [i for i, line in enumerate(lines) if '"e":"DealEnded"' in line]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[: ends[-2] + 1]), encoding="utf-8")
    assert main(["verify", str(cut)]) == 0  # an interrupted session is a valid history
    capsys.readouterr()
    assert main(["verify", str(cut), "--seal", whole]) == 1
    assert "is not in this history" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["export"], ["export", "--format", "phh"]])
def test_a_broken_chain_is_not_verified_by_any_reader(session, tmp_path, capsys, command):
    lines = session.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if '"e":"PotAwarded"' in line)
    lines[index] = edit(lines[index], '"amount":', '"amount":1')  # not recomputed: the chain breaks here
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines), encoding="utf-8")
    assert main([command[0], str(bad), *command[1:]]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:{index + 1}:" in err and "not verified" in err and "Traceback" not in err


def test_replay_refuses_a_broken_chain(session, tmp_path):
    from drawpoker.client.look import Look
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.words.i18n import translator

    lines = session.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[5] = edit(lines[5], '"seat":', '"seat": ')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(HistoryError, match=re.escape(NOT_VERIFIED)):
        ReplayModel(bad, translator("en"), Look(unicode=False))


def test_history_json_is_whole_and_streams(session, capsys):
    assert main(["history", str(session), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sealed"] is True and data["seal"] == _seals(session)[1]
    assert all(row["seal"] for row in data["deals"])


# ---------------------------------------------------------------- format 1


def test_format_1_histories_still_read_verify_and_say_unsealed(capsys):
    for path in sorted(FIXTURES.glob("format1-*.jsonl")):
        reader = open_history(path)
        assert reader.format == 1 and not reader.sealed
        report = verify_history(open_history(path))
        assert report.deals >= 2 and not report.sealed
        assert main(["history", str(path)]) == 0
        assert "Unsealed" in capsys.readouterr().out
        assert main(["verify", str(path)]) == 0
        assert "unsealed" in capsys.readouterr().out
        assert main(["verify", str(path), "--seal", "4KQ8-ZT0M"]) == 1
        assert "--seal cannot confirm it" in capsys.readouterr().err
        assert main(["export", str(path)]) == 0
        capsys.readouterr()


def test_a_format_1_history_resumes_in_a_sealed_copy(tmp_path):
    path = tmp_path / "old.jsonl"
    lines = (FIXTURES / "format1-morkpoker.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:-3]), encoding="utf-8")  # the session was not over
    resumed = resume_session(path, durable=False)
    resumed.writer.close()
    assert resumed.path.name == "old-resumed.jsonl" and any("sealed from here on" in str(n) for n in resumed.notes)
    copy = open_history(resumed.path)
    assert copy.format == 4  # the copy is a new history: today's format and seal (issue 25)
    report = verify_history(copy)
    assert report.events == resumed.events and len(report.last_seal) == 24
    assert [deal.seal for deal in iter_deals(open_history(resumed.path))][0] is not None  # each deal's end sealed
    assert resumed.state == replay_history(open_history(path))


# ---------------------------------------------------------------- the encoder


def _events_of_every_ruleset():
    from drawpoker.rules import shipped_names

    for name in shipped_names():
        rules = load_rules(name)
        found = []
        low = game_for(rules).seat_range()[0]
        simulate(rules, max(low, 2), 3, 1, ("random",), sink=found.extend)
        yield from found


def test_templates_write_what_the_generic_encoder_writes():
    events = list(_events_of_every_ruleset())
    assert len({type(e) for e in events}) >= 15
    for event in events:
        assert body_of(event) == generic_body(event), event


_CARD = st.sampled_from(list(DECK))
_INT = st.integers(-(2**70), 2**70)
_KINDS = {
    "int": _INT,
    "bool": st.booleans(),
    "str": st.text(),
    "Card": _CARD,
    "Card | None": st.none() | _CARD,
    "int | None": st.none() | _INT,
    "tuple[Card, ...]": st.lists(_CARD, max_size=6).map(tuple),
    "tuple[int, ...]": st.lists(_INT, max_size=6).map(tuple),
    "tuple[bool, ...]": st.lists(st.booleans(), max_size=6).map(tuple),
    "tuple[str, ...]": st.lists(st.text(), max_size=4).map(tuple),
    "tuple[tuple[int, int], ...]": st.lists(st.tuples(_INT, _INT), max_size=4).map(tuple),
}


def _strategy(cls):
    hints = dict(zip(cls._fields, field_kinds(cls), strict=True))
    if not all(h in _KINDS for h in hints.values()):
        return None
    return st.builds(cls, **{field: _KINDS[hint] for field, hint in hints.items()})


game_for(RULES), game_for(load_rules("three-card-poker"))  # every game's events registered
_BUILDABLE = [s for s in (_strategy(cls) for _name, cls in sorted(EVENT_TYPES.items())) if s is not None]


@settings(max_examples=300, deadline=None)
@given(st.one_of(_BUILDABLE))
def test_templates_agree_with_the_generic_encoder_on_odd_values(event):
    assert body_of(event) == generic_body(event)


class _Opaque:
    """A value no encoder knows."""


_SCALAR = st.one_of(
    _INT,
    st.booleans(),
    st.none(),
    st.floats(),
    st.text(),
    st.sampled_from(['"', "\\", 'a"b\\c', "\x00\x1f\x7f", "\u2028", "Ø名", "\ud800"]),
    _CARD,
)
#: anything a field may hold by mistake: other kinds, cards where numbers go, lists, nested tuples
_ODD = st.recursive(
    _SCALAR, lambda inner: st.lists(inner, max_size=4).map(tuple) | st.lists(inner, max_size=3), max_leaves=8
) | st.just(_Opaque())


def _odd_strategy(cls):
    def value(hint):
        kind = _KINDS.get(hint, _ODD)
        return st.one_of(kind, kind, _ODD)

    hints = field_kinds(cls)
    return st.tuples(*map(value, hints)).map(lambda values: cls(*values))


def _outcome(encode, event):
    try:
        return encode(event)
    except Exception as exc:  # the same failure, said the same way
        return (type(exc), str(exc))


@settings(max_examples=500, deadline=None)
@given(st.one_of([_odd_strategy(cls) for _name, cls in sorted(EVENT_TYPES.items())]))
def test_fast_encoders_write_what_the_careful_way_writes(event):
    """Each field checked then one f-string, or the careful way (each field
    checked as it is formatted): the same text for any value, or the same error."""
    careful = _outcome(careful_encoder_for(type(event)), event)
    assert _outcome(encoder_for(type(event)), event) == careful
    assert _outcome(keeping_encoder_for(type(event)), event) == careful


def test_kept_texts_are_the_events_own(tmp_path):
    """The writer keeps the text of an event the engine hands out again (by
    the object, never by an equal value: True == 1), and a kept text never
    lets an event past a header that does not list its class."""
    folded = EVENT_TYPES["Folded"]
    once, flag, same = folded(1), folded(True), folded(1)
    writer = HistoryWriter.create(tmp_path / "a.jsonl", RULES, ["A", "B"], durable=False)
    writer.append([once, once, flag, same, once])
    writer.close()
    lines = writer.path.read_bytes().splitlines()[1:]
    assert [line.split(b'"seat":')[1] for line in lines] == [b"1}", b"1}", b"true}", b"1}", b"1}"]
    versions = {k: v for k, v in open_history(writer.path).header["events"].items() if k != "Folded"}
    other = HistoryWriter(writer.path, code=b"0" * 10, versions=versions, durable=False)
    with pytest.raises(HistoryError, match="event Folded version 1 cannot be added"):
        other.append([once])
    other.close()


# ---------------------------------------------------------------- durable writes


def _small_disk(tmp_path):
    folder = tmp_path / "disk"
    folder.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root on Linux")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    return folder


@pytest.fixture
def small_disk(tmp_path):
    folder = _small_disk(tmp_path)
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


LONG = "extends: morkpoker\nsession:\n  deals: 100000\n  when_broke: rebuy\n"


def test_simulate_log_on_a_full_disk_leaves_nothing(small_disk, tmp_path, capsys):
    target = small_disk / "big.jsonl"
    long = tmp_path / "long.yaml"
    long.write_text(LONG, encoding="utf-8")
    assert main(["simulate", str(long), "--players", "6", "--hands", "400", "--log", str(target)]) == 1
    err = capsys.readouterr().err
    assert "the disk is full" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert os.listdir(small_disk) == []


def test_export_to_a_full_disk_leaves_nothing(small_disk, tmp_path, capsys):
    long = tmp_path / "long.yaml"
    long.write_text(LONG, encoding="utf-8")
    source = tmp_path / "src.jsonl"
    assert main(["simulate", str(long), "--players", "6", "--hands", "150", "--log", str(source)]) == 0
    capsys.readouterr()
    assert main(["export", str(source), "--reveal", "-o", str(small_disk / "out.txt")]) == 1
    err = capsys.readouterr().err
    assert "the disk is full" in err and "Traceback" not in err
    assert os.listdir(small_disk) == []


def test_resume_on_a_full_disk_leaves_no_partial_copy(small_disk, tmp_path, capsys):
    source = _record(tmp_path / "src.jsonl", deals=30, players=6)
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    torn = small_disk / "torn.jsonl"
    data = "".join(lines[:-5]) + lines[-5][:20]
    try:
        torn.write_text(data, encoding="utf-8")
    except OSError:
        pytest.skip("the test history itself does not fit")
    fd = os.open(small_disk / "filler", os.O_WRONLY | os.O_CREAT)  # fill the rest of the disk
    try:
        while os.write(fd, b"x" * 512):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    with pytest.raises(HistoryError, match="the disk is full"):
        resume_session(torn)
    assert sorted(os.listdir(small_disk)) == ["filler", "torn.jsonl"]
    assert torn.read_text(encoding="utf-8") == data


def test_a_live_writer_on_a_full_disk_says_so_once_and_closes_quietly(small_disk, tmp_path):
    from drawpoker.history.writer import HistoryWriter

    long = tmp_path / "long.yaml"
    long.write_text(LONG, encoding="utf-8")
    rules = load_rules(long)
    writer = HistoryWriter.create(small_disk / "live.jsonl", rules, ["A", "B"])
    game = game_for(rules)
    state = game.new_state()
    writer.append(game.handle(state, game.sit_down(("A", "B"), (40, 40), 0)))
    import random

    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.games import bots_for

    shuffler, rng, bot = RandomShuffler(1), random.Random(1), bots_for("morkpoker")["random"]
    with pytest.raises(HistoryError, match="the disk is full"):
        for _ in range(10_000):
            if state.phase == "between_deals":
                writer.append(game.handle(state, game.start_deal(*shuffler.shuffle())))
            elif state.phase == "session_over":
                break
            else:
                writer.append(game.handle(state, bot(game, state, rng)))
    writer.close()  # no second error
    reader = open_history(small_disk / "live.jsonl")
    for _ in reader.events():  # what was written reads (a torn end is dropped and said)
        pass


def test_special_inputs_are_refused_in_one_sentence(tmp_path, capsys):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for command in (["history", str(fifo)], ["verify", str(fifo)], ["export", str(fifo)], ["replay", str(fifo)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert "named pipe" in err and len(err.strip().splitlines()) == 1


def test_shutil_copy_of_a_history_verifies(session, tmp_path):
    copy = tmp_path / "copy.jsonl"
    shutil.copy(session, copy)
    assert verify_history(open_history(copy)).last_seal == _seals(session)[1]


def test_the_table_shows_the_seal_the_history_holds(tmp_path):
    import random

    from drawpoker.client.session import Session
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.history.writer import HistoryWriter

    path = tmp_path / "live.jsonl"
    writer = HistoryWriter.create(path, RULES, ["Ann", "Bo"], computer=[True, True])
    game = game_for(RULES)
    session = Session(game, game.new_state(), writer, [True, True], RandomShuffler(2), random.Random(2))
    session.sit_down(["Ann", "Bo"], [40, 40])
    shown = []
    while not session.over:
        if session.state.phase == "between_deals":
            session.deal()
        else:
            session.submit(session.computer_command())
        if session.deal_just_ended and (not shown or shown[-1] != session.seal):
            shown.append(session.seal)
    session.close()
    deals, whole = _seals(path)
    assert shown[:-1] == deals[: len(shown) - 1] and session.seal == whole
    for seal in shown:
        assert verify_history(open_history(path), seal=parse_seal(seal)).seal_line is not None


@pytest.mark.parametrize("old", [False, True])
def test_replay_reads_each_deal_from_its_checkpoint_as_the_whole_file_does(session, old):
    from drawpoker.client.look import Look
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.words.i18n import translator

    path = FIXTURES / "format1-morkpoker.jsonl" if old else session
    every = list(iter_deals(open_history(path)))
    model = ReplayModel(path, translator("en"), Look(unicode=False))
    assert model.deals.count_if_known() is None or old  # nothing read beyond the first deal yet
    for deal in reversed(every):  # backwards: each deal read on its own from its checkpoint
        model.go_to_deal(deal.number)
        assert model.message is None and model.deal.after == deal.after
        assert model.deal.events == deal.events and model.deal.seal == deal.seal
        # the table between deals differs only in the last deal's leftovers, which the deal's start clears
        from drawpoker.client.replay.viewer import steps_of

        game = game_for(RULES)
        whole = deal.before.copy()
        for event in deal.events[: steps_of(game, deal.events)[0]]:
            game.apply(whole, event)
        assert model.step == 1 and model.state == whole
    assert len(model.deals) == len(every) and model.deals.count_if_known() == len(every)


def test_verify_tells_event_kinds_apart_even_with_equal_fields(session, tmp_path, capsys):
    lines = session.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if '"e":"RoundEnded","round":1}' in line)
    lines[index] = edit(lines[index], '"e":"RoundEnded","round":1}', '"e":"PlayerSatOut","seat":1}')
    forged = tmp_path / "kind.jsonl"
    forged.write_text("".join(rechain(lines)), encoding="utf-8")
    assert main(["verify", str(forged)]) == 1  # PlayerSatOut(seat=1) == RoundEnded(round=1) as tuples
    assert f"{forged}:{index + 1}: recorded PlayerSatOut(seat=1)" in capsys.readouterr().err


@pytest.mark.parametrize(
    "command", [["history"], ["history", "--json"], ["export"], ["export", "--format", "phh"], ["verify"]]
)
@pytest.mark.parametrize("field", ['"button":', '"seat":'])
def test_a_seat_beyond_the_table_is_one_sentence_in_every_reader(session, tmp_path, capsys, command, field):
    """A hand-edited ``"button": 99`` (chain recomputed) crashed history and both exports with an IndexError."""
    from tests.history_tools import rechain

    lines = session.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if i and field in line)
    lines[at] = re.sub(field + r"\d+", field + "99", lines[at], count=1)
    bad = tmp_path / "seat99.jsonl"
    bad.write_text("".join(rechain(lines)), encoding="utf-8")
    assert main([*command, str(bad)]) == 1
    err = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("PHH has no variant")]
    assert len(err) == 1 and f"seat99.jsonl:{at + 1}:" in err[0] and "internal error" not in err[0], err


def test_a_decision_written_only_in_part_is_dropped_by_verify_and_said(wide, session, tmp_path, capsys):
    """The format says a crash mid-write leaves at most one unfinished decision, which readers
    drop and say so; verify used to call the file broken ("the history ends early")."""
    lines = session.read_text(encoding="utf-8").splitlines(keepends=True)
    end = [i for i, line in enumerate(lines) if '"e":"DealEnded"' in line][2]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:end]), encoding="utf-8")  # the showdown decision lacks its DealEnded
    assert main(["verify", str(cut)]) == 0
    out, err = capsys.readouterr()
    assert "the last decision was only partly written (a crash mid-write); it was ignored" in err
    first, last = map(int, re.search(r"cut\.jsonl:(\d+)-(\d+):", err).groups())
    assert last == end and first < last  # the lines of the decision that was being written
    # the seal reported is the one before the dropped decision, not a line of it
    whole = tmp_path / "whole.jsonl"
    whole.write_text("".join(lines[: first - 1]), encoding="utf-8")
    assert main(["verify", str(whole)]) == 0
    seal = re.search(r"seal of the whole history is (\S+)", capsys.readouterr().out).group(1)
    assert f"seal of the whole history is {seal}" in out
