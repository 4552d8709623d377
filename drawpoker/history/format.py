"""The history file format: a header line, then one event per line.

    {"drawpoker": "history", "format": 1, "game": ..., "rules": {...},
     "fingerprint": "sha256:...", "players": [...], "started": "...", ...}
    {"n": 1, "e": "SessionStarted", "v": 1, ...}
    {"n": 2, "e": "DealStarted", "v": 1, ...}

``n`` numbers the events from 1 so a missing or swapped line is caught at
once; ``e`` and ``v`` are the event's type and schema version.
"""

from __future__ import annotations

import json
from typing import Any

from drawpoker.engine.events import event_to_json

__all__ = ["FORMAT", "MAGIC", "header", "event_line"]

#: The current file format version.
FORMAT = 1
MAGIC = "history"


def header(game: str, rules_data: dict[str, Any], fingerprint: str, players: list[dict[str, Any]],
           started: str, app_version: str, **extra: Any) -> dict[str, Any]:
    """The first line of a history file."""
    return {
        "drawpoker": MAGIC,
        "format": FORMAT,
        "app": app_version,
        "game": game,
        "started": started,
        "players": players,
        "fingerprint": fingerprint,
        "rules": rules_data,
        **extra,
    }


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def event_line(number: int, event: Any) -> str:
    """One event as a line of the file (with its newline)."""
    data = event_to_json(event)
    return _dumps({"n": number, **data}) + "\n"
