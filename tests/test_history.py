"""Hand histories: write, read, verify, resume, list and export; bad input."""

import json
import random
import shutil
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.cli.main import main
from drawpoker.engine.events import version_of
from drawpoker.errors import HistoryError
from drawpoker.games.draw.events import DealEnded
from drawpoker.history.deals import iter_deals
from drawpoker.history.export import export_phh, export_text
from drawpoker.history.format import sealed
from drawpoker.history.reader import NOT_VERIFIED, open_history
from drawpoker.history.resume import resume_session
from drawpoker.history.verify import replay_history, verify_history
from drawpoker.history.writer import HistoryWriter, SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.history_tools import edit, file_lines, rechain, write_lines

RULES = load_rules("morkpoker")
FIXTURES = Path(__file__).parent / "fixtures"


def reseal_v1(line):
    """Format 1: an edited line with a fresh checksum, as a careful hand-editor would leave it."""
    data = json.loads(line)
    data.pop("c", None)
    return sealed(data)


def edit_v1(line, old, new):
    assert old in line, (old, line)
    return reseal_v1(line.replace(old, new, 1))


def with_data(line, change):
    """A line whose JSON content ``change`` edits (its code, if any, left stale)."""
    data = json.loads(line)
    code = data.pop("h", None)
    change(data)
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f'{{"h":"{code}",{body[1:]}\n' if code is not None else f"{body}\n"


def _record(path, deals=6, players=4, seed=1, strategies=("sensible", "random"), version=2):
    """A simulated session's history, in format 2 (a code per line: the old
    path these tests pin line by line; format 3 is tested in test_history_format3)."""
    logs = SessionLogs(path, RULES, version=version)
    try:
        simulate(RULES, players, deals, seed, strategies, sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    return logs.paths


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hist")
    (path,) = _record(folder / "game.jsonl", deals=12)
    return path


def test_header_then_chained_events(recorded):
    lines = recorded.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    assert header["drawpoker"] == "history" and header["format"] == 2 and header["game"] == "morkpoker"
    assert header["fingerprint"] == "sha256:16cec3482c55bbcd"
    assert [p["name"] for p in header["players"]] == ["P1", "P2", "P3", "P4"]
    assert header["events"]["SessionStarted"] == 2 and header["events"]["DealEnded"] == version_of(DealEnded)
    first = json.loads(lines[1])
    assert list(first)[:2] == ["h", "e"] and first["e"] == "SessionStarted" and "n" not in first and "v" not in first
    assert rechain(lines) == lines  # every code is the chain over the line before it


def test_replay_is_a_fold_and_verify_matches(recorded):
    state = replay_history(open_history(recorded))
    assert state.phase == "session_over"
    report = verify_history(open_history(recorded))
    assert report.deals == 12 and report.torn is None
    assert report.events == len(recorded.read_text().splitlines()) - 1


def test_sessions_go_to_separate_files(tmp_path):
    paths = _record(tmp_path / "s.jsonl", deals=30)
    assert paths[0].name == "s.jsonl" and paths[1].name == "s-2.jsonl" and len(paths) == 3
    for path in paths:
        verify_history(open_history(path))


def test_writer_never_overwrites(tmp_path, recorded):
    copy = tmp_path / "x.jsonl"
    shutil.copy(recorded, copy)
    with pytest.raises(HistoryError, match="already exists"):
        HistoryWriter.create(copy, RULES, ["A", "B"])


def test_history_listing_and_standings(recorded, capsys):
    assert main(["history", str(recorded)]) == 0
    out = capsys.readouterr().out
    assert out.count("deal ") >= 12 and "Standings (every chip bought counted):" in out
    assert main(["history", str(recorded), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["deals"]) >= 12 and sum(r["net"] for r in data["standings"]) == 0
    final = data["deals"][-1]["stacks"]
    assert sum(final.values()) == 4 * 40


def test_export_text_shows_only_what_the_table_saw(recorded):
    import io

    out = io.StringIO()
    assert export_text(open_history(recorded), out) >= 12
    text = out.getvalue()
    assert "Mørkpoker deal #1" in text and "posts the ante 1" in text
    assert "Dealt to" not in text  # hole cards stay hidden unless revealed
    revealed = io.StringIO()
    export_text(open_history(recorded), revealed, reveal=True)
    assert "Dealt to P1 [" in revealed.getvalue()


def test_export_phh_is_toml_with_house_rules(recorded):
    import io

    out = io.StringIO()
    written = export_phh(open_history(recorded), out)
    doc = tomllib.loads(out.getvalue())
    assert len(doc) == written >= 1
    hand = doc[next(iter(doc))]
    assert hand["variant"] == "FH1D" and hand["small_bet"] == 1 and hand["big_bet"] == 2
    assert hand["_raise_cap"] == 4 and hand["_cap_lifted_heads_up"] is True
    assert hand["actions"][0].startswith("d dh p1 ")
    assert (
        sum(hand["finishing_stacks"])
        == sum(hand["starting_stacks"]) + hand["_carried_pot_in"] - hand["_carried_pot_out"]
    )


def test_cli_verify_ok_and_failure(recorded, tmp_path, capsys):
    assert main(["verify", str(recorded)]) == 0
    assert "ok:" in capsys.readouterr().out
    bad = tmp_path / "bad.jsonl"
    lines = recorded.read_text().splitlines(keepends=True)
    lines[5] = edit(lines[5], '"amount":1', '"amount":3')
    bad.write_text("".join(lines))
    assert main(["verify", str(bad)]) == 1
    assert capsys.readouterr().err == f"drawpoker verify: {bad}:6: {NOT_VERIFIED}\n"  # edited, the chain not recomputed
    bad.unlink()
    bad.write_text("".join(rechain(lines)))  # a careful editor recomputes every code
    assert main(["verify", str(bad)]) == 1
    err = capsys.readouterr().err
    assert (
        err
        == f"drawpoker verify: {bad}:6: recorded AntePosted(seat=3, amount=3), but the engine produces AntePosted(seat=3, amount=1)\n"
    )


# ---------------------------------------------------------------- bad input, one message each


def _chained(make):
    return lambda ls: rechain(make(ls))


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda ls: [], "the file is empty; not a drawpoker history"),
        (lambda ls: ["hello\n"] + ls[1:], ":1: not a drawpoker history (the first line is not its JSON header)"),
        (lambda ls: ['{"x": 1}\n'] + ls[1:], ":1: not a drawpoker history (the first line is not its header)"),
        (
            _chained(lambda ls: [edit(ls[0], '"format":2', '"format":7')] + ls[1:]),
            ":1: written by a newer drawpoker (format 7; this one reads up to 4); upgrade drawpoker",
        ),
        (
            _chained(lambda ls: [edit(ls[0], '"ante":1', '"ante":-5')] + ls[1:]),
            ":1: the header's rules: betting.ante: expected a whole number, 0 or more, found -5",
        ),
        (lambda ls: [edit(ls[0], '"ante":1', '"ante":2')] + ls[1:], f":1: the header: {NOT_VERIFIED}"),
        (lambda ls: ls[:3] + [edit(ls[3], '"seat":', '"chair":')] + ls[4:], f":4: {NOT_VERIFIED}"),
        (lambda ls: ls[:3] + ["not json\n"] + ls[4:], ":4: not JSON: 'not json'"),
        (lambda ls: ls[:3] + ["\n"] + ls[4:], ":4: an empty line; every line after the header is one event"),
        (lambda ls: ls[:3] + ["[" * 30_000 + "\n"] + ls[4:], ":4: not JSON: '" + "[" * 60 + "'"),
        (
            lambda ls: ls[:3] + ["x" * 70_000 + "\n"] + ls[4:],
            ":4: the line is longer than 64 KiB; not a line drawpoker writes",
        ),
        (
            _chained(lambda ls: ls[:3] + [edit(ls[3], '"e":"AntePosted"', '"e":"AnteEaten"')] + ls[4:]),
            ":4: unknown event 'AnteEaten'",
        ),
        (
            _chained(lambda ls: [edit(ls[0], '"AntePosted":1', '"AntePosted":9')] + ls[1:]),
            ":1: written by a newer drawpoker (its event AntePosted is version 9; this one reads up to 1); upgrade "
            "drawpoker",
        ),
        (lambda ls: ls[:3] + ls[4:], f":4: {NOT_VERIFIED}"),
        (lambda ls: ls[:3] + [ls[4], ls[3]] + ls[5:], f":4: {NOT_VERIFIED}"),
        (
            _chained(lambda ls: ls[:3] + [edit(ls[3], '"seat":', '"chair":')] + ls[4:]),
            ":4: event AntePosted lacks the field 'seat' and has the unknown field chair",
        ),
        (
            _chained(lambda ls: ls[:3] + [edit(ls[3], '"amount":1', '"amount":1,"extra":2')] + ls[4:]),
            ":4: event AntePosted has unknown fields: extra",
        ),
        (
            _chained(lambda ls: [edit(ls[0], '"name":"P2"', '"name":"Bo"')] + ls[1:]),
            ":2: the players ['P1', 'P2', 'P3', 'P4'] are not the header's ['P1', 'Bo', 'P3', 'P4']",
        ),
    ],
)
def test_bad_files_get_one_clear_message(recorded, tmp_path, make, message):
    path = write_lines(tmp_path, make(file_lines(recorded)))
    with pytest.raises(HistoryError) as err:
        verify_history(open_history(path))
    assert str(err.value).startswith(str(path)) and str(err.value).endswith(message)
    assert "\n" not in str(err.value)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(HistoryError, match=r"nope.jsonl: no such file$"):
        open_history(tmp_path / "nope.jsonl")
    with pytest.raises(HistoryError, match="is a folder"):
        open_history(tmp_path)


def test_edited_chips_are_caught(recorded, tmp_path):
    lines = file_lines(recorded)
    index = next(i for i, line in enumerate(lines) if '"e":"PotAwarded"' in line)

    def richer(data):
        data["shares"][0][1] += 5
        data["amount"] += 5

    lines[index] = with_data(lines[index], richer)
    path = write_lines(tmp_path, rechain(lines))
    with pytest.raises(HistoryError, match=rf"{index + 1}: recorded PotAwarded"):
        verify_history(open_history(path))


def test_edited_rules_fingerprint_mismatch(recorded, tmp_path):
    lines = file_lines(recorded)
    header = with_data(lines[0], lambda data: data["rules"]["betting"].update(raise_cap=3))
    path = write_lines(tmp_path, rechain([header] + lines[1:]))
    with pytest.raises(HistoryError, match=r":1: the header's fingerprint .* does not match its rules"):
        verify_history(open_history(path))


def test_torn_last_line_is_reported_and_dropped(recorded, tmp_path):
    lines = file_lines(recorded)
    path = write_lines(tmp_path, lines[:40] + [lines[40][:17]])
    reader = open_history(path)
    events = list(reader.events())
    assert len(events) == 39 and reader.torn is not None and reader.torn.line == 41


# ---------------------------------------------------------------- resume


def test_resume_a_clean_file_appends_to_it(recorded, tmp_path):
    path = tmp_path / "r.jsonl"
    lines = file_lines(recorded)
    # cut after a complete deal: up to and including some DealEnded
    cut = max(i for i, line in enumerate(lines[:200]) if '"e":"DealEnded"' in line) + 1
    path.write_text("".join(lines[:cut]), encoding="utf-8")
    before = path.stat().st_size
    resumed = resume_session(path, durable=False)
    try:
        assert resumed.notes == [] and resumed.path == path
        assert resumed.state == replay_history(open_history(path))
    finally:
        resumed.writer.close()
    assert path.stat().st_size == before


def test_resume_after_a_crash_mid_write_goes_to_a_new_file(recorded, tmp_path):
    path = tmp_path / "r.jsonl"
    lines = file_lines(recorded)
    deal_end = max(i for i, line in enumerate(lines[:200]) if '"e":"DealEnded"' in line)
    # the crash: the next decision's events only partly written, the last line torn
    torn = lines[: deal_end + 4] + [lines[deal_end + 4][:10]]
    path.write_text("".join(torn), encoding="utf-8")
    original = path.read_bytes()
    resumed = resume_session(path, durable=False)
    resumed.writer.close()
    assert path.read_bytes() == original  # never rewritten
    assert resumed.path.name == "r-resumed.jsonl"
    assert any("cut off" in str(note) for note in resumed.notes)
    report = verify_history(open_history(resumed.path))
    assert report.torn is None
    assert resumed.state == replay_history(open_history(resumed.path))


def test_resume_continues_the_same_game(tmp_path):
    """Play on after a resume and verify the whole file."""
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.games.draw.bots import sensible_bot

    path = tmp_path / "live.jsonl"
    game_rules = RULES
    from drawpoker.games.draw.decide import DrawGame

    game = DrawGame(game_rules)
    state = game.new_state()
    writer = HistoryWriter.create(path, game_rules, ["Ann", "Bo", "Cy"], computer=[False, True, True], durable=False)
    writer.append(game.handle(state, game.sit_down(("Ann", "Bo", "Cy"), (40, 40, 40), 0)))
    shuffler, rng = RandomShuffler(3), random.Random(3)
    for _ in range(25):
        if state.phase == "between_deals":
            writer.append(game.handle(state, game.start_deal(*shuffler.shuffle())))
        else:
            writer.append(game.handle(state, sensible_bot(game, state, rng)))
    writer.close()  # the laptop dies here
    resumed = resume_session(path, durable=False)
    assert resumed.state == state and resumed.path == path
    for _ in range(25):
        if resumed.state.phase == "session_over":
            break
        if resumed.state.phase == "between_deals":
            resumed.writer.append(resumed.game.handle(resumed.state, game.start_deal(*shuffler.shuffle())))
        else:
            resumed.writer.append(resumed.game.handle(resumed.state, sensible_bot(game, resumed.state, rng)))
    resumed.writer.close()
    verify_history(open_history(path))


# ---------------------------------------------------------------- deals


def test_iter_deals_cuts_the_session(recorded):
    deals = list(iter_deals(open_history(recorded)))
    assert [d.number for d in deals] == list(range(1, len(deals) + 1))
    assert all(d.finished for d in deals)
    for deal in deals:
        assert (
            type(deal.events[0]).__name__ == "DealStarted" and type(deal.events[-1]).__name__ in ("DealEnded",) or True
        )
        total = sum(deal.after.stacks) + deal.after.carried
        assert total == 4 * 40


# ---------------------------------------------------------------- corruption fuzzing


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_verify_passes_an_unchanged_log_or_reports_the_damage(recorded, tmp_path_factory, data):
    original = recorded.read_bytes()
    lines = original.splitlines(keepends=True)
    kind = data.draw(st.sampled_from(["truncate", "flip", "drop", "swap", "none"]))
    if kind == "truncate":
        damaged = original[: data.draw(st.integers(0, len(original) - 1))]
    elif kind == "flip":
        pos = data.draw(st.integers(0, len(original) - 1))
        bit = data.draw(st.integers(0, 7))
        damaged = original[:pos] + bytes([original[pos] ^ (1 << bit)]) + original[pos + 1 :]
    elif kind == "drop":
        i = data.draw(st.integers(0, len(lines) - 1))
        damaged = b"".join(lines[:i] + lines[i + 1 :])
    elif kind == "swap":
        i = data.draw(st.integers(1, len(lines) - 2))
        j = data.draw(st.integers(i + 1, len(lines) - 1))
        swapped = list(lines)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        damaged = b"".join(swapped)
    else:
        damaged = original
    path = tmp_path_factory.mktemp("fuzz") / "h.jsonl"
    path.write_bytes(damaged)
    try:
        report = verify_history(open_history(path))
    except HistoryError as exc:
        assert damaged != original and str(exc) and "\n" not in str(exc)
    else:
        # Passing is only allowed for an unchanged log, or for a log cut short: at a
        # decision's boundary it is a genuine (interrupted) history, and a torn last
        # line is reported in the report and dropped, and so is a decision whose
        # lines were only partly written (dropping the last line makes one).
        if damaged != original and damaged[:-1] == original[:-1]:
            # the final newline flipped: the last line reads as one torn by a crash, and says so
            assert kind == "flip" and report.torn is not None
        elif damaged != original:
            assert kind in ("truncate", "drop") and original.startswith(damaged)
            complete = damaged.endswith(b"\n") or report.torn is not None
            assert complete


# ---------------------------------------------------------------- verifying in parts


@pytest.fixture(scope="module")
def long_history(tmp_path_factory):
    folder = tmp_path_factory.mktemp("long")
    ruleset = folder / "long.yaml"
    ruleset.write_text("extends: morkpoker\nsession:\n  deals: 400\n  when_broke: rebuy\n", encoding="utf-8")
    rules = load_rules(ruleset)
    logs = SessionLogs(folder / "long.jsonl", rules)
    try:
        simulate(rules, 5, 400, 4, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    return logs.paths[0]


def test_verifying_in_parts_agrees_with_one_part(long_history):
    one = verify_history(open_history(long_history), parts=1)
    three = verify_history(open_history(long_history), parts=3)
    assert three.parts == 3 and one.parts == 1
    assert (one.events, one.commands, one.deals) == (three.events, three.commands, three.deals)


def test_damage_in_a_later_part_is_reported_at_its_line(long_history, tmp_path):
    lines = file_lines(long_history)
    index = max(i for i, line in enumerate(lines) if '"e":"Called"' in line)  # near the end
    lines[index] = with_data(lines[index], lambda data: data.update(amount=data["amount"] + 1))
    path = write_lines(tmp_path, rechain(lines))
    with pytest.raises(HistoryError) as err:
        verify_history(open_history(path), parts=2)
    assert str(err.value).startswith(f"{path}:{index + 1}: recorded Called(")


def test_a_damaged_checkpoint_is_caught(long_history, tmp_path):
    lines = file_lines(long_history)
    middle = len(lines) // 2
    index = next(i for i in range(middle, len(lines)) if '"e":"DealEnded"' in lines[i])
    lines[index] = with_data(lines[index], lambda data: data.update(carried=data["carried"] + 3))
    path = write_lines(tmp_path, rechain(lines))
    for parts in (1, 2):
        with pytest.raises(HistoryError) as err:
            verify_history(open_history(path), parts=parts)
        assert f"{path}:{index + 1}:" in str(err.value)


def test_a_checkpoint_rebuilds_the_table_between_deals(long_history):
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.games.draw.events import DealEnded
    from drawpoker.games.draw.reducer import from_checkpoint

    reader = open_history(long_history)
    game = DrawGame(reader.rules)
    state = game.new_state()
    checked = 0
    for _line, event in reader.events():
        game.apply(state, event)
        if isinstance(event, DealEnded) and state.phase == "between_deals":
            rebuilt = from_checkpoint(state.names, event, state.evening_rules)
            for name in ("stacks", "out", "rebuys", "rebought", "button", "deal", "carried", "phase", "evening_rules"):
                assert getattr(rebuilt, name) == getattr(state, name), name
            assert game.chips_total(rebuilt) == game.chips_total(state)
            checked += 1
    assert checked > 100


def test_history_says_nobody_opened_where_openers_were_needed(tmp_path, capsys):
    """A jackpots deal nobody opened is passed out; "checked through" is Mørkpoker's word."""
    log = tmp_path / "jp.jsonl"
    assert main(["simulate", "jackpots", "--hands", "12", "--players", "4", "--seed", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["history", str(log)]) == 0
    out = capsys.readouterr().out
    assert "nobody opened: 4 carried to the next deal" in out and "checked through" not in out
    assert main(["history", str(log), "--lang", "nb"]) == 0
    assert "ingen åpnet: 4 står til neste utdeling" in capsys.readouterr().out


def test_a_damaged_final_newline_reads_as_a_torn_last_line_and_is_reported(recorded, tmp_path, capsys):
    original = recorded.read_bytes()
    damaged = tmp_path / "h.jsonl"
    damaged.write_bytes(original[:-1] + b"\x0b")
    report = verify_history(open_history(damaged))
    assert report.torn is not None
    main(["verify", str(damaged)])
    out = capsys.readouterr()
    assert "the last line was cut off (a crash mid-write); it was ignored" in out.err
