"""Fuzzing the command line at its edge, one input kind at a time: mutated
rulesets (from every shipped one), mutated settle files (from every
example), special files and odd paths, and odd command lines.

Every run must end with exit 0, 1 or 2, a few lines on stderr, no
traceback and no bug report, terminal-safe output, within a time limit,
changing no file it should not. And every ruleset that ``rules check``
accepts must show, and simulate a few deals at its fewest and its most
players: ``rules check`` is the table's promise.

Most examples run in-process (fast); a handful run as a real process.
The whole file takes a few tens of seconds.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.rules import load_rules, shipped_names
from drawpoker.rules.kinds import Choice, Flag, Maybe, Paytable, Ratio, Whole
from drawpoker.rules.model import settings as model_settings
from drawpoker.rules.seating import seat_range
from tests.cli_fuzz import OPERATIONS, ROOT, assert_kept_to_the_edge, cli, mutate, snapshot

SHIPPED = shipped_names()
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
KEPT = snapshot(ROOT / "rulesets", ROOT / "examples")

operations = st.lists(
    st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 200), st.integers(0, 10_000)), min_size=1, max_size=4
)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _ruleset_text(name: str, form: str) -> str:
    text = (ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8")
    if form == "whole":
        return text
    # the README's form: extends a shipped ruleset and changes a few settings (here: two sections of it)
    head, *sections = text.split("\n\n")
    head = "\n".join(line for line in head.splitlines() if not line.startswith(("game:", "extends:")))
    return f"{head}\nextends: {name}\n\n" + "\n\n".join(sections[:2]) + "\n"


def _promise_kept(path: Path, folder: Path) -> None:
    """An accepted ruleset shows, and simulates at its fewest and most players."""
    rules = load_rules(path)
    ran = cli(["rules", "show", str(path)], cwd=folder)
    assert ran.status == 0, ran
    low, high = seat_range(rules)
    for players in sorted({low, high}):
        ran = cli(["simulate", str(path), "--players", str(players), "--hands", "3", "--seed", "1"], cwd=folder)
        assert_kept_to_the_edge(ran)
        assert ran.status == 0, ran


@FUZZ
@given(name=st.sampled_from(SHIPPED), form=st.sampled_from(["whole", "extends"]), steps=operations)
def test_mutated_rulesets(tmp_path_factory, name, form, steps):
    folder = tmp_path_factory.mktemp("rules")
    path = folder / "house.yaml"
    path.write_text(mutate(_ruleset_text(name, form), steps), encoding="utf-8")
    before = snapshot(folder)
    ran = cli(["rules", "check", str(path)], cwd=folder)
    assert_kept_to_the_edge(ran)
    if ran.status == 0:
        _promise_kept(path, folder)
    else:
        assert ran.status == 1 and ran.out == "" and ran.err
    assert snapshot(folder) == before
    assert snapshot(ROOT / "rulesets", ROOT / "examples") == KEPT


@FUZZ
@given(example=st.sampled_from(EXAMPLES), steps=operations, as_json=st.booleans())
def test_mutated_settle_files(tmp_path_factory, example, steps, as_json):
    folder = tmp_path_factory.mktemp("settle")
    path = folder / example.name
    path.write_text(mutate(example.read_text(encoding="utf-8"), steps), encoding="utf-8")
    before = snapshot(folder)
    ran = cli(["settle", str(path), *(["--json"] if as_json else [])], cwd=folder)
    assert_kept_to_the_edge(ran)
    if ran.status == 0 and as_json:
        json.loads(ran.out)
    assert snapshot(folder) == before


def _plausible(kind) -> st.SearchStrategy:
    """Values a house might really write for a setting of this kind: mostly valid, sometimes just out of range."""
    if isinstance(kind, Maybe):
        return st.one_of(st.just(kind.none_word), _plausible(kind.inner))
    if isinstance(kind, Whole):
        return st.integers(max(0, kind.minimum - 1), min(kind.largest, kind.minimum + 12))
    if isinstance(kind, Choice):
        return st.sampled_from(list(kind.meanings))
    if isinstance(kind, Flag):
        return st.sampled_from(["true", "false"])
    if isinstance(kind, Ratio):
        return st.sampled_from(["0", "1/3", "1/2", "3/4", "1", "0.25"])
    if isinstance(kind, Paytable):
        return st.dictionaries(st.sampled_from(list(kind.hands)), st.integers(0, 50), max_size=3).map(
            lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"
        )
    return st.just("a house")


@st.composite
def house_rules(draw):
    """An ``extends:`` file changing one to five settings of a shipped ruleset."""
    name = draw(st.sampled_from(SHIPPED))
    fields = [(path, field) for path, field, _, _ in model_settings(load_rules(name)) if len(path) == 2]
    chosen = draw(st.lists(st.sampled_from(fields), min_size=1, max_size=5, unique_by=lambda f: f[0]))
    sections: dict[str, list[str]] = {}
    for (section, key), field in chosen:
        sections.setdefault(section, []).append(f"  {key}: {draw(_plausible(field.metadata['kind']))}")
    return f"extends: {name}\n" + "".join(f"{s}:\n" + "\n".join(lines) + "\n" for s, lines in sections.items())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=house_rules())
def test_every_ruleset_check_accepts_is_played_at_its_fewest_and_most_players(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("promise")
    path = folder / "house.yaml"
    path.write_text(text, encoding="utf-8")
    ran = cli(["rules", "check", str(path)], cwd=folder)
    assert_kept_to_the_edge(ran)
    if ran.status == 0:
        _promise_kept(path, folder)
    assert list(folder.iterdir()) == [path]


_WORDS = st.sampled_from(
    ["morkpoker", "three-card-poker", "--json", "--players", "0", "-1", "99", "--hands", "x", "--seed", "--", "-"]
)
_TEXT = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=12)
_COMMANDS = [
    ["rules", "check"],
    ["rules", "show"],
    ["rules", "diff", "morkpoker"],
    ["settle"],
    ["simulate", "--hands", "2"],
    ["hand"],
    ["rules"],
    [],
]


@settings(max_examples=120, deadline=None)
@given(command=st.sampled_from(_COMMANDS), words=st.lists(st.one_of(_WORDS, _TEXT), max_size=4))
def test_odd_command_lines(tmp_path_factory, command, words):
    folder = tmp_path_factory.mktemp("argv")
    ran = cli([*command, *words], cwd=folder)
    assert_kept_to_the_edge(ran)
    assert list(folder.iterdir()) == []


# ---------------------------------------------------------------- special files and paths


@pytest.fixture(scope="module")
def specials(tmp_path_factory):
    """One of each thing a path can be that is not a readable ruleset."""
    folder = tmp_path_factory.mktemp("specials")
    os.mkfifo(folder / "fifo")
    (folder / "loop").symlink_to(folder / "loop")
    (folder / "dangling").symlink_to(folder / "nowhere")
    (folder / "folder").mkdir()
    (folder / "empty.yaml").write_bytes(b"")
    (folder / "binary.yaml").write_bytes(b"game: \xff\xfe\x00\n")
    (folder / "huge.yaml").write_bytes(b"game: morkpoker\n" + b"#" * (300 * 1024))
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(folder / "socket"))
    yield folder
    sock.close()


PATHS = [
    "fifo",
    "loop",
    "dangling",
    "folder",
    "empty.yaml",
    "binary.yaml",
    "huge.yaml",
    "socket",
    "/dev/zero",
    "/dev/null",
    "/dev/stdin",
    "x" * 300 + ".yaml",
    "a\x00b.yaml",
    "\x1b]0;PWNED\x07.yaml",
    "",
]
READERS = [
    ["rules", "check"],
    ["rules", "show"],
    ["rules", "diff", "morkpoker"],
    ["settle"],
    ["settle", "--json"],
    ["simulate", "--hands", "2"],
    ["analyze"],
]


@pytest.mark.parametrize("name", PATHS, ids=[repr(p)[:20] for p in PATHS])
def test_special_files_and_paths_in_process(specials, name):
    path = name if name.startswith("/") or not name else str(specials / name)
    before = snapshot(specials)
    for command in READERS:
        ran = cli([*command, path], seconds=10, cwd=specials)
        assert_kept_to_the_edge(ran, most_lines=3)
        assert ran.status == 1, ran
    assert snapshot(specials) == before


@pytest.mark.parametrize("name", ["fifo", "loop", "/dev/zero", "socket"])
def test_special_files_as_extends_and_as_settle_rules(specials, tmp_path, name):
    reference = name if name.startswith("/") else str(specials / name)
    ruleset = tmp_path / "ext.yaml"
    ruleset.write_text(f"extends: {reference}\n", encoding="utf-8")
    deal = tmp_path / "deal.yaml"
    deal.write_text(
        f"game: three-card-poker\nrules: {reference}\ndealer: Ah Jc 8s\nplayers:\n  - {{name: A, cards: 7s 7d Kc, ante: 1}}\n",
        encoding="utf-8",
    )
    for argv in (["rules", "check", str(ruleset)], ["settle", str(deal)]):
        ran = cli(argv, seconds=10, cwd=tmp_path)
        assert_kept_to_the_edge(ran, most_lines=1)
        assert ran.status == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "check", "{d}/fifo"],
        ["rules", "show", "/dev/zero"],
        ["settle", "{d}/loop"],
        ["simulate", "{d}/socket", "--hands", "1"],
        ["rules", "check", "{d}/huge.yaml"],
    ],
)
def test_special_files_through_a_real_process(specials, argv):
    argv = [a.format(d=specials) for a in argv]
    proc = subprocess.run(
        [sys.executable, "-m", "drawpoker", *argv], capture_output=True, text=True, timeout=60, cwd=specials
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and len(proc.stderr.splitlines()) == 1
    assert proc.stdout == ""


def test_a_mutated_ruleset_through_a_real_process(tmp_path):
    """The in-process runs stand for real ones: the same edge, seen from outside."""
    path = tmp_path / "house.yaml"
    text = _ruleset_text("morkpoker", "extends").replace("ante: 1 ", "ante: " + "9" * 5000 + " ")
    path.write_text(text, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "drawpoker", "rules", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    inproc = cli(["rules", "check", str(path)], cwd=tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (inproc.status, inproc.out, inproc.err)
    assert proc.returncode == 1 and "a number of 5000 digits is too big" in proc.stderr


def test_the_fuzzers_command_line_says_each_failing_example_and_goes_on(capsys):
    # (python -m tests.keys_fuzz and tests.replay_fuzz share it)
    from tests.cli_fuzz import fuzz_main

    drawn: list[int] = []

    def example(rng, n, shared, length):
        drawn.append(rng.randrange(1000))

        def run():
            if n == 1:
                raise ValueError("a finding")
            return [f"screen {shared}", "deal"]

        return f"steps up to {length}", run

    assert (
        fuzz_main(
            ["--examples", "3", "--seed", "5", "--length", "7"],
            "python -m tests.x_fuzz",
            "x",
            30,
            lambda folder: folder.is_dir(),
            example,
        )
        == 1
    )
    said, err = capsys.readouterr()
    assert said.startswith("seed 5\n") and "--- example 1: steps up to 7\n" in said and "ValueError: a finding" in err
    assert said.endswith("reached (runs): deal 2, screen True 2\n3 examples, 1 failed\n")
    first = list(drawn)
    drawn.clear()
    assert fuzz_main(["--examples", "3", "--seed", "5"], "p", "x", 30, lambda folder: 0, example) == 1
    assert drawn == first and len(set(first)) > 1  # the same seed draws the same examples
