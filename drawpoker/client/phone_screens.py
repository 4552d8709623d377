"""What the laptop shows of the players' phones: the join codes (Q), a
second phone's request, and the line under the table while a player
decides on their phone. Nothing here shows a card: the laptop is the
table everyone sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawpoker.client.lines import Line, center_wrapped, clip, styled, wrap, wrap_line

if TYPE_CHECKING:
    from drawpoker.client.controller import Controller

__all__ = ["join_lines", "approval_lines", "phone_area"]


def _key(ctl: Controller, key: str) -> str:
    return ctl.tr.p("key", key)


def join_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    """The join codes: the chosen seat's QR code (dark on light), beside it
    every seat with its phone's state, and the chosen seat's address."""
    from drawpoker.phones.address import qr_lines

    tr = ctl.tr
    link = ctl.phones
    assert link is not None and ctl.session is not None
    names = ctl.session.state.names
    seats = link.seats()
    seat = seats[ctl.phones_at % len(seats)]
    address = link.address(seat)
    code = qr_lines(address)
    side: list[Line] = [styled("class:title", tr._("Phones at the table")), []]
    for s in seats:
        if link.connected(s):
            state = tr._("phone connected")
        elif link.holds(s):
            state = tr._("phone asleep")
        elif ctl.session.is_computer(s):  # taken over for its player a while: nobody plays it at the laptop
            state = tr._("computer")
        else:
            state = tr._("plays at the laptop")
        if ctl.session.is_computer(s) and link.holds(s):
            state = tr._("computer") + ", " + state
        mark = "▶" if s == seat else " "
        side.append([("class:key" if s == seat else "", f"{mark}{s + 1} {names[s]}"), ("class:dim", f"  {state}")])
    side.append([])
    side.append(styled("", tr._("{name}: scan the code, or open").format(name=names[seat])))
    cut = address.find("/s/")
    side += [styled("class:key", address[: cut + 3]), styled("class:key", "   " + address[cut + 3 :])]
    side.append([])
    side.append([("class:key", "[←→]"), ("", " " + tr._("another seat"))])
    side.append([("class:key", f"[{_key(ctl, 'L')}]"), ("", " " + tr._("take this seat back to the laptop"))])
    side.append([("class:key", "[Enter]"), ("", " " + tr._("close"))])
    if link.alone:
        side.append([])
        alone = tr._("This laptop is on no network: no phone can reach it. Join the Wi-Fi, or give --listen.")
        side += [styled("class:warn", line) for line in wrap(alone, max(20, columns - len(code[0]) - 2))]
    elif link.server.scheme == "http":
        side.append([])

        plain_http = tr._("Plain HTTP: anyone on this network could read the cards.")
        side += [styled("class:dim", line) for line in wrap(plain_http, max(20, columns - len(code[0]) - 2))]
    width = len(code[0]) if code else 0
    out: list[Line] = []
    room = max(0, columns - width - 2)
    side = [clip(part, room) for line in side for part in wrap_line(line, room, indent=3)]  # wrapped, not cut
    for i in range(max(len(code), len(side))):
        left: Line = [("class:qr", code[i])] if i < len(code) else [("", " " * width)]
        right = side[i] if i < len(side) else []
        out.append(left + [("", "  ")] + right)
    said = [styled("class:warn", line) for line in wrap(ctl.message or "", columns)] if ctl.message else []
    return out[: rows - len(said)] + said  # the message whole (a refusal names the keys that act)


def approval_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    """A second phone asks for a seat a phone holds: yes or no, at the laptop."""
    tr = ctl.tr
    approval = ctl.asked()
    assert approval is not None
    body: list[Line] = [[] for _ in range(rows // 2 - 4)]
    if approval.first:
        question = tr._("A phone asks for {name}'s seat, played at the laptop until now. Let it in?")
    else:
        question = tr._("Another phone asks for {name}'s seat. Let it in?")
    question = question.format(name=approval.name)
    body += center_wrapped(styled("class:handover", question), columns)  # long in Norwegian: wrapped, never cut
    body.append([])
    body += center_wrapped(
        styled("", tr._("Only if {name} asks: the seat's cards go to that phone.").format(name=approval.name)),
        columns,
    )
    body.append([])
    yes = tr.p("key", "Y")
    body += center_wrapped(
        [
            ("class:key", f"[{yes}]"),
            ("", " " + tr._("let it in") + "    "),
            ("class:key", f"[{tr.p('key', 'N')}]"),
            (
                "",
                " " + (tr._("keep the seat at the laptop") if approval.first else tr._("keep the phone that has it")),
            ),
        ],
        columns,
    )
    return body


def phone_area(ctl: Controller) -> list[Line]:
    """Under the table while the player to act decides on their phone."""
    tr = ctl.tr
    seat = ctl.waiting_seat()
    assert seat is not None and ctl.phones is not None and ctl.session is not None
    name = ctl.session.state.names[seat]
    if ctl.phones.connected(seat):
        said = tr._("{name} decides on the phone…").format(name=name)
        style = "class:turn"
    else:
        said = tr._("{name}'s phone is not connected: wake it, or take the seat back to the laptop.").format(name=name)
        style = "class:warn"
    return [
        styled(style, said),
        [
            ("class:key", f"[{_key(ctl, 'L')}]"),
            ("", " " + tr._("{name} plays at the laptop instead").format(name=name) + "    "),
            ("class:key", f"[{_key(ctl, 'Q')}]"),
            ("", " " + tr._("the phones' codes")),
        ],
    ]
