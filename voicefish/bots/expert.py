"""``expert``: a computer player that thinks ahead by determinization (perfect-information Monte Carlo).

When public facts do not already prove where a rank is (then it simply takes it, as ``hard`` does), it deals the
cards it cannot see in as many ways as its budget of simulated asks allows (6 to 64), each consistent with its
own view only — its own hand, the books, every hand size and the stock size, the ranks each player is publicly
known to hold (they asked for them, received them, showed them on a draw) and the ranks a player cannot hold
(they said "Go Fish" to them or handed them all over, and have not drawn since) — and for each candidate ask
plays every one of those deals forward to the end with the search engine
(:class:`~voicefish.engine.fast.FastGame`), every simulated player (itself included) asking like ``hard`` does,
cheaply (:meth:`~voicefish.engine.fast.FastGame.policy_hard`: it takes the ranks public facts show, otherwise asks
for the rank it holds most of, not of a player who has shown it lacks it). Simulating the players like ``rule``
(random guesses) instead left ``expert`` no stronger than ``hard``. It keeps the ask with the best average
result (the share of the win, plus a little for the book margin), but ``hard``'s choice stands unless another
ask beats it, deal by deal, by two standard errors. The same deals and the same simulated draws are used for
every candidate, so differences come from the ask, not the luck.

Like the other players it reads nothing but its own :class:`~voicefish.engine.PlayerView`, and every random
choice comes from (its seed, the length of the view's history): a decision is a pure function of the two.
Under ``authors`` and during a ``sudden_death`` tie-break it plays as ``hard`` (the search engine does not
model exact cards or the tie-break).
"""

from __future__ import annotations

import random

from voicefish.bots.base import Decision, Reason, player_seed
from voicefish.bots.memory import Knowledge
from voicefish.bots.strengths import HardPlayer, open_asks
from voicefish.engine import Ask, PlayerView
from voicefish.engine.fast import FastGame

__all__ = ["ExpertPlayer"]


class ExpertPlayer:
    """Thinks ahead: samples the unseen cards from its own view and plays each candidate ask forward."""

    strength = "expert"

    BUDGET = 16_000
    """Simulated asks per decision (over every deal and candidate): the time limit, about 0.1 s of CPU on a
    quiet machine. The first deal measures how long the games still run; it sets how many deals fit."""
    MIN_DEALS = 6
    MAX_DEALS = 64
    CANDIDATES = 10
    """At most this many asks are searched: ``hard``'s likeliest, and ``hard``'s own choice."""
    MARGIN = 0.25
    """Weight of the final book margin (as a fraction of all books) next to the win share."""
    Z = 2.0
    """``hard``'s own choice stands unless another ask beats it, deal by deal, by this many standard errors."""

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self._seed = player_seed(rng, seed)
        self._hard = HardPlayer(random.Random(self._seed))

    def decide(self, view: PlayerView) -> Decision:
        base = self._hard.decide(view)  # also brings the public knowledge up to date
        k = self._hard._k
        a = base.action
        if view.rules.authors or view.in_tiebreak or k.known[a.target][a.rank] > 0:
            return base
        candidates = self._candidates(view, k, a)
        if len(candidates) < 2:
            return base
        rng = random.Random(self._seed * 1_000_003 + len(view.events))
        start = _position(view, k)
        me = view.seat
        total = start.total_books
        values: list[list[float]] = [[] for _ in candidates]
        deals = self.MAX_DEALS
        d = 0
        while d < deals:
            world = _deal_unseen(view, k, start, rng)
            roll_seed = rng.getrandbits(62)
            used = 0
            for i, c in enumerate(candidates):
                g = world.copy()
                g.ask(me, c.target, c.rank.value)
                g.rollout(random.Random(roll_seed), hard=True)
                used += g.asks
                best_other = max(p for s, p in enumerate(g.points) if s != me)
                values[i].append(g.share(me) + self.MARGIN * (g.points[me] - best_other) / total)
            if d == 0:  # how many deals fit the budget, from the length of these games (deterministic)
                deals = min(self.MAX_DEALS, max(self.MIN_DEALS, self.BUDGET // max(1, used)))
            d += 1
        base_values = values[candidates.index(a)]
        best_gain = 0.0
        choice = a
        for c, vs in zip(candidates, values, strict=True):
            diffs = [x - y for x, y in zip(vs, base_values, strict=True)]
            gain = sum(diffs) / deals
            var = sum((x - gain) ** 2 for x in diffs) / max(1, deals - 1)
            if gain > best_gain and gain > self.Z * (var / deals) ** 0.5:
                best_gain, choice = gain, c
        if choice is a:
            return base
        return Decision(choice, Reason("looked_ahead", choice.target, choice.rank.code, {"deals": deals}))

    def _candidates(self, view: PlayerView, k: Knowledge, chosen: Ask) -> list[Ask]:
        """The legal asks worth searching: all of them, or ``hard``'s best-scored when there are too many."""
        actions = open_asks(k, view, view.legal_actions())
        limit = self.CANDIDATES
        if len(actions) <= limit:
            return actions
        mine = [0] * 14
        for c in view.hand:
            mine[c.rank] += 1

        def odds(x: Ask) -> float:
            return k.p_holds(x.target, x.rank, mine[x.rank]) * (1 + mine[x.rank])

        ranked = sorted(actions, key=odds, reverse=True)[:limit]
        if chosen not in ranked:
            ranked[-1] = chosen
        return ranked


def _position(view: PlayerView, k: Knowledge) -> FastGame:
    """The public part of the position (hands still empty): points, books laid, who is in, whose turn."""
    n = len(view.players)
    booked = sum(len(b) for b in view.books)
    return FastGame(
        view.rules,
        [[0] * 14 for _ in range(n)],
        [],
        points=list(view.scores),
        booked=booked,
        active=list(view.active),
        current=view.current,
        known=[row[:] for row in k.known],
    )


def _deal_unseen(view: PlayerView, k: Knowledge, start: FastGame, rng: random.Random) -> FastGame:
    """One way the unseen cards could lie, consistent with this seat's view: its own hand as it is, every other
    hand holding the ranks it is publicly known to hold plus unseen cards up to its size (never more of a rank
    than it could have drawn since it last showed it had none), the rest in the stock in random order."""
    me = view.seat
    n = len(view.players)
    g = start.copy()
    mine = [0] * 14
    for c in view.hand:
        mine[c.rank] += 1
    g.hands[me] = mine
    known, elig = k.known, k.elig
    free = [0] * 14
    for r in range(1, 14):
        free[r] = max(0, 4 - k.booked[r] - mine[r] - sum(known[s][r] for s in range(n) if s != me))
    slots: list[tuple[int, int]] = []
    for s in range(n):
        if s == me:
            continue
        h = g.hands[s]
        if not view.active[s]:
            continue
        for r in range(1, 14):
            h[r] = known[s][r]
        hidden = max(0, view.hand_sizes[s] - sum(h))
        slots.append((s, hidden))
    pool = [r for r in range(1, 14) for _ in range(free[r])]
    # a hand never holds a whole book (it is laid at once): no more of a rank than a book's size less one
    room = {s: [view.rules.book_size - 1 - g.hands[s][r] for r in range(14)] for s, _ in slots}
    placed = _place(pool, slots, elig, room, rng, strict=True) or _place(pool, slots, elig, room, rng, strict=False)
    assert placed is not None
    extra, stock = placed
    for s, counts in extra.items():
        h = g.hands[s]
        for r in range(1, 14):
            h[r] += counts[r]
    for s in range(n):
        g.sizes[s] = sum(g.hands[s])
    g.stock = stock[: view.stock_size]
    return g


def _place(
    pool: list[int],
    slots: list[tuple[int, int]],
    elig: list[list[int]],
    room: dict[int, list[int]],
    rng: random.Random,
    *,
    strict: bool,
) -> tuple[dict[int, list[int]], list[int]] | None:
    """Share ``pool`` out: ``hidden`` cards to each seat of ``slots`` (never more of a rank than ``room`` leaves,
    nor, when ``strict``, than ``elig`` allows), the rest to the stock. ``None`` if no arrangement was found in a
    few tries."""
    for _ in range(24 if strict else 1):
        cards = pool[:]
        rng.shuffle(cards)
        order = slots[:]
        rng.shuffle(order)
        out: dict[int, list[int]] = {}
        ok = True
        for s, hidden in order:
            got = [0] * 14
            need = hidden
            rest: list[int] = []
            cap, space = elig[s], room[s]
            for r in cards:
                if need and got[r] < space[r] and (not strict or got[r] < cap[r]):
                    got[r] += 1
                    need -= 1
                else:
                    rest.append(r)
            if need and strict:
                ok = False
                break
            out[s] = got
            cards = rest
        if ok:
            return out, cards
    return None
