"""Languages: gettext catalogues compiled in memory from the ``.po`` files.

English is the language of the message ids; Norwegian bokmål comes from
``locale/nb.po`` next to this module. The ``.po`` file is parsed and
compiled to the binary ``.mo`` form in memory when it is loaded, then read
by the standard library's :class:`gettext.GNUTranslations`, so there is no
build step and no compiled file that could drift from its source.

Code marks its texts with a :class:`Translator`: ``tr._("Showdown")``,
``tr.n("{n} chip", "{n} chips", n)``, ``tr.p("rank", "ace")``, and lists
of texts to translate later with :func:`N_` and :func:`NP_`.

>>> tr = translator("nb")
>>> tr._("Showdown")
'Visning'
>>> tr.n("{n} chip", "{n} chips", 2).format(n=2)
'2 sjetonger'
>>> tr.p("rank", "ace")
'ess'
>>> translator("en")._("Showdown")
'Showdown'
"""

from __future__ import annotations

import gettext
import io
import os
import struct
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import NamedTuple

__all__ = [
    "LANGUAGES",
    "Translator",
    "translator",
    "language_from_env",
    "add_lang_option",
    "cli_translator",
    "cli_language",
    "N_",
    "NP_",
    "PoEntry",
    "parse_po",
    "compile_mo",
    "catalogue_path",
]

#: The languages the client speaks: code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English", "nb": "norsk bokmål"}

_LOCALE_DIR = Path(__file__).with_name("locale")


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it now (for tables)."""
    return text


def NP_(context: str, text: str) -> str:
    """Mark ``text`` in ``context`` for translation later (with :meth:`Translator.p`)."""
    return text


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


def catalogue_path(language: str) -> Path:
    """Where the ``.po`` file of ``language`` lives."""
    return _LOCALE_DIR / f"{language}.po"


@cache
def _translations(language: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    path = catalogue_path(language)
    entries = parse_po(path.read_text(encoding="utf-8"), str(path))
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


class Translator:
    """The texts of one language: ``_`` for a text, ``n`` for a counted
    text, ``p`` for a text with a context."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
        self.language = language
        self._t = _translations(language)

    def _(self, text: str) -> str:
        """``text`` in this language."""
        return self._t.gettext(text)

    def n(self, singular: str, plural: str, count: int) -> str:
        """The form of a counted text that suits ``count``."""
        return self._t.ngettext(singular, plural, count)

    def p(self, context: str, text: str) -> str:
        """``text`` in this language, where ``context`` tells two uses apart."""
        return self._t.pgettext(context, text)


def translator(language: str) -> Translator:
    """The :class:`Translator` of ``language`` (``"en"`` or ``"nb"``)."""
    return Translator(language)


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for, in gettext's order: the LANGUAGE
    priority list first (unless the locale is C or POSIX, as gettext does),
    then LC_ALL, LC_MESSAGES, LANG; ``"en"`` when it names none the client speaks.

    >>> language_from_env({"LANG": "nb_NO.UTF-8"})
    'nb'
    >>> language_from_env({"LC_ALL": "C", "LANG": "nb_NO.UTF-8"})
    'en'
    >>> language_from_env({"LANGUAGE": "nb", "LANG": "en_US.UTF-8"})
    'nb'
    """
    env = os.environ if environ is None else environ
    locale_name = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    language = env.get("LANGUAGE")
    if language and locale_name.split(".")[0] not in ("C", "POSIX"):
        for part in language.split(":"):
            found = _language_of(part)
            if found:
                return found
    return (_language_of(locale_name) or "en") if locale_name else "en"


def add_lang_option(parser: object) -> None:
    """``--lang en|nb`` on a command (argparse)."""
    parser.add_argument(  # type: ignore[attr-defined]
        "--lang", choices=tuple(LANGUAGES), help="the language (default: the locale's)"
    )


def cli_language(lang: str | None) -> str:
    """The language a command speaks: ``--lang``, else the settings file's
    ``language`` (``drawpoker config set language nb``), else the locale's
    language -- the order ``drawpoker play`` follows. The setting is read
    without YAML when written on a plain line, so a quick command stays quick
    (and learning the language loads no catalogue)."""
    if lang:
        return lang
    from drawpoker.places import settings_language

    return settings_language() or language_from_env()


def cli_translator(lang: str | None) -> Translator:
    """The translator a command speaks (the language of :func:`cli_language`)."""
    return Translator(cli_language(lang))


def _language_of(locale_name: str) -> str | None:
    code = locale_name.split(".")[0].split("@")[0].split("_")[0].lower()
    if code in ("nb", "no", "nn"):
        return "nb"  # Norwegian: the bokmål catalogue serves nynorsk readers too
    if code == "en":
        return "en"
    return None
