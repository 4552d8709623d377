"""The help speaks the player's language whole: ``drawpoker --help`` and
every command's ``--help`` (the usage line's head, the descriptions, the
headings, every option's help and argparse's own "show this help message
and exit") in Norwegian under ``--lang nb`` anywhere on the line, the
``language`` setting or an nb locale; English exactly as argparse lays it
out. ``completion`` takes ``--lang`` as every other command does, and the
PHH export's notice beside the file is said in the language too."""

from __future__ import annotations

import argparse
import functools
import re

import pytest

from drawpoker.cli.completion_cmd import candidates
from drawpoker.cli.main import build_parser, main
from drawpoker.settings import settings_path
from drawpoker.words.i18n import translator

NB = translator("nb")


@pytest.fixture
def home(home, monkeypatch):
    """The shared home (tests/conftest.py), the help laid out at 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    return home


def _parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


#: every command, and every command's own commands (``rules check``), with its parser
PARSERS = dict(_parsers(build_parser(None)))


def _texts(parser: argparse.ArgumentParser) -> list[str]:
    """The English texts a parser's help says: its description, headings and helps."""
    out = [parser.description] if parser.description else []
    for group in parser._action_groups:
        if any(action.help != argparse.SUPPRESS for action in group._group_actions):  # (argparse shows no empty one)
            out += [text for text in (group.title, group.description) if text]
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            out.append(action.help)
        if isinstance(action, argparse._SubParsersAction):
            out += [choice.help for choice in action._choices_actions if choice.help]
    return out


def _help(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    assert done.value.code == 0 and err == ""
    return out


def _flat(text: str) -> str:
    """A help as one line: argparse's wrapping undone (also after a hyphen it broke at)."""
    return " ".join(re.sub(r"(?<=\w-)\n\s+", "", text).split())


def _heads(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.fullmatch(r"\S[^:]*:", line)]


def _assert_norwegian(path: tuple[str, ...], out: str) -> None:
    prog = " ".join(("drawpoker", *path))
    assert out.startswith(f"bruk: {prog} ")
    assert not set(_heads(out)) & {"positional arguments:", "options:", "phones:"}, _heads(out)
    flat = _flat(out)
    for text in _texts(PARSERS[path]):
        said = NB._(text)
        assert said != text, f"{prog} --help: no Norwegian for {text!r}"
        assert " ".join(said.split()) in flat or said + ":" in _heads(out), (prog, said)
        if " " in text:
            assert " ".join(text.split()) not in flat, (prog, text)
    assert "show this help message and exit" not in out and "vis denne hjelpeteksten og avslutt" in out
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("path", list(PARSERS), ids=lambda p: " ".join(p) or "drawpoker")
def test_every_help_is_norwegian_under_lang_nb(home, capsys, path):
    # seen: `drawpoker hand --help --lang nb` said "usage:", "positional arguments", "options" and every help in English
    out = _help([*path, "--help", "--lang", "nb"], capsys)
    _assert_norwegian(path, out)
    assert _help([*path, "--lang=nb", "--help"] if path else ["--help", "--lang=nb"], capsys) == out


@pytest.mark.parametrize("how", ["setting", "locale"])
@pytest.mark.parametrize(
    "path", [(), ("play",), ("config", "set"), ("completion",), ("rules", "check")], ids=lambda p: " ".join(p) or "-"
)
def test_the_help_follows_the_setting_and_the_locale(home, capsys, monkeypatch, how, path):
    if how == "setting":
        settings_path().parent.mkdir(parents=True, exist_ok=True)
        settings_path().write_text("language: nb\n", encoding="utf-8")
    else:
        monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    out = _help([*path, "--help"], capsys)
    _assert_norwegian(path, out)
    assert _help([*path, "--help", "--lang", "en"], capsys).startswith("usage: drawpoker")


def test_drawpoker_alone_shows_the_help_in_the_language(home, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    assert main([]) == 0
    out = capsys.readouterr().out
    _assert_norwegian((), out)


@pytest.mark.parametrize("path", list(PARSERS), ids=lambda p: " ".join(p) or "drawpoker")
@pytest.mark.parametrize("lang", [[], ["--lang", "en"]])
def test_the_english_help_is_argparses_own(home, capsys, path, lang):
    """English is what argparse lays out on its own, at the width COLUMNS gives
    (two columns spare), word for word; and it fits in 80 columns."""
    out = _help([*path, "--help", *lang], capsys)
    parser = PARSERS[path]
    parser.formatter_class = functools.partial(argparse.HelpFormatter, width=78)
    assert out == parser.format_help()
    assert out.startswith("usage: drawpoker") and max(len(line) for line in out.splitlines()) <= 80


def test_a_broken_setting_leaves_the_help_to_the_locale(home, capsys, monkeypatch):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("language: [\n", encoding="utf-8")
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    _assert_norwegian(("hand",), _help(["hand", "--help"], capsys))


def test_argparses_own_words_are_in_the_catalogue():
    for text in ("usage: ", "positional arguments", "options", "show this help message and exit"):
        assert NB._(text) != text
    assert NB._("show program's version number and exit") == "vis programmets versjonsnummer og avslutt"


def test_no_translated_help_upsets_argparses_percent_formatting():
    """argparse fills ``%(default)s`` in a help after it is translated: a
    translation has a ``%`` exactly where its English has one."""
    for parser in PARSERS.values():
        for text in _texts(parser):
            assert NB._(text).count("%") == text.count("%"), text


def test_the_version_is_said_as_it_is(home, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    from drawpoker import __version__

    assert _help(["--version", "--lang", "nb"], capsys) == f"drawpoker {__version__}\n"


# ---------------------------------------------------------------- completion takes --lang


def test_completion_takes_the_language(home, capsys):
    # seen: `drawpoker completion --lang nb` said "'--lang' er ikke et valg kommandoen har"
    assert main(["completion", "--lang", "nb"]) == 1
    assert capsys.readouterr().err == (
        "drawpoker completion: nevn skallet: 'drawpoker completion bash' eller 'drawpoker completion zsh'\n"
    )
    assert main(["completion", "--lang", "en"]) == 1
    assert capsys.readouterr().err.startswith("drawpoker completion: name the shell: ")
    assert main(["completion", "bash", "--lang", "nb"]) == 0
    script = capsys.readouterr().out
    assert main(["completion", "bash"]) == 0 and capsys.readouterr().out == script
    assert "--lang" in candidates(["drawpoker", "completion", "--"], 2)
    assert candidates(["drawpoker", "completion", "--lang", ""], 3) == ["en", "nb"]


# ---------------------------------------------------------------- PHH's notice


def test_the_phh_notice_is_said_in_the_language(home, capsys, tmp_path):
    # seen: `drawpoker export --format phh --lang nb` said "PHH has no variant for Mørkpoker: ..." in English
    log = tmp_path / "mork.jsonl"
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "2", "--seed", "5", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["export", str(log), "--format", "phh"]) == 0
    english, notice = capsys.readouterr()
    assert notice.startswith("PHH has no variant for Mørkpoker: fixed-limit five-card draw high, one exchange: ")
    assert main(["export", str(log), "--format", "phh", "--lang", "nb"]) == 0
    norsk, notice = capsys.readouterr()
    assert notice == (
        "PHH har ingen variant for Mørkpoker: femkorts draw med fast grense, høyeste hånd vinner, ett kortbytte: "
        "skrevet som den ikke-standardiserte FH1D, med husreglene i felter som begynner med _; PHH-lesere som "
        "pokerkit kan ikke spille den av\n"
    )
    # the file is the standard's, in English (its last comment, that the session is unfinished, is the player's)
    assert norsk.rsplit("\n# ", 1)[0] == english.rsplit("\n# ", 1)[0]
    assert "# drawpoker export of " in norsk and "fixed-limit five-card draw high, one exchange" in norsk


@pytest.mark.parametrize(
    "ruleset, english, norsk",
    [
        (
            "deuce-to-seven-triple-draw",
            "fixed-limit five-card draw deuce-to-seven lowball, three exchanges",
            "femkorts draw med fast grense, toer-til-syver lowball, tre kortbytter",
        ),
        (
            "no-limit-draw",
            "no-limit five-card draw high, one exchange",
            "femkorts draw med ingen grense, høyeste hånd vinner, ett kortbytte",
        ),
        (
            "ace-to-five-lowball",
            "fixed-limit five-card draw ace-to-five lowball, one exchange",
            "femkorts draw med fast grense, ess-til-fem lowball, ett kortbytte",
        ),
    ],
    ids=["triple-draw", "no-limit", "ace-to-five"],
)
def test_a_draw_games_name_in_both_languages(ruleset, english, norsk):
    from drawpoker.history.phh import phh_game
    from drawpoker.rules import load_rules

    game = phh_game(load_rules(ruleset))
    assert game.name == game.house["_variant_name"] == english == str(game.words)
    assert NB.say(game.words) == norsk


@pytest.mark.parametrize(
    "path", [path for path, parser in PARSERS.items() if "--lang" in parser._option_string_actions]
)
def test_every_langs_help_says_the_setting_comes_before_the_locale(path):
    """Every command takes the ``language`` setting before the locale
    (``cli_language``); its help said "(default: the locale's)" (replay's
    "from the locale"), leaving the setting out. A command run with the
    setting and no ``--lang`` speaks Norwegian, so the help says so."""
    help_text = PARSERS[path]._option_string_actions["--lang"].help
    assert help_text == "the language (default: your settings' language, else the locale's)", path


# ---------------------------------------------------------------- a language the game does not speak, after --help


@pytest.mark.parametrize("path", list(PARSERS), ids=lambda p: " ".join(p) or "drawpoker")
def test_a_language_the_game_does_not_speak_is_refused_before_the_help(home, capsys, path):
    # seen: `drawpoker --help --lang xx` showed the English help (argparse says it before it reads on),
    # where every command refuses the language in one sentence (and `--lang xx --help` did)
    prog = " ".join(("drawpoker", *path))
    for argv, err in [
        ([*path, "--help", "--lang", "xx"], f"{prog}: --lang: expected en or nb, found 'xx'\n"),
        ([*path, "-h", "--la=xx"], f"{prog}: --lang: expected en or nb, found 'xx'\n"),
        ([*path, "--help", "--lang"], f"{prog}: --lang needs a value after it (--lang {{en,nb}})\n"),
        ([*path, "--help", "--lang", "xx", "--lang", "nb"], f"{prog}: --lang: ventet en eller nb, fant 'xx'\n"),
    ]:
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert (done.value.code, *capsys.readouterr()) == (2, "", err), argv
    # (a language the game speaks, or one after `--`, is no slip: the help is said)
    _assert_norwegian(path, _help([*path, "--help", "--lang", "nb"], capsys))
    assert _help([*path, "--help", "--", "--lang", "xx"], capsys).startswith(f"usage: {prog} ")
