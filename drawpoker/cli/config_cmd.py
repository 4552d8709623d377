"""``drawpoker config show|set|unset|path``: the player's settings file."""

from __future__ import annotations

import argparse
import os

from drawpoker.notes import N_, Note
from drawpoker.terminal import complain, emit, visible

TYPE_CHECKING = False
if TYPE_CHECKING:
    from drawpoker.words.i18n import Translator

_KEYS = ("ruleset", "language", "histories", "names", "alias", "bot_time_limit", "phones")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add ``config show|set|unset|path``, each with ``--lang`` (``config`` alone shows)."""
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)  # (``config --lang nb`` alone: the settings, in Norwegian)
    sub = parser.add_subparsers(dest="config_command", metavar="ACTION")
    p = sub.add_parser("show", help=N_("every setting, and where it comes from (the settings file or the default)"))
    add_lang_option(p, inner=True)
    p = sub.add_parser(
        "set",
        help=N_(
            "change a setting: ruleset, language, histories, names (comma-separated), alias OTHER=NAME "
            "(the same player under another spelling; OTHER= forgets one), bot_time_limit (seconds), "
            "or phones (true or false)"
        ),
    )
    p.add_argument(
        "key",
        metavar="KEY",
        choices=_KEYS,
        help=N_("ruleset, language, histories, names, alias, bot_time_limit or phones"),
    )
    p.add_argument("value", metavar="VALUE")
    add_lang_option(p, inner=True)
    p = sub.add_parser("unset", help=N_("forget a setting (its default applies again; alias: every alias)"))
    p.add_argument("key", metavar="KEY", choices=_KEYS)
    add_lang_option(p, inner=True)
    p = sub.add_parser("path", help=N_("the settings file, and the folders for histories"))
    add_lang_option(p, inner=True)


def _problems(settings: object, tr: Translator) -> None:
    """Say what the settings file holds that cannot be used (it is left at its default)."""

    for _key, problem in getattr(settings, "problems", ()):
        said = tr._("{problem} (ignored: 'drawpoker config set' or 'unset' mends it)").format(problem=tr.say(problem))
        complain(f"drawpoker config: {said}")


def _set_aside(path: object) -> object:
    """Rename a settings file that cannot be read to a free ``.broken`` name beside it; the new name."""
    from pathlib import Path

    from drawpoker.boundary import cannot_write
    from drawpoker.errors import InputError

    path = Path(str(path))
    for k in range(1, 1000):
        aside = path.with_name(f"{path.name}.broken{'' if k == 1 else f'-{k}'}")
        if not os.path.lexists(aside):
            try:
                os.replace(path, aside)
            except OSError as exc:
                raise InputError(cannot_write(aside, exc, N_("the settings"))) from None
            return aside
    raise InputError(
        Note(N_("{file}: cannot be set aside: {n} broken copies are beside it already"), file=str(path), n=999)
    )


def run(args: argparse.Namespace) -> int:
    """Dispatch to the chosen action."""
    import attrs

    from drawpoker.settings import (
        KEYS,
        Settings,
        default_histories,
        load_settings,
        parse_value,
        save_settings,
        settings_path,
    )
    from drawpoker.words.i18n import cli_language, cli_translator, translator

    action = args.config_command or "show"  # (``drawpoker config`` alone: the settings)
    path = settings_path()
    # config always shows and mends the file: what it cannot read is said, not a stop
    settings = load_settings(need=())
    tr = translator(cli_language(getattr(args, "lang", None), warn=False))  # what config cannot read it says itself
    if action == "path":
        emit(tr._("settings:  {path}").format(path=visible(str(path))))
        emit(tr._("histories: {path}").format(path=visible(str(settings.histories_folder()))))
        _problems(settings, tr)
        return 0
    if action == "show":
        default = tr._("{value} (the default)")
        shown = {
            "ruleset": settings.ruleset or default.format(value="morkpoker"),
            "language": settings.language or tr._("from the locale (the default)"),
            "histories": settings.histories or default.format(value=default_histories()),
            "names": ", ".join(settings.names) or tr._("none (the setup offers Player 1, Player 2, ...)"),
            "aliases": ", ".join(f"{a}={b}" for a, b in settings.aliases) or tr._("none"),
            "bot_time_limit": f"{settings.bot_time_limit:g}"
            if settings.bot_time_limit is not None
            else default.format(value="2"),
            "phones": ("true" if settings.phones else "false")
            if settings.phones is not None
            else default.format(value="false"),
        }
        from drawpoker.cli.main import emit_fitted

        written = "" if path.exists() else " " + tr._("(not written yet)")
        emit_fitted(f"# {visible(str(path))}{written}", more="  ")
        from drawpoker.cli.main import room
        from drawpoker.wrapping import wrap

        under = " " * 11
        for key, value in shown.items():  # (a value, its sentence, wrapped under the values' column)
            head = f"{key + ':':<10} "
            if len(head) > len(under):  # (bot_time_limit: a key wider than the column has the line to itself,
                emit(head.rstrip())  # its value below, in the column, as a help puts a long option's words)
                head = under
            for k, part in enumerate(wrap(visible(value), max(20, room() - len(under)))):
                emit((head if k == 0 else under) + part)
            emit_fitted(f"{under}{tr._(KEYS[key])}", more="")
        _problems(settings, tr)
        return 0
    if action == "set" and args.key == "alias":
        settings = attrs.evolve(settings, aliases=_with_alias(settings.aliases, args.value))
        written_to = save_settings(settings, path)
        emit(tr._("{file}: alias {alias} set").format(file=visible(str(written_to)), alias=visible(args.value)))
        return 0
    if args.key == "alias":  # unset: every alias
        args.key = "aliases"
    if action == "set":
        value = parse_value(args.key, args.value)
        if args.key == "ruleset":
            from drawpoker.rules import load_rules
            from drawpoker.rules.loading import shipped_path

            load_rules(value)  # only a ruleset that loads (and can be played) becomes the default
            if shipped_path(value) is None:
                value = os.path.abspath(value)  # a file is found again from any folder
        elif args.key == "histories":
            value = os.path.abspath(os.path.expanduser(value))
        settings = attrs.evolve(settings, **{args.key: value})
    else:  # unset
        settings = attrs.evolve(settings, **{args.key: getattr(Settings(), args.key)})
    for key, problem in settings.problems:
        if key == "":  # the file could not be read at all: kept beside the new one, not lost
            aside = _set_aside(path)
            emit(visible(tr.say(problem)))
            emit(
                tr._("{file} is kept as {aside}; a new file is written").format(
                    file=visible(str(path)), aside=visible(str(aside))
                )
            )
        elif key != args.key:
            said = visible(tr.say(problem))
            emit(tr._("{problem}: left out of the file (it could not be used)").format(problem=said))
    written_to = save_settings(settings, path)
    tr = cli_translator(args.lang)  # read again: a language just set or unset speaks at once
    done = tr._("{file}: {key} set") if action == "set" else tr._("{file}: {key} unset")
    emit(done.format(file=visible(str(written_to)), key=args.key))
    return 0


def _with_alias(aliases: tuple[tuple[str, str], ...], text: str) -> tuple[tuple[str, str], ...]:
    """The aliases with ``OTHER=NAME`` added (or changed), or ``OTHER=`` forgotten; checked whole."""
    from drawpoker.errors import InputError
    from drawpoker.notes import N_, Note
    from drawpoker.settings import parse_aliases

    other, equals, name = text.partition("=")
    if not equals or not other.strip():
        raise InputError(
            Note(N_("alias: expected OTHER=NAME (Bjorn=Bjørn), or OTHER= to forget one, found '{text}'"), text=text)
        )
    kept = {a: b for a, b in aliases if a.casefold() != other.strip().casefold()}
    if name.strip():
        kept[other.strip()] = name.strip()
    return parse_aliases(kept)
