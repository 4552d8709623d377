"""Three Card Poker standings count the rounds a player dealt (``drawpoker standings``,
``drawpoker history``: "Rounds", "Biggest win").

Found: with a rotating dealer the dealing player is the bank and plays the round against every
box, but the standings counted only the rounds a player had a box in, and their biggest win only
a box's: a player who dealt a round and won 12 as the bank had that round left out of both. What
a player expects: a round dealt is a round played (once a box is dealt: a round nobody bet in is
played by nobody), and a win as the bank counts as any round's win.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from drawpoker.cli.main import main
from drawpoker.history.summary import summarize
from drawpoker.history.writer import HistoryWriter
from drawpoker.ledger import ledger_of
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening


def _rules(mode: str = "rotating") -> Any:
    rules = load_rules("three-card-poker")
    changes: dict[str, Any] = {"mode": mode}
    if mode == "house_bank":
        changes["bank"] = None
    return attrs.evolve(rules, dealer=attrs.evolve(rules.dealer, **changes))


def _evening(path: Path, rules: Any, seed: int) -> list[Any]:
    names = ("Anna", "Bjørn", "Cato")
    commands: list[list[Any]] = []
    play_evening(rules, names, 8, seed, sink=commands.append, changes=0.3)
    with HistoryWriter.create(path, rules, names, durable=False) as writer:
        for events in commands:
            writer.append(events)
    return [e for events in commands for e in events]


def _expected(events: list[Any]) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's rounds and biggest win, counted from the events one by one: the rounds a
    box of theirs was dealt in, or that they dealt (a box was dealt); a round's win the boxes'
    nets less what the bank could not pay, or, for the dealer, what the bank won."""
    rounds: dict[str, int] = {}
    biggest: dict[str, int] = {}
    seats: list[str] = []
    dealer = None
    played: set[int] = set()
    won: dict[int, int] = {}
    playing: list[str] = []
    for e in events:
        kind = type(e).__name__
        if kind == "TableOpened":
            seats = list(e.names)
        elif kind == "PlayerJoined":
            seats += [""] * (e.seat + 1 - len(seats))
            seats[e.seat] = e.name
        elif kind == "PlayerLeft":
            seats[e.seat] = ""
        elif kind == "RoundOpened":
            dealer, played, won, playing = e.dealer, set(), {}, list(seats)
        elif kind == "BoxDealt":
            played.add(e.seat)
            if dealer is not None:
                played.add(dealer)
        elif kind == "BoxSettled":
            won[e.seat] = won.get(e.seat, 0) + e.net
        elif kind == "WinningsPaid":
            won[e.seat] = won.get(e.seat, 0) - e.unpaid
        elif kind == "RoundClosed":
            if dealer is not None and dealer in played:
                won[dealer] = won.get(dealer, 0) + e.bank_net
            for seat in played:
                rounds[playing[seat]] = rounds.get(playing[seat], 0) + 1
            for seat, chips in won.items():
                biggest[playing[seat]] = max(biggest.get(playing[seat], 0), chips)
    return rounds, biggest


@pytest.mark.parametrize("seed", range(6))
def test_a_round_dealt_is_a_round_played_and_a_win_as_the_bank_counts(tmp_path, seed):
    path = tmp_path / "h.jsonl"
    events = _evening(path, _rules(), seed)
    rounds, biggest = _expected(events)
    results = {r.name: r for r in ledger_of(events).results()}
    assert {name: r.deals for name, r in results.items() if r.deals} == rounds
    assert {name: r.biggest_pot for name, r in results.items() if r.biggest_pot} == {
        name: chips for name, chips in biggest.items() if chips > 0
    }
    # the history list's and the standings' reader (only what the ledger reads, found in the bytes) agrees
    fast = {r.name: (r.deals, r.biggest_pot) for r in summarize(path, ledger=True).results}
    assert fast == {name: (r.deals, r.biggest_pot) for name, r in results.items()}


def test_every_player_who_dealt_has_the_rounds_dealt_counted(tmp_path):
    """Three players, no comings and goings: each round one deals and the other two play a box,
    so the rounds of the three add up to three a round (before: two)."""
    rules = _rules()
    events = []
    commands: list[list[Any]] = []
    play_evening(rules, ("Anna", "Bjørn", "Cato"), 6, 7, sink=commands.append, changes=0.0, end_early=False)
    events = [e for c in commands for e in c]
    dealt_rounds = [e for e in events if type(e).__name__ == "RoundOpened"]
    boxes_by_round: list[set[int]] = []
    for e in events:
        if type(e).__name__ == "RoundOpened":
            boxes_by_round.append(set())
        elif type(e).__name__ == "BoxDealt":
            boxes_by_round[-1].add(e.seat)
    played = sum(len(seats) + 1 for seats in boxes_by_round if seats)
    assert sum(r.deals for r in ledger_of(events).results()) == played
    assert all(e.dealer is not None for e in dealt_rounds)


def test_with_a_house_bank_nobody_deals_and_nothing_changes(tmp_path):
    events = _evening(tmp_path / "h.jsonl", _rules("house_bank"), 3)
    rounds, biggest = _expected(events)
    results = {r.name: r for r in ledger_of(events).results()}
    assert {name: r.deals for name, r in results.items() if r.deals} == rounds


def test_drawpoker_standings_counts_the_rounds_dealt(tmp_path, capsys):
    folder = tmp_path / "histories"
    folder.mkdir()
    events = _evening(folder / "1.jsonl", _rules(), 2)
    rounds, _ = _expected(events)
    assert main(["standings", "--histories", str(folder), "--json"]) == 0
    players = {p["name"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert {name: p["deals"] for name, p in players.items() if p["deals"]} == rounds
