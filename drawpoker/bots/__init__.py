"""Computer players: levels to choose, baselines to measure them by, and
your own bot plugged in (``docs/bots.md``).

A bot is an object with ``act(view) -> Decision``: it is given its seat's
view (:mod:`drawpoker.games.view`, the one door to private information)
and nothing else, and answers with a :class:`~drawpoker.games.view.Decision`.
It may also have ``prepare(rules)`` (called once when it sits down, before
any decision: the place for slow set-up) and ``observe(view)`` (called at
the end of every deal with its seat's view then: the hands shown, the
betting to the end).

:func:`strategy` finds a strategy by name -- a level (``easy``,
``sensible``, ``strong``), a baseline (``random``, ``calling-station``,
``maniac``, ``rock``), or a bot of your own given as
``path/to/bot.py:Name`` or ``module:Name`` -- and :class:`SeatBot` is one
seat played by it: the view built, the bot asked (your own bot within a
time limit, on a thread of its own), its answer made the seat's command.
A seat can take a bot at any moment of a session (a computer seat taking
over a player who left): ``SeatBot(strategy(name, rules), seed)``.
"""

from drawpoker.bots.seat import BotFailure, SeatBot, Strategy, level_names, strategy

__all__ = ["BotFailure", "SeatBot", "Strategy", "strategy", "level_names"]
