"""``drawpoker verify FILE [--seal CODE]``: check the chain, re-derive every deal and compare, line by line."""

from __future__ import annotations

import argparse

from drawpoker.notes import N_


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker verify``."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help=N_(
            "hand-history files, or the names of ones in the histories folder; without FILE, the newest session there"
        ),
    )
    from drawpoker.cli.sessions import add_histories_option

    add_histories_option(parser)
    parser.add_argument(
        "--seal",
        metavar="CODE",
        help=N_(
            "a seal the table showed (e.g. 4KQ8-ZT0M): confirm that the file, up to where it was shown, is the one "
            "the players saw"
        ),
    )
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    """Verify each file: 'ok' with counts, or the first disagreement (exit 1)."""
    import time

    from drawpoker.cli.main import emit_fitted as say
    from drawpoker.errors import DrawpokerError, HistoryError
    from drawpoker.history.format import parse_seal, seal_bits, seal_problem, seal_text
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import verify_history
    from drawpoker.terminal import complain, cut

    want = None
    if args.seal is not None:
        want = parse_seal(args.seal)
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(args.lang)
    if args.seal is not None and want is None:
        raise DrawpokerError(
            tr._("--seal {seal}: {problem}").format(
                seal=repr(cut(args.seal)), problem=tr._(seal_problem(args.seal) or "")
            )
        )
    from drawpoker.cli.sessions import find_history, latest_session

    status = 0
    named = args.files or [latest_session(args.histories)]  # (alone: the newest session, as replay takes it)
    for file in (find_history(name, args.histories) for name in named):
        started = time.perf_counter()
        try:
            reader = open_history(file)
            if want is not None and not reader.sealed:
                raise HistoryError(
                    tr._(
                        "{file}: this history was written before seals existed (format 1, unsealed); --seal cannot "
                        "confirm it"
                    ).format(file=file)
                )
            report = verify_history(reader, seal=want)
        except HistoryError as exc:
            complain(f"drawpoker verify: {tr.say(exc.note)}")
            status = 1
            continue
        seconds = time.perf_counter() - started
        parts = tr._(", in {n} parts").format(n=report.parts) if report.parts > 1 else ""
        rounds = reader.game == "three-card-poker"
        if tr.language != "en":
            counted = (
                tr.n("{n} round", "{n} rounds", report.deals) if rounds else tr.n("{n} deal", "{n} deals", report.deals)
            ).format(n=tr.count(report.deals))
            say(
                tr._("{file}: ok: {deals}, {commands} decisions, {events} events re-derived and matched").format(
                    file=file, deals=counted, commands=tr.count(report.commands), events=tr.count(report.events)
                )
                + f" ({tr.decimals(f'{seconds:.2f}')} s{parts})"
            )
        else:
            unit = ("round" if rounds else "deal") + ("" if report.deals == 1 else "s")
            say(
                f"{file}: ok: {report.deals:,} {unit}, {report.commands:,} decisions, {report.events:,} events "
                f"re-derived and matched ({seconds:.2f} s{parts})"
            )
        unfinished = report.unfinished()
        if unfinished is not None:
            say(
                tr._("{file}: {unfinished}: the session has no end (it was stopped, or the file was cut short)").format(
                    file=file, unfinished=tr.say(unfinished)
                )
            )
        if report.sealed and reader.format >= 4:
            say(
                tr._("{file}: every line's chain checked; the seal of the whole history is {seal}").format(
                    file=file, seal=report.last_seal
                )
            )
        elif report.sealed:
            say(
                tr._(
                    "{file}: every line's chain checked; the seal of the whole history is {seal}, the shorter seal of "
                    "a history written before format 4 (40 bits: a forger with days of computing could find another "
                    "history with it; seals since are 95 bits)"
                ).format(file=file, seal=report.last_seal)
            )
        else:
            say(
                tr._(
                    "{file}: unsealed (format 1, written before seals existed): its lines carry checksums only"
                ).format(file=file)
            )
        if want is not None:
            shown = seal_text(want)
            if report.last_seal is not None and seal_bits(want) != seal_bits(report.last_seal):
                complain(
                    "drawpoker verify: "
                    + tr._(
                        "{file}: the seal {seal} is not in this history: this history's seals are {size} characters "
                        "like {example}, not {given}"
                    ).format(
                        file=file,
                        seal=shown,
                        size=len(report.last_seal.replace("-", "")),
                        example=report.last_seal,
                        given=len(shown.replace("-", "")),
                    ),
                )
                status = 1
            elif report.seal_line is None:
                complain(
                    "drawpoker verify: "
                    + tr._(
                        "{file}: the seal {seal} is not in this history: it is not the history the players saw when "
                        "that seal was shown (or the seal was noted wrongly)"
                    ).format(file=file, seal=shown),
                )
                status = 1
            else:
                say(
                    tr._(
                        "{file}: the seal {seal} is the one shown after deal {deal} (line {line}): up to there this "
                        "is the history the players saw"
                    ).format(
                        file=file,
                        seal=shown,
                        deal=tr.count(report.seal_deal or 0),
                        line=tr.count(report.seal_line),
                    )
                )
        if report.cut_short is not None:
            first, last = report.cut_short
            lines = f"{first}" if first == last else f"{first}-{last}"
            complain(
                tr._(
                    "{file}:{lines}: the last decision was only partly written (a crash mid-write); it was ignored"
                ).format(file=file, lines=lines),
            )
        if report.torn is not None:
            complain(
                tr._("{file}:{line}: the last line was cut off (a crash mid-write); it was ignored").format(
                    file=file, line=report.torn.line
                ),
            )
    return status
