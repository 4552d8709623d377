"""The engine's guards that no screen reaches -- only a program, or a history
edited by hand and sealed again -- refuse in the player's language too.

Found in an earlier session: ``drawpoker verify --lang nb`` of a forged
history quoted "the button must be one of the seats 0..1" (and some twenty
more of the engine's guards) in English inside a Norwegian sentence. Each is
a note now; its English words are as before (``bench/event_digest.py``
digests every refusal's sentence and gives the same digest).
"""

from __future__ import annotations

from typing import Any

import pytest

from drawpoker.cards import DECK
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw import commands as dc
from drawpoker.games.three_card import commands as tc
from drawpoker.notes import Note
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from drawpoker.words.refusals import as_sentence


class Strange:
    """A command no game knows."""

    def __repr__(self) -> str:
        return "Strange()"


def _refusal(game: Any, state: Any, command: Any) -> IllegalAction:
    before = state.copy()
    with pytest.raises(IllegalAction) as caught:
        game.handle(state, command)
    assert state == before  # refused: nothing changed
    return caught.value


def _draw(rules: Any = None) -> tuple[Any, Any]:
    game = game_for(rules if rules is not None else load_rules("morkpoker"))
    return game, game.new_state()


def _seated(game: Any, state: Any) -> Any:
    game.handle(state, game.sit_down(("Ada", "Bo"), (40, 40), 0))
    return state


def _draw_cases() -> list[tuple[str, str, Any]]:
    """(English, Norwegian, the refusal) for each draw guard."""
    cases = []
    game, state = _draw()
    cases.append(("nobody has sat down yet", "ingen har satt seg ennå", _refusal(game, state, dc.StartDeal(DECK))))
    cases.append(
        (
            "the button must be one of the seats 0..1",
            "giverknappen må være på en av plassene 0..1",
            _refusal(game, state, dc.SitDown(("Ada", "Bo"), (40, 40), 5)),
        )
    )
    _seated(game, state)
    cases.append(
        (
            "the session has already started",
            "økten har allerede begynt",
            _refusal(game, state, game.sit_down(("Ada", "Bo"), (40, 40), 0)),
        )
    )
    cases.append(
        (
            "a deal needs the whole 52-card deck, every card once",
            "en utdeling trenger hele kortstokken på 52 kort, hvert kort én gang",
            _refusal(game, state, dc.StartDeal(DECK[:51])),
        )
    )
    cases.append(
        (
            "the reshuffle seed must be a whole number",
            "frøet til omstokkingen må være et heltall",
            _refusal(game, state, dc.StartDeal(DECK, "7")),
        )
    )
    cases.append(
        (
            "the showdown's order is one of last_aggressor or side_pots_first",
            "rekkefølgen ved visningen er en av last_aggressor eller side_pots_first",
            _refusal(game, state, dc.StartDeal(DECK, 0, None, "sideways")),
        )
    )
    cases.append(("unknown command Strange()", "ukjent kommando Strange()", _refusal(game, state, Strange())))
    game.handle(state, dc.StartDeal(DECK))
    cases.append(
        (
            "the current deal is not over yet",
            "denne utdelingen er ikke ferdig ennå",
            _refusal(game, state, dc.StartDeal(DECK)),
        )
    )
    jokers, joker_state = _draw(load_rules("ace-to-five-lowball"))
    _seated(jokers, joker_state)
    cases.append(
        (
            "a deal needs the whole 53-card deck (1 joker), every card once",
            "en utdeling trenger hele kortstokken på 53 kort (1 joker), hvert kort én gang",
            _refusal(jokers, joker_state, dc.StartDeal(DECK)),
        )
    )
    return cases


def _dealers_choice_cases() -> list[tuple[str, str, Any]]:
    game, state = _draw(load_rules("dealers-choice"))
    games = game.games()
    listed = ", ".join(games[:-1])
    cases = [
        (
            "nobody has sat down yet",
            "ingen har satt seg ennå",
            _refusal(game, state, dc.ChooseGame(games[0])),
        )
    ]
    _seated(game, state)
    cases.append(
        (
            f"Ada deals and first chooses the game: {listed} or {games[-1]}",
            f"Ada gir og velger først spillet: {listed} eller {games[-1]}",
            _refusal(game, state, dc.StartDeal(DECK)),
        )
    )
    cases.append(
        (
            f"'poker' is not one of this session's games: {listed} or {games[-1]}",
            f"«poker» er ikke ett av spillene i denne økten: {listed} eller {games[-1]}",
            _refusal(game, state, dc.ChooseGame("poker")),
        )
    )
    return cases


def _three_card_cases() -> list[tuple[str, str, Any]]:
    game = game_for(load_rules("three-card-poker"))
    state = game.new_state()
    cases = [
        ("nobody has sat down yet", "ingen har satt seg ennå", _refusal(game, state, tc.StartRound(tuple(DECK)))),
    ]
    cases.append(
        (
            "the first dealer must be one of the seats 0..1",
            "første giver må være en av plassene 0..1",
            _refusal(game, state, tc.SitDown(("Ada", "Bo"), (40, 40), 7)),
        )
    )
    game.handle(state, game.sit_down(("Ada", "Bo"), (40, 40)))
    cases.append(
        (
            "a round needs the whole 52-card deck, every card once",
            "en runde trenger hele kortstokken på 52 kort, hvert kort én gang",
            _refusal(game, state, tc.StartRound(tuple(DECK[1:]) + tuple(DECK[1:2]))),
        )
    )
    cases.append(
        (
            "the reshuffle seed must be a whole number",
            "frøet til omstokkingen må være et heltall",
            _refusal(game, state, tc.StartRound(tuple(DECK), True)),
        )
    )
    cases.append(("unknown command Strange()", "ukjent kommando Strange()", _refusal(game, state, Strange())))
    game.handle(state, tc.StartRound(tuple(DECK)))
    cases.append(
        (
            "the current round is not over yet",
            "denne runden er ikke ferdig ennå",
            _refusal(game, state, tc.StartRound(tuple(DECK))),
        )
    )
    return cases


@pytest.mark.parametrize("collect", [_draw_cases, _dealers_choice_cases, _three_card_cases])
def test_each_guard_refuses_with_a_note_said_in_either_language(collect):
    en, nb = translator("en"), translator("nb")
    for english, norwegian, refused in collect():
        assert isinstance(refused.note, Note), refused
        assert str(refused) == english  # the English words as before
        assert as_sentence(refused.note, en) == english[0].upper() + english[1:] + "."
        said = as_sentence(refused.note, nb)
        assert said == norwegian[0].upper() + norwegian[1:] + ".", said
