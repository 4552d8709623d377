"""The quick commands start without loading what they do not need
(issue 15: ``drawpoker hand`` and ``drawpoker rules list`` start fast; the
times themselves are measured in bench/startup.py, never asserted here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from drawpoker.rules import load_rules
from drawpoker.rules.shipped import quick_description, shipped

HEAVY = ("yaml", "attr", "attrs", "prompt_toolkit", "drawpoker.rules.model", "drawpoker.games", "drawpoker.ranking")


def modules_after(args: list[str]) -> list[str]:
    code = (
        "import sys\n"
        "from drawpoker.cli.main import main\n"
        f"status = main({args!r})\n"
        "print(status, sorted(m for m in sys.modules if m.startswith(" + repr(HEAVY) + ")))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return out.splitlines()[-1].split(" ", 1)


@pytest.mark.parametrize(
    "args",
    [["hand", "As Kd 7c 7d 2s"], ["hand", "As Kd 7c 7d 2s 3s 9h"], ["rules", "list"], ["--version"]],
)
def test_quick_commands_load_no_yaml_attrs_rules_model_or_games(args):
    if args == ["--version"]:
        proc = subprocess.run([sys.executable, "-m", "drawpoker", "--version"], capture_output=True, text=True)
        assert proc.returncode == 0 and proc.stdout.startswith("drawpoker ")
        return
    status, loaded = modules_after(args)
    assert status == "0" and loaded == "[]"


def test_every_shipped_description_read_quickly_is_the_loaders():
    for name in shipped():
        quick = quick_description(name)
        assert quick is None or quick == load_rules(name).description, name


@pytest.mark.parametrize(
    "line, quick",
    [
        ("description: Plain words (with parentheses), commas", "Plain words (with parentheses), commas"),
        ("description: 'quoted'", None),
        ('description: "quoted"', None),
        ("description: >\n  folded", None),
        ("description: a: b", None),
        ("description: words # a comment", None),
        ("game: morkpoker", None),
    ],
)
def test_only_a_plain_line_is_read_quickly(tmp_path, monkeypatch, line, quick):
    import drawpoker.rules.shipped as module

    (tmp_path / "x.yaml").write_text(f"game: morkpoker\n{line}\n", encoding="utf-8")
    monkeypatch.setattr(module, "shipped_folder", lambda: tmp_path)
    assert module.quick_description("x") == quick


def test_the_quick_list_is_every_shipped_ruleset_in_order():
    from drawpoker.rules.shipped import quick_list

    listed = quick_list()
    assert listed is not None  # a checkout or an installed package: a plain folder
    assert listed == [(name, quick_description(name)) for name in shipped()]


# ---------------------------------------------------------------- every import, not only the heavy ones

ROOT = Path(__file__).resolve().parent.parent

#: Never imported by ``drawpoker hand`` (no --rules) or ``drawpoker rules list``:
#: the third-party packages, the rest of drawpoker, and the standard modules
#: that cost a start a few milliseconds each (gettext itself is argparse's).
NEVER = (
    "yaml",
    "attr",
    "attrs",
    "prompt_toolkit",
    "wcwidth",
    "typing",
    "shutil",
    "pathlib",
    "json",
    "struct",
    "urllib",
    "ipaddress",
    "fnmatch",
    "contextlib",
    "dataclasses",
    "inspect",
    "importlib.util",
    "importlib.metadata",
    "importlib.resources",
    "tempfile",
    "random",
    "hashlib",
    "datetime",
    "zlib",
    "bz2",
    "lzma",
)
QUICK = {
    "drawpoker",
    "drawpoker.cli",
    "drawpoker.cli.main",
    "drawpoker.terminal",
    "drawpoker.errors",
    "drawpoker.notes",  # the errors are raised with notes: a class, no imports
    "drawpoker.client",
    "drawpoker.words",
    "drawpoker.words.i18n",
    "drawpoker.places",
}
ALLOWED = {
    "hand": QUICK | {"drawpoker.cli.hand_cmd", "drawpoker.cards", "drawpoker.hands", "drawpoker.hand_tables"},
    "rules": QUICK | {"drawpoker.cli.rules_cmd", "drawpoker.rules", "drawpoker.rules.shipped", "drawpoker.wrapping"},
}


def imported_by(args: list[str], tmp_path) -> tuple[int, set[str], int]:
    """(exit status, every module the command imported, the size of the
    five-card key-sum table afterwards), in an interpreter started without
    its site hooks (``-S``: an install's import hook, which imports modules
    of its own into every process, is not run) that finds this checkout
    first and then the environment's packages."""
    import json
    import os
    import sysconfig

    code = (
        "import sys\n"
        f"sys.path[:0] = [{str(ROOT)!r}]\n"
        f"sys.path.append({sysconfig.get_paths()['purelib']!r})\n"
        "before = set(sys.modules)\n"
        "from drawpoker.cli.main import main\n"
        f"status = main({args!r})\n"
        "loaded = sorted(set(sys.modules) - before)\n"
        "hands = sys.modules.get('drawpoker.hands')\n"
        "table = len(hands._UNSUITED_TABLE) if hands else -1\n"
        "import json\n"
        "print(json.dumps([status, loaded, table]))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "XDG_", "LC_", "LANG"))}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"), LANG="en_US.UTF-8")
    done = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path, env=env
    )
    status, loaded, table = json.loads(done.stdout.splitlines()[-1])
    return status, set(loaded), table


def never(loaded: set[str]) -> list[str]:
    """The modules of NEVER (or inside them) among ``loaded``."""
    return sorted(m for m in loaded for n in NEVER if m == n or m.startswith(n + "."))


@pytest.mark.parametrize(
    "args",
    [
        ["hand", "As Kd 7c 7d 2s"],
        ["hand", "AsKd7c7d2s", "--lang", "en"],
        ["rules", "list"],
        ["rules", "list", "--lang", "en"],
    ],
)
def test_a_quick_command_imports_only_its_own_few_modules(args, tmp_path):
    status, loaded, table = imported_by(args, tmp_path)
    assert status == 0
    assert never(loaded) == []
    assert {m for m in loaded if m.startswith("drawpoker")} <= ALLOWED[args[0]]
    assert table in (0, -1), "one hand is classified without filling the look-up tables"


def test_the_guard_sees_what_a_fuller_command_loads(tmp_path):
    """The same look, pointed where more is loaded, sees it: gettext's
    reader of the compiled catalogue for Norwegian (it unpacks with struct),
    the filled tables for the best of seven cards."""
    status, loaded, table = imported_by(["hand", "As Kd 7c 7d 2s", "--lang", "nb"], tmp_path)
    assert status == 0 and "gettext" in loaded and "struct" in never(loaded)
    status, loaded, table = imported_by(["hand", "As Kd 7c 7d 2s 3s 9h"], tmp_path)
    assert status == 0 and table == 360919


def test_a_three_card_hand_loads_its_evaluator_and_nothing_heavy(tmp_path):
    """Three cards are Three Card Poker's: its evaluator lives in the games
    package, which loads no game, typing or third-party package for it."""
    status, loaded, _ = imported_by(["hand", "As Kd 7c"], tmp_path)
    assert status == 0 and never(loaded) == []
    assert {m for m in loaded if m.startswith("drawpoker")} <= ALLOWED["hand"] | {
        "drawpoker.games",
        "drawpoker.games.three_card",
        "drawpoker.games.three_card.hands",
        "drawpoker.games.three_card.hand3_tables",
    }
