"""A name with a combining mark (eve40): "Åse" typed on one keyboard is one
character Å, pasted from another it is A and a ring above (NFD, as macOS
writes file names and some phones' keyboards send); a name such as "Bj́rn"
has a mark no letter composes with.

The table's seats drew every letter in its own cell, so a mark (no cell of
its own) was written over by the next letter: "Bj́rn" sat at the table as
"Bjrn" while the log said "Bj́rn". And the two spellings of "Åse" were two
players: a newcomer "Åse" (NFD) sat down beside "Åse" (NFC), two seats the
table showed the same. A name is now one spelling (Unicode's composed form)
wherever it comes in: the setup, a newcomer, the usual names, the sit-down
check."""

from __future__ import annotations

import unicodedata

import pytest

from drawpoker.client.lines import Canvas, plain
from drawpoker.client.table import draw_table

ASE_NFC = "\u00c5se"
ASE_NFD = "A\u030ase"
BJORN_MARKED = "Bj\u0301rn"  # a mark on a j: nothing composes it


def test_the_spellings_differ_as_text():
    assert ASE_NFC != ASE_NFD and unicodedata.normalize("NFC", ASE_NFD) == ASE_NFC


@pytest.mark.parametrize("text", [BJORN_MARKED, ASE_NFD, "\U0001f0cf\u0301x"])
def test_the_canvas_keeps_a_combining_mark_with_its_letter(text):
    canvas = Canvas(12, 1)
    canvas.put(2, 0, [("", text)])
    assert plain(canvas.lines()[0]).strip() == text


def test_the_tables_seat_shows_the_name_as_the_log_does():
    boxes = [[[("", name)], [("", "40 chips")]] for name in ("Anna", BJORN_MARKED, "Cato")]
    drawn = "\n".join(plain(line) for line in draw_table(boxes, [], 80))
    assert BJORN_MARKED in drawn and "Bjrn" not in drawn
