"""The sessions kept in the histories folder: ``drawpoker history`` with no
file, and a session's name from that list wherever a file is asked for.

The list reads each history's first lines and its last deal's end (see
:mod:`drawpoker.history.summary`), not every deal: two hundred sessions
list in a fraction of a second, and the list says its figures were read,
not re-run through the engine (``drawpoker history NAME`` and ``verify
NAME`` do that for one).
"""

from __future__ import annotations

import os
from pathlib import Path

from drawpoker.notes import N_
from drawpoker.terminal import cut, emit, visible

TYPE_CHECKING = False
if TYPE_CHECKING:
    from drawpoker.errors import DrawpokerError
    from drawpoker.history.summary import SessionSummary
    from drawpoker.words.i18n import Translator

__all__ = [
    "add_histories_option",
    "histories_folder",
    "history_files",
    "list_sessions",
    "find_history",
    "latest_session",
    "latest_unfinished",
    "sessions_in",
    "continued",
    "shown_name",
]


def add_histories_option(parser: object) -> None:
    """``--histories DIR`` on a command that reads the histories folder (argparse)."""
    from drawpoker.cli.main import file_name

    parser.add_argument(  # type: ignore[attr-defined]
        "--histories",
        metavar="DIR",
        type=file_name,
        help=N_("the histories folder (default: 'drawpoker config path')"),
    )


def histories_folder(given: str | None = None) -> Path:
    """``--histories DIR`` if given, else the settings' folder, else the user
    data folder (an InputError naming it when it is there but not a folder)."""
    from drawpoker.settings import checked_folder

    if given:
        return checked_folder(Path(given).expanduser())
    from drawpoker.settings import load_settings

    return checked_folder(load_settings(need=("histories",)).histories_folder())


def _written(path: Path) -> float:
    """When a file was last written (0 when that cannot be told): for ordering only."""
    try:
        return path.stat().st_mtime
    except (OSError, ValueError, OverflowError):
        return 0.0


def history_files(folder: Path) -> list[Path]:
    """The history files in ``folder``, newest first (by when they were last written)."""
    try:
        entries = [p for p in folder.iterdir() if p.name.endswith(".jsonl") and p.is_file()]
    except OSError:
        return []
    return sorted(entries, key=lambda p: (_written(p), p.name), reverse=True)


def find_history(name: str, given_folder: str | None = None) -> str:
    """``name`` as given, or the file of that name in the histories folder if only it exists there
    (``.jsonl`` may be left out: ``2026-12-06_201503_morkpoker``)."""
    if os.path.lexists(name) or "/" in name or os.sep in name or "\x00" in name:
        return name
    folder = histories_folder(given_folder)
    for candidate in (name, f"{name}.jsonl"):
        if (folder / candidate).is_file():
            return str(folder / candidate)
    return name


def sessions_in(folder: Path) -> list[tuple[Path, SessionSummary | DrawpokerError]]:
    """Every history in ``folder`` with its summary (or why it cannot be
    read), newest first: by when the session started (as its header says),
    then by when the file was last written -- the order ``drawpoker
    history`` lists them in, so the first is the one ``replay`` opens."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.history.summary import summarize

    found: list[tuple[Path, SessionSummary | DrawpokerError]] = []
    for path in history_files(folder):
        try:
            found.append((path, summarize(path)))
        except DrawpokerError as exc:
            found.append((path, exc))

    def newest(item: tuple[Path, SessionSummary | DrawpokerError]) -> tuple[str, float, str]:
        started = getattr(item[1], "started", None) or ""
        return (started, _written(item[0]), item[0].name)

    return sorted(found, key=newest, reverse=True)


def continued(found: list[tuple[Path, SessionSummary | DrawpokerError]]) -> dict[Path, Path]:
    """The histories of ``found`` that a resume continued in a copy, each with
    the copy (see :func:`drawpoker.history.summary.continued_in`): one
    evening, listed once as unfinished, resumed and counted once."""
    from drawpoker.history.summary import SessionSummary, continued_in

    return continued_in(
        [(path, summary.header, _written(path)) for path, summary in found if isinstance(summary, SessionSummary)]
    )


def latest_session(given_folder: str | None = None) -> str:
    """The newest history in the histories folder (a DrawpokerError when there is none)."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.notes import N_, Note

    folder = histories_folder(given_folder)
    found = sessions_in(folder)
    if not found:
        raise DrawpokerError(
            Note(N_("no histories in {folder} yet; 'drawpoker play' writes them there"), folder=str(folder))
        )
    return str(found[0][0])


def latest_unfinished(given_folder: str | None = None) -> str:
    """The newest history in the histories folder whose session has no end
    (a DrawpokerError when there is none)."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.notes import N_, Note

    folder = histories_folder(given_folder)
    found = sessions_in(folder)
    elsewhere = continued(found)  # (an original left as it was when a copy went on: not this session's end)
    for path, summary in found:
        if not isinstance(summary, DrawpokerError) and not summary.over and path not in elsewhere:
            return str(path)
    ended = [path for path, summary in found if not isinstance(summary, DrawpokerError)]
    if ended:  # (a laptop that died on the last screen: the evening is whole, its end is one command away)
        from drawpoker.settings import history_name

        return _newest_over(folder, history_name(ended[0], folder))
    raise DrawpokerError(Note(N_("no unfinished session in {folder}; name the history to resume"), folder=str(folder)))


def _newest_over(folder: Path, name: str) -> str:
    """No unfinished session, the newest one over: said, with the command that shows its end."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.notes import N_, Note

    raise DrawpokerError(
        Note(
            N_(
                "no unfinished session in {folder}: the newest, {name}, is over ('drawpoker history {name}' shows "
                "its standings and settle-up); name a history to resume"
            ),
            folder=str(folder),
            name=name,
        )
    )


def shown_name(path: str | Path, given_folder: str | None = None) -> str:
    """How a history is named for the player to type back (see :func:`drawpoker.settings.history_name`)."""
    from drawpoker.settings import history_name

    return history_name(path, histories_folder(given_folder) if given_folder else None)


# ---------------------------------------------------------------- the list


def _started(summary: SessionSummary) -> str:
    """When a session started, in local time to the minute (as the header says it, when it says it oddly)."""
    import datetime as _dt

    text = summary.started
    if not text:
        return "?"
    try:
        when = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
        if when.tzinfo is not None:
            when = when.astimezone()
        return when.strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return cut(text, 16)


def _deals(summary: SessionSummary) -> str:
    if summary.planned is not None and not summary.over:
        return f"{summary.deals}/{summary.planned}"
    return str(summary.deals)


def _result(summary: SessionSummary, tr: Translator, copied: bool = False) -> str:
    if copied:  # the copy is listed too, with the evening's end
        return tr._("continued in a copy")
    if not summary.over:
        return tr._("unfinished")
    winners = summary.winners
    if not winners:
        return "-"
    best = max(summary.net)
    return f"{', '.join(winners)} {best:+d}"


def list_sessions(folder: Path, lang: str | None = None) -> int:
    """Print the sessions kept in ``folder``, newest first: when each
    started, its ruleset, its deals, who won and who played, in columns; its
    name whole on the line below (type it back to any command)."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.terminal import cells as width
    from drawpoker.terminal import ljust_cells as ljust
    from drawpoker.words.i18n import cli_translator

    tr = cli_translator(lang)
    found = sessions_in(folder)
    if not found:
        from drawpoker.cli.main import emit_fitted

        text = tr._("No histories in {folder} yet; 'drawpoker play' writes them there.")
        emit_fitted(text.format(folder=visible(str(folder))), more="")
        return 0
    rows: list[tuple[list[str], str]] = []
    elsewhere = continued(found)
    for path, summary in found:
        if isinstance(summary, DrawpokerError):
            said = tr._("cannot be read: {problem}").format(problem=tr.say(summary.note))
            cells = ["?", "?", "", "", visible(cut(said, 100))]
        else:
            cells = [
                _started(summary),
                visible(cut(summary.ruleset, 28)),
                _deals(summary),
                visible(cut(_result(summary, tr, path in elsewhere), 30)),
                ", ".join(visible(cut(n, 20)) for n in summary.names),
            ]
        rows.append((cells, visible(path.name)))
    head = [
        tr.p("column", "started"),
        tr.p("column", "ruleset"),
        tr.p("column", "deals"),
        tr.p("column", "winner"),
        tr.p("column", "players"),
    ]
    widths = [max(width(cells[k]) for cells in [head] + [r[0] for r in rows]) for k in range(4)]

    def line(cells: list[str]) -> str:
        return "  ".join(ljust(cell, widths[k]) for k, cell in enumerate(cells[:4])) + "  " + cells[4]

    from drawpoker.cli.main import terminal_columns

    room = terminal_columns()
    emit(_fit(line(head), room))
    for cells, name in rows:
        emit(_fit(line(cells), room))
        emit("    " + name)
    count = len(found)
    from drawpoker.cli.main import emit_fitted

    emit_fitted(
        "\n"
        + tr.n(
            "{n} session in {folder}, newest first.",
            "{n} sessions in {folder}, newest first.",
            count,
        ).format(n=count, folder=visible(str(folder))),
        more="",
    )
    emit_fitted(
        tr._(
            "Read from each file's first lines and last deal, not re-run through the engine: 'drawpoker history NAME' "
            "lists one session's deals, confirmed; 'drawpoker replay', 'verify' and 'export' take NAME too."
        ),
        more="",
    )
    return 0


def _fit(text: str, room: int) -> str:
    """A line cut to the terminal's width with an ellipsis (only the players' names at its end are ever cut)."""
    from drawpoker.terminal import cells as width

    if width(text) <= room:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > room - 1:
            break
        out += ch
    return out + "…"
