"""The engine's behaviour as one digest per ruleset, to prove a speed-up changed nothing.

    python bench/event_digest.py --save before.json    # on the old code
    python bench/event_digest.py --check before.json   # on the new code: same bytes?

Whole sessions (stacks carried from deal to deal, so players go broke,
rebuy or sit out) are played under many rulesets -- every shipped draw
ruleset (lowball, jokers, wild cards, dealer's choice), blinds with no
limit and pot limit, fixed limit without check-raise, two and three
exchanges, no openers, no cap -- with a seeded random policy that also tries commands
that are not allowed. Every event, every menu (``legal_actions``) and every
refusal's sentence goes into the digest, so a faster path that answers
differently anywhere shows up as a different digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import attrs

from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.legal import LegalActions
from drawpoker.games.draw.state import BETTING, EXCHANGE, SHOWDOWN, DrawState
from drawpoker.rules import DrawRules, load_rules


def _evolve(
    name: str, betting: dict[str, Any] | None = None, draw: dict[str, Any] | None = None
) -> Callable[[], DrawRules]:
    def make() -> DrawRules:
        rules = load_rules(name)
        if not isinstance(rules, DrawRules):
            raise ValueError(f"{name} is not a draw game")
        if betting:
            rules = attrs.evolve(rules, betting=attrs.evolve(rules.betting, **betting))
        if draw:
            rules = attrs.evolve(rules, draw=attrs.evolve(rules.draw, **draw))
        return rules

    return make


RULESETS: dict[str, Callable[[], DrawRules]] = {
    "morkpoker": _evolve("morkpoker"),
    "morkpoker-headsup-cap": _evolve("morkpoker-headsup-cap"),
    "jackpots": _evolve("jackpots"),
    "jackpots-progressive": _evolve("jackpots-progressive"),
    "no-limit-blinds": _evolve(
        "morkpoker",
        {"structure": "no_limit", "ante": 0, "blinds": (1, 2), "small_bet": 2, "big_bet": 2},
        {"max_cards": 5, "stock_exhaustion": "reshuffle_discards"},
    ),
    "pot-limit-blinds": _evolve(
        "morkpoker", {"structure": "pot_limit", "ante": 0, "blinds": (1, 2), "small_bet": 2, "big_bet": 2}
    ),
    "no-limit-antes": _evolve("morkpoker", {"structure": "no_limit"}),
    "fixed-blinds": _evolve("morkpoker", {"ante": 0, "blinds": (1, 2), "small_bet": 2, "big_bet": 4}),
    "no-check-raise": _evolve("morkpoker", {"check_raise": "forbidden"}),
    "no-cap-any-opening": _evolve("morkpoker", {"raise_cap": None, "opening": "any"}),
    "two-exchanges": _evolve("morkpoker", None, {"exchanges": 2}),
    "three-exchanges-jackpots": _evolve("jackpots", None, {"exchanges": 3}),
    **{
        name: _evolve(name)
        for name in (
            "ace-to-five-lowball",
            "california-draw",
            "deuce-to-seven-single-draw",
            "deuce-to-seven-triple-draw",
            "deuces-wild",
            "no-limit-draw",
            "dealers-choice",
        )
    },
}


def _betting_command(rng: random.Random, legal: LegalActions, seat: int) -> cmd.Command:
    words = [o.action for o in legal.options]
    word = rng.choice(words)
    if rng.random() < 0.04:  # something that may well not be allowed
        word = rng.choice(("check", "call", "bet", "raise", "fold"))
    if word == "check":
        return cmd.Check(seat)
    if word == "call":
        return cmd.Call(seat)
    if word == "fold":
        return cmd.Fold(seat)
    ch = legal.amounts
    to = None
    if ch is not None and ch.bet_word is not None and ch.structure != "fixed_limit":
        to = rng.choice((ch.min_to, ch.max_to, rng.randint(ch.min_to, ch.max_to), ch.min_to - 1, ch.max_to + 1))
    elif rng.random() < 0.03:
        to = rng.randint(0, 40)
    return cmd.Bet(seat, to) if word == "bet" else cmd.Raise(seat, to)


def _agree(game: DrawGame, state: DrawState, legal: LegalActions) -> None:
    """The cheap queries give the menu's answers (the check runs where they exist)."""
    word = next((o.action for o in legal.options if o.action in ("bet", "raise")), None)
    if game.to_call(state) != (legal.to_call, word):
        raise AssertionError(f"to_call {game.to_call(state)} but the menu says {legal}")
    if legal.amounts is not None and game.betting_choices(state) != legal.amounts:
        raise AssertionError(f"betting_choices {game.betting_choices(state)} but the menu says {legal.amounts}")


def _session(rules: DrawRules, seed: int, deals: int, h: Any) -> None:
    game = DrawGame(rules)
    rng = random.Random(seed)
    shuffler = RandomShuffler(seed, getattr(getattr(rules, "deck", None), "jokers", 0))
    players = rng.choice((2, 3, 4, 6))
    names = tuple(f"P{i}" for i in range(players))
    stacks = tuple(rng.choice((3, 8, 20, 40, 40, 100)) for _ in range(players))
    state = DrawState()

    def feed(command: cmd.Command) -> None:
        try:
            events = game.handle(state, command)
        except IllegalAction as refused:
            h.update(f"refused {command!r}: {refused}\n".encode())
            return
        for event in events:
            h.update(repr(event).encode())
            h.update(b"\n")

    feed(cmd.SitDown(names, stacks, seed % players))
    for _ in range(deals):
        if state.phase != "between_deals":
            break
        chosen = game.rotation(state) if hasattr(game, "rotation") else None
        if chosen is not None:  # dealer's choice
            feed(game.choose_game(chosen))
        feed(cmd.StartDeal(*shuffler.shuffle()))
        steps = 0
        while state.to_act is not None and steps < 500:
            steps += 1
            seat = state.to_act
            # Half the time the menu is asked of a copy, so the command is checked without it.
            legal = game.legal_actions(state if rng.random() < 0.5 else state.copy())
            h.update(repr(legal).encode())
            if state.phase == BETTING and hasattr(game, "to_call"):
                _agree(game, state, legal)
            if rng.random() < 0.02:  # out of turn
                feed(cmd.Check((seat + 1) % players))
            if state.phase == EXCHANGE:
                hand = state.hands[seat]
                k = rng.randint(0, 5 if rng.random() < 0.2 else 3)
                command: cmd.Command = cmd.Exchange(seat, tuple(rng.sample(hand, min(k, len(hand)))))
            elif state.phase == SHOWDOWN:
                command = cmd.Show(seat) if rng.random() < 0.7 else cmd.Muck(seat)
            elif state.phase == BETTING:
                command = _betting_command(rng, legal, seat)
            else:
                break
            feed(command)


def digests(sessions: int, deals: int) -> dict[str, str]:
    out = {}
    for name, make in RULESETS.items():
        rules = make()
        h = hashlib.sha256()
        for seed in range(sessions):
            _session(rules, seed, deals, h)
        out[name] = h.hexdigest()
    return out


def save_or_check(now: dict[str, str], save: str | None, check: str | None, what: str) -> int:
    """``--save``: write the digests to a file; ``--check``: compare them with a
    saved file, name by name (0: all the same, 1: any differs or is missing)."""
    if save:
        with open(save, "w", encoding="utf-8") as f:
            json.dump(now, f, indent=1)
        print(f"{len(now)} {what} digested into {save}")
        return 0
    assert check is not None
    with open(check, encoding="utf-8") as f:
        before = json.load(f)
    differ = [name for name in before.keys() | now.keys() if before.get(name) != now.get(name)]
    for name in now:
        print(f"{'DIFFERS' if name in differ else 'same   '} {name}")
    for name in before.keys() - now.keys():
        print(f"MISSING {name}")
    return 1 if differ else 0


def digest_arguments(doc: str, counts: dict[str, int]) -> argparse.Namespace:
    """The command line of a digest script: its counts (``--name N``, with
    defaults) and ``--save FILE`` or ``--check FILE``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    for name, default in counts.items():
        parser.add_argument(f"--{name}", type=int, default=default)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    return parser.parse_args()


def main() -> None:
    args = digest_arguments(__doc__, {"sessions": 40, "deals": 30})
    sys.exit(save_or_check(digests(args.sessions, args.deals), args.save, args.check, "rulesets"))


if __name__ == "__main__":
    main()
