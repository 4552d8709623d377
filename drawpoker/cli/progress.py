"""A one-line progress bar on stderr for long runs (only on a terminal)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """Call with (done, total); draws after the first second, on a terminal only."""

    def __init__(self, label: str, stream: TextIO | None = None, delay: float = 1.0, force: bool = False) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.delay = delay
        self.enabled = force or self.stream.isatty()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or time.monotonic() - self.start < self.delay:
            return
        width = 30
        filled = int(width * done / total) if total else width
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line, if one was drawn."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
