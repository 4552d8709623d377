"""A Three Card Poker seat's view: its own boxes' cards and the public table.

:func:`seat_view` builds a :class:`TcpView` for one seat; :func:`command_for`
turns its :class:`~drawpoker.games.view.Decision` into the engine's command.
A seat sees its own boxes' cards, the dealer's once revealed, and another
box's cards only once the table has seen them (settled and turned over:
:func:`drawpoker.games.three_card.state.box_shown`, the rule the laptop's
screen, the replay and export follow too); of every box the bets.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from drawpoker.cards import Card
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card.state import BETTING, DECIDING, TcpState, box_shown
from drawpoker.games.view import Decision, dealt_to_viewer, sat_down_since_the_deal, the_leavers_own
from drawpoker.notes import N_, Note
from drawpoker.rules.explain import table_name
from drawpoker.rules.kinds import ENGLISH, Words

__all__ = ["BoxInfo", "Limits", "TcpView", "seat_view", "command_for", "phone_form"]


class BoxInfo(NamedTuple):
    """One box of the round: its owner, bets, and its cards where this seat may see them."""

    box: int
    seat: int
    ante: int
    pair_plus: int
    prime: int
    six_card: int
    play: int
    folded: bool
    cards: tuple[Card, ...]  # empty unless the box is this seat's or the table has seen it
    result: tuple[int, ...] | None


class Limits(NamedTuple):
    """What the seat may stake this round (see ``three_card.legal.BetLimits``)."""

    ante_min: int
    ante_max: int
    play_multiple: int
    pair_plus_max: int
    pair_plus_alone: bool
    prime_max: int
    six_card_max: int
    boxes: int
    stack: int
    bank_can_cover: int | None


@attrs.frozen(slots=True)
class TcpView:
    """One seat's view of a Three Card Poker table."""

    seat: int
    rules: Any  # the house rules: public
    phase: str  # betting, deciding, settling, between_deals, session_over, no_session
    to_act: int | None
    round: int
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    dealer: int | None  # the dealing seat (None: the house)
    bank: int | None  # the bank's chips (None: unlimited)
    boxes: tuple[BoxInfo, ...]
    dealer_cards: tuple[Card, ...]  # once revealed
    qualifies: bool | None
    # When it is this seat's turn:
    options: tuple[str, ...] = ()  # betting: "bet" and/or "sit_out"; deciding: "play", "fold"
    limits: Limits | None = None
    box: int | None = None  # the box to decide
    cards: tuple[Card, ...] = ()  # its cards
    play_amount: int = 0
    hint: str | None = None  # the optimal decision for these cards under these rules
    out: tuple[bool, ...] = ()  # per seat: sitting out the rest of the session
    away: tuple[bool, ...] = ()  # per seat: sitting out a while by choice (keeping the chips), as the table says
    # per seat: placed no bet in this round's betting (sat the round out), as the table says it while the round is on
    out_this_round: tuple[bool, ...] = ()

    @property
    def my_turn(self) -> bool:
        """It is this seat's decision."""
        return self.to_act == self.seat


def seat_view(game: Any, s: TcpState, seat: int, player: str | None = None) -> TcpView:
    """What ``seat`` may know of the table in ``s``, and may do now; ``player``:
    whose view it is (None: the seat's player now; one who left the seat)."""
    rules = game.rules
    if not 0 <= seat < len(s.names):
        raise ValueError(f"there is no seat {seat} at this table")
    # the seat's boxes' cards are its player's: not a newcomer's who sat down there since the round began
    mine = dealt_to_viewer(s, seat, player)
    # the one who left the seat since sees it as they left it: under their name, the chips taken, their boxes
    leaver = the_leavers_own(s, seat, player)
    names, stacks, out = list(s.names), list(s.stacks), [bool(o) for o in s.out]
    if True in s.away:  # one away without a stake, who may not buy again, sits out as every such player does
        from drawpoker.games.evening_rules import out_when_back

        out = [o or out_when_back(s, i, rules.session, game.min_stake) for i, o in enumerate(out)]
    if leaver and player is not None:
        names[seat], stacks[seat] = player, 0
        if seat < len(out):
            out[seat] = True
    away = [bool(a) for a in s.away]
    out_this_round = [s.out_this_round(i) for i in range(len(names))]
    if leaver and player is not None:
        if seat < len(away):
            away[seat] = False
        out_this_round[seat] = False
    boxes = tuple(
        [
            BoxInfo(
                i,
                b.seat,
                b.ante,
                b.pair_plus,
                b.prime,
                b.six_card,
                b.play,
                b.folded,
                tuple(b.cards) if (b.seat == seat and mine) or box_shown(b, rules) else (),
                b.result,
            )
            for i, b in enumerate(s.boxes)
            # (a leaver's boxes are not said under the name of a newcomer who sat down in the seat since)
            if not sat_down_since_the_deal(s, b.seat) or (leaver and b.seat == seat)
        ]
    )
    extra: dict[str, Any] = {}
    if s.to_act == seat and s.phase in (BETTING, DECIDING):
        legal = game.legal_actions(s)
        if s.phase == BETTING and legal.limits is not None:
            extra = {"options": tuple(legal.options), "limits": Limits(*legal.limits)}
        elif legal.box is not None:
            extra = {
                "options": tuple(legal.options),
                "box": legal.box,
                "cards": tuple(legal.cards),
                "play_amount": legal.play_amount,
                "hint": legal.hint,
            }
    return TcpView(
        seat=seat,
        rules=rules,
        phase=s.phase,
        to_act=s.to_act,
        round=s.round,
        names=tuple(names),
        stacks=tuple(stacks),
        dealer=s.dealer,
        bank=s.bank,
        boxes=boxes,
        dealer_cards=tuple(s.dealer_cards),
        qualifies=s.qualifies,
        out=tuple(out),
        away=tuple(away),
        out_this_round=tuple(out_this_round),
        **extra,
    )


def command_for(view: TcpView, decision: Decision) -> Any:
    """The command of ``view``'s seat for ``decision``; ``ValueError`` with
    the reason if the decision names no command of this game."""
    act = decision.act
    if act in ("play", "fold"):
        if view.box is None:
            raise ValueError(Note(N_("'{act}' when no box of this seat waits for a decision"), act=act))
        return (cmd.Play if act == "play" else cmd.Fold)(view.seat, view.box)
    if act == "place":
        boxes = []
        for box in decision.boxes:
            if (
                not isinstance(box, (tuple, list))
                or len(box) != 4
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in box)
            ):
                raise ValueError(Note(N_("a box of {box}, which is not four numbers of chips"), box=repr(box)))
            boxes.append(cmd.BoxBet(*box))
        return cmd.PlaceBets(view.seat, tuple(boxes))
    raise ValueError(Note(N_("'{act}', which is not something a player does in Three Card Poker"), act=str(act)))


def phone_form(view: TcpView, coach: bool = True, words: Words | None = None) -> dict[str, Any]:
    """The view in the JSON shape a phone is sent (``docs/phones.md``, checked
    by :func:`drawpoker.phones.protocol.view_problems`): every box of the
    round with its bets (its cards only where the view has them: the
    seat's own, another's once the table has seen it), the dealer's cards
    once revealed, and on the seat's turn what it may do -- the round's
    bets within ``limits``, or play or fold the box in view, with the
    strategy hint when ``coach`` (the terminal's H). ``words``: the table's
    language for the title (English when None)."""
    legal = None
    if view.my_turn and view.phase == BETTING and view.limits is not None:
        actions = ["place", "sit_out"] if "bet" in view.options else ["sit_out"]
        legal = {"actions": actions, "limits": view.limits._asdict(), "box": None, "play_amount": 0}
    elif view.my_turn and view.phase == DECIDING and view.box is not None:
        legal = {"actions": ["play", "fold"], "limits": None, "box": view.box, "play_amount": view.play_amount}
    return {
        "seat": view.seat,
        "game": str(view.rules.game),
        "title": table_name(view.rules, words or ENGLISH),
        "phase": view.phase,
        "deal": view.round,
        "to_act": view.to_act,
        "dealer": view.dealer,
        # between rounds, the dealer of the round just played who has left since (the table says it)
        "dealer_left": None,
        "bank": view.bank,
        "seats": [
            {
                "name": name,
                "stack": stack,
                "out": bool(view.out[i]) if i < len(view.out) else False,
                "away": bool(view.away[i]) if i < len(view.away) else False,
                "out_this_round": bool(view.out_this_round[i]) if i < len(view.out_this_round) else False,
            }
            for i, (name, stack) in enumerate(zip(view.names, view.stacks, strict=True))
        ],
        "boxes": [
            {
                "seat": b.seat,
                "ante": b.ante,
                "pair_plus": b.pair_plus,
                "prime": b.prime,
                "six_card": b.six_card,
                "play": b.play,
                "folded": b.folded,
                "cards": [str(c) for c in b.cards],
                "result": None if b.result is None else list(b.result),
            }
            for b in view.boxes
        ],
        "dealer_cards": [str(c) for c in view.dealer_cards],
        "qualifies": view.qualifies if view.dealer_cards else None,
        "legal": legal,
        "hint": view.hint if coach and legal is not None and legal["box"] is not None else None,
    }
