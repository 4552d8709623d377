"""The engine's reasons for refusing a command, in the player's language.

The engine explains a refusal in one English sentence
(:class:`~drawpoker.errors.IllegalAction`). The client shows that sentence
translated: each known sentence shape is a pattern whose parts are put
into a translated template. A sentence no pattern knows is shown as the
engine wrote it.

>>> from drawpoker.words.i18n import translator
>>> translate_refusal("Ada cannot check: there is a bet of 1 to call; call, raise or fold", translator("nb"))
'Ada kan ikke checke: det er en innsats på 1 å syne; syne, høyne eller kaste seg'
>>> translate_refusal("something new", translator("nb"))
'something new'

Where a refusal stands on its own -- the table's message line, a phone's
answer, the replay's reason a deal is not confirmed -- :func:`as_sentence`
says it as a sentence: a capital letter (unless it opens with a player's
name or another value, written as given) and a full stop. Inside another
sentence (``... made a move the rules do not allow: {why}``) and on the
command line (``drawpoker simulate: the bot ...``) it stays a clause.

>>> as_sentence("Ada cannot check: there is a bet of 1 to call; call, raise or fold", translator("en"))
'Ada cannot check: there is a bet of 1 to call; call, raise or fold.'
>>> as_sentence("the stock has only 2 cards left; Bo cannot exchange 3", translator("nb"))
'Trekkbunken har bare 2 kort igjen; Bo kan ikke bytte 3.'
>>> as_sentence("ada cannot fold: nobody has bet yet; check or bet", translator("en"))
'ada cannot fold: nobody has bet yet; check or bet.'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from drawpoker.cards import Rank
from drawpoker.notes import Note, Refusal
from drawpoker.words.hands import action_word, rank_plural, rank_word
from drawpoker.words.i18n import N_, NP_, Translator

__all__ = ["translate_refusal", "as_sentence", "PATTERNS", "CardWriter"]

#: how the table writes a card the engine names in its own text (``Tc`` -> ``10♣``)
CardWriter = Callable[[str], str]

_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_N = r"(?P<n>\d+)"

#: (regex, template): the English sentence shapes of the engine and their templates.
PATTERNS: list[tuple[str, str]] = [
    # Mørkpoker betting
    (_NAME + r" cannot (?P<action>check|bet|call|raise|fold): (?P<why>.+)", N_("{name} cannot {action}: {why}")),
    (_NAME + r" cannot (?P<action>\w+) during a betting round", N_("{name} cannot {action} during a betting round")),
    (
        _NAME + r" cannot (?P<action>\w+) during the exchange; say which cards to exchange \(none to stand pat\)",
        N_("{name} cannot {action} during the exchange; say which cards to exchange (none to stand pat)"),
    ),
    (
        _NAME + r" cannot (?P<action>\w+) at the showdown; show or muck",
        N_("{name} cannot {action} at the showdown; show or muck"),
    ),
    (
        _NAME + r" cannot muck: nobody else is left in a pot (?P=name) can win; show to take it",
        N_("{name} cannot muck: nobody else is left in a pot {name} can win; show to take it"),
    ),
    # openers
    (
        _NAME + r" cannot open: (?P<ranks>jacks|queens|kings|aces) or better are needed, (?P=name) has a pair of "
        r"(?P<pair>\w+)",
        N_("{name} cannot open: {ranks} or better are needed, {name} has a pair of {pair}"),
    ),
    (
        _NAME + r" cannot open: (?P<ranks>jacks|queens|kings|aces) or better are needed, (?P=name) has "
        r"(?P<highcard>\w+)-high",
        N_("{name} cannot open: {ranks} or better are needed, {name} has {highcard}-high"),
    ),
    (
        _NAME + r" cannot throw (?P<cards>.+): the house does not allow splitting openers",
        N_("{name} cannot throw {cards}: the house does not allow splitting openers"),
    ),
    # amounts in pot and no limit, the fixed amount in fixed limit (engine/betting.py)
    (
        _NAME + r" may raise to between (?P<low>\d+) and (?P<high>\d+)",
        N_("{name} may raise to between {low} and {high}"),
    ),
    (
        _NAME + r" may raise to between (?P<low>\d+) and (?P<high>\d+) \(all in\)",
        N_("{name} may raise to between {low} and {high} (all in)"),
    ),
    (
        _NAME + r" may raise to between (?P<low>\d+) and (?P<high>\d+) \(the pot\)",
        N_("{name} may raise to between {low} and {high} (the pot)"),
    ),
    (_NAME + r" may bet between (?P<low>\d+) and (?P<high>\d+)", N_("{name} may bet between {low} and {high}")),
    (
        _NAME + r" may bet between (?P<low>\d+) and (?P<high>\d+) \(all in\)",
        N_("{name} may bet between {low} and {high} (all in)"),
    ),
    (
        _NAME + r" may bet between (?P<low>\d+) and (?P<high>\d+) \(the pot\)",
        N_("{name} may bet between {low} and {high} (the pot)"),
    ),
    (_NAME + r" may bet only a whole number of chips", N_("{name} may bet only a whole number of chips")),
    (_NAME + r" may raise only to a whole number of chips", N_("{name} may raise only to a whole number of chips")),
    (_NAME + r" may only raise to " + _N, N_("{name} may only raise to {n}")),
    (_NAME + r" may only raise to " + _N + r" \(all in\)", N_("{name} may only raise to {n} (all in)")),
    (_NAME + r" may only bet " + _N, N_("{name} may only bet {n}")),
    (_NAME + r" may only bet " + _N + r" \(all in\)", N_("{name} may only bet {n} (all in)")),
    # no check-raise
    (
        _NAME + r" checked this round and may not raise: (?P<choices>.+)",
        N_("{name} checked this round and may not raise: {choices}"),
    ),
    (
        _NAME + r" checked this round and may not bet: (?P<choices>.+)",
        N_("{name} checked this round and may not bet: {choices}"),
    ),
    # Mørkpoker exchange
    (
        _NAME + r" may exchange at most (?P<most>\d+) cards, not " + _N,
        N_("{name} may exchange at most {most} cards, not {n}"),
    ),
    (
        _NAME + r" may exchange " + _N + r" cards only when keeping an ace \(the limit is (?P<most>\d+) otherwise\)",
        N_("{name} may exchange {n} cards only when keeping an ace (the limit is {most} otherwise)"),
    ),
    (
        r"the stock has only (?P<left>\d+) cards left; " + _NAME + r" cannot exchange " + _N,
        N_("the stock has only {left} cards left; {name} cannot exchange {n}"),
    ),
    # Three Card Poker
    (
        _NAME + r" cannot play (?P<n>\d+) boxes: these rules allow one box per player",
        N_("{name} cannot play {n} boxes: these rules allow one box per player"),
    ),
    (
        _NAME + r" cannot play (?P<n>\d+) boxes: these rules allow at most (?P<most>\d+) boxes per player",
        N_("{name} cannot play {n} boxes: these rules allow at most {most} boxes per player"),
    ),
    (
        _NAME + r" cannot play (?P<n>\d+) boxes: only (?P<left>\d+) of the table's (?P<all>\d+) are left, keeping one "
        r"for each player still to bet",
        N_(
            "{name} cannot play {n} boxes: only {left} of the table's {all} are left, keeping one for each "
            "player still to bet"
        ),
    ),
    (
        _WHO + r" cannot bet (?P<bet>Pair Plus|Prime|the Six Card Bonus) without an ante: only Pair Plus may be "
        r"played alone",
        N_("{who} cannot bet {bet} without an ante: only Pair Plus may be played alone"),
    ),
    (
        _WHO + r" cannot bet an empty box: a box needs an ante or a Pair Plus bet",
        N_("{who} cannot bet an empty box: a box needs an ante or a Pair Plus bet"),
    ),
    (_WHO + r" cannot bet an empty box: a box needs an ante", N_("{who} cannot bet an empty box: a box needs an ante")),
    (
        _WHO + r" cannot bet an ante of " + _N + r": the ante is exactly (?P<most>\d+)",
        N_("{who} cannot bet an ante of {n}: the ante is exactly {most}"),
    ),
    (
        _WHO + r" cannot bet an ante of " + _N + r": the ante is (?P<least>\d+) to (?P<most>\d+) chips",
        N_("{who} cannot bet an ante of {n}: the ante is {least} to {most} chips"),
    ),
    (
        _WHO + r" cannot bet Pair Plus without an ante: these rules play Pair Plus only together with an ante",
        N_("{who} cannot bet Pair Plus without an ante: these rules play Pair Plus only together with an ante"),
    ),
    (
        _WHO + r" cannot bet (?P<bet>Pair Plus|Prime|the Six Card Bonus): these rules do not offer it",
        N_("{who} cannot bet {bet}: these rules do not offer it"),
    ),
    (
        _WHO + r" cannot bet " + _N + r" on (?P<bet>Pair Plus|Prime|the Six Card Bonus): the most is (?P<most>\d+)",
        N_("{who} cannot bet {n} on {bet}: the most is {most}"),
    ),
    (
        _NAME + r" cannot cover these bets: with the Play bet they could need, they come to (?P<need>\d+) chips and "
        r"(?P=name) has (?P<stack>\d+)",
        N_(
            "{name} cannot cover these bets: with the Play bet they could need, they come to {need} chips and "
            "{name} has {stack}"
        ),
    ),
    (
        _NAME + r" cannot cover these bets: with the Play bets they could need, they come to (?P<need>\d+) chips and "
        r"(?P=name) has (?P<stack>\d+)",
        N_(
            "{name} cannot cover these bets: with the Play bets they could need, they come to {need} chips and "
            "{name} has {stack}"
        ),
    ),
    (
        _NAME + r" cannot cover these bets: they come to (?P<need>\d+) chips and (?P=name) has (?P<stack>\d+)",
        N_("{name} cannot cover these bets: they come to {need} chips and {name} has {stack}"),
    ),
    (
        _NAME + r" cannot bet that much: the bank could owe up to (?P<worst>\d+) on these bets and can cover only "
        r"(?P<room>\d+) more \(it holds (?P<bank>\d+) chips\); the largest ante it would take alone is (?P<ante>\d+)",
        N_(
            "{name} cannot bet that much: the bank could owe up to {worst} on these bets and can cover only "
            "{room} more (it holds {bank} chips); the largest ante it would take alone is {ante}"
        ),
    ),
    (
        _NAME + r" cannot bet that much: the bank could owe up to (?P<worst>\d+) on these bets and can cover only "
        r"(?P<room>\d+) more \(it holds (?P<bank>\d+) chips\); it can take no ante now",
        N_(
            "{name} cannot bet that much: the bank could owe up to {worst} on these bets and can cover only "
            "{room} more (it holds {bank} chips); it can take no ante now"
        ),
    ),
    (
        _NAME + r" cannot play box (?P<box>\d+): the Play bet is (?P<amount>\d+) and (?P=name) has (?P<stack>\d+)",
        N_("{name} cannot play box {box}: the Play bet is {amount} and {name} has {stack}"),
    ),
    (_NAME + r" cannot place bets now: the cards are dealt", N_("{name} cannot place bets now: the cards are dealt")),
    (
        _NAME + r" cannot (?P<action>play|fold) yet: the bets are still being placed",
        N_("{name} cannot {action} yet: the bets are still being placed"),
    ),
    # what `drawpoker settle` can meet besides: a written deal's actions are not offered by the table
    (r"it is (?P<who>.+?)'s turn, not " + _NAME + r"'s", N_("it is {who}'s turn, not {name}'s")),
    (_NAME + r" does not hold (?P<card>\S+)", N_("{name} does not hold {card}")),
    (_NAME + r" holds only one joker", N_("{name} holds only one joker")),
    (_NAME + r" named a card twice", N_("{name} named a card twice")),
    (
        _NAME + r" cannot play (?P<n>\d+) boxes: these rules allow (?P<most>\d+) per player",
        N_("{name} cannot play {n} boxes: these rules allow {most} per player"),
    ),
]

#: The reasons after "cannot {action}:" in a Mørkpoker betting refusal; the
#: engine may follow one with "; " and what the player may do instead.
_WHY: list[tuple[str, str]] = [
    (r"there is a bet of " + _N + r" to call", N_("there is a bet of {n} to call")),
    (r"there is no bet to call", N_("there is no bet to call")),
    (r"no chips are left beyond the call", N_("no chips are left beyond the call")),
    (r"nobody else has chips left to bet against", N_("nobody else has chips left to bet against")),
    (r"nobody has bet yet", N_("nobody has bet yet")),
    (r"there is already a bet", N_("there is already a bet")),
    (
        r"the last all-in raise was too small to reopen the betting",
        N_("the last all-in raise was too small to reopen the betting"),
    ),
    (r"the house allows no raises, only bets", N_("the house allows no raises, only bets")),
    (
        r"the betting is capped: " + _N + r" raises have been made this round",
        N_("the betting is capped: {n} raises have been made this round"),
    ),
    (
        r"the bet is short of a full bet: complete it with bet, or call or fold",
        N_("the bet is short of a full bet: complete it with bet, or call or fold"),
    ),
]

#: What a player may do instead, as the engine lists it ("check, bet or fold").
_INSTEAD = {
    "check": NP_("instead", "check"),
    "bet": NP_("instead", "bet"),
    "call": NP_("instead", "call"),
    "raise": NP_("instead", "raise"),
    "fold": NP_("instead", "fold"),
    "complete the short bet (bet)": NP_("instead", "complete the short bet (bet)"),
}

_BETS = {"Pair Plus": N_("Pair Plus"), "Prime": N_("Prime"), "the Six Card Bonus": N_("the Six Card Bonus")}

_COMPILED = [(re.compile(p + r"\Z"), t) for p, t in PATTERNS]
_COMPILED_WHY = [(re.compile(p + r"\Z"), t) for p, t in _WHY]


def _fill(match: re.Match[str], template: str, tr: Translator, cards: CardWriter | None = None) -> str:
    parts: dict[str, str] = {}
    converters: dict[str, Callable[[str], str]] = {
        # the cards named as the table writes them (``10♣`` for the engine's ``Tc``), when it says how
        "card": cards or str,
        "cards": lambda v: " ".join(map(cards or str, v.split())),
        "action": lambda v: (
            action_word(v, tr)
            if v in ("check", "bet", "call", "raise", "fold", "play", "exchange", "show", "muck")
            else v
        ),
        "why": lambda v: _why(v, tr),
        "bet": lambda v: tr._(_BETS[v]),
        "who": lambda v: _who(v, tr),
        "ranks": lambda v: _rank_name(v, tr, plural=True),
        "pair": lambda v: _rank_name(v, tr, plural=True),
        "highcard": lambda v: _rank_name(v, tr, plural=False),
        "choices": lambda v: _choices(v, tr) or v,
    }
    for key, value in match.groupdict().items():
        convert = converters.get(key)
        parts[key] = value if convert is None else convert(value)
    return tr._(template).format(**parts)


def _exact(
    message: str, table: list[tuple[re.Pattern[str], str]], tr: Translator, cards: CardWriter | None = None
) -> str | None:
    for pattern, template in table:
        match = pattern.match(message)
        if match:
            return _fill(match, template, tr, cards)
    return None


def _choices(text: str, tr: Translator) -> str | None:
    """``check, bet or fold`` in the language, or None if it is not such a list."""
    items = re.split(r", | or ", text)
    if not items or any(item not in _INSTEAD for item in items):
        return None
    words = [tr.p("instead", _INSTEAD[item]) for item in items]
    if len(words) == 1:
        return words[0]
    return tr._("{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _why(text: str, tr: Translator) -> str:
    """A betting refusal's reason, with what the player may do instead."""
    whole = _exact(text, _COMPILED_WHY, tr)
    if whole is not None:
        return whole
    head, sep, tail = text.rpartition("; ")
    reason = _exact(head, _COMPILED_WHY, tr) if sep else None
    choices = _choices(tail, tr) if sep else None
    if reason is None or choices is None:
        return text
    return tr._("{reason}; {choices}").format(reason=reason, choices=choices)


def _rank_name(text: str, tr: Translator, plural: bool) -> str:
    """An English rank name ('nines', 'king') in the language."""
    for rank in Rank:
        if text == (rank.plural if plural else rank.word):
            return rank_plural(rank, tr) if plural else rank_word(rank, tr)
    return text


def _who(text: str, tr: Translator) -> str:
    m = re.fullmatch(r"(.+) \(box (\d+)\)", text)
    if m:
        return tr._("{name} (box {box})").format(name=m.group(1), box=m.group(2))
    return text


def translate_refusal(message: str, tr: Translator, cards: CardWriter | None = None) -> str:
    """The engine's refusal ``message`` in the language of ``tr``; the cards it
    names written by ``cards`` (the table's look: ``10♣`` for ``Tc``), else as the engine wrote them."""
    translated = _exact(message, _COMPILED, tr, cards)
    return message if translated is None else translated


def known(message: str) -> bool:
    """True when a pattern knows the shape of ``message``."""
    return any(p.match(message) for p, _ in _COMPILED)


#: the ends a sentence already has (a ``?`` after a space is a card not shown: ``Bo does not hold ?``)
_ENDS = re.compile(r"(?:[.!…]|(?<! )\?)\Z")
#: a template's first value (``{name}`` in ``"{name} cannot check: {why}"``)
_FIRST_VALUE = re.compile(r"\{(\w+)\}")


def _opens_with_words(said: Note | str, tr: Translator) -> bool:
    """Whether ``said`` in the language of ``tr`` opens with its template's own
    words (False when it opens with a value given: a player's name, a file)."""
    if isinstance(said, Refusal):
        said = str(said)
    if isinstance(said, str):  # the engine's sentence: its pattern's template tells
        template = next((t for p, t in _COMPILED if p.match(said)), None)
        if template is None:  # a shape no pattern knows opens with the engine's own words
            return True
        said = Note(template)
    first = _FIRST_VALUE.match(tr._(said.template))
    if first is None:
        return True
    value = said.values.get(first.group(1))
    return isinstance(value, Note) and _opens_with_words(value, tr)


def as_sentence(said: Note | str, tr: Translator, cards: CardWriter | None = None) -> str:
    """An engine's refusal (its text, or a note; a note holding one) said on its
    own in the language of ``tr``: one sentence, with a capital letter unless it
    opens with a value (a name is written as the player gave it) and a full stop.
    ``cards`` writes the cards it names as the table does (``10♣``, or ``10c`` in ASCII).

    >>> from drawpoker.words.i18n import translator
    >>> as_sentence("Bo does not hold Tc", translator("nb"), cards=lambda c: c.replace("T", "10"))
    'Bo har ikke 10c.'
    """
    text = tr.say(said, cards) if isinstance(said, Note) else translate_refusal(said, tr, cards)
    if text and _opens_with_words(said, tr):
        text = text[0].upper() + text[1:]
    return text if not text or _ENDS.search(text) else text + "."
