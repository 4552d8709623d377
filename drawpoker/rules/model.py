"""The house rules of both games as frozen attrs classes.

Every field carries its :mod:`kind <drawpoker.rules.kinds>` (how YAML is
read, written and described as JSON Schema) and a sentence a player reads
(``say``). Defaults are the source documents' values. :func:`cross_check`
holds the rules that involve several fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import attrs

from drawpoker.notes import N_, Note
from drawpoker.rules.kinds import (
    ENGLISH,
    Choice,
    Flag,
    Kind,
    Maybe,
    Money,
    Names,
    Pair,
    Paytable,
    Ranks,
    Ratio,
    Text,
    Whole,
    Words,
    ranks_note,
)

__all__ = [
    "DrawRules",
    "ThreeCardRules",
    "Rules",
    "GAMES",
    "settings",
    "cross_check",
    "cross_check_notes",
    "blinds_vary",
    "has_blinds",
]


def _money_said(value: Any, tr: Any) -> str:
    """A chip's value as the player's language writes money (``0,50 NOK`` in Norwegian)."""
    from drawpoker.words.evening_text import money_text

    return money_text(value, value.units, tr)


def setting(
    default: Any,
    kind: Kind,
    say: str | Callable[[Any, Words], str],
    *,
    relevant: Callable[[Any], bool] | None = None,
    added: bool = False,
    say_in: Callable[[Any, Any, Words], str] | None = None,
    shown: bool = True,
    quiet: Callable[[Any], bool] | None = None,
) -> Any:
    """A rules field: its default, kind and the sentence that explains it.

    ``say`` is a sentence with ``{}`` where the value's words go (for a
    :class:`Choice`: each meaning makes one whole sentence, translated as
    such), or a function ``say(value, tr)`` of the value and the language
    that returns the sentence (every text in it passed through ``tr._``,
    ``tr.n``, so the client's catalogue finds and translates it);
    ``relevant(section)`` tells whether the sentence matters given the rest
    of the section (a rebuy amount does not when players sit out).
    ``added`` marks a setting that came after the first histories were
    written: at its default it is left out of the fingerprint, so rules
    recorded before it existed keep their fingerprint. ``say_in(value,
    rules, tr)``, when given, is the sentence ``rules show`` says with the
    whole ruleset known (a pot-limit game's smallest bet is its big blind).
    ``shown=False``: ``rules show`` leaves the sentence out, because other
    settings' sentences say the value already (``rules diff`` still lists
    the setting where it differs). ``quiet(value)``: ``rules show`` leaves
    the sentence out, because it would only say the game lacks something it
    does not play (no rank is wild); ``rules diff`` still says it where two
    rulesets differ.
    """
    return attrs.field(
        default=default,
        metadata={
            "kind": kind,
            "say": say,
            "relevant": relevant,
            "added": added,
            "say_in": say_in,
            "shown": shown,
            "quiet": quiet,
        },
    )


def section(cls: type) -> Any:
    """A nested group of settings, defaulting to its own defaults."""
    return attrs.field(factory=cls, metadata={"section": cls})


# ---------------------------------------------------------------- shared

BUST_POLICIES = {
    "sit_out": "sits out the rest of the session",
    "rebuy": "gets a new stack (a rebuy, counted against their result)",
    "ask": "is asked at the table whether to buy a new stack (declining leaves the table with nothing)",
}
SEAT_ORDERS = {
    "as_given": "take their seats in the order they are given",
    "drawn": "draw for their seats: each is dealt a card face up, the highest takes the first seat and the others "
    "follow clockwise, highest first",
}
FIRST_DEALERS = {
    "chosen": "is chosen by the table",
    "drawn": "is drawn: each player is dealt a card face up and the highest card deals",
}
DRAW_TIES = {
    "suits": "break a tie between equal ranks by suit: spades, hearts, diamonds, clubs",
    "redraw": "break a tie between equal ranks by the tied players drawing again",
}
NEWCOMER_BLINDS = {
    "wait": "waits for the big blind to reach their seat before being dealt in",
    "post": "posts a big blind at once and is dealt in at the next deal",
}
MISSED_BLINDS = {
    "post": "posts them on return: the big blind as a live bet, the small blind as dead money in the pot",
    "wait": "waits on return for the big blind to reach their seat",
}


@attrs.frozen
class Session:
    """A session: starting stacks, its length, and players who go broke."""

    starting_stack: int = setting(
        40,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n("Everyone starts with {n} chip.", "Everyone starts with {n} chips.", v).format(n=v),
    )
    deals: int | None = setting(
        12,
        Maybe(Whole(1, 100_000), "auto", "as many as it takes for every player to deal equally often"),
        lambda v, tr: (
            tr._("The session lasts until every participant has dealt equally often.")
            if v is None
            else tr.n("The session lasts {n} deal.", "The session lasts {n} deals.", v).format(n=v)
        ),
        say_in=lambda v, rules, tr: _deals_say(v, rules, tr),
    )
    when_broke: str = setting(
        "sit_out",
        Choice(BUST_POLICIES),
        "A player with no chips left between deals {}.",
        say_in=lambda v, rules, tr: (
            tr._(f"A player with no chips left between deals {BUST_POLICIES[v]}.")
            if rules.game == "morkpoker"
            else tr._("A player with no chips left between rounds sits out the rest of the session.")
            if v == "sit_out"
            else tr._(
                "A player with no chips left between rounds gets a new stack (a rebuy, counted against their result)."
            )
            if v == "rebuy"
            else tr._(
                "A player with no chips left between rounds is asked at the table whether to buy a new stack "
                "(declining leaves the table with nothing)."
            )
        ),
    )
    rebuy_amount: int = setting(
        40,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n("A rebuy is {n} chip.", "A rebuy is {n} chips.", v).format(n=v),
        relevant=lambda s: s.when_broke != "sit_out",
    )
    rebuy_limit: int | None = setting(
        None,
        Maybe(Whole(1), "unlimited", "as often as needed"),
        lambda v, tr: (
            tr._("A player may rebuy as often as needed.")
            if v is None
            else tr.n("A player may rebuy at most {n} time.", "A player may rebuy at most {n} times.", v).format(n=v)
        ),
        relevant=lambda s: s.when_broke != "sit_out",
    )
    buy_in: tuple[int, int] | None = setting(
        None,
        Maybe(Pair(Whole(1, unit="chip"), names=("least", "most")), "starting_stack", "the starting stack"),
        lambda v, tr: (
            tr._("A player who joins later buys in for the starting stack.")
            if v is None
            else tr._("A player who joins later buys in for {least} to {most} chips.").format(least=v[0], most=v[1])
        ),
        added=True,
    )
    add_on_limit: int | None = setting(
        None,
        Maybe(Whole(1, unit="chip"), "no", "no add-ons"),
        lambda v, tr: _add_on_say(v, None, tr),
        say_in=lambda v, rules, tr: _add_on_say(v, rules, tr),
        added=True,
    )
    seats: str = setting("as_given", Choice(SEAT_ORDERS), "The players {}.", added=True)
    first_dealer: str = setting(
        "chosen",
        Choice(FIRST_DEALERS),
        "The first dealer {}.",
        say_in=lambda v, rules, tr: (
            ""
            if rules.game != "morkpoker" and rules.dealer.mode != "rotating"
            else tr._(f"The first dealer {FIRST_DEALERS[v]}.")
        ),
        added=True,
    )
    dealer_draw_ties: str = setting(
        "suits",
        Choice(DRAW_TIES),
        "In the draw for the first dealer the players {}.",
        relevant=lambda s: s.first_dealer == "drawn",
        added=True,
    )
    newcomer_blind: str = setting(
        "wait",
        Choice(NEWCOMER_BLINDS),
        "With blinds, a player who joins {}.",
        say_in=lambda v, rules, tr: (
            tr._(f"With blinds, a player who joins {NEWCOMER_BLINDS[v]}.") if has_blinds(rules) else ""
        ),
        added=True,
    )
    missed_blinds: str = setting(
        "post",
        Choice(MISSED_BLINDS),
        "With blinds, a player who sat out while the blinds passed their seat {}.",
        say_in=lambda v, rules, tr: (
            tr._(f"With blinds, a player who sat out while the blinds passed their seat {MISSED_BLINDS[v]}.")
            if has_blinds(rules)
            else ""
        ),
        added=True,
    )
    chip_value: Any = setting(
        None,
        Maybe(Money(), "none", "no money value"),
        lambda v, tr: (
            tr._("Chips have no money value; results are in chips.")
            if v is None
            else tr._("A chip is worth {value}; results are also said in money.").format(value=_money_said(v, tr))
        ),
        added=True,
    )
    dealers_choice: tuple[str, ...] = setting(
        (),
        Names(),
        lambda v, tr: _dealers_choice_say(v, tr),
        say_in=lambda v, rules, tr: _dealers_choice_say(v, tr, rules) if rules.game == "morkpoker" else "",
        added=True,
    )


def blinds_vary(rules: Any) -> bool:
    """A dealer's choice of games with blinds and games without: whether one waiting for the big
    blind or owing blinds posts them depends on the game the next deal is played in (docs/rules.md 6.2).

    >>> from drawpoker.rules import load_rules
    >>> blinds_vary(load_rules("dealers-choice")), blinds_vary(load_rules("deuce-to-seven-triple-draw"))
    (True, False)
    """
    games = [game for _, game in getattr(rules, "variants", ())]
    with_blinds = [game.betting.blinds is not None for game in games]
    return rules.game == "morkpoker" and any(with_blinds) and not all(with_blinds)


def has_blinds(rules: Any) -> bool:
    """Whether any game of these rules is played with blinds."""
    if rules.game != "morkpoker":
        return False
    return rules.betting.blinds is not None or any(game.betting.blinds is not None for _, game in rules.variants)


def _dealers_choice_say(v: tuple[str, ...], tr: Words, rules: Any = None) -> str:
    """The games the dealer picks from: in words where the rules that hold
    them are known ("Mørkpoker, Jackpots and Deuce-to-seven triple draw"),
    never by their files' names unless nothing else is known."""
    if not v:
        return tr._("Every deal is played under these rules.")
    games = ", ".join(v)
    if rules is not None and tuple(name for name, _ in getattr(rules, "variants", ())) == tuple(v):
        from drawpoker.rules.explain import variant_names
        from drawpoker.words.hands import join_names

        games = join_names(variant_names(rules, tr), tr)
    return tr._(
        "Dealer's choice: before each deal the dealer picks the game, one of {games}; the stacks carry over, "
        "and a passed-out deal is redealt in the same game."
    ).format(games=games)


def _deals_say(v: int | None, rules: Any, tr: Words) -> str:
    """The session's length in the game's own count (deals, or Three Card
    Poker's rounds), and when a draw session's last pot is carried, that the
    session goes on until it is won."""
    if v is None:
        return tr._("The session lasts until every participant has dealt equally often.")
    if rules.game != "morkpoker":
        return tr.n("The session lasts {n} round.", "The session lasts {n} rounds.", v).format(n=v)
    text = tr.n("The session lasts {n} deal.", "The session lasts {n} deals.", v).format(n=v)
    if rules.betting.blinds is not None:
        return text  # the big blind has always bet: no deal is passed out
    if rules.betting.opening != "any":
        return text + " " + tr._("If nobody opens the last deal, the session goes on until its pot is won.")
    return text + " " + tr._("If the last deal is checked through, the session goes on until its pot is won.")


def _add_on_say(v: int | None, rules: Any, tr: Words) -> str:
    """Add-ons in words, between deals (or between Three Card Poker's rounds, ``rules`` known)."""
    if v is None:
        return tr._("Nobody buys more chips while they still have some (no add-ons).")
    if rules is not None and rules.game == "three-card-poker":
        return tr.n(
            "Between rounds a player who still has chips may buy more (an add-on), up to {n} chip in all.",
            "Between rounds a player who still has chips may buy more (an add-on), up to {n} chips in all.",
            v,
        ).format(n=v)
    return tr.n(
        "Between deals a player who still has chips may buy more (an add-on), up to {n} chip in all.",
        "Between deals a player who still has chips may buy more (an add-on), up to {n} chips in all.",
        v,
    ).format(n=v)


# ---------------------------------------------------------------- Mørkpoker


@attrs.frozen
class DrawTable:
    """How many may sit down."""

    min_players: int = setting(
        2, Whole(2, 10), lambda v, tr: tr.n("At least {n} player.", "At least {n} players.", v).format(n=v)
    )
    max_players: int = setting(
        6, Whole(2, 10), lambda v, tr: tr.n("At most {n} player.", "At most {n} players.", v).format(n=v)
    )


def _small_bet_say(v: int, rules: Any, tr: Words) -> str:
    """The small bet, said for the rounds it holds in (one exchange or several)."""
    b, exchanges = rules.betting, rules.draw.exchanges
    k = b.big_bet_from_round
    if k == 1:
        if b.blinds is not None:
            text = tr.n(
                "The small bet is {n} chip, the size of the big blind; every bet and raise is the big bet.",
                "The small bet is {n} chips, the size of the big blind; every bet and raise is the big bet.",
                v,
            )
        else:
            text = tr.n(
                "The small bet ({n} chip) is not used: every bet and raise is the big bet.",
                "The small bet ({n} chips) is not used: every bet and raise is the big bet.",
                v,
            )
    elif k == 2 and exchanges == 1:
        text = tr.n(
            "Before the exchange every bet and raise is {n} chip.",
            "Before the exchange every bet and raise is {n} chips.",
            v,
        )
    elif k == 2:
        text = tr.n(
            "In the first betting round (before the first exchange) every bet and raise is {n} chip.",
            "In the first betting round (before the first exchange) every bet and raise is {n} chips.",
            v,
        )
    elif k == 3:
        text = tr.n(
            "In the first two betting rounds (before the second exchange) every bet and raise is {n} chip.",
            "In the first two betting rounds (before the second exchange) every bet and raise is {n} chips.",
            v,
        )
    else:
        text = tr.n(
            "In the first three betting rounds (before the third exchange) every bet and raise is {n} chip.",
            "In the first three betting rounds (before the third exchange) every bet and raise is {n} chips.",
            v,
        )
    return text.format(n=v)


def _big_bet_say(v: int, rules: Any, tr: Words) -> str:
    """The big bet, said from the round it starts in."""
    k, exchanges = rules.betting.big_bet_from_round, rules.draw.exchanges
    if k == 1:
        text = tr.n(
            "Every bet and raise is {n} chip, from the first betting round on.",
            "Every bet and raise is {n} chips, from the first betting round on.",
            v,
        )
    elif k == 2 and exchanges == 1:
        text = tr.n(
            "After the exchange every bet and raise is {n} chip.",
            "After the exchange every bet and raise is {n} chips.",
            v,
        )
    elif k == 2:
        text = tr.n(
            "From the second betting round on (after the first exchange) every bet and raise is {n} chip.",
            "From the second betting round on (after the first exchange) every bet and raise is {n} chips.",
            v,
        )
    elif k == 3:
        text = tr.n(
            "From the third betting round on (after the second exchange) every bet and raise is {n} chip.",
            "From the third betting round on (after the second exchange) every bet and raise is {n} chips.",
            v,
        )
    else:
        text = tr.n(
            "From the fourth betting round on (after the third exchange) every bet and raise is {n} chip.",
            "From the fourth betting round on (after the third exchange) every bet and raise is {n} chips.",
            v,
        )
    return text.format(n=v)


def _reopens_say(v: Fraction, tr: Words) -> str:
    """How much of a step a short all-in must raise to count as a full raise."""
    if v == 0:
        return tr._(
            "An all-in bet or raise short of the full step counts as a full one (toward the cap, and the next raise "
            "goes a step above it) whatever it adds; a player who has already acted may raise again once the bet "
            "has risen at all since."
        )
    if v == 1:
        return tr._(
            "An all-in bet or raise short of the full step is not a full one: it does not count toward the cap, "
            "and a player who has already acted may raise again only once the bet has risen by a whole step since "
            "(short all-ins add up)."
        )
    if v == Fraction(1, 2):
        return tr._(
            "An all-in bet or raise short of the full step counts as a full one (toward the cap, and the next raise "
            "goes a step above it) when it raises the bet by at least half of a step; a player who has already "
            "acted may raise again only once the bet has risen that much since (short all-ins add up)."
        )
    return tr._(
        "An all-in bet or raise short of the full step counts as a full one (toward the cap, and the next raise "
        "goes a step above it) when it raises the bet by at least {part} of a step; a player who has already "
        "acted may raise again only once the bet has risen that much since (short all-ins add up)."
    ).format(part=str(v))


def _structure_say(v: str, rules: Any, tr: Words) -> str:
    """The betting structure; outside fixed limit, the smallest bet and the raises too."""
    b = rules.betting
    if v == "fixed_limit":
        return tr._("The betting is fixed limit: every bet and raise is the round's fixed amount.")
    pot = v == "pot_limit"
    if b.blinds is not None:
        n = b.blinds[1]
        if pot:
            text = tr.n(
                "The betting is pot limit: a bet or raise may be at most the pot after the player's call; the "
                "smallest bet is {n} chip (the big blind), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                "The betting is pot limit: a bet or raise may be at most the pot after the player's call; the "
                "smallest bet is {n} chips (the big blind), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                n,
            )
        else:
            text = tr.n(
                "The betting is no limit: a bet or raise may be anything up to the player's whole stack; the "
                "smallest bet is {n} chip (the big blind), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                "The betting is no limit: a bet or raise may be anything up to the player's whole stack; the "
                "smallest bet is {n} chips (the big blind), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                n,
            )
    else:
        n = b.small_bet
        if pot:
            text = tr.n(
                "The betting is pot limit: a bet or raise may be at most the pot after the player's call; the "
                "smallest bet is {n} chip (the small bet), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                "The betting is pot limit: a bet or raise may be at most the pot after the player's call; the "
                "smallest bet is {n} chips (the small bet), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                n,
            )
        else:
            text = tr.n(
                "The betting is no limit: a bet or raise may be anything up to the player's whole stack; the "
                "smallest bet is {n} chip (the small bet), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                "The betting is no limit: a bet or raise may be anything up to the player's whole stack; the "
                "smallest bet is {n} chips (the small bet), and a raise raises by at least the largest bet or raise "
                "of the round; an all-in short of that does not reopen the betting for those who have acted, and "
                "raises are not capped.",
                n,
            )
    return text.format(n=n)


def _big_bet_from_say(v: int, tr: Words) -> str:
    """Which betting round the big bet starts in."""
    if v == 1:
        return tr._("Every bet and raise is the big bet, from the first betting round on.")
    if v == 2:
        return tr._(
            "The small bet holds in the first betting round; from the second round on every bet and raise is the "
            "big bet."
        )
    if v == 3:
        return tr._(
            "The small bet holds in the first two betting rounds; from the third round on every bet and raise is "
            "the big bet."
        )
    return tr._(
        "The small bet holds in the first three betting rounds; from the fourth round on every bet and raise is the "
        "big bet."
    )


STRUCTURES = {
    "fixed_limit": "fixed limit: every bet and raise is the round's fixed amount",
    "pot_limit": "pot limit: a bet or raise may be at most the pot after the player's call",
    "no_limit": "no limit: a bet or raise may be anything up to the player's whole stack",
}


@attrs.frozen
class DrawBetting:
    """Ante and fixed-limit betting."""

    ante: int = setting(
        1,
        Whole(0, unit="chip"),
        lambda v, tr: (
            tr._("There is no ante.")
            if not v
            else tr.n(
                "Everyone antes {n} chip before each deal; the ante is not a bet of the first round.",
                "Everyone antes {n} chips before each deal; the ante is not a bet of the first round.",
                v,
            ).format(n=v)
        ),
    )
    small_bet: int = setting(
        1,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n(
            "Before the exchange every bet and raise is {n} chip.",
            "Before the exchange every bet and raise is {n} chips.",
            v,
        ).format(n=v),
        relevant=lambda b: b.structure == "fixed_limit",
        say_in=_small_bet_say,
    )
    big_bet: int = setting(
        2,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n(
            "After the exchange every bet and raise is {n} chip.",
            "After the exchange every bet and raise is {n} chips.",
            v,
        ).format(n=v),
        relevant=lambda b: b.structure == "fixed_limit",
        say_in=_big_bet_say,
    )
    raise_cap: int | None = setting(
        4,
        Maybe(Whole(0, unit="raise"), "unlimited", "no limit on raises"),
        lambda v, tr: (
            tr._("Raising is unlimited.")
            if v is None
            else tr._("Nobody may raise: each betting round has at most one bet, also when only two players are left.")
            if v == 0
            else tr.n(
                "In each betting round at most {n} raise may follow the first bet.",
                "In each betting round at most {n} raises may follow the first bet.",
                v,
            ).format(n=v)
        ),
        relevant=lambda b: b.structure == "fixed_limit",
    )
    cap_lifted_heads_up: bool = setting(
        True,
        Flag(),
        lambda v, tr: (
            tr._("When only two players are left before the cap is reached, raising is unlimited.")
            if v
            else tr._("The cap holds even when only two players are left.")
        ),
        relevant=lambda b: b.structure == "fixed_limit" and bool(b.raise_cap),  # (a cap of 0 is never lifted)
    )
    incomplete_raise_reopens: Fraction = setting(
        Fraction(1, 2),
        Ratio(),
        _reopens_say,
        relevant=lambda b: b.structure == "fixed_limit",
    )
    opening: str = setting(
        "any",
        Choice(
            {
                "any": "any hand may open the first round",
                "jacks_or_better": "only a pair of jacks or better may open the first round",
                "progressive": "only a pair of jacks or better may open the first round; after each deal "
                "nobody opens the requirement rises to queens, then kings, then aces (and stays there), "
                "and once a deal is opened it goes back to jacks",
            }
        ),
        "{}.",
        relevant=lambda b: b.blinds is None,
    )
    split_openers: str = setting(
        "allowed",
        Choice(
            {
                "allowed": "the opener may split the openers (throw a card of them to draw to something else); "
                "the thrown cards are kept apart and shown with the proof",
                "not_allowed": "the opener may not throw a card of the openers",
            }
        ),
        "The opener shows the openers at the end of the deal, also when everyone else folded; {}.",
        relevant=lambda b: b.opening != "any",
        added=True,
    )
    passed_out_button: str = setting(
        "moves",
        Choice(
            {
                "moves": "the button moves one seat to the left as after any deal",
                "stays": "the same dealer deals again",
            }
        ),
        "When a deal is passed out (nobody opens, so there is no exchange), the pot stays, everyone "
        "antes again and {}.",
        relevant=lambda b: b.blinds is None,
        added=True,
    )
    big_bet_from_round: int = setting(
        2,
        Whole(1, 4),
        _big_bet_from_say,
        relevant=lambda b: b.structure == "fixed_limit",
        added=True,
        shown=False,  # the small and big bets' own sentences name their rounds
    )
    round_two_starter: str = setting(
        "next_active",
        Choice(
            {
                "next_active": "the next player still in, clockwise from the opener",
                "left_of_button": "the first player still in, left of the button",
            }
        ),
        "The second betting round starts with the first round's opener; if the opener has folded, with {}.",
        relevant=lambda b: b.blinds is None,
    )
    structure: str = setting(
        "fixed_limit",
        Choice(STRUCTURES),
        "The betting is {}.",
        added=True,
        say_in=_structure_say,
    )
    dealer_ante: int = setting(
        0,
        Whole(0, unit="chip"),
        lambda v, tr: (
            tr._("There is no dealer's ante.")
            if not v
            else tr.n(
                "Before each deal the dealer alone puts in {n} chip for everyone.",
                "Before each deal the dealer alone puts in {n} chips for everyone.",
                v,
            ).format(n=v)
        ),
        added=True,
    )
    blinds: tuple[int, int] | None = setting(
        None,
        Maybe(Pair(Whole(1, unit="chip")), "none", "no blinds"),
        lambda v, tr: (
            tr._("There are no blinds.")
            if v is None
            else tr._(
                "The player left of the button posts a small blind of {small} and the next a big blind of {big} "
                "(heads-up the button posts the small blind); the blinds are live bets of the first round, which "
                "starts left of the big blind, and the big blind may raise when everyone just called; later rounds "
                "start left of the button. A player who cannot cover a blind posts what they have and is all-in."
            ).format(small=v[0], big=v[1])
        ),
        added=True,
    )
    check_raise: str = setting(
        "allowed",
        Choice(
            {
                "allowed": "a player who checked may raise later in the round (check-raise)",
                "not_allowed": "a player who checked may later call or fold in that round, but not bet or raise",
            }
        ),
        "{}.",
        added=True,
    )


@attrs.frozen
class Draw:
    """The exchange."""

    exchanges: int = setting(
        1,
        Whole(1, 3, unit="exchange"),
        lambda v, tr: (
            tr._("There is one exchange, followed by the second betting round.")
            if v == 1
            else tr._("There are {n} exchanges, each followed by a betting round ({rounds} rounds in all).").format(
                n=v, rounds=v + 1
            )
        ),
        added=True,
    )
    max_cards: int = setting(
        3,
        Whole(0, 5, unit="card"),
        lambda v, tr: tr.n(
            "In the exchange each player may change up to {n} card.",
            "In the exchange each player may change up to {n} cards.",
            v,
        ).format(n=v),
    )
    max_cards_with_ace: int | None = setting(
        None,
        Maybe(Whole(0, 5, unit="card"), "no", "no exception for an ace"),
        lambda v, tr: (
            tr._("There is no exception for a kept ace.")
            if v is None
            else tr.n(
                "A player who keeps an ace, and shows it, may change up to {n} card.",
                "A player who keeps an ace, and shows it, may change up to {n} cards.",
                v,
            ).format(n=v)
        ),
    )
    stock_exhaustion: str = setting(
        "refuse",
        Choice(
            {
                "refuse": "the stock never runs out, because the table is small enough",
                "reshuffle_discards": "if the stock runs out, the earlier players' discards are shuffled "
                "into a new stock (never the current player's own)",
            }
        ),
        "{}.",
    )


def _wild(deck: DrawDeck) -> bool:
    """Whether the deck has a wild card: a joker (bug or wild) or a wild rank."""
    return (deck.jokers > 0 and deck.joker != "none") or bool(deck.wild_ranks)


def _jokers_say(n: int, tr: Words = ENGLISH) -> str:
    if n == 0:
        return tr._("The deck is the 52 cards.")
    if n == 1:
        return tr._("The deck is the 52 cards and one joker.")
    return tr._("The deck is the 52 cards and two jokers.")


JOKERS = {
    "none": "there is no joker in the deck",
    "bug": "the joker is the bug: it counts as an ace, or as any card that completes a straight, "
    "a flush or a straight flush, and nothing else (in lowball it is the lowest rank not "
    "already in the hand)",
    "wild": "the joker is wild: it stands for any card its holder chooses, and the hand is judged "
    "at its best (in lowball it is the lowest rank not already in the hand)",
}


@attrs.frozen
class DrawDeck:
    """Jokers and wild cards."""

    jokers: int = setting(0, Whole(0, 2, unit="joker"), _jokers_say, added=True)
    joker: str = setting(
        "none",
        Choice(JOKERS),
        "What a joker does: {}.",
        relevant=lambda d: d.jokers > 0 or d.joker != "none",
        added=True,
        say_in=lambda v, rules, tr: _joker_say(v, rules, tr),
    )
    wild_ranks: tuple[int, ...] = setting(
        (),
        Ranks(),
        lambda v, tr: (
            tr._("No rank is wild.")
            if not v
            else tr._(
                "The {ranks} are wild: each stands for any card its holder chooses, and the hand is judged at its best."
            ).format(ranks=Ranks().words(v, tr))
        ),
        added=True,
        quiet=lambda v: not v,
    )
    wild_may_duplicate: bool = setting(
        False,
        Flag(),
        lambda v, tr: (
            tr._("A wild card may stand for any card, also one already in the hand (so a double-ace flush counts).")
            if v
            else tr._("A wild card may not stand for a card already in the hand, except to make five of a kind.")
        ),
        relevant=_wild,
        added=True,
    )
    natural_beats_wild: bool = setting(
        False,
        Flag(),
        lambda v, tr: (
            tr._("Between hands of equal rank the one with fewer wild cards wins (a natural hand beats a wild one).")
            if v
            else tr._("A natural hand does not beat an equal hand made with wild cards: they split.")
        ),
        relevant=_wild,
        added=True,
    )


def _joker_say(v: str, rules: Any, tr: Words = ENGLISH) -> str:
    """What a joker does; how it plays in lowball only where the game is lowball."""
    if rules.showdown.ranking != "high" or v == "none":
        return tr._(f"What a joker does: {JOKERS[v]}.")
    if v == "bug":
        return tr._(
            "What a joker does: the joker is the bug: it counts as an ace, or as any card that completes a "
            "straight, a flush or a straight flush, and nothing else."
        )
    return tr._(
        "What a joker does: the joker is wild: it stands for any card its holder chooses, and the hand is judged "
        "at its best."
    )


def _ranking_say(v: str, rules: Any, tr: Words = ENGLISH) -> str:
    """Which hand wins; five of a kind only where wild cards can make it."""
    if v == "high" and _wild(rules.deck):
        return tr._(
            "At the showdown the highest poker hand wins; five of a kind, which wild cards make possible, beats a "
            "straight flush."
        )
    return tr._(f"At the showdown {RANKINGS[v]}.")


RANKINGS = {
    "high": "the highest poker hand wins",
    "ace_to_five": "the lowest hand wins, ace-to-five (California lowball): aces are low, straights and flushes "
    "do not count, the best hand is 5-4-3-2-A (the wheel) and any pair is worse than any hand without one",
    "deuce_to_seven": "the lowest hand wins, deuce-to-seven (Kansas City lowball): aces are only high, straights "
    "and flushes count against the hand, A-2-3-4-5 is ace-high and the best hand is 7-5-4-3-2 not all one suit",
}


#: who shows first at the showdown (docs/rules.md 2.4 and 3): a display order that never changes who wins
SHOWDOWN_ORDERS = {
    "last_aggressor": "the last player to bet or raise in the last betting round shows first (if nobody bet "
    "in it, the first round's opener), then the others in turn clockwise, side pots or not",
    "side_pots_first": "the players of the side pots show first, the last side pot's before the others, each "
    "group from the last player to bet or raise in the last betting round clockwise",
}


@attrs.frozen
class Showdown:
    """Which hand wins, who shows first, and splitting pots."""

    ranking: str = setting(
        "high",
        Choice(RANKINGS),
        "At the showdown {}.",
        added=True,
        say_in=lambda v, rules, tr: _ranking_say(v, rules, tr),
    )

    order: str = setting(
        "last_aggressor",
        Choice(SHOWDOWN_ORDERS),
        "At the showdown {}; the order never changes who wins.",
        added=True,
    )

    odd_chip: str = setting(
        "left_of_button",
        Choice(
            {
                "left_of_button": "the first tied winner clockwise from the button",
                "high_suit": "the tied winner holding the highest card by suit (spades, hearts, diamonds, clubs)",
            }
        ),
        "Each pot is split on its own; a chip that cannot be split goes to {}.",
    )


@attrs.frozen
class DrawRules:
    """Mørkpoker: five-card draw, ante, fixed limit, one exchange."""

    game: str = "morkpoker"
    description: str = setting("Mørkpoker", Text(), "{}")
    table: DrawTable = section(DrawTable)
    deck: DrawDeck = section(DrawDeck)
    betting: DrawBetting = section(DrawBetting)
    draw: Draw = section(Draw)
    showdown: Showdown = section(Showdown)
    session: Session = section(Session)
    #: dealer's choice: the games the dealer picks from, by the names in
    #: ``session.dealers_choice``, loaded with this session's settings
    variants: tuple[tuple[str, DrawRules], ...] = attrs.field(default=())

    @property
    def max_draw(self) -> int:
        """The most cards any player may change."""
        return max(self.draw.max_cards, self.draw.max_cards_with_ace or 0)

    @property
    def deck_size(self) -> int:
        """The cards in the deck: 52 and the jokers."""
        return 52 + self.deck.jokers

    @property
    def lowball(self) -> bool:
        """Whether the lowest hand wins (ace-to-five or deuce-to-seven).

        The hook for the openers' cross-check: openers with lowball are refused
        with the betting rules (issue 11, 5.1).
        """
        return self.showdown.ranking != "high"


# ---------------------------------------------------------------- Three Card Poker

HANDS3 = ("straight_flush", "three_of_a_kind", "straight", "flush", "pair", "high_card")
HANDS6 = (
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
)
QUALIFIERS = {
    "any": "any hand",
    "jack_high": "jack-high or better",
    "queen_high": "queen-high or better (any pair qualifies, jack-high does not)",
    "king_high": "king-high or better",
    "ace_high": "ace-high or better",
    "pair": "a pair or better",
}


@attrs.frozen
class TcpTable:
    """Players against the dealer."""

    min_players: int = setting(
        1,
        Whole(1, 16),
        lambda v, tr: tr.n(
            "At least {n} player against the dealer.", "At least {n} players against the dealer.", v
        ).format(n=v),
    )
    max_players: int = setting(
        5,
        Whole(1, 16),
        lambda v, tr: tr.n(
            "At most {n} player against the dealer.", "At most {n} players against the dealer.", v
        ).format(n=v),
    )
    boxes_per_player: int = setting(
        1,
        Whole(1, 16, unit="box"),
        lambda v, tr: (
            tr._("Each player plays one box (hand).")
            if v == 1
            else tr._("Each player may play up to {n} boxes (hands) at once.").format(n=v)
        ),
    )
    max_boxes: int = setting(
        6,
        Whole(1, 16, unit="box"),
        lambda v, tr: tr.n("The table has {n} box in all.", "The table has {n} boxes in all.", v).format(n=v),
    )


@attrs.frozen
class MainBets:
    """Ante and Play."""

    ante_min: int = setting(
        1,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n("The smallest ante is {n} chip.", "The smallest ante is {n} chips.", v).format(n=v),
    )
    ante_max: int = setting(
        10,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n("The largest ante is {n} chip.", "The largest ante is {n} chips.", v).format(n=v),
    )
    play_multiple: int = setting(
        1,
        Whole(1, 10),
        lambda v, tr: (
            tr._("To play, a player adds a Play bet equal to the ante; folding loses the ante.")
            if v == 1
            else tr._("To play, a player adds a Play bet of {n} times the ante; folding loses the ante.").format(n=v)
        ),
    )
    dealer_qualifier: str = setting("queen_high", Choice(QUALIFIERS), "The dealer qualifies with {}.")
    ante_bonus: dict[str, int] = setting(
        attrs.Factory(lambda: {"straight_flush": 5, "three_of_a_kind": 4, "straight": 1}),
        Paytable(HANDS3[:-1]),
        lambda v, tr: (
            tr._("There is no ante bonus.")
            if not any(v.values())
            else tr._("A player who plays gets an ante bonus whatever the dealer holds: {table}.").format(
                table=Paytable(HANDS3[:-1]).words(v, tr)
            )
        ),
    )


@attrs.frozen
class PairPlus:
    """The Pair Plus side bet on the player's own three cards."""

    enabled: bool = setting(
        True, Flag(), lambda v, tr: tr._("Pair Plus is offered.") if v else tr._("Pair Plus is not offered.")
    )
    paytable: dict[str, int] = setting(
        attrs.Factory(lambda: {"straight_flush": 40, "three_of_a_kind": 30, "straight": 6, "flush": 4, "pair": 1}),
        Paytable(HANDS3),
        lambda v, tr: tr._("Pair Plus pays {table}; anything less loses.").format(table=Paytable(HANDS3).words(v, tr)),
        relevant=lambda s: s.enabled,
    )
    max_bet: int = setting(
        10,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n("A Pair Plus bet is at most {n} chip.", "A Pair Plus bet is at most {n} chips.", v).format(
            n=v
        ),
        relevant=lambda s: s.enabled,
    )
    after_fold: str = setting(
        "paid",
        Choice(
            {
                "paid": "a winning Pair Plus is still paid when the player folds",
                "forfeited": "folding loses the Pair Plus together with the ante",
            }
        ),
        "{}.",
        relevant=lambda s: s.enabled,
    )
    without_ante: bool = setting(
        True,
        Flag(),
        lambda v, tr: (
            tr._("Pair Plus may be played alone, without an ante.")
            if v
            else tr._("Pair Plus is only played together with an ante.")
        ),
        relevant=lambda s: s.enabled,
    )


@attrs.frozen
class Prime:
    """The Prime side bet: three cards of one colour."""

    enabled: bool = setting(
        False, Flag(), lambda v, tr: tr._("Prime is offered.") if v else tr._("Prime is not offered.")
    )
    pays: int = setting(
        3,
        Whole(0),
        lambda v, tr: tr._("Prime pays {n} to 1 when the player's three cards are all red or all black.").format(n=v),
        relevant=lambda s: s.enabled,
    )
    pays_with_dealer: int = setting(
        4,
        Whole(0),
        lambda v, tr: tr._("When the dealer's three cards match too, Prime pays {n} to 1.").format(n=v),
        relevant=lambda s: s.enabled,
    )
    dealer_colour: str = setting(
        "same_as_player",
        Choice(
            {
                "same_as_player": "the dealer's cards must be the same colour as the player's",
                "any": "the dealer's cards may be either colour, as long as all three match",
            }
        ),
        "For the higher Prime pay {}.",
        relevant=lambda s: s.enabled,
    )
    max_bet: int = setting(
        10,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n("A Prime bet is at most {n} chip.", "A Prime bet is at most {n} chips.", v).format(n=v),
        relevant=lambda s: s.enabled,
    )


@attrs.frozen
class SixCardBonus:
    """The Six Card Bonus: best five of the player's and the dealer's cards."""

    enabled: bool = setting(
        False,
        Flag(),
        lambda v, tr: tr._("The Six Card Bonus is offered.") if v else tr._("The Six Card Bonus is not offered."),
    )
    paytable: dict[str, int] = setting(
        attrs.Factory(
            lambda: {
                "royal_flush": 1000,
                "straight_flush": 200,
                "four_of_a_kind": 100,
                "full_house": 20,
                "flush": 15,
                "straight": 10,
                "three_of_a_kind": 7,
            }
        ),
        Paytable(HANDS6),
        lambda v, tr: tr._("It pays on the best five of the player's and the dealer's six cards: {table}.").format(
            table=Paytable(HANDS6).words(v, tr)
        ),
        relevant=lambda s: s.enabled,
    )
    max_bet: int = setting(
        10,
        Whole(1, unit="chip"),
        lambda v, tr: tr.n(
            "A Six Card Bonus bet is at most {n} chip.", "A Six Card Bonus bet is at most {n} chips.", v
        ).format(n=v),
        relevant=lambda s: s.enabled,
    )


@attrs.frozen
class Dealer:
    """Who deals and holds the bank."""

    mode: str = setting(
        "house_bank",
        Choice(
            {
                "house_bank": "the house: a bank that does not play deals every round",
                "rotating": "each participant in turn, holding the bank with their own chips and dealing equally often",
            }
        ),
        "The dealer is {}.",
    )
    rounds_each: int = setting(
        1,
        Whole(1, 100, unit="round"),
        lambda v, tr: tr.n("Each dealer deals {n} round in a row.", "Each dealer deals {n} rounds in a row.", v).format(
            n=v
        ),
        relevant=lambda s: s.mode == "rotating",
    )
    bank: int | None = setting(
        None,
        Maybe(Whole(1, unit="chip"), "unlimited", "unlimited"),
        lambda v, tr: (
            tr._("The house bank has unlimited chips.")
            if v is None
            else tr.n("The house bank starts with {n} chip.", "The house bank starts with {n} chips.", v).format(n=v)
        ),
        relevant=lambda s: s.mode == "house_bank",
    )
    when_bank_short: str = setting(
        "pay_in_order",
        Choice(
            {
                "pay_in_order": "it pays the winners in seat order from the dealer's left until it is "
                "empty; the rest go unpaid",
                "refuse_bets": "bets it could not cover in the worst case are refused before the deal",
            }
        ),
        "If the bank cannot pay everything, {}.",
    )


@attrs.frozen
class ThreeCardRules:
    """Three Card Poker: each player against the dealer."""

    game: str = "three-card-poker"
    description: str = setting("Three Card Poker", Text(), "{}")
    table: TcpTable = section(TcpTable)
    bets: MainBets = section(MainBets)
    pair_plus: PairPlus = section(PairPlus)
    prime: Prime = section(Prime)
    six_card_bonus: SixCardBonus = section(SixCardBonus)
    dealer: Dealer = section(Dealer)
    session: Session = section(Session)


Rules = DrawRules | ThreeCardRules

#: game name in YAML -> rules class
GAMES: dict[str, type[Rules]] = {"morkpoker": DrawRules, "three-card-poker": ThreeCardRules}


def settings(
    obj: Any, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], attrs.Attribute[Any], Any, Any]]:
    """Every setting of a rules object: (path, field, value, its section object)."""
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        if "section" in field.metadata:
            yield from settings(value, prefix + (field.name,))
        elif "kind" in field.metadata:
            yield prefix + (field.name,), field, value, obj


#: the settings involved (key paths) and the sentence that says what is wrong
Problems = list[tuple[tuple[tuple[str, ...], ...], Note]]


def _stock_problems(rules: DrawRules) -> Problems:
    """Whether the stock can serve every exchange, with the arithmetic.

    Without a reshuffle every card a deal could use must be in the deck:
    players x (5 + exchanges x the most a player changes). With one, the
    stock rebuilt from earlier discards holds every card not in a hand --
    less the opening cards a split opener keeps apart -- and must serve the
    largest exchange of a single player.
    """
    problems: Problems = []
    d = rules.draw
    draw, rounds, players, deck = rules.max_draw, d.exchanges, rules.table.max_players, rules.deck_size
    draw_paths = (("draw", "max_cards"), ("draw", "max_cards_with_ace"), ("draw", "exchanges"))
    need = players * (5 + rounds * draw)
    if d.stock_exhaustion == "refuse" and need > deck:
        if rounds == 1:
            each = Note(N_("{draw} cards each"), draw=draw)
            sum_text = f"{need}"
        else:
            each = Note(N_("{draw} cards in each of {rounds} exchanges"), draw=draw, rounds=rounds)
            sum_text = f"{players} x (5 + {rounds} x {draw}) = {need}"
        problems.append(
            (
                (("draw", "stock_exhaustion"), *draw_paths, ("table", "max_players")),
                Note(
                    N_(
                        "{players} players changing up to {each} could need {sum} cards, more than the {deck} in the "
                        "deck: set stock_exhaustion to 'reshuffle_discards' or seat fewer players"
                    ),
                    players=players,
                    each=each,
                    sum=sum_text,
                    deck=deck,
                ),
            )
        )
    apart = 0
    if rules.betting.opening != "any" and rules.betting.split_openers == "allowed" and d.stock_exhaustion != "refuse":
        apart = min(5, draw * rounds)  # the opening cards a split opener keeps out of the new stock
    if players * 5 + draw + apart > deck:
        if apart:
            text = Note(
                N_(
                    "{players} players hold {held} cards and a split opener keeps up to {apart} apart, which leaves "
                    "{left} for a player who changes {draw}: {players} x 5 + {apart} + {draw} = {total} > {deck}"
                ),
                players=players,
                held=players * 5,
                apart=apart,
                left=deck - players * 5 - apart,
                draw=draw,
                total=players * 5 + apart + draw,
                deck=deck,
            )
        else:
            text = Note(
                N_(
                    "{players} players hold {held} cards, which leaves fewer than {draw} in the stock for the first "
                    "player to change"
                ),
                players=players,
                held=players * 5,
                draw=draw,
            )
        problems.append(((("table", "max_players"), *draw_paths, ("betting", "split_openers")), text))
    return problems


def _deck_problems(k: DrawDeck) -> Problems:
    """The deck's jokers and wild ranks, together."""
    problems: Problems = []
    if k.jokers == 0 and k.joker != "none":
        problems.append(
            (
                (("deck", "joker"), ("deck", "jokers")),
                Note(
                    N_("joker is '{joker}' but the deck has no joker: set jokers to 1 or 2, or joker to 'none'"),
                    joker=k.joker,
                ),
            )
        )
    if k.jokers > 0 and k.joker == "none":
        problems.append(
            (
                (("deck", "jokers"), ("deck", "joker")),
                Note(N_("the deck has a joker but joker is 'none': say whether a joker is the 'bug' or 'wild'"))
                if k.jokers == 1
                else Note(
                    N_("the deck has two jokers but joker is 'none': say whether a joker is the 'bug' or 'wild'")
                ),
            )
        )
    twice = sorted({r for r in k.wild_ranks if k.wild_ranks.count(r) > 1})
    if twice:
        problems.append(
            (
                (("deck", "wild_ranks"),),
                Note(
                    N_("wild_ranks names the {ranks} twice: name each wild rank once"),
                    ranks=ranks_note(tuple(twice)),
                ),
            )
        )
    return problems


def cross_check(rules: Rules) -> list[tuple[tuple[tuple[str, ...], ...], str]]:
    """Rules that involve several settings: a list of (the paths involved, problem)."""
    return [(paths, str(note)) for paths, note in cross_check_notes(rules)]


def cross_check_notes(rules: Rules) -> Problems:
    """:func:`cross_check` with each problem a note, to be said in the player's language."""
    problems: Problems = []
    s = rules.session
    if s.buy_in is not None and s.buy_in[0] > s.buy_in[1]:
        problems.append(
            (
                (("session", "buy_in"),),
                Note(
                    N_("buy_in's least ({least}) must not be more than its most ({most})"),
                    least=s.buy_in[0],
                    most=s.buy_in[1],
                ),
            )
        )
    if isinstance(rules, ThreeCardRules) and rules.dealer.mode != "rotating" and s.first_dealer == "drawn":
        problems.append(
            (
                (("session", "first_dealer"), ("dealer", "mode")),
                Note(
                    N_(
                        "the first dealer is drawn only when the dealer role rotates; with a house bank the house "
                        "deals every round: set first_dealer to 'chosen'"
                    )
                ),
            )
        )
    if isinstance(rules, DrawRules):
        t, b, d = rules.table, rules.betting, rules.draw
        if t.min_players > t.max_players:
            problems.append(
                (
                    (("table", "min_players"), ("table", "max_players")),
                    Note(
                        N_("min_players ({low}) must be <= max_players ({high})"),
                        low=t.min_players,
                        high=t.max_players,
                    ),
                )
            )
        if b.big_bet < b.small_bet:
            problems.append(
                (
                    (("betting", "big_bet"), ("betting", "small_bet")),
                    Note(N_("big_bet ({big}) must be >= small_bet ({small})"), big=b.big_bet, small=b.small_bet),
                )
            )
        if b.blinds is not None:
            small, big = b.blinds
            if small > big:
                problems.append(
                    (
                        (("betting", "blinds"),),
                        Note(
                            N_("the small blind ({small}) must not be more than the big blind ({big})"),
                            small=small,
                            big=big,
                        ),
                    )
                )
            if b.structure == "fixed_limit" and big != b.small_bet:
                problems.append(
                    (
                        (("betting", "blinds"), ("betting", "small_bet"), ("betting", "structure")),
                        Note(
                            N_(
                                "in fixed limit the big blind is the first round's first bet: it must equal small_bet "
                                "({small_bet}), not {big}"
                            ),
                            small_bet=b.small_bet,
                            big=big,
                        ),
                    )
                )
            if b.opening != "any":
                problems.append(
                    (
                        (("betting", "opening"), ("betting", "blinds")),
                        Note(
                            N_(
                                "openers need a first round nobody has bet in: with blinds the big blind has always "
                                "bet; set opening to 'any' or play without blinds"
                            )
                        ),
                    )
                )
        if b.opening != "any" and rules.lowball:
            problems.append(
                (
                    (("betting", "opening"), ("showdown", "ranking")),
                    Note(
                        N_(
                            "openers are a high-hand rule: with {ranking} lowball the lowest hand wins, so 'jacks or "
                            "better' says nothing about it; set opening to 'any'"
                        ),
                        ranking=rules.showdown.ranking,
                    ),
                )
            )
        problems += _stock_problems(rules)
        if b.big_bet_from_round > d.exchanges + 1:
            problems.append(
                (
                    (("betting", "big_bet_from_round"), ("draw", "exchanges")),
                    Note(
                        N_(
                            "big_bet_from_round ({round}) names a betting round that never comes: {exchanges} "
                            "exchange makes {rounds} betting rounds"
                        )
                        if d.exchanges == 1
                        else N_(
                            "big_bet_from_round ({round}) names a betting round that never comes: {exchanges} "
                            "exchanges make {rounds} betting rounds"
                        ),
                        round=b.big_bet_from_round,
                        exchanges=d.exchanges,
                        rounds=d.exchanges + 1,
                    ),
                )
            )
        if d.max_cards_with_ace is not None and d.max_cards_with_ace <= d.max_cards:
            problems.append(
                (
                    (("draw", "max_cards_with_ace"), ("draw", "max_cards")),
                    Note(
                        N_("max_cards_with_ace ({with_ace}) must be more than max_cards ({most}), or 'no'"),
                        with_ace=d.max_cards_with_ace,
                        most=d.max_cards,
                    ),
                )
            )
        problems.extend(_deck_problems(rules.deck))
        if s.deals is None:
            problems.append(
                (
                    (("session", "deals"),),
                    Note(N_("deals must be a number for Mørkpoker ('auto' is for a rotating Three Card Poker dealer)")),
                )
            )
    else:
        tt, m, dl = rules.table, rules.bets, rules.dealer
        if tt.min_players > tt.max_players:
            problems.append(
                (
                    (("table", "min_players"), ("table", "max_players")),
                    Note(
                        N_("min_players ({low}) must be <= max_players ({high})"),
                        low=tt.min_players,
                        high=tt.max_players,
                    ),
                )
            )
        if m.ante_min > m.ante_max:
            problems.append(
                (
                    (("bets", "ante_min"), ("bets", "ante_max")),
                    Note(N_("ante_min ({low}) must be <= ante_max ({high})"), low=m.ante_min, high=m.ante_max),
                )
            )
        if tt.max_boxes * 3 + 3 > 52:
            problems.append(
                (
                    (("table", "max_boxes"),),
                    Note(
                        N_("{boxes} boxes and the dealer need {cards} cards, more than the 52 in the deck"),
                        boxes=tt.max_boxes,
                        cards=tt.max_boxes * 3 + 3,
                    ),
                )
            )
        if tt.max_players > tt.max_boxes:
            problems.append(
                (
                    (("table", "max_players"), ("table", "max_boxes")),
                    Note(
                        N_("max_players ({players}) must be <= max_boxes ({boxes}): every player needs a box"),
                        players=tt.max_players,
                        boxes=tt.max_boxes,
                    ),
                )
            )
        if tt.boxes_per_player > tt.max_boxes:
            problems.append(
                (
                    (("table", "boxes_per_player"), ("table", "max_boxes")),
                    Note(
                        N_("boxes_per_player ({each}) must be <= max_boxes ({boxes})"),
                        each=tt.boxes_per_player,
                        boxes=tt.max_boxes,
                    ),
                )
            )
        if rules.pair_plus.enabled and not rules.pair_plus.paytable:
            problems.append(
                (
                    (("pair_plus", "paytable"), ("pair_plus", "enabled")),
                    Note(N_("Pair Plus is enabled but its paytable pays nothing")),
                )
            )
        if rules.six_card_bonus.enabled and not rules.six_card_bonus.paytable:
            problems.append(
                (
                    (("six_card_bonus", "paytable"), ("six_card_bonus", "enabled")),
                    Note(N_("the Six Card Bonus is enabled but its paytable pays nothing")),
                )
            )
        if s.dealers_choice:
            problems.append(
                (
                    (("session", "dealers_choice"),),
                    Note(N_("dealer's choice is for the draw games; Three Card Poker plays one game")),
                )
            )
        if dl.mode == "house_bank" and s.deals is None:
            problems.append(
                (
                    (("session", "deals"), ("dealer", "mode")),
                    Note(
                        N_("with a house bank the session needs a number of rounds ('auto' is for a rotating dealer)")
                    ),
                )
            )
    return problems
