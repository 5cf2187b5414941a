"""The computer players by strength — ``easy``, ``medium``, ``hard`` — and two reference players from the
literature, ``rule`` and ``persistent``.

Every player reads only its own :class:`~voicefish.engine.PlayerView` (through a
:class:`~voicefish.bots.memory.Knowledge`) and returns a legal ask with a language-free
:class:`~voicefish.bots.base.Reason` built from public facts only (never from its own hidden hand).
A player draws one seed from the injected ``random.Random`` when it is built; each decision's random choices
come from (that seed, the length of the view's history), and forgetting is a fixed function of (seed, event
index). So a decision is a pure function of the seed and the view: a player rebuilt after a resume decides
exactly like the one that played along. The public-knowledge cache is rebuilt identically by a full scan.

With an empty pond none of them makes an ask the table's public facts prove would miss (:func:`open_asks`), even
the forgetful ones: such a miss changes nothing but whose turn it is, and repeating it is how a game circles
forever.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voicefish.bots.base import Decision, PlayerFactory, Reason, player_seed
from voicefish.bots.memory import Fact, Knowledge
from voicefish.cards import Rank
from voicefish.engine import Ask, AskEvent, GameStart, PlayerView, TiebreakStart

__all__ = [
    "FACTORIES",
    "EasyPlayer",
    "HardPlayer",
    "MediumPlayer",
    "PersistentPlayer",
    "RulePlayer",
    "open_asks",
]


def _legal(view: PlayerView) -> list[Ask]:
    actions = view.legal_actions()
    if not actions:
        raise ValueError("decide() called when the player has no legal ask")
    return actions


def _counts(view: PlayerView) -> list[int]:
    out = [0] * 14
    for c in view.hand:
        out[c.rank] += 1
    return out


def _fact_reason(fact: Fact | None, seat: int, rank: Rank, asks: int) -> Reason:
    kind = {"asked": "they_asked", "received": "they_received", "showed": "they_showed"}
    if fact is None:
        return Reason("they_hold", seat, rank.code)
    return Reason(kind[fact.kind], seat, rank.code, {"asks_ago": max(0, asks - fact.ask_number)})


def _decision_rng(seed: int, view: PlayerView) -> random.Random:
    """The random source of one decision, drawn from (the player's seed, the length of the history): a player
    rebuilt with the same seed after a saved game is resumed decides exactly as the original would have."""
    return random.Random(seed * 1_000_003 + len(view.events))


def open_asks(k: Knowledge, view: PlayerView, actions: list[Ask]) -> list[Ask]:
    """The asks worth making: with an empty pond a miss draws nothing and only passes the turn, so an ask public
    facts prove would miss is dropped (unless every legal ask is one). Without it two players who keep asking each
    other for what the other has already said it lacks would circle forever (issue 31's endless games under
    ``authors,continuous``); with it, every miss in an empty pond teaches the table something new."""
    if view.stock_size > 0:
        return actions
    hand = frozenset(view.hand)
    left = [a for a in actions if not k.sure_miss(a, hand)]
    return left or actions


def _pick(rng: random.Random, items: Sequence[Ask]) -> Ask:
    return items[0] if len(items) == 1 else rng.choice(items)


def _unasked_reason(k: Knowledge, view: PlayerView, a: Ask) -> Reason:
    """A public-only reason for a guess: the target has the most cards, or has not been asked for it."""
    sizes = [view.hand_sizes[s] for s in range(len(view.players)) if s != view.seat and view.active[s]]
    if len(sizes) > 1 and view.hand_sizes[a.target] == max(sizes):
        return Reason("most_cards", a.target, a.rank.code, {"cards": view.hand_sizes[a.target]})
    if k.asked_of[a.target][a.rank] == 0:
        return Reason("not_asked", a.target, a.rank.code)
    return Reason("guess", a.target, a.rank.code)


class _Mixer:
    """A deterministic per-player coin: ``flip(key, p)`` is true with probability ``p`` for a random key."""

    def __init__(self, salt: int) -> None:
        self._salt = salt & 0xFFFFFFFFFFFFFFFF

    def flip(self, key: int, p: float) -> bool:
        if p >= 1.0:
            return True
        if p <= 0.0:
            return False
        x = (key * 0x9E3779B97F4A7C15 + self._salt) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
        x = (x * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 29
        return (x & 0xFFFFFF) < p * 0x1000000


class _ForgetfulPlayer:
    """Remembers who holds what with a retention that falls with the number of asks since it heard it."""

    strength = "forgetful"

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self._seed = player_seed(rng, seed)
        self._rng = random.Random(self._seed)
        self._mix = _Mixer(self._seed)
        self._k = Knowledge()

    def retention(self, age: int) -> float:
        """Chance to still remember a fact heard ``age`` asks ago."""
        raise NotImplementedError

    def _remembers(self, at: int, age: int, salt: int) -> bool:
        return self._mix.flip(at * 64 + salt, self.retention(age))

    def _remembered_holders(self, view: PlayerView, actions: list[Ask]) -> list[tuple[Ask, Fact | None]]:
        k = self._k
        out: list[tuple[Ask, Fact | None]] = []
        for a in actions:
            r = a.rank
            if k.known[a.target][r] > 0:
                fact = k.fact[a.target][r]
                if fact is None or self._remembers(fact.at, k.asks - fact.ask_number, a.target):
                    out.append((a, fact))
        return out

    def _fallback(self, view: PlayerView, actions: list[Ask]) -> Decision:
        raise NotImplementedError

    def decide(self, view: PlayerView) -> Decision:
        actions = _legal(view)
        self._rng = _decision_rng(self._seed, view)
        self._k.update(view)
        actions = open_asks(self._k, view, actions)
        held = self._remembered_holders(view, actions)
        if held:
            a, fact = held[0] if len(held) == 1 else self._rng.choice(held)
            return Decision(a, _fact_reason(fact, a.target, a.rank, self._k.asks))
        return self._fallback(view, actions)


class EasyPlayer(_ForgetfulPlayer):
    """Like a young child: asks for any rank it holds; remembers what it just heard, but of anything older
    only a few facts stick (each with chance 0.4)."""

    strength = "easy"

    def retention(self, age: int) -> float:
        return 0.9 if age <= 1 else 0.4

    def _fallback(self, view: PlayerView, actions: list[Ask]) -> Decision:
        ranks = sorted({a.rank for a in actions})
        rank = ranks[0] if len(ranks) == 1 else self._rng.choice(ranks)
        a = _pick(self._rng, [x for x in actions if x.rank is rank])
        return Decision(a, Reason("hunch", a.target, a.rank.code))


def _not_refused(player: _ForgetfulPlayer, actions: list[Ask]) -> list[Ask]:
    """The asks whose target the player does not remember being left with none of that rank (with no draw
    since): the target said "Go Fish" to it, or handed every card of it over."""
    k = player._k
    out: list[Ask] = []
    for a in actions:
        r = a.rank
        if a.card is not None:  # authors: the target said it did not have this exact card
            if a.card in k.lacks[a.target]:
                no = k.said_no[a.target][r]
                if no >= 0 and player._remembers(no, k.asks - no, 32 + a.target):
                    continue
        elif k.elig[a.target][r] == 0:
            no, gave = k.said_no[a.target][r], k.gave_all[a.target][r]
            if no >= 0 and player._remembers(no, k.asks - no, 32 + a.target):
                continue
            if gave >= 0 and player._remembers(gave, k.asks - gave, 48 + a.target):
                continue
        out.append(a)
    return out


class MediumPlayer(_ForgetfulPlayer):
    """Like an attentive adult: remembers everything from the last four asks and 60 % of older facts, does not
    repeat an ask it remembers was just refused (under ``authors``: that exact card) nor ask a player for a rank it
    remembers they just handed over,
    asks the player holding the most cards, and half the time goes for the rank it holds most of (otherwise any
    rank it holds)."""

    strength = "medium"

    def retention(self, age: int) -> float:
        return 1.0 if age <= 4 else 0.6

    def _fallback(self, view: PlayerView, actions: list[Ask]) -> Decision:
        k = self._k
        pool = _not_refused(self, actions) or actions
        biggest = max(view.hand_sizes[a.target] for a in pool)
        pool = [a for a in pool if view.hand_sizes[a.target] == biggest]
        if self._rng.random() < 0.5:
            mine = _counts(view)
            most = max(mine[a.rank] for a in pool)
            pool = [a for a in pool if mine[a.rank] == most]
        ranks = sorted({a.rank for a in pool})
        rank = ranks[0] if len(ranks) == 1 else self._rng.choice(ranks)
        a = _pick(self._rng, [x for x in pool if x.rank is rank])
        return Decision(a, _unasked_reason(k, view, a))


class HardPlayer:
    """Uses everything public with perfect memory and counts where the unseen cards can be.

    First it takes every rank public facts prove an opponent holds. Otherwise, for each legal ask, it
    estimates the chance that the target holds the rank — the unplaced cards of that rank spread over the
    places that could hold them (a hand that said "Go Fish" to it and has not drawn since cannot) — and the
    chance of fishing it after a miss, and weighs that by what the cards are worth: a card that completes a
    book is worth far more than one that starts a pair, which opponents could take back. Measured against
    the alternatives (most likely hit first, random rank) in ``bench/results/bots.md``."""

    strength = "hard"

    VALUE: tuple[float, ...] = (0.0, 0.05, 0.25, 1.0)
    """Worth of getting cards of a rank, by how many of it this player holds, counted back from a book:
    ``VALUE[-1]`` when one more card makes a book, ``VALUE[-2]`` when two more are needed, and so on."""
    LEAK = 0.0
    """Score given up by an ask that shows the table a rank it did not know this player holds."""

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self._seed = player_seed(rng, seed)
        self._rng = random.Random(self._seed)
        self._k = Knowledge()

    def _value(self, mine: int, book: int) -> float:
        need = book - mine
        return self.VALUE[-need] if 0 < need <= len(self.VALUE) - 1 else self.VALUE[1]

    def decide(self, view: PlayerView) -> Decision:
        actions = _legal(view)
        self._rng = _decision_rng(self._seed, view)
        k = self._k
        k.update(view)
        actions = open_asks(k, view, actions)
        mine = _counts(view)
        if view.rules.authors:
            return self._decide_authors(view, actions, mine)
        me = view.seat
        book = view.rules.book_size
        known = k.known
        stock = k.stock
        per_rank: dict[Rank, tuple[int, list[int], int, float]] = {}
        best: Ask | None = None
        best_score = -1.0
        best_p = 0.0
        rand = self._rng.random
        for a in actions:
            rank = a.rank
            r = rank
            t = a.target
            info = per_rank.get(rank)
            if info is None:
                free = k.free(rank, mine[r])
                slots, total = k.slots(rank)
                info = per_rank[rank] = (free, slots, total, self._value(mine[r], book))
            free, slots, total, value = info
            if known[t][r] > 0:
                score = 10.0 + value  # certain: take it
                p = 1.0
            else:
                p = _p_any(slots[t], total, free) if free > 0 and slots[t] > 0 else 0.0
                rest = total - slots[t]
                d = min(1.0, free / rest) if stock > 0 and free > 0 and rest > 0 else 0.0
                score = value * (p + (1.0 - p) * d)
                if known[me][r] == 0:
                    score -= self.LEAK
            score += rand() * 1e-9
            if score > best_score:
                best, best_score, best_p = a, score, p
        assert best is not None
        return Decision(best, self._reason(view, best, best_p))

    def _decide_authors(self, view: PlayerView, actions: list[Ask], mine: list[int]) -> Decision:
        k = self._k
        hand = frozenset(view.hand)
        book = view.rules.book_size
        cache: dict[tuple[int, object], float] = {}
        best: Ask | None = None
        best_score = -1.0
        best_p = 0.0
        for a in actions:
            assert a.card is not None
            key = (a.target, a.card)
            p = cache.get(key)
            if p is None:
                p = cache[key] = k.p_card(a.target, a.card, hand)
            score = p * self._value(mine[a.rank], book) + (10.0 if p >= 1.0 else 0.0)
            if a.card in hand:
                score -= 1.0  # a bluff always misses
            score += self._rng.random() * 1e-6
            if score > best_score:
                best, best_score, best_p = a, score, p
        assert best is not None
        return Decision(best, self._reason(view, best, best_p))

    def _reason(self, view: PlayerView, a: Ask, p: float) -> Reason:
        k = self._k
        r = a.rank
        if k.known[a.target][r] > 0:
            return _fact_reason(k.fact[a.target][r], a.target, a.rank, k.asks)
        if p >= 0.999:
            return Reason("counted", a.target, a.rank.code)
        return _unasked_reason(k, view, a)


class RulePlayer:
    """Reference player: asks for a rank it knows an opponent holds (perfect memory), otherwise at random."""

    strength = "rule"

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self._seed = player_seed(rng, seed)
        self._rng = random.Random(self._seed)
        self._k = Knowledge()

    def decide(self, view: PlayerView) -> Decision:
        actions = _legal(view)
        self._rng = _decision_rng(self._seed, view)
        k = self._k
        k.update(view)
        actions = open_asks(k, view, actions)
        sure = [a for a in actions if k.known[a.target][a.rank] > 0]
        if sure:
            a = _pick(self._rng, sure)
            return Decision(a, _fact_reason(k.fact[a.target][a.rank], a.target, a.rank, k.asks))
        a = _pick(self._rng, actions)
        return Decision(a, Reason("random", a.target, a.rank.code))


class PersistentPlayer:
    """Reference player: keeps asking for the same rank until it no longer holds it (booked or given away),
    then picks another at random. In an empty pond it too skips asks the table has heard refused."""

    strength = "persistent"

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self._seed = player_seed(rng, seed)
        self._rng = random.Random(self._seed)
        self._k = Knowledge()

    def decide(self, view: PlayerView) -> Decision:
        actions = _legal(view)
        self._rng = _decision_rng(self._seed, view)
        self._k.update(view)
        actions = open_asks(self._k, view, actions)
        last: Rank | None = None
        for i in range(len(view.events) - 1, -1, -1):
            ev = view.events[i]
            if isinstance(ev, AskEvent) and ev.player == view.seat:
                last = ev.rank
                break
            if isinstance(ev, GameStart | TiebreakStart):
                break
        if last is not None:
            same = [a for a in actions if a.rank is last]
            if same:
                a = _pick(self._rng, same)
                return Decision(a, Reason("persist", a.target, a.rank.code))
        ranks = sorted({a.rank for a in actions})
        rank = ranks[0] if len(ranks) == 1 else self._rng.choice(ranks)
        a = _pick(self._rng, [x for x in actions if x.rank is rank])
        return Decision(a, Reason("random", a.target, a.rank.code))


def _p_any(slots_t: int, total: int, free: int) -> float:
    if total - slots_t < free:
        return 1.0
    miss = 1.0
    for i in range(free):
        miss *= (total - slots_t - i) / (total - i)
    return 1.0 - miss


FACTORIES: dict[str, PlayerFactory] = {
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "hard": HardPlayer,
    "rule": RulePlayer,
    "persistent": PersistentPlayer,
}
