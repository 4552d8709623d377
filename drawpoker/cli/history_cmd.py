"""``drawpoker history FILE [--json]``: the deals of a session, their seals and the standings.

Every deal is re-run through the engine first, as ``verify`` does (issue
25: a history that verify refuses -- a forged ante, negative stacks, a
deal after the session ended -- is refused here too, with verify's
sentence, and nothing of it is printed), then the deals are printed as
they are read (a history of any length takes the same memory), the
standings and the settle-up. A session with no end says so: "unfinished
after deal 9 of 12", its standings "so far". With no file, the sessions
kept in the histories folder (:mod:`drawpoker.cli.sessions`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from drawpoker.notes import N_
from drawpoker.terminal import cells, complain, visible, visible_lines

if TYPE_CHECKING:
    from drawpoker.words.i18n import Translator


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker history``."""
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help=N_(
            "a hand-history file written by 'drawpoker play' or 'simulate --log', or the name of one in the "
            "histories folder; without FILE, the sessions kept there, newest first"
        ),
    )
    from drawpoker.cli.sessions import add_histories_option

    add_histories_option(parser)
    parser.add_argument("--json", action="store_true", help=N_("print the deals and standings as JSON"))
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def _row(deal: Any, openers: bool = False) -> dict[str, Any]:
    return {
        "deal": deal.number,
        "button": deal.dealer,
        "game": deal.game or None,  # dealer's choice: the deal's game
        "pots": [{"pot": p.label, "amount": p.amount, "winners": dict(p.shares)} for p in deal.pots],
        "carried_pot": deal.carried,
        # the evening ended with the deal and its carried pot went back to those who paid into it (6.5)
        "carried_pot_returned": any(type(e).__name__ == "CarriedPotReturned" for e in deal.events),
        # openers were needed (jackpots): a deal nobody opened is passed out, not checked through
        "openers": openers or any(getattr(e, "to_open", 0) for e in deal.events[:1]),
        "stacks": _stacks(deal),
        "finished": deal.finished,
        "seal": deal.seal,
    }


def _stacks(deal: Any) -> dict[str, int]:
    """Each player's stack as the deal ended, with their share of a carried
    pot given back as the evening ended (then, or between deals after it):
    what the standings count (an empty seat: no one)."""
    stacks = dict(deal.stacks_after)
    names = deal.played[0] if deal.played is not None else tuple(stacks)
    for event in deal.events:
        if type(event).__name__ == "CarriedPotReturned":
            for seat, chips in event.shares:
                if seat < len(names) and names[seat] in stacks:
                    stacks[names[seat]] += chips
    return {name: stack for name, stack in stacks.items() if name}


def _text_lines(row: dict[str, Any], tr: Translator, rounds: bool, columns: int | None = None) -> list[str]:
    """A deal's line: its number and button, what each pot gave, every stack
    after it and its seal, ``|`` between them; when that is wider than
    ``columns``, the same on several lines, the stacks and the seal each on
    their own, indented under the button, broken only between a pot and the
    next, a player and the next (nothing left out, no number cut)."""
    from drawpoker.words.evening_text import has_text, party, result_text

    pots: list[str] = []  # each a piece never broken: a pot and its first winner, each further winner
    if rounds:  # Three Card Poker: each player's result and the bank's, no pot
        results = [p for p in row["pots"] if p["pot"] == "result"]
        bank = [p for p in row["pots"] if p["pot"] == "bank"]
        pots = [result_text(w, c, tr) for p in results for w, c in p["winners"].items()]
        pots = _joined(pots, ",")
        if bank:
            if pots:
                pots[-1] += ";"
            pots.append(result_text(party("", tr), bank[0]["amount"], tr))
        if not pots:
            pots = [tr._("unfinished") if not row["finished"] else "-"]
    elif row["pots"]:
        for k, p in enumerate(row["pots"]):
            won = _joined([result_text(w, c, tr) for w, c in p["winners"].items()], ",")
            won[0] = f"{_pot_word(p['pot'], tr)} {p['amount']}: {won[0]}"
            if k + 1 < len(row["pots"]):
                won[-1] += ";"
            pots += won
    elif row["carried_pot"] and row.get("carried_pot_returned"):
        if row.get("openers"):
            pots = [tr._("nobody opened: {n} given back as the evening ended").format(n=row["carried_pot"])]
        else:
            pots = [tr._("checked through: {n} given back as the evening ended").format(n=row["carried_pot"])]
    elif row["carried_pot"] and row.get("openers"):
        pots = [tr._("nobody opened: {n} carried to the next deal").format(n=row["carried_pot"])]
    elif row["carried_pot"]:
        pots = [tr._("checked through: {n} carried to the next deal").format(n=row["carried_pot"])]
    else:
        pots = [tr._("unfinished") if not row["finished"] else "-"]
    stacks = _joined([has_text(n, s, tr) for n, s in row["stacks"].items()], ",")
    seal = tr._("seal {seal}").format(seal=row["seal"]) if row["seal"] else ""
    game = [f"{row['game']}:"] if row["game"] else []
    deal = tr._("round {n}") if rounds else tr._("deal {n}")
    button = tr._("dealer {name}") if rounds else tr._("button {name}")
    dealer = row["button"] or "-"
    if rounds and row["button"] is None:  # a house bank dealt: no seat
        dealer = tr._("the house")
    number = deal.format(n=f"{row['deal']:>4}")
    head = [number + " ", button.format(name=f"{dealer:<10}"), *game]
    pots, stacks, head = [visible(p) for p in pots], [visible(p) for p in stacks], [visible(p) for p in head]
    line = " ".join([*head, *pots]) + "  |  " + " ".join(stacks) + ("  |  " + seal if seal else "")
    if columns is None or cells(line) <= columns:
        return [line]
    from drawpoker.wrapping import wrap_items

    under = " " * (cells(number) + 2)  # under the button, where it leaves room enough; else a short indent
    indent = under if columns - len(under) >= 30 else "    "
    lines = wrap_items([*head, *pots], columns, indent=indent)
    lines += wrap_items(stacks, columns, first=indent, indent=indent)
    if seal:
        lines += wrap_items([seal], columns, first=indent, indent=indent)
    return lines


def _joined(parts: list[str], mark: str) -> list[str]:
    """``parts`` as a list says them: each but the last followed by ``mark``."""
    return [part + mark for part in parts[:-1]] + parts[-1:]


def _pot_word(label: str, tr: Translator) -> str:
    if label == "main pot":
        return tr._("main pot")
    if label.startswith("side pot-"):  # (the table's words: the transcript keeps PokerStars' "side pot-1")
        return tr._("side pot {n}").format(n=label.removeprefix("side pot-"))
    return label


def run(args: argparse.Namespace) -> int:
    """List every deal as it is read, then the standings net of rebuys and the seal."""
    import sys

    from drawpoker.cli.sessions import find_history, histories_folder, list_sessions

    if args.file is None:  # the list imports no more than it needs: two hundred sessions in a blink
        return list_sessions(histories_folder(args.histories), args.lang)
    args.file = find_history(args.file, args.histories)

    from drawpoker.cli.main import room
    from drawpoker.history.deals import iter_deals
    from drawpoker.history.format import seal_bits, seal_text
    from drawpoker.history.reader import open_history
    from drawpoker.history.summary import summarize
    from drawpoker.terminal import emit, json_text
    from drawpoker.words.i18n import cli_translator
    from drawpoker.wrapping import wrap

    tr = cli_translator(args.lang)
    columns = room()

    def say(text: str, file: Any = None) -> None:
        """A paragraph (or a few, a blank line between), wrapped to the terminal's width."""
        for line in wrap(visible_lines(text), columns):
            emit(line, file=file)

    # every deal re-run through the engine first (as verify does): what is listed is what the table produced;
    # the standings and the settle-up are the evening's ledger's (the one reading every command shares)
    summary = summarize(args.file, confirm=True)
    reader = open_history(args.file)
    needs_openers = getattr(getattr(reader.rules, "betting", None), "opening", "any") != "any"
    rounds = reader.game == "three-card-poker"
    out = sys.stdout
    count = 0
    if args.json:
        out.write(
            "{\n"
            + f'  "file": {json_text(args.file)},\n  "game": {json_text(reader.game)},\n'
            + f'  "ruleset": {json_text(summary.ruleset)},\n  "deals": ['
        )
    for deal in iter_deals(reader, keep_states=False, epilogue=True):  # (a pot given back after the last deal)
        row = _row(deal, needs_openers)
        if args.json:
            out.write(("," if count else "") + "\n    " + json_text(row, indent=None))
        else:
            if row["game"]:  # dealer's choice: the deal's game as the table names it (the JSON keeps the list's name)
                from drawpoker.rules.explain import deal_game_name

                row["game"] = deal_game_name(reader.rules, row["game"], tr)
            for line in _text_lines(row, tr, rounds, columns):
                emit(line)
        count += 1
    seal = seal_text(reader.code) if reader.sealed else None
    evening = summary if count else None
    unfinished = summary.unfinished()
    if args.json:
        rest = {
            "standings": [] if evening is None else _standings_json(evening),
            "settle_up": None if evening is None else _settle_up_json(evening),
            "finished": None if evening is None else evening.over,
            "chip_value": None if evening is None or evening.chip_value is None else evening.chip_value.dump(),
            "ended": summary.over,
            "unfinished": tr.say(unfinished) if unfinished is not None else None,
            "confirmed": True,
            "sealed": reader.sealed,
            "seal": seal,
            "seal_bits": seal_bits(reader.code) if reader.sealed else None,
            "torn_last_line": reader.torn.line if reader.torn else None,
        }
        tail = json_text(rest)[1:]  # the members after "deals"
        out.write(("\n  ]," if count else "],") + tail + "\n")
    else:
        if evening is not None:
            from drawpoker.words.evening_text import payments_of, settle_up_lines, standings_lines

            value = evening.chip_value
            emit("")
            for line in standings_lines(evening.results, value, tr, evening.over, evening.bank, columns):
                emit(line)
            emit("")
            for line in settle_up_lines(payments_of(evening.parties(), value), value, tr, evening.over):
                for part in wrap(visible_lines(line), columns, indent="    "):
                    emit(part)
        if not count:
            say(tr._("No deals yet."))
        if unfinished is not None:
            say(
                "\n"
                + tr._(
                    "The session is {unfinished}: it has no end (it was stopped, or the file was cut short)."
                ).format(unfinished=tr.say(unfinished))
            )
        if seal is not None and seal_bits(reader.code) >= 95:
            say(
                "\n"
                + tr._(
                    "Seal of the whole history: {seal} (every line's chain checked, every deal re-run through the "
                    "engine and matched)"
                ).format(seal=seal)
            )
        elif seal is not None:
            say(
                "\n"
                + tr._(
                    "Seal of the whole history: {seal} (every line's chain checked, every deal re-run through the "
                    "engine and matched; a shorter 40-bit seal: the history was written before format 4)"
                ).format(seal=seal)
            )
        else:
            say(
                "\n"
                + tr._(
                    "Unsealed: this history was written before seals existed (format 1); its lines carry checksums "
                    "only (every deal re-run through the engine and matched)"
                )
            )
    for note in reader.leftovers():
        complain(tr.say(note))  # (a note on stderr is one line, as every command's)
    return 0


def _standings_json(evening: Any) -> list[dict[str, Any]]:
    value = evening.chip_value
    return [
        {
            "name": r.name,
            "stack": r.stack,
            "rebuys": r.rebought,
            "bought": r.bought,
            "cashed": r.cashed,
            "net": r.net,
            "money": None if value is None else value.text(value.of(r.net)),
            "deals": r.deals,
            "biggest_pot": r.biggest_pot,
            "at_table": r.seated,
        }
        for r in sorted(evening.results, key=lambda r: (-r.net, r.name))
    ]


def _settle_up_json(evening: Any) -> list[dict[str, Any]]:
    from drawpoker.words.evening_text import payments_of

    value = evening.chip_value
    return [
        {
            "payer": payer or None,  # None: the house bank
            "payee": payee or None,
            "amount": units,
            "text": value.text(units) if value is not None else None,
        }
        for payer, payee, units in payments_of(evening.parties(), value)
    ]
