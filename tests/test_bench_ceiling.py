"""``bench/jackpots_ceiling.py``'s two best answers after the draw: the one
that chooses the hero's later acts without seeing sensible's hand can never
be worth more than the one that sees it, and the two agree on an act that
leaves the hero no later turn (and differ on some act that leaves one)."""

from __future__ import annotations

import random

import pytest

from tests.bench_tools import load_bench

ceiling = load_bench("jackpots_ceiling.py", "bench_jackpots_ceiling")


def _decisions(seed: int, wanted: int) -> list[tuple[object, int]]:
    """States where the hero (strong) acts after the draw, from deals strong plays against sensible."""
    from bots import Table  # bench/ is on the path once the ceiling module is loaded

    from drawpoker.rules import load_rules

    table = Table(load_rules("jackpots"), "strong", "sensible", 2, seed)
    game = table.game
    out: list[tuple[object, int]] = []
    for deal in range(40):
        hero = deal % 2
        bots = [table.hero, table.others[0]] if hero == 0 else [table.others[0], table.hero]
        state = game.new_state()
        game.handle(state, game.sit_down(("Hero", "V1") if hero == 0 else ("V1", "Hero"), (40, 40), deal % 2))
        game.handle(
            state,
            game.start_deal(*ceiling.RandomShuffler(seed * 1000 + deal, 0).shuffle(ceiling.deck_jokers(game, state))),
        )
        while state.phase not in ("between_deals", "session_over"):
            seat = state.to_act
            if seat == hero and state.phase == "betting" and state.round == 2:
                out.append((state.copy(), hero))
                if len(out) >= wanted:
                    return out
            game.handle(state, bots[seat].command(game, state, seat))
    return out


def test_the_blind_answer_is_never_worth_more_than_the_seeing_one_and_equal_without_a_later_turn():
    rng = random.Random(5)
    checked = flattered = 0
    for state, hero in _decisions(3, 12):
        hands = ceiling.sample(rng, state, hero, 1 - hero, 60)
        if not hands:
            continue
        seeing = ceiling.worth(state, hero, 1 - hero, hands)
        blind = ceiling.worth_blind(state, hero, 1 - hero, hands)
        assert set(blind) == set(seeing)
        for act, value in blind.items():
            assert value <= seeing[act] + 1e-9
            if act in ("fold", "call"):
                assert value == pytest.approx(seeing[act])
            elif value < seeing[act] - 1e-6:
                flattered += 1  # seeing the hand at its later turn made this act look better
        checked += 1
    assert checked >= 5
    assert flattered  # the blind answer is not the seeing one under another name
