"""A bet or raise names a whole number of chips: anything else (a float, a
bool, a text, an int subclass) is refused with one sentence and changes
nothing, in every betting structure; and the evening's draw for the first
dealer before anyone sits down is refused, not a crash (both found by a
second read of the engine)."""

from __future__ import annotations

import copy

import attrs
import pytest

from drawpoker.cards import DECK
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as evn
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.state import DrawState
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from drawpoker.words.refusals import translate_refusal


class _Chips(int):
    """An int that is not an int (a numpy integer, say)."""


ODD = (10.0, 2.0, 10.5, True, "10", _Chips(10), [10])


def _slots(state: DrawState) -> dict[str, object]:
    return {name: getattr(state, name) for k in type(state).__mro__ for name in getattr(k, "__slots__", ())}


def _table(ruleset: str) -> tuple[DrawGame, DrawState]:
    game = DrawGame(load_rules(ruleset))
    state = DrawState()
    game.handle(state, cmd.SitDown(("Ada", "Bo"), (100, 100), 0))
    game.handle(state, cmd.StartDeal(tuple(DECK), 0))
    return game, state


@pytest.mark.parametrize("ruleset", ["morkpoker", "no-limit-draw", "deuce-to-seven-triple-draw"])
@pytest.mark.parametrize("to", ODD, ids=repr)
def test_a_bet_or_raise_of_anything_but_whole_chips_is_refused_and_changes_nothing(ruleset, to):
    game, state = _table(ruleset)
    menu = game.legal_actions(state)
    seat = state.to_act
    command = cmd.Bet(seat, to) if menu.option("bet") is not None else cmd.Raise(seat, to)
    before = _slots(copy.deepcopy(state))
    with pytest.raises(IllegalAction) as refused:
        game.handle(state, command)
    assert _slots(state) == before
    name = state.names[seat]
    assert str(refused.value) in (
        f"{name} may bet only a whole number of chips",
        f"{name} may raise only to a whole number of chips",
    )
    # the same decision with the whole number is played
    whole = 10 if ruleset == "no-limit-draw" else None
    game.handle(state, command._replace(to=whole))


def test_the_sentence_is_translated():
    nb = translator("nb")
    assert translate_refusal("Ada may bet only a whole number of chips", nb) == (
        "Ada kan bare satse et helt antall sjetonger"
    )
    assert translate_refusal("Ada may raise only to a whole number of chips", nb) == (
        "Ada kan bare høyne til et helt antall sjetonger"
    )


def test_drawing_for_the_first_dealer_before_anyone_sits_down_is_refused():
    rules = load_rules("morkpoker")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, seats="drawn", first_dealer="drawn"))
    game, state = DrawGame(rules), DrawState()
    shuffler = RandomShuffler(0, 0)
    game.handle(state, evn.DrawSeats(("Ada", "Bo"), tuple(shuffler.shuffle()[0][:52])))
    before = _slots(copy.deepcopy(state))
    with pytest.raises(IllegalAction, match="nobody has sat down yet"):
        game.handle(state, evn.DrawDealer(tuple(shuffler.shuffle()[0][:52])))
    assert _slots(state) == before


@pytest.mark.parametrize(
    ("decision", "en", "nb"),
    [
        ("bet", "a bet of 2.5, which is not a number of chips", "en innsats på 2.5, som ikke er et antall sjetonger"),
        (
            "raise",
            "a raise to 2.5, which is not a number of chips",
            "en høyning til 2.5, som ikke er et antall sjetonger",
        ),
    ],
)
def test_a_bot_that_names_no_whole_chips_is_told_so_in_the_tables_language(decision, en, nb):
    from drawpoker.games import view as v

    game, state = _table("no-limit-draw")
    seat_view = v.seat_view(game, state, state.to_act)
    made = v.bet(2.5) if decision == "bet" else v.raise_to(2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as refused:
        v.command_for(game, seat_view, made)
    note = refused.value.args[0]
    assert note.say(translator("en")._) == en
    assert note.say(translator("nb")._) == nb


@pytest.mark.parametrize("ruleset", ["morkpoker", "deuce-to-seven-triple-draw"])
@pytest.mark.parametrize("whole", [False, True])
def test_a_fixed_limit_raise_to_the_right_total_in_a_float_is_refused_too(ruleset, whole):
    game, state = _table(ruleset)
    first = state.to_act
    menu = game.legal_actions(state)
    game.handle(state, cmd.Bet(first) if menu.option("bet") is not None else cmd.Raise(first))
    seat = state.to_act
    total = game.legal_actions(state).option("raise").to
    if whole:
        game.handle(state, cmd.Raise(seat, total))
        assert state.bets[seat] == total
        return
    before = _slots(copy.deepcopy(state))
    with pytest.raises(IllegalAction, match="may raise only to a whole number of chips"):
        game.handle(state, cmd.Raise(seat, float(total)))
    assert _slots(state) == before


@pytest.mark.parametrize(
    ("names", "stacks"), [(5, (100, 100)), (("Ada", "Bo"), 7), ("AB", (100, 100)), (("Ada", "Bo"), None)]
)
def test_a_sit_down_whose_names_or_stacks_are_no_list_is_refused_not_a_crash(names, stacks):
    game, state = DrawGame(load_rules("morkpoker")), DrawState()
    before = _slots(copy.deepcopy(state))
    with pytest.raises(IllegalAction):
        game.handle(state, cmd.SitDown(names, stacks, 0))
    assert _slots(state) == before
