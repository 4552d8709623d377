"""The rules in force, in the player's language.

:func:`rules_summary` states the settings that matter at the table in
short translated sentences. :func:`rules_text` adds the full explanation
of :func:`drawpoker.rules.explain.explain`, whose section titles are
translated; its sentences come from the rules model in English.

>>> from drawpoker.rules import load_rules
>>> from drawpoker.client.words.i18n import translator
>>> rules_summary(load_rules("morkpoker"), translator("nb"))[1]
'Ante 1; innsatser og høyninger på 1 før kortbyttet og 2 etter.'
"""

from __future__ import annotations

from typing import Any

from drawpoker.client.words.i18n import N_, NP_, Translator

__all__ = ["rules_summary", "rules_text", "hand_name", "SECTION_TITLES"]

#: explain()'s section titles, translated on the way out
SECTION_TITLES = {
    "Table": N_("Table"),
    "The deck": N_("The deck"),
    "Ante and betting": N_("Ante and betting"),
    "The exchange": N_("The exchange"),
    "Showdown": N_("Showdown"),
    "Session": N_("Session"),
    "Ante and Play": N_("Ante and Play"),
    "Pair Plus": N_("Pair Plus"),
    "Prime": N_("Prime"),
    "Six Card Bonus": N_("Six Card Bonus"),
    "Dealer and bank": N_("Dealer and bank"),
}

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
    else:
        out.append(
            tr.n(
                "Everyone starts with {stack} chips; the session lasts {n} deal.",
                "Everyone starts with {stack} chips; the session lasts {n} deals.",
                s.deals,
            ).format(stack=s.starting_stack, n=s.deals)
        )
    if s.deals is not None and rules.game == "morkpoker":
        out.append(tr._("If the last deal is checked through, the session goes on until its pot is won."))
    if s.when_broke == "rebuy":
        out.append(
            tr._("A player with no chips left gets a new stack of {n} (a rebuy, counted against the result).").format(
                n=s.rebuy_amount
            )
        )
    else:
        out.append(tr._("A player with no chips left sits out the rest of the session."))
    return out


def _bets_and_exchanges(rules: Any, tr: Translator) -> list[str]:
    """The bet sizes by round, and the exchanges when there are several."""
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
    small_rounds = b.big_bet_from_round - 1
    if d.exchanges == 1 and small_rounds == 1:
        out.append(
            tr._("Ante {ante}; bets and raises of {small} before the exchange and {big} after.").format(
                ante=b.ante, small=b.small_bet, big=b.big_bet
            )
        )
    elif small_rounds == 0:
        out.append(tr._("Ante {ante}; every bet and raise is {big}.").format(ante=b.ante, big=b.big_bet))
    elif small_rounds == 1:
        out.append(
            tr._("Ante {ante}; bets and raises of {small} in the first betting round, then {big}.").format(
                ante=b.ante, small=b.small_bet, big=b.big_bet
            )
        )
    else:
        out.append(
            tr._("Ante {ante}; bets and raises of {small} in the first {n} betting rounds, then {big}.").format(
                ante=b.ante, small=b.small_bet, big=b.big_bet, n=small_rounds
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
    out.append(passed)
    return out


def _mork(rules: Any, tr: Translator) -> list[str]:
    t, b, d = rules.table, rules.betting, rules.draw
    out = [tr._("Mørkpoker, five-card draw: {low} to {high} players.").format(low=t.min_players, high=t.max_players)]
    out += _bets_and_exchanges(rules, tr)
    if b.raise_cap is None:
        out.append(tr._("Raising is unlimited."))
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
    out += _openers(rules, tr)
    exchange = tr._("In the exchange each player may change up to {n} cards.").format(n=d.max_cards)
    if d.max_cards_with_ace is not None:
        exchange += " " + tr._("Up to {n} when keeping an ace, which is shown.").format(n=d.max_cards_with_ace)
    out.append(exchange)
    out.append(
        tr._(
            "Best hand at the showdown wins; equal hands split the pot; all-in players win side pots only as far "
            "as they could match."
        )
    )
    return out + _session(rules, tr)


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


def rules_summary(rules: Any, tr: Translator) -> list[str]:
    """The rules in force in a few translated sentences."""
    return _mork(rules, tr) if rules.game == "morkpoker" else _tcp(rules, tr)


def rules_text(rules: Any, tr: Translator) -> str:
    """The summary, then the full explanation with translated section titles."""
    from drawpoker.rules.explain import explain

    lines = [tr._("In short:")] + ["  • " + line for line in rules_summary(rules, tr)] + [""]
    if tr.language == "en":
        lines.append(tr._("In full:"))
    else:
        lines.append(tr._("In full (the rules file's own sentences, in English):"))
    for line in explain(rules).splitlines():
        title = line[:-1] if line.endswith(":") else None
        if title in SECTION_TITLES:
            line = tr._(SECTION_TITLES[title]) + ":"
        lines.append(line)
    return "\n".join(lines)
