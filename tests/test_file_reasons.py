"""Why a file could not be read or written, said by one table
(``drawpoker.boundary.os_words``) for every command, in English and
Norwegian, the words right for reading and for writing where they must
differ (a file not there cannot be read; a new one cannot be written where
its folder is not).

Seen: the history writer had a table of its own that said other words for
the same errno ("a part of its path is not a folder" where reading said "no
such file (a part of the path is not a folder)"), and anything the edge of
the command line caught was said in reading's words: ``drawpoker rules list
> /dev/full`` said "cannot be read (No space left on device)", in English
under ``--lang nb``; ``drawpoker --help > /dev/full`` said nothing and exited 0."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from drawpoker.boundary import _ERRNO_WORDS, os_words
from drawpoker.cli.main import main
from drawpoker.words.i18n import translator

#: errno -> ((reading en, reading nb), (writing en, writing nb))
WORDS = {
    errno.ENOENT: (("no such file", "filen finnes ikke"), ("its folder does not exist", "mappen finnes ikke")),
    errno.ENOTDIR: ("a part of the path is not a folder", "en del av stien er ikke en mappe"),
    errno.EACCES: ("permission denied", "ingen tilgang"),
    errno.EPERM: ("permission denied", "ingen tilgang"),
    errno.ELOOP: ("too many symbolic links (a link loop?)", "for mange symbolske lenker (en lenke i ring?)"),
    errno.ENAMETOOLONG: ("the file name is too long", "filnavnet er for langt"),
    errno.EISDIR: ("is a folder, not a file", "er en mappe, ikke en fil"),
    errno.ENXIO: (
        "is a special file with nothing behind it, not a file",
        "er en spesialfil uten noe bak, ikke en fil",
    ),
    errno.ENOSPC: ("the disk is full", "disken er full"),
    errno.EROFS: ("the disk is read-only", "disken er skrivebeskyttet"),
    errno.EDQUOT: ("the disk quota is used up", "diskkvoten er brukt opp"),
    errno.EFBIG: ("the file would be bigger than this system allows", "filen ville blitt større enn systemet tillater"),
    errno.EIO: (
        ("the disk could not be read (an input/output error)", "disken kunne ikke leses (en inn/ut-feil)"),
        ("the disk could not be written (an input/output error)", "disken kunne ikke skrives til (en inn/ut-feil)"),
    ),
    errno.EMFILE: ("too many files are open", "for mange filer er åpne"),
    errno.ENFILE: ("too many files are open", "for mange filer er åpne"),
}
LANGS = ("en", "nb")


def _words(code: int, writing: bool, lang: str) -> str:
    said = WORDS[code]
    pair = said[writing] if isinstance(said[0], tuple) else said
    return pair[LANGS.index(lang)]


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def history(tmp_path, capsys) -> Path:
    path = tmp_path / "kept" / "h.jsonl"
    path.parent.mkdir()
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "2", "--seed", "1", "--log", str(path)]) == 0
    capsys.readouterr()
    return path


@pytest.fixture
def failing(monkeypatch):
    """``failing(folder, code)``: every file opened under ``folder`` fails with ``code``
    (as a disk, a mount or a permission would make it; the suite may run as root)."""
    real = os.open

    def install(folder: Path, code: int) -> None:
        def fake(path, flags, mode=0o777, *, dir_fd=None):
            if str(path).startswith(str(folder)):
                raise OSError(code, os.strerror(code), str(path))
            return real(path, flags, mode, dir_fd=dir_fd)

        monkeypatch.setattr(os, "open", fake)

    return install


# ---------------------------------------------------------------- one table


def test_the_one_table_is_the_words_tested_here():
    assert set(_ERRNO_WORDS) == set(WORDS)
    for code in WORDS:
        for writing in (False, True):
            exc = OSError(code, os.strerror(code))
            for lang in LANGS:
                assert translator(lang).say(os_words(exc, writing=writing)) == _words(code, writing, lang)


def test_reading_and_writing_differ_only_where_they_must():
    differ = {code for code, said in _ERRNO_WORDS.items() if isinstance(said, tuple)}
    assert differ == {errno.ENOENT, errno.EIO}


def test_the_history_writer_has_no_words_of_its_own():
    import drawpoker.history.writer as writer

    assert not hasattr(writer, "_why")


# ---------------------------------------------------------------- each errno, both ways, at the command line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", sorted(WORDS), ids=lambda code: errno.errorcode[code])
def test_each_reason_reading_a_history(history, failing, capsys, code, lang):
    failing(history.parent, code)
    status, out, err = _run(capsys, ["history", str(history), "--lang", lang])
    assert status == 1 and out == ""
    assert err == f"drawpoker history: {history}: {_words(code, False, lang)}\n"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", sorted(WORDS), ids=lambda code: errno.errorcode[code])
def test_each_reason_writing_a_history(tmp_path, failing, capsys, code, lang):
    folder = tmp_path / "out"
    folder.mkdir()
    failing(folder, code)
    target = folder / "h.jsonl"
    status, out, err = _run(capsys, ["simulate", "morkpoker", "--hands", "2", "--log", str(target), "--lang", lang])
    history = "the history" if lang == "en" else "historikken"
    cannot = "cannot write" if lang == "en" else "kan ikke skrive"
    why = _words(code, True, lang)
    if code == errno.ENOENT:  # (its folder is there: "no such file" is a folder that takes no new files)
        why = f"{folder} " + ("takes no new files" if lang == "en" else "tar ikke imot nye filer")
    assert status == 1 and out == ""
    assert err == f"drawpoker simulate: {target}: {cannot} {history} ({why})\n"
    assert os.listdir(folder) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_history_whose_folder_is_not_there(tmp_path, capsys, lang):
    target = tmp_path / "gone" / "h.jsonl"
    status, out, err = _run(capsys, ["simulate", "morkpoker", "--hands", "2", "--log", str(target), "--lang", lang])
    said = {"en": "cannot write the history", "nb": "kan ikke skrive historikken"}[lang]
    assert (status, out) == (1, "")
    assert err == f"drawpoker simulate: {target}: {said} ({_words(errno.ENOENT, True, lang)})\n"


@pytest.mark.parametrize("lang", LANGS)
def test_a_reason_without_words_is_the_system_s_either_way(history, failing, capsys, tmp_path, lang):
    failing(history.parent, errno.EXDEV)
    _, _, err = _run(capsys, ["history", str(history), "--lang", lang])
    reason = os.strerror(errno.EXDEV)
    assert err == f"drawpoker history: {history}: " + {"en": "cannot be read", "nb": "kan ikke leses"}[lang] + (
        f" ({reason})\n"
    )
    target = history.parent / "new.jsonl"
    _, _, err = _run(capsys, ["simulate", "morkpoker", "--hands", "2", "--log", str(target), "--lang", lang])
    says = {"en": "cannot write the history (the system says: ", "nb": "kan ikke skrive historikken (systemet sier: "}
    assert err == f"drawpoker simulate: {target}: {says[lang]}{reason})\n"


# ---------------------------------------------------------------- real failures, no stand-in


def _both(capsys, folder: Path, lang: str) -> tuple[str, str]:
    """What reading ``folder/h.jsonl`` (history) and writing ``folder/new.jsonl`` (simulate) say."""
    status, _, read = _run(capsys, ["history", str(folder / "h.jsonl"), "--lang", lang])
    assert status == 1
    status, _, logged = _run(
        capsys, ["simulate", "morkpoker", "--hands", "2", "--log", str(folder / "new.jsonl"), "--lang", lang]
    )
    assert status == 1
    return read, logged


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_folder(tmp_path, capsys, lang):
    folder = tmp_path / "nowhere"
    read, logged = _both(capsys, folder, lang)
    assert read.endswith(f"{folder / 'h.jsonl'}: {_words(errno.ENOENT, False, lang)}\n")
    assert logged.endswith(f"({_words(errno.ENOENT, True, lang)})\n")
    assert not folder.exists()


@pytest.mark.parametrize("lang", LANGS)
def test_a_path_through_a_file(tmp_path, capsys, history, lang):
    folder = history / "x"  # (a history is a file: nothing is under it)
    read, logged = _both(capsys, folder, lang)
    assert read.endswith(f"{folder / 'h.jsonl'}: {_words(errno.ENOTDIR, False, lang)}\n")
    assert logged.endswith(f"({_words(errno.ENOTDIR, True, lang)})\n")
    status, _, err = _run(capsys, ["export", str(history), "-o", str(history / "out.txt"), "--lang", lang])
    assert status == 1 and err.endswith(f"({_words(errno.ENOTDIR, True, lang)})\n")


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_loop(tmp_path, capsys, lang):
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "pool")
    (tmp_path / "pool").symlink_to(loop)
    read, logged = _both(capsys, loop, lang)
    assert read.endswith(f": {_words(errno.ELOOP, False, lang)}\n")
    assert logged.endswith(f"({_words(errno.ELOOP, True, lang)})\n")


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_too_long(tmp_path, capsys, lang):
    folder = tmp_path / ("n" * 300)
    read, logged = _both(capsys, folder, lang)
    assert read.endswith(f": {_words(errno.ENAMETOOLONG, False, lang)}\n")
    assert logged.endswith(f"({_words(errno.ENAMETOOLONG, True, lang)})\n")


def test_a_read_only_folder(tmp_path, capsys, history):
    """As the player is (not root): a folder they may not write to."""
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder (the stand-in above says the same words)")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        _, logged = _both(capsys, folder, "en")
        assert logged.endswith("(permission denied)\n") and os.listdir(folder) == []
    finally:
        folder.chmod(0o755)


@pytest.fixture
def read_only_disk(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a read-only tmpfs needs root on Linux")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.parametrize("lang", LANGS)
def test_a_read_only_disk(read_only_disk, capsys, history, monkeypatch, lang):
    _, logged = _both(capsys, read_only_disk, lang)
    assert logged.endswith(f"({_words(errno.EROFS, True, lang)})\n")
    status, _, err = _run(capsys, ["export", str(history), "-o", str(read_only_disk / "out.txt"), "--lang", lang])
    assert status == 1 and err.endswith(f"({_words(errno.EROFS, True, lang)})\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(read_only_disk))
    status, _, err = _run(capsys, ["config", "set", "names", "Anna,Bjørn", "--lang", lang])
    settings = "the settings" if lang == "en" else "innstillingene"
    assert status == 1 and err.endswith(f"{settings} ({_words(errno.EROFS, True, lang)})\n")
    assert os.listdir(read_only_disk) == []


@pytest.mark.parametrize("lang", LANGS)
def test_settings_that_cannot_be_written(tmp_path, capsys, monkeypatch, lang):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocker / "config"))
    status, out, err = _run(capsys, ["config", "set", "names", "Anna,Bjørn", "--lang", lang])
    settings = {"en": "cannot write the settings", "nb": "kan ikke skrive innstillingene"}[lang]
    path = blocker / "config" / "drawpoker" / "settings.yaml"
    assert status == 1 and out == ""
    assert err == f"drawpoker config: {path}: {settings} ({_words(errno.ENOTDIR, True, lang)})\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("lang", LANGS)
def test_settings_on_a_full_disk_leave_the_file_as_it_was(tmp_path, capsys, monkeypatch, lang):
    import tempfile

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert main(["config", "set", "names", "Anna"]) == 0
    path = tmp_path / "config" / "drawpoker" / "settings.yaml"
    before = path.read_bytes()
    capsys.readouterr()
    # the new file's bytes go to /dev/full: every write fails as on a full disk
    monkeypatch.setattr(tempfile, "mkstemp", lambda **_: (os.open("/dev/full", os.O_WRONLY), str(path) + ".new"))
    status, _, err = _run(capsys, ["config", "set", "names", "Anna,Bjørn", "--lang", lang])
    settings = {"en": "cannot write the settings", "nb": "kan ikke skrive innstillingene"}[lang]
    assert status == 1 and err == f"drawpoker config: {path}: {settings} ({_words(errno.ENOSPC, True, lang)})\n"
    assert path.read_bytes() == before and sorted(os.listdir(path.parent)) == ["settings.yaml"]


# ---------------------------------------------------------------- a full disk under > FILE: /dev/full

FULL = [
    ["--help"],
    ["--version"],
    ["rules", "--help"],
    ["rules", "list"],
    ["rules", "show", "morkpoker"],
    ["rules", "schema"],
    ["hand", "As", "Ks", "Qs", "Js", "Ts"],
    ["simulate", "morkpoker", "--hands", "2"],
    ["analyze", "three-card-poker"],
    ["config", "show"],
    ["completion", "bash"],
    ["settle", "examples/side-pot.yaml"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("argv", FULL, ids=" ".join)
def test_output_to_a_full_disk_is_said_in_one_sentence(argv, tmp_path, history):
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    for lang in LANGS:  # (--version and rules schema take --lang too)
        words = argv + ["--lang", lang]
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [sys.executable, "-m", "drawpoker", *words], stdout=full, stderr=subprocess.PIPE, cwd=root, env=env
            )
        err = done.stderr.decode("utf-8")
        said = {"en": "cannot write the output (the disk is full)", "nb": "kan ikke skrive utskriften (disken er full)"}
        command = f"drawpoker {argv[0]}: " if not argv[0].startswith("-") else "drawpoker: "
        assert done.returncode == 1 and err == f"{command}{said[lang]}\n", (words, err)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", ["history", "export", "verify"])
def test_a_history_told_to_a_full_disk_is_said_in_one_sentence(command, history, tmp_path):
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "drawpoker", command, str(history), "--lang", "nb"],
            stdout=full,
            stderr=subprocess.PIPE,
            env=env,
        )
    assert done.returncode == 1
    assert done.stderr.decode("utf-8") == f"drawpoker {command}: kan ikke skrive utskriften (disken er full)\n"


# ---------------------------------------------------------------- a folder that is there but makes no new file


def _makes_no_file(folder: str) -> bool:
    try:
        os.close(os.open(os.path.join(folder, "x"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileNotFoundError:
        return True
    except OSError:
        return False
    os.remove(os.path.join(folder, "x"))
    return False


@pytest.mark.skipif(not _makes_no_file("/proc"), reason="/proc here makes files, or says otherwise")
@pytest.mark.parametrize("lang", LANGS)
def test_a_folder_that_makes_no_new_file_is_not_said_to_be_missing(capsys, lang):
    # seen: `simulate --log /proc/x` said "cannot write the history (its folder does not exist)": /proc is
    # there; the system said "no such file" because no file can be made in it
    status, out, err = _run(capsys, ["simulate", "morkpoker", "--hands", "2", "--log", "/proc/x", "--lang", lang])
    said = {
        "en": "cannot write the history (/proc takes no new files)",
        "nb": "kan ikke skrive historikken (/proc tar ikke imot nye filer)",
    }
    assert (status, out, err) == (1, "", f"drawpoker simulate: /proc/x: {said[lang]}\n")


def test_no_such_file_while_writing_names_the_folder_when_it_is_there(tmp_path):
    from drawpoker.boundary import cannot_write
    from drawpoker.notes import N_

    missing = FileNotFoundError(errno.ENOENT, "No such file or directory")
    assert str(cannot_write(tmp_path / "x.jsonl", missing, N_("the history"))) == (
        f"{tmp_path}/x.jsonl: cannot write the history ({tmp_path} takes no new files)"
    )
    assert str(cannot_write(tmp_path / "gone" / "x.jsonl", missing, N_("the history"))) == (
        f"{tmp_path}/gone/x.jsonl: cannot write the history (its folder does not exist)"
    )
