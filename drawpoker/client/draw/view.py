"""What the Mørkpoker screens show, from the state and who is looking.

Everything here is pure: state in, lines of styled text out. ``viewer``
is the seat whose private cards may be shown (None on a shared screen).
Every amount in the menu comes from the engine's
:class:`~drawpoker.games.draw.legal.LegalActions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drawpoker.client.lines import Line, clip, pad, styled, width
from drawpoker.client.look import Look
from drawpoker.client.table import BOX_WIDTH, draw_table, out_when_back_seats, seat_rooms
from drawpoker.games.draw.state import BETTING, EXCHANGE, SHOWDOWN, DrawState
from drawpoker.words.hands import action_word, describe_hand, join_names, pot_label
from drawpoker.words.i18n import Translator
from drawpoker.words.openers import exchange_title, to_open_text

__all__ = [
    "ACTION_KEYS",
    "table_lines",
    "hand_lines",
    "menu_lines",
    "seat_box",
    "centre_lines",
    "title_text",
    "public_cards",
    "amount_lines",
    "amount_message",
]

#: key -> betting or showdown action (the same keys in every language)
ACTION_KEYS: dict[str, str] = {
    "k": "check",
    "b": "bet",
    "c": "call",
    "r": "raise",
    "f": "fold",
    "s": "show",
    "m": "muck",
}
_KEY_OF = {action: key for key, action in ACTION_KEYS.items()}


def public_cards(s: DrawState) -> set[Any]:
    """Every card the whole table has seen: shown hands and aces shown to exchange more."""
    seen: set[Any] = set()
    for cards in s.shown:
        if cards:
            seen.update(cards)
    return seen


def seat_box(
    s: DrawState, seat: int, tr: Translator, look: Look, room: int = BOX_WIDTH, out: bool = False
) -> list[Line]:
    """A seat's three lines, ``room`` columns wide at most: name and button;
    stack; the blind, the bet or the check, and what became of the seat (an
    empty seat says so). ``out``: its player, away, sits out the rest of the
    session as one broke who may not buy again (said so, not "away")."""
    w = room - 1
    if not s.names[seat]:  # the player left: nobody sits here (docs/rules.md 6.2)
        return [pad([("class:seat.folded", " " + tr._("(empty seat)"))], w), pad([], w), pad([], w)]
    to_act = s.to_act == seat
    folded = s.in_deal and s.in_deal[seat] and s.folded[seat]
    out = bool(out or s.out[seat])
    base = "class:seat.folded" if folded or out else "class:seat"
    mark = look.pointer if to_act else " "
    first: Line = [("class:turn" if to_act else base, f"{mark}{s.names[seat]}")]
    if s.button == seat and s.phase != "no_session":
        first = clip(first, w - 4) + [("", " "), ("class:button", tr._("D"))]
    second: Line = [(base, " " + tr.n("{n} chip", "{n} chips", s.stacks[seat]).format(n=s.stacks[seat]))]
    third: Line = [(base, " ")]
    facts: list[str] = []
    blind = s.blind[seat] if s.blind and not s.deal_over else None
    if blind is not None:
        facts.append(tr._("SB") if blind == "small" else tr._("BB"))
    if _bets_visible(s) and s.bets[seat]:
        facts.append(tr._("bet {n}").format(n=s.bets[seat]))
    elif s.phase == BETTING and s.checked and s.checked[seat]:
        facts.append(tr.p("seat", "check"))
    if out:
        facts.append(tr._("sitting out"))
    elif s.away[seat]:
        facts.append(tr._("away"))
    elif s.bot[seat]:
        facts.append(tr._("computer"))
    elif s.in_deal and not s.in_deal[seat] and s.phase != "between_deals":
        facts.append(tr._("not in this deal"))
    elif folded:
        facts.append(tr._("folded"))
    elif s.in_deal and s.in_deal[seat] and s.stacks[seat] == 0:
        facts.append(tr._("all-in"))
    if s.exchanged and s.exchanged[seat] is not None:
        count = s.exchanged[seat]
        facts.append(tr._("stood pat") if count == 0 else tr._("drew {n}").format(n=count))
    if s.mucked and s.mucked[seat]:
        facts.append(tr._("mucked"))
    shown = s.shown[seat] if s.shown else None
    if shown:
        third = [("", " ")] + look.cards(shown)
    else:
        joined = look.bullet.join(facts)
        if width(joined) > w - 1:  # a long language: the facts closer together rather than cut
            joined = look.bullet.strip().join(facts)
        third.append((base, joined))
    return [pad(first, w), pad(second, w), pad(third, w)]


def title_text(s: DrawState, rules: Any, tr: Translator) -> str:
    """The title bar: the game of the deal (the table's ruleset by its own description, or the
    shipped game's name; in a dealer's choice the game chosen, as the dealer's menu names it),
    the deal and the session's length (the deal the table agreed to end after, where it did:
    docs/rules.md 6.5). ``rules``: the session's rules."""
    from drawpoker.rules.explain import deal_game_name

    deals = rules.session.deals if s.last is None else s.last
    game = deal_game_name(rules, s.game, tr)
    if s.deal == 0:
        return game
    if deals is None:
        return tr._("{game} · deal {deal}").format(game=game, deal=s.deal)
    if s.deal > deals:  # the last deal was checked through: the session goes on until its pot is won
        return tr._("{game} · deal {deal}, for the carried pot").format(game=game, deal=s.deal)
    return tr._("{game} · deal {deal} of {deals}").format(game=game, deal=s.deal, deals=deals)


def _pots(s: DrawState) -> list[Any]:
    """The pots in the middle. Each player's bets of a betting round are
    kept apart (in front of the player, shown at the seat) until the round
    ends, so during a round the pots are built from the rounds before."""
    less = s.bets if s.phase == BETTING else None
    if not any(s.committed) or (less is not None and s.committed == less):
        return []
    return s.pots(less)


def _bets_visible(s: DrawState) -> bool:
    return s.phase == BETTING and any(s.bets)


def centre_lines(
    s: DrawState, legal: Any, tr: Translator, look: Look, blinds: tuple[int, int] | None = None
) -> list[Line | tuple[Line, ...]]:
    """The middle of the table: the pot and every side pot, the round, whose
    turn. ``blinds``: the rules' blinds, said with the pot while the first
    round's bets (the blinds among them) are all the pot there is."""
    lines: list[Line | tuple[Line, ...]] = []
    pots = _pots(s)
    bets = sum(s.bets) if _bets_visible(s) else 0
    if not pots and bets and blinds is not None and any(s.blind) and s.round == 1:
        text = tr._("Pot {total}").format(total=bets + s.carried)
        text += look.bullet + tr._("blinds {small} and {big}").format(small=blinds[0], big=blinds[1])
        lines.append(styled("class:pot", text))
    elif not pots and s.carried and not any(s.committed):
        lines.append(styled("class:pot", tr._("Pot {n} (carried over)").format(n=s.carried)))
    elif pots:
        text = tr._("Pot {total}").format(total=sum(p.amount for p in pots))
        if s.carried:
            text += " " + tr._("({n} carried over)").format(n=s.carried)
        if len(pots) > 1:
            text += ": " + ", ".join(f"{pot_label(i, tr)}: {p.amount}" for i, p in enumerate(pots))
        if bets:  # (where the whole line does not fit, the pot whole: each seat's box shows its own bet)
            full = text + look.bullet + tr._("bets this round {n}").format(n=bets)
            lines.append((styled("class:pot", full), styled("class:pot", text)))
        else:
            lines.append(styled("class:pot", text))
        if len(pots) > 1:
            who = "; ".join(
                f"{pot_label(i, tr)}: {join_names([s.names[x] for x in p.eligible], tr)}"
                for i, p in enumerate(pots)
                if i > 0
            )
            lines.append(styled("class:dim", who))
    else:
        lines.append([])
    if s.phase == BETTING and legal.seat is not None:
        if legal.structure != "fixed_limit":
            limit = tr._("no limit") if legal.structure == "no_limit" else tr._("pot limit")
            values = {"round": s.round, "limit": limit, "step": legal.step}
            lines.append(styled("", tr._("Round {round} · {limit} · smallest bet {step}").format(**values)))
        else:
            left = ("∞" if look.unicode else tr._("unlimited")) if legal.raises_left is None else str(legal.raises_left)
            values = {"round": s.round, "step": legal.step, "left": left}
            lines.append(
                (
                    styled("", tr._("Round {round} · bets of {step} · raises left {left}").format(**values)),
                    styled("", tr._("Round {round} · bets of {step} · raises {left}").format(**values)),
                )
            )
        lines.append(
            styled("class:turn", tr._("{name} to act · to call {n}").format(name=s.names[legal.seat], n=legal.to_call))
        )
        if legal.to_open:
            lines.append(styled("class:dim", to_open_text(legal.to_open, tr)))
    elif s.phase == EXCHANGE and legal.seat is not None:
        title = exchange_title(legal.exchange, legal.exchanges, tr)
        ace = legal.max_exchange_with_ace
        if ace and ace > legal.max_exchange:  # (the house lets a kept ace, shown, change more)
            most = tr._("{exchange}: up to {n} cards, {m} keeping an ace").format(
                exchange=title, n=legal.max_exchange, m=ace
            )
        else:
            most = tr._("{exchange}: up to {n} cards").format(exchange=title, n=legal.max_exchange)
        lines.append(styled("", most))
        lines.append(styled("class:turn", tr._("{name} to exchange").format(name=s.names[legal.seat])))
    elif s.phase == SHOWDOWN and legal.seat is not None:
        lines.append(styled("", tr._("Showdown")))
        lines.append(styled("class:turn", tr._("{name} to show or muck").format(name=s.names[legal.seat])))
    return lines


def table_lines(s: DrawState, legal: Any, tr: Translator, look: Look, columns: int, rules: Any = None) -> list[Line]:
    """The table with every seat and the pots; no private card. ``rules``:
    the deal's rules (the blinds are said with the pot of the first round)."""
    rooms = seat_rooms(s.seats, columns)
    out = out_when_back_seats(s, rules)
    boxes = [seat_box(s, seat, tr, look, rooms[seat], seat in out) for seat in range(s.seats)]
    blinds = getattr(getattr(rules, "betting", None), "blinds", None)
    return draw_table(boxes, centre_lines(s, legal, tr, look, blinds), columns)


def hand_lines(
    s: DrawState,
    viewer: int,
    tr: Translator,
    look: Look,
    selected: Sequence[int] = (),
    numbered: bool = False,
    ranking: Any = None,
) -> list[Line]:
    """The viewer's own cards (private), numbered for the exchange, with the hand in words."""
    hand = s.hands[viewer]
    if not hand:
        return [styled("", tr._("{name}, you hold no cards.").format(name=s.names[viewer]))]
    line: Line = [("class:seat.me", tr._("{name}'s cards: ").format(name=s.names[viewer]))]
    for i, card in enumerate(hand):
        if numbered:
            line.append(("class:key", f"{i + 1}"))
            line.append(("", "·" if look.unicode else ":"))
        line.extend(look.card(card, "class:card.selected" if i in selected else ""))
        line.append(("", "  " if numbered else " "))
    line.append(("class:dim", " " + describe_hand(hand, tr, ranking)))
    if numbered and selected:
        throw = [hand[i] for i in sorted(selected) if i < len(hand)]
        return [line, [("", "  " + tr._("To throw: "))] + look.cards(throw)]
    return [line]


def _option_text(option: Any, tr: Translator) -> str:
    word = action_word(option.action, tr)
    if option.action == "raise":
        text = tr._("{action} to {to} (+{amount})").format(action=word, to=option.to, amount=option.amount)
    elif option.action in ("bet", "call"):
        text = f"{word} {option.amount}"
    else:
        text = word
    if option.all_in:
        text += tr._(" (all-in)")
    return text


_MENU_ORDER = ("check", "call", "bet", "raise", "fold", "show", "muck")


def _in_menu_order(options: Sequence[Any]) -> list[Any]:
    return sorted(options, key=lambda o: _MENU_ORDER.index(o.action))


def amount_lines(entry: Any, tr: Translator, look: Look) -> list[Line]:
    """The amount entry (pot and no limit): the amount (the digits as typed,
    with the cursor, while typing), the smallest, the largest and the pot,
    and the keys."""
    word = action_word(entry.word, tr)
    shown = str(entry.value) if entry.typed is None else entry.typed + "_"
    amount = tr._("{action} to {to}").format(action=word, to=shown) if entry.word == "raise" else f"{word} {shown}"
    if entry.typed == "":
        amount += " " + tr._("(empty: the smallest, {n})").format(n=entry.low)
    elif entry.all_in:
        amount += tr._(" (all-in)")
    limits = tr._("smallest {low} · largest {high} · pot {pot}").format(low=entry.low, high=entry.high, pot=entry.pot)
    keys: Line = []
    for key, what in (
        ("↑↓" if look.unicode else "Up/Down", tr._("±{n}").format(n=entry.choices.step)),
        ("H", tr._("half pot")),
        ("P", tr._("pot")),
        ("A", tr._("all in")),
        ("0-9", tr._("type an amount")),
        ("Enter", word),
        ("Esc", tr._("back")),
    ):
        keys += [("class:key", f"[{key}]"), ("", f" {what}   ")]
    return [[("class:turn", amount + "   "), ("class:dim", limits)], keys]


def amount_message(entry: Any, tr: Translator) -> str | None:
    """What the amount entry has to say after a key: why the amount shown is
    not allowed (the betting module's sentence), and what a key could not do."""
    from drawpoker.words.refusals import as_sentence

    said = []
    if entry.message is not None:
        said.append(as_sentence(entry.message, tr))
    if entry.hint is not None:
        what, n = entry.hint
        raise_ = entry.word == "raise"
        if what == "nearest":
            said.append(
                (
                    tr._("Press Enter again to raise to {n}, the nearest amount allowed, or type another.")
                    if raise_
                    else tr._("Press Enter again to bet {n}, the nearest amount allowed, or type another.")
                ).format(n=n)
            )
        elif what == "empty":
            said.append(
                (
                    tr._("The field is empty: Enter raises to the smallest amount, {n}.")
                    if raise_
                    else tr._("The field is empty: Enter bets the smallest amount, {n}.")
                ).format(n=n)
            )
        elif what == "same":
            said.append(tr._("That key chooses {n}, the amount already shown.").format(n=n))
        elif what == "zero":
            said.append(tr._("An amount does not start with 0."))
    return " ".join(said) or None


def menu_lines(
    s: DrawState, legal: Any, tr: Translator, look: Look, selected: Sequence[int] = (), pat: str | None = None
) -> list[Line]:
    """What the player to act may do, with keys and amounts from ``legal``.
    ``pat``: in the exchange with no card chosen, "chosen" after 0 (Enter
    stands pat), "asked" after an Enter that asked (Enter again stands pat),
    else None (Enter asks first)."""
    if legal.seat is None:
        return []
    if legal.phase == BETTING:
        line: Line = []
        ch = legal.amounts if legal.structure != "fixed_limit" else None
        for option in _in_menu_order(legal.options):
            text = _option_text(option, tr)
            if ch is not None and option.action in ("bet", "raise"):
                text = tr._("{action} {low}–{high}…").format(
                    action=action_word(option.action, tr), low=ch.min_to, high=ch.max_to
                )
            line += [("class:key", f"[{_KEY_OF[option.action].upper()}]"), ("", " " + text + "   ")]
        info = tr._("To call {n}").format(n=legal.to_call)
        if ch is not None:
            info += look.bullet + tr._("pot {n}").format(n=ch.pot)
        else:
            left = tr._("unlimited") if legal.raises_left is None else str(legal.raises_left)
            info += look.bullet + tr._("raises left {n}").format(n=left)
        return [line, styled("class:dim", info)]
    if legal.phase == EXCHANGE:
        count = len(selected)
        if count == 0 and pat == "asked":
            what = tr._("yes, stand pat (exchange no cards)")
        elif count == 0 and pat == "chosen":
            what = tr._("stand pat (exchange no cards)")
        elif count == 0:
            what = tr._("stand pat (asks first; 0 chooses no cards)")
        else:
            what = tr.n("exchange {n} card", "exchange {n} cards", count).format(n=count)
        most = legal.max_exchange
        ace = legal.max_exchange_with_ace
        if ace and ace > most:  # (the house lets a kept ace, shown, change more)
            choose = tr._("choose the cards to throw (up to {n}, {m} keeping an ace)").format(n=most, m=ace)
        else:
            choose = tr._("choose the cards to throw (up to {n})").format(n=most)
        return [
            [
                ("class:key", "[1-5]"),
                ("", " " + choose + "   "),
                ("class:key", "[0]"),
                ("", " " + tr._("none")),
            ],
            [("class:key", "[Enter]"), ("", " " + what)],
        ]
    if legal.phase == SHOWDOWN:
        line = []
        for option in _in_menu_order(legal.options):
            line += [("class:key", f"[{_KEY_OF[option.action].upper()}]"), ("", " " + _option_text(option, tr) + "   ")]
        return [line]
    return []
