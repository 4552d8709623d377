"""Hand histories: one append-only JSON-lines file per session.

See ``docs/history-format.md`` for the format. The writer fsyncs every
command's events before the client shows them; the reader streams, so a
history of any length replays and verifies in constant memory.
"""
