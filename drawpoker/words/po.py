"""The ``.po`` files of the catalogues: read them, and compile them to the
binary GNU ``.mo`` form in memory (see :mod:`.i18n`, which loads this module
only when a language other than English is spoken)."""

from __future__ import annotations

import struct
from typing import NamedTuple

__all__ = ["PoEntry", "parse_po", "compile_mo"]


class PoEntry(NamedTuple):
    """One message of a ``.po`` file."""

    context: str | None
    msgid: str
    plural: str | None
    translations: tuple[str, ...]
    fuzzy: bool
    line: int


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise ValueError(f"{where}: expected a quoted string, found {text!r}")
    body = text[1:-1]
    out: list[str] = []
    i = 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt not in escapes:
                raise ValueError(f"{where}: unknown escape \\{nxt}")
            out.append(escapes[nxt])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def parse_po(text: str, name: str = "<po>") -> list[PoEntry]:
    """The entries of a ``.po`` file (the header entry, msgid "", included).

    >>> [e.msgid for e in parse_po('msgid "a"\\nmsgstr "b"\\n')]
    ['a']
    """
    entries: list[PoEntry] = []
    fields: dict[str, str] = {}
    current: str | None = None
    fuzzy = False
    start = 0

    def finish() -> None:
        nonlocal fields, current, fuzzy
        if "msgid" in fields:
            forms = sorted((k for k in fields if k.startswith("msgstr")), key=lambda k: (len(k), k))
            entries.append(
                PoEntry(
                    fields.get("msgctxt"),
                    fields["msgid"],
                    fields.get("msgid_plural"),
                    tuple(fields[k] for k in forms),
                    fuzzy,
                    start,
                )
            )
        elif fields:
            raise ValueError(f"{name}:{start}: an entry without msgid")
        fields, current, fuzzy = {}, None, False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if fields:
                    finish()
                fuzzy = True
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"{where}: a continuation line outside an entry")
            fields[current] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and "msgid" in fields and any(k.startswith("msgstr") for k in fields):
            finish()
        if not fields:
            start = number
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
            keyword.startswith("msgstr[") and keyword.endswith("]")
        ):
            raise ValueError(f"{where}: unknown keyword {keyword!r}")
        if keyword in fields:
            raise ValueError(f"{where}: {keyword} given twice in one entry")
        fields[keyword] = _unquote(rest, where)
        current = keyword
    finish()
    return entries


def _key(entry: PoEntry) -> bytes:
    key = entry.msgid if entry.plural is None else entry.msgid + "\0" + entry.plural
    if entry.context is not None:
        key = entry.context + "\x04" + key
    return key.encode("utf-8")


def compile_mo(entries: list[PoEntry]) -> bytes:
    """The GNU ``.mo`` bytes of the translated, non-fuzzy entries (and the header)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.fuzzy and entry.msgid:
            continue
        if not entry.translations or not all(entry.translations):
            continue
        pairs[_key(entry)] = "\0".join(entry.translations).encode("utf-8")
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key in keys:
        value = pairs[key]
        offsets.append((len(ids), len(key), len(strs), len(value)))
        ids += key + b"\0"
        strs += value + b"\0"
    count = len(keys)
    key_table = 7 * 4
    value_table = key_table + count * 8
    ids_start = value_table + count * 8
    strs_start = ids_start + len(ids)
    out = struct.pack("Iiiiiii", 0x950412DE, 0, count, key_table, value_table, 0, 0)
    for id_off, id_len, _, _ in offsets:
        out += struct.pack("ii", id_len, ids_start + id_off)
    for _, _, str_off, str_len in offsets:
        out += struct.pack("ii", str_len, strs_start + str_off)
    return out + ids + strs
