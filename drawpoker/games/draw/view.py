"""A draw-game seat's view: its own cards and the public table.

:func:`seat_view` builds a :class:`DrawView` from the state for one seat;
:func:`command_for` turns that seat's :class:`~drawpoker.games.view.Decision`
into the engine's command. The view copies what it holds (tuples, numbers,
cards): nothing in it refers back to the state. A seat sees its own hand
(as dealt and now), the cards it threw this deal (out of the stock unless
the discards were shuffled back in), any opening cards it kept apart; of
the others only what the table sees -- stacks, bets, folds, how many cards
each drew in each exchange, hands shown and the opener's proof.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import attrs

from drawpoker.cards import Card, card_text, parse_card
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.games.draw.legal import refusal
from drawpoker.games.draw.openers import openers_held, requirement, split_refusal
from drawpoker.games.draw.state import BETTING, BETWEEN_DEALS, EXCHANGE, SHOWDOWN, Act, DrawState
from drawpoker.games.view import Decision, dealt_to_viewer, sat_down_since_the_deal, the_leavers_own
from drawpoker.notes import N_, Note
from drawpoker.rules.explain import table_name, variant_names
from drawpoker.rules.kinds import ENGLISH, Words

__all__ = [
    "Act",
    "SeatInfo",
    "PotInfo",
    "BetOption",
    "Amounts",
    "DrawView",
    "seat_view",
    "command_for",
    "phone_form",
    "CHOOSE_GAME",
]

#: the phase of a view whose seat deals next and picks the game (dealer's choice)
CHOOSE_GAME = "choose_game"


class SeatInfo(NamedTuple):
    """What the table knows of one seat."""

    seat: int
    name: str
    stack: int
    bet: int  # chips in front of it this round
    committed: int  # chips it put in this deal (antes, blinds, bets)
    in_deal: bool
    folded: bool
    all_in: bool
    sitting_out: bool
    away: bool  # sits out a while by choice (keeping the chips), not dealt in: "away" at the table
    blind: str | None  # "small" or "big" this deal
    drew: tuple[int, ...]  # cards drawn in each exchange so far
    shown: tuple[Card, ...] | None  # the hand shown at the showdown
    mucked: bool


class Amounts(NamedTuple):
    """Pot and no limit, when the seat may bet or raise: the totals it may
    bet to (``min_to`` .. ``max_to``), all in, a pot-sized and a half-pot
    bet (before any limit), and the smallest bet."""

    min_to: int
    max_to: int
    all_in_to: int
    pot_to: int
    half_pot_to: int
    step: int


class PotInfo(NamedTuple):
    """A pot (the main pot first) and the seats that can win it."""

    amount: int
    eligible: tuple[int, ...]


class BetOption(NamedTuple):
    """One betting action the seat may take: ``chips`` put in now at the
    smallest, making its total this round ``min_to`` (a bet or raise may go
    up to ``max_to``; in fixed limit the two are equal); ``all_in`` when the
    smallest already takes every chip."""

    act: str
    chips: int = 0
    min_to: int = 0
    max_to: int = 0
    all_in: bool = False


@attrs.frozen(slots=True)
class DrawView:
    """One seat's view of a draw-game table (see the module's doc)."""

    seat: int
    rules: Any  # the deal's house rules (in dealer's choice, the chosen game's): public
    title: str  # what the table calls the game of the deal
    game: str  # dealer's choice: the deal's game by name ("" otherwise, or before it is chosen)
    games: tuple[str, ...]  # dealer's choice: the games the dealer picks from
    phase: str  # betting, exchange, showdown, choose_game, between_deals, session_over, no_session
    to_act: int | None
    deal: int
    button: int
    round: int  # the betting round (1 before the first exchange); in an exchange, its number
    exchanges: int
    hand: tuple[Card, ...]
    dealt: tuple[Card, ...]
    thrown: tuple[Card, ...]
    apart: tuple[Card, ...]  # opening cards this seat threw and keeps apart for the proof
    seats: tuple[SeatInfo, ...]
    pots: tuple[PotInfo, ...]
    pot_total: int
    carried: int
    level: int  # the highest bet this round
    step: int  # this round's bet (fixed limit) or the smallest bet
    raises: int  # raises this round
    actions: tuple[Act, ...]
    opener: int | None
    to_open: int  # the pair a player needs to open, as a rank (11 jacks ... 14 aces); 0: any hand
    proof: tuple[Card, ...]  # the opener's proof, once shown
    stock_left: int
    # When it is this seat's turn (options: the betting acts, or at the showdown "show" and "muck"):
    options: tuple[BetOption, ...] = ()
    to_call: int = 0
    raises_left: int | None = None
    amounts: Amounts | None = None  # pot and no limit: the amounts a bet or raise may take
    max_exchange: int = 0
    max_exchange_with_ace: int | None = None
    must_keep: tuple[Card, ...] = ()  # openers the house does not let this opener throw
    # On its turn, what the rules take away that the player might look for: the engine's reason
    # (its English sentence, as a refused command gets it), one for each -- no bet or raise in a
    # betting round (openers, the raise cap, no chips beyond the call...), no muck at the showdown,
    # opening cards the house does not let this opener throw
    closed: tuple[str, ...] = ()
    # Dealer's choice, between deals: the seat that picks the next deal's game (None: nobody picks now)
    chooser: int | None = None

    @property
    def my_turn(self) -> bool:
        """It is this seat's decision."""
        return self.to_act == self.seat

    @property
    def me(self) -> SeatInfo:
        """This seat's public facts."""
        return self.seats[self.seat]

    def option(self, act: str) -> BetOption | None:
        """The option ``act``, or None when it is not allowed."""
        for o in self.options:
            if o.act == act:
                return o
        return None

    def live(self) -> tuple[int, ...]:
        """The seats still in the deal (dealt in, not folded)."""
        return tuple(s.seat for s in self.seats if s.in_deal and not s.folded)

    def opponents(self) -> tuple[int, ...]:
        """The other seats still in the deal."""
        return tuple(s for s in self.live() if s != self.seat)


def _drew(actions: list[Act], seats: int) -> list[tuple[int, ...]]:
    drew: list[tuple[int, ...]] = [()] * seats
    for act in actions:
        if act.act == "draw":
            drew[act.seat] += (act.chips,)
    return drew


_new_seat = SeatInfo._make


def _newcomer(info: SeatInfo) -> SeatInfo:
    """A seat as a newcomer's who sat down after the last deal: none of that deal's facts."""
    return info._replace(
        bet=0, committed=0, in_deal=False, folded=False, all_in=False, blind=None, drew=(), shown=None, mucked=False
    )


def _leaver(info: SeatInfo, name: str) -> SeatInfo:
    """A seat as the one who left it sees it: under their name, the chips taken, the deal's facts theirs."""
    return info._replace(name=name, stack=0, sitting_out=True, all_in=info.in_deal and not info.folded)


def seat_view(game: Any, s: DrawState, seat: int, player: str | None = None) -> DrawView:
    """What ``seat`` may know of the table in ``s``, and may do now; ``player``:
    whose view it is (None: the seat's player now; one who left the seat)."""
    played = game_in_play(game, s)
    n = len(s.names)
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat} at this table")
    phase = s.phase
    games = tuple(game.games()) if hasattr(game, "games") else ()
    chooser = None
    if phase == BETWEEN_DEALS and games and game.rotation(s) is not None:
        chooser = int(game.next_dealer(s))
        if chooser == seat:
            phase = CHOOSE_GAME
            played = game
    rules = played.rules
    drew = _drew(s.actions, n) if s.round else [()] * n
    in_deal, folded, stacks = s.in_deal, s.folded, s.stacks
    all_in = [bool(d and not f and not st) for d, f, st in zip(in_deal, folded, stacks, strict=True)]
    out = s.out
    if True in s.away:  # one away and broke, who may not buy again, sits out as every such player does
        from drawpoker.games.evening_rules import out_when_back

        out = [bool(o) or out_when_back(s, i, game.rules.session) for i, o in enumerate(s.out)]
    seats = tuple(
        map(
            _new_seat,
            zip(
                range(n),
                s.names,
                stacks,
                s.bets,
                s.committed,
                in_deal,
                folded,
                all_in,
                out,
                s.away,
                s.blind,
                drew,
                s.shown,
                s.mucked,
                strict=True,
            ),
        )
    )
    if s.dealt_to and s.dealt_to != s.names:
        # a newcomer in a leaver's seat between deals: the last deal's facts there were the leaver's
        # (but the one who left the seat sees it as they left it, under their name, their facts kept)
        leaver = player if player is not None and the_leavers_own(s, seat, player) else None
        seats = tuple(
            _leaver(info, leaver)
            if leaver is not None and info.seat == seat
            else _newcomer(info)
            if sat_down_since_the_deal(s, info.seat)
            else info
            for info in seats
        )
    deal_on = phase not in (BETWEEN_DEALS, CHOOSE_GAME) and not s.deal_over
    if not deal_on:
        pots: tuple[PotInfo, ...] = ()
    elif True in all_in:  # side pots
        pots = tuple(PotInfo(p.amount, tuple(p.eligible)) for p in s.pots())
    else:  # one pot, for everyone still in
        pots = (PotInfo(s.pot_total(), tuple(i for i in range(n) if in_deal[i] and not folded[i])),)
    # the seat's cards of the deal are its player's: not a newcomer's who sat down there since it began
    mine = dealt_to_viewer(s, seat, player)
    extra: dict[str, Any] = {}
    if s.to_act == seat and phase in (BETTING, EXCHANGE, SHOWDOWN):
        legal = played.legal_actions(s)
        if phase == BETTING:
            extra = _bet_options(legal)
            if not any(o.action in ("bet", "raise") for o in legal.options):
                wanted = cmd.Bet(seat) if s.full_level == 0 else cmd.Raise(seat)
                extra["closed"] = _reasons(refusal(s, rules, wanted))
        elif phase == SHOWDOWN:
            extra = {"options": tuple(BetOption(o.action) for o in legal.options)}
            if not any(o.action == "muck" for o in legal.options):
                extra["closed"] = _reasons(refusal(s, rules, cmd.Muck(seat)))
        else:
            keep = openers_held(s, rules, seat) if rules.betting.split_openers == "not_allowed" else ()
            extra = {
                "max_exchange": min(legal.max_exchange, len(s.stock) + len(s.discards)),
                "max_exchange_with_ace": legal.max_exchange_with_ace,
                "must_keep": tuple(keep),
                "closed": _reasons(split_refusal(s.names[seat], keep)),
            }
    return DrawView(
        seat=seat,
        rules=rules,
        title=s.game or str(played.rules.description),
        game=s.game,
        games=games,
        phase=phase,
        to_act=s.to_act,
        deal=s.deal,
        button=s.button,
        round=s.round,
        exchanges=rules.draw.exchanges,
        hand=tuple(s.hands[seat]) if mine else (),
        dealt=tuple(s.dealt[seat]) if mine else (),
        thrown=tuple(s.thrown[seat]) if mine else (),
        apart=tuple(c for c in s.apart if seat == s.opener and c in s.dealt[seat]) if mine else (),
        seats=seats,
        pots=pots,
        pot_total=s.pot_total() if deal_on else s.carried,
        carried=s.carried,
        level=s.level,
        step=s.step,
        raises=s.raises,
        actions=tuple(s.actions),
        opener=s.opener,
        to_open=requirement(s.to_open, rules) if rules.betting.opening != "any" else 0,
        proof=tuple(s.proof),
        stock_left=len(s.stock),
        chooser=chooser,
        **extra,
    )


def _reasons(why: str | None) -> tuple[str, ...]:
    return () if why is None else (why,)


def _bet_options(legal: Any) -> dict[str, Any]:
    ch = legal.amounts
    options = []
    for o in legal.options:
        if o.action in ("bet", "raise") and ch is not None and ch.structure != "fixed_limit":
            options.append(BetOption(o.action, o.amount, ch.min_to, ch.max_to, o.all_in))
        else:
            options.append(BetOption(o.action, o.amount, o.to, o.to, o.all_in))
    amounts = None
    if ch is not None and ch.bet_word is not None and ch.structure != "fixed_limit":
        amounts = Amounts(ch.min_to, ch.max_to, ch.all_in_to, ch.pot_to, ch.half_pot_to, ch.step)
    return {"options": tuple(options), "to_call": legal.to_call, "raises_left": legal.raises_left, "amounts": amounts}


_SIMPLE = {"fold": cmd.Fold, "check": cmd.Check, "call": cmd.Call, "show": cmd.Show, "muck": cmd.Muck}


def command_for(view: DrawView, decision: Decision) -> Any:
    """The command of ``view``'s seat for ``decision``; ``ValueError`` with
    the reason if the decision names no command of this game."""
    act = decision.act
    seat = view.seat
    if act in _SIMPLE:
        return _SIMPLE[act](seat)
    if act in ("bet", "raise"):
        to = decision.to
        if to is not None and (isinstance(to, bool) or not isinstance(to, int)):
            if act == "bet":
                raise ValueError(Note(N_("a bet of {to}, which is not a number of chips"), to=repr(to)))
            raise ValueError(Note(N_("a raise to {to}, which is not a number of chips"), to=repr(to)))
        return (cmd.Bet if act == "bet" else cmd.Raise)(seat, to)
    if act == "exchange":
        return cmd.Exchange(seat, _cards(decision.cards))
    if act == "choose":
        if view.phase != CHOOSE_GAME:  # the command names no seat: the view is what knows whose choice it is
            raise ValueError(Note(N_("a choice of the game, which is not {name}'s to make now"), name=view.me.name))
        if not isinstance(decision.game, str):
            raise ValueError(Note(N_("a choice of {game}, which is not a game's name"), game=repr(decision.game)))
        return cmd.ChooseGame(decision.game)
    raise ValueError(Note(N_("'{act}', which is not something a player does in a draw game"), act=str(act)))


_NOT_A_CARD = N_("an exchange of {card}, which is not a card")


def _cards(cards: Any) -> tuple[Card, ...]:
    if not isinstance(cards, (tuple, list)):
        raise ValueError(Note(N_("an exchange of {cards}, which is not a list of cards"), cards=repr(cards)))
    out = []
    for card in cards:
        if isinstance(card, Card):
            out.append(card)
        elif isinstance(card, str):
            try:
                out.append(parse_card(card))
            except ValueError:
                raise ValueError(Note(_NOT_A_CARD, card=repr(card))) from None
        else:
            raise ValueError(Note(_NOT_A_CARD, card=repr(card)))
    return tuple(out)


def phone_form(view: DrawView, coach: bool = True, words: Words | None = None) -> dict[str, Any]:
    """The view in the JSON shape a phone is sent (``docs/phones.md``, checked
    by :func:`drawpoker.phones.protocol.view_problems`): the same facts,
    named as the phone's page reads them, and -- on the seat's turn before
    its last exchange -- the draw coach's odds, counted from the view alone
    (the seat's own thrown cards and the hands shown count as seen).
    Dealer's choice between deals: the seat that picks the next game is the
    one to act, and its view offers the games (``legal.choose``). ``words``:
    the table's language for the games' titles (English when None)."""
    tr = words or ENGLISH
    started = view.round if view.phase == EXCHANGE else max(0, view.round - 1)
    # the seats that checked this betting round, as the laptop's table says it while the round is played
    checked = (
        {a.seat for a in view.actions if a.round == view.round and a.act == "check"} if view.phase == BETTING else ()
    )
    seats = [
        {
            "name": s.name,
            "stack": s.stack,
            # this round's chips in front of the seat, as the laptop's table shows them: none once the
            # round is closed (the exchange, the showdown, the deal's end), when they are in the pot
            "bet": s.bet if view.phase == BETTING else 0,
            "in_deal": s.in_deal,
            "folded": s.in_deal and s.folded,
            "all_in": s.all_in,
            "out": s.sitting_out,
            "away": s.away,
            "drew": s.drew[started - 1] if 0 < started <= len(s.drew) else None,
            "shown": None if s.shown is None else [str(c) for c in s.shown],
            # the blind the seat posted, while its deal is played (the laptop's "SB", "BB"); a hand given up unshown
            "blind": s.blind if view.phase in (BETTING, EXCHANGE, SHOWDOWN) else None,
            "mucked": s.mucked,
            "checked": s.seat in checked,
        }
        for s in view.seats
    ]
    choosing = view.chooser is not None
    return {
        "seat": view.seat,
        "game": str(view.rules.game),
        "title": table_name(view.rules, tr),
        "phase": CHOOSE_GAME if choosing else view.phase,
        "deal": view.deal,
        "button": view.button,
        "to_act": view.chooser if choosing else view.to_act,
        "pot": view.pot_total,
        "cards": [str(c) for c in view.hand],
        "seats": seats,
        "legal": _phone_choice(view, tr) if view.phase == CHOOSE_GAME else _phone_legal(view, words),
        "coach": _phone_coach(view) if coach else None,
    }


def _phone_choice(view: DrawView, tr: Words) -> dict[str, Any]:
    """The dealer's choice of the next game: each game's name (what the
    decision says) and its title in the table's words."""
    titles = variant_names(view.rules, tr)
    named = dict(zip((name for name, _ in view.rules.variants), titles, strict=True))
    return {
        "actions": [{"action": "choose", "amount": 0, "to": 0, "all_in": False}],
        "to_call": 0,
        "structure": "fixed_limit",
        "range": None,
        "exchange": None,
        "choose": [{"name": name, "title": named.get(name, name)} for name in view.games],
        "to_open": None,
        "why_not": [],
    }


def _phone_legal(view: DrawView, words: Words | None) -> dict[str, Any] | None:
    if not view.my_turn or view.phase not in (BETTING, EXCHANGE, SHOWDOWN):
        return None
    if view.phase == EXCHANGE:
        actions = [{"action": "exchange", "amount": 0, "to": 0, "all_in": False}]
        # the most without an ace (the stock's limit too) and with one, shown, where the house allows more
        plain = view.max_exchange
        ace = view.max_exchange_with_ace if plain == view.rules.draw.max_cards else None
        exchange = {"max": max(plain, ace or 0), "plain": plain, "which": view.round, "of": view.exchanges}
    else:
        actions = [{"action": o.act, "amount": o.chips, "to": o.min_to, "all_in": o.all_in} for o in view.options]
        exchange = None
    a = view.amounts
    span = None
    if a is not None:
        span = {
            "min_to": a.min_to,
            "max_to": a.max_to,
            "all_in_to": a.all_in_to,
            "pot_to": a.pot_to,
            "half_pot_to": a.half_pot_to,
            "step": a.step,
            "bet_here": view.me.bet,
        }
    return {
        "actions": actions,
        "to_call": view.to_call,
        "structure": str(view.rules.betting.structure) if view.phase == BETTING else "fixed_limit",
        "range": span,
        "exchange": exchange,
        "choose": None,
        **_phone_reasons(view, words),
    }


def _phone_reasons(view: DrawView, words: Words | None) -> dict[str, Any]:
    """What the laptop says in the same spot of why an action the player
    might look for is not there: the table's reminder while the first round
    is not yet open ("Jacks or better to open"), and the engine's reason for
    each action the rules take away now, as a key for it at the laptop is
    answered ("Bjørn cannot open: jacks or better are needed, Bjørn has
    ace-high."), in the table's language; the cards named as the page
    writes them (``K♥``)."""
    from drawpoker.words.i18n import Translator
    from drawpoker.words.openers import to_open_text
    from drawpoker.words.refusals import as_sentence

    tr = words if isinstance(words, Translator) else Translator("en")
    unopened = view.phase == BETTING and view.to_open and view.round == 1 and view.level == 0

    def written(text: str) -> str:  # as the laptop writes a card for a phone (10♥; the joker 🃏)
        try:
            card = parse_card(text)
        except ValueError:
            return text
        return card_text(card, unicode=True)

    return {
        "to_open": to_open_text(view.to_open, tr) if unopened else None,
        "why_not": [as_sentence(why, tr, written) for why in view.closed],
    }


def _phone_coach(view: DrawView) -> dict[str, Any] | None:
    if not view.my_turn or view.phase not in (BETTING, EXCHANGE) or not view.hand:
        return None
    if view.round > view.exchanges:
        return None

    hand = set(view.hand)
    shown = [c for s in view.seats if s.shown for c in s.shown]
    seen = tuple(dict.fromkeys(c for c in (*shown, *view.thrown) if c not in hand))
    # each choice weighed against every opponent still in, as the laptop's coach does (the best differs)
    return _coach_form(tuple(view.hand), view.rules, seen, max(1, len(view.opponents())))


@functools.lru_cache(maxsize=64)
def _coach_form(hand: tuple[Card, ...], rules: Any, seen: tuple[Card, ...], opponents: int = 1) -> dict[str, Any]:
    """The coach's odds for ``hand`` in the phones' form, as the laptop's H
    shows them: each choice's chance to end with a better hand than now
    (``better``) and to win against ``opponents`` sensible hands (``wins``,
    what marks the best): the same hand is sent again and again while
    its player decides (every change at the table sends every view), so it
    is counted once. Read only."""
    from drawpoker.games.draw.odds import draw_odds

    odds = draw_odds(hand, rules, seen=seen, opponents=opponents)
    return {
        "choices": [
            {
                "keep": [str(c) for c in c_.keep],
                "discard": [str(c) for c in c_.discard],
                # unrounded: the page writes them with one decimal, as the laptop does from the same numbers
                "better": c_.p_better,
                "wins": c_.worth,
            }
            for c_ in odds.choices
        ],
        "best": odds.choices.index(odds.best),
        "opponents": odds.opponents,
    }
