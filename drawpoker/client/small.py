"""The smallest terminal the screens need, and what a smaller one shows.

Both the table (``drawpoker play``) and the replay viewer need
:data:`MIN_COLUMNS` × :data:`MIN_ROWS`: the end of a Three Card Poker round
with six boxes (the settlement, the standings and the way on) fills all 80
columns and all 24 rows; the draw coach's odds need 78 columns, and a
Mørkpoker exchange with cards chosen loses its last key line below 21 rows
(measured on every kind of screen the every-key walk of
tests/test_client_every_key.py reaches, and with six at the table). A smaller
terminal shows one plain sentence instead: how big it is, how big it needs
to be, and how to leave. The sentence gives way to shorter ones as the
window shrinks, down to the size alone, so the size needed stays readable
whole in a window of any size that can hold it (at least 5 columns).

>>> from drawpoker.client.lines import plain
>>> from drawpoker.words.i18n import translator
>>> [plain(line) for line in too_small_lines(too_small_texts(translator("en"), 20, 3), 20, 3)]
['Make the window at', 'least 80×24.', 'Ctrl-C leaves.']
>>> [plain(line) for line in too_small_lines(too_small_texts(translator("en"), 6, 1), 6, 1)]
['80×24']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prompt_toolkit.application import get_app

from drawpoker.client.lines import Line, clip, styled, width, wrap
from drawpoker.words.i18n import Translator

__all__ = ["MIN_COLUMNS", "MIN_ROWS", "fits", "shown", "too_small_texts", "too_small_lines"]

MIN_COLUMNS = 80
MIN_ROWS = 24


def fits(columns: int, rows: int) -> bool:
    """Whether a terminal of ``columns`` × ``rows`` shows the screens whole.

    >>> fits(80, 24), fits(79, 24), fits(200, 23)
    (True, False, False)
    """
    return columns >= MIN_COLUMNS and rows >= MIN_ROWS


def shown(app: Any = None) -> bool:
    """The terminal of ``app`` (the running application by default) is big
    enough to show the table or the replay (:func:`fits`)."""
    size = (app or get_app()).output.get_size()
    return fits(size.columns, size.rows)


def too_small_texts(
    tr: Translator, columns: int, rows: int, *, replay: bool = False, leaving: str | None = None
) -> list[str]:
    """What a terminal too small says, longest first: the first that fits is shown.

    ``replay``: the replay viewer (Q leaves it; its keys do nothing until the
    window is bigger, as the table's). ``leaving``: the question before
    leaving is open (its answer key): it is asked in every form but the last.
    """
    need = {"need_c": MIN_COLUMNS, "need_r": MIN_ROWS}
    if replay:
        first = tr._(
            "This terminal is {columns}×{rows}; the replay needs at least {need_c}×{need_r}. Make the window bigger."
        )
    else:
        first = tr._(
            "This terminal is {columns}×{rows}; the game needs at least {need_c}×{need_r}. Make the window bigger."
        )
    first = first.format(columns=columns, rows=rows, **need)
    shorter = tr._("Make the window at least {need_c}×{need_r}.").format(**need)
    shortest = tr._("Needs {need_c}×{need_r}.").format(**need)
    if leaving is not None:
        way = tr._("Leave the game? {yes}: leave, any other key: stay.").format(yes=leaving)
        short_way = tr._("{yes}: leave.").format(yes=leaving)
    elif replay:
        way = tr._("No key acts until then; Q leaves.")
        short_way = tr._("Q leaves.")
    else:
        way = tr._("No key acts until then; Ctrl-C leaves.")
        short_way = tr._("Ctrl-C leaves.")
    return [
        first + "\n" + way,
        shorter + "\n" + way,
        shorter + "\n" + short_way,
        shortest + "\n" + short_way,
        shortest,
        "{need_c}×{need_r}".format(**need),
    ]


def too_small_lines(texts: Sequence[str], columns: int, rows: int) -> list[Line]:
    """The first of ``texts`` that fits ``columns`` × ``rows`` whole (no word
    cut, no line lost), wrapped; in a window too small for any, the last,
    cut at the edge."""
    for text in texts:
        lines = wrap(text, columns)
        if len(lines) <= rows and all(width(line) <= columns for line in lines):
            return [styled("class:warn", line) for line in lines]
    return [clip(styled("class:warn", texts[-1]), columns)]
