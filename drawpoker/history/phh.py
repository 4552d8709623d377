"""PHH (https://github.com/uoftcprg/phh-std) from a deal's events, in the
order the standard and pokerkit replay.

A draw in PHH is everyone's discards first (``p1 sd 7c2s``, ``p2 sd``, ...
in the order they exchange), then the replacements (``d dh p1 9h9c``, ...)
in the same order; the table deals them one player at a time, but the
standard (and pokerkit, which burns a card between the two) writes every
discard before any replacement. Bets and raises are written as the
player's total this round (``p3 cbr 15``), checks and calls as ``cc``; the
antes and blinds are not written (the ``antes`` and
``blinds_or_straddles`` fields post them).

Games with a standard code are written in it: no-limit deuce-to-seven
single draw ``N2L1D`` and fixed-limit deuce-to-seven triple draw ``F2L3D``
(both with blinds). Every other game gets a non-standard code built the
same way -- structure ``F``/``P``/``N``, ranking ``H`` (high), ``2L``
(deuce-to-seven) or ``A5L`` (ace-to-five), the number of draws, ``D`` --
so Mørkpoker is ``FH1D``; PHH readers such as pokerkit do not know these
codes, and the export says so in one line. House rules the variant does
not carry travel in ``_``-prefixed user fields, which the standard allows:
``_raise_cap`` (-1 for unlimited), ``_cap_lifted_heads_up``,
``_incomplete_raise_reopens``, ``_max_exchange``, ``_round_two_starter``,
``_odd_chip``, ``_carried_pot_in`` and ``_carried_pot_out`` (a
checked-through deal's pot carries to the next), and others. pokerkit's
own F2L3D allows four bets a round where docs/rules.md allows five, so a deal
with a fifth bet does not replay there (``_raise_cap`` says why).

:func:`phh_actions` turns events into actions; :func:`deal_fields` builds
one hand's fields; :func:`export_phh` writes a history.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TextIO

from drawpoker.cards import Card
from drawpoker.notes import N_, Note
from drawpoker.terminal import complain, emit, json_text, visible

__all__ = ["PhhGame", "STANDARD_VARIANTS", "phh_game", "phh_actions", "deal_fields", "dumps", "export_phh"]

#: the standard's codes for the games drawpoker plays
STANDARD_VARIANTS = {
    ("no_limit", "deuce_to_seven", 1): "N2L1D",
    ("fixed_limit", "deuce_to_seven", 3): "F2L3D",
}
_STRUCTURE_LETTER = {"fixed_limit": "F", "pot_limit": "P", "no_limit": "N"}
_RANKING_LETTERS = {"high": "H", "deuce_to_seven": "2L", "ace_to_five": "A5L"}
_ROUND_NAMES = {1: "first", 2: "second", 3: "third", 4: "fourth"}


class PhhGame(NamedTuple):
    """How a ruleset's deals are written: the variant code, whether the
    standard defines it, and the fields every hand repeats."""

    variant: str
    standard: bool
    name: str  # the game in words
    limit_fields: dict[str, int]  # small_bet and big_bet, or min_bet
    ante: int
    dealer_ante: int
    blinds: tuple[int, int] | None
    house: dict[str, Any]  # the "_" fields
    words: Note  # the name, to be said in the player's language


def _setting(rules: Any, section: str, name: str, default: Any) -> Any:
    """A setting of ``rules``; the default for one the rules model does not
    have yet (docs/rules.md 4.5 names: betting.structure, betting.blinds ...)."""
    return getattr(getattr(rules, section, None), name, default)


def phh_game(rules: Any) -> PhhGame:
    """The PHH variant of a draw ruleset, and its fields."""
    structure = _setting(rules, "betting", "structure", "fixed_limit")
    ranking = _setting(rules, "showdown", "ranking", "high")
    exchanges = _setting(rules, "draw", "exchanges", 1)
    raw_blinds = _setting(rules, "betting", "blinds", None)
    blinds = (int(raw_blinds[0]), int(raw_blinds[1])) if raw_blinds else None
    ante = _setting(rules, "betting", "ante", 0)
    dealer_ante = _setting(rules, "betting", "dealer_ante", 0)
    opening = _setting(rules, "betting", "opening", "any")
    jokers = _setting(rules, "deck", "jokers", 0)
    wild_ranks = tuple(_setting(rules, "deck", "wild_ranks", ()))
    small_bet = _setting(rules, "betting", "small_bet", 1)
    big_bet = _setting(rules, "betting", "big_bet", 2 * small_bet)
    code = STANDARD_VARIANTS.get((structure, ranking, exchanges))
    standard = code is not None and blinds is not None and opening == "any" and not jokers and not wild_ranks
    if not standard:
        code = f"{_STRUCTURE_LETTER.get(structure, 'F')}{_RANKING_LETTERS.get(ranking, 'H')}{exchanges}D"
    assert code is not None
    if structure == "fixed_limit":
        limit_fields = {"small_bet": small_bet, "big_bet": big_bet}
    else:
        limit_fields = {"min_bet": blinds[1] if blinds else small_bet}
    words = _game_words(structure, ranking, exchanges)
    if code == "FH1D" and not blinds and opening == "any" and not jokers and not wild_ranks:
        words = Note(N_("Mørkpoker: {name}"), name=words)
    name = str(words)
    house: dict[str, Any] = {"_variant_name": name}
    raise_cap = _setting(rules, "betting", "raise_cap", None)
    if structure == "fixed_limit":
        house["_raise_cap"] = -1 if raise_cap is None else raise_cap
        house["_cap_lifted_heads_up"] = bool(_setting(rules, "betting", "cap_lifted_heads_up", False))
        house["_incomplete_raise_reopens"] = str(_setting(rules, "betting", "incomplete_raise_reopens", "1/2"))
    house["_max_exchange"] = _setting(rules, "draw", "max_cards", 5)
    with_ace = _setting(rules, "draw", "max_cards_with_ace", None)
    if with_ace is not None:
        house["_max_exchange_with_ace"] = with_ace
    house["_round_two_starter"] = _setting(rules, "betting", "round_two_starter", "left_of_button")
    house["_odd_chip"] = _setting(rules, "showdown", "odd_chip", "left_of_button")
    house["_stock_exhaustion"] = _setting(rules, "draw", "stock_exhaustion", "refuse")
    for key, value, default in (
        ("_opening", opening, "any"),
        ("_check_raise", _setting(rules, "betting", "check_raise", "allowed"), "allowed"),
        ("_jokers", jokers, 0),
        ("_joker", _setting(rules, "deck", "joker", "bug"), "bug" if not jokers else None),
        ("_wild_ranks", list(wild_ranks), []),
    ):
        if value != default:
            house[key] = value
    return PhhGame(code, standard, name, limit_fields, ante, dealer_ante, blinds, house, words)


#: the betting structures, the rankings and the exchanges in the words a game's name is made of
_LIMIT_WORDS = {"fixed_limit": N_("fixed-limit"), "pot_limit": N_("pot-limit"), "no_limit": N_("no-limit")}
_RANKING_NAMES = {
    "high": N_("{limit} five-card draw high, {draws}"),
    "deuce_to_seven": N_("{limit} five-card draw deuce-to-seven lowball, {draws}"),
    "ace_to_five": N_("{limit} five-card draw ace-to-five lowball, {draws}"),
}
_DRAW_WORDS = {1: N_("one exchange"), 2: N_("two exchanges"), 3: N_("three exchanges")}


def _game_words(structure: str, ranking: str, exchanges: int) -> Note:
    """A draw game in words (``fixed-limit five-card draw high, one
    exchange``), as a note: English in the PHH file, the player's language
    where the export speaks to the player."""
    limit = Note(_LIMIT_WORDS[structure]) if structure in _LIMIT_WORDS else structure.replace("_", "-")
    draws = Note(_DRAW_WORDS[exchanges]) if exchanges in _DRAW_WORDS else Note(N_("{n} exchanges"), n=exchanges)
    if ranking in _RANKING_NAMES:
        return Note(_RANKING_NAMES[ranking], limit=limit, draws=draws)
    return Note(N_("{limit} five-card draw {kind}, {draws}"), limit=limit, kind=ranking, draws=draws)


def _cards(cards: Iterable[Card]) -> str:
    return "".join(str(c) for c in cards)


def _hidden(cards: Iterable[Card]) -> str:
    """Cards the table did not see, as the standard writes unknown cards: ``??`` each."""
    return "??" * len(tuple(cards))


def phh_actions(
    events: Iterable[Any], label: Mapping[int, str], names: Sequence[str], reveal: bool = True
) -> list[tuple[str, str]]:
    """The PHH actions of one deal's events, each with a comment for the
    reader (an action "" is a comment line of its own). ``label`` maps
    seats to ``p1``, ``p2``...; ``names`` are the seats' names.

    Each draw's replacements are held back until the last player of the
    draw has discarded, as the standard orders them. Without ``reveal``
    only what the table saw is written: every hole card, discard and card
    drawn is ``??`` (the counts are public), a hand shown at the showdown
    is written as shown, and a hand that won unseen stays unseen.
    """
    cards_of = _cards if reveal else _hidden
    out: list[tuple[str, str]] = []
    held: list[tuple[str, str]] = []  # this draw's replacement deals, not yet written
    bets: dict[int, int] = {}  # chips in front of each seat this round
    hands: dict[int, tuple[Card, ...]] = {}
    shown: set[int] = set()  # seats that showed or mucked at the showdown
    showdown = False
    draw = 0
    for event in events:
        kind = type(event).__name__
        if held and kind not in ("CardsExchanged", "StockReshuffled"):
            out.extend(held)
            held.clear()
        seat = getattr(event, "seat", None)
        who = visible(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else ""
        p = label.get(seat, "") if isinstance(seat, int) else ""
        if kind == "CardsDealt":
            hands[event.seat] = tuple(event.cards)
            out.append((f"d dh {p} {cards_of(event.cards)}", who))
        elif kind == "RoundStarted":
            bets = {}
            out.append(("", f"{_ROUND_NAMES.get(event.round, f'round {event.round}')} betting round"))
        elif kind == "Checked":
            out.append((f"{p} cc", who))
        elif kind == "Called":
            bets[event.seat] = bets.get(event.seat, 0) + event.amount
            out.append((f"{p} cc", who))
        elif kind == "BetPlaced":
            bets[event.seat] = bets.get(event.seat, 0) + event.amount
            out.append((f"{p} cbr {bets[event.seat]}", who))
        elif kind == "Raised":
            bets[event.seat] = event.to
            out.append((f"{p} cbr {event.to}", who))
        elif kind == "Folded":
            out.append((f"{p} f", who))
        elif kind == "ExchangeStarted":
            draw += 1
            out.append(("", f"draw {draw}" if draw > 1 else "the exchange"))
        elif kind == "CardsExchanged":
            gone = set(event.discarded)
            hands[event.seat] = tuple(c for c in hands.get(event.seat, ()) if c not in gone) + tuple(event.drawn)
            note = f" # shows {event.ace_shown} to exchange {len(event.discarded)}" if event.ace_shown else ""
            out.append((f"{p} sd {cards_of(event.discarded)}".rstrip() + note, who))
            if event.drawn:
                held.append((f"d dh {p} {cards_of(event.drawn)}", who))
        elif kind == "StockReshuffled":
            held.append(("", "the stock ran out: the earlier discards were shuffled into a new stock"))
        elif kind == "ShowdownStarted":
            showdown = True
            out.append(("", "showdown"))
        elif kind == "HandShown":
            shown.add(event.seat)
            out.append((f"{p} sm {_cards(event.cards)}", who))
        elif kind == "HandMucked":
            shown.add(event.seat)
            out.append((f"{p} sm", who))
        elif kind == "PotAwarded" and showdown:
            # The last hand not mucked wins without being shown. PHH (and
            # pokerkit) award a showdown pot only to shown cards: write the
            # hand, saying it was not shown at the table.
            for winner, _ in event.shares:
                if winner not in shown and winner in label:
                    shown.add(winner)
                    if reveal:
                        note = " # wins unseen: everyone else mucked; not shown at the table"
                        out.append(
                            (f"{label[winner]} sm {_cards(hands.get(winner, ()))}{note}", visible(names[winner]))
                        )
                    else:
                        out.append(
                            (
                                "",
                                f"{label[winner]} wins unseen: everyone else mucked; not shown at the table "
                                "(--reveal writes the hand)",
                            )
                        )
        elif kind == "DealCheckedThrough":
            out.append((f"# everybody checked: the pot of {event.pot} carries to the next deal", ""))
    out.extend(held)
    return out


def deal_fields(
    game: PhhGame,
    number: int,
    names: Sequence[str],
    button: int,
    starting_stacks: Sequence[int],
    in_deal: Sequence[bool],
    events: Sequence[Any],
    finishing_stacks: Sequence[int],
    extra: Mapping[str, Any] | None = None,
    reveal: bool = True,
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """One hand's PHH fields (``actions`` apart: the second value, with
    their comments). Seats are drawpoker's; PHH's players run from the
    button's left, the button last. ``starting_stacks`` are before the
    forced bets, ``finishing_stacks`` after the deal."""
    n = len(names)
    order = [seat for seat in ((button + k) % n for k in range(1, n + 1)) if in_deal[seat]]
    label = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    k = len(order)
    winnings = dict.fromkeys(order, 0)
    for event in events:
        if type(event).__name__ == "PotAwarded":
            for seat, chips in event.shares:
                winnings[seat] = winnings.get(seat, 0) + chips
    antes = [game.ante] * k
    if game.dealer_ante:
        antes[-1] += game.dealer_ante  # the button is the last player
        if k == 2:
            antes.reverse()  # PHH assigns antes in reverse heads-up
    blinds = [0] * k
    if game.blinds:
        blinds[0], blinds[1] = game.blinds
    fields: dict[str, Any] = {
        "variant": game.variant,
        "ante_trimming_status": not game.dealer_ante,
        "antes": antes,
        "blinds_or_straddles": blinds,
        **game.limit_fields,
        "starting_stacks": [starting_stacks[s] for s in order],
        "hand": number,
        "players": [names[s] for s in order],
        "seats": [s + 1 for s in order],
        "seat_count": n,
        "finishing_stacks": [finishing_stacks[s] for s in order],
        "winnings": [winnings[s] for s in order],
        **game.house,
        **(extra or {}),
    }
    return fields, phh_actions(events, label, names, reveal)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    # a TOML basic string: JSON's escapes are TOML's; every control or invisible character escaped too
    return json_text(str(value), indent=None)


def _key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "")
    return key if bare.isascii() and bare.isalnum() else json.dumps(key, ensure_ascii=False)


def dumps(table: str, fields: Mapping[str, Any], actions: Sequence[tuple[str, str]]) -> str:
    """One hand as a TOML table ``[table]``, the actions one a line with
    their comments."""
    lines = [f"[{table}]"]
    for key, value in fields.items():
        lines.append(f"{_key(key)} = {_toml(value)}")
        if key == "starting_stacks":
            lines.append("actions = [")
            for action, comment in actions:
                if not action:
                    lines.append(f"  # {visible(comment)}")
                else:
                    lines.append(f"  {_toml(action)}," + (f"  # {visible(comment)}" if comment else ""))
            lines.append("]")
    return "\n".join(lines) + "\n"


def export_phh(
    reader: Any,
    out: TextIO,
    only: int | None = None,
    notice: TextIO | None = None,
    reveal: bool = False,
    say: Callable[[Note], str] = str,
) -> int:
    """Write every finished deal of a draw-game history as PHH: one TOML
    document with a table per deal, ``[1]``, ``[2]``... (the standard's
    multi-hand layout); returns deals written. A variant the standard does
    not define is said once on ``notice`` (stderr by default), by ``say``
    (a translator's: in the player's language; English by default). Without
    ``reveal`` a card the table did not see is written ``??``."""
    from drawpoker.errors import HistoryError
    from drawpoker.history.deals import iter_deals

    if reader.game != "morkpoker":
        raise HistoryError(
            Note(
                N_("{file}: PHH export is for Mørkpoker histories; use --format text for Three Card Poker"),
                file=reader.shown,
            )
        )
    game = phh_game(reader.rules)
    if not game.standard:
        unknown = Note(
            N_(
                "PHH has no variant for {game}: written as non-standard {variant} with the house rules in _ fields; "
                "PHH readers such as pokerkit cannot replay it"
            ),
            game=game.words,
            variant=game.variant,
        )
        if notice is None:
            complain(say(unknown))  # (on stderr, within the terminal's width)
        else:
            emit(say(unknown), file=notice)
    out.write(f"# drawpoker export of {visible(reader.shown)}: {visible(game.name)}, PHH variant {game.variant}\n\n")
    written = 0
    extra: dict[str, Any] = {"_rules_fingerprint": reader.header.get("fingerprint", "")}
    if reader.header.get("started"):
        extra["_session_started"] = reader.header["started"]
    variants = dict(getattr(reader.rules, "variants", ()))
    games = {"": game}
    for deal in iter_deals(reader):
        if (only is not None and deal.number != only) or not deal.finished:
            continue
        before = deal.before
        chosen = getattr(before, "game", "")  # dealer's choice: the deal's own game
        if chosen not in games:
            games[chosen] = phh_game(variants.get(chosen, reader.rules))
        game = games[chosen]
        if chosen:
            extra["_game"] = chosen
        start = next(e for e in deal.events if type(e).__name__ == "DealStarted")
        # the seats as the deal was dealt and as its play ended: not those of the table before
        # the comings and goings between deals, nor after the changes made as it ended
        assert deal.dealt is not None and deal.played is not None  # (a finished deal)
        (names, stacks), (_, finishing) = deal.dealt, deal.played
        cards = {e.seat for e in deal.events if type(e).__name__ == "CardsDealt"}
        in_deal = [seat in cards for seat in range(len(stacks))]
        fields, actions = deal_fields(
            game,
            deal.number,
            names,
            start.button,
            stacks,
            in_deal,
            deal.events,
            finishing,
            {**extra, "_carried_pot_in": before.carried, "_carried_pot_out": deal.carried},
            reveal,
        )
        if written:
            out.write("\n")
        out.write(dumps(str(deal.number), fields, actions))
        written += 1
    return written
