"""Events → words. The public narration reads only public events; a player's private narration reads only
that player's own view of the events. This is the message catalogue for English."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.engine import (
    AskEvent,
    Book,
    Deal,
    Draw,
    Event,
    GameEnd,
    GameStart,
    Give,
    GoFish,
    Out,
    Refill,
    TiebreakEnd,
    TiebreakStart,
    Turn,
)
from voicefish.rules import RuleSet
from voicefish.table.channels import Message
from voicefish.table.words import card_name, cards_phrase, join, number, rank_count, rank_name, rank_plural

__all__ = ["Narrator"]


class Narrator:
    """Turns batches of events into messages for one table."""

    def __init__(self, players: Sequence[str], rules: RuleSet, computers: frozenset[int] = frozenset()) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.computers = computers

    def _n(self, seat: int) -> str:
        return self.players[seat]

    def ask_words(self, ev: AskEvent) -> str:
        """What an asking player says aloud: ``Sam, do you have any jacks?``."""
        if ev.card is not None:
            return f"{self._n(ev.target)}, do you have {card_name(ev.card)}?"
        return f"{self._n(ev.target)}, do you have any {rank_plural(ev.rank)}?"

    def public(self, events: Sequence[Event], current: int | None) -> list[Message]:
        """Public messages for a batch of public events (one action's worth)."""
        out: list[Message] = []
        last_ask: AskEvent | None = None
        turn_passed = any(isinstance(e, Turn) for e in events)
        for ev in events:
            match ev:
                case GameStart():
                    out.append(Message(f"Game {ev.game}. {self._n(ev.dealer)} deals.", kind="info"))
                case Deal():
                    sizes = {n for n in ev.sizes if n}
                    if len(sizes) == 1:
                        out.append(Message(f"Everyone gets {number(sizes.pop())} cards.", kind="info"))
                case Turn():
                    out.append(Message(f"{self._n(ev.player)}, your turn.", kind="turn"))
                case AskEvent():
                    last_ask = ev
                    if ev.player in self.computers:
                        out.append(Message(self.ask_words(ev), kind="ask", voice=self._n(ev.player)))
                    else:
                        what = card_name(ev.card) if ev.card else rank_plural(ev.rank)
                        out.append(Message(f"{self._n(ev.player)} asks {self._n(ev.target)} for {what}.", kind="ask"))
                case Give():
                    if ev.cards is not None and self.rules.authors:
                        what = card_name(ev.cards[0])
                    else:
                        what = rank_count(ev.rank, ev.count)
                    text = f"{self._n(ev.giver)} has {what}. {self._n(ev.receiver)} takes"
                    text += " it." if ev.count == 1 else " them."
                    out.append(Message(text, kind="result"))
                case GoFish():
                    want = ""
                    if last_ask is not None:
                        want = card_name(last_ask.card) if last_ask.card else f"no {rank_plural(last_ask.rank)}"
                    if ev.stock_empty and self.rules.continuous:
                        out.append(
                            Message(
                                f"{self._n(ev.target)} has {want or 'none'}. {self._n(ev.target)} plays next.",
                                kind="result",
                            )
                        )
                    elif ev.stock_empty:
                        out.append(
                            Message(f"Go Fish! The pond is empty, so {self._n(ev.player)} can't draw.", kind="result")
                        )
                    else:
                        out.append(Message(f"Go Fish! {self._n(ev.player)} draws.", kind="result"))
                case Draw():
                    if ev.matched and ev.card is not None:
                        what = card_name(ev.card) if self.rules.authors else f"a {rank_name(ev.card.rank)}"
                        out.append(
                            Message(
                                f"Lucky! {self._n(ev.player)} fished {what}, just what was asked for.", kind="result"
                            )
                        )
                case Book():
                    book = "pair" if self.rules.pairs else "book"
                    out.append(
                        Message(f"{self._n(ev.player)} lays down a {book} of {rank_plural(ev.rank)}.", kind="book")
                    )
                case Refill():
                    out.append(
                        Message(
                            f"{self._n(ev.player)} is out of cards and takes {number(ev.count)} from the pond.",
                            kind="info",
                        )
                    )
                case Out():
                    out.append(Message(f"{self._n(ev.player)} has no cards left and is out of this game.", kind="info"))
                case GameEnd():
                    out.append(Message(self._end_words(ev), kind="game_end"))
                case TiebreakStart():
                    who = join([self._n(s) for s in ev.players])
                    book = "pair" if self.rules.pairs else "book"
                    out.append(
                        Message(
                            f"It's a tie! {who} play one sudden-death hand. The first to lay a {book} wins.",
                            kind="game_end",
                        )
                    )
                case TiebreakEnd():
                    if ev.winner is not None:
                        out.append(Message(f"{self._n(ev.winner)} wins the tie-break and the game!", kind="game_end"))
                    else:
                        out.append(Message("The tie-break ended with no book: the win is shared.", kind="game_end"))
        if last_ask is not None and not turn_passed and current == last_ask.player:
            out.append(Message(f"{self._n(last_ask.player)} goes again.", kind="turn"))
        return out

    def _end_words(self, ev: GameEnd) -> str:
        unit = "point" if self.rules.point_fish else ("pair" if self.rules.pairs else "book")

        def amount(n: int) -> str:
            return f"{number(n)} {unit}{'' if n == 1 else 's'}"

        best = ev.scores[ev.winners[0]] if ev.winners else 0
        if len(ev.winners) == 1:
            head = f"Game over. {self._n(ev.winners[0])} wins with {amount(best)}!"
        else:
            head = f"Game over. {join([self._n(w) for w in ev.winners])} tie with {amount(best)} each."
        return head + " " + self.score_words(ev.scores)

    def score_words(self, scores: Sequence[int], label: str = "Score") -> str:
        parts = [f"{self._n(i)} {s}" for i, s in sorted(enumerate(scores), key=lambda x: -x[1])]
        return f"{label}: {join(parts)}."

    def private(self, seat: int, events: Sequence[Event]) -> list[Message]:
        """Private messages for ``seat`` from its own view of a batch of events."""
        out: list[Message] = []
        for ev in events:
            match ev:
                case Deal() if ev.hands[seat] is not None:
                    hand = ev.hands[seat] or ()
                    out.append(Message(f"Your cards: {cards_phrase(hand)}.", audience=seat, kind="hand"))
                case Draw() if ev.player == seat and ev.card is not None and not ev.matched:
                    out.append(Message(f"You drew {card_name(ev.card)}.", audience=seat, kind="draw"))
                case Refill() if ev.player == seat and ev.cards:
                    out.append(Message(f"You picked up {cards_phrase(ev.cards)}.", audience=seat, kind="draw"))
                case Give() if ev.receiver == seat and ev.cards:
                    out.append(Message(f"You got {cards_phrase(ev.cards)}.", audience=seat, kind="draw"))
        return out
