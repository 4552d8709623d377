"""``drawpoker settle`` for a Three Card Poker round written in YAML.

The file gives the dealer's three cards and, for each player (or box: a
name listed twice plays two boxes), the three cards, the bets and the
decision. The engine plays the round under the ruleset (the bank paying
everything: a written round has no bank limit) and says what every bet
won or lost and why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from drawpoker.cards import Card, format_cards, parse_cards
from drawpoker.errors import CardError, IllegalAction, RulesError, SettleError, refusal_note
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card import events as ev
from drawpoker.games.three_card.game import ThreeCardPoker
from drawpoker.games.three_card.hands import category3_of, describe_strength3, strength3
from drawpoker.games.three_card.paytables import one_colour, six_card_name
from drawpoker.games.three_card.stacking import stacked_deck
from drawpoker.games.three_card.state import BET_NAMES, Box
from drawpoker.hands import best_five
from drawpoker.notes import N_, Note, at
from drawpoker.rules.loading import YamlDocument, load_rules, semicolons
from drawpoker.rules.model import QUALIFIERS, ThreeCardRules

__all__ = ["settle_three_card", "RoundSettlement", "SettledBox"]

_KEYS = ("game", "rules", "dealer", "players")
_PLAYER_KEYS = ("name", "cards", "ante", "pair_plus", "prime", "six_card", "decision", "play")
_BETS = ("ante", "pair_plus", "prime", "six_card")
#: a seat's stack in a written round: enough for any bet the rules allow
_STACK = 10**9


@attrs.frozen
class SettledBox:
    """One box of the written round: who, the cards, the bets and each bet's net."""

    name: str
    cards: tuple[Card, ...]
    bets: dict[str, int]  # ante, play, pair_plus, prime, six_card
    decision: str | None  # "play", "fold", or None for Pair Plus alone
    result: dict[str, int]  # BET_NAMES -> net

    @property
    def net(self) -> int:
        """What the box won (negative: lost) over all its bets."""
        return sum(self.result.values())


@attrs.frozen
class RoundSettlement:
    """What a written round comes to."""

    rules: ThreeCardRules
    dealer: tuple[Card, ...]
    dealer_qualifies: bool
    boxes: tuple[SettledBox, ...]

    @property
    def bank_net(self) -> int:
        """What the bank won (negative: paid out) over the whole round."""
        return -sum(box.net for box in self.boxes)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` form: net winnings per bet and player (boxes of one player added up)."""
        players: dict[str, dict[str, int]] = {}
        for box in self.boxes:
            row = players.setdefault(box.name, {name: 0 for name in (*BET_NAMES, "net")})
            for name in BET_NAMES:
                row[name] += box.result[name]
            row["net"] += box.net
        return {"dealer_qualifies": self.dealer_qualifies, "players": players, "bank_net": self.bank_net}

    def to_text(self) -> str:
        """The settlement in plain words."""
        rules = self.rules
        d = strength3(self.dealer)
        qualifier = QUALIFIERS[rules.bets.dealer_qualifier].split(" (")[0]
        verdict = "qualifies" if self.dealer_qualifies else "does not qualify"
        lines = [
            f"The dealer has {format_cards(self.dealer, unicode=True)}, {describe_strength3(d)}, "
            f"and {verdict} (the dealer needs {qualifier})."
        ]
        several = {b.name for b in self.boxes if sum(x.name == b.name for x in self.boxes) > 1}
        count: dict[str, int] = {}
        for box in self.boxes:
            count[box.name] = count.get(box.name, 0) + 1
            who = f"{box.name} (box {count[box.name]})" if box.name in several else box.name
            hand = describe_strength3(strength3(box.cards))
            does = {"play": "plays", "fold": "folds", None: "bets Pair Plus alone"}[box.decision]
            lines.append(f"{who}: {format_cards(box.cards, unicode=True)}, {hand}; {does}.")
            for line in _explain(rules, box, self.dealer, self.dealer_qualifies):
                lines.append(f"  {line}")
            staked = sum(box.bets.values())
            lines.append(f"  Net: {_signed(box.net)}; {staked + box.net} back for {staked} staked.")
        net = self.bank_net
        if net:
            lines.append(f"The bank {'wins' if net > 0 else 'loses'} {abs(net)}.")
        else:
            lines.append("The bank breaks even.")
        return "\n".join(lines)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _outcome(net: int, stake: int, why: str) -> str:
    if net > 0:
        return f"wins {net} ({why})"
    if net < 0:
        return f"loses {stake} ({why})"
    return f"returned ({why})"


def _explain(rules: ThreeCardRules, box: SettledBox, dealer: tuple[Card, ...], qualifies: bool) -> list[str]:
    """One line per bet made: what it did and why."""
    r, bets = box.result, box.bets
    own = strength3(box.cards)
    dealer_strength = strength3(dealer)
    category = category3_of(own)
    cat_words = category.words
    out: list[str] = []
    if bets["ante"]:
        if box.decision == "fold":
            out.append(f"Ante {bets['ante']}: loses {bets['ante']} (folded).")
        else:
            if not qualifies:
                why_ante, why_play = "the dealer does not qualify", "the dealer does not qualify"
            elif own > dealer_strength:
                why_ante = why_play = "beats the dealer"
            elif own == dealer_strength:
                why_ante = why_play = "a tie with the dealer"
            else:
                why_ante = why_play = "the dealer's hand is better"
            out.append(f"Ante {bets['ante']}: {_outcome(r['ante'], bets['ante'], why_ante)}.")
            out.append(f"Play {bets['play']}: {_outcome(r['play'], bets['play'], why_play)}.")
            if r["ante_bonus"]:
                pays = rules.bets.ante_bonus[category.name.lower()]
                out.append(f"Ante bonus: wins {r['ante_bonus']} ({cat_words} pays {pays}:1 on the ante).")
    if bets["pair_plus"]:
        stake = bets["pair_plus"]
        pays = rules.pair_plus.paytable.get(category.name.lower(), 0)
        if box.decision == "fold" and rules.pair_plus.after_fold == "forfeited":
            why = "forfeited with the fold under these rules"
        elif pays:
            why = f"{cat_words} pays {pays}:1"
        else:
            why = f"{cat_words} pays nothing"
        out.append(f"Pair Plus {stake}: {_outcome(r['pair_plus'], stake, why)}.")
    if bets["prime"]:
        colour = one_colour(box.cards)
        if colour is None:
            why = "the three cards are not all one colour"
        else:
            words = "red" if colour else "black"
            theirs = one_colour(dealer)
            if theirs is not None and (theirs == colour or rules.prime.dealer_colour == "any"):
                too = "the same colour" if theirs == colour else "one colour"
                why = f"all {words}, and the dealer's three {too} too: {rules.prime.pays_with_dealer}:1"
            else:
                why = f"all {words}: {rules.prime.pays}:1"
        out.append(f"Prime {bets['prime']}: {_outcome(r['prime'], bets['prime'], why)}.")
    if bets["six_card"]:
        six = tuple(box.cards) + tuple(dealer)
        name = six_card_name(six)
        words = "royal flush" if name == "royal_flush" else best_five(six).describe()
        pays = rules.six_card_bonus.paytable.get(name, 0)
        why = f"best five of six: {words}" + (f", pays {pays}:1" if pays else ", pays nothing")
        out.append(f"Six Card Bonus {bets['six_card']}: {_outcome(r['six_card'], bets['six_card'], why)}.")
    return out


# ------------------------------------------------------------ reading the file


def _fail(doc: YamlDocument, path: tuple[str, ...], message: Note | str) -> SettleError:
    return SettleError(at(doc.where(path), message))


def _cards(doc: YamlDocument, path: tuple[str, ...], value: Any, label: Note | str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise _fail(
            doc,
            path,
            Note(
                N_('{label}: expected three cards as text like "7s 7d Kc", found {found}'),
                label=label,
                found=repr(value),
            ),
        )
    try:
        cards = parse_cards(value)
    except CardError as exc:
        raise _fail(doc, path, Note(N_("{label}: {why}"), label=label, why=exc.note)) from None
    if len(cards) != 3:
        raise _fail(doc, path, Note(N_("{label}: three cards are dealt, found {n}"), label=label, n=len(cards)))
    return cards


def _rules(doc: YamlDocument, folder: Path) -> ThreeCardRules:
    ref = doc.data.get("rules", "three-card-poker")
    if not isinstance(ref, str):
        raise _fail(
            doc,
            ("rules",),
            Note(N_("rules: expected a shipped ruleset name or a path, found {found}"), found=repr(ref)),
        )
    try:
        rules = load_rules(ref, relative_to=folder)
    except RulesError as exc:
        raise SettleError(
            Note(N_("{where}: rules: {problems}"), where=str(doc.where(("rules",))), problems=semicolons(exc.notes))
        ) from None
    if not isinstance(rules, ThreeCardRules):
        raise _fail(
            doc,
            ("rules",),
            Note(N_("rules: '{ref}' is a {game} ruleset, not Three Card Poker"), ref=ref, game=rules.game),
        )
    return rules


class _Entry:
    """One line of ``players``: a box of the named player."""

    def __init__(self, index: int, name: str, cards: tuple[Card, ...], bets: dict[str, int], decision: str | None):
        self.index, self.name, self.cards, self.bets, self.decision = index, name, cards, bets, decision

    @property
    def path(self) -> tuple[str, ...]:
        return ("players", f"[{self.index}]")


def _entry(doc: YamlDocument, i: int, item: Any, play_multiple: int) -> _Entry:
    path = ("players", f"[{i}]")
    if not isinstance(item, dict):
        raise _fail(
            doc, path, Note(N_("players[{i}]: expected {{name: ..., cards: ..., ante: ..., decision: ...}}"), i=i)
        )
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(doc, path, Note(N_("players[{i}]: every player needs a name"), i=i))
    label = f"players[{i}] ({name})"
    for key in item:
        if key not in _PLAYER_KEYS:
            raise _fail(
                doc,
                path + (key,),
                Note(
                    N_("{label}: unknown key '{key}'; a player has {keys}"),
                    label=label,
                    key=key,
                    keys=", ".join(_PLAYER_KEYS),
                ),
            )
    if "cards" not in item:
        raise _fail(doc, path, Note(N_("{label}: missing key 'cards' (the three cards dealt)"), label=label))
    cards = _cards(doc, path + ("cards",), item["cards"], f"{label}: cards")
    bets: dict[str, int] = {}
    for key in (*_BETS, "play"):
        value = item.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _fail(
                doc,
                path + (key,),
                Note(
                    N_("{label}: {key}: expected a whole number of chips, 0 or more, found {found}"),
                    label=label,
                    key=key,
                    found=repr(value),
                ),
            )
        bets[key] = value
    decision = item.get("decision")
    if decision is not None:
        decision = str(decision).strip().lower()
        if decision not in ("play", "fold"):
            raise _fail(
                doc,
                path + ("decision",),
                Note(
                    N_("{label}: decision: expected play or fold, found {found}"),
                    label=label,
                    found=repr(item["decision"]),
                ),
            )
    if bets["ante"] and decision is None:
        raise _fail(doc, path, Note(N_("{label}: missing key 'decision': with an ante, say play or fold"), label=label))
    if not bets["ante"] and decision is not None:
        raise _fail(
            doc,
            path + ("decision",),
            Note(N_("{label}: decision: without an ante there is nothing to play or fold"), label=label),
        )
    expected = bets["ante"] * play_multiple if decision == "play" else 0
    if "play" in item and bets["play"] != expected:
        why = (
            Note(N_("the Play bet is {expected} (the ante times {times})"), expected=expected, times=play_multiple)
            if decision == "play"
            else Note(N_("there is no Play bet without playing"))
        )
        raise _fail(
            doc,
            path + ("play",),
            Note(N_("{name} cannot bet {amount} on Play: {why}"), name=name, amount=bets["play"], why=why),
        )
    return _Entry(i, name.strip(), cards, bets, decision)


def settle_three_card(doc: YamlDocument, folder: Path) -> RoundSettlement:
    """Play the written round; :class:`SettleError` names the place and the problem."""
    data = doc.data
    for key in data:
        if key not in _KEYS:
            raise _fail(
                doc,
                (key,),
                Note(N_("unknown key '{key}'; a Three Card Poker round has {keys}"), key=key, keys=", ".join(_KEYS)),
            )
    rules = _rules(doc, folder)
    if "dealer" not in data:
        raise _fail(doc, (), Note(N_("missing key 'dealer': the dealer's three cards, like \"Ah Jc 8s\"")))
    dealer = _cards(doc, ("dealer",), data["dealer"], "dealer")
    items = data.get("players")
    if not isinstance(items, list) or not items:
        raise _fail(
            doc, ("players",), Note(N_("players: expected a list of players, each {{name, cards, ante, decision}}"))
        )
    entries = [_entry(doc, i, item, rules.bets.play_multiple) for i, item in enumerate(items)]
    seen: dict[Card, Note | str] = {card: Note(N_("the dealer")) for card in dealer}
    for e in entries:
        for card in e.cards:
            if card in seen:
                raise _fail(
                    doc,
                    e.path + ("cards",),
                    Note(
                        N_("{name}: cards: '{card}' is dealt twice (also to {other})"),
                        name=e.name,
                        card=str(card),
                        other=seen[card],
                    ),
                )
            seen[card] = e.name
    names = list(dict.fromkeys(e.name for e in entries))
    by_seat = [[e for e in entries if e.name == name] for name in names]
    order = [e for seat in by_seat for e in seat]  # the dealing order of the boxes

    house = attrs.evolve(
        rules,
        dealer=attrs.evolve(rules.dealer, mode="house_bank", bank=None),
        session=attrs.evolve(rules.session, deals=1),
    )
    game = ThreeCardPoker(house)
    state = game.new_state()
    try:
        game.handle(state, cmd.SitDown(tuple(names), (_STACK,) * len(names)))
    except IllegalAction as exc:
        raise _fail(doc, ("players",), Note(N_("players: {why}"), why=refusal_note(exc))) from None
    game.handle(state, cmd.StartRound(stacked_deck([e.cards for e in order], dealer)))
    events: list[Any] = []
    for seat, boxes in enumerate(by_seat):
        bets = tuple(cmd.BoxBet(*(e.bets[k] for k in _BETS)) for e in boxes)
        for e, bet in zip(boxes, bets, strict=False):  # a box the rules refuse on its own: point at it
            try:
                game.decide(state, cmd.PlaceBets(seat, (bet,)))
            except IllegalAction as exc:
                raise _fail(doc, e.path, refusal_note(exc)) from None
        try:
            events += game.handle(state, cmd.PlaceBets(seat, bets))
        except IllegalAction as exc:
            raise _fail(doc, boxes[-1].path, refusal_note(exc)) from None
    for number, e in enumerate(order):
        if e.decision is not None:
            command = (cmd.Play if e.decision == "play" else cmd.Fold)(names.index(e.name), number)
            events += game.handle(state, command)
    revealed = next(x for x in events if isinstance(x, ev.DealerRevealed))
    settled = tuple(_settled(box, e) for box, e in zip(state.boxes, order, strict=False))
    return RoundSettlement(rules, dealer, revealed.qualifies, settled)


def _settled(box: Box, e: _Entry) -> SettledBox:
    assert box.result is not None
    bets = {
        "ante": box.ante,
        "play": box.play,
        "pair_plus": box.pair_plus,
        "prime": box.prime,
        "six_card": box.six_card,
    }
    return SettledBox(e.name, e.cards, bets, e.decision, dict(zip(BET_NAMES, box.result, strict=False)))
