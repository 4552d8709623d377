"""The sessions kept in the histories folder: ``drawpoker history`` with no file."""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

from drawpoker.terminal import emit, visible

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


def list_sessions(folder: Path) -> int:
    """Print one line per session kept in ``folder``, newest first."""
    from drawpoker.errors import DrawpokerError
    from drawpoker.history.reader import open_history

    files = history_files(folder)
    if not files:
        emit(f"No histories in {visible(str(folder))} yet; 'drawpoker play' writes them there.")
        return 0
    for path in files:
        written = _dt.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        try:
            reader = open_history(path)
            about = f"{reader.game:<16}  {', '.join(visible(n) for n in reader.names)}"
        except DrawpokerError as exc:
            about = f"cannot be read: {visible(str(exc))}"
        emit(f"{written}  {visible(path.name)}  {about}")
    emit(
        f"\n{len(files)} session{'s' if len(files) != 1 else ''} in {visible(str(folder))}; "
        "'drawpoker history FILE' lists the deals of one."
    )
    return 0
