"""``drawpoker rules``: list, check, show, diff and describe house rules."""

from __future__ import annotations

import argparse

from drawpoker.notes import N_
from drawpoker.terminal import complain, emit, json_text, visible

TYPE_CHECKING = False  # not typing's: ``rules list`` starts quickly
if TYPE_CHECKING:  # annotations only
    from typing import Any


def configure(parser: argparse.ArgumentParser) -> None:
    """Add ``rules list|check|show|diff|schema`` (``rules`` alone lists)."""
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)  # (``rules --lang nb`` alone: the list, in Norwegian)
    sub = parser.add_subparsers(dest="rules_command", metavar="ACTION")
    p = sub.add_parser("list", help=N_("the shipped rulesets, each with one line"))
    add_lang_option(p, inner=True)
    p = sub.add_parser("check", help=N_("validate ruleset files: 'ok' or every problem (exit 1)"))
    p.add_argument("files", nargs="+", metavar="FILE", help=N_("a ruleset file or shipped name"))
    add_lang_option(p, inner=True)
    p = sub.add_parser("show", help=N_("the effective rules (after extends) in plain sentences"))
    p.add_argument("file", metavar="FILE", help=N_("a ruleset file or shipped name"))
    p.add_argument("--yaml", action="store_true", help=N_("print every effective setting as YAML instead"))
    add_lang_option(p, inner=True)
    p = sub.add_parser("diff", help=N_("the settings that differ between two rulesets, in plain words"))
    p.add_argument("first", metavar="A")
    p.add_argument("second", metavar="B")
    add_lang_option(p, inner=True)
    p = sub.add_parser("schema", help=N_("a JSON Schema of the ruleset format, for editors"))
    add_lang_option(p, inner=True)  # (the schema is English, as JSON is: what is said about it is not)


def run(args: argparse.Namespace) -> int:
    """Dispatch to the chosen action."""
    action = args.rules_command or "list"  # (``drawpoker rules`` alone: the shipped rulesets)
    if action == "list":
        return _list(getattr(args, "lang", None))
    from drawpoker.errors import RulesError
    from drawpoker.rules import fingerprint, load_rules, rules_to_data
    from drawpoker.rules.explain import explain

    if action == "check":
        from drawpoker.notes import Note
        from drawpoker.rules.explain import table_name
        from drawpoker.rules.loading import SHIPPED_LISTED
        from drawpoker.words.i18n import cli_say, cli_translator

        status = 0
        listed = False  # the shipped rulesets are listed once, after the first name that is none of them
        for file in dict.fromkeys(args.files):  # a file named twice is checked once
            try:
                rules = load_rules(file)
            except RulesError as exc:
                status = 1
                for problem in exc.notes:
                    said = problem
                    if isinstance(problem, Note) and problem.template == SHIPPED_LISTED:
                        inner = problem.values["problem"]  # the sentence without the list
                        if listed and isinstance(inner, Note):
                            said = inner
                        listed = True
                    complain(visible(cli_say(getattr(args, "lang", None), said)))
            else:
                # the game as the table names it ("Ace-to-five single draw"; every draw game's engine is "morkpoker")
                game = table_name(rules, cli_translator(getattr(args, "lang", None)))
                from drawpoker.cli.main import emit_fitted

                emit_fitted(f"{visible(file)}: ok ({visible(game)}, {fingerprint(rules)})", lists=True)
        return status
    if action == "show":
        rules = load_rules(args.file)
        if args.yaml:
            import yaml

            emit(yaml.safe_dump(rules_to_data(rules), sort_keys=False, allow_unicode=True).rstrip("\n"))
        else:
            from drawpoker.words.i18n import cli_translator

            tr = cli_translator(args.lang)
            from drawpoker.cli.main import room
            from drawpoker.wrapping import wrap

            emit("\n".join(wrap(explain(rules, tr), room())))  # (each paragraph under its own first word)
            emit("\n" + tr._("Fingerprint: {fingerprint}").format(fingerprint=fingerprint(rules)))
        return 0
    if action == "diff":
        from drawpoker.cli.main import room
        from drawpoker.rules.explain import games_differ, setting_differences
        from drawpoker.words.i18n import cli_translator
        from drawpoker.wrapping import wrap

        tr = cli_translator(args.lang)
        columns = room()
        a, b = load_rules(args.first), load_rules(args.second)
        found = setting_differences(a, b, tr)
        first, second = visible(args.first), visible(args.second)
        if found is None:
            said = tr.n(
                "{n} setting differs between {first} (first) and {second} (second):",
                "{n} settings differ between {first} (first) and {second} (second):",
                1,
            ).format(n=1, first=first, second=second)
            for line in [*wrap(said, columns), *wrap(games_differ(a, b, tr), columns, indent="  ")]:
                emit(line)
            return 0
        if not found and fingerprint(a) != fingerprint(b):
            said = tr._(
                "{first} and {second} play alike: they differ only in settings neither game uses "
                "(fingerprints {one} and {other})."
            ).format(first=first, second=second, one=fingerprint(a), other=fingerprint(b))
            for line in wrap(said, columns):
                emit(line)
            return 0
        if not found:
            said = tr._("{first} and {second} play alike (fingerprint {fingerprint}).").format(
                first=first, second=second, fingerprint=fingerprint(a)
            )
            for line in wrap(said, columns):
                emit(line)
            return 0
        said = tr.n(
            "{n} setting differs between {first} (first) and {second} (second):",
            "{n} settings differ between {first} (first) and {second} (second):",
            len(found),
        ).format(n=len(found), first=first, second=second)
        for line in wrap(said, columns):
            emit(line)
        for difference in found:
            for line in _difference_lines(difference, tr, columns):
                emit(line)
        return 0
    if action == "schema":
        from drawpoker.rules.schema import json_schema

        emit(json_text(json_schema()))
        return 0
    raise AssertionError(action)  # argparse allows only the actions above


def _difference_lines(difference: Any, tr: Any, columns: int) -> list[str]:
    """A setting that differs, within ``columns``: ``path: A -> B`` on one
    line where it fits (else broken before the arrow, then between words),
    then each side's sentence beside its label and wrapped under itself."""
    from drawpoker.terminal import cells
    from drawpoker.wrapping import wrap_items

    d = difference
    lines = [f"{d.setting}: {d.first} -> {d.second}"]
    if cells(lines[0]) > columns:
        lines = wrap_items([f"{d.setting}: {d.first}"], columns, indent="  ")
        lines += wrap_items([f"-> {d.second}"], columns, first="  ", indent="     ")
    labels = tr._("first:"), tr._("second:")
    width = max(len(label) for label in labels) + 1
    for label, said in zip(labels, (d.first_said, d.second_said), strict=True):
        lead = f"    {label:<{width}}"
        lines += wrap_items([said], columns, first=lead, indent=" " * cells(lead))
    return lines


def _list(lang: str | None) -> int:
    """The shipped rulesets, each with its description (read from the file's
    text where it is a plain line: no YAML, no rules model to load), in the
    command's language: the shipped descriptions are in the catalogue, which
    is loaded only for a language other than English."""
    from drawpoker.rules.shipped import quick_description, quick_list, shipped
    from drawpoker.words.i18n import Translator, cli_language

    language = cli_language(lang)
    tr = None if language == "en" else Translator(language)

    listed = quick_list()
    if listed is None:  # the rulesets are not a plain folder (a zipped install)
        listed = [(name, quick_description(name)) for name in shipped()]
    from drawpoker.cli.main import room
    from drawpoker.wrapping import wrap_items

    width = max(len(n) for n, _ in listed)
    columns = room()
    for name, description in listed:
        if description is None:
            from drawpoker.rules import load_rules

            description = load_rules(name).description
        if tr is not None:
            description = tr.p("ruleset", description)
        # (within the terminal's width, the description under itself)
        for line in wrap_items([visible(description)], columns, first=f"{name:<{width}}  ", indent=" " * (width + 2)):
            emit(line)
    return 0
