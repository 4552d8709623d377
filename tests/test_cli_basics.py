import re
import subprocess
import sys

from drawpoker.cli.main import main


def test_help_lists_subcommands(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "hand" in out


def test_hand_command(capsys):
    assert main(["hand", "Kh Kd 7s 7c As"]) == 0
    assert "two pair, kings and sevens, ace kicker" in capsys.readouterr().out


def test_bad_card_is_one_sentence_exit_1(capsys):
    assert main(["hand", "AsKx7c"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "drawpoker hand: 'Kx' is not a card: unknown suit 'x'"


def test_python_dash_m_works():
    proc = subprocess.run([sys.executable, "-m", "drawpoker", "hand", "7s 7d Kc"], capture_output=True, text=True)
    assert proc.returncode == 0
    assert "pair of sevens" in proc.stdout


def test_import_is_light():
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import drawpoker"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0
    # importing the package must not pull in the client or the evaluator tables
    assert "prompt_toolkit" not in proc.stderr
    assert "drawpoker.hands" not in proc.stderr


def test_a_lone_double_dash_is_not_a_ruleset(capsys):
    """argparse fills a positional after ``--`` with [] instead of saying it is missing."""
    import pytest

    with pytest.raises(SystemExit) as exit_:
        main(["rules", "diff", "morkpoker", "--", "--"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "drawpoker rules diff: B is missing" in err and "Traceback" not in err


def test_config_and_rules_alone_show_and_list(capsys):
    # seen: `drawpoker config` and `drawpoker rules` alone said "error: the following arguments are required:
    # ACTION"; a player typing them expects the settings and the rulesets
    for alone, whole in ((["config"], ["config", "show"]), (["rules"], ["rules", "list"])):
        assert main(whole) == 0
        expected = capsys.readouterr()
        assert main(alone) == 0
        got = capsys.readouterr()
        assert got.out == expected.out and got.out and got.err == expected.err


def test_export_and_verify_alone_take_the_newest_session_as_replay_does(tmp_path, capsys):
    # seen: `drawpoker export` and `drawpoker verify` alone said "the following arguments are required: FILE"
    # where `drawpoker replay` alone replays the newest session
    from tests.replay_fuzz import simulated

    path = simulated(tmp_path, "evening", "jackpots", 3, 2, 7)
    folder = ["--histories", str(tmp_path)]
    for command in (["export"], ["verify"]):
        assert main([*command, path.name, *folder]) == 0
        named = capsys.readouterr().out
        assert main([*command, *folder]) == 0
        alone = capsys.readouterr().out
        strip = re.compile(r" \(\d+\.\d+ s\)")  # (verify says how long it took)
        assert strip.sub("", alone) == strip.sub("", named) and alone
    empty = tmp_path / "empty"
    empty.mkdir()
    for command in (["export"], ["verify"]):
        assert main([*command, "--histories", str(empty)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no histories in" in err and "Traceback" not in err
