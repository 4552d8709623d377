"""``drawpoker settle`` for a Mørkpoker deal written in YAML.

The file gives the seats (stacks before the ante, the five cards dealt),
the button, any carried pot, the stock and every decision in order; the
engine plays it and says who wins what and why. Antes and blinds are
posted by the rules and not written. Bets name their amounts where the
structure needs them: ``bet 5``, ``raise to 15`` (the player's total this
round), ``all in``; in fixed limit ``bet`` and ``raise`` alone are the
fixed amounts, which may also be named (any other amount is refused).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import attrs

from drawpoker.cards import Card, parse_cards
from drawpoker.engine import betting
from drawpoker.errors import CardError, IllegalAction, RulesError, SettleError, refusal_note
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.deck import jokers_of
from drawpoker.games.draw.legal import limits_of
from drawpoker.games.draw.openers import ACES, JACKS, KINGS, QUEENS, requirement, requirement_words
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.games.draw.state import BETTING, SHOWDOWN, DrawState
from drawpoker.notes import N_, Note, at
from drawpoker.ranking import ranking_for_deck
from drawpoker.rules.loading import YamlDocument, load_rules, semicolons
from drawpoker.rules.model import DrawRules
from drawpoker.terminal import cut

__all__ = ["settle_morkpoker", "Settlement"]

_WORDS = {
    "check": cmd.Check,
    "bet": cmd.Bet,
    "call": cmd.Call,
    "raise": cmd.Raise,
    "fold": cmd.Fold,
    "show": cmd.Show,
    "muck": cmd.Muck,
}
_KEYS = {"game", "rules", "button", "carried_pot", "to_open", "seats", "stock", "actions"}
_LADDER = {"jacks": JACKS, "queens": QUEENS, "kings": KINGS, "aces": ACES}


@attrs.frozen
class Settlement:
    """What a written deal comes to."""

    names: tuple[str, ...]
    pots: tuple[ev.PotAwarded, ...]
    stacks: tuple[int, ...]
    hands: dict[int, str]  # seat -> words, for hands shown
    mucked: tuple[int, ...]
    carried_pot: int
    button: int
    next_button: int = 0
    openers: ev.OpenersShown | None = None  # the opener's proof, under openers
    needed: str = ""  # what opened this deal ("jacks or better"); empty without openers
    shown: dict[int, tuple[Card, ...]] = attrs.field(factory=dict)  # seat -> the cards shown, for other languages
    ranking: Any = None  # the showdown's ranking, which the words of ``hands`` follow

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` form."""
        n = self.names
        return {
            "pots": [
                {
                    "amount": p.amount,
                    "eligible": [n[s] for s in p.eligible],
                    "winners": [n[s] for s, _ in p.shares],
                    "shares": {n[s]: chips for s, chips in p.shares},
                }
                for p in self.pots
            ],
            "stacks": {n[s]: self.stacks[s] for s in range(len(n))},
            "hands": {n[s]: words for s, words in sorted(self.hands.items())},
            "carried_pot": self.carried_pot,
            **self._openers_json(),
        }

    def _openers_json(self) -> dict[str, Any]:
        if not self.needed:
            return {}
        out: dict[str, Any] = {"to_open": self.needed}
        if self.openers is not None:
            out["openers"] = {
                "opener": self.names[self.openers.seat],
                "cards": " ".join(str(c) for c in self.openers.cards),
                "kept_apart": " ".join(str(c) for c in self.openers.apart),
            }
        return out

    def _openers_text(self) -> list[str]:
        """The proof of openers, in words."""
        p = self.openers
        if p is None:
            return []
        cards = " ".join(str(c) for c in p.cards)
        line = f"{self.names[p.seat]} opened and shows the openers: {cards}"
        if p.apart:
            line += f" ({' '.join(str(c) for c in p.apart)} thrown in the exchange and kept apart)"
        return [line + "."]

    def to_text(self) -> str:
        """The settlement in plain words."""
        n = self.names
        lines: list[str] = []
        if not self.pots:
            nobody = "Nobody opened" if self.needed else "Everybody checked the first round"
            lines.append(
                f"{nobody}: no exchange; the pot of {self.carried_pot} "
                f"carries to the next deal, dealt by {n[self.next_button]}."
            )
        lines += self._openers_text()
        for p in self.pots:
            title = "Main pot" if p.pot == 0 else f"Side pot {p.pot}"
            eligible = ", ".join(n[s] for s in p.eligible)
            lines.append(f"{title}: {p.amount} chips, contested by {eligible}.")
            winners = [s for s, _ in p.shares]
            for seat, chips in p.shares:
                if seat not in self.hands:
                    how = "unseen (everyone else folded or mucked)"
                elif self.ranking is not None and self.ranking.lowball:
                    how = f"with the lowest hand, {self.hands[seat]}"
                else:
                    how = f"with {self.hands[seat]}"
                lines.append(f"  {n[seat]} wins {chips} {how}.")
            if len(winners) > 1:
                lines.append(
                    f"  Split {len(winners)} ways"
                    + (
                        "; odd chip to " + ", ".join(n[s] for s in p.odd) + " (first clockwise from the button)."
                        if p.odd
                        else " evenly."
                    )
                )
        for seat in self.mucked:
            lines.append(f"{n[seat]} mucked and cannot win.")
        lines.append("Stacks after the deal: " + ", ".join(f"{n[s]} {self.stacks[s]}" for s in range(len(n))) + ".")
        return "\n".join(lines)


def _fail(doc: YamlDocument, path: tuple[str, ...], message: Note | str) -> SettleError:
    return SettleError(at(doc.where(path), message))


def _cards(
    doc: YamlDocument, path: tuple[str, ...], value: Any, label: Note | str, jokers: int = 0
) -> tuple[Card, ...]:
    try:
        return parse_cards(value if isinstance(value, str) else str(value), jokers=jokers)
    except CardError as exc:
        raise _fail(doc, path, Note(N_("{label}: {why}"), label=label, why=exc.note)) from None


def _refused(doc: YamlDocument, path: tuple[str, ...], label: Note, ask: Callable[[], list[Any]]) -> list[Any]:
    """What ``ask`` (the engine deciding an action) answers; its refusal as
    the action's problem, at the action's line."""
    try:
        return ask()
    except IllegalAction as exc:
        raise _fail(doc, path, Note(N_("{label}: {why}"), label=label, why=refusal_note(exc))) from None


_BET_N = re.compile(r"bet\s+([0-9]{1,15})", re.IGNORECASE)
_RAISE_TO_N = re.compile(r"raise\s+to\s+([0-9]{1,15})", re.IGNORECASE)
_ALL_IN = re.compile(r"all[\s-]*in", re.IGNORECASE)


def _amount_command(game: DrawGame, state: DrawState, seat: int, what: str) -> Any | None:
    """``bet N`` (the player's bet becomes N), ``raise to N`` (their total this
    round becomes N) or ``all in`` (everything they have left: a call, a bet
    or a raise, whichever it comes to); None for anything else."""
    what = what.strip()
    if match := _BET_N.fullmatch(what):
        return cmd.Bet(seat, int(match.group(1)))
    if match := _RAISE_TO_N.fullmatch(what):
        return cmd.Raise(seat, int(match.group(1)))
    if _ALL_IN.fullmatch(what):
        if state.phase != BETTING or not 0 <= seat < state.seats:
            return cmd.Call(seat)  # refused below in the phase's own words
        word, to = betting.all_in_action(state, limits_of(game.rules), seat)
        if word == "call":
            return cmd.Call(seat)
        return cmd.Bet(seat, to) if word == "bet" else cmd.Raise(seat, to)
    return None


def settle_morkpoker(doc: YamlDocument, folder: Path) -> Settlement:
    """Play the written deal; :class:`SettleError` names the place and the problem."""
    data = doc.data
    for key in data:
        if key not in _KEYS:
            raise _fail(
                doc,
                (key,),
                Note(N_("unknown key '{key}'; a Mørkpoker deal has {keys}"), key=key, keys=", ".join(sorted(_KEYS))),
            )
    rules_ref = data.get("rules", "morkpoker")
    try:
        rules = load_rules(str(rules_ref), relative_to=folder)
    except RulesError as exc:
        raise SettleError(
            Note(N_("{where}: rules: {problems}"), where=str(doc.where(("rules",))), problems=semicolons(exc.notes))
        ) from None
    if not isinstance(rules, DrawRules):
        raise _fail(
            doc,
            ("rules",),
            Note(N_("rules: '{ref}' is a {game} ruleset, not Mørkpoker"), ref=rules_ref, game=rules.game),
        )

    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) < 2:
        raise _fail(
            doc, ("seats",), Note(N_("seats: expected a list of at least two seats, each {{name, stack, cards}}"))
        )
    names: list[str] = []
    stacks: list[int] = []
    hands: dict[int, tuple[Card, ...]] = {}
    for i, seat in enumerate(seats):
        path = ("seats", f"[{i}]")
        if (
            not isinstance(seat, dict)
            or set(seat) - {"name", "stack", "cards"}
            or not {"name", "stack", "cards"} <= set(seat)
        ):
            raise _fail(doc, path, Note(N_("seats[{i}]: expected {{name: ..., stack: ..., cards: ...}}"), i=i))
        name, stack = seat["name"], seat["stack"]
        if not isinstance(name, str) or not name.strip():
            raise _fail(doc, path, Note(N_("seats[{i}]: the name must be text"), i=i))
        if name in names:
            raise _fail(doc, path, Note(N_("seats[{i}]: two seats are called {name}"), i=i, name=name))
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise _fail(
                doc,
                path,
                Note(N_("seats[{i}] ({name}): stack must be a whole number of chips, at least 1"), i=i, name=name),
            )
        cards = _cards(doc, path, seat["cards"], f"seats[{i}] ({name})", jokers_of(rules))
        if len(cards) != 5:
            raise _fail(
                doc,
                path,
                Note(N_("seats[{i}] ({name}): five cards are dealt, found {n}"), i=i, name=name, n=len(cards)),
            )
        names.append(name)
        stacks.append(stack)
        hands[i] = cards
    if data.get("button") not in names:
        raise _fail(
            doc,
            ("button",),
            Note(
                N_("button: expected one of the seats ({names}), found {found}"),
                names=", ".join(names),
                found=repr(data.get("button")),
            ),
        )
    button = names.index(data["button"])
    carried = data.get("carried_pot", 0)
    if isinstance(carried, bool) or not isinstance(carried, int) or carried < 0:
        raise _fail(doc, ("carried_pot",), Note(N_("carried_pot: expected a whole number of chips, 0 or more")))
    to_open = _to_open(doc, rules)
    stock = _cards(doc, ("stock",), data.get("stock", ""), "stock", jokers_of(rules))
    try:
        deck = stacked_deck(hands, button, len(names), stock, jokers_of(rules))
    except CardError as exc:
        raise _fail(doc, ("seats",), Note(N_("the cards: {why}"), why=exc.note)) from None

    game = DrawGame(rules)
    state = DrawState()
    try:
        game.handle(state, cmd.SitDown(tuple(names), tuple(stacks), button))
    except IllegalAction as exc:
        raise _fail(doc, ("seats",), Note(N_("seats: {why}"), why=refusal_note(exc))) from None
    state.carried = carried  # chips already in the pot from an all-checked deal
    state.to_open = to_open  # the progressive ladder's step, when the file names one
    events: list[Any] = list(game.handle(state, cmd.StartDeal(deck)))
    drawn = 0

    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise _fail(doc, ("actions",), Note(N_("actions: expected a list like '- Anna: bet'")))
    for i, item in enumerate(actions):
        path = ("actions", f"[{i}]")
        if not isinstance(item, dict) or len(item) != 1:
            raise _fail(doc, path, Note(N_("action {n}: expected one 'name: action', like '- Anna: call'"), n=i + 1))
        ((who, what),) = item.items()
        label = Note(N_("action {n} ({who}: {what})"), n=i + 1, who=cut(str(who)), what=cut(str(what)))
        if who not in names:
            raise _fail(doc, path, Note(N_("{label}: there is no seat called {who}"), label=label, who=cut(str(who))))
        seat = names.index(who)
        if state.deal_over:
            raise _fail(doc, path, Note(N_("{label}: the deal is already over"), label=label))
        words = str(what).strip().split(None, 1) if what is not None else [""]
        verb = words[0].lower() if words else ""
        if str(what).strip().lower() == "stand pat":
            command: Any = cmd.Exchange(seat, ())
        elif verb == "exchange":
            discards = _cards(doc, path, words[1] if len(words) > 1 else "", label, jokers_of(rules))
            command = cmd.Exchange(seat, discards)
            if drawn + len(discards) > len(stock) and len(discards) <= len(state.stock):
                _refused(doc, path, label, partial(game.decide, state, command))  # what is wrong with it first
                missing = drawn + len(discards) - len(stock)
                raise _fail(
                    doc,
                    path,
                    Note(
                        N_(
                            "{label}: the stock lists {n} cards, {missing} too few for this exchange; add them to "
                            "'stock'"
                        ),
                        label=label,
                        n=len(stock),
                        missing=missing,
                    ),
                )
        elif verb in _WORDS and len(words) == 1:
            command = _WORDS[verb](seat)
        else:
            command = _amount_command(game, state, seat, str(what))
            if command is None:
                raise _fail(
                    doc,
                    path,
                    Note(
                        N_(
                            "{label}: not an action; use check, call, bet, bet N, raise, raise to N, all in, fold, "
                            "stand pat, exchange CARDS, show or muck"
                        ),
                        label=label,
                    ),
                )
        new = _refused(doc, path, label, partial(game.handle, state, command))
        for e in new:
            if isinstance(e, ev.CardsExchanged):
                drawn += len(e.drawn)
        events.extend(new)

    # Unspoken showdown decisions: everyone left shows (cards speak).
    while state.phase == SHOWDOWN and state.to_act is not None:
        events.extend(game.handle(state, cmd.Show(state.to_act)))
    if not state.deal_over:
        turn: Note | str = names[state.to_act] if state.to_act is not None else Note(N_("nobody"))
        if state.phase == "betting":
            unfinished = Note(
                N_("the deal is not finished: it is {who}'s turn in betting round {n}"), who=turn, n=state.round
            )
        elif state.phase == "exchange":
            unfinished = Note(N_("the deal is not finished: it is {who}'s turn in the exchange"), who=turn)
        else:
            unfinished = Note(
                N_("the deal is not finished: it is {who}'s turn in {phase}"), who=turn, phase=state.phase
            )
        raise _fail(doc, ("actions",), unfinished)

    pots = tuple(e for e in events if isinstance(e, ev.PotAwarded))
    ranking = ranking_for_deck(rules.deck, rules.showdown.ranking)
    shown = {e.seat: ranking.describe(e.cards) for e in events if isinstance(e, ev.HandShown)}
    mucked = tuple(e.seat for e in events if isinstance(e, ev.HandMucked))
    carried_out = next((e.pot for e in events if isinstance(e, ev.DealCheckedThrough)), 0)
    proof = next((e for e in events if isinstance(e, ev.OpenersShown)), None)
    need = requirement(to_open, rules)
    return Settlement(
        tuple(names),
        pots,
        tuple(state.stacks),
        shown,
        mucked,
        carried_out,
        button,
        game.next_button(state),
        proof,
        requirement_words(need) if need else "",
        {e.seat: tuple(e.cards) for e in events if isinstance(e, ev.HandShown)},
        ranking,
    )


def _to_open(doc: YamlDocument, rules: DrawRules) -> int:
    """The progressive requirement the file names (``to_open: queens``); 0 when it names none."""
    if "to_open" not in doc.data:
        return 0
    value = doc.data["to_open"]
    if rules.betting.opening != "progressive":
        raise _fail(doc, ("to_open",), "to_open: only a progressive opening has a requirement that changes")
    if value not in _LADDER:
        raise _fail(doc, ("to_open",), f"to_open: expected jacks, queens, kings or aces, found {value!r}")
    return _LADDER[value]
