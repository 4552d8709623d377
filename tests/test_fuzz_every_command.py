"""Fuzzing every command of the command line, where tests/test_fuzz_cli.py
(rulesets, deals, a few commands' arguments) and tests/test_fuzz_history.py
(histories read by history, verify and export) do not reach:

- every subcommand (and every action of ``rules`` and ``config``) with
  garbled arguments drawn from its own options, their neighbours' and junk;
- every kind of file a command reads -- a ruleset (by every command that
  takes one, and by a deal's ``rules:``), a deal, a history (also in the
  histories folder, listed, counted in the standings, resumed), the
  settings file -- damaged: cut short, bits flipped, in UTF-16 or Latin-1,
  with NUL bytes, far too big, or a folder where the file should be.

Every run ends with exit 0, 1 or 2; a refusal is said on stderr in
sentences that each name the command (and, for a damaged file, the file),
never a traceback or a bug report; the output is safe for a terminal; and
nothing is written where nothing should be: no file beside the input, no
settings changed, no history or export left behind by a command that
failed."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.terminal import cells
from tests.cli_fuzz import ROOT, Ran, assert_kept_to_the_edge, cli, snapshot

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
#: the sentence of the two commands that need a terminal before they read anything (in en and nb)
TERMINAL = (
    "drawpoker play needs a terminal",
    "drawpoker replay needs a terminal",
    "drawpoker play trenger en terminal",
    "drawpoker replay trenger en terminal",
)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home of its own (settings, histories) and a working folder, each snapshotted."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "80")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "work").mkdir()
    return tmp_path


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> dict[str, bytes]:
    """An undamaged file of each kind: a ruleset that extends nothing, a deal,
    a history of an evening with names and a chip value, a settings file."""
    folder = tmp_path_factory.mktemp("sources")
    history = folder / "h.jsonl"
    ran = cli(["simulate", "jackpots", "--players", "4", "--hands", "6", "--seed", "2", "--log", str(history)])
    assert ran.status == 0, ran
    return {
        "ruleset": (ROOT / "rulesets" / "three-card-poker.yaml").read_bytes(),
        "deal": (ROOT / "examples" / "side-pot.yaml").read_bytes(),
        "history": history.read_bytes(),
        "settings": "language: nb\nnames: [Anna, Bjørn, 'Åse Berg']\nbot_time_limit: 2\n".encode(),
    }


def _kept(ran: Ran, *names: str) -> None:
    """What every run keeps to; a refusal in sentences that each name the command (and ``names``: where)."""
    if ran.err.startswith(TERMINAL):
        said = [line for line in ran.err.splitlines() if not line.startswith("    ")]  # (in a narrow terminal: wrapped)
        assert ran.status == 1 and len(said) == 1, ran
        return
    assert_kept_to_the_edge(ran, most_lines=40)
    if ran.status != 0:
        assert ran.err.strip(), ran  # (never a silent failure)
    if ran.status == 1 and names:
        assert any(name in ran.err for name in names), ran


# ---------------------------------------------------------------- garbled arguments, every command

#: each command (or action) and words of its own worth drawing
COMMANDS: dict[tuple[str, ...], list[str]] = {
    ("play",): [
        "--resume",
        "--log",
        "--histories",
        "--seed",
        "--pause",
        "--strategy",
        "--phones",
        "--no-phones",
        "--listen",
        "--port",
        "--cert",
        "--key",
        "--bot-time-limit",
        "--ascii",
        "morkpoker",
    ],
    ("settle",): ["--json", "examples/side-pot.yaml", "examples/three-card-round.yaml"],
    ("simulate",): [
        "--players",
        "--hands",
        "--seed",
        "--strategy",
        "--bot-time-limit",
        "--log",
        "--json",
        "morkpoker",
        "three-card-poker",
        "easy,strong",
        "x.py:Bot",
    ],
    ("history",): ["--histories", "--json"],
    ("standings",): [
        "--histories",
        "--since",
        "--until",
        "--ruleset",
        "--players",
        "--json",
        "--csv",
        "2026-01-01",
        "2026-13-45",
        "Anna,Bjørn",
    ],
    ("replay",): ["--histories", "--deal", "--ascii", "--reveal-live-deal"],
    ("verify",): ["--histories", "--seal", "4KQ8-ZT0M-1B3C-9XYZ-ABC6", "4KQ8"],
    ("export",): [
        "--histories",
        "--format",
        "text",
        "phh",
        "--deal",
        "--reveal",
        "--reveal-live-deal",
        "--output",
        "-o",
        "out.txt",
    ],
    ("rules",): ["list", "check", "show", "diff", "schema", "--yaml"],
    ("rules", "list"): [],
    ("rules", "check"): ["morkpoker", "rulesets/jackpots.yaml"],
    ("rules", "show"): ["--yaml", "morkpoker"],
    ("rules", "diff"): ["morkpoker", "jackpots"],
    ("rules", "schema"): [],
    ("analyze",): ["--json", "--players", "three-card-poker", "morkpoker"],
    ("hand",): ["--rules", "As", "Kd", "7c", "7d", "2s", "Jk", "AsKd7c", "10h", "A♠", "deuces-wild"],
    ("config",): ["show", "set", "unset", "path"],
    ("config", "show"): [],
    ("config", "set"): [
        "ruleset",
        "language",
        "histories",
        "names",
        "alias",
        "bot_time_limit",
        "phones",
        "nb",
        "en",
        "Anna,Bjørn",
        "Bjorn=Bjørn",
        "0",
        "601",
        "true",
        "maybe",
    ],
    ("config", "unset"): ["ruleset", "language", "histories", "names", "alias", "bot_time_limit", "phones"],
    ("config", "path"): [],
    ("completion",): ["bash", "zsh", "fish"],
    (): ["--version", "-h"],
}
COMMON = [
    "--lang",
    "en",
    "nb",
    "de",
    "--json",
    "--",
    "-",
    "-x",
    "--nope",
    "0",
    "-1",
    "99",
    "1e9",
    "9" * 30,
    "x",
    "",
    "=",
    "--lang=nb",
    "/dev/zero",
    "/dev/null",
    "nowhere.yaml",
    ".",
    "..",
    "/",
]
JUNK = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=10)


@st.composite
def command_lines(draw) -> list[str]:
    command = draw(st.sampled_from(sorted(COMMANDS)))
    own = COMMANDS[command]
    word = st.sampled_from(own + COMMON) if own else st.sampled_from(COMMON)
    return [*command, *draw(st.lists(st.one_of(word, word, JUNK), max_size=5))]


def _homes(config: object, data: object) -> tuple[str, str]:
    """Point the settings and the histories at ``config`` and ``data``; where they pointed
    (a Hypothesis test cannot take the function-scoped ``home``; the session's private home is put back)."""
    kept = os.environ["XDG_CONFIG_HOME"], os.environ["XDG_DATA_HOME"]
    os.environ["XDG_CONFIG_HOME"], os.environ["XDG_DATA_HOME"] = str(config), str(data)
    return kept


def _may_write(argv: list[str], status: int) -> bool:
    """Whether a run may have written a file: only a success that was asked to."""
    if status != 0:
        return False
    asked = {"--log", "--output", "-o"} & set(argv) or any(a.startswith(("--log=", "--output=", "-o")) for a in argv)
    return bool(asked) or argv[:2] in (["config", "set"], ["config", "unset"])


def _work(base: Path) -> Path:
    """A working folder under ``base`` with copies of the examples (no bots) and the rulesets."""
    work = base / "work"
    work.mkdir()
    shutil.copytree(ROOT / "examples", work / "examples", ignore=shutil.ignore_patterns("bots"))
    shutil.copytree(ROOT / "rulesets", work / "rulesets")
    return work


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=command_lines())
def test_every_command_with_garbled_arguments(tmp_path_factory, argv):
    base = tmp_path_factory.mktemp("argv")
    kept = _homes(base / "config", base / "data")
    try:
        work = _work(base)
        before = snapshot(base)
        # (simulate's default is 1000 deals: a fuzzed line plays a few)
        words = [*argv, "--hands", "3"] if argv[:1] == ["simulate"] and "--hands" not in argv else argv
        ran = cli(words, seconds=60, cwd=work)
        _kept(ran)
        if not _may_write(words, ran.status):
            assert snapshot(base) == before, ran
    finally:
        _homes(*kept)


@contextlib.contextmanager
def _columns(columns: int) -> Iterator[None]:
    """The terminal ``columns`` wide, as ``COLUMNS`` says (a Hypothesis test cannot take ``monkeypatch``)."""
    kept = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(columns)
    try:
        yield
    finally:
        if kept is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = kept


def _garbled(base: Path, words: list[str], columns: int) -> Ran:
    """``drawpoker WORDS`` in a home and working folder of its own under ``base``, ``columns`` wide."""
    base.mkdir()
    kept = _homes(base / "config", base / "data")
    try:
        work = _work(base)
        with _columns(columns):
            return cli(words, seconds=60, cwd=work, terminal=True)
    finally:
        _homes(*kept)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=command_lines(), lang=st.sampled_from([[], ["--lang", "nb"]]))
def test_every_command_in_a_narrow_terminal(tmp_path_factory, argv, lang):
    """What a command says on stderr fits a terminal 40 columns wide, in
    either language, and says everything it says in a wide one: each
    sentence wrapped between its words (a path after a folder's
    separator), its next lines four columns in; the same exit status."""
    base = tmp_path_factory.mktemp("narrow")
    words = [*argv, *lang]
    words = [*words, "--hands", "3"] if words[:1] == ["simulate"] and "--hands" not in words else words
    wide = _garbled(base / "w", words, 1000)
    narrow = _garbled(base / "n", words, 40)  # (its home named as long as the other's: the same words)
    _kept(narrow)
    assert narrow.status == wide.status, (wide, narrow)
    lines = narrow.err.splitlines()
    assert all(cells(line) <= 40 for line in lines), narrow
    assert "".join(narrow.err.split()) == "".join(wide.err.split()).replace(f"{base}/w/", f"{base}/n/"), (wide, narrow)
    if len(wide.err.splitlines()) == 1 and narrow.err:  # (one sentence: its next lines four columns in)
        assert all(line.startswith("    ") for line in lines[1:]), narrow


# ---------------------------------------------------------------- damaged files, every reader


def _damaged(data: bytes, how: str, at: int, bit: int) -> bytes:
    if how == "cut":
        return data[: at % max(1, len(data))]
    if how == "flip":
        i = at % len(data)
        return data[:i] + bytes([data[i] ^ (1 << bit)]) + data[i + 1 :]
    if how == "utf-16":
        return data.decode("utf-8").encode("utf-16")
    if how == "latin-1":
        return data.decode("utf-8").encode("latin-1", errors="replace")
    if how == "nul":
        i = at % len(data)
        return data[:i] + b"\x00" * (1 + bit) + data[i:]
    if how == "huge":
        return data + b"#" * (12 * 1024 * 1024)
    if how == "one-line":
        return b"{" + b"x" * (3 * 1024 * 1024)
    if how == "empty":
        return b""
    raise AssertionError(how)


DAMAGE = ["cut", "cut", "flip", "flip", "utf-16", "latin-1", "nul", "huge", "one-line", "empty", "folder"]

#: how each kind of file is read: the command line, with {f} for the file and {d} for its folder
READERS = {
    "ruleset": [
        ["rules", "check", "{f}"],
        ["rules", "show", "{f}"],
        ["rules", "show", "--yaml", "{f}"],
        ["rules", "diff", "three-card-poker", "{f}"],
        ["simulate", "{f}", "--hands", "2", "--log", "{d}/out.jsonl"],
        ["analyze", "{f}"],
        ["hand", "As", "Kd", "Qc", "--rules", "{f}"],
        ["play", "{f}"],
        ["config", "set", "ruleset", "{f}"],
        ["settle", "{d}/deal.yaml"],  # (a deal whose rules: are the file)
    ],
    "deal": [["settle", "{f}"], ["settle", "--json", "{f}"]],
    "history": [
        ["history", "{f}"],
        ["history", "--json", "{f}"],
        ["verify", "{f}"],
        ["export", "{f}"],
        ["export", "--format", "phh", "{f}"],
        ["export", "{f}", "-o", "{d}/out.txt"],
        ["replay", "{f}"],
        ["play", "--resume", "{f}"],
        ["history", "--histories", "{d}"],
        ["standings", "--histories", "{d}"],
        ["standings", "--histories", "{d}", "--csv"],
        ["verify", "--histories", "{d}"],
    ],
    "settings": [["config", "show"], ["config", "path"], ["history"], ["standings"], ["hand", "As", "Kd", "Qc"]],
}
CASES = [(kind, i) for kind, readers in READERS.items() for i in range(len(readers))]


@FUZZ
@given(case=st.sampled_from(CASES), how=st.sampled_from(DAMAGE), at=st.integers(0, 10**6), bit=st.integers(0, 7))
def test_damaged_files_at_every_reader(tmp_path_factory, sources, case, how, at, bit):
    kind, i = case
    base = tmp_path_factory.mktemp("damaged")
    config, data, folder = base / "config", base / "data", base / "in"
    folder.mkdir()
    name = {"ruleset": "house.yaml", "deal": "deal.yaml", "history": "h.jsonl", "settings": "settings.yaml"}[kind]
    path = config / "drawpoker" / name if kind == "settings" else folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "folder":
        path.mkdir()
    else:
        path.write_bytes(_damaged(sources[kind], how, at, bit))
    if kind == "ruleset":  # a deal of that game, its rules the damaged file
        deal = (ROOT / "examples" / "three-card-round.yaml").read_text(encoding="utf-8")
        (folder / "deal.yaml").write_text(f"rules: {path}\n" + deal.replace("rules:", "# rules:"), encoding="utf-8")
    argv = [word.format(f=path, d=folder) for word in READERS[kind][i]]
    kept = _homes(config, data)
    try:
        before = snapshot(base)
        ran = cli(argv, seconds=60, cwd=folder)
    finally:
        _homes(*kept)
    where = (path.name, str(path)) if argv[0] not in ("settle",) or kind == "deal" else (path.name, "deal.yaml")
    if "--histories" in argv:  # (the folder read: a file there that is no history is no history to read)
        where = (*where, str(folder))
    _kept(ran, *where)
    after = snapshot(base)
    if ran.status != 0 or not _may_write(argv, ran.status):
        changed = {k for k in set(after) | set(before) if after.get(k) != before.get(k)}
        # (config may set a settings file it cannot read aside, and write a new one: said, not a loss)
        allowed = {str(config / "drawpoker" / "settings.yaml")} if argv[:2] == ["config", "set"] else set()
        assert not {c for c in changed if c not in allowed and ".broken" not in c}, (ran, changed)


# ---------------------------------------------------------------- what the fuzzing found


@pytest.mark.parametrize("command", [["verify"], ["history"], ["export"], ["standings"], ["replay"]])
def test_a_history_whose_end_is_one_huge_line_in_the_folder(home, sources, command):
    """Found: a history with 12 MB of junk and no newline after its last deal,
    in the histories folder: the list read its last 256 KiB, found no line in
    them, and ended in an IndexError (verify, export and replay with no file
    take the newest session from that list)."""
    folder = home / "histories"
    folder.mkdir()
    path = folder / "h.jsonl"
    path.write_bytes(sources["history"] + b"#" * (12 * 1024 * 1024))
    ran = cli([*command, "--histories", str(folder)], cwd=home / "work")
    _kept(ran, str(path))
    if command == ["history"]:  # the list: the file is listed, with what is wrong with it
        assert ran.status == 0 and "h.jsonl" in ran.out and "cannot be read" in ran.out
    elif command == ["standings"]:  # the season: counted without it, and said so
        assert ran.status == 0 and ran.err.count("the line is longer than 64 KiB") == 1, ran
    elif command != ["replay"]:
        assert ran.status == 1 and ran.err.count("the line is longer than 64 KiB") == 1, ran


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["simulate", "morkpoker", "--hands", "2", "--log", "{}"], "--log"),
        (["export", "{h}", "--output", "{}"], "--output/-o"),
        (["history", "--histories", "{}"], "--histories"),
        (["standings", "--histories", "{}"], "--histories"),
        (["verify", "--histories", "{}"], "--histories"),
        (["play", "--log", "{}"], "--log"),
        (["play", "--histories", "{}"], "--histories"),
        (["play", "--cert", "{}", "--key", "k.pem"], "--cert"),
    ],
)
@pytest.mark.parametrize(
    "name", ["", "a\x00b", "a\x1b[2Jb.jsonl", "a\nb", "a\u202eb"], ids=["empty", "NUL", "ESC", "newline", "RLO"]
)
def test_a_file_option_named_by_nothing_or_with_a_nul(home, sources, argv, option, name):
    """Found: ``--log ''`` (or ``--output ''``, ``--histories ''``) was taken
    for no option at all -- simulate played and wrote no history, export
    printed to the screen, the default folder was read -- and a NUL in one
    (from a program calling the command line) ended in an internal error
    (ValueError: embedded null byte). Now a slip on the command line, said
    as one (exit 2), and nothing is written. So is a control or invisible
    character (found: ``--log $'a\\x1bb'`` played and wrote a file of that
    name, as a player's name with one in it is refused)."""
    history = home / "h.jsonl"
    history.write_bytes(sources["history"])
    words = [word.replace("{h}", str(history)).replace("{}", name) for word in argv]
    before = snapshot(home)
    ran = cli(words, cwd=home / "work")
    said = {
        "": "expected a file name, found an empty word",
        "a\x00b": "the file name contains a NUL character",
    }.get(name, "the file name contains a control or invisible character ({})")
    odd = next((ch for ch in name if not ch.isprintable()), " ")
    said = said.format(f"U+{ord(odd):04X}")
    assert ran.status == 2 and ran.out == ""
    assert ran.err == f"drawpoker {argv[0]}: {option}: {said}\n"
    assert snapshot(home) == before


@pytest.mark.parametrize("damage", ["folder", "fifo", "not utf-8", "utf-16", "huge"])
@pytest.mark.parametrize("command", [["history"], ["standings"], ["play"]])
def test_a_settings_file_that_cannot_be_read_is_said_once(home, command, damage):
    """Found: a settings file that could not be read at all (not UTF-8, a
    folder...) was said twice by a command that needs it: a warning that
    the language is the locale's, then the command's own refusal of the
    same file. Now the refusal alone, one sentence; a command that does not
    need the settings (hand) still goes on with the warning."""
    path = home / "config" / "drawpoker" / "settings.yaml"
    path.parent.mkdir(parents=True)
    if damage == "folder":
        path.mkdir()
    elif damage == "fifo":
        os.mkfifo(path)
    else:
        data = {"not utf-8": b"names: [\xff]\n", "utf-16": "language: nb\n".encode("utf-16")}.get(damage)
        path.write_bytes(data if data is not None else b"#" * (300 * 1024))
    ran = cli(command, cwd=home / "work")
    assert ran.status == 1 and ran.err.startswith(f"drawpoker {command[0]}: {path}") and ran.err.count("\n") == 1, ran
    ran = cli(["hand", "As", "Kd", "Qc"], cwd=home / "work")
    assert ran.status == 0 and ran.out
    if damage != "huge":  # (the quick look at the language reads the file's beginning: comments, to it)
        assert ran.err.startswith(f"drawpoker: warning: {path}") and ran.err.count("\n") == 1, ran
