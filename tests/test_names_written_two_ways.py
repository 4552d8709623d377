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
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as E
from drawpoker.rules import load_rules
from drawpoker.rules.seating import names_refusal
from tests.evening_table import EveningTable

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


def test_a_newcomer_spelled_the_other_way_is_the_player_already_seated():
    table = EveningTable(load_rules("morkpoker"), names=(ASE_NFC, "Bjørn"))
    with pytest.raises(IllegalAction, match="already at the table"):
        table.game.handle(table.state.copy(), E.Join(2, ASE_NFD, 40, ""))


def test_the_engine_keeps_a_newcomers_name_as_the_command_wrote_it():
    """A history written before names were made one form replays as written:
    the engine compares the spellings as one but seats the name the command gave."""
    table = EveningTable(load_rules("morkpoker"), names=("Anna", "Bjørn"))
    table.handle(E.Join(2, ASE_NFD, 40, ""))
    assert ASE_NFD in table.state.names or any(r.name == ASE_NFD for r in table.state.requests)


def test_the_laptop_seats_a_newcomer_under_the_composed_spelling():
    from drawpoker.client.evening import EveningMenu
    from drawpoker.words.i18n import translator

    table = EveningTable(load_rules("morkpoker"), names=("Anna", "Bjørn"))
    menu = EveningMenu(table.game, table.state, translator("en"))
    join = next(key for key, action in menu.actions() if action == "join")
    menu.key(join)
    for ch in ASE_NFD:
        menu.key(ch)
    menu.key("enter")  # the name
    menu.key("enter")  # the usual buy-in
    command = menu.key("p")  # a person plays
    assert isinstance(command, E.Join) and command.name == ASE_NFC


def test_two_players_spelled_two_ways_cannot_sit_at_one_table():
    assert names_refusal([ASE_NFC, ASE_NFD]) is not None


def test_the_setup_says_the_other_spelling_is_already_at_the_table():
    from drawpoker.client.setup import SetupModel
    from drawpoker.words.i18n import translator

    setup = SetupModel(load_rules("morkpoker"), translator("en"))
    setup.enter()  # two players
    for ch in ASE_NFC:
        setup.type(ch)
    setup.enter()
    for ch in ASE_NFD:
        setup.type(ch)
    setup.enter()
    assert setup.names == [ASE_NFC]
    assert setup.message == f"{ASE_NFC} is already at the table; choose another name."


def test_the_usual_names_are_kept_composed_and_the_other_spelling_is_listed_twice():
    from drawpoker.errors import InputError
    from drawpoker.settings import parse_value

    assert parse_value("names", f"{ASE_NFD}, Bjørn") == (ASE_NFC, "Bjørn")
    with pytest.raises(InputError, match="listed twice"):
        parse_value("names", f"{ASE_NFC}, {ASE_NFD}")
