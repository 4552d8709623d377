"""A bot of your own: bets a pair of jacks or better, keeps its pairs.

    drawpoker simulate morkpoker --strategy examples/bots/jacks.py:Jacks,sensible
    drawpoker play --strategy examples/bots/jacks.py:Jacks

It is given only its seat's view (docs/bots.md) and answers with a decision.
"""

from collections import Counter

from drawpoker.games import view as v


class Jacks:
    def __init__(self, rng):
        self.rng = rng  # the seat's own random numbers (this bot needs none)

    def act(self, view):
        if view.phase == "choose_game":  # dealer's choice: the first game listed
            return v.choose(view.game if view.carried else view.games[0])
        if view.phase == "showdown":
            return v.show()
        counts = Counter(card.rank for card in view.hand if not card.is_joker)
        pairs = [rank for rank, n in counts.items() if n >= 2]
        if view.phase == "exchange":  # keep pairs, jokers and what must be kept; throw the rest
            throw = [c for c in view.hand if not c.is_joker and counts[c.rank] < 2 and c not in view.must_keep]
            return v.exchange(tuple(throw[: view.max_exchange]))
        strong = any(rank >= 11 for rank in pairs) or len(pairs) >= 2
        if strong and view.option("raise") and view.raises < 2:
            return v.raise_to(view.option("raise").min_to)
        if strong and view.option("bet"):
            return v.bet(view.option("bet").min_to)
        if view.option("check"):
            return v.check()
        return v.call() if strong or view.to_call <= view.step else v.fold()
