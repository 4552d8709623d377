"""Every file and path a user gives meets one boundary and one YAML layer,
every refusal is one located sentence, every output is terminal-safe, and
a ruleset `rules check` accepts is one the table plays (issue 13).

Each case here was seen to fail before: a traceback, a hang, a crash at
the table, or escape sequences printed raw.
"""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from drawpoker.cli import main as cli_main
from drawpoker.cli.main import main
from drawpoker.client.launch import new_session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction, RulesError
from drawpoker.games import game_for
from drawpoker.rules import load_rules
from tests.changed_rules import changed_rules

ROOT = Path(__file__).resolve().parent.parent


def run(argv, capsys):
    """main(argv) in-process: (status, stdout, stderr)."""
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def refused(tmp_path, capsys, text, name="house.yaml"):
    """`rules check` of a file holding ``text``: exit 1 and the lines on stderr."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status, out, err = run(["rules", "check", str(path)], capsys)
    assert status == 1, (out, err)
    assert "Traceback" not in err and out == ""
    return [line.replace(str(tmp_path) + "/", "") for line in err.splitlines()]


# ---------------------------------------------------------------- the YAML layer

YAML_CASES = [
    (
        "description: 2001-13-45\n",
        "house.yaml:2: description: '2001-13-45' is a date in YAML, and drawpoker's files hold no dates; "
        "put it in quotes if you mean the text",
    ),
    (
        "betting:\n  ante: !!int x\n",
        "house.yaml:3: the tag '!!int' is not used in drawpoker's files; write the value plainly (quotes make it a text)",
    ),
    (
        "betting:\n  cap_lifted_heads_up: !!bool maybe\n",
        "house.yaml:3: the tag '!!bool' is not used in drawpoker's files; write the value plainly (quotes make it a text)",
    ),
    (
        "betting:\n  <<: {ante: 3}\n",
        "house.yaml:3: betting: merge keys (<<) are not used in drawpoker's files; write the settings out",
    ),
    (
        "betting:\n  !foo k: 1\n",
        "house.yaml:3: the tag '!foo' is not used in drawpoker's files; write the value plainly (quotes make it a text)",
    ),
    (
        "betting:\n  ante: " + "9" * 5000 + "\n",
        "house.yaml:3: betting.ante: a number of 5000 digits is too big (at most 15 digits)",
    ),
    (
        "betting: " + "[" * 10_000 + "\n",
        "house.yaml:2: values nested more than 32 deep; drawpoker's files are a few levels deep",
    ),
    (
        "betting:\n  incomplete_raise_reopens: .inf\n",
        "house.yaml:3: betting.incomplete_raise_reopens: '.inf' is not a finite number; write a plain number",
    ),
    (
        "betting:\n  incomplete_raise_reopens: 1e-9999999\n",
        "house.yaml:3: betting.incomplete_raise_reopens: expected a fraction from 0 to 1 with a denominator of at "
        "most 12, like 1/2 or 0.5, found '1e-9999999'",
    ),
    (
        'description: "\\ud800"\n',
        "house.yaml:2: description: the text holds a lone surrogate (U+D800), which is not a character; remove it",
    ),
    (
        "session:\n  deals: 1:30\n",
        "house.yaml:3: session.deals: '1:30' is a number in minutes and seconds in YAML 1.1 (90); write a plain "
        "number, or put it in quotes if you mean the text",
    ),
    (
        "session:\n  deals: 012\n",
        "house.yaml:3: session.deals: '012' is not a plain decimal number (YAML 1.1 reads a leading 0 as octal, "
        "0x as hexadecimal); write the number in plain digits",
    ),
    (
        'description: "\\e[31mEvil\\e]0;PWNED\\a"\n',
        "house.yaml:2: description: the text holds a control character (U+001B), which cannot be shown; remove it",
    ),
    ("description: ok\x1b[2J\n", "house.yaml:2: not valid YAML: the character U+001B is not allowed in YAML"),
    (
        'description: "two\\nlines"\n',
        "house.yaml:2: description: expected a text of one line of at most 300 characters; the text must be one "
        "line (it holds a tab or a line break), found 'two\nlines'",
    ),
]


@pytest.mark.parametrize(("text", "message"), YAML_CASES, ids=[f"case{i}" for i in range(len(YAML_CASES))])
def test_the_yaml_layer_refuses_in_one_located_sentence(tmp_path, capsys, text, message):
    lines = refused(tmp_path, capsys, "extends: morkpoker\n" + text)
    assert lines == [message.replace("\n", "\\x0a")]


def test_an_alias_bomb_and_aliases_of_aliases_are_bounded(tmp_path, capsys):
    nested = "a0: &a0 " + "[" * 30 + "1" + "]" * 30 + "\n"
    for i in range(1, 40):
        nested += f"a{i}: &a{i} " + "[" * 30 + f"*a{i - 1}" + "]" * 30 + "\n"
    (line,) = refused(tmp_path, capsys, "game: morkpoker\n" + nested)
    assert "nested more than 32 deep" in line or "too many values" in line


def test_plain_yaml_still_reads_as_before():
    rules = load_rules(ROOT / "rulesets" / "morkpoker.yaml")
    assert rules == load_rules("morkpoker")


# ---------------------------------------------------------------- files that are not files


@pytest.fixture
def specials(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    return tmp_path


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("./fifo", "./fifo: is a named pipe (FIFO), not a file"),
        ("/dev/zero", "/dev/zero: is a device, not a file"),
        ("./loop", "./loop: too many symbolic links (a link loop?)"),
        ("./missing.yaml", "./missing.yaml: no such file"),
        ("./", "./: is a folder, not a file"),
        (
            "fifo",
            "no ruleset 'fifo': not a file and not a shipped ruleset; to extend the file of that name, write './fifo'",
        ),
    ],
)
def test_extends_what_is_not_a_file_is_refused_at_once(specials, capsys, reference, message):
    assert refused(specials, capsys, f"extends: {reference}\n") == ["house.yaml:1: extends: " + message]


def test_a_settle_file_whose_rules_are_a_fifo_is_refused_at_once(specials, capsys):
    deal = specials / "round.yaml"
    deal.write_text(
        "game: three-card-poker\nrules: ./fifo\ndealer: Ah Jc 8s\nplayers:\n  - {name: A, cards: 7s 7d Kc, ante: 1}\n",
        encoding="utf-8",
    )
    status, out, err = run(["settle", str(deal)], capsys)
    assert (status, out) == (1, "")
    assert err == f"drawpoker settle: {deal}:2: rules: ./fifo: is a named pipe (FIFO), not a file\n"


def test_command_line_paths_that_are_not_files(specials, capsys):
    for path, why in [
        (specials / "fifo", "is a named pipe (FIFO), not a file"),
        (specials / "loop", "too many symbolic links (a link loop?)"),
        ("/dev/zero", "is a device, not a file"),
    ]:
        for argv in (["rules", "show", str(path)], ["settle", str(path)], ["simulate", str(path), "--hands", "1"]):
            status, out, err = run(argv, capsys)
            assert (status, out) == (1, ""), argv
            assert err == f"drawpoker {argv[0]}: {path}: {why}\n"


def test_a_nul_in_a_path_is_one_sentence():
    with pytest.raises(RulesError, match=r"^a\x00b.yaml: the file name contains a NUL character$"):
        load_rules("a\x00b.yaml")
    with pytest.raises(RulesError, match="NUL"):
        load_rules(Path("a\x00b"))


def test_special_files_never_hang_a_real_process(specials):
    """Through the installed entry point, with a timeout: a FIFO nobody writes to."""
    (specials / "ext.yaml").write_text("extends: ./fifo\n", encoding="utf-8")
    for argv in (["rules", "check", str(specials / "ext.yaml")], ["rules", "show", str(specials / "fifo")]):
        proc = subprocess.run(
            [sys.executable, "-m", "drawpoker", *argv], capture_output=True, text=True, timeout=30, cwd=specials
        )
        assert proc.returncode == 1
        assert "named pipe" in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.splitlines()) == 1


# ---------------------------------------------------------------- rules check is the table's promise


def test_stacks_too_small_for_a_three_card_bet_are_refused_by_check_in_the_tables_words(tmp_path, capsys):
    sentence = "every player needs a stack of at least 2 chips (the smallest ante and its Play bet)"
    text = "extends: three-card-poker-home\nsession: {starting_stack: 1}\n"
    assert refused(tmp_path, capsys, text) == [f"house.yaml:2: session.starting_stack: {sentence}"]
    rules = changed_rules("three-card-poker-home", session__starting_stack=1)
    game = game_for(rules)
    with pytest.raises(IllegalAction) as exc:
        game.handle(game.new_state(), game.sit_down(("A", "B"), (1, 1), 0))
    assert str(exc.value) == sentence


def test_rotating_rounds_that_do_not_divide_are_refused_for_the_fewest_players_they_hit(tmp_path, capsys):
    text = "extends: three-card-poker-no\nsession:\n  deals: 12\n"
    sentence = "12 rounds cannot be dealt equally by 5 dealers taking 1 round each; use a multiple of 5, or 'auto'"
    assert refused(tmp_path, capsys, text) == [f"house.yaml:3: session.deals: {sentence}"]
    rules = changed_rules("three-card-poker-no", session__deals=12)
    game = game_for(rules)
    with pytest.raises(IllegalAction) as exc:
        game.handle(game.new_state(), game.sit_down(tuple("ABCDE"), (40,) * 5, 0))
    assert str(exc.value) == sentence
    ok = tmp_path / "ok.yaml"
    ok.write_text("extends: three-card-poker-no\nsession:\n  deals: 60\n", encoding="utf-8")
    assert main(["rules", "check", str(ok)]) == 0


def test_a_refused_sit_down_writes_no_history(tmp_path):
    """The crash at 'agree and deal' left a header-only history; now the
    table's refusal comes before any file is made."""
    rules = changed_rules("three-card-poker-home", session__starting_stack=1)
    path = tmp_path / "h" / "session.jsonl"
    with pytest.raises(IllegalAction, match="at least 2 chips"):
        new_session(rules, ["A", "B"], [False, False], path, RandomShuffler(1), random.Random(1))
    assert not path.exists()


@pytest.mark.parametrize("name", ["morkpoker", "three-card-poker", "three-card-poker-no", "three-card-poker-ro"])
def test_simulate_refuses_a_player_count_in_the_tables_words(name, capsys):
    status, _, err = run(["simulate", name, "--players", "9", "--hands", "1"], capsys)
    assert status == 1
    assert err.startswith("drawpoker simulate: these rules seat ") and err.endswith(", not 9\n")


# ---------------------------------------------------------------- terminal-safe output

BIDI = "Eve\u202eliam"  # a right-to-left override: allowed in a name, shown escaped


def test_settle_refuses_escapes_in_names_and_shows_invisible_marks_escaped(tmp_path, capsys):
    source = (ROOT / "examples" / "side-pot.yaml").read_text(encoding="utf-8")
    evil = tmp_path / "evil.yaml"
    evil.write_text(source.replace("Anna", '"\\e[31mEvil\\e]0;PWNED\\a"', 1), encoding="utf-8")
    status, out, err = run(["settle", str(evil)], capsys)
    assert (status, out) == (1, "")
    assert "\x1b" not in err and "\x07" not in err
    assert err.endswith("the text holds a control character (U+001B), which cannot be shown; remove it\n")

    marked = tmp_path / "marked.yaml"
    marked.write_text(source.replace("Anna", BIDI), encoding="utf-8")
    status, out, _ = run(["settle", str(marked)], capsys)
    assert status == 0 and "\u202e" not in out and "Eve\\u202eliam" in out
    status, out, _ = run(["settle", "--json", str(marked)], capsys)
    assert status == 0 and "\u202e" not in out
    assert BIDI in json.loads(out)["stacks"]


def test_escapes_in_a_file_name_are_shown_escaped(tmp_path, capsys):
    path = tmp_path / "x\x1b]0;PWNED\x07.yaml"
    path.write_text("extends: morkpoker\nbetting:\n  ante: x\n", encoding="utf-8")
    for argv in (["rules", "check", str(path)], ["rules", "show", str(path)], ["settle", str(path)]):
        status, out, err = run(argv, capsys)
        assert status == 1
        assert "\x1b" not in out + err and "\x07" not in out + err
        assert "x\\x1b]0;PWNED\\x07.yaml" in err


def test_argparse_complaints_are_made_visible(capsys):
    status, _, err = run(["rules", "frob\x1b[2J"], capsys)
    assert status == 2 and "\x1b" not in err and "frob\\x1b[2J" in err
    status, _, err = run(["hand", "As\x1b[2J"], capsys)
    assert status == 1 and "\x1b" not in err


def test_rules_show_and_simulate_of_a_refused_description_leave_nothing_behind(tmp_path, capsys):
    path = tmp_path / "surrogate.yaml"
    path.write_text('extends: morkpoker\ndescription: "\\ud800"\n', encoding="utf-8")
    log = tmp_path / "log.jsonl"
    for argv in (["rules", "show", str(path)], ["simulate", str(path), "--hands", "2", "--log", str(log)]):
        status, out, err = run(argv, capsys)
        assert (status, out) == (1, "") and "lone surrogate" in err
    assert not log.exists()


# ---------------------------------------------------------------- the error edge


def test_an_unexpected_error_is_one_line_and_a_bug_report_hint(monkeypatch, capsys):
    from drawpoker.cli import hand_cmd

    def broken(args):
        raise ZeroDivisionError("boom\x1b[2J")

    monkeypatch.setattr(hand_cmd, "run", broken)
    monkeypatch.delenv(cli_main.DEBUG_VARIABLE, raising=False)
    status, out, err = run(["hand", "As"], capsys)
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1 and "\x1b" not in err
    assert err.startswith("drawpoker hand: internal error (ZeroDivisionError: boom\\x1b[2J); this is a bug")
    assert "DRAWPOKER_DEBUG=1" in err
    monkeypatch.setenv(cli_main.DEBUG_VARIABLE, "1")
    with pytest.raises(ZeroDivisionError):
        main(["hand", "As"])


def test_a_file_that_cannot_be_written_is_one_sentence(tmp_path, capsys):
    status, out, err = run(["simulate", "morkpoker", "--hands", "1", "--log", str(tmp_path / "no" / "x.jsonl")], capsys)
    assert status == 1
    assert err.startswith("drawpoker simulate: ") and "Traceback" not in err and len(err.splitlines()) == 1


def test_histories_written_before_the_stricter_kinds_still_read():
    """rules_from_data reads what the program wrote before: fractions of any
    denominator, descriptions with line breaks, numbers of many digits."""
    from fractions import Fraction

    from drawpoker.rules import rules_from_data, rules_to_data

    data = rules_to_data(load_rules("morkpoker"))
    data["betting"]["incomplete_raise_reopens"] = "37/100"
    data["description"] = "two\nlines"
    data["session"]["starting_stack"] = 10**20
    rules = rules_from_data(data, "old.jsonl:1")
    assert rules.betting.incomplete_raise_reopens == Fraction(37, 100)
    assert rules.description == "two\nlines" and rules.session.starting_stack == 10**20
    with pytest.raises(RulesError):  # a file may not say so
        from drawpoker.rules.document import parse_yaml
        from drawpoker.rules.loading import _finish
        from drawpoker.rules.model import DrawRules

        _finish(DrawRules, parse_yaml("betting:\n  incomplete_raise_reopens: 37/100\n", "new.yaml"))
