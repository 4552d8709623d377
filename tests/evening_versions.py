"""The corners of the evening that versions 2 and 3 of its rules changed (docs/rules.md
6.6), each played at a stacked-deck table and written as a history, one
command at a time, as the table writes it.

The same code wrote the histories of ``tests/fixtures/evening-rules-1/``
with the engine of drawpoker as it was before these corners changed (main
at d2dec64, first on the path, this file copied into its ``tests/``)::

    python -m tests.evening_versions tests/fixtures/evening-rules-1

Each case there is written whole (``NAME.jsonl``) and stopped just before
its corner (``NAME-unfinished.jsonl``: an evening interrupted there). The
tests (``tests/test_evening_rules_versions.py``) write the same cases with
today's engine under each version of the rules.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from drawpoker.cards import parse_cards
from drawpoker.games.evening import end_after
from drawpoker.history.writer import HistoryWriter
from tests.changed_rules import changed_rules
from tests.evening_table import EveningTable, play_on
from tests.test_evening_rules import ACES, BLINDS, HANDS, JUNK, NOTHING, passed_out, won_by_first

Step = Callable[[EveningTable], Any]


class Case(NamedTuple):
    """An evening's corner: the table, what is played before it (each step one
    command written at once) and the corner itself (the steps the version of
    the rules of the evening decides)."""

    name: str
    rules: Callable[[], Any]
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    before: tuple[Step, ...]
    corner: tuple[Step, ...]


def bust(t: EveningTable, name: str) -> None:
    """``name`` (with 2 chips) antes, calls a bet all in and loses to aces; the others fold."""
    others = [n for n in t.state.names if n and n != name]
    t.deal({name: JUNK, others[0]: ACES, **{n: NOTHING for n in others[1:]}})
    state = t.state
    while state.phase == "betting" and state.to_act is not None:
        who = state.names[state.to_act]
        behind = state.bets[state.to_act] < state.level
        if who == others[0]:
            t.do(f"{who} {'bet' if state.level == 0 else 'call' if behind else 'check'}")
        elif who == name:
            t.do(f"{who} {'call' if behind else 'check'}")
        else:
            t.do(f"{who} {'fold' if state.level else 'check'}")
    t.play_out()


def deal_blinds(t: EveningTable) -> None:
    """The next deal of a blinds table, won by the first to act (everyone else folds)."""
    t.deal({"A": ACES, "B": JUNK, "C": NOTHING, "D": "Ks Qd 8c 5d 3s"})


def _mork(**changes: Any) -> Callable[[], Any]:
    return lambda: changed_rules("morkpoker", **changes)


def _tcp_bust(t: EveningTable) -> None:
    """Three Card Poker, a house bank: A (2 chips) plays a box and loses it all."""
    from drawpoker.games.three_card import commands as tc
    from drawpoker.games.three_card.stacking import stacked_deck

    boxes = [parse_cards("2c 3d 5h"), parse_cards("2d 3c 5s")]
    t.handle(tc.StartRound(stacked_deck(boxes, parse_cards("As Ks Qs"))))
    while t.state.phase == "betting":
        t.handle(tc.PlaceBets(t.state.to_act, (tc.BoxBet(1),)))
    while t.state.phase == "deciding":
        t.handle(tc.Play(t.state.to_act, t.state.box_to_act))


def _tcp_round(t: EveningTable) -> None:
    """A round in which every box antes 1 and plays."""
    from drawpoker.cards import DECK
    from drawpoker.games.three_card import commands as tc

    t.handle(tc.StartRound(tuple(DECK)))
    while t.state.phase == "betting":
        t.handle(tc.PlaceBets(t.state.to_act, (tc.BoxBet(1),)))
    while t.state.phase == "deciding":
        t.handle(tc.Play(t.state.to_act, t.state.box_to_act))


CASES: tuple[Case, ...] = (
    # 6.5: the deal's leavers leave one player while a pot is carried
    Case(
        "carried-pot-one-player-left",
        _mork(),
        ("A", "B", "C"),
        (40, 40, 40),
        (passed_out, lambda t: t.deal(HANDS), lambda t: t.do("B leave"), lambda t: t.do("C leave")),
        (lambda t: t.check_round(),),
    ),
    # 6.3: a player who declined to buy again sits down again, and busts again
    Case(
        "rejoin-after-declining",
        _mork(session__when_broke="ask", session__rebuy_limit=2, session__rebuy_amount=2, session__buy_in=(2, 40)),
        ("A", "B", "C"),
        (2, 40, 40),
        (lambda t: bust(t, "A"), lambda t: t.do("A decline")),
        (lambda t: t.join("A", 2), lambda t: bust(t, "A")),
    ),
    # 6.3: a broke player who left sits down again where the house allows no rebuys
    Case(
        "rejoin-under-sit-out",
        _mork(),
        ("A", "B", "C"),
        (2, 40, 40),
        (
            lambda t: bust(t, "A"),
            lambda t: t.deal({"B": ACES, "C": NOTHING}),
            lambda t: t.play_out(),
            lambda t: t.do("A leave"),
        ),
        (lambda t: t.join("A"), lambda t: t.deal(HANDS), lambda t: t.play_out()),
    ),
    # 6.2: a newcomer posting sits down just left of the button of a heads-up table
    Case(
        "big-blind-on-the-button",
        _mork(**BLINDS, session__newcomer_blind="post"),
        ("A", "B"),
        (40, 40),
        (deal_blinds, won_by_first, deal_blinds, won_by_first, deal_blinds, won_by_first, lambda t: t.join("C")),
        (deal_blinds, won_by_first, deal_blinds, won_by_first),
    ),
    # 6.2: a player back owing blinds steps away again before posting them
    Case(
        "away-again-owing",
        _mork(**BLINDS),
        ("A", "B", "C", "D"),
        (40, 40, 40, 40),
        (
            deal_blinds,
            won_by_first,
            deal_blinds,
            won_by_first,
            lambda t: t.do("D sit out"),
            deal_blinds,
            won_by_first,
            deal_blinds,
            won_by_first,
            lambda t: t.do("D come back"),
            lambda t: t.do("D sit out"),
        ),
        (lambda t: t.do("D come back"), deal_blinds, won_by_first),
    ),
    # 6.3 in Three Card Poker: a broke player who left sits down again (no rebuys)
    Case(
        "three-card-rejoin",
        lambda: changed_rules("three-card-poker", dealer__mode="house_bank", dealer__bank=None, session__deals=10),
        ("A", "B"),
        (2, 40),
        (_tcp_bust, lambda t: t.do("A leave")),
        (lambda t: t.join("A"), _tcp_round),
    ),
)
BY_NAME = {case.name: case for case in CASES}


def _missed_and_left(t: EveningTable) -> None:
    """D sits out while the blinds pass (two deals, D's seat among those they
    pass: D missed them) and leaves the table."""
    t.do("D sit out")
    for _ in range(2):
        deal_blinds(t)
        won_by_first(t)
    t.do("D leave")


def _two_deals(t: EveningTable) -> None:
    for _ in range(2):
        deal_blinds(t)
        won_by_first(t)


def _back_owing(t: EveningTable) -> None:
    """D sits out while the blinds pass D's seat (a deal) and comes back owing them."""
    t.do("D sit out")
    deal_blinds(t)
    won_by_first(t)
    t.do("D come back")


def _dead_blind_shown_down(t: EveningTable) -> None:
    """D posts the blinds missed (the small dead) and everyone checks and calls to the showdown,
    D with the worst hand."""
    t.deal({"A": "As Ad 7c 7d 2s", "B": "Kh Kd 9s 5c 3h", "C": "Qs Js Ts 4s 4d", "D": "8h 6d 5s 3c 2h"})
    t.play_out()


#: the corners version 3 changed (docs/rules.md 6.6): a player who left owing or
#: waiting for blinds sits down again the same evening; a dead small blind in the main pot. ``tests/fixtures/evening-rules-2/``
#: holds them as drawpoker wrote them before (version 2, main at 9571b51)::
#:
#:     python -m tests.evening_versions tests/fixtures/evening-rules-2 2
CASES_3: tuple[Case, ...] = (
    # 6.2: D misses the blinds sitting out, leaves, and after a deal sits down again, just left
    # of the button (the missed blinds posted: the small dead, the big live)
    Case(
        "rejoin-after-missing-blinds",
        _mork(**BLINDS),
        ("A", "B", "C", "D"),
        (40, 40, 40, 40),
        (_two_deals, _missed_and_left, deal_blinds, won_by_first),
        (lambda t: t.join("D"), deal_blinds, won_by_first),
    ),
    # 6.2: the same where the house has missed blinds waited for and a newcomer post at once
    Case(
        "rejoin-after-missing-blinds-wait",
        _mork(**BLINDS, session__missed_blinds="wait", session__newcomer_blind="post"),
        ("A", "B", "C", "D"),
        (40, 40, 40, 40),
        (_two_deals, _missed_and_left, deal_blinds, won_by_first),
        (lambda t: t.join("D"), deal_blinds, won_by_first),
    ),
    # 6.2: the small blind D posts dead on coming back is the main pot's, not a pot of D's own
    Case(
        "dead-blind-in-the-main-pot",
        _mork(**BLINDS),
        ("A", "B", "C", "D"),
        (40, 40, 40, 40),
        (_two_deals, _back_owing),
        (_dead_blind_shown_down,),
    ),
)
BY_NAME_3 = {case.name: case for case in CASES_3}

#: the corner version 4 changed (docs/rules.md 6.6): every player at the table leaves as a deal
#: with a pot carried ends. ``tests/fixtures/evening-rules-3/`` holds it as drawpoker wrote it
#: before (version 3, main at 43c0bb7)::
#:
#:     python -m tests.evening_versions tests/fixtures/evening-rules-3 3
CASES_4: tuple[Case, ...] = (
    # 6.5: a pot carried (a deal passed out; D leaves after it), and everyone left asks to leave
    # as the next deal, checked through too, ends
    Case(
        "carried-pot-everyone-leaves",
        _mork(),
        ("A", "B", "C", "D"),
        (40, 40, 40, 40),
        (
            passed_out,
            lambda t: t.do("D leave"),
            lambda t: t.deal(HANDS),
            lambda t: t.do("A leave"),
            lambda t: t.do("B leave"),
        ),
        (lambda t: t.do("C leave"), lambda t: t.check_round()),
    ),
)
BY_NAME_4 = {case.name: case for case in CASES_4}


def _rejoin_with_a_rebuy(t: EveningTable) -> None:
    """A, who declined to buy again, sits down again: with a rebuy (version 5), or the starting stack."""
    t.join("A", 20 if t.state.evening_rules >= 5 else 40)


#: the corners version 5 changed (docs/rules.md 6.6): a pot carried goes back to all who paid into it,
#: the leavers of the evening's end too, before they go; a player who left without chips sits down again
#: with a rebuy. ``tests/fixtures/evening-rules-4/`` holds them as drawpoker wrote them before (version
#: 4, main at 2f3c0cf)::
#:
#:     python -m tests.evening_versions tests/fixtures/evening-rules-4 4
CASES_5: tuple[Case, ...] = (
    # 6.5: A, B and C paid 2 each into a pot carried; the table agreed to end after the next deal,
    # which B asks to leave during; it is checked through
    Case(
        "carried-pot-agreed-end-one-leaves",
        _mork(),
        ("A", "B", "C"),
        (40, 40, 40),
        (passed_out, lambda t: t.deal(HANDS), lambda t: t.handle(end_after(t.state)), lambda t: t.do("B leave")),
        (lambda t: t.check_round(),),
    ),
    # 6.5: the same without an agreed end: B and C ask to leave, A is left alone (version 1's case, its
    # fixture written by version 4)
    BY_NAME["carried-pot-one-player-left"]._replace(name="carried-pot-two-of-three-leave"),
    # 6.5: a pot carried, and between deals one of two leaves
    Case(
        "carried-pot-leave-between-deals",
        _mork(),
        ("A", "B"),
        (40, 40),
        (passed_out,),
        (lambda t: t.do("B leave"),),
    ),
    # 6.3: A declines to buy again and sits down again (the rebuy 20, the starting stack 40)
    Case(
        "rejoin-broke-with-a-rebuy",
        _mork(session__when_broke="ask", session__rebuy_limit=1, session__rebuy_amount=20),
        ("A", "B", "C"),
        (2, 40, 40),
        (lambda t: bust(t, "A"), lambda t: t.do("A decline")),
        (_rejoin_with_a_rebuy, lambda t: t.deal(HANDS), lambda t: t.play_out()),
    ),
)
BY_NAME_5 = {case.name: case for case in CASES_5}


def write(path: Path, case: Case, evening_rules: int | None = None, corner: bool = True) -> EveningTable:
    """Play ``case`` and write it to ``path``: the players sit down (under
    ``evening_rules``; None: this drawpoker's own), the steps before the
    corner and, with ``corner``, the corner. The table as it ends."""
    t = EveningTable(case.rules(), names=())
    sitting = t.game.sit_down(case.names, case.stacks, 0)
    if evening_rules is not None:
        sitting = sitting._replace(evening_rules=evening_rules)
    with HistoryWriter.create(path, t.rules, case.names, durable=False) as writer:
        play_on(t, (lambda t: t.handle(sitting), *case.before, *(case.corner if corner else ())), writer)
    return t


def main(folder: str, before: str = "1") -> None:
    """Write every case of the corners changed after version ``before`` of the
    rules of the evening, whole and unfinished, into ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for case in {"1": CASES, "2": CASES_3, "3": CASES_4, "4": CASES_5}[before]:
        write(out / f"{case.name}.jsonl", case)
        write(out / f"{case.name}-unfinished.jsonl", case, corner=False)
        print(out / f"{case.name}.jsonl")


if __name__ == "__main__":
    main(*sys.argv[1:3])
