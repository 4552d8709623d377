"""The screens' quick paths give what the slow ones give.

Most of a screen is printable ASCII on lines that fit: ``width`` counts such
text at once, ``wrap_line`` returns a fitting line without breaking it cell
by cell, and ``Canvas.put`` places such text at once. Each is checked here
against the way a cell at a time (or prompt_toolkit's own width), over text
that mixes ASCII with wide characters, combining marks and control
characters, at any position, also off either edge.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st
from prompt_toolkit.utils import get_cwidth

from drawpoker.client import lines
from drawpoker.client.lines import Canvas, line_width, wrap_line

TEXT = st.text(
    alphabet=st.one_of(
        st.characters(min_codepoint=32, max_codepoint=126),
        st.sampled_from(" ø€😀漢\u0301\u200b\x07\x1b\t"),
    ),
    max_size=20,
)
STYLES = st.sampled_from(["", "class:key", "class:money bold"])
LINE = st.lists(st.tuples(STYLES, TEXT), max_size=5)


@given(TEXT)
def test_width_is_prompt_toolkits_width(text: str) -> None:
    assert lines.width(text) == get_cwidth(text)


@given(LINE, st.integers(min_value=0, max_value=30), st.integers(min_value=0, max_value=4))
def test_a_line_that_fits_is_given_back_as_breaking_it_would(
    line: list[tuple[str, str]], more: int, indent: int
) -> None:
    columns = line_width(line) + more
    assert wrap_line(line, columns, indent) == lines._broken(line, columns, indent)


def _one_at_a_time(columns: int, x: int, line: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The row a line leaves placed one character at a time: a wide one takes
    two cells (the second empty), a mark joins the cell before, and nothing
    is written from the first character that does not fit."""
    row: list[tuple[str, str]] = [("", " ")] * columns
    col, last = x, -1
    for style, text in line:
        for ch in text:
            w = get_cwidth(ch)
            if w == 0:
                if last >= 0:
                    row[last] = (row[last][0], row[last][1] + ch)
                continue
            if col < 0:
                col += w
                continue
            if col + w > columns:
                return row
            row[col : col + w] = [(style, ch)] + [(style, "")] * (w - 1)
            last, col = col, col + w
    return row


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=-6, max_value=14), LINE)
@example(6, 0, [("a", "xe"), ("b", "\u0301!")])  # a mark after ASCII joins its last letter
@example(4, -2, [("a", "xy"), ("b", "\u0301z")])  # (a mark after text off the left edge has nothing to join)
@example(3, 1, [("a", "xy"), ("b", "😀")])  # a wide character with no room: nothing more is written
def test_any_text_is_placed_as_one_character_at_a_time_would_place_it(
    columns: int, x: int, line: list[tuple[str, str]]
) -> None:
    canvas = Canvas(columns, 1)
    canvas.put(x, 0, line)
    assert canvas._cells[0] == (_one_at_a_time(columns, x, line) if x < columns else [("", " ")] * columns)


@given(
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=-6, max_value=14),
    st.lists(st.tuples(STYLES, st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=10))),
)
def test_ascii_is_placed_where_each_character_would_go(columns: int, x: int, line: list[tuple[str, str]]) -> None:
    canvas = Canvas(columns, 1)
    canvas.put(x, 0, line)
    text = [(style, ch) for style, part in line for ch in part]
    want: list[tuple[str, str]] = [("", " ")] * columns
    for i, cell in enumerate(text):
        if 0 <= x + i < columns:
            want[x + i] = cell
    assert canvas._cells[0] == want
