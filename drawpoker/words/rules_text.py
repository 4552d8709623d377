"""The rules in force, in the player's language.

:func:`rules_summary` states the settings that matter at the table in
short translated sentences. :func:`rules_text` adds the full explanation
of :func:`drawpoker.rules.explain.explain`, every sentence of the rules
model said in the player's language.

>>> from drawpoker.rules import load_rules
>>> from drawpoker.words.i18n import translator
>>> rules_summary(load_rules("morkpoker"), translator("nb"))[1]
'Ante 1; innsatser og høyninger på 1 før kortbyttet og 2 etter.'
"""

from __future__ import annotations

from typing import Any

from drawpoker.rules.explain import explain, game_name, is_morkpoker, sentence, table_name, variant_names
from drawpoker.words.hands import join_names
from drawpoker.words.i18n import N_, NP_, Translator

__all__ = ["rules_summary", "rules_text", "hand_name", "draw_game_name", "is_morkpoker", "table_name", "variant_names"]

_HANDS = {
    "royal_flush": NP_("hand", "royal flush"),
    "straight_flush": NP_("hand", "straight flush"),
    "four_of_a_kind": NP_("hand", "four of a kind"),
    "full_house": NP_("hand", "full house"),
    "flush": NP_("hand", "flush"),
    "straight": NP_("hand", "straight"),
    "three_of_a_kind": NP_("hand", "three of a kind"),
    "pair": NP_("hand", "pair"),
    "high_card": NP_("hand", "high card"),
}

_QUALIFIERS = {
    "any": N_("any hand"),
    "jack_high": N_("jack high or better"),
    "queen_high": N_("queen high or better (any pair qualifies)"),
    "king_high": N_("king high or better"),
    "ace_high": N_("ace high or better"),
    "pair": N_("a pair or better"),
}


def hand_name(key: str, tr: Translator) -> str:
    """A paytable line's hand in words: ``three_of_a_kind`` -> ``three of a kind``."""
    return tr.p("hand", _HANDS[key])


def _paytable(table: dict[str, int], tr: Translator) -> str:
    lines = sorted(table.items(), key=lambda kv: kv[1])
    return ", ".join(f"{hand_name(k, tr)} {v}:1" for k, v in lines if v)


def _session(rules: Any, tr: Translator) -> list[str]:
    s = rules.session
    out = []
    if s.deals is None:
        out.append(
            tr._(
                "Everyone starts with {stack} chips; the session lasts until everyone has dealt equally often."
            ).format(stack=s.starting_stack)
        )
    elif rules.game == "three-card-poker":  # (a round: its table says "round 1 of 6")
        out.append(
            tr.n(
                "Everyone starts with {stack} chips; the session lasts {n} round.",
                "Everyone starts with {stack} chips; the session lasts {n} rounds.",
                s.deals,
            ).format(stack=s.starting_stack, n=s.deals)
        )
    else:
        out.append(
            tr.n(
                "Everyone starts with {stack} chips; the session lasts {n} deal.",
                "Everyone starts with {stack} chips; the session lasts {n} deals.",
                s.deals,
            ).format(stack=s.starting_stack, n=s.deals)
        )
    if s.deals is not None and rules.game == "morkpoker" and rules.betting.blinds is None:
        if rules.betting.opening != "any":
            out.append(tr._("If nobody opens the last deal, the session goes on until its pot is won."))
        else:
            out.append(tr._("If the last deal is checked through, the session goes on until its pot is won."))
    if s.when_broke == "rebuy":
        out.append(
            tr._("A player with no chips left gets a new stack of {n} (a rebuy, counted against the result).").format(
                n=s.rebuy_amount
            )
        )
    elif s.when_broke == "ask":
        out.append(
            tr._(
                "A player with no chips left is asked whether to buy a new stack of {n}; declining leaves the "
                "table with nothing."
            ).format(n=s.rebuy_amount)
        )
    else:
        out.append(tr._("A player with no chips left sits out the rest of the session."))
    return out


def _forced(rules: Any, tr: Translator) -> str:
    """The forced bets in words: "Ante 1", "Blinds 1 and 2", "Blinds 1 and 2, ante 1"..."""
    b = rules.betting
    parts = []
    if b.blinds is not None:
        parts.append(tr._("Blinds {small} and {big}").format(small=b.blinds[0], big=b.blinds[1]))
    if b.ante or b.blinds is None:
        parts.append((tr._("ante {ante}") if parts else tr._("Ante {ante}")).format(ante=b.ante))
    if b.dealer_ante:
        parts.append(tr._("the dealer antes {n} for everyone").format(n=b.dealer_ante))
    return ", ".join(parts)


def _bets_and_exchanges(rules: Any, tr: Translator) -> list[str]:
    """The forced bets, the bet sizes by round, and the exchanges when there are several."""
    b, d = rules.betting, rules.draw
    out = []
    if d.exchanges > 1:
        out.append(
            tr.n(
                "There is {n} exchange, followed by a betting round.",
                "There are {n} exchanges, each followed by a betting round.",
                d.exchanges,
            ).format(n=d.exchanges)
        )
    forced = _forced(rules, tr)
    if b.structure != "fixed_limit":
        smallest = b.blinds[1] if b.blinds is not None else b.small_bet
        if b.structure == "no_limit":
            line = tr._(
                "{forced}; no limit: a bet is at least {n}, a raise at least the last bet or raise, up to "
                "everything the player has."
            )
        else:
            line = tr._(
                "{forced}; pot limit: a bet is at least {n}, a raise at least the last bet or raise, up to the "
                "pot after the call."
            )
        out.append(line.format(forced=forced, n=smallest))
        return out
    small_rounds = b.big_bet_from_round - 1
    if d.exchanges == 1 and small_rounds == 1:
        out.append(
            tr._("{forced}; bets and raises of {small} before the exchange and {big} after.").format(
                forced=forced, small=b.small_bet, big=b.big_bet
            )
        )
    elif small_rounds == 0:
        out.append(tr._("{forced}; every bet and raise is {big}.").format(forced=forced, big=b.big_bet))
    elif small_rounds == 1:
        out.append(
            tr._("{forced}; bets and raises of {small} in the first betting round, then {big}.").format(
                forced=forced, small=b.small_bet, big=b.big_bet
            )
        )
    else:
        out.append(
            tr._("{forced}; bets and raises of {small} in the first {n} betting rounds, then {big}.").format(
                forced=forced, small=b.small_bet, big=b.big_bet, n=small_rounds
            )
        )
    return out


_RANK_PLURALS = {
    2: N_("Deuces"),
    3: N_("Threes"),
    4: N_("Fours"),
    5: N_("Fives"),
    6: N_("Sixes"),
    7: N_("Sevens"),
    8: N_("Eights"),
    9: N_("Nines"),
    10: N_("Tens"),
    11: N_("Jacks"),
    12: N_("Queens"),
    13: N_("Kings"),
    14: N_("Aces"),
}


def _deck_and_ranking(rules: Any, tr: Translator) -> list[str]:
    """Jokers, wild cards and which hand wins."""
    k, ranking = rules.deck, rules.showdown.ranking
    out = []
    if k.jokers:
        cards = 52 + k.jokers
        if k.joker == "bug":
            line = tr.n(
                "The deck has {n} joker ({cards} cards), the bug: an ace, or any card that completes a straight or "
                "a flush.",
                "The deck has {n} jokers ({cards} cards), the bug: an ace, or any card that completes a straight "
                "or a flush.",
                k.jokers,
            )
        elif ranking == "ace_to_five":
            line = tr.n(
                "The deck has {n} joker ({cards} cards); it counts as the lowest card the hand lacks.",
                "The deck has {n} jokers ({cards} cards); each counts as the lowest card the hand lacks.",
                k.jokers,
            )
        else:
            line = tr.n(
                "The deck has {n} joker ({cards} cards); it is wild.",
                "The deck has {n} jokers ({cards} cards); they are wild.",
                k.jokers,
            )
        out.append(line.format(n=k.jokers, cards=cards))
    for rank in k.wild_ranks:
        out.append(tr._("{ranks} are wild.").format(ranks=tr._(_RANK_PLURALS[rank])))
    if k.jokers or k.wild_ranks:
        if ranking == "high":
            out.append(tr._("Five of a kind is the best hand, above a straight flush."))
        if k.natural_beats_wild:
            out.append(tr._("Between equal hands, the one with fewer wild cards wins."))
    if ranking == "ace_to_five":
        out.append(
            tr._(
                "The lowest hand wins (ace to five): the ace is low, straights and flushes do not count; the best "
                "hand is 5-4-3-2-A."
            )
        )
    elif ranking == "deuce_to_seven":
        out.append(
            tr._(
                "The lowest hand wins (deuce to seven): the ace is high, straights and flushes count against you; "
                "the best hand is 7-5-4-3-2."
            )
        )
    return out


def _openers(rules: Any, tr: Translator) -> list[str]:
    """Who may open, the proof, and what happens when nobody opens."""
    b = rules.betting
    out = []
    if b.opening == "jacks_or_better":
        out.append(tr._("Only a pair of jacks or better may open the first betting round."))
    elif b.opening == "progressive":
        out.append(
            tr._(
                "A pair of jacks or better opens the first betting round; after each deal nobody opens it takes "
                "queens, then kings, then aces, until a deal is opened."
            )
        )
    if b.opening != "any":
        if b.split_openers == "allowed":
            out.append(
                tr._(
                    "The opener shows the openers at the end of the deal; opening cards thrown in an exchange are "
                    "kept apart and shown with them."
                )
            )
        else:
            out.append(tr._("The opener shows the openers at the end of the deal and may not throw any of them."))
        passed = tr._("If nobody opens, the pot stays and a new deal is dealt into it.")
    else:
        passed = tr._("If everyone checks the first round, the pot stays and a new deal is dealt into it.")
    if b.passed_out_button == "stays":
        passed += " " + tr._("The same dealer deals it.")
    if b.blinds is None:  # with blinds the big blind has bet: a deal is never passed out
        out.append(passed)
    return out


def draw_game_name(rules: Any, tr: Translator) -> str:
    """The draw game's name for titles: Mørkpoker, or what the variant is."""
    return game_name(rules, tr)


def _dealers_choice(rules: Any, tr: Translator) -> list[str]:
    """Dealer's choice: the games the dealer picks from, each in short, then the session."""
    names = variant_names(rules, tr)
    out = [
        tr._(
            "Dealer's choice: before each deal the dealer picks the game, one of {games}. The stacks carry over; "
            "a passed-out deal is dealt again in the same game."
        ).format(games=join_names(names, tr))
    ]
    for name, (_, game) in zip(names, rules.variants, strict=True):
        own = _mork(game, tr, session=False) + _the_rest(game, tr, ("table", "deck", "betting", "draw", "showdown"))
        said = " ".join(own)
        titled = game_name(game, tr) + ": "
        if name != game_name(game, tr) and said.startswith(titled):  # two games of one name: told by the description
            said = said[len(titled) :]
        out.append(said if said.startswith(name) else f"{name}: {said}")  # the game's own title names it already
    return out + _session(rules, tr) + _the_rest(rules, tr, ("session",))


def _mork(rules: Any, tr: Translator, session: bool = True) -> list[str]:
    t, b, d = rules.table, rules.betting, rules.draw
    plain = is_morkpoker(rules)
    if plain:
        title = tr._("Mørkpoker, five-card draw: {low} to {high} players.").format(
            low=t.min_players, high=t.max_players
        )
    else:  # the variant by its name (Jackpots, Deuce-to-seven draw ...), as the title bar says it
        title = tr._("{game}: {low} to {high} players.").format(
            game=game_name(rules, tr), low=t.min_players, high=t.max_players
        )
    out = [title]
    out += _deck_and_ranking(rules, tr)
    out += _bets_and_exchanges(rules, tr)
    if b.structure != "fixed_limit":
        pass  # no cap outside fixed limit
    elif b.raise_cap is None:
        out.append(tr._("Raising is unlimited."))
    elif b.raise_cap == 0:
        out.append(tr._("No raises: at most one bet in a betting round, also when only two players are left."))
    elif b.cap_lifted_heads_up:
        out.append(
            tr._("At most {n} raises in a betting round; unlimited when only two players are left.").format(
                n=b.raise_cap
            )
        )
    else:
        out.append(
            tr._("At most {n} raises in a betting round, even when only two players are left.").format(n=b.raise_cap)
        )
    if b.check_raise != "allowed":
        out.append(tr._("A player who checked may not raise in the same betting round."))
    out += _openers(rules, tr)
    exchange = tr._("In the exchange each player may change up to {n} cards.").format(n=d.max_cards)
    if d.max_cards_with_ace is not None:
        exchange += " " + tr._("Up to {n} when keeping an ace, which is shown.").format(n=d.max_cards_with_ace)
    out.append(exchange)
    if rules.showdown.ranking == "high":
        showdown = tr._(
            "Best hand at the showdown wins; equal hands split the pot; all-in players win side pots only as far "
            "as they could match."
        )
    else:
        showdown = tr._("Equal hands split the pot; all-in players win side pots only as far as they could match.")
    out.append(showdown)
    return out + _session(rules, tr) if session else out


def _tcp(rules: Any, tr: Translator) -> list[str]:
    t, b, pp, prime, six, dealer = (
        rules.table,
        rules.bets,
        rules.pair_plus,
        rules.prime,
        rules.six_card_bonus,
        rules.dealer,
    )
    out = [
        tr._("Three Card Poker: {low} to {high} players, each against the dealer.").format(
            low=t.min_players, high=t.max_players
        )
    ]
    if dealer.mode == "rotating":
        out.append(
            tr.n(
                "The dealer role goes round the table, {n} round each; the dealer's own chips are the bank.",
                "The dealer role goes round the table, {n} rounds each; the dealer's own chips are the bank.",
                dealer.rounds_each,
            ).format(n=dealer.rounds_each)
        )
    elif dealer.bank is None:
        out.append(tr._("The house deals and holds a bank without limit."))
    else:
        out.append(tr._("The house deals and holds a bank of {n} chips.").format(n=dealer.bank))
    if t.boxes_per_player > 1:
        out.append(tr._("A player may play up to {n} boxes (hands).").format(n=t.boxes_per_player))
    out.append(
        tr._("Ante {low} to {high}; to play on, add a Play bet of {k} times the ante; folding loses the ante.").format(
            low=b.ante_min, high=b.ante_max, k=b.play_multiple
        )
    )
    out.append(tr._("The dealer qualifies with {what}.").format(what=tr._(_QUALIFIERS[b.dealer_qualifier])))
    if any(b.ante_bonus.values()):
        out.append(tr._("Ante bonus for a player who plays: {table}.").format(table=_paytable(b.ante_bonus, tr)))
    if pp.enabled:
        line = tr._("Pair Plus (at most {n}) pays {table}.").format(n=pp.max_bet, table=_paytable(pp.paytable, tr))
        line += " " + (
            tr._("It is paid even after a fold.") if pp.after_fold == "paid" else tr._("A fold loses it too.")
        )
        if pp.without_ante:
            line += " " + tr._("It may be played without an ante.")
        out.append(line)
    if prime.enabled:
        out.append(
            tr._(
                "Prime (at most {n}) pays {a}:1 when the player's three cards are all red or all black, "
                "{b}:1 when the dealer's are too."
            ).format(n=prime.max_bet, a=prime.pays, b=prime.pays_with_dealer)
        )
    if six.enabled:
        out.append(
            tr._("Six Card Bonus (at most {n}) pays {table}.").format(n=six.max_bet, table=_paytable(six.paytable, tr))
        )
    return out + _session(rules, tr)


#: the settings the short sentences above speak of, by game; every other
#: setting whose value differs from the game's default is said with its
#: ``rules show`` sentence (:func:`_the_rest`), so the summary leaves out
#: nothing a table has changed (a test changes each setting and reads the summary)
_SAID = {
    "morkpoker": frozenset(
        {
            ("description",),
            ("table", "min_players"),
            ("table", "max_players"),
            ("deck", "jokers"),
            ("deck", "joker"),
            ("deck", "wild_ranks"),
            ("deck", "natural_beats_wild"),
            ("betting", "ante"),
            ("betting", "small_bet"),
            ("betting", "big_bet"),
            ("betting", "raise_cap"),
            ("betting", "cap_lifted_heads_up"),
            ("betting", "opening"),
            ("betting", "split_openers"),
            ("betting", "passed_out_button"),
            ("betting", "big_bet_from_round"),
            ("betting", "structure"),
            ("betting", "dealer_ante"),
            ("betting", "blinds"),
            ("betting", "check_raise"),
            ("draw", "exchanges"),
            ("draw", "max_cards"),
            ("draw", "max_cards_with_ace"),
            ("showdown", "ranking"),
            ("session", "starting_stack"),
            ("session", "deals"),
            ("session", "when_broke"),
            ("session", "rebuy_amount"),
            ("session", "dealers_choice"),
        }
    ),
    "three-card-poker": frozenset(
        {
            ("description",),
            ("table", "min_players"),
            ("table", "max_players"),
            ("table", "boxes_per_player"),
            ("bets", "ante_min"),
            ("bets", "ante_max"),
            ("bets", "play_multiple"),
            ("bets", "dealer_qualifier"),
            ("bets", "ante_bonus"),
            ("pair_plus", "enabled"),
            ("pair_plus", "paytable"),
            ("pair_plus", "max_bet"),
            ("pair_plus", "after_fold"),
            ("pair_plus", "without_ante"),
            ("prime", "enabled"),
            ("prime", "pays"),
            ("prime", "pays_with_dealer"),
            ("prime", "max_bet"),
            ("six_card_bonus", "enabled"),
            ("six_card_bonus", "paytable"),
            ("six_card_bonus", "max_bet"),
            ("dealer", "mode"),
            ("dealer", "rounds_each"),
            ("dealer", "bank"),
            ("session", "starting_stack"),
            ("session", "deals"),
            ("session", "when_broke"),
            ("session", "rebuy_amount"),
            ("session", "dealers_choice"),
        }
    ),
}


def _the_rest(rules: Any, tr: Translator, sections: tuple[str, ...] | None = None) -> list[str]:
    """Every setting the short sentences leave out whose value differs from
    the game's default (and that matters, given the rest), said as ``rules
    show`` says it; ``sections``: only these sections (a dealer's choice says
    its session once)."""
    from drawpoker.rules.model import settings

    said = _SAID[rules.game]
    defaults = {path: value for path, _, value, _ in settings(type(rules)())}
    out = []
    for path, field, value, owner in settings(rules):
        if path in said or value == defaults.get(path) or (sections is not None and path[0] not in sections):
            continue
        relevant = field.metadata.get("relevant")
        if relevant is not None and not relevant(owner):
            continue
        out.append(sentence(field, value, rules, tr))
    return out


def rules_summary(rules: Any, tr: Translator) -> list[str]:
    """The rules in force in a few translated sentences, and every other
    setting that differs from the game's default."""
    if rules.game != "morkpoker":
        return _tcp(rules, tr) + _the_rest(rules, tr)
    return _dealers_choice(rules, tr) if rules.variants else _mork(rules, tr) + _the_rest(rules, tr)


def rules_text(rules: Any, tr: Translator) -> str:
    """The summary, then the full explanation with translated section titles."""
    lines = [tr._("In short:")] + ["  • " + line for line in rules_summary(rules, tr)] + [""]
    lines.append(tr._("In full:"))
    lines += explain(rules, tr).splitlines()
    return "\n".join(lines)
