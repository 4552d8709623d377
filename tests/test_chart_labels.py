"""The chip chart's labels say the figures drawn: the top and the bottom
are the highest and the lowest point, the row where the figures start is
labelled with the start (the chips bought in, a season's zero), and no
label is said twice or names a figure nobody had."""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from drawpoker.words.chart import draw_chart


def _labels(lines: list[str]) -> dict[int, int]:
    """Each labelled row's figure, by row."""
    out = {}
    for r, line in enumerate(lines[:-1]):
        found = re.match(r"\s*(-?\d+)┤", line)
        if found:
            out[r] = int(found.group(1))
    return out


def test_one_level_is_labelled_once_with_its_figure():
    # seen: every point at 63 drew the labels "64", "64", "63" (the top raised by one to draw anything)
    lines = draw_chart(["Ada", "Bo"], [[63, 63], [63, 63]], 30, 6, "deal").text()
    labels = _labels(lines)
    assert list(labels.values()).count(63) == 1
    row = next(r for r, v in labels.items() if v == 63)
    assert "*" in lines[row] and sorted(labels.values()) == [62, 63, 64]


def test_the_start_is_labelled_where_it_is_drawn():
    # seen: "45┤*" beside the two players' 40 chips at the start (the middle row's figure, not theirs)
    lines = draw_chart(["Ada", "Bo"], [[40, 63], [40, 17]], 30, 7, "deal").text()
    labels = _labels(lines)
    assert labels[0] == 63 and labels[len(lines) - 2] == 17
    start = next(r for r, v in labels.items() if v == 40)
    assert lines[start].split("┤")[1].startswith("*")


def test_a_figure_is_not_labelled_twice():
    # seen (before): "1┤", "0┤", "0┤A": the middle row's figure rounded to the bottom's
    assert [line.split("┤")[0] for line in draw_chart(["Ada"], [[0, 1]], 30, 4, "deal").text()[:-1]] == ["1", " │", "0"]


@example([[0, 1]], 4)
@given(
    st.lists(st.lists(st.integers(-500, 500), min_size=1, max_size=12), min_size=1, max_size=4),
    st.integers(4, 14),
)
def test_labels_are_figures_drawn_highest_and_lowest_at_the_ends(series, rows):
    names = [f"P{k}" for k in range(len(series))]
    lines = draw_chart(names, series, 60, rows, "deal").text()
    labels = _labels(lines)
    every = [v for values in series for v in values]
    top, bottom = max(every), min(every)
    if top == bottom:
        assert labels[0] == top + 1 and labels[rows - 2] == bottom - 1 and top in labels.values()
        return
    assert labels[0] == top and labels[rows - 2] == bottom
    assert len(set(labels.values())) == len(labels)  # no figure said twice
    assert list(labels.values()) == sorted(labels.values(), reverse=True)
