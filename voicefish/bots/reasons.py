"""English words for a computer player's :class:`~voicefish.bots.base.Reason`.

A reason is built from public facts only, so saying it aloud tells the table nothing it could not know:
``describe(Reason("they_asked", 2, "7", {"asks_ago": 4}), players, listener_seat=2, asker=0)`` →
"Leo asks you for sevens, because you asked for them earlier." The words live here, at the edge; other
languages can add a module like this one.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots.base import Reason

__all__ = ["RANK_PLURALS", "because", "describe"]

RANK_PLURALS: dict[str, str] = {
    "A": "aces",
    "2": "twos",
    "3": "threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "10": "tens",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
}
_SINGULAR = {code: (plural[:-2] if plural.endswith("xes") else plural[:-1]) for code, plural in RANK_PLURALS.items()}


def _who(seat: int | None, players: Sequence[str], listener: int | None) -> str:
    if seat is None or not 0 <= seat < len(players):
        return "they"
    return "you" if seat == listener else players[seat]


def _when(reason: Reason) -> str:
    ago = reason.detail.get("asks_ago")
    if not isinstance(ago, int):
        return "earlier"
    if ago <= 1:
        return "just now"
    if ago <= 4:
        return "a moment ago"
    return "earlier"


def because(reason: Reason, players: Sequence[str], listener_seat: int | None = None) -> str:
    """The reason as a clause: "because you asked for them earlier" (``listener_seat`` is "you")."""
    who = _who(reason.seat, players, listener_seat)
    you = who == "you"
    code = reason.rank or ""
    them = RANK_PLURALS.get(code, "them")
    one = _SINGULAR.get(code, "one")
    match reason.kind:
        case "they_asked":
            return f"because {who} asked for {them} {_when(reason)}"
        case "they_received":
            verb = "got" if _when(reason) == "just now" else "took"
            return f"because {who} {verb} {them} {_when(reason)}"
        case "they_showed":
            return f"because {who} fished {'an' if one[:1] in 'ae' else 'a'} {one} and showed it"  # an ace, an eight
        case "they_hold":
            return f"because {who} must still have {them}"
        case "counted":
            return "by counting the cards that are left"
        case "most_cards":
            return f"because {who} {'have' if you else 'has'} the most cards"
        case "not_asked":
            return f"because nobody has asked {'you' if you else who} for {them} yet"
        case "looked_ahead":
            return "because it came out best when I played the rest of the game forward from what the table has seen"
        case "persist":
            return f"to keep trying for {them}"
        case "hunch" | "guess":
            return "on a hunch"
        case _:
            return "just to see"


def describe(
    reason: Reason,
    players: Sequence[str],
    listener_seat: int | None = None,
    asker: int | None = None,
) -> str:
    """A sentence for the table. With ``asker`` the whole ask is said ("Leo asks you for sevens, because you
    asked for them earlier."); without it just the reason, capitalised ("Because you asked for them earlier.")."""
    clause = because(reason, players, listener_seat)
    if asker is None:
        return clause[0].upper() + clause[1:] + "."
    name = _who(asker, players, listener_seat)
    name = "You" if name == "you" else name
    verb = "ask" if name == "You" else "asks"
    if reason.seat is None or reason.rank is None:
        return f"{name} {verb} at random."
    target = _who(reason.seat, players, listener_seat)
    what = RANK_PLURALS.get(reason.rank, "cards")
    if reason.kind == "they_asked" and target == _who(reason.seat, players, listener_seat):
        clause = clause.replace(f"for {what} ", "for them ", 1)
    return f"{name} {verb} {target} for {what}, {clause}."
