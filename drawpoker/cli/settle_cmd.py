"""``drawpoker settle FILE [--json] [--lang en|nb]``: who wins what, and why, in a written deal."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from drawpoker.notes import N_
from drawpoker.terminal import emit, json_text


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``drawpoker settle``."""
    parser.add_argument(
        "file", metavar="FILE", help=N_("a deal (Mørkpoker) or round (Three Card Poker) written in YAML; see examples/")
    )
    parser.add_argument("--json", action="store_true", help=N_("print the result as JSON (always English keys)"))
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    """Settle the written deal and print the result."""
    from drawpoker.errors import SettleError
    from drawpoker.notes import N_, Note, at
    from drawpoker.rules.kinds import found_note
    from drawpoker.rules.loading import read_yaml

    path = Path(args.file)
    doc = read_yaml(
        path, args.file, N_("a deal"), N_("write the seats, the button and the actions (see examples/)"), N_("keys")
    )
    game = doc.data.get("game")
    result: Any
    if game == "morkpoker":
        from drawpoker.games.draw.settle import settle_morkpoker

        result = settle_morkpoker(doc, path.parent)
    elif game == "three-card-poker":
        from drawpoker.games.three_card.settle import settle_three_card

        result = settle_three_card(doc, path.parent)
    else:
        raise SettleError(
            at(
                doc.where(("game",)),
                Note(N_("game: expected 'morkpoker' or 'three-card-poker', found {found}"), found=found_note(game)),
            )
        )
    if args.json:
        emit(json_text(result.to_json()))
    else:
        from drawpoker.cli.main import emit_fitted
        from drawpoker.words.i18n import cli_translator
        from drawpoker.words.settle_text import settle_text

        emit_fitted(settle_text(result, cli_translator(args.lang)), lists=True)
    return 0
