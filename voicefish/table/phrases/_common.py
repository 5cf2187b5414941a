"""Helpers shared by the translated phrasebooks; no words of any language live here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank


def join_with(items: Sequence[str], conj: str, comma: str = ", ") -> str:
    """``a, b conj c``; ``conj`` may be chosen by the caller from the last item (Spanish y/e, o/u)."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return comma.join(items[:-1]) + f" {conj} " + items[-1]


def groups(cards: Sequence[Card]) -> list[tuple[Rank, list[Card]]]:
    """A hand grouped by rank (ascending), each group's cards in suit order."""
    by_rank: dict[Rank, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    return [(r, sorted(cs, key=lambda c: c.suit.value)) for r, cs in sorted(by_rank.items())]


def cards_by_rank(
    cards: Sequence[Card],
    *,
    suits: bool,
    counted: Callable[[Rank, int], str],
    with_suits: Callable[[Rank, list[Card]], str],
    join: Callable[[Sequence[str]], str],
) -> str:
    """A hand read aloud: ``counted`` phrases joined by ``join``, or with ``suits`` one ``with_suits`` group per rank
    separated by semicolons (as in English)."""
    gs = groups(cards)
    if not suits:
        return join([counted(r, len(cs)) for r, cs in gs])
    return "; ".join(with_suits(r, cs) for r, cs in gs)


@dataclass(frozen=True)
class ReasonFacts:
    """What a computer player's reason is about, resolved for wording: the player it concerns (``who``, a name),
    the rank, and how long ago ("now", "moment" or "earlier", as ``voicefish.bots.reasons`` tells it)."""

    kind: str
    who: str
    rank: Rank | None
    when: str


def reason_facts(reason: Reason, players: Sequence[str]) -> ReasonFacts:
    seat = reason.seat
    who = players[seat] if seat is not None and 0 <= seat < len(players) else ""
    rank = next((r for r in Rank if r.code == reason.rank), None)
    ago = reason.detail.get("asks_ago")
    when = "earlier" if not isinstance(ago, int) or ago > 4 else ("now" if ago <= 1 else "moment")
    return ReasonFacts(reason.kind, who, rank, when)


def sentence_case(clause: str) -> str:
    return clause[:1].upper() + clause[1:] + "."


PARSER_REASONS = ("no such player", "no rank named", "no one to ask", "who is speaking is not known", "too long")
"""The reasons :mod:`voicefish.speech` gives for an utterance that is no move (besides asking oneself and an
unknown name), in the order each language's ``_REASONS`` translates them."""


def parser_reason(
    reason: str, ask_self: str, words: Sequence[str], nobody: Callable[[str], str], otherwise: str
) -> str:
    """``reason`` (English, from the parser) in a language: ``words`` in the order of :data:`PARSER_REASONS`;
    ``nobody(name)`` for "nobody called NAME is in this game"; ``otherwise`` for a reason not known here."""
    if reason == "you cannot ask yourself":
        return ask_self
    if reason in PARSER_REASONS:
        return words[PARSER_REASONS.index(reason)]
    head, tail = "nobody called ", " is in this game"
    if reason.startswith(head) and reason.endswith(tail):
        return nobody(reason[len(head) : -len(tail)])
    return otherwise


def decimal_comma(x: float, fmt: str = ".1f") -> str:
    """A number written with a decimal comma, as every translated language writes it: ``2.5`` → ``2,5``."""
    return format(x, fmt).replace(".", ",")
