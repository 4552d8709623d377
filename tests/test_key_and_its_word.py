"""A key stays on the line of what it does (seen at 80×24 in pot and no
limit: the amount entry's last line but one ended in "[Enter]" and the
next began with "raise", the key apart from its word). The one wrapping
of the screen now breaks a line between a key and its word only where no
other space will do, as it never broke an amount from its currency."""

from __future__ import annotations

import re

import attrs
import pytest

from drawpoker.client.controller import Controller
from drawpoker.client.look import Look
from drawpoker.client.setup import SetupModel
from drawpoker.words.i18n import translator
from tests.test_client_amount_flow import NL
from tests.test_client_flows import ENTER, MORK_DECK, SETUP_3, starter
from tests.test_client_table_menu import press

#: a line that ends in a key: "[Enter]", "[Esc]", "[1-5]"
KEY_AT_THE_END = re.compile(r"\[[^\]\s]{1,7}\]\s*$")


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_amount_entry_keeps_each_key_with_its_word(tmp_path, structure, lang):
    rules = attrs.evolve(NL, betting=attrs.evolve(NL.betting, structure=structure))
    tr = translator(lang)
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "h.jsonl", (100, 100, 100), MORK_DECK)
    )
    shown = press(ctl, SETUP_3 + ENTER + "r")[-1]
    word = "raise" if lang == "en" else "høyne"
    assert f"[Enter] {word}" in shown
    assert not [line for line in shown.splitlines() if KEY_AT_THE_END.search(line)], shown
