"""Exporting a history: a readable transcript, or PHH (TOML).

The text transcript reads like an online-poker hand history: seats,
antes, actions, the exchange counts, the showdown, "collected N from side
pot-1". By default it shows what the table saw (cards shown at the
showdown, exchange counts); ``reveal`` adds every hand and every card
exchanged.

PHH (https://github.com/uoftcprg/phh-std) has no code for five-card draw
high, so Mørkpoker deals are written with ``variant = "FH1D"`` (fixed-limit,
high, one draw: named like the standard's F2L3D and N2L1D); the house rules
travel in ``_``-prefixed user fields, which the standard allows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

from drawpoker.cards import format_cards
from drawpoker.history.deals import Deal, iter_deals
from drawpoker.history.reader import HistoryReader
from drawpoker.ranking import ranking_for_rules
from drawpoker.rules.model import DrawRules

__all__ = ["export_text", "export_phh", "PHH_VARIANT"]

PHH_VARIANT = "FH1D"


def _mork_transcript(deal: Deal, rules: Any, reveal: bool) -> Iterator[str]:
    names = deal.after.names
    before = deal.before
    chosen = getattr(before, "game", "") if before is not None else ""
    if chosen:  # dealer's choice: the deal's own game
        rules = dict(getattr(rules, "variants", ())).get(chosen, rules)
        yield f"Dealer's choice: {chosen}"
    pot_names = {0: "main pot"}
    round_names = {1: "FIRST ROUND", 2: "SECOND ROUND", 3: "THIRD ROUND", 4: "FOURTH ROUND"}
    exchanges = 0
    bet_level: dict[int, int] = {}
    for event in deal.events:
        kind = type(event).__name__
        if kind == "DealStarted":
            b = rules.betting
            structure = getattr(b, "structure", "fixed_limit")
            fixed = structure == "fixed_limit"
            limits = f"bets {b.small_bet}/{b.big_bet}" if fixed else structure.replace("_", " ")
            forced = f"ante {b.ante}"
            if getattr(b, "blinds", None):
                forced = f"blinds {b.blinds[0]}/{b.blinds[1]}" + (f", ante {b.ante}" if b.ante else "")
            if getattr(b, "dealer_ante", 0):
                forced += f", dealer's ante {b.dealer_ante}"
            yield f"Mørkpoker deal #{event.deal}: {forced}, {limits}"
            yield f"Seat {event.button + 1} ({names[event.button]}) is the button"
            for seat, name in enumerate(names):
                if before is not None and not before.out[seat] and before.stacks[seat] > 0:
                    yield f"Seat {seat + 1}: {name} ({before.stacks[seat]} in chips)"
            if before is not None and before.carried:
                yield f"The pot of {before.carried} carried from the last deal is in the middle"
        elif kind == "AntePosted":
            yield f"{names[event.seat]}: posts the ante {event.amount}"
        elif kind == "BlindPosted":
            yield f"{names[event.seat]}: posts the {event.blind} blind {event.amount}" + _all_in(deal, event)
        elif kind == "CardsDealt":
            if reveal:
                yield f"Dealt to {names[event.seat]} [{format_cards(event.cards)}]"
        elif kind == "RoundStarted":
            bet_level = {}
            yield f"*** {round_names.get(event.round, f'ROUND {event.round}')} ***" + (
                "" if event.first is not None else " (no betting: at most one player has chips)"
            )
        elif kind == "Checked":
            yield f"{names[event.seat]}: checks"
        elif kind == "BetPlaced":
            bet_level[event.seat] = event.amount
            yield f"{names[event.seat]}: bets {event.amount}" + _all_in(deal, event)
        elif kind == "Called":
            yield f"{names[event.seat]}: calls {event.amount}" + _all_in(deal, event)
        elif kind == "Raised":
            yield f"{names[event.seat]}: raises to {event.to}" + _all_in(deal, event)
        elif kind == "Folded":
            yield f"{names[event.seat]}: folds"
        elif kind == "BetReturned":
            yield f"Uncalled bet ({event.amount}) returned to {names[event.seat]}"
        elif kind == "DealCheckedThrough":
            nobody = "Nobody opened" if rules.betting.opening != "any" else "Everybody checked"
            yield f"{nobody}: no exchange; the pot of {event.pot} carries to the next deal"
        elif kind == "ExchangeStarted":
            exchanges += 1
            yield "*** EXCHANGE ***" if rules.draw.exchanges == 1 else f"*** EXCHANGE {exchanges} ***"
        elif kind == "OpenersSplit":
            count = len(event.cards)
            apart = f" [{format_cards(event.cards)}]" if reveal else ""
            plural = "s" if count != 1 else ""
            yield f"{names[event.seat]}: splits the openers, keeping {count} card{plural}{apart} apart"
        elif kind == "OpenersShown":
            apart = f" ([{format_cards(event.apart)}] kept apart)" if event.apart else ""
            yield f"{names[event.seat]}: shows the openers [{format_cards(event.cards)}]{apart}"
        elif kind == "CardsExchanged":
            n = len(event.discarded)
            said = "stands pat" if n == 0 else f"exchanges {n} card{'s' if n != 1 else ''}"
            if reveal and n:
                said += f" [{format_cards(event.discarded)}] for [{format_cards(event.drawn)}]"
            if event.ace_shown is not None:
                said += f", showing {event.ace_shown}"
            yield f"{names[event.seat]}: {said}"
        elif kind == "StockReshuffled":
            yield "The stock ran out: the earlier discards are shuffled into a new stock"
        elif kind == "ShowdownStarted":
            yield "*** SHOWDOWN ***"
        elif kind == "HandShown":
            words = ranking_for_rules(rules).describe(event.cards)
            yield f"{names[event.seat]}: shows [{format_cards(event.cards)}] ({words})"
        elif kind == "HandMucked":
            yield f"{names[event.seat]}: mucks" + (f" [{format_cards(deal.after.hands[event.seat])}]" if reveal else "")
        elif kind == "PotAwarded":
            label = pot_names.get(event.pot, f"side pot-{event.pot}")
            for seat, chips in event.shares:
                yield f"{names[seat]} collected {chips} from {label}"
        elif kind == "DealEnded":
            yield "*** SUMMARY ***"
            total = sum(p.amount for p in deal.pots)
            if deal.pots:
                yield f"Total pot {total} | " + " | ".join(f"{p.label.capitalize()} {p.amount}" for p in deal.pots)
            yield "Stacks: " + ", ".join(f"{n} {s}" for n, s in zip(names, event.stacks, strict=False))
        elif kind in ("PlayerRebought",):
            yield f"{names[event.seat]} rebuys for {event.amount}"
        elif kind == "PlayerSatOut":
            yield f"{names[event.seat]} has no chips and sits out"
        elif kind == "SessionEnded":
            why = "the deals are played" if event.reason == "deals" else "one player holds every chip"
            yield f"The session is over ({why})"


def _all_in(deal: Deal, event: Any) -> str:
    # A player is all-in when the chips put in equal what was left: derived from the deal's own events.
    return " and is all-in" if _left_after(deal, event) == 0 else ""


def _left_after(deal: Deal, target: Any) -> int | None:
    before = deal.before
    if before is None:
        return None
    stacks = list(before.stacks)
    for event in deal.events:
        kind = type(event).__name__
        if kind in ("AntePosted", "BlindPosted", "BetPlaced", "Called", "Raised"):
            stacks[event.seat] -= event.amount
        elif kind in ("BetReturned",) or kind == "PlayerRebought":
            stacks[event.seat] += event.amount
        if event is target:
            left: int = stacks[event.seat]
            return left
    return None


_BET_NAMES = ("ante", "Pair Plus", "Prime", "Six Card Bonus")


def _tcp_transcript(deal: Deal, rules: Any, reveal: bool) -> Iterator[str]:
    """A Three Card Poker round. Players' cards are seen by the table when the
    dealer reveals and the bets are settled, so they are shown then."""
    names = deal.after.names
    yield f"Three Card Poker round #{deal.number}, dealer: {deal.dealer}"
    dealt: dict[int, Any] = {}
    for event in deal.events:
        kind = type(event).__name__
        if kind == "BetsPlaced":
            if not event.boxes:
                yield f"{names[event.seat]}: sits this round out"
            for bets in event.boxes:
                placed = ", ".join(f"{name} {amount}" for name, amount in zip(_BET_NAMES, bets, strict=False) if amount)
                yield f"{names[event.seat]}: bets {placed}"
        elif kind == "BoxDealt":
            dealt[event.box] = event.cards
            if reveal:
                yield f"Dealt to {names[event.seat]} (box {event.box + 1}) [{format_cards(event.cards)}]"
        elif kind == "PlayBetPlaced":
            yield f"{names[event.seat]} (box {event.box + 1}): plays, {event.amount}"
        elif kind == "BoxFolded":
            yield f"{names[event.seat]} (box {event.box + 1}): folds"
        elif kind == "DealerRevealed":
            from drawpoker.games.three_card.hands import describe_strength3, strength3

            yield (
                f"Dealer shows [{format_cards(event.cards)}] ({describe_strength3(strength3(event.cards))}): "
                + ("qualifies" if event.qualifies else "does not qualify")
            )
        elif kind == "BoxSettled":
            parts = [
                f"{label} {value:+d}"
                for label, value in zip(
                    ("ante", "play", "ante bonus", "Pair Plus", "Prime", "Six Card Bonus"),
                    (event.ante, event.play, event.ante_bonus, event.pair_plus, event.prime, event.six_card),
                    strict=True,
                )
                if value
            ]
            cards = f" [{format_cards(dealt[event.box])}]" if event.box in dealt else ""
            yield f"{names[event.seat]} (box {event.box + 1}){cards}: " + (", ".join(parts) or "push")
        elif kind == "WinningsPaid" and event.unpaid:
            yield f"The bank could not pay {names[event.seat]} {event.unpaid} of {event.amount + event.unpaid}"
        elif kind == "RoundClosed":
            yield f"Bank: {event.bank_net:+d} this round"
        elif kind == "RebuyTaken":
            yield f"{names[event.seat]} rebuys for {event.amount}"
        elif kind == "PlayerStoodUp":
            yield f"{names[event.seat]} has too few chips and sits out"
        elif kind == "TableClosed":
            yield f"The session is over ({event.reason.replace('_', ' ')})"
    yield "Stacks: " + ", ".join(f"{n} {s}" for n, s in zip(names, deal.after.stacks, strict=False))


def export_text(
    reader: HistoryReader, out: TextIO, reveal: bool = False, only: int | None = None, reveal_live: bool = False
) -> int:
    """Write the transcript of every deal (or deal ``only``); returns deals written.

    ``reveal`` shows the hidden cards of the deals that have ended; a deal
    still being played keeps them hidden unless ``reveal_live`` asks for
    them too (and the transcript says so either way)."""
    written = 0
    rules = reader.rules
    transcript = _mork_transcript if reader.game == "morkpoker" else _tcp_transcript
    for deal in iter_deals(reader):
        if only is not None and deal.number != only:
            continue
        if written:
            out.write("\n")
        show = reveal and (deal.finished or reveal_live)
        for line in transcript(deal, rules, show):
            out.write(line + "\n")
        if not deal.finished and show:
            out.write(f"(Deal {deal.number} has not ended: its hidden cards are shown, as --reveal-live-deal asked.)\n")
        elif not deal.finished and reveal:
            out.write(
                f"(Deal {deal.number} has not ended: its hidden cards stay hidden; --reveal-live-deal shows them.)\n"
            )
        if deal.seal:
            out.write(f"Seal: {deal.seal}\n")
        written += 1
    return written


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    if value is None:
        return '""'
    return json.dumps(str(value))


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() and key.isascii() else json.dumps(key)


def _phh_deal(deal: Deal, reader: HistoryReader) -> str:
    """One Mørkpoker deal as a PHH document."""
    rules = reader.rules
    assert isinstance(rules, DrawRules), "PHH is written for the draw game only"
    before = deal.before
    names = deal.after.names
    start = next(e for e in deal.events if type(e).__name__ == "DealStarted")
    n = len(names)
    # PHH orders players from the button's left; the button is last.
    order = [
        seat
        for seat in ((start.button + k) % n for k in range(1, n + 1))
        if not before.out[seat] and before.stacks[seat] > 0
    ]
    p = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    actions: list[str] = []
    level = 0
    for event in deal.events:
        kind = type(event).__name__
        if kind == "CardsDealt":
            actions.append(f"d dh {p[event.seat]} {''.join(str(c) for c in event.cards)}")
        elif kind == "RoundStarted":
            level = 0
            actions.append(f"# {'first' if event.round == 1 else 'second'} betting round")
        elif kind in ("Checked", "Called"):
            actions.append(f"{p[event.seat]} cc")
        elif kind == "BetPlaced":
            level = event.amount
            actions.append(f"{p[event.seat]} cbr {event.amount}")
        elif kind == "Raised":
            level = event.to
            actions.append(f"{p[event.seat]} cbr {event.to}")
        elif kind == "Folded":
            actions.append(f"{p[event.seat]} f")
        elif kind == "CardsExchanged":
            if event.discarded:
                actions.append(f"{p[event.seat]} sd {''.join(str(c) for c in event.discarded)}")
                actions.append(f"d dh {p[event.seat]} {''.join(str(c) for c in event.drawn)}")
            else:
                actions.append(f"{p[event.seat]} sd")
        elif kind == "HandShown":
            actions.append(f"{p[event.seat]} sm {''.join(str(c) for c in event.cards)}")
        elif kind == "HandMucked":
            actions.append(f"{p[event.seat]} sm")
        elif kind == "DealCheckedThrough":
            actions.append(f"# everybody checked: the pot of {event.pot} carries to the next deal")
    del level
    winnings = {seat: 0 for seat in order}
    for event in deal.events:
        if type(event).__name__ == "PotAwarded":
            for seat, chips in event.shares:
                winnings[seat] += chips
    fields: dict[str, Any] = {
        "variant": PHH_VARIANT,
        "ante_trimming_status": True,
        "antes": [rules.betting.ante] * len(order),
        "blinds_or_straddles": [0] * len(order),
        "small_bet": rules.betting.small_bet,
        "big_bet": rules.betting.big_bet,
        "starting_stacks": [before.stacks[s] for s in order],
        "actions": actions,
        "hand": deal.number,
        "players": [names[s] for s in order],
        "seats": [s + 1 for s in order],
        "seat_count": n,
        "finishing_stacks": [deal.after.stacks[s] for s in order],
        "winnings": [winnings[s] for s in order],
        "_variant_name": "Mørkpoker: fixed-limit five-card draw high, one exchange",
        "_rules_fingerprint": reader.header.get("fingerprint", ""),
        "_raise_cap": rules.betting.raise_cap if rules.betting.raise_cap is not None else -1,
        "_cap_lifted_heads_up": rules.betting.cap_lifted_heads_up,
        "_incomplete_raise_reopens": str(rules.betting.incomplete_raise_reopens),
        "_max_exchange": rules.draw.max_cards,
        "_round_two_starter": rules.betting.round_two_starter,
        "_odd_chip": rules.showdown.odd_chip,
        "_carried_pot_in": before.carried,
        "_carried_pot_out": deal.carried,
    }
    if reader.header.get("started"):
        fields["_session_started"] = reader.header["started"]
    lines = [f"[{deal.number}]"]
    for key, value in fields.items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_toml(a)}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def export_phh(reader: HistoryReader, out: TextIO, only: int | None = None) -> int:
    """Write every finished Mørkpoker deal as PHH: one TOML document with a
    table per deal, ``[1]``, ``[2]``... (the standard's multi-hand "phhs"
    layout); returns deals written."""
    from drawpoker.history.phh import export_phh as write_phh

    return write_phh(reader, out, only)
