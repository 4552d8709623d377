"""The showdown's one "no muck": the last hand not mucked in a contested pot
it can win may not muck too (docs/rules.md 2.4: a muck gives up the pot;
someone must take it), while the showdown goes on for another pot.

A stacked deck where it matters: Ada (the button, 4 chips) is all in, in
the main pot only; Bo and Cy bet on into a side pot. Bo, who bet last,
shows first and mucks; Cy is then the last hand in the side pot, with Ada
still to show for the main pot. Cy's muck is refused with its reason,
nothing changes, the menu offers only the show, and Cy takes the side pot.
Before this file no test said the reason (or met the refusal: with one
pot, the last hand wins unseen and is never asked)."""

from __future__ import annotations

import pytest

from drawpoker.games.draw import events as ev
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from drawpoker.words.refusals import as_sentence
from tests.mork_table import Table

ADA, BO, CY = "Ah Ad 7c 4s 2d", "3c 5d 9s 9h 6h", "Kh Ks Jc Jd 4c"
REASON = "C cannot muck: nobody else is left in a pot C can win; show to take it"
SAID = {
    "en": "Cy cannot muck: nobody else is left in a pot Cy can win; show to take it.",
    "nb": "Cy kan ikke legge hånden bort: ingen andre er igjen i en pott Cy kan vinne; vis for å ta den.",
}


def _to_the_showdown() -> Table:
    t = Table([ADA, BO, CY], stacks=[4, 20, 20], stock="2c 8d 8s As Kd Qh", rules_=load_rules("morkpoker"))
    # (A is the button: B, C, A in turn; A's call puts in its last chip)
    t.do("B bet", "C raise", "A raise", "B call", "C call")
    t.do("B exchange 3c 5d", "C exchange 4c", "A exchange 7c 4s 2d")
    t.do("B bet", "C call")
    assert t.state.phase == "showdown" and t.to_act == "B"
    return t


def test_the_last_hand_in_a_side_pot_may_not_muck_while_the_main_pot_is_shown():
    t = _to_the_showdown()
    t.do("B muck")  # (B may: C is still in both pots)
    assert t.to_act == "C"
    assert t.refused("C muck") == REASON  # (and nothing changed: Table.refused checks)
    assert [o.action for o in t.legal.options] == ["show"]
    t.do("C show")
    assert t.to_act == "A"
    assert [o.action for o in t.legal.options] == ["show", "muck"]  # (the main pot has C's shown hand: A may muck)
    t.do("A show")
    assert t.pots() == [(12, "ABC", {"A": 12}), (4, "BC", {"C": 4})]


def test_the_same_seat_may_muck_when_another_hand_is_left_in_its_pots():
    t = _to_the_showdown()
    t.do("B show")
    assert [o.action for o in t.legal.options] == ["show", "muck"]
    t.do("C muck")  # C gives up both pots: B's shown hand takes the side pot, the main pot goes on to A
    assert t.to_act == "A"
    t.do("A muck")
    assert t.pots() == [(12, "ABC", {"B": 12}), (4, "BC", {"B": 4})]
    assert not any(isinstance(e, ev.HandMucked) and e.seat == 1 for e in t.events)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_reason_in_the_players_words(lang):
    t = _to_the_showdown()
    t.do("B muck")
    said = t.refused("C muck").replace("C", "Cy")  # (the table's names: A, B, C)
    assert as_sentence(said, translator(lang)) == SAID[lang]


# ---------------------------------------------------------------- at the table


def _table(tmp_path, lang, name):
    from drawpoker.client.controller import Controller
    from drawpoker.client.look import Look
    from drawpoker.client.setup import SetupModel
    from tests.test_client_flows import MORK, MORK_DECK, starter

    tr = translator(lang)
    start = starter(MORK, tmp_path / name, (4, 20, 20), MORK_DECK)
    return Controller(tr, Look(), setup=SetupModel(MORK, tr), start=start)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_at_the_table_the_last_hand_in_the_side_pot_is_shown_by_itself(tmp_path, lang):
    """Cy has no choice after Bo's muck: the table shows Cy's hand (a forced
    show, never a muck), and the showdown goes on to Ada."""
    from tests.test_client_flows import ENTER, EXCHANGE, QUIT, ROUND_1, ROUND_2, SETUP_3, drive

    ctl = _table(tmp_path, lang, "forced.jsonl")
    drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + ENTER + "m" + ENTER + "s" + QUIT)
    events = ctl.session.events
    showdown = [(type(e).__name__, e.seat) for e in events if isinstance(e, (ev.HandMucked, ev.HandShown))]
    assert showdown == [("HandMucked", 1), ("HandShown", 2), ("HandShown", 0)]
    pots = [(e.amount, e.shares) for e in events if isinstance(e, ev.PotAwarded)]
    assert pots == [(12, ((0, 12),)), (4, ((2, 4),))]  # Ada's aces the main pot, Cy the side pot


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_m_at_the_table_is_refused_with_the_engines_reason(tmp_path, monkeypatch, lang):
    """Were Cy asked (the forced show left out), M is refused with the
    engine's reason in the table's language, nothing is written, and S
    then shows."""
    from drawpoker.client.controller import TURN, Controller
    from tests.test_client_flows import ENTER, EXCHANGE, QUIT, ROUND_1, ROUND_2, SETUP_3, drive

    monkeypatch.setattr(Controller, "_forced_command", lambda self: None)
    ctl = _table(tmp_path, lang, "asked.jsonl")
    drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + ENTER + "m" + ENTER + "m" + QUIT)
    assert ctl.screen == TURN and ctl.to_act == 2
    assert ctl.message == SAID[lang]
    assert [e.seat for e in ctl.session.events if isinstance(e, ev.HandMucked)] == [1]
    last = (tmp_path / "asked.jsonl").read_text(encoding="utf-8").splitlines()[-1]
    assert '"e":"HandMucked"' in last and '"seat":1' in last

    ctl = _table(tmp_path, lang, "asked-then-shown.jsonl")
    drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + ENTER + "m" + ENTER + "m" + "s" + ENTER + "s" + QUIT)
    pots = [(e.amount, e.shares) for e in ctl.session.events if isinstance(e, ev.PotAwarded)]
    assert pots == [(12, ((0, 12),)), (4, ((2, 4),))]
