"""One deal of a history, re-run through the engine step by step: what replay shows.

``drawpoker history`` and ``export`` print what a history says; ``verify``
re-runs every decision of it through the engine. A replay shows one deal
at a time, table by table, so it re-runs that deal: from the table before
it, each recorded decision is handled by the engine and the events it
produces are compared with the recorded ones. Every table the replay shows
is then one the engine reached by the rules; a deal edited by hand (with
its chain codes made again, which anyone can do) is shown up to the first
decision the engine does not confirm, and the reason is said, in
``verify``'s words, with the line.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from drawpoker.errors import IllegalAction, refusal_note
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.history.deals import Deal
from drawpoker.history.verify import describe_event
from drawpoker.notes import N_, Note, Refusal
from drawpoker.notes import at as placed

__all__ = ["ConfirmedDeal", "confirm_deal"]


@attrs.frozen
class ConfirmedDeal:
    """A deal's steps as the engine confirms them.

    ``ends[k]`` is how many of the deal's events the first ``k + 1`` steps
    hold and ``states[k]`` the table after them (a step is a decision, or
    the deal's start, with what followed from it). ``doubt`` says why the
    steps stop before the deal's events do (None when every event is the
    engine's), a note in ``verify``'s words for the replay to say in the
    player's language; with no step confirmed at all, the one step is the
    table before the deal (``ends == [0]``)."""

    ends: list[int]
    states: list[Any]
    doubt: Note | None
    #: ``doubt`` with the cards the table did not see face up written ``?``
    #: (a seat's cards dealt or exchanged, the deck): what a replay shows
    #: unless every hand is asked for
    doubt_hidden: Note | None = None


def _differ(recorded: Any, produced: Any) -> bool:
    """Events are tuples: ``Checked(1)`` equals ``Folded(1)`` as values, so the kind is compared too."""
    return recorded.__class__ is not produced.__class__ or recorded != produced


#: the events whose cards the table sees face up: the hands shown, the openers proved, the dealer's, the draws
FACE_UP = frozenset({"HandShown", "OpenersShown", "DealerRevealed", "DealerDrawn", "SeatsDrawn"})
#: a card in a refusal's sentence (``9c``, ``10h``, the joker ``Jk``)
_CARD_WORD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9TJQKA])[shdc](?![0-9A-Za-z])|(?<![A-Za-z])Jk(?![A-Za-z])")


def _cards_hidden(note: Note) -> Note:
    """``note`` with every card it names written ``?`` (in its values: a
    refusal's own sentence is one value)."""
    if isinstance(note, Refusal):
        return Refusal(_CARD_WORD.sub("?", str(note)))
    values: dict[str, object] = {}
    for key, value in note.values.items():
        if isinstance(value, Note):
            value = _cards_hidden(value)
        elif isinstance(value, str):
            value = _CARD_WORD.sub("?", value)
        values[key] = value
    return Note(note.template, **values)


def _told(event: Any) -> str:
    """An event as a replay may say it before every hand is shown."""
    return describe_event(event, hide_cards=type(event).__name__ not in FACE_UP)


def confirm_deal(game: Any, deal: Deal, shown: str) -> ConfirmedDeal:
    """Re-run ``deal``'s decisions through ``game`` from the table before it
    (``shown``: the file, for messages)."""
    events, lines = deal.events, deal.lines
    reading = game_in_play(game, deal.before)  # dealer's choice: the deal's own game reads its decisions
    state = deal.before.copy()
    ends: list[int] = []
    states: list[Any] = []
    doubt: Note | None = None
    hidden: Note | None = None
    done, count = 0, len(events)
    while done < count:
        event = events[done]
        where = f"{shown}:{lines[done]}"
        command = reading.command_of(event)
        # What a decision causes before its own event (a broke player's rebuy or sitting out, a player
        # dealt in, before the deal's start) is checked with that decision: the next one recorded.
        ahead = done
        while command is None and ahead + 1 < count:
            ahead += 1
            command = reading.command_of(events[ahead])
        uncaused = Note(N_("{event} was not caused by any decision"), event=type(event).__name__)
        if command is None:
            doubt = hidden = placed(where, uncaused)
            break
        try:
            produced = game.handle(state, command)
            if ahead > done and (not produced or _differ(event, produced[0])):  # not the next decision's either
                doubt = hidden = placed(where, uncaused)
                break
        except IllegalAction as exc:
            refused = N_("the engine refuses this decision: {why}")
            why = refusal_note(exc)
            doubt = placed(where, Note(refused, why=why))
            hidden = placed(where, Note(refused, why=_cards_hidden(why)))
            break
        except Exception as exc:  # the table before the deal is not one the engine left (an edited checkpoint)
            doubt = placed(
                where,
                Note(
                    N_("the engine cannot play this decision from the table the history gives ({why})"), why=repr(exc)
                ),
            )
            hidden = placed(where, Note(N_("the engine cannot play this decision from the table the history gives")))
            break
        if not produced:
            nothing = N_("recorded {recorded}, but the engine produces nothing")
            doubt = placed(where, Note(nothing, recorded=describe_event(event)))
            hidden = placed(where, Note(nothing, recorded=_told(event)))
            break
        recorded = events[done : done + len(produced)]
        wrong = next((k for k, made in enumerate(produced[: len(recorded)]) if _differ(recorded[k], made)), None)
        if wrong is not None:
            other = N_("recorded {recorded}, but the engine produces {produced}")
            line = f"{shown}:{lines[done + wrong]}"
            doubt = placed(
                line, Note(other, recorded=describe_event(recorded[wrong]), produced=describe_event(produced[wrong]))
            )
            hidden = placed(line, Note(other, recorded=_told(recorded[wrong]), produced=_told(produced[wrong])))
            break
        if len(produced) > len(recorded):
            # The deal's events end inside this step: a deal cut short (the history
            # stops there) or what follows a deal's end (the session's end). The step
            # shows what was recorded, as the table saw it when the history stopped.
            state = (states[-1] if states else deal.before).copy()
            for kept in recorded:
                game.apply(state, kept)
        done += len(recorded)
        ends.append(done)
        states.append(state.copy())
    if not states:
        ends, states = [0], [deal.before.copy()]
    return ConfirmedDeal(ends, states, doubt, hidden)
