"""``drawpoker replay``: stepping through recorded deals, forwards and back,
jumping to the exchange and the showdown, showing only what the table saw
unless every hand is asked for."""

from __future__ import annotations

import re

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from drawpoker.cards import DECK
from drawpoker.cli.main import main
from drawpoker.client.draw import view as draw_view
from drawpoker.client.lines import plain
from drawpoker.client.look import Look, card_text
from drawpoker.client.replay.app import build_replay_app
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.three_card import view as three_card_view
from drawpoker.errors import HistoryError
from drawpoker.history.deals import iter_deals
from drawpoker.history.reader import open_history
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from drawpoker.words.i18n import translator
from tests.history_tools import CODED, file_lines, walk, write_lines


def record(path, ruleset, players, deals, seed):
    rules = load_rules(ruleset)
    logs = SessionLogs(path, rules)
    try:
        simulate(rules, players, deals, seed, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    return logs.paths[0]


@pytest.fixture(scope="module")
def mork(tmp_path_factory):
    return record(tmp_path_factory.mktemp("replay") / "mork.jsonl", "morkpoker", 4, 12, 5)


@pytest.fixture(scope="module")
def tcp(tmp_path_factory):
    return record(tmp_path_factory.mktemp("replay") / "tcp.jsonl", "three-card-poker", 3, 3, 5)


def text(model: ReplayModel) -> str:
    return "\n".join(plain(line) for line in model.lines(80, 24))


def cards_in(screen: str) -> set:
    return {c for c in DECK if re.search(rf"(?<![0-9A-Za-z]){re.escape(card_text(c, True))}", screen)}


def test_replay_is_a_fold_that_ends_where_each_deal_ended(mork):
    model = ReplayModel(mork, translator("en"), Look())
    for i, deal in enumerate(model.deals):
        model.index = i
        model.to_end()
        assert model.state == deal.after


def test_by_default_the_table_sees_only_what_was_shown(mork):
    model = ReplayModel(mork, translator("en"), Look())
    steps = 0
    for m in walk(model):
        seen = draw_view.public_cards(m.state)
        assert cards_in(text(m)) <= seen
        steps += 1
    assert steps > 40 and model.message == "This is the last step of the last deal."


def test_reveal_shows_every_hand_in_the_deal(mork):
    model = ReplayModel(mork, translator("en"), Look())
    model.toggle_reveal()
    state = model.state
    screen = text(model)
    for seat in range(state.seats):
        if state.in_deal[seat]:
            assert cards_in(screen) >= set(state.hands[seat])
    model.toggle_reveal()
    assert "What the table saw" in text(model)


def test_forward_then_back_is_the_same_table(mork):
    model = ReplayModel(mork, translator("en"), Look(), deal=2)
    start = model.state.copy()
    for _ in range(5):
        model.forward()
    for _ in range(5):
        model.back()
    assert model.state == start and model.step == 1
    model.back()  # into the end of deal 1
    assert model.deal.number == 1 and model.step == model.steps


def test_jump_to_the_exchange_and_the_showdown(mork):
    model = ReplayModel(mork, translator("en"), Look())
    found_exchange = found_showdown = False
    for deal in model.deals:
        model.go_to_deal(deal.number)
        names = [type(e).__name__ for e in deal.events]
        model.to_exchange()
        if "ExchangeStarted" in names:
            assert model.state.phase == "exchange" or "ExchangeStarted" in [
                type(e).__name__ for e in model.events_so_far()
            ]
            found_exchange = True
        else:
            assert model.message == "There was no exchange in this deal."
        model.to_showdown()
        if "ShowdownStarted" in names:
            assert "ShowdownStarted" in [type(e).__name__ for e in model.events_so_far()]
            found_showdown = True
    assert found_exchange and found_showdown


def test_three_card_replay_reveals_the_dealer_at_the_reveal(tcp):
    model = ReplayModel(tcp, translator("nb"), Look())
    dealer = next(e.cards for e in model.deal.events if type(e).__name__ == "DealerRevealed")
    assert not cards_in(text(model)) & set(dealer)
    model.to_showdown()
    assert cards_in(text(model)) >= set(dealer)
    for m in walk(model):
        assert cards_in(text(m)) <= three_card_view.public_cards(m.state, m.rules)


def test_go_to_a_deal_that_does_not_exist(mork):
    model = ReplayModel(mork, translator("en"), Look())
    model.go_to_deal(99)
    last = max(deal.number for deal in iter_deals(open_history(mork)))  # 12, or 13 when the 12th was passed out
    assert last in (12, 13)
    assert model.message == f"There is no deal 99; the deals go from 1 to {last}."
    assert model.deal.number == 1


def test_keys_drive_the_viewer(mork):
    model = ReplayModel(mork, translator("en"), Look())
    with create_pipe_input() as pipe:
        pipe.send_text("\x1b[C\x1b[C" + "n" + "g" + "7" + "\r" + "x" + "v" + "q")
        assert build_replay_app(model, input=pipe, output=DummyOutput()).run() == "quit"
    assert model.deal.number == 7 and model.revealed


@pytest.mark.parametrize(
    ("language", "keys", "said"),
    [
        ("en", "z", "The key z does nothing here; the keys are listed below."),
        ("en", "\x1b[15~", "The key F5 does nothing here; the keys are listed below."),
        ("en", "\x1b[200~abc\x1b[201~", "Pasted text does nothing here; the keys are listed below."),
        ("nb", "z", "Tasten z gjør ingenting her; tastene står nederst."),
    ],
)
def test_a_key_that_does_nothing_in_the_viewer_is_named_as_at_the_table(mork, language, keys, said):
    # it said "That key does nothing here" whatever the key, where the table names it ("The key x ...")
    model = ReplayModel(mork, translator(language), Look())
    with create_pipe_input() as pipe:
        pipe.send_text(keys + "\x03")
        assert build_replay_app(model, input=pipe, output=DummyOutput()).run() == "quit"
    assert model.message == said


def test_a_newline_is_enter_in_the_viewer(mork):
    # Enter typed ahead while the replay starts reaches it as a newline (Ctrl-J): the deal typed after G
    # was kept waiting, "A deal number is typed with the digits 0 to 9."
    model = ReplayModel(mork, translator("en"), Look())
    with create_pipe_input() as pipe:
        pipe.send_text("g" + "7" + "\n" + "\x03")  # (Ctrl-C leaves whatever was typed)
        assert build_replay_app(model, input=pipe, output=DummyOutput()).run() == "quit"
    assert model.deal.number == 7 and model.typing is None


def test_replay_command_refuses_a_missing_deal_and_a_missing_file(mork, tmp_path, capsys):
    assert main(["replay", str(mork), "--deal", "40"]) == 1
    assert "There is no deal 40" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_a_history_without_deals_has_nothing_to_replay(tmp_path):
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.history.writer import HistoryWriter

    rules = load_rules("morkpoker")
    path = tmp_path / "empty.jsonl"
    with HistoryWriter.create(path, rules, ["Ada", "Bo"]) as writer:
        game = DrawGame(rules)
        writer.append(game.handle(game.new_state(), game.sit_down(("Ada", "Bo"), (40, 40))))
    with pytest.raises(HistoryError, match="nothing to replay"):
        ReplayModel(path, translator("en"), Look())


@pytest.mark.parametrize("game", ["mork", "tcp"])
def test_the_last_step_says_what_a_crash_left_out(game, request, tmp_path):
    """Found by a second read: replay dropped a crash's leftovers silently
    (history and export say so); its last step now says it too."""
    lines = file_lines(request.getfixturevalue(game))
    ends = [k for k, line in enumerate(lines) if line.startswith(CODED)]
    k = next(k for k in range(len(ends) - 1, 0, -1) if ends[k] - ends[k - 1] >= 3)  # a command of 3+ lines
    path = write_lines(tmp_path, [*lines[: ends[k] - 1], lines[ends[k] - 1][:9]])  # cut short, its last line torn
    model = ReplayModel(path, translator("en"), Look())
    for _ in walk(model):
        pass
    unit = "deal" if game == "mork" else "round"
    assert model.message is not None and model.message.startswith(f"This is the last step of the last {unit}. ")
    assert f"{path}:{ends[k - 1] + 2}" in model.message and "only partly written" in model.message
    assert f"{path}:{ends[k]}: the last line was cut off" in model.message
    norsk = ReplayModel(path, translator("nb"), Look())  # and in the player's language
    for _ in walk(norsk):
        pass
    assert norsk.message is not None and "den siste beslutningen ble bare delvis skrevet" in norsk.message
    assert f"{path}:{ends[k]}: den siste linjen ble kuttet av" in norsk.message
    assert "crash" not in norsk.message.replace(str(path), "FILE")
    whole = ReplayModel(request.getfixturevalue(game), translator("nb"), Look())
    for _ in walk(whole):
        pass
    assert whole.message == translator("nb")._(
        f"This is the last step of the last {unit}."
    )  # nothing left out: no note


def key_line(model: ReplayModel) -> str:
    return "  ".join(plain(line) for line in model._keys_lines(200))


@pytest.mark.parametrize(
    "lang, jumps",
    [("en", ("X play or fold", "S dealer's reveal")), ("nb", ("X fortsette eller gi seg", "S giveren viser"))],
)
def test_three_card_keys_say_what_x_and_s_do_there(tcp, lang, jumps):
    """Found in an earlier session: a Three Card Poker replay's key line said
    "X exchange  S showdown", though X goes to the players' decisions and S
    to the dealer's reveal; the key line names what the keys do in that game."""
    model = ReplayModel(tcp, translator(lang), Look())
    keys = key_line(model)
    tr = translator(lang)
    assert jumps[0] in keys and jumps[1] in keys
    assert tr._("exchange") not in keys and tr._("showdown") not in keys
    model.to_exchange()  # X: the players' decisions, as the key line says
    assert model.state.phase == "deciding"
    model.to_showdown()  # S: the dealer's cards shown
    assert model.state.dealer_cards
    screen = "\n".join(plain(line) for line in model.lines(80, 24))
    assert jumps[0] in screen and jumps[1] in screen  # on the screen at 80 columns


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_draw_keys_still_say_exchange_and_showdown(mork, lang):
    tr = translator(lang)
    keys = key_line(ReplayModel(mork, tr, Look()))
    assert f"X {tr._('exchange')}" in keys and f"S {tr._('showdown')}" in keys
    assert tr._("play or fold") not in keys


def _doubts(path) -> list[tuple[int, str]]:
    """Every deal of ``path`` stepped to its end: (deal, why) where replay does not confirm it."""
    model = ReplayModel(path, translator("en"), Look())
    said = []
    while True:
        model.to_end()
        if model.doubt is not None:
            said.append((model.deal.number, model.doubt))
        if not model.deals.has(model.index + 1):
            return said
        model.index, model.step = model.index + 1, 1


def test_a_deal_that_starts_with_a_rebuy_or_a_broke_player_sitting_out_is_confirmed(tmp_path):
    # a rebuy (when_broke: rebuy) or a broke player sitting out (sit_out) comes before the deal's start,
    # caused by it: replay said "PlayerRebought was not caused by any decision" and showed the deal only
    # up to there (16 of 60 deals here)
    from drawpoker.games import evening as E
    from drawpoker.games.draw import events as ev
    from drawpoker.history.writer import HistoryWriter
    from tests.evening_table import EveningTable
    from tests.history_tools import edit, rechain
    from tests.mork_table import rules as mork_rules
    from tests.test_evening_rules import ACES, JUNK, NOTHING

    (tmp_path / "rebuy.yaml").write_text(
        "extends: morkpoker\nsession:\n  deals: 60\n  when_broke: rebuy\n  starting_stack: 6\n", encoding="utf-8"
    )
    rules = load_rules(str(tmp_path / "rebuy.yaml"))
    logs = SessionLogs(tmp_path / "rebuy.jsonl", rules)
    simulate(rules, 4, 60, 1, ("maniac",), sink=logs.write, on_session=logs.start)
    logs.close()
    text = (tmp_path / "rebuy.jsonl").read_text(encoding="utf-8")
    assert text.count('"e":"PlayerRebought"') >= 10
    assert _doubts(tmp_path / "rebuy.jsonl") == []

    t = EveningTable(mork_rules(), stacks=[2, 40, 40])
    path = tmp_path / "sit-out.jsonl"
    with HistoryWriter.create(path, t.rules, ("A", "B", "C"), durable=False) as writer:
        writer.append(t.events)
        for deal, hands in enumerate(({"A": JUNK, "B": ACES, "C": NOTHING}, {"B": ACES, "C": NOTHING})):
            before = len(t.events)
            t.deal(hands)
            if not deal:  # A calls all in, C folds
                t.do("B bet", "C fold", "A call")
            t.play_out()
            writer.append(t.events[before:])
    assert ev.PlayerSatOut(0) in t.events and E.PlayerLeft not in map(type, t.events)
    assert _doubts(path) == []
    # an automatic event no decision caused is still said: a rebuy written in before a deal's start
    lines = file_lines(path)
    k = next(n for n, line in enumerate(lines) if '"e":"PlayerSatOut"' in line)
    lines[k] = edit(lines[k], '"e":"PlayerSatOut","seat":0', '"e":"PlayerRebought","seat":0,"amount":40')
    forged = write_lines(tmp_path, rechain(lines), name="forged.jsonl")
    assert _doubts(forged) == [(2, f"{forged}:{k + 1}: PlayerRebought was not caused by any decision")]


@pytest.mark.parametrize("lang, word, not_word", [("en", "round", "deal"), ("nb", "runde", "utdeling")])
def test_three_card_replay_counts_rounds_as_its_table_and_log_do(tcp, lang, word, not_word):
    """The Three Card Poker table and log say "round": the replay's title, keys,
    messages and deal-number prompt say it too (they said "deal")."""
    model = ReplayModel(tcp, translator(lang), Look())
    said = [text(model)]
    model.back()
    said.append(model.message)
    model.to_start()
    said.append(model.message)
    model.to_end()
    model.to_end()
    said.append(model.message)
    model.go_to_deal(99)
    said.append(model.message)
    model.start_typing()
    for _ in range(7):
        model.type_digit("1")
    said += [model.message, text(model)]
    model.not_a_digit()
    said.append(model.message)
    model.finish_typing(False)
    for _ in walk(model):  # to the last step of the last round, and one step on
        pass
    said.append(model.message)
    for message in said:
        assert message and word in message.lower() and not re.search(rf"\b{not_word}\b", message.lower()), message
    mork_words = ReplayModel(tcp, translator(lang), Look())
    assert re.search(rf"\b{word} 1 \(1 of 3\)|\b{word} 1 \(1 av 3\)", text(mork_words))


def test_a_refusal_raised_as_a_note_keeps_its_language_and_hides_its_cards():
    """The replay's not-confirmed note quotes the engine's refusal: a note the
    engine raised is said in the player's language, and before every hand is
    shown the cards it names are written ``?`` (in its values and in a
    quoted refusal inside it)."""
    from drawpoker.errors import IllegalAction, refusal_note
    from drawpoker.history.confirm import _cards_hidden
    from drawpoker.notes import N_, Note, Refusal

    raised = IllegalAction(Note(N_("{name} is already sitting out"), name="Ada"))
    assert refusal_note(raised) is raised.args[0]
    assert translator("nb").say(refusal_note(raised)) == "Ada står allerede over"
    plain_text = IllegalAction("Bo does not hold As")
    assert isinstance(refusal_note(plain_text), Refusal) and str(refusal_note(plain_text)) == "Bo does not hold As"
    hidden = _cards_hidden(
        Note(N_("{name} cannot throw {cards}: {why}"), name="Ks", cards="As 10h", why=Refusal("Jk 9c"))
    )
    assert str(hidden) == "? cannot throw ? ?: ? ?"
    assert str(_cards_hidden(Note(N_("{n} chips"), n=7))) == "7 chips"


def _bet(t) -> None:
    t.do(f"{t.state.names[t.state.to_act]} bet")


@pytest.mark.parametrize("game", ["morkpoker", "three-card-poker"])
def test_a_deal_opening_with_comings_and_goings_shows_no_card_of_the_last_one(game, tmp_path):
    # seen: C left between deals; replay's step 1 of deal 2 ("C leaves the table") showed the hands shown at
    # deal 1's showdown face up under deal 2's title (in Three Card Poker the last round's boxes, the dealer's
    # cards and "The bank loses 4 this round"); the cards are gathered before a deal is dealt
    from tests.evening_table import written
    from tests.evening_versions import _tcp_round
    from tests.test_evening_rules import HANDS

    path = tmp_path / "h.jsonl"
    if game == "morkpoker":
        steps = (lambda t: t.deal(HANDS), _bet, lambda t: t.play_out(), lambda t: t.do("C leave"))
        steps += (lambda t: t.deal(HANDS), _bet, lambda t: t.play_out())
    else:
        steps = (_tcp_round, lambda t: t.do("C leave"), _tcp_round)
    written(path, load_rules(game), ("A", "B", "C"), steps)
    model = ReplayModel(path, translator("en"), Look())
    model.to_end()
    assert cards_in(text(model)), "the first deal ends with cards face up"
    model.next_deal(1)
    model.to_start()
    assert model.step == 1 and "C leaves the table" in text(model)
    assert not cards_in(text(model)), text(model)
    assert "bank loses" not in text(model)
    model.toggle_reveal()  # V: every hand; none is dealt yet
    assert not cards_in(text(model)), text(model)
    assert model.state.names[2] == ""  # (the table itself as the events left it)
    model.forward()
    model.to_end()
    assert cards_in(text(model))


def test_the_title_counts_a_long_historys_deals_while_nobody_waits(tmp_path):
    """Seen: "Replay of … · deal 1 (1 of …)" stayed so until the last deal had
    been visited (a Mørkpoker history is read a deal at a time, as it is needed).
    The viewer now counts the deals between keys: the title soon says "(1 of 8)"."""
    import asyncio

    path = record(tmp_path / "long.jsonl", "morkpoker", 3, 8, 5)
    model = ReplayModel(path, translator("en"), Look())
    assert model.deals.count_if_known() is None  # opened without reading every deal
    assert "(1 of …)" in text(model)
    titles = []
    with create_pipe_input() as pipe:
        app = build_replay_app(model, input=pipe, output=DummyOutput())

        async def watch():
            for _ in range(1000):  # bounded: the count takes a few steps of the loop
                if model.deals.count_if_known() is not None:
                    break
                await asyncio.sleep(0)
            titles.append(text(model))
            app.exit(result="quit")

        app.pre_run_callables.append(lambda: app.create_background_task(watch()) and None)
        assert app.run() == "quit"
    assert model.deals.count_if_known() == len(list(iter_deals(open_history(path))))
    assert f"(1 of {model.deals.count_if_known()})" in titles[0]
    assert model.deal.number == 1 and model.step == 1  # the count moved nothing


def test_a_count_stopped_by_a_damaged_line_never_reads_as_the_end(tmp_path):
    """The count found a broken seal far on: the title keeps "…", and going
    there says what is wrong, as before, every time it is asked (the scan does
    not pass for the end of the history)."""
    rules = tmp_path / "long.yaml"  # one session long enough to be read a part at a time (beyond 256 KiB)
    rules.write_text("extends: morkpoker\nsession:\n  deals: 100000\n  when_broke: rebuy\n", encoding="utf-8")
    logs = SessionLogs(tmp_path / "long.jsonl", load_rules(str(rules)))
    simulate(load_rules(str(rules)), 6, 400, 1, ("random", "sensible"), sink=logs.write, on_session=logs.start)
    logs.close()
    path = logs.paths[0]
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(logs.paths) == 1 and path.stat().st_size > 2 * 2**18
    at = len(lines) * 3 // 4
    lines[at] = lines[at].replace(b'"e":"', b'"e": "', 1)
    path.write_bytes(b"".join(lines))
    model = ReplayModel(path, translator("en"), Look())  # the damage lies beyond what opening reads
    with pytest.raises(HistoryError, match="chain of seals"):
        while not model.deals.count_on():
            pass
    assert model.deals.count_if_known() is None
    for _ in range(2):
        with pytest.raises(HistoryError, match="chain of seals"):
            model.go_to_deal(400)
    assert "(1 of …)" in text(model)
