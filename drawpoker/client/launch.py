"""Starting ``drawpoker play``: a new session after the setup, or a resumed one.

A new session's history is created when the setup is done, before the
first event, in the user's histories folder by default (see
:mod:`drawpoker.settings`; ``--histories DIR`` or the ``histories``
setting change it) with a name made of the date, the time and the game;
an existing file is never overwritten. A
resumed session continues in the file :func:`resume_session` gives back.
"""

from __future__ import annotations

import datetime as _dt
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from drawpoker.bots.seat import DEFAULT_LIMIT, strategy, time_limit
from drawpoker.client.controller import Controller
from drawpoker.client.look import Look, color_wanted
from drawpoker.client.session import DEAL_END, DEAL_START, SEALED, Session
from drawpoker.client.setup import SetupModel
from drawpoker.engine.shuffle import RandomShuffler, Shuffler
from drawpoker.errors import DrawpokerError, HistoryError
from drawpoker.games import game_for
from drawpoker.games.draw.in_play import deck_jokers
from drawpoker.history.summary import ruleset_label
from drawpoker.history.writer import HistoryWriter
from drawpoker.notes import N_, Note
from drawpoker.words.i18n import Translator, cli_language, translator

__all__ = ["Outcome", "history_word", "launch", "new_history_path", "new_session", "resume", "starter"]


@attrs.frozen
class Outcome:
    """How ``drawpoker play`` ended: the exit code and a line for the terminal."""

    code: int
    message: str


def new_history_path(rules: Any, folder: Path, now: _dt.datetime | None = None, ruleset: str | None = None) -> Path:
    """A new file in ``folder`` named by date, time and the ruleset's name
    (``ruleset``; the game's when none is given); never an existing one.

    >>> from drawpoker.rules import load_rules
    >>> new_history_path(load_rules("morkpoker"), Path("/nonexistent"), _dt.datetime(2024, 5, 1, 20, 15, 3)).name
    '2024-05-01_201503_morkpoker.jsonl'
    >>> new_history_path(load_rules("deuce-to-seven-single-draw"), Path("/nonexistent"), _dt.datetime(2024, 5, 1)).name
    '2024-05-01_000000_deuce-to-seven-single-draw.jsonl'
    >>> rules = load_rules("deuce-to-seven-triple-draw")
    >>> new_history_path(rules, Path("/nonexistent"), _dt.datetime(2024, 5, 1), "Friday triple").name
    '2024-05-01_000000_friday-triple.jsonl'
    """
    from drawpoker.history.summary import file_word

    stamp = (now or _dt.datetime.now()).strftime("%Y-%m-%d_%H%M%S")
    game = file_word(ruleset) if ruleset else history_word(rules)
    path = folder / f"{stamp}_{game}.jsonl"
    number = 2
    while path.exists():
        path = folder / f"{stamp}_{game}-{number}.jsonl"
        number += 1
    return path


def history_word(rules: Any) -> str:
    """The game in a history's file name: its English name (the one every
    language's table can type), lower case, letters and digits joined by
    hyphens: ``morkpoker``, ``deuce-to-seven-single-draw``, ``dealers-choice``,
    ``three-card-poker``. Every draw game's rules say ``game: morkpoker``
    (one engine), so the rules' game alone would name a lowball session
    ``morkpoker`` too."""
    from drawpoker.rules.explain import game_name

    name = game_name(rules).casefold().replace("ø", "o").replace("'", "")
    return "-".join(re.findall(r"[a-z0-9]+", name)) or "session"


def new_session(
    rules: Any,
    names: Sequence[str],
    computer: Sequence[bool],
    path: Path | None,
    shuffler: Shuffler,
    rng: random.Random,
    levels: Sequence[str | None] = (),
    ruleset: str | None = None,
    first_dealer: str | None = None,
    *,
    limit: float | None = DEFAULT_LIMIT,
) -> Session:
    """Create the history (header first) and sit the players down; where the
    house draws for seats, the players draw first and sit as drawn; the
    player named ``first_dealer`` deals first (the first seat when None).
    ``levels``: what the computer plays each of its seats by (sensible where
    none is given); the header keeps them, so a resumed session plays its
    seats as before."""
    from drawpoker.games.evening import DrawSeats

    game = game_for(rules)
    stacks = (rules.session.starting_stack,) * len(names)
    probe = game.new_state()
    draw = None
    levels = list(levels) + [None] * (len(names) - len(levels))
    if rules.session.seats == "drawn":
        draw = DrawSeats(tuple(names), shuffler.shuffle(0)[0])
        game.handle(probe, draw)
        order = [list(names).index(name) for name in probe.names]
        names, computer = tuple(probe.names), [computer[k] for k in order]
        levels = [levels[k] for k in order]
    dealer = list(names).index(first_dealer) if first_dealer is not None and first_dealer in names else 0
    game.decide(probe, game.sit_down(tuple(names), stacks, dealer))  # a refusal comes before any file
    session = Session(game, game.new_state(), None, computer, shuffler, rng, levels, limit)  # bots loaded first
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # the histories folder cannot be made: nothing is written
            from drawpoker.boundary import cannot_write

            raise HistoryError(cannot_write(path, exc, N_("the history"))) from None
        session.writer = HistoryWriter.create(
            path, rules, names, computer=computer, levels=session.levels, ruleset=ruleset
        )
    if draw is not None:
        session.submit(draw)
    session.sit_down(names, stacks, dealer)
    return session


def starter(
    rules: Any,
    log: str | None,
    seed: int | None,
    folder: Path | None = None,
    ruleset: str | None = None,
    *,
    limit: float | None = DEFAULT_LIMIT,
) -> Callable[[SetupModel], Session]:
    """What the controller calls when the setup is done: the history goes to
    ``log``, or to a new file in ``folder`` (the user's histories folder by
    default) named by the date, the time and ``ruleset`` (the ruleset's name,
    which the history's header keeps too)."""

    def start(setup: SetupModel) -> Session:
        if log:
            path = Path(log)
        else:
            from drawpoker.settings import default_histories

            path = new_history_path(rules, folder if folder is not None else default_histories(), ruleset=ruleset)
        shuffler = RandomShuffler(seed, getattr(getattr(rules, "deck", None), "jokers", 0))
        levels = [
            (setup.levels[i] if i < len(setup.levels) else None) if computer else None
            for i, computer in enumerate(setup.computer)
        ]
        return new_session(
            rules,
            setup.names,
            setup.computer,
            path,
            shuffler,
            random.Random(seed),
            levels,
            ruleset,
            setup.first_dealer,
            limit=limit,
        )

    return start


def resume(path: str, seed: int | None, limit: float | None = DEFAULT_LIMIT) -> tuple[Session, list[Note]]:
    """A session brought back from its history, and the notes to show."""
    from drawpoker.history.deals import iter_deals
    from drawpoker.history.format import seal_text
    from drawpoker.history.reader import open_history
    from drawpoker.history.resume import resume_session

    resumed = resume_session(path)
    players = resumed.header.get("players", [])
    computer = [bool(p.get("computer", False)) for p in players]
    levels = resumed.header.get("levels")
    if not isinstance(levels, list) or not all(level is None or isinstance(level, str) for level in levels):
        levels = []  # a history from before levels: its computer seats play sensibly
    shuffler = RandomShuffler(seed, getattr(getattr(resumed.game.rules, "deck", None), "jokers", 0))
    session = Session(
        resumed.game, resumed.state, resumed.writer, computer, shuffler, random.Random(seed), levels, limit
    )
    last = None
    ended = None  # the last deal that ended: its log is the phones' last result while the next is played
    decks: list[int] = []  # the jokers of each deal's deck, in order
    for deal in iter_deals(open_history(resumed.path), epilogue=True):  # what the last deal's log went on to say
        if any(type(e).__name__ in DEAL_START for e in deal.events):
            decks.append(deck_jokers(resumed.game, deal.before))
        last = (deal.before, deal.events)
        if any(type(e).__name__ in DEAL_END for e in deal.events):
            ended = last
    if seed is not None:
        for jokers in decks:  # the same seed goes on with the decks it would have dealt
            shuffler.shuffle(jokers)
    reader = open_history(resumed.path)
    past = []
    seal = None  # the seal the table showed last: the history's after the last deal (or the session) ended
    for _line, event, code in reader.events_with_codes():
        past.append(event)
        if code and type(event).__name__ in SEALED:
            seal = seal_text(code)
    reader.close()
    session.restore(last, past, ended, seal)
    return session, list(resumed.notes)


def _needs_terminal(tr: Translator) -> Outcome | None:
    if sys.stdin.isatty() and sys.stdout.isatty():
        return None
    return Outcome(1, tr._("drawpoker play needs a terminal: run it in a terminal window, not through a pipe."))


def launch(args: Any) -> Outcome:
    """Run ``drawpoker play`` with parsed arguments."""
    from drawpoker.client.app import run_app
    from drawpoker.rules import load_rules
    from drawpoker.settings import checked_folder, load_settings

    # a broken settings file is one sentence, before anything starts (a language it cannot read: a warning)
    settings = load_settings(need=("ruleset", "histories", "names", "phones"))
    tr = translator(cli_language(args.lang))
    look = Look(unicode=not args.ascii)
    source = args.ruleset or settings.ruleset or "morkpoker"
    folder = Path(args.histories).expanduser() if getattr(args, "histories", None) else settings.histories_folder()
    if not args.log and not args.resume:
        checked_folder(folder)  # where the history goes is a folder: said before the setup, not after it
    rules = None if args.resume else load_rules(source)
    if args.log and not args.resume and Path(args.log).exists() and Path(args.log).stat().st_size > 0:
        raise HistoryError(
            Note(N_("{file}: already exists; choose a new file (histories are never overwritten)"), file=str(args.log))
        )
    wanted = getattr(args, "phones", None)
    with_phones = wanted if wanted is not None else bool(settings.phones)
    given = [f"--{o}" for o in ("listen", "port", "cert", "key") if getattr(args, o, None) is not None]
    if given and not with_phones:
        raise DrawpokerError(
            Note(N_("{options}: only for playing with phones; add --phones"), options=", ".join(given))
        )
    link = phone_link(args, tr) if with_phones else None
    limit = time_limit(getattr(args, "bot_time_limit", None), settings.bot_time_limit)
    problem = _needs_terminal(tr)
    if problem is not None:
        return problem
    if rules is None:
        session, notes = resume(str(args.resume), args.seed, limit)
        ctl = Controller(tr, look, session=session, pause=max(0.0, args.pause), notes=notes)
    else:
        own = [name.strip() for name in (getattr(args, "strategy", None) or "").split(",") if name.strip()]
        for name in own:
            strategy(name, rules)  # a bot that does not load is one sentence, before anything starts
        ctl = Controller(
            tr,
            look,
            setup=SetupModel(rules, tr, settings.names, own),
            start=starter(rules, args.log, args.seed, folder, ruleset_label(source), limit=limit),
            pause=max(0.0, args.pause),
        )
    ctl.phones = link
    from drawpoker.words.i18n import say_warnings_now

    warned = say_warnings_now()  # (the settings are read: a warning is said now, and on the first screen too)
    if warned:
        ctl.message = " ".join(warned)
    try:
        result = run_app(ctl, color=color_wanted())
    finally:
        if ctl.session is not None:
            ctl.session.close()
    return outcome(ctl, result, tr)


def phone_link(args: Any, tr: Translator) -> Any:
    """The phones' server for ``play --phones`` (not listening yet): on the
    address given, else the laptop's on the local network; TLS with a
    certificate. What is missing or wrong is one sentence."""
    from drawpoker.phones import missing_note

    note = missing_note()
    if note is not None:
        raise DrawpokerError(note)
    from drawpoker.client.phones import PhoneLink
    from drawpoker.phones.address import lan_address
    from drawpoker.phones.server import PhoneServer

    cert, key = getattr(args, "cert", None), getattr(args, "key", None)
    if (cert is None) != (key is None):
        raise DrawpokerError(Note(N_("--cert and --key go together: give both, or neither")))
    tls = None
    if cert is not None:
        try:
            tls = _tls_from_files(cert, str(key))
        except (OSError, ValueError) as exc:
            import ssl

            if isinstance(exc, (ssl.SSLError, ValueError)):
                raise DrawpokerError(
                    Note(
                        N_("{cert}, {key}: cannot use them for https: they are not a certificate and its key in PEM"),
                        cert=cert,
                        key=key,
                    )
                ) from None
            from drawpoker.boundary import os_words

            reason = os_words(exc)
            raise DrawpokerError(
                Note(N_("{cert}, {key}: cannot use them for https: {reason}"), cert=cert, key=key, reason=reason)
            ) from None
    port = getattr(args, "port", None)
    port = 8765 if port is None else port
    if not 0 <= port <= 65535:
        raise DrawpokerError(Note(N_("--port is a port number from 0 to 65535, not {port}"), port=port))
    listen = getattr(args, "listen", None) or lan_address()
    shown = lan_address() if listen in ("0.0.0.0", "::") else listen
    server = PhoneServer({}, language=tr.language, host=listen, port=port, tls=tls)
    link = PhoneLink(server, shown)
    # no network found: the codes say phones cannot reach the laptop (a host given is the host's choice)
    link.alone = getattr(args, "listen", None) is None and shown.startswith("127.")
    return link


def _tls_from_files(cert: str, key: str) -> Any:
    """A TLS context from the host's certificate and key, both read through
    the boundary (a regular file of at most 1 MB: a named pipe, a folder or a
    device is one sentence, never a hang), handed to ssl from a private copy."""
    import tempfile

    from drawpoker.boundary import read_bytes
    from drawpoker.errors import InputError
    from drawpoker.phones.server import tls_context

    parts = [
        read_bytes(name, name, what=N_("a certificate or its key"), limit=2**20, error=InputError)
        for name in (cert, key)
    ]
    with tempfile.TemporaryDirectory(prefix="drawpoker-tls-") as folder:
        copies = [Path(folder) / "cert.pem", Path(folder) / "key.pem"]
        for copy, data in zip(copies, parts, strict=True):
            fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        return tls_context(copies[0], copies[1])


def outcome(ctl: Controller, result: str | None, tr: Translator) -> Outcome:
    """The line printed after the game, in the player's language."""
    session = ctl.session
    if session is None or session.path is None:
        return Outcome(0, tr._("No game was started."))
    path = session.path
    if result == "failed":
        raise DrawpokerError(ctl.failure or "the history could not be written")
    # each path on a line of its own, from its first column: whole, to be copied (a terminal
    # 80 columns wide broke it mid-word when it followed a sentence)
    import shlex

    from drawpoker.settings import history_name
    from drawpoker.terminal import visible

    whole = visible(str(path))
    name = shlex.quote(visible(history_name(path)))
    if session.over:
        return Outcome(
            0,
            tr._("The session is over. Its history:")
            + f"\n  {whole}\n"
            + tr._("Replay it with:")
            + f"\n  drawpoker replay {name}",
        )
    return Outcome(0, tr._("Saved in:") + f"\n  {whole}\n" + tr._("To go on:") + f"\n  drawpoker play --resume {name}")
