"""What was wrong with the command line itself, as one sentence in the player's language.

argparse finds the slips (a word missing, an unknown option, a value that
is not a number or not one of the choices); :class:`drawpoker.cli.main.Parser`
hands each over as its parts, and this module makes the note that says it,
in the shape every other refusal of the command has (``--since: expected a
date like 2026-03-01, found 'x'``), so ``--lang nb`` (or the ``language``
setting, or the locale) says it in Norwegian.

>>> from drawpoker.words.i18n import translator
>>> nb = translator("nb")
>>> nb.say(missing(["KEY", "VALUE"], "drawpoker config set"))
"KEY og VALUE mangler; 'drawpoker config set --help' viser hva kommandoen tar"
>>> str(not_a_choice("--lang", "de", ["en", "nb"]))
"--lang: expected en or nb, found 'de'"
>>> nb.say(not_a_choice("COMMAND", "simualte", ["play", "simulate"], command=True))
"'simualte' er ingen kommando; kommandoene er play og simulate (mente du 'simulate'?)"
>>> str(argparse_note("ambiguous option: --h could match --help, --hands", "drawpoker simulate"))
"'--h' could be --help or --hands: write more of it"
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Sequence

from drawpoker.notes import N_, Note
from drawpoker.terminal import cut

__all__ = [
    "missing",
    "needs_value",
    "not_a_number",
    "not_a_choice",
    "unknown_words",
    "ambiguous",
    "takes_no_value",
    "not_together",
    "bad_value",
    "not_taken",
    "argparse_note",
    "asked_language",
    "quoted_number",
    "options_before_command",
]

#: the most of one word from the command line a sentence quotes
MOST_QUOTED = 60


def _quoted(word: str) -> str:
    return cut(word, MOST_QUOTED)


def _and(names: Sequence[str]) -> Note | str:
    """``a``, ``a and b``, ``a, b and c``, in the language it is said in."""
    if len(names) <= 1:
        return "".join(names)
    return Note(N_("{first} and {last}"), first=", ".join(names[:-1]), last=names[-1])


def _or(names: Sequence[str]) -> Note | str:
    """``a``, ``a or b``, ``a, b or c``, in the language it is said in."""
    if len(names) <= 1:
        return "".join(names)
    return Note(N_("{first} or {last}"), first=", ".join(names[:-1]), last=names[-1])


def _with_help(problem: Note, prog: str) -> Note:
    """A slip whose fix is in ``--help``: the problem, and where to look."""
    return Note(N_("{problem}; '{prog} --help' says what the command takes"), problem=problem, prog=prog)


def missing(names: Sequence[str], prog: str) -> Note:
    """Words the command needs and did not get (``RULESET``, ``KEY and VALUE``)."""
    if len(names) == 1:
        problem = Note(N_("{name} is missing"), name=names[0])
    else:
        problem = Note(N_("{names} are missing"), names=_and(names))
    return _with_help(problem, prog)


def needs_value(option: str, usage: str) -> Note:
    """An option given without the value it takes (``--players`` at the end of the line)."""
    return Note(N_("{option} needs a value after it ({usage})"), option=option, usage=usage)


def quoted_number(text: str) -> str | Note:
    """A whole number from the command line as a sentence quotes it: as typed,
    a huge one by its length and sign ("a negative number of 30 digits").

    >>> quoted_number("-12")
    '-12'
    """
    digits = text.strip().lstrip("+-").replace("_", "")
    if len(text) <= 24 or not digits.isdigit():
        return text
    if text.strip().startswith("-"):
        return Note(N_("a negative number of {digits} digits"), digits=len(digits))
    return Note(N_("a number of {digits} digits"), digits=len(digits))


def not_a_number(argument: str, value: str, whole: bool) -> Note:
    """A value that should have been a (whole) number."""
    import sys

    digits = value.strip().lstrip("+-").replace("_", "")
    most = sys.get_int_max_str_digits()
    if whole and digits.isdigit() and most and len(digits) > most:
        return Note(
            N_("{argument}: expected a whole number of at most {most} digits, found one of {digits}"),
            argument=argument,
            most=most,
            digits=len(digits),
        )
    if whole:
        return Note(N_("{argument}: expected a whole number, found '{value}'"), argument=argument, value=_quoted(value))
    return Note(N_("{argument}: expected a number, found '{value}'"), argument=argument, value=_quoted(value))


def bad_value(argument: str, problem: Note | str) -> Note:
    """A value its option's own check refused, with that check's words."""
    return Note(N_("{argument}: {problem}"), argument=argument, problem=problem)


def not_taken(argument: str, value: str) -> Note:
    """A value its option's type refused without saying why."""
    return Note(N_("{argument}: '{value}' is not a value it takes"), argument=argument, value=_quoted(value))


def options_before_command(words: Sequence[str], commands: Collection[str]) -> Note | None:
    """The slip in ``drawpoker --lang nb play``: a command's options written
    before the command (argparse would take ``nb`` for the command); None
    when the line starts with the command, or with the program's own
    ``--help`` or ``--version``, or names no command.

    >>> options_before_command(["--lang", "nb", "play"], ["play"]) is not None
    True
    """
    if not words or not words[0].startswith("-") or words[0] in ("-h", "--help", "--version"):
        return None
    at = next((k for k, word in enumerate(words) if word in commands), None)
    if at is None or "--" in words[:at]:
        return None
    line = " ".join(_quoted(word) for word in ("drawpoker", words[at], *words[:at], *words[at + 1 :]))
    options = " ".join(_quoted(word) for word in words[:at])
    return Note(N_("{options} goes after the command: {line}"), options=options, line=cut(line, 200))


def not_a_choice(argument: str, value: str, choices: Sequence[str], command: bool = False) -> Note:
    """A value that is none of the choices (a command, a language, a format); the nearest named when one is near."""
    if command:
        problem = Note(
            N_("'{value}' is not a command; the commands are {choices}"), value=_quoted(value), choices=_and(choices)
        )
    else:
        problem = Note(
            N_("{argument}: expected {choices}, found '{value}'"),
            argument=argument,
            choices=_or(choices),
            value=_quoted(value),
        )
    near = difflib.get_close_matches(value, list(choices), n=1)
    if near:
        return Note(N_("{problem} (did you mean '{name}'?)"), problem=problem, name=near[0])
    return problem


def unknown_words(words: Sequence[str], prog: str) -> Note:
    """What is left over on the command line: options the command does not
    have, and words beyond what it takes."""
    options = [f"'{_quoted(w)}'" for w in words if w.startswith("-") and w != "-"]
    others = [f"'{_quoted(w)}'" for w in words if not (w.startswith("-") and w != "-")]
    parts: list[Note] = []
    if len(options) == 1:
        parts.append(Note(N_("{option} is not an option of this command"), option=options[0]))
    elif options:
        parts.append(Note(N_("{options} are not options of this command"), options=_and(options)))
    if len(others) == 1:
        parts.append(Note(N_("{word} is one word more than the command takes"), word=others[0]))
    elif others:
        parts.append(Note(N_("{words} are more words than the command takes"), words=_and(others)))
    joined = Note.joined(parts, "; ")
    return _with_help(joined if isinstance(joined, Note) else Note(joined), prog)


def ambiguous(option: str, matches: Sequence[str]) -> Note:
    """A shortened option that could be more than one (``--h``: ``--help`` or ``--hands``)."""
    return Note(N_("'{option}' could be {matches}: write more of it"), option=_quoted(option), matches=_or(matches))


def takes_no_value(option: str, value: str) -> Note:
    """An option that takes no value, given one (``--json=yes``)."""
    return Note(N_("{option} takes no value, found '{value}'"), option=option, value=_quoted(value))


def not_together(argument: str, other: str) -> Note:
    """Two options that exclude each other (``--json`` and ``--csv``)."""
    return Note(N_("{argument} and {other} cannot be given together"), argument=argument, other=other)


#: argparse's own English sentences, as the versions this runs on (3.11 on) write them
_ARGPARSE = (
    (re.compile(r"the following arguments are required: (.+)"), "missing"),
    (re.compile(r"unrecognized arguments: (.*)"), "unknown"),
    (re.compile(r"ambiguous option: (\S+) could match (.+)"), "ambiguous"),
    (re.compile(r"ignored explicit argument '?(.*?)'?"), "no value"),
    (re.compile(r"not allowed with argument (.+)"), "together"),
    (re.compile(r"one of the arguments (.+) is required"), "one of"),
    (re.compile(r"expected (?:one|at most one|at least one|\d+) arguments?"), "value"),
)


def argparse_note(message: str, prog: str, argument: str | None = None) -> Note | str:
    """One of argparse's own English complaints, as its note (said in the
    player's language); a complaint this does not know stays as argparse wrote it."""
    for pattern, kind in _ARGPARSE:
        found = pattern.fullmatch(message)
        if found is None:
            continue
        if kind == "missing":
            return missing(found[1].split(", "), prog)
        if kind == "unknown":
            return unknown_words(found[1].split(" "), prog)
        if kind == "ambiguous":
            return ambiguous(found[1], found[2].split(", "))
        if kind == "no value" and argument:
            return takes_no_value(argument, found[1])
        if kind == "together" and argument:
            return not_together(argument, found[1])
        if kind == "one of":
            return Note(N_("one of {names} is needed"), names=_or(found[1].split(" ")))
        if kind == "value" and argument:
            return needs_value(argument, argument)
    return f"{argument}: {message}" if argument else message


def asked_language(words: Sequence[str]) -> str | None:
    """The language a command line asks for with ``--lang`` (or ``--lang=``,
    or the option shortened as argparse allows: ``--l``, ``--la``); None when it asks
    for none the game speaks (what else is wrong is said in the language of
    the settings, else the locale).

    >>> asked_language(["simulate", "--lang", "nb"]), asked_language(["hand", "--lan=nb", "--", "--lang", "en"])
    ('nb', 'nb')
    >>> asked_language(["history", "--lang", "de"]) is None
    True
    """
    from drawpoker.words.i18n import LANGUAGES

    asked = None
    for value in languages_given(words):
        asked = value if value in LANGUAGES else asked
    return asked


def languages_given(words: Sequence[str]) -> list[str | None]:
    """Each value a command line gives ``--lang`` (shortened as argparse
    allows, or ``--lang=``), in order; None for one given no value.

    >>> languages_given(["--version", "--lang", "xx", "--la=nb", "--", "--lang", "en"])
    ['xx', 'nb']
    >>> languages_given(["--version", "--lang"])
    [None]
    """
    given: list[str | None] = []
    for i, word in enumerate(words):
        if word == "--":
            break
        option, equals, value = word.partition("=")
        if len(option) < 3 or not "--lang".startswith(option):
            continue
        if not equals:
            value = words[i + 1] if i + 1 < len(words) else ""
        given.append(value if value or equals else None)
    return given
