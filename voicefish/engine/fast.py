"""A compact Go Fish state for search: rank counts only, no events, no suits.

:class:`FastGame` plays the rank-ask rules exactly as :class:`~voicefish.engine.Game` does (the same order of
books, refills, outs, turn passing and endings — checked against it in ``tests/engine/test_engine_fast.py``),
but keeps only what a simulation needs: per seat the count of each rank held, the stock as a list of ranks,
points, who is still in, and the public knowledge of who must hold what (for the simulated players' policy).
It is what the ``expert`` computer player rolls games out with, on hands it sampled from its own view. It
knows nothing hidden by itself: whoever builds one decides what the hands are.

Not covered (the caller falls back): ``authors`` (exact cards) and the ``sudden_death`` tie-break (a tie here
stays shared).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voicefish.rules import RuleSet

__all__ = ["FastGame"]


class FastGame:
    """A game position by rank counts. Seats ``0..n-1``; ranks ``1..13`` (index 0 unused).

    ``stock`` is drawn from its end (``pop()``). ``known[s][r]`` is the public lower bound of the cards of ``r``
    seat ``s`` holds (it asked for ``r``, received it, showed it on a draw), kept up to date as play goes on."""

    __slots__ = (
        "active",
        "asks",
        "book_size",
        "booked",
        "continuous",
        "current",
        "empty_ends",
        "hands",
        "known",
        "n",
        "nope",
        "over",
        "points",
        "rank_points",
        "refill",
        "rules",
        "sizes",
        "stock",
        "stock_out_ends",
        "to_asked",
        "total_books",
    )

    def __init__(
        self,
        rules: RuleSet,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        *,
        points: Sequence[int],
        booked: int,
        active: Sequence[bool],
        current: int | None,
        known: Sequence[Sequence[int]] | None = None,
    ) -> None:
        if rules.authors:
            raise ValueError("FastGame plays rank asks only (not authors)")
        self.rules = rules
        self.n = len(hands)
        self.hands = [list(h) for h in hands]
        self.sizes = [sum(h) for h in self.hands]
        self.stock = list(stock)
        self.points = list(points)
        self.booked = booked
        self.active = list(active)
        self.current = current
        self.over = current is None
        self.known = [list(k) for k in known] if known is not None else [[0] * 14 for _ in range(self.n)]
        self.nope = [0] * self.n
        """Per seat, a bit mask of the ranks it has publicly shown it lacks (said "Go Fish" to, or handed all of
        over) and has not drawn a hidden card since."""
        self.asks = 0
        self.book_size = rules.book_size
        self.total_books = rules.total_books
        self.refill = rules.refill_size
        self.to_asked = rules.turn_to_asked_player
        self.continuous = rules.continuous
        self.empty_ends = rules.empty_hand_ends_game
        self.stock_out_ends = rules.stock_out_ends_game
        self.rank_points = [0] + [2 if rules.point_fish and r in (1, 11, 12, 13) else 1 for r in range(1, 14)]

    @classmethod
    def deal(cls, rules: RuleSet, deck_ranks: Sequence[int], dealer: int, players: int) -> FastGame:
        """The opening position dealt from ``deck_ranks`` (top card first) as :class:`Game` deals it."""
        n = players
        g = cls(rules, [[0] * 14 for _ in range(n)], list(reversed(deck_ranks)), points=[0] * n, booked=0,
                active=[True] * n, current=0)  # fmt: skip
        g.over = False
        order = [(dealer + 1 + k) % n for k in range(n)]
        for _ in range(rules.hand_size(n)):
            for s in order:
                g.hands[s][g.stock.pop()] += 1
                g.sizes[s] += 1
        for s in order:
            for r in range(1, 14):
                if g.hands[s][r]:
                    g._lay_books(s, r)
                    if g.over:
                        return g
        for s in order:
            g._handle_empty(s)
            if g.over:
                return g
        g._pass_turn(order[0])
        return g

    def copy(self) -> FastGame:
        """An independent copy of this position (made through ``__init__``: compiled, the class has no bare
        ``__new__``)."""
        g = FastGame(self.rules, self.hands, self.stock, points=self.points, booked=self.booked, active=self.active,
                     current=self.current, known=self.known)  # fmt: skip
        g.over = self.over
        g.nope = self.nope[:]
        g.asks = self.asks
        return g

    # --- reading -------------------------------------------------------------------

    def winners(self) -> list[int]:
        best = max(self.points)
        return [s for s in range(self.n) if self.points[s] == best]

    def share(self, seat: int) -> float:
        """``seat``'s share of the win (1/k in a tie among k), at the end."""
        w = self.winners()
        return 1.0 / len(w) if seat in w else 0.0

    # --- playing -------------------------------------------------------------------

    def ask(self, p: int, t: int, r: int) -> None:
        """``p`` asks ``t`` for rank ``r`` (the caller asks only legal questions)."""
        self.asks += 1
        hands, known = self.hands, self.known
        if known[p][r] == 0:
            known[p][r] = 1
        cnt = hands[t][r]
        if cnt:
            hands[t][r] = 0
            self.sizes[t] -= cnt
            hands[p][r] += cnt
            self.sizes[p] += cnt
            known[p][r] += cnt
            known[t][r] = 0
            self.nope[t] |= 1 << r
            self._lay_books(p, r)
            if not self.over:
                self._handle_empty(t)
            if not self.over:
                self._handle_empty(p)
            if self.over:
                return
            if not self.active[p]:
                self._pass_turn((p + 1) % self.n)
            else:
                self._check_stuck()
            return
        known[t][r] = 0
        self.nope[t] |= 1 << r
        if not self.stock:
            self._pass_turn(t if self.to_asked or self.continuous else (p + 1) % self.n)
            return
        c = self.stock.pop()
        hands[p][c] += 1
        self.sizes[p] += 1
        matched = c == r
        if matched:
            known[p][r] += 1
            self.nope[p] &= ~(1 << r)
        else:
            self.nope[p] = 0
        self._lay_books(p, c)
        if not self.over and self.stock_out_ends and not self.stock:
            self._end()
        if not self.over:
            self._handle_empty(p)
        if self.over:
            return
        if matched and self.active[p]:
            self._check_stuck()
            return
        self._pass_turn(t if self.to_asked else (p + 1) % self.n)

    def _lay_books(self, s: int, r: int) -> None:
        size = self.book_size
        h = self.hands[s]
        while h[r] >= size and not self.over:
            h[r] -= size
            self.sizes[s] -= size
            k = self.known[s]
            k[r] = max(0, k[r] - size)
            self.points[s] += self.rank_points[r]
            self.booked += 1
            if self.booked == self.total_books:
                self._end()

    def _handle_empty(self, s: int) -> None:
        while not self.over and self.active[s] and self.sizes[s] == 0:
            if self.empty_ends:
                self._end()
                return
            if self.stock:
                k = min(self.refill, len(self.stock))
                h = self.hands[s]
                drawn = set()
                for _ in range(k):
                    c = self.stock.pop()
                    h[c] += 1
                    drawn.add(c)
                self.sizes[s] += k
                self.nope[s] = 0
                for r in sorted(drawn):
                    if self.over:
                        return
                    self._lay_books(s, r)
                if self.over:
                    return
                if self.stock_out_ends and not self.stock:
                    self._end()
            else:
                self.active[s] = False
                self.known[s] = [0] * 14
                if not any(self.active):
                    self._end()

    def _pass_turn(self, seat: int) -> None:
        if self.over:
            return
        n = self.n
        for k in range(n):
            s = (seat + k) % n
            if self.active[s]:
                self.current = s
                self._check_stuck()
                return
        self._end()

    def _check_stuck(self) -> None:
        cur = self.current
        if cur is None or self.over:
            return
        if self.sizes[cur] == 0 or sum(self.active) < 2:
            self._end()

    def _end(self) -> None:
        self.over = True
        self.current = None

    # --- the simulated players -------------------------------------------------------

    def policy_ask(self, rng: random.Random) -> tuple[int, int]:
        """The simulated players' ask for the current seat: a rank it holds that public facts say an
        opponent holds (the ``rule`` player's memory), otherwise a random held rank of a random opponent.
        Returns ``(target, rank)``."""
        p = self.current
        assert p is not None
        h = self.hands[p]
        held = [r for r in range(1, 14) if h[r]]
        n = self.n
        active, known = self.active, self.known
        for k in range(1, n):
            t = (p + k) % n
            if active[t]:
                kt = known[t]
                for r in held:
                    if kt[r]:
                        return t, r
        targets = [t for t in range(n) if t != p and active[t]]
        rnd = rng.random
        return targets[int(rnd() * len(targets))], held[int(rnd() * len(held))]

    def policy_hard(self, rng: random.Random) -> tuple[int, int]:
        """An ask like the ``hard`` player's, cheaply: a rank public facts show an opponent holds (the one it holds
        most of), otherwise the rank it holds most of that some opponent has not shown it lacks, of a random
        such opponent. Returns ``(target, rank)``."""
        p = self.current
        assert p is not None
        h = self.hands[p]
        n = self.n
        active, known, nope = self.active, self.known, self.nope
        rnd = rng.random
        best_t = best_r = -1
        best = 0
        for k in range(1, n):
            t = (p + k) % n
            if active[t]:
                kt = known[t]
                for r in range(1, 14):
                    if kt[r] and h[r] > best:
                        best, best_t, best_r = h[r], t, r
        if best:
            return best_t, best_r
        targets = [t for t in range(n) if t != p and active[t]]
        open_to = 0
        for t in targets:
            open_to |= ~nope[t]
        best = 0
        ties = 0
        for r in range(1, 14):
            c = h[r]
            if c and c >= best and (open_to >> r) & 1:
                if c > best:
                    best, best_r, ties = c, r, 1
                else:
                    ties += 1
                    if rnd() * ties < 1.0:
                        best_r = r
        if not best:
            held = [r for r in range(1, 14) if h[r]]
            return targets[int(rnd() * len(targets))], held[int(rnd() * len(held))]
        if len(targets) > 1:
            targets = [t for t in targets if not (nope[t] >> best_r) & 1]
        return targets[int(rnd() * len(targets))], best_r

    def rollout(self, rng: random.Random, max_asks: int = 10_000, *, hard: bool = False) -> None:
        """Play on with :meth:`policy_ask` (``hard``: :meth:`policy_hard`) for every seat until the game ends (or
        ``max_asks`` more asks)."""
        limit = self.asks + max_asks
        while not self.over and self.asks < limit:
            t, r = self.policy_hard(rng) if hard else self.policy_ask(rng)  # (a bound method is a Python call)
            cur = self.current
            assert cur is not None
            self.ask(cur, t, r)
