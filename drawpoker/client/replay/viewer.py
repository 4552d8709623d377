"""The replay viewer's model: step through a recorded deal, as the table saw it.

A replay is a fold over the events: each deal starts from the state the
history gives just before it (:func:`drawpoker.history.deals.iter_deals`)
and every step applies the events of one decision (a player's action with
whatever followed from it automatically). The screen shows the same table
view as the game, for nobody in particular, so only what was public at that
moment appears; :meth:`ReplayModel.toggle_reveal` shows every hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from drawpoker.client.draw import view as draw_view
from drawpoker.client.lines import Line, clip, join_lines, ljust, pack_keys, pad, styled, width, wrap_line
from drawpoker.client.log import box_name, deal_log
from drawpoker.client.look import Look, asciify
from drawpoker.client.small import fits, too_small_lines, too_small_texts
from drawpoker.client.three_card import view as three_card_view
from drawpoker.errors import HistoryError
from drawpoker.games import game_for
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.history.confirm import confirm_deal
from drawpoker.history.deals import Deal, DealIndex, iter_deals
from drawpoker.history.reader import open_history
from drawpoker.notes import N_, Note
from drawpoker.ranking import ranking_for_deck
from drawpoker.words.hands import describe_hand, describe_hand3
from drawpoker.words.i18n import Translator
from drawpoker.words.refusals import as_sentence

__all__ = ["ReplayModel", "steps_of", "Deals"]


class Deals:
    """The deals of a replay: all of them (a short session), or found and
    read as they are needed (a :class:`DealIndex`, for a long history)."""

    def __init__(self, source: DealIndex | list[Deal], dropped: list[Note] | None = None) -> None:
        self._source = source
        self._cache: dict[int, Deal] = {}
        self._dropped = dropped or []

    def dropped(self) -> list[Note]:
        """What reading left out at the end of the history (what a crash
        leaves: a decision only partly written, a line cut off), a note
        each; known once the last deal has been found."""
        return self._dropped if isinstance(self._source, list) else self._source.dropped

    def has(self, index: int) -> bool:
        """Whether there is a deal at ``index`` (0-based)."""
        if isinstance(self._source, list):
            return 0 <= index < len(self._source)
        return index >= 0 and self._source.has(index)

    def __len__(self) -> int:
        return len(self._source)

    def __getitem__(self, index: int) -> Deal:
        if isinstance(self._source, list):
            return self._source[index]
        if index < 0:
            index += len(self._source)
        deal = self._cache.get(index)
        if deal is None:
            if len(self._cache) >= 16:  # a few deals around the one shown
                self._cache.clear()
            deal = self._cache[index] = self._source.deal(index)
        return deal

    def __iter__(self) -> Iterator[Deal]:
        index = 0
        while self.has(index):
            yield self[index]
            index += 1

    def find(self, number: int) -> int | None:
        """The index of deal ``number`` (as the history counts them), if there is one."""
        if isinstance(self._source, list):
            return next((i for i, deal in enumerate(self._source) if deal.number == number), None)
        return number - 1 if number >= 1 and self.has(number - 1) else None

    def count_on(self, deals: int = 64) -> bool:
        """Find up to ``deals`` more deals of a long history, so that the
        title can say how many there are without anyone waiting for it;
        whether they are all found."""
        return isinstance(self._source, list) or self._source.scan(deals)

    def count_if_known(self) -> int | None:
        """How many deals there are, if that is known without reading further."""
        if isinstance(self._source, list):
            return len(self._source)
        return self._source.known() if self._source.complete else None


def steps_of(game: Any, events: Sequence[Any]) -> list[int]:
    """Where each step ends: a step is a decision (or the deal's start) and
    the automatic events that follow it. Returns the event count after each step."""
    ends: list[int] = []
    for i, event in enumerate(events):
        if i and game.command_of(event) is not None:
            ends.append(i)
    ends.append(len(events))
    return ends


class ReplayModel:
    """A history opened for replay: the deal and the step being shown."""

    def __init__(
        self, path: str | Path, tr: Translator, look: Look, deal: int | None = None, reveal_live: bool = False
    ) -> None:
        reader = open_history(path)
        self.path = Path(path)
        self.tr = tr
        self.look = look
        self.game = game_for(reader.rules)
        self.rules = reader.rules
        #: whether the hidden cards of a deal that has not ended may be shown (replay --reveal-live-deal)
        self.reveal_live = reveal_live
        self.deals: Deals
        if reader.game == "morkpoker":  # every deal's end is a checkpoint: read deals as they are needed
            reader.close()
            self.deals = Deals(DealIndex(path))
        else:
            self.deals = Deals(
                [d for d in iter_deals(reader, epilogue=True) if d.before is not None], reader.leftovers()
            )
        if not self.deals.has(0):
            raise HistoryError(
                Note(
                    N_("{file}: no deal has been played in this history yet; there is nothing to replay"),
                    file=str(path),
                )
            )
        self.index = 0
        self.step = 1
        self.revealed = False
        self.typing: str | None = None  # a deal number being typed after G
        self.message: str | None = None
        self._cache: tuple[int, list[int], list[Any]] | None = None
        #: why the current deal's steps stop before its events do (the engine does not confirm the rest)
        self.doubt: str | None = None
        #: the notes of ``doubt``: as it is, and with the cards the table did not see written ``?``
        #: (shown unless every hand is)
        self._doubt_notes: tuple[Note | None, Note | None] = (None, None)
        if deal is not None:
            self.go_to_deal(deal)

    # ------------------------------------------------------------ where we are

    @property
    def deal(self) -> Deal:
        """The deal being replayed."""
        return self.deals[self.index]

    def _steps(self) -> tuple[list[int], list[Any]]:
        """The step ends of the current deal and the state after each step,
        as far as the engine confirms them (:func:`confirm_deal`)."""
        if self._cache is None or self._cache[0] != self.index:
            confirmed = confirm_deal(self.game, self.deal, str(self.path))
            self._cache = (self.index, confirmed.ends, confirmed.states)
            self.doubt = None if confirmed.doubt is None else self.tr.say(confirmed.doubt)
            self._doubt_notes = (confirmed.doubt, confirmed.doubt_hidden)
        return self._cache[1], self._cache[2]

    @property
    def steps(self) -> int:
        """How many steps the current deal has."""
        return len(self._steps()[0])

    @property
    def state(self) -> Any:
        """The table after the current step."""
        return self._steps()[1][self.step - 1]

    def _table(self) -> Any:
        """The table as the screen draws it: before the deal is dealt (the
        comings and goings that open it) the last deal's cards are gathered,
        so none of them is shown face up under this deal's title."""
        return self.state if self._dealt() else self.state.gathered()

    def _dealt(self) -> bool:
        """Whether the deal being replayed has been dealt at this step."""
        started = self.game.DEAL_STARTED
        return any(type(event) is started for event in self.events_so_far())

    def _say(self, deal: str, round_: str) -> str:
        """``deal`` translated, or ``round_`` in Three Card Poker, whose log and
        table count rounds (both marked with ``N_`` where they are written)."""
        return self.tr._(deal if self.game.rules.game == "morkpoker" else round_)

    def events_so_far(self) -> Sequence[Any]:
        """The deal's events up to and including the current step."""
        ends, _ = self._steps()
        return self.deal.events[: ends[self.step - 1]]

    # ------------------------------------------------------------ keys

    def forward(self) -> None:
        """One step on (into the next deal at the end of one)."""
        self.message = None
        if self.step < self.steps:
            self.step += 1
        elif self.deals.has(self.index + 1):
            self.index += 1
            self.step = 1
        else:
            last = self._say(
                N_("This is the last step of the last deal."), N_("This is the last step of the last round.")
            )
            self.message = " ".join([last, *map(self.tr.say, self.deals.dropped())])

    def back(self) -> None:
        """One step back (to the end of the previous deal at the start of one)."""
        self.message = None
        if self.step > 1:
            self.step -= 1
        elif self.index > 0:
            self.index -= 1
            self.step = self.steps
        else:
            self.message = self._say(
                N_("This is the start of the first deal."), N_("This is the start of the first round.")
            )

    def to_start(self) -> None:
        """The start of the deal."""
        first = self.step == 1
        self.message = (
            self._say(N_("This is the start of the deal."), N_("This is the start of the round.")) if first else None
        )
        self.step = 1

    def to_end(self) -> None:
        """The end of the deal."""
        last = self.step == self.steps
        self.message = (
            self._say(N_("This is the end of the deal."), N_("This is the end of the round.")) if last else None
        )
        self.step = self.steps

    def _jump(self, marks: frozenset[str], missing: str) -> None:
        ends, _ = self._steps()
        done = 0
        for number, end in enumerate(ends, start=1):
            if any(type(e).__name__ in marks for e in self.deal.events[done:end]):
                self.message = self.tr._("The table shows that step already.") if self.step == number else None
                self.step = number
                return
            done = end
        self.message = missing

    def to_exchange(self) -> None:
        """The exchange (Mørkpoker) or the players' decisions (Three Card Poker)."""
        if self.game.rules.game == "morkpoker":
            self._jump(frozenset({"ExchangeStarted"}), self.tr._("There was no exchange in this deal."))
        else:
            self._jump(frozenset({"BoxDealt"}), self.tr._("No cards were dealt in this round."))

    def to_showdown(self) -> None:
        """The showdown (Mørkpoker) or the dealer's reveal (Three Card Poker)."""
        if self.game.rules.game == "morkpoker":
            self._jump(frozenset({"ShowdownStarted"}), self.tr._("There was no showdown in this deal."))
        else:
            self._jump(frozenset({"DealerRevealed"}), self.tr._("The dealer did not reveal in this round."))

    def next_deal(self, delta: int) -> None:
        """The next (or previous) deal, from its start."""
        self.go_to_deal(self.deal.number + delta)

    def go_to_deal(self, number: int) -> None:
        """Deal ``number`` (as the history counts them), from its start."""
        found = self.deals.find(number)
        if found is not None:
            self.index, self.step, self.message = found, 1, None
            return
        first, last = self.deals[0].number, self.deals[-1].number
        self.message = self._say(
            N_("There is no deal {n}; the deals go from {first} to {last}."),
            N_("There is no round {n}; the rounds go from {first} to {last}."),
        ).format(n=number, first=first, last=last)

    @property
    def hands_shown(self) -> bool:
        """Whether every hand is shown: V was pressed, and the deal has ended
        (or the replay was asked to show a live deal's hands). V is kept
        from deal to deal; a deal that has not ended keeps its hands hidden."""
        return self.revealed and (self.deal.finished or self.reveal_live)

    def _live_hidden(self) -> str:
        return self._say(
            N_("This deal has not ended: its hands stay hidden (drawpoker replay --reveal-live-deal shows them)."),
            N_("This round has not ended: its hands stay hidden (drawpoker replay --reveal-live-deal shows them)."),
        )

    def toggle_reveal(self) -> None:
        """Show every hand, or only what the table saw; a deal that has not
        ended keeps its hands hidden unless the replay was asked to show them."""
        if not self.deal.finished and not self.reveal_live:
            self.message = self._live_hidden()
            return
        self.revealed = not self.revealed
        if self.revealed and not self.deal.finished:
            self.message = self._say(
                N_("This deal has not ended: every hand is shown, as --reveal-live-deal asked."),
                N_("This round has not ended: every hand is shown, as --reveal-live-deal asked."),
            )

    def start_typing(self) -> None:
        """G: type a deal number."""
        self.typing = ""
        self.message = None

    def type_digit(self, digit: str) -> None:
        """A digit of the deal number."""
        if self.typing is not None and len(self.typing) < 6:
            self.typing += digit
            self.message = None
        elif self.typing is not None:
            self.message = self._say(
                N_("A deal number has at most 6 digits."), N_("A round number has at most 6 digits.")
            )

    def erase_digit(self) -> None:
        """Backspace: the last digit typed taken back (with none, the prompt closes, as Escape)."""
        if self.typing == "":
            self.finish_typing(False)
        elif self.typing is not None:
            self.typing = self.typing[:-1]
            self.message = None

    def not_a_digit(self) -> None:
        """Any other key at the deal number: the number stays, and the screen says what it takes."""
        if self.typing is not None:
            self.message = self._say(
                N_("A deal number is typed with the digits 0 to 9."),
                N_("A round number is typed with the digits 0 to 9."),
            )

    def finish_typing(self, accept: bool) -> None:
        """Enter jumps to the deal typed; Escape forgets it."""
        text, self.typing = self.typing, None
        if accept and text:
            self.go_to_deal(int(text))

    # ------------------------------------------------------------ the screen

    def _hands(self) -> list[Line]:
        """Every hand at this step (only when revealed)."""
        tr, look, state = self.tr, self.look, self._table()
        out: list[Line] = []
        if not self._dealt():  # the comings and goings before it: no hand yet
            return out
        if self.game.rules.game == "morkpoker":
            swaps: dict[int, Any] = {}
            for event in self.events_so_far():
                if type(event).__name__ == "CardsExchanged":
                    swaps[event.seat] = event
            lead = max(width(name) for name in state.names) + 1
            for seat, name in enumerate(state.names):
                hand = state.hands[seat]
                if not hand or not state.in_deal[seat]:
                    continue
                line: Line = (
                    [("", ljust(name, lead))]
                    + look.cards(hand)
                    + [
                        (
                            "class:dim",
                            "  "
                            + describe_hand(
                                hand, tr, ranking_for_deck(self.deal_rules.deck, self.deal_rules.showdown.ranking)
                            ),
                        )
                    ]
                )
                if state.folded[seat]:
                    line.append(("class:dim", " (" + tr._("folded") + ")"))
                swap = swaps.get(seat)
                if swap is not None and swap.discarded:
                    line += [("class:dim", "  " + tr._("threw") + " ")] + look.cards(swap.discarded)
                out.append(line)
            return out
        lead = max([width(tr._("Dealer")), *(width(box_name(state, i, tr)) for i in range(len(state.boxes)))]) + 1
        for i, box in enumerate(state.boxes):
            if box.cards:
                out.append(
                    [("", ljust(box_name(state, i, tr), lead))]
                    + look.cards(box.cards)
                    + [("class:dim", "  " + describe_hand3(box.cards, tr))]
                )
        for event in self.deal.events[: self._steps()[0][-1]]:  # as far as the engine confirms the deal
            if type(event).__name__ == "DealerRevealed":
                out.append(
                    [("", ljust(tr._("Dealer"), lead))]
                    + look.cards(event.cards)
                    + [("class:dim", "  " + describe_hand3(event.cards, tr))]
                )
        return out

    @property
    def deal_rules(self) -> Any:
        """The rules of the deal being replayed: in dealer's choice, its own game's."""
        return game_in_play(self.game, self.deal.before).rules

    def _title_template(self) -> str:
        tr = self.tr
        if self.game.rules.game == "morkpoker" and self.deal_rules is not self.game.rules:
            from drawpoker.rules.explain import deal_game_name

            return tr._("Replay of {file} · {game} · deal {deal} ({n} of {count}) · step {step} of {steps}").replace(
                "{game}", deal_game_name(self.game.rules, getattr(self.deal.before, "game", ""), tr)
            )
        return self._say(
            N_("Replay of {file} · deal {deal} ({n} of {count}) · step {step} of {steps}"),
            N_("Replay of {file} · round {deal} ({n} of {count}) · step {step} of {steps}"),
        )

    def lines(self, columns: int, rows: int) -> list[Line]:
        """The replay screen: title, table, every hand if revealed, the log so far, the keys."""
        tr, look = self.tr, self.look
        state = self._table()
        view: Any = draw_view if self.game.rules.game == "morkpoker" else three_card_view
        facts = {
            "deal": self.deal.number,
            "n": self.index + 1,
            "count": self.deals.count_if_known() or "…",
            "step": self.step,
            "steps": self.steps,
        }
        title = self._title_template().format(file=self.path.name, **facts)
        over = width(title) + 1 - columns
        if over > 0:  # too wide: the file's name gives way, the game, deal and step stay whole
            name = self.path.name
            kept = max(0, len(name) - over - 1)
            title = self._title_template().format(file=name[:kept] + "…", **facts)
        out: list[Line] = [clip([("class:title", " " + title)], columns)]
        left = None  # Three Card Poker: a dealer who left as the round ended, with the bank they took
        if self.game.rules.game != "morkpoker":
            left = three_card_view.dealer_who_left(state, self.events_so_far())
            out += three_card_view.table_lines(
                state, self.game.legal_actions(state), tr, look, columns, self.deal_rules, left=left
            )
        else:
            out += view.table_lines(state, self.game.legal_actions(state), tr, look, columns, self.deal_rules)
        if self.hands_shown:
            out.append(styled("class:warn", tr._("Every hand (V hides them again):")))
            out += [part for line in self._hands() for part in wrap_line(line, columns, indent=4)]
        elif self.game.rules.game != "morkpoker" and state.dealer_cards:
            out += three_card_view.settlement_lines(state, self.rules, tr, look, columns, left=left)
        elif self.revealed:  # V was pressed on a deal that has ended; this one has not
            out += wrap_line(styled("class:dim", self._live_hidden()), columns)
        else:
            out.append(styled("class:dim", tr._("What the table saw. V shows every hand.")))
        if self.doubt is not None:
            doubt = Note(
                N_("The engine does not confirm this deal past step {n}, so the rest is not shown: {why}")
                if self.game.rules.game == "morkpoker"
                else N_("The engine does not confirm this round past step {n}, so the rest is not shown: {why}"),
                n=self.steps,
                why=self._doubt_notes[0 if self.hands_shown else 1],
            )
            out += wrap_line(styled("class:warn", as_sentence(doubt, tr, look.written)), columns)
        out.append(styled("class:dim", ("─" if look.unicode else "-") * columns))
        ends, _ = self._steps()
        previous = ends[self.step - 2] if self.step > 1 else 0
        old = deal_log(self.game, [(self.deal.before, self.deal.events[:previous])], tr, look)
        now = deal_log(self.game, [(self.deal.before, self.events_so_far())], tr, look)
        log = [part for line in old for part in wrap_line(line, columns)]
        log += [part for line in now[len(old) :] for part in wrap_line([("class:turn", t) for _, t in line], columns)]
        room = rows - len(out) - 4
        out += log[-room:] if room > 0 else []
        keys = self._keys_lines(columns)
        if self.typing is not None:
            go = self._say(
                N_("Go to deal: {n}_  (Enter to go, Esc to cancel)"),
                N_("Go to round: {n}_  (Enter to go, Esc to cancel)"),
            )
            line = styled("class:turn", go.format(n=self.typing))
            if self.message:
                line.append(("class:warn", "  " + self.message))
        else:
            line = styled("class:warn", self.message or "")
        # the message whole, however long (a crash's notes name the file and lines): the table gives way
        said = wrap_line(line, columns)[: max(1, rows - 1 - len(keys) - 1)]
        out = out[: rows - len(said) - len(keys)]
        out += [[] for _ in range(rows - len(said) - len(keys) - len(out))]
        return out + said + keys

    def _keys_lines(self, columns: int) -> list[Line]:
        tr = self.tr
        arrows = "←→" if self.look.unicode else "Left Right"
        if self.game.rules.game == "morkpoker":
            jumps = [("X", tr._("exchange")), ("S", tr._("showdown"))]
        else:  # Three Card Poker: to_exchange and to_showdown go to the decisions and the dealer's reveal
            jumps = [("X", tr._("play or fold")), ("S", tr._("dealer's reveal"))]
        keys = [
            (arrows, tr._("step")),
            ("Home End", tr._("start, end")),
            *jumps,
            ("N P", self._say(N_("next, previous deal"), N_("next, previous round"))),
            ("G", self._say(N_("go to deal"), N_("go to round"))),
            ("V", tr._("every hand")),
            ("Q", tr._("quit")),
        ]
        return pack_keys(keys, columns)

    def screen(self, columns: int, rows: int) -> list[Any]:
        """The formatted text for a terminal of ``columns`` × ``rows``."""
        if fits(columns, rows):
            lines = self.lines(columns, rows)[:rows]
        else:  # one sentence, as long as the window holds whole (the keys wait, Q leaves)
            lines = too_small_lines(too_small_texts(self.tr, columns, rows, replay=True), columns, rows)
        fragments = join_lines([pad(line, columns) for line in lines])
        return fragments if self.look.unicode else asciify(fragments)
