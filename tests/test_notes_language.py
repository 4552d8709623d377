"""What the history readers, verify and a resumed table say about a crash's
leftovers and seals is said in the player's language (it was English under
``--lang nb``), and the English stays word for word as it was."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main
from drawpoker.client.controller import Controller
from drawpoker.client.launch import resume
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.notes import Note
from drawpoker.words.i18n import translator
from tests.history_tools import file_lines, rechain, write_lines
from tests.test_client_flows import crashed_mid_line


def _run(capsys, monkeypatch, argv):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def cut(tmp_path, capsys):
    """A simulated history whose last decision was cut short mid-line by a crash."""
    log = tmp_path / "h.jsonl"
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "5", "--seed", "3", "--log", str(log)]) == 0
    capsys.readouterr()
    data = log.read_bytes()
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data[:-30])
    return path


@pytest.mark.parametrize("command", ["history", "export", "verify"])
def test_a_crash_s_leftovers_are_told_in_norwegian(command, cut, capsys, monkeypatch):
    status, _, english = _run(capsys, monkeypatch, [command, str(cut)])
    assert status == 0
    assert "the last decision was only partly written (a crash mid-write)" in english
    assert f"{cut}:" in english and "the last line was cut off (a crash mid-write)" in english
    status, _, norsk = _run(capsys, monkeypatch, [command, "--lang", "nb", str(cut)])
    assert status == 0
    assert "den siste beslutningen ble bare delvis skrevet (et krasj midt i skrivingen)" in norsk
    assert "den siste linjen ble kuttet av (et krasj midt i skrivingen)" in norsk
    words = norsk.replace(str(cut), "FILE")
    assert "crash" not in words and "cut off" not in words
    # the same places are named in both languages
    assert [line.split(": ")[0] for line in english.splitlines()] == [
        line.split(": ")[0] for line in norsk.splitlines()
    ]


def test_verify_s_seal_lines_in_norwegian(wide, cut, capsys, monkeypatch):
    status, out, _ = _run(capsys, monkeypatch, ["verify", "--lang", "nb", str(cut)])
    assert status == 0 and "kjeden er sjekket for hver linje; seglet for hele historikken er " in out
    seal = out.split("seglet for hele historikken er ")[1].split()[0]
    status, out, _ = _run(capsys, monkeypatch, ["verify", "--lang", "nb", "--seal", seal, str(cut)])
    assert status == 0 and f"seglet {seal} er det som ble vist etter utdeling " in out
    assert "fram dit er dette historikken spillerne så" in out and "the players saw" not in out
    wrong = "AAAA-AAAA-AAAA-AAAA-AAA1"  # its check character right: a seal, not this history's
    status, _, err = _run(capsys, monkeypatch, ["verify", "--lang", "nb", "--seal", wrong, str(cut)])
    assert status == 1 and f"seglet {wrong} finnes ikke i denne historikken" in err
    status, _, err = _run(capsys, monkeypatch, ["verify", "--lang", "nb", "--seal", "nope", str(cut)])
    assert status != 0 and "et segl er 20 bokstaver og sifre i grupper på fire" in err
    status, _, err = _run(
        capsys, monkeypatch, ["verify", "--lang", "nb", "--seal", "AAAA-AAAA-AAAA-AAAA-AAA2", str(cut)]
    )
    assert status != 0 and "kontrolltegnet stemmer ikke" in err
    status, out, _ = _run(capsys, monkeypatch, ["verify", "--seal", seal, str(cut)])  # English as it was
    assert status == 0 and f"the seal {seal} is the one shown after deal " in out


def test_a_resumed_table_tells_its_notes_in_norwegian(tmp_path):
    path = crashed_mid_line(tmp_path)
    session, notes = resume(str(path), seed=None)
    assert all(isinstance(note, Note) for note in notes)
    assert [str(note) for note in notes] == [
        f"{path}:{len(path.read_text(encoding='utf-8').splitlines())}: the last line was cut off mid-write; "
        "it is dropped",
        f"continuing in {session.path} ({path} is left as it was)",
    ]
    english, norsk = (  # the screen wraps the notes: compare the words
        " ".join(screen_text(Controller(translator(lang), Look(), session=session, notes=notes), 100, 30).split())
        for lang in ("en", "nb")
    )
    session.close()
    assert "the last line was cut off mid-write" in english and "continuing in" in english
    assert "den siste linjen ble kuttet av midt i skrivingen; den er forkastet" in norsk
    words = norsk.replace(str(tmp_path), "FOLDER")
    assert "fortsetter i " in words and "cut off" not in words and "continuing" not in words


def _fail(capsys, monkeypatch, argv, env=None):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    status = main(argv)
    err = capsys.readouterr().err
    assert status != 0 and "internal error" not in err and "Traceback" not in err
    return err.strip()


@pytest.fixture
def bad_files(tmp_path):
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    text = tmp_path / "text.jsonl"
    text.write_text("hello\n", encoding="utf-8")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"game: m\xf8rkpoker\n")
    return {
        "missing": (tmp_path / "nope.jsonl", "no such file", "filen finnes ikke"),
        "folder": (tmp_path, "is a folder, not a file", "er en mappe, ikke en fil"),
        "fifo": (fifo, "is a named pipe (FIFO), not a file", "er et navngitt rør (FIFO), ikke en fil"),
        "under a file": (text / "x", "a part of the path is not a folder", "en del av stien er ikke en mappe"),
        "not a history": (text, "not a drawpoker history", "ikke en drawpoker-historikk"),
        "empty": (empty, "the file is empty; not a drawpoker history", "filen er tom; ikke en drawpoker-historikk"),
        "not utf-8": (latin, "is not UTF-8", "er ikke UTF-8"),
    }


HISTORY_COMMANDS = [["verify"], ["history"], ["export"], ["replay"]]
RULES_COMMANDS = [["rules", "check"], ["rules", "show"], ["settle"]]


KINDS = ["missing", "folder", "fifo", "under a file"]
CASES = [(command, kind) for command in HISTORY_COMMANDS for kind in [*KINDS, "not a history", "empty"]] + [
    (command, kind) for command in RULES_COMMANDS for kind in [*KINDS, "not utf-8"]
]  # a history is read as bytes (a file not UTF-8 is not a history); a rules file has its own words for an empty one


@pytest.mark.parametrize(("command", "kind"), CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_a_file_that_cannot_be_read_is_refused_in_the_player_s_language(command, kind, bad_files, capsys, monkeypatch):
    """Found by trying: every file error was English under --lang nb (or a
    Norwegian locale). Each command refuses the same file with the same
    sentence, in English as before and in Norwegian."""
    path, english_words, norwegian_words = bad_files[kind]
    english = _fail(capsys, monkeypatch, [*command, str(path)])
    assert f"{path}" in english and english_words in english
    norsk = _fail(capsys, monkeypatch, [*command, str(path)], env={"LANG": "nb_NO.UTF-8"})
    assert f"{path}" in norsk and norwegian_words in norsk and english_words not in norsk
    assert norsk.count("\n") == english.count("\n") == 0  # one sentence
    if command in HISTORY_COMMANDS:  # --lang says the same as the locale
        assert _fail(capsys, monkeypatch, [*command, "--lang", "nb", str(path)]) == norsk


SETTLE_CASES = [  # (example, text replaced, replacement, English words, Norwegian words)
    ("split-pot.yaml", "  - Anna: call", "  - Anna: dance", "action 2 (Anna: dance): not an action;", "handling 2"),
    ("split-pot.yaml", "  - Anna: call", "  - Dora: call", "there is no seat called Dora", "ingen plass heter Dora"),
    ("split-pot.yaml", "  - Anna: call", "  - Bjørn: call", "it is Anna's turn, not Bjørn's", "det er Anna som har"),
    ("split-pot.yaml", "  - Anna: call", "  - Anna: raise to 50", "Anna may only raise to 2", "Anna kan bare høyne"),
    ("split-pot.yaml", '"6h 7h 8d 9d Tc"', '"6h 7h 8d 9d"', "five cards are dealt, found 4", "det deles ut fem kort"),
    ("split-pot.yaml", 'stack: 40, cards: "6h', 'stack: 0, cards: "6h', "stack must be a whole", "stack må være"),
    (
        "split-pot.yaml",
        "  - Anna: check\n",
        "",
        "the deal is not finished: it is Anna's turn in betting round 2",
        "ikke ferdig",
    ),
    ("three-card-round.yaml", "players:", "players: 3\nplayerz:", "unknown key 'playerz'", "ukjent nøkkel 'playerz'"),
    ("three-card-round.yaml", 'dealer: "Ah Jc 8s"', "#", "missing key 'dealer'", "nøkkelen 'dealer' mangler"),
    ("three-card-round.yaml", "ante: 2, decision: fold", "ante: 2", "missing key 'decision'", "'decision' mangler"),
    ("three-card-round.yaml", '"Jh 8h 4d"', '"Ah 8h 4d"', "is dealt twice (also to the dealer)", "også til giveren"),
]


@pytest.mark.parametrize(("example", "old", "new", "english_words", "norwegian_words"), SETTLE_CASES)
def test_settle_refuses_a_written_deal_in_the_player_s_language(
    example, old, new, english_words, norwegian_words, tmp_path, capsys, monkeypatch
):
    """Found by trying: settle's refusals (the file's mistakes and the
    engine's) were English under --lang nb."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "examples" / example).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / example
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    english = _fail(capsys, monkeypatch, ["settle", str(path)])
    norsk = _fail(capsys, monkeypatch, ["settle", "--lang", "nb", str(path)])
    assert english_words in english and norwegian_words in norsk and english_words not in norsk
    assert english.split(": ")[:2] == norsk.split(": ")[:2]  # the same place named: the command and the file's line


YAML_CASES = [  # (file text, English words, Norwegian words): the YAML layer every user file goes through
    ("game: morkpoker\nseats: !!int 3\n", "the tag '!!int' is not used", "taggen '!!int' brukes ikke"),
    ("game: morkpoker\ngame: morkpoker\n", "duplicate key 'game' at the top level", "står to ganger i det øverste"),
    ("- game\n", "is a mapping of", "er en avbildning av"),
    ("", "the file is empty;", "filen er tom;"),
    ("game: 2001-12-14\n", "is a date in YAML", "er en dato i YAML"),
    ("game: 1:30\n", "minutes and seconds", "minutter og sekunder"),
    ("game: morkpoker\n[a]: 1\n", "keys must be words, found a list or mapping", "nøkler må være ord"),
    ('game: "a\\u0085b"\n', "the text holds a control character (U+0085)", "teksten har et kontrolltegn (U+0085)"),
    ("game: 'a\x7f'\n", "the character U+007F is not allowed in YAML", "tegnet U+007F er ikke tillatt i YAML"),
    ("game: [\n", "the '[' on this line is never closed with ']'", "'[' på denne linjen blir aldri lukket med ']'"),
    ("game: 0x1F\n", "is not a plain decimal number", "er ikke et vanlig desimaltall"),
]


@pytest.mark.parametrize("command", [["rules", "check"], ["settle"]], ids=" ".join)
@pytest.mark.parametrize(("text", "english_words", "norwegian_words"), YAML_CASES)
def test_a_yaml_mistake_is_told_in_the_player_s_language(
    command, text, english_words, norwegian_words, tmp_path, capsys, monkeypatch
):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    english = _fail(capsys, monkeypatch, [*command, str(path)])
    norsk = _fail(capsys, monkeypatch, [*command, str(path)], env={"LANG": "nb_NO.UTF-8"})
    if command == ["settle"] and english_words.startswith("the file is empty"):
        english_words, norwegian_words = "the file is empty; write the seats", "filen er tom; skriv plassene"
    if command == ["settle"] and english_words == "is a mapping of":
        english_words, norwegian_words = "a deal is a mapping of keys", "en utdeling er en avbildning av nøkler"
    assert english_words in english and norwegian_words in norsk and english_words not in norsk
    assert english.count("\n") == norsk.count("\n")


def test_a_history_whose_header_rules_fail_says_why_in_the_player_s_language(cut, tmp_path, capsys, monkeypatch):
    """Found by a second read: the header's rules problems were joined as
    English text, so they stayed English under nb."""
    from tests.history_tools import edit, file_lines, rechain, write_lines

    lines = file_lines(cut)
    path = write_lines(tmp_path, rechain([edit(lines[0], '"ante":1', '"ante":-5'), *lines[1:]]), "bad.jsonl")
    english = _fail(capsys, monkeypatch, ["verify", str(path)])
    norsk = _fail(capsys, monkeypatch, ["verify", "--lang", "nb", str(path)])
    assert f"{path}:1: the header's rules: betting.ante: expected a whole number, 0 or more, found -5" in english
    assert f"{path}:1: the header's rules: betting.ante: " in norsk and "expected a whole number" not in norsk


def test_joining_no_notes_is_the_empty_text_never_a_catalogue_s_header():
    from drawpoker.rules.loading import semicolons

    assert Note.joined([]) == "" and semicolons([]) == ""
    assert translator("nb").say(Note.joined([])) == ""


def test_a_failed_deal_is_told_in_the_player_s_language(tmp_path):
    """Found by a second read: the table showed a history it could not write in English."""
    from drawpoker.boundary import open_regular
    from drawpoker.errors import HistoryError

    path = crashed_mid_line(tmp_path)
    session, notes = resume(str(path), seed=None)
    ctl = Controller(translator("nb"), Look(), session=session, notes=notes)

    def fails() -> None:
        open_regular(tmp_path / "gone" / "x", "x", error=HistoryError)

    assert ctl._try(fails) is False
    session.close()
    assert ctl.failure == "x: filen finnes ikke"  # the stopped game says why (a key does not replace it)


def test_tampering_is_told_in_the_player_s_language(cut, tmp_path, capsys, monkeypatch):
    """The core of settling an argument: an edited line breaks the chain, and
    an edit with the codes made again is caught by the engine; both were
    English under nb."""
    from tests.history_tools import edit, file_lines, rechain, write_lines

    lines = file_lines(cut)
    k = next(k for k, line in enumerate(lines) if k > 3 and '"amount":1' in line)
    broken = write_lines(tmp_path, [*lines[:k], edit(lines[k], '"amount":1', '"amount":2'), *lines[k + 1 :]], "a.jsonl")
    for command in (["verify"], ["history"], ["export"]):
        english = _fail(capsys, monkeypatch, [*command, str(broken)])
        norsk = _fail(capsys, monkeypatch, [*command, "--lang", "nb", str(broken)])
        assert "the chain of seals breaks" in english and ": not verified" in english
        assert "seglkjeden brytes" in norsk and "ikke bekreftet" in norsk and "chain" not in norsk
        assert english.split(": ")[:2] == norsk.split(": ")[:2]  # the same line named
    rechained = write_lines(tmp_path, rechain(file_lines(broken)), "b.jsonl")
    english = _fail(capsys, monkeypatch, ["verify", str(rechained)])
    norsk = _fail(capsys, monkeypatch, ["verify", "--lang", "nb", str(rechained)])
    assert "but the engine produces" in english or "the engine refuses this decision" in english
    assert "men motoren gir" in norsk or "motoren avviser denne beslutningen" in norsk
    assert english.split(": ")[:2] == norsk.split(": ")[:2]


def test_a_history_that_cannot_be_written_is_told_in_the_player_s_language(cut, tmp_path, capsys, monkeypatch):
    """The writer's refusals (a history that exists, a file in the way) were English under nb."""
    english = _fail(capsys, monkeypatch, ["simulate", "morkpoker", "--hands", "2", "--log", str(cut)])
    norsk = _fail(
        capsys, monkeypatch, ["simulate", "morkpoker", "--hands", "2", "--log", str(cut)], env={"LANG": "nb_NO.UTF-8"}
    )
    assert english.endswith(f"{cut}: already exists; choose a new file (histories are never overwritten)")
    assert norsk.endswith(f"{cut}: finnes allerede; velg en ny fil (historikker blir aldri overskrevet)")
    (tmp_path / "new.jsonl.incomplete").write_text("not ours\n", encoding="utf-8")  # not a history begun
    new = tmp_path / "new.jsonl"
    norsk = _fail(
        capsys, monkeypatch, ["simulate", "morkpoker", "--hands", "2", "--log", str(new)], env={"LANG": "nb_NO.UTF-8"}
    )
    assert "en fil med det navnet står i veien" in norsk and "in the way" not in norsk
    import fcntl

    (tmp_path / "new.jsonl.incomplete").write_text('{"h":"', encoding="utf-8")
    with open(tmp_path / "new.jsonl.incomplete", "rb") as held:  # another drawpoker writing it now
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        norsk = _fail(
            capsys,
            monkeypatch,
            ["simulate", "morkpoker", "--hands", "2", "--log", str(new)],
            env={"LANG": "nb_NO.UTF-8"},
        )
    assert "en annen drawpoker skriver en fil med det navnet nå" in norsk
    norsk = _fail(capsys, monkeypatch, ["export", "--lang", "nb", "--output", str(cut), str(cut)])
    assert norsk.endswith(f"{cut}: finnes allerede; velg et nytt filnavn")


@pytest.mark.parametrize(
    ("damage", "english_words", "norwegian_words"),
    [
        (
            lambda ls: ls[:3] + ["\n"] + ls[4:],
            "an empty line; every line after the header is one event",
            "en tom linje",
        ),
        (
            lambda ls: rechain([ls[0].replace('"format":4', '"format":7')] + ls[1:]),
            "written by a newer drawpoker (format 7; this one reads up to 4)",
            "skrevet av en nyere drawpoker (format 7; denne leser opp til 4)",
        ),
    ],
)
def test_a_damaged_line_is_told_in_the_player_s_language(
    damage, english_words, norwegian_words, cut, tmp_path, capsys, monkeypatch
):
    path = write_lines(tmp_path, damage(file_lines(cut)), "d.jsonl")
    english = _fail(capsys, monkeypatch, ["verify", str(path)])
    norsk = _fail(capsys, monkeypatch, ["verify", "--lang", "nb", str(path)])
    assert english_words in english and norwegian_words in norsk and english_words not in norsk
