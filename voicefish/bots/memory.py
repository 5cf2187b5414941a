"""What one seat can know about a game: public facts plus its own hand, kept up to date incrementally.

A :class:`Knowledge` reads only :class:`~voicefish.engine.PlayerView` values of its seat. Each call to
:meth:`Knowledge.update` scans just the events added since the last call (a new game, or a view of a
different game, starts the scan again), so a decision never replays the whole history.

What it keeps, per seat and rank:

* ``known[s][r]`` — the fewest cards of rank ``r`` that seat ``s`` must hold, from public facts only
  (they asked for it, received it, showed it on a draw). Never more than the truth.
* ``elig[s][r]`` — how many of ``s``'s unaccounted-for cards could be of rank ``r``: zero right after ``s``
  said "Go Fish" to ``r`` or gave all of ``r`` away, growing again by one for each hidden card ``s`` draws.
* ``booked[r]`` — cards of ``r`` laid in books; hand and stock sizes; under ``authors`` the exact cards whose
  place is public (``card_at``) and the exact cards a seat was asked for and did not have (``lacks``).

It also remembers *when* each fact became known (an event index), so the weaker strengths can forget
old facts and the reasons can say "you asked for them earlier".
"""

from __future__ import annotations

from dataclasses import dataclass

from voicefish.cards import SUITS, Card, Rank
from voicefish.engine import (
    Ask,
    AskEvent,
    Book,
    Deal,
    Draw,
    GameStart,
    Give,
    GoFish,
    Out,
    PlayerView,
    Refill,
    TiebreakStart,
    Turn,
)

__all__ = ["Fact", "Knowledge"]

_R = 14  # rank values run 1..13; index 0 unused


@dataclass(frozen=True, slots=True)
class Fact:
    """Why a seat is known to hold a rank: ``kind`` is ``asked``, ``received`` or ``showed``; ``at`` is the
    event index and ``ask_number`` the count of asks in the game when it happened."""

    kind: str
    at: int
    ask_number: int


class Knowledge:
    """Public knowledge from one seat's point of view, built only from that seat's views."""

    def __init__(self) -> None:
        self.me = -1
        self.n = 0
        self._first: object = None
        self._pos = 0
        self._reset(0, -1)

    # --- bookkeeping ------------------------------------------------------------------

    def _reset(self, n: int, me: int) -> None:
        self.n = n
        self.me = me
        self._clear_hands()
        self.asks = 0
        """Asks made in this game so far (the clock used for forgetting)."""
        self.last_ask: AskEvent | None = None
        self.ask_log: list[tuple[int, AskEvent, bool]] = []
        """Every ask (event index, ask, whether it got cards), for the reference players and reasons."""
        self.fished = [0] * n
        """Hidden draws (unmatched fish and refills) per seat: who has fished most knows least."""

    def _clear_hands(self) -> None:
        n = self.n
        self.sizes = [0] * n
        self.stock = 52
        self.known = [[0] * _R for _ in range(n)]
        self.elig = [[0] * _R for _ in range(n)]
        self.booked = [0] * _R
        self.active = [True] * n
        self.card_at: dict[Card, int] = {}
        self.booked_cards: set[Card] = set()
        self.lacks: list[set[Card]] = [set() for _ in range(n)]
        self.fact: list[list[Fact | None]] = [[None] * _R for _ in range(n)]
        """Why ``known[s][r]`` is positive (the latest fact), or ``None``."""
        self.said_no: list[list[int]] = [[-1] * _R for _ in range(n)]
        """Ask number at which ``s`` last said "Go Fish" to rank ``r`` (-1: never)."""
        self.gave_all: list[list[int]] = [[-1] * _R for _ in range(n)]
        """Ask number at which ``s`` last handed over every card of rank ``r`` it held (-1: never)."""
        self.asked_of: list[list[int]] = [[0] * _R for _ in range(n)]
        """How many times seat ``s`` has been asked for rank ``r``."""

    def update(self, view: PlayerView) -> None:
        """Bring the knowledge up to date with ``view`` (only the new events are read)."""
        events = view.events
        length = len(events)
        first = events[0] if length else None
        if first is not self._first or length < self._pos or view.seat != self.me or len(view.players) != self.n:
            self._first = first
            self._pos = 0
            self._reset(len(view.players), view.seat)
        see = self._see
        for i, ev in enumerate(events[self._pos : length], self._pos):  # one slice: this seat's versions, read once
            see(i, ev)
        self._pos = length

    def _hidden_card(self, s: int, count: int) -> None:
        """Seat ``s`` took ``count`` cards nobody else saw."""
        if s == self.me:
            return
        el = self.elig[s]
        for r in range(1, _R):
            el[r] += count
        self.lacks[s].clear()
        self.fished[s] += 1

    def _learn(self, s: int, r: int, at_least: int, fact: Fact) -> None:
        self.known[s][r] = max(self.known[s][r], at_least)
        self.fact[s][r] = fact

    def _see(self, i: int, ev: object) -> None:
        if isinstance(ev, Turn):
            return
        if isinstance(ev, AskEvent):
            self.last_ask = ev
            self.asks += 1
            r = ev.rank
            self.asked_of[ev.target][r] += 1
            if ev.player != self.me or self.known[ev.player][r] == 0:
                self._learn(ev.player, r, 1, Fact("asked", i, self.asks))
            return
        if isinstance(ev, Give):
            r = ev.rank
            g, rc = ev.giver, ev.receiver
            self.sizes[g] -= ev.count
            self.sizes[rc] += ev.count
            if self.last_ask is not None:
                self.ask_log.append((i, self.last_ask, True))
            fact = Fact("received", i, self.asks)
            if ev.count and ev.cards is not None and len(ev.cards) == 1 and self.last_ask and self.last_ask.card:
                # authors: one exact, public card
                card = ev.cards[0]
                self.known[g][r] = max(0, self.known[g][r] - 1)
                if self.known[g][r] == 0:
                    self.fact[g][r] = None
                self._learn(rc, r, self.known[rc][r] + 1, fact)
                self.card_at[card] = rc
                self.lacks[g].add(card)
                self.lacks[rc].discard(card)
                return
            self._learn(rc, r, self.known[rc][r] + ev.count, fact)
            self.known[g][r] = 0
            self.elig[g][r] = 0
            self.fact[g][r] = None
            self.gave_all[g][r] = self.asks
            return
        if isinstance(ev, GoFish):
            ask = self.last_ask
            if ask is not None:
                self.ask_log.append((i, ask, False))
                t, r = ev.target, ask.rank
                if ask.card is not None:
                    self.lacks[t].add(ask.card)
                else:
                    self.known[t][r] = 0
                    self.elig[t][r] = 0
                    self.fact[t][r] = None
                self.said_no[t][r] = self.asks
            return
        if isinstance(ev, Draw):
            p = ev.player
            self.sizes[p] += 1
            self.stock -= 1
            if ev.matched and ev.card is not None:
                r = ev.card.rank
                self._learn(p, r, self.known[p][r] + 1, Fact("showed", i, self.asks))
                if self.last_ask is not None and self.last_ask.card is not None:
                    self.card_at[ev.card] = p
                    self.lacks[p].discard(ev.card)
            else:
                self._hidden_card(p, 1)
            return
        if isinstance(ev, Book):
            p, r = ev.player, ev.rank
            k = len(ev.cards)
            self.sizes[p] -= k
            self.booked[r] += k
            self.known[p][r] = max(0, self.known[p][r] - k)
            if self.known[p][r] == 0:
                self.fact[p][r] = None
            for c in ev.cards:
                self.card_at.pop(c, None)
                self.booked_cards.add(c)
            if self.booked[r] >= 4:
                for s in range(self.n):
                    self.known[s][r] = 0
                    self.elig[s][r] = 0
                    self.fact[s][r] = None
            return
        if isinstance(ev, Refill):
            self.sizes[ev.player] += ev.count
            self.stock -= ev.count
            self._hidden_card(ev.player, ev.count)
            return
        if isinstance(ev, Out):
            p = ev.player
            self.active[p] = False
            self.sizes[p] = 0
            self.known[p] = [0] * _R
            self.elig[p] = [0] * _R
            self.fact[p] = [None] * _R
            return
        if isinstance(ev, Deal):
            for s, k in enumerate(ev.sizes):
                if k:
                    self.sizes[s] += k
                    self.stock -= k
                    if s != self.me:
                        el = self.elig[s]
                        for q in range(1, _R):
                            el[q] += k
            return
        if isinstance(ev, TiebreakStart):
            self._clear_hands()
            self.active = [s in ev.players for s in range(self.n)]
            self.last_ask = None
            return
        if isinstance(ev, GameStart):
            self._reset(len(ev.players), self.me)
            return

    # --- questions --------------------------------------------------------------------

    def hidden(self, s: int) -> int:
        """Cards of seat ``s`` whose rank is not publicly pinned down."""
        return max(0, self.sizes[s] - sum(self.known[s]))

    def free(self, rank: Rank, mine: int) -> int:
        """Cards of ``rank`` whose place this seat does not know (``mine``: how many it holds itself)."""
        r = rank
        return 4 - self.booked[r] - mine - sum(self.known[s][r] for s in range(self.n) if s != self.me)

    def slots(self, rank: Rank) -> tuple[list[int], int]:
        """Per seat, the unaccounted-for cards that could be ``rank`` (0 for me and for seats that are out),
        and their total plus the stock."""
        r = rank
        out = [0] * self.n
        total = self.stock
        for s in range(self.n):
            if s == self.me or not self.active[s]:
                continue
            e = min(self.elig[s][r], self.hidden(s))
            out[s] = e
            total += e
        return out, total

    def p_holds(self, target: int, rank: Rank, mine: int) -> float:
        """Chance that ``target`` holds at least one card of ``rank`` (1.0 when publicly known)."""
        if self.known[target][rank] > 0:
            return 1.0
        free = self.free(rank, mine)
        if free <= 0:
            return 0.0
        slots, total = self.slots(rank)
        return _p_any(slots[target], total, free)

    def p_draw(self, target: int, rank: Rank, mine: int) -> float:
        """Chance of drawing ``rank`` after ``target`` says "Go Fish" (0 with an empty stock)."""
        if self.stock <= 0:
            return 0.0
        free = self.free(rank, mine)
        if free <= 0:
            return 0.0
        slots, total = self.slots(rank)
        rest = total - slots[target]
        return min(1.0, free / rest) if rest > 0 else 0.0

    def p_card(self, target: int, card: Card, hand: frozenset[Card]) -> float:
        """Under ``authors``: chance that ``target`` holds exactly ``card`` (``hand``: this seat's cards)."""
        if card in hand or card in self.booked_cards:
            return 0.0
        where = self.card_at.get(card)
        if where is not None:
            return 1.0 if where == target else 0.0
        if card in self.lacks[target]:
            return 0.0
        rank = card.rank
        r = rank
        unknown = [
            c
            for c in (Card(rank, s) for s in SUITS)
            if c not in hand and c not in self.card_at and c not in self.booked_cards
        ]
        placed = [0] * self.n
        for c, w in self.card_at.items():
            if c.rank is rank:
                placed[w] += 1
        loose = [0 if s == self.me else max(0, self.known[s][r] - placed[s]) for s in range(self.n)]
        spread = max(0, len(unknown) - sum(loose))
        total = self.stock + sum(self.hidden(s) for s in range(self.n) if s != self.me and self.active[s])
        share = self.hidden(target) / total if total > 0 else 0.0
        candidates = [c for c in unknown if c not in self.lacks[target]]
        if not candidates:
            return 0.0
        return min(1.0, (loose[target] + spread * share) / len(candidates))

    def sure_miss(self, ask: Ask, hand: frozenset[Card]) -> bool:
        """Whether public facts (and this seat's own hand) prove ``ask`` would miss: under ``authors`` the card is
        in ``hand`` (a bluff), booked, publicly placed with someone else, or the target already said it did not
        have it; otherwise the target is not known to hold the rank and none of its unplaced cards can be it."""
        t = ask.target
        card = ask.card
        if card is not None:
            if card in hand or card in self.booked_cards:
                return True
            where = self.card_at.get(card)
            if where is not None:
                return where != t
            return card in self.lacks[t]
        r = ask.rank
        if self.known[t][r] > 0:
            return False
        if self.free(r, sum(1 for c in hand if c.rank is r)) <= 0:
            return True
        return min(self.elig[t][r], self.hidden(t)) <= 0

    def holders(self, rank: Rank) -> list[int]:
        """Other seats publicly known to hold ``rank`` now."""
        r = rank
        return [s for s in range(self.n) if s != self.me and self.active[s] and self.known[s][r] > 0]


def _p_any(slots_t: int, total: int, free: int) -> float:
    """Chance that at least one of ``free`` cards spread over ``total`` places lands in ``slots_t`` of them."""
    if slots_t <= 0:
        return 0.0
    if total - slots_t < free:
        return 1.0
    miss = 1.0
    for i in range(free):
        miss *= (total - slots_t - i) / (total - i)
    return 1.0 - miss
