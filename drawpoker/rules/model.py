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

from drawpoker.rules.kinds import Choice, Flag, Kind, Maybe, Paytable, Ratio, Text, Whole

__all__ = [
    "DrawRules",
    "ThreeCardRules",
    "Rules",
    "GAMES",
    "settings",
    "cross_check",
]


def setting(
    default: Any,
    kind: Kind,
    say: str | Callable[[Any], str],
    *,
    relevant: Callable[[Any], bool] | None = None,
    added: bool = False,
) -> Any:
    """A rules field: its default, kind and the sentence that explains it.

    ``say`` is a sentence with ``{}`` where the value's words go, or a
    function of the value that returns the sentence;
    ``relevant(section)`` tells whether the sentence matters given the rest
    of the section (a rebuy amount does not when players sit out).
    ``added`` marks a setting that came after the first histories were
    written: at its default it is left out of the fingerprint, so rules
    recorded before it existed keep their fingerprint.
    """
    return attrs.field(default=default, metadata={"kind": kind, "say": say, "relevant": relevant, "added": added})


def section(cls: type) -> Any:
    """A nested group of settings, defaulting to its own defaults."""
    return attrs.field(factory=cls, metadata={"section": cls})


# ---------------------------------------------------------------- shared

BUST_POLICIES = {
    "sit_out": "sits out the rest of the session",
    "rebuy": "gets a new stack (a rebuy, counted against their result)",
}


@attrs.frozen
class Session:
    """A session: starting stacks, its length, and players who go broke."""

    starting_stack: int = setting(40, Whole(1, unit="chip"), "Everyone starts with {}.")
    deals: int | None = setting(
        12,
        Maybe(Whole(1, 100_000), "auto", "as many as it takes for every player to deal equally often"),
        lambda v: (
            "The session lasts until every participant has dealt equally often."
            if v is None
            else f"The session lasts {v} deal{'s' if v != 1 else ''}."
        ),
    )
    when_broke: str = setting("sit_out", Choice(BUST_POLICIES), "A player with no chips left between deals {}.")
    rebuy_amount: int = setting(40, Whole(1, unit="chip"), "A rebuy is {}.", relevant=lambda s: s.when_broke == "rebuy")
    rebuy_limit: int | None = setting(
        None,
        Maybe(Whole(1), "unlimited", "as often as needed"),
        lambda v: (
            "A player may rebuy as often as needed."
            if v is None
            else f"A player may rebuy at most {v} time{'s' if v != 1 else ''}."
        ),
        relevant=lambda s: s.when_broke == "rebuy",
    )


# ---------------------------------------------------------------- Mørkpoker


@attrs.frozen
class DrawTable:
    """How many may sit down."""

    min_players: int = setting(2, Whole(2, 10), "At least {} players.")
    max_players: int = setting(6, Whole(2, 10), "At most {} players.")


@attrs.frozen
class DrawBetting:
    """Ante and fixed-limit betting."""

    ante: int = setting(
        1,
        Whole(0, unit="chip"),
        "Everyone antes {} before each deal; the ante is not a bet of the first round.",
    )
    small_bet: int = setting(1, Whole(1, unit="chip"), "Before the exchange every bet and raise is {}.")
    big_bet: int = setting(2, Whole(1, unit="chip"), "After the exchange every bet and raise is {}.")
    raise_cap: int | None = setting(
        4,
        Maybe(Whole(0, unit="raise"), "unlimited", "no limit on raises"),
        lambda v: (
            "Raising is unlimited."
            if v is None
            else f"In each betting round at most {v} raise{'s' if v != 1 else ''} may follow the first bet."
        ),
    )
    cap_lifted_heads_up: bool = setting(
        True,
        Flag(),
        lambda v: (
            "When only two players are left before the cap is reached, raising is unlimited."
            if v
            else "The cap holds even when only two players are left."
        ),
    )
    incomplete_raise_reopens: Fraction = setting(
        Fraction(1, 2),
        Ratio(),
        "An all-in bet or raise short of the full step counts as a full one (toward the cap, and "
        "the next raise goes a step above it) when it raises the bet by at least {} of a step; "
        "a player who has already acted may raise again only once the bet has risen that much "
        "since (short all-ins add up).",
    )
    opening: str = setting(
        "any",
        Choice(
            {
                "any": "any hand may open the first round",
                "jacks_or_better": "only a pair of jacks or better may open the first round",
            }
        ),
        "{}.",
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
    )


@attrs.frozen
class Draw:
    """The exchange."""

    max_cards: int = setting(3, Whole(0, 5, unit="card"), "In the exchange each player may change up to {}.")
    max_cards_with_ace: int | None = setting(
        None,
        Maybe(Whole(0, 5, unit="card"), "no", "no exception for an ace"),
        lambda v: (
            "There is no exception for a kept ace."
            if v is None
            else f"A player who keeps an ace, and shows it, may change up to {v} cards."
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


@attrs.frozen
class Showdown:
    """Splitting pots."""

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
    betting: DrawBetting = section(DrawBetting)
    draw: Draw = section(Draw)
    showdown: Showdown = section(Showdown)
    session: Session = section(Session)

    @property
    def max_draw(self) -> int:
        """The most cards any player may change."""
        return max(self.draw.max_cards, self.draw.max_cards_with_ace or 0)


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
        1, Whole(1, 16), lambda v: f"At least {v} player{'s' if v != 1 else ''} against the dealer."
    )
    max_players: int = setting(
        5, Whole(1, 16), lambda v: f"At most {v} player{'s' if v != 1 else ''} against the dealer."
    )
    boxes_per_player: int = setting(
        1,
        Whole(1, 16, unit="box"),
        lambda v: (
            "Each player plays one box (hand)." if v == 1 else f"Each player may play up to {v} boxes (hands) at once."
        ),
    )
    max_boxes: int = setting(6, Whole(1, 16, unit="box"), lambda v: f"The table has {v} boxes in all.")


@attrs.frozen
class MainBets:
    """Ante and Play."""

    ante_min: int = setting(1, Whole(1, unit="chip"), "The smallest ante is {}.")
    ante_max: int = setting(10, Whole(1, unit="chip"), "The largest ante is {}.")
    play_multiple: int = setting(
        1,
        Whole(1, 10),
        lambda v: (
            "To play, a player adds a Play bet "
            + ("equal to the ante" if v == 1 else f"of {v} times the ante")
            + "; folding loses the ante."
        ),
    )
    dealer_qualifier: str = setting("queen_high", Choice(QUALIFIERS), "The dealer qualifies with {}.")
    ante_bonus: dict[str, int] = setting(
        attrs.Factory(lambda: {"straight_flush": 5, "three_of_a_kind": 4, "straight": 1}),
        Paytable(HANDS3[:-1]),
        lambda v: (
            "There is no ante bonus."
            if not any(v.values())
            else "A player who plays gets an ante bonus whatever the dealer holds: "
            + Paytable(HANDS3[:-1]).words(v)
            + "."
        ),
    )


@attrs.frozen
class PairPlus:
    """The Pair Plus side bet on the player's own three cards."""

    enabled: bool = setting(True, Flag(), lambda v: "Pair Plus is offered." if v else "Pair Plus is not offered.")
    paytable: dict[str, int] = setting(
        attrs.Factory(lambda: {"straight_flush": 40, "three_of_a_kind": 30, "straight": 6, "flush": 4, "pair": 1}),
        Paytable(HANDS3),
        "Pair Plus pays {}; anything less loses.",
        relevant=lambda s: s.enabled,
    )
    max_bet: int = setting(10, Whole(1, unit="chip"), "A Pair Plus bet is at most {}.", relevant=lambda s: s.enabled)
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
        lambda v: (
            "Pair Plus may be played alone, without an ante."
            if v
            else "Pair Plus is only played together with an ante."
        ),
        relevant=lambda s: s.enabled,
    )


@attrs.frozen
class Prime:
    """The Prime side bet: three cards of one colour."""

    enabled: bool = setting(False, Flag(), lambda v: "Prime is offered." if v else "Prime is not offered.")
    pays: int = setting(
        3,
        Whole(0),
        "Prime pays {} to 1 when the player's three cards are all red or all black.",
        relevant=lambda s: s.enabled,
    )
    pays_with_dealer: int = setting(
        4, Whole(0), "When the dealer's three cards match too, Prime pays {} to 1.", relevant=lambda s: s.enabled
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
    max_bet: int = setting(10, Whole(1, unit="chip"), "A Prime bet is at most {}.", relevant=lambda s: s.enabled)


@attrs.frozen
class SixCardBonus:
    """The Six Card Bonus: best five of the player's and the dealer's cards."""

    enabled: bool = setting(
        False, Flag(), lambda v: "The Six Card Bonus is offered." if v else "The Six Card Bonus is not offered."
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
        "It pays on the best five of the player's and the dealer's six cards: {}.",
        relevant=lambda s: s.enabled,
    )
    max_bet: int = setting(
        10, Whole(1, unit="chip"), "A Six Card Bonus bet is at most {}.", relevant=lambda s: s.enabled
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
        1, Whole(1, 100, unit="round"), "Each dealer deals {} in a row.", relevant=lambda s: s.mode == "rotating"
    )
    bank: int | None = setting(
        None,
        Maybe(Whole(1, unit="chip"), "unlimited", "unlimited"),
        lambda v: "The house bank has unlimited chips." if v is None else f"The house bank starts with {v} chips.",
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


def cross_check(rules: Rules) -> list[tuple[tuple[tuple[str, ...], ...], str]]:
    """Rules that involve several settings: a list of (the paths involved, problem)."""
    problems: list[tuple[tuple[tuple[str, ...], ...], str]] = []
    s = rules.session
    if isinstance(rules, DrawRules):
        t, b, d = rules.table, rules.betting, rules.draw
        if t.min_players > t.max_players:
            problems.append(
                (
                    (("table", "min_players"), ("table", "max_players")),
                    f"min_players ({t.min_players}) must be <= max_players ({t.max_players})",
                )
            )
        if b.big_bet < b.small_bet:
            problems.append(
                (
                    (("betting", "big_bet"), ("betting", "small_bet")),
                    f"big_bet ({b.big_bet}) must be >= small_bet ({b.small_bet})",
                )
            )
        draw = rules.max_draw
        if d.stock_exhaustion == "refuse" and t.max_players * (5 + draw) > 52:
            problems.append(
                (
                    (
                        ("draw", "stock_exhaustion"),
                        ("draw", "max_cards"),
                        ("draw", "max_cards_with_ace"),
                        ("table", "max_players"),
                    ),
                    f"{t.max_players} players changing up to {draw} cards each could need "
                    f"{t.max_players * (5 + draw)} cards, more than the 52 in the deck: set "
                    "stock_exhaustion to 'reshuffle_discards' or seat fewer players",
                )
            )
        if t.max_players * 5 + draw > 52:
            problems.append(
                (
                    (("table", "max_players"), ("draw", "max_cards"), ("draw", "max_cards_with_ace")),
                    f"{t.max_players} players hold {t.max_players * 5} cards, which leaves fewer than "
                    f"{draw} in the stock for the first player to change",
                )
            )
        if d.max_cards_with_ace is not None and d.max_cards_with_ace <= d.max_cards:
            problems.append(
                (
                    (("draw", "max_cards_with_ace"), ("draw", "max_cards")),
                    f"max_cards_with_ace ({d.max_cards_with_ace}) must be more than max_cards ({d.max_cards}), or 'no'",
                )
            )
        if s.deals is None:
            problems.append(
                (
                    (("session", "deals"),),
                    "deals must be a number for Mørkpoker ('auto' is for a rotating Three Card Poker dealer)",
                )
            )
    else:
        tt, m, dl = rules.table, rules.bets, rules.dealer
        if tt.min_players > tt.max_players:
            problems.append(
                (
                    (("table", "min_players"), ("table", "max_players")),
                    f"min_players ({tt.min_players}) must be <= max_players ({tt.max_players})",
                )
            )
        if m.ante_min > m.ante_max:
            problems.append(
                (
                    (("bets", "ante_min"), ("bets", "ante_max")),
                    f"ante_min ({m.ante_min}) must be <= ante_max ({m.ante_max})",
                )
            )
        if tt.max_boxes * 3 + 3 > 52:
            problems.append(
                (
                    (("table", "max_boxes"),),
                    f"{tt.max_boxes} boxes and the dealer need {tt.max_boxes * 3 + 3} cards, more than the 52 in the "
                    "deck",
                )
            )
        if tt.max_players > tt.max_boxes:
            problems.append(
                (
                    (("table", "max_players"), ("table", "max_boxes")),
                    f"max_players ({tt.max_players}) must be <= max_boxes ({tt.max_boxes}): every player needs a box",
                )
            )
        if tt.boxes_per_player > tt.max_boxes:
            problems.append(
                (
                    (("table", "boxes_per_player"), ("table", "max_boxes")),
                    f"boxes_per_player ({tt.boxes_per_player}) must be <= max_boxes ({tt.max_boxes})",
                )
            )
        if rules.pair_plus.enabled and not rules.pair_plus.paytable:
            problems.append(
                (
                    (("pair_plus", "paytable"), ("pair_plus", "enabled")),
                    "Pair Plus is enabled but its paytable pays nothing",
                )
            )
        if rules.six_card_bonus.enabled and not rules.six_card_bonus.paytable:
            problems.append(
                (
                    (("six_card_bonus", "paytable"), ("six_card_bonus", "enabled")),
                    "the Six Card Bonus is enabled but its paytable pays nothing",
                )
            )
        if dl.mode == "house_bank" and s.deals is None:
            problems.append(
                (
                    (("session", "deals"), ("dealer", "mode")),
                    "with a house bank the session needs a number of rounds ('auto' is for a rotating dealer)",
                )
            )
    return problems
