"""``drawpoker config show|set|unset|path``: the player's settings file."""

from __future__ import annotations

import argparse
import os

from drawpoker.terminal import emit, visible

_KEYS = ("ruleset", "language", "histories", "names")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add ``config show|set|unset|path``."""
    sub = parser.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    sub.add_parser("show", help="every setting, and where it comes from (the settings file or the default)")
    p = sub.add_parser("set", help="change a setting: ruleset, language, histories or names (comma-separated)")
    p.add_argument("key", metavar="KEY", choices=_KEYS, help="ruleset, language, histories or names")
    p.add_argument("value", metavar="VALUE")
    p = sub.add_parser("unset", help="forget a setting (its default applies again)")
    p.add_argument("key", metavar="KEY", choices=_KEYS)
    sub.add_parser("path", help="the settings file, and the folders for histories")


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

    action = args.config_command
    path = settings_path()
    if action == "path":
        emit(f"settings:  {visible(str(path))}")
        emit(f"histories: {visible(str(load_settings().histories_folder()))}")
        return 0
    settings = load_settings()
    if action == "show":
        shown = {
            "ruleset": settings.ruleset or "morkpoker (the default)",
            "language": settings.language or "from the locale (the default)",
            "histories": settings.histories or f"{default_histories()} (the default)",
            "names": ", ".join(settings.names) or "none (the setup offers Player 1, Player 2, ...)",
        }
        emit(f"# {visible(str(path))}{'' if path.exists() else ' (not written yet)'}")
        for key, value in shown.items():
            emit(f"{key + ':':<10} {visible(value)}")
            emit(f"{'':<10} {KEYS[key]}")
        return 0
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
    written = save_settings(settings, path)
    emit(f"{visible(str(written))}: {args.key} {'set' if action == 'set' else 'unset'}")
    return 0
