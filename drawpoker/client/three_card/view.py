"""What the Three Card Poker screens show, from the state and who is looking.

Pure: state in, lines out. A box's cards are private until the box is
settled; then they are shown if the dealer had to look at them (the box
played, or a side bet was settled on them). A folded box that only lost
its ante (and any forfeited Pair Plus) is never turned over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drawpoker.client.lines import Line, clip, ljust, pad, styled, width, wrap_line
from drawpoker.client.log import box_name
from drawpoker.client.look import Look
from drawpoker.client.table import BOX_WIDTH, draw_table, seat_rooms
from drawpoker.client.three_card.bets import FIELD_NAMES, BetEditor
from drawpoker.games.three_card.state import BETTING, DECIDING, Box, TcpState, box_shown
from drawpoker.words.hands import action_word, describe_hand3
from drawpoker.words.i18n import NP_, Translator

__all__ = [
    "box_public",
    "public_cards",
    "seat_box",
    "table_lines",
    "title_text",
    "slip_lines",
    "decision_lines",
    "settlement_lines",
    "own_boxes_lines",
    "bank_text",
    "dealer_who_left",
    "tcp_standings",
    "DECISION_KEYS",
]

#: key -> decision (the same keys in every language); H shows the hint
DECISION_KEYS = {"p": "play", "f": "fold"}

_RESULT_COLUMNS = (
    ("ante", NP_("column", "Ante")),
    ("play", NP_("column", "Play")),
    ("ante_bonus", NP_("column", "Bonus")),
    ("pair_plus", NP_("column", "P.Plus")),
    ("prime", NP_("column", "Prime")),
    ("six_card", NP_("column", "Six")),
)


def box_public(box: Box, rules: Any) -> bool:
    """Whether the table has seen this box's cards (the core's rule, :func:`box_shown`)."""
    return box_shown(box, rules)


def public_cards(s: TcpState, rules: Any) -> set[Any]:
    """Every card the table has seen: the dealer's reveal and the boxes turned over."""
    seen: set[Any] = set(s.dealer_cards)
    for box in s.boxes:
        if box_public(box, rules):
            seen.update(box.cards)
    return seen


def dealer_who_left(s: TcpState, events: Iterable[Any]) -> tuple[str, int] | None:
    """(name, chips) of the rotating dealer who left as the round ended, taking the bank, among
    ``events`` (the round's so far); None where the dealer is still at the table."""
    if not s.rotating or s.dealer is None:
        return None
    left: tuple[str, int] | None = None
    for event in events:
        kind = type(event).__name__
        if kind == "RoundOpened":  # (one who left before it, between rounds, dealt none of it)
            left = None
        elif kind == "PlayerLeft" and event.seat == s.dealer:
            left = (event.name, event.stack)
    return left


def bank_text(s: TcpState, tr: Translator, left: tuple[str, int] | None = None) -> str:
    """Who holds the bank and what is in it (``left``: the dealer who left as the round ended,
    :func:`dealer_who_left`, and the bank they took)."""
    bank = s.bank if left is None else left[1]
    amount = tr._("unlimited") if bank is None else str(bank)
    if s.rotating and s.dealer is not None:
        name = s.names[s.dealer] if left is None else left[0]
        return tr._("Dealer {name} · bank {amount}").format(name=name, amount=amount)
    return tr._("The house deals · bank {amount}").format(amount=amount)


def title_text(s: TcpState, rules: Any, tr: Translator) -> str:
    """The title bar: the table's ruleset (its own description, or Three Card Poker), the round and
    the session's length (the round the table agreed to end after, where it did: docs/rules.md 6.5)."""
    from drawpoker.words.rules_text import table_name

    game = table_name(rules, tr)
    if s.round == 0:
        return game
    deals = rules.session.deals if s.last is None else s.last
    if deals is None:
        return tr._("{game} · round {round}").format(game=game, round=s.round)
    return tr._("{game} · round {round} of {deals}").format(game=game, round=s.round, deals=deals)


def _box_summary(box: Box, tr: Translator) -> str:
    parts = []
    if box.ante:
        parts.append(tr.p("seat", "ante {n}").format(n=box.ante))
    if box.pair_plus:
        parts.append(tr._("PP {n}").format(n=box.pair_plus))
    if box.prime:
        parts.append(tr._("Prime {n}").format(n=box.prime))
    if box.six_card:
        parts.append(tr._("Six {n}").format(n=box.six_card))
    if box.play:
        parts.append(tr._("plays {n}").format(n=box.play))
    elif box.folded:
        parts.append(tr.p("three card", "folded"))
    return " ".join(parts)


def seat_box(
    s: TcpState, seat: int, tr: Translator, look: Look, room: int = BOX_WIDTH, out: bool = False
) -> list[Line]:
    """A seat's three lines, ``room`` columns wide at most: name (and the
    dealer's mark); stack; bets or result (an empty seat says so). ``out``:
    its player, away, sits out the rest of the session as one without a
    stake who may not buy again (said so, not "away")."""
    w = room - 1
    if not s.names[seat]:  # the player left: nobody sits here (docs/rules.md 6.2)
        return [pad([("class:seat.folded", " " + tr._("(empty seat)"))], w), pad([], w), pad([], w)]
    to_act = s.to_act == seat
    out = bool(out or s.out[seat])
    base = "class:seat.folded" if out else "class:seat"
    first: Line = [("class:turn" if to_act else base, f"{look.pointer if to_act else ' '}{s.names[seat]}")]
    if s.rotating and s.dealer == seat:  # the dealer's button, as in Mørkpoker; the middle names the dealer
        first = clip(first, w - 4) + [("", " "), ("class:button", tr._("D"))]
    second: Line = [(base, " " + tr.n("{n} chip", "{n} chips", s.stacks[seat]).format(n=s.stacks[seat]))]
    boxes = [s.boxes[i] for i in s.boxes_of(seat)]
    if out:
        third = tr._("sitting out")
    elif s.away[seat]:
        third = tr._("away")
    elif not boxes:
        third = tr._("out this round") if s.out_this_round(seat) else ""
    elif all(b.result is not None for b in boxes):
        net = sum(sum(b.result or ()) for b in boxes)
        third = tr._("result {net:+d}").format(net=net)
    else:
        third = "; ".join(_box_summary(b, tr) for b in boxes)
        if width(third) > w - 1:  # too long for the seat: the stake and what became of it
            third = "; ".join(_box_short(b, tr) for b in boxes)
    return [pad(first, w), pad(second, w), pad([(base, " " + third)], w)]


def _box_short(box: Box, tr: Translator) -> str:
    """A box in a few words: what is on the table, and played or folded."""
    stake = box.stake
    if box.play:
        return tr._("bets {n}, plays").format(n=stake)
    if box.folded:
        return tr._("bets {n}, folded").format(n=stake)
    return tr._("bets {n}").format(n=stake)


def centre_lines(
    s: TcpState, legal: Any, tr: Translator, look: Look, left: tuple[str, int] | None = None
) -> list[Line]:
    """The middle of the table: the bank, the dealer's cards, whose turn."""
    lines: list[Line] = [styled("class:pot", bank_text(s, tr, left))]
    if s.dealer_cards:
        verdict = tr._("qualifies") if s.qualifies else tr._("does not qualify")
        lines.append(styled("", tr._("Dealer: ")) + look.cards(s.dealer_cards) + styled("", f" {verdict}"))
    elif s.boxes and any(b.cards for b in s.boxes):
        back = "▒▒ ▒▒ ▒▒" if look.unicode else "## ## ##"
        lines.append(styled("", tr._("Dealer: ")) + styled("class:dim", back))
    else:
        lines.append([])
    if legal.seat is not None and s.phase == BETTING:
        lines.append(styled("class:turn", tr._("{name} to bet").format(name=s.names[legal.seat])))
    elif legal.seat is not None and s.phase == DECIDING:
        lines.append(styled("class:turn", tr._("{name} to play or fold").format(name=box_name(s, legal.box, tr))))
    return lines


def table_lines(
    s: TcpState,
    legal: Any,
    tr: Translator,
    look: Look,
    columns: int,
    rules: Any = None,
    left: tuple[str, int] | None = None,
) -> list[Line]:
    """The table with every seat and the bank; no private card (``rules``: as the draw table takes them;
    ``left``: the dealer who left as the round ended, :func:`dealer_who_left`)."""
    rooms = seat_rooms(s.seats, columns)
    out: set[int] = set()
    if rules is not None and True in s.away:  # (one away without a stake, who may not buy again: out)
        from drawpoker.client.table import out_when_back_seats
        from drawpoker.rules.seating import min_stake

        out = out_when_back_seats(s, rules, min_stake(rules))
    boxes = [seat_box(s, seat, tr, look, rooms[seat], seat in out) for seat in range(s.seats)]
    return draw_table(boxes, centre_lines(s, legal, tr, look, left), columns)


def slip_lines(
    s: TcpState, legal: Any, slip: BetEditor, tr: Translator, look: Look, problem: str | None = None
) -> list[Line]:
    """The bet slip of the player to bet, with its limits and keys, and
    ``problem``: why the slip as it stands cannot be placed (the engine's words)."""
    limits = legal.limits
    name = s.names[legal.seat]
    out: list[Line] = [
        styled("class:turn", tr._("{name}, place your bets (stack {n}):").format(name=name, n=limits.stack))
    ]
    fields = slip.fields(limits)
    current = slip.current(limits)
    cells: Line = []
    for key in fields:
        chosen = key == current
        label = tr._(FIELD_NAMES[key])
        value = slip.values[key]
        mark = look.pointer if chosen else " "
        cells += [("class:card.selected" if chosen else "", f"{mark}{label} {value} "), ("", "  ")]
    out.append(cells)
    keys: Line = [
        ("class:key", "[↑↓]" if look.unicode else "[Up/Down]"),
        ("", " " + tr._("choose") + "  "),
        ("class:key", "[←→]" if look.unicode else "[Left/Right]"),
        ("", " " + tr._("change") + "  "),
        ("class:key", "[Enter]"),
        ("", " " + tr._("place {n}").format(n=slip.total(limits)) + "  "),
        ("class:key", "[S]"),
        ("", " " + action_word("sit_out", tr)),
    ]
    out.append(keys)
    if problem is not None:
        out.append(styled("class:warn", problem))
    if "bet" in legal.options and limits.bank_can_cover is not None:  # why a bet stops short, or is not there
        out.append(
            styled(
                "class:dim",
                tr._("The bank can cover {n} more this round: the slip offers only what it would take.").format(
                    n=limits.bank_can_cover
                ),
            )
        )
    if "bet" not in legal.options and limits.bank_refuses_smallest():  # (the player has the chips)
        out.append(
            styled(
                "class:warn",
                tr._("The bank cannot cover {name}'s smallest bet: press S to sit this round out.").format(name=name),
            )
        )
    elif "bet" not in legal.options:
        out.append(
            styled(
                "class:warn",
                tr._("{name} cannot cover the smallest bet: press S to sit this round out.").format(name=name),
            )
        )
    return out


def decision_lines(s: TcpState, legal: Any, viewer: int | None, hint: bool, tr: Translator, look: Look) -> list[Line]:
    """The viewer's box: its cards (private), play or fold, and the hint."""
    if viewer is None or viewer != legal.seat:
        return [styled("class:turn", tr._("{name} to play or fold").format(name=box_name(s, legal.box, tr)))]
    cards = legal.cards
    out: list[Line] = [
        [("class:seat.me", tr._("{name}'s cards: ").format(name=box_name(s, legal.box, tr)))]
        + look.cards(cards)
        + [("class:dim", "  " + describe_hand3(cards, tr))]
    ]
    out.append(
        [
            ("class:key", "[P]"),
            ("", " " + tr._("play (Play bet {n})").format(n=legal.play_amount) + "   "),
            ("class:key", "[F]"),
            ("", " " + tr._("fold (lose the ante)") + "   "),
            ("class:key", "[H]"),
            ("", " " + tr._("hint")),
        ]
    )
    if hint and legal.hint is not None:
        advice = (
            tr._("The best play with these cards is to play.")
            if legal.hint == "play"
            else tr._("The best play with these cards is to fold.")
        )
        out.append(styled("class:good", tr._("Hint: ") + advice))
    return out


def own_boxes_lines(s: TcpState, viewer: int, tr: Translator, look: Look) -> list[Line]:
    """The viewer's boxes that need no decision (Pair Plus and side bets
    alone): their cards, private, with the hand in words."""
    out: list[Line] = []
    for i in s.boxes_of(viewer):
        box = s.boxes[i]
        if box.cards and box.ante == 0 and box.result is None:
            out.append(
                [("class:seat.me", tr._("{name}'s cards: ").format(name=box_name(s, i, tr)))]
                + look.cards(box.cards)
                + [("class:dim", "  " + describe_hand3(box.cards, tr))]
            )
    return out


def settlement_lines(
    s: TcpState,
    rules: Any,
    tr: Translator,
    look: Look,
    columns: int,
    hands_below: bool = True,
    left: tuple[str, int] | None = None,
) -> list[Line]:
    """The end of a round: the dealer's hand, each box's result, the bank. A box's hand in words
    too long for its column goes on a line of its own below, or (not ``hands_below``: a screen too
    short for everything) is left out, its cards shown. ``left``: the dealer who left as the round
    ended, with the bank they took (:func:`dealer_who_left`)."""
    out: list[Line] = []
    if s.dealer_cards:
        verdict = tr._("the dealer qualifies") if s.qualifies else tr._("the dealer does not qualify")
        out.append(
            styled("", tr._("Dealer: "))
            + look.cards(s.dealer_cards)
            + styled("", f"  {describe_hand3(s.dealer_cards, tr)}; {verdict}")
        )
    used = [
        i
        for i, (key, _) in enumerate(_RESULT_COLUMNS)
        if any(b.result is not None and b.result[i] for b in s.boxes) or (key == "ante")
    ]
    names = [box_name(s, i, tr) for i in range(len(s.boxes))]
    name_width = max([width(tr._("Box")), *(width(n) for n in names)]) + 1
    hand_width = max(12, min(30, columns - name_width - 12 - 7 * len(used) - 6 - 1))
    head = ljust(tr._("Box"), name_width) + ljust(tr._("Cards"), 12) + ljust(tr._("Hand"), hand_width)
    head += "".join(f"{tr.p('column', _RESULT_COLUMNS[i][1]):>7}" for i in used) + f"{tr._('Net'):>6}"
    out.append(styled("class:title", head))
    for i, box in enumerate(s.boxes):
        line: Line = [("", ljust(names[i], name_width))]
        below: Line = []
        if box_public(box, rules):
            hand = describe_hand3(box.cards, tr)
            line += pad(look.cards(box.cards), 12)
            if width(hand) < hand_width:
                line += pad([("", hand)], hand_width)
            else:  # a long description goes on a line of its own rather than cut
                line.append(("", " " * hand_width))
                below = [("", " " * name_width), ("class:dim", hand)]
        else:
            line.append(("class:dim", ljust(tr._("(not shown)"), 12 + hand_width)))
        result = box.result or (0,) * 6
        line.append(
            ("", "".join(f"{result[k]:>+7d}" if result[k] else f"{'·' if look.unicode else '.':>7}" for k in used))
        )
        net = sum(result)
        line.append(("class:good" if net > 0 else "", f"{net:>+6d}"))
        if box.unpaid:
            line.append(("class:warn", " " + tr._("({n} unpaid)").format(n=box.unpaid)))
        out += wrap_line(line, columns, indent=name_width)
        if below and hands_below:
            out += wrap_line(below, columns, indent=name_width)
    if not s.boxes:
        out.append(styled("class:dim", tr._("Nobody bet this round.")))
    round_net = s.round_bank_net
    verb = (
        tr._("The bank wins {n} this round").format(n=round_net)
        if round_net >= 0
        else tr._("The bank loses {n} this round").format(n=-round_net)
    )
    out.append(styled("class:pot", verb + " · " + bank_text(s, tr, left)))
    return out


def tcp_standings(s: TcpState) -> list[tuple[str, int, int, int]]:
    """(name, stack, chips rebought, net) for each participant, best first."""
    from drawpoker.games.three_card.standings import standings

    return [(r.name, r.stack, r.rebought, r.net) for r in standings(s)]
