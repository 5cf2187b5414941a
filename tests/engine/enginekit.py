"""Test-only helpers for the engine tests: scripted decks, a random driver, an independent referee.

The :class:`Referee` is a second, deliberately simple reading of RULES.md. It follows a game from the
engine's full (unredacted) event log, keeps its own hands, stock and books, and checks every event
against the rules: cards are never created or lost, books are exact, gives hand over all cards of the
rank, draws come off the top of the deck, refills take 5 (or what is left), and the turn passes as
the rules say. Any disagreement raises ``AssertionError`` with the event index.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from voicefish.cards import Card, Rank, full_deck, parse_card
from voicefish.engine import (
    Ask,
    AskEvent,
    Book,
    Deal,
    Draw,
    Event,
    Game,
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

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")


def cards(text: str) -> list[Card]:
    """``"AS AH 7C"`` → cards."""
    return [parse_card(c) for c in text.split()]


def deck_with(front: str) -> list[Card]:
    """A full 52-card deck whose first cards are ``front`` (in order), the rest in the fixed order."""
    head = cards(front)
    assert len(set(head)) == len(head), "scripted deck repeats a card"
    rest = [c for c in full_deck() if c not in set(head)]
    return head + rest


def deal_deck(hands: Sequence[str], stock: str, dealer: int, per_hand: int | None = None) -> list[Card]:
    """A deck that deals exactly ``hands[seat]`` to each seat (dealing starts left of ``dealer``, one card
    at a time), followed by ``stock`` on top of the stock, then every other card in the fixed order."""
    n = len(hands)
    held = [cards(h) for h in hands]
    size = per_hand if per_hand is not None else len(held[0])
    assert all(len(h) == size for h in held), "scripted hands must all have the dealt size"
    order = [(dealer + 1 + k) % n for k in range(n)]
    front = [held[s][i] for i in range(size) for s in order]
    return deck_with(" ".join(str(c) for c in front) + " " + stock)


def all_cards_in(obj: Any) -> set[Card]:
    """Every :class:`Card` anywhere inside ``obj`` (dataclasses, tuples, lists, dicts)."""
    found: set[Card] = set()
    _collect(obj, found)
    return found


def _collect(obj: Any, found: set[Card]) -> None:
    if isinstance(obj, Card):
        found.add(obj)
    elif isinstance(obj, Rank | str | int | float | bool) or obj is None:
        return
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            _collect(getattr(obj, f.name), found)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _collect(k, found)
            _collect(v, found)
    elif isinstance(obj, Iterable):
        for x in obj:
            _collect(x, found)


def private_count(game: Game) -> int:
    """Hands + stock + booked cards, read from the engine's private fields (test-only)."""
    in_hands = sum(len(cs) for hand in game._hands for cs in hand.values())
    stock = len(game._deck) - game._pos
    booked = sum(len(b) for b in game._books) * game.rules.book_size
    return in_hands + stock + booked


def random_ask(game: Game, rng: random.Random) -> Ask:
    return rng.choice(game.legal_actions())


def play_random(game: Game, rng: random.Random, max_asks: int = 20_000) -> list[Ask]:
    """Play ``game`` to its end with uniformly random legal asks; returns the asks made."""
    asks: list[Ask] = []
    while not game.over:
        a = random_ask(game, rng)
        game.apply(a)
        asks.append(a)
        assert len(asks) < max_asks, "game did not end"
    return asks


def holds(game: Game, seat: int, rank: Rank) -> list[Card]:
    """The cards of ``rank`` in ``seat``'s hand (test-only: reads the engine's private state)."""
    return list(game._hands[seat].get(rank, []))


def hand_of(game: Game, seat: int) -> list[Card]:
    return [c for cs in game._hands[seat].values() for c in cs]


def top_of_stock(game: Game) -> Card | None:
    return game._deck[game._pos] if game.stock_size else None


def missing_ask(game: Game, target: int | None = None) -> Ask | None:
    """A legal ask of the current player that misses and whose draw (if any) does not match either."""
    top = top_of_stock(game)
    for a in game.legal_actions():
        if target is not None and a.target != target:
            continue
        if holds(game, a.target, a.rank) and (not game.rules.authors or a.card in holds(game, a.target, a.rank)):
            continue
        if top is not None and (top == a.card if game.rules.authors else top.rank is a.rank):
            continue
        return a
    return None


def drain(game: Game, leave: int) -> None:
    """Play missing asks (each draws one unmatched card) until only ``leave`` cards are in the stock."""
    while game.stock_size > leave and not game.over:
        a = missing_ask(game)
        assert a is not None, "no missing ask available to drain the stock"
        game.apply(a)


def random_rules(rng: random.Random) -> RuleSet:
    """A random sensible combination of switches (never one that raises RuleError)."""
    on = {name: rng.random() < 0.3 for name in ("seven_for_two_only", "turn_to_asked_player", "point_fish")}
    on["sudden_death"] = rng.random() < 0.4
    on["authors"] = rng.random() < 0.25
    on["may_ask_for_held_card"] = on["authors"] and rng.random() < 0.5
    on["pairs"] = rng.random() < 0.25
    on["no_peeking"] = rng.random() < 0.2
    end = rng.choice(["default", "default", "continuous", "empty", "stock", "both"])
    on["continuous"] = end == "continuous"
    on["empty_hand_ends_game"] = end in ("empty", "both")
    on["stock_out_ends_game"] = end in ("stock", "both")
    return RuleSet(**on)


class Referee:
    """An independent check of one game, fed the engine's full events one at a time (see module doc)."""

    def __init__(self, players: Sequence[str], rules: RuleSet) -> None:
        self.n = len(players)
        self.rules = rules
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.deck: list[Card] = []
        self.pos = 0
        self.books: list[list[Rank]] = [[] for _ in range(self.n)]
        self.booked_cards: set[Card] = set()
        self.active = [True] * self.n
        self.current: int | None = None
        self.dealer = -1
        self.in_tiebreak = False
        self.over = False
        self.main_ended = False
        self.tied: tuple[int, ...] = ()
        self.pending: Ask | None = None  # the ask being resolved
        self.expected_turn: int | None = None  # seat the rules say plays next once the ask is resolved
        self.ask_count = 0
        self.turn_count = 0
        self.index = -1
        self.fished = False
        self.bluffs = 0
        self.tiebreak_first_book: int | None = None

    # --- facts ------------------------------------------------------------------------

    @property
    def stock(self) -> int:
        return len(self.deck) - self.pos

    def total(self) -> int:
        return sum(len(h) for h in self.hands) + self.stock + len(self.booked_cards)

    def fail(self, what: str) -> None:
        raise AssertionError(f"event #{self.index}: {what}")

    def ok(self, cond: bool, what: str) -> None:
        if not cond:
            self.fail(what)

    def _left_active(self, seat: int) -> int | None:
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.active[s]:
                return s
        return None

    def _from_active(self, seat: int) -> int | None:
        return seat if self.active[seat] else self._left_active(seat)

    # --- events -----------------------------------------------------------------------

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            self.index += 1
            self.step(e)
            if not self.in_tiebreak:
                self.ok(self.total() == 52, f"cards created or lost: {self.total()} after {e}")
            else:
                self.ok(self.total() == 52, f"cards created or lost in the tie-break: {self.total()}")

    def step(self, e: Event) -> None:
        r = self.rules
        self.ok(not self.over, f"event after the game ended: {e}")
        if isinstance(e, GameStart):
            self.ok(self.index == 0, "game_start must be first")
            self.ok(
                e.deck is not None and len(e.deck) == 52 and set(e.deck) == set(full_deck()),
                "deck is not 52 distinct cards",
            )
            self.deck = list(e.deck or ())
            self.dealer = e.dealer
            self.ok(set(e.rules) == set(r.switches_on), "game_start lists the wrong switches")
        elif isinstance(e, TiebreakStart):
            self.current = None
            self.ok(self.main_ended and r.sudden_death, "tie-break without a tied game under sudden_death")
            self.ok(e.players == self.tied and len(self.tied) > 1, "tie-break players are not the tied ones")
            self.ok(
                e.deck is not None and len(e.deck) == 52 and set(e.deck) == set(full_deck()),
                "tie-break deck is not 52 cards",
            )
            self.in_tiebreak = True
            self.deck, self.pos = list(e.deck or ()), 0
            self.hands = [[] for _ in range(self.n)]
            self.booked_cards = set()
            self.active = [s in self.tied for s in range(self.n)]
        elif isinstance(e, Deal):
            seats = [s for s in range(self.n) if self.active[s]]
            per = r.tiebreak_hand_size if self.in_tiebreak else r.hand_size(self.n)
            order = [(self.dealer + 1 + k) % self.n for k in range(self.n)]
            order = [s for s in order if s in seats]
            dealt: list[list[Card]] = [[] for _ in range(self.n)]
            for _ in range(per):
                for s in order:
                    dealt[s].append(self.deck[self.pos])
                    self.pos += 1
            for s in range(self.n):
                got = e.hands[s]
                self.ok(list(got or ()) == dealt[s], f"seat {s} dealt {got}, the deck gives {dealt[s]}")
                self.ok(e.sizes[s] == len(dealt[s]), "deal sizes")
                self.hands[s] = list(dealt[s])
            self.expected_turn = order[0]
        elif isinstance(e, Turn):
            self._check_ongoing()
            self.ok(self.pending is None or self.expected_turn is not None, "turn while an ask is unresolved")
            self.ok(
                self.current is None or self.expected_turn is not None,
                f"a second turn event (to seat {e.player}) with no ask since the turn of seat {self.current}",
            )
            exp = None if self.expected_turn is None else self._from_active(self.expected_turn)
            self.ok(e.player == exp, f"turn passed to {e.player}, the rules say {exp}")
            self.ok(self.active[e.player] and len(self.hands[e.player]) > 0, "turn to a player without cards")
            self.current = e.player
            self.pending = None
            self.expected_turn = None
            self.turn_count += 1
        elif isinstance(e, AskEvent):
            self._check_settled()
            self._check_ongoing()
            p, t = e.player, e.target
            self.ok(p == self.current, "ask by a player whose turn it is not")
            self.ok(t != p and self.active[t], "ask of self or of a player who is out")
            self.ok(any(c.rank is e.rank for c in self.hands[p]), "ask for a rank the asker does not hold")
            if r.authors:
                self.ok(e.card is not None and e.card.rank is e.rank, "authors ask without an exact card")
                if not r.may_ask_for_held_card:
                    self.ok(e.card not in self.hands[p], "authors ask for a held card")
                self.bluffs += e.card in self.hands[p]
            else:
                self.ok(e.card is None, "exact card asked without authors")
            self.pending = Ask(p, t, e.rank, e.card)
            self.fished = False
            self.ask_count += 1
            self.expected_turn = None
        elif isinstance(e, Give):
            a = self._need_pending("give")
            self.ok((e.giver, e.receiver) == (a.target, a.player), "give between the wrong players")
            if r.authors:
                given = [a.card] if a.card in self.hands[a.target] else []
            else:
                given = [c for c in self.hands[a.target] if c.rank is a.rank]
            self.ok(bool(given), "give although the asked player had none")
            self.ok(
                e.cards is not None and set(e.cards) == set(given) and len(e.cards) == len(given),
                f"gave {e.cards}, the rules say {given}",
            )
            self.ok(e.count == len(given) and e.rank is a.rank, "give count/rank")
            for c in given:
                assert c is not None
                self.hands[a.target].remove(c)
                self.hands[a.player].append(c)
            self.expected_turn = a.player  # the asker goes again
        elif isinstance(e, GoFish):
            a = self._need_pending("go_fish")
            self.ok((e.player, e.target) == (a.player, a.target), "go_fish names the wrong players")
            if r.authors:
                self.ok(a.card not in self.hands[a.target], "go fish although the asked player holds the card")
            else:
                self.ok(all(c.rank is not a.rank for c in self.hands[a.target]), "go fish although they hold it")
            self.ok(e.stock_empty == (self.stock == 0), "go_fish stock_empty flag is wrong")
            self.fished = True
            if self.stock == 0:
                to_asked = r.turn_to_asked_player or r.continuous
                self.expected_turn = a.target if to_asked else (a.player + 1) % self.n
        elif isinstance(e, Draw):
            a = self._need_pending("draw")
            self.ok(e.player == a.player and self.stock > 0, "draw by the wrong player or from an empty stock")
            top = self.deck[self.pos]
            self.pos += 1
            self.ok(e.card == top, f"drew {e.card}, the top of the stock is {top}")
            matched = top == a.card if r.authors else top.rank is a.rank
            self.ok(e.matched == matched, "draw matched flag is wrong")
            self.hands[a.player].append(top)
            if matched:
                self.expected_turn = a.player
            else:
                self.expected_turn = a.target if r.turn_to_asked_player else (a.player + 1) % self.n
        elif isinstance(e, Book):
            size = r.book_size
            self.ok(len(e.cards) == size and all(c.rank is e.rank for c in e.cards), f"bad book {e}")
            self.ok(len(set(e.cards)) == size, "book repeats a card")
            for c in e.cards:
                self.ok(c in self.hands[e.player], f"book card {c} not in the player's hand")
                self.hands[e.player].remove(c)
            self.booked_cards.update(e.cards)
            if self.in_tiebreak:
                self.ok(self.tiebreak_first_book is None, "the tie-break went on after its first book")
                self.tiebreak_first_book = e.player
            else:
                self.books[e.player].append(e.rank)
        elif isinstance(e, Refill):
            self.ok(len(self.hands[e.player]) == 0 and self.active[e.player], "refill of a non-empty hand")
            self.ok(not r.empty_hand_ends_game, "refill under empty_hand_ends_game")
            taken = self.deck[self.pos : self.pos + r.refill_size]
            self.ok(self.stock > 0, "refill from an empty stock")
            self.pos += len(taken)
            self.ok(e.cards is not None and list(e.cards) == taken and e.count == len(taken), "refill cards")
            self.hands[e.player].extend(taken)
        elif isinstance(e, Out):
            self.ok(len(self.hands[e.player]) == 0 and self.stock == 0, "out with cards or with a stock")
            self.ok(self.active[e.player], "out twice")
            self.active[e.player] = False
            pend = self.pending
            if pend is not None and e.player == pend.player and self.expected_turn == e.player:
                # The asker went out while entitled to go again. RULES.md does not say who plays next; the
                # engine's reading (accepted here): left of the asker, or after a lucky draw under
                # turn_to_asked_player the player who said "Go Fish".
                lucky_to_asked = self.fished and self.rules.turn_to_asked_player
                self.expected_turn = pend.target if lucky_to_asked else (e.player + 1) % self.n
        elif isinstance(e, GameEnd):
            self.ok(not self.in_tiebreak and not self.main_ended, "second game_end")
            self._check_end_reason(e.reason)
            pts = [sum(r.points(k) for k in b) for b in self.books]
            self.ok(list(e.scores) == pts, f"scores {e.scores}, the books give {pts}")
            self.ok([list(b) for b in e.books] == self.books, "game_end books")
            best = max(pts)
            tied = tuple(s for s in range(self.n) if pts[s] == best)
            self.ok(e.winners == tied, f"winners {e.winners}, the scores give {tied}")
            self.main_ended = True
            self.tied = tied
            self.current = None
            if not (r.sudden_death and len(tied) > 1):
                self.over = True
        elif isinstance(e, TiebreakEnd):
            self.ok(self.in_tiebreak, "tiebreak_end without a tie-break")
            self.ok(
                e.winner == self.tiebreak_first_book,
                f"tie-break won by {e.winner}, first book by {self.tiebreak_first_book}",
            )
            want_winners = self.tied if e.winner is None else (e.winner,)
            self.ok(e.winners == want_winners, "tie-break winners")
            if e.winner is None:
                self.ok(self._game_should_end() is not None, "tie-break ended with no book and no reason")
            self.over = True
        else:  # pragma: no cover
            self.fail(f"unknown event {e!r}")

    def _need_pending(self, what: str) -> Ask:
        self.ok(self.pending is not None, f"{what} without an ask")
        assert self.pending is not None
        return self.pending

    def _check_settled(self) -> None:
        """Before the next ask: the same player goes again only if the rules say so."""
        if self.pending is None:
            return
        exp = self.expected_turn
        if exp is not None and exp != self.current:
            self.fail(f"player {self.current} asked again; the rules pass the turn to {exp}")

    def _game_should_end(self) -> str | None:
        """Why the rules say the game is over now, or ``None`` if play goes on."""
        r = self.rules
        if self.in_tiebreak and self.tiebreak_first_book is not None:
            return "tiebreak_book"
        if not self.in_tiebreak and len(self.booked_cards) == 52:
            return "all_books"
        if r.empty_hand_ends_game and any(self.active[s] and not self.hands[s] for s in range(self.n)):
            return "empty_hand"
        if r.stock_out_ends_game and self.stock == 0:
            return "stock_out"
        if self.stock == 0 and not any(self.hands[s] for s in range(self.n) if self.active[s]):
            return "no_cards"
        return None

    def _check_ongoing(self) -> None:
        """Play may go on only if no end condition holds and every active player holds cards."""
        why = self._game_should_end()
        self.ok(why is None, f"play goes on although the game should have ended ({why})")
        for s in range(self.n):
            if self.active[s]:
                self.ok(len(self.hands[s]) > 0, f"seat {s} is still active with an empty hand")
            counts = Counter(c.rank for c in self.hands[s])
            full = [k for k, v in counts.items() if v >= self.rules.book_size]
            self.ok(not full, f"seat {s} holds a book of {full} that was not laid at once")
        self.ok(sum(self.active) >= 2, "fewer than two active players but play goes on")

    def _check_end_reason(self, reason: str) -> None:
        r = self.rules
        if reason == "all_books":
            self.ok(len(self.booked_cards) == 52, "all_books with cards left")
        elif reason == "no_cards":
            self.ok(self.stock == 0 and not any(self.hands), "no_cards while cards are in play")
        elif reason == "empty_hand":
            self.ok(r.empty_hand_ends_game and any(not h for h in self.hands), "empty_hand end without one")
        elif reason == "stock_out":
            self.ok(r.stock_out_ends_game and self.stock == 0, "stock_out end with a stock")
        else:
            self.fail(f"game ended for reason {reason!r}")

    # --- final checks -------------------------------------------------------------------

    def check_final(self, game: Game) -> None:
        self.ok(self.over == game.over, "referee and engine disagree whether the game is over")
        if not self.in_tiebreak:
            self.ok(list(map(list, game.books)) == self.books, "books")
        for s in range(self.n):
            self.ok(
                set(game.view(s).hand) == set(self.hands[s]) and len(game.view(s).hand) == len(self.hands[s]),
                f"seat {s} hand differs from the referee's",
            )
        self.ok(game.stock_size == self.stock, "stock size")


def names(n: int) -> list[str]:
    return list(NAMES[:n])


__all__ = [
    "NAMES",
    "Referee",
    "all_cards_in",
    "cards",
    "deal_deck",
    "deck_with",
    "drain",
    "hand_of",
    "holds",
    "missing_ask",
    "names",
    "play_random",
    "private_count",
    "random_ask",
    "random_rules",
    "top_of_stock",
]
