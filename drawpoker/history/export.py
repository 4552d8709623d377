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

from collections.abc import Iterator
from itertools import zip_longest
from typing import Any, TextIO

from drawpoker.cards import format_cards
from drawpoker.games.evening import joined_as_rebuy
from drawpoker.history.deals import Deal, deal_names, iter_deals
from drawpoker.history.reader import HistoryReader
from drawpoker.ranking import ranking_for_deck
from drawpoker.rules.model import blinds_vary
from drawpoker.words.evening_text import evening_event_text, has_text
from drawpoker.words.i18n import N_, Translator, translator

__all__ = ["export_text", "export_phh", "PHH_VARIANT"]

PHH_VARIANT = "FH1D"


def _seated_now(table: Any, names: tuple[str, ...]) -> tuple[str, ...]:
    """Who sits in each seat as an event is made (``table``: the table just before it), a seat
    empty then named as the deal names it: an add-on or a sit-out between deals is the player's
    who sat there then, not a newcomer's who took the seat after they left."""
    if table is None:
        return names
    return tuple(now or then for now, then in zip_longest(table.names, names, fillvalue=""))


def _mork_transcript(deal: Deal, rules: Any, reveal: bool, tr: Translator) -> Iterator[str]:
    from drawpoker.games import game_for
    from drawpoker.games.draw.events import given_back_as_the_deal_ends

    names = deal_names(deal.before, deal.after, deal.dealt)
    before = deal.before
    # the table as each event leaves it: the seats as the deal is dealt, after the comings and goings
    # that open it (a newcomer in a leaver's seat)
    game = game_for(rules)
    vary = blinds_vary(rules)  # (the session's games, before the deal's own game is taken below)
    table = before.copy() if before is not None else None
    chosen = getattr(before, "game", "") if before is not None else ""
    if chosen:  # dealer's choice: the deal's own game, named as the table names it (not its file's name)
        from drawpoker.rules.explain import deal_game_name

        named = deal_game_name(rules, chosen, tr)
        rules = dict(getattr(rules, "variants", ())).get(chosen, rules)
        if before is not None and before.carried:  # a passed-out deal redealt in its game: nobody chose it
            yield tr._("No new choice: the passed-out pot is redealt in {game}").format(game=named)
        else:
            yield tr._("Dealer's choice: {game}").format(game=named)
    pot_names = {0: tr._("main pot")}
    round_names = {
        1: tr._("FIRST ROUND"),
        2: tr._("SECOND ROUND"),
        3: tr._("THIRD ROUND"),
        4: tr._("FOURTH ROUND"),
    }
    exchanges = 0
    bet_level: dict[int, int] = {}
    # the evening ends with this deal, its pot carried: the pot goes back as the deal ends (before its end's
    # summary, whose stacks count it, as the standings do), not on to a next deal
    given_back = given_back_as_the_deal_ends(deal.events)
    ending = given_back is not None
    for event in deal.events:
        kind = type(event).__name__
        seating = table.copy() if table is not None and kind == "DealStarted" else table  # (before it)
        now = _seated_now(table, names)
        rebuy = table is not None and joined_as_rebuy(table, event)  # (the table before it)
        if table is not None:
            game.apply(table, event)
        said = evening_event_text(event, now, tr, blinds_vary=vary, rebuy=rebuy)
        if said is not None:  # someone arrives, leaves, sits out...
            yield said
        elif kind == "DealStarted":
            b = rules.betting
            structure = getattr(b, "structure", "fixed_limit")
            fixed = structure == "fixed_limit"
            limits = (
                tr._("bets {small}/{big}").format(small=b.small_bet, big=b.big_bet)
                if fixed
                else tr._(structure.replace("_", " "))
            )
            # the draw games' "ante" (docs/rules.md section 8; Three Card Poker's is its "startinnsats")
            forced = tr.p("draw", "ante {n}").format(n=b.ante)
            if getattr(b, "blinds", None):
                forced = tr._("blinds {small}/{big}").format(small=b.blinds[0], big=b.blinds[1]) + (
                    ", " + tr.p("draw", "ante {n}").format(n=b.ante) if b.ante else ""
                )
            if getattr(b, "dealer_ante", 0):
                forced += ", " + tr._("dealer's ante {n}").format(n=b.dealer_ante)
            from drawpoker.rules.explain import game_name

            yield tr._("{game} deal #{n}: {forced}, {limits}").format(
                game=game_name(rules, tr), n=event.deal, forced=forced, limits=limits
            )
            yield tr._("Seat {n} ({name}) is the button").format(n=event.button + 1, name=names[event.button])
            seated = range(len(seating.out)) if seating is not None else range(0)  # (not a newcomer of the deal's end)
            for seat in seated:
                # those dealt in (not one away, nor a newcomer waiting for the big blind), with their chips before it
                if seating is not None and table is not None and table.in_deal[seat]:
                    yield tr._("Seat {n}: {name} ({chips} in chips)").format(
                        n=seat + 1, name=names[seat], chips=seating.stacks[seat]
                    )
            if before is not None and before.carried:
                yield tr._("The pot of {n} carried from the last deal is in the middle").format(n=before.carried)
        elif kind == "AntePosted":
            yield tr._("{name}: posts the ante {n}").format(name=names[event.seat], n=event.amount)
        elif kind == "BlindPosted":
            yield tr._("{name}: posts the {blind} blind {n}").format(
                name=names[event.seat], blind=tr._(event.blind), n=event.amount
            ) + _all_in(deal, event, tr)
        elif kind == "CardsDealt":
            if reveal:
                yield tr._("Dealt to {name} [{cards}]").format(name=names[event.seat], cards=format_cards(event.cards))
        elif kind == "RoundStarted":
            bet_level = {}
            title = round_names.get(event.round) or tr._("ROUND {n}").format(n=event.round)
            yield f"*** {title} ***" + (
                "" if event.first is not None else " " + tr._("(no betting: at most one player has chips)")
            )
        elif kind == "Checked":
            yield tr._("{name}: checks").format(name=names[event.seat])
        elif kind == "BetPlaced":
            bet_level[event.seat] = event.amount
            yield tr._("{name}: bets {n}").format(name=names[event.seat], n=event.amount) + _all_in(deal, event, tr)
        elif kind == "Called":
            yield tr._("{name}: calls {n}").format(name=names[event.seat], n=event.amount) + _all_in(deal, event, tr)
        elif kind == "Raised":
            yield tr._("{name}: raises to {n}").format(name=names[event.seat], n=event.to) + _all_in(deal, event, tr)
        elif kind == "Folded":
            yield tr._("{name}: folds").format(name=names[event.seat])
        elif kind == "BetReturned":
            yield tr._("Uncalled bet ({n}) returned to {name}").format(n=event.amount, name=names[event.seat])
        elif kind == "DealCheckedThrough":
            nobody = tr._("Nobody opened") if rules.betting.opening != "any" else tr._("Everybody checked")
            carries = (
                tr._("{nobody}: no exchange; the evening ends, and the pot of {n} goes back")
                if ending
                else tr._("{nobody}: no exchange; the pot of {n} carries to the next deal")
            )
            yield carries.format(nobody=nobody, n=event.pot)
        elif kind == "ExchangeStarted":
            exchanges += 1
            yield (
                "*** " + tr._("EXCHANGE") + " ***"
                if rules.draw.exchanges == 1
                else "*** " + tr._("EXCHANGE {n}").format(n=exchanges) + " ***"
            )
        elif kind == "OpenersSplit":
            count = len(event.cards)
            apart = f" [{format_cards(event.cards)}]" if reveal else ""
            kept = tr.n("{n} card", "{n} cards", count).format(n=count) + apart
            yield tr._("{name}: splits the openers, keeping {cards} apart").format(name=names[event.seat], cards=kept)
        elif kind == "OpenersShown":
            apart = (
                " (" + tr._("[{cards}] kept apart").format(cards=format_cards(event.apart)) + ")" if event.apart else ""
            )
            yield (
                tr._("{name}: shows the openers [{cards}]").format(
                    name=names[event.seat], cards=format_cards(event.cards)
                )
                + apart
            )
        elif kind == "CardsExchanged":
            n = len(event.discarded)
            said = tr._("stands pat") if n == 0 else tr.n("exchanges {n} card", "exchanges {n} cards", n).format(n=n)
            if reveal and n:
                said += " " + tr._("[{thrown}] for [{drawn}]").format(
                    thrown=format_cards(event.discarded), drawn=format_cards(event.drawn)
                )
            if event.ace_shown is not None:
                said += ", " + tr._("showing {card}").format(card=event.ace_shown)
            yield f"{names[event.seat]}: {said}"
        elif kind == "StockReshuffled":
            yield tr._("The stock ran out: the earlier discards are shuffled into a new stock")
        elif kind == "ShowdownStarted":
            yield "*** " + tr._("SHOWDOWN") + " ***"
        elif kind == "HandShown":
            ranking = ranking_for_deck(rules.deck, rules.showdown.ranking)
            if tr.language == "en":
                words = ranking.describe(event.cards)
            else:
                from drawpoker.words.hands import describe_hand

                words = describe_hand(event.cards, tr, ranking)
            from drawpoker.games.draw.legal import pots_alone_in

            shown = tr._("{name}: shows [{cards}] ({hand})").format(
                name=names[event.seat], cards=format_cards(event.cards), hand=words
            )
            if table is not None and table.phase == "showdown" and pots_alone_in(table, event.seat):
                shown += tr._("; the last hand left in a pot must be shown")  # a forced show (docs/rules.md 2.4)
            yield shown
        elif kind == "HandMucked":
            yield tr._("{name}: mucks").format(name=names[event.seat]) + (
                f" [{format_cards(deal.after.hands[event.seat])}]" if reveal else ""
            )
        elif kind == "PotAwarded":
            label = pot_names.get(event.pot) or tr._("side pot-{n}").format(n=event.pot)
            for seat, chips in event.shares:
                yield tr._("{name} collected {n} from {pot}").format(name=names[seat], n=chips, pot=label)
        elif kind == "DealEnded":
            yield "*** " + tr._("SUMMARY") + " ***"
            total = sum(p.amount for p in deal.pots)
            if deal.pots:
                yield (
                    tr._("Total pot {n}").format(n=total)
                    + " | "
                    + " | ".join(f"{_pot_label(p.label, tr).capitalize()} {p.amount}" for p in deal.pots)
                )
            # those who played the deal, as its play ended: one who left as it ended with what they took,
            # a newcomer who sat down then not yet (as `drawpoker history` lists the deal)
            stacks = dict(deal.stacks_after)
            for seat, chips in (given_back or {}).items():
                if seat < len(names) and names[seat] in stacks:
                    stacks[names[seat]] += chips
            yield tr._("Stacks: {stacks}").format(stacks=", ".join(has_text(n, s, tr) for n, s in stacks.items() if n))
        elif kind in ("PlayerRebought",):
            yield tr._("{name} rebuys for {n}").format(name=names[event.seat], n=event.amount)
        elif kind == "PlayerSatOut":
            yield tr._("{name} has no chips and sits out").format(name=names[event.seat])
        elif kind == "SessionEnded":
            yield tr._("The session is over ({why})").format(why=tr._(_ENDED.get(event.reason, event.reason)))


def _all_in(deal: Deal, event: Any, tr: Translator) -> str:
    # A player is all-in when the chips put in equal what was left: derived from the deal's own events.
    return " " + tr._("and is all-in") if _left_after(deal, event) == 0 else ""


def _pot_label(label: str, tr: Translator) -> str:
    """A pot's label ("main pot", "side pot 1") in the language of ``tr``."""
    if label == "main pot":
        return tr._("main pot")
    if label.startswith("side pot-"):
        return tr._("side pot-{n}").format(n=label.removeprefix("side pot-"))
    return label


def _left_after(deal: Deal, target: Any) -> int | None:
    # From the stacks as the deal was dealt: the comings and goings that open the deal's events (a
    # newcomer in a new seat or in a leaver's, a rebuy, an add-on) are in them already.
    if deal.dealt is not None:
        stacks, dealt = list(deal.dealt[1]), False
    elif deal.before is not None:
        stacks, dealt = list(deal.before.stacks), True
    else:
        return None
    for event in deal.events:
        kind = type(event).__name__
        if not dealt:
            dealt = kind == "DealStarted"
            continue
        if kind in ("AntePosted", "BlindPosted", "BetPlaced", "Called", "Raised"):
            stacks[event.seat] -= event.amount
        elif kind in ("BetReturned",) or kind == "PlayerRebought":
            stacks[event.seat] += event.amount
        if event is target:
            left: int = stacks[event.seat]
            return left
    return None


_BET_NAMES = ("ante", "Pair Plus", "Prime", "Six Card Bonus")


def _tcp_transcript(deal: Deal, rules: Any, reveal: bool, tr: Translator) -> Iterator[str]:
    """A Three Card Poker round. A box's cards are shown when the table saw
    them, as it was settled (it played, or a side bet was settled on them:
    :func:`~drawpoker.games.three_card.state.box_shown`); a box the table
    did not turn over says "(not shown)" unless ``reveal``."""
    from drawpoker.games import game_for
    from drawpoker.games.three_card.state import box_shown

    names = deal_names(deal.before, deal.after, deal.dealt)
    dealer = deal.dealer if deal.dealer is not None else tr._("the house")
    yield tr._("Three Card Poker round #{n}, dealer: {name}").format(n=deal.number, name=dealer)
    dealt: dict[int, Any] = {}
    game = game_for(rules)
    table = deal.before.copy() if deal.before is not None else None  # the table as each event leaves it
    for event in deal.events:
        now = _seated_now(table, names)
        rebuy = table is not None and joined_as_rebuy(table, event)  # (the table before it)
        if table is not None:
            game.apply(table, event)
        kind = type(event).__name__
        said = evening_event_text(event, now, tr, rounds=True, rebuy=rebuy)
        if said is not None:  # someone arrives, leaves, sits out...
            yield said
        elif kind == "BetsPlaced":
            if not event.boxes:
                yield tr._("{name}: sits this round out").format(name=names[event.seat])
            for bets in event.boxes:
                placed = ", ".join(
                    f"{tr._(name)} {amount}" for name, amount in zip(_BET_NAMES, bets, strict=False) if amount
                )
                yield tr._("{name}: bets {bets}").format(name=names[event.seat], bets=placed)
        elif kind == "BoxDealt":
            dealt[event.box] = event.cards
            if reveal:
                yield tr._("Dealt to {name} (box {n}) [{cards}]").format(
                    name=names[event.seat], n=event.box + 1, cards=format_cards(event.cards)
                )
        elif kind == "PlayBetPlaced":
            yield tr._("{name} (box {n}): plays, {chips}").format(
                name=names[event.seat], n=event.box + 1, chips=event.amount
            )
        elif kind == "BoxFolded":
            yield tr._("{name} (box {n}): folds").format(name=names[event.seat], n=event.box + 1)
        elif kind == "DealerRevealed":
            yield tr._("Dealer shows [{cards}] ({hand}): {verdict}").format(
                cards=format_cards(event.cards),
                hand=_hand3(event.cards, tr),
                verdict=tr._("qualifies") if event.qualifies else tr._("does not qualify"),
            )
        elif kind == "BoxSettled":
            parts = [
                f"{tr._(label)} {value:+d}"
                for label, value in zip(
                    (N_("ante"), N_("play"), N_("ante bonus"), N_("Pair Plus"), N_("Prime"), N_("Six Card Bonus")),
                    event.results,
                    strict=True,
                )
                if value
            ]
            seen = table is not None and event.box < len(table.boxes) and box_shown(table.boxes[event.box], rules)
            if event.box not in dealt:
                cards = ""
            elif reveal or seen:
                cards = f" [{format_cards(dealt[event.box])}]"
            else:
                cards = " " + tr._("(not shown)")
            yield tr._("{name} (box {n}){cards}: {result}").format(
                name=names[event.seat], n=event.box + 1, cards=cards, result=", ".join(parts) or tr._("push")
            )
        elif kind == "WinningsPaid" and event.unpaid:
            yield tr._("The bank could not pay all it owed {name}: {n} of {total} stay unpaid").format(
                name=names[event.seat], n=event.unpaid, total=event.amount + event.unpaid
            )
        elif kind == "RoundClosed":
            yield tr._("Bank: {n} this round").format(n=f"{event.bank_net:+d}")
        elif kind == "RebuyTaken":
            yield tr._("{name} rebuys for {n}").format(name=names[event.seat], n=event.amount)
        elif kind == "PlayerStoodUp":
            yield tr._("{name} has too few chips and sits out").format(name=names[event.seat])
        elif kind == "TableClosed":
            yield tr._("The session is over ({why})").format(why=tr._(_ENDED.get(event.reason, event.reason)))
    # those who played the round, as its play ended (one who left as it ended with what they took, a
    # newcomer who sat down then not yet), as the draw games' transcript and `drawpoker history` list them
    yield tr._("Stacks: {stacks}").format(
        stacks=", ".join(has_text(n, s, tr) for n, s in deal.stacks_after.items() if n)
    )


def _hand3(cards: Any, tr: Translator) -> str:
    """A three-card hand in words, in the language of ``tr``."""
    if tr.language == "en":
        from drawpoker.games.three_card.hands import describe_strength3, strength3

        return describe_strength3(strength3(cards))
    from drawpoker.words.hands import describe_hand3

    return describe_hand3(cards, tr)


def export_text(
    reader: HistoryReader,
    out: TextIO,
    reveal: bool = False,
    only: int | None = None,
    reveal_live: bool = False,
    tr: Translator | None = None,
) -> int:
    """Write the transcript of every deal (or deal ``only``); returns deals written.

    ``reveal`` shows the hidden cards of the deals that have ended; a deal
    still being played keeps them hidden unless ``reveal_live`` asks for
    them too (and the transcript says so either way). ``tr`` chooses the
    language (English by default)."""
    tr = tr or translator("en")
    written = 0
    rules = reader.rules
    transcript = _mork_transcript if reader.game == "morkpoker" else _tcp_transcript
    for deal in iter_deals(reader, epilogue=True):
        if only is not None and deal.number != only:
            continue
        if written:
            out.write("\n")
        show = reveal and (deal.finished or reveal_live)
        for line in transcript(deal, rules, show, tr):
            out.write(line + "\n")
        if not deal.finished and show:
            out.write(
                "("
                + tr._("Deal {n} has not ended: its hidden cards are shown, as --reveal-live-deal asked.").format(
                    n=deal.number
                )
                + ")\n"
            )
        elif not deal.finished and reveal:
            out.write(
                "("
                + tr._("Deal {n} has not ended: its hidden cards stay hidden; --reveal-live-deal shows them.").format(
                    n=deal.number
                )
                + ")\n"
            )
        if deal.seal:
            out.write(tr._("Seal: {seal}").format(seal=deal.seal) + "\n")
        written += 1
    return written


def export_phh(
    reader: HistoryReader, out: TextIO, only: int | None = None, reveal: bool = False, tr: Translator | None = None
) -> int:
    """Write every finished Mørkpoker deal as PHH: one TOML document with a
    table per deal, ``[1]``, ``[2]``... (the standard's multi-hand "phhs"
    layout); returns deals written. Without ``reveal`` the cards the table
    did not see are written ``??``. The file is the standard's, in English;
    ``tr`` chooses the language of what is said beside it on stderr (a
    variant the standard does not define; English by default)."""
    from drawpoker.history.phh import export_phh as write_phh

    return write_phh(reader, out, only, reveal=reveal, say=tr.say if tr else str)


#: why a session ended (SessionEnded's and TableClosed's reasons), in words
_ENDED = {
    "deals": N_("the deals are played"),
    "one_player_left": N_("fewer than two players can play on"),
    "agreed": N_("the table agreed to end"),
    "rounds": N_("the rounds are played"),
    "rotation": N_("every dealer has dealt"),
    "too_few_players": N_("fewer than two players can play on"),
    "bank_broke": N_("the bank is broke"),
}

# Words the transcripts translate from the events' own values.
_MARKED = (
    N_("pot limit"),
    N_("no limit"),
    N_("small"),
    N_("big"),
)
