"""``verify`` beside pokerkit replaying the same deals from their PHH.

    python bench/verify_peer.py [--deals 2000] [--players 6] [--runs 5]

What a pokerkit user would do to settle an argument about a hand is load
its PHH and let pokerkit replay it, state by state. Here the same deals are
re-derived both ways, in one process, pinned to one core, CPU time:

1. A no-limit deuce-to-seven single draw session (``N2L1D``, the draw game
   pokerkit plays as drawpoker does; 6 players, blinds 1/2, random and
   sensible players, seed 1) is written with ``simulate --log`` (format 3)
   and exported with ``drawpoker export --format phh``.
2. Each deal pokerkit replays to the finishing stacks drawpoker wrote is
   kept (its rules differ in a few corners: see ``bench/peers/`` and
   PEERS.md); the loading of the PHH (TOML) is timed apart.
3. Each run times ``verify_history(parts=1)`` of the whole history (read
   the file, check the chain, re-run every decision through the engine,
   compare every line) and pokerkit iterating every kept hand's states
   (``for state in hand_history``), interleaved.

Reported per deal: drawpoker's verify, pokerkit's replay alone and with
its PHH loading, their ratio per run (median and range). The ratio is the
figure that holds on any machine; ``bench/history.py`` gives verify's
absolute deals a second (issue 15's ``>= 5,000`` on one core).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerkit import HandHistory


def _write(folder: Path, deals: int, players: int) -> list[Path]:
    from drawpoker.history.writer import SessionLogs
    from drawpoker.rules import load_rules
    from drawpoker.session.simulate import simulate

    rules = load_rules("deuce-to-seven-single-draw")
    logs = SessionLogs(folder / "n2l1d.jsonl", rules)
    try:
        simulate(rules, players, deals, 1, ("random", "sensible"), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    return logs.paths


def _phh(paths: list[Path]) -> list[str]:
    """Each session's PHH (a document each: the deals of one are numbered from 1)."""
    from drawpoker.history.phh import export_phh
    from drawpoker.history.reader import open_history

    texts = []
    for path in paths:
        out = io.StringIO()
        export_phh(open_history(path), out, notice=io.StringIO())
        texts.append(out.getvalue())
    return texts


def _last_stacks(hand: HandHistory) -> list[int] | None:
    try:
        *_, last = hand
    except (ValueError, AssertionError):
        return None
    return list(last.stacks)


def _verify(paths: list[Path]) -> tuple[float, int]:
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import verify_history

    deals = 0
    started = time.process_time()
    for path in paths:
        deals += verify_history(open_history(path), parts=1).deals
    return time.process_time() - started, deals


def _replay(hands: list[HandHistory]) -> float:
    started = time.process_time()
    for hand in hands:
        for _state in hand:
            pass
    return time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    from pokerkit import HandHistory

    warnings.simplefilter("ignore")  # pokerkit warns about burn cards it did not see
    with tempfile.TemporaryDirectory() as folder:
        paths = _write(Path(folder), args.deals, args.players)
        texts = _phh(paths)
        started = time.process_time()
        loaded = [hand for text in texts for hand in HandHistory.loads_all(text)]
        loading = (time.process_time() - started) / len(loaded)
        kept = [
            hand
            for hand in loaded
            if hand.finishing_stacks is not None and _last_stacks(hand) == list(hand.finishing_stacks)
        ]
        verify_us, replay_us, ratios = [], [], []
        deals = 0
        for _ in range(args.runs):
            seconds, deals = _verify(paths)
            mine = seconds / deals
            theirs = _replay(kept) / len(kept)
            verify_us.append(mine * 1e6)
            replay_us.append(theirs * 1e6)
            ratios.append(theirs / mine)
    cores = os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{cores} cores, load {load:.2f}; one core, CPU time; {args.runs} runs interleaved")
    print(
        f"no-limit deuce-to-seven single draw, {args.players} players: {deals:,} deals written, "
        f"{len(loaded):,} exported as PHH, {len(kept):,} replayed by pokerkit to the same finishing stacks"
    )

    def spread(values: list[float], unit: str) -> str:
        return f"{statistics.median(values):,.0f} {unit} (range {min(values):,.0f}-{max(values):,.0f})"

    print(f"   drawpoker verify (read, chain, re-derive, compare)  {spread(verify_us, 'us/deal')}")
    print(f"   pokerkit replaying the PHH (states only)            {spread(replay_us, 'us/deal')}")
    print(f"   pokerkit loading the PHH (TOML, once)               {loading * 1e6:,.0f} us/deal")
    print(
        f"   verify / pokerkit replay: {statistics.median(ratios):.1f}x faster "
        f"(range {min(ratios):.1f}-{max(ratios):.1f}x); with pokerkit's loading: "
        f"{statistics.median(r + loading * 1e6 / v for r, v in zip(ratios, verify_us, strict=True)):.1f}x"
    )
    print(f"   verify: {1e6 / statistics.median(verify_us):,.0f} deals/s on one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
