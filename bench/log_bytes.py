"""The bytes the history writers write, as one sha256 per file, to prove a faster writer changed nothing.

    python bench/log_bytes.py --save before.json    # on the old code
    python bench/log_bytes.py --check before.json   # on the new code: the same bytes?

Written: ``drawpoker simulate --log`` (in this process, through the
command line's ``main``) for every shipped ruleset, draw and Three Card
Poker, several seeds and table sizes, with rebuys and all-ins (no limit,
short and huge stacks), jokers, wild cards and dealer's choice, in formats
4 (what it writes), 3 and 2 (:class:`SessionLogs`); and the live writer
(:class:`HistoryWriter`, durable, one ``append`` per command as the client
does) in formats 4, 3 and 2, with players' names holding quotes,
backslashes, non-ASCII letters and emoji (a name must be printable). The
header's time is fixed while writing (it is the current time, and the
whole chain follows from the header), and normalised again in the file
before hashing.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import random
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))
#: extra rulesets (written beside the logs): rebuys, all-ins, big numbers
EXTRA = {
    "rebuy": "extends: morkpoker\nsession:\n  deals: 400\n  when_broke: rebuy\n  starting_stack: 6\n"
    "  rebuy_amount: 7\n",
    "huge": "extends: no-limit-draw\nsession:\n  deals: 50\n  when_broke: rebuy\n"
    "  starting_stack: 123456789012345\n  rebuy_amount: 98765432109876\n",
    "nl-short": "extends: no-limit-draw\nsession:\n  deals: 60\n  when_broke: rebuy\n  starting_stack: 9\n"
    "  rebuy_amount: 11\n",
    "tcp-rebuy": "extends: three-card-poker-no\nsession:\n  when_broke: rebuy\n  starting_stack: 5\n"
    "  rebuy_amount: 5\n",
}
STARTED = "2026-01-02T03:04:05Z"
#: the formats written (each writer, every case)
VERSIONS = (4, 3, 2)
#: players' names that JSON escapes or writes as they are: quotes, backslashes, non-ASCII letters,
#: emoji (names with control characters were written before issue 25; now refused where they enter)
NAMES = [
    'Ann "the \\ hammer"',
    "Bø Ørjan",
    "Cy [31m ~/ \u00e9\u0301",
    "\U0001f0a1 Dé",
    "\\u0041",
    "名前 z",
]


def _digest(path: Path) -> str:
    data = path.read_bytes()
    data = re.sub(rb'"started":"[^"]*"', b'"started":"T"', data, count=1)
    return hashlib.sha256(data).hexdigest()


def _simulated(folder: Path) -> dict[str, str]:
    from drawpoker.cli.main import main

    out: dict[str, str] = {}
    rulesets: list[str] = list(SHIPPED)
    for name, text in EXTRA.items():
        path = folder / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        rulesets.append(str(path))
    for ruleset in rulesets:
        for seed, players in ((1, None), (2, 2), (7, 3)):
            for version in VERSIONS:
                target = folder / f"{Path(ruleset).stem}-s{seed}-p{players}-v{version}.jsonl"
                argv = ["simulate", ruleset, "--hands", "60", "--seed", str(seed), "--log", str(target)]
                if players is not None:
                    argv += ["--players", str(players)]
                import drawpoker.history.writer as writer

                old = writer.SessionLogs.__init__.__kwdefaults__
                if old is None:  # the writers' format is a keyword-only argument with a default
                    raise RuntimeError("SessionLogs() has no keyword-only defaults to set the format by")
                writer.SessionLogs.__init__.__kwdefaults__ = {**old, "version": version}
                code: int | str | None
                try:
                    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                        code = main(argv)
                except SystemExit as exc:
                    code = exc.code
                finally:
                    writer.SessionLogs.__init__.__kwdefaults__ = old
                if code != 0:
                    out[target.name] = f"exit {code}"
                    continue
                for path in sorted(folder.glob(target.stem + "*" + target.suffix)):
                    out[path.name] = _digest(path)
    return out


def _live(folder: Path) -> dict[str, str]:
    from drawpoker.engine.game import BETWEEN_DEALS, SESSION_OVER
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.games import bots_for, game_for
    from drawpoker.games.draw.decide import DrawGame
    from drawpoker.games.draw.in_play import deck_jokers, game_in_play
    from drawpoker.history.writer import HistoryWriter
    from drawpoker.rules import load_rules

    out: dict[str, str] = {}
    for ruleset in [*SHIPPED, str(folder / "rebuy.yaml"), str(folder / "huge.yaml")]:
        rules = load_rules(ruleset)
        game = game_for(rules)
        bots = bots_for(rules.game)
        for seed, players in ((3, 3), (4, 6)):
            from drawpoker.rules.seating import seat_range

            players = min(players, seat_range(rules)[1])
            names = NAMES[:players]
            for version in VERSIONS:
                path = folder / f"live-{Path(ruleset).stem}-s{seed}-p{players}-v{version}.jsonl"
                writer = HistoryWriter.create(
                    path, rules, names, computer=[i % 2 == 0 for i in range(players)], version=version
                )
                rng = random.Random(seed)
                shuffler = RandomShuffler(seed, getattr(getattr(rules, "deck", None), "jokers", 0))
                seat_bots = [bots[("random", "sensible")[i % 2]] for i in range(players)]
                state = game.new_state()
                draw_game = game if isinstance(game, DrawGame) else None  # dealer's choice: its rotation
                writer.append(game.handle(state, game.sit_down(names, (rules.session.starting_stack,) * players, 0)))
                writer.append([])  # a command with no events
                for _ in range(400):
                    if state.phase == SESSION_OVER:
                        break
                    if state.phase == BETWEEN_DEALS:
                        if draw_game is not None and (name := draw_game.rotation(state)) is not None:
                            chosen = game.handle(state, draw_game.choose_game(name))
                            if chosen:
                                writer.append(chosen)
                        new = game.handle(state, game.start_deal(*shuffler.shuffle(deck_jokers(game, state))))
                    else:
                        command = seat_bots[state.to_act](game_in_play(game, state), state, rng)
                        new = game.handle(state, command)
                    writer.append(new)
                writer.close()
                out[path.name] = _digest(path)
    return out


def digests() -> dict[str, str]:
    import drawpoker.history.writer as writer

    fixed = writer.now_iso
    writer.now_iso = lambda: STARTED
    try:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            return {**_simulated(folder), **_live(folder)}
    finally:
        writer.now_iso = fixed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    args = parser.parse_args()
    found = digests()
    if args.save:
        Path(args.save).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(found)} files, saved to {args.save}")
        return 0
    saved = json.loads(Path(args.check).read_text(encoding="utf-8"))
    differ = sorted(k for k in saved.keys() | found.keys() if saved.get(k) != found.get(k))
    for name in differ:
        print(f"differs: {name}: {saved.get(name)} -> {found.get(name)}")
    print(f"{len(found)} files, {len(differ)} differences")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
