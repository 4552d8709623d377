"""Fuzzing the commands that read histories: mutated files at the CLI boundary.

Every run of history, history --json, verify (with and without --seal),
export (text, revealed, PHH) on a damaged or hand-edited history ends with
exit 0, 1 or 2, a few lines on stderr, no traceback, no hang, and the file
unchanged. Mutations are made both carelessly (the chain codes left as they
were: caught as "not verified") and carefully (every code recomputed after
the edit, so the edit reaches the parser, the decoder and the engine), on
histories of format 3 (a code per command) and format 2 (a code per line).
"""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.cli_fuzz import OPERATIONS, Ran, assert_kept_to_the_edge, cli, mutate, snapshot
from tests.history_tools import rechain

FUZZ = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
COMMANDS = [
    ["history"],
    ["history", "--json"],
    ["verify"],
    ["verify", "--seal", "4KQ8-ZT0M"],
    ["export"],
    ["export", "--reveal"],
    ["export", "--format", "phh"],
]


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """Both games, in format 3 (as written now: a code per command) and in
    format 2 (a code per line: older histories, still read and resumed)."""
    folder = tmp_path_factory.mktemp("fuzzsrc")
    out = []
    for version in (3, 2):
        for name, players in (("morkpoker", 3), ("three-card-poker", 2)):
            rules = load_rules(name)
            logs = SessionLogs(folder / f"{name}-{version}.jsonl", rules, version=version)
            simulate(rules, players, 3, 2, ("random",), sink=logs.write, on_session=logs.start)
            logs.close()
            out.append(logs.paths[0])
    return out


def _kept(ran: Ran) -> None:
    """The edge's promises; PHH's one-line notice that Mørkpoker has no standard code may come first."""
    if ran.argv[-1] == "phh" and ran.err.startswith("PHH has no variant"):
        ran = attrs.evolve(ran, err=ran.err.split("\n", 1)[1])
    assert_kept_to_the_edge(ran)


operations = st.lists(
    st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 400), st.integers(0, 10_000)), min_size=1, max_size=4
)


@FUZZ
@given(which=st.integers(0, 3), steps=operations, careful=st.booleans(), command=st.sampled_from(COMMANDS))
def test_mutated_histories(tmp_path_factory, sources, which, steps, careful, command):
    source = sources[which]
    text = mutate(source.read_text(encoding="utf-8"), steps)
    if careful:
        lines = text.splitlines(keepends=True)
        if lines and lines[0].startswith('{"h":"') and len(lines[0]) > 18:
            text = "".join(rechain(lines))  # format 3: a code per command (the coded lines end them)
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "h.jsonl"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = snapshot(folder)
    ran = cli([command[0], str(path), *command[1:]], cwd=folder)
    _kept(ran)
    if ran.status == 0 and command == ["history", "--json"]:
        json.loads(ran.out)
    assert snapshot(folder) == before


@FUZZ
@given(which=st.integers(0, 3), data=st.data(), command=st.sampled_from(COMMANDS))
def test_damaged_bytes(tmp_path_factory, sources, which, data, command):
    original = sources[which].read_bytes()
    kind = data.draw(st.sampled_from(["truncate", "flip", "drop", "repeat", "zero"]))
    lines = original.splitlines(keepends=True)
    if kind == "truncate":
        damaged = original[: data.draw(st.integers(0, len(original) - 1))]
    elif kind == "flip":
        pos = data.draw(st.integers(0, len(original) - 1))
        damaged = original[:pos] + bytes([original[pos] ^ (1 << data.draw(st.integers(0, 7)))]) + original[pos + 1 :]
    elif kind == "drop":
        i = data.draw(st.integers(0, len(lines) - 1))
        damaged = b"".join(lines[:i] + lines[i + 1 :])
    elif kind == "repeat":
        i = data.draw(st.integers(0, len(lines) - 1))
        damaged = b"".join(lines[: i + 1] + lines[i:])
    else:
        pos = data.draw(st.integers(0, len(original) - 1))
        damaged = original[:pos] + b"\x00" * data.draw(st.integers(1, 300)) + original[pos:]
    folder = tmp_path_factory.mktemp("bytes")
    path = folder / "h.jsonl"
    path.write_bytes(damaged)
    before = snapshot(folder)
    ran = cli([command[0], str(path), *command[1:]], cwd=folder)
    _kept(ran)
    assert snapshot(folder) == before


@pytest.mark.parametrize("command", COMMANDS)
def test_a_deal_before_the_session_started_is_refused_in_one_sentence(tmp_path, sources, command):
    """Found by the fuzzing: the header's next two lines swapped and the chain
    recomputed, so a deal starts before anybody sat down; export ended in an
    IndexError."""
    text = "".join(rechain(mutate(sources[0].read_text(encoding="utf-8"), [("swap", 1, 0)]).splitlines(True)))
    path = tmp_path / "h.jsonl"
    path.write_text(text, encoding="utf-8")
    ran = cli([command[0], str(path), *command[1:]], cwd=tmp_path)
    _kept(ran)
    assert ran.status == 1
    # every reader refuses the decision itself, at the same line (history and export re-run the deals
    # through the engine first, as verify does: issue 25)
    assert f"{path}:2:" in ran.err
