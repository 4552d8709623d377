"""drawpoker's PHH of pot- and no-limit deals with blinds, replayed in pokerkit.

PHH has no code for high-hand five-card draw, so the export writes
``NH1D``/``PH1D`` (non-standard, said on stderr); the test registers them with
pokerkit as games of its own -- five-card draw, high hands, no or pot limit,
blinds, one draw -- exactly as test_phh.py does for Mørkpoker's ``FH1D``, and
every exported deal must replay there to the same finishing stacks. Deals
where docs/rules.md 4.5 plays differently from pokerkit are left out, each named
and counted:

* ``short big blind``: the big blind posted short; pokerkit lets the others
  call only what was posted.
* ``odd chips``: two or more odd chips of a split pot (pokerkit gives them
  to one winner).
* ``raise nobody can answer``: drawpoker lets a player raise while another
  still has chips, even if nobody left can put in more than the call;
  pokerkit refuses that raise.

The standard variants come from the shipped rulesets, played by the engine
and exported as they are: ``deuce-to-seven-single-draw`` is written as
``N2L1D`` and ``deuce-to-seven-triple-draw`` as ``F2L3D``, and pokerkit's own
``HandHistory`` (no game registered by the test) must replay them to the same
finishing stacks. One more rule differs there:

* ``cap after the draw``: docs/rules.md allows four raises after the first bet in
  every round (five bets); pokerkit's fixed limit allows four bets after the
  draw (a bet and three raises).
* ``cap lifted heads-up``: docs/rules.md lifts the cap when two players are left
  before it is reached; pokerkit keeps it (four raises over the big blind).
"""

from __future__ import annotations

import io
import warnings
from collections import Counter

import attrs
import pytest
from pokerkit import BettingStructure, Deck, HandHistory, Opening, Poker, StandardHighHand, Street

from drawpoker.games.draw import events as ev
from drawpoker.games.draw.reducer import apply
from drawpoker.history.deals import iter_deals
from drawpoker.history.phh import export_phh
from drawpoker.history.reader import open_history
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate


def _draw_game(structure):
    class HighDraw(Poker):
        deck = Deck.STANDARD
        hand_types = (StandardHighHand,)
        betting_structure = structure

        def __init__(self, automations, ante_trimming_status, raw_antes, raw_blinds_or_straddles, min_bet, **kw):
            super().__init__(
                automations,
                (
                    Street(False, (False,) * 5, 0, False, Opening.POSITION, min_bet, None),
                    Street(False, (), 0, True, Opening.POSITION, min_bet, None),
                ),
                ante_trimming_status,
                raw_antes,
                raw_blinds_or_straddles,
                0,
                **kw,
            )

    return HighDraw


class WithHighDraws(HandHistory):
    game_types = {
        **HandHistory.game_types,
        "NH1D": _draw_game(BettingStructure.NO_LIMIT),
        "PH1D": _draw_game(BettingStructure.POT_LIMIT),
    }
    required_field_names = {
        **HandHistory.required_field_names,
        "NH1D": HandHistory.required_field_names["N2L1D"],
        "PH1D": HandHistory.required_field_names["N2L1D"],
    }


def _final_stacks(hh):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, last = hh
    return list(last.stacks)


def _differs(deal):
    """The rule of docs/rules.md 4.5 this deal plays differently from pokerkit, or None."""
    events = deal.events
    for e in events:
        if isinstance(e, ev.BlindPosted) and e.blind == "big" and e.amount < e.level:
            return "short big blind"
        if isinstance(e, ev.PotAwarded) and len(e.odd) > 1:
            return "odd chips"
    s = deal.before.copy()
    for e in events:
        if isinstance(e, (ev.BetPlaced, ev.Raised)):
            others = [i for i in range(s.seats) if i != e.seat and s.live(i) and s.stacks[i] > 0]
            if all(s.stacks[i] + s.bets[i] <= s.level for i in others):
                return "raise nobody can answer"
        apply(s, e)
    return None


@pytest.mark.parametrize("structure, code", [("no_limit", "NH1D"), ("pot_limit", "PH1D")])
def test_pokerkit_replays_drawpokers_pot_and_no_limit_export(tmp_path, structure, code):
    base = load_rules("no-limit-draw")
    rules = attrs.evolve(base, betting=attrs.evolve(base.betting, structure=structure))
    seen = _replay_exports(tmp_path, rules, WithHighDraws, code, _differs)
    print(structure, dict(seen))
    assert seen["replayed"] > 100


def _past_pokerkits_cap(deal):
    """Why pokerkit's fixed-limit cap would refuse one of this deal's raises, or None."""
    bets: Counter[int] = Counter()
    round_ = 0
    for e in deal.events:
        if isinstance(e, ev.RoundStarted):
            round_ = e.round
        elif isinstance(e, (ev.BetPlaced, ev.Raised)):
            bets[round_] += 1
    if bets[1] > 4:  # the big blind is the first bet: four raises over it
        return "cap lifted heads-up"
    if any(n > 4 for r, n in bets.items() if r > 1):
        return "cap after the draw"
    return None


@pytest.mark.parametrize(
    "ruleset, code",
    [("deuce-to-seven-single-draw", "N2L1D"), ("deuce-to-seven-triple-draw", "F2L3D")],
)
def test_pokerkit_replays_the_standard_variants_drawpoker_exports(tmp_path, ruleset, code):
    rules = load_rules(ruleset)

    def differs(deal):
        return _differs(deal) or (_past_pokerkits_cap(deal) if code == "F2L3D" else None)

    seen = _replay_exports(tmp_path, rules, HandHistory, code, differs, standard=True)
    print(ruleset, dict(seen))
    assert seen["replayed"] > 150
    assert sum(seen.values()) - seen["replayed"] < 10


def _replay_exports(tmp_path, rules, reader, code, differs, standard=False) -> Counter[str]:
    """Simulate three sessions of ``rules``, export each as PHH and replay
    every finished deal in pokerkit (``reader``: a HandHistory class); each
    deal must end on drawpoker's stacks, unless ``differs`` names the rule
    that plays differently. The count of deals replayed and left out."""
    seen: Counter[str] = Counter()
    for seed in range(3):
        logs = SessionLogs(tmp_path / f"{seed}.jsonl", rules)
        try:
            simulate(rules, 2 + seed * 2, 60, seed, ("sensible", "random"), sink=logs.write, on_session=logs.start)
        finally:
            logs.close()
        for path in logs.paths:
            out, notice = io.StringIO(), io.StringIO()
            export_phh(open_history(path), out, notice=notice)
            if standard:
                assert notice.getvalue() == ""  # a standard variant: nothing to say
            hands = {hh.hand: hh for hh in reader.loads_all(out.getvalue())}
            for deal in iter_deals(open_history(path)):
                if not deal.finished:
                    continue
                why = differs(deal)
                if why is not None:
                    seen[why] += 1
                    continue
                hh = hands[deal.number]
                assert hh.variant == code
                assert _final_stacks(hh) == hh.finishing_stacks == list(_by_phh_order(deal, hh)), deal.number
                seen["replayed"] += 1
    return seen


def _by_phh_order(deal, hh):
    """drawpoker's stacks after the deal, in the PHH's player order."""
    stacks = dict(zip(deal.after.names, deal.after.stacks, strict=True))
    return [stacks[name] for name in hh.players]
