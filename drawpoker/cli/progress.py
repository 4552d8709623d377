"""A one-line progress bar on stderr for long runs (only on a terminal)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """Call with (done, total); draws after the first second, on a terminal only."""

    def __init__(
        self, label: str, stream: TextIO | None = None, delay: float = 1.0, force: bool = False, columns: int = 80
    ) -> None:
        self.label = label
        #: the terminal's width: the bar is drawn within it (a line wider would wrap, and \r not take it back)
        self.columns = columns
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.delay = delay
        self.enabled = force or self.stream.isatty()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or time.monotonic() - self.start < self.delay:
            return
        counts = f"{done:,}/{total:,}"
        width = min(30, self.columns - len(self.label) - len(counts) - 5)
        filled = int(width * done / total) if total else width
        bar = f" [{'#' * filled}{'.' * (width - filled)}]" if width >= 5 else ""
        self.stream.write(f"\r{self.label}{bar} {counts}"[: self.columns])
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line, if one was drawn."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
