"""The ``drawpoker`` command: a registry of subcommands and one error edge.

Every subcommand module has ``configure(parser)`` (cheap: no heavy imports)
and ``run(args) -> int``. Whatever goes wrong reaches the player as one
sentence on stderr, ``drawpoker CMD: ...``, through :mod:`drawpoker.terminal`
(so a file name or a value from a file cannot drive the terminal), and the
exit status says what kind of failure it was:

* 0 done; 1 the input was refused (a file, a value, a rule); 2 the command
  line itself was wrong (argparse); 130 interrupted;
* an exception this program did not expect is a bug: one line says so and
  how to report it (exit 1); ``DRAWPOKER_DEBUG=1`` shows the traceback.

Nothing reaches the player as a traceback.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import sys

from drawpoker import __version__
from drawpoker.notes import N_
from drawpoker.terminal import cells, cut, visible, visible_lines

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    from collections.abc import Callable, Sequence
    from typing import Any, NoReturn

    from drawpoker.errors import DrawpokerError
    from drawpoker.notes import Note

#: name -> (module, one-line help). Order is the order of ``--help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("drawpoker.cli.play_cmd", N_("play Mørkpoker or Three Card Poker hot-seat in the terminal")),
    "settle": ("drawpoker.cli.settle_cmd", N_("say who wins what, and why, in a deal written in YAML")),
    "simulate": ("drawpoker.cli.simulate_cmd", N_("play whole sessions with computer players")),
    "history": ("drawpoker.cli.history_cmd", N_("list the deals of a session and its standings, or the sessions kept")),
    "standings": (
        "drawpoker.cli.standings_cmd",
        N_("the season: every player's evenings, deals, result in chips and money, and the running total"),
    ),
    "replay": ("drawpoker.cli.replay_cmd", N_("step through the deals of a hand history, action by action")),
    "verify": ("drawpoker.cli.verify_cmd", N_("check a hand history against the engine, line by line")),
    "export": ("drawpoker.cli.export_cmd", N_("write a hand history as a readable transcript or as PHH")),
    "rules": ("drawpoker.cli.rules_cmd", N_("list, check, show and compare house rules")),
    "analyze": (
        "drawpoker.cli.analyze_cmd",
        N_("who a Three Card Poker paytable favours: exact house edges and the optimal strategy"),
    ),
    "hand": ("drawpoker.cli.hand_cmd", N_("describe a poker hand (3, 5, 6 or 7 cards)")),
    "config": (
        "drawpoker.cli.config_cmd",
        N_("show and change your settings: default ruleset, language, folder, names"),
    ),
    "completion": ("drawpoker.cli.completion_cmd", N_("print a shell completion script for bash or zsh")),
}

#: the longest line an error says (what a file or the command line held is quoted, not repeated whole)
MOST_SAID = 1000

#: set this to see the traceback of an unexpected error
DEBUG_VARIABLE = "DRAWPOKER_DEBUG"


def _where_to_report() -> str:
    """The issue tracker named in the installed package's metadata."""
    try:
        from importlib.metadata import metadata

        for entry in metadata("drawpoker").get_all("Project-URL") or []:
            label, _, url = entry.partition(",")
            if label.strip().lower() in ("issues", "bug tracker"):
                return str(url).strip()
    except Exception:  # reporting a bug must not fail itself
        pass
    return "the project's issue tracker"


def terminal_columns() -> int:
    """The terminal's width (:func:`drawpoker.terminal.terminal_columns`:
    ``COLUMNS``, else the terminal on stdout, else 80)."""
    from drawpoker.terminal import terminal_columns as columns

    return columns()


def room() -> int:
    """The width a command lays its text out to: the terminal's (:func:`terminal_columns`),
    two columns spare, as argparse lays out a help."""
    return max(20, terminal_columns() - 2)


def emit_fitted(text: str, *, more: str = "    ", lists: bool = False, columns: int | None = None) -> None:
    """Print ``text`` (control characters made visible) within the terminal's
    width (:func:`room`, or ``columns``), line by line: a line that fits as it
    is, a longer one wrapped, its next lines ``more`` deeper than it begins.
    A sentence is wrapped at its spaces; with ``lists`` (a line listing
    things: stacks, a paytable, results) after its commas and semicolons,
    each part whole where it fits (:mod:`drawpoker.wrapping`: never inside a
    number, an amount or a card)."""
    from drawpoker.terminal import emit
    from drawpoker.wrapping import wrap, wrap_lines

    width = room() if columns is None else columns
    for line in visible_lines(text).split("\n"):
        if cells(line) <= width:
            parts = [line]  # (as it is: a padded column keeps its spaces)
        elif lists:
            parts = wrap_lines(line, width, more)
        else:
            lead = line[: len(line) - len(line.lstrip())]
            parts = wrap(line, width, indent=lead + more) if line.strip() else [""]
        for part in parts:
            emit(part)


#: argparse's own words in a help (the help option's, the version option's,
#: the headings of its groups), marked for the catalogue: the help of a
#: command is said in its language whole
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
)


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout; the width found by :func:`terminal_columns`; every
    text in it (the usage line's head, the headings, descriptions and the
    help of each argument, argparse's own ones among them) said by
    ``translate`` (the parser sets it: the language the command speaks),
    as argparse writes them when there is none."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, terminal_columns() - 2 if width is None else width)
        self.translate: Callable[[str], str] | None = None

    def _said(self, text: str | None) -> str | None:
        if self.translate is None or not text or text == argparse.SUPPRESS:
            return text
        return self.translate(text)

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        """As argparse; the usage line's head (``usage: ``) in the language."""
        if prefix is None and self.translate is not None:
            prefix = self.translate("usage: ")
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        """As argparse; the heading (``options``) in the language."""
        super().start_section(self._said(heading))

    def add_text(self, text: str | None) -> None:
        """As argparse; a description in the language."""
        super().add_text(self._said(text))

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return self._said(super()._get_help_string(action))


class _Slip(argparse.ArgumentError):
    """An argparse complaint kept as its note, to be said in the player's language."""

    def __init__(self, action: argparse.Action | None, note: Note) -> None:
        super().__init__(action, str(note))
        self.note = note


class Parser(argparse.ArgumentParser):
    """argparse, with its complaints said as every other refusal of the
    command is: one sentence, ``drawpoker CMD: ...``, in the language the
    command speaks (``--lang`` among ``words``, the command line, else the
    settings, else the locale), what the command line held made visible."""

    def __init__(self, *args: Any, words: Sequence[str] = (), **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs.setdefault("exit_on_error", False)  # (argparse's complaints come here as they are: see parse_known_args)
        self._words = tuple(words)
        self._gettext: Callable[[str], str] | None = None
        add_help = kwargs.get("add_help", True)
        kwargs["add_help"] = False  # (added below: its action refuses a --lang the game does not speak first)
        super().__init__(*args, **kwargs)
        self.register("action", "help", _Help)
        if add_help:  # (as argparse adds it, its own words; a --lang the game does not speak refused first)
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=ARGPARSE_WORDS[3])

    def add_subparsers(self, **kwargs: Any) -> Any:
        """As argparse; a command's own commands (``rules check``) speak as it does."""
        kwargs.setdefault("parser_class", functools.partial(Parser, words=self._words))
        return super().add_subparsers(**kwargs)

    def error(self, message: str | Note) -> NoReturn:
        """Say what was wrong with the command line, in one sentence, and leave (exit status 2)."""
        from drawpoker.words.command_line import argparse_note

        self._leave(self.prog, argparse_note(message, self.prog) if isinstance(message, str) else message)

    def _leave(self, prog: str, note: Note | str) -> NoReturn:
        """``PROG: the slip``, one sentence in the command's language, fitted to the terminal; exit status 2."""
        from drawpoker.terminal import complain

        complain(f"{visible(prog)}: {visible(cut(self._say(note), MOST_SAID))}")
        self.exit(2)

    def _say(self, note: Note | str) -> str:
        from drawpoker.words.command_line import asked_language
        from drawpoker.words.i18n import cli_say

        return cli_say(asked_language(self._words), note)

    def _print_message(self, message: str, file: Any = None) -> None:
        """As argparse, but a help or a version that cannot be written (a full
        disk under ``> FILE``) is not lost in silence: the error reaches
        :func:`main`, which says so (a complaint on stderr is still dropped:
        nobody is left to tell)."""
        if not message:
            return
        if file is None or file is sys.stderr:
            super()._print_message(message, file)
            return
        file.write(message)
        file.flush()

    def _get_formatter(self) -> argparse.HelpFormatter:
        """As argparse; a help is said in the language the command speaks."""
        formatter = super()._get_formatter()
        if isinstance(formatter, _Formatter):
            formatter.translate = self._translate
        return formatter

    def _translate(self, text: str) -> str:
        """``text`` of a help in the command's language (``--lang`` among the
        words, else the settings, else the locale), learned when a help is
        first said; as it is in English, and when the language cannot be
        learned (a slip in the settings is told by the command, not its help)."""
        if self._gettext is None:
            from drawpoker.errors import DrawpokerError
            from drawpoker.words.command_line import asked_language
            from drawpoker.words.i18n import Translator, cli_language

            try:
                self._gettext = Translator(cli_language(asked_language(self._words), warn=False))._
            except (DrawpokerError, OSError, ValueError):
                self._gettext = str
        return self._gettext(text)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """As argparse; words left over are named, under the command they were given to."""
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            from drawpoker.words.command_line import unknown_words

            command = getattr(ns, "command", None)
            prog = f"{self.prog} {command}" if command else self.prog
            inner = getattr(ns, f"{command}_command", None) if command else None
            prog = f"{prog} {inner}" if isinstance(inner, str) else prog
            self._leave(prog, unknown_words(extras, prog))
        return ns

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """As argparse, with its complaints said by :meth:`error`; and a lone
        ``--`` cannot stand in for a required word.

        argparse (3.11–3.13) fills a positional that follows ``--`` with an
        empty list instead of saying it is missing (``rules diff A -- --``).
        """
        try:
            ns, extras = super().parse_known_args(args, namespace)
        except _Slip as slip:
            self.error(slip.note)
        except argparse.ArgumentError as exc:
            from drawpoker.words.command_line import argparse_note

            self.error(argparse_note(exc.message, self.prog, exc.argument_name))
        for action in self._actions:
            if not action.option_strings and action.nargs is None and getattr(ns, action.dest, None) == []:
                from drawpoker.words.command_line import missing

                self.error(missing([argparse._get_action_name(action) or action.dest], self.prog))
        return ns, extras

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        """As argparse; a value its type refuses is said as a note (``--players: expected a whole number``)."""
        kind = self._registry_get("type", action.type, action.type)
        if not callable(kind):
            return super()._get_value(action, arg_string)
        try:
            return kind(arg_string)
        except argparse.ArgumentTypeError as exc:
            from drawpoker.notes import Note
            from drawpoker.words.command_line import bad_value

            said = exc.args[0] if exc.args else ""
            problem = said if isinstance(said, (Note, str)) else str(said)
            raise _Slip(action, bad_value(argparse._get_action_name(action) or "", problem)) from None
        except (TypeError, ValueError):
            from drawpoker.words.command_line import not_a_number, not_taken

            name = argparse._get_action_name(action) or ""
            if kind in (int, float):
                raise _Slip(action, not_a_number(name, arg_string, whole=kind is int)) from None
            raise _Slip(action, not_taken(name, arg_string)) from None

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """As argparse; a value that is none of the choices is said as a note, the nearest choice named."""
        if action.choices is not None and value not in action.choices:
            from drawpoker.words.command_line import not_a_choice

            name = argparse._get_action_name(action) or ""
            command = isinstance(action, argparse._SubParsersAction)
            raise _Slip(action, not_a_choice(name, str(value), [str(c) for c in action.choices], command=command))

    def _match_argument(self, action: argparse.Action, arg_strings_pattern: str) -> int:
        """As argparse; an option given no value says so, with the value it takes."""
        try:
            return super()._match_argument(action, arg_strings_pattern)
        except argparse.ArgumentError:
            from drawpoker.words.command_line import needs_value

            name = argparse._get_action_name(action) or ""
            usage = name
            if action.option_strings:
                formatter = self._get_formatter()
                takes = formatter._format_args(action, formatter._get_default_metavar_for_optional(action))
                usage = f"{action.option_strings[-1]} {takes}"
            raise _Slip(action, needs_value(name, usage)) from None


def file_name(text: str) -> str:
    """The type of an option that names a file or a folder (``--log``,
    ``--output``, ``--histories``, ``--cert``): the name as typed, but never
    empty (which would quietly mean no file at all), nor with a NUL in it
    (which no system takes), nor with a control or invisible character (an
    escape, a newline, a right-to-left mark: a name that would drive the
    terminal, or read as another, wherever it is listed; the same
    characters a player's name may not hold): each is a slip on the
    command line, said as one, before anything is played or written."""
    from drawpoker.notes import Note

    if not text:
        raise argparse.ArgumentTypeError(Note(N_("expected a file name, found an empty word")))
    if "\x00" in text:
        raise argparse.ArgumentTypeError(Note(N_("the file name contains a NUL character")))
    odd = next((ch for ch in text if not ch.isprintable()), None)
    if odd is not None:
        raise argparse.ArgumentTypeError(
            Note(N_("the file name contains a control or invisible character ({code})"), code=f"U+{ord(odd):04X}")
        )
    return text


class _Version(argparse._VersionAction):
    """argparse's ``--version``; the version said as it is (no catalogue loaded to say it).
    A ``--lang`` among the words that the game does not speak is refused first,
    as every command refuses it (argparse says the version before it reads on)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse_unspoken_language(parser)
        parser._print_message(f"{self.version}\n", sys.stdout)
        parser.exit()


class _Help(argparse._HelpAction):
    """argparse's ``--help``. A ``--lang`` among the words that the game does
    not speak (``drawpoker --help --lang xx``), or given no value, is refused
    first, as every command refuses it (argparse says the help before it
    reads on, and the help would be said in English)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse_unspoken_language(parser)
        super().__call__(parser, *args, **kwargs)
        raise AssertionError("argparse's help exits")  # (never reached)


def _refuse_unspoken_language(parser: argparse.ArgumentParser) -> None:
    """Each ``--lang`` the command line gives that the game does not speak
    (or that is given no value), said as every command says it (exit 2),
    before a help or the version that argparse says before reading on."""
    from drawpoker.words.command_line import languages_given

    lang = next((action for action in parser._actions if "--lang" in action.option_strings), None)
    if lang is not None and isinstance(parser, Parser):
        for value in languages_given(parser._words):
            if value is None:
                parser._match_argument(lang, "")  # (no value for it: said as every command says it)
            parser._check_value(lang, value)  # (argparse's own refusal: said as every command says it)


def build_parser(only: str | None = None, words: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand.

    With ``only`` naming a command (the command line's first word), that is
    the one subcommand added, its module imported and its arguments
    configured: starting fast matters, and argparse looks up its own texts'
    translations, file by file, for every parser it makes. With ``only``
    empty, every command is listed by name and help (for ``--help`` and for
    a word that is no command) and none is configured. ``words`` (the
    command line) say which language a slip in them is told in.
    """
    parser = Parser(
        words=words,
        prog="drawpoker",
        description=N_("Mørkpoker (five-card draw) and Three Card Poker for home poker nights."),
    )
    parser.add_argument("--version", action=_Version, version=f"drawpoker {__version__}")
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)  # (``drawpoker --lang nb --version``, ``--lang nb --help``: as every command takes it)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        if only and name != only:
            continue
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or name == only:
            module = importlib.import_module(module_name)
            module.configure(p)
            p.set_defaults(_module=module)
    return parser


def _say(command: str, text: str) -> None:
    """One problem on stderr, made safe for the terminal and fitted to it: ``drawpoker CMD: text``."""
    from drawpoker.terminal import complain

    complain(f"drawpoker {command}: {visible(cut(text, MOST_SAID))}")  # (within the terminal's width, as stdout)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from drawpoker.errors import DrawpokerError, RulesError

    words = list(sys.argv[1:] if argv is None else argv)
    if words[:2] == ["completion", "--candidates"]:  # the completion scripts' question: words taken as they are
        from drawpoker.cli.completion_cmd import answer

        return answer(words[2:])
    parser = build_parser(only=words[0] if words and words[0] in COMMANDS else "", words=words)
    if words and words[0].startswith("-") and words[0] not in ("-h", "--help", "--version"):
        from drawpoker.words.command_line import options_before_command  # (a quick command loads no more)

        misplaced = options_before_command(words, COMMANDS)
        if misplaced is not None:  # (drawpoker --lang nb play: argparse would say 'nb' is no command)
            parser.error(misplaced)  # type: ignore[arg-type]  # (Parser's error takes a note too)
    try:
        args = parser.parse_args(words)
        if not getattr(args, "command", None):
            parser.print_help()
            return 0
    except OSError as exc:  # a help or the version that cannot be written
        return _unwritten(words[0] if words and words[0] in COMMANDS else "", words, exc)
    command = args.command
    from drawpoker.words.i18n import hold_warnings, release_warnings

    hold_warnings()  # (a warning the command's own failure says again is said once: the failure's sentence)
    failure: list[str] = []
    try:
        status = int(args._module.run(args) or 0)
        sys.stdout.flush()  # what was printed is out: a full disk is said now, not lost at exit
        return status
    except RulesError as exc:
        failure = exc.problems
        for problem in exc.notes:
            _say(command, _in_language(args, problem))
        return 1
    except DrawpokerError as exc:
        failure = [str(exc)]
        for line in _in_language(args, exc).splitlines() or [""]:
            _say(command, line)
        return 1
    except KeyboardInterrupt:
        _say(command, "interrupted")
        return 130
    except OSError as exc:  # what this command prints, or a file no one gave words to
        return _unwritten(command, args, exc)
    except Exception as exc:  # a bug: say so in one line, never silently
        if os.environ.get(DEBUG_VARIABLE):
            raise
        _say(
            command,
            f"internal error ({type(exc).__name__}: {visible_lines(str(exc))[:200]}); this is a bug in drawpoker - "
            f"please report it at {_where_to_report()} (run again with {DEBUG_VARIABLE}=1 to see where it happened)",
        )
        return 1
    finally:
        release_warnings(failure)


def _unwritten(command: str, args: argparse.Namespace | Sequence[str], exc: OSError) -> int:
    """An operating-system error that reached the edge: what the command
    prints could not be written (no file named: the output, a full disk
    under ``> FILE``), or a file nobody gave words to could not be read;
    said in one sentence (exit 1). A pipe closed by its reader (``| head``)
    is no error (exit 0). ``args``: the command's, or the words of a
    command line not yet understood (a help)."""
    if isinstance(exc, BrokenPipeError):
        _quiet_stdout()
        return 0
    from drawpoker.boundary import os_words
    from drawpoker.notes import N_, Note

    if exc.filename is None:
        said: Note = Note(
            N_("cannot write {what} ({why})"), what=Note(N_("the output")), why=os_words(exc, writing=True)
        )
        _quiet_stdout()  # (what is left in the buffer cannot be written either: nothing more is tried at exit)
    else:
        said = Note(N_("{file}: {why}"), file=str(exc.filename), why=os_words(exc))
    if isinstance(args, argparse.Namespace):
        text = _in_language(args, said)
    else:
        from drawpoker.words.command_line import asked_language
        from drawpoker.words.i18n import cli_say

        text = cli_say(asked_language(args), said)
    if command:
        _say(command, text)
    else:
        from drawpoker.terminal import complain

        complain(f"drawpoker: {visible(cut(text, MOST_SAID))}")
    return 1


def _in_language(args: argparse.Namespace, said: DrawpokerError | Note | str) -> str:
    """An error (or a note) in the command's language (``--lang``, the
    settings, the locale: as the command speaks); English when it was raised
    as plain text."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.words.i18n import cli_say

    return cli_say(getattr(args, "lang", None), said.note if isinstance(said, DrawpokerError) else said)


def _quiet_stdout() -> None:
    """After a broken pipe (``drawpoker rules show x | head``), stop Python
    complaining about the flush at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
