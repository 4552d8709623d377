"""The quick commands start without loading what they do not need
(issue 15: ``drawpoker hand`` and ``drawpoker rules list`` start fast; the
times themselves are measured in bench/startup.py, never asserted here)."""

from __future__ import annotations

import subprocess
import sys

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
