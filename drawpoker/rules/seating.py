"""Can this table play? The one answer the table and ``rules check`` share.

A ruleset is only useful if the table it describes can sit down: enough
seats, stacks that can make the smallest bet, rounds that a rotating
dealer can share out equally. The games refuse a sit-down that fails
here (:meth:`sit_down` of either game calls :func:`seating_refusal`), and
loading a ruleset asks the same question for every number of players it
allows (:func:`table_problems`), so ``drawpoker rules check`` refuses,
with the table's own sentence, exactly what the table would refuse later.

It lives with the rules, below the games: the rules reach it without
importing a game, and the games import it from here.

Pure: reads only the rules.

>>> from drawpoker.rules import load_rules
>>> seat_range(load_rules("three-card-poker"))
(2, 6)
>>> seating_refusal(load_rules("morkpoker"), 7, (40,) * 7)[1]
'these rules seat 2 to 6 players, not 7'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drawpoker.boundary import player_name
from drawpoker.notes import N_, Note

__all__ = [
    "Refusal",
    "min_stake",
    "names_refusal",
    "seat_range",
    "seating_note",
    "seating_refusal",
    "smallest_stack",
    "table_problems",
]

#: the settings involved (key paths) and the sentence the table says
Refusal = tuple[tuple[tuple[str, ...], ...], str]
#: the same, the sentence as a note (to be said in the player's language)
RefusalNote = tuple[tuple[tuple[str, ...], ...], Note]


def _rotating(rules: Any) -> bool:
    return bool(rules.game == "three-card-poker" and rules.dealer.mode == "rotating")


def seat_range(rules: Any) -> tuple[int, int]:
    """How many may sit down (fewest, most): the players, plus a rotating
    Three Card Poker dealer, who is a participant too."""
    extra = 1 if _rotating(rules) else 0
    return rules.table.min_players + extra, rules.table.max_players + extra


def min_stake(rules: Any) -> int:
    """The fewest chips that let a Three Card Poker player bet at all: the
    smallest ante with its Play bet, or 1 for Pair Plus alone where the
    rules allow it."""
    if rules.pair_plus.enabled and rules.pair_plus.without_ante:
        return 1
    return int(rules.bets.ante_min * (1 + rules.bets.play_multiple))


def smallest_stack(rules: Any) -> int:
    """The fewest chips a player must sit down with to be able to bet."""
    if rules.game == "three-card-poker":
        return min_stake(rules)
    return 1


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def seating_refusal(rules: Any, players: int, stacks: Sequence[Any]) -> Refusal | None:
    """Why ``players`` cannot sit down with ``stacks`` under ``rules``
    (the settings involved and the sentence), or None if they can."""
    refused = seating_note(rules, players, stacks)
    return None if refused is None else (refused[0], str(refused[1]))


def seating_note(rules: Any, players: int, stacks: Sequence[Any]) -> RefusalNote | None:
    """:func:`seating_refusal` with the sentence as a note, to be said in the player's language."""
    low, high = seat_range(rules)
    rotating = _rotating(rules)
    if not low <= players <= high:
        seats = (("table", "min_players"), ("table", "max_players"))
        if rotating:
            return seats, Note(
                N_("these rules seat {low} to {high} participants, the dealer included, not {players}"),
                low=low,
                high=high,
                players=players,
            )
        return seats, Note(
            N_("these rules seat {low} to {high} players, not {players}"), low=low, high=high, players=players
        )
    least = smallest_stack(rules)
    if len(stacks) != players or any(not _whole(x) or x < least for x in stacks):
        paths: tuple[tuple[str, ...], ...] = (("session", "starting_stack"),)
        if least > 1:
            paths += (("bets", "ante_min"), ("bets", "play_multiple"))
            return paths, Note(
                N_("every player needs a stack of at least {least} chips (the smallest ante and its Play bet)"),
                least=least,
            )
        return paths, Note(N_("every player needs a stack of at least {least} chip"), least=least)
    if rotating:
        deals, each = rules.session.deals, rules.dealer.rounds_each
        if deals is not None and deals % (players * each):
            return (
                (("session", "deals"), ("dealer", "rounds_each"), ("table", "max_players"), ("table", "min_players")),
                Note(
                    N_(
                        "{deals} rounds cannot be dealt equally by {players} dealers taking {each} round each; use a "
                        "multiple of {multiple}, or 'auto'"
                    )
                    if each == 1
                    else N_(
                        "{deals} rounds cannot be dealt equally by {players} dealers taking {each} rounds each; use a "
                        "multiple of {multiple}, or 'auto'"
                    ),
                    deals=deals,
                    players=players,
                    each=each,
                    multiple=players * each,
                ),
            )
    return None


def names_refusal(names: Sequence[Any]) -> Note | None:
    """Why these players' names cannot sit at one table, or None: every
    player needs a name, and no two may be the same (ignoring case)."""
    if any(not isinstance(n, str) or not n.strip() for n in names):
        return Note(N_("every player needs a name"))
    if len({player_name(n).casefold() for n in names}) != len(names):  # ("Åse" however it was typed)
        return Note(N_("two players have the same name"))
    return None


def ante_cost(rules: Any) -> int:
    """The most one chip of ante could cost a Three Card Poker bank: the ante and its Play bet won,
    and the highest ante bonus (the table's own bound, ``paytables.worst_case``)."""
    return int(1 + rules.bets.play_multiple + max(rules.bets.ante_bonus.values(), default=0))


def side_bet_costs(rules: Any) -> list[tuple[str, str, int, bool]]:
    """Each side bet the rules offer: (its section, its name, the most one chip of it could cost the bank,
    whether it needs an ante beside it)."""
    out = []
    if rules.pair_plus.enabled:
        out.append(
            (
                "pair_plus",
                "Pair Plus",
                max(rules.pair_plus.paytable.values(), default=0),
                not rules.pair_plus.without_ante,
            )
        )
    if rules.prime.enabled:
        out.append(("prime", "Prime", max(rules.prime.pays, rules.prime.pays_with_dealer), True))
    if rules.six_card_bonus.enabled:
        out.append(
            ("six_card_bonus", "the Six Card Bonus", max(rules.six_card_bonus.paytable.values(), default=0), True)
        )
    return out


def _bank_problems(rules: Any) -> list[RefusalNote]:
    """What a house bank that refuses the bets it could not cover would refuse from its first round on:
    every bet (a bank too small for the smallest ante), or every chip of a side bet the rules offer."""
    dealer = getattr(rules, "dealer", None)
    if dealer is None or dealer.mode != "house_bank" or dealer.bank is None or dealer.when_bank_short != "refuse_bets":
        return []
    bank, ante = int(dealer.bank), int(rules.bets.ante_min)
    smallest = ante * ante_cost(rules)
    paths = (("dealer", "bank"), ("dealer", "when_bank_short"))
    sides = side_bet_costs(rules)
    alone = [cost for key, _, cost, with_ante in sides if key == "pair_plus" and not with_ante]
    if bank < smallest and not (alone and bank >= alone[0]):
        return [
            (
                (*paths, ("bets", "ante_min")),
                Note(
                    N_(
                        "a house bank of {bank} chips cannot cover the smallest bet: an ante of {ante} could cost it "
                        "{cost}; give it at least {cost} chips"
                    ),
                    bank=bank,
                    ante=ante,
                    cost=smallest,
                ),
            )
        ]
    out: list[RefusalNote] = []
    for key, name, cost, with_ante in sides:
        need = cost + (smallest if with_ante else 0)
        if bank >= need:
            continue
        template = (
            N_(
                "a house bank of {bank} chips cannot cover one chip of {bet} beside the smallest ante: they could "
                "cost it {need}; give it at least {need} chips, or do not offer {bet}"
            )
            if with_ante
            else N_(
                "a house bank of {bank} chips cannot cover one chip of {bet}: it could cost the bank {need}; give it "
                "at least {need} chips, or do not offer {bet}"
            )
        )
        out.append(((*paths, (key, "enabled")), Note(template, bank=bank, bet=Note(name), need=need)))
    return out


def table_problems(rules: Any) -> list[RefusalNote]:
    """What the table would refuse under ``rules`` for some number of players
    they allow, everyone sitting down with the rules' starting stack: for
    each problem, the table's sentence (a note) for the fewest players it hits."""
    low, high = seat_range(rules)
    out: list[RefusalNote] = []
    for players in range(low, high + 1):
        refusal = seating_note(rules, players, (rules.session.starting_stack,) * players)
        if refusal is not None and refusal[0] not in [paths for paths, _ in out]:
            out.append(refusal)
    buy_in = getattr(rules.session, "buy_in", None)
    if buy_in is not None and buy_in[0] < smallest_stack(rules):
        # a newcomer buying in for the least the rules allow could not bet: the table refuses the join
        # with this sentence (docs/rules.md 6.2), so rules check refuses the ruleset with it
        refusal = seating_note(rules, low, (buy_in[0],) * low)
        if refusal is not None:
            out.append(((("session", "buy_in"), *refusal[0]), refusal[1]))
    out += _bank_problems(rules)
    session = rules.session
    if session.when_broke != "sit_out" and session.rebuy_amount < smallest_stack(rules):
        # a rebuy would leave the broke player still unable to bet (asked again, or bought again, round
        # after round): refused as the table refuses a stack that small (docs/rules.md 6.3)
        refusal = seating_note(rules, low, (session.rebuy_amount,) * low)
        if refusal is not None:
            out.append(((("session", "rebuy_amount"), *refusal[0]), refusal[1]))
    return out
