"""Dealer's choice (docs/rules.md 4.6): the session names its games, the dealer
picks one before each deal, a passed-out deal is redealt in the same game,
the stacks carry over, and every deal's game is in the history, which
replays, verifies, lists and exports."""

from __future__ import annotations

import json
import random

import pytest

from drawpoker.cards import DECK
from drawpoker.errors import IllegalAction, RulesError
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.reducer import replay
from drawpoker.rules.loading import fingerprint, load_rules, rules_from_data, rules_to_data

NL = "extends: morkpoker\ndescription: no limit\nbetting:\n  structure: no_limit\n  ante: 0\n  blinds: [1, 2]\n"


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "nl.yaml").write_text(NL, encoding="utf-8")
    (tmp_path / "dc.yaml").write_text(
        "extends: morkpoker\nsession:\n  deals: 6\n  dealers_choice: [morkpoker, nl.yaml]\n", encoding="utf-8"
    )
    return tmp_path


def test_the_games_load_with_the_sessions_settings_and_travel_with_the_rules(folder):
    rules = load_rules(str(folder / "dc.yaml"))
    assert [name for name, _ in rules.variants] == ["morkpoker", "nl.yaml"]
    nl = dict(rules.variants)["nl.yaml"]
    assert nl.betting.structure == "no_limit" and nl.session.deals == 6 and nl.session.dealers_choice == ()
    again = rules_from_data(json.loads(json.dumps(rules_to_data(rules))))
    assert again == rules and fingerprint(again) == fingerprint(rules)
    other = rules_from_data(
        {**rules_to_data(rules), "variants": {"morkpoker": rules_to_data(load_rules("morkpoker-headsup-cap"))}}
    )
    assert fingerprint(other) != fingerprint(rules)  # the games' own rules count


@pytest.mark.parametrize(
    "games, message",
    [
        ("[nosuch]", "session.dealers_choice: 'nosuch':"),
        ("[three-card-poker]", "is a three-card-poker ruleset"),
        ("[dc.yaml]", "is itself a dealer's choice"),
        ("[morkpoker, morkpoker]", "is named twice"),
        ("[small.yaml]", "seats 2 to 3 players, this session 2 to 6"),
    ],
)
def test_a_game_that_cannot_be_played_is_refused_in_one_sentence(folder, games, message):
    (folder / "small.yaml").write_text("extends: morkpoker\ntable:\n  max_players: 3\n", encoding="utf-8")
    (folder / "bad.yaml").write_text(f"extends: morkpoker\nsession:\n  dealers_choice: {games}\n", encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules(str(folder / "bad.yaml"))
    assert message in str(caught.value)


def test_three_card_poker_has_no_dealers_choice(folder):
    (folder / "t.yaml").write_text("extends: three-card-poker\nsession:\n  dealers_choice: [morkpoker]\n")
    with pytest.raises(RulesError, match="dealer's choice is for the draw games"):
        load_rules(str(folder / "t.yaml"))


def _deck(seed):
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def test_the_dealer_chooses_before_each_deal_and_the_stacks_carry_over(folder):
    game = DrawGame(load_rules(str(folder / "dc.yaml")))
    s = game.new_state()
    events = game.handle(s, cmd.SitDown(("A", "B", "C"), (40, 40, 40), 0))
    with pytest.raises(IllegalAction, match="A deals and first chooses the game: morkpoker or nl.yaml"):
        game.handle(s, cmd.StartDeal(_deck(1)))
    with pytest.raises(IllegalAction, match="'poker' is not one of this session's games"):
        game.handle(s, cmd.ChooseGame("poker"))
    events += game.handle(s, cmd.ChooseGame("nl.yaml"))
    events += game.handle(s, cmd.StartDeal(_deck(1)))
    assert any(isinstance(e, ev.BlindPosted) for e in events)  # no limit with blinds: the chosen game
    assert game.legal_actions(s).structure == "no_limit"
    with pytest.raises(IllegalAction, match="between deals"):
        game.handle(s, cmd.ChooseGame("morkpoker"))
    events += game.handle(s, cmd.Raise(s.to_act, 40))  # A all in
    while s.to_act is not None and s.phase == "betting":
        events += game.handle(s, cmd.Fold(s.to_act))
    stacks = list(s.stacks)
    assert s.phase == "between_deals" and sum(stacks) == 120
    events += game.handle(s, cmd.ChooseGame("morkpoker"))
    new = game.handle(s, cmd.StartDeal(_deck(2)))
    events += new
    assert not any(isinstance(e, ev.BlindPosted) for e in new) and any(isinstance(e, ev.AntePosted) for e in new)
    assert [e.amount for e in new if isinstance(e, ev.AntePosted)] == [1, 1, 1]
    assert replay(events) == s


def test_a_passed_out_deal_is_redealt_in_the_same_game(folder):
    game = DrawGame(load_rules(str(folder / "dc.yaml")))
    s = game.new_state()
    game.handle(s, cmd.SitDown(("A", "B", "C"), (40, 40, 40), 0))
    game.handle(s, cmd.ChooseGame("morkpoker"))
    game.handle(s, cmd.StartDeal(_deck(3)))
    while s.phase == "betting":
        game.handle(s, cmd.Check(s.to_act))
    assert s.carried == 3 and s.phase == "between_deals"
    with pytest.raises(IllegalAction, match="redealt in the same game, morkpoker"):
        game.handle(s, cmd.ChooseGame("nl.yaml"))
    assert game.redeal(s) and game.rotation(s) is None  # nobody chooses: the next dealer deals the same game
    new = game.handle(s, cmd.StartDeal(_deck(4)))
    assert new[0] == ev.GameKept("morkpoker") and isinstance(new[1], ev.DealStarted) and new[1].button == 1
    assert not any(isinstance(e, ev.GameChosen) for e in new)
    assert s.pot_total() == 6 and s.game == "morkpoker"


def test_a_redeal_chosen_again_as_older_histories_record_it_is_still_accepted(folder):
    game = DrawGame(load_rules(str(folder / "dc.yaml")))
    s = game.new_state()
    game.handle(s, cmd.SitDown(("A", "B", "C"), (40, 40, 40), 0))
    game.handle(s, cmd.ChooseGame("morkpoker"))
    game.handle(s, cmd.StartDeal(_deck(3)))
    while s.phase == "betting":
        game.handle(s, cmd.Check(s.to_act))
    assert game.handle(s, cmd.ChooseGame("morkpoker")) == [ev.GameChosen("morkpoker")]
    new = game.handle(s, cmd.StartDeal(_deck(4)))
    assert isinstance(new[0], ev.DealStarted) and s.pot_total() == 6


def test_a_refused_redeal_changes_nothing(folder):
    game = DrawGame(load_rules(str(folder / "dc.yaml")))
    s = game.new_state()
    game.handle(s, cmd.SitDown(("A", "B", "C"), (40, 40, 40), 0))
    game.handle(s, cmd.ChooseGame("morkpoker"))
    game.handle(s, cmd.StartDeal(_deck(3)))
    while s.phase == "betting":
        game.handle(s, cmd.Check(s.to_act))
    before = s.copy()
    with pytest.raises(IllegalAction, match="whole 52-card deck"):
        game.handle(s, cmd.StartDeal(_deck(4)[:51]))
    assert s == before and game.redeal(s)


def test_simulate_rotates_the_games_and_the_history_replays_verifies_lists_and_exports(folder, capsys):
    from drawpoker.cli.main import main
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import replay_history, verify_history

    log = folder / "h.jsonl"
    assert (
        main(["simulate", str(folder / "dc.yaml"), "--players", "3", "--hands", "6", "--seed", "5", "--log", str(log)])
        == 0
    )
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
    chosen = [line["game"] for line in lines if line["e"] == "GameChosen"]
    assert len(chosen) >= 6 and {"morkpoker", "nl.yaml"} <= set(chosen)
    report = verify_history(open_history(log))
    assert report.deals >= 6
    assert sum(replay_history(open_history(log)).stacks) == 120
    capsys.readouterr()
    assert main(["history", str(log)]) == 0
    listing = capsys.readouterr().out
    # each deal's game as the table names it (ev47: the list said the files' names, "nl.yaml: ", "morkpoker: ")
    assert "no limit: " in listing and "Mørkpoker: " in listing and "nl.yaml" not in listing
    assert main(["export", str(log)]) == 0
    assert "Dealer's choice: no limit\n" in capsys.readouterr().out
    assert main(["export", "--format", "phh", str(log)]) == 0
    phh = capsys.readouterr().out
    assert 'variant = "NH1D"' in phh and 'variant = "FH1D"' in phh and '_game = "nl.yaml"' in phh


JOKER_CHOICE = "extends: morkpoker\nsession:\n  deals: 8\n  dealers_choice: [morkpoker, ace-to-five-lowball]\n"


def _dealt(path):
    """Each deal's game and its deck, as the history holds them."""
    from drawpoker.history.reader import open_history

    out, game = [], None
    for _, event in open_history(path).events():
        if isinstance(event, (ev.GameChosen, ev.GameKept)):
            game = event.game
        elif isinstance(event, ev.DealStarted):
            out.append((game, event.deck))
    return out


def _decks(path):
    """Each deal's game and the size of its deck."""
    return [(game, len(deck)) for game, deck in _dealt(path)]


def test_a_game_played_with_the_joker_is_dealt_its_joker_in_dealers_choice(tmp_path, capsys):
    """Found by hand: rules check accepted dealer's choice of Mørkpoker and
    ace-to-five lowball (one joker), but simulate stopped at the first
    lowball deal ("a deal needs the whole 53-card deck (1 joker)"): the
    deck was shuffled for the session's rules, not for the game chosen."""
    from drawpoker.cli.main import main
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import verify_history

    (tmp_path / "dc.yaml").write_text(JOKER_CHOICE, encoding="utf-8")
    assert main(["rules", "check", str(tmp_path / "dc.yaml")]) == 0
    log = tmp_path / "h.jsonl"
    assert (
        main(
            ["simulate", str(tmp_path / "dc.yaml"), "--players", "3", "--hands", "8", "--seed", "4"]
            + ["--log", str(log)]
        )
        == 0
    )
    decks = _decks(log)
    assert ("ace-to-five-lowball", 53) in decks and ("morkpoker", 52) in decks
    assert all(size == (53 if game == "ace-to-five-lowball" else 52) for game, size in decks)
    assert verify_history(open_history(log)).deals == len(decks)
    for command in (["history"], ["export", "--reveal"]):
        assert main([*command, str(log)]) == 0


def test_the_table_deals_the_chosen_games_deck_and_a_resumed_seed_goes_on_with_the_same_decks(tmp_path):
    from drawpoker.client.launch import new_session, resume
    from drawpoker.engine.shuffle import RandomShuffler

    (tmp_path / "dc.yaml").write_text(JOKER_CHOICE, encoding="utf-8")
    rules = load_rules(str(tmp_path / "dc.yaml"))

    def play(path, deals, seed=9):
        session = new_session(rules, ("Ada", "Bo"), (True, True), path, RandomShuffler(seed), random.Random(seed))
        for _ in range(deals):
            choice = session.game.rotation(session.state)
            if choice is not None:  # (None: a passed-out deal is redealt in its game)
                session.submit(session.game.choose_game(choice))
            session.deal()
            while not session.between_deals:
                session.submit(session.computer_command())
        return session

    play(tmp_path / "whole.jsonl", 4).close()
    whole = _dealt(tmp_path / "whole.jsonl")
    sizes = {(game, len(deck)) for game, deck in whole}
    assert sizes == {("morkpoker", 52), ("ace-to-five-lowball", 53)}  # each game with its own deck
    play(tmp_path / "part.jsonl", 2).close()
    resumed, _ = resume(str(tmp_path / "part.jsonl"), seed=9)
    for _ in range(2):
        choice = resumed.game.rotation(resumed.state)
        if choice is not None:
            resumed.submit(resumed.game.choose_game(choice))
        resumed.deal()
        while not resumed.between_deals:
            resumed.submit(resumed.computer_command())
    resumed.close()
    assert _dealt(tmp_path / "part.jsonl") == whole  # the same games, the same decks
