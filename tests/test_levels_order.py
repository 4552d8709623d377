"""The computer's levels, weakest first, wherever a player meets them: a
seat's number at the setup steps person -> easy -> sensible -> strong (it
stepped person -> sensible -> strong -> easy, seen at 80x24 by ev47), the
table menu lists them so (Enter still the usual, sensible), and the help of
`play` and `simulate` and the README name them in that order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drawpoker.bots.seat import LEVELS
from drawpoker.client.look import Look
from drawpoker.client.setup import LEVEL_CHOICES, SetupModel
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_seats_number_steps_from_the_weakest_level_up(language):
    tr = translator(language)
    m = SetupModel(load_rules("morkpoker"), tr)
    m.enter()
    for _ in range(2):
        m.enter()
    seen = []
    for _ in range(4):
        m.toggle(2)
        seen.append(m.levels[1] if m.computer[1] else "person")
    assert seen == ["easy", "sensible", "strong", "person"]
    m.toggle(2)
    shown = "\n".join(text for line in m.lines(Look(), 80, 24) for _, text in line)
    assert ("computer: easy" if language == "en" else "datamaskin: lett") in shown


def test_the_levels_are_listed_in_one_order_everywhere():
    assert LEVEL_CHOICES == LEVELS == ("easy", "sensible", "strong")
    from drawpoker.cli import play_cmd, simulate_cmd

    for text in (Path(play_cmd.__file__).read_text(), Path(simulate_cmd.__file__).read_text()):
        found = re.findall(r"easy|sensible|strong", text.replace("\n", " "))
        assert found[:3] == ["easy", "sensible", "strong"], found
    bots = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    said = " ".join(bots[bots.index("steps through") :][:200].split())
    assert said.index("computer: easy") < said.index("computer: sensible") < said.index("computer: strong")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = readme[readme.index("at what level") :][:400]
    assert said.index("`easy`") < said.index("`sensible`") < said.index("`strong`")
