"""Writing a history: chained lines, made durable before the effect is shown.

A new file is never half made: the header is written where nobody sees it
(:class:`Unnamed`), fsynced, linked to its real name (which fails rather
than overwrite anything) and the folder fsynced; only then do
events follow. After that the file is only ever appended to: each
command's events in one write, fsynced (``durable``) before the game shows
them, so a crash leaves at most one unfinished command at the end, which
readers drop and say so.

``simulate --log`` (:class:`SessionLogs`) writes a whole session where
nobody sees it (:class:`Unnamed`: a file with no name on Linux, else
``FILE.incomplete`` under a lock) in large pieces and links it into place
when the session is complete; a failure (a full disk) drops it, and a run
killed mid-way leaves nothing (or a locked ``.incomplete`` that the next
run of that name removes): what is left is either nothing or a finished
file, never a partial copy that looks whole or blocks the next run.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import functools
import hashlib
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from drawpoker import __version__
from drawpoker.engine.events import version_of
from drawpoker.errors import HistoryError
from drawpoker.history.encode import ENCODERS, KEPT, encoder_for, forget_kept, keeping_encoder_for
from drawpoker.history.format import CODE_LENGTH, FORMAT, chain_for, header, header_line, seal_text
from drawpoker.notes import N_, Note

__all__ = [
    "HistoryWriter",
    "SessionLogs",
    "now_iso",
    "new_file",
    "write_new_file",
    "fsync_folder",
    "encode_events",
    "encode_commands",
]

#: a non-durable writer writes when this many lines are waiting (some 40 KB:
#: a small buffer, reused, stays in the cache the simulation works in)
_LINES = 512
#: format 3: a non-durable writer writes when this many bytes are waiting
_BYTES = 48 * 1024
#: format 3, ``simulate --log``: the most events chained as one piece (a deal has some 40)
_GATHER = 1024
#: format 3, ``simulate --log``: how many deals wait before they are encoded, together
_DEALS = 16


def now_iso() -> str:
    """The current UTC time, to the second, ISO 8601."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _exists(path: object) -> Note:
    return Note(N_("{file}: already exists; choose a new file (histories are never overwritten)"), file=str(path))


def _in_the_way(path: object) -> Note:
    return Note(
        N_("{file}: a file of that name is in the way (left by an earlier attempt?); remove it or choose another name"),
        file=str(path),
    )


def _cannot_write(path: object, exc: OSError, what: str = N_("the history"), then: str = "") -> Note:
    """``FILE: cannot write WHAT (why)``, and what became of it (``then``: a marked sentence, or none)."""
    from drawpoker.boundary import cannot_write

    said = cannot_write(path, exc, what)
    return Note(then, said=said) if then else said


def fsync_folder(folder: Path) -> None:
    """Make a new name in ``folder`` durable (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the data itself is synced
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def incomplete_name(path: Path) -> Path:
    """Where a file is written before it is complete."""
    return path.with_name(path.name + ".incomplete")


def _link_into_place(temporary: Path, path: Path) -> None:
    """Give the finished temporary file its real name, never replacing a file."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise HistoryError(_exists(path)) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if path.exists():  # a file system without hard links: rename, having checked
            raise HistoryError(_exists(path)) from None
        os.rename(temporary, path)
        return
    os.unlink(temporary)


def _being_written(path: object) -> Note:
    return Note(
        N_("{file}: another drawpoker is writing a file of that name now; wait for it, or choose another name"),
        file=str(path),
    )


def _clear_leftover(temporary: Path) -> None:
    """A ``FILE.incomplete`` left by a drawpoker that was stopped (killed, or
    the machine went down) is removed: it blocks nobody and is never taken
    for a history. One that a drawpoker is writing now (it holds a lock on
    it), or that is not a history's beginning, is in the way."""
    try:
        import fcntl
    except ImportError:  # no locks to tell a leftover from a file being written: it stays in the way
        if os.path.lexists(temporary):
            raise HistoryError(_in_the_way(temporary)) from None
        return
    try:
        fd = os.open(temporary, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return
    except OSError:
        if os.path.lexists(temporary):  # (a link, a file that cannot be opened)
            raise HistoryError(_in_the_way(temporary)) from None
        return  # nothing there: why the folder cannot hold it (not a folder, a name too long) is said on writing
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise HistoryError(_in_the_way(temporary))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise HistoryError(_being_written(temporary)) from None
        if os.pread(fd, 6, 0) not in (b"", b'{"h":"', b'{"c":"'):  # not a history begun: not ours to remove
            raise HistoryError(_in_the_way(temporary))
        os.unlink(temporary)
    finally:
        os.close(fd)


#: whether this system makes files with no name until they are linked (Linux's O_TMPFILE)
_TMPFILE = hasattr(os, "O_TMPFILE") and os.path.isdir("/proc/self/fd")


class Unnamed:
    """A new file written where nobody sees it until it is complete: with no
    name at all (Linux's ``O_TMPFILE``: a writer killed mid-way leaves
    nothing behind), else as ``FILE.incomplete`` with a lock held on it (the
    next writer of that name removes it if its writer is gone). :meth:`link`
    gives it its name (never replacing a file); :meth:`discard` drops it."""

    def __init__(self, path: Path, what: str = N_("the history"), append: bool = False) -> None:
        self.path = path
        self.what = what
        #: the temporary name (None: the file has none)
        self.temporary: Path | None = None
        flags = os.O_WRONLY | (os.O_APPEND if append else 0)
        temporary = incomplete_name(path)
        _clear_leftover(temporary)
        if _TMPFILE:
            try:
                self.fd = os.open(path.parent, flags | os.O_TMPFILE, 0o644)
                return
            except OSError as exc:
                if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOTSUP):
                    raise HistoryError(_cannot_write(path, exc, what)) from None
        try:
            self.fd = os.open(temporary, flags | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            raise HistoryError(_in_the_way(temporary)) from None
        except OSError as exc:
            raise HistoryError(_cannot_write(path, exc, what)) from None
        self.temporary = temporary
        try:
            import fcntl

            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # "being written": no other run removes it
        except (ImportError, OSError):
            pass

    def link(self) -> None:
        """Give the complete file its name (fsync it first), never replacing a
        file, and make the name durable."""
        if self.temporary is None:
            # linkat(2) following /proc/self/fd/N: the way to name an O_TMPFILE file (os.link
            # calls plain link(2), which does not follow, unless a folder's descriptor is given)
            folder = os.open("/proc/self/fd", os.O_RDONLY)
            try:
                os.link(str(self.fd), self.path, src_dir_fd=folder, follow_symlinks=True)
            except FileExistsError:
                raise HistoryError(_exists(self.path)) from None
            finally:
                os.close(folder)
        else:
            _link_into_place(self.temporary, self.path)
            self.temporary = None
        fsync_folder(self.path.parent)

    def discard(self) -> None:
        """Drop the file (nothing of it is left)."""
        if self.temporary is not None:
            _remove(self.temporary)
            self.temporary = None


@contextlib.contextmanager
def new_file(path: Path, *, what: str = N_("the history")) -> Iterator[BinaryIO]:
    """A new file written durably: where nobody sees it (see :class:`Unnamed`),
    fsynced, linked to ``path`` (never replacing a file), the folder fsynced.

    On failure nothing is left (the temporary file is removed) and the
    error says why in one sentence.
    """
    unnamed = Unnamed(path, what)
    try:
        with os.fdopen(unnamed.fd, "wb", closefd=False) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
            unnamed.link()
    except BaseException as exc:
        unnamed.discard()
        if isinstance(exc, OSError):
            raise HistoryError(_cannot_write(path, exc, what, N_("{said}; nothing was written"))) from None
        raise
    finally:
        os.close(unnamed.fd)


def write_new_file(path: Path, data: bytes | Iterable[bytes], *, what: str = N_("the history")) -> None:
    """Write a whole new file durably (see :func:`new_file`)."""
    with new_file(path, what=what) as f:
        for piece in [data] if isinstance(data, bytes) else data:
            f.write(piece)


def encode_events(
    events: Iterable[Any], code: bytes, versions: dict[str, int], checked: dict[type, Any] | None = None
) -> tuple[list[bytes], bytes]:
    """The chained lines of ``events`` after a line whose code is ``code``,
    and the code of the last one. Each event class is checked once (in
    ``checked``) against the header's ``versions``."""
    lines: list[bytes] = []
    code = _encode(events, code, versions, {} if checked is None else checked, lines.append)
    return lines, code


def encode_commands(
    commands: Iterable[list[Any]], code: bytes, versions: dict[str, int], version: int = FORMAT
) -> tuple[list[bytes], bytes]:
    """Formats 3 and 4: the lines of ``commands`` (each a list of events,
    chained as one command) after a line whose code is ``code``, and the
    code of the last command."""
    pieces: list[bytes] = []
    checked: dict[type, Any] = {}
    chain_code = chain_for(version).code
    for events in commands:
        code = _encode_command(events, code, versions, checked, pieces.append, chain_code)
    return pieces, code


def _encode(events: Iterable[Any], code: bytes, versions: dict[str, int], checked: dict[type, Any], put: Any) -> bytes:
    """Encode and chain ``events`` after a line whose code is ``code``, each
    line handed to ``put``; the code of the last line. The writer's inner
    loop: one call per command, no memo, nothing kept but the lines."""
    encoders = ENCODERS
    sha256 = hashlib.sha256
    size = CODE_LENGTH
    for event in events:
        cls = event.__class__
        if cls not in checked:
            checked[cls] = _checked_encoder(cls, versions)
        content = encoders[cls](event).encode("utf-8")
        code = sha256(code + content).hexdigest()[:size].encode("ascii")
        put(b'{"h":"%s",%s\n' % (code, content))
    return code


#: the current format's code of some bytes
_CURRENT_CODE = chain_for(FORMAT).code


def _encode_command(
    events: Iterable[Any],
    code: bytes,
    versions: dict[str, int],
    checked: dict[type, Any],
    put: Any,
    chain_code: Any = _CURRENT_CODE,
) -> bytes:
    """Formats 3 and 4: encode the events of one command as its lines, chained by
    one code on the last line (see :mod:`drawpoker.history.format`), handed
    to ``put`` in one piece; the command's code (``code`` if it has no events).
    ``checked``: event class -> its encoder, for the classes whose version
    matches the header's (filled as they come); ``chain_code``: the format's
    code of some bytes."""
    if events.__class__ is not list:
        events = list(events)
    if _kept_for[0] is not checked:  # the texts kept are this writer's (its classes checked)
        forget_kept()
        _kept_for[0] = checked
    kept = _kept
    try:
        bodies = [kept(id(event)) or checked[event.__class__](event) for event in events]
    except KeyError:
        for event in events:
            if event.__class__ not in checked:
                checked[event.__class__] = _checked_encoder(event.__class__, versions)
        bodies = [checked[event.__class__](event) for event in events]
    if not bodies:
        return code
    plain = ("{" + "\n{".join(bodies) + "\n").encode("utf-8")
    code = chain_code(code + plain)
    last = plain.rfind(b"\n{") + 1  # where the last line begins
    put(b'%s{"h":"%s",%s' % (plain[:last], code, plain[last + 1 :]))
    return code


_sha256 = hashlib.sha256
_kept = KEPT.get
#: the writer (its ``checked``) whose events' texts are kept now
_kept_for: list[Any] = [None]


def _checked_encoder(cls: type[Any], versions: dict[str, int]) -> Any:
    name = cls.__name__
    if versions.get(name) != version_of(cls):
        raise HistoryError(
            f"event {name} version {version_of(cls)} cannot be added to a history whose header says "
            f"{versions.get(name)!r}"
        )
    encoder_for(cls)  # format 2's encoder (see _encode), which keeps nothing
    return keeping_encoder_for(cls)


class HistoryWriter:
    """Appends events to one session's history file: format 3 (a chain code
    per command), or ``version`` 2 (a code per line) when a format-2
    history is resumed, so its chain goes on as it began.

    ``durable`` (the default) writes and fsyncs every :meth:`append`, so an
    acknowledged action survives a crash; a simulation turns it off and
    the writer gathers large pieces, written when :meth:`close` is called
    (or as they fill). ``code`` is the chain code of the file's last line.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        code: bytes,
        versions: dict[str, int],
        durable: bool = True,
        fd: int | None = None,
        version: int = FORMAT,
    ) -> None:
        if version not in (2, 3, 4):
            raise ValueError(f"cannot append to a format-{version} history")
        self.path = Path(path)
        self.version = version
        if version == 2:
            self._encode = _encode
        else:
            self._encode = functools.partial(_encode_command, chain_code=chain_for(version).code)
        self.durable = durable
        self.code = code
        self.versions = versions
        self.broken = False
        self._waiting: list[bytes] = []
        #: event class -> its encoder, for the classes whose version matches the header's
        self._checked: dict[type, Any] = {}
        self._pieces = _LINES  # a piece is a line (format 2) or a command's lines (format 3: see _BYTES)
        self._size = 0  # format 3: bytes waiting
        if fd is None:
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
            except OSError as exc:
                raise HistoryError(_cannot_write(self.path, exc)) from None
        self._fd: int | None = fd

    @property
    def seal(self) -> str:
        """The seal of everything written so far: the last line's code, as shown."""
        return seal_text(self.code)

    @classmethod
    def create(
        cls,
        path: str | Path,
        rules: Any,
        names: Iterable[str],
        *,
        computer: Iterable[bool] = (),
        durable: bool = True,
        version: int = FORMAT,
        ruleset: str | None = None,
        **extra: Any,
    ) -> HistoryWriter:
        """Start a new history file with its header, durably; refuses to overwrite.
        ``ruleset``: the name the rules were chosen by (the header keeps it:
        ``drawpoker history`` lists sessions by it). ``version`` 2 or 3 writes
        an older format (a code per line; a 40-bit code per command), as
        tests of its readers need."""
        if ruleset:
            extra["ruleset"] = ruleset
        from drawpoker.games import game_for

        path = Path(path)
        if os.path.lexists(path):
            raise HistoryError(_exists(path))
        game_for(rules)  # the game's events are registered before the header lists them
        head, code, versions = _header(rules, names, computer, extra, version)
        write_new_file(path, head)
        return cls(path, code=code, versions=versions, durable=durable, version=version)

    def _write(self, data: bytes) -> None:
        if self._fd is None or self.broken:
            raise HistoryError(
                Note(N_("{file}: the history is closed; nothing more can be written to it"), file=str(self.path))
            )
        try:
            _write_all(self._fd, data)
            if self.durable:
                os.fsync(self._fd)
        except OSError as exc:
            self.broken = True
            raise HistoryError(_cannot_write(self.path, exc, then=N_("{said}; nothing after this was saved"))) from None

    def append(self, events: Iterable[Any]) -> None:
        """Write the events of one command (durable: written and fsynced now)."""
        waiting = self._waiting
        before = len(waiting)
        try:
            self.code = self._encode(events, self.code, self.versions, self._checked, waiting.append)
        except BaseException:
            del waiting[before:]  # nothing of a command that could not be encoded
            raise
        if self.durable:
            if len(waiting) > before:
                self.flush()
        elif len(waiting) >= self._pieces:
            self.flush()
        elif self.version > 2 and len(waiting) > before:
            self._size += len(waiting[-1])
            if self._size >= _BYTES:
                self.flush()

    def flush(self) -> None:
        """Write what is waiting (a non-durable writer gathers its lines)."""
        if self._waiting:
            data = b"".join(self._waiting)
            self._waiting.clear()
            self._size = 0
            self._write(data)

    def sync(self) -> None:
        """Write what is waiting and fsync, keeping the file open."""
        if self._fd is None or self.broken:
            return
        self.flush()
        try:
            os.fsync(self._fd)
        except OSError as exc:
            self.broken = True
            raise HistoryError(_cannot_write(self.path, exc)) from None

    def close(self) -> None:
        """Write what is waiting, fsync and close; after a failed write, only close."""
        if self._fd is None:
            return
        fd = self._fd
        try:
            if not self.broken:
                self.flush()
                try:
                    os.fsync(fd)
                except OSError as exc:
                    self.broken = True
                    raise HistoryError(_cannot_write(self.path, exc)) from None
        finally:
            self._fd = None
            os.close(fd)

    def __enter__(self) -> HistoryWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _header(
    rules: Any, names: Iterable[str], computer: Iterable[bool], extra: dict[str, Any], version: int = FORMAT
) -> tuple[bytes, bytes, dict[str, int]]:
    from drawpoker.boundary import name_note
    from drawpoker.rules import fingerprint, rules_to_data

    names = list(names)
    for seat, name in enumerate(names):
        wrong = name_note(name)
        if wrong is not None:  # a name is checked where it enters: nothing unsafe is ever written
            raise HistoryError(Note(N_("player {n}: {problem}"), n=seat + 1, problem=wrong))
    computer = list(computer)
    players = [
        {"seat": i, "name": name, **({"computer": computer[i]} if i < len(computer) else {})}
        for i, name in enumerate(names)
    ]
    head = header(
        rules.game, rules_to_data(rules), fingerprint(rules), players, now_iso(), __version__, version=version, **extra
    )
    try:
        line, code = header_line(head)
    except UnicodeEncodeError:
        raise HistoryError(Note(N_("a player's name or the rules hold text that cannot be written as UTF-8"))) from None
    return line, code, head["events"]


class SessionLogs:
    """For ``simulate --log FILE``: one history per session, FILE, FILE-2, ...

    Each session is written to ``FILE.incomplete`` in large pieces and
    linked to its name, fsynced, when it is complete. :meth:`abort` (after
    a failure) removes the unfinished one.

    Nobody watches a simulation's seal between decisions, so in format 3 a
    whole deal's commands are chained as one (up to the command that ends
    the deal: every deal's end still carries its seal, and every part of a
    long history still starts after one): the chain's cost is paid once a
    deal, not once a decision. And the deals wait, :data:`_DEALS` at a
    time, to be encoded together: the encoders then run warm, not once
    between every two deals of the simulation (some 6 us a deal less in
    ``bench/history.py``). The bytes written are the same.
    """

    def __init__(self, path: str | Path, rules: Any, *, version: int = FORMAT, ruleset: str | None = None) -> None:
        from drawpoker.games import game_for

        self.path = Path(path)
        self.rules = rules
        #: the header's extra members: the ruleset's name, when known
        self.extra: dict[str, Any] = {"ruleset": ruleset} if ruleset else {}
        self.version = version  # 2: the older format, for tests and benches of its readers
        self.sessions = 0
        self.writer: HistoryWriter | None = None
        self.paths: list[Path] = []
        self._final: Path | None = None
        self._unnamed: Unnamed | None = None
        self._ended = game_for(rules).DEAL_ENDED
        #: the events of the command (format 2) or the deal (format 3) so far
        self._gathered: list[Any] = []
        #: the commands gathered, waiting to be encoded (format 3: :data:`_DEALS` deals; format 2: one)
        self._commands: list[list[Any]] = []
        self._batch = _DEALS if version >= 3 else 1
        #: format 3: the most events gathered before they are written (format 2: every command's)
        self._most = _GATHER if version >= 3 else 1

    def _path_for(self, number: int) -> Path:
        if number == 1:
            return self.path
        return self.path.with_name(f"{self.path.stem}-{number}{self.path.suffix}")

    def start(self, state: Any, names: tuple[str, ...]) -> None:
        """A session starts: finish the previous file and begin the next."""
        self.close()
        self._gathered.clear()  # nothing given while no file was open
        self._commands.clear()
        self.sessions += 1
        path = self._path_for(self.sessions)
        if os.path.lexists(path):
            raise HistoryError(_exists(path))
        head, code, versions = _header(self.rules, names, [True] * len(names), self.extra, self.version)
        self._unnamed = unnamed = Unnamed(path, append=True)
        self.writer = HistoryWriter(
            path, code=code, versions=versions, durable=False, fd=unnamed.fd, version=self.version
        )
        self.writer._waiting.append(head)
        self._final = path

    def write(self, events: list[Any]) -> None:
        """Append a command's events to the current session's file (format 3:
        gathered until the deal ends, and deals until :data:`_DEALS` wait).
        Called once a decision: as little as possible is done here."""
        gathered = self._gathered
        gathered += events
        if self._ended in map(type, events) or len(gathered) >= self._most:
            self._end_command()

    def write_many(self, commands: list[list[Any]]) -> None:
        """:meth:`write` for each command in turn (``simulate``'s ``sink_many``)."""
        ended, most = self._ended, self._most
        gathered = self._gathered
        for events in commands:
            gathered += events
            if ended in map(type, events) or len(gathered) >= most:
                self._end_command()
                gathered = self._gathered

    def _end_command(self) -> None:
        """What was gathered is one command (the deal ended, or enough waits)."""
        commands = self._commands
        commands.append(self._gathered)
        self._gathered = []
        if len(commands) >= self._batch:
            self._encode_commands()

    def _encode_commands(self) -> None:
        """Encode the commands waiting, one after another: the encoders run
        for many deals at a time, not once between every two deals of the
        simulation (which runs faster so, and so does the log)."""
        writer = self.writer
        if writer is not None:
            for events in self._commands:
                writer.append(events)
        self._commands.clear()

    def close(self) -> None:
        """Finish the current file: write, fsync, give it its name, fsync the folder."""
        writer, final, unnamed = self.writer, self._final, self._unnamed
        if writer is None or final is None or unnamed is None:
            return
        self.writer = self._final = self._unnamed = None
        try:
            for events in self._commands:
                writer.append(events)
            self._commands.clear()
            if self._gathered:
                writer.append(self._gathered)
                self._gathered.clear()
            writer.sync()
            unnamed.link()
        except BaseException as exc:
            writer.broken = True
            writer.close()
            unnamed.discard()
            if isinstance(exc, OSError):
                raise HistoryError(_cannot_write(final, exc, then=N_("{said}; nothing was kept"))) from None
            if isinstance(exc, HistoryError) and "already exists" not in str(exc):
                raise HistoryError(Note(N_("{problem}; the unfinished file was removed"), problem=exc.note)) from None
            raise
        writer.close()
        self.paths.append(final)

    def abort(self) -> None:
        """After a failure: close and remove the unfinished file (finished ones stay)."""
        writer, unnamed = self.writer, self._unnamed
        self.writer = self._final = self._unnamed = None
        self._gathered.clear()
        self._commands.clear()
        if writer is None:
            return
        try:
            writer.broken = True
            writer.close()
        finally:
            if unnamed is not None:
                unnamed.discard()


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
