"""Where a bot's betting loses: counterfactual rollouts at its decisions.

    nice -n 10 .venv/bin/python bench/bot_spots.py jackpots --against sensible
        [--hero strong] [--players 2] [--decks 1000] [--seed 63]

The hero plays ``bench/bots.py``'s duplicate deck sets. At each of its
betting decisions the table (state and every bot, with what they have
learned) is copied once per legal act; each copy takes that act and is
played to the end of the deal by the same bots, on the cards really in the
stock. The hero's chips at the end of the deal (a deal passed out: its
share of the carried pot) are that act's value there. Averaged over many
decisions of one *spot* (the betting round and the acts before it in the
round: ``(2, 'chbe')`` is after the exchange, checked to and then bet
into), each act's mean value less the chosen act's is printed: a positive
figure is what the hero would gain, in big bets (or big blinds) a
decision, by always taking that act there instead of deciding as it does.
One rollout per act, so each decision's figures are noisy (the cards and
the others' dice); only averages over many decisions mean anything.

A bot whose every spot shows no act better than its own choice is at a
local optimum against that opponent: it cannot gain by changing one kind
of decision alone.
"""

from __future__ import annotations

import copy
import os
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots import _MOST_REDEALS, Table, _Parser, playable, positive, unit

from drawpoker.bots.draw import model as table_models
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import DrawpokerError
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.in_play import deck_jokers
from drawpoker.games.view import Decision, command_for, seat_view
from drawpoker.rules import load_rules


def _finish(game: Any, state: Any, bots: list[Any], hero: int, players: int) -> float:
    """Play the deal to its end; the hero's chips then (and its share of a pot carried on)."""
    while state.phase not in ("between_deals", "session_over"):
        seat = state.to_act
        game.handle(state, bots[seat].command(game, state, seat))
    return float(state.stacks[hero]) + getattr(state, "carried", 0) / players


def spots(ruleset: str, hero: str, against: str, players: int, decks: int, seed: int) -> dict[Any, Any]:
    """``{spot: {act: [decisions, summed value less the chosen act's]}}`` and how often each act was chosen."""
    rules = load_rules(ruleset)
    table = Table(rules, hero, against, players, seed)
    game = table.game
    rng = random.Random(seed)
    gains: dict[Any, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    chosen: dict[Any, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for index in range(decks):
        for rotation in range(players):
            bots = list(table.others)
            bots.insert(rotation, table.hero)
            names = tuple("Hero" if b is table.hero else f"V{table.others.index(b) + 1}" for b in bots)
            state = game.new_state()
            game.handle(state, game.sit_down(names, (rules.session.starting_stack,) * players, index % players))
            shuffler = RandomShuffler(table.deck_seed ^ (index * 0x9E3779B97F4A7C15 & (2**64 - 1)), 0)
            dealt = 0
            while state.phase != "session_over":
                if state.phase == "between_deals":
                    if (dealt and not getattr(state, "carried", 0)) or dealt >= _MOST_REDEALS:
                        break
                    if isinstance(game, DrawGame) and game.rotation(state) is not None:  # dealer's choice
                        dealer = game.next_dealer(state)
                        game.handle(state, bots[dealer].command(game, state, dealer))
                    game.handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
                    dealt += 1
                    continue
                seat = state.to_act
                if bots[seat] is table.hero and state.phase == "betting":
                    view = seat_view(game, state, seat)
                    spot = (view.round, "".join(a.act[:2] for a in view.actions if a.round == view.round))
                    keep = {id(m): m for m in table_models._MODELS.values()}  # the shared models stay shared
                    saved = copy.deepcopy((state, bots), dict(keep))
                    values: dict[str, float] = {}
                    for option in view.options:
                        state_copy, bots_copy = copy.deepcopy(saved, dict(keep))
                        for bot in bots_copy:
                            bot.rng.seed(rng.random())
                        game.handle(state_copy, command_for(game, view, Decision(option.act)))
                        values[option.act] = _finish(game, state_copy, bots_copy, seat, players)
                    _, decision = bots[seat].decision(game, state, seat)
                    command = command_for(game, view, decision)
                    chosen[spot][decision.act] += 1
                    for act, value in values.items():
                        cell = gains[spot][act]
                        cell[0] += 1
                        cell[1] += value - values.get(decision.act, value)
                else:
                    command = bots[seat].command(game, state, seat)
                game.handle(state, command)
                if state.phase in ("between_deals", "session_over"):
                    for other, watcher in enumerate(bots):
                        if watcher.watches:
                            watcher.observe(game, state, other)
    return {"gains": gains, "chosen": chosen, "unit": unit(table.rules)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset", help="a draw game's ruleset: a shipped name or a file")
    parser.add_argument("--hero", default="strong")
    parser.add_argument("--against", default="sensible")
    parser.add_argument("--players", type=positive, default=2)
    parser.add_argument("--decks", type=positive, default=1000)
    parser.add_argument("--seed", type=int, default=63)
    parser.add_argument("--least", type=int, default=20, help="leave out spots met fewer times")
    args = parser.parse_args(argv)
    try:  # before any play: a ruleset that does not load or is not a draw game, a bot unknown, a table unseated
        playable(args.ruleset, (args.hero, args.against), (args.players,))
    except DrawpokerError as exc:
        parser.error(str(exc))
    found = spots(args.ruleset, args.hero, args.against, args.players, args.decks, args.seed)
    u = found["unit"]
    print(f"{args.ruleset}: {args.hero} against {args.against}, {args.players} players, {args.decks} deck sets")
    print("spot (round, acts before it)   decisions  each act's mean value less the chosen act's   chosen")
    rows = []
    for spot, acts in found["gains"].items():
        n = int(max(cell[0] for cell in acts.values()))
        if n < args.least:
            continue
        means = {act: cell[1] / cell[0] / u for act, cell in acts.items()}
        rows.append((max(means.values()), spot, n, means, dict(found["chosen"][spot])))
    for _best, spot, n, means, picks in sorted(rows, key=lambda r: -r[0]):
        shown = ", ".join(f"{act} {value:+.3f}" for act, value in means.items())
        print(f"{spot!s:32} {n:9}  {shown:44}  {picks}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
