"""The one place that opens a user's file.

Rulesets, written deals, histories and resumed sessions all come in here,
so every command refuses the same things the same way, in one sentence
that names the file: a path with a NUL in it, a file that is not there, a
folder, a named pipe (which would hang a reader), a device such as
``/dev/zero`` (which never ends), a loop of symbolic links, a file too big
for what it claims to be, text that is not UTF-8.

The size bound is kept while reading, not taken from ``st_size`` (which a
special file can fake); a file is opened without blocking and checked to be
a regular file before one byte is read.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> read_text(folder, "rules.yaml", what="a ruleset", limit=100)
Traceback (most recent call last):
...
drawpoker.errors.InputError: rules.yaml: is a folder, not a file
"""

from __future__ import annotations

import errno
import os
import stat

from drawpoker.errors import DrawpokerError, InputError
from drawpoker.notes import N_, Note

TYPE_CHECKING = False  # not typing's: the quick commands read a file through here
if TYPE_CHECKING:  # annotations only
    from pathlib import Path
    from typing import BinaryIO

__all__ = [
    "open_regular",
    "read_bytes",
    "read_text",
    "checked_path",
    "os_words",
    "cannot_write",
    "name_note",
    "player_name",
    "MOST_NAME",
]

#: what a special file is, for the message that refuses it
_KINDS = (
    (stat.S_ISDIR, N_("is a folder, not a file")),
    (stat.S_ISFIFO, N_("is a named pipe (FIFO), not a file")),
    (stat.S_ISCHR, N_("is a device, not a file")),
    (stat.S_ISBLK, N_("is a device, not a file")),
    (stat.S_ISSOCK, N_("is a socket, not a file")),
)

#: why a file could not be opened, read or written, by errno: the words said
#: either way, or (reading, writing) where they must differ: a file not there
#: cannot be read, while a new file cannot be written where its folder is not
_ERRNO_WORDS: dict[int, str | tuple[str, str]] = {
    errno.ENOENT: (N_("no such file"), N_("its folder does not exist")),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ELOOP: N_("too many symbolic links (a link loop?)"),
    errno.ENAMETOOLONG: N_("the file name is too long"),
    errno.EISDIR: N_("is a folder, not a file"),
    errno.ENXIO: N_("is a special file with nothing behind it, not a file"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EFBIG: N_("the file would be bigger than this system allows"),
    errno.EIO: (
        N_("the disk could not be read (an input/output error)"),
        N_("the disk could not be written (an input/output error)"),
    ),
    errno.EMFILE: N_("too many files are open"),
    errno.ENFILE: N_("too many files are open"),
}


def _fail(error: type[DrawpokerError], shown: str, why: Note) -> DrawpokerError:
    return error(Note(N_("{file}: {why}"), file=shown, why=why))


def os_words(exc: OSError, *, writing: bool = False) -> Note:
    """Why a file could not be read (or, ``writing``, written) in a few
    words, the one place that says it for every command and the table:
    no Python names; ``str()`` of it in English.

    >>> import errno
    >>> str(os_words(FileNotFoundError(errno.ENOENT, "No such file or directory")))
    'no such file'
    >>> str(os_words(FileNotFoundError(errno.ENOENT, "No such file or directory"), writing=True))
    'its folder does not exist'
    """
    words = _ERRNO_WORDS.get(exc.errno) if exc.errno is not None else None
    if isinstance(words, tuple):
        return Note(words[writing])
    if words is not None:
        return Note(words)
    reason = exc.strerror or (f"error {exc.errno}" if exc.errno is not None else str(exc) or type(exc).__name__)
    if writing:
        return Note(N_("the system says: {reason}"), reason=reason)
    return Note(N_("cannot be read ({reason})"), reason=reason)


def cannot_write(path: object, exc: OSError, what: str) -> Note:
    """``FILE: cannot write WHAT (why)``: a file a command or the table writes
    (``what``: a marked text, "the history", "the export", "the settings").

    "No such file" while a new file was made means its folder is not there
    (:func:`os_words`), but for a folder that is there and makes no new
    file (``/proc``: its files are the system's own): that folder is named.
    """
    why = os_words(exc, writing=True)
    if exc.errno == errno.ENOENT:
        folder = os.path.dirname(os.path.abspath(str(path)))
        try:
            there = os.path.isdir(folder)
        except (OSError, ValueError):
            there = False
        if there:
            why = Note(N_("{folder} takes no new files"), folder=folder)
    return Note(N_("{file}: cannot write {what} ({why})"), file=str(path), what=Note(what), why=why)


def checked_path(path: str | os.PathLike[str], shown: str, *, error: type[DrawpokerError] = InputError) -> Path:
    """``path`` as a Path, refusing what no file system accepts (a NUL byte)."""
    from pathlib import Path

    return Path(_checked_text(path, shown, error))


def _checked_text(path: str | os.PathLike[str], shown: str, error: type[DrawpokerError]) -> str:
    text = os.fspath(path)
    if "\x00" in text:
        raise _fail(error, shown, Note(N_("the file name contains a NUL character")))
    return text


def open_regular(path: str | os.PathLike[str], shown: str, *, error: type[DrawpokerError] = InputError) -> BinaryIO:
    """Open a regular file for reading in binary, refusing everything else.

    The file is opened without blocking (so a named pipe cannot hang us)
    and without following it into a terminal; then its kind is checked on
    the open descriptor, so a file swapped in between cannot slip through.
    """
    target = _checked_text(path, shown, error)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        raise _fail(error, shown, os_words(exc)) from None
    except ValueError:  # an embedded NUL on platforms that report it so
        raise _fail(error, shown, Note(N_("the file name contains a NUL character"))) from None
    try:
        mode = os.fstat(fd).st_mode
        for test, why in _KINDS:
            if test(mode):
                raise _fail(error, shown, Note(why))
        if not stat.S_ISREG(mode):
            raise _fail(error, shown, Note(N_("is not a regular file")))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(
    path: str | os.PathLike[str],
    shown: str,
    *,
    what: str,
    limit: int,
    error: type[DrawpokerError] = InputError,
) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes.

    ``what`` names the document in the message ("a ruleset", "a deal").
    """
    with open_regular(path, shown, error=error) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise _fail(error, shown, os_words(exc)) from None
    if len(data) > limit:
        raise _fail(
            error,
            shown,
            Note(
                N_("the file is more than {limit} bytes; {what} may be at most {limit} bytes"),
                limit=f"{limit:,}",
                what=Note(what),
            ),
        )
    return data


def read_text(
    path: str | os.PathLike[str],
    shown: str,
    *,
    what: str,
    limit: int,
    error: type[DrawpokerError] = InputError,
) -> str:
    """A UTF-8 text file of at most ``limit`` bytes (a leading BOM is dropped)."""
    data = read_bytes(path, shown, what=what, limit=limit, error=error)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise _fail(
            error, f"{shown}:{line}", Note(N_("not a text file (byte {byte} is not UTF-8)"), byte=exc.start)
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


#: the longest player's name a history or the settings may hold (the table takes 12 letters)
MOST_NAME = 64


def player_name(text: str) -> str:
    """A player's name as the table keeps it, the same however it was typed:
    its words joined by single spaces, in Unicode's composed form (NFC), so
    "Åse" typed as one letter and "Åse" pasted as A and a ring above are one
    name. Every name is made so where it enters: the setup, a newcomer, the
    usual names and aliases in the settings.

    >>> player_name(" A\u030ase   Berg ") == "\u00c5se Berg"
    True
    """
    import unicodedata

    return unicodedata.normalize("NFC", " ".join(text.split()))


def name_note(name: object) -> Note | None:
    """Why ``name`` cannot be a player's name, or None: every character must
    be one a terminal shows as it is (``str.isprintable``: no control
    character, no bidirectional override, no zero-width or other invisible
    format character, no lone surrogate), the name on one line, not blank,
    at most :data:`MOST_NAME` characters. The one check a name meets where
    it enters -- the table, the settings, a history's header; wherever a
    name leaves (a terminal, a pipe, a file) it is made safe again anyway.

    >>> print(name_note("Bjørn ♠"))
    None
    >>> print(name_note("Anna\\u202e"))
    the name 'Anna\\u202e' holds a character that cannot be shown as it is (U+202E)
    """
    if not isinstance(name, str) or not name.strip():
        return Note(N_("a name must be a word, not {found}"), found=repr(name)[:40])
    if len(name) > MOST_NAME:
        return Note(N_("a name has at most {n} characters"), n=MOST_NAME)
    for ch in name:
        if not ch.isprintable():
            from drawpoker.terminal import cut, visible

            return Note(
                N_("the name '{name}' holds a character that cannot be shown as it is ({code})"),
                name=cut(visible(name), 40),
                code=f"U+{ord(ch):04X}",
            )
    return None
