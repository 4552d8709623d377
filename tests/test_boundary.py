"""The one boundary that opens a user's file, and the one way outside text reaches a terminal."""

import json
import os

import pytest

from drawpoker.boundary import read_text
from drawpoker.errors import HistoryError, InputError, RulesError
from drawpoker.history.reader import HistoryReader
from drawpoker.rules.loading import load_rules
from drawpoker.terminal import json_text, visible, visible_lines


def read(path, limit=1000):
    return read_text(path, "f", what="a thing", limit=limit)


def test_a_regular_file_is_read(tmp_path):
    (tmp_path / "a.yaml").write_text("\ufeffante: 1\n", encoding="utf-8")
    assert read(tmp_path / "a.yaml") == "ante: 1\n"


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda p: p.mkdir(), "f: is a folder, not a file"),
        (lambda p: os.mkfifo(p), "f: is a named pipe (FIFO), not a file"),
        (lambda p: p.symlink_to(p), "f: too many symbolic links (a link loop?)"),
        (lambda p: None, "f: no such file"),
    ],
)
def test_what_is_not_a_file_is_refused_without_reading(tmp_path, make, why):
    path = tmp_path / "x"
    make(path)
    with pytest.raises(InputError) as caught:
        read(path)
    assert str(caught.value) == why


def test_a_device_is_refused_and_never_read():
    with pytest.raises(InputError, match=r"^f: is a device, not a file$"):
        read("/dev/zero")


def test_a_nul_in_the_path_is_refused():
    with pytest.raises(InputError, match="NUL"):
        read("a\x00b")


def test_the_size_bound_holds_while_reading(tmp_path):
    (tmp_path / "big").write_bytes(b"x" * 1001)
    with pytest.raises(InputError, match=r"more than 1,000 bytes; a thing may be at most 1,000 bytes"):
        read(tmp_path / "big")


def test_bytes_that_are_not_utf8_name_the_line(tmp_path):
    (tmp_path / "bin").write_bytes(b"a: 1\nb: \xff\n")
    with pytest.raises(InputError, match=r"^f:2: not a text file \(byte 8 is not UTF-8\)$"):
        read(tmp_path / "bin")


def test_rulesets_and_histories_go_through_the_boundary(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(RulesError, match="named pipe"):
        load_rules(fifo)
    with pytest.raises(HistoryError, match="named pipe"):
        HistoryReader(fifo)
    with pytest.raises(HistoryError, match="is a device"):
        HistoryReader("/dev/zero")


EVIL = "Evil\x1b]0;PWNED\x07\x1b[2J\u202e\x9b\ud800 ok"


def test_visible_writes_out_every_control_character():
    shown = visible(EVIL + "\n")
    assert shown == "Evil\\x1b]0;PWNED\\x07\\x1b[2J\\u202e\\x9b\\ud800 ok\\x0a"
    assert all(ch.isprintable() for ch in shown)
    assert visible_lines("a\tb\nc\x1b") == "a\tb\nc\\x1b"
    assert visible("Bjørn ♠ 🃏") == "Bjørn ♠ 🃏"


def test_json_stays_exact_and_carries_no_raw_control_character():
    text = json_text({"name": EVIL, "n": [1, 2]})
    assert json.loads(text) == {"name": EVIL, "n": [1, 2]}
    body = text.replace("\n", "")
    assert all(ch.isprintable() for ch in body)
    text.encode("utf-8")  # a lone surrogate would not encode


UNSAFE_CLASS = "\x7f-\x9f\ud800-\udfff\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb"


def _plain(chars, text, *, json_escape=False):
    """The definition: every character of the class escaped, no shortcut."""
    import re

    def escape(m):
        code = ord(m.group())
        return f"\\x{code:02x}" if code < 0x100 and not json_escape else f"\\u{code:04x}"

    return re.sub(f"[{chars}]", escape, text)


def test_every_character_made_visible_is_unprintable_so_the_shortcut_is_sound():
    """visible and visible_lines return printable text untouched; that is only
    right if no character they write out counts as printable."""
    import re

    unsafe = re.compile(f"[\x00-\x1f{UNSAFE_CLASS}]")
    assert not [hex(c) for c in range(0x110000) if unsafe.match(chr(c)) and chr(c).isprintable()]


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_TEXT = st.text(
    st.one_of(
        st.characters(),
        st.sampled_from("\x00\t\n\r\x1b\x7f\x9f\xa0\u061c\u200b\u202e\u2028\u2066\ufeff\ufffa\ud800 aø♠🃏"),
    )
)


@given(_TEXT)
def test_visible_agrees_with_the_plain_definition(text):
    assert visible(text) == _plain("\x00-\x1f" + UNSAFE_CLASS, text)
    assert visible_lines(text) == _plain("\x00-\x08\x0b-\x1f" + UNSAFE_CLASS, text)


@given(st.dictionaries(_TEXT, _TEXT, max_size=3))
def test_json_text_agrees_with_the_plain_definition(value):
    text = json_text(value)
    assert text == _plain(UNSAFE_CLASS, json.dumps(value, indent=2, ensure_ascii=False), json_escape=True)
    assert json.loads(text) == value
