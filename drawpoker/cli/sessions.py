"""The sessions kept in the histories folder: ``drawpoker history`` with no file."""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

from drawpoker.terminal import emit, visible

TYPE_CHECKING = False  # not typing's: a quick command's import
if TYPE_CHECKING:  # annotations only
    from drawpoker.words.i18n import Translator

__all__ = ["histories_folder", "history_files", "list_sessions", "find_history"]


def histories_folder(given: str | None = None) -> Path:
    """``--histories DIR`` if given, else the settings' folder, else the user data folder."""
    if given:
        return Path(given).expanduser()
    from drawpoker.settings import load_settings

    return load_settings().histories_folder()


def history_files(folder: Path) -> list[Path]:
    """The history files in ``folder``, newest first (by when they were last written)."""
    try:
        entries = [p for p in folder.iterdir() if p.name.endswith(".jsonl") and p.is_file()]
    except OSError:
        return []
    return sorted(entries, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def find_history(name: str, given_folder: str | None = None) -> str:
    """``name`` as given, or the file of that name in the histories folder if only it exists there."""
    if os.path.lexists(name) or "/" in name or os.sep in name or "\x00" in name:
        return name
    folder = histories_folder(given_folder)
    return str(folder / name) if (folder / name).is_file() else name


def list_sessions(folder: Path, tr: Translator) -> int:
    """Print one line per session kept in ``folder``, newest first, in the language of ``tr``."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.history.reader import open_history

    files = history_files(folder)
    if not files:
        emit(
            tr._("No histories in {folder} yet; 'drawpoker play' writes them there.").format(
                folder=visible(str(folder))
            )
        )
        return 0
    for path in files:
        written = _dt.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        try:
            reader = open_history(path)
            about = f"{reader.game:<16}  {', '.join(visible(n) for n in reader.names)}"
        except DrawpokerError as exc:
            about = tr._("cannot be read: {problem}").format(problem=visible(tr.say(exc.note)))
        emit(f"{written}  {visible(path.name)}  {about}")
    emit(
        "\n"
        + tr.n(
            "{n} session in {folder}; 'drawpoker history FILE' lists the deals of one.",
            "{n} sessions in {folder}; 'drawpoker history FILE' lists the deals of one.",
            len(files),
        ).format(n=len(files), folder=visible(str(folder)))
    )
    return 0
