"""The draw coach: the exact odds of each sensible exchange, for the player
to act and nobody else.

The numbers come from :func:`drawpoker.games.draw.odds.draw_odds` (every
draw from the cards the player cannot see is counted, under the table's
rules); this module only decides which cards the player has seen and how
many opponents are still in, and lays the odds out as a small table: one
row per choice (the cards kept and how many are drawn), one column per
final hand, what the hand is then worth -- its chance to beat the hands of
the sensible opponents still in, after their exchange -- and a mark on the
choice worth most.

Private by construction: :func:`coach_odds` takes the viewer's own hand
and only what that player has seen (public cards, their own discards).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from drawpoker.cards import Card
from drawpoker.client.lines import Line, line_width, ljust, rjust, styled, wrap
from drawpoker.client.look import Look
from drawpoker.games.draw.odds import DrawOdds, draw_odds
from drawpoker.words.i18n import NP_, Translator

__all__ = ["coach_odds", "coach_lines", "seen_by", "opponents_of", "OUTCOME_HEADS"]

#: the final hands' short column heads, strongest first ("high" poker)
OUTCOME_HEADS: dict[str, str] = {
    "five of a kind": NP_("odds column", "five"),
    "straight flush": NP_("odds column", "s.fl."),
    "four of a kind": NP_("odds column", "quads"),
    "full house": NP_("odds column", "full"),
    "flush": NP_("odds column", "flush"),
    "straight": NP_("odds column", "strt"),
    "three of a kind": NP_("odds column", "trips"),
    "two pair": NP_("odds column", "2pair"),
    "one pair": NP_("odds column", "pair"),
    "high card": NP_("odds column", "high"),
}

_COLUMN = 6  # each final hand's column, in terminal cells
_LABEL = 21  # the kept cards and the draw


def seen_by(state: Any, seat: int, events: Iterable[Any], public: Iterable[Card]) -> tuple[Card, ...]:
    """The cards ``seat`` has seen besides their hand: the table's public
    cards and the seat's own discards this deal (until the stock is
    reshuffled, when the discards go back among the unseen)."""
    own: list[Card] = []
    for event in events:
        name = type(event).__name__
        if name == "CardsExchanged" and event.seat == seat:
            own.extend(event.discarded)
        elif name == "StockReshuffled":
            own = []
    hand = set(state.hands[seat])
    return tuple(dict.fromkeys(c for c in (*public, *own) if c not in hand))


def opponents_of(state: Any, seat: int) -> int:
    """The other players still in the deal (dealt in, not folded); at least one."""
    others = sum(1 for s in range(len(state.in_deal)) if s != seat and state.in_deal[s] and not state.folded[s])
    return max(1, others)


def coach_odds(hand: Sequence[Card], rules: Any, seen: Iterable[Card], opponents: int = 1) -> DrawOdds:
    """The odds of every sensible exchange of ``hand``, each choice's worth
    against ``opponents`` (see :func:`draw_odds`)."""
    return draw_odds(tuple(hand), rules, seen=tuple(seen), opponents=opponents)


def _percent(p: float, tr: Translator) -> str:
    """A chance in percent with one decimal, written as the language writes decimals (Norwegian 28,7)."""
    if p == 0:
        return "·"
    if p < 0.001:
        return tr.decimals("<0.1")
    if p >= 0.9995:
        return "100"
    return tr.decimals(f"{100 * p:.1f}")


#: lowball's "seven low" as a short column head: "7-lo" (Norwegian "7lav"), its rank's letter first
_LOW_HEADS = {
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "T",
    "jack": "J",
    "queen": "Q",
    "king": "K",
}
_WORSE = NP_("odds column", "rest")  # the weakest final hands, together
_LOW = NP_("odds column", "{rank}-lo")  # a lowball hand without a pair, by its top card
_ACE_HIGH = NP_("odds column", "ace")  # deuce-to-seven's ace high: the best hand that is not a low


def _head(word: str, tr: Translator) -> str:
    key = OUTCOME_HEADS.get(word)
    if key is not None:
        return tr.p("odds column", key)
    if word == "the wheel":  # ace-to-five's best: the only five low
        return tr.p("odds column", _LOW).format(rank="5")
    if word == "ace high":
        return tr.p("odds column", _ACE_HIGH)
    first, _, rest = word.partition(" ")
    if rest == "low" and first in _LOW_HEADS:
        return tr.p("odds column", _LOW).format(rank=_LOW_HEADS[first])
    return word


def _strongest_first(orders: list[list[str]]) -> list[str]:
    """The final hands of every choice in one order, strongest first.

    Each choice lists its own outcomes strongest first; the lists are merged
    so that every pair keeps its order (a topological merge, ties by first
    appearance), which puts "seven low" before "eight low" whichever choice
    named which first.
    """
    seen: dict[str, int] = {}
    after: dict[str, set[str]] = {}
    before_count: dict[str, int] = {}
    for order in orders:
        for word in order:
            seen.setdefault(word, len(seen))
            after.setdefault(word, set())
            before_count.setdefault(word, 0)
        for stronger, weaker in zip(order, order[1:], strict=False):
            if weaker not in after[stronger]:
                after[stronger].add(weaker)
                before_count[weaker] += 1
    ready = sorted((w for w, n in before_count.items() if n == 0), key=seen.__getitem__)
    out: list[str] = []
    while ready:
        word = ready.pop(0)
        out.append(word)
        for weaker in after[word]:
            before_count[weaker] -= 1
            if before_count[weaker] == 0:
                ready.append(weaker)
        ready.sort(key=seen.__getitem__)
    out += [w for w in sorted(seen, key=seen.__getitem__) if w not in out]  # (no cycles: the order is strength)
    return out


def coach_lines(odds: DrawOdds, tr: Translator, look: Look, columns: int) -> list[Line]:
    """The odds as a table ``columns`` wide: a row per choice, best marked."""
    words = _strongest_first([[word for word, _ in choice.outcomes] for choice in odds.choices])
    if all(w in OUTCOME_HEADS for w in words):  # high poker: the categories' own order
        order = {w: i for i, w in enumerate(OUTCOME_HEADS)}
        words.sort(key=order.__getitem__)
    best = odds.best
    labels: list[Line] = []
    for choice in odds.choices:
        kept: Line = look.cards(choice.keep) if choice.keep else [("", tr._("nothing"))]
        draw = " +" + str(len(choice.discard)) if choice.discard else " " + tr._("(pat)")
        labels.append([("", " ")] + kept + [("", draw)])
    label = max([_LABEL, *(line_width(cells) + 1 for cells in labels)])
    col = _COLUMN if label + len(words) * _COLUMN + _COLUMN + 2 + 3 <= columns else _COLUMN - 1
    room = max(2, (columns - label - (col + 2) - 3) // col)
    worse: list[str] = []
    if len(words) > room:  # too many final hands for the width: the weakest share one column
        words, worse = words[: room - 1], words[room - 1 :]
    head = ljust(tr._("keep, draw"), label)
    head += "".join(rjust(_head(w, tr)[: col - 1], col) for w in words)
    if worse:
        head += rjust(tr.p("odds column", _WORSE)[: col - 1], col)
    head += rjust(tr._("wins"), col + 2)
    out: list[Line] = [
        styled("class:title", tr._("The odds of each exchange (exact, over the cards you have not seen):")),
        styled("class:dim", head),
    ]
    for choice, cells in zip(odds.choices, labels, strict=True):
        marked = choice is best
        row: Line = cells + [("", " " * (label - line_width(cells)))]
        chances = dict(choice.outcomes)
        row.append(("", "".join(rjust(_percent(chances.get(w, 0.0), tr), col) for w in words)))
        if worse:
            row.append(("", rjust(_percent(sum(chances.get(w, 0.0) for w in worse), tr), col)))
        row.append(("class:good" if marked else "", rjust(_percent(choice.worth, tr), col + 2)))
        if marked:
            row.append(("class:good", " " + ("★" if look.unicode else "*")))
        out.append(row)
    if best.discard:
        summary = tr._("Best: keep {cards} and draw {n}.").format(
            cards=" ".join(_plain(look, best.keep)) or tr._("nothing"), n=len(best.discard)
        )
    else:
        summary = tr._("Best: stand pat.")
    n = odds.opponents
    if n == 1:
        summary += " " + tr._("Then it wins against a sensible opponent {p}% of the time").format(
            p=_percent(best.worth, tr)
        )
    else:  # (two or more: one plural form in either language)
        summary += " " + tr._("Then it wins against all {n} sensible opponents {p}% of the time").format(
            n=n, p=_percent(best.worth, tr)
        )
    if best.discard:
        summary += tr._("; a better hand than now {p}%.").format(p=_percent(best.p_better, tr))
    else:
        summary += "."
    out += [styled("class:good", line) for line in wrap(summary, columns)]
    return out


def _plain(look: Look, cards: Sequence[Card]) -> list[str]:
    return [text for _, text in look.cards(cards) if text.strip()]
