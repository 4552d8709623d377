"""Writing a history: append, flush and fsync before the effect is shown.

The file is opened for appending only; nothing is ever truncated or
rewritten in place.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from drawpoker import __version__
from drawpoker.errors import HistoryError
from drawpoker.history.format import event_line, header, sealed
from drawpoker.rules import fingerprint, rules_to_data

__all__ = ["HistoryWriter", "SessionLogs", "now_iso"]


def now_iso() -> str:
    """The current UTC time, to the second, ISO 8601."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class HistoryWriter:
    """Appends events to one session's history file.

    ``durable`` (the default) fsyncs after every :meth:`append`, so an
    acknowledged action survives a crash; simulations may turn it off and
    rely on :meth:`close`.
    """

    def __init__(self, path: str | Path, *, durable: bool = True, next_number: int = 1) -> None:
        self.path = Path(path)
        self.durable = durable
        self.number = next_number
        try:
            self._file = open(self.path, "a", encoding="utf-8", newline="\n")  # noqa: SIM115 - kept open across appends
        except OSError as exc:
            raise HistoryError(f"{self.path}: cannot write the history ({exc.strerror})") from None

    @classmethod
    def create(
        cls,
        path: str | Path,
        rules: Any,
        names: Iterable[str],
        *,
        computer: Iterable[bool] = (),
        durable: bool = True,
        **extra: Any,
    ) -> HistoryWriter:
        """Start a new history file with its header; refuses to overwrite."""
        path = Path(path)
        if path.exists() and path.stat().st_size > 0:
            raise HistoryError(f"{path}: already exists; choose a new file (histories are never overwritten)")
        computer = list(computer)
        players = [
            {"seat": i, "name": name, **({"computer": computer[i]} if i < len(computer) else {})}
            for i, name in enumerate(names)
        ]
        head = header(rules.game, rules_to_data(rules), fingerprint(rules), players, now_iso(), __version__, **extra)
        writer = cls(path, durable=durable)
        writer._write(sealed(head))
        return writer

    def _write(self, text: str) -> None:
        try:
            self._file.write(text)
            self._file.flush()
            if self.durable:
                os.fsync(self._file.fileno())
        except OSError as exc:
            raise HistoryError(
                f"{self.path}: cannot write the history ({exc.strerror}); nothing after this was saved"
            ) from None

    def append(self, events: Iterable[Any]) -> None:
        """Write the events of one command and (if durable) fsync them."""
        lines = []
        for event in events:
            lines.append(event_line(self.number, event))
            self.number += 1
        if lines:
            self._write("".join(lines))

    def close(self) -> None:
        """Flush, fsync and close the file."""
        if not self._file.closed:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()

    def __enter__(self) -> HistoryWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class SessionLogs:
    """For ``simulate --log FILE``: one history per session, FILE, FILE-2, ...

    Not durable per event (a simulation can simply be run again); every file
    is fsynced when it is closed.
    """

    def __init__(self, path: str | Path, rules: Any) -> None:
        self.path = Path(path)
        self.rules = rules
        self.sessions = 0
        self.writer: HistoryWriter | None = None
        self.paths: list[Path] = []

    def _path_for(self, number: int) -> Path:
        if number == 1:
            return self.path
        return self.path.with_name(f"{self.path.stem}-{number}{self.path.suffix}")

    def start(self, state: Any, names: tuple[str, ...]) -> None:
        """A session starts: close the previous file and open the next."""
        self.close()
        self.sessions += 1
        path = self._path_for(self.sessions)
        self.writer = HistoryWriter.create(path, self.rules, names, computer=[True] * len(names), durable=False)
        self.paths.append(path)

    def write(self, events: list[Any]) -> None:
        """Append a command's events to the current session's file."""
        if self.writer is not None:
            self.writer.append(events)

    def close(self) -> None:
        """Close the current file."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None
