"""The commands other than ``play`` speak the player's language all the way:
``simulate``'s report, and what is wrong with the command line itself
(argparse's complaints), said as one sentence like every other refusal,
in Norwegian under ``--lang nb``, the ``language`` setting or the locale."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.settings import settings_path


def said(argv, capsys):
    """``drawpoker ARGV``: exit status, stdout, stderr."""
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse
        status = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


ENGLISH_REPORT = (
    "deals in",
    "sessions",
    "decisions",
    "events",
    "player",
    "strategy",
    "net chips",
    "per deal",
    "rebuys",
)


@pytest.mark.parametrize("how", ["--lang", "setting", "locale"])
def test_simulate_reports_in_norwegian(home, capsys, monkeypatch, how):
    # seen: `drawpoker simulate morkpoker --lang nb` printed "51 deals in 5 sessions, ..." and the table's
    # heads (player, strategy, net chips, per deal, rebuys) in English
    argv = ["simulate", "morkpoker", "--players", "3", "--hands", "30", "--seed", "4"]
    if how == "--lang":
        argv += ["--lang", "nb"]
    elif how == "setting":
        settings_path().parent.mkdir(parents=True, exist_ok=True)
        settings_path().write_text("language: nb\n", encoding="utf-8")
    else:
        monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    status, out, err = said(argv, capsys)
    assert status == 0 and err == ""
    head, table = out.split("\n\n")
    head = head.replace("\n", " ")  # (wrapped at 80 columns)
    assert " utdelinger i " in head and " økter, " in head and " beslutninger, " in head
    assert "utdelinger/s" in head and "," in head.split(" s (")[0].rsplit(" ", 1)[1]  # 0,05 s
    titles = table.splitlines()[0]
    assert titles.split() == ["spiller", "strategi", "sjetonger", "netto", "per", "utdeling", "nye", "innkjøp"]
    assert not any(word in out for word in ENGLISH_REPORT), out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_simulate_says_rounds_in_three_card_poker_and_names_the_bank(home, capsys):
    status, out, _ = said(
        ["simulate", "three-card-poker", "--players", "3", "--hands", "4", "--seed", "1", "--lang", "nb"], capsys
    )
    assert status == 0 and out.startswith("4 runder i ") and "per runde" in out
    status, out, _ = said(["simulate", "three-card-poker", "--players", "3", "--hands", "4", "--seed", "1"], capsys)
    assert status == 0 and out.startswith("4 rounds in ") and "per round" in out


def test_a_huge_hands_is_refused_in_the_language(home, capsys):
    status, _, err = said(["simulate", "morkpoker", "--hands", "9" * 40, "--lang", "nb"], capsys)
    assert status == 1
    assert err == "drawpoker simulate: --hands må være et heltall fra 1 til 100 000 000, ikke et tall med 40 sifre\n"


@pytest.mark.parametrize("limit", ["0", "-1", "nan", "inf", "601"])
def test_a_bot_time_limit_out_of_range_is_refused_in_one_sentence(home, capsys, limit):
    status, _, err = said(["simulate", "morkpoker", "--hands", "1", "--bot-time-limit", limit, "--lang", "nb"], capsys)
    assert status == 1 and err.startswith("drawpoker simulate: --bot-time-limit må være et antall sekunder over 0")
    assert len(err.splitlines()) == 1


# ---------------------------------------------------------------- argparse's own complaints

SLIPS = [
    (
        ["simulate"],
        "drawpoker simulate: RULESET is missing; 'drawpoker simulate --help' says what the command takes",
        "drawpoker simulate: RULESET mangler; 'drawpoker simulate --help' viser hva kommandoen tar",
    ),
    (
        ["config", "set"],
        "drawpoker config set: KEY and VALUE are missing; 'drawpoker config set --help' says what the command takes",
        "drawpoker config set: KEY og VALUE mangler; 'drawpoker config set --help' viser hva kommandoen tar",
    ),
    (
        ["simulate", "morkpoker", "--players", "x"],
        "drawpoker simulate: --players: expected a whole number, found 'x'",
        "drawpoker simulate: --players: ventet et heltall, fant 'x'",
    ),
    (
        ["simulate", "morkpoker", "--bogus"],
        "drawpoker simulate: '--bogus' is not an option of this command; 'drawpoker simulate --help' says what the "
        "command takes",
        "drawpoker simulate: '--bogus' er ikke et valg kommandoen har; 'drawpoker simulate --help' viser hva "
        "kommandoen tar",
    ),
    (
        ["rules", "show", "morkpoker", "extra"],
        "drawpoker rules show: 'extra' is one word more than the command takes; 'drawpoker rules show --help' says "
        "what the command takes",
        "drawpoker rules show: 'extra' er ett ord mer enn kommandoen tar; 'drawpoker rules show --help' viser hva "
        "kommandoen tar",
    ),
    (
        ["export", "--format", "pdf"],
        "drawpoker export: --format: expected text or phh, found 'pdf'",
        "drawpoker export: --format: ventet text eller phh, fant 'pdf'",
    ),
    (
        ["rules", "chek"],
        "drawpoker rules: 'chek' is not a command; the commands are list, check, show, diff and schema "
        "(did you mean 'check'?)",
        "drawpoker rules: 'chek' er ingen kommando; kommandoene er list, check, show, diff og schema "
        "(mente du 'check'?)",
    ),
    (
        ["verify", "--seal"],
        "drawpoker verify: --seal needs a value after it (--seal CODE)",
        "drawpoker verify: --seal trenger en verdi etter seg (--seal CODE)",
    ),
    (
        ["simulate", "morkpoker", "--h", "2"],
        "drawpoker simulate: '--h' could be --help or --hands: write more of it",
        "drawpoker simulate: '--h' kan være --help eller --hands: skriv mer av det",
    ),
    (
        ["standings", "--json", "--csv"],
        "drawpoker standings: --csv and --json cannot be given together",
        "drawpoker standings: --csv og --json kan ikke gis sammen",
    ),
    (
        ["history", "--json=yes"],
        "drawpoker history: --json takes no value, found 'yes'",
        "drawpoker history: --json tar ingen verdi, fant 'yes'",
    ),
    (
        ["analyze", "three-card-poker", "--players", "17"],
        "drawpoker analyze: --players: expected 1 to 16 players (three cards each and the dealer's), found 17",
        "drawpoker analyze: --players: ventet 1 til 16 spillere (tre kort hver og giverens), fant 17",
    ),
    (
        ["hand"],
        "drawpoker hand: CARDS is missing; 'drawpoker hand --help' says what the command takes",
        "drawpoker hand: CARDS mangler; 'drawpoker hand --help' viser hva kommandoen tar",
    ),
]


@pytest.mark.parametrize("argv, english, norwegian", SLIPS, ids=[" ".join(s[0]) for s in SLIPS])
def test_a_slip_on_the_command_line_is_one_sentence_in_the_language(home, capsys, argv, english, norwegian):
    # seen: argparse's usage and "error: the following arguments are required: RULESET" (and its other
    # complaints) in English under --lang nb
    status, out, err = said(argv, capsys)
    assert (status, out, err) == (2, "", english + "\n")
    status, out, err = said([*argv, "--lang", "nb"], capsys)
    assert (status, out, err) == (2, "", norwegian + "\n")


@pytest.mark.parametrize("how", ["setting", "locale", "--lang=nb", "--la nb"])
def test_the_language_of_a_slip_is_the_commands_language(home, capsys, monkeypatch, how):
    argv = ["settle"]
    if how == "setting":
        settings_path().parent.mkdir(parents=True, exist_ok=True)
        settings_path().write_text("language: nb\n", encoding="utf-8")
    elif how == "locale":
        monkeypatch.setenv("LC_ALL", "nb_NO.UTF-8")
    else:
        argv += how.split()
    status, _, err = said(argv, capsys)
    assert status == 2 and err.startswith("drawpoker settle: FILE mangler; ")


def test_an_unknown_language_is_named_in_the_language_of_the_settings(home, capsys):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("language: nb\n", encoding="utf-8")
    status, _, err = said(["history", "--lang", "de"], capsys)
    assert (status, err) == (2, "drawpoker history: --lang: ventet en eller nb, fant 'de'\n")


def test_a_word_that_is_no_command_names_the_commands(home, capsys):
    status, _, err = said(["simualte", "--lang", "nb"], capsys)
    assert status == 2 and err.startswith("drawpoker: 'simualte' er ingen kommando; kommandoene er play, settle, ")
    assert err.endswith(" og completion (mente du 'simulate'?)\n")


def test_a_number_too_long_for_python_is_named_by_its_length(home, capsys):
    status, _, err = said(["simulate", "morkpoker", "--seed", "9" * 5000], capsys)
    assert status == 2 and err.startswith("drawpoker simulate: --seed: expected a whole number of at most ")
    assert err.endswith("digits, found one of 5000\n")


def test_what_the_command_line_held_is_made_visible_and_cut(home, capsys):
    status, _, err = said(["export", "--format", "\x1b[31m" + "x" * 500], capsys)
    assert status == 2 and "\x1b" not in err and len(err) < 200


def test_help_is_still_argparses(home, capsys):
    """argparse's help, said in the language (tests/test_help_language.py says how)."""
    status, out, err = said(["simulate", "--help", "--lang", "nb"], capsys)
    assert status == 0 and out.startswith("bruk: drawpoker simulate ") and "--strategy" in out and err == ""


@pytest.mark.parametrize(
    "alone, whole",
    [
        (["config", "--lang", "nb"], ["config", "show", "--lang", "nb"]),
        (["config", "--lang", "nb", "show"], ["config", "show", "--lang", "nb"]),
        (["rules", "--lang", "nb"], ["rules", "list", "--lang", "nb"]),
        (["rules", "--lang", "nb", "check", "morkpoker"], ["rules", "check", "morkpoker", "--lang", "nb"]),
        (["config", "--lang", "nb", "show", "--lang", "en"], ["config", "show", "--lang", "en"]),
    ],
)
def test_config_and_rules_take_the_language_before_their_action_too(home, capsys, alone, whole):
    # seen: `drawpoker config --lang nb` (config alone shows the settings) said "'nb' is not a command"
    status, expected, _ = said(whole, capsys)
    assert status == 0 and expected
    assert said(alone, capsys) == (0, expected, "")


# ---------------------------------------------------------------- damaged histories, in the language

FIXTURES = __import__("pathlib").Path(__file__).parent / "fixtures"


def _damaged(tmp_path, name, change):
    lines = (FIXTURES / name).read_bytes().split(b"\n")
    path = tmp_path / f"damaged-{name}"
    path.write_bytes(b"\n".join(change(lines)))
    return str(path)


DAMAGE = [
    (
        "format1-morkpoker.jsonl",
        lambda lines: [*lines[:2], lines[2].replace(b'"deal":1', b'"deal":7'), *lines[3:]],
        ":3: linjen er skadet eller ble endret for hånd (kontrollsummen stemmer ikke)",
    ),
    (
        "format1-morkpoker.jsonl",
        lambda lines: [*lines[:2], *lines[3:]],
        ":3: ventet hendelse nummer 2, fant 3 (hendelse 2 mangler)",
    ),
    (
        "format3-morkpoker-simulated.jsonl",
        lambda lines: [*lines[:9], lines[9].replace(b'"e"', b'\x02e"', 1), *lines[10:]],
        ":10: ikke JSON: ",
    ),
]


@pytest.mark.parametrize("name, change, told", DAMAGE)
@pytest.mark.parametrize("command", ["verify", "history", "export"])
def test_a_damaged_history_is_told_in_the_language(home, capsys, name, change, told, command):
    # seen: `drawpoker verify damaged.jsonl --lang nb` said "damaged.jsonl:47: not JSON: '...'" (and a
    # format-1 file's checksum and event numbers) in English
    path = _damaged(home, name, change)
    status, out, err = said([command, path, "--lang", "nb"], capsys)
    assert status == 1 and out == ""
    assert err.startswith(f"drawpoker {command}: {path}{told}") and len(err.splitlines()) == 1, err


@pytest.mark.parametrize(
    "where, told",
    [
        ("missing/out.jsonl", "kan ikke skrive historikken (mappen finnes ikke)"),
        ("a-file/out.jsonl", "kan ikke skrive historikken (en del av stien er ikke en mappe)"),
        ("x" * 300 + ".jsonl", "kan ikke skrive historikken (filnavnet er for langt)"),
    ],
)
def test_a_log_that_cannot_be_written_says_why_in_the_language(home, capsys, where, told):
    # seen: `simulate --log missing/out.jsonl --lang nb` said "(No such file or directory)", the system's
    # English; under a file, "a-file/out.jsonl.incomplete: a file of that name is in the way", which it is not
    (home / "a-file").write_text("not a folder\n", encoding="utf-8")
    path = home / where
    status, _, err = said(["simulate", "morkpoker", "--hands", "2", "--log", str(path), "--lang", "nb"], capsys)
    assert status == 1 and err.startswith(f"drawpoker simulate: {path}: {told}"), err
    assert sorted(p.name for p in home.iterdir()) == ["a-file"]  # (and the folders the fixture names)


def test_standings_that_match_no_evening_say_so_and_not_that_there_are_none(home, capsys):
    # seen: `drawpoker standings --until 2020-01-01` with five evenings kept said "No evenings to count yet.",
    # and --since after --until was taken (and said the same)
    folder = home / "histories"
    folder.mkdir()
    log = folder / "evening.jsonl"
    assert said(["simulate", "morkpoker", "--players", "2", "--hands", "2", "--log", str(log)], capsys)[0] == 0
    where = ["standings", "--histories", str(folder)]
    assert said([*where, "--until", "2020-01-01", "--lang", "en"], capsys) == (
        0,
        "1 evening is kept, and it does not match --until 2020-01-01.\n",
        "",
    )
    assert said([*where, "--players", "Zed", "--lang", "nb"], capsys) == (
        0,
        "1 kveld er lagret, og den passer ikke med --players Zed.\n",
        "",
    )
    assert said([*where, "--since", "2026-12-08", "--until", "2026-12-01", "--lang", "nb"], capsys) == (
        1,
        "",
        "drawpoker standings: --since 2026-12-08 er etter --until 2026-12-01: ingen dag er med i begge\n",
    )
    status, out, _ = said([*where, "--lang", "en"], capsys)
    assert status == 0 and out.startswith("The season: 1 evening")


def test_completion_without_a_shell_and_verifys_seconds_speak_the_language(home, capsys, monkeypatch):
    # seen: `drawpoker completion` under a Norwegian locale said "name the shell: ..." in English, and
    # `verify --lang nb` wrote its seconds with a point ("(0.09 s)") where the rest writes 0,09
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    assert said(["completion"], capsys) == (
        1,
        "",
        "drawpoker completion: nevn skallet: 'drawpoker completion bash' eller 'drawpoker completion zsh'\n",
    )
    log = home / "evening.jsonl"
    assert said(["simulate", "morkpoker", "--players", "2", "--hands", "2", "--log", str(log)], capsys)[0] == 0
    monkeypatch.setenv("COLUMNS", "200")  # (the sentence read on one line: narrower, it is wrapped)
    status, out, _ = said(["verify", str(log)], capsys)
    assert status == 0 and __import__("re").search(r" hendelser utledet på nytt og funnet like \(\d+,\d\d s\)\n", out)


@pytest.mark.parametrize("limit", ["0", "-1", "nan", "inf", "601"])
def test_play_refuses_a_bot_time_limit_out_of_range_as_simulate_does(home, capsys, limit):
    """``play`` took the limit as typed: nan and inf reached the bot's clock,
    whose error was then blamed on the bot ("raised ValueError ... checks
    instead"), and 0 became the default; refused first now, before the
    terminal is asked for, in the same sentence as simulate's."""
    status, _, err = said(["play", "--bot-time-limit", limit, "--lang", "nb"], capsys)
    assert status == 1 and err.startswith("drawpoker play: --bot-time-limit må være et antall sekunder over 0"), err
    assert len(err.splitlines()) == 1


def test_the_shortest_lang_argparse_takes_chooses_the_language_of_the_slip(home, capsys):
    """``--l nb`` is ``--lang nb`` where nothing else starts so (``hand``): the
    command spoke Norwegian, its slips and help English."""
    status, _, err = said(["hand", "--l", "nb"], capsys)
    assert status == 2 and err == "drawpoker hand: CARDS mangler; 'drawpoker hand --help' viser hva kommandoen tar\n"
    status, _, err = said(["simulate", "--l", "nb"], capsys)  # (--log too: argparse asks for more, in nb)
    assert status == 2 and "kan være --log eller --lang" in err


def test_completions_shell_is_named_as_its_help_names_it(home, capsys):
    """The one argument without a placeholder was said by its inner name:
    "shell: ventet bash eller zsh" in a Norwegian sentence."""
    status, _, err = said(["completion", "--lang", "nb", "fish"], capsys)
    assert status == 2 and err == "drawpoker completion: SHELL: ventet bash eller zsh, fant 'fish'\n", err


@pytest.mark.parametrize(
    ("argv", "found"),
    [
        (["simulate", "morkpoker", "--hands=-" + "9" * 30], "ikke et negativt tall med 30 sifre"),
        (["analyze", "three-card-poker", "--players", "9" * 5000], "fant et tall med 5000 sifre"),
        (["analyze", "three-card-poker", "--players=-" + "9" * 30], "fant et negativt tall med 30 sifre"),
    ],
)
def test_a_huge_number_is_quoted_by_its_length_and_sign(home, capsys, argv, found):
    """One way to quote a huge number: simulate dropped its minus ("not a
    number of 30 digits" for a negative one), and analyze said "expected a
    number of players, found '9999...'" of a number too long for int()."""
    status, _, err = said([*argv, "--lang", "nb"], capsys)
    assert status in (1, 2) and err.rstrip("\n").endswith(found) and len(err.splitlines()) == 1, err


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        (["--lang", "nb", "play"], "drawpoker: --lang nb skrives etter kommandoen: drawpoker play --lang nb\n"),
        (
            ["--seed", "3", "simulate", "morkpoker"],
            "drawpoker: --seed 3 goes after the command: drawpoker simulate --seed 3 morkpoker\n",
        ),
        (["--ascii", "play"], "drawpoker: --ascii goes after the command: drawpoker play --ascii\n"),
    ],
)
def test_an_option_before_the_command_is_told_where_it_goes(home, capsys, argv, err):
    """``drawpoker --lang nb play`` said "'nb' er ingen kommando": true of
    the word, but not the slip, and the help says --lang goes anywhere."""
    assert said(argv, capsys) == (2, "", err)


def test_the_programs_own_options_and_a_line_without_a_command_are_as_before(home, capsys):
    status, out, _ = said(["--version"], capsys)
    assert status == 0 and out.startswith("drawpoker ")
    status, out, err = said(["--lang", "nb"], capsys)  # (no command: the help, as ``drawpoker`` alone, in nb)
    assert status == 0 and out.startswith("bruk: drawpoker ") and err == ""
    status, _, err = said(["nb", "--lang", "nb"], capsys)
    assert status == 2 and err.startswith("drawpoker: 'nb' er ingen kommando")


# ---------------------------------------------------------------- --version and rules schema take --lang


@pytest.mark.parametrize(
    "argv",
    [["--lang", "nb", "--version"], ["--version", "--lang", "nb"], ["--lang=en", "--version"]],
    ids=" ".join,
)
def test_the_version_takes_the_language_as_every_command_does(home, capsys, argv):
    # seen: `drawpoker --lang nb --version` said "'nb' er ingen kommando" (exit 2)
    from drawpoker import __version__

    assert said(argv, capsys) == (0, f"drawpoker {__version__}\n", "")


@pytest.mark.parametrize(
    "argv, err",
    [
        (["--lang", "de", "--version"], "drawpoker: --lang: expected en or nb, found 'de'\n"),
        # seen: `drawpoker --version --lang xx` said the version (argparse says it before it reads on)
        (["--version", "--lang", "xx"], "drawpoker: --lang: expected en or nb, found 'xx'\n"),
        (["--version", "--la=xx"], "drawpoker: --lang: expected en or nb, found 'xx'\n"),
        (["--version", "--lang"], "drawpoker: --lang needs a value after it (--lang {en,nb})\n"),
        (["--version", "--lang", "xx", "--lang", "nb"], "drawpoker: --lang: ventet en eller nb, fant 'xx'\n"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_a_language_the_game_does_not_speak_is_refused_before_the_version(home, capsys, argv, err):
    assert said(argv, capsys) == (2, "", err)
    command = ["history", *(word for word in argv if word != "--version")]  # the sentence every command says
    assert said(command, capsys) == (2, "", err.replace("drawpoker:", "drawpoker history:"))


def test_rules_schema_takes_the_language(home, capsys):
    # seen: `drawpoker rules schema --lang nb` said "'--lang' er ikke et valg kommandoen har" (exit 2)
    status, out, err = said(["rules", "schema", "--lang", "nb"], capsys)
    assert status == 0 and err == "" and out.startswith("{") and '"$schema"' in out  # (the schema: JSON, as it was)
    assert said(["rules", "schema", "--lang", "en"], capsys)[1] == out
    assert said(["rules", "schema", "--lang", "de"], capsys) == (
        2,
        "",
        "drawpoker rules schema: --lang: expected en or nb, found 'de'\n",
    )
    status, out, _ = said(["rules", "schema", "--help", "--lang", "nb"], capsys)
    assert status == 0 and "--lang {en,nb}  språket" in out


# ---------------------------------------------------------------- a language the settings name wrongly, at play


def test_play_says_the_settings_language_warning_before_the_game_starts(home, capsys, monkeypatch):
    """Seen: the warning about the settings' language was held until the
    command ended: for ``play``, said only after the game was over. Now it is
    said as the table opens (on stderr, and at the foot of the first screen),
    once."""
    import drawpoker.client.app
    import drawpoker.client.launch

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("language: de\n", encoding="utf-8")
    seen: dict[str, object] = {}

    def run_app(ctl, color=True):
        seen["err"] = capsys.readouterr().err  # what the player was told before the game's screen opened
        seen["message"] = ctl.message
        raise KeyboardInterrupt  # (the game left at once)

    monkeypatch.setattr(drawpoker.client.app, "run_app", run_app)
    monkeypatch.setattr(drawpoker.client.launch, "_needs_terminal", lambda tr: None)
    status, _, err = said(["play"], capsys)
    assert status == 130 and err == "drawpoker play: interrupted\n"  # (not said again at the end)
    warning = "language: expected 'en' or 'nb', found 'de'; the language is the locale's until"
    assert seen["err"].startswith("drawpoker: warning: ") and warning in seen["err"]
    assert isinstance(seen["message"], str) and warning in seen["message"]


def test_a_command_that_fails_on_the_settings_language_still_says_it_once(home, capsys):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("language: de\n", encoding="utf-8")
    status, _, err = said(["simulate", "morkpoker", "--hands", "2"], capsys)
    assert status == 1 and err.count("found 'de'") == 1 and "warning" not in err
