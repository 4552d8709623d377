"""An engine's refusal shown on its own is one sentence.

Found in an earlier session ("engine refusals start in lower case without a
full stop") and traced to where a player sees it: the table's message line
(``Bo cannot call: there is no bet to call; check, bet or fold``, the table
menu's ``the table is full: ...``, a computer seat's ``the bot ... folds
instead``), a phone's answer, the Three Card Poker bet slip and the replay's
reason a deal is not confirmed (which was English in a Norwegian replay).
The words layer says them as sentences (``words.refusals.as_sentence``): a
capital letter unless a player's name or another value comes first (a name
is written as the player gave it), and a full stop. On the command line
(``drawpoker simulate: the bot ...``, ``drawpoker verify: FILE:LINE: the
engine refuses ...``) a refusal stays a clause after the command's name, as
every error there is.
"""

from __future__ import annotations

import pytest

from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw import commands as mc
from drawpoker.notes import N_, Note, Refusal
from drawpoker.notes import at as placed
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from drawpoker.words.refusals import as_sentence, translate_refusal
from tests.replay_fuzz import make_histories
from tests.test_client_i18n import _mork_refusals, _tcp_refusals


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("collect", [_mork_refusals, _tcp_refusals])
def test_every_refusal_the_table_can_meet_is_said_as_a_sentence(collect, language):
    tr = translator(language)
    for message in collect(1) | collect(2):
        said = as_sentence(message, tr)
        clause = translate_refusal(message, tr)
        assert said[0].isupper() and said.endswith("."), said
        assert said == clause[0].upper() + clause[1:] + ".", said  # the words themselves unchanged


def _refused(names: tuple[str, ...], command: object) -> str:
    game = game_for(load_rules("morkpoker"))
    state = game.new_state()
    game.handle(state, game.sit_down(names, (40,) * len(names)))
    game.handle(state, game.start_deal(*RandomShuffler(1).shuffle()))
    with pytest.raises(IllegalAction) as refused:
        game.decide(state, command)
    return str(refused.value)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "bo cannot call: there is no bet to call; check, bet or fold."),
        ("nb", "bo kan ikke syne: det er ingen innsats å syne; checke, satse eller kaste seg."),
    ],
)
def test_a_name_that_opens_the_sentence_is_written_as_the_player_gave_it(language, said):
    message = _refused(("ada", "bo"), mc.Call(1))  # bo (left of the button) to act, nothing bet
    assert message == "bo cannot call: there is no bet to call; check, bet or fold"
    assert as_sentence(message, translator(language)) == said


def test_a_sentence_opening_with_the_engines_own_words_gets_its_capital_in_either_language():
    message = "it is Bo's turn, not Ada's"
    assert as_sentence(message, translator("en")) == "It is Bo's turn, not Ada's."
    nb = as_sentence(message, translator("nb"))
    assert (
        nb[0].isupper()
        and nb.endswith(".")
        and nb[:-1]
        == translate_refusal(message, translator("nb"))[0].upper() + (translate_refusal(message, translator("nb"))[1:])
    )


@pytest.mark.parametrize("language", ["en", "nb"])
def test_notes_holding_a_refusal_open_with_its_words_or_its_values(language):
    tr = translator(language)
    full = Note(
        N_("the table is full: these rules seat at most {high} players; {name} cannot join"), high=3, name="dag"
    )
    assert as_sentence(full, tr)[0] == ("T" if language == "en" else "B")  # "Bordet er fullt ..."
    assert as_sentence(full, tr).endswith(".") and "dag" in as_sentence(full, tr)
    named = Note(N_("{name} is already at the table"), name="ada")
    assert as_sentence(named, tr).startswith("ada ") and as_sentence(named, tr).endswith(".")
    failed = Note(
        N_("the bot {bot} (playing {name}) made a move the rules do not allow: {why}"),
        bot="tests/bad_bots.py:Illegal",
        name="bo",
        why=Refusal("bo cannot check: there is a bet of 1 to call; call, raise or fold"),
    )
    fell_back = Note(N_("{problem}; {name} folds instead"), problem=failed, name="bo")  # bots.seat.fallback
    said = as_sentence(fell_back, tr)
    assert said.startswith("The bot " if language == "en" else "Roboten ") and said.endswith(".")
    assert ": bo " in said  # the name inside stays as given
    where = placed("/tmp/h.jsonl:12", Note(N_("the engine refuses this decision: {why}"), why=Refusal("x")))
    assert as_sentence(where, tr).startswith("/tmp/h.jsonl:12: ")  # a file is written as it is


def test_a_card_not_shown_at_the_end_is_no_question_mark():
    assert as_sentence("Bo does not hold ?", translator("en")) == "Bo does not hold ?."
    assert as_sentence("Is it?", translator("en")) == "Is it?"


@pytest.fixture(scope="module")
def histories(tmp_path_factory):
    return make_histories(tmp_path_factory.mktemp("replays"))


@pytest.mark.parametrize(
    ("language", "said", "english"),
    [
        ("en", "the engine refuses this decision: ", None),
        ("nb", "motoren avviser denne beslutningen: ", "the engine refuses"),
    ],
)
def test_the_replay_says_why_a_deal_is_not_confirmed_in_its_language_as_a_sentence(histories, language, said, english):
    """The reason was built in English (``f"{where}: the engine refuses this
    decision: {exc}"``) and shown so in a Norwegian replay, with no full stop."""
    model = ReplayModel(histories["refused"], translator(language), Look())
    while model.steps and model.doubt is None and model.deals.has(model.index + 1):  # (steps: the deal re-run)
        model.next_deal(1)
    assert model.doubt is not None and said in model.doubt
    screen = " ".join(" ".join(plain(line) for line in model.lines(80, 24)).split())
    assert said in screen and (english is None or english not in screen)
    start = screen.index("Motoren bekrefter ikke" if language == "nb" else "The engine does not confirm")
    sentence = screen[start:].split(" ─")[0]  # up to the rule under the table
    assert sentence.endswith(" ?."), sentence  # the card the exchange names, not shown, then the full stop
