"""The whole screen for the controller's state, as lines of styled text.

:func:`screen_lines` decides the layout (80×24 at least; a bigger
terminal gives the log more room; a smaller one is told the size it
needs, :mod:`drawpoker.client.small`); the game views fill it in. A screen
shared by the table (``ctl.viewer`` is None) carries no private card.
"""

from __future__ import annotations

from typing import Any

from drawpoker.client.chart import chip_chart, legend_room, player_series, standings_lines
from drawpoker.client.controller import (
    AGAIN,
    ASK,
    CHOOSE,
    DEAL_OVER,
    DRAWN,
    FAILED,
    HANDOVER,
    PEEK,
    PHONE,
    RESUMED,
    SESSION_OVER,
    SETUP,
    TURN,
    WATCH,
    Controller,
)
from drawpoker.client.draw import view as draw_view
from drawpoker.client.help import help_lines
from drawpoker.client.lines import (
    Fragment,
    Line,
    center,
    center_wrapped,
    clip,
    join_lines,
    line_width,
    pad,
    plain,
    styled,
    wrap,
    wrap_line,
)
from drawpoker.client.log import deal_log, pot_award_text
from drawpoker.client.look import ASCII_FALLBACK, asciify
from drawpoker.client.small import MIN_COLUMNS, MIN_ROWS, fits, too_small_lines, too_small_texts
from drawpoker.client.table import TABLE_ROWS
from drawpoker.client.three_card import view as three_card_view
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.words.evening_text import gets_text
from drawpoker.words.hands import describe_hand
from drawpoker.words.i18n import Translator

__all__ = ["MIN_COLUMNS", "MIN_ROWS", "filled", "quit_key", "screen", "screen_lines", "screen_text"]


def screen(ctl: Controller, columns: int, rows: int) -> list[Fragment]:
    """The formatted text that fills a terminal of ``columns`` × ``rows``."""
    return filled(ctl, screen_lines(ctl, columns, rows), columns, rows)


def filled(ctl: Controller, lines: list[Line], columns: int, rows: int) -> list[Fragment]:
    """The screen's ``lines`` (:func:`screen_lines`) as the formatted text
    that fills a terminal of ``columns`` × ``rows`` (cut at its last row)."""
    lines = lines[:rows]
    lines += [[] for _ in range(rows - len(lines))]
    text = join_lines([pad(line, columns) for line in lines])
    return text if ctl.look.unicode else asciify(text)


def screen_text(ctl: Controller, columns: int = MIN_COLUMNS, rows: int = MIN_ROWS) -> str:
    """The screen as plain text (for tests and captures), as :func:`screen` draws it."""
    lines = screen_lines(ctl, columns, rows)[:rows]
    text = "\n".join("".join(t for _, t in line) for line in lines)
    return text if ctl.look.unicode else text.translate(ASCII_FALLBACK)


def screen_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    """The lines of the screen, top to bottom."""
    tr = ctl.tr
    if not fits(columns, rows):  # one sentence, as long as the window holds whole
        leaving = quit_key(tr) if ctl.quit_asked else None
        return too_small_lines(too_small_texts(tr, columns, rows, leaving=leaving), columns, rows)
    if ctl.quit_asked:
        return _quit_lines(ctl, columns, rows)
    if ctl.session is not None and ctl.phones is not None:
        from drawpoker.client import phone_screens

        if ctl.asked() is not None:
            return _framed(ctl, tr._("Phones"), phone_screens.approval_lines(ctl, columns, rows - 3), columns, rows)
        if ctl.phones_open:
            return [_title_line(ctl, tr._("Phones"), columns)] + phone_screens.join_lines(ctl, columns, rows - 1)
    if ctl.help_open:
        return help_lines(ctl, columns, rows)
    if ctl.screen == SETUP:
        assert ctl.setup is not None
        return _framed(ctl, _setup_title(ctl), ctl.setup.lines(ctl.look, columns, rows - 3), columns, rows)
    if ctl.screen == FAILED:
        body = [styled("class:warn", line) for line in wrap(ctl.failure or "", columns)]
        body += [[], styled("", tr._("Everything up to here is saved and can be resumed. Press Enter to leave."))]
        return _framed(ctl, tr._("The game has stopped"), body, columns, rows)
    if ctl.menu is not None:
        return _menu_lines(ctl, columns, rows)
    if ctl.screen == ASK:
        return _ask_lines(ctl, columns, rows)
    if ctl.screen == DRAWN:
        body = [styled("", line) for text in ctl.drawn_lines() for line in wrap(text, columns - 2)]
        body += [[], styled("class:turn", ctl.tr._("Press Enter to go on."))]
        return _framed(ctl, _game_title(ctl), body, columns, rows)
    if ctl.screen == HANDOVER:
        return _handover_lines(ctl, columns, rows)
    if ctl.screen == CHOOSE or (ctl.screen == WATCH and ctl.to_act is None):  # (a computer dealer picks)
        return _choose_lines(ctl, columns, rows)
    if ctl.screen == PHONE and ctl.to_act is None:  # dealer's choice: the dealer picks on the phone
        from drawpoker.client.phone_screens import phone_area

        assert ctl.session is not None
        name = ctl.session.state.names[ctl.waiting_seat() or 0]  # (as at the laptop: who deals, and picks)
        picks = styled("class:turn", tr._("{name} deals: dealer's choice. Which game?").format(name=name))
        return _framed(ctl, tr._("Dealer's choice"), [picks, [], *phone_area(ctl)], columns, rows)
    if ctl.screen in (DEAL_OVER, SESSION_OVER, RESUMED):
        return _between_lines(ctl, columns, rows)
    return _table_screen(ctl, columns, rows)


def _choose_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    """Dealer's choice: the dealer picks the next deal's game."""
    tr = ctl.tr
    session = ctl.session
    assert session is not None
    dealer = ctl.dealer()
    name = session.state.names[dealer] if dealer is not None else ""
    from drawpoker.rules.explain import names_itself, ruleset_description
    from drawpoker.words.rules_text import variant_names

    body: list[Line] = [styled("class:turn", tr._("{name} deals: dealer's choice. Which game?").format(name=name)), []]
    if ctl.screen == WATCH:  # a computer deals: its bot picks
        body.append(styled("class:dim", tr._("{name} (computer) is thinking…").format(name=name)))
        return _framed(ctl, tr._("Dealer's choice"), body, columns, rows)
    words = variant_names(session.game.rules, tr)  # in words, never the games' file names
    for i, (game, (_, rules)) in enumerate(zip(words, session.game.rules.variants, strict=True)):
        line: Line = [("class:key", f"[{i + 1}]"), ("", f" {game}")]
        description = ruleset_description(rules, tr)
        if description.casefold().startswith(game.casefold()):  # the name once: "Jackpots (jacks or better ...)"
            line.append(("class:dim", description[len(game) :]))
        elif names_itself(game, description):  # said further on: "No-limit five-card draw (...)" alone
            line[1] = ("", " " + description)
        else:
            line.append(("class:dim", "  " + description))
        body.append(line)
    return _framed(ctl, tr._("Dealer's choice"), body, columns, rows)


def _setup_title(ctl: Controller) -> str:
    assert ctl.setup is not None
    from drawpoker.words.rules_text import table_name

    rules = ctl.setup.rules
    game = table_name(rules, ctl.tr)
    return ctl.tr._("New session: {game}").format(game=game)


def _title_line(ctl: Controller, title: str, columns: int) -> Line:
    right = ctl.tr._("? help · Ctrl-C leave")
    left = clip([("class:title", " " + title)], columns - len(right) - 2)
    gap = columns - line_width(left) - len(right) - 1
    return left + [("", " " * max(1, gap)), ("class:dim", right)]


def _message_lines(ctl: Controller, columns: int, beside_log: bool = False) -> list[Line]:
    """The message at the foot of the screen, wrapped whole (a refusal can be long); on a
    screen that shows the deal's log (``beside_log``), none when it only says again what the
    log's last lines say ("Anna leaves the table with 38 chips." once, not twice)."""
    if ctl.message is None or (beside_log and _said_by_the_log(ctl, ctl.message)):
        return [[]]
    return [styled("class:warn", line) for line in wrap(ctl.message, columns)] or [[]]


def _said_by_the_log(ctl: Controller, message: str) -> bool:
    """``message`` is the log's last line, or its last lines one after another (what the
    table menu did is said both ways: the log keeps it, the message line answers the key)."""
    session = ctl.session
    if session is None or not session.chunks:
        return False
    lines = [plain(line) for line in deal_log(session.game, session.chunks, ctl.tr, ctl.look)]
    if lines and lines[-1] == ctl.tr._("The session is over."):  # (the log's title for the end the change made)
        lines.pop()
    said = message.split()
    for count in range(1, len(lines) + 1):
        tail = " ".join(lines[-count:]).split()
        if tail == said:
            return True
        if len(tail) >= len(said):
            return False
    return False


def _framed(
    ctl: Controller,
    title: str,
    body: list[Line],
    columns: int,
    rows: int,
    message: bool = True,
    beside_log: bool = False,
) -> list[Line]:
    out = [_title_line(ctl, title, columns), []]
    foot = _message_lines(ctl, columns, beside_log) if message else [[]]
    room = rows - 2 - len(foot)
    out += [part for line in body for part in wrap_line(line, columns, indent=4)][:room]
    out += [[] for _ in range(rows - len(foot) - len(out))]
    return out + foot


def _game_title(ctl: Controller) -> str:
    session = ctl.session
    assert session is not None
    view = draw_view if session.kind == "morkpoker" else three_card_view
    title: str = view.title_text(session.state, session.game.rules, ctl.tr)  # (the deal's game: from its state)
    return title


def _handover_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    tr = ctl.tr
    seat = ctl.handover_seat
    assert seat is not None
    name = ctl.state.names[seat]
    body: list[Line] = [[] for _ in range(rows // 2 - 5)]
    body.append(center(styled("class:handover", tr._("Pass to {name}").format(name=name)), columns))
    body.append([])
    body.append(center(styled("", tr._("Press Enter when only {name} is looking.").format(name=name)), columns))
    body.append([])
    body.append(center(styled("class:dim", tr._("Everyone else: please look away.")), columns))
    return _framed(ctl, _game_title(ctl), body, columns, rows)


def _menu_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    """The table menu (T): what can happen at the table, and its questions."""
    assert ctl.menu is not None
    lines = ctl.menu.lines()
    body: list[Line] = [styled("class:turn", lines[0]), []]
    for line in lines[1:]:
        key, _, rest = line.partition("] ")
        body.append([("class:key", key + "]"), ("", " " + rest)] if line.startswith("[") and rest else styled("", line))
    if ctl.state.phase != "between_deals":
        during = (
            ctl.tr._("A deal is being played: the change takes effect when it ends.")
            if ctl.game_kind == "morkpoker"
            else ctl.tr._("A round is being played: the change takes effect when it ends.")
        )
        body += [[], styled("class:dim", during)]
    return _framed(ctl, ctl.tr._("The table"), body, columns, rows)


def _ask_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    """A broke player is asked, in front of everyone, whether to buy again."""
    tr = ctl.tr
    assert ctl.asking is not None and ctl.session is not None
    name = ctl.state.names[ctl.asking]
    amount = ctl.session.game.rules.session.rebuy_amount
    body: list[Line] = [[] for _ in range(rows // 2 - 5)]
    question = tr._("{name} is out of chips: buy {n} more?").format(name=name, n=amount)
    body.append(center(styled("class:handover", question), columns))
    body.append([])
    body.append(
        center(
            [
                ("class:key", f"[{quit_key(tr)}]"),
                ("", " " + tr._("buy {n} more").format(n=amount) + "    "),
                ("class:key", f"[{tr.p('key', 'N')}]"),
                ("", " " + tr._("leave the table with nothing")),
            ],
            columns,
        )
    )
    if ctl.state.away[ctl.asking]:  # asked as the deal ended, having asked to sit out: still away after a yes
        body.append([])
        said = tr._("{name} sits out: with new chips too, until coming back.").format(name=name)
        body += center_wrapped(styled("class:dim", said), columns)
    if ctl.phones is not None and ctl.phones.holds(ctl.asking):  # the phone has the same two buttons
        body.append([])
        said = tr._("{name} may answer on the phone instead.").format(name=name)
        body += center_wrapped(styled("class:dim", said), columns)
    return _framed(ctl, _game_title(ctl), body, columns, rows)


def _quit_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    tr = ctl.tr
    body: list[Line] = [styled("class:warn", tr._("Leave the game?")), []]
    if ctl.session is not None and ctl.session.path is not None:
        saved = tr._("Everything so far is saved in {path}.").format(path=ctl.session.path)
        body += [styled("", line) for line in wrap(saved, columns - 2)]
        from drawpoker.settings import history_name

        # the name the command takes back (its whole path only outside the histories folder)
        # the command whole on a line of its own, to be copied (after "To go on later:" in Norwegian it was
        # broken before the history's name)
        resume = f"drawpoker play --resume {history_name(ctl.session.path)}"
        body.append(styled("", tr._("To go on later:")))
        if line_width(styled("", "  " + resume)) <= columns - 2:
            body.append(styled("", "  " + resume))
        else:  # (a history outside the folder, by its whole path: broken at its folders, from the first column)
            body += [styled("", line) for line in wrap(resume, columns - 2)]
    else:
        body.append(styled("", tr._("No game has started yet; nothing is saved.")))
    body += [
        [],
        [
            ("class:key", f"[{quit_key(tr)}]"),
            ("", " " + tr._("leave") + "    "),
            ("class:key", f"[{tr.p('key', 'N')}]"),
            ("", " " + tr._("stay")),
        ],
    ]
    return _framed(ctl, tr._("Leave?"), body, columns, rows, message=False)


def quit_key(tr: Translator) -> str:
    """The key that answers yes to "Leave the game?": Y, or J in Norwegian."""
    return tr.p("key", "Y")


def _log_lines(ctl: Controller, columns: int, room: int) -> list[Line]:
    session = ctl.session
    assert session is not None
    lines = deal_log(session.game, session.chunks, ctl.tr, ctl.look)
    wrapped = [part for line in lines[-room:] for part in wrap_line(line, columns)]
    return wrapped[-room:] if room > 0 else []


def standing_rows(ctl: Controller) -> list[tuple[str, int, int, int]]:
    """(name, chips, chips bought after first sitting down, result) for each player, best first:
    every chip bought counted, a player who left named so, with what they took (the evening's
    ledger). A player who left and sat down again: the buy-in of coming back among what was
    bought, the chips taken away on leaving among the chips (see :func:`standing_notes`), so
    that each row says, as every other, chips less the first buy-in less what was bought after.
    The laptop's last screens and the phones' standings alike."""
    session = ctl.session
    assert session is not None
    tr = ctl.tr
    rows = [
        (r.name, r.cashed, r.rebought + r.bought_back, r.net)  # (cashed: the stack, and what was taken before)
        if r.seated
        else (tr._("{name} (left)").format(name=r.name), r.cashed, r.rebought + r.bought_back, r.net)
        for r in session.ledger.results()
    ]
    return sorted(rows, key=lambda row: -row[3])


def standing_notes(ctl: Controller) -> list[str]:
    """What the standings' figures hold that a look at the table would not say: a newcomer's
    buy-in other than the starting stack ("Dag bought in for 25 chips on arriving."), the chips of a
    player who left and came back ("Cato: 40 at the table and 39 taken away on leaving."), and a
    pot still carried, counted back (the laptop says them under its standings, the phones too)."""
    session = ctl.session
    assert session is not None
    tr = ctl.tr
    results = session.ledger.results()
    # a newcomer's buy-in other than the starting stack (a house's range): 'Bought' holds only what
    # was bought after sitting down, so the row adds up only with the first buy-in known
    starting = session.game.rules.session.starting_stack
    seated = {name.casefold() for name in (session.chip_history[0] if session.chip_history else ())}  # at the start
    notes = [
        tr.n("{name} bought in for {n} chip on arriving.", "{name} bought in for {n} chips on arriving.", first).format(
            name=r.name, n=first
        )
        for r in results
        for first in [r.bought - r.rebought - r.bought_back]
        if r.name.casefold() not in seated and first != starting
    ]
    notes += [
        tr._("{name}: {stack} at the table and {took} taken away on leaving.").format(
            name=r.name, stack=r.stack, took=r.cashed - r.stack
        )
        for r in results
        if r.seated and r.cashed != r.stack
    ]
    # (the ledger's: what the standings count back, also while a deal is played into the carried pot)
    carried = session.ledger.carried
    if carried and not session.over:  # the table shows less in front of each: say why the chips here differ
        notes.append(
            tr._("Chips include the carried pot of {n}, shared back as if the evening ended now.").format(n=carried)
        )
    return notes


def _ranking(session: Any) -> Any:
    """The showdown's ranking of a draw session's rules."""
    from drawpoker.ranking import ranking_for_deck

    rules = game_in_play(session.game, session.state).rules
    return ranking_for_deck(rules.deck, rules.showdown.ranking)


def _mork_summary(ctl: Controller) -> list[Line]:
    """The end of a Mørkpoker deal: hands shown, pots won (all public)."""
    tr, look = ctl.tr, ctl.look
    session = ctl.session
    assert session is not None
    from drawpoker.history.deals import deal_names

    names = deal_names(session.chunks[0][0] if session.chunks else None, session.state)  # (a leaver's name too)
    out: list[Line] = []
    awards = sum(type(e).__name__ == "PotAwarded" for _, events in session.chunks for e in events)
    # the evening ended with the pot carried: it goes back, not on to a next deal (docs/rules.md 6.5)
    returned = next(
        (e for _, events in session.chunks for e in events if type(e).__name__ == "CarriedPotReturned"), None
    )
    proved = False
    for _, events in session.chunks:
        for event in events:
            kind = type(event).__name__
            if kind == "HandShown":
                out.append(
                    [("", f"{names[event.seat]}: ")]
                    + look.cards(event.cards)
                    + [("class:dim", "  " + describe_hand(event.cards, tr, _ranking(session)))]
                )
            elif kind == "HandMucked":
                out.append(styled("class:dim", tr._("{name} mucks.").format(name=names[event.seat])))
            elif kind == "OpenersShown":  # the opener's proof is public, shown here as in the log
                line = [("", tr._("{name} shows the openers: ").format(name=names[event.seat]))]
                line += look.cards(event.cards)
                if event.apart:
                    line += [("", tr._(" (thrown and kept apart: "))] + look.cards(event.apart) + [("", ")")]
                out.append(line)
                proved = True
            elif kind == "PotAwarded":
                text = pot_award_text(event, names, tr, single=awards == 1, lowest=_ranking(session).lowball)
                if not event.shown:
                    text += " " + (tr._("(Only the openers were shown.)") if proved else tr._("(No cards shown.)"))
                out.append(styled("class:pot", text))
            elif kind == "DealCheckedThrough":  # in the words of the log: under openers, nobody opened
                opening = game_in_play(session.game, session.state).rules.betting.opening != "any"
                if returned is not None:
                    shares = ", ".join(gets_text(names[seat], chips, tr) for seat, chips in returned.shares)
                    text = (
                        tr._(
                            "Nobody opened, and the evening ends: the pot of {pot} goes back to those who paid "
                            "into it: {shares}."
                        )
                        if opening
                        else tr._(
                            "Everyone checked, and the evening ends: the pot of {pot} goes back to those who paid "
                            "into it: {shares}."
                        )
                    )
                    out.append(styled("class:pot", text.format(pot=event.pot, shares=shares)))
                    continue
                if opening:
                    text = tr._("Nobody opened: the pot of {pot} stays for the next deal.")
                else:
                    text = tr._("Everyone checked: the pot of {pot} stays for the next deal.")
                out.append(styled("class:pot", text.format(pot=event.pot)))
    return out


def _deal_ended(session: Any) -> bool:
    """The deal the table shows the log of has ended (resumed between deals, not before the first)."""
    from drawpoker.client.session import DEAL_END

    return any(type(event).__name__ in DEAL_END for _, events in session.chunks for event in events)


def _deal_result(ctl: Controller, body: list[Line], columns: int) -> tuple[int, Any, Any] | None:
    """The end of the deal just played, added to ``body``: hands shown and pots won (Mørkpoker), the
    round's settlement (Three Card Poker: then where it starts in ``body``, its table, and the dealer
    who left as it ended, for a screen too short for its hands in words)."""
    tr = ctl.tr
    session = ctl.session
    assert session is not None
    if session.kind == "morkpoker":
        body += _mork_summary(ctl)
        return None
    from drawpoker.history.deals import deal_names

    state = session.state
    dealt = deal_names(session.chunks[0][0] if session.chunks else None, state)  # (a leaver's box too)
    if dealt != tuple(state.names):
        state = state.copy()
        state.names = dealt
    # a dealer who left as the round ended took the bank: what it held then, not the empty seat's 0
    left = three_card_view.dealer_who_left(state, (e for _, events in session.chunks for e in events))
    settled = (len(body), state, left)
    body += three_card_view.settlement_lines(state, session.game.rules, tr, ctl.look, columns, left=left)
    return settled


def _between_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    tr = ctl.tr
    session = ctl.session
    assert session is not None
    body: list[Line] = []
    # (Three Card Poker) where the round's result starts, its table, the dealer who left as it ended
    settled: tuple[int, Any, Any] | None = None
    result_shown = ctl.screen != RESUMED  # (resumed: the last deal's end is shown where it was between deals)
    if ctl.screen == RESUMED and session.over:
        body.append(styled("class:title", tr._("This session is already over; nothing is left to play.")))
        for note in ctl.notes:
            body += [styled("class:dim", line) for line in wrap(tr.say(note), columns - 2)]
        body.append([])
        go_on = tr._("Press Enter for the final standings.")
    elif ctl.screen == RESUMED:
        body.append(styled("class:title", tr._("The session goes on where it stopped.")))
        for note in ctl.notes:
            body += [styled("class:dim", line) for line in wrap(tr.say(note), columns - 2)]
        if session.path is not None:
            body += [styled("", line) for line in wrap(tr._("History: {path}").format(path=session.path), columns - 2)]
        body.append([])
        if session.ledger.in_deal:  # stopped mid-deal: the chips below are those before its antes and bets
            if session.kind == "morkpoker":
                body.append(styled("class:dim", tr._("Standings as this deal began")))
            else:
                body.append(styled("class:dim", tr._("Standings as this round began")))
        elif _deal_ended(session):  # stopped between deals: the last one's end, as the table showed it then
            settled = _deal_result(ctl, body, columns)
            body.append([])
            result_shown = True
        go_on = tr._("Press Enter to go on.")
    elif ctl.screen == DEAL_OVER:
        settled = _deal_result(ctl, body, columns)
        body.append([])
        if session.over and session.kind == "morkpoker":
            go_on = tr._("That was the last deal. Press Enter for the final standings.")
        elif session.over:
            go_on = tr._("That was the last round. Press Enter for the final standings.")
        elif ctl.cannot_deal:  # Enter would only say why again: the table menu mends it
            go_on = tr._("Press T: someone comes back or joins, or the evening ends.")
        elif session.kind == "morkpoker":
            go_on = tr._("Press Enter for the next deal.")
        else:
            go_on = tr._("Press Enter for the next round.")
    else:
        body.append(styled("class:title", tr._("The session is over. Final standings:")))
        from drawpoker.settings import history_name

        # the history's name as every command takes it (its path only outside the histories folder):
        # short enough to stay whole where the line is wrapped, to be copied
        go_on = tr._("Press Enter to leave. Replay it with: drawpoker replay {path}").format(
            path=history_name(session.path) if session.path is not None else ""
        )
    body += standings_lines(standing_rows(ctl), tr, columns)
    body += [styled("class:dim", note) for note in standing_notes(ctl)]
    seal_at = None  # the seal's line: the first to give way on a screen too short for everything
    if result_shown and session.seal is not None:
        seal_at = len(body)
        body.append(
            styled(
                "class:dim",
                tr._("Seal: {seal} (note it: drawpoker verify --seal {seal} checks the history against it)").format(
                    seal=session.seal
                ),
            )
        )
    state = session.state
    if session.kind != "morkpoker" and not state.rotating:
        body.append(styled("class:pot", tr._("The house bank: {net:+d} this session.").format(net=state.bank_net)))

    def tall(lines: list[Line]) -> int:
        """The rows ``lines`` take on the screen, wrapped as the frame wraps them."""
        return sum(len(wrap_line(line, columns, indent=4)) for line in lines)

    beside_log = ctl.screen != SESSION_OVER  # (the last screen shows no log)
    if ctl.screen == SESSION_OVER:
        body += settle_up(ctl)

        # the chart takes the rows left once the wrapped lines above and below it
        # (the legend, the way out) are counted, so the way out is never cut off
        # (the chart follows the players by name: those who came and went too, each while at the table)
        names, series = player_series(session.chip_history)
        below = [legend_room(names, tr), [], styled("class:turn", go_on)]
        room = rows - 2 - len(_message_lines(ctl, columns, beside_log)) - tall(body) - 1 - tall(below)
        if room >= 4 and len(session.chip_history) > 1:
            chart, key = chip_chart(
                names, series, columns - 2, room, tr, ctl.look.unicode, rounds=session.kind != "morkpoker"
            )
            body += [[], *chart, key]
    way_on = [[], styled("class:turn", go_on)]
    if ctl.screen == DEAL_OVER and not session.over:
        way_on.append(
            [("class:key", "[T]"), ("class:dim", " " + tr._("the table: someone arrives, leaves or sits out; the end"))]
        )
    space = rows - 2 - len(_message_lines(ctl, columns, beside_log))
    if tall(body) + tall(way_on) > space:  # (many came and went) the way on is never cut off: the seal gives way
        if seal_at is not None:  # first, then the boxes' hands in words below their cards, then the lines just
            del body[seal_at]  # above the way on
        if settled is not None and tall(body) + tall(way_on) > space:
            start, table, left = settled
            end = start + len(
                three_card_view.settlement_lines(table, session.game.rules, tr, ctl.look, columns, left=left)
            )
            body[start:end] = three_card_view.settlement_lines(
                table, session.game.rules, tr, ctl.look, columns, hands_below=False, left=left
            )
        while body and tall(body) + tall(way_on) > space:
            body.pop()
    body += way_on
    if ctl.screen != SESSION_OVER:
        # the log takes the rows left under the wrapped lines above it and the message
        # below it (which may wrap too), so its last line is never hidden under the message
        room = rows - 2 - tall(body) - len(_message_lines(ctl, columns, beside_log))
        if room > 1:
            body.append(styled("class:dim", ("─" if ctl.look.unicode else "-") * columns))  # (as wide as the table's)
            body += _log_lines(ctl, columns, room - 1)
        else:
            beside_log = False  # no room for the log: the message says it
    return _framed(ctl, _game_title(ctl), body, columns, rows, beside_log=beside_log)


def settle_up(ctl: Controller) -> list[Line]:
    """The results in money (with a chip value) and who pays whom: "Cato pays Anna 12.50 NOK"
    (the last screen; the phones are sent it too)."""
    from drawpoker.ledger import BANK
    from drawpoker.words.evening_text import money_results, payments_of, settle_up_lines

    session = ctl.session
    assert session is not None
    value = session.game.rules.session.chip_value
    out: list[Line] = []
    if value is not None:
        parties = session.ledger.parties()
        money = money_results(session.ledger.results(), value, ctl.tr, parties.get(BANK))
        out.append(styled("", ctl.tr._("In money: {results}.").format(results=money)))
    lines = settle_up_lines(payments_of(session.ledger.parties(), value), value, ctl.tr, session.over)
    out.append(styled("class:title", lines[0]))
    out += [styled("class:pot", line.strip()) for line in lines[1:]]
    return out


def _area_lines(ctl: Controller) -> list[Line]:
    """Below the table: the player's cards and choices, or who is acting."""
    tr, look = ctl.tr, ctl.look
    session = ctl.session
    assert session is not None
    state = session.state
    legal = session.legal()
    seat = state.to_act
    if ctl.screen == WATCH and seat is not None:
        out = [styled("class:dim", tr._("{name} (computer) is thinking…").format(name=state.names[seat]))]
        if session.kind == "morkpoker" and ctl.viewer is not None:
            out = draw_view.hand_lines(state, ctl.viewer, tr, look, ranking=_ranking(session)) + out
        elif ctl.viewer is not None:
            out = three_card_view.own_boxes_lines(state, ctl.viewer, tr, look) + out
        return out
    if ctl.screen == PEEK and ctl.viewer is not None:
        hide: Line = [("class:key", "[Enter]"), ("", " " + tr._("hide my cards"))]
        if session.kind != "morkpoker":
            return three_card_view.own_boxes_lines(state, ctl.viewer, tr, look) + [hide]
        return (
            [styled("class:turn", tr._("{name}, your cards after the exchange:").format(name=state.names[ctl.viewer]))]
            + draw_view.hand_lines(state, ctl.viewer, tr, look, ranking=_ranking(session))
            + [hide]
        )
    if ctl.screen == AGAIN and seat is not None:
        again: list[Line] = [
            styled(
                "class:turn", tr._("{name}, your turn again: {what}.").format(name=state.names[seat], what=_part(ctl))
            ),
            [("class:key", "[Enter]"), ("", " " + tr._("go on"))],
        ]
        if session.kind == "morkpoker" and ctl.viewer is not None:  # the only person among computers
            again = draw_view.hand_lines(state, ctl.viewer, tr, look, ranking=_ranking(session)) + again
        return again
    if ctl.screen == PHONE:
        from drawpoker.client.phone_screens import phone_area

        return phone_area(ctl)
    if ctl.screen != TURN or seat is None:
        return []
    if session.kind == "morkpoker":
        out = []
        if ctl.viewer is not None:
            out += draw_view.hand_lines(
                state, ctl.viewer, tr, look, ctl.selected, state.phase == "exchange", _ranking(session)
            )
        if ctl.amount is not None:
            return out + draw_view.amount_lines(ctl.amount, tr, look)
        pat = "asked" if ctl.question == "stand_pat" else "chosen" if ctl.pat_chosen else None
        out += draw_view.menu_lines(state, legal, tr, look, ctl.selected, pat)
        if ctl.coach_allowed():
            what = tr._("hide the odds") if ctl.coach_shown else tr._("the odds of each exchange")
            out.append([("class:key", "[H]"), ("", " " + what)])
        return out
    if state.phase == "betting":
        problem = ctl.slip_problem()  # (once Enter has said it on the message line, not twice)
        return three_card_view.slip_lines(state, legal, ctl.bets, tr, look, None if problem == ctl.message else problem)
    out = three_card_view.decision_lines(state, legal, ctl.viewer, ctl.hint_shown, tr, look)
    if ctl.viewer is not None and ctl.viewer != seat:  # the only person, watching with Pair Plus alone
        out = three_card_view.own_boxes_lines(state, ctl.viewer, tr, look) + out
    return out


def _part(ctl: Controller) -> str:
    """The part of the deal the player to act comes to: the exchange, a betting round, the showdown
    (Three Card Poker: the next box)."""
    from drawpoker.words.openers import exchange_title

    tr = ctl.tr
    state = ctl.state
    if state.phase == "deciding":  # Three Card Poker: the player's next box, numbered as the table numbers it
        return tr._("box {n}").format(n=state.box_to_act + 1)
    if state.phase == "exchange":
        exchanges = game_in_play(ctl.session.game, state).rules.draw.exchanges  # type: ignore[union-attr]
        title = exchange_title(state.round, exchanges, tr)
        return title[:1].lower() + title[1:]  # in the middle of a sentence
    if state.phase == "showdown":
        return tr._("the showdown")
    return tr._("betting round {n}").format(n=state.round)


def _table_screen(ctl: Controller, columns: int, rows: int) -> list[Line]:
    session = ctl.session
    assert session is not None
    view: Any = draw_view if session.kind == "morkpoker" else three_card_view
    state, legal = session.state, session.legal()
    if ctl.screen == PEEK:  # one player's cards are up: nobody else is invited to look
        state = state.copy()
        state.to_act = None
        legal = session.game.legal_actions(state)
    out: list[Line] = [_title_line(ctl, _game_title(ctl), columns)]
    if ctl.coach_shown and ctl.coach_allowed():  # the odds take the table's place while they are open
        from drawpoker.client.draw.coach import coach_lines

        coach = coach_lines(ctl.coach_odds(), ctl.tr, ctl.look, columns)
        room = max(TABLE_ROWS, rows - 11)
        coach = [part for line in coach for part in wrap_line(line, columns, indent=4)][:room]
        out += coach + [[] for _ in range(TABLE_ROWS - len(coach))]
    else:
        out += view.table_lines(state, legal, ctl.tr, ctl.look, columns, game_in_play(session.game, state).rules)
    out.append([])
    foot = _message_lines(ctl, columns, beside_log=True)
    area = [part for line in _area_lines(ctl) for part in wrap_line(line, columns, indent=4)]
    out += area[: rows - len(out) - 1 - len(foot) - 1]  # the log gives way to the player's choices
    out.append(styled("class:dim", ("─" if ctl.look.unicode else "-") * columns))
    room = rows - len(out) - len(foot)
    if room < 1:  # no room for the log: the message says it
        foot = _message_lines(ctl, columns)
        out = out[: rows - len(foot)]
    out += _log_lines(ctl, columns, room)
    out += [[] for _ in range(rows - len(foot) - len(out))]
    return out + foot
