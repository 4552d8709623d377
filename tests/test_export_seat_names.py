"""The text export names the player of each of the evening's changes between
deals as the table seated them then: one who left between deals and a
newcomer who took the seat are two players, not one (seen: an add-on bought
by Dag, who then left, exported as "Anna buys 15 more chips (an add-on)."
once Anna had sat down in Dag's seat)."""

from __future__ import annotations

import io

import attrs
import pytest

from drawpoker.history.export import export_text
from drawpoker.history.reader import HistoryReader
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.evening_table import written

HANDS = {"A": "As Ad 2c 3d 4h", "B": "Ks Kd 5c 6d 8h", "C": "Qs Qd 9c Td 7h", "E": "Js Jd 9h Th 7s"}


def _rules():
    base = load_rules("morkpoker")
    return attrs.evolve(base, session=attrs.evolve(base.session, add_on_limit=20))


@pytest.mark.parametrize(
    ("change", "en", "nb"),
    [
        ("C add on 5", "C buys 5 more chips (an add-on).", "C kjøper 5 sjetonger til (et tilleggskjøp)."),
        ("C sit out", "C sits out (keeping the chips).", "C står over (og beholder sjetongene)."),
    ],
)
def test_a_change_between_deals_is_exported_under_the_name_of_who_made_it(tmp_path, change, en, nb):
    path = tmp_path / "h.jsonl"
    steps = (
        lambda t: t.deal(HANDS),
        lambda t: t.play_out(),
        lambda t: t.do(change),
        lambda t: t.do("C leave"),
        lambda t: t.join("E"),  # in C's seat, the first empty one
        lambda t: t.deal(HANDS),
        lambda t: t.play_out(),
    )
    t = written(path, _rules(), ("A", "B", "C"), steps)
    assert t.state.names == ("A", "B", "E")
    for language, said in (("en", en), ("nb", nb)):
        out = io.StringIO()
        export_text(HistoryReader(path), out, tr=translator(language))
        text = out.getvalue()
        assert said in text, (language, said)
        assert said.replace("C ", "E ", 1) not in text
