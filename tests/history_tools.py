"""Editing histories as a careful forger would: change a line, then recompute every chain code.

Formats 3 and 4 (a code on each command's last line; 40 and 95 bits) and
format 2 (a code on every line) alike: the format is read from the header line.
"""

from __future__ import annotations

import json

from drawpoker.history.format import chain_for

CODED = '{"h":"'


def _content_at(line: str) -> int:
    """Where a coded line's content begins (after ``{"h":"<code>",``: 10 or 19 characters of code)."""
    return line.index('",', len(CODED)) + 2


def content(line: str) -> str:
    """A line's content (after its code, or after its brace when it has none), without the newline."""
    return (line[_content_at(line) :] if line.startswith(CODED) else line[1:]).rstrip("\n")


def _format(lines: list[str]) -> int:
    try:
        head = json.loads(lines[0])
    except (ValueError, IndexError, RecursionError):
        return 2
    version = head.get("format") if isinstance(head, dict) else None
    return version if isinstance(version, int) else 2


def rechain(lines: list[str]) -> list[str]:
    """Every chain code recomputed, from the header on: in format 3 one per
    command (the lines up to and including a coded line), in format 2 one
    per line. Lines after the last coded line (format 3) are left as they are."""
    if not lines:
        return []
    version = _format(lines)
    per_command = version >= 3
    chain = chain_for(version)
    head = content(lines[0]).encode("utf-8")
    previous = chain.code(chain.start + head)
    out = [f'{{"h":"{previous.decode()}",{head.decode("utf-8")}\n']
    pending: list[str] = []
    for line in lines[1:]:
        body = content(line)
        if per_command and not line.startswith(CODED):
            pending.append("{" + body + "\n")
            continue
        plain = "".join(pending) + "{" + body + "\n"
        previous = chain.code(previous + (plain.encode("utf-8") if per_command else body.encode("utf-8")))
        out += pending
        out.append(f'{{"h":"{previous.decode()}",{body}\n')
        pending = []
    return out + pending


def edit(line: str, old: str, new: str) -> str:
    """The line with ``old`` replaced in its content (its code, if any, left stale)."""
    assert old in line, (old, line)
    head = line[: _content_at(line)] if line.startswith(CODED) else "{"
    return head + content(line).replace(old, new, 1) + "\n"


def file_lines(path):
    """A history file's lines, each with its newline."""
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def history_events(path):
    """Every event of the history at ``path``, in order."""
    from drawpoker.history.reader import HistoryReader

    reader = HistoryReader(path)
    try:
        return [event for _line, event in reader.events()]
    finally:
        reader.close()


def write_lines(tmp_path, lines, name="h.jsonl"):
    """Lines written as a new history file in ``tmp_path``; its path."""
    path = tmp_path / name
    path.write_text("".join(lines), encoding="utf-8")
    return path


def walk(model):
    """A replay (``ReplayModel``) at every step of every deal, from the first."""
    model.go_to_deal(model.deals[0].number)
    while True:
        yield model
        before = (model.index, model.step)
        model.forward()
        if (model.index, model.step) == before:
            return


def check_promised_seats(s) -> None:
    """Newcomers promised new seats during a deal hold the table's next numbers,
    one each, in the order they asked (a newcomer who took the request back gave
    theirs to those after); one request a seat. For both games' machines."""
    new = [r.seat for r in s.requests if r.what == "join" and r.seat >= len(s.names)]
    assert new == list(range(len(s.names), len(s.names) + len(new)))
    assert len({r.seat for r in s.requests}) == len(s.requests)
