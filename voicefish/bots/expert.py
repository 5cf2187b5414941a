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

The deals also read the opponents' guesses (asks for a rank nobody was publicly known to hold): an opponent's
hidden cards are dealt by age (only the cards it drew since it last showed it lacked a rank can be of it), four
times as many deals are drawn as searched, and they are resampled by how likely each makes every guess the
opponents made so far, each opponent taken to ask as ``hard`` scores the asks (its hand at each guess rebuilt from
its sampled hand now and the cards the table saw move since, an approximation), the likelihood tempered
(``BETA``, ``WEIGHT``).

Like the other players it reads nothing but its own :class:`~voicefish.engine.PlayerView`, and every random
choice comes from (its seed, the length of the view's history): a decision is a pure function of the two.
Under ``authors`` and during a ``sudden_death`` tie-break it plays as ``hard`` (the search engine does not
model exact cards or the tie-break).
"""

from __future__ import annotations

import math
import random

from voicefish.bots.base import Decision, Reason, player_seed
from voicefish.bots.memory import Knowledge, _p_any
from voicefish.bots.strengths import HardPlayer, open_asks
from voicefish.engine import Ask, AskEvent, Book, Draw, GameStart, Give, PlayerView, Refill, TiebreakStart
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
    BETA = 2.0
    """How sharply the opponents are read as choosing like ``hard``: an ask made with chance ``score ** BETA`` over
    the asks the asker could have made (``hard``'s score; large: always the best-scored)."""
    WEIGHT = 0.25
    """How much a deal's likelihood counts: each deal is kept with the chance it gives the guesses made, to this
    power (0: the guesses are not read, every deal kept alike). Below 1 it tempers a rough model (a hand rebuilt
    by approximation, a human who does not ask like ``hard``) and keeps more distinct deals."""
    POOL = 4
    """Deals drawn per deal searched when guesses are read: they are resampled by that chance."""
    AGE = True
    """Deal each opponent's hidden cards by age (only its newest ``elig[s][r]`` cards may be ``r``), not by a count
    cap that let every hidden card be ``r``."""

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self._seed = player_seed(rng, seed)
        self._hard = HardPlayer(random.Random(self._seed))
        self._guesses = Guesses()

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
        worlds: list[FastGame] = []
        if self.WEIGHT > 0:
            self._guesses.update(view)
            evidence = self._guesses.evidence(view)
            if evidence:
                worlds = sample_deals(
                    view, k, start, rng, deals, evidence, self.BETA, self.POOL, weight=self.WEIGHT, by_age=self.AGE
                )
        d = 0
        while d < deals:
            world = worlds[d] if worlds else _deal_unseen(view, k, start, rng, by_age=self.AGE)
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


def _deal_unseen(
    view: PlayerView, k: Knowledge, start: FastGame, rng: random.Random, *, by_age: bool = False
) -> FastGame:
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
    if by_age:
        placed = _place_by_age(pool, slots, elig, room, rng) or _place(pool, slots, elig, room, rng, strict=False)
    else:
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


Evidence = list[tuple[int, int, list[int], int, list[list[float]]]]
"""Per opponent guess still to read: (seat, target, the seat's public gains per rank since, hidden cards it took
since, the log of ``hard``'s score of each ask it could have made then: per target, rank ``q`` and cards held ``c``
at index ``4 * q + c``)."""

_VALUE = (0.0, 0.05, 0.25, 1.0)
_FLOOR = math.log(1e-4)


def _scores(k: Knowledge, asker: int) -> list[list[float]]:
    """The log of ``hard``'s score for each ask ``asker`` could make, from the public knowledge ``k`` (a public
    observer's: every seat's hidden draws counted), by target, rank and how many of the rank it held (1..3): a
    rank the table knows the target holds scores 10 and more (taken at once), else its worth times the chance of
    getting it (from the target or the stock), as :class:`~voicefish.bots.strengths.HardPlayer` reckons it."""
    n = k.n
    out: list[list[float]] = []
    hidden = [k.hidden(s) for s in range(n)]
    for u in range(n):
        row = [_FLOOR] * (14 * 4)
        out.append(row)
        if u == asker or not k.active[u] or k.sizes[u] <= 0:
            continue
        for q in range(1, 14):
            if k.booked[q] >= 4:
                continue
            if k.known[u][q] > 0:
                for c in range(1, 4):
                    row[4 * q + c] = math.log(10.0 + _VALUE[c])
                continue
            others = sum(k.known[s][q] for s in range(n) if s != asker)
            slot = min(k.elig[u][q], hidden[u])
            total = k.stock
            for s in range(n):
                if s != asker and k.active[s]:
                    total += min(k.elig[s][q], hidden[s])
            rest = total - slot
            for c in range(1, 4):
                free = 4 - k.booked[q] - c - others
                if free <= 0:
                    continue
                p = _p_any(slot, total, free) if slot > 0 else 0.0
                d = min(1.0, free / rest) if k.stock > 0 and rest > 0 else 0.0
                score = _VALUE[c] * (p + (1.0 - p) * d)
                if score > 1e-4:
                    row[4 * q + c] = math.log(score)
    return out


class Guesses:
    """The opponents' guesses so far (asks for a rank nobody was publicly known to hold), each with the score
    ``hard`` would have given every ask the asker could make then, and with what the table saw the asker's hand
    gain and lose since. Read only from this seat's views, incrementally."""

    def __init__(self) -> None:
        self._k = Knowledge()
        self._first: object = None
        self._pos = 0
        self._me = -1
        self._reset(0)

    def _reset(self, n: int) -> None:
        self.moved = [[0] * 14 for _ in range(n)]
        """Per seat and rank, the cards the table saw it gain less those it saw it lose, since the start."""
        self.drawn = [0] * n
        """Per seat, the cards it took that the table did not see."""
        self.log: list[tuple[int, int, int, list[int], int, list[list[float]]]] = []
        """Each guess: (seat, target, rank, ``moved[seat]`` then, ``drawn[seat]`` then, scores then)."""

    def update(self, view: PlayerView) -> None:
        events = view.events
        length = len(events)
        first = events[0] if length else None
        n = len(view.players)
        if first is not self._first or length < self._pos or view.seat != self._me or n != len(self.drawn):
            self._first = first
            self._pos = 0
            self._me = view.seat
            self._k = Knowledge()
            self._k._reset(n, -1)  # a public observer: every seat's hidden draws counted
            self._reset(n)
        k = self._k
        me = self._me
        moved, drawn = self.moved, self.drawn
        for i, ev in enumerate(events[self._pos : length], self._pos):
            if isinstance(ev, AskEvent):
                s = ev.player
                if s != me and ev.card is None and k.known[ev.target][ev.rank] == 0:
                    self.log.append((s, ev.target, int(ev.rank), moved[s][:], drawn[s], _scores(k, s)))
            elif isinstance(ev, Give):
                moved[ev.giver][ev.rank] -= ev.count
                moved[ev.receiver][ev.rank] += ev.count
            elif isinstance(ev, Draw):
                if ev.matched and ev.card is not None:
                    moved[ev.player][ev.card.rank] += 1
                else:
                    drawn[ev.player] += 1
            elif isinstance(ev, Book):
                moved[ev.player][ev.rank] -= len(ev.cards)
            elif isinstance(ev, Refill):
                drawn[ev.player] += ev.count
            elif isinstance(ev, (GameStart, TiebreakStart)):
                self._reset(n)
                moved, drawn = self.moved, self.drawn
            k._see(i, ev)
        self._pos = length

    def evidence(self, view: PlayerView) -> Evidence:
        """The guesses of the opponents still in, each with the public changes of the asker's hand since."""
        out: Evidence = []
        for s, t, r, then, drawn_then, scores in self.log:
            if view.active[s]:
                now = self.moved[s]
                gained = [now[q] - then[q] for q in range(14)]
                gained[0] = r  # index 0 is unused: it carries the rank guessed
                out.append((s, t, gained, self.drawn[s] - drawn_then, scores))
        return out


def log_likelihood(hands: list[list[int]], evidence: Evidence, alpha: float) -> float:
    """How likely (log) the opponents' guesses are if they hold ``hands`` now. Each asker's hand at its guess is
    rebuilt from its hand now less what the table saw it gain since (plus what it lost); the hidden cards it took
    since are taken off every rank in proportion (an approximation: which of its cards are the new ones is not
    known), each count rounded. It made the ask it made with chance ``score ** alpha`` over the sum for every ask
    it could have made (``hard``'s score, :func:`_scores`): ``alpha`` large, it always made the best-scored."""
    total = 0.0
    for s, t, gained, drawn, scores in evidence:
        r = gained[0]
        h = hands[s]
        net = [h[q] - gained[q] for q in range(14)]
        net[0] = 0
        held = sum(x for x in net if x > 0)
        if net[r] <= 0 or held <= 0:
            total -= 8.0  # the asker could not have held the rank it asked for: all but impossible
            continue
        frac = max(0, held - drawn) / held
        den = 0.0
        num = 0.0
        for q in range(1, 14):
            if net[q] <= 0:
                continue
            c = min(3, int(net[q] * frac + 0.5))
            if q == r:
                c = max(1, c)
            elif c <= 0:
                continue
            for u, row in enumerate(scores):
                x = math.exp(alpha * row[4 * q + c])
                den += x
                if q == r and u == t:
                    num = x
        total += math.log(num / den)
    return total


def sample_deals(
    view: PlayerView,
    k: Knowledge,
    start: FastGame,
    rng: random.Random,
    count: int,
    evidence: Evidence,
    beta: float,
    pool: int,
    *,
    weight: float = 1.0,
    by_age: bool = True,
) -> list[FastGame]:
    """``count`` deals as :func:`_deal_unseen` gives them, drawn from ``pool`` times as many, each kept in
    proportion to how likely it makes the opponents' guesses, to the power ``weight`` (systematic resampling); the
    stock of each kept deal is shuffled again (the guesses say nothing of its order), so a deal kept twice is not
    played twice."""
    deals = [_deal_unseen(view, k, start, rng, by_age=by_age) for _ in range(count * max(1, pool))]
    logs = [weight * log_likelihood(g.hands, evidence, beta) for g in deals]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    step = sum(weights) / count
    u = rng.random() * step
    out: list[FastGame] = []
    acc = 0.0
    for g, w in zip(deals, weights, strict=True):
        acc += w
        while u < acc and len(out) < count:
            c = g.copy()
            rng.shuffle(c.stock)
            out.append(c)
            u += step
    while len(out) < count:  # rounding
        c = deals[-1].copy()
        rng.shuffle(c.stock)
        out.append(c)
    rng.shuffle(out)
    return out


def _place_by_age(
    pool: list[int],
    slots: list[tuple[int, int]],
    elig: list[list[int]],
    room: dict[int, list[int]],
    rng: random.Random,
) -> tuple[dict[int, list[int]], list[int]] | None:
    """Share ``pool`` out as :func:`_place` does, each hidden card by its age: ``elig[s][r]`` counts the hidden
    cards ``s`` drew since it last showed it had no ``r``, so only its newest ``elig[s][r]`` cards can be ``r``.
    Its cards are dealt from the oldest (the fewest ranks open) to the newest, each a card of the pool drawn among
    the ranks open to it (never more of a rank than ``room`` leaves). A count cap alone (``_place(strict=True)``)
    let every hidden card be ``r``: an opponent who said "Go Fish" to ``r`` and drew once since was dealt ``r``
    about as often as one who never did. ``None`` when some card has no rank open."""
    count = [0] * 14
    for r in pool:
        count[r] += 1
    order = slots[:]
    rng.shuffle(order)
    out: dict[int, list[int]] = {}
    for s, hidden in order:
        got = [0] * 14
        cap, space = elig[s], room[s]
        for age in range(hidden, 0, -1):  # the oldest card first: open to the ranks with elig >= its age
            total = 0
            for r in range(1, 14):
                if cap[r] >= age and got[r] < space[r]:
                    total += count[r]
            if total == 0:
                return None
            x = rng.randrange(total)
            for r in range(1, 14):
                if cap[r] >= age and got[r] < space[r]:
                    x -= count[r]
                    if x < 0:
                        got[r] += 1
                        count[r] -= 1
                        break
        out[s] = got
    rest = [r for r in range(1, 14) for _ in range(count[r])]
    rng.shuffle(rest)
    return out, rest


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
