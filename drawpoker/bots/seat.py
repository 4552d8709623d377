"""One seat played by a bot: the view built, the bot asked, its answer
made the seat's command, and every way a bot can fail told in a sentence.
"""

from __future__ import annotations

import importlib
import inspect
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import attrs

from drawpoker.bots.guard import TooSlow, ask
from drawpoker.bots.loading import BotError, is_own_bot, load_bot
from drawpoker.games.view import Decision, command_for, seat_view
from drawpoker.notes import N_, Note

__all__ = [
    "BotFailure",
    "Strategy",
    "SeatBot",
    "strategy",
    "level_names",
    "LEVELS",
    "BASELINES",
    "DEFAULT_LIMIT",
    "fallback",
]

#: the levels offered at the table, easiest first
LEVELS = ("easy", "sensible", "strong")
#: the baselines a bot is measured against (``bench/bots.py``)
BASELINES = ("random", "calling-station", "maniac", "rock")
#: seconds a bot of one's own may take to decide (the ``bot_time_limit`` setting)
DEFAULT_LIMIT = 2.0
#: the longest a bot of one's own may be given (as the ``bot_time_limit`` setting allows)
MOST_LIMIT = 600


def time_limit(given: float | None, setting: float | None) -> float:
    """The seconds a bot of one's own may take: ``--bot-time-limit`` (``given``),
    else the setting, else :data:`DEFAULT_LIMIT`; a given one that is no number
    of seconds above 0 and at most :data:`MOST_LIMIT` (0, a negative one, nan,
    inf) is one sentence, before anything starts -- not a bot blamed later for
    the clock's error, nor 0 taken for the default."""
    limit = (setting or DEFAULT_LIMIT) if given is None else given
    if not 0 < limit <= MOST_LIMIT:  # NaN fails too
        from drawpoker.errors import DrawpokerError

        raise DrawpokerError(
            Note(
                N_("--bot-time-limit must be a number of seconds above 0 and at most {most}, not {limit}"),
                most=MOST_LIMIT,
                limit=f"{limit:g}",
            )
        )
    return limit


#: a game's name in the rules -> the module of its computer players (each has ``MAKERS``)
_MODULES = {
    "morkpoker": "drawpoker.bots.draw",
    "three-card-poker": "drawpoker.bots.three_card",
}


class BotFailure(BotError):
    """A bot that failed a decision: it raised, was too slow, or answered
    with something the rules do not allow. The sentence names the bot, the
    seat and what it did."""


@attrs.frozen
class Strategy:
    """A way to play a seat: its ``name`` as given, and what makes the bot
    (called with a ``random.Random``). ``own``: a bot from outside, asked
    within the time limit on a thread of its own."""

    name: str
    maker: Callable[..., Any] = attrs.field(repr=False)
    own: bool = False


def level_names(game: str) -> tuple[str, ...]:
    """Every built-in strategy of ``game`` (a rules' ``game``), levels first."""
    makers = importlib.import_module(_MODULES[game]).MAKERS
    return tuple(makers)


def strategy(name: str, rules: Any) -> Strategy:
    """The strategy ``name``: a level or baseline of the rules' game, or a
    bot of your own (``path/to/bot.py:Name``, ``module:Name``)."""
    if is_own_bot(name):
        return Strategy(name, load_bot(name), own=True)
    makers = importlib.import_module(_MODULES[rules.game]).MAKERS
    if name not in makers:
        raise BotError(
            Note(
                N_(
                    "there is no strategy '{name}'; choose from {choices}, or name a bot of your own as "
                    "path/to/bot.py:Name or module:Name"
                ),
                name=name,
                choices=", ".join(makers),
            )
        )
    return Strategy(name, makers[name])


class SeatBot:
    """A seat played by a strategy: ask it for the seat's command.

    ``rng`` (or a seed) is the bot's own randomness; ``limit`` the seconds a
    bot of one's own may take (built-in bots are not timed). ``rules``, when
    given, prepares the bot at once (else before it is first asked: a decision or a look),
    for ``player`` (the name its failure gives as the one it plays for).
    """

    def __init__(
        self,
        strategy: Strategy,
        rng: random.Random | int | None = None,
        limit: float | None = DEFAULT_LIMIT,
        rules: Any = None,
        player: str = "",
    ) -> None:
        self.strategy = strategy
        self.limit = limit if strategy.own else None
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self._bot: Any = None
        self._prepared = False
        #: seconds spent in each decision (for ``bench/bots.py``)
        self.times: list[float] | None = None
        if rules is not None:
            self._ready(rules, player)

    @property
    def watches(self) -> bool:
        """The bot wants to see every deal's end (it has ``observe``)."""
        if self._bot is None:
            return hasattr(self.strategy.maker, "observe")
        return hasattr(self._bot, "observe")

    @property
    def name(self) -> str:
        """The strategy's name as given."""
        return self.strategy.name

    # ------------------------------------------------------------ asking

    def _fail(self, who: str, template: str, **values: object) -> BotFailure:
        return BotFailure(Note(template, bot=self.strategy.name, name=who, **values))

    def _call(self, who: str, method: str, argument: Any, limit: float | None) -> Any:
        call = getattr(self._bot, method, None)
        if call is None:
            if method == "act":
                raise self._fail(who, N_("the bot {bot} (playing {name}) has no act(view) method"))
            return None
        if not self.strategy.own:
            return call(argument)
        wrong = wrong_signature(call, method, _ARGUMENTS[method])
        if wrong is not None:  # (asked, it would raise Python's TypeError about its own arguments)
            raise self._fail(who, N_("the bot {bot} (playing {name}) cannot be asked: {why}"), why=wrong)
        try:
            return ask(call, argument, limit)
        except TooSlow:
            raise self._fail(
                who, N_("the bot {bot} (playing {name}) took longer than {seconds} s to decide"), seconds=_num(limit)
            ) from None
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt) and _on_the_main_thread():  # Ctrl-C during simulate
                raise
            from drawpoker.bots.loading import exception_text, line_in, source_of

            # (not "raised ValueError": at a poker table a bot that raised made a bet); the line of the bot's
            # own file (its name says which) where it failed, or called what failed: what helps mend it
            why = exception_text(exc)
            line = line_in(exc, source_of(self.strategy.maker))
            if line is not None:
                raise self._fail(
                    who, N_("the bot {bot} (playing {name}) failed on line {line}: {why}"), line=line, why=why
                ) from None
            raise self._fail(who, N_("the bot {bot} (playing {name}) failed: {why}"), why=why) from None

    def make(self) -> None:
        """Make the bot (its class called with the seat's randomness), not yet
        prepared: a bot that cannot be made is one sentence now (BotFailure).
        It is prepared before it is first asked anything."""
        if self._bot is None:
            maker = self.strategy.maker
            wrong = wrong_signature(maker, "__init__" if isinstance(maker, type) else "", "rng")
            if wrong is not None:
                raise BotFailure(
                    Note(N_("the bot {bot} could not be loaded: {why}"), bot=self.strategy.name, why=wrong)
                )
            try:
                self._bot = maker(self.rng)
            except BaseException as exc:
                if isinstance(exc, KeyboardInterrupt) and _on_the_main_thread():
                    raise
                from drawpoker.bots.loading import load_failure, source_of

                why = load_failure(exc, source_of(self.strategy.maker))
                raise BotFailure(
                    Note(N_("the bot {bot} could not be loaded: {why}"), bot=self.strategy.name, why=why)
                ) from None

    def _ready(self, rules: Any, who: str) -> None:
        self.make()
        if not self._prepared:
            self._prepared = True
            limit = None if self.limit is None else self.limit * 5  # set-up may take longer than a decision
            self._call(who, "prepare", rules, limit)

    def decision(self, game: Any, state: Any, seat: int) -> tuple[Any, Decision]:
        """The view of ``seat`` and the bot's decision on it (BotFailure if it fails)."""
        who = state.names[seat]
        self._ready(game.rules, who)
        view = seat_view(game, state, seat)
        started = time.perf_counter() if self.times is not None else 0.0
        decision = self._call(who, "act", view, self.limit)
        if self.times is not None:
            self.times.append(time.perf_counter() - started)
        if not isinstance(decision, Decision):
            raise self._fail(
                who,
                N_("the bot {bot} (playing {name}) answered {value}, which is not a decision"),
                value=_short(decision),
            )
        return view, decision

    def command(self, game: Any, state: Any, seat: int | None = None) -> Any:
        """The command of ``seat`` (the seat to act) as the bot decides it:
        BotFailure when it fails, or names no command of this game. The
        engine still judges the command (an illegal one is refused there)."""
        seat = state.to_act if seat is None else seat
        view, decision = self.decision(game, state, seat)
        try:
            return command_for(game, view, decision)
        except ValueError as exc:
            raise self._fail(
                state.names[seat],
                N_("the bot {bot} (playing {name}) made a move the rules do not allow: {why}"),
                why=exc.args[0] if exc.args else "",
            ) from None
        except Exception:  # a decision of the wrong shape (a list for the act, a text for the boxes)
            raise self._fail(
                state.names[seat],
                N_("the bot {bot} (playing {name}) answered {value}, which is not a decision"),
                value=_short(decision),
            ) from None

    def observe(self, game: Any, state: Any, seat: int) -> None:
        """Show the bot the table at the end of a deal (its ``observe``, if it has one)."""
        if self._bot is None or not hasattr(self._bot, "observe"):
            return
        self._ready(game.rules, state.names[seat])  # (a bot made but not yet asked is prepared first)
        self._call(state.names[seat], "observe", seat_view(game, state, seat), self.limit)

    def illegal(self, state: Any, seat: int, why: Note | str) -> BotFailure:
        """The failure of a move the engine refused (``why``: its refusal)."""
        return self._fail(
            state.names[seat], N_("the bot {bot} (playing {name}) made a move the rules do not allow: {why}"), why=why
        )


#: what a bot's method is given, by the name docs/bots.md calls it
_ARGUMENTS = {"act": "view", "prepare": "rules", "observe": "view"}


def wrong_signature(call: Callable[..., Any], method: str, argument: str) -> Note | None:
    """Why ``call`` cannot be called with one argument (the bot's ``method``
    given its ``argument``), in the words a bot's author wrote it in, or None
    when it can (or Python cannot tell): "it has act(self) where drawpoker
    calls act(self, view)", not the TypeError Python would raise.

    >>> class Bot:
    ...     def act(self): ...
    >>> str(wrong_signature(Bot().act, "act", "view"))
    'it has act(self) where drawpoker calls act(self, view)'
    >>> wrong_signature(lambda view: None, "act", "view") is None
    True
    """
    try:
        signature = inspect.signature(call)
    except (TypeError, ValueError):  # (a callable of C, or one that hides its signature: asked as it is)
        return None
    try:
        signature.bind(None)
    except TypeError:
        pass
    else:
        return None
    own = ["self"] if inspect.ismethod(call) or isinstance(call, type) else []
    kinds: dict[inspect._ParameterKind, str] = {
        inspect.Parameter.VAR_POSITIONAL: "*",
        inspect.Parameter.VAR_KEYWORD: "**",
    }
    written = own + [kinds.get(p.kind, "") + p.name for p in signature.parameters.values()]
    name = method or getattr(call, "__name__", "") or "bot"
    return Note(
        N_("it has {given} where drawpoker calls {wanted}"),
        given=f"{name}({', '.join(written)})",
        wanted=f"{name}({', '.join([*own, argument])})",
    )


def _on_the_main_thread() -> bool:
    """Whether this is the program's main thread (where Ctrl-C arrives: a
    KeyboardInterrupt there stops the program; on the table's computers'
    thread it can only be a bot's own, and is that bot's failure)."""
    return threading.current_thread() is threading.main_thread()


def _num(seconds: float | None) -> str:
    return "?" if seconds is None else f"{seconds:g}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fallback(game: Any, state: Any, seat: int, problem: Note | str) -> tuple[Any, Note]:
    """What a seat whose bot failed does for this decision -- checks when
    it may, else folds; stands pat in an exchange, shows at the showdown;
    in Three Card Poker sits the round out, or folds the box; a dealer
    picks the game whose turn it is -- and the sentence saying so."""
    view = seat_view(game, state, seat)
    name = state.names[seat]
    if view.phase == "choose_game":
        game_name = game.rotation(state)
        return command_for(game, view, Decision("choose", game=game_name)), Note(
            N_("{problem}; {game} is dealt, the game whose turn it is"), problem=problem, game=_said_as(game, game_name)
        )
    if view.phase == "exchange":
        decision, said = Decision("exchange"), N_("{problem}; {name} stands pat instead")
    elif view.phase == "showdown":
        decision, said = Decision("show"), N_("{problem}; {name} shows instead")
    elif view.phase == "betting" and hasattr(view, "limits"):  # Three Card Poker's bets
        decision, said = Decision("place"), N_("{problem}; {name} sits the round out instead")
    elif any(getattr(o, "act", o) == "check" for o in view.options):
        decision, said = Decision("check"), N_("{problem}; {name} checks instead")
    else:
        decision, said = Decision("fold"), N_("{problem}; {name} folds instead")
    return command_for(game, view, decision), Note(said, problem=problem, name=name)


def _said_as(game: Any, variant: str) -> Note | str:
    """A dealer's choice game by its title, as the table names it (Deuce-to-seven
    triple draw, said in the player's language), not by its file's name."""
    from drawpoker.rules.explain import deal_game_name

    listed = dict(game.rules.variants)
    return variant if variant not in listed else Note(deal_game_name(game.rules, variant))
