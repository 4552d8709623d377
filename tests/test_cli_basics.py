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
    assert "the following arguments are required: B" in err and "Traceback" not in err


def test_config_and_rules_alone_show_and_list(capsys):
    # seen: `drawpoker config` and `drawpoker rules` alone said "error: the following arguments are required:
    # ACTION"; a player typing them expects the settings and the rulesets
    for alone, whole in ((["config"], ["config", "show"]), (["rules"], ["rules", "list"])):
        assert main(whole) == 0
        expected = capsys.readouterr()
        assert main(alone) == 0
        got = capsys.readouterr()
        assert got.out == expected.out and got.out and got.err == expected.err
