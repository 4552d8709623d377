"""Editing histories as a careful forger would: change a line, then recompute every chain code."""

from __future__ import annotations

from drawpoker.history.format import CHAIN_START, CONTENT_AT, chain_code


def content(line: str) -> str:
    """A format-2 line's content (after its code, without the newline)."""
    return line[CONTENT_AT:].rstrip("\n")


def rechain(lines: list[str]) -> list[str]:
    """Every line given a fresh chain code, from the header on."""
    out = []
    previous = CHAIN_START
    for line in lines:
        body = content(line).encode("utf-8")
        previous = chain_code(previous, body)
        out.append(f'{{"h":"{previous.decode()}",{body.decode("utf-8")}\n')
    return out


def edit(line: str, old: str, new: str) -> str:
    """The line with ``old`` replaced in its content (its code left stale)."""
    assert old in line, (old, line)
    return line[:CONTENT_AT] + content(line).replace(old, new, 1) + "\n"
