"""The strong computer player of the draw games.

It reasons only from its seat's view (and from what it has seen at this
table before):

* **Its own hand's future**: the exact odds of each exchange
  (:func:`drawpoker.games.draw.odds.draw_odds_for`, the coach's count),
  each choice's outcomes weighed by how often they win, not only by how
  often they improve.
* **The others' hands**: what a player who drew that many cards usually
  ends with (:mod:`.model`), narrowed by its betting this deal. How much a
  bet or a raise narrows it depends on how often that player bets or
  raises when it may (a maniac's raise says little, a rock's a lot): the
  bot keeps count of every opponent's habits from the deals it has seen.
  After the last exchange it also counts the hands each player has shown
  after betting, raising or checking there (a player who raises only with
  two pair, or checks only what it cannot bet, shows it in the end), and
  every time it did so without showing: a hand mucked at the showdown as
  below the hand that beat it, a hand never seen (a bet folded to, a check
  then a fold) as the table model's guess. The hands shown alone would be
  those that were called or that won.
* **Jackpots** (openers required): every opened deal ends with the
  opener's proof shown, so the bot counts what each opponent opens with
  (:class:`_Openings`: its proofs by level against its chances to open)
  and reads an opener's hand as dealt by those counts (and, its opening
  bet raised before the exchange, by its answer: having raised back, the
  best of its openers, as many as it is seen to raise back); and it keeps an
  opener's habits and hands after the draw apart from those of the
  players who called it (the opener bets a range everyone knows, a caller
  who is checked to one capped by its own check), each role's habits
  read from its own counts beside the player's in either role. The hands
  a player showed after betting, raising or checking there are kept by
  its role and by how many cards it drew (an opener who drew one holds
  two pair, one who drew three a pair that may have improved), and its
  range is read from those alone, beside the table model's guess for that
  draw: a player seldom seen at a draw is read mostly from the model.
  After the exchange a player who did not open is read by what it did
  before it, not as any hand that drew as many: having checked when it
  could open, it holds the hands it does not open (by the same counts);
  having called the opening bet, the best of those as dealt, as many as it
  is seen to go on with facing an opening bet (to raise it: as many as it
  raises); then drawn as it drew (a caller who checked and drew one is
  drawing to a straight or a flush: it would have opened two pair). That
  read is trusted as far as the hands the player shows bear it out against
  the table model's guess (a player who goes on with any hand, whatever it
  holds, is soon read as the guess again).
* **Jackpots heads-up, fixed limit, after the exchange** (:mod:`.last_round`):
  each act is worth what it wins when the rest of the betting round is
  played out as a tree against the other's answers learned at this table:
  in each spot (first to speak or checked to; facing a bet fresh, after its
  check, after its bet, after its raise) where its bets, goings on and
  raises lie in its hand's strength, as lines with a leak, from every
  answer it gave there (its hand shown where it lay, mucked below the hand
  that beat it, never seen as the read range), beside a flat prior that
  knows nothing of the player. Its hand is read as above at the round's
  start and weighed by its acts since. The sum below is still made first
  there (its chances drawn as ever), and the tree's act is played.
* **The price**: pot odds for a call, and before an exchange what a hand
  that ends the best wins afterwards from players who pay (implied odds);
  for a bet or raise, the chance that everyone folds at once (after the
  last exchange each folds the weakest of its hands, as many as it is
  seen to fold), the hands that call, and the chance of being raised (a
  bet is made when it is worth more than checking, so value bets, bluffs
  and semi-bluffs come from the same sum); position (who is still to act
  after it).

It bluffs and slow-plays now and then beside that sum (the chances are
below; it does not slow-play openers into a deal nobody behind it is
likely to open), snows now and then in lowball (stands pat on nothing against a
player who drew and bets it out), opens with openers, splits them when
the count says drawing to something else wins more, sizes pot- and
no-limit bets by the pot, and in dealer's choice picks the game with the
most betting rounds (more decisions, more to gain), now and then another.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any

import attrs

from drawpoker.bots.draw import last_round
from drawpoker.bots.draw.common import CHOOSING, keeping, odds_of, ranking_of, rule_of_thumb
from drawpoker.bots.draw.model import LEVELS, OVER_PAIRS, TableModel, equity, model_for
from drawpoker.bots.memo import per_rules
from drawpoker.cards import Card
from drawpoker.games.draw import bot_hands
from drawpoker.games.draw.view import DrawView
from drawpoker.games.view import Decision, call, check, exchange, fold, muck, show

__all__ = ["Strong", "Habits"]

#: how much a round's betting tells of the final hand, by the exchanges still to come after it
_TELLS = (1.0, 0.45, 0.3, 0.25)
#: the chance of a slow play (checking a very strong hand when it could bet), the least and the most:
#: more often against players who bet when checked to (they bet into it), never less than now and then
SLOW_PLAY = 0.1
SLOW_PLAY_MOST = 0.7
#: the chance of a bluff where the sum says a bet does not pay (keeps its bets hard to read)
BLUFF = 0.06
#: what calling asks of the chance of the best hand, against the price: before an exchange, after the last
CALL_DRAWING = 1.0
CALL_LAST = 1.0
#: how much more than checking (a share of the pot) a bet must be worth
MARGIN = 0.02
#: the chance of snowing where it may (lowball, heads-up, nothing to draw to)
SNOW = 0.3
#: how many hands shown the table model's guess of a player's range after an act counts as
#: (the hands the player has shown after that act outweigh it once there are more of them)
PRIOR_SHOWN = 4
#: jackpots: how many chances to open the typical player's habit (opening every hand with openers)
#: counts as, beside what a player is seen to open with (its proofs) and how often it may open
PRIOR_CHANCES = 10.0
#: jackpots, after the exchange: read a player who did not open by what it did before the exchange
#: (the hands it does not open with, if it checked when it could open; the best of its hands as
#: dealt, as many as it goes on with facing an opening bet) in place of the typical player's guess
READ_BEFORE = True
#: beside what a player is seen to do facing an opening bet, a typical player's going on and raising
#: there (how often, and worth how many times it faced one)
PRIOR_FACING = (0.55, 0.15, 10.0)
#: beside what an opener is seen to do when its opening bet is raised before the exchange, a
#: typical opener's going on and raising back there (how often, and worth how many times)
PRIOR_RAISED = (0.8, 0.2, 10.0)
#: how far that read is trusted before any hand of the player's was seen (log-odds against the
#: table model's guess; each hand it shows after the exchange as a caller moves it by how much
#: likelier the read made that hand than the guess did): a player who ranks its hands is read
#: by them, one who goes on at random (whatever it holds) as the guess
PRIOR_TRUST = 1.0


class Habits:
    """What one opponent has been seen to do: counts with a prior (a
    typical player's habits, worth ten deals' evidence)."""

    __slots__ = (
        "open_chances",
        "opens",
        "face_chances",
        "raises",
        "calls",
        "shown_told",
        "shown_held",
        "called_told",
        "called_held",
    )

    def __init__(self) -> None:
        self.open_chances = 10.0
        self.opens = 3.0  # bets when nobody has bet
        self.face_chances = 10.0
        self.raises = 1.5  # raises facing a bet
        self.calls = 4.0  # calls facing a bet
        # Hands shown after betting or raising once the exchanges were made: how much
        # stronger than the middle its betting said they were, and how much they were.
        self.shown_told = 0.6
        self.shown_held = 0.6
        # Hands shown after calling a bet once the exchanges were made: the same, for its calls.
        self.called_told = 0.6
        self.called_held = 0.6

    @property
    def truthful(self) -> float:
        """How far its bets and raises are to be believed: 1 when the hands
        it shows are as strong as its betting said, 0 when no stronger than
        any hand (a bettor at random)."""
        return min(1.3, max(0.0, self.shown_held / self.shown_told))

    @property
    def calls_truthfully(self) -> float:
        """How far its calls are to be believed (as :attr:`truthful`, for the
        hands it shows after calling): above 1, it calls only with better
        hands than its calling often suggests."""
        return min(1.6, max(0.2, self.called_held / self.called_told))

    def beside(self, prior: Habits) -> Habits:
        """These counts with ``prior``'s rates in place of the typical
        player's (worth as many acts as the typical player's prior is)."""
        base = Habits()
        out = Habits()
        out.open_chances = self.open_chances
        out.opens = prior.bets * base.open_chances + self.opens - base.opens
        out.face_chances = self.face_chances
        out.raises = prior.raising * base.face_chances + self.raises - base.raises
        out.calls = (prior.going_on - prior.raising) * base.face_chances + self.calls - base.calls
        out.shown_told = self.shown_told
        out.shown_held = prior.truthful * base.shown_told + self.shown_held - base.shown_held
        out.called_told = self.called_told
        out.called_held = prior.calls_truthfully * base.called_told + self.called_held - base.called_held
        return out

    @property
    def bets(self) -> float:
        """How often it bets when nobody has."""
        return self.opens / self.open_chances

    @property
    def raising(self) -> float:
        """How often it raises a bet."""
        return self.raises / self.face_chances

    @property
    def going_on(self) -> float:
        """How often it calls or raises a bet (does not fold)."""
        return (self.raises + self.calls) / self.face_chances


def _tells(f: float, most: float = 14.0) -> float:
    """How much an act done with frequency ``f`` narrows a hand: the power
    less one whose hands are on average as strong as the top ``f`` of all
    (a power p leaves hands at p / (p + 1) on average, the top f at 1 - f / 2)."""
    f = min(0.98, max(0.02, f))
    return min(most, 2.0 * (1.0 - f) / f)


@per_rules
def _models(rules: Any) -> TableModel:
    openers = rules.betting.opening != "any" and rules.betting.blinds is None
    return model_for(ranking_of(rules), rules.draw.exchanges, rules.draw.max_cards, openers)


class Strong:
    """The strong player (see the module's doc)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        #: per opponent (by name) and stage (0: an exchange is still to come, 1: after the last)
        self.habits: dict[tuple[str, int], Habits] = {}
        self._deal: tuple[Any, ...] = ()  # the deal being read: (names, deal number)
        self._read = 0  # its public acts already counted
        self._facing: dict[int, bool] = {}  # per round: has anyone bet
        self._snow: tuple[Any, ...] = ()  # the deal it is snowing in
        #: per opponent, table model and what it did in the last betting round (see :func:`_last_act`):
        #: where its hands lay each time it did that (:class:`_Seen`)
        self.shown: dict[tuple[str, TableModel, str], _Seen] = {}
        #: jackpots: per opponent, the hands it opens with (by its proofs) and its chances to open
        self.openings: dict[str, _Openings] = {}
        #: jackpots heads-up, after the exchange: per opponent, its answers there (:mod:`.last_round`)
        self.answers: dict[str, last_round.Answers] = {}
        #: the deal being played there and the other's hand as read at that round's start (by bucket)
        self._round_start: tuple[tuple[Any, ...], list[float]] | None = None

    # ------------------------------------------------------------ the bot's interface

    def prepare(self, rules: Any) -> None:
        """Work out the table model of the rules (and of each game of a
        dealer's choice), and the coach's field for every number of cards
        it may be asked to count a draw of (worked out once, about 0.2 s
        each: at the table's first such decision it would make the table
        wait)."""
        from drawpoker.games.draw.odds import field_strength

        games = [variant for _, variant in getattr(rules, "variants", ())] or [rules]
        for game in games:
            _models(game)
            ranking = ranking_of(game)
            for most in range(1, game.draw.max_cards + 1):
                field_strength(ranking, most)

    def observe(self, view: DrawView) -> None:
        """Learn the others' habits from a deal's end: their acts, and the
        hands they showed after betting.

        What a player showed after an act in the last betting round is read
        as a sample of the hands it does that act with, and a sample is only
        as good as what decides whether a hand is in it. So every time an
        opponent did the act counts, shown or not: a hand shown counts where
        it lies; a hand mucked at the showdown counts as somewhere below the
        best hand shown there (it was beaten, and would have been shown
        otherwise); a hand never seen (its bet was folded to, it folded
        later in the round) counts as missing, as the table model's guess
        (:meth:`_seen_range`). A check that ended the round (nobody after
        it) is not counted: it is never the check that is read."""
        self._learn(view)
        self._learn_answers(view)
        model = _models(view.rules)
        if view.to_open and view.opener is not None and view.opener != view.seat and view.proof:
            name = view.seats[view.opener].name
            self.openings.setdefault(name, _Openings()).opened(_proof_level(view.proof, ranking_of(view.rules)))
        if view.to_open and view.opener is not None and READ_BEFORE:
            self._test_read(view, model)
        last = view.exchanges + 1
        middle = model.cdf(view.exchanges, 0, None)
        strength = model.ranking.strength
        shown_by = {s.seat: strength(s.shown) for s in view.seats if s.shown}
        for seat in view.seats:
            if seat.seat == view.seat or not seat.in_deal:
                continue
            keys = _acts_read(view, seat.seat)
            if not keys and not seat.shown and not seat.mucked:
                continue
            # where its hand lies: a bucket; below a bucket (mucked); unknown (None, None)
            others = [v for k, v in shown_by.items() if k != seat.seat]
            exact = model.bucket(shown_by[seat.seat]) if seat.shown else None
            below = model.bucket(max(others)) if seat.mucked and others and exact is None else None
            for act in keys:
                key = _read_key(view, seat.seat, act)  # (jackpots: in its role, by cards drawn)
                self.shown.setdefault((seat.name, model, key), _Seen(len(middle))).add(exact, below)
            # the typical player's hand (0 .. 1) it held; a hand mucked below a shown one
            # at ``below``: on average half way up to it
            if exact is not None:
                held = middle[exact]
            elif below is not None:
                held = middle[below] / 2.0
            else:
                continue
            last_acts = [a.act for a in view.actions if a.seat == seat.seat and a.round == last]
            acts = [a for a in view.actions if a.seat == seat.seat and a.round == last and a.act in ("bet", "raise")]
            for stage in _stages(view, last, seat.seat):
                rates = self._habits(view, seat.seat, stage)
                h = self.habits.setdefault((seat.name, stage), Habits())
                if "call" in last_acts and not acts:
                    power = 1.0 + _tells(rates.going_on, 8.0)
                    h.called_told += power / (power + 1.0) - 0.5
                    h.called_held += held - 0.5
                if acts:
                    power = 1.0 + _combined([_tells(rates.bets if a.act == "bet" else rates.raising) for a in acts])
                    h.shown_told += power / (power + 1.0) - 0.5
                    h.shown_held += held - 0.5

    def act(self, view: DrawView) -> Decision:
        """The seat's decision."""
        self._learn(view)
        if view.phase == CHOOSING:
            return self._choose(view)
        if view.phase == "exchange":
            return self._exchange(view)
        if view.phase == "showdown":
            return self._show(view)
        decision = self._bet(view)  # (made first also where the round is played out: its chances drawn as ever)
        if last_round.plays_out(view):
            return self._play_out(view) or decision
        return decision

    # ------------------------------------------------------------ reading the table

    def _learn(self, view: DrawView) -> None:
        """Count the others' acts this deal (each once)."""
        key = (tuple(s.name for s in view.seats), view.deal)
        if key != self._deal:
            self._deal, self._read, self._facing = key, 0, {}
        acts = view.actions
        for i in range(self._read, len(acts)):
            act = acts[i]
            r = act.round
            if act.act in ("small_blind", "big_blind"):
                self._facing[r] = True
                continue
            if act.act == "draw":
                continue
            facing = self._facing.get(r, False)
            if view.to_open and r == 1 and not facing and act.seat != view.seat:
                # a chance to open (nobody had): counted for every level that opens at this requirement
                self.openings.setdefault(view.seats[act.seat].name, _Openings()).chance(view.to_open)
            if (
                view.to_open
                and r == 1
                and facing
                and act.seat not in (view.seat, view.opener)
                and not any(a.act == "raise" and a.round == 1 for a in acts[:i])
            ):
                # a player who did not open, facing the opening bet (not yet raised)
                self.openings.setdefault(view.seats[act.seat].name, _Openings()).faced(act.act)
            if view.to_open and r == 1 and facing and act.seat == view.opener and act.seat != view.seat:
                # the opener again in the first round: its opening bet was raised
                self.openings.setdefault(view.seats[act.seat].name, _Openings()).raised(act.act)
            if act.seat != view.seat:
                for stage in _stages(view, r, act.seat):
                    h = self.habits.setdefault((view.seats[act.seat].name, stage), Habits())
                    if facing:
                        h.face_chances += 1
                        if act.act == "raise":
                            h.raises += 1
                        elif act.act == "call":
                            h.calls += 1
                    else:
                        h.open_chances += 1
                        if act.act == "bet":
                            h.opens += 1
            if act.act in ("bet", "raise"):
                self._facing[r] = True
        self._read = len(acts)

    def _habits(self, view: DrawView, seat: int, stage: int | None = None) -> Habits:
        stage = _stage(view, view.round, seat) if stage is None else stage
        name = view.seats[seat].name
        own = self.habits.get((name, stage)) or Habits()
        if stage < 2:
            return own
        # jackpots, after the draw, in one role: its own counts there beside its habits in
        # either role (as the prior, in place of the typical player's)
        return own.beside(self.habits.get((name, 1)) or Habits())

    def _narrowing(self, view: DrawView, seat: int, since: int = 1) -> float:
        """How much this deal's betting narrows ``seat``'s hand (a power):
        its acts from betting round ``since`` on."""
        exchanges = view.exchanges
        believed = self._habits(view, seat, _stage(view, exchanges + 1, seat)).truthful
        told: list[float] = []
        facing: dict[int, bool] = {}
        for act in view.actions:
            r = act.round
            if act.act in ("small_blind", "big_blind"):
                facing[r] = True
                continue
            if act.act == "draw":
                continue
            if act.seat == seat and r >= since:
                h = self._habits(view, seat, _stage(view, r, seat))
                tells = _TELLS[min(3, max(0, exchanges - r + 1))]
                if act.act == "bet":
                    if not (view.to_open and r == 1 and seat == view.opener):  # an opening bet: see _opponents
                        told.append(tells * _tells(h.bets) * believed)
                elif act.act == "raise":
                    told.append(tells * _tells(h.raising) * believed)
                elif act.act == "call" and facing.get(r):
                    told.append(tells * 0.5 * _tells(h.going_on, 4.0))
                elif act.act == "check":
                    told.append(-tells * 0.25)
            if act.act in ("bet", "raise"):
                facing[r] = True
        return max(-0.5, min(14.0, _combined(told)))

    def _next(self, view: DrawView) -> int:
        """The exchange to come (or being made); the last once all are made."""
        if view.phase == "exchange":
            return view.round
        return min(view.round, view.exchanges)

    def _opponents(self, view: DrawView, model: TableModel, extra: float = 0.0) -> list[tuple[list[float], float]]:
        """Each opponent still in: its distribution and its power."""
        return [(cdf, power + extra) for cdf, power, _ in self._ranges(view, model)]

    def _ranges(self, view: DrawView, model: TableModel) -> list[tuple[list[float], float, float]]:
        """Each opponent still in: its distribution, the power it is raised
        to, and the power its betting told (how strong the hand is, for how
        often it folds). In the last betting round, once an opponent has
        bet, raised or checked in it, the hands it has shown after doing so
        at this table before are counted too (:meth:`_seen_range`)."""
        out = []
        last = view.phase != "exchange" and view.round > view.exchanges
        for seat in view.opponents():
            drew = view.seats[seat].drew
            made = len(drew)
            weights = self._opening_weights(view, seat, model) if view.to_open else None
            read = self._read_before(view, seat, model) if weights is None and last and READ_BEFORE else None
            guess_told = 1.0 + self._narrowing(view, seat)
            if read is not None:  # jackpots, after the exchange: it did not open (see _read_before)
                cdf = read
                trust = (self.openings.get(view.seats[seat].name) or _Openings()).trust
                if trust < 0.999:  # the read beside the guess, as far as each holds
                    power = 1.0 + self._narrowing(view, seat, since=2)
                    guess = model.cdf(view.exchanges, made, drew[-1] if drew else None)
                    cdf = [
                        (trust * r**power + (1.0 - trust) * g**guess_told) ** (1.0 / power)
                        for r, g in zip(read, guess, strict=True)
                    ]
            elif weights is not None:  # jackpots: it opened (after the exchange, a pat opener read
                # from the model's pat hands, however few, not from every draw pooled)
                cdf = (
                    self._read_opener(view, seat, model, weights) if last and READ_BEFORE else None
                ) or model.cdf_levels(weights, view.exchanges, made, drew[-1] if drew else None)
            else:
                cdf = model.cdf(view.exchanges, made, drew[-1] if drew else None)
            before = read is not None or (weights is not None and last and READ_BEFORE)
            told = 1.0 + self._narrowing(view, seat, since=2) if before else guess_told
            act = _last_act(view, seat) if last else None
            if act is not None:
                name = view.seats[seat].name
                cdf, power = self._seen_range(name, model, _read_key(view, seat, act), cdf, told)
            else:
                power = told
            out.append((cdf, power, told))
        return out

    def _test_read(self, view: DrawView, model: TableModel) -> None:
        """Jackpots, a deal's end: each player who did not open and showed
        its hand after the exchange tells how far :meth:`_read_before` is to
        be trusted for it: the read's chance of a hand where it showed one
        (near it: a few buckets either way) against the table model's guess
        for its draw (:attr:`_Openings.trust`)."""
        for seat in view.seats:
            if seat.seat in (view.seat, view.opener) or not seat.shown or not seat.drew:
                continue
            read = self._read_before(view, seat.seat, model)
            if read is None:
                continue
            guess = model.cdf(view.exchanges, len(seat.drew), seat.drew[-1])
            at = model.bucket(model.ranking.strength(seat.shown))
            told = math.log(max(1e-3, _near(read, at))) - math.log(max(1e-3, _near(guess, at)))
            self.openings.setdefault(seat.name, _Openings()).tested(max(-3.0, min(3.0, told)))

    def _read_before(self, view: DrawView, seat: int, model: TableModel) -> list[float] | None:
        """Jackpots, after the exchange, a player who did not open: its hands
        as dealt read by what it did before the exchange, then drawn as it
        drew (:meth:`TableModel.cdf_read`). If it checked when it could have
        opened, the hands it does not open (each opening level as often as
        it is seen not to open it: :class:`_Openings`); facing the opening
        bet, the best of those hands as dealt, as many as it is seen to go
        on with there (to raise, if it raised). None for the opener, for a
        deal not opened, or when the model holds too few such hands."""
        if not view.to_open or view.opener is None or seat == view.opener:
            return None
        openings = self.openings.get(view.seats[seat].name) or _Openings()
        shares = model.level_shares
        first = [a for a in view.actions if a.round == 1 and a.act not in ("draw", "small_blind", "big_blind")]
        mine = [a.act for a in first if a.seat == seat]
        if not mine:
            return None
        checked_first = mine[0] == "check"
        need = view.to_open
        weights = [
            1.0 - openings.opens(level, shares[level]) if checked_first and level >= need else 1.0
            for level in range(LEVELS)
        ]
        raised = "raise" in mine
        going_on = openings.goes_on(raised) if ("call" in mine or raised) else None
        drew = view.seats[seat].drew
        return model.cdf_read(weights, going_on, view.exchanges, len(drew), drew[-1] if drew else None)

    def _read_opener(self, view: DrawView, seat: int, model: TableModel, weights: list[float]) -> list[float] | None:
        """Jackpots, after the exchange, the opener: its hands as dealt read
        by its openings (``weights``, :meth:`_opening_weights`) and by what
        it did when its opening bet was raised before the exchange: having
        raised back, the best of those hands as dealt, as many as it is seen
        to raise back (having called, as many as it is seen to go on),
        believed as far as its bets are (:attr:`Habits.truthful`); then drawn
        as it drew. Those acts tell of the hand as dealt, which its draw
        tells of too: read into the hands as dealt they are not counted
        again as a narrowing of the hand after the exchange."""
        drew = view.seats[seat].drew
        last = drew[-1] if drew else None
        plain = model.cdf_read(weights, None, view.exchanges, len(drew), last)
        mine = [a.act for a in view.actions if a.round == 1 and a.seat == seat and a.act in ("call", "raise")]
        if not mine or plain is None:
            return plain
        openings = self.openings.get(view.seats[seat].name) or _Openings()
        going_on = openings.answers_raise("raise" in mine)
        line = model.cdf_read(weights, going_on, view.exchanges, len(drew), last)
        if line is None:
            return plain
        believed = min(1.0, self._habits(view, seat, _stage(view, view.exchanges + 1, seat)).truthful)
        return [believed * a + (1.0 - believed) * b for a, b in zip(line, plain, strict=True)]

    def _opening_weights(self, view: DrawView, seat: int, model: TableModel) -> list[float] | None:
        """Jackpots: how likely a hand dealt at each opening level is to be
        the opener's: it held openers, and of them those it is seen to open
        with (the proofs it has shown, against how often it had the chance
        to open). None for any other seat."""
        if seat != view.opener:
            return None
        need = view.to_open
        openings = self.openings.get(view.seats[seat].name) or _Openings()
        shares = model.level_shares
        return [openings.opens(level, shares[level]) if level >= need else 0.0 for level in range(LEVELS)]

    def _seen_range(
        self, name: str, model: TableModel, act: str, cdf: list[float], power: float
    ) -> tuple[list[float], float]:
        """The range of a player who did ``act`` in the last betting round:
        the table model's guess (``cdf`` to the ``power``) weighed as
        :data:`PRIOR_SHOWN` hands, with every time it has done that act
        here (:meth:`observe`): the hands it showed where they lay, those it
        mucked below the hand that beat them (as the guess spreads its hands
        there), and those nobody saw as the guess. A player's betting often
        follows a line of its own (it raises only with two pair, it bets any
        pair): the hands it shows tell where that line is better than any
        curve fitted to how often it acts. Hands seen only when they are
        called, or only when they win, would tell a line stronger than it
        is: a bet folded to is as likely a bluff as one called."""
        seen = self.shown.get((name, model, act))
        if seen is None or not seen.n:
            return cdf, power
        prior = [c**power for c in cdf]
        exact = seen.exact_cdf()
        below = seen.below
        # the hands mucked below bucket x, spread as the guess spreads its hands below x:
        # at bucket b, all of those with x <= b and prior[b] / prior[x] of those with x > b
        censored = [0.0] * len(prior)
        at_or_under = 0.0
        for b, n in enumerate(below):
            at_or_under += n
            censored[b] = at_or_under
        above = 0.0
        for b in range(len(prior) - 1, -1, -1):
            censored[b] += prior[b] * above
            if below[b]:
                above += below[b] / max(prior[b], 1e-9)
        guessed = seen.missing + PRIOR_SHOWN
        total = seen.n + PRIOR_SHOWN
        return [min(1.0, (e + c + guessed * p) / total) for e, c, p in zip(exact, censored, prior, strict=True)], 1.0

    def _choices(self, view: DrawView, model: TableModel) -> list[tuple[tuple[Card, ...], list[tuple[int, float]]]]:
        """The seat's ways to exchange next and where each can end after the
        last exchange (the next exactly, those after as the typical player
        goes on from there); the hand as it stands once every exchange is made."""
        hand = view.hand
        if view.round > view.exchanges and view.phase != "exchange":
            return [((), [(model.bucket(model.ranking.strength(hand)), 1.0)])]
        ranking = model.ranking
        after = self._next(view)
        if ranking.lowball and _lows(hand, ranking) < 2:
            # nothing worth keeping: where a hand drawing that many usually ends
            throw = rule_of_thumb(hand, view.rules.draw.max_cards, ranking)
            cdf = model.cdf(view.exchanges, after, len(throw))
            return [(throw, model.spread(cdf))]
        odds = odds_of(view)
        out = []
        keep = view.must_keep
        most = view.max_exchange if view.phase == "exchange" else view.rules.draw.max_cards
        for choice in odds.choices:
            if any(c in choice.discard for c in keep) or len(choice.discard) > max(most, 0):
                continue
            out.append((choice.discard, model.onwards(after, choice.histogram)))
        if not out:
            out.append(((), model.onwards(after, {odds.strength: 1})))
        return out

    def _best(
        self, view: DrawView, model: TableModel, others: Sequence[tuple[list[float], float]]
    ) -> tuple[float, tuple[Card, ...], list[tuple[int, float]]]:
        """The best exchange's chance of the best hand, its discards, and where it can end."""
        best: tuple[float, tuple[Card, ...], list[tuple[int, float]]] = (-1.0, (), [])
        for discard, mine in self._choices(view, model):
            e = equity(mine, others)
            if e > best[0] + 1e-9 or (abs(e - best[0]) <= 1e-9 and len(discard) < len(best[1])):
                best = (e, discard, mine)
        return best

    def _after(self, view: DrawView) -> int:
        """Opponents still to act after this seat in this round."""
        n = len(view.seats)
        acted = {
            a.seat for a in view.actions if a.round == view.round and a.act not in ("draw", "small_blind", "big_blind")
        }
        live = set(view.opponents())
        count = 0
        seat = view.seat
        for step in range(1, n):
            other = (seat + step) % n
            if other in live and other not in acted and not view.seats[other].all_in:
                count += 1
        return count

    # ------------------------------------------------------------ deciding

    def _bet(self, view: DrawView) -> Decision:
        model = _models(view.rules)
        rng = self.rng
        others = self._opponents(view, model)
        e, _, mine = self._best(view, model, others)
        pot = view.pot_total
        to_call = view.to_call
        can = {o.act for o in view.options}
        fixed = view.rules.betting.structure == "fixed_limit"
        snowing = self._snow == self._deal and view.round > view.exchanges
        aggressive = "raise" if "raise" in can else "bet" if "bet" in can else None
        if "check" in can:
            if aggressive is None:
                return check()
            if snowing:
                return self._sized(view, aggressive, 0.0)
            if view.to_open and view.round == 1 and aggressive == "bet":
                # openers: open with them (now and then slow-play a very strong hand)
                if e > 0.8 and self._after(view) and rng.random() < self._slow_play(view):
                    return check()
                return self._sized(view, aggressive, e)
            size = self._size_of(view, aggressive, e)
            gain = self._aggression_gain(view, model, e, mine, size, facing=False)
            if gain > 0:
                if e > 0.85 and self._after(view) and rng.random() < self._slow_play(view):
                    return check()  # a slow play: let them bet into it
                return self._sized(view, aggressive, e)
            if rng.random() < BLUFF and (self._after(view) == 0 or len(others) == 1):
                return self._sized(view, aggressive, e)
            return check()
        # facing a bet
        if snowing:
            return call() if to_call * 4 <= pot else fold()
        drawing = view.round <= view.exchanges
        # the price against the pot, and before an exchange against what the others
        # will put in after it when this hand ends the best (it folds when it does not)
        price = to_call / max(1, pot + to_call + (self._implied(view) if drawing else 0.0))
        needed = price * (CALL_DRAWING if drawing else CALL_LAST)
        if aggressive == "raise":
            size = self._size_of(view, "raise", e)
            raise_gain = self._aggression_gain(view, model, e, mine, size, facing=True)
            if raise_gain > 0 or (rng.random() < BLUFF / 2 and drawing and e > needed):
                return self._sized(view, "raise", e)
        if e >= needed:
            return call()
        if fixed and to_call <= view.step and _in_blind(view) and e >= needed * 0.8:
            return call()  # a blind defended at a good price
        return fold()

    def _play_out(self, view: DrawView) -> Decision | None:
        """Jackpots heads-up, fixed limit, after the exchange: the act worth
        most when the rest of the round is played out against the other's
        answers as learned here (:func:`.last_round.play_out`), over its hand
        as read at the round's start and weighed by its acts since."""
        model = _models(view.rules)
        last = view.exchanges + 1
        if self._round_start is None or self._round_start[0] != self._deal:
            before = attrs.evolve(view, actions=tuple(a for a in view.actions if a.round < last))
            ((cdf, power, _),) = self._ranges(before, model)
            self._round_start = (self._deal, last_round.masses_of(cdf, power))
        answers = self.answers.setdefault(view.seats[1 - view.seat].name, last_round.Answers())
        share = last_round.shares(model.bucket(model.ranking.strength(view.hand)))
        return last_round.play_out(view, answers, self._round_start[1], share)

    def _learn_answers(self, view: DrawView) -> None:
        """A deal's end: where the round after the exchange was played out
        (:meth:`_play_out`), the other's answers in it, with its hand shown
        where it lay, mucked below this seat's, or never seen (its read)."""
        start, self._round_start = self._round_start, None
        if start is None or start[0] != (tuple(s.name for s in view.seats), view.deal) or len(view.seats) != 2:
            return
        answers = self.answers.setdefault(view.seats[1 - view.seat].name, last_round.Answers())
        last_round.learn(answers, view, start[1], _models(view.rules))

    def _slow_play(self, view: DrawView) -> float:
        """How often to check a very strong hand: the more the others bet
        when checked to, the more often. Where the first bet needs openers a
        check that nobody behind answers passes the deal out (the pot won
        by nobody): there only as often as the others bet when they may."""
        bets = max((self._habits(view, seat).bets for seat in view.opponents()), default=0.0)
        least = 0.0 if view.to_open and view.round == 1 and view.opener is None else SLOW_PLAY
        return min(SLOW_PLAY_MOST, max(least, 1.2 * bets - 0.2))

    def _implied(self, view: DrawView) -> float:
        """What the others still in are expected to put in after the last
        exchange when this seat ends with the best hand (implied odds): a
        bet from each opponent as often as it goes on facing a bet there
        (one bet, the least of the raises and bluffs it might pay); it folds
        when it ends beaten. Only in the betting round before the last
        exchange: with more exchanges to come the rounds between are paid
        both ways (a draw pays to go on drawing). In pot and no limit a bet
        of half the pot as it will be, within the stacks."""
        if view.round != view.exchanges:
            return 0.0
        last = view.exchanges + 1
        goes = sum(
            self._habits(view, seat, _stage(view, last, seat)).going_on
            for seat in view.opponents()
            if not view.seats[seat].all_in
        )
        b = view.rules.betting
        if b.structure == "fixed_limit":
            last = view.exchanges + 1
            return goes * int(b.big_bet if last >= b.big_bet_from_round else b.small_bet)
        behind = min(
            [view.me.stack] + [view.seats[seat].stack for seat in view.opponents() if not view.seats[seat].all_in]
        )
        return goes * min(behind, 0.5 * (view.pot_total + view.to_call))

    def _size_of(self, view: DrawView, act: str, e: float) -> int:
        """The chips a bet or raise of this seat adds (the fixed amount in fixed limit)."""
        option = view.option(act)
        assert option is not None
        return self._to(view, act, e) - view.me.bet

    def _to(self, view: DrawView, act: str, e: float) -> int:
        option = view.option(act)
        assert option is not None
        if view.rules.betting.structure == "fixed_limit" or option.min_to == option.max_to:
            return option.min_to
        blind = view.rules.betting.blinds[1] if view.rules.betting.blinds else view.step
        if view.round == 1 and view.round <= view.exchanges:
            limpers = sum(1 for a in view.actions if a.round == 1 and a.act == "call")
            to = 3 * view.level + limpers * blind if view.level > blind else 3 * blind + limpers * blind
        else:
            fraction = 0.85 if e > 0.85 else 0.65
            to = view.level + int(round(fraction * (view.pot_total + view.to_call)))
        behind = view.me.stack + view.me.bet
        if behind - to < (view.pot_total + to) * 0.35:
            to = option.max_to  # what would be left is not worth keeping back: all in
        return max(option.min_to, min(option.max_to, to))

    def _sized(self, view: DrawView, act: str, e: float) -> Decision:
        if view.rules.betting.structure == "fixed_limit":
            return Decision(act)
        return Decision(act, to=self._to(view, act, e))

    def _aggression_gain(
        self, view: DrawView, model: TableModel, e: float, mine: list[tuple[int, float]], size: int, facing: bool
    ) -> float:
        """What betting or raising ``size`` chips is worth more than checking
        (or calling): every opponent may fold, or go on with a narrower hand."""
        pot = view.pot_total
        to_call = view.to_call
        tells = _TELLS[min(3, max(0, view.exchanges - view.round + 1))]
        goes: list[float] = []
        narrowed: list[tuple[list[float], float]] = []
        ranges = self._ranges(view, model)
        # the typical player's hands after the last exchange (None before it)
        last = model.cdf(view.exchanges, 0, None) if view.round > view.exchanges else None
        for (cdf, power, told), seat in zip(ranges, view.opponents(), strict=True):
            h = self._habits(view, seat)
            if view.seats[seat].all_in:
                goes.append(1.0)
                narrowed.append((cdf, power))
                continue
            # it folds as often as it is seen to, less at a good price, and less the stronger its hand
            owed = size + view.me.bet - view.seats[seat].bet
            price = owed / max(1.0, pot + size + owed)
            if last is not None:
                # after the last exchange it folds the weakest of its hands, as many as it
                # is seen to fold of a typical player's: its own hands as this deal tells them
                below = bisect_left(last, 1.0 - h.going_on)
                folds = cdf[min(below, len(cdf) - 1)] ** power * min(1.0, price / 0.3)
            else:
                folds = (1.0 - h.going_on) * min(1.0, price / 0.3) / max(1.0, told)
            if any(a.seat == seat and a.round == view.round and a.act in ("bet", "raise") for a in view.actions):
                folds *= 0.35  # a player who bet this round seldom lets one raise take the pot
            g = min(1.0, max(0.02, 1.0 - folds))
            goes.append(g)
            calls = (
                self._habits(view, seat, _stage(view, view.exchanges + 1, seat)).calls_truthfully
                if tells == 1.0
                else 1.0
            )
            narrowed.append((cdf, power + tells * _tells(g, 8.0) * calls))
        all_fold = 1.0
        for g in goes:
            all_fold *= 1.0 - g
        # the chance of the best hand among those who go on (a player who folds is beaten)
        win = 0.0
        for b, p in mine:
            w = p
            for (cdf, power), g in zip(narrowed, goes, strict=True):
                w *= (1.0 - g) + g * cdf[b] ** power
            win += w
        callers = sum(goes) / max(1e-9, 1.0 - all_fold)
        pot_if_called = pot + size + callers * (size - to_call if facing else size)
        bet_value = all_fold * pot + (win - all_fold) * pot_if_called - (1.0 - all_fold) * size
        bet_value += self._raised(view, mine, [(c, p) for c, p, _ in ranges], goes, size, pot_if_called)
        base = e * (pot + to_call) - to_call if facing else e * pot  # calling, or checking
        return bet_value - base - MARGIN * pot

    def _raised(
        self,
        view: DrawView,
        mine: list[tuple[int, float]],
        ranges: list[tuple[list[float], float]],
        goes: list[float],
        size: int,
        pot: float,
    ) -> float:
        """What the others raising the bet adds to its worth: each player who
        goes on raises as often as it is seen to raise rather than call,
        with the best of the hands it goes on with, and the others who go on
        call the raise. Raised, this seat calls too (worth ``size * (e * n -
        1)`` with ``n`` players in the raised round and a chance ``e`` of
        beating them all) or folds its chance of the pot, whichever is worth
        more. Good hands gain by it, middling ones lose. ``ranges``: each
        opponent's distribution and power before this bet."""
        tells = _TELLS[min(3, max(0, view.exchanges - view.round + 1))]
        out = 0.0
        seats = view.opponents()
        for i, seat in enumerate(seats):
            if view.seats[seat].all_in or view.seats[seat].stack <= 0:
                continue
            h = self._habits(view, seat)
            share = min(1.0, h.raising / max(1e-9, h.going_on))  # of its going on, how much is raising
            raises = goes[i] * share
            if raises < 1e-3:
                continue
            cdf, power = ranges[i]
            stronger = power + tells * _tells(raises)
            e = 0.0
            for b, p in mine:
                w = p * cdf[b] ** stronger
                for j, ((other, other_power), g) in enumerate(zip(ranges, goes, strict=True)):
                    if j != i:
                        w *= (1.0 - g) + g * other[b] ** other_power
                e += w
            players = 2.0 + sum(g for j, g in enumerate(goes) if j != i)
            out += raises * max(size * (e * players - 1.0), -e * pot)
        return out

    def _exchange(self, view: DrawView) -> Decision:
        model = _models(view.rules)
        others = self._opponents(view, model)
        e, discard, _ = self._best(view, model, others)
        ranking = model.ranking
        last = view.round == view.exchanges
        if (
            ranking.lowball
            and last
            and len(others) == 1
            and e < 0.5
            and len(discard) >= 3  # a poor draw: snowing gives up little
            and not view.must_keep
            and self._snow_worthy(view)
            and self.rng.random() < SNOW
        ):
            self._snow = self._deal
            return exchange(())
        return keeping(view, tuple(discard))

    def _snow_worthy(self, view: DrawView) -> bool:
        """Heads-up, the opponent has drawn two or more this time and folds to a bet often enough."""
        (seat,) = view.opponents()
        drew = view.seats[seat].drew
        if len(drew) < view.round or drew[-1] < 2:
            return False
        return self._habits(view, seat, _stage(view, view.exchanges + 1, seat)).going_on < 0.65

    def _show(self, view: DrawView) -> Decision:
        """Show, unless a hand shown already beats this one in the only pot and mucking is allowed."""
        if view.option("muck") is not None and len(view.pots) == 1:
            ranking = ranking_of(view.rules)
            mine = ranking.strength(view.hand)
            shown = [s.shown for s in view.seats if s.shown and s.seat != view.seat]
            if shown and max(ranking.strength(h) for h in shown) > mine:
                return muck()
        return show()

    def _choose(self, view: DrawView) -> Decision:
        """Dealer's choice: the game with the most betting rounds, now and then another."""
        if view.carried and view.game:
            return Decision("choose", game=view.game)
        variants = dict(getattr(view.rules, "variants", ()))
        games = list(view.games)
        if self.rng.random() < 0.2 or not variants:
            return Decision("choose", game=self.rng.choice(games))
        return Decision("choose", game=max(games, key=lambda g: (variants[g].draw.exchanges, -games.index(g))))


class _Seen:
    """Every time one opponent did one act in the last betting round, and
    where its hand lay: shown (``exact``, counts by bucket), mucked at the
    showdown below a bucket (``below``, counts by that bucket), or not seen
    (``missing``)."""

    __slots__ = ("exact", "below", "missing", "n", "_cdf")

    def __init__(self, buckets: int) -> None:
        self.exact = [0] * buckets
        self.below = [0] * buckets
        self.missing = 0
        self.n = 0
        self._cdf: list[float] | None = None

    def add(self, exact: int | None, below: int | None) -> None:
        """One more time: its hand in bucket ``exact``, or below bucket ``below``, or neither known."""
        self.n += 1
        if exact is not None:
            self.exact[exact] += 1
            self._cdf = None
        elif below is not None:
            self.below[below] += 1
        else:
            self.missing += 1

    def exact_cdf(self) -> list[float]:
        """The hands shown as counts: at each bucket those below it and half those in it."""
        if self._cdf is None:
            below = 0
            out = []
            for c in self.exact:
                out.append(below + c / 2)
                below += c
            self._cdf = out
        return self._cdf


class _Openings:
    """Jackpots: one opponent's openings, by the opening level of each proof
    shown (:func:`drawpoker.bots.draw.model.opening_level`), and its
    chances to open (a turn in the first betting round before anyone
    opened), counted for each level that could open then."""

    __slots__ = (
        "opened_at",
        "chances",
        "facing",
        "going_on",
        "raising",
        "read_told",
        "raised_at",
        "raised_on",
        "raised_back",
    )

    def __init__(self) -> None:
        self.opened_at = [0.0] * LEVELS
        self.chances = [0.0] * LEVELS
        #: facing an opening bet (not yet raised) without having opened: how often, gone on, raised
        self.facing = 0.0
        self.going_on = 0.0
        self.raising = 0.0
        #: how much likelier the read by its play before the exchange made the hands it showed
        #: than the table model's guess did (a sum of log ratios)
        self.read_told = 0.0
        #: having opened, its opening bet raised before the exchange: how often, gone on, raised back
        self.raised_at = 0.0
        self.raised_on = 0.0
        self.raised_back = 0.0

    def faced(self, act: str) -> None:
        """It did ``act`` facing an opening bet."""
        self.facing += 1.0
        if act in ("call", "raise"):
            self.going_on += 1.0
        if act == "raise":
            self.raising += 1.0

    def raised(self, act: str) -> None:
        """Having opened, it did ``act`` facing a raise before the exchange."""
        self.raised_at += 1.0
        if act in ("call", "raise"):
            self.raised_on += 1.0
        if act == "raise":
            self.raised_back += 1.0

    def answers_raise(self, back: bool) -> float:
        """How often, its opening bet raised, it goes on (``back``: raises
        back), beside :data:`PRIOR_RAISED`."""
        going, raising, weight = PRIOR_RAISED
        if back:
            return (self.raised_back + raising * weight) / (self.raised_at + weight)
        return (self.raised_on + going * weight) / (self.raised_at + weight)

    def tested(self, told: float) -> None:
        """One more hand shown: the read made it ``exp(told)`` times as likely as the guess."""
        self.read_told += told

    @property
    def trust(self) -> float:
        """The chance that the read by its play before the exchange holds
        (against the table model's guess): :data:`PRIOR_TRUST` with the
        hands it has shown."""
        odds = max(-30.0, min(30.0, PRIOR_TRUST + self.read_told))
        return 1.0 / (1.0 + math.exp(-odds))

    def goes_on(self, raised: bool) -> float:
        """How often it goes on facing an opening bet (raised: how often it
        raises it), beside :data:`PRIOR_FACING`."""
        going, raising, weight = PRIOR_FACING
        if raised:
            return (self.raising + raising * weight) / (self.facing + weight)
        return (self.going_on + going * weight) / (self.facing + weight)

    def chance(self, need: int) -> None:
        """One more chance to open with a pair of ``need`` or better."""
        for level in range(max(1, need), LEVELS):
            self.chances[level] += 1.0

    def opened(self, level: int) -> None:
        """It opened, and proved a hand of ``level``."""
        self.opened_at[level] += 1.0

    def opens(self, level: int, share: float) -> float:
        """The chance that it opens a hand of ``level`` when it may (a hand
        of that level is dealt ``share`` of the time): its openings there
        against its chances, beside :data:`PRIOR_CHANCES` of a player who
        opens every hand with openers."""
        if share <= 0.0:
            return 1.0
        seen = (self.opened_at[level] + PRIOR_CHANCES * share) / ((self.chances[level] + PRIOR_CHANCES) * share)
        return min(1.0, seen)


def _near(cdf: list[float], at: int, width: int = 3) -> float:
    """The chance a distribution kept as a cdf (below each bucket, and half
    of it) gives the buckets within ``width`` of ``at``."""
    below = total = 0.0
    for b in range(min(len(cdf), at + width + 1)):
        p = max(0.0, 2.0 * (cdf[b] - below))
        if b >= at - width:
            total += p
        below += p
    return total


def _proof_level(proof: Sequence[Card], ranking: Any) -> int:
    """The opening level a proof shows, as :func:`~.model.opening_level`
    reads the hand as dealt: the pair's rank when it shows one pair of
    jacks or better (one pair, also a wild card beside one natural card,
    or two pair with that pair on top), :data:`OVER_PAIRS` for two pair
    below jacks and anything more."""
    naturals = [int(c.rank) for c in proof if not ranking.is_wild(c)]
    if len(naturals) != len(proof):
        # a wild card shows a pair only beside one natural card (pair of its rank): with a
        # natural pair or a second wild card the hand as dealt is three of a kind or better
        return naturals[0] if len(proof) == 2 and len(naturals) == 1 and naturals[0] >= 11 else OVER_PAIRS
    if len(proof) not in (2, 4):
        return OVER_PAIRS
    pairs = sorted(set(naturals), reverse=True)
    return pairs[0] if pairs[0] >= 11 else OVER_PAIRS


def _stage(view: DrawView, round_no: int, seat: int | None = None) -> int:
    """0 while an exchange is still to come after betting round ``round_no``,
    1 after the last; in jackpots after the last 2 for the opener and 3 for
    the others (``seat``'s habits there are its own: the opener bets a range
    everyone knows, the others a range capped by their checks)."""
    if round_no <= view.exchanges:
        return 0
    if view.to_open and seat is not None and view.opener is not None:
        return 2 if seat == view.opener else 3
    return 1


def _stages(view: DrawView, round_no: int, seat: int) -> tuple[int, ...]:
    """The stages whose habits an act of ``seat`` in round ``round_no`` counts
    in: its stage (:func:`_stage` without the role), and in jackpots after
    the draw its role's too."""
    pooled = 0 if round_no <= view.exchanges else 1
    role = _stage(view, round_no, seat)
    return (pooled,) if role == pooled else (pooled, role)


def _in_role(view: DrawView, seat: int, act: str) -> str:
    """An act in the last betting round as its hands are counted: in
    jackpots the opener's and the others' apart (see :func:`_stage`)."""
    if view.to_open and view.opener is not None:
        return act + ("/opener" if seat == view.opener else "/other")
    return act


def _read_key(view: DrawView, seat: int, act: str) -> str:
    """The hands an act of ``seat`` in the last betting round are counted
    and read by: the act; in jackpots the act in its role (:func:`_in_role`)
    having drawn as many cards in the last exchange (a player who drew one
    to a flush and one who drew three to a pair do not bet or check the
    same hands)."""
    role = _in_role(view, seat, act)
    if role == act:
        return act
    drew = view.seats[seat].drew
    return f"{role}/drew{drew[-1] if drew else 0}"


def _last_act(view: DrawView, seat: int) -> str | None:
    """What ``seat`` has done in the last betting round (after the last
    exchange), as its range is read: ``raise`` if it raised, else ``bet`` if
    it bet, else ``check`` if it has only checked; None otherwise (it has
    not acted there, or only called)."""
    last = view.exchanges + 1
    return _read_as([a.act for a in view.actions if a.seat == seat and a.round == last])


def _read_as(acts: Sequence[str]) -> str | None:
    if "raise" in acts:
        return "raise"
    if "bet" in acts:
        return "bet"
    if acts and all(a == "check" for a in acts):
        return "check"
    return None


def _acts_read(view: DrawView, seat: int) -> list[str]:
    """Each way ``seat``'s range was read at some point of the last betting
    round this deal (:func:`_last_act` after each of its acts there): a
    check, then a raise, is read as both. A check that ended the round
    (everyone before it checked, nobody acts after it) is left out: a range
    is read after a check only while someone is still to act, and a player
    checks behind with hands it would not check first."""
    last = view.exchanges + 1
    acts = [a for a in view.actions if a.round == last and a.act not in ("draw", "small_blind", "big_blind")]
    mine = [a.act for a in acts if a.seat == seat]
    if mine == ["check"] and acts[-1].seat == seat:
        return []
    out: list[str] = []
    for i in range(1, len(mine) + 1):
        key = _read_as(mine[:i])
        if key is not None and key not in out:
            out.append(key)
    return out


def _combined(told: list[float]) -> float:
    """What several acts of one player tell together: the most telling in
    full, the others a third (they say much the same)."""
    if not told:
        return 0.0
    top = max(told, key=abs)
    return top + (sum(told) - top) / 3.0


def _lows(hand: tuple[Card, ...], ranking: Any) -> int:
    """Different ranks of eight or lower (wild cards count) in a lowball hand."""
    values = {bot_hands.low_value(c, ranking) for c in hand}
    return len([v for v in values if v <= 8]) + max(0, sum(1 for c in hand if ranking.is_wild(c)) - 1)


def _in_blind(view: DrawView) -> bool:
    return view.round == 1 and view.me.blind is not None
