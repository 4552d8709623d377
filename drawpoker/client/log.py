"""The action log: what happened at the table, as everybody saw it.

Each event is described with the state just after it, so an amount can say
"all-in". Only public facts are written: who bet what, how many cards a
player exchanged (never which), the hands shown at the showdown, the
dealer's reveal; never a card still face down, a discard or a draw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from drawpoker.client.lines import Line, styled
from drawpoker.client.look import Look, plain_cards
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.words.evening_text import rebought_text
from drawpoker.words.hands import describe_hand, describe_hand3, join_names, pot_label
from drawpoker.words.i18n import N_, Translator
from drawpoker.words.openers import exchange_title

__all__ = [
    "deal_log",
    "Chunk",
    "pot_award_text",
    "box_name",
    "bets_text",
    "antes_text",
    "blind_text",
    "session_over_text",
]

#: the state before a command and the events the command caused
Chunk = tuple[Any, Sequence[Any]]


class _Writer:
    """Describes one game's events; consecutive antes and deals are merged."""

    def __init__(self, tr: Translator, look: Look, rules: Any = None) -> None:
        self.tr = tr
        self.look = look
        self.rules = rules
        #: the session's rules (in dealer's choice ``rules`` become the deal's own game's)
        self.session_rules = rules
        self.lines: list[Line] = []
        #: the events being told end the evening with a pot carried, given back as the deal ends
        self.ending = False
        self._merge: str | None = None
        self._gathered: list[Any] = []

    def add(self, line: Line, merge: str | None = None) -> None:
        self.lines.append(line)
        self._merge = merge

    def gather(self, kind: str, item: Any, say: Callable[[list[Any]], str]) -> None:
        """Consecutive events of ``kind`` (the antes, the blinds) said in one
        line: ``item`` joins the ones before it, and ``say`` words them all anew."""
        if self._merge == kind and self.lines:
            self._gathered.append(item)
            self.lines[-1] = styled("", say(self._gathered))
        else:
            self._gathered = [item]
            self.add(styled("", say(self._gathered)), kind)


def _ranking(rules: Any) -> Any:
    """The showdown's ranking of a draw ruleset (None when not known)."""
    if rules is None or getattr(rules, "game", "") != "morkpoker":
        return None
    from drawpoker.ranking import ranking_for_deck

    return ranking_for_deck(rules.deck, rules.showdown.ranking)


def _game_words(w: _Writer, name: str) -> str:
    """The game chosen (``name``: as the session lists it) as the table names it."""
    from drawpoker.rules.explain import deal_game_name

    return deal_game_name(w.session_rules, name, w.tr) if w.session_rules is not None else name


def _redeal_text(game: str, tr: Translator) -> str:
    """Dealer's choice: a passed-out deal is redealt in its game; nobody chose it."""
    return tr._("No new choice: the passed-out pot is redealt in {game}.").format(game=game)


def _all_in(state: Any, seat: int, tr: Translator) -> str:
    return tr._(" (all-in)") if state.stacks[seat] == 0 else ""


def _said_all_in(text: str, state: Any, seat: int, tr: Translator) -> str:
    """A sentence of the log with "(all-in)" inside it, before the full stop."""
    extra = _all_in(state, seat, tr)
    return text[:-1] + extra + "." if extra and text.endswith(".") else text + extra


def _mork(w: _Writer, event: Any, s: Any) -> None:
    tr, look = w.tr, w.look
    name = type(event).__name__
    n = s.names
    if name == "GameKept" or (name == "GameChosen" and s.carried):
        # a passed-out deal redealt in its game: nobody chose it (an older drawpoker recorded it as chosen)
        w.add(styled("class:title", _redeal_text(_game_words(w, event.game), tr)))
    elif name == "GameChosen":
        w.add(styled("class:title", tr._("Dealer's choice: {game}").format(game=_game_words(w, event.game))))
    elif name == "DealStarted":
        w.add(
            styled("class:title", tr._("— Deal {deal}: {name} deals —").format(deal=event.deal, name=n[event.button]))
        )
    elif name == "AntePosted":
        w.gather("ante", (n[event.seat], event.amount, s.stacks[event.seat] == 0), lambda antes: antes_text(antes, tr))
    elif name == "BlindPosted":
        blind = (n[event.seat], event.blind, event.amount, s.stacks[event.seat] == 0)
        w.gather(
            "blind",
            blind,
            lambda blinds: " ".join(blind_text(who, kind, amount, all_in, tr) for who, kind, amount, all_in in blinds),
        )
    elif name == "CardsDealt":
        if w._merge != "dealt":
            w.add(styled("class:dim", tr._("Five cards are dealt to each player, face down.")), "dealt")
    elif name == "RoundStarted":
        if event.first is None:
            w.add(
                styled(
                    "class:dim",
                    tr._("Betting round {round}: no betting, at most one player has chips behind.").format(
                        round=event.round
                    ),
                )
            )
        else:
            structure = getattr(w.rules.betting, "structure", "fixed_limit") if w.rules is not None else "fixed_limit"
            if structure == "fixed_limit":
                text = tr._("Betting round {round}, bets of {step}.").format(round=event.round, step=event.step)
            else:
                limit = tr._("no limit") if structure == "no_limit" else tr._("pot limit")
                text = tr._("Betting round {round}, {limit}, smallest bet {step}.").format(
                    round=event.round, limit=limit, step=event.step
                )
            w.add(styled("class:dim", text))
    elif name == "Checked":
        w.add(styled("", tr._("{name} checks.").format(name=n[event.seat])))
    elif name == "BetPlaced":
        w.add(
            styled(
                "",
                _said_all_in(
                    tr._("{name} bets {amount}.").format(name=n[event.seat], amount=event.amount), s, event.seat, tr
                ),
            )
        )
    elif name == "Called":
        w.add(
            styled(
                "",
                _said_all_in(
                    tr._("{name} calls {amount}.").format(name=n[event.seat], amount=event.amount), s, event.seat, tr
                ),
            )
        )
    elif name == "Raised":
        w.add(
            styled(
                "",
                _said_all_in(tr._("{name} raises to {to}.").format(name=n[event.seat], to=event.to), s, event.seat, tr),
            )
        )
    elif name == "Folded":
        w.add(styled("", tr._("{name} folds.").format(name=n[event.seat])))
    elif name == "BetReturned":
        w.add(
            styled(
                "class:dim",
                tr._("{amount} not called, returned to {name}.").format(amount=event.amount, name=n[event.seat]),
            )
        )
    elif name == "DealCheckedThrough":
        opening = w.rules is not None and w.rules.betting.opening != "any"
        if w.ending:  # the last deal: its pot goes back (said next), it is not carried on
            if opening:
                text = tr._("Nobody opened: the pot of {pot} is not played for; the evening ends.")
            else:
                text = tr._("Everyone checked: the pot of {pot} is not played for; the evening ends.")
        elif opening:
            text = tr._("Nobody opened: the pot of {pot} stays for the next deal.")
        else:
            text = tr._("Everyone checked: the pot of {pot} stays for the next deal.")
        w.add(styled("class:pot", text.format(pot=event.pot)))
    elif name == "ExchangeStarted":
        exchanges = w.rules.draw.exchanges if w.rules is not None else 1
        w.add(styled("class:dim", exchange_title(s.round, exchanges, tr) + "."))
    elif name == "OpenersSplit":  # the cards stay face down until the proof
        count = len(event.cards)
        w.add(
            styled(
                "",
                tr.n(
                    "{name} splits the openers: {n} card is kept apart, to be shown with the proof.",
                    "{name} splits the openers: {n} cards are kept apart, to be shown with the proof.",
                    count,
                ).format(name=n[event.seat], n=count),
            )
        )
    elif name == "OpenersShown":
        line = styled("", tr._("{name} shows the openers: ").format(name=n[event.seat])) + look.cards(event.cards)
        if event.apart:
            line += styled("", tr._(" (thrown and kept apart: ")) + look.cards(event.apart) + styled("", ")")
        w.add(line + styled("", "."))
    elif name == "CardsExchanged":
        count = len(event.discarded)
        if count == 0:
            text = tr._("{name} stands pat.").format(name=n[event.seat])
        else:
            text = tr.n("{name} exchanges {n} card.", "{name} exchanges {n} cards.", count).format(
                name=n[event.seat], n=count
            )
        line = styled("", text)
        if event.ace_shown is not None:
            line += styled("", tr._(" Shows the ace kept: ")) + look.card(event.ace_shown)
        w.add(line)
    elif name == "StockReshuffled":
        w.add(styled("class:dim", tr._("The stock ran out: the earlier discards are shuffled into a new stock.")))
    elif name == "ShowdownStarted":
        w.add(styled("class:dim", tr._("Showdown.")))
    elif name == "HandShown":
        from drawpoker.games.draw.legal import pots_alone_in

        # a forced show: the last hand left in a pot it can win may not be mucked (docs/rules.md 2.4)
        forced = s.phase == "showdown" and pots_alone_in(s, event.seat)
        shows = tr._("{name} is the last hand left in a pot and must show ") if forced else tr._("{name} shows ")
        w.add(
            styled("", shows.format(name=n[event.seat]))
            + look.cards(event.cards)
            + styled("", ": " + describe_hand(event.cards, tr, _ranking(w.rules)) + ".")
        )
    elif name == "HandMucked":
        w.add(styled("", tr._("{name} mucks (gives up without showing).").format(name=n[event.seat])))
    elif name == "PotAwarded":
        ranking = _ranking(w.rules)
        lowest = ranking is not None and ranking.lowball
        w.add(styled("class:pot", pot_award_text(event, n, tr, single=_single_pot(s), lowest=lowest)))
    elif name == "PlayerRebought":
        w.add(styled("", rebought_text(n[event.seat], event.amount, tr)))
    elif name == "PlayerSatOut":
        w.add(styled("", tr._("{name} has no chips left and sits out.").format(name=n[event.seat])))
    elif name == "SessionEnded":
        w.add(styled("class:title", session_over_text(event.reason, tr)))


def session_over_text(reason: str, tr: Translator) -> str:
    """The session's end, with the reason where the table would not see it (the deals
    played out, or an end the table agreed and the log said, need none).

    >>> from drawpoker.words.i18n import translator
    >>> session_over_text("one_player_left", translator("en"))
    'The session is over: fewer than two players can play on.'
    >>> session_over_text("deals", translator("nb"))
    'Økten er over.'
    """
    if reason == "one_player_left":
        return tr._("The session is over: fewer than two players can play on.")
    if reason == "too_few_players":  # (Three Card Poker: the table's least, one against a house bank)
        return tr._("The session is over: too few players can play on.")
    if reason == "bank_broke":
        return tr._("The session is over: the bank is broke.")
    return tr._("The session is over.")


def antes_text(antes: Sequence[tuple[str, int, bool]], tr: Translator) -> str:
    """The antes of a deal as sentences, a name never followed by a bare
    number: ``Ada, Bo and Cy ante 1 each.``; ``Di antes 1 (all-in).``

    >>> from drawpoker.words.i18n import translator
    >>> antes_text([("Ada", 1, False), ("Bo", 1, False), ("Cy", 1, True)], translator("en"))
    'Ada and Bo ante 1 each. Cy antes 1 (all-in).'
    >>> antes_text([("Øystein", 1, False), ("Spiller 3", 1, False)], translator("nb"))
    'Øystein og Spiller 3 betaler 1 hver i ante.'
    """
    groups: dict[tuple[int, bool], list[str]] = {}
    for name, amount, all_in in antes:
        groups.setdefault((amount, all_in), []).append(name)
    said = []
    for (amount, all_in), names in groups.items():
        if len(names) == 1:
            text = tr._("{name} antes {n}.").format(name=names[0], n=amount)
        else:
            text = tr._("{names} ante {n} each.").format(names=join_names(names, tr), n=amount)
        said.append(text[:-1] + tr._(" (all-in)") + "." if all_in else text)
    return " ".join(said)


def blind_text(name: str, blind: str, amount: int, all_in: bool, tr: Translator) -> str:
    """A blind as a sentence: ``Player 2 posts the small blind, 1.``

    >>> from drawpoker.words.i18n import translator
    >>> blind_text("Player 2", "small", 1, False, translator("en"))
    'Player 2 posts the small blind, 1.'
    >>> blind_text("Bo", "big", 1, True, translator("nb"))
    'Bo legger store blind, 1 (all-in).'
    """
    if blind == "small":
        text = tr._("{name} posts the small blind, {n}.").format(name=name, n=amount)
    else:
        text = tr._("{name} posts the big blind, {n}.").format(name=name, n=amount)
    return text[:-1] + tr._(" (all-in)") + "." if all_in else text


def _single_pot(s: Any) -> bool:
    """The deal has one pot only (no side pot): it is "the pot", not "the main pot"."""

    return len(s.pots()) <= 1


#: a pot's award by (a side pot, split, won by the lowest hand): a numbered side pot takes no article
_AWARDS = {
    (False, False, False): N_("{name} wins the {pot} ({amount})."),
    (False, False, True): N_("{name} wins the {pot} ({amount}) with the lowest hand."),
    (False, True, False): N_("The {pot} ({amount}) is split: {shares}."),
    (False, True, True): N_("The {pot} ({amount}) is split between the equal lowest hands: {shares}."),
    (True, False, False): N_("{name} wins side pot {n} ({amount})."),
    (True, False, True): N_("{name} wins side pot {n} ({amount}) with the lowest hand."),
    (True, True, False): N_("Side pot {n} ({amount}) is split: {shares}."),
    (True, True, True): N_("Side pot {n} ({amount}) is split between the equal lowest hands: {shares}."),
}


def pot_award_text(event: Any, names: Sequence[str], tr: Translator, single: bool = False, lowest: bool = False) -> str:
    """``Ada wins the main pot (12).``, ``Cy wins side pot 1 (8).`` or a split,
    in words; ``single``: the only pot of the deal, ``Ada wins the pot
    (12).``; ``lowest``: lowball, where a pot won at the showdown goes to the
    lowest hand, and says so."""
    label = tr.p("the only pot", "pot") if single and event.pot == 0 else pot_label(event.pot, tr)
    split = len(event.shares) > 1
    seat, chips = event.shares[0]
    shares = ", ".join(tr._("{n} to {name}").format(n=c, name=names[s]) for s, c in event.shares) if split else ""
    said = tr._(_AWARDS[(bool(event.pot) and not single, split, bool(lowest and event.shown))])
    amount = event.amount if split else chips
    return said.format(name=names[seat], pot=label, n=event.pot, amount=amount, shares=shares)


def box_name(state: Any, box: int, tr: Translator) -> str:
    """A box's owner, with the box number when the owner plays several."""
    seat = state.boxes[box].seat
    name: str = state.names[seat]
    if len(state.boxes_of(seat)) > 1:
        return tr._("{name} (box {box})").format(name=name, box=box + 1)
    return name


def bets_text(boxes: Iterable[Sequence[int]], tr: Translator) -> str:
    """Bets of boxes in words: ``ante 2, Pair Plus 1``; boxes joined by ``;``."""
    out = []
    for ante, pair_plus, prime, six_card in boxes:
        parts = []
        if ante:
            parts.append(tr._("ante {n}").format(n=ante))
        if pair_plus:
            parts.append(tr._("Pair Plus {n}").format(n=pair_plus))
        if prime:
            parts.append(tr._("Prime {n}").format(n=prime))
        if six_card:
            parts.append(tr._("Six Card Bonus {n}").format(n=six_card))
        out.append(", ".join(parts))
    return "; ".join(out)


def _tcp(w: _Writer, event: Any, s: Any) -> None:
    tr, look = w.tr, w.look
    name = type(event).__name__
    n = s.names
    if name == "RoundOpened":
        dealer = tr._("the house") if event.dealer is None else n[event.dealer]
        w.add(styled("class:title", tr._("— Round {round}: {dealer} deals —").format(round=event.round, dealer=dealer)))
    elif name == "BetsPlaced":
        if not event.boxes:
            w.add(styled("", tr._("{name} sits this round out.").format(name=n[event.seat])))
        else:
            w.add(styled("", tr._("{name} bets: {bets}.").format(name=n[event.seat], bets=bets_text(event.boxes, tr))))
    elif name == "BoxDealt":
        if w._merge != "dealt":
            w.add(styled("class:dim", tr._("Three cards are dealt to each box, face down.")), "dealt")
    elif name == "PlayBetPlaced":
        w.add(
            styled(
                "",
                tr._("{name} plays (Play bet {amount}).").format(name=box_name(s, event.box, tr), amount=event.amount),
            )
        )
    elif name == "BoxFolded":
        w.add(styled("", tr._("{name} folds and loses the ante.").format(name=box_name(s, event.box, tr))))
    elif name == "DealerRevealed":
        verdict = tr._("the dealer qualifies") if event.qualifies else tr._("the dealer does not qualify")
        w.add(
            styled("", tr._("The dealer shows "))
            + look.cards(event.cards)
            + styled("", f": {describe_hand3(event.cards, tr)}; {verdict}.")
        )
    elif name == "BoxSettled":
        net = event.net
        w.add(
            styled(
                "class:good" if net > 0 else "",
                tr._("{name}: {net:+d} in all.").format(name=box_name(s, event.box, tr), net=net),
            )
        )
    elif name == "WinningsPaid":
        text = tr._("The bank pays {amount} to {name}.").format(name=box_name(s, event.box, tr), amount=event.amount)
        if event.unpaid:
            text += " " + tr._("The bank is short: {unpaid} stays unpaid.").format(unpaid=event.unpaid)
        w.add(styled("class:pot", text))
    elif name == "RoundClosed":
        if event.bank_net >= 0:
            text = tr._("Round over: the bank wins {n}.").format(n=event.bank_net)
        else:
            text = tr._("Round over: the bank loses {n}.").format(n=-event.bank_net)
        w.add(styled("class:dim", text))
    elif name == "RebuyTaken":
        w.add(styled("", rebought_text(n[event.seat], event.amount, tr)))
    elif name == "PlayerStoodUp":
        w.add(styled("", tr._("{name} is short of chips and stands up.").format(name=n[event.seat])))
    elif name == "TableClosed":
        w.add(styled("class:title", session_over_text(event.reason, tr)))


def deal_log(game: Any, chunks: Iterable[Chunk], tr: Translator, look: Look) -> list[Line]:
    """The log lines of the deal's events, each described with the state after it
    (the evening's comings and goings in the words of :mod:`drawpoker.words.evening_text`)."""
    from drawpoker.games.draw.events import given_back_as_the_deal_ends
    from drawpoker.games.evening import joined_as_rebuy
    from drawpoker.rules.model import blinds_vary
    from drawpoker.words.evening_text import evening_event_text

    writer = _Writer(tr, look, game.rules)
    vary = blinds_vary(game.rules)  # dealer's choice: whether one waiting for the big blind does depends on the game
    describe: Callable[[_Writer, Any, Any], None] = _mork if game.rules.game == "morkpoker" else _tcp
    for before, events in chunks:
        state = before.copy()
        writer.ending = given_back_as_the_deal_ends(events) is not None
        for event in events:
            rebuy = joined_as_rebuy(state, event)  # (the table before it: the player had left without chips)
            game.apply(state, event)
            writer.rules = game_in_play(game, state).rules  # dealer's choice: the deal's own game
            said = evening_event_text(
                event,
                state.names,
                tr,
                lambda cards: plain_cards(cards, look),
                rounds=game.rules.game != "morkpoker",
                blinds_vary=vary,
                rebuy=rebuy,
            )
            if said is not None:
                writer.add(styled("class:title", said))
            else:
                describe(writer, event, state)
    return writer.lines
