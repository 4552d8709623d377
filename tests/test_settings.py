"""Where things live: the user's folders, the settings file and `drawpoker
config`, histories in the data folder and `drawpoker history` listing them,
shell completion. Every test points XDG_* at a temporary folder (the real
home is never touched; tests/conftest.py does the same for the session).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from drawpoker import settings as settings_module
from drawpoker.cli.completion_cmd import candidates
from drawpoker.cli.main import main
from drawpoker.client.launch import starter
from drawpoker.client.setup import SetupModel
from drawpoker.errors import InputError
from drawpoker.rules import load_rules, shipped_names
from drawpoker.settings import Settings, config_home, data_home, load_settings, save_settings, settings_path
from drawpoker.words.i18n import translator

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private home: XDG folders inside tmp_path, the current folder too."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------- folders


def test_xdg_folders_and_their_fallbacks(home, monkeypatch):
    assert data_home() == home / "data" / "drawpoker"
    assert config_home() == home / "config" / "drawpoker"
    assert settings_path() == home / "config" / "drawpoker" / "settings.yaml"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setattr(sys, "platform", "linux")
    assert data_home() == home / "home" / ".local" / "share" / "drawpoker"
    assert config_home() == home / "home" / ".config" / "drawpoker"
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_home() == home / "home" / "Library" / "Application Support" / "drawpoker"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(home / "local"))
    monkeypatch.setenv("APPDATA", str(home / "roaming"))
    assert data_home() == home / "local" / "drawpoker"
    assert config_home() == home / "roaming" / "drawpoker"


# ---------------------------------------------------------------- drawpoker config


def test_config_set_show_unset_and_path(home, capsys):
    (home / "ours.yaml").write_text("extends: morkpoker\nbetting:\n  ante: 2\n", encoding="utf-8")
    assert run(["config", "set", "language", "nb"], capsys)[0] == 0
    assert run(["config", "set", "names", "Anna, Bjørn ,Cato"], capsys)[0] == 0
    assert run(["config", "set", "ruleset", "ours.yaml"], capsys)[0] == 0
    assert run(["config", "set", "histories", "~/poker"], capsys)[0] == 0
    assert load_settings() == Settings(
        ruleset=str(home / "ours.yaml"),
        language="nb",
        histories=str(home / "home" / "poker"),
        names=("Anna", "Bjørn", "Cato"),
    )
    status, out, _ = run(["config", "show"], capsys)
    assert status == 0 and "language:  nb" in out and "names:     Anna, Bjørn, Cato" in out
    status, out, _ = run(["config", "path", "--lang", "en"], capsys)
    assert out.splitlines() == [f"settings:  {settings_path()}", f"histories: {home / 'home' / 'poker'}"]
    status, out, _ = run(["config", "path"], capsys)  # language: nb speaks Norwegian
    assert out.splitlines() == [f"innstillinger: {settings_path()}", f"historikker:   {home / 'home' / 'poker'}"]
    assert run(["config", "unset", "names"], capsys)[0] == 0
    assert load_settings().names == ()
    assert settings_path().read_text(encoding="utf-8").startswith("# drawpoker settings")


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["config", "set", "language", "de"], 1, "drawpoker config: language: expected 'en' or 'nb', found 'de'\n"),
        (["config", "set", "names", "A,a"], 1, "drawpoker config: names: a is listed twice\n"),
        (
            ["config", "set", "names", "Abcdefghijklmn"],
            1,
            "drawpoker config: names: each name is a word of 1 to 12 letters on one line, found 'Abcdefghijklmn'\n",
        ),
        (
            ["config", "set", "ruleset", "nosuch"],
            1,
            "drawpoker config: no ruleset 'nosuch': not a file and not a shipped ruleset; shipped rulesets: "
            + ", ".join(shipped_names())
            + "\n",
        ),
        (
            ["config", "set", "histories", "a\x1bb"],
            1,
            "drawpoker config: histories: expected a folder path on one line, found 'a\\x1bb'\n",
        ),
    ],
)
def test_config_refuses_in_one_sentence_and_writes_nothing(home, capsys, argv, status, message):
    assert run(argv, capsys) == (status, "", message)
    assert not settings_path().exists()


@pytest.mark.parametrize(
    ("text", "message", "stops"),
    [
        # a language the file cannot give is a warning: the locale's language is spoken (issue 25)
        ("language: de\n", "settings.yaml:1: language: expected 'en' or 'nb', found 'de'", ()),
        (
            "langauge: nb\n",
            "settings.yaml:1: unknown setting 'langauge' (did you mean 'language'?)",
            ("play", "history"),
        ),
        (
            "language: !!str nb\n",
            "settings.yaml:1: the tag '!!str' is not used in drawpoker's files; write the value plainly (quotes make it a text)",
            ("play", "history"),
        ),
        (
            'names: [Anna, "\\e[2J"]\n',
            "settings.yaml:1: names[1]: the text holds a control character (U+001B), which cannot be shown; remove it",
            ("play", "history"),  # the YAML layer refuses the whole file
        ),
        (
            "- nb\n",
            "settings.yaml:1: the settings file is a mapping of settings (key: value), found a list",
            ("play", "history"),
        ),
        (
            "",
            "settings.yaml: the file is empty; write settings such as 'language: nb', or remove the file",
            ("play", "history"),
        ),
    ],
)
def test_a_broken_settings_file_is_one_located_sentence_everywhere(home, capsys, text, message, stops):
    """A command that needs a setting the file spoils stops with one located
    sentence; one that does not goes on (a language it cannot read is a
    warning, the locale's language spoken); config always shows the file
    and says what is wrong with it, so it can be mended (issue 25)."""
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(text, encoding="utf-8")
    shown = message.replace("settings.yaml", str(settings_path())).replace("\x1b", "\\x1b")
    for argv in (["play"], ["history"]):
        status, out, err = run(argv, capsys)
        if argv[0] in stops:
            assert (status, out) == (1, "")
            assert err == f"drawpoker {argv[0]}: {shown}\n"
        else:
            assert not err.startswith(f"drawpoker {argv[0]}: {shown}"), err
    status, out, err = run(["config", "show"], capsys)
    assert status == 0 and out.startswith("# ") and f"drawpoker config: {shown}" in err
    status, out, err = run(["hand", "As", "Ks", "Qs", "Js", "Ts"], capsys)
    assert status == 0 and "royal flush" in out


def test_config_mends_a_settings_file_it_cannot_read(home, capsys):
    """Issue 25: an invalid language stopped every command, config included."""
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("language: fr\nnames: [Anna, Bo]\n", encoding="utf-8")
    status, out, err = run(["verify", "--help"], capsys)
    assert status == 0
    status, out, err = run(["config", "path"], capsys)
    assert status == 0 and out.startswith("settings:  ") and "found 'fr'" in err
    status, out, err = run(["config", "set", "language", "nb"], capsys)
    assert status == 0 and load_settings().language == "nb" and load_settings().names == ("Anna", "Bo")
    settings_path().write_text("language: [\n", encoding="utf-8")  # not YAML at all: kept beside the new file
    status, out, err = run(["config", "set", "language", "en"], capsys)
    assert status == 0 and load_settings().language == "en"
    assert (settings_path().parent / "settings.yaml.broken").read_text(encoding="utf-8") == "language: [\n"


def test_a_settings_file_that_is_not_a_file(home, capsys):
    settings_path().parent.mkdir(parents=True)
    os.mkfifo(settings_path())
    status, _, err = run(["config", "show"], capsys)
    assert (
        status == 0
        and err
        == f"drawpoker config: {settings_path()}: is a named pipe (FIFO), not a file (ignored: 'drawpoker config set' or 'unset' mends it)\n"
    )
    with pytest.raises(InputError, match="named pipe"):
        load_settings()


def test_saving_is_atomic_and_leaves_no_temporary_file(home):
    path = save_settings(Settings(language="en"))
    save_settings(Settings(language="nb"))
    assert load_settings(path).language == "nb"
    assert [p.name for p in path.parent.iterdir()] == ["settings.yaml"]


# ---------------------------------------------------------------- the settings at the table


def test_new_histories_go_to_the_histories_folder(home):
    rules = load_rules("morkpoker")
    folder = home / "data" / "drawpoker" / "histories"
    setup = SetupModel(rules, translator("en"))
    setup.names, setup.computer = ["A", "B"], [True, True]
    session = starter(rules, None, 3)(setup)
    session.close()
    assert session.path is not None and session.path.parent == folder
    assert not (home / "histories").exists()  # the old ./histories/ is no longer the default
    other = home / "elsewhere"
    session = starter(rules, None, 3, other)(setup)
    session.close()
    assert session.path.parent == other


def test_usual_names_are_offered_seat_by_seat(home):
    m = SetupModel(load_rules("morkpoker"), translator("en"), ["Anna", "Bjørn"])
    m.type("3")
    m.enter()
    m.enter()  # empty: Anna
    for ch in "Anna":
        m.type(ch)
    m.enter()  # "Anna" again is refused; the typed name is kept
    assert m.names == ["Anna"] and m.message
    m.typing = ""
    m.enter()  # Bjørn
    m.enter()  # no third usual name: Player 3
    assert m.names == ["Anna", "Bjørn", "Player 3"]


# ---------------------------------------------------------------- drawpoker history with no file


def test_history_lists_the_sessions_newest_first(wide, home, capsys):
    folder = home / "data" / "drawpoker" / "histories"
    assert run(["history"], capsys) == (
        0,
        f"No histories in {folder} yet; 'drawpoker play' writes them there.\n",
        "",
    )
    folder.mkdir(parents=True)
    assert run(["simulate", "morkpoker", "--hands", "3", "--log", str(folder / "old.jsonl")], capsys)[0] == 0
    assert run(["simulate", "morkpoker", "--hands", "3", "--log", str(folder / "old-2.jsonl")], capsys)[0] == 0
    now = time.time()
    os.utime(folder / "old.jsonl", (now - 100, now - 100))
    os.utime(folder / "old-2.jsonl", (now - 50, now - 50))
    assert run(["simulate", "three-card-poker", "--hands", "3", "--log", str(folder / "new.jsonl")], capsys)[0] == 0
    (folder / "broken.jsonl").write_text("not a history\n", encoding="utf-8")
    os.utime(folder / "broken.jsonl", (now - 200, now - 200))
    status, out, _ = run(["history"], capsys)
    lines = out.splitlines()
    assert status == 0
    # a line of facts in columns, the name whole below it; newest first by when each session started
    assert lines[0].split() == ["started", "ruleset", "deals", "winner", "players"]
    names = [line.strip() for line in lines[2:9:2]]
    assert names[0] == "new.jsonl" and "three-card-poker" in lines[1]
    assert set(names[1:3]) == {"old.jsonl", "old-2.jsonl"} and "morkpoker" in lines[3]
    assert names[3] == "broken.jsonl" and "cannot be read: " in lines[7]
    assert lines[-2] == f"4 sessions in {folder}, newest first."
    status, out, _ = run(["history", "old-2.jsonl"], capsys)  # a name in the histories folder
    assert status == 0 and out.startswith("deal ")
    status, out, _ = run(["history", "--histories", str(home / "none")], capsys)
    assert status == 0 and out.startswith("No histories in ")


# ---------------------------------------------------------------- completion


def test_completion_candidates(home):
    (home / "ours.yaml").write_text("extends: morkpoker\n", encoding="utf-8")
    (home / "deal.yaml").write_text("", encoding="utf-8")
    (home / "old.jsonl").write_text("", encoding="utf-8")
    (home / "sub").mkdir()
    kept = home / "data" / "drawpoker" / "histories"
    kept.mkdir(parents=True)
    (kept / "2026-12-01_200000_morkpoker.jsonl").write_text("", encoding="utf-8")
    assert candidates(["drawpoker", "ru"], 1) == ["rules"]
    assert candidates(["drawpoker", "rules", ""], 2) == ["list", "check", "show", "diff", "schema"]
    assert candidates(["drawpoker", "rules", "check", "three-card-poker-r"], 3) == [
        "three-card-poker-ro",
        "three-card-poker-ru",
    ]
    assert candidates(["drawpoker", "play", "o"], 2) == ["ours.yaml"]
    assert candidates(["drawpoker", "play", "--lang", ""], 3) == ["en", "nb"]
    assert candidates(["drawpoker", "play", "--histories", "s"], 3) == ["sub/"]
    assert candidates(["drawpoker", "simulate", "morkpoker", "--h"], 3) == ["--hands", "--help"]
    assert candidates(["drawpoker", "settle", "d"], 2) == ["data/", "deal.yaml"]
    assert candidates(["drawpoker", "history", ""], 2) == [
        "data/",
        "old.jsonl",
        "sub/",
        "2026-12-01_200000_morkpoker.jsonl",
    ]
    assert candidates(["drawpoker", "replay", "2"], 2) == []
    assert candidates(["drawpoker", "replay", str(kept) + "/2"], 2) == [str(kept / "2026-12-01_200000_morkpoker.jsonl")]
    assert candidates(["drawpoker", "config", "set", "l"], 3) == ["language"]
    assert candidates(["drawpoker", "config", "set", "language", ""], 4) == ["en", "nb"]
    assert candidates(["drawpoker", "completion", ""], 2) == ["bash", "zsh"]


def _env(home):
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_the_bash_script_completes_through_the_real_command(home):
    (home / "ours.yaml").write_text("extends: morkpoker\n", encoding="utf-8")
    script = r"""
source <(drawpoker completion bash)
complete -p drawpoker
ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _drawpoker; echo "${COMPREPLY[*]}"; }
ask drawpoker ru
ask drawpoker rules show morkpoker-
ask drawpoker play ou
ask drawpoker config set language ''
"""
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60, cwd=home, env=_env(home))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "complete -o filenames -F _drawpoker drawpoker",
        "rules",
        "morkpoker-headsup-cap",
        "ours.yaml",
        "en nb",
    ]


def test_the_zsh_script(home):
    proc = subprocess.run(
        [sys.executable, "-m", "drawpoker", "completion", "zsh"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0 and proc.stdout.startswith("#compdef drawpoker\n")
    assert "drawpoker completion --candidates" in proc.stdout
    zsh = shutil.which("zsh")
    if zsh is not None:
        check = subprocess.run([zsh, "-n", "-c", proc.stdout], capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stderr


def test_simulate_help_names_the_files_it_writes(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "FILE, then FILE-2, FILE-3... beside it (out.jsonl, out-2.jsonl, ...)" in out
    assert "FILE.2" not in out


def test_settings_module_never_touches_the_real_home():
    """The session fixture points every folder into a temporary one."""
    assert str(settings_module.data_home()).startswith(os.environ["XDG_DATA_HOME"])
    assert not str(settings_module.config_home()).startswith(os.path.expanduser("~/.config"))
