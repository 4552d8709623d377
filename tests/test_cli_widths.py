"""What ``drawpoker history FILE`` and ``drawpoker rules diff A B`` print fits
the terminal (60, 80 and 120 columns, English and Norwegian), as the help
and the standings do, and says everything the one long line said: a deal's
pots, stacks and seal, a difference's values and sentences, wrapped between
words (a player and their chips, a pot and who won it kept together where a
line has room), never inside a number or an amount and its currency.

Seen: at 80 columns a deal of a four-player session was one line of 133
columns and a difference of two rulesets one of 409."""

from __future__ import annotations

import contextlib
import io
import itertools
import re
from pathlib import Path

import attrs
import pytest

from drawpoker.cli.main import main
from drawpoker.history.writer import HistoryWriter
from drawpoker.money import parse_chip_value
from drawpoker.rules import load_rules
from drawpoker.rules.shipped import shipped
from drawpoker.session.evenings import play_evening
from drawpoker.terminal import cells

ROOT = Path(__file__).resolve().parent.parent
WIDTHS = (60, 80, 120)
#: a name as long as a name may be (64), and names with spaces in them
NAMES = ("Anna-Karin Østergård Løvenskiold", "Bjørn", "C" * 64, "Dagfinn Åsmund", "Eli", "Fredrikke Ødegård")
HOUSE_BANK = (
    "extends: three-card-poker-home\ndealer:\n  mode: house_bank\n  bank: unlimited\n"
    "session:\n  chip_value: 0.50 NOK\n  deals: 6\n"
)
#: a number, or an amount with its currency: what a line is never broken inside
NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)*(?: NOK)?")


def _run(argv: list[str], columns: int, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(columns))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _evening(path: Path, ruleset: str, names: tuple[str, ...], seed: int) -> None:
    rules = load_rules(ruleset)
    changes = {"when_broke": "ask", "add_on_limit": 20, "chip_value": parse_chip_value("0.50 NOK")}
    if not ruleset.startswith("three-card"):
        changes["deals"] = 8
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, **changes))
    commands: list[list] = []
    play_evening(rules, names, 8, seed, sink=commands.append, changes=0.3)
    with HistoryWriter.create(path, rules, names, durable=False) as writer:
        for events in commands:
            writer.append(events)


@pytest.fixture(scope="module")
def histories(tmp_path_factory) -> list[Path]:
    """Real sessions: every shipped ruleset simulated at its most players, evenings with
    players coming and going under long names and a chip value, a house bank, and the
    histories of every format kept in tests/fixtures."""
    folder = tmp_path_factory.mktemp("histories")
    for name in shipped():
        players = "5" if name.startswith("three-card") else "6"
        with contextlib.redirect_stdout(io.StringIO()):
            argv = ["simulate", name, "--players", players, "--hands", "6", "--seed", "5"]
            assert main([*argv, "--log", str(folder / f"sim-{name}.jsonl")]) == 0
    for name in ("morkpoker", "three-card-poker", "dealers-choice", "no-limit-draw", "jackpots"):
        _evening(folder / f"evening-{name}-3.jsonl", name, NAMES[:3], 7)
        _evening(folder / f"evening-{name}-5.jsonl", name, NAMES[:5], 8)
    (folder / "house.yaml").write_text(HOUSE_BANK, encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        argv = ["simulate", str(folder / "house.yaml"), "--players", "3", "--hands", "6", "--seed", "2"]
        assert main([*argv, "--log", str(folder / "house.jsonl")]) == 0
    return sorted(folder.glob("*.jsonl")) + sorted((ROOT / "tests" / "fixtures").glob("*.jsonl"))


def _said(text: str) -> str:
    """Everything a text says, whatever its layout: its characters but spaces and the ``|`` between parts."""
    return "".join(text.split()).replace("|", "")


def _fits(text: str, columns: int) -> None:
    too_wide = [line for line in text.splitlines() if cells(line) > columns]
    assert not too_wide, f"{len(too_wide)} lines wider than {columns} columns, e.g. {too_wide[0]!r}"


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_history_fits_the_terminal_and_leaves_nothing_out(histories, monkeypatch, lang):
    for path in histories:
        code, whole, _ = _run(["history", str(path), "--lang", lang], 1000, monkeypatch)
        assert code == 0, path
        for columns in WIDTHS:
            code, out, err = _run(["history", str(path), "--lang", lang], columns, monkeypatch)
            assert code == 0, path
            _fits(out, columns)  # (a note on stderr is one line, as every command's)
            assert _said(out) == _said(whole), (path.name, columns)
            assert NUMBER.findall(out) == NUMBER.findall(whole), (path.name, columns)


def test_a_deal_that_fits_is_one_line_as_before(histories, monkeypatch):
    """Wide enough, a deal is the one line it always was (scripts reading it see no change)."""
    path = next(p for p in histories if p.name == "sim-morkpoker.jsonl")
    _, out, _ = _run(["history", str(path), "--lang", "en"], 200, monkeypatch)
    first = out.splitlines()[0]
    assert first.startswith("deal    1  button P1         main pot ") and first.count("  |  ") == 2
    assert "  |  seal " in first


def test_a_deal_too_wide_puts_the_stacks_and_the_seal_under_the_button(histories, monkeypatch):
    path = next(p for p in histories if p.name == "sim-morkpoker.jsonl")
    _, whole, _ = _run(["history", str(path), "--lang", "en"], 200, monkeypatch)
    _, out, _ = _run(["history", str(path), "--lang", "en"], 80, monkeypatch)
    head, stacks, seal = whole.splitlines()[0].split("  |  ")
    assert out.splitlines()[:3] == [head.rstrip(), " " * 11 + stacks, " " * 11 + seal]


def test_the_standings_put_a_long_name_on_its_own_line_the_numbers_in_their_columns(histories, monkeypatch):
    path = next(p for p in histories if p.name == "evening-morkpoker-5.jsonl")
    _, out, _ = _run(["history", str(path), "--lang", "en"], 80, monkeypatch)
    table = out.split("Standings (every chip bought counted):\n")[1].split("\n\n")[0].splitlines()
    assert "  " + "C" * 64 in table  # (a name alone on its line is whole)
    numbers = [line for line in table if "bought" in line]
    assert len({line.index("bought") for line in numbers}) == 1  # every row's numbers in one column
    assert len({len(line) - len(line.rstrip("NOK")) for line in numbers}) == 1


def test_the_bank_s_result_stands_under_the_players_results(histories, monkeypatch):
    # seen: "The bank" row put its result two columns right of the players' in English
    path = next(p for p in histories if p.name == "house.jsonl")
    for lang, bank in (("en", "The bank"), ("nb", "Banken")):
        _, out, _ = _run(["history", str(path), "--lang", lang], 120, monkeypatch)
        table = out.split("\n\n")[1].splitlines()[1:]
        ends = {re.search(r"[+-]\d+ ", line).end() for line in table}  # the net in chips: where it ends
        assert len(ends) == 1 and table[-1].lstrip().startswith(bank), table


# ---------------------------------------------------------------- rules diff

PAIRS = [(a, b) for a in shipped() for b in shipped() if a != b]


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("first", shipped())
def test_rules_diff_fits_the_terminal_for_every_shipped_pair(monkeypatch, lang, first):
    for second in shipped():
        argv = ["rules", "diff", first, second, "--lang", lang]
        code, whole, _ = _run(argv, 1000, monkeypatch)
        assert code == 0
        for columns in WIDTHS:
            code, out, _ = _run(argv, columns, monkeypatch)
            assert code == 0
            _fits(out, columns)
            assert _said(out) == _said(whole), (first, second, columns)
            assert NUMBER.findall(out) == NUMBER.findall(whole), (first, second, columns)


def test_a_difference_that_fits_is_said_as_before(monkeypatch):
    _, out, _ = _run(["rules", "diff", "morkpoker", "jackpots", "--lang", "en"], 200, monkeypatch)
    assert out.splitlines()[1:] == [
        "betting.opening: any hand may open the first round -> only a pair of jacks or better may open the first round",
        "    first:  Any hand may open the first round.",
        "    second: Only a pair of jacks or better may open the first round.",
    ]


def test_a_difference_too_wide_breaks_before_the_arrow_and_under_its_sentence(monkeypatch):
    _, out, _ = _run(["rules", "diff", "morkpoker", "jackpots", "--lang", "en"], 60, monkeypatch)
    assert out.splitlines() == [
        "1 setting differs between morkpoker (first) and jackpots",
        "(second):",
        "betting.opening: any hand may open the first round",
        "  -> only a pair of jacks or better may open the first",
        "     round",
        "    first:  Any hand may open the first round.",
        "    second: Only a pair of jacks or better may open the",
        "            first round.",
    ]


def test_a_long_file_name_in_the_diff_s_first_line_is_wrapped_whole(tmp_path, monkeypatch):
    folder = tmp_path / ("a-folder-with-a-rather-long-name-" * 3)
    folder.mkdir()
    mine = folder / "our-table.yaml"
    mine.write_text("extends: morkpoker\nbetting:\n  opening: jacks_or_better\n", encoding="utf-8")
    _, whole, _ = _run(["rules", "diff", "morkpoker", str(mine)], 1000, monkeypatch)
    for columns in WIDTHS:
        _, out, _ = _run(["rules", "diff", "morkpoker", str(mine)], columns, monkeypatch)
        _fits(out, columns)
        assert _said(out) == _said(whole)


# ---------------------------------------------------------------- rules show and rules list


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_rules_show_and_list_fit_the_terminal(monkeypatch, lang):
    """Seen too: ``rules show`` said each section in one line (up to 1,540
    columns in Norwegian), ``rules list`` each ruleset in one (up to 141)."""
    for argv in [["rules", "list"], *(["rules", "show", name] for name in shipped())]:
        code, whole, _ = _run([*argv, "--lang", lang], 5000, monkeypatch)
        assert code == 0
        for columns in WIDTHS:
            code, out, _ = _run([*argv, "--lang", lang], columns, monkeypatch)
            _fits(out, columns)
            assert _said(out) == _said(whole), (argv, columns)
            assert NUMBER.findall(out) == NUMBER.findall(whole), (argv, columns)


def test_a_section_of_rules_show_wraps_under_its_first_word(monkeypatch):
    _, out, _ = _run(["rules", "show", "morkpoker", "--lang", "en"], 80, monkeypatch)
    lines = out.splitlines()
    at = lines.index("Ante and betting:")
    assert lines[at + 1 : at + 3] == [
        "  Everyone antes 1 chip before each deal; the ante is not a bet of the first",
        "  round. Before the exchange every bet and raise is 1 chip. After the exchange",
    ]


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("finished", [True, False])
def test_the_standings_head_fits_a_narrow_terminal_too(lang, finished):
    """At 40 columns every row of the standings fitted, its head did not (nb
    'Stillingen (hver kjøpte sjetong er regnet med):', 48 columns): it is
    wrapped as the other paragraphs of ``history FILE`` are."""
    from drawpoker.ledger import Result
    from drawpoker.words.evening_text import standings_lines
    from drawpoker.words.i18n import translator

    results = [Result("Anna", 20, 0, 35, 35), Result("Bo", 20, 0, 5, 5)]
    lines = standings_lines(results, None, translator(lang), finished, bank=-3, columns=40)
    assert all(cells(line) <= 40 for line in lines), lines
    head = standings_lines(results, None, translator(lang), finished, bank=-3)[0]
    assert " ".join(lines[: len(lines) - 6]).split() == head.split(), lines  # (the head whole, only wrapped)


# ---------------------------------------------------------------- verify, export, the sessions' list, config,
# settle, analyze, standings and simulate
#
# Seen at 80 columns: verify said a history's seal in one line of 293 columns (121 on a history of the folder),
# history's list ended with a line of 199, config show 100, settle of a Three Card Poker round 103 (nb 119),
# analyze 141, standings with a name of 64 characters 123 (nb 129), export 195 (a deal's stacks); simulate in
# Norwegian 64 at 60 columns (its table was laid out to 80 whatever the terminal).

#: what differs from one run to the next: the seconds a command took, and what it made of them
TIMING = re.compile(r"\d[\d,. \u00a0]*\s+(?:s\b|[a-zæøå]+/s)")


def _steady(text: str) -> str:
    return TIMING.sub("T", text)


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("command", ["verify", "export"])
def test_verify_and_export_fit_the_terminal_and_leave_nothing_out(histories, monkeypatch, lang, command):
    for path in histories:
        code, whole, _ = _run([command, str(path), "--lang", lang], 1000, monkeypatch)
        assert code == 0, path
        for columns in WIDTHS:
            code, out, _ = _run([command, str(path), "--lang", lang], columns, monkeypatch)
            assert code == 0, path
            _fits(out, columns)
            assert _said(_steady(out)) == _said(_steady(whole)), (path.name, columns)
            assert NUMBER.findall(_steady(out)) == NUMBER.findall(_steady(whole)), (path.name, columns)


def test_export_to_a_file_keeps_each_line_whole(histories, monkeypatch, tmp_path):
    """The transcript fits the terminal; written to a file (``-o``), a line is the one line it was."""
    path = next(p for p in histories if p.name == "evening-no-limit-draw-5.jsonl")
    _run(["export", str(path), "-o", str(tmp_path / "out.txt"), "--lang", "en"], 80, monkeypatch)
    _, wide, _ = _run(["export", str(path), "--lang", "en"], 1000, monkeypatch)
    written = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert written == wide and max(cells(line) for line in written.splitlines()) > 80


def test_a_deal_s_stacks_break_between_players(histories, monkeypatch):
    path = next(p for p in histories if p.name == "evening-no-limit-draw-5.jsonl")
    _, out, _ = _run(["export", str(path), "--lang", "en"], 80, monkeypatch)
    at = out.index("Stacks: ")
    stacks = out[at:].split("\nSeal: ")[0].splitlines()
    assert len(stacks) > 1 and all(re.search(r" has \d+,?$", line) for line in stacks), stacks
    assert all(line.startswith("    ") for line in stacks[1:])


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_verify_wraps_under_the_file_s_name(monkeypatch, lang):
    path = ROOT / "tests" / "fixtures" / "format3-morkpoker-simulated.jsonl"
    _, out, _ = _run(["verify", str(path), "--lang", lang], 80, monkeypatch)
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}: ") and lines[1].startswith("    ")
    assert all(line.startswith(("    ", str(path))) for line in lines)
    assert sum(1 for line in lines if line.startswith(str(path))) == 2  # (the ok, the seal: each its own paragraph)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_sessions_list_fits_the_terminal(histories, monkeypatch, lang):
    folder = str(histories[0].parent)
    _, whole, _ = _run(["history", "--histories", folder, "--lang", lang], 1000, monkeypatch)
    for columns in WIDTHS:
        code, out, _ = _run(["history", "--histories", folder, "--lang", lang], columns, monkeypatch)
        assert code == 0
        _fits(out, columns)
        # the rows cut their players at the edge (the name below each is whole); the words after them are all said
        assert _said(out.split("\n\n")[-1]) == _said(whole.split("\n\n")[-1])


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_config_show_fits_the_terminal(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ("a-rather-long-folder-name-for-the-settings-" * 2)))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert _run(["config", "set", "names", "Anna,Bjørn,Cato,Dagfinn,Eli,Fredrikke"], 80, monkeypatch)[0] == 0
    assert _run(["config", "set", "alias", "Bjorn=Bjørn"], 80, monkeypatch)[0] == 0
    _, whole, _ = _run(["config", "show", "--lang", lang], 1000, monkeypatch)
    for columns in WIDTHS:
        code, out, err = _run(["config", "show", "--lang", lang], columns, monkeypatch)
        assert code == 0 and not err
        _fits(out, columns)
        assert _said(out) == _said(whole)
    _, out, _ = _run(["config", "show", "--lang", "en"], 80, monkeypatch)
    lines = out.splitlines()
    at = lines.index("ruleset:   morkpoker (the default)")  # (the values in their column, as before)
    assert lines[at + 1 : at + 3] == [
        "           the ruleset `drawpoker play` deals when none is named (a shipped",
        "           name or a file)",
    ]
    # seen: "bot_time_limit: 2 (the default)", the key past the column its value and sentence stand in;
    # a key wider than the column has the line to itself, as a help puts a long option's words below it
    at = lines.index("bot_time_limit:")
    assert lines[at + 1 : at + 3] == [
        "           2 (the default)",
        "           the seconds a bot of your own may take to decide (default 2)",
    ]
    keys = lines.index("ruleset:   morkpoker (the default)")
    for line in lines[keys:]:  # a sentence, a value in the column, or a key: its value beside it, or below it
        key = line.split(" ")[0]
        assert line.startswith(" " * 11) or (key.endswith(":") and (len(key) <= 10 or line == key)), line


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("columns", WIDTHS)
def test_config_show_wraps_a_long_path_in_the_head_s_column(tmp_path, monkeypatch, lang, columns):
    # seen: "# /tmp/.../averyveryverylongfoldername/" then the path went on at column 0, under the "#"
    folder = tmp_path.joinpath(*["a-rather-long-folder-name-for-the-settings"] * 4)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    code, out, err = _run(["config", "show", "--lang", lang], columns, monkeypatch)
    assert code == 0 and not err
    head = out.split("\nruleset:")[0].splitlines()
    assert len(head) > 1 and head[0].startswith("# /")
    _fits("\n".join(head), columns)
    assert all(line.startswith("  ") and not line.startswith("   ") for line in head[1:]), head
    assert "".join(line.strip() for line in head)[2:].startswith(str(folder / "drawpoker" / "settings.yaml"))


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_settle_fits_the_terminal_for_every_example(monkeypatch, lang):
    for example in sorted((ROOT / "examples").glob("*.yaml")):
        code, whole, _ = _run(["settle", str(example), "--lang", lang], 1000, monkeypatch)
        assert code == 0
        for columns in WIDTHS:
            code, out, _ = _run(["settle", str(example), "--lang", lang], columns, monkeypatch)
            _fits(out, columns)
            assert _said(out) == _said(whole), (example.name, columns)
            assert NUMBER.findall(out) == NUMBER.findall(whole), (example.name, columns)


def test_settle_breaks_a_long_line_after_a_part_under_itself(monkeypatch):
    _, out, _ = _run(["settle", str(ROOT / "examples" / "three-card-round.yaml"), "--lang", "nb"], 80, monkeypatch)
    assert out.splitlines()[:2] == [
        "Giveren har A♥ J♣ 8♠, høyeste kort ess, knekt, åtte,",
        "    og kvalifiserer seg (giveren trenger dame høyest eller bedre).",
    ]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_analyze_fits_the_terminal(monkeypatch, lang):
    for name in [n for n in shipped() if n.startswith("three-card")]:
        code, whole, _ = _run(["analyze", name, "--lang", lang], 1000, monkeypatch)
        assert code == 0
        for columns in WIDTHS:
            code, out, _ = _run(["analyze", name, "--lang", lang], columns, monkeypatch)
            _fits(out, columns)
            assert _said(out) == _said(whole), (name, columns)
            assert NUMBER.findall(out) == NUMBER.findall(whole), (name, columns)


def test_analyze_breaks_a_paytable_between_its_hands(monkeypatch):
    _, out, _ = _run(["analyze", "three-card-poker", "--lang", "en"], 80, monkeypatch)
    lines = out.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("  Six Card Bonus"))
    assert lines[at : at + 2] == [
        "  Six Card Bonus (royal flush 1000, straight flush 200, four of a kind 100,",
        "      full house 20, flush 15, straight 10, three of a kind 7): 8.5614%",
    ]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_standings_put_a_long_name_on_its_own_line(histories, monkeypatch, lang):
    folder = str(histories[0].parent)
    _, whole, _ = _run(["standings", "--histories", folder, "--lang", lang], 1000, monkeypatch)
    # (the table's figures need 57 columns, 63 in Norwegian, and a name 12 beside them: at 60, seen 69 columns
    # wide, the columns are as wide as their titles and figures)
    for columns in WIDTHS:
        code, out, _ = _run(["standings", "--histories", folder, "--lang", lang], columns, monkeypatch)
        assert code == 0
        _fits(out, columns)
        assert _said(out) == _said(whole)
    _, out, _ = _run(["standings", "--histories", folder, "--lang", lang], 80, monkeypatch)
    table = out.split("\n\n")[1].splitlines()
    assert "C" * 64 in table  # the name whole on its line, its figures under the others'
    below = table[table.index("C" * 64) + 1]
    assert below.startswith(" " * 12) and len(below) == len(table[1])
    _, out, _ = _run(["standings", "--histories", folder, "--lang", lang], 60, monkeypatch)
    table = out.split("\n\n")[1].splitlines()
    at = next(k for k, line in enumerate(table) if line.split()[:1] == ["Eli"])
    eli = table[at] if table[at] != "Eli" else table[at + 1]  # beside the name, or (no room) below it
    assert re.fullmatch(r"(Eli)? +\d+ +\d+ +[+-]\d+ +[+-][\d.,]+ NOK +(\d+|-)", eli), eli
    assert cells(eli) == max(cells(line) for line in table[:2])  # whole, under the titles


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("ruleset", ["morkpoker", "three-card-poker", "dealers-choice"])
def test_simulate_fits_the_terminal(monkeypatch, lang, ruleset):
    argv = ["simulate", ruleset, "--hands", "30", "--seed", "3", "--lang", lang]
    for columns in WIDTHS:
        code, out, _ = _run(argv, columns, monkeypatch)
        assert code == 0
        _fits(out, columns)
        rows = [line.split() for line in out.splitlines() if re.match(r"P\d ", line)]
        assert len(rows) >= 5 and all(len(row) == 5 for row in rows)  # every figure in its column


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_simulate_with_a_bot_of_ones_own_at_a_long_path_fits_the_terminal(monkeypatch, tmp_path, lang):
    """Seen: ``--strategy /a/long/path/to/bot.py:Name`` made the results 108 columns at 80: the bot's
    name is wrapped in its column (after a folder's "/" where it can be), the figures on the seat's line."""
    folder = tmp_path / "a" / "rather" / "long" / "path" / "to" / "my" / "bots"
    folder.mkdir(parents=True)
    bot = folder / "jacks_or_better.py"
    bot.write_text((ROOT / "examples" / "bots" / "jacks.py").read_text(encoding="utf-8"), encoding="utf-8")
    argv = ["simulate", "jackpots", "--players", "3", "--hands", "12", "--seed", "3", "--lang", lang]
    argv += ["--strategy", f"{bot}:Jacks,strong"]
    _, whole, _ = _run(argv, 1000, monkeypatch)
    assert f"{bot}:Jacks" in whole
    for columns in WIDTHS:
        code, out, _ = _run(argv, columns, monkeypatch)
        assert code == 0
        _fits(out, columns)
        lines = out.splitlines()
        rows = [line.split() for line in lines if re.match(r"P\d ", line)]
        assert len(rows) == 3 and all(len(row) == 5 for row in rows)  # every figure in its column
        assert rows[1][1] == "strong"
        first = next(k for k, line in enumerate(lines) if line.startswith("P1 "))
        below = [
            line.strip() for line in itertools.takewhile(lambda line: line.startswith(" " * 11), lines[first + 1 :])
        ]
        assert rows[0][1] + "".join(below) == f"{bot}:Jacks"  # the name whole, read down its column


def test_simulate_s_titles_go_on_two_lines_where_on_one_they_do_not_fit(monkeypatch):
    _, out, _ = _run(["simulate", "morkpoker", "--hands", "30", "--seed", "3", "--lang", "nb"], 60, monkeypatch)
    lines = out.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("spiller"))
    assert lines[at - 1].split() == ["sjetonger", "per", "nye"]
    assert lines[at].split() == ["spiller", "strategi", "netto", "utdeling", "innkjøp"]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_rules_check_fits_the_terminal(monkeypatch, lang):
    """Seen too: ``rules check`` of the shipped files by their whole path, 113 columns at 80."""
    argv = ["rules", "check", *sorted(str(path) for path in (ROOT / "rulesets").glob("*.yaml")), "--lang", lang]
    _, whole, _ = _run(argv, 1000, monkeypatch)
    for columns in WIDTHS:
        code, out, _ = _run(argv, columns, monkeypatch)
        assert code == 0
        _fits(out, columns)
        assert _said(out) == _said(whole)
