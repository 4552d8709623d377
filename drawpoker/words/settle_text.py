"""``drawpoker settle``'s report in the language of a translator.

The English report is the settlement's own ``to_text``; this module says
the same lines in another language from the settlement's fields (the
``--json`` form stays English and exact).
"""

from __future__ import annotations

from typing import Any

from drawpoker.cards import format_cards
from drawpoker.words.hands import describe_hand3, join_names
from drawpoker.words.i18n import Translator

__all__ = ["settle_text"]


def settle_text(result: Any, tr: Translator) -> str:
    """The report of a settled deal (Mørkpoker) or round (Three Card Poker)."""
    if tr.language == "en":
        text: str = result.to_text()
        return text
    if hasattr(result, "boxes"):
        return _three_card(result, tr)
    return _morkpoker(result, tr)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _morkpoker(s: Any, tr: Translator) -> str:
    n = s.names
    lines: list[str] = []
    if not s.pots:
        nobody = tr._("Nobody opened") if s.needed else tr._("Everybody checked the first round")
        lines.append(
            tr._("{nobody}: no exchange; the pot of {n} carries to the next deal, dealt by {name}.").format(
                nobody=nobody, n=s.carried_pot, name=n[s.next_button]
            )
        )
    p = s.openers
    if p is not None:
        line = tr._("{name} opened and shows the openers: {cards}").format(
            name=n[p.seat], cards=" ".join(str(c) for c in p.cards)
        )
        if p.apart:
            line += (
                " ("
                + tr._("{cards} thrown in the exchange and kept apart").format(cards=" ".join(str(c) for c in p.apart))
                + ")"
            )
        lines.append(line + ".")
    for pot in s.pots:
        title = tr._("Main pot") if pot.pot == 0 else tr._("Side pot {n}").format(n=pot.pot)
        lines.append(
            tr._("{pot}: {n} chips, contested by {names}.").format(
                pot=title, n=pot.amount, names=join_names([n[x] for x in pot.eligible], tr)
            )
        )
        for seat, chips in pot.shares:
            if seat not in s.hands:
                how = tr._("unseen (everyone else folded or mucked)")
            elif s.ranking is not None and s.ranking.lowball:
                how = tr._("with the lowest hand, {hand}").format(hand=_shown_words(s, seat, tr))
            else:
                how = tr._("with {hand}").format(hand=_shown_words(s, seat, tr))
            lines.append("  " + tr._("{name} wins {n} {how}.").format(name=n[seat], n=chips, how=how))
        if len(pot.shares) > 1:
            if pot.odd:
                split = tr._("Split {n} ways; odd chip to {names} (first clockwise from the button).").format(
                    n=len(pot.shares), names=join_names([n[x] for x in pot.odd], tr)
                )
            else:
                split = tr._("Split {n} ways evenly.").format(n=len(pot.shares))
            lines.append("  " + split)
    for seat in s.mucked:
        lines.append(tr._("{name} mucked and cannot win.").format(name=n[seat]))
    stacks = ", ".join(f"{n[x]} {s.stacks[x]}" for x in range(len(n)))
    lines.append(tr._("Stacks after the deal: {stacks}.").format(stacks=stacks))
    return "\n".join(lines)


def _shown_words(s: Any, seat: int, tr: Translator) -> str:
    """A shown hand in the words of the deal's ranking (high poker, lowball,
    jokers, wild cards), in the language of ``tr``: the same strength as the
    engine's English words, said from the cards."""
    from drawpoker.words.hands import describe_hand

    return describe_hand(s.shown[seat], tr, s.ranking)


def _outcome(net: int, stake: int, why: str, tr: Translator) -> str:
    if net > 0:
        return tr._("wins {n} ({why})").format(n=net, why=why)
    if net < 0:
        return tr._("loses {n} ({why})").format(n=stake, why=why)
    return tr._("returned ({why})").format(why=why)


def _three_card(s: Any, tr: Translator) -> str:
    from drawpoker.games.three_card.hands import category3_of, strength3
    from drawpoker.games.three_card.paytables import one_colour, six_card_name
    from drawpoker.hands import best_five
    from drawpoker.words.hands import describe_hand

    rules = s.rules
    qualifier = {
        "any": tr._("any hand"),
        "jack_high": tr._("jack-high or better"),
        "queen_high": tr._("queen-high or better"),
    }.get(rules.bets.dealer_qualifier, rules.bets.dealer_qualifier)
    verdict = tr._("qualifies") if s.dealer_qualifies else tr._("does not qualify")
    lines = [
        tr._("The dealer has {cards}, {hand}, and {verdict} (the dealer needs {qualifier}).").format(
            cards=format_cards(s.dealer, unicode=True),
            hand=describe_hand3(s.dealer, tr),
            verdict=verdict,
            qualifier=qualifier,
        )
    ]
    several = {b.name for b in s.boxes if sum(x.name == b.name for x in s.boxes) > 1}
    count: dict[str, int] = {}
    dealer_strength = strength3(s.dealer)
    for box in s.boxes:
        count[box.name] = count.get(box.name, 0) + 1
        who = tr._("{name} (box {n})").format(name=box.name, n=count[box.name]) if box.name in several else box.name
        does = {"play": tr._("plays"), "fold": tr._("folds"), None: tr._("bets Pair Plus alone")}[box.decision]
        lines.append(f"{who}: {format_cards(box.cards, unicode=True)}, {describe_hand3(box.cards, tr)}; {does}.")
        r, bets = box.result, box.bets
        own = strength3(box.cards)
        category = category3_of(own)
        cat_words = tr.p("hand", category.words)
        out: list[str] = []
        if bets["ante"]:
            if box.decision == "fold":
                out.append(tr._("Ante {n}: loses {n} (folded).").format(n=bets["ante"]))
            else:
                if not s.dealer_qualifies:
                    why = tr._("the dealer does not qualify")
                elif own > dealer_strength:
                    why = tr._("beats the dealer")
                elif own == dealer_strength:
                    why = tr._("a tie with the dealer")
                else:
                    why = tr._("the dealer's hand is better")
                out.append(
                    tr._("Ante {n}: {outcome}.").format(
                        n=bets["ante"], outcome=_outcome(r["ante"], bets["ante"], why, tr)
                    )
                )
                out.append(
                    tr._("Play {n}: {outcome}.").format(
                        n=bets["play"], outcome=_outcome(r["play"], bets["play"], why, tr)
                    )
                )
                if r["ante_bonus"]:
                    pays = rules.bets.ante_bonus[category.name.lower()]
                    out.append(
                        tr._("Ante bonus: wins {n} ({hand} pays {pays}:1 on the ante).").format(
                            n=r["ante_bonus"], hand=cat_words, pays=pays
                        )
                    )
        if bets["pair_plus"]:
            stake = bets["pair_plus"]
            pays = rules.pair_plus.paytable.get(category.name.lower(), 0)
            if box.decision == "fold" and rules.pair_plus.after_fold == "forfeited":
                why = tr._("forfeited with the fold under these rules")
            elif pays:
                why = tr._("{hand} pays {pays}:1").format(hand=cat_words, pays=pays)
            else:
                why = tr._("{hand} pays nothing").format(hand=cat_words)
            out.append(
                tr._("Pair Plus {n}: {outcome}.").format(n=stake, outcome=_outcome(r["pair_plus"], stake, why, tr))
            )
        if bets["prime"]:
            colour = one_colour(box.cards)
            if colour is None:
                why = tr._("the three cards are not all one colour")
            else:
                words = tr._("all red") if colour else tr._("all black")
                theirs = one_colour(s.dealer)
                if theirs is not None and (theirs == colour or rules.prime.dealer_colour == "any"):
                    too = (
                        tr._("the dealer's three the same colour too")
                        if theirs == colour
                        else tr._("the dealer's three one colour too")
                    )
                    why = f"{words}, {too}: {rules.prime.pays_with_dealer}:1"
                else:
                    why = f"{words}: {rules.prime.pays}:1"
            out.append(
                tr._("Prime {n}: {outcome}.").format(
                    n=bets["prime"], outcome=_outcome(r["prime"], bets["prime"], why, tr)
                )
            )
        if bets["six_card"]:
            six = tuple(box.cards) + tuple(s.dealer)
            name = six_card_name(six)
            words = tr._("royal flush") if name == "royal_flush" else describe_hand(best_five(six).cards, tr)
            pays = rules.six_card_bonus.paytable.get(name, 0)
            why = (
                tr._("best five of six: {hand}").format(hand=words)
                + ", "
                + (tr._("pays {pays}:1").format(pays=pays) if pays else tr._("pays nothing"))
            )
            out.append(
                tr._("Six Card Bonus {n}: {outcome}.").format(
                    n=bets["six_card"], outcome=_outcome(r["six_card"], bets["six_card"], why, tr)
                )
            )
        lines += ["  " + line for line in out]
        staked = sum(box.bets.values())
        lines.append(
            "  "
            + tr._("Net: {net}; {back} back for {staked} staked.").format(
                net=_signed(box.net), back=staked + box.net, staked=staked
            )
        )
    net = s.bank_net
    if net > 0:
        lines.append(tr._("The bank wins {n}.").format(n=net))
    elif net < 0:
        lines.append(tr._("The bank loses {n}.").format(n=-net))
    else:
        lines.append(tr._("The bank breaks even."))
    return "\n".join(lines)
