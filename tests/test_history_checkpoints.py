"""Verifying dealer's-choice histories. From a deal's end (a checkpoint), as the parallel
parts do, must know as much as verifying the whole file: in dealer's
choice, a passed-out deal is redealt in the same game, and the part that
starts after the passed-out deal must know that game to hold the redeal
to it."""

from __future__ import annotations

import random

import pytest

from drawpoker.engine.game import BETWEEN_DEALS, SESSION_OVER
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import HistoryError
from drawpoker.games import bots_for, game_for
from drawpoker.games.draw import events as ev
from drawpoker.history import verify
from drawpoker.history.reader import open_history
from drawpoker.history.writer import HistoryWriter
from drawpoker.rules import load_rules


def _play(path, forge: bool, chosen_again: bool = False):
    """A dealer's-choice session played by bots until a deal is passed out and
    redealt; with ``forge`` the redeal is (illegally) in another game, with
    ``chosen_again`` the same game is chosen again, as histories recorded it
    before the redeal was kept without a choice (``GameKept``). Returns the
    line of the passed-out deal's end and of the redeal's game."""
    rules = load_rules("dealers-choice")
    game = game_for(rules)
    bot = bots_for(rules.game)["sensible"]
    rng = random.Random(3)
    shuffler = RandomShuffler(11)
    names = ("A", "B", "C", "D")
    state = game.new_state()
    writer = HistoryWriter.create(path, rules, names, durable=False)
    line = 1
    marks: tuple[int, int] | None = None
    after_redeal = 0

    def log(events):
        nonlocal line
        writer.append(events)
        line += len(events)
        return events

    log(game.handle(state, game.sit_down(names, (100,) * 4, 0)))
    while state.phase != SESSION_OVER:
        if state.phase == BETWEEN_DEALS:
            if marks is not None:
                after_redeal += 1
                if after_redeal > 2:
                    break
            name = game.rotation(state)
            if state.carried and marks is None:
                ended = line
                if forge:
                    name = next(g for g in game.games() if g != state.game)
                    chosen = ev.GameChosen(name)
                    game.apply(state, chosen)  # past the engine's check, as a forger would
                    log([chosen])
                elif chosen_again:
                    log(game.handle(state, game.choose_game(state.game)))
                marks = (ended, line if forge or chosen_again else line + 1)  # (kept: the redeal's first line)
            elif name is not None:
                log(game.handle(state, game.choose_game(name)))
            log(game.handle(state, game.start_deal(*shuffler.shuffle())))
        else:
            log(game.handle(state, bot(game, state, rng)))
    writer.close()
    assert marks is not None, "no deal was passed out: choose another seed"
    return marks


def _from_checkpoint(path, ended: int):
    """Verify ``path`` in two parts, the second starting just after line ``ended``."""
    reader = open_history(path)
    raw = path.read_bytes().splitlines(keepends=True)
    offset = sum(len(x) for x in raw[: ended - 1 + 1])
    cut = verify._Cut(offset, ended + 1, raw[ended - 1])
    return verify._verify_in_parts(reader, [cut], None)


@pytest.mark.parametrize("chosen_again", [False, True])
def test_a_part_after_a_passed_out_deal_verifies(tmp_path, chosen_again):
    path = tmp_path / "dc.jsonl"
    ended, kept = _play(path, forge=False, chosen_again=chosen_again)
    name = "GameChosen" if chosen_again else "GameKept"
    assert f'"e":"{name}"' in path.read_text(encoding="utf-8").splitlines()[kept - 1]
    whole = verify.verify_history(open_history(path), parts=1)
    parts = _from_checkpoint(path, ended)
    assert parts.parts == 2
    assert (parts.events, parts.commands, parts.deals) == (whole.events, whole.commands, whole.deals)


def test_a_redeal_in_another_game_is_caught_from_the_checkpoint_too(tmp_path):
    path = tmp_path / "forged.jsonl"
    ended, chosen = _play(path, forge=True)
    with pytest.raises(HistoryError, match="redealt in the same game") as whole:
        verify.verify_history(open_history(path), parts=1)
    assert str(whole.value).startswith(f"{path}:{chosen}:")
    with pytest.raises(HistoryError, match="redealt in the same game") as part:
        _from_checkpoint(path, ended)
    assert str(part.value).startswith(f"{path}:{chosen}:")


NL = "extends: morkpoker\ndescription: no limit\nbetting:\n  structure: no_limit\n  ante: 0\n  blinds: [1, 2]\n"


def test_a_mixed_session_with_no_limit_verifies_in_whatever_game_each_deal_is(tmp_path):
    """A bet names its amount in no limit and not in fixed limit: each
    recorded decision is read in its deal's game, also when the same game
    comes round again (a remembered line must not keep another game's reading)."""
    from drawpoker.history.writer import SessionLogs
    from drawpoker.session.simulate import simulate

    (tmp_path / "nl.yaml").write_text(NL, encoding="utf-8")
    (tmp_path / "dc.yaml").write_text(
        "extends: morkpoker\nsession:\n  deals: 40\n  starting_stack: 200\n  dealers_choice: [morkpoker, nl.yaml]\n",
        encoding="utf-8",
    )
    rules = load_rules(str(tmp_path / "dc.yaml"))
    logs = SessionLogs(tmp_path / "h.jsonl", rules)
    simulate(rules, 4, 40, 4, ("random", "sensible"), sink=logs.write, on_session=logs.start)
    logs.close()
    text = (tmp_path / "h.jsonl").read_text(encoding="utf-8")
    assert text.count('"game":"nl.yaml"') >= 2 and text.count('"game":"morkpoker"') >= 2
    report = verify.verify_history(open_history(tmp_path / "h.jsonl"), parts=1)
    assert report.deals >= 20


def test_a_history_whose_seats_were_drawn_verifies_in_parts_and_replays_from_a_checkpoint(tmp_path):
    # its first line is SeatsDrawn, not SessionStarted: verify in parts (a long history, one part per
    # core) stopped with a traceback ('SeatsDrawn' object has no attribute 'stacks'), and replay read
    # a deal from its checkpoint not at all ("SeatsDrawn comes before the session has started")
    from drawpoker.history.deals import DealIndex, iter_deals
    from drawpoker.history.writer import SessionLogs
    from drawpoker.session.simulate import simulate

    (tmp_path / "drawn.yaml").write_text(
        "extends: morkpoker\nsession:\n  seats: drawn\n  deals: 30\n", encoding="utf-8"
    )
    rules = load_rules(str(tmp_path / "drawn.yaml"))
    path = tmp_path / "h.jsonl"
    logs = SessionLogs(path, rules)
    simulate(rules, 4, 30, 4, ("random",), sink=logs.write, on_session=logs.start)
    logs.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert '"e":"SeatsDrawn"' in lines[1] and '"e":"SessionStarted"' in lines[2]
    whole = verify.verify_history(open_history(path), parts=1)
    ended = next(k for k, line in enumerate(lines, start=1) if '"e":"DealEnded"' in line and k > len(lines) // 2)
    parts = _from_checkpoint(path, ended)
    assert parts.parts == 2
    assert (parts.events, parts.commands, parts.deals) == (whole.events, whole.commands, whole.deals)
    assert whole.deals >= 30  # (a last deal passed out is played on)
    index = DealIndex(path)
    assert index.starting_stacks() == (40,) * 4
    for k in (0, 17, 29):
        read = index.deal(k)
        assert read.number == k + 1
        assert read.events == next(d for d in iter_deals(open_history(path)) if d.number == k + 1).events
