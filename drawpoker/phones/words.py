"""The page's words: every text a phone shows, in the project's catalogue.

The page holds no sentence of its own. The server puts the words of the
table's language into the page it serves (a JSON object from key to text),
and the page's script fills its gaps (``{n}``, ``{name}``). The English is
the message id here, the Norwegian is in ``drawpoker/words/locale/nb.po``
like every other text, and the catalogue check finds them
(:mod:`drawpoker.words.catalogue` reads this module).

>>> page_words("nb")["fold"]
'Kast deg'
>>> page_words("en")["card"]
'{rank} of {suit}'
>>> sorted(set(page_words("en")) ^ set(page_words("nb")))
[]
"""

from __future__ import annotations

from drawpoker.words.i18n import N_, NP_, Translator

__all__ = ["WORDS", "page_words"]

#: key -> the English text (the message id)
WORDS: dict[str, str] = {
    # the page's frame
    "title": N_("drawpoker: your cards"),
    "connecting": N_("Connecting to the table…"),
    "reconnecting": N_("The connection to the table was lost; trying again…"),
    "wait": N_(
        "Another phone holds this seat. The table has been asked to let this one in; wait for a yes at the laptop."
    ),
    # a phone asking for a seat played at the laptop (no phone holds it)
    "wait_laptop": N_(
        "This seat is played at the laptop. The table has been asked to let this phone in; "
        "wait for a yes at the laptop."
    ),
    "bye_refused": N_("This phone was not let in. Ask at the table for your seat's code."),
    "bye_moved": N_("Your seat moved to another phone."),
    # the same phone (its device key) opened the seat again: a second tab or window; a reload here takes it back
    "bye_another_tab": N_(
        "Your seat is open in another tab or window of this phone. Play there, or reload this page to play here."
    ),
    "bye_taken_back": N_("Your seat was taken back to the laptop."),
    "bye_left": N_("You have left the table; your seat can no longer be joined."),
    "bye_closed": N_("The table has closed."),
    "bye_busy": N_("Too many messages from this phone; reload the page to come back."),
    "bye_gone": N_(
        "This address no longer works: the table was started again, or your seat has a new code. "
        "Scan your seat's code at the laptop."
    ),
    "offline_turn": N_("Your decision waits until the phone is connected to the table again."),
    "you": N_("You: {name}"),
    "your_turn": N_("Your turn"),
    # the same player again, in the next part of the deal (the betting closed, and they exchange first): a
    # step of its own, as the laptop's "your turn again", so a second tap meant for the last button does nothing
    "your_turn_again": N_("Your turn again"),
    "again_help": N_("The next part of the deal begins with you: Go on shows it."),
    "again_box_help": N_("Your next box is up: Go on shows it."),  # (Three Card Poker: the same player's next box)
    "go_on": N_("Go on"),
    "waiting_for": N_("Waiting for {name}"),
    "pot": N_("Pot: {n}"),
    "deal": N_("Deal {n}"),
    "stack": N_("Chips: {n}"),
    "bet_here": N_("In front: {n}"),
    "button": N_("dealer"),
    "folded": N_("folded"),
    "empty_seat": N_("(empty seat)"),
    "computer": N_("computer"),
    "computer_plays": N_("The computer plays for you (the chips stay yours)."),
    "broke_ask": N_("You are out of chips: buy {n} more?"),
    "rebuy": N_("Buy {n} more"),
    "decline": N_("Leave the table with nothing"),
    "all_in": N_("all-in"),
    # as the laptop's table says them: a player out of chips who does not buy again ("sitting out" for the rest of
    # the session), a player sitting out a while ("away"), one not dealt in (waiting for the big blind), and in
    # Three Card Poker one who sits a round out
    "out": N_("sitting out"),
    "away": N_("away"),
    "not_in_deal": N_("not in this deal"),
    "out_round": N_("out this round"),
    "drew": N_("drew {n}"),
    "stood_pat": N_("stood pat"),  # (drew none, as the laptop's table says it)
    "small_blind": N_("SB"),  # the blinds posted this deal, as the laptop's table marks them
    "big_blind": N_("BB"),
    "mucked": N_("mucked"),
    "checked": NP_("seat", "check"),  # checked this betting round, as the laptop's table marks it
    "your_cards": N_("Your cards"),
    "no_cards": N_("No cards now."),
    "table": N_("The table"),
    "log": N_("What happened"),
    "result": N_("The last deal"),
    "result_round": N_("The last round"),
    "standings": N_("Standings"),
    # a deal (round) is being played: the standings count the deals that ended (the chips at the table are less)
    "standings_before": N_("Standings as this deal began"),
    "standings_before_round": N_("Standings as this round began"),
    "seal": N_("Seal: {seal}"),
    "sending": N_("Sent; waiting for the table…"),
    "refused": N_("The table refused: {reason}"),
    # the legal actions (the buttons)
    "fold": N_("Fold"),
    "fold_free": N_("Fold? You could check for free. Tap Fold anyway to fold."),
    "fold_anyway": N_("Fold anyway"),
    "check": N_("Check"),
    "call": N_("Call {n}"),
    "call_all_in": N_("Call {n} (all-in)"),
    "bet": N_("Bet {n}"),
    "raise": N_("Raise to {n}"),
    # a bet or raise that puts every chip in, as the laptop's menu and amount entry say it
    "bet_all_in": N_("Bet {n} (all-in)"),
    "raise_all_in": N_("Raise to {n} (all-in)"),
    "bet_choose": N_("Bet…"),
    "raise_choose": N_("Raise…"),
    "show": N_("Show"),
    "muck": N_("Muck"),
    # the amount entry
    "amount": N_("Amount (your total this round)"),
    "amount_range": N_("From {low} to {high}"),
    "less": N_("Less"),
    "more": N_("More"),
    "half_pot": N_("Half pot"),
    "pot_size": N_("Pot"),
    "all_in_button": N_("All in"),
    "confirm_bet": N_("Bet {n}"),
    "confirm_raise": N_("Raise to {n}"),
    "cancel": N_("Back"),
    # the exchange
    "exchange_help": N_("Tap the cards to throw (up to {n}), then exchange."),
    "exchange_help_ace": N_("Tap the cards to throw (up to {n}, {m} keeping an ace), then exchange."),
    "exchange_which": N_("Exchange {which} of {of}"),
    "exchange": N_("Throw {n} and draw"),
    "stand_pat": N_("Stand pat"),
    "too_many": N_("You may throw at most {n} cards."),
    # the draw coach
    "coach": N_("Draw coach"),
    "coach_keep": N_("Keep {cards}, draw {n}"),
    "coach_pat": N_("Stand pat"),
    "nothing": N_("nothing"),  # the cards kept when all are thrown: "Keep nothing, draw 5"
    "coach_better": N_("{p}% to improve"),
    # the laptop's H: each choice's chance to win, which marks the best, beside its chance to improve
    "coach_wins": N_("wins {p}%"),
    "coach_against_one": N_("Wins: against a sensible opponent, after the draw."),
    "coach_against": N_("Wins: against all {n} sensible opponents, after the draw."),
    "coach_best": N_("best"),
    "decimal": NP_("decimal separator", "."),  # 28.7 (Norwegian 28,7)
    # dealer's choice: the dealer picks the next deal's game
    "choose_help": N_("You deal next: choose the game."),
    "choose_label": N_("Deal {title}"),
    "choosing": N_("Waiting for {name} to choose the game"),
    # before the first deal (no deal, no pot yet): what the laptop's screen says then
    "deals_choice": N_("{name} deals: dealer's choice. Which game?"),
    # Three Card Poker: the seat's boxes, the bet slips, play or fold, the result
    "round": N_("Round {n}"),
    "your_boxes": N_("Your boxes"),
    "no_boxes": N_("No boxes this round."),
    "box": N_("Box {n}"),
    "not_dealt": N_("The cards come once every bet is in."),
    "ante": N_("Ante"),
    "pair_plus": N_("Pair Plus"),
    "prime": N_("Prime"),
    "six_card": N_("Six Card Bonus"),
    "less_bet": N_("Less {bet}, box {n}"),
    "more_bet": N_("More {bet}, box {n}"),
    "bet_range": N_("{bet}: from {low} to {high}."),  # a tap of − or + at the bet's limit, as the laptop says it
    "add_box": N_("Add a box"),
    "remove_box": N_("Remove box {n}"),
    "place": N_("Place bets: {n}"),
    "slip_need": N_("With the Play bets these bets may need {n} chips; you have {stack}."),
    "sit_out": N_("Sit this round out"),
    "cannot_cover": N_("You cannot cover the smallest bet: sit this round out."),
    "cannot_cover_bank": N_("The bank cannot cover your smallest bet: sit this round out."),
    "play": N_("Play (Play bet {n})"),
    "fold_box": N_("Fold (lose the ante)"),
    "decide_help": N_("Box {n}: play or fold."),
    "hint": N_("Hint"),
    "hint_play": N_("The best play with these cards is to play."),
    "hint_fold": N_("The best play with these cards is to fold."),
    "you_deal": N_("You deal this round and hold the bank."),
    "bank_dealer": N_("Dealer {name} · bank {amount}"),
    "bank_house": N_("The house deals · bank {amount}"),
    "unlimited": N_("unlimited"),
    "dealer_shows": N_("Dealer: "),
    "qualifies": N_("qualifies"),
    "not_qualifies": N_("does not qualify"),
    "box_ante": NP_("seat", "ante {n}"),
    "box_pair_plus": N_("PP {n}"),
    "box_prime": N_("Prime {n}"),
    "box_six_card": N_("Six {n}"),
    "box_plays": N_("plays {n}"),
    "box_folded": NP_("three card", "folded"),
    "box_result": N_("Result: {net}"),
    "col_ante": NP_("column", "Ante"),
    "col_play": NP_("column", "Play"),
    "col_ante_bonus": NP_("column", "Bonus"),
    "col_pair_plus": NP_("column", "P.Plus"),
    "col_prime": NP_("column", "Prime"),
    "col_six_card": NP_("column", "Six"),
    # the standings' columns
    "player": N_("Player"),
    "chips": N_("Chips"),
    "bought": N_("Bought"),  # after first sitting down: rebuys, add-ons, a buy-in on coming back (as the laptop's)
    "net": N_("Result"),
    # a card, for a screen reader
    "card": N_("{rank} of {suit}"),
    "joker": N_("joker"),
    "spades": NP_("suit", "spades"),
    "hearts": NP_("suit", "hearts"),
    "diamonds": NP_("suit", "diamonds"),
    "clubs": NP_("suit", "clubs"),
}

#: the ranks a card's name uses, by the letter in its text (their words are the rules' own, context "rank")
RANKS = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}

_CONTEXT = {
    "decimal": "decimal separator",
    "spades": "suit",
    "hearts": "suit",
    "diamonds": "suit",
    "clubs": "suit",
    "box_ante": "seat",
    "checked": "seat",
    "box_folded": "three card",
    **{f"col_{bet}": "column" for bet in ("ante", "play", "ante_bonus", "pair_plus", "prime", "six_card")},
}


def page_words(language: str) -> dict[str, str]:
    """Every word of the page in ``language``: key -> text (rank names under ``rank_X``)."""
    tr = Translator(language)
    words = {key: (tr.p(_CONTEXT[key], text) if key in _CONTEXT else tr._(text)) for key, text in WORDS.items()}
    words.update({f"rank_{letter}": tr.p("rank", name) for letter, name in RANKS.items()})
    return words
