"""One game of Go Fish: the only place that holds the full state and decides legality.

Everything outside reads the game through :meth:`Game.view` (one player's information) or
:meth:`Game.public_view` (the table's). Actions go in through one door, :meth:`Game.apply`, after
:meth:`Game.check`; :meth:`Game.legal_actions` lists them. Chance is a seeded ``random.Random``: the
same seed (or deck) and the same decisions give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, cast

from voicefish.cards import RANKS, Card, Rank, full_deck, shuffled_deck
from voicefish.engine.errors import (
    AskForHeldCard,
    AskForUnheldRank,
    AskSelf,
    GameOver,
    IllegalAction,
    NotYourTurn,
    TargetOut,
    UnknownPlayer,
    WrongAskKind,
)
from voicefish.engine.events import (
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
    redact,
)
from voicefish.engine.shared import (
    _ASK_EVENTS,
    _DRAWS,
    _GO_FISH,
    _HIDDEN_DRAW,
    _OUT,
    _SUIT_BIT,
    _TURN,
    _public_give,
)
from voicefish.engine.views import NO_CARDS, Ask, EventHistory, PlayerView, _legal, _rank_asks
from voicefish.rules import MAX_PLAYERS, MIN_PLAYERS, RuleError, RuleSet

__all__ = ["PUBLIC", "Ask", "EventHistory", "Game", "PlayerView"]

PUBLIC: Final = -1
"""The seat number of the table itself (the public channel) in :meth:`Game.view`."""

_ALWAYS_PUBLIC: Final = (Turn, AskEvent, GoFish, Book, Out, GameEnd, TiebreakEnd)


class Game:
    """One game at one table. Build it, then call :meth:`apply` with legal asks until :attr:`over`."""

    def __init__(
        self,
        players: Sequence[str],
        rules: RuleSet | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        game_number: int = 1,
        deck: Sequence[Card] | None = None,
        tiebreak_deck: Sequence[Card] | None = None,
    ) -> None:
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise RuleError(f"Go Fish is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
        if any(not n or not n.strip() for n in names):
            raise ValueError("every player needs a name")
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError(f"two players have the same name: {', '.join(names)}")
        self.players = names
        self.rules = rules if rules is not None else RuleSet()
        self._book_size = self.rules.book_size  # read per ask: RuleSet computes these (frozen, so fixed)
        self._total_books = self.rules.total_books
        self._authors = self.rules.authors
        self.game_number = game_number
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self._rng = random.Random(self.seed)
        n = len(names)
        self.dealer = self._rng.randrange(n) if dealer is None else dealer
        if not 0 <= self.dealer < n:
            raise ValueError(f"dealer seat {self.dealer} is not at this table")
        if deck is None:
            deck_list = shuffled_deck(self._rng)  # the 52 cards by construction
        else:
            deck_list = list(deck)
            _check_deck(deck_list)
        self._tiebreak_deck = None if tiebreak_deck is None else list(tiebreak_deck)

        self._deck: list[Card] = deck_list
        self._pos = 0
        self._hands: list[dict[Rank, list[Card]]] = [{} for _ in range(n)]
        self._sizes = [0] * n
        self._books: list[list[Rank]] = [[] for _ in range(n)]
        self._points = [0] * n
        """Per seat: the points of its books (in a tie-break: of its tie-break books)."""
        self._book_count = 0
        self._active = [True] * n
        self._active_count = n
        self._active_view: tuple[bool, ...] | None = None
        self.current: int | None = None
        self.over = False
        self.in_tiebreak = False
        self._main_scores: tuple[int, ...] = ()
        self._main_books: tuple[tuple[Rank, ...], ...] = ()
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self._events: list[Event] = []
        """Every event in full, once (the log)."""
        self._public: list[Event] = []
        """The table's version of each event (the same object when it hides nothing)."""
        self._own: list[tuple[object, ...] | None] = []
        """Per event: ``None`` (public), the seats that see it in full, or a deal's per-seat versions."""
        self._suits: list[bytearray] = [bytearray(14) for _ in range(n)]
        """Per seat, per rank (1-13): the suits held, as a mask (S=1 H=2 D=4 C=8); a view's ``hand_masks`` copy it."""
        self._books_cache: tuple[tuple[int, ...], tuple[tuple[Rank, ...], ...]] | None = None
        self._start()

    # --- reading --------------------------------------------------------------------

    def hand_size(self, seat: int) -> int:
        return self._sizes[seat]

    @property
    def stock_size(self) -> int:
        return len(self._deck) - self._pos

    def _books_now(self) -> tuple[tuple[int, ...], tuple[tuple[Rank, ...], ...]]:
        cached = self._books_cache
        if cached is None:
            cached = self._books_cache = (tuple(self._points), tuple(map(tuple, self._books)))
        return cached

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat (the main game's points once a tie-break has started)."""
        if self.in_tiebreak or self._main_scores:
            return self._main_scores
        return self._books_now()[0]

    @property
    def books(self) -> tuple[tuple[Rank, ...], ...]:
        if self.in_tiebreak or self._main_books:
            return self._main_books
        return self._books_now()[1]

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know (``PUBLIC`` for the table). The only way out of the engine."""
        n = len(self.players)
        if seat != PUBLIC and not 0 <= seat < n:
            raise UnknownPlayer(f"no seat {seat}")
        masks = NO_CARDS if seat == PUBLIC else bytes(self._suits[seat])
        if self.in_tiebreak or self._main_scores:
            scores, books = self._main_scores, self._main_books
        else:
            scores, books = self._books_cache or self._books_now()
        active = self._active_view
        if active is None:
            active = self._active_view = tuple(self._active)
        return _new_view(  # the tuple built directly (a view is built for every decision)
            PlayerView,
            (
                seat,
                self.players,
                self.rules,
                self.game_number,
                self.dealer,
                masks,
                tuple(self._sizes),
                len(self._deck) - self._pos,
                books,
                scores,
                active,
                self.current,
                self.over,
                self.winners,
                self.in_tiebreak,
                EventHistory(self._public, len(self._public), self._events, self._own, seat),
            ),
        )

    def public_view(self) -> PlayerView:
        """What the whole table may know."""
        return self.view(PUBLIC)

    def log_events(self) -> list[Event]:
        """The full, unredacted history — for the game log written after the game and for saves only."""
        return list(self._events)

    # --- the one door ---------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Ask]:
        """The asks ``seat`` (default: the current player) may make now."""
        if self.over or self.current is None:
            return []
        seat = self.current if seat is None else seat
        if seat != self.current:
            return []
        if not self.rules.authors:
            active = self._active_view
            if active is None:
                active = self._active_view = tuple(self._active)
            return _rank_asks(seat, bytes(self._suits[seat]), active)
        return _legal(seat, [c for cs in self._hands[seat].values() for c in cs], self._active, self.rules)

    def check(self, action: Ask) -> None:
        """Raise the typed :class:`IllegalAction` that explains why ``action`` is not allowed now, if it is not."""
        n = len(self.players)
        if self.over:
            raise GameOver("the game is over")
        if not (0 <= action.player < n and 0 <= action.target < n):
            raise UnknownPlayer("that player is not at this table")
        if action.player != self.current:
            raise NotYourTurn(f"it is {self.players[self.current or 0]}'s turn")
        if action.target == action.player:
            raise AskSelf("a player cannot ask themselves")
        if not self._active[action.target]:
            raise TargetOut(f"{self.players[action.target]} is out of the game")
        if action.rank not in RANKS:
            raise WrongAskKind("not a rank")
        if not self._hands[action.player].get(action.rank):
            raise AskForUnheldRank(f"you must hold a card of rank {action.rank.code} to ask for it")
        if self.rules.authors:
            if action.card is None or action.card.rank is not action.rank:
                raise WrongAskKind("under authors, ask for one exact card")
            if action.card in self._hands[action.player][action.rank] and not self.rules.may_ask_for_held_card:
                raise AskForHeldCard("you hold that card yourself")
        elif action.card is not None:
            raise WrongAskKind("ask for a rank, not an exact card")

    def apply(self, action: Ask) -> int:
        """Play ``action``. Raises :class:`IllegalAction` (game unchanged) if it is not legal now.

        Returns how many events it added (read them through a view)."""
        p, t = action.player, action.target
        active = self._active
        # A rank ask by the current player to an active other seat for a rank it holds is legal: what every
        # check() below would find, in one test. Anything else goes through check(), which says why not.
        if (
            p != self.current
            or self.over
            or action.card is not None
            or self._authors
            or t == p
            or not 0 <= t < len(active)
            or not active[t]
            or not self._hands[p].get(action.rank)
        ):
            self.check(action)
        before = len(self._events)
        self._play(action)
        return len(self._events) - before

    def is_legal(self, action: Ask) -> bool:
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    # --- internals --------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        """Record ``event`` once, with its public version; who sees more is chosen when a view is read."""
        self._events.append(event)
        if isinstance(event, _ALWAYS_PUBLIC):
            self._public.append(event)
            self._own.append(None)
            return
        authors = self.rules.authors
        public = redact(event, PUBLIC, authors)
        self._public.append(public)
        if isinstance(event, Deal):  # once a game: every seat sees its own hand
            self._own.append(tuple(redact(event, seat, authors) for seat in range(len(self.players))))
        elif public is event:
            self._own.append(None)
        elif isinstance(event, Give):
            self._own.append((event.giver, event.receiver))
        elif isinstance(event, Draw | Refill):
            self._own.append((event.player,))
        else:  # the deck and seed: only in the log
            self._own.append(())

    def _emit_public(self, event: Event) -> None:
        """Record an event that hides nothing (the hot path of :meth:`_emit`)."""
        self._events.append(event)
        self._public.append(event)
        self._own.append(None)

    def _order_from(self, seat: int) -> list[int]:
        n = len(self.players)
        return [(seat + k) % n for k in range(n)]

    def _start(self) -> None:
        self._emit(
            GameStart(
                game=self.game_number,
                players=self.players,
                dealer=self.dealer,
                rules=self.rules.switches_on,
                seed=self.seed,
                deck=tuple(self._deck),
            )
        )
        self._deal(list(range(len(self.players))), self.rules.hand_size(len(self.players)))

    def _deal(self, seats: list[int], per_hand: int) -> None:
        n = len(self.players)
        order = [s for s in self._order_from((self.dealer + 1) % n) if s in seats]
        dealt: list[list[Card]] = [[] for _ in range(n)]
        deck, pos, k = self._deck, self._pos, len(order)
        if pos + k * per_hand > len(deck):
            raise IndexError("not enough cards to deal")
        for i, s in enumerate(order):  # one card each in turn: seat i of the order gets every k-th card from i
            dealt[s] = cards = deck[pos + i : pos + k * per_hand : k]
            held, suits = self._hands[s], self._suits[s]
            for card in cards:  # what _add does, written out
                cs = held.get(card[0])
                if cs is None:
                    held[card[0]] = [card]
                else:
                    cs.append(card)
                suits[card[0]] |= _SUIT_BIT[card]
            self._sizes[s] += per_hand
        self._pos = pos + k * per_hand
        self._emit(
            Deal(
                sizes=tuple(len(d) for d in dealt),
                hands=tuple(tuple(d) if s in seats else None for s, d in enumerate(dealt)),
            )
        )
        for s in order:
            for r in sorted(self._hands[s]):
                self._lay_books(s, r)
                if self.over:
                    return
        for s in order:
            self._handle_empty(s)
            if self.over:
                return
        self._pass_turn(order[0])

    def _add(self, seat: int, card: Card) -> None:
        held = self._hands[seat]
        cs = held.get(card[0])
        if cs is None:
            held[card[0]] = [card]
        else:
            cs.append(card)
        self._suits[seat][card[0]] |= _SUIT_BIT[card]
        self._sizes[seat] += 1

    def _draw(self, count: int) -> list[Card]:
        cards = self._deck[self._pos : self._pos + count]
        self._pos += len(cards)
        return cards

    def _lay_books(self, seat: int, rank: Rank) -> None:
        size = self._book_size
        held = self._hands[seat].get(rank)
        while held is not None and len(held) >= size and not self.over:
            cards, rest = held[:size], held[size:]
            suits = self._suits[seat]
            if rest:
                self._hands[seat][rank] = held = rest
                for c in cards:
                    suits[rank] &= ~_SUIT_BIT[c]
            else:
                del self._hands[seat][rank]
                suits[rank] = 0
                held = None
            self._sizes[seat] -= size
            self._books_cache = None
            self._books[seat].append(rank)
            self._points[seat] += self.rules.points(rank)
            self._book_count += 1
            self._emit_public(Book(seat, rank, tuple(cards)))
            if self.in_tiebreak:
                self._end_tiebreak(seat)
            elif self._book_count == self._total_books:
                self._end("all_books")

    def _stock_out_check(self) -> None:
        if self.rules.stock_out_ends_game and self.stock_size == 0 and not self.over:
            self._end("stock_out")

    def _set_out(self, seat: int) -> None:
        self._active[seat] = False
        self._active_count -= 1
        self._active_view = None

    def _handle_empty(self, seat: int) -> None:
        phase = self.in_tiebreak
        while not self.over and self.in_tiebreak == phase and self._active[seat] and self._sizes[seat] == 0:
            if self.rules.empty_hand_ends_game:
                self._end("empty_hand")
                return
            if self.stock_size:
                cards = self._draw(self.rules.refill_size)
                for c in cards:
                    self._add(seat, c)
                self._emit(Refill(seat, len(cards), tuple(cards)))
                for r in sorted({c.rank for c in cards}):
                    if self.over or self.in_tiebreak != phase:
                        return
                    self._lay_books(seat, r)
                if self.over or self.in_tiebreak != phase:
                    return
                self._stock_out_check()
            else:
                self._set_out(seat)
                self._emit_public(_OUT[seat])
                if not self._active_count:
                    self._end("no_cards")

    def _pass_turn(self, seat: int) -> None:
        """Give the turn to ``seat``, or the next active seat to its left."""
        if self.over:
            return
        active = self._active
        n = len(active)
        for k in range(n):
            s = (seat + k) % n
            if active[s]:
                self.current = s
                turn = _TURN[s]  # what _emit_public does, written out (once per turn)
                self._events.append(turn)
                self._public.append(turn)
                self._own.append(None)
                if self._sizes[s] == 0 or self._active_count < 2:
                    self._check_stuck()
                return
        self._end("no_cards")

    def _check_stuck(self) -> None:
        """Defensive: a current player with no legal ask ends the game (cannot happen under the rules)."""
        cur = self.current
        if cur is None or self.over:
            return
        if self._sizes[cur] == 0 or self._active_count < 2:
            self._end("stuck")

    def _play(self, a: Ask) -> None:
        """The ask itself. Events that hide nothing are shared values (one per seat, rank, ...), so the common
        path allocates only the hidden ones and their public versions."""
        p, t, rank, asked = a.player, a.target, a.rank, a.card
        rules = self.rules
        phase = self.in_tiebreak
        events, public, own = self._events, self._public, self._own
        hands, sizes = self._hands, self._sizes
        ask_event = _ASK_EVENTS[p][t][rank] if asked is None else AskEvent(p, t, rank, asked)
        events.append(ask_event)
        public.append(ask_event)
        own.append(None)
        authors = self._authors
        target_cards = hands[t].get(rank)
        if target_cards is not None and (not authors or asked in target_cards):
            if authors:
                assert asked is not None
                given = [asked]
                remaining = [c for c in target_cards if c != asked]
                if remaining:
                    hands[t][rank] = remaining
                else:
                    del hands[t][rank]
                moved = _SUIT_BIT[asked]
                self._suits[t][rank] &= ~moved
            else:
                given = target_cards
                del hands[t][rank]
                moved = self._suits[t][rank]
                self._suits[t][rank] = 0
            self._suits[p][rank] |= moved
            count = len(given)
            sizes[t] -= count
            mine = hands[p][rank]  # the asker holds the rank: check() made sure
            mine.extend(given)
            sizes[p] += count
            give = Give(t, p, rank, count, tuple(given))
            events.append(give)
            if authors:
                public.append(give)
                own.append(None)
            else:
                public.append(_public_give(t, p, rank, count))
                own.append(_PAIRS[t][p])
            if len(mine) >= self._book_size:
                self._lay_books(p, rank)
            if self.over or self.in_tiebreak != phase:
                return
            if sizes[t] == 0:
                self._handle_empty(t)
                if self.over or self.in_tiebreak != phase:
                    return
            if sizes[p] == 0:
                self._handle_empty(p)
                if self.over or self.in_tiebreak != phase:
                    return
            if not self._active[p]:
                self._pass_turn((p + 1) % len(sizes))
            elif sizes[p] == 0 or self._active_count < 2:
                self._check_stuck()
            return

        pos = self._pos
        deck = self._deck
        stock_empty = pos == len(deck)
        go_fish = _GO_FISH[p][t][stock_empty]
        events.append(go_fish)
        public.append(go_fish)
        own.append(None)
        if stock_empty:
            to_asked = rules.turn_to_asked_player or rules.continuous
            self._pass_turn(t if to_asked else (p + 1) % len(sizes))
            return
        card = deck[pos]
        self._pos = pos + 1
        drawn = card[0]
        matched = card == asked if authors else drawn is rank
        by_card = _DRAWS[card]
        if matched:
            draw = by_card[1][p]
            events.append(draw)
            public.append(draw)
            own.append(None)
        else:
            events.append(by_card[0][p])
            public.append(_HIDDEN_DRAW[p])
            own.append(_ONLY[p])
        held = hands[p]  # what _add does, written out
        cards = held.get(drawn)
        if cards is None:
            held[drawn] = cards = [card]
        else:
            cards.append(card)
        self._suits[p][drawn] |= by_card[2]
        sizes[p] += 1
        if len(cards) >= self._book_size:
            self._lay_books(p, drawn)
            if self.over or self.in_tiebreak != phase:
                return
        if rules.stock_out_ends_game:
            self._stock_out_check()
            if self.over or self.in_tiebreak != phase:
                return
        if sizes[p] == 0:
            self._handle_empty(p)
            if self.over or self.in_tiebreak != phase:
                return
        if matched and self._active[p]:
            if sizes[p] == 0 or self._active_count < 2:
                self._check_stuck()
            return
        nxt = t if rules.turn_to_asked_player else (p + 1) % len(sizes)
        if self._active[nxt]:  # what _pass_turn does when that seat may play (the game is not over here)
            self.current = nxt
            turn = _TURN[nxt]
            events.append(turn)
            public.append(turn)
            own.append(None)
            if sizes[nxt] == 0 or self._active_count < 2:
                self._check_stuck()
            return
        self._pass_turn(nxt)

    def _result(self) -> tuple[tuple[int, ...], tuple[tuple[Rank, ...], ...], tuple[int, ...]]:
        scores = tuple(sum(self.rules.points(r) for r in b) for b in self._books)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        return scores, tuple(tuple(b) for b in self._books), winners

    def _end(self, reason: str) -> None:
        if self.over:
            return
        if self.in_tiebreak:
            self._end_tiebreak(None)
            return
        scores, books, winners = self._result()
        self._main_scores, self._main_books = scores, books
        self.end_reason = reason
        self._emit(GameEnd(scores=scores, books=books, winners=winners, reason=reason))
        self.winners = winners
        if self.rules.sudden_death and len(winners) > 1:
            self._start_tiebreak(winners)
        else:
            self.over = True
            self.current = None

    def _start_tiebreak(self, tied: tuple[int, ...]) -> None:
        self.in_tiebreak = True
        n = len(self.players)
        deck = self._tiebreak_deck if self._tiebreak_deck is not None else shuffled_deck(self._rng)
        _check_deck(deck)
        self._deck, self._pos = list(deck), 0
        self._hands = [{} for _ in range(n)]
        self._sizes = [0] * n
        self._books = [[] for _ in range(n)]
        self._points = [0] * n
        self._books_cache = None
        self._suits = [bytearray(14) for _ in range(n)]
        self._book_count = 0
        self._active = [s in tied for s in range(n)]
        self._active_count = len(tied)
        self._active_view = None
        self.current = None
        self._emit(TiebreakStart(players=tied, deck=tuple(self._deck)))
        self._deal(list(tied), self.rules.tiebreak_hand_size)

    def _end_tiebreak(self, winner: int | None) -> None:
        if winner is not None:
            self.winners = (winner,)
        self._emit(TiebreakEnd(winner=winner, winners=self.winners))
        self.over = True
        self.current = None


_ONLY: Final = tuple((s,) for s in range(MAX_PLAYERS))
"""``_ONLY[seat]``: who sees an unmatched draw in full (shared tuples)."""
_PAIRS: Final = tuple(tuple((g, r) for r in range(MAX_PLAYERS)) for g in range(MAX_PLAYERS))
"""``_PAIRS[giver][receiver]``: who sees a give's suits (shared tuples)."""

_new_view: Final = cast("Callable[[type[PlayerView], tuple[object, ...]], PlayerView]", tuple.__new__)
"""``PlayerView``'s tuple made in one step, without the named tuple's own ``__new__`` (a Python call)."""

_DECK_CODES: Final = frozenset((c.rank, c.suit.value) for c in full_deck())


def _check_deck(deck: Sequence[Card]) -> None:
    if len(deck) != 52 or {(c[0], c[1].value) for c in deck} != _DECK_CODES:
        raise ValueError("a deck must hold each of the 52 cards exactly once")
