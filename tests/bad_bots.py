"""Bots that go wrong, for tests/test_bot_failures.py (loaded as tests.bad_bots:Name)."""

from __future__ import annotations

import threading
import time
from typing import Any

from drawpoker.games.view import Decision


class Polite:
    """Checks or calls, stands pat, shows; a first game in dealer's choice."""

    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def act(self, view: Any) -> Decision:
        if view.phase == "exchange":
            return Decision("exchange")
        if view.phase == "showdown":
            return Decision("show")
        if view.phase == "choose_game":
            return Decision("choose", game=view.game if view.carried else view.games[0])
        return Decision("check") if view.option("check") else Decision("call")


class Raises(Polite):
    """Fine for the first ``after`` decisions, then raises an error."""

    after = 5

    def __init__(self, rng: Any) -> None:
        super().__init__(rng)
        self.asked = 0

    def act(self, view: Any) -> Decision:
        self.asked += 1
        if self.asked > self.after:
            raise ValueError("boom")
        return super().act(view)


class Illegal(Polite):
    """Checks even when there is a bet to it."""

    def act(self, view: Any) -> Decision:
        if view.phase == "betting":
            return Decision("check")
        return super().act(view)


class Nonsense(Polite):
    """Answers with a number."""

    def act(self, view: Any) -> Any:
        return 42


class Slow(Polite):
    """Takes a second over every decision."""

    def act(self, view: Any) -> Decision:
        time.sleep(1.0)
        return super().act(view)


class Unknown(Polite):
    """Does something no player does."""

    def act(self, view: Any) -> Decision:
        return Decision("dance")


NOT_A_BOT = 3


class Ponder(Polite):
    """Thinks until the test lets it answer (at most 30 s), then answers as
    :class:`Polite`: ``thinking`` is set while it thinks, ``answer`` lets it
    answer, ``finished`` is set once it has. :meth:`reset` before each use."""

    thinking = threading.Event()
    answer = threading.Event()
    finished = threading.Event()

    @classmethod
    def reset(cls) -> None:
        cls.thinking, cls.answer, cls.finished = threading.Event(), threading.Event(), threading.Event()
        cls.asked = 0

    #: how many times a Ponder was asked to act since :meth:`reset`
    asked = 0

    def act(self, view: Any) -> Decision:
        thinking, answer, finished = Ponder.thinking, Ponder.answer, Ponder.finished  # this test's, not the next's
        Ponder.asked += 1
        thinking.set()
        answer.wait(30.0)
        decision = super().act(view)
        finished.set()
        return decision


class Reflect(Polite):
    """Decides at once, but thinks over each deal's end (``observe``) as
    :class:`Ponder` thinks over a decision: until the test lets it go (at
    most 30 s), with Ponder's events (:meth:`Ponder.reset` before each use)."""

    def observe(self, view: Any) -> None:
        thinking, answer, finished = Ponder.thinking, Ponder.answer, Ponder.finished
        thinking.set()
        answer.wait(30.0)
        finished.set()


class Prepares(Polite):
    """Decides at once, but prepares (``prepare(rules)``, up to five times the
    time limit) until the test lets it go, with Ponder's events."""

    def prepare(self, rules: Any) -> None:
        thinking, answer, finished = Ponder.thinking, Ponder.answer, Ponder.finished
        thinking.set()
        answer.wait(30.0)
        finished.set()


class NoStart(Polite):
    """Cannot be made: raises as it is made."""

    def __init__(self, rng: Any) -> None:
        raise ValueError("no start")


class WrongShape(Polite):
    """Answers a betting decision with a list where the act's name goes."""

    def act(self, view: Any) -> Decision:
        if view.phase == "betting":
            return Decision(["fold"])  # type: ignore[arg-type]
        return super().act(view)


class Interrupts(Polite):
    """Raises KeyboardInterrupt when asked to act."""

    def act(self, view: Any) -> Decision:
        raise KeyboardInterrupt


class NoView(Polite):
    """Its act takes no view (``act(self)``): asked, Python would raise a TypeError."""

    def act(self) -> Decision:  # type: ignore[override]
        return Decision("check")


class TooManyViews(Polite):
    """Its act wants a second argument drawpoker never gives."""

    def act(self, view: Any, extra: Any) -> Decision:  # type: ignore[override]
        return super().act(view)


class PreparesNothing(Polite):
    """Its prepare takes no rules."""

    def prepare(self) -> None:
        pass


class NoRng(Polite):
    """Is made without the seat's randomness (``__init__(self)``)."""

    def __init__(self) -> None:
        super().__init__(None)


class RaisesTypeError(Polite):
    """Takes the view, then raises a TypeError of its own: a raise, not a wrong signature."""

    def act(self, view: Any) -> Decision:
        raise TypeError("not my type")


class RaisesKeyError(Polite):
    """Looks up what is not there: a KeyError, whose message ('seat') says nothing alone."""

    def act(self, view: Any) -> Decision:
        return {}["seat"]  # type: ignore[no-any-return]


class RaisesSentence(Polite):
    """Raises an error that says what went wrong in a sentence of its own."""

    def act(self, view: Any) -> Decision:
        raise RuntimeError("no idea what to do with a joker")


class MadeWithKeyError(Polite):
    """Cannot be made: looks up what is not there as it is made."""

    def __init__(self, rng: Any) -> None:
        self.rng = {}["rng"]
