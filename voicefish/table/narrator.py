"""Events → words. The public narration reads only public events; a player's private narration reads only
that player's own view of the events. The sentences themselves live in :mod:`voicefish.table.phrasebook`.

Every message is tagged with the index of the event it tells (in the batch given), so the table can say each
player's private news right after the public event it belongs to — in event order, never after "Game over"."""

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
from voicefish.table.message import Message
from voicefish.table.phrases import phrasebook

__all__ = ["Narrator"]


class Narrator:
    """Turns batches of events into messages for one table."""

    def __init__(
        self,
        players: Sequence[str],
        rules: RuleSet,
        computers: frozenset[int] = frozenset(),
        lang: str = "en",
        *,
        verbose: bool = False,
    ) -> None:
        self.pb = phrasebook(lang)
        """The phrasebook of the table's language (:func:`voicefish.table.phrases.phrasebook`)."""
        self.players = tuple(players)
        self.rules = rules
        self.computers = computers
        self.verbose = verbose
        """Verbose narration (``voicefish play --narration verbose``): a computer player's turn is announced, it
        says its ask in its own voice, and each outcome is a sentence of its own. Otherwise (compact, the default)
        an ask and its outcome are one sentence, and only a human's turn is announced."""

    def _n(self, seat: int) -> str:
        return self.players[seat]

    def ask_words(self, ev: AskEvent) -> str:
        """What an asking player says aloud: ``Sam, do you have any jacks?``."""
        return str(self.pb.ask_aloud(self._n(ev.target), ev.rank, ev.card))

    def public(self, events: Sequence[Event], current: int | None, *, because: str = "") -> list[Message]:
        """Public messages for a batch of public events (one action's worth); ``because``: as for
        :meth:`public_indexed`."""
        return [m for _, m in self.public_indexed(events, current, because=because)]

    def public_indexed(
        self, events: Sequence[Event], current: int | None, *, because: str = ""
    ) -> list[tuple[int, Message]]:
        """Public messages, each with the index in ``events`` of the event it tells ("goes again", which tells
        the state after the batch, has index ``len(events)``). In compact narration an ask's sentence tells its
        outcome too (it has the ask's index), and ``because`` (``--explain``: why a computer player asked, a clause
        of the phrasebook's ``reason_clause``) is said in the sentence of the first computer player's ask."""
        out: list[tuple[int, Message]] = []
        last_ask: AskEvent | None = None
        turn_passed = any(isinstance(e, Turn) for e in events)
        told: set[int] = set()  # events already told within a compact ask's sentence
        for i, ev in enumerate(events):
            if isinstance(ev, AskEvent):
                last_ask = ev
            if i in told:
                continue
            message: Message | None
            if not self.verbose and isinstance(ev, AskEvent) and (outcome := _outcome(events, i)):
                told.update(range(i + 1, i + 1 + len(outcome)))
                why = because if ev.player in self.computers else ""
                because = "" if why else because
                message = Message(self._compact(ev, outcome, because=why), kind="ask")
            elif not self.verbose and isinstance(ev, Turn) and ev.player in self.computers:
                message = None  # a computer's ask says whose turn it is
            else:
                message = self._one(ev, last_ask)
            if message is not None:
                out.append((i, message))
        if (
            last_ask is not None
            and not turn_passed
            and current == last_ask.player
            and (self.verbose or last_ask.player not in self.computers)
        ):
            # a human's turn goes on (a prompt with its earcon); a computer's only in verbose narration (no "your
            # turn" earcon, which would tell a listener a human is to speak): in compact narration its next ask, or
            # the next human's turn, names who plays
            kind = "info" if last_ask.player in self.computers else "turn"
            out.append((len(events), Message(self.pb.goes_again(self._n(last_ask.player)), kind=kind)))
        return out

    def _compact(self, ask: AskEvent, outcome: Sequence[Event], *, because: str) -> str:
        """An ask and its outcome in one sentence: "Leo asks Sam for sevens: go fish."."""
        pb, asker, target, rank, card = self.pb, self._n(ask.player), self._n(ask.target), ask.rank, ask.card
        first = outcome[0]
        if isinstance(first, Give):
            return str(pb.asked_gives(asker, target, rank, card, first.count, because=because))
        assert isinstance(first, GoFish)
        if first.stock_empty and self.rules.continuous:
            return str(pb.asked_plays_next(asker, target, rank, card, because=because))
        if first.stock_empty:
            return str(pb.asked_pond_empty(asker, target, rank, card, because=because))
        draw = outcome[1]
        assert isinstance(draw, Draw)
        return str(pb.asked_go_fish(asker, target, rank, card, draw.matched, because=because))

    def _one(self, ev: Event, last_ask: AskEvent | None) -> Message | None:
        n = self._n
        match ev:
            case GameStart():
                return Message(self.pb.game_starts(ev.game, n(ev.dealer)), kind="info")
            case Deal():
                dealt = [(i, k) for i, k in enumerate(ev.sizes) if k]
                sizes = {k for _, k in dealt}
                if len(sizes) != 1:
                    return None
                if len(dealt) == len(self.players):
                    return Message(self.pb.everyone_gets(sizes.pop()), kind="info")
                return Message(self.pb.some_get([n(i) for i, _ in dealt], sizes.pop()), kind="info")
            case Turn():  # the "your turn" earcon for a human's turn only
                return Message(self.pb.your_turn(n(ev.player)), kind="info" if ev.player in self.computers else "turn")
            case AskEvent():
                if ev.player in self.computers:
                    return Message(self.ask_words(ev), kind="ask", voice=n(ev.player))
                return Message(self.pb.asks_for(n(ev.player), n(ev.target), ev.rank, ev.card), kind="ask")
            case Give():
                card = ev.cards[0] if ev.cards is not None and self.rules.authors else None
                return Message(self.pb.gives(n(ev.giver), n(ev.receiver), ev.rank, ev.count, card), kind="result")
            case GoFish():
                if ev.stock_empty and self.rules.continuous and last_ask is not None:
                    return Message(self.pb.miss_plays_next(n(ev.target), last_ask.rank, last_ask.card), kind="result")
                if ev.stock_empty:
                    return Message(self.pb.go_fish_pond_empty(n(ev.player)), kind="result")
                return Message(self.pb.go_fish_draws(n(ev.player)), kind="result")
            case Draw():
                if ev.matched and ev.card is not None:
                    return Message(self.pb.lucky(n(ev.player), ev.card, self.rules.authors), kind="result")
                return None
            case Book():
                return Message(self.pb.lays_down(n(ev.player), ev.rank, self.rules.pairs), kind="book")
            case Refill():
                return Message(self.pb.refills(n(ev.player), ev.count), kind="info")
            case Out():
                return Message(self.pb.is_out(n(ev.player)), kind="info")
            case GameEnd():
                return Message(self._end_words(ev), kind="game_end")
            case TiebreakStart():
                return Message(self.pb.tiebreak_starts([n(s) for s in ev.players], self.rules.pairs), kind="game_end")
            case TiebreakEnd():
                if ev.winner is not None:
                    return Message(self.pb.tiebreak_won(n(ev.winner)), kind="game_end")
                return Message(self.pb.tiebreak_shared(), kind="game_end")
        return None

    def _end_words(self, ev: GameEnd) -> str:
        unit = self.pb.score_unit(self.rules.point_fish, self.rules.pairs)
        best = ev.scores[ev.winners[0]] if ev.winners else 0
        return str(self.pb.game_over([self._n(w) for w in ev.winners], best, unit, self.score_words(ev.scores)))

    def score_words(self, scores: Sequence[int], label: str | None = None) -> str:
        parts = [(self._n(i), s) for i, s in sorted(enumerate(scores), key=lambda x: -x[1])]
        return str(self.pb.score_line(self.pb.SCORE_LABEL if label is None else label, parts))

    def private(self, seat: int, events: Sequence[Event]) -> list[Message]:
        """Private messages for ``seat`` from its own view of a batch of events."""
        return [m for _, m in self.private_indexed(seat, events)]

    def private_indexed(self, seat: int, events: Sequence[Event]) -> list[tuple[int, Message]]:
        """Private news for ``seat``, each with the index of its event. The dealt hand is not told here: the table
        reads the hand after the deal's books are laid (see ``TableLoop``)."""
        suits = self.rules.authors
        out: list[tuple[int, Message]] = []
        for i, ev in enumerate(events):
            match ev:
                case Draw() if ev.player == seat and ev.card is not None and not ev.matched:
                    out.append((i, Message(self.pb.you_drew(ev.card), audience=seat, kind="draw")))
                case Refill() if ev.player == seat and ev.cards:
                    out.append((i, Message(self.pb.you_picked_up(ev.cards, suits=suits), audience=seat, kind="draw")))
                case Give() if ev.receiver == seat and ev.cards:
                    out.append((i, Message(self.pb.you_got(ev.cards, suits=suits), audience=seat, kind="draw")))
        return out


def _outcome(events: Sequence[Event], i: int) -> tuple[Event, ...]:
    """The outcome of the ask at ``events[i]`` that its compact sentence tells: the hand-over, or the Go Fish and
    the draw after it (none when the batch does not hold it all: the ask is then told alone)."""
    after = events[i + 1 : i + 3]
    if after and isinstance(after[0], Give):
        return (after[0],)
    if after and isinstance(after[0], GoFish):
        if after[0].stock_empty:
            return (after[0],)
        if len(after) == 2 and isinstance(after[1], Draw):
            return (after[0], after[1])
    return ()
